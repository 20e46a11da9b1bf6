"""Held-out batch 49's fixes (fixmd49; issue 30: explain on real pastes):

- a pod's status written as markdown key/value bullets of describe's own keys (mcpspy-2's `-
  **Pod Name**: ...`, `- **Status**: Running (but with liveness probe failures)`, `- **Restart
  Count**: 1`): read as describe's fields (readers/markdown_fields.py), the phase's note naming
  a probe's failures as that probe's failure;
- probes' failures the case's own pod shows, stated in prose, one probe or a conjunction of them
  (coder-5577's `the pod's describe, it says that both Readiness and Liveness probes fails`:
  readers/said_failing.py, the corpus README's prose rule of fixprose45);
- event rows naming no pod given to the one pod of a `get pods` table not Ready, a container
  its STATUS shows waiting counted not Ready (R3.4), and the restart count of a container
  waiting out a back-off bounding the kills at R + 1 whatever rows are cut (README's
  restart-count rule).

Hand-written variants beside those that must stay unread (a guide's bullets, bullets without a
pod's name, questions, negations, conditionals, `should`, a disjunction)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import CountRange
from kubesim.explain.readers.read import combine, parse_record
from kubesim.spec.model import ProbeType

L, R = ProbeType.LIVENESS, ProbeType.READINESS

# ------------------------------------------------ a pod's status as markdown bullets


@pytest.mark.parametrize(("text", "failed", "kills"), [
    ("## Current Status\n\n- **Pod Name**: `web-7d9f8c-abcde`\n- **Namespace**: `shop`\n"
     "- **Status**: Running (but with liveness probe failures)\n- **Restart Count**: 1\n"
     "- **Age**: 3 days\n", (L,), CountRange(0, 2)),
    # the key's colon inside the bold, plain keys, another bullet mark
    ("- **Pod Name:** web-7d9f8c-abcde\n- **Status:** Running (liveness and readiness probes "
     "failing)\n- **Restarts:** 4\n", (L, R), CountRange(0, 5)),
    ("* Name: web-0\n* Status: Running\n* Restart Count: 3\n", (), CountRange(0, 4)),
    ("- Pod: web-0\n- Status: Running (readiness probe failures)\n- Ready: False\n",
     (R,), CountRange(0, 0)),
])
def test_a_pods_status_as_markdown_bullets_is_read_as_describes_fields(text, failed, kills):
    """Describe's own keys as bullets, a pod's name among them and a field of its status: read
    as describe's fields; Status is the pod's phase (the count then allows R + 1, README), and
    its note naming a probe's failures is that probe's failure, at least once."""
    a = explained_answer(text)
    assert a.failed == failed and (a.shows_failures or not failed)
    if failed != (R,):  # (no restart count: a readiness failure alone)
        assert (a.probe_kills.lo, a.probe_kills.hi) == (kills.lo, kills.hi)


@pytest.mark.parametrize("text", [
    # a guide's bullets: what to look at, no value describe prints
    "- **Pod Name**: the name of your pod\n- **Restart Count**: how many times the container "
    "restarted\n- **Status**: Running (but with liveness probe failures)\n",
    "- **Pod Name**: `web-0`\n- **Restart Count**: how many times it restarted (liveness probe "
    "failures)\n",
    # no pod's name among the bullets
    "- **Status**: Running (but with liveness probe failures)\n- **Restart Count**: 1\n",
    # a question
    "- **Pod Name**: `web-0`\n- **Status**: Running (liveness probe failures?)\n"
    "- **Restart Count**: 1\n",
    "- **Pod Name**: `web-0`\n- **Status**: Running?\n",
])
def test_bullets_that_are_no_pods_status_stay_unread(text):
    """A guide's list, bullets without a pod's name, a question: no describe's fields."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("note", [
    "no liveness probe failures", "without liveness probe failures",
    "may show liveness probe failures", "liveness or readiness probe failures soon",
])
def test_a_phases_note_that_negates_or_says_what_may_happen_states_no_failure(note):
    """The bullets are read, the note states no probe's failure: nothing failed."""
    text = (f"- **Pod Name**: `web-0`\n- **Status**: Running ({note})\n"
            "- **Restart Count**: 0\n")
    assert explained_answer(text).failed == ()


