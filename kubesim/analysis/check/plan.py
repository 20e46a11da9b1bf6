"""The plan of a `kubesim check`: which check runs on which container with which behaviour,
and the contract every check keeps with the stages that run it.

The scope stage (scope.py) asks every check for its runs on every container (`Check.plan`);
the estimate stage sums their cost (`Check.cost`) before anything is simulated; the simulate
stage measures each run (`Check.measure`: every engine run a check needs); the judge stage
turns each measurement into check results and findings (`Check.verdict`). A check never
simulates in `verdict` and never judges in `measure`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from kubesim.analysis.check.expectations import Expectation
    from kubesim.analysis.check.findings import (
        BehaviourRef,
        CheckResult,
        ContainerRef,
        Settings,
        Workload,
    )
    from kubesim.errors import KubesimError
    from kubesim.spec.model import ProbedContainer

__all__ = ["Check", "CheckRun", "Plan", "Subject"]

M = TypeVar("M")


@dataclass(frozen=True)
class Subject:
    """One container of one workload, with the given behaviours and expectations that apply
    to it (behaviours as they apply: a trace that lacks some of its targets is partial)."""

    workload: Workload
    container: ContainerRef
    behaviours: tuple[BehaviourRef, ...] = ()
    expectations: tuple[Expectation, ...] = ()

    @property
    def pod(self) -> ProbedContainer | None:
        """The probed container (None: the container has no probes)."""
        return self.container.pod

    @property
    def who(self) -> str:
        return f"{self.workload.label} container {self.container.name}"


@dataclass(frozen=True)
class CheckRun:
    """One planned run of a check: a container, and the behaviour or expectation it is about
    (`label`: how its results name the behaviour; None: the check's own synthetic runs)."""

    check: str  # the Check's name in checks.CHECKS
    subject: Subject
    behaviour: BehaviourRef | None = None
    expectation: Expectation | None = None
    label: str | None = None

    @property
    def workload(self) -> Workload:
        return self.subject.workload

    @property
    def container(self) -> ContainerRef:
        return self.subject.container

    @property
    def pod(self) -> ProbedContainer:
        pod = self.subject.pod
        assert pod is not None, "a check planned a simulation for a container without probes"
        return pod


@dataclass(frozen=True)
class Plan:
    """Every check run of a `kubesim check`, in report order, and what scoping noted; a
    frozen record, which the stages after scoping read and never change."""

    runs: tuple[CheckRun, ...] = ()
    notes: tuple[str, ...] = ()
    # (workload key, container name) of the containers left out for bad input (the errors)
    left_out: frozenset[tuple[str, str]] = frozenset()
    errors: tuple[KubesimError, ...] = ()  # why they were left out


class Check(Protocol[M]):
    """One check (or a family of checks that share their runs), as the stages see it."""

    name: str

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        """The runs of this check on one container (none: it does not apply)."""
        ...

    def cost(self, run: CheckRun, s: Settings) -> float:
        """The simulated probe calls `measure` will make (kubesim.analysis.budget)."""
        ...

    def measure(self, run: CheckRun, s: Settings) -> M:
        """Every simulation the run needs, as plain data."""
        ...

    def verdict(self, run: CheckRun, measured: M, s: Settings) -> list[CheckResult]:
        """The run's check results and their findings, from the measurement alone."""
        ...

