"""wrapscan54: what the full scan of the wrappers over every corpus record found
(test_explain_wrappers.py): a page printed as shell comments under the command that printed it
keeps its markdown headings."""

from __future__ import annotations

import tempfile
from pathlib import Path

from test_explain_corpus import FACTS, REAL, answer_of, assert_holds, explained
from test_explain_wrappers import commented

from kubesim.explain.readers.normalise import plain


def test_a_commented_heading_keeps_its_marks() -> None:
    """`# ### Preflight Checklist` under a command is the page's `### Preflight Checklist`
    behind one comment mark: the mark is taken off once, as on the page's other lines, the
    heading's `###` kept (deckhouse-1596, kratos-1931 and trek-735 under `commented`)."""
    page = "### Preflight Checklist\n\n- [X] I agree\n\n### Problem\n\ntext\n"
    commented = "kubectl describe pod web-0\n" + "".join(
        ("# " + x if x else "#") + "\n" for x in page.splitlines())
    assert plain(commented).split("\n")[1:] == plain(page).split("\n")


def test_a_heading_under_a_command_is_no_comment() -> None:
    """`### Output` right under a command is a markdown heading, not the command's output
    behind comment marks: kept whole."""
    assert "### Output" in plain("$ kubectl get pods\n### Output\nNAME  READY\n")


def test_a_section_set_aside_keeps_the_comment_run_going() -> None:
    """A page printed as shell comments under a command, with a section of what should happen
    (`**What happened instead?**` is read as an expectation's heading and blanked,
    sections.py): the blanked line keeps its comment mark, so the lines below it are still the
    command's output, read as the page's (mongodb-enterprise-kubernetes-172 under `commented`:
    refused as no record before)."""
    name = ("mongodb-enterprise-kubernetes-172.issue-template-prose-constantly-oom-killed-then-"
            "fenced-oc-get-pod-row-0-of-1-oomkilled-6-cut-in-context.txt")
    text = (REAL / name).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_text(commented(text, "kubectl describe pod web-0"), encoding="utf-8")
        assert_holds(answer_of(*explained(path, FACTS[name]), facts=FACTS[name]), FACTS[name])
