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


def _placed_one_by_one(scheduler, replicas):
    """The plain way: `place_counted` for each new pod, counting it where it went."""
    from kubesim.fleet.topology import NodeCounts

    counts, out = NodeCounts(), []
    for _ in range(replicas):
        node = scheduler.place_counted(counts, frozenset())
        out.append(node)
        if node is not None:
            counts.add(node.name, True)
    return out


ZONES = ("zone-a", "zone-b", "zone-c", "zone-d")


@settings(max_examples=150, deadline=None)
@given(nodes=st.integers(1, 30), zones=st.integers(1, 4), replicas=st.integers(0, 80),
       spread=st.lists(st.tuples(st.sampled_from(["host", "zone"]), st.integers(1, 6)),
                       max_size=2),
       zones_in=st.none() | st.frozensets(st.sampled_from(ZONES), max_size=3),
       zones_not_in=st.frozensets(st.sampled_from(ZONES), max_size=2))
def test_placing_new_pods_at_once_puts_each_where_one_by_one_does(nodes, zones, replicas,
                                                                   spread, zones_in,
                                                                   zones_not_in):
    from kubesim.fleet.topology import Scheduler, make_nodes
    from kubesim.spec.workload import HOSTNAME_KEY, ZONE_KEY, Placement, SpreadConstraint

    placement = Placement(
        spread=tuple(SpreadConstraint(HOSTNAME_KEY if key == "host" else ZONE_KEY, skew, False)
                     for key, skew in spread),
        zones_in=zones_in, zones_not_in=zones_not_in)
    scheduler = Scheduler(make_nodes(nodes, ZONES[:zones]), placement)
    assert scheduler.simple
    assert scheduler.place_new(replicas) == _placed_one_by_one(scheduler, replicas)
