"""Streamed traces against the whole-file loader they replaced (`trace_reference.py`, the
previous `kubesim.behaviour.trace` kept verbatim): same answers, hold times, windows,
observations and errors, for random traces read in blocks as small as a few bytes."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import trace_reference as old  # tests/ is on sys.path (rootdir conftest)
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubesim.behaviour import trace_read
from kubesim.behaviour.trace import RestartMode, Trace, load_trace
from kubesim.errors import BehaviourError
from kubesim.spec.model import HandlerKind, Target

KEYS = ["/a", "/b", "tcp:8080"]
OUTCOMES = [{"status": 200}, {"status": 503}, {"status": 302}, {"error": "refused"},
            {"error": "timeout"}, {"exit_code": 1}, {"exit_code": 0, "grpc_status": "SERVING"},
            {"grpc_status": "NOT_SERVING"}, {"status": 200, "exit_code": 0},
            {"status": 302, "location": "/b"}, {"status": 200, "location": "/b"}, {}]
LATENCIES = st.one_of(st.integers(0, 5000), st.floats(0, 5000, allow_nan=False),
                      st.decimals(0, 5000, places=3).map(float),
                      st.sampled_from([0.0, -0.0, 1e-9, 2**31 / 1000, 3e9]))


def target(key: str) -> Target:
    return Target(HandlerKind.HTTP_GET, key, 8080, f"http://10.0.0.1:8080{key}")


@st.composite
def rows(draw: st.DrawFn) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    clock = {k: 0.0 for k in KEYS}
    for _ in range(draw(st.integers(1, 40))):
        key = draw(st.sampled_from(KEYS))
        clock[key] += draw(st.sampled_from([0, 0, 0.5, 1, 2.25])) or draw(
            st.floats(0, 30, allow_nan=False))
        outcome = dict(draw(st.sampled_from(OUTCOMES)))
        lat: Any = draw(LATENCIES)
        if outcome.get("error") == "timeout" and draw(st.booleans()):
            lat = None
        out.append({"t": clock[key], "target": key, **outcome, "latency_ms": lat})
    return out


def jsonl(recs: list[dict[str, Any]], meta: dict[str, Any] | None, blanks: bool) -> str:
    lines = [json.dumps({"meta": meta})] if meta is not None else []
    for i, r in enumerate(recs):
        keys = list(r)
        if i % 3 == 1:
            keys.reverse()
        lines.append(json.dumps({k: r[k] for k in keys}))
        if blanks and i % 4 == 2:
            lines.append("   ")
    return "\n".join(lines) + "\n"


def csv_text(recs: list[dict[str, Any]], meta: dict[str, Any] | None) -> str:
    cols = ["latency_ms", "target", "t", "status", "error", "exit_code", "grpc_status",
            "location"]
    head = [f"# meta: {json.dumps(meta)}"] if meta is not None else []

    def cell(v: Any) -> str:
        return "" if v is None else repr(v) if isinstance(v, float) else str(v)
    body = [",".join(cell(r.get(c)) if not (c == "latency_ms" and r[c] is None) else "inf"
                     for c in cols) for r in recs]
    return "\n".join([*head, "# a comment", ",".join(cols), *body]) + "\n"


META = st.one_of(st.none(), st.fixed_dictionaries(
    {"on_restart": st.sampled_from(["replay", "wall"]),
     "censored": st.sampled_from(["failure", "discard"])}))


def pair(text: str, tmp: Path, is_csv: bool, block: int,
         monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Trace]:
    path = tmp / ("t.csv" if is_csv else "t.jsonl")
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(trace_read, "BLOCK", block)
    return old.load_trace(str(path)), load_trace(str(path))


def old_quiet(tr: Any, key: str, at: float, started: float) -> tuple[Any, float]:
    """The sweep engine's hold time, computed on the whole-file trace's time lists."""
    lookup = tr.lookup_time(at, started)
    times = tr._times[key]
    import bisect
    j = bisect.bisect_right(times, lookup)
    if j >= len(times):
        return tr.answer(target(key), at, started, None), math.inf
    end = times[j] if tr.restart.value == "wall" else started + times[j] - 1e-6
    return tr.answer(target(key), at, started, None), end


def same(a: Any, b: Any) -> bool:
    """Equal, bit for bit (repr tells -0.0 from 0.0)."""
    return repr(a) == repr(b)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(recs=rows(), meta=META, blanks=st.booleans(), is_csv=st.booleans(),
       block=st.sampled_from([1, 7, 64, 1 << 20]),
       queries=st.lists(st.tuples(st.sampled_from(KEYS), st.floats(-5, 400, allow_nan=False),
                                  st.floats(0, 100, allow_nan=False)), min_size=1, max_size=25))
def test_streamed_answers_equal_whole_file_answers(
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
        recs: list[dict[str, Any]], meta: dict[str, Any] | None, blanks: bool, is_csv: bool,
        block: int, queries: list[tuple[str, float, float]]) -> None:
    text = csv_text(recs, meta) if is_csv else jsonl(recs, meta, blanks)
    tmp = tmp_path_factory.mktemp("s")
    try:
        ref = old.load_trace(str(_write(tmp, text, is_csv)))
    except BehaviourError as exc:  # e.g. an exit_code with an error: both refuse it alike
        with pytest.raises(BehaviourError) as got:
            pair(text, tmp, is_csv, block, monkeypatch)[1].targets  # noqa: B018
        assert (got.value.line, got.value.message) == (exc.line, exc.message)
        return
    _, new = pair(text, tmp, is_csv, block, monkeypatch)
    assert (new.restart, new.censored_mode) == (ref.restart, ref.censored_mode)
    for key, at, started in queries:  # in time order, then again from 0: a second replay
        if key not in ref.targets:
            with pytest.raises(BehaviourError, match="no observations for target"):
                new.answer(target(key), at, started, None)
            continue
        started = min(started, max(at, 0))
        want, want_end = old_quiet(ref, key, at, started)
        got, end = new.quiet(target(key), at, started)
        assert same(got, want) and same(end, want_end)
        assert same(new.answer(target(key), at, started, None), want)
    until = max((q[1] for q in queries), default=10)
    # windows read as far as every target seen so far has passed `until`: a target whose
    # first line comes later in the file is left out until the file has been read further
    assert set(new.windows(until)) <= set(ref.windows(until))
    assert new.targets == ref.targets
    assert new.windows(until) == ref.windows(until)
    for key in ref.targets:
        assert [same(a, b) for a, b in zip(new.observations(key), ref.observations(key),
                                           strict=True)] == [True] * len(ref.observations(key))
    for limit in (0.001, 0.5, 3.0):
        timeouts = dict.fromkeys(ref.targets, limit)
        assert _error_of(ref.check_censored, timeouts) == _error_of(new.check_censored, timeouts)


def _write(tmp: Path, text: str, is_csv: bool) -> Path:
    path = tmp / ("t.csv" if is_csv else "t.jsonl")
    path.write_text(text, encoding="utf-8")
    return path


def _error_of(fn: Any, *args: Any) -> tuple[int | None, str] | None:
    try:
        fn(*args)
    except BehaviourError as exc:
        return exc.line, exc.message
    return None


# ---------------------------------------------------------------- errors, as before

GOOD = '{"t": %s, "target": "/h", "status": 200, "latency_ms": 1.5}'
BAD_LINES = [
    '{"t": 1, "target": "/h", "status": 200}',
    '{"t": 1, "target": "/h", "status": 200, "latency_ms": 1, "colour": "red"}',
    '{"t": "1", "target": "/h", "status": 200, "latency_ms": 1}',
    '{"t": true, "target": "/h", "status": 200, "latency_ms": 1}',
    '{"t": NaN, "target": "/h", "status": 200, "latency_ms": 1}',
    '{"t": 1, "target": "", "status": 200, "latency_ms": 1}',
    '{"t": 1, "target": "/h", "status": 200.0, "latency_ms": 1}',
    '{"t": 1, "target": "/h", "status": 99, "latency_ms": 1}',
    '{"t": 1, "target": "/h", "status": 200, "latency_ms": null}',
    '{"t": 1, "target": "/h", "status": 200, "latency_ms": Infinity}',
    '{"t": 1, "target": "/h", "status": 200, "latency_ms": -1}',
    '{"t": 1, "target": "/h", "error": "nope", "latency_ms": 1}',
    '{"t": 1, "target": "/h", "error": "reset", "status": 500, "latency_ms": 1}',
    '{"t": 1, "target": "/h", "grpc_status": "OK", "latency_ms": 1}',
    '{"t": 1, "target": "/h", "exit_code": false, "latency_ms": 1}',
    '{"t": 1, "target": "/h", "latency_ms": 1}',
    '{"t": 1, "target": "/h", "status": 200, "latency_ms": [1]}',
    '{"t": 1, "target": {"x": 1}, "status": 200, "latency_ms": 1}',
    '{"meta": {}}',
    '[1, 2]',
    '{"t": 1, "target": "/h", "status": 200, "latency_ms": 1',
    '{"t": 0.5, "target": "/h", "status": 200, "latency_ms": 1}',  # goes back in time
    '{"t": 1, "target": "/h", "status": 200, "latency_ms": 1}, {"t": 2}',
]


@pytest.mark.parametrize("bad", BAD_LINES)
@pytest.mark.parametrize("where", [1, 500, 3000])
def test_a_bad_line_anywhere_gives_the_old_message(tmp_path: Path, bad: str, where: int) -> None:
    """Deep in a file, after fast blocks, the error is the per-line one with its line."""
    lines = [GOOD % (i + 1) for i in range(4000)]
    lines[where - 1] = bad
    text = "\n".join(lines) + "\n"
    path = _write(tmp_path, text, False)
    want = _error_of(old.load_trace, str(path))
    assert want is not None or where == 1  # a meta line or an early time is fine first
    got = _error_of(lambda p: load_trace(p).targets, str(path))
    assert got == want


def test_a_line_split_inside_a_string_is_not_glued_back(tmp_path: Path) -> None:
    """Two lines that are one valid object only if joined, plus one line with two objects:
    the count of objects matches, but the per-line check refuses line 1 as before."""
    a = '{"t": 1, "target": "}'
    b = '{", "status": 200, "latency_ms": 1}'
    two = '{"t": 2, "target": "/h", "status": 200, "latency_ms": 1}, ' + GOOD % 3
    path = _write(tmp_path, "\n".join([a, b, two]) + "\n", False)
    err = _error_of(lambda p: load_trace(p).targets, str(path))
    assert err is not None and err[0] == 1 and "malformed JSON" in err[1]


def test_crlf_bom_and_old_mac_breaks_number_lines_like_before(tmp_path: Path) -> None:
    body = [GOOD % 1, GOOD % 2, '{"t": 1, "target": "/h", "status": 999, "latency_ms": 1}']
    for sep in ("\r\n", "\r", "\n"):
        raw = ("\ufeff" + sep.join(body) + sep).encode()
        path = tmp_path / "t.jsonl"
        path.write_bytes(raw)
        err = _error_of(lambda p: load_trace(p).targets, str(path))
        assert err is not None and err[0] == 3 and "status must be an HTTP status" in err[1]


@pytest.mark.parametrize(("text", "says"), [
    ("t,target,status,latency_ms\n0,\"/h,200,1\n1,/h,200,1\n", "quoted cell must end"),
    ("t,target,status,latency_ms\n0,/h,200," + "9" * 200_000 + "\n", "longer than"),
])
def test_csv_cells_that_used_to_crash(tmp_path: Path, text: str, says: str) -> None:
    path = _write(tmp_path, text, True)
    err = _error_of(lambda p: load_trace(p).targets, str(path))
    assert err is not None and err[0] == 2 and says in err[1]


def test_csv_with_a_bom_reads_its_header(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_bytes("\ufefft,target,status,latency_ms\n0,/h,200,1\n".encode())
    assert load_trace(str(path)).targets == ["/h"]


# ---------------------------------------------------------------- reading only what is needed


def test_a_run_reads_only_up_to_what_it_asks(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A bad line past the first observation after the asked time is never read; asking
    further reaches it, and the error names it."""
    lines = [GOOD % i for i in range(2000)] + ['{"t": "late"}']
    path = _write(tmp_path, "\n".join(lines) + "\n", False)
    monkeypatch.setattr(trace_read, "BLOCK", 4096)
    tr = load_trace(str(path))
    ans, until = tr.quiet(target("/h"), 100.2, 0.0)
    assert ans.latency == 0.0015 and until == pytest.approx(101 - 1e-6)
    assert not tr._reader.eof  # type: ignore[union-attr]
    assert len(tr._series["/h"]) < 200
    with pytest.raises(BehaviourError) as err:
        tr.quiet(target("/h"), 5000, 0.0)
    assert err.value.line == 2001


