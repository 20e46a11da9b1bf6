"""A passive kill of the case's container right after its probe's failureThreshold-th failure
stated (subjects54; readers/threshold_kill.py): kube-agents-796's `with `initialDelaySeconds:
30`, `periodSeconds: 10` and `failureThreshold: 3` the third failure landed at t=50s, and the
container was killed`. The kubelet kills a running container at its liveness or startup probe's
failureThreshold-th failure in a row (R4.4): the failures counted to the threshold, then the kill
in the past, is that probe's kill, once: {1, null}.

Hand-written variants beside it that must stay unread: a count that is not the threshold, no
threshold stated, a kill with no failures counted before it, a readiness probe's failures
(R3.4), a conditional, a question, a guide's present."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType


@pytest.mark.parametrize(("text", "probe"), [
    ("`hindsight-api` had no `startupProbe`, so the liveness probe was doing a job it cannot "
     "do: with `initialDelaySeconds: 30`, `periodSeconds: 10` and `failureThreshold: 3` the "
     "third failure landed at t=50s, and the container was killed while it was still loading "
     "its models.\n", ProbeType.LIVENESS),
    ("Our startup probe had failureThreshold: 5. The fifth consecutive failure came at 90s and "
     "the api container was restarted.\n", ProbeType.STARTUP),
    ("The livenessProbe uses failureThreshold=2; the 2nd failure arrived at 40s, and then the "
     "pod got killed.\n", ProbeType.LIVENESS),
])
def test_a_kill_right_after_the_thresholds_failure_is_that_probes_kill(text, probe):
    """The failures counted to the threshold, then the kill in the past: one kill (R4.4)."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # a count that is not the threshold; no threshold stated
    "With the liveness probe's failureThreshold: 3 the second failure landed at t=40s, and the "
    "container was killed.\n",
    "The liveness probe was slow: the third failure landed at t=50s, and the container was "
    "killed.\n",
    # a kill with no failures counted before it
    # (`... The container was killed at t=50s.` is read since crashcatch55 as an end of no
    # told cause, no probe kill: test_explain_crashcatch55)
    # the readiness probe's failures kill nothing (R3.4)
    "The readiness probe has failureThreshold: 3; the third failure landed at t=50s, and the "
    "container was killed.\n",
    # a conditional, a question, a guide's present
    "If the liveness probe's failureThreshold: 3 is hit, the third failure lands at t=50s, and "
    "the container was killed.\n",
    "With the liveness probe's failureThreshold: 3, was the third failure at t=50s, and the "
    "container was killed?\n",
    "With the liveness probe's failureThreshold: 3 the third failure lands at t=50s, and the "
    "container is killed.\n",
])
def test_a_kill_after_no_thresholds_failure_or_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


_KILLED = ("With the liveness probe's `failureThreshold: 3` the third failure landed at t=50s, and the "
           "container was killed.\n\n")


@pytest.mark.parametrize(("said", "kills"), [
    ("On `kage-management` the running pod's own history shows it: the previous container ran "
     "19:06:20 → 19:07:13 and exited `Completed`, twice.\n", CountRange(1, 2)),
    ("The pod is running now; its api container exited with reason Error 3 times.\n",
     CountRange(1, 3)),
    # the pod not told running: a restart count with no current state, R + 1 (R4.7)
    ("The previous container exited `Completed`, twice.\n", CountRange(1, 3)),
])
def test_ends_counted_with_their_reason_bound_the_kills(said, kills):
    """The case's container's ends stated with their reason and a count: that many restarts,
    one end before each (R4.7); the pod told running bounds its kills by the count."""
    a = explained_answer(_KILLED + said)
    assert (a.cause, a.probe_kills, a.failed) == (Cause.LIVENESS_KILL, kills,
                                                  (ProbeType.LIVENESS,))


@pytest.mark.parametrize("said", [
    "The previous container exited twice.\n",
    "If the previous container exited `Completed`, twice, raise the threshold.\n",
    "Did the previous container exit `Completed`, twice?\n",
    "A container exited `Completed`, twice.\n",
])
def test_ends_with_no_reason_or_of_what_may_happen_bound_nothing(said):
    """No reason, a conditional, a question, no case's container: the kill stays unbounded."""
    a = explained_answer(_KILLED + said)
    assert (a.cause, a.probe_kills) == (Cause.LIVENESS_KILL, CountRange(1, None))


@pytest.mark.parametrize("text", [
    "the previous container exited" + " " * 2_000_000 + "Completed, twice",
    "the container ran and " * 90_000 + "exited Completed, twice",
    "the previous container exited `Completed`, twice. " * 40_000,
    "failureThreshold: 3 the third failure" + " " * 2_000_000 + "and the container was killed",
    "failureThreshold: 3 the third failure landed and " * 40_000 + "the container was killed",
    "the third failure and the container was killed " * 40_000,
    "liveness probe failureThreshold: 3 " * 60_000 + "the third failure, and the pod was killed",
])
def test_the_threshold_kill_reads_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of the pattern's words, spaces or the whole sentence."""
    read_in_one_pass(text + "\n")
