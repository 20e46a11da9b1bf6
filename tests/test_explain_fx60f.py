"""The lead's two decisions of stop 60 (bothkill), read in an author's prose (stop 60, fx60f;
metallb-1926: `When deploying Metallb using kustomize I'm encountering an issue causing all
speakers to be restarted due to the frr container failing its startup probes and liveness
probes.`).

- The two probes that kill named together, joined by `and`, `/` or `as well as`, as the cause
  of a kill or restart of the case's container or pods: each is stated failing, and at least
  one probe kill happened (R4.4: a restart a probe's failure causes is the kubelet's kill),
  which probe's not told: cannot-tell, both probes, {1, null}. It replaces killprose54's and
  marked53b's "two that kill named, none is read" for the conjunction; a disjunction
  (`liveness or startup`: which failed is not told) still states none (fixprose47).
- `all` and a lower-case plural noun (`all speakers`, `all the workers`) is the case's subject
  where the sentence's first person runs the system, in the past or the progressive (stop 49's
  first-person reading); a guide's present, a conditional, a question, a negation or a modal
  state none. With it, the occasion fronted (`When deploying X I'm encountering an issue ...`)
  is the author's own, as fixlogs86's `I encounter a problem when deploying` is.

Each test of a reading fails on the code before fx60f (checked on a `git archive main` copy);
each new or changed pattern reads a 2 MB line in one pass."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.spec.model import ProbeType

_TWO_MB = 2_000_000
_BOTH = {ProbeType.LIVENESS, ProbeType.STARTUP}


def _hostile(unit: str) -> str:
    return unit * (_TWO_MB // len(unit)) + "\n"


def _no_kill(text: str) -> None:
    """Refused, or read with no probe kill and not both killing probes failed."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert a.probe_kills.lo == 0 and not _BOTH <= set(a.failed), \
        (a.cause, a.failed, a.probe_kills)


def _either_kill(text: str) -> None:
    """Read as both probes that kill failed and one kill of either: cannot-tell, {1, null}."""
    a = explained_answer(text)
    assert (a.cause, set(a.failed), a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, _BOTH, CountRange(1, None), True), \
        (a.cause, a.failed, a.probe_kills)


# ------------------------------------------------------------ the two that kill, joined


@pytest.mark.parametrize("text", [
    # (the restart's cause, probe_restart's: the case's container failing them, the noun
    # between the conjuncts)
    "The speaker pods were restarted due to the frr container failing its startup probes and "
    "liveness probes.\n",
    "Our pods kept restarting due to failing the liveness probe and the startup probe.\n",
    # (restart_failing's: the probes joined before their failing, `/`, `as well as`)
    "Our api pods restarted because the liveness and startup probes failed.\n",
    "The pods were restarted due to liveness/startup probe failures.\n",
    "our deployment keeps restarting because the pods fail liveness as well as startup probes.\n",
    # (the two cases killprose54's and fixprose53c's tests held unread before the decision)
    "our deployment keeps restarting because the pods fail liveness and startup probes\n",
    "Because of the liveness and startup probes, the container was terminated.\n",
    # (killprose54's order: the probes first, then the kill)
    "Because of the configured liveness and startup probes, the container was terminated "
    "before it can finish the startup.\n",
    "Due to the liveness/startup checks, the container got killed.\n",
    "Because of the liveness as well as startup probes, the container was killed.\n",
])
def test_both_killing_probes_joined_as_the_cause_read_one_kill_of_either(text):
    """The lead's decision (stop 60, bothkill): liveness and startup named joined as the cause
    of the kill or restart of the case's container or pods: each failed, one kill of either
    (R4.4), which one not told: cannot-tell, both, {1, null}."""
    _either_kill(text)


@pytest.mark.parametrize("text", [
    # (a disjunction: which failed, not told; fixprose47)
    "The speaker pods were restarted due to the frr container failing its startup probes or "
    "liveness probes.\n",
    "Our api pods restarted because the liveness or startup probes failed.\n",
    "Because of the liveness or startup probes, the container was terminated.\n",
    # (a guide's present, a conditional, a question, a negation, no case's pods)
    "Pods are restarted when the container fails its liveness and startup probes.\n",
    "If the pods were restarted due to the frr container failing its liveness and startup "
    "probes, raise the thresholds.\n",
    "Were the pods restarted due to the frr container failing its liveness and startup probes?\n",
    "The pods were not restarted due to the frr container failing its liveness and startup "
    "probes.\n",
    "Some pods were restarted because liveness and startup probes failed.\n",
])
def test_both_killing_probes_near_variants_state_no_kill(text):
    """A disjunction, a guide's present, a conditional, a question, a negation and no case's
    pods state no kill of either."""
    _no_kill(text)


