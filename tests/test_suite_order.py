"""The suite's start order under worksteal (tests/suite_order.py, issue 31 item 7): each of
xdist's first slices starts with its share of the long tests, nothing is lost or repeated, and
a module that moves moves whole."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import suite_order
from suite_order import LONG, PURE, ordered, slices

xdist_worksteal = pytest.importorskip("xdist.scheduler.worksteal")


@dataclass
class _Item:
    nodeid: str


@dataclass
class _Gateway:
    id: str


@dataclass(eq=False)
class _Worker:
    """What the worksteal scheduler asks of a worker: its name, the tests it is sent."""

    gateway: _Gateway
    shutting_down: bool = False
    sent: list[int] = field(default_factory=list)

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent += indices


@dataclass
class _Options:
    """The one option the scheduler reads: `--tx`, here `-n workers` as xdist spells it."""

    workers: int

    def getvalue(self, name: str) -> list[str]:
        assert name == "tx", name
        return [f"{self.workers}*popen"]


def first_slices(collection: list[str], workers: int) -> list[list[str]]:
    """What xdist's own worksteal scheduler sends each worker first."""
    sched = xdist_worksteal.WorkStealingScheduling(_Options(workers))  # type: ignore[arg-type]
    assert sched.numnodes == workers
    nodes = [_Worker(_Gateway(f"gw{i}")) for i in range(workers)]
    for node in nodes:
        sched.add_node(node)
    for node in nodes:
        sched.add_node_collection(node, collection)
    sched.schedule()
    return [[collection[i] for i in node.sent] for node in nodes]


def _suite() -> list[_Item]:
    """A collection like the suite's: short tests around every LONG one, a long module's
    tests together."""
    out = [_Item(f"tests/test_a.py::t{i}") for i in range(40)]
    for unit in LONG:
        module = unit.split("::")[0]
        ids = [unit] if "::" in unit else [f"{module}::{n}" for n in ("x", "y", "z")]
        out += [_Item(i) for i in ids] + [_Item(f"{module}::short{j}") for j in range(3)]
    return out + [_Item(f"tests/test_z.py::t{i}") for i in range(200)]


@pytest.mark.parametrize("workers", [2, 3, 4])
def test_slices_are_the_ones_xdist_sends(workers: int) -> None:
    ids = [f"t{i}" for i in range(1001)]
    got = first_slices(ids, workers)
    assert [len(s) for s in got] == slices(len(ids), workers)


@pytest.mark.parametrize("workers", [2, 3])
def test_each_slice_starts_with_its_share_of_the_long_tests(workers: int) -> None:
    items = _suite()
    order = ordered(items, workers)
    assert sorted(i.nodeid for i in order) == sorted(i.nodeid for i in items)
    heads, costs = [], []
    for part in first_slices([i.nodeid for i in order], workers):
        long = [suite_order._unit(i) for i in part]
        head = long[:next((n for n, u in enumerate(long) if u is None), len(long))]
        assert all(u is None for u in long[len(head):]), part  # long ones first, then short
        heads.append(head)
        costs.append(sum(LONG[u] for u in dict.fromkeys(head)))
    # every long one at the head of a slice, the slices' long seconds within the longest one
    assert sorted(u for h in heads for u in dict.fromkeys(h)) == sorted(LONG)
    assert max(costs) - min(costs) <= max(LONG.values()), costs
    # a module that moves keeps its tests together, in their order
    for unit in (u for u in LONG if "::" not in u):
        at = [n for n, i in enumerate(order) if i.nodeid.startswith(unit + "::")]
        assert at == list(range(at[0], at[0] + len(at)))
        assert [order[n].nodeid for n in at] == [i.nodeid for i in items
                                                 if i.nodeid.startswith(unit + "::")]


def test_the_long_ones_are_in_the_suite(request: pytest.FixtureRequest) -> None:
    """A renamed test would silently start wherever it was collected."""
    root = request.config.rootpath
    for unit in {**LONG, **PURE}:
        module, _, name = unit.partition("::")
        source = (root / module).read_text()
        assert not name or f"def {name.split('[')[0]}(" in source, unit


