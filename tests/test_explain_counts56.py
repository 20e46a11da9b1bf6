"""Kill ranges of held-out batches 54 to 56 (fixcounts56).

- a `get pods` (or `get all`) row's count joined to a record of the same container that
  states none (its CrashLoopBackOff told in a sentence): the count's moment goes with it, the
  row's AGE and last restart's age, so the rules of a count of another moment weigh it as
  the row's (README's counting rules: dragonfly-operator-42, rocketchat-25481;
  seq-tickets-922); readers/read.py `_count_moment`;
- `docker ps` rows of several running instances of one pod's container (dockershim's
  `k8s_<container>_<pod>_<ns>_<uid>_<attempt>` names): the kubelet runs one instance of a
  container at a time, so none of them is known to be the one the pod's status counts, and
  their attempts (each the restart count when that instance was created) state no count
  now (follow-me-install-kubernetes-cluster-488); readers/dockershim_names.py.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from helpers import explained_kills, kill_bounds, read_in_one_pass

from kubesim.cli.main import main

# ---------------------------------------------------------------- a count's moment joined

_POD = "ledger-5d8f7c6b9-q2w7x"
_SAID = "The ledger pod stays in CrashLoopBackOff and I see nothing in its logs.\n\n"
_ROW = ("$ kubectl get all\n"
        "NAME                              READY   STATUS             RESTARTS   AGE\n"
        f"pod/{_POD}        0/1     CrashLoopBackOff   6          7m27s\n\n")


def _events(over: str) -> str:
    """describe's Events from Scheduled on, cut in the Started row's age; the Created row's
    first occurrence `over` ago."""
    return ("Events:\n"
            "  Type     Reason     Age                    From               Message\n"
            "  ----     ------     ----                   ----               -------\n"
            f"  Normal   Scheduled  <unknown>              default-scheduler  Successfully "
            f"assigned default/{_POD} to node-1\n"
            f"  Normal   Created    6m10s (x5 over {over})  kubelet, node-1    Created "
            "container ledger\n"
            "  Normal   Started    6m1")


@pytest.mark.parametrize("said", [_SAID, "", "My ledger pod is in CrashLoopBackOff state.\n\n"])
def test_a_joined_rows_count_of_another_moment_bounds_nothing_beside_older_events(
        tmp_path: Path, said: str) -> None:
    """seq-tickets-922: the events go back further than the pod's AGE in the row, so the
    row's 6 (R + 1 = 7) bounds nothing; the Created row's x5 does (the last one in back-off:
    five ends at most). A sentence's CrashLoopBackOff read first must not take the count
    without the row's moment."""
    assert explained_kills(tmp_path, said + _ROW + _events("7m49s"), _POD) == {"min": 0, "max": 5}


@pytest.mark.parametrize("said", [_SAID, ""])
def test_a_joined_rows_count_beside_events_within_the_pods_age_still_bounds(
        tmp_path: Path, said: str) -> None:
    """Events within the pod's age (over 7m20s against 7m27s): the row's count bounds as
    before, the larger of the two counts the rules give (R + 1 = 7)."""
    assert explained_kills(tmp_path, said + _ROW + _events("7m20s"), _POD) == {"min": 0, "max": 7}


# ---------------------------------------------------------------- docker's running instances

_DASH = "kubernetes-dashboard-66b96fb8d7-z5rcs"
_UID = "6fcb61b4-638d-4f54-b347-f3d748c05fda"
_GET = ("# kubectl get pods -n kube-system\n"
        "NAME                                    READY   STATUS             RESTARTS   AGE\n"
        f"{_DASH}   0/1     CrashLoopBackOff   302        16h\n\n")
_PS = ("# docker ps\n"
       "CONTAINER ID   IMAGE          COMMAND                  CREATED        STATUS        "
       "PORTS   NAMES\n")


def _up(attempt: int, container: str = "kubernetes-dashboard", status: str = "Up 16 hours"
        ) -> str:
    """A `docker ps` row of a container dockershim named, its attempt `attempt`."""
    return (f"e32342ea2e{attempt:02d}   f9aed6605b81   \"/dashboard --insecu\u2026\"   "
            f"16 hours ago   {status}           k8s_{container}_{_DASH}_kube-system_{_UID}_"
            f"{attempt}\n")


@pytest.mark.parametrize("rows", [
    _up(30) + _up(29),  # follow-me-install-kubernetes-cluster-488
    _up(29) + _up(30),
    _up(3) + _up(2) + _up(1),
])
def test_running_instances_of_one_container_state_no_count(tmp_path: Path, rows: str) -> None:
    """Several running instances of one container: none is the one the status counts, so the
    `get pods` row's 302 bounds the kills (R + 1, waiting out a back-off)."""
    assert explained_kills(tmp_path, _GET + _PS + rows, _DASH) == {"min": 0, "max": 303}


def test_running_instances_alone_bound_no_kills(tmp_path: Path) -> None:
    """Without the row: no count, so nothing bounds the kills."""
    assert explained_kills(tmp_path, _PS + _up(30) + _up(29), _DASH)["max"] is None


@pytest.mark.parametrize(("rows", "most"), [
    (_up(7), 7),  # one running instance: its attempt is its count (containerd-3781)
    # one instance running, the other exited: only the running one is read
    (_up(7) + _up(6, status="Exited (137) 2 hours ago"), 7),
    # instances of two containers of the pod, one each: each its own count
    (_up(7) + _up(4, container="sidecar"), 7),
])
def test_one_running_instance_keeps_its_attempt_as_its_count(
        tmp_path: Path, rows: str, most: int) -> None:
    record = tmp_path / "r.txt"
    record.write_text(_PS + rows)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["explain", str(record), "--format", "json", "--no-suggest", "--phases",
                     "1", "--pod", _DASH, "--container", "kubernetes-dashboard"])
    assert code == 0
    [container] = json.loads(out.getvalue())["containers"]
    assert kill_bounds(container["answer"]["probe_kills"]) == {"min": 0, "max": most}


# ---------------------------------------------------------------- one pass


@pytest.mark.parametrize("text", [
    _SAID + _ROW.replace("7m27s", "1" * 2_000_000 + "s") + _events("7m49s"),
    "The ledger pod stays in CrashLoopBackOff, " * 50_000 + "\n\n" + _ROW + _events("7m49s"),
    _PS + _up(30).rstrip("\n") + " " * 2_000_000 + "\n" + _up(29),
    _PS + _up(30).replace("Up 16 hours", "Up " + "1" * 2_000_000 + " hours") + _up(29),
])
def test_the_counts56_rules_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of a row's AGE, of a sentence stating the state again and
    again, and of `docker ps` rows of running instances."""
    read_in_one_pass(text)