@pytest.mark.parametrize(("text", "cause"), [
    # (one that kills among those joined: its kill, as before)
    ("Because of the configured liveness (and readiness) probes, the container was "
     "terminated.\n", Cause.LIVENESS_KILL),
    ("Our api pods restarted because the readiness and startup probes failed.\n",
     Cause.STARTUP_KILL),
    ("The pods were restarted due to the api container failing its liveness probe and "
     "readiness probe.\n", Cause.LIVENESS_KILL),
])
def test_one_killing_probe_among_those_joined_is_still_its_kill(text, cause):
    """A conjunction with one probe that kills reads its kill (R4.4; readiness kills nothing,
    R3.4): unchanged by the decision."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (cause, CountRange(1, None)), (a.cause, a.probe_kills)


def test_joined_read_weighs_the_join():
    """`kinds_read`: the two that kill joined by `and` read each, the killer not told; by `or`
    none; one that kills its own."""
    from kubesim.explain.readers.restart_failing import kinds_read

    both = kinds_read("startup probes and liveness")
    assert both is not None and (both.failed, both.killer) == (["startup", "liveness"], None)
    assert kinds_read("liveness or startup") is None
    one = kinds_read("readiness and liveness")
    assert one is not None and (one.failed, one.killer) == (["readiness", "liveness"], "liveness")


# ------------------------------------------------------------ `all` and a plural, the case's


@pytest.mark.parametrize(("text", "cause"), [
    ("I'm encountering an issue causing all speakers to be restarted due to the frr container "
     "failing its liveness probes.\n", Cause.LIVENESS_KILL),
    ("we saw all pods restart due to liveness probe failures.\n", Cause.LIVENESS_KILL),
    ("We were encountering an issue causing all the workers to be restarted due to startup "
     "probe failures.\n", Cause.STARTUP_KILL),
    ("we noticed all replicas were restarted due to startup probe failures.\n",
     Cause.STARTUP_KILL),
    # (the occasion fronted: `When` and a gerund, then the author's problem met)
    ("When deploying Metallb using kustomize I'm encountering an issue causing all speakers to "
     "be restarted due to the frr container failing its liveness probes.\n", Cause.LIVENESS_KILL),
    ("When upgrading the chart we hit a bug causing the pods to be restarted due to the api "
     "container failing its startup probes.\n", Cause.STARTUP_KILL),
])
def test_all_and_a_plural_is_the_case_after_the_first_person_seeing(text, cause):
    """The lead's decision (stop 60): `all` and a lower-case plural is the case's subject where
    the sentence's first person runs the system, past or progressive (stop 49's first-person
    reading); the restart a probe's failure caused is its kill (R4.4), {1, null}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures) == (cause, CountRange(1, None), True), \
        (a.cause, a.failed, a.probe_kills)


@pytest.mark.parametrize("text", [
    # (a guide's present, no first person)
    "All pods restart due to liveness probe failures.\n",
    "When deploying, all pods restart due to liveness probe failures.\n",
    # (a conditional, a question, a negation, a modal)
    "If we saw all pods restart due to liveness probe failures, raise the threshold.\n",
    "Did we see all pods restart due to liveness probe failures?\n",
    "We never saw all pods restart due to liveness probe failures.\n",
    "We didn't see all pods restart due to liveness probe failures.\n",
    "We could see all pods restart due to liveness probe failures.\n",
    # (the first person in the present: a habit's or a guide's)
    "We see all pods restart due to liveness probe failures.\n",
    # (the occasion fronted, but a modal before the problem met, another's problem)
    "When deploying Metallb I may encounter an issue causing all speakers to be restarted due "
    "to the frr container failing its liveness probes.\n",
    "When deploying the chart you get an error causing the pods to be restarted due to the api "
    "container failing its liveness probes.\n",
])
def test_all_and_a_plural_near_variants_state_none(text):
    """A guide's present, a conditional, a question, a negation, a modal, the first person's
    present and an occasion no problem of the author's follows state no kill."""
    _no_kill(text)


# ------------------------------------------------------------ one pass


@pytest.mark.parametrize("unit", [
    "restarted due to the pods failing liveness probes and startup ",
    "restarted due to the frr container failing its startup probes and ",
    "liveness probes and the ",
    "liveness probes as well as ",
    "because of the liveness as well as ",
    "I'm encountering an issue causing all speakers all ",
    "we saw all ",
    "When deploying a b c d ",
    "When deploying Metallb I'm encountering an ",
])
def test_a_hostile_line_is_read_in_one_pass(unit):
    """2 MB on one line of the patterns' words repeated: read, or refused, in one pass."""
    read_in_one_pass(_hostile(unit))


@pytest.mark.parametrize("head", [
    "restarted due to the pods failing liveness",
    "Our pods restarted because the liveness",
    "When deploying",
    "I'm encountering an issue causing all",
])
def test_a_run_of_blanks_is_read_in_one_pass(head):
    """2 MB of blanks after a pattern's words: read, or refused, in one pass."""
    read_in_one_pass(head + " " * _TWO_MB + "probes and startup probes failed\n")
