"""`kubesim check` judges its command line by the option declarations (kubesim.cli.bounds)
before it would build the check tool's model (kubesim.cli.inputs.CheckInput): a short check
pays for no tool model (issue 31 item 1). The two must agree: what the declarations pass, the
model accepts; what they do not pass, the model judges, with the same words as before."""

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

from kubesim.analysis.check.rules import rule_ids
from kubesim.cli.bounds import CHECK_TOOL_OPTIONS, PLAIN_ITEMS, PLAIN_TEXT, plainly_within
from kubesim.cli.inputs import MAX_NAME, CheckClusterInput, CheckInput
from kubesim.files import reading_scope
from kubesim.options import MAX_DURATION, MAX_PHASES, MAX_SEED

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = str(ROOT / "examples" / "seed-app" / "deployment.yaml")


def _args(*argv: str):
    return parsed_quietly("check", *argv)


def _accepted(args) -> bool:
    return model_accepts((CheckClusterInput if args.cluster else CheckInput), args)


def test_every_field_of_the_check_tool_is_an_option_judged():
    """Each place the model reads the command line (an argparse attribute) is an option the
    declarations judge, and no other: a field added to the tool is judged, or this fails."""
    assert {a.attr for a in CheckInput.ARGS} == {o.attr for o in CHECK_TOOL_OPTIONS}


def test_the_plain_bounds_are_within_the_fields():
    """The conservative bounds lie inside the model's: the shortest text field (a name), the
    shortest list (--ignore)."""
    assert PLAIN_TEXT <= MAX_NAME
    assert PLAIN_ITEMS <= CheckInput.model_fields["ignore"].metadata[0].max_length


def test_a_plain_check_is_judged_without_the_model():
    """The command lines a CI job runs are within at once (else every check builds the
    model)."""
    for argv in ([EXAMPLE], ["--no-config", "--format", "sarif", EXAMPLE],
                 ["--phases", "5", "--seed", "3", "--fail-on", "warning", "--ignore",
                  "KS001,KS004", "--expect-no-restart", "--no-missing-probes", EXAMPLE, "-"],
                 ["--scenario", "s.yaml", "--trace", "t.jsonl", "--censored", "discard",
                  "--start-times", "0,5", "--config", "none", "--max-work", "7", EXAMPLE]):
        args = _args(*argv)
        assert plainly_within(args), argv
        assert _accepted(args), argv


@pytest.mark.parametrize("argv", [
    [],  # no path
    ["--seed", "-1", EXAMPLE],
    ["--seed", str(MAX_SEED + 1), EXAMPLE],
    ["--duration", "2e9", EXAMPLE],
    ["--phases", str(MAX_PHASES + 1), EXAMPLE],
    ["--rollout-min-capacity", "-1", EXAMPLE],
    ["--start-times", "0,2e9", EXAMPLE],
    ["--ignore", "KS999", EXAMPLE],
    ["--namespace", "n" * 254, EXAMPLE],
    ["--censored", "discard", EXAMPLE],  # no trace
    ["--kubelet", "nope=1", EXAMPLE],
    ["--cluster", EXAMPLE],
])
def test_what_the_declarations_do_not_pass_the_model_refuses_with_its_own_words(
        argv, capsys):
    """Out of bounds: not plainly within, and `kubesim check` says what the model says
    (one line naming the flag, exit 2)."""
    args = _args(*argv)
    assert not plainly_within(args)
    assert_refused_in_the_models_words(capsys, (CheckClusterInput if args.cluster else CheckInput), args, ["check", *argv])


def test_under_a_root_a_path_outside_it_goes_to_the_model(tmp_path):
    """`kubesim mcp --root`: a path outside the root is not plainly within; the model
    refuses it."""
    args = _args(EXAMPLE)
    with reading_scope(tmp_path):
        assert not plainly_within(args)
        assert not _accepted(args)


# values near every bound the model and the declarations hold (each side of it), and plain ones
_BOUNDS = (0, 1, 100, 10**6, 10**9, MAX_SEED, 10**18 - 1)
_NUMBERS = st.one_of(
    st.sampled_from([str(b + d) for b in _BOUNDS for d in (-1, 0, 1)]),
    st.sampled_from([repr(float(b) * f) for b in _BOUNDS[1:5] for f in (1 - 1e-12, 1,
                                                                         1 + 1e-12)]),
    st.sampled_from(["0.5", "inf", "nan", "-0.0", "1_0", "+3", "2e9"]),
    st.floats(0, 2 * MAX_DURATION).map(repr), st.integers(-3, 2 * MAX_PHASES).map(str))
