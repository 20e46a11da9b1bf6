"""Both Helm engines give the same answer or the same error (issue 28, item 2).

The same charts, good and bad, rendered by the helm program (`helm template`) and by
helm-python-sdk: the documents must be equal (file, kind, object, every field), or the errors
equal (kubesim's own checks word for word; an engine's failure the same Helm message after the
part that names the engine). The bad charts are what one engine refused and the other rendered
before kubesim checked them itself (`kubesim.spec.sources.helm_rules`): dependencies missing
from `charts/` (`helm.sh/helm pkg/action/install.go CheckDependencies`), invalid release names
(`pkg/chart/v2/util/validate_name.go ValidateReleaseName`), library charts, a Chart.yaml
`kubeVersion` the render's Kubernetes version does not satisfy, and chart apiVersions Helm 4's
`helm template` refuses. The charts of tests/data/charts (and of the shared corpus when it is
there) are the good ones.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import tarfile
from pathlib import Path

import pytest

from kubesim.errors import KubesimError
from kubesim.spec.sources import RenderOptions, documents_at
from kubesim.spec.sources.helm_rules import constraint_allows

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "charts"
IN_CI = bool(os.environ.get("CI"))
CM = ("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: {{ .Release.Name }}-NAME}\n"
      "data: {kube: {{ .Capabilities.KubeVersion.Version | quote }}, "
      "ns: {{ .Release.Namespace | quote }}}\n")


@pytest.fixture
def both_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    program = shutil.which(os.environ.get("HELM_BIN") or "helm")
    try:
        import helm_python  # noqa: F401
        library = True
    except ImportError:
        library = False
    if program is None or not library:
        what = "the helm program" if program is None else "helm-python-sdk"
        if IN_CI:
            pytest.fail(f"{what} is not installed, and CI must test both engines")
        pytest.skip(f"{what} is not installed: nothing to compare")
    monkeypatch.chdir(ROOT)


def chart(tmp: Path, name: str, chart_yaml: str, files: dict[str, str] | None = None) -> str:
    folder = tmp / name
    (folder / "templates").mkdir(parents=True)
    (folder / "Chart.yaml").write_text(chart_yaml)
    (folder / "templates" / "cm.yaml").write_text(CM.replace("NAME", "cm"))
    for rel, text in (files or {}).items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text)
    return str(folder)


def sub(name: str = "sub") -> dict[str, str]:
    return {f"charts/{name}/Chart.yaml": f"apiVersion: v2\nname: {name}\nversion: 0.1.0\n",
            f"charts/{name}/templates/cm.yaml": CM.replace("NAME", name)}


V2 = "apiVersion: v2\nname: {}\nversion: 0.1.0\n"
DEPS = "dependencies:\n- {name: redis, version: 1.0.0, repository: https://example.com}\n"


def cases(tmp: Path) -> dict[str, tuple[str, dict[str, object]]]:
    """name -> (chart path, RenderOptions fields)."""
    archive = tmp / "packed-0.1.0.tgz"
    with tarfile.open(archive, "w:gz") as tar:
        for rel, text in (("packed/Chart.yaml", V2.format("packed") + DEPS),
                          ("packed/templates/cm.yaml", CM.replace("NAME", "cm"))):
            info = tarfile.TarInfo(rel)
            info.size = len(text.encode())
            tar.addfile(info, io.BytesIO(text.encode()))
    out: dict[str, tuple[str, dict[str, object]]] = {
        "podinfo": ("tests/data/charts/podinfo", {}),
        "podinfo-values": ("tests/data/charts/podinfo", {
            "values": ("tests/data/charts/podinfo/values-prod.yaml",),
            "set_values": ("redis.enabled=true", "probes.startup.enable=true")}),
        "podinfo-kube-1.23": ("tests/data/charts/podinfo", {"kube_version": "v1.23.0"}),
        "podinfo-kube-1.22": ("tests/data/charts/podinfo", {"kube_version": "1.22"}),
        "external-dns": ("tests/data/charts/external-dns", {"set_values": ("policy=sync",)}),
        "external-dns-schema": ("tests/data/charts/external-dns", {}),
        "plain": (chart(tmp, "plain", V2.format("plain")), {}),
        "kube-version-shown": (chart(tmp, "kv", V2.format("kv")), {"kube_version": "1.30.2"}),
        "missing-deps": (chart(tmp, "missing", V2.format("missing") + DEPS), {}),
        "missing-deps-v1": (chart(tmp, "reqs", "apiVersion: v1\nname: reqs\nversion: 0.1.0\n",
                                  {"requirements.yaml": DEPS}), {}),
        "missing-deps-archive": (str(archive), {}),
        "deps-present": (chart(tmp, "present", V2.format("present") + DEPS.replace(
            "redis", "sub"), sub()), {}),
        "deps-condition-off": (chart(tmp, "cond", V2.format("cond") + "dependencies:\n- {name: "
                                     "sub, version: 0.1.0, condition: sub.enabled}\n",
                                     {**sub(), "values.yaml": "sub: {enabled: false}\n"}), {}),
        "deps-alias": (chart(tmp, "alias", V2.format("alias") + "dependencies:\n- {name: sub, "
                             "version: 0.1.0, alias: other}\n", sub()), {}),
        "release-uppercase": (chart(tmp, "rel", V2.format("rel")), {"release_name": "Web"}),
        "release-control": (chart(tmp, "ctl", V2.format("ctl")), {"release_name": "web\x1b[2J"}),
        "release-54": (chart(tmp, "long", V2.format("long")), {"release_name": "a" * 54}),
        "release-53": (chart(tmp, "fits", V2.format("fits")), {"release_name": "a" * 53}),
        "release-from-chart-name": (chart(tmp, "under", V2.format("under_score")), {}),
        "library": (chart(tmp, "lib", V2.format("lib") + "type: library\n"), {}),
        "kube-version-below": (chart(tmp, "old", V2.format("old") + "kubeVersion: '<1.20.0'\n"),
                               {}),
        "kube-version-range": (chart(tmp, "rng", V2.format("rng") + "kubeVersion: '>= 1.19.0-0"
                                     " < 1.36'\n"), {}),
        "kube-version-garbage": (chart(tmp, "bad", V2.format("bad") + "kubeVersion: 'soon'\n"),
                                 {}),
        "api-version-v3": (chart(tmp, "v3", "apiVersion: v3\nname: v3\nversion: 0.1.0\n"), {}),
        "api-version-v9": (chart(tmp, "v9", "apiVersion: v9\nname: v9\nversion: 0.1.0\n"), {}),
        "schema": (chart(tmp, "schema", V2.format("schema"), {
            "values.schema.json": '{"type": "object", "required": ["x"]}'}), {}),
        "fail": (chart(tmp, "fail", V2.format("fail"), {
            "templates/fail.yaml": '{{ fail "no" }}'}), {}),
        "bad-version": (chart(tmp, "badver", "apiVersion: v2\nname: badver\nversion: soon\n"),
                        {}),
    }
    for folder in sorted(CORPUS.iterdir()) if CORPUS.is_dir() else ():
        if (folder / "Chart.yaml").is_file():
            out[f"corpus-{folder.name}"] = (str(folder), {"set_values": ("policy=sync",)})
    return out


def render(path: str, engine: str, fields: dict[str, object]) -> tuple[str, object]:
    """("ok", documents) or ("error", the message): kubesim's own refusals whole; an engine's
    failure as Helm's headline, without the words that name the engine and without the
    detail lines under it (` | - at '/policy': got null` in Helm 4.1 is `missing property
    'policy'` in Helm 4.2, for the same chart default `policy: ~`)."""
    try:
        docs, _ = documents_at(path, RenderOptions(helm_engine=engine, **fields))  # type: ignore[arg-type]
    except KubesimError as exc:
        said, engine_said = re.subn(r"^.*? failed(?: \(exit code \d+\))?: ", "", str(exc),
                                    count=1)
        return "error", said.split(" | ")[0] if engine_said else said
    return "ok", [(d.source, without_nulls(d.data)) for d in docs]


def without_nulls(data: object) -> object:
    """An object as the API server stores it: a field set to null is a field not set. (Helm
    4.1 keeps a chart default's `limits: ~` in the output, Helm 4.2 drops it: helm.sh/helm
    00638773d "do not copy chart-default nils into coalesced values"; the two engines can be
    different Helm releases.)"""
    if isinstance(data, dict):
        return {k: without_nulls(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [without_nulls(v) for v in data]
    return data


def test_both_engines_give_the_same_answer_or_the_same_error(tmp_path, both_engines):
    outcomes = {}
    for name, (path, fields) in cases(tmp_path).items():
        program, library = render(path, "binary", fields), render(path, "library", fields)
        assert program == library, (name, program, library)
        outcomes[name] = program[0]
    # the cases are what they say: the bad ones fail, the good ones render
    bad = {"missing-deps", "missing-deps-v1", "missing-deps-archive", "release-uppercase",
           "release-control", "release-54", "release-from-chart-name", "library",
           "kube-version-below", "kube-version-garbage", "api-version-v3", "api-version-v9",
           "external-dns-schema", "schema", "fail", "bad-version", "podinfo-kube-1.22"}
    assert {n for n, o in outcomes.items() if o == "error"} == bad


def test_the_messages_are_helms_rules(tmp_path, both_engines):
    """Each refusal says what Helm says (its words where it has them) and names the file."""
    all_cases = cases(tmp_path)
    expected = {
        "missing-deps": "Chart.yaml: found in Chart.yaml, but missing in charts/ directory: "
                        "redis",
        "missing-deps-v1": "requirements.yaml: found in Chart.yaml, but missing in charts/ "
                           "directory: redis",
        "release-54": "invalid release name, must match regex",
        "release-from-chart-name": "the release name (the chart's name; set --release-name) "
                                   "'under_score'",
        "library": "library charts are not installable",
        "kube-version-below": "chart requires kubeVersion: <1.20.0 which is incompatible with "
                              "Kubernetes v1.35.0",
        "podinfo-kube-1.22": "chart requires kubeVersion: >=1.23.0-0 which is incompatible "
                             "with Kubernetes v1.22",
        "api-version-v3": "apiVersion 'v3': Helm renders charts of apiVersion v1 and v2 only",
    }
    for name, needle in expected.items():
        path, fields = all_cases[name]
        outcome, said = render(path, "library", fields)
        assert outcome == "error" and needle in str(said), (name, said)
    path, fields = all_cases["release-control"]
    _, said = render(path, "binary", fields)
    assert "\x1b" not in str(said) and "\\x1b" in str(said)  # shown, never sent


def test_the_kubernetes_version_is_the_same_in_both(tmp_path, both_engines):
    """`.Capabilities.KubeVersion`: kubesim's default (v1.35.0) or --kube-version, in both."""
    path = chart(tmp_path, "kv", V2.format("kv"))
    for fields, want in (({}, "v1.35.0"), ({"kube_version": "1.30.2"}, "v1.30.2")):
        for engine in ("binary", "library"):
            outcome, docs = render(path, engine, fields)
            assert outcome == "ok" and docs[0][1]["data"]["kube"] == want, (engine, docs)


