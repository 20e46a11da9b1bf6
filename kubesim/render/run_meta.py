"""What a run's document says besides its records, for a picture to be drawn from it alone:
each probe's target and settings, and the behaviour's outages and stalls (`plot_meta`).

Every `run` writes these fields, whatever its format; the picture (`kubesim.render.plot`) and
its marks load only when one is drawn (issue 31 item 1: start-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour, Window
    from kubesim.spec.model import ProbedContainer

__all__ = ["plot_meta"]


def plot_meta(pod: ProbedContainer, behaviour: Behaviour, duration: float) -> dict[str, Any]:
    """Extra `run` fields that make the document self-contained for a picture:
    `probe_specs` (per declared probe: target and settings, Kubernetes names) and `windows`
    (the behaviour's outages and stalls up to `duration`: `{start, end, label}`)."""
    keep = _probed(pod, behaviour)
    # a window open to the end (a hang, `to: null`) is shaded up to the end of the run
    windows = [{"start": round(w.start, 6), "end": round(min(w.end, duration), 6),
                "label": w.label}
               for w in behaviour.windows(duration) if w.start < duration and keep(w)]
    meta: dict[str, Any] = {"probe_specs": _specs(pod.container), "windows": windows}
    if len(pod.containers) > 1:  # a lane group per container: each one's probes
        meta["container_probe_specs"] = {c.name: _specs(c) for c in pod.containers
                                         if not c.init}
    return meta


def _specs(container: Any) -> dict[str, Any]:
    """Per declared probe of `container`: its target and settings (Kubernetes names)."""
    specs = {}
    for probe_type, probe in container.probes().items():
        specs[probe_type.value] = {
            "target": container.target(probe_type).key,
            "initialDelaySeconds": probe.initial_delay_seconds,
            "periodSeconds": probe.period_seconds,
            "timeoutSeconds": probe.timeout_seconds,
            "successThreshold": probe.success_threshold,
            "failureThreshold": probe.failure_threshold,
        }
    return specs


def _probed(pod: ProbedContainer, behaviour: Behaviour) -> Any:
    """Whether a window touches what this container's probes ask: an outage of a target no
    probe asks, of a dependency no probed target depends on, or a stall of handler kinds no
    probe uses is not shaded (it changes nothing in the picture)."""
    from kubesim.behaviour.synthetic import is_scenario, is_trace  # asks, never loads

    # every running container's probes, by short and by scoped key (web:8080/healthz)
    targets = [c.target(t) for c in pod.containers if not c.init for t in c.probes()]
    keys = {t.key for t in targets} | {t.scoped for t in targets if t.scoped}
    if is_trace(behaviour):
        recorded = set(behaviour.targets)
        return lambda w: not (w.label.endswith(" failing")
                              and w.label.removesuffix(" failing") in recorded
                              and w.label.removesuffix(" failing") not in keys)
    if not is_scenario(behaviour):
        return lambda w: True
    listed = set(behaviour.targets)
    deps = {d for k in keys for d in behaviour.target_spec(k).depends_on}
    kinds = {t.kind.value for t in targets}
    stalls = [(st.interval(0.0)[0], bool(kinds & set(st.kinds))) for st in behaviour.stalls]
    own = {k: k in keys or (k == "*" and bool(keys - listed)) for k in listed}

    def keep(w: Window) -> bool:
        label = w.label
        if label in ("stall", "stall (since start)"):  # a stall that starts there, affecting
            return any(hit for start, hit in stalls if start == w.start)  # a probed kind
        name = label.removesuffix(" down")
        if name != label and name in behaviour.dependencies:
            return name in deps
        key = next((k for k in sorted(listed, key=len, reverse=True)
                    if label.startswith(f"{k}: ")), None)
        return own.get(key, True) if key is not None else True

    return keep
