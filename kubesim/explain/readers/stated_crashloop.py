"""A crash loop of the case's own pod stated in its author's prose, as a verb or as the pod's
name and its status alone on a line (the corpus README's rules: statements of the case in
prose; held-out batches 59-61).

`The subnet-router pod keeps crashlooping.`, `... causes the pod created for
haproxy-kubernetes-ingress to go into **CrashLoopBackOff** status.`, `` `otel-collector` is
in `CrashLoopBackOff`. ``, `the repo-server crashloops with OOM`, and an issue form's line
`dp-dependency-track-api-server-0 CrashLoopBackOff` (a name and a status alone, no READY cell):
a pod stated in CrashLoopBackOff is a back-off whose restarts no count bounds (README). Its
subject is the case's own pod: a determiner of the case's (`my`, `our`, `the`, `this`), or a
pod's name, the subject test of stated_pod_oom.py (`names_pod`: the pod's name, its
workload's as its start, or a run of its name's dash-parted parts of letters).

Beside a record of one pod whose containers' status it does not show (a describe cut before
them, its events alone: `give_stated_crashloop`), the sentence naming that pod (or `the pod`)
gives its one container the state Waiting, CrashLoopBackOff, its restarts unbounded. A page of
prose alone (`read_stated_crashloop`) is read so of a pod of no name, or of the pod its
subject names by a pod's own dashed name (`tempo-ingester-0`, also as a list's label before
a colon: `` `tempo-ingester-0`: ..., has been in `CrashLoopBackOff` ``).

The author's own pods, several, after `my` or `our` and at most one word (`our  Kubernetes pods
failed with CrashLoopBackOff`, keep-core-1081; fixprose66) are the case's: a failure told by the
state it left (`failed with`) states it; a negation counts in the subject's own clause only
(`After 50 hours ... with no failures, our pods failed ...` states it).

Widened at fixstated67 (backstage-charts-203: `The Backstage pod is stuck on CrashLoopBack`):
`stuck on` the status as `stuck in` it, the status word cut after `Back` (no other status the
kubelet reports starts so), and a determiner's workload written as a proper name.

Widened at fixprose77 (liqo-2316: `The `liqo-gateway` pod does not start and loops in
CrashLoopBackOff.`): `loops in` the status as the loop held; a predicate of its own joined by
`and` before the verb (its negation its own: the verb after `and` finite, `loops`, not a bare
`loop` under `does not`); the case's pods, several, after `the` or `these` as after `my` or `our`
(one subject rule with the OOM readers: `the pods`); and a record's one pod that shows nothing
(no name, container, event or condition: a log's empty piece) taking the sentence's pod, its
name or not (`give_stated_crashloop`).

Widened at fix91 (chainlink-gcp-5: `noticing my Pods were going through CrashLoopBackOff`):
`going through` the status (`goes`, `went`, `keep going` through) as `went into` it, the loop
lived through; `is going` only as the progressive of the case's own pods.

Widened at fixprose94: a workload's dashed name before `pods` (gitpod-2482: "I've found
`node-daemon` pods stuck on `CrashLoopBackOff` status"), the case's pods, several, by their
workload's name; and the author getting the status from the case's pod, the pod the object of
`from`, `on`, `in` or `for` (supabase-kubernetes-30: `I get a CrashLoopBackOff from the
supabase-auth pod`: `_GOT`), its subject read as the crash loop's subject is (no determiner of
no case, conditional or negation before it; `you get` is a guide's).

Widened at fixprose52b (coturn-994: `The coturn container is going into a crashloop.`): the
crash loop as a noun in lower case (`crashloop`, `crash loop`, `crash-loop`: the loop the
status names, as the verb `crashloops`; `CrashLoop` alone, a status word cut, still unread),
and `is going into` (`are`, `was`, `were`), the progressive of `went into`.

Widened at fixmarked52a: the case's pods named by their workload are one rule with the crash's
reader (workload_pods.py): a quantifier before them (`Many node-daemon pods are stuck on
CrashLoopBackOff`: the workload's name makes them the case's, as `Many pods for
prod-datasets-server-worker-all are crashing` in stated_crashing.py), and the name after `pods
for` or `pods of` (`pods for node-daemon`).

Widened at fixprose52c (kimai2-261: `pod/kiami-kimai2-5dccd5f955-rl6b2 in constant crash loop
backoff` alone on a line under an issue template's steps): kubectl's own name of a pod
(`pod/NAME`, dashed or not) `in` the status with no verb (or `is in`), alone on its line, a
word of how long the loop holds (`constant`) before it, the status spelled out in words
(`crash loop backoff`, `crash loop back-off`, `crashloop backoff`) as the kubelet's word is.
Other words on its line, a question's mark, a name without `pod/` and another kind's name
(`deployment/NAME`) state nothing by it.

Widened at fx59d (stop 59): the kubelet's word whole in another case (pravega-zk-operator-259:
`zk-1 is in crashloopbackoff state`) as `CrashLoopBackOff`; the case's pod given its status in
parentheses after its clause, as `get pods` prints it (deathstarbench-298: `But the nginx-thrift
pod does not deploy (Init: CrashLoopBackOff).`: `_PAREN_STATUS`); a determiner's pod named by its
workload's dashed name carries it (`named_pod`: `--pod nginx-thrift`); and a sentence opened by a
word of an earlier run (`Initially ...`, seldon-core-1963) gives the record beside it nothing
(`_earlier`: that record shows a later run).

Unread: `a pod`, `pods`, `many pods`, `many user pods` (no workload's dashed name), `this pods`,
`Kubernetes pods`, a question, a conditional or a sentence of what may happen or happens
when (`if the pod goes into CrashLoopBackOff`, `when ..., the pod crashloops`: runs'
`states_what_happened`), a negation (`no longer crashloops`, `does not crashloop`: no verb of
the family right after the subject, `NEGATED` before it), a future or modal (`will go into`),
another pod's name, and a name and status that are not alone on their line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    ContainerRecord,
    Note,
    PodRecord,
    RecordSet,
    Where,
)
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.own_occasion import (
    blank_gerund_when,
    blank_own_occasion,
    blank_told_past,
)
from kubesim.explain.readers.prose_page import ProsePage
from kubesim.explain.readers.sections import case_lines
from kubesim.explain.readers.stated_cause import NEGATED
from kubesim.explain.readers.stated_pod_oom import names_pod, unlist_line
from kubesim.explain.readers.unread import unread_notes
from kubesim.explain.readers.workload_pods import named_pod, workload_named, workload_pods

__all__ = ["QUANTIFIED", "STATED_CRASHLOOP", "bare_pod", "give_stated_crashloop", "own_service",
           "read_stated_crashloop"]

STATED_CRASHLOOP = "stated-crashloop"
_MARK = r"(?:\*\*|__|[`'\"\u201c\u201d*])?"
_NAME = r"[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){0,10}"
_DASHED_NAME = r"[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10}"
# (the status word cut after `Back`, `CrashLoopBack`: no other status starts so; fixstated67)
# (the kubelet's word whole in another case, `crashloopbackoff`: the same status as the author
# typed it, as stated_end.py reads it; pravega-zk-operator-259, stop 59, fx59d)
_CLB = _MARK + r"(?:CrashLoopBack(?:Off)?|(?i:crashloopbackoff))" + _MARK + r"(?![A-Za-z])"
# the crash loop as a noun in lower case (`going into a crashloop`, `stuck in a crash loop`):
# the loop the status names, as the verb `crashloops` is (fixprose52b); `CrashLoop` alone, a
# status word cut, stays unread (fixstated67), and so does a longer word (`crash-loop-backoff`)
_LOOP = _MARK + r"[Cc]rash[ -]?loop" + _MARK + r"(?![\w-])"
# the case's pods or containers, several, named by the namespace they run in (`All containers
# of the namespace linkerd`, `pods in the kube-flannel namespace`, a quantifier before them or
# none; rancher-rio-1028, fc58e): a namespace named makes them the case's as a workload's name
# does (workload_pods.py), the case's pod of no name of its own; `a namespace`, `the
# namespace` with no name, and a verb or a determiner taken for the name (`of the namespace
# are`, `in your namespace`) state nothing
_NS_NAME = (_MARK + r"(?!(?i:is|are|was|were|has|have|had|keeps?|kept|a|an|the|your|my|our|"
            r"this|that|each|every|any|some|its|their|one|same|other|another|new)(?![\w-]))"
            r"[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){0,10}" + _MARK)
_NS_QUANTIFIER = r"(?i:all|many|several|some|most|multiple)"
_IN_NAMESPACE = (
    r"(?P<ns>(?:" + _NS_QUANTIFIER + r"[ \t]+(?:(?i:of)[ \t]+(?i:the)[ \t]+)?)?"
    r"(?i:pods|containers)[ \t]+(?i:of|in)[ \t]+(?:(?i:the)[ \t]+)?(?:(?i:namespace)[ \t]+"
    + _NS_NAME + r"|" + _NS_NAME + r"[ \t]+(?i:namespace))(?![\w-]))")
# the subject: a determiner of the case's and `pod`/`container`, a pod's name before or
# after it (`the pod created for haproxy-kubernetes-ingress`), or a name alone
_SUBJECT = (
    # (the author's own pods, several, after `my` or `our` and at most one word: `our
    # Kubernetes pods`, `my api containers`; fixprose66; `the pods`, `pods` no case's)
    # (`the pods`, `these pods`: the case's pods, several, as the OOM and probe-kill readers
    # read them, stated_oom_with.py, probe_restart.PODS_SUBJECT; fixprose77)
    # (the case's pods named by their workload, a quantifier before them or none: `Many
    # node-daemon pods`, `pods for node-daemon`; one rule with the crash's reader,
    # workload_pods.py, fixmarked52a)
    r"(?<![\w.-])(?:" + workload_pods("workload") + r"|" + _IN_NAMESPACE + r"|"
    r"(?P<own>(?i:my|our|the|these))[ \t]+(?:[\w.-]{1,63}[ \t]+)?(?i:pods|containers)|"
    r"(?:(?P<det>(?i:my|our|the|this|that))[ \t]+)?(?:"
    r"(?i:pod|container)[ \t]+(?i:created[ \t]+for|of|for)[ \t]+" + _MARK + r"(?P<owner>"
    + _NAME + r")" + _MARK
    # (the pod's own dashed name right after its noun, an apposition: `the pod
    # csi-do-controller-0 remains in status CrashLoopBackOff`, csi-digitalocean-328; a word
    # of no dash after the noun is its verb or another word, `the pod is`; stop 60, fx60b)
    + r"|(?i:pod|container)[ \t]+" + _MARK + r"(?P<appos>" + _DASHED_NAME + r")" + _MARK
    # (a workload's name before pods, several: `node-daemon` pods; fixprose94)
    + r"|" + _MARK + r"(?P<name>" + _NAME + r")" + _MARK
    + r"(?:[ \t]+(?P<word>(?i:pods?|containers?)))?"
    # (after a determiner, its workload written as a proper name: `The Backstage pod`; fixstated67)
    r"|(?(det)" + _MARK + r"(?P<titled>[A-Z][\w.-]{0,62})" + _MARK + r"[ \t]+(?i:pod|container)"
    r"(?![\w-])|(?!))))")
# the crash loop as a verb, or the state entered or held, right after the subject; `to go
# into` only after a cause (`causes the pod to go into CrashLoopBackOff`)
_VERB = (
    # (a predicate of its own before it, joined by `and`: `does not start and loops in
    # CrashLoopBackOff`; its verb then finite, a negation in it its own: fixprose77)
    r"(?P<coord>[ \t]+(?:(?!(?i:and)(?![\w'-]))[\w'-]{1,30}[ \t]+){1,4}?(?i:and)(?=[ \t]+"
    r"(?!(?i:crash|go|fail|keep|start|enter|loop)(?![\w-]))))?"
    r"[ \t]+(?:(?:(?i:keeps|keep|kept|is|are|was|were|has[ \t]+been|have[ \t]+been|had[ \t]+been|"
    r"started|starts|start)[ \t]+)?"
    # (an adverb of how often the loop holds before it: `seeing the pod constantly
    # crash-looping`, cert-utils-operator-115; crashsaid54)
    r"(?:(?i:constantly|continuously|continually|repeatedly|still|now|always)[ \t]+)?"
    r"(?i:crash[ \t-]?loop(?:s|ing|ed)|crash(?:es|ed|ing)?[ \t]+loop(?:s|ing|ed)?)(?![A-Za-z])"
    # (`remains in` the status as `is in` it: the state held, as runs.py's prose back-offs
    # read `remains in CrashLoopBackOff`; csi-digitalocean-328, stop 60, fx60b)
    r"|(?:(?i:is|are|was|were|has[ \t]+been|have[ \t]+been|had[ \t]+been|remains|remained|"
    r"remain|stays|stayed|stay)[ \t]+(?:(?i:stuck|still|now)[ \t]+)?(?i:in)"
    # (`stuck on` as `stuck in`: the state held; fixstated67)
    r"|(?:(?i:is|are|was|were|has[ \t]+been|have[ \t]+been|had[ \t]+been)[ \t]+)?(?i:stuck)[ \t]+"
    r"(?i:on)"
    # (a failure told by the state it left: `our pods failed with CrashLoopBackOff`; fixprose66)
    r"|(?:(?i:is|are|was|were|keeps|keep|kept)[ \t]+)?(?i:failed|fails|fail|failing)[ \t]+(?i:with)"
    # (`loops in CrashLoopBackOff`: the loop held, fixprose77)
    r"|(?i:loops|looped|looping|keeps[ \t]+looping|kept[ \t]+looping)[ \t]+(?i:in)"
    # (`going through CrashLoopBackOff`: the loop lived through, as `went into` it; fixcrash91)
    r"|(?:(?i:is|are|was|were|keeps|keep|kept)[ \t]+(?i:going)|(?i:goes|went|go))[ \t]+"
    r"(?i:through)"
    # (`is going into a crashloop`: the progressive of the loop entered, as `went into` it;
    # fixprose52b)
    r"|(?P<to>(?i:to))?[ \t]*(?i:goes|went|go|got|gets|fell|falls|keeps[ \t]+going|"
    r"(?:is|are|was|were)[ \t]+going)[ \t]+"
    r"(?i:into|in)|(?i:enters|entered|ended[ \t]+up[ \t]+in)"
    # (`results in status CrashLoopBackOff`, `ends up in`, `goes to status`: the state the pod
    # came to, as `ended up in` it; `goes to` only before the status's word; fixprose52d)
    r"|(?i:results|resulted|ends[ \t]+up|end[ \t]+up)[ \t]+(?i:in)"
    r"|(?i:goes|went|go)[ \t]+(?i:to)(?=[ \t]+(?i:the[ \t]+)?(?i:status|state)[ \t]))"
    r"[ \t]+(?:(?i:a|the)[ \t]+)?(?:(?i:status|state)[ \t]+)?"
    r"(?:" + _CLB + r"|" + _LOOP + r"))")
_STATED = lazy_regex(r"(?P<cause>(?<![A-Za-z])(?i:causes|caused|makes|made)[ \t]+)?"
                     + _SUBJECT + _VERB)
# the author getting the status from the case's pod, the pod the object of `from` or `on` (`I
# get a CrashLoopBackOff from the supabase-auth pod`, supabase-kubernetes-30; fixprose94)
_GOT = lazy_regex(r"(?<![\w'-])(?i:i|we)(?:[ \t]+(?i:am|are|keep|kept)|(?i:'m|'re|\u2019m|\u2019re))?"
                  r"(?:[ \t]+(?i:only|still|now|also|always|constantly|repeatedly))?"
                  r"[ \t]+(?i:get|gets|got|getting|see|saw|seeing)[ \t]+(?:(?i:a|the)[ \t]+)?"
                  + _CLB + r"(?:[ \t]+(?i:status|error|state))?[ \t]+(?i:from|on|in|for)[ \t]+"
                  r"(?P<subject>" + _SUBJECT + r")(?![\w-])")
# a pod's name and its status alone on a line (an issue form's `Current Behavior`); a word of
# how long or how often the loop holds between them (`kube-flannel-ds alway CrashLoopBackOff`,
# an issue's title, flannel-1716; `always` with its `s` dropped, a common slip; fc58e), none
# of negation (`never`) or of what may happen
_HOLDS = (r"(?:(?i:always|alway|still|constantly|continuously|repeatedly|now|keeps)"
          r"[ \t]+)?")
_NAME_STATUS = lazy_regex(r"[ \t]*" + _MARK + r"(?P<name>" + _NAME + r")" + _MARK + r"[ \t]+"
                          + _HOLDS + _CLB + r"[ \t]*")
# the status spelled out in words (`crash loop backoff`, `Crash Loop Back-Off`, `crashloop
# backoff`): the kubelet's CrashLoopBackOff written as the words it joins (fixprose52c)
_SPELLED = _MARK + r"(?i:crash[ -]?loop[ \t]back[ -]?off)" + _MARK + r"(?![\w-])"
# kubectl's own name of a pod (`pod/NAME`, as `get -o name` and `get all` print it) `in` the
# status, alone on its line (a list's mark before it, a stop after it), no verb or with `is`:
# a telling of that pod's state, as a name and the status alone on a line is (kimai2-261:
# `pod/kiami-kimai2-5dccd5f955-rl6b2 in constant crash loop backoff`; fixprose52c); a word of
# how long or how often the loop holds (`constant`) before the status, none of negation
_KUBECTL_IN = lazy_regex(
    r"[ \t]*(?:[-*][ \t]+|\d{1,3}[.)][ \t]+)?" + _MARK + r"(?i:pods?|po)/(?P<name>" + _NAME
    + r")" + _MARK + r"[ \t]+(?:(?i:is|was|has[ \t]+been)[ \t]+)?(?:(?i:stuck|still)[ \t]+)?"
    r"(?i:in)[ \t]+(?:(?i:a|an|the)[ \t]+)?(?:(?i:constant|continuous|continual|endless|"
    r"infinite|permanent|perpetual|repeated)[ \t]+)?(?:" + _SPELLED + r"|" + _CLB + r"|" + _LOOP
    + r")(?:[ \t]+(?i:state|status|mode))?[ \t]*[.!]?[ \t]*")
# a workload's or pod's dashed name opening a line under a heading of what was seen (`#
# symptom`, `### Observed behavior`), `in` the status with no verb (or `is in`), a word of when
# after it or none (`hubble-relay in crash loop backoff after `cilium hubble enable`:`,
# cilium-cli-334; stop 60, fx60b): an issue's note of the case's symptom, as `_KUBECTL_IN`'s
# `pod/NAME in ...` alone on its line is, and as stated_end.py's symptom bullet reads one
# (fc55q). Elsewhere, with a question's mark, a negation (no `in` after the name), a clause of
# what may happen after it (`when ...`, `if ...`) or other words after the status, it states
# nothing by it
_SEEN_IN = lazy_regex(
    r"[ \t]*(?:[-*][ \t]+)?" + _MARK + r"(?P<name>" + _DASHED_NAME + r")" + _MARK
    + r"[ \t]+(?:(?i:is|was|has[ \t]+been)[ \t]+)?(?:(?i:stuck|still)[ \t]+)?(?i:in)[ \t]+"
    r"(?:(?i:a|an|the)[ \t]+)?(?:(?i:constant|continuous|endless|repeated)[ \t]+)?(?P<st>(?:"
    + _SPELLED + r"|" + _CLB + r"|" + _LOOP + r")(?:[ \t]+(?i:state|status|mode))?)"
    r"(?:[ \t]+(?i:after|since|following|during|on|in)[ \t]+[^?\n]{1,200}|[ \t]*(?:[.:!][ \t]*)?)")
# a pod's name as a list's label, the status stated after the colon with no subject of its
# own (`tempo-ingester-0`: First up 27 hours ago, has been in `CrashLoopBackOff`)
# Widened at fixprose53b (jaeger-9243: `` - `otel-collector-agent-jv6v6` on worker
# `10.0.10.170`: `CrashLoopBackOff`, more than 1,150 restarts. ``): the place the pod runs on
# between the name and the colon (`on worker X`, `on node X`), and the status alone right after
# the colon, a stop or a comma after it (a note's bullet: `name: status, N restarts`); the
# status with words after it (`: CrashLoopBackOff means ...`) is a guide's label, not read
_PLACE = (r"(?:[ \t]+(?i:on|in)[ \t]+(?:(?i:the)[ \t]+)?(?i:worker|node|host)[ \t]+" + _MARK
          + r"[\w.:-]{1,63}" + _MARK + r")?")
_LABELLED = lazy_regex(
    r"[ \t]*(?:[-*][ \t]+)?" + _MARK + r"(?P<name>[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10})"
    + _MARK + _PLACE + r":[ \t]+(?:(?P<between>[^.!?\n]{0,200}?)(?<![A-Za-z])"
    r"(?i:has[ \t]+been|is|was)[ \t]+(?:(?i:stuck|still|now)[ \t]+)?(?i:in)[ \t]+" + _CLB
    + r"|" + _CLB + r"(?=[ \t]*(?:[,;.]|$)))")
# Written at fixprose53b (aws-observability-helm-charts-351: `- **Before (stock chart):** DS
# otelConfig has no `service.telemetry`; co-scheduled DaemonSet pod CrashLoopBackOff — `listen
# tcp ...: bind: address already in use`.`): a bullet labelled `Before` (a pull request's test
# of the failure it fixes, README: the record's case is the failure it reports, a fix's
# verification after it is another run) stating, in a note's style with no verb, a pod
# (`pod` after at most three words, none a negation) in CrashLoopBackOff, the clause opening
# after the label, a colon or a semicolon and ending at a stop, a comma or a dash. An `After`
# bullet, a negation (`no pod CrashLoopBackOff`), `pods` and a status with words after it
# state nothing by it
_BEFORE_LABEL = lazy_regex(r"[ \t]*[-*][ \t]+(?:\*\*|__)?(?i:before)(?:[ \t]*\([^()\n]{0,80}\))?"
                           r"[ \t]*:?(?:\*\*|__)?:?")
_BEFORE_STATE = lazy_regex(
    r"(?:(?<=[;:*_])|(?<=\u2014))[ \t]*(?P<words>(?:(?!(?i:no|not|never|without|nor|if|when)"
    r"(?![\w-]))[\w.-]{1,40}[ \t]+){0,3}?)(?i:pod)[ \t]+" + _CLB
    + r"(?=[ \t]*(?:[,;.\u2014\u2013(]|-[ \t]|$))")
# a crash loop an error of the case's caused, past, in the case's pods (failprose54,
# codefresh-status-sd1j6s84whhh's root cause: `Some customer requests to our API triggered an
# error, which then caused a crashloop in some API pods`): a determiner of the case's before
# the pods, or a quantifier (`some`, `several of the`) before pods named by the service the
# sentence names as the author's own before them (`our API` ... `some API pods`: `own_service`)
QUANTIFIED = r"(?i:some|several|many|multiple|all|most|a[ \t]+few)"
_CAUSED_IN = lazy_regex(
    r"(?<![A-Za-z])(?i:caused|triggered|led[ \t]+to|resulted[ \t]+in)[ \t]+"
    r"(?:(?i:a|an|the)[ \t]+)?(?:" + _SPELLED + r"|" + _CLB + r"|" + _LOOP + r")[ \t]+"
    r"(?i:in|of|on|for|across)[ \t]+(?:(?P<own>(?i:our|my|the|these))|" + QUANTIFIED
    + r"(?:[ \t]+(?i:of)[ \t]+(?P<own2>(?i:our|my|the)))?)[ \t]+"
    r"(?:(?P<word>[\w.-]{1,63})[ \t]+)?(?i:pods|containers)(?![\w-])")
# the author meeting the case's pod's back-off, the pod a noun before the status's noun (`I
# encountered the pod crash loop backoff error when updating`, kubeless-862; fc58g): the pod's
# error as `a CrashLoopBackOff from the pod` is (`_GOT`), a determiner of the case's before the
# pod (`the`, `my`, `our`, `this`), its name or none, `'s` or none; the status as the kubelet
# writes it, spelled out in words or the loop's noun (fixprose52c, fixprose52b)
_POD_ERROR = lazy_regex(
    r"(?<![\w'-])(?i:i|we)[ \t]+(?:(?i:also|still|now|again|just|repeatedly)[ \t]+)?"
    r"(?i:encountered|encounter|get|gets|got|see|saw|hit|faced|face|met|ran[ \t]+into)[ \t]+"
    r"(?P<det>(?i:the|my|our|this))[ \t]+(?:" + _MARK + r"(?P<name>" + _NAME + r")" + _MARK
    + r"[ \t]+)?(?i:pod|container)(?:'s|\u2019s)?[ \t]+(?:" + _SPELLED + r"|" + _CLB + r"|"
    + _LOOP + r")[ \t]+(?i:error|status|state|issue|problem)(?![\w-])")
# the case's pod given its status in parentheses after its clause, as `get pods` prints the
# STATUS (`But the nginx-thrift pod does not deploy (Init: CrashLoopBackOff).`,
# deathstarbench-298; stop 59, fx59d): a determiner of the case's, a word or a dashed name,
# `pod` or `container`, up to five words of its predicate (a negated one too: the parenthesis
# states the status apart from the verb, as a label's colon does), then the status alone in
# the parenthesis, `Init:` before it for an init container's back-off (read as the container's
# whose probes the record does not show: a sidecar's or not, stop 48's init container rule);
# a predicate of the status gone (`no longer`, `anymore`) or of what may be (`could`, `will`)
# and other words in the parenthesis state none
_PAREN_STATUS = lazy_regex(
    r"(?<![\w'-])(?P<det>(?i:my|our|the|this))[ \t]+(?:" + _MARK + r"[\w.-]{1,63}" + _MARK
    + r"[ \t]+)?(?i:pod|container)(?![\w-])(?P<pred>(?:[ \t]+[\w'\u2019-]{1,30}){0,5}?)[ \t]*"
    r"\([ \t]*(?P<init>(?i:init)[ \t]*:[ \t]*)?" + _CLB + r"[ \t]*\)")
_NOT_STATUS = lazy_regex(r"(?<![\w-])(?i:longer|anymore|stopped|stops|can|could|may|might|"
                         r"will|would|should|must|shall|won't|wouldn't|couldn't)(?![\w-])")
# a determiner of no case before the subject (`a subnet-router pod`, `every pod`)
_NO_CASE = lazy_regex(r"(?<![\w'-])(?i:a|an|any|some|your|every|each|no|another|other|many|"
                      r"most|all|such|if|when|whenever|will|would|can|could|may|might)[ \t]+$")
# a name joined by `and` or `or` to the object of a preposition right before it (`both the
# deployments for `odh-notebook-controller-manager` and `notebook-controller-deployment` were
# stuck in a crashloop`, odh-kubeflow-33): the name is the preposition's second object, no
# subject of the verb after it (stop 60, fx60b)
_JOINED_OBJECT = lazy_regex(
    r"(?<![\w'-])(?i:for|of|in|on|from|with|to|by|at)[ \t]+" + _MARK + r"[\w.-]{1,63}" + _MARK
    + r"[ \t]*,?[ \t]+(?i:and|or)[ \t]+" + _MARK + r"$")
# names that are no pod's: a pronoun, a pod's or Kubernetes' own word
# (an article or a determiner is no name either: `it entered in a crash loop` is no statement
# of a pod named `a`, the loop's noun after its article read as the verb; kube-router-302,
# stop 60, fx60b)
_NO_NAME = frozenset({"pod", "pods", "container", "containers", "it", "this", "that", "which",
                      "kubernetes", "k8s", "kubelet", "node", "deployment", "statefulset",
                      "a", "an", "the", "my", "our", "your", "their", "its", "his", "her",
                      "these", "those", "some", "any", "every", "each", "no"})
_ANCHORS = ("rash", "RASH")  # (crashloop, CrashLoopBackOff, crash-looping)


class _Said(NamedTuple):
    """A statement found: its line, its words, the name its subject gives (None for `the
    pod`), whether a determiner of the case's opens it (`the subnet-router pod`), and whether
    the name is kubectl's own name of a pod (`pod/NAME`: a pod's, dashed or not)."""

    line: int
    words: str
    name: str | None
    det: bool
    kubectl: bool = False
    labelled: bool = False


def _statements(lines: list[str], told: frozenset[int] = frozenset()) -> list[_Said]:
    """Every statement of a crash loop of what happened the lines hold (`_NAME_STATUS`,
    `_LABELLED`, `_STATED`: one a line), each line read up to `SENTENCE_REACH` and `PLACES_WEIGHED` weighed
    at most (one pass)."""
    said: list[_Said] = []
    left = PLACES_WEIGHED
    for number, text in enumerate(lines, 1):
        line = text[:SENTENCE_REACH]
        if not any(a in line for a in _ANCHORS):
            continue
        whole = _NAME_STATUS.fullmatch(line)
        labelled = _labelled(line) if whole is None else None
        if whole is not None or labelled is not None:
            m = whole or labelled
            assert m is not None
            said.append(_Said(number, m[0].strip(), m["name"], False, labelled=labelled is not None))
            continue
        before = _before(line)
        if before is not None:
            said.append(_Said(number, before[0].strip(), None, True))
            continue
        alone = _alone_in(number, line, number in told)
        if alone is not None:
            said.append(alone)
            continue
        got = _got_said(number, line)
        if got is not None:
            said.append(got)
            continue
        for m in _STATED.finditer(line):
            left -= 1
            if left < 0:
                return said
            if _of_the_case(line, m):
                # (a pod's own name in apposition names the pod itself, as a name alone does)
                said.append(_Said(number, m[0].strip(), _subject_name(m),
                                  bool(m["det"] or m["own"] or m["ns"]) and not m["appos"]))
                break
    return said


def _alone_in(number: int, line: str, told: bool) -> _Said | None:
    """kubectl's own name of a pod `in` the status alone on its line (`_KUBECTL_IN`), or, on
    a line under a heading of what was seen (`told`), a dashed name `in` it (`_SEEN_IN`, in a
    sentence of what happened); None otherwise."""
    kubectl = _KUBECTL_IN.fullmatch(line)
    if kubectl is not None:
        return _Said(number, kubectl[0].strip(), kubectl["name"], False, True)
    seen = _SEEN_IN.fullmatch(line) if told else None
    if seen is None or not states_what_happened(line, seen.start("name"), seen.end("st")):
        return None
    return _Said(number, seen[0].strip(), seen["name"], False)


def _got_said(number: int, line: str) -> _Said | None:
    """The statement of the author getting the status from the case's pod (`_got`), or of a
    crash loop an error caused in the case's pods (`_caused_in`), on line `number`; None
    without one."""
    got = _got(line)
    if got is not None:
        return _Said(number, got[0].strip(), _subject_name(got), bool(got["det"] or got["own"]))
    met = _of_the_author(line, _POD_ERROR.search(line))
    if met is not None:
        name = met["name"]
        return _Said(number, met[0].strip(), None if name in _NO_NAME else name, True)
    caused = _caused_in(line)
    if caused is not None:
        return _Said(number, caused[0].strip(), None, True)
    paren = _paren_status(line)
    return None if paren is None else _Said(number, paren[0].strip(), None, True)


def _paren_status(line: str) -> re.Match[str] | None:
    """The case's pod given the status CrashLoopBackOff in parentheses after its clause
    (`_PAREN_STATUS`): no determiner of no case, modal or conditional before it, no word of the
    status gone or of what may be in its predicate, in a sentence of what happened; None
    otherwise."""
    m = _PAREN_STATUS.search(line)
    if m is None or _NO_CASE.search(line, max(0, m.start() - 12), m.start()) is not None or \
            _NOT_STATUS.search(m["pred"]) is not None:
        return None
    return m if states_what_happened(blank_own_occasion(line), m.start(), m.end()) else None


def _caused_in(line: str) -> re.Match[str] | None:
    """A crash loop an error caused, in the past, in the case's own pods (`_CAUSED_IN`): after
    a determiner of the case's, or a quantifier before pods of the service the sentence names
    as the author's (`own_service`); no negation in its clause, in a sentence of what
    happened; None otherwise."""
    m = _CAUSED_IN.search(line)
    if m is None or not (m["own"] or (m["own2"] or "").lower() in ("our", "my")) and \
            not own_service(line, m):
        return None
    start = _clause_start(line, _sentence_start(line, m.start()), m.start())
    if NEGATED.search(line, start, m.end()) is not None:
        return None
    return m if states_what_happened(blank_own_occasion(line), m.start(), m.end()) else None


def own_service(line: str, m: re.Match[str]) -> bool:
    """Whether the quantified pods are named by the service the sentence names before them as
    the author's own (`our API` ... `some API pods`): in a first person's report of its own
    service, its pods are the author's, a quantifier counting them (a bare `some pods`, of no
    service, stays no case's)."""
    if not m["word"]:
        return False
    own = re.compile(r"(?<![\w'-])(?:our|my)[ \t]+" + re.escape(m["word"]) + r"(?![\w-])",
                     re.IGNORECASE)
    return own.search(line, _sentence_start(line, m.start()), m.start()) is not None


