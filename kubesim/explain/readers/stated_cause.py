"""More statements of the case in its author's prose (the corpus README's rules: statements of
the case in prose): a probe's failure given as the cause of the case's restarts in the other
orders an author writes it, and a probe's failure the case's own pod or container shows.

- The cause first, its connector after the restart (`Superset Workers always fail liveness
  probes and restart every 5 minutes as a result`, `the pods keep failing their liveness probe
  and get restarted because of it`, `my-api-0 fails its startup probe, so it restarts`): as
  probe_restart.PROBE_RESTART's restart `because` the failure, a liveness or startup failure
  restarts a container only by the kubelet's kill of it (R4.4), so it is that probe's kill,
  stated once. Its subject is the case's own (probe_restart.CASE_SUBJECT), or the case's pods
  named by their workload, plural and with no determiner (`Superset Workers`: a capitalised
  name and a plural noun, `WORKLOAD_SUBJECT`), or its components named in lower case opening
  the sentence (`agent sandbox controller and agent sandbox proxy fail liveness probes while
  still spinning up ... leading to restarts`, `NAMED_WORKLOADS`, subjects54: a `while` clause
  of their own starting phase is their time, `leading to restarts` a connector of cause);
  `Pods`, `Kubernetes pods`, `Some pods`, `services` name no case.
- The restarts the author is seeing, caused by a probe's failures (`We are seeing pod restarts
  based on livez probes failing`, `we see container restarts due to liveness probe
  failures`): the same kill. `livez` is the liveness endpoint's conventional name (Kubernetes'
  own components serve /livez and /readyz), and a restart caused by a probe's failures names a
  liveness or startup probe anyway (R4.4: no other failure restarts a container), so a `livez`
  probe is read as the liveness probe; `readyz` or a readiness probe restarts nothing (R3.4).
- The kills the author is seeing, caused by a probe's failure (`I'm seeing events related to be
  being killed because of the startup probe failure`, `we are seeing the pods being killed due to
  liveness probe failures`; KILLS_SEEN, fixzot): the same kill; the events of the kills take up
  to three short words before the kill, none a determiner of another pod (`a pod`, `some pods`).
- A probe's failures stated causing Kubernetes or the kubelet to restart the case's pods
  (`we started to have readiness or liveness probe failures recently causing k8s to restart
  the broker pods`, `liveness probe failures caused Kubernetes to restart our pods`): the
  same kill, its agent named (R4.4). A disjunction of a readiness probe and one that kills
  (`readiness or liveness`) names the one that kills: the restart the failures caused can be
  only its (a readiness failure restarts nothing, R3.4), so readiness is not read failed from
  it; a readiness probe alone, or two that kill (`liveness or startup`: which one is not
  told), state none. The present (`liveness probe failures cause Kubernetes to restart the
  pod`) is a guide's, and a failure to avoid or prevent states none.
- A probe's failure the case's own pod or container shows or has (`yurt-hub keeps restarting
  and shows livenessProbe failure`, `the api container has readiness probe failures`,
  `web-0's liveness probe fails`): that probe's failure, at least once, no count; restarts
  joined to it by `and` are no kill (no cause is stated).

A negation (`do not`, `never`), a conditional, a question, a sentence of what may happen (the
caller's checks, runs.py) and a sentence under an `Expected` heading (what the author wants,
not what happened: `sections.aside_lines`) state none.
"""

from __future__ import annotations

from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet
from kubesim.explain.readers.probe_restart import CASE_SUBJECT

__all__ = ["CAUSE_THEN_RESTART", "CAUSING_RESTART", "CAUSING_WORDS", "KILLED_BY", "KILLED_BY_WORDS", "KILLS_SEEN", "KILLS_WORDS", "NAMED_WORKLOADS", "NEGATED", "PREVENTED", "RESTARTS_SEEN", "SHOWS_FAILURE", "WORKLOAD_SUBJECT",
           "give_stated_end", "probe_kind", "stated_cause_hint"]

