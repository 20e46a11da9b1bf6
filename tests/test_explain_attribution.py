"""Which container a probe failure is (issue 30, items 3 and 5): an Unhealthy event names its
container by fieldPath (`spec.containers{kubedns}`), or, when it names none (describe's rows),
by its output's port and path against the containers' probes; a record that cannot tell which
container's probe failed says so ("cannot tell which container") rather than guessing, and
those failures neither explain nor rule out another container's restarts.

The records are cut from cilium/cilium#11928 (a kube-dns pod whose readiness failures on port
8081 are the kubedns container's, while the rows name only prometheus-to-sd)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from helpers import cli as kubesim
from helpers import kill_bounds

_ROWS = [
    '  Normal   Pulled     4m56s                  kubelet, n1  Successfully pulled image '
    '"k8s.gcr.io/k8s-dns-sidecar-amd64:1.15.4"',
    '  Normal   Pulled     4m55s                  kubelet, n1  Successfully pulled image '
    '"k8s.gcr.io/prometheus-to-sd:v0.4.2"',
    "  Normal   Started    4m47s (x2 over 4m55s)  kubelet, n1  Started container prometheus-to-sd",
    "  Warning  BackOff    4m39s                  kubelet, n1  Back-off restarting failed container",
    "  Warning  Unhealthy  4m26s (x3 over 4m46s)  kubelet, n1  Readiness probe failed: Get "
    "http://10.24.115.38:8081/readiness: dial tcp 10.24.115.38:8081: connect: connection refused",
    "  Normal   Created    4m25s (x3 over 4m55s)  kubelet, n1  Created container prometheus-to-sd",
]
_HEAD = ("Events:\n  Type     Reason     Age                    From         Message\n"
         "  ----     ------     ----                   ----         -------\n")


def _doc(capsys: Any, path: Path) -> dict[str, Any]:
    code, out, err = kubesim(capsys, "explain", str(path), "--format", "json", "--no-suggest",
                             "--phases", "1")
    assert code == 0, err
    return json.loads(out)


def _containers(capsys: Any, path: Path) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in _doc(capsys, path)["containers"]}


def test_a_failure_that_names_no_container_in_a_pod_of_several_is_not_guessed(capsys, tmp_path):
    """Two images pulled, so two containers at least (a container runs one image); the
    readiness rows name none and the only container the rows name has no known probe: cannot
    tell which container failed. Its 2 restarts (3 Created) are then not ruled out as kills
    by the probe events: 0 to 2, never 0 (the facts of cilium-11928)."""
    path = tmp_path / "two-images.txt"
    path.write_text(_HEAD + "\n".join(_ROWS) + "\n")
    doc = _doc(capsys, path)
    (c,) = doc["containers"]
    (streak,) = c["streaks"]
    assert streak["owner"] == "cannot-tell-which-container" and streak["probe"] == "readiness"
    a = c["answer"]
    assert a["failed"] == ["readiness"]  # it failed in the record, whoever's it is
    assert (a["cause"], kill_bounds(a["probe_kills"])) == ("cannot-tell", {"min": 0, "max": 2})
    assert "not probe kills" not in a["text"]  # the failures prove nothing about its restarts
    # which container failed is said once, by the pod's answer (the container's points to it)
    assert "the pod's" in a["text"] and "cannot tell which container" not in a["text"]
    pod = doc["answer"]
    assert "cannot tell which container" in pod["text"] and "2 images" in pod["text"]


def test_the_only_container_of_a_one_image_pod_owns_its_failures(capsys, tmp_path):
    """The same rows with one image: the failures are the one container's, whose stated
    probe events show no liveness failure, so none of its restarts was a probe kill (the
    reading knative-serving-2804 holds)."""
    path = tmp_path / "one-image.txt"
    path.write_text(_HEAD + "\n".join(r for r in _ROWS if "sidecar" not in r) + "\n")
    c = _containers(capsys, path)["prometheus-to-sd"]
    assert [s["owner"] for s in c["streaks"]] == ["container"]
    assert kill_bounds(c["answer"]["probe_kills"]) == {"min": 0, "max": 0}


def test_the_fieldpath_names_the_container(capsys, tmp_path):
    """`kubectl get events` rows carry the involved object's fieldPath: the readiness failures
    are kubedns's, and prometheus-to-sd (3 Created) shows none."""
    path = tmp_path / "fieldpath.txt"
    head = ("LASTSEEN   FIRSTSEEN   COUNT     NAME          KIND      SUBOBJECT"
            "                           TYPE      REASON      SOURCE              MESSAGE\n")
    row = "4m         5m          {n}         kube-dns-1    Pod       {sub:35} {rest}\n"
    path.write_text(head + "".join(row.format(n=n, sub=f"spec.containers{{{name}}}", rest=rest)
                                   for n, name, rest in [
        (3, "prometheus-to-sd", "Normal    Created     {kubelet n1}        Created container "
                                "prometheus-to-sd"),
        (3, "kubedns", "Warning   Unhealthy   {kubelet n1}        Readiness probe failed: Get "
                       "http://10.24.115.38:8081/readiness: dial tcp 10.24.115.38:8081: "
                       "connect: connection refused")]))
    c = _containers(capsys, path)
    assert c["kubedns"]["answer"]["failed"] == ["readiness"]
    assert [s["owner"] for s in c["kubedns"]["streaks"]] == ["container"]
    assert c["prometheus-to-sd"]["answer"]["failed"] == []


