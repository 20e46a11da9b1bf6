"""No run waits for ever at one instant: both schedulers refuse a run whose steps stop moving
the clock (`kubesim.kubelet.scheduler.stuck`), with the same words, instead of hanging. The
loop is written here as the model's defect was: a wait the float clock cannot add to `now`."""

from __future__ import annotations

import pytest

from kubesim import BehaviourError
from kubesim.engine.heap_scheduler import HeapScheduler
from kubesim.engine.simpy_scheduler import SimpyScheduler
from kubesim.kubelet.scheduler import STUCK_STEPS, URGENT, ProcessGen, Scheduler


def waits_then_spins(sched: Scheduler, at: float, step: float) -> ProcessGen:
    """Wait until `at`, then wait `step` for ever (0 s, or less than `at`'s last bit)."""
    yield at, URGENT
    while True:
        yield step, URGENT


def ticks(sched: Scheduler, seen: list[float]) -> ProcessGen:
    """A process that moves on: once a second."""
    while True:
        seen.append(sched.now)
        yield 1.0, URGENT


@pytest.mark.parametrize("make", [HeapScheduler, SimpyScheduler])
@pytest.mark.parametrize("step", [0.0, 1e-15])
def test_a_loop_at_one_instant_is_refused_naming_it(make: type, step: float) -> None:
    sched = make()
    seen: list[float] = []
    sched.process(ticks(sched, seen))
    at = 127.82906595277427
    assert at + step == at  # the wait leaves the clock where it is
    sched.process(waits_then_spins(sched, at, step))
    with pytest.raises(BehaviourError) as refused:
        sched.run(until=10_000)
    assert str(refused.value).startswith("the run makes no progress at 127.829 s:")
    assert f"{STUCK_STEPS:,} steps" in str(refused.value)
    assert seen[-1] <= at  # refused there, not later


@pytest.mark.parametrize("make", [HeapScheduler, SimpyScheduler])
def test_many_steps_at_one_instant_that_end_are_run(make: type) -> None:
    """Work at one instant that ends (a few thousand processes started at once) runs."""
    sched = make()
    seen: list[float] = []
    for _ in range(5_000):
        sched.process(ticks(sched, seen))
    sched.run(until=3)
    assert seen.count(0.0) == seen.count(2.0) == 5_000
