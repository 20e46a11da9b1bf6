"""How many probe kills a record shows when its rows are uncounted, cut, or about an init
container (issue 30, item 5: the corpus records confluent-245, daxio-17, k8s-99697,
k8s-16045, eck-2134, ingress-2171 and otel-996 in small). A row the record gives no count
for happened at least once, so the kills it stands for have no upper bound; restarts a
probe the record does not show may have made count toward the upper bound (R1.17: only a
liveness or startup probe kills)."""

from __future__ import annotations

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.messages import KillCause, cut_short, kill_of
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.read import parse_record


def _answer(text: str, name: str = "r.txt") -> tuple[list[str | None], Diagnosis]:
    ex = explain_records([parse_record(text, name)], ExplainOptions(suggest=False, phases=1))
    names = [c.name for c in ex.containers]
    answer = ex.containers[0].answer
    assert answer is not None
    return names, answer


def test_a_kill_message_without_a_count_is_at_least_one_kill():
    _, a = _answer("Liveness probe failed: HTTP probe failed with statuscode: 500\n"
                   "Container app failed liveness probe, will be restarted\n")
    assert a.cause is Cause.LIVENESS_KILL
    assert a.probe_kills == CountRange(1, None)


def test_restarts_in_a_pods_table_may_all_be_kills_of_a_probe_it_does_not_show():
    _, a = _answer("NAME   READY   STATUS             RESTARTS   AGE\n"
                   "web-1  0/1     CrashLoopBackOff   4          5m\n")
    assert a.cause is Cause.CANNOT_TELL
    assert a.probe_kills == CountRange(0, 4)


def test_init_container_events_make_no_container_and_no_restart():
    lines = [
        '{"t":"2019-11-25T01:22:30Z","m":"Created container","z":"spec.initContainers{setup}"}',
        '{"t":"2019-11-25T01:22:30Z","m":"Started container","z":"spec.initContainers{setup}"}',
        '{"t":"2019-11-25T01:22:31Z","m":"Created container","z":"spec.containers{app}"}',
        '{"t":"2019-11-25T01:22:45Z","m":"Readiness probe failed: ","z":"spec.containers{app}"}',
    ]
    names, a = _answer("\n".join(lines) + "\n")
    assert names == ["app"]
    assert a.cause is Cause.READINESS_ONLY


def test_a_cut_json_line_and_dockershims_pod_kill_end_no_container_by_a_probe():
    lines = [
        '{"t":"2019-11-25T01:22:45Z","m":"Readiness probe failed: ","z":"spec.containers{app}"}',
        '{"t":"2019-11-25T01:23:32Z","z":"spec.containers{app}","m":"Killing container with '
        'id docker://app:Need to',
    ]
    _, a = _answer("\n".join(lines) + "\n")
    assert a.cause is Cause.CANNOT_TELL and a.because
    assert a.probe_kills == CountRange(0, 0)


def test_dockershims_pod_kill_is_no_probe_kill_whole_or_cut():
    for tail in ("Need to kill Pod", "Need to kill", "Need to"):
        assert kill_of(f"Killing container with id docker://app:{tail}")[0] is KillCause.STOPPING
    assert kill_of("Killing container with id docker://app:Need to eat")[0] is KillCause.UNKNOWN


def test_a_2015_message_cut_before_its_docker_id_is_cut_short():
    assert cut_short("Started with d") and cut_short("Killing with docker id")
    assert not cut_short("Started with docker id 06739bf99a4f")
    assert not cut_short("Started container app")