# the case's pods named by their workload: a capitalised name of one or two words, then a plural
# noun of what runs, no determiner (`Superset Workers`, `Celery workers`); a word of Kubernetes'
# own or a quantifier names no workload (`Kubernetes pods`, `Some pods`: a general statement)
_NOT_A_NAME = (r"(?!(?:Kubernetes|K8s|Pods?|Containers?|Some|Many|Most|All|Other|Such|Any|No|"
               r"Each|Every|These|Those|The|Our|My|Their|Its|This|That|When|If|Why|How"
               # (fix58a) another's or a count's (`Your pods`, `Several pods`): no name
               r"|Your|A|An|Both|Several|Multiple|Few)"
               r"(?![\w-]))")
# (fix58a) or a product's name written with its capitals after a lower-case start (`vLLM
# pods`, `gRPC workers`, `eBPF agents`: no English word is so spelt), a name as a capital's is
WORKLOAD_SUBJECT = lazy_regex(
    r"(?<![\w.-])(?:" + _NOT_A_NAME + r"[A-Z][\w-]{1,62}|[a-z]{1,4}[A-Z][\w-]{0,60})(?:[ \t]+"
    + _NOT_A_NAME + r"[A-Z][\w-]{1,62})?[ \t]+(?i:workers|pods|replicas|containers|instances)"
    r"(?![\w-])")
_SUBJECT = r"(?:" + CASE_SUBJECT.pattern + r"|" + WORKLOAD_SUBJECT.pattern + r")"
# the case's own components named, lower case, no determiner, opening the sentence: one or a
# few words of a name, then the noun of a component that runs (`agent sandbox controller`,
# `agent sandbox proxy`), one or several joined by `and` or `,` (retool-helm-297, subjects54:
# a chart's maintainers telling their own workloads). A determiner, a quantifier, Kubernetes'
# own words and a common noun alone (`the app`, `pods`, `services`, `controller`) name none.
_NAME_WORD = (r"(?!(?:the|a|an|our|my|your|their|its|this|that|these|those|some|any|all|each|"
              r"every|no|many|most|other|such|both|kubernetes|k8s|and|or|if|when|while|pods?|"
              r"containers?|services?|apps?)(?![\w-]))[a-z][a-z0-9-]{1,30}")
_COMPONENT = (r"(?:controller|proxy|operator|server|agent|worker|scheduler|webhook|gateway|"
              r"exporter|manager|api|daemon)s?(?![\w-])")
_NAMED_ONE = _NAME_WORD + r"(?:[ \t]+" + _NAME_WORD + r"){0,2}?[ \t]+" + _COMPONENT
NAMED_WORKLOADS = lazy_regex(
    r"(?:^|(?<=[.!?][ \t]))" + _NAMED_ONE + r"(?:(?:[ \t]*,[ \t]*(?:(?i:and)[ \t]+)?|[ \t]+"
    r"(?i:and)[ \t]+)" + _NAMED_ONE + r"){0,3}")
# a `while` clause of the subject's own starting phase, maybe a parenthesis after it (`while
# still spinning up (for balloon instances at least)`): the subject's time, told with it
_WHILE_STARTING = (r"(?:[ \t]+(?i:while|when)[ \t]+(?:(?i:still|they|it|are|is|were|was)[ \t]+)"
                   r"{0,2}(?i:spinning[ \t]+up|starting(?:[ \t]+up)?|booting(?:[ \t]+up)?|"
                   r"initiali[sz]ing|warming[ \t]+up|coming[ \t]+up|loading))?"
                   r"(?:[ \t]+\([^()\n]{1,100}\))?")
# (a few words of how often between the subject and its verb: `always`, `keep`)
_OFTEN = (r"(?:(?i:always|constantly|repeatedly|frequently|regularly|still|all|keep|keeps|kept|"
          r"continuously|periodically)[ \t]+){0,2}")
