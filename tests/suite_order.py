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
    # from the --durations=120 of a whole .ci/run on a loaded machine (pytest 3,189 s, 463 s
    # idle: each divided by 6.9), the longest that started wherever they were collected
    # the 11-day record explained once for the module (its fixture), its page packed and
    # whole (30 MB), each drawn by chromium twice, and the packed page's records unpacked
    "tests/test_explain_page_pack.py": 36.0,
    # 10,000 in-place restarts, then the same on the simpy scheduler
    "tests/test_rules_restart_rules.py::"
    "test_R4_35_a_fast_in_place_restart_loop_is_refused_past_the_reset_budget": 12.0,
    "tests/test_strategies.py::test_manifests_and_traces_shrink_to_the_simplest_text": 11.5,
    "tests/test_output_edge.py::test_every_check_format_neutralises_hostile_strings": 10.0,
    "tests/test_serving.py::test_a_cascade_and_a_calm_hour_are_the_same_jumped_and_stepped": 5.0,
    "tests/test_fuzz.py::test_same_seed_same_output_with_traces": 5.0,
    "tests/test_properties.py::test_same_inputs_same_json": 5.0,
    # hostile records of 400,000 lines or 2 MB lines, read in one pass by explain's readers,
    # which are Python source in every run (compiled.py): the CPU of each alone, less the
    # start-up of its process, under stop 60's load (collected in the middle of a slice, the
    # first could end a worker's queue alone for 20 s)
    "tests/test_explain_fixml139.py::test_the_rules_words_read_a_long_line_in_one_pass[text4]":
        21.0,
    "tests/test_explain_prose50.py::"
    "test_an_oom_kill_of_a_name_reads_a_long_line_in_one_pass[text4]": 15.0,
    "tests/test_explain_renest.py::test_renest_is_one_pass_on_100000_lines_and_a_2_mb_line": 7.5,
    "tests/test_explain_prose53.py::test_probe_blocks_read_a_long_line_in_one_pass": 6.0,
}

# .ci/run's last step runs the differential and rule tests again on the pure-Python modules
# (KUBESIM_PURE=1), where these few are most of the step's 70 s of CPU: their seconds there
# (the --durations of a `-n 0` pure run, scaled by the first one's CPU, 116 s to 8.8 s), over
# LONG's in a pure run
PURE: dict[str, float] = {
    "tests/test_rules_restart_rules.py::"
    "test_R4_35_a_fast_in_place_restart_loop_is_refused_past_the_reset_budget": 8.8,
    "tests/test_fast_differential.py::test_restarts_with_a_slow_liveness_worker_same_metrics":
        6.6,
    "tests/test_fast_differential.py::test_restart_rules_and_in_place_restarts_same_metrics":
        5.8,
    "tests/test_rules_restart_rules.py::"
    "test_R4_35_a_long_run_of_in_place_restarts_a_second_apart_is_not_refused": 5.1,
    "tests/test_fast_differential.py::test_pods_of_every_shape_same_metrics": 4.3,
    "tests/test_fast_differential.py::test_crash_loops_through_back_off_waits_same_metrics": 3.9,
    "tests/test_fast_differential.py::"
    "test_pods_of_every_shape_through_quiet_stretches_same_metrics": 3.2,
    "tests/test_fast_differential.py::test_two_container_pods_same_metrics": 2.6,
    "tests/test_fast_differential.py::test_long_runs_with_quiet_stretches_same_metrics": 2.5,
    "tests/test_fast_differential.py::test_any_scenario_same_metrics": 2.5,
    "tests/test_fast_differential.py::test_simultaneous_ticks_same_metrics": 2.3,
}


def long_tests() -> dict[str, float]:
    """LONG, with PURE's seconds over it in a run of the pure-Python modules."""
    return {**LONG, **PURE} if os.environ.get("KUBESIM_PURE") == "1" else LONG


def _unit(nodeid: str, costs: dict[str, float] = LONG) -> str | None:
    """The entry of `costs` (LONG) `nodeid` belongs to: itself, or its module."""
    if nodeid in costs:
        return nodeid
    module = nodeid.split("::", 1)[0]
    return module if module in costs else None


def slices(n: int, workers: int) -> list[int]:
    """The sizes of the slices worksteal deals out first (`_send_tests` in
    xdist/scheduler/worksteal.py: each idle worker the remaining // the workers left)."""
    sizes = []
    for left in range(workers, 0, -1):
        sizes.append(n // left)
        n -= sizes[-1]
    return sizes


def ordered(items: list[pytest.Item], workers: int,
            costs: dict[str, float] = LONG) -> list[pytest.Item]:
    """`items` with the long ones (`costs`: LONG) dealt out over `workers` slices, each slice
    starting with its share of them; the others in their order after them."""
    units: dict[str, list[pytest.Item]] = {}
    rest = []
    for item in items:
        unit = _unit(item.nodeid, costs)
        if unit is None:
            rest.append(item)
        else:
            units.setdefault(unit, []).append(item)
    heads: list[list[pytest.Item]] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for unit in sorted(units, key=lambda u: (-costs[u], u)):
        i = load.index(min(load))
        heads[i] += units[unit]
        load[i] += costs[unit]
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
        items[:] = ordered(items, workers, long_tests())


# Collecting, each worker imports every test module, and pytest rewrites each one's asserts and
# compiles it (kubesim's modules too: pytest marks an editable plugin's package for rewriting)
# before writing the result to __pycache__; from a clean clone (CI) both workers did all of it,
# side by side, in the same order: about 10 of a worker's 20 s of CPU collecting under load,
# the rest the import itself. The second worker imports the modules of a directory from the
# last, before its collection takes them in their order: the two meet about half way, and
# each reads the other's half from __pycache__. Only when the import happens changes: every
# module is collected as before, by the same import (`Module.obj`), and one that fails to
# import is reported by its own collection, which imports it again. Only a directory collected
# whole (it, or one above it, on the command line or in testpaths) is imported ahead: of a
# file chosen alone, its neighbours are never imported.
BACKWARDS = "gw1"


def _whole(directory: pytest.Dir) -> bool:
    return any(directory.session.isinitpath(node.path) for node in directory.listchain()
               if isinstance(node, pytest.Dir))


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Any:
    report = yield
    if os.environ.get("PYTEST_XDIST_WORKER") == BACKWARDS and isinstance(collector, pytest.Dir) \
            and report.passed and _whole(collector):
        for node in reversed(report.result):
            if isinstance(node, pytest.Module):
                try:
                    node.obj  # noqa: B018 (the import is what is wanted)
                except (Exception, pytest.skip.Exception):
                    pass
    return report
