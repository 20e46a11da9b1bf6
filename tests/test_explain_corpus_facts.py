"""The corpus of real records for `kubesim explain` is complete and its facts well formed
(issue 30, item 5): every record in tests/data/explain/real/ has one entry in facts.yaml and
a line in SOURCES.md, every entry a record, every value is in the vocabulary of
tests/data/explain/real/README.md and the facts agree with each other; at least 40 records in
at least 10 layouts. This checks the data only; the test holding `kubesim explain` to these
facts is separate.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest
import yaml

HERE = Path(__file__).resolve().parent
REAL = HERE / "data" / "explain" / "real"
OLDER = HERE / "data" / "explain"
META = frozenset({"facts.yaml", "SOURCES.md", "README.md", "RULES.md"})

ENDED = frozenset({"liveness-kill", "startup-kill", "readiness-only", "oom-killed", "app-exit",
                   "cannot-tell"})
PROBES = frozenset({"liveness", "readiness", "startup"})
REQUIRED = frozenset({"layout", "ended", "probe", "probe_kills", "shows_failures",
                      "thread_resolution", "why"})
OPTIONAL = frozenset({"container", "pod"})
LAYOUT_ID = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
URL = re.compile(r"https?://\S+")
MIN_RECORDS = 40
MIN_LAYOUTS = 10
# libyaml's safe loader and dumper where PyYAML has them: the same documents in a tenth of the
# time (the checker parses the 650 kB facts.yaml twice for each spoiled copy below, and the
# pure-Python loader made each of those tests 2 s of CPU)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load_yaml(text: str) -> Any:
    return yaml.load(text, Loader=_LOADER)  # (a safe loader)


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_DUMPER)


def record_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.is_file() and p.name not in META)


def probes_of(value: Any) -> list[str] | None:
    """The probes an entry names, [] for `none`, None when the value is not of the vocabulary."""
    if value == "none":
        return []
    items = value if isinstance(value, list) else [value]
    if not items or len(set(items)) != len(items) or not all(p in PROBES for p in items):
        return None
    return items


def kill_range(value: Any) -> tuple[int, int | None] | None:
    if not isinstance(value, dict) or set(value) != {"min", "max"}:
        return None
    lo, hi = value["min"], value["max"]
    if isinstance(lo, bool) or not isinstance(lo, int) or lo < 0:
        return None
    if hi is not None and (isinstance(hi, bool) or not isinstance(hi, int) or hi < lo):
        return None
    return lo, hi


def entry_problems(name: str, entry: Any) -> list[str]:
    if not isinstance(entry, dict):
        return [f"{name}: the entry is not a mapping"]
    out = [f"{name}: missing {k}" for k in sorted(REQUIRED - set(entry))]
    out += [f"{name}: unknown key {k}" for k in sorted(set(entry) - REQUIRED - OPTIONAL)]
    for key in ("layout", "thread_resolution", "why", *sorted(OPTIONAL & set(entry))):
        if key in entry and not (isinstance(entry[key], str) and entry[key].strip()):
            out.append(f"{name}: {key} must be a non-empty string")
    if isinstance(entry.get("layout"), str) and not LAYOUT_ID.match(entry["layout"]):
        out.append(f"{name}: layout {entry['layout']!r} must be a short id (a-z, 0-9, -)")
    ended, probes = entry.get("ended"), probes_of(entry.get("probe"))
    kills, shows = kill_range(entry.get("probe_kills")), entry.get("shows_failures")
    if ended not in ENDED:
        out.append(f"{name}: ended={ended!r} is not one of {sorted(ENDED)}")
    if probes is None:
        out.append(f"{name}: probe={entry.get('probe')!r} must be none, one of "
                   f"{sorted(PROBES)} or a list of them")
    if kills is None:
        out.append(f"{name}: probe_kills={entry.get('probe_kills')!r} must be "
                   "{min: N >= 0, max: M >= N or null}")
    if not isinstance(shows, bool):
        out.append(f"{name}: shows_failures must be true or false")
    if out:
        return out
    return consistency_problems(name, ended, probes, kills, shows)


def consistency_problems(name: str, ended: str, probes: list[str], kills: tuple[int, int | None],
                         shows: bool) -> list[str]:
    """The facts of one entry must not contradict each other (README.md, 'Vocabulary')."""
    lo, hi = kills
    out = []
    for cause, probe in (("liveness-kill", "liveness"), ("startup-kill", "startup")):
        if ended == cause and (probe not in probes or lo < 1):
            out.append(f"{name}: ended={cause} needs probe {probe} and probe_kills.min >= 1")
    if ended == "readiness-only" and (probes != ["readiness"] or hi != 0):
        out.append(f"{name}: readiness-only means probe=readiness and no probe kill (max 0)")
    if ended == "app-exit" and hi != 0:
        out.append(f"{name}: app-exit means no probe could have killed (probe_kills.max 0)")
    if not shows and (probes or lo > 0):
        out.append(f"{name}: shows_failures=false but the entry names failures or kills")
    return out


# every text between one backtick and the next on a line (overlapping: `a` b `c` gives "a",
# " b ", "c"): a name without a backtick is in the line as `name` exactly when it is one of them
_QUOTED = re.compile(r"`(?=([^`]*)`)")


def _lines_naming(lines: list[str]) -> dict[str, list[str]]:
    """For each text quoted in backticks, the lines quoting it, in their order: one pass over
    SOURCES.md instead of one per record (each spoiled copy below checks 800 records)."""
    out: dict[str, list[str]] = {}
    for line in lines:
        for quoted in dict.fromkeys(_QUOTED.findall(line)):
            out.setdefault(quoted, []).append(line)
    return out


def sources_problems(directory: Path, names: list[str]) -> list[str]:
    lines = (directory / "SOURCES.md").read_text(encoding="utf-8").splitlines()
    naming = _lines_naming(lines)
    out = []
    for name in names:
        mine = naming.get(name, []) if "`" not in name else [
            line for line in lines if f"`{name}`" in line]
        if len(mine) != 1:
            out.append(f"SOURCES.md: {len(mine)} lines name `{name}` (one is needed)")
        elif not URL.search(mine[0]):
            out.append(f"SOURCES.md: the line of `{name}` has no address")
    return out


def file_problems(directory: Path, name: str) -> list[str]:
    try:
        text = (directory / name).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return [f"{name}: not UTF-8"]
    if not text.strip():
        return [f"{name}: empty"]
    try:
        if name.endswith(".json"):
            json.loads(text)
        elif name.endswith((".yaml", ".yml")):
            load_yaml(text)
    except (ValueError, yaml.YAMLError) as e:
        return [f"{name}: named as JSON/YAML but does not parse ({type(e).__name__})"]
    return []


# an entry's key line under `records:` (two spaces, the file name, a colon ending the line)
_ENTRY_KEY = re.compile(r"^  ([^ #][^\n]*):$", re.MULTILINE)


def twice_written(text: str) -> list[str]:
    """Entries written twice: a YAML loader keeps the last one silently, so the first copy's
    facts would be judged by nobody (a merge that appends a batch's block a second time)."""
    seen: set[str] = set()
    out = []
    for key in _ENTRY_KEY.findall(text):
        if key in seen:
            out.append(f"facts.yaml: entry {key} is written twice")
        seen.add(key)
    return out


def corpus_problems(directory: Path) -> list[str]:
    """Everything wrong with the corpus in `directory`, one line each; [] when it is sound."""
    text = (directory / "facts.yaml").read_text(encoding="utf-8")
    facts = load_yaml(text)
    entries = facts.get("records") if isinstance(facts, dict) else None
    if not isinstance(entries, dict):
        return ["facts.yaml: needs a mapping `records:` of file name -> facts"]
    out = twice_written(text)
    files = record_files(directory)
    out += [f"{n}: no entry in facts.yaml" for n in files if n not in entries]
    out += [f"facts.yaml: entry {n} has no file" for n in entries if n not in files]
    for name in files:
        out += file_problems(directory, name)
        if name in entries:
            out += entry_problems(name, entries[name])
    out += sources_problems(directory, files)
    if len(files) < MIN_RECORDS:
        out.append(f"{len(files)} records, at least {MIN_RECORDS} are needed")
    layouts = {e.get("layout") for e in entries.values() if isinstance(e, dict)}
    if len(layouts) < MIN_LAYOUTS:
        out.append(f"{len(layouts)} layouts, at least {MIN_LAYOUTS} are needed")
    return out


def test_the_corpus_of_real_records_is_complete_and_well_formed():
    assert corpus_problems(REAL) == []


def test_the_corpus_covers_every_cause_and_several_probe_kills():
    """Each cause of the vocabulary is decided by at least one record, and the counts are not
    all the same (records of one kill, several kills, and open-ended ones)."""
    entries = load_yaml((REAL / "facts.yaml").read_text(encoding="utf-8"))["records"]
    assert {e["ended"] for e in entries.values()} == ENDED
    assert {p for e in entries.values() for p in probes_of(e["probe"]) or []} == PROBES
    maxima = {e["probe_kills"]["max"] for e in entries.values()}
    assert None in maxima and {0, 1} <= maxima and any(m and m > 2 for m in maxima)
    assert any(not e["shows_failures"] for e in entries.values())


def test_the_records_are_new():
    """The corpus adds records: none repeats one the suite already had (tests/data/explain)."""
    older = {p.read_bytes() for p in OLDER.iterdir() if p.is_file()}
    assert [n for n in record_files(REAL) if (REAL / n).read_bytes() in older] == []


@functools.lru_cache(maxsize=1)
def _parsed(text: str) -> Any:
    return load_yaml(text)


def facts_of(d: Path) -> Any:
    """The facts.yaml of the copy in `d`, parsed, for a spoil to change: each spoil reads the
    same unspoiled text, parsed once (a tenth of a second of CPU each time) and handed to each
    caller as its own deep copy."""
    return deepcopy(_parsed((d / "facts.yaml").read_text(encoding="utf-8")))


def mutate_entry(key: str, value: Any):
    def change(d: Path) -> None:
        facts = facts_of(d)
        first = sorted(facts["records"])[0]
        facts["records"][first][key] = value
        (d / "facts.yaml").write_text(dump_yaml(facts), encoding="utf-8")
    return change


def drop_entry(d: Path) -> None:
    facts = facts_of(d)
    facts["records"].pop(sorted(facts["records"])[0])
    (d / "facts.yaml").write_text(dump_yaml(facts), encoding="utf-8")


def add_record(d: Path) -> None:
    (d / "zz-new.describe.txt").write_text("Events:\n", encoding="utf-8")


def drop_sources_line(d: Path) -> None:
    first = record_files(d)[0]
    text = (d / "SOURCES.md").read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if f"`{first}`" not in line]
    (d / "SOURCES.md").write_text("\n".join(kept), encoding="utf-8")


