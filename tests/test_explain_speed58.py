"""speed58: a paste's placer asks `EventRows.is_row` of a line once, however often it looks.

`paste.continues_cut_row` looks ahead from the paste's first line over every line up to the
first that is no content, a document, a key or an event row (on a paste of no row: all of
them), and `describe_line` asks again of each line when it places it; a log repeats its lines.
The placer's `EventRows(memo=True)` keeps each text's answer until the next header changes
the columns the rows are read by (`header` empties it), and `describe_line` hands over the
`is_header` it has. These tests keep the answers the same as `is_row` worked out each time
(`_old_is_row`, the code before speed58: the oracle), for any lines and headers interleaved.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from kubesim.errors import RecordError
from kubesim.explain.readers.event_rows import EventRows, is_header


def _old_is_row(rows: EventRows, line: str) -> bool:
    """`EventRows.is_row` before speed58 (no memo, `is_header` worked out again)."""
    if is_header(line):
        return True
    try:
        return rows._row(line, 0) is not None
    except RecordError:
        return True


_CUSTOM = "REASON   MESSAGE   COUNT"
_CUSTOM_ROW = "BackOff   back off restarting   3"  # a row under _CUSTOM alone
# headers of each layout the rows are read by, rows of them, and lines of no table
_LINES = [
    "Type     Reason     Age                From               Message",
    "----     ------     ----               ----               -------",
    "LAST SEEN   TYPE      REASON      OBJECT          MESSAGE",
    "LAST SEEN   TYPE      REASON      KIND   MESSAGE",
    "FirstSeen LastSeen Count From SubObjectPath Type Reason Message",
    "  Type     Reason     Age   From     Message",
    "  Warning  Unhealthy  10s (x3 over 30s)  kubelet  Liveness probe failed: HTTP probe "
    "failed with statuscode: 500",
    "  Normal   Killing    5s    kubelet  Container web failed liveness probe, will be "
    "restarted",
    "5m   Warning   BackOff   pod/web-0   Back-off restarting failed container",
    "5m   Warning   BackOff   Pod   Back-off restarting failed container",
    "1m 1m 1 {kubelet node} spec.containers{web} Warning Unhealthy Liveness probe failed",
    "Warning  Unhealthy  99999999999 (x3 over 30s)  kubelet  Liveness probe failed",
    # a custom-columns header, and rows read as rows under it alone (`Columns.cells`)
    _CUSTOM,
    _CUSTOM_ROW,
    "NAME    REASON    MESSAGE",
    "web-0    BackOff    back off restarting",
    "ab c",
    "The pod restarted twice last night.",
    "Name:  web-0",
    "",
    "   ",
]


@settings(max_examples=300, deadline=None)
# a line asked of before a header and again under it: its answer changes (the memo emptied)
@example([(_CUSTOM_ROW, False, False), (_CUSTOM, True, True), (_CUSTOM_ROW, False, True)])
@example([(_CUSTOM, True, False), (_CUSTOM_ROW, False, False),
          ("Type  Reason  Age  From  Message", True, True), (_CUSTOM_ROW, False, False)])
@given(st.lists(st.tuples(st.sampled_from(_LINES) | st.text(max_size=40), st.booleans(),
                          st.booleans()), max_size=30))
def test_memo_answers_as_the_rows_worked_out_each_time(steps) -> None:
    """Lines asked of in any order, some read as headers in between (`header`), some asked
    with `is_header` handed over: the memo's answer is the oracle's on a twin never memoised."""
    memo, twin = EventRows("paste", memo=True), EventRows("paste")
    for line, as_header, hand_over in steps:
        if as_header and is_header(line):  # (describe_line reads a header's columns first)
            memo.header(line)
            twin.header(line)
        given_header = is_header(line) if hand_over else None
        assert memo.is_row(line, header=given_header) == _old_is_row(twin, line)
        assert memo.is_row(line) == _old_is_row(twin, line)  # (asked again: the memo's)
        assert twin.is_row(line) == _old_is_row(twin, line)  # (no memo: as before)


def test_only_a_header_changes_what_a_row_is_read_by() -> None:
    """The memo rests on `_table` and `_columns` changing in `header` alone: no other method
    of EventRows assigns them."""
    import ast
    import inspect

    from kubesim.explain.readers import event_rows

    tree = ast.parse(inspect.getsource(event_rows))
    owners = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for sub in ast.walk(node):
                targets = sub.targets if isinstance(sub, ast.Assign) else \
                    [sub.target] if isinstance(sub, (ast.AugAssign, ast.AnnAssign)) else []
                for target in targets:
                    if isinstance(target, ast.Attribute) and \
                            target.attr in ("_table", "_columns"):
                        owners.add(node.name)
    assert owners == {"__init__", "header"}


def _old_bare_reason(message: str):  # type: ignore[no-untyped-def]
    """`event_layouts.bare_reason` before speed58 (no cache): the oracle."""
    from kubesim.explain.readers.event_layouts import _SHAPES

    text = message.strip()
    return next((reason for pattern, reason in _SHAPES if pattern.match(text)), None)


_MESSAGES = [
    "Liveness probe failed: HTTP probe failed with statuscode: 500",
    "  Readiness probe failed: Get \"http://10.0.0.1:8080/ready\": context deadline exceeded ",
    "Startup probe failed: dial tcp 10.1.0.17:8080: connect: connection refused",
    "Back-off restarting failed container",
    "Container web failed liveness probe, will be restarted",
    "Stopping container web",
    "Killing container with id docker://web:Need to kill Pod",
    "Created container web",
    "Started container web",
    "ab c",
    "",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_MESSAGES) | st.text(max_size=60)
                | st.sampled_from(_MESSAGES).map(lambda m: " " + m + "\t"), max_size=40))
def test_bare_reason_kept_answers_as_worked_out(messages) -> None:
    """The reason of each message, asked in any order and again (the cache's last texts),
    is the one the shapes give it worked out each time."""
    from kubesim.explain.readers.event_layouts import bare_reason

    for message in messages + messages[::-1]:
        assert bare_reason(message) is _old_bare_reason(message)
