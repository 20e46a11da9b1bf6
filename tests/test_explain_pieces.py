"""Pieces of a pod's events (held-out batches 37 and 38, fixrows38): a kubelet's message in
square brackets on a line of its own (kaito-658's `[Readiness probe failed:]`, an exec probe's
failure with empty output), and event rows pasted without their table's column header
(ot-redis-operator-1056's BackOff row alone, themissingmanual-kubectl-3's `Failed` pull row
under `Events:`), which are a piece the paster chose, not the table kubectl printed: no quiet
hour of events closes the kills by them, and a back-off beside them, no probe event among
them, leaves the kills open (the corpus README's back-off rule). Hand-written variants that
must hold, and variants that must stay as they were: brackets that are JSON, a log's level, a
link, a cut, a check box; rows under their header; rows holding the container's probe
events; a restart count that bounds the back-off's ends."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.bare import bracketed_message
from kubesim.spec.model import ProbeType

_ROW = ("  Warning  BackOff  2m (x8 over 4m)  kubelet  Back-off restarting failed container web "
        "in pod web-0_default(0c7e7a2a-1111-2222-3333-444455556666)\n")
_HEADER = ("Events:\n  Type     Reason   Age              From     Message\n"
           "  ----     ------   ----             ----     -------\n")
_GET_ROW = ("2m          6m           8       web-0    Pod    spec.containers{web}    Warning   "
            "BackOff   kubelet   Back-off restarting failed container\n")
_PULL = ('  Warning  Failed  45s  kubelet  Failed to pull image "ghcr.io/acme/api:2.0.1": not '
         "found\n")


# ---------------------------------------------------------------- a message in brackets


@pytest.mark.parametrize(("text", "probes"), [
    ("the event logs show\n[Readiness probe failed:]\n[Liveness probe failed:]\n",
     {ProbeType.LIVENESS, ProbeType.READINESS}),
    ("[Liveness probe failed: HTTP probe failed with statuscode: 503]\n",
     {ProbeType.LIVENESS}),
    ("Probe events:\n    [Startup probe failed: cat: /tmp/started: No such file or directory]\n",
     {ProbeType.STARTUP}),
    ("[Liveness probe failed: ]\n", {ProbeType.LIVENESS}),
])
def test_a_kubelets_message_in_square_brackets_is_that_message_alone(text, probes):
    """A line a pair of square brackets wraps whole, what they wrap a kubelet's message, is
    that message alone (at least once, no time): an exec probe's failure may print nothing
    after `probe failed:` (only HTTP and TCP probers always print an error), and is still a
    failure. Once each, no threshold: the kills are open."""
    a = explained_answer(text)
    assert (set(a.failed), a.shows_failures, a.probe_kills) == (probes, True, CountRange(0, None))


@pytest.mark.parametrize("text", [
    '["Liveness probe failed: HTTP probe failed with statuscode: 503"]',  # a JSON list
    "[INFO] Liveness probe failed: HTTP probe failed with statuscode: 503",  # a log's level
    "[Liveness probe failed](https://kubernetes.io/docs/tasks/configure-pod-container/)",
    "[x] Readiness probe failed:",  # a check box
    "[[Liveness probe failed:]]",
    "[...]",  # an author's cut
    "[Is the readiness probe failing?]",
    "[liveness, readiness]",
    "[]",
])
def test_other_brackets_are_no_message_alone(text):
    assert not bracketed_message(text)


@pytest.mark.parametrize("text", [
    "[Liveness probe failed:" + " " * 2_000_000 + "]",
    "[" + "Liveness probe failed: " * 90_000 + "]",
    "[" * 2_000_000 + "Liveness probe failed:]",
    "[Readiness probe failed: " + "]" * 2_000_000,
])
def test_a_bracketed_message_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's brackets and words."""
    read_in_one_pass(text + "\n")


# ---------------------------------------------------------------- rows without their header


