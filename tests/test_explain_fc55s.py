"""Held-out batch 121 (fc55s): shapes first contact left unread, each rule with variants that
hold and variants that must stay unread.

1. A describe of a pod whose phase is Running, cut inside a regular container's waiting state
   before its Last State (risingwave-operator-461: `State: Waiting`, its `Reason:` cut): the
   kubelet reports a pod Running only where each regular container it shows waiting has a last
   termination (getPhase, R4.23), so the container ended at least once, how not shown
   (readers/running_waiting.py). A Pending pod, a first start's reason (`ContainerCreating`,
   `PodInitializing`, or the start of one cut), an init container, and a block that goes on
   past the place of its Last State stay unread; a `CrashLoopBackOff` reason shows the end
   already and is left to its own reading.
2. A tool's report of failing pods (eks-anywhere-addons-101, Conformitron's feedback loop):
   each pod it lists is a pod of the record, and its `Container RUNTIME://ID has restarted: N
   number of times.` lines the restart counts of the containers of the pod whose section holds
   them, their state not shown (R + 1, README's restart-count rule; readers/restarted_report.py).
   A question, a count that is no number or past an int32, a container named by a word, and the
   words inside a sentence stay unread.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause
from kubesim.explain.readers.model import ContainerRecord
from kubesim.explain.readers.read import parse_record, pod_groups

# ------------------------------------------- 1. a Running pod's waiting container, cut

_HEAD = ("```\nkubectl describe pod/web-59b974fd99-8q4vx\n"
         "Name:             web-59b974fd99-8q4vx\n"
         "Namespace:        default\n"
         "Node:             node-1/192.168.1.104\n"
         "Start Time:       Thu, 29 Jun 2023 16:24:01 -0700\n"
         "Status:           {phase}\n"
         "IP:               10.1.192.80\n"
         "Controlled By:  ReplicaSet/web-59b974fd99\n")
_SIDE = ("  side:\n"
         "    Container ID:  containerd://bb22\n"
         "    Image:         envoy\n"
         "    State:          Running\n"
         "      Started:      Thu, 29 Jun 2023 16:24:05 -0700\n"
         "    Ready:          True\n"
         "    Restart Count:  0\n")
_WEB = ("  web:\n"
        "    Container ID:  containerd://2549\n"
        "    Image:         ghcr.io/example/web:v1\n"
        "    Port:          6660/TCP\n"
        "    State:          Waiting\n")


def _describe(tail: str, phase: str = "Running", *, side: bool = False) -> str:
    return _HEAD.format(phase=phase) + "Containers:\n" + (_SIDE if side else "") + _WEB + tail


def _web(text: str) -> ContainerRecord:
    [pod] = pod_groups([parse_record(text, "r.txt")])
    return next(c for c in pod.containers if c.name == "web")


def _ended_untold(text: str) -> None:
    a = explained_answer(text, container="web")
    assert (a.cause, a.failed, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), 0, None, True), a.text


@pytest.mark.parametrize("tail", [
    "      Reason:",  # (risingwave-operator-461: the reason cut away)
    "      Reason:       RunContainerError\n      Message:      failed to create",
    "      Reason:       CreateContainerError",
    "",  # the record ends at `Waiting`
])
def test_a_running_pods_waiting_container_cut_before_its_last_state_ended(tail: str) -> None:
    assert _web(_describe(tail)).last is not None
    _ended_untold(_describe(tail))


def test_beside_a_running_sibling_the_waiting_one_ended() -> None:
    text = _describe("      Reason:", side=True)
    assert _web(text).last is not None
    _ended_untold(text)


@pytest.mark.parametrize(("tail", "phase"), [
    ("      Reason:", "Pending"),  # a first start
    ("      Reason:", "Terminating (lasts 5s)"),  # no phase
    ("      Reason:       ContainerCreating", "Running"),
    ("      Reason:       PodInitializing", "Running"),
    ("      Reason:       Container", "Running"),  # a first start's reason, cut
    ("      Reason:       Pod", "Running"),
    # a back-off shows the end already (R4.9): left to its own reading
    ("      Reason:       CrashLoopBackOff", "Running"),
    # the block goes on past the place of its Last State: none shown
    ("      Reason:       RunContainerError\n    Ready:          False", "Running"),
])
def test_a_first_start_or_another_phase_stays_unread(tail: str, phase: str) -> None:
    assert _web(_describe(tail, phase)).last is None


def test_the_unread_variants_show_no_end() -> None:
    a = explained_answer(_describe("      Reason:", "Pending"), container="web")
    assert (a.cause, a.shows_failures) == (Cause.CANNOT_TELL, False), a.text


def test_a_waiting_init_container_of_a_running_pod_stays_unread() -> None:
    text = (_HEAD.format(phase="Running") + "Init Containers:\n  setup:\n"
            "    Container ID:  containerd://aa11\n    Image:         busybox\n"
            "    State:          Waiting\n      Reason:")
    [pod] = pod_groups([parse_record(text, "r.txt")])
    [setup] = pod.containers
    assert setup.init and setup.last is None


def test_a_shown_last_state_is_kept() -> None:
    text = _describe("      Reason:       CrashLoopBackOff\n    Last State:     Terminated\n"
                     "      Reason:       Error\n      Exit Code:    1")
    last = _web(text).last
    assert last is not None and (last.reason, last.exit_code) == ("Error", 1)


# ------------------------------------------- 2. a tool's report of failing pods' restarts

_ID = "containerd://d548663a2919931cdf71cceaba19c07377d3721054d1abe4caead69d1882dcd3"
_REPORT = ("Looks like your deployment `web` is failing.\n"
           "Specifically, it looks like these pods are failing: \n"
           "* Pod: `web-58c5f759d9-hxl9x` with the error listed below.\n"
           "* Pod: `web-58c5f759d9-szchc` with the error listed below.\n"
           "---- \n"
           "Logs for pod `web-58c5f759d9-hxl9x`: \n"
           " Seems your pod isn't producing any logs. Instead providing you with other "
           "information.\n"
           "The last conditions your pods went through were: \n"
           "1. 2023-07-24T02:31:35+00:00 - Reason: `ContainersNotReady` \t Type: `Ready`\n"
           "---- \n"
           "Containers launched under your pods with their stats: \n"
           "{line}\n\n ----Logs f")


def _report(line: str) -> str:
    return _REPORT.format(line=line)


def _kills(text: str, pod: str | None = "web-58c5f759d9-hxl9x") -> tuple[int, int | None]:
    a = explained_answer(text, pod=pod)
    assert (a.cause, a.failed, a.shows_failures) == (Cause.CANNOT_TELL, (), True), a.text
    return a.probe_kills.lo, a.probe_kills.hi


@pytest.mark.parametrize("line", [
    f"1. Container {_ID} has restarted: 1219 number of times.",  # (eks-anywhere-addons-101)
    f"Container {_ID} has restarted: 1219 number of times",
    f"  3. Container docker://{_ID[13:45]} has restarted: 1219 number of times. ",
])
def test_a_reported_restart_count_is_the_pods_containers(line: str) -> None:
    text = _report(line)
    assert sorted(p.name or "" for p in pod_groups([parse_record(text, "r.txt")])) == \
        ["web-58c5f759d9-hxl9x", "web-58c5f759d9-szchc"]
    # the status's restartCount, its state not shown: R + 1 (README's restart-count rule)
    assert _kills(text) == (0, 1220)


def test_each_section_gives_its_lines_to_its_pod() -> None:
    text = _report(f"1. Container {_ID} has restarted: 7 number of times.").replace(
        " ----Logs f", "Logs for pod `web-58c5f759d9-szchc`: \n"
        f"1. Container {_ID.replace('d5', 'e6')} has restarted: 2 number of times.\n")
    assert _kills(text) == (0, 8)
    assert _kills(text, "web-58c5f759d9-szchc") == (0, 3)


def test_a_line_under_no_section_is_the_one_listed_pods() -> None:
    text = ("* Pod: `api-0` with the error listed below.\n"
            f"1. Container {_ID} has restarted: 4 number of times.\n")
    assert _kills(text, None) == (0, 5)


def test_several_containers_of_a_pod_are_told_apart_by_their_ids() -> None:
    text = _report(f"1. Container {_ID} has restarted: 5 number of times.\n"
                   f"2. Container {_ID.replace('d5', 'e6')} has restarted: 9 number of times.")
    [pod] = [p for p in pod_groups([parse_record(text, "r.txt")])
             if p.name == "web-58c5f759d9-hxl9x"]
    assert [(c.name, c.restart_count) for c in pod.containers] == \
        [("d548663a2919", 5), ("e648663a2919", 9)]


@pytest.mark.parametrize("line", [
    f"1. Container {_ID} has restarted: 1219 number of times?",  # a question
    f"1. Container {_ID} has restarted: many number of times.",
    "1. Container web has restarted: 3 number of times.",  # a name, no runtime's ID
    f"If a Container {_ID} has restarted: 3 number of times, look at its logs.",
    f"1. Container {_ID} has restarted: 99999999999 number of times.",  # past an int32
])
def test_other_lines_stay_unread(line: str) -> None:
    with pytest.raises(RecordError, match="not a record explain reads"):
        parse_record(_report(line), "r.txt")


@pytest.mark.parametrize("line", [
    "1. Container containerd://" + "a" * 2_000_000,
    "1. Container containerd://" + "a1" * 1_000_000 + " has restarted: 3 number of times.",
    "* Pod: `" + "a-" * 1_000_000,
    "Logs for pod `" + "a." * 1_000_000 + "`:",
    "Container " + "x://" * 500_000,
])
def test_a_long_report_line_is_read_in_one_pass(line: str) -> None:
    read_in_one_pass(line + "\n" + f"Container {_ID} has restarted: 1 number of times.\n")
