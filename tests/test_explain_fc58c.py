"""Stop 58, fixer fc58c (held-out batch 143): the rules the misses of prometheus-9179,
apl-core-3600, grafana-operator-1294 and thanos-4409 showed, each with hand-written variants
that hold and near variants that stay unread or refused (the corpus README's "Rules used for
the facts", the paragraphs ending in "(stop 58, fc58c)")."""

from __future__ import annotations

import pytest
from helpers import (
    answer_unless_refused,
    assert_ended_untold,
    assert_no_end,
    explained_answer,
    read_in_one_pass,
)

from kubesim.errors import NoObjectError, RecordError
from kubesim.explain.readers.read import parse_record, pod_groups
from kubesim.explain.readers.said_failing import said_failing
from kubesim.spec.manifests import NO_OBJECT

# ------------------------------------------------ the author's seeing `kept on` (prometheus-9179)
# README failprose54: the kubelet's message told in the author's words right after the
# author's seeing (`I see`, `I get`), and stop 56's seeing of failures told as a noun; `keep on`
# and a gerund is `keep` and it, as `keep on restarting` is `keeps restarting` (failprose54)


@pytest.mark.parametrize("line, kinds", [
    ("before starting I keep on seeing readiness probe failed with 503 errors . now I see",
     ["readiness"]),
    ("We kept on getting liveness probe failed with connection refused.", ["liveness"]),
    ("I keep on seeing liveness and readiness probe failures in the events.",
     ["liveness", "readiness"]),
    ("we kept on noticing readiness probe failures all day", ["readiness"]),
])
def test_the_authors_seeing_kept_on_states_the_failures(line: str, kinds: list[str]) -> None:
    said = said_failing(line)
    assert said is not None and said.kinds == kinds


@pytest.mark.parametrize("line", [
    "you keep on seeing readiness probe failed with 503 errors.",  # a guide's `you`
    "If I keep on seeing readiness probe failed with 503, I restart it.",  # a conditional
    "Why do I keep on seeing readiness probe failed with 503?",  # a question
    "I would keep on seeing readiness probe failed with 503 errors.",  # what may happen
    "I keep on readiness probe failed with 503 errors.",  # no gerund of seeing after `on`
    "I keep on seeing liveness or readiness probe failures.",  # which one, not told
    "We kept on seeing liveness probe failures on the other pod.",  # another's pod
])
def test_near_variants_of_the_seeing_kept_on_state_none(line: str) -> None:
    assert said_failing(line) is None


# -------------------------------- an earlier row shows the pod not Ready (prometheus-9179)
# README, the rule of events naming no pod beside a `get pods` table of several pods
# (bitnami-charts-32863), widened: a readiness failure needs a pod not Ready (R3.4), which an
# earlier row of the pod's own (a watch, the table taken again) running not Ready shows too

_MESSAGE = "Readiness probe failed: HTTP probe failed with statuscode: 503\n\n"


def _owner_of_failures(text: str) -> list[str]:
    """The pods of the record given the readiness failures (their Unhealthy events)."""
    return sorted(p.name or "" for p in pod_groups([parse_record(text, "r.txt")])
                  if p.name is not None and any(e.reason == "Unhealthy" for e in p.events))


@pytest.mark.parametrize("rows", [
    # prometheus-9179's shape: the pod's earlier row `1/2 Running`, its last `2/2 Running`
    "web-1   1/2   Running   2   26m\n\nweb-1   2/2   Running   2   32m\n\n"
    "web-0   2/2   Running   1   3h56m\n",
    # a header, one container, the watch's rows together
    "NAME    READY   STATUS    RESTARTS   AGE\nweb-1   0/1     Running   0          10s\n"
    "web-1   1/1     Running   0          40s\nweb-0   1/1     Running   0          2h\n",
])
def test_an_earlier_row_running_not_ready_gives_the_failures_to_its_pod(rows: str) -> None:
    assert _owner_of_failures(rows + "\n" + _MESSAGE) == ["web-1"]
    a = explained_answer(rows + "\n" + _MESSAGE, pod="web-1")
    assert [p.value for p in a.failed] == ["readiness"]


@pytest.mark.parametrize("rows", [
    # a row of no running pod runs no probe: `0/1 ContainerCreating` is no such row
    "web-1   0/1   ContainerCreating   0   5s\nweb-1   1/1   Running   0   1m\n"
    "web-0   1/1   Running   0   2h\n",
    # the earlier row is an earlier pod's (RESTARTS falls: the pod was created again)
    "web-1   1/2   Running   5   1h\nweb-1   2/2   Running   0   1m\n"
    "web-0   2/2   Running   0   2h\n",
    # both pods show one: which one, not told
    "web-1   0/1   Running   0   5s\nweb-1   1/1   Running   0   1m\n"
    "web-0   0/1   Running   0   5s\nweb-0   1/1   Running   0   1m\n",
])
def test_no_earlier_row_of_one_running_pod_not_ready_gives_them_to_none(rows: str) -> None:
    assert _owner_of_failures(rows + "\n" + _MESSAGE) == []


# ------------------------------- a present `restarts` with an object after it (apl-core-3600)
# README fixprose77 and crashcatch55: the simple present of the case's pod restarting, read
# only under a heading of what happens; a present verb with a noun phrase right after it
# restarts something (a restart made, as `was restarted` is) or is the noun of a clause
# running on unpunctuated (`survives container restarts the resulting ...`): no end stated


