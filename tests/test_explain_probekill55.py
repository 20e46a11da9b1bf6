"""Stop 55 (probekill55): a kill or restart the record says a failing health check caused,
naming no probe's kind (rubygems-org-6342's `Kubernetes had killed a few web pods due to the
health check failing`; hyune-c-kurlypay-startup-probe's `a health check` restarting the pod).

The kubelet kills a running container for a check only by its liveness or startup probe
(R4.1, R4.4; readiness kills nothing, R3.4): at least one probe's kill, which probe not told.
The diagnosis says so (KillCause.PROBE): it counts in probe_kills' minimum, the cause stays
cannot-tell, `failed` names no probe, and the text and every format say it in words.

The prose reading (present_kill.KUBELET_KILL, killprose54's reader of the kubelet as the agent
of the kill, widened): the kubelet, Kubernetes or k8s killing or restarting the case's pod or
container (named, or by a determiner of the case's: `the pod`, `our web pods`) because a check
naming no kind failed, or the case's health check as the agent (`the pod's health check
restarted the pod`). Hand-written variants that must stay unread beside them: a guide's
present with no case, a conditional, a question, a negation, a guess, the readiness check (it
never kills, R3.4), pods of no case (`a pod`, `pods`, a quantifier of pods of no service
the sentence names as the author's: failprose54's rule as it is)."""

from __future__ import annotations

import json

import pytest
from helpers import answer_unless_refused, explained_answer, read_in_one_pass

from kubesim.explain.messages import KillCause, kill_of
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.stated_kill import either_kill_lines

# ------------------------------------------------ the diagnosis: a probe's kill, which not told


def test_the_line_of_a_probe_kill_of_no_kind_told_is_read_as_such():
    """The line the prose readers write for it names both kinds that kill and no container."""
    [line] = either_kill_lines()
    assert kill_of(line) == (KillCause.PROBE, None, True)


def test_a_probe_kill_of_no_kind_told_counts_and_names_no_probe():
    """One such kill: at least one probe kill, cannot tell which probe, none named failing,
    failures shown, the text saying it in words."""
    a = explained_answer("\n".join(either_kill_lines()) + "\n")
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed, a.probe) == \
        (Cause.CANNOT_TELL, CountRange(1, None), True, (), None)
    assert "killed the container at least once for a failing probe: liveness or startup, " \
        "the record does not say which" in a.text


