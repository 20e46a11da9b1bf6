"""The checks of `kubesim check`: one table of ids, names, severities and titles.

`RULES` is read by the checks, by `kubesim rules`, by every report format and by the tests
that hold the rule pages to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

__all__ = ["RULES", "Rule", "Severity", "rule_of"]


class Severity(IntEnum):
    """How bad a finding is; `--fail-on` compares against it."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Rule:
    """One check: a stable id, a slug name, its usual severity, one-line title and help."""

    id: str
    name: str
    severity: Severity
    title: str
    help: str
    enabled_by: str | None = None  # the option that turns it on, if it is off by default


RULES: dict[str, Rule] = {r.id: r for r in (
    Rule("KS001", "liveness-readiness-same-endpoint", Severity.WARNING,
         "Liveness and readiness probe the same endpoint",
         "An outage that should only take the pod out of Ready (readiness) also fails "
         "liveness and restarts the container. kubesim simulates a readiness-only outage of "
         "the shared endpoint (--outage-seconds, 120) at every grid phase and reports the "
         "restarts. That outage is a hypothesis: an error only when a given scenario or trace "
         "shows a dependency behind the endpoint (it fails while another target passes, or "
         "depends_on a dependency that goes down); a warning for httpGet/exec otherwise; a "
         "note for tcpSocket and gRPC health checks of the process's own server, where a "
         "failing answer is exactly when a restart is wanted. Fix: a cheap in-process /livez "
         "for liveness, dependencies only in readiness."),
    Rule("KS002", "dependency-in-liveness", Severity.ERROR,
         "Liveness target fails while another target keeps passing",
         "In a given scenario or trace, the liveness target's answers fail while another "
         "probed or recorded target of the same app keeps passing: a dependency leaked into "
         "liveness. Reports the restarts the scenario then causes at every grid phase "
         "(warning if none)."),
    Rule("KS003", "startup-protection-too-short", Severity.ERROR,
         "Startup protection shorter than the startup time",
         "The longest startup that is never killed (startup probe, or liveness without one; "
         "`kubesim windows`) is shorter than the startup seen in a given scenario or trace "
         "(first successful answer of the startup/liveness target) or stated with "
         "--startup-seconds. Reports at how many grid phases a start that slow is killed."),
    Rule("KS004", "timeout-not-below-period", Severity.WARNING,
         "timeoutSeconds at or over periodSeconds",
         "A call that waits out its timeout holds the worker past its next tick; the kubelet "
         "skips ticks and probes less often than periodSeconds says. kubesim simulates a "
         "target that stops answering and reports the real interval and detection time."),
    Rule("KS005", "initial-delay-instead-of-startup-probe", Severity.WARNING,
         "Long liveness initialDelaySeconds without a startup probe",
         "Liveness initialDelaySeconds over --max-initial-delay (30 s) and no startupProbe: "
         "every container, including each restart, goes unwatched that long. kubesim reports "
         "how long a container that never answers lives before it is killed. A startupProbe "
         "with the same budget hands over to liveness as soon as the app answers."),
    Rule("KS006", "hang-recovery-over-bound", Severity.ERROR,
         "Hang detection + grace + back-off over --max-hang-recovery",
         "From a hang to the replacement container running (windows: hang_to_running, "
         "guaranteed over grid phases) takes longer than the bound given with "
         "--max-hang-recovery.", enabled_by="--max-hang-recovery"),
    Rule("KS007", "ready-recovery-over-bound", Severity.ERROR,
         "Readiness recovery over --max-ready-recovery",
         "From a dependency's recovery to Ready again (windows: readiness_up, guaranteed; "
         "successThreshold x periodSeconds and the grid) takes longer than the bound given "
         "with --max-ready-recovery.", enabled_by="--max-ready-recovery"),
    Rule("KS008", "missing-readiness-probe", Severity.WARNING,
         "Container without a readiness probe",
         "A long-running container (not in a Job/CronJob) has no readinessProbe: it takes "
         "traffic as soon as it runs. Off by default, like kube-linter.",
         enabled_by="--missing-probes"),
    Rule("KS009", "missing-liveness-probe", Severity.WARNING,
         "Container without a liveness probe",
         "A long-running container (not in a Job/CronJob) has no livenessProbe: a hung "
         "process is never restarted. Off by default, like kube-linter.",
         enabled_by="--missing-probes"),
    Rule("KS010", "probe-port-not-declared", Severity.ERROR,
         "Probe on a named port the container does not declare",
         "An httpGet or tcpSocket probe names a port (`port: metrics`) that is not in this "
         "container's `ports` (another container's ports do not count). The kubelet cannot "
         "resolve it: every call is a prober error, retried and discarded (R2.4), so a "
         "liveness probe never kills, a readiness probe never makes the pod Ready and a "
         "startup probe never lets the container start."),
    Rule("KS011", "probe-target-unresolvable", Severity.WARNING,
         "Probe host the kubelet cannot reach as meant",
         "httpGet.host or tcpSocket.host is set: a host that is not a valid URL host makes "
         "every call a prober error (error); localhost asks the node, not the pod, and a "
         "cluster DNS name is resolved with the node's resolver, where it usually does not "
         "resolve (warning: it depends on the node)."),
    Rule("KS012", "replicas-restart-together", Severity.ERROR,
         "Replicas restart together under the given behaviour",
         "With a scenario or trace, the workload's replicas run as a fleet, each its own "
         "kubelet with its own grid phase, against the same wall clock: a dependency outage "
         "reaches every replica at once. Two or more replicas killed within 30 s of each other "
         "means the probes turn one shared problem into correlated restarts (error); restarts "
         "further apart are a warning."),
    Rule("KS013", "fleet-out-of-service", Severity.ERROR,
         "The whole fleet is out of the Service longer than --max-zero-capacity",
         "With a scenario or trace and --max-zero-capacity S, the workload's replicas run as "
         "a fleet; every second in which no replica serves (Ready, after the endpoint "
         "propagation delay) beyond S is an outage of the Service the probes did not "
         "prevent.", enabled_by="--max-zero-capacity"),
    Rule("KS014", "prestop-shorter-than-propagation", Severity.INFO,
         "Traffic reaches a deleted pod after it stopped listening",
         "When a replica is deleted (a rollout, a drain, a scale-down) its endpoint leaves the "
         "Service at once, but the load balancers follow only after the endpoint propagation "
         "delay you declare with --propagation S. kubesim deletes one replica and measures how "
         "long requests still arrive after SIGTERM closed the app's listener: a preStop sleep "
         "at least as long as the delay keeps the pod answering until traffic has moved. Info: "
         "it depends on whether the app keeps accepting connections while it drains; an exec "
         "or httpGet preStop hook, whose duration only the app knows, is not judged.",
         enabled_by="--propagation"),
    Rule("KS015", "rollout-below-min-capacity", Severity.ERROR,
         "A rolling update takes capacity below --rollout-min-capacity",
         "kubesim rolls the Deployment to a new template with its own strategy (maxSurge, "
         "maxUnavailable, minReadySeconds) on the replicas' kubelets, new pods warming up "
         "through their probes and old ones terminating, and reports when fewer endpoints "
         "serve than the minimum you declared.", enabled_by="--rollout-min-capacity"),
    Rule("KS100", "expectation-not-checked", Severity.INFO,
         "A declared expectation could not be checked",
         "The expectation needs something the inputs do not give (e.g. not-ready-within "
         "with no outage of the readiness target in any scenario)."),
    Rule("KS101", "expect-no-restart", Severity.ERROR,
         "Expectation failed: no restart",
         "The container restarted in a given scenario or trace at some grid phase."),
    Rule("KS102", "expect-not-ready-within", Severity.ERROR,
         "Expectation failed: not Ready within N s of an outage",
         "During an outage of the readiness target in a given scenario or trace, the pod "
         "stayed Ready longer than N s at some grid phase."),
    Rule("KS103", "expect-ready-within", Severity.ERROR,
         "Expectation failed: Ready within N s of start",
         "The pod first became Ready later than N s after its first container started (or "
         "never) at some grid phase."),
    Rule("KS104", "expect-survives-stall", Severity.ERROR,
         "Expectation failed: survives a stall of N s",
         "A process stall of N s (the whole process answers nothing) restarts the container "
         "at some grid phase."),
)}


def rule_of(token: str) -> Rule | None:
    """A rule by id (`KS001`, any case) or name (`liveness-readiness-same-endpoint`)."""
    token = token.strip()
    return RULES.get(token.upper()) or next((r for r in RULES.values() if r.name == token),
                                            None)
