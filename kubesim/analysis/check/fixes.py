"""Changes to a container's probes, as advice (`check`) and as `kubesim suggest` prints them.

A `ProbePatch` says, per probe field, which settings change (`None` removes a setting, a
nested mapping merges into the handler). It renders three ways: a strategic-merge patch of
the object (containers merge by name, so `kubectl patch --type strategic` and kustomize
apply it), SARIF fixes (line replacements in the manifest, block-style YAML only), and the
patched container itself (`patched_pod`), which is how every piece of advice is re-checked
before it is given.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import yaml

from kubesim.results import ProbeType
from kubesim.spec.manifests import POD_SPEC_AT
from kubesim.spec.model import ProbedContainer, parse_container

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import ContainerRef, Workload
    from kubesim.spec.model import Probe

__all__ = ["ProbePatch", "apply", "container_data", "patched_pod", "probe_data",
           "sarif_fixes", "startup_fix", "strategic_patch"]

_SETTINGS = ("initialDelaySeconds", "timeoutSeconds", "periodSeconds", "successThreshold",
             "failureThreshold", "terminationGracePeriodSeconds")


@dataclass(frozen=True)
class ProbePatch:
    """Changes to one container's probes: {probe field: {setting: value or None}}."""

    container: str
    changes: dict[str, dict[str, Any]] = field(default_factory=dict)
    summary: str = ""

    def to_data(self) -> dict[str, Any]:
        return {"name": self.container, **self.changes}


def probe_data(probe: Probe) -> dict[str, Any]:
    """A probe as Kubernetes YAML data (camelCase), defaults left out."""
    data: dict[str, Any] = probe.model_dump(by_alias=True, exclude_defaults=True,
                                            exclude_none=True, mode="json")
    return data


def _merge(base: Any, changes: dict[str, Any]) -> dict[str, Any]:
    out = dict(base) if isinstance(base, dict) else {}
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def apply(container: dict[str, Any], patch: ProbePatch) -> dict[str, Any]:
    """The container mapping with the patch merged in (a new mapping)."""
    return _merge(container, patch.changes)


def container_data(c: ContainerRef) -> dict[str, Any]:
    """The container's mapping in its YAML document."""
    data: Any = c.doc.data
    for key in c.loc:
        data = data[key]
    return data


def patched_pod(pod: ProbedContainer, c: ContainerRef, patch: ProbePatch) -> ProbedContainer:
    """The probed container after the patch, validated like any manifest (SpecError)."""
    data = {k: v for k, v in apply(container_data(c), patch).items()
            if k in ("name", "ports", "startupProbe", "livenessProbe", "readinessProbe")}
    spec = parse_container(data, sidecar=pod.container.sidecar)
    return ProbedContainer(spec, pod.termination_grace_period_seconds, pod.restart_policy,
                           pod.object_kind, pod.object_name, pod.namespace, pod.source)


def strategic_patch(w: Workload, patches: list[ProbePatch]) -> dict[str, Any]:
    """A strategic-merge patch of the workload (containers matched by name, native sidecars
    under initContainers); for a compact probe spec, the changed probe fields themselves."""
    if w.kind not in POD_SPEC_AT:
        return {k: v for p in patches for k, v in p.changes.items()}
    # a native sidecar is an init container: its patch merges into initContainers
    sidecars = {c.name for c in w.containers if c.sidecar}
    meta: dict[str, Any] = {"name": w.name}
    if w.namespace:
        meta["namespace"] = w.namespace
    doc: dict[str, Any] = {"apiVersion": _api_version(w), "kind": w.kind, "metadata": meta}
    at: dict[str, Any] = doc
    for key in POD_SPEC_AT[w.kind]:
        at = at.setdefault(str(key), {})
    for key, sidecar in (("initContainers", True), ("containers", False)):
        listed = [p.to_data() for p in patches if (p.container in sidecars) == sidecar]
        if listed:
            at[key] = listed
    return doc


def _api_version(w: Workload) -> str:
    for c in w.containers:
        data = c.doc.data
        if isinstance(data, dict) and data.get("apiVersion"):
            return str(data["apiVersion"])
    return "v1" if w.kind == "Pod" else "apps/v1"


