"""Held-out batches 128 and 131 (fc56c): prose of the case beside a piece of a record.

- The author's own seeing of a probe's failures told as a noun (camunda-4784: "there we see
  as well a `liveness-probe` failures ~every 15 min!", below a describe's `Liveness:` line):
  each named probe's failure, at least once, no count (README, fixprose45 and stop 56):
  cannot-tell, {0, null}, failures shown; beside the probe's line, that container's.

Hand-written variants beside those that must stay unread (a negation, a question, a
conditional, a guide's `you`, what may happen, another's pod, a disjunction)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

L, R = ProbeType.LIVENESS, ProbeType.READINESS

# ------------------------------------------------ the author's seeing of a probe's failures


@pytest.mark.parametrize(("text", "failed"), [
    ("Also just checked the node logs and there we see as well a `liveness-probe` failures "
     "~every 15 min!\n", (L,)),
    ("We see liveness probe failures every 15 min.\n", (L,)),
    ("I can see liveness probe failures in the node logs.\n", (L,)),
    ("We see readiness and liveness probe failures every 15 min.\n", (R, L)),
    ("Since the upgrade we noticed repeated liveness probe failures.\n", (L,)),
])
def test_the_authors_seeing_of_probe_failures_is_each_probes_failure(text, failed):
    """The author's seeing of the failures: each named probe failed, at least once, no count;
    no end stated: {0, null}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, set(a.failed)) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, set(failed))


def test_the_seen_failures_beside_a_describes_liveness_line_are_its_containers():
    """camunda-4784's shape: a describe's fenced `Liveness:` line, then the author's seeing of
    liveness failures: the one container's liveness failures, no end, kills open."""
    text = ("We have the following settings that restart the zeebe container if Liveness probe "
            "failes:\n```\nLiveness:   http-get http://:9600/ready delay=900s timeout=1s "
            "period=15s #success=1 #failure=3\n```\n\nSo it seems to fit to the restart cycle!\n"
            "\nAnd there we see as well a `liveness-probe` failures ~every 15 min!\n")
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, (L,))


@pytest.mark.parametrize("text", [
    "We don't see liveness probe failures every 15 min.\n",
    "We see no liveness probe failures in the node logs.\n",
    "Do we see liveness probe failures every 15 min?\n",
    "If we see liveness probe failures, the container is restarted.\n",
    "You will see liveness probe failures in the node logs.\n",
    "We would see liveness probe failures every 15 min.\n",
    "We see liveness probe failures on the other pod every 15 min.\n",
    "We see liveness or readiness probe failures every 15 min.\n",
])
def test_seen_failures_of_no_case_or_negated_are_no_record(text):
    """The negative side: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("we see as well a liveness " * (_N // 26)) + "probe failures\n",
    ("we see liveness probe " * (_N // 22)) + "failures\n",
    ("I saw `liveness-probe` failures, " * (_N // 32)) + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
