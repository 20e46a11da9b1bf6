"""Assertions for test suites: run a pod against a behaviour at many grid phases and check an
outcome, with a counterexample a person can act on when it does not hold.

Each `assert_*` helper simulates the pod at grid phases (`phases=N`: the N evenly spaced
phases i * cycle / N of `kubesim run --phases N`, phase i with seed `seed + i`; `sample=k`:
k of them, chosen deterministically from the seed; or an explicit list of phases) and raises
`ProbeExpectationError` (an `AssertionError`) at the first phase where the outcome fails::

    from kubesim import load_scenario, load_spec
    from kubesim.testing import assert_no_restart, assert_not_ready_within_outage

    pod = load_spec("deploy/orders.yaml", "app")
    outage = load_scenario("deploy/db-outage.scenario.yaml")
    assert_no_restart(pod, outage, phases=20)
    assert_not_ready_within_outage(pod, outage, within=15, phases=20)

The error's message names the expectation, the phase and seed, the exact `kubesim run`
command that reproduces the run (in-memory pods and behaviours are written to files under
a private folder of the temporary directory first), the behaviour's outages and stalls, and the text timeline
trimmed to a window around the failure. In a pytest report it reads as plain text.

Without `phases`, the default is 10, or what the pytest plugin sets (`--kubesim-phases N`,
`@pytest.mark.kubesim(phases=N)`); `phase_coverage()` sets it in any other runner. Without
`duration`, the run lasts until two minutes after the behaviour's last finite outage, stall
or trace observation (at least 300 s); an outage or stall that never ends counts until the
probes have certainly acted on it (`detection_seconds`).

The module also writes kubesim's inputs back out: `dump_pod`, `dump_scenario` and
`dump_trace` give the documents `kubesim run` reads, `to_yaml` their YAML text.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import random
import re
import shlex
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from kubesim.behaviour.answer import HEALTHY, Behaviour, Healthy
from kubesim.behaviour.horizon import (
    MARGIN_SECONDS,
    MINIMUM_SECONDS,
    default_duration,
    detection_seconds,
)
from kubesim.behaviour.scenario import Scenario
from kubesim.behaviour.trace import Trace
from kubesim.engine.simulate import grid_cycle, simulate
from kubesim.errors import KubesimError, UsageError
from kubesim.kubelet.settings import CLASSIC, PROFILES, KubeletProfile, profile_from
from kubesim.render.report import render_text
from kubesim.results import Outcome, ProbeType
from kubesim.spec.manifests import load_spec
from kubesim.spec.model import ProbedContainer, RestartPolicy
from kubesim.timeline import KillRecord, Timeline

__all__ = [
    "DEFAULT_PHASES",
    "ProbeExpectationError",
    "Violation",
    "assert_no_restart",
    "assert_not_ready_within_outage",
    "assert_ready_within",
    "assert_survives_stall",
    "assert_timeline",
    "default_phases",
    "detection_seconds",
    "dump_pod",
    "dump_scenario",
    "dump_trace",
    "grid_phases",
    "phase_coverage",
    "reproduce_command",
    "suggested_duration",
    "to_yaml",
]

DEFAULT_PHASES = 10
EPS = 1e-6
_COVERAGE: ContextVar[tuple[int, int | None]] = ContextVar("kubesim_phase_coverage",
                                                            default=(DEFAULT_PHASES, None))

# ------------------------------------------------------------------------------ phase coverage


def default_phases() -> tuple[int, int | None]:
    """The current default `(phases, sample)` of the helpers (the plugin's marker or option)."""
    return _COVERAGE.get()


@contextlib.contextmanager
def phase_coverage(phases: int | None = None, sample: int | None = None) -> Iterator[None]:
    """Within the block, helpers called without `phases` sweep `phases` grid phases (or a
    deterministic sample of `sample` of them). `None` keeps the current value."""
    current = _COVERAGE.get()
    n = current[0] if phases is None else _positive("phases", phases)
    k = current[1] if sample is None else _positive("sample", sample)
    token = _COVERAGE.set((n, k))
    try:
        yield
    finally:
        _COVERAGE.reset(token)


def _positive(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UsageError(f"{name}={value!r} must be a whole number >= 1")
    return value


def grid_phases(pod: ProbedContainer, phases: int | Sequence[float] | None = None, *,
                sample: int | None = None, seed: int = 0) -> list[tuple[float, int]]:
    """The `(phase, seed)` pairs a helper runs: N evenly spaced phases over the grid cycle with
    seeds `seed + i` (as `kubesim run --phases N --seed S`), `sample` of them if given, or the
    listed phases with seeds `seed + position`."""
    if phases is None:
        phases, default_sample = default_phases()
        sample = default_sample if sample is None else sample
    if isinstance(phases, Sequence):
        listed = [float(p) for p in phases]
        if not listed or not all(math.isfinite(p) for p in listed):
            raise UsageError(f"phases={phases!r} must be finite numbers of seconds")
        return [(p, seed + i) for i, p in enumerate(listed)]
    n = _positive("phases", phases)
    cycle = grid_cycle(pod)
    pairs = [(i * cycle / n, seed + i) for i in range(n)]
    if sample is not None and _positive("sample", sample) < n:
        pairs = sorted(random.Random(seed).sample(pairs, sample), key=lambda p: p[1])
    return pairs


# ------------------------------------------------------------------------------ violations


@dataclass(frozen=True)
class Violation:
    """Why one run fails an expectation: `message`, the time `at` it became certain, and
    `since`, where the trimmed timeline should start (default 30 s before `at`)."""

    at: float
    message: str
    since: float | None = None


Check = Callable[[Timeline], "Violation | None"]


@dataclass(frozen=True)
class _Run:
    pod: ProbedContainer
    behaviour: Behaviour
    duration: float
    profile: KubeletProfile
    pairs: list[tuple[float, int]]


class ProbeExpectationError(AssertionError):
    """A pod did not behave as expected at some grid phase.

    Attributes: `expectation` (text), `phase`, `seed`, `violation`, `timeline` (the failing
    run), `command` (the `kubesim run` command line that reproduces it). The message is
    built when first shown; it also counts how many of the swept phases fail.
    """

    def __init__(self, expectation: str, violation: Violation, timeline: Timeline,
                 run: _Run, check: Check, index: int) -> None:
        super().__init__(expectation)
        self.expectation, self.violation, self.timeline = expectation, violation, timeline
        self.phase, self.seed = timeline.phase, timeline.seed
        self._run, self._check, self._index = run, check, index
        self._message: str | None = None

    @property
    def command(self) -> str:
        """The `kubesim run` command that reproduces the failing run."""
        return reproduce_command(self._run.pod, self._run.behaviour,
                                 duration=self._run.duration, seed=self.seed, phase=self.phase,
                                 profile=self._run.profile)

    def failing_phases(self) -> int:
        """How many of the swept phases fail (runs the ones after the first failure)."""
        rest = self._run.pairs[self._index + 1:]
        return 1 + sum(self._check(_simulate(self._run, p, s)) is not None for p, s in rest)

    def __str__(self) -> str:
        if self._message is None:
            self._message = self._render()
        return self._message

    def _render(self) -> str:
        run, v = self._run, self.violation
        n = len(run.pairs)
        head = [f"{self.expectation}: failed at {self.failing_phases()} of {n} grid phases",
                f"  first failure: grid phase {self.phase:.3f} s, seed {self.seed}: {v.message}",
                (f"  pod: {run.pod.label} | behaviour: {_behaviour_name(run.behaviour)} | "
                 f"profile {run.profile.name} | {run.duration:g} s simulated")]
        windows = run.behaviour.windows(run.duration)
        if windows:
            head.append("  windows: " + "; ".join(
                f"{w.label} [{w.start:.3f}, {_end(w.end)}) s ({_length(w.start, w.end)})"
                for w in windows[:8]) + (" ..." if len(windows) > 8 else ""))
        head += ["reproduce:", f"  {self.command}"]
        since = v.at - 30.0 if v.since is None else v.since
        return "\n".join([*head, *_window(self.timeline, since - 5.0, v.at + 15.0)])


def _end(end: float) -> str:
    return "never" if math.isinf(end) else f"{end:.3f}"


def _length(start: float, end: float) -> str:
    return "open-ended" if math.isinf(end) else f"{end - start:g} s"


def _behaviour_name(behaviour: Behaviour) -> str:
    if isinstance(behaviour, Healthy):
        return "healthy"
    source = behaviour.source
    description = behaviour.description if isinstance(behaviour, Scenario) else None
    name = source if source != "<memory>" else type(behaviour).__name__
    return f"{name} ({description.strip()})" if description else name


_LINE = re.compile(r"^\s*(-?\d+\.\d+)  ")


def _window(timeline: Timeline, start: float, end: float, max_lines: int = 60) -> list[str]:
    """The text timeline's lines with times in [start, end], at most `max_lines`."""
    lines = render_text(timeline).splitlines()
    body = lines.index("      time  what") + 1
    stop = lines.index("", body)
    events = lines[body:stop]
    times = [float(m.group(1)) if (m := _LINE.match(x)) else math.nan for x in events]
    keep = [i for i, t in enumerate(times) if start - EPS <= t <= end + EPS]
    if len(keep) > max_lines:
        keep = keep[-max_lines:]
    out = [(f"timeline {max(start, 0):.3f} to {min(end, timeline.duration):.3f} s "
            "(kubesim.render_text, trimmed):"), "      time  what"]
    if keep and keep[0] > 0:
        out.append(f"       ...  ({keep[0]} earlier lines)")
    out += [events[i] for i in keep]
    if keep and keep[-1] < len(events) - 1:
        out.append(f"       ...  ({len(events) - 1 - keep[-1]} later lines)")
    if not keep:
        out.append("       ...  (nothing happened in this window)")
    return out


# ------------------------------------------------------------------------------ sweeping


def _simulate(run: _Run, phase: float, seed: int) -> Timeline:
    return simulate(run.pod, run.behaviour, duration=run.duration, seed=seed,
                    profile=run.profile, phase=phase)


def assert_timeline(pod: ProbedContainer, behaviour: Behaviour | None, check: Check, *,
                    expectation: str, phases: int | Sequence[float] | None = None,
                    sample: int | None = None, duration: float | None = None, seed: int = 0,
                    profile: KubeletProfile = CLASSIC) -> None:
    """Run `pod` against `behaviour` at each grid phase and raise `ProbeExpectationError` at
    the first run for which `check(timeline)` returns a `Violation`. The building block of
    the other helpers::

        def never_ready(tl):
            return None if tl.ready else Violation(tl.duration, "never Ready")
        assert_timeline(pod, scenario, never_ready, expectation="becomes Ready")
    """
    __tracebackhide__ = True  # pytest: show the caller's line, not this helper's
    behaviour = HEALTHY if behaviour is None else behaviour
    duration = (suggested_duration(behaviour, pod=pod) if duration is None
                else float(duration))
    run = _Run(pod, behaviour, duration, profile,
               grid_phases(pod, phases, sample=sample, seed=seed))
    for index, (phase, s) in enumerate(run.pairs):
        timeline = _simulate(run, phase, s)
        violation = check(timeline)
        if violation is not None:
            raise ProbeExpectationError(expectation, violation, timeline, run, check, index)


def suggested_duration(behaviour: Behaviour, *, pod: ProbedContainer | None = None,
                       margin: float = MARGIN_SECONDS, minimum: float = MINIMUM_SECONDS) -> float:
    """Long enough to see the behaviour through: `margin` seconds after its last finite
    window end (outage, stall, flap) or trace observation, and at least `minimum` (the rule
    of `kubesim run`, `check` and `sweep` without `--duration`). A window that never ends
    (`to: null`, a stall with `duration: null`) counts until its start plus
    `detection_seconds(pod)`: by then the kubelet has acted on it."""
    return default_duration(behaviour, pod=pod, margin=margin, minimum=minimum)


def _kill_violation(timeline: Timeline, kill: KillRecord, pod: ProbedContainer) -> Violation:
    what = ("restarted" if kill.restart else "killed (not restarted)")
    message = (f"container #{kill.container} {what} by a {kill.probe.value} failure: verdict "
               f"at {kill.failed_at:.3f} s, kill at {kill.at:.3f} s")
    return Violation(kill.at, message, since=_streak_start(timeline, kill, pod))


def _streak_start(timeline: Timeline, kill: KillRecord, pod: ProbedContainer) -> float:
    """Start of the failure streak that led to `kill` (errors neither count nor break)."""
    start = kill.failed_at
    probes = [p for p in timeline.probes
              if p.probe is kill.probe and p.at + p.latency <= kill.failed_at + EPS]
    for p in reversed(probes):
        if p.result is Outcome.FAILURE:
            start = p.at
        elif p.result is not Outcome.ERROR:
            break
    return start


def assert_no_restart(pod: ProbedContainer, behaviour: Behaviour | None = None, *,
                      phases: int | Sequence[float] | None = None, sample: int | None = None,
                      duration: float | None = None, seed: int = 0,
                      profile: KubeletProfile = CLASSIC) -> None:
    """No probe ever kills the container (a kill under `restartPolicy: Never` counts too),
    at every swept grid phase::

        assert_no_restart(pod, load_scenario("db-outage.scenario.yaml"), phases=20)
    """
    __tracebackhide__ = True  # pytest: show the caller's line, not this helper's
    def check(tl: Timeline) -> Violation | None:
        return _kill_violation(tl, tl.kills[0], pod) if tl.kills else None

    assert_timeline(pod, behaviour, check, expectation="expected no restart", phases=phases,
                    sample=sample, duration=duration, seed=seed, profile=profile)


def assert_ready_within(pod: ProbedContainer, behaviour: Behaviour | None = None,
                        seconds: float = 30.0, *, phases: int | Sequence[float] | None = None,
                        sample: int | None = None, duration: float | None = None,
                        seed: int = 0, profile: KubeletProfile = CLASSIC) -> None:
    """The pod is first Ready at most `seconds` after its first container started running,
    at every swept grid phase::

        assert_ready_within(pod, slow_start, 30, phases=100)
    """
    __tracebackhide__ = True  # pytest: show the caller's line, not this helper's
    def check(tl: Timeline) -> Violation | None:
        first = tl.summary().first_ready_at
        if first is not None and first <= seconds + EPS:
            return None
        seen = "never Ready" if first is None else f"first Ready at {first:.3f} s"
        at = min(seconds if first is None else first, tl.duration)
        return Violation(at, f"{seen}; expected by {seconds:g} s", since=0.0)

    run_for = max(float(seconds) + 60.0, 120.0) if duration is None else duration
    assert_timeline(pod, behaviour, check, expectation=f"expected Ready within {seconds:g} s",
                    phases=phases, sample=sample, duration=run_for, seed=seed, profile=profile)


def _outages(behaviour: Behaviour, dependency: str | None, until: float) -> list[tuple[
        float, float, str]]:
    """(start, end, label) of the dependency outages of a scenario, or the failing windows of
    a trace's targets."""
    if isinstance(behaviour, Scenario):
        names = list(behaviour.dependencies) if dependency is None else [dependency]
        if dependency is not None and dependency not in behaviour.dependencies:
            have = ", ".join(behaviour.dependencies) or "none"
            raise UsageError(f"dependency={dependency!r} is not in the scenario; it has: {have}")
        return sorted((s.start, s.end, f"{n} down") for n in names
                      for s in behaviour.dependencies[n].down if s.start < until)
    return [(w.start, w.end, w.label) for w in behaviour.windows(until)
            if dependency is None or w.label.startswith(dependency)]


def assert_not_ready_within_outage(pod: ProbedContainer, behaviour: Behaviour, *,
                                   within: float, dependency: str | None = None,
                                   phases: int | Sequence[float] | None = None,
                                   sample: int | None = None, duration: float | None = None,
                                   seed: int = 0, profile: KubeletProfile = CLASSIC) -> None:
    """The pod leaves Ready (so the endpoints stop sending it traffic) within `within`
    seconds of the start of every outage: each downtime of `dependency` (default: every
    dependency of a Scenario; for a Trace, every window in which a target fails). Outages
    shorter than `within`, or ending after the run, make no demand::

        assert_not_ready_within_outage(pod, outage, within=15, dependency="db")
    """
    __tracebackhide__ = True  # pytest: show the caller's line, not this helper's
    def check(tl: Timeline) -> Violation | None:
        intervals = tl.ready_intervals()
        for start, end, label in _outages(behaviour, dependency, tl.duration):
            deadline = start + within
            if end < deadline or deadline > tl.duration:
                continue
            if any(a <= start + EPS and b > deadline + EPS for a, b in intervals):
                return Violation(deadline, f"still Ready {within:g} s after {label} began at "
                                           f"{start:.3f} s", since=start)
        return None

    assert_timeline(pod, behaviour, check,
                    expectation=f"expected not Ready within {within:g} s of an outage",
                    phases=phases, sample=sample, duration=duration, seed=seed, profile=profile)


def assert_survives_stall(pod: ProbedContainer, behaviour: Behaviour, *,
                          ready_again_within: float | None = None,
                          phases: int | Sequence[float] | None = None, sample: int | None = None,
                          duration: float | None = None, seed: int = 0,
                          profile: KubeletProfile = CLASSIC) -> None:
    """The app's stalls (GC pauses, a blocked event loop, `stalls:` of a Scenario) never get
    the container killed; with `ready_again_within`, a pod that is Ready before a finite
    wall-clock stall is Ready again at most that many seconds after the stall ends::

        assert_survives_stall(pod, load_scenario("gc-pause.scenario.yaml"),
                              ready_again_within=20)
    """
    __tracebackhide__ = True  # pytest: show the caller's line, not this helper's
    stalls = [w for w in behaviour.windows(math.inf) if w.label.startswith("stall")]

    def check(tl: Timeline) -> Violation | None:
        if tl.kills:
            return _kill_violation(tl, tl.kills[0], pod)
        if ready_again_within is None:
            return None
        intervals = tl.ready_intervals()
        for w in stalls:
            deadline = w.end + ready_again_within
            if math.isinf(w.end) or deadline > tl.duration:
                continue
            ready_before = any(a <= w.start < b for a, b in intervals)
            back = any(a <= deadline + EPS and b > deadline for a, b in intervals) or any(
                w.end - EPS <= a <= deadline + EPS for a, _ in intervals)
            if ready_before and not back:
                return Violation(deadline, f"not Ready again {ready_again_within:g} s after the "
                                           f"stall [{w.start:.3f}, {w.end:.3f}) s ended",
                                 since=w.start)
        return None

    expectation = "expected to survive the stall" + (
        f" and be Ready again within {ready_again_within:g} s" if ready_again_within else "")
    assert_timeline(pod, behaviour, check, expectation=expectation, phases=phases,
                    sample=sample, duration=duration, seed=seed, profile=profile)


# ------------------------------------------------------------------------------ reproducing


def reproduce_command(pod: ProbedContainer, behaviour: Behaviour | None = None, *,
                      duration: float, seed: int, phase: float | None,
                      profile: KubeletProfile = CLASSIC) -> str:
    """The `kubesim run` command line for this run. The pod's manifest and the behaviour's
    file are used when they hold exactly these objects; otherwise both are written to
    a private folder `<tmp>/kubesim-repro-XXXXXXXX/` made for this process (file names from a
    hash of their content)."""
    args = ["kubesim", "run", *_spec_args(pod)]
    args += _behaviour_args(HEALTHY if behaviour is None else behaviour)
    args += ["--duration", f"{duration:g}" if float(f"{duration:g}") == duration
             else repr(float(duration)), "--seed", str(seed)]
    if phase is not None:
        args += ["--phase", repr(float(phase))]
    flags, exact = _profile_flags(profile)
    command = shlex.join(args + flags)
    return command if exact else command + "  # profile cannot be given exactly as flags"


def _shown_path(path: str) -> str:
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def _repro_file(kind: str, suffix: str, text: str) -> str:
    """Write `text` into this process's private reproduction folder (created by
    `tempfile.mkdtemp`: mode 0700, an unpredictable name), named by its hash."""
    global _REPRO_DIR
    if _REPRO_DIR is None or not _REPRO_DIR.is_dir():
        _REPRO_DIR = Path(tempfile.mkdtemp(prefix="kubesim-repro-"))
    target = _REPRO_DIR / f"{kind}-{hashlib.sha256(text.encode()).hexdigest()[:12]}{suffix}"
    if not target.exists():
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
    return str(target)


_REPRO_DIR: Path | None = None


def _spec_args(pod: ProbedContainer) -> list[str]:
    """The manifest (and `--container`) holding `pod`: its own file if that still reads back
    as this pod, else a written copy with this one probed container."""
    source = pod.source
    if source not in ("<memory>", "<stdin>") and Path(source).is_file():
        label = f"{pod.object_kind}/{pod.object_name}/{pod.container.name}"
        with contextlib.suppress(KubesimError):
            if load_spec(source, label) == pod:
                return [_shown_path(source), "--container", label]
    return [_repro_file("spec", ".yaml", to_yaml(dump_pod(pod)))]


def _behaviour_args(behaviour: Behaviour) -> list[str]:
    if isinstance(behaviour, Healthy):
        return []
    if isinstance(behaviour, Scenario):
        source = behaviour.source
        if source in ("<memory>", "<stdin>") or not Path(source).is_file():
            source = _repro_file("scenario", ".yaml", to_yaml(dump_scenario(behaviour)))
        return ["--scenario", _shown_path(source)]
    if isinstance(behaviour, Trace):
        source = behaviour.source
        if source in ("<memory>", "<stdin>") or not Path(source).is_file():
            source = _repro_file("trace", ".jsonl", dump_trace(behaviour))
        return ["--trace", _shown_path(source), "--trace-restart", behaviour.restart.value,
                "--censored", behaviour.censored_mode.value]
    return ["--scenario", f"<{type(behaviour).__name__}: not a file>"]


def _profile_flags(profile: KubeletProfile) -> tuple[list[str], bool]:
    """CLI flags that rebuild `profile`, and whether they rebuild it exactly."""
    ideal = profile.name.endswith("+ideal")
    base = profile.name.removesuffix("+ideal")
    if base not in PROFILES:
        return [], False
    reference = profile_from(base, ideal=ideal)
    overrides = {k: getattr(profile, k) for k in type(profile).model_fields
                 if k != "name" and getattr(profile, k) != getattr(reference, k)}
    flags = [] if base == "classic" else ["--profile", base]
    flags += ["--ideal"] if ideal else []
    for key, value in overrides.items():
        value = _plain(value)
        text = str(value).lower() if isinstance(value, bool) else str(value)
        flags += ["--kubelet", f"{key}={text}"]
    try:
        exact = profile_from(base, ideal=ideal, overrides={
            k: _plain(v) for k, v in overrides.items()}) == profile
    except KubesimError:
        exact = False
    return flags, exact


# ------------------------------------------------------------------------------ writing inputs


def dump_pod(pod: ProbedContainer) -> dict[str, Any]:
    """The pod as the document `kubesim run` reads back into an equal pod: a compact probe
    spec, or a Pod manifest for a sidecar (an init container with `restartPolicy: Always`)."""
    container = pod.container.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True,
                                         mode="json", exclude={"sidecar"})
    for field in [t.field for t in ProbeType]:
        if field in container:
            container[field] = _probe_document(container[field])
    if not container.get("ports"):
        container.pop("ports", None)
    settings = {"terminationGracePeriodSeconds": pod.termination_grace_period_seconds,
                "restartPolicy": RestartPolicy(pod.restart_policy).value}
    if not pod.container.sidecar:
        return {**container, **settings}
    main = {"name": f"{pod.container.name}-main", "image": "app"}
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": pod.object_name},
            "spec": {**settings, "containers": [main],
                     "initContainers": [{**container, "restartPolicy": "Always"}]}}


