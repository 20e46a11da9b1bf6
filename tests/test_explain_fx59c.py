"""Two shapes of what people paste (stop 59, fx59c).

A Killing row whose message the paste cuts inside the kubelet's words of a kill for a changed
spec (`Container bookie definition cha`, milvus-38426): computePodActions writes `Container
NAME definition changed, will be restarted` (R4.1: a changed spec always restarts), and no other
Killing message of the kubelet's goes on `Container NAME def`, so the row is that kill of NAME,
cut: the kill is the container's (a kill shown), and as the pod's last row it cuts the rows
(readers/spec_kill.py; the README's rule of a Killing message cut inside its words).

A describe that starts inside a container's fields (their name cut away above them) and shows
the pod's ContainersReady False while every container it shows is `Ready: True` holds a
container it does not show, not ready: the kubelet lists each container not ready in that
condition (pkg/kubelet/status/generate.go), so the answer is the pod's and its kills are open
(falco-3155; readers/unseen_unready.py; the README's rule of a container the record does not
show). Near variants stay as they were: a whole message, two letters of `definition`, another
word; a container shown not ready, ContainersReady True (a readiness gate), no ContainersReady
row, a record that names the containers it shows.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import kill_bounds, read_in_one_pass

from kubesim.cli.main import main
from kubesim.explain.messages import KillCause, cut_short, kill_of
from kubesim.explain.readers.spec_kill import spec_kill_cut


def _explain(tmp_path: Path, text: str, *extra: str) -> dict[str, Any]:
    record = tmp_path / "r.txt"
    record.write_text(text)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["explain", str(record), "--format", "json", "--no-suggest", "--phases",
                     "1", *extra])
    assert code == 0
    doc: dict[str, Any] = json.loads(out.getvalue())
    return doc


def _facts(answer: dict[str, Any]) -> tuple[str, list[str], dict[str, Any], bool]:
    return (answer["cause"], answer["failed"], kill_bounds(answer["probe_kills"]),
            answer["shows_failures"])


# ------------------------------------------------ a spec change's kill cut inside its words

@pytest.mark.parametrize("message", [
    "Container bookie definition cha",
    "Container bookie def",
    "Container bookie definition changed",
    "Container bookie definition changed, will be re",
    "  Container bookie definition changed, will  ",  # (spaces around it: stripped)
])
def test_a_spec_kill_cut_inside_its_words_is_that_kill_of_its_container(message: str) -> None:
    """R4.1's kill for a changed spec, its message cut: the container's, and a cut row."""
    assert spec_kill_cut(message) == "bookie"
    assert kill_of(message)[:2] == (KillCause.SPEC_CHANGE, "bookie")
    assert cut_short(message)


@pytest.mark.parametrize("message", [
    "Container bookie definition changed, will be restarted",  # whole: no cut
    "Container bookie de",  # two letters: too few to tell
    "Container bookie defaulted to the first container",  # another word
    "Container bookie failed liveness probe, will be restarted",
    "Init container bookie definition cha",  # the kubelet writes none so
    "Container bookie definition changed, will be restarted soon",  # words after the end
    "the Container bookie definition cha",
])
def test_other_messages_are_no_cut_spec_kill(message: str) -> None:
    assert spec_kill_cut(message) is None


def test_the_whole_spec_kill_is_read_as_before() -> None:
    whole = "Container bookie definition changed, will be restarted"
    assert kill_of(whole) == (KillCause.SPEC_CHANGE, "bookie", True)
    assert not cut_short(whole)


_ROWS = (
    "```\n"
    "  Normal   Scheduled  48m   default-scheduler  Successfully assigned ns/web-0 to node-1\n"
    '  Normal   Pulled     48m   kubelet            Container image "x:1" already present on '
    "machine\n"
    "  Normal   Created    48m   kubelet            Created container app\n"
    "  Normal   Started    48m   kubelet            Started container app\n"
    "  Normal   Killing    33m   kubelet            Container app {}\n"
)


def test_describe_rows_ending_inside_a_spec_kill_give_the_kill_to_its_container(
        tmp_path: Path) -> None:
    """milvus-38426's shape: the kill is app's (a kill shown, no probe's: cannot-tell), the
    rows are cut there, and the Started row of count 1 (one container started, whatever
    follows the cut: the README's counting rules) leaves no probe kill."""
    doc = _explain(tmp_path, _ROWS.format("definition cha"))
    [c] = doc["containers"]
    assert c["name"] == "app"
    assert _facts(c["answer"]) == ("cannot-tell", [], {"min": 0, "max": 0}, True)
    assert not any("naming no container" in f["text"] for f in doc["findings"])
    assert any("a kill for a changed spec" in n["text"] for n in doc["notes"])


def test_describe_rows_ending_with_the_whole_spec_kill_are_not_cut(tmp_path: Path) -> None:
    doc = _explain(tmp_path, _ROWS.format("definition changed, will be restarted") + "```\n")
    [c] = doc["containers"]
    assert _facts(c["answer"]) == ("cannot-tell", [], {"min": 0, "max": 0}, True)
    assert not any("a kill for a changed spec" in n["text"] for n in doc["notes"])


def test_other_words_after_the_container_stay_a_kill_of_no_stated_cause(tmp_path: Path) -> None:
    """Other words after the container (`defaulted`) are no spec kill: a kill whose message
    tells no cause, which may be a probe's (R4.4), as before; the rows are not cut there."""
    doc = _explain(tmp_path, _ROWS.format("defaulted"))
    [c] = doc["containers"]
    assert kill_bounds(c["answer"]["probe_kills"]) == {"min": 0, "max": 1}
    assert not any("a kill for a changed spec" in n["text"] for n in doc["notes"])


# ------------------------------------------------ a container the record does not show

_PIECE = (
    "    Image:         docker.io/library/sidecar:1.0\n"
    "    Port:          <none>\n"
    "    State:          Running\n"
    "      Started:      Fri, 05 Apr 2024 11:31:53 +0000\n"
    "    Ready:          {ready}\n"
    "    Restart Count:  0\n"
    "    Environment:    <none>\n"
    "Conditions:\n"
    "  Type              Status\n"
    "  Initialized       True\n"
    "  Ready             False\n"
    "{containers_ready}"
    "  PodScheduled      True\n"
    "Volumes:\n"
    "  data:\n"
    "    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)\n"
)


def test_a_piece_with_containers_ready_false_beside_ready_fields_is_the_pod_s(
        tmp_path: Path) -> None:
    """falco-3155's shape: the fields shown are Ready, the pod's ContainersReady False: a
    container not shown is not ready (generate.go), its kills not in the record."""
    doc = _explain(tmp_path, _PIECE.format(ready="True",
                                           containers_ready="  ContainersReady   False\n"))
    assert doc["answer"] is not None
    assert _facts(doc["answer"]) == ("cannot-tell", [], {"min": 0, "max": None}, False)
    assert any("a container the record does not show" in f["text"] for f in doc["findings"])
    assert any("beside another not ready" in n["text"] for n in doc["notes"])
    [c] = doc["containers"]
    assert kill_bounds(c["answer"]["probe_kills"]) == {"min": 0, "max": 0}


@pytest.mark.parametrize(("ready", "containers_ready"), [
    ("False", "  ContainersReady   False\n"),  # the container shown may be the one not ready
    ("True", "  ContainersReady   True\n"),  # the pod held out by a readiness gate, R3.7
    ("True", ""),  # no ContainersReady row: the pod's Ready alone may be a gate's
])
def test_near_pieces_show_no_container_cut_away(tmp_path: Path, ready: str,
                                                containers_ready: str) -> None:
    doc = _explain(tmp_path, _PIECE.format(ready=ready, containers_ready=containers_ready))
    assert doc["answer"] is None
    assert not any("a container the record does not show" in f["text"]
                   for f in doc["findings"])


def test_a_describe_naming_its_containers_shows_none_cut_away(tmp_path: Path) -> None:
    """The pod's Name and the container's name above the fields: nothing is cut above them."""
    named = "Name:         web-0\nContainers:\n  app:\n" + _PIECE.format(
        ready="True", containers_ready="  ContainersReady   False\n")
    doc = _explain(tmp_path, named)
    assert doc["answer"] is None
    [c] = doc["containers"]
    assert c["name"] == "app"


# ------------------------------------------------ hostile lines, read in one pass

@pytest.mark.parametrize("line", [
    "Container " + "a" * 2_000_000 + " def",
    "Container a def" + " " * 2_000_000 + "X",
    "Container a " + "def," * 500_000 + "!",
    "  Normal   Killing    33m   kubelet            Container a def" + "a b," * 500_000,
])
def test_a_hostile_line_is_read_in_one_pass(line: str) -> None:
    spec_kill_cut(line)
    cut_short(line)
    read_in_one_pass(line)
    read_in_one_pass("```\n" + line + "\n")
