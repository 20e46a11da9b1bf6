"""`kubesim fleet`: N replicas of one pod on nodes and zones, under their controllers:
capacity over time, rollouts, drains."""

from __future__ import annotations

import argparse
import math
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kubesim.analysis.budget import (
    check_budget,
    check_duration,
    check_object,
    fleet_records,
    fleet_work,
)
from kubesim.behaviour.horizon import default_duration
from kubesim.behaviour.replicas import TraceCast
from kubesim.behaviour.scenario import load_scenario
from kubesim.cli.args import (
    add_behaviour_args,
    add_budget_arg,
    add_fleet_args,
    add_kubelet_args,
    add_render_args,
    int_or_percent_arg,
    load_behaviour,
    profile_of,
    render_options_of,
)
from kubesim.cli.command import CommandResult
from kubesim.cli.options import DRAIN_GROUP, FLEET, ROLLOUT_GROUP
from kubesim.errors import UsageError
from kubesim.files import write_output
from kubesim.fleet.casting import cast, members_of, window_pods
from kubesim.fleet.control import Version
from kubesim.fleet.settings import (
    DrainSettings,
    FleetSettings,
    LoadModel,
    RolloutSettings,
    budget_fields,
    fleet_settings,
)
from kubesim.fleet.workload import simulate_started, simulate_workload
from kubesim.options import add_option
from kubesim.render.edge import visible
from kubesim.render.fleet_report import fleet_document, iter_fleet_json, render_fleet_text
from kubesim.render.report import pod_header
from kubesim.spec.api_rules import statefulset_update_problem
from kubesim.spec.model import DeploymentStrategy
from kubesim.spec.workload import load_fleet_spec

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.records import FleetRun
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer
    from kubesim.spec.workload import FleetSpec, StatefulSetSpec

__all__ = ["add_parser", "fleet_settings_of", "run"]

_LOAD = re.compile(r"^\s*([^:\s]+)\s*:\s*([^:\s]+)\s*$")
MAX_LIST = 10_000  # values in one comma-separated flag


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `fleet` and its options."""
    p = sub.add_parser("fleet", help="N replicas of a pod sharing an outage: capacity over time",
                       description="Simulate every replica's kubelet on its node, under the "
                                   "workload's controllers, and report serving capacity over "
                                   "time (docs/fleet.md).")
    add_option(p, FLEET["spec"])
    add_behaviour_args(p, many_traces=True)
    for name in ("duration", "seed"):
        add_option(p, FLEET[name])
    add_fleet_args(p)
    add_option(p, FLEET["container"])
    r = p.add_argument_group(ROLLOUT_GROUP)
    for name in ("rollout_at", "new", "new_scenario", "max_surge", "max_unavailable",
                 "min_ready_seconds", "progress_deadline", "partition", "pod_start"):
        add_option(r, FLEET[name])
    d = p.add_argument_group(DRAIN_GROUP)
    add_option(d, FLEET["drain_at"])
    which = d.add_mutually_exclusive_group()
    for name in ("drain_node", "drain_pods", "drain_replicas"):
        add_option(which, FLEET[name])
    pdb = d.add_mutually_exclusive_group()
    for name in ("pdb_min_available", "pdb_max_unavailable"):
        add_option(pdb, FLEET[name])
    add_option(d, FLEET["unhealthy_pod_eviction_policy"])
    for name in ("format", "output", "plot"):
        add_option(p, FLEET[name])
    add_render_args(p)
    add_kubelet_args(p)
    add_budget_arg(p)


def _numbers(text: str, flag: str) -> tuple[float, ...]:
    parts = text.split(",")
    if len(parts) > MAX_LIST:
        raise UsageError(f"{flag}: at most {MAX_LIST} values")
    try:
        values = tuple(float(v) for v in parts)
    except ValueError:
        raise UsageError(f"{flag} {text[:60]!r} must be numbers separated by commas, "
                         "like 0,5,10") from None
    return values


def _names(text: str, flag: str) -> tuple[str, ...]:
    parts = tuple(v.strip() for v in text.split(","))
    if len(parts) > MAX_LIST or not all(parts):
        raise UsageError(f"{flag} {text[:60]!r} must be names separated by commas, like "
                         "zone-a,zone-b")
    return parts


def fleet_settings_of(args: argparse.Namespace, pod: ProbedContainer,
                      spec: FleetSpec | None = None) -> FleetSettings:
    """The fleet the arguments describe, for `pod` (and the Service `spec` read), built as
    `kubesim check` builds its fleet checks' (`fleet_settings`)."""
    replicas = args.replicas if args.replicas is not None else (pod.replicas or 3)
    return fleet_settings(
        replicas, start_spread=args.start_spread, start_times=args.start_times,
        propagation_seconds=args.propagation, ideal=args.ideal,
        service=spec.services[0] if spec is not None and spec.services else None,
        publish_not_ready_addresses=args.publish_not_ready_addresses,
        load=_load(args.load), min_capacity=args.min_capacity, nodes=args.nodes,
        zones=None if args.zones is None else _names(args.zones, "--zones"))


