"""`kubesim explain` on synthetic records made from kubesim runs (tests/explain_synth.py):
the run is known, so explain must recover it. Each record format is checked (events JSON in
both APIs, describe text with kubectl's truncated ages, Prometheus counters), and a property
test holds the round trip over random probe settings and outages: the kills explain reads
are the run's kills, each at a time the record allows, and replaying the record reproduces
them (kubelet-rules R1.17, R4.6-R4.13)."""

from __future__ import annotations

import explain_synth as synth
import pytest
from helpers import CLASSIC, http, pod, run, scenario
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.readers.read import parse_record
from kubesim.results import ProbeType


def _case(period: int = 10, failures: int = 3, delay: int = 0, start: float = 40.0,
          length: float = 250.0, duration: float = 600.0, seed: int = 0):
    p = pod(livenessProbe=http("/livez", periodSeconds=period, failureThreshold=failures,
                               initialDelaySeconds=delay))
    sc = scenario(targets={"/livez": {"windows": [{"from": start, "to": start + length,
                                                   "answer": {"status": 500}}]}})
    return p, run(p, sc, duration=duration, profile=CLASSIC, seed=seed)


def _explain(text: str, p, **options):
    return explain_records([parse_record(text, "<synthetic>")],
                   ExplainOptions(spec=(p,), suggest=False, **options))


def _kills(c):
    return [k for k in c.kills if k.cause == "liveness"]


FORMATS = {
    "events-v1": lambda tl, p, now: synth.events_v1(tl, "web-1"),
    "events.k8s.io": lambda tl, p, now: synth.events_k8s_io(tl, "web-1"),
    "describe": lambda tl, p, now: synth.describe(tl, p, now),
}


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_crash_loop_is_read_back_from_each_format(fmt):
    p, tl = _case()
    assert len(tl.kills) >= 5  # the run: a liveness crash loop with back-off
    ex = _explain(FORMATS[fmt](tl, p, 600.0), p)
    c = ex.containers[0]
    assert c.diagnosis_kind == "liveness-kill"
    assert len(_kills(c)) == len(tl.kills)
    failing = sum(1 for x in tl.probes if x.probe is ProbeType.LIVENESS
                  and x.result.value == "failure")
    assert sum(s.count for s in c.streaks if s.probe is ProbeType.LIVENESS) == failing
    assert c.replay.verdict == "reproduced", c.replay.comparison
    assert c.back_offs is not None and c.back_offs.count > 0


def test_both_event_apis_give_the_same_explanation():
    p, tl = _case()
    a = _explain(synth.events_v1(tl, "web-1"), p).to_data()
    b = _explain(synth.events_k8s_io(tl, "web-1"), p).to_data()
    for doc in (a, b):
        doc.pop("inputs")
        for c in doc["containers"]:
            for s in c["streaks"] + c["kills"]:
                s.pop("evidence")
            for r in c["restarts"]:
                r.pop("evidence")
    assert a == b


def test_exact_times_pin_each_kill():
    """Events JSON carries exact times (RFC 3339, to the second): the first and last kill
    are read at the run's times, on an axis whose zero is the newest timestamp."""
    import math
    p, tl = _case()
    c = _explain(synth.events_v1(tl, "web-1"), p).containers[0]
    kills = _kills(c)
    newest = max(math.floor(synth.BASE + e.at) for e in tl.events)
    for mine, truth in ((kills[0], tl.kills[0]), (kills[-1], tl.kills[-1])):
        expected = math.floor(synth.BASE + truth.at) - newest
        assert mine.at.lo == mine.at.hi == expected
        assert mine.at.epoch == math.floor(synth.BASE + truth.at)


def test_prometheus_counters_give_failure_runs_without_events():
    p, tl = _case()
    text = synth.prometheus(tl, "web-1", "app", step=15.0, until=600.0)
    c = _explain(text, p).containers[0]
    runs = [s for s in c.streaks if s.source == "metrics"]
    failing = sum(1 for x in tl.probes if x.probe is ProbeType.LIVENESS
                  and x.result.value == "failure")
    assert sum(s.count for s in runs) == failing
    assert len(runs) >= 2  # the back-off waits separate the runs
    assert c.diagnosis_kind == "cannot-tell"  # counters show failures, not kills


def test_describe_ages_are_read_within_their_precision():
    p, tl = _case(duration=900.0)
    now = 900.0
    c = _explain(synth.describe(tl, p, now), p).containers[0]
    first = _kills(c)[0].at
    truth = tl.kills[0].at - now
    assert first.lo <= truth <= first.hi + 1e-6


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(period=st.integers(1, 12), failures=st.integers(1, 5), delay=st.integers(0, 15),
       start=st.floats(5, 120), length=st.floats(5, 400), seed=st.integers(0, 50),
       fmt=st.sampled_from(sorted(FORMATS)))
def test_round_trip_over_random_settings(period, failures, delay, start, length, seed, fmt):
    duration = start + length + 400.0
    p, tl = _case(period, failures, delay, start, length, duration, seed)
    ex = _explain(FORMATS[fmt](tl, p, duration), p)
    c = ex.containers[0]
    assert len(_kills(c)) == len(tl.kills)
    if tl.kills:
        assert c.diagnosis_kind == "liveness-kill"
        assert c.replay.ran
        # the run is one draw of the kubelet's randomness (requeue jitter after back-off
        # waits, R4.14): the verdict allows what that spans, and says so. describe's ages
        # are coarse (to the minute past 10 min): the replay may then only partly match, and
        # must say that the record's precision is why
        if fmt == "describe" and c.replay.verdict != "reproduced":
            assert c.replay.verdict == "partly", c.replay.comparison
            assert any("only to within" in m for m in c.replay.missing), c.replay.missing
            return
        assert c.replay.verdict == "reproduced", c.replay.comparison
        lo, hi = c.replay.kills.lo, c.replay.kills.hi
        if not lo <= len(tl.kills) <= hi:
            assert any("agree within what the record and the kubelet allow" in x
                       for x in c.replay.comparison)
    else:
        assert c.diagnosis_kind in ("no-kill", "nothing", "readiness-only"), c.diagnosis
