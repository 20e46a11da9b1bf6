"""`kubesim explain` of a `kubectl get pods` paste of a pod of several containers, with no
describe block (issue 30 item 2, honest counting): READY `1/2` says the pod has 2 containers;
the row names none, RESTARTS is the sum of their restartCounts and STATUS is the pod's
(printPod, pkg/printers/internalversion/printers.go). So explain says the pod has 2 containers
it explains together, and that which one restarted, how often each, and which is not ready
cannot be told: in the text, the JSON, the HTML and `kubesim mcp`'s summary, never one
container silently."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli as kubesim
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim import read_record
from kubesim.cli.mcp_tools import SUMMARIES
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.readers.read import parse_record
from kubesim.render.explain_formats import render_text

REPO = Path(__file__).resolve().parent.parent
REAL = REPO / "tests" / "data" / "explain" / "real"
# a real paste: `kubectl get pods` of a pod of two containers, both running, none restarted
TWO_RUNNING = REAL / "lmlphp-10929932.chinese-root-prompt-get-pods-two-containers.txt"
# rows as kubectl 1.22+ prints them (RESTARTS with the last restart's age)
HEADER = "NAME                         READY   STATUS             RESTARTS        AGE\n"
CRASHING = "web-7d4b9c8f6d-x2k9p         1/2     CrashLoopBackOff   14 (2m ago)     47m\n"
QUICK = ("--no-suggest", "--phases", "1")


def _paste(tmp_path: Path, rows: str) -> Path:
    path = tmp_path / "get-pods.txt"
    path.write_text("$ kubectl get pods\n" + HEADER + rows)
    return path


def _run(capsys, *argv: str) -> str:
    code, out, err = kubesim(capsys, "explain", *argv, *QUICK)
    assert code == 0, err
    return out


def _words(text: str) -> str:
    """The text as words (its lines are wrapped at 100 columns)."""
    return " ".join(text.split())


def test_a_row_of_two_containers_is_read_as_two_the_row_does_not_tell_apart(tmp_path):
    [pod] = read_record(str(_paste(tmp_path, CRASHING))).pods
    [c] = pod.containers
    assert (c.name, c.containers, c.ready_containers, c.restart_count) == (None, 2, 1, 14)
    # STATUS is the pod's: which container is in CrashLoopBackOff is not in the row, only
    # that one at least waits out a back-off (R4.7: its ended instance may be a kill)
    assert c.state is None and c.state_reason == "CrashLoopBackOff"


def test_the_text_says_two_containers_and_what_it_cannot_tell_of_each(capsys, tmp_path):
    out = _words(_run(capsys, str(_paste(tmp_path, CRASHING))))
    assert "containers (2, the record names none) (RESTARTS 14, their sum)" in out
    assert "container (unnamed)" not in out  # never one container, silently
    assert "which container restarted, and how often each, cannot be told" in out
    assert "which container is not ready cannot be told" in out
    # the restarts are the pod's: the record shows them (not "no restart")
    assert "shows no probe failure, kill, restart or exit" not in out


def test_json_html_and_mcp_say_it_through_the_diagnosis(capsys, tmp_path):
    path = _paste(tmp_path, CRASHING)
    doc = json.loads(_run(capsys, str(path), "--format", "json"))
    [c] = doc["containers"]
    assert (c["name"], c["containers"], c["restart_count"]) == (None, 2, 14)
    assert "the pod has 2 containers (READY 1/2" in c["answer"]["text"]
    assert c["answer"]["cause"] == "cannot-tell"
    page = tmp_path / "page.html"
    _run(capsys, str(path), "--html", str(page))
    html = page.read_text()
    assert "containers (2, the record names none)" in html
    assert "which container restarted, and how often each, cannot be told" in html
    summary = SUMMARIES["explain"](doc, 0)
    assert "containers (2, the record names none) (RESTARTS 14, their sum):" in summary
    assert "which container restarted" in summary


def test_a_real_paste_of_two_running_containers_says_none_restarted(capsys):
    out = _words(_run(capsys, str(TWO_RUNNING)))
    assert "containers (2, the record names none) (RESTARTS 0, their sum)" in out
    assert "RESTARTS 0 is their sum: none restarted" in out
    assert "not ready cannot be told" not in out  # READY 2/2: both are


@pytest.mark.parametrize(("ready", "total"), [(0, 2), (2, 3), (0, 5)])
def test_any_count_of_containers_is_said(capsys, tmp_path, ready, total):
    row = CRASHING.replace("1/2", f"{ready}/{total}")
    doc = json.loads(_run(capsys, str(_paste(tmp_path, row)), "--format", "json"))
    [c] = doc["containers"]
    assert c["containers"] == total
    assert f"the pod has {total} containers (READY {ready}/{total}" in c["answer"]["text"]


def test_a_row_of_one_container_is_that_container(capsys, tmp_path):
    doc = json.loads(_run(capsys, str(_paste(tmp_path, CRASHING.replace("1/2", "0/1"))),
                          "--format", "json"))
    [c] = doc["containers"]
    assert (c["containers"], c["restart_count"]) == (1, 14)
    assert "the pod has" not in c["answer"]["text"]


def test_beside_a_describe_naming_every_container_the_row_adds_nothing(capsys, tmp_path):
    """A describe of the pod states each container's count (a real paste: web restarted 4
    times, db none): the row's sum of them is dropped, and the named containers explained."""
    describe = (REAL / "coderapp-69437960.flattened-describe-two-containers.txt").read_text()
    path = tmp_path / "both.txt"
    path.write_text("$ kubectl get pods\n" + HEADER
                    + "app-1                        2/2     Running            4 (78s ago)     3m\n"
                    + describe)
    doc = json.loads(_run(capsys, str(path), "--format", "json"))
    assert [(c["name"], c["containers"]) for c in doc["containers"]] == [("web", 1)]
    assert "the pod has 2 containers" not in json.dumps(doc)


