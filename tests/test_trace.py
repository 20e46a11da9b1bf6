"""Recorded traces: parsing, validation messages, lookups, restart and censored modes."""

from __future__ import annotations

import io
import itertools
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kubesim.behaviour.answer import Answer, AnswerError, Behaviour
from kubesim.behaviour.trace import (
    CensoredMode,
    Observation,
    RestartMode,
    Trace,
    load_trace,
    parse_csv,
    parse_jsonl,
)
from kubesim.errors import BehaviourError
from kubesim.spec.model import HandlerKind, Target

HERE = Path(__file__).parent / "behaviour"
RNG = np.random.default_rng(0)


def http(path: str) -> Target:
    return Target(HandlerKind.HTTP_GET, path, 8080, f"http://10.0.0.1:8080{path}")


def line(t: float, target: str = "/healthz", **fields: object) -> str:
    import json
    rec = {"t": t, "target": target, "latency_ms": 1, **fields}
    if "error" not in rec and "exit_code" not in rec and "grpc_status" not in rec:
        rec.setdefault("status", 200)
    return json.dumps(rec)


def error_of(text: str, csv: bool = False) -> BehaviourError:
    with pytest.raises(BehaviourError) as info:
        (parse_csv if csv else parse_jsonl)(text, "t.jsonl")
    return info.value


# ---------------------------------------------------------------- parsing


def test_jsonl_fixture_parses_meta_and_kinds() -> None:
    tr = load_trace(str(HERE / "trace.jsonl"))
    assert isinstance(tr, Behaviour)
    assert tr.targets == ["/healthz", "/livez", "exec:cat /tmp/healthy", "grpc:9090"]
    assert tr.meta["source"] == "staging" and tr.shutdown_seconds() == 0.25
    assert tr.restart is RestartMode.REPLAY and tr.censored_mode is CensoredMode.FAILURE
    assert tr.lookup("exec:cat /tmp/healthy", 5).to_answer().exit_code == 1
    assert tr.lookup("grpc:9090", 5).to_answer().grpc_status == "NOT_SERVING"
    assert tr.lookup("/healthz", 3).to_answer() == Answer(error=AnswerError.TIMEOUT,
                                                          latency=math.inf)
    assert tr.lookup("/healthz", 2).line == 6


def test_csv_fixture_comments_meta_and_empty_cells() -> None:
    tr = load_trace(str(HERE / "trace.csv"))
    assert tr.restart is RestartMode.WALL and tr.censored_mode is CensoredMode.DISCARD
    assert tr.lookup("/healthz", 1.6) == Observation(1.5, 0.4, error=AnswerError.REFUSED, line=5)
    assert tr.lookup("exec:cat /tmp/healthy", 2).exit_code == 1
    assert tr.lookup("/healthz", 9).latency_ms == math.inf


def test_explicit_arguments_override_meta() -> None:
    tr = load_trace(str(HERE / "trace.csv"), restart=RestartMode.REPLAY,
                    censored=CensoredMode.REJECT)
    assert tr.restart is RestartMode.REPLAY and tr.censored_mode is CensoredMode.REJECT


def test_stdin_is_sniffed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("t,target,status,latency_ms\n0,/h,200,1\n"))
    tr = load_trace("-")
    assert tr.source == "<stdin>" and tr.targets == ["/h"]
    monkeypatch.setattr("sys.stdin", io.StringIO(line(0) + "\n"))
    assert load_trace("-").targets == ["/healthz"]


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(("text", "where", "says"), [
    ("{nope", 1, "malformed JSON"),
    ("[1, 2]", 1, "must be a JSON object"),
    (line(0, colour="red"), 1, "unknown key 'colour'; allowed: t, target"),
    ('{"t": 0, "target": "/h", "status": 200}', 1, "missing 'latency_ms'"),
    (line(0, latency_ms=-1), 1, "latency_ms must be a finite number >= 0"),
    (line("0"), 1, "t must be a finite number"),
    (line(0, status=700), 1, "status must be an HTTP status code 100-599"),
    (line(0, status=True), 1, "status must be an HTTP status code"),
    (line(0, error="boom"), 1, "error must be one of refused, timeout, reset, error"),
    (line(0, status=200, error="refused"), 1, "either an error or an answer"),
    (line(0, grpc_status="OK"), 1, "grpc_status must be one of SERVING"),
    (line(0, latency_ms=None), 1, "null only with error \"timeout\""),
    (line(0) + "\n" + line(0, target=5), 2, "target must be a non-empty string"),
    (line(0) + '\n{"meta": {}}', 2, "meta must come once, before the first observation"),
    ('{"meta": {"on_restart": "later"}}\n' + line(0), 1, "must be one of replay|wall"),
    ('{"meta": {"censored": "maybe"}}\n' + line(0), 1, "failure|discard|reject"),
    ('{"meta": [1]}', 1, "meta must be an object"),
])
def test_jsonl_errors_name_file_line_and_allowed(text: str, where: int, says: str) -> None:
    err = error_of(text)
    assert err.source == "t.jsonl" and err.line == where
    assert says in err.message
    assert str(err).startswith(f"t.jsonl:{where}: ")


