"""Each command with a tool model judges its command line by the option declarations
(kubesim.cli.bounds) before it would build that model (kubesim.cli.inputs): a short check,
run, windows, explain or suggest pays for no tool model (issue 31 item 1). The two must
agree, for every one of them: what the declarations pass, the model accepts; what they do not
pass, the model judges, with the same words as before. One contract, one table of the tools
(`TOOLS`): a command given declarations is held to it by a row."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

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
from kubesim.cli.bounds import (
    CHECK_TOOL_OPTIONS,
    EXPLAIN_TOOL_OPTIONS,
    PLAIN_ITEMS,
    PLAIN_TEXT,
    RUN_TOOL_OPTIONS,
    SUGGEST_TOOL_OPTIONS,
    WINDOWS_TOOL_OPTIONS,
    explain_plainly_within,
    plainly_within,
    run_plainly_within,
    suggest_plainly_within,
    windows_plainly_within,
)
from kubesim.cli.inputs import (
    MAX_NAME,
    CheckClusterInput,
    CheckInput,
    ExplainInput,
    RunInput,
    SuggestInput,
    WindowsInput,
)
from kubesim.files import reading_scope
from kubesim.options import MAX_DURATION, MAX_PHASES, MAX_REPLAY_PHASES, MAX_SEED

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = str(ROOT / "examples" / "seed-app" / "deployment.yaml")
SPEC = str(ROOT / "probe_specs" / "seed_unified_healthz.yaml")
SCENARIO = str(ROOT / "traces" / "seed_db_outage.scenario.yaml")
RECORD = str(ROOT / "examples" / "explain" / "01-k8s-docs-exec-liveness.pod.yaml")

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


def _around_plain_items(word: str) -> Any:
    """One word given just under, at and just over the declarations' plain list length."""
    return st.integers(PLAIN_ITEMS - 1, PLAIN_ITEMS + 1).map(lambda n: [word] * n)


# the options every command that renders charts or reads a profile shares
_PROFILE = _option("--profile", st.sampled_from(["1.20", "legacy"]))
_KUBELET = _option("--kubelet", st.sampled_from(["relist_seconds=2", "nope=1", "x"]))
_CHART = (_option("--values", _TEXTS), _option("--set", _TEXTS),
          _option("--set-string", _TEXTS), _option("--namespace", _TEXTS),
          _option("--release-name", _TEXTS), _option("--kube-version", _TEXTS),
          _option("--helm-engine", st.sampled_from(["auto", "binary"])))
_REPLAY = (_option("--trace-restart", st.sampled_from(["replay", "wall"])),
           _option("--censored", st.sampled_from(["failure", "discard"])),
           _option("--engine", st.sampled_from(["fast", "simpy"])))


def _line(options: Any, paths: Any) -> Any:
    """Any command line of up to four options before `--` and its paths."""
    return st.tuples(st.lists(options, max_size=4), paths).map(
        lambda op: [w for option in op[0] for w in option] + ["--", *op[1]])


_CHECK_OPTIONS = st.one_of(
    *(_option(flag, _NUMBERS) for flag in (
        "--seed", "--duration", "--phases", "--max-work", "--rollout-min-capacity",
        "--outage-seconds", "--propagation", "--start-spread", "--max-zero-capacity",
        "--expect-ready-within")),
    _option("--start-times", st.lists(_NUMBERS, min_size=1, max_size=3).map(",".join)),
    _option("--start-times", st.integers(9_999, 10_001).map(lambda n: ",".join(["1"] * n))),
    _option("--ignore", _IGNORED), _option("--fail-on", st.sampled_from(["info", "none"])),
    _option("--scenario", _TEXTS), _option("--trace", _TEXTS),
    _option("--expectations", _TEXTS), _option("--config", _TEXTS), *_CHART, _PROFILE,
    _option("--kubelet", st.sampled_from(["relist_seconds=2", "nope=1", "relist_seconds=x",
                                          "x"])), *_REPLAY,
    st.sampled_from([["--no-config"], ["--ideal"], ["--skip-non-manifests"], ["--allow-empty"],
                     ["--missing-probes"], ["--no-missing-probes"], ["--expect-no-restart"],
                     ["--cluster"], ["-A"]]),
    _around_plain_items("--ignore=KS001"), _around_plain_items("--set=a=1"))
