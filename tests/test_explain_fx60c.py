"""Two forms of a probe's failure told in an author's prose (stop 60, fx60c).

- A probe not passed is a probe failed: the kill of the case's own pod or container, passive,
  with `not passing` its probe after `because of` as its cause (`the pod was killed because of
  not passing liveness probes`, rh-che-966), or the subject's `it was not passing`, `it did not
  pass`, is that probe's failure and one kill of it, stated once (fixprose53's kill-because
  rule, killed_because.KILLED_BECAUSE; R4.4): liveness-kill, {1, null}. The failure's own `not`
  is no negation of the sentence (fc55r reads `not passing` so); a `not` before the kill is.
- The case's probes' failures as the subject of a past verb of cause (`The liveliness and
  readiness probe failures were causing puma to not start and the pod to fail`,
  va-gov-team-37625): what they caused happened, so they did: each named probe's failure, at
  least once, no count (a probe's failure the case's pod has, fixprose45), no kill (the effect
  names none: a liveness failure alone is no kill, R1.17): cannot-tell, {0, null}.

Each test of a reading fails on the code before fx60c (checked on a `git archive main`
copy); each new or changed pattern reads a 2 MB line in one pass."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.spec.model import ProbeType

_TWO_MB = 2_000_000


def _hostile(unit: str) -> str:
    return unit * (_TWO_MB // len(unit)) + "\n"


def _unread_or(text: str, kind: ProbeType) -> None:
    """Refused, or read with no failure of `kind` and no kill."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert kind not in a.failed and a.cause in (Cause.CANNOT_TELL, Cause.READINESS_ONLY) and \
        a.probe_kills.lo == 0, (a.cause, a.failed, a.probe_kills)


# ------------------------------------------------------------ `not passing` a probe is failing it


@pytest.mark.parametrize(("text", "cause", "kind"), [
    # (rh-che-966's sentence, its template's label before it)
    ("**Issue problem:**\nWorkspace state recovering process took too much time and the pod was "
     "killed because of not passing liveness probes.\n", Cause.LIVENESS_KILL, ProbeType.LIVENESS),
    ("Our api container got killed because of not passing its startup probe.\n",
     Cause.STARTUP_KILL, ProbeType.STARTUP),
    ("The pod was killed because it was not passing its liveness probe.\n",
     Cause.LIVENESS_KILL, ProbeType.LIVENESS),
    ("my pods were killed by kubernetes because they did not pass the liveness probe.\n",
     Cause.LIVENESS_KILL, ProbeType.LIVENESS),
    ("The web-0 pod kept getting killed because it didn't pass the startup check.\n",
     Cause.STARTUP_KILL, ProbeType.STARTUP),
])
def test_killed_because_of_not_passing_a_probe_is_its_kill(text, cause, kind):
    """fixprose53's kill-because rule with `not passing` the probe as the cause (fx60c): the
    probe's failure and one kill of it (R4.4), {1, null}."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (cause, (kind,), CountRange(1, None), True), (a.cause, a.failed, a.probe_kills)


@pytest.mark.parametrize("text", [
    # (a negation of the kill: the `not` before it)
    "The pod was not killed because of not passing liveness probes.\n",
    # (a question, a conditional, a guide's bare present)
    "Was the pod killed because of not passing liveness probes?\n",
    "If the pod was killed because of not passing liveness probes, raise the threshold.\n",
    "The pod is killed because of not passing liveness probes.\n",
    # (no pod of the case's)
    "A pod was killed because of not passing liveness probes.\n",
    # (a probe passed: no `not`)
    "The pod was killed because of passing liveness probes too late.\n",
])
def test_not_passing_near_variants_stay_unread(text):
    """A negation of the kill, a question, a conditional, a guide's present, `a pod` and a
    probe passed state no liveness kill."""
    _unread_or(text, ProbeType.LIVENESS)


def test_not_passing_readiness_is_no_kill():
    """The readiness probe kills nothing (R3.4): its `not passing` as a kill's cause is read
    as no kill."""
    _unread_or("The pod was killed because of not passing readiness probes.\n",
               ProbeType.LIVENESS)


# ------------------------------------------------------------ failures told as a past cause


@pytest.mark.parametrize(("text", "kinds"), [
    # (va-gov-team-37625's sentence, `liveliness` the liveness probe: stop 59's decision)
    ("The liveliness and readiness probe failures were causing puma to not start and the pod "
     "to fail for vets-api. [The code was removed here](https://example.com/pull/366), but we "
     "need to investigate the root cause.\n", (ProbeType.LIVENESS, ProbeType.READINESS)),
    ("The liveness probe failures caused the app to hang.\n", (ProbeType.LIVENESS,)),
    ("Our startup probe failures had caused a slow rollout.\n", (ProbeType.STARTUP,)),
    ("My liveness and startup check failures led to a partial outage.\n",
     (ProbeType.LIVENESS, ProbeType.STARTUP)),
])
def test_probe_failures_told_as_a_past_cause_are_failures(text, kinds):
    """The case's probes' failures the subject of a past verb of cause (fx60c): each named
    probe's failure, at least once (fixprose45), no kill (the effect names none, R1.17):
    cannot-tell, {0, null}."""
    a = explained_answer(text)
    assert (a.cause, set(a.failed), a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, set(kinds), CountRange(0, None), True), \
        (a.cause, a.failed, a.probe_kills)


@pytest.mark.parametrize("text", [
    # (a guide's present, a modal, a negation of the verb, a question, a conditional)
    "The liveness probe failures cause the app to hang.\n",
    "The liveness probe failures can cause the app to hang.\n",
    "The liveness probe failures were not causing the outage.\n",
    "Were the liveness probe failures causing the outage?\n",
    "If the liveness probe failures caused the outage, raise the timeout.\n",
    # (no determiner of the case's, another's)
    "Liveness probe failures caused the app to hang.\n",
    "Your liveness probe failures caused the outage.\n",
    # (a disjunction: which one, not told)
    "The liveness or startup probe failures caused the outage.\n",
    # (a negation before it)
    "No liveness probe failures caused the outage.\n",
])
def test_failures_as_a_cause_near_variants_stay_unread(text):
    """The present, a modal, a negation, a question, a conditional, no case's determiner,
    another's and a disjunction state no failure."""
    _unread_or(text, ProbeType.LIVENESS)


def test_failures_causing_a_restart_is_left_to_the_kill_rules():
    """An effect naming a restart or kill is the kill rules' (fixprose47, R4.4): this form
    reads none of it (no failure read as failures alone under a restart)."""
    from kubesim.explain.readers.failing_told import FAILURES_CAUSED

    assert FAILURES_CAUSED.search("The liveness probe failures caused the app to hang.") \
        is not None
    for text in ("The liveness probe failures caused the pod to restart.",
                 "The liveness probe failures were causing Kubernetes to kill the pod.",
                 "The liveness probe failures led to a CrashLoopBackOff."):
        assert FAILURES_CAUSED.search(text) is None, text


# ------------------------------------------------------------ one pass


@pytest.mark.parametrize("unit", [
    "the pod was killed because of not ",
    "the pod was killed because of not passing ",
    "because it was not passing the ",
    "The liveness probe failures were causing ",
    "The liveness and readiness probe failures ",
    "failures caused the app to ",
    "the liveness probe failures caused a restart",
])
def test_a_hostile_line_is_read_in_one_pass(unit):
    """2 MB on one line of the patterns' words repeated: read, or refused, in one pass."""
    read_in_one_pass(_hostile(unit))
