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
  after its restart, the kubelet's), an end of no cause the row tells.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.event_rows import placeholder_name
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
