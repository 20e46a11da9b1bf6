"""A chunk of YAML as an issue pastes a file of it (a chart's values.yaml): comment lines at
column 0 between its keys (`# Configure extra options for liveness probe` above
`livenessProbe:`) are YAML's own comments (YAML 1.2, 6.6: a comment line may stand anywhere,
at any indentation), so the document goes on across them to the key under them, where the
document kept its indentation (a probe's YAML whose indentation the paste lost is put back by
flattened.py from its pieces). A chart's values whose probes are keys at column 0
(`chart_rest`, README's Helm values rule): the chart's other keys and the handler's fields the
chart's template takes are no Pod's, named as not read. The lines above such a chunk's first
key (a chunk cut inside a mapping or a list) are the placer's lines not read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["HANDLER_INPUT", "OTHER_VALUES", "ChartRest", "chart_rest", "yaml_comments_inside"]

_COMMENT = lazy_regex(r"^#(?:[ \t]|$)")
# a line that goes on with a YAML document at column 0: a mapping's key, an item, `---`
_GOES_ON = lazy_regex(r"^[a-z][A-Za-z0-9]*:(?:\s|$)|^- |^---\s*$")
# a line that opens an object of its own: the comments above it end the document before it
_NEW_OBJECT = lazy_regex(r"^(?:---|\.\.\.|apiVersion:|kind:|- apiVersion:)")


def yaml_comments_inside(lines: Sequence[PasteLine], start: int) -> int | None:
    """Where a YAML document goes on after the comment lines at column 0 from index `start`
    (and blank lines among them): the index of the first line after them, when that line is
    the document's (indented, or a key, an item or `---` at column 0); None when they are not
    comments, or nothing of the document follows them (prose, a command, a fence, the end).
    Each line is looked at once per call, and a call that finds no document after the
    comments ends the document (the caller's loop goes on from `start`)."""
    j = start
    while j < len(lines) and (lines[j].kind is LineKind.BLANK or (
            lines[j].kind is LineKind.CONTENT and _COMMENT.match(lines[j].text))):
        j += 1
    if j == start or j == len(lines) or lines[j].kind is not LineKind.CONTENT:
        return None
    text = lines[j].text
    if _NEW_OBJECT.match(text):  # another document after the comments (`# and its events`)
        return None
    return j if text[:1] in " \t" or _GOES_ON.match(text) else None


_PROBE_KEY = lazy_regex(r"^(?:liveness|readiness|startup)Probe:")
_KEY = lazy_regex(r"^(?P<indent>[ \t]*)(?P<key>[A-Za-z][A-Za-z0-9]*):(?:\s|$)")
# a handler's field a chart's values give beside the probe's (`path: /`): the chart's input
# to the handler its template renders (an httpGet's), no field of a Probe
_HANDLER_INPUT = frozenset({"path", "port", "scheme", "host", "httpHeaders"})
OTHER_VALUES = "a Helm chart's own value beside its probes, no probe's nor a pod's"
HANDLER_INPUT = ("a Helm chart's input to the handler its template renders (`path:` of an "
                 "HTTP GET), no field of a Probe")


class ChartRest(NamedTuple):
    """A chart's values with what no probe reads blanked (lines keep their numbers), and
    the 0-based offsets of those lines: the chart's other values, and its handler inputs."""

    body: str
    other: list[int]
    inputs: list[int]


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def _block(lines: list[str], start: int) -> range:
    """The key at `start` and the lines of its mapping below it (more indented, or blank)."""
    end, indent = start + 1, _indent(lines[start])
    while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > indent):
        end += 1
    return range(start, end)


def chart_rest(body: str) -> ChartRest:
    """A chart's values whose probes are keys at column 0 (values.yaml pasted alone, README's
    Helm values rule): each other key at column 0 with its mapping is the chart's own value
    (`autoscaling:`, `resources:`), and a handler's field under a probe without a handler
    (`path: /` beside `enabled:`) the chart's input to the handler its template renders.
    Neither is a Pod's: both are blanked, and their lines named as not read."""
    lines = body.split("\n")
    other: list[int] = []
    inputs: list[int] = []
    # (probes nested in a pod's spec or a chart's key: the keys around them are no chart's)
    i = 0 if any(_PROBE_KEY.match(x) for x in lines) else len(lines)
    while i < len(lines):
        key = _KEY.match(lines[i])
        if key is None or key["indent"]:
            i += 1
            continue
        block = _block(lines, i)
        if _PROBE_KEY.match(lines[i]):
            inputs += _handler_inputs(lines, block)
        else:
            other += [j for j in block if lines[j].strip()]
        i = block.stop
    for j in other + inputs:
        lines[j] = ""
    return ChartRest("\n".join(lines), other, inputs)


def _handler_inputs(lines: list[str], block: range) -> list[int]:
    """The lines of a handler's fields right under a probe's key (`path: /`), with their
    mappings, where the probe has no handler of its own."""
    found: list[int] = []
    child = None
    for j in block[1:]:
        key = _KEY.match(lines[j])
        if key is None:
            continue
        child = len(key["indent"]) if child is None else child
        if len(key["indent"]) != child:
            continue
        if key["key"] in ("exec", "httpGet", "tcpSocket", "grpc"):
            return []
        if key["key"] in _HANDLER_INPUT:
            found += [k for k in _block(lines, j) if lines[k].strip()]
    return found
