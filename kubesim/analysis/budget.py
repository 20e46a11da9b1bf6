"""The work budget: how much simulation a command may do, estimated and checked before it starts.

Work is counted in units of one probe call simulated event by event on the fast scheduler
(two scheduler steps: the tick and the answer); `benchmarks/bench_budget.py` measures what a
unit costs and `tests/test_budget.py` holds every estimate above the work the engine then
really does. An estimate follows what the engine will do, not the nominal call count:

* **Stepped** runs (the reference scheduler, a fleet under load or controllers, a behaviour
  whose answers are drawn or that exits on a probe request, a relist not shorter than the
  resync): every probe tick and every pod sync is an event. Syncs come every
  `sync_gap(profile)` seconds at most: a resync, or a back-off requeue, each waiting for a
  newer PLEG relist (R1.15, R4.3, R4.14) — so `--kubelet resync_seconds=0.001` with `--ideal`
  counts its 1,000 syncs a second.
* **Jumped** runs (the fast scheduler, `kubesim.engine.jumps`, pods of any shape): quiet
  stretches cost almost nothing, so only the disturbed time is stepped — a scenario's
  outages, stalls and windows, each followed by its settling (thresholds, a kill's grace and
  back-off, the restart's start) and every container start and exit — plus a small cost per
  stretch and per resync drawn inside one.
* **Traces** are read as far as the run will read them (`Behaviour.replay_extent`: up to the
  run's length in trace time; kept, so the run reads nothing again) and counted from what
  they hold (`_trace_disturbed`): disturbed until their last observation there — stepped
  where observations come faster than the probes could jump, else jumped between them but
  for each change between passing and failing — with kills only where the killing probes'
  targets fail for long enough.
* **Records**: a run that keeps its probe calls (`run`, `fleet`) expands jumped stretches into
  one record per call (about BYTES_PER_CALL bytes each) and renders them, so it also costs
  every nominal call (`duration / periodSeconds` per probe).

The default budget, DEFAULT_MAX_WORK units, is about half a minute of stepped simulation on
this project's machine and about 1 GB of records at most; `--max-work N` on every command
that simulates raises (or lowers) it. Over the budget, the command stops before simulating
anything, with one line naming the estimate, the budget and the flag. Durations are at most
MAX_DURATION seconds (`check_duration`).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from kubesim.behaviour.answer import HEALTHY, Healthy
from kubesim.behaviour.lookup import jumps_apply
from kubesim.behaviour.synthetic import is_scenario
from kubesim.engine.parking import PARK_RETRY, parks_allowed
from kubesim.errors import UsageError
from kubesim.kubelet.restart_rules import reset_bound, restarts_in_place
from kubesim.kubelet.settings import BackoffRequeue
from kubesim.kubelet.timing import detection_seconds, resync_after
from kubesim.results import ProbeType
from kubesim.spec.targets import declared_ports, listener_index, resolve_targets

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour, ReplayExtent
    from kubesim.behaviour.scenario import AnswerSpec, Scenario, TargetSpec
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ContainerSpec, Probe, ProbedContainer

__all__ = [
    "BUILD_POINT",
    "BUILD_SCENARIO_POINT",
    "BYTES_PER_CALL",
    "DEFAULT_MAX_WORK",
    "Disturbed",
    "JUMPED_RESYNC",
    "LOADED",
    "LOADED_PER_REPLICA",
    "MAX_DURATION",
    "MAX_POINTS",
    "MEMORY_CEILING",
    "MIN_RUN",
    "OBJECT_SPAN",
    "PLACE_PER_NODE",
    "PLAN",
    "RECORD",
    "SIMPY",
    "STEPS_PER_UNIT",
    "UPDATE",
    "VISIT",
    "Meter",
    "calls",
    "check_budget",
    "check_duration",
    "check_object",
    "disturbed_seconds",
    "fleet_records",
    "fleet_work",
    "grid_floor",
    "object_work",
    "observer_calls",
    "records",
    "restart_bound",
    "run_work",
    "stepped_work",
    "sync_gap",
    "weight",
]

DEFAULT_MAX_WORK = 5_000_000
BYTES_PER_CALL = 200  # one probe record of a timeline, measured with tracemalloc
MAX_DURATION = 1e9  # seconds (about 31 years): beyond it float times lose their milliseconds
MEMORY_CEILING = 2e9  # bytes of probe records one command may hold, whatever --max-work says
OBJECT_SPAN = 3600.0  # seconds: one simulated hour of an object must fit the budget
MAX_POINTS = 50_000  # grid points of a sweep: each is built once and kept until it runs

# What one event costs, in units (one stepped probe call of the fast scheduler); measured by
# benchmarks/bench_budget.py on the project's machine.
STEPS_PER_UNIT = 2  # scheduler steps of one stepped probe call (its tick and its answer)
SYNC = 2.0  # a pod sync: its wake-up, a PLEG wait, and while not Ready a triggered probe (E6)
SIMPY = 2.0  # an event of the reference (simpy) scheduler
RECORD = 1.0  # a probe record expanded from a jumped stretch, kept and rendered
INSTANT = 0.5  # an event of one scheduler step: a call answered at once, a sync that triggers none
SETUP = 60.0  # a run's scheduler, kubelet and workers, made before its first event
START = 6.0  # a container start (and the kill or exit before it): PLEG notices, syncs, triggers
START_BESIDE = 2.0  # one more container started with the others: one relist and sync see all
JUMPED_RESYNC = 0.25  # a resync inside a jumped stretch: one jitter draw and a loop turn
# a probe result the cache announces (only on change, R1.20): its hop to the sync loop and
# the flush (two steps, INSTANT each), and the pod sync it queues (R3.9, R3.10)
UPDATE = 2 * INSTANT + SYNC
# what the jumps do beside the steps, per probe worker (HeapScheduler.visits and .plans):
# after every step, each worker's quiet test; at every try of a jump or a park, its plan
# (300 two-probe containers for an hour: 9 M tests and 180,000 plans, 0.9 s CPU, against
# 8,900 units of steps; fitted with the 100-container hour, benchmarks/bench_budget.py)
VISIT = 0.005
PLAN = 0.15
STRETCH = 2.0  # per probe, the ticks around a stretch the engine steps before it jumps
LOADED = 3.5  # a stepped call under a fleet's load model (the backlog and serving count) ...
LOADED_PER_REPLICA = 1 / 12  # ... and per replica (every call re-reads every replica's Ready)
LOOK_PER_POD = 0.05  # a controller's look (a rollout's reconcile, a drain's eviction) per pod
PLACE_PER_NODE = 0.25  # placing one pod: scoring one node (kube-scheduler's filter and score)
MIN_RUN = SETUP + START  # the least any run costs: its setup and its first container start
# building and validating one sweep point: its probes (about 0.2 ms), or its scenario too
# (about 0.9 ms), in units of a stepped run's (about 15 us here; benchmarks/bench_budget.py)
BUILD_POINT = 15.0
BUILD_SCENARIO_POINT = 60.0
_FOREVER = math.inf

_KILLERS = (ProbeType.LIVENESS, ProbeType.STARTUP)


def calls(pod: ProbedContainer, duration: float, periods: dict[str, int] | None = None) -> float:
    """Nominal probe calls of one run of `pod` for `duration` seconds, every probe of every
    container; `periods` overrides the period of a probe by its field name (a sweep's
    smallest value)."""
    total = 0.0
    for probe_type, probe in _probes(pod):
        total += duration / _period(probe_type, probe, periods) + 2
    return total


def sync_gap(profile: KubeletProfile, *, restarts: bool = True) -> float:
    """The shortest mean time between two pod syncs: a resync (R1.15), or with `restarts` a
    back-off requeue (R4.14), and never more often than the PLEG relists (R4.3: a sync waits
    for a relist newer than the previous one)."""
    timer = profile.resync_seconds
    if restarts and profile.backoff_requeue is BackoffRequeue.ERROR_REQUEUE:
        timer = min(timer, profile.error_requeue_seconds)
    return max(profile.relist_seconds, timer, 1e-9)


def stepped_work(pod: ProbedContainer, duration: float, profile: KubeletProfile, *,
                 periods: dict[str, int] | None = None, restarts: float = 0.0) -> float:
    """Work of a run whose every probe tick and pod sync is an event (fast scheduler), with
    at most `restarts` kills or exits and their restarts."""
    gap = sync_gap(profile, restarts=restarts > 0)
    return (SETUP + calls(pod, duration, periods) - _started_skips(pod, duration, periods, restarts)
            + SYNC * (duration / gap + 2) + _starts(pod, restarts))


def _started_skips(pod: ProbedContainer, duration: float, periods: dict[str, int] | None,
                   restarts: float) -> float:
    """What `calls` counts too much for startup probes: once a container has started, its
    startup worker's ticks are skipped (R1.27), one scheduler step each (INSTANT), not a
    call; each container life calls it at most through its initial delay and
    failureThreshold + 1 ticks."""
    skipped = 0.0
    for probe_type, probe in _probes(pod):
        if probe_type is ProbeType.STARTUP:
            period = _period(probe_type, probe, periods)
            called = _startup_calls(probe, period, restarts)
            skipped += (1 - INSTANT) * max(duration / period + 2 - called, 0.0)
    return skipped


def _startup_calls(probe: Probe, period: float, restarts: float) -> float:
    """The most calls a startup probe makes: in each container life, through its initial
    delay and failureThreshold + 1 ticks (then it has succeeded, or killed the container)."""
    return (1 + restarts) * (probe.initial_delay_seconds / period + probe.failure_threshold + 2)


def _starts(pod: ProbedContainer, restarts: float) -> float:
    """The work of the containers' starts: the first and every restart at START, each other
    container of the pod started beside the first at START_BESIDE."""
    return START * (1 + restarts) + START_BESIDE * (len(pod.containers) - 1)


def run_work(pod: ProbedContainer, behaviour: Behaviour, duration: float,
             profile: KubeletProfile, *, engine: str = "fast", keep: bool = False,
             jumps: bool = True, periods: dict[str, int] | None = None,
             parks: bool = False) -> float:
    """The estimated work of one run (see the module doc): `engine` and `jumps` as the run
    will use them, `keep` if its probe records are kept, `periods` a sweep's smallest
    periodSeconds by probe field, `parks` if it parks steady containers (`simulate`'s runs;
    not a sweep's nor a fleet's; a run whose park may fail is made again without, and
    counted so, `_may_unpark`)."""
    duration = _until_deleted(pod, behaviour, duration)
    restarts = restart_bound(pod, behaviour, duration, profile)
    jumped = engine == "fast" and jumps and jumps_apply(pod, behaviour, profile)
    if not jumped:
        work = (_healthy_stepped(pod, duration, profile, periods)
                if isinstance(behaviour, Healthy) else
                stepped_work(pod, duration, profile, periods=periods, restarts=restarts)
                + UPDATE * _updates(pod, behaviour, duration, restarts))
        work *= (SIMPY if engine == "simpy" else 1.0) * weight(behaviour)
    else:  # weighed call by call (`_weights`)
        work = _jumped_work(pod, behaviour, duration, profile, periods, parks)
    work += _retried(pod, behaviour, duration, profile, periods)
    work += RECORD * records(pod, behaviour, duration, profile) if keep else 0.0
    if parks and jumped and _may_unpark(pod, behaviour, restarts, profile):
        work += run_work(pod, behaviour, duration, profile, keep=keep, periods=periods)
    return work


def _updates(pod: ProbedContainer, behaviour: Behaviour, duration: float,
             restarts: float) -> float:
    """The results a stepped run's caches may announce (`_trace_updates`; a trace's)."""
    if is_scenario(behaviour):
        return 0.0
    extent = _extent(pod, behaviour, duration)
    if extent is None:
        return 0.0
    return _trace_updates(pod, behaviour, duration, restarts, replay=extent.replay)


def _may_unpark(pod: ProbedContainer, behaviour: Behaviour, restarts: float,
                profile: KubeletProfile) -> bool:
    """Whether a run that parks may have to be made again without (`Unparked`,
    `kubesim.engine.jumps`): the engine parks a container whose probes another container's
    process answers (R2.5) while that process runs, and the park fails if it dies (a run
    that can hold a kill or an exit, `restart_bound`)."""
    if restarts <= 0 or not parks_allowed(pod, profile.restart_all_containers):
        return False
    return any(not pod.containers[i].init for i, _ in _borrowed(pod, behaviour))


def _retried(pod: ProbedContainer, behaviour: Behaviour, duration: float,
             profile: KubeletProfile, periods: dict[str, int] | None) -> float:
    """The retries of the prober errors a trace answers (R2.2: an error is tried again at
    once, three attempts in all): two more calls a tick of every probe through its erring
    time, once (`wall`) or in every container's life (`replay`)."""
    if isinstance(behaviour, Healthy) or is_scenario(behaviour):
        return 0.0
    extent = _extent(pod, behaviour, duration)
    if extent is None or extent.erring <= 0:
        return 0.0
    passes = 1 + restart_bound(pod, behaviour, duration, profile) if extent.replay else 1.0
    seconds = min(duration, passes * extent.erring)
    return 2 * sum(seconds / _period(t, p, periods) + passes for t, p in _probes(pod))


