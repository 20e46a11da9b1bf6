"""Validated probe specs: the engine's input, checked the way the API server checks them.

Defaults (R5.1-R5.3) and validation (R5.4-R5.9) of docs/kubelet-rules.md §5 are applied when a
model is built. Models are frozen pydantic v2 models with Kubernetes camelCase aliases; YAML
input is validated by alias only, so `initial_delay_seconds:` in a file is an unknown field.
Every rejection surfaces as one `SpecError` naming the field path, the value and what is allowed.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic.alias_generators import to_camel

from kubesim.errors import SpecError
from kubesim.results import ProbeType
from kubesim.spec.api_rules import sleep_problem

__all__ = [
    "POD_IP",
    "ContainerPort",
    "ContainerRestartRule",
    "ContainerSpec",
    "ExitCodeOperator",
    "ExecAction",
    "GRPCAction",
    "HTTPGetAction",
    "HTTPHeader",
    "HandlerKind",
    "HookKind",
    "Lifecycle",
    "LifecycleHandler",
    "LocatedSpecError",
    "Probe",
    "ProbedContainer",
    "RestartPolicy",
    "RestartRuleAction",
    "RestartRuleExitCodes",
    "SleepAction",
    "TCPSocketAction",
    "Target",
    "field_path",
    "hook_sleep_problem",
    "parse_container",
    "parse_probe",
]

POD_IP = "10.0.0.10"
INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)
Loc = tuple[str | int, ...]


class HandlerKind(str, Enum):
    """The four probe handlers, by their Kubernetes field name."""

    HTTP_GET = "httpGet"
    TCP_SOCKET = "tcpSocket"
    EXEC = "exec"
    GRPC = "grpc"


class RestartPolicy(str, Enum):
    """A pod's restartPolicy (R5.3: unset means Always), and a container's own (R4.30)."""

    ALWAYS = "Always"
    ON_FAILURE = "OnFailure"
    NEVER = "Never"


class RestartRuleAction(str, Enum):
    """What a matching container restart rule does (R4.31, R4.35)."""

    RESTART = "Restart"  # restart this container (KEP-5307)
    RESTART_ALL = "RestartAllContainers"  # restart the whole pod in place (KEP-5532)


class ExitCodeOperator(str, Enum):
    """How a rule's exit codes match (R4.31)."""

    IN = "In"
    NOT_IN = "NotIn"


class LocatedSpecError(SpecError):
    """A SpecError that also keeps the key path (`loc`) of the field, for line look-ups."""

    def __init__(self, message: str, *, loc: Loc = (), **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.loc = loc


class _RuleError(ValueError):
    """Raised inside validators; `sub` is the path below the validated object."""

    def __init__(self, text: str, *, sub: Loc = (), value: Any = None, show: bool = True) -> None:
        super().__init__(text)
        self.text, self.sub, self.value, self.show = text, sub, value, show


def field_path(loc: Loc) -> str:
    """`('spec', 'containers', 0, 'ports')` → `spec.containers[0].ports`."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _shown(value: Any) -> str:
    text = repr(list(value)) if isinstance(value, tuple) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _ranged(bounds: tuple[int, int], bits: int) -> AfterValidator:
    def check(value: int) -> int:
        if not bounds[0] <= value <= bounds[1]:
            raise _RuleError(f"must be a {bits}-bit integer", value=value)
        return value

    return AfterValidator(check)


Int32 = Annotated[int, Strict(), _ranged(INT32, 32)]
Int64 = Annotated[int, Strict(), _ranged(INT64, 64)]
Str = Annotated[str, Strict()]

_IANA = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?$")
_DNS_LABEL = _IANA  # RFC 1123 label: the same characters, at most 63 of them
_HEADER = re.compile(r"^[-A-Za-z0-9]+$")  # k8s IsHTTPHeaderName


def _check_port(value: Any, *, named: bool = True) -> int | str:
    """Port number 1-65535, or (if `named`) an IANA_SVC_NAME (R5.8)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _RuleError("must be an integer or a port name" if named else "must be an integer",
                         value=value)
    if isinstance(value, int):
        if not 1 <= value <= 65535:
            raise _RuleError("must be between 1 and 65535, inclusive", value=value)
        return value
    if not named:
        raise _RuleError("must be an integer (gRPC ports cannot be named)", value=value)
    if not (len(value) <= 15 and _IANA.match(value) and "--" not in value
            and re.search("[a-z]", value)):
        raise _RuleError(
            "must be a port number 1-65535 or a port name (IANA_SVC_NAME: at most 15 "
            "characters, lowercase letters, digits and '-', at least one letter, no leading, "
            "trailing or double '-')", value=value)
    return value


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True,
                              defer_build=True, alias_generator=to_camel)

    @model_validator(mode="before")
    @classmethod
    def _drop_nulls(cls, data: Any) -> Any:
        """A JSON/YAML null means the field is unset, as in the API."""
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if v is not None}
        return data


