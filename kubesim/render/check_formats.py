"""Rendering a `kubesim check` report: text, JSON, JUnit XML, SARIF 2.1.0 and GitHub workflow
commands. Prints nothing. Every value from the inputs leaves through the output edge of its
format (kubesim.render.edge), and every format says which configuration was used and how it
departs from the defaults.

* text: findings grouped by object, the inputs that could not be read, the configuration,
  what the manifests' own annotations suppressed, then one summary line.
* json: one document, schema version 2 (fields in docs/check.md, "Output formats").
* junit: a testsuite per object, a testcase per check run (rule x container x behaviour);
  findings at or above `--fail-on` are `<failure>`s, suppressed ones `<skipped>`, the rest pass
  with the finding in `<system-out>` (JUnit has no warning state); a testsuite of `<error>`s
  for the inputs that could not be read.
* sarif: SARIF 2.1.0 for code scanning: every rule with its help, every finding as a result
  with file and line; suppressed findings carry `suppressions` (`inSource` at the annotation);
  inputs that could not be read are error notifications of an unsuccessful invocation.
* github: one workflow command per unsuppressed finding (`::error file=...,line=...,title=...::
  message`), an annotation on the pull request, one `::error` per input that could not be
  read, one notice for what the manifests' annotations suppressed, and one for a
  configuration that departs from the defaults.

A pull request can relax the gate two ways, a configuration in the checkout and the
`kubesim.dev/ignore` annotations of its own manifests: every format says what each switched
off and the exit code without it (`relaxed_verdicts`, `suppression_line`).
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from kubesim._version import __version__
from kubesim.analysis.check.findings import CheckResult, Finding, Suppressor, Workload
from kubesim.analysis.check.read import IGNORE_ANNOTATION
from kubesim.analysis.check.rules import RULES, Severity, page, what_it_finds
from kubesim.render.edge import WorkflowCommands, visible, workflow_command, xml_document, xml_value

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

    from kubesim.analysis.check.findings import Configuration
    from kubesim.analysis.check.run import Report
    from kubesim.errors import KubesimError

__all__ = ["FORMATS", "SARIF_SCHEMA", "check_document", "configuration_data",
           "configuration_line", "configuration_lines", "fix_text", "relaxed_verdicts", "render",
           "render_check_json", "renders_text", "sarif_uri", "suppression_line", "unreadable"]

SCHEMA_VERSION = 2  # 2: `rendered_from` (objects, findings) is a list of renders
SARIF_SCHEMA = ("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
                "sarif-schema-2.1.0.json")
SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def passed(report: Report, w: Workload) -> list[CheckResult]:
    """The check runs on `w` that found nothing."""
    return [c for c in report.checks_on(w) if not c.findings]


def _passed_ids(report: Report, w: Workload) -> list[str]:
    """The checks with no finding on any container of `w` (in table order)."""
    ran = {c.rule for c in report.checks_on(w)}
    failed = {c.rule for c in report.checks_on(w) if c.findings}
    return [r for r in RULES if r in ran - failed]


def render(report: Report, fmt: str) -> str:
    """The report in one of FORMATS."""
    return FORMATS[fmt](report)


def _t(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def _where(f: Finding) -> str:
    return f"{f.workload.source}:{f.line}" if f.line else f.workload.source


def _head(w: Workload) -> str:
    """`file:line Kind/name (namespace ns) [helm chart dir]`: no line where none is known
    (a Helm template), and the render an object came from."""
    v = visible
    where = f"{v(w.source)}:{w.line}" if w.line else v(w.source)
    return (f"{where} {v(w.label)}" + (f" (namespace {v(w.namespace)})" if w.namespace else "")
            + (f" [{v(w.rendered_from)}]" if w.rendered_from and not w.renders else ""))


def _head_lines(w: Workload) -> list[str]:
    """The object's head, and for an object several renders produced, which (wrapped)."""
    if not w.renders:
        return []
    return textwrap.wrap(visible(renders_text(w.renders)), width=100, initial_indent="  ",
                         subsequent_indent=" " * 4, break_on_hyphens=False)


def renders_text(renders: tuple[str, ...], of: int = 0) -> str:
    """`kustomization base` for one render; `in 5 renders: kustomization base, ...` for
    several; `in 2 of 5 renders: ...` for a finding that appears in some of its object's."""
    if len(renders) == 1 and not of:
        return renders[0]
    many = f"{len(renders)} of {of}" if of else f"{len(renders)}"
    return f"in {many} render{'s' * (len(renders) != 1 or of > 1)}: {', '.join(renders)}"


