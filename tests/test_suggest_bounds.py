"""`kubesim suggest` judges its command line by the option declarations (kubesim.cli.bounds)
before it would build the suggest tool's model (kubesim.cli.inputs.SuggestInput): a short
suggestion pays for no tool model (issue 31 item 1). The two must agree: what the
declarations pass, the model accepts; what they do not pass, the model judges, with the same
words as before."""

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

from kubesim.cli.bounds import PLAIN_ITEMS, SUGGEST_TOOL_OPTIONS, suggest_plainly_within
from kubesim.cli.inputs import MAX_NAME, SuggestInput
from kubesim.files import reading_scope
from kubesim.options import MAX_DURATION, MAX_PHASES

ROOT = Path(__file__).resolve().parent.parent
SPEC = str(ROOT / "probe_specs" / "seed_unified_healthz.yaml")
SCENARIO = str(ROOT / "traces" / "seed_db_outage.scenario.yaml")


def _args(*argv: str):
    return parsed_quietly("suggest", *argv)


def _accepted(args) -> bool:
    return model_accepts(SuggestInput, args)


def test_every_field_of_the_suggest_tool_is_an_option_judged():
    """Each place the model reads the command line is an option the declarations judge, and
    no other: a field added to the tool is judged, or this fails."""
    assert {a.attr for a in SuggestInput.ARGS} == {o.attr for o in SUGGEST_TOOL_OPTIONS}


def test_a_plain_suggest_line_is_judged_without_the_model():
    """The command lines the docs and the benchmark run are within at once."""
    for argv in ([SPEC], [SPEC, "--scenario", SCENARIO],
                 [SPEC, "--scenario", SCENARIO, "--format", "json", "--phases", "5", "--seed",
                  "3", "--workload", "w", "--container", "app", "--duration", "600",
                  "--no-config", "--max-work", "7", "--profile", "legacy", "--ideal"],
                 [SPEC, "--trace", "t.jsonl", "--censored", "discard", "--set", "a=1"]):
        args = _args(*argv)
        assert suggest_plainly_within(args), argv
        assert _accepted(args), argv


@pytest.mark.parametrize("argv", [
    ["--duration", "2e9", SPEC],
    ["--phases", str(MAX_PHASES + 1), SPEC],
    ["--workload", "w" * (MAX_NAME + 1), SPEC],
    ["--censored", "discard", SPEC],  # no trace
    ["--expect", "restarts=0", SPEC],
    ["--expect", "hang-within=0", SPEC],
    ["--kubelet", "nope=1", SPEC],
])
def test_what_the_declarations_do_not_pass_the_model_refuses_with_its_own_words(
        argv, capsys):
    """Out of bounds: not plainly within, and `kubesim suggest` says what the model says
    (one line naming the flag, exit 2)."""
    args = _args(*argv)
    assert not suggest_plainly_within(args)
    assert_refused_in_the_models_words(capsys, SuggestInput, args, ["suggest", *argv])


def test_an_expectation_goes_to_the_model():
    """--expect KIND=S: the model reads its kinds and seconds (a plain one is accepted)."""
    args = _args(SPEC, "--expect", "survive-outage=120")
    assert not suggest_plainly_within(args)
    assert _accepted(args)


def test_under_a_root_a_path_outside_it_goes_to_the_model(tmp_path):
    """`kubesim mcp --root`: a path outside the root is not plainly within; the model
    refuses it."""
    args = _args(SPEC)
    with reading_scope(tmp_path):
        assert not suggest_plainly_within(args)
        assert not _accepted(args)


_option = flag_option


_OPTIONS = st.one_of(
    _option("--seed", _NUMBERS), _option("--duration", _NUMBERS),
    _option("--phases", _NUMBERS), _option("--max-work", _NUMBERS),
    _option("--expect", st.sampled_from(["survive-outage=120", "hang-within=0", "x=1", "x"])),
    _option("--workload", _TEXTS), _option("--container", _TEXTS),
    _option("--scenario", _TEXTS), _option("--trace", _TEXTS), _option("--values", _TEXTS),
    _option("--config", _TEXTS), _option("--set", _TEXTS), _option("--set-string", _TEXTS),
    _option("--namespace", _TEXTS), _option("--release-name", _TEXTS),
    _option("--kube-version", _TEXTS), _option("--profile", st.sampled_from(["1.20", "legacy"])),
    _option("--trace-restart", st.sampled_from(["replay", "wall"])),
    _option("--censored", st.sampled_from(["failure", "discard"])),
    _option("--kubelet", st.sampled_from(["relist_seconds=2", "nope=1", "x"])),
    _option("--helm-engine", st.sampled_from(["auto", "binary"])),
    _option("--engine", st.sampled_from(["fast", "simpy"])),
    st.sampled_from([["--no-config"], ["--ideal"], ["--no-ideal"], ["--format=sarif"]]),
    st.integers(PLAIN_ITEMS - 1, PLAIN_ITEMS + 1).map(lambda n: ["--set=a=1"] * n),
    st.integers(PLAIN_ITEMS - 1, PLAIN_ITEMS + 1).map(lambda n: ["--scenario=s.yaml"] * n))
_PATHS = st.one_of(st.lists(_TEXTS, min_size=1, max_size=3), st.just([]),
                   st.integers(PLAIN_ITEMS - 1, PLAIN_ITEMS + 1).map(lambda n: ["m.yaml"] * n))


@settings(max_examples=examples(300))
@given(st.lists(_OPTIONS, max_size=4), _PATHS, st.booleans())
def test_what_the_declarations_pass_the_model_accepts(tmp_path_factory, options, paths, rooted):
    """Any command line argparse takes: if the declarations pass it, the tool's model accepts
    it (on the command line, and under a root as `kubesim mcp` runs it)."""
    args = _args(*[w for option in options for w in option], "--", *paths)
    assume(args is not None)
    root = tmp_path_factory.getbasetemp() if rooted else None
    with reading_scope(root):
        if suggest_plainly_within(args):
            assert _accepted(args), (options, paths)


def test_the_duration_bound_is_the_models():
    """--duration at the longest run the model takes is plain; past it, not."""
    assert suggest_plainly_within(_args(SPEC, "--duration", repr(float(MAX_DURATION))))
    assert not suggest_plainly_within(_args(SPEC, "--duration", repr(MAX_DURATION * 2.0)))
