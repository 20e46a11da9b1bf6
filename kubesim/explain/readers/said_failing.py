"""Probes' failures the case's own pod shows, stated in its author's prose, one probe or a
conjunction of them (issue 30: coder-5577's `when I get into the pod's describe, it says that
both Readiness and Liveness probes fails, due connection problems`).

The corpus README's prose rule (fixprose45): a probe's failure the case's own pod or container
shows or has is that probe's failure, at least once, no count. Read here, beside
stated_cause.SHOWS_FAILURE's one probe:

- what the case's pod's describe, events, status or logs say or show (`the pod's describe says
  that the liveness probe fails`, `its events show that both readiness and liveness probes
  are failing`);
- the case's pod's probes failing, its possessive before them (`the pod's readiness and
  liveness probes are failing`), or the failures it shows or has (`the pod shows readiness and
  liveness probe failures`);
- the probe failing with, in, on or for the case's own container or pod, a determiner of the
  case's before both (fixprose57, grafana-k8s-operator-22: `The liveness probe fails with the
  charm container`; `a liveness probe fails with a container` is no case's);

- the author's own seeing of the probe's failures told as a noun (stop 56, camunda-4784: `there
  we see as well a liveness-probe failures ~every 15 min!`; `_SEEN_FAILURES`), the seeing kept
  on too (stop 58, fc58c, prometheus-9179: `I keep on seeing readiness probe failed with 503
  errors`: `keep on` and a gerund is `keep` and it);
- what the case's pod's events (describe, status, logs) show told with them first and the pod
  after `of` (stop 58, fc58c, grafana-operator-1294: `See events of pod it shows liveness and
  readiness probe failing`), a determiner of the case's before the pod, or none before the
  bare singular noun (`events of pod`: the article dropped); `a pod`, `pods` and `the other
  pod` are no case's;

of one probe, or of a conjunction of them (`both Readiness and Liveness`, `readiness and
liveness`, `readiness/liveness`): each named probe failed. A disjunction (`readiness or
liveness`: which one, not told) states none. So do a negation, a question, a conditional or
a guide's (`if both ... fail`, `should`, `may`, `can`), and a `when` that is not the author's
own doing (`when I get into the pod's describe` is what the author did; `when the pod's
describe says ...` a guide's). Every part bounded, each word looked for once: one pass.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.hedges import HEDGES, PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.probe_restart import CASE_SUBJECT
from kubesim.explain.readers.stated_cause import NEGATED

__all__ = ["SaidFailing", "said_failing", "said_failing_hint"]

_KIND = r"(?i:liveness|readiness|startup)"
# one probe's kind, or a conjunction of two or three (never `or`), an article maybe before
# each after the first (`the Liveness and the Readiness probe`, fc55j)
_KINDS = (r"(?P<kinds>" + _KIND + r"(?:(?:[ \t]*[,/&][ \t]*|,?[ \t]+(?i:and)[ \t]+)"
          r"(?:(?i:the|its)[ \t]+)?" + _KIND + r"){0,2})")
_PROBES = r"[ \t]*(?i:probes?)"
# the failing: `fail`, `fails` (an author's number), `failed`, `are failing`, `keep failing`
_FAILING = (r"[ \t]+(?:(?i:fail|fails|failed)|(?i:is|are|was|were|keeps?|kept)[ \t]+"
            r"(?i:failing))")
# the author's count of the failures the pod's events show (`failed 55 times`): said in the
# note, no count read (the corpus README's prose rules: a probe's failure the case's own pod
# shows is that probe's failure, at least once, no count; an author's count bounds nothing)
_TIMES = r"(?:[ \t]+(?P<times>\d{1,6})[ \t]+(?i:times))?"
# what the case's pod shows its failures in
_SHOWN_IN = r"(?i:describe|description|events?|status|logs?)"
_SAYS = (r"(?i:says|say|said|shows|show|showed|reports|report|reported|tells|tell|told|lists|"
         r"list|listed)[ \t]+"
         r"(?:(?i:that)[ \t]+)?")
_BOTH = r"(?:(?i:the|its|both|the[ \t]+two)[ \t]+){0,2}"
# the failures the pod shows or has: their noun, or the kubelet's words as one (`liveness probe
# failed error`)
_SHOWS = r"(?i:shows|showed|has|had|reports|reported)[ \t]+"
_FAILURES = r"[ \t]+(?:(?i:failures?)|(?i:failed|failure)[ \t]+(?i:errors?|messages?))"
# the case's own container after the probe: a determiner and at most two words before it
# a second probe failing, joined by `and` before the case's container (fixprose76, k3d-498:
# `the Liveness probe failed and readiness probe failed on the Rancher pod`): each failed
_AND_FAILING = (r"(?:,?[ \t]+(?i:and)[ \t]+(?:(?i:the|its)[ \t]+)?(?P<kinds7>" + _KIND + r")"
                + _PROBES + r"(?:[ \t]+(?i:also))?" + _FAILING + r")?")
_CASE_CONTAINER = (r"(?i:the|this|its|our|my)[ \t]+(?:[\w.-]{1,63}[ \t]+){0,2}"
                   r"(?i:containers?|pods?)")
# a probe's failure as the kubelet reports it (prober.go: an HTTP status code out of 200-399,
# a refused connection, a timeout, a deadline), `either` or an article before it
# (the code's noun maybe with `of`: `with the status code of 503`, `an error code of 503`,
# fc55j's odd-platform-1664)
_FAILURE = (r"(?:(?i:either|both|an?|the)[ \t]+)?(?:(?i:HTTP|status|code|status[ \t]+code|error"
            r"(?:[ \t]+code)?)(?:[ \t]+(?i:of))?[ \t]+)?(?:[1-5]\d\d(?![\w-]|\.\d)|(?i:connection[ \t]+refused|timeouts?|(?:i/o|read|"
            r"connection)[ \t]+timeout|context[ \t]+deadline[ \t]+exceeded|EOF))")
# a probe named by its field in the pod's spec (`livenessProbe`, in a code span or not), one or
# a conjunction of two or three (never `or`)
_FIELD = r"`?(?i:liveness|readiness|startup)(?i:probe)`?"
_FIELDS = (r"(?P<kinds9>" + _FIELD + r"(?:(?:[ \t]*[,/&][ \t]*|,?[ \t]+(?i:and)[ \t]+)"
           r"(?:(?i:the|its)[ \t]+)?" + _FIELD + r"){0,2})")
_FIELDS_FAILED = (r"[ \t]+(?:(?:(?i:have|has|had)[ \t]+(?:(?i:both|all)[ \t]+)?)?(?i:failed)|"
                  r"(?i:is|are|was|were|keeps?|kept)[ \t]+(?i:failing))")
# the case's pod's own state before its failing, joined by `and` (`is unavailable and`): one
# to three words of its own, none a negation, a determiner or a pronoun of another subject
_OWN_WORD = (r"(?!(?i:and|but|or|not|never|no|the|a|an|this|that|another|other|it|they|its|"
             r"their|my|our|your|which|who)(?![\w'-]))[\w'-]{1,30}")
_OWN_STATE = (r"(?:[ \t]+(?i:is|are|was|were)(?:[ \t]+" + _OWN_WORD + r"){1,3}?[ \t]*,?[ \t]+"
              r"(?i:and))?")
# the failing of the probes as the pod's doing, its object the probe: a perfect or a
# progressive (`has been failing`, `has failed`, `is failing`, `keeps failing`), or the past
# of probes in the plural (`failed readiness probes`: the kubelet's own Killing message,
# `Container web-0 failed liveness probe, will be restarted`, names one probe, and is the
# event's, not the author's); the present (`fails readiness probes`) may be a guide's and
# states none (fixprose53c)
_FAILED_ITS = (r"[ \t]+(?:(?i:has|have|had)[ \t]+(?:(?i:been)[ \t]+(?i:failing)|(?i:failed))|"
               r"(?i:is|are|was|were|keeps|keep|kept)[ \t]+(?i:failing))[ \t]+"
               r"(?:(?i:all|their)[ \t]+)?")
_FAILED_PAST = r"[ \t]+(?i:failed)[ \t]+(?:(?i:all|their)[ \t]+)?"
# a sentence's first word, capitalised: the line's start (a bullet's or a quote's mark before
# it) or after a full stop
_HEADLINE = r"(?:^|(?<=[.!?][ \t]))[ \t>*_-]{0,8}(?=[A-Z])"
# the shown-in noun before the case's pod after `of`: a determiner of the case's and up to two
# words naming it, or the bare singular noun (the article English drops in such a telling,
# `events of pod`, as LOOKED_SAYS's `pod status`); `it` or `they` maybe repeating the events;
# the probes failing (the bare participle too: `it shows liveness probe failing`)
_OF_POD_SHOWS = (
    r"|(?<![\w'-])" + _SHOWN_IN + r"[ \t]+(?i:of)[ \t]+(?:(?i:the|this|its|our|my)[ \t]+"
    r"(?:[\w.-]{1,63}[ \t]+){0,2}?(?i:pods?|containers?)|(?i:pod|container))[ \t]*,?[ \t]+"
    r"(?:(?i:it|they)[ \t]+)?" + _SAYS + _BOTH + _KINDS.replace("kinds", "kinds16") + _PROBES
    + r"[ \t]+(?:(?i:failing)|" + _FAILING.removeprefix(r"[ \t]+") + r")")
# the gate of the patterns below (lazy.py: looked for first, in the same stretch): every
# alternative of theirs names a probe's kind right before its word, `_KINDS` ending in `_KIND`
# then `_PROBES`, and `_FIELD` is the kind and `probe` glued; a kubelet log's line holding the
# anchor words (`probeType="Liveness"`, `HTTP probe failed`) has no such part, and is not
# tried with every alternative at each of the stretch's characters (speed57)
_KIND_PROBE = _KIND + r"(?:[ \t]*|-)(?i:probe)"  # (`_SEEN_FAILURES`'s hyphen: one scan for all)
_PROBE_WORD = ("probe",)  # (lazy.py's words: looked for in the line lowered, first)
SAID = lazy_regex(
    r"(?:(?P<subject>" + CASE_SUBJECT.pattern + r")(?:"
    # the pod's describe (events, ...), then what it says
    r"(?:['\u2019]s)?[ \t]+" + _SHOWN_IN + r"[ \t]*,?[ \t]+(?:(?i:it)[ \t]+)?"
    + _SAYS + _BOTH + _KINDS + _PROBES + _FAILING + _TIMES
    # the pod's probes failing, its possessive before them
    + r"|['\u2019]s[ \t]+" + _BOTH + _KINDS.replace("kinds", "kinds2") + _PROBES + _FAILING
    # the failures the pod shows or has
    + r"|[ \t]+" + _SHOWS + _BOTH + _KINDS.replace("kinds", "kinds3") + _PROBES + _FAILURES
    # what the case's pod does (four words at most), then the failures it shows as why
    # (weblate-8718: `the weblate container is not running as it shows liveness and
    # readiness probe failed error`): `it` is the pod, the failures its own
    + r"|(?:[ \t]+[\w'-]{1,20}){1,4}?[ \t]+(?P<since>(?i:as|since|because))[ \t]+(?i:it)[ \t]+"
    + _SHOWS + _BOTH + _KINDS.replace("kinds", "kinds8") + _PROBES + _FAILURES
    # the case's pod failing its probes, told as what it has done or was doing, maybe after a
    # state of its own joined by `and` (fc58b, spinnaker-2801: `My pod is unavailable and has
    # been failing readiness probes`)
    + r"|" + _OWN_STATE + r"(?:" + _FAILED_ITS + _BOTH + _KINDS.replace("kinds", "kinds14")
    + _PROBES + r"|" + _FAILED_PAST + _KINDS.replace("kinds", "kinds15") + r"[ \t]*(?i:probes)))"
    # the probe failing with the case's own container (fixprose57: `The liveness probe fails
    # with the charm container`), a determiner of the case's before the probe
    + r"|(?<![\w-])(?i:the|its|our|my)[ \t]+" + _KINDS.replace("kinds", "kinds4") + _PROBES
    + _FAILING + _AND_FAILING + r"[ \t]+(?i:with|in|on|for)[ \t]+(?P<subject2>"
    + _CASE_CONTAINER + r")"
    # the same opening an issue form's sentence, a headline's with no article and the bare
    # participle (`Liveness probe failing for the vsphere-csi-node pod.`, rke2-7457): the
    # probe first on the line or after a full stop, the case's container or pod after it
    + r"|" + _HEADLINE + _KINDS.replace("kinds", "kinds5") + _PROBES
    + r"[ \t]+(?:(?i:failing)|" + _FAILING.removeprefix(r"[ \t]+") + r")[ \t]+"
    r"(?i:with|in|on|for)[ \t]+(?P<subject3>" + _CASE_CONTAINER + r")"
    # the case's probe failing with its failure (fixprose74, qdrant-6431: `The readiness probe
    # fails with either 503 or connection refused`), a determiner of the case's before it
    + r"|(?<![\w-])(?i:the|its|our|my)[ \t]+" + _KINDS.replace("kinds", "kinds6") + _PROBES
    + _FAILING + r"[ \t]+(?i:with)[ \t]+" + _FAILURE
    # the case's probes named by their fields in its pod's spec (fixprose53c,
    # flux-kcl-controller-19: `The livenessProbe and readinessProbe failed due to the incorrect
    # HTTP port and path`), a determiner of the case's before them, failing in the past or
    # progressive (a present `fails` may be a guide's), opening its sentence (in a clause of
    # another subject's, `Kubernetes restarted sidekiq since the livenessProbe was failing`,
    # the probe is that subject's: apart61)
    + r"|" + _HEADLINE + r"(?i:the|its|our|my|their)[ \t]+" + _FIELDS + _FIELDS_FAILED
    # what the case's pod's events (describe, ...) show, told with them first and the pod
    # after `of` (stop 58, fc58c, grafana-operator-1294: `See events of pod it shows liveness
    # and readiness probe failing`), as `the pod's events show ...` is
    + _OF_POD_SHOWS + r")(?![A-Za-z])", gates=(_KIND_PROBE,), words=_PROBE_WORD)
_KIND_WORD = lazy_regex(_KIND)
# the case's own workload or pod failing on its probe, named as a health check too, with its
# failure as the kubelet reports one (failprose54, podkrepi-api-445: `Recently the deployments
# are failing on readiness healthcheck with 503 service not available`): the README's rule of
# fixprose74 (the case's probe failing with its failure) told of the workload whose probe it
# is; a determiner of the case's before its noun (`a deployment`, `deployments`: no case's)
_WORKLOAD = (r"(?<![\w'-])(?i:the|our|my|this|these)[ \t]+(?:[\w.-]{1,63}[ \t]+){0,2}?"
             r"(?i:deployments?|statefulsets?|daemonsets?|pods?|containers?|apps?|applications?|"
             r"services?|workloads?)")
WORKLOAD_FAILING = lazy_regex(
    _WORKLOAD + _FAILING + r"[ \t]+(?:(?i:on|at)[ \t]+)?(?:(?i:the|its|their)[ \t]+)?"
    r"(?P<kinds10>" + _KIND + r")[ \t]*(?i:probes?|health[ \t-]?checks?|checks?)[ \t]+"
    r"(?i:with)[ \t]+" + _FAILURE + r"(?![A-Za-z])")
# the author's own case opening a `when` clause (failprose54, lisenet-liveness-probe-saves-the-
# day: `In our case when the Java container inside the pod fails its readiness checks, the pod
# is marked as not ready`): `in our case` names the author's case, so its `when` is that
# case's time, no guide's; the case's container or pod (a determiner of the case's, maybe
# `inside` or `in` its pod) failing its probe is that probe's failure, at least once (README,
# fixprose45). A `when` with no `in our case` before it stays a guide's
_OUR_CASE_WHEN = lazy_regex(
    r"(?<![\w'-])(?i:in)[ \t]+(?i:our|my)[ \t]+(?i:case)[ \t]*,?[ \t]+(?i:when)[ \t]+"
    r"(?i:the|our|my|its)[ \t]+(?:[\w.-]{1,63}[ \t]+){0,2}?(?i:containers?|pods?)"
    r"(?:[ \t]+(?i:inside|in)[ \t]+(?i:the|its|our|my)[ \t]+(?i:pod))?"
    r"[ \t]+(?:(?i:fails|failed|fail)|(?i:is|are|was|were|keeps|kept)[ \t]+(?i:failing))[ \t]+"
    r"(?:(?i:its|the|their)[ \t]+)?(?P<kinds12>" + _KIND + r")[ \t]*"
    r"(?i:probes?|health[ \t-]?checks?|checks?)(?![\w-])")
_KIND_ANCHOR = lazy_regex(r"(?i:liveness|readiness|startup)")
# the author's seeing kept on (stop 58, fc58c, prometheus-9179: `I keep on seeing readiness
# probe failed with 503 errors`): `keep on` and a gerund is `keep` and it, as `keep on
# restarting` is `keeps restarting` (README, failprose54); `on` only between the two
_KEPT_ON = r"[ \t]+(?i:keep|keeps|kept)[ \t]+(?i:on)[ \t]+"
# what a describe (events, status, logs) of the case's own pods shows, the describe the subject
# and the pods after `on`, `of` or `for` (fc58f, vault-k8s-388: `A describe on the pods shows
# both liveness and readiness failing:`): the rule of `SAID`'s first alternative (the pod's
# describe says ...) in the order an author writes it the other way round; the probe's word
# may go unsaid after its kinds (`liveness and readiness failing`: no other thing of a pod is
# named so). `a describe` is the author's own run of it; the pods a determiner of the case's
# (`the pods`, `our pods`), never `a pod` or `pods`
_DESCRIBED_FAILING = lazy_regex(
    r"(?<![\w'-])(?i:a|the|my|our)[ \t]+" + _SHOWN_IN + r"[ \t]+(?i:on|of|for)[ \t]+"
    r"(?P<subject4>" + CASE_SUBJECT.pattern + r")[ \t]+" + _SAYS + _BOTH
    + _KINDS.replace("kinds", "kinds14") + r"(?:" + _PROBES + r")?[ \t]+(?:(?i:failing)|"
    + _FAILING.removeprefix(r"[ \t]+") + r")(?![A-Za-z])")
# the kubelet's message told in the author's words right after what shows it to the author
# (failprose54, prometheus-10631: `It shows readiness probe failed with error code 503`): the
# probe's kind, `probe failed with` and its failure as the kubelet reports one (prober.go's
# `HTTP probe failed with statuscode: 503`), the message an author quotes (README, fixquoted64)
# told without its marks; `it` showing or the author seeing or getting it
# (fc55j, odd-platform-1664: `in the events of K8s it shows both the the Readiness and Liveness
# Probe are failing with the status code of 503`): `it` showing in the progressive too (`it is
# showing`, `it's showing`, and `its showing` as authors spell `it's`), or the events showing
# (`the events show ...`); a conjunction of probes (never `or`: which one, not told), each
# failed, their determiners (`both the the`), and `are failing`
_SHOWER = (r"(?:(?i:it)[ \t]+(?i:shows|showed|says|said|gives|gave|reports|reported)|(?i:it)"
           r"(?:[ \t]+(?i:is|was)|['\u2019]?(?i:s))[ \t]+(?i:showing)|(?:(?i:the|its|our|my)[ \t]+)?"
           r"(?i:events)[ \t]+(?:(?i:show|showed|say|said)|(?i:are|were)[ \t]+(?i:showing)))")
_SHOWN_MESSAGE = lazy_regex(
    r"(?<![\w'-])(?:" + _SHOWER + r"|(?:I|[Ww]e)"
    r"(?:" + _KEPT_ON + r"(?i:seeing|getting)|(?:[ \t]+(?i:am|are|was|were|keep|kept))?[ \t]+"
    r"(?i:see|saw|seeing|get|got|getting)))[ \t]+"
    r"(?:(?i:that|the|an?|both)[ \t]+){0,3}(?:(?i:error|message|event)[ \t]*:?[ \t]+)?"
    + _KINDS.replace("kinds", "kinds11") + _PROBES + r"[ \t]+(?:(?i:failed)|(?:(?i:is|are|was|were)"
    r"[ \t]+)?(?i:failing))[ \t]+(?i:with)[ \t]+(?:(?i:error)[ \t]+)?" + _FAILURE
    + r"(?![A-Za-z])", gates=(_KIND_PROBE,), words=_PROBE_WORD)
# the author's own seeing of the probe's failures, told as a noun (stop 56, camunda-4784: `there
# we see as well a `liveness-probe` failures ~every 15 min!`): what the author looked at and
# found, as `we see liveness probe failing with 503` is (`_SHOWN_MESSAGE`): each named probe's
# failure, at least once, no count (README, fixprose45); the probe's word maybe hyphened to its
# kind and in a code span. `I`/`we` and a verb of seeing or noticing, in the past, the present
# or the progressive (`can`, the author's `I can see`, apart); a negation, a question, a
# conditional, a guide's `you` and another's pod (`on the other pod`) state none
_SEEN_FAILURES = lazy_regex(
    r"(?<![\w'-])(?:I|[Ww]e)(?:" + _KEPT_ON + r"(?i:seeing|noticing|observing)|"
    r"(?:[ \t]+(?i:can|also))?(?:[ \t]+(?i:am|are|was|were|keep|kept))?"
    r"[ \t]+(?i:see|saw|seeing|notice|noticed|noticing|observe|observed|observing))"
    r"(?:[ \t]+(?i:as[ \t]+well|also|too))?[ \t]+(?:(?i:the|an?|both|some|many|frequent|repeated)"
    r"[ \t]+){0,2}`?" + _KINDS.replace("kinds", "kinds13") + r"(?:[ \t]*|-)(?i:probes?)`?[ \t]+"
    r"(?i:failures?)(?![\w-])", gates=(_KIND_PROBE,), words=_PROBE_WORD)
# a clause's start: a negation before it is of another clause (`the pod is not running, and
# when I get into the pod's describe, it says ...`)
_CLAUSE_START = lazy_regex(r"[,;:]")
# a sentence's start and end (a Chinese or Japanese full stop ends one too)
_SENTENCE_START = lazy_regex(r"[.!?](?=\s)|[\u3002\uff01\uff1f]|\n")
_SENTENCE_END = lazy_regex(r"[.!?](?=\s|$)|[\u3002\uff01\uff1f]|\n")
# what may or would happen, a guide's: no telling of what happened
_UNSAID = lazy_regex(r"(?<![A-Za-z])(?i:" + HEDGES + r")(?![A-Za-z])")
# `when` of the author's own doing (`when I get into ...`, `when we ran`): the telling's time
_WHEN = lazy_regex(r"(?<![A-Za-z])(?i:when)(?![A-Za-z])(?![ \t]+(?:I|[Ww]e)(?![A-Za-z]))")
# the probe failing with its failure, then a time of a guide's (`the readiness probe fails with
# 503 when the app is overloaded`, `until the cache is warm`): what happens each time, no case's
_WHEN_AFTER = lazy_regex(r"(?<![A-Za-z])(?i:when|whenever|until|while|once)(?![A-Za-z])")
# another pod's or container's (`the other pod events show ...`): no case's own
_OTHER = lazy_regex(r"(?<![A-Za-z])(?i:other|another|others)(?![A-Za-z])")
# a clause joined after the statement's by `but`, `so`, `yet` or a semicolon: its words of what
# may happen are its own (`the startup probe failed 55 times, but the startup probe allows 70
# failures, so there should be still room left`: the author's reckoning, not a guide's)
_NEXT_CLAUSE = lazy_regex(r",[ \t]+(?i:but|so|yet)(?![A-Za-z])|;")


class SaidFailing(NamedTuple):
    """The probes the sentence states failing, in the order it names them, and its words."""

    kinds: list[str]
    said: str


def said_failing_hint(text: str) -> bool:
    """Whether the text may hold such a statement (each word looked for once): a probe's word,
    a failing, and the pod's possessive or a verb of what it shows, or a failing with or in
    (fixprose57: the probe failing with the case's container), or a probe's field's name
    (fixprose53c: `livenessProbe`) (a kubelet's message alone,
    `Liveness probe failed: ...`, has neither: the sentence readers are not run for it)."""
    low = text.lower()
    return "probe" in low and "fail" in low and (any(
        w in low for w in ("'s ", "\u2019s ", "say", "said", "show", "report", "tell", "told",
                           "list", "has ", "had ")) or any(
        f"{fail} {place} {det} " in low for fail in ("fails", "failed", "failing")
        for place in ("with", "in", "on", "for") for det in ("the", "this", "its", "our", "my"))
        or any(f"{fail} with " in low for fail in ("fails", "failed", "failing"))
        or any(f"{kind}probe" in low for kind in ("liveness", "readiness", "startup"))) or \
        _workload_hint(low) or _seen_hint(low) or _failing_its_hint(low) or \
        _described_hint(low)


def _failing_its_hint(low: str) -> bool:
    """Whether the lowered text may hold the case's pod failing its probes (`_FAILED_ITS`:
    `is failing readiness probes`, `failed readiness probes`; each word looked for once). The
    kubelet's own `failed liveness probe, will be restarted` (a Killing row's message, one
    probe) is no hint: the paste is not reshaped for it."""
    return "failing " in low and any(
        f"failing {det}{kind}" in low for det in ("", "all ", "their ")
        for kind in ("liveness", "readiness", "startup")) or any(
        f"failed {kind} probes" in low for kind in ("liveness", "readiness", "startup"))


def _described_hint(low: str) -> bool:
    """Whether the lowered text may hold `_DESCRIBED_FAILING`'s statement: a failing and what
    shows it before `on`, `of` or `for`, as the pattern joins them (`describe on the pods`),
    not every page that holds a describe's or an event's word beside a probe's kind."""
    return "fail" in low and _SHOWN_IN_OF.search(low) is not None


