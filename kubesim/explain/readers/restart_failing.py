"""The case's own pods or workload stated in prose to restart because its pods fail probes, a
conjunction or a disjunction of them (held-out batch 115, fixprose53c: litellm-9998's `our
litellm deployment keeps restarting because the pods fail readiness and liveness probes`).

The corpus README's prose rule of fixprose45: a restart the author gives a probe's failure as
its cause is that probe's failure and one kill of it, stated once (R4.4: a liveness or startup
failure ends a container only by the kubelet's kill). Read here where the cause names the
probes' failing told of the case's pods (`because the pods fail ... probes`, `because they are
failing ...`), or names two or three probes failing (`because readiness and liveness probes
fail`, `due to readiness and liveness probe failures`: one probe alone is
probe_restart.PROBE_RESTART's):

- a conjunction (`readiness and liveness`, `readiness/liveness`): each named probe failed, at
  least once; the restart is the kill of the one among them that kills (a readiness failure
  restarts nothing, R3.4);
- a disjunction with the readiness probe (`readiness or liveness`): only the one that kills is
  read failed, as fixprose47 reads it (the restart can be only its, R4.4; R3.4);
- the readiness probe alone, or a disjunction of two probes that kill (`liveness or startup`:
  which one failed, not told), state none;
- a conjunction of the two probes that kill (`liveness and startup`, `startup probes and
  liveness probes`, `liveness as well as startup`): each is stated failing, and the restart is
  the kubelet's kill of one of them (R4.4), which one not told (the lead's decision, stop 60,
  bothkill: it replaces killprose54's and marked53b's "none is read" for a conjunction).

Widened at fx60f (stop 60, metallb-1926: `all speakers to be restarted due to the frr container
failing its startup probes and liveness probes`): the probe's noun and a determiner may stand
between the conjuncts, `as well as` joins them, and the case's container named before its
gerund (`the frr container failing ...`) fails them.

The restart's subject is the case's own, and a negation, a question, a conditional and a
sentence of what may happen state none (the caller's checks, runs.py `_restart_failing`).
Every part bounded: one pass on a long line.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["FailedKinds", "JOINED_KIND", "RESTART_FAILING", "RESTART_FAILING_ANCHORS", "failed_kinds", "kinds_read"]

_KIND = r"(?i:liveness|readiness|startup)"
# (the probe's noun and a determiner may stand between the conjuncts: `startup probes and
# liveness probes`, `the liveness probe and the startup probe`; `as well as` a conjunction's:
# fx60f. The noun takes its own leading blanks, so no two runs of blanks meet)
_JOIN = (r"(?:[ \t]+(?i:probes?|checks?)(?=[ \t,/&]))?(?:[ \t]*[,/&][ \t]*|,?[ \t]+"
         r"(?i:and|or|as[ \t]+well[ \t]+as)[ \t]+)(?:(?i:the|its|their|our|my)[ \t]+)?")
# one probe's kind or two or three joined (`readiness and liveness`, `readiness or liveness`)
_KINDS = r"(?P<kinds>" + _KIND + r"(?:" + _JOIN + _KIND + r"){0,2})"
# two or three joined: one alone after the connector is PROBE_RESTART's
_MANY = r"(?P<many>" + _KIND + r"(?:" + _JOIN + _KIND + r"){1,2})"
_PROBES = r"(?:[ \t]*(?i:probes?|checks?))?"
_DET = r"(?:(?i:the|their|its|our|my|both)[ \t]+)?"
# the failing told of the case's pods: `fail`, `failed`, `are failing`, `keep failing`, or the
# gerund after the connector (`due to the frr container failing its ...`, fx60f)
_FAILING = (r"(?:(?i:fail|fails|failed|failing)|(?i:is|are|was|were|keep|keeps|kept)[ \t]+"
            r"(?i:failing))")
# the case's pods failing the probes (`the pods`, `our api containers`, `they`)
_PODS_FAIL = (r"(?:(?i:the|its|their|our|my)[ \t]+(?:[\w.-]{1,63}[ \t]+){0,2}?(?i:pods?|"
              r"containers?)|(?i:they|it))[ \t]+" + _FAILING + r"[ \t]+" + _DET + _KINDS + _PROBES)
RESTART_FAILING = lazy_regex(
    r"(?<![A-Za-z])(?i:restart(?:s|ed|ing)?)"
    # (a few words of when between: `restarting all the time because`; never a negation's)
    r"(?:,?[ \t]+(?!(?i:not|never|but)(?![\w'-]))[\w'-]{1,30}){0,4}?,?[ \t]+"
    r"(?i:because(?:[ \t]+of)?|due[ \t]+to|since|as)[ \t]+(?:" + _PODS_FAIL
    # (the probes failing: `because readiness and liveness probes fail`)
    + r"|" + _DET + _MANY + _PROBES + r"[ \t]+(?:(?i:fail(?:s|ed|ing|ures?)?)|"
    r"(?i:are|were|keep|kept)[ \t]+(?i:failing))"
    # (their failing told first: `because of failing readiness and liveness probes`)
    + r"|(?i:failing|failed)[ \t]+" + _DET + _MANY.replace("many", "many2") + _PROBES
    + r")(?![A-Za-z])")
RESTART_FAILING_ANCHORS = ("restart", "Restart", "RESTART")
# another probe's kind joined to the one a cause has just named (`... failing its startup
# probes` then ` and liveness probes`; fx60f): the words `kinds_read` weighs with it
JOINED_KIND = lazy_regex(_JOIN + _KIND + r"(?![A-Za-z])")
_KIND_WORD = lazy_regex(_KIND)
_OR = lazy_regex(r"(?<![A-Za-z])(?i:or)(?![A-Za-z])")
_KILLING = ("liveness", "startup")


class FailedKinds(NamedTuple):
    """The probes a kill's or restart's cause states failing, in the order it names them, and
    the one among them whose kill it is: None where the cause names both probes that kill
    joined (`liveness and startup`), one of whose kills it is, which one not told (R4.4; the
    lead's decision, stop 60, bothkill)."""

    failed: list[str]
    killer: str | None


def kinds_read(words: str) -> FailedKinds | None:
    """The probes read failed from the kinds a cause names (`words`: one, or two or three
    joined) and the one that killed: of a conjunction each named probe, of a disjunction the
    one that kills alone (fixprose47); of a conjunction of liveness and startup each, the kill
    one of theirs, which one not told (killer None; stop 60, bothkill). None where none
    kills (the readiness probe alone) or two that kill are joined by `or` (which failed, not
    told)."""
    kinds = list(dict.fromkeys(k.lower() for k in _KIND_WORD.findall(words)))
    killers = [k for k in kinds if k in _KILLING]
    disjoined = _OR.search(words) is not None
    if not killers or (len(killers) > 1 and disjoined):
        return None
    if len(killers) > 1:
        return FailedKinds(kinds, None)
    return FailedKinds(killers if disjoined else kinds, killers[0])


def failed_kinds(m: re.Match[str]) -> FailedKinds | None:
    """The probes read failed from RESTART_FAILING's match and the one that killed
    (`kinds_read`)."""
    return kinds_read(m["kinds"] or m["many"] or m["many2"])
