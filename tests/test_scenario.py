"""Synthetic scenarios: format, validation messages, precedence, outages, stalls, latencies."""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from kubesim.behaviour.answer import Answer, AnswerError, Behaviour
from kubesim.behaviour.scenario import Scenario, load_scenario, stalled
from kubesim.errors import BehaviourError
from kubesim.spec.model import HandlerKind, Target

HERE = Path(__file__).parent / "behaviour"
HEALTHZ = Target(HandlerKind.HTTP_GET, "/healthz", 8080, "http://10.0.0.1:8080/healthz")
LIVEZ = Target(HandlerKind.HTTP_GET, "/livez", 8080, "http://10.0.0.1:8080/livez")
TCP = Target(HandlerKind.TCP_SOCKET, "tcp:8080", 8080, "tcp://10.0.0.1:8080")
EXEC = Target(HandlerKind.EXEC, "exec:cat /tmp/healthy", None, "exec:cat /tmp/healthy")


def rng(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)


@pytest.fixture(scope="module")
def example() -> Scenario:
    return load_scenario(str(HERE / "scenario.yaml"))


def scenario(text: str) -> Scenario:
    return Scenario.from_dict(yaml.safe_load(text))


def load_error(tmp_path: Path, text: str) -> BehaviourError:
    path = tmp_path / "s.yaml"
    path.write_text(text)
    with pytest.raises(BehaviourError) as info:
        load_scenario(str(path))
    assert info.value.source == str(path)
    return info.value


# ---------------------------------------------------------------- format


def test_example_loads(example: Scenario) -> None:
    assert isinstance(example, Behaviour)
    assert example.description == "DB outage of 90 s at t=60"
    assert example.shutdown_seconds() == 0.5
    assert example.source.endswith("scenario.yaml")


def test_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("targets: {/h: {answer: {status: 418}}}\n"))
    sc = load_scenario("-")
    assert sc.source == "<stdin>"
    assert sc.answer(Target(HandlerKind.HTTP_GET, "/h", 80, ""), 0, 0, rng()).status == 418


def test_empty_scenario_is_healthy() -> None:
    sc = Scenario.from_dict({})
    assert sc.answer(HEALTHZ, 5, 0, rng()) == Answer()
    assert sc.windows(100) == [] and sc.stall_end(3, 0) == 3 and sc.shutdown_seconds() == 0


# ---------------------------------------------------------------- precedence and outages


@pytest.mark.parametrize(("at", "started", "expected"), [
    (1.0, 0.0, Answer(error=AnswerError.REFUSED)),           # since_start beats default
    (10.0, 0.0, Answer(latency=0.002)),                       # default answer
    (60.0, 0.0, Answer(status=503, latency=0.003)),           # db down (from inclusive)
    (150.0, 0.0, Answer(latency=0.002)),                      # db up again (to exclusive)
    (61.0, 60.0, Answer(error=AnswerError.REFUSED)),          # since_start beats dependency
    (310.0, 0.0, Answer(status=500)),                         # wall window
    (311.0, 310.0, Answer(error=AnswerError.REFUSED)),        # since_start beats wall window
])
def test_precedence(example: Scenario, at: float, started: float, expected: Answer) -> None:
    assert example.answer(HEALTHZ, at, started, rng()) == expected


def test_since_start_is_per_container(example: Scenario) -> None:
    for started in (0.0, 45.0, 200.0):
        assert example.answer(HEALTHZ, started + 2.4, started, rng()).error is AnswerError.REFUSED
        assert example.answer(HEALTHZ, started + 2.5, started, rng()).error is None


def test_dependency_outage_is_shared_on_the_wall_clock(example: Scenario) -> None:
    for started in (0.0, 50.0, 100.0):
        assert example.answer(HEALTHZ, 100.0 + 5, started, rng()).status == 503


def test_star_and_implicit_defaults(example: Scenario) -> None:
    assert example.answer(EXEC, 70, 0, rng()) == Answer()
    assert Scenario.from_dict({"targets": {"/x": {}}}).answer(HEALTHZ, 0, 0, rng()) == Answer()


def test_default_when_down_fails_every_handler() -> None:
    sc = Scenario.from_dict({"dependencies": {"db": {"down": [{"from": 0, "to": None}]}},
                             "targets": {"*": {"depends_on": ["db"]}}})
    ans = sc.answer(EXEC, 1e6, 0, rng())
    assert (ans.status, ans.exit_code, ans.grpc_status) == (503, 1, "NOT_SERVING")


