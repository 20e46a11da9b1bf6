"""Marked corpus records made to hold by general rules (fixmarked51).

A code span whole on its line, the author's sentence ending right after its closing backtick
(held-out batch 88, alauda-kubeflow-chart-45: `` `kubeflow  training-operator-...  0/1
OOMKilled`。 ``): the span's content is what was pasted, the full stop the sentence's, so the
normaliser takes both off as it takes a span alone on its line off. A question's `?` after
the span, words after it or before it leave the line as the author wrote it.

A stop of the case's own pod or container stated in the author's prose, no cause given
(held-out batch 77, cmdbuild-docker-11: `the running pod gets a Tomcat shut down event which
stops it`, stated_stop.py): read as a restart so stated is, an end, at least once; the simple
present only as the author's telling of their run (a paragraph opened by the command they
ran, a first person running a system, a heading of what happens).
"""

from __future__ import annotations

import pytest
from helpers import assert_ended_untold, assert_no_end, read_in_one_pass

from kubesim.explain.readers.normalise import normalise
from kubesim.explain.readers.read import parse_record

_ROW = "kubeflow   training-operator-8569f97489-zkxbt   0/1     OOMKilled"


@pytest.mark.parametrize("end", ["\u3002", ".", "!", "\uff01", " ."])
def test_a_code_span_then_a_sentences_end_is_the_spans_content(end: str) -> None:
    line = f"`{_ROW}`{end}"
    assert normalise(f"x\n{line}\n")[1].text == _ROW
    record = parse_record(f"\u5b89\u88c5chart\u65f6\u4f1a\u62a5\u9519\uff1a\n{line}\n"
                          "\u8c03\u6574\u523040Mi\u5c31\u53ef\u4ee5\u5566\u3002\n", "r.txt")
    [pod] = record.pods
    assert pod.name == "training-operator-8569f97489-zkxbt"
    [container] = pod.containers
    assert container.terminated is not None and container.terminated.reason == "OOMKilled"


@pytest.mark.parametrize("line", [
    f"`{_ROW}`?",  # a question about the span
    f"`{_ROW}` and then it restarted.",  # words after the span
    f"It said `{_ROW}`.",  # words before the span
    f"`{_ROW}`..",  # no one sentence's end
])
def test_a_code_span_among_words_stays_the_authors(line: str) -> None:
    assert normalise(f"x\n{line}\n")[1].text != _ROW


@pytest.mark.parametrize("text", [
    "`" + "a" * 2_000_000 + "`\u3002",
    "`" + "a" * 2_000_000 + "\u3002",
    "` " * 1_000_000 + ".",
    "`" + " " * 2_000_000 + "`?",
])
def test_a_two_megabyte_code_span_line_is_read_in_one_pass(text: str) -> None:
    read_in_one_pass(text + "\n")
    normalise(text + "\n")


# ------------------------------------------------ a stop of the case's own pod or container
# (held-out batch 77, cmdbuild-docker-11: stated_stop.py). A stop is an end as a restart is
# (an end is what a restart follows: R4.7): the case's container ended, at least once, what
# ended it not stated: cannot-tell, no probe, {0, null}, failures shown.


@pytest.mark.parametrize("text", [
    # the record's own lines: the present in a paragraph opened by the command the author ran
    'kubectl run openmaint --image=... --env "CMDBUILD_DUMP=*.dump.xz" ...\nfails. After a '
    "successful creation of the database the running pod gets a Tomcat shut down event which "
    "stops it. After a reschedule it's successor does the same and so forth.\nI'm wondering "
    "who shuts down Tomcat?",
    "Then the running pod got a shutdown signal which stopped it.\n",
    "Then the running pod received a SIGTERM that shut it down.\n",
    "After a while the running pod stopped.\n",
    "After a while the api container terminated.\n",
    "The container has stopped after 5 minutes.\n",
    "$ helm install wiki ./chart\nAfter an hour the wiki pod gets an event that terminates it.\n",
    "We run a wiki on Kubernetes. After an hour the wiki pod stops.\n",
    "## Current Behavior\nThe wiki pod shuts down after an hour.\n",
])
def test_a_stop_of_the_cases_own_pod_is_an_end_untold(text: str) -> None:
    assert_ended_untold(text)


@pytest.mark.parametrize("text", [
    # the present with no telling of the author's (a guide's), or the command a paragraph above
    "The running pod gets a shutdown signal which stops it.\n",
    "kubectl run web --image=nginx\n\nThen the running pod gets a shutdown signal which stops it.\n",
    "Then a running pod got a shutdown signal which stopped it.\n",  # no case's determiner
    "Pods stopped after an hour.\n",
    "Then my pod stopped responding.\n",  # a gerund: no end of its own
    "Then the container terminated the connection.\n",  # an object
    "After a while the running pod was stopped.\n",  # a stop someone made
    "Then the running pod got a shutdown signal which killed it.\n",  # the kill rules' own
    "When the pod got a SIGTERM which stopped it, it restarted.\n",
    "The pod stopped because it ran out of memory.\n",
    "Why the pod stopped, I do not know.\n",
    "I don't think the pod stopped.\n",
    "Then the pod might have stopped.\n",
    "Did the pod stop?\n",
    "## Expected Behavior\nThe wiki pod stopped after an hour.\n",
])
def test_a_stop_of_no_case_or_of_what_may_happen_isassert_no_end(text: str) -> None:
    assert_no_end(text)


@pytest.mark.parametrize("text", [
    "the pod gets a " * 130_000 + "\n",
    "the pod gets " + "a b c d e f g h " * 120_000 + "which stops it\n",
    "kubectl run " * 160_000 + "\nthe pod stops\n",
    "the running pod stopped responding " * 57_000 + "\n",
    "stop termina shut " * 110_000 + "\n",
])
def test_the_stop_rules_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
