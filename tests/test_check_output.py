"""Issue 32, item 7: the check HTML, the words of the output, the headers of pods of several
containers, and missing probes judged per container.

The HTML is loaded in headless Chromium (as tests/test_html.py does) and measured there: a
finding's number is the one its link names, the "same run" note is not drawn under "run it
again:", KS003's evidence is the scenario its text cites, "Ready for" has its number.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from helpers import CORPUS, cli
from test_html import browse, console, needs_browser

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CNPG = HERE / "data" / "real" / "cnpg_workloads.yaml"
PROMETHEUS = HERE / "data" / "prometheus-server" / "deployment.yaml"
HANG = HERE / "data" / "prometheus-server" / "hang.scenario.yaml"
GLOSSARY = REPO / "docs" / "glossary.md"

# the API server already down when the operator starts: KS002 and KS003 rest on one run
EARLY = ("dependencies:\n  kube-apiserver: {down: [{from: 0, to: 90}]}\n"
         "targets:\n  /readyz: {depends_on: [kube-apiserver]}\n")

MEASURE = """<script>
window.addEventListener("load", function () {
  var out = [];
  document.querySelectorAll("p.same-run").forEach(function (note) {
    var next = note.nextElementSibling, a = note.getBoundingClientRect();
    out.push({gap: next.getBoundingClientRect().top - a.bottom, cls: next.className,
              text: note.textContent, href: note.querySelector("a").getAttribute("href")});
  });
  document.body.setAttribute("data-measured", JSON.stringify(out));
});
</script>
</body>"""


@pytest.fixture
def early_report(capsys, tmp_path) -> tuple[Path, dict]:
    scenario = tmp_path / "early.scenario.yaml"
    scenario.write_text(EARLY)
    page = tmp_path / "check.html"
    _, out, err = cli(capsys, "check", str(CNPG), "--scenario", str(scenario), "--format",
                      "json", "--html", str(page), "--no-config")
    assert err == "", err
    return page, json.loads(out)


def test_ks003_cites_the_scenario_it_names_as_its_evidence(early_report):
    _, doc = early_report
    (ks003,) = [f for f in doc["findings"] if f["id"] == "KS003"]
    (ks002,) = [f for f in doc["findings"] if f["id"] == "KS002"]
    assert ks003["evidence"]["kind"] == "scenario" and ks003["evidence"]["scenario"] is None
    assert ks003["evidence"]["behaviour"] in ks003["message"]
    assert {k: ks003["evidence"][k] for k in ("behaviour", "phase", "seed", "duration")} == {
        k: ks002["evidence"][k] for k in ("behaviour", "phase", "seed", "duration")}


@needs_browser
def test_the_same_run_note_names_and_links_the_finding_that_draws_it(early_report, tmp_path):
    page, doc = early_report
    measured = tmp_path / "measured.html"
    measured.write_text(page.read_text().replace("</body>", MEASURE, 1))
    dom, log = browse(measured)
    assert console(log) == []
    notes = json.loads(html.unescape(re.search(r'data-measured="([^"]*)"', dom).group(1)))
    assert notes, "KS002 and KS003 share one run: the second says so"
    ids = [f["id"] for f in doc["findings"]]
    for note in notes:
        number = int(re.search(r"#(\d+)", note["text"]).group(1))
        index = int(note["href"].removeprefix("#finding-"))
        assert number == index + 1 and ids[index] == "KS002"  # '#2' is the second finding
        assert note["cls"] == "repeat" and note["gap"] >= 0  # 'run it again' below it
    # each finding's own anchor shows its number, counted from 1
    anchors = re.findall(r'<a class="anchor" href="#finding-(\d+)"[^>]*>#(\d+)</a>', dom)
    assert anchors and all(int(n) == int(i) + 1 for i, n in anchors)
    # "Ready for" says how long, of how long
    ready = re.findall(r"<div><b>([^<]*)</b>Ready for</div>", dom)
    assert ready and all(re.fullmatch(r"\d+\.\d of \d+ s", r) for r in ready), ready


def test_the_run_header_speaks_kubernetes(capsys):
    code, out, _ = cli(capsys, "run", str(CNPG), "--scenario",
                       str(HERE / "data" / "real" / "cnpg_apiserver_outage.scenario.yaml"))
    head = out.splitlines()[1]
    assert code == 0 and head.startswith("kubelet 1.29-1.34 (profile classic) | seed 0")
    assert "probe ticks at" in head and "n x periodSeconds" in head
    assert "10.0.0.10" not in out and "<pod IP>:9443" in out  # connection refused lines
    windows = cli(capsys, "windows", str(CNPG))[1]
    assert "| kubelet 1.29-1.34 (profile classic)" in windows.splitlines()[0]


def test_a_multi_container_header_names_its_containers(capsys):
    out = cli(capsys, "run", str(PROMETHEUS), "--scenario", str(HANG), "--duration", "60")[1]
    assert out.splitlines()[0].startswith(
        "Deployment/prometheus-server containers prometheus-server-configmap-reload, "
        "prometheus-server | behaviour:")


def test_the_glossary_defines_the_words_the_outputs_keep(capsys):
    text = GLOSSARY.read_text()
    for word in ("grid phase", "protection window", "F x P", "kubelet profile", "<pod IP>",
                 "synthetic run", "evidence", "render", "sync hop"):
        assert f"**{word}" in text or f"**`{word}`" in text, word
    out = cli(capsys, "check", str(CNPG), "--no-config")[1]
    assert "docs/glossary.md" in out  # the check's help line names it


@pytest.mark.skipif(not (CORPUS / "pods").is_dir(), reason="the shared corpus is absent")
def test_a_container_without_probes_beside_a_probed_proxy_is_reported(capsys):
    """cloud-sql-proxy's health-check example: the app container has no probes; the proxy (a
    native sidecar) has liveness, readiness and startup, on its own port 9801. checkov reports
    the app (CKV_K8S_8); its liveness restarts only the proxy (R4.1: per container)."""
    path = CORPUS / "pods" / "cloud-sql-proxy_proxy_with_http_health_check.yaml"
    _, out, _ = cli(capsys, "check", str(path), "--format", "json", "--no-config")
    (f,) = [f for f in json.loads(out)["findings"]
            if f["id"] == "KS009" and f["container"] == "<YOUR-APPLICATION-NAME>"]
    assert f["case"] == "missing-own" and f["data"]["others"] == ["cloud-sql-proxy"]
    assert "cloud-sql-proxy" in f["message"]

