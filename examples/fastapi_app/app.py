"""The seed's minimal FastAPI service: a unified /healthz that checks the database, a cheap
/livez, and /readyz answering 503 `{"status":"not_ready","dependency":"db"}` while the database
is down. Faults come from `faults.py` (environment variables, or flags of `python -m
examples.fastapi_app`).

    uvicorn examples.fastapi_app.app:app --host 127.0.0.1 --port 8000
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Response

from .faults import Faults, process_age

__all__ = ["FakeDatabase", "app", "create_app"]


class FakeDatabase:
    """Stands in for a connection pool: `ping()` fails fast while the schedule says the
    database is unreachable (like a refused connection to a dead DB host)."""

    def __init__(self, faults: Faults) -> None:
        self.faults = faults

    async def ping(self) -> bool:
        await asyncio.sleep(0)  # a real driver would await the network here
        return self.faults.db_up(process_age())


def _stall(seconds: float) -> None:
    """A blocking call on the event loop: nothing else runs until it returns."""
    time.sleep(seconds)


def create_app(faults: Faults | None = None) -> FastAPI:
    """The app with the given fault schedule (default: from the environment)."""
    faults = Faults.from_env() if faults is None else faults
    db = FakeDatabase(faults)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if faults.lifespan_delay:
            await asyncio.sleep(faults.lifespan_delay)  # slow initialisation
        loop = asyncio.get_running_loop()
        for at, seconds in faults.stalls:
            loop.call_later(max(at - process_age(), 0.0), _stall, seconds)
        yield

    app = FastAPI(title="kubesim example app", lifespan=lifespan)
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
        return {"db_forced": up}

    @app.post("/faults/stall")
    async def stall(seconds: float = 2.0) -> dict[str, float]:
        """Block the event loop for `seconds` right after answering."""
        asyncio.get_running_loop().call_soon(_stall, min(max(seconds, 0.0), 600.0))
        return {"stall_seconds": seconds}

    return app


app = create_app()