def _got(line: str) -> re.Match[str] | None:
    """The author getting the status from the case's own pod (`_GOT`): its subject a name or a
    determiner's, no determiner of no case, modal or conditional before the author or the pod,
    no negation in the clause before it, in a sentence of what happened; None otherwise."""
    m = _GOT.search(line)
    if m is None or _subject_name(m) is None and not (m["det"] or m["own"]) or \
            _plural_of_none(m):
        return None
    if any(_NO_CASE.search(line, max(0, at - 12), at) is not None
           for at in (m.start(), m.start("subject"))):
        return None
    start = _clause_start(line, _sentence_start(line, m.start()), m.start())
    if NEGATED.search(line, start, m.end()) is not None:
        return None
    return m if states_what_happened(blank_own_occasion(line), m.start(), m.end()) else None


def _of_the_author(line: str, m: re.Match[str] | None) -> re.Match[str] | None:
    """`m`, the author meeting the case's pod's status (`_POD_ERROR`), where no determiner of
    no case, modal or conditional stands right before the author (`if I got ...`), no negation
    in the clause before it (`I never got ...`), in a sentence of what happened; None
    otherwise."""
    if m is None or _NO_CASE.search(line, max(0, m.start() - 12), m.start()) is not None:
        return None
    start = _clause_start(line, _sentence_start(line, m.start()), m.start())
    if NEGATED.search(line, start, m.end()) is not None:
        return None
    return m if states_what_happened(blank_own_occasion(line), m.start(), m.end()) else None


