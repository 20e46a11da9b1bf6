"""Held-out batches 124 and 126 (fc55k): the kubelet's side of issue descriptions.

- A describe Killing row whose message the paste cuts after the probe's word (keel-790:
  `Container keel failed liveness`, the record ending inside the row): the kubelet's
  `Container NAME failed liveness probe, will be restarted` (computePodActions, R4.4) cut
  before `probe` is whole; no other Killing message of the kubelet begins so, so the row names
  its probe (messages.py `_cut_probe_kill`).
- The author's own app told by its pronoun failing a probe (keel-790: `When I install Keel
  using the latest Helm chart, it is repeatedly killed by kubelet because it does not respond
  to liveness probes (and also fails readiness probes)`): the pronoun's antecedent is the app
  the author installs (the README's pronoun rule, failprose54), and a probe's failure the
  case's own container has is that probe's failure, at least once (fixprose45); not answering
  the probe is its failure in the author's words (readers/pronoun_failing.py).
- The pod workers' FailedSync refusal of a start (1.2-1.9: `Error syncing pod, skipping:
  failed to "StartContainer" for "master" with CrashLoopBackOff: "Back-off 20s restarting
  failed container=master pod=..."`) quoted in the author's prose between markdown's emphasis
  marks (continuous-deployment-on-kubernetes-82), read as in a code span: that message alone,
  at least once (README's rule of fixquoted64; readers/quoted_message.py).
- The kubelet's own lines of an exec probe's call (hcsshim-1472): the runtime's `ExecSync
  Response (containerID=..., ExitCode=126)` (remote_runtime.go) and, on the next line, exec.go's
  `Exec probe response: "..."`: a command that exited non-zero, a Failure (R2.14), of a probe
  the lines do not name; the author's sentence above the log naming the one probe they set
  (`set liveness probe, return error:`) names it (readers/exec_probe_log.py).

Hand-written variants beside each that must stay unread (a message cut before the probe's
word, or two letters into it; a readiness word, which no kill names; words no kubelet writes;
a guide's `you`, an app of no case's, a conditional, a question, a negation, a modal, another
subject, a disjunction)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.messages import KillCause, kill_of
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ a Killing message cut after its probe's word


@pytest.mark.parametrize(("message", "cause", "container"), [
    ("Container keel failed liveness", KillCause.LIVENESS, "keel"),
    ("Container keel failed liveness ", KillCause.LIVENESS, "keel"),
    ("Container web failed startup pro", KillCause.STARTUP, "web"),
    ("Container web failed liv", KillCause.LIVENESS, "web"),
    ("Init container init-db failed startup", KillCause.STARTUP, "init-db"),
])
def test_a_kill_message_cut_after_its_probes_word_names_the_probe(message, cause, container):
    """The kubelet's probe kill cut before `probe` is whole: the probe it names (R4.4)."""
    assert kill_of(message)[:2] == (cause, container)


@pytest.mark.parametrize("message", [
    "Container keel failed",
    "Container keel failed li",
    "Container keel failed readiness",
    "Container keel failed liveness check",
    "Container keel failed liv probe",
    "Container keel failed livenesss",
])
def test_a_kill_message_cut_before_the_probe_or_of_other_words_names_none(message):
    """The negative side: no probe's word whole (or three letters of one kind's), a readiness
    word (it kills nothing, R3.4), words the kubelet does not write: no probe named."""
    assert kill_of(message)[0] is KillCause.UNKNOWN


def _events(last: str) -> str:
    """A pod's describe events from its Scheduled row, its last row `last` (cut: no line
    break after it)."""
    return (
        "Pod events:\n\n```plain\n"
        "Type     Reason     Age                    From               Message\n"
        "----     ------     ----                   ----               -------\n"
        "Normal   Scheduled  6m                     default-scheduler  Successfully assigned "
        "apps/web-7d9f8-abcde to node-1\n"
        "Normal   Pulling    5m (x2 over 6m)        kubelet            Pulling image "
        "\"web:1.0\"\n"
        "Normal   Created    5m (x2 over 6m)        kubelet            Created container web\n"
        "Normal   Started    5m (x2 over 6m)        kubelet            Started container web\n"
        "Warning  Unhealthy  4m (x6 over 5m30s)     kubelet            Liveness probe failed: "
        "Get \"http://10.0.0.7:8080/healthz\": dial tcp 10.0.0.7:8080: connect: connection "
        "refused\n"
        "Normal   Killing    4m (x2 over 5m)        kubelet            " + last)


