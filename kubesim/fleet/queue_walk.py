"""The load model's queue walk over the serving index's whole stretches, compiled.

`ServingIndex.queue` (`kubesim.fleet.serving`) advances a replica's fluid queue (F3) over the
stretches between two routing changes by adding, stretch by stretch, terms computed once for
the whole fleet (`QueueTerms`). A backed-up replica's answer in a cascade walks every change
of the fleet since its previous answer, and a larger fleet makes more of them in that time:
the walk's additions grow with the square of the fleet (1,000 loaded replicas add some 16
million terms in an hour, 100 add 0.2 million). It is therefore compiled with the kubelet
(`kubesim.compiled.COMPILED_MODULES`: mypyc adds in C doubles, the same IEEE additions in the
same order, so the same bits), and it imports nothing of kubesim.
"""

from __future__ import annotations

import bisect

__all__ = ["QueueTerms"]


class QueueTerms:
    """How much a queue changes over each whole stretch of the index (stretch m from
    times[m - 1] to times[m], counts[m - 1] endpoints routed), fed (`fed`: served, in
    service) or not (`idle`), under one load (`law`): the terms the walk adds, computed
    with its operations, once for every replica; `grows` the stretches whose fed term is
    positive (an empty queue stays empty over any other, and over every idle one: the
    capacity is positive, F3); `added` how many terms the walks have added so far (what
    `benchmarks/bench_fleet_scale.py` reports: one count per run of terms, not per term)."""

    def __init__(self, requests_per_second: float, capacity: float) -> None:
        self.law: tuple[float, float] = (requests_per_second, capacity)
        self.fed: list[float] = [0.0]  # stretch 0 (before the first change) has no start
        self.idle: list[float] = [0.0]
        self.grows: list[int] = []
        self.added: int = 0

    def extend(self, times: list[float], counts: list[int], upto: int) -> None:
        """Compute the terms of stretches up to `upto` not computed yet."""
        rps, capacity = self.law
        fed, idle, grows = self.fed, self.idle, self.grows
        for m in range(len(fed), upto + 1):
            length: float = times[m] - times[m - 1]
            serving: int = counts[m - 1]
            d: float = ((rps / serving if serving > 0 else 0.0) - capacity) * length
            fed.append(d)
            idle.append((0.0 - capacity) * length)
            if d > 0.0:
                grows.append(m)

    def truncate(self, n: int) -> None:
        """Forget the terms of stretch n on (its end changed)."""
        del self.fed[n:], self.idle[n:]
        del self.grows[bisect.bisect_left(self.grows, n):]

    def walk(self, backlog: float, lo: int, hi: int, fed: bool) -> float:
        """The queue after stretches lo..hi-1, all fed or all idle: each term added in
        turn, the queue clipped at empty after each; an empty queue skips to the next
        stretch that grows it (none while idle)."""
        terms = self.fed if fed else self.idle
        grows = self.grows
        m = lo
        while m < hi:
            if not backlog > 0.0:  # empty: it stays so up to the next term that grows it
                g = bisect.bisect_left(grows, m) if fed else len(grows)
                if g == len(grows) or grows[g] >= hi:
                    return 0.0
                m = grows[g]
            start = m
            for m in range(start, hi):
                backlog += terms[m]
                if not backlog > 0.0:  # max(0.0, backlog): drains empty, no lower
                    backlog = 0.0
                    break
            else:
                self.added += hi - start
                return backlog
            self.added += m + 1 - start
            m += 1  # on from the stretch after the one that emptied it
        return backlog
