"""kubesim.testing and its strategies always make tests that end: open-ended outages and
hangs count until the probes have acted on them, strategy times are bounded, and
reproductions go to a private folder."""

from __future__ import annotations

import math
import os
import stat
import tempfile
from pathlib import Path

import pytest
from helpers import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import kubesim.testing as kt
from kubesim import Scenario, simulate
from kubesim.behaviour.horizon import MARGIN_SECONDS
from kubesim.spec.model import ProbedContainer, parse_container
from kubesim.testing import (
    ProbeExpectationError,
    assert_no_restart,
    detection_seconds,
    suggested_duration,
)
from kubesim.testing import strategies as ks

HANG_AT = 200.0


def pod(period: int, failures: int, timeout: int, grace: int, delay: int = 0
        ) -> ProbedContainer:
    return ProbedContainer(parse_container({"name": "app", "livenessProbe": {
        "httpGet": {"path": "/livez", "port": 8080}, "periodSeconds": period,
        "failureThreshold": failures, "timeoutSeconds": timeout,
        "initialDelaySeconds": delay}}), termination_grace_period_seconds=grace)


HANGS = [
    Scenario.from_dict({"stalls": [{"from": HANG_AT, "to": None}]}),
    Scenario.from_dict({"stalls": [{"since_start": HANG_AT, "duration": None}]}),
    Scenario.from_dict({"dependencies": {"db": {"down": [{"from": HANG_AT, "to": None}]}},
                        "targets": {"/livez": {"depends_on": ["db"]}}}),
]


@pytest.mark.parametrize("scenario", HANGS, ids=["stall", "since-start", "outage"])
def test_an_open_ended_window_lasts_until_detection_not_a_billion_seconds(
        scenario: Scenario) -> None:
    p = pod(period=7, failures=4, timeout=2, grace=12)
    got = suggested_duration(scenario, pod=p)
    assert got == HANG_AT + detection_seconds(p) + MARGIN_SECONDS
    assert got < 1000  # was ~1e9: a property test over such a hang never ended
    assert suggested_duration(scenario) < 1000  # without a pod: the default probe's


@settings(max_examples=examples(25), deadline=None)
@given(period=st.integers(1, 20), failures=st.integers(1, 6), timeout=st.integers(1, 5),
       grace=st.integers(0, 60), delay=st.integers(0, 30), phase=st.floats(0, 1))
@example(period=1, failures=2, timeout=3, grace=0, delay=0, phase=0.0)  # was 0.02 s over
@example(period=1, failures=1, timeout=1, grace=0, delay=0, phase=0.0)
def test_the_kubelet_kills_a_hung_container_within_detection_seconds(
        period: int, failures: int, timeout: int, grace: int, delay: int, phase: float) -> None:
    """R1.7: the first call comes at most initialDelaySeconds and a period after the hang;
    R1.12, R1.17: the F-th consecutive timeout (back to back when timeoutSeconds >=
    periodSeconds) sets Failure; R4.3: the kill starts one sync hop later, after at most
    two PLEG relists; R4.4, R4.5: the container is stopped at the end of the grace period,
    2 s at least. `detection_seconds` is that sum (no slack of its own), so the bound the
    suggested duration relies on holds at every grid phase."""
    p = pod(period, failures, timeout, grace, delay)
    hang = HANGS[0]
    duration = suggested_duration(hang, pod=p)
    timeline = simulate(p, hang, duration=duration, seed=1, phase=phase * period)
    assert timeline.kills, "the hang was never acted on within the suggested duration"
    kill = timeline.kills[0]
    assert kill.stopped_at is not None
    assert kill.stopped_at <= HANG_AT + detection_seconds(p)


def test_assert_no_restart_over_a_hang_ends_quickly() -> None:
    """docs/testing.md's case: a property test over a hang (`to: null`) must finish."""
    with pytest.raises(ProbeExpectationError) as info:
        assert_no_restart(pod(10, 3, 1, 30), HANGS[0], phases=3)
    assert info.value._run.duration < 1000


@settings(max_examples=examples(60), deadline=None)
@given(scenario=ks.scenarios(), p=ks.pods())
def test_generated_scenarios_always_have_a_finite_bounded_duration(
        scenario: Scenario, p: ProbedContainer) -> None:
    """With the default bounds (open-ended outages and hangs included), every generated test
    has a duration of at most the bounds plus the detection time and the margin."""
    got = suggested_duration(scenario, pod=p)
    assert math.isfinite(got)
    assert got <= 600 + max(300, 60, 30, detection_seconds(p)) + MARGIN_SECONDS + 1e-6


@settings(max_examples=examples(20), deadline=None)
@given(trace=ks.traces())
def test_generated_traces_have_a_bounded_duration(trace: object) -> None:
    assert suggested_duration(trace) <= 10 * ks.MAX_SECONDS  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs", [{"max_start": 1e12}, {"max_outage": 1e7},
                                    {"max_stall": 86_401.0}])
def test_strategy_bounds_above_a_day_are_refused(kwargs: dict[str, float]) -> None:
    with pytest.raises(InvalidArgument, match="so that every generated test ends"):
        ks.scenarios(**kwargs).validate()


def test_reproductions_go_to_a_private_folder(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Not `$TMPDIR/kubesim-repro/`: another user could create it first (or a symlink to a
    file of ours). A planted symlink at the old path is left alone."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(kt, "_REPRO_DIR", None)
    victim = tmp_path / "victim"
    victim.mkdir()
    (tmp_path / "kubesim-repro").symlink_to(victim)
    scenario = Scenario.from_dict({"stalls": [{"from": 50, "to": None}]})
    with pytest.raises(ProbeExpectationError) as info:
        assert_no_restart(pod(10, 3, 1, 30), scenario, phases=[0.0], duration=200)
    command = info.value.command
    assert list(victim.iterdir()) == []
    written = [Path(w) for w in command.split() if w.startswith(str(tmp_path))]
    assert len(written) == 2  # the spec and the scenario
    folder = written[0].parent
    assert folder.name.startswith("kubesim-repro-") and folder.name != "kubesim-repro-"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert folder.stat().st_uid == os.getuid()
    assert all(w.parent == folder and stat.S_IMODE(w.stat().st_mode) == 0o600
               for w in written)
