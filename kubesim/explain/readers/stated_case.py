"""More statements of the case in its author's prose (the corpus README's rules: statements of
the case in prose; held-out batches 59 to 61, fixkills61), in words the other prose readers do
not take for the case's own.

- A pronoun as the subject of a restart caused by a probe's failure (`PRONOUN_SUBJECT`: `I
  have deployed fluent bit using the helm chart. It is restarting due to liveness probes
  failing.`): the pronoun (`It`, `They`) opens its sentence and stands right before the
  restart, and the sentence before it is the author's telling of deploying, installing or
  running their own app (`ANTECEDENT`: `I have deployed X`, `We are running X`): the pronoun's
  antecedent is the case's app, the subject the README's rule of a restart caused by a probe's
  failure needs (probe_restart.PROBE_RESTART; fixprose38: `my pod restarted due to the
  liveness probe failing`). A pronoun after a sentence that tells no deploy of the author's
  (`Fluent Bit is a log processor. It restarts ...`: a guide's), a pronoun inside its sentence
  (`if I deploy it, it restarts ...`), a modal or a negation between the pronoun and the
  restart (`It may restart`, `It is not restarting`) state none.
- A probe named as the agent of the kill in one word with it (`PROBE_KILLED`: `bank-vaults/
  vault-0 (OpenBao, ...) was **liveness-killed 358 times over 3 days**`): the same statement
  as `my pod was killed by its liveness probe` (stated_kill.PROBE_KILL's passive; README,
  prose35): that probe's failure and at least one kill of it, stated once (a count the author
  states is no count the kubelet recorded: `{1, null}`). The subject is the case's own
  (probe_restart.CASE_SUBJECT: a determiner of the case's, or a pod's dashed name, maybe in a
  code span, after its namespace and with an aside in brackets after it); the kill past,
  progressive or perfect. A readiness probe (it kills nothing, R3.4), `a pod`, `pods`, the
  present (`pods get liveness-killed`), the future and a modal state none.
- The restarts of the case's own workload or pod stated with a count (`WORKLOAD_RESTARTS`:
  `The cloudflared deployment was hitting ~21 restarts/hour (20,640 restarts over 41 days)`):
  the README's count of the case's restarts (`I had already suffered 15 restarts of the app`,
  `my app had 15 restarts`): the case's containers ended, at least once, and the count, the
  author's, of the app across its pods and deploys, bounds nothing. The subject is the case's
  own by a determiner of the case's (my, our, the, this) before its workload's or pod's noun;
  `a deployment`, `deployments`, a count of none, the present of a guide (`hits ... when`), a
  question, a conditional and a negation state none.

The caller (runs.py) weighs a sentence's negation, question, conditional and words of what may
happen. Every part is bounded and each run of blanks is followed by a word of its own: looked
for around an anchor word only, one pass on a long line.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.probe_restart import CASE_SUBJECT

__all__ = ["ANTECEDENT", "KILLED_ANCHORS", "PROBE_KILLED", "PRONOUN_SUBJECT",
           "WORKLOAD_RESTARTS", "pronoun_of_case", "restart_count"]

# the pronoun opening the sentence, right before the restart: `It is restarting`, `They keep
# restarting`, `It restarted`; an auxiliary and a word of how often between, no modal, no
# negation (a markdown mark or a blank may open the line)
PRONOUN_SUBJECT = lazy_regex(
    r"[ \t>*_-]{0,6}(?:It|They)[ \t]+(?:(?i:is|was|are|were|keeps|kept|has[ \t]+been|have"
    r"[ \t]+been|had[ \t]+been|has|have|had)[ \t]+)?(?:(?i:constantly|repeatedly|continuously|"
    r"always|still|now|also|frequently)[ \t]+)?")
# the sentence before: the author deploying, installing or running their own app (`I have
# deployed fluent bit using the helm chart`); its object no determiner of no case (`a`, `any`)
ANTECEDENT = lazy_regex(
    r"(?<![A-Za-z])(?:I|[Ww]e)(?:['\u2019]ve|[ \t]+(?i:have|had))?[ \t]+(?:(?i:just|recently|"
    r"successfully|also)[ \t]+)?(?i:deployed|installed|set[ \t]+up|ran|rolled[ \t]+out|"
    r"(?:am|are|was|were|have[ \t]+been|had[ \t]+been)[ \t]+(?:running|deploying))[ \t]+"
    r"(?!(?i:a|an|any|some|another|other|every|each|no|your)(?![\w'-]))[\w`'\"]")
_STOP = lazy_regex(r"[.!?](?=\s)|[\u3002\uff01\uff1f]")


def pronoun_of_case(line: str, start: int, at: int) -> bool:
    """Whether line[start:at], the words of the sentence starting at `start` before the
    restart at `at`, are a pronoun opening it (`PRONOUN_SUBJECT`) whose antecedent is the
    case's app: the sentence before it tells the author deploying or running their own app
    (`ANTECEDENT`)."""
    if start <= 0 or PRONOUN_SUBJECT.fullmatch(line, start, at) is None:
        return False
    ends = [m.end() for m in _STOP.finditer(line, max(0, start - SENTENCE_REACH), max(0, start - 1))]
    before = ends[-1] if ends else max(0, start - SENTENCE_REACH)
    return ANTECEDENT.search(line, before, start) is not None


# the subject (the case's own: CASE_SUBJECT), maybe in a code span and with an aside in
# brackets after it; the kill, past, progressive or perfect; the probe that kills joined to
# `killed` (`liveness-killed`, `liveness killed`, `startup-probe-killed`), maybe in bold
_KILLED_VERB = (r"(?i:(?:is|are|was|were)[ \t]+(?:being|getting)|was|were|got|(?:keeps|kept)"
                r"[ \t]+getting|(?:has|have|had)[ \t]+been)")
PROBE_KILLED = lazy_regex(
    r"(?P<subject>" + CASE_SUBJECT.pattern + r")[`'\"]?(?:[ \t]*\([^()\n]{0,200}\))?[ \t]+"
    + _KILLED_VERB + r"[ \t]+(?:(?i:repeatedly|constantly|again|also)[ \t]+)?"
    r"(?:\*\*|__|[*_`])?(?P<kind>(?i:liveness|startup))(?:[ \t]*-[ \t]*|[ \t]+)"
    r"(?:(?i:probe)(?:[ \t]*-[ \t]*|[ \t]+))?(?i:killed)(?![\w-])")
KILLED_ANCHORS = ("killed", "Killed", "KILLED")

# the case's own workload or pod (a determiner of the case's, up to two words before its
# noun), its restarts with a count: `The cloudflared deployment was hitting ~21 restarts/hour`,
# `our api pods had 340 restarts`, `this statefulset has seen 1,200+ restarts`
WORKLOAD_RESTARTS = lazy_regex(
    r"(?<![A-Za-z])(?i:my|our|the|this)[ \t]+(?:[\w.-]{1,63}[ \t]+){0,2}?(?i:deployment|"
    r"statefulset|daemonset|workload|pod|container|app|application|service)s?[ \t]+"
    r"(?:(?i:was|were|is|are|has|have|had|has[ \t]+been|have[ \t]+been|had[ \t]+been|kept|"
    r"keeps)[ \t]+)?(?i:hitting|hit|had|having|seen|seeing|saw|got|getting|gotten|showed|"
    r"showing|accumulated|accumulating|racked[ \t]+up|racking[ \t]+up|reached|reaching)"
    r"[ \t]+(?:(?i:about|around|over|some|almost|nearly|roughly)[ \t]+|~[ \t]*)?"
    r"(?P<count>\d{1,3}(?:,\d{3}){1,2}|\d{1,7})\+?[ \t]+(?i:restarts)(?![A-Za-z])")


def restart_count(m: re.Match[str]) -> int:
    """The count a `WORKLOAD_RESTARTS` statement gives (its thousands' commas dropped)."""
    return int(m["count"].replace(",", ""))
