"""Issue 32, item 2: `kubesim suggest` measures "after" on the patched objects, and its patch
makes no other finding worse.

vault's agent injector (examples/upstream/vault-k8s-injector.deployment.yaml, hashicorp/
vault-k8s `deploy/injector-deployment.yaml`): liveness and readiness every 2 s with
`timeoutSeconds: 5` (KS004: the worker skips the ticks a slow call holds, R1.10, R1.11).
suggest shortens the timeouts; what it then says of the hang detection must be what `kubesim
windows` measures on the patched file, not the figure from before the patch.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml
from helpers import cli
from test_suggest import merge  # the plain strategic merge written independently there

REPO = Path(__file__).resolve().parent.parent
VAULT = REPO / "examples" / "upstream" / "vault-k8s-injector.deployment.yaml"
SEVERITY = {"info": 1, "warning": 2, "error": 3}


def _json(capsys, *argv: str) -> dict:
    _, out, err = cli(capsys, *argv, "--format", "json")
    assert err == "", err
    return json.loads(out)


def _patched(tmp_path: Path, item: dict) -> Path:
    docs = [d for d in yaml.safe_load_all(VAULT.read_text()) if d]
    (container,) = docs[0]["spec"]["template"]["spec"]["containers"]
    container.update(merge(container, {k: v for k, v in item["patch"].items() if k != "name"}))
    out = tmp_path / "vault-patched.yaml"
    out.write_text(yaml.safe_dump_all(docs, sort_keys=False))
    return out


def test_after_is_what_windows_measures_on_the_patched_file(capsys, tmp_path):
    doc = _json(capsys, "suggest", str(VAULT), "--no-config")
    (item,) = doc["containers"]
    assert item["patch"]["livenessProbe"]["timeoutSeconds"] < 2  # below the period now
    patched = _patched(tmp_path, item)
    windows = _json(capsys, "windows", str(patched))
    (hang,) = [j for j in item["after"] if j["expect"] == "hang-within"]
    said = float(re.search(r"caught after ([\d.]+) s", hang["figure"]).group(1))
    assert said == round(windows["hang_detection"]["guaranteed"], 1)
    before = _json(capsys, "windows", str(VAULT))["hang_detection"]["guaranteed"]
    assert said < before - 1  # the patch changed it: 13.0 s was the unpatched figure


def test_no_other_finding_gets_worse_with_the_patch(capsys, tmp_path):
    doc = _json(capsys, "suggest", str(VAULT), "--no-config")
    (item,) = doc["containers"]
    patched = _patched(tmp_path, item)
    before = _json(capsys, "check", str(VAULT), "--no-config")["findings"]
    after = _json(capsys, "check", str(patched), "--no-config")["findings"]
    for rule in {f["id"] for f in after}:
        was = [f for f in before if f["id"] == rule]
        now = [f for f in after if f["id"] == rule]
        assert len(now) <= len(was), rule
        assert max(SEVERITY[f["severity"]] for f in now) <= max(
            SEVERITY[f["severity"]] for f in was), rule
        for key in ("restarts_max", "phases_with_restart", "phases_killed"):
            assert max(f["data"].get(key) or 0 for f in now) <= max(
                f["data"].get(key) or 0 for f in was), (rule, key)


def test_a_shorter_timeout_that_cuts_off_the_apps_answers_is_not_suggested(capsys, tmp_path):
    """The app answers its health check in 1.5 s: a 1 s timeout would fail every call (the
    pod never Ready, liveness restarting it), so no such patch is printed."""
    slow = tmp_path / "slow.scenario.yaml"
    slow.write_text("targets:\n  /health/ready: {answer: {status: 200, latency_ms: 1500}}\n")
    doc = _json(capsys, "suggest", str(VAULT), "--scenario", str(slow), "--no-config")
    (item,) = doc["containers"]
    for probe in ("livenessProbe", "readinessProbe"):
        timeout = ((item["patch"] or {}).get(probe) or {}).get("timeoutSeconds")
        assert timeout is None or timeout >= 2, item["patch"]
    assert item["worse"] == []
