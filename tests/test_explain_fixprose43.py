"""The rules of fixprose43 (held-out batches 43 and 44, issue 30: explain on real pastes), each
with hand-written variants that hold and variants that must stay unread, and a long line read
in one pass:

- a page's title written as a markdown heading (`# Readiness probe failed: ...`) on the
  record's first line is the kubelet's message the title rule reads (kuma-5360), and a pod's
  event rows cut short may hide the kills of a probe the record does not show failing;
- the case's container stated exceeding its memory limit and killed, in the past or the
  progressive: an end OOMKilled (github-blog-availability-july-2020);
- an end OOMKilled stated of a pod named by a bare word of the record's one pod's name
  (solr-operator-41's `operator pod is getting OOMKilled` beside solr-operator-...);
- a kill of the case's container stated as caused by its not responding, beside the record's
  liveness failures: the liveness probe's kill (typokign-matrix-chart-30).
"""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType


def _answer(text: str) -> Diagnosis:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    [c] = ex.containers
    assert c.answer is not None
    return c.answer


# ---------------------------------------------------------------- a title as a markdown heading


_ROW = ("NAME                   READY   STATUS    RESTARTS   AGE\n"
        "web-5f875b4d8f-dzdv2   0/1     Running   0          9m\n")
_READINESS = ('Readiness probe failed: Get "http://10.0.0.7:9901/ready": dial tcp '
              "10.0.0.7:9901: connect: connection refused")


@pytest.mark.parametrize("mark", ["# ", "## ", "###### ", "#\t", "  # "])
def test_a_markdown_heading_on_the_first_line_quoting_the_kubelet_is_the_title(mark):
    """The heading's marks (`#` to `######`, then a blank) are no part of the title the title
    rule reads on the record's first line."""
    a = _answer(f"{mark}{_READINESS}\n\n{_ROW}")
    assert a.failed == (ProbeType.READINESS,)


@pytest.mark.parametrize("text", [
    f"####### {_READINESS}\n\n{_ROW}",  # seven marks: no heading
    f"#{_READINESS}\n\n{_ROW}",  # no blank after the mark: no heading
    f"Some words first.\n\n# {_READINESS}\n\n{_ROW}",  # no first line: a section's heading
    f"# kubectl get pods\n{_ROW}",  # a shell comment, no kubelet's message
])
def test_a_heading_not_on_the_first_line_or_of_no_message_is_no_title(text):
    assert _answer(text).failed == ()


def test_a_shell_comment_on_the_first_line_is_not_harmed():
    """`# kubectl get pods` on line 1 is no title: the table under it is read, no event."""
    record = parse_record(f"# kubectl get pods\n{_ROW}", "r.txt")
    assert [p.name for p in record.pods] == ["web-5f875b4d8f-dzdv2"]
    assert not record.events and not any(p.events for p in record.pods)


_CUT_EVENTS = (
    "web-5f875b4d8f-dzdv2   1/2     Running   4 (69s ago)   9m10s\n"
    "$ kubectl describe pod web-5f875b4d8f-dzdv2 | grep Events: -A 20\n"
    "Events:\n"
    "  Type    Reason     Age   From               Message\n"
    "  ----    ------     ----  ----               -------\n"
    "  Normal  Scheduled  9m    default-scheduler  Successfully assigned default/web-5f875b4d8f"
    "-dzdv2 to node-\n")


def test_event_rows_cut_short_leave_the_kills_open_to_the_restart_count():
    """A readiness failure the title states beside event rows cut short and a restart count of
    4: the rows cut away may hold a liveness failure and its kills, at most the count (R4.7)."""
    a = _answer(f"# {_READINESS}\n\n{_CUT_EVENTS}")
    assert (a.cause, a.failed, (a.probe_kills.lo, a.probe_kills.hi)) == \
        (Cause.CANNOT_TELL, (ProbeType.READINESS,), (0, 4))


def test_a_heading_title_reads_a_long_line_in_one_pass():
    read_in_one_pass("# " + "#" * 2_000_000 + " Liveness probe failed\n")
    read_in_one_pass("# Liveness probe failed: " + "x " * 1_000_000 + "\n")