def _before(line: str) -> re.Match[str] | None:
    """A pod stated in CrashLoopBackOff in a bullet labelled `Before` (`_BEFORE_LABEL`,
    `_BEFORE_STATE`), in a sentence of what happened; None otherwise."""
    label = _BEFORE_LABEL.match(line)
    if label is None:
        return None
    m = _BEFORE_STATE.search(line, label.end())
    if m is None or not states_what_happened(line, m.start(), m.end()):
        return None
    return m


def _labelled(line: str) -> re.Match[str] | None:
    """A pod's name as a list's label stating its status (`_LABELLED`), no subject of its
    own after the colon, in a sentence of what happened; None otherwise."""
    m = _LABELLED.match(line)
    if m is None or not _no_subject(m["between"] or "") or \
            not states_what_happened(line, m.start(), m.end()):
        return None
    return m


def _subject_name(m: re.Match[str]) -> str | None:
    """The name the subject gives, None for a pod's word or a pronoun (`_NO_NAME`)."""
    name = m["owner"] or m["appos"] or m["name"] or m["titled"] or workload_named(m, "workload")
    return None if name is None or name.lower() in _NO_NAME else name


_OWN_SUBJECT = lazy_regex(r"(?<![\w.-])(?:[a-z0-9]{1,63}-[a-z0-9-]{1,200}|(?i:pods?|containers?|"
                          r"it|they|he|she|we|i))(?![\w.-])")


