"""Builders for engine tests: pods from camelCase dicts, scenarios, an ideal kubelet.

Like the kubelet's own `common_test.go`: fast defaults unless a test says otherwise.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kubesim import (
    HEALTHY,
    Behaviour,
    ProbedContainer,
    ProbeType,
    Scenario,
    Timeline,
    profile_from,
    simulate,
)
from kubesim.render.report import render_json, to_document
from kubesim.spec.model import parse_container

# The real public inputs the project is checked against live beside the repository (they do
# not ship): tests that read them skip when they are absent, with a message that names no
# path outside the repository (conftest.py fails a skip reason that does).
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
REAL_MANIFESTS = CORPUS / "real-manifests"
needs_real_manifests = pytest.mark.skipif(
    not REAL_MANIFESTS.is_dir(), reason="the real-manifest corpus is not present")


def assert_same_document(got: Timeline, want: Timeline) -> None:
    """`render_json(got) == render_json(want)`, judged on the documents' compact JSON first:
    json.dumps writes an indented document with its pure-Python encoder (several times the C
    encoder's time: as long as a differential example's two runs), and the indented text is
    the compact one's tokens with whitespace between them, so the two are equal exactly when
    these are. When they differ, the indented texts are compared, for pytest's readable
    difference."""
    if json.dumps(to_document(got)) != json.dumps(to_document(want)):
        assert render_json(got) == render_json(want)
        raise AssertionError("the documents differ only where render_json's text cannot")


def examples(ci: int) -> int:
    """How many examples a property or fuzz test with its own count runs: `ci` under the `ci`
    profile (HYPOTHESIS_PROFILE=ci, as .ci/run sets it: never fewer than the count itself),
    scaled by the loaded profile's max_examples against ci's elsewhere: about a quarter in
    `dev`, the default (at least 10, or `ci` when that is fewer), more in `soak`."""
    from hypothesis import settings

    scale = settings.default.max_examples / settings.get_profile("ci").max_examples
    return max(round(ci * scale), min(ci, 10))


IDEAL = profile_from(ideal=True)
CLASSIC = profile_from()
LEGACY = profile_from("legacy")


def parsed_quietly(command: str, *argv: str) -> Any:
    """The namespace argparse makes of `kubesim COMMAND ARGV`, or None where argparse refuses
    the line (its message swallowed): the bounds tests judge only lines a model would see."""
    import contextlib
    import io

    from kubesim.cli.main import parse
    with contextlib.redirect_stderr(io.StringIO()):
        try:
            args, _ = parse([command, *argv])
        except SystemExit:  # argparse refused it: no model is asked
            return None
    return args


def model_accepts(model: Any, args: Any) -> bool:
    """Whether a tool's input model (`model.from_args`) takes the parsed command line."""
    from kubesim.errors import UsageError
    try:
        model.from_args(args)
    except UsageError:
        return False
    return True


def flag_option(flag: str, values: Any) -> Any:
    """A strategy of one `--flag=value` word, its value drawn from `values` (the bounds
    tests' command lines)."""
    return values.map(lambda v: [f"{flag}={v}"])


def assert_refused_in_the_models_words(capsys: Any, model: Any, args: Any,
                                       argv: list[str]) -> None:
    """A command line the declarations do not pass: the tool's model refuses it, and
    `kubesim ARGV` says exactly the model's words on one line, exit 2."""
    from kubesim.cli.main import main
    from kubesim.errors import UsageError
    with pytest.raises(UsageError) as refused:
        model.from_args(args)
    assert main(argv) == 2
    assert capsys.readouterr().err == f"kubesim: error: {refused.value}\n"


def http(path: str = "/livez", **fields: Any) -> dict[str, Any]:
    """An httpGet probe on the named port `http` (8000), period 1 s unless given."""
    return {"httpGet": {"path": path, "port": "http"}, "periodSeconds": 1, **fields}


