"""explain's page carries what its timeline draws, not the whole run (issue 30 item 6, issue
31 "memory that follows the output"): a long replay's document is packed
(`kubesim.render.packed`): the calls as runs, every list as columns, of the events only the
first BackOff of each wait (what the page draws a wait from). Unpacked, it gives back every
call, container, kill and Ready change exactly; the page draws the same marks as from the whole
document; a short run's document is handed over as it is."""

from __future__ import annotations

import bisect
import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_html import browse, console, needs_browser

import kubesim.cli.explain as explain_command
from kubesim.cli.args import write_html
from kubesim.cli.main import main
from kubesim.explain.engine import ExplainOptions, Explanation, explain_pods
from kubesim.explain.readers.read import read_record
from kubesim.render import packed
from kubesim.render.explain_formats import render_html, render_pods_html
from kubesim.render.packed import first_back_offs, pack_run, unpack
from kubesim.render.report import to_document

REAL = Path(__file__).resolve().parent / "data" / "explain" / "real"
LONG = str(REAL / "ingress-nginx-3160.describe-events.txt")  # 47 kills over 11 days
TRIVY = str(REAL.parent / "02-trivy-dojo-operator-pr24.describe.txt")


def _explained(record: str) -> Any:
    (ex,) = explain_pods([read_record(record)], ExplainOptions(phases=1, suggest=False))
    return ex


def _page_data(page: str) -> dict[str, Any]:
    found = re.search(r'id="kubesim-data">(.*?)</script>', page, re.S)
    assert found
    return json.loads(found[1])


class LongPage(NamedTuple):
    """The 11-day record through `kubesim explain --html`: the explanation the command line
    made and rendered, and the page it wrote."""

    explanation: Explanation
    page: Path


@pytest.fixture(scope="module")
def long_page(tmp_path_factory: pytest.TempPathFactory) -> LongPage:
    """The 11-day record explained once, by the command line with --html, for the two tests
    below: its replay is most of what they cost (the module moves as one piece under xdist,
    tests/suite_order.py). The explanation is the one the command rendered (the command's
    `explain_pods`, watched), so the page it wrote is `render_pods_html` of it."""
    page = tmp_path_factory.mktemp("long") / "packed.html"
    made: list[Explanation] = []

    def watched(*args: Any, **kwargs: Any) -> list[Explanation]:
        made.extend(explain_pods(*args, **kwargs))
        return made

    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(explain_command, "explain_pods", watched)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["explain", LONG, "--no-suggest", "--phases", "1", "--html", str(page)])
    assert code == 0, err.getvalue()
    (ex,) = made
    return LongPage(ex, page)


def test_the_long_record_page_carries_every_drawn_record_exactly_in_under_2_mb(long_page):
    """The 11-day replay (about 70,000 calls, 130,000 events, 6,000 kills): the page is under
    2 MB (38 MB whole); what it carries unpacks to the run's calls, containers, kills and
    Ready changes, equal as JSON (every time to the microsecond the document keeps), and to
    the first BackOff event of each wait; what is left out is named."""
    ex = long_page.explanation
    (story,) = ex.containers
    whole = to_document(story.run)
    assert len(whole["probes"]) + len(whole["events"]) > 100_000  # the point of the test
    page = long_page.page.read_text(encoding="utf-8")
    assert page == render_html(ex)  # the command's page is the explanation's
    assert len(page.encode()) < 2_000_000
    run = _page_data(page)["stories"][0]["run_document"]
    assert "packed" in run and "probes" not in run and "restarts" not in run
    back = unpack(run)
    for key in ("probes", "containers", "kills", "ready"):
        assert json.dumps(back[key]) == json.dumps(whole[key]), key
    backoffs = sorted((e for e in whole["events"] if e["reason"] == "BackOff"),
                      key=lambda e: e["at"])
    assert back["events"] == first_back_offs(whole["containers"], whole["events"],
                                             whole["run"]["duration"])
    # every wait the whole document shows (a BackOff between a container's end and the next
    # start) keeps its first event, and nothing else is kept
    order = sorted(whole["containers"], key=lambda c: c["running_at"])
    starts = [c["running_at"] for c in order[1:]] + [whole["run"]["duration"]]
    ats = [e["at"] for e in backoffs]
    firsts = [bisect.bisect_left(ats, c["ended_at"]) if c["ended_at"] is not None
              else len(ats) for c in order]
    waits = [backoffs[i] for i, n in zip(firsts, starts, strict=True)
             if i < len(ats) and ats[i] <= n]
    assert back["events"] == waits and len(waits) > 1000
    assert "restarts" in run["left_out"][0] and any(
        f"of {len(whole['events'])}" in x for x in run["left_out"])
    assert run["summary"]["back_offs"] == len(backoffs)  # the totals stay exact


