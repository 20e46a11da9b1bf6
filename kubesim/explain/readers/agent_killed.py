"""A kill or a restart its author states the kubelet or Kubernetes did to a bare name, in the
active voice (held-out batch 60, xunholy-k8s-gitops-4204: `the kubelet killed cloudflared every
~3 minutes`; fixapart61, widening stated_apart.py's rule of fixprose50 and fixprose59).

`Kubernetes kept killing plex`, `k8s restarted sidekiq every few minutes`: the agent (the
kubelet, Kubernetes, k8s) before a past or progressive kill or restart (`killed`, `restarted`,
`has killed`, `kept killing`, `is restarting`) of a bare name, written right after the verb: no
determiner of the case's (`the`, `my`, `our`: another rule reads a kill of the case's pod, or
none does), no pronoun, no pod's or container's word (`pods`, `the container`), no possessive
(`cloudflared's pod`). By the corpus README's subject rule of prose such a name is no pod or
container the record shows, so no end is read from it: explain answers that it cannot tell, the
sentence as why (stated_apart.py's note), rather than refusing a record that states its case.

A probe the same sentence names as the kill's cause (`the kubelet killed cloudflared because
its liveness probe failed`) is that bare name's probe, no case's either: no probe's failure is
read from it, and the answer says so. The present of a guide (`the kubelet kills the container
when ...`, `k8s restarts pods`) is no past and is not read; what may happen, conditionals,
questions and negations are weighed by stated_apart.py's `_of_a_case`.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["KILLED_BY", "names_a_probe", "of_a_bare_name"]

# the agent, then the kill or restart in the past or progressive, then the name (one word);
# every part bounded, no nested repetition (one pass)
KILLED_BY = re.compile(
    r"(?<![\w.-])(?P<agent>(?:(?i:the)[ \t]+)?(?i:kubelet|kubernetes|k8s))[ \t]+"
    r"(?:(?i:just|again|repeatedly|constantly|then|also|eventually)[ \t]+)?"
    r"(?:(?i:has|have|had)[ \t]+)?"
    r"(?i:killed|restarted|(?:kept|keeps|was|is|been)[ \t]+(?:killing|restarting))[ \t]+"
    r"(?P<name>[A-Za-z](?:[\w.-]{0,61}\w)?)(?![\w-])")
# after the name: a possessive or a pod's or container's word makes it a pod's, no bare name
_NOT_BARE_AFTER = lazy_regex(r"['\u2019]s(?![\w])|[ \t]+(?i:pods?|containers?|deployments?|"
                             r"statefulsets?|daemonsets?|replicas?)(?![\w-])")
# a word right after the verb that is no bare name: a determiner (of the case's, or of no
# case), a pronoun, or a word of Kubernetes' own
_NOT_A_NAME = frozenset({
    "the", "a", "an", "my", "our", "your", "their", "its", "his", "her", "this", "that",
    "these", "those", "them", "it", "him", "us", "me", "every", "each", "all", "any", "some",
    "both", "several", "many", "most", "no", "another", "other", "one", "two", "three",
    "pod", "pods", "container", "containers", "process", "processes", "app", "apps",
    "application", "applications", "service", "services", "workload", "workloads", "node",
    "nodes", "everything", "something", "nothing", "again", "repeatedly", "constantly"})
_PROBE = lazy_regex(r"(?i:probe|liveness|readiness|startup)")


def of_a_bare_name(line: str, m: re.Match[str]) -> bool:
    """Whether `m` (a match of `KILLED_BY`) kills or restarts a bare name: no determiner,
    pronoun or pod's word in its place (`_NOT_A_NAME`), and no possessive or pod's word after
    it (`_NOT_BARE_AFTER`: `cloudflared's pod`, `cloudflared pods`)."""
    return m["name"].lower() not in _NOT_A_NAME and \
        _NOT_BARE_AFTER.match(line, m.end(), m.end() + 16) is None


def names_a_probe(line: str, start: int, end: int) -> bool:
    """Whether the sentence line[start:end] names a probe (the kill's cause, perhaps)."""
    return _PROBE.search(line, start, end) is not None
