"""Held-out batches 161 and 163 (stop 60, fx60d): two shapes of what people paste.

- A `kubectl get events` table pasted without its header whose last line is a row cut right
  after its TYPE (`2m43s       Normal`, a NAMESPACE cell before it or not; turtles-2489,
  mongodb-kubernetes-operator-236): that line starts a row, the layout's first cells (LAST
  SEEN, TYPE), and is no part of the row above's message; the record ends in it, so the rows
  after it are not in the record (README: a table cut after a row's TYPE, its cut row any
  pod's: emqx-operator-554, gitlab-runner-4664). Read so only under a row of that layout (its
  OBJECT cell names `kind/name`): under a describe row the line stays the message's.
- A `kubectl get pods` row of a pod of several containers (READY x/N) whose STATUS is a
  waiting reason a container holds before its start (ImagePullBackOff, ErrImagePull,
  CreateContainerConfigError: free5gc-k8s-3's `1/2 ImagePullBackOff 0`):
  the row shows no end, so each container's kills are at most RESTARTS, their sum (README's
  get-pods rule, titles35: `{0, sum}`, one more only where STATUS shows an end, R4.7). A
  CrashLoopBackOff (an end before it) and ContainerCreating (also a container made again
  after its instance was removed) keep their own readings.

Hand-written variants beside each, with the near ones that must read as before."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

_CUT_TYPE_NOTE = "the record ends in the row after this one, cut after its type"

_GET_ROWS = (
    "65s         Normal    Started             pod/web-7d9c-q7nld    Started container app\n"
    "64s         Warning   Unhealthy           pod/web-7d9c-q7nld    Readiness probe failed: "
    "Get \"http://10.42.0.205:9440/readyz\": dial tcp 10.42.0.205:9440: connect: connection "
    "refused\n"
    "44s         Normal    Killing             pod/web-7d9c-q7nld    Stopping container app\n")

# ------------------------------------------------ a headerless get events row cut after TYPE


@pytest.mark.parametrize("last", [
    "2m43s       Normal\n",
    "2m43s       Warning",  # no line break after it
    "2m43s\tNormal   \n",
    "default   2m43s   Normal\n",  # a NAMESPACE cell before it (`-A`)
    "<unknown>   Warning\n",
])
def test_a_headerless_get_events_row_cut_after_its_type_is_no_message(last):
    """The last line, an age and a type alone under a `get events` row: a row cut after its
    TYPE, the row above whole (its message its own) and cut after (README, fx60d)."""
    record = parse_record("```\n" + _GET_ROWS + last, "r.txt")
    kill = record.events[-1]
    assert (kill.reason, kill.message, kill.truncated, kill.cut_after) == \
        ("Killing", "Stopping container app", False, True)
    assert any(n.text.startswith(_CUT_TYPE_NOTE) for n in record.notes)


def test_the_cut_row_bounds_the_message_of_the_readiness_row_too():
    """The row above may be any reason's: an Unhealthy row's message (a probe's output, which
    may run over lines) does not take the cut row's cells either."""
    rows = _GET_ROWS.rsplit("44s", 1)[0]
    record = parse_record(rows + "2m43s       Normal\n", "r.txt")
    assert record.events[-1].message.endswith("connect: connection refused")


@pytest.mark.parametrize("text", [
    # a describe row (no OBJECT cell) above it: not the get layout's row
    "  Normal  Started  65s  kubelet  Started container app\n"
    "  Normal  Killing  44s  kubelet  Stopping container app\n2m43s       Normal\n",
    # words before the age, one space apart: a message going on, no row's cells
    _GET_ROWS + "after 2m43s Normal\n",
    _GET_ROWS + "2m43s Normal\n",
    # the type first: no cells of the get layout
    _GET_ROWS + "Normal   2m43s\n",
])
def test_other_lines_are_not_read_as_a_get_row_cut_after_its_type(text):
    """Under a row of another layout, or a line whose cells are not LAST SEEN then TYPE: no
    row cut after its type is read."""
    record = parse_record(text, "r.txt")
    assert not any(n.text.startswith(_CUT_TYPE_NOTE) for n in record.notes)


