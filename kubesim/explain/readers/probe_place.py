"""Whether the record's lines of a describe's container section reach the place where describe
prints the container's probe lines.

kubectl describe prints a container's section in one order (describe.go, describeContainers:
describeContainerBasicInfo, describeContainerCommand, describeContainerState with Ready and
Restart Count, describeResources' Limits and Requests, describeContainerProbe's Liveness,
Readiness and Startup lines, each only when set, then the environment and Mounts). A section
whose lines stop (the paste's end, a fence's or a command's line, a cut `...`, prose) before
that place says nothing of the container's probes: a probe it does not show may have killed
it. A section that goes on past the place (Environment, Mounts, the next container, the pod's
Conditions, Volumes, Events) with no Liveness or Startup line shows the container has none
that kills (the corpus README's rule of describe's block whole from Restart Count to
Environment, whatever the layout; imroc-learning-kubernetes-76's one-line block, orleans-6661's
section cut in its Limits).

One pass over the paste's lines from the describe's first line.
"""

from __future__ import annotations

from dataclasses import dataclass

from kubesim.explain.readers.describe import KEY_NAME, STATE_KEYS
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["probes_past_place"]

_KEY = lazy_regex(rf"^[ \t]*(?P<key>{KEY_NAME}):(?:[ \t]|$)")
# describe's fields of a container printed above its probe lines (a state's own under it)
_ABOVE = frozenset({"Container ID", "Image", "Image ID", "Port", "Ports", "Host Port",
                    "Host Ports", "Command", "Args", "State", "Last State", "Ready",
                    "Restart Count", "Limits", "Requests", *STATE_KEYS})
# a probe line shown: the section reached the place (a line cut inside it is `probe_cut`'s,
# describe.py; a readiness probe's settings shown are read by the rules of probe settings)
_PROBES = frozenset({"Liveness", "Readiness", "Startup"})
# what describe prints after the probe lines: the container's environment and mounts, then
# the next container's section or the pod's own sections
_BELOW = frozenset({"Environment", "Environment Variables from", "Environment Variables",
                    "Mounts", "Volume Mounts", "Conditions", "Volumes", "QoS Class", "QoS Tier",
                    "Node-Selectors", "Tolerations", "Events", "Containers", "Init Containers",
                    "Ephemeral Containers", "Readiness Gates", "Topology Spread Constraints"})


@dataclass(slots=True)
class _Open:
    """The container whose section is being walked, and whether its lines stopped since its
    last field above the probe lines (where, or None)."""

    container: ContainerRecord
    pod: str | None  # the name of the pod whose describe holds the section (its note's)
    stopped: int | None = None


def probes_past_place(found: RecordSet, lines: list[PasteLine], describe: set[int],
                      source: str, cut_line: int = 0) -> None:
    """Mark `probes_untold` each container of `found` (the describe reader's) whose section's
    lines stop before its probe lines' place, said in a note; `describe` holds the numbers of
    the paste's lines the describe reader read; `cut_line`, the paste's last line where the
    paste ends inside it (else 0)."""
    starts = {c.where.line: (p.name, c) for p in found.pods for c in p.containers
              if c.where.line in describe}
    now: _Open | None = None
    last = 0
    for line in lines:
        last = line.number
        if now is not None and line.cut_above:
            now.stopped = now.stopped or line.number
        if line.number in starts:
            _close(found, now, line.number, source)
            pod, container = starts[line.number]
            now = _Open(container, pod)
            continue
        if now is None:
            continue
        if line.number == cut_line and _cut_below(line.text):
            _close(found, now, line.number, source)  # the section went on past the place
            now = None
            continue
        if line.number not in describe:
            if line.kind is not LineKind.BLANK:
                now.stopped = now.stopped or line.number
            continue
        now = _field(found, now, line, source)
    if now is not None:  # the paste ends inside the section
        now.stopped = now.stopped or last
        _close(found, now, last, source)


def _cut_below(text: str) -> bool:
    """Whether a line the paste's end cut is the start of a field describe prints only below
    the probe lines' place: a word of two letters or more that begins such a field's name and
    no other's (`Enviro`: Environment; `Co` may be Command or Conditions: not read)."""
    word = text.strip()
    if len(word) < 2 or not word.replace(" ", "").replace("-", "").isalpha():
        return False
    names = [k for k in (*_ABOVE, *_PROBES, *_BELOW, "Name") if k.startswith(word) and k != word]
    return bool(names) and all(k in _BELOW for k in names)


def _field(found: RecordSet, now: _Open, line: PasteLine, source: str) -> _Open | None:
    """One describe line inside the open section: a field above the place keeps it open (a
    stop before it was above the place too); a probe line or a field below the place closes
    it, a probe line unmarked; any other line (a value's own lines, `cpu: 500m`) is passed over."""
    m = _KEY.match(line.text)
    key = m["key"].strip() if m else ""
    if key in _ABOVE:
        now.stopped = None
        return now
    if key in _PROBES:
        return None
    if key in _BELOW or key == "Name":  # (a pod's `Name:`: another describe begins)
        now.stopped = now.stopped or (line.number if key == "Name" else None)
        _close(found, now, line.number, source)
        return None
    return now


def _close(found: RecordSet, now: _Open | None, at: int, source: str) -> None:
    """The section ends at line `at`: its probes are untold where its lines stopped first."""
    if now is None or now.stopped is None:
        return
    c = now.container
    c.probes_untold = True
    name = f"container {c.name}'s" if c.name else "the container's"
    found.notes.append(Note(
        f"{name} section stops at line {now.stopped}, before the place where describe prints "
        "its probe lines (after Limits and Requests, before Environment): its probes are not "
        "in the record, so a probe it does not show may have killed it", Where(source, now.stopped),
        pod=now.pod, piece=c.where))  # of one pod's section: that pod's explanation lists it