def _healthy_stepped(pod: ProbedContainer, duration: float, profile: KubeletProfile,
                     periods: dict[str, int] | None) -> float:
    """`stepped_work` of the healthy app: its answers are instant, so a call is one
    scheduler step (INSTANT), and once it has settled (Ready, its probes steady) a sync
    triggers no probe (E6) and is one step too; before, a sync costs SYNC."""
    gap = sync_gap(profile, restarts=False)
    unready = min(_unready_seconds(pod, profile), duration)
    return (SETUP + INSTANT * calls(pod, duration, periods) + SYNC * (unready / gap + 2)
            + INSTANT * (duration - unready) / gap + _starts(pod, 0.0))


def _unready_seconds(pod: ProbedContainer, profile: KubeletProfile) -> float:
    """How long the healthy app's pod may be not Ready: each container until its startup
    probe, then its readiness probe, has succeeded successThreshold times after its initial
    delay (a tick more for the grid's phase), the init containers and sidecars one after
    the other, the app containers side by side (R5.9), each after its start and a relist."""
    hop = profile.container_start_seconds + profile.relist_seconds + profile.sync_seconds

    def ready(c: ContainerSpec) -> float:
        return hop + sum(p.initial_delay_seconds + (p.success_threshold + 1) * p.period_seconds
                         + p.timeout_seconds for t, p in c.probes().items()
                         if t is not ProbeType.LIVENESS)
    first = sum(ready(c) for c in pod.containers if c.init or c.sidecar)
    return first + _siblings_seconds(pod, profile) + max((ready(c) for c in pod.containers if not (c.init or c.sidecar)),
                       default=0.0)


def fleet_work(pod: ProbedContainer, behaviour: Behaviour, duration: float,
               profile: KubeletProfile, *, replicas: int, engine: str = "fast",
               nodes: int | None = None, loaded: bool = False, controlled: bool = False,
               rollout: ProbedContainer | None = None, new_behaviour: Behaviour | None = None,
               drained: int = 0, keep: bool = False) -> float:
    """The estimated work of one fleet run (`kubesim.fleet`): `replicas` pods each on its own
    scheduler (jumped as one pod is), or all on one stepped scheduler when they interact —
    under the load model (every call reads every replica's Ready), or under the workload's
    controllers (`controlled`: a StatefulSet's ordered start, a rollout, a drain), which look
    every second at every pod: a rolling update to `rollout` makes up to twice the replicas
    in all (the new ones against `new_behaviour`, default the same), a drain of `drained`
    pods makes their replacements and retries each refused eviction every 5 s against every
    pod. Every pod made is placed on one of `nodes` nodes (default: one per replica), each
    node scored. `keep`: every pod's probe records are kept (`kubesim fleet`), one per
    nominal call of every pod made (`fleet_records`)."""
    kept = RECORD * fleet_records(pod, behaviour, duration, profile, replicas=replicas,
                                  rollout=rollout, new_behaviour=new_behaviour,
                                  drained=drained) if keep else 0.0
    return kept + _fleet_runs(pod, behaviour, duration, profile, replicas=replicas,
                                 engine=engine, nodes=nodes, loaded=loaded,
                                 controlled=controlled, rollout=rollout,
                                 new_behaviour=new_behaviour, drained=drained)


def records(pod: ProbedContainer, behaviour: Behaviour, duration: float,
            profile: KubeletProfile) -> float:
    """The probe records a run that keeps them holds at its end: every nominal call, and
    for every restart it may hold two more per probe (a new container's workers start a new
    grid, R1.5, and its start triggers the probes, E6)."""
    duration = _until_deleted(pod, behaviour, duration)
    restarts = restart_bound(pod, behaviour, duration, profile)
    return calls(pod, duration) + 2 * len(_probes(pod)) * restarts


def fleet_records(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                  profile: KubeletProfile, *, replicas: int,
                  rollout: ProbedContainer | None = None,
                  new_behaviour: Behaviour | None = None, drained: int = 0) -> float:
    """The probe records a fleet that keeps them holds at its end (`records`) of every pod
    it makes: the replicas, a rollout's new ones, a drain's replacements."""
    made = records(pod, behaviour, duration, profile) * (replicas + drained)
    if rollout is None:
        return made
    return made + records(rollout, new_behaviour or behaviour, duration, profile) * replicas


def _fleet_runs(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                profile: KubeletProfile, *, replicas: int, engine: str, nodes: int | None,
                loaded: bool, controlled: bool, rollout: ProbedContainer | None,
                new_behaviour: Behaviour | None, drained: int) -> float:
    """`fleet_work` without the records."""
    controlled = controlled or rollout is not None or drained > 0
    place = PLACE_PER_NODE * (replicas if nodes is None else nodes)
    if not loaded and not controlled:
        return replicas * (run_work(pod, behaviour, duration, profile, engine=engine) + place)
    one = run_work(pod, behaviour, duration, profile, engine=engine, jumps=False)
    if loaded:
        one *= LOADED + LOADED_PER_REPLICA * replicas
    if not controlled:
        return replicas * (one + place)
    pods, work = replicas + drained, (replicas + drained) * one
    if rollout is not None:
        pods += replicas
        work += replicas * run_work(rollout, new_behaviour or behaviour, duration, profile,
                                    engine=engine, jumps=False)
    return (work + pods * place + duration * pods * LOOK_PER_POD
            + duration / 5 * drained * pods * LOOK_PER_POD)