def _finding_renders(f: Finding) -> str:
    """Where a finding appears in fewer renders than its object: in which (else nothing)."""
    if not f.renders or f.renders == f.workload.all_renders:
        return ""
    return renders_text(f.renders, len(f.workload.all_renders))


# ---------------------------------------------------------------- text


def render_text(report: Report) -> str:
    v = visible
    lines: list[str] = []
    by_object: dict[str, list[CheckResult]] = {}
    for c in report.checks:
        by_object.setdefault(c.workload.key, []).append(c)
    for w in report.workloads:
        checks = by_object.get(w.key, [])
        findings = [f for c in checks for f in c.findings]
        head = _head(w)
        ok = _passed_ids(report, w)
        if not findings:
            lines.append(f"{head}: ok, passed {', '.join(ok)}" if ok else
                         f"{head}: ok, no check applies (no probed container)")
            lines += _head_lines(w)
            continue
        lines.append(head)
        lines += _head_lines(w)
        for f in findings:
            tag = f.severity.label.upper() if report.fails(f) else f.severity.label
            if f.suppressed:
                tag = "ignored"
            where = [f"container {v(f.container)}"] if f.container else []
            where.append(f"line {f.line}" if f.line else v(w.source))
            if f.phase is not None:
                where.append(f"phase {f.phase:g} s, seed {f.seed}")
            if _finding_renders(f):
                where.append(v(_finding_renders(f)))
            lines.append(f"  {tag:<8} {f.rule} {f.name} ({', '.join(where)})")
            text = v(f.message) + (f" [suppressed: {v(f.suppressed)}]" if f.suppressed else "")
            lines += textwrap.wrap(text, width=100, initial_indent=" " * 11,
                                   subsequent_indent=" " * 11, break_on_hyphens=False)
            if f.fix is not None:
                lines += textwrap.wrap(f"fix: {v(fix_text(f.fix.changes))}", width=100,
                                       initial_indent=" " * 11, subsequent_indent=" " * 16,
                                       break_on_hyphens=False)
        if ok:
            lines.append(f"  passed   {', '.join(ok)}")
    for s in report.skipped:
        lines.append(f"{v(s['file'])}: skipped, {v(s['reason'])}")
    for e in report.errors:  # shown as every value is: a CR in a file name is `\r`
        lines.append(f"error: {v(e)} (not checked)")
    found = sorted({f.rule for f in report.findings})
    if found:
        lines.append(f"what each check means and how to fix it: kubesim rules ID "
                     f"({', '.join(found)}); the words: docs/glossary.md")
    for note in report.notes:
        lines += textwrap.wrap(f"note: {v(note)}", width=100, subsequent_indent=" " * 6,
                               break_on_hyphens=False)
    lines += configuration_lines(report.settings.configuration)
    said = suppression_line(report)
    if said is not None:
        lines += textwrap.wrap(said, width=100, subsequent_indent=" " * 6,
                               break_on_hyphens=False)
    lines.append("")
    lines.append(_summary_line(report))
    return "\n".join(lines) + "\n"


def configuration_line(c: Configuration | None) -> str:
    """`configuration: FILE (how it was chosen): every departure from the defaults`: the one
    line every report of check and suggest names its configuration with."""
    if c is None:
        return "configuration: none (kubesim's defaults)"
    if c.source is None:
        return f"configuration: none ({c.chosen}): kubesim's defaults"
    head = f"configuration: {visible(c.source)} ({c.chosen})"
    if not c.departures:
        return f"{head}: kubesim's defaults"
    return f"{head} departs from the defaults: " + "; ".join(visible(d.text)
                                                             for d in c.departures)


def configuration_lines(c: Configuration | None) -> list[str]:
    """`configuration_line` as the text reports print it: wrapped at 100 columns."""
    return textwrap.wrap(configuration_line(c), width=100, subsequent_indent=" " * 6,
                         break_on_hyphens=False)


