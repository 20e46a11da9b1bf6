"""The container runtime's truth: which instance runs when, and how long a kill takes.

The kubelet only sees this truth through PLEG relists (E16); the app answers probes from it.
"""

from __future__ import annotations

from kubesim.kubelet.timing import MIN_GRACE_SECONDS
from kubesim.timeline import ContainerRecord

__all__ = ["MIN_GRACE_SECONDS", "Instance", "Runtime"]


class Instance:
    """One container instance (one container ID).

    A plain class, not a dataclass: compiled (mypyc), a dataclass keeps the __init__ that
    `dataclass` generates, interpreted Python (about 3,700 instructions an instance,
    callgrind)."""

    def __init__(self, restart_count: int, running_at: float, record: ContainerRecord, *,
                 prefix: str = "") -> None:
        self.restart_count = restart_count
        self.running_at = running_at
        self.record = record
        self.sigterm_at: float | None = None
        self.exited_at: float | None = None
        self.will_restart = True  # decided when it stops: at the kill, or by its exit code
        self.probed: frozenset[str] = frozenset()  # target keys this process has been asked
        self.exit_due: float | None = None  # when the app will exit by itself (scenario/trace)
        self.prefix = prefix  # the container's part of the ID: IDs are unique in the pod
        self.id = f"{prefix}c{restart_count}"  # the container ID, a new one per instance

    def alive(self, t: float) -> bool:
        """Whether the process exists at `t`."""
        return self.running_at <= t and (self.exited_at is None or t < self.exited_at)


class Runtime:
    """All instances of one simulated container, newest last; those before `base` were
    removed by an in-place restart of the pod (R4.35): the runtime no longer lists them."""

    def __init__(self, prefix: str = "", name: str = "") -> None:
        self.instances: list[Instance] = []
        self.prefix, self.name = prefix, name
        self.base = 0  # instances[:base] removed (RestartAllContainers)

    @property
    def current(self) -> Instance | None:
        """The newest instance the runtime lists, running or not."""
        return self.instances[-1] if len(self.instances) > self.base else None

    @property
    def removed(self) -> bool:
        """Removed by an in-place restart and not started since (R4.35)."""
        return self.base > 0 and len(self.instances) == self.base

    def remove_all(self) -> None:
        """RemoveContainer of every instance (R4.35): the next start is a first start for
        the kubelet (no back-off), its restartCount goes on (R4.7)."""
        self.base = len(self.instances)

    def start(self, now: float) -> Instance:
        """Start a new instance; restartCount is the previous one's plus one (R4.7)."""
        record = ContainerRecord(restart_count=len(self.instances), running_at=now,
                                 name=self.name)
        instance = Instance(len(self.instances), now, record, prefix=self.prefix)
        self.instances.append(instance)
        return instance

    def newest_exited(self, before: float) -> Instance | None:
        """The newest instance that had exited by `before` (doBackOff's lookup, R4.8)."""
        for i in range(len(self.instances) - 1, self.base - 1, -1):
            instance = self.instances[i]
            if instance.exited_at is not None and instance.exited_at <= before:
                return instance
        return None

    def as_seen_at(self, t: float) -> tuple[Instance | None, bool]:
        """(newest instance started by `t`, whether it was running at `t`)."""
        for i in range(len(self.instances) - 1, self.base - 1, -1):
            instance = self.instances[i]
            if instance.running_at <= t:
                return instance, instance.alive(t)
        return None, False

    def now_seen(self) -> tuple[Instance | None, bool]:
        """`as_seen_at` of a relist that has seen every start and exit so far."""
        inst = self.current
        return inst, inst is not None and inst.exited_at is None

    def seen_as_now(self, t: float) -> bool:
        """Whether a relist at `t` shows this container as it is now (`now_seen`)."""
        inst, running = self.as_seen_at(t)
        return inst is self.current and running == (inst is not None and inst.exited_at is None)
