"""Held-out batch 127 (fc55r): prose stating probe failures beside a crash or restart of the
case's pod.

- A container's end told right before the kubelet's message of a liveness or startup probe's
  failure, the message its stated cause (`User container has crashed or terminated: Liveness
  probe failed: HTTP probe failed with statuscode: 502.`, azureml-examples-3983): one kill of
  that probe, at least once (R4.4; present_kill.ended_for read by paste's `_prose_message`).
  Readiness so placed kills nothing (R3.4); a conditional, a question, a negation and another's
  container state no kill (the failure alone is still read).

Hand-written variants beside each that must stay unread."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause

# --- a container's end whose stated cause is the kubelet's message of the probe ---------------

_ENDED = ("## Problem\n\nThe CI job fails with:\n\nHttpResponseError: (BadArgument) {} "
          "{}: HTTP probe failed with statuscode: 502.\n")


@pytest.mark.parametrize("ended", [
    "User container has crashed or terminated:",
    "The container was killed:",
    "Container terminated:",
])
@pytest.mark.parametrize("kind", ["Liveness", "Startup"])
def test_an_end_stated_with_the_probe_failure_as_its_cause_is_a_kill(ended, kind):
    a = explained_answer(_ENDED.format(ended, f"{kind} probe failed"))
    want = Cause.LIVENESS_KILL if kind == "Liveness" else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == (
        want, 1, None, True)


@pytest.mark.parametrize("ended", [
    "If the user container has crashed or terminated:",
    "Why has the user container crashed or terminated:",
    "User container has not crashed:",
    "Another container was killed:",
    "User container may have crashed or terminated:",
    "User container is running:",
])
def test_a_conditional_negation_or_anothers_end_states_no_kill(ended):
    a = explained_answer(_ENDED.format(ended, "Liveness probe failed"))
    assert (a.cause, a.probe_kills.lo, a.shows_failures) == (Cause.CANNOT_TELL, 0, True)
    assert [p.value for p in a.failed] == ["liveness"]


def test_readiness_given_as_an_ends_cause_kills_nothing():
    a = explained_answer(_ENDED.format("User container has crashed or terminated:",
                                       "Readiness probe failed"))
    assert a.cause is not Cause.LIVENESS_KILL and a.probe_kills.lo == 0


def test_an_end_before_a_probe_message_is_read_in_one_pass():
    read_in_one_pass("x container has crashed or terminated: " * 60_000 + "\n")
    read_in_one_pass("Error: " + "container " * 200_000 + "crashed: Liveness probe failed: "
                     "HTTP probe failed with statuscode: 502.\n")


# --- the case's pod restarting, a readiness failure given as the cause ------------------------

_VALUES = "```\nreadinessProbe:\n  httpGet:\n    port: http\n  periodSeconds: 10\n```\n"


@pytest.mark.parametrize("sentence", [
    "However, the pod continuously restarts, as the readiness probe is not satisfied.",
    "The pod keeps restarting because the readiness probe is failing.",
    "My pod restarts since its readiness probe fails.",
    "The pod is restarting due to the readiness probe not passing.",
    # (the `with` form's restarts, no count, are bounded by none too)
    "The pod keeps restarting with the readiness probe failing.",
])
def test_restarts_given_a_readiness_failure_as_their_cause_are_its_failure_no_kill(sentence):
    for text in (sentence + "\n", _VALUES + "\n" + sentence + "\n"):
        a = explained_answer(text)
        assert (a.cause, [p.value for p in a.failed], a.probe_kills.lo, a.probe_kills.hi,
                a.shows_failures) == (Cause.CANNOT_TELL, ["readiness"], 0, None, True)


@pytest.mark.parametrize("sentence", [
    "However, the pod does not restart, as the readiness probe is not satisfied.",
    "If the pod continuously restarts as the readiness probe is not satisfied, check it.",
    "Your pod restarts because the readiness probe fails.",
    "Does the pod restart because the readiness probe fails?",
    "The pod will restart because the readiness probe fails.",
])
def test_a_negated_conditional_guides_or_asked_readiness_cause_states_none(sentence):
    a = explained_answer(_VALUES + "\n" + sentence + "\n")
    assert (a.cause, list(a.failed), a.shows_failures) == (Cause.CANNOT_TELL, [], False)


def test_restarts_given_a_readiness_cause_are_read_in_one_pass():
    read_in_one_pass("the pod restarts, as the readiness probe is " * 50_000 + "\n")
    read_in_one_pass("the pod " + "continuously " * 160_000 + "restarts as the readiness probe "
                     "is not satisfied\n")
