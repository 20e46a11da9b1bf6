"""The `"*"` target (issue 21, item 8): it holds the defaults of every target, so a slow start
declared on `"*"` also happens to a target that is listed for another reason; a listed
target's own fields win, and `since_start: []` opts out (docs/scenario-format.md)."""

from __future__ import annotations

import pytest

from kubesim.behaviour.scenario import Scenario
from kubesim.engine.simulate import simulate
from kubesim.spec.model import ProbedContainer, parse_container

SLOW = {"since_start": [{"from": 0, "to": 40, "answer": {"error": "refused"}}]}


def scenario(**targets) -> Scenario:
    return Scenario.from_dict({"dependencies": {"db": {"down": [{"from": 120, "to": 180}]}},
                               "targets": {"*": SLOW, **targets}})


def answer(sc: Scenario, key: str, at: float) -> tuple[str | None, int]:
    """(error, status) of the answer at `at` s into a container started at 0."""
    spec = sc.answer_spec(key, at, 0.0)
    return spec.error, spec.status or 200


def test_a_listed_target_takes_the_slow_start_of_star():
    sc = scenario(**{"/healthz": {"depends_on": ["db"]}})
    assert answer(sc, "/healthz", 10) == ("refused", 200)  # the slow start, from "*"
    assert answer(sc, "/healthz", 60) == (None, 200)  # up, db up
    assert answer(sc, "/healthz", 130) == (None, 503)  # its own field: db is down
    assert answer(sc, "/other", 10) == ("refused", 200)  # not listed: "*" itself


def test_a_field_the_target_sets_replaces_stars_and_an_empty_list_opts_out():
    sc = scenario(**{"/metrics": {"since_start": []},
                     "/ready": {"since_start": [{"from": 0, "to": 5,
                                                 "answer": {"status": 503}}]}})
    assert answer(sc, "/metrics", 10) == (None, 200)
    assert answer(sc, "/ready", 3) == (None, 503) and answer(sc, "/ready", 10) == (None, 200)


@pytest.mark.parametrize("engine", ["fast", "simpy"])
def test_the_slow_start_happens_in_a_run(engine):
    """A readiness probe on /healthz (listed for its dependency) is not Ready before 40 s: the
    trap was a slow start that silently never happened to it."""
    pod = ProbedContainer(parse_container({
        "name": "app", "readinessProbe": {"httpGet": {"path": "/healthz", "port": 8000},
                                          "periodSeconds": 2}}))
    tl = simulate(pod, scenario(**{"/healthz": {"depends_on": ["db"]}}), duration=100, seed=1,
                  engine=engine)
    first = tl.ready_intervals()[0][0]
    started = tl.containers[0].running_at
    assert first - started >= 40
    alone = simulate(pod, Scenario.from_dict({"targets": {"/healthz": {}}}), duration=100,
                     seed=1, engine=engine)
    assert alone.ready_intervals()[0][0] - started < 40  # without "*": no slow start