def _load(text: str | None) -> LoadModel | None:
    if text is None:
        return None
    m = _LOAD.match(text)
    values = []
    for part in m.groups() if m else ():
        try:
            values.append(float(part))
        except ValueError:  # 1.2.3
            break
    if len(values) != 2 or not all(math.isfinite(v) and v > 0 for v in values):
        raise UsageError(f"--load {text[:40]!r} must be RPS:CAPACITY, two positive numbers "
                         "(requests per second of the service, and of one replica)")
    return LoadModel(values[0], values[1])


def run(args: argparse.Namespace) -> CommandResult:
    """Simulate the fleet and render it (and draw it, with --plot); exit code 0."""
    if args.spec == "-" and "-" in (args.scenario, *(args.trace or ())):
        raise UsageError("only one input can come from stdin")
    if args.plot is not None:
        from kubesim.render.plot import check_output

        check_output(args.plot)
    spec = load_fleet_spec(args.spec, args.container, render=render_options_of(args))
    pod = spec.pod
    behaviour = load_behaviour(args)
    if args.duration is None:
        args.duration = max(default_duration(b) for b in _members(behaviour))
    check_duration(args.duration)
    fleet = _simulate(args, spec, behaviour)
    meta = {"spec": pod.source, "object": pod.label, "container": pod.container.name,
            "behaviour": args.scenario or ", ".join(args.trace or ()) or "healthy",
            "profile": profile_of(args).name}
    if args.plot is not None:
        _draw(fleet_document(fleet, meta=meta), pod, behaviour, args)
    if args.format == "json":
        return CommandResult(iter_fleet_json(fleet, meta=meta))
    return CommandResult(render_fleet_text(fleet, title=visible(
        f"{pod_header(pod, args.container is None)} x {fleet.settings.replicas} | "
        f"behaviour: {meta['behaviour']}")))


def _members(behaviour: Behaviour) -> list[Behaviour]:
    """The behaviours a fleet's pods may play: each of several traces, or the one."""
    return list(behaviour.traces) if isinstance(behaviour, TraceCast) else [behaviour]


def _simulate(args: argparse.Namespace, spec: FleetSpec, behaviour: Behaviour) -> FleetRun:
    """The plain fleet, or the workload under its controllers when they act: a rollout, a
    drain, a StatefulSet's ordered start."""
    pod, profile = spec.pod, profile_of(args)
    if args.rollout_at is None and any(v is not None for v in (
            args.max_surge, args.max_unavailable, args.progress_deadline, args.new,
            args.new_scenario, args.partition)):
        raise UsageError("--new, --new-scenario, --max-surge, --max-unavailable, "
                         "--progress-deadline and --partition need --rollout-at")
    if args.drain_at is None and any(v is not None for v in (
            args.drain_node, args.drain_pods, args.drain_replicas, args.pdb_min_available,
            args.pdb_max_unavailable, args.unhealthy_pod_eviction_policy)):
        raise UsageError("--drain-node, --drain-pods, --drain-replicas and the budget's flags "
                         "need --drain-at")
    settings = fleet_settings_of(args, pod, spec)
    settings.check_run(args.duration)
    sts = _statefulset(args, spec)
    if args.rollout_at is None and args.drain_at is None:  # as check's KS012/KS013 run it
        _check_fleet_work(args, pod, behaviour, settings, profile,
                          **({"controlled": True} if sts is not None else {}))
        return simulate_started(replace(spec, statefulset=sts), behaviour, settings,
                                duration=args.duration, seed=args.seed, profile=profile,
                                engine=args.engine, pod_start_seconds=args.pod_start)
    members = members_of(settings, pod.object_name, statefulset=sts is not None)
    versions = {"old": Version(pod, cast(behaviour, members), 1,
                               behaviour.uses_ready_fraction())}
    rollout = new_pod = new_behaviour = None
    if args.rollout_at is not None:
        new_pod = load_fleet_spec(args.new, args.container,
                                  render=render_options_of(args)).pod if args.new else pod
        new_behaviour = load_scenario(args.new_scenario) if args.new_scenario else behaviour
        versions["new"] = Version(new_pod, cast(new_behaviour, members), 2,
                                  new_behaviour.uses_ready_fraction())
        rollout = _rollout(args, pod, new_pod, sts is not None)
    drain = _drain(args, spec) if args.drain_at is not None else None
    drained = 0 if drain is None else (drain.pods or len(drain.replicas or ()) or
                                       settings.replicas)
    _check_fleet_work(args, pod, behaviour, settings, profile, controlled=True,
                      rollout=new_pod, new_behaviour=new_behaviour, drained=drained)
    strategy = pod.strategy or DeploymentStrategy()
    return simulate_workload(
        versions, settings, workload=pod.object_name, statefulset=sts,
        placement=spec.placement, rollout=rollout, drain=drain,
        min_ready_seconds=strategy.min_ready_seconds, duration=args.duration, seed=args.seed,
        profile=profile, engine=args.engine, pod_start_seconds=args.pod_start)


