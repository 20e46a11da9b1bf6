"""Lines of a record that a web page ran into one line of running text, put back on the lines
kubectl printed them on:

- a `kubectl get pods` table joined to its command's line (a page that lost the code block's
  line breaks): `$ oc get pod test NAME READY STATUS RESTARTS AGE test 0/1 OOMKilled 0 1m`;
- describe's state fields quoted in a sentence, joined by commas or dashes: `describe shows
  Last State: Terminated, Reason: OOMKilled, Exit Code: 137.`, or without the state's key,
  joined by `and` too: `describe says Reason: OOMKilled and Exit Code: 137.`;
- a pod's status YAML run into one line, its keys and list items joined by spaces: `kind:
  Pod ... status: conditions: - type: Ready status: "False" lastTransitionTime: ...` (put
  back one key a line, at column 0, for flattened.py to put back under one another by
  their names);

and a piece of a pod's JSON that `jq` or a jsonpath template printed, put back at the path
its filter names (`kubectl get pod web -o json | jq '.status.containerStatuses[].lastState.
terminated'`, `-o jsonpath='{.status.containerStatuses[*].lastState.terminated}'`, and the
object under it), the lines a page or its reporter elided (`...`) left out.

Only these exact shapes are split (a header followed on the same line by rows of its five
columns; a state followed on the same line by its Reason, a Reason by its Exit Code), and
only they are kept: the text around them on that line (the command, the sentence) is left
out, and the caller says so.
Nothing else is taken out of prose: a guess is never made.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from kubesim.explain.readers.flattened import is_status_key, reindent_status

__all__ = ["Runs", "headless_state", "placed_jq_output", "split_runs"]

_HEADER = re.compile(r"\bNAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\b")
# a row of the five columns: `web-1 0/1 CrashLoopBackOff 3 (30s ago) 6m18s`
_ROW = re.compile(
    r"\s*(?P<row>[a-z0-9][a-z0-9.-]{0,252}\s+\d{1,3}/\d{1,3}\s+[A-Za-z][\w:/-]{0,60}\s+"
    r"\d{1,9}(?:\s+\(\d+[smhdy][\dsmhdy]*\s+ago\))?\s+\d+[smhdy][\dsmhdy]*)(?=\s|$)")
# (each run of spaces ends at a mark or at the next field: two runs side by side would make
# a line of spaces quadratic to search)
_SEP = r"\s*(?:[,;]\s*)?(?:[-\u2013\u2014]\s*)?"
_STATE = re.compile(
    r"\b(?P<key>Last State|State):\s*(?P<state>Terminated|Waiting|Running)" + _SEP
    + r"Reason:\s*(?P<reason>[A-Za-z]{1,60})\b(?:" + _SEP + r"Exit Code:\s*(?P<code>\d{1,3})\b)?")
# a terminated state's Reason and Exit Code quoted in a sentence without the state's key:
# `kubectl describe says Reason: OOMKilled and Exit Code: 137.` (put back one under the
# other, where `headless_state` reads them)
_HEADLESS = re.compile(r"\bReason:\s*(?P<reason>[A-Za-z]{1,60})\b(?:" + _SEP + r"|\s+and\s+)"
                       r"Exit Code:\s*(?P<code>\d{1,3})\b")
# describe's own lines: a paste that has them needs nothing put back
_DESCRIBE_LINE = re.compile(r"^\s*(?:Name|State|Last State|Containers|Reason|Exit Code):")


class Runs(NamedTuple):
    """A text with the runs of its lines put back (`split_runs`)."""

    text: str
    # the (1-based) number of each line that held a run, what it held, and whether text
    # around it was left out
    split: list[tuple[int, str, bool]]
    origins: list[int]  # for each line of `text`, the number of the line it comes from


def split_runs(text: str) -> Runs | None:
    """The text with every run of a pods table or of describe's state fields put back on
    its lines (in place of the line that held it), where each came from and where each line
    comes from (`Runs`); None when no line holds one, or when the text already holds the
    table's header or describe's lines apart (a run would then be a sentence about them, not
    their copy)."""
    lines = text.split("\n")
    header_apart = any(_HEADER.fullmatch(x.strip()) for x in lines)
    # (a line that holds a whole run is the run, not describe's line: `State: Terminated
    # Reason: OOMKilled Exit Code: 137` starts as describe's State line does)
    describe_apart = any(_DESCRIBE_LINE.match(x) and _STATE.search(x) is None for x in lines)
    out: list[str] = []
    origin: list[int] = []
    split: list[tuple[int, str, bool]] = []
    for number, line in enumerate(lines, 1):
        parts, what = None if header_apart else _pods_run(line), "a `get pods` table"
        if parts is None and not describe_apart:
            parts, what = _state_run(line), "describe's state fields"
        if parts is None:
            parts, what = _status_run(line), "a pod's status YAML"
        if parts is None:
            out.append(line)
            origin.append(number)
            continue
        kept, around = parts
        out.extend(kept)
        origin.extend([number] * len(kept))
        split.append((number, what, around))
    return Runs("\n".join(out), split, origin) if split else None


def _pods_run(line: str) -> tuple[list[str], bool] | None:
    """The table's header and rows, each on a line of its own, and whether the line holds
    more (its command, what follows the rows); None unless a header is followed on the line
    by at least one row."""
    header = _HEADER.search(line)
    if header is None:
        return None
    rows: list[str] = []
    at = header.end()
    while (row := _ROW.match(line, at)) is not None:
        rows.append(row["row"])
        at = row.end()
    if not rows:
        return None
    return [header[0], *rows], bool(line[:header.start()].strip() or line[at:].strip())


def _state_run(line: str) -> tuple[list[str], bool] | None:
    """The state, its Reason and Exit Code, each on a line of its own (describe's
    indentation), and whether the line holds more (the sentence around them); None without
    one."""
    m = _STATE.search(line)
    if m is None:
        return _headless_run(line)
    fields = [f"{m['key']}: {m['state']}", f"  Reason: {m['reason']}"]
    if m["code"] is not None:
        fields.append(f"  Exit Code: {m['code']}")
    return fields, bool(line[:m.start()].strip() or line[m.end():].strip(" ."))


def _headless_run(line: str) -> tuple[list[str], bool] | None:
    """A terminated state's Reason and Exit Code quoted in a sentence without the state's
    key, each on a line of its own, and whether the line holds more; None without them."""
    m = _HEADLESS.search(line)
    if m is None:
        return None
    return [f"Reason: {m['reason']}", f"Exit Code: {m['code']}"], \
        bool(line[:m.start()].strip() or line[m.end():].strip(" ."))


# describe's fields of a terminated state pasted without the state's line above them: a page
# quoting `Reason: OOMKilled` and `Exit Code: 137` alone, one under the other
_REASON_LINE = re.compile(r"^[ \t]*Reason:[ \t]*[A-Za-z]{1,60}[ \t]*$")
_EXIT_LINE = re.compile(r"^[ \t]*Exit Code:[ \t]*\d{1,3}[ \t]*$")
# a line of describe's other than those two: the paste holds more of describe, read as it is
_OTHER_DESCRIBE = re.compile(r"^\s*(?:Name|Namespace|State|Last State|Containers|Restart Count|"
                             r"Started|Finished|Ready|Signal|Events):")


def headless_state(text: str) -> tuple[str, int] | None:
    """The text with describe's `State: Terminated` line put back above the one pair of a
    terminated state's fields (`Reason:` and `Exit Code:`, one under the other, describe
    printing them only under a Terminated state) pasted without it, and the (1-based) number
    of the pair's first line; None unless the paste holds that pair and no other line of
    describe's. Whether the fields were the container's State or its Last State the paste
    does not say; the caller says so (an ended instance either way)."""
    lines = text.split("\n")
    if any(_OTHER_DESCRIBE.match(x) for x in lines):
        return None
    pairs = [i for i, (a, b) in enumerate(zip(lines, lines[1:], strict=False))
             if (_REASON_LINE.match(a) and _EXIT_LINE.match(b))
             or (_EXIT_LINE.match(a) and _REASON_LINE.match(b))]
    if len(pairs) != 1:
        return None
    at = pairs[0]
    fields = ["State: Terminated", "  " + lines[at].strip(), "  " + lines[at + 1].strip()]
    return "\n".join([*lines[:at], *fields, *lines[at + 2:]]), at + 1


# a status's first key run into the next on one line: `status: conditions: - type: Ready`
_STATUS_RUN = re.compile(r"\bstatus:[ \t]+(?=(?:conditions|containerStatuses|"
                         r"initContainerStatuses):[ \t]+-[ \t])")
# where a key or a list item starts, outside quotes: ` status:`, ` - type:`
_KIND_POD = re.compile(r"^\s*kind:[ \t]+Pod\b")
_PART = re.compile(r"""'[^']*'|"[^"]*"|[ \t](?:-[ \t]+)?(?P<key>[A-Za-z]+):(?=[ \t]|$)""")
_RUN_MAX = 8192


