"""A Prometheus range query of the kubelet's `prober_probe_total` counter, as the HTTP API's
`/api/v1/query_range` returns it: `{"status": "success", "data": {"resultType": "matrix",
"result": [{"metric": {"probe_type": "Liveness", "result": "failed", "container": "app",
"pod": "web-1", ...}, "values": [[1712345678.0, "12"], ...]}]}}`.

The counter (pkg/kubelet/prober/prober_manager.go, labels probe_type, result, container,
pod, namespace, pod_uid) counts probe calls by result: its increments between two samples say
how many probes failed in that step, with the step as the precision of their times.
"""

from __future__ import annotations

import math
from typing import Any

from kubesim.errors import RecordError
from kubesim.explain.readers.limits import MAX_SAMPLES, check_samples
from kubesim.explain.readers.model import ProbeSeries, RecordSet, Where

__all__ = ["MAX_SAMPLES", "looks_like_prometheus", "read_prometheus"]

_TYPES = {"liveness": "Liveness", "readiness": "Readiness", "startup": "Startup"}


def looks_like_prometheus(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("data"), dict) and \
        "resultType" in data["data"]


def read_prometheus(data: Any, source: str) -> RecordSet:
    """The probe counter series; RecordError for anything but a matrix of prober_probe_total."""
    result = _matrix(data, source)
    out = RecordSet(source, "prometheus")
    total = 0
    for i, item in enumerate(result):
        where = Where(source, None, f"data.result[{i}]")
        if not isinstance(item, dict) or not isinstance(item.get("metric"), dict) \
                or not isinstance(item.get("values"), list):
            raise RecordError("each result needs metric and values", source=source,
                              field=where.field)
        metric = item["metric"]
        name = metric.get("__name__", "prober_probe_total")
        if name != "prober_probe_total":
            continue
        probe_type = _TYPES.get(str(metric.get("probe_type", "")).lower())
        if probe_type is None:
            raise RecordError(f"probe_type={str(metric.get('probe_type'))[:20]!r} must be "
                              "Liveness, Readiness or Startup", source=source,
                              field=f"{where.field}.metric.probe_type")
        total += len(item["values"])
        check_samples(total, source, f"{where.field}.values")
        samples = tuple(_sample(v, source, f"{where.field}.values[{j}]")
                        for j, v in enumerate(item["values"]))
        out.series.append(ProbeSeries(
            _label(metric, "pod"), _label(metric, "container"), probe_type,
            str(metric.get("result", "")), tuple(sorted(samples)), where))
    if not out.series:
        raise RecordError("no prober_probe_total series in the query result", source=source,
                          field="data.result")
    return out


def _matrix(data: Any, source: str) -> list[Any]:
    """The result list of a successful range query; RecordError for anything else."""
    body = data["data"]
    if data.get("status") not in (None, "success"):
        raise RecordError(f"the query did not succeed (status {str(data.get('status'))[:20]!r})",
                          source=source, field="status")
    if body.get("resultType") != "matrix":
        raise RecordError(f"data.resultType={str(body.get('resultType'))[:20]!r}: explain needs "
                          "a range query (/api/v1/query_range, resultType matrix) of "
                          "prober_probe_total", source=source, field="data.resultType")
    result = body.get("result")
    if not isinstance(result, list):
        raise RecordError("data.result must be a list", source=source, field="data.result")
    return result


def _label(metric: dict[str, Any], key: str) -> str | None:
    value = metric.get(key)
    return value if isinstance(value, str) and value else None


def _sample(value: Any, source: str, field: str) -> tuple[float, float]:
    if not (isinstance(value, list) and len(value) == 2):
        raise RecordError(f'{field}: a sample is [unix time, "value"]', source=source,
                          field=field)
    t, v = value
    try:
        at, count = float(t), float(v)
    except (TypeError, ValueError):
        raise RecordError(f'{field}: a sample is [unix time, "value"]', source=source,
                          field=field) from None
    if not (math.isfinite(at) and math.isfinite(count) and 0 <= at < 1e11 and count >= 0):
        raise RecordError(f"{field}: sample [{str(t)[:20]}, {str(v)[:20]}] is out of range",
                          source=source, field=field)
    return at, count
