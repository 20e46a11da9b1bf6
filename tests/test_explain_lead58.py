"""Notes of a paste a sentence reader put back on its lines (stop 58, the lead): a note cites
the user's own lines, in its reason as in its start, and a sentence read is never called a
table's text run into one line. traefik-9238 (tests/data/explain/real) showed both: its notes
cited `JSON cut short at line 7` of a 5-line paste and called a sentence of the author's a web
page's copy of kubectl's lines."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

from helpers import note_texts
from hypothesis import given
from hypothesis import strategies as st

from kubesim.cli.main import main
from kubesim.explain.readers.named_failed_probes import NAMED_FAILED_PROBES, named_failed_hint
from kubesim.explain.readers.said_failing import (
    _DESCRIBED_FAILING,
    _described_hint,
    said_failing_hint,
)

REAL = Path(__file__).resolve().parent / "data" / "explain" / "real"
TRAEFIK = next(REAL.glob("traefik-9238.*.txt"))
# (a sentence on its line 2 put back on two lines, a JSON cut short on its last line: since
# fx59g, stop 59, traefik-9238's bracketed line opens no JSON, and its reason cites no line)
FLUENT = next(REAL.glob("fluent-bit-7738.*.txt"))


def _notes(path: Path, *args: str) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["explain", str(path), "--format", "json", "--no-suggest", "--phases", "1",
                     *args])
    assert code == 0
    return note_texts(json.loads(out.getvalue()))


def _bracketed_reason(note: str) -> str:
    """The reason a `not read: line N (...)` note gives in brackets, without the quoted text
    after it."""
    m = re.match(r"not read: lines? [\d-]+ \((.*)\): ", note)
    return m[1] if m else ""


def test_a_not_read_notes_reason_cites_the_pastes_own_line(tmp_path: Path) -> None:
    """The line a reason names (`JSON cut short at line N`) is the paste's, after a sentence
    reader put lines of its own in the text it read (paste._renumbered, every span of the
    reason): never past the paste's last line."""
    lines = FLUENT.read_text().count("\n") + 1
    reasons = [_bracketed_reason(n) for n in _notes(FLUENT)]
    cited = [int(n) for r in reasons for n in re.findall(r"\bline (\d+)", r)]
    assert cited, reasons
    assert all(0 < n <= lines for n in cited), (cited, lines)


def test_a_sentence_read_is_not_called_a_run_of_kubectls_lines() -> None:
    """A failure of probes stated of a named pod (named_failed_probes.py) is a sentence
    reader's reading, said as one: not `run into one line of text (a web page's copy)`, which
    is said of kubectl's output run together."""
    notes = [n for n in _notes(TRAEFIK, "--pod", "traefik-dc6f7f644-l9522")
             if "failure of probes of no kind" in n]
    assert notes
    assert not any("run into one line of text" in n for n in notes), notes


@given(st.lists(st.sampled_from([
    "web-0", "api-6d4f9c-x2x7q", " ", "\t", ",", "this pod", "the Pod", "has", "had", "failed",
    "FAILED", "its", "the", "some", "probes", "probe", "health checks", "Health-check",
    "liveness", "Container", "x"]), max_size=10))
def test_the_named_failure_hint_holds_wherever_its_pattern_matches(words: list[str]) -> None:
    """The hint that sends a page through the prose path for a named pod's failed probes is
    true of every text its pattern matches (it is that pattern's part after the name): a
    narrower hint never loses a reading."""
    text = " ".join(words)
    if NAMED_FAILED_PROBES.search(text) is not None:
        assert named_failed_hint(text)


def test_the_kubelets_own_failed_probe_message_is_no_hint() -> None:
    """`Container web failed liveness probe, will be restarted` is the kubelet's Killing
    message, no failure of probes of no kind: it sends no page of event rows through the
    prose path."""
    assert not named_failed_hint("Killing  Container web failed liveness probe, will be "
                                 "restarted")
    assert named_failed_hint("traefik-dc6f7f644-l9522 this pod failed probes at noon")


@given(st.lists(st.sampled_from([
    "A", "a", "the", "describe", "Describe", "events", "status", "logs", "on", "of", "for",
    "pods", "the pods", "shows", "both", "liveness", "and", "readiness", "Readiness", "failing",
    "probes", " ", "\t"]), max_size=12))
def test_the_described_failing_hint_holds_wherever_its_pattern_matches(words: list[str]) -> None:
    """The hint of a describe (events, status) on the case's pods showing probes failing is
    true of every text its pattern matches: a narrower hint never loses a reading."""
    text = " ".join(words)
    if _DESCRIBED_FAILING.search(text) is not None:
        assert said_failing_hint(text)


def test_a_describe_beside_probe_failures_is_no_described_hint() -> None:
    """A describe's own rows (`Events:` above `Liveness probe failed`) are no author's telling
    of what a describe shows: they alone send no page through the prose path."""
    rows = ("Events:\n  Warning  Unhealthy  2m  kubelet  Liveness probe failed: HTTP probe "
            "failed with statuscode: 500\n")
    assert not _described_hint(rows.lower())
    assert _described_hint("a describe on the pods shows both liveness and readiness failing")