def test_stdin_is_spooled_not_held(tmp_path: Path) -> None:
    """`-` reads standard input through a temporary file; a large trace on a pipe replays."""
    n = 200_000
    path = _write(tmp_path, "".join(GOOD % i + "\n" for i in range(n)), False)
    code = textwrap.dedent(f"""
        import resource, sys
        from kubesim.behaviour.trace import load_trace
        from kubesim.spec.model import HandlerKind, Target
        tr = load_trace("-")
        ans, end = tr.quiet(Target(HandlerKind.HTTP_GET, "/h", 80, "x"), {n - 2}.5, 0)
        obs = tr.lookup("/h", 7.5)
        print(end, obs.line, obs.t)
    """)
    with path.open("rb") as fh:
        out = subprocess.run([sys.executable, "-c", code], stdin=fh, capture_output=True,
                             text=True, check=True, cwd=Path(__file__).parent.parent,
                             env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)})
    assert out.stdout.split() == [repr(n - 1 - 1e-6), "8", "7.0"]  # replay: just before


def test_large_file_line_numbers_come_from_a_second_reading(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path, "\n\n".join(GOOD % i for i in range(3000)) + "\n", False)
    monkeypatch.setattr(trace_read.Source, "small", property(lambda self: False))
    tr = load_trace(str(path))
    assert tr._series["/h"].lines is None
    assert tr.lookup("/h", 10.0).line == 21
    assert [o.line for o in tr.observations("/h")[:3]] == [1, 3, 5]


