"""Held-out batches 157-163 (stop 60, fx60b): a crash loop or restarts of the case's pod told in
its author's prose.

- An article or a determiner is no pod's name (kube-router-302: `I've noticed it entered in a
  crash loop`): the loop's noun after its article is no statement of a pod named `a`; its
  subject `it` is a pronoun, no subject crashcatch55 reads (README, the prose rule's subject):
  nothing failing shown beside the app's own log.
- A workload's or pod's dashed name `in` the status with no verb, opening a line under a
  heading of what was seen (cilium-cli-334: `# symptom` over `hubble-relay in crash loop
  backoff after ...`): an issue's note of the case's symptom (README, fx60b), a back-off whose
  restarts no count bounds (R4.8).
- The case's pod named in apposition after its noun, `remains in` the status (csi-digitalocean-
  328: `the pod csi-do-controller-0 remains in status CrashLoopBackOff`), and the one container
  the page states Waiting beside it (`csi-do-plugin ... remains in state Waiting`) the back-off's
  container: kubectl's CrashLoopBackOff is a container's waiting reason (R4.8; README, fx60b).
- `When I <act>` in the present before the case told in the past (towards5gs-helm-93: `When I
  install free5gc helm chart ... my all pods were in CrashLoopBackOff state.`): the author's own
  run, which happened (README, fc58g's `when I deployed`, widened at fx60b).
- A paste read as one pod of no name whose one container shows nothing but that its probes are
  not in the record (an issue form's `**Environment**:` heading, submariner-operator-1510) is
  no pod the page shows: its prose is read (crashcatch55's passive restart with `always`).

Hand-written variants beside each that must stay unread."""

from __future__ import annotations

import pytest
from helpers import (
    answer_unless_refused,
    assert_ended_untold,
    assert_no_end,
    explained_answer,
    read_in_one_pass,
)

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

_LOG = ("```\nI0210 20:59:15.571134       1 server.go:163] Shutting down the controllers\n"
        "I0210 20:59:15.571206       1 network_routes_controller.go:278] Shutting down network "
        "routes controller\n```\n")


def _back_off_untold(text: str, pod: str | None = None, container: str | None = None) -> None:
    a = explained_answer(text, pod=pod, container=container)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


def _unread(text: str) -> None:
    """No back-off read: the page refused, or answered with nothing shown."""
    a = answer_unless_refused(text)
    assert a is None or not a.shows_failures


# ------------------------------------------------ an article is no pod's name


@pytest.mark.parametrize("text", [
    "After some time I've noticed it entered in a crash loop, always looking like it shuts "
    "down cleanly.\n\nHere is the last part of the log:\n" + _LOG,
    "It went into a crash loop.\n\n" + _LOG,
    "Then it hit the crash loop again.\n\n" + _LOG,
])
def test_an_article_before_the_loop_is_no_pod_name(text):
    """`it ... a crash loop`: a pronoun's loop, no pod named `a` (README, fx60b): nothing
    failing shown beside the app's log."""
    assert_no_end(text)


@pytest.mark.parametrize("text", [
    "After some time I've noticed the pod entered a crash loop.\n\n" + _LOG,
    "kube-router-x1 entered a crash loop.\n\n" + _LOG,
])
def test_the_case_s_pod_entering_a_crash_loop_still_read(text):
    """The case's pod (`the pod`, a dashed name) entering a crash loop stays a back-off."""
    _back_off_untold(text)


# ------------------------------------------------ a dashed name in the status, a symptom's note


@pytest.mark.parametrize("text", [
    "# flake\n\n- a link\n\n# symptom\n\nhubble-relay in crash loop backoff after `cilium "
    "hubble enable`:\n```\nDeployment        hubble-relay       Desired: 1, Unavailable: 1/1\n"
    "```\n",
    "### Observed behavior\n\n- hubble-relay is in CrashLoopBackOff.\n",
    "**What happened**:\nhubble-relay in crashloop backoff since the upgrade\n",
])
def test_a_dashed_name_in_the_status_under_a_heading_of_what_was_seen(text):
    """A dashed name `in` the status opening a line of what was seen: a back-off (R4.8)."""
    _back_off_untold(text)


