"""Held-out batch 123 (fc55p): a count of a probe's kills stated in a note of the case
(probe_kill_count.counted_kills).

- sefaria-project-3661: `Since the 2026-08-23 deploy: **17–20 liveness-probe kills per pod**
  (vs 1–2 before), **zero OOMKills**.`: the liveness probe's kills as what happened, a note's
  statement with no verb; the count is the author's (per pod, over several pods) and bounds
  nothing (the README's first-person count rule): that probe's failure and at least one kill
  of it (R4.4), {1, null}.

Hand-written variants beside those that must stay unread: a count of none, the readiness probe
(R3.4), both probes that kill, the noun inside a clause, a negation, a question, a conditional,
a sentence of what may happen."""

from __future__ import annotations

import pytest
from helpers import answer_unless_refused, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.spec.model import ProbeType


@pytest.mark.parametrize(("text", "probe"), [
    ("Since the 2026-08-23 deploy: **17\u201320 liveness-probe kills per pod** (vs 1\u20132 "
     "before), **zero OOMKills**. Each kill re-imports the whole app.\n", ProbeType.LIVENESS),
    ("- 3 startup probe kills during the rollout\n", ProbeType.STARTUP),
    ("Over the weekend we saw 12 liveness kills on the api pods.\n", ProbeType.LIVENESS),
    ("Impact (last 24h): ~40 liveness kills.\n", ProbeType.LIVENESS),
])
def test_a_count_of_a_killing_probes_kills_in_a_note_is_one_kill_at_least(text, probe):
    """A count of a liveness or startup probe's kills opening its clause, or after the
    author's verb of seeing: that probe's failure and at least one kill of it (R4.4); the
    author's count bounds nothing."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # a count of none
    "Since the deploy: 0 liveness-probe kills per pod.\n",
    "Since the deploy: zero liveness-probe kills per pod.\n",
    # the readiness probe kills nothing (R3.4); both that kill
    "Since the deploy: 17 readiness-probe kills per pod.\n",
    "Since the deploy: 17 liveness/startup kills per pod.\n",
    # the noun inside a clause
    "This change is meant to avoid 17 liveness kills per pod.\n",
    # a negation, a question, a conditional, what may happen
    "Since the deploy we have not seen 17 liveness kills per pod.\n",
    "Since the deploy: 17 liveness kills per pod?\n",
    "If the app is slow: 17 liveness kills per pod.\n",
    "With these settings you could see 17 liveness kills per pod.\n",
    # a word of the count, glued to another
    "Since the deploy: 17 liveness killswitches per pod.\n",
])
def test_a_count_stating_no_case_is_no_kill(text):
    """The negative side: no probe kill read (the page refused, or read for something else)."""
    a = answer_unless_refused(text)
    if a is None:
        return
    assert a.cause not in (Cause.LIVENESS_KILL, Cause.STARTUP_KILL)
    assert a.probe_kills.lo == 0


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("1 liveness kills " * (_N // 17)) + "\n",
    ("1-2 liveness probe " * (_N // 19)) + "kills\n",
    ": " + ("1 " * (_N // 2)) + "liveness kills\n",
    ("liveness " * (_N // 9)) + "kills\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
