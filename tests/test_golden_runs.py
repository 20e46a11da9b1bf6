"""Every format of `kubesim run` on the shipped examples, and the sweep and fleet outputs built
from run timelines, give the same bytes as the goldens in tests/data/golden_runs/.

The goldens are the outputs of the code before runs of identical probe calls were kept as one
record and the renders streamed (issue 31 item 2). They are that code's output, not checked by
hand: they only hold the bytes equal across the refactor (tests/golden_runs.py says how they
are made; a change meant to alter an output regenerates them).
"""

from __future__ import annotations

import json

import pytest
from golden_runs import GOLDEN, kept, names, outputs
from hypothesis import given
from hypothesis import strategies as st

from kubesim.results import Outcome, ProbeType


@pytest.mark.parametrize("name", names())
def test_same_bytes_as_before(name):
    for file, data in outputs(name).items():
        want = (GOLDEN / file).read_bytes()
        got = kept(file, data)
        if got != want and want.startswith(b"sha256 ") == got.startswith(b"sha256 ") \
                and not got.startswith(b"sha256 "):
            # show where the text differs first
            old, new = want.decode().splitlines(), got.decode().splitlines()
            at = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
                      min(len(old), len(new)))
            pytest.fail(f"{file} differs from line {at + 1}:\n"
                        f"  was: {old[at] if at < len(old) else '<end>'}\n"
                        f"  now: {new[at] if at < len(new) else '<end>'}")
        assert got == want, file


def test_goldens_cover_every_case():
    files = {f for name in names() for f in _files(name)}
    assert files == {p.name for p in GOLDEN.iterdir()}


def _files(name: str) -> list[str]:
    if "." in name:
        return [name]
    return [f"{name}{ext}" for ext in (".txt", ".html", ".changes.txt", ".json")]


@given(at=st.one_of(st.floats(), st.integers(-10**6, 10**6)),
       latency=st.floats(allow_nan=False), detail=st.text(), name=st.text(),
       container=st.integers(0, 10**6), probe=st.sampled_from(list(ProbeType)),
       result=st.sampled_from(list(Outcome)), message=st.text())
def test_hand_written_entries_are_json_dumps_bytes(at, latency, detail, name, container, probe,
                                                    result, message):
    """`iter_json` writes the calls and events by hand: the same bytes as json.dumps gives
    their entries in `to_document` (any time, NaN and infinities included; any string,
    hostile ones included)."""
    from kubesim.render import report
    from kubesim.timeline import EventRecord, ProbeRecord

    def dumped(entry):
        return json.dumps(entry, indent=2).replace("\n", "\n    ")

    p = ProbeRecord(at, probe, result, detail, latency, container, name)
    assert report._probe_json(p) == dumped(report._probe_entry(p))
    e = EventRecord(at, "Warning", "Unhealthy", message, name)
    assert report._event_json(e) == dumped(report._event_entry(e))
