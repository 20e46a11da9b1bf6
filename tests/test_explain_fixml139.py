"""Held-out batch 139 (fc57f): ends told in prose of ML workloads.

- The case's pod named by its own dashed name, its end in markdown's emphasis and a probe
  denied beside it (rwlove-home-ops-13936: `` `ollama-0` was being **OOMKilled** (exit 137,
  `reason: OOMKilled`) roughly **every 1.5 days** — a true host-RAM cgroup kill, not VRAM, not
  a liveness probe.``): stated_end.py's end read inside `**`/`__`/`*`/`_`, and a probe named
  only under `not`, `nor` or `never` is no probe of the sentence (the author denies it as the
  cause): OOMKilled, {0, 0}.

- A piece of a pod's status printed by `yq` from its YAML (kuberay-4287: `kubectl get pod
  ${RAY_HEAD} -o yaml | yq '.status.containerStatuses[0].lastState.terminated'` then
  `exitCode: 137`, `reason: OOMKilled`, ...): read at the path the filter names, as the same
  piece of its JSON under `jq` is (yq_piece.py): the last state OOMKilled, {0, 0}.

- The case's pods named by their workload, a capitalised name and a lower-case word of its
  part, opening the sentence after a reply's `@name` (kubeflow-spark-operator-766:
  `@liyinan926 Spark executor pods are getting killed with 'OOMKilled' status after running for
  a day.`): stated_end.py's subject widened to that workload subject: OOMKilled, {0, 0}.

Hand-written variants beside those that must stay unread (a probe named as a cause, `not only`
a probe, a negated end, a question, a conditional, a guide's present; a yq of no pod's status,
a list, one key, no command above)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

_YQ_OUT = ("exitCode: 137\nfinishedAt: \"2025-12-17T10:56:44Z\"\nreason: OOMKilled\n"
           "startedAt: \"2025-12-17T10:56:35Z\"\n")

# ------------------------------------------------ the end in emphasis, a probe denied beside it


@pytest.mark.parametrize("text", [
    "## Why\n\n`ollama-0` was being **OOMKilled** (exit 137, `reason: OOMKilled`) roughly "
    "**every 1.5 days** — a true host-RAM cgroup kill, not VRAM, not a liveness probe.\n",
    "`vllm-server-0` kept getting __OOMKilled__ during model loading.\n",
    "`ray-head-0` was OOMKilled twice today, not the liveness probe.\n",
    "`triton-infer-0` was being OOMKilled every day (never the startup probe).\n",
])
def test_a_pods_end_in_emphasis_or_beside_a_denied_probe_is_its_end(text):
    """The case's pod by its own dashed name, OOMKilled in a past or progressive form (in
    emphasis, or a probe denied in its sentence): that end's reason, OOMKilled, {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "`ollama-0` was being **OOMKilled**, or was it the liveness probe?\n",  # a question
    "`ollama-0` was being **OOMKilled** after the liveness probe failed.\n",  # a probe named
    "`ollama-0` was being **OOMKilled**, not only the liveness probe.\n",  # no denial
    "`ollama-0` was not **OOMKilled**, not a liveness probe either.\n",  # a negated end
    "If `ollama-0` was **OOMKilled**, it was not the liveness probe.\n",  # a conditional
    "A pod is **OOMKilled** when it exceeds its limit, not by a probe.\n",  # a guide's
])
def test_an_end_in_emphasis_of_no_case_or_beside_a_probe_is_no_record(text):
    """The negative side: the paste alone is refused (no end read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the case's pods named by their workload


@pytest.mark.parametrize("text", [
    "@liyinan926 Spark executor pods are getting killed with 'OOMKilled' status after running "
    "for a day.\n",
    "Celery worker pods were killed with OOMKilled after the upgrade.\n",
    "We moved to 3.5 last week. Ray worker pods keep getting OOMKilled.\n",
])
def test_pods_named_by_their_workload_killed_with_oomkilled_is_their_end(text):
    """The case's pods by their workload's capitalised name and a word of its part, opening
    the sentence, ended OOMKilled: OOMKilled, {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "Evicted executor pods are getting killed with OOMKilled status.\n",  # a status
    "Kubernetes executor pods are getting killed with OOMKilled status.\n",  # Kubernetes'
    "If Spark executor pods are getting killed with OOMKilled, raise the memory.\n",
    "Spark executor pods get killed with OOMKilled when they exceed the limit.\n",  # a guide's
    "Why are Spark executor pods getting killed with OOMKilled?\n",  # a question
    "Spark executor pods are not getting killed with OOMKilled anymore.\n",  # a negation
    "I think that Spark executor pods were killed with OOMKilled.\n",  # a guess, not opening
])
def test_pods_named_by_a_workload_of_no_case_is_no_record(text):
    """The negative side: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ a piece of the pod's YAML under yq


@pytest.mark.parametrize("text", [
    "Then you will find Ray head pod is OOMKilled when starting:\n\n```bash\n"
    "$ kubectl get pod ${RAY_HEAD} -o yaml | yq '.status.containerStatuses[0].lastState"
    ".terminated'\ncontainerID: containerd://0f30d47b\n" + _YQ_OUT + "```\n",
    "kubectl get pod web-0 -o yaml | yq e '.status.containerStatuses[0].lastState.terminated'\n"
    "exitCode: 137\nfinishedAt: 2025-12-17T10:56:44Z\nreason: OOMKilled\n",
    "kubectl get po/ray-head-0 -o yaml | yq -r '.status.initContainerStatuses[0].lastState"
    ".terminated'\nexitCode: 137\nreason: OOMKilled\nsignal: 9\n",
])
def test_a_yq_piece_of_a_pods_status_is_read_at_its_path(text):
    """The mapping `yq` printed of the pod's YAML under its command: read at the path the
    filter names, the last state OOMKilled, no probe kill: {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "kubectl get deploy web -o yaml | yq '.status.conditions[0]'\n" + _YQ_OUT,  # no pod
    "kubectl get pod web-0 -o yaml | yq '.status.containerStatuses'\n- exitCode: 137\n"
    "  reason: OOMKilled\n",  # a list, no mapping
    "kubectl get pod web-0 -o yaml | yq '.status.containerStatuses[0].lastState.terminated'\n"
    "reason: OOMKilled\n",  # one key only
    _YQ_OUT,  # no command above
])
def test_a_yq_piece_of_no_pods_status_is_no_record(text):
    """The negative side: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "`ollama-0` was being **" * 90_000 + "\n",
    "`web-0` was OOMKilled, " + "not a " * 350_000 + "liveness probe.\n",
    "`web-0` was __OOMKilled__" + " not the liveness probe" * 90_000 + "\n",
    "kubectl get pod web-0 -o yaml | yq '.status" + ".a" * 1_000_000 + "'\nexitCode: 1\n",
    "kubectl get pod web-0 -o yaml | yq '.status.x'\n" + "a: 1\n" * 400_000,
    "@a " + "Spark executor " * 140_000 + "pods were OOMKilled\n",
    "@" + "a" * 2_000_000 + " Spark executor pods were OOMKilled\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
