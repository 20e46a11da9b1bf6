"""Held-out batches 116-118 (oomprose54): OOM kills stated in prose, in people's words.

- One vocabulary of an OOM kill (oom_words.py), reused by every prose rule that reads one: the
  reason in any case, one word or two (`oomkilled`, `OOM killed`, `OOM-killed`, `OOM_Killed`),
  the noun, and `killed` with the OOM killer as its stated cause (`killed because of OOM`).
- The demonstratives `these` and `those` right before the case's pods (govuk-helm-charts-2284:
  `These pods are being OOM killed.`), as stated_oom_with's kill-at-limit subject reads them.
- stated_oom_told.OOM_TOLD: the case's pods killed by the OOM killer with a workload's subject
  and a count (wikimedia-phabricator-T362766: `CoreDNS pods (3) were overwhelmed and oom killed
  over and over again`), an issue's note of its named pod, article dropped, in the present with
  a word of ongoing repetition (symphony-617: `Manager pod continuously get killed because of
  OOM.`).
- stated_oom_told.OOM_KILLS_OF: the noun of the ends of the case's pod named by its component
  (kubernetes-nmstate-1352: `It results in OOMKills for the handler pod.`).
- stated_oom_told.SEEN_OOM: the author's narrative `we observed the apache container getting
  oomkilled` (wikimedia-phabricator-T362766).

Hand-written variants beside them that must stay unread (a guide's present, `pods`, `a pod`, a
quantifier, a negation, a conditional, a question, a modal, a word between `these` and `pods`).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record


def _oom_killed(text: str) -> None:
    """The record's one container ended OOMKilled, no probe kill, failures shown."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


def _refused(text: str) -> None:
    """The paste alone is refused: no end read of it."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the vocabulary in the rules that were there


@pytest.mark.parametrize("text", [
    "Since the upgrade the api container is getting OOM killed.\n",
    "Since the upgrade the api container is getting oomkilled.\n",
    "My postgres pod was oom_killed twice last night.\n",
    "The gitea container was OOM-killed again after ~14 minutes.\n",
])
def test_the_reason_in_peoples_spellings_is_the_same_end(text):
    """`OOM killed`, `oomkilled`, `OOM_Killed`: the reason OOMKilled in the rules that read the
    word (fix39a's sentence, stop 49's `with`), the same end."""
    _oom_killed(text)


@pytest.mark.parametrize("text", [
    "These pods are being OOM killed.\n\nThis PR also changes the template.\n",
    "Those containers were OOMKilled twice during the load test.\n",
])
def test_these_pods_are_the_cases_own(text):
    """`these` or `those` right before the pods: the case's own, as `the pods` are."""
    _oom_killed(text)


@pytest.mark.parametrize("text", [
    "In these cases pods are being OOM killed.\n",  # a word between: no pods of the case's
    "These pods are OOM killed.\n",  # a guide's present
    "These pods are not being OOM killed.\n",  # a negation
    "If these pods are being OOM killed, raise the limit.\n",  # a conditional
    "Are these pods being OOM killed?\n",  # a question
    "Pods are being OOM killed.\n",  # `pods`
    "A pod is getting oom killed when it exceeds its limit.\n",  # a guide's `a pod`
])
def test_these_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused."""
    _refused(text)


# ------------------------------------------------ killed by the OOM killer, other subjects


@pytest.mark.parametrize("text", [
    "Manager pod continuously get killed because of OOM. Should investigate and see if the "
    "cache takes up too much space in memory:\n![Image](https://example.invalid/a.png)\n",
    "  \u2022 CoreDNS pods (3) were overwhelmed and oom killed over and over again (being left in "
    "an crashloopbackoff state)\n",
    "Worker container constantly gets killed due to OOM.\n",
    "The api pods were killed by the OOM killer during the backfill.\n",
    "Our api container was killed (OOM) at 3am.\n",
    "Superset Workers kept getting killed because of OOM.\n",
])
def test_the_cases_pods_killed_by_the_oom_killer_are_oom_killed(text):
    """The case's pods or container (its own, its workload's, a note's named pod) killed with
    the OOM killer as the cause, past, progressive or ongoing: OOMKilled, {0, 0}."""
    _oom_killed(text)


@pytest.mark.parametrize("text", [
    "Pods get killed because of OOM when they exceed their limits.\n",  # a guide's pods
    "A pod continuously gets killed because of OOM.\n",  # `a pod`
    "The container is killed because of OOM.\n",  # a guide's present, no repetition
    "Manager pod was not killed because of OOM.\n",  # a negation
    "Does manager pod continuously get killed because of OOM?\n",  # a question
    "If Manager pod continuously gets killed because of OOM, raise its limit.\n",  # conditional
    "Kubernetes pods were overwhelmed and OOM killed.\n",  # Kubernetes' own word
    "Some pods were overwhelmed and oom killed.\n",  # a quantifier
    "The pods were overwhelmed and not oom killed.\n",  # a negation after `and`
    "CoreDNS pods may be overwhelmed and oom killed.\n",  # a modal
    "When Manager pod continuously gets killed because of OOM, the UI stops.\n",  # a guide's when
])
def test_killed_by_oom_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused."""
    _refused(text)


