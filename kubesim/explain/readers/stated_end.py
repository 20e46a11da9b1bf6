"""An end of the case's own pod or container stated in its author's prose, however the author
names the pod: one reader of a stated end, tried last before a page of prose alone is refused
(crashcatch55: the misses of held-out batches 116-120, each a wording the narrower readers,
stated_crashloop.py, stated_restart.py, stated_crashing.py, stated_apart.py, did not hold).

The principle an expert reads by: in a first person's report, an issue, a commit message, a pull
request's description or a status page's incident text, a pod or container named as the subject
of an end stated as what happened (crashed, crash-loops, restarted, was killed, OOM-killed,
exited) is the author's own, the case's, unless the text makes it another's or any pod's. Where
the words name the end (`OOMKilled`, `crashing with oomkilled`, `killed by the OOM killer`:
oom_words.py; a bare `with OOM` is no reason, README, gitops-operator-184) explain answers
that end (CRI: the kernel's OOM kill, no probe's); else it answers that it cannot tell why the
container ended, the end shown, its restarts no count bounds, no probe's kill read (R4.1: a
restart follows an end; R4.8: a crash loop is a back-off after ends), exactly as the README's
rules answer a stated crash loop or restart of the case's own pod.

The subject (`_SUBJECT`), the pod named any of the ways authors name their own:
- a determiner of the case's (`my`, `our`, `the`, `this`, `these`, `those`, a count of the
  case's: `both`, `all three`, `the two`), up to four words naming it (`the DM pod`, `the
  workflow operator pod`, `all three OpenEBS Jiva storage replicas`: a replica is a pod of its
  workload; `The tekton pipelines remote resolver pod`, fc58a), then `pod`, `container` or
  `replica` (one or several: `these pods`), or a workload (`the deployment`, `our
  statefulset`: its pods; fc55q); the pod maybe named for its workload after it (`the pod for
  the ingress-gateway`: a dashed name, or a word after a determiner of the case's; fc55q);
- a workload's or pod's dashed name (`catalyst-api`, `pelorus-operator-controller-manager-*
  pod`: a name with a wildcard is the pods it matches), `pod` or `container` after it or not;
- a bare word the same record names as a pod of the case's (`just manager is crashing` where
  the page says `the manager pod`): the record makes it a pod it shows (crashcatch55's
  refinement of gavinmcfall-home-ops-2417's decision, README: a bare name the record never
  calls a pod or container, `Plex`, `cloudflared`, stays stated_apart.py's);
- a lower-case name run together with the noun of a component that runs (`vlagent`: `vl` and
  `agent`, subjects54's nouns) opening its clause (`... after #5550: vlagent was OOMKilled`:
  a project's author telling their own component, fc55q); the noun alone (`agent`) is none.

The end (`_END`), right after the subject (a word of now, `currently`; an auxiliary, a verb of
beginning or keeping, a participle of failing joined by `and`, `are failing and constantly
restarting`; an adverb of how often between): a crash (`crashed`, `is crashing`, `started crashing`), a crash
loop (`crash-looping`, `going for CrashLoopBackOff`, `entering a CrashLoopBackOff state`), a
restart (`restarted`, `keeps restarting`; the passive `was restarted` only with a word of how
often, `frequently`: a restart someone made once is no end of a failure), a kill (`was
killed`, `being OOM killed`), an exit (`exited`, `terminated`). The simple present (`crashes`,
`restarts`) only on a line under a heading of what happened (sections.case_lines), or on the
page's title (a short first line, a blank line and the body after it) or a markdown heading:
the author's statement of what happens to their own system; elsewhere it is a guide's. A pull request's or commit's statement of what it fixes reads so too (`fix the
workflow operator pod going for crashloopbackoff during upgrade`: what it fixes happened),
under a heading of what the change does as well; and restarts of the pod a past verb of cause
made (`a slow startup ... caused repeated pod restarts`: `_CAUSED_RESTARTS`). A change's
statement of the restarts it fixes (`This PR ... to address frequent pod restarts due to
OOMKilled`) and an issue's note of an OOM kill on a named component (`On 2.7.1 getting
OOMKilled from kubernetes on workflow-controller`) are read by stated_end_forms.py's forms
(fc58a). An OOM kill given as the end's cause may follow a word of ongoing repetition after
the end (`is restarting constantly due to OOM Killed`, fc58a).
A symptom bullet with no verb under a heading of what was seen (`**Symptom:** - Crash loop
back off on all pods deployed by the chart helm`: `_SYMPTOM`, fc55q) states it too: a crash
loop or crash in words opening the bullet, then the case's pods it befell (`all`, `the`, `our`
pods); beside a describe of one pod cut before its app container (in its init containers),
that pod's app container, of no name (`give_symptom_end`).

Unread, as the README's rules keep them: a guide's general statement (`pods crash when ...`,
`a pod`, `your pod`, `any container`: no subject of the case's), a conditional, a question, a
sentence of what may happen, a future (`will crash`), a negation in the clause before the end,
a guess (`seems`, `probably`, `I suspect`), a list of causes (`such as`, `like`: happened.py), a
possessive of another (`the user's pod`, `their pod`), a crash only as what a change prevents
(`to avoid`, `to prevent the pod from crashing`), a probe named in the sentence (the probe's
own rules read it, or none does; a clause the author opens after the end, `and I don't
have a way to configure the probes timeout`, is another statement), a cause told after the end that is no OOM kill, a command's
line, and a quoted line beside the author's own (a page quoted whole is the author's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from kubesim.explain.readers.generated_name import generated_parts
from kubesim.explain.readers.happened import sentence_start, states_what_happened
from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    Note,
    PodRecord,
    RecordSet,
    Terminated,
    Where,
)
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.oom_words import KILLED_FOR_OOM, OOM_KILLED
from kubesim.explain.readers.own_occasion import blank_gerund_when
from kubesim.explain.readers.past_when import blank_past_when, narrative_lines
from kubesim.explain.readers.prose_page import ProsePage
from kubesim.explain.readers.restart_said import OBJECT_AFTER, cause_after
from kubesim.explain.readers.sections import case_lines
from kubesim.explain.readers.shared_indent import dedented
from kubesim.explain.readers.stated_cause import NEGATED, PREVENTED
from kubesim.explain.readers.stated_end_forms import FIXED_RESTARTS, NOTED_OOM, form_of_the_case
from kubesim.explain.readers.stated_restart import ended_record
from kubesim.explain.readers.unread import unread_notes
from kubesim.explain.readers.until_affirmed import affirmed_until

__all__ = ["STATED_END", "give_symptom_end", "read_stated_end", "stated_end"]

STATED_END = "stated-end"
_MARK = r"(?:\*\*|__|[`'\"\u201c\u201d*])?"
# a word naming the pod between the determiner and its noun (no possessive: `the user's pod`
# is another's; no word of another: `the other pod`)
_WORD = (_MARK + r"(?!(?i:other|another|new|next|same|a|an|any|your|their|his|her|no|the|my|"
         r"our|this|that|these|those|of|in|on|for|with|and|or|to|is|are|was|were)"
         r"(?![\w.-]))[\w.-]{1,63}" + _MARK)
_COUNT = r"(?i:two|three|four|five|six|\d{1,2})"
_DET = (r"(?P<det>(?i:my|our|the|this|these|those|both)(?:[ \t]+" + _COUNT + r")?|"
        r"(?i:all)[ \t]+" + _COUNT + r")")
# (a workload is its pods: `the deployment are failing and constantly restarting`, fc55q)
_NOUN = (r"(?P<noun>(?i:pods?|containers?|replicas?|deployments?|statefulsets?|daemonsets?)"
         r"(?![\w-]))")
# (a name has a letter: `85-230 restarts` is a count's range, no name)
_DASHED = r"(?=[0-9-]{0,40}[a-z])[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10}(?:-\*)?"
# the workload or component a pod is named for after it (`the pod for the ingress-gateway`):
# a dashed name, or a word after a determiner of the case's
_FOR = (r"(?:[ \t]+(?i:for|of)[ \t]+(?:" + _MARK + _DASHED + _MARK + r"|(?i:the|our|my)[ \t]+"
        + _WORD + r"))?")
# the noun of a component that runs after a name's one to three words (`the node exporter`:
# subjects54's nouns after a determiner of the case's; fc57d), maybe the namespace or cluster
# it runs in after it (`the node exporter in scraper`); the noun alone (`the controller`) is
# a common noun, none
_RUNS = (r"(?:" + _WORD + r"[ \t]+){1,3}?(?P<comp>(?i:agent|controller|proxy|operator|server|"
         r"worker|scheduler|webhook|gateway|exporter|manager|daemon|collector)(?![\w-]))"
         r"(?:[ \t]+(?i:in)[ \t]+" + _MARK + r"[a-z][\w.-]{0,62}" + _MARK + r")?")
# the case's pods named by their workload, no determiner, opening the sentence (a reply's
# `@name` before it aside): a capitalised name, a lower-case word of its part maybe, and a
# plural (`Spark executor pods are getting killed with 'OOMKilled' status`,
# kubeflow-spark-operator-766; fc57f), as oomprose54's workload subjects (`CSI pods`); a word
# of Kubernetes', a quantifier, a determiner or a pod's status names none (`Some pods`,
# `Evicted pods`: a general statement)
_WORKLOAD = (r"(?P<work>(?!(?:Kubernetes|K8s|Pods|Containers|Some|Many|Most|All|Other|Such|Any|No|"
             r"Each|Every|These|Those|The|Our|My|Your|Their|Its|This|That|When|If|Why|How|A|An|"
             # (a clause's opening conjunction is no name: `Whenever the pods restarted`, a
             # rule of what may happen, fx59f)
             r"Whenever|Unless|While|Once|Until|Although|Though|Because|Since|After|Before|"
             r"Both|Several|Multiple|New|Old|Existing|Running|Pending|Failed|Failing|Evicted|"
             r"Terminated|Completed|Crashing|Unhealthy|Killed|Restarted|Healthy|Ready)(?![\w-]))"
             r"[A-Z][A-Za-z0-9]{1,30}(?:[ \t]+[a-z][a-z0-9]{1,30})?[ \t]+(?:pods|containers))")
# a capitalised name opening an issue's note, its article dropped (oomprose54's note: `Manager
# pod continuously get killed because of OOM`): no word of a guide's, a quantifier's, a
# determiner's or Kubernetes' own (`Kubernetes pod`, `Each pod`, `Your pod`), no pod's status,
# no word of when (`Yesterday Pod is crashing`: the note's own `Pod` after it, fc57c); the
# noun after the name in lower case, as a common noun after its name is written
_NOTE_NAME = (r"(?!(?:A|An|Any|Each|Every|Some|No|All|Many|Most|Other|Another|Such|Your|Their|"
              r"Yesterday|Today|Tonight|Now|Still|Again|Suddenly|Sometimes|Recently|Currently|"
              r"After|Before|Since|During|Here|There|Last|First|Later|Finally|"
              r"His|Her|Its|The|This|That|These|Those|My|Our|Kubernetes|K8s|When|Whenever|If|"
              r"Why|How|What|Which|Whether|Once|Then|Also|Sometimes|Pods?|Containers?|New|Old|"
              r"Running|Pending|Failed|Failing|Evicted|Terminated|Completed|Crashing|Unhealthy|"
              r"Healthy|Ready|Static|Mirror|Init|Sidecar|Single|One)(?![\w-]))[A-Z][\w.]{1,62}")
_SUBJECT = (
    r"(?<![\w'.*/-])(?:" + _DET + r"[ \t]+(?:(?:" + _WORD + r"[ \t]+){0,4}?" + _NOUN + _FOR
    + r"|" + _RUNS + r")"
    + r"|" + _MARK + r"(?P<name>" + _DASHED + r")" + _MARK
    + r"(?:[ \t]+(?i:pods?|containers?))?"
    # `Pod` or `Container` with its article dropped, a note's (fixprose53d; fc57c: checked
    # to open its sentence in `_subject_ok`); a capitalised name before it too, oomprose54's
    # note (`Manager pod ...`; `NATs pod enters CrashLoopBackoff state ...`, fx59a)
    + r"|" + _MARK + r"(?P<note>(?:" + _NOTE_NAME + r"[ \t]+(?:pod|container)|Pod|Container)"
    r"(?![\w-]))" + _MARK
    + r"|" + _WORKLOAD
    # (`kibana pod` too: the noun after the bare word the page names its pod by, fc57c)
    + r"|(?P<bare>[a-z][a-z0-9]{1,30})(?:[ \t]+(?i:pod|container))?)")
_AUX = (r"(?:(?i:is|are|was|were|has[ \t]+been|have[ \t]+been|had[ \t]+been|got|gets|get|"
        r"keeps|keep|kept|started|starts|start|began|begins|continues|continued|being|getting|"
        r"went[ \t]+on|goes[ \t]+on)[ \t]+)")
_OFTEN = (r"(?P<often>(?i:constantly|continuously|continually|repeatedly|frequently|"
          r"periodically|regularly|randomly|intermittently|always|still|again|also|just|now|"
          r"simultaneously|suddenly|occasionally|sometimes|currently|actively)[ \t]+)")
# a word of ongoing repetition after the end, before the OOM kill given as its cause (`is
# restarting constantly due to OOM Killed`, tektoncd-operator-2523; fc58a): the same
# repetition as before it (oomprose54's `constantly`), no word between the end and its cause
_REPEATING = r"(?:[ \t]+(?i:constantly|continuously|continually|repeatedly|frequently|again))"
# the OOM kill told as the end's cause in a clause after it whose subject points back at the
# end's (`NATs pod enters CrashLoopBackoff state as it gets OOMKilled immediately after
# startup`, nats-server-5929; fx59a): `as`, `because` or `since`, then `it` or `they` and the
# reason as what befell it, in any tense (the end's own tense is the statement's, `_tense_ok`).
# Another subject (`as the node gets OOMKilled`), a negation (`as it is not OOMKilled`) and a
# modal (`as it may get OOMKilled`) give none
_AS_IT_OOM = (r"|[ \t]*,?[ \t]+(?i:as|because|since)[ \t]+(?i:it|they)[ \t]+(?i:gets|get|got|"
              r"is|are|was|were|(?:is|are|was|were|keeps|keep|kept)[ \t]+getting|(?:has|have|had)"
              r"[ \t]+been)[ \t]+" + _MARK + OOM_KILLED + _MARK + r"(?![\w-])")
# (`CrashLoop` alone, a status word cut, stays unread: README, fixstated67)
_CLB = (_MARK + r"(?!CrashLoop(?![ \t-]?(?i:back)))(?i:crash[ \t-]?loop(?:[ \t-]?back[ \t-]?off)?)"
        + _MARK)
# the end, its kind in a named group; an OOM kill named by its cause after a crash, a kill or
# an exit (`crashing with oomkilled`, `killed by the OOM killer`)
# a word of now before the auxiliary (`currently is Crashing`), and a participle of failing
# joined to the end by `and` (`are failing and constantly restarting`: fc55q)
_NOW = r"(?:(?i:currently|now|still|also)[ \t]+)?"
_ALSO = r"(?:(?i:failing|erroring|dying|flapping)[ \t]+(?i:and)[ \t]+)?"
# a negation of the end told in the past (`was not killed`, `wasn't restarting`, `never
# restarted`; `didn't restart`, its verb bare after `did`): read only where `until` after the
# end turns it around (`... until 7m later`: the end happened, until_affirmed.py, fix57b)
_NOT = (r"(?:(?P<neg>(?:(?i:was|were|had)[ \t]+(?i:not)|(?i:wasn|weren|hadn)['\u2019](?i:t)|"
        r"(?i:never))[ \t]+)|(?P<did>(?:(?i:did)[ \t]+(?i:not)|(?i:didn)['\u2019](?i:t))[ \t]+))?")
_EMPH = r"(?:\*\*|__|\*|_)?"
_END = (
    # (the end in markdown's emphasis too: `was being **OOMKilled**`, rwlove-home-ops-13936, fc57f)
    r"[ \t]+" + _NOW + _NOT + r"(?P<aux>" + _AUX + r"{0,2})" + _ALSO + _OFTEN + r"?" + _EMPH + r"(?:"
    r"(?P<oom>" + OOM_KILLED + r"|" + KILLED_FOR_OOM + r")"
    r"|(?P<loop>(?i:crash[ \t-]?loop(?:s|ed|ing))|(?i:going|went|goes|go|gone|entering|entered|"
    r"enters|fell|falling)[ \t]+(?:(?i:for|into|in)[ \t]+)?(?:(?i:a|the)[ \t]+)?" + _CLB
    + r"(?:[ \t]+(?i:state|status|mode))?)"
    r"|(?P<crash>(?i:crash(?(did)|(?:ed|es|ing))))"
    r"|(?P<restart>(?i:restart(?(did)|(?:ed|ing|s))))"
    r"|(?P<killed>(?i:killed))"
    r"|(?P<exited>(?(did)(?i:exit|terminate)|(?i:exited|exits|exiting|terminated))))" + _EMPH
    + r"(?![\w-])"
    # (no end of the subject: a noun, `the pod restarts are counted`; a cause of its own after
    # `for`, `terminated for exceeding its CPU limit`, which the cause's rules read or none does)
    r"(?![ \t]+(?:(?i:are|were|is|was|have|had|count|counts|counter|counted)"
    r"|(?i:for)[ \t]+\w+ing)(?![\w-]))"
    # (nor a present with a noun phrase right after it: a verb with an object, its subject
    # ending something, or the noun of a clause running on unpunctuated, `the WAL survives
    # container restarts the resulting crash-loop is ...`: restart_said.py, stop 58, fc58c)
    r"(?!(?<=[sS])[ \t]+" + OBJECT_AFTER + r")"
    r"(?P<why>" + _REPEATING + r"?[ \t]+(?i:with|due[ \t]+to|because[ \t]+of|from|by|on)[ \t]+"
    r"(?:(?i:an?|the)[ \t]+)?"
    # (the reason's word or the kernel's killer only: a bare `with OOM` is no reason, README,
    # gitops-operator-184, and `an OOM error` may be the application's own OutOfMemoryError)
    + _MARK + r"(?:" + OOM_KILLED + r"|(?i:OOM|out[ \t-]of[ \t-]memory)[ \t-]?(?i:killer))"
    r"(?![\w-])" + _AS_IT_OOM + r")?")
_STATED = lazy_regex(_SUBJECT + _END)
# restarts of the case's pod a past verb of cause made (`caused repeated pod restarts`)
_CAUSED_RESTARTS = lazy_regex(
    r"(?<![\w-])(?i:caused|led[ \t]+to|resulted[ \t]+in|triggered)[ \t]+(?:(?i:the)[ \t]+)?"
    r"(?:(?i:repeated|frequent|constant|continuous|multiple|several|many|\d{1,4})[ \t]+)"
    r"(?P<noun>(?i:pod|container))[ \t]+(?i:restarts|crashes|crash[ \t-]?loops)(?![\w-])")
# a fix's object: the end it fixes happened (`fix the workflow operator pod going for ...`)
_FIXES = lazy_regex(r"(?<![\w-])(?i:fix|fixes|fixed|fixing|resolve|resolves|resolved)[ \t]+$")
# a future, a guess or another's words before the subject in its sentence
_NOT_TOLD = lazy_regex(
    r"(?<![\w'-])(?i:will|won['\u2019]t|shall|seems?|seemed|appears?|appeared|suspect|"
    r"suspected|probably|maybe|perhaps|possibly|likely|guess|think|thought|believe|assume|"
    r"wonder|whether|why|how|what|where|docs?|documentation|says?)(?![\w'-])")
_PROBE = lazy_regex(r"(?<![A-Za-z])(?i:probes?|liveness|readiness|startup[ \t-]?probe)(?![A-Za-z])")
_ANCHORS = ("rash", "RASH", "estart", "ESTART", "illed", "ILLED", "xit", "XIT", "erminat",
            "ERMINAT", "OOM", "oom", "Oom")
_STOP = lazy_regex(r"[.!?](?=\s|$)")
_CLAUSE = lazy_regex(r"[,;:(\u2014](?=\s)|\s[-\u2013\u2014](?=\s)")
# the case's own pods a page names by a bare word before `pod` or `container`
_NAMED_POD = lazy_regex(r"(?<![\w'-])(?i:the|our|my|this)[ \t]+" + _MARK
                        + r"(?P<bare>[a-z][a-z0-9]{1,30})" + _MARK
                        + r"[ \t]+(?i:pods?|containers?)(?![\w-])")


class Said(NamedTuple):
    """A stated end found: its line's number, its words, and whether it names an OOM kill."""

    line: int
    words: str
    oom: bool


