"""An end OOMKilled of the case's own pod or container stated in its author's prose in two
more forms (the corpus README's rules: statements of the case in prose; held-out batches 68
and 69).

- An end's reason stated with `with` after an end of the case's own pod or container (`the pod
  crashes with a OOMKilled and error code 137`, puma-2707; `our worker failed with OOMKilled`;
  `The operator's controller-manager pod has multiple restarts with oomkilled termination
  reason`, intel-device-plugins-for-kubernetes-1416): that end's reason, OOMKilled only (any
  case), as `terminated with reason OOMKilled` is (README, the lead's rule of stop 49). The
  past and the progressive tell what happened; the present is read only where it is the
  author's telling of their own system: the subject a possessive (`The operator's ...
  pod`), a name of dash-parted parts (`the controller-manager pod`), `my` or `our`, or a first
  person running a system before it in the paragraph (`we have a rails application that is
  running on puma in a kubernetes pod. After about a week the pod crashes with ...`). A
  guide's present (no first person, `a pod`, `pods`, `your pod`) is no match here.
- The same end stated by its cause with the kill first (README, the rule of an end stated by
  its cause): the case's pods or container, after a determiner of the case's (`the pods`,
  `these pods`, `our api container`), stated killed in a past or progressive form, by the OOM
  killer or not, as or because they hit their memory limit (`the pods were being killed via
  the OOMKiller as they hit their memory limits`, coreos-kubernetes-358): the kernel's OOM
  killer kills a container over its cgroup's memory limit, and the kubelet reports that end as
  OOMKilled; the cause told by a gerund after `for` too (`The config-db container was
  terminated for exceeding its memory limit of 4Gi (OOMKilled)`, config-db-2247). The present (`are killed as they hit ...`: a guide's), a limit told as a
  condition (`when`, `if`) and a CPU limit are no match here.

The caller (runs.py) reads neither in a negation, a question, a conditional or a sentence of
what may happen. Each pattern is looked for around its anchor word only (`OOM` in any case,
`memory`), each run of blanks followed by a word of its own: one pass on a long line.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.oom_words import KILLED_FOR_OOM, OOM_ANCHORS, OOM_KILLED, OOM_KILLS

__all__ = ["OOM_WITH", "OOM_WITH_ANCHORS", "KILLED_AT_LIMIT", "RUNS_SYSTEM", "SUBJECT",
           "oom_with_hint", "present_told"]

# the case's own pod or container: a determiner of the case's, or a possessive, and up to two
# words before `pod` or `container` (`the pod`, `The operator's controller-manager pod`); or
# the author's own after `my` or `our` and at most two words (`our worker`, README's example)
_WORD = r"[`'\"]?[\w.-]{1,63}[`'\"]?[ \t]+"
_SUBJECT = (
    r"(?<![\w.'-])(?:(?:(?P<det>(?i:the|this|that))|(?P<own>(?i:my|our))"
    r"|(?P<owner>[\w.-]{1,63}['\u2019]s))[ \t]+(?P<words>(?:" + _WORD + r"){0,2}?)"
    r"(?P<what>(?i:pod|container))"
    r"|(?P<own2>(?i:my|our))[ \t]+(?:" + _WORD + r")?(?!(?i:pods?|containers?)(?![\w-]))"
    r"[\w.-]{1,63})")
_COUNT = r"(?:(?i:multiple|many|several|frequent|repeated|constant|a[ \t]+few|\d{1,6})[ \t]+)?"
_ADVERB = r"(?:(?i:again|also|still|then|now|repeatedly|constantly|frequently)[ \t]+)?"
# the end, past or progressive (a telling of what happened)
_PAST = (r"(?P<past>(?i:crashed|failed|died|exited|terminated|restarted"
         r"|(?:was|were|got)[ \t]+(?:killed|terminated|restarted)"
         r"|(?:has|have|had)[ \t]+(?:been[ \t]+)?(?:crashed|failed|died|exited|terminated"
         r"|restarted|killed)"
         r"|(?:is|are|was|were|keeps|kept)[ \t]+" + _ADVERB + r"(?:crashing|failing|dying|exiting"
         r"|restarting|(?:being|getting)[ \t]+(?:killed|terminated|restarted))"
         r"|had[ \t]+" + _COUNT + r"(?:restarts|crashes|terminations)))")
# the end in the present, read only as the author's telling of their own system (`present_told`)
_PRESENT = (r"(?P<present>(?i:crashes|crash|fails|fail|dies|die|exits|exit|terminates|restarts"
            r"|restart|(?:is|are|gets|get)[ \t]+(?:killed|terminated|restarted)"
            r"|(?:has|have|sees|see|shows|show)[ \t]+" + _COUNT
            + r"(?:restarts|crashes|terminations)))")
# `with` and the reason, an article or a reason's label between (`with a OOMKilled`, `with
# reason OOMKilled`, `with oomkilled termination reason`)
_WITH = (r"[ \t]+(?i:with)[ \t]+(?:(?i:a|an|the)[ \t]+)?(?:(?i:termination|terminated|exit|last)"
         r"[ \t]+)?(?:(?i:reason|status|state|error)[ \t]+(?:(?i:of)[ \t]+)?)?"
         r"[`'\"\u201c]?(?P<reason>" + OOM_KILLED + r")(?![A-Za-z])")
SUBJECT = _SUBJECT  # (stated_exit_oom.py's subject too)
OOM_WITH = lazy_regex(_SUBJECT + r"[ \t]+" + _ADVERB + r"(?:" + _PAST + r"|" + _PRESENT + r")"
                      + _WITH)
OOM_WITH_ANCHORS = OOM_ANCHORS

# a first person running a system, before the end in its paragraph (`we have a rails
# application`, `we are running`, `I deployed`, `our cluster`)
RUNS_SYSTEM = lazy_regex(
    r"(?<![A-Za-z])(?:[Ww]e|I)[ \t]+(?:(?i:have|are|am|were|was)[ \t]+)?(?i:have|had|run|ran"
    r"|running|deploy|deployed|deploying|host|hosted|hosting|operate|operating)(?![A-Za-z])"
    r"|(?<![A-Za-z])(?i:our|my)[ \t]+(?:[\w.-]{1,63}[ \t]+)?(?i:app|application|service"
    r"|cluster|deployment|system)s?(?![A-Za-z])")
_DASHED = lazy_regex(r"[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10}")
_OWNER = lazy_regex(r"[\w.-]['\u2019]s[ \t]")  # (`The operator's ... pod`: the det's words)
_LOOK_BACK = 2000  # a paragraph's reach before the end: one pass on a long line

# the kill first, then its cause: the memory limit hit (README, an end stated by its cause)
_LIMIT_CASE = (r"(?<![\w.-])(?i:the|these|those|this|that|my|our)[ \t]+(?:" + _WORD
               + r"){0,2}?(?i:pods?|containers?)")
_KILLED = (r"(?i:(?:(?:was|were|is|are|kept)[ \t]+)?(?:being|getting)|was|were|got"
           r"|(?:had|has|have)[ \t]+been)[ \t]+(?:(?i:killed|terminated)|" + OOM_KILLED + r")")
_AGENT = (r"(?:[ \t]+(?i:by|via)[ \t]+(?:(?i:the)[ \t]+)?(?:(?i:kernel)(?:['\u2019]s)?[ \t]+)?"
          r"(?i:OOM[ -]?killer|out[ \t-]of[ \t-]memory[ \t]+killer))?")
# (or its gerund after `for`: `was terminated for exceeding its memory limit of 4Gi`,
# config-db-2247, widened at fixprose53d)
_HIT = (r"(?:[ \t]*,)?[ \t]+(?:(?i:as|because|since|after)[ \t]+(?i:they|it)[ \t]+"
        r"(?i:hit|exceeded|reached|went[ \t]+over|(?:was|were)[ \t]+(?:hitting|exceeding|going"
        r"[ \t]+over)|had[ \t]+(?:hit|exceeded|reached|gone[ \t]+over))"
        r"|(?i:for)[ \t]+(?i:hitting|exceeding|reaching|going[ \t]+over))[ \t]+"
        r"(?i:its|their|the)[ \t]+(?:(?i:defined|configured|set|own)[ \t]+)?(?i:memory)[ \t]+"
        r"(?i:limits?)(?![A-Za-z])")
KILLED_AT_LIMIT = lazy_regex(_LIMIT_CASE + r"[ \t]+" + _KILLED + _AGENT + _HIT)

_HINT = re.compile(OOM_KILLED + r"|" + KILLED_FOR_OOM + r"|" + OOM_KILLS + r"(?![A-Za-z])")
# every match of `_HINT` holds `OOM` in either case (OOM_KILLED's, OOM_KILLS', and
# KILLED_FOR_OOM's but where its cause is `out of memory` or `running out of memory`), or
# `killed` and `memory`; a character IGNORECASE matches to a letter of `oom`, `lled` or
# `memory` is one `str.lower` makes that letter alone (only i, k and s have others: the
# dotless and dotted i, the Kelvin sign, the long s), so the lowered text holds these words
# wherever a match is: a text of none is not searched, `_HINT` tried at each of a 2 MB line's
# characters (speed59)
_HINT_OOM = "oom"
_HINT_KILLED = ("lled", "memory")


def oom_with_hint(text: str) -> bool:
    """Whether the text may hold an end's reason stated with `with` (`OOM_WITH`: `OOMKilled` in
    any spelling) or a kill stated with the OOM killer as its cause, or their noun
    (stated_oom_told.py: `killed because of OOM`, `OOMKills`), for the paste reader's gate (looked for once)."""
    low = text.lower()
    return (_HINT_OOM in low or all(w in low for w in _HINT_KILLED)) and \
        _HINT.search(text) is not None


def present_told(line: str, m: re.Match[str]) -> bool:
    """Whether an `OOM_WITH` end is a telling of what happened: past or progressive, or in the
    present where the author tells of their own system (a possessive or dashed name for its
    subject, `my` or `our`, or a first person running a system before it in the paragraph)."""
    if m["past"]:
        return True
    words = m["words"] or ""
    if m["owner"] or m["own"] or m["own2"] or _DASHED.search(words) or _OWNER.search(words):
        return True
    return RUNS_SYSTEM.search(line, max(0, m.start() - _LOOK_BACK), m.start()) is not None
