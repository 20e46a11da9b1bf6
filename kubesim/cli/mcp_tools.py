"""The tools of `kubesim mcp`: `check`, `run`, `windows`, `suggest` and `explain`, each the
command of the same name with its input model (kubesim.cli.inputs) as the input schema.

A call is validated by the model (inside the server's reading scope: its paths under the
root), turned into the command line the model stands for, parsed by the command's own
parser and run by the command's own `run` with `--format json`: the structured result is
the command's JSON document, byte for byte what the CLI prints for the same inputs, plus a
short text. Every failure is a result, never an exit or a traceback: bad arguments name the
field, bad inputs give the command's one line (the file, the line or field, what is
allowed), and a bug in kubesim says so. The work of a call is bounded as on the command line
(the model's bounds, the command's work budget), with the server's `--max-work` as the
ceiling and the default of `max_work`. Imports no SDK (kubesim.cli.mcp_server speaks the
protocol) and nothing heavy before the first call.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from kubesim.cli.inputs import INPUTS, LIVE_INPUTS, SERVER_FIELDS, CommandInput, error_text
from kubesim.cluster.access import Connection
from kubesim.errors import KubesimError
from kubesim.files import reading_scope
from kubesim.render import edge

__all__ = ["DEFAULT_MAX_MEMORY", "DEFAULT_TIME_LIMIT", "DESCRIPTIONS", "ServerSettings",
           "ToolResult", "call_tool", "description", "input_schema", "tool_names"]


DEFAULT_TIME_LIMIT = 120.0  # seconds one tool call may take (kubesim mcp --time-limit)
DEFAULT_MAX_MEMORY = 2 * 1024**3  # bytes of address space of one call (--max-memory)


@dataclass(frozen=True)
class ServerSettings:
    """What `kubesim mcp` was started with: the root every path lies under, the work budget
    no call may exceed (the default of a call's `max_work`), and the time and address space
    one call may take (kubesim.cli.mcp_calls)."""

    root: Path
    max_work: int
    time_limit: float = DEFAULT_TIME_LIMIT
    max_memory: int = DEFAULT_MAX_MEMORY
    # a live cluster (`--kubeconfig`, `--context`, `--cluster`): check and explain read it too
    live: Connection | None = None

    def model(self, name: str) -> type[CommandInput] | None:
        """The input model of tool `name` on this server."""
        return (LIVE_INPUTS.get(name) if self.live is not None else None) or INPUTS.get(name)

    def live_args(self) -> tuple[str, ...]:
        """The server's own connection, on the command line of every call."""
        return () if self.live is None else tuple(self.live.args())


@dataclass(frozen=True)
class ToolResult:
    """One call's outcome: the command's JSON document (None on an error), a short text, and
    whether it is an error."""

    document: dict[str, Any] | None
    text: str
    is_error: bool = False


DESCRIPTIONS = {
    "check": "Check probe configurations in Kubernetes manifests (files, directories, Helm "
             "charts, kustomizations, or inline YAML) as the CI gate does: each finding with "
             "its id, severity and the reason kubesim measured by simulating the kubelet. The "
             "result is the JSON report of `kubesim check --format json`; its summary says "
             "whether the gate fails (exit_code 1).",
    "run": "Simulate the kubelet's probes of one pod against a behaviour (a scenario, a "
           "recorded trace, or the healthy app): every probe result, Ready change, kill, "
           "restart and back-off, as the JSON timeline of `kubesim run --format json`.",
    "windows": "The exact protection windows of a container's probes: how long a startup may "
               "take, how fast a hang is caught, how long a stall is survived, how fast Ready "
               "follows an outage, worst and best grid phase (`kubesim windows --format "
               "json`).",
    "suggest": "The smallest change to each probed container's probe settings that meets the "
               "expectations given (survive an outage, catch a hang, allow a slow start, leave "
               "Ready in time), confirmed by simulation at every grid phase, with a "
               "strategic-merge patch (`kubesim suggest --format json`).",
    "explain": "Why pods restarted (each pod of the record, or the one `pod` names), from "
               "what the cluster recorded (kubectl describe pod text, pod or event documents, kubectl get events, Prometheus prober_probe_total): "
               "each probe failure, kill and restart with its evidence and how sure it is, "
               "replayed through the kubelet model, and the patch that would have prevented it "
               "(`kubesim explain --format json`: one pod's document, or `pods: [...]` of several).",
}
# what check and explain add on a server started with a live cluster
LIVE_DESCRIPTIONS = {
    "check": " On this server, `cluster: true` checks the Deployments, StatefulSets and "
             "DaemonSets of the live cluster instead (read-only; `cluster_namespaces` or "
             "`all_namespaces`), each finding naming namespace/Kind/name.",
    "explain": " On this server, `records` may name pods of the live cluster as kubectl does "
               "(pod/NAME, deploy/NAME, sts/NAME, ds/NAME; or `selector`), in `namespace`: "
               "the pod, its events and owners are read (get and list only) and explained.",
}


def description(name: str, settings: ServerSettings) -> str:
    """The tool's description on this server."""
    return DESCRIPTIONS[name] + (LIVE_DESCRIPTIONS.get(name, "") if settings.live else "")


def tool_names() -> list[str]:
    return list(DESCRIPTIONS)


def input_schema(name: str, settings: ServerSettings | None = None) -> dict[str, Any]:
    """The tool's input schema: its model's JSON schema, without the fields the server sets
    itself (its kubeconfig and context)."""
    model = settings.model(name) if settings is not None else INPUTS[name]
    assert model is not None
    schema = model.model_json_schema()
    for field in SERVER_FIELDS:
        schema["properties"].pop(field, None)
    return schema


def call_tool(name: str, arguments: dict[str, Any] | None,
              settings: ServerSettings) -> ToolResult:
    """Validate, run, and summarise one call."""
    model = settings.model(name)
    if model is None:
        return _error(f"unknown tool {name!r}; the tools are {', '.join(tool_names())}")
    given = [f for f in SERVER_FIELDS if f in (arguments or {})]
    if given:
        return _error(f"invalid arguments: {given[0]}: set by the server (kubesim mcp "
                      f"--{given[0]}), never by a call")
    try:
        with reading_scope(settings.root):
            inputs = model.model_validate(arguments or {})
    except ValidationError as exc:
        return _error(f"invalid arguments: {error_text(exc)}")
    inputs, refused = _within_budget(inputs, settings.max_work)
    if refused:
        return _error(refused)
    try:
        return _run(name, inputs, settings)
    except KubesimError as exc:
        return _error(str(exc))
    except SystemExit:  # the command line of a valid input was refused: kubesim's mistake
        return _error(f"kubesim could not run {name} with these arguments (a bug in kubesim: "
                      "its input model and its command line disagree)")
    except (MemoryError, RecursionError) as exc:
        return _error(f"{name}: out of {'memory' if isinstance(exc, MemoryError) else 'stack'}"
                      "; give smaller inputs or a smaller max_work")
    except Exception as exc:
        return _error(f"{name} failed inside kubesim ({type(exc).__name__}: {exc}); this is a "
                      "bug in kubesim, not in the input")


def _within_budget(inputs: CommandInput, ceiling: int) -> tuple[CommandInput, str | None]:
    """A call's `max_work`: the server's when not given, never above it."""
    if "max_work" not in type(inputs).model_fields:
        return inputs, None
    if "max_work" not in inputs.model_fields_set:
        return inputs.model_copy(update={"max_work": ceiling}), None
    given = inputs.max_work  # type: ignore[attr-defined]
    if given > ceiling:
        return inputs, (f"invalid arguments: max_work: at most {ceiling:,} units of work, the "
                        f"budget this server was started with (got {given:,})")
    return inputs, None


def _run(name: str, inputs: CommandInput, settings: ServerSettings) -> ToolResult:
    from kubesim.cli.main import parse
    args, command = parse(inputs.to_argv("--format", "json", *settings.live_args()))
    with reading_scope(settings.root, inputs.inline()):
        result = command.run(args)
        text = result.text if isinstance(result.text, str) else "".join(result.text)
    document = json.loads(text)
    said = result.note or []  # what the CLI says on stderr
    lines = [said] if isinstance(said, str) else list(said)  # a line, or lines (check's errors)
    note = "".join(edge.one_line(line.rstrip("\n")) + "\n" for line in lines)
    summary = SUMMARIES[name](document, result.code) + note
    return ToolResult(document, edge.text(summary))


def _error(message: str) -> ToolResult:
    return ToolResult(None, edge.one_line(message), is_error=True)


# ---------------------------------------------------------------- the short texts


def _check(doc: dict[str, Any], code: int) -> str:
    s = doc["summary"]
    verdict = (f"the gate fails (exit code 1): {s['failing']} finding(s) at or above "
               f"{s['fail_on']}" if code == 1 else "the gate passes (exit code 0)" if not code
               else f"exit code {code}: {len(doc.get('errors', []))} input(s) could not be "
               "read (below); the others are checked")
    return (f"check: {s['objects']} object(s), {s['containers']} probed container(s), "
            f"{s['findings']} finding(s) ({s['error']} error, {s['warning']} warning, "
            f"{s['info']} info; {s['suppressed']} suppressed); {verdict}.\n"
            + _in_source(doc, code)
            + _lines(f"{f['id']} {f['severity']} {f.get('object')}"
                     + (f" container {f['container']}" if f.get("container") else "")
                     + f": {f['message']}" for f in doc["findings"]))


def _in_source(doc: dict[str, Any], code: int) -> str:
    """What the manifests' own annotations suppressed, as every format of check says it."""
    a = doc["suppressed_in_source"]
    if not a["findings"]:
        return ""
    without = a["exit_code_without"]
    verdict = (f"exit {code} with or without them" if without == code else
               f"exit {code}, exit {without} without them")
    return (f"The manifests' own {a['annotation']} annotations suppress {a['findings']} "
            f"finding(s) ({', '.join(a['rules'])}): {verdict}.\n")


def _run_summary(doc: dict[str, Any], code: int) -> str:
    s, run = doc["summary"], doc["run"]
    ready = "never Ready" if s["first_ready_at"] is None else \
        f"first Ready at {s['first_ready_at']:g} s, Ready for {s['ready_seconds']:g} s"
    text = (f"run: {run.get('object')} against {run.get('behaviour')} for "
            f"{run.get('duration'):g} s: {s['restarts']} restart(s), {s['kills']} kill(s), "
            f"{s['back_offs']} back-off(s); {ready}.")
    phases = doc.get("phases")
    if phases:
        restarts = phases["restarts"]
        text += (f" Over {len(restarts)} grid phases: restarted at "
                 f"{sum(1 for r in restarts if r)} of them, {min(restarts)}-{max(restarts)} "
                 "restarts.")
    return text


def _windows(doc: dict[str, Any], code: int) -> str:
    parts = [f"{v['label']} {'>=' if v['kind'] == 'at least' else '<='} {v['guaranteed']:g} s"
             for v in doc.values() if isinstance(v, dict) and "guaranteed" in v]
    return f"windows of {doc['label']} (profile {doc['profile']}): " + "; ".join(parts) + "."


def _suggest(doc: dict[str, Any], code: int) -> str:
    containers = doc["containers"]
    if not containers:  # no expectations, and kubesim check reports nothing to fix
        return "suggest: kubesim check reports nothing here: nothing to change.\n"
    if any(c["fixes"] for c in containers):  # no expectations: check's findings are the aim
        head = ("suggest: the findings of kubesim check, " + (
            "none left at or above fail_on with the patch" if not code else
            "some left at or above fail_on (see advice)"))
        return head + ".\n" + _lines(_fixed(c) for c in containers)
    lines = []
    for c in containers:
        what = c["summary"] or c["verified"]
        lines.append(f"{c['object']} container {c['container']}: "
                     f"{'met' if c['met'] else 'NOT met'}: {what}")
    head = "suggest: every expectation met" if not code else \
        "suggest: some expectations cannot all be met (see tradeoff)"
    return head + ".\n" + _lines(lines)


def _fixed(c: dict[str, Any]) -> str:
    """One container of a suggestion from check's findings: the change, before and after."""
    def listed(findings: list[list[str]]) -> str:
        return ", ".join(" ".join(f) for f in findings) or "none"

    change = c["summary"] or "no probe setting answers them"
    return (f"{c['object']} container {c['container']}: {change}: check's findings "
            f"{listed(c['findings_before'])}, after {listed(c['findings_after'])}")


def _explain(doc: dict[str, Any], code: int) -> str:
    # the diagnosis record as the text prints it (loaded on the first call, with the engine)
    from kubesim.render.explain_formats import (
        answer_lines,
        container_answer_lines,
        pod_heading,
        story_title,
    )
    head = f"explain: pod {doc.get('pod') or '(name not in the record)'}"
    pod = doc.get("answer")  # the pod's one answer, first (docs/explain.md)
    first = [] if pod is None else [f"{pod_heading(doc, str)}: " + "; ".join(answer_lines(pod))]
    return head + ".\n" + _lines([*first, *(f"{story_title(c, str)}: " + "; ".join(
        container_answer_lines(c["answer"], pod)) for c in doc["containers"]
        if c["answer"] is not None)])


def _explain_pods(doc: dict[str, Any], code: int) -> str:
    """One pod's summary, or for several (`pods`) each pod's in turn."""
    if "pods" not in doc:
        return _explained(doc, code)
    return f"explain: {len(doc['pods'])} pods.\n" + "".join(_explained(d, code)
                                                            for d in doc["pods"])


def _lines(items: Iterable[str], limit: int = 20) -> str:
    items = list(items)
    shown = items[:limit] + ([f"... and {len(items) - limit} more (in the document)"]
                             if len(items) > limit else [])
    return "".join(f"- {edge.one_line(x)}\n" for x in shown)  # one line each


def _explained(doc: dict[str, Any], code: int) -> str:
    """explain's summary, then the lines of the record not read (listed, never dropped)."""
    unread = [f"{n['evidence'][0]['where'] if n['evidence'] else ''}: {n['text']}"
              for n in doc["notes"] if n["text"].startswith("not read")]
    return _explain(doc, code) + _lines(unread)


SUMMARIES: dict[str, Callable[[dict[str, Any], int], str]] = {
    "check": _check, "run": _run_summary, "windows": _windows, "suggest": _suggest,
    "explain": _explain_pods}
