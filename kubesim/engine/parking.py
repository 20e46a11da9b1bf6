"""When the fast scheduler tries parks (`kubesim.engine.jumps`): one rule, read by the
engine, which parks, and by the work budget, which estimates a run that parks. Kept apart
from the engine so the budget (loaded by every check) does not load the engine."""

from __future__ import annotations

from kubesim.spec.model import ProbedContainer, RestartPolicy

__all__ = ["PARK_PROBED", "PARK_RETRY", "parks_allowed"]

PARK_RETRY = 10.0  # seconds between tries to park the containers that could not be
PARK_PROBED = 3  # probed containers a pod needs for parks to be tried


def parks_allowed(pod: ProbedContainer, restart_all: bool) -> bool:
    """Whether parks are worth trying: in a pod of at least PARK_PROBED probed containers
    (with fewer, a jump's visit of every worker costs less than the parks' planning), not
    one whose containers may stop for good or all restart at once (R4.30-R4.35), which
    would end a park (the run made again)."""
    probed = sum(1 for c in pod.containers if c.probes())
    if probed < PARK_PROBED or restart_all or pod.restart_policy is not RestartPolicy.ALWAYS:
        return False
    return all(c.restart_policy in (None, RestartPolicy.ALWAYS) and not c.restart_policy_rules
               for c in pod.containers)
