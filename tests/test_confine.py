"""Charts and kustomizations read nothing outside their repository (issue 28, items 1 and 8).

Each case is a hostile pull request as the issue measured it: a repository (a folder with a
`.git`, made here) holding a chart or kustomization with a symbolic link (or a base) that leads
to a canary file outside it, whose token the templates put into both probe paths, so that a
finding quotes it in every format. The run must be exit 2 with one line naming the link, and
the canary never appears: not in the text, JSON, SARIF, GitHub, JUnit or HTML output, not on
stderr, and not the outside folder's path either (the error never says where a link leads).
Both Helm engines (the helm program and helm-python-sdk), kustomize (or kubectl), and the same
through `kubesim mcp`. The folders with links cannot be committed as files, so they are made
here; the chart archives with bad members are in tests/hostile_inputs/ (make_hostile.py).
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tarfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import cli, own_length, patient_mcp_client

from kubesim.errors import RenderError
from kubesim.files import reading_scope, trust_root
from kubesim.spec.sources import RenderOptions, walk
from kubesim.spec.sources.confine import (
    MAX_CHART_BYTES,
    MAX_CHART_FILE_BYTES,
    MAX_CHART_FILES,
    IgnoreRules,
    stage_chart,
)

ROOT = Path(__file__).resolve().parent.parent
IN_CI = bool(os.environ.get("CI"))
CANARY = "ghs_kubesimCanary0Token9Zz"  # a GitHub token's shape: what regexFind looks for
FORMATS = ("text", "json", "sarif", "github", "junit")


def deployment(path: str, name: str = "web") -> str:
    """A Deployment whose liveness and readiness probes share `path` (KS001 quotes it)."""
    return (f"apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: {name}}}\nspec:\n"
            f"  selector: {{matchLabels: {{app: {name}}}}}\n  template:\n"
            f"    metadata: {{labels: {{app: {name}}}}}\n    spec:\n      containers:\n"
            f"        - name: app\n          image: app:1\n"
            f"          livenessProbe: {{httpGet: {{path: '{path}', port: 8080}}}}\n"
            f"          readinessProbe: {{httpGet: {{path: '{path}', port: 8080}}}}\n")


def chart_files(folder: Path, name: str, template: str, values: str = "") -> Path:
    (folder / "templates").mkdir(parents=True)
    (folder / "Chart.yaml").write_text(f"apiVersion: v2\nname: {name}\nversion: 0.1.0\n")
    (folder / "values.yaml").write_text(values)
    (folder / "templates" / "deployment.yaml").write_text(template)
    return folder


@dataclass
class World:
    """A repository and, beside it, the runner's files a pull request must not reach."""

    repo: Path
    outside: Path

    @property
    def secret(self) -> bytes:
        return (self.outside / "config").read_bytes()


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> World:
    repo, outside = tmp_path / "repo", tmp_path / "outside"
    (repo / ".git").mkdir(parents=True)
    outside.mkdir()
    (outside / "config").write_text(f"[http]\n\textraheader = AUTHORIZATION: {CANARY}\n")
    (outside / "values.yaml").write_text(f"probePath: /{CANARY}\n")
    (outside / "deployment.yaml").write_text(deployment(f"/{CANARY}"))
    chart_files(outside / "chart", "outsider", deployment(f"/{CANARY}", "outsider"))
    chart_files(outside / "subchart", "sub", deployment(f"/{CANARY}", "sub"))
    (outside / "base").mkdir()
    (outside / "base" / "kustomization.yaml").write_text("resources: [deployment.yaml]\n")
    (outside / "base" / "deployment.yaml").write_text(deployment(f"/{CANARY}"))
    (outside / "patch.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n"
        "    spec:\n      containers:\n        - name: app\n"
        f"          livenessProbe: {{httpGet: {{path: /{CANARY}}}}}\n"
        f"          readinessProbe: {{httpGet: {{path: /{CANARY}}}}}\n")
    monkeypatch.chdir(repo)
    return World(repo, outside)


# ---------------------------------------------------------------- hostile charts

FILES_GET = '/{{ .Files.Get "files/c" | regexFind "ghs_[A-Za-z0-9]+" }}'
FILES_B64 = '/{{ .Files.Get "files/c" | b64enc }}'
VALUES = "{{ .Values.probePath }}"


def _files_link(w: World, expression: str) -> tuple[str, str, list[str]]:
    chart = chart_files(w.repo / "charts" / "evil", "evil", deployment(expression))
    (chart / "files").mkdir()
    (chart / "files" / "c").symlink_to(os.path.relpath(w.outside / "config", chart / "files"))
    return "charts/evil", "charts/evil/files/c", []


