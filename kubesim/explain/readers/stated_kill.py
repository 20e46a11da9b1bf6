"""A probe's kill of the case's own pod or container stated in its author's prose, and an end's
reason OOMKilled stated in Chinese of the case's own container (README, the counting rules:
statements of the case in prose).

- `the liveness probe (initialDelaySeconds: 10, failureThreshold: 3) killed the pod after
  ~30s`, `Liveness probe killed backend before workers initialized`, `The pod failed
  liveness, got killed, restarted`, `my container was killed by its liveness probe`: the
  probe named as the agent of a kill of the case's pod or container is that probe's failure
  and at least one kill of it (R4.4: the kubelet kills a container whose liveness or startup
  probe failed failureThreshold times in a row). The kill is stated once and counts nothing:
  at least one, no upper bound. Readiness never kills (R4.4): `the readiness probe killed the
  pod` is no kill read.
- Widened at fixprose94: the probe's failure as the cause of the case's pod's kill or
  termination (`the liveness probe triggers the pod being killed off repeatedly`, dex-1240;
  `Liveness probes for the RabbitMQ pod are failing occasionally in production, sometimes
  leading to the pod being terminated and replaced`, datatracker-9030), read as the agent's
  kill is; a negation among the failure's words or a modal states none. Widened at
  fixprose53d: the probe tripped and so the case's container got killed, in the past (`The
  liveness endpoint only fails when the event loop is blocked, so a load spike was enough to
  trip it and get the container killed`, spica-1933; `a load spike tripped the liveness probe
  and got the container killed`).
- `驱动容器处于 OOMKilled 状态` (the driver container is in state OOMKilled), `容器被 OOMKilled`:
  the end's reason of the case's container (OOMKilled only, as the English sentences that
  state a status: the one reason that tells the cause with no exit code beside it).

A sentence of what may happen, a question or a subject that is not the case's own (`a pod`,
`pods`) is read by the caller's checks (runs.py) or not matched here. Every pattern is looked
for around its anchor word only (`kill`, `OOM`) and each run of blanks is followed by a word
of its own: one pass on a long line.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.oom_words import OOM_ANCHORS, OOM_KILLED

__all__ = ["EN_LIMIT_OOM", "EN_NAMED_OOM", "EN_OOM", "KILL_ANCHORS", "LIMIT_ANCHORS", "PROBE_KILL_ANCHORS", "KO_KILL_ANCHORS", "KO_PROBE_KILL", "PROBE_KILL", "STATED_EN_OOM", "STATED_KILL_AGAIN",
           "STATED_PROBE_KILL", "STATED_ZH_OOM", "ZH_OOM", "ZH_OOM_ANCHORS", "ZH_OOM_READ",
           "either_kill_lines", "kill_lines", "probe_kill_lines", "stated_kill_hint"]

# what each is read as (the start of the note the caller gives it)
STATED_PROBE_KILL = ("a probe's kill of the case's own pod or container stated in its author's "
                     "prose")
STATED_KILL_AGAIN = (STATED_PROBE_KILL + " again, after one read above: the author's telling of "
                     "that kill again, not another kill (read once)")
STATED_ZH_OOM = "a container's end stated in a Chinese sentence of the case's own container"
ZH_OOM_READ = ("read as a Terminated state's Reason, its exit code not in the record, whether it "
               "was the container's State or its Last State the record does not say")

# the case's own pod or container: a determiner of the case's and a word before `pod` or
# `container` (`the docs-backend pod`), or a pod's name of two or more dash-parted parts
_CASE = (r"(?:(?<![A-Za-z])(?i:my|our|the|this|that|its)[ \t]+(?:[\w.-]{1,63}[ \t]+)?"
         r"(?i:pod|container|app|application|service|process)"
         r"|(?<![\w.-])[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10})")
# the object of `killed`: the case's own (`_CASE`), `it`, or a lower-case name alone
# (`killed backend`); `a pod`, `pods`, `containers` and quantifiers are none of the case's
_OBJECT = (r"(?:" + _CASE + r"|(?<![A-Za-z])it(?![\w-])"
           r"|(?!(?:a|an|any|every|all|some|each|one|the|my|our|this|that|its|their|them|us|you"
           r"|pods|containers|processes|apps|services)"
           r"(?![\w-]))[a-z][a-z0-9]{0,30}(?:-[a-z0-9]{1,30}){0,10}(?![\w-]))")
def _kind(name: str) -> str:
    """The probe that kills (liveness or startup, R4.4), as group `name`."""
    return rf"(?P<{name}>(?i:liveness|startup))"



_PROBE = r"(?:[ \t]+(?i:probes?|checks?))?"
# the probe as the agent of the kill: `the liveness probe (initialDelaySeconds: 10) killed the
# pod` (a parenthesis of its settings between, no parenthesis inside it)
_AGENT = (r"(?<![A-Za-z])" + _kind("agent") + _PROBE + r"(?:[ \t]*\([^()\n]{0,200}\))?[ \t]+"
          r"(?:(?i:had|has|kept|was)[ \t]+)?(?i:killed|killing)[ \t]+" + _OBJECT)
# the case's own pod as the one that failed the probe and got killed: `The pod failed
# liveness, got killed`
_FAILED = (_CASE + r"[ \t]+(?:(?i:kept)[ \t]+)?(?i:failed|failing)[ \t]+(?:(?i:its|the)[ \t]+)?"
           + _kind("failed") + _PROBE + r"(?:[ \t]*,[ \t]*(?:(?i:and)[ \t]+)?|[ \t]+(?i:and)[ \t]+)"
           r"(?:(?i:got|was|were|gets|kept[ \t]+getting)[ \t]+)?(?i:killed)(?![A-Za-z])")
# passive: `my pod was killed by its liveness probe`
_PASSIVE = (_CASE + r"[ \t]+(?i:was|were|got|kept[ \t]+getting|had[ \t]+been|has[ \t]+been)"
            r"[ \t]+(?i:killed)[ \t]+(?i:by)[ \t]+(?:(?i:its|the|our|my)[ \t]+)?" + _kind("passive")
            + r"(?:[ \t]+(?i:probes?|checks?))")
# the probe's failure as the cause of the case's pod's kill or termination (fixprose94):
# `the liveness probe triggers the pod being killed off repeatedly` (dex-1240), `Liveness
# probes for the RabbitMQ pod are failing occasionally in production, sometimes leading to the
# pod being terminated and replaced` (datatracker-9030); R4.4: the kubelet kills a container
# whose liveness or startup probe failed. A negation among the failure's words (`not`,
# `never`) or a modal (`can trigger`: no verb of the list) makes none
_NOT = r"(?!(?i:not|never|no|without|rarely|can|could|may|might|would|will)(?![\w-]))"
_CAUSED = (r"(?<![A-Za-z])" + _kind("caused") + _PROBE + r"(?:[ \t]+(?i:failures?))?"
           r"(?:[ \t]+(?i:for|of|on)[ \t]+" + _CASE + r")?"
           r"(?:[ \t]+(?:(?i:are|is|were|was|keep|keeps|kept)[ \t]+)?(?i:failing|failed|fail|fails)"
           r"(?:[ \t]+" + _NOT + r"[\w-]{1,30}){0,4}?[ \t]*,?)?"
           r"(?:[ \t]+(?i:sometimes|often|repeatedly|occasionally|eventually|then|and))?"
           r"[ \t]+(?i:triggers|triggered|triggering|causes|caused|causing|leads[ \t]+to|led[ \t]+to"
           r"|leading[ \t]+to|results[ \t]+in|resulted[ \t]+in|resulting[ \t]+in)[ \t]+" + _CASE
           + r"[ \t]+(?i:being|getting|to[ \t]+be|to[ \t]+get)[ \t]+(?i:killed|terminated)(?![A-Za-z])")
# the probe tripped (failed) and so the case's container got killed (fixprose53d,
# spica-1933: `The liveness endpoint only fails when the event loop is blocked, so a load spike
# was enough to trip it and get the container killed`): the probe (its endpoint or check)
# named, then `it` tripped, in its sentence (`_TRIPPED_IT`), or the probe named as what
# tripped (`_TRIPPED`); a past form only (`tripped`, `was enough to trip`: the present or a
# modal, `is enough to`, `could trip`, is what may happen)
_TRIP = (r"(?:(?i:tripped|failed)|(?i:was|were)[ \t]+(?i:enough)[ \t]+(?i:to)[ \t]+"
         r"(?i:trip|fail))[ \t]+")
_GOT_KILLED = (r"[ \t]+(?i:and)[ \t]+(?i:got|get)[ \t]+" + _CASE
               + r"[ \t]+(?i:killed|restarted)(?![A-Za-z])")
_ENDPOINT = r"[ \t]+(?i:probe|endpoint|check)(?![\w-])"
_TRIPPED_IT = (r"(?<![A-Za-z])" + _kind("trippedit") + _ENDPOINT + r"[^.?!\n]{0,200}?[ \t]"
               + _TRIP + r"(?i:it)" + _GOT_KILLED)
_TRIPPED = (r"(?<![A-Za-z])" + _TRIP + r"(?i:the|its|our)[ \t]+" + _kind("tripped") + _ENDPOINT
            + _GOT_KILLED)
# the probe the subject of one sentence and `it` the agent of the kill in the next (fix56e,
# sapcc-openstack-helm-64: `The livenessprobe starts probing 20s after pod startup. And after 5
# failed attempts it killed the pod.`): the pronoun is the subject before it, the probe (R4.4).
# The probe opens its sentence after a determiner (`If the liveness probe ...` is a
# conditional's, not read), `it` the first subject of the very next sentence, `killed` past
# (`it kills the pod` is a guide's present; `it will kill` what may happen)
_IT_AGENT = (r"(?:^|(?<=[.!?][ \t]))(?i:the|its|our|my)[ \t]+" + _kind("itagent")
             + r"[ \t]*(?i:probes?|checks?)(?![\w-])[^.?!\n]{0,200}?[.!][ \t]+"
             r"(?:(?i:and|then|so)[ \t]+)?(?:(?i:after|within|once)[ \t][^.?!,\n]{0,80}?,?[ \t]+)?"
             r"(?i:it)[ \t]+(?:(?i:then|eventually|finally|just)[ \t]+)?(?i:killed)[ \t]+" + _OBJECT)
PROBE_KILL = lazy_regex(r"(?:" + _AGENT + r"|" + _FAILED + r"|" + _PASSIVE + r"|" + _CAUSED + r"|"
                        + _TRIPPED_IT + r"|" + _TRIPPED + r"|" + _IT_AGENT + r")")
KILL_ANCHORS = ("kill", "Kill", "KILL")
# (a kill stated as the pod's termination: `_CAUSED`'s `being terminated`)
PROBE_KILL_ANCHORS = KILL_ANCHORS + ("terminated", "Terminated", "TERMINATED")

# Chinese: a container (驱动容器, 容器, the pod) in the state OOMKilled (处于, 进入 ... 状态), or
# OOMKilled as what befell it (被 OOMKilled)
_ZH_CONTAINER = r"(?:\u5bb9\u5668|(?<![A-Za-z])(?i:pod))"
ZH_OOM = lazy_regex(
    _ZH_CONTAINER + r"[ \t]*(?:(?:\u5904\u4e8e|\u8655\u65bc|\u8fdb\u5165|\u9032\u5165)[ \t]*"
    r"[`'\"\u201c]?(?P<state>" + OOM_KILLED + r")[`'\"\u201d]?[ \t]*(?:\u72b6\u6001|\u72c0\u614b)"
    r"|\u88ab[ \t]*(?P<by>" + OOM_KILLED + r")(?![A-Za-z]))")
ZH_OOM_ANCHORS = OOM_ANCHORS  # (oom_words.py: the reason in any of its spellings)

# English, the same statement (README, statements of the case in prose, at fix39a): the case's
# own container or pod (a determiner of the case's, a word before `pod` or `container`: `the
# manager container`) stated OOMKilled as what befell it, in a past or progressive form (`is
# getting OOMKilled`, `was OOMKilled`, `got OOMKilled`, `keeps getting`, `has been`); the
# present `gets` and `is OOMKilled` are a guide's tense (`the container gets OOMKilled and is
# restarted`), not read, nor `your pod`, `a pod`, `pods`, a negation (`was not OOMKilled`)
STATED_EN_OOM = "a container's end stated in an English sentence of the case's own container"
_EN_ADVERB = r"(?:(?i:still|also|now|repeatedly|constantly|continuously|again)[ \t]+)?"
_EN_BEFELL = (r"(?i:(?:is|are|was|were)[ \t]+" + _EN_ADVERB + r"(?:getting|being)"
              r"|(?:keeps|kept|keep)[ \t]+(?:on[ \t]+)?getting"
              r"|(?:has|have|had)[ \t]+" + _EN_ADVERB + r"(?:been|gotten)"
              r"|(?:was|were)(?:[ \t]+" + _EN_ADVERB + r")?|got)")
# widened at fixprose64 (mmalyska-home-ops-4413: `the OnlyOffice pod OOMKilled again after ~14
# minutes`): `OOMKilled` as a bare past verb of the case's own pod or container, no `was` or
# `got`, where a word of when or how often follows it (`again`, `twice`, `3 times`, `at 3Gi`,
# `after`, `during`, `overnight`): that word makes it a verb, not a noun's label (`the
# pod OOMKilled status`, `the container OOMKilled event`) nor a guide's heading or table cell
# (`the container OOMKilled:`, `| OOMKilled |`), which state none
# widened at fixprose74 (talos-argocd-proxmox-1766: `The litellm pod OOMKilled (exit 137) within
# ~11s of starting on every attempt`): the exit code in a parenthesis right after the verb
# (`(exit 137)`, `(137)`, `(exit code 137)`) before that word, and `on every attempt`, `each
# time`, `every time` as words of how often; the parenthesis alone makes no verb (`the pod
# OOMKilled (137):` a guide's heading)
_EN_BARE_CODE = r"(?:[ \t]*\((?i:exit(?:[ \t]+code)?[ \t:]+)?\d{1,3}\))?"
_EN_BARE_AFTER = (_EN_BARE_CODE + r"[ \t]+(?i:again|twice|thrice|once|repeatedly|\d{1,6}[ \t]*(?:x|times)"
                  r"|(?:several|many|multiple|a[ \t]+few|two|three)[ \t]+times|at|after|during"
                  r"|(?:on[ \t]+)?(?:every|each)[ \t]+(?:time|attempt|start|restart|rollout)"
                  r"|while|within|overnight|today|tonight|yesterday|last|earlier)(?![\w-])")
# a name of several words quoted as one (`the `KubeScape Operator` pod is getting OOMKilled`,
# kubescape-operator-382): its quotes make the words one name, the case's own pod's after its
# determiner, as one word is; unquoted words stay no name (`the pod of a big operator ...`)
_EN_QUOTED_NAME = (r"(?P<q>[`'\"])(?P<words>[\w.-]{1,63}(?:[ \t][\w.-]{1,63}){1,3})(?P=q)")
# widened at fixprose90 (mrwulf-home-cluster-5028: `\`home-assistant\`'s \`main\` container was
# OOMKilled once`): the case's own container named after a possessive of its app or pod (the
# README's subject of a statement of the case: `ArgoCD's repo-server Pod`), as `the` names it;
# no possessive of another's (`a`, `an`, `other` before it: `a colleague's pod`), of an
# indefinite or a pronoun (`someone's`), nor a contraction (`it's`, `that's`, `here's`). A
# quote may be escaped by a backslash, as a page's markdown source keeps it (`\``)
_EN_Q = r"(?:\\?[`'\"])"
_EN_OWNER = (r"(?<![\w.\\`'\"-])(?<![Aa][ \t])(?<![Aa][Nn][ \t])(?<![Oo]ther[ \t])" + _EN_Q + r"?"
             r"(?!(?i:an?|pods?|containers?|someone|somebody|anyone|everyone|one|it|that|there"
             r"|here|what|who|let|he|she)" + _EN_Q + r"?['\u2019]s)[A-Za-z][\w.-]{0,62}" + _EN_Q +
             r"?['\u2019]s")
# widened at fx60e (the lead's decision of stop 60, geonode-k8s-73: `the celery container
# exceeded the memory limits and went into `OOMKilled` state`): the reason entered as a state,
# `went into`, `got into`, `entered` or `was in` it (maybe `the` or `an` before it), the state's
# noun after it (`OOMKilled state`, `` `OOMKilled` state``, `OOMKilled status`), as the same
# verbs before CrashLoopBackOff state a back-off (R4.8): the end OOMKilled (CRI). A present
# (`goes into`, `is in`) and a reason with no state's noun after it state none here
_EN_INTO = (r"(?i:(?:went|got)[ \t]+into|entered|(?:was|were)[ \t]+in)[ \t]+"
            r"(?:(?i:the|an?)[ \t]+)?")
_EN_STATE = r"[`'\"\u201d]?[ \t]+(?i:state|status)(?![\w-])"
# the demonstratives `these` and `those` point at the case's own pods or containers right
# before the noun (`These pods are being OOM killed.`, govuk-helm-charts-2284; oomprose54), as
# KILLED_AT_LIMIT's subject reads them; a word between them is no name (`in those cases pods`)
EN_OOM = lazy_regex(
    r"(?:(?<![A-Za-z])(?:(?i:my|our|the|this|that|its)|(?P<these>(?i:these|those)))|" + _EN_OWNER
    + r")[ \t]+(?(these)|(?:" + _EN_Q + r"?"
    r"(?!(?i:my|our|the|this|that|its|a|an)[ \t])(?P<name>[\w.-]{1,63})" + _EN_Q + r"?"
    r"[ \t]+|" + _EN_QUOTED_NAME + r"[ \t]+)?)(?P<what>(?i:pod|container))(?i:s)?[ \t]+"
    r"(?:(?P<befell>" + _EN_BEFELL + r")[ \t]*|(?P<into>" + _EN_INTO + r"))?"
    r"[`'\"\u201c]?(?P<reason>" + OOM_KILLED + r")(?![A-Za-z])"
    r"(?(befell)|(?(into)(?=" + _EN_STATE + r")|(?=" + _EN_BARE_AFTER + r")))")

# the same statement of a pod named by a bare word (no determiner) beside the record's one pod
# (stated_pod_oom.py: `operator pod is getting OOMKilled` beside solr-operator-5c57549cb5-mkpxj)
EN_NAMED_OOM = lazy_regex(
    r"(?<![\w.-])(?:(?i:the|my|our|this)[ \t]+)?[`'\"]?(?P<name>[A-Za-z0-9][\w.-]{0,62})[`'\"]?"
    r"[ \t]+(?i:pod)[ \t]+" + _EN_BEFELL + r"[ \t]*[`'\"\u201c]?(?P<reason>" + OOM_KILLED
    + r")(?![A-Za-z])")

# English, the same end told by its cause (README, statements of the case in prose, at
# fixprose43): the case's container or pod going over its memory limit and killed, in a past or
# progressive form (`a single container within the Pod was exceeding its defined memory limits
# and being terminated`, `the api container exceeded its memory limit and was killed`). The
# kernel's OOM killer kills a container over its cgroup's memory limit, which the kubelet reports
# as OOMKilled. The present (`exceeds its limit and is terminated`) is a guide's tense, not read,
# nor a limit exceeded with no kill told, a negation (`was not killed`), or a CPU limit (one that
# throttles, never kills)
_LIMIT_SUBJECT = (r"(?<![\w-])(?i:containers?|pods?)(?:[ \t]+(?i:within|in|inside|of)[ \t]+"
                  r"(?:(?i:the|our|my|this|that|its|their)[ \t]+)?[\w.-]{1,63}(?:[ \t]+(?i:pods?))?)?")
_LIMIT_OVER = (r"(?i:(?:(?:was|were|is|are|kept)[ \t]+" + _EN_ADVERB + r"(?:exceeding|going[ \t]+over"
               r"|hitting|running[ \t]+over))|(?:had|has|have)[ \t]+(?:exceeded|gone[ \t]+over|hit)"
               r"|exceeded|went[ \t]+over)")
# (or the reason entered as a state: `and went into `OOMKilled` state`, fx60e)
_LIMIT_KILLED = (r"(?:(?i:(?:(?:was|were|got|kept[ \t]+getting|(?:is|are)[ \t]+"
                 r"(?:being|getting)|(?:had|has|have)[ \t]+been)[ \t]+|being[ \t]+|getting[ \t]+)"
                 r"(?:terminated|killed|" + OOM_KILLED + r"))(?![A-Za-z])"
                 r"|" + _EN_INTO + r"[`'\"\u201c]?" + OOM_KILLED + _EN_STATE + r")")
EN_LIMIT_OOM = lazy_regex(
    _LIMIT_SUBJECT + r"[ \t]+" + _LIMIT_OVER + r"[ \t]+(?i:its|their|the)[ \t]+"
    r"(?:(?i:defined|configured|set|own|container's|pod's)[ \t]+)?(?i:memory)[ \t]+(?i:limits?)"
    r"(?:[ \t]*,)?[ \t]+(?i:and)[ \t]+" + _LIMIT_KILLED)
LIMIT_ANCHORS = ("memory", "Memory")
# the gate's look for one (a page's no-break space may sit between the words)
_LIMIT_HINT = lazy_regex(r"(?i:memory)[ \t\xa0]+(?i:limit)")

# Korean, the same statement (README, statements of the case in prose, at fix41prose): the
# probe's failure given as the cause (`실패로`, `실패로 인해`, `실패해서`, `실패하여`, `실패했기
# 때문에`, `실패 때문에`) of the kill or restart of a container or pod (`liveness probe 실패로
# kubelet이 컨테이너 강제 종료`: 종료, ended; 재시작, restarted; 강제, forced), the verb in a past
# form (`종료됨`, `종료되었다`, `재시작했다`) or a note's bare noun at the sentence's end; the
# present (`종료합니다`, `재시작한다`, `종료된다`) is a guide's tense, not read, nor a
# conditional (`실패하면`, `실패할 경우`: no cause form), a question or a sentence of what may
# happen (the caller's checks)
_KO_CAUSE = (r"[ \t]*(?:\uac00|\uc774|\uc758)?[ \t]*\uc2e4\ud328[ \t]*(?:\ub85c(?:[ \t]*\uc778\ud574)?"
             r"|\ud574\uc11c|\ud558\uc5ec|\ud588\uae30[ \t]*\ub54c\ubb38\uc5d0|\ub54c\ubb38\uc5d0)")
_KO_WHAT = r"(?:\ucee8\ud14c\uc774\ub108|\ud30c\ub4dc|(?<![A-Za-z])(?i:pod))"
_KO_PAST = (r"(?:\ub428|\ub418\uc5c8|\ub410|\ud588|\ud558\uc600|\uc2dc\ucf30|\ub2f9\ud588|\ub2f9\ud568"
            r"|(?![ \t]*(?:\ud569|\ud55c\ub2e4|\ud558\ub294|\uc2dc\ud0b5|\uc2dc\ud0a8|\ub41c\ub2e4|\ub429|\ub420))(?!\w))")
# its back-off so caused (a back-off follows ends, R4.8): `CrashLoopBackOff 상태에 빠졌다` (fell
# into that state), `상태가 되었다` (became it), `상태입니다` (is in it); `상태가 됩니다` (becomes
# it) is a guide's tense, not read
_KO_BACKOFF = (r"[`'\"]?(?:CrashLoopBackOff|(?i:back-?off))[`'\"]?[ \t]*\uc0c1\ud0dc[ \t]*"
               r"(?:\uc5d0[ \t]*(?:\ube60\uc84c|\ube60\uc9d0|\uc788)|\uac00[ \t]*(?:\ub418\uc5c8|\ub410)"
               r"|\uc785\ub2c8\ub2e4|\uc600|\uc774\uc5c8)")
KO_PROBE_KILL = lazy_regex(
    r"(?<![A-Za-z])" + _kind("ko") + r"(?:[ \t]*(?:(?i:probes?|checks?)|\ud504\ub85c\ube0c))?"
    + _KO_CAUSE + r"[ \t,]+(?:[\w-]{1,30}[ \t]+){0,2}?" + _KO_WHAT
    + r"(?:\ub4e4)?(?:\uac00|\uc774|\ub97c|\uc744)?[ \t]+(?:\uac15\uc81c(?:\ub85c)?[ \t]*)?"
    r"(?:(?:\uc885\ub8cc|\uc7ac\uc2dc\uc791|(?i:kill))" + _KO_PAST + r"|" + _KO_BACKOFF + r")")
KO_KILL_ANCHORS = ("\uc2e4\ud328",)  # (실패, failure)


def probe_kill_lines(m: re.Match[str]) -> list[str]:
    """The kubelet's lines a stated probe kill (`PROBE_KILL`) is read as: the probe's failure
    and one kill of it, of a container the record does not name (the dockershim's message
    shape, the one that names the container by an id a page may elide: `...`)."""
    groups = m.groupdict()
    return kill_lines(next(groups[k] for k in ("agent", "failed", "passive", "caused", "trippedit",
                                     "tripped", "itagent", "ko")
                           if groups.get(k)).lower())


def kill_lines(kind: str, container: str | None = None) -> list[str]:
    """The kubelet's lines of one failure and one kill of the probe of `kind` (`liveness`,
    `startup`), of a container the record does not name (`probe_kill_lines`), or of the
    `container` the statement names (the kubelet's kill message names it, R4.4)."""
    if container is not None:
        return [f"{kind.capitalize()} probe failed",
                f"Container {container} failed {kind} probe, will be restarted"]
    return [f"{kind.capitalize()} probe failed",
            f"Killing container with id docker://...:Container failed {kind} probe.. "
            "Container will be killed and recreated."]


# the kill line `kill_lines` writes of the container a statement names (one shape: read back)
_NAMED_KILL = lazy_regex(r"Container (?P<name>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?) failed "
                         r"(?:liveness|startup) probe, will be restarted")


def named_in_kill(message: str) -> str | None:
    """The container a kill line of `kill_lines` names (None: it names none)."""
    m = _NAMED_KILL.fullmatch(message)
    return None if m is None else m["name"]


def either_kill_lines() -> list[str]:
    """The line of one kill a failing probe caused, its kind not told (probekill55: `Kubernetes
    had killed the web pods due to the health check failing`), of a container the record does
    not name: no kubelet writes it (its kills name the probe, R4.1), so a line of the
    dockershim's shape naming both kinds that kill (R4.4), which messages.kill_of reads as
    KillCause.PROBE; no failure line of either probe (which failed, not told)."""
    return ["Killing container with id docker://...:Container failed liveness or startup probe "
            "(which one, not told).. Container will be killed and recreated."]


def _check_kill_hint(low: str) -> bool:
    """Whether the lowered text may hold the kubelet's kill of the case's pod for a failing
    check naming no probe (present_kill.KUBELET_KILL, probekill55): a kill or restart, and
    the agent with a check or probe and a failing, or a health check as the agent (each word
    looked for once)."""
    return ("kill" in low or "restart" in low) and (("fail" in low and (
        "check" in low or "probe" in low) and any(w in low for w in ("kubelet", "kubernetes", "k8s")))
        or any(w in low for w in ("health check", "healthcheck", "health-check")))


def stated_kill_hint(text: str) -> bool:
    """Whether the text may hold a probe's kill stated in prose (both words, any case) or a
    Chinese OOMKilled state, or a memory limit's kill (`EN_LIMIT_OOM`), for the paste
    reader's gate (each word looked for once)."""
    low = text.lower()
    probe = "liveness" in low or "startup" in low
    return (("kill" in low or "terminated" in low or "\uc2e4\ud328" in text) and probe) or \
        _check_kill_hint(low) or \
        ("OOM" in text and ("\u5bb9\u5668" in text or "\u88ab" in text)) or \
        (("kill" in low or "terminated" in low) and _LIMIT_HINT.search(text) is not None)
