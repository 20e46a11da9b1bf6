"""Held-out batches 73 and 74 (fixquoted74): a kubelet's probe message quoted in single quotes
inside a code span, cut at its line's end (elastic-helm-charts-306); a container's waiting state
`CrashLoopBackOff: back-off 20s restarting failed container=X pod=Y_NS(UID)` as Rancher shows
it (docker-minecraft-bedrock-server-120); a dashboard's event log with each field in square
brackets, `[TIME] [KIND] [NAME] [REASON] MESSAGE` (yatai-478)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.bracketed_events import bracketed_cells
from kubesim.explain.readers.model import Where
from kubesim.explain.readers.quoted_message import quoted_message
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.waiting_back_off import waiting_back_off
from kubesim.spec.model import ProbeType

_RPC = "rpc error: code = 2 desc = oci runtime error: exec failed: container_linux.go:235"
_DIAL = "dial tcp 10.1.2.3:8080: connect: connection refused"


@pytest.mark.parametrize(("text", "probe"), [
    (f"Openshift raised the ` 'Liveness probe failed: {_RPC}: starting container \"exec: \\\"sh",
     ProbeType.LIVENESS),  # a single quote no mark closes on the line: cut
    (f"the events show 'Readiness probe failed: {_DIAL}' for every pod\n", ProbeType.READINESS),
    (f"the kubelet wrote `'Liveness probe failed: {_DIAL}'` all day\n", ProbeType.LIVENESS),
    (f"I get \u2018Startup probe failed: {_DIAL}\u2019 at once\n", ProbeType.STARTUP),
    (f'and then "Liveness probe failed: {_DIAL}\n', ProbeType.LIVENESS),  # double, unclosed
])
def test_a_probe_message_in_single_quotes_or_cut_in_its_quotes_is_read(text, probe):
    a = explained_answer(text + "\n")
    kills = CountRange(0, 0) if probe is ProbeType.READINESS else CountRange(0, None)
    assert (set(a.failed), a.shows_failures, a.probe_kills) == ({probe}, True, kills)


@pytest.mark.parametrize("text", [
    f"you may see 'Liveness probe failed: {_DIAL}' in the events",  # a guide's
    f"is 'Readiness probe failed: {_DIAL}' a problem?",  # a question
    f"there is no 'Liveness probe failed: {_DIAL}' event",  # a negation
    f"if you get 'Liveness probe failed: {_DIAL}",  # a conditional, unclosed
    "the events show 'Liveness probe failed: see the logs",  # unclosed, no prober's words
    "the pod's 'Back-off restarting failed",  # a back-off cut, no closing mark
    f"pod's'Liveness probe failed: {_DIAL}'",  # no opening mark: a word before the quote
])
def test_other_single_quotes_or_unclosed_quotes_state_no_message(text):
    assert quoted_message(text, Where("r.txt", 1)) is None


_WAITING = ("CrashLoopBackOff: back-off 20s restarting failed container=web "
            "pod=web-7487d89fc7-zkkrz_default(c18bb49c-abc3-4f6c-bd02-dd4ce557f577)")


@pytest.mark.parametrize("text", [
    f"When I try to launch the container I get:`{_WAITING}`\n",  # in a code span
    f"{_WAITING}\n",  # alone on its line
])
def test_a_waiting_state_of_a_back_off_is_the_kubelets_back_off_refusal(text):
    """The container restarted, of a cause not told, kills open; it is the one the message
    names."""
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    [container] = ex.containers
    assert container.name == "web"
    a = container.answer
    assert (a.cause, a.failed, a.shows_failures, a.probe_kills) == (
        Cause.CANNOT_TELL, (), True, CountRange(0, None))


@pytest.mark.parametrize("text", [
    "CrashLoopBackOff: back-off 20s restarting failed container",  # no container=, no pod=
    "CrashLoopBackOff: back-off 20s restarting failed container=web",  # no pod=
    "CrashLoopBackOff: the pod keeps restarting, container=web pod=web-0_ns(1)",
    "Error: CrashLoopBackOff: back-off 20s restarting failed container=web pod=web-0_ns(1)",
])
def test_other_crashloop_texts_are_no_waiting_state(text):
    assert waiting_back_off(text) is None


_YATAI = (
    "`[2023-06-14 13:40:01] [Pod] [web-b5dcf944c-8rqdz] [Created] Created container main\n"
    "[2023-06-14 13:40:01] [Pod] [web-b5dcf944c-8rqdz] [Started] Started container main\n"
    "[2023-06-14 13:40:06] [Pod] [web-b5dcf944c-8rqdz] [Unhealthy] Liveness probe errored: rpc "
    "error: code = Unknown desc = container not running (b50e5f47871d)\n"
    "[2023-06-14 13:40:06] [Pod] [web-b5dcf944c-8rqdz] [Unhealthy] Readiness probe failed: "
    f"{_DIAL}\n"
    "[2023-06-14 13:40:17] [HorizontalPodAutoscaler] [web] [FailedGetResourceMetric] failed to "
    "get cpu utilization`\n")


def test_a_bracketed_event_log_is_read_as_event_rows():
    """yatai-478's layout: each Pod row one event of its reason and message, at its time; the
    HorizontalPodAutoscaler's row is no container's."""
    record = parse_record(_YATAI, "r.txt")
    assert [e.reason for e in record.events] == ["Created", "Started", "Unhealthy", "Unhealthy"]
    assert "HorizontalPodAutoscaler" not in record.events[-1].message  # not wrapped into it
    a = explained_answer(_YATAI)
    assert (a.cause, set(a.failed), a.shows_failures) == (
        Cause.CANNOT_TELL, {ProbeType.LIVENESS, ProbeType.READINESS}, True)


@pytest.mark.parametrize("text", [
    "[2023-06-14 13:40:17] [HorizontalPodAutoscaler] [web] [FailedGetResourceMetric] failed",
    "[2023-06-14 13:40:01] [Pod] [web-0] [Hello] Created container main",  # no kubelet reason
    "[2023-06-14 13:40:01] [INFO] [web-0] Started container main",  # a log's level
    "[2023-06-14] [Pod] [web-0] [Started] Started container main",  # no time of day
    "[Pod] [web-0] [Started] Started container main",  # no time
])
def test_other_bracketed_lines_are_no_pod_event_rows(text):
    assert bracketed_cells(text) is None


def test_a_bracketed_row_of_another_kind_alone_is_refused():
    with pytest.raises(RecordError):
        parse_record("[2023-06-14 13:40:17] [Deployment] [web] [ScalingReplicaSet] Scaled up\n",
                     "r.txt")


@pytest.mark.parametrize("text", [
    "x 'Liveness probe failed: rpc error: " * 60_000,
    "` '" * 700_000,
    "CrashLoopBackOff: back-off 20s restarting failed container=" + "x" * 2_000_000,
    "[2023-06-14 13:40:01] [Pod] [" + "a" * 2_000_000,
    "[2023-06-14 13:40:01] [Pod] [web-0] [Started] " + "`" * 2_000_000,
])
def test_the_rules_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' marks and words."""
    read_in_one_pass(text + "\n")
