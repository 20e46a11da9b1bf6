"""`kubesim check --html`: the findings page. Each finding is shown with the simulated run that
is its evidence (the run the check made: `Report.evidence`, analysis/check/replay.py), drawn by
the run report's timeline and opened on the stretch that shows the finding, with the command
that repeats it; each object lists the checks it passed; the pages of the checks found are
inlined. Files are named relative to the current directory or their repository, never by an
absolute path: the page is shared (a CI artifact), the machine it ran on is not."""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from kubesim.analysis.check.rules import RULES, page
from kubesim.kubelet.settings import PROFILES
from kubesim.render.check_formats import check_document, fix_text
from kubesim.render.html import check_page
from kubesim.render.plot import plot_meta
from kubesim.render.report import to_document as run_document

if TYPE_CHECKING:
    from collections.abc import Iterable

    from kubesim.analysis.check.findings import Finding, Replay
    from kubesim.analysis.check.replay import ReplayRun
    from kubesim.analysis.check.run import Report

__all__ = ["ShownPaths", "check_report", "repeat_command", "shown_paths"]


def check_report(report: Report, cwd: Path | None = None) -> str:
    """The HTML page of a check report (paths shown relative to `cwd`, default the current
    directory, or to the repository that holds them). It draws the runs the check kept
    (`run_checks(evidence=True)`); it simulates nothing."""
    assert report.evidence is not None, "a check report made without evidence=True"
    runs = report.evidence
    drawn = {id(f): i for i, r in enumerate(runs) for f in r.findings}
    shown = shown_paths(_paths(report), Path.cwd() if cwd is None else cwd)
    findings = [_finding_extra(report, f, drawn.get(id(f)), shown) for f in report.findings]
    data = shown({"document": check_document(report),
                  "runs": [_run_data(report, r) for r in runs], "findings": findings})
    found = sorted({f.rule for f in report.findings})
    return check_page(data["document"], data["runs"], {r: page(RULES[r]) for r in found},
                      data["findings"])


# ---------------------------------------------------------------- the evidence of a finding


def _run_data(report: Report, r: ReplayRun) -> dict[str, Any]:
    """One re-simulated run as the page draws it: the run document with its probes' settings
    and the behaviour's windows, and the findings it is the evidence of."""
    f, name = r.findings[0], r.pod.container.name
    meta = {"spec": f.workload.source, "object": f"{f.workload.label} container {name}",
            "container": name, "behaviour": r.replay.behaviour,
            **plot_meta(r.pod, r.behaviour, r.replay.duration)}
    if r.replay.kind == "synthetic":
        meta["windows"] = _synthetic_windows(r)
    return {"title": f"{f.workload.label}, container {name}, with {r.replay.behaviour}",
            "findings": [report.findings.index(x) for x in r.findings],
            "window": list(r.replay.window) if r.replay.window else None,
            "doc": run_document(r.timeline, meta=meta)}


def _synthetic_windows(r: ReplayRun) -> list[dict[str, Any]]:
    """Every window of a synthetic behaviour (made for this container alone, so each one
    concerns it); a behaviour whose failure has no window of its own (a slow start: refused
    since each container started) is shaded over the stretch the finding names."""
    windows = [{"start": round(w.start, 6), "end": round(w.end, 6), "label": w.label}
               for w in r.behaviour.windows(r.replay.duration)]
    if not windows and r.replay.window:
        start, end = r.replay.window
        windows = [{"start": round(start, 6), "end": round(end, 6),
                    "label": r.replay.behaviour.removesuffix(" (synthetic)")}]
    return windows


def _finding_extra(report: Report, f: Finding, run: int | None,
                   shown: ShownPaths) -> dict[str, Any]:
    """What the page shows of a finding beside its JSON: the drawn run (an index of `runs`),
    the command that repeats its evidence, a synthetic scenario as YAML, its fix in a line."""
    r = f.replay
    return {"run": run,
            "repeat": repeat_command(report, f, shown) if r is not None else None,
            "scenario": (yaml.safe_dump(r.scenario, sort_keys=False, width=100)
                         if r is not None and r.scenario is not None else None),
            "fix": fix_text(f.fix.changes) if f.fix is not None else None}