def _no_subject(between: str) -> bool:
    """Whether the words between a label's colon and the status hold no subject of their own
    (a pod's name, a pod's word, a pronoun): the label is the subject."""
    return _OWN_SUBJECT.search(between) is None


def _of_the_case(line: str, m: re.Match[str]) -> bool:
    """Whether `m` states the case's crash loop: a subject that is a name or a determiner's
    (`the pod`), no determiner of no case, modal or conditional right before it, `to go into`
    only after a cause, no negation in the sentence before the verb, and a sentence of what
    happened (happened.py's `states_what_happened`)."""
    if _subject_name(m) is None and not (m["det"] or m["own"] or m["ns"]) or \
            _plural_of_none(m):
        return False
    if (m["to"] and not m["cause"]) or \
            _NO_CASE.search(line, max(0, m.start() - 12), m.start()) is not None or \
            m["name"] and _JOINED_OBJECT.search(line, max(0, m.start() - 120), m.start()):
        return False
    start = _clause_start(line, _sentence_start(line, m.start()), m.start())
    # (the author's own occasion, `I encounter a problem when deploying`, no `when` of what
    # may happen: own_occasion.py, fixlogs86; `When I install ...` before the case told in
    # the past, fx60b)
    occasion = blank_own_occasion(line)
    # (`when deploying the chart` before the case told in the past: its occasion, fx60e)
    if _PAST_TOLD.search(line, m.start(), m.end()) is not None:
        occasion = blank_gerund_when(blank_told_past(occasion, m.start()), m.start(), m.end())
    return not _negated(line, start, m) and states_what_happened(occasion, m.start(), m.end())