# a probe that kills, by its kind or its endpoint's conventional name (`livez`)
_KILLING = r"(?P<kind>(?i:liveness|startup|livez))"
_PROBE = r"(?:[ \t]*(?i:probes?|checks?))?"
# the cause, then the restart joined by `and`, then its connector after it; or `, so they
# restart`. Each run of blanks before a word of its own, every part bounded: one pass.
CAUSE_THEN_RESTART = lazy_regex(
    r"(?:" + _SUBJECT + r"|" + NAMED_WORKLOADS.pattern + r")[ \t]+" + _OFTEN
    + r"(?i:fail(?:s|ed|ing)?)[ \t]+"
    r"(?:(?i:their|its|the|our|my)[ \t]+)?" + _KILLING + _PROBE + _WHILE_STARTING
    # (`, leading to restarts`: the restarts the failure led to, R4.4)
    + r"(?:[ \t]*,?[ \t]+(?i:leading|led)[ \t]+(?i:to)[ \t]+(?:(?:(?i:the|their|its)[ \t]+)?"
    r"(?i:pod|container)[ \t]+)?(?i:restarts)"
    r"|[ \t]*,?[ \t]+(?i:and)[ \t]+(?:(?i:then)[ \t]+)?(?:(?i:get|gets|got|are|were|is|was)"
    r"[ \t]+)?(?i:restart(?:s|ed)?)(?:[ \t]+[\w'-]{1,30}){0,6}?[ \t]+(?i:as[ \t]+a[ \t]+result"
    r"|because[ \t]+of[ \t]+(?:it|this|that|them)|due[ \t]+to[ \t]+(?:it|this|that|them))"
    r"|[ \t]*,?[ \t]+(?i:so)[ \t]+(?i:they|it)[ \t]+(?:(?i:get|gets|got|are|were|is|was)[ \t]+)?"
    r"(?i:restart(?:s|ed)?))(?![A-Za-z])",
    # the gates (lazy.py): the failing and the killing probe's kind, glued as the pattern
    # glues them, and a restart, which each of the three connectors' alternatives ends in
    # (its `tart` the word looked for first: `s` is no word's letter)
    gates=(r"(?i:fail(?:s|ed|ing)?)[ \t]+(?:(?i:their|its|the|our|my)[ \t]+)?" + _KILLING,
           r"(?i:restart)"), words=("tart",))
# the case's pods or container stated killed or restarted by a probe that kills, its agent
# (fix58a, odh-kserve-1161: `vLLM pods are consistently killed by liveness probes before model
# loading completes`): the kubelet kills a container for a liveness or startup probe's
# failures only (R4.4), so it is that probe's failure and a kill of it, as CAUSE_THEN_RESTART's
# restart `as a result` of the failure is. The subject as CAUSE_THEN_RESTART's (`_SUBJECT`);
# the past (`were killed by`, `kept getting killed by`), or the present with a word that tells
# it keeps happening (`are consistently killed by`, `get repeatedly restarted by`): the present
# alone (`the container is killed by the liveness probe`) is a guide's telling of what a probe
# does, none. A readiness probe kills nothing (R3.4): no match. Every part bounded.
_KEEPS = (r"(?i:always|consistently|constantly|repeatedly|frequently|regularly|continuously"
          r"|periodically)[ \t]+")
KILLED_BY = lazy_regex(
    r"(?:" + _SUBJECT + r")[ \t]+(?:(?i:are|is|get|gets)[ \t]+" + _KEEPS + r"|(?i:were|was|got)"
    r"[ \t]+(?:" + _KEEPS + r")?|(?i:keep|keeps|kept)[ \t]+(?i:getting)[ \t]+)"
    r"(?i:killed|restarted)[ \t]+(?i:by)[ \t]+(?:(?i:their|its|the)[ \t]+)?" + _KILLING + _PROBE
    + r"(?![A-Za-z])")
