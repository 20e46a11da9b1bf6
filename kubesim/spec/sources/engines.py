"""The engines that render charts and kustomizations, behind one `Renderer` protocol.

kubesim never templates anything itself: a Helm chart is rendered by Helm's own engine, a
kustomization by kustomize's.

* `HelmBinary`: the `helm` program (`HELM_BIN`, else `helm` on PATH; Helm 3 or 4), run as
  `helm template RELEASE CHART --namespace NS [-f FILE]... [--set K=V]...`.
* `HelmLibrary`: Helm's Go engine as a library, PyPI `helm-python-sdk` (the `render` extra),
  when no helm program is found. It runs in a child Python process (`kubesim.cli.helm_child`), so the
  same bounds hold as for a program, and a crash of the native library cannot take kubesim
  down.
* `Kustomize`: `kustomize build DIR` (`KUSTOMIZE_BIN`, else `kustomize` on PATH), else
  `kubectl kustomize DIR`.

Every render is bounded, because `check` renders pull-request content in CI and a chart's
templates are code: a time limit (`RenderOptions.timeout`), standard output at most the size
the YAML reader accepts (`kubesim.files.MAX_INPUT_BYTES`), at most `MEMORY_LIMIT` of address
space where the system lets kubesim set it, and no network unless `allow_network`: Helm gets
no `--dependency-update`, its configuration and cache folders are an empty temporary folder,
and kustomize's git and HTTP fetches of remote bases are refused (git may use only local
files; HTTP(S) goes to a proxy that does not exist). Every engine gets a kubeconfig whose one
cluster has a server address no client can parse (`NO_CLUSTER`): kubectl from the Google Cloud
SDK is a version dispatcher that asks the cluster of the kubeconfig for its version before
anything else, and without a kubeconfig it dialled 127.0.0.1:8080 on every render. Success is
the engine's exit code, never the absence of stderr output (warnings on stderr are not
failures).

An engine never reads the user's folder: it renders the private copy `kubesim.spec.sources.
confine` or `kustomize_tree` made (`path`), and its messages name the user's path (`shown`).
Both Helm engines render with one Kubernetes version (`helm_rules.kube_version`).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Protocol

from kubesim.errors import RenderError
from kubesim.files import MAX_INPUT_BYTES
from kubesim.spec.sources.kustomize_tree import StagedKustomization
from kubesim.spec.sources.options import DEFAULT_TIMEOUT, RenderOptions

__all__ = [
    "DEFAULT_TIMEOUT",
    "MEMORY_LIMIT",
    "Block",
    "HelmBinary",
    "HelmLibrary",
    "Kustomize",
    "RenderOptions",
    "Rendered",
    "Renderer",
    "helm_renderer",
    "kustomize_renderer",
    "neutral",
    "run_engine",
]

MEMORY_LIMIT = 2 * 1024**3  # address space of an engine process (RLIMIT_AS), bytes
STDERR_KEPT = 16 * 1024  # bytes of an engine's stderr kept for the error message
DEBUG_HINT = "Use --debug flag to render out invalid YAML"  # helm template's advice on stderr
NO_PROXY_ADDRESS = "http://127.0.0.1:9"  # the discard port: nothing listens, refused at once
# a kubeconfig that names no cluster anyone can reach: the server is not a URL (an unclosed
# IPv6 bracket), so a client fails to build before it opens a socket
NO_CLUSTER = """apiVersion: v1
kind: Config
clusters:
- name: none
  cluster: {server: "http://[no-cluster-kubesim-renders-offline"}
contexts:
- name: none
  context: {cluster: none, user: none}
users:
- name: none
  user: {}
current-context: none
"""


@dataclass(frozen=True)
class Block:
    """One piece of an engine's output: the file it came from as the engine names it (Helm:
    `CHARTNAME/templates/x.yaml`; None where the engine names none) and its YAML text."""

    key: str | None
    text: str


@dataclass(frozen=True)
class Rendered:
    """What one render produced: its pieces, the engine (`helm v3.16.2`) and the command."""

    blocks: tuple[Block, ...]
    engine: str
    command: str
    stream: str | None = field(default=None, repr=False)  # the whole output, when one text
    origin_root: str | None = None  # kustomize: the folder the origin annotations start from
    staged: StagedKustomization | None = None  # kustomize: the copy it built, and whose it is


class Renderer(Protocol):
    """An engine that renders one chart."""

    @property
    def name(self) -> str:
        """The engine, as a note names it."""
        ...

    def render(self, path: str, shown: str, options: RenderOptions, *, release: str,
               workdir: str) -> Rendered:
        """Render the chart copied at `path` (messages name it `shown`), with `workdir` as
        the engine's private home (raises RenderError)."""
        ...


