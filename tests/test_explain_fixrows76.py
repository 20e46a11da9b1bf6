"""Held-out batches 75 and 76 (fixrows76):

- Tilt's older event line (readers/tilt_log.py; tilt-2374): `[K8s EVENT: Pod NAME (ns: NS)]
  MESSAGE`, read as Tilt's `[event: pod NS/NAME] MESSAGE` is: the reason inferred from the
  kubelet's words (a line whose words say none is not read), one occurrence, at least once;
- a describe's Killing row at the record's end without a line break (readers/event_rows.py;
  bitnami-docker-mysql-94): no row cut short where its message is the kubelet's whole
  `Container NAME failed liveness probe, will be restarted`.

Hand-written variants beside those that must stay unread (other words, a kind Tilt does not
name, the line quoted in a sentence, a lower-cased `k8s event`; a Killing message cut at the
record's end)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause
from kubesim.explain.readers.model import Where
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.tilt_log import tilt_event

_HERE = Where("r.txt", 1)


@pytest.mark.parametrize(("line", "reason", "kind", "name", "namespace"), [
    ("[K8s EVENT: Pod matt-vigoda-65cd9f667d-cxnxb (ns: default)] Readiness probe failed: Get "
     "http://10.1.0.27:8081/: dial tcp 10.1.0.27:8081: connect: connection refused",
     "Unhealthy", "Pod", "matt-vigoda-65cd9f667d-cxnxb", "default"),
    ("  [K8s EVENT: Pod web-0 (ns: shop)] Liveness probe failed: HTTP probe failed with "
     "statuscode: 500", "Unhealthy", "Pod", "web-0", "shop"),
    ("[K8s EVENT: Pod web-0] Back-off restarting failed container app in pod web-0_default",
     "BackOff", "Pod", "web-0", None),
])
def test_tilts_older_event_line_is_read_as_its_event(line, reason, kind, name, namespace):
    e = tilt_event(line, _HERE)
    assert e is not None
    assert (e.reason, e.object_kind, e.object_name, e.object_namespace, e.count) == (
        reason, kind, name, namespace, 1)


@pytest.mark.parametrize("line", [
    "[K8s EVENT: Pod web-0 (ns: default)] the app logged something odd",
    "[K8s EVENT: Widget web-0 (ns: default)] Readiness probe failed: HTTP probe failed",
    "[k8s event: pod web-0 (ns: default)] Readiness probe failed: HTTP probe failed",
    "Tilt said [K8s EVENT: Pod web-0 (ns: default)] Readiness probe failed: connection refused",
    "[K8s EVENT: Pod web-0 (ns: default)]",
])
def test_other_lines_are_no_older_tilt_event(line):
    assert tilt_event(line, _HERE) is None


_ROW = ("NAME                           READY   STATUS    RESTARTS   AGE\n"
        "matt-vigoda-65cd9f667d-cxnxb   1/1     Running   0          7m14s\n")
_OLD = ("[K8s EVENT: Pod matt-vigoda-65cd9f667d-cxnxb (ns: default)] Readiness probe failed: "
        "Get http://10.1.0.27:8081/: dial tcp 10.1.0.27:8081: connect: connection refused\n")


@pytest.mark.parametrize("text", [
    "```\n" + _ROW + "```\nThe Tilt log shows:\n```\n" + _OLD + _OLD + "```\n",
    "```\n" + _OLD + "```\n",
])
def test_an_older_tilt_readiness_event_is_readiness_only(text):
    """tilt-2374: readiness failures beside a running pod, no end (R3.4)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == (
        Cause.READINESS_ONLY, 0, 0, True)


@pytest.mark.parametrize("text", [
    "```\n[K8s EVENT: Pod web-0 (ns: default)] the app logged something odd\n```\n",
    "If you see [K8s EVENT: Pod web-0 (ns: default)] Readiness probe failed: refused, wait.\n",
])
def test_older_tilt_lines_of_no_evidence_stay_refused(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("line", [
    "[K8s EVENT: Pod a (ns: b)] " + "Readiness probe failed " * 90_000 + "\n",
    "[K8s EVENT: Pod " + "a-" * 1_000_000 + " (ns: b)] x\n",
    "[K8s EVENT: Pod a (ns: " + "b" * 2_000_000 + "\n",
])
def test_older_tilt_lines_read_a_long_line_in_one_pass(line):
    """Hostile input: the rule's words over a 2 MB line, read in one pass."""
    read_in_one_pass(line)



# ------------------------------------------------ a whole Killing row at the record's end

_EVENTS = (
    "Events:\n"
    "  Type     Reason     Age                 From               Message\n"
    "  ----     ------     ----                ----               -------\n"
    "  Normal   Scheduled  <unknown>           default-scheduler  Successfully assigned "
    "default/mysql-master-0 to node-1\n"
    "  Warning  Unhealthy  92s (x3 over 112s)  kubelet, node-1    Liveness probe failed: "
    "mysqladmin: connect to server at 'localhost' failed\n"
    "  Normal   Killing    92s                 kubelet, node-1    ")


@pytest.mark.parametrize("text", [
    _EVENTS + "Container mysql failed liveness probe, will be restarted",  # no line break
    _EVENTS + "Container mysql failed liveness probe, will be restarted  ",
    _EVENTS + "Container mysql failed liveness probe, will be restarted\n",
])
def test_a_whole_killing_message_at_the_records_end_is_no_cut_row(text):
    """bitnami-docker-mysql-94: the kubelet's Killing message ends at `will be restarted`, so
    a record ending there without a line break cut nothing of it: the events whole from
    Scheduled show every kill (R4.4)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi) == (Cause.LIVENESS_KILL, 1, 1)


@pytest.mark.parametrize("text", [
    _EVENTS + "Container mysql failed liveness probe, will be rest",
    _EVENTS + "Container mysql failed liveness probe",
])
def test_a_killing_message_cut_at_the_records_end_leaves_the_kills_open(text):
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi) == (Cause.LIVENESS_KILL, 1, None)


@pytest.mark.parametrize("line", [
    "  Normal   Killing    92s   kubelet   Container " + "a" * 2_000_000,
    "  Normal   Killing    92s   kubelet   Container a failed liveness probe, will be "
    + "restarted " * 200_000,
])
def test_a_long_killing_row_at_the_records_end_is_read_in_one_pass(line):
    """Hostile input: the rule's words over a 2 MB line, read in one pass."""
    read_in_one_pass(_EVENTS.rsplit("\n", 1)[0] + "\n" + line)
