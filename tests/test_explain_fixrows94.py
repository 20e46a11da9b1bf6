"""Held-out batches 94 to 96 (fixrows94): counts and rows first contact misread.

- A describe fragment whose State line is cut away above but whose container shows `Ready:
  True`: the kubelet counts a regular container ready only while it runs (R3.4), so its current
  instance runs and its Restart Count allows R kills, not R + 1 (README's restart-count rule;
  argo-rollouts-3355, explain/diagnosis.py `_ready_runs`).
- A stop for no probe after the pod's last start, in a `get events` table cut in another pod's
  row, with Created and Started rows of no count: rows cut away may hold an earlier container's
  liveness kill (README's rule of gitlab-runner-4664; che-19817, explain/diagnosis.py
  `_cut_beside_uncounted_starts`).
- A Created series younger than the container's back-off row bounds no kill before it: the
  back-off shows a container that ended before the series began (R4.9; agorakube-224,
  explain/diagnosis.py `_young_series`, `_ended_before`).
- A `get events` table's last row cut before its OBJECT cell (`3m36s  Normal  Ensur`) names no
  pod and makes none of its own; the record's last row, it may be any pod's (README's rule of
  gitlab-runner-4664; emqx-operator-554, readers/event_layouts.py `_ends_in_object`,
  readers/read.py `_cut_elsewhere`).

Hand-written variants beside each that must stay unread (`Ready: False`, no Ready line, an init
container's Ready, which says it ended with 0: R3.5; the table whole, or its start rows
counted; a back-off within the series' span; the table's rows whole)."""

from __future__ import annotations

import pytest
from helpers import explained_answer

from kubesim.explain.model import CountRange
from kubesim.explain.readers.read import parse_record, pod_groups

# --- a count beside `Ready: True`, the State line cut away ------------------------------------


def _fragment(ready: str, restarts: int = 7) -> str:
    """One container's describe block from its Last State down (the State line cut away)."""
    ready_line = f"    Ready:          {ready}\n" if ready else ""
    return ("Here is describe output for one of the containers:\n```yaml\n"
            "    Last State:     Terminated\n      Reason:       Completed\n"
            "      Exit Code:    0\n      Started:      Thu, 11 Jan 2024 05:36:10 -0800\n"
            "      Finished:     Sun, 04 Feb 2024 06:58:10 -0800\n"
            f"{ready_line}    Restart Count:  {restarts}\n```\n\nMore text.\n")


@pytest.mark.parametrize("restarts", [7, 1, 30])
def test_a_ready_containers_count_allows_r(restarts: int) -> None:
    """argo-rollouts-3355 (batch 95): {0, 8} where the facts read {0, 7}. `Ready: True` is the
    container's current state: it runs (R3.4), its count allows R (README)."""
    a = explained_answer(_fragment("True", restarts))
    assert a.probe_kills == CountRange(0, restarts)


@pytest.mark.parametrize("ready", ["False", ""])
def test_a_count_without_a_running_state_still_allows_r_plus_1(ready: str) -> None:
    """`Ready: False` or no Ready line says nothing of whether the container runs: it may have
    ended since its last start, R + 1 (README's rule for a count without the state)."""
    assert explained_answer(_fragment(ready)).probe_kills == CountRange(0, 8)


def test_an_init_containers_ready_is_not_taken_as_running() -> None:
    """An ordinary init container is Ready once it has ended with 0 (R3.5), so its Ready says
    nothing of a running instance: R + 1 stays."""
    text = ("Init Containers:\n  init-db:\n    Image:          busybox\n"
            "    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    1\n"
            "    Ready:          True\n    Restart Count:  2\n")
    assert explained_answer(text).probe_kills == CountRange(0, 3)


# --- a stop for no probe in a `get events` table cut in another pod's row ---------------------

_HEADER = "LAST SEEN   TYPE      REASON      OBJECT              MESSAGE\n"
_CHE = ("8m14s       Normal    Created     pod/che-54dd-wjlrp  Created container che\n"
        "8m14s       Normal    Started     pod/che-54dd-wjlrp  Started container che\n"
        "5m2s        Warning   Unhealthy   pod/che-54dd-wjlrp  Readiness probe failed: HTTP "
        "probe failed with statuscode: 500\n"
        "4m55s       Normal    Killing     pod/che-54dd-wjlrp  Stopping container che\n")
_OTHER_CUT = ("26m         Normal    Scheduled   pod/che-c4fc-xlkbq  Successfully assigned "
              "eclipse-che/che-c4fc")


@pytest.mark.parametrize("after", [
    _OTHER_CUT,
    # the ReplicaSet's row between, as che-19817's
    "8m19s       Normal    SuccessfulCreate   replicaset/che-54dd   Created pod: che-54dd-wjlrp\n"
    + _OTHER_CUT,
])
def test_a_stop_in_a_table_cut_in_another_pods_row_leaves_kills_open(after: str) -> None:
    """che-19817 (batch 95): {0, 0} where the facts read {0, null}. The Created and Started
    rows have no COUNT (at least once), and the table is cut in another pod's row: rows cut
    away may be about this pod and of any time, an earlier container's liveness failure and
    kill among them (README's rule of gitlab-runner-4664), which the stop ending the last
    container does not rule out."""
    a = explained_answer(_HEADER + _CHE + after, pod="che-54dd-wjlrp")
    assert a.probe_kills == CountRange(0, None)
    assert [p.value for p in a.failed] == ["readiness"]


