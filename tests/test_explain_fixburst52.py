"""fixburst52 (the lead's review of stop 51): the recorder's burst counts the kubelet's occurrences.

client-go's spam filter keys on the event's source (its component and host) and its object
(`getSpamKey` in tools/record/events_cache.go, R4.43): the kubelet may send 25 events about a
pod, then one every 5 minutes, whatever the scheduler sent about the same pod. So the
scheduler's `Scheduled` row takes none of the kubelet's 25: rows of 24 kubelet occurrences
beside it are short of the burst (`rc.past_burst`, `rc.kubelet_occurrences`), and so is a piece
pasted without its header whose kubelet rows, with those they imply and leave out, make 24
(`picked_reach_burst`). A row's From or SOURCE cell names its source; with none, its reason
does (a Scheduled or FailedScheduling row is the scheduler's). The key's object is the pod,
not the container (it leaves out the fieldPath): every container's rows about the pod count
toward the one burst (`View.pod_events`). Expected ranges are worked out
by hand from those rules and the README's (a pod's rows from its Scheduled row on, whole and
short of the burst, show every end; past it an end after the last kill may be a dropped kill).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import explained_answer

from kubesim.explain import reconstruct as rc
from kubesim.explain.burst_start import begun_start
from kubesim.explain.implied_rows import picked_reach_burst
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import RecordedEvent
from kubesim.explain.readers.read import parse_record

# --- describe's table from the Scheduled row on ------------------------------------------------

_HEADER = ("Events:\n"
           "  Type     Reason     Age                  From               Message\n"
           "  ----     ------     ----                 ----               -------\n")


def _row(kind: str, reason: str, age: str, count: int, message: str, source: str = "kubelet",
         over: str = "5m") -> str:
    times = f"{age} (x{count} over {over})" if count > 1 else age
    return f"  {kind:<8} {reason:<10} {times:<20} {source:<18} {message}\n"


def _scheduled(source: str) -> str:
    return _row("Normal", "Scheduled", "6m", 1, "Successfully assigned ns/web-1 to node-1", source)


def _two_starts(back_offs: int, source: str = "kubelet") -> str:
    """One liveness kill (three failures before it), two containers started, the second ended
    since (BackOff after the last Started: R4.9): 3 + 1 + 2 + 2 + 2 + `back_offs` of the
    kubelet's occurrences, 24 with 14 refusals."""
    return (_row("Warning", "Unhealthy", "4m10s", 3, "Liveness probe failed: HTTP probe failed "
                 "with statuscode: 500", source, "4m30s")
            + _row("Normal", "Killing", "4m", 1, "Container web failed liveness probe, will be "
                   "restarted", source)
            + _row("Normal", "Pulled", "3m", 2, 'Container image "app:1" already present on '
                   "machine", source)
            + _row("Normal", "Created", "3m", 2, "Created container web", source)
            + _row("Normal", "Started", "3m", 2, "Started container web", source)
            + _row("Warning", "BackOff", "20s", back_offs, "Back-off restarting failed container",
                   source, "2m"))


