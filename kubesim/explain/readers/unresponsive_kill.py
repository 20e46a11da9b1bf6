"""A kill of the case's container its author states as caused by the container not responding,
beside the record's liveness failures: the liveness probe's kill (the corpus README's rules:
statements of the case in prose, at fixprose43).

`the container is being killed by Kubernetes because it's not responsive enough:` above a
describe row `Warning Unhealthy ... Liveness probe failed: ... (Client.Timeout exceeded ...)`:
the kubelet kills a running container for not responding only by its liveness or startup
probe (R4.4: a probe's failures, failureThreshold in a row, make the kill), so where the
record's one failing probe that kills is liveness (no startup failure) the stated kill is
that probe's: one kill at least, no count (the kill the dockershim's Killing message states).
A kill stated with an OOM or exit reason, a record with startup failures too or no liveness
failure, a sentence of what may happen, a question, and a kill of no case's own container
(`a pod`, `pods`) are left as they were.
"""

from __future__ import annotations

from dataclasses import replace

from kubesim.explain.readers.bare import bare_event
from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, RecordedEvent, RecordSet, Where
from kubesim.explain.readers.stated_kill import STATED_PROBE_KILL, kill_lines
from kubesim.explain.readers.stated_pod_oom import unlist_line

__all__ = ["give_unresponsive_kill"]

# the case's own container killed (past or progressive: `is being killed`, `was killed`, `got
# killed`, `keeps getting killed`), its agent maybe named, because it did not respond
_UNRESPONSIVE_KILL = lazy_regex(
    r"(?<![\w-])(?i:my|our|the|this|its)[ \t]+(?:[\w.-]{1,63}[ \t]+)?"
    r"(?i:container|pod|app|application|process|server)[ \t]+"
    r"(?i:(?:is|was|are|were)[ \t]+(?:being|getting)|was|were|got|(?:keeps|kept)[ \t]+getting"
    r"|(?:has|had)[ \t]+been)[ \t]+(?i:killed|restarted)"
    r"(?:[ \t]+(?i:by)[ \t]+(?:(?i:the)[ \t]+)?(?i:kubernetes|k8s|kubelet|cluster))?[ \t,]+"
    r"(?i:because|since|as|for[ \t]+being)[ \t]+(?:[\w'\u2019]{1,20}[ \t]+){0,4}?"
    r"(?i:not[ \t]+responsive|unresponsive|non-?responsive|not[ \t]+responding|not[ \t]+healthy"
    r"|unhealthy|hanging|hung)(?![A-Za-z])")
_OTHER_REASON = lazy_regex(r"OOM|(?i:exit[ \t]+code|exited|out[ \t]+of[ \t]+memory)")
_SENTENCE_END = lazy_regex(r"[.!?](?=\s|$)")


def _liveness_events(found: RecordSet) -> list[RecordedEvent] | None:
    """The event list holding the record's liveness failures (the pod's, or the record's),
    when liveness is its one failing probe that kills and no Killing event is shown; None
    otherwise."""
    lists = [found.events, *(p.events for p in found.pods)]
    messages = [e.message for events in lists for e in events]
    if any(m.startswith("Startup probe failed") for m in messages) or \
            any(e.reason == "Killing" for events in lists for e in events):
        return None
    return next((events for events in lists if any(
        e.reason == "Unhealthy" and e.message.startswith("Liveness probe failed")
        for e in events)), None)


def give_unresponsive_kill(found: RecordSet, text: str) -> None:
    """The liveness probe's kill a sentence states of the case's container for not responding
    (`_UNRESPONSIVE_KILL`), beside the record's liveness failures (`_liveness_events`): one
    Killing event of that probe, at least once, among those failures; said in a note."""
    events = _liveness_events(found) if "kill" in text or "restart" in text else None
    if events is None:
        return
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        m = _UNRESPONSIVE_KILL.search(line, 0, min(len(line), SENTENCE_REACH))
        if m is None or not states_what_happened(line, m.start(), m.end()):
            continue
        end = _SENTENCE_END.search(line, m.end(), m.end() + SENTENCE_REACH)
        if _OTHER_REASON.search(line, 0, end.start() if end else min(len(line), SENTENCE_REACH)):
            continue
        where = Where(found.source, number)
        found_kill = bare_event(kill_lines("liveness")[1], where)
        if found_kill is None:
            return
        events.append(replace(found_kill[0], stated=True))  # the sentence's, no line of the record
        unlist_line(found, number, lines)
        found.notes.append(Note(
            f"line {number}: {STATED_PROBE_KILL}, as a kill for not responding (`{m[0][:80]}`) "
            "beside the record's liveness failures, its one failing probe that kills: the "
            "kubelet kills a running container for not responding only by its liveness or "
            "startup probe (R4.4): read as one kill of the liveness probe, of a container the "
            "record does not name, at least once, no count", where))
        return
