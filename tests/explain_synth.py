"""Synthetic records for `kubesim explain`, made from kubesim runs (tests only; clearly not
from a cluster): the kubelet events of a run as `kubectl get events -o json` would show them
(core/v1 and events.k8s.io/v1), as a `kubectl describe pod` Events table with kubectl's ages,
the pod's status document, and a Prometheus range query of prober_probe_total.

The event recorder's deduplication is modelled as client-go's eventLogger does it: one event
per (reason, message), its count and first/last time. `human_duration` is an independent
copy of k8s.io/apimachinery's duration.HumanDuration, written from its Go source.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from kubesim.results import Outcome
from kubesim.spec.model import ProbedContainer
from kubesim.timeline import Timeline

BASE = 1_700_000_000.0  # the run's t=0, as a Unix time


def rfc3339(t: float) -> str:
    return datetime.fromtimestamp(BASE + t, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def rfc1123(t: float) -> str:
    return datetime.fromtimestamp(BASE + t, tz=UTC).strftime(
        "%a, %d %b %Y %H:%M:%S +0000")


def human_duration(seconds: float) -> str:
    """k8s.io/apimachinery/pkg/util/duration.HumanDuration."""
    s = int(seconds)
    if s < -1:
        return "<invalid>"
    if s < 0:
        return "0s"
    if s < 120:
        return f"{s}s"
    minutes = int(seconds // 60)
    if minutes < 10:
        rest = s % 60
        return f"{minutes}m" if rest == 0 else f"{minutes}m{rest}s"
    if minutes < 180:
        return f"{minutes}m"
    hours = int(seconds // 3600)
    if hours < 8:
        m = minutes % 60
        return f"{hours}h" if m == 0 else f"{hours}h{m}m"
    if hours < 48:
        return f"{hours}h"
    if hours < 24 * 8:
        h = hours % 24
        return f"{hours // 24}d" if h == 0 else f"{hours // 24}d{h}h"
    return f"{hours // 24}d"


def aggregated(tl: Timeline) -> list[dict[str, Any]]:
    """The run's kubelet events, deduplicated by (reason, message) as the recorder does."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for e in tl.events:
        key = (e.reason, e.message)
        if key not in out:
            out[key] = {"type": e.type, "reason": e.reason, "message": e.message, "count": 0,
                        "first": e.at, "last": e.at, "name": e.name}
        out[key]["count"] += 1
        out[key]["last"] = e.at
    return sorted(out.values(), key=lambda x: x["last"])


def events_v1(tl: Timeline, pod: str) -> str:
    items = [{"apiVersion": "v1", "kind": "Event", "type": a["type"], "reason": a["reason"],
              "message": a["message"], "count": a["count"],
              "firstTimestamp": rfc3339(a["first"]), "lastTimestamp": rfc3339(a["last"]),
              "involvedObject": {"kind": "Pod", "name": pod,
                                 "fieldPath": f"spec.containers{{{a['name']}}}"},
              "source": {"component": "kubelet"}} for a in aggregated(tl)]
    return json.dumps({"apiVersion": "v1", "kind": "EventList", "items": items}, indent=1)


def events_k8s_io(tl: Timeline, pod: str) -> str:
    items = []
    for a in aggregated(tl):
        item = {"apiVersion": "events.k8s.io/v1", "kind": "Event", "type": a["type"],
                "reason": a["reason"], "note": a["message"],
                "eventTime": rfc3339(a["first"]) if a["count"] == 1 else None,
                "regarding": {"kind": "Pod", "name": pod,
                              "fieldPath": f"spec.containers{{{a['name']}}}"},
                "reportingController": "kubelet", "deprecatedCount": a["count"],
                "deprecatedFirstTimestamp": rfc3339(a["first"]),
                "deprecatedLastTimestamp": rfc3339(a["last"])}
        if a["count"] > 1:
            item["series"] = {"count": a["count"], "lastObservedTime": rfc3339(a["last"])}
        items.append(item)
    return json.dumps({"apiVersion": "events.k8s.io/v1", "kind": "EventList", "items": items})


