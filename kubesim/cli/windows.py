"""`kubesim windows`: the protection windows of a container's probes, as text or JSON."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Any

from kubesim.analysis.budget import check_budget
from kubesim.analysis.windows import Figure, ProtectionWindows, protection_windows, windows_work
from kubesim.cli.args import (
    add_budget_arg,
    add_kubelet_args,
    add_output_args,
    add_render_args,
    profile_of,
    render_options_of,
)
from kubesim.cli.command import CommandResult
from kubesim.cli.inputs import WindowsInput
from kubesim.render.edge import visible
from kubesim.spec.manifests import load_spec

__all__ = ["add_parser", "render_windows_text", "run", "windows_document"]


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register `windows` and its options."""
    cmd = sub.add_parser("windows", help="exact protection windows of a container's probes",
                         description="How long a startup may take, how fast a hang is "
                                     "caught, how long a stall is survived, how fast Ready "
                                     "follows an outage: worst and best grid phase.")
    cmd.add_argument("spec", help="manifest or compact probe spec (YAML), Helm chart or "
                     "kustomization; - for stdin")
    cmd.add_argument("--container", metavar="NAME", help="which container's probes")
    add_output_args(cmd, ["text", "json"])
    add_render_args(cmd)
    add_kubelet_args(cmd, engine=False)
    add_budget_arg(cmd)


def run(args: argparse.Namespace) -> CommandResult:
    """Compute and render; exit code 0."""
    WindowsInput.from_args(args)
    pod = load_spec(args.spec, args.container, render=render_options_of(args))
    profile = profile_of(args)
    check_budget(windows_work(pod), args.max_work, what="these windows")
    windows = protection_windows(pod, profile)
    if args.format == "json":
        return CommandResult(json.dumps(windows_document(windows), indent=2) + "\n")
    return CommandResult(render_windows_text(windows))


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


# The text labels of the figures, by their JSON key: the text shows both, the JSON carries
# the label, so one name finds a figure in either output.
LABELS = {"startup_protection": "startup protection",
          "hang_detection": "hang -> kill decision",
          "hang_to_stopped": "hang -> stopped",
          "hang_to_running": "hang -> new running",
          "readiness_down": "outage -> not Ready",
          "readiness_up": "recovery -> Ready",
          "first_ready": "start -> first Ready",
          "deletion_to_not_ready": "deletion -> not Ready",
          "pre_stop_vs_grace": "preStop vs grace"}


def windows_document(w: ProtectionWindows) -> dict[str, Any]:
    """The JSON document: every figure with guaranteed, best, spread and latency, and the
    label the text output gives it."""
    doc: dict[str, Any] = {}
    for name, value in asdict(w).items():
        if isinstance(value, dict):
            doc[name] = {k: ([_r(x) for x in v] if isinstance(v, tuple | list) else
                             _r(v) if isinstance(v, float) else v) for k, v in value.items()}
            doc[name]["label"] = LABELS[name]
        elif name not in doc:
            doc[name] = _r(value) if isinstance(value, float) else value
    return doc


def _row(fig: Figure | None, key: str) -> list[str]:
    if fig is None:
        return []
    sign = ">=" if fig.kind == "at least" else "<="
    napkin = "" if fig.rule_of_thumb is None else f"{fig.rule_of_thumb:g} s"
    return [(f"  {key:<22} {sign} {fig.guaranteed:9.3f} s   {fig.best:9.3f} s   "
             f"{fig.spread[0]:8.3f} to {fig.spread[1]:8.3f} s   {napkin:>8}"),
            f"  {'':<22} {LABELS[key]}: {fig.explanation}"]


def render_windows_text(w: ProtectionWindows) -> str:
    """A table: guaranteed (worst phase, with kubelet latency), best, spread, rule of thumb;
    each row named by its JSON key."""
    lines = [f"{visible(w.label)} | profile {w.profile}", "",
             (f"  {'window (JSON key)':<22}    guaranteed      best        ideal kubelet, over "
              "phases   F x P")]
    for key in ("startup_protection", "hang_detection", "hang_to_stopped", "hang_to_running"):
        lines += _row(getattr(w, key), key)
    if w.stall_never_restarts is not None:
        lines += [(f"  {'stall_*':<22} a stall of up to {w.stall_never_restarts:g} s never "
                   f"restarts (stall_never_restarts); longer can (stall_can_restart); "
                   f"{w.stall_always_restarts:g} s or longer always does "
                   "(stall_always_restarts)")]
    for key in ("readiness_down", "readiness_up", "first_ready", "deletion_to_not_ready",
                "pre_stop_vs_grace"):
        lines += _row(getattr(w, key), key)
    lines += ["", ("guaranteed: holds at every grid phase, including the kubelet's own "
                   "latencies; best: the luckiest phase; F x P: rule_of_thumb.")]
    return "\n".join(lines) + "\n"