def _probe_document(probe: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in probe.items():
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if v not in ((), [])}
        out[key] = value
    return out


def _plain(value: Any) -> Any:
    """An enum member's value; any other value as it is."""
    return value.value if isinstance(value, Enum) else value


def dump_scenario(scenario: Scenario) -> dict[str, Any]:
    """The scenario as its YAML document (only the fields that were given; entries that
    select replicas included)."""
    data: dict[str, Any] = scenario.as_written().model_dump(by_alias=True, exclude_unset=True,
                                                            mode="json")
    return data


def dump_trace(trace: Trace) -> str:
    """The trace as JSON Lines text: a meta line, then every observation in time order."""
    meta = {**trace.meta, "on_restart": trace.restart.value,
            "censored": trace.censored_mode.value}
    rows = []
    for key in trace.targets:
        for o in trace.observations(key):
            row: dict[str, Any] = {"t": o.t, "target": key}
            for name in ("status", "location", "error", "exit_code", "grpc_status"):
                value = getattr(o, name)
                if value is not None:
                    row[name] = _plain(value)
            row["latency_ms"] = None if math.isinf(o.latency_ms) else o.latency_ms
            rows.append(row)
    rows.sort(key=lambda r: r["t"])
    return "\n".join(json.dumps(r) for r in [{"meta": meta}, *rows]) + "\n"