_PLAIN_TEXTS = st.sampled_from(["ok.yaml", "-", "none", "dir/x.yml", "ns-1", "\u00e9t\u00e9",
                                "a b", "v1.30.0", "k=v"])
_TEXTS = st.one_of(
    _PLAIN_TEXTS, _PLAIN_TEXTS, _PLAIN_TEXTS,
    st.sampled_from(["<manifest_text>", "<x", "\tx", "", "x\u200b"]),
    st.integers(PLAIN_TEXT - 1, PLAIN_TEXT + 1).map(lambda n: "p" * n),
    st.integers(MAX_NAME - 1, MAX_NAME + 1).map(lambda n: "n" * n),
    st.integers(1023, 1025).map(lambda n: "s" * n),
    st.integers(4095, 4097).map(lambda n: "q" * n),
    st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"),
            min_size=1, max_size=8))
_IGNORED = st.one_of(st.sampled_from([*rule_ids(), "KS999", "KS001,KS004", "KS001 KS004",
                                      ",", "KS001,,KS004", "liveness-restarts-on-dependency",
                                      "not-a-check"]), _TEXTS)


_option = flag_option


_OPTIONS = st.one_of(
    _option("--seed", _NUMBERS), _option("--duration", _NUMBERS),
    _option("--phases", _NUMBERS), _option("--max-work", _NUMBERS),
    _option("--rollout-min-capacity", _NUMBERS), _option("--outage-seconds", _NUMBERS),
    _option("--propagation", _NUMBERS), _option("--start-spread", _NUMBERS),
    _option("--max-zero-capacity", _NUMBERS), _option("--expect-ready-within", _NUMBERS),
    _option("--start-times", st.lists(_NUMBERS, min_size=1, max_size=3).map(",".join)),
    _option("--start-times", st.integers(9_999, 10_001).map(lambda n: ",".join(["1"] * n))),
    _option("--ignore", _IGNORED), _option("--fail-on", st.sampled_from(["info", "none"])),
    _option("--scenario", _TEXTS), _option("--trace", _TEXTS), _option("--values", _TEXTS),
    _option("--expectations", _TEXTS), _option("--config", _TEXTS),
    _option("--set", _TEXTS), _option("--set-string", _TEXTS),
    _option("--namespace", _TEXTS), _option("--release-name", _TEXTS),
    _option("--kube-version", _TEXTS), _option("--profile", st.sampled_from(["1.20", "legacy"])),
    _option("--trace-restart", st.sampled_from(["replay", "wall"])),
    _option("--censored", st.sampled_from(["failure", "discard"])),
    _option("--kubelet", st.sampled_from(["relist_seconds=2", "nope=1", "relist_seconds=x",
                                          "x"])),
    _option("--helm-engine", st.sampled_from(["auto", "binary"])),
    _option("--engine", st.sampled_from(["fast", "simpy"])),
    st.sampled_from([["--no-config"], ["--ideal"], ["--skip-non-manifests"], ["--allow-empty"],
                     ["--missing-probes"], ["--no-missing-probes"], ["--expect-no-restart"],
                     ["--cluster"], ["-A"]]),
    st.integers(PLAIN_ITEMS - 1, PLAIN_ITEMS + 1).map(lambda n: ["--ignore=KS001"] * n),
    st.integers(PLAIN_ITEMS - 1, PLAIN_ITEMS + 1).map(lambda n: ["--set=a=1"] * n))
_PATHS = st.one_of(st.lists(_TEXTS, min_size=1, max_size=3), st.just([]),
                   st.integers(PLAIN_ITEMS - 1, PLAIN_ITEMS + 1).map(lambda n: ["m.yaml"] * n),
                   st.integers(999, 1001).map(lambda n: ["m.yaml"] * n))


@settings(max_examples=examples(400))
@given(st.lists(_OPTIONS, max_size=4), _PATHS, st.booleans())
def test_what_the_declarations_pass_the_model_accepts(tmp_path_factory, options, paths, rooted):
    """Any command line argparse takes: if the declarations pass it, the tool's model accepts
    it (on the command line, and under a root as `kubesim mcp` runs it)."""
    args = _args(*[w for option in options for w in option], "--", *paths)
    assume(args is not None)
    root = tmp_path_factory.getbasetemp() if rooted else None
    with reading_scope(root):
        if plainly_within(args):
            assert _accepted(args), (options, paths)