# `_DESCRIBED_FAILING`'s shown-in noun and its preposition, lower case (a literal start)
_SHOWN_IN_OF = lazy_regex(r"(?:describe|description|events?|status|logs?)[ \t]+(?:on|of|for)"
                          r"[ \t]")


def _seen_hint(low: str) -> bool:
    """Whether the lowered text may hold `_SEEN_FAILURES`'s statement: a probe's failures and
    a verb of the author's seeing (each word looked for once)."""
    return "failure" in low and "robe" in low and any(
        w in low for w in ("see", "saw", "notic", "observ"))


def _workload_hint(low: str) -> bool:
    """Whether the lowered text may hold `WORKLOAD_FAILING`'s or `_OUR_CASE_WHEN`'s statement:
    a failing, `with` (or `case` and `when`), a probe's kind and its probe or check (each word
    looked for once)."""
    return "fail" in low and (" with " in low or ("case" in low and "when" in low)) and \
        ("probe" in low or "check" in low) and \
        any(kind in low for kind in ("liveness", "readiness", "startup"))


def said_failing(line: str) -> SaidFailing | None:
    """The probes' failures the line's sentence states of the case's own pod (`SAID`); None
    without one, or in a sentence that negates, asks or says what may happen."""
    at, left = line.find("robe"), PLACES_WEIGHED
    while at >= 0 and left:
        left -= 1
        m = SAID.search(line, max(0, at - 300), at + 60)
        if m is not None and not _unstated(line, m) and not _OTHER.search(m[0]):
            kinds = next(m[k] for k in ("kinds", "kinds2", "kinds3", "kinds4", "kinds5", "kinds6",
                                     "kinds8", "kinds9", "kinds14", "kinds15", "kinds16")
                         if m[k]) + " " + (m["kinds7"] or "")
            return SaidFailing(list(dict.fromkeys(k.lower() for k in _KIND_WORD.findall(kinds))),
                               m[0])
        at = line.find("robe", at + 1)
    return _workload_failing(line) or _shown_message(line) or _seen_failures(line) or \
        _described_failing(line)