class HTTPHeader(_Model):
    """One custom request header of an httpGet probe."""

    name: Str
    value: Str

    @field_validator("name")
    @classmethod
    def _valid_name(cls, name: str) -> str:
        if not _HEADER.match(name):  # R5.8
            raise _RuleError("must be a valid HTTP header name (letters, digits and '-')",
                             value=name)
        return name


class HTTPGetAction(_Model):
    """An httpGet handler; path and scheme defaulted as in R5.2."""

    path: Str = "/"
    port: int | str
    host: Str | None = None
    scheme: Literal["HTTP", "HTTPS"] = "HTTP"
    http_headers: tuple[HTTPHeader, ...] = ()

    @field_validator("path", "scheme", mode="before")
    @classmethod
    def _default_empty(cls, value: Any, info: Any) -> Any:
        if value == "":  # R5.2: "" → "/" and "" → "HTTP"
            return "/" if info.field_name == "path" else "HTTP"
        return value

    @field_validator("port", mode="before")
    @classmethod
    def _port(cls, value: Any) -> int | str:
        return _check_port(value)


class TCPSocketAction(_Model):
    """A tcpSocket handler (R2.12)."""

    port: int | str
    host: Str | None = None

    @field_validator("port", mode="before")
    @classmethod
    def _port(cls, value: Any) -> int | str:
        return _check_port(value)


class ExecAction(_Model):
    """An exec handler; the command must be non-empty (R5.8)."""

    command: tuple[Str, ...]

    @field_validator("command")
    @classmethod
    def _non_empty(cls, command: tuple[str, ...]) -> tuple[str, ...]:
        if not command:
            raise _RuleError("must be a non-empty list of strings", value=command)
        return command


class GRPCAction(_Model):
    """A grpc handler: numeric port only (R2.16, R5.8)."""

    port: int
    service: Str | None = None

    @field_validator("port", mode="before")
    @classmethod
    def _port(cls, value: Any) -> int | str:
        return _check_port(value, named=False)


_HANDLERS = (("exec_", "exec"), ("http_get", "httpGet"), ("tcp_socket", "tcpSocket"),
             ("grpc", "grpc"))
_DEFAULTS = {"timeout_seconds": 1, "period_seconds": 10, "success_threshold": 1,
             "failure_threshold": 3}


