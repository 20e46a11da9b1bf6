"""A page explain reads nothing of says what it saw and why it cannot answer (issue 30,
"cannot tell, because ..."): where a line speaks of a probe or a container's end in a sentence
no prose reader takes as the case's, the refusal names that line, its words and its start,
and still says which formats explain reads. A page of no such word keeps the plain refusal."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kubesim.errors import RecordError
from kubesim.explain.readers.read import FORMATS_HELP, parse_record


def refusal(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        parse_record(text, "r.txt")
    return caught.value


# a bare plural (no owner the page names), a guide's present, a question: none is the case's
GUIDE = ("Intro to health checks.\n\nKubernetes kills the container when the liveness probe "
         "fails three times in a row.\n")
BARE = "Containers are slow to start and were killed by the liveness probe on fresh start.\n"
QUESTION = "Hello all,\n\nWhy would a readiness probe keep failing after an upgrade?\n"


@pytest.mark.parametrize(("text", "number", "speaks_of", "quoted"), [
    (GUIDE, 3, "a liveness probe, a kill", "Kubernetes kills the container"),
    (BARE, 1, "a liveness probe, a kill", "were killed by the liveness probe"),
    (QUESTION, 3, "a readiness probe", "Why would a readiness probe keep failing"),
])
def test_a_refused_page_names_the_line_that_speaks_of_a_probe_or_an_end(
        text: str, number: int, speaks_of: str, quoted: str) -> None:
    error = refusal(text)
    assert error.line == number
    assert error.message.startswith("not a record explain reads: ")
    assert f"line {number} speaks of {speaks_of} (" in error.message
    assert quoted in error.message
    assert "cannot tell whose it is or when" in error.message
    assert error.message.endswith(f"Expected {FORMATS_HELP}")


def test_a_page_of_no_such_word_keeps_the_plain_refusal() -> None:
    error = refusal("Our deploy pipeline is green again.\nThanks for the quick review!\n")
    assert error.message == f"not a record explain reads: expected {FORMATS_HELP}"
    assert error.line is None


def test_the_quoted_start_is_cut_and_a_far_word_is_quoted_from_near_it() -> None:
    far = "x " * 200 + "and what if a pod gets OOMKilled again? " + "y " * 200 + "\n"
    message = refusal("Notes\n" + far).message
    assert "line 2 speaks of a kill (\"…" in message
    assert "pod gets OOMKilled again" in message
    quoted = message.split('("', 1)[1].split('")', 1)[0]
    assert len(quoted) <= 74 and quoted.endswith("…")


def test_each_kind_is_named_once_in_a_fixed_order() -> None:
    line = ("Does anyone know why a pod restarts, gets OOMKilled, restarts, is killed again, "
            "its startup probe and its liveness probe failing, Exit Code 137?\n")
    message = refusal(line).message
    assert ("speaks of a startup probe, a liveness probe, a kill, a restart or crash, an end ("
            in message)


def test_a_two_megabyte_line_is_looked_at_once() -> None:
    # no nested repetition: the one search and the one line's scan stay linear (the suite's
    # timeout is the bound); the word sits at the far end
    error = refusal("a " * 1_000_000 + "then it crashed\n")
    assert error.line == 1 and "a restart or crash" in error.message


def test_the_quoted_words_leave_through_the_error_edge_neutralised() -> None:
    # hostile input: an escape sequence and a workflow command in the line the refusal quotes
    text = "the pod \x1b[31mwas killed\x1b[0m by the liveness probe\r\n::error::owned\n"
    done = subprocess.run([sys.executable, "-m", "kubesim", "explain", "-", "--no-suggest"],
                          input=text, capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "\x1b" not in done.stderr and "\r" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "line 1 speaks of a liveness probe, a kill" in done.stderr


@pytest.mark.parametrize("wrap", [
    lambda line: f"\x1b[1;31m{line}\x1b[0m",  # a terminal's colours
    lambda line: line.replace("'", "&#39;").replace('"', "&quot;"),  # an HTML-escaped copy
])
def test_a_wrapped_copy_is_refused_with_the_bare_copys_words(wrap) -> None:
    # the told line is looked for in the paste made plain (as the readers read it), so a
    # coloured or escaped copy names the same line and words (test_explain_wrappers found the
    # coloured copy of openemr-3871 refused with the formats alone)
    bare = "Hello.\nMySQL deploys fine. But the OpenEMR pod does not. I get CrashLoopBackOff.\n"
    wrapped = "\n".join(wrap(line) for line in bare.split("\n"))
    assert refusal(wrapped).message == refusal(bare).message
    assert refusal(bare).line == 2 and "speaks of a restart or crash" in refusal(bare).message
