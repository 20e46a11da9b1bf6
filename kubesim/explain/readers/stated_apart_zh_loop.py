"""A crash loop its author states in Chinese of a name that is no pod or container the record
shows, in a page nothing else is read from: answered as stated_apart.py answers the same
statement in English (`Sidekiq on k8s was in crashloop`, artsy-exchange-38) and
stated_apart_zh.py a Chinese restart of a bare name (the corpus README's rules: statements of the
case in prose; held-out batch 76, chaos-mesh-3262: `chaos-daemon状态为 CrashLoopBackoff，一直重复启动`,
chaos-daemon's status is CrashLoopBackoff, restarting again and again; written at fixprose76).

The subject is an app's bare name (`chaos-daemon`: no pod's word, no determiner of the case's),
no pod or container the record shows: the README reads no end from it, so explain answers that
it cannot tell, and why, rather than refusing a record that states its case.

Read: `NAME状态为 CrashLoopBackOff` (状态, 狀態: status; 为, 為, 是, 变成, 變成: is, became; the
status word in any case, `CrashLoopBackoff`), in a clause that holds no pod's or container's word
(`pod`, `容器`: the case's own, or none), no subject of no case before the name (`其他`, `任何`),
no negation (`不是`, `没有`), nothing of what may or would happen (`如果`, `会`, `可能`) and no
question in its own clause (`吗`, `？`: Chinese joins its sentences by commas, so a question in a
later clause, `有人遇到同样的问题吗？`, asks of others, not of the statement). Each candidate found
from `CrashLoopBack`, a bounded number weighed: one pass.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.stated_apart_zh import BareStatement
from kubesim.explain.readers.zh_restarts import ZH_ASKED, ZH_GENERAL, ZH_NEGATED, zh_clause_start

__all__ = ["zh_crashloop_apart"]

# the name, then its status stated CrashLoopBackOff (the status word's case as written)
_LOOPING = lazy_regex(
    r"(?<![\w.-])(?P<name>[A-Za-z][\w.-]{0,62})[ \t]*\u7684?[ \t]*(?:\u72b6\u6001|\u72c0\u614b)"
    r"[ \t]*(?:\u4e00\u76f4)?(?:\u4e3a|\u70ba|\u662f|\u53d8\u6210|\u8b8a\u6210)[ \t:\uff1a]*"
    r"[`'\"*]{0,2}(?i:CrashLoopBack(?:Off)?)(?![A-Za-z])")
# a pod's or container's word in the clause: the case's own, or none
_POD_WORD = lazy_regex(r"(?<![A-Za-z])(?i:pods?|containers?)(?![A-Za-z])|\u5bb9\u5668")
# a subject of no case before the name: 其他, 其它, 另一个, 另一個, 有些, 某些, 任何
_NO_CASE = lazy_regex(r"\u5176\u4ed6|\u5176\u5b83|\u53e6\u4e00\u4e2a|\u53e6\u4e00\u500b"
                      r"|\u6709\u4e9b|\u67d0\u4e9b|\u4efb\u4f55")
# the clause's end after the statement: a Chinese or Western stop or comma
_CLAUSE_END = lazy_regex(r"[\u3002\uff01\uff1f\uff0c\uff1b\u3001!?;,]|\.(?=\s|$)")
_NO_NAME = frozenset({"pod", "pods", "container", "containers", "it", "k8s", "kubernetes"})


def zh_crashloop_apart(lines: list[str]) -> BareStatement | None:
    """The first Chinese clause of the lines that states a crash loop of no pod or container
    the record shows (module docstring), as a BareStatement (its line, clause and name); None
    without one. Each line read up to `SENTENCE_REACH`, `PLACES_WEIGHED` candidates weighed at most."""
    left = PLACES_WEIGHED
    for number, line in enumerate(lines, 1):
        head = line[:SENTENCE_REACH]
        if "\u72b6\u6001" not in head and "\u72c0\u614b" not in head:
            continue
        for m in _LOOPING.finditer(head):
            left -= 1
            if left < 0:
                return None
            if _stated(head, m):
                return BareStatement(number, head[zh_clause_start(head, m.start()):m.end()].strip(),
                                 m["name"])
    return None


def _stated(line: str, m: re.Match[str]) -> bool:
    """Whether the clause states what happened of a bare name (module docstring)."""
    start = zh_clause_start(line, m.start())
    stop = _CLAUSE_END.search(line, m.end(), min(len(line), m.end() + 200))
    end = stop.start() if stop else min(len(line), m.end() + 200)
    clause = line[start:end]
    return m["name"].lower() not in _NO_NAME and not any(
        x.search(clause) for x in (_POD_WORD, _NO_CASE, ZH_NEGATED, ZH_GENERAL, ZH_ASKED)) and \
        not (stop is not None and line[stop.start()] in "\uff1f?")