class Probe(_Model):
    """One probe, after the API's defaults (R5.1) and validation (R5.4, R5.6-R5.8)."""

    exec_: ExecAction | None = Field(None, alias="exec")
    http_get: HTTPGetAction | None = None
    tcp_socket: TCPSocketAction | None = None
    grpc: GRPCAction | None = None
    initial_delay_seconds: Int32 = 0
    timeout_seconds: Int32 = 1
    period_seconds: Int32 = 10
    success_threshold: Int32 = 1
    failure_threshold: Int32 = 3
    termination_grace_period_seconds: Int64 | None = None  # *int64 in the API

    @field_validator("initial_delay_seconds", "timeout_seconds", "period_seconds",
                     "success_threshold", "failure_threshold")
    @classmethod
    def _non_negative(cls, value: int, info: Any) -> int:
        if value < 0:  # R5.4
            raise _RuleError("must be greater than or equal to 0", value=value)
        return value or _DEFAULTS.get(info.field_name, 0)  # R5.1: 0 means "use the default"

    @field_validator("termination_grace_period_seconds")
    @classmethod
    def _positive(cls, value: int | None) -> int | None:
        if value is not None and value <= 0:  # R5.6
            raise _RuleError("must be greater than 0", value=value)
        return value

    @model_validator(mode="after")
    def _one_handler(self) -> Probe:
        found = [alias for attr, alias in _HANDLERS if getattr(self, attr) is not None]
        if not found:  # R5.7
            raise _RuleError("must specify a handler type (one of exec, httpGet, tcpSocket, "
                             "grpc)", show=False)
        if len(found) > 1:  # R5.7
            raise _RuleError(f"may not specify more than 1 handler type (found "
                             f"{', '.join(found)})", sub=(found[1],), show=False)
        return self

    @property
    def handler_kind(self) -> HandlerKind:
        """Which of the four handlers this probe uses."""
        return HandlerKind(next(a for attr, a in _HANDLERS if getattr(self, attr) is not None))

    @property
    def handler(self) -> ExecAction | HTTPGetAction | TCPSocketAction | GRPCAction:
        """The one handler object."""
        handler: ExecAction | HTTPGetAction | TCPSocketAction | GRPCAction = next(
            getattr(self, attr) for attr, _ in _HANDLERS if getattr(self, attr) is not None)
        return handler


def _check_for_type(probe: Probe, probe_type: ProbeType) -> None:
    """The rules that depend on which probe this is (R5.5, R5.6)."""
    if probe_type is not ProbeType.READINESS and probe.success_threshold != 1:
        raise _RuleError("must be 1", sub=("successThreshold",), value=probe.success_threshold)
    if probe_type is ProbeType.READINESS and probe.termination_grace_period_seconds is not None:
        raise _RuleError("must not be set for readiness probes",
                         sub=("terminationGracePeriodSeconds",),
                         value=probe.termination_grace_period_seconds)


@dataclass(frozen=True, slots=True)
class Target:
    """What a probe asks, and how traces and scenarios name it."""

    kind: HandlerKind
    key: str  # the short key: the httpGet path, tcp:PORT, exec:COMMAND, grpc:PORT[/service]
    port: int | None
    url: str
    scoped: str = ""  # the key with the container (and port): web:8080/healthz, tcp:web:5432
    on_pod: bool = True  # asks the pod's IP (no `host`): whichever container listens answers


class ContainerPort(_Model):
    """One entry of a container's `ports`; hostPort/hostIP are validated and ignored (probes
    go to the pod's address)."""

    container_port: Annotated[int, Strict()]
    name: Str | None = None
    protocol: Literal["TCP", "UDP", "SCTP"] = "TCP"  # validateContainerPorts
    host_port: Int32 | None = Field(None, exclude=True, repr=False)
    host_ip: Str | None = Field(None, alias="hostIP", exclude=True, repr=False)

    @field_validator("container_port", mode="before")
    @classmethod
    def _port(cls, value: Any) -> int | str:
        return _check_port(value, named=False)

    @field_validator("host_port")
    @classmethod
    def _host_port(cls, value: int | None) -> int | None:
        if value:  # validateContainerPorts: 0 is unset, else a port number
            _check_port(value, named=False)
        return value

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        if value is not None:
            _check_port(value)  # an IANA_SVC_NAME, as for probe ports
        return value


class SleepAction(_Model):
    """A `sleep` lifecycle handler: seconds to wait."""

    seconds: Int64

    @field_validator("seconds")
    @classmethod
    def _non_negative(cls, value: int) -> int:
        if value < 0:
            raise _RuleError("must be greater than or equal to 0", value=value)
        return value


class HookKind(str, Enum):
    """The handlers of a lifecycle hook, by their Kubernetes field name."""

    EXEC = "exec"
    HTTP_GET = "httpGet"
    SLEEP = "sleep"
    TCP_SOCKET = "tcpSocket"  # deprecated: the kubelet's handler runner fails it


