"""Held-out batch 113 (runin53):

- a `kubectl get events` table a page ran into one line (readers/events_run.py,
  hello-world-87), its rows put back on their lines and read as the table's; the record's last
  row, cut in another pod's OBJECT cell, cuts every pod's rows even where the rows put back
  share one line (read.py `_cut_elsewhere`);
- the kubelet's `Container {Name:... LivenessProbe:&Probe{...} ...} is dead, but RestartPolicy
  says that we should restart it.` (kuberuntime_manager.go 1.6-1.20; klog.py), its header cut
  to its file and its %+v broken over lines (kube-spawn-15): an end of no told cause, its
  log a window (no count bounds the ends); the printed probe its settings (go_probe.py), never
  a failure; the newer wording (1.21 on) names the container, no end; an end of no exit code
  and no reason of a container with no probe is no app-exit (diagnosis `_untold_exit`).

Hand-written variants beside each that must stay unread (prose with `Normal` after an age and
no header, a header alone, a header followed by prose)."""

from __future__ import annotations

import pytest
from helpers import assert_no_end, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange, ProbeType
from kubesim.explain.readers.events_run import events_run
from kubesim.explain.readers.go_probe import go_probes
from kubesim.explain.readers.read import parse_record, pod_groups

_HEADER = "LAST SEEN TYPE REASON OBJECT MESSAGE"
_ROWS = ("3m Normal Scheduled pod/web-0 Successfully assigned default/web-0 to node-1 "
         "2m (x3 over 2m30s) Warning Unhealthy pod/web-0 Liveness probe failed: HTTP probe "
         "failed with statuscode: 500 2m Normal Killing pod/web-0 Container web failed "
         "liveness probe, will be restarted")


# --- the table put back ----------------------------------------------------------------------

def test_rows_start_at_an_age_a_type_and_a_reason():
    run = events_run(f"$ kubectl get events {_HEADER} {_ROWS}")
    assert run is not None
    assert run.lines == [
        _HEADER,
        "3m Normal Scheduled pod/web-0 Successfully assigned default/web-0 to node-1",
        "2m (x3 over 2m30s) Warning Unhealthy pod/web-0 Liveness probe failed: HTTP probe "
        "failed with statuscode: 500",
        "2m Normal Killing pod/web-0 Container web failed liveness probe, will be restarted"]
    assert run.around  # (the command before the header)


def test_a_namespace_column_starts_each_row():
    run = events_run("NAMESPACE LAST SEEN TYPE REASON OBJECT MESSAGE shop 3m Normal Scheduled "
                     "pod/web-0 Successfully assigned shop/web-0 to n1 shop 1s Warning BackOff "
                     "pod/web-0 Back-off restarting failed container")
    assert run is not None
    assert run.lines[1:] == ["shop 3m Normal Scheduled pod/web-0 Successfully assigned "
                             "shop/web-0 to n1",
                             "shop 1s Warning BackOff pod/web-0 Back-off restarting failed "
                             "container"]
    assert not run.around


def test_a_row_cut_before_its_object_is_left_out_and_said():
    run = events_run(f"{_HEADER} 3m Normal Scheduled pod/web-0 Successfully assigned x 2m "
                     "Normal Pul")
    assert run is not None
    assert run.lines == [_HEADER, "3m Normal Scheduled pod/web-0 Successfully assigned x"]
    assert run.around


def test_a_liveness_kill_in_a_table_run_into_one_line_is_read():
    a = explained_answer(f"The pod keeps restarting:\n$ kubectl get events {_HEADER} {_ROWS}\n")
    assert (a.cause, a.probe, a.probe_kills.lo) == (Cause.LIVENESS_KILL, ProbeType.LIVENESS, 1)


def test_a_table_cut_in_another_pod_s_row_leaves_the_kills_open():
    # (hello-world-87's shape: one pod's start and back-off, then another pod's rows, the
    # last cut in its OBJECT cell: the rows cut away may be the first pod's, README's
    # gitlab-runner-4664 rule)
    text = (f"# kubectl get event --watch {_HEADER} 24s Normal Scheduled pod/app-7f-aaaaa "
            "Successfully assigned default/app-7f-aaaaa to w1 16s Normal Pulled pod/app-7f-aaaaa"
            " Successfully pulled image \"app:1\" 1s Normal Created pod/app-7f-aaaaa Created "
            "container app 0s Normal Started pod/app-7f-aaaaa Started container app 13s Warning"
            " BackOff pod/app-7f-aaaaa Back-off restarting failed container 24s Normal Scheduled"
            " pod/app-7f-bbbbb Successfully assigned default/app-7f-bbbbb to w1 23s Normal "
            "Pulling pod/app")
    a = explained_answer(text, pod="app-7f-aaaaa")
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), (), True)


# --- what stays unread -----------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "It was Normal for 5m Normal Started pod/web-0 and then it stopped",  # no header
    "It was Normal 5m ago, then 2m Warning BackOff pod/web-0 later.",  # no header
    _HEADER,  # a header alone
    f"{_HEADER} are the columns kubectl prints, 5m Normal Started pod/web-0 ...",  # prose
    f"the {_HEADER.replace('OBJECT', 'KIND')} 3m Normal Scheduled Pod assigned",  # no OBJECT
])
def test_words_no_table_holds_stay_unread(line):
    assert events_run(line) is None


# --- bounded -------------------------------------------------------------------------------