def test_a_pure_run_weighs_the_pure_steps_tests_by_their_pure_seconds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """.ci/run's last step (KUBESIM_PURE=1: the differential and rule tests on the Python
    source) deals its long tests by PURE, evenly over the workers' first slices."""
    monkeypatch.setenv("KUBESIM_PURE", "0")
    assert suite_order.long_tests() == LONG
    monkeypatch.setenv("KUBESIM_PURE", "1")
    costs = suite_order.long_tests()
    assert costs == {**LONG, **PURE}
    items = [_Item(f"tests/test_rules_pod.py::t{i}") for i in range(100)] + [_Item(u) for u in PURE]
    parts = first_slices([i.nodeid for i in ordered(items, 2, costs)], 2)
    loads = [sum(PURE.get(nodeid, 0.0) for nodeid in part) for part in parts]
    assert sum(loads) == sum(PURE.values())
    assert max(loads) - min(loads) <= max(PURE.values()), loads
    for part in parts:  # each slice starts with its long ones
        long = [nodeid in PURE for nodeid in part]
        assert long == sorted(long, reverse=True), part


@pytest.mark.realtime  # a pytest run with two worker processes
def test_a_worksteal_run_starts_each_worker_with_its_long_tests(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plugin in a real `-n 2 --dist worksteal` run: the two longest tests, collected
    after short ones, are the first each worker runs (xdist resets a worker's own --dist, so
    the order is decided from what the controller hands over)."""
    monkeypatch.setenv("PYTHONPATH", str(Path(suite_order.__file__).parent))
    body = "def test_t(n):\n    pass\n"
    params = "import pytest\n\n@pytest.mark.parametrize('n', range(20))\n"
    pytester.makepyfile(**{"tests/test_a": params + body, "tests/test_z": params + body,
                           "tests/test_cli_fuzz": "import pytest\n\n@pytest.mark.parametrize("
                           "'name', ['spec', 'json'])\ndef test_cli_fuzz(name):\n    pass\n"})
    # kubesim's own plugin is not what is tested here: not loaded, the run costs less
    result = pytester.runpytest_subprocess("-n", "2", "--dist", "worksteal", "-p", "suite_order",
                                           "-p", "no:kubesim", "-p", "no:cacheprovider", "-v")
    result.assert_outcomes(passed=42)
    firsts = {}
    for line in result.outlines:
        m = re.match(r"\[(gw\d)\] .*PASSED (\S+)", line)
        if m:
            firsts.setdefault(m.group(1), m.group(2))
    assert sorted(firsts.values()) == ["tests/test_cli_fuzz.py::test_cli_fuzz[json]",
                                       "tests/test_cli_fuzz.py::test_cli_fuzz[spec]"], firsts


@pytest.mark.realtime  # pytest runs with two worker processes
def test_the_second_worker_imports_a_whole_directory_from_its_last_module(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """Collecting a directory whole, the second worker imports its test modules from the last
    (the first worker from the first: they share the rewriting between them), and every test
    is collected and run as before; of a file chosen alone, no neighbour is imported."""
    monkeypatch.setenv("PYTHONPATH", str(Path(suite_order.__file__).parent))
    log = pytester.path / "imports.log"
    module = ("import os\n\nwith open({log!r}, 'a') as f:\n"
              "    f.write(os.environ['PYTEST_XDIST_WORKER'] + ' {name}\\n')\n\n\n"
              "def test_t():\n    pass\n")
    names = ["test_a", "test_b", "test_c", "test_d"]
    pytester.makepyfile(**{f"tests/{n}": module.format(log=str(log), name=n) for n in names})
    # only xdist and the plugin (no other plugin loaded from its entry point: the runs cost
    # less)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    args = ("-n", "2", "-p", "xdist", "-p", "suite_order", "-p", "no:cacheprovider")
    pytester.runpytest_subprocess(*args, "tests").assert_outcomes(passed=4)
    seen: dict[str, list[str]] = {}
    for line in log.read_text().splitlines():
        worker, name = line.split()
        seen.setdefault(worker, []).append(name)
    assert seen == {"gw0": names, "gw1": names[::-1]}, seen
    log.unlink()
    pytester.runpytest_subprocess(*args, "tests/test_b.py").assert_outcomes(passed=1)
    assert sorted(log.read_text().splitlines()) == ["gw0 test_b", "gw1 test_b"]