_HOOK_HANDLERS = (("exec_", HookKind.EXEC), ("http_get", HookKind.HTTP_GET),
                  ("tcp_socket", HookKind.TCP_SOCKET), ("sleep", HookKind.SLEEP))


class LifecycleHandler(_Model):
    """A postStart or preStop hook: exec, httpGet, sleep, or the deprecated tcpSocket (the
    API accepts it, the kubelet fails it); one of them (validateHandler)."""

    exec_: ExecAction | None = Field(None, alias="exec")
    http_get: HTTPGetAction | None = None
    sleep: SleepAction | None = None
    tcp_socket: TCPSocketAction | None = None

    @model_validator(mode="after")
    def _one_handler(self) -> LifecycleHandler:
        found = [kind.value for attr, kind in _HOOK_HANDLERS if getattr(self, attr) is not None]
        if not found:  # validateHandler
            raise _RuleError("must specify a handler type (one of exec, httpGet, sleep)",
                             show=False)
        if len(found) > 1:
            raise _RuleError(f"may not specify more than 1 handler type (found "
                             f"{', '.join(found)})", sub=(found[1],), show=False)
        return self

    @property
    def kind(self) -> HookKind:
        """Which handler this hook runs."""
        return next(kind for attr, kind in _HOOK_HANDLERS if getattr(self, attr) is not None)


class Lifecycle(_Model):
    """A container's lifecycle hooks: postStart (R4.40) and preStop (R4.5) are simulated;
    stopSignal is accepted and named in a note (kubesim sends SIGTERM)."""

    pre_stop: LifecycleHandler | None = None
    post_start: LifecycleHandler | None = None
    stop_signal: Str | None = Field(None, exclude=True, repr=False)


def _one_of(value: Any, kind: type[Enum]) -> Any:
    """A value of `kind`, else the API server's NotSupported, naming what is allowed (R5.26)."""
    allowed = [repr(m.value) for m in kind]
    if not isinstance(value, str) or value not in [m.value for m in kind]:
        listed = f"{', '.join(allowed[:-1])} or {allowed[-1]}"
        raise _RuleError(f"must be one of {listed} (R5.26, validateContainerRestartPolicy)",
                         value=value)
    return value


# validateContainerRestartPolicy (pkg/apis/core/validation/validation.go): at most 20 rules a
# container, at most 255 exit codes a rule (R5.26); the values are not range-checked
MAX_RESTART_RULES = 20
MAX_RULE_EXIT_CODES = 255


class RestartRuleExitCodes(_Model):
    """A restart rule's `exitCodes`: the exit code In (or NotIn) `values` (R4.31)."""

    operator: ExitCodeOperator
    values: tuple[Int32, ...] = ()

    @field_validator("operator", mode="before")
    @classmethod
    def _in_or_not_in(cls, value: Any) -> Any:
        return _one_of(value, ExitCodeOperator)

    @field_validator("values")
    @classmethod
    def _at_most_255(cls, values: tuple[int, ...]) -> tuple[int, ...]:
        if len(values) > MAX_RULE_EXIT_CODES:  # R5.26
            raise _RuleError(f"must have at most {MAX_RULE_EXIT_CODES} values (R5.26, "
                             f"validateContainerRestartPolicy), got {len(values)}", show=False)
        return values


class ContainerRestartRule(_Model):
    """One entry of a container's `restartPolicyRules` (KEP-5307, R4.31); `exitCodes` is
    required (R5.26)."""

    action: RestartRuleAction
    exit_codes: RestartRuleExitCodes

    @field_validator("action", mode="before")
    @classmethod
    def _known_action(cls, value: Any) -> Any:
        return _one_of(value, RestartRuleAction)

    def matches(self, code: int) -> bool:
        """Whether exit `code` satisfies the rule (findMatchingContainerRestartRule)."""
        listed = code in self.exit_codes.values
        return listed if self.exit_codes.operator is ExitCodeOperator.IN else not listed


