"""Which of kubesim's modules run compiled (mypyc) and which run as Python source.

The kubelet and engine packages, and `results` (the vocabulary they test at every event), are
compiled by mypyc from their own source when kubesim is installed where a C compiler works
(`setup.py`; `KUBESIM_COMPILE=0` installs pure Python, `KUBESIM_COMPILE=1` makes a failed
compile an error). The build records what it compiled in `kubesim/_native.json`: each module
with the SHA-256 of the source it was compiled from.

At run time the compiled modules run only when that record matches the sources beside them.
A source edited since the build (an editable install, changed afterwards), a module missing
from the build, or `KUBESIM_PURE=1` in the environment: every one of those modules then runs
from its source, never from an extension built from an older one. `kubesim --version` says
which runs.

This module is read by `setup.py` before kubesim is installed: it imports nothing of kubesim.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

__all__ = ["COMPILED_MODULES", "COMPILED_PACKAGES", "GROUP", "MANIFEST", "PURE", "NativeState",
           "activate", "compiled_sources", "describe", "module_name", "native_state",
           "source_digest", "state_of"]

PACKAGE = Path(__file__).resolve().parent

# the packages mypyc compiles, every module of them except those in PURE
COMPILED_PACKAGES = ("kubelet", "engine")

# single modules outside them that mypyc compiles too (relative to kubesim/) -> why
COMPILED_MODULES = {
    "results.py": "the probe types, results and outcomes the kubelet tests at every event: "
                  "compiled, a member such as `Result.FAILURE` is read as a C static (Python "
                  "3.11's EnumType.__getattr__ makes it about 480 instructions otherwise)",
}

# module (relative to kubesim/) -> why it stays Python source
PURE = {
    "kubelet/__init__.py": "an empty package marker",
    "engine/__init__.py": "an empty package marker",
    "kubelet/settings.py": "pydantic models (BaseModel's metaclass and validators; mypyc "
                           "compiles neither, and a profile is read once a run)",
    "engine/simpy_scheduler.py": "the reference scheduler: its events subclass simpy's "
                                 "interpreted Event class, and its time is simpy's own",
}

# mypyc's shared library of the compiled modules: kubesim/_native__mypyc.<abi>.so
GROUP = "kubesim._native"
# what the build compiled (module -> SHA-256 of its source), beside this file
MANIFEST = "_native.json"
# KUBESIM_PURE=1: run every module from its source even where compiled ones are installed
PURE_VARIABLE = "KUBESIM_PURE"


class NativeState(NamedTuple):
    """What runs: `mode` is "compiled" or "pure"; `compiled` the modules that run compiled;
    `reason` why pure (empty when compiled)."""

    mode: str
    compiled: tuple[str, ...]
    reason: str


def compiled_sources(package: Path = PACKAGE) -> list[Path]:
    """The source files mypyc compiles, in name order."""
    found = [path for name in COMPILED_PACKAGES for path in (package / name).glob("*.py")
             if path.relative_to(package).as_posix() not in PURE]
    return sorted(found + [package / name for name in COMPILED_MODULES])


def module_name(path: Path, package: Path = PACKAGE) -> str:
    """`kubesim.kubelet.worker` for kubesim/kubelet/worker.py."""
    return ".".join(("kubesim", *path.relative_to(package).with_suffix("").parts))


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _extension(source: Path) -> Path | None:
    """The extension module beside `source` that Python's import would load first."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


def state_of(package: Path, pure_requested: bool) -> NativeState:
    """What runs for the kubesim package in `package` (its sources, extensions and record)."""
    if pure_requested:
        return NativeState("pure", (), f"{PURE_VARIABLE}=1")
    try:
        record = json.loads((package / MANIFEST).read_text())
        built = dict(record["modules"])
    except FileNotFoundError:
        return NativeState("pure", (), "not compiled at install")
    except (OSError, ValueError, KeyError, TypeError):
        return NativeState("pure", (), f"unreadable build record kubesim/{MANIFEST}")
    sources = {module_name(path, package): path for path in compiled_sources(package)}
    if set(built) != set(sources):
        changed = sorted(set(built) ^ set(sources))
        return NativeState("pure", (), "the compiled build is stale (its modules differ from "
                                       f"the sources: {', '.join(changed)}); reinstall")
    for name, path in sources.items():
        if _extension(path) is None:
            return NativeState("pure", (), f"the compiled build is incomplete ({name})")
        if source_digest(path) != built[name]:
            return NativeState("pure", (), "the compiled build is stale "
                                           f"({path.relative_to(package.parent).as_posix()} "
                                           "changed since); reinstall")
    return NativeState("compiled", tuple(sorted(sources)), "")


class _SourceFinder:
    """Loads the modules mypyc compiles from their source unless they run compiled."""

    def __init__(self, package: Path, compiled: Sequence[str]) -> None:
        self.package = package
        self.compiled = frozenset(compiled)
        self.prefixes = tuple(f"kubesim.{name}." for name in COMPILED_PACKAGES)
        self.modules = frozenset(module_name(package / name, package)
                                 for name in COMPILED_MODULES)

    def find_spec(self, fullname: str, path: object = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if (not (fullname.startswith(self.prefixes) or fullname in self.modules)
                or fullname in self.compiled):
            return None
        source = self.package.joinpath(*fullname.split(".")[1:]).with_suffix(".py")
        if not source.is_file():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


_STATE: NativeState | None = None


def activate() -> NativeState:
    """Decide once per process what runs; from then on the modules import accordingly."""
    global _STATE
    if _STATE is None:
        _STATE = state_of(PACKAGE, os.environ.get(PURE_VARIABLE, "") == "1")
        sys.meta_path.insert(0, _SourceFinder(PACKAGE, _STATE.compiled))
    return _STATE


def native_state() -> NativeState:
    return activate()


def describe(state: NativeState) -> list[str]:
    """What `kubesim --version` says after the version: compiled or pure, and which modules."""
    if state.mode != "compiled":
        return [f"pure Python: {state.reason}", "compiled by mypyc: none"]
    source = [module_name(PACKAGE / path) for path in PURE if not path.endswith("__init__.py")]
    outside = ", ".join([*(f"kubesim.{name}" for name in COMPILED_PACKAGES),
                         *(module_name(PACKAGE / name) for name in COMPILED_MODULES)])
    outside = " and ".join(outside.rsplit(", ", 1))
    return ["compiled", f"compiled by mypyc: {', '.join(state.compiled)}",
            f"Python source: {', '.join(sorted(source))} and every module outside {outside}"]
