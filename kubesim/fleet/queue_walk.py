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
import math
from typing import NamedTuple

__all__ = ["BLOCK", "Blocks", "QueueTerms", "Summary"]


class QueueTerms:
    """How much a queue changes over each whole stretch of the index (stretch m from
    times[m - 1] to times[m], counts[m - 1] endpoints routed), fed (`fed`: served, in
    service) or not (`idle`), under one load (`law`): the terms the walk adds, computed
    with its operations, once for every replica; `grows` the stretches whose fed term is
    positive (an empty queue stays empty over any other, and over every idle one: the
    capacity is positive, F3); `added` how many additions the walks have made so far (a
    block jumped is one: what `benchmarks/bench_fleet_scale.py` reports); `blocks` the
    summaries of whole blocks of terms, per binade of the queue (`fed_blocks`,
    `idle_blocks`: `Blocks`)."""

    def __init__(self, requests_per_second: float, capacity: float) -> None:
        self.law: tuple[float, float] = (requests_per_second, capacity)
        self.fed: list[float] = [0.0]  # stretch 0 (before the first change) has no start
        self.idle: list[float] = [0.0]
        self.grows: list[int] = []
        self.added: int = 0
        self.fed_blocks, self.idle_blocks = Blocks(self.fed), Blocks(self.idle)

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
        self.fed_blocks.forget(n)
        self.idle_blocks.forget(n)

    def walk(self, backlog: float, lo: int, hi: int, fed: bool) -> float:
        """The queue after stretches lo..hi-1, all fed or all idle: each term added in
        turn, the queue clipped at empty after each; an empty queue skips to the next
        stretch that grows it (none while idle)."""
        terms, blocks = (self.fed, self.fed_blocks) if fed else (self.idle, self.idle_blocks)
        grows = self.grows
        m = lo
        while m < hi:
            if not backlog > 0.0:  # empty: it stays so up to the next term that grows it
                g = bisect.bisect_left(grows, m) if fed else len(grows)
                if g == len(grows) or grows[g] >= hi:
                    return 0.0
                m = grows[g]
            backlog, m = self._added(terms, blocks, backlog, m, hi)
        return backlog

    def _added(self, terms: list[float], blocks: Blocks, backlog: float, m: int,
               hi: int) -> tuple[float, int]:
        """From a queue at the start of stretch m, terms added in turn up to the first that
        leaves it not above empty (max(0.0, backlog): it drains empty, no lower): (0.0, the
        stretch after it); or (the queue after terms[hi - 1], hi). A whole block of terms
        whose every sum stays inside the queue's binade is jumped in one integer addition
        (`Blocks.jump`, the same bits)."""
        while m < hi:
            if m % BLOCK == 0 and m + BLOCK <= hi:
                jumped, to = blocks.jump(backlog, m, hi)
                if to > m:
                    self.added += (to - m) // BLOCK
                    backlog, m = jumped, to
                    continue
            end = min(hi, m - m % BLOCK + BLOCK)
            for k in range(m, end):
                backlog += terms[k]
                if not backlog > 0.0:
                    self.added += k + 1 - m
                    return 0.0, k + 1
            self.added += end - m
            m = end
        return backlog, hi


# stretches in a block of terms (`Blocks`)
BLOCK = 32
# a double's significand: a queue in binade e (2**e <= queue < 2**(e + 1)) is a multiple of
# its unit 2**(e - 52), between 2**52 and 2**53 units
_BITS = 52
_LOW, _HIGH = 2**_BITS + 1, 2**(_BITS + 1) - 1  # the sums a block may reach, in units


class Summary(NamedTuple):
    """A block's terms in units of one binade, each rounded to the nearest unit (none half
    way): the least and the greatest of its running sums, and their total."""

    least: int
    most: int
    total: int


class Blocks:
    """Whole blocks of `BLOCK` terms, summarised per binade of the queue, computed as a walk
    first needs them and shared by every walk (F3, the same bits as adding each term).

    A queue q in binade e is a whole number of units u = 2**(e - 52). Adding a term d
    whose exact sum q + d stays at least half a unit inside the binade gives, rounded to
    the nearest double, q + u * round(d / u): the doubles there are the multiples of u. So
    while every running sum of a block's terms, each rounded to units, keeps the queue
    within [2**52 + 1, 2**53 - 1] units (then each exact sum is within half a unit of
    one of those), the block adds its rounded total, an exact integer sum: in any grouping,
    the same bits. A term half way between two units is rounded as the double addition
    rounds a tie, to the even sum: it depends on the queue's last bit, so a block is
    summarised for an odd and an even queue apart. A term too large for the binade, and a
    binade above 2**52 (its unit above 1, where rounding a term to units could lose bits),
    leave the block to the walk's own additions."""

    def __init__(self, terms: list[float]) -> None:
        self.terms = terms
        self.summaries: list[dict[int, Summary | None]] = []  # per block: binade -> summary

    def forget(self, n: int) -> None:
        """Forget the blocks that hold term n or a later one (term n on was forgotten)."""
        del self.summaries[n // BLOCK:]

    def jump(self, backlog: float, m: int, hi: int) -> tuple[float, int]:
        """The queue after the whole blocks from stretch m (a block's first) that it can jump
        within its binade, before hi, and the stretch after them (m: none)."""
        mantissa, exponent = math.frexp(backlog)
        e = exponent - 1
        if not (backlog > 0.0 and -1000 < e <= _BITS):
            return backlog, m
        units = int(math.ldexp(mantissa, _BITS + 1))
        start = m
        while m + BLOCK <= hi:
            summary = self.summary(m // BLOCK, e, units & 1)
            if (summary is None or units + summary.least < _LOW
                    or units + summary.most > _HIGH):
                break
            units += summary.total
            m += BLOCK
        return (math.ldexp(units, e - _BITS) if m > start else backlog), m

    def summary(self, block: int, e: int, odd: int) -> Summary | None:
        """Block `block`'s summary in units of binade e for a queue of that many units'
        parity (None: not jumpable there)."""
        summaries = self.summaries
        while len(summaries) <= block:
            summaries.append({})
        known = summaries[block]
        key = 2 * e + odd
        if key not in known:
            known[key] = _summarise(self.terms, block * BLOCK, e, odd)
        return known[key]


def _summarise(terms: list[float], first: int, e: int, odd: int) -> Summary | None:
    """The summary of terms[first:first + BLOCK] in units of binade e, from a queue of an
    odd (1) or even (0) number of units (`Blocks`): a term half way between two units is
    rounded to the even sum, as the double addition rounds a tie."""
    reach = math.ldexp(1.0, e + 1)  # a term this large leaves the binade
    running = least = most = 0
    for k in range(first, first + BLOCK):
        d = terms[k]
        if not abs(d) < reach:  # (a NaN too)
            return None
        x = math.ldexp(d, _BITS - e)  # exact: a power of two, |x| < 2**53
        whole = math.floor(x)
        half = x - whole  # exact
        up = half > 0.5 or (half == 0.5 and (odd + running + whole) % 2 == 1)
        running += whole + (1 if up else 0)
        least, most = min(least, running), max(most, running)
    return Summary(least, most, running)
