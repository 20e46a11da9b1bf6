"""Threshold sweeps: one pod and behaviour, a grid of settings, each judged over many grid
phases and seeds. This module is the grid: its addressing, values, expectations and the data
of a point; `kubesim.analysis.sweep.run` evaluates the points, `.plan` decides what to run,
`.pool` runs them in processes. Plain data in, plain data out.

Addressing (`--set FIELD=VALUES`)
--------------------------------
* **Probe fields** by their Kubernetes path: `livenessProbe.failureThreshold`,
  `readinessProbe.periodSeconds`, `startupProbe.initialDelaySeconds`,
  `livenessProbe.timeoutSeconds`, `readinessProbe.successThreshold`,
  `livenessProbe.terminationGracePeriodSeconds`. The probe must be declared; every value goes
  through the API server's defaults and validation (docs/kubelet-rules.md §5), so
  `livenessProbe.successThreshold=2` is refused like in a manifest.
* **Pod fields**: `terminationGracePeriodSeconds`, `restartPolicy`.
* **Chart values** (`--set-value PATH=VALUES`, when SPEC is a Helm chart): `values.PATH`,
  e.g. `values.livenessProbe.failureThreshold`. The chart is rendered again for every value
  (`SweepSpec.variants`), never mapped onto the probe field it seems to drive: a template may
  transform a value (`default 3` turns 0 into 3, `max`, conditionals), and only Helm's own
  render says what a value does.
* **Scenario parameters** (`--scenario` only), named shortcuts:
  - `outage.DEP.length` / `outage.DEP.start`: the first downtime of dependency `DEP` (its
    length in seconds: `to = from + length`, `none` = never recovers; its start, keeping the
    length). `outage.DEP.N.length` addresses downtime N (0-based).
  - `stall.length` / `stall.start`: the first stall (`stall.N.…` for stall N): its length
    (`to - from`, or `duration` for a since-start stall; `none` = a hang) and its start
    (`from`, or `since_start`).
  - `startup.seconds` (or `startup.TARGET.seconds`): the app's start-up time, i.e. the end of
    every `since_start` window that begins at 0 (of every target, or of TARGET only).
  - `shutdownSeconds`: the app's time to exit after SIGTERM.
  - `scenario.PATH`: any scenario field by its dotted path in the YAML document, list items
    by index: `scenario.targets./healthz.when_down.latency_ms`,
    `scenario.dependencies.db.down.1.from`.

VALUES is a list (`1,2,3`, `0.5,1`, `none`) or an inclusive range (`1..10`, `1..10:2`,
`0.5..2:0.5`). Several `--set` make a grid (the first varies slowest).

What a point reports
--------------------
Each point runs at `phases` grid phases `i * cycle / phases` (cycle: the lcm of the point's
probe periods, as `kubesim run --phases`) times `seeds` seeds; run (s, i) uses seed
`seed + s * phases + i`. Per point: restarts (mean, max), kills, unready seconds (mean, max),
time to first Ready (mean, max; `never` counts runs never Ready), time from the first stall's
start to the next kill (max; only with a stall), probe calls, and each expectation: held at
every run or not.

Expectations (`--expect`): `no-restart`, `max-restarts=N`, `ready-within=S` (first Ready at
most S s after the first container started, in every run), `max-unready=S`,
`kill-within=S` (a stall is killed within S s in every run; needs a stall).
"""

from __future__ import annotations

import copy
import dataclasses
import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.scenario import Scenario
from kubesim.engine.metrics import RunMetrics
from kubesim.errors import KubesimError, UsageError
from kubesim.kubelet.settings import CLASSIC
from kubesim.results import ProbeType
from kubesim.spec.manifests import load_spec
from kubesim.spec.model import RestartPolicy, SpecError, parse_probe
from kubesim.spec.sources import RenderOptions, UnitKind, unit_of

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.settings import FleetSettings
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["CHART_PREFIX", "FLEET_FIELDS", "Point", "PointGoal", "PointResult", "Setting",
           "SweepSpec", "apply_point", "chart_key", "chart_variants", "driven_fields",
           "expand_grid", "helm_set", "is_threshold",
           "parse_chart_setting", "parse_goal", "parse_setting", "parse_values"]

