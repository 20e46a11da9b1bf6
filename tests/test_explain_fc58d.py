"""Held-out batch 141 (stop 58, fc58d): a pod the author names by its generated name stated
to have failed its probes, their kind not told.

traefik-9238: `traefik-dc6f7f644-l9522 this pod failed probes at at 2022-08-10T15:58:35-04:00`
(then the same of another pod). The corpus README's rule of stop 58 (fc58d,
readers/named_failed_probes.py): the case's pod by its own generated name (a part holding a
digit: one name, one pod), maybe pointed back at (`this pod`), as the subject of `failed` in the
past with probes or health checks of no kind as its object, is that pod's probe failure, at
least once, no count: which probe, not told, so a liveness or startup kill is not ruled out
(R1.17) nor told, a readiness failure kills nothing (R3.4): cannot-tell, no probe named, kills
{0, null}, failures shown.

Hand-written variants beside it that must stay unread: a subject of no generated name (`a pod`,
`the traefik pod`), the present (a guide's), a negation, a conditional, a question and a
sentence of what may happen."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.message_container import SENTENCE_CONTAINER
from kubesim.explain.readers.named_failed_probes import NAMED_FAILED_PROBES
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.runs import split_runs
from kubesim.spec.model import ProbeType

_MADE = "Probe failed (the record does not tell which probe)"


def _unnamed_failure(text: str, pod: str) -> None:
    a = explained_answer(text, pod=pod)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    # the record's own shape: the name, `this pod`, then `failed probes` (traefik-9238)
    "See logs attached\ntraefik-dc6f7f644-l9522 this pod failed probes at at "
    "2022-08-10T15:58:35-04:00. At the same time, CPU spiked from 0.026 to 2.5 CPU\n",
    # a comma before the pointing back, `its`, health checks
    "traefik-dc6f7f644-l9522, this pod failed its health checks at 16:49:36.\n",
    # the name alone as the subject, in a code span, the past perfect
    "`traefik-dc6f7f644-l9522` has failed probes twice today.\n",
])
def test_a_named_pod_that_failed_probes_of_no_kind(text: str) -> None:
    _unnamed_failure(text, "traefik-dc6f7f644-l9522")


def test_two_named_pods_each_its_own() -> None:
    # (README: one name, one pod) each sentence's pod holds its own failure
    text = ("traefik-dc6f7f644-l9522 this pod failed probes at 15:58.\n\n"
            "traefik-dc6f7f644-7sn58, this pod failed probes at 16:49.\n")
    _unnamed_failure(text, "traefik-dc6f7f644-l9522")
    _unnamed_failure(text, "traefik-dc6f7f644-7sn58")


@pytest.mark.parametrize("line", [
    "a pod failed probes at 15:58.",  # no name
    "the traefik pod failed probes at 15:58.",  # a workload's word, no generated name
    "traefik-ingress failed probes at 15:58.",  # a name with no generated part
    "traefik-dc6f7f644-l9522 fails probes when it is overloaded.",  # a guide's present
    "traefik-dc6f7f644-l9522 never failed probes.",  # a negation
    "traefik-dc6f7f644-l9522 has not failed probes.",
    "If traefik-dc6f7f644-l9522 failed probes, it would be restarted.",  # a conditional
    "Why traefik-dc6f7f644-l9522 failed probes at 15:58?",  # a question
    "traefik-dc6f7f644-l9522 may have failed probes at 15:58.",  # what may happen
    "traefik-dc6f7f644-l9522 failed liveness probes at 15:58.",  # a kind: another rule's
])
def test_near_variants_read_no_failure_of_no_kind(line: str) -> None:
    runs = split_runs(line + "\n")
    assert runs is None or _MADE not in runs.text


def test_hostile_line_in_one_pass() -> None:
    # a name's parts and the pointing back repeated over 2 MB, each place looked at once
    hostile = ("a1-" * 300 + " this pod failed ") * 4000
    assert len(hostile) > 2_000_000
    read_in_one_pass(hostile[:2_000_000])
    read_in_one_pass("failed probes " + "a-1" * 700_000)
    # a name of more parts than a pod's name holds is no name: found nowhere, no backtracking
    assert NAMED_FAILED_PROBES.search("x1-" * 700_000 + "x1 failed probes") is None


# ------------------------------------------------ the container a sentence names above a message
# (README, stop 58, fc58d: a sentence ending its line in a colon names the case's container and
# its probe's failure; the kubelet's message on the next line is that container's, R2.3)

_REFUSED = 'Readiness probe failed: Get "http://10.0.0.8:8002/ready": dial tcp 10.0.0.8:8002: ' \
    'connect: connection refused'


def _message_under(sentence: str, message: str = _REFUSED) -> str:
    return f"The pods are Running 1/2. {sentence}\n`{message}`\nHow can I resolve it?\n"


@pytest.mark.parametrize(("sentence", "name"), [
    # the record's own shape (contour-5400): a capitalised name, read as its lower-case name
    ("The Envoy container does not enter the healthy state because the readiness probe "
     "failed:", "envoy"),
    # a name in a code span, `its` probe, the present
    ("Our `envoy-proxy` container never gets ready, its readiness probe fails:", "envoy-proxy"),
])
def test_a_sentence_names_the_container_of_the_message_below(sentence: str, name: str) -> None:
    a = explained_answer(_message_under(sentence), container=name)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.READINESS_ONLY, (ProbeType.READINESS,), CountRange(0, 0), True)


@pytest.mark.parametrize("text", [
    _message_under("The main container does not get ready because the readiness probe failed:"),
    _message_under("A container does not get ready because the readiness probe failed:"),
    _message_under("The Envoy container is ready and its readiness probe has not failed:"),
    _message_under("If the Envoy container is slow, the readiness probe fails:"),
    _message_under("Why does the Envoy container stop because the readiness probe failed:"),
    _message_under("The Envoy container may restart because the readiness probe fails:"),
    # the sentence's kind is not the message's
    _message_under("The Envoy container restarts because the liveness probe failed:"),
    # a blank line between, the colon not ending the line
    f"The Envoy container is not ready because the readiness probe failed:\n\n`{_REFUSED}`\n",
    f"The Envoy container is not ready because the readiness probe failed: see below\n"
    f"`{_REFUSED}`\n",
])
def test_near_variants_name_no_container(text: str) -> None:
    record = parse_record(text, "r.txt")
    assert all(e.container is None for p in record.pods for e in p.events)
    assert all(c.name is None for p in record.pods for c in p.containers)


def test_sentence_container_hostile_in_one_pass() -> None:
    hostile = ("the a container " * 130_000)[:2_000_000] + "the readiness probe failed:\n"
    read_in_one_pass(hostile + _REFUSED + "\n")
    assert SENTENCE_CONTAINER.search(hostile.rstrip("\n")) is not None
    read_in_one_pass("the x container " + "a" * 2_000_000 + " the readiness probe failed:\n"
                     + _REFUSED + "\n")


# ------------------------------------------------ a note's pod, its article dropped, restarting
# (README, stop 58, fc58d; fixprose43: a capitalised name opening its sentence before `pod`,
# its words joined by dashes a part of the record's one pod name, restarting: an end of no cause)

_DESCRIBE = ("oc describe pod nginx-ingress-operator-controller-manager-7c9d8899f8-dkt6b -n ops\n\n"
             "Name:         nginx-ingress-operator-controller-manager-7c9d8899f8-dkt6b\n"
             "Namespace:    openshift-operators\n"
             "Priority:     0\n"
             "Node:         10.73.184.244/10.73.184.244\n"
             "Start Time:   Fri, 16 Jul 2021 15:16:02 +0530\n"
             "Labels:       control-plane=controller-manager\n")


def _bug(sentence: str) -> str:
    return f"**Describe the bug**\n{sentence}\n\n**To Reproduce**\n{_DESCRIBE}"


@pytest.mark.parametrize("sentence", [
    # the record's own shape (nginx-ingress-operator-139): OOMKILL is no reason's word
    "Nginx Ingress Operator v0.3.0 pod keep on restarting with OOMKILL",
    "Ingress Operator pod keeps restarting.",
    "- Nginx Ingress Operator container was restarting every few minutes.",
])
def test_a_note_pod_named_by_the_record_restarting(sentence: str) -> None:
    a = explained_answer(_bug(sentence))
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, None), True)


@pytest.mark.parametrize("sentence", [
    "Traefik Proxy pod keep on restarting with OOMKILL",  # another pod's name
    "Nginx Proxy pod keep on restarting",  # `proxy` no part of the record's pod's name
    "I think Nginx Ingress Operator pod keeps restarting",  # not opening; a guess
    "Nginx Ingress Operator pod keep on restarting?",  # a question
    "Nginx Ingress Operator pod never restarted",  # a negation
    "Nginx Ingress Operator pod may keep restarting",  # what may happen
    "If Nginx Ingress Operator pod keeps restarting, raise its limits.",  # a conditional
])
def test_near_variants_read_no_restart(sentence: str) -> None:
    a = explained_answer(_bug(sentence))
    assert (a.cause, a.failed, a.shows_failures) == (Cause.CANNOT_TELL, (), False)


def test_note_restart_hostile_in_one_pass() -> None:
    read_in_one_pass(_bug(("Nginx Ingress Operator " * 90_000)[:2_000_000] + " pod keeps restarting"))
    read_in_one_pass(_bug("A1 " * 660_000 + "v1.2.3 pod keep on restarting"))


# ------------------------------------------------ the app's end in a log given as the pod's
# (README, stop 58, fc58d; the rule of a runtime's line printed only as its process ends:
# Go's `panic:` with a goroutine's traceback, runtime/panic.go, exit 2)

_PANIC = ("```\n"
          '{"level":"info","ts":1586198609.96,"msg":"begin sync (176 upstreams)"}\n'
          "panic: send on closed channel\n\n"
          "goroutine 97338 [running]:\n"
          "github.com/solo-io/gloo/projects/gloo/pkg/plugins/consul.refreshSpecs(0x3579d20)\n"
          "        /workspace/gloo/projects/gloo/pkg/plugins/consul/eds.go:168 +0x48d\n")


@pytest.mark.parametrize("intro", [
    # the record's own shape (kgateway-2736)
    "Gloo is crashing 'randomly' when polling Consul for services.\n\n"
    "Each crash has the following events in the pod's logs",
    "Here are the logs of our gloo pod:",
    "My gloo container's log:",
])
def test_an_app_end_in_the_case_pods_log(intro: str) -> None:
    a = explained_answer(f"{intro}\n{_PANIC}")
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    _PANIC,  # no sentence gives the log as a pod's: any program's
    f"Gloo prints this in your pod's logs:\n{_PANIC}",  # a log of no case's
    f"If the pod's logs show this, restart it:\n{_PANIC}",  # a conditional
    f"Is this in the pod's logs?\n{_PANIC}",  # a question
    f"There is nothing like it in the pod's logs, but the CLI printed:\n{_PANIC}",  # a negation
    f"{_PANIC}\nThe pod's logs show nothing else.",  # after the end: no log introduced
    "Each crash has the following events in the pod's logs\n```\n"
    "panic: send on closed channel\n```\n",  # no goroutine's traceback
])
def test_near_variants_read_no_logged_end(text: str) -> None:
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_logged_end_hostile_in_one_pass() -> None:
    read_in_one_pass(("the a b pod's " * 150_000)[:2_000_000] + " logs\n" + _PANIC)
    read_in_one_pass("logs of the " + "x " * 1_000_000 + "pod:\n" + _PANIC)