def test_time_going_back_names_both_lines() -> None:
    text = "\n".join([line(1), line(4.5, target="/livez"), line(2), line(4.5), line(3.0)])
    err = error_of(text)
    assert err.line == 5
    assert err.message == ('t=3 goes back in time for target "/healthz"; t must not decrease '
                           "(previous 4.5 on line 4)")


def test_time_per_target_may_interleave() -> None:
    tr = parse_jsonl("\n".join([line(5, target="/a"), line(1, target="/b"), line(5, target="/b")]))
    assert tr.targets == ["/a", "/b"]


@pytest.mark.parametrize("text", ["", "\n\n", '{"meta": {"source": "x"}}\n'])
def test_empty_trace_is_an_error(text: str) -> None:
    assert "empty trace" in error_of(text).message


@pytest.mark.parametrize(("text", "where", "says"), [
    ("t,target,latency_ms,colour\n", 1, "unknown column 'colour'"),
    ("t,target,status\n", 1, "header lacks column 'latency_ms'"),
    ("# c\nt,target,status,latency_ms\n0,/h,200\n", 3, "expected 4 cells"),
    ("t,target,status,latency_ms\n0,/h,ok,1\n", 2, "status must be an integer"),
    ("t,target,status,latency_ms\nsoon,/h,200,1\n", 2, "t must be a number"),
    ("t,target,status,latency_ms\n0,/h,200,\n", 2, "missing 'latency_ms'"),
    ("t,target,status,latency_ms\n0,/h,200,inf\n", 2, "latency_ms must be a finite"),
    ("t,target,status,latency_ms\n0,/h,200,1\n# meta: {}\n", 3, "meta must come once"),
    ("# meta: {oops\nt,target,status,latency_ms\n", 1, "malformed JSON in meta"),
])
def test_csv_errors(text: str, where: int, says: str) -> None:
    err = error_of(text, csv=True)
    assert err.line == where and says in err.message


def test_missing_file() -> None:
    with pytest.raises(BehaviourError, match="no such file"):
        load_trace("/nonexistent/trace.jsonl")


# ---------------------------------------------------------------- lookups


def three_step(restart: RestartMode = RestartMode.REPLAY) -> Trace:
    obs = [Observation(2, 1, status=200), Observation(5, 2, status=503),
           Observation(9, 3, status=200)]
    return Trace({"/healthz": obs, "/livez": [Observation(0, 1, status=200)]}, restart=restart)


@pytest.mark.parametrize(("t", "status"), [(0, 200), (2, 200), (4.99, 200), (5, 503),
                                           (8, 503), (9, 200), (1e9, 200)])
def test_sample_and_hold(t: float, status: int) -> None:
    assert three_step().answer(http("/healthz"), t, 0.0, RNG).status == status


def test_latency_is_seconds() -> None:
    assert three_step().answer(http("/healthz"), 6, 0, RNG).latency == pytest.approx(0.002)


def test_replay_restarts_from_the_trace_start() -> None:
    tr = three_step(RestartMode.REPLAY)
    assert tr.answer(http("/healthz"), 106, 100, RNG).status == 503  # age 6
    assert tr.answer(http("/healthz"), 103, 100, RNG).status == 200  # age 3


def test_wall_continues_on_the_wall_clock() -> None:
    tr = three_step(RestartMode.WALL)
    assert tr.answer(http("/healthz"), 6, 5.5, RNG).status == 503
    assert tr.answer(http("/healthz"), 103, 100, RNG).status == 200


def test_unknown_target_lists_known_ones() -> None:
    tr = three_step()
    with pytest.raises(BehaviourError) as info:
        tr.check_targets(["/healthz", "/readyz"])
    assert info.value.message == ('trace has no observations for target "/readyz" '
                                  "(it has: /healthz, /livez)")
    with pytest.raises(BehaviourError, match="/readyz"):
        tr.answer(http("/readyz"), 0, 0, RNG)


def test_windows_and_behaviour_defaults() -> None:
    tr = three_step()
    assert [(w.start, w.end, w.label) for w in tr.windows(7)] == [(5, 7, "/healthz failing")]
    assert tr.stall_end(3.0, 0.0) == 3.0 and tr.shutdown_seconds() == 0.0


