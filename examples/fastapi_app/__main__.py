"""`python -m examples.fastapi_app [--port 8000] [--db-down 60:150] [--lifespan-delay 2.2]
[--stall 30:2] [--event-log FILE]`: serve the example app with uvicorn on loopback only."""

from __future__ import annotations

import argparse
import os
import sys

from .faults import ENV_DB_DOWN, ENV_EVENT_LOG, ENV_LIFESPAN_DELAY, ENV_STALL, Faults

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m examples.fastapi_app",
                                     description="The seed's FastAPI app with fault switches.")
    parser.add_argument("--host", default="127.0.0.1", choices=LOOPBACK,
                        help="loopback address to bind (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db-down", metavar="FROM:TO[,...]",
                        help=f"database unreachable in these windows (s since process start; "
                             f"env {ENV_DB_DOWN})")
    parser.add_argument("--lifespan-delay", type=float, metavar="S",
                        help=f"sleep in the lifespan startup (env {ENV_LIFESPAN_DELAY})")
    parser.add_argument("--stall", metavar="AT:SECONDS[,...]",
                        help=f"block the event loop at AT for SECONDS (env {ENV_STALL})")
    parser.add_argument("--access-log", action="store_true", help="log every request")
    parser.add_argument("--event-log", metavar="FILE",
                        help=f"append what the app did and when (requests, faults; JSON lines "
                             f"on the fault clock) to FILE (env {ENV_EVENT_LOG})")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    for value, name in ((args.db_down, ENV_DB_DOWN), (args.lifespan_delay, ENV_LIFESPAN_DELAY),
                        (args.stall, ENV_STALL)):
        if value is not None:
            env[name] = str(value)
    try:
        faults = Faults.from_env(env)
    except ValueError as exc:
        parser.error(str(exc))

    import uvicorn

    from .app import create_app

    uvicorn.run(create_app(faults, args.event_log), host=args.host, port=args.port,
                log_level="info" if args.access_log else "warning",
                access_log=args.access_log, lifespan="on")
    return 0


if __name__ == "__main__":
    sys.exit(main())