@pytest.mark.parametrize("text", [
    # 24 of the kubelet's occurrences and the scheduler's row: 25 rows' occurrences in all
    _HEADER + _scheduled("default-scheduler") + _two_starts(14),
    # describe of kubectl up to 1.19 writes the kubelet's host in its From cell
    _HEADER + _scheduled("default-scheduler") + _two_starts(14, "kubelet, node-1"),
])
def test_the_schedulers_row_takes_none_of_the_kubelets_burst(text: str) -> None:
    """R4.43: the spam filter's key holds the source, so 24 kubelet occurrences beside the
    scheduler's Scheduled row are short of the burst: the rows from Scheduled on are whole and
    show every end, the second container's a kill only if a Killing row said so: {1, 1} (the
    code before summed the Scheduled row's occurrence too, 25, and left the end open: {1, 2})."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.LIVENESS_KILL, CountRange(1, 1))


@pytest.mark.parametrize("text", [
    # the kubelet's own 25: at the burst whatever the Scheduled row
    _HEADER + _scheduled("default-scheduler") + _two_starts(15),
    # a Scheduled row whose From cell names the kubelet counts as the kubelet's (its source)
    _HEADER + _scheduled("kubelet, node-1") + _two_starts(14),
])
def test_the_kubelets_own_25_reach_the_burst(text: str) -> None:
    """The other side (R4.43): 25 occurrences of the kubelet's source reach the burst, so the
    second container's end after the last kill may be a kill the filter dropped, and so may
    any later kill, its failures and its start (every count past the burst is from below; the
    lead's stop-53 rule): one kill shown, no upper bound: {1, None}. (Before stop 53: {1, 2},
    the rows' ends bounding; the code of burst53b gave {1, 1}, counting the one Killing row
    as every kill.)"""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.LIVENESS_KILL, CountRange(1, None))


# --- Event objects without a source: the reason tells ------------------------------------------

def _event(reason: str, kind: str, count: int, first: str, last: str, message: str,
           source: str | None, container: bool = True) -> str:
    path = "\n    fieldPath: spec.containers{web}" if container else ""
    src = f"\n  source:\n    component: {source}" if source else ""
    return (f"- apiVersion: v1\n  kind: Event\n  type: {kind}\n  reason: {reason}\n"
            f"  message: '{message}'\n  count: {count}\n"
            f'  firstTimestamp: "2024-05-01T10:{first}Z"\n'
            f'  lastTimestamp: "2024-05-01T10:{last}Z"\n'
            f"  involvedObject:\n    kind: Pod\n    name: web-1\n    namespace: ns{path}{src}\n")


def _event_list(scheduled_source: str | None, back_offs: int = 14) -> str:
    """`_two_starts` as Event objects, the kubelet's without a source."""
    return ("apiVersion: v1\nkind: List\nitems:\n"
            + _event("Scheduled", "Normal", 1, "00:00", "00:00",
                     "Successfully assigned ns/web-1 to node-1", scheduled_source, False)
            + _event("Unhealthy", "Warning", 3, "01:00", "01:20",
                     "Liveness probe failed: HTTP probe failed with statuscode: 500", None)
            + _event("Killing", "Normal", 1, "01:21", "01:21",
                     "Container web failed liveness probe, will be restarted", None)
            + _event("Pulled", "Normal", 2, "00:10", "01:30",
                     'Container image "app:1" already present on machine', None)
            + _event("Created", "Normal", 2, "00:10", "01:30", "Created container web", None)
            + _event("Started", "Normal", 2, "00:10", "01:30", "Started container web", None)
            + _event("BackOff", "Warning", back_offs, "02:00", "04:00",
                     "Back-off restarting failed container", None))


@pytest.mark.parametrize(("scheduled_source", "back_offs", "most"), [
    (None, 14, 1),  # no source: Scheduled is the scheduler's reason (schedule_one.go)
    ("default-scheduler", 14, 1),
    # a source naming the kubelet counts, whatever the reason: past the burst, no upper bound
    ("kubelet", 14, None),
    (None, 15, None),  # the kubelet's own 25
])
def test_an_event_without_a_source_is_counted_by_its_reason(scheduled_source: str | None,
                                                            back_offs: int,
                                                            most: int | None) -> None:
    """R4.43 on Event objects: `source.component` names the source where the object has one;
    without it, the Scheduled reason is the scheduler's, none of the kubelet's burst. Past the
    burst every count is from below (the lead's stop-53 rule): no upper bound."""
    a = explained_answer(_event_list(scheduled_source, back_offs))
    assert a.probe_kills == CountRange(1, most)


# --- the one count every caller holds to the burst ---------------------------------------------

def _events(text: str) -> list[RecordedEvent]:
    [pod] = parse_record(text, "r.txt").pods
    return pod.events


