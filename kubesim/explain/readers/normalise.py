"""Pastes as people make them, made plain line by line before any reader sees them.

A record pasted into an issue or a chat carries what is around it: markdown fences and
emphasis, inline code marks, HTML `<details>`/`<pre>` tags, shell prompts and the command
lines they ran, the box borders of k9s, quote marks, the timestamps a CI console (Jenkins)
puts before every line, and cuts (`<SNIP>`, `...`). `normalise` keeps the line numbering
(line N of the output is line N of the input) and says of each line what it is; the content
lines keep their tabs and their indentation (describe's nesting and the old event tables'
columns depend on them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

__all__ = ["LineKind", "PasteLine", "box_cut", "normalise"]


class LineKind(str, Enum):
    """What a pasted line is, once cleaned."""

    BLANK = "blank"
    MARKUP = "markup"  # a fence, an HTML tag line, a box border, a table rule: no content
    COMMAND = "command"  # a shell prompt and the command it ran (`$ kubectl get events`)
    CUT = "cut"  # where the person cut the paste (`<SNIP>`, `...`)
    CONTENT = "content"


@dataclass(frozen=True, slots=True)
class PasteLine:
    """One line of the paste: its 1-based number, its cleaned text, what it is."""

    number: int
    text: str
    kind: LineKind


# a CI console's prefix: `00:16:07  `, `[2020-05-12T10:00:00.123Z] `, `12:01:02.345 `
_CONSOLE = re.compile(r"^(?:(?:\[\d{4}-\d{2}-\d{2}T[\d:.]+Z?\]|\[?\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\]?)"
                      r"(?:[ \t]{2,}|\t| (?=[ \t]))"
                      # an event viewer's export: `6/11/2020, 17:52:33.000 Liveness probe failed:`
                      r"|\d{1,2}/\d{1,2}/\d{4},? \d{1,2}:\d{2}:\d{2}(?:\.\d{1,6})?(?: ?[AP]M)?[ \t]+)")
_FENCE = re.compile(r"^\s*(?:```|~~~)[\w+-]*\s*$")
_HTML = re.compile(r"^\s*(?:</?(?:details|summary|pre|code|p|br|div|blockquote)\b[^>]*>\s*)+",
                   re.IGNORECASE)
_HTML_END = re.compile(r"(?:\s*</?(?:details|summary|pre|code|p|br|div)\b[^>]*>)+\s*$",
                       re.IGNORECASE)
_BOX_LINE = re.compile(r"^[\s│┃║|┌┐└┘├┤┬┴┼─━═╔╗╚╝╠╣╦╩╬+\-:]*$")
_BOX_LEFT = re.compile(r"^\s*[│┃║]")
_BOX_RIGHT = re.compile(r"\s*[│┃║]\s*$")
_QUOTE = re.compile(r"^(?:> ?)+")
_CUT = re.compile(r"^\s*(?:<\s*snip(?:ped)?\s*>|\[\s*snip(?:ped)?\s*\]|\.{3,}|…|\(\.\.\.\))\s*$",
                  re.IGNORECASE)
# kubectl may be run by path: `/usr/local/bin/kubectl`, and in 2015 issues the repository's
# own `./cluster/kubectl.sh`
_TOOLS = (r"(?:(?:[\w.~-]*/)*kubectl(?:\.sh)?|oc|k|kubecolor|microk8s[ .]kubectl|k3s kubectl"
          r"|minikube kubectl --)")
_PROMPT = re.compile(
    r"^\s*(?:(?:\[[^\]\n]{0,80}\]|[\w.-]{1,64}@[\w.-]{1,64}(?::[^\s$#]{0,120})?|[A-Z]:\\[^>]{0,80}"
    r"|PS [^>]{0,80}|\([\w.-]{1,40}\)|~[^\s$#]{0,80})\s*)?(?:[$#%>❯»]|->|=>|➜\s+\S+)\s+" + _TOOLS
    + r"\s"
    # a `(env)` prompt whose prompt character the page did not keep: `(MoeLove)  kubectl ...`
    r"|^\s*\([\w.-]{1,40}\)\s+" + _TOOLS + r"\s")
_NUMBERED = re.compile(r"^[ \t]*(\d{1,6})\.(?:[ \t]+|$)")
_BARE_COMMAND = re.compile(r"^\s*" + _TOOLS + r"\s+(?:get|describe|logs|-n|--namespace)\b")
_EMPHASIS = re.compile(r"^(\s*)(\*\*|__)(.*?)\2(\s*)$")
_CODE = re.compile(r"^(\s*)`([^`]+)`(\s*)$")
_PIPE_ROW = re.compile(r"^[^|]+(?:\s\|\s[^|]*){2,}$")
_TAB_RULE = re.compile(r"^-{2,}(?:\t-{2,})+$")
_PIPE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+\|?\s*$")


def normalise(text: str) -> list[PasteLine]:
    """Every line of `text`, cleaned and classified; numbering kept."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    console = _console_prefixed(lines)
    if _line_numbered(lines):  # a web page's code block that numbers its lines: `  1. text`
        lines = [_NUMBERED.sub("", x, count=1) for x in lines]
    if _diff_added(lines):  # a review thread's diff hunk: `+  Normal   Killing ...`
        lines = [x[1:] if x.startswith("+") else x for x in lines]
    lines = _uncommented_output(lines)
    return [_line(number, raw, console) for number, raw in enumerate(lines, 1)]


