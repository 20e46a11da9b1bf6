"""The HTML report (`--html FILE` on run, check and sweep), loaded in a real headless Chromium
(Debian's `chromium`; `.ci/run` installs it): what the page drew is read back from the DOM
after its script ran and compared with the JSON document of the same command; the zoom, pan,
hover and reset handlers are driven by real browser events (`#selftest`); a screenshot is
checked for the drawn colours; the browser's console must stay silent.
"""

from __future__ import annotations

import html
import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import cli as kubesim

REPO = Path(__file__).resolve().parent.parent
UNIFIED = str(REPO / "probe_specs" / "seed_unified_healthz.yaml")
OUTAGE = str(REPO / "traces" / "seed_db_outage.scenario.yaml")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_browser = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (apt-get install chromium; .ci/run does)")


def browse(page: Path, fragment: str = "", *, screenshot: Path | None = None
           ) -> tuple[str, str]:
    """(DOM after the scripts ran, browser log) of `page` in headless Chromium."""
    assert CHROMIUM is not None
    what = [f"--screenshot={screenshot}", "--window-size=1300,900"] if screenshot else [
        "--dump-dom"]
    done = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--no-first-run", "--enable-logging=stderr", "--v=0",
         "--proxy-server=127.0.0.1:9",  # nothing may be fetched: any request would fail
         *what, f"{page.as_uri()}{fragment}"],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout, done.stderr


def console(log: str) -> list[str]:
    """The page's console messages and uncaught errors in Chromium's log."""
    return [line for line in log.splitlines() if "CONSOLE" in line or "Uncaught" in line]


def attr(dom: str, name: str) -> str:
    m = re.search(rf'<body[^>]*\s{name}="([^"]*)"', dom)
    assert m, f"body has no {name}"
    return html.unescape(m.group(1))


@pytest.fixture
def run_report(capsys, tmp_path) -> tuple[Path, dict]:
    page = tmp_path / "run.html"
    code, out, err = kubesim(capsys, "run", UNIFIED, "--scenario", OUTAGE, "--duration", "300",
                             "--format", "json", "--html", str(page))
    assert code == 0, err
    return page, json.loads(out)


def test_the_page_is_self_contained(run_report):
    text = run_report[0].read_text()
    assert "<script src" not in text and "<link" not in text and "@import" not in text
    assert not re.search(r"url\(\s*['\"]?https?:", text)
    # the document is embedded whole: the script draws from it
    data = re.search(r'<script type="application/json" id="kubesim-data">(.*?)</script>',
                     text, re.S).group(1)
    assert json.loads(data)["document"] == run_report[1]


@needs_browser
def test_the_browser_check_sees_a_broken_page(tmp_path):
    """The console check below can fail: an uncaught error in a page shows in the log."""
    page = tmp_path / "broken.html"
    page.write_text("<!DOCTYPE html><html><body><script>null.f();</script></body></html>")
    _, log = browse(page)
    assert console(log), log[-2000:]


def page_data(page: Path) -> dict:
    """What the page hands its script (the kubesim-data element)."""
    text = page.read_text()
    return json.loads(re.search(r'<script type="application/json" id="kubesim-data">(.*?)'
                                r'</script>', text, re.DOTALL).group(1))


def views(result: dict, key: str) -> list[list[float]]:
    """The [from, to] of every timeline the self-test recorded under `key`."""
    return [[float(x) for x in v.split(",")] for v in result[key]]


@needs_browser
def test_run_report_draws_every_probe_kill_and_outage(run_report):
    page, doc = run_report
    dom, log = browse(page, "#view=0,300")  # the whole run
    assert console(log) == []
    assert attr(dom, "data-rendered") == "run"
    for result in ("success", "failure"):
        drawn = len(re.findall(rf'class="probe probe-{result}"', dom))
        assert drawn == sum(p["result"] == result for p in doc["probes"]) > 0, result
    assert dom.count('class="kill"') == len(doc["kills"]) == doc["summary"]["kills"] > 0
    assert dom.count('class="window"') == len(doc["run"]["windows"]) == 1
    assert dom.count('class="container"') == len(doc["containers"])
    assert "db down" in dom