def fix_text(changes: dict[str, Any]) -> str:
    """`startupProbe: {httpGet: {...}, periodSeconds: 10}; livenessProbe.initialDelaySeconds
    unset`: the patch in one line (JSON has it as data, SARIF as a replacement)."""
    parts = []
    for probe, settings in changes.items():
        for key, value in settings.items():
            if value is None:
                parts.append(f"{probe}.{key} unset")
        kept = {k: v for k, v in settings.items() if v is not None}
        if kept:
            parts.insert(0, f"{probe}: {json.dumps(kept, separators=(', ', ': '))}")
    return "; ".join(parts)


def _summary_line(report: Report) -> str:
    counts = _counts(report)
    behaviours = ", ".join(visible(b.label) for b in report.behaviours) or "none given"
    fail_on = report.settings.fail_on.label if report.settings.fail_on else "none"
    c = report.settings.configuration
    gate = f"--fail-on {fail_on}"
    if c is not None and c.sets_fail_on:
        gate = f"fail_on {fail_on} of {visible(c.source)}"
    verdict = f"exit {report.exit_code}"
    relaxed = relaxed_verdicts(report)
    if relaxed:
        verdict += f" ({'; '.join(relaxed)})"
    return (f"kubesim check: {_n(counts['objects'], 'object')}, "
            f"{_n(counts['containers'], 'probed container')}, {_n(counts['checks'], 'check')} "
            f"(behaviours: {behaviours}; {report.settings.phases} grid phases): "
            f"{_n(counts['error'], 'error')}, {_n(counts['warning'], 'warning')}, "
            f"{counts['info']} info, {counts['suppressed']} suppressed; {gate}: {verdict}"
            + (f" ({_n(len(report.errors), 'bad input')}, named above)" if report.errors
               else ""))


# ---------------------------------------------------------------- relaxations of the gate

# what undoing each relaxation takes away, as the reports say it
_CONFIGURATION_GATE = "the fail_on, ignores and severities of {}"
_ANNOTATIONS = f"the manifests' {IGNORE_ANNOTATION} annotations"


def relaxed_verdicts(report: Report) -> list[str]:
    """`exit 1 without the fail_on, ignores and severities of .kubesim.yaml`, `exit 1 without
    the manifests' kubesim.dev/ignore annotations`: each relaxation of the gate a pull
    request can make (a configuration found in the checkout, the annotations of its own
    manifests) whose undoing changes the exit code, and both together when only that does.
    The one phrase every format gives (text, github, SARIF, JUnit, the MCP summary)."""
    c = report.settings.configuration
    config = _CONFIGURATION_GATE.format(visible(c.source)) if c is not None else None
    out = []
    if config is not None and report.default_gate_exit_code != report.exit_code:
        out.append(f"exit {report.default_gate_exit_code} without {config}")
    annotated = bool(report.suppressed_in_source)
    if annotated and report.annotations_exit_code != report.exit_code:
        out.append(f"exit {report.annotations_exit_code} without {_ANNOTATIONS}")
    if not out and config is not None and annotated and c is not None and c.departures:
        both = report.exit_code_without(frozenset({Suppressor.CONFIGURATION,
                                                   Suppressor.ANNOTATION}))
        if both != report.exit_code:
            out.append(f"exit {both} without both {config} and {_ANNOTATIONS}")
    return out


def suppression_line(report: Report) -> str | None:
    """`the manifests' own kubesim.dev/ignore annotations suppress 2 findings (KS001, KS010):
    exit 0, exit 1 without them`: what the inputs' own annotations switched off and the exit
    code without them (None when they switched nothing off). Every format says it: the
    annotations are pull-request content, as a configuration in the checkout is."""
    found = report.suppressed_in_source
    if not found:
        return None
    rules = ", ".join(sorted({f.rule for f in found}))
    without = report.annotations_exit_code
    verdict = (f"exit {report.exit_code} with or without them" if without == report.exit_code
               else f"exit {report.exit_code}, exit {without} without them")
    return (f"the manifests' own {IGNORE_ANNOTATION} annotations suppress "
            f"{_n(len(found), 'finding')} ({rules}): {verdict}")


def _suppressed_in_source(report: Report) -> dict[str, Any]:
    """The same as data (JSON, SARIF run properties, the HTML page)."""
    found = report.suppressed_in_source
    return {"annotation": IGNORE_ANNOTATION, "findings": len(found),
            "rules": sorted({f.rule for f in found}),
            "exit_code_without": report.annotations_exit_code}