_MANIFESTS = st.one_of(st.lists(_TEXTS, min_size=1, max_size=3), st.just([]),
                       _around_plain_items("m.yaml"),
                       st.integers(999, 1001).map(lambda n: ["m.yaml"] * n))
_NUMBERED = st.one_of(*(_option(flag, _NUMBERS) for flag in (
    "--seed", "--duration", "--phase", "--phases", "--max-work")))
_RUN_OPTIONS = st.one_of(
    _NUMBERED, _NUMBERED, _NUMBERED, _option("--container", _TEXTS),
    _option("--scenario", _TEXTS), _option("--trace", _TEXTS), *_CHART, _PROFILE, _KUBELET,
    *_REPLAY, st.sampled_from([["--ideal"], ["--no-ideal"], ["--changes-only"],
                               ["--format=json"]]),
    _around_plain_items("--set=a=1"))
_A_SPEC = st.one_of(st.just("spec.yaml"), _TEXTS).map(lambda spec: [spec])
_WINDOWS_OPTIONS = st.one_of(
    _option("--max-work", _NUMBERS), _option("--container", _TEXTS), *_CHART, _PROFILE,
    _KUBELET, st.sampled_from([["--ideal"], ["--no-ideal"], ["--format=json"]]),
    _around_plain_items("--set=a=1"))
_EXPLAIN_OPTIONS = st.one_of(
    _option("--max-work", _NUMBERS), _option("--phases", _NUMBERS), _option("--seed", _NUMBERS),
    _option("--pod", _TEXTS), _option("--container", _TEXTS), _option("--spec", _TEXTS),
    _option("--now", st.sampled_from(["2024-05-01T12:00:00Z", "x"])),
    _option("--expect", st.sampled_from(["ready_after_outage=30", "x=1"])), _PROFILE, _KUBELET,
    st.sampled_from([["--ideal"], ["--no-ideal"], ["--no-suggest"], ["--format=json"]]))
_RECORDS = st.tuples(
    st.lists(st.one_of(st.just("record.yaml"), st.just("pod/x"), _TEXTS), max_size=3),
    st.integers(PLAIN_ITEMS - 1, PLAIN_ITEMS + 1)).map(
    lambda rm: rm[0] + (["r.yaml"] * rm[1] if rm[1] == PLAIN_ITEMS + 1 else []))
_SUGGEST_OPTIONS = st.one_of(
    *(_option(flag, _NUMBERS) for flag in ("--seed", "--duration", "--phases", "--max-work")),
    _option("--expect", st.sampled_from(["survive-outage=120", "hang-within=0", "x=1", "x"])),
    _option("--workload", _TEXTS), _option("--container", _TEXTS),
    _option("--scenario", _TEXTS), _option("--trace", _TEXTS), _option("--config", _TEXTS),
    *_CHART, _PROFILE, *_REPLAY, _KUBELET,
    st.sampled_from([["--no-config"], ["--ideal"], ["--no-ideal"], ["--format=sarif"]]),
    _around_plain_items("--set=a=1"), _around_plain_items("--scenario=s.yaml"))
_SPECS = st.one_of(st.lists(_TEXTS, min_size=1, max_size=3), st.just([]),
                   _around_plain_items("m.yaml"))


class Tool(NamedTuple):
    """One command's declarations and the tool model they stand in for."""

    command: str
    model: type  # the tool's input model: its ARGS are what it reads of the command line
    options: tuple[Any, ...]  # the declarations' options of that tool
    within: Callable[[Any], bool]  # the declarations' judgment of a parsed line
    file: str  # the file a plain line names (first, where `lead`)
    lead: bool  # whether a refused line is the file, then the options judged
    plain: tuple[tuple[str, ...], ...]  # lines the README, CI and the benchmarks run
    refused: tuple[tuple[str, ...], ...]  # out of bounds: the model says why
    lines: Any  # a strategy of any command line argparse may take

    def model_of(self, args: Any) -> type:
        """The model `kubesim COMMAND` builds for the parsed line: check's `--cluster`
        has its own (a live cluster read instead of files)."""
        return CheckClusterInput if self.model is CheckInput and args.cluster else self.model

    def parsed(self, *argv: str) -> Any:
        return parsed_quietly(self.command, *argv)

    def accepts(self, args: Any) -> bool:
        return model_accepts(self.model_of(args), args)

    def refused_line(self, argv: tuple[str, ...]) -> list[str]:
        return [self.file, *argv] if self.lead else list(argv)


