"""The fleet's figures and reports in time near-linear in the replicas (issue 31 item 3):
each faster form gives what the plain one gave."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim.fleet.capacity import most_together


def _plain(kills: list[tuple[float, int]], window: float) -> int:
    """The definition: over every kill at t0, the distinct replicas killed in [t0, t0+w)."""
    return max((len({i for at, i in kills if t0 <= at < t0 + window}) for t0, _ in kills),
               default=0)


kills_strategy = st.lists(st.tuples(st.sampled_from([0.0, 0.5, 1.0, 2.0, 2.5, 10.0, 30.0]) |
                                    st.floats(0, 100, allow_nan=False),
                                    st.integers(0, 6)), max_size=40)


@settings(max_examples=300, deadline=None)
@given(kills_strategy, st.sampled_from([0.0, 0.5, 1.0, 5.0, 30.0]) | st.floats(0, 50))
def test_most_together_counts_what_the_definition_counts(kills, window):
    kills = sorted(kills)
    assert most_together(kills, window) == _plain(kills, window)


def test_the_streamed_json_is_the_document_json_dumps_gives(tmp_path):
    from pathlib import Path

    from kubesim import load_spec
    from kubesim.behaviour.scenario import load_scenario
    from kubesim.fleet.run import simulate_fleet
    from kubesim.fleet.settings import FleetSettings, LoadModel
    from kubesim.render.fleet_report import fleet_document, iter_fleet_json

    root = Path(__file__).resolve().parents[1]
    pod = load_spec(str(root / "probe_specs" / "seed_unified_healthz.yaml"))
    outage = load_scenario(str(root / "traces" / "seed_db_outage.scenario.yaml"))
    for cfg in (FleetSettings(4, start_spread=20), FleetSettings(3, load=LoadModel(250, 100))):
        run = simulate_fleet(pod, outage, cfg, duration=300, seed=1)
        meta = {"spec": "x.yaml", "behaviour": "a \"quoted\"\nline"}
        pieces = list(iter_fleet_json(run, meta=meta))
        assert len(pieces) == cfg.replicas + 2  # the head, one piece per replica, the end
        assert "".join(pieces) == json.dumps(fleet_document(run, meta=meta), indent=2) + "\n"
