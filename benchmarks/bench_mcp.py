"""What does running each `kubesim mcp` tool call in a child process of its own cost?

    python benchmarks/bench_mcp.py [--calls N]

The server runs every call in a child forked from a fork server that has the commands
imported (kubesim.cli.mcp_calls), so that a call can be stopped at its time limit. This
times the same calls both ways in one run, after one warm-up call each: `call_tool` in this
process (what the worker thread of the server did before), and `CallRunner.run` (a child per
call: the fork, the arguments and the result pickled over a pipe, the child reaped). Three
calls: arguments refused by validation (nothing but the overhead), `windows` of a shipped
example, `check` of a shipped example; each gives the same result both ways. Prints the median and the spread of each, and the
difference of the medians: the cost per call. It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kubesim.cli.mcp import MCP_MAX_WORK
from kubesim.cli.mcp_calls import CallRunner
from kubesim.cli.mcp_tools import ServerSettings, ToolResult, call_tool

REPO = Path(__file__).resolve().parent.parent
CALLS: dict[str, tuple[str, dict[str, Any]]] = {
    "refused arguments": ("run", {"spec": "probe_specs/seed_unified_healthz.yaml",
                                  "duration": -1}),
    "windows": ("windows", {"spec": "examples/seed-app/deployment.yaml"}),
    "check": ("check", {"paths": ["probe_specs/seed_unified_healthz.yaml"], "phases": 4,
                        "config": "none"}),
}


def _times(call: Callable[[], ToolResult], n: int) -> list[float]:
    call()  # warm-up: imports, caches, the fork server's first child
    out = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        out.append(time.perf_counter() - start)
    return out


def _shown(times: list[float]) -> str:
    return (f"median {1000 * statistics.median(times):7.1f} ms "
            f"(min {1000 * min(times):.1f}, max {1000 * max(times):.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20, help="calls of each kind (20)")
    args = parser.parse_args()
    import os
    os.chdir(REPO)
    settings = ServerSettings(REPO, MCP_MAX_WORK)
    runner = CallRunner(settings)
    runner.start()
    for label, (name, arguments) in CALLS.items():
        here, there = call_tool(name, arguments, settings), runner.run(name, arguments)
        if here != there:  # the same call, the same result, either way
            raise SystemExit(f"{label}: the child's result differs: {there.text[:200]}")
        in_process = _times(lambda: call_tool(name, arguments, settings), args.calls)  # noqa: B023
        child = _times(lambda: runner.run(name, arguments), args.calls)  # noqa: B023
        cost = statistics.median(child) - statistics.median(in_process)
        print(f"{label:18} in this process: {_shown(in_process)}")
        print(f"{'':18} child process:   {_shown(child)}  cost per call "
              f"{1000 * cost:+.1f} ms")


if __name__ == "__main__":
    main()
