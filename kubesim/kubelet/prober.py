"""One probe call: ask the app, apply the handler's rules and `timeoutSeconds` (§2).

`judge` is pure given its inputs: an `Answer` and a probe in, an `Attempt` out. With `ask`
(the engine's "what does the app answer to this target now") it also follows HTTP redirects
the way the kubelet's Go client does (R2.10): each hop asks the app again at the same instant,
the hops' latencies add up and `timeoutSeconds` covers the whole chain. Without `ask` a 3xx is
not followed (a warning, as for a redirect to another host). `Prober.call` adds the prober's
retries on error (R2.2) and lets simulated time pass while the call is in flight.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Final
from urllib.parse import urljoin, urlsplit

from kubesim.behaviour.answer import Answer, AnswerError
from kubesim.kubelet.contracts import Crash, Listener, ProbedWorker
from kubesim.kubelet.runtime import Instance, Runtime
from kubesim.kubelet.scheduler import NORMAL
from kubesim.results import Outcome, ProbeType
from kubesim.spec.model import HandlerKind, Probe, Target
from kubesim.timeline import ProbeRun

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Behaviour
    from kubesim.behaviour.lookup import Quiet
    from kubesim.kubelet.scheduler import Scheduler
    from kubesim.kubelet.status_view import StatusView
    from kubesim.timeline import Timeline

__all__ = ["MAX_PROBE_RETRIES", "MAX_REQUESTS", "Ask", "Attempt", "CensoredPolicy", "Listener",
           "Memo", "Prober", "answer_of", "follows", "judge"]

MAX_PROBE_RETRIES = 3  # prober.go maxProbeRetries (R2.2)
# http.go RedirectChecker: `len(via) >= 10` refuses the next hop, via = the requests already
# sent; so at most 10 requests (9 redirects followed) and the 10th redirect is an error (R2.10)
MAX_REQUESTS = 10
FOLLOWED: Final = frozenset({301, 302, 303, 307, 308})  # Go's redirectBehavior; others returned
# the handler kinds tested at every call, bound once: Python 3.11's EnumType.__getattr__ makes
# `HandlerKind.HTTP_GET` a Python look-up (about 480 instructions, callgrind), a Final name of
# a compiled module is a C static (the reason kubesim/results.py is compiled too)
HTTP_GET: Final = HandlerKind.HTTP_GET
EXEC: Final = HandlerKind.EXEC

Ask = Callable[[Target, float], Answer]
CLIENT = "10.0.0.1:43210"  # the kubelet's side of a probe connection, for messages


class CensoredPolicy:
    """What a censored observation (a recorded client timeout shorter than `timeoutSeconds`)
    counts as: 'failure' (a timeout), or 'discard' (unknown, like a prober error)."""

    FAILURE: Final = "failure"
    DISCARD: Final = "discard"


class Attempt:
    """The judged call: its outcome, the kubelet's output text, and how long it took;
    `result`, the worker result the outcome counts as (None: discarded, E4).

    A plain class, not a frozen dataclass: compiled (mypyc), a dataclass keeps the __init__
    that `dataclass` generates, interpreted Python (about 5,000 instructions an attempt,
    callgrind); `result` is read once here, as `Outcome.result` is interpreted too."""

    def __init__(self, outcome: Outcome, detail: str, duration: float,
                 retry: bool = True) -> None:
        self.outcome: Final = outcome
        self.detail: Final = detail
        self.duration: Final = duration
        # an ERROR the prober retries (R2.2); a discarded censored one is not
        self.retry: Final = retry
        self.result: Final = outcome.result


# Memo is a plain class, not a NamedTuple: compiled (mypyc), a NamedTuple's fields and methods
# are reached through Python (a `Memo.holds` call about 3,000 instructions, callgrind), a native
# class's directly.
class Memo:
    """The judgement of a constant answer: what the process `instance` answers from `since`
    until `until` (exclusive), judged."""

    def __init__(self, instance: Instance, since: float, until: float,
                 attempt: Attempt) -> None:
        self.instance: Final = instance
        self.since: Final = since
        self.until: Final = until
        self.attempt: Final = attempt

    def holds(self, inst: Instance | None, at: float) -> bool:
        """Whether it is the answer a call of `inst` at `at` gets."""
        return self.instance is inst and self.since <= at < self.until


def judge(probe: Probe, target: Target, answer: Answer, *, exec_probe_timeout: bool = True,
          censored: str = CensoredPolicy.FAILURE, ask: Ask | None = None,
          now: float = 0.0) -> Attempt:
    """Judge one answer against one probe, per the handler rules of §2; with `ask`, follow
    same-host HTTP redirects first, asking at `now` (R2.10)."""
    if ask is not None and follows(target, answer):
        chained = _follow(float(probe.timeout_seconds), target, answer, ask, now)
        if isinstance(chained, Attempt):
            return chained
        target, answer = chained
    return _judge_one(probe, target, answer, exec_probe_timeout, censored)


def follows(target: Target, answer: Answer) -> bool:
    """Whether the Go client would ask for this answer's `Location` (a follow-up request):
    an httpGet answered 301/302/303/307/308 with a Location. The sweep engine must not cache
    such an attempt by its answer alone."""
    return (target.kind is HTTP_GET and answer.error is None
            and answer.status in FOLLOWED and bool(answer.location))


def _follow(timeout: float, target: Target, answer: Answer, ask: Ask,
            now: float) -> tuple[Target, Answer] | Attempt:
    """Walk the redirect chain: the last request's target and its answer with the chain's
    total latency, or the failed Attempt of a chain stopped after 10 requests."""
    host, sent, total = _hostname(target.url), 1, answer.latency
    while follows(target, answer) and total <= timeout:
        location = answer.location or ""
        url = urljoin(target.url, location).split("#", 1)[0]
        if _hostname(url) != host:  # another host: not followed, the 3xx is the answer
            break
        if sent >= MAX_REQUESTS:  # Go's url.Error names the refused Location as given
            return Attempt(Outcome.FAILURE, f'Get "{location}": stopped after 10 redirects',
                           total)
        target = _redirected(url, target.port)
        answer = ask(target, now)
        sent, total = sent + 1, total + answer.latency
    return target, replace(answer, latency=total)


def _hostname(url: str) -> str:
    """Go's URL.Hostname(): the host without port or IPv6 brackets (case kept)."""
    netloc = urlsplit(url).netloc.rpartition("@")[2]
    if netloc.startswith("["):
        return netloc[1:].partition("]")[0]
    return netloc.partition(":")[0]


