"""The documentation runs: each check's page (kubesim/rules/KS*.md, shipped in the package) has
an example that makes `kubesim check` report that check and a fix that makes it go away, and
states the severities of the rule table word for word; the scenario format's
examples (docs/scenario-format.md) load and simulate; docs/testing.md names every public
function of kubesim.testing with its real signature."""

from __future__ import annotations

import inspect
import json
import re
import shlex
from pathlib import Path

import pytest

from kubesim.analysis.check.rules import RULES, page, severity_markdown
from kubesim.cli.main import main
from kubesim.render.rules_formats import severities

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
PAGES = REPO / "kubesim" / "rules"
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.S)


def blocks(text: str, lang: str) -> list[str]:
    return [body for kind, body in FENCE.findall(text) if kind == lang]


def check_json(capsys, cwd: Path, command: str, monkeypatch) -> dict:
    argv = shlex.split(command)
    assert argv[:2] == ["kubesim", "check"], command
    monkeypatch.chdir(cwd)
    code = main([*argv[1:], "--format", "json"])
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    return json.loads(out)


def write_files(page: str, where: Path) -> list[str]:
    names = []
    for body in blocks(page, "yaml"):
        first = body.splitlines()[0]
        if first.startswith("# ") and first.endswith(".yaml"):
            (where / first[2:]).write_text(body)
            names.append(first[2:])
    return names


def test_every_check_has_a_page_listed_in_the_index_as_the_table_says():
    index = (DOCS / "rules" / "README.md").read_text()
    for rule in RULES.values():
        text = (PAGES / f"{rule.id}.md").read_text()
        assert text == page(rule)  # what `kubesim rules ID` prints: the installed copy
        assert text.startswith(f"# {rule.id} {rule.name}\n\n**{rule.title}.**\n")
        for section in ("## Severity", "## What it finds", "## Why it matters",
                        "## How to fix it", "## Example"):
            assert section in text, (rule.id, section)
        row = (f"| [{rule.id}](../../kubesim/rules/{rule.id}.md) | {rule.name} | "
               f"{severities(rule)} | {rule.title} |")
        assert row in index.splitlines(), row
    assert sorted(p.stem for p in PAGES.glob("KS*.md")) == sorted(RULES)
    assert not list((DOCS / "rules").glob("KS*.md"))  # one source: the package's pages


@pytest.mark.parametrize("rule", sorted(RULES))
def test_a_page_states_the_severities_of_the_rule_table(rule):
    """The page's `## Severity` section is the table's cases, word for word: change a
    severity in the code (or the page) alone and this fails."""
    text = (PAGES / f"{rule}.md").read_text()
    section = text[text.index("## Severity\n"):text.index("## What it finds")]
    assert section.strip() == severity_markdown(RULES[rule]).strip()
    body = text[text.index("## What it finds"):]
    # severities are stated in one place: no prose elsewhere on the page says "is an error"
    assert not re.search(r"\b(is|as) an? (error|warning)\b", body), rule


def test_the_slow_starter_page_prints_the_table_the_code_reads():
    from kubesim.analysis.check.slow_starters import table_markdown

    assert table_markdown() in (PAGES / "KS016.md").read_text()


def test_every_case_of_the_table_is_named_by_a_check():
    """A case no check can report would be a promise of the page that the code never keeps."""
    source = "".join(p.read_text() for p in (REPO / "kubesim" / "analysis" / "check").glob("*.py")
                     if p.name != "rules.py")
    for rule in RULES.values():
        for case in rule.cases:
            assert f'"{case.key}"' in source, (rule.id, case.key)


