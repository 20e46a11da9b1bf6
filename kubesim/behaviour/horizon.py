"""How long to simulate a behaviour when nobody said: the one default duration rule of every
command (`run`, `check`, `sweep`) and of `kubesim.testing`."""

from __future__ import annotations

import math

from kubesim.behaviour.answer import Behaviour
from kubesim.behaviour.scenario import Scenario
from kubesim.behaviour.trace import Trace

__all__ = ["MARGIN_SECONDS", "MINIMUM_SECONDS", "default_duration"]

MINIMUM_SECONDS = 300.0  # long enough for a healthy pod to settle and a few liveness periods
MARGIN_SECONDS = 150.0  # after the last event: recovery, Ready again, a back-off or two


def default_duration(behaviour: Behaviour, *, margin: float = MARGIN_SECONDS,
                     minimum: float = MINIMUM_SECONDS) -> float:
    """`margin` seconds past the behaviour's last finite window end (outage, stall, flap,
    slow start) or trace observation, and at least `minimum` (a hang that never ends counts
    from its start)."""
    ends = [w.end if math.isfinite(w.end) else w.start for w in behaviour.windows(1e9)]
    if isinstance(behaviour, Trace):
        ends += [o.t for key in behaviour.targets for o in behaviour.observations(key)]
    if isinstance(behaviour, Scenario):
        for st in behaviour.stalls:
            if st.since_start is not None:
                ends.append(st.since_start + (st.duration or 0.0))
        for spec in behaviour.targets.values():
            ends += [w.end if w.to is not None else w.start for w in spec.since_start]
    return max(minimum, max(ends, default=0.0) + margin)
