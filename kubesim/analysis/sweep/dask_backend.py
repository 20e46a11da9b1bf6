"""Sweeps on Dask distributed: the same points, evaluated by Dask workers.

`dask_executor(address)` connects to a running scheduler (`kubesim sweep --scheduler
tcp://host:8786`); `dask_executor()` starts a local cluster on this machine (`--dask`). Each
group of points (points that differ only in thresholds) is one task running
`sweep.evaluate_group`, exactly what a local worker process runs,
so the numbers are identical to a local sweep. Needs the `dask` extra
(`pip install 'kubesim[dask]'`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from kubesim.analysis.sweep.run import evaluate_group
from kubesim.errors import UsageError

if TYPE_CHECKING:
    from kubesim.analysis.sweep.grid import Point, PointResult, SweepSpec

__all__ = ["dask_executor"]


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise UsageError("Dask is not installed: pip install 'kubesim[dask]'") from None
    return distributed


def dask_executor(address: str | None = None, *, n_workers: int | None = None,
                  processes: bool = True,
                  ) -> Callable[[SweepSpec, list[list[Point]]], Iterator[list[PointResult]]]:
    """An executor for `sweep.run_sweep`: on the scheduler at `address`, or on a local
    cluster of `n_workers` single-threaded workers (processes, or threads if not
    `processes`). The client and any local cluster are closed when the results are consumed
    or the iterator is closed (e.g. on Ctrl-C)."""
    distributed = _distributed()

    def execute(spec: SweepSpec, groups: list[list[Point]]) -> Iterator[list[PointResult]]:
        cluster = None
        try:
            if address is None:
                cluster = distributed.LocalCluster(
                    n_workers=n_workers, threads_per_worker=1, processes=processes,
                    dashboard_address=":0")
                client = distributed.Client(cluster)
            else:
                client = distributed.Client(address, timeout="10s")
        except OSError as exc:
            raise UsageError(f"cannot reach the Dask scheduler {address}: {exc}") from None
        futures: list[Any] = []
        try:
            shared = client.scatter(spec, broadcast=True)
            futures = [client.submit(evaluate_group, shared, g, pure=False) for g in groups]
            for future in distributed.as_completed(futures):
                yield future.result()
        finally:
            for f in futures:
                f.cancel()
            client.close()
            if cluster is not None:
                cluster.close()

    return execute
