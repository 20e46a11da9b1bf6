"""A probe stated failing with the case's own container, in the author's prose (fixprose57,
issue 30: grafana-k8s-operator-22's `The liveness probe fails with the charm container:`;
readers/said_failing.py, the corpus README's prose rule of fixprose45)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

L, S = ProbeType.LIVENESS, ProbeType.STARTUP


@pytest.mark.parametrize(("text", "failed"), [
    ("The liveness probe fails with the charm container:\n", (L,)),
    ("The startup probe failed in my api container.\n", (S,)),
    ("Our liveness probe keeps failing on the nginx pod.\n", (L,)),
    ("The liveness and startup probes are failing for this container.\n", (L, S)),
])
def test_a_probe_failing_with_the_cases_container_is_its_failure(text, failed):
    """A probe stated failing with the case's own container or pod (README's prose rule of
    fixprose45): that probe failed, at least once, no kill stated."""
    a = explained_answer(text)
    assert (tuple(sorted(a.failed)), a.shows_failures) == (tuple(sorted(failed)), True)
    assert a.probe_kills.lo == 0


@pytest.mark.parametrize("text", [
    # a guide's present with `when`, a conditional, `may`, a question, a negation
    "The liveness probe fails when the container is slow to answer.\n",
    "If the liveness probe fails with the app container, the kubelet restarts it.\n",
    "The liveness probe may fail with the charm container.\n",
    "Does the liveness probe fail with the charm container?\n",
    "The liveness probe does not fail with the charm container.\n",
    # no case's container: another's determiner, a disjunction
    "A liveness probe fails with a container.\n",
    "The liveness or startup probe fails with the charm container.\n",
])
def test_a_probe_failing_not_stated_of_the_case_stays_unread(text):
    """A guide's `when`, a conditional, `may`, a question, a negation, no case's container or
    a disjunction (which probe, not told) state no failure: the prose alone is no record."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the liveness probe fails with the " + "charm " * 300_000 + "container",
    "the " + "liveness and " * 150_000 + "startup probes fail with the container",
    "the liveness probe fails with the charm container " * 40_000,
])
def test_a_probe_failing_with_a_container_is_read_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words."""
    read_in_one_pass(text + "\n")