@pytest.mark.parametrize(("text", "past"), [
    (_HEADER + _scheduled("default-scheduler") + _two_starts(14), False),
    (_HEADER + _scheduled("kubelet, node-1") + _two_starts(14), True),
    (_HEADER + _two_starts(14), False),
    (_HEADER + _scheduled("default-scheduler") + _two_starts(15), True),
    (_HEADER + _two_starts(15), True),
], ids=["24-beside-scheduler", "24-beside-kubelet-cell", "24-alone", "25-beside-scheduler",
        "25-alone"])
def test_past_burst_counts_the_kubelets_occurrences(text: str, past: bool) -> None:
    """`rc.past_burst` at exactly the burst, with and without a Scheduled row (R4.43)."""
    assert rc.past_burst(_events(text)) is past


def test_a_cell_with_no_source_falls_back_to_the_reason() -> None:
    """The same 24 + 1 rows with their From cells emptied (a record that gives no source):
    the Scheduled row is still the scheduler's; a cell cut inside `kubelet` (`kube` at a row's
    end, onedr0p-home-ops-10407's last row) names no other source either."""
    events = _events(_HEADER + _scheduled("default-scheduler") + _two_starts(14))
    bare = [replace(e, component="") for e in events]
    assert rc.kubelet_occurrences(bare) == 24 and not rc.past_burst(bare)
    cut = [replace(e, component="kube") for e in events]
    assert rc.kubelet_occurrences(cut) == 24
    assert rc.kubelet_occurrences(events + [replace(events[0], reason="Pulling")]) == 24


# --- a piece pasted without its header (picked_reach_burst) ------------------------------------

_NOTES = "## Output of the test\n\n"
_UNHEALTHY = ("  Warning  Unhealthy  100s (x10 over 4m55s)  kubelet            Liveness probe "
              "failed: cat: can't open '/tmp/healthy': No such file or directory\n")
_KILLING = ("  Normal   Killing    100s (x3 over 4m55s)   kubelet            Container liveness "
            "failed liveness probe, will be restarted\n")


def _pulling(count: int) -> str:
    return (f"  Normal   Pulling    5s (x{count} over 5m29s)     kubelet            Pulling image "
            '"k8s.gcr.io/busybox"\n')


def _scheduler_row(reason: str, source: str) -> str:
    message = "0/3 nodes are available: 3 Insufficient cpu." if reason == "FailedScheduling" \
        else "Successfully assigned default/liveness-exec to node-1"
    return f"  Warning  {reason:<16}  7m  {source:<18} {message}\n"


# Unhealthy x10, Killing x3, Pulling x3 shown (16); three killed containers' Created and
# Started and two pulls' outcomes left out (8): 24 of the kubelet's occurrences
_PIECE = _UNHEALTHY + _KILLING + _pulling(3)


@pytest.mark.parametrize(("rows", "reach"), [
    (_scheduler_row("Scheduled", "default-scheduler") + _PIECE, False),
    (_scheduler_row("FailedScheduling", "default-scheduler") + _PIECE, False),
    (_scheduler_row("Scheduled", "kubelet, node-1") + _PIECE, True),
    (_PIECE, False),
    # a fourth pull: 17 shown and 9 implied, the kubelet's 26
    (_scheduler_row("Scheduled", "default-scheduler") + _UNHEALTHY + _KILLING + _pulling(4),
     True),
], ids=["scheduled-by-the-scheduler", "failed-scheduling", "scheduled-from-kubelet", "no-row",
        "kubelets-26"])
def test_a_headerless_piece_reaches_the_burst_by_the_kubelets_rows(rows: str, reach: bool
                                                                   ) -> None:
    """`picked_reach_burst` holds the kubelet's shown and implied occurrences to the burst
    (R4.43, R4.24): a scheduler's row beside 24 of them is short of it."""
    assert picked_reach_burst(_events(_NOTES + rows)) is reach


