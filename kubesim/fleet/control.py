"""One workload's pods on one scheduler, as the API server and kube-scheduler see them.

`ControlPlane` creates pods (a controller's decision), places them (`topology.Scheduler`:
a cordoned node takes none; a pod no node fits stays Pending and is tried again whenever a
controller looks), launches each placed pod's kubelet `pod_start_seconds` later (scheduling,
image pull: an estimate), deletes pods through their kubelets, and keeps the log of actions.
Every pod draws from its own generator, seeded by (seed, creation index), and plays the
behaviour `behaviour_of(identity)` gives it: the identity (index, name, node, zone) is known
once the pod is placed, so a behaviour can depend on where the pod runs.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from kubesim.engine.simulate import launch_pod
from kubesim.fleet.load import LoadedBehaviour
from kubesim.fleet.pods import FleetPod
from kubesim.fleet.topology import PlacedPod
from kubesim.kubelet.scheduler import URGENT
from kubesim.timeline import Timeline

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.records import Condition
    from kubesim.fleet.serving import Serving
    from kubesim.fleet.settings import FleetSettings
    from kubesim.fleet.topology import Node, Scheduler
    from kubesim.identity import PodIdentity
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["BehaviourOf", "ControlLoop", "ControlPlane", "Version", "WorkloadController"]

BehaviourOf = Callable[["PodIdentity"], "Behaviour"]


class WorkloadController(Protocol):
    """A workload's controller on a `ControlPlane` (a Deployment's, a StatefulSet's)."""

    outcome: dict[str, float | None]  # completed_at, deadline_exceeded_at
    conditions: list[Condition]  # a Deployment's Progressing condition over time

    def loop(self) -> Any:
        """The controller's process: it looks every controller_seconds."""

    def pod_deleted(self) -> None:
        """An eviction deleted one of its pods: it looks at once."""


class ControlLoop:
    """A controller's loop: it looks now and every `controller_seconds` while there is work;
    when `quiet()` says there is none it rests until an event (the rollout's start, an
    eviction) wakes it with `wake()`, which looks at once."""

    plane: ControlPlane
    controller_seconds: float
    ticking: bool = False

    def reconcile(self) -> None:
        raise NotImplementedError

    def quiet(self) -> bool:
        raise NotImplementedError

    def start(self, at: float | None, apply: Callable[[Any], None]) -> Any:
        """The loop's process; `apply` is called at `at` (a rollout's new template)."""
        if at is not None:
            self.plane.sched.call(at, URGENT, apply, None)
        yield from self._ticks(0.0)

    def _ticks(self, first: float) -> Any:
        self.ticking = True
        if first > 0:
            yield first, URGENT
        while True:
            self.reconcile()
            if self.quiet():
                break
            yield self.controller_seconds, URGENT
        self.ticking = False

    def wake(self) -> None:
        self.reconcile()
        if not self.ticking:
            self.plane.sched.process(self._ticks(self.controller_seconds))


@dataclass(frozen=True)
class Version:
    """One pod template: its pod and how a pod of it behaves, given the pod's identity."""

    pod: ProbedContainer
    behaviour_of: BehaviourOf
    revision: int  # 1 for "old", 2 for "new": in the pods' names
    ready_fraction: bool = False  # some pod of it answers by a ready-fraction law (F4)