def test_every_format_says_which_probe_is_not_told(tmp_path, capsys):
    """The text, JSON and HTML outputs render the kill's cause in words, not a bare value."""
    from kubesim.cli.main import main

    record = tmp_path / "r.txt"
    record.write_text("The kubelet had killed the api pod due to the health check failing.\n")
    words = "a failing probe: liveness or startup, the record does not say which"
    assert main(["explain", "--no-suggest", "--phases", "1", str(record)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert words in text
    # the timeline's stated item reads as a phrase (it said `a a failing probe: ... kill`)
    assert f"(line 1): a kill for {words}" in text and " a a " not in text
    assert main(["explain", "--no-suggest", "--phases", "1", "--format", "json",
                 str(record)]) == 0
    data = json.loads(capsys.readouterr().out)
    [container] = data["containers"]
    assert container["answer"]["cause"] == "cannot-tell"
    assert "liveness or startup, the record does not say which" in container["answer"]["text"]
    assert [k["cause"] for k in container["kills"]] == ["liveness-or-startup"]
    page = tmp_path / "r.html"
    assert main(["explain", "--no-suggest", "--phases", "1", "--html", str(page),
                 str(record)]) == 0
    capsys.readouterr()
    assert words in page.read_text()


# ------------------------------------------------ the kubelet's kill for a failing check


@pytest.mark.parametrize("text", [
    # rubygems-org-6342's shape, the case's pods by a determiner of the case's
    "Earlier this week we received a couple of pages due to a sudden increase in latency on "
    "our web service. An investigation revealed this was because Kubernetes had killed our web "
    "pods due to the health check failing.\n",
    "Kubernetes killed the pod because the health check failed.\n",
    "The kubelet restarted my container after failed health checks.\n",
    "k8s restarted the api pod due to health check failures.\n",
    # a named container, as killprose54's
    "The kubelet killed `web` because its health checks kept failing.\n",
    "Kubernetes restarted web-frontend on repeated check failures.\n",
    # a quantifier before pods of the author's service (failprose54's rule as it is)
    "An outage of our API came because Kubernetes had killed a few API pods due to the health "
    "check failing.\n",
    "Kubernetes killed some of our web pods due to failed health checks.\n",
    # the service named as the author's in the sentence before (rubygems-org-6342's shape):
    # read since pagectx56 by the README's page-context rule (test_explain_pagectx56.py)
    "Our web service was slow. Kubernetes had killed a few web pods due to the health check "
    "failing.\n",
    # the case's health check as the agent: a check that kills is a failing one's
    "The pod's health check restarted the pod again and again.\n",
    "Our health check killed the api pod.\n",
])
def test_the_kubelet_killing_the_case_for_a_failing_check_is_a_probe_kill(text):
    """At least one probe kill, which probe not told (R4.1, R4.4): cannot-tell, none named."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(1, None), True, ())


@pytest.mark.parametrize("text", [
    # a guide's present, no case told
    "Kubernetes kills the pod when the health check fails.\n",
    "The kubelet restarts the container because the health check failed.\n",
    # a conditional, a question, a negation, a guess
    "If the health check fails, Kubernetes killed the pod due to the health check failing.\n",
    "Has Kubernetes killed the pod due to the health check failing?\n",
    "Kubernetes never killed the pod due to the health check failing.\n",
    "Maybe Kubernetes killed the pod due to the health check failing.\n",
    # the readiness check never kills (R3.4)
    "Kubernetes killed the pod due to the readiness check failing.\n",
    # pods of no case
    "Kubernetes killed a pod due to the health check failing.\n",
    "Kubernetes killed pods due to the health check failing.\n",
    "Kubernetes killed a few web pods due to the health check failing.\n",
    # a quantifier of pods of another's service, of pods with a kind named
    "An outage of your API came because Kubernetes had killed a few API pods due to the health "
    "check failing.\n",
    "Kubernetes killed some of our pods on liveness failure.\n",
    # a kind named with no container's name stays killprose54's (its rule asks for the name)
    "The pod is crash looping.\nThe kubelet killed the container on liveness failure.\n",
    # the health check as the agent: a guide's present, a conditional, the readiness check,
    # a pod of no case
    "The health check restarts the pod.\n",
    "If the startup is slow, the health check restarted the pod.\n",
    "The readiness health check restarted the pod.\n",
    "The health check killed a pod.\n",
    # hyune-c-kurlypay-startup-probe's: a design's conditional, another agent
    "the structure automatically restarted the pod if application startup took longer than 1 "
    "minute.\n",
    # no failing check
    "Kubernetes killed the pod due to the health check.\n",
    "Kubernetes killed the pod after the health checks passed.\n",
])
def test_the_kubelet_killing_in_no_told_case_or_for_no_failing_check_is_no_kill(text):
    """The negative side: no probe kill is read."""
    a = answer_unless_refused(text)
    if a is None:
        return
    assert a.cause not in (Cause.LIVENESS_KILL, Cause.STARTUP_KILL)
    assert a.probe_kills.lo == 0


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("Kubernetes killed the pod due to the " * (_N // 37)) + "\n",
    ("the kubelet had killed our a b pods " * (_N // 36)) + "\n",
    "Kubernetes killed the pod" + (" due to the health" * (_N // 18)) + " check failing\n",
    "k8s restarted the pod because the" + (" health check" * (_N // 13)) + " failed\n",
    ("kubelet restarts the pod on failed health-check fail " * (_N // 52)) + "\n",
    ("the pod's health check " * (_N // 23)) + "restarted the pod\n",
    ("our health check killed " * (_N // 24)) + "\n",
    ("Kubernetes killed a few of our " * (_N // 31)) + "pods\n",
    "our API " + ("k8s killed some API " * (_N // 20)) + "pods due to failed checks\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