@pytest.mark.parametrize("text", [
    "Notes\n\nhubble-relay in crash loop backoff after `cilium hubble enable`:\n",
    "# symptom\n\nhubble-relay in crash loop backoff?\n",
    "# symptom\n\nhubble-relay in crash loop backoff when the agents restart\n",
    "# symptom\n\nhubble-relay not in crash loop backoff after the upgrade\n",
    "# Expected behavior\n\nhubble-relay in crash loop backoff after the upgrade\n",
    "# symptom\n\nsee hubble-relay in crash loop backoff docs for more\n",
])
def test_a_dashed_name_in_the_status_elsewhere_unread(text):
    """No heading of what was seen, a question, a `when` of what may happen, a negation, a
    heading of what should happen, the name inside a sentence: no back-off read."""
    _unread(text)


# ------------------------------------------------ the pod in apposition, its container waiting


_CSI = ("Still the same behavior on the controller, i.e the pod csi-do-controller-0 remains in "
        "status CrashLoopBackOff.\n\n4 out of 5 containers are in state Running.\n"
        "The last one csi-do-plugin (digitalocean/do-csi-plugin:v1.3.0) remains in state "
        "Waiting and the logs says:\n```\ncouldn't get metadata: connection refused\n```\n")


def test_the_pod_in_apposition_and_its_waiting_container():
    """`the pod NAME remains in status CrashLoopBackOff`: that pod's back-off; the one
    container stated Waiting is the one in back-off (R4.8), so --container asks for it."""
    _back_off_untold(_CSI, pod="csi-do-controller-0", container="csi-do-plugin")
    [pod] = parse_record(_CSI, "r.txt").pods
    assert (pod.name, [c.name for c in pod.containers]) == \
        ("csi-do-controller-0", ["csi-do-plugin"])


@pytest.mark.parametrize("text", [
    "the pod web-0 remains in CrashLoopBackOff.\n",
    "Our container api-7f8b9 stays in status CrashLoopBackOff\n",
])
def test_the_pod_in_apposition_variants(text):
    _back_off_untold(text)


def test_two_waiting_containers_name_none():
    """Two containers stated Waiting: which one backs off is not told, the container keeps no
    name."""
    text = ("the pod csi-0 remains in status CrashLoopBackOff.\nThe a-plugin remains in state "
            "Waiting and b-helper is in state Waiting.\n")
    [pod] = parse_record(text, "r.txt").pods
    assert [c.name for c in pod.containers] == [None]


@pytest.mark.parametrize("text", [
    "a pod csi-0 remains in status CrashLoopBackOff.\n",
    "if the pod csi-0 remains in status CrashLoopBackOff, delete it\n",
    "Does the pod csi-0 remain in status CrashLoopBackOff?\n",
    "the pod csi-0 no longer remains in status CrashLoopBackOff.\n",
    "the pod csi-0 does not remain in status CrashLoopBackOff.\n",
    "When the pod csi-0 remains in status CrashLoopBackOff, check its logs.\n",
])
def test_the_pod_in_apposition_unread(text):
    """`a pod`, a conditional, a question, a negation, a `when` of what may happen."""
    _unread(text)


def test_a_word_after_the_pod_s_noun_is_no_name():
    """`the pod is in CrashLoopBackOff`: `is` is the verb, no pod named `is`."""
    [pod] = parse_record("the pod is in CrashLoopBackOff.\n", "r.txt").pods
    assert pod.name is None


# ------------------------------------------------ `When I <act>` before the case told in the past


@pytest.mark.parametrize("text", [
    "When I install free5gc helm chart using: `helm -n free5gc install free5gc-v1 "
    "towards5gs/free5gc` my all pods were in CrashLoopBackOff state.\n",
    "When we upgrade the chart, our pods went into CrashLoopBackOff.\n",
])
def test_when_i_act_before_a_past_back_off(text):
    """The author's own run, told in the past after it: a back-off (R4.8; README fc58g)."""
    _back_off_untold(text)


