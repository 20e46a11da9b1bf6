"""Held-out batches 133-137 (fc57b): shapes of pasted records explain did not read.

- The author's own pod stated being killed in the progressive, then a probe named as the
  agent of the kill in the present in the same sentence (prometheus-operator-319: `My
  prometheus pod is being killed ~3 seconds after startup (i.e. the liveness probe timeout),
  the readiness probe never succeeds, and the liveness probe kills the pod.`): the sentence's
  own words tell the case (being_killed.py), so the present kill is that probe's failure and at
  least one kill of it (R4.4), {1, null}; a probe the sentence states never to succeed failed,
  at least once; a negation in an earlier clause (`never succeeds, and ...`) is that clause's.
  Hand-written variants beside it that must stay unread: a negation, a conditional, a
  question, what may happen, another's pod, `a pod`, the readiness probe as the killer (it
  never kills, R4.4), the kill's own clause negated, the progressive in another sentence.
- A kill of a container the kubelet attempted and the runtime failed, in the pod workers'
  sync error (containerd-6080: `"Error syncing pod, skipping" err="failed to \\"KillContainer\\"
  for \\"solace\\" with KillContainerError: ... DeadlineExceeded ..."`, and the older
  `Error syncing pod UID (...), skipping: failed to "KillContainer" ...`): killContainer records
  the `Killing` event before the runtime's StopContainer (kill_failed.py), so a kill shown, its
  cause not stated: cannot-tell, no probe, {0, null}, failures shown; right after a kill line
  of that container it is that kill. A sandbox's failed kill (`KillPodSandbox`) is no
  container's kill.
- The OpenShift web console's pod page copied as text, one field or value a line
  (ipaas-quickstarts-1500: `Container axway`, `State:` / `Waiting (CrashLoopBackOff)`, `Last
  State` / `Terminated at ... (Completed)`, `Ready:` / `false`, `Restart Count:` / `75`): read
  as describe's fields of that container (console_fields.py): its restart count beside a
  waiting state, R + 1 ends (R4.7), no probe shown: cannot-tell, {0, 76}. A heading with fewer
  than two fields, a value of no field's form, a sentence naming a container stay unread.
- A container status list pasted in an issue's text without a code block, markdown's bold
  marks around some keys, its indentation lost (k8s-community-780: `**containerStatuses**:`,
  `**lastState**:`, `**message: |` ... `Sleep expired**`, cut at `state:`): the marks taken off,
  the keys put back by their names (bold_status.py), a block scalar's deeper lines its text:
  restartCount 30 beside a state cut away, R + 1 = 31 ends (R4.7), exit 0 of no probe shown:
  cannot-tell, {0, 31}. A line of prose or another object's key in the run leaves it unread.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

_N = 2_000_000

# ------------------------------------------------ the case's pod being killed, a probe kills it


@pytest.mark.parametrize(("text", "cause", "failed"), [
    ("My prometheus pod is being killed ~3 seconds after startup (i.e. the liveness probe "
     "timeout), the readiness probe never succeeds, and the liveness probe kills the pod.\n",
     Cause.LIVENESS_KILL, (ProbeType.LIVENESS, ProbeType.READINESS)),
    ("Our api container keeps getting restarted: the startup probe kills the container before "
     "the migration ends.\n", Cause.STARTUP_KILL, (ProbeType.STARTUP,)),
    ("My web pod was being killed every minute, and the liveness probe kills it.\n",
     Cause.LIVENESS_KILL, (ProbeType.LIVENESS,)),
])
def test_a_probe_killing_the_pod_the_author_says_is_being_killed_is_its_kill(text, cause,
                                                                              failed):
    """The author's own pod being killed (the progressive), and the probe named as the agent
    of the kill in the present of the same sentence: that probe's failure and at least one
    kill of it (R4.4), no count; a probe stated never to succeed failed too."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (cause, CountRange(1, None), True, failed)


