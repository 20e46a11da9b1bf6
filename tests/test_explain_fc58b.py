"""Held-out batch 142 (stop 58, fc58b): the case's pod failing its probes, told in prose.

- The case's own pod (a determiner of the case's: `My pod`, `our api pods`, `the worker pod`,
  or a pod's dash-parted name) failing its probes, the probe the verb's object, told as what it
  has done or was doing (a perfect `has been failing`, `has failed`, a progressive `is
  failing`, `kept failing`, or the past `failed`), maybe after a state of its own joined by
  `and` (spinnaker-2801: `My pod is unavailable and has been failing readiness probes, but ...`):
  a probe's failure the case's own pod has (README, fixprose45; the rule of fc58b), each named
  probe's failure, at least once, no count. A readiness failure ends nothing (R3.4):
  readiness-only, {0, 0}; a liveness failure alone kills only at its threshold (R1.17), so no
  kill is read from it.

Hand-written variants beside it that must stay unread: the present (`fails readiness probes`,
a guide's), `a pod`, `your pod`, another pod, a question, a negation, a conditional, a modal,
a disjunction (`readiness or liveness`: which one, not told) and another subject joined by
`and` (`the sidecar has been failing ...`)."""

from __future__ import annotations

import pytest
from helpers import assert_not_a_record, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.said_failing import said_failing
from kubesim.spec.model import ProbeType


@pytest.mark.parametrize("text", [
    "My pod is unavailable and has been failing readiness probes, but its `kubernetes/pod` "
    "health is `Up` and it's counted as `up` in the instance counts.\n",
    "My pod has been failing readiness probes.\n",
    "Our api pods are failing readiness probes since the upgrade.\n",
    "The worker pod is unhealthy, and kept failing readiness probes all night.\n",
    "kube-proxy has failed readiness probes twice.\n",
    "My pod failed readiness probes after the node was drained.\n",
    "My pod has failed the readiness probe twice.\n",
])
def test_the_case_pod_failing_its_readiness_probes_is_readiness_only(text):
    """README, fixprose45 (the rule of fc58b): a probe's failure the case's own pod has, at
    least once, no count; a readiness failure ends nothing (R3.4): readiness-only, {0, 0},
    failures shown."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.READINESS_ONLY, CountRange(0, 0), True, (ProbeType.READINESS,))


@pytest.mark.parametrize(("text", "kinds"), [
    ("The worker pod kept failing liveness and readiness probes.", ["liveness", "readiness"]),
    ("My pods were failing liveness probes.", ["liveness"]),
    ("Our web container has been failing startup probes since v2.", ["startup"]),
])
def test_each_probe_of_a_conjunction_failed(text, kinds):
    """Each probe a conjunction names failed (never `or`: which one, not told)."""
    said = said_failing(text)
    assert said is not None and said.kinds == kinds


@pytest.mark.parametrize("text", [
    "My pod fails readiness probes.\n",
    "A pod that has been failing readiness probes is removed from the service.\n",
    "Your pod has been failing readiness probes.\n",
    "The other pod has been failing readiness probes.\n",
    "Has my pod been failing readiness probes?\n",
    "Why is my pod failing readiness probes?\n",
    "My pod is not failing readiness probes.\n",
    "My pod is ready and has not been failing readiness probes.\n",
    "If my pod has been failing readiness probes, it is not Ready.\n",
    "My pod may be failing readiness probes.\n",
    "My pod is unavailable and has been failing readiness or liveness probes.\n",
    "My pod is unavailable and another pod has been failing readiness probes.\n",
    "My pod is down and the sidecar has been failing liveness probes.\n",
    "Pods that are failing readiness probes get no traffic.\n",
])
def test_near_variants_state_none(text):
    """The present (a guide's), `a pod`, `your`, another's, a question, a negation, a
    conditional, a modal, a disjunction and another subject state none (README, fixprose45)."""
    assert said_failing(text.strip()) is None
    assert_not_a_record(text)


@pytest.mark.parametrize("text", [
    "Container antrea-ovs failed liveness probe, will be restarted",
    "  Warning  Killing  1m  kubelet  Container web-0 failed startup probe, will be restarted",
])
def test_the_kubelet_killing_message_is_no_author_statement(text):
    """The kubelet's Killing message (`Container X failed liveness probe, will be restarted`,
    one probe, R4.4) is the event's, read by the event readers: the past of this rule takes
    probes in the plural only."""
    assert said_failing(text) is None


def test_a_hostile_line_is_read_in_one_pass():
    """The new alternative's parts are bounded and share no characters between quantifiers:
    a 2 MB line of its words is read, or refused, in one pass."""
    read_in_one_pass("My pod is " + "unavailable and " * 130_000 + "has been failing x\n")
    read_in_one_pass("My pod is a a a" + " is a" * 400_000 + " readiness probes\n")
    read_in_one_pass("My pod has been failing " + "readiness and " * 150_000 + " probes\n")
    read_in_one_pass("My pod is x and has been failing readiness probes " * 40_000 + "\n")