def test_error_timeout_never_answers() -> None:
    sc = scenario("targets: {/healthz: {answer: {error: timeout}}}")
    assert sc.answer(HEALTHZ, 0, 0, rng()) == Answer(error=AnswerError.TIMEOUT, latency=math.inf)


def test_windows_are_wall_clock_and_clipped(example: Scenario) -> None:
    got = [(w.start, w.end, w.label) for w in example.windows(410)]
    assert got == [(30, 32, "stall (since start)"), (60, 150, "db down"), (120, 122, "stall"),
                   (300, 320, "/healthz: status 500"), (400, 410, "stall")]
    assert [w.label for w in example.windows(100)] == ["stall (since start)", "db down"]


# ---------------------------------------------------------------- stalls


def test_request_during_stall_is_answered_after_it(example: Scenario) -> None:
    assert example.answer(HEALTHZ, 121.0, 0, rng()).latency == pytest.approx(1.003)  # db down
    assert example.answer(HEALTHZ, 31.0, 0, rng()).latency == pytest.approx(1.002)
    assert example.answer(HEALTHZ, 231.0, 200.0, rng()).latency == pytest.approx(1.002)


def test_request_in_flight_is_delayed_by_the_stall() -> None:
    sc = scenario("targets: {/healthz: {answer: {latency_ms: 1000}}}\n"
                  "stalls: [{from: 10, to: 12}]")
    assert sc.answer(HEALTHZ, 9.5, 0, rng()).latency == pytest.approx(3.0)
    assert sc.answer(HEALTHZ, 9.0, 0, rng()).latency == pytest.approx(1.0)  # arrives at 10


def test_hang_never_answers(example: Scenario) -> None:
    assert example.answer(HEALTHZ, 500, 0, rng()).latency == math.inf
    assert example.stall_end(500, 0) == math.inf


def test_tcp_is_not_stalled_by_default(example: Scenario) -> None:
    assert example.answer(TCP, 121.0, 0, rng()).latency == 0.0
    assert example.answer(TCP, 500.0, 0, rng()).latency == 0.0


def test_stall_kinds_override() -> None:
    sc = scenario("stalls: [{from: 10, to: 12, kinds: [tcpSocket]}]")
    assert sc.answer(TCP, 11, 0, rng()).latency == pytest.approx(1.0)
    assert sc.answer(HEALTHZ, 11, 0, rng()).latency == 0.0


def test_stall_end(example: Scenario) -> None:
    assert example.stall_end(121, 0) == 122 and example.stall_end(119, 0) == 119
    assert example.stall_end(131, 100) == 132
    back_to_back = scenario("stalls: [{from: 1, to: 2}, {from: 2, to: 3}]")
    assert back_to_back.stall_end(1.5, 0) == 3


# ---------------------------------------------------------------- distributions


@pytest.mark.parametrize(("spec", "mean"), [
    ({"distribution": "constant", "value": 5}, 5.0),
    ({"distribution": "uniform", "low": 2, "high": 6}, 4.0),
    ({"distribution": "normal", "mean": 10, "sd": 2}, 10.0),
    ({"distribution": "lognormal", "median": 2, "sigma": 0.6}, 2 * math.exp(0.18)),
    ({"distribution": "exponential", "mean": 3}, 3.0),
    ({"distribution": "empirical", "values": [1, 2, 3, 10]}, 4.0),
])
def test_distribution_means(spec: dict[str, Any], mean: float) -> None:
    sc = Scenario.from_dict({"targets": {"/livez": {"answer": {"latency_ms": spec}}}})
    r = rng(42)
    draws = [sc.answer(LIVEZ, 0, 0, r).latency * 1000 for _ in range(20000)]
    assert np.mean(draws) == pytest.approx(mean, rel=0.03)
    assert min(draws) >= 0


def test_same_seed_same_answers(example: Scenario) -> None:
    def run(seed: int) -> list[float]:
        r = rng(seed)
        return [example.answer(LIVEZ, t, 0, r).latency for t in range(50)]
    assert run(7) == run(7) and run(7) != run(8)


