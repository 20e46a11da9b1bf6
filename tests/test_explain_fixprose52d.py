"""Held-out batch 107 (fixprose52d): the case's pod stated in a status in prose.

- The pod stated to come to CrashLoopBackOff with `results in status` (pascaliske-helm-charts-
  782: `I get this error `Readiness probe failed: ... connection refused` and the pod results
  in status `CrashLoopBackOff`.`, then a fence of probe YAML cut from a container's spec): the
  case's pod stated in CrashLoopBackOff is a back-off whose restarts no count bounds (the
  corpus README's prose rule), so readiness failures beside that end are not readiness-only:
  cannot-tell, readiness, {0, null}, failures shown. `results in`, `ends up in` and `goes to
  status` read as `ended up in` (stated_crashloop.py, widened at fixprose52d); the record's
  pieces of no name (the probe YAML's container, the message alone) make one pod, whose one
  container takes the statement of `the pod`.

- The author's perception of the case's pod restarting, with a count, beside a describe of that
  one pod cut at `State:` (fluxcd-source-controller-192: `I have noticed that the
  source-controller pod of my gotk deployment restarting a huge number of times over the
  weekend (148 times -- version 0.1.1)`): the case's pod stated restarting, no cause given, its
  count the author's (the README's prose rules: a restart with no cause; the first-person count
  bounds nothing): its container ended, at least once (cannot-tell, no probe, {0, null},
  failures shown). restart_said.case_restart reads `I noticed (that) the pod restarting`
  (its subject's owner after `of`); restarts_beside.py gives it to the describe's one
  container, as zh_restarts_beside.py does in Chinese.

Hand-written variants beside those that must stay unread: a question, a negation, a
conditional, a guide's `a pod`, `your pod`, a future, `goes to` another status; another pod's
name, a cause given, a restart someone made (`was restarted`)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange, ProbeType
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ `the pod results in status CrashLoopBackOff`

_KEYCLOAK = (
    "Hi,\nI'm trying to deploy _Keycloak_ using this helm chart.\n"
    "However, I get this error `Readiness probe failed: Get \"http://100.64.1.42:9000/health/"
    "ready\": dial tcp 100.64.1.42:9000: connect: connection refused` {said}\n\n"
    "In my understanding this error is related to following checks:\n```\n"
    "       livenessProbe:\n          failureThreshold: 3\n          httpGet:\n"
    "            path: /health/live\n            port: metrics\n            scheme: HTTP\n"
    "          periodSeconds: 10\n        name: keycloak\n        ports:\n"
    "        - containerPort: 9000\n          name: metrics\n          protocol: TCP\n"
    "        readinessProbe:\n          failureThreshold: 3\n          httpGet:\n"
    "            path: /health/ready\n            port: metrics\n"
    "          periodSeconds: 10\n```\n")


@pytest.mark.parametrize("said", [
    "and the pod results in status `CrashLoopBackOff`.",
    "and the pod results in `CrashLoopBackOff`.",
    "and the pod ends up in CrashLoopBackOff.",
    "and the pod goes to status **CrashLoopBackOff**.",
    "and my pod resulted in a CrashLoopBackOff state.",
])
def test_readiness_failures_beside_the_pod_stated_in_crashloopbackoff_are_no_readiness_only(said):
    """The case's pod stated to come to CrashLoopBackOff (`results in status`, `results in`,
    `ends up in`, `goes to status`) beside a readiness probe's message alone and probe YAML
    of no pod's name: an end shown, its cause not (cannot-tell, readiness, {0, null},
    failures shown)."""
    a = explained_answer(_KEYCLOAK.format(said=said))
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (ProbeType.READINESS,), CountRange(0, None), True)


@pytest.mark.parametrize("said", [
    "and the pod results in status `CrashLoopBackOff`?",
    "and the pod never ends up in CrashLoopBackOff.",
    "; if the pod results in status CrashLoopBackOff, check the port.",
    "; a pod ends up in CrashLoopBackOff when this happens.",
    "and your pod results in status CrashLoopBackOff.",
    "and the pod will end up in CrashLoopBackOff.",
    "and the pod goes to status Running.",
])
def test_readiness_failures_beside_no_stated_end_stay_readiness_only(said):
    """The negative side: a question, a negation, a conditional, a guide's `a pod`, `your
    pod`, a future, another status: the readiness failures alone end nothing (readiness-only,
    {0, 0})."""
    a = explained_answer(_KEYCLOAK.format(said=said))
    assert (a.cause, a.probe_kills) == (Cause.READINESS_ONLY, CountRange(0, 0))


@pytest.mark.parametrize("text", [
    "After the upgrade the pod results in status CrashLoopBackOff.\n",
    "The api-server pod ends up in `CrashLoopBackOff`.\n",
    "Our worker pods went to status CrashLoopBackOff after the upgrade.\n",
])
def test_the_pod_stated_to_come_to_crashloopbackoff_in_prose_alone_is_its_back_off(text):
    """A page of prose alone stating the case's pod comes to CrashLoopBackOff: a back-off whose
    restarts no count bounds (cannot-tell, no probe, {0, null}, failures shown)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "Does the pod end up in CrashLoopBackOff?\n",
    "The pod results in status CrashLoopBackOff?\n",
    "If the pod results in status CrashLoopBackOff, look at its logs.\n",
    "A pod ends up in CrashLoopBackOff when its container keeps exiting.\n",
    "Your pod results in CrashLoopBackOff because of the missing key.\n",
    "The pod no longer ends up in CrashLoopBackOff.\n",
    "The pod goes to CrashLoopBackOff.\n",
    "The pod results in status CrashLoop.\n",
])
def test_a_status_come_to_of_no_case_stays_refused(text):
    """The negative side, prose alone: a question, a conditional, a guide's `a pod`, `your
    pod`, a negation, `goes to` without the status's word, the status word cut: refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ `I have noticed that the pod ... restarting`

_FLUX = (
    "{prose}\n```\n$> k describe po -n gotk-system source-controller-5cc54c757c-ccwz8\n"
    "Name:         source-controller-5cc54c757c-ccwz8\nNamespace:    gotk-system\n"
    "Priority:     0\nStart Time:   Mon, 02 Nov 2020 13:57:18 +0000\nStatus:       Running\n"
    "Controlled By:  ReplicaSet/source-controller-5cc54c757c\nContainers:\n  manager:\n"
    "    Image:         my-registry.com/fluxcd/source-controller:v0.2.1\n"
    "    Ports:         9090/TCP, 8080/TCP\n    State:")


