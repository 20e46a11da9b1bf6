"""Held-out batch 76 (fixprose76): a tool's line of a container's state, and two probes'
failures stated of the case's own pod in one sentence.

- A tool's log line of a container's state as it prints the pod's `containerStatuses`
  (sregym-132: `❌ Container grafana is waiting: CrashLoopBackOff`; skaffold-5210: Skaffold's
  status check `- deployment/service-b: container service-b terminated with exit code 1`): that
  container's state, its restarts not in the record (tool_state.py): cannot-tell, {0, null},
  failures shown.
- `the Liveness probe failed and readiness probe failed on the Rancher pod` (k3d-498): the
  prose rule of a probe's failure of the case's pod (fixprose45, said_failing.py) widened to
  two probes joined by `and`, and the author's own `All I can see is ...` no guide's `can`.

Hand-written variants beside those that must stay unread (a guide's `a container is waiting:
...`, a conditional, a question, a reason in lowercase; a guide's probes, `or`, a modal)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ a tool's line of a container's state


@pytest.mark.parametrize("text", [
    "## Outputs\n```bash\n== Mitigation Evaluation ==\n❌ Container grafana is waiting: "
    "CrashLoopBackOff\n```\n",
    "Checker output:\nContainer api is waiting: CrashLoopBackOff\nDone.\n",
    "status check:\n - deployment/web: container web terminated with exit code 1\n",
    " - deployment/service-b: container service-b terminated with exit code 1\n"
    "    - pod/service-b-59995f6f5f-bmg74: container service-b terminated with exit c\n",
    "health: Container worker is terminated: Error\n",
    "health: container `worker` is waiting: ImagePullBackOff\n",
])
def test_a_tools_line_of_a_containers_state_is_that_containers(text):
    """The container in the state the line prints, its restarts not in the record: what ended
    it cannot be told, no probe failure, at least none and no bound on its kills."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.failed) == (Cause.CANNOT_TELL, CountRange(0, None), ())


def test_a_tools_terminated_line_names_its_pod_and_container():
    """Skaffold's `pod/NAME:` label names the pod; the container is the line's."""
    found = parse_record("   - pod/web-7d9f-abcde: container app terminated with exit code 2\n",
                         "r.txt")
    [pod] = found.pods
    [c] = pod.containers
    assert (pod.name, c.name, c.state, c.terminated.exit_code if c.terminated else None) == \
        ("web-7d9f-abcde", "app", "terminated", 2)


@pytest.mark.parametrize("text", [
    "Common causes: a container is waiting: CrashLoopBackOff when its command exits.\n",
    "If the container app is waiting: CrashLoopBackOff, check its logs.\n",
    "Why is container api is waiting: CrashLoopBackOff?\n",
    "Container api is waiting: for the volume to attach\n",  # no reason of the kubelet's
    "the container is waiting: CrashLoopBackOff\n",  # no name of its own
    "Each container web terminated with exit code 1 is restarted by the kubelet.\n",
    "The check prints container X terminated with exit c\n",  # cut before the code
])
def test_a_guides_or_a_questions_container_state_is_no_record(text):
    """The negative side: the paste alone is refused (no state read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ two probes failing on the case's pod


@pytest.mark.parametrize(("text", "failed"), [
    ("Pods keep restarting. All I can see is the Liveness probe failed and readiness probe "
     "failed on the Rancher pod for `connection refused` response.\n", ("liveness", "readiness")),
    ("The readiness probe failed and the liveness probe failed on the api pod.\n",
     ("readiness", "liveness")),
    ("We can see the liveness probe fails and startup probe also fails in the web container.\n",
     ("liveness", "startup")),
])
def test_two_probes_failing_on_the_case_pod_are_each_ones_failure(text, failed):
    """Each probe the sentence joins by `and` failed at least once, no count, no kill shown."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, {p.value for p in a.failed}) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, set(failed))


@pytest.mark.parametrize("text", [
    "You can see the liveness probe failed and readiness probe failed on the pod if it is slow.\n",
    "The liveness probe failed or readiness probe failed on the Rancher pod.\n",
    "The liveness probe can fail and readiness probe can fail on the Rancher pod.\n",
    "A liveness probe failed and a readiness probe failed on a pod.\n",
    "Has the liveness probe failed and readiness probe failed on the Rancher pod?\n",
    "The liveness probe never failed and readiness probe failed on the other pod.\n",
    "All I can see is that the pod is Running.\n",
])
def test_probes_of_a_guide_or_of_no_case_stay_unread(text):
    """The negative side: the paste alone is refused (no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "Container a is waiting: " * 90_000 + "\n",
    "- pod/x: container x terminated with exit code " * 45_000 + "\n",
    "container " * 200_000 + "\n",
    "the liveness probe failed and readiness probe failed " * 40_000 + "\n",
    "I can see " * 200_000 + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ a Chinese crash loop of a bare name


@pytest.mark.parametrize("text", [
    "离线安装后，其他服务都正常启动，chaos-daemon状态为 CrashLoopBackoff，一直重复启动，有人遇到同样的问题吗？\n",
    "升级以后 grafana 的状态一直是 CrashLoopBackOff。\n",
    "部署完成后 nacos狀態為 `CrashLoopBackOff`，求助。\n",
])
def test_a_chinese_crash_loop_of_a_bare_name_is_answered_cannot_tell(text):
    """A bare name's crash loop stated in Chinese: no container's end read, cannot-tell with
    that sentence as why, {0, null}, nothing shown (not refused)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), False, ())
    assert "crash loop" in a.text


@pytest.mark.parametrize("text", [
    "chaos-daemon状态为 CrashLoopBackoff吗？\n",  # a question in its own clause
    "如果chaos-daemon状态为 CrashLoopBackOff，请检查日志。\n",  # a conditional
    "chaos-daemon状态不是 CrashLoopBackOff。\n",  # a negation
    "其他 app状态为 CrashLoopBackOff。\n",  # a subject of no case
    "pod状态为 CrashLoopBackOff。\n",  # a pod's word, no name
])
def test_a_chinese_crash_loop_of_no_case_stays_unread(text):
    """The negative side: the paste alone is refused (no statement read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "a状态为 CrashLoopBack" * 110_000 + "\n",
    "状态" * 1_000_000 + "\n",
])
def test_the_chinese_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