def test_constant_latency_does_not_draw(example: Scenario) -> None:
    r = rng(3)
    example.answer(HEALTHZ, 10, 0, r)
    assert r.random() == rng(3).random()


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(("text", "line", "field", "says"), [
    ("targetz: {}\n", 1, "targetz", "unknown field targetz; allowed: description"),
    ("targets:\n  /h:\n    answr: {}\n", 3, 'targets["/h"].answr', "allowed: answer, depends_on"),
    ("targets:\n  /h:\n    answer: {status: 700}\n", 3, 'targets["/h"].answer.status',
     "100-599"),
    ("targets:\n  /h:\n    answer:\n      status: 200\n      error: refused\n", 3,
     'targets["/h"].answer', "either an error or status"),
    ("targets:\n  /h:\n    answer: {error: boom}\n", 3, 'targets["/h"].answer.error',
     "'refused', 'timeout', 'reset' or 'error'"),
    ("dependencies: {cache: {}}\ntargets:\n  /h:\n    depends_on:\n      - cache\n      - db\n",
     6, 'targets["/h"].depends_on[1]', "unknown dependency db; dependencies: cache"),
    ("dependencies:\n  db:\n    down:\n      - {from: 60, to: 50}\n", 4,
     "dependencies.db.down[0]", "to (50) must be after from (60)"),
    ("stalls:\n  - {from: -1, to: 5}\n", 2, "stalls[0].from", "greater than or equal to 0"),
    ("stalls:\n  - {from: 1, duration: 5}\n", 2, "stalls[0]", "either {from, to}"),
    ("stalls:\n  - {from: 1, to: 2, kinds: [http]}\n", 2, "stalls[0].kinds[0]",
     "'httpGet', 'tcpSocket', 'exec' or 'grpc'"),
    ("targets:\n  /h:\n    answer:\n      latency_ms: {distribution: gamma}\n", 4,
     'targets["/h"].answer.latency_ms', "'constant', 'uniform', 'normal', 'lognormal'"),
    ("targets:\n  /h:\n    answer:\n      latency_ms: {distribution: uniform, low: 3, high: 2}\n",
     4, 'targets["/h"].answer.latency_ms', "high (2) must be >= low (3)"),
    ("targets:\n  /h:\n    answer:\n      latency_ms: {distribution: uniform, low: 1}\n", 4,
     'targets["/h"].answer.latency_ms.high', "missing required field 'high'"),
    ("targets:\n  /h:\n    answer:\n      latency_ms: {distribution: lognormal, median: 0,"
     " sigma: 1}\n", 4, 'targets["/h"].answer.latency_ms.median', "greater than 0"),
    ("targets:\n  /h:\n    answer:\n      latency_ms: fast\n", 4,
     'targets["/h"].answer.latency_ms', "a number of milliseconds or a mapping"),
    ("targets:\n  /h:\n    answer: {error: timeout, latency_ms: 5}\n", 3,
     'targets["/h"].answer', "never answers"),
    ("shutdown_seconds: '1'\n", 1, "shutdown_seconds", "valid number"),
])
def test_errors_name_file_line_field(tmp_path: Path, text: str, line: int, field: str,
                                     says: str) -> None:
    err = load_error(tmp_path, text)
    assert (err.line, err.field) == (line, field)
    assert says in err.message and err.message.startswith(field + ": ")


@pytest.mark.parametrize(("text", "says"), [
    ("", "exactly one YAML document; this one is empty"),
    ("a: 1\n---\nb: 2\n", "has 2 documents"),
    ("- 1\n", "a scenario is a mapping"),
    ("targets: [\n", "malformed YAML"),
])
def test_file_level_errors(tmp_path: Path, text: str, says: str) -> None:
    assert says in load_error(tmp_path, text).message


# ---------------------------------------------------------------- properties

spans = st.lists(st.tuples(st.floats(0, 100, allow_nan=False), st.floats(0.001, 20)),
                 max_size=5).map(lambda xs: sorted((s, s + d) for s, d in xs))


@given(spans, st.floats(0, 120, allow_nan=False), st.floats(0, 10, allow_nan=False))
def test_stalled_answer_reaches_past_every_stall_it_meets(
        sp: list[tuple[float, float]], at: float, latency: float) -> None:
    ans = stalled(Answer(latency=latency), at, sp)
    arrival = at + ans.latency
    assert ans.latency >= latency
    for s, e in sp:
        if s <= at < e:
            assert arrival >= e  # sent during a stall: answered after it ends
        assert not s < arrival < e or ans.latency == latency  # never arrives inside a stall


