"""Held-out batch 115 (fixprose53d): pull-request and issue descriptions that diagnose the
author's own pods in prose.

- An OOM kill stated by its cause, the kill first, the cause a gerund after `for`
  (config-db-2247: `The config-db container was terminated for exceeding its memory limit of
  4Gi (OOMKilled)`): OOMKilled, {0, 0} (stated_oom_with.KILLED_AT_LIMIT, widened).

Hand-written variants beside those that must stay unread (a guide's present, `a pod`, a
conditional, a question, a negation, a CPU limit)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ killed for exceeding its memory limit


@pytest.mark.parametrize("text", [
    "The config-db container was terminated for exceeding its memory limit of 4Gi "
    "(OOMKilled). The pod has been restarted, but the underlying memory pressure issue likely "
    "persists\n",
    "The config-db container was terminated for exceeding its memory limit of 4Gi.\n",
    "Our worker pods kept getting killed for going over their memory limits.\n",
    "The api container was killed by the OOM killer for hitting its memory limit.\n",
])
def test_a_kill_for_exceeding_the_memory_limit_of_the_cases_container_is_oomkilled(text):
    """The case's container (a determiner of the case's) killed or terminated in a past or
    progressive form, `for` going over its memory limit: OOMKilled (the kernel's OOM killer
    kills over the cgroup's limit), no probe's kill ({0, 0})."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "A container is terminated for exceeding its memory limit.\n",
    "The container is terminated for exceeding its memory limit.\n",
    "If the api container was terminated for exceeding its memory limit, raise it.\n",
    "The api container was not terminated for exceeding its memory limit.\n",
    "Was the api container terminated for exceeding its memory limit?\n",
    "The api container was throttled for exceeding its CPU limit.\n",
    "The api container was terminated for exceeding its CPU limit.\n",
    "A pod was terminated for exceeding its memory limit.\n",
])
def test_a_kill_for_exceeding_a_limit_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: a guide's present, `a container`, `a pod`, a conditional, a
    negation, a question, a CPU limit: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the pods were being killed " * 80_000 + "for exceeding their memory limits\n",
    "the pods were killed for exceeding their " + "memory " * 300_000 + "limits\n",
    "for exceeding its memory limit " * 70_000 + "\n",
])
def test_the_kill_for_exceeding_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
