"""KS008, KS009: containers without a readiness or a liveness probe."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.analysis.check.findings import CheckResult, Finding
from kubesim.analysis.check.plan import CheckRun, Subject
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import Settings

__all__ = ["MISSING_CHECKS"]

READINESS, LIVENESS = ProbeType.READINESS, ProbeType.LIVENESS


class MissingProbes:
    """KS008 and KS009: which probes a long-running container lacks (nothing simulated)."""

    name = "missing"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        if not s.missing_probes or not subject.workload.runs_forever:
            return []
        return [CheckRun(self.name, subject)]

    def cost(self, run: CheckRun, s: Settings) -> float:
        return 0.0

    def measure(self, run: CheckRun, s: Settings) -> None:
        return None

    def verdict(self, run: CheckRun, measured: None, s: Settings) -> list[CheckResult]:
        c = run.container
        have = c.pod.container.probes() if c.pod is not None else {}
        out = []
        for rule, kind in (("KS008", READINESS), ("KS009", LIVENESS)):
            result = CheckResult(rule, run.workload, c.name, None)
            out.append(result)
            if kind in have:
                continue
            effect = {READINESS: "the pod counts as Ready as soon as the container has started",
                      LIVENESS: "a hung process is never restarted by the kubelet"}[kind]
            others = ", ".join(t.field for t in have) or "no probes at all"
            result.findings.append(Finding.of(
                rule, "missing", run.workload, c.name,
                f"no {kind.field} ({others}): {effect}", line=c.line(),
                data={"probe": kind.value}))
        return out


MISSING_CHECKS = (MissingProbes(),)