class ControlPlane:
    """The pods of one workload, their placement and their kubelets."""

    def __init__(self, sched: Any, versions: dict[str, Version], settings: FleetSettings,
                 scheduler: Scheduler, *, workload: str, duration: float, seed: int,
                 profile: KubeletProfile, record_probes: bool, pod_start_seconds: float,
                 view: Serving | None = None) -> None:
        self.sched, self.versions, self.settings = sched, versions, settings
        self.scheduler, self.workload = scheduler, workload
        self.duration, self.seed, self.profile = duration, seed, profile
        self.record_probes, self.pod_start_seconds, self.view = record_probes, \
            pod_start_seconds, view
        self.pods: list[FleetPod] = []
        self.starts: list[float | None] = []  # when each pod's first container was to run
        self.cordoned: set[str] = set()
        self.actions: list[tuple[float, str]] = []
        self._checked: dict[int, Behaviour] = {}  # behaviours already checked (kept alive)
        self._pending_noted: set[int] = set()

    # -- the API ------------------------------------------------------------------------------
    def create(self, version: str, now: float, *, ordinal: int | None = None,
               start: float | None = None) -> FleetPod:
        """A new pod of `version` (a StatefulSet's at `ordinal`), placed now if a node fits;
        its first container runs at `start` (default: `pod_start_seconds` from now)."""
        index = len(self.pods)
        name = (f"{self.workload}-{ordinal}" if ordinal is not None else
                f"{self.workload}-r{self.versions[version].revision}-{index}")
        # pods past the first `replicas` are a controller's later ones: a replica selector's
        # indexes, nodes and zones never select them (kubesim.behaviour.replicas)
        pod = FleetPod(index, name, version, now, ordinal,
                       initial=index < self.settings.replicas)
        self.pods.append(pod)
        self.starts.append(None)
        self._schedule(pod, now, start)
        return pod

    def delete(self, pod: FleetPod, now: float) -> None:
        pod.delete(now)

    def schedule_pending(self, now: float) -> None:
        """The scheduler's retry of every Pending pod, in creation order."""
        for pod in self.pods:
            if pod.node is None and pod.deleted_at is None:
                self._schedule(pod, now, None)

    def placed(self, now: float) -> list[PlacedPod]:
        """The pods that hold a node now (not gone)."""
        return [PlacedPod(p.node.name, p.version, p.terminating) for p in self.pods
                if p.node is not None and not p.gone(now)]

    def cordon(self, node: str, now: float) -> None:
        self.cordoned.add(node)
        self.actions.append((now, f"cordoned {node}: no new pod is scheduled there"))

    def live(self, version: str | None = None) -> list[FleetPod]:
        """Pods not being deleted (a ReplicaSet's active pods), of `version` if given."""
        return [p for p in self.pods if p.deleted_at is None
                and (version is None or p.version == version)]

    def node(self, name: str) -> Node | None:
        return self.scheduler.by_name.get(name)

    # -- placing and launching ----------------------------------------------------------------
    def _schedule(self, pod: FleetPod, now: float, start: float | None) -> None:
        node = self.scheduler.place(self.placed(now), pod.version, self.cordoned)
        if node is None:
            if pod.index not in self._pending_noted:
                self._pending_noted.add(pod.index)
                self.actions.append((now, f"{pod.name} is Pending: no node fits"))
            return
        pod.node, pod.scheduled_at = node, now
        at = now + self.pod_start_seconds if start is None else start
        self.starts[pod.index] = at
        if at >= self.duration:
            return  # its first container would run after the end of the run
        self._launch(pod, node, at)

    def _launch(self, pod: FleetPod, node: Node, at: float) -> None:
        version = self.versions[pod.version]
        behaviour = version.behaviour_of(pod.identity)
        checked = id(behaviour) in self._checked
        self._checked[id(behaviour)] = behaviour
        if self.view is not None:
            behaviour = LoadedBehaviour(behaviour, self.settings.load, self.view,
                                        len(self.view.timelines))
        pod.handle = launch_pod(
            self.sched, version.pod, behaviour, duration=self.duration, seed=self.seed,
            profile=self.profile, phase=None, keep_probes=self.record_probes,
            rng=np.random.default_rng([self.seed, pod.index]), checked=checked,
            start=min(at, math.nextafter(self.duration, 0)), jumps=False)
        if self.view is not None:
            self.view.add(pod.handle.timeline)
        if pod.index >= self.settings.replicas or pod.created_at > 0:
            self.actions.append((pod.created_at, (f"created {pod.name} on {node.name} "
                                                 f"({node.zone}); it runs at {at:g} s")))

    def timelines(self) -> list[Timeline]:
        """Every pod's timeline; a pod that never ran has an empty one."""
        out = []
        for pod in self.pods:
            if pod.handle is not None:
                out.append(pod.handle.timeline)
                continue
            blank = Timeline(duration=self.duration, seed=self.seed, phase=0.0,
                             profile=self.profile.name)
            blank.set_names([c.name for c in self.versions[pod.version].pod.containers])
            out.append(blank)
        return out