class ContainerSpec(_Model):
    """The probed part of a container: its name, ports, probes and preStop hook."""

    name: Str
    ports: tuple[ContainerPort, ...] = ()
    startup_probe: Probe | None = None
    liveness_probe: Probe | None = None
    readiness_probe: Probe | None = None
    lifecycle: Lifecycle | None = None
    sidecar: bool = Field(False, strict=True)  # an init container with restartPolicy Always
    init: bool = Field(False, strict=True)  # a plain init container: runs to completion
    # the container's own restart policy and rules (KEP-5307, R4.30, R4.31); None: the pod's
    # (a sidecar's is Always, which `sidecar` says)
    restart_policy: RestartPolicy | None = None
    restart_policy_rules: tuple[ContainerRestartRule, ...] = ()

    @property
    def pre_stop(self) -> LifecycleHandler | None:
        """The preStop hook, if any."""
        return self.lifecycle.pre_stop if self.lifecycle is not None else None

    @property
    def post_start(self) -> LifecycleHandler | None:
        """The postStart hook, if any."""
        return self.lifecycle.post_start if self.lifecycle is not None else None

    def hook_target(self, hook: LifecycleHandler | None = None) -> Target | None:
        """What an exec or httpGet hook (`hook`, by default the preStop one) asks, keyed like
        a probe target (a sleep or tcpSocket hook asks nothing)."""
        hook = self.pre_stop if hook is None else hook
        if hook is None or (hook.exec_ is None and hook.http_get is None):
            return None
        return _target(hook.exec_ or hook.http_get, self)

    @field_validator("ports")
    @classmethod
    def _unique_port_names(cls, ports: tuple[ContainerPort, ...]) -> tuple[ContainerPort, ...]:
        seen: set[str] = set()
        for i, port in enumerate(ports):
            if port.name is not None and port.name in seen:  # validateContainerPorts
                raise _RuleError("is a duplicate: a port name once per container",
                                 sub=(i, "name"), value=port.name)
            if port.name is not None:
                seen.add(port.name)
        return ports

    @field_validator("name")
    @classmethod
    def _dns_label(cls, name: str, info: ValidationInfo) -> str:
        if (info.context or {}).get("any_name") and name.isprintable() and len(name) <= 253:
            return name  # printable: it is shown as it is
        if not (len(name) <= 63 and _DNS_LABEL.match(name)):  # validateContainers
            raise _RuleError("must be a DNS-1123 label (at most 63 characters: lowercase "
                             "letters, digits and '-', starting and ending with a letter or "
                             "digit)", value=name)
        return name

    @field_validator("restart_policy", mode="before")
    @classmethod
    def _restart_policy(cls, value: Any) -> Any:
        return None if value is None else _one_of(value, RestartPolicy)

    @model_validator(mode="after")
    def _restart_rules(self) -> ContainerSpec:
        """validateContainerRestartPolicy (R5.26): rules need the container's own
        restartPolicy, and a container has at most 20 of them."""
        rules = self.restart_policy_rules
        if rules and self.restart_policy is None and not self.sidecar:  # a sidecar's: Always
            raise _RuleError("must be set when restartPolicyRules are used (the pod's "
                             "restartPolicy is not inherited; R5.26, "
                             "validateContainerRestartPolicy)",
                             sub=("restartPolicy",), show=False)
        if len(rules) > MAX_RESTART_RULES:
            raise _RuleError(f"must have at most {MAX_RESTART_RULES} rules (R5.26, "
                             f"validateContainerRestartPolicy), got {len(rules)}",
                             sub=("restartPolicyRules",), show=False)
        return self

    @model_validator(mode="after")
    def _per_type(self) -> ContainerSpec:
        for probe_type, probe in self.probes().items():
            try:
                _check_for_type(probe, probe_type)
            except _RuleError as exc:
                exc.sub = (probe_type.field, *exc.sub)
                raise
        return self

    def probes(self) -> dict[ProbeType, Probe]:
        """The declared probes, in the order startup, liveness, readiness."""
        declared = {ProbeType.STARTUP: self.startup_probe, ProbeType.LIVENESS: self.liveness_probe,
                    ProbeType.READINESS: self.readiness_probe}
        return {t: p for t, p in declared.items() if p is not None}

    def resolve_port(self, port: int | str) -> int | None:
        """A named port's containerPort in this container, or None if absent (R2.4)."""
        if isinstance(port, int):
            return port
        return next((p.container_port for p in self.ports if p.name == port), None)

    def target(self, probe_type: ProbeType) -> Target:
        """What the declared probe of this type asks (R2.5, R2.12, R2.13, R2.16)."""
        probe = self.probes().get(probe_type)
        if probe is None:
            raise SpecError(f"container {self.name} has no {probe_type.field}")
        return _target(probe.handler, self)


