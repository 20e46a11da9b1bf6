"""Pod stories written into a real API server as a 1.36 kubelet and scheduler would leave them:
the pod's status through the `status` subresource, the kubelet's events through core/v1
(`count`, `firstTimestamp`, `lastTimestamp`, `source`), the scheduler's through
events.k8s.io/v1 (`eventTime`, `reportingController`). Event texts are the kubelet's own
(kubelet-semantics.md §4.4: prober.go `recordContainerEvent`, kuberuntime_container.go
`killContainer`, the back-off of kuberuntime_manager.go).
"""

from __future__ import annotations

import fcntl
import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest
from live_cluster import LiveCluster, missing

NAMESPACE = "shop"
LIVENESS = {"httpGet": {"path": "/healthz", "port": 8080}, "periodSeconds": 10,
            "failureThreshold": 3, "timeoutSeconds": 1}
READINESS = {"httpGet": {"path": "/ready", "port": 8080}, "periodSeconds": 5,
             "failureThreshold": 3, "timeoutSeconds": 1}


@dataclass
class Story:
    """One pod as written: its name and the uids of the events written about it."""

    name: str
    uid: str
    core_events: list[str] = field(default_factory=list)
    new_events: list[str] = field(default_factory=list)


def _pod(name: str, labels: dict[str, str], owner: dict[str, Any] | None = None,
         readiness: bool = False) -> dict[str, Any]:
    container: dict[str, Any] = {"name": "app", "image": "registry.example/app:1",
                                 "livenessProbe": LIVENESS}
    if readiness:
        container["readinessProbe"] = READINESS
    meta: dict[str, Any] = {"name": name, "labels": labels}
    if owner is not None:
        meta["ownerReferences"] = [owner]
    return {"apiVersion": "v1", "kind": "Pod", "metadata": meta,
            "spec": {"automountServiceAccountToken": False, "nodeName": "node-1",
                     "containers": [container]}}


def _kubelet_event(c: LiveCluster, story: Story, n: int, reason: str, message: str, kind: str,
                   count: int, first: str, last: str) -> None:
    event = c.create(f"/api/v1/namespaces/{NAMESPACE}/events", {
        "apiVersion": "v1", "kind": "Event", "metadata": {"name": f"{story.name}.{n}"},
        "involvedObject": {"kind": "Pod", "name": story.name, "namespace": NAMESPACE,
                           "uid": story.uid, "fieldPath": "spec.containers{app}",
                           "apiVersion": "v1"},
        "reason": reason, "message": message, "type": kind, "count": count,
        "firstTimestamp": first, "lastTimestamp": last,
        "source": {"component": "kubelet", "host": "node-1"},
        "reportingComponent": "kubelet", "reportingInstance": "node-1"})
    story.core_events.append(event["metadata"]["uid"])


def _scheduler_event(c: LiveCluster, story: Story, at: str) -> None:
    event = c.create(f"/apis/events.k8s.io/v1/namespaces/{NAMESPACE}/events", {
        "apiVersion": "events.k8s.io/v1", "kind": "Event",
        "metadata": {"name": f"{story.name}.scheduled"},
        "regarding": {"kind": "Pod", "name": story.name, "namespace": NAMESPACE,
                      "uid": story.uid, "apiVersion": "v1"},
        "reason": "Scheduled", "note": f"Successfully assigned {NAMESPACE}/{story.name} to "
        "node-1", "type": "Normal", "eventTime": at, "action": "Binding",
        "reportingController": "default-scheduler", "reportingInstance": "default-scheduler-1"})
    story.new_events.append(event["metadata"]["uid"])


def _create(c: LiveCluster, pod: dict[str, Any]) -> Story:
    made = c.create(f"/api/v1/namespaces/{NAMESPACE}/pods", pod)
    return Story(made["metadata"]["name"], made["metadata"]["uid"])


