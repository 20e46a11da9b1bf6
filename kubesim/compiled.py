"""Which of kubesim's modules run compiled (mypyc) and which run as Python source.

The kubelet and engine packages, and `results` (the vocabulary they test at every event), are
compiled by mypyc from their own source when kubesim is installed where a C compiler works
(`setup.py`; `KUBESIM_COMPILE=0` installs pure Python, `KUBESIM_COMPILE=1` makes a failed
compile an error). The build records what it compiled in `kubesim/_native.json`: each module
with the SHA-256 of the source it was compiled from, and whether the build was made in place.

Whether the compiled modules are current is decided by the build, not by hashing the sources
at every start:

* a wheel (`pip install .`, `pip wheel`): the sources beside the extensions are the ones the
  same build compiled, installed together; the record alone says compiled;
* an in-place build (`pip install -e .`, `build_ext --inplace`), whose sources can be edited
  afterwards: the record also holds each source's size and modification time (`os.stat`), and a
  start compares those (no read of a source); only a source whose size or time changed is
  hashed, and runs compiled again if its hash is still the build's (a checkout that touched it).

A source edited since an in-place build, a module added to or gone from its packages, an
extension missing, or `KUBESIM_PURE=1` in the environment: every one of those modules then runs
from its source, never from an extension built from an older one. `kubesim --version` says
which runs.

This module is read by `setup.py` before kubesim is installed: it imports nothing of kubesim.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

__all__ = ["COMPILED_MODULES", "COMPILED_PACKAGES", "GROUP", "MANIFEST", "PURE", "NativeState",
           "activate", "build_record", "compiled_sources", "describe", "module_name",
           "native_state", "source_digest", "source_stamp", "state_of"]

PACKAGE = Path(__file__).resolve().parent

# the packages mypyc compiles, every module of them except those in PURE
COMPILED_PACKAGES = ("kubelet", "engine")

# single modules outside them that mypyc compiles too (relative to kubesim/) -> why
COMPILED_MODULES = {
    "results.py": "the probe types, results and outcomes the kubelet tests at every event: "
                  "compiled, a member such as `Result.FAILURE` is read as a C static (Python "
                  "3.11's EnumType.__getattr__ makes it about 480 instructions otherwise)",
    "fleet/queue_walk.py": "the load model's queue walk: a backed-up replica adds every change of "
                           "the fleet since its last answer, so the additions grow with the "
                           "square of the fleet; compiled, each is one addition of C doubles",
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
    import hashlib  # only a build, or a start that finds a source touched since one, hashes

    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_stamp(path: Path) -> list[int]:
    """A source's size and modification time (ns): what an in-place build's start compares."""
    status = path.stat()
    return [status.st_size, status.st_mtime_ns]


def build_record(sources: Sequence[Path], in_place: bool, package: Path = PACKAGE) -> str:
    """The text of kubesim/_native.json for a build that compiled `sources` as they are now:
    each module's SHA-256, and for an in-place build each one's `source_stamp`."""
    record: dict[str, object] = {
        "modules": {module_name(p, package): source_digest(p) for p in sources},
        "in_place": in_place}
    if in_place:
        record["stamps"] = {module_name(p, package): source_stamp(p) for p in sources}
    return json.dumps(record, indent=1, sort_keys=True) + "\n"


def _extension(source: Path) -> Path | None:
    """The extension module beside `source` that Python's import would load first."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


class _Record(NamedTuple):
    """What kubesim/_native.json says: module -> SHA-256 of its compiled source; for an
    in-place build, module -> [size, mtime_ns] of that source (None for a wheel)."""

    digests: dict[str, str]
    stamps: dict[str, list[int]] | None


def _read_record(package: Path) -> _Record | str:
    """The build record, or why it is not there or not readable."""
    try:
        record = json.loads((package / MANIFEST).read_text())
        digests = dict(record["modules"])
        stamps = _stamps_of(record)
    except FileNotFoundError:
        return "not compiled at install"
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return f"unreadable build record kubesim/{MANIFEST}"
    return _Record(digests, stamps)


def _stamps_of(record: dict[str, Any]) -> dict[str, list[int]] | None:
    """An in-place build's stamps; None for a wheel. A record without "in_place" was written
    by an earlier kubesim, which built in place only: every source is checked by its hash."""
    if "in_place" not in record:
        return {}
    return dict(record["stamps"]) if record["in_place"] else None


def state_of(package: Path, pure_requested: bool) -> NativeState:
    """What runs for the kubesim package in `package` (its sources, extensions and record)."""
    if pure_requested:
        return NativeState("pure", (), f"{PURE_VARIABLE}=1")
    record = _read_record(package)
    if isinstance(record, str):
        return NativeState("pure", (), record)
    if record.stamps is None:  # a wheel: its sources and extensions were installed together
        return NativeState("compiled", tuple(sorted(record.digests)), "")
    sources = {module_name(path, package): path for path in compiled_sources(package)}
    if set(record.digests) != set(sources):
        changed = sorted(set(record.digests) ^ set(sources))
        return NativeState("pure", (), "the compiled build is stale (its modules differ from "
                                       f"the sources: {', '.join(changed)}); reinstall")
    for name, path in sources.items():
        if _extension(path) is None:
            return NativeState("pure", (), f"the compiled build is incomplete ({name})")
        if not _unchanged(path, record.stamps.get(name), record.digests[name]):
            return NativeState("pure", (), "the compiled build is stale "
                                           f"({path.relative_to(package.parent).as_posix()} "
                                           "changed since); reinstall")
    return NativeState("compiled", tuple(sorted(sources)), "")


def _unchanged(path: Path, stamp: list[int] | None, digest: str) -> bool:
    """Whether `path` is still the source an in-place build compiled: its size and time as
    recorded, or else (touched, e.g. by a checkout) its content's hash as recorded."""
    try:
        if stamp is not None and source_stamp(path) == list(stamp):
            return True
        return source_digest(path) == digest
    except OSError:
        return False


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