_PROBE_FIELDS = {
    "initialDelaySeconds": "initial_delay_seconds", "timeoutSeconds": "timeout_seconds",
    "periodSeconds": "period_seconds", "successThreshold": "success_threshold",
    "failureThreshold": "failure_threshold",
    "terminationGracePeriodSeconds": "termination_grace_period_seconds",
}
_PROBE_TYPES = {t.field: t for t in ProbeType}
_POD_FIELDS = ("terminationGracePeriodSeconds", "restartPolicy")
CHART_PREFIX = "values"  # chart values: values.PATH (--set-value PATH=VALUES)
# fleet parameters (`kubesim sweep --fleet`): see kubesim.analysis.sweep.fleet_points
FLEET_FIELDS = ("replicas", "fleet.startSpread", "fleet.propagation", "fleet.load.rps",
                "fleet.load.capacity", "fleet.minCapacity", "rollout.at", "rollout.maxSurge",
                "rollout.maxUnavailable", "rollout.minReadySeconds", "preStop.sleep")
# a number as float() reads it; its digits one way only (`\d+(?:\.\d*)?`, not `\d+\.?\d*`,
# whose two runs of digits split a long number n ways: 5,000 digits that are not a range took
# seconds of backtracking)
_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_RANGE = re.compile(rf"^({_NUMBER})\.\.({_NUMBER})(?::({_NUMBER}))?$")


# ------------------------------------------------------------------ values and settings


def _number(text: str) -> int | float | None | str:
    low = text.strip().lower()
    if low in ("none", "null"):
        return None
    if re.fullmatch(r"[-+]?\d+", low):  # integers within 64 bits, as the API's int64 fields
        if len(low.lstrip("+-")) > 19 or not -(2**63) <= int(low) < 2**63:
            raise UsageError(f"--set value {_short(text)}: an integer must fit in 64 bits")
        return int(low)
    try:
        value = float(low)
    except ValueError:
        return text.strip()
    if not math.isfinite(value):
        raise UsageError(f"--set value {_short(text)}: a number must be finite (none: unset "
                         "or never ends)")
    return value


def _short(text: str) -> str:
    text = text.strip()
    return repr(text) if len(text) <= 24 else repr(text[:21] + "...")


def parse_values(text: str) -> list[Any]:
    """`1,2,3` / `1..10` / `1..10:2` / `0.5..2:0.5` / `none` -> a list of values."""
    text = text.strip()
    m = _RANGE.match(text)
    if m:
        lo, hi, step = (_number(g) if g is not None else None for g in m.groups())
        step = 1 if step is None else step
        if not isinstance(step, int | float) or step <= 0:
            raise UsageError(f"range {text!r}: the step must be > 0")
        assert isinstance(lo, int | float) and isinstance(hi, int | float)
        if hi < lo:
            raise UsageError(f"range {text!r}: the end must not be below the start")
        count = math.floor((hi - lo) / step + 1e-9) + 1
        if count > 1_000_000:
            raise UsageError(f"range {text!r} has {count} values; at most 1,000,000")
        if all(isinstance(v, int) for v in (lo, hi, step)):
            return [lo + i * step for i in range(count)]
        return [round(lo + i * step, 12) for i in range(count)]
    values = [_number(v) for v in text.split(",") if v.strip()]
    if not values:
        raise UsageError(f"no values in {text!r}; give a list (1,2,3) or a range (1..10:2)")
    return values


@dataclass(frozen=True)
class Setting:
    """One `--set FIELD=VALUES`."""

    field: str
    values: tuple[Any, ...]

    @property
    def kind(self) -> str:
        """probe, pod, fleet or scenario."""
        head = self.field.split(".", 1)[0]
        if head in _PROBE_TYPES:
            return "probe"
        if head == CHART_PREFIX:
            return "chart"
        if self.field in FLEET_FIELDS:
            return "fleet"
        return "pod" if self.field in _POD_FIELDS else "scenario"


