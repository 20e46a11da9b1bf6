"""The sweep engine: the same kubelet as `simulate`, without simpy, quiet stretches skipped.

`run_fast(pod, behaviour, ...)` returns the `RunMetrics` of one run; `metrics_of(simulate(...))`
returns the same numbers from the discrete-event engine, bit for bit. Sweeps call it thousands
of times, so it trades the timeline for speed in three ways:

1. **No simpy.** The same processes (probe workers, the pod worker, syncs, kills, starts) run
   as plain generators on a small heap that orders events exactly as simpy does: by time, then
   priority (URGENT before NORMAL), then scheduling order. Every decision calls the engine's
   own rule functions (`worker.checks`, `worker.count_result`, `worker.holds_after`,
   `prober_manager.container_started` / `kill_reason_of`, `kubelet.answer_of`, `last_relist`,
   `pleg_wait`, `notice_delay`, `resync_due`, `refusal_requeue`, `grace_seconds`,
   `prober.judge`, `backoff.CrashLoopBackOff`, `runtime.Runtime`), and the run's inputs and
   first draws come from `simulate.prepare`. Only the event plumbing is written twice; the
   differential tests (tests/test_fast*.py) hold the two to identical outputs.
2. **Quiet stretches are jumped.** When the pod is Started and Ready, nothing but probe ticks
   and the periodic resync is pending, and every probed target gives the same successful
   answer with a constant latency shorter than the period until the next change of the
   behaviour (an outage, window, stall or trace observation), the state at the end of the
   stretch is known: each worker probed every tick (counters and probe counts advance by the
   tick count), nothing was written, and each resync drew one jitter value. The engine draws
   those values in order and moves every worker to its first tick after the stretch, with the
   same float arithmetic and the same tie order simpy would have produced.
3. **Answers are looked up, not recomputed.** A scenario's answer is constant on cells of
   (wall-clock segment, container-age segment); the engine caches `Scenario.answer_spec` per
   cell and `prober.judge` per answer. Latency distributions are still sampled from the run's
   generator on every request, in the same order as the discrete-event engine.

Coverage: every pod, behaviour and kubelet profile gives the same results as `simulate`.
What varies is speed: jumps need a `Scenario`, a `Trace` or the healthy app, constant
latencies (a sampled latency is a draw on every probe, so stretches with one are stepped, still
exactly), and a PLEG relist period shorter than the resync period. Anything else is stepped
event by event, exactly, without jumps.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from functools import cmp_to_key
from heapq import heappop, heappush
from typing import TYPE_CHECKING, Any

from kubesim.kubelet.backoff import CrashLoopBackOff
from kubesim.behaviour.answer import HEALTHY, Answer, Healthy
from kubesim.kubelet.pod_worker import (
    StatusView,
    answer_of,
    grace_seconds,
    last_relist,
    notice_delay,
    pleg_wait,
    refusal_requeue,
    restarts_after_kill,
    resync_due,
)
from kubesim.kubelet.prober import MAX_PROBE_RETRIES, judge
from kubesim.kubelet.prober_manager import container_started, kill_reason_of
from kubesim.kubelet.settings import CLASSIC
from kubesim.results import Outcome, ProbeType, Result
from kubesim.kubelet.runtime import Runtime
from kubesim.behaviour.scenario import Constant, Scenario, stalled
from kubesim.engine.simulate import fresh_rng, prepare
from kubesim.engine.timeline import KillRecord, ReadyChange, Timeline
from kubesim.behaviour.trace import RestartMode, Trace
from kubesim.kubelet.worker import (
    INITIAL_RESULT,
    PROBE,
    SKIP,
    WRITE_FAILURE_AND_EXIT,
    checks,
    count_result,
    holds_after,
)

if TYPE_CHECKING:
    from collections.abc import Generator

    from kubesim.behaviour.answer import Behaviour
    from kubesim.kubelet.prober import Attempt
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import Probe, ProbedContainer, Target

__all__ = ["PROBE_TYPES", "RunMetrics", "hang_start", "metrics_of", "run_fast", "run_fast_box",
           "threshold_box"]

PROBE_TYPES = (ProbeType.STARTUP, ProbeType.LIVENESS, ProbeType.READINESS)
URGENT, NORMAL = 0, 1  # simpy's priorities
_EPS = 1e-9  # the workers' grid slack (worker._EPS)
_MARGIN = 1e-6  # a quiet stretch ends this far before a change of the behaviour
_RESUME, _INTERRUPT, _CALL = 0, 1, 2


@dataclass(frozen=True, slots=True)
class RunMetrics:
    """What a sweep keeps of one run (one point, one phase, one seed)."""

    restarts: int
    kills: int
    ready_seconds: float
    first_ready_at: float | None
    first_started_at: float | None
    back_offs: int
    probes: tuple[int, int, int]  # startup, liveness, readiness calls
    failures: tuple[int, int, int]  # of which judged Failure
    hang_to_kill: float | None  # first stall's start -> the first kill decided at or after it
    duration: float

    @property
    def unready_seconds(self) -> float:
        """Seconds of the run the pod was not Ready."""
        return self.duration - self.ready_seconds

    @property
    def probe_calls(self) -> int:
        """Probe calls judged in the run."""
        return sum(self.probes)


def hang_start(behaviour: Behaviour, duration: float) -> float | None:
    """When the first stall (or hang) of a scenario begins, as seen by the first container
    (wall-clock stalls at `from`, since-start stalls at `since_start`); None without one."""
    stalls = getattr(behaviour, "stalls", None)
    if not stalls:
        return None
    starts = [s for s, e in (st.interval(0.0) for st in stalls) if e > s and s < duration]
    return min(starts) if starts else None


def metrics_of(timeline: Timeline, behaviour: Behaviour = HEALTHY, *,
               probes: tuple[int, int, int] | None = None,
               failures: tuple[int, int, int] | None = None,
               back_offs: int | None = None) -> RunMetrics:
    """The metrics of a run from its timeline (`Timeline.summary`), for both engines; the
    fast engine passes its probe counts, the discrete-event engine's are counted here."""
    s = timeline.summary()
    if probes is None or failures is None:
        probes = tuple(s.probes[t.value] for t in PROBE_TYPES)  # type: ignore[assignment]
        failures = tuple(s.failures[t.value] for t in PROBE_TYPES)  # type: ignore[assignment]
    start = hang_start(behaviour, timeline.duration)
    hang = None
    if start is not None:
        after = [k.at for k in timeline.kills if k.at >= start]
        hang = after[0] - start if after else None
    return RunMetrics(s.restarts, s.kills, s.ready_seconds, s.first_ready_at,
                      s.first_started_at, s.back_offs if back_offs is None else back_offs,
                      probes, failures,  # type: ignore[arg-type]
                      hang, timeline.duration)


