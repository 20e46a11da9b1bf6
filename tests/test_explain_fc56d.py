"""Held-out batch 130 (fc56d): Rancher's state line, a cut Scheduled row, a `get pods` row.

- Rancher's line of a container's state (docker-alpine-368): the waiting state's cell
  `CrashLoopBackOff (back-off 5m0s restarting failed container=... pod=NAME_NAMESPACE(UID))`,
  the kubelet's back-off message verbatim (R4.9), before `| Last state: Terminated with :
  Completed`, whose code Rancher leaves out for a zero exit (readers/rancher_state.py). A
  question mark right after the times Rancher prints ends the sentence: it asks.

Hand-written variants beside each that must stay unread (a question, a conditional, a cell
without the pod the kubelet names, words between the cell and the key, `without`)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# --- Rancher's state line: a waiting cell, a last state without its code -------------------

_CELL = ("CrashLoopBackOff (back-off 5m0s restarting failed container=container-0 "
         "pod=nfs-data-577587b9bf-jbl8k_default(6a514d22-c7a7-405a-a2f7-2f57b6e39358))")
_LAST = ("Last state: Terminated with : Completed, started: Thu, Dec 28 2023 9:48:26 am, "
         "finished: Thu, Dec 28 2023 9:48:26 am")


def test_rancher_s_state_line_with_its_waiting_cell_is_read():
    """docker-alpine-368: the waiting cell and a Completed last state of no code, no probe
    shown: cannot-tell, {0, null}, failures shown (README's back-off rule)."""
    a = explained_answer("Problem to Up this docker image on Rancher.\n\n" + _CELL + " | " +
                         _LAST + "\n")
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == (
        Cause.CANNOT_TELL, CountRange(0, None), (), True)


def test_rancher_s_waiting_cell_is_the_container_s_waiting_state():
    [pod] = parse_record(_CELL + " | " + _LAST + "\n", "r.txt").pods
    [c] = pod.containers
    assert (c.state, c.state_reason) == ("waiting", "CrashLoopBackOff")
    assert c.state_message is not None and c.state_message.startswith("back-off 5m0s")
    assert c.last is not None and (c.last.reason, c.last.exit_code) == ("Completed", None)


@pytest.mark.parametrize("line", [
    "Last state: Terminated with : Completed\n",
    "Last state: Terminated with: Completed, started: Mon, Jan 1 2024 1:00:00 am, finished: "
    "Mon, Jan 1 2024 1:00:00 am\n",
])
def test_rancher_s_last_state_without_a_code_gives_its_reason(line):
    [pod] = parse_record(line, "r.txt").pods
    [c] = pod.containers
    assert c.last is not None and (c.last.reason, c.last.exit_code) == ("Completed", None)


@pytest.mark.parametrize("cell", [
    "CrashLoopBackOff (back-off 5m0s restarting failed container=container-0)",
    _CELL + " seen in the UI",
])
def test_a_cell_the_kubelet_did_not_write_or_apart_from_the_key_is_no_waiting_state(cell):
    """A message without the pod the kubelet names, or words between the cell and `|`: the
    last state alone is read."""
    [pod] = parse_record(cell + " | " + _LAST + "\n", "r.txt").pods
    [c] = pod.containers
    assert c.state is None and c.last is not None and c.last.reason == "Completed"


@pytest.mark.parametrize("line", [
    "Why does Rancher show " + _CELL + " | " + _LAST + "?\n",
    # the question mark right after the times Rancher prints is the sentence's own
    "Why does Rancher show Last state: Terminated with 137: OOMKilled, started: Thu, Dec 28 "
    "2023 9:48:26 am, finished: Thu, Dec 28 2023 9:48:37 am?\n",
    "If you see " + _CELL + " | Last state: Terminated with : Completed, fix the command.\n",
    "Last state: Terminated without a code\n",
])
def test_rancher_s_state_line_in_a_question_or_a_conditional_stays_refused(line):
    with pytest.raises(RecordError):
        parse_record(line, "r.txt")


def test_rancher_s_state_line_is_read_in_one_pass():
    read_in_one_pass("Last state: Terminated with :" * 70_000 + "\n")
    read_in_one_pass("CrashLoopBackOff (back-off 5m0s restarting failed container=a " * 32_000
                     + "| Last state: Terminated with : Completed\n")
    read_in_one_pass("CrashLoopBackOff (back-off 5m0s restarting failed container="
                     + "a" * 2_000_000 + " | Last state: Terminated with : Completed\n")
