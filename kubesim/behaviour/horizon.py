"""How long to simulate a behaviour when nobody said: the one default duration rule of every
command (`run`, `check`, `sweep`) and of `kubesim.testing`."""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from kubesim.behaviour.answer import Behaviour
from kubesim.behaviour.synthetic import is_scenario, is_trace
from kubesim.kubelet.settings import CLASSIC
from kubesim.kubelet.timing import pod_detection_seconds
from kubesim.spec.model import ContainerSpec, Probe, ProbedContainer, TCPSocketAction

if TYPE_CHECKING:
    from kubesim.kubelet.settings import KubeletProfile

__all__ = ["MARGIN_SECONDS", "MINIMUM_SECONDS", "default_duration", "detection_seconds"]

MINIMUM_SECONDS = 300.0  # long enough for a healthy pod to settle and a few liveness periods
MARGIN_SECONDS = 150.0  # after the last event: recovery, Ready again, a back-off or two


def default_duration(behaviour: Behaviour, *, pod: ProbedContainer | None = None,
                     margin: float = MARGIN_SECONDS, minimum: float = MINIMUM_SECONDS) -> float:
    """`margin` seconds past the behaviour's last finite window end (outage, stall, flap,
    slow start) or trace observation, and at least `minimum`. A window that never ends (a
    hang, `to: null`, `duration: null`) counts until its start plus `detection_seconds(pod)`,
    when the probes have certainly acted on it (not 1e9 s: a run or test must end)."""
    detect = detection_seconds(pod)
    ends = [w.end if math.isfinite(w.end) else w.start + detect
            for w in behaviour.windows(math.inf)]
    if is_trace(behaviour):
        ends += [behaviour.last_time(key) for key in behaviour.targets]
    if is_scenario(behaviour):
        for st in behaviour.stalls:
            if st.since_start is not None:
                ends.append(st.since_start + (detect if st.duration is None else st.duration))
        for spec in behaviour.targets.values():
            ends += [w.end if w.to is not None else w.start + detect for w in spec.since_start]
    return max(minimum, max(ends, default=0.0) + margin)


def detection_seconds(pod: ProbedContainer | None = None,
                      profile: KubeletProfile = CLASSIC) -> float:
    """How long after an app stops answering until its probes have acted, at the latest
    (`kubesim.kubelet.timing.acted_seconds`, the longest over the pod's probes): the first
    call at most initialDelaySeconds and a period later, failureThreshold timeouts (back to
    back when timeoutSeconds >= periodSeconds, R1.12, R1.17), the sync hop (R4.3) and for
    liveness and startup the kill's grace period (2 s at least, R4.4, R4.5). Without a pod:
    Kubernetes' default probe (10 s period, 3 failures, 1 s timeout) as liveness, with the
    default 30 s grace period."""
    return pod_detection_seconds(_default_pod() if pod is None else pod, profile)


@functools.cache
def _default_pod() -> ProbedContainer:
    """Kubernetes' default probe as liveness: made when first asked for, not at import (a
    check of manifests that ask for no default never builds the probe models here)."""
    return ProbedContainer(container=ContainerSpec(
        name="app", liveness_probe=Probe(tcp_socket=TCPSocketAction(port=8080))))
