"""`kubesim fleet`: N replicas of one pod against one behaviour; capacity over time."""

from __future__ import annotations

import argparse
import math
import re
from typing import TYPE_CHECKING, Any

from kubesim.analysis.budget import check_budget, check_duration, fleet_work
from kubesim.behaviour.horizon import default_duration
from kubesim.behaviour.scenario import load_scenario
from kubesim.cli.args import (
    add_behaviour_args,
    add_budget_arg,
    add_duration_arg,
    add_kubelet_args,
    add_output_args,
    int_or_percent_arg,
    load_behaviour,
    profile_of,
    seed_arg,
)
from kubesim.errors import UsageError
from kubesim.files import check_output_path, write_output
from kubesim.fleet.drain import DrainSettings, simulate_drain
from kubesim.fleet.rollout import RolloutSettings, simulate_rollout
from kubesim.fleet.run import simulate_fleet
from kubesim.fleet.settings import (
    DEFAULT_PROPAGATION_SECONDS,
    MAX_PROPAGATION_SECONDS,
    MAX_REPLICAS,
    FleetSettings,
    LoadModel,
)
from kubesim.render.fleet_report import fleet_document, render_fleet_json, render_fleet_text
from kubesim.spec.manifests import load_spec
from kubesim.spec.model import DeploymentStrategy

if TYPE_CHECKING:
    from kubesim.spec.model import ProbedContainer

__all__ = ["add_fleet_args", "add_parser", "fleet_settings_of", "run"]

_LOAD = re.compile(r"^\s*([^:\s]+)\s*:\s*([^:\s]+)\s*$")


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register `fleet` and its options."""
    p = sub.add_parser("fleet", help="N replicas of a pod sharing an outage: capacity over time",
                       description="Simulate every replica's kubelet against one behaviour "
                                   "and report serving capacity over time.")
    p.add_argument("spec", help="manifest or compact probe spec (YAML); - for stdin")
    add_behaviour_args(p)
    add_duration_arg(p)
    p.add_argument("--seed", type=seed_arg, default=0, metavar="N", help="random seed (0)")
    add_fleet_args(p)
    p.add_argument("--container", metavar="NAME", help="which container's probes")
    r = p.add_argument_group("rolling update (a Deployment's strategy; flags override it)")
    r.add_argument("--rollout-at", type=float, metavar="S",
                   help="apply a new pod template at S seconds and roll the fleet to it")
    r.add_argument("--new", metavar="SPEC", help="the new version's manifest (default: SPEC)")
    r.add_argument("--new-scenario", metavar="FILE",
                   help="how the new version behaves (default: the same behaviour)")
    r.add_argument("--max-surge", type=int_or_percent_arg, metavar="N|P%",
                   help="strategy.rollingUpdate.maxSurge")
    r.add_argument("--max-unavailable", type=int_or_percent_arg, metavar="N|P%",
                   help="strategy.rollingUpdate.maxUnavailable (at most 100%%; not 0 when "
                        "maxSurge is 0)")
    r.add_argument("--min-ready-seconds", type=int, metavar="S", help="spec.minReadySeconds")
    r.add_argument("--progress-deadline", type=int, metavar="S",
                   help="spec.progressDeadlineSeconds (greater than minReadySeconds)")
    r.add_argument("--pod-start", type=float, default=2.0, metavar="S",
                   help="from a new pod's creation to its first container running (2)")
    d = p.add_argument_group("node drain under a PodDisruptionBudget")
    d.add_argument("--drain-at", type=float, metavar="S",
                   help="drain a node at S seconds: evict the workload's pods on it")
    d.add_argument("--drain-pods", type=int, default=1, metavar="K",
                   help="how many of the replicas run on the drained node (1)")
    pdb = d.add_mutually_exclusive_group()
    pdb.add_argument("--pdb-min-available", type=int_or_percent_arg, metavar="N|P%",
                     help="the PodDisruptionBudget's minAvailable (at most 100%%)")
    pdb.add_argument("--pdb-max-unavailable", type=int_or_percent_arg, metavar="N|P%",
                     help="the PodDisruptionBudget's maxUnavailable (at most 100%%)")
    d.add_argument("--unhealthy-pod-eviction-policy", choices=["IfHealthyBudget", "AlwaysAllow"],
                   default="IfHealthyBudget", help="the budget's policy for pods not Ready")
    add_output_args(p, ["text", "json"])
    p.add_argument("--plot", metavar="FILE.png",
                   help="also draw capacity and one swimlane per replica (needs kubesim[plot])")
    add_kubelet_args(p)
    add_budget_arg(p)


def add_fleet_args(p: argparse.ArgumentParser) -> None:
    """The fleet's settings, shared by `fleet` and `sweep --fleet`."""
    p.add_argument("--replicas", type=int, metavar="N",
                   help="replicas (default: the workload's spec.replicas, else 3; at most "
                        f"{MAX_REPLICAS:,})")
    p.add_argument("--start-spread", type=float, default=0.0, metavar="S",
                   help="replicas' first containers start uniformly within S seconds (0)")
    p.add_argument("--propagation", type=float, metavar="S",
                   help="seconds from a Ready change to traffic following it "
                        f"({DEFAULT_PROPAGATION_SECONDS:g}; 0 with --ideal; at most "
                        f"{MAX_PROPAGATION_SECONDS:g})")
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
    values = []
    for part in m.groups() if m else ():
        try:
            values.append(float(part))
        except ValueError:
            break
    if len(values) != 2 or not all(math.isfinite(v) and v > 0 for v in values):
        raise UsageError(f"--load {text[:40]!r} must be RPS:CAPACITY, two positive numbers "
                         "(requests per second of the service, and of one replica)")
    return LoadModel(values[0], values[1])


