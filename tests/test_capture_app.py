"""The example app (examples/fastapi_app): its endpoints and fault switches, in process."""

from __future__ import annotations

import asyncio
import json
import math
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from examples.fastapi_app.app import create_app
from examples.fastapi_app.faults import Faults, parse_stalls, parse_windows, process_age

pytestmark = pytest.mark.realtime


Client = Callable[..., Awaitable[httpx.Response]]


def serve(app: Any, script: Callable[[Client], Awaitable[None]]) -> None:
    """Run the app's lifespan, then `script(call)` against it (ASGI, no network)."""
    async def main() -> None:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://app") as c:
                async def call(method: str, path: str, **params: Any) -> httpx.Response:
                    return await c.request(method, path, params=params)
                await script(call)
    asyncio.run(main())


def test_healthy_app_answers_every_endpoint():
    async def script(call: Client) -> None:
        assert (await call("GET", "/livez")).json() == {"status": "alive"}
        assert (await call("GET", "/readyz")).json() == {"status": "ready"}
        assert (await call("GET", "/healthz")).json() == {"status": "ok"}
    serve(create_app(Faults()), script)


def test_db_down_fails_readyz_and_healthz_with_503_but_not_livez():
    async def script(call: Client) -> None:
        r = await call("GET", "/readyz")
        assert r.status_code == 503 and r.json() == {"status": "not_ready", "dependency": "db"}
        assert (await call("GET", "/healthz")).status_code == 503
        assert (await call("GET", "/livez")).status_code == 200
        await call("POST", "/faults/db", up="true")
        assert (await call("GET", "/readyz")).status_code == 200
        await call("POST", "/faults/db")  # back to the schedule
        assert (await call("GET", "/readyz")).status_code == 503
    serve(create_app(Faults(db_down=[(0, math.inf)])), script)


def test_lifespan_delay_and_the_stall_endpoint():
    start = time.monotonic()

    async def script(call: Client) -> None:
        assert time.monotonic() - start >= 0.3  # the lifespan slept first
        t = time.monotonic()
        await call("POST", "/faults/stall", seconds=0.3)
        # /readyz awaits the database ping: the loop runs the stall first
        assert (await call("GET", "/readyz")).status_code == 200
        assert time.monotonic() - t >= 0.3
    serve(create_app(Faults(lifespan_delay=0.3)), script)


def test_fault_schedules_parse_and_reject_nonsense():
    assert parse_windows("60:150, 300:") == [(60, 150), (300, math.inf)]
    assert parse_stalls("30:2,40:0.5") == [(30, 2), (40, 0.5)]
    assert Faults.from_env({"KUBESIM_APP_DB_DOWN": "1:2"}).db_up(1.5) is False
    for bad in ("60", "a:b", "5:1", "-1:3"):
        with pytest.raises(ValueError):
            parse_windows(bad)
    with pytest.raises(ValueError):
        parse_stalls("30")
    assert 0 < process_age() < 3600


def test_the_app_counts_from_the_captures_t0_when_it_is_given_one():
    """`kubesim capture --launch` passes its t=0 (KUBESIM_CAPTURE_T0): the fault schedule and
    the trace then share one clock, however long the app took to start; a value that is not a
    finite reading of the past is ignored (the process start counts)."""
    from examples.fastapi_app.faults import ENV_CAPTURE_T0, _t0

    t0 = time.monotonic() - 5.0
    assert _t0({ENV_CAPTURE_T0: repr(t0)}) == t0
    for bad in ("", "soon", "nan", "inf", repr(time.monotonic() + 60)):
        got = _t0({ENV_CAPTURE_T0: bad})
        assert got <= time.monotonic() and got != t0, bad
    assert _t0({}) == pytest.approx(_t0({ENV_CAPTURE_T0: "nan"}), abs=0.02)  # /proc: 10 ms ticks


def test_the_event_log_says_what_the_app_did_and_when(tmp_path):
    """Every request with the time it came in and the time its status was chosen, the fault
    switches and the stall, on the app's clock: each inside the interval the client saw
    (`process_age()` read by the test before and after each call)."""
    log = tmp_path / "events.jsonl"
    calls: list[tuple[str, float, float, int]] = []

    async def script(call: Client) -> None:
        for method, path in (("GET", "/livez"), ("GET", "/readyz"), ("POST", "/faults/db"),
                             ("GET", "/readyz"), ("POST", "/faults/stall"), ("GET", "/livez")):
            params = {"up": "false"} if path == "/faults/db" else {"seconds": 0.2} if (
                path == "/faults/stall") else {}
            before = process_age()
            status = (await call(method, path, **params)).status_code
            calls.append((path, before, process_age(), status))
            await asyncio.sleep(0)  # no network in between: let the loop run what the app queued

    serve(create_app(Faults(lifespan_delay=0.1), event_log=str(log)), script)
    events = [json.loads(line) for line in log.read_text().splitlines()]
    requests = [e for e in events if e["event"] == "request"]
    assert [(r["path"], r["status"]) for r in requests] == [(p, s) for p, _, _, s in calls]
    assert [s for *_, s in calls] == [200, 200, 200, 503, 200, 200]
    for r, (_, before, after, _) in zip(requests, calls, strict=True):
        assert before <= r["at"] <= r["answered"] <= after, (r, before, after)
    (startup,) = [e for e in events if e["event"] == "startup"]
    assert startup["until"] - startup["at"] >= 0.1 and startup["until"] <= calls[0][1]
    (db,) = [e for e in events if e["event"] == "db"]
    assert db["up"] is False and calls[2][1] <= db["at"] <= calls[2][2]
    (stall,) = [e for e in events if e["event"] == "stall"]
    # the stall ran after the POST was answered, before the next request was handled
    assert requests[4]["answered"] <= stall["at"] and stall["until"] - stall["at"] >= 0.2
    assert stall["until"] <= requests[5]["at"], (stall, requests[5])