CHECK = Tool(
    "check", CheckInput, CHECK_TOOL_OPTIONS, plainly_within, EXAMPLE, False,
    plain=((EXAMPLE,), ("--no-config", "--format", "sarif", EXAMPLE),
           ("--phases", "5", "--seed", "3", "--fail-on", "warning", "--ignore", "KS001,KS004",
            "--expect-no-restart", "--no-missing-probes", EXAMPLE, "-"),
           ("--scenario", "s.yaml", "--trace", "t.jsonl", "--censored", "discard",
            "--start-times", "0,5", "--config", "none", "--max-work", "7", EXAMPLE)),
    refused=((),  # no path
             ("--seed", "-1", EXAMPLE), ("--seed", str(MAX_SEED + 1), EXAMPLE),
             ("--duration", "2e9", EXAMPLE), ("--phases", str(MAX_PHASES + 1), EXAMPLE),
             ("--rollout-min-capacity", "-1", EXAMPLE), ("--start-times", "0,2e9", EXAMPLE),
             ("--ignore", "KS999", EXAMPLE), ("--namespace", "n" * 254, EXAMPLE),
             ("--censored", "discard", EXAMPLE),  # no trace
             ("--kubelet", "nope=1", EXAMPLE), ("--cluster", EXAMPLE)),
    lines=_line(_CHECK_OPTIONS, _MANIFESTS))
RUN = Tool(
    "run", RunInput, RUN_TOOL_OPTIONS, run_plainly_within, SPEC, True,
    plain=((SPEC,), (SPEC, "--scenario", "s.yaml", "--duration", "60"),
           (SPEC, "--trace", "t.jsonl", "--censored", "discard", "--trace-restart", "wall",
            "--phases", "5", "--seed", "3", "--phase", "1.5"),
           (SPEC, "--format", "json", "--changes-only", "--profile", "legacy", "--ideal",
            "--engine", "simpy", "--max-work", "7", "--container", "app")),
    refused=(("--duration", "0"), ("--duration", "2e9"), ("--duration", "nan"),
             ("--phases", "0"), ("--phases", str(MAX_PHASES + 1)),
             ("--namespace", "n" * (MAX_NAME + 1)),
             ("--censored", "discard"),  # no trace
             ("--kubelet", "nope=1")),
    lines=_line(_RUN_OPTIONS, _A_SPEC))
WINDOWS = Tool(
    "windows", WindowsInput, WINDOWS_TOOL_OPTIONS, windows_plainly_within, SPEC, True,
    plain=((SPEC,), (SPEC, "--format", "json", "--container", "app"),
           (SPEC, "--profile", "legacy", "--ideal", "--max-work", "7", "--namespace", "ns",
            "--set", "a=1")),
    refused=(("--namespace", "n" * (MAX_NAME + 1)), ("--kubelet", "nope=1"),
             ("--container", "c" * (MAX_NAME + 1))),
    lines=_line(_WINDOWS_OPTIONS, _A_SPEC))
EXPLAIN = Tool(
    "explain", ExplainInput, EXPLAIN_TOOL_OPTIONS, explain_plainly_within, RECORD, True,
    plain=((RECORD,), (RECORD, RECORD, "--format", "json", "--pod", "p"),
           (RECORD, "--spec", SPEC, "--phases", str(MAX_REPLAY_PHASES), "--seed", "3",
            "--no-suggest", "--container", "c", "--profile", "legacy", "--ideal")),
    refused=(("--phases", "0"), ("--phases", str(MAX_REPLAY_PHASES + 1)),
             ("--pod", "p" * (MAX_NAME + 1)), ("--now", "yesterday"), ("--expect", "nope=1"),
             ("--kubelet", "nope=1")),
    lines=_line(_EXPLAIN_OPTIONS, _RECORDS))
SUGGEST = Tool(
    "suggest", SuggestInput, SUGGEST_TOOL_OPTIONS, suggest_plainly_within, SPEC, False,
    plain=((SPEC,), (SPEC, "--scenario", SCENARIO),
           (SPEC, "--scenario", SCENARIO, "--format", "json", "--phases", "5", "--seed", "3",
            "--workload", "w", "--container", "app", "--duration", "600", "--no-config",
            "--max-work", "7", "--profile", "legacy", "--ideal"),
           (SPEC, "--trace", "t.jsonl", "--censored", "discard", "--set", "a=1")),
    refused=(("--duration", "2e9", SPEC), ("--phases", str(MAX_PHASES + 1), SPEC),
             ("--workload", "w" * (MAX_NAME + 1), SPEC),
             ("--censored", "discard", SPEC),  # no trace
             ("--expect", "restarts=0", SPEC), ("--expect", "hang-within=0", SPEC),
             ("--kubelet", "nope=1", SPEC)),
    lines=_line(_SUGGEST_OPTIONS, _SPECS))
