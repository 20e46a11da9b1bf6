"""Held-out batches 59 to 61 (fixkills61): a probe's kill or the case's restarts stated in its
author's prose, in words the other prose readers did not take for the case's own
(readers/stated_case.py):

- a pronoun opening the sentence of a restart caused by a probe's failure, its antecedent the
  case's app the author tells deploying in the sentence before (fluent-bit-7738's `I have
  deployed fluent bit using the helm chart. It is restarting due to liveness probes failing.`);
- the probe joined to the kill in one word (qjoly-gitops-500's `bank-vaults/vault-0 (OpenBao,
  ...) was **liveness-killed 358 times over 3 days**`);
- the restarts of the case's own workload stated with a count (paperdebugger-167's `The
  cloudflared deployment was hitting ~21 restarts/hour`).

Hand-written variants that hold beside those that must stay unread (a question, a conditional,
a guide's present, a negation, another pod, `a pod`, a modal)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType


def _kill_of(text: str, probe: ProbeType) -> None:
    """The text's answer is that probe's kill, once at least, failures shown."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


# ------------------------------------------------ a pronoun whose antecedent is the case's app


@pytest.mark.parametrize(("text", "probe"), [
    ("I have deployed fluent bit using the helm chart. It is restarting due to liveness probes "
     "failing. Here are the logs.\n", ProbeType.LIVENESS),
    ("We deployed the exporter yesterday. It keeps restarting because the liveness probe "
     "fails.\n", ProbeType.LIVENESS),
    ("I've installed Keycloak with the operator. It restarted because of startup probe "
     "failures.\n", ProbeType.STARTUP),
    ("We are running two redis replicas on k3s. They are constantly restarting due to "
     "liveness probes failing.\n", ProbeType.LIVENESS),
])
def test_a_pronoun_after_the_authors_deploy_is_the_case(text, probe):
    """The pronoun opening the restart's sentence stands for the app the author tells deploying
    or running in the sentence before: the case's own subject of a restart caused by a probe's
    failure (fixprose38), that probe's kill once: {1, null}."""
    _kill_of(text, probe)


@pytest.mark.parametrize("text", [
    # no deploy of the author's before the pronoun: a guide's, or nothing before it
    "Fluent Bit is a log processor. It restarts due to liveness probes failing.\n",
    "It is restarting due to liveness probes failing.\n",
    "You have deployed fluent bit. It is restarting due to liveness probes failing.\n",
    "I have deployed a fluent bit. It is restarting due to liveness probes failing.\n",
    # a question, a conditional, a modal, a negation
    "I have deployed fluent bit. Is it restarting due to liveness probes failing?\n",
    "I have deployed fluent bit. It is restarting due to liveness probes failing?\n",
    "I have deployed fluent bit. If it restarts due to liveness probes failing, say so.\n",
    "I have deployed fluent bit. It may restart due to liveness probes failing.\n",
    "I have deployed fluent bit. It is not restarting due to liveness probes failing.\n",
    # another pod, `a pod`, a readiness probe
    "I have deployed fluent bit. Another pod is restarting due to liveness probes failing.\n",
    "I have deployed fluent bit. It is a pod restarting due to liveness probes failing.\n",
    "I have deployed fluent bit. It is restarting due to readiness probes failing.\n",
])
def test_a_pronoun_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("words", [
    "I have deployed fluent bit. ",
    "It is restarting ",
    "I have deployed it. It is ",
])
def test_a_pronoun_reads_a_long_line_in_one_pass(words):
    """Hostile input: the rule's words repeated over a 2 MB line, read in one pass."""
    read_in_one_pass(words * (2_000_000 // len(words)) + "restarting due to liveness probes "
                     "failing.\n")


# ------------------------------------------------ the probe joined to the kill


@pytest.mark.parametrize(("text", "probe"), [
    ("`bank-vaults/vault-0` (OpenBao, Raft on `openebs-lvmpv`) was **liveness-killed 358 times "
     "over 3 days**.\n", ProbeType.LIVENESS),
    ("Our api pods were liveness killed.\n", ProbeType.LIVENESS),
    ("web-0 has been startup-probe-killed again.\n", ProbeType.STARTUP),
    ("The keycloak container kept getting liveness-killed during the import.\n",
     ProbeType.LIVENESS),
])
def test_a_probe_joined_to_the_kill_is_one_kill_at_least(text, probe):
    """`was liveness-killed` is `was killed by its liveness probe` (prose35): the probe's
    failure and one kill of it, a count stated or not: {1, null}."""
    _kill_of(text, probe)


@pytest.mark.parametrize("text", [
    # a readiness probe kills nothing (R3.4)
    "`bank-vaults/vault-0` was readiness-killed 358 times.\n",
    # `a pod`, `pods`, the present of a guide, the future
    "A pod was liveness-killed 358 times.\n",
    "Pods get liveness-killed when the API freezes.\n",
    "vault-0 is liveness-killed when the API freezes.\n",
    "vault-0 will be liveness-killed if the API freezes.\n",
    # a question, a conditional, a modal, a negation
    "Was vault-0 liveness-killed 358 times?\n",
    "If vault-0 was liveness-killed, raise the threshold.\n",
    "vault-0 could have been liveness-killed.\n",
    "vault-0 was not liveness-killed.\n",
])
def test_a_joined_kill_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("words", [
    "`ns/vault-0` (x) was ",
    "vault-0 was liveness-",
    "(a) ",
])
def test_a_joined_kill_reads_a_long_line_in_one_pass(words):
    """Hostile input: the rule's words repeated over a 2 MB line, read in one pass."""
    read_in_one_pass(words * (2_000_000 // len(words)) + "was liveness-killed.\n")


# ------------------------------------------------ the restarts of the case's own workload


@pytest.mark.parametrize("text", [
    "The cloudflared deployment was hitting ~21 restarts/hour (20,640 restarts over 41 days).\n",
    "The api pods had 340 restarts last week.\n",
    "This statefulset has seen 1,200+ restarts since Monday.\n",
    "The vault pod was racking up about 50 restarts a day.\n",
])
def test_the_case_workloads_restarts_with_a_count_show_an_end(text):
    """The count of the case's own workload's restarts (the README's author's count of the
    case's restarts): the case's containers ended, at least once, what ended them not stated,
    and the count bounds nothing: cannot-tell, {0, null}, failures shown."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    # `a`, no determiner, a count of none
    "A deployment was hitting 21 restarts/hour.\n",
    "Deployments were hitting 21 restarts/hour.\n",
    "The cloudflared deployment was hitting 0 restarts.\n",
    # a question, a conditional, a modal, a negation, a guide's present
    "Was the cloudflared deployment hitting 21 restarts/hour?\n",
    "If the cloudflared deployment had 21 restarts, scale it.\n",
    "The cloudflared deployment would have 21 restarts a day.\n",
    "The cloudflared deployment never had 21 restarts.\n",
    "The cloudflared deployment did not hit 21 restarts.\n",
    "The deployment hits 21 restarts when the probe is too tight.\n",
])
def test_restarts_of_no_case_or_of_what_may_happen_are_no_record(text):
    """The negative side: the paste alone is refused (no end read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("words", [
    "the cloudflared deployment was hitting ",
    "~21 restarts ",
    "1,200,000 ",
])
def test_the_workloads_restarts_read_a_long_line_in_one_pass(words):
    """Hostile input: the rule's words repeated over a 2 MB line, read in one pass."""
    read_in_one_pass(words * (2_000_000 // len(words)) + "21 restarts.\n")
