"""A kubelet's message quoted in the author's prose (held-out batches 62-64, fixquoted64):
in double quotes (cetic-helm-nifi-177, horse-29's back-off cut before its last word), in
markdown's emphasis (frappe-helm-61), after a sentence on the same line
(opensearch-k8s-operator-225, apollo-helm-14 after a Chinese colon). The message is read
alone, at least once, no time; a guide's example, a question, a search, a conditional, a
negation and an application's log line quoting the words state none. apollo-helm-14's
`每个pod都是CrashLoopBackOff状态` (是: is) is the case's back-off, and a readiness message of
unstated count beside it leaves the kills open."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import Where
from kubesim.explain.readers.quoted_message import quoted_message
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

_DIAL = "dial tcp 10.1.2.3:8080: connect: connection refused"


@pytest.mark.parametrize(("text", "probe"), [
    (f'After the upgrade I get error "Readiness probe failed: {_DIAL}" and the service is '
     "empty.\n", ProbeType.READINESS),
    ('The events say \u201cLiveness probe failed: Get "http://10.1.2.3:8080/healthz": context '
     "deadline exceeded\u201d over and over.\n", ProbeType.LIVENESS),
    ("and got this message when the pod started\n\n_Readiness probe failed: cat: /tmp/ready: "
     "No such file or directory_\n", ProbeType.READINESS),
    ("the kubelet reports *Liveness probe failed: command timed out* for it\n",
     ProbeType.LIVENESS),
    (f"The pods never get ready.  Startup probe failed: {_DIAL}\n", ProbeType.STARTUP),
    (f"\u8be6\u7ec6\u4fe1\u606f\u5982\u4e0b\uff1aReadiness probe failed: {_DIAL}\n",
     ProbeType.READINESS),
])
def test_a_kubelets_probe_message_quoted_in_prose_is_that_message_alone(text, probe):
    """Once at least, no threshold, no time: a readiness failure alone kills nothing, a
    liveness or startup failure leaves the kills open."""
    a = explained_answer(text)
    kills = CountRange(0, 0) if probe is ProbeType.READINESS else CountRange(0, None)
    assert (set(a.failed), a.shows_failures, a.probe_kills) == ({probe}, True, kills)


@pytest.mark.parametrize("text", [
    'Error "Back-off restarting failed" when running it on kubernetes.\n',  # cut, in quotes
    'I keep seeing "Back-off restarting failed container" for the app.\n',
    "The app never stays up. Back-off restarting failed container\n",
])
def test_a_back_off_message_quoted_in_prose_is_an_end_of_untold_cause(text):
    """horse-29: the kubelet's back-off message quoted (its last word may be cut inside the
    quotes): the container ended, of a cause not told, kills open."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.shows_failures, a.probe_kills) == (
        Cause.CANNOT_TELL, (), True, CountRange(0, None))


@pytest.mark.parametrize("text", [
    'you may see "Liveness probe failed: HTTP probe failed with statuscode: 500" in the events',
    f'is "Readiness probe failed: {_DIAL}" a problem?',
    f'I searched for "Readiness probe failed: {_DIAL}" and found nothing',
    'if you get "Liveness probe failed: HTTP probe failed with statuscode: 500", raise it',
    'there is no "Liveness probe failed: HTTP probe failed with statuscode: 500" event',
    f'2024-05-01T10:00:00Z WARN monitor saw "Readiness probe failed: {_DIAL}"',
    f'[ERROR] upstream says "Readiness probe failed: {_DIAL}"',
    f"level=warn pod=agent-0 msg: Readiness probe failed: {_DIAL}",  # a log line's fields
    "You may see _Liveness probe failed: command timed out_ in such a case.",
    f'foo"Readiness probe failed: {_DIAL}"',  # no opening mark: a word before the quote
    "The pod crashes. Back-off restarting failed",  # cut, with no mark closing it
    "It fails. Readiness probe failed: see the logs",  # after a sentence: no prober's words
])
def test_other_quotes_of_the_words_state_no_message(text):
    assert quoted_message(text, Where("r.txt", 1)) is None


@pytest.mark.parametrize("text", [
    'you may see "Liveness probe failed: HTTP probe failed with statuscode: 500" in the events\n',
    f'is "Readiness probe failed: {_DIAL}" a problem?\n',
    'there is no "Liveness probe failed: HTTP probe failed with statuscode: 500" event\n',
])
def test_prose_alone_quoting_the_words_so_is_refused(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_chinese_pods_each_in_crashloop_beside_a_quoted_readiness_message():
    """apollo-helm-14: the pods stated in CrashLoopBackOff (是, is) are the case's back-off;
    the readiness message quoted after it on the line is read too; its count not stated, the
    record does not show that no liveness failure killed: cannot tell, kills open."""
    a = explained_answer(
        "Apollo\u4e09\u4e2apod\uff0c\u6bcf\u4e2apod\u90fd\u662fCrashLoopBackOff\u72b6\u6001"
        "\uff0c\u5177\u4f53\u4fe1\u606f\u5982\u4e0b\uff1aReadiness probe failed: Get "
        "http://10.42.4.162:8090/: dial tcp 10.42.4.162:8090: connect: connection refused\n")
    assert (a.cause, set(a.failed), a.shows_failures, a.probe_kills) == (
        Cause.CANNOT_TELL, {ProbeType.READINESS}, True, CountRange(0, None))


@pytest.mark.parametrize("text", [
    "\u4e09\u4e2apod\u4e0d\u662fCrashLoopBackOff\u72b6\u6001\n",  # 不是: is not
    "\u4e09\u4e2apod\u662fCrashLoopBackOff\u72b6\u6001\u5417\uff1f\n",  # 吗: a question
])
def test_chinese_negated_or_asked_crashloop_states_none(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_chinese_pods_stated_in_crashloop_with_shi_are_read():
    a = explained_answer("\u4e09\u4e2apod\u90fd\u662fCrashLoopBackOff\u72b6\u6001\n")
    assert (a.cause, a.shows_failures) == (Cause.CANNOT_TELL, True)


@pytest.mark.parametrize("text", [
    '"Readiness probe failed: ' * 90_000,
    "_" * 2_000_000 + "Liveness probe failed: x_",
    ". Liveness probe failed: dial tcp " * 60_000,
    '"Back-off restarting failed' * 80_000,
    'x "Liveness probe failed: ' + '"x' * 1_000_000,
])
def test_a_quoted_message_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's marks and words."""
    read_in_one_pass(text + "\n")