def stated_end(lines: list[str], told: set[int], fixes_only: set[int]) -> Said | None:
    """The first end of the case's own pod the lines state (`_stated_on`), each line read up
    to `SENTENCE_REACH`, `PLACES_WEIGHED` candidates weighed at most; a line of `fixes_only`
    (under a heading of what the change does) read only as a fix's object. None without one."""
    pods = _named_pods(lines)
    quotes = _quotes(lines)
    left = PLACES_WEIGHED
    for number, text in enumerate(lines, 1):
        line = text[:SENTENCE_REACH]
        if not any(a in line for a in _ANCHORS) or number in quotes:
            continue
        for m in _candidates(line, number in told):
            left -= 1
            if left < 0:
                return None
            if _of_the_case(line, m, pods, number in told, number in fixes_only):
                return Said(number, m[0].strip(), _names_oom(m))
    return None


def _names_oom(m: re.Match[str]) -> bool:
    """Whether the statement names the end an OOM kill (its `oom` or `why` group)."""
    return any(m[g] for g in ("oom", "why") if g in m.re.groupindex)


def _quotes(lines: list[str]) -> set[int]:
    """The (1-based) numbers of the lines quoted (`> `) beside lines of the author's own: a
    quote of docs or of another's words; a page quoted whole is the author's, its quote marks
    only its wrapper (a mail's or a forum's reply)."""
    quoted = {n for n, x in enumerate(lines, 1) if x.lstrip().startswith(">")}
    told = sum(1 for x in lines if x.strip())
    return set() if len(quoted) == told else quoted


