"""Stop 57's first rules (fix57b), each the general reading of a shape a held-out record showed
(cluster-ingress-operator-534, held-out batch 132).

- An author's cut mark in markdown's emphasis is a cut (the corpus README's cut rule): a line of
  only the mark, italic or bold (`_snip-snip-snip_`, `*snip*`, `_<snip>_`, `**[...]**`), the
  word said again (`snip-snip-snip`) one mark (readers/normalise.py). The word inside a sentence
  (`I will snip the logs`), a mark only opened or only closed by the emphasis, and a line of
  emphasis marks alone stay the line's own.

Hand-written variants beside each that must stay as they are."""

from __future__ import annotations

import time

import pytest
from helpers import explained_answer

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.normalise import LineKind, is_cut, normalise

# --- a cut mark in markdown's emphasis ---------------------------------------------------------

_EMPHASISED = ["_snip-snip-snip_", "*snip*", "_<snip>_", "**snip**", "__snip__", "***snip***",
               "*[...]*", "_(snip)_", "*--- snip ---*", "_..._", "**[snip]**", "*snipped*",
               "snip-snip-snip", "snip snip", "-- snip-snip --", "_SNIP_"]


@pytest.mark.parametrize("mark", _EMPHASISED)
@pytest.mark.parametrize("indent", ["", "  "])
def test_a_line_of_only_an_emphasised_cut_mark_is_a_cut(mark: str, indent: str) -> None:
    """cluster-ingress-operator-534's `_snip-snip-snip_` and its kin: the emphasis is the page's
    dress of the mark; the line is a cut, its mark kept as the author wrote it."""
    lines = normalise(f"Events:\n{indent}{mark}\n")
    assert [x.kind for x in lines] == [LineKind.CONTENT, LineKind.CUT]
    assert is_cut(indent + mark)


@pytest.mark.parametrize("line", [
    "I will snip the logs", "_I will snip the logs_", "*snip the rest*", "_snip", "snip_",
    "*snip", "* snip", "- snip it", "***", "___", "__init__", "*...* and more",
    "_snip-snip-snip_ the rest", "snippet-snip",
])
def test_snip_in_a_sentence_or_a_half_emphasis_is_no_cut(line: str) -> None:
    """The negative side: the word in the author's sentence, emphasis opened and never closed
    (a bullet's `*`), a rule of emphasis marks alone, a mark with words after it."""
    assert not is_cut(line)


_BLOCK = """\
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Mon, 03 Jun 2024 09:14:02 +0000
      Finished:     Mon, 03 Jun 2024 09:14:51 +0000
    Ready:          False
    Restart Count:  11
    Liveness:       http-get http://:7070/healthz delay=15s timeout=2s period=10s #success=1 #failure=3
Events:
  Type     Reason     Age                  From     Message
  ----     ------     ----                 ----     -------
  Warning  Unhealthy  31m (x3 over 58m)    kubelet  Readiness probe failed: Get "http://10.4.7.19:7070/ready": dial tcp 10.4.7.19:7070: connect: connection refused
"""
_LAST_ROW = "  Warning  BackOff    2m11s (x9 over 55m)  kubelet  Back-off restarting failed container\n"


@pytest.mark.parametrize("mark", ["_snip-snip-snip_", "*snip*", "_<snip>_", "*[...]*"])
def test_rows_an_emphasised_mark_cuts_leave_the_app_s_exit_open(mark: str) -> None:
    """test_explain_cuts' linkerd2-7233 in small, the cut among its rows in emphasis: rows cut
    away may hold a liveness failure and its kill (exit code 0 is also a SIGTERM's, R4.23), so
    the kills are open to the waiting container's count plus one (R4.7), as `... snip` leaves
    them; read as a line of the author's, the table was whole: app-exit {0, 0}."""
    a = explained_answer("```\n" + _BLOCK + mark + "\n" + _LAST_ROW + "```\n")
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 12))


def test_the_same_rows_with_the_mark_in_a_sentence_stay_whole() -> None:
    """The negative side: `I will snip the rest` between the rows is the author's line, no cut:
    the table is read whole, app-exit {0, 0} (the README's back-off rule)."""
    a = explained_answer("```\n" + _BLOCK + "_I will snip the rest_\n" + _LAST_ROW + "```\n")
    assert (a.cause, a.probe_kills) == (Cause.APP_EXIT, CountRange(0, 0))


@pytest.mark.parametrize("line", ["_" + "snip-" * 400_000, "*" * 3 + "snip " * 400_000 + "_",
                                  "_" + "snip" * 500_000 + "x_"])
def test_a_2_mb_line_of_snips_is_judged_at_once(line: str) -> None:
    """2 MB on one line, no cut: the repeated word and the emphasis are taken whole
    (possessive), so no start backtracks over the line."""
    began = time.perf_counter()
    assert not is_cut(line)
    normalise(line + "\n")
    assert time.perf_counter() - began < 2.0