def unreadable(report: Report) -> list[dict[str, Any]]:
    """Each input that could not be read (or a container a behaviour could not answer), with
    its error: the rest of the report stands, and the exit code is 2."""
    return [{"file": e.source, "line": e.line, "error": e.message} for e in report.errors]


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' * (count != 1)}"


def _counts(report: Report) -> dict[str, int]:
    live = Counter(f.severity.label for f in report.findings if not f.suppressed)
    return {"objects": len(report.workloads),
            "containers": sum(1 for w in report.workloads for c in w.containers if c.pod),
            "checks": len(report.checks),
            "findings": sum(live.values()),
            **{s.label: live.get(s.label, 0) for s in Severity},
            "suppressed": sum(1 for f in report.findings if f.suppressed),
            "failing": sum(1 for f in report.findings if report.fails(f))}


# ---------------------------------------------------------------- json


def check_document(report: Report) -> dict[str, Any]:
    """The JSON document (schema version 2)."""
    # the run report's module (and the timeline vocabulary it imports) only for JSON: a text
    # check does not load it (start-up)
    from kubesim.render.report import kubelet_words

    s = report.settings
    return {
        "kubesim": SCHEMA_VERSION,
        "command": "check",
        "settings": {"phases": s.phases, "seed": s.seed, "profile": s.profile.name,
                     "kubelet": kubelet_words(s.profile.name),
                     "fail_on": s.fail_on.label if s.fail_on else "none",
                     "ignore": sorted(s.ignore), "outage_seconds": s.outage_seconds,
                     "startup_seconds": s.startup_seconds,
                     "max_initial_delay": s.max_initial_delay,
                     "max_hang_recovery": s.max_hang_recovery,
                     "max_ready_recovery": s.max_ready_recovery,
                     "missing_probes": s.missing_probes},
        "configuration": _configuration(report),
        "inputs": report.inputs,
        "skipped": report.skipped,
        "errors": [str(e) for e in report.errors],
        "unreadable": unreadable(report),
        "notes": report.notes,
        "behaviours": [{"label": b.label, "kind": b.kind, "duration": b.duration}
                       for b in report.behaviours],
        "objects": [_object(report, w) for w in report.workloads],
        "checks": [{"id": c.rule, "name": RULES[c.rule].name, "object": c.workload.label,
                    "file": c.workload.source, "container": c.container,
                    "behaviour": c.behaviour, "findings": len(c.findings)}
                   for c in report.checks],
        "findings": [_finding(report, f) for f in report.findings],
        "suppressed_in_source": _suppressed_in_source(report),
        "summary": {**_counts(report),
                    "fail_on": s.fail_on.label if s.fail_on else "none",
                    "exit_code": report.exit_code},
    }


def _configuration(report: Report) -> dict[str, Any]:
    """The configuration used, its departures from the defaults, and the exit code without
    its gate (fail_on, ignores, severities): JSON, SARIF run properties, HTML."""
    return {**configuration_data(report.settings.configuration),
            "default_gate_exit_code": report.default_gate_exit_code}


def configuration_data(c: Configuration | None) -> dict[str, Any]:
    """The configuration used and its departures from the defaults, as the JSON and SARIF
    reports of check and suggest give it."""
    return c.to_data() if c else {"file": None, "chosen": "not told", "departures": []}


def _object(report: Report, w: Workload) -> dict[str, Any]:
    return {"object": w.label, "kind": w.kind, "name": w.name, "namespace": w.namespace,
            "file": w.source, "line": w.line, "rendered_from": list(w.all_renders),
            "ignore": sorted(w.ignores),
            "passed": [{"id": c.rule, "name": RULES[c.rule].name, "container": c.container,
                        "behaviour": c.behaviour} for c in passed(report, w)],
            "containers": [{"name": c.name, "line": c.line(), "sidecar": c.sidecar,
                            "probes": ([t.value for t in c.pod.container.probes()]
                                       if c.pod else [])} for c in w.containers]}


def _finding(report: Report, f: Finding) -> dict[str, Any]:
    return {"id": f.rule, "name": f.name, "severity": f.severity.label,
            "object": f.workload.label, "kind": f.workload.kind, "namespace":
            f.workload.namespace, "container": f.container, "file": f.workload.source,
            "line": f.line, "rendered_from": list(f.all_renders), "behaviour": f.behaviour,
            "phase": _t(f.phase), "seed": f.seed,
            "message": f.message, "data": f.data, "suppressed": f.suppressed,
            "suppressed_by": f.suppressed_by.value if f.suppressed_by else None,
            "fails": report.fails(f), "case": f.case, "assumed": f.assumed,
            "evidence": f.replay.to_data() if f.replay else None,
            "help": RULES[f.rule].command,
            "fix": f.fix.to_data() if f.fix else None}