@pytest.mark.parametrize("text", [
    "When I install the chart my pods are in CrashLoopBackOff state.\n",
    "When you install the chart your pods were in CrashLoopBackOff state.\n",
    "When I would install the chart my pods were in CrashLoopBackOff state.\n",
    "If I install the chart my pods were in CrashLoopBackOff state.\n",
    "When the chart installs my pods were in CrashLoopBackOff state.\n",
])
def test_when_of_what_may_happen_unread(text):
    """The present (a rule of each run), another's act, a modal, a conditional and another
    subject keep the `when` of what may happen."""
    _unread(text)


# ------------------------------------------------ an empty piece beside the page's prose


_FORM = ("**What happened**:\nsubmariner-operator pod is always restarted. I have observed "
         "this in multiple setups.\n\n**What you expected to happen**:\nsubmariner-operator "
         "pod should not restart\n\n**Environment**:\n- Diagnose information (use `subctl "
         "diagnose all`):\n[a.log](https://example.com/a.log)\n\n- Install tools:\n- Others:\n")


def test_an_issue_form_s_environment_heading_leaves_the_prose_read():
    """`**Environment**:` read as a lone container key shows no pod: the prose under `What
    happened` is read, a restart with a word of how often (crashcatch55; R4.1)."""
    assert_ended_untold(_FORM)


@pytest.mark.parametrize("text", [
    "**What happened**:\nsubmariner-operator pod is restarted.\n\n**Environment**:\n- Others:\n",
    "**What happened**:\nthe chart does not install.\n\n**Environment**:\n- Others:\n",
    "**What happened**:\nsubmariner-operator pod should always be restarted.\n\n"
    "**Environment**:\n- Others:\n",
])
def test_an_empty_piece_beside_prose_that_tells_no_end(text):
    """No word of how often, no end, a modal: the empty piece answers as before, nothing
    failing shown."""
    assert_no_end(text)


def test_a_describe_that_shows_a_container_is_still_read():
    """A describe piece that names its container is a pod the page shows: read as before."""
    text = ("**What happened**:\nsubmariner-operator pod is always restarted.\n\n"
            "Containers:\n  op:\n    Image: x\n    Restart Count: 0\n")
    assert [c.name for c in parse_record(text, "r.txt").pods[0].containers] == ["op"]


@pytest.mark.parametrize("text", [
    "**What happened:**\nUpon inspection, both the deployments for `odh-manager` and "
    "`notebook-controller-deployment` were stuck in a crashloop state.\n\n**Environment:**\n"
    "OCP 4.10.24\n",
    "Both deployments of `odh-manager` and `notebook-controller` were stuck in a crash loop.\n",
])
def test_a_preposition_s_second_object_is_no_subject(text):
    """A name joined by `and` to a preposition's object (`the deployments for A and B were
    ...`) is that preposition's second object, no subject (README, fx60b): unread."""
    _unread(text)


def test_names_joined_as_the_subject_still_read():
    """Two names joined as the subject opening the sentence: the case's pods' back-off."""
    _back_off_untold("api-server and web-front are in CrashLoopBackOff.\n")


# ------------------------------------------------ one pass


_MB = 2_000_000


@pytest.mark.parametrize("text", [
    "# symptom\n\n" + "a-" * (_MB // 2),
    "# symptom\n\nhubble-relay in crash loop backoff after " + " " * _MB + "x",
    "# symptom\n\nhubble-relay in crash loop backoff" + " " * _MB + "x",
    "the pod " + "a-" * (_MB // 2),
    "the pod csi-0 remains in " + " " * _MB + "x",
    "x-1 (" + "a" * _MB,
    "x-1 " + "(a) " * (_MB // 4) + "is Waiting",
    "When I " + "a" * _MB,
    "When I install " + "my pods were " * (_MB // 13),
    "it entered in a " + "crash loop " * (_MB // 11),
    "for a-b " + "and " * (_MB // 4) + "c-d were stuck in a crashloop",
    "for " + "a" * _MB + " and c-d were stuck in a crashloop",
])
def test_hostile_lines_are_read_in_one_pass(text):
    read_in_one_pass(text)
