"""Stop 58, fix58a (held-out batch 139: odh-kserve-1161, llm-d-benchmark-668): two shapes of
what people paste.

- The case's pods or container stated killed or restarted by a probe that kills, the probe the
  kill's agent (readers/stated_cause.py `KILLED_BY`, the corpus README's rule of fixprose45
  widened at fix58a): `vLLM pods are consistently killed by liveness probes before model
  loading completes` is that probe's failure and a kill of it, {1, null} (R4.4). The subject as
  fixprose45's (the case's own, or the case's pods named by their workload: a capitalised name,
  or a product's name with capitals after a lower-case start, `vLLM`, `gRPC`); the past, or the
  present with a word of it happening again and again. A guide's bare present, `Pods`, `Some
  pods`, `Your pods`, `Kubernetes pods`, a conditional, a question, a negation, a modal, a guess
  and the readiness probe (R3.4) state none.
- A tool's log line reporting a crashed container of a pod by the pod's own name
  (readers/tool_state.py, the README's rule of fixprose76 widened at fix58a): `16:53:24 - ❌
  Crashed container in pod: NAME` is an end of that pod's container, what ended it not told:
  cannot-tell, no probe, kills open. A guide's sentence, a negation, a question, a plural, no
  pod's name and words after the name are no such line.

Each test holds a shape in small; the rule ids are kubelet-semantics.md's."""

from __future__ import annotations

import pytest
from helpers import assert_ended_untold, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.results import ProbeType


def _refused(text: str) -> bool:
    """Whether explain refuses the record as none it reads (nothing of the case read)."""
    try:
        parse_record(text, "r.txt")
    except RecordError:
        return True
    return False


# --- a probe that kills as the agent of the case's pods' kill (fixprose45's rule, fix58a) ----

@pytest.mark.parametrize("text, kind", [
    # odh-kserve-1161's sentence: the workload's pods, a product's name with capitals after a
    # lower-case start, the present with `consistently`
    ("vLLM pods are consistently killed by liveness probes before model loading completes, "
     "causing 100% failure rate on the e2e test.", ProbeType.LIVENESS),
    ("vLLM pods were killed by liveness probes.", ProbeType.LIVENESS),
    ("Our pods were killed by the liveness probe.", ProbeType.LIVENESS),
    ("The api pods keep getting killed by their startup probe.", ProbeType.STARTUP),
    ("gRPC workers are repeatedly restarted by the liveness probe.", ProbeType.LIVENESS),
])
def test_the_case_s_pods_killed_by_a_probe_are_that_probe_s_kill(text, kind):
    """R4.4: the kubelet kills a running container for a liveness or startup probe's
    failures only, so a kill whose agent is that probe is its failure and one kill of it,
    stated once: at least one, no count."""
    a = explained_answer(text)
    want = Cause.LIVENESS_KILL if kind is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (want, (kind,), CountRange(1, None), True)


@pytest.mark.parametrize("text", [
    # a guide's present: no word of it happening again and again
    "vLLM pods are killed by liveness probes before model loading completes.",
    "The container is killed by the liveness probe.",
    # no case's pods: Kubernetes' word, a quantifier, another's, a bare plural
    "Pods are consistently killed by liveness probes.",
    "Kubernetes pods are consistently killed by liveness probes.",
    "Some pods were killed by the liveness probe.",
    "Several pods were killed by the liveness probe.",
    "Your pods are consistently killed by liveness probes.",
    # a conditional, a question, a negation, a modal, a guess
    "If vLLM pods are consistently killed by liveness probes, raise the threshold.",
    "Are vLLM pods consistently killed by liveness probes?",
    "vLLM pods are not killed by liveness probes.",
    "vLLM pods were never killed by liveness probes.",
    "vLLM pods may be killed by liveness probes.",
    "We run vLLM. I think vLLM pods are consistently killed by liveness probes.",
    "Maybe vLLM pods were killed by liveness probes.",
    # the readiness probe kills nothing (R3.4)
    "vLLM pods are consistently killed by readiness probes.",
])
def test_near_variants_of_a_probe_s_kill_state_none(text):
    assert _refused(text)


# --- a tool's log line of a crashed container of a named pod (fixprose76's rule, fix58a) -----

@pytest.mark.parametrize("text", [
    # llm-d-benchmark-668's harness log, fenced under a heading
    "## Log Evidence\n\n```\n16:52:48 - \"web-845945945-dljsw\" pod created\n"
    "16:52:53 - \"web-845945945-dljsw\" pod running\n"
    "16:53:24 - \u274c Crashed container in pod: web-845945945-dljsw\n```\n",
    "Crashed container in pod: web-6d9f7c8b5-abcde",
    "2026-02-13T16:53:24Z ERROR: Crashed container in pod `web-0`",
])
def test_a_tool_s_crashed_container_line_is_an_end_of_no_told_cause(text):
    """The line names no reason, exit code, probe or event: what ended the container cannot
    be told, and no restart count or setting bounds its kills (R4.7)."""
    assert_ended_untold(text)


def test_a_tool_s_crashed_container_line_names_the_pod():
    found = parse_record("16:53:24 - \u274c Crashed container in pod: web-845945945-dljsw",
                         "r.txt")
    assert [p.name for p in found.pods] == ["web-845945945-dljsw"]
    assert "a tool's log line reporting a crashed container of pod web-845945945-dljsw" in \
        "\n".join(n.text for n in found.notes)


@pytest.mark.parametrize("text", [
    "If you see Crashed container in pod: web-0, check the logs.",
    "16:53:24 - No crashed container in pod: web-0",
    "Why do I get Crashed container in pod: web-0?",
    "16:53:24 - Crashed containers in pods: web-0",
    "16:53:24 - Crashed container in pod: app",
    "16:53:24 - Crashed container in pod: web-0 (retrying)",
])
def test_near_variants_of_a_crashed_container_line_state_none(text):
    assert _refused(text)


# --- hostile inputs: each new or changed pattern read in one pass ----------------------------

_TWO_MB = 2 * 1024 * 1024


@pytest.mark.parametrize("unit", [
    "vLLM pods are consistently killed by ",          # KILLED_BY: subjects and verbs, no probe
    "vLLM gRPC eBPF ",                                # WORKLOAD_SUBJECT's lower-case names
    "Foo Bar pods were killed by the liveness probe ",  # many matches on one line
    "16:53:24 - Crashed container in pod: web-0 ",   # the tool's line, run on
    "Crashed container in pod: " + "a-" * 8,          # a name's parts repeated
    "killed by liveness ",
])
def test_a_hostile_line_is_read_in_one_pass(unit):
    read_in_one_pass((unit * (_TWO_MB // len(unit) + 1))[:_TWO_MB])
