"""Held-out batches 94 to 96 (fixrows94): counts and rows first contact misread.

- A describe fragment whose State line is cut away above but whose container shows `Ready:
  True`: the kubelet counts a regular container ready only while it runs (R3.4), so its current
  instance runs and its Restart Count allows R kills, not R + 1 (README's restart-count rule;
  argo-rollouts-3355, explain/diagnosis.py `_ready_runs`).

Hand-written variants beside each that must stay unread (`Ready: False`, no Ready line, an init
container's Ready, which says it ended with 0: R3.5)."""

from __future__ import annotations

import pytest
from helpers import explained_answer

from kubesim.explain.model import CountRange

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