def _redirected(url: str, port: int | None) -> Target:
    """The httpGet target of a followed Location; keyed by its path (and query) like a
    probe's own target, so behaviours answer it the same way."""
    parts = urlsplit(url)
    key = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    default = 443 if parts.scheme == "https" else 80
    return Target(HandlerKind.HTTP_GET, key, parts.port or default if parts.netloc else port,
                  url)


def _judge_one(probe: Probe, target: Target, answer: Answer, exec_probe_timeout: bool,
               censored: str) -> Attempt:
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
    assert err is not None  # only called for an answer with an error
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


_REFUSED: Final = Answer(error=AnswerError.REFUSED)
_RESET: Final = Answer(error=AnswerError.RESET)
_EXEC_ERROR: Final = Answer(error=AnswerError.ERROR)


def answer_of(behaviour: Behaviour, target: Target, inst: Instance | None, now: float,
              rng: np.random.Generator, drains: bool = False) -> Answer:
    """The answer a probe sent now gets from whatever process listens (R2.5: pod IP);
    `drains`: the app keeps answering after SIGTERM."""
    if inst is None or not inst.alive(now):
        # nothing listens; exec into a dead container is a runtime error (R2.14)
        return _EXEC_ERROR if target.kind is EXEC else _REFUSED
    terminating = not drains and inst.sigterm_at is not None and now >= inst.sigterm_at
    name = inst.record.name  # the process that answers: scoped stalls and targets
    if (terminating and target.kind is not EXEC
            and behaviour.stall_end(now, inst.running_at, name) <= now):
        return _REFUSED  # after SIGTERM the server closes its listener
    return behaviour.answer(target, now, inst.running_at, rng, name)


