"""Hypothesis strategies for kubesim's inputs: probes, containers, pods, grid phases,
scenarios, recorded traces, and the YAML / JSONL / CSV text of all of them.

Every strategy generates only what the API server and kubesim's loaders accept (probes follow
docs/kubelet-rules.md §5: defaults, `successThreshold` 1 on liveness and startup, probe-level
grace only on liveness and startup, one handler, valid ports), takes `min_*` / `max_*`
bounds, and shrinks toward the simple case: unset fields (the API defaults), the httpGet
handler, `restartPolicy: Always`, a grace period of 30 s, few and short outages, no stalls,
zero latency. Bounds that make generation impossible raise
`hypothesis.errors.InvalidArgument` when the strategy is first drawn from.

    from hypothesis import given
    from kubesim.testing import strategies as ks
    from kubesim.testing import assert_no_restart

    @given(pod=ks.pods(ks.containers(probe_types=["livenessProbe"], max_period=10)),
           scenario=ks.scenarios(targets=["/healthz"], max_stalls=0))
    def test_...(pod, scenario): ...

Needs the `hypothesis` package (`pip install 'kubesim[test]'`).
"""

from __future__ import annotations

import csv
import functools
import io
import json
import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from kubesim.behaviour.scenario import Scenario
from kubesim.behaviour.trace import Trace, parse_csv, parse_jsonl
from kubesim.engine.simulate import grid_cycle
from kubesim.results import ProbeType
from kubesim.spec.manifests import containers_from_text
from kubesim.spec.model import (
    ContainerSpec,
    Probe,
    ProbedContainer,
    RestartPolicy,
    parse_container,
    parse_probe,
)
from kubesim.testing import dump_pod, dump_scenario, to_yaml

__all__ = [
    "answers",
    "containers",
    "corrupted_texts",
    "latencies",
    "manifests",
    "phases",
    "pods",
    "probe_sets",
    "probes",
    "scenario_texts",
    "scenarios",
    "trace_texts",
    "traces",
]

HANDLERS = ("httpGet", "tcpSocket", "exec", "grpc")
PATHS = ("/healthz", "/livez", "/readyz")
COMMANDS = (("cat", "/tmp/healthy"), ("sh", "-c", "exit 0"))
PORT = 8080
_DEFAULTS = {"periodSeconds": 10, "timeoutSeconds": 1, "failureThreshold": 3,
             "successThreshold": 1, "initialDelaySeconds": 0}


# ------------------------------------------------------------------------------ validation