@pytest.mark.parametrize("text", [
    _ROW,  # the row alone
    "Events:\n" + _ROW,  # under describe's section, its column header left out
    "kubectl describe pod worker-0 | tail -2\n  Warning  BackOff    5m (x21 over 9m)   "
    "kubelet  Back-off restarting failed container worker in pod worker-0_jobs(0c7e7a2a-1111-"
    "2222-3333-444455556666)\n",
    '  Normal   Pulling  4m (x5 over 6m)  kubelet  Pulling image "ghcr.io/acme/api:2.0.1"\n'
    + _ROW.replace("web in pod web-0", "api in pod api-7d9f8-x2k4p"),
    _GET_ROW,  # a `kubectl get events` row of the COUNT layout, its header left out
])
def test_a_back_off_in_rows_without_their_header_leaves_the_kills_open(text):
    """ot-redis-operator-1056: rows pasted without their column header are a piece of the
    pod's events; with no probe event of the container among them and no probe settings or
    restart count, a liveness failure in the rows left out may have made the back-off's ends:
    `max: null` (README's back-off rule), where the quiet hour bounded them before."""
    a = explained_answer(text)
    assert (a.cause, a.shows_failures, a.probe_kills) == (Cause.CANNOT_TELL, True,
                                                          CountRange(0, None))
    assert "piece of the pod's events" in a.probe_kills.because


@pytest.mark.parametrize("text", [
    _PULL,
    "Events:\n" + _PULL,
    'Events:\nWarning Failed 30s kubelet Failed to pull image "registry.example.com/w:1.4.2":'
    "\nmanifest unknown: manifest unknown\n",
])
def test_a_pull_failure_in_rows_without_their_header_bounds_no_kills(text):
    """themissingmanual-kubectl-3: a Failed pull row is no probe failure, kill or restart (no
    failure shown, as coderslingo-events-reading's), and a row without its header shows no
    hour of events whole: nothing bounds the kills of a container the rows do not show."""
    a = explained_answer(text)
    assert (a.shows_failures, a.failed, a.probe_kills) == (False, (), CountRange(0, None))


@pytest.mark.parametrize(("text", "kills"), [
    (_HEADER + _ROW, CountRange(0, 0)),  # the table under its header: the quiet hour
    (_HEADER + _PULL, CountRange(0, 0)),
    ("LAST SEEN   FIRST SEEN   COUNT   NAME     KIND   SUBOBJECT               TYPE      REASON"
     "    SOURCE    MESSAGE\n" + _GET_ROW, CountRange(0, 0)),
    ("Events:\n  FirstSeen\tLastSeen\tCount\tFrom\t\t\tSubObjectPath\t\tType\t\tReason\t\t"
     "Message\n  ---------\t--------\t-----\t----\t\t\t-------------\t\t--------\t------\t\t"
     "-------\n  6m\t\t2m\t\t8\t{kubelet node1}\tspec.containers{web}\tWarning\t\tBackOff\t\t"
     "Back-off restarting failed container\n", CountRange(0, 0)),  # 2016's describe header
    # rows holding the container's probe events and no liveness failure (knative-serving-2804)
    ("  Warning  Unhealthy  3m (x6 over 5m)  kubelet  Readiness probe failed: HTTP probe failed"
     " with statuscode: 503\n  Warning  BackOff    2m (x8 over 4m)  kubelet  Back-off restarting"
     " failed container\n", CountRange(0, 0)),
    # a restart count bounds the back-off's ends: R + 1 for a container in back-off (R4.7)
    ("NAME    READY   STATUS             RESTARTS   AGE\nweb-0   0/1     CrashLoopBackOff   3  "
     "        5m\n" + _ROW, CountRange(0, 4)),
])
def test_rows_a_table_or_a_count_bounds_keep_their_kills(text, kills):
    a = explained_answer(text)
    assert a.probe_kills == kills


@pytest.mark.parametrize("text", [
    "  Warning  BackOff  2m (x8 over 4m)  kubelet  " + "Back-off " * 230_000,
    "Events:\n  Warning  Failed  45s  kubelet  Failed to pull image " + '"x' * 1_000_000,
])
def test_rows_without_their_header_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB rows without their header."""
    read_in_one_pass(text + "\n")
