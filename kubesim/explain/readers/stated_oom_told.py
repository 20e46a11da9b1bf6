"""An end OOMKilled of the case's own pods or container stated in its author's prose in the
forms people write beside the word `OOMKilled` (the corpus README's rules: statements of the
case in prose; held-out batches 116-118, oomprose54). The words of the end are oom_words.py's
one vocabulary (`OOM killed`, `oomkilled`, `killed because of OOM`, `killed (OOM)`, ...).

- `OOM_TOLD`: the case's pods or container stated killed by the OOM killer:
  - its subject a determiner of the case's (`the`, `our`, `these` ... and one word of a name
    at most: `the manager pod`), the case's workload's pods by a capitalised name and a plural noun
    (stop 49's `CSI pods`: `CoreDNS pods (3)`, a count in a parenthesis after it), or an
    issue's note that drops its subject's article: a capitalised name and `pod` or
    `container` opening a sentence (`Manager pod continuously get killed because of OOM`,
    symphony-617);
  - in a past or progressive form (`were ... oom killed`, `is being killed due to OOM`),
    another participle joined by `and` before it sharing its auxiliary (`were overwhelmed and
    oom killed over and over again`, wikimedia-phabricator-T362766), or in the present with a
    word of ongoing repetition (`continuously get killed`, `constantly gets`, `repeatedly is`):
    an ongoing state of the case told as it is seen, no guide's rule (a guide's rule names a
    condition, `when`, `if`, which the caller reads as what may happen).
- `OOM_KILLS_OF`: the noun of such ends of the case's pod named by its component, the object
  of a verb of result or of the author's seeing (`It results in OOMKills for the handler pod.`,
  kubernetes-nmstate-1352).
- `SEEN_OOM`: the author's narrative `we observed (saw, noticed, watched) the apache container
  getting oomkilled` (wikimedia-phabricator-T362766): the participle after the author's verb of
  seeing in the past is the progressive of what they saw (stop 49's `we observed STATEMENT`).

Stay unread (here or by the caller, runs.py): `pods`, `a pod`, `your pod`, `Kubernetes pods`,
`Some pods`, a quantifier, a guide's present (`the container is killed because of OOM`,
`Pods get OOMKilled`), a negation, a conditional, a question and a sentence of what may
happen. Each pattern is looked for around its anchor word only (`OOM` in any case) and each
run of blanks is followed by a word of its own: one pass on a long line.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.oom_words import KILLED_FOR_OOM, OOM_KILLED, OOM_KILLS
from kubesim.explain.readers.stated_cause import WORKLOAD_SUBJECT

__all__ = ["OOMKILLED_OBJECT", "OOM_FOUND_IN_LAST", "OOM_LAST_STATE_LABEL", "OOM_KILLER_KILLS", "OOM_KILLS_OF",
           "OOM_NOTE_COUNTED", "OOM_PRESENT_TOLD", "OOM_REASON_RECORDED", "OOM_TOLD", "SEEN_OOM",
           "SUBORDINATE"]

_WORD = r"[`'\"]?[\w.-]{1,63}[`'\"]?[ \t]+"
_NOUN = r"(?i:pod|container)(?i:s)?(?![\w-])"
# the case's own: a determiner of the case's and one word of its name at most before the noun
# (as stated_kill.EN_OOM: unquoted words are no name, `The KubeScape Operator pod`); `these` and
# `those` right before it (a word between is no name: `in these cases pods`)
_OWN = (r"(?<![\w.-])(?:(?i:the|my|our|this|that|its)[ \t]+(?:" + _WORD + r")?"
        r"|(?i:these|those)[ \t]+)" + _NOUN)
# an issue's note, its subject's article dropped: a capitalised name opening a sentence (the
# line's start, or a stop and a blank before it), no word of a guide's or a quantifier's
_NOT_A_NAME = (r"(?!(?:A|An|Any|Each|Every|Some|No|All|Many|Most|Other|Another|Such|Your|Their"
               r"|Kubernetes|K8s|When|Whenever|If|Why|How|What|Which|Whether|Once|Then|Also"
               r"|Sometimes|Pods?|Containers?)(?![\w-]))")
_NOTE = (r"(?:(?<=^)|(?<=[.!?][ \t])|(?<=^[ \t*>-]))" + _NOT_A_NAME + r"[A-Z][\w.-]{1,62}[ \t]+"
         + _NOUN)
_SUBJECT = (r"(?:" + _OWN + r"|" + WORKLOAD_SUBJECT.pattern + r"(?:[ \t]*\(\d{1,4}\))?|" + _NOTE
            + r")")
_AGAIN = r"(?i:continuously|constantly|repeatedly|always|frequently|regularly)"
# past or progressive, another participle joined by `and` between (one to three words); or the
# present with a word of ongoing repetition
_TOLD = (r"(?:(?i:(?:was|were)(?:[ \t]+(?:being|getting))?|got|(?:is|are)[ \t]+(?:being|getting)"
         r"|(?:keeps|keep|kept)[ \t]+getting|(?:has|have|had)[ \t]+been)"
         r"(?:[ \t]+" + _AGAIN + r")?(?:[ \t]+(?![\w-]*(?i:not|never)(?![\w-]))[\w-]{1,30}"
         r"(?:[ \t]*,?[ \t]+[\w-]{1,30}){0,2}?[ \t]+(?i:and))?"
         r"|" + _AGAIN + r"[ \t]+(?i:gets?|is|are)|(?i:gets?|is|are)[ \t]+" + _AGAIN + r")")
OOM_TOLD = lazy_regex(_SUBJECT + r"[ \t]+" + _TOLD + r"[ \t]+[`'\"]?(?:" + OOM_KILLED + r"|"
                      + KILLED_FOR_OOM + r")(?![A-Za-z])")
SEEN_OOM = lazy_regex(
    r"(?<![A-Za-z])(?:I|[Ww]e)[ \t]+(?:(?i:have|had|then|also)[ \t]+)?"
    r"(?i:observed|saw|noticed|watched|caught)[ \t]+(?P<subject>" + _OWN + r")[ \t]+"
    r"(?i:getting|being)[ \t]+[`'\"]?(?:" + OOM_KILLED + r"|" + KILLED_FOR_OOM + r")(?![A-Za-z])")

# the noun of the ends of the case's pod named by its component (`the handler pod`: a
# determiner of the case's and a word of its name, `the pod` alone none), the object of a verb
# of result or of the author's seeing (`It results in OOMKills for the handler pod.`,
# kubernetes-nmstate-1352; `we saw frequent OOM kills of the api container`): the kills
# occurred; a guide names no component of its own (`results in OOMKills for the pod`), and a
# negation (`no OOMKills`), `to avoid OOMKills` and a modal (`may result in`) make none
_NAMED = (r"(?i:the|our|my|its)[ \t]+(?!(?i:pods?|containers?)(?![\w-]))[`'\"]?[\w.-]{1,63}"
          r"[`'\"]?[ \t]+(?i:pod|container)(?i:s)?(?![\w-])")
_RESULT = (r"(?<![A-Za-z])(?:(?i:results?|resulted|resulting)[ \t]+(?i:in)|(?i:leads?|led|leading)"
           r"[ \t]+(?i:to)|(?i:causes|caused|causing|triggers|triggered|triggering)"
           r"|(?:I|[Ww]e)[ \t]+(?:(?i:have|had|are|were|then|also)[ \t]+)?(?i:saw|see|seeing|observed"
           r"|noticed|got|getting|hit|hitting|had|have))")
_MANY = r"(?:(?i:frequent|repeated|constant|continuous|multiple|several|many|regular)[ \t]+)?"
OOM_KILLS_OF = lazy_regex(_RESULT + r"[ \t]+" + _MANY + OOM_KILLS + r"(?![A-Za-z])[ \t]+"
                          r"(?i:for|of|in|on)[ \t]+" + _NAMED)

# the reason as a transitive verb in the past, the case's pod its object (`the failure that
# OOMKilled the mongodb pod (exit 137)`, instanode-infra-430667ba): the pod was killed by the
# OOM killer; `the pod` alone, `a pod`, `pods` and `your pod` name no pod of the case's, and
# the caller's checks leave a negation, a conditional, a question and a modal unread
OOMKILLED_OBJECT = lazy_regex(r"(?<![\w-])(?i:that|which|has|have|had|it|this|then)[ \t]+"
                              + OOM_KILLED + r"[ \t]+" + _NAMED)
# a commit's or an issue's note: a workload's dashed name opening it (the line's start, or
# after a note's `prefix: `), its article dropped, the reason in the past with a count of its
# ends (`catalyst-api OOMKilled 6× during phase-1 watch`, openova-catalyst-chart-6fac1481): the
# count is of ends OOMKilled (no probe's kill); with no count or no dash no note is read
OOM_NOTE_COUNTED = lazy_regex(
    r"(?:(?<=^)|(?<=^[ \t*>-])|(?<=[:.!?][ \t]))`?(?-i:[a-z][a-z0-9]{0,30}(?:-[a-z0-9]{1,30}){1,5})`?"
    r"[ \t]+" + OOM_KILLED + r"[ \t]+\d{1,4}[ \t]*(?:\u00d7|x|(?i:times))(?![\w-])")

# the author's account of finding the reason OOMKilled in the container's last state, as
# describe or the pod's status shows it (stop 56, application-sdk-2409: "Engineers had to
# manually check `kubectl describe pod` to find `OOMKilled` in `lastState.terminated`"): the
# container's previous instance ended OOMKilled, the reason as the kubelet reported it (CRI).
# The finding is told in the past (`found`, `saw`, `noticed`; `had to ... find`, a few words
# between): a guide's imperative or present (`check ... to find OOMKilled in lastState`, `you
# will see`) tells none, and the caller leaves a negation, a conditional and a question unread.
# The last state the case's (`the`, `its`, the pod's or container's, or none): `another pod's`
# is none
_FINDING = (r"(?<![A-Za-z])(?:(?i:found|saw|spotted|noticed|discovered|observed)|(?i:had|needed|"
            r"went)[ \t]+(?i:to)(?:[ \t]+[^\s.!?]{1,40}){0,8}?[ \t]+(?i:find|see|spot|discover))")
_LAST_STATE = (r"(?:(?i:the|its|their)[ \t]+)?(?:(?i:pod|container)(?:['\u2019]s)?[ \t]+)?`?"
               r"(?:(?i:lastState)(?:\.(?i:terminated)(?:\.(?i:reason))?)?|(?i:last)[ \t]+"
               r"(?i:state))`?")
OOM_FOUND_IN_LAST = lazy_regex(
    _FINDING + r"[ \t]+(?:(?i:the|an?)[ \t]+)?[`'\"]?" + OOM_KILLED + r"[`'\"]?(?:[ \t]+"
    r"(?i:reason|status))?[ \t]+(?i:in|under)[ \t]+" + _LAST_STATE + r"(?![\w-])")

# (stop 59, fx59b; tanguille-cluster-5030: "- `lastState.terminated`: `reason: OOMKilled`,
# `exitCode: 137` — the kernel OOM killer ...") the container's last state shown as a field
# list: its path (`lastState`, `lastState.terminated`, a status path ending in one) the label
# opening a line or a list's item, a colon, then the fields in code spans, one of them the
# reason OOMKilled (`reason: OOMKilled`, or `OOMKilled` alone after `lastState.terminated.reason`):
# the status's fields copied out of the pod's status, the previous instance's end (CRI). The
# label must open the line: a guide's sentence naming the path (`check that lastState shows
# reason: OOMKilled`), a negation (`lastState no longer OOMKilled`), a question and a
# conditional are no label (and the caller's checks leave them unread). Each span is bounded
# and holds no backtick: one pass.
_LABEL_PATH = (r"`?(?:[\w.\[\]]{0,80}\.)?(?i:lastState)(?:\.(?i:terminated)(?:\.(?i:reason))?)?`?")
_SPAN_FIELD = r"`[^`\n]{1,60}`[ \t]*,?[ \t]*"
OOM_LAST_STATE_LABEL = lazy_regex(
    r"^[ \t]{0,12}(?:[-*+][ \t]{1,4})?(?:\*\*)?" + _LABEL_PATH + r"(?:\*\*)?[ \t]*:(?:\*\*)?[ \t]*"
    r"(?:" + _SPAN_FIELD + r"){0,3}`(?:(?i:terminated\.)?(?i:reason)[ \t]*:[ \t]*)?" + OOM_KILLED
    + r"(?:`|$)")  # (a line's closing backtick may be taken off before it is read)

# (fc58f, minhle-jvm-oomkilled-cgroup: `Kubernetes dutifully recorded the reason as OOMKilled
# and restarted the pod.`) Kubernetes (or the kubelet) stated in the past to have recorded the
# end's reason as OOMKilled, then to have restarted (killed) the case's own pod or container
# (`_OWN`), or the reason recorded for (of) it: the reason the kubelet gives an end is the
# status's (CRI), told as what happened (a past), of the case's pod. An adverb of manner may
# stand between (`dutifully`); another's pod (`a pod`, `your pod`), the present (a guide's
# `Kubernetes records the reason as OOMKilled`) and a reason not OOMKilled state none
_RECORDER = (r"(?<![\w-])(?:(?i:the)[ \t]+)?(?i:kubernetes|k8s|kubelet)[ \t]+(?:[A-Za-z]{2,20}ly[ \t]+)?"
             r"(?i:recorded|reported|marked|listed|set|showed|gave)[ \t]+")
OOM_REASON_RECORDED = lazy_regex(
    _RECORDER + r"(?:(?i:the|its)[ \t]+)?(?:(?i:termination|last|exit)[ \t]+)?(?i:reason)[ \t]+"
    r"(?:(?i:as|to)[ \t]+|:[ \t]*)[`'\"]?" + OOM_KILLED + r"[`'\"]?[ \t]+(?:(?i:and)[ \t]+"
    r"(?i:restarted|killed)|(?i:for|of))[ \t]+" + _OWN)

# the OOM killer the agent of the kill, in the active voice, the case's own container its
# object (stop 58, fc58e; telegraf-operator-107: `OOM killer kills the sidecar approximately
# every 10 minutes.`): `killed by the OOM killer` turned about, the same end (CRI). Its object
# a determiner of the case's and one word of a name at most before `pod`, `container` or
# `sidecar` (a sidecar is a container of the pod: `the sidecar`, `our istio-proxy sidecar`);
# told in the past (`killed`, `has killed`, `kept killing`, `is killing`), or in the present
# with a word of ongoing repetition before the verb (`constantly kills`) or a word of how often
# after the object (`every 10 minutes`, `approximately every hour`, `repeatedly`): an ongoing
# state of the case told as seen (oomprose54's rule). The bare present (`the OOM killer kills
# the container`, a guide's rule), `every time` (a guide's condition), `a pod`, `pods`, `your
# pod`, a negation, a conditional and a question state none (the caller's checks)
_KILLER = (r"(?<![\w-])(?:(?i:the|an?)[ \t]+)?(?:(?i:kernel|linux)(?:['\u2019]s)?[ \t]+)?"
           r"(?i:OOM|out[ \t-]of[ \t-]memory)[ \t-]?(?i:killer)[ \t]+")
_VICTIM = (r"(?<![\w.-])(?i:the|my|our|its)[ \t]+(?:" + _WORD + r")?"
           r"(?i:pod|container|sidecar)(?![\w-])")
_HOW_OFTEN = (r"[ \t]+(?:(?i:approximately|about|roughly|around|almost|nearly)[ \t]+)?"
              r"(?:(?i:every)[ \t]+(?:\d{1,4}[ \t]+|(?i:few|couple[ \t]+of|other)[ \t]+)?"
              r"(?i:seconds?|minutes?|mins?|hours?|days?|weeks?)|(?i:repeatedly|constantly|"
              r"continuously|regularly|periodically|frequently)|(?i:again[ \t]+and[ \t]+again|"
              r"over[ \t]+and[ \t]+over))(?![\w-])")
OOM_KILLER_KILLS = lazy_regex(
    _KILLER + r"(?:(?i:killed|has[ \t]+killed|had[ \t]+killed|have[ \t]+killed|"
    r"(?:keeps|kept|is|was)[ \t]+killing)[ \t]+" + _VICTIM
    + r"|" + _AGAIN + r"[ \t]+(?i:kills)[ \t]+" + _VICTIM
    + r"|(?i:kills)[ \t]+" + _VICTIM + _HOW_OFTEN + r")")

# (the lead's decision, stop 60, oompresent; fx60a: hiero-solo-3950's `## Problem` `REST Java
# component (v0.151.0) is OOM-killed by Kubernetes during startup`, operate-first-support-598's
# `### Describe the Problem` `the pods error out and get OOMkilled after downloading the
# model`) the present, passive or active, in the OOM kill's own word (`is OOM-killed`, `is
# OOMKilled`, `gets OOMKilled`, `get OOMkilled`; no bare `is killed`, kube-green-271) of the
# case's pods or container: read by the caller only on a line under a section of what was seen
# or why (genre54's sections), in its main clause (`SUBORDINATE`), where the author's present
# tells their own case (crashcatch55's simple present). Its subject: `_SUBJECT`'s, or an
# issue's note naming its component by one to three capitalised words and a noun in lower
# case (`REST Java component`, `Manager pod`; a list's mark before it aside), a version in a
# parenthesis after it aside
# (`(v0.151.0)`); a verb of failing in the present joined by `and` before it (`error out and
# get`) shares its subject. `a pod`, `pods`, `your pod`, a conditional, a question, a negation
# and a guide's present outside such a section state none.
_CAPITAL = r"[A-Z][\w.-]{0,62}"
_COMPONENT_NOTE = (r"(?:(?<=^)|(?<=[.!?][ \t])|(?<=^[ \t*>-])|(?<=^[*+>-][ \t]))" + _NOT_A_NAME
                   + _CAPITAL
                   + r"(?:[ \t]+" + _CAPITAL + r"){0,2}[ \t]+(?:pod|container|component)s?(?![\w-])")
_VERSION = r"(?:[ \t]*\((?:v|(?i:version)[ \t]+)?\d{1,4}(?:\.\d{1,4}){1,3}(?:-[\w.]{1,20})?\))?"
_JOINED = (r"(?:(?i:errors?|erroring|fails?|crash(?:es)?|dies|die)(?:[ \t]+(?i:out))?[ \t]+"
           r"(?i:and)[ \t]+)?")
OOM_PRESENT_TOLD = lazy_regex(
    r"(?:" + _SUBJECT + r"|" + _COMPONENT_NOTE + r")" + _VERSION + r"[ \t]+" + _JOINED
    + r"(?:" + _AGAIN + r"[ \t]+)?(?i:is|are|gets|get)[ \t]+(?:" + _AGAIN + r"[ \t]+)?"
    r"[`'\"*]{0,2}" + OOM_KILLED + r"(?![A-Za-z])")
# a word that opens a clause no main one (`since the manager container is killed`, `when`,
# `if`, `because`, `that`): the present there is a condition's, a cause's or a guide's
SUBORDINATE = lazy_regex(r"(?<![\w'-])(?i:since|because|as|when|whenever|if|unless|while|once|"
                         r"until|although|though|whether|where|that|which|so[ \t]+that|"
                         r"in[ \t]+case)(?![\w'-])")
