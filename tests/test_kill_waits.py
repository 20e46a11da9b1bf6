"""`kill_waits` finds each kill that waited for another container's kill (R4.3, R4.4, R4.6)
by when the kills stopped (issue 31: it compared every kill with every other, 1.6 s of
`kubesim explain` on an eleven-day record of 3,000 kills). Its answer is the definition's,
the first waited-for kill in the timeline's order, on any set of kills."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kubesim.results import ProbeType
from kubesim.timeline import KillRecord, KillWait, kill_waits


def by_definition(kills: list[KillRecord]) -> list[KillWait]:
    """Every kill against every other: the first kill of another container that started no
    later and stopped after this one's verdict, at the latest when this one was made."""
    out = []
    for k in kills:
        for o in kills:
            if (o.name != k.name and o.stopped_at is not None and o.at <= k.at
                    and k.failed_at < o.stopped_at <= k.at + 1e-9):
                out.append(KillWait(k.at, k.name, k.failed_at, o.name, o.probe, o.at,
                                    o.grace_seconds, o.stopped_at))
                break
    return out


# times on a coarse grid, so that kills meet and tie as they do in a pod's sync
TIMES = st.integers(0, 40).map(lambda n: n / 4)


@st.composite
def kill_lists(draw: st.DrawFn) -> list[KillRecord]:
    kills = []
    for _ in range(draw(st.integers(0, 12))):
        failed = draw(TIMES)
        at = failed + draw(st.sampled_from([0.0, 1e-9, 0.25, 2.0, 30.0]))
        stopped = draw(st.one_of(st.none(), st.sampled_from(
            [at, at + 1e-10, at + 1e-9, at + 0.5, at + 30.0])))
        kills.append(KillRecord(at, draw(st.sampled_from(list(ProbeType))), 0, failed,
                                draw(st.sampled_from([0.0, 30.0])), stopped, True, 1,
                                name=draw(st.sampled_from(["app", "sidecar", "proxy"]))))
    return draw(st.permutations(kills))


@given(kill_lists())
def test_the_waits_are_the_definitions(kills: list[KillRecord]) -> None:
    assert kill_waits(kills) == by_definition(kills)


def test_a_sidecar_kill_holds_the_apps() -> None:
    """Two containers killed in one sync: the app's kill waits for the sidecar's to stop
    (30 s of grace); 3,000 kills of one container wait for none."""
    sidecar = KillRecord(100.0, ProbeType.LIVENESS, 0, 100.0, 30.0, 130.0, True, 1,
                         name="sidecar")
    app = KillRecord(130.0, ProbeType.LIVENESS, 0, 100.0, 30.0, 131.0, True, 1, name="app")
    (wait,) = kill_waits([sidecar, app])
    assert (wait.name, wait.sibling, wait.waited) == ("app", "sidecar", 30.0)
    # stopped within the float slack after the kill (1e-9 s) still held it; at it, did not
    for stopped, held in ((130.0 + 1e-9, True), (100.0, False)):
        other = KillRecord(90.0, ProbeType.LIVENESS, 0, 90.0, 30.0, stopped, True, 1,
                           name="sidecar")
        assert [w.sibling_stopped_at for w in kill_waits([other, app])] == (
            [stopped] if held else [])
    many = [KillRecord(300.0 * i + 30, ProbeType.LIVENESS, i, 300.0 * i, 30.0,
                       300.0 * i + 60, True, i + 1, name="app") for i in range(3000)]
    assert kill_waits(many) == []