def _until_deleted(pod: ProbedContainer, behaviour: Behaviour, duration: float) -> float:
    """How long a run is active: a scenario that deletes the pod ends it once its grace
    period (at least 2 s, R4.5) has passed: the workers stop and the containers are gone
    (R1.30), and the pod worker syncs nothing after."""
    if not is_scenario(behaviour) or behaviour.delete is None:
        return duration
    deletion = behaviour.delete
    grace = (deletion.grace_seconds if deletion.grace_seconds is not None
             else max(pod.termination_grace_period_seconds, _grace_seconds(pod)))
    return min(duration, deletion.at + max(float(grace), 2.0) + 5.0)


def _jumped_work(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                 profile: KubeletProfile, periods: dict[str, int] | None,
                 parks: bool = False) -> float:
    """A run of the fast scheduler that jumps its quiet stretches (`parks`: and parks its
    steady containers, as `simulate` does): the events of its stepped seconds, and what the
    jumps do beside them (`_looked_at`) at the events of its pod-wide seconds, less the
    entries the jumps abandon (a moved worker's pending tick, one a worker and a stretch:
    taken off the heap unseen, no quiet test after it)."""
    d = disturbed_seconds(pod, behaviour, duration, profile, periods)
    if d.seconds >= duration:  # nothing left to jump, but the tries (`_tries_all_along`)
        return (stepped_work(pod, duration, profile, periods=periods, restarts=d.restarts)
                * weight(behaviour) + _tries_all_along(pod, behaviour, duration, periods)
                + _unready_tries(pod, behaviour, duration, profile)
                + UPDATE * d.updates)
    quiet = _parked(pod, behaviour, profile) if parks else set()
    # a parked container steps through the pod's start and a try of parks more, then no more
    start = min(d.seconds, _settle_seconds(pod, profile, failing=False)
                + _siblings_seconds(pod, profile) + PARK_RETRY)
    costs = _call_costs(pod, behaviour, duration, periods)
    gap = sync_gap(profile, restarts=d.restarts > 0)

    def events(seconds: float) -> float:
        """The events of `seconds` stepped: every probe's ticks (a parked one's through
        the start) and those around every stretch, the syncs and the starts."""
        total = 0.0
        for (c, (probe_type, probe)), cost in zip(_indexed_probes(pod), costs, strict=True):
            period = _period(probe_type, probe, periods)
            ticks = (start / period + 2 + STRETCH if c in quiet else
                     min(duration / period + 2, seconds / period + 2 + STRETCH * d.stretches))
            if probe_type is ProbeType.STARTUP:  # skipped once started (R1.27): a step a tick
                ticks = min(ticks, _startup_calls(probe, period, d.restarts) + INSTANT * ticks)
            total += ticks * cost.each + cost.held
        return total + SYNC * (seconds / gap + 2) + _starts(pod, d.restarts)

    total = events(d.seconds)
    moved = sum(1 for c, _ in _indexed_probes(pod) if c not in quiet)
    looked = _looked_at(pod, max(events(d.looked) - INSTANT * moved * d.stretches, 0.0),
                        d.stretches)
    if quiet:  # the parked containers' workers are looked at only through the start
        share = sum(len(pod.containers[c].probes()) for c in quiet) / len(_probes(pod))
        looked *= 1 - share * (1 - min(start / max(d.looked, 1e-9), 1.0))
    return (SETUP + total + JUMPED_RESYNC * _resyncs(duration, profile) + looked
            + UPDATE * d.updates + _unready_syncs(pod, behaviour, duration, profile, periods))


def _unready_syncs(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                   profile: KubeletProfile, periods: dict[str, int] | None) -> float:
    """The resyncs a scenario's jumped not-Ready time ends its stretches at: while a
    readiness probe's constant answer fails, the pod is not Ready from its
    failureThreshold-th failure (R1.12) to the answer's end, and every sync then triggers
    the probe (E6, R1.13: not before 1.21), which stops the jump (a sync stepped, SYNC, and
    a quiet test and a plan of every worker after it). None where `_synced` steps the span
    (every sync counted in its stepped seconds)."""
    if not (is_scenario(behaviour) and profile.readiness_trigger_at_sync):
        return 0.0
    every = _probes(pod)
    if _wakes_too_often(pod, sync_gap(profile, restarts=False)):
        return 0.0
    unready = [(a + probe.failure_threshold * _period(t, probe, periods), b)
               for (t, probe), site in zip(every, _sites(pod, behaviour), strict=True)
               if t is ProbeType.READINESS
               for a, b in _failing_spans(behaviour, site.spec)]
    seconds = _union_seconds([(a, b - a) for a, b in unready if b > a], duration)
    if seconds <= 0:
        return 0.0
    # as many as come on average: the stretches around each failing span are stepped
    mean = resync_after(0.0, profile.resync_seconds, profile.resync_jitter, 0.5)
    return (SYNC + (VISIT + PLAN) * len(every)) * seconds / mean


def _failing_spans(sc: Scenario, spec: TargetSpec) -> list[tuple[float, float]]:
    """(start, end) of the wall-clock windows and dependency downtimes in which `spec`
    gives a constant failing answer (a status, exit code or gRPC status of a failure)."""
    out = [(w.start, w.end) for w in spec.windows if _fails(w.answer)]
    if spec.depends_on and _fails(spec.when_down):
        out += [(s.start, s.end) for d in spec.depends_on for s in sc.dependencies[d].down]
    return out


def _fails(spec: AnswerSpec) -> bool:
    """Whether an answer is a failure by its status, exit code or gRPC status."""
    return ((spec.status is not None and not 200 <= spec.status < 400)
            or spec.exit_code not in (None, 0) or spec.grpc_status not in (None, "SERVING"))


def _tries_all_along(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                     periods: dict[str, int] | None) -> float:
    """What the jumps do in a run disturbed all along (nothing jumped): a drawn answer
    holds their tries off while it is given, but a scenario's constant one (a failing
    window, a slow start, a crash loop's) only until its probe's next tick, or its
    verdict's: a try at every tick of such a probe (`_looked_at`'s quiet test of every
    worker after its steps, and a plan of each)."""
    w = float(len(_probes(pod)))
    ticks = sum(duration / _period(t, p, periods) + 2
                for (t, p), held in zip(_probes(pod), _constant_sites(pod, behaviour),
                                        strict=True) if held)
    return (VISIT * STEPS_PER_UNIT + PLAN) * w * ticks


def _unready_tries(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                   profile: KubeletProfile) -> float:
    """The jumps' tries in a trace run stepped all along while its readiness fails past the
    trace's last observation: every sync while the pod is not Ready triggers the probe (E6,
    R1.13), which interrupts its worker (its pending tick abandoned, a step SYNC counts)
    and leaves it quiet again, so the jumps test every worker after each step and plan a
    jump at every sync (two tests and a plan a worker; a jump the next sync stops)."""
    if is_scenario(behaviour) or isinstance(behaviour, Healthy):
        return 0.0
    extent = _extent(pod, behaviour, duration)
    if extent is None:
        return 0.0
    last = extent.last
    after = _union_seconds([(max(start, last), start + length - max(start, last))
                            for start, length in _unready(pod, behaviour, duration)
                            if start + length > last], duration)
    w = float(len(_probes(pod)))
    syncs = after / sync_gap(profile, restarts=False) + 2 if after > 0 else 0.0
    return (VISIT * STEPS_PER_UNIT + PLAN) * w * syncs


def _constant_sites(pod: ProbedContainer, behaviour: Behaviour) -> list[bool]:
    """For each probe (`_probes` order), whether an answer its scenario target spec gives
    can be constant (`_constant_answer`); a trace's holds the tries off to its next
    observation, which its stepped seconds count."""
    if not is_scenario(behaviour):
        return [False] * len(_probes(pod))
    quickest = min((min(p.period_seconds, p.timeout_seconds) for _, p in _probes(pod)),
                   default=1)
    out = []
    for site in _sites(pod, behaviour):
        spec = site.spec
        answers = [spec.answer, *(w.answer for w in (*spec.windows, *spec.since_start))]
        if spec.depends_on:
            answers.append(spec.when_down)
        out.append(any(_constant_answer(a, quickest) for a in answers))
    return out


def _resyncs(duration: float, profile: KubeletProfile) -> float:
    """The periodic syncs of `duration` seconds, short of a chance in a thousand: each
    waits resync_seconds stretched by a jitter factor drawn uniformly (`resync_after`,
    R1.15), so their count is the run over their mean gap, give or take three standard
    deviations (sqrt(n) gaps' spread over the mean)."""
    base, jitter = profile.resync_seconds, profile.resync_jitter
    mean = resync_after(0.0, base, jitter, 0.5)
    n = duration / mean
    return n + 3 * math.sqrt(n) * (base * jitter / math.sqrt(12)) / mean + 2


class _CallCost(NamedTuple):
    """What the calls of one probe cost: `each` call, and the calls a stall holds back
    (`held`, in all: those are two steps, not one)."""

    each: float
    held: float = 0.0