def test_a_headerless_rows_source_cell_emptied_falls_back_to_the_reason() -> None:
    """The headerless piece with no From cells (R4.43): its Scheduled row still the
    scheduler's, short of the burst."""
    events = _events(_NOTES + _scheduler_row("Scheduled", "default-scheduler") + _PIECE)
    assert not picked_reach_burst([replace(e, component="") for e in events])


def test_a_begun_start_past_the_burst_reads_the_same_count() -> None:
    """burst_start holds the kubelet's occurrences to the burst by the same rule (its own
    filter moved into `rc.kubelet_row`; a guard, it held before): a Pulling row newer than the
    last end beside the Scheduled row opens a begun start at the kubelet's 25, not at 24."""
    pulling = _row("Normal", "Pulling", "10s", 1, 'Pulling image "app:1"')
    short = _HEADER + _scheduled("default-scheduler") + _two_starts(13) + pulling
    at = _HEADER + _scheduled("default-scheduler") + _two_starts(14) + pulling
    assert begun_start(_events(short)) is None
    begun = begun_start(_events(at))
    assert begun is not None and begun.row.reason == "Pulling" and begun.placed == 2


# --- the pod's rows, every container's: the filter's key is the pod, not the container --------

def _two_containers(app_failures: int, sidecar_failures: int) -> str:
    """The app's liveness failures going on after its two kills (the last 3 min ago), beside
    the sidecar's readiness failures: 2 + `app_failures` + `sidecar_failures` of the
    kubelet's occurrences about the pod."""
    rows = (_row("Warning", "Unhealthy", "10s", app_failures, "spec.containers{app}: Liveness "
                 "probe failed: HTTP probe failed with statuscode: 500")
            + _row("Normal", "Killing", "3m", 2, "spec.containers{app}: Container app failed "
                   "liveness probe, will be restarted"))
    if sidecar_failures:
        rows += _row("Warning", "Unhealthy", "10s", sidecar_failures, "spec.containers{sidecar}: "
                     "Readiness probe failed: HTTP probe failed with statuscode: 503")
    return _HEADER + rows


@pytest.mark.parametrize(("app_failures", "sidecar_failures", "most"), [
    (16, 7, None),  # 25 about the pod, 18 of them the app's: past the burst
    (16, 9, None),
    (16, 6, 2),  # 24 about the pod: short of it
    (16, 0, 2),
    (23, 0, None),  # the app's own 25
], ids=["pods-25", "pods-27", "pods-24", "app-alone-18", "app-alone-25"])
def test_another_containers_rows_count_toward_the_pods_burst(app_failures: int,
                                                            sidecar_failures: int,
                                                            most: int | None) -> None:
    """R4.43: `getSpamKey` leaves out the event's fieldPath, so the sidecar's occurrences take
    the kubelet's burst about the pod as the app's do; past it, the app's liveness failures
    after its last kill may have made a kill the filter dropped (README's Killing-row burst
    rule): {2, null}; short of it, the Killing row counts every kill, {2, 2} (the code before
    counted the app's rows alone: {2, 2} at 25 and 27 about the pod)."""
    a = explained_answer(_two_containers(app_failures, sidecar_failures), container="app")
    assert (a.cause, a.probe_kills) == (Cause.LIVENESS_KILL, CountRange(2, most))


def test_a_begun_start_reads_the_pods_rows_for_the_burst() -> None:
    """burst_start's burst is the pod's (R4.43): a container's rows of 24 kubelet occurrences
    and a sidecar's one row about the same pod reach it."""
    pulling = _row("Normal", "Pulling", "10s", 1, 'Pulling image "app:1"')
    rows = _events(_HEADER + _scheduled("default-scheduler") + _two_starts(13) + pulling)
    sidecar = replace(rows[-1], reason="Started", message="Started container sidecar",
                      container="sidecar")
    assert begun_start(rows) is None
    assert begun_start(rows, rows + [sidecar]) is not None