def _values_link(w: World) -> tuple[str, str, list[str]]:
    chart = chart_files(w.repo / "charts" / "evil", "evil", deployment(VALUES))
    (chart / "values.yaml").unlink()
    (chart / "values.yaml").symlink_to(w.outside / "values.yaml")
    return "charts/evil", "charts/evil/values.yaml", []


def _template_link(w: World) -> tuple[str, str, list[str]]:
    chart = chart_files(w.repo / "charts" / "evil", "evil", "")
    (chart / "templates" / "deployment.yaml").unlink()
    (chart / "templates" / "deployment.yaml").symlink_to(w.outside / "deployment.yaml")
    return "charts/evil", "charts/evil/templates/deployment.yaml", []


def _subchart_link(w: World) -> tuple[str, str, list[str]]:
    chart = chart_files(w.repo / "charts" / "evil", "evil", deployment("/ok"))
    (chart / "charts").mkdir()
    (chart / "charts" / "sub").symlink_to(w.outside / "subchart", target_is_directory=True)
    return "charts/evil", "charts/evil/charts/sub", []


def _chart_folder_link(w: World) -> tuple[str, str, list[str]]:
    (w.repo / "charts").mkdir()
    (w.repo / "charts" / "evil").symlink_to(w.outside / "chart", target_is_directory=True)
    return "charts/evil", "charts/evil", []


def _archive_link_member(w: World) -> tuple[str, str, list[str]]:
    (w.repo / "charts").mkdir()
    archive = w.repo / "charts" / "evil-0.1.0.tgz"
    with tarfile.open(archive, "w:gz") as tar:
        for name, text in (("evil/Chart.yaml", "apiVersion: v2\nname: evil\nversion: 0.1.0\n"),
                           ("evil/templates/deployment.yaml", deployment(FILES_GET))):
            info = tarfile.TarInfo(name)
            info.size = len(text.encode())
            tar.addfile(info, io.BytesIO(text.encode()))
        link = tarfile.TarInfo("evil/files/c")
        link.type, link.linkname = tarfile.SYMTYPE, str(w.outside / "config")
        tar.addfile(link)
    return "charts/evil-0.1.0.tgz", "'evil/files/c' is a symbolic link", []


def _values_file_link(w: World) -> tuple[str, str, list[str]]:
    chart_files(w.repo / "charts" / "web", "web", deployment(VALUES), "probePath: /ok\n")
    (w.repo / "values-prod.yaml").symlink_to(w.outside / "values.yaml")
    return "charts/web", "values-prod.yaml", ["--values", "values-prod.yaml"]


CHARTS = {
    "files-get-regexfind": lambda w: _files_link(w, FILES_GET),
    "files-get-b64enc": lambda w: _files_link(w, FILES_B64),
    "values-yaml": _values_link,
    "template": _template_link,
    "subchart-folder": _subchart_link,
    "chart-folder": _chart_folder_link,
    "archive-symlink-member": _archive_link_member,
    "values-file": _values_file_link,
}


def _helm_program() -> str | None:
    given = os.environ.get("HELM_BIN")
    return shutil.which(given) if given else shutil.which("helm")


def _need(ok: bool, what: str) -> None:
    if not ok:
        if IN_CI:
            pytest.fail(f"{what} is not installed, and CI must test it")
        pytest.skip(f"{what} is not installed")


def _engine_ready(engine: str) -> None:
    if engine == "binary":
        _need(_helm_program() is not None, "the helm program")
    else:
        try:
            import helm_python  # noqa: F401
        except ImportError:
            _need(False, "helm-python-sdk")


def assert_refused(capsys: pytest.CaptureFixture[str], w: World, argv: list[str],
                   link: str) -> None:
    """Every format: exit 2, one line naming `link`, and no trace of the outside files."""
    leaks = [CANARY, base64.b64encode(w.secret).decode(), str(w.outside)]
    for fmt in FORMATS:
        html = w.repo.parent / f"report-{fmt}.html"
        code, out, err = cli(capsys, "check", *argv, "--format", fmt, "--html", str(html),
                             "--no-config")
        said = out + err + (html.read_text() if html.exists() else "")
        assert code == 2, (fmt, code, err, out[:2000])
        assert err.startswith("kubesim: error: ") and err.count("\n") == 1, err
        assert own_length(err) < 400, err  # kubesim's own line, not an engine's dump of paths
        assert link in err, (link, err)
        assert not [leak for leak in leaks if leak in said], (fmt, said[:2000])


