"""The checks on a container with its own restartPolicy (issue 29, the gaps of items 1-6).

A liveness or startup kill restarts a container unless the restartPolicy that
`computePodActions` reads says Never: the container's own under the ContainerRestartRules
gate, else the pod's (R4.32; kubesim's `restarts_after_kill`, which the checks reuse through
`kept_down`). Such a container is killed once and stays down, and a pod whose only app
container it is ends Failed (R4.20, R4.33). The checks counted only kills that restart
(`Timeline.restarts`), so under --profile 1.36 a Deployment whose container says
`restartPolicy: Never` read "restarts nothing" (KS001, KS002 absorbed), passed KS012 and the
no-restart expectation, and KS006 quoted a replacement that never runs.

Every count is held to `kubesim run` (or `kubesim fleet`) of the same grid phase and seed;
the classic profile, whose API server drops the container's policy (R4.34), is the control:
the pod's Always restarts it and the words are the usual ones.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli

NEVER = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: orders}
spec:
  replicas: 3
  selector: {matchLabels: {app: orders}}
  template:
    metadata: {labels: {app: orders}}
    spec:
      containers:
        - name: app
          image: registry.example.com/orders:1
          restartPolicy: Never
          ports: [{name: http, containerPort: 8000}]
          livenessProbe:
            httpGet: {path: /healthz, port: http}
            periodSeconds: 10
            failureThreshold: 3
          readinessProbe:
            httpGet: {path: /healthz, port: http}
            periodSeconds: 5
            failureThreshold: 2
"""
DB_OUTAGE = """\
dependencies:
  db: {down: [{from: 60, to: 150}]}
targets:
  /healthz:
    answer: {status: 200, latency_ms: 2}
    depends_on: [db]
    when_down: {status: 503, latency_ms: 3}
"""
DOWN = "it is not restarted (its own restartPolicy is Never)"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    here = tmp_path_factory.mktemp("policy")
    (here / "never.yaml").write_text(NEVER)
    (here / "db.scenario.yaml").write_text(DB_OUTAGE)
    return here / "never.yaml", here / "db.scenario.yaml"


def _check(capsys, files, profile: str) -> dict[str, dict]:
    manifest, scenario = files
    _, out, err = cli(capsys, "check", str(manifest), "--scenario", str(scenario),
                      "--profile", profile, "--max-hang-recovery", "60",
                      "--max-zero-capacity", "10", "--expect-no-restart", "--no-config",
                      "--format", "json")
    assert out, err
    doc = json.loads(out)
    found = {f["id"]: f for f in doc["findings"]}
    found["behaviour"] = doc["behaviours"][0]  # what it ran: its duration
    return found


def _run(capsys, files, profile: str, finding: dict) -> dict:
    manifest, scenario = files
    _, out, err = cli(capsys, "run", str(manifest), "--scenario", str(scenario), "--profile",
                      profile, "--phase", str(finding["phase"]), "--seed",
                      str(finding["seed"]), "--format", "json")
    assert out, err
    return json.loads(out)


def test_a_kill_that_keeps_the_container_down_is_counted_and_said(capsys, files):
    """--profile 1.36: liveness kills the container once per grid phase (computePodActions
    reads its own Never, R4.32), nothing restarts it, the pod ends Failed (getPhase, R4.33);
    KS001, KS002 and KS101 count that kill and say so, as `kubesim run` of the cited phase
    shows it."""
    found = _check(capsys, files, "1.36")
    leak = found["KS002"]
    run = _run(capsys, files, "1.36", leak)
    assert run["restarts"] == [] and run["kills"]  # killed, never restarted
    assert all(not k["restart"] for k in run["kills"])
    assert run["pod_phase"][-1]["phase"] == "Failed"
    assert leak["severity"] == "error" and leak["data"]["restarted"] is False
    assert leak["data"]["restarts_max"] == len(run["kills"]) == 1
    assert "liveness kills the container at" in leak["message"] and DOWN in leak["message"]
    assert "the pod ends Failed at" in leak["message"]
    assert "no kill at any of" in leak["message"]  # the re-checked fix removes the kill
    same = found["KS001"]
    assert same["severity"] == "error" and same["data"]["restarted"] is False
    assert "kills the container at 20 of 20 grid phases (1 kill each" in same["message"]
    assert "restarts nothing" not in same["message"] and DOWN in same["message"]
    expect = found["KS101"]
    assert ("by liveness and not restarted (its own restartPolicy is Never): the pod ends "
            "Failed") in expect["message"]


def test_KS006_no_replacement_ever_runs_after_a_hang(capsys, files):
    """KS006 (--max-hang-recovery): a hung container its restartPolicy keeps down is never
    replaced, whatever the bound; the classic profile's pod Always replaces it in the time
    `kubesim windows` gives."""
    down = _check(capsys, files, "1.36")["KS006"]
    assert down["severity"] == "error" and down["data"]["restarted"] is False
    assert "no new container runs after a hang" in down["message"]
    assert DOWN.replace("it is not restarted", "but it is not restarted") in down["message"]
    classic = _check(capsys, files, "classic")["KS006"]
    assert classic["message"].startswith("from a hang to the new container running takes")


def test_the_classic_profile_restarts_the_same_container_and_says_so(capsys, files):
    """R4.34: the classic API server drops the container's Never, the pod's Always decides:
    every kill restarts it, as `kubesim run` shows, and the words are the restart's."""
    found = _check(capsys, files, "classic")
    leak = found["KS002"]
    run = _run(capsys, files, "classic", leak)
    assert all(k["restart"] for k in run["kills"]) and run["restarts"]
    assert leak["data"]["restarted"] is True
    assert leak["data"]["restarts_max"] == len(run["restarts"])
    assert "liveness restarts the container at" in leak["message"]
    assert "not restarted" not in leak["message"]
    assert "restarts the container at 20 of 20" in found["KS001"]["message"]


def test_KS012_counts_replicas_killed_and_kept_down_as_kubesim_fleet_shows(capsys, files):
    """KS012 and KS013: every replica killed at once and none restarted; the fleet's kills
    as `kubesim fleet` of the same settings records them."""
    found = _check(capsys, files, "1.36")
    manifest, scenario = files
    _, out, err = cli(capsys, "fleet", str(manifest), "--scenario", str(scenario),
                      "--profile", "1.36", "--duration", str(found["behaviour"]["duration"]),
                      "--format", "json")
    doc = json.loads(out)
    kills = [k for r in doc["replicas"] for k in r["kills"]]
    assert kills and not any(k["restart"] for k in kills)
    together = found["KS012"]
    assert together["severity"] == "error"
    assert together["data"]["kills"] == together["data"]["not_restarted"] == len(kills)
    assert together["data"]["restarts"] == doc["summary"]["restarts"] == 0
    assert (f"{len(kills)} killed by probes and not restarted (its own restartPolicy is "
            "Never), 0 restarts") in together["message"]
    assert "not restarted" in found["KS013"]["message"]