def test_kubesim_rules_lists_every_check_and_prints_a_page(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for rule in RULES.values():
        line = next(ln for ln in out.splitlines() if ln.startswith(rule.id + " "))
        assert rule.name in line and severities(rule) in line and rule.title in line
    assert main(["rules", "KS004"]) == 0
    assert capsys.readouterr().out == page(RULES["KS004"])
    assert main(["rules", "timeout-not-below-period"]) == 0
    assert capsys.readouterr().out == page(RULES["KS004"])
    assert main(["rules", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in doc["rules"]] == list(RULES)
    assert doc["rules"][0]["cases"][0] == {"case": RULES["KS001"].cases[0].key,
                                           "severity": "error",
                                           "when": RULES["KS001"].cases[0].when}
    assert main(["rules", "KS999"]) == 2
    assert "KS999" in capsys.readouterr().err


@pytest.mark.parametrize("rule", sorted(RULES))
def test_the_example_reports_the_check_and_the_fix_removes_it(capsys, monkeypatch, tmp_path,
                                                              rule):
    text = (PAGES / f"{rule}.md").read_text()
    assert "deployment.yaml" in write_files(text, tmp_path)
    command = blocks(text, "sh")[0].strip()
    found = check_json(capsys, tmp_path, command, monkeypatch)["findings"]
    assert rule in {f["id"] for f in found}, (command, found)
    assert all(f["help"] == f"kubesim rules {f['id']}" for f in found)
    for f in found:  # the severity is the one the rule table gives the finding's case
        assert f["severity"] == RULES[f["id"]].case(f["case"]).severity.label
    fixed = text.split("Fixed (the container's probes):", 1)
    if len(fixed) == 1:
        return
    manifest = (tmp_path / "deployment.yaml").read_text()
    head = manifest[:manifest.index("ports: [")]
    head = manifest[:manifest.index("\n", len(head)) + 1]
    (tmp_path / "deployment.yaml").write_text(head + blocks(fixed[1], "yaml")[0])
    found = check_json(capsys, tmp_path, command, monkeypatch)["findings"]
    assert rule not in {f["id"] for f in found}, found


# ---------------------------------------------------------------- docs/testing.md


def _signature(obj) -> str:
    text = str(inspect.signature(obj))
    text = re.sub(r"KubeletProfile\(name='classic'.*?\)\)", "CLASSIC)", text)
    text = re.sub(r"KubeletProfile\(name='classic'[^)]*?\)", "CLASSIC", text)
    return text.replace("'", "")


def test_testing_md_names_every_helper_with_its_signature():
    import kubesim.testing as testing
    import kubesim.testing.strategies as strategies

    doc = (DOCS / "testing.md").read_text()
    for module in (testing, strategies):
        for name in module.__all__:
            obj = getattr(module, name)
            assert f"### `{name}`" in doc, name
            if callable(obj):
                assert f"{name}{_signature(obj)}\n" in doc, f"signature of {name} changed"


def test_testing_md_example_runs(monkeypatch):
    """The example asserts what the seed's split config does in a database outage."""
    monkeypatch.chdir(REPO)
    code = blocks((DOCS / "testing.md").read_text(), "python")[0]
    exec(compile(code, "docs/testing.md", "exec"), {})


# ---------------------------------------------------------------- docs/scenario-format.md


def test_scenario_format_examples_run_and_print_what_the_page_says(capsys, monkeypatch,
                                                                   tmp_path):
    page = (DOCS / "scenario-format.md").read_text()
    (tmp_path / "probe_specs").symlink_to(REPO / "probe_specs")
    monkeypatch.chdir(tmp_path)
    out, ran, checked = "", 0, 0
    for kind, body in FENCE.findall(page):
        if kind == "yaml":
            name = body.splitlines()[0].removeprefix("# ")
            assert name.endswith(".scenario.yaml"), name
            (tmp_path / name).write_text(body)
        elif kind == "sh":
            argv = shlex.split(body)
            assert argv[0] == "kubesim", body
            assert main(argv[1:]) == 0, body
            out = capsys.readouterr().out
            ran += 1
        elif kind == "text":
            for line in body.splitlines():
                assert line in out.splitlines(), (line, out[-800:])
                checked += 1
        elif kind == "python":
            exec(compile(body, "docs/scenario-format.md", "exec"), {})
    assert ran == 7 and checked >= 9


def test_scenario_format_covers_every_field():
    from kubesim.behaviour import scenario

    page = (DOCS / "scenario-format.md").read_text()
    for model in (scenario.Scenario, scenario.TargetSpec, scenario.AnswerSpec, scenario.Stall,
                  scenario.Dependency, scenario.AnswerWindow, scenario.ContainerRules):
        for name, field in model.model_fields.items():
            assert f"`{field.alias or name}`" in page, (model.__name__, field.alias or name)
