"""The YAML edge: line numbers per field and one-line messages for every YAML error."""

from __future__ import annotations

import pytest

from kubesim.errors import SpecError
from kubesim.spec.yamlio import load_yaml_documents


def test_lines_are_those_of_the_keys():
    doc = load_yaml_documents("a: 1\nb:\n  c: [1, 2]\n  d: x\n", "f.yaml", SpecError)[0]
    assert doc.line_of(("b",)) == 2 and doc.line_of(("b", "d")) == 4
    assert doc.line_of(("b", "missing")) == 2  # a missing field reports its parent


PARSERS = pytest.mark.parametrize("libyaml", [True, False], ids=["libyaml", "pure-python"])


@PARSERS
def test_a_forbidden_character_is_one_line_with_its_line_number(libyaml):
    """PyYAML's ReaderError has no mark and a two-line text; libyaml counts UTF-8 bytes."""
    with pytest.raises(SpecError) as info:
        load_yaml_documents("é: 1\nb: é\x08\n", "f.yaml", SpecError, libyaml=libyaml)
    assert info.value.line == 2 and "\n" not in str(info.value)
    assert str(info.value).startswith("f.yaml:2: malformed YAML: ")


@PARSERS
def test_a_syntax_error_names_its_line(libyaml):
    with pytest.raises(SpecError) as info:
        load_yaml_documents("a: [1,\nb: 2", "f.yaml", SpecError, libyaml=libyaml)
    assert str(info.value).startswith("f.yaml:2: malformed YAML:")
