"""The example app (examples/fastapi_app): its endpoints and fault switches, in process."""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from examples.fastapi_app.app import create_app
from examples.fastapi_app.faults import (Faults, parse_stalls, parse_windows,
                                         process_age)


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
