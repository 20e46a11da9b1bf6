"""Event listings and eviction messages of stop 60's held-out batches (stop 60, fx60j).

- The kubelet's eviction message names each container of the pod over its request (`Container
  C was using U, which exceeds its request of R.`, containerMessageFmt in
  pkg/kubelet/eviction/helpers.go): where the record lists no container otherwise, those are
  the pod's containers, each ended by the eviction (stop 57's rule of the eviction message;
  go-learning-55). A record that lists its containers keeps its own list.
- The eviction message after `Evicted` as a cell (a tab, or two spaces at least, between them)
  is the message alone as after `Evicted:`; the author's `I feel like` above it is `I feel
  that`, no example's `like` (test-infra-4580). One space, a question, a conditional or a
  guide's `a message like` above it state none.
- The lead's decision of stop 60 (neverbound): a pod whose newest row of a `| tail` listing is
  its FailedScheduling was never bound, so none of its containers ran: {0, 0}, nothing failing
  shown (eck-3964); a Scheduled row newer than it is the pod bound, its stream whole from it.
- Event rows without their header open the kills only beside a back-off (fixrows38, the lead's
  reading of stop 58): `Stopping container` and SandboxChanged rows, or a FailedKillPod and a
  controller's `Deleted pod`, leave {0, 0} (nixos-ha-kubernetes-5, nvidia-gpu-operator-2168).

The eviction tests fail on the code before fx60j (checked on a `git archive main` copy); the
neverbound and header-less tests hold on it too (those records' facts changed, not explain),
and guard the readings. Each new or changed pattern reads a 2 MB line in one pass."""

from __future__ import annotations

import pytest
from helpers import answer_unless_refused, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.evicted_message import eviction_names

_TWO_MB = 2_000_000


def _hostile(unit: str) -> str:
    return unit * (_TWO_MB // len(unit)) + "\n"


def _evicted(text: str, container: str | None = None) -> None:
    """Read as the pod evicted: cannot-tell, no probe, {0, 0}, failures shown."""
    a = explained_answer(text, container=container)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, 0), True), (a.cause, a.probe_kills)


# ------------------------------------------------- the containers an eviction message names

_TWO_NAMED = ("The node was low on resource: ephemeral-storage. Container rsync-client was "
              "using 76Ki, which exceeds its request of 0. Container chartmuseum was using "
              "856Ki, which exceeds its request of 0.")


@pytest.mark.parametrize("row", [
    # (describe's row alone, no header: go-learning-55's shape)
    f"Warning  Evicted           6m5s   kubelet            {_TWO_NAMED}\n",
    # (a `get events` row under its header)
    "LAST SEEN   TYPE      REASON    OBJECT          MESSAGE\n"
    f"6m5s        Warning   Evicted   pod/chart-0     {_TWO_NAMED}\n",
])
@pytest.mark.parametrize("container", ["chartmuseum", "rsync-client"])
def test_each_container_the_eviction_names_is_the_pods(row: str, container: str) -> None:
    _evicted(row, container)


def test_a_pod_listing_its_containers_keeps_them() -> None:
    """A pod whose record lists its containers: the message's names add none (the pod's own
    list is whole, stop 57: the container the message names where it is one of them)."""
    text = ("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n"
            "  - name: app\n    image: nginx\nstatus:\n  phase: Failed\n  reason: Evicted\n"
            "  message: 'The node was low on resource: memory. Container other was using 1Gi, "
            "which exceeds its request of 0. '\n")
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures) == (Cause.CANNOT_TELL, CountRange(0, 0), True)


def test_names_read_only_from_the_managers_sentence() -> None:
    assert eviction_names(_TWO_NAMED) == ["rsync-client", "chartmuseum"]
    # (another wording names none: `is using`, a capital name, no `was using`)
    assert eviction_names("Container app is using 1Gi. Container App was using 2Gi.") == []
    assert eviction_names("The node was low on resource: memory.") == []


# ------------------------------------------------------------- `Evicted` as a cell

_INTRO = ("I tried manually clean evicted pods and they are keep coming back - I think we'll "
          "need this, but I feel like there's a deeper issue with prow nodes:\n\n")


