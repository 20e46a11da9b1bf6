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


# ------------------------------------------------------------------ one parse, in C, bounded

import yaml  # noqa: E402
from helpers import REAL_MANIFESTS, needs_real_manifests  # noqa: E402

from kubesim.spec.yamlio import LIBYAML, MAX_ALIAS_NODES  # noqa: E402


@needs_real_manifests
def test_real_manifests_read_the_same_with_both_parsers_as_pyyaml_does():
    """Same data as PyYAML's safe loader, same line of every field with libyaml and without."""
    files = sorted(REAL_MANIFESTS.glob("*.yaml"))
    assert files, "the real-manifest corpus is empty"
    for f in files:  # the pure-Python parsers only on the smaller files (they take seconds)
        text = f.read_text(encoding="utf-8")
        small = len(text) < 200_000
        fast = load_yaml_documents(text, f.name, SpecError)
        slow = load_yaml_documents(text, f.name, SpecError, libyaml=not small)
        loader = yaml.SafeLoader if small or not LIBYAML else yaml.CSafeLoader
        expected = [d for d in yaml.load_all(text, Loader=loader) if d is not None]
        assert [d.data for d in fast] == [d.data for d in slow] == expected, f.name
        assert [d.lines for d in fast] == [d.lines for d in slow], f.name
        assert [d.start_line for d in fast] == [d.start_line for d in slow], f.name


@PARSERS
def test_lines_of_keys_list_items_and_later_documents(libyaml):
    text = "a: 1\n---\nkind: Pod\nspec:\n  containers:\n  - name: x\n    image: y\n"
    docs = load_yaml_documents(text, "f.yaml", SpecError, libyaml=libyaml)
    assert len(docs) == 2 and docs[1].start_line == 3
    assert docs[1].line_of(("spec", "containers", 0, "image")) == 7
    assert docs[1].line_of(("spec", "containers", 0)) == 6


@PARSERS
def test_anchors_merge_keys_and_infinity_read_as_pyyaml_reads_them(libyaml):
    text = ("base: &b {periodSeconds: 5, timeoutSeconds: 2}\n"
            "probe:\n  <<: *b\n  timeoutSeconds: 3\nlist: [*b, *b]\nx: .inf\n")
    [doc] = load_yaml_documents(text, "f.yaml", SpecError, libyaml=libyaml)
    assert doc.data == yaml.safe_load(text)
    assert doc.data["probe"] == {"periodSeconds": 5, "timeoutSeconds": 3}
    assert doc.data["list"][0] is doc.data["list"][1]  # shared, not copied


@PARSERS
@pytest.mark.parametrize("text,needle", [
    ("{a: 1, a: 2}\n", "duplicate key 'a'"),
    ("a: &x [1]\na: *x\n", "duplicate key 'a'"),
    ("a: &x [*x]\n", "recursive"),
    ("a: &x 1\nb: &x 2\n", "anchor &x defined twice"),
    ("a: *nowhere\n", "alias *nowhere"),
    ("a: 0x" + "f" * 17 + "\n", "64 bits"),
    ("a: -9223372036854775809\n", "64 bits"),
    ("a: 1.0e+400\n", "out of range"),
    ("? {a: 1}\n: 2\n", "must be a scalar"),
    ("a: <<\n", "merge key"),
    ("a: !!int abc\n", "'abc' is not a valid int"),
    ("a: !!bool maybe\n", "is not a valid bool"),
    ("a: !!float x\n", "is not a valid float"),
    ("a: 2001-13-45\n", "is not a valid timestamp"),
    ("a: !!timestamp nope\n", "is not a valid timestamp"),
    ("a: !!int 0x\n", "is not a valid int"),
    ("a: !!float\n", "'' is not a valid float"),  # an empty value: PyYAML reads its first
    ("a: !!int\n", "'' is not a valid int"),  # character (IndexError), found by the CLI fuzz
    ("- <<\n", "merge key"),
    ("a: !!binary aGk=\nb: !!omap [{a: 1}]\n", "not supported"),
])
def test_bounds_are_one_error_with_a_line(libyaml, text, needle):
    with pytest.raises(SpecError) as info:
        load_yaml_documents(text, "f.yaml", SpecError, libyaml=libyaml)
    assert needle in str(info.value) and info.value.line is not None


@PARSERS
def test_aliases_may_add_up_to_the_bound_and_no_more(libyaml):
    """An anchor of 100 nodes (a list of 99 scalars) aliased n times adds 100 n nodes."""
    anchor = "a: &a [" + ", ".join(["x"] * 99) + "]\n"
    n = MAX_ALIAS_NODES // 100
    ok = anchor + "b: [" + ", ".join(["*a"] * n) + "]\n"
    [doc] = load_yaml_documents(ok, "f.yaml", SpecError, libyaml=libyaml)
    assert len(doc.data["b"]) == n
    too_many = anchor + "b: [" + ", ".join(["*a"] * (n + 1)) + "]\n"
    with pytest.raises(SpecError, match="aliases expand"):
        load_yaml_documents(too_many, "f.yaml", SpecError, libyaml=libyaml)


def test_libyaml_is_used_when_pyyaml_has_it():
    assert LIBYAML == bool(getattr(yaml, "__with_libyaml__", False))
