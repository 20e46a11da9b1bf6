"""Held-out batch 123 (fc55p): an end told as a step of a chain of arrows, a crash loop after it
(arrow_chain.chain_end).

- davealtena-homelab-1469: `OOMKilled at 512Mi → CrashLoopBackOff → empty endpoints → 503 from
  envoy. Bumping to match vmsingle.` (an OOM kill opening a step: oom-killed; no probe
  failure, kill or setting, so the OOM rule's {0, 0}).
- ambient-code-platform-609: `... the implicit 1s timeout was too aggressive ..., causing
  repeated liveness failures → SIGKILL (exit 137) → CrashLoopBackOff` (a kill right after a
  step of the liveness probe's failures: that probe's failure and one kill of it, R4.4,
  {1, null}).

A crash loop after the end makes the chain a telling of what happened (R4.8: a back-off follows
ends). Hand-written variants beside those that must stay unread: no crash loop after the end, a
negation, a question, a conditional, a sentence of what may happen, a determiner of no case's
pod, the readiness probe (R3.4), both probes that kill, a cause step naming no failure, and
arrows of code (`a->b`)."""

from __future__ import annotations

import pytest
from helpers import answer_unless_refused, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.spec.model import ProbeType

# ------------------------------------------------ an OOM kill as a chain's step


@pytest.mark.parametrize("text", [
    "OOMKilled at 512Mi \u2192 CrashLoopBackOff \u2192 empty endpoints \u2192 503 from envoy. "
    "Bumping to match vmsingle.\n",
    "Root cause: memory spike -> OOMKilled -> CrashLoopBackOff.\n",
    "- the ingester: OOM killed at 2Gi => restarts => CrashLoopBackOff\n",
    "Since Monday: **OOMKilled** \u2192 crash loop \u2192 alerts.\n",
])
def test_an_oom_kill_step_before_a_crash_loop_is_the_cases_oom_kill(text):
    """An OOM kill opening a step of a chain of arrows, a crash loop in a later step: the
    kernel's OOM killer's end, reported as OOMKilled; no probe failure, kill or setting, so
    the ends read as the same cause, {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


# ------------------------------------------------ a probe's kill as a chain's step


@pytest.mark.parametrize(("text", "probe"), [
    ("- **Increases health probe timeouts from 1s (default) to 5s** \u2014 the implicit 1s "
     "timeout was too aggressive for MinIO on EBS-backed storage, causing repeated liveness "
     "failures \u2192 SIGKILL (exit 137) \u2192 CrashLoopBackOff\n", ProbeType.LIVENESS),
    ("What happened: slow boot -> startup probe timeouts -> kubelet kills the container -> "
     "CrashLoopBackOff.\n", ProbeType.STARTUP),
    ("liveness probe failing \u21d2 restarted \u21d2 crash loop\n", ProbeType.LIVENESS),
    ("The GC pauses led to liveness failures \u2192 exit code 137 \u2192 CrashLoopBackOff.\n",
     ProbeType.LIVENESS),
])
def test_a_kill_step_after_a_probes_failures_is_one_kill_at_least(text, probe):
    """A kill opening a step right after a step of one killing probe's failures, a crash loop
    after it: that probe's failure and at least one kill of it (R4.4), no count."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


# ------------------------------------------------ stays unread


@pytest.mark.parametrize("text", [
    # no crash loop after the end (a guide's sequence)
    "OOMKilled at 512Mi \u2192 empty endpoints \u2192 503 from envoy.\n",
    "liveness failures \u2192 SIGKILL (exit 137) \u2192 new container.\n",
    "CrashLoopBackOff \u2192 OOMKilled \u2192 restart.\n",
    # a negation, a question, a conditional, what may happen
    "It was never OOMKilled \u2192 CrashLoopBackOff, it was the probe.\n",
    "OOMKilled at 512Mi \u2192 CrashLoopBackOff?\n",
    "If the limit is too low: OOMKilled \u2192 CrashLoopBackOff.\n",
    "Typically OOMKilled \u2192 CrashLoopBackOff \u2192 503s.\n",
    "A tight limit can cause OOMKilled \u2192 CrashLoopBackOff.\n",
    "zero OOMKilled \u2192 no CrashLoopBackOff.\n",
    # a determiner of no case's pod
    "a pod OOMKilled \u2192 CrashLoopBackOff \u2192 503.\n",
    "your liveness failures \u2192 SIGKILL \u2192 CrashLoopBackOff\n",
    # the readiness probe kills nothing (R3.4); both that kill; no failure named
    "readiness failures \u2192 SIGKILL \u2192 CrashLoopBackOff\n",
    "liveness or startup failures \u2192 SIGKILL \u2192 CrashLoopBackOff\n",
    "liveness settings \u2192 SIGKILL \u2192 CrashLoopBackOff\n",
    "liveness failures \u2192 slow \u2192 CrashLoopBackOff\n",
    # arrows of code
    "pod->OOMKilled->CrashLoopBackOff\n",
])
def test_a_chain_stating_no_case_is_no_end(text):
    """The negative side: no OOM kill and no probe kill read (the page refused, or read for
    something else)."""
    a = answer_unless_refused(text)
    if a is None:
        return
    assert a.cause not in (Cause.OOM_KILLED, Cause.LIVENESS_KILL, Cause.STARTUP_KILL)
    assert a.probe_kills.lo == 0


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("OOMKilled \u2192 " * (_N // 12)) + "CrashLoopBackOff\n",
    ("liveness failures \u2192 SIGKILL \u2192 " * (_N // 30)) + "CrashLoopBackOff\n",
    "OOMKilled" + (" " * _N) + "\u2192 CrashLoopBackOff\n",
    ("a, " * (_N // 3)) + "OOMKilled \u2192 CrashLoopBackOff\n",
    ("-> " * (_N // 3)) + "CrashLoopBackOff\n",
    "CrashLoopBackOff " + ("OOMKilled at " * (_N // 13)) + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