def _call_costs(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                periods: dict[str, int] | None) -> list[_CallCost]:
    """What the calls of each probe cost (`_probes` order): one scheduler step (INSTANT)
    when every answer it can get comes at once (the healthy app's; a scenario target's
    that no answer delays: the call ends within its tick) but for the calls a wall-clock
    stall of its process holds back (a unit each, those its ticks in the stall and one
    more; a hang's up to the end of the run), else a unit; times `weight`, for a scenario taken probe by probe: a call looks
    through the stalls of its process and the windows and downtimes of the target spec that
    answers it (`_sites`), not those of every target."""
    if not is_scenario(behaviour):
        cost = INSTANT if isinstance(behaviour, Healthy) else 1.0
        return [_CallCost(cost * weight(behaviour))] * len(_probes(pod))
    out = []
    for (probe_type, probe), site in zip(_probes(pod), _sites(pod, behaviour), strict=True):
        spec = site.spec
        stalls = [s for s in behaviour.stalls
                  if s.container in (None, site.listener) and site.kind in s.kinds]
        heavy = 1.0 + (len(stalls) + len(spec.windows) + len(spec.since_start)
                       + sum(len(behaviour.dependencies[d].down) for d in spec.depends_on)) / 20
        answers = [spec.answer, *(w.answer for w in (*spec.windows, *spec.since_start))]
        if spec.depends_on:
            answers.append(spec.when_down)
        if not all(_at_once(a) for a in answers) or any(s.since_start is not None
                                                        for s in stalls):
            out.append(_CallCost(heavy))
            continue
        period = _period(probe_type, probe, periods)
        held = sum((min(e, duration) - b) / period + 1
                   for b, e in (s.interval(0.0) for s in stalls) if b < duration)
        out.append(_CallCost(INSTANT * heavy, (1 - INSTANT) * heavy * held))
    return out


def _at_once(spec: AnswerSpec) -> bool:
    """Whether an answer comes at once (a constant latency of 0, no redirect to follow)."""
    from kubesim.behaviour.scenario import Constant  # loaded: a scenario gave the spec
    return (isinstance(spec.latency_ms, Constant) and spec.latency_ms.value == 0
            and spec.location is None)


def _parked(pod: ProbedContainer, behaviour: Behaviour, profile: KubeletProfile) -> set[int]:
    """The containers (indexes) a run with parks parks once started (`kubesim.engine.jumps`):
    in a pod parks are tried in (PARK_PROBED probed containers, every container restarted
    Always, no restart rules, R4.30-R4.35), against a scenario that never deletes the pod
    nor changes a condition, those that no stall, exit, window or dependency of the
    scenario touches: their answers are constant to the end."""
    if (not is_scenario(behaviour) or behaviour.delete is not None or behaviour.conditions
            or not parks_allowed(pod, profile.restart_all_containers)):
        return set()
    touched = {r.container for r in behaviour.exit_} | {s.container for s in behaviour.stalls}
    if None in touched:  # every container's process
        return set()
    keys = {k for k, spec in behaviour.targets.items()
            if spec.windows or spec.depends_on or spec.since_start}
    resolved = resolve_targets(pod, set(behaviour.targets), source=behaviour.source)
    return {i for i, (c, by_type) in enumerate(zip(pod.containers, resolved, strict=True))
            if c.probes() and c.name not in touched and not c.init
            and not any(t.key in keys for t in by_type.values())}


def _indexed_probes(pod: ProbedContainer) -> list[tuple[int, tuple[ProbeType, Probe]]]:
    return [(i, (t, p)) for i, c in enumerate(pod.containers) for t, p in c.probes().items()]


def _looked_at(pod: ProbedContainer, stepped: float, stretches: float) -> float:
    """What the jumps do beside the `stepped` units of events, in a pod of W probe workers:
    after every step of them (STEPS_PER_UNIT a unit) a quiet test of each worker (VISIT:
    `stepped` are the events of the pod-wide seconds, `Disturbed.looked`), and a
    plan of each (PLAN) at every try of a jump or a park: while the workers still start
    (each holds jumps off until its second period, one try for each: W / 2 tries as their
    ticks come) and twice a stretch. Wide pods cost this as the square of their workers
    (issue 31: the 300-container hour counted 12 times less than its time)."""
    w = float(len(_probes(pod)))
    return VISIT * STEPS_PER_UNIT * stepped * w + PLAN * w * (w / 2 + 2 * stretches)


class Disturbed(NamedTuple):
    """What the fast scheduler may step of a run (`disturbed_seconds`)."""

    seconds: float  # the seconds it may step
    stretches: float  # how many quiet stretches they cut
    restarts: float  # how many restarts they may hold
    # of `seconds`, as many as the jumps look at every worker after every step of (a quiet
    # test each, `_looked_at`): all but a constant span's that only some probes' ticks
    # disturb and that cannot kill, counted at its share of the pod's ticks (`_tick_share`)
    looked: float
    # the most probe results its caches may announce, each queueing a pod sync (`UPDATE`;
    # counted for traces, `_trace_updates`)
    updates: float = 0.0


def disturbed_seconds(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                      profile: KubeletProfile,
                      periods: dict[str, int] | None = None) -> Disturbed:
    """What the fast scheduler may step of a run (`Disturbed`; `periods` as `run_work`'s):
    the healthy app is quiet but for its start; a scenario is disturbed during its outages,
    stalls, windows and deletion, each with the time the pod needs to settle after it (and,
    when the probes can kill, the restarts' back-offs), and for every container start (its
    since-start windows, initial delays and thresholds); a trace while its answers change
    (`_trace_spans`); anything else all along."""
    d = _disturbed_by(pod, behaviour, duration, profile, periods)
    siblings = _siblings_seconds(pod, profile)  # every container starting: pod-wide
    return Disturbed(min(d.seconds + siblings, duration), d.stretches, d.restarts,
                     min(d.looked + siblings, duration), d.updates)


def _siblings_seconds(pod: ProbedContainer, profile: KubeletProfile) -> float:
    """How much longer than one container's the pod's first start takes: the sync starts
    its containers one after another, sibling_start_seconds apart (R4.24), and the pod is
    not quiet before the last has started (300 containers: 240 s stepped)."""
    return (len(pod.containers) - 1) * profile.sibling_start_seconds


def _disturbed_by(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                  profile: KubeletProfile, periods: dict[str, int] | None) -> Disturbed:
    """`disturbed_seconds` but for the siblings' starts."""
    if not _probes(pod):  # no worker to jump: the pod worker's every wake is stepped
        return _all_along(pod, behaviour, duration, profile)
    if isinstance(behaviour, Healthy):
        settle = _settle_seconds(pod, profile, failing=False)
        return Disturbed(settle, 1.0, 0.0, settle)
    if is_scenario(behaviour):
        d = _scenario_disturbance(pod, behaviour, duration, profile)
        if d is None:  # disturbed all along
            return _all_along(pod, behaviour, duration, profile)
        return _disturbed(pod, behaviour, duration, profile, d, periods)
    extent = _extent(pod, behaviour, duration)
    if extent is None:
        return _all_along(pod, behaviour, duration, profile)
    if _trace_held_noisy(pod, extent):
        along = _all_along(pod, behaviour, duration, profile)
        return Disturbed(along.seconds, along.stretches, along.restarts, along.looked,
                         _trace_updates(pod, behaviour, duration, along.restarts,
                                        replay=extent.replay))
    return _trace_disturbed(pod, behaviour, duration, profile, extent)


def _all_along(pod: ProbedContainer, behaviour: Behaviour, duration: float,
               profile: KubeletProfile) -> Disturbed:
    """A run stepped from its start to its end, with as many restarts as it can hold."""
    return Disturbed(duration, 0.0, restart_bound(pod, behaviour, duration, profile), duration)


class _Span(NamedTuple):
    """A disturbed span of a run: wall-clock seconds (or a container's age), whether its
    answers are constant (`_constant_answer`), and the probes it disturbs (indexes in
    `_probes` order): those whose answer it changes or whose process it stalls."""

    start: float
    end: float
    constant: bool
    probes: frozenset[int]


class _Disturbance(NamedTuple):
    """What disturbs a run: wall-clock spans, the spans of every container's life counted
    from its start (`aged`, merged), the lives of containers that exit by themselves, and
    how many containers each death may take with it (`echo`)."""

    spans: list[_Span]
    aged: list[_Span]
    lives: list[float]
    echo: float = 1.0  # containers a death may kill: it, and those probing another's port

    @property
    def per_start(self) -> float:
        """The seconds of every container's life disturbed from its start."""
        return sum(s.end - s.start for s in self.aged)


def _disturbed(pod: ProbedContainer, behaviour: Behaviour, duration: float,
               profile: KubeletProfile, d: _Disturbance,
               periods: dict[str, int] | None = None) -> Disturbed:
    """`disturbed_seconds` of a run disturbed by `d`: each span on its own
    (`_span_seconds`), the crash loops of containers killed in every life (a span of their
    age that can kill) or exiting by themselves, and every start's settling; all of it
    pod-wide but for the spans that kill none, each at its share (`_tick_share`)."""
    settle = _settle_seconds(pod, profile)
    grace = _kill_seconds(pod, behaviour) + profile.container_start_seconds
    dead = _dead_stepped(pod, profile)
    seconds, inside, restarts, waits, unseen = 0.0, 0.0, 0.0, 0.0, 0.0
    loops = [c for c in (_kill_cycles(pod, s) for s in d.aged) if c < _FOREVER]
    # until when a container may be starting (its startup probe not yet passed): through
    # the pod's first start, after a kill through its back-off, restart and settling, and
    # all along if containers die in every life
    starting = (_settle_seconds(pod, profile, failing=False) + _siblings_seconds(pod, profile)
                if not (loops or d.lives) else _FOREVER)
    for span in (_synced(pod, s, profile) for s in d.spans):
        n, busy, waited = _span_seconds(pod, profile, span, grace=grace, settle=settle,
                                        dead=dead, starting=span.start <= starting)
        inside, waits = inside + n * d.echo, waits + waited * d.echo
        seconds += busy + (d.echo - 1) * n * (grace + settle)
        if n:
            starting = max(starting, span.end + profile.backoff_max + grace + settle)
        else:
            unseen += busy * (1 - _tick_share(pod, span, periods))
    for life in [*loops, *d.lives]:  # every new container disturbed, or exiting
        n, waited, _ = _crash_loop(duration, life, profile)
        restarts, waits = restarts + n * d.echo, waits + waited * d.echo
        seconds += d.echo * (n * grace + dead * INSTANT * waited)
    # a container started inside a span settles within the span's own settling; every other
    # start (the first, and those of the loops) settles after it
    per_start = d.per_start
    start = settle if per_start > 0 else _settle_seconds(pod, profile, failing=False)
    seconds += (1 + restarts) * (per_start + start) + inside * per_start
    # every wake of the pod worker in a back-off ends a stretch (its sync would act), and
    # the workers of the other containers, running, step their ticks around it
    if sum(1 for c in pod.containers if c.probes()) < 2:
        waits = 0.0
    stretches = 2 * len(d.spans) + 1 + restarts + inside + waits / _wake_seconds(profile)
    return Disturbed(seconds, stretches, restarts + inside, seconds - unseen)


