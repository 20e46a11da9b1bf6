"""Shared pytest configuration: hypothesis profiles, pytester for the plugin's tests, the
real-time helpers (`realtime.py`), the guards on the suite itself (`suite_guards.py`) and the
order its longest tests start in under xdist (`suite_order.py`).

`dev` (default) keeps the property tests quick; `ci` runs more examples and prints the
reproduction blob of a failure. Choose with the environment variable HYPOTHESIS_PROFILE. A test
with a count of its own (the CLI fuzz, the differential and bound tests) gives it as
`examples(n)` (helpers.py): n under `ci`, scaled by the profile's max_examples elsewhere.
kubesim's own pytest plugin (`kubesim.testing.pytest_plugin`) is loaded through its entry point and
registers the `kubesim-dev` / `kubesim-ci` profiles without loading either.

Tests marked `realtime` touch real time, processes or sockets: `pytest -m realtime` runs just
them (`benchmarks/stress_suite.sh` runs them, and the whole suite, under load).
"""

from __future__ import annotations

import os

from hypothesis import settings

pytest_plugins = ["pytester", "realtime", "suite_guards", "suite_order", "live_stories"]

settings.register_profile("dev", max_examples=40, deadline=None)
settings.register_profile("ci", max_examples=150, deadline=None, print_blob=True)
# long soaks of the property tests (the differential tests before an engine change lands)
settings.register_profile("soak", max_examples=int(os.environ.get("HYPOTHESIS_EXAMPLES", "1000")),
                          deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_report_header() -> str:
    """Whether this run tests the compiled kubelet and engine or their Python source
    (kubesim/compiled.py; KUBESIM_PURE=1 chooses the source)."""
    from kubesim import compiled

    state = compiled.native_state()
    if state.mode == "compiled":
        return f"kubesim: compiled kubelet and engine ({len(state.compiled)} modules, mypyc)"
    return f"kubesim: pure Python kubelet and engine ({state.reason})"
