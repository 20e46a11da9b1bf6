"""Statements of the case in an author's prose, held-out batches 37 and 38 (fixprose38):

- a restart of the case's own pods or container stated as caused by a liveness or startup
  probe's failure (minio-6455's `the pods restart everytime the probe fails ... there is a lot
  of restart because the liveness failed`): that probe's failure and one kill of it (R4.4: such
  a failure restarts a container only by the kubelet's kill); probe_restart.py;
- such a kill stated of the case's pods, several, beside a record of several pods of one
  workload (minio-0 to minio-3): each one's; stated_pod.give_stated_kills;
- a kill of the case's pods stated with Kubernetes as its agent right after the case's
  probes stated failing, in a post-mortem (vdnt-k8s-liveness-probes' `causing probes to fail.
  Kubernetes killed the pods`): the one killing probe the paragraph names; probe_restart.py;
- a pod's status stated in a sentence naming the pod by its workload's name (`the mongodb pod
  goes into CrashLoopBackOff`) beside events naming one pod (aks-store-demo-197's
  `pod/mongodb-0`): that pod's, not a pod of its own; stated_pod.name_stated_piece.

Hand-written variants beside those that must stay unread (a conditional, a question, a sentence
of what may happen, `pods`, `a pod`, the readiness probe, another workload, pods of several
workloads, one pod of several). The corpus README's prose rules say what each is read as."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.cli.main import main
from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType


def _explained(tmp_path: Path, text: str, pod: str | None = None) -> dict[str, Any]:
    path = tmp_path / "record.txt"
    path.write_text(text, encoding="utf-8")
    args = ["explain", str(path), "--format", "json", "--no-suggest", "--phases", "1"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(args + (["--pod", pod] if pod else [])) == 0
    return dict(json.loads(out.getvalue()))


def _pod_answer(tmp_path: Path, text: str, pod: str) -> dict[str, Any]:
    [container] = _explained(tmp_path, text, pod)["containers"]
    return dict(container["answer"])


# ---------------------------------------------------------------- a restart a probe caused


@pytest.mark.parametrize(("text", "probe"), [
    ("My pod restarted because the liveness probe failed.\n", ProbeType.LIVENESS),
    ("Our api-gateway container keeps restarting due to the startup probe failing.\n",
     ProbeType.STARTUP),
    ("payments-api-6d8f9c7b5-x2k4p restarts because of liveness probe failures.\n",
     ProbeType.LIVENESS),
    ("the pods restart every few minutes, as we can see there is a lot of restart because "
     "the liveness failed.\n", ProbeType.LIVENESS),
    ("The   worker   pod   restarted   because   its   liveness   check   failed.\n",
     ProbeType.LIVENESS),
])
def test_a_restart_of_the_case_a_probe_failure_caused_is_one_kill_at_least(text, probe):
    """A liveness or startup failure restarts a container only by the kubelet's kill (R4.4):
    a restart of the case's own pod or container stated as caused by it is that probe's
    failure and one kill of it, stated once: {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


def test_a_restart_told_after_the_kill_is_the_same_kill():
    """The kill stated with the probe as its agent, then the restart it caused: the author
    tells one kill twice (read once, as prose35's heading and paragraph)."""
    a = explained_answer("The liveness probe killed the pod.\n\nMy pod restarted because the liveness "
                "probe failed.\n")
    assert (a.cause, a.probe_kills) == (Cause.LIVENESS_KILL, CountRange(1, None))


@pytest.mark.parametrize("text", [
    "Pods restart because the liveness probe fails.\n",
    "A pod restarts because its liveness probe failed.\n",
    "If the pod restarts because the liveness probe failed, raise failureThreshold.\n",
    "Did the pod restart because the liveness probe failed?\n",
    "The pod may restart because the liveness probe fails.\n",
    "The pod usually restarts because the liveness probe fails.\n",
    # (`The pod restarted because the readiness probe failed.` is read since fc55r as a
    # readiness failure and an end of no stated cause, no kill: R3.4, bytestash-217)
    "The pod restarted because of OOM, not because the liveness probe failed.\n",
    "The pod restarted twice, but never because the liveness probe failed.\n",
    "Se o pod restart because the liveness probe failed, aumente o limite.\n",
])
def test_a_restart_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: no case's subject (`pods`, `a pod`), a conditional, a question, a
    sentence of what may happen, the readiness probe (it restarts nothing, R3.4), a restart
    not caused by the probe: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# -------------------------------------- a post-mortem's kill by Kubernetes after the probes failed


@pytest.mark.parametrize(("text", "probe"), [
    ("The liveness probe had a 1-second timeout. Under load, all calls slowed down, causing "
     "probes to fail. Kubernetes killed the pods, and the outage spread.\n", ProbeType.LIVENESS),
    ("Our startup probes failed during the migration. The kubelet killed our api containers.\n",
     ProbeType.STARTUP),
    ("14:05 - the checkout pods were failing their liveness probes; K8s killed the checkout "
     "pods\n", ProbeType.LIVENESS),
])
def test_a_kill_by_kubernetes_after_the_cases_probes_failed_is_one_kill_at_least(text, probe):
    """A post-mortem's telling: the case's probes failed, then Kubernetes (the kubelet) killed
    the case's pods, in a paragraph naming one probe that kills: that probe's kill (R4.4),
    stated once: {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    "When liveness probes fail, Kubernetes kills the pods.\n",
    "If the liveness probes failed, Kubernetes killed the pods.\n",
    "The liveness probes failed. Why Kubernetes killed the pods?\n",
    "The liveness probes failed. Kubernetes killed pods across the cluster.\n",
    "The liveness probes failed. Kubernetes may have killed the pods.\n",
])
def test_a_kill_by_kubernetes_of_no_failure_or_of_what_may_happen_is_no_record(text):
    """A guide's present, a conditional, a question, `pods` with no determiner, a kill of what
    may happen: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "Kubernetes killed the pods.\n",
    "The liveness probe was fine. Kubernetes killed the pods.\n",
    "The readiness probes failed. Kubernetes killed the pods.\n",
    "The liveness and readiness probes failed. Kubernetes killed the pods.\n",
    "Liveness probes can fail under load. Kubernetes killed the pods.\n",
])
def test_a_kill_by_kubernetes_of_no_probe_told_failing_is_no_probe_kill(text):
    """No probe stated failing before the kill (juejin-7550160737245184034's `K8s` kill), a
    readiness probe named (which of the two failed the paragraph does not say; readiness never
    kills, R4.4), a general present of what may fail: no probe's kill is read. Since stop 57
    (fc57c, agent_end.py) the case's pods killed by Kubernetes are an end of no told cause:
    cannot-tell, no probe failed, kills open (R4.1: the kubelet also kills for a deletion, an
    eviction, a sandbox change)."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.shows_failures) == (Cause.CANNOT_TELL, (), True)
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, None)


# ------------------------------------------ a kill stated of the case's pods, several of them

_TABLE = "NAME      READY   STATUS    RESTARTS   AGE\n"


def _pods(*rows: str) -> str:
    return "```\n" + _TABLE + "".join(r + "\n" for r in rows) + "```\n"


def test_a_kill_of_the_pods_is_each_ones_of_one_workload(tmp_path: Path) -> None:
    text = ("Our redis pods restart all the time because the liveness probe failed.\n\n"
            + _pods("redis-0   1/1   Running   4   1h", "redis-1   1/1   Running   2   1h"))
    for pod, most in (("redis-0", 4), ("redis-1", 2)):
        answer = _pod_answer(tmp_path, text, pod)
        assert (answer["cause"], answer["failed"]) == ("liveness-kill", ["liveness"])
        assert (answer["probe_kills"]["min"], answer["probe_kills"]["max"]) == (1, most)


@pytest.mark.parametrize("text", [
    # pods of two workloads: whose the kill was the record does not say
    "The pods restart because the liveness probe failed.\n\n" + _pods(
        "redis-0   1/1   Running   4   1h", "web-7d9f8b6c5-x2kqp   1/1   Running   2   1h"),
    # one pod of several: which the record does not say
    "The pod restarts because the liveness probe failed.\n\n" + _pods(
        "redis-0   1/1   Running   4   1h", "redis-1   1/1   Running   2   1h"),
])
def test_a_kill_of_pods_of_several_workloads_or_of_one_pod_of_several_is_no_ones(
        tmp_path: Path, text: str) -> None:
    answer = _pod_answer(tmp_path, text, "redis-0")
    assert (answer["cause"], answer["failed"]) == ("cannot-tell", [])


# ---------------------------------------- a status stated of a pod the events name by workload

_ROW = ("`pets   0s   Warning   Unhealthy   pod/mongodb-0   Liveness probe failed: OCI runtime "
        "exec failed: exec failed: unable to start container process: exec: \"mongosh\": "
        "executable file not found in $PATH: unknown`\n")


@pytest.mark.parametrize("said", [
    "The mongodb pod goes into `CrashLoopBackOff`, its liveness probe failing.",
    "my mongodb-0 pod is in CrashLoopBackOff state.",
    "I can see our MongoDB pod in CrashLoopBackOff.",
])
def test_a_status_stated_of_the_events_one_pod_by_its_workload_is_its(tmp_path: Path,
                                                                       said: str) -> None:
    """The sentence names the pod by its workload's name (or its own) and the events name one
    pod: one pod, its back-off and its liveness failure together (cannot-tell, {0, null})."""
    doc = _explained(tmp_path, said + "\n\n" + _ROW)
    assert doc["pod"] == "mongodb-0"
    [container] = doc["containers"]
    answer = container["answer"]
    assert (answer["cause"], answer["failed"]) == ("cannot-tell", ["liveness"])
    assert container["back_offs"] is not None


@pytest.mark.parametrize(("said", "probe"), [
    ("The mongodb pod goes into `CrashLoopBackOff` because its liveness probe fails.",
     "liveness"),
    ("Our mongodb pod is crashlooping due to the startup probe failing.", "startup"),
    ("the mongodb-0 pod enters a `CrashLoopBackOff` state, due to failures in the newly "
     "added [Liveness Probe](https://example.com/pr/1).", "liveness"),
])
def test_a_back_off_of_the_events_one_pod_a_probe_caused_is_its_kill(tmp_path: Path,
                                                                    said: str, probe: str):
    """A back-off follows ends (R4.8), and a liveness or startup failure ends a container only
    by the kubelet's kill (R4.4): a back-off of the case's pod the author gives that failure
    as its cause is the probe's kill, stated once, of the one pod the events name: {1, null}."""
    doc = _explained(tmp_path, said + "\n\n" + _ROW)
    assert doc["pod"] == "mongodb-0"
    [container] = doc["containers"]
    answer = container["answer"]
    assert (answer["cause"], answer["probe_kills"]["min"], answer["probe_kills"]["max"]) == \
        (f"{probe}-kill", 1, None)
    assert probe in answer["failed"]