@pytest.mark.parametrize("engine", ["binary", "library"])
@pytest.mark.parametrize("case", list(CHARTS))
def test_a_chart_link_out_of_the_repository_is_refused(capsys, world, case, engine):
    _engine_ready(engine)
    path, link, extra = CHARTS[case](world)
    assert_refused(capsys, world, [path, *extra, "--helm-engine", engine], link)


def test_links_inside_the_repository_are_followed(capsys, world):
    """A link that stays inside the repository is copied as what it points to: the chart
    renders as if the file were there (the library engine; both share the copy). A guard
    that confinement takes nothing away: main renders these too."""
    _engine_ready("library")
    shared = world.repo / "shared"
    shared.mkdir()
    (shared / "config").write_text("token: ghs_insideTheRepo42\n")
    chart = chart_files(world.repo / "charts" / "ok", "ok", deployment(FILES_GET))
    (chart / "files").mkdir()
    (chart / "files" / "c").symlink_to("../../../shared/config")
    (world.repo / "charts" / "linked").symlink_to("ok", target_is_directory=True)
    for path in ("charts/ok", "charts/linked"):
        code, out, err = cli(capsys, "check", path, "--helm-engine", "library", "--format",
                             "json", "--no-config")
        assert code == 0, err
        assert "ghs_insideTheRepo42" in out  # KS001 quotes the path read through the link


# ---------------------------------------------------------------- hostile kustomizations


def _kustomization(folder: Path, text: str) -> None:
    folder.mkdir(parents=True)
    (folder / "kustomization.yaml").write_text(text)


def _base_dotdot(w: World) -> tuple[str, str]:
    _kustomization(w.repo / "deploy" / "overlay", "resources: [../../../outside/base]\n")
    return "deploy/overlay", "deploy/overlay/kustomization.yaml: resources[0]"


def _base_absolute(w: World) -> tuple[str, str]:
    _kustomization(w.repo / "deploy" / "overlay", f"resources: [{w.outside / 'base'}]\n")
    return "deploy/overlay", "deploy/overlay/kustomization.yaml: resources[0]: an absolute"


def _walked_link(w: World) -> tuple[str, str]:
    (w.repo / "deploy").mkdir()
    (w.repo / "deploy" / "base").symlink_to(w.outside / "base", target_is_directory=True)
    (w.repo / "deploy" / "plain.yaml").write_text(deployment("/ok", "plain"))
    return "deploy", "deploy/base"


def _patch_link(w: World) -> tuple[str, str]:
    app = w.repo / "deploy" / "app"
    _kustomization(app, "resources: [deployment.yaml]\npatches:\n  - path: patch.yaml\n")
    (app / "deployment.yaml").write_text(deployment("/ok"))
    (app / "patch.yaml").symlink_to(w.outside / "patch.yaml")
    return "deploy/app", "deploy/app/patch.yaml"  # the walk of deploy/app refuses the link


def _base_link(w: World) -> tuple[str, str]:
    """An overlay whose base is a link in the repository that leads out."""
    _kustomization(w.repo / "deploy" / "overlay", "resources: [../base]\n")
    (w.repo / "deploy" / "base").symlink_to(w.outside / "base", target_is_directory=True)
    return "deploy/overlay", "deploy/overlay/kustomization.yaml: resources[0]"


KUSTOMIZATIONS = {"base-dotdot": _base_dotdot, "base-absolute": _base_absolute,
                  "walked-folder-link": _walked_link, "patch-link": _patch_link,
                  "base-link": _base_link}


@pytest.fixture
def kustomize() -> None:
    _need(bool(shutil.which("kustomize") or shutil.which("kubectl")), "kustomize or kubectl")


@pytest.mark.parametrize("case", list(KUSTOMIZATIONS))
def test_a_kustomization_that_leads_out_of_the_repository_is_refused(capsys, world, kustomize,
                                                                     case):
    path, link = KUSTOMIZATIONS[case](world)
    assert_refused(capsys, world, [path], link)


def test_a_render_without_a_walk_names_the_entry(world, kustomize):
    """`run`, `windows`, `fleet` and `sweep` render a named kustomization without a walk:
    the copy refuses the linked patch itself, naming the kustomization file and entry."""
    _patch_link(world)
    from kubesim.spec.sources import documents_at
    with pytest.raises(RenderError) as info:
        documents_at("deploy/app")
    said = str(info.value)
    assert ("deploy/app/kustomization.yaml: patches[0].path: deploy/app/patch.yaml is a "
            "symbolic link") in said, said
    assert str(world.outside) not in said and "\n" not in said


