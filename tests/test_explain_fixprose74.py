"""Held-out batch 74 (fixprose74): statements of the case in its author's prose.

- `OOMKilled` as a bare past verb of the case's own pod (talos-argocd-proxmox-1766: `The litellm
  pod OOMKilled (exit 137) within ~11s of starting on every attempt`): fixprose64's rule
  widened to the exit code in a parenthesis right after the verb and to `on every attempt`,
  `each time`, `every time` as words of how often (stated_kill.EN_OOM).
- The case's pods named in prose, running and not Ready, and their probe's failure told with
  its failure (qdrant-6431: `2 out of 10 Qdrant pods (qdrant-3 and qdrant-9) are running but
  remain in Ready = False state. ... The readiness probe fails with either 503 or connection
  refused.`): those pods, each running and not Ready, the readiness failure each one's
  (named_unready.py, said_failing.py): readiness-only, {0, 0}.

Hand-written variants beside those that must stay unread (a noun's label, a modal, a
conditional, a negation, a guide's pods, a question; a guide's `a pod stays in Ready = False
when ...`, names after `e.g.`, a probe of a guide's article)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ the bare past verb, an exit code after it


@pytest.mark.parametrize("text", [
    "- Follow-up to #1764. The litellm pod OOMKilled (exit 137) within ~11s of starting on every "
    "attempt — 512Mi limit was too tight.\n",
    "Our worker container OOMKilled (137) after the import started.\n",
    "The api pod OOMKilled (exit code 137) on every restart.\n",
    "My postgres pod OOMKilled each time the backup ran.\n",
    "the gitea container OOMKilled every time we pushed a large repo.\n",
])
def test_oomkilled_bare_with_its_exit_code_or_how_often_is_its_end(text):
    """The case's own pod or container OOMKilled, no `was`, the exit code in a parenthesis
    after it and a word of when or how often: that end's reason, OOMKilled, {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "Check the pod OOMKilled (137) status after the upgrade.\n",  # a noun's label
    "The pod might get OOMKilled (exit 137) on every attempt.\n",  # a modal
    "Raise the limit if the pod OOMKilled (exit 137) again.\n",  # a conditional
    "The pod never OOMKilled (exit 137) every time.\n",  # a negation
    "Pods OOMKilled (exit 137) each time are restarted by the kubelet.\n",  # a guide's pods
    "Has the litellm pod OOMKilled (exit 137) on every attempt?\n",  # a question
    "The container OOMKilled (137): the container used too much memory.\n",  # a heading
    "The pod OOMKilled (exit 137).\n",  # no word of when after the parenthesis
    "After merge, confirm pod reaches `Running`/`Ready` without OOMKilled: `kubectl get pods`\n",
])
def test_oomkilled_bare_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no end read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ pods named running and not Ready


def _answer_of(text: str, pod: str):
    """The answer of `explain --pod pod` on the record `text` (its one container)."""
    ex = explain_records([parse_record(text, "r.txt")],
                         ExplainOptions(suggest=False, phases=1, pod=pod))
    [container] = ex.containers
    assert container.answer is not None
    return container.answer


@pytest.mark.parametrize(("text", "pod"), [
    ("After a GKE node restart, 2 out of 10 Qdrant pods (qdrant-3 and qdrant-9) are running but "
     "remain in Ready = False state. This happens even though the services are listening. The "
     "readiness probe fails with either 503 or connection refused.\n", "qdrant-3"),
    ("2 out of 10 Qdrant pods (qdrant-3 and qdrant-9) are running but remain in Ready = False "
     "state. The readiness probe fails with either 503 or connection refused.\n", "qdrant-9"),
    ("Our pods (web-0, web-1 and web-2) are running but not ready. Their readiness is off: the "
     "readiness probe failed with a timeout.\n", "web-1"),
    ("The 3 api pods (`api-7d9f-abcde`, `api-7d9f-fghij`) are still running, but stay unready. "
     "Our readiness probe is failing with HTTP 500.\n", "api-7d9f-fghij"),
])
def test_pods_named_running_not_ready_with_their_probe_failing_are_readiness_only(text, pod):
    """The case's pods named in a parenthesis, running and not Ready, and the probe's failure
    told on the same line: each named pod's readiness failure, no end, {0, 0}."""
    a = _answer_of(text, pod)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.READINESS_ONLY, CountRange(0, 0), True, ("readiness",))


@pytest.mark.parametrize("text", [
    # a guide's pod, no names; names after `e.g.`; a conditional; a question; a negation
    "A pod stays in Ready = False when the readiness probe fails with 503.\n",
    "Pods (e.g. web-0) that are running but remain in Ready = False state are left out.\n",
    "If 2 pods (web-0 and web-1) are running but remain in Ready = False, check the probe.\n",
    "Why are the pods (web-0 and web-1) running but not ready?\n",
    "The pods (web-0 and web-1) are not running but not ready.\n",
])
def test_pods_named_of_no_case_or_of_what_may_happen_name_no_pod(text):
    """The negative side: no pod is named from the sentence (the record names none)."""
    try:
        found = parse_record(text, "r.txt")
    except RecordError:
        return
    assert not [p.name for p in found.pods if p.name is not None]


@pytest.mark.parametrize("text", [
    "A readiness probe fails with 503 while the app starts.\n",  # a guide's article
    "If the readiness probe fails with 503, the pod leaves Ready.\n",  # a conditional
    "The readiness probe should fail with 503 until the cache is warm.\n",  # a modal
    "Does the readiness probe fail with 503?\n",  # a question
    "The readiness probe never fails with 503.\n",  # a negation
    "The readiness probe fails with 503 when the app is overloaded.\n",  # a guide's time
])
def test_a_probe_failing_with_of_no_case_is_no_record(text):
    """The negative side: the paste alone is refused (no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the pod OOMKilled (exit 137) " * 70_000 + "\n",
    "the pod OOMKilled (exit code 1" + "3" * 2_000_000 + "\n",
    "2 out of 10 pods (" + "a-1 and " * 250_000 + ") are running but not ready\n",
    "the pods (web-0) are running but " * 60_000 + "\n",
    "The readiness probe fails with " * 70_000 + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