@pytest.mark.parametrize("said", [
    "When upgrading the chart, our mongodb pods enter a CrashLoopBackoff state, due to "
    "failures in the liveness probe.",
    "Pods go into CrashLoopBackOff because the liveness probe fails.",
    "Does the mongodb pod go into CrashLoopBackOff because its liveness probe fails?",
    "The mongodb pod goes into CrashLoopBackOff because its readiness probe fails.",
    "The mongodb pod goes into CrashLoopBackOff, but not because its liveness probe fails.",
])
def test_a_back_off_of_no_case_or_of_readiness_is_no_kill(tmp_path: Path, said: str) -> None:
    """A sentence of what happens when something is done, `pods` (no case's), a question, a
    readiness failure (it ends nothing, R3.4), a negation: no kill read."""
    doc = _explained(tmp_path, said + "\n\n" + _ROW)
    answers = [c["answer"] for p in doc.get("pods", [doc]) for c in p["containers"]]
    assert all(a["probe_kills"]["min"] == 0 for a in answers), answers


@pytest.mark.parametrize("said", [
    "The redis pod goes into CrashLoopBackOff.",
    "The pod goes into CrashLoopBackOff.",
    "Our mongo pod goes into CrashLoopBackOff.",
])
def test_a_status_of_another_workload_or_of_no_name_stays_apart(tmp_path: Path,
                                                                 said: str) -> None:
    """Another workload's name, a pod of no name, a name that is not the pod's workload's
    (`mongo` for mongodb-0): nothing says they are one pod; two pods, as before."""
    doc = _explained(tmp_path, said + "\n\n" + _ROW)
    assert sorted((p["pod"] or "") for p in doc["pods"]) == ["", "mongodb-0"]


