"""Probe targets the kubelet cannot resolve as meant (KS010, KS011), and how findings name a
target without inventing an address.

The kubelet resolves a named port in the probed container's own `ports` only (R2.4); a name
it cannot find, or an httpGet host that makes no valid URL, is a prober error on every call:
retried, then discarded (R2.2, R2.3), so the probe never fails and never passes. What that
does to the pod is measured here by running the engine with such a probe.
"""

from __future__ import annotations

import ipaddress
import re
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.expectations import phase_runs, settle_time, synthetic
from kubesim.analysis.check.findings import CheckResult, Finding
from kubesim.analysis.check.rules import Severity
from kubesim.behaviour.answer import HEALTHY
from kubesim.results import ProbeType
from kubesim.spec.model import HandlerKind, HTTPGetAction, ProbedContainer, TCPSocketAction

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import ContainerRef, Settings, Workload
    from kubesim.spec.model import Target

__all__ = ["describe", "target_checks"]

_HOST = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9.\-]*[A-Za-z0-9])?$")
_MISSING = "kubesim-unresolved"  # a port name no container declares: the engine's prober error


def describe(target: Target, pod: ProbedContainer) -> str:
    """`httpGet /healthz on port 8080 (http)`, `tcpSocket port 6379`, `grpc port 9555`,
    `exec sh -c ...`: the pod's own address is not known, so none is shown."""
    kind = target.kind
    if kind is HandlerKind.EXEC:
        return f"exec {target.url}"
    probe = next(p for t, p in pod.container.probes().items()
                 if pod.container.target(t) == target)
    handler: Any = probe.handler
    port = handler.port
    shown = f"{target.port} ({port})" if isinstance(port, str) and target.port else str(port)
    host = f" of host {handler.host}" if getattr(handler, "host", None) else ""
    if kind is HandlerKind.HTTP_GET:
        scheme = "" if handler.scheme == "HTTP" else f" {handler.scheme}"
        return f"httpGet{scheme} {handler.path} on port {shown}{host}"
    if kind is HandlerKind.GRPC:
        service = f" service {handler.service!r}" if handler.service else ""
        return f"grpc port {shown}{service}"
    return f"tcpSocket port {shown}{host}"


def target_checks(w: Workload, c: ContainerRef, pod: ProbedContainer,
                  s: Settings) -> list[CheckResult]:
    """KS010 (named port not declared) and KS011 (host set): a check run for each that
    applies (a probe with a named port; a probe with a host)."""
    ports = CheckResult("KS010", w, c.name, None)
    hosts = CheckResult("KS011", w, c.name, None)
    ran: dict[str, CheckResult] = {}
    for kind, probe in pod.container.probes().items():
        handler = probe.handler
        if not isinstance(handler, HTTPGetAction | TCPSocketAction):
            continue
        field = "httpGet" if isinstance(handler, HTTPGetAction) else "tcpSocket"
        if isinstance(handler.port, str):
            ran["KS010"] = ports
            if pod.container.resolve_port(handler.port) is None:
                _port(ports, c, pod, kind, field, handler.port, s)
        if handler.host:
            ran["KS011"] = hosts
            _host(hosts, c, pod, kind, field, handler.host, s)
    return list(ran.values())


def _port(result: CheckResult, c: ContainerRef, pod: ProbedContainer, kind: ProbeType,
          field: str, name: str, s: Settings) -> None:
    declared = ", ".join(f"{p.name} {p.container_port}" if p.name else str(p.container_port)
                         for p in pod.container.ports) or "none"
    others = [n for n, names in _sibling_ports(c).items() if name in names]
    elsewhere = (f"; container {', '.join(others)} declares it, but only the probed "
                 "container's own ports count" if others else "")
    message = (f"{kind.field}.{field}.port: {name!r} is not a port of container {c.name} "
               f"(its ports: {declared}){elsewhere}: the kubelet cannot resolve it (port "
               f"\"{name}\" not found), so every call is a prober error, retried and discarded "
               f"(R2.4); {_disabled(pod, kind, s)}")
    result.findings.append(Finding(
        "KS010", Severity.ERROR, result.workload, c.name, message,
        line=c.line(kind.field, field, "port"),
        data={"probe": kind.value, "port": name, "declared": declared}))