def _described_failing(line: str) -> SaidFailing | None:
    """The probes' failures a describe of the case's own pods shows (`_DESCRIBED_FAILING`),
    looked for around each probe's kind; None without one, or in a sentence that negates, asks
    or says what may happen, or of another's pods. A bounded number of places: one pass."""
    for left, kind in enumerate(_KIND_ANCHOR.finditer(line, 0, SENTENCE_REACH)):
        if left >= PLACES_WEIGHED:
            break
        m = _DESCRIBED_FAILING.search(line, max(0, kind.start() - 160), kind.end() + 80)
        if m is not None and not _unstated(line, m) and not _of_another(line, m):
            return SaidFailing(list(dict.fromkeys(
                k.lower() for k in _KIND_WORD.findall(m["kinds14"]))), m[0])
    return None


def _shown_message(line: str) -> SaidFailing | None:
    """The kubelet's message of a probe's failure told in words after what shows it to the
    author (`_SHOWN_MESSAGE`), looked for around `probe`; None without one, or in a sentence
    that negates, asks or says what may happen, or with a guide's time after it. A bounded
    number of places: one pass."""
    at, left = line.find("robe"), PLACES_WEIGHED
    while at >= 0 and left:
        left -= 1
        m = _SHOWN_MESSAGE.search(line, max(0, at - 120), at + 120)
        if m is not None and not _unstated(line, m) and not _of_another(line, m):
            return SaidFailing(list(dict.fromkeys(
                k.lower() for k in _KIND_WORD.findall(m["kinds11"]))), m[0])
        at = line.find("robe", at + 1)
    return None