# ---------------------------------------------------------------- running an engine


@dataclass(frozen=True)
class Completed:
    """An engine process that ran to its end within the bounds."""

    code: int
    stdout: bytes
    stderr: str


def neutral(text: str, limit: int = 2000) -> str:
    """An engine's stderr made safe to quote in one line of an error message: control and
    escape characters shown as `\\xNN`, lines joined with ` | `, at most `limit` characters.
    (This is the render edge's own function; the command's output edge treats the whole
    message again.)"""
    lines = [line.strip() for line in text.replace("\r", "\n").split("\n")]
    joined = " | ".join(line for line in lines if line)
    safe = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" if ord(c) < 256 else
                   f"\\u{ord(c):04x}" for c in joined)
    return safe if len(safe) <= limit else safe[:limit] + " ..."


def _shown(argv: Sequence[str]) -> str:
    return neutral(" ".join(a if re.fullmatch(r"[\w./:=@,+-]+", a) else repr(a) for a in argv),
                   600)


def _limit_memory(pid: int) -> None:
    """At most MEMORY_LIMIT of address space for the engine, set from outside as soon as it
    started (Linux's prlimit; no fork-time hook, which is unsafe with threads); where the
    system has no prlimit, the time limit alone bounds it."""
    try:
        import resource
        resource.prlimit(pid, resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, AttributeError, ValueError, OSError):
        pass


def _drain(stream: IO[bytes], keep: int, out: bytearray, over: threading.Event,
           stop_when_over: bool) -> None:
    """Read `stream` to its end, keeping the first `keep` (+1) bytes in `out`."""
    while True:
        chunk = stream.read(65536)
        if not chunk:
            return
        room = keep + 1 - len(out)
        if room > 0:
            out += chunk[:room]
        if len(out) > keep:
            over.set()
            if stop_when_over:
                return


def run_engine(argv: Sequence[str], *, timeout: float, env: dict[str, str] | None = None,
               cwd: str | None = None, stdin: bytes | None = None,
               max_bytes: int = MAX_INPUT_BYTES, what: str,
               shown: Sequence[str] | None = None) -> Completed:
    """Run an engine with the bounds above; a time-out or an output over `max_bytes` is a
    RenderError naming the command (`what` says what was being rendered; `shown`: the
    command as messages show it, when `argv` names a private copy)."""
    command = _shown(shown if shown is not None else argv)
    posix = os.name == "posix"
    try:
        proc = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd,
            start_new_session=posix)
    except OSError as exc:
        raise RenderError(f"{what}: cannot run {command}: {exc.strerror}") from None
    _limit_memory(proc.pid)
    out, err = bytearray(), bytearray()
    too_big, err_full = threading.Event(), threading.Event()
    assert proc.stdout is not None and proc.stderr is not None
    readers = [threading.Thread(target=_drain, args=(proc.stdout, max_bytes, out, too_big,
                                                     True), daemon=True),
               threading.Thread(target=_drain, args=(proc.stderr, STDERR_KEPT, err, err_full,
                                                     False), daemon=True)]
    for r in readers:
        r.start()
    if stdin is not None:
        assert proc.stdin is not None
        try:
            proc.stdin.write(stdin)
            proc.stdin.close()
        except OSError:  # the engine exited without reading it: its exit code says why
            pass
    timed_out = not _wait(proc, readers[0], too_big, timeout)
    if timed_out or too_big.is_set():
        _kill(proc, posix)
    for r in readers:
        r.join(5)
    proc.stdout.close()
    proc.stderr.close()
    if timed_out:
        raise RenderError(f"{what}: {command} did not finish within {timeout:g} s "
                          "(--render-timeout); stopped")
    if too_big.is_set():
        raise RenderError(f"{what}: {command} wrote more than "
                          f"{max_bytes / 1024 / 1024:g} MiB; kubesim reads renders up to "
                          "that size; stopped")
    return Completed(proc.returncode, bytes(out), bytes(err).decode("utf-8", "replace"))