def test_a_status_beside_events_of_two_pods_stays_apart(tmp_path: Path) -> None:
    row2 = _ROW.replace("mongodb-0", "mongodb-1")
    doc = _explained(tmp_path, "The mongodb pod goes into CrashLoopBackOff.\n\n" + _ROW + row2)
    assert sorted((p["pod"] or "") for p in doc["pods"]) == ["", "mongodb-0", "mongodb-1"]


# ---------------------------------------------------------------- one pass


@pytest.mark.parametrize("text", [
    "the pods restart" + " " * 2_000_000 + "because the liveness failed",
    "restart because the liveness failed " * 55_000,
    "the pods " * 220_000 + "restart because the liveness probe failed",
    "restart because of liveness " * 70_000,
    "The mongodb pod goes into CrashLoopBackOff " + "the mongodb pod " * 120_000 + "\n" + _ROW,
    "probes to fail. " * 125_000 + "Kubernetes killed the pods",
    "liveness " * 220_000 + "probes failed. Kubernetes killed the pods",
    "Kubernetes killed the pods " * 75_000,
    "the pods go into CrashLoopBackOff, due to failures in the " * 35_000 + "liveness probe",
    "crashloop state, due to failures of the " * 50_000,
    "the pods restart because the liveness failed\n" + "the pods " * 220_000 + "\n"
    + _pods("redis-0   1/1   Running   4   1h", "redis-1   1/1   Running   2   1h"),
])
def test_the_prose38_rules_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of spaces, the patterns' words or the whole sentence."""
    read_in_one_pass(text + "\n")
