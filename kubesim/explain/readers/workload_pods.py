"""The case's pods named by their workload, as the subject of a statement in the author's prose:
one rule for the readers of a crash loop (stated_crashloop.py) and of a crash
(stated_crashing.py) (fixmarked52a).

The corpus README's prose rules: a statement of the case is read where its subject is the
case's own pod or container (a determiner of the case's, a possessive, or a pod's name); `a
pod`, `pods` state nothing of the case. A workload's dashed name makes the pods the case's, as a
pod's name does (fixprose94: `` `node-daemon` pods stuck on `CrashLoopBackOff` ``, `Many pods
for prod-datasets-server-worker-all are crashing`), before `pods` or after `pods of` or `pods
for`; a quantifier before them (`many`, `several`, `some`, `all`, `most`, `multiple`, `several
of the`) counts the case's pods and takes nothing from their being the case's. Pods of no
workload named (`many pods`, `many user pods`: a name of no dash), or of no pods (`many users`)
state nothing; a question, a conditional, a negation are each reader's own checks.
"""

from __future__ import annotations

import re

__all__ = ["named_pod", "workload_named", "workload_pods"]

_MARK = r"(?:\*\*|__|[`'\"\u201c\u201d*])?"
# a workload's name: two or more dash-parted parts (a pod's or its owner's, DNS-1123)
_DASHED = r"[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10}"
# a quantifier of the case's pods: `many`, `several of the`
_QUANTIFIER = (r"(?:(?i:many|several|multiple|some|all|most)[ \t]+(?:(?i:of)[ \t]+"
               r"(?i:the|our|my)[ \t]+)?)?")
_PODS = r"(?i:pods|containers)"
# the one pod a statement's subject names by its workload's dashed name after a determiner of
# the case's (`the `node-analyzer` pod`): the pod as its user names it (stop 59, fx59d)
_NAMED_ONE = re.compile(r"(?<![\w'-])(?i:my|our|the|this)[ \t]+" + _MARK + r"(?P<name>"
                        + _DASHED + r")" + _MARK + r"[ \t]+(?i:pod)(?![\w-])")


def workload_pods(group: str) -> str:
    """The pattern of a subject of the case's pods named by their workload (module's rule): a
    quantifier or none, then the workload's dashed name before `pods` (`containers`), or
    `pods` before `of` or `for` and the name; the name in the named group `group`. For a
    reader's pattern to hold (each of its matches weighed by its own checks)."""
    name = _MARK + r"(?P<" + group + r">" + _DASHED + r")" + _MARK
    return (r"(?<![\w'-])" + _QUANTIFIER + r"(?:" + name + r"[ \t]+" + _PODS + r"|" + _PODS
            + r"[ \t]+(?i:of|for)[ \t]+" + name.replace(f"P<{group}>", f"P<{group}2>")
            + r")(?![\w-])")


def workload_named(m: re.Match[str], group: str) -> str | None:
    """The workload's name a match of `workload_pods(group)` gives, None where it matched
    none."""
    return m[group] or m[group + "2"]


def named_pod(words: str) -> str | None:
    """The name of the one pod a statement's words name by its workload's dashed name after a
    determiner of the case's (`the `node-analyzer` pod is crashing`: `node-analyzer`), the
    name a user gives the pod (`--pod node-analyzer`); None for `the pod`, `the api pod` (a
    word of no dash: no workload's name), `pods` or `a node-analyzer pod` (README's prose
    rules: a dashed name is the case's subject; stop 59, fx59d)."""
    m = _NAMED_ONE.search(words, 0, 400)
    return None if m is None else m["name"]