def _probe_line(probe: Any, container: Any, kind: Any) -> str:
    target = container.target(kind)
    attrs = (f"delay={probe.initial_delay_seconds}s timeout={probe.timeout_seconds}s "
             f"period={probe.period_seconds}s #success={probe.success_threshold} "
             f"#failure={probe.failure_threshold}")
    if probe.http_get is not None:
        h = probe.http_get
        return f"http-get {h.scheme.lower()}://:{h.port}{h.path} {attrs}"
    if probe.tcp_socket is not None:
        return f"tcp-socket :{probe.tcp_socket.port} {attrs}"
    if probe.exec_ is not None:
        return f"exec [{' '.join(probe.exec_.command)}] {attrs}"
    return f"grpc {target.port} {attrs}"


def describe(tl: Timeline, pod: ProbedContainer, now: float, name: str = "web-1") -> str:
    """`kubectl describe pod` at run time `now`: the container block and the Events table."""
    c = pod.container
    mine = [x for x in tl.containers if x.running_at <= now]
    current, previous = mine[-1], (mine[-2] if len(mine) > 1 else None)
    lines = [f"Name:         {name}", "Namespace:    default",
             f"Start Time:   {rfc1123(0.0)}", "Status:       Running", "Containers:",
             f"  {c.name}:", "    Image:          example", "    Port:           8000/TCP"]
    if current.ended_at is None or current.ended_at > now:
        lines += ["    State:          Running", f"      Started:      {rfc1123(current.running_at)}"]
    else:
        lines += ["    State:          Waiting", "      Reason:       CrashLoopBackOff"]
    if previous is not None:
        sigkill = "SIGKILL" in (previous.end_reason or "")
        code = previous.exit_code if previous.exit_code is not None else 137 if sigkill else 143
        lines += ["    Last State:     Terminated", "      Reason:       Error",
                  f"      Exit Code:    {code}",
                  f"      Started:      {rfc1123(previous.running_at)}",
                  f"      Finished:     {rfc1123(previous.ended_at or now)}"]
    lines += [f"    Ready:          {'True' if tl.ready and tl.ready[-1].ready else 'False'}",
              f"    Restart Count:  {len(mine) - 1}"]
    for kind, probe in c.probes().items():
        lines.append(f"    {kind.event_name + ':':<16}{_probe_line(probe, c, kind)}")
    lines += ["Events:", "  Type     Reason     Age                From     Message",
              "  ----     ------     ----               ----     -------"]
    events = [a for a in aggregated(tl) if a["first"] <= now]
    for a in events:
        last = min(a["last"], now)
        age = human_duration(now - last)
        if a["count"] > 1:
            age = f"{age} (x{a['count']} over {human_duration(now - a['first'])})"
        lines.append(f"  {a['type']:<8} {a['reason']:<10} {age:<18} kubelet  {a['message']}")
    return "\n".join(lines) + "\n"


def prometheus(tl: Timeline, pod: str, container: str, step: float, until: float) -> str:
    """prober_probe_total samples every `step` seconds, per probe type and result."""
    series: dict[tuple[str, str], list[list[Any]]] = {}
    counts: dict[tuple[str, str], int] = {}
    calls = sorted(tl.probes, key=lambda p: p.at)
    i = 0
    t = 0.0
    while t <= until:
        while i < len(calls) and calls[i].at <= t:
            p = calls[i]
            result = "failed" if p.result is Outcome.FAILURE else "successful" \
                if p.result in (Outcome.SUCCESS, Outcome.WARNING) else "unknown"
            key = (p.probe.event_name, result)
            counts[key] = counts.get(key, 0) + 1
            i += 1
        for key, n in counts.items():
            series.setdefault(key, []).append([BASE + t, str(n)])
        t += step
    result = [{"metric": {"__name__": "prober_probe_total", "probe_type": k[0], "result": k[1],
                          "container": container, "pod": pod, "namespace": "default"},
               "values": v} for k, v in sorted(series.items())]
    return json.dumps({"status": "success", "data": {"resultType": "matrix", "result": result}})
