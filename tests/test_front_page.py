"""The front page (README.md) is short and true: at most 250 lines, the two set-up commands first
(the ones .ci/run executes), every `$ kubesim ...` example what the command prints today (whole,
or the lines shown in order where `...` marks what is left out), and the MCP client configuration
the one docs/mcp.md gives (which tests/test_mcp.py starts). The manual's `$ kubesim ...` examples
(```text blocks in docs/) are held to the same."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from kubesim.cli.main import main

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def _examples(text: str) -> list[tuple[str, list[str]]]:
    out = []
    for kind, body in FENCE.findall(text):
        lines = body.rstrip("\n").split("\n")
        if kind == "text" and lines[0].startswith("$ kubesim "):
            out.append((lines[0][2:], lines[1:]))
    return out


EXAMPLES = _examples(README)
MANUAL = [(page.name, command, shown) for page in sorted((REPO / "docs").rglob("*.md"))
          for command, shown in _examples(page.read_text(encoding="utf-8"))]


def test_the_front_page_is_short_and_opens_with_the_two_commands():
    assert len(README.splitlines()) <= 250
    first_kind, first = FENCE.findall(README)[0]
    commands = first.rstrip("\n").split("\n")
    assert first_kind == "sh" and len(commands) == 2  # what .ci/run executes, line by line
    assert commands[0].startswith("python3 -m venv .venv && . .venv/bin/activate && "
                                  "pip install -e . && kubesim run ")
    assert commands[1] == "pip install -e '.[test]' && python -m pytest"
    assert README.index("```sh") < README.index("\n## ")


def test_the_front_page_shows_a_check_an_explanation_and_a_fleet():
    shown = [shlex.split(command)[1] for command, _ in EXAMPLES]
    assert {"check", "windows", "explain", "fleet"} <= set(shown)
    assert len(EXAMPLES) >= 6


def _segments(lines: list[str]) -> list[list[str]]:
    """The shown lines split where `...` leaves some out."""
    out: list[list[str]] = [[]]
    for line in lines:
        if line == "...":
            out.append([])
        else:
            out[-1].append(line)
    return [s for s in out if s]


@pytest.mark.parametrize("command,shown", EXAMPLES, ids=[c[:60] for c, _ in EXAMPLES])
def test_every_example_is_what_the_command_prints(capsys, monkeypatch, command, shown):
    _prints(capsys, monkeypatch, command, shown)


@pytest.mark.parametrize("page,command,shown", MANUAL, ids=[f"{p}:{c[:50]}" for p, c, _ in MANUAL])
def test_every_example_of_the_manual_is_what_the_command_prints(capsys, monkeypatch, page,
                                                               command, shown):
    _prints(capsys, monkeypatch, command, shown)


def test_the_manual_has_examples_to_check():
    assert len(MANUAL) >= 5


def _prints(capsys, monkeypatch, command: str, shown: list[str]) -> None:
    monkeypatch.chdir(REPO)
    argv = shlex.split(command)
    assert argv[0] == "kubesim"
    if "--plot" in argv:  # the committed picture is the picture tests' to regenerate
        at = argv.index("--plot")
        argv = argv[:at] + argv[at + 2:]
    code = main(argv[1:])
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    printed = out.rstrip("\n").split("\n")
    if "..." not in shown:
        assert printed == shown
        return
    at = 0
    for segment in _segments(shown):
        for start in range(at, len(printed) - len(segment) + 1):
            if printed[start:start + len(segment)] == segment:
                at = start + len(segment)
                break
        else:
            pytest.fail(f"not printed (in this order): {segment}")


def test_the_mcp_configuration_is_the_one_of_its_page():
    page = (REPO / "docs" / "mcp.md").read_text(encoding="utf-8")
    ours = [json.loads(b) for k, b in FENCE.findall(README) if k == "json"]
    theirs = [json.loads(b) for k, b in FENCE.findall(page) if k == "json"]
    assert ours and ours[0] == theirs[0] and "kubesim" in ours[0]["mcpServers"]
