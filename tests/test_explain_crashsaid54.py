"""Held-out batches 119-120 (crashsaid54): a crash loop or crash of the case's own pod stated in
prose, no cause the record shows.

- An adverb of how often the loop holds between the case's pod and the crash loop's verb
  (cert-utils-operator-115: `We upgraded to 1.3.4 and are now seeing the pod constantly
  crash-looping.`): read by the prose rule of a pod stated in CrashLoopBackOff
  (stated_crashloop.py): a back-off whose restarts no count bounds (cannot-tell, no probe,
  {0, null}, failures shown).

- The case's pod stated crashing `because of this error:`, the error shown next
  (restate-operator-48: `My restate operator pod started crashing recently because of this
  error:` then a fenced log line): the application's own error is no kill and no exit reason
  any cause's rule reads; the crash stays an end of no cause the record tells
  (restart_said.cause_after; stated_crashing.py), where a named cause (`because of an OOM
  error`, `due to the liveness probe`) still leaves the statement to the cause's own rules.

Hand-written variants beside those that must stay unread (a question, a negation, a
conditional, a guide's `a pod`, a named cause)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ `the pod constantly crash-looping`


@pytest.mark.parametrize("text", [
    "We upgraded to 1.3.4 and are now seeing the pod constantly crash-looping. This is the "
    "last error in the log before the pod gets killed.",
    "My api pod repeatedly crashloops since the upgrade.\n",
    "The worker container is still crash-looping after the fix.\n",
])
def test_an_adverb_before_the_crash_loop_of_the_cases_pod_is_its_back_off(text):
    """The case's pod (`the pod`, `my api pod`) stated crash-looping, an adverb of how often
    (`constantly`, `repeatedly`, `still`) before the verb: a back-off whose restarts no count
    bounds (cannot-tell, no probe, {0, null}, failures shown)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "Is the pod constantly crash-looping?\n",
    "The pod is not constantly crash-looping anymore.\n",
    "If the pod constantly crash-loops, check the logs.\n",
    "A pod constantly crash-looping is a sign of a bad image.\n",
    "Your pod constantly crashloops when the key is missing.\n",
])
def test_an_adverb_before_a_crash_loop_of_no_case_stays_refused(text):
    """The negative side: a question, a negation, a conditional, a guide's `a pod`, `your
    pod`: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ `started crashing because of this error:`

_LOG = "\n```\n2025-09-27T16:45:39Z ERROR controller: RestateCloudEnvironment is not queryable\n```\n"


@pytest.mark.parametrize("prose", [
    "Hi,\nMy restate operator pod started crashing recently because of this error:",
    "Our pods keep crashing due to the following error:",
    "My pod started crashing because of this exception:",
])
def test_a_crash_of_the_cases_pod_because_of_the_error_shown_is_an_end_of_no_cause(prose):
    """The case's pod stated crashing because of an error the author shows next: the
    application's error is no kill and no exit reason (cannot-tell, no probe, {0, null},
    failures shown)."""
    a = explained_answer(prose + _LOG)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("prose", [
    "My pod started crashing because of an OOM error:",
    "My pod started crashing due to the liveness probe:",
    "Did my pod start crashing because of this error?",
    "My pod is not crashing because of this error:",
    "If your pod keeps crashing because of this error:",
])
def test_a_crash_of_a_named_cause_or_of_no_case_is_not_read_so(prose):
    """The negative side: a named cause (left to the cause's own rules, none of which reads
    these words), a question, a negation, a guide's conditional: not read as an end of no
    cause (refused, the log line alone no record)."""
    with pytest.raises(RecordError):
        parse_record(prose + _LOG, "r.txt")


# ------------------------------------------------ one pass


@pytest.mark.parametrize("text", [
    "the pod constantly " * 100_000 + "crash-looping\n",
    "the pod" + " " * 2_000_000 + "constantly crash-looping\n",
    "my pod started crashing because of" + " " * 2_000_000 + "this error:\n",
    "my pod started crashing because of this" + " " * 2_000_000 + "error:\n",
    "my pod started crashing because of this error " * 40_000 + "\n",
    "## Expected Behavior\n" + "a " * 1_000_000 + "\n",
    "## Expected Behavior" + " " * 2_000_000 + "\nmy pod crashed\n",
])
def test_the_crashsaid54_readers_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ a heading with an editor's trailing spaces


def test_a_heading_of_what_should_happen_with_trailing_spaces_is_listed_as_the_plain_one():
    """An editor's trailing spaces after a heading's words make no fourth word of prose
    (sections.py's `_PROSE`): `## Expected Behavior   ` is listed not read at its own line,
    as without them (data-on-ack-6 under test_explain_wrappers' trailing-space wrapper)."""
    from kubesim.explain.readers.sections import aside_lines, set_aside
    text = ("## What happened?\n\nmy-app-0 pod crashed:\n\n## Expected Behavior{pad}\n\n"
            "Pod should run successfully without crash.\n")
    plain, padded = set_aside(text.format(pad="")), set_aside(text.format(pad="   "))
    assert plain is not None and padded is not None
    assert padded.numbers == plain.numbers
    assert aside_lines(text.format(pad="   ").split("\n")) == \
        aside_lines(text.format(pad="").split("\n"))
