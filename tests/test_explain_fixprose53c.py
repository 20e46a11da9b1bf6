"""Held-out batch 115 (fixprose53c): pull-request descriptions that diagnose the author's own pods.

- The case's restarts stated caused by its pods failing probes, or by two or three probes
  failing (litellm-9998: `our litellm deployment keeps restarting because the pods fail
  readiness and liveness probes`; readers/restart_failing.py): of a conjunction each named
  probe failed, the restart the kill of the one that kills (R4.4; a readiness failure restarts
  nothing, R3.4): {1, null}; of a disjunction with the readiness probe only the one that kills
  is read failed (fixprose47's reading).
- The case's probes named by their fields in its spec stated failing (flux-kcl-controller-19:
  `The livenessProbe and readinessProbe failed due to the incorrect HTTP port and path`;
  readers/said_failing.py): each named probe failed, at least once, no count.

Hand-written variants beside those that must stay unread (the readiness probe alone, two probes
that kill, a question, a negation, a conditional, what may happen, another pod's, a guide's
present, field names in a YAML block)."""

from __future__ import annotations

import pytest
from helpers import assert_no_end, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

_L, _R, _S = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP

# ------------------------------------------------ restarts because the pods fail probes


@pytest.mark.parametrize(("text", "kill", "failed"), [
    ("## Increase readinessProbe and livenessProbe for litellm deployment\n\n- our litellm "
     "deployment keeps restarting because the pods fail readiness and liveness probes\n- the "
     "default in k8s is 1s, the pod isn't always able to respond it time\n",
     _L, {_L, _R}),
    ("Our api pods keep restarting because they are failing liveness and readiness checks.\n",
     _L, {_L, _R}),
    ("The worker pods restarted twice because readiness and liveness probes failed.\n",
     _L, {_L, _R}),
    ("My pod keeps restarting due to readiness and startup probe failures.\n", _S, {_S, _R}),
    ("The api container restarts constantly because of failing readiness/liveness probes.\n",
     _L, {_L, _R}),
    # a disjunction with the readiness probe: the one that kills alone (fixprose47)
    ("our litellm deployment keeps restarting because the pods fail readiness or liveness "
     "probes\n", _L, {_L}),
])
def test_restarts_caused_by_failing_probes_are_the_killers_kill(text, kill, failed):
    """A restart caused by probes' failures is the kill of the one among them that kills
    (R4.4), stated once: {1, null}; each probe of a conjunction failed (a readiness failure
    restarts nothing, R3.4, but it is stated failing), of a disjunction only the killer."""
    a = explained_answer(text)
    cause = Cause.LIVENESS_KILL if kill is _L else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, set(a.failed)) == \
        (cause, CountRange(1, None), True, failed)


@pytest.mark.parametrize("text", [
    # the readiness probe alone restarts nothing (R3.4); two that kill joined by `or`: which
    # one, not told (joined by `and`: one kill of either since the lead's decision, stop 60,
    # bothkill: test_explain_fx60f.py)
    "our litellm deployment keeps restarting because the pods fail readiness probes\n",
    "our deployment keeps restarting because the pods fail liveness or startup probes\n",
    # a question, negations, a conditional, what may happen
    "Does our litellm deployment keep restarting because the pods fail readiness and liveness "
    "probes?\n",
    "our litellm deployment is not restarting because the pods fail readiness and liveness "
    "probes\n",
    "our litellm deployment keeps restarting but not because the pods fail readiness and "
    "liveness probes\n",
    "our deployment keeps restarting because the pods don't fail readiness and liveness "
    "probes\n",
    "if the pods fail readiness and liveness probes they restart\n",
    "The deployment restarts if the pods fail readiness and liveness probes.\n",
    "A deployment may keep restarting because the pods fail readiness and liveness probes.\n",
    # no case's subject; another pod's failures
    "Your deployment keeps restarting because the pods fail readiness and liveness probes.\n",
    "Some deployments keep restarting because the pods fail readiness and liveness probes.\n",
    "their litellm deployment keeps restarting because the pods fail readiness and liveness "
    "probes\n",
    "our deployment keeps restarting because other pods fail readiness and liveness probes\n",
    "our deployment keeps restarting because another deployment's pods fail readiness and "
    "liveness probes\n",
])
def test_restarts_not_stated_caused_by_the_cases_failures_read_no_failure(text):
    """The negative side: no probe's failure read (the page refused, or a restart of a name
    no record shows, nothing shown)."""
    assert_no_end(text)


