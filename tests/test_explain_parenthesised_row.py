"""A `get pods` row the author put in parentheses, and a sentence whose subject the author
left out (held-out batch 87, kubespray-2897: `(kube-controller-manager-... 0/1
CrashLoopBackOff 39 3h)`, then `And keeps restarting.`, read at first contact as a restart
of a name `And`).

The row in parentheses is the row (its parentheses taken off by the normaliser, the line's
numbering kept); a sentence in parentheses stays the author's. A sentence opened by a
conjunction or an adverb whose subject is left out (`And keeps restarting.`) states nothing of
a name: its subject is the sentence's before.
"""

from __future__ import annotations

import pytest

from kubesim.errors import RecordError
from kubesim.explain.readers.normalise import normalise
from kubesim.explain.readers.prose_page import ProsePage
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.stated_apart import read_stated_apart

_ROW = "kube-controller-manager-master1                       0/1       CrashLoopBackOff   39         3h"


@pytest.mark.parametrize("line", [f"({_ROW})", f"  ({_ROW})  ", f"(kube-system   {_ROW})"])
def test_a_pods_row_in_parentheses_is_the_row(line: str) -> None:
    record = parse_record(f"The controller manager keeps crashing.\n\n{line}\n", "r.txt")
    [pod] = record.pods
    assert pod.name == "kube-controller-manager-master1"
    [container] = pod.containers
    assert container.restart_count == 39
    assert normalise(f"x\n{line}\n")[1].text.strip().startswith(
        ("kube-controller-manager", "kube-system"))


@pytest.mark.parametrize("line", [
    "(the controller manager restarted 39 times in 3h)",
    "(see 0/1 in the READY column)",
    "(web-1 1/1 Running)",  # no RESTARTS or AGE: no row
])
def test_a_sentence_in_parentheses_stays_the_authors(line: str) -> None:
    assert normalise(f"x\n{line}\n")[1].text == line


@pytest.mark.parametrize("sentence", ["And keeps restarting.", "But keeps restarting.",
                                      "Then keeps getting restarted.", "So keeps restarting."])
def test_a_sentence_whose_subject_is_left_out_states_no_names_restart(sentence: str) -> None:
    text = f"The controller manager pod keeps crashing often.\n\n{sentence}\n"
    assert read_stated_apart(ProsePage(text), "r.txt") is None


def test_a_bare_names_restart_is_still_read() -> None:
    found = read_stated_apart(ProsePage("Sidekiq keeps restarting.\n"), "r.txt")
    assert found is not None


def test_a_two_megabyte_line_in_parentheses_is_read_in_one_pass() -> None:
    line = "(" + "a" * 2_000_000 + ")"
    with pytest.raises(RecordError):
        parse_record(line + "\n", "r.txt")
    assert normalise(line + "\n")[0].text == line
