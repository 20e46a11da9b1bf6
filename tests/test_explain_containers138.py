"""Held-out batch 138 (fc57e): pods of several containers.

- A probe's kill stated of a container named in prose beside a describe cut inside its
  containers (democratic-csi-348: `It's the driver-registrar container that crashes
  constantly, due to its liveness probe failing.` above a describe cut in csi-driver's block;
  readers/stated_container_kill.py, runs.py `_named_probe_restart`): describe prints every
  container, so the named one may be in the blocks cut away; its kill is its own (R4.4).
- The container a heading of its log names (imroc-learning-istio-20: a `get pods` row of
  `0/2 Init:CrashLoopBackOff 283` run into prose, then `查得 istio-init 的日志:` and the log;
  readers/log_heading.py) is the row's container of no name: the init containers' while the
  pod initializes (its app containers not started), or the pod's one container.
- Lens's Last Status of a container (vault-env-392: `copy-vault-env pod got:`, `terminated`,
  `Reason:Reason: OOMKilled - exit code: 137`; readers/lens_status.py): a Last State
  Terminated, of the container the line above names.

Hand-written variants beside those that must stay unread (a describe whose blocks are whole
and show no such container, a question, a negation, a conditional, a word for a container
that is no name)."""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------- a stated kill of a container a cut describe does not show

_CUT = ("Name:             csi-node-gsn5x\nNamespace:        democratic-csi\n"
        "Status:           Running\nContainers:\n  csi-driver:\n    Container ID:  "
        "containerd://5dce\n    Image:         docker.io/democraticcsi/democratic-csi:latest\n"
        "    Ima\n")
_WHOLE = ("Name:             csi-node-gsn5x\nNamespace:        democratic-csi\n"
          "Status:           Running\nContainers:\n  csi-driver:\n    Image:  x\n"
          "    State:          Running\n    Ready:          True\n    Restart Count:  0\n"
          "    Environment:    <none>\nEvents:  <none>\n")


def _answers(text: str, container: str | None = None) -> dict[str | None, object]:
    ex = explain_records([parse_record(text, "r.txt")],
                         ExplainOptions(suggest=False, phases=1, container=container))
    return {s.name: s.answer for s in ex.containers}


@pytest.mark.parametrize("sentence", [
    "It's the driver-registrar container that crashes constantly, due to its liveness probe "
    "failing. Here's a `kubectl describe` of a node agent pod:",
    "The driver-registrar container keeps restarting because its liveness probe fails.",
    "Our `driver-registrar` container restarts due to liveness probe failures.",
])
def test_a_stated_kill_of_a_container_a_cut_describe_does_not_show_is_its_own(sentence):
    """The container the sentence names is the pod's (its block may be cut away), its stated
    liveness failure and kill its own: liveness-kill, {1, null}; the describe's csi-driver
    keeps nothing of it."""
    text = f"{sentence}\n\n```\n{_CUT}```\n"
    answers = _answers(text, "driver-registrar")
    a = answers["driver-registrar"]
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == (
        Cause.LIVENESS_KILL, (ProbeType.LIVENESS,), CountRange(1, None), True)
    other = _answers(text, "csi-driver")["csi-driver"]
    assert other.cause is not Cause.LIVENESS_KILL and not other.failed


def test_a_stated_kill_of_a_container_the_describe_shows_is_that_ones():
    """The named container shown by the describe takes the kill and its failure (no failure
    left untied)."""
    text = ("The driver-registrar container keeps restarting because its liveness probe "
            "fails.\n\n" + _WHOLE.replace("Events:", "  driver-registrar:\n    Image:  y\n"
                                         "    State:          Running\n    Restart Count:  3\n"
                                         "    Environment:    <none>\nEvents:"))
    ex = explain_records([parse_record(text, "r.txt")],
                         ExplainOptions(suggest=False, phases=1, container="driver-registrar"))
    [story] = ex.containers
    a = story.answer
    assert (a.cause, a.failed, a.probe_kills) == (
        Cause.LIVENESS_KILL, (ProbeType.LIVENESS,), CountRange(1, 3))
    assert not any("could not be tied" in f.text for f in ex.findings)


