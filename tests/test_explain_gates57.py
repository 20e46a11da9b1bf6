"""speed57: a gated pattern finds what the pattern alone finds.

A gated pattern (`lazy.py`: `lazy_regex(..., gates=...)`) finds what the pattern alone finds,
in every stretch of a string it matches (strings made from the pattern itself, noise before
or after): a gate that finds nothing in a stretch (`_Gate.open` False) means the pattern
matches nothing there, and the pattern's search is left out.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kubesim.explain.readers as readers
from kubesim.explain.readers.lazy import _WORD_LETTERS, LazyPattern, _gate


def _gated() -> dict[str, LazyPattern]:
    """Every gated pattern of the readers, by the module that makes it and its name there."""
    found = {}
    for info in pkgutil.iter_modules(readers.__path__):
        module = importlib.import_module(f"{readers.__name__}.{info.name}")
        source = Path(str(module.__file__)).read_text()
        for name, value in vars(module).items():
            if isinstance(value, LazyPattern) and value.gates and \
                    re.search(rf"^{re.escape(name)} = lazy_regex\(", source, re.MULTILINE):
                found[f"{info.name}.{name}"] = value
    return found


GATED = _gated()


def test_the_slow_sentence_patterns_are_gated() -> None:
    """The patterns a kubelet log's line held the anchors of (speed57's profile) carry gates."""
    assert {"said_failing.SAID", "said_failing._SHOWN_MESSAGE", "said_failing._SEEN_FAILURES",
            "stated_cause.CAUSE_THEN_RESTART", "stated_cause.SHOWS_FAILURE",
            "failing_told.RESTARTING_WITH", "failing_told.LOOKED_SAYS",
            "pronoun_failing.PRONOUN_FAILING", "runs._STATUS_PROBE"} <= set(GATED)


def _same(a: re.Match[str] | None, b: re.Match[str] | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.span() == b.span() and a.groups() == b.groups()


def _check(pattern: LazyPattern, text: str, pos: int, endpos: int) -> None:
    alone = re.compile(pattern.pattern, pattern.flags)
    assert _same(pattern.search(text, pos, endpos), alone.search(text, pos, endpos)), \
        (pattern.pattern[:80], text, pos, endpos)
    assert _same(pattern.match(text, pos, endpos), alone.match(text, pos, endpos))
    # each gate alone: where the pattern matches in the stretch, the gate is open there
    m = alone.search(text, pos, endpos)
    if m is not None:
        for g in pattern.gates:
            assert _gate(g, pattern.flags).open(text, pos, endpos), (g, text, pos, endpos)
        low = text.lower()  # (each word in the match's own characters, lowered)
        for w in pattern.words:
            assert w in text[m.start():m.end()].lower() or len(low) != len(text), (w, m[0])


_SETTINGS = settings(suppress_health_check=list(HealthCheck), deadline=None)


def _property(name: str) -> None:
    pattern = GATED[name]

    @_SETTINGS
    @given(st.from_regex(re.compile(pattern.pattern, pattern.flags)), st.text(max_size=30),
           st.integers(0, 400), st.integers(0, 400), st.booleans())
    def matched(text: str, noise: str, start: int, length: int, before: bool) -> None:
        text = noise + text if before else text + noise
        _check(pattern, text, 0, len(text))
        _check(pattern, text, min(start, len(text)), min(start, len(text)) + length)

    matched()


def test_said_failing_said() -> None:
    _property("said_failing.SAID")


def test_said_failing_shown_message() -> None:
    _property("said_failing._SHOWN_MESSAGE")


def test_said_failing_seen_failures() -> None:
    _property("said_failing._SEEN_FAILURES")


def test_stated_cause_cause_then_restart() -> None:
    _property("stated_cause.CAUSE_THEN_RESTART")


def test_stated_cause_shows_failure() -> None:
    _property("stated_cause.SHOWS_FAILURE")


def test_failing_told_restarting_with() -> None:
    _property("failing_told.RESTARTING_WITH")


def test_failing_told_looked_says() -> None:
    _property("failing_told.LOOKED_SAYS")


def test_pronoun_failing() -> None:
    _property("pronoun_failing.PRONOUN_FAILING")


def test_runs_status_probe() -> None:
    _property("runs._STATUS_PROBE")


def test_every_gated_pattern_has_its_property_test() -> None:
    tested = {"said_failing.SAID", "said_failing._SHOWN_MESSAGE", "said_failing._SEEN_FAILURES",
              "stated_cause.CAUSE_THEN_RESTART", "stated_cause.SHOWS_FAILURE",
              "failing_told.RESTARTING_WITH", "failing_told.LOOKED_SAYS",
              "pronoun_failing.PRONOUN_FAILING", "runs._STATUS_PROBE"}
    assert set(GATED) <= tested, set(GATED) - tested


# a gate's scan of the whole string (`_Gate.open`) against its search of the stretch: the
# scan says open wherever the stretch holds a match (overlapping matches, lines read in turn)
_GATE_TEXT = st.lists(st.sampled_from(["a", "b", " ", "\t", "ab", "ba", "Ab", "\u017f"]),
                      max_size=20).map("".join)


@given(st.lists(st.tuples(_GATE_TEXT, st.integers(0, 32), st.integers(0, 32)), max_size=6),
       st.sampled_from([r"a[ \t]*b", r"(?i:ab|ba)", r"(?i:a)b+a", r"(?i:s)[ \t]*a"]))
def test_a_gate_is_open_where_the_stretch_matches(reads: list[tuple[str, int, int]],
                                                  pattern: str) -> None:
    gate = _gate(pattern, 0)
    regex = re.compile(pattern)
    for text, pos, endpos in reads:
        if regex.search(text, pos, endpos) is not None:
            assert gate.open(text, pos, endpos)


def test_a_word_letter_matches_only_its_own_cases() -> None:
    """A letter a gate's word may hold (`lazy._WORD_LETTERS`) matches, under IGNORECASE, only
    its lower and upper ASCII case among all characters: the lowered string holds the word
    wherever the pattern's `(?i:...)` of it matched (i, k and s match more: `\u0131`,
    `\u0130`, `\u212a`, `\u017f`)."""
    letters = re.compile(r"(?i)[a-z]")
    for code in range(0x110000):
        c = chr(code)
        if letters.fullmatch(c) and not c.isascii():
            assert not any(re.fullmatch(f"(?i:{w})", c) for w in _WORD_LETTERS), hex(code)
    for w in _WORD_LETTERS:
        assert {c for c in map(chr, range(128)) if re.fullmatch(f"(?i:{w})", c)} == \
            {w, w.upper()}
