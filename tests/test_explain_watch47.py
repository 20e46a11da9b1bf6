"""Kill ranges a count of another moment leaves open: held-out batches 47 and 48
(fixwatch47).

- a `kubectl get pods --watch` whose last row the paste cut after its NAME, anywhere before
  its RESTARTS cell (`nfs-client-78d-xbnwl   0/1`): the name whole, a later row of that pod,
  its RESTARTS cut away, so the count read from its earlier rows is of an earlier moment and
  its ends since are open (README: a watch's last row cut, nexus-operator-191 and
  external-storage-978); readers/watch_cut.py;
- a `get pods` row beside cut event rows (or rows pasted without their header) of the pod
  older than the pod's AGE in the row: the events were taken at least that much later (or
  are of an older pod of that name), and the ends after the row are in no count it holds
  (README: a count of another moment, dragonfly-operator-42); diagnosis
  `_events_older_than_pod`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import explained_kills, read_in_one_pass

# ---------------------------------------------------------------- a watch's last row cut

_POD = "mail-relay-7c9d5b8f6-w4k2p"
_WATCH = ("# kubectl get po -w\n"
          "NAME                          READY     STATUS    RESTARTS   AGE\n"
          "mail-relay-7c9d5b8f6-h8x3n    0/1       Terminating   7      40m\n"
          f"{_POD}    1/1       Running   1          30s\n"
          f"{_POD}    0/1       Error     1          1m\n"
          f"{_POD}    0/1       CrashLoopBackOff   1          1m\n"
          f"{_POD}    1/1       Running   2          2m\n")


@pytest.mark.parametrize("cut", [
    f"{_POD}    0/1",  # cut after READY (external-storage-978)
    f"{_POD}    0/",  # inside READY
    f"{_POD}    0/1       Error",  # after STATUS
    f"{_POD}    0/1       CrashLoo",  # inside STATUS
    f"{_POD}    1/1       Running   ",  # after STATUS's spaces
    f"pod/{_POD}   0/1",
])
def test_a_watchs_last_row_cut_before_its_restarts_leaves_that_pods_kills_open(
        tmp_path: Path, cut: str) -> None:
    assert explained_kills(tmp_path, _WATCH + cut, _POD) == {"min": 0, "max": None}


@pytest.mark.parametrize("text", [
    _WATCH + f"{_POD}    0/1       Error\n",  # a line whole, the paste not cut in it
    _WATCH + "mail-relay-7c9d5b8f6-h8x3n    0/1",  # the other pod's later row
    _WATCH + f"{_POD}x    0/1",  # no pod's name
    _WATCH + f"{_POD} 2 times",  # prose after a name: no READY cell
    _WATCH + f"{_POD} restarted again",
    _WATCH + f"why is {_POD}    0/1",  # a question about the pod
    _WATCH + f"{_POD}    0/1 why?",
    # no watch: a table that names each pod once, its last row a new pod's
    ("NAME                          READY     STATUS    RESTARTS   AGE\n"
     f"{_POD}    1/1       Running   2          2m\n"
     "mail-relay-7c9d5b8f6-z9q1m    0/1"),
])
def test_a_last_row_cut_no_later_row_of_the_pod_leaves_the_count_bounding(
        tmp_path: Path, text: str) -> None:
    assert explained_kills(tmp_path, text, _POD) == {"min": 0, "max": 2}


@pytest.mark.parametrize("cut", [
    f"{_POD}    0/1       Error     3",  # cut inside RESTARTS: the digits may be its start
])
def test_a_watchs_last_row_cut_inside_its_restarts_stays_open(tmp_path: Path, cut: str) -> None:
    assert explained_kills(tmp_path, _WATCH + cut, _POD)["max"] is None


@pytest.mark.parametrize("cut", [
    f"{_POD}    0/1       Error     3          2",  # cut in AGE: RESTARTS whole
    f"{_POD}    0/1       Error     3 (5s",  # cut in its last restart's age
])
def test_a_watchs_last_row_cut_after_its_restarts_keeps_its_count(
        tmp_path: Path, cut: str) -> None:
    assert explained_kills(tmp_path, _WATCH + cut, _POD) == {"min": 0, "max": 4}


# ---------------------------------------------------------------- events older than the pod

_SET = "cache-1"
_PODS = ("$ kubectl get pods -A\n"
         "NAMESPACE   NAME      READY   STATUS             RESTARTS     AGE\n"
         "default     cache-0   1/1     Running            0            14m\n"
         f"default     {_SET}   0/1     CrashLoopBackOff   4 (6s ago)   106s\n\n")


def _rows(backoff: str, pod: str = _SET) -> str:
    """Two describe rows pasted without their header, the BackOff's age cell `backoff`."""
    return ("  Normal   Pulled     4m7s                  kubelet            Container image "
            "\"cache:1.2\" already present on machine\n"
            f"  Warning  BackOff    {backoff}  kubelet            Back-off restarting failed "
            f"container cache in pod {pod}_default(7fd97854-5706-4808-aaa4-8c435163ef06)\n")


