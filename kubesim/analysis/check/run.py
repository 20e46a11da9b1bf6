"""`kubesim check` as it runs, stage by stage: read the inputs (read.py), scope the checks to
each container (scope.py), estimate the work (estimate.py), simulate every planned run
(simulate.py), judge the measurements (judge.py), report an object several renders produce
once (renders.py); render/check_formats.py renders the
`Report` this returns. The checks themselves (checks.py) keep one contract with the stages
(plan.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kubesim.analysis.check import memo
from kubesim.analysis.check.estimate import estimate
from kubesim.analysis.check.findings import Suppressor
from kubesim.analysis.check.judge import judge, suppressor
from kubesim.analysis.check.read import SourcedDocuments, read_inputs
from kubesim.analysis.check.renders import merge_renders
from kubesim.analysis.check.replay import replay_runs
from kubesim.analysis.check.rules import Severity
from kubesim.analysis.check.scope import scope
from kubesim.analysis.check.simulate import simulate
from kubesim.behaviour.horizon import default_duration
from kubesim.kubelet.restart_rules import gate_notes

if TYPE_CHECKING:
    from kubesim.analysis.check.expectations import Expectation
    from kubesim.analysis.check.findings import (
        BehaviourRef,
        CheckResult,
        Finding,
        Settings,
        Workload,
    )
    from kubesim.analysis.check.replay import ReplayRun
    from kubesim.behaviour.answer import Behaviour
    from kubesim.errors import KubesimError

__all__ = ["Report", "auto_duration", "run_checks"]


@dataclass
class Report:
    """The outcome of one `kubesim check`: every check run, with its findings."""

    settings: Settings
    inputs: list[str]
    skipped: list[dict[str, str]]
    behaviours: list[BehaviourRef]
    workloads: list[Workload]
    checks: list[CheckResult]
    notes: list[str] = field(default_factory=list)
    errors: list[KubesimError] = field(default_factory=list)  # bad files, the rest checked
    work: float = 0.0  # the estimated work of the check (kubesim.analysis.budget's units)
    # the runs behind the findings, drawn by `kubesim check --html` (None: not asked for)
    evidence: list[ReplayRun] | None = None
    # `checks` by the key of their workload, built on first use (renders ask per object)
    _by_workload: dict[str, list[CheckResult]] | None = field(default=None, init=False,
                                                              repr=False, compare=False)

    def checks_on(self, w: Workload) -> list[CheckResult]:
        """The check runs on `w`, in report order (`checks` is complete once the report
        is made)."""
        if self._by_workload is None:
            index: dict[str, list[CheckResult]] = {}
            for c in self.checks:
                index.setdefault(c.workload.key, []).append(c)
            self._by_workload = index
        return self._by_workload.get(w.key, [])

    @property
    def findings(self) -> list[Finding]:
        return [f for c in self.checks for f in c.findings]

    def fails(self, f: Finding) -> bool:
        """Whether a finding counts against the exit code (`--fail-on`, not suppressed)."""
        fail_on = self.settings.fail_on
        return f.suppressed is None and fail_on is not None and f.severity >= fail_on

    @property
    def exit_code(self) -> int:
        """2 if an input was bad (the others were checked), else 1 on a failing finding."""
        if self.errors:
            return 2
        return 1 if any(self.fails(f) for f in self.findings) else 0

    @property
    def default_gate_exit_code(self) -> int:
        """The exit code with the configuration's gate undone (its fail_on, ignores and
        severity overrides; the command line's kept): differs from `exit_code` when the
        configuration turned findings into a pass (or a pass into a failure). Settings that
        change what the checks measure (outage_seconds, phases, ...) are only listed in the
        reports: undoing them would mean checking again."""
        return self.exit_code_without(frozenset({Suppressor.CONFIGURATION}))

    @property
    def suppressed_in_source(self) -> list[Finding]:
        """The findings the manifests' own `kubesim.dev/ignore` annotations switched off."""
        return [f for f in self.findings if f.suppressed_by is Suppressor.ANNOTATION]

    @property
    def annotations_exit_code(self) -> int:
        """The exit code without the manifests' `kubesim.dev/ignore` annotations (pull-request
        content, as a configuration found in the checkout is)."""
        return self.exit_code_without(frozenset({Suppressor.ANNOTATION}))

    def exit_code_without(self, undone: frozenset[Suppressor]) -> int:
        """The exit code with the suppressors in `undone` taken away: the manifests'
        annotations, and the configuration's whole gate (its fail_on, ignores and severity
        overrides). The one rule that says what a relaxation changed, for every report."""
        if self.errors:
            return 2
        s, c = self.settings, self.settings.configuration
        config_undone = Suppressor.CONFIGURATION in undone and c is not None
        fail_on = Severity.ERROR if config_undone and c is not None and c.sets_fail_on \
            else s.fail_on

        def fails(f: Finding) -> bool:
            severity = f.measured if config_undone and f.measured is not None else f.severity
            return (suppressor(f.rule, f.workload, s, undone) is None
                    and fail_on is not None and severity >= fail_on)

        return 1 if any(fails(f) for f in self.findings) else 0


