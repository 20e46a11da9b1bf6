"""The case's own pod stated in Chinese to keep restarting, no cause given (issue 30: kubekey-1731's
`查看发现 namespace：kubesphere-system 下的 ks-apiserver-955c6479f-8qffx pod 一直在不断重启。`).

The corpus README's prose rules: a statement of the case in its author's prose is read where
its subject is the case's own pod or container (a determiner of the case's, or a pod's name) and
it states what happened; restarts stated with no cause are no kill: they show that the case's
container ended, at least once, what ended it not stated (fixprose45's restarts joined by `and`;
the first-person count of restarts, whose count bounds nothing). A restart follows an end
(R4.1). Read here: the case's pod, by its name (dash-parted, `pod` or `容器` after it, the name
shown elsewhere in the record: a command's argument, a table's row, a log) or by a determiner of
the case's (`我的`, `我们的`, `这个` pod), then the adverbs of restarting again and again (`一直`,
`不断`, `不停`, `反复`, `频繁`, each with `在` or not, one to three of them) before `重启`. A negation
(`没有`, `不会`, `并未` before the restart), a question (`吗`, `？`), what may or would happen
(`如果`, `会`, `可能`, `通常`, as runs._GENERAL's Chinese words), a pod the record shows nowhere else, and a
subject of no case (`其他 pod`, `有些 pod`) state none. Widened at fixprose52b (ob-operator-5: `发现该pod
一直**无限重启**中`): `该` (`該`: this, the pod just named) as a determiner of the case's, not in
`应该` (should); `无限` (endlessly) as an adverb of restarting again and again; markdown's
emphasis marks inside the words (the paste's cleaning takes off only a line's whole emphasis). Each candidate found from `重启`, a bounded
number weighed: one pass.
"""

from __future__ import annotations

import json
import re

from kubesim.explain.readers.hedges import PLACES_WEIGHED
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import UNTOLD_STATE

__all__ = ["STATED_ZH_RESTARTS", "ZH_ASKED", "ZH_GENERAL", "ZH_NEGATED", "zh_clause_start",
           "zh_restart_of_case", "zh_restarts", "zh_restarts_hint"]

# what it is read as (the start of the note the caller gives it)
STATED_ZH_RESTARTS = ("the case's own pod stated in Chinese to keep restarting, no cause given "
                      "(`一直重启`, `不断重启`)")
_RESTART = ("\u91cd\u542f", "\u91cd\u555f")  # 重启, 重啟
# (无限, 無限: endlessly, `一直**无限重启**中`; fixprose52b)
_ADVERB = (r"(?:\u4e00\u76f4|\u4e0d\u65ad|\u4e0d\u65b7|\u4e0d\u505c|\u53cd\u590d|\u53cd\u8986"
           r"|\u9891\u7e41|\u983b\u7e41|\u65e0\u9650|\u7121\u9650)")  # 一直, 不断, 不斷, 不停, 反复,
# 反覆, 频繁, 頻繁, 无限, 無限
# markdown's emphasis the author put inside the words (`一直**无限重启**中`: bold around the
# verb and its adverb; the paste's cleaning takes off only a line's whole emphasis)
_EM = r"(?:\*{1,2}|__)?"
# the subject: a pod's dash-parted name, `pod` or `容器` after it or not; or a determiner of the
# case's (我的, 我们的, 我們的, 这个, 這個; 该, 該: this, the one just named, `删除...后，发现该pod`,
# not 应该, 應該, should: fixprose52b), a name or not, then `pod` or `容器`
_ZH_RESTARTS = lazy_regex(
    r"(?:(?<![\w.-])(?P<name>[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10})(?![\w.-])"
    r"(?:[ \t]*(?:(?i:pods?)|\u5bb9\u5668))?"
    r"|(?:\u6211\u7684|\u6211\u4eec\u7684|\u6211\u5011\u7684|\u8fd9\u4e2a|\u9019\u500b"
    r"|(?<![\u5e94\u61c9])[\u8be5\u8a72])[ \t]*"
    r"(?:[A-Za-z0-9][\w.-]{0,62}[ \t]*)?(?:(?i:pods?)|\u5bb9\u5668))"
    r"[ \t]*" + _EM + r"(?:\u4e5f|\u8fd8|\u9084)?\u5728?" + _EM
    + r"(?:" + _ADVERB + r"[ \t]*" + _EM + r"\u5728?[ \t]*" + _EM + r"){1,3}"
    r"(?:\u91cd\u542f|\u91cd\u555f)")
# a negation before the restart in its clause: 没有, 沒有, 没, 沒, 不会, 不會, 并未, 並未, 未, 不是
_NEGATED = lazy_regex(r"\u6ca1\u6709|\u6c92\u6709|\u6ca1|\u6c92|\u4e0d\u4f1a|\u4e0d\u6703"
                      r"|\u5e76\u672a|\u4e26\u672a|\u672a|\u4e0d\u662f")
# a subject of no case before it: 其他, 其它, 另一个, 另一個, 有些, 某些, 任何 (other, another,
# some, any)
_NO_CASE = lazy_regex(r"(?:\u5176\u4ed6|\u5176\u5b83|\u53e6\u4e00\u4e2a|\u53e6\u4e00\u500b"
                      r"|\u6709\u4e9b|\u67d0\u4e9b|\u4efb\u4f55)[ \t]*$")
