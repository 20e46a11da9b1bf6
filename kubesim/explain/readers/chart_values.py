"""A probe written as a Helm chart's values: the chart's own switch beside the probe's fields
(`startupProbe:` with `enabled: true`, `periodSeconds: 5`, ...), as bitnami's, nextcloud's and
most charts' values.yaml carry it. The chart's template renders the probe from the other keys
when `enabled` is true and renders none when it is false; `enabled` is no field of a core/v1
Probe. Only that key is the chart's: any other unknown key stays refused as the spec reader
refuses it. Values without a handler (the template writes it: nextcloud's `httpGet
/status.php`) get a placeholder exec handler, as explain assumes a probe the record does not
show (reconstruct.py), and the note says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["ChartSwitch", "chart_probe_values"]

_PROBE_KEY = lazy_regex(r"^(?P<indent>[ \t]*)(?P<probe>livenessProbe|readinessProbe|startupProbe):"
                        r"[ \t]*$")
_ENABLED = lazy_regex(r"^(?P<indent>[ \t]+)enabled:[ \t]*(?P<on>true|false|True|False)[ \t]*"
                      r"(?:#.*)?$")
_HANDLER = lazy_regex(r"^[ \t]+(?:exec|httpGet|tcpSocket|grpc):")


@dataclass(frozen=True)
class ChartSwitch:
    """A probe's `enabled:` key, `offset` lines into the YAML: the probe and its value."""

    offset: int
    probe: str
    enabled: bool
    handler_added: bool = False  # the values name no handler: a placeholder stands for it


def _block_end(lines: list[str], start: int, indent: int) -> int:
    """The index after the last line of the mapping under the key at `start`."""
    end = start + 1
    while end < len(lines) and (not lines[end].strip()
                                or len(lines[end]) - len(lines[end].lstrip()) > indent):
        end += 1
    return end


def chart_probe_values(body: str) -> tuple[str, list[ChartSwitch]]:
    """`body` with each probe's chart switch taken off (a line made blank, so that lines keep
    their numbers), and a probe switched off (`enabled: false`) blanked whole: the chart
    renders none. The switches found, in order."""
    lines = body.split("\n")
    found: list[ChartSwitch] = []
    for i, line in enumerate(lines):
        key = _PROBE_KEY.match(line)
        if key is None:
            continue
        end = _block_end(lines, i, len(key["indent"]))
        switch = next((j for j in range(i + 1, end) if _ENABLED.match(lines[j])), None)
        if switch is None:
            continue
        m = _ENABLED.match(lines[switch])
        assert m is not None
        on = m["on"].lower() == "true"
        bare = on and not any(_HANDLER.match(lines[j]) for j in range(i + 1, end))
        found.append(ChartSwitch(switch, key["probe"], on, bare))
        for j in [switch] if on else range(i, end):
            lines[j] = ""
        if bare:  # (a flow mapping on one line: the line keeps its number)
            command = f"(the {key['probe'][:-5]} command the chart renders)"
            lines[switch] = f'{m["indent"]}exec: {{command: ["{command}"]}}'
    return "\n".join(lines), found
