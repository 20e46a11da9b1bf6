"""The rules of fixrows56b (held-out batches 128 and 129, first contact on stop 56's code),
each with hand-written variants that hold and variants that must stay unread, and long lines
read in one pass:

- an author's placeholder in a `get events` row's OBJECT cell (`pod/egg-<id here>`,
  kubefate-64): kubectl prints a name without `<` or a space, so a `<` the cell leaves open
  runs to the `>` that closes it a few words on, and the row's pod is named whole;
- a `get pods` row of one container whose RESTARTS is `0 (5d14h ago)` (rancher-40992):
  printPod dates the last termination (lastState.terminated.finishedAt), so the waiting
  container ended once with its count still 0 (R + 1 ends);
- a `get pods` row of one container whose STATUS is `Unknown` or `ContainerStatusUnknown`
  (runtime-class-manager-140): a terminated state whose end was lost (containerd's CRI plugin
  after its restart, the kubelet's), an end of no cause the row tells;
- the Kubernetes Dashboard's event list copied one cell a line (cloudstate-134,
  readers/dashboard_cells.py), a Started row whose count is cut away beside a Created row of
  a stated count (the Created count bounds the containers), and a Pulled row counting more
  starts than the Created row states (a start begun after the last container: it ended).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.dashboard_cells import dashboard_run
from kubesim.explain.readers.event_rows import placeholder_name
from kubesim.explain.readers.normalise import normalise
from kubesim.explain.readers.read import parse_record, pod_groups


def _facts(text: str, pod: str | None = None) -> tuple[Cause, tuple[int, int | None], bool]:
    a = explained_answer(text, pod)
    return a.cause, (a.probe_kills.lo, a.probe_kills.hi), a.shows_failures


# ------------------------------------------------ a placeholder in a get events OBJECT cell

_EVICTED = (
    "4m11s       Warning   Evicted               pod/egg-<id here>    The node was low on "
    "resource: memory. Container egg was using 5053216Ki, which exceeds its request of 0.\n"
    "4m11s       Normal    Killing               pod/egg-<id here>    Stopping container egg\n"
    "4m          Warning   ExceededGracePeriod   pod/egg-<id here>    Container runtime did "
    "not kill the pod within specified grace period.\n"
    "4m7s        Normal    Scheduled             pod/egg-<id2 here>    Successfully assigned "
    "fate-10000/egg-<id2 here> to aks-nodepool1-<id>\n"
    "4m7s        Warning   Evicted               pod/egg-<id2 here>    The node had "
    "condition: [MemoryPressure].\n")
_GET_HEADER = "LAST SEEN   TYPE      REASON                OBJECT               MESSAGE\n"


@pytest.mark.parametrize("header", ["", _GET_HEADER])
def test_a_placeholder_in_the_object_cell_names_the_pod_whole(header):
    pods = pod_groups([parse_record("```\n" + header + _EVICTED + "```\n", "r.txt")])
    assert sorted(p.name or "" for p in pods) == ["egg-<id here>", "egg-<id2 here>"]


def test_the_evicted_pod_of_a_placeholder_name_is_read_as_its_eviction():
    """kubefate-64: the Killing row beside the Evicted row of the same pod: the kubelet's
    eviction stopped the container, no probe: cannot-tell, {0, 0}, failures shown."""
    assert _facts(_EVICTED, "egg-<id here>") == (Cause.CANNOT_TELL, (0, 0), True)


@pytest.mark.parametrize(("name", "message", "read"), [
    ("egg-<id", "here>    Stopping container egg", ("egg-<id here>", "Stopping container egg")),
    ("web-<pod", "name here> Started container web", ("web-<pod name here>",
                                                       "Started container web")),
    ("db-<x", "y>", ("db-<x y>", "")),
])
def test_an_open_placeholder_runs_to_its_closing_word(name, message, read):
    assert placeholder_name(name, message) == read


@pytest.mark.parametrize(("name", "message"), [
    ("egg-<id>", "here> Stopping container egg"),  # closed in the cell
    ("egg", "here> Stopping container egg"),  # no `<` in the name
    ("egg-<id", "Liveness probe failed: statuscode 500 > 400"),  # `>` after a space
    ("egg-<id", "one two three four five> Stopping"),  # too many words before the `>`
    ("egg-<id", "here>x Stopping"),  # the `>` ends no word
    ("egg-<id", "Stopping container egg"),  # never closed
])
def test_a_name_with_no_placeholder_closed_after_it_keeps_its_cells(name, message):
    assert placeholder_name(name, message) == (name, message)


@pytest.mark.parametrize("line", [
    "4m  Warning  Evicted  pod/egg-<id " + "here " * 400_000,
    "4m  Warning  Evicted  pod/egg-<id " + "a " * 1_000_000 + ">",
    "4m  Normal  Killing  pod/" + "<" * 250 + " " + "x>" * 1_000_000,
])
def test_placeholders_on_a_2_mb_line_are_read_in_one_pass(line):
    read_in_one_pass(line)


# ------------------------------------------------ RESTARTS 0 with a last termination's age

_PODS_HEADER = "NAME      READY   STATUS    RESTARTS   AGE\n"


@pytest.mark.parametrize("status", ["CreateContainerConfigError", "CrashLoopBackOff",
                                    "ErrImagePull"])
def test_a_count_of_0_dated_by_a_last_termination_is_one_end(status):
    """rancher-40992: `0 (5d14h ago)` beside a waiting reason: one end, cause untold."""
    text = _PODS_HEADER + f"web-1   0/1   {status}   0 (5d14h ago)   5d14h\n"
    assert _facts(text) == (Cause.CANNOT_TELL, (0, 1), True)


@pytest.mark.parametrize("row", [
    "web-1   0/1   CreateContainerConfigError   0   5d14h\n",  # no age: no end
    "web-1   1/1   Running   0 (3m ago)   1h\n",  # running: count and age disagree
])
def test_a_count_of_0_undated_or_beside_running_shows_no_end(row):
    assert _facts(_PODS_HEADER + row) == (Cause.CANNOT_TELL, (0, 0), False)


# ------------------------------------------------ STATUS Unknown of one container

@pytest.mark.parametrize("status", ["Unknown", "ContainerStatusUnknown"])
def test_a_lost_container_of_one_is_one_end_of_untold_cause(status):
    """runtime-class-manager-140: `0/1 Unknown 0`: the container ended, its end lost."""
    text = _PODS_HEADER + f"web-1   0/1   {status}   0   7m25s\n"
    assert _facts(text) == (Cause.CANNOT_TELL, (0, 1), True)


def test_an_unknown_pod_of_several_containers_stays_unread():
    """`1/2 Unknown 0`: which container the STATUS is about is not in the row (printPod)."""
    a = explained_answer(_PODS_HEADER + "web-1   1/2   Unknown   0   7m\n")
    assert (a.probe_kills, a.shows_failures) == (CountRange(0, None), False)


# ------------------------------------------------ the Dashboard's event list, one cell a line

_SCHEDULED = ("Successfully assigned ns/web-1 to node1", "default-scheduler", "-", "1")


def _cells(reason: str, count: int | str) -> tuple[str, str, str, str]:
    message = {"Pulled": 'Successfully pulled image "web:1"', "Created": "Created container web",
               "Started": "Started container web", "Pulling": 'Pulling image "web:1"'}[reason]
    return message, "kubelet node1", "spec.containers{web}", str(count)


def _board(*events: tuple[str, str, str, str], tail: str = "") -> str:
    """A Dashboard list as copied: six lines an event, then `tail` (where the paste ends)."""
    rows = "".join(f"{m}\n{src}\n{sub}\n{n}\n2019-10-28T21:29 UTC\n2019-10-28T21:29 UTC\n"
                   for m, src, sub, n in events)
    return "```\n" + rows + tail


_CUT_IN_STARTED = "Started container web\nkubele"


def test_a_dashboard_list_is_read_event_by_event():
    lines = [x for x in normalise(_board(_SCHEDULED, _cells("Pulling", 3), _cells("Created", 2),
                                         tail=_CUT_IN_STARTED))]
    run = dashboard_run(lines, 1, "r.txt", lines[-1].number)
    assert run is not None and run.end == len(lines)
    assert [(e.reason, e.count, e.count_stated, e.container) for e in run.events] == [
        ("Scheduled", 1, True, None), ("Pulling", 3, True, "web"), ("Created", 2, True, "web"),
        ("Started", 1, False, None)]
    assert run.events[-1].cut_after


def test_a_dashboard_list_cut_in_its_started_row_is_bounded_by_its_counts():
    """cloudstate-134: Pulled x3 beside Created x2, the list cut inside the Started row's
    source: two containers, and a third start begun, so the second ended: {0, 2}."""
    text = _board(_SCHEDULED, _cells("Pulled", 3), _cells("Created", 2), tail=_CUT_IN_STARTED)
    assert _facts(text) == (Cause.CANNOT_TELL, (0, 2), True)


def test_a_started_row_of_no_count_beside_a_stated_created_row_is_bounded_by_it():
    """Pulled x2 beside Created x2: no start after the second container, whose end the
    list does not show: {0, 1} (the cut Started row's count is no more than Created's)."""
    text = _board(_SCHEDULED, _cells("Pulled", 2), _cells("Created", 2), tail=_CUT_IN_STARTED)
    assert _facts(text) == (Cause.CANNOT_TELL, (0, 1), True)


_DESCRIBE = ("Events:\n  Type     Reason     Age              From     Message\n"
             "  ----     ------     ----             ----     -------\n"
             "  Normal   Pulled     2m (x{pulled} over 5m)  kubelet  Container image \"web:1\" "
             "already present on machine\n"
             "  Normal   Created    3m (x2 over 5m)  kubelet  Created container web\n"
             "{failed}  Normal   Started  3m")


def test_more_image_rows_than_created_ones_show_the_last_container_ended():
    """R4.7 (each new container follows the last one, restartCount + 1): a describe cut in its
    Started row, Pulled x3 beside Created x2, is a third start begun, so the second container
    ended and may have been killed: {0, 2}."""
    text = _DESCRIBE.format(pulled=3, failed="")
    assert _facts(text) == (Cause.CANNOT_TELL, (0, 2), True)


@pytest.mark.parametrize(("pulled", "failed"), [
    (2, ""),  # as many image rows as containers: no start after the last
    (3, "  Warning  Failed     2m   kubelet  Error: CreateContainerConfigError\n"),
])
def test_image_rows_no_start_beyond_or_a_failed_start_show_no_last_end(pulled, failed):
    """A Failed row: a start that failed after its image was ensured may be the extra one."""
    assert _facts(_DESCRIBE.format(pulled=pulled, failed=failed)) == (
        Cause.CANNOT_TELL, (0, 1), True)


@pytest.mark.parametrize("text", [
    _board(_cells("Created", 2)) + "```\n",  # one whole event alone: no list
    _board(_SCHEDULED, ("Created container web", "some-tool node1", "spec.containers{web}",
                        "2")),  # a source neither the kubelet's nor the scheduler's
    _board(_SCHEDULED, ("Created container web", "kubelet node1", "spec.containers{web}",
                        "x2")),  # a count not a number
    _board(("Hello there", "kubelet node1", "-", "1"), _cells("Created", 2)),  # no reason
])
def test_six_lines_that_are_no_dashboard_event_stay_unread(text):
    lines = normalise(text)
    assert all(dashboard_run(lines, i, "r.txt", lines[-1].number) is None
               for i, x in enumerate(lines) if x.text)


def test_a_started_row_cut_before_the_paste_ends_is_not_read():
    """The two lines of a cut Started row with more content after them: not where the paste
    ends, so not a row cut by it."""
    lines = normalise(_board(_SCHEDULED, _cells("Created", 2),
                             tail=_CUT_IN_STARTED + "\nmore words\nand more\n"))
    run = dashboard_run(lines, 1, "r.txt", lines[-1].number)
    assert run is not None and [e.reason for e in run.events] == ["Scheduled", "Created"]


@pytest.mark.parametrize("line", [
    "Successfully assigned " + "a" * 2_000_000 + " to x",
    "Pulling image \"" + "a" * 2_000_000,
    "Created container web\nkubelet " + "a" * 2_000_000,
    "Created container web\nkubelet node1\nspec.containers{" + "{" * 2_000_000,
    ("Created container web\nkubelet node1\n-\n" + "9" * 2_000_000),
    ("Created container web\nkubelet node1\n-\n2\n2019-10-28T21:29" + " UTC" * 500_000),
])
def test_dashboard_cells_on_a_2_mb_line_are_read_in_one_pass(line):
    read_in_one_pass(line)


def test_a_long_run_of_dashboard_events_is_read_in_one_pass():
    """20 000 events, six lines each (2 MB): the run is read once, not again from each line."""
    read_in_one_pass(_board(_SCHEDULED, *[_cells("Created", 2)] * 20_000))
