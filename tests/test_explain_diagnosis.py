"""The diagnosis is decided once and rendered as it is (issue 30, item 3): one typed record
per container (`answer` in the JSON) that the text, the HTML page's data and `kubesim mcp`'s
summary print without deciding anything of their own; "a probe change would have prevented
it" only when the replay reproduces the kills, and then with the change; OOMKilled wherever
it appears; an exit weighed against the earliest kill the probes could have made; "cannot
tell" is an answer, with its reason."""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from helpers import cli as kubesim
from helpers import kill_bounds
from test_html import browse, console, needs_browser

from kubesim.cli.main import main
from kubesim.cli.mcp_tools import SUMMARIES
from kubesim.render.explain_formats import answer_lines
from kubesim.render.packed import unpack

DATA = Path(__file__).resolve().parent / "data" / "explain"
REAL = DATA / "real"
TRIVY = str(DATA / "02-trivy-dojo-operator-pr24.describe.txt")


def answer(capsys: Any, *argv: str) -> dict[str, Any]:
    code, out, err = kubesim(capsys, "explain", *argv, "--format", "json")
    assert code == 0, err
    (c,) = json.loads(out)["containers"]
    return c


def test_a_probe_change_prevents_it_only_when_the_replay_shows_it_and_with_the_change(capsys):
    """trivy's liveness probe asks a path that does not exist; the replay reproduces the
    kills, and with a hang caught within 120 s suggest's change is confirmed: yes, with it."""
    c = answer(capsys, TRIVY, "--expect", "hang-within=120")
    assert c["replay"]["verdict"] == "reproduced"
    p = c["answer"]["prevention"]
    assert p["answer"] == "yes" and p["change"] == c["prevention"]["summary"]
    assert p["change"] and all(j["met"] for j in c["prevention"]["after"])
    # without suggest there is no change to show: cannot tell, and why
    c = answer(capsys, TRIVY, "--no-suggest")
    assert c["answer"]["prevention"] == {"answer": "cannot-tell",
                                         "reason": "not asked (--no-suggest)", "change": None}


def test_no_probe_change_prevents_an_oom_kill(capsys):
    """OOMKilled under State (the current state), exit code 137 after 10 s, restartCount 5,
    a liveness probe that cannot kill before 20 s: the kernel's kill, not a probe's."""
    c = answer(capsys, str(REAL / "starburst-terraform-1.state-oomkilled.txt"))
    a = c["answer"]
    assert (a["cause"], a["kind"], a["probe"]) == ("oom-killed", "oom", None)
    assert kill_bounds(a["probe_kills"]) == {"min": 0, "max": 0}
    assert a["prevention"]["answer"] == "no"


_INIT_CRASHLOOP = (
    "Name:         web-5d9c7\nNamespace:    default\nStatus:       Pending\n"
    "Init Containers:\n  wait-db:\n    Image:          busybox\n"
    "    State:          {state}\n      Reason:       {reason}\n"
    "    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    1\n"
    "    Ready:          False\n    Restart Count:  4\n"
    "Containers:\n  web:\n    Image:          nginx\n    State:          Waiting\n"
    "      Reason:       PodInitializing\n    Ready:          False\n    Restart Count:  0\n"
    "    Liveness:       http-get http://:80/ delay=0s timeout=1s period=10s #success=1 "
    "#failure=3\n")


def test_an_app_container_waiting_on_a_failed_init_container_has_not_started(capsys, tmp_path):
    """`Init:CrashLoopBackOff`: the app container waits (PodInitializing, restartCount 0)
    while a plain init container exits 1 again and again. The app containers start only once
    every init container has completed (R4.24, R4.23): nothing ended `web`, no probe killed
    it, and no probe change lets it start (a plain init container has no probe, R5.9). The
    init container is explained beside it; once it completed, it holds nothing up."""
    path = tmp_path / "init.txt"
    path.write_text(_INIT_CRASHLOOP.format(state="Waiting", reason="CrashLoopBackOff"))
    code, out, err = kubesim(capsys, "explain", str(path), "--format", "json", "--no-suggest")
    assert code == 0, err
    got = {c["name"]: c for c in json.loads(out)["containers"]}
    assert [got[n]["role"] for n in ("wait-db", "web")] == ["init container", "container"]
    web = got["web"]["answer"]
    assert (web["cause"], web["kind"]) == ("cannot-tell", "waits-on-init")
    assert "it waits on init container wait-db (waiting: CrashLoopBackOff" in web["text"]
    assert kill_bounds(web["probe_kills"]) == {"min": 0, "max": 0} and web["prevention"]["answer"] == "no"
    assert got["wait-db"]["answer"]["cause"] == "app-exit"
    path.write_text(_INIT_CRASHLOOP.format(state="Terminated", reason="Completed"))
    code, out, err = kubesim(capsys, "explain", str(path), "--format", "json", "--no-suggest")
    assert code == 0, err
    kinds = {c["name"]: c["answer"]["kind"] for c in json.loads(out)["containers"]}
    assert kinds["web"] != "waits-on-init", kinds