def _candidates(line: str, told: bool) -> list[re.Match[str]]:
    """The statements of an end on the line (`_STATED`), then restarts a past cause made, then
    (on a line of what was seen) a symptom bullet with no verb (`_SYMPTOM`)."""
    symptom = _SYMPTOM.match(line) if told and "?" not in line else None
    return [*_STATED.finditer(line), *_CAUSED_RESTARTS.finditer(line),
            *FIXED_RESTARTS.finditer(line), *NOTED_OOM.finditer(line),
            *([symptom] if symptom is not None else [])]


# a symptom bullet with no verb under a heading of what was seen (an issue form's
# `**Symptom:**` list): a crash loop or crash in words opening it, then the case's pods it
# befell (`- Crash loop back off on all pods deployed by the chart helm`, fc55q: the pods the
# author's own release deployed; R4.8, a back-off follows ends)
_SYMPTOM = lazy_regex(
    r"[ \t]*[-*][ \t]+(?:" + _CLB + r"|" + _MARK + r"(?i:crash(?:es|ing)?|restarts)" + _MARK
    + r")[ \t]+(?i:on|in|of|for)[ \t]+(?i:all|both|the|our|my)[ \t]+(?:(?i:the|our|my)[ \t]+)?"
    r"(?:" + _WORD + r"[ \t]+){0,2}?(?i:pods|containers)(?![\w-])")


