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
from typing import Any

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["dotted_state_key", "flat_pod_probes", "is_status_key", "orphan_probe_fields",
           "reindent_probes", "reindent_status", "run_into_prose", "undotted"]

_PROBES = {"livenessProbe", "readinessProbe", "startupProbe"}
_FIELDS = {"initialDelaySeconds", "periodSeconds", "timeoutSeconds", "successThreshold",
           "failureThreshold", "terminationGracePeriodSeconds"}
_HANDLERS = {"httpGet": {"path", "port", "host", "scheme"}, "tcpSocket": {"port", "host"},
             "exec": {"command"}, "grpc": {"port", "service"}}
_KEY = lazy_regex(r"^[ \t]*(?P<key>[A-Za-z]+):(?P<value>(?:[ \t].*)?)$")
_ITEM = lazy_regex(r"^[ \t]*- (?P<value>.*)$")
# the tables above by their place in the Probe schema, for one_line_probe.py's splitting
PROBE_KEYS, PROBE_FIELDS, HANDLER_FIELDS = _PROBES, _FIELDS, _HANDLERS


# a probe's number run into the sentence after it, the line break lost (`timeoutSeconds: 3The
# probe hits ...`): the digits and a capital starting a word
_RUN_IN = lazy_regex(r"[ \t]*(?P<key>[A-Za-z]+):[ \t]*\d+[A-Z][a-z]")


def run_into_prose(text: str) -> bool:
    """Whether `text` is a probe's number field whose value runs into a sentence (the line
    break after it lost): its value cannot be told from the sentence's first word."""
    m = _RUN_IN.match(text)
    return m is not None and m["key"] in _FIELDS


_TIMING = {"initialDelaySeconds", "periodSeconds", "timeoutSeconds", "successThreshold",
           "failureThreshold"}
_ORPHAN_KEYS = _TIMING | {"path", "port", "scheme", "host"}


def orphan_probe_fields(lines: list[str]) -> list[int]:
    """The indices of `lines` that hold a probe's fields with their values, where no line
    names a probe (`livenessProbe:`: the copy lost it): runs of consecutive `key: value` lines
    of a probe's keys, each run with one of a probe's timing fields (a Service's `port`, a
    volume's `path` alone are no probe's). Empty when a line names a probe."""
    keys = [_KEY.match(x) if len(x) <= 2000 else None for x in lines]
    if any(m is not None and m["key"] in _PROBES for m in keys):
        return []
    found: list[int] = []
    run: dict[int, str] = {}  # the run's lines and their keys
    for i, m in enumerate([*keys, None]):
        value = m["value"].strip() if m is not None else ""
        if m is not None and m["key"] in _ORPHAN_KEYS and value and value[0] not in "{[|>&*":
            run[i] = m["key"]
            continue
        if _TIMING.intersection(run.values()):
            found.extend(run)
        run = {}
    return found


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
            # a handler written as a flow mapping (`httpGet: { path: /healthz, port: 8080 }`)
            # holds its keys: a key of it on a line of its own after that is not read
            handler = "" if value.strip() else key
            out.append(f"  {key}:{value}")
        elif probe and key in _FIELDS:
            out.append(f"  {key}:{value}")
        elif handler and key in _HANDLERS[handler]:
            items = key == "command" and not value.strip()
            out.append(f"    {key}:{value}")
        else:
            return None
    return "\n".join(out) + "\n" if probe else None


# A pod's status whose indentation the paste lost (a web page that trims leading spaces): its
# keys are put back by their names, which core/v1 PodStatus, ContainerStatus, ContainerState
# and PodCondition make unambiguous but for `reason` and `message`, which belong to the
# state read last (a container status has neither).
_STATUS_KEYS = {"phase", "conditions", "hostIP", "hostIPs", "podIP", "podIPs", "startTime",
                "qosClass", "message", "reason", "nominatedNodeName", "containerStatuses",
                "initContainerStatuses", "ephemeralContainerStatuses"}
