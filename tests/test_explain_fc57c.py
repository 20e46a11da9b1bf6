"""fc57c: a crash or restart of the case's own named workload told in prose, held-out batches
133-137 (stated_end.py, crashcatch55's reader of an end of the case's own pod, widened where its
principle covers the wording and its patterns did not).

- `Pod` or `Container` opening its sentence with its article dropped, a note's (README
  fixprose53d; infra-deployments-6056: `Pod is crashing, removing livenessProbe`);
- `actively` among the words of how often between the auxiliary and the end
  (ol-infrastructure-5069: `all 5 `mit-learn-nextjs` Production pods were actively
  crash-looping`);
- a bare word before `pod` that is a part of the page's one generated pod name (README
  fixprose43; origin-aggregated-logging-250: `But kibana pod is crashing after each 1- 2 min
  with message:` above a log whose hostname is logging-kibana-1-bo5zq: a pod's hostname is its
  name);
- a kubelet's probe message quoted in double quotes, then another kubelet message quoted
  (click-to-deploy-210: `Getting a "Liveness probe failed: nodetool: ..." on install, and then
  "Pod sandbox changed, it will be killed and re-created."`): the other quote's `will` is the
  kubelet's word, not the author's of what may happen (quoted_message.py);
- the kubelet (Kubernetes) as the agent of a past or progressive kill or restart of the case's
  own workload, no cause told (cal-itp-data-infra-5147: `With only a liveness probe configured
  (...), kubelet was killing the broker mid-recovery`): an end of no cause (agent_end.py).

Each stays unread in a question, a conditional, a negation, a guide's present or `when`, and
the bare word where the page names no pod, another pod, or two."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import Where
from kubesim.explain.readers.quoted_message import quoted_message
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.stated_end import stated_end
from kubesim.spec.model import ProbeType


def _untold_end(text: str) -> None:
    """An end of the case's pod read with no cause told: cannot-tell, no probe, {0, null},
    failures shown (R4.1: a restart follows an end; R4.8: a crash loop follows ends)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


def _refused(text: str) -> None:
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ a note's `Pod`, its article dropped


@pytest.mark.parametrize("text", [
    "Pod is crashing, removing livenessProbe\n",
    "Container kept restarting after the upgrade.\n",
    "Fix for the chart.\n\nPod was crash-looping since the rollout.\n",
    "**Pod** is crashing on the staging cluster\n",
])
def test_a_notes_pod_opening_its_sentence_stated_ending_is_read(text):
    """`Pod` or `Container` opening the sentence, its article dropped (a note's, README
    fixprose53d), in a progressive or a past of what happened: the case's pod, an end of no
    cause told."""
    _untold_end(text)


@pytest.mark.parametrize("text", [
    "Pod is crashing?\n",
    "If Pod is crashing, remove the probe.\n",
    "Pod is not crashing, removing livenessProbe\n",
    "Pod crashes when the memory limit is low.\n",
    "Pod is crashing when the memory limit is low.\n",
    "Container was restarted.\n",
    "Yesterday Pod is crashing\n",
    "Pods are crashing\n",
    "Check whether Pod is crashing.\n",
])
def test_a_notes_pod_in_a_question_a_conditional_a_guide_or_inside_a_clause_is_refused(text):
    """A question, a conditional, a negation, a guide's present or `when`, a person's restart,
    `Pod` inside its sentence (no note's subject) and `Pods`: no end of the case's."""
    assert stated_end(text.split("\n"), set(), set()) is None
    _refused(text)


# ------------------------------------------------ `actively`


def test_pods_named_by_their_workload_actively_crash_looping_are_read():
    """A count of the case's pods named by their workload, `were actively crash-looping`: a
    crash loop of no cause told (the probe named in the next sentence is another statement)."""
    _untold_end(
        "## Summary\n\nInvestigating an alert led to noticing that all 5 `mit-learn-nextjs` "
        "Production pods were actively crash-looping (`0/1 Ready`, ~14-15 restarts/pod in the "
        "last 24h). This isn't the same issue previously identified (a liveness-probe kill, "
        "exit 137).\n")