TOOLS = {tool.command: tool for tool in (CHECK, RUN, WINDOWS, EXPLAIN, SUGGEST)}
_EACH = pytest.mark.parametrize("tool", list(TOOLS.values()), ids=list(TOOLS))


@_EACH
def test_every_field_of_the_tool_is_an_option_judged(tool: Tool) -> None:
    """Each place the model reads the command line (an argparse attribute) is an option the
    declarations judge, and no other: a field added to a tool is judged, or this fails."""
    assert {a.attr for a in tool.model.ARGS} == {o.attr for o in tool.options}


@_EACH
def test_a_plain_line_is_judged_without_the_model(tool: Tool) -> None:
    """The command lines the README, a CI job and the benchmarks run are within at once (else
    every such command builds the model), and the model takes them."""
    for argv in tool.plain:
        args = tool.parsed(*argv)
        assert tool.within(args), argv
        assert tool.accepts(args), argv


@pytest.mark.parametrize("tool, argv", [(tool, argv) for tool in TOOLS.values()
                                        for argv in tool.refused])
def test_what_the_declarations_do_not_pass_the_model_refuses_with_its_own_words(
        tool: Tool, argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    """Out of bounds: not plainly within, and `kubesim COMMAND` says what the model says (one
    line naming the flag, exit 2)."""
    line = tool.refused_line(argv)
    args = tool.parsed(*line)
    assert not tool.within(args)
    assert_refused_in_the_models_words(capsys, tool.model_of(args), args, [tool.command, *line])


@_EACH
def test_under_a_root_a_path_outside_it_goes_to_the_model(tool: Tool, tmp_path: Path) -> None:
    """`kubesim mcp --root`: a file outside the root is not plainly within; the model
    refuses it."""
    args = tool.parsed(tool.file)
    with reading_scope(tmp_path):
        assert not tool.within(args)
        assert not tool.accepts(args)


@_EACH
@settings(max_examples=examples(400))
@given(data=st.data(), rooted=st.booleans())
def test_what_the_declarations_pass_the_model_accepts(
        tool: Tool, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject,
        rooted: bool) -> None:
    """Any command line argparse takes: if the declarations pass it, the tool's model accepts
    it (on the command line, and under a root as `kubesim mcp` runs it)."""
    argv = data.draw(tool.lines, label="argv")
    args = tool.parsed(*argv)
    assume(args is not None)
    root = tmp_path_factory.getbasetemp() if rooted else None
    with reading_scope(root):
        if tool.within(args):
            assert tool.accepts(args), argv


def test_the_plain_bounds_are_within_the_fields() -> None:
    """The conservative bounds lie inside the models': the shortest text field (a name), the
    shortest list (check's --ignore)."""
    assert PLAIN_TEXT <= MAX_NAME
    assert PLAIN_ITEMS <= CheckInput.model_fields["ignore"].metadata[0].max_length


def test_no_record_and_a_live_name_go_to_the_model() -> None:
    """`kubesim explain` with no record at all, or a live cluster's name that is no file:
    the model judges."""
    assert not explain_plainly_within(EXPLAIN.parsed())
    assert not explain_plainly_within(EXPLAIN.parsed("pod/web-0"))


def test_a_suggest_expectation_goes_to_the_model() -> None:
    """`kubesim suggest --expect KIND=S`: the model reads its kinds and seconds (a plain one
    is accepted)."""
    args = SUGGEST.parsed(SPEC, "--expect", "survive-outage=120")
    assert not suggest_plainly_within(args)
    assert SUGGEST.accepts(args)


def test_the_suggest_duration_bound_is_the_models() -> None:
    """`kubesim suggest --duration` at the longest run the model takes is plain; past it,
    not."""
    assert suggest_plainly_within(SUGGEST.parsed(SPEC, "--duration", repr(float(MAX_DURATION))))
    assert not suggest_plainly_within(SUGGEST.parsed(SPEC, "--duration",
                                                     repr(MAX_DURATION * 2.0)))
