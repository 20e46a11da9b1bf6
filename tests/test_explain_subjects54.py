"""The case's own workloads named in prose, lower case and with no determiner, as the subject
of a probe's failure and the restarts it led to (subjects54; readers/stated_cause.py
`NAMED_WORKLOADS`, `CAUSE_THEN_RESTART`):

- retool-helm-297's `agent sandbox controller and agent sandbox proxy fail liveness probes
  while still spinning up (for balloon instances at least) leading to restarts and crash loop
  backoffs`: the chart's maintainers telling their own components (a name's words and the noun
  of a component that runs, one or several joined by `and`), the `while` clause their own
  starting phase, `leading to restarts` a connector of cause: the liveness probe's failure and
  one kill of it (R4.4), {1, null}.

Hand-written variants beside it that must stay unread: common nouns (`the app`, `pods`,
`services`), a determiner of another's, a conditional, a question, a negation, a modal, the
readiness probe (R3.4), no connector of cause."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType


@pytest.mark.parametrize(("text", "probe"), [
    ("agent sandbox controller and agent sandbox proxy fail liveness probes while still "
     "spinning up (for balloon instances at least) leading to restarts and crash loop "
     "backoffs.\n", ProbeType.LIVENESS),
    ("billing api fails its liveness probe while starting up, leading to restarts.\n",
     ProbeType.LIVENESS),
    ("The chart was bumped. ingest worker, ingest scheduler and ingest webhook failed startup "
     "probes while loading, leading to restarts.\n", ProbeType.STARTUP),
    ("cert sync controller failed liveness probes and restarted as a result.\n",
     ProbeType.LIVENESS),
    ("Our worker pods failed liveness probes while warming up, leading to container "
     "restarts.\n", ProbeType.LIVENESS),
])
def test_named_workloads_failing_a_probe_that_led_to_restarts_are_one_kill(text, probe):
    """A liveness or startup failure restarts a container only by the kubelet's kill (R4.4):
    the case's own components, named, failing it, the restarts it led to after it, is that
    probe's kill, once: {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # common nouns, a guide's general present
    "pods fail liveness probes while still spinning up, leading to restarts.\n",
    "services fail liveness probes while starting, leading to restarts.\n",
    "app and services fail liveness probes while starting, leading to restarts.\n",
    "controller fails liveness probes while starting, leading to restarts.\n",
    # a determiner of another's or of none, a quantifier
    "some sandbox controllers fail liveness probes while starting, leading to restarts.\n",
    "your sandbox controller fails liveness probes while starting, leading to restarts.\n",
    # not opening the sentence: a name inside a clause
    "In general a slow sandbox controller fails liveness probes while starting, leading to "
    "restarts.\n",
    # a conditional, a question, a negation, a modal
    "If agent sandbox controller fails liveness probes while starting, leading to restarts, "
    "raise the delay.\n",
    "Does agent sandbox controller fail liveness probes while starting, leading to restarts?\n",
    "agent sandbox controller does not fail liveness probes while starting, leading to "
    "restarts.\n",
    "agent sandbox controller can fail liveness probes while starting, leading to restarts.\n",
    # the readiness probe restarts nothing (R3.4); no connector of cause
    "agent sandbox controller fails readiness probes while starting, leading to restarts.\n",
    "agent sandbox controller fails liveness probes while starting, and the CPU is high.\n",
])
def test_no_named_workload_or_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "agent sandbox controller and " * 70_000 + "agent sandbox proxy fail liveness probes",
    "agent sandbox controller fail liveness probes while still" + " " * 2_000_000
    + "spinning up leading to restarts",
    "agent sandbox controller fail liveness probes (" + "x" * 2_000_000 + ") leading to restarts",
    "a b c d e f g " * 150_000 + "controller fail liveness probes leading to restarts",
    "agent sandbox controller fail liveness probes while still spinning up leading to " * 25_000,
])
def test_the_subjects54_rules_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of the patterns' words, spaces or the whole sentence."""
    read_in_one_pass(text + "\n")