def pod(*, restart_policy: str = "Always", grace: int = 30, sidecar: bool = False,
        ports: list[dict[str, Any]] | None = None, **probes: dict[str, Any]) -> ProbedContainer:
    """A pod whose container declares `startupProbe=...`, `livenessProbe=...` etc."""
    data = {"name": "app", "ports": ports or [{"name": "http", "containerPort": 8000}], **probes}
    return ProbedContainer(parse_container(data, sidecar=sidecar),
                           termination_grace_period_seconds=grace,
                           restart_policy=restart_policy)  # type: ignore[arg-type]


def mesh_pod() -> ProbedContainer:
    """A pod of three containers (the fast scheduler's jumps over pods of any shape): an app
    with liveness and readiness probes, a native-sidecar proxy with a readiness probe on its
    own port, and a worker without probes."""
    from kubesim.spec.model import ContainerSpec

    app = ContainerSpec.model_validate({
        "name": "app", "ports": [{"containerPort": 8080}],
        "livenessProbe": {"httpGet": {"path": "/livez", "port": 8080}, "periodSeconds": 10},
        "readinessProbe": {"httpGet": {"path": "/readyz", "port": 8080}, "periodSeconds": 5}})
    proxy = ContainerSpec.model_validate({
        "name": "proxy", "sidecar": True, "ports": [{"containerPort": 15021}],
        "readinessProbe": {"httpGet": {"path": "/ready", "port": 15021}, "periodSeconds": 5}})
    return ProbedContainer(container=app, others=(proxy, ContainerSpec(name="worker")),
                           position=1)


def scenario(**data: Any) -> Scenario:
    """A Scenario from keyword arguments (`targets=...`, `stalls=...`)."""
    return Scenario.from_dict(data)


def run(p: ProbedContainer, behaviour: Behaviour = HEALTHY, *, phase: float = 0.0,
        duration: float = 60.0, profile: Any = IDEAL, seed: int = 0) -> Timeline:
    """Simulate with the ideal kubelet and a pinned grid unless told otherwise; every
    container's records (the whole pod)."""
    return simulate(p, behaviour, duration=duration, seed=seed, profile=profile, phase=phase,
                    whole_pod=True)


def starts(tl: Timeline, probe_type: ProbeType, container: int | None = None) -> list[float]:
    """Start times of the probes of one type (of one container instance)."""
    return [round(r.at, 6) for r in tl.probes
            if r.probe is probe_type and (container is None or r.container == container)]


def results(tl: Timeline, probe_type: ProbeType) -> list[str]:
    """The outcomes of the probes of one type, in order."""
    return [r.result.value for r in tl.probes if r.probe is probe_type]


def cli(capsys: Any, *argv: str) -> tuple[int, str, str]:
    """Run `kubesim ARGV` in-process: (exit code, stdout, stderr). argparse's own exits
    (usage errors, `--help`) come back as their code, like the other exits."""
    from kubesim.cli.main import main
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- a GitHub runner's log parser

# the workflow commands GitHub's runner registers (actions/runner, src/Runner.Worker:
# ActionCommandManager and its command extensions)
RUNNER_COMMANDS = {"stop-commands", "set-env", "set-output", "save-state", "add-mask", "add-path",
                   "add-matcher", "remove-matcher", "warning", "error", "notice", "debug",
                   "group", "endgroup", "echo"}


def _runner_unescape(value: str, table: list[tuple[str, str]]) -> str:
    for token, escaped in table:
        value = value.replace(escaped, token)
    return value


# ActionCommand.cs: the unescape order is the escape table's order, `%25` last
_DATA_UNESCAPE = [("\r", "%0D"), ("\n", "%0A"), ("%", "%25")]
_PROPERTY_UNESCAPE = [("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C"), ("%", "%25")]
_V1_UNESCAPE = [(";", "%3B"), ("\r", "%0D"), ("\n", "%0A"), ("]", "%5D"), ("%", "%25")]