def _check_int(name: str, value: Any, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise InvalidArgument(f"{name}={value!r} must be an integer >= {low}")
    return value


MAX_SECONDS = 86_400.0  # every time a strategy draws: a generated test must end (one day)


def _check_range(prefix: str, low: Any, high: Any, floor: float = 0,
                 ceiling: float = math.inf) -> None:
    for name, value in ((f"min_{prefix}", low), (f"max_{prefix}", high)):
        if isinstance(value, bool) or not isinstance(value, int | float) or not (
                math.isfinite(value) and value >= floor):
            raise InvalidArgument(f"{name}={value!r} must be a finite number >= {floor:g}")
        if value > ceiling:
            raise InvalidArgument(f"{name}={value!r} must be at most {ceiling:g} seconds, "
                                  "so that every generated test ends")
    if low > high:
        raise InvalidArgument(f"min_{prefix}={low!r} must not exceed max_{prefix}={high!r}")


def _probe_type(value: ProbeType | str) -> ProbeType:
    for t in ProbeType:
        if value in (t, t.value, t.field):
            return t
    raise InvalidArgument(f"probe_type={value!r} must be a ProbeType, 'liveness' or "
                          "'livenessProbe' (or startup / readiness)")


def _field(draw: st.DrawFn, data: dict[str, Any], key: str, low: int, high: int) -> None:
    """Set `data[key]` from [low, high]; unset (the API default) is the simplest choice when
    the default lies in range, so shrinking leaves the field out."""
    default = _DEFAULTS[key]
    if low <= default <= high and not draw(st.booleans()):
        return
    data[key] = draw(st.integers(low, high))


# ------------------------------------------------------------------------------ probes


@st.composite
def _probe_documents(draw: st.DrawFn, probe_type: ProbeType, kw: dict[str, Any]
                     ) -> dict[str, Any]:
    # every branch draws the same choices, so the shrinker can move between handlers and
    # reaches the simplest probe: httpGet, no extras, every field unset
    handler = draw(st.sampled_from(kw["handlers"]))
    port, path = draw(kw["ports"]), draw(kw["paths"])
    scheme = draw(st.sampled_from([None, "HTTP", "HTTPS"]))
    headers = draw(st.booleans())
    command = list(draw(st.sampled_from(COMMANDS)))
    service = draw(st.booleans())
    data: dict[str, Any] = {}
    if handler == "httpGet":
        action: dict[str, Any] = {"path": path, "port": port}
        if scheme is not None:
            action["scheme"] = scheme
        if headers:
            action["httpHeaders"] = [{"name": "X-Probe", "value": probe_type.value}]
        data["httpGet"] = action
    elif handler == "tcpSocket":
        data["tcpSocket"] = {"port": port}
    elif handler == "exec":
        data["exec"] = {"command": command}
    else:
        grpc: dict[str, Any] = {"port": port if isinstance(port, int) else 9090}
        if service:
            grpc["service"] = "health"
        data["grpc"] = grpc
    _field(draw, data, "initialDelaySeconds", kw["min_initial_delay"], kw["max_initial_delay"])
    _field(draw, data, "periodSeconds", kw["min_period"], kw["max_period"])
    _field(draw, data, "timeoutSeconds", kw["min_timeout"], kw["max_timeout"])
    _field(draw, data, "failureThreshold", kw["min_failure_threshold"],
           kw["max_failure_threshold"])
    success: dict[str, Any] = {}
    _field(draw, success, "successThreshold", kw["min_success_threshold"],
           kw["max_success_threshold"])
    grace = kw["max_grace_period"] >= 1 and draw(st.booleans())
    grace_seconds = draw(st.integers(1, kw["max_grace_period"])) if grace else None
    if probe_type is ProbeType.READINESS:  # R5.5: only readiness may ask for more than 1
        data.update(success)
    elif grace_seconds is not None:  # R5.6: probe-level grace on liveness and startup only
        data["terminationGracePeriodSeconds"] = grace_seconds
    return data


def _probe_kwargs(handlers: Sequence[str], paths: st.SearchStrategy[str] | None,
                  ports: st.SearchStrategy[int | str] | None, bounds: dict[str, int]
                  ) -> dict[str, Any]:
    handlers = tuple(handlers)
    if not handlers or any(h not in HANDLERS for h in handlers):
        raise InvalidArgument(f"handlers={handlers!r} must be a non-empty subset of "
                              f"{', '.join(HANDLERS)}")
    for key in ("period", "timeout", "failure_threshold", "success_threshold",
                "initial_delay"):
        floor = 0 if key == "initial_delay" else 1
        low = _check_int(f"min_{key}", bounds[f"min_{key}"], floor)
        high = _check_int(f"max_{key}", bounds[f"max_{key}"], floor)
        if low > high:
            raise InvalidArgument(f"min_{key}={low!r} must not exceed max_{key}={high!r}")
    _check_int("max_grace_period", bounds["max_grace_period"])
    return {"handlers": handlers, "paths": st.sampled_from(PATHS) if paths is None else paths,
            "ports": st.sampled_from([PORT, "http"]) if ports is None else ports, **bounds}


def probes(probe_type: ProbeType | str = ProbeType.LIVENESS, *,
           handlers: Sequence[str] = HANDLERS, paths: st.SearchStrategy[str] | None = None,
           ports: st.SearchStrategy[int | str] | None = None, min_period: int = 1,
           max_period: int = 30, min_timeout: int = 1, max_timeout: int = 10,
           min_failure_threshold: int = 1, max_failure_threshold: int = 10,
           min_success_threshold: int = 1, max_success_threshold: int = 5,
           min_initial_delay: int = 0, max_initial_delay: int = 20,
           max_grace_period: int = 60) -> st.SearchStrategy[Probe]:
    """Valid `Probe`s of one type, as the API server accepts them (defaults applied).

    `handlers` lists the allowed handler kinds (httpGet first: the simplest); `paths` draws
    httpGet paths (default /healthz, /livez, /readyz), `ports` probe ports (default 8080 or
    the named port `http`, which `containers()` declares as 8080; gRPC takes numbers only).
    The bounds apply to periodSeconds, timeoutSeconds, the thresholds (successThreshold only
    on readiness: it must be 1 elsewhere), initialDelaySeconds and the probe-level
    terminationGracePeriodSeconds (liveness and startup only; 0 never sets it). Shrinks
    toward unset fields, i.e. the API defaults (period 10, timeout 1, failureThreshold 3).

        probes("readiness", handlers=["httpGet"], paths=st.just("/readyz"), max_period=10)
    """
    def build() -> st.SearchStrategy[Probe]:
        kind = _probe_type(probe_type)
        kw = _probe_kwargs(handlers, paths, ports, {
            "min_period": min_period, "max_period": max_period, "min_timeout": min_timeout,
            "max_timeout": max_timeout, "min_failure_threshold": min_failure_threshold,
            "max_failure_threshold": max_failure_threshold,
            "min_success_threshold": min_success_threshold,
            "max_success_threshold": max_success_threshold,
            "min_initial_delay": min_initial_delay, "max_initial_delay": max_initial_delay,
            "max_grace_period": max_grace_period})
        return _probe_documents(kind, kw).map(lambda d: parse_probe(d, kind))

    return st.deferred(build)


def _probe_types(probe_types: Collection[ProbeType | str] | None
                 ) -> st.SearchStrategy[frozenset[ProbeType]]:
    if probe_types is not None:
        exact = frozenset(_probe_type(t) for t in probe_types)
        if not exact:
            raise InvalidArgument("probe_types must name at least one probe type")
        return st.just(exact)
    order = [ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP]

    def chosen(flags: tuple[bool, bool, bool]) -> frozenset[ProbeType]:
        picked = frozenset(t for t, f in zip(order, flags, strict=True) if f)
        return picked or frozenset({ProbeType.LIVENESS})  # none drawn: liveness, the simplest

    return st.tuples(st.booleans(), st.booleans(), st.booleans()).map(chosen)


def probe_sets(*, probe_types: Collection[ProbeType | str] | None = None,
               paths: Mapping[ProbeType | str, st.SearchStrategy[str]] | None = None,
               **bounds: Any) -> st.SearchStrategy[dict[ProbeType, Probe]]:
    """The probes of one container: exactly `probe_types`, or any non-empty set of the three
    (shrinking toward liveness alone). `paths` maps a probe type to the strategy of its
    httpGet paths; the other keyword arguments are those of `probes()`.

        probe_sets(probe_types=["liveness", "readiness"],
                   paths={"liveness": st.just("/livez"), "readiness": st.just("/readyz")})
    """
    def build() -> st.SearchStrategy[dict[ProbeType, Probe]]:
        by_type = {_probe_type(k): v for k, v in (paths or {}).items()}
        return _probe_set(_probe_types(probe_types),
                          {t: probes(t, paths=by_type.get(t), **bounds) for t in ProbeType})

    # the strategies made once, on the first draw, not again for every example drawn
    return st.deferred(build)


@st.composite
def _probe_set(draw: st.DrawFn, types: st.SearchStrategy[frozenset[ProbeType]],
               by_type: dict[ProbeType, st.SearchStrategy[Probe]]) -> dict[ProbeType, Probe]:
    chosen = draw(types)
    return {t: draw(by_type[t]) for t in ProbeType if t in chosen}


def containers(*, names: st.SearchStrategy[str] | None = None,
               probe_types: Collection[ProbeType | str] | None = None,
               paths: Mapping[ProbeType | str, st.SearchStrategy[str]] | None = None,
               sidecar: bool = False, **bounds: Any) -> st.SearchStrategy[ContainerSpec]:
    """`ContainerSpec`s with a probe set from `probe_sets()` and the port `http: 8080` (so
    named probe ports resolve); `names` draws the container name (default `app`);
    `sidecar=True` makes a restartable init container (R4.2: restarted whatever the pod's
    restartPolicy).

        containers(probe_types=["startup", "liveness"], max_failure_threshold=5)
    """
    return _container(st.just("app") if names is None else names,
                      probe_sets(probe_types=probe_types, paths=paths, **bounds), sidecar)


@st.composite
def _container(draw: st.DrawFn, names: st.SearchStrategy[str],
               probe_set: st.SearchStrategy[dict[ProbeType, Probe]], sidecar: bool
               ) -> ContainerSpec:
    name = draw(names)
    data: dict[str, Any] = {"name": name, "ports": [{"name": "http", "containerPort": PORT}]}
    for probe_type, probe in draw(probe_set).items():
        data[probe_type.field] = probe.model_dump(by_alias=True, exclude_none=True)
    return parse_container(data, sidecar=sidecar)


def pods(containers: st.SearchStrategy[ContainerSpec] | None = None, *,
         restart_policies: Sequence[RestartPolicy | str] = ("Always", "OnFailure", "Never"),
         min_grace_period: int = 0, max_grace_period: int = 120,
         sidecars: bool = False) -> st.SearchStrategy[ProbedContainer]:
    """`ProbedContainer`s: a container from `containers` (default `containers()`), the pod's
    `restartPolicy` from `restart_policies` (shrinking toward the first, Always) and its
    terminationGracePeriodSeconds in the bounds (shrinking toward the default 30 when it is
    in range). `sidecars=True` also draws sidecar containers.

        pods(containers(probe_types=["liveness"]), restart_policies=["Always"])
    """
    inner = globals()["containers"]

    def build() -> st.SearchStrategy[ProbedContainer]:
        policies = [RestartPolicy(p) for p in restart_policies]
        if not policies:
            raise InvalidArgument("restart_policies must not be empty")
        low = _check_int("min_grace_period", min_grace_period)
        high = _check_int("max_grace_period", max_grace_period)
        if low > high:
            raise InvalidArgument(f"min_grace_period={low} must not exceed "
                                  f"max_grace_period={high}")
        plain = inner() if containers is None else containers
        sidecar = inner(sidecar=True) if containers is None else containers
        return _pod(st.sampled_from(policies), low, high, sidecars, plain, sidecar)

    # the strategies made once, on the first draw, not again for every example drawn
    return st.deferred(build)


@st.composite
def _pod(draw: st.DrawFn, policies: st.SearchStrategy[RestartPolicy], low: int, high: int,
         sidecars: bool, plain: st.SearchStrategy[ContainerSpec],
         sidecar: st.SearchStrategy[ContainerSpec]) -> ProbedContainer:
    is_sidecar = sidecars and draw(st.booleans())
    container = draw(sidecar if is_sidecar else plain)
    if is_sidecar and not container.sidecar:
        container = container.model_copy(update={"sidecar": True})
    seconds = 30 if low <= 30 <= high and not draw(st.booleans()) else draw(
        st.integers(low, high))
    return ProbedContainer(container, seconds, draw(policies))


def phases(pod: ProbedContainer, *, n: int | None = None) -> st.SearchStrategy[float]:
    """Grid phases of `pod` (where its probe ticks fall, E1): any time in one grid cycle (the
    lcm of its probe periods), or with `n` one of the n evenly spaced phases
    i * cycle / n of `kubesim run --phases n`. Shrinks toward 0.

        @given(data=st.data())
        def test_(data): phase = data.draw(phases(pod, n=20))
    """
    def build() -> st.SearchStrategy[float]:
        cycle = grid_cycle(pod)
        if n is None:
            return st.floats(0, cycle, exclude_max=True, allow_nan=False)
        _check_int("n", n, 1)
        return st.sampled_from([i * cycle / n for i in range(n)])

    return st.deferred(build)


# ------------------------------------------------------------------------------ answers


def latencies(*, min_ms: float = 0, max_ms: float = 2000,
              distributions: bool = True) -> st.SearchStrategy[Any]:
    """Scenario `latency_ms` values in [min_ms, max_ms]: a number, or (if `distributions`) any
    of the distributions `constant`, `uniform`, `normal`, `lognormal`, `exponential`,
    `empirical`. Shrinks toward the constant `min_ms`.

        latencies(max_ms=50, distributions=False)
    """
    return st.deferred(lambda: _latencies(min_ms, max_ms, distributions))


def _latencies(min_ms: float, max_ms: float, distributions: bool) -> st.SearchStrategy[Any]:
    _check_range("ms", min_ms, max_ms)
    ms = st.one_of(st.integers(math.ceil(min_ms), math.floor(max_ms))
                   if math.ceil(min_ms) <= math.floor(max_ms) else st.nothing(),
                   st.floats(min_ms, max_ms, allow_nan=False))
    constant = st.builds(lambda v: {"distribution": "constant", "value": v}, ms)
    if not distributions:
        return st.one_of(ms, constant)
    median_low = max(min_ms, 1e-3)
    return st.one_of(
        ms, constant,
        st.builds(lambda a, b: {"distribution": "uniform", "low": min(a, b), "high": max(a, b)},
                  ms, ms),
        st.builds(lambda m, s: {"distribution": "normal", "mean": m, "sd": s}, ms,
                  st.floats(0, max(max_ms, 1), allow_nan=False)),
        st.builds(lambda m, s: {"distribution": "lognormal", "median": m, "sigma": s},
                  st.floats(median_low, max(max_ms, median_low), allow_nan=False),
                  st.floats(0, 2, allow_nan=False)),
        st.builds(lambda m: {"distribution": "exponential", "mean": m}, ms),
        st.builds(lambda v: {"distribution": "empirical", "values": v},
                  st.lists(ms, min_size=1, max_size=4)),
    )


def answers(*, failing: bool | None = None,
            latencies: st.SearchStrategy[Any] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Scenario answers (`{status, error, exit_code, grpc_status, latency_ms}` mappings).
    `failing=True`: only answers every handler counts as a failure (HTTP 404/500/503 with
    exit code 1 and NOT_SERVING, refused, reset, timeout); `failing=False`: only successes
    (200, 204, a 302 warning); None: any, including `error` (a prober error, discarded).
    `latencies` draws `latency_ms` (default: none given, i.e. 0).

        answers(failing=True, latencies=latencies(max_ms=100))
    """
    lat = {} if latencies is None else {"latency_ms": latencies}
    ok = st.fixed_dictionaries({"status": st.sampled_from([200, 204, 302])}, optional=lat)
    bad = st.one_of(
        st.fixed_dictionaries({"status": st.sampled_from([503, 500, 404]), "exit_code": st.just(1),
                               "grpc_status": st.just("NOT_SERVING")}, optional=lat),
        st.fixed_dictionaries({"error": st.sampled_from(["refused", "reset"])}, optional=lat),
        st.just({"error": "timeout"}),
    )
    if failing is True:
        return bad
    if failing is False:
        return ok
    return st.one_of(ok, bad, st.fixed_dictionaries({"error": st.just("error")}, optional=lat))


# ------------------------------------------------------------------------------ scenarios


# one strategy per bounds and resolution: a new strategy object is validated anew when drawn
@functools.lru_cache(maxsize=256, typed=True)
def _times(low: float, high: float, resolution: float | None) -> st.SearchStrategy[float]:
    """Times in [low, high], multiples of `resolution` (any float if None); shrink to low."""
    if resolution is None:
        return st.floats(low, high, allow_nan=False)
    first, last = math.ceil(low / resolution - 1e-9), math.floor(high / resolution + 1e-9)
    if first > last:
        raise InvalidArgument(f"no multiple of resolution={resolution!r} lies in "
                              f"[{low!r}, {high!r}]")
    return st.integers(first, last).map(lambda k: round(k * resolution, 9))


def _span(start: float, length: float | None) -> dict[str, Any]:
    return {"from": start, "to": None if length is None else round(start + length, 9)}


def _describe(data: dict[str, Any]) -> str:
    parts = []
    for name, dep in data.get("dependencies", {}).items():
        for s in dep.get("down", []):
            end = "never" if s["to"] is None else f"{s['to']:g}"
            length = "open-ended" if s["to"] is None else f"{s['to'] - s['from']:g} s"
            parts.append(f"{name} down {s['from']:g}-{end} s ({length})")
    for s in data.get("stalls", []):
        if "since_start" in s:
            parts.append(f"stall {s['duration'] or 'forever'} s at age {s['since_start']:g} s")
        else:
            end = "never" if s["to"] is None else f"{s['to']:g}"
            parts.append(f"stall {s['from']:g}-{end} s")
    return "; ".join(parts) or "no outages"


@st.composite
def _scenario_documents(draw: st.DrawFn, kw: dict[str, Any]) -> dict[str, Any]:
    r = kw["resolution"]
    base = kw["base"]
    data: dict[str, Any] = dump_scenario(base) if base is not None else {}
    data.pop("description", None)
    if base is None:
        data.update(_targets_document(draw, kw))
    deps = data.setdefault("dependencies", {})
    names = kw["outage_dependencies"] or list(deps) or ["db"]
    for name in names:
        down = list(deps.get(name, {}).get("down", []))
        count = draw(st.integers(kw["min_outages"], kw["max_outages"]))
        for _ in range(count):
            start = draw(_times(kw["min_start"], kw["max_start"], r))
            length = draw(_times(kw["min_outage"], kw["max_outage"], r))
            never_ends = kw["open_ended"] and draw(st.booleans())
            down.append(_span(start, None if never_ends else length))
        deps[name] = {**deps.get(name, {}), "down": down}
    _add_flaps(draw, data, kw)
    _add_startup(draw, data, kw)
    stalls = [draw(_stalls(kw)) for _ in range(draw(st.integers(kw["min_stalls"],
                                                                 kw["max_stalls"])))]
    if stalls:
        data["stalls"] = [*data.get("stalls", []), *stalls]
    if kw["max_shutdown"] > 0 and draw(st.booleans()):
        data["shutdown_seconds"] = draw(_times(0, kw["max_shutdown"], r))
    data["description"] = _describe(data)
    return data


def _targets_document(draw: st.DrawFn, kw: dict[str, Any]) -> dict[str, Any]:
    targets = kw["targets"]
    deps = kw["dependencies"]
    if deps is None:
        deps = {"db": draw(st.lists(st.sampled_from(targets), unique=True))}
    docs: dict[str, Any] = {}
    for key in targets:
        spec: dict[str, Any] = {}
        if draw(st.booleans()):
            spec["answer"] = draw(kw["answers"])
        needs = [name for name, keys in deps.items() if key in keys]
        if needs:
            spec["depends_on"] = needs
            if draw(st.booleans()):
                spec["when_down"] = draw(kw["failing_answers"])
        docs[key] = spec
    return {"dependencies": {name: {"down": []} for name in deps}, "targets": docs}


def _add_flaps(draw: st.DrawFn, data: dict[str, Any], kw: dict[str, Any]) -> None:
    """Flapping: one target fails for `down` seconds, then answers for `up`, `count` times."""
    count = draw(st.integers(0, kw["max_flaps"]))
    targets = kw["flap_targets"] or list(data.get("targets", {})) or ["*"]
    if count == 0:
        return
    r = kw["resolution"]
    key = draw(st.sampled_from(targets))
    start = draw(_times(kw["min_start"], kw["max_start"], r))
    down = draw(_times(r or 0.5, 30, r))
    up = draw(_times(r or 0.5, 30, r))
    answer = draw(kw["flap_answers"])
    spec = data.setdefault("targets", {}).setdefault(key, {})
    spec["windows"] = [*spec.get("windows", []), *[
        {"from": round(start + i * (down + up), 9), "to": round(start + i * (down + up) + down, 9),
         "answer": answer} for i in range(count)]]


def _add_startup(draw: st.DrawFn, data: dict[str, Any], kw: dict[str, Any]) -> None:
    """A slow start: every target refuses connections for the container's first seconds."""
    if kw["max_startup"] <= 0:
        return
    startup = draw(_times(0, kw["max_startup"], kw["resolution"]))
    if startup <= 0:
        return
    targets = data.setdefault("targets", {})
    for key in list(targets) or ["*"]:
        spec = targets.setdefault(key, {})
        window = {"from": 0.0, "to": startup, "answer": {"error": "refused"}}
        spec["since_start"] = [window, *spec.get("since_start", [])]


@st.composite
def _stalls(draw: st.DrawFn, kw: dict[str, Any]) -> dict[str, Any]:
    r = kw["resolution"]
    length: float | None = draw(_times(kw["min_stall"], kw["max_stall"], r))
    if kw["hangs"] and draw(st.booleans()):
        length = None
    aged = draw(st.booleans())
    start = draw(_times(kw["min_start"], kw["max_start"], r))
    if aged:  # per container, counted from its start
        return {"since_start": start, "duration": length}
    return _span(start, length)


def scenarios(base: Scenario | None = None, *,
              targets: Sequence[str] = PATHS,
              dependencies: Mapping[str, Sequence[str]] | None = None,
              outage_dependencies: Sequence[str] | None = None,
              min_outages: int = 0, max_outages: int = 2,
              min_outage: float = 1.0, max_outage: float = 300.0,
              min_start: float = 0.0, max_start: float = 600.0, open_ended: bool = True,
              min_stalls: int = 0, max_stalls: int = 2, min_stall: float = 1.0,
              max_stall: float = 60.0, hangs: bool = True, max_flaps: int = 3,
              flap_targets: Sequence[str] | None = None, max_startup: float = 30.0,
              max_shutdown: float = 40.0, latencies: st.SearchStrategy[Any] | None = None,
              resolution: float | None = 1.0) -> st.SearchStrategy[Scenario]:
    """Synthetic app behaviours (`Scenario`s) with dependency outages, stalls (and hangs),
    flapping targets, slow starts, shutdown times and latency distributions.

    Without `base`, each of `targets` gets a success answer (latency from `latencies`,
    default none), and depends on the dependencies that list it in `dependencies` (default:
    `db`, for a drawn subset of the targets), with a failing `when_down`. With `base` (e.g.
    your app's scenario file), its targets and answers stay and the drawn outages, stalls,
    flaps and slow start are added to it.

    Outages: per dependency in `outage_dependencies` (default: all), `min_outages` to
    `max_outages` downtimes starting in [min_start, max_start], lasting
    [min_outage, max_outage] seconds (or never ending, if `open_ended`). Stalls:
    `min_stalls` to `max_stalls`, wall-clock or per container age, lasting
    [min_stall, max_stall] (or forever, if `hangs`). Flapping: up to `max_flaps` failing
    windows on one of `flap_targets`. Slow start: every target refuses connections for up to
    `max_startup` seconds of each container's life. Times are multiples of `resolution`
    seconds (None: any float) so that counterexamples shrink to round numbers; everything
    shrinks toward fewer, shorter, earlier events and no extras. The scenario's description
    summarises its outages and stalls.

        scenarios(base=load_scenario("app.scenario.yaml"), min_outages=1, max_outages=1,
                  max_outage=600, open_ended=False, max_stalls=0, max_flaps=0,
                  max_startup=0, max_shutdown=0)
    """
    def build() -> st.SearchStrategy[Scenario]:
        for name, low, high in (("outages", min_outages, max_outages),
                                ("stalls", min_stalls, max_stalls)):
            _check_int(f"min_{name}", low)
            _check_int(f"max_{name}", high)
            if low > high:
                raise InvalidArgument(f"min_{name}={low} must not exceed max_{name}={high}")
        _check_int("max_flaps", max_flaps)
        _check_range("outage", min_outage, max_outage, floor=1e-9, ceiling=MAX_SECONDS)
        _check_range("stall", min_stall, max_stall, floor=1e-9, ceiling=MAX_SECONDS)
        _check_range("start", min_start, max_start, ceiling=MAX_SECONDS)
        _check_range("startup", 0, max_startup, ceiling=MAX_SECONDS)
        _check_range("shutdown", 0, max_shutdown, ceiling=MAX_SECONDS)
        if resolution is not None and not (isinstance(resolution, int | float)
                                           and 0 < resolution < math.inf):
            raise InvalidArgument(f"resolution={resolution!r} must be a positive number or None")
        if base is None and not targets:
            raise InvalidArgument("targets must name at least one target")
        kw = {"base": base, "targets": list(targets), "dependencies": dependencies,
              "outage_dependencies": list(outage_dependencies or []),
              "min_outages": min_outages, "max_outages": max_outages,
              "min_outage": min_outage, "max_outage": max_outage, "min_start": min_start,
              "max_start": max_start, "open_ended": open_ended, "min_stalls": min_stalls,
              "max_stalls": max_stalls, "min_stall": min_stall, "max_stall": max_stall,
              "hangs": hangs, "max_flaps": max_flaps, "flap_targets": list(flap_targets or []),
              "max_startup": max_startup, "max_shutdown": max_shutdown,
              "resolution": resolution,
              # the answer strategies made once, not again for every example drawn
              "answers": answers(failing=False, latencies=latencies),
              "failing_answers": answers(failing=True, latencies=latencies),
              "flap_answers": answers(failing=True)}
        source = "<memory>" if base is None else base.source
        return _scenario_documents(kw).map(lambda d: _scenario(d, source))

    return st.deferred(build)


def _scenario(data: dict[str, Any], source: str) -> Scenario:
    if source == "<memory>":
        return Scenario.from_dict(data)
    return Scenario.from_dict(data, source=f"{source} (+ generated outages)")


def scenario_texts(scenarios: st.SearchStrategy[Scenario] | None = None
                   ) -> st.SearchStrategy[str]:
    """The YAML text of scenarios from `scenarios` (default `scenarios()`), as a scenario
    file holds it (`kubesim run --scenario FILE`).

        scenario_texts(scenarios(max_stalls=0))
    """
    inner = globals()["scenarios"]() if scenarios is None else scenarios
    return inner.map(lambda s: to_yaml(dump_scenario(s)))


# ------------------------------------------------------------------------------ manifests

_ALWAYS_KINDS = ("ProbeSpec", "Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet",
                 "List")
_JOB_KINDS = ("ProbeSpec", "Pod", "Job", "CronJob", "List")


def _pod_spec(pod: ProbedContainer, extras: bool) -> dict[str, Any]:
    doc = dump_pod(pod)
    if "kind" in doc:  # a sidecar: already a Pod manifest
        spec: dict[str, Any] = dict(doc["spec"])
    else:
        container = {k: v for k, v in doc.items()
                     if k not in ("terminationGracePeriodSeconds", "restartPolicy")}
        spec = {"terminationGracePeriodSeconds": pod.termination_grace_period_seconds,
                "restartPolicy": doc["restartPolicy"], "containers": [container]}
    if extras:
        main = spec["containers"][0]
        spec["containers"] = [{**main, "image": "registry.example.com/app:1.0",
                               "args": ["serve", "--port", "8080"]},
                              {"name": "log-shipper", "image": "fluent-bit:3"}]
    return spec


def _manifest(pod: ProbedContainer, kind: str, extras: bool) -> str:
    if kind == "ProbeSpec":
        return to_yaml(dump_pod(pod))
    spec = _pod_spec(pod, extras)
    meta = {"name": "app", "labels": {"app": "app"}}
    template = {"metadata": {"labels": {"app": "app"}}, "spec": spec}
    if kind == "Pod":
        obj = {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec}
    elif kind in ("Job", "CronJob"):
        job = {"template": template}
        obj = {"apiVersion": "batch/v1", "kind": kind, "metadata": meta,
               "spec": job if kind == "Job" else {"schedule": "*/5 * * * *",
                                                  "jobTemplate": {"spec": job}}}
    elif kind == "List":
        return to_yaml({"apiVersion": "v1", "kind": "List", "items": [
            {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec}]})
    else:
        obj = {"apiVersion": "apps/v1", "kind": kind, "metadata": meta,
               "spec": {"selector": {"matchLabels": {"app": "app"}}, "template": template}}
    text = to_yaml(obj)
    if extras:
        service = {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "app"},
                   "spec": {"selector": {"app": "app"}, "ports": [{"port": 80}]}}
        text = "# generated by kubesim.strategies.manifests\n" + to_yaml(service) + "---\n" + text
    return text


def manifests(pods: st.SearchStrategy[ProbedContainer] | None = None, *,
              kinds: Sequence[str] | None = None) -> st.SearchStrategy[str]:
    """YAML text of a manifest holding a pod from `pods` (default `pods()`): a compact probe
    spec, a Pod, a workload (Deployment, StatefulSet, DaemonSet, ReplicaSet; only for
    `restartPolicy: Always`), a Job or CronJob (OnFailure / Never), or a `kind: List`,
    sometimes with a Service document, an image and a second container without probes.
    `kinds` restricts the kinds. Reading it back (`load_spec`, `containers_from_text`)
    gives the same container, grace period and restartPolicy. Shrinks toward the compact
    probe spec.

        manifests(pods(restart_policies=["Always"]), kinds=["Deployment"])
    """
    inner = globals()["pods"]() if pods is None else pods
    return _manifest_texts(inner, kinds)


@st.composite  # at module level: a composite decorated anew reads its own source again
def _manifest_texts(draw: st.DrawFn, pods: st.SearchStrategy[ProbedContainer],
                    kinds: Sequence[str] | None) -> str:
    pod = draw(pods)
    allowed: tuple[str, ...] = (_ALWAYS_KINDS if pod.restart_policy is RestartPolicy.ALWAYS
                                else _JOB_KINDS)
    if pod.container.sidecar:
        allowed = tuple(k for k in allowed if k != "ProbeSpec")
    if kinds is not None:
        allowed = tuple(k for k in allowed if k in kinds)
    if not allowed:
        raise InvalidArgument(f"kinds={kinds!r} cannot hold a pod with restartPolicy "
                              f"{pod.restart_policy.value}")
    kind = draw(st.sampled_from(allowed))
    return _manifest(pod, kind, kind != "ProbeSpec" and draw(st.booleans()))


def _read_back(text: str) -> ProbedContainer:  # used by tests: the manifest's pod
    return containers_from_text(text, "<generated>")[0]


# ------------------------------------------------------------------------------ traces


def _observation(draw: st.DrawFn, key: str, t: float, failing: bool,
                 lat: st.SearchStrategy[float]) -> dict[str, Any]:
    row: dict[str, Any] = {"t": t, "target": key}
    outcome: dict[str, Any]
    if key.startswith("exec:"):
        outcome = {"exit_code": 1 if failing else 0}
    elif key.startswith("grpc:"):
        outcome = {"grpc_status": "NOT_SERVING" if failing else "SERVING"}
    elif key.startswith("tcp:"):
        outcome = {"error": "refused"} if failing else {"status": 200}
    else:
        outcome = {"status": draw(st.sampled_from([503, 500])) if failing else 200}
    kind = draw(st.sampled_from(["answer", "refused", "censored", "never"])) if failing \
        else "answer"
    if kind == "refused":
        outcome = {"error": draw(st.sampled_from(["refused", "reset", "error"]))}
    if kind == "censored":
        return {**row, "error": "timeout", "latency_ms": draw(st.sampled_from([350, 1000, 5000]))}
    if kind == "never":
        return {**row, "error": "timeout", "latency_ms": None}
    return {**row, **outcome, "latency_ms": draw(lat)}


@st.composite
def _trace_rows(draw: st.DrawFn, kw: dict[str, Any]) -> tuple[dict[str, Any], list[dict]]:
    r = kw["resolution"]
    lat = _times(0, kw["max_latency_ms"], r if r is None else 0.1)
    rows = []
    for key in kw["targets"]:
        n = draw(st.integers(kw["min_observations"], kw["max_observations"]))
        t = 0.0
        for _ in range(n):
            rows.append(_observation(draw, key, t, draw(st.booleans()), lat))
            t = round(t + draw(_times(0, kw["max_gap"], r)), 9)
    rows.sort(key=lambda row: row["t"])
    meta: dict[str, Any] = {}
    if draw(st.booleans()):
        meta["command"] = "probe-recorder --interval 1"
    if draw(st.booleans()):
        meta["on_restart"] = draw(st.sampled_from(["replay", "wall"]))
    if draw(st.booleans()):
        meta["censored"] = draw(st.sampled_from(["failure", "discard", "reject"]))
    if draw(st.booleans()):
        meta["shutdown_seconds"] = draw(_times(0, 30, r))
    return meta, rows


def _jsonl(meta: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    lines = [json.dumps({"meta": meta})] if meta else []
    return "\n".join([*lines, *(json.dumps(row) for row in rows)]) + "\n"


def _csv(meta: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    if meta:
        out.write(f"# meta: {json.dumps(meta)}\n")
    columns = ["t", "target", "status", "error", "latency_ms", "exit_code", "grpc_status"]
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        cells = {**row, "latency_ms": "inf" if row["latency_ms"] is None else row["latency_ms"]}
        writer.writerow(["" if cells.get(c) is None else cells[c] for c in columns])
    return out.getvalue()


def trace_texts(*, targets: Sequence[str] = ("/livez", "/readyz"), format: str = "jsonl",
                min_observations: int = 1, max_observations: int = 30,
                max_gap: float = 10.0, max_latency_ms: float = 2000.0,
                resolution: float | None = 0.5) -> st.SearchStrategy[str]:
    """Recorded-style trace text (`format` "jsonl" or "csv") for `targets` (keys as in
    docs/scenario-format.md: a path, `tcp:8080`, `exec:...`, `grpc:9090`): per target `min_observations` to
    `max_observations` observations, `max_gap` seconds apart at most (multiples of
    `resolution`), each a success or a failure fitting the handler (5xx, refused, reset, a
    prober error, a censored timeout or one never answered), and a meta line with
    `on_restart`, `censored`, `shutdown_seconds`. Shrinks toward one 200 per target at t=0
    without meta.

        trace_texts(targets=["/livez", "exec:cat /tmp/healthy"], format="csv")
    """
    return st.deferred(lambda: _trace_texts(targets, format, min_observations,
                                            max_observations, max_gap, max_latency_ms,
                                            resolution))


def _trace_texts(targets: Sequence[str], format: str, min_observations: int,
                 max_observations: int, max_gap: float, max_latency_ms: float,
                 resolution: float | None) -> st.SearchStrategy[str]:
    if format not in ("jsonl", "csv"):
        raise InvalidArgument(f"format={format!r} must be 'jsonl' or 'csv'")
    if not targets:
        raise InvalidArgument("targets must name at least one target")
    _check_int("min_observations", min_observations, 1)
    _check_int("max_observations", max_observations, 1)
    if min_observations > max_observations:
        raise InvalidArgument(f"min_observations={min_observations} must not exceed "
                              f"max_observations={max_observations}")
    _check_range("gap", 0, max_gap, ceiling=MAX_SECONDS)
    _check_range("latency_ms", 0, max_latency_ms)
    kw = {"targets": list(targets), "min_observations": min_observations,
          "max_observations": max_observations, "max_gap": max_gap,
          "max_latency_ms": max_latency_ms, "resolution": resolution}
    render = _jsonl if format == "jsonl" else _csv
    return _trace_rows(kw).map(lambda mr: render(*mr))


def traces(**kwargs: Any) -> st.SearchStrategy[Trace]:
    """`Trace`s parsed from `trace_texts(**kwargs)` (JSONL unless `format="csv"`), as
    `kubesim run --trace` replays them. Give `targets` the probe targets of the pod the trace
    is for (a trace must cover every probed target).

        traces(targets=["/livez", "/readyz"], max_observations=10)
    """
    parse = parse_csv if kwargs.get("format") == "csv" else parse_jsonl
    return trace_texts(**kwargs).map(lambda text: parse(text, "<generated>"))


# ------------------------------------------------------------------------------ corruption

_JUNK = st.sampled_from(["{", "}", "[", "]", ":", ",", '"', "'", "\n", " ", "-", "#", "\t", "*",
                         "&a", "!!str", "|", ">", "%", "@", "`", "0", "-1", "1e999", "NaN",
                         "null", "true", "[]", "{}", "\x00", "\ufeff", "é", "\u2028", "x" * 40])


@st.composite
def _corrupt(draw: st.DrawFn, text: str) -> str:
    for _ in range(draw(st.integers(1, 3))):
        lines = text.split("\n")
        how = draw(st.sampled_from(["insert", "delete", "truncate", "swap", "duplicate",
                                    "replace-number", "indent"]))
        pos = draw(st.integers(0, max(len(text), 1)))
        if how == "insert":
            text = text[:pos] + draw(_JUNK) + text[pos:]
        elif how == "delete":
            text = text[:pos] + text[pos + draw(st.integers(1, 8)):]
        elif how == "truncate":
            text = text[:pos]
        elif how in ("swap", "duplicate", "indent") and lines:
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            if how == "swap":
                lines[i], lines[j] = lines[j], lines[i]
            elif how == "duplicate":
                lines.insert(j, lines[i])
            else:
                lines[i] = " " * draw(st.integers(1, 3)) + lines[i]
            text = "\n".join(lines)
        else:
            digits = [k for k, c in enumerate(text) if c.isdigit()]
            if digits:
                k = draw(st.sampled_from(digits))
                text = text[:k] + draw(st.sampled_from(["-7", "0", "9999999999999", "1.5", "x",
                                                        ""])) + text[k + 1:]
    return text


def corrupted_texts(texts: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Texts from `texts` with one to three corruptions (junk inserted, characters deleted,
    truncation, lines swapped, duplicated or re-indented, a digit replaced by another
    number or garbage): input for fuzzing the loaders, which must either read it or raise a
    `KubesimError`.

        corrupted_texts(manifests())
    """
    return texts.flatmap(_corrupt)