# a sentence's or clause's bounds: Chinese and Western stops, commas, a line's end
_CLAUSE_STOP = lazy_regex(r"[\u3002\uff01\uff1f\uff0c\uff1b!?;,]|\.(?=\s|$)")
# what may or would happen in the sentence (runs._GENERAL's Chinese words): 如果, 假如, 要是 (if),
# 的话 (if so), 会, 會 (will, would), 可能 (may), 通常, 一般 (usually), 往往, 经常, 經常 (often),
# 可以 (can), 例如 (for example)
_GENERAL = lazy_regex(r"\u5982\u679c|\u5047\u5982|\u8981\u662f|\u7684\u8bdd|\u7684\u8a71|\u4f1a|\u6703"
                      r"|\u53ef\u80fd|\u901a\u5e38|\u4e00\u822c|\u5f80\u5f80|\u7ecf\u5e38|\u7d93\u5e38"
                      r"|\u53ef\u4ee5|\u4f8b\u5982|(?<![A-Za-z])(?i:if|when|may|might|can|could|would)(?![A-Za-z])")
_SENTENCE_STOP = lazy_regex(r"[\u3002\uff01\uff1f!?]|\.(?=\s|$)")
_ASKED = lazy_regex(r"[\u5417\u5462\uff1f?]")  # 吗, 呢, ？, ?
# the same words of a Chinese sentence, shared with stated_apart_zh.py (fixprose64)
ZH_ASKED, ZH_GENERAL, ZH_NEGATED = _ASKED, _GENERAL, _NEGATED
_REACH = 200  # how far before `重启` its subject may start


def zh_restarts_hint(text: str) -> bool:
    """Whether the text may hold such a statement (`重启` or `重啟` in it, as written or as a
    JSON log line escapes it: `\\u91cd\\u542f`, a docker json-file log's line)."""
    return any(w in text or json.dumps(w)[1:-1] in text for w in _RESTART)


def zh_restarts(line: str, text: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's own pod stated in the line to keep restarting (module docstring), read as
    the case's container having ended (a Terminated state of no reason or exit code: at least
    once, what ended it not stated, no kill), and what it is; None without one. `text`: the
    whole record, where a named pod must be shown elsewhere."""
    m = zh_restart_of_case(line, text)
    if m is None:
        return None, ""
    what = (f"{STATED_ZH_RESTARTS} (`{m[0][:80]}`): read as the case's container having "
            "ended, at least once, no reason or exit code in the record; what ended it is not "
            "stated (no kill)")
    return ([f"{UNTOLD_STATE}: Terminated"], True), what


def zh_restart_of_case(line: str, text: str) -> re.Match[str] | None:
    """The first statement in the line of the case's own pod keeping restarting (module
    docstring: `_ZH_RESTARTS`, `_of_the_case`), its `name` group the pod's name where the
    subject gives one (None for a determiner's `pod`); None without one. A bounded number of
    places of `重启` weighed: one pass."""
    left = PLACES_WEIGHED
    for word in _RESTART:
        at = line.find(word)
        while at >= 0 and left:
            left -= 1
            m = _ZH_RESTARTS.search(line, max(0, at - _REACH), at + len(word))
            if m is not None and m.end() == at + len(word) and _of_the_case(line, text, m):
                return m
            at = line.find(word, at + 1)
    return None


def _of_the_case(line: str, text: str, m: re.Match[str]) -> bool:
    """Whether the restart `m` is stated of the case as what happened: its pod shown elsewhere
    in the record (a name), no subject of no case before it, no negation in its clause, no
    question, and nothing of what may happen in its sentence."""
    clause = zh_clause_start(line, m.start())
    # (a question: `吗` or `呢` before the sentence's end, or its mark ending it)
    end = _SENTENCE_STOP.search(line, m.end(), m.end() + 2000)
    after = line[m.end():end.start() + 1 if end is not None else m.end() + 2000]
    if _NO_CASE.search(line, clause, m.start()) or _NEGATED.search(line, clause, m.start()) \
            or _ASKED.search(after) or _may_happen(line, m):
        return False
    return m["name"] is None or _shown_elsewhere(text, m["name"])


def zh_clause_start(line: str, at: int) -> int:
    """Where the clause holding line[at] starts: after the last stop or comma (`_CLAUSE_STOP`)
    within `_REACH` before it, else `_REACH` before it (one pass: a bounded look back)."""
    stops = [s.end() for s in _CLAUSE_STOP.finditer(line, max(0, at - _REACH), at)]
    return stops[-1] if stops else max(0, at - _REACH)


def _may_happen(line: str, m: re.Match[str]) -> bool:
    """Whether the sentence holding the match says what may or would happen (`_GENERAL`)."""
    starts = [s.end() for s in _SENTENCE_STOP.finditer(line, max(0, m.start() - 2000),
                                                      m.start())]
    start = starts[-1] if starts else max(0, m.start() - 2000)
    stop = _SENTENCE_STOP.search(line, m.end(), m.end() + 2000)
    end = stop.start() if stop is not None else min(len(line), m.end() + 2000)
    return _GENERAL.search(line, start, end) is not None


def _shown_elsewhere(text: str, name: str) -> bool:
    """Whether the pod's name is in the record twice at least: the sentence's own naming and
    another (a command's argument, a table's row, a log); a pod the record names only in the
    sentence is no pod it shows."""
    first = text.find(name)
    return first >= 0 and (text.find(name, first + 1) >= 0)