# the crash loop told in the past (`were in`, `went into`, `crash-looped`): a run that happened
_PAST_TOLD = lazy_regex(r"(?<![\w'-])(?i:was|were|had|went|entered|fell|got|kept|failed|"
                        r"remained|stayed|ended|resulted|crash[ \t-]?looped)(?![\w'-])")


def _negated(line: str, start: int, m: re.Match[str]) -> bool:
    """Whether a negation stands in the clause from `start` before the crash loop's end; one in
    a predicate of its own joined by `and` before it (`does not start and loops in ...`) is
    that predicate's (fixprose77)."""
    if not m["coord"]:
        return NEGATED.search(line, start, m.end()) is not None
    return NEGATED.search(line, start, m.start("coord")) is not None or \
        NEGATED.search(line, m.end("coord"), m.end()) is not None


_CLAUSE = lazy_regex(r"[,;](?=\s)")


def _clause_start(line: str, start: int, at: int) -> int:
    """Where the clause holding line[at] starts in the sentence starting at `start`: after its
    last comma or semicolon before `at` (a negation negates its own clause: `After 50 hours
    with no failures, our pods failed with CrashLoopBackOff` states the crash loop; fixprose66)."""
    ends = [m.end() for m in _CLAUSE.finditer(line, start, at)]
    return ends[-1] if ends else start