def runner_commands(log: str) -> list[tuple[str, dict[str, str], str]]:
    """The workflow commands GitHub's runner would execute in a step's output: the output
    split into lines as .NET's ReadLine does (CR, LF, CR LF), each line parsed as
    ActionCommand.TryParseV2 (`::name k=v,...::data` after leading white space) and else
    TryParse (`##[name k=v;...]data` anywhere in the line). (name, properties, data)."""
    found = []
    for line in re.split(r"\r\n|\r|\n", log):
        message = line.lstrip()
        if message.startswith("::") and (end := message.find("::", 2)) >= 0:
            info = message[2:end]
            name, _, props = info.partition(" ")
            if name.lower() in RUNNER_COMMANDS:
                properties = {}
                for pair in (p for p in props.strip().split(",") if p):
                    key, sep, value = pair.partition("=")
                    if key and sep and value:
                        properties[key] = _runner_unescape(value, _PROPERTY_UNESCAPE)
                found.append((name.lower(), properties,
                              _runner_unescape(message[end + 2:], _DATA_UNESCAPE)))
                continue
        start = line.find("##[")
        if start >= 0 and (close := line.find("]", start)) >= 0:
            info = line[start + 3:close]
            name, _, props = info.partition(" ")
            if name.lower() in RUNNER_COMMANDS:
                properties = {}
                for pair in (p for p in props.split(";") if p):
                    key, sep, value = pair.partition("=")
                    if key and sep and value:
                        properties[key] = _runner_unescape(value, _V1_UNESCAPE)
                found.append((name.lower(), properties,
                              _runner_unescape(line[close + 1:], _V1_UNESCAPE)))
    return found


def patient_mcp_client() -> None:
    """Give `kubesim mcp` the time a loaded machine needs to exit before the MCP SDK's stdio
    client abandons it. The client waits 2 s after closing the server's stdin, 2 s after
    SIGTERM and 2 s for the event loop to see the kill, then gives up on the process: the
    abandoned `subprocess.Popen`, still running, is reported by Python as a ResourceWarning
    wherever its garbage collection falls, in a later test that has nothing to do with it
    (seen in CI under test_fields). kubesim mcp exits a fraction of a second after its stdin
    closes on an idle machine; on a loaded 2-core one it has taken over 2 s. The suite's
    own hang bound applies instead of the SDK's."""
    import mcp.client.stdio as stdio

    stdio.PROCESS_TERMINATION_TIMEOUT = 60.0
    stdio.FORCE_KILL_TIMEOUT = 10.0
    stdio._KILL_REAP_TIMEOUT = 30.0


def read_in_one_pass(text: str) -> None:
    """A hostile line's record is read, or refused with a RecordError, and nothing else: the
    time it takes is bounded by the suite's timeout (no timing asserted)."""
    from kubesim.errors import RecordError
    from kubesim.explain.readers.read import parse_record

    try:
        record = parse_record(text, "r.txt")
    except RecordError:
        return
    assert record is not None


def kill_bounds(kills: dict[str, Any]) -> dict[str, Any]:
    """A probe-kill range's bounds from explain's JSON, without the reason it carries
    (`because`): what the corpus facts and the tests hold it to."""
    return {"min": kills["min"], "max": kills["max"]}

@functools.lru_cache(maxsize=None)
def explain_cli(*argv: str) -> tuple[int, str, str]:
    """`kubesim ARGV` in this process, once a process for the same words: (exit code, stdout,
    stderr). Only for files no test changes while the suite runs (the corpus of real records,
    tests/data/explain/real): several test files explain the same record with the same flags
    (test_explain_corpus.py each record, the wrapper tests each drawn record again, bare, to
    compare with its wrapped copy), and a worker that runs several of them explained it again
    each time. The outcome is three immutable strings, so no test can spoil another's."""
    import contextlib
    import io

    from kubesim.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def explained_kills(tmp_path: Path, text: str, pod: str | None = None) -> dict[str, Any]:
    """The probe-kill range (its bounds) `explain` gives the one container of the record
    `text`, through the command line's JSON (one grid phase, no suggestion; `--pod` where
    given)."""
    import contextlib
    import io

    from kubesim.cli.main import main

    record = tmp_path / "r.txt"
    record.write_text(text)
    out = io.StringIO()
    args = ["explain", str(record), "--format", "json", "--no-suggest", "--phases", "1"]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(args + (["--pod", pod] if pod else []))
    assert code == 0
    [container] = json.loads(out.getvalue())["containers"]
    return kill_bounds(container["answer"]["probe_kills"])



