"""An end its author states in Korean of a name that is no pod or container the record shows,
in a page nothing else is read from: answered as stated_apart.py answers the same statement in
English and stated_apart_zh.py in Chinese (the corpus README's rules: statements of the case in
prose; held-out batch 71, roundhouse-16: `Grafana 파드가 exit 137로 재시작을 반복했고`, the
Grafana pod restarted again and again with exit 137; written at fixasia72).

A restart follows an end (R4.1), but the sentence's subject is an app's bare name (`Grafana`,
`Grafana 파드`: no pod the record shows, as `Plex was OOM killed` is not), so the README reads no
container's end from it: explain answers that it cannot tell, and why, rather than refusing a
record that states its case.

Read: the past of an end of a name, its subject marked (`가`, `이`, `는`, `은`) in the same
sentence before the verb: a restart (`재시작됐다`, `재시작되었습니다`, `재시작을 반복했고`), an
end (`종료되었다`, `종료됐다`, `죽었다`) or an OOM kill (`OOM으로 죽었다`, `OOMKilled 되었다`,
`메모리 부족으로 죽었다`). The subject a bare name of Latin letters, optionally with its kind
(`Grafana 파드가`, `worker 컨테이너가`): not a pod's dash-parted name (`grafana-0`, the case's
own, read by its rules or by none), nor a word of Kubernetes' own (`Pod가`). A guide's present
(`재시작합니다`, `종료된다`) is no past and states none; nor do a negation (`않`, `안 `, `못`),
what may happen (`수 있`), a conditional (`-면`, `경우`, `때`) and a question (`?`, `나요`,
`까`) in the sentence. Each candidate found from the verb's words, a bounded number weighed: one
pass.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.stated_apart_zh import BareStatement

__all__ = ["ko_end_apart"]

_WORDS = ("\uc7ac\uc2dc\uc791", "\uc885\ub8cc", "\uc8fd\uc5c8", "OOM")  # 재시작 종료 죽었 OOM
# the subject: a bare name, its kind after it (파드, 포드, 컨테이너, pod, container), its marker
_SUBJECT = (r"(?<![\w.-])(?P<name>[A-Za-z][A-Za-z0-9_.]{0,62})"
            r"(?:[ \t]*(?:\ud30c\ub4dc|\ud3ec\ub4dc|\ucee8\ud14c\uc774\ub108|(?i:pods?|containers?)))?"
            r"(?:\uac00|\uc774|\ub294|\uc740)(?=[ \t])")
# the past of an end: 재시작(을|이)? (반복)? 했|됐|되었|하였; 종료 됐|되었|당했; 죽었; OOM ... 됐|되었
_ENDED = (r"(?:\uc7ac\uc2dc\uc791(?:\uc744|\uc774)?[ \t]*(?:\ubc18\ubcf5[ \t]*)?"
          r"(?:\ud588|\ub410|\ub418\uc5c8|\ud558\uc600)"
          r"|\uc885\ub8cc[ \t]*(?:\ub410|\ub418\uc5c8|\ub2f9\ud588)"
          r"|(?i:oom)[\w \t]{0,12}?(?:\ub410|\ub418\uc5c8|\ub2f9\ud588|\uc8fd\uc5c8)"
          r"|\uc8fd\uc5c8)")
_STATED = lazy_regex(_SUBJECT + r"(?P<between>[^.!?\u3002\uff01\uff1f\n]{0,80}?)"
                     + r"(?P<verb>" + _ENDED + r")")
# a sentence's end (the verb's sentence read up to it)
_SENTENCE_END = lazy_regex(r"[.!?\u3002\uff01\uff1f]|$")
# in the sentence: a negation (않, 안 , 못), what may happen (수 있), a conditional (면, 경우,
# 때), a question (나요, 까, 니 ending it, or ?; `까지`, until, is none)
_NOT_STATED = lazy_regex(r"\uc54a|(?<![\w])\uc548[ \t]|\ubabb|\uc218[ \t]*\uc788|\uba74(?![\w])"
                         r"|\uba74[ \t]|\uacbd\uc6b0|\ub54c(?![\w])"
                         r"|(?:\ub098\uc694|\uae4c\uc694|\uae4c|\ub2c8)(?=[ \t]*(?:[.!?]|$))|\?")
# a word of Kubernetes' own, or of no name, as the subject
_NO_NAME = frozenset({"pod", "pods", "container", "containers", "kubernetes", "k8s", "kubelet",
                      "node", "nodes", "app", "application", "service", "process", "it"})


def ko_end_apart(lines: list[str]) -> BareStatement | None:
    """The first Korean sentence of the lines that states the end of a bare name (module
    docstring); None without one. Each line read up to `SENTENCE_REACH`, and `PLACES_WEIGHED` candidates
    weighed at most (one pass)."""
    left = PLACES_WEIGHED
    for number, line in enumerate(lines, 1):
        head = line[:SENTENCE_REACH]
        if not any(w in head for w in _WORDS):
            continue
        for m in _STATED.finditer(line, 0, min(len(line), SENTENCE_REACH)):
            left -= 1
            if left < 0:
                return None
            if _stated(line, m):
                return BareStatement(number, line[m.start():m.end()].strip(), m["name"])
    return None


def _stated(line: str, m: re.Match[str]) -> bool:
    """Whether the statement `m` tells what happened of a bare name: no word of Kubernetes'
    own as its subject, and no negation, possibility, condition or question from its subject
    to its sentence's end."""
    if m["name"].lower() in _NO_NAME:
        return False
    stop = _SENTENCE_END.search(line, m.end(), min(len(line), m.end() + 200))
    end = stop.start() if stop is not None else min(len(line), m.end() + 200)
    return _NOT_STATED.search(line, m.start(), end) is None