def _target(handler: Any, container: ContainerSpec) -> Target:
    name = container.name
    if isinstance(handler, ExecAction):
        command = " ".join(handler.command)
        return Target(HandlerKind.EXEC, f"exec:{command}", None, command,
                      f"exec:{name}:{command}")
    if isinstance(handler, GRPCAction):
        service = f"/{handler.service}" if handler.service else ""
        return Target(HandlerKind.GRPC, f"grpc:{handler.port}{service}", handler.port,
                      f"{POD_IP}:{handler.port}", f"grpc:{name}:{handler.port}{service}")
    port = container.resolve_port(handler.port)
    shown = handler.port if port is None else port
    host = handler.host or POD_IP
    on_pod = handler.host is None
    if isinstance(handler, TCPSocketAction):
        return Target(HandlerKind.TCP_SOCKET, f"tcp:{shown}", port, f"{host}:{shown}",
                      f"tcp:{name}:{shown}", on_pod)
    url = f"{handler.scheme.lower()}://{host}:{shown}{handler.path}"
    return Target(HandlerKind.HTTP_GET, handler.path, port, url, f"{name}:{shown}{handler.path}",
                  on_pod)


@dataclass(frozen=True, slots=True)
class DeploymentStrategy:
    """A Deployment's `spec.strategy` and rollout timing, as the API server defaults them:
    RollingUpdate with maxSurge and maxUnavailable 25 % (None here), minReadySeconds 0,
    progressDeadlineSeconds 600."""

    type: str = "RollingUpdate"  # or Recreate
    max_surge: int | str | None = None
    max_unavailable: int | str | None = None
    min_ready_seconds: int = 0
    progress_deadline_seconds: int = 600


@dataclass(frozen=True, slots=True)
class ProbedContainer:
    """A pod and the container a report is about, with the pod-level settings the kubelet
    uses.

    It stands for its whole pod: `others` are the pod's other containers (its init
    containers, plain and sidecars, then its app containers, in pod order, this one left
    out; `position` is where this one sits among them), and the engine simulates all of
    them, probed or not (`containers`). `container` is the one a report is about
    (`--container`); a container without a readiness probe is Ready once running (R4.25).
    """

    container: ContainerSpec
    termination_grace_period_seconds: int = 30  # R5.3
    restart_policy: RestartPolicy = RestartPolicy.ALWAYS  # R5.3
    object_kind: str = "Pod"
    object_name: str = "app"
    namespace: str | None = None
    source: str = "<memory>"
    others: tuple[ContainerSpec, ...] = ()
    position: int = 0
    readiness_gates: tuple[str, ...] = ()  # conditionType of each readinessGates entry
    replicas: int | None = None  # the workload's spec.replicas (None: not a replicated kind)
    strategy: DeploymentStrategy | None = None  # a Deployment's update strategy
    # what the manifest sets that bears on starts, probes, restarts, readiness or termination
    # and is not modelled ("accepted, not modelled: ...", `kubesim.spec.fields`)
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "restart_policy", RestartPolicy(self.restart_policy))
        names = [c.name for c in self.containers]
        if len(set(names)) != len(names):
            raise SpecError(f"container names in a pod must be unique, got {names}")
        problem = hook_sleep_problem(self.containers, self.termination_grace_period_seconds)
        if problem is not None:
            raise SpecError(problem)

    @property
    def containers(self) -> tuple[ContainerSpec, ...]:
        """Every simulated container of the pod, in pod order."""
        if not self.others:
            return (self.container,)
        at = min(max(self.position, 0), len(self.others))
        return (*self.others[:at], self.container, *self.others[at:])

    def focused(self, at: int) -> ProbedContainer:
        """The same pod with its report about its container at `at` (pod order), not checked
        again (its containers and settings were): one of each of a pod's n containers is
        then n tuples made, not n pods validated whole (quadratic, issue 31)."""
        units = self.containers
        if units[at] is self.container and at == self.position:
            return self
        out = copy.copy(self)
        object.__setattr__(out, "container", units[at])
        object.__setattr__(out, "others", (*units[:at], *units[at + 1:]))
        object.__setattr__(out, "position", at)
        return out

    @property
    def label(self) -> str:
        """`Deployment/web container app`."""
        return f"{self.object_kind}/{self.object_name} container {self.container.name}"


