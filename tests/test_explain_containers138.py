"""Held-out batch 138 (fc57e): pods of several containers.

- A probe's kill stated of a container named in prose beside a describe cut inside its
  containers (democratic-csi-348: `It's the driver-registrar container that crashes
  constantly, due to its liveness probe failing.` above a describe cut in csi-driver's block;
  readers/stated_container_kill.py, runs.py `_named_probe_restart`): describe prints every
  container, so the named one may be in the blocks cut away; its kill is its own (R4.4).

Hand-written variants beside those that must stay unread (a describe whose blocks are whole
and show no such container, a question, a negation, a conditional, a word for a container
that is no name)."""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------- a stated kill of a container a cut describe does not show

_CUT = ("Name:             csi-node-gsn5x\nNamespace:        democratic-csi\n"
        "Status:           Running\nContainers:\n  csi-driver:\n    Container ID:  "
        "containerd://5dce\n    Image:         docker.io/democraticcsi/democratic-csi:latest\n"
        "    Ima\n")
_WHOLE = ("Name:             csi-node-gsn5x\nNamespace:        democratic-csi\n"
          "Status:           Running\nContainers:\n  csi-driver:\n    Image:  x\n"
          "    State:          Running\n    Ready:          True\n    Restart Count:  0\n"
          "    Environment:    <none>\nEvents:  <none>\n")


def _answers(text: str, container: str | None = None) -> dict[str | None, object]:
    ex = explain_records([parse_record(text, "r.txt")],
                         ExplainOptions(suggest=False, phases=1, container=container))
    return {s.name: s.answer for s in ex.containers}


@pytest.mark.parametrize("sentence", [
    "It's the driver-registrar container that crashes constantly, due to its liveness probe "
    "failing. Here's a `kubectl describe` of a node agent pod:",
    "The driver-registrar container keeps restarting because its liveness probe fails.",
    "Our `driver-registrar` container restarts due to liveness probe failures.",
])
def test_a_stated_kill_of_a_container_a_cut_describe_does_not_show_is_its_own(sentence):
    """The container the sentence names is the pod's (its block may be cut away), its stated
    liveness failure and kill its own: liveness-kill, {1, null}; the describe's csi-driver
    keeps nothing of it."""
    text = f"{sentence}\n\n```\n{_CUT}```\n"
    answers = _answers(text, "driver-registrar")
    a = answers["driver-registrar"]
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == (
        Cause.LIVENESS_KILL, (ProbeType.LIVENESS,), CountRange(1, None), True)
    other = _answers(text, "csi-driver")["csi-driver"]
    assert other.cause is not Cause.LIVENESS_KILL and not other.failed


def test_a_stated_kill_of_a_container_the_describe_shows_is_that_ones():
    """The named container shown by the describe takes the kill and its failure (no failure
    left untied)."""
    text = ("The driver-registrar container keeps restarting because its liveness probe "
            "fails.\n\n" + _WHOLE.replace("Events:", "  driver-registrar:\n    Image:  y\n"
                                         "    State:          Running\n    Restart Count:  3\n"
                                         "    Environment:    <none>\nEvents:"))
    ex = explain_records([parse_record(text, "r.txt")],
                         ExplainOptions(suggest=False, phases=1, container="driver-registrar"))
    [story] = ex.containers
    a = story.answer
    assert (a.cause, a.failed, a.probe_kills) == (
        Cause.LIVENESS_KILL, (ProbeType.LIVENESS,), CountRange(1, 3))
    assert not any("could not be tied" in f.text for f in ex.findings)


def test_a_stated_kill_of_a_container_a_whole_describe_does_not_show_is_none_of_its():
    """A describe whose blocks are whole shows every container of its pod: a kill of another
    container is none of theirs (the line not read)."""
    text = ("The driver-registrar container keeps restarting because its liveness probe "
            f"fails.\n\n{_WHOLE}")
    record = parse_record(text, "r.txt")
    assert {c.name for p in record.pods for c in p.containers} == {"csi-driver"}
    a = _answers(text)["csi-driver"]
    assert (a.cause, a.failed, a.probe_kills) == (Cause.CANNOT_TELL, (), CountRange(0, 0))
    assert any(n.text.startswith("not read: line 1") for n in record.notes)


@pytest.mark.parametrize("sentence", [
    # a question, a negation, a conditional
    "Is the driver-registrar container crashing due to its liveness probe failing?",
    "The driver-registrar container does not crash due to its liveness probe failing.",
    "If the driver-registrar container crashes due to its liveness probe failing, check it.",
    # a word for a container, no name
    "The sidecar container crashes constantly, due to its liveness probe failing.",
])
def test_a_sentence_of_no_named_container_or_no_kill_adds_no_container(sentence):
    text = f"{sentence}\n\n```\n{_CUT}```\n"
    names = {c.name for p in parse_record(text, "r.txt").pods for c in p.containers}
    assert names == {"csi-driver"}


@pytest.mark.parametrize("text", [
    "the " + "driver-registrar " * 120_000 + "container crashes due to its liveness probe "
    "failing.\n\n" + _CUT,
    "the driver-registrar container" + " that" * 400_000 + " crashes due to its liveness "
    "probe failing.\n\n" + _CUT,
])
def test_the_named_container_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
