"""Lines of a record that a web page ran into one line of running text, put back on the lines
kubectl printed them on:

- a `kubectl get pods` table joined to its command's line (a page that lost the code block's
  line breaks): `$ oc get pod test NAME READY STATUS RESTARTS AGE test 0/1 OOMKilled 0 1m`;
- describe's state fields quoted in a sentence, joined by commas or dashes: `describe shows
  Last State: Terminated, Reason: OOMKilled, Exit Code: 137.`

Only these exact shapes are split (a header followed on the same line by rows of its five
columns; a state followed on the same line by its Reason), and only they are kept: the text
around them on that line (the command, the sentence) is left out, and the caller says so.
Nothing else is taken out of prose: a guess is never made.
"""

from __future__ import annotations

import re

__all__ = ["split_runs"]

_HEADER = re.compile(r"\bNAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\b")
# a row of the five columns: `web-1 0/1 CrashLoopBackOff 3 (30s ago) 6m18s`
_ROW = re.compile(
    r"\s*(?P<row>[a-z0-9][a-z0-9.-]{0,252}\s+\d{1,3}/\d{1,3}\s+[A-Za-z][\w:/-]{0,60}\s+"
    r"\d{1,9}(?:\s+\(\d+[smhdy][\dsmhdy]*\s+ago\))?\s+\d+[smhdy][\dsmhdy]*)(?=\s|$)")
_SEP = r"\s*[,;]?\s*(?:[-\u2013\u2014]\s*)?"
_STATE = re.compile(
    r"\b(?P<key>Last State|State):\s*(?P<state>Terminated|Waiting|Running)" + _SEP
    + r"Reason:\s*(?P<reason>[A-Za-z]{1,60})\b(?:" + _SEP + r"Exit Code:\s*(?P<code>\d{1,3})\b)?")
# describe's own lines: a paste that has them needs nothing put back
_DESCRIBE_LINE = re.compile(r"^\s*(?:Name|State|Last State|Containers|Reason|Exit Code):")


def split_runs(text: str) -> tuple[str, list[tuple[int, str, bool]]] | None:
    """The text with every run of a pods table or of describe's state fields put back on
    its lines (in place of the line that held it), and the (1-based) number of each line
    that held one, what it held, and whether text around it was left out; None when no line
    does, or when the text already holds the table's header or describe's lines apart (a
    run would then be a sentence about them, not their copy)."""
    lines = text.split("\n")
    header_apart = any(_HEADER.fullmatch(x.strip()) for x in lines)
    describe_apart = any(_DESCRIBE_LINE.match(x) for x in lines)
    out: list[str] = []
    split: list[tuple[int, str, bool]] = []
    for number, line in enumerate(lines, 1):
        parts, what = None if header_apart else _pods_run(line), "a `get pods` table"
        if parts is None and not describe_apart:
            parts, what = _state_run(line), "describe's state fields"
        if parts is None:
            out.append(line)
            continue
        kept, around = parts
        out.extend(kept)
        split.append((number, what, around))
    return ("\n".join(out), split) if split else None


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
        return None
    fields = [f"{m['key']}: {m['state']}", f"  Reason: {m['reason']}"]
    if m["code"] is not None:
        fields.append(f"  Exit Code: {m['code']}")
    return fields, bool(line[:m.start()].strip() or line[m.end():].strip(" ."))