# ------------------------------------------------------------------ behaviour look-ups


class _FastScenario:
    """`Scenario.answer` with the answer spec cached per (wall segment, age segment)."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.stall_end = scenario.stall_end
        self.shutdown_seconds = scenario.shutdown_seconds
        self._targets: dict[str, tuple[list[float], list[float], dict[Any, Any]]] = {}
        self._spans: dict[tuple[str, float], list[tuple[float, float]]] = {}
        self._answers: dict[int, Answer] = {}

    def _compiled(self, key: str) -> tuple[list[float], list[float], dict[Any, Any]]:
        c = self._targets.get(key)
        if c is None:
            sc = self.scenario
            spec = sc.target_spec(key)
            wall = {b for w in spec.windows for b in (w.start, w.end)}
            wall |= {b for d in spec.depends_on for s in sc.dependencies[d].down
                     for b in (s.start, s.end)}
            age = {b for w in spec.since_start for b in (w.start, w.end)}
            c = self._targets[key] = (sorted(wall), sorted(age), {})
        return c

    def spec(self, key: str, at: float, started_at: float) -> tuple[Any, float]:
        """The answer spec in force, and the time it may next change (exclusive)."""
        wall, age, cache = self._compiled(key)
        wi = bisect.bisect_right(wall, at)
        ai = bisect.bisect_right(age, at - started_at)
        spec = cache.get((wi, ai))
        if spec is None:
            spec = cache[(wi, ai)] = self.scenario.answer_spec(key, at, started_at)
        end = min(wall[wi] if wi < len(wall) else math.inf,
                  started_at + age[ai] - _MARGIN if ai < len(age) else math.inf)
        return spec, end

    def spans(self, kind: str, started_at: float) -> list[tuple[float, float]]:
        """Scenario.answer's stall intervals for one handler kind and container."""
        got = self._spans.get((kind, started_at))
        if got is None:
            spans = sorted(st.interval(started_at) for st in self.scenario.stalls
                           if kind in st.kinds)
            got = self._spans[(kind, started_at)] = [(s, e) for s, e in spans if e > s]
        return got

    def constant(self, spec: Any) -> Answer | None:
        """The answer of a spec without a latency distribution (no draw), else None."""
        ans = self._answers.get(id(spec))
        if ans is None and (spec.error == "timeout" or isinstance(spec.latency_ms, Constant)):
            ans = self._answers[id(spec)] = spec.to_answer(None)
        return ans

    def answer(self, target: Target, at: float, started_at: float, rng: Any) -> Answer:
        spec, _ = self.spec(target.key, at, started_at)
        ans = self.constant(spec)
        if ans is None:
            ans = spec.to_answer(rng)  # a latency distribution: one draw, as in the DES
        spans = self.spans(target.kind.value, started_at)
        return stalled(ans, at, spans) if spans else ans

    def quiet(self, target: Target, at: float, started_at: float) -> tuple[Answer | None, float]:
        """The constant answer from `at` on and until when it holds; None if it is drawn or
        a stall is under way."""
        spec, end = self.spec(target.key, at, started_at)
        ans = self.constant(spec)
        if ans is None:
            return None, end
        for s, e in self.spans(target.kind.value, started_at):
            if e <= at:
                continue
            if s <= at:
                return None, e
            end = min(end, s - ans.latency - _MARGIN)  # answers must arrive before it
        return ans, end


_COMPILED: dict[int, tuple[Scenario, _FastScenario]] = {}
# per (pod, behaviour): checked once; the pod's (type, probe, target) list
_STATIC: dict[tuple[int, int], tuple[Any, Any, list[Any]]] = {}


