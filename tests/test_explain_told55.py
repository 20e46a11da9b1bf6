"""Stop 55 (told55): a kill or a failure the author's prose states is no line of the record.

The prose readers (runs.py, stated_kill.kill_lines) read a sentence as the kubelet's lines of
the failure and the kill it states, so that the message readers read it; those lines are a
reader's, not the record's. Every output says so (model.provenance, the one place that
decides): the timeline item and the restarts line say where the prose states it, not the made
message, and not `recorded by the kubelet`; the JSON's kills and streaks carry `provenance`
and `stated_line` beside the keys they had. A record of the kubelet's own rows beside it keeps
`recorded by the kubelet` and its Killing row's message.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from kubesim.cli.main import main

# the author's prose alone: a liveness kill stated on line 2
PROSE = "Our api pod keeps restarting.\nOur api pod was crash-looping: the liveness probe killed it.\n"
# the kubelet's own rows of a liveness failure and its kill (describe's Events table)
EVENTS = (
    "Events:\n"
    "  Type     Reason     Age              From     Message\n"
    "  ----     ------     ----             ----     -------\n"
    "  Warning  Unhealthy  2m (x3 over 2m)  kubelet  Liveness probe failed: HTTP probe failed "
    "with statuscode: 500\n"
    "  Normal   Killing    2m               kubelet  Container api failed liveness probe, will be "
    "restarted\n")
KUBELET_KILL = "Container api failed liveness probe, will be restarted"
MADE = "docker://..."  # the made kill line's container id (stated_kill.kill_lines)


def _explain(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, *args: str) -> str:
    record = tmp_path / "r.txt"
    record.write_text(text)
    assert main(["explain", "--no-suggest", "--phases", "1", *args, str(record)]) == 0
    return capsys.readouterr().out


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_text_says_the_prose_states_the_kill(tmp_path, capsys):
    out = _flat(_explain(tmp_path, capsys, PROSE))
    assert "stated in the author's prose (line 2): a liveness kill" in out
    assert "1 kill stated in the author's prose (line 2)" in out
    assert "stated in the author's prose (line 2): the liveness probe failed" in out
    assert MADE not in out
    assert "recorded by the kubelet" not in out
    assert "Killing 1/1" not in out
    real = _flat(_explain(tmp_path, capsys, EVENTS))  # beside it, the kubelet's own rows
    assert f"1 kill recorded by the kubelet (Killing: {KUBELET_KILL})" in real
    assert f"Killing 1/1 (liveness): {KUBELET_KILL}" in real
    assert "author's prose" not in real



def test_stated_failure_tells_no_handler(tmp_path, capsys):
    """The made failure line has no output, which would read as an exec probe's command
    failing: the prose states the failure, not how it failed."""
    out = _flat(_explain(tmp_path, capsys, PROSE))
    assert "its author's prose states the liveness probe's failure, not its output" in out
    assert "handler from an exec probe (the command is not in the record)" not in out
    assert "(the command failing)" not in out


def test_json_carries_the_provenance(tmp_path, capsys):
    [prose] = json.loads(_explain(tmp_path, capsys, PROSE, "--format", "json"))["containers"]
    [kill] = prose["kills"]
    assert (kill["provenance"], kill["stated_line"]) == ("stated", 2)
    assert "message" in kill and "evidence" in kill  # the keys it had, kept
    assert MADE not in json.dumps(kill["evidence"]) + json.dumps(prose["restarts"])
    assert prose["restarts"][0]["detail"] == "1 kill stated in the author's prose (line 2)"
    assert [(s["provenance"], s["stated_line"]) for s in prose["streaks"]] == [("stated", 2)]
    [real] = json.loads(_explain(tmp_path, capsys, EVENTS, "--format", "json"))["containers"]
    assert [(k["provenance"], k["stated_line"], k["message"]) for k in real["kills"]] == \
        [("recorded", None, KUBELET_KILL)]
    assert [(s["provenance"], s["stated_line"]) for s in real["streaks"]] == [("recorded", None)]
    assert real["restarts"][0]["detail"].startswith("1 kill recorded by the kubelet (Killing: ")


def _page(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> str:
    page = tmp_path / "r.html"
    _explain(tmp_path, capsys, text, "--html", str(page))
    return html.unescape(page.read_text()).replace("\\u0027", "'")


def test_html_says_the_prose_states_the_kill(tmp_path, capsys):
    prose = _page(tmp_path, capsys, PROSE)
    assert "stated in the author's prose (line 2): a liveness kill" in prose
    assert "1 kill stated in the author's prose (line 2)" in prose
    assert "Killing 1/1" not in prose
    real = _page(tmp_path, capsys, EVENTS)
    assert f"Killing 1/1 (liveness): {KUBELET_KILL}" in real
    assert "1 kill recorded by the kubelet" in real
    assert "author's prose" not in real
