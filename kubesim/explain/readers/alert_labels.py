"""Alertmanager's KubePodCrashLooping alert, its labels as a notification prints them (issue
30): an HTML table of `<th>label</th>` and `<td>value</td>` cells (GitHub issues a receiver
opens, the cells on one line or on lines of their own, indented or not), or the default text
template's `- label = value` lines.

kubernetes-mixin's KubePodCrashLooping fires on kube-state-metrics'
`kube_pod_container_status_waiting_reason{reason="CrashLoopBackOff"}` (alerts/
apps_alerts.libsonnet), and the alert keeps the series' labels: `pod`, `container`,
`namespace` and `reason`. Its labels say that container of that pod waits in back-off
(State: Waiting, Reason: CrashLoopBackOff). The series holds no restart count, no end and no
probe: the alert shows none. Read only with `alertname` KubePodCrashLooping, `reason`
CrashLoopBackOff, one pod and one container (an older mixin's alert on the restart counter,
without a `reason` label, or another alert's labels, are not read); a label given two values
(several alerts) is not read either.

One pass over the lines; each line matched once, bounded.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.names import LABEL, SUBDOMAIN

__all__ = ["ALERT_LABELS", "read_alert_labels"]

ALERT_LABELS = "alert-labels"
_ALERT = "KubePodCrashLooping"
_BACK_OFF = "CrashLoopBackOff"
_MAX_LINE = 2000  # a cell longer than this is no label's
_KEY_CELL = lazy_regex(r"[ \t]*<th>[ \t]*(?P<key>[a-z_][a-z0-9_]{0,62})[ \t]*</th>[ \t]*")
_VALUE_CELL = lazy_regex(r"[ \t]*<td>[ \t]*(?P<value>[^<>\s]{1,253})[ \t]*</td>[ \t]*")
_TEXT_PAIR = lazy_regex(r"[ \t]*-[ \t]+(?P<key>[a-z_][a-z0-9_]{0,62})[ \t]+=[ \t]+"
                        r"(?P<value>\S{1,253})[ \t]*")
_NAMES = {"pod": lazy_regex(SUBDOMAIN), "container": lazy_regex(LABEL),
          "namespace": lazy_regex(LABEL)}


def _labels(lines: list[str]) -> dict[str, tuple[str, int]] | None:
    """Each label's value and line; None when a label has two values."""
    found: dict[str, tuple[str, int]] = {}
    key: str | None = None
    for number, line in enumerate(lines, 1):
        if len(line) > _MAX_LINE:
            key = None
            continue
        pair = _pair(line, key)
        key = None
        if pair is None:
            head = _KEY_CELL.fullmatch(line)
            key = head["key"] if head is not None else None
            continue
        name, value = pair
        if found.setdefault(name, (value, number))[0] != value:
            return None
    return found


def _pair(line: str, key: str | None) -> tuple[str, str] | None:
    """The line's label and value: both cells on it, a value cell under its key's, or a text
    template's pair."""
    if key is not None:
        cell = _VALUE_CELL.fullmatch(line)
        if cell is not None:
            return key, cell["value"]
    head = _KEY_CELL.match(line)
    if head is not None:
        cell = _VALUE_CELL.fullmatch(line, head.end())
        return (head["key"], cell["value"]) if cell is not None else None
    text = _TEXT_PAIR.fullmatch(line)
    return (text["key"], text["value"]) if text is not None else None


def read_alert_labels(text: str, source: str) -> RecordSet | None:
    """The container the KubePodCrashLooping alert's labels name, waiting in back-off; None
    unless the text holds that alert's labels, whole (module docstring)."""
    labels = _labels(text.splitlines())
    if labels is None or labels.get("alertname", ("",))[0] != _ALERT or \
            labels.get("reason", ("",))[0] != _BACK_OFF:
        return None
    if any(k not in labels or not pattern.fullmatch(labels[k][0])
           for k, pattern in _NAMES.items() if k != "namespace"):
        return None
    namespace = labels.get("namespace", (None, 0))[0]
    if namespace is not None and not _NAMES["namespace"].fullmatch(namespace):
        namespace = None
    at = Where(source, labels["reason"][1])
    container = ContainerRecord(labels["container"][0], Where(source, labels["container"][1]),
                                state="waiting", state_reason=_BACK_OFF)
    pod = PodRecord(labels["pod"][0], Where(source, labels["pod"][1]), namespace=namespace,
                    containers=[container], formats=[ALERT_LABELS])
    note = Note(f"the {_ALERT} alert's labels (kube-state-metrics' "
                "kube_pod_container_status_waiting_reason): the container waits in back-off "
                "(CrashLoopBackOff); the alert holds no restart count, end or probe", at)
    return RecordSet(source, ALERT_LABELS, pods=[pod], notes=[note])