def _compiled_scenario(scenario: Scenario) -> _FastScenario:
    """One compiled look-up per scenario object, shared by the runs of a sweep (the object
    is kept alive with it, so its id is not reused)."""
    got = _COMPILED.get(id(scenario))
    if got is None or got[0] is not scenario:
        if len(_COMPILED) > 64:
            _COMPILED.clear()
        got = _COMPILED[id(scenario)] = (scenario, _FastScenario(scenario))
    return got[1]


def _trace_quiet(trace: Trace, target: Target, at: float,
                 started_at: float) -> tuple[Answer | None, float]:
    """A trace holds each observation until the next one's time."""
    lookup = trace.lookup_time(at, started_at)
    times = trace._times[target.key]  # same package, read-only
    j = bisect.bisect_right(times, lookup)
    ans = trace.answer(target, at, started_at, None)
    if j >= len(times):
        return ans, math.inf
    end = times[j] if trace.restart is RestartMode.WALL else started_at + times[j] - _MARGIN
    return ans, end


# ------------------------------------------------------------------ the engine


class _Interrupt(Exception):
    """simpy.Interrupt: thrown into a waiting process."""


class _Proc:
    __slots__ = ("done", "gen", "token", "wait_at")

    def __init__(self, gen: Generator[Any, Any, Any]) -> None:
        self.gen, self.token, self.done, self.wait_at = gen, None, False, 0.0


class _Worker:
    """worker.Worker's state."""

    __slots__ = ("cid", "jcache", "k", "last_result", "on_hold", "origin", "period", "probe",
                 "proc", "q_att", "q_from", "q_inst", "q_until", "result_run", "stopped",
                 "target", "tick_pending", "trigger_pending", "type", "waiting")

    def __init__(self, probe_type: ProbeType, probe: Probe, target: Target,
                 origin: float) -> None:
        self.type, self.probe, self.target = probe_type, probe, target
        self.period = float(probe.period_seconds)
        self.origin, self.k = origin, 0
        self.cid: str | None = None
        self.last_result, self.result_run = Result.SUCCESS, 0
        self.on_hold = self.stopped = self.trigger_pending = self.tick_pending = False
        self.waiting = False
        self.jcache: dict[Answer, Attempt] = {}
        self.proc: _Proc
        # the last constant answer: valid for instance q_inst from q_from to q_until
        self.q_inst: Any = None
        self.q_from = self.q_until = 0.0
        self.q_att: Any = None


