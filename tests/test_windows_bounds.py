"""`kubesim windows` judges its command line by the option declarations (kubesim.cli.bounds)
before it would build the windows tool's model (kubesim.cli.inputs.WindowsInput): windows of a
probe spec pays for no tool model (issue 31 item 1). The two must agree: what the declarations
pass, the model accepts; what they do not pass, the model judges, with the same words as
before."""

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

from kubesim.cli.bounds import PLAIN_ITEMS, WINDOWS_TOOL_OPTIONS, windows_plainly_within
from kubesim.cli.inputs import MAX_NAME, WindowsInput
from kubesim.files import reading_scope

ROOT = Path(__file__).resolve().parent.parent
SPEC = str(ROOT / "probe_specs" / "seed_unified_healthz.yaml")


def _args(*argv: str):
    return parsed_quietly("windows", *argv)


def _accepted(args) -> bool:
    return model_accepts(WindowsInput, args)


def test_every_field_of_the_windows_tool_is_an_option_judged():
    """Each place the model reads the command line is an option the declarations judge, and
    no other: a field added to the tool is judged, or this fails."""
    assert {a.attr for a in WindowsInput.ARGS} == {o.attr for o in WINDOWS_TOOL_OPTIONS}


def test_a_plain_windows_line_is_judged_without_the_model():
    """The command lines the README and the benchmark run are within at once."""
    for argv in ([SPEC], [SPEC, "--format", "json", "--container", "app"],
                 [SPEC, "--profile", "legacy", "--ideal", "--max-work", "7",
                  "--namespace", "ns", "--set", "a=1"]):
        args = _args(*argv)
        assert windows_plainly_within(args), argv
        assert _accepted(args), argv


@pytest.mark.parametrize("argv", [
    ["--namespace", "n" * (MAX_NAME + 1)],
    ["--kubelet", "nope=1"],
    ["--container", "c" * (MAX_NAME + 1)],
])
def test_what_the_declarations_do_not_pass_the_model_refuses_with_its_own_words(
        argv, capsys):
    """Out of bounds: not plainly within, and `kubesim windows` says what the model says (one
    line naming the flag, exit 2)."""
    args = _args(SPEC, *argv)
    assert not windows_plainly_within(args)
    assert_refused_in_the_models_words(capsys, WindowsInput, args, ["windows", SPEC, *argv])


def test_under_a_root_a_path_outside_it_goes_to_the_model(tmp_path):
    """`kubesim mcp --root`: a spec outside the root is not plainly within; the model
    refuses it."""
    args = _args(SPEC)
    with reading_scope(tmp_path):
        assert not windows_plainly_within(args)
        assert not _accepted(args)


_option = flag_option


_OPTIONS = st.one_of(
    _option("--max-work", _NUMBERS), _option("--container", _TEXTS),
    _option("--values", _TEXTS), _option("--set", _TEXTS), _option("--set-string", _TEXTS),
    _option("--namespace", _TEXTS), _option("--release-name", _TEXTS),
    _option("--kube-version", _TEXTS), _option("--profile", st.sampled_from(["1.20", "legacy"])),
    _option("--kubelet", st.sampled_from(["relist_seconds=2", "nope=1", "x"])),
    _option("--helm-engine", st.sampled_from(["auto", "binary"])),
    st.sampled_from([["--ideal"], ["--no-ideal"], ["--format=json"]]),
    st.integers(PLAIN_ITEMS - 1, PLAIN_ITEMS + 1).map(lambda n: ["--set=a=1"] * n))


@settings(max_examples=examples(300))
@given(st.lists(_OPTIONS, max_size=4), st.one_of(st.just("spec.yaml"), _TEXTS), st.booleans())
def test_what_the_declarations_pass_the_model_accepts(tmp_path_factory, options, spec, rooted):
    """Any command line argparse takes: if the declarations pass it, the tool's model accepts
    it (on the command line, and under a root as `kubesim mcp` runs it)."""
    args = _args(*[w for option in options for w in option], "--", spec)
    assume(args is not None)
    root = tmp_path_factory.getbasetemp() if rooted else None
    with reading_scope(root):
        if windows_plainly_within(args):
            assert _accepted(args), (options, spec)
