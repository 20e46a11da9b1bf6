"""The outputs `tests/test_golden_runs.py` holds byte-equal: every format of `kubesim run` (text,
`--changes-only`, JSON, the HTML report) on the shipped examples (examples/, probe_specs/,
traces/), and the sweep and fleet outputs built from run timelines.

The goldens under tests/data/golden_runs/ are the outputs of the code before runs of identical
probe calls were kept as one record and the renders were streamed (issue 31 item 2): they are
not checked by hand, only used to hold the bytes equal across that refactor. Regenerate them
(only for a change meant to alter the output) with

    python tests/golden_runs.py --write

Outputs larger than `BIG` bytes and the HTML reports are kept as their SHA-256 digest and
size, not as bytes.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "data" / "golden_runs"
BIG = 200_000

_SEED = "probe_specs/"
_TR = "traces/"
_RR = "examples/restart-rules/"

# name -> the `kubesim run` arguments (paths relative to the repository)
RUNS: dict[str, list[str]] = {
    "unified_db_outage": [_SEED + "seed_unified_healthz.yaml", "--scenario",
                          _TR + "seed_db_outage.scenario.yaml", "--duration", "300"],
    "unified_db_outage_trace": [_SEED + "seed_unified_healthz.yaml", "--trace",
                                _TR + "seed_db_outage.jsonl"],
    "unified_db_outage_phases": [_SEED + "seed_unified_healthz.yaml", "--scenario",
                                 _TR + "seed_db_outage.scenario.yaml", "--phases", "5",
                                 "--seed", "3"],
    "unified_db_outage_day": [_SEED + "seed_unified_healthz.yaml", "--scenario",
                              _TR + "seed_db_outage.scenario.yaml", "--duration", "86400"],
    "slow_startup": [_SEED + "seed_slow_startup_liveness_only.yaml", "--scenario",
                     _TR + "seed_slow_startup.scenario.yaml"],
    "slow_startup_budget_trace": [_SEED + "seed_slow_startup_budget.yaml", "--trace",
                                  _TR + "seed_slow_startup.jsonl"],
    "skeleton_stall": [_SEED + "seed_skeleton.yaml", "--scenario",
                       _TR + "seed_event_loop_stall.scenario.yaml", "--seed", "7"],
    "skeleton_stall_trace": [_SEED + "seed_skeleton.yaml", "--trace",
                             _TR + "seed_event_loop_stall.jsonl"],
    "skeleton_stall_simpy": [_SEED + "seed_skeleton.yaml", "--scenario",
                             _TR + "seed_event_loop_stall.scenario.yaml", "--engine", "simpy"],
    "seed_app": ["examples/seed-app/deployment.yaml", "--scenario",
                 _TR + "seed_db_outage.scenario.yaml", "--duration", "900"],
    "broker_warmup": ["examples/broker/statefulset.yaml", "--scenario",
                      "examples/broker/warmup.scenario.yaml"],
    "node_disk": ["examples/node-disk/deployment.yaml", "--scenario",
                  "examples/node-disk/disk-full.scenario.yaml"],
    "property_app": ["examples/property-tests/deployment.yaml", "--scenario",
                     "examples/property-tests/app.scenario.yaml"],
    "istio_pod": ["examples/upstream/istio-hello-probes.injected.yaml", "--duration", "600"],
    "istio_pod_proxy": ["examples/upstream/istio-hello-probes.injected.yaml", "--duration",
                        "600", "--container", "istio-proxy"],
    "exit_code_rule": [_RR + "exit-code-rule.yaml", "--scenario", _RR + "exits-42-42-1.yaml",
                       "--profile", "1.36", "--duration", "40"],
    "never_in_always": [_RR + "never-in-always-pod.yaml", "--scenario", _RR + "exits-1.yaml",
                        "--profile", "1.36", "--duration", "20"],
    "onfailure_in_never": [_RR + "onfailure-in-never-pod.yaml", "--scenario",
                           _RR + "exits-1-then-0.yaml", "--profile", "1.36", "--duration",
                           "20"],
    "restart_all": [_RR + "restart-all-containers.yaml", "--scenario",
                    _RR + "trainer-exits-42.yaml", "--profile", "1.36", "--duration", "20"],
}

# name -> other commands' arguments whose output is built from run timelines
OTHERS: dict[str, list[str]] = {
    "sweep_threshold.txt": ["sweep", _SEED + "seed_unified_healthz.yaml", "--scenario",
                            _TR + "seed_db_outage.scenario.yaml", "--set",
                            "livenessProbe.failureThreshold=1,3,5", "--phases", "4",
                            "--duration", "600"],
    "sweep_threshold.json": ["sweep", _SEED + "seed_unified_healthz.yaml", "--scenario",
                             _TR + "seed_db_outage.scenario.yaml", "--set",
                             "livenessProbe.failureThreshold=1,3,5", "--phases", "4",
                             "--duration", "600", "--format", "json"],
    "sweep_threshold.csv": ["sweep", _SEED + "seed_unified_healthz.yaml", "--scenario",
                            _TR + "seed_db_outage.scenario.yaml", "--set",
                            "livenessProbe.failureThreshold=1,3,5", "--phases", "4",
                            "--duration", "600", "--format", "csv"],
    "fleet_seed_app.txt": ["fleet", "examples/seed-app/deployment.yaml", "--scenario",
                           _TR + "seed_db_outage.scenario.yaml", "--replicas", "3",
                           "--duration", "600"],
    "fleet_seed_app.json": ["fleet", "examples/seed-app/deployment.yaml", "--scenario",
                            _TR + "seed_db_outage.scenario.yaml", "--replicas", "3",
                            "--duration", "600", "--format", "json"],
}


def _kubesim(argv: list[str]) -> bytes:
    """`kubesim ARGV` in this process, from the repository's root: its standard output."""
    from kubesim.cli.main import main

    out = io.StringIO()
    here = os.getcwd()
    os.chdir(REPO)
    try:
        with contextlib.redirect_stdout(out):
            code = main(list(argv))
    finally:
        os.chdir(here)
    if code != 0:
        raise AssertionError(f"kubesim {' '.join(argv)} exited {code}")
    return out.getvalue().encode("utf-8")


