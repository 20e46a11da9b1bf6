"""The case's own pod stated in its author's prose never to become Ready, its endpoint answering
an HTTP status of failure, beside the readiness probe's YAML (held-out batch 95, kratos-1931:
`The deployment will not become ready - pod returns 503 (with no further explanation) no matter
how much time passes (it gets restarted after pod gets marked as failing).` under the issue's
`readinessProbe:` with its `httpGet:`).

The corpus README's prose rules (fixprose74): the case's probe failing with its failure as the
kubelet reports one (an HTTP status, a refused connection, a timeout) is that probe's failure, at
least once, no count. Here the failure is told by what it does and what the prober got: the
kubelet's HTTP prober fails a probe whose status is 400 or more (pkg/probe/http/http.go: success
is 200 to 399), and a failing readiness probe keeps the pod out of Ready (R3.4), so the case's
pod never becoming Ready while it answers 5xx or 4xx is its readiness probe's failure, where the
record shows that probe (its YAML, an `httpGet:` handler, or describe's `Readiness: http-get`
line) and no liveness or startup probe (one that kills may be the one failing: which one got the
status, the sentence does not say). Restarts the sentence states beside it (`it gets restarted`,
no cause given) are no kill: the container ended, at least once, what ended it not stated, its
restarts no count bounds (fixprose45's restarts joined by `and`).

Read in one sentence of what happened: the subject a determiner of the case's and the pod's or
its workload's noun (`The deployment`, `my kratos pod`), `never` or a negated `get`/`become`
before `ready` (`will not become ready`, `never gets ready`, `stays unready`); the status
answered by the pod, its container, its app, `it`, the endpoint or the probe (`pod returns
503`, `it responds with HTTP 500`), or by the statement's own subject after `and` (`my pod
never gets ready and returns 503`). Unread: a question, a conditional or a word of what may
happen (`whenever`, `if`, `can`), a status negated in its clause (`does not return 503`), a
status of another service (`the ingress returns 503`), a status of success (200 to 399), `a
pod`, and a record whose probe is a liveness or startup probe, or none. Each place of `ready`
weighed, a bounded number of them, each sentence's parts searched in its stretch: one pass.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.happened import sentence_start, states_what_happened
from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import UNTOLD_STATE
from kubesim.explain.readers.stated_cause import NEGATED

__all__ = ["NEVER_READY", "STATED_NEVER_READY", "STATED_NEVER_READY_RESTARTS", "NeverReady",
           "never_ready", "never_ready_hint", "never_ready_lines"]

# what it is read as (the start of the note the caller gives it): the failure alone, or with
# the restarts the sentence states (whose count nothing bounds: paste.py cuts their count)
STATED_NEVER_READY = ("a readiness probe's failure stated as the case's pod never Ready while its "
                      "endpoint answers an HTTP status of failure")
STATED_NEVER_READY_RESTARTS = ("the case's restarts, stated beside its pod never Ready while its "
                               "endpoint answers an HTTP status of failure")

_WORD = r"(?:\*\*|[`'\"])?[\w.-]{1,63}(?:\*\*|[`'\"])?"
# the case's pod or its workload: a determiner of the case's, up to two words, the noun
_SUBJECT = (r"(?<![\w'-])(?i:my|our|the|this)[ \t]+(?:" + _WORD + r"[ \t]+){0,2}?"
            r"(?i:pods?|containers?|deployments?|statefulsets?|daemonsets?|replicas?)")
# never Ready: `never` or a negated verb of getting, then `ready` (not `readiness`)
_GETS = r"(?i:get|gets|got|become|becomes|became|go|goes|went|turn|turns|come|comes)"
_NOT = (r"(?i:never|(?:will|does|did|do|is|are|was|were)[ \t]*(?:not|n['\u2019]t)|won['\u2019]t)")
NEVER_READY = lazy_regex(
    _SUBJECT + r"[ \t]+(?:(?i:still|just|simply|also)[ \t]+)?(?:" + _NOT + r"[ \t]+(?:(?i:ever)"
    r"[ \t]+)?" + _GETS + r"(?:[ \t]+(?i:into|to))?|(?i:is|are|was|were|stays|stayed|remains|"
    r"remained)[ \t]+(?i:never))[ \t]+(?:(?i:the|a)[ \t]+)?(?:[`'\"])?(?i:ready)(?![\w-])"
    r"|" + _SUBJECT + r"[ \t]+(?i:stays|stayed|remains|remained|is[ \t]+stuck|was[ \t]+stuck)"
    r"[ \t]+(?i:unready|not[ \t]+ready)(?![\w-])")
# the status of failure the case's pod, container, app, endpoint or probe answers, or the
# never-Ready statement's own subject after `and` (`my pod never gets ready and returns 503`)
_WHO = (r"(?<![\w'-])(?:(?:(?i:the|its|my|our)[ \t]+)?(?:(?i:pods?|containers?|it|app|"
        r"application|endpoint|probe|readiness[ \t]+probe|readinessprobe|health[ \t]+check))"
        r"|(?i:and))")
_STATUS = lazy_regex(
    _WHO + r"[ \t]+(?:(?i:still|just|always|only|also)[ \t]+)?(?P<verb>(?i:returns?|returned|"
    r"returning|responds?|responded|responding|answers?|answered|answering|gives?|gave|"
    r"giving|throws?|threw|throwing))(?:[ \t]+(?i:with|an?|the|http|status|code|error|"
    r"response)){0,4}[ \t]+(?P<code>[45]\d\d)(?![\w.])")
# restarts of the case's pod the sentence states (no negation between subject and verb)
_RESTARTED = lazy_regex(
    r"(?<![\w'-])(?:(?i:it|they)|(?:(?i:the|my|our)[ \t]+)?(?i:pods?|containers?))[ \t]+"
    r"(?:(?i:gets|got|is|was|are|were|keeps|kept|keep)[ \t]+(?:(?i:getting|being)[ \t]+)?)?"
    r"(?i:restarted|restarting|restarts)(?![\w-])")
_SENTENCE_END = lazy_regex(r"[.!?](?=\s|$)")
# the readiness probe the record shows with an HTTP handler, and the probes that kill
_READINESS_KEY = re.compile(r"^[ \t]*(?:-[ \t]+)?readinessProbe:[ \t]*$")
_HTTP_KEY = re.compile(r"^[ \t]+(?:-[ \t]+)?httpGet:")
_READINESS_LINE = re.compile(r"^[ \t]*Readiness:[ \t]+http-get[ \t]")
_KILLERS = re.compile(r"(?i:liveness|startup[ \t_-]?probe|^[ \t]*startup:)", re.MULTILINE)
_KEYS_UNDER = 8  # how many lines under `readinessProbe:` its handler's key may stand


class NeverReady(NamedTuple):
    """What the sentence states: the status the endpoint answered, whether it states the
    case's restarts beside it, and its words."""

    code: str
    restarts: bool
    said: str


