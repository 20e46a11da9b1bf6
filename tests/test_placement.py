"""Nodes, zones and where the scheduler puts a fleet's pods (docs/controller-rules.md S1-S4),
and exact start times."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim import load_spec
from kubesim.behaviour.answer import HEALTHY
from kubesim.cli.main import main
from kubesim.errors import UsageError
from kubesim.fleet.run import initial_placement, simulate_fleet
from kubesim.fleet.settings import FleetSettings
from kubesim.fleet.topology import PlacedPod, Scheduler, make_nodes
from kubesim.spec.workload import (
    HOSTNAME_KEY,
    ZONE_KEY,
    AntiAffinityTerm,
    Placement,
    SpreadConstraint,
)

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "examples" / "seed-app" / "deployment.yaml"
CORPUS = ROOT.parent / "shared" / "corpus" / "real-manifests"


def test_nodes_go_round_robin_over_the_zones():
    nodes = make_nodes(5, ("a", "b"))
    assert [(n.name, n.zone) for n in nodes] == [("node-1", "a"), ("node-2", "b"),
                                                 ("node-3", "a"), ("node-4", "b"),
                                                 ("node-5", "a")]


@settings(max_examples=examples(40), deadline=None)
@given(zones=st.integers(1, 4), per_zone=st.integers(1, 4), replicas=st.integers(1, 30))
def test_the_default_spread_balances_zones_then_nodes_s2(zones, per_zone, replicas):
    """Without constraints of its own a pod gets the scheduler's defaults (hostname maxSkew 3,
    zone maxSkew 5, ScheduleAnyway): pods fill zones and nodes evenly, to within one."""
    names = tuple(f"z{i}" for i in range(zones))
    _, where = initial_placement(FleetSettings(replicas, nodes=zones * per_zone, zones=names),
                                 Placement())
    by_zone = Counter(n.zone for n in where)
    by_node = Counter(n.name for n in where)
    assert max(by_zone.values()) - min(by_zone.get(z, 0) for z in names) <= 1
    assert max(by_node.values()) - min(by_node.get(f"node-{i + 1}", 0)
                                       for i in range(zones * per_zone)) <= 1


def test_a_cordoned_node_takes_no_pod_s1():
    nodes = make_nodes(3, ("a",))
    scheduler = Scheduler(nodes, Placement())
    placed = [PlacedPod("node-2", "old", False)]
    choices = {scheduler.place(placed, "old", {"node-1", "node-3"}).name for _ in range(3)}
    assert choices == {"node-2"}
    assert scheduler.place(placed, "old", {"node-1", "node-2", "node-3"}) is None


def test_a_hard_zone_spread_counts_a_cordoned_zone_s3():
    """DoNotSchedule zone maxSkew 1 over zones a and b, one pod in each; zone a's only node
    is cordoned. nodeTaintsPolicy Ignore: zone a still counts (1 pod, the global minimum),
    so zone b (1 + 1 - 1 = 1) still fits; with a second pod in b it does not (2 + 1 - 1 = 2)
    and the pod stays Pending. Terminating pods are not counted."""
    nodes = make_nodes(2, ("a", "b"))
    spread = Placement(spread=(SpreadConstraint(ZONE_KEY, 1, True),))
    scheduler = Scheduler(nodes, spread)
    one_each = [PlacedPod("node-1", "old", False), PlacedPod("node-2", "old", False)]
    assert scheduler.place(one_each, "old", {"node-1"}).name == "node-2"
    two_in_b = [*one_each, PlacedPod("node-2", "old", False)]
    assert scheduler.place(two_in_b, "old", {"node-1"}) is None
    leaving = [*one_each, PlacedPod("node-2", "old", True)]
    assert scheduler.place(leaving, "old", {"node-1"}).name == "node-2"


def test_required_anti_affinity_counts_terminating_pods_s3():
    nodes = make_nodes(2, ("a",))
    scheduler = Scheduler(nodes, Placement(anti_affinity=(AntiAffinityTerm(HOSTNAME_KEY, True),)))
    assert scheduler.place([PlacedPod("node-1", "old", True)], "old", set()).name == "node-2"
    full = [PlacedPod("node-1", "old", True), PlacedPod("node-2", "old", False)]
    assert scheduler.place(full, "old", set()) is None


def test_a_pod_no_node_fits_stays_pending():
    """5 replicas, one per node required, 3 nodes: two never run."""
    placement = Placement(anti_affinity=(AntiAffinityTerm(HOSTNAME_KEY, True),))
    run = simulate_fleet(load_spec(str(APP)), HEALTHY, FleetSettings(5, nodes=3), duration=60,
                         placement=placement)
    assert [i.node for i in run.identities] == ["node-1", "node-2", "node-3", "", ""]
    assert [tl.containers for tl in run.timelines[3:]] == [[], []]


def test_zone_affinity_keeps_pods_in_their_zones_s4():
    placement = Placement(zones_in=frozenset({"b"}))
    run = simulate_fleet(load_spec(str(APP)), HEALTHY,
                         FleetSettings(4, nodes=6, zones=("a", "b", "c")), duration=30,
                         placement=placement)
    assert {i.zone for i in run.identities} == {"b"}
    assert len({i.node for i in run.identities}) == 2


def test_exact_start_times():
    run = simulate_fleet(load_spec(str(APP)), HEALTHY,
                         FleetSettings(3, start_times=(0, 12.5, 40)), duration=90)
    assert [tl.containers[0].running_at for tl in run.timelines] == [0, 12.5, 40]


@pytest.mark.parametrize(("kw", "message"), [
    ({"start_times": (0, 1)}, "give one per replica (3)"),
    ({"start_times": (0, 1, -2)}, "start_times[2]=-2 must be a number of seconds >= 0"),
    ({"start_times": (0, 1, 2), "start_spread": 5}, "one or the other"),
    ({"nodes": 0}, "nodes=0 must be a whole number from 1"),
    ({"zones": ("a", "a")}, "each zone once"),
    ({"zones": ("a", "b"), "nodes": 1}, "every zone needs a node"),
    ({"zones": ("bad zone",)}, "must be a label value"),
])
def test_bad_fleet_settings_say_what_is_allowed(kw, message):
    with pytest.raises(UsageError, match=message.replace("[", r"\[").replace("(", r"\(")
                       .replace(")", r"\)")):
        FleetSettings(3, **kw)


def test_cli_shows_each_replicas_node_and_zone(capsys):
    code = main(["fleet", str(APP), "--replicas", "4", "--nodes", "2", "--zones", "east,west",
                 "--start-times", "0,1,2,3", "--duration", "30", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [(r["node"], r["zone"], r["start"]) for r in doc["replicas"]] == [
        ("node-1", "east", 0), ("node-2", "west", 1), ("node-1", "east", 2),
        ("node-2", "west", 3)]
    assert doc["fleet"]["nodes"] == [{"name": "node-1", "zone": "east"},
                                     {"name": "node-2", "zone": "west"}]
    with pytest.raises(SystemExit) as stop:  # the flag's own type refuses it (exit 2)
        main(["fleet", str(APP), "--start-times", "0,x", "--duration", "30"])
    assert stop.value.code == 2
    assert "argument --start-times: '0,x' must be numbers" in capsys.readouterr().err


def test_the_corpus_coredns_spreads_one_pod_per_node(capsys):
    """coredns's required pod anti-affinity on kubernetes.io/hostname, read from the manifest:
    its 2 replicas never share a node, and a third pod with 2 nodes stays Pending."""
    path = CORPUS / "coredns.yaml"
    if not path.exists():
        pytest.skip("the real-manifest corpus is not checked out beside the repository")
    code = main(["fleet", str(path), "--replicas", "3", "--nodes", "2", "--duration", "30",
                 "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [r["node"] for r in doc["replicas"]] == ["node-1", "node-2", None]
    assert doc["replicas"][2]["containers"] == []


@settings(max_examples=examples(60), deadline=None)
@given(nodes=st.integers(1, 8), zones=st.integers(1, 3), data=st.data())
def test_the_one_pass_placement_is_the_full_scoring_s2(nodes, zones, data):
    """With soft constraints only, `Scheduler` scores one candidate per zone; the full
    filter-and-score path over every node picks the same node."""
    zones = min(zones, nodes)
    cluster = make_nodes(nodes, tuple(f"z{i}" for i in range(zones)))
    spread = data.draw(st.sampled_from([(), (SpreadConstraint(ZONE_KEY, 1, False),),
                                        (SpreadConstraint(HOSTNAME_KEY, 2, False),
                                         SpreadConstraint(ZONE_KEY, 1, False))]))
    placement = Placement(spread=spread)
    pods = [PlacedPod(f"node-{data.draw(st.integers(1, nodes))}", "old", data.draw(st.booleans()))
            for _ in range(data.draw(st.integers(0, 12)))]
    cordoned = {n.name for n in cluster if data.draw(st.booleans())}
    fast = Scheduler(cluster, placement)
    full = Scheduler(cluster, placement)
    full.simple = False
    assert fast.simple
    assert fast.place(pods, "old", cordoned) == full.place(pods, "old", cordoned)
