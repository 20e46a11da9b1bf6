"""describe's container block run into one line (readers/container_run.py) and the pod's
sandbox events (diagnosis `sandbox`): the shapes of volcengine-6460-1134341 (batch 35) and
virtualization-docs-1030 (batch 36), in small, with other names, numbers and spacing."""

from __future__ import annotations

import pytest

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.container_run import container_run
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.runs import split_runs


def _explained(text: str) -> tuple[Diagnosis, str]:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    answer = ex.containers[0].answer
    assert answer is not None
    return answer, " ".join(n.text for n in ex.notes)


# the block as a page ran it into one line, behind a sentence (its fields, describe's order)
_BLOCK = ("See the output: Containers: {name}: Container ID: containerd://ab12 Image: {image} "
          "Port: <none>{sp}State: Waiting{sp}Reason: CrashLoopBackOff Last State: Terminated "
          "Reason: {reason}{sp}Exit Code: {code} Started: Tue, 12 Mar 2024 09:01:02 +0100 "
          "Finished: Tue, 12 Mar 2024 {end} +0100 Ready: False Restart Count: {count}"
          "{probe} Environment: <none>\n")


@pytest.mark.parametrize(("name", "reason", "code", "count", "sp"), [
    ("demo", "Completed", 127, 9, " "), ("worker-2", "Error", 1, 4, "   "),
    ("api", "Error", 2, 17, "\t")])
def test_a_block_run_into_one_line_without_a_probe_line_is_the_apps_exit(
        name: str, reason: str, code: int, count: int, sp: str) -> None:
    """volcengine-6460-1134341: the block was read as its State alone (`cannot-tell`, kills
    open). Put back on describe's lines, it is whole from Restart Count to Environment with
    no probe line: no probe, so the exit is the app's (README's whole-block rule), {0, 0}."""
    text = _BLOCK.format(name=name, image="nginx:1.25", reason=reason, code=code,
                         count=count, sp=sp, probe="", end="09:01:03")
    a, notes = _explained(text)
    assert (a.cause, a.probe_kills) == (Cause.APP_EXIT, CountRange(0, 0))
    assert "container block (its line breaks lost)" in notes
    assert "the rest of that line not read" in notes  # the sentence, Container ID ... Port


def test_a_block_run_into_one_line_with_a_liveness_line_keeps_the_probe() -> None:
    """The same block with describe's Liveness line between Restart Count and Environment:
    the probe is read from it, and an exit 137 after a run of five minutes is no longer the
    app's alone (no Killing row, no lastState of the kill: cannot tell)."""
    probe = (" Liveness: http-get http://:8080/healthz delay=0s timeout=1s period=10s "
             "#success=1 #failure=3")
    text = _BLOCK.format(name="web", image="web:2", reason="Error", code=137, count=6,
                         sp=" ", probe=probe, end="09:06:02")
    a, _ = _explained(text)
    assert a.cause is not Cause.APP_EXIT and a.probe_kills.hi != 0


def test_a_value_not_of_its_fields_shape_is_read_up_to_it_and_the_rest_said() -> None:
    """An Environment of variables (describe prints them on lines of their own, which the run
    lost: where each ends cannot be told) and words after an exit code: the key is kept, the
    value's shape read, the rest said not read."""
    line = ("State: Running Started: Mon, 01 Jan 2024 00:00:00 +0000 Last State: Terminated "
            "Reason: Error Exit Code: 3 then it stopped Ready: True Restart Count: 2 "
            "Environment: MODE: fast LEVEL: 2")
    parts = container_run(line)
    assert parts is not None
    lines, rest = parts
    assert rest and "      Exit Code:  3" in lines and "    Environment:" in lines
    assert not any("fast" in x or "stopped" in x for x in lines)


def test_limits_and_requests_are_put_back_under_their_key() -> None:
    line = ("State: Running Started: Mon, 01 Jan 2024 00:00:00 +0000 Ready: True "
            "Restart Count: 0 Limits: cpu: 500m memory: 256Mi Requests: cpu: 100m "
            "Environment: <none>")
    parts = container_run(line)
    assert parts is not None
    lines, rest = parts
    assert not rest
    assert lines[lines.index("    Limits:") + 1:lines.index("    Requests:")] == [
        "      cpu: 500m", "      memory: 256Mi"]