def _named_pods(lines: list[str]) -> frozenset[str]:
    """The bare words the page names as the case's pods (`the manager pod`: `manager`)."""
    found: set[str] = set()
    for text in lines:
        if "od" in text or "ontainer" in text:
            found.update(m["bare"].lower() for m in _NAMED_POD.finditer(text[:SENTENCE_REACH]))
    # (a participle is no name: `the repeated pod restart pattern`); and the parts of the
    # page's one generated pod name (`kibana` of logging-kibana-1-bo5zq, README fixprose43)
    return frozenset(w for w in found - _NO_BARE if not w.endswith(("ed", "ing"))) | \
        generated_parts(lines)


# words that are no pod's name though a page writes them before `pod` (`the new pod`)
_NO_BARE = frozenset({"new", "old", "same", "other", "whole", "first", "second", "last", "next",
                      "running", "failing", "crashing", "main", "single", "only", "entire"})


def _of_the_case(line: str, m: re.Match[str], pods: frozenset[str], told: bool,
                 fixes_only: bool) -> bool:
    """Whether `m` states an end of the case's own pod (module docstring): its subject the
    case's, its tense what happened, nothing in its sentence that makes it what may happen, a
    guess, a negation, a prevention or a probe's."""
    fix = _FIXES.search(line, max(0, m.start() - 20), m.start()) is not None or \
        "fixed_by" in m.re.groupindex
    if fixes_only and not fix:
        return False
    if _object_after(line, m) or form_of_the_case(line, m) is False:
        return False
    if "det" in m.re.groupindex and not (_subject_ok(line, m, pods) and
                                         _tense_ok(line, m, told, fix)):
        return False
    # (a cause told after the end, not an OOM kill's: the cause's own rules read it, or none
    # does, restart_said.cause_after; an error the author shows next is no cause)
    if not _names_oom(m) and cause_after(line, m.end()):
        return False
    if _OBJECT_OF.search(line, max(0, m.start() - 12), m.start()) is not None and \
            "det" in m.re.groupindex and m["det"] and \
            max(m.start("noun"), m.start("comp")) > m.end("det") + 1:
        return False
    start = sentence_start(line, m.start())
    clause = _clause_start(line, start, m.start())
    stop = _STOP.search(line, m.end())
    end = stop.start() if stop is not None else len(line)
    # (a clause of the author's own joined after the end is another statement: `... constantly
    # restarting and I don't have a way to configure the probes timeout`, fc55q)
    own = _OWN_CLAUSE.search(line, m.end(), end)
    end = own.start() if own is not None else end
    return not (_negated(line, clause, m) or _NOT_TOLD.search(line, start, m.start())
                or PREVENTED.search(line, start, m.start())
                or _probe_named(line, start, end)) and \
        states_what_happened(_occasion_blanked(line, m), m.start(), m.end())


