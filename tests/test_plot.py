"""The timeline pictures: `kubesim run --plot FILE.png` and `kubesim plot RESULT.json -o FILE.png`.

Pictures are drawn from the run's JSON document, so a saved result gives the same PNG bytes as
the run itself. matplotlib is optional: without it kubesim still runs, and asking for a picture
is a one-line error with the install hint.
"""

from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from helpers import cli

from kubesim import Scenario, load_scenario, load_spec, simulate, to_document
from kubesim.render.plot import DPI, FIGSIZE, INSTALL_HINT, figure, plot_meta, render_png

REPO = Path(__file__).resolve().parent.parent
SPECS, TRACES, DOCS = REPO / "probe_specs", REPO / "traces", REPO / "docs"
SIZE = (int(FIGSIZE[0] * DPI), int(FIGSIZE[1] * DPI))
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

# the seed's cases recorded as traces, and the specs each case compares
TRACE_CASES = {
    "seed_db_outage.jsonl": ["seed_unified_healthz", "seed_skeleton"],
    "seed_slow_startup.jsonl": ["seed_slow_startup_budget", "seed_slow_startup_liveness_only"],
    "seed_event_loop_stall.jsonl": ["seed_skeleton"],
}


def _examples() -> list[tuple[str, list[str]]]:
    """Every shipped spec with every shipped scenario, and each seed trace with its specs."""
    cases = []
    for spec in sorted(SPECS.glob("*.yaml")):
        for scenario in sorted(TRACES.glob("*.scenario.yaml")):
            cases.append((f"{spec.stem}+{scenario.name}",
                          [str(spec.relative_to(REPO)), "--scenario",
                           str(scenario.relative_to(REPO))]))
    for trace, specs in TRACE_CASES.items():
        for name in specs:
            cases.append((f"{name}+{trace}", [f"probe_specs/{name}.yaml", "--trace",
                                              f"traces/{trace}"]))
    return cases


