"""kubesim's build: the kubelet and engine packages (and `kubesim/results.py`) compiled by mypyc
where a C compiler works.

Everything else is in pyproject.toml. `KUBESIM_COMPILE` chooses (docs/engine.md, "Speed"):

* unset or `auto`: compile when mypyc and a C compiler that builds against this Python's headers
  are there, and install the pure-Python modules otherwise (a failed compile says why and falls
  back too);
* `1`: compile, and fail the install if that is not possible;
* `0`: install the pure-Python modules only.

Which modules compile, and which stay source and why: `kubesim/compiled.py`, which also records
the build (`kubesim/_native.json`: each compiled module and the hash of its source; for an
in-place build, also its size and time, which a start compares), so that a source edited after
an editable install runs as source, never as the stale extension.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "kubesim"
# compiled extensions by the hash of what they were compiled from (BuildNative.build_extension)
CACHE = ROOT / "build" / "kubesim-native"
# mypyc's generated C by the hash of what its type check read (_mypycify)
GENERATED = ROOT / "build" / "kubesim-mypyc"


def _load_compiled():
    """kubesim/compiled.py itself (kubesim is not installed yet; it imports nothing of it)."""
    spec = importlib.util.spec_from_file_location("_kubesim_compiled", PACKAGE / "compiled.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # NamedTuple resolves its module by name
    spec.loader.exec_module(module)
    return module


compiled = _load_compiled()


def _say(message: str, terminal: bool = False) -> None:
    """A line on stderr, which pip shows only with -v (it captures a build's output); with
    `terminal`, also on the terminal pip runs in, so that a first install says why it takes a
    minute (pip's own line, `Building editable for kubesim (pyproject.toml) ...`, does not)."""
    line = f"kubesim build: {message}\n"
    sys.stderr.write(line)
    sys.stderr.flush()
    if terminal and not sys.stderr.isatty():
        _to_terminal(line)


def _to_terminal(line: str) -> None:
    """`line` on the controlling terminal, if there is one (none in CI: nothing written)."""
    try:
        with open("/dev/tty", "w", encoding="utf-8") as tty:
            tty.write(line)
    except OSError:
        pass


def _mode() -> str:
    value = os.environ.get("KUBESIM_COMPILE", "auto").strip().lower() or "auto"
    if value not in {"auto", "0", "1"}:
        raise SystemExit(f"KUBESIM_COMPILE={value!r}: must be 0 (pure Python), 1 (compiled) "
                         "or auto (compiled where a C compiler works)")
    return value


def _compiler_problem() -> str | None:
    """Why no extension can be built here (None: a C compiler builds against Python.h)."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CCompilerError, DistutilsError
    from setuptools._distutils.sysconfig import customize_compiler

    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").is_file():
        return f"no Python.h in {include} (the Python development headers)"
    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as scratch:
        source = Path(scratch) / "probe.c"
        source.write_text("#include <Python.h>\nint kubesim_probe(void) { return 0; }\n")
        try:
            compiler.compile([str(source)], output_dir=scratch, include_dirs=[include])
        except (CCompilerError, DistutilsError, OSError) as exc:
            return f"the C compiler failed ({exc})"
    return None


def _in_place() -> bool:
    """Whether this run installs the source tree itself (editable, or build_ext --inplace)."""
    argv = set(sys.argv[1:])
    return bool({"editable_wheel", "develop"} & argv
                or ("build_ext" in argv and {"--inplace", "-i"} & argv))


def _remove_inplace_build() -> None:
    """An in-place (editable) build's extensions and record, left from an earlier compiled
    build: a pure in-place build removes them, so that nothing compiled from older sources
    stays (a wheel built meanwhile leaves the source tree as it is)."""
    if not _in_place():
        return
    record = PACKAGE / compiled.MANIFEST
    stale = [record] if record.exists() else []
    for suffix in compiled_suffixes():
        stale += [path for name in compiled.COMPILED_PACKAGES
                  for path in (PACKAGE / name).glob(f"*{suffix}")]
        stale += [path for name in compiled.COMPILED_MODULES
                  if (path := (PACKAGE / name).with_suffix(suffix)).exists()]
        stale += list(PACKAGE.glob(f"{compiled.GROUP.rpartition('.')[2]}__mypyc*{suffix}"))
    for path in stale:
        path.unlink()
        _say(f"removed {path.relative_to(ROOT)} (an earlier compiled build)")


def compiled_suffixes() -> list[str]:
    from importlib.machinery import EXTENSION_SUFFIXES

    return list(EXTENSION_SUFFIXES)


def _cores() -> int:
    """The cores this build may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class BuildNative(build_ext):
    """setuptools' build_ext for mypyc's extensions: they are generated when a wheel or the
    extensions are built (not whenever pip asks for metadata), the build record is written
    beside them, and in `auto` mode a failed compile falls back to the pure-Python modules."""

    def finalize_options(self) -> None:
        if self.distribution.ext_modules == [PLANNED] and _builds():
            self.distribution.ext_modules = _mypyc_extensions()
        super().finalize_options()
        # one compile per core (unless -j says otherwise): the first extension, mypyc's shared
        # library (one C file of 10 MB, about 40 s of CPU at -O3), compiles on one core while
        # the modules' 25 shims compile and link on the other, where they waited for it
        if self.parallel is None:
            self.parallel = _cores()

    def run(self) -> None:
        inplace = self.inplace or getattr(self, "editable_mode", False)
        if not self.extensions:
            return
        self.cache_used: set[str] = set()
        try:
            super().run()
        except Exception as exc:  # any failed compile falls back in auto mode
            if _mode() == "1":
                raise
            _say(f"compiling failed ({exc}); installing the pure-Python modules "
                 "(KUBESIM_COMPILE=1 makes this an error)", terminal=True)
            self.extensions = []
            if inplace:
                _remove_inplace_build()
            return
        # a wheel's record says compiled; an in-place build's also holds each source's size and
        # time, which a start compares (kubesim/compiled.py)
        record = BUILD_RECORD["in_place" if inplace else "wheel"]
        targets = [Path(self.build_lib) / "kubesim" / compiled.MANIFEST]
        if inplace:
            targets.append(PACKAGE / compiled.MANIFEST)
        for target in targets:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(record)
        for entry in CACHE.glob("*") if CACHE.is_dir() else []:  # keep this build's only
            if entry.name not in self.cache_used:
                shutil.rmtree(entry, ignore_errors=True)

    def build_extension(self, ext: Extension) -> None:
        """Compile one extension, or reuse the one compiled from the same C with the same
        compiler and Python (build/kubesim-native/: `pip install -e .` and then
        `pip install -e '.[test]'` compile once)."""
        key = self._cache_key(ext)
        target = Path(self.get_ext_fullpath(ext.name))
        cached = CACHE / key / target.name
        self.cache_used.add(key)
        if cached.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, target)
            _say(f"{ext.name}: reused the extension compiled from the same C source")
            return
        super().build_extension(ext)
        cached.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(target, cached)

    def _cache_key(self, ext: Extension) -> str:
        from mypy.version import __version__ as mypy_version

        digest = hashlib.sha256()
        for part in (sys.version, sysconfig.get_config_var("EXT_SUFFIX"), mypy_version,
                     ext.name, *getattr(self.compiler, "compiler_so", []),
                     *getattr(self.compiler, "linker_so", []), *ext.extra_compile_args,
                     *ext.extra_link_args):  # (mypyc's own headers: its version)
            digest.update(str(part).encode() + b"\0")
        for source in ext.sources:
            digest.update(source.encode() + b"\0" + Path(source).read_bytes() + b"\0")
        for header in sorted(Path("build").rglob("*.h")):  # mypyc's generated headers
            digest.update(str(header).encode() + b"\0" + header.read_bytes() + b"\0")
        return digest.hexdigest()[:32]

    def get_outputs(self) -> list[str]:
        if not self.extensions or self.extensions == [PLANNED]:
            return []
        return [*super().get_outputs(),
                str(Path(self.build_lib) / "kubesim" / compiled.MANIFEST)]


def _mypyc_extensions() -> list[Extension]:
    """mypyc's C for the compiled modules, as extensions (none when mypyc fails in auto mode)."""
    paths = compiled.compiled_sources()
    sources = [str(path.relative_to(ROOT)) for path in paths]
    # the sources as mypyc reads them now: what the build record says they were compiled from
    BUILD_RECORD.update({"wheel": compiled.build_record(paths, in_place=False),
                         "in_place": compiled.build_record(paths, in_place=True)})
    _say(f"compiling {len(sources)} modules with mypyc, about a minute the first time "
         "(KUBESIM_COMPILE=0 installs pure Python instead)", terminal=True)
    try:
        return _mypycify(sources)
    except (Exception, SystemExit) as exc:  # mypyc reports, then exits
        if _mode() == "1":
            raise
        _say(f"mypyc could not compile the modules ({exc!r}); installing the pure-Python "
             "modules (KUBESIM_COMPILE=1 makes this an error)", terminal=True)
        return []


def _mypycify(sources: list[str]) -> list[Extension]:
    """mypyc's extensions of `sources`. The C that mypyc generates (its type check of the
    package, 10 s of CPU) is kept by the hash of what that check reads (_generated_key) and
    handed to mypycify as its skip_cgen_input: the README's second install and `pip wheel`
    reuse the first install's C (BuildNative then reuses its compiled extensions too)."""
    from mypyc.build import mypycify

    key = _generated_key(sources)
    saved = GENERATED / key / "generated.json"
    if saved.is_file():
        generated = json.loads(saved.read_text(encoding="utf-8"))
        _say("reused mypyc's C generated from the same sources, dependencies and mypy")
    else:
        generated = _generate_c(sources)
        shutil.rmtree(GENERATED, ignore_errors=True)  # an older key's C: of older sources
        saved.parent.mkdir(parents=True)
        saved.write_text(json.dumps(generated), encoding="utf-8")
    groups = [[(name, text) for name, text in group] for group in generated["groups"]]
    deps = [(path, dirs, internal) for path, dirs, internal in generated["deps"]]
    return mypycify(sources, opt_level="3", debug_level="0", group_name=compiled.GROUP,
                    skip_cgen_input=(groups, deps))


def _generate_c(sources: list[str]) -> dict[str, Any]:
    """mypyc's C of `sources` in skip_cgen_input's shape, made as mypycify(group_name=GROUP)
    makes it (mypyc.build.mypyc_build: one group, a shared library, default options)."""
    from mypy.fscache import FileSystemCache
    from mypyc import build as mypyc_build
    from mypyc.options import CompilerOptions

    options = CompilerOptions(separate=False, group_name=compiled.GROUP)
    fscache = FileSystemCache()
    modules, every_source, mypy_options = mypyc_build.get_mypy_config(sources, None, options,
                                                                      fscache)
    groups = mypyc_build.construct_groups(modules, False, True, compiled.GROUP)
    cfiles, _ops, deps = mypyc_build.generate_c(every_source, mypy_options, groups, fscache,
                                                compiler_options=options)
    return {"groups": [[list(cfile) for cfile in group] for group in cfiles],
            "deps": [[dep.path, list(dep.include_dirs), dep.internal] for dep in deps]}


def _generated_key(sources: list[str]) -> str:
    """What mypyc's generated C depends on: this Python and mypy, the build's installed
    distributions (the types of pydantic, numpy, ...), setup.py, pyproject.toml ([tool.mypy])
    and every source of the package (the compiled modules' imports are type-checked too)."""
    from importlib import metadata

    from mypy.version import __version__ as mypy_version

    digest = hashlib.sha256()
    installed = sorted(f"{dist.metadata['Name']}=={dist.version}"
                       for dist in metadata.distributions()
                       if dist.metadata["Name"] != "kubesim")  # (its own egg-info: none at first)
    for part in (sys.version, mypy_version, compiled.GROUP, *sources, *installed):
        digest.update(str(part).encode() + b"\0")
    files = [ROOT / "setup.py", ROOT / "pyproject.toml", *sorted(PACKAGE.rglob("*.py")),
             *sorted(PACKAGE.rglob("*.pyi"))]
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def _builds() -> bool:
    """Whether this setup.py run builds (a wheel, an editable wheel, extensions), rather than
    answer a metadata or requirements question, which needs no mypyc run."""
    return bool({"bdist_wheel", "editable_wheel", "build", "build_ext", "install", "develop"}
                & set(sys.argv[1:]))


# the build record (kubesim/_native.json) of a wheel and of an in-place build, as mypyc read
# the sources
BUILD_RECORD: dict[str, str] = {}

# stands for mypyc's extensions until a wheel is built (a platform wheel, not a pure one)
PLANNED = Extension(f"{compiled.GROUP}__mypyc", sources=[])


def ext_modules() -> list[Extension]:
    """[PLANNED] when the modules are to be compiled, [] for pure Python."""
    mode = _mode()
    if mode == "0":
        _remove_inplace_build()
        _say("KUBESIM_COMPILE=0: the pure-Python modules")
        return []
    problem = None
    if importlib.util.find_spec("mypyc") is None:
        problem = "mypyc is not installed"
    problem = problem or _compiler_problem()
    if problem:
        if mode == "1":
            raise SystemExit(f"KUBESIM_COMPILE=1, but {problem}")
        _remove_inplace_build()
        _say(f"{problem}: installing the pure-Python modules (KUBESIM_COMPILE=1 makes this "
             "an error)")
        return []
    return [PLANNED]


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildNative})
