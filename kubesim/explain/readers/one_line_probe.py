"""Probe YAML a web page ran into one line, its line breaks lost (`Ejemplo de configuración:
livenessProbe: httpGet: path: /livez port: 8080 initialDelaySeconds: 5 periodSeconds: 10`):
a run of `key: value` pairs that starts with a probe's key (`livenessProbe:`,
`readinessProbe:`, `startupProbe:`), inside a sentence, a code span or alone on its line. The
run is split before each of the probe's known keys (core/v1 Probe, ProbeHandler,
HTTPGetAction, TCPSocketAction, ExecAction, GRPCAction: flattened.py's tables), each pair put
back on a line of its own, and the lines re-nested by their keys' names
(`flattened.reindent_probes`).

What the lost line breaks leave ambiguous is not read, and said so, never guessed. The run
ends at the first word that is no key of the probe where it stands (the sentence going on, a
YAML comment, a header list) or at a value whose end cannot be told (a block list or block
scalar, a flow or quoted value that does not close, a path ending in `.`). A probe whose own
keys go on after such a word, or whose value cannot be told, is not read at all: the record
states values no default may stand for. The line's end inside a key or before its value is
the record's cut: the probe is read up to it. A number followed by the sentence's
punctuation (`periodSeconds: 5.`) is that number and the sentence's `.`, and a code span's
closing mark ends the run, said so: never 5.0. A probe twice (two liveness probes) is no
one container's: none is read.

One pass over the line's words: a probe's key is searched for, and each word after it looked
at once (a flow value's words too).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from kubesim.errors import SpecError

# the Probe schema's keys by their place: a probe's own fields, its handlers and theirs
from kubesim.explain.readers.flattened import (
    HANDLER_FIELDS,
    PROBE_FIELDS,
    PROBE_KEYS,
    reindent_probes,
)
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, NoteKind, Where
from kubesim.explain.readers.normalise import PasteLine
from kubesim.spec.manifests import containers_from_text

__all__ = ["MAX_FLOW_WORDS", "OneLineProbe", "OneLineRead", "ProbeRun", "Unread", "probe_runs",
           "read_one_line", "unread_parts"]

MAX_FLOW_WORDS = 64  # words of one flow or quoted value (`[cat, /tmp/healthy]`); past them,
# its end is not told
_WORD = lazy_regex(r"\S+")
_KEY_WORD = lazy_regex(r"[A-Za-z]{1,40}:")
# a probe's key as a word of its own, or opening a code span (`` `livenessProbe: ...` ``):
# where a run starts (searched for, not word by word)
_PROBE_KEY = lazy_regex(r"(?<![^\s`])(?:liveness|readiness|startup)Probe:(?!\S)")
_DIGITS = lazy_regex(r"[0-9]{1,10}")
_PUNCTUATION = ".,;!?"  # a sentence's, after the value that ends the run
_CLOSERS = {"[": "]", "{": "}", '"': '"', "'": "'"}
_KNOWN = frozenset(PROBE_KEYS | PROBE_FIELDS | set(HANDLER_FIELDS) | {
    k for keys in HANDLER_FIELDS.values() for k in keys})
# a key of a probe whose value the lost line breaks make ambiguous (a list of mappings whose
# items' values may hold spaces): read up to it
_AMBIGUOUS = {"httpHeaders": "a list of headers, whose values may hold spaces"}


@dataclass(slots=True)
class OneLineProbe:
    """One probe of a run: its `key: value` pairs, one a line (their indentation lost, for
    `reindent_probes`), and where it stands in the line (offsets)."""

    probe: str
    lines: list[str]
    start: int
    end: int
    seen: set[str] = field(default_factory=set)  # its keys, a handler's as `httpGet.path`
    handler: str = ""  # the handler whose fields follow ("" before it, or after a flow one)
    untold: str = ""  # why a value the line states for it cannot be told ("" for none)


class ProbeRun(NamedTuple):
    """A run of probe YAML in one line: its probes (each with a key read), where it starts
    (the first probe's key) and ends (after the last key or value read), the pair whose
    end was read as the sentence's or a code span's (`periodSeconds: 5.`; "" for none) and
    what it was read as (`periodSeconds: 5`), and why the line's text after `end` is not
    read."""

    probes: list[OneLineProbe]
    start: int
    end: int
    punctuated: str
    read_as: str
    rest: str


class Unread(NamedTuple):
    """A part of the line not read: its offsets, and why."""

    start: int
    end: int
    why: str


class _Value(NamedTuple):
    text: str  # as YAML is to read it (the sentence's punctuation off)
    end: int
    punctuated: str  # the value as written when its end is the sentence's or a code span's


class _Words:
    """The line's words, one looked at ahead."""

    def __init__(self, text: str, pos: int, last: int) -> None:
        self.text, self.last = text, last  # (`last`: where the line's last word ends)
        self._it: Iterator[re.Match[str]] = _WORD.finditer(text, pos)
        self.next: re.Match[str] | None = next(self._it, None)

    def take(self) -> re.Match[str]:
        word = self.next
        assert word is not None
        self.next = next(self._it, None)
        return word


def _key(word: str) -> str:
    return word[:-1] if _KEY_WORD.fullmatch(word) else ""


def probe_runs(text: str) -> list[ProbeRun]:
    """The runs of probe YAML in `text`, each starting at a probe's key and holding a key
    of it; empty for a line that only names a probe (`livenessProbe: it restarts it`). The
    line is looked at no further once a probe comes twice (`read_one_line` reads none)."""
    runs: list[ProbeRun] = []
    kinds: set[str] = set()
    pos, last = 0, len(text.rstrip())
    keyed = "Probe:" in text  # (the keys' word looked for first: the pattern starts at a lookbehind)
    while keyed and (first := _PROBE_KEY.search(text, pos)) is not None:
        words = _Words(text, first.end(), last)
        run = _run(words, first)
        pos = words.next.start() if words.next is not None else len(text)
        if not run.probes:
            continue
        runs.append(run)
        if len(kinds) + len(run.probes) > len(kinds | {p.probe for p in run.probes}):
            break  # (a probe twice: no container's)
        kinds.update(p.probe for p in run.probes)
    return runs


def _run(words: _Words, first: re.Match[str]) -> ProbeRun:
    """The run `first` (a probe's key) starts, up to the first word that is no key of its
    probe in its place, or a key whose value cannot be told."""
    probe = OneLineProbe(first[0][:-1], [first[0]], first.start(), first.end())
    probes = [probe]
    end, rest, punctuated, read_as = first.end(), "", "", ""
    while words.next is not None and not (rest or punctuated):
        word = words.next
        key = _key(word[0])
        if key in PROBE_KEYS and any(p.probe == key and len(p.lines) > 1 for p in probes):
            rest = f"`{key}:` a second time: which container each is of cannot be told"
            break
        if key in PROBE_KEYS:  # (a probe's key with nothing after it is the sentence's word)
            words.take()
            probe = OneLineProbe(key, [word[0]], word.start(), word.end())
            probes[len(probes) - (len(probes[-1].lines) == 1):] = [probe]
            end = word.end()
            continue
        rest = _misplaced(probe, key, word, words.last)
        if rest:
            probe.untold = _goes_on(words, rest)
            break
        words.take()
        cut = words.next is None  # (the line ends after the key: the record's cut)
        value = _value(words, key, word)
        if isinstance(value, str):
            # a value the line states but that cannot be told leaves the probe unknown (its
            # default would be a guess)
            rest, probe.untold = value, "" if cut else value
            break
        _add(probe, key, value)
        end, read_as = value.end, f"{key}: {value.text}"
        punctuated = f"{key}: {value.punctuated}" if value.punctuated else ""
    # (a probe's key with nothing of it after it is the sentence's word; one whose handler's
    # fields are not read is said not read, with why)
    kept = [p for p in probes if len(p.lines) > 1]
    return ProbeRun(kept, first.start(), kept[-1].end if kept else end, punctuated, read_as,
                    rest)


def _scoped(probe: OneLineProbe, key: str) -> str:
    return f"{probe.handler}.{key}" if probe.handler and key in HANDLER_FIELDS[probe.handler] \
        else key


def _misplaced(probe: OneLineProbe, key: str, word: re.Match[str], last: int) -> str:
    """Why the word ends the run where it stands ("" when it is a key of the probe there)."""
    if not key:
        cut = word.end() == last and any(
            k.startswith(word[0]) and k != word[0] for k in _KNOWN)
        if cut:
            return f"the line ends inside a key (`{word[0]}`): its value is not in the line"
        if word[0].startswith("#"):
            return "a YAML comment, whose end the lost line breaks hide"
        return "no key of a probe: the sentence going on"
    if _scoped(probe, key) in probe.seen:
        return f"`{key}:` a second time in one probe: where the probe ends cannot be told"
    if key in _AMBIGUOUS:
        return f"`{key}:` is {_AMBIGUOUS[key]}: where they end cannot be told"
    first_handler = key in HANDLER_FIELDS and not probe.seen.intersection(HANDLER_FIELDS)
    if first_handler or key in PROBE_FIELDS or _scoped(probe, key) != key:
        return ""
    return f"`{key}:` is no key of the probe where it stands"


def _goes_on(words: _Words, why: str) -> str:
    """Why the probe is not read when a key of a probe follows the word that ended its run
    (`why`: a comment, a value of several words, a header list) before the next probe's key:
    what lies between cannot be told, and the defaults of the keys after it would be
    guesses; "" when none does. The words looked at are taken (none is a probe's key)."""
    words.take()  # (the word that ended the run)
    while words.next is not None and _key(words.next[0]) not in PROBE_KEYS:
        key = _key(words.take()[0])
        if key in _KNOWN:
            return f"{why}; the probe's `{key}:` follows: what lies between cannot be told"
    return ""


def _add(probe: OneLineProbe, key: str, value: _Value) -> None:
    probe.seen.add(_scoped(probe, key))
    probe.lines.append(f"{key}: {value.text}" if value.text else f"{key}:")
    probe.end = value.end
    if key in HANDLER_FIELDS:  # a flow mapping holds its fields: none of them follows it
        probe.handler = "" if value.text else key


def _value(words: _Words, key: str, at: re.Match[str]) -> _Value | str:
    """The value of `key` (its word `at` taken), or why it cannot be told: a handler's key
    opens a mapping (its fields follow, or a flow mapping `{...}`)."""
    word = words.next
    if key in HANDLER_FIELDS:
        if word is not None and word[0].startswith("{"):
            return _flow(words, key)
        return _Value("", at.end(), "")
    if word is None:
        return f"the line ends after `{key}:`: its value is not in the line"
    if _key(word[0]):
        return f"`{key}:` without a value before `{word[0]}`"
    if word[0][0] in _CLOSERS:
        return _flow(words, key)
    if word[0] == "-" or word[0][0] in "|>":
        return (f"`{key}:` holds a block list or a block scalar (`{word[0]}`), whose lines the "
                "lost line breaks hide")
    return _plain(words.take(), key)


def _tail(text: str) -> tuple[str, str]:
    """A word and what may end the sentence or a code span after it (`` ` ``, then one of
    `.,;!?`): (the word before it, it)."""
    cut = len(text) - (text[-1:] in _PUNCTUATION)
    cut -= text[:cut].endswith("`")
    return text[:cut], text[cut:]


def _plain(word: re.Match[str], key: str) -> _Value | str:
    """A plain scalar's word; the code span's end after it, or a number's punctuation after
    it, is not the value's (`periodSeconds: 5.` is 5 and the sentence's `.`)."""
    body, tail = _tail(word[0])
    if not tail:
        return _Value(body, word.end(), "")
    if body and (tail[0] == "`" or _DIGITS.fullmatch(body)):
        return _Value(body, word.end(), word[0])
    return (f"`{key}: {word[0]}`: whether its `{tail}` is the value's or the sentence's "
            "cannot be told")


def _flow(words: _Words, key: str) -> _Value | str:
    """A flow value (`[cat, /tmp/healthy]`, `{path: /, port: 80}`) or a quoted one, up to
    the word that closes it; a value nested in it, or one that does not close within
    MAX_FLOW_WORDS words, is not read."""
    first = words.take()
    opener = first[0][0]
    closer, word, skip = _CLOSERS[opener], first, 1  # (the first word's opener skipped)
    for _ in range(MAX_FLOW_WORDS):
        core, tail = _tail(word[0][skip:])  # (`[cat, /tmp/healthy].`: the sentence's `.`)
        if not core.endswith(closer):
            core, tail = core + tail, ""
        closes = core.endswith(closer)
        if opener in "[{" and any(c in "[]{}" for c in (core[:-1] if closes else core)):
            break  # (a value nested in it: where each ends is not read)
        if closes:
            end = word.start() + skip + len(core)
            return _Value(words.text[first.start():end], word.end(),
                          words.text[first.start():word.end()] if tail else "")
        if words.next is None:
            break
        word, skip = words.take(), 0
    what = "flow" if opener in "[{" else "quoted"
    return f"`{key}:` holds a {what} value that does not close: where it ends cannot be told"


def unread_parts(text: str, runs: list[ProbeRun]) -> list[Unread]:
    """The parts of the line around its runs (`probe_runs`) that are not read, and why."""
    parts: list[Unread] = []
    if text[:runs[0].start].strip():
        parts.append(Unread(0, runs[0].start, "prose"))
    for run, after in zip(runs, [*(r.start for r in runs[1:]), len(text)], strict=True):
        if text[run.end:after].strip():
            parts.append(Unread(run.end, after, run.rest or "prose after the sentence it ends"))
    return parts


class OneLineRead(NamedTuple):
    """What the paste's lines of one-line probe YAML give: the probes read, re-nested as one
    container's probe YAML ("" for none), the first line they are on, notes on how each line
    was read and what of it was not, and lines not read at all with why."""

    yaml: str
    line: int
    notes: list[Note]
    unread: list[PasteLine]
    why: str


def read_one_line(found: list[tuple[PasteLine, list[ProbeRun]]], source: str) -> OneLineRead:
    """The probes of the lines holding one-line probe YAML (`probe_runs`), each read alone
    (`reindent_probes`, then as the API server would); the probes are one container's. A
    probe twice among them (two liveness probes) leaves every line unread: which container
    each is of is not in the record."""
    counts = Counter(p.probe for _, runs in found for run in runs for p in run.probes)
    twice = sorted(k for k, n in counts.items() if n > 1)
    if twice:
        return OneLineRead("", 0, [], [line for line, _ in found], (
            f"probe YAML run into one line holding {', '.join(twice)} more than once: which "
            "container each is of is not in the record"))
    texts: list[str] = []
    notes: list[Note] = []
    first = 0
    for line, runs in found:
        read = {p.probe: text for run in runs for p in run.probes
                if (text := _probe_yaml(p, line, source, notes))}
        notes.extend(_line_notes(line, runs, source, list(read)))
        first = first or (line.number if read else 0)
        texts.extend(read.values())
    return OneLineRead("".join(texts), first, notes, [], "")


def _probe_yaml(probe: OneLineProbe, line: PasteLine, source: str, notes: list[Note]) -> str:
    """The probe's YAML re-nested, when it reads as the API server reads a probe; else ""
    and a note of why it is not read."""
    text = reindent_probes(probe.lines)
    why = probe.untold or ("its keys are not a probe's in their places" if text is None
                           else "")
    if text is not None and not why:
        try:
            containers_from_text(text, source)
        except SpecError as exc:  # (the message names kubesim's stand-in container: off)
            why = exc.message.split("container app: ", 1)[-1]
    if text is None or why:
        said = line.text[probe.start:probe.end].strip()[:60]
        notes.append(Note(f"not read: line {line.number}, its `{probe.probe}:` YAML run into "
                          f"one line ({why}): {said}", Where(source, line.number),
                          kind=NoteKind.NOT_READ))
        return ""
    return text


def _line_notes(line: PasteLine, runs: list[ProbeRun], source: str, read: list[str]
                ) -> list[Note]:
    """How the line was read (when a probe of it was: `read`), the sentence's punctuation
    read off a value, and each part of the line not read, with why."""
    at = Where(source, line.number)
    notes: list[Note] = []
    if read:
        notes.append(Note(
            f"line {line.number} holds probe YAML run into one line, its line breaks lost (a "
            f"web page's copy): {', '.join(read)} read split before each of the probe's keys, "
            "each put back under the one it belongs to by its name", at))
    notes.extend(Note(
        f"line {line.number}: {_span(run.punctuated)}: "
        f"{_ends(run.punctuated[len(run.read_as):])}, not the value: read as "
        f"{_span(run.read_as)}", at) for run in runs if run.punctuated)
    for part in unread_parts(line.text, runs):
        where = "before" if part.start == 0 else "after"
        said = line.text[part.start:part.end].strip()[:60]
        notes.append(Note(f"not read: line {line.number}, its text {where} the probe YAML "
                          f"({part.why}): {said}", at, kind=NoteKind.NOT_READ))
    return notes


def _ends(tail: str) -> str:
    """What the marks after a value end (`_tail`)."""
    said = [f"its `{tail[-1]}` ends the sentence"] if tail[-1] in _PUNCTUATION else []
    return " and ".join(["its `` ` `` closes the code span"] * ("`" in tail) + said)


def _span(text: str) -> str:
    return f"`` {text} ``" if "`" in text else f"`{text}`"