def _plural_of_none(m: re.Match[str]) -> bool:
    """Whether the subject is pods or containers after a determiner that makes them no case's
    own (`this containers`): only `my`, `our`, `the` or `these` do (`_SUBJECT`'s `own`)."""
    return (m["name"] or "").lower() in ("pods", "containers")


_STOP = lazy_regex(r"[.!?](?=\s)|[\u3002\uff01\uff1f]")


def _sentence_start(line: str, at: int) -> int:
    """Where the sentence holding line[at] starts (its last 2,000 characters at most)."""
    ends = [m.end() for m in _STOP.finditer(line, max(0, at - 2000), at)]
    return ends[-1] if ends else max(0, at - 2000)


_READ = ("a crash loop of the case's pod stated in its author's prose (`{}`): read as its "
         "container's State, Waiting out a back-off (CrashLoopBackOff), its restart count not "
         "in the record")


def _waiting(c: ContainerRecord) -> None:
    """The container read as waiting out a back-off, its restarts no count bounds."""
    c.state, c.state_reason, c.restarts_cut = "waiting", "CrashLoopBackOff", True


def give_stated_crashloop(found: RecordSet, text: str,
                          name_of: Callable[[PodRecord], str | None]) -> None:
    """The crash loop a sentence states of the record's one pod (`_statements`, its subject
    naming the pod: `names_pod`, or `the pod`), given to its one container whose status the
    record does not show (a container of no name where it shows none); said in a note, the
    line no longer listed as not read. `name_of`: the name a piece's events give it."""
    pod = bare_pod(found) or _nameless_pieces(found, name_of)
    if pod is None or not any(a in text for a in _ANCHORS):
        return
    lines = text.split("\n")
    name = pod.name or name_of(pod)
    for s in _statements(lines):
        if s.name is not None and not _empty(pod) and \
                (name is None or not names_pod(s.name, name)) or _earlier(lines, s):
            continue
        where = Where(found.source, s.line)
        if not pod.containers:
            pod.containers.append(ContainerRecord(None, where))
        _waiting(pod.containers[0])
        unlist_line(found, s.line, lines)
        found.notes.append(Note(f"line {s.line}: " + _READ.format(s.words[:80]), where))
        return


