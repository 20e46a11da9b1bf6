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
from kubesim.explain.readers.read import parse_record
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
