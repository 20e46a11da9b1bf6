"""The probe kills' range says why (`CountRange.because`, the JSON's `probe_kills.because`, in
brackets after the range in the text and the HTML page): the rule that set its floor, and the
rule that closed it, bounded it or left it open, with the figures it weighed. The records here
are hand-written (names, numbers and spacing varied); the figures the tests expect are worked
out here from the probe settings (initialDelaySeconds + (failureThreshold - 1) x
periodSeconds, R1.7, R1.17), not read back from kubesim."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from helpers import cli as kubesim
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import CountRange
from kubesim.explain.readers.read import parse_record

_T0 = datetime(2024, 3, 11, 8, 15, 7, tzinfo=UTC)


def _rfc1123(t: datetime) -> str:
    return t.strftime("%a, %d %b %Y %H:%M:%S +0000")


def _kills(text: str, name: str = "record.txt") -> CountRange:
    ex = explain_records([parse_record(text, name)], ExplainOptions(suggest=False, phases=1))
    answer = ex.containers[0].answer
    assert answer is not None
    return answer.probe_kills


def _running_since(after: int, delay: int, period: int, failures: int, *,
                   pod: str = "cart-7f9c6d-2xkq", container: str = "cart") -> str:
    """A describe cut after the container's Ready line (no Restart Count): the pod's Start
    Time, the container running since `after` seconds later, its liveness probe's settings."""
    return (f"Name:         {pod}\nNamespace:    shop\n"
            f"Start Time:   {_rfc1123(_T0)}\nStatus:       Running\nContainers:\n"
            f"  {container}:\n    Image:          registry.example/cart:1.4\n"
            "    State:          Running\n"
            f"      Started:      {_rfc1123(_T0 + timedelta(seconds=after))}\n"
            "    Ready:          True\n"
            f"    Liveness:       exec [cat /tmp/ok] delay={delay}s timeout=1s period={period}s "
            f"#success=1 #failure={failures}\n")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(after=st.integers(0, 100), delay=st.integers(0, 30), period=st.integers(1, 10),
       failures=st.integers(1, 6))
def test_the_start_time_rule_says_its_figures(after: int, delay: int, period: int,
                                              failures: int) -> None:
    """A container running since `after` s past the pod's Start Time, sooner than its
    liveness probe can kill (delay + (failures - 1) x period): no earlier instance was killed,
    and the range closes at 0 saying so, with both figures; later, that rule says nothing."""
    earliest = delay + (failures - 1) * period
    kills = _kills(_running_since(after, delay, period, failures))
    if after < earliest:
        assert kills == CountRange(0, 0)
        assert kills.because == (f"Started {after} s after the pod's Start Time; the earliest "
                                 f"liveness kill comes {earliest} s after: R1.7, R1.17, R4.7")
    else:
        assert "Start Time" not in kills.because
    assert kills.because  # every range says why


def _events(*rows: str) -> str:
    return ("Events:\n  Type     Reason     Age    From     Message\n"
            "  ----     ------     ----   ----     -------\n" + "".join(f"  {r}\n" for r in rows))


def test_the_too_soon_rule_says_how_long_the_container_ran_and_the_earliest_kill() -> None:
    """One Created and one Started row of one occurrence, 9 s ago, a startup probe failing that
    cannot kill before 0 + 29 x 10 = 290 s and a liveness probe that cannot kill before
    5 + 3 x 4 = 17 s (R1.7, R1.17): no probe kill can be in the record (k8s-131346's shape)."""
    text = ("Name:         ledger-0\nNamespace:    books\nContainers:\n  ledger:\n"
            "    State:          Running\n    Ready:          False\n    Restart Count:  0\n"
            "    Liveness:       http-get http://:9090/live delay=5s timeout=2s period=4s "
            "#success=1 #failure=4\n"
            "    Startup:        http-get http://:9090/live delay=0s timeout=2s period=10s "
            "#success=1 #failure=30\n"
            + _events("Normal   Created    9s     kubelet  Created container ledger",
                      "Normal   Started    9s     kubelet  Started container ledger",
                      "Warning  Unhealthy  3s (x2 over 8s)  kubelet  Startup probe failed: "
                      "Get \"http://10.9.8.7:9090/live\": connect: connection refused"))
    kills = _kills(text)
    assert kills == CountRange(0, 0)
    assert kills.because.startswith("Started once, at most 10 s before the record was taken")
    assert "the earliest liveness kill comes 17 s after it" in kills.because
    assert "the earliest startup kill comes 4 min 50 s after it" in kills.because