def _host(result: CheckResult, c: ContainerRef, pod: ProbedContainer, kind: ProbeType,
          field: str, host: str, s: Settings) -> None:
    where = f"{kind.field}.{field}.host"
    line = c.line(kind.field, field, "host")
    if not _valid_host(host):
        message = (f"{where}: {host!r} is not a valid host, so the kubelet cannot build the "
                   f"request: every call is a prober error, retried and discarded; "
                   f"{_disabled(pod, kind, s)}")
        severity = Severity.ERROR
    elif _loopback(host) and not _host_network(c):
        message = (f"{where}: {host} is the node's loopback, not the pod's: the kubelet "
                   "connects from the node, so the probe asks whatever listens on the node "
                   "(leave host unset to ask the pod)")
        severity = Severity.WARNING
    elif host.endswith((".svc", ".cluster.local")) or ".svc." in host:
        message = (f"{where}: {host} is a cluster DNS name; the kubelet resolves it with the "
                   "node's resolver, where cluster names usually do not resolve: then every "
                   "call fails (a failure, not an error) and the probe asks another pod's "
                   "service at best")
        severity = Severity.WARNING
    else:
        return
    result.findings.append(Finding("KS011", severity, result.workload, c.name, message,
                                   line=line, data={"probe": kind.value, "host": host}))


def _valid_host(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return bool(_HOST.match(host))


def _loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _pod_spec(c: ContainerRef) -> dict[str, Any]:
    data: Any = c.doc.data
    for key in c.loc[:-2]:
        data = data[key]
    return data if isinstance(data, dict) else {}


def _host_network(c: ContainerRef) -> bool:
    return bool(_pod_spec(c).get("hostNetwork"))


def _sibling_ports(c: ContainerRef) -> dict[str, set[str]]:
    """Port names declared by the pod's other containers."""
    out: dict[str, set[str]] = {}
    spec = _pod_spec(c)
    for key in ("containers", "initContainers"):
        for other in spec.get(key) or []:
            if isinstance(other, dict) and other.get("name") != c.name:
                out[str(other.get("name"))] = {str(p.get("name")) for p in
                                               other.get("ports") or [] if isinstance(p, dict)}
    return out


def _disabled(pod: ProbedContainer, kind: ProbeType, s: Settings) -> str:
    """What a probe that only ever errors does, measured at the grid phases."""
    container = pod.container
    probe = container.probes()[kind]
    handler: Any = probe.handler
    broken = probe.model_copy(update={
        ("http_get" if isinstance(handler, HTTPGetAction) else "tcp_socket"):
            handler.model_copy(update={"port": _MISSING, "host": None})})
    spec = container.model_copy(update={f"{kind.value}_probe": broken})
    sick = ProbedContainer(spec, pod.termination_grace_period_seconds, pod.restart_policy)
    if kind is ProbeType.LIVENESS:
        start = settle_time(sick)
        hang = synthetic(f"a hang at {start:g} s (synthetic)",
                         stalls=[{"from": start, "to": None}])
        runs = phase_runs(sick, hang, settings=s, duration=start + 300)
        killed = sum(1 for r in runs if r.timeline.kills)
        return (f"liveness never kills: a hang of the app is restarted at {killed} of "
                f"{len(runs)} grid phases")
    runs = phase_runs(sick, HEALTHY, settings=s, duration=300.0)
    ready = sum(1 for r in runs if r.timeline.ready_intervals())
    what = ("the container never counts as started, so liveness and readiness never run"
            if kind is ProbeType.STARTUP else "readiness never passes")
    return (f"{what}: even a healthy app's pod becomes Ready at {ready} of {len(runs)} grid "
            "phases in 300 s")