def test_generator_files_components_and_nested_archives_are_checked(world, kustomize):
    """A configMapGenerator's `KEY=PATH` file, a component, and a subchart archive inside a
    chart folder: each link out is refused by the copy, naming the entry or the member."""
    from kubesim.spec.sources import documents_at
    app = world.repo / "gen"
    _kustomization(app, "configMapGenerator:\n  - name: c\n    files: [token=creds.txt]\n")
    (app / "creds.txt").symlink_to(world.outside / "config")
    comp = world.repo / "comp"
    _kustomization(comp, "resources: [d.yaml]\ncomponents: [../extra]\n")
    (comp / "d.yaml").write_text(deployment("/ok"))
    (world.repo / "extra").symlink_to(world.outside / "base", target_is_directory=True)
    for path, needle in (("gen", "configMapGenerator[0].files[0]: gen/creds.txt is a symbolic link"),
                         ("comp", "components[0]: extra is a symbolic link")):
        with pytest.raises(RenderError, match=re.escape(needle)) as info:
            documents_at(path)
        assert str(world.outside) not in str(info.value) and CANARY not in str(info.value)
    chart = chart_files(world.repo / "charts" / "outer", "outer", deployment("/ok"))
    (chart / "charts").mkdir()
    _archive(chart / "charts" / "inner-0.1.0.tgz", [
        ("inner/Chart.yaml", b"apiVersion: v2\nname: inner\nversion: 0.1.0\n"),
        _symlink("inner/files/c", str(world.outside / "config"))])
    into = world.repo.parent / "into"
    into.mkdir()
    with pytest.raises(RenderError, match="charts/inner-0.1.0.tgz: member 'inner/files/c' is "
                                          "a symbolic link"):
        stage_chart("charts/outer", trust_root("."), into)


def _symlink(name: str, target: str) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = tarfile.SYMTYPE, target
    return info


def test_a_walk_records_a_link_out_and_reads_the_rest(world):
    """`kubesim check .`: the link is a Refusal (path, message) and never followed; the
    other inputs are still found."""
    _walked_link(world)
    found = walk(["deploy"])
    assert [u.path for u in found.units] == ["deploy/plain.yaml"]
    (refusal,) = found.refused
    assert refusal.path == "deploy/base"
    assert "leads outside the repository" in refusal.message
    assert str(world.outside) not in refusal.message


def test_a_named_manifest_that_links_out_of_the_repository_is_refused(capsys, world):
    """`kubesim run deploy.yaml` and `check deploy.yaml` in the repository, where the pull
    request made deploy.yaml a link to a file of the runner."""
    (world.repo / "deploy.yaml").symlink_to(world.outside / "deployment.yaml")
    assert_refused(capsys, world, ["deploy.yaml"], "deploy.yaml")
    code, out, err = cli(capsys, "run", "deploy.yaml", "--duration", "30")
    assert code == 2 and out == "" and "deploy.yaml: a symbolic link" in err
    assert CANARY not in err and str(world.outside) not in err


# ---------------------------------------------------------------- through kubesim mcp


def test_the_same_through_kubesim_mcp(world, kustomize):
    """The MCP server's root is the trust root: each hostile input is an error result
    naming the link, and the canary is in no result."""
    mcp = pytest.importorskip("mcp", reason="the MCP SDK (kubesim[mcp]) is not installed")
    anyio = pytest.importorskip("anyio")
    patient_mcp_client()
    _engine_ready("library")
    calls = []
    for case in ("files-get-regexfind", "values-yaml", "subchart-folder", "chart-folder"):
        shutil.rmtree(world.repo / "charts", ignore_errors=True)
        (world.repo / "charts").unlink(missing_ok=True) if (world.repo / "charts").is_symlink() \
            else None
        path, link, _ = CHARTS[case](world)
        target = world.repo / f"case-{case}"
        (world.repo / "charts").rename(target)
        calls.append(({"paths": [f"case-{case}/{Path(path).name}"], "helm_engine": "library",
                       "config": "none"}, link.replace("charts/", f"case-{case}/", 1)))
    for case in ("base-dotdot", "patch-link"):
        path, link = KUSTOMIZATIONS[case](world)
        target = world.repo / f"case-{case}"
        (world.repo / "deploy").rename(target)
        calls.append(({"paths": [path.replace("deploy/", f"case-{case}/")], "config": "none"},
                      link.replace("deploy/", f"case-{case}/")))
    params = mcp.StdioServerParameters(command=sys.executable, args=[
        "-m", "kubesim", "mcp", "--root", str(world.repo)], env={**os.environ,
                                                                 "PYTHONPATH": str(ROOT)})

    async def go() -> list[Any]:
        async with mcp.Client(params) as client:
            return [await client.call_tool("check", args) for args, _ in calls]

    results = anyio.run(go)
    for (args, link), result in zip(calls, results, strict=True):
        said = json.dumps([c.model_dump() for c in result.content]) + json.dumps(
            result.structured_content)
        assert result.is_error, (args, said)
        assert link.split(":")[0] in said, (link, said)
        assert CANARY not in said and str(world.outside) not in said, said


