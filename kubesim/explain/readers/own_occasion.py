"""The author's own occasion of a problem: `I encounter a problem when deploying on k8s` (the
corpus README's rules: statements of the case in prose; held-out batch 85,
acme-fitness-demo-17; fixlogs86).

A `when` is a word of what may happen (runs' `_GENERAL`: `when the pod restarts, it goes into
CrashLoopBackOff`). After the author's own report of a problem met (`I`, `we`, a verb of
meeting it, `encounter`, `get`, `got`, `have`, `had`, `face`, `hit`, `ran into`, and a problem's
noun: `a problem`, `an error`, `this issue`), `when` and a gerund (`when deploying`, `when
installing`) name the occasion of the author's own run, not a rule of what happens: the case's
sentence after it states what happened (`... when deploying on k8s (1.19.2) the pos pod is in
CrashLoopBackOff mode.`). `blank_own_occasion` blanks that `when` (the line's length kept) for
the sentence tests of what happened.

Unread still: `when` after no first person (`the pod crashloops when deploying`, `a problem
when deploying`), `when` and no gerund (`I get an error when the pod restarts`), a conditional
(`if`, `I may encounter a problem when deploying`: a modal between the subject and its verb), a
question.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["blank_own_occasion"]

# (the subject and its verb right after each other: a modal between them, `I may encounter`,
# keeps the `when` of what may happen)
_OWN_OCCASION = lazy_regex(
    r"(?<![\w'-])(?:I|(?i:we))[ \t]+(?i:encounter(?:ed|s)?|get|got|have|had|face[ds]?|hit|"
    r"ran[ \t]+into|run[ \t]+into|met|meet)[ \t]+(?:(?i:a|an|the|this|that|some|one)[ \t]+)?"
    r"(?:[\w-]{1,30}[ \t]+){0,2}?(?i:problem|issue|error|failure|bug)s?[ \t]+"
    r"(?P<when>(?i:when))[ \t]+(?=[A-Za-z]{1,30}ing(?![\w-]))")


def blank_own_occasion(line: str) -> str:
    """The line with the `when` of each of the author's own occasions of a problem
    (`_OWN_OCCASION`) blanked to spaces, its length kept (one pass)."""
    return _OWN_OCCASION.sub(lambda m: m[0][:m.start("when") - m.start()] + "    "
                             + m[0][m.end("when") - m.start():], line)