# a word of an earlier run opening the sentence (`Initially the deployment failed with
# crashloopbackoff ... Then added ...`, seldon-core-1963; stop 59, fx59d)
_EARLIER = lazy_regex(r"[ \t*_>-]*(?i:initially|at[ \t]+first|originally|earlier|previously|"
                      r"in[ \t]+the[ \t]+beginning)(?![\w-])")


def _earlier(lines: list[str], s: _Said) -> bool:
    """Whether the statement's sentence opens with a word of an earlier run (`_EARLIER`): the
    author tells what happened first, then what changed; the record beside it shows a later
    run, so the crash loop is not its pod's (README's prose rules: the case is what the record
    shows)."""
    line = lines[s.line - 1][:SENTENCE_REACH]
    at = line.find(s.words)
    return at >= 0 and _EARLIER.match(line, _sentence_start(line, at), at) is not None


def _empty(pod: PodRecord) -> bool:
    """Whether the record's pod shows nothing of its own (no name, container, event, condition
    or phase: a log's empty piece): the pod a sentence names is the record's one (fixprose77)."""
    return pod.name is None and not pod.containers and not pod.events and \
        not pod.conditions and pod.phase is None


def _nameless_pieces(found: RecordSet, name_of: Callable[[PodRecord], str | None]
                     ) -> PodRecord | None:
    """The piece holding the one container of a record whose pieces all name no pod (a probe's
    YAML cut from a container's spec beside a kubelet's message alone, pascaliske-helm-charts-
    782: read.py's `_merged` joins them into one pod), none of its states shown; None
    otherwise. A piece that shows something takes no sentence's name (`give_stated_crashloop`):
    only the case's `the pod` is read so (fixprose52d)."""
    if len(found.pods) < 2 or any(p.name is not None or p.apart_from is not None or
                                  name_of(p) is not None for p in found.pods):
        return None
    holding = [p for p in found.pods if p.containers]
    return holding[0] if len(holding) == 1 and _shows_no_state(holding[0]) else None