_PLAIN = re.compile(r"^[A-Za-z/_][A-Za-z0-9_./-]*$")
_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        text = repr(value)
        if "e" in text and "." not in text:  # YAML 1.1 floats need a dot
            mantissa, exponent = text.split("e")
            text = f"{mantissa}.0e{exponent}"
        return text
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _RESERVED:
        return text
    return json.dumps(text)


def _lines(value: Any, indent: int) -> list[str]:
    pad = " " * indent
    if isinstance(value, dict):
        out = []
        for key, item in value.items():
            head = f"{pad}{_scalar(str(key))}:"
            if isinstance(item, dict | list | tuple) and item:
                out += [head, *_lines(item, indent + 2)]
            else:
                out.append(f"{head} {_inline(item)}")
        return out
    out = []
    for item in value:
        if isinstance(item, dict | list | tuple) and item:
            inner = _lines(item, indent + 2)
            out += [f"{pad}- {inner[0].lstrip()}", *inner[1:]]
        else:
            out.append(f"{pad}- {_inline(item)}")
    return out


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list | tuple):
        return "[]"
    return _scalar(value)


def to_yaml(data: Any) -> str:
    """Block-style YAML for plain data (dicts, lists, strings, numbers, booleans, None), as
    kubesim's loaders read it back::

        to_yaml({"livenessProbe": {"httpGet": {"path": "/livez", "port": 8080}}})
    """
    if not isinstance(data, dict | list | tuple) or not data:
        return _inline(data) + "\n"
    return "\n".join(_lines(data, 0)) + "\n"
