"""How many probe kills a record shows when its rows are uncounted, cut, or about an init
container (issue 30, item 5: the corpus records confluent-245, daxio-17, k8s-99697,
k8s-16045, eck-2134, ingress-2171, otel-996, kube-prometheus-1674, fission-540 and
llm-d-sim-45 in small). A row the record gives no count for happened at least once, so the
kills it stands for have no upper bound; restarts a probe the record does not show may have
made count toward the upper bound (R1.17: only a liveness or startup probe kills); a stated
count of n Created (or Started) rows bounds them to n - 1 restarts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import kill_bounds

from kubesim.cli.main import main
from kubesim.explain.dated import RUN_RESET_MERGED, dated_profile
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.messages import KillCause, cut_short, kill_of
from kubesim.explain.model import Cause, CountRange, Diagnosis, Verdict
from kubesim.explain.readers.read import parse_record
from kubesim.explain.timebase import Timebase
from kubesim.kubelet.settings import CLASSIC, FailureRunAfterKill
from kubesim.results import ProbeType
from kubesim.spec.manifests import load_containers


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
    # R4.7: the waiting container shows its ended instance's count, 4: five instances ended
    assert a.probe_kills == CountRange(0, 5)


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


def test_the_line_agrees_with_the_range():
    """The diagnosis's line and its kill range say the same (issue 30, item 3): restarts
    "not probe kills" only when the range is closed at what the failures can make; a range
    left open by rows of restarts the record does not count (confluent-245's `kubectl get
    events` rows, each "at least once") says "cannot tell" instead; and failures that "could
    have made up to N kills" leave the range open up to N (k8s-31717: 8 liveness failures,
    failureThreshold 3, no restart count: 0 to 2, R1.17 with the run reset after each kill,
    kubelet-rules §1.5 step 14)."""
    rows = ("45m   Normal    Created     pod/kafka-2   Created container kafka\n"
            "23m   Warning   Unhealthy   pod/kafka-2   Readiness probe failed: dial tcp "
            "10.244.0.69:9071: connect: connection refused\n"
            "3m7s  Warning   BackOff     pod/kafka-2   Back-off restarting failed container\n")
    _, a = _answer("LAST SEEN   TYPE      REASON      OBJECT        MESSAGE\n" + rows)
    assert a.probe_kills == CountRange(0, None)
    assert "not probe kills" not in a.text and "cannot tell" in a.text
    # the same rows with describe's stated counts: the record shows every probe event, and
    # readiness never kills: the restarts are not probe kills, and the range says none
    _, a = _answer("Events:\n  Type     Reason     Age   From     Message\n"
                   "  ----     ------     ----  ----     -------\n"
                   "  Warning  Unhealthy  23m   kubelet  Readiness probe failed: dial tcp "
                   "10.244.0.69:9071: connect: connection refused\n"
                   "  Warning  BackOff    3m    kubelet  Back-off restarting failed container\n")
    assert a.kind == "not-probe" and a.probe_kills == CountRange(0, 0)
    assert "allow at most 0 probe kills" in a.text
    # 2 liveness failures of an unknown threshold make at most 2 kills, whatever it is, where
    # they are every failure; beside BackOff x92 the rows are past the recorder's burst and
    # count them from below (R4.43, burst53): no `not-probe`, and no ceiling
    _, a = _answer("Events:\n  Type     Reason     Age                 From     Message\n"
                   "  ----     ------     ----                ----     -------\n"
                   "  Warning  Unhealthy  19m (x2 over 19m)   kubelet  Liveness probe failed: "
                   "Get \"http://10.0.0.5:9000/ping\": dial tcp 10.0.0.5:9000: connect: "
                   "connection refused\n"
                   "  Warning  BackOff    36s (x92 over 19m)  kubelet  Back-off restarting "
                   "failed container\n")
    assert a.kind != "not-probe" and a.probe_kills == CountRange(0, None)
    assert "not probe kills" not in a.text and "cannot tell" in a.text
    # k8s-31717: no Killing row and no restart count; 8 liveness failures of failureThreshold 3
    # (the pod's YAML in the paste) can make 2 kills, or none, when the container's command
    # says nothing of the probed file (here: it only sleeps)
    text = K8S_31717.replace("echo ok > /tmp/health; sleep 10; rm -rf /tmp/health; sleep 600",
                             "sleep 600")
    _, a = _answer(text, "k8s-31717.watch-events.txt")
    assert a.cause is Cause.CANNOT_TELL and a.probe_kills == CountRange(0, 2)
    assert "up to 2 kills" in a.text


K8S_31717 = (Path(__file__).resolve().parent / "data" / "explain" / "real"
             / "k8s-31717.watch-events.txt").read_text()


def test_R1_17_R4_1_a_command_that_removes_the_probed_file_for_good_proves_a_kill():
    """k8s-31717 as it is: the command removes /tmp/health at 10 s and never writes it again,
    the exec probe `cat /tmp/health` starts at 15 s: in every container the failures come in
    a row and the 3rd kills (R1.17, R4.1), so 8 failures make at least one kill, labelled as
    inferred from the command; under today's rule (the run reset after a kill, §1.5 step 14)
    at most 8 // 3 = 2."""
    _, a = _answer(K8S_31717, "k8s-31717.watch-events.txt")
    assert (a.cause, a.kind, a.probe) == (Cause.LIVENESS_KILL, "inferred-from-command",
                                          ProbeType.LIVENESS)
    assert a.probe_kills == CountRange(1, 2)
    assert a.text.startswith("inferred from the container's command, not recorded")
    assert "removes /tmp/health and never writes it again" in a.text


@pytest.mark.parametrize("script", [
    "echo ok > /tmp/health; sleep 10; rm -rf /tmp/health; sleep 20",  # ends before a kill
    "sleep 20; echo ok > /tmp/health; sleep 10; rm -rf /tmp/health; sleep 600",  # written late
    "echo ok > /tmp/health; sleep 10; rm -rf /tmp/health; sleep 60; touch /tmp/health",
    "echo ok > /tmp/health; sleep 10; rm -rf /tmp/health; sleep $T",  # not read
])
def test_no_kill_is_inferred_from_a_command_that_does_not_prove_one(script: str) -> None:
    """The kill is inferred only when the command keeps the file away for good, long enough
    for failureThreshold calls, and every call before its removal finds it: a script that
    ends first, writes the file after the first call may come, writes it back, or is not
    read leaves the 8 failures as they were (cannot tell, 0 to 2)."""
    text = K8S_31717.replace("echo ok > /tmp/health; sleep 10; rm -rf /tmp/health; sleep 600",
                             script)
    assert script in text
    _, a = _answer(text, "k8s-31717.watch-events.txt")
    assert a.cause is Cause.CANNOT_TELL and a.probe_kills == CountRange(0, 2), a.text


def test_E3_R1_17_before_kubelet_1_7_a_record_s_kills_are_counted_with_the_run_kept():
    """Before kubernetes#46371 (1.7) the liveness run was kept across a kill and survived the
    new container (§1.5 step 14, E3): after the first kill (failureThreshold failures in a
    row, R1.17) each failure killed, so k8s-31717's 8 failures make at most 1 + (8 - 3) = 6
    kills. explain takes that rule from the record's dates (2016-08-30) when no profile is
    given, names it, and keeps today's for a record dated after the fix."""
    options = ExplainOptions(suggest=False, phases=1, rule_from_dates=True)
    ex = explain_records([parse_record(K8S_31717, "k8s-31717.watch-events.txt")], options)
    a = ex.containers[0].answer
    assert a is not None and a.probe_kills == CountRange(1, 6)
    said = [f.text for f in ex.findings if "kubernetes#46371" in f.text]
    assert len(said) == 1 and "2016-08-30" in said[0]
    later = K8S_31717.replace("2016-08-30", "2017-08-30")
    ex = explain_records([parse_record(later, "k8s-31717.watch-events.txt")], options)
    a = ex.containers[0].answer
    assert a is not None and a.probe_kills == CountRange(1, 2)
    assert not [f for f in ex.findings if "kubernetes#46371" in f.text]


_HEAD = ("Events:\n"
         "  Type     Reason     Age                  From     Message\n"
         "  ----     ------     ----                 ----     -------\n")
_STARTUP = ("  Warning  Unhealthy  3m (x600 over 5h)    kubelet  Startup probe failed: HTTP probe "
            "failed with statuscode: 503\n")


def test_a_stated_created_count_bounds_the_kills_it_leaves_open():
    """kube-prometheus-1674 in small: n containers created, each before the last ended once,
    so at most n - 1 restarts, hence kills, though the startup probe's threshold is unknown
    (16 of the kubelet's occurrences, short of the recorder's burst)."""
    created = "  Normal   Created    4m (x4 over 5h)      kubelet  Created container app\n"
    startup = _STARTUP.replace("(x600 over 5h)", "(x12 over 5h) ")
    _, a = _answer(_HEAD + created + startup)
    assert a.cause is Cause.CANNOT_TELL
    assert a.probe_kills == CountRange(0, 3)


def test_a_stated_created_count_past_the_burst_bounds_no_kills():
    """kube-prometheus-1674's own shape: Created x12 beside startup failures x600, past the
    recorder's burst: the Created count is a lower bound of the starts (R4.43)."""
    created = "  Normal   Created    4m (x12 over 5h)     kubelet  Created container app\n"
    _, a = _answer(_HEAD + created + _STARTUP)
    assert a.cause is Cause.CANNOT_TELL
    assert a.probe_kills == CountRange(0, None)


def test_a_created_row_of_one_or_without_a_count_bounds_nothing():
    one = "  Normal   Created    4m                   kubelet  Created container app\n"
    _, a = _answer(_HEAD + one + _STARTUP)
    assert a.probe_kills == CountRange(0, None)
    # `kubectl get events` without COUNT: each row at least once
    rows = ("LAST SEEN   TYPE      REASON      OBJECT      MESSAGE\n"
            "4m          Normal    Created     pod/web-1   Created container app\n"
            "3m          Warning   Unhealthy   pod/web-1   Startup probe failed: HTTP probe "
            "failed with statuscode: 503\n")
    _, a = _answer(rows)
    assert a.probe_kills.hi is None


_READINESS_BACKOFF = (
    "  Warning  Unhealthy  7m (x3 over 8m)      kubelet  Readiness probe failed: connection "
    "refused\n"
    "  Warning  BackOff    7m (x3 over 7m)      kubelet  Back-off restarting failed container\n")


def test_a_row_that_stops_in_its_from_column_is_cut_and_leaves_the_kills_open():
    """fission-540 in small: the rows after the cut are unknown (a liveness failure and a
    kill among them, for all the record says), so the restarts may be probe kills."""
    whole = "  Normal   Pulled     7m (x3 over 8m)      kubelet  Container image \"a\" already present\n"
    _, a = _answer(_HEAD + _READINESS_BACKOFF + whole)
    assert a.probe_kills == CountRange(0, 0)  # whole rows: readiness failures kill nothing
    rs = parse_record(_HEAD + _READINESS_BACKOFF + "  Normal   Pulled     7m (x3 over 8m)      kub\n",
                      "r.txt")
    assert rs.pods[0].events[-1].truncated
    _, a = _answer(_HEAD + _READINESS_BACKOFF + "  Normal   Pulled     7m (x3 over 8m)      kub\n")
    assert a.cause is Cause.CANNOT_TELL and a.probe_kills == CountRange(0, None)


def test_a_row_cut_after_its_count_keeps_the_count_that_closes_the_kills():
    """llm-d-sim-45 in small: `Started 25m (x2 over 2` is cut, but its count is whole: two
    containers, one restart, which the Killing row accounts for."""
    rows = ("  Warning  Unhealthy  25m (x3 over 25m)  kubelet  Liveness probe failed: HTTP probe "
            "failed with statuscode: 404\n"
            "  Normal   Killing    25m                kubelet  Container app failed liveness "
            "probe, will be restarted\n"
            "  Normal   Started    25m (x2 over 2\n")
    started = parse_record(rows, "r.txt").pods[0].events[-1]
    assert started.truncated and started.count == 2 and started.count_stated
    _, a = _answer(rows)
    assert a.cause is Cause.LIVENESS_KILL and a.probe_kills == CountRange(1, 1)
    # cut inside the count: at least 2, which bounds nothing
    _, a = _answer(rows.replace("(x2 over 2", "(x2"))
    assert a.probe_kills == CountRange(1, None)


_SERIES = """Events:
  Type     Reason     Age                    From     Message
  ----     ------     ----                   ----     -------
  Normal   Killing    {kill:<22} kubelet  Container app failed startup probe, will be restarted
  Warning  Unhealthy  7m3s (x53 over 11m)    kubelet  Startup probe failed: connection refused
"""


def _startup_setting(kill_age: str) -> tuple[str, int]:
    ex = explain_records([parse_record(_SERIES.format(kill=kill_age), "r.txt")],
                         ExplainOptions(suggest=False, phases=1))
    (s,) = [s for s in ex.containers[0].settings if s.probe.value == "startup"]
    return s.source.value, s.failure_threshold


def test_a_failure_series_that_runs_on_past_the_kill_gives_no_threshold():
    # issue 30: "a threshold of 53 inferred from failures that came mostly after the kill"
    # (emberstack-426): the kill 11 min ago, the series' last failure 7 min ago, so not all
    # 53 failures were counted by the kill (R1.17 counts failures in a row up to the kill);
    # the API's default stands, labelled assumed
    assert _startup_setting("11m") == ("assumed", 3)
    # the same series ending in the kill is what the threshold is read from
    assert _startup_setting("7m3s") == ("inferred", 53)


def test_the_record_s_dates_choose_the_rule_only_when_they_settle_it():
    """kubesim.explain.dated: the run kept across a kill (§1.5 step 14, E3) only when the
    record's newest date, give or take the axis' spread, precedes kubernetes#46371; the
    profile then says it models that one older rule and no other."""
    day = 86400.0
    p, said = dated_profile(CLASSIC, Timebase(RUN_RESET_MERGED - day, 0.0, "t", False))
    assert p.failure_run_after_kill is FailureRunAfterKill.KEPT and len(said) == 1
    assert p.name == "classic+run-kept" and "no other rule" in p.versions
    for tb in (Timebase(RUN_RESET_MERGED - 100.0, 200.0, "t", True),  # may be after it
               Timebase(RUN_RESET_MERGED + day, 0.0, "t", False),
               Timebase(None, 0.0, "ages only", True)):
        assert dated_profile(CLASSIC, tb) == (CLASSIC, [])


def test_kubelet_setting_on_the_command_line_wins_over_the_record_s_dates(capsys):
    """`--kubelet failure_run_after_kill=reset` counts a 2016 record under today's rule
    (8 // 3 = 2 at most, R1.17, §1.5 step 14), and the output says nothing of its dates."""
    path = str(Path(__file__).resolve().parent / "data" / "explain" / "real"
               / "k8s-31717.watch-events.txt")
    base = ["explain", path, "--format", "json", "--no-suggest", "--phases", "1"]
    ranges = {}
    for extra in ([], ["--kubelet", "failure_run_after_kill=reset"]):
        assert main(base + extra) == 0
        doc = json.loads(capsys.readouterr().out)
        ranges[bool(extra)] = kill_bounds(doc["containers"][0]["answer"]["probe_kills"])
        dated = [f for f in doc["findings"] if "kubernetes#46371" in f["text"]]
        assert len(dated) == (0 if extra else 1)
    assert ranges == {False: {"min": 1, "max": 6}, True: {"min": 1, "max": 2}}


def test_a_replay_under_the_record_s_dates_says_which_kubelet_it_models():
    """The docs' exec demo with its pod and `--now` in 2016: the replay runs with the run kept
    across a kill (§1.5 step 14, E3) and its profile says that this is the one rule of a
    kubelet before 1.7 it models; the kill (3 failures in a row, R1.17) is reproduced."""
    data = Path(__file__).resolve().parent / "data" / "explain"
    record = parse_record((data / "01-k8s-docs-liveness-exec.describe.txt").read_text(),
                          "01.describe.txt")
    spec = tuple(load_containers(str(data / "01-k8s-docs-exec-liveness.pod.yaml")))
    options = ExplainOptions(suggest=False, phases=2, spec=spec, now=RUN_RESET_MERGED - 1e7,
                             rule_from_dates=True)
    ex = explain_records([record], options)
    replay = ex.containers[0].replay
    assert replay is not None and replay.ran
    assert "run-kept" in replay.profile and "no other rule" in replay.profile
    assert replay.verdict is Verdict.REPRODUCED
    assert [f.text for f in ex.findings if "given with --now" in f.text]


def test_R4_7_a_running_container_s_count_bounds_its_kills_an_ended_one_s_plus_one():
    """R4.7: a new instance's restartCount is the previous one's + 1 and shows once it
    exists; a container waiting out a back-off (or terminated) shows its ended instance's
    count R, so R + 1 instances ended and each may be a kill; a running one's R ended."""
    head = "NAME   READY   STATUS             RESTARTS   AGE\n"
    _, running = _answer(head + "web-1  1/1     Running            4          5m\n")
    _, waiting = _answer(head + "web-1  0/1     CrashLoopBackOff   4          5m\n")
    assert running.probe_kills.hi == 4
    assert waiting.probe_kills.hi == 5
