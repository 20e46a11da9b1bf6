"""Held-out batch 114 (fixprose53b): pull-request and issue descriptions in markdown stating
the state of the author's own pods.

- An end stated by its exit code and the cause its author gives (osv-dev-5056: `The container
  was failing with exit code 137, indicating it was being terminated due to Out-Of-Memory
  issues`, stated_exit_oom.py): exit 137 is SIGKILL's, which the OOM killer and a probe kill's
  grace end both give (R4.4); the stated cause tells the OOM killer's: OOMKilled, {0, 0}.
  Exit 137 alone, a guess of the cause, a negation, a question, a conditional, a guide's
  present and `a container` state none.

Hand-written variants beside those that must stay unread."""

from __future__ import annotations

import pytest
from helpers import assert_ended_untold, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ exit 137 with the OOM killer as its cause


@pytest.mark.parametrize("text", [
    "This PR increases the memory resources for the `kube-state-metric` container. The "
    "container was failing with exit code 137, indicating it was being terminated due to "
    "Out-Of-Memory issues.\n",
    "Our api pod crashed with exit code 137 due to OOM.\n",
    "The worker container was killed with exit code 137, which means it ran out of memory.\n",
    "My pod keeps crashing with exit code: 137 because of the OOM killer.\n",
    "The `ingester` container has been restarted with exit code 137 (OOMKilled).\n",
])
def test_exit_137_stated_with_its_oom_cause_is_an_oom_kill(text):
    """The case's pod or container ending with exit 137, its cause stated the OOM killer:
    OOMKilled, no probe kill (README: an OOMKilled end and no probe failure is {0, 0})."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == \
        (Cause.OOM_KILLED, CountRange(0, 0), (), True)


@pytest.mark.parametrize("text", [
    "The container was failing with exit code 137, maybe OOM?\n",
    "The container was failing with exit code 137, which could be an OOM.\n",
    "The container was failing with exit code 137, possibly due to OOM.\n",
    "The container was failing with exit code 137, which is not OOM.\n",
    "The container was failing with exit code 137, indicating it was not an OOM kill.\n",
    "Was the container failing with exit code 137 due to OOM?\n",
    "If the container was failing with exit code 137 due to OOM, raise its limit.\n",
    "A container fails with exit code 137, which means OOM.\n",
    "A container was failing with exit code 137 due to OOM.\n",
    "The container was failing with exit code 137 after the upgrade; we looked at OOM.\n",
])
def test_exit_137_with_a_guess_or_no_case_is_no_record(text):
    """The negative side: a guess, a negation, a question, a conditional, a guide's present,
    `a container`, a cause not given for the exit: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("the container was failing with exit code 137, indicating " * (_N // 57)) + "\n",
    ("exit code 137 " * (_N // 14)) + "OOM\n",
    ("the pod crashed with exit code 137 due to a b c d e f g h i j k l m " * (_N // 68)) + "\n",
    ("137 " * (_N // 4)) + "out of memory\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ a pod's bullet: its name, a colon, its state


def _pods(text: str) -> list[str | None]:
    return [p.name for p in parse_record(text, "r.txt").pods]


@pytest.mark.parametrize("text", [
    "## Problem\n\n- `otel-collector-agent-jv6v6` on worker `10.0.10.170`: `CrashLoopBackOff`, "
    "more than 1,150 restarts.\n- The previous container exited with code 2.\n",
    "- `api-server-7d9f-abcde` on node `node-1`: CrashLoopBackOff.\n",
    "* api-server-7d9f-abcde: `CrashLoopBackOff`, 40 restarts\n",
])
def test_a_pods_bullet_stating_crashloopbackoff_is_a_back_off(text):
    """A bullet naming a pod, then after the colon its status alone: that pod waits out a
    back-off whose restarts no count bounds (README's prose rule): cannot-tell, {0, null}."""
    assert len(_pods(text)) == 1
    assert_ended_untold(text)


def test_several_pods_bullets_are_several_pods():
    """Each bullet its own pod's state; `--pod` picks one."""
    text = ("- `api-server-7d9f-abcde` on node `node-1`: `CrashLoopBackOff`, 40 restarts.\n"
            "- `api-server-7d9f-fghij` on node `node-2`: `CrashLoopBackOff`.\n")
    assert _pods(text) == ["api-server-7d9f-abcde", "api-server-7d9f-fghij"]
    a = explained_answer(text, pod="api-server-7d9f-fghij")
    assert (a.cause, a.probe_kills, a.shows_failures) == (Cause.CANNOT_TELL, CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    "- `api-server-7d9f-abcde` on node `node-1`: CrashLoopBackOff means the kubelet waits "
    "before a restart.\n",
    "- `api-server-7d9f-abcde`: if CrashLoopBackOff, check the logs.\n",
    "- `api-server-7d9f-abcde` on node `node-1`: `CrashLoopBackOff`?\n",
    "- `api-server-7d9f-abcde`: not CrashLoopBackOff.\n",
    "- `CrashLoopBackOff`: the kubelet waits before a restart.\n",
])
def test_a_bullet_of_a_guide_or_negated_or_asked_is_no_record(text):
    """The negative side: a guide's label, a conditional, a question, a negation."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ a `Before` bullet of a pull request's test


@pytest.mark.parametrize("text", [
    "## Testing done\n- **Before (stock chart):** DS otelConfig has no `service.telemetry`; "
    "co-scheduled DaemonSet pod CrashLoopBackOff \u2014 `listen tcp 127.0.0.1:8888: bind: "
    "address already in use`.\n- **After (this change):** the same DaemonSet pod starts "
    "cleanly, 0 new restarts over a sustained hold.\n",
    "- Before: collector pod CrashLoopBackOff.\n- After: collector pod Running.\n",
    "- **Before:** the config is wrong; the agent pod `CrashLoopBackOff`, bind error\n",
])
def test_a_before_bullets_pod_in_crashloopbackoff_is_a_back_off(text):
    """The failing `Before` of a fix's test: the case's pod in a back-off (README: the
    record's case is the failure it reports), cannot-tell, {0, null}."""
    assert_ended_untold(text)


@pytest.mark.parametrize("text", [
    "- **After (this change):** DaemonSet pod CrashLoopBackOff \u2014 bind error.\n",
    "- **Before:** no pod CrashLoopBackOff; all good.\n",
    "- **Before:** if the DaemonSet pod CrashLoopBackOff, check the port.\n",
    "- **Before:** DaemonSet pods CrashLoopBackOff.\n",
    "- **Before:** DaemonSet pod CrashLoopBackOff means the port is taken.\n",
    "Before the fix, a pod CrashLoopBackOff happens.\n",
])
def test_a_before_bullet_of_no_case_is_no_record(text):
    """The negative side: an `After` bullet, a negation, a conditional, `pods`, a status with
    words after it (a guide's), and no bullet."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    ("- `a-b` on node `c`: " * (_N // 20)) + "\n",
    "- `a-b`: " + ("`CrashLoopBackOff`, " * (_N // 20)) + "\n",
    "- **Before:** " + ("a b c pod CrashLoopBackOff x " * (_N // 29)) + "\n",
    "- **Before:** " + ("a; " * (_N // 3)) + "pod\n",
])
def test_the_bullets_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the bullets' words, read in one pass."""
    read_in_one_pass(text)