def test_a_run_shorter_than_the_earliest_kill_says_both_figures() -> None:
    """An exit after 14 s, with a liveness probe that cannot kill before 20 + 2 x 15 = 50 s:
    the app's own exit, and the range closes at 0 with the run and the earliest kill."""
    text = ("Name:         feed-1\nNamespace:    news\nContainers:\n  feed:\n"
            "    State:          Running\n      Started:      Tue, 02 Apr 2024 07:30:00 +0000\n"
            "    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    2\n"
            "      Started:      Tue, 02 Apr 2024 07:20:00 +0000\n"
            "      Finished:     Tue, 02 Apr 2024 07:20:14 +0000\n"
            "    Ready:          True\n    Restart Count:  1\n"
            "    Liveness:       tcp-socket :7000 delay=20s timeout=1s period=15s #success=1 "
            "#failure=3\n")
    kills = _kills(text)
    assert kills == CountRange(0, 0)
    assert kills.because == ("it ran 14 s; the earliest liveness kill comes 50 s after its "
                             "start: R1.7, R1.17")


def _block(state: str, restarts: int, *, container: str = "api") -> str:
    return (f"Name:         {container}-5c8d9-lmq2p\nNamespace:    prod\nContainers:\n"
            f"  {container}:\n    State:          {state}\n    Restart Count:  {restarts}\n"
            "    Liveness:       http-get http://:8080/healthz delay=0s timeout=1s period=10s "
            "#success=1 #failure=3\n")


def test_a_restart_count_bounds_the_kills_and_says_so() -> None:
    """Each restart follows one end (R4.7): a running container's restartCount N bounds its
    kills to N; a container waiting out a back-off ended once more: N + 1."""
    for n in (1, 4, 11):
        running = _kills(_block("Running", n) + _events(
            f"Warning  Unhealthy  2m (x{n * 3} over 9m)  kubelet  Liveness probe failed: "
            "HTTP probe failed with statuscode: 503"))
        assert running == CountRange(0, n)
        assert running.because == f"at most {n}: restartCount {n}, one end before each " \
            "restart (R4.7)"
        waiting = _kills(_block("Waiting\n      Reason:       CrashLoopBackOff", n) + _events(
            f"Warning  BackOff  20s (x{n + 2} over 7m)  kubelet  Back-off restarting failed "
            "container api in pod api-5c8d9-lmq2p_prod(0c0e1b2a)"))
        assert waiting == CountRange(0, n + 1)
        assert f"at most {n + 1}: restartCount {n}" in waiting.because
        assert "the last container ended too (R4.7)" in waiting.because


def test_killing_rows_set_the_floor_and_say_so() -> None:
    """Killing rows that name a probe are kills the record shows (R4.4): the floor, said with
    its figure, whatever bounds it from above."""
    for n in (2, 5):
        kills = _kills(_block("Running", n + 1, container="queue") + _events(
            f"Normal   Killing    3m (x{n} over 20m)  kubelet  Container queue failed liveness "
            "probe, will be restarted"))
        assert kills.lo == n
        assert kills.because.startswith(f"{n} Killing events name a probe (R4.4); ")


def test_created_and_started_counts_bound_the_kills_and_say_so() -> None:
    """No restart count: n Created and n Started rows state n containers, each before the last
    ended once (R4.7), whatever the failures beside them suggest: short of the recorder's
    burst (n + n + 4n < 25; past it they count the containers from below, R4.43, below)."""
    for n in (3, 4):
        kills = _kills(_events(
            f"Normal   Created    1m (x{n} over 12m)  kubelet  Created container worker",
            f"Normal   Started    1m (x{n} over 12m)  kubelet  Started container worker",
            f"Warning  Unhealthy  2m (x{n * 4} over 12m)  kubelet  Liveness probe failed: "
            "Get \"http://10.1.2.3:8080/\": context deadline exceeded"))
        assert kills.hi is not None and kills.hi >= n - 1
        assert f"the rows state {n} containers ({n} Created, {n} Started)" in kills.because


