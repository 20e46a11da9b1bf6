"""One probe call: ask the app, apply the handler's rules and `timeoutSeconds` (§2).

`judge` is pure: an `Answer` and a probe in, an `Attempt` out. `run_probe` adds the prober's
retries on error (R2.2) and lets simulated time pass while the call is in flight.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.answer import Answer, AnswerError
from kubesim.results import Outcome
from kubesim.spec.model import HandlerKind, Probe, Target

if TYPE_CHECKING:
    import simpy

__all__ = ["MAX_PROBE_RETRIES", "Attempt", "CensoredPolicy", "judge", "run_probe"]

MAX_PROBE_RETRIES = 3  # prober.go maxProbeRetries (R2.2)
CLIENT = "10.0.0.1:43210"  # the kubelet's side of a probe connection, for messages


class CensoredPolicy:
    """What a censored observation (a recorded client timeout shorter than `timeoutSeconds`)
    counts as: 'failure' (a timeout), or 'discard' (unknown, like a prober error)."""

    FAILURE = "failure"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Attempt:
    """The judged call: its outcome, the kubelet's output text, and how long it took."""

    outcome: Outcome
    detail: str
    duration: float
    retry: bool = True  # an ERROR the prober retries (R2.2); a discarded censored one is not


def judge(probe: Probe, target: Target, answer: Answer, *, exec_probe_timeout: bool = True,
          censored: str = CensoredPolicy.FAILURE) -> Attempt:
    """Judge one answer against one probe, per the handler rules of §2."""
    timeout = float(probe.timeout_seconds)
    if target.port is None and target.kind is not HandlerKind.EXEC:
        # R2.4: a named port missing from the container is a prober error, retried, discarded;
        # the text of pkg/probe/util.go findPortByName, naming the port (not the path)
        return Attempt(Outcome.ERROR, f'port "{_hostport(target).rsplit(":", 1)[-1]}" not found',
                       0.0)
    if answer.censored and answer.latency < timeout:
        if censored == CensoredPolicy.DISCARD:
            return Attempt(Outcome.ERROR, f"censored: no answer within {answer.latency:g}s "
                           "recorded", answer.latency, retry=False)
        return _timed_out(target, timeout, exec_probe_timeout)
    if answer.error is AnswerError.TIMEOUT or answer.latency > timeout:
        return _timed_out(target, timeout, exec_probe_timeout)  # R2.8, R2.12, R2.15, R2.16
    if answer.error is not None:
        return _connection_error(target, answer)
    return _JUDGES[target.kind](target, answer)


def _timed_out(target: Target, timeout: float, exec_probe_timeout: bool) -> Attempt:
    kind = target.kind
    if kind is HandlerKind.HTTP_GET:
        detail = (f'Get "{target.url}": context deadline exceeded '
                  "(Client.Timeout exceeded while awaiting headers)")
    elif kind is HandlerKind.TCP_SOCKET:
        detail = f"dial tcp {_hostport(target)}: i/o timeout"
    elif kind is HandlerKind.GRPC:
        detail = f"timeout: health rpc did not complete within {timeout:g}s"
    elif exec_probe_timeout:
        detail = f"command {target.url!r} timed out"
    else:  # R2.15: ExecProbeTimeout off -> Unknown + error -> retried and discarded
        return Attempt(Outcome.ERROR, f"command {target.url!r} timed out", timeout)
    return Attempt(Outcome.FAILURE, detail, timeout)


def _connection_error(target: Target, answer: Answer) -> Attempt:
    err, kind, took = answer.error, target.kind, answer.latency
    if err is AnswerError.ERROR:
        if kind in (HandlerKind.HTTP_GET, HandlerKind.EXEC):  # R2.11, R2.14: errors, discarded
            return Attempt(Outcome.ERROR, "error reading probe response", took)
        return Attempt(Outcome.FAILURE, "probe error", took)  # R2.12, R2.16: never an error
    if kind is HandlerKind.EXEC:
        return Attempt(Outcome.FAILURE, f"command {target.url!r} failed ({err.value})", took)
    if kind is HandlerKind.GRPC:
        return Attempt(Outcome.FAILURE, f'failed to connect service "{target.url}": '
                       f"{_SOCKET_TEXT[err]}", took)
    text = (f"dial tcp {_hostport(target)}: connect: connection refused"
            if err is AnswerError.REFUSED
            else f"read tcp {CLIENT}->{_hostport(target)}: read: connection reset by peer")
    if kind is HandlerKind.HTTP_GET:
        text = f'Get "{target.url}": {text}'
    return Attempt(Outcome.FAILURE, text, took)


_SOCKET_TEXT = {AnswerError.REFUSED: "connection refused", AnswerError.RESET: "connection reset"}


def _hostport(target: Target) -> str:
    url = target.url.split("://", 1)[-1]
    return url.split("/", 1)[0]


def _judge_http(target: Target, answer: Answer) -> Attempt:
    code = answer.status
    if 200 <= code < 300:  # R2.9
        return Attempt(Outcome.SUCCESS, f"HTTP {code}", answer.latency)
    if 300 <= code < 400:  # R2.9, E5: a redirect not followed is a warning, counted as success
        return Attempt(Outcome.WARNING, "Probe terminated redirects, Response body: ",
                       answer.latency)
    return Attempt(Outcome.FAILURE, f"HTTP probe failed with statuscode: {code}", answer.latency)


def _judge_tcp(target: Target, answer: Answer) -> Attempt:
    return Attempt(Outcome.SUCCESS, "connected", answer.latency)  # R2.12


def _judge_exec(target: Target, answer: Answer) -> Attempt:
    if answer.exit_code == 0:  # R2.14
        return Attempt(Outcome.SUCCESS, "exit code 0", answer.latency)
    return Attempt(Outcome.FAILURE, f"command {target.url!r} exited with {answer.exit_code}",
                   answer.latency)


def _judge_grpc(target: Target, answer: Answer) -> Attempt:
    if answer.grpc_status == "SERVING":  # R2.16
        return Attempt(Outcome.SUCCESS, "SERVING", answer.latency)
    return Attempt(Outcome.FAILURE,
                   f'service unhealthy (responded with "{answer.grpc_status}")', answer.latency)


_JUDGES = {HandlerKind.HTTP_GET: _judge_http, HandlerKind.TCP_SOCKET: _judge_tcp,
           HandlerKind.EXEC: _judge_exec, HandlerKind.GRPC: _judge_grpc}


def run_probe(env: simpy.Environment, ask: Callable[[Target, float], Answer], probe: Probe,
              target: Target, *, exec_probe_timeout: bool,
              censored: str) -> Generator[Any, Any, Attempt]:
    """Call the target through `ask(target, now)`, retrying prober errors up to 3 times back
    to back (R2.2)."""
    attempt = Attempt(Outcome.ERROR, "", 0.0)
    for _ in range(MAX_PROBE_RETRIES):
        answer = ask(target, env.now)
        attempt = judge(probe, target, answer, exec_probe_timeout=exec_probe_timeout,
                        censored=censored)
        if attempt.duration > 0:
            yield env.timeout(attempt.duration)
        if attempt.outcome is not Outcome.ERROR or not attempt.retry:
            return attempt
    return attempt
