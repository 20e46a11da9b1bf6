"""Rendering `kubesim windows`: the protection windows as a text table or a JSON document.
Prints nothing."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from kubesim.analysis.windows import Figure, ProtectionWindows
from kubesim.render.edge import visible
from kubesim.render.report import kubelet_words

__all__ = ["LABELS", "render_windows", "render_windows_text", "windows_document"]


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
    lines = [f"{visible(w.label)} | {kubelet_words(w.profile)}", "",
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


def render_windows(w: ProtectionWindows, fmt: str) -> str:
    """The windows in `fmt` (text or json)."""
    if fmt == "json":
        return json.dumps(windows_document(w), indent=2) + "\n"
    return render_windows_text(w)