def _occasion_blanked(line: str, m: re.Match[str]) -> str:
    """The line with `when` and a gerund opening the sentence blanked where the statement is
    one of a subject of the case's (`_STATED`) in a past main clause (`when uploading a dataset
    the celery container crashed`: its event's occasion, own_occasion.py, fx60e)."""
    return blank_gerund_when(line, m.start(), m.end()) if "det" in m.re.groupindex else line


# a probe named under a negation (`a true host-RAM cgroup kill, not VRAM, not a liveness probe`,
# rwlove-home-ops-13936, fc57f): the author denies it as the end's cause, so the sentence
# names no probe's failure (README, the rules for the facts: a negation states none); `not
# only the probe` is no denial, and `not` a few words before it (`not sure the probe`) none
_DENIED_PROBE = lazy_regex(
    r"(?<![\w'-])(?i:not|nor|never)[ \t]+(?:(?i:an?|the|its|any|by|from)[ \t]+){0,2}"
    r"(?:(?i:liveness|readiness|startup)[ \t-]?)?(?i:probes?|liveness|readiness|startup)(?![A-Za-z])")


def _probe_named(line: str, start: int, end: int) -> bool:
    """Whether the sentence's stretch names a probe other than under a negation that denies
    it (`_DENIED_PROBE`)."""
    stretch = _DENIED_PROBE.sub(lambda d: " " * len(d[0]), line[start:end])
    return _PROBE.search(stretch) is not None


