"""The case's own pods or container stated in English prose to be crashing, no cause given
(held-out batch 98, fixprose94: dataset-viewer-526's `Many pods for
prod-datasets-server-worker-all are crashing with error`).

The corpus README's prose rules: a statement of the case in its author's prose is read where
its subject is the case's own pod or container and it states what happened; a crash is the
container's end (the process exited or was killed; a restart follows it, R4.1), what ended it
not stated: read as stated_restart.py reads a restart with no cause (cannot-tell, kills
{0, null}, failures shown).

The subject: a determiner of the case's (`my`, `our`, `the`, `this`, `these`), up to two words,
`pod(s)` or `container(s)`, maybe its app after `of` or `for` (stated_restart.py's); or a
quantifier of the case's pods named by their workload after `for` or `of` (`Many pods for
prod-datasets-server-worker-all`, `several pods of api-server`: the workload's dashed name makes
them the case's, as fixprose38's `the API pods`), or before `pods` (`Many node-daemon pods`,
`node-daemon pods`): one rule with the crash loop's reader (workload_pods.py, fixmarked52a).
The verb right after: progressive (`are
crashing`, `kept crashing`, `have been crashing`, an adverb of how often between).

The pod named by its workload's dashed name after a determiner of the case's (`the
`node-analyzer` pod is crashing`, eks-anywhere-addons-315) carries that name
(workload_pods.named_pod, stated_restart.read_first_stated; stop 59, fx59d).

Unread: `a pod`, `pods`, `many pods` with no workload named, a bare app name, the simple present
or a modal (`the pod crashes when`, `may crash`), a negation in the clause before the verb, a
cause given after it (`because`, `due to`: the cause's own rules read it), a question, a
conditional, and a line under an `Expected` heading. Looked for around `rashing` only, a
bounded number of places: one pass on a long line.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.hedges import PLACES_WEIGHED
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import RecordSet
from kubesim.explain.readers.prose_page import ProsePage
from kubesim.explain.readers.restart_said import cause_after
from kubesim.explain.readers.sections import case_lines
from kubesim.explain.readers.stated_cause import NEGATED
from kubesim.explain.readers.stated_restart import StatedEnd, read_first_stated
from kubesim.explain.readers.workload_pods import workload_pods

__all__ = ["CASE_CRASHING", "STATED_CRASHING", "read_stated_crashing"]

STATED_CRASHING = "stated-crashing"

_MARK = r"(?:\*\*|[`'\"])?"
_WORD = _MARK + r"[\w.-]{1,63}" + _MARK
_OFTEN = (r"(?:(?i:continually|constantly|continuously|repeatedly|always|still|frequently|"
          r"periodically|randomly|also|now|just|again)[ \t]+)?")
CASE_CRASHING = lazy_regex(
    r"(?<![\w'-])(?:(?i:my|our|the|this|these)[ \t]+(?:" + _WORD + r"[ \t]+){0,2}?"
    r"(?i:pods?|containers?)(?:[ \t]+(?i:of|for)[ \t]+" + _WORD + r")?"
    # (the case's pods named by their workload, a quantifier before them or none: one rule
    # with the crash loop's reader, workload_pods.py)
    r"|" + workload_pods("workload") + r")(?![\w-])"
    r"[ \t]+(?i:is|are|was|were|keeps|keep|kept|has[ \t]+been|have[ \t]+been|had[ \t]+been|"
    r"started|starts|began|begins)[ \t]+" + _OFTEN + r"(?i:crashing)(?![\w-])")
_REACH = 200  # how far before `crashing` its subject may start
_CLAUSE_STOP = lazy_regex(r"[.!?;,](?=\s)")


def case_crashing(line: str, happening: bool) -> re.Match[str] | None:
    """The first crash of the case's own pods or container the line states (`CASE_CRASHING`),
    no negation in its clause before the verb, no cause after it, in a sentence of what
    happened (no question, conditional or word of what may happen); None without one.
    `happening`: unused (the progressive is what happened under any heading)."""
    del happening
    at, left = line.find("rashing"), PLACES_WEIGHED
    while at > 0 and left:
        left -= 1
        m = CASE_CRASHING.search(line, max(0, at - _REACH), at + 7)
        if m is not None and not _negated(line, m) and not cause_after(line, m.end()) \
                and states_what_happened(line, m.start(), m.end()):
            return m
        at = line.find("rashing", at + 1)
    return None


def _negated(line: str, m: re.Match[str]) -> bool:
    """Whether a negation stands in the statement's clause before its end."""
    stops = [s.end() for s in _CLAUSE_STOP.finditer(line, max(0, m.start() - 2000), m.start())]
    start = stops[-1] if stops else max(0, m.start() - 2000)
    return NEGATED.search(line, start, m.end()) is not None


_READ = ("{}: the case's own pods or container stated in the author's prose to be crashing, no "
         "cause given (`{}`): read as its container having ended, at least once, no reason or "
         "exit code in the record; what ended it is not stated (no kill), and no count bounds "
         "its restarts")


def read_stated_crashing(page: ProsePage, source: str) -> RecordSet | None:
    """The record of a page of prose alone that states a crash of the case's own pods or
    container (`case_crashing`), as stated_restart.py makes a restart's: one pod of no name,
    its one container ended, its restarts not counted; the other lines said not read. None
    when no sentence states one."""
    return read_first_stated(page, source, StatedEnd(case_crashing, case_lines, _READ,
                                                     STATED_CRASHING))
