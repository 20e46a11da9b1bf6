"""The controllers' arithmetic (docs/controller-rules.md C1-C7), against the worked examples in
the Kubernetes sources' comments and documentation."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kubesim.errors import SpecError
from kubesim.fleet.controllers import (desired_healthy, disruptions_allowed, may_evict,
                                       rolling_fenceposts, scaled)


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


def test_evictions_c5_c6():
    assert disruptions_allowed(3, 4) == 0 and disruptions_allowed(5, 3) == 2
    assert may_evict(ready=True, healthy=4, desired=3)
    assert not may_evict(ready=True, healthy=3, desired=3)
    # a pod that is not Ready: only while the budget is healthy (IfHealthyBudget) ...
    assert may_evict(ready=False, healthy=3, desired=3)
    assert not may_evict(ready=False, healthy=2, desired=3)
    # ... or always (AlwaysAllow)
    assert may_evict(ready=False, healthy=0, desired=3, always_allow=True)


@pytest.mark.parametrize("bad", ["25", "x%", "-5%", True, -1, 2.5])
def test_bad_values_name_the_field(bad):
    with pytest.raises(SpecError, match="maxSurge"):
        rolling_fenceposts(bad, None, 4)