EXAMPLES = _examples()


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) of a PNG, checking its signature and IHDR chunk."""
    assert data[:8] == PNG_MAGIC, "not a PNG"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert (length, kind) == (13, b"IHDR")
    width, height = struct.unpack(">II", data[16:24])
    assert data.endswith(b"IEND\xaeB`\x82"), "no IEND chunk at the end"
    return width, height


def one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2, (code, err)
    assert out == "" and "Traceback" not in err
    assert err.startswith("kubesim: error: ") and err.count("\n") == 1, repr(err)
    return err


# -- pictures of every shipped example ---------------------------------------------------------

def test_examples_cover_every_spec_and_scenario() -> None:
    assert len(EXAMPLES) == len(list(SPECS.glob("*.yaml"))) * len(
        list(TRACES.glob("*.scenario.yaml"))) + 5


@pytest.mark.parametrize("argv", [a for _, a in EXAMPLES], ids=[i for i, _ in EXAMPLES])
def test_run_plot_draws_every_shipped_example(capsys, monkeypatch, tmp_path, argv) -> None:
    monkeypatch.chdir(REPO)
    out_png = tmp_path / "timeline.png"
    code, out, err = cli(capsys, "run", *argv, "--duration", "300", "--plot", str(out_png))
    assert (code, err) == (0, "")
    assert "\nsummary\n" in out  # the text timeline is still printed
    assert png_size(out_png.read_bytes()) == SIZE


def test_plot_of_a_saved_result_is_byte_identical_to_run_plot(capsys, monkeypatch,
                                                              tmp_path) -> None:
    monkeypatch.chdir(REPO)
    argv = ["run", "probe_specs/seed_unified_healthz.yaml", "--scenario",
            "traces/seed_db_outage.scenario.yaml", "--duration", "300", "--phases", "4"]
    direct, saved, again = tmp_path / "direct.png", tmp_path / "saved.png", tmp_path / "b.png"
    result = tmp_path / "result.json"
    assert cli(capsys, *argv, "--format", "json", "-o", str(result),
               "--plot", str(direct))[0] == 0
    code, out, err = cli(capsys, "plot", str(result), "-o", str(saved))
    assert (code, out, err) == (0, "", "")
    assert saved.read_bytes() == direct.read_bytes()
    # and the same run drawn again gives the same bytes (no dates, no salt)
    assert cli(capsys, *argv, "--plot", str(again))[0] == 0
    assert again.read_bytes() == direct.read_bytes()


def test_plot_reads_stdin(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(REPO)
    code, doc, _ = cli(capsys, "run", "probe_specs/seed_skeleton.yaml", "--duration", "30",
                       "--format", "json")
    assert code == 0
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO(doc))
    assert cli(capsys, "plot", "-", "-o", str(tmp_path / "p.png"))[0] == 0
    assert png_size((tmp_path / "p.png").read_bytes()) == SIZE


def test_the_picture_ignores_the_users_matplotlib_settings(monkeypatch) -> None:
    import matplotlib

    doc = _doc("seed_skeleton", "seed_event_loop_stall", 60)
    before = render_png(doc)
    monkeypatch.setitem(matplotlib.rcParams, "lines.linewidth", 7.0)
    monkeypatch.setitem(matplotlib.rcParams, "font.size", 20.0)
    assert render_png(doc) == before
    assert matplotlib.rcParams["font.size"] == 20.0  # and leaves them as they were


def _doc(spec: str, scenario: str, duration: float, **kw) -> dict:
    pod = load_spec(str(SPECS / f"{spec}.yaml"))
    behaviour = load_scenario(str(TRACES / f"{scenario}.scenario.yaml"))
    tl = simulate(pod, behaviour, duration=duration, seed=0, **kw)
    doc = to_document(tl, meta={"spec": spec, "behaviour": scenario,
                                **plot_meta(pod, behaviour, duration)})
    return json.loads(json.dumps(doc))


# -- what the document carries for the picture -------------------------------------------------

def test_run_json_carries_the_behaviours_windows_and_the_probe_settings(capsys,
                                                                        monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    code, out, _ = cli(capsys, "run", "probe_specs/seed_skeleton.yaml", "--scenario",
                       "traces/seed_db_outage.scenario.yaml", "--duration", "300",
                       "--format", "json")
    assert code == 0
    run = json.loads(out)["run"]
    assert run["windows"] == [{"start": 60.0, "end": 150.0, "label": "db down"}]
    assert run["probe_specs"]["readiness"] == {
        "target": "/readyz", "initialDelaySeconds": 0, "periodSeconds": 5,
        "timeoutSeconds": 1, "successThreshold": 2, "failureThreshold": 2}
    assert list(run["probe_specs"]) == ["startup", "liveness", "readiness"]


def test_windows_of_a_recorded_trace_are_its_failing_stretches(capsys, monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    code, out, _ = cli(capsys, "run", "probe_specs/seed_skeleton.yaml", "--trace",
                       "traces/seed_event_loop_stall.jsonl", "--duration", "60",
                       "--format", "json")
    assert code == 0
    windows = json.loads(out)["run"]["windows"]
    assert windows and all(w["label"].endswith("failing") for w in windows)
    # the stall (at about 30 s), and in a capture made with --launch also the process start
    assert any(25 <= w["start"] <= w["end"] <= 40 for w in windows), windows
    assert all(w["start"] < 5 or 25 <= w["start"] <= w["end"] <= 40 for w in windows), windows


def test_lanes_name_each_probe_with_its_settings() -> None:
    fig = figure(_doc("seed_skeleton", "seed_db_outage", 300))
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[:3] == ["container", "Started", "pod Ready"]
    assert labels[3].startswith("startup /livez") and "fail x30" in labels[3]
    assert labels[4].startswith("liveness /livez")
    assert labels[5].startswith("readiness /readyz") and "succeed x2" in labels[5]
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "db down 60-150 s" in texts and "HTTP 503" in texts


def test_kills_and_the_stall_timeout_are_labelled() -> None:
    unified = figure(_doc("seed_unified_healthz", "seed_db_outage", 300))
    assert "liveness kill" in [t.get_text() for t in unified.axes[0].texts]
    stall = figure(_doc("seed_skeleton", "seed_event_loop_stall", 60, phase=0.5))
    assert "timeout after 1 s" in [t.get_text() for t in stall.axes[0].texts]


# -- bad input ---------------------------------------------------------------------------------

BAD_DOCS = {
    "not-json": ("{", "not JSON"),
    "not-an-object": ("[1, 2]", "document: must be a JSON object"),
    "schema": ('{"kubesim": 2}', "schema version 2 is not 1"),
    "no-run": ('{"kubesim": 1}', "run: missing"),
    "bad-result": (None, "probes[0].result: must be one of success"),
    "missing-field": (None, "containers[0].running_at: required field is missing"),
    "bad-window": (None, "run.windows[0]"),
    "bad-termination": (None, "termination: must be an object or null"),
    "bad-sigterm": (None, "termination.containers[0].sigterm_at: must be a finite number"),
}


@pytest.mark.parametrize("case", sorted(BAD_DOCS))
def test_a_bad_result_file_is_one_line_exit_2(capsys, tmp_path, case) -> None:
    text, needle = BAD_DOCS[case]
    if text is None:
        doc = _doc("seed_skeleton", "seed_db_outage", 30)
        if case == "bad-result":
            doc["probes"][0]["result"] = "maybe"
        elif case == "missing-field":
            del doc["containers"][0]["running_at"]
        elif case == "bad-termination":  # found by the CLI fuzzer: a bare `true` crashed plot
            doc["termination"] = True
        elif case == "bad-sigterm":
            doc["termination"] = {"requested_at": 5, "grace_seconds": 30,
                                  "containers": [{"sigterm_at": "soon", "sigkill": False}]}
        else:
            doc["run"]["windows"] = [{"start": 1, "end": "later", "label": "x"}]
        text = json.dumps(doc)
    path = tmp_path / "result.json"
    path.write_text(text)
    err = one_line_error(*cli(capsys, "plot", str(path), "-o", str(tmp_path / "x.png")))
    assert str(path) in err and needle in err, err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("command", ["plot", "run"])
@pytest.mark.parametrize("target, needle", [("x.svg", "FILE.png"),
                                            ("nodir/x.png", "no such directory"),
                                            (".", "FILE.png")])
def test_a_bad_picture_path_is_one_line_exit_2(capsys, monkeypatch, tmp_path, command,
                                               target, needle) -> None:
    monkeypatch.chdir(tmp_path)
    result = tmp_path / "r.json"
    result.write_text(json.dumps(_doc("seed_skeleton", "seed_db_outage", 30)))
    spec = str(SPECS / "seed_skeleton.yaml")
    argv = ["plot", str(result), "-o", target] if command == "plot" else [
        "run", spec, "--plot", target]
    err = one_line_error(*cli(capsys, *argv))
    assert needle in err


def test_missing_result_file(capsys, tmp_path) -> None:
    err = one_line_error(*cli(capsys, "plot", str(tmp_path / "nope.json"), "-o",
                              str(tmp_path / "x.png")))
    assert "nope.json: no such file" in err


# -- without matplotlib ------------------------------------------------------------------------

@pytest.fixture
def no_matplotlib(monkeypatch):
    """Make every `import matplotlib...` fail, as if the extra were not installed."""
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)


def test_kubesim_runs_without_matplotlib(no_matplotlib, capsys, monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    code, out, err = cli(capsys, "run", "probe_specs/seed_skeleton.yaml", "--scenario",
                         "traces/seed_db_outage.scenario.yaml", "--duration", "300",
                         "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out)["run"]["windows"]  # the document is complete all the same


@pytest.mark.parametrize("command", ["run", "plot"])
def test_a_picture_without_matplotlib_says_how_to_install_it(no_matplotlib, capsys, tmp_path,
                                                             command) -> None:
    result = tmp_path / "r.json"
    result.write_text("{}")
    argv = ["plot", str(result), "-o", str(tmp_path / "x.png")] if command == "plot" else [
        "run", str(SPECS / "seed_skeleton.yaml"), "--plot", str(tmp_path / "x.png")]
    err = one_line_error(*cli(capsys, *argv))
    assert INSTALL_HINT in err and "matplotlib" in err
    assert not (tmp_path / "x.png").exists()


def test_importing_and_running_kubesim_never_imports_matplotlib() -> None:
    code = ("import sys; from kubesim.cli.main import main; "
            "rc = main(['run', 'probe_specs/seed_skeleton.yaml', '--duration', '20']); "
            "assert rc == 0; assert 'matplotlib' not in sys.modules, 'matplotlib imported'")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr


# -- the committed example pictures ------------------------------------------------------------

def test_the_documented_example_pictures_exist_at_the_fixed_size() -> None:
    page = (DOCS / "seed-cases.md").read_text()
    section = page[page.index("## The pictures"):page.index("## Notebooks")]
    pictures = re.findall(r"\]\(([\w.-]+\.png)\)", section)  # beside the page, in docs/
    assert len(pictures) >= 5
    for name in pictures:
        assert png_size((DOCS / name).read_bytes()) == SIZE, name
        assert f"--plot docs/{name}" in section, f"{name}: no documented command regenerates it"


def test_a_deleted_pod_shows_its_termination(tmp_path) -> None:
    """R1.30-R1.35, R4.5 in the picture: the deletion line, the preStop bar and the SIGTERM
    tick are drawn in the termination colours, where the document says."""
    from kubesim import Scenario
    from kubesim.render.plot import DELETE_COLOUR, PRE_STOP_COLOUR

    manifest = (Path(__file__).resolve().parent.parent / "examples" / "seed-app" /
                "deployment.yaml").read_text()
    spec = tmp_path / "d.yaml"
    spec.write_text(manifest.replace("          readinessProbe:", "          lifecycle:\n"
                                     "            preStop: {sleep: {seconds: 5}}\n"
                                     "          readinessProbe:", 1))
    pod = load_spec(str(spec))
    deleted = Scenario.from_dict({"delete": {"at": 40, "grace_seconds": 20}})
    doc = to_document(simulate(pod, deleted, duration=80), meta=plot_meta(pod, deleted, 80))
    term = doc["termination"]
    assert term["requested_at"] == 40 and term["containers"][0]["pre_stop_end"] == \
        pytest.approx(term["containers"][0]["pre_stop_start"] + 5)
    fig = figure(doc)
    ax = fig.axes[0]
    lines = [ln for ln in ax.get_lines() if ln.get_color() == DELETE_COLOUR]
    assert any(list(ln.get_xdata()) == [40, 40] for ln in lines)  # the deletion, every lane
    bars = [c for c in ax.collections if hasattr(c, "get_paths") and len(c.get_facecolor())
            and tuple(round(v, 3) for v in c.get_facecolor()[0][:3]) ==
            tuple(round(int(PRE_STOP_COLOUR[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))]
    assert bars, "no preStop bar"
    quiet = to_document(simulate(pod, duration=80))
    assert quiet.get("termination") is None
    assert render_png(doc) != render_png({**doc, "termination": None})


def test_a_pod_of_several_containers_gets_a_lane_group_per_container(tmp_path) -> None:
    """`run --plot` of a multi-container pod draws the whole pod: the pod's Ready and phase
    on top, then per container its instances and one lane per probe it declares; a whole-pod
    kill's SIGTERM ticks sit on the stopped containers' lanes (R4.20, R4.21)."""
    from kubesim import Scenario
    from kubesim.render.plot import DELETE_COLOUR

    pod = load_spec(str(REPO / "tests" / "manifests" / "pod-sidecar.yaml"))
    sc = Scenario.from_dict({"exit": {"after_seconds": 30, "code": 0, "container": "app"}})
    job = pod  # restartPolicy Never: app's completion stops the proxy (R4.20)
    tl = simulate(job, sc, duration=60, whole_pod=True)
    doc = to_document(tl, meta={**plot_meta(job, sc, 60),
                                "pod_containers": [c.name for c in job.containers]})
    fig = figure(doc)
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[0] == "pod Ready, phase"
    groups = [lb for lb in labels if lb.startswith("container ")]
    assert groups == ["container migrate", "container proxy", "container app"]
    proxy = labels.index("container proxy")
    assert labels[proxy + 1].startswith("startup /healthz/ready")
    assert labels[proxy + 2].startswith("liveness tcp:15000")
    assert any(lb.startswith("readiness exec:") for lb in labels[labels.index("container app"):])
    assert "Succeeded" in [t.get_text() for t in fig.axes[0].texts]
    ticks = [c for c in fig.axes[0].collections if len(c.get_offsets())
             and c.get_offsets()[0][1] == labels.index("container proxy")
             and tuple(round(v, 3) for v in c.get_facecolor()[0][:3]) ==
             tuple(round(int(DELETE_COLOUR[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))]
    assert ticks, "no SIGTERM tick on the proxy's lane"
    assert png_size(render_png(doc))[1] > SIZE[1]  # taller: more lanes
    # a single container keeps the one-container picture
    assert png_size(render_png(to_document(tl.narrowed("app"), meta=plot_meta(
        job, sc, 60)))) == SIZE


def test_a_pod_never_ready_is_drawn_without_a_gap(tmp_path) -> None:
    """A run whose pod never becomes Ready (its database down for the whole run): no Ready
    band and no NOT Ready gap to label (a gap is a stretch after Ready), and the picture is
    drawn (the fuzz suite found `kubesim plot` failing on such a document)."""
    pod = load_spec(str(SPECS / "seed_skeleton.yaml"))
    raw = yaml.safe_load((TRACES / "seed_db_outage.scenario.yaml").read_text())
    raw["dependencies"]["db"]["down"] = [{"from": 0, "to": 1000}]
    behaviour = Scenario.from_dict(raw)
    tl = simulate(pod, behaviour, duration=120, seed=0)
    doc = json.loads(json.dumps(to_document(tl, meta=plot_meta(pod, behaviour, 120))))
    assert not any(change["ready"] for change in doc["ready"]), doc["ready"]
    fig = figure(doc)
    assert "NOT Ready" not in " ".join(t.get_text() for t in fig.axes[0].texts)
    assert png_size(render_png(doc)) == SIZE
