"""A log viewer's event rows (envoy-gateway-3220 in small): `TIME | POD  FIELDPATH REASON
MESSAGE`, the time local and without a zone, the rows newest first, the paste cut inside its
last row. The time is the row's (kept, not taken off as a console's stamp), the fieldPath names
the container, and the order is said."""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause
from kubesim.explain.readers.model import RecordedEvent, StampKind
from kubesim.explain.readers.read import parse_record


def _row(at: str, pod: str, container: str, reason: str, message: str, sep: str = " ") -> str:
    return f"{at}{sep}|{sep}{pod}  spec.containers{{{container}}} {reason} {message}"


def _paste(pod: str, app: str, side: str, day: str = "2023-11-02", t: str = " ") -> str:
    rows = [
        _row(f"{day}{t}10:14:07.120", pod, side, "Unhealthy",
             "Readiness probe failed: HTTP probe failed with statuscode: 500"),
        _row(f"{day}{t}10:09:41.005", pod, app, "Pulled",
             f'Container image "registry.example/{app}:1.4" already present on machine'),
        _row(f"{day}{t}10:09:38.660", pod, app, "Killing",
             f"Container {app} failed liveness probe, will be restarted"),
        _row(f"{day}{t}10:09:30.002", pod, app, "Unhealthy",
             "Liveness probe failed: Get \"http://10.0.0.9:8081/ready\": context deadline exceeded"),
    ]
    return "Events from the console:\n\n```\n" + "\n".join(rows) + \
        f"\n{day}{t}10:09:20.417 | {pod}  spec.containers{{{app[:3]}"  # cut in its fieldPath


def _events(text: str) -> list[RecordedEvent]:
    found = parse_record(text, "r.txt")
    return found.events or [e for p in found.pods for e in p.events]


@pytest.mark.parametrize(("pod", "app", "side", "t"), [
    ("gw-7f9c-abcde", "shutdown-manager", "envoy", " "),
    ("web-0", "api", "proxy", "T"),
    ("store-5d4b8-x2x9q", "db", "exporter", " "),
])
def test_the_rows_are_read_with_their_container_time_and_order(pod: str, app: str, side: str,
                                                               t: str) -> None:
    found = parse_record(_paste(pod, app, side, t=t), "r.txt")
    events = found.events or [e for p in found.pods for e in p.events]
    assert [(e.reason, e.container) for e in events] == [
        ("Unhealthy", side), ("Pulled", app), ("Killing", app), ("Unhealthy", app)]
    assert events[2].message == f"Container {app} failed liveness probe, will be restarted"
    assert all(e.last.kind is StampKind.AGE for e in events)
    # ages before the newest row, in the rows' order: 0, then 266.115 s and 268.46 s
    assert events[0].last.age_lo == 0
    assert events[2].last.age_lo == pytest.approx(4 * 60 + 28.46)
    said = " ".join(n.text for n in found.notes)
    assert "newest first" in said
    assert f"cut after its object ({pod})" in said


def test_the_killing_row_is_the_containers_liveness_kill() -> None:
    ex = explain_records([parse_record(_paste("gw-0", "shutdown-manager", "envoy"), "r.txt")],
                         ExplainOptions(suggest=False, phases=1))
    by_name = {c.name: c for c in ex.containers}
    answer = by_name["shutdown-manager"].answer
    assert answer is not None
    assert answer.cause is Cause.LIVENESS_KILL
    assert (answer.probe_kills.lo, answer.probe_kills.hi) == (1, None)  # the older rows cut


def test_oldest_first_rows_are_not_said_newest_first() -> None:
    text = "\n".join(reversed(_paste("web-0", "api", "proxy").splitlines()[3:-1])) + "\n"
    found = parse_record(text, "r.txt")
    assert "newest first" not in " ".join(n.text for n in found.notes)
    events = found.events or [e for p in found.pods for e in p.events]
    assert [e.reason for e in events] == ["Unhealthy", "Killing", "Pulled", "Unhealthy"]


@pytest.mark.parametrize("line", [
    "2023-11-02 10:14:07.120 | web-0  server started on port 8080",  # a log line, no reason
    "2023-11-02 10:14:07.120 | web-0  Listening on :8080",  # a word no kubelet reason is
    "2023-11-02 10:14:07.120 web-0  spec.containers{api} Killing Container api failed liveness",
])
def test_lines_that_are_no_logged_event_row_are_not_read_as_one(line: str) -> None:
    text = f"{line}\n{line.replace('10:14:07', '10:14:09')}\n"
    try:
        events = _events(text)
    except RecordError:  # refused as no record: not read as a row either
        return
    assert not any(e.container == "api" and e.reason == "Killing" and e.last.kind is
                   StampKind.AGE for e in events)


@pytest.mark.parametrize("tail", ["a" * 2_000_000, " " * 2_000_000, "web-0 " * 300_000])
def test_a_two_megabyte_logged_row_is_read_in_one_pass(tail: str) -> None:
    text = ("2023-11-02 10:14:07.120 | web-0  spec.containers{api} Killing Container api failed "
            "liveness probe, will be restarted\n2023-11-02 10:14:09.120 | " + tail + "\n")
    read_in_one_pass(text)  # read or refused, in the time the suite's timeout bounds