def hook_sleep_problem(containers: tuple[ContainerSpec, ...], grace: int) -> str | None:
    """validateSleepAction over every hook of the pod's containers: what is wrong with the
    first sleep longer than the pod's terminationGracePeriodSeconds (or negative), or None."""
    for c in containers:
        for field, hook in (("postStart", c.post_start), ("preStop", c.pre_stop)):
            if hook is not None and hook.sleep is not None:
                problem = sleep_problem(hook.sleep.seconds, grace,
                                        f"container {c.name}: lifecycle.{field}.sleep.seconds")
                if problem is not None:
                    return problem
    return None


def _message(kind: str, loc: Loc, value: Any, text: str, show: bool = True) -> str:
    path = field_path(loc)
    if kind == "extra_forbidden":
        return f"{path}: unknown field"
    if kind == "missing":
        return f"{path}: required field is missing"
    return f"{path}={_shown(value)} {text}" if show else f"{path}: {text}"


_TYPE_TEXT = {
    "int_type": "must be an integer", "int_parsing": "must be an integer",
    "string_type": "must be a string", "bool_type": "must be true or false",
    "model_type": "must be a mapping", "model_attributes_type": "must be a mapping",
    "dict_type": "must be a mapping", "tuple_type": "must be a list",
    "literal_error": "must be one of {expected}",
    "enum": "must be one of {expected}",
}


def _spec_error(exc: ValidationError | _RuleError, prefix: Loc = ()) -> LocatedSpecError:
    """Turn the first pydantic error (or a rule error) into one SpecError with a field path."""
    if isinstance(exc, _RuleError):
        loc = (*prefix, *exc.sub)
        msg = _message("rule", loc, exc.value, exc.text, exc.show)
        return LocatedSpecError(msg, loc=loc, field=field_path(loc))
    err = exc.errors()[0]
    cause = (err.get("ctx") or {}).get("error")
    loc = (*prefix, *err["loc"])
    if isinstance(cause, _RuleError):
        return _spec_error(cause, loc)
    text = _TYPE_TEXT.get(err["type"], err["msg"]).format(**(err.get("ctx") or {}))
    msg = _message(err["type"], loc, err.get("input"), text)
    return LocatedSpecError(msg, loc=loc, field=field_path(loc))


def parse_probe(data: Any, probe_type: ProbeType, *, field: str = "") -> Probe:
    """Validate one probe mapping (Kubernetes field names) as a probe of `probe_type`.

    `field` prefixes error paths; it defaults to the probe's field, e.g. `livenessProbe`.
    """
    prefix: Loc = (field or probe_type.field,)
    try:
        probe = Probe.model_validate(data, by_alias=True, by_name=False)
        _check_for_type(probe, probe_type)
    except (ValidationError, _RuleError) as exc:
        raise _spec_error(exc, prefix) from None
    return probe


def parse_container(data: Any, *, sidecar: bool = False, init: bool = False,
                    any_name: bool = False) -> ContainerSpec:
    """Validate a container mapping (name, ports, probes) into a ContainerSpec; `any_name`
    accepts a name that is not a DNS-1123 label."""
    if isinstance(data, dict):
        data = {**data, "sidecar": sidecar, "init": init}
    try:
        return ContainerSpec.model_validate(data, by_alias=True, by_name=False,
                                            context={"any_name": any_name})
    except ValidationError as exc:
        raise _spec_error(exc) from None