def _wait(proc: subprocess.Popen[bytes], reader: threading.Thread, too_big: threading.Event,
          timeout: float) -> bool:
    """Wait for the process (and its output) until the deadline; False: timed out."""
    step = 0.05
    waited = 0.0
    while waited < timeout:
        try:
            proc.wait(step)
            reader.join(max(timeout - waited, 0.0))
            return not reader.is_alive()
        except subprocess.TimeoutExpired:
            waited += step
            if too_big.is_set():
                return True
            step = min(step * 2, 0.5)
    return False


def _kill(proc: subprocess.Popen[bytes], posix: bool) -> None:
    try:
        if posix:
            os.killpg(proc.pid, 9)  # the whole session: an engine's own children (git) too
        else:  # pragma: no cover - Windows
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:  # pragma: no cover - a process that survives SIGKILL
        pass


def _failed(what: str, argv: Sequence[str], done: Completed, hint: str = "",
            copies: dict[str, str] | None = None) -> RenderError:
    """The engine's failure as one line; its stderr names the user's paths, not the private
    copies (`copies`: copy -> user's path)."""
    said = done.stderr
    for copy, user in sorted((copies or {}).items(), key=lambda kv: -len(kv[0])):
        said = said.replace(copy, user)
    said = neutral(said) or "(nothing on stderr)"
    return RenderError(f"{what}: {_shown(argv)} failed (exit code {done.code}): {said}{hint}")


def _offline_env(home: str) -> dict[str, str]:
    """The environment of an engine that must not reach the network or read the user's
    Helm configuration: Helm's folders in `home`, git limited to local files, HTTP(S) sent
    to a proxy address where nothing listens, and the kubeconfig `NO_CLUSTER` (written to
    `home`)."""
    kubeconfig = _no_cluster(home)
    keep = ("PATH", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP", "LANG", "LC_ALL",
            "HELM_C_LIB")  # HELM_C_LIB: where helm-python-sdk's native library is
    env = {k: os.environ[k] for k in keep if k in os.environ}
    env.update({
        "HOME": home, "HELM_CACHE_HOME": f"{home}/cache", "HELM_CONFIG_HOME": f"{home}/config",
        "HELM_DATA_HOME": f"{home}/data", "KUBECONFIG": kubeconfig,
        "GIT_ALLOW_PROTOCOL": "file", "GIT_TERMINAL_PROMPT": "0",
        "HTTP_PROXY": NO_PROXY_ADDRESS, "HTTPS_PROXY": NO_PROXY_ADDRESS,
        "http_proxy": NO_PROXY_ADDRESS, "https_proxy": NO_PROXY_ADDRESS,
        "NO_PROXY": "", "no_proxy": ""})
    return env


