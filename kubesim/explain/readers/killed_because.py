"""A kill of the case's own pod or container its author states with a probe's failure as its
cause, in the orders the other prose rules do not read (the corpus README's rules: statements
of the case in prose, at fixprose53).

- The kill first, passive, its agent maybe named, then its cause (`KILLED_BECAUSE`): `The
  backend container is being killed about twice a week by k8s because it is failing the
  liveness probe`, `my pod was killed by kubernetes because its liveness probe failed`, `the
  api container gets killed because the liveness probe fails`. A liveness or startup probe's
  failures make the kubelet kill the container (R4.4), so a kill the author gives that failure
  as its cause is that probe's kill, stated once: at least one, no count. The subject is the
  case's own, right before the kill (probe_restart.CASE_SUBJECT: `the backend container`, `my
  pods`, a pod's name); the kill past, progressive, perfect or the author's `gets` of what
  keeps happening. A guide's passive (`a container is killed when its liveness probe fails`:
  no case's subject, the bare present `is killed`), `will be killed`, a readiness probe (it
  kills nothing, R3.4) and a cause that is no probe's failure state none. Widened at fx60c
  (stop 60, rh-che-966: `the pod was killed because of not passing liveness probes`): a
  probe not passed is a probe failed (`not passing`, `it was not passing`, `it did not
  pass`); its `not` is the failure's, and the caller weighs a negation only before it.
  Widened at marked53b: the cause the case's probes, no kind named (`The `openvpn-client`
  container in it gets continuously killed because of its probes`, kubermatic-12803; `by its
  probes`, `due to the probes`): the kill is the one probe's that can kill among those the
  record shows failing (`killing_kind_shown`: readiness never kills, R3.4; liveness alone a
  liveness kill, startup alone a startup kill, R4.4); both or neither, which one cannot be told
  and none is read. The subject may name the container `in it` (the case's pod).
- The probe's doing causing the kill, the kill passive (`CAUSED_KILL`): the probe itself the
  sentence's subject in the past (`The startup probe checked for FactoryGame.exe ..., causing
  the pod to be killed every 15 minutes`: the probe named as the agent of the kill, as `the
  liveness probe killed the pod` is), or its failures (`liveness probe failures, causing the
  pod to be restarted`: stated_cause.CAUSING_RESTART's statement with the kill passive). The
  kill of the case's own pod or container (`the pod`, `our api pods`, a pod's name), killed or
  restarted (a liveness or startup probe restarts a container only by the kubelet's kill,
  R4.4). The probe in the present (`The startup probe checks ..., causing ...`: a guide's
  tense), a readiness probe, `a pod`, `pods` state none.

- The cause first, then the kill of the case's container, passive (`BECAUSE_KILLED`, widened at
  killprose54, treeverse-charts-143: `Because of the configured liveness (and readiness) probes
  (default period/interval of 10s with failureTreshold of 3), the container is therefore deemed
  unhealthy and terminated before it can finish the startup`): the probes named after `because
  of` or `due to` (one kind, or two joined by `and`, `/` or a parenthesis' `(and ...)`) are
  stated failing (`deemed unhealthy`), and the kill is the one among them that can kill (R4.4;
  readiness never kills, R3.4); two that kill joined (`liveness and startup`), each failing
  and one kill of either, which one not told (the lead's decision, stop 60, bothkill: it
  replaced "none is read"). In
  the present (`is terminated`) only where the text tells the case (the caller's check: a
  heading of it, its own words, a crash loop the record states, R4.8).

A negation, a conditional, a question and a sentence of what may happen state none (the
caller's checks, runs.py). Every part is bounded and each run of blanks is followed by a word
of its own: looked for around its anchor words only (`kill`, `caus`), one pass on a long line.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.probe_restart import CASE_SUBJECT
from kubesim.explain.readers.restart_failing import FailedKinds, kinds_read

__all__ = ["BECAUSE_KILLED", "BECAUSE_WORDS", "BEFORE_CAN", "CAUSED_KILL", "CAUSED_WORDS", "KILLED_BECAUSE",
           "KILLED_WORDS", "handler_kind", "killing_kind_shown", "named_kinds"]

_KIND = r"(?P<kind>(?i:liveness|startup))"
_PROBE = r"(?:[ \t]*(?i:probes?|checks?))?"
# a few words of when or how often between (`about twice a week`); never a negation's, a
# conditional's or a connector's of cause (the cause is looked for after them)
_WHEN = (r"(?:(?!(?i:not|never|but|if|when|unless|because|since|as|due)(?![\w'-]))"
         r"[\w'-]{1,30},?[ \t]+){0,5}?")
# the kill, passive: past, progressive, perfect, or the author's `gets`/`keeps getting`; not
# the bare present `is killed` (a guide's) nor `will be killed`. The present passive only with
# a word of ongoing repetition right after its auxiliary (`the new pod is continuously killed by
# k8s because it fails the liveness check`, percona-psmdb-operator-2234; fc57a): an ongoing
# state of the case told as seen, as oomprose54 reads `continuously`, no guide's rule
_KILLED = (r"(?i:(?:is|are|was|were)[ \t]+(?:being|getting)|was|were|got|gets|"
           r"(?:is|are)(?=[ \t]+(?:repeatedly|constantly|continuously)[ \t])|"
           r"(?:keeps|kept|keep)[ \t]+(?:on[ \t]+)?getting|(?:has|have|had)[ \t]+been)"
           r"[ \t]+(?:(?i:repeatedly|constantly|continuously|periodically|regularly|again|"
           r"also|still)[ \t]+)?(?i:killed)")
# its agent, maybe named: Kubernetes or the kubelet (`by k8s`)
_BY = (r"(?:(?i:by)[ \t]+(?:(?i:the)[ \t]+)?(?i:k8s|kubernetes|kubelet|cluster),?[ \t]+"
       + _WHEN + r")?")
_DETERMINER = r"(?:(?i:its|the|their|our|my)[ \t]+)?"
# the cause, after `because` or `due to` (the README's connectors of cause; `since` and `as`
# tell a time as well): the probe's failure, as the subject's (`it is failing the liveness probe`), the
# probe's own (`its liveness probe failed`) or a noun's (`of liveness probe failures`, `of the
# failing liveness probe`)
# (fx60c, rh-che-966: `the pod was killed because of not passing liveness probes`) a probe not
# passed is a probe failed (the kubelet counts each check that does not succeed as a failure,
# R1.17; fc55r reads `not passing` so): the gerund after `because of`, or the subject's `is not
# passing`, `did not pass`. Its `not` negates the passing, not the kill: the caller weighs a
# negation only before it (`unpassed`)
_UNPASSED = (r"(?P<unpassed>(?:(?i:it|they)[ \t]+(?:(?i:is|was|are|were)[ \t]+(?i:not)[ \t]+"
             r"(?i:passing)|(?:(?i:did|does|do)[ \t]+(?i:not)|(?i:didn|doesn|don)['\u2019](?i:t))"
             r"[ \t]+(?i:pass))|(?i:not)[ \t]+(?i:passing))[ \t]+)")
_CAUSE = (r"(?:(?i:it|they)[ \t]+(?:(?i:is|was|are|were|kept|keeps|has[ \t]+been|had[ \t]+been)"
          r"[ \t]+)?(?i:fail(?:s|ed|ing)?)[ \t]+" + _DETERMINER + _KIND + _PROBE
          + r"|" + _DETERMINER + _KIND.replace("kind", "kind2") + _PROBE
          + r"[ \t]+(?i:fail(?:s|ed|ures?)|(?:is|was|are|were|kept|keeps)[ \t]+failing"
          r"|(?:has|had)[ \t]+failed)"
          r"|" + _DETERMINER + r"(?i:failing|failed)[ \t]+" + _DETERMINER
          + _KIND.replace("kind", "kind3") + _PROBE
          + r"|" + _UNPASSED + _DETERMINER + _KIND.replace("kind", "kind4") + _PROBE + r")")
# its probes, no kind named (`because of its probes`, `by the probes`; marked53b): the kill is
# the one probe's that can kill among those the record shows failing (`killing_kind_shown`)
_PROBES = r"(?P<probes>(?i:its|their|the)[ \t]+(?i:probes))"
# the container the subject names, in the case's pod (`The `openvpn-client` container in it`)
_IN_IT = r"(?:[ \t]+(?i:in)[ \t]+(?:(?i:it)|(?i:the|this|that|my|our)[ \t]+(?i:pod)))?"
KILLED_BECAUSE = lazy_regex(
    r"(?P<subject>" + CASE_SUBJECT.pattern + r")" + _IN_IT + r"[ \t]+" + _KILLED + r",?[ \t]+"
    + _WHEN + _BY + r"(?:(?i:because(?:[ \t]+of)?|due[ \t]+to)[ \t]+" + _CAUSE
    + r"|(?i:because[ \t]+of|due[ \t]+to|by)[ \t]+" + _PROBES + r")(?![A-Za-z])")
KILLED_WORDS = ("killed", "Killed", "KILLED")
# the kubelet's message of a probe's failure (`Liveness probe failed: ...`, R1.17's event; an
# exec probe's timeout is written as a failure since 1.20), its kind capitalised as the
# kubelet writes it: what the record shows failing
_SHOWN_FAILING = lazy_regex(r"(?<![A-Za-z])(?P<kind>Liveness|Startup|Readiness)[ \t]+probe[ \t]+"
                            r"(?:failed|errored)(?![A-Za-z])")

# the kill of the case's own pod or container, passive, caused: `, causing the pod to be
# killed`; a name of the case's or the case's pods by their workload (CASE_SUBJECT)
_CAUSED = (r"(?i:causing|caused)[ \t]+(?P<subject>" + CASE_SUBJECT.pattern + r")[ \t]+"
           r"(?i:to)[ \t]+(?i:be|get)[ \t]+(?i:killed|restarted)(?![A-Za-z])")
# the probe the sentence's subject, its verb in the past (`checked`, `failed`, `kept failing`,
# `was`), up to 300 characters of no sentence's end before the comma (a dot inside a name,
# `FactoryGame.exe`, ends none); or the probe's failures (stated_cause.CAUSING_RESTART's)
# (or `and` before the cause's verb: `The previous HTTP probe received an 401 response ...
# which treated as a failure and caused the container to be restarted`, ragflow-9012; stop 56)
_PAST = (r"(?:[ \t]*\([^()\n]{0,200}\))?[ \t]+(?:(?i:was|were|had|kept|took|ran|hit|went)"
         r"|[A-Za-z]{1,30}ed)(?![\w'-])(?![ \t]+(?i:not|never)(?![\w'-]))"
         r"(?:[^\n.!?]|\.(?=[^\s.])){0,300}?(?:,[ \t]*|[ \t]+(?i:and)[ \t]+)")
# the probe named by its handler (`the previous HTTP probe`, `the exec probe`): the probe the
# sentence before names (the caller's, `handler_kind`)
_HANDLER = (r"(?:(?i:previous|old|current|existing|original|default)[ \t]+)?(?P<handler>"
            r"(?i:https?|tcp|exec|grpc|httpget|tcpsocket|command))[ \t]*(?i:probe)")
_FAILURES = (r"[ \t]+(?i:fail(?:ures?|ing))(?:[ \t]+(?!(?i:not|never)(?![\w'-]))[\w'-]{1,30})"
             r"{0,2}?,?[ \t]+")
# (a disjunction of the readiness probe and one that kills names the one that kills, as in
# stated_cause.CAUSING_RESTART; a kind after `or`, `and` or `/` of another starts no match)
_READINESS = r"(?i:readiness|readyz)(?:[ \t]*(?i:probes?|checks?))?"
CAUSED_KILL = lazy_regex(
    r"(?<![A-Za-z/])(?<![Oo][Rr][ \t])(?<![Aa][Nn][Dd][ \t])(?:(?P<the>(?i:the|its|our|my))"
    r"[ \t]+(?:" + _KIND + _PROBE + r"|" + _HANDLER + r")" + _PAST + r"|(?:" + _READINESS + r"[ \t]+(?i:or)[ \t]+)?"
    + _KIND.replace("kind", "kind2") + _PROBE + r"(?:[ \t]+(?i:or)[ \t]+" + _READINESS + r")?"
    + _FAILURES + r")" + _CAUSED)
CAUSED_WORDS = ("causing", "caused", "Causing", "Caused", "CAUSING", "CAUSED")


# the probes a sentence names
_KINDS_NAMED = lazy_regex(r"(?<![A-Za-z])(?P<kind>(?i:liveness|readiness|startup))(?![A-Za-z])")


def handler_kind(line: str, before: int, start: int) -> str | None:
    """The probe a handler's name refers to (`the previous HTTP probe`, `_HANDLER`): the one
    kind the sentence before, line[before:start], names (`Fix Kubernetes liveness probe on the
    OpenSearch container.`, ragflow-9012), liveness or startup (a readiness probe kills
    nothing, R3.4); None where it names none, several, or the readiness probe."""
    kinds = {k["kind"].lower() for k in _KINDS_NAMED.finditer(line, before, start)}
    return kinds.pop() if len(kinds) == 1 and kinds <= {"liveness", "startup"} else None


def killing_kind_shown(text: str) -> str | None:
    """The one probe that can kill (liveness or startup, R4.4; readiness never kills, R3.4)
    among those the record shows failing in the kubelet's messages, the kill `its probes`
    caused is its (R4.4); None when both or neither show failures: which one killed cannot
    be told."""
    kinds = {m["kind"].lower() for m in _SHOWN_FAILING.finditer(text)} - {"readiness"}
    return kinds.pop() if len(kinds) == 1 else None


# the cause first (killprose54): the probes named, maybe a parenthesis of their settings, then
# the case's pod or container stated killed, terminated or restarted, maybe `deemed unhealthy`
# first; `is`, `are`, `gets` the present (`verb` then says so to the caller)
# (`as well as` a conjunction's too: fx60f)
_NAMED_KINDS = (r"(?P<kinds>(?i:liveness|startup|readiness)(?:[ \t]*\(?(?i:and|&|as[ \t]+well"
                r"[ \t]+as)[ \t]+(?i:liveness|startup|readiness)\)?|[ \t]*/[ \t]*"
                r"(?i:liveness|startup|readiness))?)")
_BEFELL = (r"(?P<tense>(?i:is|are|was|were|gets|got|(?:kept|keeps)[ \t]+getting))[ \t]+"
           r"(?:(?i:therefore|then|thus|repeatedly|constantly|continuously|eventually)[ \t]+)?"
           r"(?:(?i:deemed|marked|considered)[ \t]+(?i:unhealthy|failed|dead)[ \t]+(?i:and)[ \t]+)?"
           r"(?i:killed|terminated|restarted)(?![A-Za-z])")
BECAUSE_KILLED = lazy_regex(
    r"(?<![A-Za-z])(?i:because[ \t]+of|due[ \t]+to)[ \t]+(?:(?i:the|its|our|my|their)[ \t]+)?"
    r"(?:(?i:configured|default|current|existing|aggressive|tight|strict)[ \t]+)?" + _NAMED_KINDS
    + r"[ \t]+(?i:probes?|checks?)(?:[ \t]*\([^()\n]{0,200}\))?[ \t]*,?[ \t]+"
    r"(?P<subject>" + CASE_SUBJECT.pattern + r")[ \t]+" + _BEFELL)
# a clause of time after the kill whose modal is its own (`terminated before it can finish the
# startup`: what the container could not do, no sentence of what may happen); its subject a
# pronoun or a determiner and a noun, maybe a name before or after it, quoted or not (`before
# the stage "SERVER" can be reached`, apache-druid-12292: stop 59, fx59e); `rest`, the
# clause's words after its modal
_NAME = r"[\"'`\u201c]?[\w.-]{1,63}[\"'`\u201d]?"
BEFORE_CAN = lazy_regex(r"[ \t]+(?i:before)[ \t]+(?:(?i:it|they|he|she)|(?i:the|its|our|my)[ \t]+"
                        + _NAME + r"(?:[ \t]+" + _NAME + r")?)[ \t]+"
                        r"(?i:can|could)(?P<rest>[ \t]+[^.!?\n]{0,300})")
BECAUSE_WORDS = ("because", "Because", "BECAUSE", "due", "Due", "DUE")


def named_kinds(kinds: str) -> FailedKinds | None:
    """The probes `BECAUSE_KILLED` names, each stated failing, and the one that killed (the one
    that can kill, R4.4; readiness never kills, R3.4): of liveness and startup joined, one of
    theirs, which one not told (killer None; the lead's decision, stop 60, bothkill); None
    where none that kills is named."""
    return kinds_read(kinds)
