"""kubesim's pytest plugin (entry point `pytest11`, loaded whenever kubesim is installed).

* Fixtures that load inputs relative to the test file's directory (then the directory pytest
  was started in): `kubesim_pod(path, container=None)` → `ProbedContainer`,
  `kubesim_scenario(path)` → `Scenario`, `kubesim_trace(path, restart=None, censored=None)`
  → `Trace`; `kubesim_phases` is the phase coverage of the current test.
* Phase coverage of the `kubesim.testing` helpers: `@pytest.mark.kubesim(phases=N, sample=K)`
  on a test, class or module, else `--kubesim-phases N` / `--kubesim-sample K`, else the ini
  options `kubesim_phases` / `kubesim_sample`, else 10 phases.
* Hypothesis profiles `kubesim-dev` (20 examples) and `kubesim-ci` (100 examples, the
  reproduction blob printed, no deadline): `pytest --hypothesis-profile kubesim-ci`.

It changes nothing for tests that do not use it: no profile is loaded and no warning raised.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from pathlib import Path

import pytest

from kubesim.behaviour.scenario import Scenario, load_scenario
from kubesim.behaviour.trace import CensoredMode, RestartMode, Trace, load_trace
from kubesim.spec.manifests import load_spec
from kubesim.spec.model import ProbedContainer
from kubesim.testing import DEFAULT_PHASES, phase_coverage

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # pragma: no cover - hypothesis is optional for the plugin
    pass
else:
    settings.register_profile("kubesim-dev", max_examples=20, deadline=None)
    settings.register_profile("kubesim-ci", max_examples=100, deadline=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow])

__all__ = ["kubesim_phases", "kubesim_pod", "kubesim_scenario", "kubesim_trace"]

MARKER = ("kubesim(phases=N, sample=None): how many grid phases the kubesim.testing helpers "
          "sweep in this test (sample: only K of them)")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kubesim", "kubesim probe simulations")
    group.addoption("--kubesim-phases", type=int, metavar="N", default=None,
                    help="grid phases swept by kubesim.testing helpers (default: ini "
                         "kubesim_phases, else 10); a kubesim marker overrides it")
    group.addoption("--kubesim-sample", type=int, metavar="K", default=None,
                    help="sweep only K of the N phases, chosen from the seed")
    parser.addini("kubesim_phases", "default grid phases for kubesim.testing helpers",
                  default=str(DEFAULT_PHASES))
    parser.addini("kubesim_sample", "sweep only this many of the phases (empty: all)",
                  default="")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", MARKER)


def _coverage(item: pytest.Item) -> tuple[int, int | None]:
    config = item.config
    phases = config.getoption("kubesim_phases") or int(config.getini("kubesim_phases"))
    sample_ini = str(config.getini("kubesim_sample")).strip()
    sample = config.getoption("kubesim_sample") or (int(sample_ini) if sample_ini else None)
    marker = item.get_closest_marker("kubesim")
    if marker is not None:
        phases = marker.kwargs.get("phases", marker.args[0] if marker.args else phases)
        sample = marker.kwargs.get("sample", sample)
    return phases, sample


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """Run the test with its phase coverage as the helpers' default."""
    phases, sample = _coverage(item)
    with phase_coverage(phases, sample):
        return (yield)


def pytest_report_header(config: pytest.Config) -> str | None:
    phases = config.getoption("kubesim_phases")
    return f"kubesim: --kubesim-phases {phases}" if phases else None


def _resolve(request: pytest.FixtureRequest, path: str | Path) -> str:
    p = Path(path)
    if str(path) == "-" or p.is_absolute():
        return str(path)
    here = Path(request.node.path).parent / p
    return str(here if here.exists() else p)


@pytest.fixture
def kubesim_phases(request: pytest.FixtureRequest) -> tuple[int, int | None]:
    """`(phases, sample)` in force for this test (marker, option, ini, default)."""
    return _coverage(request.node)


@pytest.fixture
def kubesim_pod(request: pytest.FixtureRequest) -> Callable[..., ProbedContainer]:
    """Load the probed container from a manifest: `kubesim_pod("deploy.yaml", "app")`; the
    container is named `NAME`, `OBJECT/NAME` or `Kind/OBJECT/NAME` when there are several."""
    def load(path: str | Path, container: str | None = None) -> ProbedContainer:
        return load_spec(_resolve(request, path), container)

    return load


@pytest.fixture
def kubesim_scenario(request: pytest.FixtureRequest) -> Callable[..., Scenario]:
    """Load a scenario file: `kubesim_scenario("db-outage.scenario.yaml")`."""
    def load(path: str | Path) -> Scenario:
        return load_scenario(_resolve(request, path))

    return load


@pytest.fixture
def kubesim_trace(request: pytest.FixtureRequest) -> Callable[..., Trace]:
    """Load a recorded trace (JSONL or CSV): `kubesim_trace("outage.jsonl", restart="wall")`."""
    def load(path: str | Path, restart: str | None = None,
             censored: str | None = None) -> Trace:
        return load_trace(_resolve(request, path),
                          restart=RestartMode(restart) if restart else None,
                          censored=CensoredMode(censored) if censored else None)

    return load
