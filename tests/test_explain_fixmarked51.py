"""Marked corpus records made to hold by general rules (fixmarked51).

A code span whole on its line, the author's sentence ending right after its closing backtick
(held-out batch 88, alauda-kubeflow-chart-45: `` `kubeflow  training-operator-...  0/1
OOMKilled`。 ``): the span's content is what was pasted, the full stop the sentence's, so the
normaliser takes both off as it takes a span alone on its line off. A question's `?` after
the span, words after it or before it leave the line as the author wrote it.
"""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

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
