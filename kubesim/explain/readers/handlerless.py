"""Probe YAML pasted alone whose probes give their settings and no handler (`livenessProbe:`
over `initialDelaySeconds: 120`, `periodSeconds: 30`, ...: a chart's values, an author's
listing of the timings, the handler left to the template or left out).

The API takes no probe without exactly one handler (R5.8), so such a mapping is no pod's spec
as the API holds it: it is the probe's settings as the record gives them, its handler not in
the record. It is read as chart_values.py reads a chart's values without a handler: a
placeholder exec handler stands for the one the record does not show, as explain assumes a
probe the record does not show (reconstruct.py), and the note says so. Only a document whose
every key is a probe's (the YAML alone, no container or pod around it) and a probe whose
mapping holds a probe's settings and no handler's key are read so; a container's or a pod's
probe without a handler stays refused as the spec reader refuses it.
"""

from __future__ import annotations

from typing import Any

from kubesim.spec.yamlio import YamlDocument

__all__ = ["PROBE_KEYS", "placeholder_handlers"]

PROBE_KEYS = ("livenessProbe", "readinessProbe", "startupProbe")
_HANDLERS = frozenset({"exec", "httpGet", "tcpSocket", "grpc"})
_SETTINGS = frozenset({"initialDelaySeconds", "periodSeconds", "timeoutSeconds",
                       "failureThreshold", "successThreshold", "terminationGracePeriodSeconds"})


def _handlerless(probe: Any) -> bool:
    """Whether a probe's mapping gives settings and no handler."""
    return isinstance(probe, dict) and not _HANDLERS & probe.keys() and \
        bool(_SETTINGS & probe.keys()) and probe.keys() <= _SETTINGS


def placeholder_handlers(docs: list[YamlDocument]) -> list[tuple[str, int | None]]:
    """Each handler-less probe of a document of probes alone given a placeholder exec handler
    (in place); the probes so read and their lines."""
    placed: list[tuple[str, int | None]] = []
    for doc in docs:
        data = doc.data
        if not isinstance(data, dict) or not data or not data.keys() <= set(PROBE_KEYS):
            continue
        for key, probe in data.items():
            if _handlerless(probe):
                probe["exec"] = {"command": [f"(the {key[:-5]} command the record does not show)"]}
                placed.append((key, doc.lines.get((key,))))
    return placed
