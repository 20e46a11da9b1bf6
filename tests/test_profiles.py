"""Kubelet profiles per version range (docs/kubelet-profiles.md): the documented table and the
presets agree, old names stay aliases, and a knob the engine cannot honour yet is refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import http, pod, run, scenario, starts

from kubesim import ProbeType
from kubesim.errors import UsageError
from kubesim.kubelet import settings
from kubesim.kubelet.settings import PROFILES, profile_from

DOC = Path(__file__).parents[1] / "docs" / "kubelet-profiles.md"
ALIASES = {"classic": "1.29-1.34", "legacy": "1.21-1.28", "1.35+": "1.35", "1.36": "1.36+"}
GATES = ("container_restart_rules", "restart_all_containers", "on_demand_relist")


def _table() -> dict[str, dict[str, str]]:
    """The doc's table: preset -> {knob: value as written}."""
    lines = [ln for ln in DOC.read_text(encoding="utf-8").splitlines() if ln.startswith("|")]
    header = [c.strip().replace("`", "") for c in lines[0].strip("|").split("|")]
    rows = {}
    for ln in lines[2:]:
        cells = [c.strip() for c in ln.strip("|").split("|")]
        preset = re.match(r"`([^`]+)`", cells[1]).group(1)
        rows[preset] = dict(zip(header, cells, strict=True))
    return rows


def _text(value: object) -> str:
    value = getattr(value, "value", value)
    if isinstance(value, bool):
        return str(value).lower()
    return f"{value:g}" if isinstance(value, float) else str(value)


def test_every_version_preset_is_one_row_of_the_documented_table():
    table = _table()
    ranges = {name for name, p in PROFILES.items() if name == p.versions}
    assert set(table) == ranges
    for preset, row in table.items():
        p = PROFILES[preset]
        assert row["Kubelet versions"] == p.versions
        for knob in ("readiness_trigger_at_sync", "trigger_resets_ticker",
                     "startup_hold_on_success", "exec_probe_timeout", "backoff_requeue",
                     *GATES):
            assert row[knob] == _text(getattr(p, knob)), (preset, knob)
        curve = " / ".join(_text(getattr(p, k))
                           for k in ("backoff_initial", "backoff_max", "backoff_reset"))
        assert row["backoff_initial / backoff_max / backoff_reset"] == curve


@pytest.mark.parametrize(("alias", "preset"), sorted(ALIASES.items()))
def test_old_names_are_the_same_knobs_as_their_version_range(alias, preset):
    a, b = PROFILES[alias], PROFILES[preset]
    assert a.model_dump(exclude={"name"}) == b.model_dump(exclude={"name"})
    assert a.name == alias  # outputs keep printing the name the user chose


def test_every_version_dependent_knob_changes_somewhere_in_the_table():
    """A knob in the table that never changes across ranges would not be version-dependent."""
    table = _table()
    for knob in ("readiness_trigger_at_sync", "trigger_resets_ticker",
                 "startup_hold_on_success", "backoff_requeue", *GATES):
        assert len({row[knob] for row in table.values()}) == 2, knob


def test_R1_13_a_knob_the_engine_cannot_honour_yet_is_refused_not_ignored():
    if "readiness_trigger_at_sync" not in settings.UNWIRED:
        p = profile_from("1.20")  # wired by now: the preset must run with its own value
        assert p.readiness_trigger_at_sync is False
        return
    with pytest.raises(UsageError) as info:
        profile_from("1.20")
    assert "readiness_trigger_at_sync=False is not implemented" in str(info.value)
    with pytest.raises(UsageError):
        profile_from(overrides={"readiness_trigger_at_sync": "false"})


def test_versions_is_a_label_not_a_knob():
    with pytest.raises(UsageError) as info:
        profile_from(overrides={"versions": "1.99"})
    assert "unknown kubelet setting 'versions'" in str(info.value)


def test_R1_14_the_1_21_preset_keeps_the_grid_after_a_trigger_and_1_29_rephases_it():
    """Readiness fails until t=5.5, P=10, grid phase 3. Both presets probe twice at the start
    (the worker's first iteration and the trigger from the pod sync); then 1.21-1.28 keeps the
    grid (3, 13, 23, ...) and 1.29-1.34 restarts it from the trigger at 0 (10, 20, ...)."""
    app = scenario(targets={"/readyz": {"since_start": [
        {"from": 0, "to": 5.5, "answer": {"status": 503}}]}})
    p = pod(readinessProbe=http("/readyz", periodSeconds=10))

    def later(preset: str) -> list[float]:
        tl = run(p, app, phase=3.0, duration=40, profile=profile_from(preset, ideal=True))
        return starts(tl, ProbeType.READINESS)[2:]

    old, new = later("1.21-1.28"), later("1.29-1.34")
    assert old and all(round(t - 3.0, 6) % 10 == 0 for t in old), old
    assert new and all(round(t, 6) % 10 == 0 for t in new), new
