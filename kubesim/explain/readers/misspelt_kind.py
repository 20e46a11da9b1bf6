"""The liveness probe as its authors misspell it, read as `liveness` once for every reader
(the corpus README's rules: the lead's decision of stop 59, fx59h).

`liveliness probe` (and `liveliness check`, `liveliness-probe`, `livelinessProbe` in prose,
`liveliness prob`) is the commonest misspelling of the liveness probe, and no other probe or
check of a pod goes by that name: before a probe's or check's noun (`probe`, `probes`,
`check`, `checks`, fc57a's slips of them, `prob` and `probs`), the word is the liveness
probe's kind, wherever the readers read `liveness` in prose. `liveness prob`'s `prob` is the
probe's noun too (a slip the README's fc57a rule names a word of its own after no kind).

`misspelt_liveness` spells such a kind `liveness` (and such a `prob` `probe`) before any
reader sees the record, line for line, so that every reader's one word of the kind holds it:
one vocabulary, not a copy per reader. The kubelet never prints `liveliness`: its message's
shape (`Liveliness probe failed:`, a capital, then `probe failed` or `probe errored`) is no
kubelet's line and is left as written; so are a manifest's key (`livelinessProbe:`), a
name (`liveliness-check-58c5f759d9-hxl9x`, a dash and a word after the noun), a path
(`/v1/liveliness`) and the word with no probe's noun after it (`Readiness and Liveliness`).
"""

from __future__ import annotations

import re

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.probe_restart import PROBE_NOUN

__all__ = ["MISSPELT_READ", "misspelt_lines", "misspelt_liveness"]

# what a note of a line so read says (read.py)
MISSPELT_READ = ("the liveness probe's kind or noun misspelt (`liveliness probe`, `liveness prob`) "
                 "read as `liveness probe`, the probe its authors mean (the kubelet never prints "
                 "the misspelling); the lines quoted below spell it so")

# the noun right after the kind, its end no part of a name (`-58c5...`) or a key (`:`); the
# kind and its noun parted by a blank or two, a dash (`liveliness-probe`) or nothing in camel
# case (`livelinessProbe`)
_END = r"(?!\w|-\w)"
_NOUN = r"(?:" + PROBE_NOUN + r"|(?i:probs?))" + _END
_MISSPELT = lazy_regex(
    # (the kubelet's message's shape, a capital and `probe failed`/`errored`, `prob` too: left
    # as written)
    r"(?<![\w/.-])(?!Liveliness probe? (?:failed|errored))(?P<kind>(?i:liveliness))(?="
    r"[ \t]{1,2}" + _NOUN + r"|-(?i:probes?)" + _END + r"|Probes?" + _END
    + r"(?![ \t]{0,3}[\"']?[ \t]{0,3}:)"
    # (a kind coordinated after it, the noun theirs: `liveliness and readiness probe failure`)
    + r"|[ \t]{0,2}(?:[,/&]|(?i:and|or)(?![\w-]))[ \t]{0,2}(?i:readiness|startup|liveness)"
    r"[ \t]{1,2}" + _NOUN + r")"
    # (`liveness prob`: the probe's noun with its `e` dropped, right after the kind)
    r"|(?:(?<=(?i:liveness)[ \t])|(?<=(?i:liveliness)[ \t]))(?P<prob>(?i:probs?))" + _END)


def misspelt_liveness(text: str) -> str:
    """The text with each liveness probe's misspelt kind (`_MISSPELT`) spelled `liveness`, its
    case kept, and `prob` after the kind spelled `probe` (one pass, lines kept)."""
    # (an ASCII text with no misspelt kind and no `prob` short of its `e`: nothing to spell,
    # no pass; every record of probes holds `probe`, and the pass cost 0.14 s on a 2 MB event
    # dump. IGNORECASE matches a dotless i and a long s to i and s: other text is passed.)
    if text.isascii():
        lowered = text.lower()
        if "iveliness" not in lowered and lowered.count("prob") == lowered.count("probe"):
            return text
    return _MISSPELT.sub(_spelt, text)


def _spelt(m: re.Match[str]) -> str:
    """The match spelled as the kubelet spells the liveness probe's kind or noun."""
    if m["prob"] is not None:  # (`Liveness prob failed`, the message's shape: as written)
        message = m.string[max(0, m.start() - 11):m.start()].endswith(("Liveness ", "Liveliness ")) \
            and m.string.startswith((" failed", " errored"), m.end())
        return m["prob"] if message else _probe(m["prob"])
    kind = m["kind"]
    return "LIVENESS" if kind.isupper() else ("Liveness" if kind[0] == "L" else "liveness")


def _probe(prob: str) -> str:
    """`prob` or `probs` spelled `probe` or `probes`, its case kept."""
    e = "E" if prob.isupper() else "e"
    return prob[:4] + e + prob[4:]


def misspelt_lines(text: str, spelt: str) -> list[int]:
    """The (1-based) numbers of the lines `misspelt_liveness` spelt otherwise (`spelt`, its
    output on `text`: the same lines)."""
    return [n for n, (a, b) in enumerate(zip(text.split("\n"), spelt.split("\n"), strict=True), 1)
            if a != b]
