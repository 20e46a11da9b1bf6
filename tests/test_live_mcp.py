"""`kubesim mcp --kubeconfig`: the live forms of check and explain, driven through the MCP
SDK's own client against the real API server of tests/live_stories.py. Off unless the server
is started with a cluster; a call can never set the server's kubeconfig or context."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

mcp = pytest.importorskip("mcp", reason="the MCP SDK (kubesim[mcp]) is not installed")
anyio = pytest.importorskip("anyio")

from helpers import patient_mcp_client  # noqa: E402
from live_stories import NAMESPACE  # noqa: E402

from kubesim.cli.main import main  # noqa: E402

patient_mcp_client()

pytestmark = pytest.mark.realtime
NOW = "2026-12-04T10:06:00Z"


def _server(root: Path, *extra: str) -> Any:
    from mcp.client.stdio import get_default_environment
    env = get_default_environment()
    for name in ("PYTHONPATH", "KUBESIM_PURE"):  # this checkout's kubesim, as the suite runs it
        if name in os.environ:
            env[name] = os.environ[name]
    return mcp.StdioServerParameters(command=sys.executable, env=env, args=[
        "-m", "kubesim", "mcp", "--root", str(root), *extra])


def _session(params: Any, calls: list[tuple[str, dict[str, Any]]]) -> tuple[Any, list[Any]]:
    async def go() -> tuple[Any, list[Any]]:
        async with mcp.Client(params) as client:
            tools = await client.list_tools()
            return tools, [await client.call_tool(name, args) for name, args in calls]
    return anyio.run(go)


def test_the_live_tools_answer_as_the_command_line(live_cluster, tmp_path, capsys):
    """explain of pod/NAME and check with cluster: true give the documents the command line
    gives with the same kubeconfig; the schemas offer namespace, selector and cluster, never
    kubeconfig or context."""
    admin = live_cluster.kubeconfig(tmp_path / "admin.json", namespace=NAMESPACE)
    tools, (explained, checked, refused) = _session(_server(tmp_path, "--kubeconfig",
                                                            str(admin)), [
        ("explain", {"records": ["pod/web-liveness"], "namespace": NAMESPACE, "now": NOW,
                     "phases": 2}),
        ("check", {"cluster": True, "cluster_namespaces": ["payments"], "phases": 2,
                   "config": "none"}),
        ("explain", {"records": ["pod/web-liveness"], "kubeconfig": "/etc/other"})])
    schemas = {t.name: t.input_schema["properties"] for t in tools.tools}
    assert {"namespace", "selector"} <= set(schemas["explain"])
    assert {"cluster", "cluster_namespaces", "all_namespaces"} <= set(schemas["check"])
    assert not {"kubeconfig", "context"} & (set(schemas["explain"]) | set(schemas["check"]))
    assert all(t.annotations.read_only_hint for t in tools.tools)
    assert not explained.is_error, explained.content[0].text
    assert main(["explain", "pod/web-liveness", "-n", NAMESPACE, "--kubeconfig", str(admin),
                 "--now", NOW, "--phases", "2", "--format", "json"]) == 0
    assert explained.structured_content == __import__("json").loads(capsys.readouterr().out)
    assert not checked.is_error, checked.content[0].text
    assert [f["file"] for f in checked.structured_content["findings"]] == [
        "payments/Deployment/slow"] * len(checked.structured_content["findings"])
    assert refused.is_error and "set by the server" in refused.content[0].text


def test_without_a_cluster_the_server_reads_none(live_cluster, tmp_path):
    """A server started without --kubeconfig, --context or --cluster offers no live field and
    refuses pod/NAME, even with a kubeconfig in the environment."""
    tools, (named, cluster) = _session(_server(tmp_path), [
        ("explain", {"records": ["pod/web-liveness"]}),
        ("check", {"cluster": True})])
    schemas = {t.name: t.input_schema["properties"] for t in tools.tools}
    assert "namespace" not in schemas["explain"] and "cluster" not in schemas["check"]
    assert named.is_error and "names an object of a live cluster" in named.content[0].text
    assert cluster.is_error and "cluster" in cluster.content[0].text


def _documented(kind: str) -> dict[str, Any]:
    """The HolmesGPT (yaml) or Claude (json) server entry docs/mcp.md gives."""
    import json

    import yaml
    text = (Path(__file__).resolve().parent.parent / "docs" / "mcp.md").read_text()
    part = text.split("## A live cluster", 1)[1]
    block = part.split(f"```{kind}\n", 1)[1].split("```", 1)[0]
    if kind == "yaml":
        entry = yaml.safe_load(block)["mcp_servers"]["kubesim"]["config"]
        assert entry["mode"] == "stdio"
        return entry
    return json.loads(block)["mcpServers"]["kubesim"]


@pytest.mark.parametrize("host", ["yaml", "json"])
def test_the_documented_host_configurations_explain_a_pod(host, live_cluster, tmp_path):
    """HolmesGPT's mcp_servers entry and Claude's mcpServers entry, as docs/mcp.md gives
    them, started as the hosts start them (the SDK's StdioServerParameters with the entry's
    command, args and env), with the documented paths replaced by this test's."""
    entry = _documented(host)
    admin = live_cluster.kubeconfig(tmp_path / "kubeconfig", namespace=NAMESPACE)
    args = [str(admin) if a.endswith("/.kube/config") else str(tmp_path) if a == "/srv/repo"
            else a for a in entry["args"]]
    assert args != entry["args"]  # both paths were in the entry
    params = _server(tmp_path)
    assert entry["command"] == "/path/to/.venv/bin/kubesim"  # the page's placeholder
    command = str(Path(sys.executable).with_name("kubesim"))  # this environment's
    params = mcp.StdioServerParameters(command=command, args=args,
                                       env={**params.env, **entry.get("env", {})})
    tools, (explained,) = _session(params, [("explain", {"records": ["pod/web-liveness"],
                                                        "now": NOW, "phases": 2})])
    assert not explained.is_error, explained.content[0].text
    assert explained.structured_content["pod"] == "web-liveness"
