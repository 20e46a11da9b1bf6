"""Event and restart-count lines of test logs pasted from CI: each line one event of a named
pod, or one restart count of a named pod.

* The e2e framework's event dump (kubernetes test/e2e/framework, `DumpEventsInNamespace`):
  `Logf("event for %v: %v %v: %v", name, e.Source, e.Reason, e.Message)` up to 2016, then
  `Logf("At %v - event for %v: %v %v: %v", e.FirstTimestamp, name, ...)`; Logf puts the
  log's time and level first (`Jan 21 06:55:28.262: INFO: `). The source prints as Go prints
  an EventSource: `{kubelet node-1}`, `{default-scheduler }`. The line names no kind: an
  event from the kubelet or the scheduler is a pod's, any other (`{replication-controller }`)
  is another object's.
* OpenShift's monitor (openshift/origin pkg/monitor, 2018): `Nov 25 01:24:22.203 W
  pod=NAME ns=NS message`, its level I, W or E; and openshift-tests' repeated-event check:
  `event happened 47 times, something is wrong: ns/NS pod/NAME node/NODE - reason/Unhealthy
  message`. The reason is given in the second form; in the first it is inferred from the
  kubelet's words (`event_layouts.bare_reason`), and a line whose words say none is not read.
* The e2e probe tests' restart counts (test/e2e/common/container_probe.go): `Initial restart
  count of pod NAME is N`, `Restart count of pod NS/NAME is now N (...)`, `pod NS/NAME -
  expected number of restarts: X, found restarts: N` (with Go's `%!t(int=N)` when the verb
  did not fit), and the framework's `Saw pod 'NAME' ... out of pending state (found
  '"Running"')`; and the framework's `Logging pods the kubelet thinks is on node N`: `NAME
  started at TIME (I+C container statuses recorded)`, then `\tContainer NAME ready: true,
  restart count N` (`Init container` for an init container's) under it.

Every pattern is anchored and its repetitions bounded: a hostile line costs linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kubesim.explain.readers.event_layouts import BareReason, bare_reason
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    CountBasis,
    RecordedEvent,
    Where,
)
from kubesim.explain.readers.names import NAME_CELL
from kubesim.explain.readers.prefixes import DAY_TIME
from kubesim.explain.readers.tilt_log import tilt_event
from kubesim.explain.readers.times import parse_time

__all__ = ["RestartLine", "ci_event", "event_start", "pod_started", "restart_line"]

_NAME = NAME_CELL
# the e2e framework's time (Go's time.StampMilli, `Jan _2 15:04:05.000`): syslog's day and time
# (prefixes.py), then its fraction
_STAMP_MILLI = rf"{DAY_TIME}(?:\.\d{{1,9}})?"
# the framework's own time and level before its message (`Feb 23 06:05:51.859: INFO: `)
_LOGF = rf"(?:{_STAMP_MILLI}: )?(?:(?:INFO|FAIL): )?"
_AT = r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?: [+-]\d{4})?(?: [A-Z]{1,5})?"
# (each pattern's leading blanks taken possessively: what follows them, a time, a level or a
# word, starts with no blank, so the matches are the same and a line of 2 MB of blanks is
# scanned once rather than retried at each blank, citime59)
_E2E_EVENT = re.compile(
    rf"^[ \t]*+{_LOGF}(?:At (?P<at>{_AT}) - )?event for (?P<name>{_NAME}): "
    r"\{(?P<source>[^{}\n]{0,200})\} (?P<reason>[A-Za-z][A-Za-z0-9_]{0,80}): ?(?P<message>.*)$")
# the components whose events are about pods (the line does not say the kind)
_POD_SOURCES = ("kubelet", "default-scheduler", "scheduler")

# a monitor line's time and level, then its locator (`key=value` or `key/value` pairs)
_MONITOR = re.compile(
    rf"^[ \t]*(?:(?P<time>{_STAMP_MILLI}) (?P<level>[IWE]) )?"
    r"(?:event happened (?P<times>\d{1,10}) times?, something is wrong: )?"
    r"(?P<locator>(?:[a-z]{1,40}[=/][^\s=/]{1,253} ){1,8})(?:- )?"
    r"(?:reason/(?P<reason>[A-Za-z][A-Za-z0-9_]{0,80}) )?(?P<message>\S.*)$")
_PAIR = lazy_regex(r"([a-z]{1,40})[=/](\S{1,253})")
_KINDS = {"pod": "Pod", "deployment": "Deployment", "replicaset": "ReplicaSet",
          "statefulset": "StatefulSet", "daemonset": "DaemonSet", "job": "Job", "node": "Node",
          "replicationcontroller": "ReplicationController"}
# the kubelet's and the scheduler's words a monitor line carries without a reason
_MORE_SHAPES = ((lazy_regex(r"^Successfully assigned "), "Scheduled"),
                (lazy_regex(r"^[Pp]ulling image "), "Pulling"))
_WARNING = {BareReason.UNHEALTHY.value, BareReason.BACK_OFF.value, "ProbeError",
            BareReason.FAILED_SYNC.value}


def ci_event(line: str, where: Where) -> RecordedEvent | None:
    """The event a CI log's line states (see the module's docstring), or None."""
    m = _E2E_EVENT.match(line)
    if m is not None:
        return _e2e_event(m, where)
    m = _MONITOR.match(line)
    if m is not None and (m["level"] or m["times"] or m["reason"]):
        return _monitor_event(m, where)
    return tilt_event(line, where)  # Tilt's `[event: KIND NAME] MESSAGE` (tilt_log.py)


# the start of an event line, whatever is cut after it (the paste ends inside the line)
_START = lazy_regex(rf"^[ \t]*+(?:{_LOGF}(?:At \d|event for )|[A-Z][a-z]{{2}} [ \d]\d "
                    r"\d{2}:\d{2}:\d{2}(?:\.\d{1,9})? [IWE] |event happened \d)")


def event_start(line: str) -> bool:
    """Whether `line` starts as an event line of a CI log does (see the module's docstring)."""
    return _START.match(line) is not None


def _e2e_event(m: re.Match[str], where: Where) -> RecordedEvent:
    source = m["source"].strip()
    pod = source.split(" ")[0] in _POD_SOURCES
    when = (parse_time(m["at"]) if m["at"] else None) or UNKNOWN_STAMP
    reason = m["reason"]
    return RecordedEvent("Warning" if reason in _WARNING else "Normal", reason,
                         m["message"].strip(), 1, when, when, where, component=source,
                         object_kind="Pod" if pod else "Object", object_name=m["name"],
                         count_basis=CountBasis.AT_LEAST)


def _monitor_event(m: re.Match[str], where: Where) -> RecordedEvent | None:
    pairs = dict(_PAIR.findall(m["locator"]))
    named = [k for k in pairs if k in _KINDS and k != "node"] or (["node"] if "node" in pairs
                                                                  else [])
    message = m["message"].strip()
    reason = m["reason"] or _reason_of(message)
    if not named or reason is None:
        return None
    kind = named[0]
    count = int(m["times"]) if m["times"] else 1
    warning = m["level"] in ("W", "E") or reason in _WARNING
    return RecordedEvent("Warning" if warning else "Normal", reason, message, max(count, 1),
                         UNKNOWN_STAMP, UNKNOWN_STAMP, where, object_kind=_KINDS[kind],
                         object_name=pairs[kind],
                         count_basis=CountBasis.STATED if m["times"] else CountBasis.AT_LEAST)


def _reason_of(message: str) -> str | None:
    bare = bare_reason(message)
    if bare is not None:
        return bare.value
    return next((reason for pattern, reason in _MORE_SHAPES if pattern.match(message)), None)


@dataclass(frozen=True, slots=True)
class RestartLine:
    """A restart count the log states of a pod (`count` None: the line says the pod runs), or
    of one of its containers by name (`container`, `ready` and `init` as the line states)."""

    pod: str
    count: int | None
    running: bool = False
    container: str | None = None
    ready: bool | None = None
    init: bool = False


_GO_INT = r"(?:%!+(?:\(MISSING\))?t\(int=)?(?P<n>\d{1,9})\)?"
_RESTARTS = (
    re.compile(rf"^[ \t]*+{_LOGF}Initial restart count of pod (?P<pod>{_NAME}) is (?P<n>\d{{1,9}})"
               r"\s*$"),
    re.compile(rf"^[ \t]*+{_LOGF}Restart count of pod (?:{_NAME}/)?(?P<pod>{_NAME}) is now "
               r"(?P<n>\d{1,9})\b"),
    re.compile(rf"^[ \t]*+{_LOGF}pod (?:{_NAME}/)?(?P<pod>{_NAME}) - expected number of "
               rf"restarts: [^,\n]{{1,60}}, found restarts: {_GO_INT}\s*$"),
)
_RUNNING = re.compile(rf"^[ \t]*+{_LOGF}Saw pod '(?P<pod>{_NAME})' in namespace '[^'\n]{{1,253}}' "
                      r"out of pending state \(found '\"Running\"'\)\s*$")


_STARTED_AT = re.compile(
    rf"^[ \t]*+{_LOGF}(?P<pod>{_NAME})(?: from {_NAME})? started at [^(\n]{{1,80}} "
    r"\(\d{1,6}(?:\+\d{1,6})? container statuses recorded\)\s*$")
# (the spaces before and after the optional log prefix taken possessively: two `[ \t]*` around
# an empty prefix split a long run of spaces every way, quadratic on a hostile line)
_CONTAINER = re.compile(
    rf"^[ \t]*+{_LOGF}[ \t]*+(?P<init>Init container|Container) (?P<name>{_NAME}) ready: "
    r"(?P<ready>true|false), restart count (?P<n>\d{1,9})\s*$")


def pod_started(line: str) -> str | None:
    """The pod a `Logging pods the kubelet thinks is on node` line starts (`NAME started at
    ...`), whose containers' lines follow it; None for any other line."""
    m = _STARTED_AT.match(line)
    return m["pod"] if m is not None else None


def restart_line(line: str, pod: str | None = None) -> RestartLine | None:
    """The restart count (or the running phase) an e2e log's line states of a pod, or None; a
    container's line (`Container NAME ready: ..., restart count N`) is of `pod`, the one whose
    line it follows, and without one is None."""
    m = _CONTAINER.match(line)
    if m is not None:
        return None if pod is None else RestartLine(
            pod, int(m["n"]), container=m["name"], ready=m["ready"] == "true",
            init=m["init"] != "Container")
    for pattern in _RESTARTS:
        m = pattern.match(line)
        if m is not None:
            return RestartLine(m["pod"], int(m["n"]))
    m = _RUNNING.match(line)
    return RestartLine(m["pod"], None, running=True) if m is not None else None
