"""Checks on the repository itself: the public API and the layering of kubesim's modules."""

from __future__ import annotations

import ast
import types
from pathlib import Path

import kubesim

PACKAGE = Path(kubesim.__file__).resolve().parent

# third-party or stdlib module -> the only kubesim modules that may import it at run time
ALLOWED = {
    "yaml": {"yamlio"},
    "simpy": {"worker", "kubelet", "simulate"},
    "numpy": {"simulate"},
    "argparse": {"cli", "cli_args"},  # and every cmd_*.py
    "hypothesis": {"strategies", "pytest_plugin"},
    "pytest": {"pytest_plugin"},
}
ENGINE = {"worker", "kubelet", "prober", "prober_manager", "runtime", "backoff", "simulate",
          "timeline", "phases"}
EDGES = {"cli", "cli_args", "report", "manifests", "trace", "scenario", "yamlio"}


def _runtime_imports(path: Path) -> set[str]:
    """Top-level names imported outside `if TYPE_CHECKING:` blocks."""
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            names.add("." + (node.module or "").split(".")[0])
    return names


def _modules() -> dict[str, set[str]]:
    return {p.stem: _runtime_imports(p) for p in PACKAGE.glob("*.py")}


def test_public_api_is_sorted_complete_and_importable():
    assert kubesim.__all__ == sorted(kubesim.__all__)
    public = {n for n in dir(kubesim) if not n.startswith("_")
              and not isinstance(getattr(kubesim, n), types.ModuleType)}
    assert public - {"annotations", "importlib", "TYPE_CHECKING", "Any"} == set(kubesim.__all__)
    for name in kubesim.__all__:
        value = getattr(kubesim, name)
        assert value is not None
        assert not isinstance(value, types.ModuleType)


def test_third_party_imports_stay_in_their_layer():
    for module, imports in _modules().items():
        for lib, allowed in ALLOWED.items():
            if lib in imports:
                ok = module in allowed or (lib == "argparse" and module.startswith("cmd_"))
                assert ok, f"{module}.py imports {lib}"


def test_the_engine_never_imports_the_edges():
    """Parsing at one edge, printing at the other: the engine takes plain objects."""
    for module, imports in _modules().items():
        if module in ENGINE:
            bad = {i for i in imports if i.lstrip(".") in EDGES and i.startswith(".")}
            assert not bad, f"engine module {module}.py imports {bad}"


def test_only_the_cli_prints_or_exits():
    for path in PACKAGE.glob("*.py"):
        if path.stem in {"cli", "__main__"}:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                fn = node.func
                name = getattr(fn, "id", None) or getattr(fn, "attr", None)
                assert name not in {"print", "exit"}, f"{path.name}:{node.lineno} calls {name}"