# ---------------------------------------------------------------- the trust root


def test_the_trust_root_is_the_repository_else_the_current_directory(world, tmp_path,
                                                                     monkeypatch):
    (world.repo / "sub").mkdir()
    assert trust_root("sub").path == world.repo.resolve()
    worktree = tmp_path / "worktree"  # a worktree or submodule: `.git` is a file
    (worktree / "deploy").mkdir(parents=True)
    (worktree / ".git").write_text("gitdir: /elsewhere\n")
    assert trust_root(str(worktree / "deploy")).path == worktree.resolve()
    plain = tmp_path / "plain"
    (plain / "deploy").mkdir(parents=True)
    monkeypatch.chdir(plain)
    assert trust_root("deploy").path == plain.resolve()  # no repository: the current folder
    with reading_scope(world.repo):
        assert trust_root("anything").path == world.repo.resolve()  # kubesim mcp --root


def test_a_git_folder_reached_through_a_link_does_not_make_a_root(world):
    """A link in the repository to another checkout on the machine (which has its own .git)
    does not make that checkout the trust root: the repository further up stays it."""
    other = world.outside / "checkout"
    chart_files(other / "charts" / "app", "app", deployment(f"/{CANARY}"))
    (other / ".git").mkdir()
    (world.repo / "vendor").symlink_to(other, target_is_directory=True)
    root = trust_root("vendor/charts/app")
    assert root.path == world.repo.resolve()
    assert not root.holds("vendor/charts/app")


# ---------------------------------------------------------------- archives and bounds


def _archive(path: Path, members: list[tarfile.TarInfo | tuple[str, bytes]]) -> None:
    with tarfile.open(path, "w:gz") as tar:
        for m in members:
            if isinstance(m, tarfile.TarInfo):
                tar.addfile(m)
            else:
                info = tarfile.TarInfo(m[0])
                info.size = len(m[1])
                tar.addfile(info, io.BytesIO(m[1]))


CHART_YAML = ("demo/Chart.yaml", b"apiVersion: v2\nname: demo\nversion: 0.1.0\n")


def test_archive_bounds_name_the_limit(world):
    """A decompression bomb ends at Helm's own limits (a file, the whole chart) and at the
    member count, before anything is unpacked into memory beyond them."""
    root = trust_root(".")
    cases = {
        "big-member.tgz": ([CHART_YAML, ("demo/files/zeros", bytes(MAX_CHART_FILE_BYTES + 1))],
                           "the most Helm loads of one file"),
        "many-members.tgz": ([CHART_YAML, *((f"demo/files/{i}", b"") for i in
                                            range(MAX_CHART_FILES + 1))],
                             f"more than {MAX_CHART_FILES:,} files"),
        "big-chart.tgz": ([CHART_YAML, *((f"demo/files/{i}", bytes(MAX_CHART_FILE_BYTES - 1))
                                         for i in range(MAX_CHART_BYTES //
                                                        (MAX_CHART_FILE_BYTES - 1) + 1))],
                          f"more than {MAX_CHART_BYTES // 1024 // 1024:g} MiB"),
    }
    for name, (members, needle) in cases.items():
        _archive(world.repo / name, members)
        into = world.repo.parent / f"into-{name}"
        into.mkdir()
        with pytest.raises(RenderError, match=needle):
            stage_chart(name, root, into)


