"""Held-out batches 124 and 126 (fc55k): the kubelet's side of issue descriptions.

- A describe Killing row whose message the paste cuts after the probe's word (keel-790:
  `Container keel failed liveness`, the record ending inside the row): the kubelet's
  `Container NAME failed liveness probe, will be restarted` (computePodActions, R4.4) cut
  before `probe` is whole; no other Killing message of the kubelet begins so, so the row names
  its probe (messages.py `_cut_probe_kill`).

Hand-written variants beside each that must stay unread (a message cut before the probe's
word, or two letters into it; a readiness word, which no kill names; words no kubelet writes)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.messages import KillCause, kill_of
from kubesim.explain.model import Cause, CountRange
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
