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
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.experiments import phase_runs, run_calls, settle_time, synthetic
from kubesim.analysis.check.findings import CheckResult, Finding
from kubesim.analysis.check.plan import CheckRun, Subject
from kubesim.behaviour.answer import HEALTHY
from kubesim.results import ProbeType
from kubesim.spec.model import HandlerKind, HTTPGetAction, ProbedContainer, TCPSocketAction

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import ContainerRef, Settings
    from kubesim.spec.model import Target

__all__ = ["TARGET_CHECKS", "describe"]

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
    host = (f" of host {handler.host}" if isinstance(handler, HTTPGetAction | TCPSocketAction)
            and handler.host else "")
    if kind is HandlerKind.HTTP_GET:
        scheme = "" if handler.scheme == "HTTP" else f" {handler.scheme}"
        return f"httpGet{scheme} {handler.path} on port {shown}{host}"
    if kind is HandlerKind.GRPC:
        service = f" service {handler.service!r}" if handler.service else ""
        return f"grpc port {shown}{service}"
    return f"tcpSocket port {shown}{host}"


@dataclass(frozen=True)
class Disabled:
    """What a probe that only ever errors does, measured at the grid phases: for liveness,
    at how many phases a hang is still restarted; else at how many a healthy pod is Ready."""

    kind: ProbeType
    hit: int
    phases: int

    @property
    def text(self) -> str:
        if self.kind is ProbeType.LIVENESS:
            return (f"liveness never kills: a hang of the app is restarted at {self.hit} of "
                    f"{self.phases} grid phases")
        what = ("the container never counts as started, so liveness and readiness never run"
                if self.kind is ProbeType.STARTUP else "readiness never passes")
        return (f"{what}: even a healthy app's pod becomes Ready at {self.hit} of "
                f"{self.phases} grid phases in 300 s")


@dataclass(frozen=True)
class TargetIssue:
    """One probe whose target the kubelet cannot resolve as meant (before it is judged)."""

    rule: str  # KS010 (named port) or KS011 (host)
    kind: ProbeType
    field: str  # httpGet | tcpSocket
    value: str  # the port name or the host
    disabled: Disabled | None  # measured where the probe only ever errors


class Targets:
    """KS010 (named port not declared) and KS011 (host set): a check run for each that
    applies (a probe with a named port; a probe with a host)."""

    name = "targets"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        pod = subject.pod
        return [CheckRun(self.name, subject)] if pod is not None and _applies(pod) else []

    def cost(self, run: CheckRun, s: Settings) -> float:
        pod = run.pod
        return sum(s.phases * run_calls(pod, s, settle_time(pod) + 300)
                   for issue in _issues(pod) if _errors(issue, pod))

    def measure(self, run: CheckRun, s: Settings) -> list[TargetIssue]:
        pod = run.pod
        return [replace(issue, disabled=_disabled(pod, issue.kind, s))
                if _errors(issue, pod) else issue for issue in _issues(pod)]

    def verdict(self, run: CheckRun, issues: list[TargetIssue],
                s: Settings) -> list[CheckResult]:
        c, pod = run.container, run.pod
        ports = CheckResult("KS010", run.workload, c.name, None)
        hosts = CheckResult("KS011", run.workload, c.name, None)
        ran: dict[str, CheckResult] = {}
        for issue in issues:
            if issue.rule == "KS010":
                ran["KS010"] = ports
                if pod.container.resolve_port(issue.value) is None:
                    _port(ports, c, pod, issue)
            else:
                ran["KS011"] = hosts
                _host(hosts, c, issue)
        return list(ran.values())


def _issues(pod: ProbedContainer) -> list[TargetIssue]:
    out = []
    for kind, probe in pod.container.probes().items():
        handler = probe.handler
        if not isinstance(handler, HTTPGetAction | TCPSocketAction):
            continue
        field = "httpGet" if isinstance(handler, HTTPGetAction) else "tcpSocket"
        if isinstance(handler.port, str):
            out.append(TargetIssue("KS010", kind, field, handler.port, None))
        if handler.host:
            out.append(TargetIssue("KS011", kind, field, handler.host, None))
    return out


def _applies(pod: ProbedContainer) -> bool:
    return bool(_issues(pod))


def _errors(issue: TargetIssue, pod: ProbedContainer) -> bool:
    """Whether every call of the probe is a prober error (what `_disabled` measures)."""
    if issue.rule == "KS010":
        return pod.container.resolve_port(issue.value) is None
    return not _valid_host(issue.value)


def _port(result: CheckResult, c: ContainerRef, pod: ProbedContainer,
          issue: TargetIssue) -> None:
    kind, field, name = issue.kind, issue.field, issue.value
    declared = ", ".join(f"{p.name} {p.container_port}" if p.name else str(p.container_port)
                         for p in pod.container.ports) or "none"
    others = [n for n, names in _sibling_ports(c).items() if name in names]
    elsewhere = (f"; container {', '.join(others)} declares it, but only the probed "
                 "container's own ports count" if others else "")
    assert issue.disabled is not None
    message = (f"{kind.field}.{field}.port: {name!r} is not a port of container {c.name} "
               f"(its ports: {declared}){elsewhere}: the kubelet cannot resolve it (port "
               f"\"{name}\" not found), so every call is a prober error, retried and discarded "
               f"(R2.4); {issue.disabled.text}")
    result.findings.append(Finding.of(
        "KS010", "undeclared", result.workload, c.name, message,
        line=c.line(kind.field, field, "port"),
        data={"probe": kind.value, "port": name, "declared": declared}))


def _host(result: CheckResult, c: ContainerRef, issue: TargetIssue) -> None:
    kind, field, host = issue.kind, issue.field, issue.value
    where = f"{kind.field}.{field}.host"
    line = c.line(kind.field, field, "host")
    if not _valid_host(host):
        assert issue.disabled is not None
        message = (f"{where}: {host!r} is not a valid host, so the kubelet cannot build the "
                   f"request: every call is a prober error, retried and discarded; "
                   f"{issue.disabled.text}")
        case = "invalid"
    elif _loopback(host) and not _host_network(c):
        message = (f"{where}: {host} is the node's loopback, not the pod's: the kubelet "
                   "connects from the node, so the probe asks whatever listens on the node "
                   "(leave host unset to ask the pod)")
        case = "loopback"
    elif host.endswith((".svc", ".cluster.local")) or ".svc." in host:
        message = (f"{where}: {host} is a cluster DNS name; the kubelet resolves it with the "
                   "node's resolver, where cluster names usually do not resolve: then every "
                   "call fails (a failure, not an error) and the probe asks another pod's "
                   "service at best")
        case = "cluster-dns"
    else:
        return
    result.findings.append(Finding.of("KS011", case, result.workload, c.name, message,
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


def _disabled(pod: ProbedContainer, kind: ProbeType, s: Settings) -> Disabled:
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
        return Disabled(kind, sum(1 for r in runs if r.timeline.kills), len(runs))
    runs = phase_runs(sick, HEALTHY, settings=s, duration=300.0)
    return Disabled(kind, sum(1 for r in runs if r.timeline.ready_intervals()), len(runs))


TARGET_CHECKS = (Targets(),)