def _check_fleet_work(args: argparse.Namespace, pod: ProbedContainer, behaviour: Behaviour,
                      settings: FleetSettings, profile: KubeletProfile, **controllers: Any
                      ) -> None:
    """The object, then the fleet's work (every pod's probe records kept) within
    --max-work and its records within the memory ceiling, before any pod starts
    (kubesim.analysis.budget)."""
    check_object(pod, profile, args.max_work)
    work = fleet_work(pod, behaviour, args.duration, profile, replicas=settings.replicas,
                      nodes=settings.node_count, engine=args.engine,
                      loaded=settings.load is not None, keep=True, **controllers)
    kept = fleet_records(pod, behaviour, args.duration, profile, replicas=settings.replicas,
                         rollout=controllers.get("rollout"),
                         new_behaviour=controllers.get("new_behaviour"),
                         drained=controllers.get("drained", 0))
    shown = args.scenario or ", ".join(args.trace or ()) or "healthy"
    check_budget(work, args.max_work, kept=kept,
                 what=f"this fleet ({settings.replicas} replicas x {args.duration:g} s, "
                      f"behaviour {shown})")


def _int_or_percent(text: str | None, flag: str) -> int | str | None:
    """N or P% as given (an int or the text): the API server's rules for it are checked
    where it is used (fleet.settings, through kubesim.spec.api_rules)."""
    return None if text is None else int_or_percent_arg(text)


def _statefulset(args: argparse.Namespace, spec: FleetSpec) -> StatefulSetSpec | None:
    sts = spec.statefulset
    if sts is None:
        if args.partition is not None:
            raise UsageError("--partition is a StatefulSet's: this workload is a "
                             f"{spec.pod.object_kind}")
        return None
    if args.partition is not None:
        if args.partition < 0:
            raise UsageError(f"--partition {args.partition}: must be >= 0")
        sts = replace(sts, partition=args.partition)
    if args.max_unavailable is not None:
        value = _int_or_percent(args.max_unavailable, "--max-unavailable")
        problem = statefulset_update_problem(value)
        if problem is not None:
            raise UsageError(f"--max-unavailable: {problem}")
        sts = replace(sts, max_unavailable=value)
    if args.min_ready_seconds is not None:
        sts = replace(sts, min_ready_seconds=args.min_ready_seconds)
    return sts


def _rollout(args: argparse.Namespace, pod: ProbedContainer, new_pod: ProbedContainer,
             stateful: bool) -> RolloutSettings:
    """The rollout at --rollout-at with the workload's strategy (flags override it)."""
    if stateful:
        if args.max_surge is not None or args.progress_deadline is not None:
            raise UsageError("a StatefulSet has no maxSurge and no progressDeadlineSeconds")
        return RolloutSettings(at=args.rollout_at, pod_start_seconds=args.pod_start)
    base = new_pod.strategy or pod.strategy or DeploymentStrategy()
    recreate = base.type == "Recreate"
    surge = _int_or_percent(args.max_surge, "--max-surge")
    unavailable = _int_or_percent(args.max_unavailable, "--max-unavailable")
    if recreate and (surge is not None or unavailable is not None):
        raise UsageError("strategy Recreate has no maxSurge or maxUnavailable")
    return RolloutSettings(
        at=args.rollout_at, max_surge=surge if surge is not None else base.max_surge,
        max_unavailable=unavailable if unavailable is not None else base.max_unavailable,
        min_ready_seconds=(args.min_ready_seconds if args.min_ready_seconds is not None
                           else base.min_ready_seconds),
        progress_deadline_seconds=(args.progress_deadline if args.progress_deadline
                                   is not None else base.progress_deadline_seconds),
        pod_start_seconds=args.pod_start, recreate=recreate)


def _drain(args: argparse.Namespace, spec: FleetSpec) -> DrainSettings:
    replicas = None
    if args.drain_replicas is not None:
        values = _numbers(args.drain_replicas, "--drain-replicas")
        if not all(v.is_integer() and v >= 0 for v in values):
            raise UsageError(f"--drain-replicas {args.drain_replicas[:60]!r} must be pod "
                             "indices (whole numbers >= 0) separated by commas")
        replicas = tuple(int(v) for v in values)
    fields = budget_fields(
        spec.budgets, min_available=_int_or_percent(args.pdb_min_available,
                                                    "--pdb-min-available"),
        max_unavailable=_int_or_percent(args.pdb_max_unavailable, "--pdb-max-unavailable"),
        policy=args.unhealthy_pod_eviction_policy)
    return DrainSettings(at=args.drain_at, pods=args.drain_pods, node=args.drain_node,
                         replicas=replicas, pod_start_seconds=args.pod_start, **fields)


def _draw(doc: dict, pod: ProbedContainer, behaviour: Behaviour,
          args: argparse.Namespace) -> None:
    from kubesim.render.fleet_plot import render_fleet_png
    from kubesim.render.plot import plot_meta

    windows = plot_meta(pod, behaviour, args.duration).get("windows", [])
    write_output(args.plot, render_fleet_png(doc, window_pods(doc, windows, behaviour,
                                                               args.duration)), what="--plot")

