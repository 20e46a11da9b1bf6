"""speed59: a refused page's first word of a container's fate is found at its words.

`refusal.told_line` looks for `_FATE`'s first match over the whole refused text: a 2 MB line
of none of its words was `_FATE` tried at each of its characters (about 0.2 s; its `\\b` and
IGNORECASE leave `re` no prefix to skip to). `_first_fate` looks, in ASCII text, only a little
before each place of a word every match holds (`_FATE_WORDS`), and hands the rest of the text
to `_FATE` after `_FATE_TRIES` places tried in vain. These tests keep its match the one
`_FATE.search` finds (`_old_first`, the code before speed59: the oracle), on texts of the
words, their near misses and their cases, and on any text.
"""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from kubesim.explain.readers import refusal


def _old_first(text: str) -> re.Match[str] | None:
    """`_FATE.search(text)`, as `told_line` found its first match before speed59."""
    return refusal._FATE.compiled().search(text)


def _same(got: re.Match[str] | None, want: re.Match[str] | None) -> bool:
    return (got is None and want is None) or (
        got is not None and want is not None and got.span() == want.span()
        and got.groupdict() == want.groupdict())


# the words, near misses (a letter before, a word's start only), their other cases, the
# characters IGNORECASE matches to an ASCII letter, separators
_PIECES = ["kill", "Killed", "KILLING", "skill", "kills_", "OOM", "oom-killed", "OOMKilled",
           "boom", "restart", "Re-Started", "restarted", "neustart", "Neustarts", "start",
           "startup", "Startup-Probe", "liveness", "Liveness probe", "readinessProbe",
           "readiness -probes", "crash", "CrashLoopBackOff", "crash-looping", "back-off",
           "backoff", "Back", "evicted", "exit code", "EXIT\tcode", "exit", "exitcode",
           "\u212aill", "\u017ftart", "\u0130", "\u0131", "\u91cd\u542f", "\u518d\u8d77\u52d5",
           "\u043f\u0435\u0440\u0435\u0437\u0430\u043f\u0443\u0441\u043a\u0430",
           " ", "  ", "\n", "-", "_", "a", "x1", ".", "e", "re", "re-", "neu"]


@settings(max_examples=600, deadline=None)
@example("skill " * 100 + "then it was killed")  # (more places tried in vain than _FATE_TRIES)
@example("skill " * 100)
@example("a" * 70 + "re-started")
@example("neustart")
@example("xre-started")
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join) | st.text(max_size=80))
def test_the_first_fate_is_the_one_fate_search_finds(text: str) -> None:
    assert _same(refusal._first_fate(text), _old_first(text))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=8).map("".join),
       st.integers(0, 200), st.integers(0, 200))
def test_the_first_fate_is_found_past_many_tries(words: str, misses: int, pad: int) -> None:
    """Past more places tried in vain than `_FATE_TRIES` (the rest read by `_FATE`)."""
    text = "skill " * misses + "x" * pad + words
    assert _same(refusal._first_fate(text), _old_first(text))


def test_every_fate_word_is_a_match_s_start_lead_or_less() -> None:
    """`_FATE_WORDS`' claim, on a match of each of `_FATE`'s alternatives: the lowered match
    holds a word no more than `_FATE_LEAD` characters after its start."""
    for text in ("liveness probe", "readinessProbe", "startup probes", "kills", "OOM-Killed",
                 "OOM", "restarting", "re-started", "restarted", "crashes", "crash-loops",
                 "CrashLoopBackOff", "back-off", "backoff", "evicted", "exit  code",
                 "Neustarts"):
        m = _old_first(text)
        assert m is not None and m.start() == 0
        low = m[0].lower()
        assert any(0 <= low.find(w) <= refusal._FATE_LEAD for w in refusal._FATE_WORDS), text


def test_the_oom_hint_s_letters_are_lowered_alone() -> None:
    """`stated_oom_with._HINT_OOM` and `_HINT_KILLED`'s claim: every character IGNORECASE
    matches to one of their letters is one `str.lower` makes that letter, alone."""
    import sys

    from kubesim.explain.readers import stated_oom_with as oom

    for letter in set(oom._HINT_OOM + "".join(oom._HINT_KILLED)):
        pattern = re.compile(letter, re.IGNORECASE)
        for code in range(sys.maxunicode + 1):
            if pattern.fullmatch(chr(code)):
                assert chr(code).lower() == letter, (letter, hex(code))


_OOM_PIECES = ["OOM", "oom", "Oom", "OOMKilled", "oom-kills", "OOM_Killed", "killed", "KILLED",
               "killed by", "killed because of", " the kernel's ", "out of memory",
               "out-of-memory killer", "running out of memory", "Memory", "memory", "lled",
               "(", ")", " ", "\t", "\n", "a", "ki", "\u212a", "\u0131", "\u0130", "OOMs",
               "due to ", "for ", "killer"]


@settings(max_examples=600, deadline=None)
@example("killed (out of memory)")
@example("killed because of running out of memory")
@example("KILLED by Out-Of-Memory")
@given(st.lists(st.sampled_from(_OOM_PIECES), max_size=30).map("".join) | st.text(max_size=60))
def test_the_oom_hint_is_the_hint_s_search(text: str) -> None:
    """`oom_with_hint` answers as `_HINT.search` did before speed59 (the oracle)."""
    from kubesim.explain.readers import stated_oom_with as oom

    assert oom.oom_with_hint(text) == (oom._HINT.search(text) is not None)