@needs_browser
def test_zoom_by_address_draws_only_the_calls_in_view(run_report):
    page, doc = run_report
    dom, log = browse(page, "#view=60,150")
    assert console(log) == []
    assert 'data-view="60.000,150.000"' in dom
    in_view = sum(60 <= p["at"] <= 150 for p in doc["probes"])
    assert len(re.findall(r'class="probe probe-', dom)) == in_view < len(doc["probes"])
    assert "showing 60 to 150 s of 300 s" in dom


@needs_browser
def test_wheel_drag_hover_and_double_click_in_the_browser(run_report):
    """#selftest dispatches real WheelEvents, PointerEvents and MouseEvents on the drawing."""
    page, _ = run_report
    dom, log = browse(page, "#selftest")
    assert console(log) == []
    result = json.loads(attr(dom, "data-selftest"))
    spans = {k: [float(x) for x in result[k].split(",")] for k in
             ("before", "zoomed", "panned", "reset")}
    width = {k: b - a for k, (a, b) in spans.items()}
    focus = page_data(page)["focus"]
    assert not focus["whole"]  # 300 s with a 90 s outage: the page opens on it
    assert spans["before"] == [round(focus["start"], 3), round(focus["end"], 3)]
    assert spans["reset"] == [0.0, 300.0]  # double-click: the whole run
    assert width["zoomed"] == pytest.approx(width["before"] / 1.25 ** 3, abs=0.01)  # 3 notches
    # zoomed around the pointer at 60 % of the drawing: the time under it stays put
    assert spans["zoomed"][0] > spans["before"][0] and spans["zoomed"][1] < spans["before"][1]
    assert width["panned"] == pytest.approx(width["zoomed"], abs=1e-3)
    assert spans["panned"][0] > spans["zoomed"][0]  # dragged left: later times come in
    assert re.match(r"(liveness|readiness) (ok|FAIL) at \d+\.\d{3} s\n", result["tip"])


@needs_browser
def test_screenshot_shows_the_timeline(run_report, tmp_path):
    from PIL import Image

    shot = tmp_path / "run.png"
    _, log = browse(run_report[0], screenshot=shot)
    assert console(log) == []
    image = Image.open(shot).convert("RGB")
    assert image.size == (1300, 900)
    colours = {rgb for _, rgb in image.getcolors(maxcolors=1 << 24)}
    for rgb in ((0x00, 0x9E, 0x73), (0xD5, 0x5E, 0x00), (0x56, 0xB4, 0xE9), (0x00, 0x72, 0xB2)):
        assert rgb in colours, rgb  # success, failure, Ready, Started were painted


@pytest.fixture
def check_report(capsys, tmp_path) -> tuple[Path, dict]:
    """The check page of the seed's unified /healthz under the DB outage, and its JSON."""
    page = tmp_path / "check.html"
    code, out, err = kubesim(capsys, "check", UNIFIED, "--scenario", OUTAGE, "--format", "json",
                             "--html", str(page))
    assert code == 1, err
    return page, json.loads(out)




@needs_browser
def test_check_report_lists_findings_with_rule_links_and_their_runs(check_report):
    page, doc = check_report
    dom, log = browse(page)
    assert console(log) == []
    assert attr(dom, "data-rendered") == "check"
    assert len(re.findall(r'<div class="finding ', dom)) == len(doc["findings"]) > 0
    for f in doc["findings"]:  # each id links to its check's page, inside the report itself
        assert f'href="#rule-{f["id"]}"' in dom and f'id="rule-{f["id"]}"' in dom
    assert "docs/rules" not in dom
    # a timeline per distinct run that is a finding's evidence (a synthetic one too)
    with_runs = {(f["object"], f["container"], e["behaviour"], e["phase"], e["seed"],
                  e["duration"]) for f in doc["findings"] if (e := f["evidence"])}
    assert dom.count('class="timeline"') == len(with_runs) > 1


