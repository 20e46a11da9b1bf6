"""One self-contained HTML page per report: the JSON document inlined, drawn by a small
hand-written script (assets/report.js) with its stylesheet (assets/report.css), both inlined
too. The page needs no network: no CDN, no font, no image to fetch.

`run_page` takes a run document (`report.to_document`, with `plot_meta`), `check_page` the
check document (`check_formats.check_document`) and the run documents of the findings that name a
scenario or trace, `sweep_page` the sweep document (`kubesim sweep --format json`). A later
command adds a page by giving the script a new `kind`. Same document, same bytes.
"""

from __future__ import annotations

import html
from importlib.resources import files
from typing import Any

from kubesim.render.edge import script_json, visible
from kubesim.render.focus import interesting_stretch
from kubesim.render.run_document import heading

__all__ = ["check_page", "page", "run_page", "sweep_page"]


def _asset(name: str) -> str:
    return files("kubesim.render").joinpath("assets", name).read_text(encoding="utf-8")


def page(kind: str, title: str, data: dict[str, Any]) -> str:
    """The page of one report `kind` (run, check, sweep): `data` is handed to the script."""
    payload = script_json({"kind": kind, **data})
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta name=\"generator\" content=\"kubesim\">\n"
        f"<title>{html.escape(visible(title))}</title>\n<style>\n{_asset('report.css')}</style>\n"
        "</head>\n<body>\n<main id=\"report\"></main>\n"
        "<noscript>This report draws its timelines with JavaScript; the data is in the "
        "kubesim-data element of this file.</noscript>\n"
        f"<script type=\"application/json\" id=\"kubesim-data\">{payload}</script>\n"
        f"<script>\n{_asset('report.js')}</script>\n</body>\n</html>\n")


def run_page(document: dict[str, Any]) -> str:
    """A `kubesim run` report: summary and the zoomable timeline, opened on the run's
    interesting stretch (`focus.interesting_stretch`, handed to the page as `focus`)."""
    run = document.get("run", {})
    return page("run", f"kubesim run: {run.get('object', run.get('spec', ''))}",
                {"document": document, "heading": heading(document),
                 "focus": interesting_stretch(document).as_dict()})


def check_page(document: dict[str, Any], runs: list[dict[str, Any]], rules: dict[str, str],
               findings: list[dict[str, Any]]) -> str:
    """A `kubesim check` report: the findings by object, each with its evidence (`findings[i]`
    for `document["findings"][i]`: `run`, an index of `runs`, the timeline of the simulated run
    behind it; `repeat`, the command that runs it again; `scenario`, a synthetic scenario as
    YAML; `fix`), what each object passed, and the pages of the checks found (`rules`: id ->
    the page's markdown, shown in the page itself: a report opened anywhere has them)."""
    return page("check", "kubesim check", {"document": document, "runs": runs,
                                           "rules": rules, "findings": findings})


def sweep_page(document: dict[str, Any]) -> str:
    """A `kubesim sweep` report: a heatmap (two fields) or line (one) of any metric, and the
    table of points."""
    meta = document.get("sweep", {})
    return page("sweep", f"kubesim sweep: {meta.get('object', '')}", {"document": document})