def parse_setting(text: str) -> Setting:
    """`FIELD=VALUES` -> Setting, with the field's address checked."""
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise UsageError(f"--set {text!r} must look like FIELD=VALUES, e.g. "
                         "livenessProbe.failureThreshold=1..10")
    head, _, rest = name.partition(".")
    if head in _PROBE_TYPES:
        if rest not in _PROBE_FIELDS:
            raise UsageError(f"--set {name}: unknown probe field {rest!r}; known: "
                             f"{', '.join(_PROBE_FIELDS)}")
    elif name not in _POD_FIELDS and name not in FLEET_FIELDS \
            and head not in ("outage", "stall", "startup", "scenario") \
            and name != "shutdownSeconds":
        raise UsageError(
            f"--set {name}: unknown field; use a probe field (livenessProbe.failureThreshold), "
            "a pod field (terminationGracePeriodSeconds, restartPolicy), a fleet parameter "
            f"({', '.join(FLEET_FIELDS)}) or a scenario parameter (outage.DEP.length, "
            "stall.length, startup.seconds, shutdownSeconds, scenario.PATH); a Helm chart's "
            "value is --set-value PATH=VALUES")
    return Setting(name, tuple(parse_values(values)))


def parse_chart_setting(text: str) -> Setting:
    """`--set-value PATH=VALUES` -> the Setting `values.PATH` (a Helm chart value)."""
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name or name.startswith(".") or name.endswith("."):
        raise UsageError(f"--set-value {text!r} must look like PATH=VALUES, e.g. "
                         "livenessProbe.failureThreshold=1..10 (a path in the chart's values)")
    return Setting(f"{CHART_PREFIX}.{name}", tuple(parse_values(values)))


def helm_set(setting_field: str, value: Any) -> str:
    """The `helm --set` expression that gives chart value `values.PATH` the value."""
    path = setting_field.split(".", 1)[1]
    if value is None:
        return f"{path}=null"
    if isinstance(value, float):
        return f"{path}={value!r}"
    return f"{path}={value}"


def chart_key(values: dict[str, Any]) -> str:
    """The chart values of a point, as the key of its rendered variant."""
    return "\x1f".join(f"{k}={v!r}" for k, v in values.items()
                       if k.startswith(f"{CHART_PREFIX}."))


MAX_RENDERS = 256  # chart renders one sweep may ask for (each takes a fraction of a second)


def chart_variants(path: str, container: str | None, render: RenderOptions,
                   settings: list[Setting]) -> dict[str, ProbedContainer]:
    """The pod of every combination of the chart values swept: the chart at `path`
    rendered once per combination, with `--set` expressions after the command line's."""
    charts = [s for s in settings if s.kind == "chart"]
    if not charts:
        return {}
    if unit_of(path).kind is not UnitKind.CHART:
        raise UsageError(f"--set-value varies a Helm chart's value; {path} is not a chart "
                         "(a directory with Chart.yaml, or a .tgz)")
    combos = expand_grid(charts)
    if len(combos) > MAX_RENDERS:
        raise UsageError(f"--set-value: {len(combos)} combinations of chart values, each a "
                         f"render of the chart; at most {MAX_RENDERS}")
    out = {}
    for combo in combos:
        extra = tuple(helm_set(k, v) for k, v in combo.items())
        options = dataclasses.replace(render, set_values=(*render.set_values, *extra))
        out[chart_key(combo)] = load_spec(path, container, render=options)
    return out


def driven_fields(base: ProbedContainer, variants: dict[str, ProbedContainer]) -> list[str]:
    """The probe and pod fields that differ between the base render and the variants: what
    the swept chart values turned out to drive."""
    def fields(pod: ProbedContainer) -> dict[str, Any]:
        out: dict[str, Any] = {"terminationGracePeriodSeconds":
                               pod.termination_grace_period_seconds,
                               "restartPolicy": pod.restart_policy.value}
        for kind, probe in pod.container.probes().items():
            for key, value in probe.model_dump(by_alias=True, exclude_none=True).items():
                out[f"{kind.field}.{key}"] = value
        return out
    mine = fields(base)
    changed: set[str] = set()
    for pod in variants.values():
        theirs = fields(pod)
        changed |= {k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k)}
    return sorted(changed)


