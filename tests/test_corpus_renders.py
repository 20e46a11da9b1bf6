"""`kubesim check` on the real Helm charts and kustomize trees of the shared corpus, rendered
with the real engines, against the hand review in tests/corpus_render_expectations.yaml.

Skipped with a message when the corpus folder is absent (it does not ship) or no engine is
installed for a kind of input."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from kubesim.cli.main import main

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpus"
EXPECTED = yaml.safe_load((HERE / "corpus_render_expectations.yaml").read_text())["renders"]

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is absent: "
                                "nothing to render")


def _engine(path: str) -> str | None:
    """Why the engine for `path` is missing (None: there is one)."""
    if path.startswith("charts/"):
        try:
            import helm_python  # noqa: F401
        except ImportError:
            if not (os.environ.get("HELM_BIN") or shutil.which("helm")):
                return "neither the helm program nor helm-python-sdk is installed"
        return None
    if not (os.environ.get("KUSTOMIZE_BIN") or shutil.which("kustomize")
            or shutil.which("kubectl")):
        return "neither kustomize nor kubectl is installed"
    return None


def _args(args: list[str]) -> list[str]:
    return [str(CORPUS / a) if a.startswith(("charts/", "kustomize/")) else a for a in args]


@pytest.mark.parametrize("entry", EXPECTED, ids=lambda e: " ".join([e["path"], *e.get("args", [])]))
def test_a_render_gives_the_reviewed_findings(entry):
    missing = _engine(entry["path"])
    if missing:
        pytest.skip(missing)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["check", str(CORPUS / entry["path"]), *_args(entry.get("args", [])),
                     "--format", "json", "--no-config"])
    doc = json.loads(buf.getvalue())
    # one finding per object and check, naming the renders it appears in (issue 32, item 3)
    keys = [(f["object"], f["container"], f["id"], f["severity"], f["data"].get("probe"))
            for f in doc["findings"]]
    assert len(keys) == len(set(keys))
    got = Counter({k: len(f["rendered_from"]) for k, f in zip(keys, doc["findings"],
                                                              strict=True)})
    want = Counter({(f["object"], f["container"], f["id"], f["severity"], f.get("probe")):
                    f["renders"] for f in entry["findings"]})
    assert got == want
    assert code == 0  # nothing in them is an error without evidence
    assert all(o["rendered_from"] for o in doc["objects"])  # each object names its render
