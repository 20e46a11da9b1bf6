"""What kubesim does with each field of the core/v1 pod spec and container: the table beside
the model.

Every field of `PodSpec`, `Container` and the container types kubesim reads (`Probe`,
`Lifecycle`, `LifecycleHandler`, their actions, `ContainerPort`, `PodReadinessGate`) has one
entry, with why:

* MODELLED: read and simulated (or, for placement, read by `kubesim fleet`);
* REFUSED: a value the API server refuses is refused (exit 2), and so is any use the model
  cannot stand for that the API server refuses too;
* NOTED: accepted, not modelled, and bears on starts, probes, restarts, readiness or
  termination: every output that read the pod names it ("accepted, not modelled: ...");
* INERT: bears on none of those in what kubesim simulates (the why says why not).

`tests/test_fields.py` walks the fields of the API's own schema (a trimmed copy of the
Kubernetes 1.36 OpenAPI v3 document in tests/data) and fails on any field this table does not
hold, so a field added to the API is never accepted in silence. `noted_fields` turns the NOTED
fields a pod sets into the notes the outputs carry.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

__all__ = ["FORMER_FIELDS", "Handling", "Rule", "TABLES", "container_fields",
           "default_pull_policy", "noted_fields", "pod_spec_fields"]


class Handling(str, Enum):
    """What kubesim does with a field."""

    MODELLED = "modelled"
    REFUSED = "refused"
    NOTED = "noted"
    INERT = "inert"


@dataclass(frozen=True, slots=True)
class Rule:
    """One field's handling and why."""

    handling: Handling
    why: str


def _m(why: str) -> Rule:
    return Rule(Handling.MODELLED, why)


def _r(why: str) -> Rule:
    return Rule(Handling.REFUSED, why)


def _n(why: str) -> Rule:
    return Rule(Handling.NOTED, why)


def _i(why: str) -> Rule:
    return Rule(Handling.INERT, why)


_APP = "what the app runs with: how it answers and exits is the scenario's or the trace's"
_PLACE = "where the pod runs, not how the kubelet runs it; kubesim fleet places pods itself"
_NODE = "the node's own setup: kubesim's node has nothing that depends on it"

POD_SPEC: dict[str, Rule] = {
    "activeDeadlineSeconds": _n("the kubelet fails the pod (DeadlineExceeded) this many seconds "
                                "after it started; kubesim lets it run"),
    "affinity": _m("kubesim fleet: podAntiAffinity and a zone nodeAffinity place the replicas; "
                   "other terms are named in the fleet's notes"),
    "automountServiceAccountToken": _i(_NODE),
    "containers": _m("every container is simulated, probed or not"),
    "dnsConfig": _i(_NODE),
    "dnsPolicy": _i(_NODE),
    "enableServiceLinks": _i(_APP),
    "ephemeralContainers": _r("the API server refuses them in a new pod and in a template; in "
                              "a live pod's record they carry no probes or hooks and count "
                              "toward neither Ready nor the phase"),
    "hostAliases": _i(_NODE),
    "hostIPC": _i(_NODE),
    "hostNetwork": _i("probes then go to the node's address instead of the pod's: the same "
                      "answers"),
    "hostPID": _i(_NODE),
    "hostUsers": _i(_NODE),
    "hostname": _i(_NODE),
    "hostnameOverride": _i(_NODE),
    "imagePullSecrets": _i("credentials for image pulls (imagePullPolicy is noted)"),
    "initContainers": _m("plain init containers run to completion one at a time; sidecars "
                         "(restartPolicy: Always) keep running"),
    "nodeName": _n("the pod is bound to that node; kubesim fleet places every replica itself"),
    "nodeSelector": _m("kubesim fleet: a zone selector places the replicas; other keys are "
                       "named in the fleet's notes"),
    "os": _i(_NODE),
    "overhead": _i("resources: kubesim has no CPU or memory model"),
    "preemptionPolicy": _i("no other pod competes for the node in kubesim"),
    "priority": _i("no other pod competes for the node in kubesim"),
    "priorityClassName": _i("no other pod competes for the node in kubesim"),
    "readinessGates": _m("the pod is Ready when every gate's condition is True (R3.8)"),
    "resourceClaims": _i("resources: kubesim has no CPU, memory or device model"),
    "resources": _i("resources: kubesim has no CPU or memory model (the app's speed and "
                    "OOM kills are the scenario's)"),
    "restartPolicy": _m("restarts after exits and kills, and the pod's phase (R4.23)"),
    "runtimeClassName": _i(_NODE),
    "schedulerName": _i(_PLACE),
    "schedulingGates": _n("the pod is not scheduled while a gate remains; kubesim starts it "
                          "at once"),
    "schedulingGroup": _n("gang scheduling: the pod waits for its group; kubesim starts it at "
                          "once"),
    "securityContext": _i(_NODE),
    "serviceAccount": _i(_NODE),
    "serviceAccountName": _i(_NODE),
    "setHostnameAsFQDN": _i(_NODE),
    "shareProcessNamespace": _i(_NODE),
    "subdomain": _i(_NODE),
    "terminationGracePeriodSeconds": _m("kills and the pod's termination (R4.4, R5.3); a "
                                        "negative value is stored as 1"),
    "tolerations": _i("taint-based eviction needs a tainted or failed node; no simulated node "
                      "is either"),
    "topologySpreadConstraints": _m("kubesim fleet: the replicas' placement"),
    "volumes": _i(_NODE),
}

