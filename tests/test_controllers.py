"""The controllers' arithmetic (docs/controller-rules.md C1-C7, T3), against the worked examples in
the Kubernetes sources' comments and documentation."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kubesim.errors import SpecError
from kubesim.fleet.controllers import (
    EvictionAnswer,
    desired_healthy,
    disruptions_allowed,
    eviction,
    expected_pods,
    rolling_fenceposts,
    scaled,
    statefulset_max_unavailable,
)


@pytest.mark.parametrize(("desired", "surge", "unavailable", "expected"), [
    # deployment_util.go ResolveFenceposts' own examples (C2)
    (2, "0%", "1%", (0, 1)),  # unavailable 1 % of 2 rounds down to 0 -> both 0 -> 1
    (1, "0%", "1%", (0, 1)),
    (2, "1%", "25%", (1, 0)),  # surge rounds up to 1, 25 % of 2 rounds down to 0
    (1, "1%", "25%", (1, 0)),
    (2, "1%", "0%", (1, 0)),
    (10, None, None, (3, 2)),  # C3: 25 % / 25 % of 10 -> surge 3 (2.5 up), unavailable 2
    (4, 0, 0, (0, 1)),
    (5, 2, "40%", (2, 2)),
])
def test_rolling_update_fenceposts_c2_c3(desired, surge, unavailable, expected):
    assert rolling_fenceposts(surge, unavailable, desired) == expected


@given(total=st.integers(0, 10_000), pct=st.integers(0, 100))
def test_percentages_round_as_asked_c1(total, pct):
    up, down = scaled(f"{pct}%", total, True), scaled(f"{pct}%", total, False)
    assert down <= pct * total / 100 <= up and up - down <= 1
    assert up == math.ceil(pct * total / 100)


@pytest.mark.parametrize(("min_available", "max_unavailable", "scale", "pods", "desired"), [
    (None, "30%", 10, 10, 7),  # maxUnavailable rounds UP (3): unlike a Deployment's
    ("30%", None, 10, 10, 3),  # minAvailable % rounds up
    ("25%", None, 5, 5, 2),  # 1.25 -> 2
    (None, "25%", 5, 5, 3),  # 1.25 -> 2 unavailable -> 3 healthy
    (2, None, 5, 4, 2),  # an integer minAvailable is what it says
    (None, 10, 5, 5, 0),  # never below 0
])
def test_pdb_desired_healthy_c4(min_available, max_unavailable, scale, pods, desired):
    assert desired_healthy(min_available=min_available, max_unavailable=max_unavailable,
                           scale=scale, pods=pods) == desired


def test_the_same_percentage_rounds_differently_in_a_deployment_and_a_pdb():
    """maxUnavailable 25 % of 5: a Deployment may take 1 pod down, a PDB allows 2."""
    assert rolling_fenceposts(0, "25%", 5)[1] == 1
    assert 5 - desired_healthy(min_available=None, max_unavailable="25%", scale=5, pods=5) == 2


def test_disruptions_allowed_c5():
    assert disruptions_allowed(3, 4) == 0 and disruptions_allowed(5, 3) == 2
    # updatePdbStatus: a budget that expects no pod allows nothing (a PDB with neither
    # minAvailable nor maxUnavailable expects 0)
    assert disruptions_allowed(5, 0, expected=0) == 0
    assert expected_pods(min_available=None, max_unavailable=None, scale=5, pods=5) == 0
    assert expected_pods(min_available=2, max_unavailable=None, scale=5, pods=7) == 7
    assert expected_pods(min_available="50%", max_unavailable=None, scale=5, pods=7) == 5


def _answer(**kw):
    base = {"pending": False, "terminating": False, "budgets": 1, "ready": True, "healthy": 4,
            "desired": 3, "expected": 5}
    return eviction(**{**base, **kw})


def test_evictions_c6():
    """The eviction API's decision, in eviction.go's order."""
    ok, deleted, refused = EvictionAnswer.DISRUPTED, EvictionAnswer.DELETED, \
        EvictionAnswer.TOO_MANY_REQUESTS
    assert _answer() is ok
    assert _answer(healthy=3) is refused
    # canIgnorePDB: Pending or terminating pods, and pods no budget selects
    assert _answer(healthy=3, pending=True) is deleted
    assert _answer(healthy=3, terminating=True) is deleted
    assert _answer(healthy=3, budgets=0) is deleted
    assert _answer(budgets=2) is EvictionAnswer.ERROR
    # not Ready: AlwaysAllow, or IfHealthyBudget while currentHealthy >= desiredHealthy > 0
    assert _answer(ready=False, healthy=3) is deleted
    assert _answer(ready=False, healthy=2) is refused
    assert _answer(ready=False, healthy=0, always_allow=True) is deleted
    # ... and otherwise checkAndDecrement: a disruption allowed lets it go
    assert _answer(ready=False, healthy=2, desired=1) is deleted  # 2 >= 1 > 0


def test_a_never_ready_single_replica_with_max_unavailable_1_is_refused_c6():
    """Issue 20's case: 1 replica, maxUnavailable 1, the pod never Ready. desiredHealthy =
    1 - 1 = 0, so the unhealthy-pod shortcut (desiredHealthy > 0) does not apply;
    disruptionsAllowed = 0 - 0 = 0: 429 on every attempt."""
    desired = desired_healthy(min_available=None, max_unavailable=1, scale=1, pods=1)
    expected = expected_pods(min_available=None, max_unavailable=1, scale=1, pods=1)
    assert desired == 0
    assert eviction(pending=False, terminating=False, budgets=1, ready=False, healthy=0,
                    desired=desired, expected=expected) is EvictionAnswer.TOO_MANY_REQUESTS


@pytest.mark.parametrize(("value", "replicas", "expected"), [
    (None, 5, 1), (2, 5, 2), ("40%", 5, 2), ("10%", 5, 1), ("100%", 3, 3)])
def test_statefulset_max_unavailable_t3(value, replicas, expected):
    """getStatefulSetMaxUnavailable: 1 by default, percentages round down, at least 1."""
    assert statefulset_max_unavailable(value, replicas) == expected


@pytest.mark.parametrize("bad", ["25", "x%", "-5%", True, -1, 2.5])
def test_bad_values_name_the_field(bad):
    with pytest.raises(SpecError, match="maxSurge"):
        rolling_fenceposts(bad, None, 4)


def test_replicaset_deletion_order_r3():
    """ActivePodsWithRanks: unassigned, then Pending, then not Ready; among Ready pods the
    most doubled-up on its node first, then Ready for a shorter time (log2 buckets), then
    newer."""
    from types import SimpleNamespace

    from kubesim.fleet.deployment import deletion_order
    from kubesim.fleet.pods import FleetPod
    from kubesim.fleet.topology import Node
    from kubesim.timeline import ReadyChange

    def pod(index, node, *, running=True, ready_at=None, created=0.0):
        p = FleetPod(index, f"p{index}", "old", created, node=Node(node, "a") if node else None)
        if running:
            tl = SimpleNamespace(ready=[ReadyChange(ready_at, True)] if ready_at is not None
                                 else [], containers=[])
            p.handle = SimpleNamespace(kubelet=object(), timeline=tl)
        return p

    now = 1000.0
    pods = [pod(0, "n1", ready_at=10), pod(1, "n2", ready_at=10), pod(2, "n2", ready_at=10),
            pod(3, None, running=False), pod(4, "n3", running=False), pod(5, "n3"),
            pod(6, "n4", ready_at=990, created=980)]
    order = [p.index for p in deletion_order(pods, pods, now)]
    assert order[:3] == [3, 4, 5]  # unassigned, Pending, not Ready
    assert order[3:5] in ([2, 1], [1, 2])  # doubled up on n2
    assert order[5:] == [6, 0]  # Ready 10 s (rank 33) before Ready 990 s (rank 39)
