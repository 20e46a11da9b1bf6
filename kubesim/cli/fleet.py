"""`kubesim fleet`: N replicas of one pod against one behaviour; capacity over time."""

from __future__ import annotations

import argparse
import math
import re
from typing import TYPE_CHECKING

from kubesim.behaviour.horizon import default_duration
from kubesim.cli.args import (add_behaviour_args, add_duration_arg, add_kubelet_args,
                              add_output_args, load_behaviour, profile_of)
from kubesim.errors import UsageError
from kubesim.files import write_output
from kubesim.fleet.run import simulate_fleet
from kubesim.fleet.settings import DEFAULT_PROPAGATION_SECONDS, FleetSettings, LoadModel
from kubesim.render.fleet_report import fleet_document, render_fleet_json, render_fleet_text
from kubesim.spec.manifests import load_spec

if TYPE_CHECKING:
    from kubesim.spec.model import ProbedContainer

__all__ = ["add_fleet_args", "add_parser", "fleet_settings_of", "run"]

_LOAD = re.compile(r"^\s*([0-9.eE+]+)\s*:\s*([0-9.eE+]+)\s*$")


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register `fleet` and its options."""
    p = sub.add_parser("fleet", help="N replicas of a pod sharing an outage: capacity over time",
                       description="Simulate every replica's kubelet against one behaviour "
                                   "and report serving capacity over time.")
    p.add_argument("spec", help="manifest or compact probe spec (YAML); - for stdin")
    add_behaviour_args(p)
    add_duration_arg(p)
    p.add_argument("--seed", type=int, default=0, metavar="N", help="random seed (0)")
    add_fleet_args(p)
    p.add_argument("--container", metavar="NAME", help="which container's probes")
    add_output_args(p, ["text", "json"])
    p.add_argument("--plot", metavar="FILE.png",
                   help="also draw capacity and one swimlane per replica (needs kubesim[plot])")
    add_kubelet_args(p)


def add_fleet_args(p: argparse.ArgumentParser) -> None:
    """The fleet's settings, shared by `fleet` and `sweep --fleet`."""
    p.add_argument("--replicas", type=int, metavar="N",
                   help="replicas (default: the workload's spec.replicas, else 3)")
    p.add_argument("--start-spread", type=float, default=0.0, metavar="S",
                   help="replicas' first containers start uniformly within S seconds (0)")
    p.add_argument("--propagation", type=float, metavar="S",
                   help="seconds from a Ready change to traffic following it "
                        f"({DEFAULT_PROPAGATION_SECONDS:g}; 0 with --ideal)")
    p.add_argument("--load", metavar="RPS:CAPACITY",
                   help="opt-in load model: RPS requests/s shared by the serving replicas, "
                        "each serving CAPACITY requests/s (backlog slows probes)")
    p.add_argument("--min-capacity", type=int, metavar="K",
                   help="count seconds with fewer than K serving endpoints (default: all)")


def fleet_settings_of(args: argparse.Namespace, pod: ProbedContainer) -> FleetSettings:
    """The fleet the arguments describe, for `pod`."""
    replicas = args.replicas if args.replicas is not None else (pod.replicas or 3)
    propagation = args.propagation
    if propagation is None:
        propagation = 0.0 if args.ideal else DEFAULT_PROPAGATION_SECONDS
    return FleetSettings(replicas=replicas, start_spread=args.start_spread,
                         propagation_seconds=propagation, load=_load(args.load),
                         min_capacity=args.min_capacity)


def _load(text: str | None) -> LoadModel | None:
    if text is None:
        return None
    m = _LOAD.match(text)
    values = [float(v) for v in m.groups()] if m else []
    if not values or not all(math.isfinite(v) and v > 0 for v in values):
        raise UsageError(f"--load {text!r} must be RPS:CAPACITY, two positive numbers "
                         "(requests per second of the service, and of one replica)")
    return LoadModel(values[0], values[1])


def run(args: argparse.Namespace) -> tuple[str, int]:
    """Simulate the fleet and render it (and draw it, with --plot); exit code 0."""
    if args.spec == "-" and "-" in (args.scenario, args.trace):
        raise UsageError("only one input can come from stdin")
    if args.plot is not None:
        from kubesim.render.plot import check_output

        check_output(args.plot)
    pod = load_spec(args.spec, args.container)
    behaviour = load_behaviour(args)
    profile = profile_of(args)
    if args.duration is None:
        args.duration = default_duration(behaviour)
    elif not args.duration > 0:
        raise UsageError(f"--duration {args.duration:g}: must be > 0")
    settings = fleet_settings_of(args, pod)
    replicas = settings.replicas
    fleet = simulate_fleet(pod, behaviour, settings, duration=args.duration, seed=args.seed,
                           profile=profile, engine=args.engine)
    meta = {"spec": pod.source, "object": pod.label, "container": pod.container.name,
            "behaviour": args.scenario or args.trace or "healthy", "profile": profile.name}
    if args.plot is not None:
        _draw(fleet_document(fleet, meta=meta), pod, behaviour, args)
    if args.format == "json":
        return render_fleet_json(fleet, meta=meta), 0
    return render_fleet_text(fleet, title=f"{pod.label} x {replicas} | behaviour: "
                                          f"{meta['behaviour']}"), 0


def _draw(doc: dict, pod: object, behaviour: object, args: argparse.Namespace) -> None:
    from kubesim.render.fleet_plot import render_fleet_png
    from kubesim.render.plot import plot_meta

    windows = plot_meta(pod, behaviour, args.duration).get("windows", [])  # type: ignore[arg-type]
    write_output(args.plot, render_fleet_png(doc, windows), what="--plot")