def test_a_stated_kill_of_a_container_a_whole_describe_does_not_show_is_none_of_its():
    """A describe whose blocks are whole shows every container of its pod: a kill of another
    container is none of theirs (the line not read)."""
    text = ("The driver-registrar container keeps restarting because its liveness probe "
            f"fails.\n\n{_WHOLE}")
    record = parse_record(text, "r.txt")
    assert {c.name for p in record.pods for c in p.containers} == {"csi-driver"}
    a = _answers(text)["csi-driver"]
    assert (a.cause, a.failed, a.probe_kills) == (Cause.CANNOT_TELL, (), CountRange(0, 0))
    assert any(n.text.startswith("not read: line 1") for n in record.notes)


@pytest.mark.parametrize("sentence", [
    # a question, a negation, a conditional
    "Is the driver-registrar container crashing due to its liveness probe failing?",
    "The driver-registrar container does not crash due to its liveness probe failing.",
    "If the driver-registrar container crashes due to its liveness probe failing, check it.",
    # a word for a container, no name
    "The sidecar container crashes constantly, due to its liveness probe failing.",
])
def test_a_sentence_of_no_named_container_or_no_kill_adds_no_container(sentence):
    text = f"{sentence}\n\n```\n{_CUT}```\n"
    names = {c.name for p in parse_record(text, "r.txt").pods for c in p.containers}
    assert names == {"csi-driver"}


@pytest.mark.parametrize("text", [
    "the " + "driver-registrar " * 120_000 + "container crashes due to its liveness probe "
    "failing.\n\n" + _CUT,
    "the driver-registrar container" + " that" * 400_000 + " crashes due to its liveness "
    "probe failing.\n\n" + _CUT,
])
def test_the_named_container_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ----------------------------------------------- the container a heading of its log names

_ROW = ("NAME                   READY   STATUS                  RESTARTS   AGE\n"
        "web-7cf7f79d6c-d9qcr   {ready}     {status}   {restarts}        64d\n\n")


def _names(text: str) -> set[str | None]:
    return {c.name for p in parse_record(text, "r.txt").pods for c in p.containers}


@pytest.mark.parametrize(("ready", "status", "heading"), [
    # the page's own: a row run into prose, then the init container's log (Chinese)
    ("0/2", "Init:CrashLoopBackOff", "查得 istio-init 的日志:"),
    ("0/2", "Init:CrashLoopBackOff", "istio-init 容器的日志："),
    ("0/2", "Init:Error", "Logs of the istio-init container:"),
    ("0/2", "Init:CrashLoopBackOff", "`istio-init` logs:"),
    ("1/1", "CrashLoopBackOff", "Here are the istio-init's logs:"),
    ("1/1", "CrashLoopBackOff", "Output from istio-init:"),
])
def test_a_heading_of_a_containers_log_names_the_rows_container(ready, status, heading):
    """The heading's container is the row's one container (or its init containers while the
    pod initializes): --container names it, its row's restarts bounding its kills."""
    text = _ROW.format(ready=ready, status=status, restarts=283) + \
        f"{heading}\niptables-restore: line 3 failed\n"
    assert _names(text) == {"istio-init"}
    a = _answers(text, "istio-init")["istio-init"]
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == (
        Cause.CANNOT_TELL, (), CountRange(0, 284), True)


@pytest.mark.parametrize(("ready", "status", "heading"), [
    # a question, no colon ending the line, no line after it (below), a word alone
    ("0/2", "Init:CrashLoopBackOff", "Where are the istio-init logs?"),
    ("0/2", "Init:CrashLoopBackOff", "The istio-init logs: nothing useful there?"),
    ("0/2", "Init:CrashLoopBackOff", "The istio-init logs show nothing"),
    ("1/1", "CrashLoopBackOff", "Error in log :"),
    ("1/1", "CrashLoopBackOff", "Pod logs:"),
    # a row of two app containers: which one's log, the row does not say
    ("0/2", "CrashLoopBackOff", "istio-init logs:"),
])
def test_a_heading_that_names_no_container_of_the_row_names_none(ready, status, heading):
    text = _ROW.format(ready=ready, status=status, restarts=283) + \
        f"{heading}\niptables-restore: line 3 failed\n"
    assert _names(text) == {None}