def outputs(name: str) -> dict[str, bytes]:
    """Every output of one golden case: file name -> bytes."""
    if name in OTHERS:
        return {name: _kubesim(OTHERS[name])}
    argv = ["run", *RUNS[name]]
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "report.html"
        text = _kubesim([*argv, "--html", str(page)])
        html = page.read_bytes()
    return {f"{name}.txt": text, f"{name}.html": html,
            f"{name}.changes.txt": _kubesim([*argv, "--changes-only"]),
            f"{name}.json": _kubesim([*argv, "--format", "json"])}


def kept(file: str, data: bytes) -> bytes:
    """What the golden file holds: the bytes, or the digest and size of a large output or an
    HTML report (its page is mostly the same script each time)."""
    if len(data) <= BIG and not file.endswith(".html"):
        return data
    if file.endswith(".html"):
        data = _page_without_assets(data)
    return f"sha256 {hashlib.sha256(data).hexdigest()} size {len(data)}\n".encode()


def _page_without_assets(page: bytes) -> bytes:
    """An HTML report without its inline script and style (the same assets on every page,
    changed by work on other pages): its markup and its data (the JSON script) are kept."""
    page = re.sub(rb"<script>.*?</script>", b"<script></script>", page, flags=re.S)
    return re.sub(rb"<style>.*?</style>", b"<style></style>", page, flags=re.S)


def names() -> list[str]:
    return [*RUNS, *OTHERS]


def write() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in names():
        for file, data in outputs(name).items():
            (GOLDEN / file).write_bytes(kept(file, data))
            print(file, len(data))


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/golden_runs.py --write")
    write()