def render_check_json(report: Report) -> str:
    return json.dumps(check_document(report), indent=2) + "\n"


# ---------------------------------------------------------------- junit


def render_junit(report: Report) -> str:
    import xml.etree.ElementTree as ET  # JUnit alone writes XML: text and JSON load none of it

    x = xml_value
    root = ET.Element("testsuites", name="kubesim check")
    by_object: dict[str, list[CheckResult]] = {}
    for c in report.checks:
        by_object.setdefault(c.workload.key, []).append(c)
    totals = Counter[str]()
    configuration = _junit_configuration(report)
    for w in report.workloads:
        checks = by_object.get(w.key, [])
        suite = ET.SubElement(root, "testsuite", name=x(w.label), file=x(w.source))
        props = ET.SubElement(suite, "properties")
        for name, value in (("file", w.source), ("line", str(w.line or "")),
                            ("namespace", w.namespace or ""),
                            ("rendered_from", "; ".join(w.all_renders)), *configuration):
            ET.SubElement(props, "property", name=name, value=x(value))
        counts = Counter[str]()
        for c in checks:
            counts["tests"] += 1
            counts[_testcase(suite, report, c)] += 1
        suite.set("tests", str(counts["tests"]))
        suite.set("failures", str(counts["failure"]))
        suite.set("errors", "0")
        suite.set("skipped", str(counts["skipped"]))
        totals.update(counts)
    if report.errors:
        totals.update(_junit_unreadable(root, report, configuration))
    root.set("tests", str(totals["tests"]))
    root.set("failures", str(totals["failure"]))
    root.set("errors", str(totals["error"]))
    root.set("skipped", str(totals["skipped"]))
    ET.indent(root)
    return xml_document('<?xml version="1.0" encoding="UTF-8"?>\n'
                        + ET.tostring(root, "unicode") + "\n")


def _junit_configuration(report: Report) -> list[tuple[str, str]]:
    """The configuration, and what the manifests' own annotations suppressed, as testsuite
    properties (JUnit has no other place for them)."""
    c = _configuration(report)
    return [("kubesim.configuration", c["file"] or f"none ({c['chosen']})"),
            ("kubesim.configuration.departures",
             "; ".join(f"{d['key']} {d['value']} (default {d['default']})"
                       for d in c["departures"]) or "none"),
            ("kubesim.configuration.default_gate_exit_code", str(c["default_gate_exit_code"])),
            ("kubesim.suppressed_in_source", suppression_line(report) or "none"),
            ("kubesim.suppressed_in_source.exit_code_without",
             str(report.annotations_exit_code))]


def _junit_unreadable(root: ET.Element, report: Report,
                      configuration: list[tuple[str, str]]) -> Counter[str]:
    """One testsuite for the inputs that could not be read, a testcase in `<error>` each (the
    JUnit state of a test that could not run); returns its counts."""
    import xml.etree.ElementTree as ET

    x = xml_value
    suite = ET.SubElement(root, "testsuite", name="kubesim: inputs not read")
    props = ET.SubElement(suite, "properties")
    for name, value in configuration:
        ET.SubElement(props, "property", name=name, value=x(value))
    for e in report.errors:
        attrs = {"classname": "kubesim", "name": x(f"read {e.source or 'the input'}")}
        if e.source:
            attrs["file"] = x(e.source)
        if e.line:
            attrs["line"] = str(e.line)
        case = ET.SubElement(suite, "testcase", attrs)
        ET.SubElement(case, "error", type="not read", message=x(e)).text = x(e)
    n = len(report.errors)
    for key, count in (("tests", n), ("failures", 0), ("errors", n), ("skipped", 0)):
        suite.set(key, str(count))
    return Counter({"tests": n, "error": n})


