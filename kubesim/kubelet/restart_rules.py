"""Container restart policies and rules (KEP-5307) and the in-place restart of the whole pod
(KEP-5532), as the kubelet applies them: one function per rule of docs/kubelet-rules.md §4.6.

With the `ContainerRestartRules` gate (beta, on by default since 1.35; the
`container_restart_rules` knob) a container's own `restartPolicy` and `restartPolicyRules`
decide its restarts instead of the pod's policy:

* after an exit, `ContainerShouldRestart` (`pkg/api/v1/pod/util.go`): the first rule whose
  exit codes match decides (Restart: restart; RestartAllContainers: the pod restarts in place,
  which counts as a restart), else the container's own policy (Always; OnFailure unless the
  code is 0; Never), else the pod's (R4.31);
* after a liveness or startup kill, `computePodActions` reads the container's own policy
  only, the rules being about exit codes (restart unless it is Never, R4.32); the exit that
  kill causes is then judged by the rules like any exit (the next sync, R4.31);
* the pod's phase counts a stopped container as restarting when the same function says it
  restarts (`getPhase`, R4.33).

Without the gate the API server of that release drops the fields (1.34, `dropDisabledFields`)
or refuses them (before 1.34: `restartPolicy` "may not be set for non-init containers"), and
the pod's policy decides (R4.34): `gated_pod` drops them and says so.

`RestartAllContainers` (`RestartAllContainersOnContainerExits`, alpha 1.35, beta and on by
default in 1.36; the `restart_all_containers` knob) restarts every container of the pod in
place when a container's exit matches such a rule (`ShouldAllContainersRestart`, R4.35).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Final

from kubesim.errors import SpecError
from kubesim.spec.model import RestartPolicy, RestartRuleAction

if TYPE_CHECKING:
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ContainerRestartRule, ContainerSpec, ProbedContainer

__all__ = ["RESET_BUDGET", "RESET_MEAN_GAP", "RESET_RESOLUTION", "GatedPod",
           "container_should_restart", "gate_notes", "gated_pod", "matching_rule",
           "reset_allowed", "reset_bound", "restart_after_probe_kill", "restarts_all",
           "restarts_in_place"]


def matching_rule(spec: ContainerSpec, code: int) -> ContainerRestartRule | None:
    """findMatchingContainerRestartRule: the first of the container's rules that exit `code`
    satisfies (rules count only beside the container's own restartPolicy, R4.31; a
    sidecar's is Always)."""
    if spec.restart_policy is None and not spec.sidecar:
        return None
    for rule in spec.restart_policy_rules:
        if rule.matches(code):
            return rule
    return None


def _policy_allows(policy: RestartPolicy, code: int) -> bool:
    """Always restarts, OnFailure unless the exit code is 0, Never does not."""
    if policy is RestartPolicy.ALWAYS:
        return True
    return policy is RestartPolicy.ON_FAILURE and code != 0


def container_should_restart(spec: ContainerSpec, pod_policy: RestartPolicy, code: int, *,
                             restart_all: bool) -> bool:
    """ContainerShouldRestart (R4.31): a matching rule, else the container's own policy, else
    the pod's. A matching RestartAllContainers rule restarts it (with the whole pod) when
    that gate is on (`restart_all`), else the rule is passed over."""
    rule = matching_rule(spec, code)
    if rule is not None:
        if rule.action is RestartRuleAction.RESTART:
            return True
        if restart_all:
            return True
    own = spec.restart_policy
    return _policy_allows(own if own is not None else pod_policy, code)


def restart_after_probe_kill(spec: ContainerSpec, pod_policy: RestartPolicy) -> bool:
    """computePodActions for a running container killed by a liveness or startup Failure
    (R4.32): the container's own restartPolicy if set (restart unless Never), else the pod's;
    its rules wait for the exit code the kill gives."""
    own = spec.restart_policy
    return (own if own is not None else pod_policy) is not RestartPolicy.NEVER


def restarts_all(spec: ContainerSpec, code: int) -> bool:
    """ShouldAllContainersRestart, for one container that exited with `code` (R4.35)."""
    rule = matching_rule(spec, code)
    return rule is not None and rule.action is RestartRuleAction.RESTART_ALL


# -- how many in-place restarts the model runs (R4.35) -----------------------------------------
# the shortest gap between two in-place restarts of a pod the model runs: 1 ms, the
# resolution of every time kubesim reports; shorter, the restarts could not be told apart
RESET_RESOLUTION: Final = 0.001
# R4.35 takes no back-off, so a pod restarted in place as soon as its containers start loops
# as fast as its own run allows: every reset is a kill, a removal and a start of each
# container, and a loop a few milliseconds apart over a long run would take hours and more
# memory than the machine has (stop 44's CI run hung on one). The model runs RESET_BUDGET
# in-place restarts of a pod at any pace, then no more than one a second on average (the
# pace of a probe at periodSeconds 1), so a run's work stays bounded by its duration
RESET_BUDGET: Final = 10_000
RESET_MEAN_GAP: Final = 1.0


def reset_allowed(resets: int, now: float) -> bool:
    """Whether the model runs one more in-place restart of a pod restarted `resets` times
    by `now` (seconds since the run began)."""
    return resets < RESET_BUDGET or now >= resets * RESET_MEAN_GAP


def reset_bound(seconds: float, life: float) -> float:
    """The most in-place restarts a run of `seconds` holds when the pod restarts every
    `life` seconds (no back-off, R4.35), within what `reset_allowed` runs."""
    return min(seconds / max(life, RESET_RESOLUTION),
               max(float(RESET_BUDGET), seconds / RESET_MEAN_GAP))


def restarts_in_place(pod: ProbedContainer) -> bool:
    """Whether a container of the pod has a RestartAllContainers rule (R4.35)."""
    return any(rule.action is RestartRuleAction.RESTART_ALL
               for c in pod.containers for rule in c.restart_policy_rules)


# -- the gates, as the API server of the release treats the fields -----------------------------
class GatedPod:
    """The pod as the kubelet of a profile gets it (`gated_pod`), and what was dropped."""

    def __init__(self, pod: ProbedContainer, notes: list[str]) -> None:
        self.pod, self.notes = pod, notes


def _where(pod: ProbedContainer, spec: ContainerSpec) -> str:
    """`initContainers[0] (migrate)` / `containers[1] (web)`: the container in its list."""
    units = pod.containers
    inits = [c for c in units if c.init or c.sidecar]
    apps = [c for c in units if not (c.init or c.sidecar)]
    if spec.init or spec.sidecar:
        return f"initContainers[{inits.index(spec)}] ({spec.name})"
    return f"containers[{apps.index(spec)}] ({spec.name})"


def _uses_fields(spec: ContainerSpec) -> bool:
    """Fields the ContainerRestartRules gate governs: rules, or a container's own policy (a
    sidecar's Always is the SidecarContainers feature's, and `sidecar` says it, R4.34)."""
    return bool(spec.restart_policy_rules) or spec.restart_policy is not None


def _refuse_restart_all(pod: ProbedContainer, profile: KubeletProfile) -> None:
    """Without RestartAllContainersOnContainerExits the API server allows the action
    Restart only, and no rules on a sidecar (`AllowRestartAllContainers`, R5.27)."""
    for spec in pod.containers:
        for i, rule in enumerate(spec.restart_policy_rules):
            if rule.action is RestartRuleAction.RESTART_ALL:
                raise SpecError(
                    f"{_where(pod, spec)}.restartPolicyRules[{i}].action="
                    f"'RestartAllContainers' is refused by the API server of kubelet profile "
                    f"{profile.name} (RestartAllContainersOnContainerExits off): it must be "
                    "'Restart' (R5.27); --profile 1.36 or --kubelet "
                    "restart_all_containers=true models it", source=pod.source)
        if spec.sidecar and spec.restart_policy_rules:
            raise SpecError(
                f"{_where(pod, spec)}.restartPolicyRules: may not be set on a sidecar "
                f"(restartPolicy Always) by the API server of kubelet profile {profile.name} "
                "(RestartAllContainersOnContainerExits off, R5.27); --profile 1.36 or "
                "--kubelet restart_all_containers=true allows it", source=pod.source)


def gate_notes(pod: ProbedContainer, profile: KubeletProfile) -> list[str]:
    """What the profile's gates drop from the pod, as the note every command carries (run,
    check, fleet, explain, R4.34): none when ContainerRestartRules is on or nothing uses
    the fields. (The refusals of `gated_pod` are not notes: they end the command.)"""
    if profile.container_restart_rules:
        return []
    dropped = [s for s in pod.containers if _uses_fields(s)]
    if not dropped:
        return []
    names = ", ".join(_where(pod, s) for s in dropped)
    return [f"ignored: restartPolicy/restartPolicyRules of {names}: the ContainerRestartRules "
            f"gate is off in kubelet profile {profile.name} (on by default from 1.35), so the "
            "pod's restartPolicy decides; the 1.34 API server drops these fields, earlier ones "
            "refuse a restartPolicy on a regular container (R4.34)"]


def gated_pod(pod: ProbedContainer, profile: KubeletProfile) -> GatedPod:
    """The pod's containers as the profile's API server and kubelet take them (R4.34, R5.27):
    with ContainerRestartRules off, every container's own restartPolicy (but a sidecar's
    Always) and rules dropped, as 1.34's `dropDisabledFields` drops them, with a note
    (`gate_notes`); with it on but RestartAllContainersOnContainerExits off, that action and
    sidecar rules refused (SpecError, exit 2)."""
    specs = pod.containers
    if not any(_uses_fields(s) for s in specs):
        return GatedPod(pod, [])
    if profile.container_restart_rules:
        if not profile.restart_all_containers:
            _refuse_restart_all(pod, profile)
        return GatedPod(pod, [])
    notes = gate_notes(pod, profile)

    def plain(spec: ContainerSpec) -> ContainerSpec:
        if not _uses_fields(spec):
            return spec
        return spec.model_copy(update={"restart_policy": None, "restart_policy_rules": ()})

    others = tuple(plain(s) for s in pod.others)
    return GatedPod(dataclasses.replace(pod, container=plain(pod.container), others=others),
                    notes)