def _synced(pod: ProbedContainer, span: _Span, profile: KubeletProfile) -> _Span:
    """`span`, stepped (not constant) if it may fail a readiness probe while the pod
    worker syncs more often than every two periods of the shortest probe: while the pod
    is not Ready every sync triggers the probes (E6) and a stretch stops before it (the
    jumps' look at the next sync), so nothing is jumped between two syncs."""
    every = _probes(pod)
    if (span.constant and any(every[i][0] is ProbeType.READINESS for i in span.probes)
            and _wakes_too_often(pod, sync_gap(profile, restarts=False))):
        return _Span(span.start, span.end, False, span.probes)
    return span


def _tick_share(pod: ProbedContainer, span: _Span, periods: dict[str, int] | None) -> float:
    """The share of a span that kills no container in which the jumps look at every worker
    after every step: in a constant one (`_constant_answer`), the share of the pod's probe
    ticks that are its probes' (between those, the other workers are jumped, each leaving
    its pending tick unseen, or held off: no quiet test); 1 in one whose calls wait
    (a stall: every step ends with a call in flight, and is looked at) or are drawn, or
    that disturbs a startup probe (until Started, nothing is jumped)."""
    every = _probes(pod)
    if not span.constant or any(every[i][0] is ProbeType.STARTUP for i in span.probes):
        return 1.0
    rates = [1.0 / _period(t, p, periods) for t, p in every]
    return sum(rates[i] for i in span.probes) / sum(rates)


def _extent(pod: ProbedContainer, behaviour: Behaviour,
            duration: float) -> ReplayExtent | None:
    """A trace's `ReplayExtent` for the targets the run asks, resolved as the engine resolves
    them (`kubesim.engine.simulate.pod_targets`: one container, the keys read so far; more,
    every key), each too slow from its probes' shortest timeout (R1.8), the failing
    stretches counted those of the probes that kill and long enough to (`_can_kill`); None
    for a behaviour that is not a trace."""
    keys = (behaviour.known_target_keys() if len(pod.containers) == 1
            else behaviour.target_keys())
    if not keys:
        return None
    resolved = resolve_targets(pod, set(keys), source=behaviour.source)
    slow: dict[str, float] = {}
    killing: set[str] = set()
    for c, by_type in zip(pod.containers, resolved, strict=True):
        for probe_type, tgt in by_type.items():
            ms = 1000.0 * c.probes()[probe_type].timeout_seconds
            slow[tgt.key] = min(slow.get(tgt.key, ms), ms)
            if probe_type in _KILLERS:
                killing.add(tgt.key)
    # the shortest failing that can kill (`_can_kill`)
    least = min(((p.failure_threshold - 1) * p.period_seconds - p.timeout_seconds - 1.0
                 for t, p in _probes(pod) if t in _KILLERS), default=_FOREVER)
    return behaviour.replay_extent(slow, duration, killing, max(least, 0.0))


def _trace_held_noisy(pod: ProbedContainer, extent: ReplayExtent) -> bool:
    """Whether an answer a trace holds after its last observation fails or is slow (not
    well within the shortest period and timeout): the run is disturbed all along."""
    quickest = min((min(p.period_seconds, p.timeout_seconds) for _, p in _probes(pod)),
                   default=1)
    return extent.held_failing or extent.held_slowest_ms / 1000 >= quickest


def _trace_pass(pod: ProbedContainer, extent: ReplayExtent, horizon: float,
                profile: KubeletProfile, unready: list[tuple[float, float]]
                ) -> tuple[float, float, bool]:
    """(stepped seconds, stretches, whether it is jumped) of one replay of a trace for
    `horizon` seconds: stepped all along up to its last observation when they come more
    often than every two periods of the slowest probe (no stretch long enough to jump);
    else jumped between them, but for the settling after each change between passing and
    failing and the failing time itself: a killing probe's, and a readiness probe's
    (`unready`: while the pod is not Ready every sync triggers its probes, E6, and a
    stretch stops before each sync). An observation that changes no verdict ends a
    stretch at one stepped tick a probe, half of STRETCH."""
    h = min(extent.last, horizon)
    n = bisect.bisect_right(extent.times, h)
    slowest = max((p.period_seconds for _, p in _probes(pod)), default=1)
    if h < (2 * slowest + 1) * max(n, 1):  # and the last change settles after it
        return min(h + _change_seconds(_probes(pod), profile), horizon), 1.0, False
    changes = bisect.bisect_right(extent.changes, h)
    failing = _union_seconds([*extent.failing, *unready], h)
    return min(h, changes * _change_seconds(_probes(pod), profile) + failing), n / 2, True


def _union_seconds(stretches: list[tuple[float, float]], until: float) -> float:
    """How many seconds before `until` the (start, seconds) `stretches` cover together."""
    total, reach = 0.0, 0.0
    for start, length in sorted(stretches):
        begin, end = max(start, reach), min(start + length, until)
        if end > begin:
            total, reach = total + end - begin, end
    return total


def _unready(pod: ProbedContainer, behaviour: Behaviour,
             duration: float) -> list[tuple[float, float]]:
    """(start, seconds) of the stretches where a readiness probe's target fails (or is as
    slow as its timeout) in the first `duration` seconds of a trace."""
    return [run for (probe_type, probe), key in zip(_probes(pod), _probe_keys(pod, behaviour),
                                                    strict=True)
            if probe_type is ProbeType.READINESS
            for run in _trace_extent(behaviour, {key: 1000.0 * probe.timeout_seconds},
                                     duration, (key,)).failing]


def _trace_extent(behaviour: Behaviour, keys: dict[str, float], until: float,
                  killing: tuple[str, ...], least: float = 0.0) -> ReplayExtent:
    """`Behaviour.replay_extent` of a behaviour `_extent` already found to be a trace."""
    extent = behaviour.replay_extent(keys, until, killing, least)
    assert extent is not None, "only a trace's extent is asked for"  # _extent said so
    return extent


def _trace_disturbed(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                     profile: KubeletProfile, extent: ReplayExtent) -> Disturbed:
    """`disturbed_seconds` of a trace, all of it pod-wide (every probe reads the trace): one
    replay (`_trace_pass`) from the run's start (`wall`), or one in every container's life
    (`replay`). A probe that kills can only do
    so where its target fails long enough (`extent.failing`): with `wall`, a kill at each
    such stretch and one more a kill cycle of its failing; with `replay`, a crash loop of
    containers each living to the first such stretch and a kill cycle more (or to the
    first exit line's age). With `wall` each exit line exits one container."""
    settle = _settle_seconds(pod, profile)
    cycle = min((_kill_cycle(p) for t, p in _probes(pod) if t in _KILLERS), default=_FOREVER)
    grace = _kill_seconds(pod, behaviour) + profile.container_start_seconds
    dead = _dead_stepped(pod, profile)
    unready = _unready(pod, behaviour, duration)
    # a start settles on successThreshold unless the trace fails from its first answer
    start = _settle_seconds(pod, profile, failing=bool(len(extent.changes))
                            and extent.changes[0] <= 0.0)
    if not extent.replay:
        seconds, stretches, jumped = _trace_pass(pod, extent, duration, profile, unready)
        failing = [min(length, duration - at) for at, length in extent.failing if at < duration]
        restarts, waited, last = (_crash_loop(sum(failing), cycle, profile) if failing
                                  else (0.0, 0.0, 0.0))
        restarts = max(restarts, float(len(failing)))  # a kill at least each stretch
        waited += len(failing) * last  # each stretch's last back-off runs past it
        restarts += sum(t < duration for t in extent.exits)
        waits = dead * INSTANT * waited if jumped else 0.0  # stepped: counted in `seconds`
        seconds = _with_start(seconds, start, jumped) + restarts * (grace + settle) + waits
        return Disturbed(seconds, stretches + 1 + restarts, restarts, seconds,
                         _trace_updates(pod, behaviour, duration, restarts,
                                        replay=False))
    life = min(extent.failing[0][0] + cycle if extent.failing else _FOREVER,
               extent.exits[0] if extent.exits else _FOREVER)
    if life >= duration:
        seconds, stretches, jumped = _trace_pass(pod, extent, duration, profile, unready)
        seconds = _with_start(seconds, start, jumped)
        return Disturbed(seconds, stretches + 1, 0.0, seconds,
                         _trace_updates(pod, behaviour, duration, 0.0, replay=True))
    restarts, waited, _ = _crash_loop(duration, life, profile)
    seconds, stretches, jumped = _trace_pass(pod, extent, life, profile, unready)
    seconds = ((1 + restarts) * _with_start(seconds, start, jumped) + restarts * grace
               + dead * INSTANT * waited)
    return Disturbed(seconds, (1 + restarts) * (stretches + 1), restarts, seconds,
                     _trace_updates(pod, behaviour, duration, restarts, replay=True))


