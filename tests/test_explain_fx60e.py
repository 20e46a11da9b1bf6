"""Held-out batch 160 (stop 60, fx60e): an OOM kill told as the case's past event, its
occasion a `when` and a gerund opening the sentence, its end a state the container went into.

- `when` and a gerund with no subject opening the sentence (`when uploading a dataset ...`, its
  comma or none) before a main clause in the simple past whose subject is the case's
  (crashcatch55's subject rule: `the celery container`) is that event's occasion, as fx59f's
  past `When` and fc58g's `when I deployed` are; before a present main clause it stays a
  guide's framing (fx59h: `when upgrading, pods restart`), and a modal, a conditional, a
  question or a negation in the main clause states none (README, the lead's decision of stop
  60, fx60e; geonode-k8s-73).
- `went into`, `entered`, `got into` or `was in` an end's reason as a state (`OOMKilled state`,
  `` `OOMKilled` state``, `the OOMKilled state`, `OOMKilled status`) states that end, as the same
  verbs before CrashLoopBackOff state a back-off (R4.8): OOMKilled (CRI), {0, 0} by the OOM
  rule. `Error state` names no end's reason, and stays as it is read.

Hand-written variants beside each that must stay unread."""

from __future__ import annotations

import pytest
from helpers import (
    answer_unless_refused,
    assert_ended_untold,
    assert_oom_killed,
    read_in_one_pass,
)

from kubesim.explain.model import Cause

_HEAD = "## Bug Description\n\n"
_TAIL = "\n\n## Additional Information\n\nAny additional information.\n"


def _page(sentence: str, head: str = _HEAD) -> str:
    return head + sentence + _TAIL


def _no_oom(text: str) -> None:
    """No OOM kill read: the page refused, or answered with no OOM kill."""
    a = answer_unless_refused(text)
    assert a is None or a.cause is not Cause.OOM_KILLED


def _unread(text: str) -> None:
    """Nothing read: the page refused, or answered with nothing shown."""
    a = answer_unless_refused(text)
    assert a is None or not a.shows_failures


# ------------------------------------------------ the record


def test_the_record_as_pasted_is_oom_killed():
    assert_oom_killed(_page(
        "when uploading a dataset using the default resources definition from the values.yaml "
        "the celery container exceeded the memory limits and went into `OOMKilled` state."))


# ------------------------------------------------ (1) `when` + gerund before a past main clause


@pytest.mark.parametrize("sentence", [
    # (no comma, lower case: the record's own shape)
    "when uploading a dataset the celery container was OOMKilled.",
    "When uploading a dataset, the celery container got OOMKilled.",
    "When importing a large file our worker pod was OOMKilled.",
    "- when uploading a dataset, the celery container kept getting OOMKilled.",
    # (the end told by its cause: a container over its memory limit and killed, fixprose43)
    "when uploading a dataset the celery container exceeded its memory limit and was killed.",
    "When uploading a dataset the celery container exceeded the memory limits and went into "
    "`OOMKilled` state.",
])
def test_when_gerund_before_a_past_oom_kill_is_its_occasion(sentence):
    assert_oom_killed(_page(sentence))
    assert_oom_killed(_page(sentence, head=""))


@pytest.mark.parametrize("sentence", [
    # (crashcatch55's stated end and a crash loop told in the past, the same occasion)
    "when uploading a dataset the celery container crashed.",
    "When deploying the chart, the worker pod went into CrashLoopBackOff.",
    "when deploying the chart the worker pod was restarted frequently.",
])
def test_when_gerund_before_a_past_end_is_its_occasion(sentence):
    assert_ended_untold(_page(sentence))


@pytest.mark.parametrize("sentence", [
    # a present main clause: a guide's framing (fx59h)
    "when uploading a dataset the celery container is getting OOMKilled.",
    "When uploading a dataset, the celery container went into `OOMKilled` state and is "
    "restarted.",
    "when deploying the chart the worker pod goes into CrashLoopBackOff.",
    "when uploading a dataset the celery container crashes.",
    # a modal, a conditional, a question, a negation
    "when uploading a dataset we may see the celery container went into `OOMKilled` state.",
    "when uploading a dataset the celery container exceeded the memory limits and would go "
    "into `OOMKilled` state.",
    "when uploading a dataset, if the celery container went into `OOMKilled` state, raise the "
    "limit.",
    "when uploading a dataset the celery container went into `OOMKilled` state?",
    "when uploading a dataset the celery container never went into `OOMKilled` state.",
    "when uploading a dataset the celery container did not go into `OOMKilled` state.",
    "when uploading a dataset the celery container would crash.",
    "when uploading a dataset the celery container did not crash.",
    # no case's subject: any pod's, a reader's
    "when uploading a dataset a container went into `OOMKilled` state.",
    "when uploading a dataset your container went into `OOMKilled` state.",
    "when uploading a dataset a container exceeded its memory limits and went into "
    "`OOMKilled` state.",
    "when deploying the chart a pod went into CrashLoopBackOff.",
    # a noun that ends in `ing` is no gerund; a `when` inside its sentence is no opening
    "when nothing changed the celery container went into `OOMKilled` state.",
    "The celery container was OOMKilled only when uploading was slow, it would retry.",
])
def test_when_gerund_of_what_may_happen_stays_unread(sentence):
    _unread(_page(sentence))


# ------------------------------------------------ (2) an end's reason as a state gone into


@pytest.mark.parametrize("sentence", [
    "the celery container went into `OOMKilled` state.",
    "The celery container went into OOMKilled state after the upload.",
    "the celery container entered the OOMKilled state.",
    "our worker pod got into OOMKilled status.",
    "the celery container was in an OOMKilled state.",
    "the celery container exceeded the memory limits and went into the `OOMKilled` status.",
])
def test_an_oom_killed_state_gone_into_is_that_end(sentence):
    assert_oom_killed(_page(sentence))


@pytest.mark.parametrize("sentence", [
    # no state's noun after the reason; a present; no end's reason; no case's subject;
    # a negation, a question, a conditional
    "the celery container went into OOMKilled.",
    "the celery container goes into OOMKilled state.",
    "the celery container is in OOMKilled state.",
    "the celery container went into Error state.",
    "a container went into `OOMKilled` state.",
    "your container went into `OOMKilled` state.",
    "the celery container never went into `OOMKilled` state.",
    "did the celery container go into `OOMKilled` state?",
    "the celery container went into `OOMKilled` state?",
    "if the celery container went into `OOMKilled` state, raise its limit.",
])
def test_no_oom_killed_state_gone_into_stays_unread(sentence):
    _no_oom(_page(sentence))


# ------------------------------------------------ hostile lines

_MB = 2 * 1024 * 1024


@pytest.mark.parametrize("text", [
    "when " + "uploading " * (_MB // 10),
    "when uploading " + "the " * (_MB // 4) + "container was OOMKilled.",
    "when uploading the pod was OOMKilled " + "a " * (_MB // 2),
    "the container went into " + "the " * (_MB // 4) + "OOMKilled state",
    "the container went into OOMKilled" + " " * _MB + "state",
    "the container exceeded the memory limits and went into " + "`" * _MB,
    "when " + "a" * _MB + "ing the pod was OOMKilled.",
    "the " + "a " * (_MB // 2) + "container exceeded its memory limit and was killed",
    "when deploying the worker pod went into CrashLoopBackOff. " * (_MB // 58),
    "when uploading the celery container was OOMKilled. " * (_MB // 52),
])
def test_hostile_lines_are_read_in_one_pass(text):
    read_in_one_pass(text)
