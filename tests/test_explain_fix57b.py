"""Stop 57's first rules (fix57b), each the general reading of a shape a held-out record showed
(cluster-ingress-operator-534, held-out batch 132).

- An author's cut mark in markdown's emphasis is a cut (the corpus README's cut rule): a line of
  only the mark, italic or bold (`_snip-snip-snip_`, `*snip*`, `_<snip>_`, `**[...]**`), the
  word said again (`snip-snip-snip`) one mark (readers/normalise.py). The word inside a sentence
  (`I will snip the logs`), a mark only opened or only closed by the emphasis, and a line of
  emphasis marks alone stay the line's own.
- A negation that affirms a later event (readers/until_affirmed.py): `not ... until X` (`till`,
  `before ... finally`) in the author's telling (a past negation, `no`, the author's own seeing)
  states that the event happened, at X, and is read as its affirmative is: the case's pod's end
  (stated_end.py: `My pod didn't restart until 7m later` as `My pod restarted 7m later`), never
  the pod not restarted (stated_no_restart.py). A negation alone (`it never restarted`), a
  question, a conditional, a guide's general present (`the container does not restart until the
  threshold is reached`), `until now`, another negation in the clause (`I don't think`) and
  another's pod stay as they are.

Hand-written variants beside each that must stay as they are."""

from __future__ import annotations

import time

import pytest
from helpers import assert_ended_untold, assert_no_end, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.normalise import LineKind, is_cut, normalise
from kubesim.explain.readers.until_affirmed import affirmed_until

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


# --- a negation that affirms a later event: `not ... until X` ----------------------------------

@pytest.mark.parametrize("text", [
    "My pod didn't restart until 7m later.\n",
    "My pod did not restart until 7m later.\n",
    "The pod was not killed until 7m later.\n",
    "The pod wasn't restarting until way later.\n",
    "The pod was not crashing until the upgrade.\n",
    "The api container never crashed until the upgrade.\n",
    "The pod did not get killed until 7m later.\n",
    "The pod didn't exit till the node was drained.\n",
    "My pod didn't restart before the upgrade finally finished.\n",
    "I don't see the pod restarting until way later.\n",
    "We did not notice the api pod crashing until the next morning.\n",
])
def test_a_negated_end_until_a_later_moment_is_the_end_stated(text: str) -> None:
    """The case's pod's end `not ... until X`: the end happened (at X), read as its affirmative
    (`My pod restarted 7m later`) is: its container ended, no cause told, cannot-tell, {0,
    null} (R4.1; the README's stated end)."""
    assert_ended_untold(text)


def test_an_oom_kill_not_until_a_later_moment_is_the_oom_kill() -> None:
    """`wasn't OOMKilled until 7m later` is read as `was OOMKilled 7m later` is: oom-killed,
    no probe failure or setting, {0, 0} (CRI; the README's OOM rule)."""
    a = explained_answer("The pod wasn't OOMKilled until 7m later.\n")
    assert (a.cause, a.probe_kills, a.shows_failures) == (Cause.OOM_KILLED, CountRange(0, 0), True)


@pytest.mark.parametrize("text", [
    "Kubernetes was not restarting the pod until the third failure.\n",
    "Kubernetes never restarted the pod until I deleted the node.\n",
    "The pod was never restarted until the node was drained.\n",
])
def test_no_restart_until_a_later_moment_is_no_restart_count_of_none(text: str) -> None:
    """stated_no_restart.py's statement turned around by `until`: the restart happened, so its
    count is not none ({0, 0} was the misreading); its affirmative (`Kubernetes restarted the
    pod`) no rule reads, so none is read."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert a.probe_kills != CountRange(0, 0)


@pytest.mark.parametrize("text", [
    "Kubernetes was not restarting the pod.\n",
    "The pod had not restarted until now.\n",
    "The pod has not restarted until today.\n",
])
def test_no_restart_with_no_later_moment_stays_no_restart(text: str) -> None:
    """The negative side: no `until`, `until now`, a perfect of now: the pod not restarted,
    its count none, {0, 0} (crashcatch55)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, 0), False)


@pytest.mark.parametrize("text", [
    "The pod didn't crash.\n",
    "The pod never restarted.\n",
    "Did the pod not restart until 7m later?\n",
    "If the pod didn't restart until 7m later, it is fine.\n",
    "The container does not restart until the threshold is reached.\n",
    "The pod never restarts until the threshold is reached.\n",
    "I don't think the pod restarted until later.\n",
    "A pod didn't restart until 7m later.\n",
    "Your pod wasn't killed until 7m later.\n",
    "The pod did not restart until now.\n",
    "The pod was not killed until the third probe failure.\n",
    "I don't see the pod restarting.\n",
    "When I deploy, the pod doesn't restart until 7m later.\n",
])
def test_a_negation_no_until_turns_around_states_no_end(text: str) -> None:
    """The negative side: a negation alone, a question, a conditional, a guide's present, a
    negation of the author's thinking, `a pod`, `your pod`, `until now`, and a probe named in
    the sentence (the probe's own rules, as `was killed at the third probe failure`)."""
    assert_no_end(text)


def _event_end(line: str, word: str) -> int:
    return line.index(word) + len(word)


@pytest.mark.parametrize(("line", "word", "affirmed"), [
    ("Because I don't see a restart until way way later...", "restart", True),
    ("it didn't restart until 7m later", "restart", True),
    ("no restarts until the third probe failure", "restarts", True),
    ("the pod was not killed until the third probe failure", "killed", True),
    ("we did not notice a restart till the next day", "restart", True),
    ("the pod wasn't killed before the probe finally failed", "killed", True),
    ("I don't see a restart", "restart", False),
    ("it never restarted", "restarted", False),
    ("doesn't it restart until the threshold?", "restart", False),
    ("if it doesn't restart until 5m, check the probe", "restart", False),
    ("the kubelet does not restart a container until the threshold is reached", "restart", False),
    ("the pod has not restarted until now", "restarted", False),
    ("I don't think it restarted until later", "restarted", False),
    ("it didn't restart. Until then it ran", "restart", False),
])
def test_until_turns_around_only_a_told_negation(line: str, word: str, affirmed: bool) -> None:
    """until_affirmed's construction on the sentence alone (whose pod, the readers weigh):
    cluster-ingress-operator-534's `I don't see a restart until way way later` states a later
    restart; a negation with no `until` in its clause, a question, a conditional, a guide's
    present, a perfect until now and a negation of thinking do not."""
    assert affirmed_until(line, 0, _event_end(line, word)) is affirmed


@pytest.mark.parametrize("text", [
    "The pod didn't " * 140_000 + "restart\n",
    "The pod was not " * 130_000 + "killed until later\n",
    "The pod didn't restart" + " x" * 1_000_000 + " until later\n",
    "The pod didn't restart before" + " x" * 1_000_000 + " finally\n",
    "Kubernetes was not restarting the pod" + " until" * 330_000 + "\n",
    "I don't see " * 170_000 + "a restart until later\n",
])
def test_the_negation_turned_around_reads_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


@pytest.mark.parametrize("line", [
    "didn't " * 300_000 + "restart",
    "I don't see " * 170_000,
    "restart" + " until" * 350_000,
    "restart before" + " x" * 1_000_000,
])
def test_until_affirmed_judges_a_2_mb_line_at_once(line: str) -> None:
    """2 MB on one line: each pattern's words bounded (six words to `until`, eight to
    `finally`), every negation weighed once."""
    began = time.perf_counter()
    affirmed_until(line, 0, len(line) // 2)
    affirmed_until(line, 0, 7)
    assert time.perf_counter() - began < 2.0
