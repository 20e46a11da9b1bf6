"""Held-out batch 60 (fixapart61): the kubelet's or Kubernetes' kill or restart of a bare name,
stated in the active voice in a page nothing else is read from (`the kubelet killed cloudflared
every ~3 minutes`, xunholy-k8s-gitops-4204; readers/agent_killed.py, widening stated_apart.py's
rule of fixprose50 and fixprose59): answered cannot-tell, no failure shown, kills open, the
sentence as why, saying it names no pod or container of the record. A probe named as the kill's
cause is the bare name's, no case's: answered the same, and the answer says no probe's failure
is read.

Hand-written variants beside those that must stay refused: a guide's present, conditionals,
questions, negations, what may have happened, a kill of the case's pod (another rule's, or none),
a pod of no case, a pronoun, a possessive."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record


@pytest.mark.parametrize(("text", "agent", "name"), [
    ("so while the UniFi gateway's DNS was failing the kubelet killed cloudflared every ~3 "
     "minutes: 52+\nrestarts per pod.\n", "the kubelet", "cloudflared"),
    ("Kubernetes kept killing plex all night.\n", "Kubernetes", "plex"),
    ("k8s restarted sidekiq every few minutes.\n", "k8s", "sidekiq"),
    ("The kubelet has been restarting traefik since the upgrade.\n", "The kubelet", "traefik"),
    ("Last night kubelet repeatedly killed grafana.\n", "kubelet", "grafana"),
])
def test_a_kill_by_the_kubelet_of_a_bare_name_is_answered_cannot_tell_with_why(
        text, agent, name):
    """The kubelet's or Kubernetes' past or progressive kill or restart of a bare name: a case
    stated, answered cannot-tell, no failure, kills open, the sentence named as why."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), False, ())
    assert f"by `{agent}` of `{name}`" in a.because
    assert "names no pod or container of the record" in a.because
    assert "whether a probe did" in a.because and "probe's failure" not in a.because


@pytest.mark.parametrize("text", [
    "The kubelet killed cloudflared because its liveness probe failed.\n",
    "Kubernetes restarted sidekiq since the livenessProbe was failing.\n",
    "k8s kept killing plex: its readiness and liveness probes timed out.\n",
])
def test_a_probe_named_as_the_cause_of_a_bare_names_kill_is_no_cases(text):
    """A probe the sentence names as the kill's cause is the bare name's probe, of no pod or
    container the record shows: no probe's failure read, and the answer says so."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), False, ())
    assert "no probe's failure is read" in a.because


@pytest.mark.parametrize("text", [
    # a guide's present, what may or would happen, a conditional, the future
    "The kubelet kills the container when the liveness probe fails.\n",
    "k8s restarts sidekiq when its probe fails.\n",
    "If the kubelet killed cloudflared, check the probe.\n",
    "The kubelet may have killed cloudflared.\n",
    "The kubelet could have killed cloudflared.\n",
    "The kubelet will kill cloudflared if the probe fails.\n",
    "Usually the kubelet killed cloudflared when DNS failed.\n",
    # questions
    "Why has the kubelet killed cloudflared?\n",
    "Did Kubernetes keep killing plex?\n",
    # negations, what to avoid
    "The kubelet never killed cloudflared.\n",
    "Kubernetes did not restart sidekiq.\n",
    "To avoid the kubelet killed cloudflared, raise the timeout.\n",
    # a pod of no case, a pronoun (the case's pod or container: agent_end.py's, below)
    "The kubelet killed a pod.\n",
    "The kubelet killed it again.\n",
    "Kubernetes restarted every pod.\n",
    # a possessive, a pod's word after the name: a pod's, no bare name
    "The kubelet killed cloudflared's pod.\n",
    "The kubelet killed cloudflared pods every 3 minutes.\n",
])
def test_a_kill_by_the_kubelet_of_no_bare_name_or_not_stated_stays_refused(text):
    """The negative side: the page of prose alone states no case and stays refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "The kubelet killed my pod.\n",
    "The kubelet killed our cloudflared pod.\n",
    "The kubelet killed the container.\n",
])
def test_a_kill_by_the_kubelet_of_the_cases_pod_is_an_end_of_no_told_cause(text):
    """The case's own pod or container killed by the kubelet, no cause told (agent_end.py, the
    corpus README's stop-57 rule, fc57c): an end whose cause the page does not tell (the kubelet
    kills for a probe, R4.4, for a deletion or an eviction, and for a sandbox change, R4.1):
    cannot-tell, no probe failed, kills open; never a bare name's kill, never a probe's."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.shows_failures) == (Cause.CANNOT_TELL, (), True)
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, None)


def test_a_kill_of_the_cases_pod_is_not_taken_for_a_bare_names():
    """The kubelet's kill of the case's pod (`my pod`) beside a record of it is read by the
    rules of the case's own pod, not answered as a bare name's kill."""
    text = ("The kubelet killed my pod web-0 because its liveness probe failed.\n"
            "NAME    READY   STATUS    RESTARTS   AGE\n"
            "web-0   1/1     Running   3          10m\n")
    assert "a kill or restart by" not in explained_answer(text).because


@pytest.mark.parametrize("text", [
    "the kubelet killed cloudflared " * 70_000 + "\n",
    "the kubelet " * 170_000 + "killed cloudflared\n",
    "k8s kept killing " + "plex-" * 400_000 + "\n",
    "Kubernetes restarted sidekiq liveness probe " * 45_000 + "\n",
])
def test_the_rule_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