def _aux_words(m: re.Match[str]) -> list[str]:
    """The end's auxiliaries, a negation's own among them (`wasn't restarting`: `was`)."""
    neg = (m["neg"] or "").split()
    own = [neg[0][:-3] if neg[0].lower().endswith(("n't", "n\u2019t")) else neg[0]] \
        if neg and neg[0].lower() != "never" else []
    return [*own, *m["aux"].split()]


def _negated(line: str, clause: int, m: re.Match[str]) -> bool:
    """Whether a negation in the end's clause negates it: one `until` after the end does not
    turn around (`the pod didn't restart until 7m later` states the restart, fix57b)."""
    return NEGATED.search(line, clause, m.end()) is not None and \
        not affirmed_until(line, clause, m.end())


# the object of an active verb of ending: the subject ended something else (`the container
# terminated the connection`, `killed the process`)
_OBJECT = lazy_regex(r"[ \t]+(?i:the|an?|its|their|our|my|it|them|all)(?![\w-])")


def _object_after(line: str, m: re.Match[str]) -> bool:
    """Whether the end's verb is active, with no auxiliary, and takes an object: no end of
    its subject."""
    if "det" not in m.re.groupindex or _aux_words(m) or not (m["exited"] or m["killed"]):
        return False
    return _OBJECT.match(line, m.end()) is not None


# a clause the author opens as its subject after the end (`and I`, `, but we`)
_OWN_CLAUSE = lazy_regex(r"[,;]?[ \t]+(?i:and|but|so)[ \t]+(?:I|(?i:we))(?![\w-])")


# a preposition right before the determiner: the determiner's phrase is its object (`In these
# cases pods are being OOM killed`: `these` determines `cases`), no subject of the end (a cause
# after `by` is: `caused by all three replicas entering CrashLoopBackOff`)
_OBJECT_OF = lazy_regex(r"(?<![\w'-])(?i:in|on|at|under|with|within|during|for|from|of|into|"
                        r"across|after|before|since|like)[ \t]+$")


# a determiner of no case's right before a name: what may befall any (`your catalyst-api`)
_NO_CASE = lazy_regex(r"(?<![\w'-])(?i:a|an|any|some|your|their|his|her|its|every|each|no|"
                      r"another|other|many|most|such|if|when)[ \t]+$")


def _subject_ok(line: str, m: re.Match[str], pods: frozenset[str]) -> bool:
    """Whether the subject is the case's pod: a determiner of the case's, a dashed name, or
    a bare word the page names as the case's pod (`pods`); no determiner of no case's before
    a name."""
    if m["det"]:
        return True
    if m["note"]:
        return _opens_sentence(line, m)
    if m["work"]:
        return _ADDRESSED.fullmatch(line, sentence_start(line, m.start()), m.start()) is not None
    if _NO_CASE.search(line, max(0, m.start() - 12), m.start()) is not None:
        return False
    return m["name"] is not None or (m["bare"] or "").lower() in pods or _component(line, m)


# a lower-case name run together with the noun of a component that runs (`vlagent`: `vl` and
# `agent`; subjects54's nouns), no common noun alone (`agent`, `controller`)
_COMPONENT = lazy_regex(r"[a-z][a-z0-9]{0,20}(?:agent|controller|proxy|operator|server|worker|"
                        r"scheduler|webhook|gateway|exporter|manager|api|daemon|collector)")
# (a list's mark before it aside: `- NATs pod enters CrashLoopBackoff state ...`, an issue
# form's bullet under `### Observed behavior`, fx59a)
_OPENS = lazy_regex(r"[ \t]*(?:[-+][ \t]+)?[ \t*_`'\"]*")
# a reply's address before its sentence (`@liyinan926 Spark executor pods ...`): no word of it
_ADDRESSED = lazy_regex(r"[ \t*_`'\"]*(?:@[A-Za-z0-9-]{1,39}[ \t,:]+)?")