_POD_ROWS = (
    "```\n"
    "64s         Normal    Scheduled           pod/web-7d9c-q7nld    Successfully assigned "
    "ns/web-7d9c-q7nld to node-1\n"
    "65s         Normal    Created             pod/web-7d9c-q7nld    Created container app\n"
    + _GET_ROWS)


def test_a_stop_above_a_row_cut_after_its_type_leaves_the_kills_open():
    """The row cut after its TYPE names no pod (its OBJECT cell cut away: any pod's,
    emqx-operator-554), so the rows cut away after it may be this pod's and of any time; its
    Created and Started rows state no count (at least once), so earlier containers, killed in
    those rows, stay possible beside the stop (README: che-19817's rule): {0, null}."""
    a = explained_answer(_POD_ROWS + "2m43s       Normal\n", pod="web-7d9c-q7nld")
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True)


@pytest.mark.parametrize("last", ["", "```\n", "2m43s Normal\n"])
def test_a_stop_as_the_last_row_of_an_uncut_table_keeps_its_reading(last):
    """No row cut after the stop (the paste ends after its row, or its fence closes, or the
    line is a message's words one space apart): the stop ended the container for good, as
    before: {0, 0}."""
    a = explained_answer(_POD_ROWS + last, pod="web-7d9c-q7nld")
    assert a.probe_kills == CountRange(0, 0)


@pytest.mark.parametrize("hostile", [
    "a" * 2_000_000 + " Normal",
    "1" * 2_000_000,
    "1s" * 1_000_000 + " Warning",
    " \t" * 1_000_000 + "Normal",
    "default " * 250_000 + "2m Normal",
])
def test_the_cut_type_shape_reads_a_hostile_line_in_one_pass(hostile):
    """`_GET_TYPE_ONLY` (event_rows.py) on a 2 MB line after a get row: one pass."""
    read_in_one_pass(_GET_ROWS + hostile)


# ------------------------------------------------ a get pods row of several containers held before start

_PODS = ("NAME                                 READY   STATUS             RESTARTS   AGE\n"
         "dbg-mongo-express-668dc8dd65-q4xdl   1/1     Running            2          4m8s\n"
         "f5gc-amf-b8c8d979c-xm7q7             {row}   4m42s\n"
         "f5gc-ausf-6d6c879bc7-zmx8g           1/2     ImagePullBackOff   0          3m51s\n")
_POD = "f5gc-amf-b8c8d979c-xm7q7"


@pytest.mark.parametrize(("row", "most"), [
    ("1/2     ImagePullBackOff   0       ", 0),
    ("1/2     ErrImagePull       0       ", 0),
    ("0/2     ErrImagePull       0       ", 0),
    ("2/3     CreateContainerConfigError   0", 0),
])
def test_several_containers_held_before_their_start_are_bounded_by_the_sum(row, most):
    """x/N with a waiting reason held before a start (no end shown): each container's kills at
    most RESTARTS, their sum (README's get-pods rule, titles35; R4.7)."""
    a = explained_answer(_PODS.format(row=row), pod=_POD)
    assert (a.cause, a.probe_kills, a.failed) == (Cause.CANNOT_TELL, CountRange(0, most), ())
    assert a.shows_failures is bool(most)


@pytest.mark.parametrize(("row", "most"), [
    ("1/2     CrashLoopBackOff   2       ", 3),  # a back-off follows an end: one more (R4.9)
    ("1/2     Running            0       ", 0),
    ("1/2     ImagePullBackOff   3       ", 3),  # restarts shown: bounded by the sum before
    ("1/2     ContainerCreating  0       ", None),  # made again after an end, maybe: open
])
def test_a_back_off_and_a_running_row_keep_their_readings(row, most):
    """A back-off (an end before it: sum + 1), Running (sum), a held row whose sum counts
    restarts (sum) and `ContainerCreating` (a container made again after its instance was
    removed shows it too: open, the holdout rule of fixrows90) read as before."""
    a = explained_answer(_PODS.format(row=row), pod=_POD)
    assert a.probe_kills == CountRange(0, most)