def test_created_and_started_counts_past_the_burst_bound_no_kills() -> None:
    """6 + 6 + 24 = 36 occurrences: past the burst the rows' starts are lower bounds (R4.43)."""
    kills = _kills(_events(
        "Normal   Created    1m (x6 over 12m)  kubelet  Created container worker",
        "Normal   Started    1m (x6 over 12m)  kubelet  Started container worker",
        "Warning  Unhealthy  2m (x24 over 12m)  kubelet  Liveness probe failed: "
        "Get \"http://10.1.2.3:8080/\": context deadline exceeded"))
    assert kills.hi is None and "(R4.43)" in kills.because


def test_rows_past_the_recorders_burst_leave_the_kills_open_and_say_so() -> None:
    """25 occurrences or more of a pod's events: the recorder's spam filter may have dropped
    some (R4.43), so the failures are counted from below and the kills are left open."""
    kills = _kills(_events(
        "Warning  Unhealthy  40s (x31 over 16m)  kubelet  Liveness probe failed: Get "
        "\"http://10.4.0.9:8081/healthz\": dial tcp 10.4.0.9:8081: connect: connection refused"))
    assert kills.hi is None
    assert "burst (25)" in kills.because and "(R4.43)" in kills.because


def test_a_back_off_without_a_restart_count_leaves_the_kills_open_and_says_so() -> None:
    """CrashLoopBackOff shows two ends at least (R4.9), not how many: no bound, said so."""
    status = {"status": {"containerStatuses": [{"name": "mailer", "state": {
        "waiting": {"reason": "CrashLoopBackOff"}}}]}}
    kills = _kills(json.dumps(status), "status.json")
    assert kills.hi is None
    assert "CrashLoopBackOff shows it ended twice at least (R4.9)" in kills.because


def test_every_output_prints_the_reason(capsys, tmp_path: Path) -> None:
    """The text, the JSON and the HTML print the one reason the diagnosis decided."""
    path = tmp_path / "since-start.txt"
    path.write_text(_running_since(4, 10, 5, 3, pod="pay-0", container="pay"))
    why = ("Started 4 s after the pod's Start Time; the earliest liveness kill comes 20 s "
           "after: R1.7, R1.17, R4.7")
    page = tmp_path / "since-start.html"
    outs = {}
    for fmt in ("text", "json"):
        code, out, err = kubesim(capsys, "explain", str(path), "--no-suggest", "--phases", "1",
                                 "--format", fmt, "--html", str(page))
        assert code == 0, err
        outs[fmt] = out
    kills = json.loads(outs["json"])["containers"][0]["answer"]["probe_kills"]
    assert kills == {"min": 0, "max": 0, "because": why}
    said = f"probe kills the record shows: 0 ({why})"
    assert said in " ".join(outs["text"].split())
    assert json.dumps(said)[1:-1] in page.read_text()  # the page's answer lines, as data


def test_pulled_rows_that_bound_the_kills_are_named_in_the_reason() -> None:
    """No Created or Started row, one container named: its Pulled rows count its starts (the
    README's Pulled rule) and the reason names them (it once printed an empty `()`,
    triton-server-7154's)."""
    kills = _kills(_events(
        "Normal   Pulled     1m (x2 over 12m)  kubelet  Container image \"app:1\" already "
        "present on machine",
        "Warning  Unhealthy  2m (x6 over 12m)  kubelet  Liveness probe failed: Get "
        "\"http://10.1.2.3:8080/\": context deadline exceeded",
        "Normal   Killing    2m  kubelet  Container app failed liveness probe, will be "
        "restarted"))
    assert "()" not in kills.because
    assert "the rows state 2 containers (2 Pulled" in kills.because