STATUSES = ["Running", "CrashLoopBackOff", "Error", "OOMKilled", "Completed", "Pending",
            "NotReady", "Init:0/1", "Terminating"]


@settings(max_examples=40, deadline=None)
@given(total=st.integers(2, 12), ready=st.integers(0, 12), restarts=st.integers(0, 10**6),
       status=st.sampled_from(STATUSES), ago=st.booleans())
def test_every_row_of_several_containers_is_said_to_be_several(total, ready, restarts, status,
                                                              ago):
    """Invariant: a row of READY x/N (N > 1) alone is explained as N containers the record
    names none of, its RESTARTS their sum, never as one container; what cannot be told of
    each is said where they restarted or not all are ready."""
    ready = min(ready, total)
    cell = f"{restarts} (5m ago)" if ago and restarts else str(restarts)
    text = HEADER + f"web-0   {ready}/{total}   {status}   {cell}   47m\n"
    ex = explain_records([parse_record(text, "rows.txt")], ExplainOptions(suggest=False))
    [c] = ex.containers
    assert (c.name, c.containers, c.restart_count) == (None, total, restarts)
    said = _words(render_text(ex))
    assert f"containers ({total}, the record names none) (RESTARTS {restarts}, their sum)" in said
    assert "container (unnamed)" not in said
    assert (("which container restarted, and how often each, cannot be told" in said)
            == (restarts > 0))
    assert ("which container is not ready cannot be told" in said) == (0 < ready < total)


def test_events_naming_one_of_the_containers_do_not_make_the_row_that_one(capsys, tmp_path):
    """`kubectl get pods` (1/2, RESTARTS 14) then `kubectl get events` naming one container
    (app) killed once: the pod's 2 containers are explained together, the record naming only
    app, and 13 of the 14 restarts are not in the events."""
    path = _paste(tmp_path, CRASHING + (
        "$ kubectl get events\n"
        "LAST SEEN   TYPE      REASON      OBJECT                       MESSAGE\n"
        "2m          Warning   Unhealthy   pod/web-7d4b9c8f6d-x2k9p     Liveness probe failed: "
        'Get "http://10.1.2.3:8080/healthz": dial tcp 10.1.2.3:8080: connect: connection '
        "refused\n"
        "2m          Normal    Killing     pod/web-7d4b9c8f6d-x2k9p     Container app failed "
        "liveness probe, will be restarted\n"))
    out = _words(_run(capsys, str(path)))
    assert "containers (2, the record names only app) (RESTARTS 14, their sum)" in out
    assert "the record names only app, in its events, so they are explained together" in out
    assert "RESTARTS is 14, the sum over the pod's 2 containers; the events account for 1" in out
