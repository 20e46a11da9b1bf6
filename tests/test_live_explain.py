"""`kubesim explain pod/NAME` against a real API server (kube-apiserver v1.36.2 and etcd,
started once for the run: tests/live_stories.py), with pod stories written as a 1.36 kubelet
and scheduler write them.

The same answer from both sources: a pod explained by name equals the explanation of what
`kubectl get pod -o json` and `kubectl get events -o json` print about it from the same
server. Events of both event APIs are merged by uid; a reader whose Role lacks a verb is told
which verb on which resource; a missing pod, an unreachable server and refused credentials
are one line each, exit 2.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from live_stories import NAMESPACE

from kubesim.cli.main import main
from kubesim.cluster.access import Connection, kubectl_access
from kubesim.cluster.read import read_stories
from kubesim.cluster.targets import parse_target

pytestmark = pytest.mark.realtime
NOW = "2026-12-04T10:06:00Z"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def admin(live_cluster, tmp_path_factory) -> Path:
    return live_cluster.kubeconfig(tmp_path_factory.mktemp("kc") / "admin.json",
                                   namespace=NAMESPACE)


def _explain(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["explain", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _kubectl(kubeconfig: Path, *args: str) -> str:
    done = subprocess.run(["kubectl", "--kubeconfig", str(kubeconfig), *args],
                          capture_output=True, text=True, timeout=60, check=True)
    return done.stdout


def _sources_replaced(text: str, names: list[str]) -> str:
    """The output with the names of its inputs taken out (file names, or the live pod's),
    which differ between the two sources by design."""
    for name in names:
        text = text.replace(name, "<source>")
    return text


@pytest.mark.parametrize("pod", ["web-liveness", "worker-oom", "api-unready"])
def test_a_pod_explained_by_name_equals_its_pasted_kubectl_json(pod, live_cluster, admin,
                                                                 tmp_path, capsys):
    """The live reading and the pasted `kubectl get pod -o json` + `kubectl get events -o
    json` of the same server give the same explanation, in JSON and in text."""
    pod_file, events_file = tmp_path / "pod.json", tmp_path / "events.json"
    pod_file.write_text(_kubectl(admin, "get", "pod", pod, "-n", NAMESPACE, "-o", "json"))
    events_file.write_text(_kubectl(admin, "get", "events", "-n", NAMESPACE, "--field-selector",
                                    f"involvedObject.name={pod}", "-o", "json"))
    live_sources = [f"events of pod/{pod} (namespace {NAMESPACE}, live)",
                    f"pod/{pod} (namespace {NAMESPACE}, live)"]
    for fmt in ("json", "text"):
        code, live, err = _explain(capsys, f"pod/{pod}", "-n", NAMESPACE, "--kubeconfig",
                                   str(admin), "--now", NOW, "--format", fmt)
        assert code == 0, err
        code, pasted, err = _explain(capsys, str(pod_file), str(events_file), "--now", NOW,
                                     "--format", fmt)
        assert code == 0, err
        if fmt == "text":  # names of other lengths wrap the lines elsewhere
            live, pasted = " ".join(live.split()), " ".join(pasted.split())
        assert live_sources[1] in live
        live = _sources_replaced(live, live_sources)
        pasted = _sources_replaced(pasted, [str(pod_file), str(events_file)])
        assert live == pasted


def test_the_events_of_both_apis_are_read_once_each(live_cluster, admin):
    """core/v1 and events.k8s.io/v1 serve the same events with different fields: merged by
    uid, each event the story wrote is read exactly once, the scheduler's included."""
    access = kubectl_access(Connection(kubeconfig=str(admin)))
    story = live_cluster.stories["web-liveness"]
    [read] = read_stories(access, parse_target("pod/web-liveness"), NAMESPACE)
    uids = [e["metadata"]["uid"] for e in read.events]
    assert sorted(uids) == sorted(story.core_events + story.new_events)
    assert len(uids) == len(set(uids))
    reasons = {e["reason"] for e in read.events}
    assert {"Scheduled", "Unhealthy", "Killing", "BackOff"} <= reasons


def test_a_deployment_explains_each_of_its_pods_with_the_owner_chain(live_cluster, admin,
                                                                      capsys):
    """deploy/NAME reads the Deployment's selector and explains the pods it matches; each
    names its owners (ReplicaSet, Deployment)."""
    code, out, err = _explain(capsys, "deploy/web", "-n", NAMESPACE, "--kubeconfig",
                              str(admin), "--now", NOW, "--pod", "web-7d9f-a1")
    assert code == 0, err
    assert "pod web-7d9f-a1 <- ReplicaSet web-7d9f <- Deployment web" in " ".join(out.split())
    access = kubectl_access(Connection(kubeconfig=str(admin)))
    names = [s.name for s in read_stories(access, parse_target("deploy/web"), NAMESPACE)]
    assert names == ["web-7d9f-a1", "web-7d9f-b2"]
    code, out, err = _explain(capsys, "-l", "app=web,pod-template-hash=7d9f", "-n", NAMESPACE,
                              "--kubeconfig", str(admin), "--now", NOW, "--pod", "web-7d9f-a1")
    assert code == 0, err


def test_a_deployment_without_pod_explains_both_its_pods_each_as_by_name(live_cluster, admin,
                                                                         capsys):
    """deploy/NAME without --pod (issue 33 item 1): every pod of the workload, in order of
    name, each pod's document (its diagnoses among it) equal to `explain pod/NAME` of it."""
    code, out, err = _explain(capsys, "deploy/web", "-n", NAMESPACE, "--kubeconfig",
                              str(admin), "--now", NOW, "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert [d["pod"] for d in doc["pods"]] == ["web-7d9f-a1", "web-7d9f-b2"]
    for d in doc["pods"]:
        code, one, err = _explain(capsys, f"pod/{d['pod']}", "-n", NAMESPACE, "--kubeconfig",
                                  str(admin), "--now", NOW, "--format", "json")
        assert code == 0, err
        assert d == json.loads(one)
    answers = [[c["answer"]["cause"] for c in d["containers"]] for d in doc["pods"]]
    assert answers[0] == ["liveness-kill"] and answers[0] != answers[1]
    code, text, err = _explain(capsys, "-l", "app=web", "-n", NAMESPACE, "--kubeconfig",
                               str(admin), "--now", NOW)
    assert code == 0, err
    assert "=== pod 1 of 2: web-7d9f-a1 ===" in text and "=== pod 2 of 2: web-7d9f-b2 ===" in text


def test_a_missing_pod_is_one_line_exit_2(admin, capsys):
    code, out, err = _explain(capsys, "pod/no-such-pod", "-n", NAMESPACE, "--kubeconfig",
                              str(admin))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "pod no-such-pod not found in namespace shop" in err


def test_an_unreachable_server_is_one_line_exit_2(live_cluster, tmp_path, capsys):
    config = json.loads(live_cluster.kubeconfig(tmp_path / "kc.json").read_text())
    with socket_closed() as port:
        config["clusters"][0]["cluster"]["server"] = f"https://127.0.0.1:{port}"
        (tmp_path / "down.json").write_text(json.dumps(config))
        code, out, err = _explain(capsys, "pod/web-liveness", "-n", NAMESPACE,
                                  "--kubeconfig", str(tmp_path / "down.json"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "cannot reach the API server to get pods" in err


def test_refused_credentials_are_one_line_exit_2(live_cluster, tmp_path, capsys):
    bad = live_cluster.kubeconfig(tmp_path / "bad.json", token="not-a-token")
    code, out, err = _explain(capsys, "pod/web-liveness", "-n", NAMESPACE, "--kubeconfig",
                              str(bad))
    assert code == 2 and err.count("\n") == 1
    assert "refused the credentials (401 Unauthorized)" in err


def test_a_role_without_a_verb_is_named_and_the_documented_role_suffices(live_cluster,
                                                                          tmp_path, capsys):
    """The read-only user with no Role is told it may not get pods; with a Role granting
    pods only, that it may not list events; with the Role docs/explain.md documents, the pod
    is explained, so get and list are all kubesim needs."""
    reader = live_cluster.kubeconfig(tmp_path / "reader.json", token=live_cluster.reader_token)
    args = ("pod/web-liveness", "-n", NAMESPACE, "--kubeconfig", str(reader), "--now", NOW)
    code, _, err = _explain(capsys, *args)
    assert code == 2 and err.count("\n") == 1
    assert "does not let these credentials get pods web-liveness in namespace shop" in err
    assert "403" in err
    _grant(live_cluster, "pods-only", [{"apiGroups": [""], "resources": ["pods"],
                                        "verbs": ["get", "list"]}])
    code, _, err = _explain(capsys, *args)
    assert code == 2 and "list events in namespace shop" in err
    _grant(live_cluster, "kubesim-reader", documented_role_rules())
    code, out, err = _explain(capsys, *args)
    assert code == 0, err
    assert "liveness" in out


def documented_role_rules() -> list[dict]:
    """The rules of the Role docs/explain.md tells a cluster admin to grant."""
    import yaml
    text = (ROOT / "docs" / "explain.md").read_text()
    block = next(b.split("```", 1)[0] for b in text.split("```yaml\n")[1:]
                 if b.startswith("# the Role kubesim needs"))
    docs = list(yaml.safe_load_all(block))
    role = next(d for d in docs if d["kind"] == "Role")
    return role["rules"]


def _grant(cluster, name: str, rules: list[dict]) -> None:
    base = f"/apis/rbac.authorization.k8s.io/v1/namespaces/{NAMESPACE}"
    cluster.create(f"{base}/roles", {"apiVersion": "rbac.authorization.k8s.io/v1",
                                     "kind": "Role", "metadata": {"name": name},
                                     "rules": rules})
    cluster.create(f"{base}/rolebindings", {
        "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
        "metadata": {"name": name},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": name},
        "subjects": [{"kind": "User", "name": "reader",
                      "apiGroup": "rbac.authorization.k8s.io"}]})


class socket_closed:
    """A loopback port that was free a moment ago and has nothing listening."""

    def __enter__(self) -> int:
        import socket
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return int(s.getsockname()[1])

    def __exit__(self, *exc: object) -> None:
        return None