def _testcase(suite: ET.Element, report: Report, c: CheckResult) -> str:
    """Add one testcase; returns its state: failure, skipped or passed."""
    import xml.etree.ElementTree as ET

    x = xml_value
    line = next((f.line for f in c.findings if f.line), None)
    attrs = {"classname": x(c.workload.label), "name": x(c.title), "file": x(c.workload.source)}
    if line:
        attrs["line"] = str(line)
    case = ET.SubElement(suite, "testcase", attrs)
    failing = [f for f in c.findings if report.fails(f)]
    text = "\n".join(f"{f.severity.label} {f.rule} {x(_where(f))}"
                     + (f" ({x(_finding_renders(f))})" if _finding_renders(f) else "")
                     + f": {x(f.message)}"
                     + (f" [suppressed: {x(f.suppressed)}]" if f.suppressed else "")
                     for f in c.findings)
    if failing:
        el = ET.SubElement(case, "failure", type=c.rule,
                           message=f"{failing[0].severity.label}: {x(failing[0].message)}")
        el.text = text
        return "failure"
    if c.findings and all(f.suppressed for f in c.findings):
        ET.SubElement(case, "skipped", message=f"suppressed: {x(c.findings[0].suppressed)}")
        return "skipped"
    if c.findings:
        ET.SubElement(case, "system-out").text = text
    return "passed"


# ---------------------------------------------------------------- sarif


def render_sarif(report: Report) -> str:

    ids = list(RULES)
    # every rule carries its whole page (help.markdown; help.text is the same markdown, which
    # reads as plain text). No helpUri: kubesim has no documentation site, and a path in a
    # checkout is not the absolute URI SARIF asks for; `kubesim rules ID` prints the page.
    rules = [{"id": r.id, "name": r.name,
              "shortDescription": {"text": r.title},
              "fullDescription": {"text": what_it_finds(r)},
              "help": {"text": page(r), "markdown": page(r)},
              "defaultConfiguration": {"level": SARIF_LEVEL[r.severity],
                                       "enabled": r.enabled_by is None},
              "properties": {"tags": ["kubernetes", "probes"], "command": r.command,
                             "severities": {c.key: c.severity.label for c in r.cases},
                             **({"enabledBy": r.enabled_by} if r.enabled_by else {})}}
             for r in RULES.values()]
    results = [_result(report, f, ids.index(f.rule)) for f in report.findings]
    doc = {"$schema": SARIF_SCHEMA, "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "kubesim", "version": __version__,
                                         "semanticVersion": __version__, "rules": rules}},
                     "invocations": [_invocation(report)],
                     "results": results,
                     "properties": {"configuration": _configuration(report),
                                    "suppressedInSource": _suppressed_in_source(report)}}]}
    return json.dumps(doc, indent=2) + "\n"


def _invocation(report: Report) -> dict[str, Any]:
    """The run's invocation: its exit code; unsuccessful when an input could not be read (a
    notification, an error, for each, on its file); notes; a configuration that departs
    from the defaults, and what the manifests' own annotations suppressed (warnings when
    they changed the verdict)."""
    out: dict[str, Any] = {"executionSuccessful": not report.errors,
                           "exitCode": report.exit_code}
    notes: list[dict[str, Any]] = [_sarif_unreadable(e) for e in report.errors]
    notes += [{"message": {"text": n}, "level": "note"} for n in report.notes]
    said = suppression_line(report)
    if said is not None:
        notes.append({"message": {"text": said}, "level": "warning" if
                      report.annotations_exit_code != report.exit_code else "note"})
    if notes:
        out["toolExecutionNotifications"] = notes
    c = report.settings.configuration
    if c is not None and c.departures:
        out["toolConfigurationNotifications"] = [{
            "message": {"text": configuration_line(c)},
            "level": "warning" if report.default_gate_exit_code != report.exit_code else "note"}]
    return out


def _sarif_unreadable(e: KubesimError) -> dict[str, Any]:
    """An input that could not be read, as a tool execution notification on its file."""
    out: dict[str, Any] = {"message": {"text": str(e)}, "level": "error"}
    if e.source:
        region = {"region": {"startLine": e.line}} if e.line else {}
        out["locations"] = [{"physicalLocation": {
            "artifactLocation": {"uri": sarif_uri(e.source)}, **region}}]
    return out


def sarif_uri(source: str) -> str:
    if source.startswith("<stdin>"):  # `<stdin>`, `<stdin> document 3`
        return "stdin"
    path = Path(source)
    return path.resolve().as_uri() if path.is_absolute() else quote(path.as_posix())