# Masterminds/semver v3.4.0 constraints_test.go TestConstraintsCheck: the cases whose
# version is a release (Helm compares the Kubernetes version without its suffix)
SEMVER = [("*", "1.2.3", True), ("~0.0.0", "1.2.3", True), ("0.x.x", "1.2.3", False),
          ("0.0.x", "1.2.3", False), ("0.0.0", "1.2.3", False), ("^0.0.0", "1.2.3", False),
          ("= 2.0", "1.2.3", False), ("= 2.0", "2.0.0", True), ("4.1", "4.1.0", True),
          ("4.1.x", "4.1.3", True), ("1.x", "1.4", True), ("!=4.1", "4.1.0", False),
          ("!=4.1-alpha", "4.1.0", True), ("!=4.1", "5.1.0", True), ("!=4.x", "5.1.0", True),
          ("!=4.x", "4.1.0", False), ("!=4.1.x", "4.2.0", True), ("!=4.2.x", "4.2.3", False),
          (">1.1", "4.1.0", True), (">1.1", "1.1.0", False), ("<1.1", "0.1.0", True),
          ("<1.1", "1.1.0", False), ("<1.1", "1.1.1", False), ("<1.x", "1.1.1", False),
          ("<1.x", "0.1.1", True), ("<1.x", "2.0.0", False), ("<1.1.x", "1.2.1", False),
          ("<1.1.x", "1.1.500", False), ("<1.1.x", "1.0.500", True), ("<1.2.x", "1.1.1", True),
          (">=1.1", "4.1.0", True), (">=1.1", "1.1.0", True), (">=1.1", "0.0.9", False),
          ("<=1.1", "0.1.0", True), ("<=1.1", "1.1.0", True), ("<=1.x", "1.1.0", True),
          ("<=2.x", "3.0.0", False), ("<=1.1", "1.1.1", True), ("<=1.1.x", "1.2.500", False),
          ("<=4.5", "3.4.0", True), ("<=4.5", "3.7.0", True), ("<=4.5", "4.6.3", False),
          (">1.1, <2", "1.1.1", False), (">1.1, <2", "1.2.1", True), (">1.1, <3", "4.3.2", False),
          (">=1.1, <2, !=1.2.3", "1.2.3", False), (">1.1 <2", "1.2.1", True),
          (">1.1    <3", "4.3.2", False), (">=1.1, <2, !=1.2.3 || > 3", "4.1.2", True),
          (">=1.1, <2, !=1.2.3 || > 3", "3.1.2", False),
          (">=1.1, <2, !=1.2.3 || >= 3", "3.0.0", True),
          (">=1.1, <2, !=1.2.3 || > 3", "3.0.0", False), ("> 1.1, <     2", "1.1.1", False),
          (">   1.1, <2", "1.2.1", True), (">= 1.1 <2 != 1.2.3 || > 3", "4.1.2", True),
          (">= 1.0.0  <= 2.0.0-beta", "1.0.1", True), (">= 1.0.0  <= 2.0.0-beta", "3.0.0", False),
          ("1.1 - 2", "1.1.1", True), ("1.5.0 - 4.5", "3.7.0", True), ("1.1-3", "4.3.2", False),
          ("^1.1", "1.1.1", True), ("^1.1", "4.3.2", False), ("^1.x", "1.1.1", True),
          ("^2.x", "1.1.1", False), ("^1.x", "2.1.1", False), ("^0.0.1", "0.0.1", True),
          ("^0.0.1", "0.3.1", False), ("~*", "2.1.1", True), ("~1", "2.1.1", False),
          ("~1", "1.3.5", True), ("~1", "1.4", True), ("~1.x", "2.1.1", False),
          ("~1.x", "1.3.5", True), ("~1.1", "1.1.1", True), ("~1.1-alpha", "1.1.1", True),
          ("~1.1.1-beta", "1.1.1", True), ("~1.2.3", "1.2.5", True), ("~1.2.3", "1.2.2", False),
          ("~1.2.3", "1.3.2", False), ("~1.1", "1.2.3", False), ("~1.3", "2.4.5", False),
          ("1.0.0 - 2.0.0 <=2.0.0", "1.5.0", True), ("1.0.0 - 2.0.0, <=2.0.0", "1.5.0", True)]


@pytest.mark.parametrize(("constraint", "version", "allowed"), SEMVER)
def test_kube_version_constraints_are_mastermindss(constraint, version, allowed):
    core = tuple(int(x) for x in (version.split(".") + ["0"])[:3])
    assert constraint_allows(constraint, core) is allowed  # type: ignore[arg-type]