def test_latencies_kept_compact_yet_exact() -> None:
    """Millisecond latencies with up to three decimals are stored as int32 microseconds;
    any other value switches the target to float64; the answers stay bit-identical."""
    from kubesim.behaviour.trace import parse_jsonl
    tr = parse_jsonl("\n".join(GOOD.replace("1.5", lat) % i
                               for i, lat in enumerate(["1.5", "0.001", "2147483.647"])))
    assert tr._series["/h"].scaled
    odd = parse_jsonl(GOOD % 0 + "\n" + GOOD.replace("1.5", "0.1234567") % 1)
    assert not odd._series["/h"].scaled
    assert odd.answer(target("/h"), 1, 0, None).latency == 0.1234567 / 1000
    assert odd.answer(target("/h"), 0, 0, None).latency == 1.5 / 1000
    assert np.array_equal(odd._series["/h"].latencies(), [1.5, 0.1234567])


def test_quiet_in_both_modes() -> None:
    from kubesim.behaviour.trace import parse_jsonl
    text = "\n".join(GOOD % t for t in (2, 5, 9))
    wall = parse_jsonl(text, restart=RestartMode.WALL)
    assert wall.quiet(target("/h"), 6, 4)[1] == 9
    assert wall.quiet(target("/h"), 9, 4)[1] == math.inf
    replay = parse_jsonl(text)
    assert replay.quiet(target("/h"), 6, 4)[1] == 4 + 5 - 1e-6  # lookup 2: held until t=5
    assert replay.quiet(target("/h"), 0, 0)[1] == 2 - 1e-6  # before the first: the first


