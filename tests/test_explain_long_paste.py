"""A long paste of short lines (a log pasted whole, 2 MB of `ab c`) reaches `kubesim explain`
in CI on pull-request content: its cost must grow with the paste, and a small multiple of one
pass. Several readers normalise the record's whole text; each line was cleaned once per
reader (6 times), now once. Counted, not timed (a ratio of times fails on a busy machine)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubesim.cli.main import main
from kubesim.explain.readers import normalise


@pytest.mark.parametrize("shape", ["ab c", "## Problem", "- item", "key: value",
                                   "    an indented line"])
def test_each_line_of_a_long_paste_is_cleaned_once(shape: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    cleaned: list[int] = []
    line = normalise._line

    def counted(number: int, raw: str, console: object) -> object:
        cleaned.append(number)
        return line(number, raw, console)  # type: ignore[arg-type]

    monkeypatch.setattr(normalise, "_line", counted)
    for n in (500, 1000):  # a text of its own, never cleaned before in this process
        record = tmp_path / f"paste-{n}.txt"
        record.write_text(f"{tmp_path.name} {n}\n" + (shape + "\n") * (n - 1))
        del cleaned[:]
        main(["explain", str(record)])
        assert len(cleaned) == n and sorted(cleaned) == list(range(1, n + 1))