_ITEM_KEYS = {"containerStatuses": {"name", "ready", "restartCount", "image", "imageID",
                                    "containerID", "started", "state", "lastState"},
              "conditions": {"type", "status", "lastProbeTime", "lastTransitionTime", "reason",
                             "message"}}
_ITEM_KEYS["initContainerStatuses"] = _ITEM_KEYS["ephemeralContainerStatuses"] = \
    _ITEM_KEYS["containerStatuses"]
_STATE_FIELDS = {"waiting": {"reason", "message"}, "running": {"startedAt"},
                 "terminated": {"exitCode", "signal", "reason", "message", "startedAt",
                                "finishedAt", "containerID"}}
_ITEM_KEY = lazy_regex(r"^[ \t]*- (?P<key>[A-Za-z]+):(?P<value>(?:[ \t].*)?)$")
_ALL_KEYS = frozenset({"status", "state", "lastState"} | _STATUS_KEYS | set(_STATE_FIELDS)
                      | {k for keys in (*_ITEM_KEYS.values(), *_STATE_FIELDS.values())
                         for k in keys})


def is_status_key(key: str) -> bool:
    """Whether `key` is one of the pod status's keys this module puts back by name."""
    return key in _ALL_KEYS


class _Status:
    """Where a flattened status's reading is: the list, the item's state and sub-state."""

    def __init__(self) -> None:
        self.out = ["status:"]
        self.section, self.item, self.state, self.sub = "", False, "", ""

    def item_line(self, key: str, value: str) -> bool:
        if not self.section or key not in _ITEM_KEYS[self.section]:
            return False
        self.item, self.state, self.sub = True, "", ""
        self.out.append(f"  - {key}:{value}")
        return key not in ("state", "lastState") or self.open_state(key, value)

    def open_state(self, key: str, value: str) -> bool:
        self.state, self.sub = key, ""
        return not value.strip()

    def key_line(self, key: str, value: str) -> bool:
        if self.sub and key in _STATE_FIELDS[self.sub]:
            self.out.append(f"        {key}:{value}")
        elif self.state and not self.sub and key in _STATE_FIELDS:
            self.sub = key
            self.out.append(f"      {key}:{value}")
        elif self.item and key in _ITEM_KEYS[self.section]:
            self.out.append(f"    {key}:{value}")
            if key in ("state", "lastState"):
                return self.open_state(key, value)
            self.state = self.sub = ""
        elif key in _STATUS_KEYS:
            self.section = key if key in _ITEM_KEYS and not value.strip() else ""
            self.item, self.state, self.sub = False, "", ""
            self.out.append(f"  {key}:{value}")
        else:
            return False
        return True


_KIND_POD = lazy_regex(r"^kind:[ \t]+Pod[ \t]*$")


def reindent_status(lines: list[str]) -> str | None:
    """The pod status YAML `lines` make with their indentation put back, or None when a line
    is not a status key in a place it can be. The first line is `status:`, or `kind: Pod`
    and then `status:` (the document's kind kept)."""
    texts = [x for x in lines if x.strip()]
    kind = texts[:1] if texts and _KIND_POD.match(texts[0].strip()) else []
    texts = texts[len(kind):]
    if not texts or texts[0].strip() != "status:":
        return None
    status = _Status()
    status.out[:0] = [x.strip() for x in kind]
    for text in texts[1:]:
        item = _ITEM_KEY.match(text)
        m = item or _KEY.match(text)
        if m is None:
            return None
        key, value = m["key"], m["value"].rstrip()
        if not (status.item_line(key, value) if item else status.key_line(key, value)):
            return None
    return "\n".join(status.out) + "\n"


