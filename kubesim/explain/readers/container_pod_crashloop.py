"""A pod named by a container the record shows, stated in CrashLoopBackOff (the corpus README's
prose rules and the lead's reading of open5gs-k8s-9 at stop 49; fixlogs72).

`gnb pod in CrashLoopBackOff state, cannot be started.` above kubectl's `Defaulted container
"gnb" out of: gnb, wait-bsf (init)`: the word before `pod` is no bare name of the case's
(stated_apart.py) but a container the record shows (kubectl lists every container of the pod
its command ran against: defaulted.py), so `gnb pod` is the pod of that container, and a pod
stated in CrashLoopBackOff is a back-off whose restarts no count bounds (stated_crashloop.py,
README). kubectl's STATUS CrashLoopBackOff is an app container's waiting reason (printPod; an
init container's is `Init:CrashLoopBackOff`): where the line lists one app container, the
back-off is that container's, named so; a list of several app containers does not tell which
one waits, and is not read here.

The statement opens its line (after a quote's `>` or a list's bullet), as a heading or the
first words of a report do: `NAME pod` or `NAME container` (`the`, `my`, `our`, `this` before it
at most), then `in`, `is in`, `is stuck in`, `went into`, ... and the status. Unread: another
name than a container a `Defaulted container` line lists (`amf pod in CrashLoopBackOff` beside
gnb's list), a determiner of no case (`a gnb pod ...`: no match), a question, a conditional or a
sentence of what may happen (happened.py's `states_what_happened`), a negation in it (`gnb pod is not in
...`: no match) and the words inside a sentence (`if the gnb pod in CrashLoopBackOff ...`).

Read where no other reader took the page (read.py's `_pasted`): a sentence the paste's own
prose readers read (`The gnb pod is in CrashLoopBackOff`, runs.py) keeps its container of no
name, as before.

One pass: each line is matched once at its start, up to `SENTENCE_REACH` characters.
"""

from __future__ import annotations

from kubesim.explain.readers.defaulted import listed_containers
from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.stated_crashloop import STATED_CRASHLOOP
from kubesim.explain.readers.unread import unread_notes

__all__ = ["read_container_pod_crashloop"]

_MARK = r"(?:\*\*|__|[`'\"\u201c\u201d*])?"
_STATED = lazy_regex(
    r"[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?(?:(?i:the|my|our|this)[ \t]+)?" + _MARK
    + r"(?P<name>[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){0,10})" + _MARK + r"[ \t]+(?i:pod|container)"
    r"[ \t]+(?:(?i:is|was|has[ \t]+been|had[ \t]+been)[ \t]+)?(?:(?i:stuck|still|now)[ \t]+)?"
    r"(?:(?i:in|into)|(?i:goes|went|got|gets|fell|falls)[ \t]+(?i:into|in)|(?i:entered))[ \t]+"
    r"(?:(?i:a|the)[ \t]+)?" + _MARK + r"CrashLoopBackOff" + _MARK + r"(?![A-Za-z])")
_READ = ("line {}: `{}`: the pod of container {}, which kubectl's `Defaulted container` line "
         "lists as the pod's one app container, stated in CrashLoopBackOff: read as that "
         "container's State, Waiting out a back-off (CrashLoopBackOff), its restart count not "
         "in the record")


def _apps(text: str) -> list[str]:
    """The app containers the record's `Defaulted container` lines list (its init and
    ephemeral containers left out)."""
    return [n for n in listed_containers(text) if not n.endswith((" (init)", " (ephem)"))]


def read_container_pod_crashloop(text: str, source: str) -> RecordSet | None:
    """The record of a page that states the pod of the one app container a `Defaulted
    container` line lists in CrashLoopBackOff (module docstring): one pod of no name, that
    container waiting out a back-off, its restarts unbounded; the line listing it read, the
    others said not read. None otherwise."""
    if "CrashLoopBackOff" not in text or "Defaulted container" not in text:
        return None
    apps = _apps(text)
    if len(apps) != 1:
        return None
    lines = text.split("\n")
    for number, whole in enumerate(lines, 1):
        line = whole[:SENTENCE_REACH]
        m = _STATED.match(line) if "CrashLoopBackOff" in line else None
        if m is None or m["name"] != apps[0] or not states_what_happened(line, m.start("name"),
                                                                         m.end()):
            continue
        where = Where(source, number)
        c = ContainerRecord(apps[0], where)
        c.state, c.state_reason, c.restarts_cut = "waiting", "CrashLoopBackOff", True
        pod = PodRecord(None, where, containers=[c], formats=[STATED_CRASHLOOP],
                        listed=listed_containers(text))
        listing = next(n for n, x in enumerate(lines, 1) if "Defaulted container" in x
                       and apps[0] in x)
        rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
                if n not in (number, listing) and x.strip()]
        notes = [Note(_READ.format(number, m[0].strip(" \t>-*+")[:80], apps[0]), where),
                 Note(f"line {listing}: kubectl's `Defaulted container` line lists the pod's "
                      f"containers: {', '.join(pod.listed)}", Where(source, listing),
                      uncertain=False)]
        return RecordSet(source, STATED_CRASHLOOP, pods=[pod], notes=notes +
                         unread_notes(rest, source))
    return None
