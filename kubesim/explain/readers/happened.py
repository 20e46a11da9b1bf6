"""Whether a sentence states what happened: not what may or would happen (a guide's `if you
see ...`, `usually`, the corpus's other languages' words of the kind), not a question.

The prose readers read a status, an end or a restart only where its sentence states it
happened (`states_what_happened`). Apart from `runs.py` (whose readers of a paste's prose use
it too), so that the passes every record runs (stated_pod_oom.py, stated_crashloop.py,
unresponsive_kill.py) do not import the paste's readers with it.
"""

from __future__ import annotations

from kubesim.explain.readers.hedges import HEDGES
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["GENERAL", "IF_MORE", "asked", "general", "general_around", "sentence_start",
           "states_what_happened"]

# a sentence saying what may or would happen, or what usually shows (`if you see Reason:
# OOMKilled with exit code 137, ...`, `a container can be recorded as ...`, `leaves its trail,
# typically as Reason: OOMKilled and exit code 137`, a real page's) states no container's end:
# its words before the quoted fields are looked at, from the sentence's start
GENERAL = lazy_regex(r"\b(?i:" + HEDGES + r"|when|whether|commonly|such as|like)\b"
                     r"|\u5982\u679c|\u5047\u5982"  # (如果, 假如: if)
                     # the same words in the corpus's other languages: Chinese 可能 (may),
                     # 通常, 一般 (usually), 往往, 经常, 經常 (often), 可以 (can), 会, 會
                     # (will, would), 例如 (for example); Korean 만약 (if), 경우 (in case),
                     # 수 있 (can), 보통, 일반적으로, 흔히 (usually); Japanese もし (if), 場合
                     # (in case), 可能性, ことがあ (may), かもしれ (might), 一般的; Russian
                     # если, когда, может, могут, обычно, часто, как правило
                     r"|\u53ef\u80fd|\u901a\u5e38|\u4e00\u822c|\u5f80\u5f80|\u7ecf\u5e38|\u7d93\u5e38"
                     r"|\u53ef\u4ee5|\u4f1a|\u6703|\u4f8b\u5982"
                     r"|\ub9cc\uc57d|\uacbd\uc6b0|\uc218[ \t]?\uc788|\ubcf4\ud1b5|\uc77c\ubc18\uc801|\ud754\ud788"
                     r"|\u3082\u3057|\u5834\u5408|\u3053\u3068\u304c\u3042|\u304b\u3082\u3057\u308c"
                     r"|\b(?i:\u0435\u0441\u043b\u0438|\u043a\u043e\u0433\u0434\u0430|\u043c\u043e\u0436\u0435\u0442"
                     r"|\u043c\u043e\u0433\u0443\u0442|\u043e\u0431\u044b\u0447\u043d\u043e|\u0447\u0430\u0441\u0442\u043e"
                     r"|\u043a\u0430\u043a[ \t]\u043f\u0440\u0430\u0432\u0438\u043b\u043e)\b")
# (a Chinese or Japanese full stop ends a sentence with no space after it)
_SENTENCE_START = lazy_regex(r"[.!?](?=\s)|[\u3002\uff01\uff1f]")
_SENTENCE_END = lazy_regex(r"[.!?](?=\s|$)|[\u3002\uff0c,;\uff1b]")
# `if` in the languages `GENERAL` does not hold (Portuguese se, Spanish and French si, German
# wenn, falls): a sentence of what would happen
IF_MORE = lazy_regex(r"(?<!\w)(?i:se|si|wenn|falls)(?!\w)")

# where a sentence ends: a question's mark says it asks, not states
_SENTENCE_STOP = lazy_regex(r"[.!?\uff1f\u3002](?=\s|$)|$")


# a question spliced on after a comma, its first word a capitalised auxiliary or question word
# (`... due to OOM Killed exceptions ( Exit Code: 137 ) , Is there a way to update the
# resource limits ...?`, tektoncd-operator-2523; fc58a): a capital inside a sentence opens
# another, so the question mark is that question's, not the statement's before the comma
_SPLICED_QUESTION = lazy_regex(
    r"[,;][ \t]+(?:Is|Are|Was|Were|Can|Could|Does|Do|Did|How|What|Why|Where|Which|Who|Should|"
    r"Would|Will|Has|Have|Any)(?![\w'\u2019-])")
# a sentence that opens asking (`Why is my pod restarting, Is it ...?`): all of it asks
_OPENS_ASKING = lazy_regex(
    r"[ \t>*_`-]{0,6}(?i:is|are|was|were|can|could|does|do|did|how|what|why|where|which|who|"
    r"should|would|will|has|have|any)(?![\w'\u2019-])")


def asked(line: str, end: int) -> bool:
    """Whether the sentence holding line[:end] ends in a question mark (`was my pod
    restarting due to OOMKilled?`): it asks what happened, it does not state it. A question
    spliced on after a comma (`_SPLICED_QUESTION`) asks only itself, unless the sentence opens
    asking too (`_OPENS_ASKING`)."""
    stop = _SENTENCE_STOP.search(line, end, end + 2000)
    if stop is None or line[stop.start():stop.start() + 1] not in ("?", "\uff1f"):
        return False
    return _SPLICED_QUESTION.search(line, end, stop.start()) is None or \
        _OPENS_ASKING.match(line, sentence_start(line, end)) is not None


def states_what_happened(line: str, start: int, end: int) -> bool:
    """Whether the sentence holding line[start:end] states what happened: no sentence of what
    may happen (`general_around`), no question (`asked`), no conditional of the corpus's
    other languages before it (`IF_MORE`), as runs' `_en_oom` reads its sentences."""
    return not (general_around(line, start, end) or asked(line, end)
                or IF_MORE.search(line, sentence_start(line, start), start))


def sentence_start(line: str, start: int) -> int:
    """Where the sentence holding line[start] starts (its last 2,000 characters at most)."""
    ends = [m.end() for m in _SENTENCE_START.finditer(line, max(0, start - 2000), start)]
    return ends[-1] if ends else max(0, start - 2000)


def general(line: str, start: int) -> bool:
    """Whether the sentence holding line[start:] says what may or would happen (`GENERAL`
    among its words before `start`), not what happened."""
    return general_around(line, start, start)


def general_around(line: str, start: int, end: int) -> bool:
    """Whether the sentence holding line[start:end] says what may or would happen
    (`GENERAL` among its words before `start` or after `end`), not what happened."""
    before = line[max(0, start - 2000):start]  # a sentence's words: its last 2,000 characters
    ends = [m.end() for m in _SENTENCE_START.finditer(before)]
    after = line[end:end + 2000]  # and its words after, to the sentence's end
    stop = _SENTENCE_END.search(after)
    return GENERAL.search(before, ends[-1] if ends else 0) is not None or \
        GENERAL.search(after, 0, stop.start() if stop else len(after)) is not None