_TWO_BLOCKS = (
    "Name:         web-1\nNamespace:    default\nStatus:       Running\n"
    "{section}:\n  proxy:\n    Image:          envoy\n    State:          Running\n"
    "    Ready:          False\n    Restart Count:  3\n"
    "    Liveness:       http-get http://:9901/ready delay=0s timeout=1s period=10s "
    "#success=1 #failure=3\n"
    "{second}  web:\n    Image:          nginx\n    State:          Running\n"
    "    Ready:          True\n    Restart Count:  {web_restarts}\n"
    "Events:\n  Type     Reason     Age               From     Message\n"
    "  ----     ------     ----              ----     -------\n"
    "  Warning  Unhealthy  10s (x9 over 5m)  kubelet  Liveness probe failed: HTTP probe failed "
    "with statuscode: 503\n"
    "  Normal   Killing    40s (x3 over 4m)  kubelet  {prefix} proxy failed liveness probe, will "
    "be restarted\n")


@pytest.mark.parametrize(("section", "second", "prefix", "role"), [
    ("Init Containers", "Containers:\n", "Init container", "sidecar"),
    ("Containers", "", "Container", "container"),
])
def test_a_whole_block_without_probes_owns_no_probe_failure(capsys, tmp_path, section, second,
                                                             prefix, role):
    """describe lists every probe a container has (R5.9 forbids them on a plain init
    container, so an init container with one is a sidecar): the Unhealthy rows, which name no
    container, are the one prober's, not "cannot tell which container" because `web`, whose
    whole block shows no probe, might have one."""
    path = tmp_path / "two.txt"
    path.write_text(_TWO_BLOCKS.format(section=section, second=second, prefix=prefix,
                                       web_restarts=0))
    c = answer(capsys, str(path), "--no-suggest")
    assert (c["name"], c["role"]) == ("proxy", role)
    assert (c["answer"]["cause"], kill_bounds(c["answer"]["probe_kills"])) == (
        "liveness-kill", {"min": 3, "max": 3})
    assert [s["owner"] for s in c["streaks"]] == ["container"], c["streaks"]


def test_an_exit_before_the_earliest_possible_kill_is_the_apps(capsys, tmp_path):
    """A liveness probe with initialDelaySeconds 30, period 10 and failureThreshold 3 cannot
    kill before 50 s (R1.7, R1.17); a container that ran 12 s and exited 1 exited by itself;
    one that ran 5 minutes may have been killed (an app exits 1 on SIGTERM as well)."""
    def record(ran: str) -> str:
        path = tmp_path / f"ran-{ran}.txt"
        path.write_text(
            "Name:         web-0\nNamespace:    default\nContainers:\n  web:\n"
            "    State:          Running\n      Started:      Mon, 01 Jan 2024 10:10:00 +0000\n"
            "    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    1\n"
            "      Started:      Mon, 01 Jan 2024 10:00:00 +0000\n"
            f"      Finished:     Mon, 01 Jan 2024 10:{ran} +0000\n"
            "    Ready:          True\n    Restart Count:  1\n"
            "    Liveness:       http-get http://:8080/healthz delay=30s timeout=1s period=10s "
            "#success=1 #failure=3\n")
        return str(path)

    a = answer(capsys, record("00:12"), "--no-suggest")["answer"]
    assert (a["cause"], kill_bounds(a["probe_kills"])) == ("app-exit", {"min": 0, "max": 0})
    assert "cannot kill before 50 s" in a["text"]
    a = answer(capsys, record("05:00"), "--no-suggest")["answer"]
    assert (a["cause"], kill_bounds(a["probe_kills"])) == ("cannot-tell", {"min": 0, "max": 1})
    assert "cannot tell" in a["text"] and "past the earliest kill" in a["because"]


def test_every_output_prints_the_one_answer(capsys, tmp_path):
    c = answer(capsys, TRIVY, "--no-suggest")
    lines = answer_lines(c["answer"])
    assert lines[0] == c["answer"]["text"] == c["diagnosis"]
    code, out, err = kubesim(capsys, "explain", TRIVY, "--no-suggest")
    flat = " ".join(out.split())
    assert all(" ".join(x.split()) in flat for x in lines)
    code, out, err = kubesim(capsys, "explain", TRIVY, "--no-suggest", "--format", "json")
    summary = SUMMARIES["explain"](json.loads(out), code)
    assert all(x in summary for x in lines)
    page = tmp_path / "e.html"
    code, out, err = kubesim(capsys, "explain", TRIVY, "--no-suggest", "--html", str(page))
    assert code == 0, err
    html = page.read_text()
    assert all(json.dumps(x)[1:-1][:60] in html for x in lines)


@needs_browser
def test_the_page_shows_the_record_apart_from_the_replay_and_the_patch_as_code(capsys, tmp_path):
    """Issue 30 item 6: what the record shows (its table) comes before, and apart from, what
    the model replays; the patch is a YAML code block, its lines as the text prints them."""
    page = tmp_path / "trivy.html"
    code, _, err = kubesim(capsys, "explain", TRIVY, "--expect", "hang-within=120",
                           "--html", str(page))
    assert code == 0, err
    dom, log = browse(page)
    assert not console(log), console(log)
    shows, replays = dom.index(">what the record shows<"), dom.index(">what the model replays")
    assert shows < dom.index('class="record-rows"') < replays < dom.index("<svg", replays)
    assert ">would a probe change have prevented it: yes<" in dom
    patch = re.search(r'<pre class="patch"><code class="language-yaml">(.*?)</code></pre>', dom,
                      re.DOTALL)
    assert patch and "\n  name: " in html.unescape(patch[1]) and "\\n" not in patch[1]


