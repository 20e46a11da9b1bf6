"""`kubesim windows`: the protection windows of a container's probes, as text or JSON."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Any

from kubesim.cli.args import add_kubelet_args, add_output_args, profile_of
from kubesim.spec.manifests import load_spec
from kubesim.analysis.windows import Figure, Windows, protection_windows

__all__ = ["add_parser", "render_windows_text", "run", "windows_document"]


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register `windows` and its options."""
    cmd = sub.add_parser("windows", help="exact protection windows of a container's probes",
                         description="How long a startup may take, how fast a hang is "
                                     "caught, how long a stall is survived, how fast Ready "
                                     "follows an outage: worst and best grid phase.")
    cmd.add_argument("spec", help="manifest or compact probe spec (YAML); - for stdin")
    cmd.add_argument("--container", metavar="NAME", help="which container's probes")
    add_output_args(cmd, ["text", "json"])
    add_kubelet_args(cmd, engine=False)


def run(args: argparse.Namespace) -> tuple[str, int]:
    """Compute and render; exit code 0."""
    pod = load_spec(args.spec, args.container)
    windows = protection_windows(pod, profile_of(args))
    if args.format == "json":
        return json.dumps(windows_document(windows), indent=2) + "\n", 0
    return render_windows_text(windows), 0


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def windows_document(w: Windows) -> dict[str, Any]:
    """The JSON document: every figure with guaranteed, best, spread and latency."""
    doc: dict[str, Any] = {}
    for name, value in asdict(w).items():
        if isinstance(value, dict):
            doc[name] = {k: ([_r(x) for x in v] if isinstance(v, tuple | list) else
                             _r(v) if isinstance(v, float) else v) for k, v in value.items()}
        elif name not in doc:
            doc[name] = _r(value) if isinstance(value, float) else value
    return doc


def _row(fig: Figure | None, label: str) -> list[str]:
    if fig is None:
        return []
    sign = ">=" if fig.kind == "at least" else "<="
    napkin = "" if fig.rule_of_thumb is None else f"{fig.rule_of_thumb:g} s"
    return [f"  {label:<22} {sign} {fig.guaranteed:9.3f} s   {fig.best:9.3f} s   "
            f"{fig.spread[0]:8.3f} to {fig.spread[1]:8.3f} s   {napkin:>8}",
            f"  {'':<22} {fig.explanation}"]


def render_windows_text(w: Windows) -> str:
    """A table: guaranteed (worst phase, with kubelet latency), best, spread, rule of thumb."""
    lines = [f"{w.label} | profile {w.profile}", "",
             f"  {'window':<22}    guaranteed      best        ideal kubelet, over phases   "
             "F x P"]
    lines += _row(w.startup_protection, "startup protection")
    lines += _row(w.hang_detection, "hang -> kill decision")
    lines += _row(w.hang_to_stopped, "hang -> stopped")
    lines += _row(w.hang_to_running, "hang -> new running")
    if w.stall_never_restarts is not None:
        lines += [f"  {'stall tolerance':<22} a stall of up to {w.stall_never_restarts:g} s "
                  f"never restarts; longer can; {w.stall_always_restarts:g} s or longer "
                  "always does"]
    lines += _row(w.readiness_down, "outage -> not Ready")
    lines += _row(w.readiness_up, "recovery -> Ready")
    lines += _row(w.first_ready, "start -> first Ready")
    lines += _row(w.deletion_to_not_ready, "deletion -> not Ready")
    lines += _row(w.pre_stop_vs_grace, "preStop vs grace")
    lines += ["", "guaranteed: holds at every grid phase, including the kubelet's own "
              "latencies; best: the luckiest phase."]
    return "\n".join(lines) + "\n"
