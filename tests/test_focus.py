"""Where the run's picture and HTML page open (kubesim/render/focus.py): the stretch of the
run that holds its first kill, the app's outages and stalls, the Ready changes after the first
Ready, an eventful start-up and the pod's end, with a margin; the whole run when nothing of
that happened or when it covers more than half the run."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from kubesim import Scenario, load_scenario, load_spec, simulate, to_document
from kubesim.render.focus import interesting_moments, interesting_stretch
from kubesim.render.plot import check_document, plot_meta

REPO = Path(__file__).resolve().parent.parent
UNIFIED = REPO / "probe_specs" / "seed_unified_healthz.yaml"
OUTAGE = REPO / "traces" / "seed_db_outage.scenario.yaml"


def document(spec: Path, behaviour, duration: float, **kw) -> dict:
    pod = load_spec(str(spec))
    tl = simulate(pod, behaviour, duration=duration, seed=0, **kw)
    return json.loads(json.dumps(to_document(tl, meta=plot_meta(pod, behaviour, duration))))


def test_an_hour_opens_on_the_outage_its_kills_and_the_ready_changes() -> None:
    """The seed's outage is 60-150 s (the scenario file) and the slowest probe is liveness
    every 10 s (the spec file): the stretch starts two periods before the outage."""
    doc = document(UNIFIED, load_scenario(str(OUTAGE)), 3600)
    s = interesting_stretch(doc)
    assert not s.whole
    assert s.start == 60 - 2 * 10
    first_kill = min(k["at"] for k in doc["kills"])
    (outage,) = doc["run"]["windows"]
    assert (outage["start"], outage["end"]) == (60, 150)
    assert s.start < outage["start"] and outage["end"] < s.end and s.start < first_kill < s.end
    after_first = doc["ready"][1:]
    assert len(after_first) == 2 and all(s.start < r["at"] < s.end for r in after_first)
    # Ready again at 153 s, after the outage: the stretch ends two periods after that
    assert after_first[-1]["at"] > 150 and s.end >= after_first[-1]["at"] + 2 * 10
    assert s.end <= max(150, after_first[-1]["at"]) + max(0.1 * (s.end - s.start), 20) + 1e-6
    assert "db down 60-150 s" in s.reasons and any("first kill" in r for r in s.reasons)
    assert s.end - s.start < 3600 / 2
    # the start-up went well (first Ready at 0.3 s, no failure before): not part of it
    assert doc["ready"][0]["ready"] and doc["ready"][0]["at"] < s.start


def test_a_quiet_run_is_shown_whole() -> None:
    doc = document(UNIFIED, Scenario.from_dict({}), 3600)
    assert interesting_stretch(doc) == (0.0, 3600.0, True, ("nothing happened after the start",))


def test_a_run_never_ready_is_shown_whole() -> None:
    never = Scenario.from_dict({"targets": {"/readyz": {"answer": {"status": 503}}}})
    doc = document(REPO / "probe_specs" / "seed_skeleton.yaml", never, 600)
    assert doc["summary"]["first_ready_at"] is None
    s = interesting_stretch(doc)
    assert (s.start, s.end, s.whole) == (0.0, 600.0, True)


def test_outages_far_apart_show_the_whole_run() -> None:
    """Two outages 50 minutes apart: a stretch holding both is most of the hour."""
    two = Scenario.from_dict({"dependencies": {"db": {"down": [{"from": 60, "to": 150},
                                                               {"from": 3000, "to": 3100}]}},
                              "targets": {"/healthz": {"depends_on": ["db"]}}})
    doc = document(UNIFIED, two, 3600)
    assert len(doc["run"]["windows"]) == 2
    s = interesting_stretch(doc)
    assert (s.start, s.end, s.whole) == (0.0, 3600.0, True)
    assert [r for r in s.reasons if "db down" in r] == ["db down 60-150 s", "db down 3000-3100 s"]


def test_an_eventful_start_up_is_part_of_the_stretch() -> None:
    """The seed's slow start: refused before 2.5 s, so the startup probe fails before the
    first Ready; the stretch starts at 0."""
    doc = document(REPO / "probe_specs" / "seed_slow_startup_budget.yaml",
                   load_scenario(str(REPO / "traces" / "seed_slow_startup.scenario.yaml")), 60,
                   phase=0.25)
    first_ready = doc["summary"]["first_ready_at"]
    assert any(p["result"] == "failure" and p["at"] < first_ready for p in doc["probes"])
    s = interesting_stretch(doc)
    assert s.start == 0.0 and s.end > first_ready and not s.whole
    assert any(r.startswith("start-up") for r in s.reasons)


def test_a_deletion_late_in_the_run_is_the_stretch() -> None:
    """A pod deleted at 3000 s of an hour: from the request to the last container stopped."""
    deleted = Scenario.from_dict({"delete": {"at": 3000, "grace_seconds": 20}})
    doc = document(REPO / "examples" / "seed-app" / "deployment.yaml", deleted, 3600)
    stopped = max(c["stopped_at"] for c in doc["termination"]["containers"])
    s = interesting_stretch(doc)
    assert not s.whole and s.start < 3000 < stopped < s.end
    assert "deleted 3000 s" in s.reasons


# -- the rule's invariants, on any run document ---------------------------------------------

@st.composite
def run_documents(draw) -> dict:
    """Run documents with outages, kills and Ready changes anywhere in the run."""
    duration = draw(st.floats(10, 100_000))
    at = st.floats(0, duration)
    period = draw(st.integers(1, 60))
    windows = []
    for start in draw(st.lists(at, max_size=3)):
        end = draw(st.floats(start, duration))
        windows.append({"start": start, "end": end, "label": "db down"})
    changes = sorted(draw(st.lists(at, max_size=6)))
    ready = [{"at": t, "ready": i % 2 == 0} for i, t in enumerate(changes)]
    kills = [{"at": t, "probe": "liveness", "stopped_at": None}
             for t in draw(st.lists(at, max_size=2))]
    doc = {"kubesim": 1, "run": {"duration": duration, "windows": windows,
                                 "probe_specs": {"liveness": {"periodSeconds": period}}},
           "probes": [], "ready": ready, "kills": kills, "events": [], "restarts": [],
           "containers": [{"restart_count": 0, "running_at": 0.0, "started_at": 0.0,
                           "ended_at": None}], "summary": {}}
    return check_document(doc)


@given(run_documents())
def test_the_stretch_holds_every_moment_within_the_run(doc) -> None:
    duration = doc["run"]["duration"]
    period = doc["run"]["probe_specs"]["liveness"]["periodSeconds"]
    s = interesting_stretch(doc)
    moments = list(interesting_moments(doc))
    assert 0 <= s.start < s.end <= duration
    if s.whole:
        assert (s.start, s.end) == (0.0, duration)
        if moments:  # only when a stretch holding them would be more than half the run
            lo, hi = min(m.start for m in moments), max(m.end for m in moments)
            assert hi - lo + 2 * max(0.1 * (hi - lo), 2 * period, 1) > duration / 2
        return
    assert moments and s.end - s.start <= duration / 2
    lo, hi = min(m.start for m in moments), max(m.end for m in moments)
    # every moment inside, with two probe periods (or up to the run's edge) on each side
    assert s.start <= max(0.0, lo - 2 * period) + 1e-6
    assert s.end >= min(duration, hi + 2 * period) - 1e-6