def _no_cluster(home: str) -> str:
    """The kubeconfig `NO_CLUSTER`, written in `home` (once)."""
    kubeconfig = os.path.join(home, "kubeconfig")
    if not os.path.exists(kubeconfig):
        fd = os.open(kubeconfig, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(NO_CLUSTER)
    return kubeconfig


def _env(options: RenderOptions, home: str) -> dict[str, str]:
    """`--allow-network`: the user's environment, but never a cluster (no render needs
    one); else offline."""
    if not options.allow_network:
        return _offline_env(home)
    return {**os.environ, "KUBECONFIG": _no_cluster(home)}


_VERSIONS: dict[tuple[str, ...], str] = {}


def _version(argv: tuple[str, ...], pattern: str, timeout: float) -> str:
    """An engine's version (`v3.16.2`), asked once per process; '' when it says none."""
    if argv not in _VERSIONS:
        with tempfile.TemporaryDirectory(prefix="kubesim-engine-") as home:
            try:
                done = run_engine(argv, timeout=min(timeout, 30.0), env=_offline_env(home),
                                  max_bytes=64 * 1024, what="engine version")
                text = done.stdout.decode("utf-8", "replace") + done.stderr
            except RenderError:
                text = ""
        m = re.search(pattern, text)
        _VERSIONS[argv] = m.group(1) if m else ""
    return _VERSIONS[argv]


# ---------------------------------------------------------------- Helm


def _helm_program() -> str | None:
    """HELM_BIN (the variable Helm sets for its plugins), else `helm` on PATH."""
    given = os.environ.get("HELM_BIN")
    if given:
        return shutil.which(given) or (given if Path(given).is_file() else None)
    return shutil.which("helm")


def _library_installed() -> bool:
    try:
        return importlib.util.find_spec("helm_python") is not None
    except (ImportError, ValueError):
        return False


def _set_args(options: RenderOptions) -> list[str]:
    out: list[str] = []
    for path in options.values:
        out += ["--values", path]
    for pair in options.set_values:
        out += ["--set", pair]
    for pair in options.set_strings:
        out += ["--set-string", pair]
    return out


class HelmBinary:
    """`helm template` of the helm program."""

    def __init__(self, program: str) -> None:
        self.program = program

    @property
    def name(self) -> str:
        version = _version((self.program, "version", "--short"), r"(v\d+\.\d+\.\d+)", 30.0)
        return f"helm {version}".strip()

    def render(self, path: str, shown: str, options: RenderOptions, *, release: str,
               workdir: str) -> Rendered:
        from kubesim.spec.sources.helm_rules import kube_version  # a chart is rendered
        tail = ["--namespace", options.namespace, *_set_args(options), "--kube-version",
                kube_version(options.kube_version).given]
        if options.allow_network:
            tail.append("--dependency-update")
        argv = [self.program, "template", release, path, *tail]
        said = [self.program, "template", release, shown, *tail]
        what = f"{shown}: helm chart"
        done = run_engine(argv, timeout=options.timeout, env=_env(options, workdir),
                          what=what, shown=said)
        if done.code != 0:  # Helm's `--debug` hint: kubesim takes no such flag
            done = Completed(done.code, done.stdout, done.stderr.replace(DEBUG_HINT, ""))
            raise _failed(what, said, done, copies={path: shown})
        text = done.stdout.decode("utf-8", "replace")
        return Rendered((), self.name, _shown(said), stream=text)


class HelmLibrary:
    """Helm's engine from PyPI `helm-python-sdk`, in a child process (`kubesim.cli.helm_child`)."""

    @property
    def name(self) -> str:
        from importlib.metadata import PackageNotFoundError, version
        try:
            return f"helm-python-sdk {version('helm-python-sdk')}"
        except PackageNotFoundError:  # pragma: no cover - an installation without metadata
            return "helm-python-sdk"

    def render(self, path: str, shown: str, options: RenderOptions, *, release: str,
               workdir: str) -> Rendered:
        if options.allow_network:
            raise RenderError(f"{shown}: --allow-network (helm --dependency-update) needs the "
                              "helm program; run `helm dependency build` first, or install "
                              "helm")
        import json

        from kubesim.spec.sources.helm_rules import kube_version  # a chart is rendered
        request = {"chart": path, "values": list(options.values),
                   "set": list(options.set_values), "set_string": list(options.set_strings),
                   "release": release, "namespace": options.namespace,
                   "kube_version": kube_version(options.kube_version).given}
        argv = [sys.executable, "-m", "kubesim.cli.helm_child"]
        what = f"{shown}: helm chart"
        env = _offline_env(workdir)
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        done = run_engine(argv, timeout=options.timeout, env=env, what=what,
                          stdin=json.dumps(request).encode(),
                          shown=["helm-python-sdk", "render", shown])
        said = f"helm-python-sdk render of {shown} (release {release}, namespace " \
               f"{options.namespace})"
        if done.code != 0:
            stderr = neutral(done.stderr.replace(path, shown)) or "(nothing on stderr)"
            raise RenderError(f"{what}: {said} failed: {stderr}")
        try:
            manifests = json.loads(done.stdout)
            blocks = tuple(Block(str(k), str(v)) for k, v in manifests.items())
        except (ValueError, AttributeError):
            raise RenderError(f"{what}: {said} gave no readable result") from None
        return Rendered(blocks, self.name, said)


def helm_renderer(options: RenderOptions, what: str) -> Renderer:
    """The Helm engine the options ask for; a RenderError saying what to install when there
    is none."""
    program = _helm_program() if options.helm_engine != "library" else None
    if program is not None:
        return HelmBinary(program)
    given = os.environ.get("HELM_BIN") if options.helm_engine != "library" else None
    if not given and options.helm_engine != "binary" and _library_installed():
        return HelmLibrary()
    if options.helm_engine == "binary" or given:  # a HELM_BIN that is wrong: never ignored
        where = (f"HELM_BIN={os.environ['HELM_BIN']!r} is not a program"
                 if os.environ.get("HELM_BIN") else "no `helm` program on PATH")
        raise RenderError(f"{what} is a Helm chart, and rendering it needs the helm program: "
                          f"{where}; install Helm 3 or 4 (https://helm.sh/docs/intro/install/)"
                          ", or set HELM_BIN to its path")
    if options.helm_engine == "library":
        raise RenderError(f"{what} is a Helm chart: --helm-engine library needs "
                          "helm-python-sdk: pip install 'kubesim[render]'")
    raise RenderError(f"{what} is a Helm chart, and rendering it needs Helm's engine: install "
                      "the helm program (Helm 3 or 4, on PATH or in HELM_BIN), or the library "
                      "with pip install 'kubesim[render]' (helm-python-sdk)")


# ---------------------------------------------------------------- kustomize


class Kustomize:
    """`kustomize build DIR`, or `kubectl kustomize DIR` (the same engine, built into
    kubectl, often an older version)."""

    def __init__(self, program: str, kubectl: bool) -> None:
        self.program, self.kubectl = program, kubectl

    @property
    def name(self) -> str:
        if self.kubectl:
            version = _version((self.program, "version", "--client"),
                               r"Kustomize Version:\s*(v[\d.]+)", 30.0)
            return f"kubectl kustomize {version}".strip()
        version = _version((self.program, "version"), r"(v\d+\.\d+\.\d+)", 30.0)
        return f"kustomize {version}".strip()

    def render(self, staged: StagedKustomization, options: RenderOptions, *,
               workdir: str) -> Rendered:
        """Build the copy `staged` through a wrapper kustomization in `workdir` that lists
        it as its one resource and adds `buildMetadata: [originAnnotations]`, so that every
        object carries `config.kubernetes.io/origin` (the file it was read from);
        `Rendered.origin_root` is the wrapper's folder, against which the origins' paths are
        relative, and `Rendered.staged` says whose files the copy's are."""
        what = f"{staged.shown}: kustomization"
        shown = [self.program, "kustomize" if self.kubectl else "build", staged.shown]
        root = os.path.realpath(os.path.join(workdir, "wrapper"))
        os.mkdir(root, 0o700)
        target = os.path.relpath(os.path.realpath(staged.path), root)
        import json
        Path(root, "kustomization.yaml").write_text(json.dumps(
            {"resources": [target], "buildMetadata": ["originAnnotations"]}) + "\n")
        argv = [self.program, "kustomize" if self.kubectl else "build", root]
        done = run_engine(argv, timeout=options.timeout, env=_env(options, workdir),
                          what=what, shown=shown)
        if done.code != 0:
            hint = ""
            if "buildMetadata" in done.stderr:
                hint = (f" ({self.name} is too old to record where each object came from: "
                        "kubesim needs kustomize v4.5.4 or later, as in kubectl 1.24 or later)")
            elif not options.allow_network and ("127.0.0.1:9" in done.stderr
                                                 or "GIT_ALLOW_PROTOCOL" in done.stderr
                                                 or "transport 'http" in done.stderr):
                hint = (" (kubesim renders offline: remote bases are not fetched unless "
                        "--allow-network)")
            copies = {os.path.realpath(staged.tree): staged.source, root: "<wrapper>"}
            raise _failed(what, shown, done, hint, copies)
        return Rendered((), self.name, _shown(shown),
                        stream=done.stdout.decode("utf-8", "replace"), origin_root=root,
                        staged=staged)


def kustomize_renderer(options: RenderOptions, what: str) -> Kustomize:
    """KUSTOMIZE_BIN, else `kustomize` on PATH, else `kubectl kustomize`; a RenderError
    saying what to install when there is none."""
    given = os.environ.get("KUSTOMIZE_BIN")
    if given:
        program = shutil.which(given) or (given if Path(given).is_file() else None)
        if program is None:
            raise RenderError(f"{what} is a kustomization, and KUSTOMIZE_BIN={given!r} is not "
                              "a program; set it to kustomize's path, or unset it to use "
                              "kustomize or kubectl from PATH")
        return Kustomize(program, kubectl=Path(program).name.startswith("kubectl"))
    program = shutil.which("kustomize")
    if program is not None:
        return Kustomize(program, kubectl=False)
    program = shutil.which("kubectl")
    if program is not None:
        return Kustomize(program, kubectl=True)
    raise RenderError(f"{what} is a kustomization, and rendering it needs kustomize: install "
                      "kustomize (https://kubectl.docs.kubernetes.io/installation/kustomize/) "
                      "or kubectl 1.24 or later (`kubectl kustomize`), or set KUSTOMIZE_BIN "
                      "to kustomize's path")
