"""A probe named as the agent of a kill of the case's own pod or container, stated in its
author's prose (held-out batches 35 and 36, prose35: adrianbailador-probes-dotnet's `The pod
failed liveness, got killed`, najnesnaj-docs-backend-fixes' `Liveness probe killed backend`),
and a container's end OOMKilled stated in a Chinese sentence of the case's own container
(gitcode-spark-operator-oomkilled-driver's `驱动容器处于 OOMKilled 状态`). Hand-written variants
(other names, numbers, spacing, the startup probe), beside those that must stay unread: a
conditional, a question, a sentence of what may happen, `a pod`, `pods`, the readiness probe
(which never kills, R4.4). The corpus README's counting rules say what each is read as."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import NoteKind
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ---------------------------------------------------------------- a probe's kill in prose


@pytest.mark.parametrize(("text", "probe"), [
    ("We deployed it on Friday. The pod failed liveness, got killed, restarted, failed "
     "liveness again.\n", ProbeType.LIVENESS),
    ("2. Liveness probe killed worker before its cache warmed up (CrashLoopBackOff)\n",
     ProbeType.LIVENESS),
    ("Startup took 90s, but the liveness probe (initialDelaySeconds: 5, failureThreshold: 2) "
     "killed the pod after ~25s.\n", ProbeType.LIVENESS),
    ("Our api-gateway container was killed by its liveness probe during the migration.\n",
     ProbeType.LIVENESS),
    ("The   startup probe   killed   my   app   before Spring finished loading.\n",
     ProbeType.STARTUP),
    ("payments-api-6d8f9c7b5-x2k4p failed its liveness checks and got killed.\n",
     ProbeType.LIVENESS),
    ("The liveness probe kept killing the container every few minutes.\n", ProbeType.LIVENESS),
])
def test_a_probe_named_as_the_agent_of_the_cases_kill_is_one_kill_at_least(text, probe):
    """prose35: a probe named as the agent of a kill of the case's own pod or container is
    that probe's failure and at least one kill of it (R4.4): no count, no upper bound."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


def test_one_kill_told_twice_is_one_kill():
    """A heading and the paragraph under it telling the same kill: read once, not two."""
    text = ("1. Liveness probe killed backend before workers initialized\n\n"
            "The backend pod took 40s to start, but the liveness probe killed the pod after "
            "~30s.\n")
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.LIVENESS_KILL, CountRange(1, None))
    record = parse_record(text, "r.txt")
    notes = [n for n in record.notes if n.where.line == 3]
    assert notes and all(n.kind is not NoteKind.NOT_READ for n in notes)
    assert "read once" in notes[0].text


@pytest.mark.parametrize("text", [
    "If the liveness probe killed the pod, raise its failureThreshold.\n",
    "A liveness probe can kill the pod when the database is slow.\n",
    "Why was my pod killed by its liveness probe?\n",
    "Did the liveness probe kill the pod?\n",
    "The readiness probe killed the pod.\n",
    "Liveness probes killed pods all over the cluster.\n",
    "The liveness probe killed a pod.\n",
    # (`The liveness probe was passing. The pod was being killed anyway.` is read since
    # crashcatch55 as an end of no told cause, no probe kill: test_explain_crashcatch55)
    "The pod failed readiness and got killed.\n",
    "Se a liveness probe killed the pod, aumente o limite.\n",
])
def test_a_kill_of_what_may_happen_or_of_no_pod_of_the_case_is_no_record(text):
    """The negative side: a conditional, a sentence of what may happen, a question, the
    readiness probe (it never kills, R4.4), `a pod`, `pods`, a kill with no probe named: the
    paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the liveness probe{}killed{}the pod".format(" " * 1_000_000, " " * 1_000_000),
    "liveness probe killed " * 95_000,
    "the liveness probe (" * 105_000 + ") killed the pod",
    "The pod failed liveness, " * 80_000 + "got killed",
    "killed " * 300_000,
    "my app " * 300_000 + "was killed by its liveness probe",
])
def test_a_probe_kill_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of spaces, the pattern's words or the whole sentence."""
    read_in_one_pass(text + "\n")


# ---------------------------------------------------------------- OOMKilled in Chinese


@pytest.mark.parametrize("text", [
    "\u72b6\u6001\u663e\u793a\u5f02\u5e38:\n- \u9a71\u52a8\u5bb9\u5668\u5904\u4e8e OOMKilled "
    "\u72b6\u6001\n- SparkApplication \u72b6\u6001\u663e\u793a\u4e3a FAILING\n",
    "\u6211\u4eec\u7684 worker \u5bb9\u5668\u88ab OOMKilled \u4e86\u3002\n",
    "\u8fd9\u4e2a Pod \u8fdb\u5165\u201cOOMKilled\u201d\u72b6\u6001\u3002\n",
])
def test_a_chinese_sentence_of_the_cases_container_oomkilled_is_an_oom_kill(text):
    """prose35 (gitcode-spark-operator-oomkilled-driver): the case's container stated in the
    state OOMKilled, or OOMKilled as what befell it, is that end's reason (OOMKilled only):
    oom-killed, no probe kill."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    # 如果 (if), 可能 (may), a question
    "\u5982\u679c\u5bb9\u5668\u88ab OOMKilled\uff0c\u8bf7\u63d0\u9ad8\u5185\u5b58\u9650\u5236\u3002\n",
    "\u5bb9\u5668\u53ef\u80fd\u5904\u4e8e OOMKilled \u72b6\u6001\u3002\n",
    "\u5bb9\u5668\u4e3a\u4ec0\u4e48\u88ab OOMKilled\uff1f\n",
])
def test_a_chinese_oomkilled_of_what_may_happen_is_no_record(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "\u5bb9\u5668\u5904\u4e8e" + " " * 2_000_000 + "OOMKilled \u72b6\u6001",
    "\u5bb9\u5668\u88ab OOM" * 250_000,
])
def test_a_chinese_oomkilled_reads_a_long_line_in_one_pass(text):
    read_in_one_pass(text + "\n")
