"""A liveness or startup probe's failure stated in Korean as the cause of the kill or restart of
the case's container (held-out batch 41, fix41prose: 212clab-java-probe-crashloop's `liveness
probe 실패로 kubelet이 컨테이너 강제 종료`, the kubelet force-ended the container because the
liveness probe failed). Hand-written variants (other cause forms, verbs, the startup probe,
spacing), beside those that must stay unread: a guide's conditional (`실패하면`, if it fails;
`실패할 경우`, in case it fails), the present (a guide's tense), what may happen (`수 있`), a
question and the readiness probe (which never kills, R4.4). The corpus README's counting rules
(statements of the case in prose) say what each is read as."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType


@pytest.mark.parametrize(("text", "probe"), [
    ("증상\n- 배포 직후 exit code 143 수신\n- liveness probe 실패로 kubelet이 api 컨테이너 강제 "
     "종료\n", ProbeType.LIVENESS),
    ("Liveness Probe 실패로 인해 worker 컨테이너가 재시작되었습니다.\n", ProbeType.LIVENESS),
    ("startup probe가 실패해서 파드가 강제 종료됨\n", ProbeType.STARTUP),
    ("어제 livenessProbe 실패 때문에 컨테이너가 종료되었다.\n", ProbeType.LIVENESS),
    ("liveness 프로브가 실패하여   kubelet이   컨테이너를 재시작했습니다.\n", ProbeType.LIVENESS),
])
def test_a_korean_kill_caused_by_a_probes_failure_is_one_kill_at_least(text, probe):
    """fix41prose: a kill or restart of the case's container stated in Korean, in the past or
    as a note's noun, with a liveness or startup failure as its cause, is that probe's failure
    and one kill of it at least (R4.4): no count, no upper bound."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    "liveness probe가 실패하면 kubelet이 컨테이너를 재시작합니다.\n",
    "liveness probe 실패로 kubelet이 컨테이너를 재시작합니다.\n",
    "liveness probe 실패로 컨테이너가 강제 종료된다.\n",
    "liveness probe 실패로 컨테이너가 재시작될 수 있습니다.\n",
    "liveness probe 실패로 컨테이너가 재시작되었나요?\n",
    "readiness probe 실패로 컨테이너가 종료됨\n",
    "liveness probe가 실패할 경우 컨테이너가 강제 종료됨\n",
    "만약 liveness probe 실패로 컨테이너가 종료되었다면 failureThreshold를 늘리세요.\n",
])
def test_a_korean_kill_of_what_may_happen_is_no_record(text):
    """The negative side: a conditional, a guide's present, what may happen, a question, the
    readiness probe: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "liveness probe 실패로" + " " * 2_000_000 + "컨테이너 종료",
    "liveness probe 실패로 " * 110_000,
    "실패" * 1_000_000,
    "liveness 실패로 kubelet이 " + "컨테이너 " * 400_000 + "종료",
    "liveness probe 실패로 컨테이너가 " + "back-off 상태" * 200_000,
])
def test_a_korean_probe_kill_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of spaces, the pattern's words or the whole sentence."""
    read_in_one_pass(text + "\n")


@pytest.mark.parametrize("text", [
    "livenessProbe 실패로 인해 api 파드가 CrashLoopBackOff 상태에 빠졌습니다.\n",
    "liveness probe가 실패해서 컨테이너가 back-off 상태가 되었다.\n",
])
def test_a_korean_back_off_caused_by_a_liveness_failure_is_one_kill_at_least(text):
    """fix41prose: a back-off of the case's container stated in Korean with a liveness
    failure as its cause (a back-off follows ends, R4.8) is that probe's kill, stated once."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.failed) == \
        (Cause.LIVENESS_KILL, CountRange(1, None), (ProbeType.LIVENESS,))


@pytest.mark.parametrize("text", [
    "liveness probe가 실패하면 컨테이너가 CrashLoopBackOff 상태에 빠졌다가 다시 시작합니다.\n",
    "liveness probe 실패로 컨테이너가 back-off 상태가 됩니다.\n",
    "liveness probe 실패로 컨테이너가 CrashLoopBackOff 상태가 될 수 있습니다.\n",
])
def test_a_korean_back_off_of_what_may_happen_is_no_liveness_kill(text):
    """The negative side: a conditional, a guide's present, what may happen: no kill read
    (a back-off alone may still be read, as such, where its own rule reads it)."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert a.cause is not Cause.LIVENESS_KILL