def _seen_failures(line: str) -> SaidFailing | None:
    """The author's own seeing of probes' failures told as a noun (`_SEEN_FAILURES`), looked
    for around `robe`; None without one, in a sentence that negates, asks or says what may
    happen, or of another's pod. A bounded number of places: one pass."""
    at, left = line.find("robe"), PLACES_WEIGHED
    while at >= 0 and left:
        left -= 1
        m = _SEEN_FAILURES.search(line, max(0, at - 120), at + 40)
        if m is not None and not _unstated(line, m) and not _of_another(line, m) and \
                not _OTHER.search(line, m.end(), _sentence_end(line, m.end())):
            return SaidFailing(list(dict.fromkeys(
                k.lower() for k in _KIND_WORD.findall(m["kinds13"]))), m[0])
        at = line.find("robe", at + 1)
    return None


def _sentence_end(line: str, at: int) -> int:
    """Where the sentence holding `at` ends (its full stop, or the sentence's reach)."""
    stop = _SENTENCE_END.search(line, at, at + SENTENCE_REACH)
    return stop.start() if stop is not None else min(len(line), at + SENTENCE_REACH)


def _of_another(line: str, m: re.Match[str]) -> bool:
    """Whether another's pod or events are named in the statement's clause, up to it (`the
    other pod's events show ...`, `another pod is showing ...`): no case's own. The clause
    starts after the last full stop or `,;:` in the `_OTHER_REACH` characters before it."""
    start = max(0, m.start() - _OTHER_REACH)
    for c in (*_SENTENCE_START.finditer(line, start, m.start()),
              *_CLAUSE_START.finditer(line, start, m.start())):
        start = max(start, c.end())
    return _OTHER.search(line, start, m.end()) is not None


