"""`kubesim mcp`: `check`, `run`, `windows`, `suggest` and `explain` as Model Context Protocol
tools over stdio, for agents (docs/mcp.md). Needs the optional extra kubesim[mcp].

The server resolves every path a tool is given against `--root` (default: the current
directory; the server works from there) and reads nothing outside it, nor standard input
(the connection), and regular files only (a FIFO would block). `--max-work` bounds every
call's simulation, lower than the command line's default: a tool's JSON document goes back
whole to the client. Each call runs in a child process of its own: `--time-limit` seconds at
most (then the call is answered with an error and the next one served) and `--max-memory`
MiB of address space (kubesim.cli.mcp_calls).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

from kubesim.cli.command import CommandResult
from kubesim.cli.options import MCP, MCP_LIVE_GROUP, MCP_MAX_WORK
from kubesim.cluster.access import Connection
from kubesim.errors import UsageError
from kubesim.options import add_option

__all__ = ["MCP_MAX_WORK", "add_parser", "run"]



def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `mcp` and its options."""
    p = sub.add_parser(
        "mcp", help="serve check, run, windows, suggest and explain as MCP tools (stdio)",
        description="Serve kubesim's commands as Model Context Protocol tools over standard "
                    "input and output (an MCP client starts this; docs/mcp.md). Each tool's "
                    "input schema is its command's input model; results are the commands' "
                    "JSON documents.")
    add_option(p, MCP["root"])
    add_option(p, MCP["max_work"])
    add_option(p, MCP["time_limit"])
    live = p.add_argument_group(MCP_LIVE_GROUP)
    for name in ("kubeconfig", "context", "cluster"):
        add_option(live, MCP[name])
    add_option(p, MCP["max_memory"])

def _live(args: argparse.Namespace) -> Connection | None:
    """The live cluster the server reads, if started with one (the kubeconfig made absolute:
    the server moves to its root)."""
    if args.kubeconfig is None and args.context is None and not args.cluster:
        return None
    if args.kubeconfig is not None and not Path(args.kubeconfig).is_file():
        raise UsageError("--kubeconfig: no such file", source=args.kubeconfig)
    config = None if args.kubeconfig is None else os.path.abspath(args.kubeconfig)
    return Connection(kubeconfig=config, context=args.context)


def run(args: argparse.Namespace) -> CommandResult:
    """Serve until the client closes the connection; exit code 0."""
    root = Path(args.root)
    if not root.is_dir():
        raise UsageError("--root: no such directory" if not root.exists() else
                         "--root: not a directory", source=args.root)
    if importlib.util.find_spec("mcp") is None:
        raise UsageError("kubesim mcp needs the MCP Python SDK: pip install 'kubesim[mcp]'")
    from kubesim.cli.mcp_server import serve
    from kubesim.cli.mcp_tools import ServerSettings
    live = _live(args)
    # "" on the module path (`python -c`) is the start directory: fixed before the move to
    # the root, so that no module is ever imported from the root's files
    sys.path[:] = [os.path.abspath(p) if p in ("", ".") else p for p in sys.path]
    os.chdir(root)  # relative paths in tool calls name files under the root
    serve(ServerSettings(Path.cwd().resolve(), args.max_work, args.time_limit,
                         args.max_memory * 2**20, live))
    return CommandResult("")
