"""Property-based tests of the simulated kubelet against the rules of docs/kubelet-rules.md §1-§4.

Inputs come from the public strategies of `kubesim.testing.strategies` (valid probes within the API's
rules, §5; pods; synthetic scenarios; grid phases), with times as arbitrary floats
(`resolution=None`) so that the engine also meets awkward instants. Each test's docstring
names the rules (R…, E…) it relies on.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from hypothesis import example, given, note
from hypothesis import strategies as st

import kubesim
from kubesim import (
    HEALTHY,
    Answer,
    AnswerError,
    ContainerSpec,
    Outcome,
    ProbedContainer,
    ProbeType,
    RestartPolicy,
    Scenario,
    Timeline,
    parse_probe,
    profile_from,
    render_json,
    simulate,
)
from kubesim.kubelet.prober import judge
from kubesim.testing import dump_scenario as ks_dump
from kubesim.testing import strategies as ks

EPS = 1e-6
CLASSIC = profile_from()
IDEAL = profile_from(ideal=True)
PROFILES = st.sampled_from([CLASSIC, IDEAL])
PHASES = st.floats(min_value=0.0, max_value=60.0, exclude_max=True, allow_nan=False)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
DURATIONS = st.integers(min_value=60, max_value=900)
LATENCIES = ks.latencies(max_ms=12_000)
CONSTANT_LATENCIES = ks.latencies(max_ms=12_000, distributions=False)
READYZ_ONLY = {ProbeType.READINESS: st.just("/readyz"), ProbeType.LIVENESS: st.just("/livez"),
               ProbeType.STARTUP: st.just("/livez")}

# the engine's inputs: any probes and pods, any scenario over the three default targets
ANY_PODS = ks.pods(sidecars=True)
ANY_SCENARIOS = ks.scenarios(max_start=900, latencies=LATENCIES, resolution=None)


def make_pod(container: ContainerSpec, grace: int = 30,
             policy: RestartPolicy = RestartPolicy.ALWAYS) -> ProbedContainer:
    return ProbedContainer(container=container, termination_grace_period_seconds=grace,
                           restart_policy=policy)


# ---------------------------------------------------------------------------- helpers


def probes_of(tl: Timeline, probe_type: ProbeType) -> list[kubesim.ProbeRecord]:
    return [p for p in tl.probes if p.probe is probe_type]


def counted(outcome: Outcome) -> bool | None:
    """True: counts as a failure; False: as a success; None: discarded (§2.6)."""
    result = outcome.result
    return None if result is None else result.name == "FAILURE"


def alive_gaps(tl: Timeline) -> list[tuple[float, float]]:
    """Intervals in [0, duration) during which no container process exists."""
    gaps, cursor = [], 0.0
    for c in tl.containers:
        if c.running_at > cursor + EPS:
            gaps.append((cursor, c.running_at))
        end = math.inf if c.ended_at is None else c.ended_at
        cursor = max(cursor, end)
    if cursor < tl.duration:
        gaps.append((cursor, tl.duration))
    return gaps


def killed_by(tl: Timeline, kill: kubesim.KillRecord) -> kubesim.ContainerRecord:
    """The container a kill stopped: the oldest one running at the kill (in the ideal
    profile its replacement may start at the same instant)."""
    return next(c for c in tl.containers if c.running_at <= kill.at + EPS
                and (c.ended_at is None or c.ended_at >= kill.at - EPS))


def healthy_deadline(pod: ProbedContainer) -> float:
    """A generous bound on when a healthy app is Ready (R1.5-R1.8, R1.13, R1.28, E16)."""
    probes = pod.container.probes()
    started = 3.0
    if ProbeType.STARTUP in probes:
        s = probes[ProbeType.STARTUP]
        started = max(s.initial_delay_seconds, 3.0) + s.period_seconds + 3.0
    if ProbeType.READINESS not in probes:
        return started + 3.0
    r = probes[ProbeType.READINESS]
    return max(started, r.initial_delay_seconds) + r.success_threshold * r.period_seconds + 5.0


# --------------------------------------------------------------------------- properties


@given(pod=ks.pods(restart_policies=["Always"]), phase=PHASES, seed=SEEDS, profile=PROFILES,
       duration=DURATIONS)
def test_healthy_app_never_restarts_and_becomes_ready(pod: ProbedContainer, phase: float,
                                                      seed: int, profile: Any,
                                                      duration: int) -> None:
    """An always-healthy app never fails a probe, is never killed, becomes Ready and stays so.

    Rules: R1.7 (no probe before D), R1.17/R1.18 (thresholds), R1.27/R3.1/R3.4 (Started and
    Ready; no readiness probe means Ready once Started), table 1.7 (readiness starts at
    Failure), R4.1 (kills only after a Failure verdict). E3 (counters survive restarts) does
    not apply to the first container, so its first Ready needs S successes of its own.
    The run is made long enough (at least `healthy_deadline`) for S readiness periods.
    """
    duration = max(duration, math.ceil(healthy_deadline(pod)))
    tl = simulate(pod, HEALTHY, duration=duration, seed=seed, profile=profile, phase=phase)
    s = tl.summary()
    assert tl.kills == [] and s.restarts == 0
    assert len(tl.containers) == 1
    assert all(p.result is Outcome.SUCCESS for p in tl.probes)
    assert s.first_ready_at is not None
    # Ready from first_ready_at to the end (zero-length flaps aside, see the report)
    assert math.isclose(s.ready_seconds, duration - s.first_ready_at, abs_tol=EPS)
    readiness = pod.container.probes().get(ProbeType.READINESS)
    if readiness is not None:
        assert s.first_ready_at >= readiness.initial_delay_seconds - EPS
        successes = [p for p in probes_of(tl, ProbeType.READINESS)
                     if p.at + p.latency <= s.first_ready_at + EPS]
        assert len(successes) >= readiness.success_threshold


@st.composite
def readiness_only_failures(draw: st.DrawFn) -> Scenario:
    """/readyz fails in every way (its own answers, db outages, flapping); /livez always
    answers 200 within 1 s (T >= 1); no stalls (a stall freezes the whole process, so it
    would fail liveness too) and no slow start (it would refuse /livez too)."""
    livez = {"answer": {"status": 200,
                        "latency_ms": draw(ks.latencies(max_ms=1000, distributions=False))}}
    readyz = {"answer": draw(st.one_of(ks.answers(failing=True, latencies=LATENCIES),
                                       st.just({"status": 200}))),
              "depends_on": ["db"],
              "when_down": draw(ks.answers(failing=True, latencies=LATENCIES))}
    base = Scenario.from_dict({"dependencies": {"db": {"down": []}},
                               "targets": {"/livez": livez, "/readyz": readyz}})
    return draw(ks.scenarios(base, max_outages=3, max_start=900, flap_targets=["/readyz"],
                             max_stalls=0, max_startup=0, resolution=None))


@given(data=st.data(), scenario=readiness_only_failures(), phase=PHASES, seed=SEEDS,
       profile=PROFILES, duration=DURATIONS)
def test_readiness_failures_alone_never_restart(data: st.DataObject, scenario: Scenario,
                                                phase: float, seed: int, profile: Any,
                                                duration: int) -> None:
    """Only the readiness target fails: no container is ever killed.

    Rules: R3.4/R3.9 (readiness only sets Ready), R4.1 (kills come only from liveness or
    startup Failure), R2.8/R2.9 (200 within T is Success), table 1.7.
    """
    extra = data.draw(st.sets(st.sampled_from([ProbeType.LIVENESS, ProbeType.STARTUP])))
    pod = make_pod(data.draw(ks.containers(probe_types={ProbeType.READINESS, *extra},
                                           handlers=["httpGet"], paths=READYZ_ONLY)))
    tl = simulate(pod, scenario, duration=duration, seed=seed, profile=profile, phase=phase)
    assert tl.kills == []
    assert len(tl.containers) == 1
    for p in tl.probes:
        if p.probe is not ProbeType.READINESS:
            assert p.result is Outcome.SUCCESS, p


# ----- 3: monotonicity in failureThreshold

# The scope where F-monotonicity is claimed: /livez fails during wall-clock dependency
# outages and wall-clock (flapping) windows only, with constant latencies; no since_start
# windows, no stalls, no shutdown time.
WALL_CLOCK_OUTAGES = ks.scenarios(targets=["/livez", "/readyz"], dependencies={"db": ["/livez"]},
                                  min_outages=1, max_outages=3, max_start=900, max_flaps=2,
                                  flap_targets=["/livez"], max_stalls=0, max_startup=0,
                                  max_shutdown=0, latencies=CONSTANT_LATENCIES, resolution=None)

NO_BACKOFF_IDEAL = profile_from(ideal=True, overrides={"backoff_initial": 0, "backoff_max": 0})


@st.composite
def threshold_pairs(draw: st.DrawFn) -> tuple[ProbeType, ContainerSpec, ContainerSpec]:
    """A container with exactly one of liveness/startup (readiness optional) and the same
    container with that probe's failureThreshold raised by k in 1..5. The killing probe has
    initialDelaySeconds 0 and timeoutSeconds < periodSeconds (the provable scope)."""
    probe_type = draw(st.sampled_from([ProbeType.LIVENESS, ProbeType.STARTUP]))
    types = {probe_type} | draw(st.sets(st.just(ProbeType.READINESS)))
    container = draw(ks.containers(probe_types=types, handlers=["httpGet"], paths=READYZ_ONLY))
    period = draw(st.integers(2, 30))
    field = f"{probe_type.value}_probe"
    probe = getattr(container, field).model_copy(update={
        "initial_delay_seconds": 0, "period_seconds": period,
        "timeout_seconds": draw(st.integers(1, period - 1))})
    raised = probe.model_copy(update={
        "failure_threshold": probe.failure_threshold + draw(st.integers(1, 5))})
    return (probe_type, container.model_copy(update={field: probe}),
            container.model_copy(update={field: raised}))


def restarts_for(container: ContainerSpec, scenario: Scenario, *, profile: Any,
                 phase: float, seed: int, duration: float) -> int:
    return len(simulate(make_pod(container), scenario, duration=duration, seed=seed,
                        profile=profile, phase=phase).restarts)


@given(pair=threshold_pairs(), scenario=WALL_CLOCK_OUTAGES, phase=PHASES, seed=SEEDS,
       duration=DURATIONS)
def test_raising_failure_threshold_never_adds_restarts(
        pair: tuple[ProbeType, ContainerSpec, ContainerSpec], scenario: Scenario,
        phase: float, seed: int, duration: int) -> None:
    """Raising a liveness (or startup) failureThreshold F to F+k never adds restarts, for
    the same app, seed and pinned phase — in the scope where this provably holds.

    Rules: R1.5/E1 (the grid is fixed by the pinned phase and survives restarts), R1.7
    (initial delay), R1.17/R1.19 (F consecutive counted failures make a verdict), R1.22/R1.23
    (hold until a new container ID, counter reset to 0 after the verdict), R1.27 (startup
    stops once Started), R4.1/R4.6 (kill on the verdict, restart in the same sync), R4.8-R4.13
    (back-off).

    Not monotone in general (genuine counterexamples, see `test_threshold_counterexample_*`):
    * initialDelaySeconds > 0: the D-window is counted from each container's start (R1.9),
      so a later kill moves the skipped ticks; the shorter-lived containers of the F run can
      land their first probe in a short gap between outages (Started, no more kills) while
      the F+k run's probes miss it;
    * back-off (R4.13): the kill sync checks the previous instance's FinishedAt against B; a
      longer-lived container (larger F) can pass where a shorter-lived one is held back, so
      the F+k run restarts at once and fits one more kill into the run (seen with startup
      + liveness on /livez, classic+ideal: restarts 7 vs 8, the F run's kill at 252 s held
      back, the F+k run's kill at 266 s restarted at once and killed again at 350 s);
    * with both liveness and startup declared, a later startup verdict shifts when liveness
      starts counting;
    * the kubelet's jitter (default profile) is drawn from the run's generator in event
      order, so the two runs do not see the same kubelet timings at all.

    Scope and proof: ideal profile with back-off off (every restart happens in the kill
    sync, at the instant the verdict's probe completed), a single killing probe with D = 0
    and T < P, /livez failing on the wall clock only (dependency outages, wall windows,
    constant latencies, no stalls, no shutdown time, no since_start). Then every probe call
    ends before the next tick, the replacement exists before that tick, and the worker
    probes every grid tick (until Started, for startup) in both runs; the results depend
    on the tick time alone, so both runs see the same sequence. A failure streak of L
    counted ticks gives floor(L / F) verdicts (the counter restarts at 0 after each,
    R1.22), and floor(L / (F + k)) <= floor(L / F); for startup the first success ends the
    sequence in both runs at the same tick.
    """
    probe_type, container, raised = pair
    kwargs = {"profile": NO_BACKOFF_IDEAL, "phase": phase, "seed": seed, "duration": duration}
    before = restarts_for(container, scenario, **kwargs)
    after = restarts_for(raised, scenario, **kwargs)
    note(f"{probe_type.value}: restarts F={before} F+k={after}")
    assert after <= before


def _startup_only(threshold: int, delay: int, period: int) -> ContainerSpec:
    return ContainerSpec.model_validate({
        "name": "app", "ports": [{"containerPort": 8080}],
        "startupProbe": {"httpGet": {"path": "/livez", "port": 8080},
                         "initialDelaySeconds": delay, "periodSeconds": period,
                         "timeoutSeconds": 1, "failureThreshold": threshold}})


def test_threshold_counterexample_initial_delay() -> None:
    """Shrunk counterexample to unrestricted F-monotonicity (ideal profile, wall-clock
    outage only): startup D=9, P=2, phase 1, db down [0, 108) and from 114 on.

    F=9: probes at 9..25, 35..51, 61..77, 87..103 fail (kills at 25, 51, 77, 103); the fifth
    container first probes at 113, inside the 6 s gap -> Started, no more kills.
    F=14: kills at 35, 71, 107; the fourth container first probes at 117 (D counted from its
    start, R1.7/R1.9), after the gap; kills at 143 and 179 -> one restart more.
    Rules: R1.5/E1, R1.7, R1.9, R1.17, R1.23, R4.1.
    """
    scenario = Scenario.from_dict({
        "dependencies": {"db": {"down": [{"from": 0.0, "to": 108.0}, {"from": 114.0, "to": None}]}},
        "targets": {"/livez": {"answer": {"status": 200}, "depends_on": ["db"]}}})
    for profile in (IDEAL, NO_BACKOFF_IDEAL):
        kwargs = {"profile": profile, "phase": 1.0, "seed": 0, "duration": 180}
        assert restarts_for(_startup_only(9, 9, 2), scenario, **kwargs) == 4
        assert restarts_for(_startup_only(14, 9, 2), scenario, **kwargs) == 5


# ----- 4, 5: invariants of any run


@st.composite
def any_runs(draw: st.DrawFn) -> tuple[ProbedContainer, Timeline, Any]:
    pod = draw(ANY_PODS)
    scenario = draw(ANY_SCENARIOS)
    profile = draw(PROFILES)
    tl = simulate(pod, scenario, duration=draw(DURATIONS), seed=draw(SEEDS), profile=profile,
                  phase=draw(st.one_of(st.none(), PHASES)))
    return pod, tl, profile


@given(run=any_runs())
def test_restart_count_increases_by_one(run: tuple[ProbedContainer, Timeline, Any]) -> None:
    """restartCount never decreases: containers' restart_count is 0, 1, 2, … along the
    timeline; a kill names the killed container's count + 1; a replacement carries it.

    Rules: R4.6/R4.7 (restartCount = previous + 1, on every restart), E13 (no restart, no
    increment under Never).
    """
    pod, tl, _ = run
    assert [c.restart_count for c in tl.containers] == list(range(len(tl.containers)))
    for a, b in itertools.pairwise(tl.containers):
        assert a.ended_at is not None and a.ended_at <= b.running_at + EPS
    assert len(tl.containers) <= 1 + len(tl.restarts)
    for kill in tl.kills:
        killed = killed_by(tl, kill)
        assert kill.restart_count == killed.restart_count + 1
        replacement = [c for c in tl.containers if c.restart_count == kill.restart_count]
        if replacement:
            assert kill.restart
            assert kill.stopped_at is not None
            assert replacement[0].running_at >= kill.stopped_at - EPS
    if pod.restart_policy is RestartPolicy.NEVER and not pod.container.sidecar:
        assert tl.restarts == [] and len(tl.containers) == 1  # a sidecar restarts anyway (R4.2)


@given(run=any_runs())
def test_structural_invariants(run: tuple[ProbedContainer, Timeline, Any]) -> None:
    """Invariants of every run.

    * one worker never runs two probes at once: records of one type do not overlap (R1.3, E2);
    * liveness/readiness probe a container only once it is Started, startup only before
      (R1.27; Started from ContainerRecord.started_at, R1.28);
    * no probe before running_at + initialDelaySeconds (R1.7, R1.9, E18);
    * a probe call lasts at most timeoutSeconds × 3 (R2.2 retries, R2.8 timeout);
    * Ready changes alternate, starting with True (R3.9, R1.20: one update per transition);
    * the pod is not Ready while no container process exists — exactly in the ideal
      profile; in the default profile status lags by the kubelet's own latencies (E16:
      relist, sync hop, container start), bounded by `lag` below;
    * every kill follows >= F consecutive counted failures of its probe type since the last
      success or the previous verdict of that type, the last one completing at failed_at
      (R1.17, R1.19 errors neither count nor break, R1.22 reset after the verdict, E3
      counters survive restarts).
    """
    pod, tl, profile = run
    probes = pod.container.probes()
    for probe_type, probe in probes.items():
        recs = probes_of(tl, probe_type)
        for a, b in itertools.pairwise(recs):
            assert a.at + a.latency <= b.at + EPS, (a, b)
        for p in recs:
            assert p.latency <= 3 * probe.timeout_seconds + EPS, p
            c = tl.containers[p.container]
            assert p.at >= c.running_at + probe.initial_delay_seconds - EPS, (p, c)
            if probe_type is ProbeType.STARTUP:
                assert c.started_at is None or p.at < c.started_at + EPS, (p, c)
            else:
                assert c.started_at is not None and p.at >= c.started_at - EPS, (p, c)

    flags = [r.ready for r in tl.ready]
    assert flags == [i % 2 == 0 for i in range(len(flags))]

    lag = (0.0 if profile.relist_seconds == 0 else
           profile.relist_seconds + profile.sync_seconds
           + profile.container_start_seconds)
    for start, end in tl.ready_intervals():
        for g0, g1 in alive_gaps(tl):
            overlap = min(end, g1) - max(start, g0)
            assert overlap <= lag + EPS, ((start, end), (g0, g1))

    for kill in tl.kills:
        assert kill.at >= kill.failed_at - EPS
        threshold = probes[kill.probe].failure_threshold
        previous = [k.failed_at for k in tl.kills if k.probe is kill.probe
                    and k.failed_at < kill.failed_at - EPS]
        since = previous[-1] if previous else -math.inf
        recs = [p for p in probes_of(tl, kill.probe)
                if since + EPS < p.at + p.latency <= kill.failed_at + EPS]
        assert recs and abs(recs[-1].at + recs[-1].latency - kill.failed_at) <= EPS
        assert recs[-1].result is Outcome.FAILURE
        run_length = 0
        for p in reversed(recs):
            verdict = counted(p.result)
            if verdict is None:
                continue
            if not verdict:
                break
            run_length += 1
        assert run_length >= threshold, (kill, recs[-threshold:])


@given(pod=ANY_PODS, scenario=ANY_SCENARIOS, phase=st.one_of(st.none(), PHASES),
       seed=SEEDS, profile=PROFILES, duration=DURATIONS)
def test_same_inputs_same_json(pod: ProbedContainer, scenario: Scenario,
                               phase: float | None, seed: int, profile: Any,
                               duration: int) -> None:
    """The same inputs and seed give byte-identical JSON (simulate owns the only generator,
    seeded by `seed`; the phase is drawn from it when not pinned, R1.2)."""
    docs = [render_json(simulate(pod, Scenario.from_dict(ks_dump(scenario)), duration=duration,
                                 seed=seed, profile=profile, phase=phase)) for _ in range(2)]
    assert docs[0] == docs[1]


# ----- 7: judge

_JUDGED = ContainerSpec.model_validate({
    "name": "app", "ports": [{"containerPort": 8080}],
    "livenessProbe": {"httpGet": {"path": "/livez", "port": 8080}}})
HTTP_TARGET = _JUDGED.target(ProbeType.LIVENESS)


def http_probe(timeout: int) -> kubesim.Probe:
    return parse_probe({"httpGet": {"path": "/livez", "port": 8080}, "timeoutSeconds": timeout},
                       ProbeType.LIVENESS)


ANY_ANSWER = st.builds(
    Answer,
    status=st.integers(100, 599),
    error=st.one_of(st.none(), st.sampled_from(list(AnswerError))),
    censored=st.booleans(),
)


@given(answer=ANY_ANSWER)
def test_latency_above_timeout_always_fails(answer: Answer) -> None:
    """timeoutSeconds 1 and a 2 s answer: Failure, whatever the answer would have said
    (R2.8: the client timeout covers the whole call; R2.3: a timeout is a failure)."""
    slow = Answer(answer.status, answer.error, answer.exit_code, answer.grpc_status, 2.0,
                  answer.censored)
    attempt = judge(http_probe(1), HTTP_TARGET, slow)
    assert attempt.outcome is Outcome.FAILURE
    assert attempt.duration == 1.0


@given(timeout=st.integers(1, 10), frac=st.floats(0.0, 1.0), status=st.integers(200, 299))
@example(timeout=1, frac=1.0, status=200)  # latency == timeout is still in time
def test_latency_within_timeout_never_fails_on_2xx(timeout: int, frac: float,
                                                   status: int) -> None:
    """A 2xx within timeoutSeconds is a Success (R2.8, R2.9); exactly T is in time."""
    answer = Answer(status=status, latency=frac * timeout)
    attempt = judge(http_probe(timeout), HTTP_TARGET, answer)
    assert attempt.outcome is Outcome.SUCCESS
    assert attempt.duration == answer.latency