@pytest.mark.parametrize("text", [
    "- **Pod Name**: `web-0`\n- **Status**: Running (but with " + "liveness " * 250_000
    + "probe failures)\n",
    "- **Pod Name**: " + " " * 2_000_000 + "web-0\n- **Status**: Running\n",
    "- **" + "Pod Name " * 250_000 + "**: web-0\n",
    "- **Pod Name**: `web-0`\n" + "- **Status**: Running\n" * 100_000,
])
def test_markdown_bullets_are_read_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, or of spaces."""
    read_in_one_pass(text)


# ------------------------------------------------ probes' failures the case's pod shows, in prose


@pytest.mark.parametrize(("text", "failed"), [
    ("I am installing it, but the app pod is not running, and when I get into the pod's "
     "describe, it says that both Readiness and Liveness probes fails, due connection "
     "problems.\n", (L, R)),
    ("The pod's events show that the liveness probe is failing.\n", (L,)),
    ("my-api-0's readiness and liveness probes are failing.\n", (L, R)),
    ("The pod shows readiness and liveness probe failures.\n", (L, R)),
    ("Our pod's describe says readiness/liveness probes failed.\n", (L, R)),
])
def test_probes_failures_the_cases_pod_shows_are_each_probes_failure(text, failed):
    """A probe's failure the case's own pod shows (README's prose rule of fixprose45), one
    probe or a conjunction: each named probe failed, at least once, no kill stated."""
    a = explained_answer(text)
    assert (tuple(sorted(a.failed)), a.shows_failures) == (failed, True)
    assert a.probe_kills.lo == 0


@pytest.mark.parametrize("text", [
    # a guide's conditional, `should`, a `when` not the author's doing
    "If the pod's describe says that both readiness and liveness probes fail, check the port.\n",
    "You should see that the pod's describe says both readiness and liveness probes fail.\n",
    "When the pod's describe says that both readiness and liveness probes fail, restart it.\n",
    # a question, a negation, a disjunction, no case's pod
    "The pod's describe says that both readiness and liveness probes fail?\n",
    "I don't think the pod's describe says that both readiness and liveness probes fail.\n",
    "The pod's describe says that readiness or liveness probes fail.\n",
    "A pod's describe says that both readiness and liveness probes fail.\n",
])
def test_probes_failures_not_stated_of_the_case_stay_unread(text):
    """A conditional, `should`, a guide's `when`, a question, a negation, a disjunction (which
    probe, not told) or another pod state no failure: the prose alone is no record."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the pod's describe says that both " + "readiness and " * 150_000 + "liveness probes fail",
    "the pod's describe, it says" + " " * 2_000_000 + "that liveness probes fail",
    "the pod's describe says that liveness probes fail " * 40_000,
    "when the pod's " * 150_000 + "readiness probes fail",
])
def test_probes_failures_said_are_read_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, or of spaces."""
    read_in_one_pass(text + "\n")


# ------------------------------------------------ rows of no pod, a waiting container's count

_TABLE = ("NAME      READY   STATUS             RESTARTS        AGE\n"
          "web-abc   0/1     CrashLoopBackOff   6 (2m17s ago)   12m\n")
_REFUSED = ('Readiness probe failed: Get "http://10.0.0.5:8080/": dial tcp 10.0.0.5:8080: '
            "connect: connection refused")


def test_rows_of_no_pod_are_the_tables_one_pod_waiting_in_back_off():
    """Readiness failures naming no pod need a pod not Ready (README): a container waiting
    out a back-off is not Ready (R3.4: Ready only for a running container), so of a table's
    pods the one in CrashLoopBackOff is theirs, beside one Running and Ready."""
    text = (_TABLE + "db-0      1/1     Running            0               15m\n\n"
            f"  Warning  Unhealthy  11m (x3 over 11m)  kubelet  {_REFUSED}\n")
    pod = combine([parse_record(text, "r.txt")], "web-abc")
    assert [e.reason for e in pod.events] == ["Unhealthy"]


def test_a_waiting_containers_count_bounds_kills_over_rows_naming_no_probe():
    """A restart count R of a container waiting out a back-off allows R + 1 kills (README's
    restart-count rule, R4.7), whatever rows are cut: a row cut before its probe's name (a
    liveness failure, maybe) is among the ends the count holds."""
    text = (_TABLE + "\n  Normal   Scheduled  11m                default-scheduler  "
            "Successfully assigned default/web-abc to node1\n"
            f"  Warning  Unhealthy  11m                kubelet            {_REFUSED}\n"
            "  Warning  Unhealthy  11m (x3 over 11m)  kubel")
    a = explained_answer(text)
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, 7)
