"""Importing what people already record: Prometheus blackbox exporter series as a kubesim trace.

Input: the JSON body of Prometheus's range-query API (`GET /api/v1/query_range`), e.g.

    curl -s 'http://prometheus:9090/api/v1/query_range' \\
      --data-urlencode 'query={__name__=~"probe_success|probe_http_status_code|probe_duration_seconds",job="blackbox"}' \\
      --data-urlencode start=2026-08-04T10:00:00Z --data-urlencode end=2026-08-04T10:30:00Z \\
      --data-urlencode step=15s > probes.json

    {"status": "success", "data": {"resultType": "matrix", "result": [
      {"metric": {"__name__": "probe_success", "instance": "http://10.0.0.5:8000/healthz",
                  "job": "blackbox"},
       "values": [[1785837600, "1"], [1785837615, "0"], ...]}, ...]}}

One file may hold all three metrics (as above) or each may come in its own file; a series
without `__name__` (a query that used a function) needs its metric named on the command line,
`probe_success=FILE`. Other metrics (`probe_dns_lookup_time_seconds`, ...) are ignored.

Mapping, per `instance` (one probed URL) and timestamp:

* target: the URL path of `instance` (`http://10.0.0.5:8000/healthz` -> `/healthz`, `/` if
  none, the query kept), `tcp:PORT` for a `host:port` instance (tcp_connect module), or what
  `targets` maps the instance to;
* `t`: seconds since the earliest probe_success sample of the import (meta `started_at` says
  when that was, UTC);
* `latency_ms`: probe_duration_seconds * 1000 (0 where it was not exported);
* the outcome: probe_http_status_code when it is an HTTP status (100-599), whatever
  probe_success says: the kubelet judges the status only, so a blackbox failure on a 2xx (a body
  regexp, a TLS rule) is a success to it. Without a status (0 or not exported): success -> 200
  (for a `tcp:` target: a connect, written with no outcome field);
  failure -> `error: timeout` with the duration as its (censored) latency when the duration
  reached `timeout` (the blackbox module's timeout), else `error: refused` (blackbox does not
  say why the connection failed; the kubelet counts every such failure alike).

The trace's meta says `on_restart: wall` (t=0 is not a process start) and where the data came
from. Everything wrong with an export is a `BehaviourError` naming the file and the place in it.
"""

from __future__ import annotations

import itertools
import json
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from kubesim.errors import BehaviourError
from kubesim.files import load_json, read_text

__all__ = ["METRICS", "Series", "import_blackbox", "instance_target", "parse_query_range",
           "series_to_trace"]

SUCCESS, STATUS, DURATION = "probe_success", "probe_http_status_code", "probe_duration_seconds"
METRICS = (SUCCESS, STATUS, DURATION)


@dataclass(frozen=True)
class Series:
    """One exported time series: its metric, labels, samples (unix seconds, value) and where it
    came from (`file`, `index` in data.result)."""

    metric: str
    labels: dict[str, str]
    samples: list[tuple[float, float]]
    file: str
    index: int

    @property
    def instance(self) -> str | None:
        return self.labels.get("instance")

    def where(self) -> str:
        return f"data.result[{self.index}] ({self.metric}{{instance={self.instance!r}}})"


def _kind(value: Any) -> str:
    return {bool: "a boolean", str: "a string", list: "a list", dict: "an object",
            type(None): "null"}.get(type(value), "a number")


def parse_query_range(text: str, source: str, metric: str | None = None) -> list[Series]:
    """The series of one query_range response; `metric` names series without `__name__`."""
    def fail(message: str) -> BehaviourError:
        return BehaviourError(message, source=source)

    doc = load_json(text, source, BehaviourError,
                    hint="; expected a Prometheus /api/v1/query_range response")
    if not isinstance(doc, dict):
        raise fail(f"expected a JSON object (a query_range response), got {_kind(doc)}")
    if doc.get("status") == "error":
        raise fail(f"the export is a Prometheus error response: {doc.get('errorType', '?')}: "
                   f"{doc.get('error', '?')}")
    if doc.get("status") != "success":
        raise fail(f"status must be \"success\", got {doc.get('status')!r}")
    data = doc.get("data")
    if not isinstance(data, dict):
        raise fail(f"data must be an object, got {_kind(data)}")
    kind = data.get("resultType")
    if kind == "vector":
        raise fail("data.resultType is \"vector\": an instant query (/api/v1/query); export a "
                   "range with /api/v1/query_range (resultType \"matrix\")")
    if kind != "matrix":
        raise fail(f"data.resultType must be \"matrix\" (a query_range response), got {kind!r}")
    result = data.get("result")
    if not isinstance(result, list):
        raise fail(f"data.result must be a list, got {_kind(result)}")
    out = []
    for i, item in enumerate(result):
        where = f"data.result[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("metric"), dict):
            raise fail(f"{where} must be an object with \"metric\" and \"values\"")
        labels = item["metric"]
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in labels.items()):
            raise fail(f"{where}.metric: label values must be strings")
        name = labels.get("__name__", metric)
        if name is None:
            raise fail(f"{where} has no __name__ label (the query applied a function?); name "
                       f"the file's metric: probe_success={source}")
        if metric is not None and name != metric:
            raise fail(f"{where} is {name!r}, but the file was given as {metric}=...")
        if name not in METRICS:
            continue  # other blackbox metrics are not needed
        out.append(Series(name, dict(labels), _samples(item.get("values"), where, name, fail),
                          source, i))
    return out


