"""Statements of the case in an author's prose, held-out batches 45 and 46 (fixprose45;
readers/stated_cause.py):

- a liveness or startup failure stated first and the restart it caused after it, its connector
  after the restart (superset-25225's `Superset Workers always fail liveness probes and restart
  every 5 minutes as a result`), the subject the case's own or its pods named by their workload
  (plural, no determiner): that probe's failure and one kill of it (R4.4);
- the restarts the author is seeing, caused by a probe's failures (lightdash-18481's `We are
  seeing pod restarts based on livez probes failing`; `livez`, the liveness endpoint's
  conventional name, read as the liveness probe): the same kill;
- a probe's failure the case's own pod or container shows (openyurt-276's `yurt-hub keeps
  restarting and shows livenessProbe failure`): that probe's failure, at least once, no kill
  (`and` states no cause).

Hand-written variants beside those that must stay unread (an `Expected results` section, a
conditional, a question, a negation, a general statement, `Pods`, `Kubernetes pods`, a readiness
probe or `readyz`)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ the cause first, the restart and its connector


@pytest.mark.parametrize(("text", "probe"), [
    ("### Actual results\n\nSuperset Workers always fail liveness probes and restart every 5 "
     "minutes as a result.\n", ProbeType.LIVENESS),
    ("The pods keep failing their liveness probe and get restarted because of it.\n",
     ProbeType.LIVENESS),
    ("my-api-0 fails its startup probe, so it restarts.\n", ProbeType.STARTUP),
    ("Our worker containers fail the startup check and restart as a result.\n",
     ProbeType.STARTUP),
    ("Celery Workers fail liveness probes and are restarted due to this.\n", ProbeType.LIVENESS),
])
def test_a_failure_then_the_restart_it_caused_is_one_kill_at_least(text, probe):
    """A liveness or startup failure restarts a container only by the kubelet's kill (R4.4): a
    restart of the case's pods stated after the failure, joined to it by a connector of cause
    (`as a result`, `because of it`, `so they restart`), is that probe's kill, once: {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # what the author expected, not what happened
    "### Expected results\n\nSuperset Workers fail liveness probes and restart as a result.\n",
    "**Expected behavior**\nThe pods fail liveness probes and restart as a result.\n",
    # a conditional, a question, a negation, what may happen, a general statement
    "If the pods fail liveness probes and restart as a result, raise the timeout.\n",
    "Do the Superset Workers fail liveness probes and restart as a result?\n",
    "Superset Workers do not fail liveness probes and restart as a result.\n",
    "The pods never fail liveness probes and restart as a result.\n",
    "Superset Workers can fail liveness probes and restart as a result.\n",
    "Pods fail liveness probes and restart as a result.\n",
    "Kubernetes pods fail liveness probes and restart as a result.\n",
    "Some pods fail liveness probes and restart as a result.\n",
    # the readiness probe restarts nothing (R3.4); no connector of cause
    "Superset Workers fail readiness probes and restart as a result.\n",
    "Superset Workers fail liveness probes and restart every 5 minutes.\n",
])
def test_a_failure_then_restart_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the restarts the author sees a probe caused


