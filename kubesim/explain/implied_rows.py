"""Occurrences a piece of a pod's events pasted without its column header implies and leaves
out, for the recorder's burst (the corpus README's rule of rows pasted without their header:
a piece of the table, rows of it may be left out; its Killing-row burst rule).

The kubelet starts each container in one sequence (`startContainer`, R4.24): the image (a
`Pulling` event, then `Pulled` or `Failed`), the container's creation (`Created`) and its start
(`Started`), each an event about the pod (R4.4's table). So rows of the piece that show a step
show the events of the steps around it, whether the paster kept their rows or not:

- a Killing row's occurrence kills a running container (a probe runs only in one, R1.25),
  which the kubelet created and started: one Created and one Started occurrence each;
- a Pulling occurrence is followed by its pull's outcome, Pulled or Failed, but for the last,
  which may still be under way when the record was taken.

The spam filter counts every event of the kubelet about the pod, all reasons together, towards
its burst (`getSpamKey`: the source and the object, R4.43; the scheduler's Scheduled row is
another source's: `rc.kubelet_occurrences`), so these left-out occurrences, all the kubelet's,
count towards it as the kubelet's rows shown do (iesalisal-devopsk8s-11-13liveness: Unhealthy x4, Killing x4 and
Pulling x6 shown, 14 occurrences; 4 Created, 4 Started and 5 pulls' outcomes left out: 27).
Rows under their header are the table as kubectl printed it: no row of it is left out, and
the rule counts nothing (`View.rows_cut` and the burst rule weigh them)."""

from __future__ import annotations

from kubesim.explain import reconstruct as rc
from kubesim.explain.readers.model import RecordedEvent

__all__ = ["implied_left_out", "picked_reach_burst"]

# each Killing occurrence's container was created and started (R4.24)
_START_STEPS = ("Created", "Started")
# a pull's outcome (pkg/kubelet/images/image_manager.go: PulledImage or FailedToPullImage)
_PULL_OUTCOMES = ("Pulled", "Failed")


def _shown(events: list[RecordedEvent], reasons: tuple[str, ...]) -> int:
    return sum(e.count for e in events if e.reason in reasons)


def implied_left_out(events: list[RecordedEvent]) -> int:
    """How many occurrences the rows `events` imply that they do not show (see the module):
    the starts of the containers their Killing rows kill, past the Created and Started rows
    shown, and the outcomes of their pulls but the last, past the Pulled and Failed rows
    shown."""
    kills = _shown(events, ("Killing",))
    starts = sum(max(0, kills - _shown(events, (step,))) for step in _START_STEPS)
    pulls = _shown(events, ("Pulling",))
    return starts + max(0, pulls - 1 - _shown(events, _PULL_OUTCOMES))


def picked_reach_burst(events: list[RecordedEvent]) -> bool:
    """Whether `events`, a piece pasted without its column header (`no_header`) and short of
    the burst by the occurrences it shows, reach it with those it implies and leaves out
    (`implied_left_out`): the spam filter may then have dropped a kill after the last one
    the rows show (README's Killing-row burst rule, R4.43)."""
    if not any(e.no_header for e in events) or rc.past_burst(events):
        return False
    return rc.kubelet_occurrences(events) + implied_left_out(events) >= rc.SPAM_BURST