@given(st.floats(0, 100, allow_nan=False), st.floats(0.01, 50), st.floats(0, 200),
       st.floats(0, 5))
def test_scenario_stall_delay_never_shortens(start: float, length: float, at: float,
                                             ms: float) -> None:
    sc = Scenario.from_dict({"targets": {"*": {"answer": {"latency_ms": ms}}},
                             "stalls": [{"from": start, "to": start + length}]})
    ans = sc.answer(HEALTHZ, at, 0, rng())
    assert ans.latency >= ms / 1000
    if start <= at < start + length:
        assert at + ans.latency >= start + length
    assert sc.answer(TCP, at, 0, rng()).latency == ms / 1000


def test_a_wall_clock_stall_freezes_only_the_process_running_when_it_begins() -> None:
    """A restarted container is a new process: a hang that began before it started does
    not stall it (a `since_start` stall would)."""
    from kubesim.spec.model import HandlerKind, Target

    sc = Scenario.from_dict({"stalls": [{"from": 10, "to": None}]})
    target = Target(HandlerKind.HTTP_GET, "/livez", 8000, "http://10.0.0.10:8000/livez")
    rng = np.random.default_rng(0)
    assert math.isinf(sc.answer(target, 12, 0.0, rng).latency)
    assert sc.answer(target, 42, 40.0, rng).latency == 0
    assert sc.stall_end(12, 0.0) == math.inf and sc.stall_end(42, 40.0) == 42


def test_exit_rules_give_the_earliest_due_exit() -> None:
    sc = Scenario.from_dict({"dependencies": {"db": {"down": [{"from": 10, "to": 20}]}},
                             "exit": [{"while_down": "db", "after_seconds": 2},
                                      {"after_seconds": 50, "oom": True}]})
    assert sc.exit_at(0) == (10, 1, False)  # db goes down 10 s into the first container
    assert sc.exit_at(15) == (17, 1, False)  # started while down: 2 s in
    assert sc.exit_at(19) == (69, 137, True)  # db back before 2 s in: the OOM kill
    assert not sc.exits_on_probe()
    one = Scenario.from_dict({"exit": {"on_first_probe": "/readyz", "code": 0}})
    assert one.exits_on_probe() and one.exit_on_probe("/readyz") == (0, False)
    assert one.exit_at(0) is None and one.exit_on_probe("/livez") is None


@pytest.mark.parametrize(("text", "expected"), [
    ("exit: {code: 3}\n", "exit: an exit needs after_seconds, while_down or on_first_probe"),
    ("exit:\n  - {while_down: db}\n", "exit[0].while_down: unknown dependency db"),
    ("exit: {after_seconds: 1, oom: true, code: 1}\n", "give code or oom, not both"),
    ("exit: {on_first_probe: /h, after_seconds: 1}\n", "on_first_probe takes no after_seconds"),
    ("exit: {after_seconds: 1, signal: 9}\n", "unknown field signal"),
])
def test_exit_rule_errors_name_the_field(tmp_path: Path, text: str, expected: str) -> None:
    err = load_error(tmp_path, text)
    assert expected in str(err)
    assert err.line is not None


def test_the_defaults_built_at_import_are_what_validation_makes() -> None:
    """The scenario module builds its defaults without validating them (`model_construct`:
    a model validated at import builds its own validator, start-up time): each is what
    validating its fields gives, to the type of every value (`0.0`, not `0`) and the fields
    set."""
    from kubesim.behaviour import scenario as sc

    built = [(sc.AnswerSpec.model_fields["latency_ms"].default,
              sc.Constant(distribution="constant", value=0)),
             (sc.TargetSpec.model_fields["answer"].default, sc.AnswerSpec()),
             (sc.TargetSpec.model_fields["when_down"].default,
              sc.AnswerSpec(status=503, exit_code=1, grpc_status="NOT_SERVING")),
             (Scenario.from_dict({}).target_spec("/any"), sc.TargetSpec()),
             (sc._NO_RULES, sc.ContainerRules())]
    for made, validated in built:
        assert (repr(made), made.model_fields_set) == (repr(validated),
                                                        validated.model_fields_set)