def test_a_table_run_into_one_line_is_read_in_one_pass():
    read_in_one_pass(f"{_HEADER} " + "1s Normal Pulled " * 120_000 + "\n")
    read_in_one_pass(f"NAMESPACE {_HEADER} " + "a 1s (x2 over 1s) Normal " * 80_000)
    read_in_one_pass("LAST SEEN " * 200_000)
    read_in_one_pass(_HEADER + " " * 2_000_000 + "x")
    assert events_run(f"{_HEADER} " + "1s Normal Pulled pod/a x " * 80_000) is not None


# --- the kubelet's `Container {...} is dead, but RestartPolicy says ...` (kube-spawn-15) -----

_STRUCT = ("kubelet logs:\n```\nkuberuntime_manager.go:458] Container {Name:api (...) \n"
           "LivenessProbe:&Probe{Handler:Handler{\nExec:nil,\nHTTPGet:&HTTPGetAction{\n"
           "   Path:/healthz,\n   Port:6443,\n   Host:127.0.0.1,\n   Scheme:HTTPS,\n"
           "   HTTPHeaders[],\n},\nTCPSocket:nil,},\nInitialDelaySeconds:15,\nTimeoutSeconds:15,\n"
           "PeriodSeconds:10,\nSuccessThreshold:1,\nFailureThreshold:8,} (...) } is dead, but "
           "RestartPolicy says that we should restart it.\n```\n")
_DEAD = ("I1029 13:17:03.470973    4919 kuberuntime_manager.go:457] Container {Name:web "
         "Image:web Command:[] LivenessProbe:{probe} ReadinessProbe:nil Lifecycle:nil TTY:false} "
         "is dead, but RestartPolicy says that we should restart it.\n")
_EXEC = ("&Probe{Handler:Handler{Exec:&ExecAction{Command:[cat /tmp/healthy],},HTTPGet:nil,"
         "TCPSocket:nil,},InitialDelaySeconds:5,TimeoutSeconds:1,PeriodSeconds:5,"
         "SuccessThreshold:1,FailureThreshold:3,}")


def test_a_dead_line_broken_over_lines_is_an_end_of_no_cause_beside_its_probe():
    a = explained_answer(_STRUCT)
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), (), True)
    [pod] = pod_groups([parse_record(_STRUCT, "r.txt")])
    [c] = pod.containers
    probe = c.spec.liveness_probe if c.spec is not None else None
    assert probe is not None and (probe.failure_threshold, probe.period_seconds,
                                  probe.timeout_seconds, probe.initial_delay_seconds) == \
        (8, 10, 15, 15)
    assert probe.http_get is not None and probe.http_get.path == "/healthz"


def test_the_printed_probe_is_its_settings_never_a_failure():
    found = parse_record(_DEAD.replace("{probe}", _EXEC), "k.log")
    assert found.events == []  # (no Unhealthy, no Killing: the line states neither)
    [pod] = pod_groups([found])
    [c] = pod.containers
    probe = c.spec.liveness_probe if c.spec is not None else None
    assert probe is not None and probe.exec_ is not None
    assert list(probe.exec_.command) == ["cat", "/tmp/healthy"]
    assert probe.failure_threshold == 3 and c.spec is not None and c.spec.readiness_probe is None


def test_a_dead_container_with_no_probe_ended_by_no_probe_and_no_told_cause():
    # (no exit code, no reason: app-exit needs the exit shown, README; kubernetes-54760)
    a = explained_answer(_DEAD.replace("{probe}", "nil"))
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, 0), (), True)


def test_the_newer_wording_names_the_container_and_shows_no_end():
    # (1.21 on, V(3): printed for a container never started as for one that ended)
    text = ('I0301 01:06:01.286649    1869 kuberuntime_manager.go:1020] "Container of pod is not '
            'in the desired state and shall be started" containerName="web" '
            'pod="default/web-0"\n')
    [pod] = pod_groups([parse_record(text, "k.log")])
    assert pod.name == "web-0" and [c.name for c in pod.containers] == ["web"]
    assert all(c.terminated is None and c.last is None for c in pod.containers)


def test_a_cut_header_is_the_kubelet_s_only_in_its_wording():
    read = parse_record("kuberuntime_manager.go:458] " + _DEAD.split("] ", 1)[1], "k.log")
    # (the dead line read under a header cut to its file)
    assert [c.name for p in pod_groups([read]) for c in p.containers] == ["web"]
    with pytest.raises(RecordError):
        parse_record("server.go:88] listening on :8080\nserver.go:90] ready\n", "a.log")


def test_a_dump_the_record_cuts_before_its_verdict_is_not_read_as_an_end():
    text = ("kuberuntime_manager.go:458] Container {Name:web (...)\nLivenessProbe:nil,\n"
            "ReadinessProbe:nil,\n")
    assert_no_end(text)  # (a guard: refused before this reader, its lines unread after)


def test_a_printed_spec_is_read_in_one_pass():
    read_in_one_pass("kuberuntime_manager.go:458] Container {Name:web " +
                     "LivenessProbe:&Probe{" * 100_000 + "} is dead, but RestartPolicy says "
                     "that we should restart it.\n")
    head = "kuberuntime_manager.go:458] Container {Name:web\n"
    read_in_one_pass(head + "Exec:nil,\n" * 2_000)  # (past `_DUMP_LINES`: not joined)
    read_in_one_pass(head + "TimeoutSeconds:1," * 120_000 + "} is dead, but RestartPolicy "
                     "says that we should restart it.\n")
    read_in_one_pass(_DEAD.replace("{probe}", "&Probe{Handler:Handler{HTTPGet:&HTTPGetAction{"
                                   "Port:" + "{0 " * 500_000 + "}"))
    assert go_probes("LivenessProbe:&Probe{" + "Exec:&ExecAction{Command:[" * 80_000) is None