def test_a_describe_killing_row_cut_after_liveness_counts_its_kills():
    """keel-790's shape: the Killing row x2 cut at `failed liveness`, the pod's rows from its
    Scheduled row short of the recorder's burst, two containers created: two liveness kills,
    no more ({2, 2}: the README's rules of a Killing row and of Created counts)."""
    a = explained_answer(_events("Container web failed liveness"))
    assert (a.cause, a.failed, a.probe_kills) == (
        Cause.LIVENESS_KILL, (ProbeType.LIVENESS,), CountRange(2, 2))


def test_a_describe_killing_row_cut_before_the_probes_word_names_no_cause():
    """The negative side: the row cut at `failed`, its probe cut away; six failures against a
    threshold the record does not give show no kill due: cannot tell (the README's rule of a
    Killing row whose message is cut away)."""
    a = explained_answer(_events("Container web failed"))
    assert a.cause is Cause.CANNOT_TELL


def test_a_long_cut_kill_message_is_read_in_one_pass():
    """Hostile input: a 2 MB Killing row of the rule's words, read in one pass."""
    read_in_one_pass(_events("Container web failed " + "liveness " * 250_000))
    read_in_one_pass(_events("Container " + "w" * 2_000_000 + " failed liveness"))


# ------------------------------------------------ the author's app failing a probe, by its pronoun

_KEEL = ("When I install Keel using the latest Helm chart, it is repeatedly killed by kubelet "
         "because it does not respond to liveness probes (and also fails readiness probes).\n\n")


def test_the_pronouns_failing_beside_the_events_adds_its_probe():
    """keel-790's shape whole: the rows' two liveness kills, and the readiness failure the
    author's sentence tells of their app: liveness-kill, both probes failed, {2, 2}."""
    a = explained_answer(_KEEL + _events("Container web failed liveness"))
    assert (a.cause, set(a.failed), a.probe_kills) == (
        Cause.LIVENESS_KILL, {ProbeType.LIVENESS, ProbeType.READINESS}, CountRange(2, 2))


@pytest.mark.parametrize(("text", "failed"), [
    (_KEEL, {ProbeType.LIVENESS, ProbeType.READINESS}),
    ("When I install Keel, it does not respond to liveness probes.\n", {ProbeType.LIVENESS}),
    ("After we deployed the chart, they kept failing their liveness and readiness probes.\n",
     {ProbeType.LIVENESS, ProbeType.READINESS}),
    ("Once I started the operator, it failed its startup probe.\n", {ProbeType.STARTUP}),
])
def test_the_authors_app_failing_a_probe_by_its_pronoun_is_that_probes_failure(text, failed):
    """Each named probe failed, at least once; no kill read of the failing (R1.17, R3.4)."""
    a = explained_answer(text)
    assert set(a.failed) == failed and a.shows_failures
    assert a.cause is not Cause.LIVENESS_KILL and a.probe_kills.lo == 0


