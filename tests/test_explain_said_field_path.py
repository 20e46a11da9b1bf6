"""kubectl describe since 1.35 prints each event's involvedObject.fieldPath before its message
(`spec.containers{app}: Started container app`, kubernetes PR 133627): the row names its
container there, and its message is what follows. authentik-22979 in small: a k9s box, its
`Pulled (x36 ...)` row wrapped onto the next bordered line, a Killing row cut in its message."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause
from kubesim.explain.readers.model import RecordedEvent
from kubesim.explain.readers.read import parse_record

_HEAD = ("Events:\n"
         "  Type     Reason     Age                   From     Message\n"
         "  ----     ------     ----                  ----     -------\n")


def _events(text: str) -> list[RecordedEvent]:
    return parse_record(text, "r.txt").events or [
        e for p in parse_record(text, "r.txt").pods for e in p.events]


def _boxed(lines: list[str], width: int = 120) -> str:
    """The lines in a k9s box: `│` at both ends, padded to the box's width."""
    return "".join(f"│ {x:<{width}} │\n" for x in lines)


def _killing_cut(name: str, pulls: int, kills: int, wrap_at: int) -> str:
    pulled = (f"  Normal   Pulled     8m49s (x{pulls} over 5h58m)  kubelet  spec.containers{{{name}}}: "
              f'Container image "registry.example/{name}:2.1" already present on machine and '
              "can be accessed by the pod")
    killing = (f"  Normal   Killing    8m49s (x{kills} over 5h48m)  kubelet  "
               f"spec.containers{{{name}}}: Contai")
    head = _HEAD.splitlines()
    body = _boxed([*head, pulled[:wrap_at], pulled[wrap_at:]])
    return body + f"│ {killing}"  # the paste ends inside the Killing row's line


@pytest.mark.parametrize(("name", "pulls", "kills", "wrap_at"),
                         [("server", 13, 11, 150), ("worker-2", 7, 6, 110), ("db", 12, 3, 95)])
def test_a_wrapped_pulled_row_naming_its_container_bounds_its_kills(
        name: str, pulls: int, kills: int, wrap_at: int) -> None:
    """The fieldPath before the message names the one container: the Pulled row's starts
    bound its ends, the last one's not shown (README's Pulled rows; R4.7), short of the
    recorder's burst (authentik-22979's x36 and x35 past it: the next test)."""
    ex = explain_records([parse_record(_killing_cut(name, pulls, kills, wrap_at), "r.txt")],
                         ExplainOptions(suggest=False, phases=1))
    [box] = ex.containers
    assert box.name == name
    assert box.answer is not None
    assert box.answer.cause is Cause.CANNOT_TELL
    assert (box.answer.probe_kills.lo, box.answer.probe_kills.hi) == (0, pulls - 1)


def test_a_wrapped_pulled_row_past_the_burst_bounds_no_kills() -> None:
    """authentik-22979's Pulled x36 beside Killing x35: 71 of the kubelet's occurrences, past
    the recorder's burst, where the Pulled count is a lower bound of the starts (R4.43)."""
    ex = explain_records([parse_record(_killing_cut("server", 36, 35, 150), "r.txt")],
                         ExplainOptions(suggest=False, phases=1))
    [box] = ex.containers
    assert box.answer is not None
    assert (box.answer.probe_kills.lo, box.answer.probe_kills.hi) == (0, None)


def test_the_field_path_names_the_container_of_each_row() -> None:
    text = _HEAD + (
        "  Warning  Unhealthy  2m (x6 over 3m)  kubelet  spec.containers{api}: Liveness probe "
        "failed: HTTP probe failed with statuscode: 500\n"
        "  Normal   Killing    2m (x2 over 3m)  kubelet  spec.containers{api}: Container api "
        "failed liveness probe, will be restarted\n"
        "  Normal   Started    1m (x3 over 9m)  kubelet  spec.containers{proxy}: Started container "
        "proxy\n"
        "  Normal   Pulled     9m               kubelet  spec.initContainers{setup}: Container "
        'image "busybox:1.36" already present on machine\n')
    rows = {(e.reason, e.container, e.init, e.message.split(":")[0]) for e in _events(text)}
    assert rows == {("Unhealthy", "api", False, "Liveness probe failed"),
                    ("Killing", "api", False, "Container api failed liveness probe, will be "
                                               "restarted"),
                    ("Started", "proxy", False, "Started container proxy"),
                    ("Pulled", "setup", True, 'Container image "busybox')}