def never_ready_hint(text: str) -> bool:
    """Whether the text may hold such a statement beside the readiness probe it needs."""
    return ("readinessProbe" in text or "Readiness:" in text) and "ready" in text.lower()


def readiness_alone(text: str) -> bool:
    """Whether the record shows the readiness probe with an HTTP handler (its YAML's
    `httpGet:` under `readinessProbe:`, or describe's `Readiness: http-get` line) and names no
    liveness or startup probe."""
    if _KILLERS.search(text) is not None:
        return False
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if _READINESS_LINE.match(line):
            return True
        if _READINESS_KEY.match(line) and any(
                _HTTP_KEY.match(x) for x in lines[i + 1:i + 1 + _KEYS_UNDER]):
            return True
    return False


def never_ready(line: str) -> NeverReady | None:
    """The case's pod stated in the line never to become Ready while its endpoint answers a
    status of failure, in one sentence of what happened (module docstring); None without one.
    Only the line's first SENTENCE_REACH characters are read, each place of `ready` weighed
    at most PLACES_WEIGHED times."""
    line = line[:SENTENCE_REACH]
    low, left = line.lower(), PLACES_WEIGHED
    at = low.find("ready")
    while at >= 0 and left:
        left -= 1
        m = NEVER_READY.search(line, max(0, at - 200), at + 20)
        if m is not None and m.end() >= at:
            found = _in_sentence(line, m)
            if found is not None:
                return found
        at = low.find("ready", at + 1)
    return None


def _in_sentence(line: str, m: re.Match[str]) -> NeverReady | None:
    """The status of failure in the sentence of the never-Ready statement `m`, not negated in
    its clause, and the sentence's restarts; None where the sentence holds none, or states
    nothing that happened (a question, a conditional, a word of what may happen)."""
    start = sentence_start(line, m.start())
    stop = _SENTENCE_END.search(line, m.end())
    end = stop.start() if stop is not None else len(line)
    status = _STATUS.search(line, start, end)
    if status is None or NEGATED.search(line, status.start(), status.start("code")) or \
            not states_what_happened(line, min(m.start(), status.start()),
                                     max(m.end(), status.end())):
        return None
    restarts = _RESTARTED.search(line, start, end) is not None
    return NeverReady(status["code"], restarts, line[min(m.start(), status.start()):max(
        m.end(), status.end())])


def never_ready_lines(line: str, text: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The kubelet's lines the statement stands for (the readiness probe's failure with the
    status its HTTP prober reports, `Readiness probe failed: HTTP probe failed with
    statuscode: 503`, at least once; and the restarts as the container ended, no reason or
    exit code) and what they are; None where the line states none or the record does not show
    the readiness probe alone (`readiness_alone`). `text`: the whole record."""
    told = never_ready(line)
    if told is None or not readiness_alone(text):
        return None, ""
    message = f"Readiness probe failed: HTTP probe failed with statuscode: {told.code}"
    what = (f"{STATED_NEVER_READY_RESTARTS if told.restarts else STATED_NEVER_READY} "
            f"(`{told.said[:80]}`): read as the readiness probe the record shows failing, the "
            f"kubelet's `{message}`, at least once (its HTTP prober fails a status of 400 or "
            "more, and a failing readiness probe keeps the pod out of Ready, R3.4)" + (
                "; its restarts, no cause given, as the container ended, at least once, what "
                "ended it not stated (no kill)" if told.restarts else ""))
    return ([message, *([f"{UNTOLD_STATE}: Terminated"] if told.restarts else [])], True), what