@pytest.mark.parametrize("text", [
    "When you install Keel, it does not respond to liveness probes (and also fails readiness "
    "probes).\n",
    "When I install a chart, it fails readiness probes.\n",
    "When I install Keel, if it fails readiness probes, it is restarted.\n",
    "When I install Keel, does it fail readiness probes?\n",
    "When I install Keel, it fails readiness probes?\n",
    "When I install Keel, it does not fail readiness probes.\n",
    "When I install Keel, it may fail readiness probes.\n",
    "When I install Keel, it usually fails readiness probes.\n",
    "When I install Keel, it starts and the sidecar fails readiness probes.\n",
    "When I install Keel, it fails liveness or readiness probes.\n",
    "When I install Keel, it responds to liveness probes.\n",
])
def test_a_pronouns_failing_of_no_case_or_unstated_is_no_record(text):
    """The negative side: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "When I install Keel, it" + " is x" * 400_000 + " and also fails readiness probes\n",
    "When I install " + "Keel " * 400_000 + ", it fails readiness probes\n",
    ("When I install Keel, it fails " * 70_000) + "\n",
    ("When I install Keel, it does not respond to " * 45_000) + "\n",
])
def test_the_pronouns_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ the pod workers' refusal quoted in emphasis

_SYNC = ('Error syncing pod, skipping: failed to "StartContainer" for "master" with '
         'CrashLoopBackOff: "Back-off 20s restarting failed container=master '
         'pod=jenkins-3366133267-243lz_jenkins(a4b07e8b-4c5d-11e7-836a-42010a8000a5)"')


@pytest.mark.parametrize("text", [
    f'When I do a describe on the pod, I see "FailedSync" and a message of _{_SYNC}_.\n',
    f"The pod never starts; describe shows a message of *{_SYNC}* and nothing else.\n",
])
def test_the_pod_workers_refusal_in_emphasis_is_a_back_off(text):
    """The refusal quoted in italics: a back-off of container master whose restarts no count
    bounds (R4.8-R4.12): cannot-tell, no probe, {0, null}, failures shown."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == (
        Cause.CANNOT_TELL, (), CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    f"When I do a describe on the pod, I see a message of {_SYNC}.\n",
    f"When I do a describe on the pod, I see a message of _{_SYNC}\n",
    f"Is _{_SYNC}_ a problem?\n",
    f"If you see _{_SYNC}_, check the logs.\n",
    f"I do not see _{_SYNC}_ anywhere.\n",
    "The message was _Error syncing pod, skipping: failed to_ and nothing more.\n",
])
def test_the_refusal_unmarked_unclosed_or_unstated_is_no_record(text):
    """The negative side: no marks (its words after the colon are no prober's), an emphasis
    no mark closes, a question, a conditional, a negation, words no refusal is: refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_the_refusal_is_no_probe_message():
    """A line holding the refusal quotes no probe's message (runs.py keeps a probe's apart)."""
    from kubesim.explain.readers.quoted_message import quoted_text
    assert quoted_text(f"I see _{_SYNC}_.") is None


@pytest.mark.parametrize("text", [
    ("_Error syncing pod, skipping: failed to \"StartContainer\" for \"" * 35_000) + "\n",
    "I see _" + _SYNC[:80] + "x_y" * 660_000 + "_.\n",
])
def test_the_refusals_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ an exec probe's call in the kubelet's log

_ID = "2b8bdb47d92e98b80d5ffc8b45ac0d7ff18182838f1d0479b5582a86c132934b"
_SYNC_LINE = ("I0729 23:14:34.342056   75972 remote_runtime.go:402] [RemoteRuntimeService] "
              f"ExecSync Response (containerID={_ID}, ExitCode=126)\n")
_NEW_SYNC_LINE = ("I0729 23:14:34.342056   75972 remote_runtime.go:402] \"[RemoteRuntimeService] "
                  f"ExecSync Response\" containerID=\"{_ID}\" exitCode=126\n")
_RESPONSE_LINE = ("I0729 23:14:34.342056   75972 exec.go:62] Exec probe response: \"container "
                  f"{_ID} encountered an error during hcsshim::System::CreateProcess: failure in "
                  "a Windows system call: The remote procedure call failed. (0x6be)\\r\\n\"\n")


def _log(prose: str, sync: str = _SYNC_LINE, between: str = "") -> str:
    return f"{prose}\n```\n{sync}{between}{_RESPONSE_LINE}```\n"


@pytest.mark.parametrize("text", [
    _log("in windows kubernetes, set liveness probe, return error:"),
    _log("I configured a livenessProbe on the pod and the kubelet logs:", _NEW_SYNC_LINE),
])
def test_an_exec_probes_failure_in_the_log_is_the_probe_the_author_set(text):
    """The exit code 126 before exec.go's response: a failure (R2.14) of the probe the author
    states setting: cannot-tell, liveness, {0, null} (one failure against a threshold the
    record does not give shows no kill)."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == (
        Cause.CANNOT_TELL, (ProbeType.LIVENESS,), CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    _log("in windows kubernetes, set liveness and readiness probe, return error:"),
    _log("if you set liveness probe in windows kubernetes, it returns an error:"),
    _log("I did not set a liveness probe, but the kubelet logs:"),
    _log("the kubelet logs this error:"),
])
def test_an_exec_probes_failure_no_sentence_names_names_no_probe(text):
    """The negative side: two kinds named, a guide's conditional, a negation, no sentence of
    setting one: a failure of some probe, which one not told (cannot-tell, none)."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == (
        Cause.CANNOT_TELL, (), CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    _log("in windows kubernetes, set liveness probe:", _SYNC_LINE.replace("=126", "=0")),
    _log("in windows kubernetes, set liveness probe:", _SYNC_LINE,
         "I0729 23:14:34.342056   75972 kubelet.go:2000] SyncLoop (housekeeping)\n"),
    _log("in windows kubernetes, set liveness probe:", ""),
])
def test_an_exec_call_of_exit_0_or_unpaired_shows_no_failure(text):
    """The negative side: exit code 0 (a Success), the response not right after the ExecSync
    answer, or alone (exec.go logs every exec probe's response): no failure shown."""
    a = explained_answer(text)
    assert (a.failed, a.shows_failures) == ((), False)


@pytest.mark.parametrize("text", [
    _log("set liveness probe " * 110_000),
    _log("x", _SYNC_LINE.replace("ExitCode=126", "ExitCode=126" + "0" * 2_000_000)),
    _log("x", _SYNC_LINE, "") .replace("(0x6be)", "x" * 2_000_000),
])
def test_the_exec_lines_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
