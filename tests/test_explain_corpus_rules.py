"""The rule tags of the real corpus are the README's: every tag a facts `why` cites in the tag
form (a word and a stop number, maybe a letter: `crashcatch55`, `fixprose53a`, `fc58e`) and
every tag RULES.md indexes appears in tests/data/explain/real/README.md. A collector who
follows a tag from a fact or from the index must find the rule it names.

The data only; kubesim is not run. Backticked text is the record's own words (pod names,
messages), not a citation, and is left out; so are tokens of the tag form that are the
record's own (a pod's hash part, `vb867`, found in the record file), a record's name, or a
word of another trade (`arm64`).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import yaml

REAL = Path(__file__).resolve().parent / "data" / "explain" / "real"
META = frozenset({"facts.yaml", "SOURCES.md", "README.md", "RULES.md"})

TAG = re.compile(r"(?<![\w./-])([a-z]{2,}\d{2,3}[a-z]?)(?![\w/-])")
CODE = re.compile(r"`[^`\n]*`")
NOT_TAGS = frozenset({"arm64", "amd64", "sha256"})  # architectures, a digest: no rule's tags
# Cited by facts, defined nowhere in README.md (reported to the lead at stop 59; the facts are
# not this test's to change). Remove a tag from here once the README states it.
KNOWN_UNDEFINED: frozenset[str] = frozenset()


def defined_in(tag: str, readme: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(tag)}(?![\w-])", readme) is not None


def tags_in(text: str) -> set[str]:
    return set(TAG.findall(CODE.sub(" ", text)))


@functools.lru_cache(maxsize=1)
def _corpus() -> tuple[dict, str, dict[str, str]]:
    facts = yaml.load((REAL / "facts.yaml").read_text(encoding="utf-8"),
                      Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["records"]
    readme = (REAL / "README.md").read_text(encoding="utf-8")
    records = {p.name: p.read_text(encoding="utf-8", errors="replace").lower()
               for p in REAL.iterdir() if p.is_file() and p.name not in META}
    return facts, readme, records


def cited_tags(facts: dict, records: dict[str, str]) -> dict[str, list[str]]:
    """Tag -> the records whose `why` cites it."""
    names = {part for name in records for part in (name.split(".")[0],
                                                   name.split(".")[0].split("-")[0])}
    out: dict[str, list[str]] = {}
    for name, entry in facts.items():
        own = records.get(name, "")
        for tag in tags_in(str(entry.get("why", ""))):
            if tag in NOT_TAGS or tag in names or tag in own or tag in name:
                continue
            out.setdefault(tag, []).append(name)
    return out


def undefined(tags: dict[str, list[str]], readme: str) -> dict[str, list[str]]:
    return {tag: where for tag, where in sorted(tags.items()) if not defined_in(tag, readme)}


def test_every_tag_the_facts_cite_is_in_the_readme():
    facts, readme, records = _corpus()
    cited = cited_tags(facts, records)
    assert len(cited) > 50, sorted(cited)  # the scan found the facts' citations
    assert {"crashcatch55", "fixprose53a", "oomprose54", "fc55q"} <= set(cited)
    missing = undefined(cited, readme)
    new = {tag: where[:3] for tag, where in missing.items() if tag not in KNOWN_UNDEFINED}
    assert not new, f"tags cited in facts.yaml's `why` but not in README.md: {new}"


def test_the_known_undefined_tags_are_still_undefined():
    """A tag the README has come to define leaves KNOWN_UNDEFINED."""
    facts, readme, records = _corpus()
    cited = cited_tags(facts, records)
    for tag in KNOWN_UNDEFINED:
        assert tag in cited, f"{tag} is no longer cited: remove it from KNOWN_UNDEFINED"
        assert not defined_in(tag, readme), f"README.md defines {tag} now: remove it"


def test_every_tag_rules_md_indexes_is_in_the_readme():
    _, readme, _ = _corpus()
    index = (REAL / "RULES.md").read_text(encoding="utf-8")
    tags = tags_in(index)
    assert len(tags) > 50, sorted(tags)
    missing = sorted(tag for tag in tags if not defined_in(tag, readme))
    assert not missing, f"tags in RULES.md but not in README.md: {missing}"


def test_a_made_up_tag_is_caught():
    facts, readme, records = _corpus()
    name = next(iter(facts))
    spoiled = dict(facts)
    spoiled[name] = {**facts[name], "why": str(facts[name]["why"]) + " (README, fixbogus57q)."}
    assert "fixbogus57q" in undefined(cited_tags(spoiled, records), readme)
    # the index's check reads the same way
    assert [t for t in tags_in("- **a rule (crashcatch55, fc99z)** · 651")
            if not defined_in(t, readme)] == ["fc99z"]
    # a pod's hash part the record holds is no citation
    own = next(iter(records))
    spoiled[own] = {**facts.get(own, {}), "why": "the pod web-xk2p9 (xk2pq9 not), zz123."}
    assert "zz123" in undefined(cited_tags(spoiled, {**records, own: records[own] + " zz"}),
                                readme)
