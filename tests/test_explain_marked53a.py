"""`--pod X` naming no pod of the record, read as a workload's name (marked53a,
pulsar-helm-chart-501: `--pod pulsar-broker`, a StatefulSet the prose scales, whose pods' rows
the record lost).

The pods a controller named X creates are X's (a StatefulSet's `X-<ordinal>`, a Deployment's
`X-<hash>-<suffix>`, a DaemonSet's or Job's `X-<suffix>`); where the record shows none of them
and its prose speaks of X's pods (`the X pods`, `statefulset X`, `deployment X`), its one
nameless pod is X's; the output says so, in text and JSON. Variants that stay unread: a prefix
not at a name's boundary (`pulsar-b`), a workload sharing a prefix (`web` is not `web-api`'s),
a prose that speaks of no such workload (the exit 2 and its message stay)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import read_in_one_pass

from kubesim.cli.main import main
from kubesim.explain.readers.workload_of import is_workload_pod, spoken_workloads

_PODS = """\
NAME                        READY   STATUS             RESTARTS   AGE
web-7d9f8c6b5-x2k4p         0/1     CrashLoopBackOff   5          10m
web-api-6b8d9f7c4-q2w9z     1/1     Running            0          10m
db-0                        1/1     Running            0          10m
db-1                        0/1     CrashLoopBackOff   3          10m
"""

_BOOKIES = """\
$ kubectl get pods -n pulsar
NAME                      READY   STATUS             RESTARTS       AGE
pulsar-bookie-0           1/1     Running            0              65m
pulsar-bookie-1           1/1     Running            0              56m
"""

_MESSAGES = ("it failed to start with CrashLoopBackOff status and describe the pod shows  Liveness probe failed: HTTP probe failed with "
             "statuscode: 404\nand Readiness probe failed: HTTP probe failed with statuscode: 404\n")


def _run(tmp_path: Path, text: str, pod: str) -> tuple[int, str, str]:
    record = tmp_path / "r.txt"
    record.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    args = ["explain", str(record), "--format", "json", "--no-suggest", "--phases", "1",
            "--pod", pod]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def _pods(tmp_path: Path, text: str, pod: str) -> list[dict[str, Any]]:
    code, out, err = _run(tmp_path, text, pod)
    assert code == 0, err
    doc = json.loads(out)
    pods: list[dict[str, Any]] = doc["pods"] if "pods" in doc else [doc]
    return pods


@pytest.mark.parametrize(("pod", "workload"), [
    ("db-0", "db"), ("db-12", "db"),  # a StatefulSet's ordinal
    ("web-7d9f8c6b5-x2k4p", "web"), ("web-api-6b8d9f7c4-q2w9z", "web-api"),  # a Deployment's
    ("nginx-1234567890-bcdf5", "nginx"),  # a ReplicaSet hash of before 1.8: digits
    ("node-exporter-x2k4p", "node-exporter"),  # a DaemonSet's or Job's suffix
])
def test_a_controllers_pod_names_are_its_workloads(pod: str, workload: str) -> None:
    assert is_workload_pod(pod, workload)


@pytest.mark.parametrize(("pod", "workload"), [
    ("pulsar-bookie-0", "pulsar-b"),  # not at a name's boundary
    ("web-api-6b8d9f7c4-q2w9z", "web"),  # another workload's name sharing the prefix
    ("web-api-0", "web"), ("web-api", "web"),
    ("db-01", "db"),  # an ordinal has no leading zero
    ("db", "db"), ("other-0", "db"),
])
def test_names_no_controller_of_the_workload_gives(pod: str, workload: str) -> None:
    assert not is_workload_pod(pod, workload)


def test_a_deployments_name_selects_its_pod_not_a_workloads_sharing_its_prefix(
        tmp_path: Path) -> None:
    [web] = _pods(tmp_path, _PODS, "web")
    assert web["pod"] == "web-7d9f8c6b5-x2k4p"
    assert "reading web as the workload whose pods are web-7d9f8c6b5-x2k4p" in \
        web["notes"][0]["text"]
    [api] = _pods(tmp_path, _PODS, "web-api")
    assert api["pod"] == "web-api-6b8d9f7c4-q2w9z"


def test_a_statefulsets_name_selects_each_of_its_pods(tmp_path: Path) -> None:
    pods = _pods(tmp_path, _PODS, "db")
    assert [p["pod"] for p in pods] == ["db-0", "db-1"]
    assert all("no pod named 'db'" in p["notes"][0]["text"] for p in pods)


def test_the_text_says_the_workload_was_read(tmp_path: Path) -> None:
    record = tmp_path / "r.txt"
    record.write_text(_PODS, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["explain", str(record), "--no-suggest", "--phases", "1",
                     "--pod", "web"]) == 0
    assert "--pod web: no pod named 'web' in the record; reading web as the workload" in \
        " ".join(out.getvalue().split())


@pytest.mark.parametrize("pod", ["pulsar-b", "pulsar-broker", "db-2"])
def test_no_pod_and_no_workload_of_that_name_stays_an_error(tmp_path: Path, pod: str) -> None:
    code, _, err = _run(tmp_path, _BOOKIES + _PODS, pod)
    assert code == 2
    assert f"no pod named {pod!r} in the record (pods: pulsar-bookie-0" in err


@pytest.mark.parametrize("said", [
    "we ran kubectl scale statefulsets for pulsar-broker but it failed to start with "
    "CrashLoopBackOff status and ",
    "But the pulsar-broker pods failed to start, and ",
    "The `pulsar-broker` statefulset is stuck: ",
    "kubectl rollout restart deployment/pulsar-broker, then ",
])
def test_the_prose_of_the_workloads_pods_gives_it_the_nameless_pod(tmp_path: Path,
                                                                   said: str) -> None:
    [pod] = _pods(tmp_path, said + "\n" + _MESSAGES + "\n" + _BOOKIES, "pulsar-broker")
    assert pod["pod"] is None
    assert "reading pulsar-broker as the workload whose pods the record's prose speaks of" \
        in pod["notes"][0]["text"]
    [container] = pod["containers"]
    assert set(container["answer"]["failed"]) == {"liveness", "readiness"}


@pytest.mark.parametrize("said", [
    "we ran kubectl scale statefulsets for pulsar-proxy but it failed and ",  # another's
    "the pulsar-brokers pods failed, ",  # another name
    "we use pulsar-broker images, ",  # no pods of it
])
def test_prose_of_no_such_workloads_pods_stays_an_error(tmp_path: Path, said: str) -> None:
    code, _, err = _run(tmp_path, said + "\n" + _MESSAGES + "\n" + _BOOKIES, "pulsar-broker")
    assert code == 2
    assert "no pod named 'pulsar-broker' in the record" in err


@pytest.mark.parametrize("text", [
    "statefulset " + "a-" * 1_000_000, "a-" * 1_000_000 + " pods", "deployment/" * 200_000,
    "pods of " * 250_000, "sts a " * 350_000, "a statefulset " * 150_000,
])
def test_spoken_workloads_read_a_2_mb_line_in_one_pass(tmp_path: Path, text: str) -> None:
    """Hostile input: 2 MB lines of the rule's words, read in one pass (no timing asserted:
    the suite's timeout bounds it), and `--pod` of a workload's name searched in them."""
    spoken_workloads(text)
    code, _, _ = _run(tmp_path, text + "\n" + _MESSAGES, "a")
    assert code in (0, 2)


# --- a markdown table of pods beside the kubelet's eviction message --------------------------

_TABLE = """\
Two pods were evicted for memory earlier today:

| Pod | Lifetime | Memory at kill |
|---|---|---|
| `api-5d79f9975b-97j56` | ran about 43 hours | 2,056,300 Ki |
| `api-5d79f9975b-s6zxp` | shorter lived | 1,723,772 Ki |

"""
_MESSAGE = ("Kubelet message for both: `The node was low on resource: memory. ... Container api "
            "was using 2056300Ki, which exceeds its request of 0.`\n")


def _evicted(answer: dict[str, Any]) -> dict[str, Any]:
    kills = answer["probe_kills"]
    return {"cause": answer["cause"], "failed": answer["failed"],
            "kills": (kills["min"], kills["max"]), "shows": answer["shows_failures"]}


_EVICTED = {"cause": "cannot-tell", "failed": [], "kills": (0, 0), "shows": True}


@pytest.mark.parametrize("text", [
    _TABLE + _MESSAGE,
    _MESSAGE + "\n" + _TABLE,  # the message above the table
    _TABLE.replace("|---|---|---|", "|:---|:---:|---:|") + _MESSAGE,  # alignment colons
    _TABLE.replace("| `", "`").replace(" |\n", "\n") + _MESSAGE,  # no outer pipes
    _TABLE.replace("Pod |", "NAME |").replace("`", "") + _MESSAGE,  # kubectl's NAME, no marks
    _TABLE.replace("| Pod |", "| Pod name |") + "The node was low on resource: memory.\n",
])
def test_a_markdown_table_of_pods_beside_the_eviction_message_is_read_evicted(
        tmp_path: Path, text: str) -> None:
    for name in ("api-5d79f9975b-97j56", "api-5d79f9975b-s6zxp"):
        [pod] = _pods(tmp_path, text, name)
        [container] = pod["containers"]
        assert _evicted(container["answer"]) == _EVICTED
        assert "Evicted" in container["answer"]["text"]


@pytest.mark.parametrize("text", [
    _TABLE,  # no eviction message
    _TABLE.replace("| Pod |", "| Setting |") + _MESSAGE,  # a table of no pods
    _TABLE + "Why would the kubelet say `The node was low on resource: memory` here?\n",
    _TABLE + "If you see `The node was low on resource: memory`, raise the request.\n",
    _TABLE.replace("`api-5d79f9975b-s6zxp`", "the other one") + _MESSAGE,  # no pod's name
    _TABLE + _TABLE.replace("97j56", "x2k4p").replace("s6zxp", "q2w9z") + _MESSAGE,  # two
])
def test_tables_and_messages_of_no_eviction_of_the_tables_pods_stay_unread(
        tmp_path: Path, text: str) -> None:
    code, _, err = _run(tmp_path, text, "api-5d79f9975b-97j56")
    assert code == 2
    assert "not a record explain reads" in err


@pytest.mark.parametrize("text", [
    "| Pod |\n|" + "-" * 2_000_000 + "|\n" + _MESSAGE,
    "| Pod |\n|---|\n" + "| " * 1_000_000 + "\n" + _MESSAGE,
    "The node was low on resource: " * 66_000 + "\n" + _TABLE,
    "|" * 2_000_000 + "\n" + "|---" * 500_000 + "\n" + _MESSAGE,
])
def test_the_evicted_table_reads_a_2_mb_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of the reader's marks, read in one pass (no timing
    asserted: the suite's timeout bounds it)."""
    read_in_one_pass(text)
