"""A container's status as the kubelet logs it: Go's `%+v` of a v1.PodStatus, put back as the
pod status JSON it stands for.

The status manager logs every status it sent (`Infof("Status for pod %q updated successfully:
(%d, %+v)", format.Pod(pod), status.version, status.status)` in syncPod of
pkg/kubelet/status/status_manager.go, with glog, then klog; from 1.20 klog's structured
`"Status for pod updated successfully" pod="NS/NAME" statusVersion=N status={...}`, its pod
read by the klog reader's `kobj_pod`), and a page quotes a piece of such a line:

    ...ContainerStatuses:[{Name:web State:{Waiting:nil Running:nil
    Terminated:&ContainerStateTerminated{ExitCode:137,Signal:0,Reason:OOMKilled,Message:,
    StartedAt:2023-08-29 21:51:09 +0800 CST,FinishedAt:...,ContainerID:...,}}
    LastTerminationState:{Waiting:nil Running:nil Terminated:nil} Ready:false RestartCount:3 ...}]...

fmt prints a ContainerStatus (a value in the slice) as `{Field:value ...}`, its states'
pointers through their generated String() (`&ContainerStateTerminated{Key:value,...,}`, `nil`
for none; generated.pb.go), a time as time.Time's String (`2006-01-02 15:04:05.999999999
-0700 MST`). Each struct is read by its keys, in the order String() prints them, its lines
joined where the author broke them; only what the API's ContainerStatus holds is kept (name,
state, lastState, ready, restartCount). Everything here is a scan with `str.find` and bounded
patterns: a line of any length is read in one pass.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any, NamedTuple

from kubesim.explain.readers.klog import kobj_pod
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.names import LABEL, SUBDOMAIN

__all__ = ["GoStatusRead", "GoStatuses", "go_statuses"]

# a ContainerStatus printed by fmt: its name, then its State's struct
_ITEM = lazy_regex(r"\{Name:(?P<name>[^\s{}\[\]]{0,253}) State:\{")
_LISTS = lazy_regex(r"\b(?P<kind>Init|Ephemeral)?ContainerStatuses:\[")
_STATES = (("Waiting", "waiting"), ("Running", "running"), ("Terminated", "terminated"))
# each state's fields, in the order its generated String() prints them
_FIELDS = {
    "waiting": (("Reason", "reason"), ("Message", "message")),
    "running": (("StartedAt", "startedAt"),),
    "terminated": (("ExitCode", "exitCode"), ("Signal", "signal"), ("Reason", "reason"),
                   ("Message", "message"), ("StartedAt", "startedAt"),
                   ("FinishedAt", "finishedAt"), ("ContainerID", "containerID")),
}
_NUMBERS = frozenset({"exitCode", "signal"})
_TIMES = frozenset({"startedAt", "finishedAt"})
# time.Time's String: `2023-08-29 21:51:09.5 +0800 CST`, a kubelet's own times with their
# monotonic reading after them (` m=+12.3`)
_GO_TIME = lazy_regex(r"(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(\.\d{1,9})? ([+-]\d{4}) [A-Za-z0-9+-]{1,8}"
                      r"(?: m=[+-][0-9.]{1,30})?")
_READY = lazy_regex(r"(?:^|\s)Ready:(true|false)\b")
_RESTARTS = lazy_regex(r"(?:^|\s)RestartCount:(\d{1,9})\b")
_NAME = lazy_regex(LABEL)
# the status manager's line names its pod as format.Pod does: NAME_NAMESPACE(UID)
_POD = lazy_regex(rf'Status for pod "(?P<name>{SUBDOMAIN})_(?P<namespace>{LABEL})\(')
_MAX_ITEM = 16_384  # no container's status is longer (its messages are cut at 4 KiB... and less)
_MAX_ITEMS = 64
_MAX_LINES = 12  # the lines an author broke one status over


class GoStatusRead(NamedTuple):
    """What was read of one Go-printed status: its first and last line (1-based), the
    container names read, the names seen that the API gives no container (a page's
    placeholder), the pod its line names (`NS/NAME`, or NAME where it gives no namespace: the
    status manager's `Status for pod "..."`, klog's `pod="NS/NAME"`; empty for none), and
    whether other text of its lines was left out."""
    first: int
    last: int
    names: list[str]
    placeholders: list[str]
    pod: str
    rest: bool


class GoStatuses(NamedTuple):
    """The text with each Go-printed status's lines put back as one line of the pod status
    JSON it stands for (the lines it was joined from left blank: line numbers stay), and what
    was read of each."""
    text: str
    read: list[GoStatusRead]


def go_statuses(text: str) -> GoStatuses | None:
    """Every Go-printed ContainerStatus of the text put back (`GoStatuses`); None when the text
    holds none."""
    lines = text.split("\n")
    read: list[GoStatusRead] = []
    i = 0
    while i < len(lines):
        if _ITEM.search(lines[i][:_MAX_ITEM * 4]) is None:
            i += 1
            continue
        last, joined = _joined(lines, i)
        statuses, names, placeholders, rest = _statuses(joined)
        if not statuses:
            i += 1
            continue
        # (a v1.PodStatus the status manager logged: a pod's, its kind no document's to say)
        pod: dict[str, Any] = {"kind": "Pod", "status": statuses}
        named = _pod_of(joined[:joined.find("{Name:")])
        if named is not None:
            pod["metadata"] = named
        lines[i] = json.dumps(pod, sort_keys=True)
        for k in range(i + 1, last + 1):
            lines[k] = ""
        read.append(GoStatusRead(i + 1, last + 1, names, placeholders, "/".join(
            named[k] for k in ("namespace", "name") if k in named) if named else "", rest))
        i = last + 1
    return GoStatuses("\n".join(lines), read) if read else None


def _pod_of(head: str) -> dict[str, str] | None:
    """The pod the status manager's line names before its statuses (`metadata`): format.Pod's
    `Status for pod "NAME_NS(UID)"` (glog, klog before 1.20), or klog's structured
    `pod="NS/NAME"` (1.20 on, `klog.KObj`: `kobj_pod`); None where it names none."""
    named = _POD.search(head)
    if named is not None:
        return {"name": named["name"], "namespace": named["namespace"]}
    kobj = kobj_pod(head)
    if kobj is None:
        return None
    namespace, name = kobj
    return {"name": name} if namespace is None else {"name": name, "namespace": namespace}


def _joined(lines: list[str], first: int) -> tuple[int, str]:
    """The line holding a status's start joined to the lines after it while its braces stay
    open (at most `_MAX_LINES`): where the author broke a field list after a `,` `{` or `[`
    (or before a `}`) nothing was between, elsewhere a space was."""
    joined = lines[first].rstrip()
    last = first
    while _open(joined) and last + 1 < len(lines) and last - first < _MAX_LINES \
            and lines[last + 1].strip() and len(joined) < _MAX_ITEM * 4:
        last += 1
        more = lines[last].strip()
        glue = "" if joined.endswith((",", "{", "[", ":")) or more.startswith(("}", "]", ",")) \
            else " "
        joined += glue + more
    return last, joined


def _open(text: str) -> bool:
    start = text.find("{Name:")
    return start >= 0 and text.count("{", start) > text.count("}", start)


def _statuses(joined: str) -> tuple[dict[str, list[dict[str, Any]]], list[str], list[str], bool]:
    """The pod status a joined line's ContainerStatus structs stand for, keyed by their list
    (`containerStatuses`, `initContainerStatuses`), the names read, the placeholders seen
    (names the API gives no container), and whether text other than an ellipsis is left
    out around them."""
    lists = [(m.start(), m["kind"]) for m in _LISTS.finditer(joined)]
    out: dict[str, list[dict[str, Any]]] = {}
    names: list[str] = []
    placeholders: list[str] = []
    spans: list[tuple[int, int]] = []
    for m in list(_ITEM.finditer(joined))[:_MAX_ITEMS]:
        end = _closing(joined, m.start())
        item = joined[m.start() + 1:end]
        status = _status(item, m["name"])
        if status is None:
            continue
        if "name" in status:
            names.append(status["name"])
        elif m["name"]:
            placeholders.append(m["name"])
        kind = next((k for at, k in reversed(lists) if at < m.start()), None)
        key = f"{kind[0].lower()}{kind[1:]}ContainerStatuses" if kind else "containerStatuses"
        out.setdefault(key, []).append(status)
        spans.append((m.start(), end))
    return out, names, placeholders, bool(spans) and _left_out(joined, spans)


def _left_out(joined: str, spans: list[tuple[int, int]]) -> bool:
    """Whether the line holds more than the statuses, their list's brackets and an
    ellipsis."""
    rest = joined[:spans[0][0]]
    rest += "".join(joined[a[1] + 1:b[0]] for a, b in zip(spans, spans[1:], strict=False))
    rest += joined[spans[-1][1] + 1:]
    return bool(re.sub(r"(?:Init|Ephemeral)?ContainerStatuses:\[|[\]}\s.\u2026]", "",
                       rest[:_MAX_ITEM]))


def _closing(text: str, start: int) -> int:
    """Where the brace opened at `start` closes (the text's end, bounded, when it is cut)."""
    depth = 0
    stop = min(len(text), start + _MAX_ITEM)
    for at in range(start, stop):
        if text[at] == "{":
            depth += 1
        elif text[at] == "}":
            depth -= 1
            if depth == 0:
                return at
    return stop


def _status(item: str, name: str) -> dict[str, Any] | None:
    """One ContainerStatus's fields as the API's JSON names them; None without a state."""
    state_at = item.find(" State:{")
    state_end = _closing(item, state_at + 7)
    state = _state(item[state_at + 8:state_end])
    if state is None:
        return None
    status: dict[str, Any] = {"state": state}
    if _NAME.fullmatch(name):
        status["name"] = name
    rest = item[state_end + 1:]
    last_at = rest.find("LastTerminationState:{")
    if last_at >= 0:
        last_end = _closing(rest, last_at + 21)
        status["lastState"] = _state(rest[last_at + 22:last_end]) or {}
        rest = rest[:last_at] + " " + rest[last_end + 1:]
    if (ready := _READY.search(rest)) is not None:
        status["ready"] = ready[1] == "true"
    if (count := _RESTARTS.search(rest)) is not None:
        status["restartCount"] = int(count[1])
    return status


def _state(body: str) -> dict[str, Any] | None:
    """A ContainerState's `Waiting:... Running:... Terminated:...` (each `nil` or
    `&ContainerStateX{...}`): the one that is set, as the API's JSON; None when none is
    read."""
    for go, key in _STATES:
        at = body.find(f"{go}:&ContainerState{go}{{")
        if at < 0:
            continue
        start = at + len(go) + len("ContainerState") + 2 + len(go)
        end = _closing(body, start)
        return {key: _fields(body[start + 1:end], _FIELDS[key])}
    return None


def _fields(body: str, keys: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """A state's fields, found by their keys in String()'s order (a value runs to the next
    key's comma, so a message may hold commas); a field that does not read is left out."""
    out: dict[str, Any] = {}
    at = 0
    for n, (go, key) in enumerate(keys):
        found = body.find(f"{go}:", at)
        if found < 0:
            break
        start = found + len(go) + 1
        nxt = next((x for x in (body.find(f",{k}:", start) for k, _ in keys[n + 1:])
                    if x >= 0), -1)
        value = (body[start:nxt] if nxt >= 0 else body[start:].removesuffix(",")).strip()
        at = start if nxt < 0 else nxt
        if (read := _value(key, value)) is not None:
            out[key] = read
    return out


def _value(key: str, value: str) -> Any:
    if key in _NUMBERS:
        return int(value) if re.fullmatch(r"-?\d{1,10}", value) else None
    if key in _TIMES:
        m = _GO_TIME.fullmatch(value[:120])
        if m is None or m[1].startswith("0001-"):  # time.Time's zero: no time
            return None
        stamp = datetime.fromisoformat(f"{m[1]}T{m[2]}{m[4][:3]}:{m[4][3:]}")
        return stamp.isoformat()
    return value or None