def test_a_heading_with_no_log_after_it_names_none():
    text = _ROW.format(ready="0/2", status="Init:CrashLoopBackOff", restarts=283) + \
        "istio-init logs:\n"
    assert _names(text) == {None}


@pytest.mark.parametrize("text", [
    _ROW.format(ready="1/1", status="CrashLoopBackOff", restarts=5)
    + "a-" * 1_000_000 + "b logs:\nx\n",
    _ROW.format(ready="1/1", status="CrashLoopBackOff", restarts=5)
    + "logs of " * 250_000 + "a-b:\nx\n",
    _ROW.format(ready="1/1", status="CrashLoopBackOff", restarts=5)
    + "a-b \u7684" * 400_000 + "\u65e5\u5fd7:\nx\n",
])
def test_the_log_heading_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------------- Lens's Last Status of a container

def _containers(text: str) -> list[object]:
    return [c for p in parse_record(text, "r.txt").pods for c in p.containers]


@pytest.mark.parametrize(("above", "name"), [
    # the page's own: the drawer's label copied with its value, a container named above
    ("The init container is keep being restarted but still getting :\n```\n"
     "copy-vault-env pod got:\nterminated\nReason:Reason: OOMKilled - exit code: 137\n```\n",
     "copy-vault-env"),
    ("```\n`vault-env`:\nterminated\nReason: OOMKilled - exit code: 137\n"
     "Started at: 2024-12-17T13:40:02.000Z\nFinished at: 2024-12-17T13:40:05.000Z\n```\n",
     "vault-env"),
    ("```\nterminated\nReason: OOMKilled - exit code: 137\n```\n", None),
])
def test_lens_last_status_is_a_last_state_terminated(above, name):
    """Lens's drawer prints a container's Last Status as `terminated`, then `Reason: R - exit
    code: N`: a Last State Terminated (R4.6), of the container named on the line above;
    OOMKilled: oom-killed, {0, 0} (README, the OOM rule)."""
    [c] = _containers(above)
    assert (c.name, c.last.reason, c.last.exit_code, c.terminated) == (name, "OOMKilled", 137,
                                                                       None)
    a = _answers(above, name)[name]
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == (
        Cause.OOM_KILLED, (), CountRange(0, 0), True)


@pytest.mark.parametrize("text", [
    # no state's word above it, other words around the pair, a state of no Lens word
    "Reason: OOMKilled - exit code: 137\n",
    "terminated\nThe Reason: OOMKilled - exit code: 137 was shown\n",
    "running\nReason: OOMKilled - exit code: 137\n",
])
def test_a_reason_line_under_no_lens_state_word_is_no_last_state(text):
    """Without the drawer's `terminated` right above it, the pair is no Last Status: no Last
    State read (a sentence's or a describe piece's readers read it, as before)."""
    assert all(c.last is None for c in _containers(text))


def test_a_line_above_naming_no_container_names_none():
    text = "The pod got:\nterminated\nReason: Error - exit code: 1\n"
    [c] = _containers(text)
    assert (c.name, c.last.reason, c.last.exit_code) == (None, "Error", 1)


@pytest.mark.parametrize("text", [
    "a-" * 1_000_000 + "b pod got:\nterminated\nReason: Error - exit code: 1\n",
    "terminated\n" + "Reason:" * 300_000 + " Error - exit code: 1\n",
    "terminated\nReason: Error" + " -" * 1_000_000 + " exit code: 1\n",
])
def test_lens_last_status_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the drawer's words, read in one pass."""
    read_in_one_pass(text)
