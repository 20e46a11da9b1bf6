"""Local worker processes for `kubesim sweep`: an executor (see `run.run_sweep`) that hands
groups of points to a process pool, big groups first, with a bounded number in flight so that
Ctrl-C stops quickly."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from kubesim.analysis.sweep.grid import Point, PointResult, SweepSpec
from kubesim.analysis.sweep.run import evaluate_group

__all__ = ["local_executor"]

Executor = Callable[[SweepSpec, list[list[Point]]], Iterator[list[PointResult]]]


class _Worker:
    """A worker process's sweep: given once when the process starts, not pickled again
    with every task (unpickling the pod's and scenario's models takes about 0.5 ms)."""

    spec: SweepSpec | None = None


def _quiet_worker(spec: SweepSpec) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _Worker.spec = spec


def _evaluate(points: list[Point]) -> list[PointResult]:
    assert _Worker.spec is not None, "a worker starts with _quiet_worker"
    return evaluate_group(_Worker.spec, points)


def local_executor(jobs: int) -> Executor:
    """Run groups in this process (jobs 1, or one group) or in `jobs` worker processes."""
    def execute(spec: SweepSpec, groups: list[list[Point]]) -> Iterator[list[PointResult]]:
        if jobs <= 1 or len(groups) <= 1:
            for g in groups:
                yield evaluate_group(spec, g)
            return
        # big groups first (they share runs, so they are the long tasks), split to keep
        # every process busy
        tasks = sorted(_split(groups, jobs), key=len, reverse=True)
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_worker,
                                   initargs=(spec,))
        finished = False
        try:
            pending = set()
            queue = iter(tasks)
            for t in queue:  # keep a bounded number in flight, so Ctrl-C stops quickly
                pending.add(pool.submit(_evaluate, t))
                if len(pending) >= 4 * jobs:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending.add(pool.submit(_evaluate, nxt))
            finished = True
        finally:
            # every result in: wait for the idle workers to exit, so that the interpreter's
            # exit finds no executor thread left to wake (concurrent.futures' exit hook then
            # races the pool's own closing and may print "Exception ignored in: <module
            # 'threading'>" and a traceback to stderr); stopped early (an error, Ctrl-C):
            # cancel what is queued and return at once
            pool.shutdown(wait=finished, cancel_futures=not finished)

    return execute


def _split(groups: list[list[Point]], jobs: int) -> list[list[Point]]:
    """Fewer groups than processes: split them (each part keeps its own shared runs)."""
    out = list(groups)
    while len(out) < 2 * jobs and max(len(g) for g in out) > 1:
        big = max(out, key=len)
        out.remove(big)
        half = len(big) // 2
        out += [big[:half], big[half:]]
    return out
