"""A rolling update of a Deployment's fleet (docs/controller-rules.md C2, C3, R1-R6).

The fleet starts with `replicas` pods of the old template (as `kubesim fleet` starts them);
at `RolloutSettings.at` the template changes and the Deployment controller rolls the fleet to
it (`deployment.DeploymentController`). `simulate_rollout` is `workload.simulate_workload`
with a rollout and nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.fleet.control import Version
from kubesim.fleet.records import ControlledRun
from kubesim.fleet.settings import RolloutSettings
from kubesim.fleet.workload import simulate_workload
from kubesim.kubelet.settings import CLASSIC

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.settings import FleetSettings
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["ControlledRun", "RolloutSettings", "simulate_rollout"]


def simulate_rollout(old_pod: ProbedContainer, new_pod: ProbedContainer,
                     old_behaviour: Behaviour, new_behaviour: Behaviour,
                     settings: FleetSettings, rollout: RolloutSettings, *,
                     duration: float = 600.0, seed: int = 0,
                     profile: KubeletProfile = CLASSIC, engine: str = "fast",
                     record_probes: bool = True) -> ControlledRun:
    """Run the fleet of `old_pod`, then roll it to `new_pod` at `rollout.at`."""
    versions = {"old": Version(old_pod, lambda _: old_behaviour, 1),
                "new": Version(new_pod, lambda _: new_behaviour, 2)}
    return simulate_workload(versions, settings, workload=old_pod.object_name, rollout=rollout,
                             duration=duration, seed=seed, profile=profile, engine=engine,
                             record_probes=record_probes)
