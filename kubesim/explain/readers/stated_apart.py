"""An OOM kill, a crash loop or a restart its author states of a name that is no pod or container
the record shows, in a page nothing else is read from (the corpus README's rules: statements of
the case in prose; held-out batch 50, gavinmcfall-home-ops-2417; widened at fixprose59 to a crash
loop or a restart, held-out batch 53, artsy-exchange-38: `Sidekiq on k8s was in crashloop`,
`sidekiq is being restarted since livenessProbe was failing`; widened at fixapart61 to the
kubelet's or Kubernetes' kill or restart of a bare name in the active voice, held-out batch 60,
xunholy-k8s-gitops-4204: `the kubelet killed cloudflared`, agent_killed.py; and at fixprose64 to
a restart stated in Chinese, held-out batch 64, nacos-k8s-198: stated_apart_zh.py).

`Plex was OOM killed tonight (18:19 NZT) at its 3Gi cgroup limit during an HEVC software
transcode ...; this was purely the pod limit.` A pull request's prose, nothing else: the
author's past telling of their own workload's end is a record of a case, not a guide's general
prose (which stays refused: a page of prose alone that states no case, general-prose/,
unisbadri-health-check). Its subject is a bare name (`Plex`, `our Grafana`), no pod or
container the record shows (the record shows none), so the README's rules read no end from it
(an OOM kill is read of the case's own pod or container, a pod's name or a word of the
record's one pod's name: stated_kill.EN_OOM, stated_pod_oom.py): explain answers that it cannot
tell, and why (`STATED_APART`: which container ended, and whether the kernel's OOM killer ended
the container at its limit or one process in it, the record does not tell), rather than refusing
a record that states its case.

Read only of a page nothing else is read from (read.py `_pasted`, before its refusal), where a
sentence states the kill in the past or progressive (`was OOM killed`, `got OOMKilled`, `has
been oom-killed`, `keeps getting OOMKilled`) of a name: not a pod's or container's word
(`the pod`, read by those rules or by none), not a pronoun, and with no determiner of no case
before it (`a`, `any`, `your`, `every`). The present (`gets OOM killed`, `is OOMKilled when`),
the future (`will be`), what may happen (`can`, `may`, `if`, `when`: happened.states_what_happened),
a question, a negation (`never`, `not`) and what to avoid (`to avoid being OOM killed`) state
none, and the page stays refused.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.agent_killed import KILLED_BY, names_a_probe, of_a_bare_name
from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    ContainerRecord,
    Note,
    NoteKind,
    PodRecord,
    RecordSet,
    Where,
)
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.prose_page import ProsePage
from kubesim.explain.readers.stated_apart_ko import ko_end_apart
from kubesim.explain.readers.stated_apart_zh import BareStatement, zh_restart_apart
from kubesim.explain.readers.stated_apart_zh_loop import zh_crashloop_apart
from kubesim.explain.readers.stated_cause import NEGATED, PREVENTED
from kubesim.explain.readers.unread import unread_notes

__all__ = ["STATED_APART", "read_stated_apart"]

STATED_APART = "stated-apart"
# the kill, past or progressive, of a name: `Plex was OOM killed`, `our Grafana got OOMKilled`,
# `Sonarr has been oom-killed`, `Plex keeps getting OOMKilled`; every part bounded
_KILLED = lazy_regex(
    r"(?<![\w.-])(?P<name>[A-Za-z][\w.-]{0,62})[ \t]+(?:(?i:was|were|got|has[ \t]+been|have"
    r"[ \t]+been|had[ \t]+been|(?:is|are|was|were|keeps|kept)[ \t]+getting)[ \t]+)"
    r"(?:(?i:just|again|repeatedly|already|also)[ \t]+)?"
    r"(?i:oom)(?:[ \t]*-[ \t]*|[ \t]?)(?i:killed)(?![\w-])")
# fixprose59 (artsy-exchange-38): the same answer where the author states a crash loop or a
# restart of a name, in the past or progressive (`Sidekiq on k8s was in crashloop`, `sidekiq is
# being restarted since livenessProbe was failing`, `Plex keeps restarting`, `our Grafana went
# into CrashLoopBackOff`): a restart follows an end (R4.1), and a crash loop is a back-off after
# ends (R4.8), of a name that is no pod or container the record shows, so no container's end is
# read from it. A short place after the name (`on k8s`, `in staging`) is the author's.
_PLACE = r"(?:[ \t]+(?i:on|in)[ \t]+[\w.-]{1,30})?"
_CRASHLOOP = lazy_regex(
    r"(?<![\w.-])(?P<name>[A-Za-z][\w.-]{0,62})" + _PLACE + r"[ \t]+"
    r"(?:(?i:was|were|is|are|has[ \t]+been|have[ \t]+been|had[ \t]+been|got|went|kept|keeps)"
    r"[ \t]+(?i:in|into|stuck[ \t]+in)[ \t]+(?:(?i:a)[ \t]+)?"
    r"(?i:crash[ \t-]?loop(?:[ \t-]?back[ \t-]?off)?)"
    r"|(?i:was|were|is|are|kept|keeps)[ \t]+(?i:crash[ \t-]?looping))(?![\w-])")
_RESTARTED = lazy_regex(
    r"(?<![\w.-])(?P<name>[A-Za-z][\w.-]{0,62})" + _PLACE + r"[ \t]+"
    r"(?:(?i:was|were|got|has[ \t]+been|have[ \t]+been|had[ \t]+been|(?:is|are|was|were|"
    r"keeps|kept)[ \t]+(?:being|getting))[ \t]+(?:(?i:just|again|repeatedly|constantly)[ \t]+)?"
    r"(?i:restarted)|(?i:is|are|was|were|kept|keeps)[ \t]+(?i:restarting))(?![\w-])")
# what each states, its words looked for first (lower case), in the order weighed
_BY_AGENT = "a kill or restart by its agent"
_STATED = (("an OOM kill", ("oom",), _KILLED), ("a crash loop", ("crash",), _CRASHLOOP),
           ("a restart", ("restart",), _RESTARTED),
           # fixapart61 (xunholy-k8s-gitops-4204): the kubelet's or Kubernetes' kill or restart
           # of a bare name, in the active voice (agent_killed.py)
           (_BY_AGENT, ("kubelet", "kubernetes", "k8s"), KILLED_BY))
# a subject that is no name: a pod's or container's word (the case's own, its rules'), a
# pronoun, a word of Kubernetes' own; or a word before the verb that is no subject: a modal or
# a hedge (`Plex could have been OOM killed`, `Plex probably got ...`: what may have happened)
_NO_NAME = frozenset({
    "can", "could", "may", "might", "must", "would", "should", "will", "shall", "probably",
    "maybe", "perhaps", "likely", "possibly", "to", "be", "being", "been", "has", "have",
    "had", "is", "are", "was", "were", "do", "does", "did",
    "pod", "pods", "container", "containers", "it", "they", "he", "she", "this", "that",
    "these", "those", "which", "who", "what", "something", "everything", "nothing", "one",
    "process", "processes", "app", "apps", "application", "applications", "service",
    "services", "workload", "workloads", "kubernetes", "k8s", "kubelet", "node", "nodes", "i",
    "we", "you", "never", "not", "also", "just", "again", "there", "here",
    # a conjunction or an adverb opening a sentence whose subject the author left out (`And
    # keeps restarting.`, kubespray-2897): the subject is the sentence's before, no name
    "and", "but", "or", "so", "then", "still", "now", "yet", "and/or", "its"})
# a determiner of no case before the name: what may befall any (`a Plex pod`, `your app`)
_NO_CASE = lazy_regex(r"(?<![\w'-])(?i:a|an|any|some|your|every|each|no|another|other|many|"
                      r"most|all|such)[ \t]+$")


def read_stated_apart(page: ProsePage, source: str) -> RecordSet | None:
    """The record of a page of prose alone that states an OOM kill of a name that is no pod
    or container (module docstring): one pod and one container of no name, nothing read as
    their end, the statement said in a note (`NoteKind.STATED_APART`, the answer's why); the
    other lines said not read. None when no sentence states one."""
    lines = page.lines
    # a command line's shell comment (`kubectl get pods # web-1 was OOMKilled 3 times`) is a
    # note on the command, not the author's telling of the case (fix39's comment marks)
    stated = _stated([("" if n in page.commands else x) for n, x in enumerate(lines, 1)])
    if stated is None:
        return None
    number, text_said = stated
    where = Where(source, number)
    said = Note(text_said, where, kind=NoteKind.STATED_APART)
    pod = PodRecord(None, where, containers=[ContainerRecord(None, where)],
                    formats=[STATED_APART], notes=[said])
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n != number and x.strip()]
    return RecordSet(source, STATED_APART, pods=[pod], notes=unread_notes(rest, source))


def _stated(lines: list[str]) -> tuple[int, str] | None:
    """The line of the first statement (`_statement`, else a Chinese restart's:
    stated_apart_zh.py, fixprose64) and the note's text saying it; None without one."""
    found = _statement(lines)
    if found is not None:
        number, m, what = found
        return number, _said(number, m, what, lines[number - 1])
    zh = zh_restart_apart(lines)
    if zh is not None:
        return zh.number, _said_bare(zh)
    loop = zh_crashloop_apart(lines)  # a Chinese crash loop of a bare name (fixprose76)
    if loop is not None:
        return loop.number, _said_bare(loop, "a crash loop")
    ko = ko_end_apart(lines)  # a Korean end of a bare name (stated_apart_ko.py, fixasia72)
    return None if ko is None else (ko.number, _said_bare(ko, "an end"))


def _said_bare(zh: BareStatement, what: str = "a restart") -> str:
    """The note's text of a bare name's `what` stated in another language: a Chinese restart
    (stated_apart_zh.py) or crash loop (stated_apart_zh_loop.py), a Korean end
    (stated_apart_ko.py): the statement, of which name, and what is not read."""
    of = f"`{zh.name}`, a name" if zh.name else "a subject left out, the app the page tells"
    return (f"the author's prose on line {zh.number} states {what} (`{zh.clause[:80]}`) of "
            f"{of} that is no pod or container the record shows: not read as any container's "
            f"end ({what} is read of the case's own pod or container); which container "
            "ended, and what ended it, the record does not tell")


def _said(number: int, m: re.Match[str], what: str, line: str) -> str:
    """The note's text: the statement, of which name, and what is not read from it."""
    if what == _BY_AGENT:
        return _said_by_agent(number, m, line)
    if what == _STATED[0][0]:
        return (f"the author's prose on line {number} states an OOM kill of `{m['name']}` "
                f"(`{m[0][:80]}`), a name that is no pod or container the record shows: not "
                "read as any container's end (an OOM kill is read of the case's own pod or "
                "container); which container ended, and whether the kernel's OOM killer ended "
                "the container at its memory limit or one process in it, the record does not "
                "tell")
    return (f"the author's prose on line {number} states {what} of `{m['name']}` "
            f"(`{m[0][:80]}`), a name that is no pod or container the record shows: not read "
            f"as any container's end ({what} is read of the case's own pod or container); "
            "which container ended, and what ended it, the record does not tell")


def _said_by_agent(number: int, m: re.Match[str], line: str) -> str:
    """The note's text for the kubelet's or Kubernetes' kill or restart of a bare name
    (agent_killed.py): the sentence names no pod or container of the record, so neither what
    ended it nor whether a probe did can be told; a probe it names as the cause is the bare
    name's, no case's, so no probe's failure is read either."""
    stop = _STOP.search(line, m.end(), min(len(line), m.end() + SENTENCE_REACH))
    probe = ("; the probe the sentence names is that name's, of no pod or container of the "
             "record either, so no probe's failure is read"
             if names_a_probe(line, _sentence_start(line, m.start()),
                              stop.start() if stop else min(len(line), m.end() + SENTENCE_REACH))
             else "")
    return (f"the author's prose on line {number} states a kill or restart by "
            f"`{m['agent']}` of `{m['name']}` (`{m[0][:80]}`), a name that is no pod or "
            "container the record shows: not read as any container's end (a kill is read of "
            "the case's own pod or container); the sentence names no pod or container of the "
            "record, so what ended it, and whether a probe did, the record does not tell"
            + probe)


def _statement(lines: list[str]) -> tuple[int, re.Match[str], str] | None:
    """The first sentence of the lines that states a name OOM killed, in a crash loop or
    restarted (`_STATED`, its `name`), where it states what happened of a name of a case, its
    line's number and what it states; None otherwise. Each line read up to `SENTENCE_REACH`, and
    `PLACES_WEIGHED` candidates weighed at most (one pass)."""
    left = PLACES_WEIGHED
    for number, line in enumerate(lines, 1):
        low = line[:SENTENCE_REACH].lower()
        for what, words, pattern in _STATED:
            if not any(w in low for w in words):
                continue
            for m in pattern.finditer(line, 0, min(len(line), SENTENCE_REACH)):
                left -= 1
                if left < 0:
                    return None
                if _of_a_case(line, m):
                    return number, m, what
    return None


def _of_a_case(line: str, m: re.Match[str]) -> bool:
    """Whether the kill `m` is stated of a name of a case, as what happened: a name (no pod's
    word, pronoun or modal: `_NO_NAME`) with no determiner of no case before it, in a sentence
    of no negation, no failure to avoid, nothing of what may happen and no question."""
    if m.re is KILLED_BY and not of_a_bare_name(line, m):  # agent_killed.py
        return False
    if m["name"].lower() in _NO_NAME or \
            _NO_CASE.search(line, max(0, m.start() - 12), m.start()) is not None:
        return False
    start = _sentence_start(line, m.start())
    return NEGATED.search(line, start, m.end()) is None and \
        PREVENTED.search(line, start, m.end()) is None and \
        states_what_happened(line, m.start(), m.end())


_STOP = lazy_regex(r"[.!?](?=\s)|[\u3002\uff01\uff1f]")


def _sentence_start(line: str, at: int) -> int:
    """Where the sentence holding line[at] starts (its last 2,000 characters at most)."""
    ends = [m.end() for m in _STOP.finditer(line, max(0, at - 2000), at)]
    return ends[-1] if ends else max(0, at - 2000)