class _Run:
    """One run; mirrors kubelet.Kubelet, worker.Worker and prober_manager.ProberManager."""

    def __init__(self, pod: ProbedContainer, behaviour: Behaviour, profile: KubeletProfile,
                 duration: float, seed: int, phase: float | None) -> None:
        fresh = fresh_rng(seed) if isinstance(seed, int) and not isinstance(seed, bool) \
            and seed >= 0 else None
        static = _STATIC.get((id(pod), id(behaviour)))
        if static is None or static[0] is not pod or static[1] is not behaviour:
            static = None
        rng, phase, origins, censored = prepare(pod, behaviour, duration=duration, seed=seed,
                                                profile=profile, phase=phase, rng=fresh,
                                                checked=static is not None)
        if static is None:  # checked now: keep the pod's probes and targets for the next run
            if len(_STATIC) > 256:
                _STATIC.clear()
            container = pod.container
            static = _STATIC[(id(pod), id(behaviour))] = (
                pod, behaviour, [(t, p, container.target(t)) for t, p in
                                 container.probes().items()])
        self.pod, self.profile, self.rng, self.censored = pod, profile, rng, censored
        self.duration, self.seed, self.phase = duration, seed, phase
        self.behaviour = behaviour
        self.fast: Any = behaviour
        self.quiet_of: Any = None
        if isinstance(behaviour, Scenario):
            self.fast = _compiled_scenario(behaviour)
            self.quiet_of = self.fast.quiet
        elif isinstance(behaviour, Trace):
            self.quiet_of = lambda t, at, s: _trace_quiet(behaviour, t, at, s)
        elif isinstance(behaviour, Healthy):
            healthy = Answer()
            self.quiet_of = lambda t, at, s: (healthy, math.inf)
        if profile.relist_seconds + 1e-3 >= profile.resync_seconds:
            self.quiet_of = None  # resyncs could wait for a relist: step them
        self.now = 0.0
        self.heap: list[tuple[Any, ...]] = []
        self.seq = 0
        self.live = 0
        self.no_jump_before = 0.0
        self.probes = [0, 0, 0]
        self.failures = [0, 0, 0]
        self.back_offs = 0
        self.kills: list[KillRecord] = []
        self.ready: list[ReadyChange] = []
        self.failed_at: dict[tuple[ProbeType, str], float] = {}
        # thresholds [low, high] consistent with every counted comparison of the run
        self.box: dict[tuple[ProbeType, bool], list[float]] = {}
        # Kubelet.__init__, in order
        self.status = StatusView(will_restart=restarts_after_kill(pod))
        self.runtime = Runtime()
        self.backoff = CrashLoopBackOff(profile.backoff_initial, profile.backoff_max,
                                        profile.backoff_reset)
        relist = profile.relist_seconds
        self.relist_phase = float(rng.uniform(0, relist)) if relist > 0 else 0.0
        self.sync_requested = False
        self.flush_pending = False
        self.idle = False
        self.last_sync_end = -math.inf
        self.next_timer = resync_due(0.0, profile, float(rng.random()))
        # ProberManager: the caches and one worker per declared probe
        self.cache: dict[ProbeType, dict[str, Result]] = {t: {} for t in ProbeType}
        self.workers: dict[ProbeType, _Worker] = {}
        for t, probe, target in static[2]:
            w = _Worker(t, probe, target, origins[t])
            w.proc = self._process(self._worker_run(w))
            self.workers[t] = w
        self.worker_list = list(self.workers.values())
        self.expected = len(self.worker_list) + 1  # one pending entry per process when quiet
        self.n_waiting = 0  # workers waiting for a tick
        self.has_startup = ProbeType.STARTUP in self.workers
        self.pod_proc = self._process(self._pod_worker())
        self._start_container()

    # -- the scheduler (simpy's ordering) -----------------------------------------------------
    def _process(self, gen: Generator[Any, Any, Any]) -> _Proc:
        proc = _Proc(gen)
        self.seq += 1
        proc.token = self.seq
        self.live += 1
        heappush(self.heap, (self.now, URGENT, self.seq, _RESUME, proc, None))  # Initialize
        return proc

    def _call(self, delay: float, prio: int, fn: Any, arg: Any) -> None:
        self.seq += 1
        self.live += 1
        heappush(self.heap, (self.now + delay, prio, self.seq, _CALL, fn, arg))

    def _interrupt(self, proc: _Proc) -> None:
        self.seq += 1
        self.live += 1
        heappush(self.heap, (self.now, URGENT, self.seq, _INTERRUPT, proc, None))

    def _step(self, proc: _Proc, throw: bool) -> None:
        try:
            delay, prio = proc.gen.throw(_Interrupt()) if throw else proc.gen.send(None)
        except StopIteration:
            proc.done = True
            self.expected -= 1
            return
        self.seq += 1
        proc.token = self.seq
        proc.wait_at = at = self.now + delay
        self.live += 1
        heappush(self.heap, (at, prio, self.seq, _RESUME, proc, None))

    def run(self) -> RunMetrics:
        heap, duration = self.heap, self.duration
        pop, push = heappop, heappush
        quiet = self.quiet_of is not None
        while heap:
            entry = heap[0]
            t = entry[0]
            if t >= duration:  # env.run(until=duration): the stop event comes first
                break
            pop(heap)
            self.now = t
            kind, obj = entry[3], entry[4]
            if kind == _RESUME:  # _step(obj, False), inlined
                if obj.token != entry[2]:
                    continue  # a wait abandoned by an interrupt
                try:
                    delay, prio = obj.gen.send(None)
                except StopIteration:
                    obj.token = None
                    obj.done = True
                    self.live -= 1
                    self.expected -= 1
                    continue
                self.seq = seq = self.seq + 1
                obj.token = seq
                obj.wait_at = at = t + delay
                push(heap, (at, prio, seq, _RESUME, obj, None))
            elif kind == _CALL:
                self.live -= 1
                obj(entry[5])
            else:
                self.live -= 1
                if not obj.done:
                    if obj.token is not None:
                        obj.token = None
                        self.live -= 1
                    self._step(obj, True)
            if (quiet and self.live == self.expected and self.idle
                    and self.n_waiting == self.expected - 1 and t >= self.no_jump_before):
                self._try_jump()
        return self._metrics()

    def _metrics(self) -> RunMetrics:
        tl = Timeline(duration=self.duration, seed=self.seed, phase=self.phase,
                      profile=self.profile.name,
                      containers=[i.record for i in self.runtime.instances],
                      kills=self.kills, ready=self.ready)
        return metrics_of(tl, self.behaviour, probes=tuple(self.probes),  # type: ignore[arg-type]
                          failures=tuple(self.failures),  # type: ignore[arg-type]
                          back_offs=self.back_offs)

    # -- records ---------------------------------------------------------------------------
    def _set_ready(self, ready: bool) -> None:
        if ready == self.status.ready:
            return
        self.status.ready = ready
        changes = self.ready
        if changes and changes[-1].at == self.now:
            changes.pop()
        else:
            changes.append(ReadyChange(self.now, ready))

    def _set_started(self, started: bool) -> None:
        inst = self.runtime.current
        if started and not self.status.started and inst is not None \
                and inst.id == self.status.container_id and inst.record.started_at is None:
            inst.record.started_at = self.now
        self.status.started = started

    # -- the results cache (ProberManager) -------------------------------------------------
    def _set(self, probe_type: ProbeType, cid: str | None, result: Result, at: float) -> None:
        if cid is None:
            return
        cache = self.cache[probe_type]
        if cache.get(cid) is result:
            return
        cache[cid] = result
        # Kubelet.on_result
        if probe_type is ProbeType.LIVENESS and result is not Result.FAILURE:
            return
        if result is Result.FAILURE:
            self.failed_at[(probe_type, cid)] = at
        self._call(self.profile.sync_seconds, NORMAL, self._apply_update,
                   (probe_type, cid, result))

    def _forget(self, probe_type: ProbeType, cid: str | None) -> None:
        if cid is not None:
            self.cache[probe_type].pop(cid, None)

    def _is_ready(self, cid: str, running: bool, started: bool) -> bool:
        if not (running and started):
            return False
        if self.cache[ProbeType.READINESS].get(cid) is Result.SUCCESS:
            return True
        w = self.workers.get(ProbeType.READINESS)
        if w is None:
            return True
        self._trigger(w)
        return False

    def _apply_update(self, arg: tuple[ProbeType, str, Result]) -> None:
        probe_type, cid, result = arg
        st = self.status
        if cid == st.container_id:
            if probe_type is ProbeType.READINESS:
                self._set_ready(result is Result.SUCCESS and st.started)
            elif probe_type is ProbeType.STARTUP:
                self._set_started(result is Result.SUCCESS and st.running)
                if not st.started:
                    self._set_ready(False)
        # Kubelet._sync_after_updates: the updates of one instant merge into one pod sync
        if not self.flush_pending:
            self.flush_pending = True
            self._call(0.0, NORMAL, self._flush, None)

    def _flush(self, _: Any) -> None:
        self.flush_pending = False
        self._wake(None)

    # -- the pod worker ----------------------------------------------------------------------
    def _request_sync(self, delay: float) -> None:
        self._call(max(0.0, delay), URGENT, self._wake, None)

    def _wake(self, _: Any) -> None:
        self.sync_requested = True
        if self.idle:
            self.idle = False
            self._interrupt(self.pod_proc)

    def _pod_worker(self) -> Generator[Any, Any, None]:
        while True:
            if not self.sync_requested:
                self.idle = True
                try:
                    yield max(0.0, self.next_timer - self.now), URGENT
                except _Interrupt:
                    pass
                self.idle = False
            self.sync_requested = False
            yield from self._sync()

    def _sync(self) -> Generator[Any, Any, None]:
        profile = self.profile
        wait = pleg_wait(self.now, self.relist_phase, profile.relist_seconds, self.last_sync_end)
        if wait > 0:
            yield wait, URGENT
        inst, running = self.runtime.as_seen_at(
            last_relist(self.now, self.relist_phase, profile.relist_seconds))
        self._refresh_status(inst, running)
        requeue: float | None = None
        if inst is not None and running:
            probe_type = kill_reason_of(self.cache[ProbeType.LIVENESS].get(inst.id),
                                        self.cache[ProbeType.STARTUP].get(inst.id))
            if probe_type is not None:
                previous = self.runtime.newest_exited(inst.running_at)
                yield from self._kill(inst, probe_type)
                if self.status.will_restart:
                    requeue = yield from self._try_start(previous)
        elif inst is not None and self.status.will_restart:
            requeue = yield from self._try_start(self.runtime.newest_exited(self.now))
        self.last_sync_end = self.now
        self.next_timer = resync_due(self.now, profile, float(self.rng.random()), requeue)

    def _refresh_status(self, inst: Any, running: bool) -> None:
        st = self.status
        if inst is None:
            return
        st.adopt(inst, running)
        self._set_started(container_started(running, self.cache[ProbeType.STARTUP].get(inst.id),
                                            self.has_startup))
        self._set_ready(self._is_ready(inst.id, running, st.started))

    def _kill(self, inst: Any, probe_type: ProbeType) -> Generator[Any, Any, None]:
        now, grace = self.now, grace_seconds(self.pod, probe_type)
        inst.sigterm_at = now
        can_act = self.behaviour.stall_end(now, inst.running_at)
        exit_at = min(now + grace, can_act + self.behaviour.shutdown_seconds())
        self.kills.append(KillRecord(
            now, probe_type, inst.restart_count, self.failed_at.get((probe_type, inst.id), now),
            grace, exit_at if exit_at <= self.duration else None, self.status.will_restart,
            inst.restart_count + 1))
        yield max(0.0, exit_at - now), URGENT
        inst.exited_at = inst.record.ended_at = self.now
        self._request_sync(notice_delay(self.now, self.now, self.relist_phase, self.profile))

    def _try_start(self, exited: Any) -> Generator[Any, Any, float | None]:
        now = self.now
        if exited is not None and exited.exited_at is not None:
            finished = exited.exited_at
            if self.backoff.in_backoff(finished, now):
                self.back_offs += 1
                newest = self.runtime.newest_exited(now)
                finished = newest.exited_at if newest and newest.exited_at is not None else now
                return refusal_requeue(self.profile, self.backoff.remaining(finished, now))
            self.backoff.advance(finished, now)
        yield max(0.0, self.profile.container_start_seconds), URGENT
        self._start_container()
        return None

    def _start_container(self) -> None:
        self.runtime.start(self.now)
        self._request_sync(notice_delay(self.now, self.now, self.relist_phase, self.profile))

    # -- the probe workers -----------------------------------------------------------------
    def _worker_run(self, w: _Worker) -> Generator[Any, Any, None]:
        while w.origin + w.k * w.period < self.now - _EPS:
            w.k += 1
        while not w.stopped:
            if not (w.tick_pending or w.trigger_pending):
                w.waiting = True
                self.n_waiting += 1
                try:
                    yield max(0.0, w.origin + w.k * w.period - self.now), NORMAL
                    w.tick_pending = True
                except _Interrupt:
                    pass
                if w.waiting:
                    w.waiting = False
                    self.n_waiting -= 1
            # _take_tick_or_trigger
            if w.tick_pending and w.trigger_pending:
                use_trigger = bool(self.rng.integers(2))
            else:
                use_trigger = w.trigger_pending
            if not use_trigger:
                w.tick_pending = False
            else:
                w.trigger_pending = False
                if self.profile.trigger_resets_ticker:
                    w.origin, w.k, w.tick_pending = self.now, 1, False
            start = self.now
            probing = self._iterate(w)
            if probing:
                yield from self._probe_and_count(w)
            # _advance_grid
            now = self.now
            while w.origin + w.k * w.period <= now + _EPS:
                if w.origin + w.k * w.period > start + _EPS:
                    w.tick_pending = True
                w.k += 1

    def _trigger(self, w: _Worker) -> None:
        if w.stopped or w.trigger_pending:
            return
        w.trigger_pending = True
        if w.waiting:
            w.waiting = False
            self.n_waiting -= 1
            self._interrupt(w.proc)

    def _iterate(self, w: _Worker) -> bool:
        """Worker.iterate up to the probe call; True: probe now."""
        st = self.status
        if st.pod_finished:
            w.stopped = True
            self._forget(w.type, w.cid)
            return False
        cid = st.container_id
        if cid is None:
            return False
        if cid != w.cid:
            self._forget(w.type, w.cid)
            w.cid = cid
            self._set(w.type, cid, INITIAL_RESULT[w.type], self.now)
            w.on_hold = False
        step = checks(w.type, w.probe, st, w.on_hold, self.now)
        if step == PROBE:
            return True
        if step != SKIP:
            self._set(w.type, w.cid, Result.FAILURE, self.now)
            if step == WRITE_FAILURE_AND_EXIT:
                w.stopped = True
                self._forget(w.type, w.cid)
        return False

    def _judge(self, w: _Worker, answer: Answer) -> Attempt:
        att = w.jcache.get(answer)
        if att is None:
            att = judge(w.probe, w.target, answer,
                        exec_probe_timeout=self.profile.exec_probe_timeout,
                        censored=self.censored)
            if len(w.jcache) < 512:
                w.jcache[answer] = att
        return att

    def _probe_and_count(self, w: _Worker) -> Generator[Any, Any, None]:
        attempt = None
        for _ in range(MAX_PROBE_RETRIES):  # prober.run_probe
            now, inst = self.now, self.runtime.current
            if (w.q_inst is inst and w.q_from <= now < w.q_until and inst is not None
                    and inst.sigterm_at is None and inst.exited_at is None):
                attempt = w.q_att  # the same constant answer as a moment ago
            else:
                answer = answer_of(self.fast, w.target, inst, now, self.rng)
                attempt = self._judge(w, answer)
                if self.quiet_of is not None and inst is not None and inst.alive(now) \
                        and inst.sigterm_at is None:
                    constant, until = self.quiet_of(w.target, now, inst.running_at)
                    if constant is not None:
                        w.q_inst, w.q_from, w.q_until = inst, now, until
                        w.q_att = self._judge(w, constant)
            if attempt.duration > 0:
                yield attempt.duration, NORMAL
            if attempt.outcome is not Outcome.ERROR or not attempt.retry:
                break
        assert attempt is not None
        i = _INDEX[w.type]
        self.probes[i] += 1
        if attempt.outcome is Outcome.FAILURE:
            self.failures[i] += 1
        result = attempt.outcome.result
        if result is None or w.stopped:
            return
        if self.cache[w.type].get(w.cid) is not result \
                or holds_after(w.type, result, self.profile.startup_hold_on_success):
            box = self.box.get((w.type, result is Result.FAILURE))
            if box is None:
                box = self.box[w.type, result is Result.FAILURE] = [1, math.inf]
        else:
            box = None  # the cached result again, no hold: reached or not, nothing changes
        w.last_result, w.result_run, reached = count_result(w.last_result, w.result_run,
                                                            result, w.probe)
        if box is not None:  # the thresholds this run is valid for (see threshold_box)
            if reached:
                box[1] = min(box[1], w.result_run)
            else:
                box[0] = max(box[0], w.result_run + 1)
        if not reached:
            return
        self._set(w.type, w.cid, result, self.now)
        if holds_after(w.type, result, self.profile.startup_hold_on_success):
            w.on_hold, w.result_run = True, 0

    # -- quiet stretches ---------------------------------------------------------------------
    def _try_jump(self) -> None:
        """Skip to the next change if nothing can happen before it (see the module doc)."""
        st, inst = self.status, self.runtime.current
        if self.sync_requested or self.flush_pending:
            return
        if not st.running:
            self._try_dead_jump()
            return
        if (inst is None or inst.exited_at is not None or inst.sigterm_at is not None
                or st.container_id != inst.id or not st.started):
            return
        cid = inst.id
        plans = []
        end = self.duration
        if not st.ready:  # a sync would trigger the readiness worker: stop before the next
            end = min(end, self.pod_proc.wait_at)
        hold = self.profile.startup_hold_on_success
        for w in self.worker_list:
            if w.proc.done:
                continue
            if not w.waiting or w.tick_pending or w.trigger_pending or w.cid != cid:
                return
            a0 = w.proc.wait_at
            if a0 < 2 * w.period:  # later ticks fall exactly on origin + k * P (Sterbenz)
                return
            step = checks(w.type, w.probe, st, w.on_hold, a0)
            if w.type is ProbeType.STARTUP:  # Started: every startup tick is skipped
                if step != SKIP:
                    return
                plans.append((w, a0, None, True))
                continue
            if step != PROBE:
                return
            if w.q_inst is inst and w.q_from <= a0 < w.q_until:
                att, until = w.q_att, w.q_until  # the constant answer the last probe got
            else:
                ans, until = self.quiet_of(w.target, a0, inst.running_at)
                if ans is None:
                    self.no_jump_before = max(self.no_jump_before, min(until, self.duration))
                    return
                att = self._judge(w, ans)
            if att.outcome is Outcome.ERROR or att.duration > w.period - _MARGIN:
                self.no_jump_before = max(self.no_jump_before, min(until, self.duration))
                return
            end = min(end, until)
            result = att.outcome.result
            free = self.cache[w.type].get(cid) is result and not holds_after(w.type, result, hold)
            if not free:  # stop before the tick that reaches the threshold (a verdict)
                threshold = (w.probe.failure_threshold if result is Result.FAILURE
                             else w.probe.success_threshold)
                reach = threshold - w.result_run if w.last_result is result else threshold
                if reach <= 1:  # the next tick is a verdict: step it
                    self.no_jump_before = max(self.no_jump_before, a0)
                    return
                j = reach - 1  # ticks 0 .. j-1 reach nothing; tick j is the verdict
                end = min(end, w.origin + (w.k + j) * w.period)
            plans.append((w, a0, att, free))
        if not plans or end - self.now < 2 * min(p[0].period for p in plans):
            self.no_jump_before = max(self.no_jump_before, end)
            return
        # the periodic resyncs in the stretch: one jitter draw each (Kubelet._sync)
        profile, rng = self.profile, self.rng
        relist, rphase = profile.relist_seconds, self.relist_phase
        at = self.pod_proc.wait_at
        synced = False
        base, jitter = profile.resync_seconds, profile.resync_jitter
        if at < end and at - relist <= max(self.last_sync_end, inst.running_at) + _MARGIN:
            # the first resync is near the previous sync or the start: ask the rules
            seen, running = self.runtime.as_seen_at(last_relist(at, rphase, relist))
            if (pleg_wait(at, rphase, relist, self.last_sync_end) > 0 or seen is not inst
                    or not running):
                end = at
        # later resyncs are >= resync_seconds > relist_seconds apart: no PLEG wait, same
        # container. At least `batch` of them fall in the stretch: one draw call for those
        # (the same stream as one draw per sync), the rest one by one.
        batch = max(0, math.floor((end - at) / (base * (1 + jitter))) - 1) if at < end else 0
        draws = rng.random(batch).tolist() if batch else []
        used = 0
        while at < end:
            self.last_sync_end = at
            if used < batch:
                u = draws[used]
                used += 1
            else:
                u = float(rng.random())
            self.next_timer = nt = resync_due(at, profile, u)
            delay = nt - at
            at = at + max(0.0, delay)  # _Urgent
            synced = True
        if used != batch:
            raise AssertionError("resync draws out of step")
        self._move(plans, end, at if synced else None)

    def _try_dead_jump(self) -> None:
        """The container is not running and waits for its restart (back-off): until the pod
        worker's next sync every tick only rewrites a cached Failure, or is on hold."""
        st = self.status
        cid = st.container_id
        if cid is None or st.pod_finished or not st.terminated or not st.will_restart:
            return
        end = min(self.duration, self.pod_proc.wait_at)
        plans = []
        for w in self.worker_list:
            if w.proc.done:
                continue
            if not w.waiting or w.tick_pending or w.trigger_pending or w.cid != cid:
                return
            a0 = w.proc.wait_at
            if a0 < 2 * w.period:
                return
            if not (w.on_hold or self.cache[w.type].get(cid) is Result.FAILURE):
                return
            plans.append((w, a0, None, True))
        if not plans or end - self.now < 2 * min(p[0].period for p in plans):
            return
        self._move(plans, end, None)

    def _move(self, plans: list[Any], end: float, resync_at: float | None) -> None:
        """Advance the workers over their ticks before `end` and reschedule everything."""
        moved = []
        for w, a0, att, free in plans:
            period, origin, k = w.period, w.origin, w.k
            lat = 0.0 if att is None else att.duration
            # the ticks whose call also ends before `end` (a call in flight at `end` is
            # stepped: whatever happens at `end` must find the worker busy, as in the DES):
            # a0 (pending, tick k), then origin + (k + i) * period
            if not a0 + lat < end:
                continue
            n = max(1, math.ceil((end - lat - origin) / period) - k)
            while n > 1 and not origin + (k + n - 1) * period + lat < end:
                n -= 1
            while origin + (k + n) * period + lat < end:
                n += 1
            last = a0 if n == 1 else origin + (k + n - 1) * period
            if att is not None:
                i = _INDEX[w.type]
                # a call still in flight when the run ends is not counted (nor in the DES)
                calls = n - (last + lat >= self.duration)
                self.probes[i] += calls
                result = att.outcome.result
                if att.outcome is Outcome.FAILURE:
                    self.failures[i] += calls
                if w.last_result is result:
                    w.result_run += n
                else:
                    w.last_result, w.result_run = result, n
                if not free:  # every comparison in the stretch was "not reached"
                    box = self.box.setdefault((w.type, result is Result.FAILURE),
                                              [1, math.inf])
                    box[0] = max(box[0], w.result_run + 1)
            w.k = k + n
            sched = last + lat if lat > 0 else last
            g = origin + w.k * period
            moved.append((sched + max(0.0, g - sched), w, a0, n, lat, k, w.proc.token))
        if not moved and resync_at is None:
            self.no_jump_before = end
            return
        moved.sort(key=cmp_to_key(_tie_order))
        for item in moved:
            w = item[1]
            self.seq += 1
            w.proc.token = self.seq
            w.proc.wait_at = item[0]
            heappush(self.heap, (item[0], NORMAL, self.seq, _RESUME, w.proc, None))
        if resync_at is not None:
            self.seq += 1
            self.pod_proc.token = self.seq
            self.pod_proc.wait_at = resync_at
            heappush(self.heap, (resync_at, URGENT, self.seq, _RESUME, self.pod_proc, None))
        self.no_jump_before = end