def explained_answer(text: str, pod: str | None = None, container: str | None = None) -> Any:
    """The one container's answer (`Diagnosis`) of `explain` on the record `text` (of `pod`
    and `container` where given, as --pod and --container ask): one grid phase, no
    suggestion (what the explain tests of a reader's rule ask of a record)."""
    from kubesim.explain.engine import ExplainOptions, explain_records
    from kubesim.explain.readers.read import parse_record

    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(
        suggest=False, phases=1, pod=pod, container=container))
    [container] = ex.containers
    assert container.answer is not None
    return container.answer


def assert_ended_untold(text: str) -> None:
    """The case's container ended, what ended it and how often not told (a restart or a stop
    stated in prose): cannot-tell, no probe failure, kills {0, null}, failures shown."""
    from kubesim.explain.model import Cause, CountRange

    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), (), True)


def assert_oom_killed(text: str) -> None:
    """The case's container OOMKilled, no probe failed (the OOM rule): oom-killed, kills
    {0, 0}, failures shown."""
    from kubesim.explain.model import Cause, CountRange

    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


def assert_one_kill(text: str, probe: Any, container: str | None = None) -> None:
    """One kill at least of `probe` (a liveness or startup ProbeType), which failed: its kill
    cause, kills {1, null}, failures shown, that probe alone failed (R4.4)."""
    from kubesim.explain.model import CountRange

    a = explained_answer(text, container=container)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (_kill_cause(probe), CountRange(1, None), True, (probe,))


def assert_no_kill(text: str) -> None:
    """Refused, or read with no probe's kill and no probe failed."""
    from kubesim.errors import RecordError
    from kubesim.explain.model import Cause

    try:
        a = explained_answer(text)
    except RecordError:
        return
    kills = (Cause.LIVENESS_KILL, Cause.STARTUP_KILL)
    assert a.cause not in kills and a.failed == (), (a.cause, a.failed)


def _kill_cause(probe: Any) -> Any:
    """The cause a kill by `probe` is (a liveness or a startup probe's)."""
    from kubesim.explain.model import Cause
    from kubesim.spec.model import ProbeType

    return {ProbeType.LIVENESS: Cause.LIVENESS_KILL, ProbeType.STARTUP: Cause.STARTUP_KILL}[probe]


def assert_not_a_record(text: str) -> None:
    """The page is refused: no record explain reads (RecordError)."""
    import pytest

    from kubesim.errors import RecordError
    from kubesim.explain.readers.read import parse_record

    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def assert_no_end(text: str) -> None:
    """No end read: the page refused, or answered with nothing shown (a bare name's)."""
    from kubesim.errors import RecordError

    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert not a.shows_failures


_DIRECTORIES = re.compile(r"(?:/[^/\s:]+)+/")


def own_length(line: str) -> int:
    """A message's length without the folders of the paths it names: a clone's location
    (`/check/work/main/...`, pytest's tmp folders) is the user's, not kubesim's wording."""
    return len(_DIRECTORIES.sub("", line))


def answer_unless_refused(text: str) -> Any:
    """The one container's answer of `explain` on `text`, or None where the page is refused
    ("not a record explain reads"): the negative side of a prose rule's tests asks that the
    rule reads nothing, whether the page is then refused or read for something else."""
    from kubesim.errors import RecordError
    from kubesim.explain.readers.read import parse_record

    try:
        record = parse_record(text, "r.txt")
    except RecordError:
        return None
    assert record is not None
    return explained_answer(text)


def note_texts(doc: Any, starts: tuple[str, ...] = ("line ", "not read")) -> list[str]:
    """Every note's text in explain's JSON `doc` (at any depth) that starts with one of
    `starts`: a reading note cites its line (`line N: ...`, `not read: ...`)."""
    texts: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "text" and isinstance(value, str) and value.startswith(starts):
                    texts.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)
    walk(doc)
    return texts
