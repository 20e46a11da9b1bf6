"""The seams between the prober, the workers and the pod's containers are declared types, so
that mypy (pyproject's [tool.mypy], run in CI over the whole package) checks every call
across them: no parameter there is `Any`, and a sweep's validity box is a named record
(`ThresholdRange`), never a list read by index (issue 29 item 9)."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest
from helpers import http, pod

import kubesim
from kubesim.behaviour.scenario import Scenario
from kubesim.engine.metrics import run_metrics_box
from kubesim.kubelet.contracts import ThresholdRange
from kubesim.results import ProbeType

KUBELET = Path(kubesim.__file__).resolve().parent / "kubelet"

# module -> class -> the methods whose parameters cross a seam
SEAMS = {
    "prober.py": {"Prober": ("__init__", "call", "_attempt", "constant_attempt",
                             "record_run")},
    "pod_container.py": {"PodContainer": ("add_workers",)},
    "worker.py": {"Worker": ("__init__",)},
    "prober_manager.py": {"ProberManager": ("__init__",)},
    "pod_worker.py": {"Kubelet": ("__init__", "_probe_exit")},
}


def _methods(module: str, cls: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse((KUBELET / module).read_text())
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    return {n.name: n for n in body if isinstance(n, ast.FunctionDef)}


def _annotations(fn: ast.FunctionDef) -> dict[str, str]:
    args = [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]
    out = {a.arg: ast.unparse(a.annotation) for a in args if a.annotation is not None}
    if fn.returns is not None:
        out["return"] = ast.unparse(fn.returns)
    return out


@pytest.mark.parametrize(("module", "cls", "name"), [
    (module, cls, name) for module, classes in SEAMS.items()
    for cls, names in classes.items() for name in names])
def test_the_seams_take_declared_types_not_any(module: str, cls: str, name: str) -> None:
    fn = _methods(module, cls)[name]
    untyped = {arg for arg, text in _annotations(fn).items()
               if any(isinstance(n, ast.Name) and n.id == "Any"
                      for n in ast.walk(ast.parse(text)))}
    assert not untyped, f"{module} {cls}.{name}: {sorted(untyped)} typed Any"
    missing = {a.arg for a in [*fn.args.args, *fn.args.kwonlyargs]
               if a.arg != "self" and a.annotation is None}
    assert not missing, f"{module} {cls}.{name}: {sorted(missing)} not annotated"


def test_the_prober_and_the_worker_do_not_import_each_other() -> None:
    """The Protocols live below both (kubelet/contracts.py): the prober reads a worker as a
    `ProbedWorker`, never by importing `worker` (which imports the prober's types)."""
    text = (KUBELET / "prober.py").read_text()
    assert "kubesim.kubelet.worker" not in text
    assert "worker: ProbedWorker" in text


def test_no_validity_box_is_read_by_index() -> None:
    for path in (KUBELET / "worker.py", KUBELET.parent / "engine" / "metrics.py",
                 KUBELET.parent / "analysis" / "sweep" / "run.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                    and "box" in node.value.id and isinstance(node.slice, ast.Constant):
                raise AssertionError(f"{path.name}:{node.lineno}: {ast.unparse(node)}")


def test_a_runs_validity_box_is_named_ranges() -> None:
    """A 15 s stall under a liveness probe every 10 s (failureThreshold 3): one or two calls
    fail in a row, never three, so the run holds for any failureThreshold above that count
    (low 2 or 3, no high bound), as named fields; every threshold inside the range holds."""
    probed = pod(livenessProbe=http(periodSeconds=10, failureThreshold=3))
    behaviour = Scenario.from_dict({"stalls": [{"from": 40, "to": 55}]})
    _, box = run_metrics_box(probed, behaviour, duration=300, seed=0)
    for (probe_type, failure), valid in box.items():
        assert isinstance(probe_type, ProbeType) and isinstance(failure, bool)
        assert isinstance(valid, ThresholdRange)
        assert 1 <= valid.low <= valid.high <= math.inf
        assert valid.holds(int(valid.low)) and not valid.holds(int(valid.low) - 1)
    liveness = box[(ProbeType.LIVENESS, True)]
    assert liveness.low in (2, 3) and liveness.high == math.inf and liveness.holds(3)