def _opens_sentence(line: str, m: re.Match[str]) -> bool:
    """Whether the subject opens its sentence, no word before it (`Pod is crashing, removing
    livenessProbe`: a note's `Pod`, its article dropped, README fixprose53d; fc57c)."""
    return _OPENS.fullmatch(line, sentence_start(line, m.start()), m.start()) is not None


def _component(line: str, m: re.Match[str]) -> bool:
    """Whether the bare subject is the case's own component named in lower case opening its
    clause (`The collector never rolled out after #5550: vlagent was OOMKilled`, fc55q;
    subjects54's rule: a chart's or a project's author telling their own workloads)."""
    bare = m["bare"]
    if bare is None or _COMPONENT.fullmatch(bare) is None:
        return False
    start = _clause_start(line, sentence_start(line, m.start()), m.start())
    return _OPENS.fullmatch(line, start, m.start()) is not None


# a participle's subject the author saw in that state, or a cause after `by` (`I'm seeing the
# pod constantly crash-looping`, `caused by all three replicas entering CrashLoopBackOff`)
_SEEN = lazy_regex(r"(?<![\w-])(?i:by|see|saw|seeing|seen|notice|noticed|noticing|observe|"
                   r"observed|observing|watched|watching|found|finding)[ \t]+$")
# a word of how often after a passive restart (`the DM pod was restarted frequently`): the
# kubelet's restarts, not one a person made
# (and an interval, `every 5-15 minutes`, `every few minutes`, `every hour`: the kill's cadence
# the author saw, as fc58e reads `OOM killer kills the sidecar every 10 minutes`; otel-demo-2272,
# fx59a; `every time` is a guide's condition, and a day's or a night's may be a schedule's)
_INTERVAL = (r"(?:(?i:approximately|about|roughly|around|almost|nearly)[ \t]+)?(?i:every)[ \t]+"
             r"(?:\d{1,4}(?:[ \t]*[-\u2013~][ \t]*\d{1,4})?[ \t]*|(?i:few|couple[ \t]+of|other)"
             r"[ \t]+)?(?i:seconds?|secs?|minutes?|mins?|hours?|hrs?)")
_OFTEN_AFTER = lazy_regex(r"[ \t]+(?:(?i:frequently|repeatedly|constantly|continuously|"
                          r"periodically|regularly|again[ \t]+and[ \t]+again|over[ \t]+and[ \t]+"
                          r"over|(?:\d{1,4}|several|multiple|many)[ \t]+times)|" + _INTERVAL
                          + r")(?![\w-])")
_WHEN_AFTER = lazy_regex(r"[ \t]+(?:\d{1,4}[ \t]*(?:x|\u00d7|times)(?![\w-])|(?i:twice|again|"
                         r"repeatedly|at|during|after|on|yesterday|today|tonight|overnight|"
                         r"last|every|while)(?![\w-]))")
# the end's kinds, the groups of `_END` (the verb the first word of the one that matched)
_KINDS = ("loop", "crash", "restart", "killed", "exited")
_PRESENT_AUX = frozenset({"is", "are", "get", "gets"})
_PASSIVE = frozenset({"killed", "restarted", "terminated"})
_PRESENT = frozenset({"crashes", "restarts", "exits", "crashloops", "crash-loops", "goes",
                      "enters", "falls", "go"})


def _tense_ok(line: str, m: re.Match[str], told: bool, fix: bool) -> bool:
    """Whether the end is told as what happened: a past, a perfect, a progressive; the simple
    present only on a line of what happened (`told`), a present passive never; a participle with
    no auxiliary only as a fix's object or a cause after `by`; a passive restart only with a
    word of how often or as a continuing state (`keeps getting restarted`)."""
    if m["did"]:  # (`didn't restart`, its verb bare: a past; read only with `until` after)
        return True
    aux = _aux_words(m)
    verb = (m["oom"] and "killed") or next(m[k] for k in _KINDS if m[k]).split()[0]
    verb = verb.lower().strip("*`'\"")
    # (a present passive, `the manager container is killed`, is a guide's mechanism even under
    # a heading of what happened: an end stated by its cause is read only in a past or a
    # progressive, README fixprose43, kube-green-271)
    # (`OOMKilled` right after a name, no auxiliary, is a note's verb only with a count or a
    # word of when after it, `catalyst-api OOMKilled 6x`; alone it is a label, `due to pod
    # "cloud-controller-manager-*" OOMKilled`, README fixprose64, cloud-provider-aws-440)
    if m["oom"] and not aux and _WHEN_AFTER.match(line, m.end()) is None:
        return False
    # (a word of how often right after it, `gets restarted frequently`, as before it, `is
    # continuously killed`: an ongoing state of the case told as seen, README fc57a; fc58e)
    if aux and aux[-1].lower() in _PRESENT_AUX and verb in _PASSIVE and not m["often"] and \
            _OFTEN_AFTER.match(line, m.end()) is None:
        return False
    if not aux and verb in _PRESENT:
        return told
    if verb.endswith("ing") and not aux:
        return fix or _SEEN.search(line, max(0, m.start() - 20), m.start()) is not None
    if verb == "restarted" and aux and not m["often"] and \
            _OFTEN_AFTER.match(line, m.end()) is None:
        return any(a.lower() in ("being", "getting") for a in aux)
    return verb != "gone" or bool(aux)


