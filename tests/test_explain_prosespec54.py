"""Probe YAML beside prose of what happened (prosespec54, spec_told.py): a page holding a probe
spec (a manifest's or a snippet's `livenessProbe:`) and a statement of what happened that the
readers of a page with no layout kubectl prints read (a restart of the case's pod, a tool's
line of a container's state) is read as both: the spec as the probes' settings
(as a describe's probe lines are), the prose as what happened, with every rule each reader has.
Before, the paste's reading found the spec's pod and the prose was never read (killprose54,
sivabuilds-liveness-vs-readiness).

A spec alone, or beside prose that states nothing (a question, a negation, a conditional, a
guide's `a pod`), answers as before: the probes' settings, nothing shown."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import NoteKind
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

_SPEC = ("```yaml\nlivenessProbe:\n  httpGet:\n    path: /healthz\n    port: 7777\n"
         "  timeoutSeconds: 1\n  failureThreshold: 3\n```\n")
_MANIFEST = ("```yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: pos\nspec:\n"
             "  template:\n    spec:\n      containers:\n      - name: pos\n        image: pos:1\n"
             "        livenessProbe:\n          httpGet:\n            path: /healthz\n"
             "            port: 7777\n          timeoutSeconds: 1\n          failureThreshold: 3\n"
             "```\n")


def _settings(text: str) -> list[tuple[ProbeType, str | None, int]]:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    [container] = ex.containers
    return [(s.probe, s.target, s.failure_threshold) for s in container.settings]


_TOLD = [
    "After the deploy our pos pod kept restarting.\n",
    "The status check printed:\nContainer pos is waiting: CrashLoopBackOff\n",
]


@pytest.mark.parametrize("spec", [_SPEC, _MANIFEST])
@pytest.mark.parametrize("told", _TOLD)
@pytest.mark.parametrize("spec_first", [False, True])
def test_a_spec_beside_prose_of_what_happened_reads_both(spec, told, spec_first):
    """The prose's restart or state is read (the container ended, what ended it
    not told), and the spec's probes are the container's settings."""
    text = (spec + "\n" + told) if spec_first else (told + "\nOur probe:\n\n" + spec)
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), (), True)
    assert _settings(text) == [(ProbeType.LIVENESS, "/healthz", 3)]


def test_the_specs_lines_are_not_listed_unread():
    """The spec's lines are read (as settings), the prose's other lines listed not read."""
    text = "Hi,\n" + _TOLD[0] + "Our probe:\n\n" + _SPEC
    found = parse_record(text, "r.txt")
    unread = [n.text for n in found.notes if n.kind is NoteKind.NOT_READ]
    assert unread == ["not read: line 1: Hi,", "not read: line 3: Our probe:"]


@pytest.mark.parametrize("told", [
    "",
    "Does the pos pod keep restarting?\n",
    "Are the pos pods stuck on CrashLoopBackOff?\n",
    "The pos pod is not in CrashLoopBackOff.\n",
    "If a pod is in CrashLoopBackOff, check its logs.\n",
    "A pod keeps restarting when its liveness probe fails.\n",
])
@pytest.mark.parametrize("spec", [_SPEC, _MANIFEST])
def test_a_spec_beside_prose_of_nothing_answers_as_a_spec(spec, told):
    """The negative side: a spec alone, or beside prose that states nothing of the case, is
    the probes' settings and nothing shown, as before."""
    text = told + "\n" + spec
    a = explained_answer(text)
    assert (a.cause, a.failed, a.shows_failures) == (Cause.CANNOT_TELL, (), False)
    assert _settings(text) == [(ProbeType.LIVENESS, "/healthz", 3)]


_N = 2_000_000


@pytest.mark.parametrize("line", [
    ("the pos pod is in CrashLoopBackOff " * (_N // 35)) + "\n",
    ("our pos pod kept restarting " * (_N // 28)) + "\n",
    ("not read: lines 1-2 " * (_N // 20)) + "\n",
])
def test_a_long_line_beside_a_spec_is_read_in_one_pass(line):
    """Hostile input: a 2 MB line of the prose readers' words beside a spec, read in one
    pass."""
    read_in_one_pass(_SPEC + "\n" + line)
