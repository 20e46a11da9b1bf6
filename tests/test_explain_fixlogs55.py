"""Held-out batch 55 (fixlogs55):

- Tilt's log (readers/tilt_log.py; cluster-api-provider-ibmcloud-1408): its event line
  `[event: KIND [NS/]NAME] MESSAGE`, the reason inferred from the kubelet's words (a line whose
  words say none is not read), at least once; and its `Detected container restart. Pod: P.
  Container: C.` line: that container ended at least once, how often and why not told (cannot
  tell, no kill counted, none ruled out);
- a runtime's end line beside describe's `Events:` section cut before its first row
  (readers/app_end.py; nuclio-2812's Go panic of a wrapper's `signal: killed`): the corpus
  README's rule of the app's own end, beside the record of one pod whose rows are not in the
  paste: an end shown, its cause not told.

Hand-written variants beside those that must stay unread (other words, other kinds, a line
quoted in a sentence, a restart line without its container, the header or the panic alone, a
`panic:` without a traceback)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause
from kubesim.explain.readers.model import Where
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.tilt_log import tilt_event, tilt_restart

_HERE = Where("r.txt", 1)

# ------------------------------------------------ Tilt's event line


@pytest.mark.parametrize(("line", "reason", "kind", "name", "namespace"), [
    ('[event: pod capi-system/capi-controller-manager-7f9c-x2x] Readiness probe failed: Get '
     '"http://10.244.0.18:9440/readyz": dial tcp 10.244.0.18:9440: connect: connection refused',
     "Unhealthy", "Pod", "capi-controller-manager-7f9c-x2x", "capi-system"),
    ("[event: pod http-server] Liveness probe failed: HTTP probe failed with statuscode: 500",
     "Unhealthy", "Pod", "http-server", None),
    ("[event: pod web-0] Back-off restarting failed container app in pod web-0_default",
     "BackOff", "Pod", "web-0", None),
    ('[event: pod http-server] Container image "http-server-img:tilt-62ec" already present on '
     "machine", "Pulled", "Pod", "http-server", None),
    ("  [event: deployment default/api] Readiness probe failed: timeout", "Unhealthy",
     "Deployment", "api", "default"),
])
def test_tilts_event_line_is_read_with_the_reason_its_words_say(line, reason, kind, name,
                                                                 namespace):
    """The object's kind and name, namespaced or not, and the reason the kubelet's words
    give, at least once."""
    e = tilt_event(line, _HERE)
    assert e is not None
    assert (e.reason, e.object_kind, e.object_name, e.object_namespace, e.count) == \
        (reason, kind, name, namespace, 1)


@pytest.mark.parametrize("line", [
    "[event: pod web-0] the app logged something odd",  # words of no reason the kubelet gives
    "[event: configmap web] Readiness probe failed: timeout",  # no kind Tilt names so
    "[event: pod web-0]",  # no message
    "Tilt printed [event: pod web-0] Readiness probe failed: timeout",  # quoted in a sentence
    "[event: Pod web-0] Readiness probe failed: timeout",  # not Tilt's lower-case kind
    "[manager] unknown flag: --powervs-provider-id-fmt",  # a container's log line
])
def test_other_lines_are_no_tilt_event(line):
    assert tilt_event(line, _HERE) is None


# ------------------------------------------------ Tilt's restart line


@pytest.mark.parametrize(("line", "pod", "container"), [
    ("Detected container restart. Pod: capi-ibmcloud-controller-manager-7898fc597f-cfht2. "
     "Container: manager.", "capi-ibmcloud-controller-manager-7898fc597f-cfht2", "manager"),
    ("WARNING: Detected container restart. Pod: foobar-fakepodid. Container: sancho.",
     "foobar-fakepodid", "sancho"),
])
def test_tilts_restart_line_names_the_pod_and_the_container(line, pod, container):
    found = tilt_restart(line, _HERE)
    assert found is not None
    assert (found.pod, found.container) == (pod, container)


@pytest.mark.parametrize("line", [
    "Detected container restart.",  # no pod, no container
    "Detected container restart. Pod: web-0.",  # no container
    "Tilt said Detected container restart. Pod: web-0. Container: app.",  # in a sentence
    "Detected a container change for web. We could be running stale code.",  # Tilt's other
])
def test_other_lines_are_no_tilt_restart(line):
    assert tilt_restart(line, _HERE) is None


_EVENT = ('[event: pod capi-system/capi-manager-7898fc597f-cfht2] Readiness probe failed: Get '
          '"http://10.244.0.18:9440/readyz": dial tcp 10.244.0.18:9440: connect: connection '
          'refused\n')
_RESTART = "Detected container restart. Pod: capi-manager-7898fc597f-cfht2. Container: manager.\n"


@pytest.mark.parametrize("text", [
    "```\n" + _EVENT + _RESTART + "[manager] unknown flag: --powervs-provider-id-fmt\n```\n",
    _EVENT + "WARNING: " + _RESTART,
    _RESTART,
])
def test_a_tilt_restart_is_an_end_whose_cause_and_count_are_not_told(text):
    """cluster-api-provider-ibmcloud-1408: the restart line shows the container ended, and
    neither why nor how often: cannot tell, an end shown, no kill counted, none ruled out
    (a readiness failure beside it ends nothing, R3.4)."""
    a = explained_answer(text)
    assert (a.cause, a.shows_failures) == (Cause.CANNOT_TELL, True)
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, None)
    assert "states that the container restarted, not how often" in a.probe_kills.because


def test_a_tilt_readiness_event_alone_is_readiness_only():
    """The event line alone: a readiness failure, no end (R3.4)."""
    a = explained_answer("```\n" + _EVENT + "```\n")
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi) == (Cause.READINESS_ONLY, 0, 0)


@pytest.mark.parametrize("text", [
    "```\n[event: pod web-0] the app logged something odd\n```\n",
    "Tilt said Detected container restart. Pod: web-0. Container: app.\n",
])
def test_tilt_lines_of_no_evidence_stay_refused(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("line", [
    "[event: pod a] " + "Readiness probe failed " * 90_000 + "\n",
    "[event: pod " + "a/" * 1_000_000 + "] x\n",
    "Detected container restart. Pod: " + "a." * 1_000_000 + " Container: b.\n",
])
def test_tilt_lines_read_a_long_line_in_one_pass(line):
    """Hostile input: the rule's words over a 2 MB line, read in one pass."""
    read_in_one_pass(line)