# ------------------------------------------------ the author's narrative of what they saw


@pytest.mark.parametrize("text", [
    "As an aside, and contributing to the time to recovery, we observed the apache container "
    "getting oomkilled, we strongly suppose because of the backpressure from the workers.\n",
    "I saw the worker pod being OOM killed during the import.\n",
    "We noticed our api containers getting killed because of OOM.\n",
])
def test_the_author_seeing_the_cases_container_oom_killed_is_its_end(text):
    """`we observed the apache container getting oomkilled`: the author's verb of seeing in
    the past, then the case's own container: OOMKilled, {0, 0}."""
    _oom_killed(text)


@pytest.mark.parametrize("text", [
    "We never observed the apache container getting oomkilled.\n",  # a negation
    "Have you observed the apache container getting oomkilled?\n",  # a question, no author
    "We observed a container getting oomkilled in the guide's example.\n",  # `a container`
    "If we saw the apache container getting oomkilled, we raised its limit.\n",  # conditional
    "We will see the apache container getting oomkilled.\n",  # what will be seen
])
def test_seen_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused."""
    _refused(text)


# ------------------------------------------------ the noun of the ends of the case's named pod


@pytest.mark.parametrize("text", [
    "After some benchmarking turns out 128 MB is not enough for deployments with a lot of "
    "interfaces. It results in OOMKills for the handler pod.\n\nThis PR increases memory limit "
    "so that we do not forcefully kill the process.\n",
    "We saw frequent OOM kills of the api container during the soak test.\n",
    "The new cache led to OOM-kills of our ingester pods.\n",
])
def test_oom_kills_of_the_cases_named_pod_are_its_ends(text):
    """The noun of the ends of the case's pod named by its component, the object of a verb
    of result or of the author's seeing: OOMKilled, {0, 0}."""
    _oom_killed(text)


@pytest.mark.parametrize("text", [
    "It may result in OOMKills for the handler pod.\n",  # a modal
    "It results in OOMKills for the pod.\n",  # no component named: a guide's pod
    "To avoid OOMKills for the handler pod, raise the limit.\n",  # what to avoid
    "If the limit is low, it results in OOMKills for the handler pod.\n",  # a conditional
    "Does it result in OOMKills for the handler pod?\n",  # a question
    "It results in no OOMKills for the handler pod.\n",  # a negation
    "A low limit results in OOMKills for a pod.\n",  # `a pod`
])
def test_oom_kills_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused."""
    _refused(text)


@pytest.mark.parametrize("text", [
    "These pods are being OOM " * 80_000 + "\n",
    "the pods were killed because of " * 60_000 + "\n",
    "CoreDNS pods (3) were overwhelmed and " * 50_000 + "\n",
    "Manager pod continuously get killed " * 55_000 + "\n",
    "we observed the apache container getting " * 50_000 + "\n",
    "killed (OOM " * 170_000 + "\n",
    "oom " * 500_000 + "killed\n",
    "It results in OOMKills for the " * 65_000 + "\n",
    "we saw OOM kills of " * 100_000 + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