def _samples(values: Any, where: str, name: str, fail: Any) -> list[tuple[float, float]]:
    if not isinstance(values, list):
        raise fail(f"{where}.values must be a list of [unix_seconds, \"value\"] pairs, got "
                   f"{_kind(values)}")
    samples: list[tuple[float, float]] = []
    for j, pair in enumerate(values):
        at = f"{where}.values[{j}]"
        if (not isinstance(pair, list) or len(pair) != 2 or isinstance(pair[0], bool)
                or not isinstance(pair[0], int | float) or not isinstance(pair[1], str)):
            shown = json.dumps(pair)
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            raise fail(f"{at} must be [unix_seconds, \"value\"], got {shown}")
        ts = float(pair[0])
        try:
            value = float(pair[1])
        except ValueError:
            raise fail(f"{at}: value {pair[1]!r} is not a number") from None
        if not math.isfinite(ts) or ts < 0:
            raise fail(f"{at}: timestamp {pair[0]!r} must be unix seconds >= 0")
        if samples and ts <= samples[-1][0]:
            raise fail(f"{at}: timestamp {pair[0]!r} is not after the previous one; a series' "
                       "samples must be in time order")
        _check_value(name, value, pair[1], at, fail)
        samples.append((ts, value))
    return samples


def _check_value(name: str, value: float, raw: str, at: str, fail: Any) -> None:
    if name == SUCCESS and value not in (0.0, 1.0):
        raise fail(f"{at}: probe_success must be 0 or 1, got {raw!r}")
    if name == STATUS and not (math.isfinite(value) and value == int(value)
                               and (value == 0 or 100 <= value <= 599)):
        raise fail(f"{at}: probe_http_status_code must be 0 or an HTTP status 100-599, "
                   f"got {raw!r}")
    if name == DURATION and not 0 <= value < math.inf:
        raise fail(f"{at}: probe_duration_seconds must be a finite number >= 0, got {raw!r}")


def instance_target(instance: str) -> str | None:
    """The probe target key of a blackbox `instance` label; None if it cannot be derived."""
    if "://" in instance:
        parts = urlsplit(instance)
        if parts.scheme not in ("http", "https"):
            return None
        path = parts.path or "/"
        return f"{path}?{parts.query}" if parts.query else path
    host, sep, port = instance.rpartition(":")
    if sep and host and port.isdigit() and 0 < int(port) < 65536:
        return f"tcp:{int(port)}"
    return None