# ---------------------------------------------------------------- mangled files


@st.composite
def mangled(draw: st.DrawFn, is_csv: bool = False) -> str:
    """A valid trace with random characters inserted, deleted or lines joined: the kind of
    damage that could fool a block parser into gluing two lines into one record (or, in CSV,
    into moving cells from one row to another)."""
    text = csv_text(draw(rows()), None) if is_csv else jsonl(draw(rows()), None, blanks=False)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "join"]))
        if op == "insert":
            text = text[:i] + draw(st.sampled_from(list('{}[],":\n 0.-e"\\#') + ["\r", "\t"])) \
                + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + 1:]
        else:
            j = text.find("\n", i)
            text = text if j < 0 else text[:j] + text[j + 1:]
    return text


# bounds on hostile input that the old whole-file loader lacked: a trace breaking one of them is
# refused with its own message, wherever the old loader found (or missed) another problem
NEW_BOUNDS = ("t must be at most", "target is ", "exit_code must be a 32-bit",
              "key ", "meta nests deeper")


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), is_csv=st.booleans(), block=st.sampled_from([16, 200, 1 << 20]))
def test_mangled_traces_are_judged_exactly_as_before(
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
        data: st.DataObject, is_csv: bool, block: int) -> None:
    text = data.draw(mangled(is_csv))
    path = _write(tmp_path_factory.mktemp("m"), text, is_csv)
    if is_csv and any(_quote_spans_lines(ln) for ln in text.splitlines()):
        # the old reader glued such lines into one row (a garbled row, or a crash); now it
        # is an error naming the line
        monkeypatch.setattr(trace_read, "BLOCK", block)
        assert _error_of(lambda p: load_trace(p).targets, str(path)) is not None
        return
    monkeypatch.setattr(trace_read, "BLOCK", block)
    got = _error_of(lambda p: load_trace(p).targets, str(path))
    if got is not None and got[1].startswith(NEW_BOUNDS):
        return  # a bound the old loader did not have (issue: hostile input)
    try:
        ref = old.load_trace(str(path))
    except BehaviourError as exc:
        assert got == (exc.line, exc.message)
        return
    except (ValueError, OverflowError, RecursionError):
        return  # the old loader crashed here; the new one gives one line (tested above)
    monkeypatch.setattr(trace_read, "BLOCK", block)
    new = load_trace(str(path))
    assert new.targets == ref.targets
    for key in ref.targets:
        assert repr(new.observations(key)) == repr(ref.observations(key))