def _status_run(line: str) -> tuple[list[str], bool] | None:
    """A pod's status YAML run into the line, one key (or list item) a line at column 0, and
    whether the line holds more before it (`kind: Pod ...`); None unless every part is a key
    of a pod's status that reads back into one (flattened.reindent_status)."""
    start = _STATUS_RUN.search(line) if len(line) <= _RUN_MAX else None
    if start is None:
        return None
    run = " " + line[start.start():].strip()
    cuts = [m.start() for m in _PART.finditer(run) if m["key"] is not None]
    parts = [run[a:b].strip() for a, b in zip(cuts, [*cuts[1:], len(run)], strict=True)]
    keys = [re.match(r"(?:-\s+)?([A-Za-z]+):", x) for x in parts]
    # the document's kind before it (`kind: Pod ...`, the rest elided) is kept
    kind = ["kind: Pod"] if _KIND_POD.match(line[:start.start()]) else []
    if not all(k is not None and is_status_key(k[1]) for k in keys) or \
            reindent_status(kind + parts) is None:
        return None
    return kind + parts, bool(line[:start.start()].strip())


# `kubectl get pod web -o json | jq '.status.containerStatuses[].lastState.terminated'`: the
# pod it names and a path of its status (the only part of a pod whose pieces the readers read)
_JQ = re.compile(
    r"\bget\s+(?:pods?|po)(?:/|\s+)(?P<pod>[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)\s.*?"
    r"-o\s*json\s*\|\s*jq\s+(?:-\w+\s+)*['\"]?(?P<path>\.status(?:\.[A-Za-z]+(?:\[\d*\])?)+)"
    r"['\"]?\s*$")