_OTHER_REACH = 80


def _workload_failing(line: str) -> SaidFailing | None:
    """The case's own workload failing on its probe with its failure (`WORKLOAD_FAILING`),
    looked for around the probe's kind (a health check has no `probe` to anchor on); None
    without one, or in a sentence that negates, asks or says what may happen, or of another's
    workload. A bounded number of places: one pass."""
    for left, kind in enumerate(_KIND_ANCHOR.finditer(line, 0, SENTENCE_REACH)):
        if left >= PLACES_WEIGHED:
            break
        m = WORKLOAD_FAILING.search(line, max(0, kind.start() - 200), kind.end() + 80) or \
            _OUR_CASE_WHEN.search(line, max(0, kind.start() - 200), kind.end() + 80)
        if m is not None and not _unstated(line, m) and not _OTHER.search(m[0]):
            return SaidFailing([(m.groupdict().get("kinds10") or m["kinds12"]).lower()], m[0])
    return None


def _unstated(line: str, m: re.Match[str]) -> bool:
    """Whether the sentence holding the match states nothing of the case: a negation in its
    clause, a word of what may happen or a `when` not the author's, or a question."""
    starts = [s.end() for s in _SENTENCE_START.finditer(line, max(0, m.start() - SENTENCE_REACH),
                                                       m.start())]
    start = starts[-1] if starts else max(0, m.start() - SENTENCE_REACH)
    stop = _SENTENCE_END.search(line, m.end(), m.end() + SENTENCE_REACH)
    end = stop.start() if stop is not None else min(len(line), m.end() + SENTENCE_REACH)
    asked = stop is not None and line[stop.start()] in "?\uff1f"
    clauses = [c.end() for c in _CLAUSE_START.finditer(line, start, m.start())]
    # (what the pod does before `as it shows` is its own clause: `is not running` negates no
    # failure)
    clause = m.start("since") if m.groupdict().get("since") else clauses[-1] if clauses else start
    negated = NEGATED.search(line, clause, m.end()) is not None
    joined = _NEXT_CLAUSE.search(line, m.end(), end)  # (`..., but ...`: another clause's words)
    return asked or negated or \
        _hedged(line, start, joined.start() if joined is not None else end) or \
        _WHEN.search(line, start, m.start()) is not None or \
        (any(m.groupdict().get(k) for k in ("kinds6", "kinds10", "kinds11"))
         and _WHEN_AFTER.search(line, m.end(), end) is not None)


# the author's own seeing (`All I can see is ...`, `we can see that ...`): what the author
# looked at and found, no guide's `can` (fixprose76, k3d-498)
_SEEN = lazy_regex(r"(?<![A-Za-z])(?:I|[Ww]e)[ \t]+$")
_SEE_AFTER = lazy_regex(r"[ \t]+(?i:see|observe|find|tell)(?![A-Za-z])")


def _hedged(line: str, start: int, end: int) -> bool:
    """Whether a word of what may happen (`_UNSAID`) is in line[start:end], the author's own
    `I can see` apart (`_SEEN`). Each word looked at once (one pass)."""
    for h in _UNSAID.finditer(line, start, end):
        if h[0].lower() == "can" and _SEEN.search(line, max(start, h.start() - 4), h.start()) \
                and _SEE_AFTER.match(line, h.end(), end):
            continue
        return True
    return False