@pytest.mark.parametrize("line", [
    "State: Waiting Reason: CrashLoopBackOff and Ready: False",  # two of describe's own
    "Ready: False Restart Count: 3 State: Running",  # State after them: not describe's order
    "State: Running Restart Count: 1",
    "the State: field and the Restart Count: field and Ready: are documented",
    "Restart Count: 2 Ready: True Environment: <none>",  # no State: no block
])
def test_fewer_fields_or_another_order_is_no_block(line: str) -> None:
    """Fewer than three of describe's container fields from a State on, in its order: a
    sentence or another layout, left to the other readers (a state run, a sentence)."""
    assert container_run(line) is None


def test_a_field_out_of_order_ends_the_block_there() -> None:
    """describe prints each field once, in its order: a State after the Restart Count is the
    next container's or a sentence's, not read as this block's."""
    parts = container_run("State: Running Ready: True Restart Count: 1 State: Waiting "
                          "Reason: Error Environment: <none>")
    assert parts is not None
    lines, _ = parts
    assert [x.strip() for x in lines] == ["State:  Running", "Ready:  True",
                                          "Restart Count:  1"]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("unit", ["State: Running ", "Containers: a: ", "Reason: x ",
                                  "Restart Count: 1 ", "Limits: cpu: 1 "])
def test_container_run_on_a_hostile_line_stays_linear(unit: str) -> None:
    """2 MB lines of field names: the names are found once, each value matched once at its
    place; a quadratic scan would take hours, the timeout bounds it."""
    line = "State: Waiting Reason: CrashLoopBackOff Ready: False " + unit * (
        2_000_000 // len(unit)) + " Restart Count: 3 Environment: <none>"
    container_run(line)
    split_runs(line)


_SANDBOX = ("Events:\n"
            "  Type     Reason                  Age                 From     Message\n"
            "  ----     ------                  ----                ----     -------\n"
            "  Normal   Scheduled               {age}                default-scheduler  "
            "Successfully assigned default/{pod} to node-{node}\n"
            "  Normal   SandboxChanged          {age} (x{n} over {age})  kubelet  Pod sandbox "
            "changed, it will be killed and re-created.\n"
            "{rows}"
            "  Warning  FailedCreatePodSandBox  {age} (x{m} over {age})  kubelet  Failed to "
            "create pod sandbox: rpc error: code = Unknown desc = {why}\n")


@pytest.mark.parametrize(("n", "m", "why"), [
    (12, 4, "failed to start sandbox container: the container operating system does not "
            "match the host operating system"),
    (3, 7, 'failed to setup network for sandbox "3f2a": plugin type="calico" failed'),
])
def test_sandbox_events_without_a_container_created_show_failures_and_no_probe_kill(
        n: int, m: int, why: str) -> None:
    """virtualization-docs-1030: SandboxChanged and FailedCreatePodSandBox read as nothing
    ("no failure shown", kills open). The sandbox is the pod's failure; no container was
    created or started, so no probe ran (R1.25): no probe kill, {0, 0}."""
    text = _SANDBOX.format(age="41s", pod="web-7d9f", node="a", n=n, m=m, why=why, rows="")
    a, _ = _explained(text)
    assert (a.cause, a.kind, a.shows_failures) == (Cause.CANNOT_TELL, "sandbox", True)
    assert a.probe_kills == CountRange(0, 0)
    assert "SandboxChanged" in a.text and "nothing to explain" not in a.text


def test_sandbox_events_beside_a_started_container_leave_the_kills_unclosed() -> None:
    """A container created and started in a sandbox that then changed was killed with it
    (kuberuntime_manager.go); the sandbox rule does not close its kills (a probe may have
    run in it): whatever else bounds them."""
    rows = ("  Normal   Created                 30s (x2 over 40s)   kubelet  Created container app\n"
            "  Normal   Started                 30s (x2 over 40s)   kubelet  Started container app\n")
    text = _SANDBOX.format(age="50s", pod="app-0", node="b", n=2, m=3, why="timeout", rows=rows)
    a, _ = _explained(text)
    assert a.shows_failures
    assert "sandbox kept failing" not in a.probe_kills.because


def test_a_running_containers_block_without_a_reason_is_read() -> None:
    """A running container's block has no Reason or Exit Code: its State and Restart Count on
    one line are what the run is looked for by; its restart count 0 closes the kills, and
    its liveness line is read as the probe's settings."""
    text = ("Containers: api: State: Running Started: Mon, 01 Jan 2024 00:00:00 +0000 Ready: "
            "True Restart Count: 0 Liveness: tcp-socket :5432 delay=10s timeout=2s period=15s "
            "#success=1 #failure=5 Environment: <none>\n")
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    [c] = ex.containers
    assert c.name == "api" and c.answer is not None
    assert c.answer.probe_kills == CountRange(0, 0)
