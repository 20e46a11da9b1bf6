"""The order the suite's tests start in under `--dist worksteal` (a pytest plugin: conftest.py
loads it), so that the workers finish together (issue 31 item 7).

pytest-xdist's worksteal hands each worker a contiguous slice of the collection (the first
N // workers tests to the first, and so on) and an idle worker steals the second half of the
longest queue, from its end. A test of half a minute left at the end of a slice is then run
last, alone, while the other worker has nothing left to take. Here the longest tests (LONG,
with the seconds of a worker each takes) are dealt out over the slices, the longest first,
each to the slice with the least so far, and each slice starts with its long tests: the rest
of a slice, what is stolen, is short. A module whose tests share a costly module fixture (the
real-time captures) moves as one piece. Only the order changes: every test runs, as it did,
and each worker computes the same order (xdist checks that the collections agree). Without
xdist (`-n 0`) nothing moves.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

# what starts first, by node id or a module's path (all its tests, kept together), with the
# seconds of a worker it takes under the ci profile on an idle 2-core machine (CPU, or the
# wall time of a test that waits on real time): the fuzz tests from their dev-profile CPU
# times the ci profile's examples, the others from `--durations`
LONG: dict[str, float] = {
    "tests/test_cli_fuzz.py::test_cli_fuzz[json]": 7.0,  # an input already run is not run again
    "tests/test_e2e_seed.py": 25.0,  # its module fixture: three real-time captures
    "tests/test_explain_diagnosis.py": 25.0,  # its module fixture: the eleven-day record
    "tests/test_cli_fuzz.py::test_cli_fuzz[spec]": 11.0,
    "tests/test_cli_fuzz.py::test_cli_fuzz[trace]": 12.0,
    "tests/test_cli_fuzz.py::test_cli_fuzz_commands[capture]": 15.0,  # real time, mostly
    "tests/test_cli_fuzz.py::test_cli_fuzz_explain": 10.0,
    "tests/test_cli_fuzz.py::test_cli_fuzz[flags]": 6.0,
    "tests/test_cli_fuzz.py::test_cli_fuzz[scenario]": 7.5,
    "tests/test_notebooks.py::test_notebook_runs[02_threshold_sweep.ipynb]": 10.0,
    "tests/test_testing.py::test_example_property_tests_pass_and_the_bad_config_fails_minimally":
        10.0,
    "tests/test_mcp.py::test_a_call_over_the_time_limit_is_answered_and_the_next_is_served":
        8.0,
    "tests/test_capture.py::test_a_stalled_app_ends_its_in_flight_probe_as_a_timeout_on_sigint":
        6.0,
    "tests/test_cli_fuzz.py::test_cli_fuzz_configuration[config_yaml]": 6.0,
    "tests/test_notebooks.py::test_notebook_runs[03_fleet_outage.ipynb]": 5.0,
    "tests/test_cli_fuzz.py::test_cli_fuzz_commands[fleet]": 5.0,
    "tests/test_cli_fuzz.py::test_cli_fuzz_commands[suggest]": 5.0,
    "tests/test_explain_corpus.py::test_explain_holds_the_facts"
    "[ingress-nginx-3160.describe-events.txt]": 4.0,
    "tests/test_cli_fuzz.py::test_cli_fuzz_commands[sweep_fleet]": 4.0,
    "tests/test_cli_fuzz.py::test_cli_fuzz_configuration[config_toml]": 4.0,
}


def _unit(nodeid: str) -> str | None:
    """The LONG entry `nodeid` belongs to: itself, or its module."""
    if nodeid in LONG:
        return nodeid
    module = nodeid.split("::", 1)[0]
    return module if module in LONG else None


def slices(n: int, workers: int) -> list[int]:
    """The sizes of the slices worksteal deals out first (`_send_tests` in
    xdist/scheduler/worksteal.py: each idle worker the remaining // the workers left)."""
    sizes = []
    for left in range(workers, 0, -1):
        sizes.append(n // left)
        n -= sizes[-1]
    return sizes


def ordered(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """`items` with the LONG ones dealt out over `workers` slices, each slice starting with
    its share of them; the others in their order after them."""
    units: dict[str, list[pytest.Item]] = {}
    rest = []
    for item in items:
        unit = _unit(item.nodeid)
        if unit is None:
            rest.append(item)
        else:
            units.setdefault(unit, []).append(item)
    heads: list[list[pytest.Item]] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for unit in sorted(units, key=lambda u: (-LONG[u], u)):
        i = load.index(min(load))
        heads[i] += units[unit]
        load[i] += LONG[unit]
    out: list[pytest.Item] = []
    for head, size in zip(heads, slices(len(items), workers), strict=True):
        fill = max(0, size - len(head))
        out += head + rest[:fill]
        rest = rest[fill:]
    return out + rest


DIST = "suite_order_dist"  # the controller's --dist, handed to each worker


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """On the controller, for each xdist worker: the --dist mode, which a worker's own options
    no longer hold (xdist sets them to "no" there)."""
    node.workerinput[DIST] = node.config.getoption("dist")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))  # set on a worker only
    if workers > 1 and config.workerinput.get(DIST) == "worksteal":  # type: ignore[attr-defined]
        items[:] = ordered(items, workers)
