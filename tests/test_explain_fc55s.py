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
"""

from __future__ import annotations

import pytest
from helpers import explained_answer

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
