"""A container waiting as Pulumi's Kubernetes provider prints it while it awaits a workload
(`[Pod NS/NAME]: containers with unready status: [C] -- [REASON] MESSAGE`), the reason's word
joined where the console wrapped it (fixlogs86, held-out batch 86, pulumi-kubernetes-535;
readers/unready_status.py). A container waiting in CrashLoopBackOff has ended before (the
back-off is refused starts after exits, R4.10-R4.12): an end shown, its cause and count open."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record

_HEAD = (" ~  kubernetes:apps/v1:Deployment web updating (1s) [diff: ~spec]; Waiting for app "
         "ReplicaSet to be available (0/1 Pods available)\n"
         " ~  kubernetes:apps/v1:Deployment web updating (11s) [diff: ~spec]; warning: [Pod "
         "shop/web-5d9c7b8f6-q2x7z]: containers with unready status: [api] -- [10:02:01 INF] "
         "Starting\n")
_LAST = (" ~  kubernetes:apps/v1:Deployment web updating (41s) [diff: ~spec]; warning: [Pod "
         "shop/web-5d9c7b8f6-q2x7z]: containers with unready status: [api] -- ")


@pytest.mark.parametrize(("tail", "reason"), [
    ("[CrashLoopBackOff] back-off 20s restarting failed container=api pod=web-5d9c7b8f6-q2x7z",
     "CrashLoopBackOff"),
    ("[Cras\nhLoopBackOff] back-off 20s restarting failed co", "CrashLoopBackOff"),
    ("[ImagePullBackOff] Back-off pulling image \"shop/api:2\"", "ImagePullBackOff"),
    ("[ErrIma\ngePull] rpc error", "ErrImagePull"),
    ("[CrashLoo\n    pBackOff] back-off 40s", "CrashLoopBackOff"),  # the paste indented whole
])
def test_the_providers_unready_container_waiting_is_its_state(tail, reason):
    """The last line's container, waiting in the bracket's reason, of the pod it labels."""
    found = parse_record(_HEAD + _LAST + tail + "\n", "r.txt")
    assert [(p.name, c.name, c.state, c.state_reason) for p in found.pods
            for c in p.containers] == [("web-5d9c7b8f6-q2x7z", "api", "waiting", reason)]


def test_a_crash_loop_so_printed_is_a_back_off_no_count_bounds():
    a = explained_answer(_HEAD + _LAST + "[CrashLoopBackOff] back-off 20s restarting failed\n")
    assert (a.cause.value, a.shows_failures, a.probe_kills.lo, a.probe_kills.hi) == (
        "cannot-tell", True, 0, None)


@pytest.mark.parametrize("tail", [
    "[10:02:31 INF] Validate configuration",  # the container's log line, no reason
    "[Cras\nhLoop] back-off",  # a wrap that spells no reason of the kubelet's
    "[Cras\n\nhLoopBackOff] back-off",  # the next line is no continuation
    "[Waiting] for the volume",  # no reason of the kubelet's
])
def test_no_reason_of_the_kubelets_stays_unread(tail):
    with pytest.raises(RecordError):
        parse_record(_HEAD + _LAST + tail + "\n", "r.txt")


def test_several_containers_listed_stay_unread():
    line = _LAST.replace("[api]", "[api, sidecar]") + "[CrashLoopBackOff] back-off 20s\n"
    with pytest.raises(RecordError):
        parse_record(_HEAD + line, "r.txt")


@pytest.mark.parametrize("text", [
    "containers with unready status: [" * 60_000,
    "[Pod a/b]: containers with unready status: [c] -- [" + "Crash" * 400_000,
    ("[Pod a/b]: containers with unready status: [c] -- [Cras\n" * 40_000) + "hLoopBackOff]",
    "[Pod a/" + "b" * 2_000_000 + "]: containers with unready status: [c] -- [CrashLoopBackOff]",
])
def test_the_providers_line_is_read_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words."""
    read_in_one_pass(text + "\n")