def liveness_kills(c: LiveCluster, name: str = "web-liveness",
                   owner: dict[str, Any] | None = None,
                   labels: dict[str, str] | None = None) -> Story:
    """Three liveness kills (9 failures, 3 Killing), the container in CrashLoopBackOff."""
    story = _create(c, _pod(name, labels or {"app": "legacy"}, owner))
    c.write_status(NAMESPACE, name, {
        "phase": "Running", "startTime": "2026-12-04T10:00:00Z",
        "conditions": [{"type": "Ready", "status": "False",
                        "lastTransitionTime": "2026-12-04T10:01:20Z"}],
        "containerStatuses": [{
            "name": "app", "image": "registry.example/app:1", "imageID": "", "ready": False,
            "started": False, "restartCount": 3,
            "state": {"waiting": {"reason": "CrashLoopBackOff", "message":
                                  "back-off 40s restarting failed container=app pod="
                                  f"{name}_{NAMESPACE}({story.uid})"}},
            "lastState": {"terminated": {"exitCode": 137, "reason": "Error",
                                         "startedAt": "2026-12-04T10:02:10Z",
                                         "finishedAt": "2026-12-04T10:03:01Z"}}}]})
    _scheduler_event(c, story, "2026-12-04T09:59:59.500000Z")
    _kubelet_event(c, story, 1, "Unhealthy", "Liveness probe failed: HTTP probe failed with "
                   "statuscode: 500", "Warning", 9, "2026-12-04T10:00:40Z",
                   "2026-12-04T10:03:00Z")
    _kubelet_event(c, story, 2, "Killing", "Container app failed liveness probe, will be "
                   "restarted", "Normal", 3, "2026-12-04T10:01:00Z", "2026-12-04T10:03:00Z")
    _kubelet_event(c, story, 3, "BackOff", f"Back-off restarting failed container app in pod "
                   f"{name}_{NAMESPACE}({story.uid})", "Warning", 2, "2026-12-04T10:02:05Z",
                   "2026-12-04T10:03:05Z")
    return story


def oom_kills(c: LiveCluster, name: str = "worker-oom") -> Story:
    """Two OOM kills and a back-off: no probe failed."""
    story = _create(c, _pod(name, {"app": "worker"}))
    c.write_status(NAMESPACE, name, {
        "phase": "Running", "startTime": "2026-12-04T10:00:00Z",
        "containerStatuses": [{
            "name": "app", "image": "registry.example/app:1", "imageID": "", "ready": False,
            "started": False, "restartCount": 2,
            "state": {"waiting": {"reason": "CrashLoopBackOff"}},
            "lastState": {"terminated": {"exitCode": 137, "reason": "OOMKilled",
                                         "startedAt": "2026-12-04T10:04:00Z",
                                         "finishedAt": "2026-12-04T10:04:40Z"}}}]})
    _scheduler_event(c, story, "2026-12-04T09:59:59.000000Z")
    _kubelet_event(c, story, 1, "BackOff", f"Back-off restarting failed container app in pod "
                   f"{name}_{NAMESPACE}({story.uid})", "Warning", 2, "2026-12-04T10:02:00Z",
                   "2026-12-04T10:04:45Z")
    return story


def readiness_failures(c: LiveCluster, name: str = "api-unready") -> Story:
    """Readiness failing for minutes, nothing restarted."""
    story = _create(c, _pod(name, {"app": "api"}, readiness=True))
    c.write_status(NAMESPACE, name, {
        "phase": "Running", "startTime": "2026-12-04T10:00:00Z",
        "conditions": [{"type": "Ready", "status": "False",
                        "lastTransitionTime": "2026-12-04T10:01:15Z"}],
        "containerStatuses": [{
            "name": "app", "image": "registry.example/app:1", "imageID": "", "ready": False,
            "started": True, "restartCount": 0,
            "state": {"running": {"startedAt": "2026-12-04T10:00:02Z"}}}]})
    _scheduler_event(c, story, "2026-12-04T09:59:59.000000Z")
    _kubelet_event(c, story, 1, "Unhealthy", "Readiness probe failed: HTTP probe failed with "
                   "statuscode: 503", "Warning", 40, "2026-12-04T10:01:05Z",
                   "2026-12-04T10:04:20Z")
    return story


def deployment(c: LiveCluster, name: str = "web") -> list[Story]:
    """A Deployment, its ReplicaSet, and two pods of it: one killed by liveness, one fine."""
    labels = {"app": name, "pod-template-hash": "7d9f"}
    template = {"metadata": {"labels": labels}, "spec": _pod(name, labels)["spec"]}
    made = c.create(f"/apis/apps/v1/namespaces/{NAMESPACE}/deployments", {
        "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": name},
        "spec": {"replicas": 2, "selector": {"matchLabels": {"app": name}},
                 "template": template}})
    rs = c.create(f"/apis/apps/v1/namespaces/{NAMESPACE}/replicasets", {
        "apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {
            "name": f"{name}-7d9f", "ownerReferences": [{
                "apiVersion": "apps/v1", "kind": "Deployment", "name": name,
                "uid": made["metadata"]["uid"], "controller": True}]},
        "spec": {"replicas": 2, "selector": {"matchLabels": labels}, "template": template}})
    owner = {"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": f"{name}-7d9f",
             "uid": rs["metadata"]["uid"], "controller": True}
    killed = liveness_kills(c, f"{name}-7d9f-a1", owner, labels)
    fine = _create(c, _pod(f"{name}-7d9f-b2", labels, owner))
    c.write_status(NAMESPACE, fine.name, {
        "phase": "Running", "startTime": "2026-12-04T10:00:00Z",
        "conditions": [{"type": "Ready", "status": "True",
                        "lastTransitionTime": "2026-12-04T10:00:05Z"}],
        "containerStatuses": [{
            "name": "app", "image": "registry.example/app:1", "imageID": "", "ready": True,
            "started": True, "restartCount": 0,
            "state": {"running": {"startedAt": "2026-12-04T10:00:02Z"}}}]})
    return [killed, fine]


