"""Stop 54 (rows54), rows that share one line of the paste:

- a `kubectl get events` table of the 1.5-1.13 layout (`[NAMESPACE] LASTSEEN FIRSTSEEN COUNT
  NAME KIND SUBOBJECT TYPE REASON SOURCE MESSAGE`, or `LAST SEEN FIRST SEEN ...` as `oc` of
  OpenShift 3.11 printed it) that a page ran into one line, its gaps lost
  (readers/events_run_old.py): read where every cell before a row's MESSAGE is of a known
  shape (ages, a count, a name, a kind kubectl prints, a subobject, a type, a CamelCase reason,
  a source braced, with its host, or a controller's), put back under the header's columns. The
  copies are the corpus's tables of that layout (trident-249, minishift-1307, k8s-25149) with
  their lines joined by single spaces, as a page joins them.

Hand-written variants beside them that must stay unread (a row whose source is of no known
shape, a message holding a row's first cells, no header, a header alone).

- the row the record shows last, where rows a page ran into one line share that line's
  number: the last read of them (model.last_row), not the first the line's number finds; the
  judgments of the record's last row (reconstruct.py: a list, a JSON object, a request or a
  probe's output the last row's message leaves open cuts the rows; counted_table.py and
  `rows_whole`: a last row whose message runs over lines is no whole table's) ask it."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange, ProbeType
from kubesim.explain.readers.events_run_old import old_events_run
from kubesim.explain.readers.read import parse_record, pod_groups
from kubesim.explain.reconstruct import attribute

_REAL = Path(__file__).parent / "data" / "explain" / "real"
_OLD = "LASTSEEN FIRSTSEEN COUNT NAME KIND SUBOBJECT TYPE REASON SOURCE MESSAGE"
_SPACED = "LAST SEEN FIRST SEEN COUNT NAME KIND SUBOBJECT TYPE REASON SOURCE MESSAGE"


def _run_in(name: str) -> str:
    """The rows of the corpus record `name`, each line's cells one space apart and its lines
    joined by a space (a page's copy of the table: its code block's breaks and gaps lost)."""
    [path] = _REAL.glob(name)
    lines = [x.removeprefix("> ") for x in path.read_text().split("\n")]
    return " ".join(" ".join(x.split()) for x in lines if x.strip() and not x.startswith("```"))


# trident-249's two rows (oc of OpenShift 3.11: LAST SEEN, FIRST SEEN; `kubelet, HOST`)
_TRIDENT = (
    "16m 4h 28 trident-578788cd75-g8tt2.159cff2feebfa251 Pod spec.containers{etcd} Warning "
    "Unhealthy kubelet, $NODENAME Liveness probe failed: member 9ca0c7938a0c3dc5 is unhealthy: "
    "got unhealthy result from http://127.0.0.1:8001 cluster is unavailable 15m 4h 17 "
    "trident-578788cd75-g8tt2.159cff3736e22941 Pod spec.containers{etcd} Normal Killing "
    "kubelet, $NODENAME Killing container with id docker://etcd:Container failed liveness "
    "probe.. Container will be killed and recreated.")


# --- the table put back ----------------------------------------------------------------------

def test_rows_are_put_back_under_the_header_s_columns():
    run = old_events_run(f"$ oc get events -n trident {_SPACED} {_TRIDENT}")
    assert run is not None and run.around  # (the command before the header)
    header, unhealthy, killing = run.lines
    assert header.split() == _SPACED.split()
    at = {word: header.index(word) for word in ("COUNT", "KIND", "REASON", "SOURCE", "MESSAGE")}
    assert unhealthy[at["COUNT"]:].startswith("28 ") and killing[at["COUNT"]:].startswith("17 ")
    assert killing[at["KIND"]:].startswith("Pod ")
    assert killing[at["REASON"]:].startswith("Killing ")
    assert killing[at["SOURCE"]:].startswith("kubelet, $NODENAME ")
    assert killing[at["MESSAGE"]:] == ("Killing container with id docker://etcd:Container failed "
                                       "liveness probe.. Container will be killed and recreated.")
    assert unhealthy[at["MESSAGE"]:].endswith("http://127.0.0.1:8001 cluster is unavailable")


def test_trident_run_into_one_line_is_read_as_its_table():
    # (trident-249's facts: liveness-kill, the Killing row's count 17 at least)
    a = explained_answer(f"> $ oc get events -n trident-os1-prod {_SPACED} {_TRIDENT}\n")
    assert (a.cause, a.failed, a.probe_kills.lo, a.probe_kills.hi) == \
        (Cause.LIVENESS_KILL, (ProbeType.LIVENESS,), 17, None)


def test_minishift_run_into_one_line_its_last_row_cut_in_its_reason():
    # (braced sources, a ReplicationController's rows of no SUBOBJECT, messages naming pods;
    # the paste ends inside the last row's REASON, `Schedul`: minishift-1307's facts)
    line = f"$ oc get events {_OLD} " + _run_in("minishift-1307.*.txt")
    run = old_events_run(line)
    assert run is not None
    at = run.lines[0].index("REASON")
    assert [x[at:].split()[0] for x in run.lines[1:]] == [
        "Unhealthy", "Unhealthy", "SuccessfulCreate", "SuccessfulDelete", "SuccessfulCreate",
        "Schedul"]
    found = parse_record(line + "\n", "r.txt")
    assert [(e.reason, e.count, e.container, e.component) for e in found.events[:2]] == [
        ("Unhealthy", 79, "hawkular-metrics", "kubelet localhost"),
        ("Unhealthy", 1, "hawkular-metrics", "kubelet localhost")]
    assert found.events[3].message == "Deleted pod: hawkular-metrics-8w1nv"
    assert found.events[-1].truncated  # (the cut row: said, its message not in the record)
    a = explained_answer(line + "\n", pod="hawkular-metrics-dgqx0")
    assert (a.cause, a.probe_kills, set(a.failed)) == \
        (Cause.CANNOT_TELL, CountRange(0, None), {ProbeType.LIVENESS, ProbeType.READINESS})


def test_a_namespace_column_starts_each_row():
    # (k8s-25149's rows under the header of `get events --all-namespaces`)
    line = f"NAMESPACE {_OLD} " + _run_in("k8s-25149.*.txt")
    run = old_events_run(line)
    assert run is not None and not run.around
    assert [x.split()[:4] for x in run.lines[1:]] == [["rkoubsky", "1h", "1h", n]
                                                      for n in ("2", "1", "1")]
    found = parse_record(line + "\n", "r.txt")
    assert [(e.count, e.object_name, e.container) for e in found.events] == \
        [(2, "basic-sti-1-p7jnr", "basic-sti"), (1, "basic-sti-1-p7jnr", "basic-sti"),
         (1, "basic-sti-1-p7jnr", "basic-sti")]
    a = explained_answer(line + "\n")
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 0))


def test_a_message_holding_a_kind_s_word_stays_its_message():
    line = (f"{_OLD} 2m 2m 1 web-0 Pod Normal SandboxChanged kubelet, n1 Pod sandbox changed, it "
            "will be killed and re-created. 1m 1m 1 web-5d ReplicaSet Normal SuccessfulCreate "
            "replicaset-controller Created pod: web-0 Pod web-0 1m 1m 1 web Deployment Normal "
            "ScalingReplicaSet deployment-controller Scaled up replica set web-5d to 1")
    found = parse_record(line + "\n", "r.txt")
    assert [(e.reason, e.message) for e in found.events] == [
        ("SandboxChanged", "Pod sandbox changed, it will be killed and re-created."),
        ("SuccessfulCreate", "Created pod: web-0 Pod web-0"),
        ("ScalingReplicaSet", "Scaled up replica set web-5d to 1")]


@pytest.mark.parametrize("tail, cells", [
    ("15m 4h 2 web-0.159cff3736e22941 Pod spec.containers{etcd} Warn",
     ["15m", "4h", "2", "web-0.159cff3736e22941", "Pod", "spec.containers{etcd}", "Warn"]),
    ("15m 4h 2 web-0.159cff3736e22941 Pod spec.contai",
     ["15m", "4h", "2", "web-0.159cff3736e22941", "Pod", "spec.contai"]),
    ("15m 4h 2 web-0.159cff3736e22941 Replica", ["15m", "4h", "2", "web-0.159cff3736e22941",
                                                 "Replica"]),
    ("15m 4h 2 web-0 Pod Normal Killing kubelet,",
     ["15m", "4h", "2", "web-0", "Pod", "Normal", "Killing", "kubelet,"]),
])
def test_a_last_row_cut_inside_its_cells_is_put_back_as_far_as_it_goes(tail, cells):
    run = old_events_run(f"{_OLD} 16m 4h 3 web-0 Pod spec.containers{{etcd}} Warning "
                         f"Unhealthy {{kubelet n1}} Liveness probe failed: timeout {tail}")
    assert run is not None
    assert run.lines[1].endswith("Liveness probe failed: timeout")
    assert run.lines[2].split() == cells


# --- what stays unread -----------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    # a row whose SOURCE is of no known shape (where its MESSAGE starts is not told)
    f"{_OLD} 3m 3m 2 web-0 Pod Normal Synced my-operator synced web-0 ok 1m 1m 1 web-0 Pod "
    "Normal Killing kubelet, n1 Stopping container app",
    # the same row last: no cut row, a row that goes on past cells of no known shape
    f"{_OLD} 1m 1m 1 web-0 Pod Normal Killing kubelet, n1 Stopping container app 3m 3m 2 web-0 "
    "Pod Normal Synced my-operator synced",
    # a message holding a row's first cells (ages, a count, a name, a kind's word)
    f"{_OLD} 1m 1m 1 web-0 Pod Normal Killing kubelet, n1 Stopping container app 3m 3m 2 web-0 "
    "Pod was stopped earlier",
    # a kind kubectl does not print
    f"{_OLD} 1m 1m 1 web-0 Widget Normal Killing kubelet, n1 Stopping container app",
    _OLD,  # a header alone
    f"{_OLD} are the columns of oc 3.11, 1m 1m 1 web-0 Pod Normal Killing kubelet, n1 x",
    "It was 1m 1m 1 web-0 Pod Normal Killing kubelet, n1 Stopping container app",  # no header
    # the 1.14 header: not this table's
    "LAST SEEN TYPE REASON OBJECT MESSAGE 1m 1m 1 web-0 Pod Normal Killing kubelet, n1 x",
])
def test_rows_that_cannot_be_split_stay_unread(line):
    assert old_events_run(line) is None


def test_an_unsplittable_row_leaves_the_line_unread_and_said():
    # (a source of no known shape: where the Killing row's MESSAGE starts is not told, so
    # the row is no Killing event of the record: its line is said not read)
    text = ("Events:\n  Type     Reason     Age   From     Message\n  ----     ------     ----  "
            "----     -------\n  Warning  Unhealthy  3m    kubelet  Liveness probe failed: "
            f"timeout\n\nthe events: {_OLD} 3m 3m 2 web-0 Pod spec.containers{{app}} Normal "
            "Killing my-operator, n1 Killing container with id docker://app:Container failed "
            "liveness probe.. Container will be killed and recreated.\n")
    [pod] = pod_groups([parse_record(text, "r.txt")])
    assert [e.reason for e in pod.events] == ["Unhealthy"]
    assert any(n.text.startswith("not read: line 6: the events: LASTSEEN") for n in pod.notes)
    # (the same row with the kubelet's source: read)
    pods = pod_groups([parse_record(text.replace("my-operator, n1", "kubelet, n1"), "r.txt")])
    assert sorted(e.reason for p in pods for e in p.events) == ["Killing", "Unhealthy"]


# --- the record's last row, of rows sharing its last line ------------------------------------

_RUN_14 = ("$ kubectl get events LAST SEEN TYPE REASON OBJECT MESSAGE 5m Normal Scheduled pod/web-0 "
           "Successfully assigned default/web-0 to n1 4m (x3 over 5m) Warning Unhealthy pod/web-0 "
           "Liveness probe failed: HTTP probe failed with statuscode: 500 ")


@pytest.mark.parametrize("last, cut", [
    # a Go slice the kubelet prints whole, left open (`_ends_inside_a_list`)
    ("1m Warning FailedMount pod/web-0 Unable to attach or mount volumes: unmounted "
     "volumes=[config da", True),
    ("1m Warning FailedMount pod/web-0 Unable to attach or mount volumes: unmounted "
     "volumes=[config data]", False),
    # a probe's JSON log line, its object left open (`_ends_inside_an_object`)
    ('1m Warning Unhealthy pod/web-0 Readiness probe failed: {"level":"info","msg":"ti', True),
    ('1m Warning Unhealthy pod/web-0 Readiness probe failed: {"level":"info","msg":"ok"}',
     False),
    # an HTTP probe's request error cut before the error (`_ends_inside_a_request`)
    ('1m Warning Unhealthy pod/web-0 Readiness probe failed: Get "http://10.0.0.1:8080/re',
     True),
    ('1m Warning Unhealthy pod/web-0 Readiness probe failed: Get "http://10.0.0.1:8080/ready"'
     ": context deadline exceeded (Client.Timeout exceeded while awaiting headers)", False),
    # an HTTP probe's failure with no output (`_ends_inside_an_output`)
    ("1m Warning Unhealthy pod/web-0 Liveness probe failed:", True),
    ("1m Warning Unhealthy pod/web-0 Liveness probe failed: HTTP probe failed with "
     "statuscode: 503", False),
])
def test_the_last_of_rows_run_into_one_line_is_the_record_s_last_row(last, cut):
    # (the first row on the line, Scheduled, ends in nothing left open: read as the last, the
    # rows were taken as uncut)
    [pod] = pod_groups([parse_record(_RUN_14 + last + "\n", "r.txt")])
    [view], _ = attribute(pod)
    assert view.rows_cut is cut
    # rows a mark cuts are no whole table (`rows_whole`): a whole table from Scheduled on
    # would bound the kills from above (kills {1, 1} beside a cut row, before)
    assert not (cut and view.rows_whole)


_RUN_OLD = (f"$ kubectl get events {_OLD} 5m 5m 1 web-0 Pod Normal Scheduled default-scheduler "
            "Successfully assigned web-0 to n1 5m 5m 1 web-0 Pod spec.containers{web} Normal "
            "Started kubelet, n1 Started container 4m 5m 3 web-0 Pod spec.containers{web} "
            "Warning Unhealthy kubelet, n1 Liveness probe failed: HTTP probe failed with "
            "statuscode: 500 4m 4m 1 web-0 Pod spec.containers{web} Normal Killing kubelet, n1 "
            "Killing container with id docker://web:Container failed liveness probe.. Container "
            "will be killed and recreated. 1m 1m 1 web-0 Pod spec.containers{web} Warning "
            "Unhealthy kubelet, n1 Readiness probe failed: HTTP probe failed with statuscode: "
            "503\n")


def test_a_last_row_whose_message_runs_over_lines_is_no_whole_table():
    # (the last row of the line goes on on the next: a probe's output over lines, which has
    # no end mark to tell a cut by, counted_table.py and `rows_whole`; the first row of the
    # line, Scheduled, is one line)
    over = _RUN_OLD + "<html><body>Service Unavailable\n"
    [pod] = pod_groups([parse_record(over, "r.txt")])
    [view], _ = attribute(pod)
    assert (view.counted_table, view.rows_whole) == (False, False)
    a = explained_answer(over)
    assert "whole from its Scheduled row on" not in a.probe_kills.because
    [pod] = pod_groups([parse_record(_RUN_OLD, "r.txt")])  # (the row ends on its line)
    [view], _ = attribute(pod)
    assert (view.counted_table, view.rows_whole) == (True, True)
    a = explained_answer(_RUN_OLD)
    assert a.probe_kills == CountRange(1, 1) and "whole from its Scheduled row on" in \
        a.probe_kills.because


# --- bounded -------------------------------------------------------------------------------

def test_a_table_run_into_one_line_is_read_in_one_pass():
    read_in_one_pass(f"{_OLD} " + "1s 1s 1 " * 250_000 + "\n")
    read_in_one_pass(f"NAMESPACE {_OLD} " + "a 1s 1s 1 a Pod " * 130_000)
    read_in_one_pass(f"{_OLD} 1s 1s 1 a Pod Normal X kubelet, n " + "1s 1s 1 a Pod Normal " *
                     100_000)
    read_in_one_pass("LASTSEEN FIRSTSEEN " * 110_000)
    read_in_one_pass(_OLD + " " * 2_000_000 + "x")
    read_in_one_pass(f"{_OLD} 1s 1s 1 a Pod spec.containers{{" + "a" * 2_000_000)
    assert old_events_run(f"{_OLD} " + "1s 1s 1 a Pod Normal X {kubelet n} m " * 60_000) \
        is not None
