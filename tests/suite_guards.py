"""Guards on the suite itself (a pytest plugin: conftest.py loads it).

* No test id and no skip reason may name a path outside the repository (the corpus beside
  it, the machine's layout): a collected id that does is a usage error; a skip whose reason
  does is turned into a failure saying so, without repeating the path.
* The `realtime` marker: tests that touch real time, processes or sockets
  (`tests/realtime.py`).
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Generator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
OUTSIDE = "<outside the repository>"


def outside_the_repository(text: str) -> str:
    """`text` with every path that leaves the repository (a sibling of it, absolute or
    through `..`) replaced by OUTSIDE; unchanged if it names none."""
    parent = re.escape(str(REPO.parent) + os.sep)
    inside = re.escape(REPO.name) + r"(?![\w.-])"
    # a checkout in the temporary folder (a CI clone in /tmp) has pytest's own folders as
    # siblings (/tmp/pytest-of-USER/...): those are the run's scratch, not outside inputs
    if REPO.parent == Path(tempfile.gettempdir()).resolve():
        inside += r"|pytest-of-"
    text = re.sub(rf"{parent}(?!{inside})[^\s'\",;:)\]]*", OUTSIDE, text)
    return re.sub(r"(?<![\w.])\.\.(?:/[^\s'\",;:)\]]+)+", OUTSIDE, text)


# a checkout in the temporary folder has every `/tmp/...` a test's value names (a container's
# own `/tmp/health` in a probe's script) beside it: such a value's id says `<tmp>/` instead, the
# temporary folder being the run's scratch, never an input beside the checkout
_TEMP = str(Path(tempfile.gettempdir()).resolve()) + os.sep


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    if isinstance(val, str) and str(REPO.parent) + os.sep == _TEMP and _TEMP in val:
        return val.replace(_TEMP, "<tmp>/").encode("unicode_escape").decode("ascii")
    return None  # pytest's own id


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "realtime: touches real time, processes or sockets; judged only by bounds "
                   "derived from what it recorded (tests/realtime.py)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if outside_the_repository(item.nodeid) != item.nodeid:
            raise pytest.UsageError(f"test id {outside_the_repository(item.nodeid)!r} names a "
                                    "path outside the repository")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.skipped and isinstance(report.longrepr, tuple):
        reason = report.longrepr[2]
        if outside_the_repository(reason) != reason:
            report.outcome = "failed"
            report.longrepr = (f"{item.nodeid}: the skip reason names a path outside the "
                               f"repository: {outside_the_repository(reason)!r} (say what is "
                               "missing, not where it lives)")
    return report