def expand_grid(settings: list[Setting]) -> list[dict[str, Any]]:
    """The cartesian product of the settings, the first varying slowest."""
    if len({s.field for s in settings}) != len(settings):
        raise UsageError("each field can be --set once")
    points: list[dict[str, Any]] = [{}]
    for s in settings:
        points = [{**p, s.field: v} for p in points for v in s.values]
    return points


# ------------------------------------------------------------------ applying a point


def _apply_probe(pod: ProbedContainer, name: str, value: Any) -> ProbedContainer:
    field_name, _, key = name.partition(".")
    probe_type = _PROBE_TYPES[field_name]
    container = pod.container
    probe = container.probes().get(probe_type)
    if probe is None:
        raise UsageError(f"--set {name}: container {container.name} declares no {field_name}")
    data = probe.model_dump(by_alias=True, exclude_none=True)
    if value is None:
        data.pop(key, None)
    else:
        data[key] = value
    try:
        new = parse_probe(data, probe_type)
    except SpecError as exc:
        raise UsageError(f"--set {name}={value}: {exc.message}") from None
    attr = {ProbeType.STARTUP: "startup_probe", ProbeType.LIVENESS: "liveness_probe",
            ProbeType.READINESS: "readiness_probe"}[probe_type]
    return dataclasses.replace(pod, container=container.model_copy(update={attr: new}))


def _apply_pod(pod: ProbedContainer, name: str, value: Any) -> ProbedContainer:
    if name == "restartPolicy":
        try:
            return dataclasses.replace(pod, restart_policy=RestartPolicy(value))
        except ValueError:
            raise UsageError(f"--set restartPolicy={value}: one of Always, OnFailure, "
                             "Never") from None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**63:
        raise UsageError(f"--set {name}={value}: a whole number of seconds >= 0 (a 64-bit "
                         "integer)")
    try:  # a hook's sleep longer than the grace is refused, as the API server does (R5.19)
        return dataclasses.replace(pod, termination_grace_period_seconds=value)
    except SpecError as exc:
        raise UsageError(f"--set {name}={value}: {exc.message}") from None


def scenario_document(scenario: Scenario) -> dict[str, Any]:
    """The scenario as the plain data it was built from (set fields only; entries that
    select replicas included)."""
    return scenario.as_written().model_dump(by_alias=True, exclude_unset=True)


def _pick(items: list[Any], index: int, what: str) -> Any:
    if not 0 <= index < len(items):
        raise UsageError(f"{what}: no item {index} (there are {len(items)})")
    return items[index]


def _set_scenario(doc: dict[str, Any], name: str, value: Any) -> None:
    parts = name.split(".")
    head = parts[0]
    if head == "shutdownSeconds":
        doc["shutdown_seconds"] = value
        return
    if head == "scenario":
        cur: Any = doc
        path = parts[1:]
        if not path:
            raise UsageError("--set scenario.PATH needs a path")
        for i, key in enumerate(path):
            last = i == len(path) - 1
            if isinstance(cur, list):
                if not key.isdigit():
                    raise UsageError(f"--set {name}: {key!r} must be a list index")
                if last:
                    _pick(cur, int(key), f"--set {name}")
                    cur[int(key)] = value
                else:
                    cur = _pick(cur, int(key), f"--set {name}")
            elif isinstance(cur, dict):
                if last:
                    cur[key] = value
                else:
                    cur = cur.setdefault(key, {})
            else:
                raise UsageError(f"--set {name}: {key!r} is below a value, not a mapping")
        return
    if head == "outage":
        if len(parts) not in (3, 4):
            raise UsageError(f"--set {name}: use outage.DEP.length|start or "
                             "outage.DEP.N.length|start")
        dep, what = parts[1], parts[-1]
        index = int(parts[2]) if len(parts) == 4 and parts[2].isdigit() else 0
        deps = doc.get("dependencies", {})
        if dep not in deps:
            raise UsageError(f"--set {name}: the scenario has no dependency {dep!r} "
                             f"(it has: {', '.join(deps) or 'none'})")
        span = _pick(deps[dep].setdefault("down", []), index, f"--set {name}")
        _set_span(span, "from", "to", what, value, name)
        return
    if head == "stall":
        if len(parts) not in (2, 3):
            raise UsageError(f"--set {name}: use stall.length|start or stall.N.length|start")
        index = int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else 0
        stall = _pick(doc.get("stalls", []), index, f"--set {name}")
        if "since_start" in stall:
            setting = {"length": "duration", "start": "since_start"}.get(parts[-1])
            if setting is None:
                raise UsageError(f"--set {name}: a stall has a length and a start")
            stall[setting] = value
        else:
            _set_span(stall, "from", "to", parts[-1], value, name)
        return
    if head == "startup":
        if parts[-1] != "seconds" or len(parts) > 3:
            raise UsageError(f"--set {name}: use startup.seconds or startup.TARGET.seconds")
        wanted = parts[1] if len(parts) == 3 else None
        found = False
        for key, spec in doc.get("targets", {}).items():
            if wanted is not None and key != wanted:
                continue
            for w in spec.get("since_start", []):
                if w.get("from", 0) == 0:
                    w["to"] = value
                    found = True
        if not found:
            raise UsageError(f"--set {name}: no since_start window from 0 to set (the "
                             "start-up time is the end of the window the app fails in)")
        return
    raise UsageError(f"--set {name}: unknown scenario parameter")