def _chain(item: tuple[Any, ...], depth: int) -> tuple[float, int]:
    """The event at `depth` steps up the scheduling chain of a moved worker's new tick:
    (time, 0) for an event inside the stretch, (time, -1) for the original pending tick
    (scheduled before the stretch, so before every event inside it)."""
    _, w, a0, n, lat, k, _ = item  # (new time, worker, a0, ticks, latency, k0, old id)
    per = 2 if lat > 0 else 1
    i, r = divmod(depth, per)
    tick = n - 1 - i  # which tick of the stretch
    t = a0 if tick == 0 else w.origin + (k + tick) * w.period
    if per == 2 and r == 0:
        return t + lat, 0  # its completion
    return t, -1 if tick == 0 else 0


def _tie_order(x: tuple[Any, ...], y: tuple[Any, ...]) -> int:
    """simpy's order of two NORMAL entries: by time, then by the order of the events that
    scheduled them, recursively (an entry scheduled earlier has the smaller id)."""
    if x[0] != y[0]:
        return -1 if x[0] < y[0] else 1
    depth = 0
    lx = (x[3] * (2 if x[4] > 0 else 1))
    ly = (y[3] * (2 if y[4] > 0 else 1))
    wx, wy = x[1], y[1]
    if (wx.period == wy.period and x[4] == y[4] and wx.origin == wy.origin
            and x[5] + x[3] == y[5] + y[3]):
        depth = max(0, min(lx, ly) - 2)  # identical canonical ticks up to there
    while True:
        tx, ox = _chain(x, depth)
        ty, oy = _chain(y, depth)
        if tx != ty:
            return -1 if tx < ty else 1
        if ox or oy:
            if ox and oy:
                return -1 if x[6] < y[6] else 1
            return -1 if ox else 1
        depth += 1