def test_a_stop_in_a_whole_table_still_ends_the_container_for_good() -> None:
    """The negative side: the same rows, the table whole (no row cut): the stop ended the
    container for good, and only readiness failed (R3.4): no probe kill, {0, 0}."""
    assert explained_answer(_HEADER + _CHE).probe_kills == CountRange(0, 0)


def test_counted_starts_beside_a_cut_in_another_pods_row_stay_closed() -> None:
    """Created and Started rows with their COUNT (1) state one container: no earlier one the
    rows cut away could show killed, so the stop still closes the kills at {0, 0}."""
    header = "LAST SEEN   TYPE      REASON      OBJECT              COUNT   MESSAGE\n"
    rows = ("8m14s       Normal    Created     pod/che-54dd-wjlrp  1       Created container che\n"
            "8m14s       Normal    Started     pod/che-54dd-wjlrp  1       Started container che\n"
            "5m2s        Warning   Unhealthy   pod/che-54dd-wjlrp  1       Readiness probe "
            "failed: HTTP probe failed with statuscode: 500\n"
            "4m55s       Normal    Killing     pod/che-54dd-wjlrp  1       Stopping container "
            "che\n")
    cut = "26m         Normal    Scheduled   pod/che-c4fc-xlkbq  1       Successfully assigned e"
    a = explained_answer(header + rows + cut, pod="che-54dd-wjlrp")
    assert a.probe_kills == CountRange(0, 0)


# --- a Created series younger than the container's back-off -----------------------------------

_EVENTS = ("Events:\n  Type     Reason   Age                     From              Message\n"
           "  ----     ------   ----                    ----              -------\n")


def _backoff_rows(backoff: str, last: str = "") -> str:
    return (_EVENTS + f"  Warning  BackOff  {backoff}  kubelet, worker7  Back-off restarting "
            "failed container\n"
            "  Normal   Pulling  6m53s (x4 over 8m26s)   kubelet, worker7  Pulling image "
            "\"metallb/speaker:v0.9.3\"\n"
            "  Normal   Created  6m52s (x4 over 8m25s)   kubelet, worker7  Created container "
            "speaker\n" + last)


_FAILED_CUT = ("  Warning  Failed   6m52s (x4 over 8m25s)   kubelet, worker7  Error: failed to "
               "create containerd task: OCI runtime create failed: con")


@pytest.mark.parametrize("backoff", ["12m (x416 over 102m)", "30m (x9 over 3h)"])
def test_a_created_series_younger_than_the_back_off_bounds_no_kill(backoff: str) -> None:
    """agorakube-224 (batch 94): {0, 3} where the facts read {0, null}. The back-off shows an
    end before the Created series began (R4.9): a container created before it, uncounted,
    and the rows cut (README: a series of Created rows bounds the kills only over the span
    it shows)."""
    a = explained_answer(_backoff_rows(backoff, _FAILED_CUT))
    assert a.probe_kills == CountRange(0, None)


@pytest.mark.parametrize("backoff, most", [
    # the last back-off after the last Created: the last container ended too (R4.9)
    ("6m50s (x3 over 8m20s)", 4),
    ("7m", 3),
])
def test_a_back_off_as_young_as_the_series_leaves_its_bound(backoff: str, most: int) -> None:
    """The negative side: a back-off within the series' span shows no container before it:
    the four Created bound the kills (README's Created-count rule)."""
    a = explained_answer(_backoff_rows(backoff, _FAILED_CUT))
    assert a.probe_kills == CountRange(0, most)


# --- a `get events` table's last row cut before its OBJECT cell -----------------------------

_GET_HEADER = ("LAST SEEN   TYPE      REASON                 OBJECT              MESSAGE\n")
_EMQX = ("2m7s        Normal    Killing                pod/emqx-core-0     Stopping container "
         "emqx\n"
         "2m4s        Warning   Unhealthy              pod/emqx-core-0     Readiness probe failed: "
         "Get \"http://192.168.182.17:18083/status\": dial tcp 192.168.182.17:18083: connect: "
         "connection refused\n"
         "49s         Normal    Created                pod/emqx-core-0     Created container emqx\n"
         "49s         Normal    Started                pod/emqx-core-0     Started container emqx\n")


@pytest.mark.parametrize("last", ["3m36s       Normal    Ensur", "3m36s       Warning   BackOff"])
def test_a_last_row_cut_before_its_object_is_no_pod_of_its_own(last: str) -> None:
    """emqx-operator-554 (batch 96): several pods (emqx-core-0 and one of no name). A row cut
    before its OBJECT cell names no pod (kubectl prints every event's object): it is no
    nameless pod's, and, the record's last row, it may be any pod's, this one's too (README's
    rule of gitlab-runner-4664): one pod, its kills open."""
    [pod] = pod_groups([parse_record(_GET_HEADER + _EMQX + last, "r.txt")])
    assert pod.name == "emqx-core-0"
    a = explained_answer(_GET_HEADER + _EMQX + last)
    assert a.probe_kills == CountRange(0, None)


def test_a_whole_last_row_leaves_the_pods_rows_whole() -> None:
    """The negative side: the table's rows whole, none cut: the one pod, the stop for no probe
    before the new container's start, no liveness failure: {0, 0}."""
    [pod] = pod_groups([parse_record(_GET_HEADER + _EMQX, "r.txt")])
    assert pod.name == "emqx-core-0"
    assert explained_answer(_GET_HEADER + _EMQX).probe_kills == CountRange(0, 0)