def bare_pod(found: RecordSet) -> PodRecord | None:
    """The record's one pod, with one app container at most and none of its states shown;
    None otherwise."""
    if len(found.pods) != 1 or found.pods[0].apart_from is not None:
        return None
    return found.pods[0] if _shows_no_state(found.pods[0]) else None


def _shows_no_state(pod: PodRecord) -> bool:
    """Whether the pod has one app container at most, no init container, and shows none of
    their states (a state, an end, a last state, a restart count)."""
    containers = [c for c in pod.containers if not c.init]
    return len(containers) <= 1 and len(pod.containers) == len(containers) and not any(
        c.state or c.terminated or c.last or c.restart_count is not None for c in containers)


def read_stated_crashloop(page: ProsePage, source: str) -> RecordSet | None:
    """The record of a page of prose alone that states a crash loop of the case's pod
    (`_statements`): one pod, named where the subject is a pod's own dashed name with no
    determiner, its one container of no name waiting out a back-off; the other lines said
    not read. None when no sentence states one."""
    lines = page.lines
    said = _statements([("" if n in page.commands else x) for n, x in enumerate(lines, 1)],
                       frozenset(case_lines(lines)))
    # the case's own: a determiner's subject, or a pod's own dashed name (its pod's name)
    s = next((s for s in said
              if s.det or s.kubectl or (s.name is not None and "-" in s.name)), None)
    if s is None:
        return None
    chosen = [s] + _other_labels(said, s)
    # (a determiner's pod named by its workload's dashed name carries it: `the nginx-thrift
    # pod`, as a user names it; stop 59, fx59d)
    pods = [_waiting_pod(named_pod(x.words) if x.det else x.name, Where(source, x.line))
            for x in chosen]
    if len(pods) == 1:
        pods[0].containers[0].name = _named_waiting(lines)
    read = {x.line for x in chosen}
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n not in read and x.strip()]
    notes = [Note(f"line {x.line}: " + _READ.format(x.words[:80]), Where(source, x.line))
             for x in chosen]
    return RecordSet(source, STATED_CRASHLOOP, pods=pods, notes=notes + unread_notes(rest, source))


# a container the author names stated in the state Waiting (`The last one csi-do-plugin
# (digitalocean/do-csi-plugin:v1.3.0) remains in state Waiting`, csi-digitalocean-328; stop
# 60, fx60b): its dashed name, its image in parentheses after it or none, then `remains`,
# `stays`, `is` or `was` (in state) Waiting
_WAITING_NAMED = lazy_regex(
    r"(?<![\w./:-])" + _MARK + r"(?P<name>" + _DASHED_NAME + r")" + _MARK
    + r"(?:[ \t]+\([^()\n]{1,200}\))?[ \t]+(?i:remains|remained|stays|stayed|is|was)[ \t]+"
    r"(?:(?i:still|stuck)[ \t]+)?(?:(?i:in)[ \t]+(?:(?i:the)[ \t]+)?(?:(?i:state|status)[ \t]+)?)?"
    + _MARK + r"Waiting" + _MARK + r"(?![\w-])")


def _named_waiting(lines: Sequence[str]) -> str | None:
    """The name of the one container the page states Waiting (`_WAITING_NAMED`, in a sentence
    of what happened) beside its pod stated in CrashLoopBackOff: kubectl's CrashLoopBackOff is
    a container's waiting reason (R4.8), so the pod's back-off is that container's; None where
    the page names none, or several."""
    names = {m["name"] for text in lines if "Waiting" in text
             for m in _WAITING_NAMED.finditer(text[:SENTENCE_REACH])
             if states_what_happened(text, m.start(), m.end())}
    return names.pop() if len(names) == 1 else None


def _other_labels(said: list[_Said], first: _Said) -> list[_Said]:
    """The other pods a list of labelled bullets states in CrashLoopBackOff beside the first
    (`- `a-1`: `CrashLoopBackOff``, `- `a-2`: `CrashLoopBackOff``): each bullet its own pod's
    state, several bullets several pods (fixprose53b; explain's `--pod` picks one); none
    unless the first is such a bullet, and a name told twice is one pod."""
    if not first.labelled:
        return []
    names = {first.name}
    others: list[_Said] = []
    for x in said:
        if x.labelled and x.name not in names:
            names.add(x.name)
            others.append(x)
    return others


def _waiting_pod(name: str | None, where: Where) -> PodRecord:
    """A pod of the page's prose, `name` or of no name, its one container of no name waiting
    out a back-off (`_waiting`)."""
    c = ContainerRecord(None, where)
    _waiting(c)
    return PodRecord(name, where, containers=[c], formats=[STATED_CRASHLOOP])
