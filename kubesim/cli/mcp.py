"""`kubesim mcp`: `check`, `run`, `windows`, `suggest` and `explain` as Model Context Protocol
tools over stdio, for agents (docs/mcp.md). Needs the optional extra kubesim[mcp].

The server resolves every path a tool is given against `--root` (default: the current
directory; the server works from there) and reads nothing outside it, nor standard input
(the connection). `--max-work` bounds every call's simulation, lower than the command line's
default: a tool's JSON document goes back whole to the client.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from pathlib import Path

from kubesim.cli.args import add_budget_arg
from kubesim.errors import UsageError

__all__ = ["MCP_MAX_WORK", "add_parser", "run"]

MCP_MAX_WORK = 1_000_000  # units of work in one tool call (probe calls and kubelet syncs)


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register `mcp` and its options."""
    p = sub.add_parser(
        "mcp", help="serve check, run, windows, suggest and explain as MCP tools (stdio)",
        description="Serve kubesim's commands as Model Context Protocol tools over standard "
                    "input and output (an MCP client starts this; docs/mcp.md). Each tool's "
                    "input schema is its command's input model; results are the commands' "
                    "JSON documents.")
    p.add_argument("--root", default=".", metavar="DIR",
                   help="the directory tool paths are relative to and may not leave "
                        "(default: the current directory)")
    add_budget_arg(p, MCP_MAX_WORK, what="the most work one tool call may do, and its default")


def run(args: argparse.Namespace) -> tuple[str, int]:
    """Serve until the client closes the connection; exit code 0."""
    root = Path(args.root)
    if not root.is_dir():
        raise UsageError("--root: no such directory" if not root.exists() else
                         "--root: not a directory", source=args.root)
    if importlib.util.find_spec("mcp") is None:
        raise UsageError("kubesim mcp needs the MCP Python SDK: pip install 'kubesim[mcp]'")
    from kubesim.cli.mcp_server import serve
    from kubesim.cli.mcp_tools import ServerSettings
    os.chdir(root)  # relative paths in tool calls name files under the root
    serve(ServerSettings(Path.cwd().resolve(), args.max_work))
    return "", 0