class Prober:
    """The prober of one container: calls a worker's target, retrying prober errors up to 3
    times back to back (R2.2), lets simulated time pass while a call is in flight, and
    records the call.

    `behaviour` answers for the process the runtime runs; `quiet(target, at, started_at,
    container)`, when given, says which constant answer holds from `at` on and until when,
    so repeated calls reuse one judgement (`memo`, also read by the fast scheduler's jumps).
    """

    def __init__(self, sched: Scheduler, behaviour: Behaviour, runtime: Runtime, *,
                 status: StatusView, timeline: Timeline, rng: np.random.Generator,
                 exec_probe_timeout: bool, censored: str, quiet: Quiet | None = None,
                 crash: Crash | None = None) -> None:
        self.sched, self.behaviour, self.runtime, self.status = sched, behaviour, runtime, status
        self.timeline, self.rng, self.quiet = timeline, rng, quiet
        self.crash = crash  # an app that exits when a target is first asked (scenario `exit`)
        self.exec_probe_timeout, self.censored = exec_probe_timeout, censored
        self.judged: dict[tuple[ProbeType, Answer], Attempt] = {}
        # probe type -> a constant answer's judgement
        self.memo: dict[ProbeType, Memo] = {}

    def judge(self, probe_type: ProbeType, probe: Probe, target: Target,
              answer: Answer) -> Attempt:
        """`judge`, remembered per (probe type, answer) (an answer the client follows is
        judged by `_attempt`, never here)."""
        key = (probe_type, answer)
        att = self.judged.get(key)
        if att is None:
            att = judge(probe, target, answer, exec_probe_timeout=self.exec_probe_timeout,
                        censored=self.censored)
            if len(self.judged) < 1536:
                self.judged[key] = att
        return att

    def call(self, worker: ProbedWorker) -> Generator[tuple[float, int], None, Attempt]:
        """One probe call of `worker` (its type, probe, target), recorded in the timeline."""
        sched = self.sched
        start, container = sched.now, self.status.restart_count
        attempt = None
        for _ in range(MAX_PROBE_RETRIES):
            attempt = self._attempt(worker)
            if attempt.duration > 0:
                yield attempt.duration, NORMAL
            if attempt.outcome is not Outcome.ERROR or not attempt.retry:
                break
        assert attempt is not None
        self.timeline.record_probe(start, worker.type, attempt.outcome, attempt.detail,
                                   sched.now - start, container, self.runtime.name)
        return attempt

    def _attempt(self, worker: ProbedWorker) -> Attempt:
        # the process listening on the probe's port answers (exec: the probed container)
        now, listener = self.sched.now, worker.listener
        inst, drains = listener.runtime.current, listener.drains
        memo = self.memo.get(worker.type)
        if (memo is not None and memo.holds(inst, now) and inst is not None
                and inst.sigterm_at is None and inst.exited_at is None):
            return memo.attempt  # the same constant answer as a moment ago
        if (self.crash is not None and inst is not None and inst.alive(now)
                and inst.sigterm_at is None and self.crash(inst, worker.target.key)
                and worker.target.kind is not EXEC):
            # the process died while the request was in: the connection is reset
            return self.judge(worker.type, worker.probe, worker.target, _RESET)
        answer = answer_of(self.behaviour, worker.target, inst, now, self.rng, drains)
        if follows(worker.target, answer):  # R2.10: ask again for each same-host Location
            return judge(worker.probe, worker.target, answer,
                         exec_probe_timeout=self.exec_probe_timeout, censored=self.censored,
                         ask=lambda t, at: answer_of(self.behaviour, t, inst, at, self.rng,
                                                     drains),
                         now=now)
        att = self.judge(worker.type, worker.probe, worker.target, answer)
        if (self.quiet is not None and inst is not None and inst.alive(now)
                and inst.sigterm_at is None):
            constant, until = self.quiet(worker.target, now, inst.running_at,
                                         inst.record.name)
            if constant is not None and not follows(worker.target, constant):
                self.memo[worker.type] = Memo(inst, now, until, self.judge(
                    worker.type, worker.probe, worker.target, constant))
        return att

    # -- what a jump over a quiet stretch needs (kubesim.engine.jumps) ----------------------
    def constant_attempt(self, worker: ProbedWorker, at: float) -> tuple[Attempt | None, float]:
        """The judged answer every call of `worker` from `at` on gets, and until when
        (exclusive); None when the answer is drawn, a stall is under way or the client would
        follow a redirect (R2.10: each hop asks again). The process that listens answers
        (R2.5); one that has exited refuses until the pod worker starts it again (the jump
        ends before that sync). Its own exit and SIGTERM are the caller's to bound."""
        inst = worker.listener.runtime.current
        if inst is None or not inst.alive(at):
            ans = answer_of(self.behaviour, worker.target, inst, at, self.rng)
            return self.judge(worker.type, worker.probe, worker.target, ans), math.inf
        if inst.sigterm_at is not None:
            return None, at
        memo = self.memo.get(worker.type)
        if memo is not None and memo.holds(inst, at):
            return memo.attempt, memo.until
        if self.quiet is None:
            return None, at
        constant, until = self.quiet(worker.target, at, inst.running_at, inst.record.name)
        if constant is None or follows(worker.target, constant):
            return None, until
        return self.judge(worker.type, worker.probe, worker.target, constant), until

    def record_run(self, worker: ProbedWorker, attempt: Attempt, first: float, n: int,
                   ended: int) -> ProbeRun | None:
        """A jumped stretch's `n` calls of `worker` with one judged answer, the first at
        `first`, then on its grid from tick `worker.k` + 1 on; the first `ended` of them
        ended within the run (a call in flight at the end is not recorded, as stepped)."""
        if not self.timeline.keep_probes:  # counted only: no ProbeRun (a frozen dataclass,
            # interpreted: about 15,000 instructions to build, callgrind)
            self.timeline.count_run(worker.type, attempt.outcome, ended, self.runtime.name)
            return None
        run = ProbeRun(first, worker.origin, worker.k, worker.period, n, worker.type,
                       attempt.outcome, attempt.detail, attempt.duration,
                       self.status.restart_count, self.runtime.name)
        return self.timeline.record_run(run, ended)
