"""An author's narrative of what happened, and the case's pods named by their workload, in a
sentence stating a restart caused by a probe's failure (the corpus README's rules: statements
of the case in prose; written by the lead at stop 49, vsphere-csi-driver-1877).

- `When CLAUSE, we observed (saw, noticed, found) STATEMENT` (`PAST_NARRATIVE`) states
  STATEMENT of the case when CLAUSE is in the past (`were deployed`, `was used`: a past verb,
  `_PAST`, and no present or future one, `_NOT_PAST`): its `When` is no word of what may happen
  (runs.py's `_GENERAL`) and STATEMENT starts after the author's verb of seeing. A present or
  future CLAUSE (`When a node is loaded, pods restart`), a main clause of what will be seen
  (`when it happens we will see`), a conditional, a question or a negation keep the sentence
  unread (the caller's checks).
- The case's pods named by a capitalised name and a plural noun of what runs (`CSI pods`,
  `Superset Workers`: stated_cause.WORKLOAD_SUBJECT), right before the restart's verb and its
  auxiliaries (`CSI pods were restarting`: `WORKLOAD_RESTARTING`), are the case's workload's
  pods, as fixprose38 reads them; `Kubernetes pods`, `Some pods` name none.
- The case's own workload by a determiner of the case's and one or two words of its name, no
  `pod` or `container` (`The node driver crashed due to the node-driver-registrar's liveness
  probe failure`: `OWN_RESTARTING`, fixprose52), right before the restart's verb, where the
  restart's cause is a liveness or startup probe's failure (the caller's): only a container
  has probes, so what such a failure ends is the case's container (R4.4). A word of no
  container's (`the node`, `the cluster`, `the kubelet`, `the probe`), `a`, `some` and `your`
  name none.
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.stated_cause import WORKLOAD_SUBJECT

__all__ = ["PAST_NARRATIVE", "WORKLOAD_RESTARTING", "Narrative", "past_narrative",
           "OWN_RESTARTING", "own_subject_end", "unhedged", "workload_subject_end"]

# `When CLAUSE, we observed`: the clause one stretch with no comma or stop, then the author's
# verb of seeing in the past (`we observed`, `I saw`, `we have observed`, `we then noticed`)
PAST_NARRATIVE = lazy_regex(
    r"[ \t>*_#-]*(?P<when>(?i:when))[ \t]+(?P<clause>[^,.;:!?\n]{1,300}),[ \t]+"
    r"(?i:we|I)[ \t]+(?:(?i:then|also|have|had)[ \t]+)?"
    r"(?i:observed|saw|noticed|found)(?:[ \t]+(?i:that))?[ \t]+")
# a past verb of the clause: `were deployed`, `was used`, `we upgraded`
_PAST = lazy_regex(r"(?<![\w'])(?:(?i:was|were|had|did)|[A-Za-z]{2,}ed)(?![\w'])")
# a present or future verb of the clause: the sentence is a guide's or a condition
_NOT_PAST = lazy_regex(r"(?<![\w'])(?i:is|are|am|be|will|would|shall|should|can|may|might|must|"
                       r"do|does|has|have|gets?|becomes?|happens?)(?![\w'])"
                       r"|['\u2019](?i:s|re|ll)(?![\w'])")
# the case's pods by their workload's name, the subject of the restart right after it
WORKLOAD_RESTARTING = lazy_regex(
    r"(?P<subject>" + WORKLOAD_SUBJECT.pattern + r")[ \t]+"
    r"(?:(?i:were|was|are|is|kept|keep|keeps|have|had|been|started|began|always|constantly|"
    r"repeatedly|frequently|still|continuously)[ \t]+){0,3}$")
# the case's own workload by a determiner of the case's and one or two words of its name, the
# last no word of what runs no container (a node, the cluster, the kubelet, a probe: `the node
# driver` is a driver's), right before the restart's verb and its auxiliaries
_NO_CONTAINER = (r"(?!(?i:nodes?|clusters?|kubelet|kubernetes|k8s|hosts?|machines?|vms?|probes?|"
                 r"liveness|readiness|startup|checks?|pods?|containers?)(?![\w.-]))")
OWN_RESTARTING = lazy_regex(
    r"(?<![\w-])(?P<subject>(?i:my|our|the|this)[ \t]+(?:[\w.-]{1,63}[ \t]+)?"
    + _NO_CONTAINER + r"[\w.-]{1,63})[ \t]+"
    r"(?:(?i:were|was|are|is|kept|keep|keeps|have|had|been|always|constantly|"
    r"repeatedly|frequently|still|continuously)[ \t]+){0,3}$")


class Narrative(NamedTuple):
    """A past `When CLAUSE, we observed STATEMENT` opening a sentence."""

    when: int  # where its `When` starts
    statement: int  # where STATEMENT starts


def past_narrative(line: str, start: int, at: int) -> Narrative | None:
    """The past narrative (`PAST_NARRATIVE`, its clause past) opening the sentence that starts
    at `start`, its STATEMENT holding `at`; None without one."""
    m = PAST_NARRATIVE.match(line, start, at)
    if m is None or _PAST.search(m["clause"]) is None or \
            _NOT_PAST.search(m["clause"]) is not None:
        return None
    return Narrative(m.start("when"), m.end())


def unhedged(line: str, narrative: Narrative | None) -> str:
    """The line with the narrative's `When` blanked (it says when it happened, not what may
    happen: runs.py's `_GENERAL` looks for `when`); the line itself without a narrative."""
    if narrative is None:
        return line
    return line[:narrative.when] + "    " + line[narrative.when + 4:]


def workload_subject_end(line: str, start: int, at: int) -> int | None:
    """Where the case's pods named by their workload end, the subject of the restart at `at`
    (`WORKLOAD_RESTARTING`, in line[start:at], its last 200 characters); None without."""
    m = WORKLOAD_RESTARTING.search(line, max(start, at - 200), at)
    return None if m is None else m.end("subject")


def own_subject_end(line: str, start: int, at: int) -> int | None:
    """Where the case's own workload by a determiner of the case's ends, the subject of the
    restart at `at` (`OWN_RESTARTING`, in line[start:at], its last 200 characters); None
    without. For a restart whose cause is a liveness or startup failure only (the caller's:
    such a failure ends only a container, R4.4)."""
    m = OWN_RESTARTING.search(line, max(start, at - 200), at)
    return None if m is None else m.end("subject")