KILLED_BY_WORDS = ("killed", "Killed", "KILLED", "restarted", "Restarted", "RESTARTED")
# the author seeing the case's restarts caused by a probe's failures
RESTARTS_SEEN = lazy_regex(
    r"(?<![A-Za-z])(?:I|[Ww]e)[ \t]+(?:(?i:are|were|am|have[ \t]+been|had[ \t]+been)[ \t]+)?"
    r"(?i:seeing|see|saw|observing|observe|observed|noticed|getting|get|got|experiencing|"
    r"experience|experienced)[ \t]+(?:(?i:the|our|my)[ \t]+)?(?:(?i:pod|container)s?[ \t]+)?"
    r"(?i:restarts)[ \t]+(?i:based[ \t]+on|due[ \t]+to|because[ \t]+of|caused[ \t]+by)[ \t]+"
    r"(?:(?i:the|its|their|our|my)[ \t]+)?(?:" + _KILLING + _PROBE
    + r"[ \t]+(?i:fail(?:s|ed|ing|ures?)?)|(?i:failing|failed)[ \t]+(?P<kind2>(?i:liveness|startup"
    r"|livez))" + _PROBE + r")(?![A-Za-z])")
# the kills the author is seeing, caused by a probe's failure (`I'm seeing events related to be
# being killed because of the startup probe failure`, `we are seeing the pods being killed due
# to liveness probe failures`): the author, `seeing`; the events of the kills (`events related
# to`, `of`, `about`) and up to three short words of no determiner of another pod (`a`, `some`:
# no case), or the case's pods (`the pods`); the kill or restart; up to three words; its cause,
# the failure of a probe that kills (a readiness probe kills nothing, R3.4). Every part bounded.
_OTHER_POD = r"(?!(?i:a|an|some|any|other|many|most|all|no)(?![\w'-]))"
_EVENTS_OF = (r"(?i:events?)[ \t]+(?:(?i:related)[ \t]+(?i:to)|(?i:of|about|for))[ \t]+(?:"
              + _OTHER_POD + r"[\w'-]{1,12}[ \t]+){0,3}?")
_CASE_PODS = r"(?:(?i:the|our|my)[ \t]+)?(?:(?i:pod|container)s?[ \t]+)?"
KILLS_SEEN = lazy_regex(
    r"(?<![A-Za-z])(?:I|[Ww]e)(?:['\u2019](?i:m|re)|[ \t]+(?i:am|are|were|have[ \t]+been|had"
    r"[ \t]+been))[ \t]+(?i:seeing|observing|getting|experiencing)[ \t]+(?:" + _EVENTS_OF
    + r"|" + _CASE_PODS + r")(?:(?:(?i:being|getting)[ \t]+)?(?i:killed|restarted)|(?i:kills|"
    r"restarts))(?:[ \t]+[\w'-]{1,20}){0,3}?[ \t]+(?i:because[ \t]+of|due[ \t]+to|caused[ \t]+by"
    r"|based[ \t]+on)[ \t]+(?:(?i:the|its|their|our|my)[ \t]+)?(?:" + _KILLING + _PROBE
    + r"[ \t]+(?i:fail(?:s|ed|ing|ures?)?)|(?i:failing|failed)[ \t]+(?P<kind2>(?i:liveness|"
    r"startup|livez))" + _PROBE + r")(?![A-Za-z])")
KILLS_WORDS = ("kill", "Kill", "KILL", "restart", "Restart", "RESTART")
# a probe's failures causing Kubernetes or the kubelet to restart the case's pods, past or
# progressive (the present, `cause`, `causes`, is a guide's); the probe one that kills, alone or
# in a disjunction with the readiness probe (`readiness or liveness`: the restart is the
# killer's, R4.4, R3.4); a kind after `or`, `and` or `/` of another (`liveness or startup`)
# starts no match. A few words of when between (`failures recently causing`), every part bounded.
_READINESS = r"(?i:readiness|readyz)(?:[ \t]*(?i:probes?|checks?))?"
CAUSING_RESTART = lazy_regex(
    r"(?<![A-Za-z/])(?<![Oo][Rr][ \t])(?<![Aa][Nn][Dd][ \t])(?:" + _READINESS
    + r"[ \t]+(?i:or)[ \t]+)?" + _KILLING + _PROBE + r"(?:[ \t]+(?i:or)[ \t]+" + _READINESS
    + r")?[ \t]+(?i:fail(?:ures?|ing))(?:[ \t]+(?!(?i:not|never)(?![\w'-]))[\w'-]{1,30})"
    r"{0,2}?,?[ \t]+(?i:causing|caused)[ \t]+(?:(?i:the)[ \t]+)?(?i:k8s|kubernetes|kubelet)"
    r"[ \t]+(?i:to)[ \t]+(?i:restart|kill)[ \t]+(?:" + _SUBJECT + r")")
