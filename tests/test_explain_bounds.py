"""`kubesim explain` of record files judges its command line by the option declarations
(kubesim.cli.bounds) before it would build the explain tool's model
(kubesim.cli.inputs.ExplainInput): explaining a record pays for no tool model (issue 31 item
1). The two must agree: what the declarations pass, the model accepts; what they do not pass,
the model judges, with the same words as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (
    assert_refused_in_the_models_words,
    examples,
    flag_option,
    model_accepts,
    parsed_quietly,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_check_bounds import _NUMBERS, _TEXTS

from kubesim.cli.bounds import EXPLAIN_TOOL_OPTIONS, PLAIN_ITEMS, explain_plainly_within
from kubesim.cli.inputs import MAX_NAME, ExplainInput
from kubesim.files import reading_scope
from kubesim.options import MAX_REPLAY_PHASES

ROOT = Path(__file__).resolve().parent.parent
RECORD = str(ROOT / "examples" / "explain" / "01-k8s-docs-exec-liveness.pod.yaml")
SPEC = str(ROOT / "probe_specs" / "seed_unified_healthz.yaml")


def _args(*argv: str):
    return parsed_quietly("explain", *argv)


def _accepted(args) -> bool:
    return model_accepts(ExplainInput, args)


def test_every_field_of_the_explain_tool_is_an_option_judged():
    """Each place the model reads the command line is an option the declarations judge, and
    no other: a field added to the tool is judged, or this fails."""
    assert {a.attr for a in ExplainInput.ARGS} == {o.attr for o in EXPLAIN_TOOL_OPTIONS}


def test_a_plain_explain_line_is_judged_without_the_model():
    """The command lines the README and the benchmark run are within at once."""
    for argv in ([RECORD], [RECORD, RECORD, "--format", "json", "--pod", "p"],
                 [RECORD, "--spec", SPEC, "--phases", str(MAX_REPLAY_PHASES), "--seed", "3",
                  "--no-suggest", "--container", "c", "--profile", "legacy", "--ideal"]):
        args = _args(*argv)
        assert explain_plainly_within(args), argv
        assert _accepted(args), argv


@pytest.mark.parametrize("argv", [
    ["--phases", "0"],
    ["--phases", str(MAX_REPLAY_PHASES + 1)],
    ["--pod", "p" * (MAX_NAME + 1)],
    ["--now", "yesterday"],
    ["--expect", "nope=1"],
    ["--kubelet", "nope=1"],
])
def test_what_the_declarations_do_not_pass_the_model_refuses_with_its_own_words(
        argv, capsys):
    """Out of bounds: not plainly within, and `kubesim explain` says what the model says
    (one line naming the flag, exit 2)."""
    args = _args(RECORD, *argv)
    assert not explain_plainly_within(args)
    assert_refused_in_the_models_words(capsys, ExplainInput, args, ["explain", RECORD, *argv])


def test_no_record_and_a_live_name_go_to_the_model():
    """No record at all, or a live cluster's name that is no file: the model judges."""
    assert not explain_plainly_within(_args())
    assert not explain_plainly_within(_args("pod/web-0"))


def test_under_a_root_a_path_outside_it_goes_to_the_model(tmp_path):
    """`kubesim mcp --root`: a record outside the root is not plainly within; the model
    refuses it."""
    args = _args(RECORD)
    with reading_scope(tmp_path):
        assert not explain_plainly_within(args)
        assert not _accepted(args)


_option = flag_option


_OPTIONS = st.one_of(
    _option("--max-work", _NUMBERS), _option("--phases", _NUMBERS), _option("--seed", _NUMBERS),
    _option("--pod", _TEXTS), _option("--container", _TEXTS), _option("--spec", _TEXTS),
    _option("--now", st.sampled_from(["2024-05-01T12:00:00Z", "x"])),
    _option("--expect", st.sampled_from(["ready_after_outage=30", "x=1"])),
    _option("--profile", st.sampled_from(["1.20", "legacy"])),
    _option("--kubelet", st.sampled_from(["relist_seconds=2", "nope=1", "x"])),
    st.sampled_from([["--ideal"], ["--no-ideal"], ["--no-suggest"], ["--format=json"]]))


@settings(max_examples=examples(300))
@given(st.lists(_OPTIONS, max_size=4),
       st.lists(st.one_of(st.just("record.yaml"), st.just("pod/x"), _TEXTS), max_size=3),
       st.integers(PLAIN_ITEMS - 1, PLAIN_ITEMS + 1), st.booleans())
def test_what_the_declarations_pass_the_model_accepts(tmp_path_factory, options, records,
                                                      many, rooted):
    """Any command line argparse takes: if the declarations pass it, the tool's model accepts
    it (on the command line, and under a root as `kubesim mcp` runs it)."""
    if many == PLAIN_ITEMS + 1:
        records = records + ["r.yaml"] * many
    args = _args(*[w for option in options for w in option], "--", *records)
    assume(args is not None)
    root = tmp_path_factory.getbasetemp() if rooted else None
    with reading_scope(root):
        if explain_plainly_within(args):
            assert _accepted(args), (options, records)