@pytest.mark.parametrize("text", [
    "My pod is not being killed, and the liveness probe kills the pod.\n",
    "If my pod is being killed, the liveness probe kills the pod.\n",
    "Why is my pod being killed and the liveness probe kills the pod?\n",
    "Their pod is being killed and the liveness probe kills the pod.\n",
    "A pod is being killed when the liveness probe kills the pod.\n",
    "My pod may be being killed, and the liveness probe kills the pod.\n",
    # readiness never kills (R4.4); the kill's own clause negated
    "My pod is being killed, and the readiness probe kills the pod.\n",
    "My pod is being killed, and the liveness probe never kills the pod.\n",
    # the progressive in another sentence: the kill's sentence tells no case
    "My pod is being killed. The liveness probe kills the pod.\n",
])
def test_a_probe_killing_beside_no_pod_of_the_author_being_killed_is_no_kill(text):
    """The negative side: no probe's kill read (the page refused, or an end of no cause)."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert a.cause is not Cause.LIVENESS_KILL and a.failed == ()


def test_a_probe_not_stated_never_to_succeed_is_no_failure():
    """`never fails`, `does succeed`: no failure of that probe read beside the kill."""
    for text in ("My pod is being killed, the readiness probe never fails, and the liveness "
                 "probe kills the pod.\n",
                 "My pod is being killed, the readiness probe does succeed, and the liveness "
                 "probe kills the pod.\n"):
        a = explained_answer(text)
        assert (a.cause, a.failed) == (Cause.LIVENESS_KILL, (ProbeType.LIVENESS,))


@pytest.mark.parametrize("text", [
    ("my pod is being killed, " * (_N // 24)) + "and the liveness probe kills the pod\n",
    "My pod is being killed" + (" i.e. " * (_N // 6)) + "the liveness probe kills it\n",
    "My pod is being killed" + (", and " * (_N // 6)) + "the liveness probe kills it\n",
    ("the readiness probe never succeeds " * (_N // 34)) + "the liveness probe kills it\n",
])
def test_the_being_killed_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)



# ------------------------------------------------ a kill the runtime failed (kill_failed.py)

_SYNC_ERROR = ('E1113 07:54:19.636989    2757 pod_workers.go:1301] "Error syncing pod, skipping" '
               'err="failed to \\"{step}\\" for \\"{name}\\" with {step}Error: \\"rpc error: code = '
               'DeadlineExceeded desc = context deadline exceeded\\"" pod="ns/solace-0" '
               'podUID="7ce7a058-655b-422a-9d60-e37797eeaaee"\n')
_OLD_SYNC_ERROR = ('E0224 23:46:40.914963    3415 pod_workers.go:186] Error syncing pod 7ce7a058 '
                   '("web-0_default(7ce7a058)"), skipping: failed to "KillContainer" for "app" '
                   'with KillContainerError: "rpc error: code = Unknown desc = operation timeout"\n')
_KILL_LINE = ('I1113 07:54:10.100000    2757 kuberuntime_container.go:770] "Killing container with '
              'a grace period" pod="ns/solace-0" podUID="7ce7a058" containerName="solace" '
              'containerID="containerd://ad19" gracePeriod=30\n')
_CAUSE_LINE = ('I1113 07:54:10.000000    2757 kuberuntime_manager.go:1111] "Message for Container '
               'of pod" containerName="solace" pod="ns/solace-0" containerMessage="Container '
               'solace failed liveness probe, will be restarted"\n')


@pytest.mark.parametrize("text", [
    _SYNC_ERROR.format(step="KillContainer", name="solace"),
    _OLD_SYNC_ERROR,
])
def test_a_kill_the_runtime_failed_is_a_kill_of_no_stated_cause(text):
    """The sync's KillContainer failed: a kill the kubelet attempted (its `Killing` event
    recorded before StopContainer), no cause stated: failures shown, what ended it untold."""
    [kill] = [e for e in parse_record(text, "k.log").events if e.reason == "Killing"]
    assert kill.container in ("solace", "app")
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), (), True)


@pytest.mark.parametrize("text", [
    _KILL_LINE + _SYNC_ERROR.format(step="KillContainer", name="solace"),
    _KILL_LINE + _SYNC_ERROR.format(step="KillContainer", name="solace") * 2,
    _CAUSE_LINE + _KILL_LINE + _SYNC_ERROR.format(step="KillContainer", name="solace"),
])
def test_a_failed_kill_right_after_its_kill_line_is_that_kill(text):
    """The kill line, then its failure: one kill, its cause the one stated before it."""
    kills = [e for e in parse_record(text, "k.log").events if e.reason == "Killing"]
    assert len(kills) == 1
    a = explained_answer(text)
    assert a.cause is (Cause.LIVENESS_KILL if "liveness" in text else Cause.CANNOT_TELL)


def test_a_sandbox_the_runtime_failed_to_kill_is_no_kill():
    """`KillPodSandbox` is the pod's sandbox, no container's kill: nothing shown."""
    text = _SYNC_ERROR.format(step="KillPodSandbox", name="7ce7a058")
    assert not [e for e in parse_record(text, "k.log").events if e.reason == "Killing"]
    assert explained_answer(text).shows_failures is False


@pytest.mark.timeout(20)
@pytest.mark.parametrize("name", ["a" * _N, "a-" * (_N // 2), 'x" with KillContainerError' * 80000])
def test_a_hostile_failed_kill_line_reads_in_one_pass(name):
    """Hostile input: a 2 MB container name or repeated words in the sync error."""
    read_in_one_pass(_SYNC_ERROR.format(step="KillContainer", name=name))
    read_in_one_pass('failed to "KillContainer" for "' * 65000 + "\n")


# ------------------------------------------------ the console's page, a cell a line

_CONSOLE = ("Status:\nCrash loop back off\nIP:\n10.128.0.19\nContainer axway\n\nState:\n"
            "Waiting (CrashLoopBackOff)\nLast State\nTerminated at Apr 18, 2017 9:12:19 PM "
            "(Completed)\nReady:\nfalse\nRestart Count:\n{count}\n\nPlease help me\n")


@pytest.mark.parametrize(("text", "kills"), [
    (_CONSOLE.format(count="75"), CountRange(0, 76)),
    ("Container web\nState:\nRunning since Apr 18, 2017 9:12:19 PM\nLast State\n"
     "Terminated at Apr 18, 2017 9:02:19 PM (Error)\nRestart Count:\n3\n", CountRange(0, 3)),
])
def test_the_consoles_fields_a_cell_a_line_are_describes(text, kills):
    """The console's container heading and its fields, each value on the line below: read as
    describe's fields of that container (R4.7: R + 1 ends beside a waiting state, R beside a
    running one)."""
    name = "axway" if "axway" in text else "web"
    a = explained_answer(text, container=name)
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == \
        (Cause.CANNOT_TELL, kills, (), True)


@pytest.mark.parametrize("text", [
    # one field only; a value of no field's form; a sentence naming the container
    "Container axway\nRestart Count:\n75\n",
    "Container axway\nState:\nmaybe waiting\nRestart Count:\nmany\n",
    "Container axway is crashing\nState:\nWaiting (CrashLoopBackOff)\nRestart Count:\n75\n",
])
def test_console_fields_of_no_form_are_not_read(text):
    """The negative side: no container axway read with a restart count."""
    try:
        a = explained_answer(text, container="axway")
    except (RecordError, SystemExit, ValueError, LookupError):
        return
    assert a.probe_kills.hi != 76


@pytest.mark.parametrize("text", [
    "Container a\nState:\n" + "Waiting (" * (_N // 9) + "\nReady:\ntrue\n",
    "Container a\n" + "Last State" * (_N // 10) + ":\nRunning\nReady:\ntrue\n",
    "Container a\nState:\nWaiting" + " at " * (_N // 4) + "\n",
    "Container a\nState:\nTerminated (" + "A" * _N + ")\nReady:\ntrue\n",
    ("Container " + "a" * _N + "\nReady:\ntrue\nRestart Count:\n1\n"),
])
def test_the_consoles_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the console's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ a status list with bold marks, unindented

_BOLD = ("Pods crash, see below.\n\n      **containerStatuses**:\n          - containerID: "
         "docker://9649\n           image: debian\n          **lastState**:\n          "
         "terminated:\n          exitCode: 0\n          **message: |\n                 Sleep "
         "expired**\n          reason: Completed\n          name: demo\n         ready: false\n"
         "         restartCount: 30\n         state:\n")


@pytest.mark.parametrize(("text", "cause", "kills"), [
    (_BOLD, Cause.CANNOT_TELL, CountRange(0, 31)),
    (_BOLD + "          waiting:\n          reason: CrashLoopBackOff\n", Cause.CANNOT_TELL,
     CountRange(0, 31)),
    ("containerStatuses:\n- name: web\nready: true\nrestartCount: 2\nstate:\nrunning:\n"
     "startedAt: 2024-01-01T00:00:00Z\nlastState:\nterminated:\nexitCode: 137\nreason: "
     "OOMKilled\n", Cause.OOM_KILLED, CountRange(0, 0)),
])
def test_a_status_list_with_bold_marks_and_no_indentation_is_read(text, cause, kills):
    """The list's keys put back by their names, the bold marks taken off: its restart count
    and last state read as a pod's status (R4.7)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == (cause, kills, (), True)


@pytest.mark.parametrize("text", [
    _BOLD.replace("          reason: Completed\n", "          and then it failed again\n"),
    _BOLD.replace("          reason: Completed\n", "          livenessProbe:\n"),
    "The containerStatuses: field shows it.\nrestartCount: 3\n",
])
def test_a_status_list_holding_prose_or_another_key_is_not_read(text):
    """The negative side: a line of prose, another object's key or no list key first."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "containerStatuses:\n" + "**" * (_N // 2) + "\n",
    "containerStatuses:\n- name: a\nmessage: |\n" + " x" * (_N // 2) + "\n",
    "containerStatuses:\n" + "- name:" * (_N // 7) + "\n",
    " " * _N + "containerStatuses:\n- name: a\n",
])
def test_the_status_lists_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the list's words, read in one pass."""
    read_in_one_pass(text)