class Explained(NamedTuple):
    """`kubesim explain` of a record with --html: its exit, stdout, stderr, the page, and the
    page as Chromium has drawn it (DOM and log)."""

    code: int
    out: str
    err: str
    page: str
    dom: str
    log: str


@pytest.fixture(scope="module")
def long_record(tmp_path_factory: pytest.TempPathFactory) -> Explained:
    """ingress-nginx #3160's eleven-day record explained once and its page drawn once, for
    the two tests that read them (the replay of eleven days and the browser are most of
    their time: issue 31 item 7)."""
    page = tmp_path_factory.mktemp("long") / "long.html"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["explain", str(REAL / "ingress-nginx-3160.describe-events.txt"),
                     "--no-suggest", "--phases", "1", "--html", str(page)])
    if code != 0:  # the tests say so, with stderr
        return Explained(code, out.getvalue(), err.getvalue(), "", "", "")
    dom, log = browse(page)
    return Explained(code, out.getvalue(), err.getvalue(), page.read_text(), dom, log)


@needs_browser
def test_a_long_record_reads_in_days_and_hours(long_record):
    """A record eleven days long (ingress-nginx #3160: Killing x47 over 11d): its rows and the
    timeline's ticks read `-12 d 00 h`, not -1036800 s."""
    assert long_record.code == 0, long_record.err
    out, log = long_record.out, long_record.log
    assert "-12 d 00 h to -11 d 00 h" in out and "-1036800" not in out
    assert not console(log), console(log)
    ticks = re.findall(r'<text[^>]*text-anchor="middle"[^>]*>([^<]*)</text>',
                       long_record.dom)
    assert any(re.fullmatch(r"-\d+ d \d\d h", t) for t in ticks), ticks


@needs_browser
def test_a_long_record_page_costs_what_can_be_seen(long_record):
    """Issue 31 item 2 on explain's page: the eleven-day record's replay (about 47k failed
    calls, about 6k kills and containers) is drawn with no more SVG elements than there are
    pixel columns on its lanes; where marks are closer than 2 px they are bands that carry
    their exact counts (together with the marks drawn one by one: every failed call, kill and
    container of the run once) and the exact times of their first and last."""
    assert long_record.code == 0, long_record.err
    data = json.loads(re.search(r'id="kubesim-data">(.*?)</script>', long_record.page,
                                re.S)[1])
    run = unpack(data["stories"][0]["run_document"])  # as the page unpacks it
    dom, log = long_record.dom, long_record.log
    assert not console(log), console(log)
    svg = re.search(r'<svg class="tl"[^>]*width="(\d+)"[^>]*>(.*?)</svg>', dom, re.S)
    assert svg, "no timeline"
    width, drawn = int(svg[1]), svg[2]
    lanes = drawn.count('class="lane-label"')
    assert len(re.findall(r"<\w+", drawn)) <= width * lanes
    for probe in ("liveness", "readiness"):
        failed = [p for p in run["probes"] if p["probe"] == probe and p["result"] == "failure"]
        assert len(failed) > width  # denser than the chart can show: the point of the test
        tips = [html.unescape(t) for t in re.findall(
            r'class="probe-bin probe-failure"[^>]*data-tip="([^"]*)"', drawn)
            if html.unescape(t).startswith(f"{probe} FAIL x")]
        counts = [int(re.match(r"\S+ FAIL x(\d+)", t)[1]) for t in tips]
        singles = len(re.findall(rf'class="probe probe-failure" data-tip="{probe} FAIL', drawn))
        assert counts and sum(counts) + singles == len(failed)
        assert f"first at {failed[0]['at']:.3f} s" in tips[0]
        assert f"last at {failed[-1]['at']:.3f} s" in tips[-1]
    kills = [int(n) for n in re.findall(r'class="kill-bin" data-count="(\d+)"', drawn)]
    assert sum(kills) + drawn.count('class="kill"') == len(run["kills"]) > width
    shown = [int(n) for n in re.findall(r'class="container-bin" data-count="(\d+)"', drawn)]
    assert sum(shown) == len(run["containers"]) > width


def test_explain_reads_like_the_rest():
    """Issue 30 item 7: no function of explain's diagnosis side (kubesim/explain outside its
    readers, its renderer and its command) is over 40 lines."""
    import ast

    repo = Path(__file__).resolve().parent.parent / "kubesim"
    files = [p for p in (repo / "explain").glob("*.py")] + [
        repo / "render" / "explain_formats.py", repo / "cli" / "explain.py"]
    long = {}
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > 40:
                    long[f"{path.name}:{node.name}"] = lines
    assert long == {}
    assert len(files) >= 10