CAUSING_WORDS = ("causing", "caused", "Causing", "Caused", "CAUSING", "CAUSED")
# a failure the sentence says to avoid or prevent, before it: what should not happen
PREVENTED = lazy_regex(r"(?<![A-Za-z])(?i:avoid|avoids|avoiding|prevent|prevents|preventing|"
                       r"stop|stops|stopping)(?![A-Za-z])")
# a probe's failure the case's own pod or container shows or has, restarts before it joined by
# `and` (no cause stated): `yurt-hub keeps restarting and shows livenessProbe failure`, `the
# api container has readiness probe failures`; or its probe failing in the present, after the
# subject's possessive or its restarts (`web-0's liveness probe fails`, `the pod restarts and
# its liveness probe keeps failing`). The kubelet's own message (`web-0   Liveness probe
# failed: ...`, an event row) is neither: its verb is `failed`, with no `shows` before it.
_ANY_KIND = r"(?P<kind>(?i:liveness|readiness|startup))"
_RESTARTING = (r"(?:(?i:keeps|kept)[ \t]+(?i:restarting)|(?i:restarts|restarted)(?:[ \t]+"
               r"(?i:repeatedly|constantly))?)[ \t]*,?[ \t]+(?i:and)[ \t]+")
_FAILING = (r"[ \t]*(?i:probe)[ \t]+(?:(?i:fails)|(?i:is|keeps|kept)[ \t]+(?i:failing))")
# (fc58f, helm-charts-24471: `the vault pod is stuck in 0/1 running state due to readiness
# probe failure`) the case's pod stated running and not Ready, its ready count (`0/1`, a `get
# pods` READY cell's) or `unready`, for a probe's failure given after `due to` or `because of`:
# that probe's failure, at least once, no count, as `has readiness probe failures` is; `not
# ready` is left to the negation's weighing (a `not` in the sentence states none)
_UNREADY_FOR = (r"[ \t]+(?:(?i:is|was|are|were|stays|stayed|remains|remained|keeps|kept)[ \t]+)?"
                r"(?:(?i:stuck|left)[ \t]+)?(?:(?i:in|at)[ \t]+)?(?:\d{1,2}/\d{1,2}"
                r"(?:[ \t]+(?i:running|ready))?|(?i:unready|notready))(?:[ \t]+(?i:state|status))?"
                r"[ \t]+(?i:due[ \t]+to|because[ \t]+of)[ \t]+(?:(?i:a|the|its|their)[ \t]+)?")
SHOWS_FAILURE = lazy_regex(
    r"(?P<subject>" + CASE_SUBJECT.pattern + r")(?:[ \t]+(?P<restart>" + _RESTARTING
    + r")?(?i:shows|showed|has|"
    r"had|reports|reported|gets|got)[ \t]+(?:(?i:a|the)[ \t]+)?" + _ANY_KIND
    + r"[ \t]*(?i:probe)[ \t]+(?i:failures?)|['\u2019]s[ \t]+" + _ANY_KIND.replace("kind", "kind2")
    + _FAILING + r"|[ \t]+(?P<restart3>" + _RESTARTING + r")(?i:its|the)[ \t]+"
    + _ANY_KIND.replace("kind", "kind3") + _FAILING + r"|" + _UNREADY_FOR
    + _ANY_KIND.replace("kind", "kind4") + r"(?:[ \t]*|-)(?i:probes?)[ \t]+"
    r"(?i:failures?|failing))(?![A-Za-z])",
    # the gate (lazy.py): each of the three alternatives names the kind, then `probe` (the
    # hyphen allowed: the gate of said_failing's patterns, one scan for all)
    gates=(r"(?i:liveness|readiness|startup)(?:[ \t]*|-)(?i:probe)",), words=("probe",))