SLOW_START = {  # KS005: liveness waits 120 s instead of a startup probe
    "apiVersion": "apps/v1", "kind": "Deployment",
    "metadata": {"name": "slow", "labels": {"app": "slow"},
                 "annotations": {"team": "payments"}},
    "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "slow"}},
             "template": {"metadata": {"labels": {"app": "slow"}}, "spec": {
                 "containers": [{"name": "app", "image": "registry.example/slow:2",
                                 "livenessProbe": {**LIVENESS, "initialDelaySeconds": 120},
                                 "readinessProbe": READINESS}]}}}}


def write_all(c: LiveCluster) -> dict[str, Story]:
    """Every story above in the namespace (created once per server), and a Deployment for
    `check --cluster` in a namespace of its own."""
    c.create("/api/v1/namespaces/default/serviceaccounts",  # dry runs there need it too
             {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default"}})
    c.namespace(NAMESPACE)
    stories = [liveness_kills(c), oom_kills(c), readiness_failures(c), *deployment(c)]
    c.namespace("payments")
    c.create("/apis/apps/v1/namespaces/payments/deployments", SLOW_START)
    c.create("/api/v1/namespaces/payments/services", {
        "apiVersion": "v1", "kind": "Service", "metadata": {"name": "slow"},
        "spec": {"selector": {"app": "slow"}, "ports": [{"port": 80, "targetPort": 8080}]}})
    return {s.name: s for s in stories}


# ---------------------------------------------------------------- the pytest fixture

def _shared_folder(factory: Any) -> Path:
    """A folder every xdist worker of this run sees (the parent of the workers' base temps)."""
    base = Path(factory.getbasetemp())
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "live-cluster"


def _alive(pids: list[int]) -> bool:
    for pid in pids:
        try:
            os.kill(pid, 0)
        except OSError:
            return False
    return True


@pytest.fixture(scope="session")
def live_cluster(tmp_path_factory: Any) -> Iterator[LiveCluster]:
    """One API server for the whole run, shared by the xdist workers: the first worker that
    needs it starts it, each holds a count in a locked file, and the worker that started it
    stops it once no worker uses it."""
    why = missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the live-cluster tests: {why}")
        pytest.skip(f"no real API server here: {why}")
    folder = _shared_folder(tmp_path_factory)
    folder.mkdir(parents=True, exist_ok=True)
    info, lock = folder / "info.json", folder / "lock"
    with _locked(lock):
        known = json.loads(info.read_text()) if info.is_file() else None
        if known is not None and _alive(known["pids"]):
            known["users"] += 1
            cluster = LiveCluster(folder / "run", known["url"], Path(known["ca"]),
                                  known["admin"], known["reader"], [])
        else:
            cluster = LiveCluster.start(folder / f"run-{os.getpid()}")
            known = _started(cluster)
        info.write_text(json.dumps(known))
    cluster.stories = {k: Story(**v) for k, v in known["stories"].items()}
    try:
        yield cluster
    finally:
        with _locked(lock):
            known = json.loads(info.read_text())
            known["users"] -= 1
            info.write_text(json.dumps(known))
        if cluster.processes:
            # the starter's Popen objects must not outlive it with the server still running
            # (Python reports them as a ResourceWarning at the starter's last teardown): it
            # waits, its own tests done, until the other workers are done with the server
            _await_no_user(info, lock)
            cluster.stop()


def _started(cluster: LiveCluster) -> dict[str, Any]:
    """What the other workers read of a server this worker has just started (its stories
    written); the server stopped if writing them fails."""
    try:
        stories = {k: asdict(v) for k, v in write_all(cluster).items()}
    except BaseException:
        cluster.stop()
        raise
    return {"url": cluster.url, "ca": str(cluster.ca_file), "admin": cluster.admin_token,
            "reader": cluster.reader_token, "pids": [p.pid for p in cluster.processes],
            "users": 1, "stories": stories}


def _await_no_user(info: Path, lock: Path, bound: float = 1800.0) -> None:
    """Until no worker holds the server (or `bound` seconds: a worker that died holding it)."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        with _locked(lock):
            if json.loads(info.read_text())["users"] <= 0:
                return
        time.sleep(0.2)


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    with open(path, "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)
