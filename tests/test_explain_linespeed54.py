"""linespeed54: a line holding none of the sentence readers' words is read by none of them.

`runs._line_run` and `runs._state_parts` leave out, on a line holding no word of
`runs._ANY_ANCHOR`, the readers that look for their pattern only around such a word
(`runs._near`). Two guards keep that a speed-up only: every word a `_near` call of runs.py
looks around is one of `_ANY_ANCHOR`'s, and the readers so left out read nothing on the
corpus's lines that hold none of them (what they put back, read with and without the gate,
is the same).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from kubesim.explain.readers import runs

_RUNS = Path(runs.__file__)
_REAL = Path(__file__).parent / "data" / "explain" / "real"


def _near_words() -> list[str]:
    """The names of the `words` argument of every `_near` call in runs.py."""
    tree = ast.parse(_RUNS.read_text())
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id == "_near"]
    assert calls
    names = []
    for call in calls:
        words = call.args[2]
        assert isinstance(words, ast.Name), ast.unparse(call)  # (a named tuple of words)
        names.append(words.id)
    return names


def test_every_near_word_is_an_anchor() -> None:
    from kubesim.explain.readers.present_kill import KILLS_ANCHORS

    for word in KILLS_ANCHORS:  # (`present_kills`, looked around by `_present_kill`)
        assert runs._ANY_ANCHOR.search(f"x {word} y") is not None, word
    for name in _near_words():
        for word in getattr(runs, name):
            line = f"x {word} y"
            assert runs._ANY_ANCHOR.search(line) is not None, (name, word)


def test_the_readers_left_out_read_nothing_on_a_line_of_no_anchor(monkeypatch) -> None:
    lines = {x for path in sorted(_REAL.glob("*.txt"))
             for x in path.read_text(errors="replace").split("\n")
             if runs._ANY_ANCHOR.search(x) is None}
    assert len(lines) > 1000
    text = "\n".join(sorted(lines))
    gated = runs.split_runs(text)
    monkeypatch.setattr(runs, "_ANY_ANCHOR", re.compile(""))  # every line anchored
    assert runs.split_runs(text) == gated


def test_each_reader_left_out_reads_nothing_on_a_line_of_no_anchor() -> None:
    lines = sorted({x for path in sorted(_REAL.glob("*.txt"))
                    for x in path.read_text(errors="replace").split("\n")
                    if runs._ANY_ANCHOR.search(x) is None})
    for line in lines:
        for read in runs._ANCHORED_STATEMENTS:
            assert read(line)[0] is None, (read, line)
        at = runs._LineAt(line, line, [line], 1, True, set(), False, True)
        for reader in runs._LINE_READERS:
            if reader.anchored:
                assert reader.read(at)[0] is None, (reader, line)