def entry_twice(d: Path) -> None:
    facts = d / "facts.yaml"
    text = facts.read_text(encoding="utf-8")
    first = _ENTRY_KEY.search(text)
    assert first is not None
    end = text.find("\n\n", first.start())
    facts.write_text(text.rstrip("\n") + "\n\n" + text[first.start():end] + "\n",
                     encoding="utf-8")


def readiness_with_a_kill(d: Path) -> None:
    facts = facts_of(d)
    name = next(n for n, e in sorted(facts["records"].items())
                if e["ended"] == "readiness-only")
    facts["records"][name]["probe_kills"] = {"min": 0, "max": 1}
    (d / "facts.yaml").write_text(dump_yaml(facts), encoding="utf-8")


@pytest.fixture(scope="module")
def sound_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the corpus, checked sound once for the module: each spoiled copy below is a
    copy of it (checking a copy of 1,000 records, and loading its facts.yaml, was about half
    of what each of those tests cost when each checked its own copy first)."""
    copy = tmp_path_factory.mktemp("sound") / "real"
    shutil.copytree(REAL, copy)
    assert corpus_problems(copy) == []
    return copy


@pytest.mark.parametrize("spoil, says", [
    (drop_entry, "no entry in facts.yaml"),
    (add_record, "zz-new.describe.txt: no entry"),
    (drop_sources_line, "SOURCES.md: 0 lines name"),
    (mutate_entry("ended", "killed"), "ended='killed' is not one of"),
    (mutate_entry("probe", ["liveness", "none"]), "must be none, one of"),
    (mutate_entry("probe_kills", {"min": 3, "max": 1}), "probe_kills="),
    (mutate_entry("shows_failures", "yes"), "shows_failures must be true or false"),
    (mutate_entry("colour", "red"), "unknown key colour"),
    (mutate_entry("layout", "Describe Events"), "must be a short id"),
    (readiness_with_a_kill, "readiness-only means"),
    (entry_twice, "is written twice"),
])
def test_the_check_names_what_is_wrong(sound_copy, tmp_path, spoil, says):
    """The checker itself can fail: each spoiled copy of the corpus is reported, by name."""
    copy = tmp_path / "real"
    shutil.copytree(sound_copy, copy)
    spoil(copy)
    found = corpus_problems(copy)
    assert any(says in line for line in found), found