# A container's status written as key paths (nixkube-37: `lastState.terminated.exitCode: 143`
# then `restartCount: 2`, a jsonpath's or a reporter's shorthand): each path names where its
# key goes in a containerStatuses item (core/v1 ContainerStatus, ContainerState).
_PATH_KEY = re.compile(r"^[ \t]*(?P<path>[A-Za-z]{1,40}(?:\.[A-Za-z]{1,40}){0,2}):"
                       r"(?P<value>(?:[ \t].*)?)$")
_SCALAR_ITEM_KEYS = _ITEM_KEYS["containerStatuses"] - {"state", "lastState"}


def dotted_state_key(text: str) -> bool:
    """Whether `text` is a state's key as a path: `lastState.terminated.exitCode: 143`."""
    m = _PATH_KEY.match(text)
    return m is not None and _state_path(m["path"].split(".")) and bool(m["value"].strip())


def _state_path(parts: list[str]) -> bool:
    return len(parts) == 3 and parts[0] in ("state", "lastState") and \
        parts[1] in _STATE_FIELDS and parts[2] in _STATE_FIELDS[parts[1]]


def undotted(lines: list[str]) -> str | None:
    """The containerStatuses item (under `status:`) that key paths make, or None when a line
    is not a state's key path or a container status's own key, a key comes twice, or no
    line is a path."""
    scalars: list[str] = []
    states: dict[str, dict[str, list[str]]] = {}
    seen: set[str] = set()
    for text in (x for x in lines if x.strip()):
        m = _PATH_KEY.match(text)
        if m is None or m["path"] in seen or not m["value"].strip():
            return None
        seen.add(m["path"])
        parts = m["path"].split(".")
        if _state_path(parts):
            states.setdefault(parts[0], {}).setdefault(parts[1], []).append(
                f"        {parts[2]}:{m['value'].rstrip()}")
        elif len(parts) == 1 and parts[0] in _SCALAR_ITEM_KEYS:
            scalars.append(f"{parts[0]}:{m['value'].rstrip()}")
        else:
            return None
    if not states or any(len(subs) > 1 for subs in states.values()):
        return None  # (a state holds one of running, waiting, terminated)
    body = [f"    {x}" for x in scalars]
    for state, subs in states.items():
        body.append(f"    {state}:")
        for sub, fields in subs.items():
            body += [f"      {sub}:", *fields]
    body[0] = "  - " + body[0].lstrip()  # the item's first key opens it
    return "status:\n  containerStatuses:\n" + "\n".join(body) + "\n"


def flat_pod_probes(obj: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A Pod document whose indentation the paste lost parses as one mapping of stray keys:
    `spec` empty, `containers` a list of one `- name:` item beside `kind`, and the probe's
    keys at the top (`livenessProbe:`, `exec:`, `command:`, `initialDelaySeconds: 5`). Its
    one container's probes, each key put back under the one it belongs to by its name (as
    `reindent_probes`), from the first probe key to the first key of no probe; None for
    anything else (several containers, init containers, a probe key with a value): which
    container a probe is of is never guessed."""
    items = obj.get("containers")
    if obj.get("spec") is not None or "initContainers" in obj or not isinstance(items, list) \
            or len(items) != 1 or not isinstance(items[0], dict) \
            or not isinstance(items[0].get("name"), str):
        return None
    keys = list(obj)
    start = next((i for i, k in enumerate(keys) if k in _PROBES), None)
    if start is None:
        return None
    probes: dict[str, dict[str, Any]] = {}
    probe, handler = "", ""
    for key in keys[start:]:
        value = obj[key]
        if key in _PROBES or (probe and key in _HANDLERS):
            if value is not None:
                return None  # (a key that opens a mapping holds no value of its own)
            probe, handler = (key, "") if key in _PROBES else (probe, key)
            probes.setdefault(probe, {})
            if handler:
                probes[probe][handler] = {}
        elif probe and key in _FIELDS:
            probes[probe][key] = value
        elif handler and key in _HANDLERS[handler]:
            probes[probe][handler][key] = value
        else:
            break
    return items[0]["name"], probes