def _line_numbered(lines: list[str]) -> bool:
    """Every non-blank line starts with its number, 1, 2, 3, ... (at least three): the
    numbers are the page's, not the record's."""
    numbers = [_NUMBERED.match(x) for x in lines if x.strip()]
    return len(numbers) >= 3 and all(
        m is not None and int(m[1]) == i for i, m in enumerate(numbers, 1))


_COMMENT = re.compile(r"^[ \t]*# ?")


def _uncommented_output(lines: list[str]) -> list[str]:
    """A command's output that a page prints as shell comments right under the command
    (`kubectl describe pod x | grep -A5 "Last State"` then `#     Last State:     Terminated`):
    the comment marks (`#` and one space) are taken off, the output's own indentation kept.
    Comments above a command, or after a blank line, stay as they are."""
    out = list(lines)
    under_command = False
    for i, line in enumerate(lines):
        if _COMMENT.match(line) and under_command:
            out[i] = _COMMENT.sub("", line, count=1)
        elif not _COMMENT.match(line):
            under_command = bool(_PROMPT.match(line) or _BARE_COMMAND.match(line))
    return out


def _diff_added(lines: list[str]) -> bool:
    """Every non-blank line starts with one `+` (at least three): a diff's added lines, as a
    pull request's review thread quotes a document's example output; the `+` is the diff's."""
    sample = [x for x in lines if x.strip()]
    return len(sample) >= 3 and all(x.startswith("+") and not x.startswith("++") for x in sample)


def box_cut(text: str) -> bool:
    """Whether the text is a box (k9s, a console's border) whose last line lost its right
    border, which every line of the box before it has: the paste was cut inside that line."""
    boxed = [x for x in text.splitlines() if x.strip()]
    if len(boxed) < 3 or not all(_BOX_LEFT.match(x) for x in boxed[-3:]):
        return False
    return all(_BOX_RIGHT.search(x) for x in boxed[-3:-1]) and not _BOX_RIGHT.search(boxed[-1])


def _console_prefixed(lines: list[str]) -> bool:
    """A CI console prints its prefix on (nearly) every line; one such line is not enough."""
    sample = [x for x in lines[:200] if x.strip()]
    hits = sum(1 for x in sample if _CONSOLE.match(x))
    return hits >= 2 and hits * 2 >= len(sample)


def _line(number: int, raw: str, console: bool) -> PasteLine:
    text = raw
    if console:
        text = _CONSOLE.sub("", text, count=1)
    text = _QUOTE.sub("", text) if text.startswith(">") else text
    if not text.strip():
        return PasteLine(number, "", LineKind.BLANK)
    if _FENCE.match(text) or _PIPE_RULE.match(text):
        return PasteLine(number, "", LineKind.MARKUP)
    text = _unwrap(text)
    if not text.strip() or _PIPE_RULE.match(text) or _TAB_RULE.match(text):
        return PasteLine(number, "", LineKind.MARKUP)
    if _CUT.match(text):
        return PasteLine(number, "", LineKind.CUT)
    if _PROMPT.match(text) or _BARE_COMMAND.match(text):
        return PasteLine(number, text.strip(), LineKind.COMMAND)
    if _BOX_LINE.match(text) and any(c in text for c in "│┃║┌┐└┘├┤─━═"):
        return PasteLine(number, "", LineKind.MARKUP)
    return PasteLine(number, text.rstrip(), LineKind.CONTENT)


def _unwrap(text: str) -> str:
    """Take off what surrounds the content: HTML tags, box borders, emphasis, inline code,
    fences glued to the content, and a markdown table's pipes (made tabs)."""
    text = _HTML_END.sub("", _HTML.sub("", text))
    if _BOX_LEFT.match(text):
        text = _BOX_RIGHT.sub("", _BOX_LEFT.sub("", text, count=1))
    elif _BOX_RIGHT.search(text) and not _BOX_LEFT.match(text):
        text = _BOX_RIGHT.sub("", text)
    text = text.removeprefix("```").removesuffix("```")
    m = _EMPHASIS.match(text)
    if m:
        text = m[1] + m[3]
    m = _CODE.match(text)
    if m:
        text = m[1] + m[2]
    elif text.lstrip().startswith("`") != text.rstrip().endswith("`"):  # code over two lines
        text = text.replace("`", "", 1) if text.lstrip().startswith("`") else text.rstrip()[:-1]
    if _PIPE_ROW.match(text.strip()):
        text = "\t".join(cell.strip() for cell in text.strip().strip("|").split(" | "))
    return text.replace("**", "") if text.count("**") >= 2 else text