# a jsonpath template of a path of a pod's status: `kubectl get pod web -o
# jsonpath='{.status.containerStatuses[*].lastState.terminated}'` prints the object there
_JSONPATH = re.compile(
    r"\bget\s+(?:pods?|po)(?:/|\s+)(?P<pod>\S{1,253})\s.*?-o\s*jsonpath=['\"]?"
    r"\{(?P<path>\.status(?:\.[A-Za-z]+(?:\[(?:\d*|\*)\])?)+)\}")
_POD_NAME = re.compile(r"[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?")
_COMMAND_MAX = 4096
_STEP = re.compile(r"\.([A-Za-z]+)(\[\d*\])?")
_ELIDED = frozenset({"...", "\u2026"})
_DANGLING = re.compile(r",(\s*[}\]])")


def placed_jq_output(text: str) -> tuple[str, int, str, bool] | None:
    """The text with a `jq` filter's or a jsonpath template's output of a pod's status (the
    object under the command line that printed it, blank lines or a caption ending in `:`
    between) replaced by that pod's JSON on one line, the piece at the path the command names;
    with the command's line number, its filter as the command wrote it, and whether elided
    lines (`...`) were left out. None unless the command is followed by exactly such an
    object."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        found = _status_command(line)
        if found is None:
            continue
        pod, path, shown = found
        start = _object_start(lines, i + 1)
        body, elided = _object_after(lines, start)
        if body is None or "kind" in body[0]:  # (a whole object, not a piece: one put back)
            return None
        # a page's placeholder (`<POD_NAME>`) names no pod: the pod's name is not in the record
        metadata = {"name": pod} if _POD_NAME.fullmatch(pod) else {}
        doc = {"apiVersion": "v1", "kind": "Pod", "metadata": metadata,
               **_at_path(path, body[0])}
        return "\n".join([*lines[:start], json.dumps(doc), *lines[body[1]:]]), i + 1, shown, \
            elided
    return None


def _status_command(line: str) -> tuple[str, str, str] | None:
    """The pod a command line names, the path of its status it prints (`[*]` as `[]`) and
    its filter as written; None unless it is a `jq` filter or a jsonpath template of one."""
    if len(line) > _COMMAND_MAX:  # a command line is short; the lazy scans are quadratic
        return None
    m = _JQ.search(line) if "jq" in line else None
    if m is not None:
        return m["pod"], m["path"], f"jq '{m['path']}'"
    m = _JSONPATH.search(line) if "jsonpath" in line else None
    if m is not None:
        return m["pod"], m["path"].replace("[*]", "[]"), f"-o jsonpath='{{{m['path']}}}'"
    return None


def _object_start(lines: list[str], after: int) -> int:
    """The (0-based) line an object under a command starts on: the first that is not blank,
    or the one after it when that is a caption ending in `:` (`Expected output:`)."""
    at = next((j for j in range(after, len(lines)) if lines[j].strip()), len(lines))
    caption = at < len(lines) and lines[at].rstrip().endswith(":") and \
        not lines[at].lstrip().startswith("{") and len(lines[at]) <= 200
    if not caption:
        return at
    return next((j for j in range(at + 1, len(lines)) if lines[j].strip()), len(lines))


def _object_after(lines: list[str], first: int) -> tuple[tuple[Any, int] | None, bool]:
    """The JSON object that starts on line `first` (0-based) and where it ends (exclusive),
    its elided lines left out and the commas they left dangling dropped; and whether any
    was. None when no object starts there or it is not one once so read."""
    if first >= len(lines) or not lines[first].strip().startswith("{"):  # (on one line too)
        return None, False
    depth, kept, elided = 0, [], False
    for end in range(first, min(len(lines), first + 10_000)):
        line = lines[end].strip()
        if line in _ELIDED:
            elided = True
            continue
        kept.append(line)
        depth += line.count("{") + line.count("[") - line.count("}") - line.count("]")
        if depth <= 0:
            try:
                value = json.loads(_DANGLING.sub(r"\1", "\n".join(kept)))
            except ValueError:
                return None, False
            return ((value, end + 1) if isinstance(value, dict) else None), elided
    return None, False


def _at_path(path: str, value: Any) -> dict[str, Any]:
    """`value` put at `path` (`.status.containerStatuses[].lastState`): a step with `[]` or
    `[n]` is a list of that one item."""
    for name, index in reversed(_STEP.findall(path)):
        value = {name: [value] if index else value}
    return value