def series_to_trace(series: Sequence[Series], *, targets: Mapping[str, str] | None = None,
                    job: str | None = None, timeout: float | None = None,
                    provenance: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The trace's records (the meta first, then observations in time order)."""
    targets = dict(targets or {})
    if job is not None:
        series = [s for s in series if s.labels.get("job") == job]
    by: dict[tuple[str, str], Series] = {}
    for s in series:
        inst = s.instance
        if inst is None:
            raise BehaviourError(f"{s.where()} has no instance label; blackbox series name the "
                                 "probed URL in it", source=s.file)
        other = by.get((s.metric, inst))
        if other is not None:
            diff = sorted(k for k in set(s.labels) | set(other.labels)
                          if s.labels.get(k) != other.labels.get(k))
            raise BehaviourError(
                f"{s.where()}: a second {s.metric} series for instance {inst!r} (also "
                f"{other.file} data.result[{other.index}]; labels differ in "
                f"{', '.join(diff) or 'nothing'}); pick one with --job", source=s.file)
        by[(s.metric, inst)] = s
    instances = list(dict.fromkeys(inst for _, inst in by))
    if not any(m == SUCCESS for m, _ in by):
        what = f" of job {job!r}" if job is not None else ""
        raise BehaviourError(f"no probe_success series{what} in the export; it is what says "
                             "whether each probe passed",
                             source=", ".join(sorted({s.file for s in series})) or None)
    unknown = sorted(set(targets) - set(instances))
    if unknown:
        raise BehaviourError(f"--target names instance {unknown[0]!r}, which the export does "
                             f"not have (it has: {', '.join(instances)})")
    key_of: dict[str, str] = {}
    for inst in instances:
        ok = by.get((SUCCESS, inst))
        if ok is None:
            s = next(s for (m, i), s in by.items() if i == inst)
            raise BehaviourError(f"{s.where()}: instance {inst!r} has no probe_success series",
                                 source=s.file)
        key = targets.get(inst) or instance_target(inst)
        if key is None:
            raise BehaviourError(f"{ok.where()}: cannot derive a probe target from instance "
                                 f"{inst!r}; map it with --target '{inst}=/healthz'",
                                 source=ok.file)
        clash = next((i for i, k in key_of.items() if k == key), None)
        if clash is not None:
            raise BehaviourError(f"instances {clash!r} and {inst!r} both become target {key!r}; "
                                 "import one at a time (--job) or map them apart with --target",
                                 source=ok.file)
        key_of[inst] = key
    start = min(by[(SUCCESS, i)].samples[0][0] for i in instances if by[(SUCCESS, i)].samples)
    records: list[tuple[float, int, dict[str, Any]]] = []
    steps: list[float] = []
    for n, inst in enumerate(instances):
        ok = by[(SUCCESS, inst)]
        status = dict(by[(STATUS, inst)].samples) if (STATUS, inst) in by else {}
        duration = dict(by[(DURATION, inst)].samples) if (DURATION, inst) in by else {}
        steps += [b[0] - a[0] for a, b in itertools.pairwise(ok.samples)]
        for ts, success in ok.samples:
            obs = _observation(success, status.get(ts), duration.get(ts), timeout,
                               tcp=key_of[inst].startswith("tcp:"))
            records.append((ts, n, {"t": round(ts - start, 6), "target": key_of[inst], **obs}))
    records.sort(key=lambda r: (r[0], r[1]))
    meta: dict[str, Any] = {
        **(provenance or {}),
        "source": "prometheus blackbox exporter (query_range)",
        "started_at": datetime.fromtimestamp(start, UTC).isoformat(timespec="milliseconds")
        .replace("+00:00", "Z"),
        "interval": round(statistics.median(steps), 6) if steps else None,
        "timeout": timeout,
        "targets": key_of,
        "on_restart": "wall",
    }
    if job is not None:
        meta["job"] = job
    return [{"meta": meta}, *(r[2] for r in records)]


def _observation(success: float, status: float | None, duration: float | None,
                 timeout: float | None, *, tcp: bool = False) -> dict[str, Any]:
    latency = round((duration or 0.0) * 1000, 3)
    if status is not None and 100 <= status <= 599 and not tcp:
        return {"status": int(status), "latency_ms": latency}
    if success == 1.0:  # a tcp_connect success is a connect, not an HTTP status
        return {"latency_ms": latency} if tcp else {"status": 200, "latency_ms": latency}
    if timeout is not None and duration is not None and duration >= timeout * 0.98:
        return {"error": "timeout", "latency_ms": latency}
    return {"error": "refused", "latency_ms": latency}


def import_blackbox(files: Sequence[str], *, targets: Mapping[str, str] | None = None,
                    job: str | None = None, timeout: float | None = None,
                    provenance: Mapping[str, Any] | None = None) -> str:
    """Read exports (`FILE` or `METRIC=FILE`) and return the trace as JSONL text."""
    series: list[Series] = []
    for spec in files:
        name, sep, path = spec.partition("=")
        metric = name if sep and name in METRICS else None
        path = path if metric else spec
        text, source = read_text(path, BehaviourError)
        series += parse_query_range(text, source, metric)
    if timeout is not None and not 0 < timeout < math.inf:
        raise BehaviourError(f"timeout {timeout!r} must be a number of seconds > 0")
    records = series_to_trace(series, targets=targets, job=job, timeout=timeout,
                              provenance={"files": list(files), **(provenance or {})})
    return "".join(json.dumps(r) + "\n" for r in records)
