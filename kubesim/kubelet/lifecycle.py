"""The kubelet's lifecycle hook handlers: `handlerRunner.Run` of
`pkg/kubelet/lifecycle/handlers.go`, for a postStart hook and a preStop hook alike (R4.41).

How long a hook runs and whether it fails, by its handler:

* exec: the command runs in the container (`RunInContainer` with timeout 0: no timeout of the
  kubelet's own) for as long as the behaviour takes to answer its target; a non-zero exit
  code or an error fails it;
* httpGet: a GET to the pod's address (or `host`), as long as the behaviour takes to answer;
  only a connection error fails it (refused, reset, no answer): `runHTTPHandler` returns the
  HTTP client's error and never looks at the status, so a 500 is a success;
* sleep: its seconds; it does not fail;
* tcpSocket: `Run` has no case for it ("invalid handler"): it fails at once.

A target the behaviour never answers (`error: timeout` without a latency) keeps the hook
running for ever: nothing in the handler ends it (a preStop hook is cut at the end of the
grace, a postStart hook by the pod's deletion, R4.42).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

from kubesim.behaviour.answer import AnswerError
from kubesim.kubelet.prober import answer_of
from kubesim.spec.model import HandlerKind, HookKind, Target
from kubesim.spec.targets import listener_index

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Answer, Behaviour
    from kubesim.kubelet.pod_container import PodContainer
    from kubesim.kubelet.runtime import Instance
    from kubesim.kubelet.scheduler import Scheduler
    from kubesim.spec.model import LifecycleHandler, ProbedContainer

__all__ = ["HookHost", "HookRun", "hook_failed", "run_handler"]


class HookHost(Protocol):
    """What running a hook needs of the pod: its behaviour, its containers and the clock
    (`kubesim.kubelet.pod_worker.Kubelet` is one; so is every `TerminatingPod`)."""

    sched: Scheduler
    pod: ProbedContainer
    behaviour: Behaviour
    rng: np.random.Generator
    units: list[PodContainer]


class HookRun:
    """What one run of a hook does: how long it takes (math.inf: for ever) and whether it
    fails. (A plain class: compiled, a NamedTuple's __new__ is interpreted Python.)"""

    def __init__(self, seconds: float, failed: bool) -> None:
        self.seconds, self.failed = seconds, failed


def hook_failed(kind: HandlerKind, answer: Answer) -> bool:
    """Whether `answer` fails an exec or httpGet hook (R4.41)."""
    if kind is HandlerKind.EXEC:
        return answer.error is not None or answer.exit_code != 0
    # httpGet: the client's error only; a body-read error is discarded
    # (discardHTTPRespBody), the status never counts
    return answer.error is not None and answer.error is not AnswerError.ERROR


def run_handler(kl: HookHost, unit: PodContainer, hook: LifecycleHandler,
                inst: Instance) -> HookRun:
    """How long `hook` of container `unit` runs from now in its instance `inst`, and whether
    it fails (R4.41). An exec or httpGet hook asks the behaviour its target, keyed like a
    probe's (the container-scoped key when the behaviour names it), answered as a probe is:
    an exec hook by its own container, an httpGet one by the container listening on its
    port (R2.5); a trace that did not record the target gives it no time."""
    kind = hook.kind
    if kind is HookKind.SLEEP:
        assert hook.sleep is not None
        return HookRun(float(hook.sleep.seconds), False)
    target = unit.spec.hook_target(hook)
    if target is None:  # tcpSocket: handlers.go's "invalid handler"
        return HookRun(0.0, True)
    behaviour = kl.behaviour
    keys = behaviour.target_keys()
    if target.scoped in keys:
        target = Target(target.kind, target.scoped, target.port, target.url, target.scoped)
    elif not behaviour.answers_unnamed() and target.key not in keys:
        return HookRun(0.0, False)  # a trace that did not record the hook's target
    owner = behaviour.port_owner(target.port) if target.port is not None else None
    at = listener_index(kl.pod.containers, unit.index, target, owner)
    answering = inst if at == unit.index else kl.units[at].runtime.current
    answer = answer_of(behaviour, target, answering, kl.sched.now, kl.rng, True)
    seconds = answer.latency if math.isfinite(answer.latency) else math.inf
    return HookRun(seconds, hook_failed(target.kind, answer))
