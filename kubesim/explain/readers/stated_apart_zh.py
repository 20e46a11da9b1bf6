"""A restart its author states in Chinese of a name that is no pod or container the record shows,
in a page nothing else is read from: answered as stated_apart.py answers the same statement in
English (the corpus README's rules: statements of the case in prose; held-out batch 64,
nacos-k8s-198: `k8s中部署nacos1.4.1之后 今天突然莫名重启了`, after deploying nacos1.4.1 on k8s,
today [it] restarted suddenly, for no known reason; written at fixprose64).

A restart follows an end (R4.1), but the sentence's subject is an app's bare name (`nacos1.4.1`),
or none of its own (Chinese leaves out the subject the clause before names), no pod or container
the record shows: the README reads no container's end from it, so explain answers that it cannot
tell, and why, rather than refusing a record that states its case.

Read: `重启了` (restarted, the perfective `了` ending its clause: nothing the restart acts on after
it, `重启了服务` being the author restarting a service), `被重启了` (was restarted), in a clause
that holds no pod's or container's word (`pod`, `容器`: the case's own, read by zh_restarts.py or
by none), no first person as its agent (`我重启了`, I restarted it: the author's act, no end;
`我的` is a possessive and stays), no pod's name (`nacos-0`), no negation (`没有`, `未`), nothing
of what may or would happen (`如果`, `会`, `可能`) or is to be done (`需要`, `应该`) and no
question (`吗`, `？`) in its sentence. Each candidate found from
`重启`, a bounded number weighed: one pass.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.zh_restarts import ZH_ASKED, ZH_GENERAL, ZH_NEGATED, zh_clause_start

__all__ = ["BareStatement", "zh_restart_apart"]

# `重启了` or `被重启了` ending its clause (重启, 重啟; a Chinese or Western stop or comma, or
# the line's end, after `了`)
_RESTARTED = lazy_regex(r"(?:\u88ab[ \t]*)?(?:\u91cd\u542f|\u91cd\u555f)\u4e86"
                        r"(?=[ \t]*(?:[\u3002\uff01\uff0c\uff1b\uff1f!?,;]|\.|$))")
# a pod's or container's word in the clause, or a pod's dash-parted name (`nacos-0`): the case's
# own (zh_restarts.py, the README's pod's name) or none
_POD_WORD = lazy_regex(r"(?<![A-Za-z])(?i:pods?)(?![A-Za-z])|\u5bb9\u5668"
                       r"|(?<![A-Za-z0-9_.-])[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10}(?![A-Za-z0-9_.-])")
# what is to be done, not what happened: 需要 (need), 要 (must, want), 应该, 應該 (should), 必须,
# 必須 (must), 得 (have to), 请, 請 (please)
_TO_DO = lazy_regex(r"\u9700\u8981|\u8981|\u5e94\u8be5|\u61c9\u8a72|\u5fc5\u987b|\u5fc5\u9808"
                    r"|\u5f97|\u8bf7|\u8acb")
# the first person as the restart's agent: 我, 我们, 我們 not followed by 的 (a possessive)
_AUTHOR_ACTS = lazy_regex(r"\u6211(?:\u4eec|\u5011)?(?!\u7684|\u4eec|\u5011)")
# a sentence's end after the restart: a Chinese or Western full stop or exclamation
_SENTENCE_END = lazy_regex(r"[\u3002\uff01!]|\.(?=\s|$)")
# the name the clause tells, its last word of Latin letters (`nacos1.4.1`), if any
_NAME = lazy_regex(r"(?<![A-Za-z0-9_.-])[A-Za-z][A-Za-z0-9_.-]{0,62}")


class BareStatement(NamedTuple):
    """A statement in another language of a bare name's end (a Chinese restart or crash loop,
    a Korean end): its line, its clause (quoted) and the name it tells (None where the
    subject is left out)."""

    number: int
    clause: str
    name: str | None


def zh_restart_apart(lines: list[str]) -> BareStatement | None:
    """The first Chinese sentence of the lines that states a restart of no pod or container the
    record shows (module docstring); None without one. Each line read up to `SENTENCE_REACH`, and
    `PLACES_WEIGHED` candidates weighed at most (one pass)."""
    left = PLACES_WEIGHED
    for number, line in enumerate(lines, 1):
        if "\u91cd\u542f" not in line[:SENTENCE_REACH] and "\u91cd\u555f" not in line[:SENTENCE_REACH]:
            continue
        for m in _RESTARTED.finditer(line, 0, min(len(line), SENTENCE_REACH)):
            left -= 1
            if left < 0:
                return None
            stated = _stated(line, m)
            if stated is not None:
                return BareStatement(number, *stated)
    return None


def _stated(line: str, m: re.Match[str]) -> tuple[str, str | None] | None:
    """The restart's clause and its name, where it states what happened of no pod or container
    and no act of the author's; None otherwise."""
    start = zh_clause_start(line, m.start())  # (zh_restarts.py's clause, the same reach)
    clause = line[start:m.start()]
    if any(x.search(clause) for x in (_POD_WORD, _AUTHOR_ACTS, ZH_NEGATED, ZH_GENERAL, _TO_DO)) \
            or _asked(line, m.end()):
        return None
    names = _NAME.findall(clause)
    return line[start:m.end()].strip(), (names[-1].rstrip(".-") if names else None)


def _asked(line: str, end: int) -> bool:
    """Whether the sentence holding the restart asks (`吗`, `呢`, `？`), up to its end."""
    stop = _SENTENCE_END.search(line, end, min(len(line), end + 200))
    return ZH_ASKED.search(line, end, stop.start() if stop else min(len(line), end + 200)) \
        is not None