_INDEX = {ProbeType.STARTUP: 0, ProbeType.LIVENESS: 1, ProbeType.READINESS: 2}


def threshold_box(box: dict[tuple[ProbeType, bool], list[float]]
                  ) -> dict[tuple[ProbeType, bool], tuple[float, float]]:
    """The run's threshold box as plain data: (probe type, failure?) -> (low, high)."""
    return {k: (v[0], v[1]) for k, v in box.items() if (v[0], v[1]) != (1, math.inf)}


def run_fast_box(pod: ProbedContainer, behaviour: Behaviour = HEALTHY, *,
                 duration: float = 600.0, seed: int = 0, profile: KubeletProfile = CLASSIC,
                 phase: float | None = None
                 ) -> tuple[RunMetrics, dict[tuple[ProbeType, bool], tuple[float, float]]]:
    """`run_fast`, plus the thresholds for which the run is the same: the thresholds enter a
    run only through the comparisons of `worker.count_result` (resultRun >= threshold), so
    any pod that differs only in failureThreshold / successThreshold values inside the box
    (probe type, failure?) -> [low, high] makes exactly the same decisions, the same events
    and the same metrics. Sweeps over thresholds reuse runs this way (`kubesim.analysis.sweep.grid`)."""
    r = _Run(pod, behaviour, profile, duration, seed, phase)
    return r.run(), threshold_box(r.box)


def run_fast(pod: ProbedContainer, behaviour: Behaviour = HEALTHY, *, duration: float = 600.0,
             seed: int = 0, profile: KubeletProfile = CLASSIC,
             phase: float | None = None) -> RunMetrics:
    """The metrics of `simulate(pod, behaviour, ...)`, computed by the sweep engine."""
    return _Run(pod, behaviour, profile, duration, seed, phase).run()