def _with_start(seconds: float, start: float, jumped: bool) -> float:
    """The stepped seconds of a pass of a trace from a container's start (the first one's
    with `wall`, every one's with `replay`) and of that start's settling: a pass stepped
    all along (not `jumped`) steps from the start on, so the settling is inside it but for
    what outlasts it."""
    return seconds + start if jumped else max(seconds, start)


def _trace_updates(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                   restarts: float, *, replay: bool) -> float:
    """The most results a trace's probes can announce in `duration` seconds holding up to
    `restarts` restarts, each queueing a pod sync (R3.9, R3.10). A cache announces a result
    only when it changes (R1.20), and between two changes of the answers of its target
    (`ReplayExtent.changes` of its key alone) a probe's result changes at most once (it
    reaches a threshold and holds): a readiness probe announces one a container life (from
    its initial result) and one a change after its start; a liveness probe only its
    failures (R3.10), each after a failing stretch long enough for failureThreshold
    failures in a row (`ReplayExtent.failing`, R1.12) or as a new container starts inside
    one; a startup probe its success once a life (then it is skipped, R1.27) and its
    failures as liveness does. With `replay` every life reads the trace again from its
    start (`_replayed`)."""
    lives = 1.0 + restarts
    total = 0.0
    for (probe_type, probe), key in zip(_probes(pod), _probe_keys(pod, behaviour), strict=True):
        least = (probe.failure_threshold - 1) * probe.period_seconds - probe.timeout_seconds - 1
        extent = _trace_extent(behaviour, {key: 1000.0 * probe.timeout_seconds}, duration,
                               (key,), max(least, 0.0))
        changes = [t for t in extent.changes.tolist() if 0.0 < t < duration]
        starts = [at for at, _ in extent.failing if at < duration]
        if replay:
            read, runs = _replayed(pod, changes, lives, duration), _replayed(
                pod, starts, lives, duration)
        else:
            read, runs = float(len(changes)), len(starts) + restarts
        total += (runs if probe_type is ProbeType.LIVENESS else
                  lives + runs if probe_type is ProbeType.STARTUP else lives + read)
    return total


def _replayed(pod: ProbedContainer, times: list[float], lives: float,
              duration: float) -> float:
    """How many times `lives` container lives replaying a trace from their starts read the
    trace times `times`: a life reads one at t only if it has run t seconds, and the lives
    of each container follow one another, so at most duration / t of them (every life
    reads one at 0)."""
    n = float(len(pod.containers))
    return sum(min(lives, n * duration / t) if t > 0 else lives for t in times)


def _probe_keys(pod: ProbedContainer, behaviour: Behaviour) -> list[str]:
    """The trace key each probe asks (`_probes` order), resolved as `_extent` resolves it."""
    keys = (behaviour.known_target_keys() if len(pod.containers) == 1
            else behaviour.target_keys())
    resolved = resolve_targets(pod, set(keys), source=behaviour.source)
    return [by_type[t].key for c, by_type in zip(pod.containers, resolved, strict=True)
            for t in c.probes()]


def _span_seconds(pod: ProbedContainer, profile: KubeletProfile, span: _Span, *,
                  grace: float, settle: float, dead: float,
                  starting: bool = True) -> tuple[float, float, float]:
    """(kills, stepped seconds, seconds waited in back-off) of a disturbed span and the
    settling after it. A span that
    cannot kill (no probe it disturbs kills, or not within its length) is stepped through
    (jumped but for its first settling when its answers are constant) and settles as its
    probes reach a threshold (`_change_seconds`), or as a start does (`settle`) when a
    startup probe is among them and a container may be `starting` (the pod is not jumped
    until it has Started; once it has, its startup ticks are skipped, R1.27).
    Inside one that kills, a container waiting in back-off has its workers skip their
    ticks and its syncs trigger no probe (every event one step: INSTANT a stepped second);
    when every answer in it is `constant`, the engine jumps it but for its first settling
    and each container's life to its kill (the failures it counts) and its restart."""
    length = span.end - span.start
    every = _probes(pod)
    hit = [every[i] for i in sorted(span.probes)]
    cycle = _kill_cycles(pod, span)
    if cycle == _FOREVER:
        after = (settle if starting and any(t is ProbeType.STARTUP for t, _ in hit)
                 else _change_seconds(hit, profile))
        return 0.0, (min(length, after) if span.constant else length) + after, 0.0
    # a container killed in the span lives a whole kill cycle in it (the first, running
    # when the span begins, may be killed sooner: there is always that one)
    margin = 1.0 + max(p.timeout_seconds for t, p in hit if t in _KILLERS)
    n, waited, last = _crash_loop(length + margin - cycle, cycle, profile)
    n = max(n, 1.0)
    # skipped ticks are one step each only if every probed container waits (one killed
    # alone leaves the others' calls to be made)
    idle = (1 - INSTANT) if _all_killed(pod, span) else 0.0
    busy = length - idle * min(waited, length)
    if span.constant:
        busy = min(busy, settle + n * (cycle + grace) + dead * INSTANT * waited)
    return n, busy + settle + grace + last, waited


def _all_killed(pod: ProbedContainer, span: _Span) -> bool:
    """Whether every probed container has a probe `span` can kill it by."""
    length = span.end - span.start
    killed = {c for i, (c, (t, p)) in enumerate(_indexed_probes(pod))
              if i in span.probes and t in _KILLERS and _can_kill(p, length)}
    return all(i in killed for i, c in enumerate(pod.containers) if c.probes())


def _kill_cycles(pod: ProbedContainer, span: _Span) -> float:
    """The shortest kill cycle (`_kill_cycle`) of the probes `span` disturbs that can kill
    within it (`_can_kill`); _FOREVER if none can."""
    every = _probes(pod)
    return min((_kill_cycle(p) for t, p in (every[i] for i in span.probes)
                if t in _KILLERS and _can_kill(p, span.end - span.start)), default=_FOREVER)


def _can_kill(probe: Probe, seconds: float) -> bool:
    """Whether failing calls for `seconds` can make `probe` (liveness or startup) kill a
    container: its verdict needs failureThreshold failed ticks in a row, (failureThreshold
    - 1) periods apart (R1.5, R1.12); a tick fails if its call starts up to timeoutSeconds
    before the span (its answer comes inside it) or inside it (one more second for the
    answer's latency and the grid's rounding)."""
    return ((probe.failure_threshold - 1) * probe.period_seconds
            <= seconds + probe.timeout_seconds + 1.0)


def _kill_cycle(probe: Probe) -> float:
    """A container's running time to a kill when every call fails at once: the first tick a
    period after the start, then failureThreshold failures a period apart
    (`kubesim.kubelet.timing.detection_seconds`)."""
    return detection_seconds(probe, call_seconds=0.0, first_tick=float(probe.period_seconds))


def _crash_loop(seconds: float, life: float,
                profile: KubeletProfile) -> tuple[float, float, float]:
    """(restarts, seconds waited in back-off, the last back-off) of containers killed or
    exiting every `life` seconds of running, for `seconds`: the first restart is at once,
    each later one waits a back-off that doubles from backoff_initial to backoff_max
    (R4.8-R4.10)."""
    life = max(life, 1e-3)
    initial = min(profile.backoff_initial, profile.backoff_max)
    n, t, waited, backoff = 0.0, 0.0, 0.0, 0.0
    while t < seconds and n < 64:
        n += 1
        t += life + backoff
        waited += backoff
        backoff = min(max(2 * backoff, initial), profile.backoff_max)
    if t < seconds:  # back-off at its maximum: the rest in equal cycles
        more = math.ceil((seconds - t) / (life + backoff))
        n, waited = n + more, waited + more * backoff
    return n, waited, backoff


def _exit_lives(sc: Scenario, profile: KubeletProfile) -> list[float]:
    """How long a container lives under each of the scenario's timed exit rules (exits while
    a dependency is down count as lives of one container start)."""
    lives = []
    for rule in sc.exit_:
        if rule.on_first_probe is not None:
            continue
        if rule.while_down is not None:
            lives.append(profile.container_start_seconds)
        else:
            lives.append(rule.after_seconds or 0.0)
    return lives


def _dead_stepped(pod: ProbedContainer, profile: KubeletProfile) -> float:
    """1 if a container waiting for its restart is stepped (the pod worker wakes more often
    than every two periods, so no stretch is long enough to jump), else 0."""
    return 1.0 if _wakes_too_often(pod, _wake_seconds(profile)) else 0.0


def _wakes_too_often(pod: ProbedContainer, gap: float) -> bool:
    """Whether a pod worker waking every `gap` seconds leaves no stretch long enough to
    jump: it wakes more often than every two periods of the pod's shortest probe."""
    shortest = min((p.period_seconds for _, p in _probes(pod)), default=1)
    return gap < 2 * shortest + 1


def _wake_seconds(profile: KubeletProfile) -> float:
    """How often the pod worker wakes while a container waits in back-off: every resync,
    or every error requeue (R4.14)."""
    wake = profile.resync_seconds
    if profile.backoff_requeue is BackoffRequeue.ERROR_REQUEUE:
        wake = min(wake, profile.error_requeue_seconds)
    return max(wake, 1e-9)