EVIDENCE_FILE = "evidence.scenario.yaml"  # where the page asks to save a synthetic scenario


def repeat_command(report: Report, f: Finding, shown: ShownPaths) -> str:
    """`kubesim run FILE --container Kind/name/container ...`: the finding's evidence run,
    the same bytes of timeline as the page draws."""
    r = f.replay
    assert r is not None
    source = "-" if f.workload.source.startswith("<stdin>") else shown(f.workload.source)
    words = ["kubesim", "run", source, "--container",
             f"{f.workload.label}/{f.container}", *_behaviour_args(r, shown),
             "--duration", f"{r.duration:g}", "--phase", f"{r.phase:g}", "--seed", str(r.seed)]
    profile = report.settings.profile.name
    base = profile.removesuffix("+ideal")
    if base != "classic" and base in PROFILES:
        words += ["--profile", base]
    if profile.endswith("+ideal"):
        words.append("--ideal")
    command = " ".join(shlex.quote(w) for w in words)
    if base not in PROFILES:
        command += "  # with this check's --kubelet options"
    return command


def _behaviour_args(r: Replay, shown: ShownPaths) -> list[str]:
    if r.kind == "synthetic":
        return ["--scenario", EVIDENCE_FILE]
    if r.kind in ("scenario", "trace"):
        return [f"--{r.kind}", "-" if r.behaviour == "<stdin>" else shown(r.behaviour)]
    return []


# ---------------------------------------------------------------- paths a shared page names


@dataclass(frozen=True)
class ShownPaths:
    """Replaces every absolute path the report names, wherever it is quoted (a field, a
    message, a note, a title), by its shown form (`shown_paths`)."""

    pairs: tuple[tuple[str, str], ...]  # (absolute, shown), longest first

    def __call__(self, value: Any) -> Any:
        if isinstance(value, str):
            for absolute, shown in self.pairs:
                if absolute in value:
                    value = value.replace(absolute, shown)
            return value
        if isinstance(value, dict):
            return {k: self(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self(v) for v in value]
        return value


def shown_paths(paths: Iterable[str], cwd: Path) -> ShownPaths:
    """How a page names each of `paths`: relative to `cwd` when below it, else to the root of
    the git repository that holds it, else to the folder above the common folder of the rest
    (`/tmp/ci/k8s/app.yaml` -> `k8s/app.yaml`). Relative paths stay as they were given. The
    folders themselves (`cwd/`, a repository's root) are replaced wherever quoted."""
    absolute = sorted({p for p in paths if os.path.isabs(p)})
    pairs: dict[str, str] = {}
    rest = []
    for p in absolute:
        base = _base(Path(p), cwd)
        if base is None:
            rest.append(p)
        else:
            pairs[p] = Path(p).relative_to(base).as_posix() or "."
            pairs.setdefault(f"{base}{os.sep}", "")
    if rest:
        common = Path(os.path.commonpath([str(Path(p).parent) for p in rest]))
        above = common.parent
        for p in rest:
            pairs[p] = Path(p).relative_to(above).as_posix()
        pairs.setdefault(f"{above}{os.sep}", "")
    pairs.setdefault(f"{cwd}{os.sep}", "")
    return ShownPaths(tuple(sorted(pairs.items(), key=lambda kv: -len(kv[0]))))


def _base(path: Path, cwd: Path) -> Path | None:
    """The current directory if it holds `path`, else the repository root that does."""
    if path.is_relative_to(cwd):
        return cwd
    for folder in path.parents:
        if (folder / ".git").exists():
            return folder
    return None


def _paths(report: Report) -> list[str]:
    """Every file or folder the report names."""
    out = [*report.inputs, *(s["file"] for s in report.skipped),
           *(b.label for b in report.behaviours),
           *(e.source for e in report.errors if e.source)]
    for w in report.workloads:
        out += [w.source, *w.all_renders]
    c = report.settings.configuration
    if c is not None and c.source is not None:
        out.append(c.source)
    return out