CONTAINER: dict[str, Rule] = {
    "args": _i(_APP),
    "command": _i(_APP),
    "env": _i(_APP),
    "envFrom": _i(_APP),
    "image": _i("the image's content is the app; its pull is imagePullPolicy's"),
    "imagePullPolicy": _n("every start and restart asks the registry first; kubesim's starts "
                          "take no pull time and never fail to pull"),
    "lifecycle": _m("postStart blocks the next start and kills on failure; preStop runs "
                    "before SIGTERM (R4.5)"),
    "livenessProbe": _m("the liveness worker (§1)"),
    "name": _m("names the container's records, events and scoped targets"),
    "ports": _m("which container answers a probe, and named probe ports (R2.4, R2.5)"),
    "readinessProbe": _m("the readiness worker (§1)"),
    "resizePolicy": _n("an in-place resize restarts the container under RestartContainer; "
                       "kubesim resizes nothing"),
    "resources": _i("kubesim has no CPU or memory model (the app's speed and OOM kills are "
                    "the scenario's)"),
    # the container restartPolicy of a regular container and restartPolicyRules are the
    # kubelet's restart rules (KEP-5307), modelled with the pod's restartPolicy
    "restartPolicy": _m("Always on an init container makes it a sidecar; on any container, "
                        "the container's own restart policy (KEP-5307)"),
    "restartPolicyRules": _m("restart rules on exit codes (KEP-5307)"),
    "securityContext": _i(_NODE),
    "startupProbe": _m("the startup worker and its gating (R1.27)"),
    "stdin": _i(_APP),
    "stdinOnce": _i(_APP),
    "terminationMessagePath": _i("where the message of a terminated container is read from"),
    "terminationMessagePolicy": _i("what a terminated container's message holds"),
    "tty": _i(_APP),
    "volumeDevices": _i(_NODE),
    "volumeMounts": _i(_NODE),
    "workingDir": _i(_APP),
}

_PROBE_FIELD = _m("the probe's worker (§1) and its validation (R5.1-R5.8)")
PROBE = {name: _PROBE_FIELD for name in (
    "exec", "failureThreshold", "grpc", "httpGet", "initialDelaySeconds", "periodSeconds",
    "successThreshold", "tcpSocket", "terminationGracePeriodSeconds", "timeoutSeconds")}

LIFECYCLE: dict[str, Rule] = {
    "postStart": _m("runs after the container starts and before the next one starts; a "
                    "failure kills the container (FailedPostStartHook)"),
    "preStop": _m("runs before SIGTERM, its whole seconds off the grace (R4.5)"),
    "stopSignal": _n("the signal a stop sends (the API server of 1.36 drops it unless the "
                     "ContainerStopSignals gate is on); kubesim sends SIGTERM"),
}

LIFECYCLE_HANDLER: dict[str, Rule] = {
    "exec": _m("as long as the behaviour takes to answer its target; a non-zero exit fails"),
    "httpGet": _m("as long as the behaviour takes to answer its target; a connection error "
                  "fails (the status does not count)"),
    "sleep": _m("its seconds; at most terminationGracePeriodSeconds (validateSleepAction)"),
    "tcpSocket": _m("deprecated: the kubelet's handler fails at once (\"invalid handler\")"),
}

_ACTION = _m("what the probe or hook asks (§2)")
CONTAINER_PORT: dict[str, Rule] = {
    "containerPort": _m("the port the container listens on (R2.5)"),
    "hostIP": _i("the node's address a hostPort binds; probes go to the pod's"),
    "hostPort": _i("a port of the node mapped to the container; probes go to the pod's "
                   "address"),
    "name": _m("a named probe port resolves to it (R2.4)"),
    "protocol": _m("validated: TCP, UDP or SCTP (probes connect over TCP whatever it says)"),
}