@pytest.mark.parametrize("backoff", [
    "4m4s (x9 over 4m58s)",  # dragonfly-operator-42: first 4m58s ago, the pod 106s old
    "100s (x9 over 3m)",  # the first beyond the age, the last within
])
def test_events_older_than_the_pods_age_leave_its_count_bounding_nothing(
        tmp_path: Path, backoff: str) -> None:
    text = _PODS + _rows(backoff).replace("4m7s", "90s ")
    assert explained_kills(tmp_path, text, _SET) == {"min": 0, "max": None}


def test_a_cut_row_older_than_the_running_pods_age_leaves_its_count_bounding_nothing(
        tmp_path: Path) -> None:
    """Rows under their header, cut in the last one's message, beside a running pod's row:
    its count alone would bound the kills (a running container's R, R4.7)."""
    text = (_PODS.replace("0/1     CrashLoopBackOff", "1/1     Running         ") + "Events:\n  Type     Reason     Age                  From     Message\n"
            "  ----     ------     ----                 ----     -------\n"
            + _rows("4m4s (x9 over 4m58s)")[:-60])
    assert explained_kills(tmp_path, text, _SET) == {"min": 0, "max": None}


@pytest.mark.parametrize("text", [
    _PODS + _rows("50s (x3 over 100s)").replace("4m7s", "90s "),  # within the pod's age
    # no AGE cell (a page trimmed it): nothing to weigh the events against
    _PODS.replace("   AGE", "").replace("   106s", "").replace("   14m", "")
    + _rows("4m4s (x9 over 4m58s)"),
])
def test_events_within_the_pods_age_leave_the_count_bounding(
        tmp_path: Path, text: str) -> None:
    assert explained_kills(tmp_path, text, _SET) == {"min": 0, "max": 5}


def test_events_of_another_pod_leave_the_count_bounding(tmp_path: Path) -> None:
    text = _PODS + ("  Warning  BackOff    4m4s (x9 over 4m58s)  kubelet  Back-off restarting "
                    "failed container cache in pod cache-0_default(7fd97854-5706)\n")
    assert explained_kills(tmp_path, text, _SET) == {"min": 0, "max": 5}


# ---------------------------------------------------------------- one pass


@pytest.mark.parametrize("text", [
    _WATCH + f"{_POD}    0/1" + " " * 2_000_000,
    _WATCH + f"{_POD}    0/1   " + "C" * 2_000_000,
    _WATCH + f"{_POD}" + " " * 2_000_000 + "0/1",
    _WATCH + f"{_POD}    " + "0/" * 1_000_000,
    _PODS.replace("106s", "1" * 2_000_000 + "s") + _rows("4m4s (x9 over 4m58s)"),
])
def test_the_watch47_rules_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of a watch's row cut before RESTARTS, of a pod's AGE and of
    an event row's span."""
    read_in_one_pass(text)