def _describe(paths: tuple[str, str], failing: str) -> str:
    blocks = "".join(
        f"  {name}:\n    State:          Running\n    Ready:          False\n"
        f"    Restart Count:  0\n    Readiness:      http-get http://:8080{path} delay=0s "
        "timeout=1s period=10s #success=1 #failure=3\n"
        for name, path in zip(("app", "proxy"), paths, strict=True))
    return ("Name:         web-0\nNamespace:    default\nContainers:\n" + blocks + _HEAD
            + "  Warning  Unhealthy  20s (x3 over 40s)  kubelet, n1  Readiness probe failed: "
            f"Get http://10.0.0.7:8080{failing}: context deadline exceeded\n")


def test_the_probe_path_tells_two_probes_of_one_port_apart(capsys, tmp_path):
    """Two containers probe port 8080 (a proxy probing the app's port) on different paths:
    the URL's path in the event picks the container; on the same path, cannot tell."""
    path = tmp_path / "paths.txt"
    path.write_text(_describe(("/ready", "/proxy/ready"), "/proxy/ready"))
    c = _containers(capsys, path)
    assert c["proxy"]["answer"]["failed"] == ["readiness"]
    assert [s["owner"] for s in c["proxy"]["streaks"]] == ["container"]
    assert c["app"]["answer"]["failed"] == []
    path.write_text(_describe(("/ready", "/ready"), "/ready"))
    c = _containers(capsys, path)
    for name in ("app", "proxy"):
        (streak,) = c[name]["streaks"]
        assert streak["owner"] == "cannot-tell-which-container"
        assert "2 containers have such a probe" in streak["reading"]


def test_failures_of_no_known_container_are_never_nothing(capsys, tmp_path):
    """The two images and the readiness rows alone, no restart: the container's answer is
    not "the record shows no probe failure" but cannot tell which container failed."""
    path = tmp_path / "no-restart.txt"
    path.write_text(_HEAD + "\n".join(r for r in _ROWS if "Unhealthy" in r or "Pulled" in r)
                    + "\n  Normal   Started    4m47s                  kubelet, n1  Started "
                    "container prometheus-to-sd\n")
    doc = _doc(capsys, path)
    a = doc["containers"][0]["answer"]
    assert (a["cause"], a["kind"]) == ("cannot-tell", "which-container")
    assert a["shows_failures"] and a["failed"] == ["readiness"]
    assert "no probe failure" not in a["text"] and "the pod's" in a["text"]
    pod = doc["answer"]  # the pod's answer says which container cannot be told, and why
    assert pod["shows_failures"] and "cannot tell which container" in pod["text"]
