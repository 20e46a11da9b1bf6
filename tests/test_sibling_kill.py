"""Issue 32, item 5: `--container` says when another container of the pod delayed this one's
kill, and stalls and answers take `container:` in scenarios, as `exit` does.

The pod: prometheus-community's `prometheus` chart's server Deployment (chart 27.x, default
values), written out in tests/data/prometheus-server/deployment.yaml (the chart is not in the
corpus): a configmap-reload sidecar (liveness every 10 s, timeout 1 s) and the server (liveness
every 15 s, timeout 10 s), `terminationGracePeriodSeconds: 300`. When the whole pod hangs, the
sidecar's liveness verdict comes first; the kubelet syncs a pod one sync at a time (R4.3) and
kills the containers of a sync one after another, each `killContainer` returning only when the
container stopped or its grace ran out (R4.4, R4.6; `SyncPod`), so the server's kill waits for
the hung sidecar's 300 s grace.
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers import cli

HERE = Path(__file__).resolve().parent
POD = HERE / "data" / "prometheus-server" / "deployment.yaml"
HANG = HERE / "data" / "prometheus-server" / "hang.scenario.yaml"
RELOAD, SERVER = "prometheus-server-configmap-reload", "prometheus-server"


def _run(capsys, scenario: Path, *argv: str) -> tuple[int, str, str]:
    return cli(capsys, "run", str(POD), "--scenario", str(scenario), "--duration", "600",
               "--seed", "0", *argv)


def _doc(capsys, scenario: Path, *argv: str) -> dict:
    code, out, err = _run(capsys, scenario, "--format", "json", *argv)
    assert code == 0 and err == "", err
    return json.loads(out)


def test_container_output_names_the_sibling_whose_stop_delayed_the_kill(capsys):
    whole = _doc(capsys, HANG)
    (sidecar,) = [k for k in whole["kills"] if k["name"] == RELOAD]
    (server,) = [k for k in whole["kills"] if k["name"] == SERVER]
    assert server["at"] > sidecar["stopped_at"] >= server["failed_at"]  # what the issue saw
    one = _doc(capsys, HANG, "--container", SERVER)
    (kill,) = one["kills"]
    assert [k["name"] for k in one["kills"]] == [SERVER]  # the sidecar's records are left out
    waited = kill["waited_for"]
    assert waited["name"] == RELOAD and waited["stopped_at"] == sidecar["stopped_at"]
    assert waited["grace_seconds"] == 300
    assert kill["at"] - kill["failed_at"] > 250  # the verdict and the kill, minutes apart
    code, text, _ = _run(capsys, HANG, "--container", SERVER)
    (line,) = [ln for ln in text.splitlines() if "WAITED" in ln]
    assert RELOAD in line and "grace 300 s" in line
    # the header names the pod's containers, and which one the report is about
    assert f"container {SERVER}" in text.splitlines()[0] and RELOAD in text.splitlines()[0]


def test_a_stall_can_be_limited_to_one_container(capsys, tmp_path):
    scenario = tmp_path / "server-hang.scenario.yaml"
    scenario.write_text(f"stalls:\n  - {{from: 120, to: null, container: {SERVER}}}\n")
    doc = _doc(capsys, scenario)
    assert [k["name"] for k in doc["kills"]] == [SERVER]  # the sidecar keeps answering
    (kill,) = doc["kills"]
    assert kill["waited_for"] is None and kill["at"] - kill["failed_at"] < 2  # R4.3: one hop
    sidecar_calls = [p for p in doc["probes"] if p["name"] == RELOAD and p["at"] > 120]
    assert sidecar_calls and all(p["result"] == "success" for p in sidecar_calls)


def test_an_answer_can_be_limited_to_one_container(capsys, tmp_path):
    """A slow answer (2 s, past the sidecar's 1 s timeout) of every target the sidecar
    answers; the server's own targets keep answering at once."""
    scenario = tmp_path / "slow-sidecar.scenario.yaml"
    scenario.write_text(f'targets:\n  "*": {{answer: {{latency_ms: 2000}}, container: {RELOAD}}}\n')
    doc = _doc(capsys, scenario, "--duration", "120")
    mine = [p for p in doc["probes"] if p["name"] == RELOAD]
    theirs = [p for p in doc["probes"] if p["name"] == SERVER]
    assert mine and all(p["result"] == "failure" for p in mine)
    assert theirs and all(p["result"] == "success" for p in theirs)
    assert {k["name"] for k in doc["kills"]} == {RELOAD}


def test_a_container_the_pod_lacks_is_one_line_and_exit_2(capsys, tmp_path):
    for text, field in [("stalls:\n  - {from: 10, to: 20, container: nginx}\n",
                         "stalls[0].container"),
                        ('targets:\n  "*": {answer: {status: 500}, container: nginx}\n',
                         'targets["*"].container')]:
        scenario = tmp_path / "bad.scenario.yaml"
        scenario.write_text(text)
        code, out, err = _run(capsys, scenario)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
        assert field in err and "'nginx'" in err and RELOAD in err and "Traceback" not in err