def _set_span(span: dict[str, Any], start_key: str, end_key: str, what: str, value: Any,
              name: str) -> None:
    if what == "length" and value is None:
        span[end_key] = None
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise UsageError(f"--set {name}={value}: a number of seconds >= 0"
                         + (" (none: never ends)" if what == "length" else ""))
    start = span.get(start_key, 0.0)
    if what == "length":
        span[end_key] = None if value is None else start + value
    elif what == "start":
        end = span.get(end_key)
        span[start_key] = value
        if end is not None:
            span[end_key] = value + (end - start)
    else:
        raise UsageError(f"--set {name}: {what!r} is not length or start")


def apply_point(pod: ProbedContainer, behaviour: Behaviour,
                point: dict[str, Any]) -> tuple[ProbedContainer, Behaviour]:
    """The pod and behaviour of one grid point."""
    doc: dict[str, Any] | None = None
    for name, value in point.items():
        kind = Setting(name, ()).kind
        if kind == "probe":
            pod = _apply_probe(pod, name, value)
        elif kind == "pod":
            pod = _apply_pod(pod, name, value)
        elif kind == "fleet":
            continue  # applied to the fleet's settings (fleet_points.fleet_of)
        elif kind == "chart":
            continue  # the pod itself is the chart rendered with it (SweepSpec.pod_at)
        else:
            if not isinstance(behaviour, Scenario):
                raise UsageError(f"--set {name}: scenario parameters need --scenario FILE")
            if doc is None:
                doc = copy.deepcopy(scenario_document(behaviour))
            _set_scenario(doc, name, value)
    if doc is not None:
        assert isinstance(behaviour, Scenario)
        try:
            behaviour = Scenario.from_dict(doc, source=behaviour.source)
        except KubesimError as exc:
            shown = ", ".join(f"{k}={v}" for k, v in point.items())
            raise UsageError(f"{shown}: the scenario becomes invalid: {exc.message}") from None
    return pod, behaviour


# ------------------------------------------------------------------ expectations


@dataclass(frozen=True)
class PointGoal:
    """A goal a point must meet at every run (`--expect`; `kubesim check`'s declared
    expectations are `analysis.check.expectations.Expectation`)."""

    name: str  # as given: no-restart, ready-within=30
    kind: str
    limit: float | None = None

    def held(self, m: RunMetrics) -> bool:
        """Whether it holds in one run."""
        if self.kind == "no-restart":
            return m.restarts == 0
        if self.kind == "max-restarts":
            return m.restarts <= (self.limit or 0)
        if self.kind == "ready-within":
            return m.first_ready_at is not None and m.first_ready_at <= (self.limit or 0)
        if self.kind == "max-unready":
            return m.unready_seconds <= (self.limit or 0)
        if self.kind == "kill-within":
            return m.hang_to_kill is not None and m.hang_to_kill <= (self.limit or 0)
        raise AssertionError(self.kind)


