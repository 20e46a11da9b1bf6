"""The Model Context Protocol server of `kubesim mcp`, over stdio, with the official Python SDK
(`mcp`, the optional extra kubesim[mcp]). The only module that imports it.

The SDK's low-level server is used so that each tool's input schema is exactly its command's
input model (kubesim.cli.inputs) and each call is validated by that model, with kubesim's
messages: `tools/list` gives the models' JSON schemas, `tools/call` runs
`kubesim.cli.mcp_tools.call_tool` in a child process of its own, bounded in time and memory
(kubesim.cli.mcp_calls; one call at a time, so memory stays that of one command; the
protocol keeps answering meanwhile, from a worker thread that waits for the child) and
returns its JSON document as structured content with a short text, or an `is_error` result
(at the time limit too, after which the next call is served). Start-up imports the SDK and
the input models only; the commands load in the fork server the calls' children come from.
"""

from __future__ import annotations

import functools
from typing import Any

import anyio
import anyio.to_thread
from mcp import types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from kubesim import __version__
from kubesim.cli.inputs import build_all
from kubesim.cli.mcp_calls import CallRunner
from kubesim.cli.mcp_tools import DESCRIPTIONS, ServerSettings, description, input_schema

__all__ = ["make_server", "serve"]

INSTRUCTIONS = (
    "kubesim simulates the Kubernetes kubelet's probes (startup, liveness, readiness) rule by "
    "rule. Paths are relative to the directory the server was started in (its root) and may "
    "not leave it; every file argument has an inline *_text alternative. Results are the "
    "JSON documents of the kubesim command of the same name.")

READ_ONLY = types.ToolAnnotations(read_only_hint=True, destructive_hint=False,
                                  idempotent_hint=True, open_world_hint=False)


def make_server(settings: ServerSettings, runner: CallRunner | None = None) -> Server[Any]:
    """The server of `kubesim mcp` (unstarted): the five tools over `settings`, each call run
    by `runner` (a new one by default)."""
    build_all()  # every input model built here, before any call
    runner = runner or CallRunner(settings)
    limiter = anyio.CapacityLimiter(1)

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[
            types.Tool(name=name, title=f"kubesim {name}", description=description(name, settings),
                       input_schema=input_schema(name, settings), annotations=READ_ONLY)
            for name in DESCRIPTIONS])

    async def call(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        result = await anyio.to_thread.run_sync(
            functools.partial(runner.run, params.name, params.arguments), limiter=limiter)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=result.text)],
            structured_content=result.document, is_error=result.is_error)

    return Server("kubesim", version=__version__, title="kubesim",
                  instructions=INSTRUCTIONS, on_list_tools=list_tools, on_call_tool=call)


def serve(settings: ServerSettings) -> None:
    """Serve over standard input and output until the client closes the connection."""
    runner = CallRunner(settings)
    runner.start()  # before any thread: the fork server never holds the protocol's streams
    server = make_server(settings, runner)

    async def run() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(run)
