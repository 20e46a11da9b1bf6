"""Notes of describe's state fields found on one line of text (stop 59, the lead): a sentence
that quotes them (`kubectl describe says Reason: OOMKilled and Exit Code: 137`) is not called
a web page's copy of kubectl's lines run together; the note says what explain did (put them
back on the lines describe prints them on) and that it cannot tell a page's run from a
sentence's quote. aiexpert-spark-oom and tracegrid-oomkilled (tests/data/explain/real) were
called `run into one line of text (a web page's copy)`."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from helpers import note_texts, read_in_one_pass
from hypothesis import example, given
from hypothesis import strategies as st

from kubesim.cli.main import main
from kubesim.explain.readers.lazy import LazyPattern
from kubesim.explain.readers.misspelt_kind import _MISSPELT, _spelt, misspelt_liveness
from kubesim.explain.readers.refusal import _first_told, _told


def _explained(tmp_path: Path, text: str) -> dict:
    record = tmp_path / "r.txt"
    record.write_text(text)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["explain", str(record), "--format", "json", "--no-suggest", "--phases", "1"])
    assert code == 0
    doc: dict = json.loads(out.getvalue())
    return doc


def _notes(doc: dict) -> list[str]:
    return note_texts(doc, ("line ",))


@pytest.mark.parametrize("text", [
    "Your pod restarted. kubectl describe says Reason: OOMKilled and Exit Code: 137.\n",
    "kubectl describe pod web showed Last State: Terminated, Reason: OOMKilled, Exit Code: 137.\n",
    "zeebe-0: Last State: Terminated Reason: OOMKilled Exit Code: 137\n",
])
def test_describes_state_fields_on_one_line_are_noted_as_such(tmp_path: Path,
                                                               text: str) -> None:
    """Describe's state fields on one line, run together or quoted (runs.STATE_FIELDS): read
    as the container's state (an OOMKilled end), and the note names both ways they come and
    describe's lines, never only `a web page's copy` of `the lines kubectl printed`."""
    doc = _explained(tmp_path, text)
    [container] = doc["containers"]
    assert container["answer"]["cause"] == "oom-killed"
    notes = [n for n in _notes(doc) if "describe's state fields" in n]
    assert notes
    assert all("quoted in a sentence" in n and "the lines describe prints" in n for n in notes)
    assert not any("the lines kubectl printed" in n for n in notes), notes


def test_a_pods_table_run_together_is_still_called_kubectls_lines(tmp_path: Path) -> None:
    """A `get pods` table joined to its command's line is kubectl's output run together (a
    page that lost the code block's line breaks): its note says so (paste._RUN_READ)."""
    notes = _notes(_explained(tmp_path, "$ kubectl get pod web NAME READY STATUS RESTARTS AGE "
                             "web 0/1 OOMKilled 3 1m\n"))
    assert any("run into one line of text (a web page's copy)" in n for n in notes), notes


# ---- the refusal's first word of fate, found fast and no part of a path (speed59 + fx59g)



@given(st.lists(st.sampled_from([
    "kill", "killed", "Liveness", "probe", "OOMKilled", "crash", "back-off", "start", " ", "\n",
    "a/b/", "docs/x-liveness-probe.md:93", "./run/kill", "https://x.io/crash", "/", ".md",
    ":9", "é", "K", "\u212a", "restart", "word"]), max_size=14))
def test_the_first_told_word_is_the_first_of_the_words_no_path_holds(words: list[str]) -> None:
    """The refusal's first word of fate (`_first_told`: speed59's fast search, then fx59g's
    path filter) is the first of `_told`'s words, the one pass it stands for (the oracle)."""
    text = "".join(words)
    fast, oracle = _first_told(text), next(_told(text), None)
    assert (fast and (fast.start(), fast.group())) == (oracle and (oracle.start(), oracle.group()))


def test_a_line_of_paths_full_of_fates_words_is_read_in_one_pass() -> None:
    """A 2 MB line whose every word of fate is a path's: the search after the first goes on in
    one pass (`_told`), never from the text's start again."""
    read_in_one_pass("see docs/x/kill-liveness-probe.md:9 " * 60_000)


def test_a_gated_pattern_whose_words_are_nowhere_is_not_compiled() -> None:
    """`LazyPattern.nowhere` (speed59's gate before `_near` looks around a line) tells a line
    holding none of the pattern's words without compiling the pattern: a small record holding
    none of a reader's words never pays for that reader's regex (start-up, stop 59: 33 of the
    381 patterns the shipped describe record compiled were compiled only to say `nowhere`)."""
    pattern = LazyPattern(r"(?i:probe)[ \t]+(?P<verb>\w+)", words=("probe",))
    assert pattern.nowhere("Back-off restarting failed container web in pod web-0")
    assert pattern._compiled is None
    assert not pattern.nowhere("Warning  Unhealthy  Liveness probe failed: timeout")
    match = pattern.search("Warning  Unhealthy  Liveness probe failed: timeout")
    assert match is not None and match["verb"] == "failed"


@given(st.lists(st.sampled_from([
    "liveliness", "Liveliness", "LIVELINESS", "l\u0131vel\u0131ne\u017f\u017f", "liveness", " ", "\n",
    "probe", "prob", "probs", "Prob", "PROBE", "probes", "-", "Probe", "check", "failed", ":",
    "e", "x"]), max_size=10))
@example(["liveness", " ", "prob", " ", "failed"])  # (a `prob` short of its `e`)
@example(["l\u0131vel\u0131ne\u017f\u017f", " ", "probe"])  # (IGNORECASE's i and s: not ASCII)
def test_the_misspelling_gate_never_skips_a_spelling(words: list[str]) -> None:
    """`misspelt_liveness`'s gate (an ASCII text holding no `iveliness` and no `prob` short of
    its `e` is given back as it is) loses no spelling: it equals the pattern's pass over the
    whole text (the oracle)."""
    text = "".join(words)
    assert misspelt_liveness(text) == _MISSPELT.sub(_spelt, text)