@pytest.mark.parametrize("text", [
    "our deployment keeps restarting because the pods fail " + "readiness and " * 150_000
    + "liveness probes",
    "our pods restart" + " " * 2_000_000 + "because they fail readiness and liveness probes",
    "our pods restart because the pods fail readiness and liveness " * 40_000,
    "restarting because " * 110_000 + "the pods fail",
])
def test_restarts_caused_by_failing_probes_are_read_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, or of spaces."""
    read_in_one_pass(text + "\n")


# ------------------------------------------------ probes named by their fields, failing

_DESCRIBE = ("```\nName:             kcl-controller-65655b4f4f-7fkdj\nNamespace:        "
             "source-system\nStatus:           Running\nIP:               100.96.3.89\n"
             "Containers:\n  manager:\n    Container ID:  containerd://38886d3a0e7e\n"
             "    Image:\n")


@pytest.mark.parametrize(("text", "failed"), [
    ("The livenessProbe and readinessProbe failed due to the incorrect HTTP port and path.\n"
     + _DESCRIBE, {_L, _R}),
    ("The livenessProbe and readinessProbe failed due to the incorrect HTTP port and path.\n",
     {_L, _R}),
    ("Our `startupProbe` has failed since the upgrade.\n", {_S}),
    ("Its readinessProbe, livenessProbe and startupProbe were failing all night.\n",
     {_L, _R, _S}),
])
def test_the_cases_probes_by_their_fields_failing_are_failures(text, failed):
    """The case's probes, named by their fields, stated failed: each at least once, no kill
    shown (cannot-tell, {0, null}: a failure below a threshold the record does not give)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, set(a.failed)) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, failed)


@pytest.mark.parametrize("text", [
    "Did the livenessProbe and readinessProbe fail?\n",
    "Why have the livenessProbe and readinessProbe failed?\n",
    "The livenessProbe and readinessProbe should not fail.\n",
    "The livenessProbe and readinessProbe have not failed.\n",
    "The livenessProbe or readinessProbe failed.\n",
    "If the livenessProbe failed, the pod restarts.\n",
    "A livenessProbe failed.\n",
    "The livenessProbe fails.\n",
    "The other pod's livenessProbe failed.\n",
])
def test_probes_by_their_fields_not_stated_failing_are_no_record(text):
    """The negative side: a question, a negation, `should`, a disjunction (which one, not
    told), a conditional, `a` probe, a guide's present, another pod's: the prose is no record."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_probes_by_their_fields_in_a_yaml_block_are_no_failure():
    """The fields in the pod's spec (a YAML block), and a sentence saying they should not fail
    beside it: no probe's failure read."""
    text = ("The livenessProbe and readinessProbe should not fail with this spec:\n```yaml\n"
            "livenessProbe:\n  httpGet:\n    path: /healthz\n    port: 8081\n"
            "readinessProbe:\n  httpGet:\n    path: /readyz\n    port: 8081\n```\n\n" + _DESCRIBE)
    a = explained_answer(text)
    assert (a.failed, a.shows_failures) == ((), False)


@pytest.mark.parametrize("text", [
    "The " + "livenessProbe and " * 110_000 + "readinessProbe failed",
    "The livenessProbe" + " " * 2_000_000 + "failed",
    "The livenessProbe and readinessProbe " * 60_000,
])
def test_probes_by_their_fields_are_read_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, or of spaces."""
    read_in_one_pass(text + "\n")
