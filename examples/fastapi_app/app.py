"""The seed's minimal FastAPI service: a unified /healthz that checks the database, a cheap
/livez, and /readyz answering 503 `{"status":"not_ready","dependency":"db"}` while the database
is down. Faults come from `faults.py` (environment variables, or flags of `python -m
examples.fastapi_app`).

    uvicorn examples.fastapi_app.app:app --host 127.0.0.1 --port 8000
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Response

from .faults import ENV_EVENT_LOG, Faults, process_age

__all__ = ["EventLog", "FakeDatabase", "LoggedRequests", "app", "create_app"]

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class EventLog:
    """What the app did and when, on its fault clock (`process_age`), one JSON line each:

        {"event": "request", "at": 5.0012, "answered": 5.0019, "method": "GET",
         "path": "/readyz", "status": 503}
        {"event": "db", "at": 4.91, "up": false}          (POST /faults/db)
        {"event": "stall", "at": 9.9, "until": 11.9}       (the event loop was blocked)
        {"event": "startup", "at": 0.62, "until": 2.82}    (the lifespan startup)

    `at` of a request is when the app received it, `answered` when it chose the status (before
    sending it), so a client that sent at `t` and got the answer `latency` later has
    t <= at <= answered <= t + latency. A background thread writes and flushes the lines, so
    a slow disk never blocks the event loop; `close()` writes what is left."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self._queue: queue.SimpleQueue[dict[str, Any] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False

    def write(self, **record: Any) -> None:
        if self.path is None or self._closed:
            return
        if self._thread is None:
            self._thread = threading.Thread(target=self._drain, name="event log", daemon=True)
            self._thread.start()
        self._queue.put(record)

    def _drain(self) -> None:
        assert self.path is not None
        with open(self.path, "a", encoding="utf-8") as fh:
            while (record := self._queue.get()) is not None:
                fh.write(json.dumps(record) + "\n")
                fh.flush()

    def close(self) -> None:
        self._closed = True
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None


class LoggedRequests:
    """ASGI middleware: one `request` event per HTTP request (see `EventLog`)."""

    def __init__(self, app: Callable[[Message, Receive, Send], Awaitable[None]],
                 log: EventLog) -> None:
        self.app, self.log = app, log

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        at, answered, status = process_age(), None, None

        async def sending(message: Message) -> None:
            nonlocal answered, status
            if message["type"] == "http.response.start":
                answered, status = process_age(), message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            self.log.write(event="request", at=at, answered=answered, method=scope["method"],
                           path=scope["path"], status=status)


class FakeDatabase:
    """Stands in for a connection pool: `ping()` fails fast while the schedule says the
    database is unreachable (like a refused connection to a dead DB host)."""

    def __init__(self, faults: Faults) -> None:
        self.faults = faults

    async def ping(self) -> bool:
        await asyncio.sleep(0)  # a real driver would await the network here
        return self.faults.db_up(process_age())


def _stall(seconds: float, log: EventLog) -> None:
    """A blocking call on the event loop: nothing else runs until it returns."""
    at = process_age()
    time.sleep(seconds)
    log.write(event="stall", at=at, until=process_age())


def create_app(faults: Faults | None = None, event_log: str | None = None) -> FastAPI:
    """The app with the given fault schedule (default: from the environment) and event log
    file (default: `KUBESIM_APP_EVENT_LOG`, none if unset)."""
    faults = Faults.from_env() if faults is None else faults
    log = EventLog(event_log if event_log is not None else os.environ.get(ENV_EVENT_LOG))
    db = FakeDatabase(faults)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        started = process_age()
        if faults.lifespan_delay:
            await asyncio.sleep(faults.lifespan_delay)  # slow initialisation
        log.write(event="startup", at=started, until=process_age())
        loop = asyncio.get_running_loop()
        for at, seconds in faults.stalls:
            loop.call_later(max(at - process_age(), 0.0), _stall, seconds, log)
        try:
            yield
        finally:
            log.close()

    app = FastAPI(title="kubesim example app", lifespan=lifespan)
    app.add_middleware(LoggedRequests, log=log)
    app.state.faults = faults

    @app.get("/livez")
    async def livez() -> dict[str, str]:
        return {"status": "alive"}

    @app.get("/readyz")
    async def readyz(response: Response) -> dict[str, str]:
        if not await db.ping():
            response.status_code = 503
            return {"status": "not_ready", "dependency": "db"}
        return {"status": "ready"}

    @app.get("/healthz")
    async def healthz(response: Response) -> dict[str, str]:
        """The 'before' design: one endpoint for everything, including the database."""
        if not await db.ping():
            response.status_code = 503
            return {"status": "unhealthy", "dependency": "db"}
        return {"status": "ok"}

    @app.post("/faults/db")
    async def set_db(up: bool | None = None) -> dict[str, bool | None]:
        """Break or mend the database by hand (`?up=false`, `?up=true`; no value: follow the
        schedule again)."""
        faults.db_forced = up
        log.write(event="db", at=process_age(), up=up)
        return {"db_forced": up}

    @app.post("/faults/stall")
    async def stall(seconds: float = 2.0) -> dict[str, float]:
        """Block the event loop for `seconds` right after answering."""
        asyncio.get_running_loop().call_soon(_stall, min(max(seconds, 0.0), 600.0), log)
        return {"stall_seconds": seconds}

    return app


app = create_app()
