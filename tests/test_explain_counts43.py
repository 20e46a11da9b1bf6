"""Kill ranges a count of another moment leaves open, held-out batch 44 (fixcounts43):

- a `kubectl get pods --watch` whose last row the paste cut inside its NAME cell: a later row
  of the one pod whose name starts so, its RESTARTS cut away, so the count read from the
  pod's earlier row is of an earlier moment and its ends since are open (README: a row cut in
  its name is a pod's where one pod whole starts so; nexus-operator-191);
  readers/watch_cut.py, diagnosis `_later_row_cut_why`;
- a `get pods` row whose `(48s ago)` shows a last restart that the cut event rows beside it
  do not show (their newest Created or Started row older than it): the two were taken at
  other moments, and the count does not hold the restarts after its own (README: a count of
  another moment is weighed apart; a restart count alone counts ends older than the events
  or in rows cut away; rocketchat-25481); diagnosis `_restart_unseen`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import explained_kills, read_in_one_pass

# ---------------------------------------------------------------- a watch's last row cut

_OLD = "shop-api-85c4d9f7b6-q2m7x"
_WATCH = ("$ kubectl get pods -w\n"
          "NAME                        READY   STATUS    RESTARTS   AGE\n"
          f"{_OLD}   0/1     Running   2          41m\n"
          "shop-api-6b8d7c5f94-zt4kp   0/1     Pending   0          0s\n"
          "shop-api-6b8d7c5f94-zt4kp   0/1     ContainerCreating   0          3s\n"
          "shop-api-6b8d7c5f94-zt4kp   0/1     Running             0          22s\n")


@pytest.mark.parametrize("cut", ["shop-api-85", "shop-api-85c4d9f7b6-q2m", _OLD, "pod/shop-api-8"])
def test_a_watchs_last_row_cut_in_its_name_leaves_that_pods_kills_open(
        tmp_path: Path, cut: str) -> None:
    assert explained_kills(tmp_path, _WATCH + cut, _OLD) == {"min": 0, "max": None}


@pytest.mark.parametrize("text", [
    _WATCH + "shop-api-85\n",  # a line whole, the paste not cut in it
    _WATCH + "shop-api-",  # the start of both pods' names
    _WATCH + "shop-api-6b",  # the other pod's
    _WATCH + "shop-api-85c4d9f7b6-q2m7xy",  # no pod's
    # no watch: a table that names each pod once, its last row another pod's
    ("NAME                        READY   STATUS    RESTARTS   AGE\n"
     f"{_OLD}   0/1     Running   2          41m\n"
     "shop-api-6b8d7c5f94-zt4kp   0/1     Running   0          22s\n"
     "shop-api-85"),
])
def test_a_last_line_no_one_pods_later_watch_row_leaves_the_count_bounding(
        tmp_path: Path, text: str) -> None:
    assert explained_kills(tmp_path, text, _OLD) == {"min": 0, "max": 2}


# ---------------------------------------------------------------- a restart the events miss

_POD = "chat-server-7f9c6d8b5-xk2lp"
_PODS = ("$ kubectl get pods\n"
         "NAME                          READY   STATUS    RESTARTS      AGE\n"
         f"{_POD}   0/1     Running   5 (31s ago)   14m\n")


def _events(newest_start: str, *, cut: bool = True) -> str:
    # rows none cut are a table under its header: rows pasted without it are picked out of
    # their table (the corpus README's rule of a headerless `get events` row, stop 50)
    return ("\n$ kubectl get events\n"
            + ("" if cut else "LAST SEEN   TYPE      REASON    OBJECT   MESSAGE\n") +
            f"3m10s       Normal    Killing   pod/{_POD}   Container chat failed liveness "
            "probe, will be restarted\n"
            f"{newest_start}       Normal    Created   pod/{_POD}   Created container chat\n"
            + ("2m40s" if cut else
               f"2m41s       Normal    Started   pod/{_POD}   Started container chat\n"))


@pytest.mark.parametrize("newest", ["2m41s", "1m5s", "32s"])
def test_a_get_pods_restart_the_cut_events_do_not_show_bounds_no_kills(
        tmp_path: Path, newest: str) -> None:
    assert explained_kills(tmp_path, _PODS + _events(newest), _POD) == {"min": 1, "max": None}


@pytest.mark.parametrize("text", [
    _PODS + _events("31s"),  # the events show the row's last restart: one moment
    _PODS + _events("2m41s", cut=False),  # rows none cut
    _PODS.replace("5 (31s ago)", "5          ") + _events("2m41s"),  # no last restart's age
])
def test_a_get_pods_count_the_events_do_not_contradict_still_bounds(
        tmp_path: Path, text: str) -> None:
    assert explained_kills(tmp_path, text, _POD) == {"min": 1, "max": 5}


# ---------------------------------------------------------------- one pass


@pytest.mark.parametrize("text", [
    _WATCH + "s" * 2_000_000,
    _WATCH + "shop-api-85" + "c" * 2_000_000,
    _WATCH + " " * 2_000_000 + "shop-api-85",
    _PODS.replace("31s ago", "3" * 2_000_000 + "s ago") + _events("2m41s"),
])
def test_the_counts43_rules_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of a cut NAME cell, and of a last restart's age."""
    read_in_one_pass(text)