# a negation in the sentence before the statement (`do not`, `never`, `doesn't`)
NEGATED = lazy_regex(r"(?<![A-Za-z])(?i:not|never|no|without)(?![A-Za-z])|(?i:n['\u2019]t)(?![A-Za-z])")
def probe_kind(word: str) -> str:
    """The probe's kind a word names (`livez`, the liveness endpoint's conventional name, is
    the liveness probe's)."""
    low = word.lower()
    return "liveness" if low == "livez" else low


def stated_cause_hint(text: str) -> bool:
    """Whether the text may hold one of these statements, for the paste reader's gate (each
    word looked for once): a restart and `livez`, or a probe's failure in words the kubelet's
    message never has (`livenessProbe failure`, `probe fails`), or a kill and a probe's failure
    or failing (`killed because of the failing liveness probe`: KILLS_SEEN), or a kill or restart
    `by` and a probe that kills (KILLED_BY)."""
    low = text.lower()
    return ("livez" in low and "restart" in low) or "probe failure" in low or \
        (("killed by" in low or "restarted by" in low)
         and ("liveness" in low or "startup" in low)) or \
        "probe fails" in low or "probe is failing" in low or "probe keeps failing" in low or \
        ("kill" in low and ("probe fail" in low or "probes fail" in low or "failing" in low))




def give_stated_end(found: RecordSet, text: str) -> None:
    """The restarts stated beside a probe's failure the case's pod shows (`SHOWS_FAILURE`'s
    `keeps restarting and`, read by runs.py as an ended container of no name), given to the
    record's one pod's one container when the sentence names it (its name, the pod's name or
    the start of it, or the case's `the pod`) and the record shows none of its states (a
    describe cut before them): the container ended, at least once, its cause not stated."""
    named = [p for p in found.pods if p.name is not None]
    if len({p.name for p in named}) != 1 or len(named[0].containers) != 1:
        return
    pod, own = named[0], named[0].containers[0]
    if own.name is None or own.state or own.terminated or own.last or \
            own.restart_count is not None:
        return
    lines = text.split("\n")
    for piece in [p for p in found.pods if p.name is None and len(p.containers) == 1]:
        said = _restarts_said(lines, piece.containers[0], pod, own.name)
        if said is None:
            continue
        own.terminated = piece.containers[0].terminated
        piece.containers = []
        if not piece.events:
            found.pods.remove(piece)
        found.notes.append(Note(
            f"line {piece.where.line}'s sentence names the container or its pod (`{said}`) and "
            f"states its restarts: read as {own.name}'s, of {pod.name}, ended at least once, "
            "what ended it not stated", piece.where))
        return


def _restarts_said(lines: list[str], piece: ContainerRecord, pod: PodRecord, name: str
                   ) -> str | None:
    """The subject of the sentence on the piece's line that states restarts beside a probe's
    failure shown, where the piece is an ended container of no name and the subject names the
    container `name` or its pod; None otherwise."""
    number = piece.where.line
    if piece.name is not None or piece.terminated is None or not piece.terminated.untold or \
            number is None or not 0 < number <= len(lines):
        return None
    m = SHOWS_FAILURE.search(lines[number - 1], 0, SENTENCE_REACH)
    if m is None or not (m["restart"] or m["restart3"]):
        return None
    words = m["subject"].lower().split()
    # a name alone, or between a determiner of the case's and `pod`/`container`: the record's
    # one (`the pod`), or named (`the yurt-hub container`)
    said = words[0] if len(words) == 1 else " ".join(words[1:-1])
    return m["subject"] if not said or said == name or said == pod.name or \
        (pod.name or "").startswith(said + "-") else None