# ---------------------------------------------------------------- a memory limit's kill in prose


@pytest.mark.parametrize("text", [
    "Investigation into the Pods revealed that a single container within the Pod was exceeding "
    "its defined memory limits and being terminated.\n",
    "Our api container exceeded its memory limit and was killed twice last night.\n",
    "The worker pod kept going over its memory limits and getting killed.\n",
    "We saw that the sidecar container is hitting its memory limit and being terminated.\n",
    "The container had exceeded its configured memory limit and was OOM-killed.\n",
])
def test_a_container_over_its_memory_limit_and_killed_is_an_oom_kill(text):
    """The kernel's OOM killer kills a container over its memory limit, which the kubelet
    reports as OOMKilled: oom-killed, no probe kill."""
    a = _answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "If a container exceeds its memory limit, it is terminated.\n",  # a conditional
    "A container that exceeds its memory limit is terminated.\n",  # a guide's present
    "Containers exceed their memory limit and are killed by the kernel.\n",
    "The container was not exceeding its memory limit and was killed.\n",  # negations
    "The container was exceeding its memory limit and was not killed.\n",
    "Was the container exceeding its memory limit and being killed?\n",  # a question
    "The container was exceeding its memory limit for an hour.\n",  # no kill told
    "The container was exceeding its CPU limit and being throttled.\n",  # CPU: throttled
    "The container was exceeding its CPU limits and being killed.\n",
    "When a container exceeded its memory limit and was killed, the kubelet restarted it.\n",
    "A pod could be exceeding its memory limit and getting killed.\n",  # what may happen
])
def test_a_memory_limit_of_no_kill_or_of_what_may_happen_is_no_record(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the container was exceeding its memory limit and" + " " * 2_000_000 + "being killed",
    "the container was exceeding its memory " * 60_000,
    "memory limit " * 200_000 + "and was killed",
])
def test_a_memory_limits_kill_reads_a_long_line_in_one_pass(text):
    read_in_one_pass(text + "\n")


# ---------------------------------------------------------------- a bare word of the pod's name


_DESCRIBE = ("k8 describe pod solr-operator-5c57549cb5-mkpxj -n solr\n"
             "Name:               solr-operator-5c57549cb5-mkpxj\n"
             "Namespace:          solr\n"
             "Status:             Running\n"
             "Containers:\n"
             "  solr-operator:\n"
             "    Image:         solr-operator:0.1.3\n"
             "    Ports:         8080/TCP\n")


@pytest.mark.parametrize("said", [
    "Yes, operator pod is getting OOMKilled, but we've enough resources on nodes.",
    "solr-operator pod was OOMKilled again last night.",
    "Operator pod keeps getting OOMKilled.",
    "the operator pod has been OOMKilled twice.",
])
def test_an_oomkilled_of_a_word_of_the_one_pods_name_is_its_end(said):
    """The sentence's pod, named by a word of the record's one pod's name, is that pod: its
    one container, of no state shown, ended OOMKilled."""
    a = _answer(f"{said}\n\n{_DESCRIBE}")
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True)


@pytest.mark.parametrize("said", [
    "Yes, redis pod is getting OOMKilled, but the operator is fine.",  # no part of the name
    "Operator pods get OOMKilled when the cluster is large.",  # general
    "Is operator pod getting OOMKilled?",  # a question
    "If operator pod is getting OOMKilled, raise its limit.",  # a conditional
    "Operator pod was not OOMKilled.",  # a negation
])
def test_an_oomkilled_of_another_pod_or_of_what_may_happen_is_not_read(said):
    assert _answer(f"{said}\n\n{_DESCRIBE}").cause is Cause.CANNOT_TELL


def test_an_oomkilled_beside_several_pods_is_not_read():
    other = _DESCRIBE.replace("solr-operator-5c57549cb5-mkpxj", "solr-operator-5c57549cb5-abcde")
    record = parse_record(f"operator pod is getting OOMKilled.\n\n{_DESCRIBE}\n{other}", "r.txt")
    assert len(record.pods) == 2
    assert all(c.state is None and c.terminated is None for p in record.pods for c in p.containers)