def _quote_spans_lines(line: str) -> bool:
    import csv
    try:
        next(csv.reader([line], strict=True), None)
    except csv.Error as exc:
        return "unexpected end of data" in str(exc)
    return False


def test_a_second_replay_reads_nothing_again(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A phase sweep replays the same trace from t=0 many times: the first run reads as far
    as it needs, the later ones only look up the columns already read."""
    from kubesim import load_spec, simulate
    spec = Path(__file__).resolve().parent.parent / "probe_specs" / "seed_skeleton.yaml"
    lines = []
    for i in range(40_000):
        for key in ("/livez", "/readyz"):
            status = 503 if key == "/readyz" and 100 <= i * 0.05 < 160 else 200
            lines.append(json.dumps({"t": round(i * 0.05, 6), "target": key,
                                     "status": status, "latency_ms": 1.25}))
    path = _write(tmp_path, "\n".join(lines) + "\n", False)
    monkeypatch.setattr(trace_read, "BLOCK", 64 << 10)
    steps = []
    real_step = trace_read.Reader.step
    monkeypatch.setattr(trace_read.Reader, "step",
                        lambda self: steps.append(1) or real_step(self))
    pod, trace = load_spec(str(spec)), load_trace(str(path))
    first = simulate(pod, trace, duration=300, seed=1)
    read = len(steps)
    assert 2 < read and not trace._reader.eof  # type: ignore[union-attr]  # not the whole file
    again = simulate(pod, trace, duration=300, seed=1)
    assert len(steps) == read
    assert again.summary() == first.summary() and first.ready  # same run, same answers