@pytest.mark.parametrize("text", [
    "Are all 5 `mit-learn-nextjs` pods actively crash-looping?\n",
    "All 5 `mit-learn-nextjs` pods were not actively crash-looping.\n",
    "If all 5 `mit-learn-nextjs` pods were actively crash-looping, raise the limit.\n",
    "All 5 `mit-learn-nextjs` pods were actively crash-looping because the liveness probe "
    "failed.\n",
])
def test_actively_in_a_question_a_negation_a_conditional_or_with_a_probe_reads_no_end(text):
    """The reader of a stated end reads none (a probe's cause is the probe's rules')."""
    assert stated_end(text.split("\n"), set(), set()) is None


# ------------------------------------------------ a bare word of the page's one generated name

_KIBANA_LOG = ('```\n{"name":"Kibana","hostname":"logging-kibana-1-bo5zq","pid":1,"level":50,'
               '"err":{"message":"Request Timeout after 5000ms"},"msg":"","v":0}\n```\n')


@pytest.mark.parametrize("text", [
    "But kibana pod is crashing after each 1- 2 min with message:\n\n" + _KIBANA_LOG,
    "logging pod kept restarting:\n\n" + _KIBANA_LOG,
    "kibana container was crash-looping all night.\n\n" + _KIBANA_LOG,
    "api pod is crashing since the rollout.\n\nPod api-7d9f8b6c5-x2x4q: error\n",
])
def test_a_bare_word_of_the_pages_one_generated_pod_name_stated_ending_is_read(text):
    """A bare word before `pod` or `container` that is a dash-parted part of the one generated
    pod name the page shows (a log's hostname, a line's pod name): that pod (README
    fixprose43), its end of no cause told."""
    _untold_end(text)


@pytest.mark.parametrize("text", [
    # the page names no pod, another pod, two pods
    "But kibana pod is crashing after each 1- 2 min with message:\n\n"
    '```\n{"name":"Kibana","hostname":"web","level":50}\n```\n',
    "But elasticsearch pod is crashing after each 1- 2 min with message:\n\n" + _KIBANA_LOG,
    "But kibana pod is crashing:\n\n" + _KIBANA_LOG + '{"hostname":"logging-es-2-xk9pq"}\n',
    # a name of words alone is no generated one
    "api pod is crashing since the rollout.\n\nSee my-api-is-down for more.\n",
    # a question, a conditional, a negation, a guide's `a`, a present of a guide
    "Why is kibana pod crashing after each 1- 2 min?\n\n" + _KIBANA_LOG,
    "If kibana pod is crashing, check the logs.\n\n" + _KIBANA_LOG,
    "kibana pod is not crashing:\n\n" + _KIBANA_LOG,
    "a kibana pod is crashing:\n\n" + _KIBANA_LOG,
    "But kibana pod crashes when the cluster is slow.\n\n" + _KIBANA_LOG,
])
def test_a_bare_word_of_no_one_generated_name_or_not_told_as_happened_is_refused(text):
    """No page's one pod of that word, or not told as what happened: refused."""
    _refused(text)


# ------------------------------------------------ one pass


@pytest.mark.parametrize("text", [
    "Pod " * 500_000 + "is crashing\n",
    "Pod is " * 300_000 + "crashing\n",
    "all 5 pods were actively " * 80_000 + "\n",
    "kibana pod " * 200_000 + "is crashing\n",
    "kibana pod is crashing\n" + "a-1-" * 500_000 + "bo5zq\n",
    "kibana pod is crashing\n" + "a-" * 1_000_000 + "1-bo5zq\n",
    "kibana pod is crashing\n" + "logging-kibana-1-bo5zq " * 90_000 + "\n",
])
def test_the_widened_reader_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the new words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ a quoted message beside another quoted one

_NODETOOL = ("Liveness probe failed: nodetool: Failed to connect to '127.0.0.1:7199' - "
             "SocketException: 'Connection reset'.")


@pytest.mark.parametrize("text", [
    f'Getting a "{_NODETOOL}" on install, and then "Pod sandbox changed, it will be killed and '
    're-created."\n',
    f'Getting a \u201c{_NODETOOL}\u201d on install, then \u201cPod sandbox changed, it will be '
    'killed and re-created.\u201d\n',
])
def test_a_quoted_probe_message_beside_another_quoted_kubelet_message_is_read(text):
    """click-to-deploy-210: the kubelet's liveness message quoted, then another of the
    kubelet's messages quoted (SandboxChanged's `it will be killed and re-created`): the `will`
    inside that quote is the kubelet's word, no word of the author's of what may happen; the
    liveness failure at least once, kills open (README fixquoted64)."""
    a = explained_answer(text)
    assert (a.cause, set(a.failed), a.shows_failures, a.probe_kills) == \
        (Cause.CANNOT_TELL, {ProbeType.LIVENESS}, True, CountRange(0, None))