def _clause_start(line: str, start: int, at: int) -> int:
    """Where the clause holding line[at] starts in the sentence starting at `start`: a
    negation negates its own clause (`Pelorus is deployed correctly, just manager is crashing`
    has none)."""
    ends = [c.end() for c in _CLAUSE.finditer(line, start, at)]
    return ends[-1] if ends else start


_READ = ("line {}: the case's own pod stated in the author's prose to have ended (`{}`): read "
         "as its container having ended, at least once; {}")
_WHY_UNTOLD = ("the record states the end, not its cause: no reason or exit code, no kill "
               "read, and no count bounds its restarts")
_WHY_OOM = ("the words name the end an OOM kill (OOMKilled, the kernel's OOM killer at the "
            "container's memory limit: no probe's kill), no count bounds its restarts")


_MD_HEADING = lazy_regex(r"[ \t]{0,3}#{1,6}[ \t]+\S")


def _titles(lines: list[str]) -> set[int]:
    """The (1-based) numbers of the page's title (its first line of words, a blank line after
    it) and its markdown headings: a title's or heading's present (`api-gateway pod crashes on startup`) is the
    author's statement of what happens to their own system, as a line under a heading of what
    happened is."""
    heads = {n for n, x in enumerate(lines, 1) if _MD_HEADING.match(x[:200])}
    first = next((n for n, x in enumerate(lines, 1) if x.strip()), None)
    # (a title: one short line of words, no sentence ended inside it, a blank line after it;
    # a page of one line is a sentence, no title)
    if first is None or first >= len(lines) or lines[first].strip() or \
            not any(x.strip() for x in lines[first:]) or \
            len(lines[first - 1]) > 200 or _STOP.search(lines[first - 1].rstrip(" .")):
        return heads
    return heads | {first}


def _page_title(lines: Sequence[str]) -> int | None:
    """The (1-based) number of the page's title (`_titles`: its first line of words, a blank
    line after it, or a markdown heading opening the page); None without one."""
    first = next((n for n, x in enumerate(lines, 1) if x.strip()), None)
    return first if first is not None and first in _titles(list(lines)) else None


def read_stated_end(page: ProsePage, source: str) -> RecordSet | None:
    """The record of a page of prose alone that states an end of the case's own pod
    (`stated_end`, on no command's line): one pod of no name, its one container ended,
    OOMKilled where the words name it; the other lines said not read. None without one."""
    told = case_lines(list(page.flat))
    # (a past `When` of a narrative of what happened tells its event once: past_when.py, the
    # lead's rule of stop 59, fx59f)
    narrative = narrative_lines(page.lines, told, _page_title(page.lines))
    lines = [("" if n in page.commands else blank_past_when(x) if n in narrative else x)
             for n, x in enumerate(page.lines, 1)]
    said = stated_end(lines, told | _titles(lines), set(page.expected))
    if said is None:
        return None
    why = _WHY_OOM if said.oom else _WHY_UNTOLD
    note = _READ.format(said.line, said.words[:80], why)
    if not said.oom:
        return ended_record(page.text, source, said.line, note, STATED_END)
    where = Where(source, said.line)
    c = ContainerRecord(None, where, state="terminated", state_reason="OOMKilled",
                        restarts_cut=True)
    c.terminated = Terminated("OOMKilled", None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=where,
                              untold=True)
    pod = PodRecord(None, where, containers=[c], formats=[STATED_END])
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(page.lines, 1)
            if n != said.line and x.strip()]
    return RecordSet(source, STATED_END, pods=[pod],
                     notes=[Note(note, where), *unread_notes(rest, source)])


_GIVEN = ("line {}: a symptom the author lists of the case's pods (`{}`), beside a record of "
          "one pod that shows none of its app container: read as that container (its name not "
          "in the record) having ended, at least once; " + _WHY_UNTOLD)


def give_symptom_end(found: RecordSet, text: str) -> None:
    """A symptom bullet of the case's pods (`_SYMPTOM`, under a heading of what was seen)
    beside a record of one named pod that shows no app container and no state, event or
    restart count (a describe cut in its init containers, community-charts-helm-charts-249):
    the pod's app container, of no name, ended at least once, its cause not stated (R4.8: a
    back-off follows ends), no count bounding its restarts."""
    if len(found.pods) != 1 or ("rash" not in text and "RASH" not in text):
        return
    pod = found.pods[0]
    if pod.name is None or pod.apart_from is not None or pod.events or any(
            not c.init or c.state or c.terminated or c.last or c.restart_count is not None
            for c in pod.containers):
        return
    # the page's own lines, without an indentation every line shares (a page pasted indented
    # as a whole: its headings and bullets are the same page's, sections.py weighs them so)
    lines = dedented(text).split("\n")
    told = case_lines(lines)
    said = stated_end([x if n in told and _SYMPTOM.match(x[:SENTENCE_REACH]) else ""
                       for n, x in enumerate(lines, 1)], told, set())
    if said is None:
        return
    where = Where(found.source, said.line)
    pod.containers.append(ContainerRecord(
        None, where, state="terminated", restarts_cut=True, terminated=Terminated(
            None, None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=where, untold=True)))
    found.notes.append(Note(_GIVEN.format(said.line, said.words[:80]), where))