@pytest.mark.parametrize(("text", "probe"), [
    ("### Description\n\nWe are seeing pod restarts based on livez probes failing before we see "
     "traffic being shutdown\n", ProbeType.LIVENESS),
    ("We see container restarts due to liveness probe failures.\n", ProbeType.LIVENESS),
    ("I am getting restarts because of failing startup probes.\n",
     ProbeType.STARTUP),
    ("We have been experiencing pod restarts caused by liveness probes failing.\n",
     ProbeType.LIVENESS),
])
def test_restarts_seen_caused_by_a_probe_are_one_kill_at_least(text, probe):
    """Restarts the author is seeing, caused by a probe's failures: that probe's kill (R4.4), a
    `livez` probe the liveness probe (its endpoint's conventional name): {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    "We are not seeing pod restarts based on livez probes failing.\n",
    "If we see pod restarts due to liveness probe failures, we raise the threshold.\n",
    "Are we seeing pod restarts based on livez probes failing?\n",
    "We could see pod restarts due to liveness probe failures.\n",
    "We are seeing pod restarts based on readyz probes failing.\n",
    "We are seeing pod restarts based on readiness probes failing.\n",
    "Pod restarts based on livez probes failing are expected.\n",
    "### Expected behaviour\n\nWe see pod restarts due to liveness probe failures.\n",
])
def test_restarts_seen_of_no_case_or_of_what_may_happen_are_no_record(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ a probe's failure the case's pod shows

_DESCRIBE = """```text
Name:                 yurt-hub-oy-edge2
Namespace:            kube-system
Status:               Running
Containers:
  yurt-hub:
    Container ID:  docker://4c504d5d33c7fd7189516ca20666b74212a7f20f35ab8a6f2c58797cfef5751f
    Image:         openyurt/yurthub:latest
    Port:          <none>
"""


@pytest.mark.parametrize(("said", "probe", "cause"), [
    ("But after installation, yurt-hub keeps restarting and shows livenessProbe failure.",
     "liveness", Cause.CANNOT_TELL),
    ("The yurt-hub container has readiness probe failures.", "readiness",
     Cause.READINESS_ONLY),
    ("yurt-hub's liveness probe fails.", "liveness", Cause.CANNOT_TELL),
    ("The pod restarts and its liveness probe keeps failing.", "liveness", Cause.CANNOT_TELL),
    ("After the upgrade, the pod keeps restarting and shows startup probe failures.", "startup",
     Cause.CANNOT_TELL),
])
def test_a_failure_the_cases_pod_shows_is_that_probes_failure(said, probe, cause):
    """The probe's failure, at least once; restarts joined by `and` state no cause: no kill
    (a liveness or startup failure: cannot-tell, {0, null}, the describe cut before its
    state; a readiness failure ends nothing, R3.4)."""
    a = explained_answer(said + "\n\n" + _DESCRIBE)
    assert (a.cause, a.probe_kills.lo, a.shows_failures, a.failed) == \
        (cause, 0, True, (ProbeType(probe),))


@pytest.mark.parametrize(("said", "given"), [
    ("But after installation, yurt-hub keeps restarting and shows livenessProbe failure.", True),
    ("yurt-hub-oy-edge2 restarts repeatedly and shows liveness probe failures.", True),
    ("The pod keeps restarting and shows liveness probe failures.", True),
    ("The pod restarts and its liveness probe keeps failing.", True),
    ("The yurt-hub container keeps restarting and shows liveness probe failures.", True),
    # no restarts stated; a name of no container or pod of the record's
    ("The yurt-hub container has liveness probe failures.", False),
    ("kube-proxy keeps restarting and shows livenessProbe failure.", False),
    ("The kube-proxy container keeps restarting and shows livenessProbe failure.", False),
])
def test_restarts_beside_a_failure_shown_are_the_named_containers_end(said, given):
    """`keeps restarting and shows ... failure`: the container the sentence names (its name, its
    pod's or the start of it, `the pod`) ended at least once, what ended it not stated: given
    to the describe's one container, cut before its state; another name stays apart."""
    found = parse_record(said + "\n\n" + _DESCRIBE, "r.txt")
    [own] = next(p for p in found.pods if p.name == "yurt-hub-oy-edge2").containers
    assert (own.terminated is not None) is given
    assert len([p for p in found.pods if p.containers]) == 1 + ("kube-proxy" in said)


@pytest.mark.parametrize("said", [
    "yurt-hub does not show livenessProbe failure.",
    "If yurt-hub shows livenessProbe failure, check the port.",
    "Why does yurt-hub show livenessProbe failure?",
    "Does yurt-hub have readiness probe failures?",
    "yurt-hub can show livenessProbe failure when the port is closed.",
    "Pods show liveness probe failures when the port is closed.",
    "A pod has liveness probe failures when its port is closed.",
    "### Expected results\n\nyurt-hub shows no livenessProbe failure and the liveness probe "
    "is fine.",
])
def test_a_failure_of_no_case_or_of_what_may_happen_is_none(said):
    a = explained_answer(said + "\n\n" + _DESCRIBE)
    assert (a.failed, a.shows_failures) == ((), False)


# ---------------------------------------------------------------- one pass


@pytest.mark.parametrize("text", [
    "Superset Workers fail liveness probes and restart" + " " * 2_000_000 + "as a result",
    "Superset Workers always fail liveness probes and restart every " * 32_000,
    "the pods fail liveness " * 90_000 + "probes and restart as a result",
    "We are seeing pod restarts based on " * 60_000 + "livez probes failing",
    "We are seeing pod restarts" + " " * 2_000_000 + "based on livez probes failing",
    "yurt-hub keeps restarting and shows " * 60_000 + "livenessProbe failure",
    "yurt-hub keeps restarting and " + "shows livenessProbe " * 100_000 + "failure",
    "### Expected results\n" * 100_000 + "the pods fail liveness probes and restart as a result",
])
def test_the_prose45_rules_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of spaces, the patterns' words or the whole sentence."""
    read_in_one_pass(text + "\n")