@pytest.mark.parametrize("text", [
    f'You will see "{_NODETOOL}" and then "Pod sandbox changed, it will be killed and '
    're-created."',
    f'Getting a "{_NODETOOL}" on install, which may "restart" the pod',
    f'Getting a "{_NODETOOL}" on install, and then it will be "re-created"',
    f'Am I getting a "{_NODETOOL}" and then "Pod sandbox changed, it will be killed"?',
    f'I am not getting a "{_NODETOOL}" on install, only "Pod sandbox changed"',
])
def test_a_word_of_what_may_happen_outside_the_other_quote_still_states_none(text):
    """The author's own `will`, `may`, question and negation still state no message."""
    assert quoted_message(text, Where("r.txt", 1)) is None


@pytest.mark.parametrize("text", [
    'x "Liveness probe failed: y" ' + '"z' * 1_000_000,
    'x "Liveness probe failed: y" "' + "z" * 2_000_000 + '"',
    '"Liveness probe failed: y" "a" ' * 70_000,
])
def test_the_quoted_message_with_other_quotes_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of quotes after a quoted message, read in one pass."""
    read_in_one_pass(text + "\n")


# ------------------------------------------------ the kubelet's kill of the case's workload


@pytest.mark.parametrize("text", [
    "## Summary\n\nWhen a broker shuts down uncleanly, it has to replay unflushed log segments. "
    "With only a liveness probe configured (`delay=10s`, `period=10s`, `failureThreshold=3` "
    "\u2192 ~40s budget), kubelet was killing the broker mid-recovery, leaving more unflushed "
    "segments for the next restart \u2014 a death spiral.\n",
    "The kubelet was killing the pod mid-recovery.\n",
    "Kubernetes kept restarting our api pods all night.\n",
    "After the upgrade the kubelet killed the `ingester` twice.\n",
])
def test_the_kubelets_kill_of_the_cases_workload_with_no_cause_is_an_untold_end(text):
    """The kubelet (Kubernetes) as the agent of a past or progressive kill or restart of the
    case's own workload, no cause told (a probe's setting named is no failure): an end of no
    cause, cannot-tell, no probe, {0, null}, failures shown."""
    _untold_end(text)


@pytest.mark.parametrize("text", [
    "The kubelet kills the broker when it is slow.\n",
    "If the kubelet killed the broker, raise the delay.\n",
    "Was the kubelet killing the broker?\n",
    "The kubelet was not killing the broker.\n",
    "I think the kubelet was killing the broker.\n",
    "The kubelet was killing the broker because of its memory use.\n",
    "The kubelet killed the broker due to OOM.\n",
    "The kubelet was killing your broker.\n",
    "The kubelet was killing a broker.\n",
    "Kubernetes restarted the node.\n",
    "The kubelet killed the whole cluster.\n",
    "Kubernetes killed the connection to the broker.\n",
    "To avoid the kubelet killing the broker, add a startupProbe.\n",
])
def test_the_kubelets_kill_as_a_guide_a_question_a_cause_or_of_no_pod_is_refused(text):
    """A guide's present, a conditional, a question, a negation, a guess, a cause given (its
    own rules), another's or any workload, a node's, a connection's, a prevention: refused."""
    _refused(text)


@pytest.mark.parametrize("text", [
    "The kubelet killed the pod after failed health checks.\n",
    "The kubelet was killing the broker because the liveness probe failed.\n",
])
def test_the_kubelets_kill_with_a_failure_told_is_left_to_the_failures_rules(text):
    """A failure told in the sentence: the reader of an untold end reads none (probekill55's
    and killprose54's rules read the kill as a probe's, or none does)."""
    from kubesim.explain.readers.agent_end import agent_end
    assert agent_end(text.strip(), False) is None


@pytest.mark.parametrize("text", [
    "the kubelet was killing the " * 75_000 + "\n",
    "kubelet killed the broker " * 80_000 + "\n",
    "k8s has restarted our " * 100_000 + "pods\n",
    "the kubelet killed the x" + " y" * 1_000_000 + "\n",
])
def test_the_kubelets_kill_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the new words, read in one pass."""
    read_in_one_pass(text)