def run_checks(paths: list[str], *, behaviours: list[BehaviourRef],
               expectations: list[Expectation], settings: Settings,
               documents: Sequence[SourcedDocuments] = (), notes: Sequence[str] = (),
               evidence: bool = False) -> Report:
    """Read the inputs (the paths', and `documents` read elsewhere: a live cluster's) and
    check every container in them; among several inputs, a bad one is reported in
    `Report.errors` and the others are checked. `notes` (what reading `documents` noted)
    come first among the report's notes. `evidence`: keep the runs behind the findings
    (`Report.evidence`, the HTML page's pictures). Each stage returns new records and
    changes none of those it is handed."""
    with memo.simulations():  # one cache for the stages and the evidence
        report = _run_checks(paths, behaviours, expectations, settings, documents, notes)
        if evidence:
            report = dataclasses.replace(report, evidence=replay_runs(
                report.findings, report.workloads, report.behaviours, settings))
    return report


def _run_checks(paths: list[str], behaviours: list[BehaviourRef],
                expectations: list[Expectation], settings: Settings,
                documents: Sequence[SourcedDocuments], notes: Sequence[str]) -> Report:
    read = read_inputs(
        paths, skip_non_manifests=settings.skip_non_manifests, allow_empty=settings.allow_empty,
        render=settings.render, keep_errors=True, documents=documents)
    workloads = read.workloads
    # a container a behaviour cannot answer is reported beside the rest, as a file that
    # cannot be read is, unless the input was one object alone
    several = read.several or len(workloads) + len(read.errors) > 1
    plan = scope(workloads, behaviours, expectations, settings, keep_errors=several)
    work = estimate(plan, settings)
    measurements = simulate(plan, settings, keep_errors=several)
    checks = judge(measurements.measured, settings)
    workloads = [w for w in workloads if not _left_out(w, measurements.left_out)]
    workloads, checks = merge_renders(workloads, checks)
    inputs = sorted({w.source for w in workloads})
    pod_notes = [f"{w.label}: {note}" for w in workloads
                 for note in (*w.notes, *_gate_notes(w, settings))]
    return Report(settings, inputs, read.skipped, behaviours, workloads, checks,
                  [*notes, *read.notes, *plan.notes, *pod_notes],
                  [*read.errors, *plan.errors, *measurements.errors], work)


def _gate_notes(w: Workload, s: Settings) -> list[str]:
    """What the profile's gates drop from the workload's pod as the checks simulate it
    (restart rules with ContainerRestartRules off, R4.34), said once per workload."""
    pods = [c.pod for c in w.containers if c.pod is not None]
    return list(dict.fromkeys(n for pod in pods for n in gate_notes(pod, s.profile)))


def auto_duration(behaviour: Behaviour) -> float:
    """Long enough for a behaviour: the commands' one rule (`behaviour.horizon`)."""
    return default_duration(behaviour)


def _left_out(w: Workload, left_out: frozenset[tuple[str, str]]) -> bool:
    """Whether every probed container of `w` was left out for bad input (in `errors`): the
    object is then not reported as checked, as a bad file is not."""
    probed = [c.name for c in w.containers if c.pod is not None]
    return bool(probed) and all((w.key, name) in left_out for name in probed)