_BULLET_PIECES = ["- web: OOMKilled", "* api:`Error`", "\u2022 db : Completed", "  ", "\t",
                  "\n", "\r\n", "-", " ", "web", ":", "OOMKilled", "Errors", "x", "\n- a: Error"]


@settings(max_examples=400, deadline=None)
@example("x\n  - web: OOMKilled")
@example("- web: OOMKilled")
@given(st.lists(st.sampled_from(_BULLET_PIECES), max_size=20).map("".join)
       | st.text(max_size=60))
def test_a_named_bullet_is_found_at_a_line_s_start(text: str) -> None:
    """`_NAMED_BULLET` at the text's start or behind a newline is `_NAMED_BULLET` anywhere
    (its `^` under MULTILINE: the oracle)."""
    from kubesim.explain.readers import runs

    below = runs._NAMED_BULLET.match(text) is not None \
        or runs._NAMED_BULLET_BELOW.search(text) is not None
    assert below == (runs._NAMED_BULLET.search(text) is not None)


def _old_near(pattern, line, words, reach, most=None):  # type: ignore[no-untyped-def]
    """`runs._near` before speed59 (every word's places looked around): the oracle."""
    found = None
    for word in words:
        at, left = line.find(word), most
        while at >= 0 and (found is None or at - reach[0] < found.start()) and left != 0:
            left = None if left is None else left - 1
            m = pattern.search(line, max(0, at - reach[0]), at + len(word) + reach[1])
            if m is not None:
                found = m if found is None or m.start() < found.start() else found
                break
            at = line.find(word, at + 1)
    return found


_STATUS_PIECES = ["status:", "Status: ", "\u72b6\u6001\uff1a", "probe", "Probe", "PROBE",
                  "liveness probe failed", "Readiness probe failing", "CrashLoopBackOff",
                  " ", "\n", "x", "the pod", "\u043f\u0440\u043e\u0431\u0430", "failed", "\t"]


@settings(max_examples=400, deadline=None)
@example("status: liveness probe failed")
@given(st.lists(st.sampled_from(_STATUS_PIECES), max_size=30).map("".join)
       | st.text(max_size=60))
def test_a_pattern_gated_nowhere_on_the_line_is_not_looked_for(line: str) -> None:
    """`_near` of a gated pattern whose gate is nowhere on the line gives what looking
    around each of its words' places gave (`_old_near`), gated or not."""
    from kubesim.explain.readers import runs

    for pattern, words, reach in ((runs._STATUS_PROBE, runs._PROBE_WORDS, (80, 80)),
                                  (runs._STATED_END, runs._END_WORDS, (40, 160))):
        got, want = runs._near(pattern, line, words, reach), _old_near(pattern, line, words,
                                                                       reach)
        assert _same(got, want)


def _old_stated_hint(text: str) -> bool:
    """`runs.stated_hint` before speed59: every word's escape looked for, the bullet's `^`
    searched at each place (the oracle)."""
    import json

    from kubesim.explain.readers import runs
    from kubesim.explain.readers.normalise import folded

    def has(words: tuple[str, ...]) -> bool:
        return any(w in text or json.dumps(w)[1:-1] in text for w in words)
    hinted = "CrashLoopBackOff" in text or "terminated" in folded(text)
    return (hinted and runs._STATED_HINT.search(text) is not None) or \
        has(runs._HINT_ENGLISH) or (has(runs._HINT_PROBE) and has(runs._HINT_FAILED)) \
        or runs._NAMED_BULLET.search(text) is not None


def test_a_hint_word_s_escape_is_itself_or_holds_the_escape_mark() -> None:
    """`stated_hint`'s claim: each word's JSON escape is the word or holds `\\u`."""
    import json

    from kubesim.explain.readers import runs

    for word in runs._HINT_ENGLISH + runs._HINT_PROBE + runs._HINT_FAILED:
        escape = json.dumps(word)[1:-1]
        assert escape == word or "\\u" in escape, word


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(
    _BULLET_PIECES + ["\u63a2\u9488", "\\u63a2\\u9488", "\u5931\u8d25", "\\u5931\\u8d25",
                      "liveness probe fail", "terminated with reason", "Status: Terminated",
                      "CrashLoopBackOff", "\\u", "\\"]), max_size=20).map("".join)
       | st.text(max_size=60))
def test_the_stated_hint_is_the_hint_worked_out_before(text: str) -> None:
    from kubesim.explain.readers import runs

    assert runs.stated_hint(text) == _old_stated_hint(text)


_NEAR_LINES = ["status: liveness probe failed", "the probe Probe PROBE probe", "Terminated",
               "status: terminated with reason OOMKilled, exit code 137", "", "x" * 30]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_NEAR_LINES)
                | st.lists(st.sampled_from(_STATUS_PIECES), max_size=12).map("".join),
                max_size=8))
def test_the_first_places_kept_are_the_line_s_own(lines: list[str]) -> None:
    """`_near` over lines in any order, a line asked of again, an equal line made anew: the
    first places kept (`_first_place`) are the line's own, as `_old_near` found them."""
    from kubesim.explain.readers import runs

    for line in lines + [("" + line + ".")[:-1] for line in lines]:
        for pattern, words, reach in ((runs._STATUS_PROBE, runs._PROBE_WORDS, (80, 80)),
                                      (runs._STATED_END, runs._END_WORDS, (40, 160))):
            assert _same(runs._near(pattern, line, words, reach),
                         _old_near(pattern, line, words, reach))
            assert runs._first_place(line, words[0]) == line.find(words[0])
