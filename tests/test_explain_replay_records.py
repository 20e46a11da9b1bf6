"""The replay of explain keeps what is printed (issue 31 item 2, records that cost what is
printed): its grid phases are run counted, not recorded, and the representative one is run
again with its records, whole only for the page (`--html`), else up to the kills the text
lists (`replay.COUNTED_LISTED`). The answers are the same bytes either way: the same seed and
phase make the same run, and a run's beginning does not depend on when it ends.

(benchmarks/explain_same_bytes.py holds every record of the corpus to the bytes of another
checkout, the text with and without the page; benchmarks/bench_explain_long.py measures it.)
"""

from __future__ import annotations

from pathlib import Path

from helpers import cli as kubesim

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.readers.read import read_record
from kubesim.explain.replay import COUNTED_LISTED
from kubesim.render.explain_formats import render_json, render_text

DATA = Path(__file__).resolve().parent / "data" / "explain"
# a real record whose replay makes hundreds of kills (kube-prometheus #1674: a crash loop)
LOOPING = str(DATA / "08-kube-prometheus-1674.describe.txt")
QUICK = {"phases": 2, "suggest": False}


def _explained(whole_run: bool):
    return explain_records([read_record(LOOPING)], ExplainOptions(whole_run=whole_run,
                                                                  **QUICK))


def test_without_the_page_the_run_is_kept_up_to_the_kills_listed_and_answers_the_same():
    whole, listed = _explained(True), _explained(False)
    [w], [c] = whole.containers, listed.containers
    assert w.replay is not None and w.replay.ran and w.replay.kills.lo > COUNTED_LISTED
    # the page's run is the whole replay; the other stops after the kills the text lists
    assert w.run.duration == w.replay.duration
    assert c.run.duration < w.replay.duration
    assert COUNTED_LISTED <= len(c.run.kills) < len(w.run.kills)
    assert [k.at for k in c.run.kills] == [k.at for k in w.run.kills[:len(c.run.kills)]]
    assert render_text(listed) == render_text(whole)
    assert render_json(listed) == render_json(whole)


def test_the_cli_text_is_the_same_with_and_without_the_page(capsys, tmp_path):
    argv = ("explain", LOOPING, "--phases", "2", "--no-suggest")
    code, alone, err = kubesim(capsys, *argv)
    assert code == 0, err
    code, paged, err = kubesim(capsys, *argv, "--html", str(tmp_path / "page.html"))
    assert code == 0, err
    assert alone == paged
    assert "more kills, each after failureThreshold failures" in alone