@pytest.mark.parametrize("message", [
    "spec.containers{api} Container api failed liveness probe, will be restarted",  # no `: `
    "spec.containers{ap",  # the fieldPath cut before its `}: `
    "spec.containers[0]: Container api failed liveness probe, will be restarted",  # an index
    "status.containers{api}: Container api failed liveness probe, will be restarted",
    "Container spec.containers{api}: failed liveness probe, will be restarted",
])
def test_a_message_not_starting_with_a_whole_field_path_names_no_container(message: str) -> None:
    [event] = _events(_HEAD + f"  Normal   Killing    2m (x2 over 3m)  kubelet  {message}\n")
    assert event.container is None
    assert event.message == message


@settings(max_examples=60, deadline=None)
@given(st.from_regex(r"[a-z][a-z0-9-]{0,20}", fullmatch=True),
       st.sampled_from(["containers", "initContainers", "ephemeralContainers"]),
       st.integers(2, 500))
def test_the_field_path_is_taken_off_whatever_the_container(name: str, kind: str, n: int
                                                             ) -> None:
    message = f"Started container {name}"
    text = _HEAD + f"  Normal   Started    1m (x{n} over 9m)  kubelet  spec.{kind}{{{name}}}: {message}\n"
    [event] = _events(text)
    assert (event.container, event.message, event.count) == (name, message, n)
    assert event.init is (kind == "initContainers")


def test_a_two_megabyte_field_path_is_read_in_one_pass() -> None:
    """Hostile input: a fieldPath that never closes, 2 MB long (no backtracking: the time it
    takes is bounded by the suite's timeout, no timing asserted)."""
    text = _HEAD + "  Normal   Started    1m  kubelet  spec.containers{" + "a" * 2_000_000 + "\n"
    [event] = _events(text)
    assert event.container is None


_WRAPPED_ROW = ("  Normal   Killing    {age} (x{n} over {over})  kubelet  spec.containers{{{name}}}: "
                "Container {name} failed liveness probe, will be restarted")


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 999), st.sampled_from(["10m", "5h58m", "3d2h"]),
       st.sampled_from(["api", "shutdown-manager", "db-0"]), st.data())
def test_a_row_a_narrow_terminal_broke_inside_its_count_is_read_whole(
        n: int, over: str, name: str, data: st.DataObject) -> None:
    """A terminal that wraps at its width breaks the row anywhere; broken after `(xN` and
    before the count's `)`, the second piece starts the next line: read as one row."""
    row = _WRAPPED_ROW.format(age="2m", n=n, over=over, name=name)
    # from the count's last digit on: a row stopping at `(x1` of `(x12` is refused before the
    # line after it is read (a count of one is never printed so)
    lo, hi = row.index("(x") + 2 + len(str(n)), row.index(")")
    at = data.draw(st.integers(lo, hi))
    text = _HEAD + row[:at] + "\n" + row[at:] + "\n"
    [event] = _events(text)
    assert (event.reason, event.count, event.container, event.truncated) == (
        "Killing", n, name, False)
    assert event.message == f"Container {name} failed liveness probe, will be restarted"


def test_a_row_cut_inside_its_count_at_the_end_of_the_paste_stays_cut() -> None:
    text = _HEAD + _WRAPPED_ROW.format(age="2m", n=4, over="10m", name="api")[:40] + "\n"
    [event] = _events(text)
    assert event.truncated
    assert event.message == ""
