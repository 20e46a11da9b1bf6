"""Issue 32, item 3: one finding per object and check, listing the renders it appears in.

aws-ebs-csi-driver's kustomize tree (tests/data/kustomize, byte-identical to the project's
`deploy/kubernetes`): a base and four overlays that only rewrite images. Each overlay renders
the same Deployment and DaemonSet from the same base files, so every finding used to come five
times with the same file and line. Every format must say it once, naming the five renders.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kubesim.cli.main import main

HERE = Path(__file__).resolve().parent
TREE = HERE / "data" / "kustomize" / "aws-ebs-csi-driver"
RENDERS = 5  # base, overlays/stable, overlays/stable/{ecr, ecr-public, gcr}

pytestmark = pytest.mark.skipif(not (shutil.which("kustomize") or shutil.which("kubectl")),
                                reason="neither kustomize nor kubectl is installed")


@pytest.fixture(scope="module")
def shown(tmp_path_factory) -> dict[str, str]:
    """What each format says of one check of the tree, shared by the tests (each check renders
    the five kustomizations anew): JSON with the SARIF file and the HTML page beside it (one
    run writes all three, as the GitHub Action's does), then text, github and junit."""
    where = tmp_path_factory.mktemp("renders")
    files = {"sarif": where / "check.sarif", "html": where / "check.html"}
    out = {fmt: _check(fmt, *(["--sarif", str(files["sarif"]), "--html", str(files["html"])]
                              if fmt == "json" else []))
           for fmt in ("json", "text", "github", "junit")}
    return {**out, **{name: path.read_text() for name, path in files.items()}}


def _check(fmt: str, *extra: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", str(TREE), "--format", fmt, "--no-config", *extra])
    assert code in (0, 1) and "error" not in err.getvalue(), (code, err.getvalue())
    return out.getvalue()


def _distinct(findings: list[dict]) -> set[tuple]:
    return {(f["file"], f["kind"], f["object"], f["container"], f["id"], f["line"])
            for f in findings}


def test_json_reports_each_finding_once_with_its_renders(shown):
    doc = json.loads(shown["json"])
    assert doc["kubesim"] == 2  # rendered_from changed shape: a list
    findings = doc["findings"]
    assert findings and len(findings) == len(_distinct(findings))
    for f in findings:
        assert len(f["rendered_from"]) == RENDERS, f
        assert all(r.startswith("kustomization ") for r in f["rendered_from"])
    objects = [(o["file"], o["object"]) for o in doc["objects"]]
    assert len(objects) == len(set(objects))
    assert all(len(o["rendered_from"]) == RENDERS for o in doc["objects"])
    assert sum(doc["summary"][k] for k in ("error", "warning", "info")) == len(findings)


def test_every_format_says_each_finding_once(shown):
    n = len(json.loads(shown["json"])["findings"])
    text = shown["text"]
    assert len(re.findall(r"^  (warning|WARNING|error|ERROR|info) +KS\d{3}", text, re.M)) == n
    assert text.count(f"in {RENDERS} renders: kustomization") == 2  # the two objects' heads
    sarif = json.loads(shown["sarif"])
    results = sarif["runs"][0]["results"]
    assert len(results) == n
    assert all(len(r["properties"]["rendered_from"]) == RENDERS for r in results)
    assert len({tuple(r["partialFingerprints"].values()) for r in results}) == n
    github = shown["github"]
    assert len([ln for ln in github.splitlines()
                if ln.startswith(("::warning", "::notice", "::error"))]) == n
    junit = ET.fromstring(shown["junit"])
    suites = junit.findall("testsuite")
    assert len(suites) == len({s.get("name") for s in suites}) == 2
    outs = [o.text for o in junit.iter("system-out")]
    assert sum(len(re.findall(r"^(warning|info) KS\d{3}", t, re.M)) for t in outs) == n


def test_the_html_page_lists_the_renders_once(shown):
    text = shown["html"]
    data = json.loads(re.search(r'<script type="application/json" id="kubesim-data">(.*?)'
                                r"</script>", text, re.S).group(1).replace("<\\/", "</"))
    doc = data["document"]
    assert len(doc["findings"]) == len(_distinct(doc["findings"]))
    assert all(len(f["rendered_from"]) == RENDERS for f in doc["findings"])
