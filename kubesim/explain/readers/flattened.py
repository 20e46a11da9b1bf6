"""Probe YAML whose indentation a paste lost (an issue's text without a code block, a chat
that trims leading spaces): its keys are put back under the key they belong to by their
names, which the Pod API makes unambiguous (core/v1 Probe, ProbeHandler, HTTPGetAction,
TCPSocketAction, ExecAction, GRPCAction).

    livenessProbe:                 livenessProbe:
     failureThreshold: 2             failureThreshold: 2
     httpGet:               ->       httpGet:
     path: /health                     path: /health
    periodSeconds: 30                periodSeconds: 30

Only a text made of these keys alone is rebuilt (a probe key first); anything else (a header
list, a key of another object) leaves it unread: a guess is never made.
"""

from __future__ import annotations

import re

__all__ = ["reindent_probes"]

_PROBES = {"livenessProbe", "readinessProbe", "startupProbe"}
_FIELDS = {"initialDelaySeconds", "periodSeconds", "timeoutSeconds", "successThreshold",
           "failureThreshold", "terminationGracePeriodSeconds"}
_HANDLERS = {"httpGet": {"path", "port", "host", "scheme"}, "tcpSocket": {"port", "host"},
             "exec": {"command"}, "grpc": {"port", "service"}}
_KEY = re.compile(r"^[ \t]*(?P<key>[A-Za-z]+):(?P<value>(?:[ \t].*)?)$")
_ITEM = re.compile(r"^[ \t]*- (?P<value>.*)$")


def reindent_probes(lines: list[str]) -> str | None:
    """The probe YAML `lines` make with their indentation put back, or None when a line is
    not one of a probe's keys (or a command's item) in a place it can be."""
    out: list[str] = []
    probe, handler, items = False, "", False
    for text in lines:
        if not text.strip():
            continue
        item = _ITEM.match(text)
        if item is not None and items:
            out.append(f"      - {item['value'].strip()}")
            continue
        m = _KEY.match(text)
        key, value = (m["key"], m["value"].rstrip()) if m else ("", "")
        items = False
        if key in _PROBES:
            probe, handler = True, ""
            out.append(f"{key}:{value}")
        elif probe and key in _HANDLERS:
            handler = key
            out.append(f"  {key}:{value}")
        elif probe and key in _FIELDS:
            out.append(f"  {key}:{value}")
        elif handler and key in _HANDLERS[handler]:
            items = key == "command" and not value.strip()
            out.append(f"    {key}:{value}")
        else:
            return None
    return "\n".join(out) + "\n" if probe else None