def test_constructor_rejects_empty_and_unsorted() -> None:
    with pytest.raises(BehaviourError, match="empty trace"):
        Trace({})
    with pytest.raises(BehaviourError, match="not in time order"):
        Trace({"/h": [Observation(2, 1, status=200), Observation(1, 1, status=200)]})


# ---------------------------------------------------------------- censored timeouts


def censored_trace() -> Trace:
    text = "\n".join([line(0), line(1, error="timeout", latency_ms=2000), line(2),
                      line(3, error="timeout", latency_ms=351), line(0, target="/b",
                                                                     error="timeout",
                                                                     latency_ms=100)])
    return parse_jsonl(text, "rec.jsonl")


def test_censored_answer() -> None:
    ans = censored_trace().answer(http("/healthz"), 3.5, 0, RNG)
    assert ans == Answer(error=AnswerError.TIMEOUT, latency=0.351, censored=True)


def test_check_censored_names_first_offending_line() -> None:
    tr = censored_trace()
    tr.check_censored({"/healthz": 0.3, "/b": 0.1})  # all censored latencies reach the timeout
    with pytest.raises(BehaviourError) as info:
        tr.check_censored({"/healthz": 1.0})
    assert info.value.line == 4 and str(info.value).startswith("rec.jsonl:4: ")
    assert info.value.message.startswith(
        "timeout after 351 ms says nothing about a 1 s probe timeout")
    assert "client timeout of at least 1 s or use --censored failure|discard" in str(info.value)
    with pytest.raises(BehaviourError) as first:
        tr.check_censored({"/healthz": 3.0, "/b": 1.0})
    assert first.value.line == 2


# ---------------------------------------------------------------- properties

times = st.lists(st.floats(0, 1000, allow_nan=False), min_size=1, max_size=30).map(sorted)


@given(times, st.floats(-10, 2000, allow_nan=False), st.floats(0, 500, allow_nan=False),
       st.sampled_from(list(RestartMode)))
def test_lookup_is_latest_at_or_before_else_first(ts: list[float], at: float, started: float,
                                                  mode: RestartMode) -> None:
    obs = [Observation(t, float(i), status=200, line=i + 1) for i, t in enumerate(ts)]
    tr = Trace({"/h": obs, "/other": [Observation(0, 99, status=500)]}, restart=mode)
    lt = tr.lookup_time(at, started)
    got = tr.lookup("/h", lt)
    assert got in obs
    if lt < ts[0]:
        assert got is obs[0]
    else:
        assert got.t <= lt and all(o.t > lt for o in obs[obs.index(got) + 1:])
        assert obs.index(got) == max(i for i, o in enumerate(obs) if o.t <= lt)
    assert tr.answer(http("/h"), at, started, RNG) == got.to_answer()


@given(st.lists(st.tuples(st.floats(0, 100, allow_nan=False), st.sampled_from(["/a", "/b"])),
                min_size=1, max_size=20))
def test_jsonl_accepts_exactly_per_target_monotonic_input(rows: list[tuple[float, str]]) -> None:
    text = "\n".join(line(t, target=k) for t, k in rows)
    ok = all(t2 >= t1 for k in ("/a", "/b")
             for t1, t2 in itertools.pairwise([t for t, kk in rows if kk == k]))
    if ok:
        tr = parse_jsonl(text)
        assert sum(len(tr.observations(k)) for k in tr.targets) == len(rows)
    else:
        with pytest.raises(BehaviourError, match="goes back in time"):
            parse_jsonl(text)


def test_process_exit_lines_are_exits_not_targets() -> None:
    from kubesim.behaviour.trace import parse_jsonl

    text = ('{"t": 0, "target": "/livez", "status": 200, "latency_ms": 1}\n'
            '{"t": 9, "target": "process:oomkilled", "exit_code": 137, "latency_ms": 0}\n'
            '{"t": 4, "target": "process:exit", "exit_code": 0, "latency_ms": 0}\n')
    tr = parse_jsonl(text)
    assert tr.targets == ["/livez"]
    assert tr.exit_at(100) == (104, 0, False)  # replay: the first exit, at that age
    wall = parse_jsonl(text, restart="wall")
    assert wall.exit_at(0) == (4, 0, False) and wall.exit_at(4) == (9, 137, True)
    assert wall.exit_at(9) is None
    with pytest.raises(BehaviourError, match="exit_code only") as info:
        parse_jsonl(text.replace('"exit_code": 0', '"status": 200'))
    assert info.value.line == 3