def _result(report: Report, f: Finding, index: int) -> dict[str, Any]:
    region = {"startLine": f.line} if f.line else {}
    fqn = f"{f.workload.label}/{f.container}" if f.container else f.workload.label
    location: dict[str, Any] = {
        "physicalLocation": {"artifactLocation": {"uri": sarif_uri(f.workload.source)},
                             **({"region": region} if region else {})},
        "logicalLocations": [{"name": f.container or f.workload.name,
                              "fullyQualifiedName": fqn, "kind": "object"}]}
    import hashlib  # SARIF's fingerprints alone

    key = "|".join([f.rule, f.workload.key, f.container or "", f.behaviour or "",
                    str(f.data.get("probe", ""))])
    out: dict[str, Any] = {
        "ruleId": f.rule, "ruleIndex": index, "level": SARIF_LEVEL[f.severity],
        "message": {"text": f.message}, "locations": [location],
        "partialFingerprints": {"kubesimFinding/v1": hashlib.sha256(key.encode()).hexdigest()},
        "properties": {"severity": f.severity.label, "object": f.workload.label,
                       "container": f.container, "behaviour": f.behaviour,
                       "phase": _t(f.phase), "seed": f.seed, "fails": report.fails(f),
                       "rendered_from": list(f.all_renders), "data": f.data}}
    if f.fix is not None:
        fixes = _sarif_fixes(f)
        if fixes:
            out["fixes"] = fixes
    if f.suppressed:
        out["suppressions"] = [_sarif_suppression(f)]
    return out


def _sarif_suppression(f: Finding) -> dict[str, Any]:
    """`inSource` for the manifest's own annotation (at its line), `external` for the
    configuration and `--ignore`."""
    if f.suppressed_by is not Suppressor.ANNOTATION:
        return {"kind": "external", "justification": f.suppressed}
    region = {"region": {"startLine": f.workload.ignore_line}} if f.workload.ignore_line else {}
    return {"kind": "inSource", "justification": f.suppressed,
            "location": {"physicalLocation": {
                "artifactLocation": {"uri": sarif_uri(f.workload.source)}, **region}}}


def _sarif_fixes(f: Finding) -> list[dict[str, Any]]:
    from kubesim.analysis.check.fixes import sarif_fixes

    source = f.workload.source
    ref = next((c for c in f.workload.containers if c.name == f.container), None)
    if ref is None or source == "<stdin>" or not Path(source).is_file():
        return []
    return sarif_fixes(ref, f.fix, sarif_uri(source), Path(source).read_text(encoding="utf-8"))


# ---------------------------------------------------------------- github

GITHUB_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def render_github(report: Report) -> WorkflowCommands:
    """GitHub workflow commands: an annotation on its file and line for every finding that is
    not suppressed (`error` when it fails the run, else by severity), an `error` for every
    input that could not be read, one `notice` saying what the manifests' own annotations
    suppressed and the exit code without them, and one for a configuration that departs from
    the defaults (`warning` when it changed the verdict)."""
    lines = []
    for f in report.findings:
        if f.suppressed:
            continue
        level = "error" if report.fails(f) else GITHUB_LEVEL[f.severity]
        title = f"{f.rule} {f.name}" + (f" ({f.container})" if f.container else "")
        renders = f.all_renders
        message = f.message + (f" [{renders_text(renders)}]" if len(renders) > 1 else "")
        lines.append(workflow_command(level, {"file": f.workload.source, "line": f.line,
                                              "title": title}, message))
    for e in report.errors:
        lines.append(workflow_command("error", {"file": e.source, "line": e.line,
                                                "title": "kubesim: input not read"},
                                      f"{e} (not checked; exit 2)"))
    said = suppression_line(report)
    if said is not None:
        lines.append(workflow_command("notice", {"title": "kubesim suppressions"}, said))
    c = report.settings.configuration
    if c is not None and c.departures:
        changed = report.default_gate_exit_code != report.exit_code
        without = _CONFIGURATION_GATE.format(visible(c.source))
        lines.append(workflow_command("warning" if changed else "notice",
                                      {"title": "kubesim configuration"},
                                      configuration_line(c) + (
                                          f"; exit {report.exit_code}, exit "
                                          f"{report.default_gate_exit_code} without {without}"
                                          if changed else "")))
    return WorkflowCommands("".join(f"{line}\n" for line in lines))


FORMATS = {"text": render_text, "json": render_check_json, "junit": render_junit,
           "sarif": render_sarif, "github": render_github}
