"""Builders for engine tests: pods from camelCase dicts, scenarios, an ideal kubelet.

Like the kubelet's own `common_test.go`: fast defaults unless a test says otherwise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kubesim import (HEALTHY, Behaviour, ProbedContainer, ProbeType, Scenario, Timeline,
                     profile_from, simulate)
from kubesim.spec.model import parse_container

# The real public inputs the project is checked against live beside the repository (they do
# not ship): tests that read them skip when they are absent, with a message that names no
# path outside the repository (conftest.py fails a skip reason that does).
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
REAL_MANIFESTS = CORPUS / "real-manifests"
needs_real_manifests = pytest.mark.skipif(
    not REAL_MANIFESTS.is_dir(), reason="the real-manifest corpus is not present")

IDEAL = profile_from(ideal=True)
CLASSIC = profile_from()
LEGACY = profile_from("legacy")


def http(path: str = "/livez", **fields: Any) -> dict[str, Any]:
    """An httpGet probe on the named port `http` (8000), period 1 s unless given."""
    return {"httpGet": {"path": path, "port": "http"}, "periodSeconds": 1, **fields}


def pod(*, restart_policy: str = "Always", grace: int = 30, sidecar: bool = False,
        ports: list[dict[str, Any]] | None = None, **probes: dict[str, Any]) -> ProbedContainer:
    """A pod whose container declares `startupProbe=...`, `livenessProbe=...` etc."""
    data = {"name": "app", "ports": ports or [{"name": "http", "containerPort": 8000}], **probes}
    return ProbedContainer(parse_container(data, sidecar=sidecar),
                           termination_grace_period_seconds=grace,
                           restart_policy=restart_policy)  # type: ignore[arg-type]


def scenario(**data: Any) -> Scenario:
    """A Scenario from keyword arguments (`targets=...`, `stalls=...`)."""
    return Scenario.from_dict(data)


def run(p: ProbedContainer, behaviour: Behaviour = HEALTHY, *, phase: float = 0.0,
        duration: float = 60.0, profile: Any = IDEAL, seed: int = 0) -> Timeline:
    """Simulate with the ideal kubelet and a pinned grid unless told otherwise; every
    container's records (the whole pod)."""
    return simulate(p, behaviour, duration=duration, seed=seed, profile=profile, phase=phase,
                    whole_pod=True)


def starts(tl: Timeline, probe_type: ProbeType, container: int | None = None) -> list[float]:
    """Start times of the probes of one type (of one container instance)."""
    return [round(r.at, 6) for r in tl.probes
            if r.probe is probe_type and (container is None or r.container == container)]


def results(tl: Timeline, probe_type: ProbeType) -> list[str]:
    """The outcomes of the probes of one type, in order."""
    return [r.result.value for r in tl.probes if r.probe is probe_type]


def cli(capsys: Any, *argv: str) -> tuple[int, str, str]:
    """Run `kubesim ARGV` in-process: (exit code, stdout, stderr). argparse's own exits
    (usage errors, `--help`) come back as their code, like the other exits."""
    from kubesim.cli.main import main
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