@pytest.mark.parametrize("text", [
    "## Summary\n\nThe defaults make replay slow, and because the WAL survives container "
    "restarts the resulting crash-loop is self-sustaining.\n",
    "## What happened\n\nThe operator pod restarts the worker pods after each upgrade.\n",
    "## Current Behavior\n\nThe sidecar container restarts its main process every hour.\n",
    "## What happened\n\nOur nginx pod restarts the upstream container every hour.\n",
    "## What happened\n\nThe operator pod crashes the node every night.\n",  # stated_end's
])
def test_a_present_restart_with_an_object_states_no_end(text: str) -> None:
    assert_no_end(text)


@pytest.mark.parametrize("text", [
    "## What happened\n\nThe operator pod restarts every hour.\n",
    "## Current Behavior\n\nThe API pod restarts about every one or two days.\n",
    "## What happened\n\nThe metadata pod continually restarts (up to 15 restarts).\n",
    "## Summary\n\nThe operator pod restarts, the same story each time.\n",
    "## What happened\n\nThe operator pod crashes every night.\n",
])
def test_a_present_restart_with_no_object_is_still_read(text: str) -> None:
    assert_ended_untold(text)


# ----------------------- what the pod's events show, the pod after `of` (grafana-operator-1294)
# README fixprose45 (said_failing.py): what the case's pod's describe, events, status or logs
# say or show of a probe's failure, or a conjunction of them, is each named probe's failure,
# at least once, no count; told with the events first and the pod after `of`, its article
# dropped as in `pod status` (failing_told.LOOKED_SAYS)


@pytest.mark.parametrize("line, kinds", [
    ("8. The 'web-*' pod is not in ready state with restarts ,See events of pod it shows "
     "liveness and readiness probe failing", ["liveness", "readiness"]),
    ("The events of the web pod show that the liveness probe is failing.", ["liveness"]),
    ("The describe of my pod says readiness probe failed.", ["readiness"]),
])
def test_what_the_events_of_the_pod_show_states_the_failures(line: str,
                                                              kinds: list[str]) -> None:
    said = said_failing(line)
    assert said is not None and said.kinds == kinds


@pytest.mark.parametrize("line", [
    "The events of a pod show liveness probe failing.",  # a pod of no case's
    "Events of pods show liveness probe failing.",  # pods in general
    "If events of the pod show liveness probe failing, raise the delay.",  # a conditional
    "Do events of the pod show liveness probe failing?",  # a question
    "The events of the other pod show liveness probe failing.",  # another's pod
    "The events of the pod show liveness or readiness probe failing.",  # which one, not told
    "The events of the pod may show liveness probe failing.",  # what may happen
    "The events of the pod don't show liveness probe failing.",  # a negation
])
def test_near_variants_of_the_events_of_the_pod_state_none(line: str) -> None:
    assert said_failing(line) is None


def test_the_grafana_shape_is_read_as_failures_and_no_kill() -> None:
    a = explained_answer(
        "**Controller Pod Restarting**\n\n1. Install it\n8. The 'web-*' pod is not in ready "
        "state with restarts ,See events of pod it shows liveness and readiness probe failing\n")
    assert sorted(p.value for p in a.failed) == ["liveness", "readiness"]
    assert (a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == (0, None, True)


# -------------------------- a kindless document alone, prose beside it (thanos-4409)
# README, the lead's rule of stop 50 (a record that holds no piece explain reads is refused
# as no record explain reads) and fixrefuse49 (a document neither a Kubernetes object nor a
# probe spec, alone, is still refused): the refusal keeps its type and first words, and says
# that no other line is a pod, an event or a container's state

_NO_KIND = "```\napiVersion: v1\ndata:\n  s3.yml: |-\n    type: S3\n    config:\n      b: c\n"


@pytest.mark.parametrize("text", [
    _NO_KIND,
    "However, still the store gateway component is getting restarted.\n\n" + _NO_KIND,
])
def test_a_kindless_document_alone_is_refused_as_no_record(text: str) -> None:
    with pytest.raises(NoObjectError) as refused:
        parse_record(text, "r.txt")
    assert refused.value.message.startswith(NO_OBJECT)
    assert "not a record explain reads" in refused.value.message


def test_a_kindless_document_beside_a_pod_row_is_still_lines_not_read() -> None:
    a = answer_unless_refused("web-1   0/1   CrashLoopBackOff   4   2m\n\n" + _NO_KIND)
    assert a is not None and a.shows_failures


# ---------------------------------------------------- hostile lines, read in one pass


@pytest.mark.parametrize("piece", [
    "I keep on ", "I keep on seeing readiness ", "we kept on noticing liveness probe ",
    "events of pod it shows ", "events of the web pod show readiness probe ",
    "the pod restarts the ", "the WAL survives container restarts the ",
    "web-1   1/2   Running   2   26m\n",
])
def test_a_hostile_line_is_read_in_one_pass(piece: str) -> None:
    read_in_one_pass("## What happened\n\n" + piece * (2_000_000 // len(piece)) + "\n")


def test_a_hostile_line_of_the_said_failing_patterns_is_one_pass() -> None:
    for piece in ("I keep on seeing ", "events of pod it shows liveness and "):
        assert said_failing(piece * (2_000_000 // len(piece))) is None


def test_a_refusal_of_a_kindless_document_is_a_record_error() -> None:
    with pytest.raises(RecordError):
        parse_record(_NO_KIND, "r.txt")