# ------------------------------------------------ the app's end beside an empty Events section

_PANIC = ("```\npanic: Wrapper process for worker 0 exited unexpectedly with: signal: killed\n\n"
          "goroutine 10 [running]:\nmain.watch(0xc0002fccc0)\n\t/src/abstract.go:471 +0x445\n"
          "```\n")
_HEADER_CUT = ("This causes the pod to restart. Describing the pod shows these events:\n```\n"
               "Events:\n  Type     Reason     Age                 From               Message\n"
               "  ----")
_HEADER_WHOLE = ("```\nEvents:\n  Type    Reason   Age   From     Message\n"
                 "  ----    ------   ----  ----     -------\n```\n")


@pytest.mark.parametrize("text", [
    _PANIC + _HEADER_CUT,
    _PANIC + _HEADER_WHOLE,
    "```\nfatal error: runtime: out of memory\n\ngoroutine 7 [running]:\nruntime.throw()\n```\n"
    + _HEADER_CUT,
])
def test_the_apps_end_beside_an_empty_events_section_is_an_end_not_told(text):
    """nuclio-2812: the runtime's end line beside describe's Events section cut before its
    first row: one pod's record, its end shown and its cause not told: cannot tell, no kill
    counted, none ruled out."""
    a = explained_answer(text)
    assert (a.cause, a.kind, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, "app-ended", True, ())
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, None)


@pytest.mark.parametrize("text", [
    _HEADER_CUT,  # the header alone: no pod, no row
    _PANIC,  # the end alone, beside no record
    "```\npanic: recovered, retrying\nstill serving\n```\n" + _HEADER_CUT,  # no traceback
    _PANIC + "```\nEvents:\n  Type    Reason   Age   From     Message\n  some words\n```\n",
])
def test_without_the_end_or_the_section_it_stays_refused(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_the_events_section_reads_a_long_line_in_one_pass():
    read_in_one_pass(_PANIC + "Events:\n  ----" + " ----" * 400_000 + "\n")


def test_a_containers_log_line_beside_tilts_lines_is_not_read_as_json():
    """Tilt's `[manager] unknown flag: ...` (a container's log line in a pod of several): no
    JSON array opens so; the line is listed as not read, not as a document cut short."""
    record = parse_record("```\n" + _EVENT + _RESTART + "[manager] unknown flag: --x\n```\n",
                          "r.txt")
    texts = [n.text for n in record.notes if "[manager]" in n.text]
    assert texts and all("JSON" not in t for t in texts), texts


@pytest.mark.parametrize("line", [
    "[124892.12] oom-kill:constraint=CONSTRAINT_MEMCG",  # dmesg's time, no container's name
    '["a", "b"]',  # a JSON array
    "[manager]",  # no words after it
])
def test_other_bracketed_lines_are_no_container_log_line(line):
    from kubesim.explain.readers.tilt_log import tilt_event_shape

    assert not tilt_event_shape(line)