def sarif_fixes(c: ContainerRef, patch: ProbePatch, uri: str, text: str) -> list[dict[str, Any]]:
    """SARIF `fixes`: each changed probe block replaced (or a new one inserted before the
    first probe) in block-style YAML; [] where the manifest is flow-style or JSON."""
    lines = text.splitlines(keepends=True)
    replacements = []
    for probe_field, changes in patch.changes.items():
        new = _merge(container_data(c).get(probe_field), changes)
        edit = _block_edit(c, lines, probe_field, new)
        if edit is None:
            return []
        replacements.append(edit)
    if not replacements:
        return []
    replacements = _merged(replacements)
    return [{"description": {"text": patch.summary or f"change the probes of {c.name}"},
             "artifactChanges": [{"artifactLocation": {"uri": uri},
                                  "replacements": replacements}]}]


def _merged(edits: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One replacement per start line (SARIF replacements must not overlap): an insertion
    before a block goes in front of that block's new text."""
    by_line: dict[int, dict[str, Any]] = {}
    for e in sorted(edits, key=lambda e: e["deletedRegion"]["endLine"]):
        line = e["deletedRegion"]["startLine"]
        if line not in by_line:
            by_line[line] = e
            continue
        have = by_line[line]
        text = have["insertedContent"]["text"] + e["insertedContent"]["text"]
        region = max((have["deletedRegion"], e["deletedRegion"]), key=lambda r: r["endLine"])
        by_line[line] = {"deletedRegion": region, "insertedContent": {"text": text}}
    return [by_line[k] for k in sorted(by_line, reverse=True)]


def _block_edit(c: ContainerRef, lines: list[str], probe_field: str,
                new: dict[str, Any]) -> dict[str, Any] | None:
    existing = container_data(c).get(probe_field) is not None
    anchor = probe_field if existing else next(
        (f for f in ("startupProbe", "livenessProbe", "readinessProbe")
         if container_data(c).get(f) is not None), None)
    if anchor is None:
        return None
    first = c.line(anchor)
    if first is None or not 1 <= first <= len(lines):  # None: no lines (a Helm template)
        return None
    head = lines[first - 1]
    match = re.match(rf"^(\s*){anchor}:\s*(#.*)?$", head.rstrip("\n"))
    if match is None:  # flow style, JSON, or the first key of a list item
        return None
    indent = match.group(1)
    body = yaml.safe_dump({probe_field: new}, sort_keys=False, default_flow_style=False)
    block = "".join(f"{indent}{ln}\n" for ln in body.splitlines())
    end = first if not existing else _block_end(lines, first, len(indent))
    deleted = ({"startLine": first, "startColumn": 1, "endLine": end, "endColumn": 1}
               if existing else
               {"startLine": first, "startColumn": 1, "endLine": first, "endColumn": 1})
    return {"deletedRegion": deleted, "insertedContent": {"text": block}}


def _block_end(lines: list[str], first: int, indent: int) -> int:
    """The 1-based line after the block that starts at line `first` (its key at `indent`)."""
    n = first
    while n < len(lines):
        ln = lines[n]
        if ln.strip() and not ln.lstrip().startswith("#") and \
                len(ln) - len(ln.lstrip()) <= indent:
            break
        n += 1
    return n + 1


def startup_fix(pod: ProbedContainer, c: ContainerRef, profile: Any,
                protect: float) -> tuple[ProbePatch, float]:
    """The smallest startupProbe (liveness handler and period) that protects at least
    `protect` seconds of start-up at every grid phase, liveness initialDelaySeconds unset;
    and what it protects (kubesim.analysis.windows, re-checked on the patched container)."""
    from kubesim.analysis.check.memo import protection_windows

    live = pod.container.probes()[ProbeType.LIVENESS]
    handler = {k: v for k, v in probe_data(live).items() if k not in _SETTINGS}
    period = live.period_seconds
    failures = max(1, math.ceil(protect / period))
    while True:
        startup = {**handler, "periodSeconds": period, "failureThreshold": failures}
        timeout = min(live.timeout_seconds, max(1, period - 1))  # below the period: no KS004
        if timeout != 1:
            startup["timeoutSeconds"] = timeout
        patch = ProbePatch(c.name, {"livenessProbe": {"initialDelaySeconds": None},
                                    "startupProbe": startup},
                           f"startupProbe protecting at least {protect:.1f} s of start-up "
                           "instead of livenessProbe.initialDelaySeconds")
        fig = protection_windows(patched_pod(pod, c, patch), profile).startup_protection
        if fig is not None and fig.guaranteed >= protect - 1e-6:
            return patch, fig.guaranteed
        failures += 1