def _finding_blocks(dom: str) -> dict[int, str]:
    """The DOM of each finding block, by the finding's index in the JSON document."""
    parts = re.split(r'(?=<div class="finding )', dom)[1:]
    out = {}
    for part in parts:
        index = int(re.search(r'id="finding-(\d+)"', part).group(1))
        out[index] = part.split("<section", 1)[0].split('<p class="passed"', 1)[0]
    return out


@needs_browser
def test_each_finding_shows_the_run_that_is_its_evidence(check_report):
    """Issue 21 item 9: under each finding, the timeline of the simulated run it rests on,
    opened on the stretch that shows it (the finding's evidence window), and that run shows
    what the finding says: the restarts KS001 and KS002 report are kills drawn in it."""
    page, doc = check_report
    dom, log = browse(page)
    assert console(log) == []
    blocks = _finding_blocks(dom)
    assert sorted(blocks) == list(range(len(doc["findings"])))
    for i, f in enumerate(doc["findings"]):
        e = f["evidence"]
        assert e is not None and 'class="timeline"' in blocks[i], f["id"]
        a, b = (float(x) for x in re.search(r'data-view="([\d.]+),([\d.]+)"',
                                             blocks[i]).groups())
        w0, w1 = e["window"]
        assert a <= w0 < w1 <= b and b - a < e["duration"], (f["id"], a, b, e)
        assert f["data"]["phases_with_restart"] > 0
        assert blocks[i].count('class="kill"') > 0, f["id"]  # the kills, in the view
        assert 'class="window"' in blocks[i], f["id"]  # the outage, synthetic or given
        assert f"--phase {e['phase']:g} --seed {e['seed']}" in html.unescape(blocks[i])


@needs_browser
def test_check_report_lists_what_each_object_passed(capsys, tmp_path):
    page = tmp_path / "check.html"
    code, out, err = kubesim(capsys, "check", str(REPO / "tests/check_inputs/no_probes.yaml"),
                             UNIFIED, "--format", "json", "--fail-on", "none",
                             "--html", str(page))
    assert code == 0, err
    doc = json.loads(out)
    dom, log = browse(page)
    assert console(log) == []
    with_findings = {f["object"] for f in doc["findings"]}
    clean = [o for o in doc["objects"] if o["object"] not in with_findings]
    rows = re.findall(r'<tr class="clean">(.*?)</tr>', dom, re.DOTALL)
    assert len(rows) == len(clean) > 0
    for o, row in zip(clean, rows, strict=True):
        assert o["object"] in row
        ids = {p["id"] for p in o["passed"]}
        assert all(f"{i} " in row for i in ids)
        assert ids or "no check applies" in row
    passed = re.findall(r'<p class="passed">(.*?)</p>', dom, re.DOTALL)
    assert len(passed) == len(with_findings)
    for o in (o for o in doc["objects"] if o["object"] in with_findings):
        line = next(p for p in passed if all(f"{x['id']} " in p for x in o["passed"]))
        assert o["passed"] or "none of the checks" in line


