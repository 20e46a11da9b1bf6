"""A paste folded onto one line (a log aggregator's JSON string, a page's `<br>` breaks) is
parsed split, and every pass after the readers reads the split lines, not the folded one.

Found at stop 53 by a helper's wrappers sweep: sysdig-1439 as a JSON string ended in a
traceback (`IndexError` in `unlist_line`), because `parse_record` parsed the split text (its
passes included) and then ran its passes again on the one folded line, with line numbers of
the split text.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from test_explain_corpus import FACTS, REAL, answer_of, explained

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record

SYSDIG = "sysdig-1439.issue-prose-pod-manifest-one-container-no-probes-my-pod-goes-into-" \
    "crashloopbackoff.txt"


def _json_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False) + "\n"


def _answer(text: str, name: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8", newline="")
        return answer_of(*explained(path, FACTS[name]), facts=FACTS[name])


def _sysdig() -> str:
    matches = sorted(REAL.glob("sysdig-1439.*.txt"))
    assert len(matches) == 1, matches
    return matches[0].name


def test_a_crash_loop_stated_in_a_json_string_answers_as_the_bare_record():
    name = _sysdig()
    text = (REAL / name).read_text(encoding="utf-8")
    assert _answer(_json_string(text), name) == _answer(text, name)


def test_the_folded_record_notes_count_its_parts():
    name = _sysdig()
    text = (REAL / name).read_text(encoding="utf-8")
    found = parse_record(_json_string(text), name)
    assert found.notes[0].text.startswith("line 1 is a JSON string")
    bare = parse_record(text, name)
    # the same lines not read, by the same numbers (the parts of the one line)
    assert [n.text for n in found.notes[1:]] == [n.text for n in bare.notes]


@pytest.mark.parametrize("fold", ["json", "br"])
def test_no_real_record_folded_onto_one_line_ends_in_a_traceback(fold):
    """Every corpus record, folded: read, or refused with the one error (exit 2)."""
    for path in sorted(REAL.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        folded = _json_string(text) if fold == "json" else \
            text.rstrip("\n").replace("\n", "<br>") + "\n"
        try:
            parse_record(folded, path.name)
        except RecordError:
            continue