def test_a_bare_word_oomkilled_reads_a_long_line_in_one_pass():
    read_in_one_pass("operator pod is getting" + " " * 2_000_000 + "OOMKilled\n" + _DESCRIBE)
    read_in_one_pass("operator pod was OOM" * 100_000 + "\n" + _DESCRIBE)


# ---------------------------------------------------------------- a kill for not responding


_LIVENESS_ROW = ("```\n  Warning  Unhealthy  22m (x4 over 23m)  kubelet, node-1  Liveness probe "
                 "failed: Get http://10.244.0.15:8008/health: net/http: request canceled "
                 "(Client.Timeout exceeded while awaiting headers)\n```\n")
_STARTUP_ROW = ("  Warning  Unhealthy  21m (x2 over 22m)  kubelet, node-1  Startup probe "
                "failed: Get http://10.244.0.15:8008/health: context deadline exceeded\n```\n")
_READINESS_ROW = _LIVENESS_ROW.replace("Liveness", "Readiness")


@pytest.mark.parametrize("said", [
    "My container is crashlooping.. the container is being killed by Kubernetes because it's "
    "not responsive enough:",
    "The synapse container was killed because it was unresponsive:",
    "Our app container keeps getting killed by the kubelet since it is hanging under load.",
    "My pod got killed as it was not responding:",
])
def test_a_kill_for_not_responding_beside_liveness_failures_is_the_liveness_kill(said):
    """The kubelet kills a running container for not responding only by its liveness or
    startup probe (R4.4): beside liveness failures alone, the stated kill is liveness's."""
    a = _answer(f"{said}\n\n{_LIVENESS_ROW}")
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi) == (Cause.LIVENESS_KILL, 1, None)


@pytest.mark.parametrize(("said", "rows"), [
    ("The container was killed because it was not responsive (OOMKilled, exit code 137).",
     _LIVENESS_ROW),  # an OOM or exit reason stated
    ("The container was killed because it was not responsive.",
     _LIVENESS_ROW[:-4] + _STARTUP_ROW),  # startup failures too
    ("If the container is not responsive it is killed.", _LIVENESS_ROW),  # a conditional
    ("The container could be killed because it is not responsive.", _LIVENESS_ROW),
    ("A pod is killed because it's not responsive.", _LIVENESS_ROW),  # a pod in general
    ("Was the container killed because it was not responding?", _LIVENESS_ROW),  # a question
    ("The container was killed because it was not responsive.", _READINESS_ROW),  # no liveness
])
def test_a_kill_for_not_responding_of_another_cause_or_record_is_not_read(said, rows):
    assert _answer(f"{said}\n\n{rows}").cause is not Cause.LIVENESS_KILL


def test_a_kill_for_not_responding_reads_a_long_line_in_one_pass():
    read_in_one_pass("the container was killed because" + " it" * 1_000_000 + " not responsive\n"
                     + _LIVENESS_ROW)
    read_in_one_pass("the container was killed " * 80_000 + "\n" + _LIVENESS_ROW)


def test_a_line_read_by_a_sentence_pass_leaves_its_neighbours_noted_with_their_reason():
    """A pass after the readers that reads one line of a `not read` run (stated_pod_oom,
    unresponsive_kill) splits the run's note around it; the lines left keep the reason the
    note gave (`lines 2-4 (why): ...` -> `line 2 (why): ...`, `line 4 (why): ...`)."""
    from kubesim.explain.readers.model import NoteKind, RecordSet
    from kubesim.explain.readers.normalise import LineKind, PasteLine
    from kubesim.explain.readers.stated_pod_oom import unlist_line
    from kubesim.explain.readers.unread import unread_notes

    lines = ["Events:", "  alpha one", "the pod was OOMKilled", "  gamma three"]
    run = [PasteLine(n, lines[n - 1], LineKind.CONTENT) for n in (2, 3, 4)]
    found = RecordSet("r.txt", "paste", notes=unread_notes(run, "r.txt", "among the rows"))
    unlist_line(found, 3, lines)
    assert [n.text for n in found.notes if n.kind is NoteKind.NOT_READ] == [
        "not read: line 2 (among the rows): alpha one",
        "not read: line 4 (among the rows): gamma three"]