def run(args: argparse.Namespace) -> tuple[str, int]:
    """Simulate the fleet and render it (and draw it, with --plot); exit code 0."""
    if args.spec == "-" and "-" in (args.scenario, args.trace):
        raise UsageError("only one input can come from stdin")
    if args.rollout_at is not None and args.drain_at is not None:
        raise UsageError("--rollout-at and --drain-at: one at a time")
    if args.plot is not None:
        from kubesim.render.plot import check_output

        check_output(args.plot)
        check_output_path(args.plot, "--plot", output=args.output)
    pod = load_spec(args.spec, args.container)
    behaviour = load_behaviour(args)
    profile = profile_of(args)
    if args.duration is None:
        args.duration = default_duration(behaviour)
    check_duration(args.duration)
    settings = fleet_settings_of(args, pod)
    settings.check_run(args.duration)
    replicas = settings.replicas
    common = {"duration": args.duration, "seed": args.seed, "profile": profile,
              "engine": args.engine}
    if args.drain_at is not None:
        drain = DrainSettings(
            at=args.drain_at, pods=args.drain_pods, min_available=args.pdb_min_available,
            max_unavailable=args.pdb_max_unavailable,
            always_allow=args.unhealthy_pod_eviction_policy == "AlwaysAllow",
            pod_start_seconds=args.pod_start)
        _check_fleet_work(args, pod, behaviour, settings, profile, drained=drain.pods)
        fleet = simulate_drain(pod, behaviour, settings, drain, **common)  # type: ignore[arg-type]
    elif args.rollout_at is not None:
        new_pod, new_behaviour, rollout = _rollout(args, pod, behaviour)
        _check_fleet_work(args, pod, behaviour, settings, profile, rollout=new_pod,
                          new_behaviour=new_behaviour)
        fleet = simulate_rollout(pod, new_pod, behaviour, new_behaviour, settings, rollout,
                                 **common)  # type: ignore[arg-type]
    else:
        _check_fleet_work(args, pod, behaviour, settings, profile)
        fleet = simulate_fleet(pod, behaviour, settings, **common)  # type: ignore[arg-type]
    meta = {"spec": pod.source, "object": pod.label, "container": pod.container.name,
            "behaviour": args.scenario or args.trace or "healthy", "profile": profile.name}
    if args.plot is not None:
        _draw(fleet_document(fleet, meta=meta), pod, behaviour, args)
    if args.format == "json":
        return render_fleet_json(fleet, meta=meta), 0
    return render_fleet_text(fleet, title=f"{pod.label} x {replicas} | behaviour: "
                                          f"{meta['behaviour']}"), 0


def _check_fleet_work(args: argparse.Namespace, pod: ProbedContainer, behaviour: Any,
                      settings: FleetSettings, profile: Any, **controllers: Any) -> None:
    """The fleet's work within --max-work, before any replica starts."""
    work = fleet_work(pod, behaviour, args.duration, profile, replicas=settings.replicas,
                      engine=args.engine, loaded=settings.load is not None, **controllers)
    check_budget(work, args.max_work, what=f"this fleet ({settings.replicas} replicas x "
                                           f"{args.duration:g} s)")


def _rollout(args: argparse.Namespace, pod: ProbedContainer, behaviour: Any
             ) -> tuple[ProbedContainer, Any, RolloutSettings]:
    """The new version (SPEC or --new), how it behaves, and the rollout to it at --rollout-at
    with the Deployment's strategy (flags override it; the API server's rules hold for the
    result, spec.api_rules)."""
    new_pod = load_spec(args.new, args.container) if args.new else pod
    new_behaviour = load_scenario(args.new_scenario) if args.new_scenario else behaviour
    base = new_pod.strategy or pod.strategy or DeploymentStrategy()
    recreate = base.type == "Recreate"
    surge, unavailable = args.max_surge, args.max_unavailable
    if recreate and (surge is not None or unavailable is not None):
        raise UsageError("strategy Recreate has no maxSurge or maxUnavailable")
    rollout = RolloutSettings(
        at=args.rollout_at, max_surge=surge if surge is not None else base.max_surge,
        max_unavailable=unavailable if unavailable is not None else base.max_unavailable,
        min_ready_seconds=(args.min_ready_seconds if args.min_ready_seconds is not None
                           else base.min_ready_seconds),
        progress_deadline_seconds=(args.progress_deadline if args.progress_deadline
                                   is not None else base.progress_deadline_seconds),
        pod_start_seconds=args.pod_start, recreate=recreate)
    return new_pod, new_behaviour, rollout


def _draw(doc: dict, pod: object, behaviour: object, args: argparse.Namespace) -> None:
    from kubesim.render.fleet_plot import render_fleet_png
    from kubesim.render.plot import plot_meta

    windows = plot_meta(pod, behaviour, args.duration).get("windows", [])  # type: ignore[arg-type]
    write_output(args.plot, render_fleet_png(doc, windows), what="--plot")