TABLES: dict[str, dict[str, Rule]] = {
    "PodSpec": POD_SPEC,
    "Container": CONTAINER,
    "Probe": PROBE,
    "Lifecycle": LIFECYCLE,
    "LifecycleHandler": LIFECYCLE_HANDLER,
    "ContainerPort": CONTAINER_PORT,
    "ExecAction": {"command": _ACTION},
    "HTTPGetAction": {name: _ACTION for name in ("host", "httpHeaders", "path", "port",
                                                 "scheme")},
    "HTTPHeader": {"name": _ACTION, "value": _ACTION},
    "TCPSocketAction": {"host": _ACTION, "port": _ACTION},
    "GRPCAction": {"port": _ACTION, "service": _ACTION},
    "SleepAction": {"seconds": _m("how long the sleep hook runs (validateSleepAction)")},
    "PodReadinessGate": {"conditionType": _m("the condition the gate waits for (R3.8)")},
}

# fields of an older API the table still accepts: type -> field -> why
FORMER_FIELDS: dict[str, dict[str, Rule]] = {
    "PodSpec": {"workloadRef": _n("1.35's gang-scheduling reference (schedulingGroup since "
                                  "1.36): the pod waits for its group; kubesim starts it at "
                                  "once")},
}


def pod_spec_fields() -> frozenset[str]:
    """Every field a pod spec may have (this API's and the former ones)."""
    return frozenset(POD_SPEC) | frozenset(FORMER_FIELDS.get("PodSpec", {}))


def container_fields() -> frozenset[str]:
    """Every field a container may have."""
    return frozenset(CONTAINER) | frozenset(FORMER_FIELDS.get("Container", {}))


def _rule(kind: str, name: str) -> Rule | None:
    return TABLES.get(kind, {}).get(name) or FORMER_FIELDS.get(kind, {}).get(name)


def _set(value: Any) -> bool:
    """A field the manifest sets: not null, not an empty list or mapping."""
    return value is not None and value != [] and value != {}


def default_pull_policy(image: Any) -> str:
    """SetDefaults_Container's imagePullPolicy: Always for a `:latest` or untagged image (a
    digest alone counts as tagged), IfNotPresent otherwise."""
    if not isinstance(image, str):
        return "IfNotPresent"
    name, _, digest = image.partition("@")
    last = name.rsplit("/", 1)[-1]
    tag = last.partition(":")[2]
    if digest and not tag:
        return "IfNotPresent"
    return "Always" if tag in ("", "latest") else "IfNotPresent"


def _container_notes(c: dict[str, Any], where: str) -> list[str]:
    """The notes of one container mapping at path `where` (`spec.containers[app]`)."""
    out = []
    for key, value in c.items():
        rule = _rule("Container", str(key))
        if rule is None or rule.handling is not Handling.NOTED or not _set(value):
            continue
        if key == "imagePullPolicy":
            continue  # below: what counts is the policy in effect
        out.append(f"{where}.{key} ({rule.why})")
    policy = c.get("imagePullPolicy") or default_pull_policy(c.get("image"))
    if policy == "Always":
        how = "" if c.get("imagePullPolicy") else ", the default for its image"
        out.append(f"{where}.imagePullPolicy=Always{how} ({CONTAINER['imagePullPolicy'].why})")
    lifecycle = c.get("lifecycle")
    if isinstance(lifecycle, dict):
        for key, value in lifecycle.items():
            rule = _rule("Lifecycle", str(key))
            if rule is not None and rule.handling is Handling.NOTED and _set(value):
                out.append(f"{where}.lifecycle.{key} ({rule.why})")
    return out


def noted_fields(spec: dict[str, Any], prefix: str = "spec") -> list[str]:
    """"accepted, not modelled: ..." for each NOTED field the pod spec `spec` (at path
    `prefix`) sets, its containers' included (each named by its name)."""
    found = []
    for key, value in spec.items():
        rule = _rule("PodSpec", str(key))
        if rule is not None and rule.handling is Handling.NOTED and _set(value):
            shown = f"={value}" if isinstance(value, int) and not isinstance(value, bool) \
                and abs(value) < 10**12 else ""
            found.append(f"{prefix}.{key}{shown} ({rule.why})")
    for key in ("initContainers", "containers"):
        items = spec.get(key)
        for i, c in enumerate(items if isinstance(items, list) else []):
            if not isinstance(c, dict):
                continue
            name = c.get("name")
            label = name if isinstance(name, str) and name else str(i)
            found += _container_notes(c, f"{prefix}.{key}[{label}]")
    return [f"accepted, not modelled: {text}" for text in found]