def _scenario_disturbance(pod: ProbedContainer, sc: Scenario, duration: float,
                          profile: KubeletProfile) -> _Disturbance | None:
    """What disturbs a run of `sc` (clipped to the run), each span with the probes it
    disturbs (`_target_spans`; a stall, the probes of its handler kinds its process
    answers; a deletion and a condition's change, every probe). None if the run is
    disturbed all along (an answer at rest that is drawn, slow, redirected or failing; a
    probe whose listener may not be up, `_listeners_up`)."""
    sites = _sites(pod, sc)
    targets = _target_spans(sc, sites, _probes(pod)) if _listeners_up(pod, sites) else None
    if targets is None:
        return None
    spans, aged = targets
    everyone = frozenset(range(len(sites)))
    for stall in sc.stalls:  # a stall under way is stepped (requests wait for its end)
        start, end = stall.interval(0.0)
        hit = frozenset(i for i, site in enumerate(sites) if site.kind in stall.kinds
                        and stall.container in (None, site.listener))
        (spans if stall.since_start is None else aged).append(_Span(start, end, False, hit))
    if sc.delete is not None:
        spans.append(_Span(sc.delete.at, duration, False, everyone))
    for name in sc.conditions:
        spans += [_Span(s.start, s.start, False, everyone) for s in sc.conditions[name]]
    spans = _merge([_Span(max(0.0, s.start), min(s.end, duration), s.constant, s.probes)
                    for s in spans if s.start < duration])
    aged = _merge([_Span(max(0.0, s.start), min(s.end, duration), s.constant, s.probes)
                   for s in aged if s.start < duration])
    if sum(s.end - s.start for s in aged) >= duration or _init_loops(pod, aged):
        return None
    return _Disturbance(spans, aged, _exit_lives(sc, profile), _echo(pod, sc))


def _init_loops(pod: ProbedContainer, aged: list[_Span]) -> bool:
    """Whether an init container or sidecar may be killed in every life (a span of its
    age disturbs a probe that can kill it): the pod may then never be initialized (R5.9),
    and is not jumped before it is."""
    every = _indexed_probes(pod)
    for span in aged:
        for i in span.probes:
            c, (t, p) = every[i]
            if (t in _KILLERS and _can_kill(p, span.end - span.start)
                    and (pod.containers[c].init or pod.containers[c].sidecar)):
                return True
    return False


def _target_spans(sc: Scenario, sites: list[_Site], probes: list[tuple[ProbeType, Probe]]
                  ) -> tuple[list[_Span], list[_Span]] | None:
    """(wall-clock spans, spans of every container's age) of the target specs that answer
    the probes (`Scenario.target_spec`, as the engine asks it: by the probe's key and the
    container that listens, R2.5): its windows and its dependencies' downtimes, and its
    slow starts, each disturbing the probes it answers; None if an answer at rest is not
    quiet (`_quiet_answer`)."""
    quickest = min((min(p.period_seconds, p.timeout_seconds) for _, p in probes), default=1)
    spans: list[_Span] = []
    aged: list[_Span] = []
    for i, site in enumerate(sites):
        spec, me = site.spec, frozenset((i,))
        if not _quiet_answer(spec.answer, quickest):
            return None
        spans += [_Span(w.start, w.end, _constant_answer(w.answer, quickest), me)
                  for w in spec.windows]
        down = _constant_answer(spec.when_down, quickest)
        spans += [_Span(s.start, s.end, down, me) for d in spec.depends_on
                  for s in sc.dependencies[d].down]
        aged += [_Span(w.start, w.end, _constant_answer(w.answer, quickest), me)
                 for w in spec.since_start]
    return spans, aged


def _listeners_up(pod: ProbedContainer, sites: list[_Site]) -> bool:
    """Whether every probe answered by another container's process (R2.5) finds it
    running from its own start: the process of a native sidecar started before it (the
    next container waits for a sidecar's start, R5.9); any other may not be up yet, or
    be done (an init container), and its calls are refused meanwhile."""
    names = [c.name for c in pod.containers]
    borrowed = [(c, names.index(site.listener)) for c, site in zip(
        (i for i, _ in _indexed_probes(pod)), sites, strict=True)
        if site.listener != names[c]]
    order = _start_order(pod) if borrowed else []
    return all(pod.containers[at].sidecar and order[at] < order[c] for c, at in borrowed)


def _start_order(pod: ProbedContainer) -> list[int]:
    """Each container's place in the pod's start: init containers and sidecars first, in
    pod order, then the app containers (R5.9)."""
    ranked = sorted(range(len(pod.containers)),
                    key=lambda i: (not (pod.containers[i].init or pod.containers[i].sidecar), i))
    place = [0] * len(ranked)
    for at, i in enumerate(ranked):  # the inverse of the ranking, in one pass
        place[i] = at
    return place


class _Site(NamedTuple):
    """A probe as a scenario answers it: the target spec in force for it and how it is
    asked (its handler kind, the container whose process answers)."""

    spec: TargetSpec
    kind: str
    listener: str


def _sites(pod: ProbedContainer, sc: Scenario) -> list[_Site]:
    """Each probe's `_Site`, in `_probes` order, resolved as the engine resolves them
    (`kubesim.kubelet.pod_worker.Kubelet`: the key, `resolve_targets`; the container that
    listens, `listener_index`); the last pod's and scenario's kept (an estimate reads them
    twice, a sweep's points share their pod)."""
    last = _LAST_SITES.get("sites")
    if last is not None and last.pod is pod and last.scenario is sc:
        return last.sites
    resolved = resolve_targets(pod, set(sc.targets), source=sc.source)
    declared = declared_ports(pod.containers)
    out = []
    for i, (c, by_type) in enumerate(zip(pod.containers, resolved, strict=True)):
        for probe_type in c.probes():
            tgt = by_type[probe_type]
            owner = sc.port_owner(tgt.port) if tgt.port is not None else None
            name = pod.containers[listener_index(pod.containers, i, tgt, owner, declared)].name
            out.append(_Site(sc.target_spec(tgt.key, name), tgt.kind.value, name))
    _LAST_SITES["sites"] = _Sites(pod, sc, out)
    return out


class _Sites(NamedTuple):
    """The sites of one pod and scenario (`_sites`), kept with them."""

    pod: ProbedContainer
    scenario: Scenario
    sites: list[_Site]


_LAST_SITES: dict[str, _Sites] = {}


def _constant_answer(spec: AnswerSpec, quickest: float) -> bool:
    """Whether an answer holds still enough for the fast scheduler to jump while it is
    given: a constant latency well within the shortest period and timeout, no connection
    error (those are retried) and no redirect; its status may be a failure."""
    from kubesim.behaviour.scenario import Constant  # loaded: a scenario gave the spec
    return (spec.error is None and spec.location is None
            and isinstance(spec.latency_ms, Constant) and spec.latency_ms.value / 1000 < quickest)


def _quiet_answer(spec: AnswerSpec, quickest: float) -> bool:
    """Whether an answer at rest lets the fast scheduler jump: constant, plain success,
    arriving well within the shortest period and timeout."""
    from kubesim.behaviour.scenario import Constant  # loaded: a scenario gave the spec
    if spec.error is not None or spec.location is not None:
        return False
    if not isinstance(spec.latency_ms, Constant) or spec.latency_ms.value / 1000 >= quickest:
        return False
    if spec.status is not None and not 200 <= spec.status < 400:
        return False
    return spec.exit_code in (None, 0) and spec.grpc_status in (None, "SERVING")


def _settle_seconds(pod: ProbedContainer, profile: KubeletProfile, *,
                    failing: bool = True) -> float:
    """After a change, how long until every probe is quiet again: its initial delay, enough
    ticks to reach either threshold (only successThreshold, and one tick more, when no
    answer can fail: a start of the app at rest), and the kubelet's own hops."""
    worst = 0.0
    for _, probe in _probes(pod):
        need = (max(probe.failure_threshold, probe.success_threshold) if failing
                else probe.success_threshold + 1)
        worst = max(worst, probe.initial_delay_seconds + need * probe.period_seconds
                    + probe.timeout_seconds)
    return worst + profile.relist_seconds + profile.sync_seconds + profile.container_start_seconds


def _change_seconds(probes: list[tuple[ProbeType, Probe]], profile: KubeletProfile) -> float:
    """After an answer of some of `probes` changes under a running container, how long
    until every one of them is quiet again: enough ticks to reach either threshold and the
    kubelet's hops; a startup probe has succeeded (R1.27) and an initial delay has passed
    (both in the start's settling, `_settle_seconds`)."""
    worst = max((max(p.failure_threshold, p.success_threshold) * p.period_seconds
                 + p.timeout_seconds for t, p in probes if t is not ProbeType.STARTUP),
                default=0.0)
    return worst + profile.relist_seconds + profile.sync_seconds


def _kill_seconds(pod: ProbedContainer, behaviour: Behaviour) -> float:
    """The longest a probe kill of the pod's containers takes: its preStop hook (a sleep
    for its seconds; any other hook, the grace period) and then the app's own exit after
    SIGTERM (the behaviour's shutdown_seconds), never more than the grace period (R4.4)."""
    worst = 0.0
    for c in pod.containers:
        for _, probe in c.probes().items():
            grace = float(probe.termination_grace_period_seconds
                          or pod.termination_grace_period_seconds)
            hook = c.pre_stop
            hooked = (0.0 if hook is None else float(hook.sleep.seconds)
                      if hook.sleep is not None else grace)
            worst = max(worst, min(grace, hooked + behaviour.shutdown_seconds(c.name)))
    return worst