def test_check_report_names_no_absolute_path(capsys, tmp_path, monkeypatch):
    """The page is shared (a CI artifact): files given by absolute path are named relative to
    their repository (or, outside one, from the folder above theirs), in every field, message
    and command of the page, and so is the scenario."""
    repo = tmp_path / "checkout"
    (repo / ".git").mkdir(parents=True)
    (repo / "k8s").mkdir()
    (repo / "k8s" / "app.yaml").write_text(Path(UNIFIED).read_text())
    loose = tmp_path / "loose" / "ci"
    loose.mkdir(parents=True)
    (loose / "outage.scenario.yaml").write_text(Path(OUTAGE).read_text().replace(
        "applies_to:", "applies_to:\n  - {kind: ProbeSpec, name: app}"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    page = elsewhere / "check.html"
    code, out, err = kubesim(capsys, "check", str(repo / "k8s" / "app.yaml"), "--scenario",
                             str(loose / "outage.scenario.yaml"), "--format", "json",
                             "--html", str(page))
    assert code == 1, err
    assert str(tmp_path) in out  # the JSON names the files as given
    text = page.read_text()
    assert str(tmp_path) not in text and "/checkout" not in text
    data = page_data(page)
    assert data["document"]["inputs"] == ["k8s/app.yaml"]
    assert {f["behaviour"] for f in data["document"]["findings"]} >= {
        "ci/outage.scenario.yaml"}
    assert all(f["repeat"].startswith("kubesim run k8s/app.yaml ")
               for f in data["findings"] if f["repeat"])


def test_the_evidence_command_repeats_the_drawn_run(capsys, tmp_path, monkeypatch):
    """`run it again`: the command under a finding, with its synthetic scenario saved as the
    page says, gives the timeline the page draws."""
    from kubesim.render.check_html import EVIDENCE_FILE

    monkeypatch.chdir(REPO)
    page = tmp_path / "check.html"
    code, _, err = kubesim(capsys, "check", UNIFIED, "--scenario", OUTAGE, "--html", str(page))
    assert code == 1, err
    data = page_data(page)
    kinds = set()
    for run in data["runs"]:
        extra = data["findings"][run["findings"][0]]
        argv = shlex.split(extra["repeat"])
        assert argv[:2] == ["kubesim", "run"]
        if extra["scenario"] is not None:
            saved = tmp_path / EVIDENCE_FILE
            saved.write_text(extra["scenario"])
            argv[argv.index(EVIDENCE_FILE)] = str(saved)
        code, out, err = kubesim(capsys, *argv[1:], "--format", "json")
        assert code == 0, err
        again = json.loads(out)
        kinds.add(data["document"]["findings"][run["findings"][0]]["evidence"]["kind"])
        for key in ("summary", "kills", "ready", "containers"):
            assert again[key] == run["doc"][key], key
    assert kinds == {"synthetic", "scenario"}


def test_shown_paths_never_absolute(tmp_path):
    from kubesim.render.check_html import shown_paths

    (tmp_path / "repo" / ".git").mkdir(parents=True)
    cwd = tmp_path / "work"
    paths = [str(cwd / "a" / "x.yaml"), str(tmp_path / "repo" / "k8s" / "y.yaml"),
             str(tmp_path / "other" / "ci" / "z.yaml"), str(tmp_path / "other" / "w.yaml"),
             "relative/v.yaml"]
    shown = shown_paths(paths, cwd)
    assert [shown(p) for p in paths] == ["a/x.yaml", "k8s/y.yaml", "other/ci/z.yaml",
                                         "other/w.yaml", "relative/v.yaml"]
    assert shown(f"a note on {paths[1]} and {cwd}/b.yaml") == "a note on k8s/y.yaml and b.yaml"


@needs_browser
def test_sweep_report_draws_a_cell_per_point(capsys, tmp_path):
    page = tmp_path / "sweep.html"
    code, out, err = kubesim(capsys, "sweep", UNIFIED, "--scenario", OUTAGE, "--duration", "300",
                             "--set", "livenessProbe.failureThreshold=1..4",
                             "--set", "livenessProbe.periodSeconds=5,10", "--phases", "4",
                             "--jobs", "1", "--format", "json", "--html", str(page))
    assert code == 0, err
    points = json.loads(out)["points"]
    dom, log = browse(page)
    assert console(log) == []
    assert attr(dom, "data-rendered") == "sweep"
    assert dom.count('class="cell"') == len(points) == 8
    assert len(re.findall(r"<tr><td", dom)) == len(points)


def test_same_run_same_bytes(capsys, tmp_path):
    pages = [tmp_path / "a.html", tmp_path / "b.html"]
    for page in pages:
        assert kubesim(capsys, "run", UNIFIED, "--scenario", OUTAGE, "--html", str(page))[0] == 0
    assert pages[0].read_bytes() == pages[1].read_bytes()


@pytest.mark.parametrize("command", [["run", UNIFIED], ["check", UNIFIED],
                                     ["sweep", UNIFIED, "--set", "livenessProbe.periodSeconds=5"]])
def test_unwritable_html_is_bad_input_before_any_work(capsys, tmp_path, command):
    target = tmp_path / "missing" / "r.html"
    code, out, err = kubesim(capsys, *command, "--html", str(target))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "--html: no such directory" in err and not target.parent.exists()


def sidecar_pod_page(capsys, tmp_path: Path, scenario: str, duration: int
                     ) -> tuple[Path, dict]:
    """`run --html` of tests/manifests/pod-sidecar.yaml (init, native sidecar, app) under
    `scenario`: the page and the run's JSON document."""
    behaviour = tmp_path / "pod.scenario.yaml"
    behaviour.write_text(scenario)
    page = tmp_path / "pod.html"
    code, out, err = kubesim(capsys, "run", str(REPO / "tests" / "manifests" /
                                                 "pod-sidecar.yaml"), "--scenario",
                             str(behaviour), "--duration", str(duration), "--format", "json",
                             "--html", str(page))
    assert code == 0, err
    return page, json.loads(out)


@needs_browser
def test_a_pod_of_several_containers_gets_a_timeline_per_container(capsys, tmp_path):
    """`run --html` of a multi-container pod: one timeline per container (its instances,
    its probes, its own Ready), each drawing exactly that container's records; a whole-pod
    kill's SIGTERM shows on the stopped sidecar's timeline (R4.20)."""
    page, doc = sidecar_pod_page(capsys, tmp_path,
                                 "exit: {after_seconds: 30, code: 0, container: app}\n", 60)
    dom, log = browse(page)
    assert console(log) == []
    names = [n for n in doc["run"]["pod_containers"]]
    assert names == ["migrate", "proxy", "app"]
    assert dom.count('class="timeline"') == 3
    for name in names:
        assert f"<h2>container {name}</h2>" in dom
    assert dom.count('class="container"') == len(doc["containers"])
    assert len(re.findall(r'class="probe probe-', dom)) == len(doc["probes"])
    assert "proxy Ready" in dom and "app Ready" in dom
    assert dom.count('class="sigterm"') == sum(len(k["containers"]) for k in doc["pod_kills"]) > 0
    assert "Succeeded" in dom


# -- the run page opens on the interesting stretch (kubesim/render/focus.py) -----------------

@pytest.fixture(scope="module")
def hour_report(tmp_path_factory) -> tuple[Path, dict]:
    """An hour of the seed's DB outage (60-150 s): the outage and its kills are 3 % of it."""
    from kubesim.cli.main import main

    where = tmp_path_factory.mktemp("hour")
    page, result = where / "run.html", where / "run.json"
    assert main(["run", UNIFIED, "--scenario", OUTAGE, "--duration", "3600", "--format",
                 "json", "-o", str(result), "--html", str(page)]) == 0
    return page, json.loads(result.read_text())


@needs_browser
def test_an_hour_long_run_opens_on_its_first_kill_and_outage(hour_report):
    """The initial view holds the first kill, the outage and every Ready change after the
    first Ready, and is a small part of the hour; the whole run is a button, a key (W) and
    a zoom away, and F comes back."""
    page, doc = hour_report
    dom, log = browse(page, "#selftest")
    assert console(log) == []
    result = json.loads(attr(dom, "data-selftest"))
    a, b = (float(x) for x in result["before"].split(","))
    outage = doc["run"]["windows"]
    assert [w["label"] for w in outage] == ["db down"]
    assert a <= outage[0]["start"] < outage[0]["end"] <= b
    assert a <= doc["kills"][0]["at"] <= b
    assert all(a <= r["at"] <= b for r in doc["ready"][1:])
    assert b - a <= 3600 / 2
    assert "Opened on " in dom and "first kill" in dom
    assert views(result, "whole") == [[0.0, 3600.0]] == views(result, "keyWhole")
    assert views(result, "focused") == [[a, b]] == views(result, "refocused")
    (za, zb), = views(result, "zoomedOut")  # the "-" key: 1.6 times as wide, about its middle
    assert zb - za == pytest.approx(1.6 * (b - a), abs=0.01) and za < a and zb > b


@needs_browser
def test_an_hour_long_run_draws_only_the_stretch_in_view_at_first(hour_report, tmp_path):
    """What the first view draws: the calls of the stretch (fewer than the hour's), each
    kill, the outage; at the whole-run address, every call."""
    page, doc = hour_report
    focus = page_data(page)["focus"]
    dom, log = browse(page)
    assert console(log) == []
    in_view = sum(focus["start"] <= p["at"] <= focus["end"] for p in doc["probes"])
    assert len(re.findall(r'class="probe probe-', dom)) == in_view < len(doc["probes"]) / 5
    assert dom.count('class="kill"') == len(doc["kills"]) == 3
    assert "db down" in dom
    whole, _ = browse(page, "#view=0,3600")
    assert len(re.findall(r'class="probe probe-', whole)) == len(doc["probes"])


@needs_browser
def test_the_first_view_shows_the_failures_large(hour_report, tmp_path):
    """In the screenshot of the first view the failure marks take many more pixels than in
    the screenshot of the whole run: the outage is not a sliver."""
    from PIL import Image

    page, _ = hour_report
    failure = (0xD5, 0x5E, 0x00)
    counts = {}
    for name, fragment in (("first", ""), ("whole", "#view=0,3600")):
        shot = tmp_path / f"{name}.png"
        _, log = browse(page, fragment, screenshot=shot)
        assert console(log) == []
        colours = {rgb: n for n, rgb in Image.open(shot).convert("RGB").getcolors(1 << 24)}
        counts[name] = colours.get(failure, 0)
    assert counts["first"] > 3 * counts["whole"] > 0, counts


@needs_browser
def test_a_pods_timelines_share_one_view(capsys, tmp_path):
    """A pod of several containers: every container's timeline opens on the same stretch,
    and zooming, the keys and the buttons on any one of them move them all."""
    page, doc = sidecar_pod_page(capsys, tmp_path, "stalls:\n  - {from: 1200, to: 1260}\n",
                                 3600)
    dom, log = browse(page, "#selftest")
    assert console(log) == []
    assert dom.count('class="timeline"') == len(doc["run"]["pod_containers"]) == 3
    first = re.findall(r'class="tl"[^>]*data-view="([^"]+)"', browse(page)[0])
    assert len(first) == 3 and len(set(first)) == 1, first
    a, b = (float(x) for x in first[0].split(","))
    (stall,) = doc["run"]["windows"]
    assert a <= stall["start"] and stall["end"] <= b and b - a < 1800
    result = json.loads(attr(dom, "data-selftest"))
    for key in ("focused", "zoomedOut", "whole", "refocused", "keyWhole", "wheelLast"):
        assert len(views(result, key)) == 3 and len({tuple(v) for v in views(result, key)}) == 1, \
            (key, result[key])
    assert views(result, "whole")[0] == [0.0, 3600.0]
    (wa, wb) = views(result, "wheelLast")[0]  # wheel on the last container's timeline
    assert wb - wa < views(result, "keyWhole")[0][1]