def test_a_short_record_page_is_the_whole_document():
    """Below `LONG` calls and events the page carries the run document as `to_document`
    makes it, byte for byte."""
    ex = _explained(TRIVY)
    (story,) = ex.containers
    run = _page_data(render_html(ex))["stories"][0]["run_document"]
    whole = to_document(story.run)
    assert len(whole["probes"]) + len(whole["events"]) < packed.LONG
    assert "packed" not in run
    mine = [k for k in whole if k != "run"]  # the page's "run" adds the picture's meta
    assert json.dumps({k: run[k] for k in mine}) == json.dumps({k: whole[k] for k in mine})
    assert set(run) == {*whole, "record"}


def _record(draw: Any, keys: list[str], n: int) -> list[dict[str, Any]]:
    values = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**12),
                       st.floats(-1e7, 1e7, allow_nan=False).map(lambda x: round(x, 6)),
                       st.sampled_from(["a", "b", "BackOff", ""]), st.floats(allow_nan=False,
                                                                           allow_infinity=False))
    return [{k: draw(values) for k in keys} for _ in range(n)]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_packed_table_gives_back_its_rows_exactly(data):
    """Any list of records, packed and unpacked: equal as JSON (ints stay ints, floats keep
    every digit, None stays None), whatever the columns hold."""
    keys = data.draw(st.lists(st.sampled_from(["at", "n", "x", "y"]), unique=True,
                              min_size=1))
    rows = _record(data.draw, keys, data.draw(st.integers(0, 40)))
    table = packed._checked(rows)
    assert json.dumps(packed._rows(json.loads(json.dumps(table)))) == json.dumps(rows)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_probe_runs_give_back_every_call_in_order(data):
    """Calls on two lanes, on a grid or off it, with results changing: the runs expanded
    are the calls, in their order."""
    calls, t = [], 0.0
    for _ in range(data.draw(st.integers(0, 60))):
        t = round(t + data.draw(st.sampled_from([0.0, 1.5, 10.0, 0.000001, 3.3333333])), 6)
        calls.append({"at": t, "probe": data.draw(st.sampled_from(["liveness", "readiness"])),
                      "result": data.draw(st.sampled_from(["success", "failure"])),
                      "detail": "HTTP 500", "latency": data.draw(st.sampled_from([0.0, 1.0])),
                      "container": data.draw(st.integers(0, 2)), "name": "app"})
    out = packed._pack_probes(calls)
    assert json.dumps(packed._probes_of(json.loads(json.dumps(out)))) == json.dumps(calls)


def test_pack_run_leaves_a_short_document_alone():
    doc = {"probes": [], "events": [{"at": 0.0}] * 10}
    assert pack_run(doc) is doc


@needs_browser
def test_the_packed_page_draws_what_the_whole_page_draws(long_page, tmp_path, monkeypatch):
    """The 11-day record's page from the packed document and from the whole one (packing
    turned off): the same timeline, element for element, over the whole run and zoomed in to
    a few kill cycles (each call, kill and back-off wait drawn one by one). Both pages are of
    one explanation: the command line's packed page, and the whole one rendered from the
    explanation it rendered, as the command renders it."""
    small, whole = long_page.page, tmp_path / "whole.html"
    monkeypatch.setattr(packed, "LONG", 10**12)
    write_html(render_pods_html([long_page.explanation]), str(whole))
    assert small.stat().st_size < 2_000_000 < 30_000_000 < whole.stat().st_size
    for view in ("", "#view=500000,503000"):
        drawn = []
        for page in (small, whole):
            dom, log = browse(page, view)
            assert not console(log), console(log)
            drawn.append(re.findall(r'<svg class="tl".*?</svg>', dom, re.S))
        assert drawn[0] == drawn[1] and drawn[0]
        if view:
            assert drawn[0][0].count('class="kill"') > 3
            assert drawn[0][0].count('class="probe probe-failure"') > 20
            assert 'class="backoff"' in drawn[0][0]