@pytest.mark.parametrize("prose", [
    "I have noticed that the source-controller pod of my gotk deployment restarting a huge "
    "number of times over the weekend (148 times -- version 0.1.1).",
    "We saw the source-controller pod restarting 148 times over the weekend.",
    "I noticed the pod constantly restarting.",
    "The source-controller pod kept restarting over the weekend.",
    "Since the upgrade, our pod was restarting about twice every half hour.",
])
def test_restarts_of_the_cases_pod_beside_a_describe_cut_at_state_are_its_end(prose):
    """The case's pod (`the pod`, its workload's name) stated restarting, perceived by the
    author or told, beside a describe of that one pod cut at `State:`: its container ended,
    at least once, what ended it not stated (cannot-tell, no probe, {0, null}, shown)."""
    a = explained_answer(_FLUX.format(prose=prose))
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, None), True)


@pytest.mark.parametrize("prose", [
    "Have you noticed the source-controller pod restarting?",
    "I have not noticed the source-controller pod restarting.",
    "If you see the pod restarting, check the logs.",
    "I noticed a pod restarting in another namespace.",
    "I noticed the helm-operator pod restarting.",
    "I noticed the pod restarting because of the liveness probe.",
    "The pod was restarted by me.",
    "I noticed that your pod restarting is normal.",
])
def test_restarts_of_no_case_beside_a_describe_cut_at_state_show_nothing(prose):
    """The negative side: a question, a negation, a conditional, a guide's `a pod`, another
    pod's name, a cause given (its own rules read it), a restart someone made, `your pod`:
    the describe cut at `State:` shows nothing."""
    a = explained_answer(_FLUX.format(prose=prose))
    assert (a.cause, a.shows_failures) == (Cause.CANNOT_TELL, False)


@pytest.mark.parametrize("text", [
    "I noticed the pod restarting over the weekend.\n",
    "We have seen that the api container of our gateway restarting again and again.\n",
])
def test_the_authors_perception_of_the_pod_restarting_in_prose_alone_is_its_end(text):
    """A page of prose alone: the author's perception of the case's pod restarting reads as
    `was restarting` does (cannot-tell, no probe, {0, null}, failures shown)."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, None), True)


# ------------------------------------------------ one pass


@pytest.mark.parametrize("text", [
    "the pod results in " * 110_000 + "CrashLoopBackOff\n",
    "the pod results" + " " * 2_000_000 + "in status CrashLoopBackOff\n",
    "the pod goes to" + " " * 2_000_000 + "status CrashLoopBackOff\n",
    "the pod ends up in status " * 80_000 + "CrashLoopBackOff\n",
    "I noticed the pod of my " * 90_000 + "app restarting\n",
    "I noticed that the pod" + " " * 2_000_000 + "restarting\n",
    "we saw the pod of " + "a " * 1_000_000 + "restarting\n",
    _FLUX.format(prose="I noticed the pod restarting " * 70_000),
])
def test_the_fixprose52d_readers_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