_EXPECTATIONS = {"no-restart": False, "max-restarts": True, "ready-within": True,
                 "max-unready": True, "kill-within": True}


def parse_goal(text: str) -> PointGoal:
    """`no-restart`, `max-restarts=N`, `ready-within=S`, `max-unready=S`, `kill-within=S`."""
    kind, sep, value = text.strip().partition("=")
    if kind not in _EXPECTATIONS:
        raise UsageError(f"--expect {text!r}: one of no-restart, max-restarts=N, "
                         "ready-within=S, max-unready=S, kill-within=S")
    if _EXPECTATIONS[kind] != bool(sep):
        raise UsageError(f"--expect {kind} " + ("needs =VALUE" if _EXPECTATIONS[kind]
                                               else "takes no value"))
    limit = None
    if sep:
        try:
            limit = float(value)
        except ValueError:
            raise UsageError(f"--expect {text!r}: {value!r} is not a number") from None
        if not limit >= 0:
            raise UsageError(f"--expect {text!r}: the value must be >= 0")
    return PointGoal(text.strip(), kind, limit)


# ------------------------------------------------------------------ what is evaluated


def is_threshold(name: str) -> bool:
    """A failureThreshold or successThreshold field: points that differ only in these share
    their runs (`kubesim.analysis.sweep.run.group_points`)."""
    return name.endswith((".failureThreshold", ".successThreshold")) \
        and name.split(".", 1)[0] in _PROBE_TYPES


@dataclass(frozen=True)
class SweepSpec:
    """Everything but the grid: the same for every point."""

    pod: ProbedContainer
    behaviour: Any
    profile: KubeletProfile = CLASSIC
    duration: float = 600.0
    phases: int = 20
    seeds: int = 1
    seed: int = 0
    expectations: tuple[PointGoal, ...] = ()
    engine: str = "fast"
    fleet: FleetSettings | None = None  # set: every run is a fleet of replicas
    # chart values swept: the chart rendered with each point's values (key: chart_key)
    variants: dict[str, ProbedContainer] = field(default_factory=dict)

    def pod_at(self, values: dict[str, Any]) -> ProbedContainer:
        """The pod of a point: the chart rendered with its chart values, else `pod`."""
        key = chart_key(values)
        if not key:
            return self.pod
        if key not in self.variants:
            raise UsageError(f"no render of the chart for {key!r}")
        return self.variants[key]


@dataclass(frozen=True)
class Point:
    """One grid point to evaluate: its index in the grid and its values, and its pod and
    behaviour when they were built already (`run.check_spec`: each point is built once)."""

    index: int
    values: dict[str, Any]
    built: tuple[ProbedContainer, Behaviour] | None = None


@dataclass(frozen=True)
class PointResult:
    """A point judged over all its runs."""

    index: int
    values: dict[str, Any]
    runs: int
    restarts_mean: float
    restarts_max: int
    kills_mean: float
    unready_mean: float
    unready_max: float
    first_ready_mean: float | None  # over the runs that became Ready
    first_ready_max: float | None
    never_ready: int  # runs never Ready
    hang_to_kill_max: float | None  # None: no stall, or no kill after it in any run
    hang_unkilled: int  # runs with a stall and no kill after it
    probes: int
    expectations: dict[str, bool] = field(default_factory=dict)
    fleet: dict[str, Any] | None = None  # a fleet point's capacity figures


    def row(self) -> dict[str, Any]:
        """Flat fields for tables, CSV and JSON."""
        out: dict[str, Any] = dict(self.values)
        out.update({
            "runs": self.runs, "restarts_mean": self.restarts_mean,
            "restarts_max": self.restarts_max, "kills_mean": self.kills_mean,
            "unready_mean": self.unready_mean, "unready_max": self.unready_max,
            "first_ready_mean": self.first_ready_mean, "first_ready_max": self.first_ready_max,
            "never_ready": self.never_ready, "hang_to_kill_max": self.hang_to_kill_max,
            "hang_unkilled": self.hang_unkilled, "probes": self.probes,
        })
        out.update(self.fleet or {})
        for name, ok in self.expectations.items():
            out[f"expect {name}"] = ok
        return out