def test_archive_members_that_leave_or_link_are_refused(world):
    root = trust_root(".")
    hard = tarfile.TarInfo("demo/files/h")
    hard.type, hard.linkname = tarfile.LNKTYPE, "demo/Chart.yaml"
    fifo = tarfile.TarInfo("demo/files/f")
    fifo.type = tarfile.FIFOTYPE
    for name, bad, needle in (("dotdot", ("demo/../../escape", b"x"), "outside the archive"),
                              ("absolute", ("/etc/demo", b"x"), "outside the archive"),
                              ("hardlink", hard, "is a hard link"),
                              ("fifo", fifo, "is a FIFO")):
        _archive(world.repo / f"{name}.tgz", [CHART_YAML, bad])
        into = world.repo.parent / f"into-{name}"
        into.mkdir()
        with pytest.raises(RenderError, match=needle):
            stage_chart(f"{name}.tgz", root, into)


def test_a_fifo_in_a_chart_is_refused_without_waiting_on_it(world):
    """A FIFO among a chart's files, and as its .helmignore (which kubesim reads itself):
    refused at once, never waited on for a writer (this test would hang otherwise)."""
    for name in ("files", ".helmignore"):
        chart = chart_files(world.repo / "charts" / f"fifo{name}", "fifo", deployment("/ok"))
        os.mkfifo(chart / name)
        into = world.repo.parent / f"into{name}"
        into.mkdir()
        with pytest.raises(RenderError, match=f"{re.escape(name)}: is a FIFO"):
            stage_chart(f"charts/fifo{name}", trust_root("."), into)


def test_helmignore_rules_are_helms(world):
    """Cases from Helm's pkg/ignore/rules_test.go (TestIgnore): pattern, path, ignored."""
    cases = [("helm.txt", "helm.txt", True), ("helm.*", "helm.txt", True),
             ("helm.*", "rudder.txt", False), ("*.txt", "tiller.txt", True),
             ("*.txt", "cargo/a.txt", True), ("cargo/*.txt", "helm.txt", False),
             ("cargo/*.txt", "cargo/a.txt", True), ("cargo/*.*", "cargo/a.txt", True),
             ("cargo/*.txt", "mast/a.txt", False), ("ru[c-e]?er.txt", "rudder.txt", True),
             ("templates/.?*", "templates/.dotfile", True),
             ("/helm.txt", "helm.txt", True), ("/helm.txt", "cargo/helm.txt", False),
             ("cargo/", "cargo", True), ("cargo/", "mast/", False),
             ("helm.txt/", "helm.txt", False), ("!helm.txt", "helm.txt", False),
             ("!helm.txt", "tiller.txt", True), ("!*.txt", "cargo", True)]
    for rule, path, ignored in cases:
        is_dir = path in ("cargo", "mast/") or path.endswith("/")
        assert IgnoreRules.parse(rule).ignored(path.rstrip("/"), is_dir) == ignored, \
            (rule, path)
    assert IgnoreRules.parse("**/x").rules == []  # Helm refuses it: nothing is left out


# ---------------------------------------------------------------- no network


@pytest.fixture
def loopback_8080() -> Any:
    """A listener on 127.0.0.1:8080, where a client without a kubeconfig connects, that
    records every connection."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("127.0.0.1", 8080))
    except OSError:
        sock.close()
        pytest.skip("port 8080 on loopback is in use: nothing to listen with")
    sock.listen(16)
    sock.settimeout(0.2)
    seen: list[float] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = sock.accept()
            except OSError:
                continue
            seen.append(time.monotonic())
            conn.close()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield seen
    stop.set()
    thread.join(2)
    sock.close()


def test_a_kustomize_render_dials_nothing(tmp_path, kustomize, loopback_8080):
    """kubectl from the Google Cloud SDK asks the kubeconfig's cluster for its version
    before it runs `kustomize` (and `version --client`); with no kubeconfig that is
    127.0.0.1:8080. kubesim gives every engine a kubeconfig whose server is no address, so
    nothing connects, in a fresh process (the engine's version is asked once per process)."""
    app = tmp_path / "app"
    _kustomization(app, "resources: [deployment.yaml]\n")
    (app / "deployment.yaml").write_text(deployment("/livez"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("KUBECONFIG", None)
    done = subprocess.run([sys.executable, "-m", "kubesim", "check", str(app), "--no-config",
                           "--format", "json"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)
    assert done.returncode == 0 and "KS001" in done.stdout, done.stderr  # it rendered
    assert loopback_8080 == [], f"{len(loopback_8080)} connection(s) to 127.0.0.1:8080"


def test_options_carry_the_kubernetes_version(world):
    assert RenderOptions(kube_version="1.29").kube_version == "1.29"
    from kubesim.errors import UsageError
    with pytest.raises(UsageError, match="a Kubernetes version like"):
        RenderOptions(kube_version="1.35\r\nX: 1")
