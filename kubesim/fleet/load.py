"""The fleet's load at work: each replica's backlog, grown by its share of the traffic, and
the latency laws that read how many replicas serve.

`LoadedBehaviour` is one replica's behaviour under the fleet's load: with the load model
(`LoadModel`, F3) its backlog is advanced lazily, at each answer, over the routing's changes
since the last one (`Serving`, EP1-EP2, F1), and the app's own HTTP and gRPC answers wait
behind it; a scenario's ready-fraction law is asked at the fraction of the fleet kube-proxy
routes to at the request, as this replica's traffic sees it (F4) or whatever that traffic
(F6). On the jumped fleet (`fleet.load_run`) it also says when its answers are the base
behaviour's and stay so (`quiet`): while the backlog is empty and the replica's share of the
traffic is within its capacity, up to the fleet's next serving change that may overload a
share (with the latency laws: any change) and the round's horizon. There its queue is
advanced by the jumped fleet's own index (`ServingIndex.queue`, the walk fused; an empty
queue skips it while enough endpoints are routed), the same bits as the walk over
`stretches` the stepped fleet makes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.answer import WHOLE_FLEET, ServingFraction
from kubesim.behaviour.lookup import CompiledBehaviour, compile_behaviour
from kubesim.spec.model import HandlerKind

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Answer, Behaviour
    from kubesim.behaviour.lookup import Quiet
    from kubesim.fleet.serving import Serving, ServingIndex
    from kubesim.fleet.settings import LoadModel
    from kubesim.spec.model import Target

__all__ = ["NO_FLEET", "SLOWED", "LoadedBehaviour", "Round", "enough_endpoints"]

SLOWED = (HandlerKind.HTTP_GET, HandlerKind.GRPC)  # the app answers these itself
NO_FLEET = 2**62  # more endpoints than any fleet routes


@dataclass
class Round:
    """The jumped fleet's current round: every replica runs up to `horizon`, before which
    the routing is known not to change (`fleet.load_run`), read off `index` (the jumped
    fleet's own serving index: its range queries spare an empty queue the walk)."""

    horizon: float = 0.0
    index: ServingIndex | None = None


def enough_endpoints(load: LoadModel) -> int:
    """The fewest routed endpoints at which a served replica's share of the traffic is within
    its capacity (a share only shrinks as endpoints are added: the same division the queue
    makes, so the comparison is exact); beyond any fleet (`NO_FLEET`: nothing skipped) when
    that is more than 2**40 endpoints."""
    cap = load.capacity_per_replica
    ratio = load.requests_per_second / cap
    if not ratio < 2**40:
        return NO_FLEET
    n = max(1, int(ratio))
    while load.inflow(n, True) > cap:
        n += 1
    while n > 1 and load.inflow(n - 1, True) <= cap:
        n -= 1
    return n


class LoadedBehaviour(CompiledBehaviour):
    """One replica's behaviour under the fleet's load (`LoadModel`, or None: the latency
    laws alone): its backlog (requests) at `since`, advanced lazily to each probe's time;
    everything but the answers' latency is the base behaviour's. With a `round` (the jumped
    fleet), its answers are quiet while the base's are and its queue stays empty (see the
    module doc)."""

    def __init__(self, base: Behaviour, load: LoadModel | None, view: Serving, replica: int,
                 round_: Round | None = None) -> None:
        super().__init__(base)
        self.load, self.view, self.replica, self.round = load, view, replica, round_
        self.lawful = base.uses_ready_fraction()
        self.backlog, self.since, self.container = 0.0, 0.0, -1.0
        self.answers: Any = base  # what answers for the base (its compiled look-up, fast)
        self.base_quiet: Quiet | None = None
        # an empty queue stays empty while at least this many endpoints are routed
        self.enough = enough_endpoints(load) if load is not None else 0
        self.index = round_.index if round_ is not None else None

    def compiled(self) -> tuple[Behaviour, Quiet | None]:
        """Itself, answering through the base's compiled look-up; quiet on a jumped fleet
        when the base has a quiet look-up."""
        self.answers, self.base_quiet = compile_behaviour(self.base)
        return self, (self.quiet if self.base_quiet is not None and self.round is not None
                      else None)

    def _inflow(self, t: float) -> float:
        view = self.view
        assert self.load is not None
        return (self.load.inflow(view.serving(t), view.serves(self.replica, t))
                if view.in_service(t) else 0.0)

    def ready_fraction(self, t: float) -> ServingFraction:
        """The fraction of the fleet's replicas kube-proxy routes to at `t` (at most 1: a
        rollout's surge), as this replica's load sees it (F4: 1 while traffic does not reach
        this replica) and the fleet's whatever this replica's traffic (F6); both 1 before
        the fleet is in service (F2)."""
        view = self.view
        if not view.in_service(t):
            return WHOLE_FLEET
        desired = view.replicas if view.replicas is not None else len(view.timelines)
        fleet = min(1.0, view.serving(t) / desired)
        return ServingFraction(fleet if view.serves(self.replica, t) else 1.0, fleet)

    def _integrate(self, backlog: float, t: float, to: float) -> float:
        """The backlog at `to` from `backlog` at `t`: fluid, over each stretch of constant
        routing (F3)."""
        if not to > t:
            return backlog
        load, view = self.load, self.view
        assert load is not None
        # an empty queue while every stretch's share is within capacity: each stretch adds
        # (share - capacity) * length <= 0 to 0.0 and the walk clips it to 0.0 again
        index = self.index
        if index is not None:  # the jumped fleet: its own index's range queries
            if backlog == 0.0 and index.fewest(t, to) >= self.enough:
                return 0.0
            return index.queue(self.replica, backlog, t, to, load.requests_per_second,
                               load.capacity_per_replica)
        capacity, inflow_of = load.capacity_per_replica, load.inflow
        served = False  # the fleet in service: for good once it is (every replica served)
        for start, end, serving, serves in view.stretches(self.replica, t, to):
            served = served or view.in_service(start)
            backlog += ((inflow_of(serving, serves) if served else 0.0) - capacity) * (end - start)
            if not backlog > 0.0:  # max(0.0, backlog): the queue drains empty, no lower
                backlog = 0.0
        return backlog

    def _advance(self, to: float, started_at: float) -> None:
        if started_at != self.container:  # a new process: an empty queue
            self.backlog, self.since, self.container = 0.0, started_at, started_at
        self.backlog = self._integrate(self.backlog, self.since, to)
        self.since = max(self.since, to)

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator, container: str = "") -> Answer:
        self.view.observe(at)
        if self.lawful:
            ans = self.answers.answer_serving(target, at, started_at, rng,
                                              self.ready_fraction(at), container)
        else:
            ans = self.answers.answer(target, at, started_at, rng, container)
        load = self.load
        if load is None:
            return ans
        self._advance(at, started_at)
        if target.kind not in SLOWED or ans.error is not None or self.backlog <= 0:
            return ans
        return ans.delayed(self.backlog / load.capacity_per_replica)

    def unloaded(self, at: float, started_at: float) -> bool:
        """Whether the queue of the process started at `started_at` is empty at `at` and
        its share of the traffic then is within its capacity (it stays empty while the
        routing does not change). A question only: the queue is not advanced to `at`, since
        another worker of this replica may still ask at an earlier time (a liveness tick's
        jump is judged before a readiness call due sooner), and that call must see the
        backlog as it was then."""
        if self.load is None:
            return True
        backlog, since = ((0.0, started_at) if started_at != self.container
                          else (self.backlog, self.since))
        return not (self._integrate(backlog, since, at) > 0
                    or self._inflow(at) > self.load.capacity_per_replica)

    def quiet(self, target: Target, at: float, started_at: float,
              container: str = "") -> tuple[Answer | None, float]:
        """The base's constant answer from `at` on while this replica's answers are the
        base's (a tcpSocket or exec target: always; the app's own: while its queue stays
        empty), until the base's answer may change, the routing does or the round ends."""
        horizon = self.round.horizon if self.round is not None else at
        if self.base_quiet is None or not at < horizon:
            return None, at
        ans, until = self.base_quiet(target, at, started_at, container)
        if ans is None:
            return None, until
        if target.kind in SLOWED and ans.error is None and not self.unloaded(at, started_at):
            return None, at
        return ans, min(until, self.next_matter(at), horizon)

    def next_matter(self, at: float) -> float:
        """The first known routing change after `at` that may change this replica's answers
        while its queue is empty: any, with the latency laws (they read the routed
        fraction); with the load model on the jumped fleet, the first at which fewer than
        `enough` endpoints are routed (before it a served replica's share stays within its
        capacity, so its queue stays empty, F3)."""
        if self.index is None or self.lawful:
            return self.view.next_change(at)
        return self.index.next_below(at, self.enough)