@pytest.mark.parametrize("text", [
    _INTRO + "`Evicted\t\tThe node was low on resource: nodefs.`\n",  # (test-infra-4580)
    _INTRO + "Evicted\tThe node was low on resource: nodefs.\n",
    "Our pod was evicted last night:\n\n    Evicted    The node was low on resource: memory.\n",
    "The pod ended so:\n```\nEvicted  The node was low on resource: ephemeral-storage.\n```\n",
])
def test_evicted_as_a_cell_before_the_message(text: str) -> None:
    _evicted(text)


@pytest.mark.parametrize("text", [
    # (one space: no cell, words of a sentence)
    "The pod ended so:\n\nEvicted The node was low on resource: nodefs.\n",
    # (a question, a conditional, a guide's example above it)
    "Why do my pods show this?\n\n`Evicted\t\tThe node was low on resource: nodefs.`\n",
    "If the node runs out of disk you will see:\n\n`Evicted\t\tThe node was low on resource: "
    "nodefs.`\n",
    "Pods then show a message like:\n\n`Evicted\t\tThe node was low on resource: nodefs.`\n",
])
def test_not_the_message_alone(text: str) -> None:
    a = answer_unless_refused(text)
    assert a is None or not a.shows_failures, (a.cause, a.shows_failures)


# ---------------------------------------------------------------- neverbound (the lead's)

_TAIL = ("kubectl get events --sort-by='{.lastTimestamp}' | tail\n\n"
         "LAST SEEN   TYPE      REASON             OBJECT                        MESSAGE\n")
_FAILED = ("{age}         Warning   FailedScheduling   pod/quickstart-es-default-2   0/3 nodes "
           "are available: 3 Insufficient memory.\n")


def test_a_pod_never_bound_ran_nothing() -> None:
    a = explained_answer(_TAIL + _FAILED.format(age="10s"), pod="quickstart-es-default-2")
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, 0), False)


def test_a_scheduled_row_newer_is_the_pod_bound() -> None:
    """The pod bound after its FailedScheduling: its rows from that Scheduled row on, whole
    under the `tail` (the newest rows), close its kills (R4.4), not the pod's never binding."""
    text = _TAIL + _FAILED.format(age="30s") + (
        "10s         Normal    Scheduled          pod/quickstart-es-default-2   Successfully "
        "assigned default/quickstart-es-default-2 to node-1\n")
    a = explained_answer(text, pod="quickstart-es-default-2")
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, 0), False)
    assert "Scheduled" in a.probe_kills.because, a.probe_kills.because


# ------------------------------------------------ header-less rows with no back-off

@pytest.mark.parametrize("text", [
    # (nixos-ha-kubernetes-5: describe's rows, no header)
    "```\nNormal   Killing         6s (x2 over 79s)     kubelet            Stopping container "
    "tshoot\nNormal   SandboxChanged  5s (x2 over 79s)     kubelet            Pod sandbox changed, "
    "it will be killed and re-created.\n```\n",
    # (nvidia-gpu-operator-2168's shape: `get events` rows, no header, a FailedKillPod)
    "```\n4m57s       Normal    Killing                  pod/plugin-bfmqt       Stopping container "
    "plugin\n4m57s       Warning   FailedKillPod            pod/plugin-bfmqt       error killing "
    "pod: [failed to \"KillPodSandbox\" for \"d8a7\" with KillPodSandboxError: \"rpc error\"]\n"
    "4m57s       Normal    SuccessfulDelete         daemonset/plugin       Deleted pod: "
    "plugin-bfmqt\n```\n",
])
def test_header_less_stops_without_a_back_off_close_the_kills(text: str) -> None:
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, 0), True), (a.cause, a.probe_kills)


# ------------------------------------------------------------------ hostile lines

@pytest.mark.parametrize("unit", [
    "Evicted\t", "Evicted  ", "`Evicted\t\tThe node was low on resource: ",
    "Container a was using ", "Container a-", "I feel like ", "feel  like",
])
def test_hostile_lines_read_in_one_pass(unit: str) -> None:
    read_in_one_pass(_hostile(unit))
    read_in_one_pass("Warning  Evicted  6m  kubelet  The node was low on resource: memory. "
                     + _hostile(unit))
    eviction_names(_hostile(unit))
