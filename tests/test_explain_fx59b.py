"""Held-out batches 151 and 155 (stop 59, fx59b): the container's last state pasted as a field
list in a page's prose (the corpus README, "Rules used for the facts", the paragraph ending in
"(stop 59, fx59b)").

- A list's item whose label is the last state's path in a code span, then the status's fields
  in code spans, one the reason OOMKilled (tanguille-cluster-5030: "- `lastState.terminated`:
  `reason: OOMKilled`, `exitCode: 137` — the kernel OOM killer is terminating the container at
  the 512Mi ceiling."): the fields copied out of the pod's status, the previous instance's end
  OOMKilled (CRI); with no probe failure, kill or setting, the OOM rule: {0, 0}.

- An Unhealthy row cut inside its verb (hiero-solo-3950's last row, `Warning  Unhealthy
  Liveness probe fail`): the probe named whole and the first letters of one of the kubelet's
  verbs (prober.go: `%s probe failed`, `%s probe errored`, R2.3), that probe's call with the verb
  told, as fixcut59 reads a row cut inside its probe's word (`Liven`, failed or errored).

Hand-written variants beside them that must stay unread: the path inside a guide's sentence, a
negation (`lastState` no longer OOMKilled), a conditional, a question, another reason; a verb
of no kubelet's wording (`Liveness probe faux`), a cut `errored` (which counts toward nothing,
R2.2)."""

from __future__ import annotations

import pytest
from helpers import assert_not_a_record, assert_oom_killed, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.results import ProbeType


@pytest.mark.parametrize("text", [
    "## Evidence\n\n- Pod `api-5d9c` in `prod` — **CrashLoopBackOff**, **40 restarts**.\n"
    "- `lastState.terminated`: `reason: OOMKilled`, `exitCode: 137` — the kernel OOM killer "
    "is terminating the container at the 512Mi ceiling.\n",
    "- `lastState.terminated`: `exitCode: 137`, `reason: OOMKilled`\n",
    "* `lastState`: `terminated.reason: OOMKilled`\n",
    "`status.containerStatuses[0].lastState.terminated.reason`: `OOMKilled`\n",
    "- **`lastState.terminated`**: `reason: OOMKilled`, `exitCode: 137`\n",
])
def test_the_last_state_as_a_field_list_is_its_end(text):
    """(stop 59, fx59b) the last state's path the label of a list's item or line, its fields in
    code spans after it, the reason OOMKilled: the container's previous end, OOMKilled (CRI),
    and with no probe failure, kill or setting, no probe kill: {0, 0}."""
    assert_oom_killed(text)


@pytest.mark.parametrize("text", [
    # a guide's sentence naming the path: no label opening the line
    "Check that `lastState.terminated` shows `reason: OOMKilled`, `exitCode: 137`.\n",
    # the negation of a watch list
    "Watch: pod restart count stops, `lastState` no longer OOMKilled, `Ready: True`.\n",
    # a conditional
    "- If `lastState.terminated`: `reason: OOMKilled`, raise the memory limit.\n",
    # the path in a sentence of another pod's
    "- Another pod's `lastState.terminated` had `reason: OOMKilled`.\n",
    # another reason
    "- `lastState.terminated`: `reason: Error`, `exitCode: 1`\n",
    # a question
    "- `lastState.terminated`: `reason: OOMKilled`?\n",
])
def test_near_variants_of_the_field_list_state_none(text):
    """(stop 59, fx59b) the path not as the label of its line, a negation, a conditional, a
    question, another's pod and a reason other than OOMKilled state no end."""
    assert_not_a_record(text)


_READY_ROW = "Warning  Unhealthy  Readiness probe failed: connection refused on port 8084\n"


@pytest.mark.parametrize("cut", ["Liveness probe fail", "Liveness probe f", "Liveness probe faile"])
def test_a_row_cut_inside_failed_is_that_probe_failure(cut):
    """(stop 59, fx59b) a row cut inside `failed`, its probe named whole: a liveness failure,
    at least once (R2.3), which kills at its threshold (R1.17): the kills left open, {0, null}."""
    a = explained_answer(_READY_ROW + "Warning  Unhealthy  " + cut)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (ProbeType.LIVENESS, ProbeType.READINESS), CountRange(0, None), True)


@pytest.mark.parametrize("cut", ["Liveness probe faux", "Liveness probe err", "Liveness probe e"])
def test_a_row_cut_inside_no_failure_is_none(cut):
    """(stop 59, fx59b) a verb of no kubelet's wording is no probe's call, and a cut `errored`
    is a prober error, never counted (R2.2): only the readiness failure counts, no kill."""
    a = explained_answer(_READY_ROW + "Warning  Unhealthy  " + cut)
    assert (a.cause, a.probe_kills) == (Cause.READINESS_ONLY, CountRange(0, 0))


def test_the_field_list_is_read_in_one_pass():
    read_in_one_pass("- `lastState" + ".terminated" * 190_000 + "`: `reason: OOMKilled`\n")
    read_in_one_pass("- `lastState.terminated`: " + "`a`, " * 400_000 + "`reason: OOMKilled`\n")
    read_in_one_pass("- `lastState.terminated`:" + " " * 2_000_000 + "`OOMKilled`\n")
    read_in_one_pass("`" + "a." * 1_000_000 + "lastState`: `OOMKilled`\n")
    read_in_one_pass("- `lastState`: " * 140_000 + "`OOMKilled`\n")
    read_in_one_pass("Warning  Unhealthy  Liveness probe f" + " " * 2_000_000)
    read_in_one_pass("Warning  Unhealthy  " + "Liveness probe fai" * 110_000)