def _grace_seconds(pod: ProbedContainer) -> float:
    """The longest grace period a kill of the pod's containers can take (R4.4)."""
    graces = [float(p.termination_grace_period_seconds or pod.termination_grace_period_seconds)
              for _, p in _probes(pod)]
    return max(graces, default=float(pod.termination_grace_period_seconds))


def restart_bound(pod: ProbedContainer, behaviour: Behaviour, duration: float,
                  profile: KubeletProfile) -> float:
    """The most kills and exits a run can hold, if containers die as fast as they can: a
    liveness or startup verdict every failureThreshold x periodSeconds of running, or a
    scenario's timed exit, each restart after its back-off (the healthy app: none)."""
    if isinstance(behaviour, Healthy):
        return 0.0
    lives = [_kill_cycle(probe) for probe_type, probe in _probes(pod)
             if probe_type in _KILLERS]
    if is_scenario(behaviour):
        lives += _exit_lives(behaviour, profile)
    elif _may_exit(pod, behaviour, duration):  # a recorded exit: one per container start
        lives.append(max(profile.container_start_seconds, 1.0))
    if not lives:
        return 0.0
    if profile.restart_all_containers and restarts_in_place(pod):
        # R4.35: an exit may restart the whole pod in place, with no back-off, every
        # container each time, as often as the engine runs it (`reset_bound`)
        return reset_bound(duration, min(lives)) * len(pod.containers)
    return _crash_loop(duration, min(lives), profile)[0] * _echo(pod, behaviour)


def _may_exit(pod: ProbedContainer, behaviour: Behaviour, duration: float) -> bool:
    """Whether a behaviour that is not a scenario may make a container exit by itself: a
    trace only if it holds "the process exited" lines (`ReplayExtent.exits`)."""
    extent = _extent(pod, behaviour, duration)
    return extent is None or bool(extent.exits)


def _echo(pod: ProbedContainer, behaviour: Behaviour) -> float:
    """How many containers one death may take with it: its own, and each one with a
    liveness or startup probe another container's process answers (R2.5: its calls are
    refused while that process is down, `listener_index` as the engine finds it)."""
    return 1.0 + len({i for i, probe_type in _borrowed(pod, behaviour)
                      if probe_type in _KILLERS})


def _borrowed(pod: ProbedContainer, behaviour: Behaviour) -> list[tuple[int, ProbeType]]:
    """Each probe that another container's process answers (R2.5, `listener_index` as the
    engine finds it): its container's index and its type."""
    declared = declared_ports(pod.containers)
    out = []
    for i, c in enumerate(pod.containers):
        for probe_type in c.probes():
            tgt = c.target(probe_type)
            owner = behaviour.port_owner(tgt.port) if tgt.port is not None else None
            if listener_index(pod.containers, i, tgt, owner, declared) != i:
                out.append((i, probe_type))
    return out


def _merge(spans: list[_Span]) -> list[_Span]:
    """Overlapping spans as one, constant if each of them is, disturbing the probes any of
    them does."""
    out: list[_Span] = []
    for span in sorted(spans):
        last = out[-1] if out else None
        if last is not None and span.start <= last.end:
            out[-1] = _Span(last.start, max(last.end, span.end), last.constant and span.constant,
                            last.probes | span.probes)
        else:
            out.append(span)
    return out


def _probes(pod: ProbedContainer) -> list[tuple[ProbeType, Probe]]:
    """Every probe of every container, in pod order; the last pod's kept (an estimate
    reads them a dozen times). Not to be changed by the caller."""
    last = _LAST_PROBES.get("probes")
    if last is not None and last.pod is pod:
        return last.probes
    out = [(t, p) for c in pod.containers for t, p in c.probes().items()]
    _LAST_PROBES["probes"] = _PodProbes(pod, out)
    return out


class _PodProbes(NamedTuple):
    """The probes of one pod (`_probes`), kept with it."""

    pod: ProbedContainer
    probes: list[tuple[ProbeType, Probe]]


_LAST_PROBES: dict[str, _PodProbes] = {}


def _period(probe_type: ProbeType, probe: Probe, periods: dict[str, int] | None) -> float:
    return float(max((periods or {}).get(probe_type.field, probe.period_seconds), 1))


def weight(behaviour: object) -> float:
    """How many plain probe calls one call against `behaviour` costs: a scenario's stalls,
    windows and downtimes are looked through at every request (about 1/20 of a call each)."""
    if not is_scenario(behaviour):
        return 1.0  # a trace (a binary search) or the healthy app
    items = len(behaviour.stalls)
    for spec in behaviour.targets.values():
        items += len(spec.windows) + len(spec.since_start)
    for dep in behaviour.dependencies.values():
        items += len(dep.down)
    return 1.0 + items / 20


def object_work(pod: ProbedContainer, profile: KubeletProfile) -> float:
    """The size of an object in work: its containers x one simulated hour (OBJECT_SPAN) of
    its whole pod, its app healthy, on the fast scheduler. `check`
    simulates the whole pod for each container's checks, so this is the least it does with
    the object; the work of one run grows with the containers too, so the work grows as
    their square."""
    return len(pod.containers) * run_work(pod, HEALTHY, OBJECT_SPAN, profile)


def check_object(pod: ProbedContainer, profile: KubeletProfile, max_work: int) -> None:
    """The one verdict on an object that every command simulating it gives (`check`, `run`,
    `fleet`, `sweep`), in the same words, before its own estimate: `object_work` within
    `max_work` (issue 28: check refused a 1,000-container Deployment that run and fleet
    ran)."""
    n = len(pod.containers)
    check_budget(object_work(pod, profile), max_work,
                 what=f"{pod.source}: {pod.object_kind}/{pod.object_name} ({n:,} container(s), "
                      f"{len(_probes(pod)):,} probe(s)): {n:,} x one simulated hour of its pod")


def grid_floor(points: int, runs: int, max_work: int, *, what: str,
               scenario: bool = False) -> None:
    """A grid of `points` x `runs` runs, counted before a point is built: every point costs
    its build (BUILD_POINT, BUILD_SCENARIO_POINT with `scenario` fields) and every run at
    least MIN_RUN (its setup and first start), so a grid over the budget at that rate is
    refused before its points are made; and at most MAX_POINTS points (each kept built until
    it runs: memory, whatever the budget)."""
    build = BUILD_SCENARIO_POINT if scenario else BUILD_POINT
    check_budget(float(points) * (build + runs * MIN_RUN), max_work, what=what)
    if points > MAX_POINTS:
        raise UsageError(f"{what}: at most {MAX_POINTS:,} points (each is built and kept "
                         "until it runs; --max-work does not raise it); sweep fewer values")


def observer_calls(duration: float) -> float:
    """Calls of a once-a-second observer run (`kubesim check` asks a target every second)."""
    return duration + 2


def check_duration(duration: float, flag: str = "--duration") -> None:
    """A run's length: a finite number of seconds > 0, at most MAX_DURATION."""
    if not (isinstance(duration, int | float) and 0 < duration <= MAX_DURATION):
        raise UsageError(f"duration={duration!r} must be a positive number of seconds, at "
                         f"most {MAX_DURATION:g} ({flag})")


def check_budget(work: float | Iterable[float], max_work: int, *, what: str,
                 kept: float = 0.0) -> None:
    """Raise UsageError before any work if the estimate is over `max_work` units. `kept`:
    the probe records held in memory at once (for the memory estimate)."""
    total = work if isinstance(work, int | float) else math.fsum(work)
    if isinstance(max_work, bool) or not isinstance(max_work, int) or max_work < 1:
        raise UsageError(f"--max-work {max_work!r} must be a whole number >= 1")
    if not total <= max_work:  # also NaN
        memory = max(kept, 0.0) * BYTES_PER_CALL
        mem = f"; its timelines would hold about {_bytes(memory)}" if memory >= 1e6 else ""
        raise UsageError(f"{what} would cost about {_count(total)} units of work (probe "
                         f"calls and kubelet syncs simulated), over the work budget of "
                         f"{max_work:,}{mem}; shorten it, or raise the budget with "
                         "--max-work N")
    if not kept * BYTES_PER_CALL <= MEMORY_CEILING:  # whatever the budget: memory is not work
        raise UsageError(f"{what} would hold about {_bytes(kept * BYTES_PER_CALL)} of probe "
                         f"records, over the memory ceiling of {_bytes(MEMORY_CEILING)} "
                         "(--max-work does not raise it); shorten it")


class Meter:
    """A budget drawn on as work is about to be done, for commands that cannot know all
    their work up front (`suggest` confirms candidates until one holds): `charge` each run's
    estimate before it starts; over `max_work` in all, it stops with check_budget's line."""

    def __init__(self, max_work: int) -> None:
        check_budget(0.0, max_work, what="nothing")  # --max-work itself
        self.max_work, self.spent = max_work, 0.0

    def charge(self, work: float, *, what: str) -> None:
        check_budget(self.spent + work, self.max_work, what=what)
        self.spent += work


def _count(n: float) -> str:
    """An estimate as a whole number of units, rounded up: an estimate just over a budget
    of N reads N + 1, never "about N, over the work budget of N"."""
    return f"{math.ceil(n):,}" if n < 1e12 else f"{n:.3g}"


def _bytes(n: float) -> str:
    for unit, size in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n:.0f} bytes"
