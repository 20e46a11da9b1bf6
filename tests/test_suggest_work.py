"""`kubesim suggest` does no work twice (start-up and CPU of a suggestion as a new process):
one cache of simulations serves the check, the re-checks before and after the patch and the
trade-off (kubesim.analysis.check.memo), and each candidate's probe is validated once however
often the ranking, the hang sort and the trade-off ask for it. What it prints is what it
printed when every call simulated and built anew."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers import cli

import kubesim.analysis.check.memo as memo
import kubesim.analysis.suggest as suggest_module
import kubesim.engine.simulate as engine

ROOT = Path(__file__).resolve().parent.parent
SPEC = str(ROOT / "probe_specs" / "seed_unified_healthz.yaml")
OUTAGE = str(ROOT / "traces" / "seed_db_outage.scenario.yaml")
COREDNS = str(ROOT / "examples" / "upstream" / "coredns.yaml")
VAULT = str(ROOT / "examples" / "upstream" / "vault-k8s-injector.deployment.yaml")


@contextmanager
def _no_cache() -> Iterator[None]:
    yield None


def _suggest(capsys, argv: list[str]) -> tuple[int, str]:
    code, out, err = cli(capsys, "suggest", *argv, "--format", "json", "--no-config")
    assert code in (0, 1), err
    return code, out


# the seed spec against its outage: what check reports (KS001, KS002; bench_startup's line),
# and expectations declared; a real manifest's KS001 and KS004 without a scenario
LINES = ([SPEC, "--scenario", OUTAGE],
         [SPEC, "--scenario", OUTAGE, "--expect", "survive-outage=120", "--expect",
          "hang-within=40"],
         [VAULT], [COREDNS])


def test_no_run_is_simulated_twice_and_the_suggestions_are_the_same(capsys, monkeypatch):
    """The re-check before the patch is the check's own runs: the seed spec's suggestion
    simulates each run once; every suggestion is the one made when every call simulates."""
    runs: list[tuple[object, ...]] = []
    real = engine.simulate

    def counting(pod, behaviour, **kwargs):
        runs.append((memo._anonymous(pod), id(behaviour), *sorted(kwargs.items())))
        return real(pod, behaviour, **kwargs)

    monkeypatch.setattr(engine, "simulate", counting)
    cached = [_suggest(capsys, argv) for argv in LINES]
    runs.clear()
    _suggest(capsys, LINES[0])
    assert runs, "the suggestion must simulate for the test to mean anything"
    twice = [run for run, n in Counter(runs).items() if n > 1]
    assert not twice, f"{len(twice)} of {len(set(runs))} runs simulated again"
    monkeypatch.setattr(memo, "simulations", _no_cache)
    assert [_suggest(capsys, argv) for argv in LINES] == cached


@pytest.mark.parametrize("argv", LINES[:2])
def test_each_candidate_probe_is_validated_once_and_the_suggestion_is_the_same(
        capsys, monkeypatch, argv):
    """The ranking, the sort by hang detection and the trade-off ask for the same candidates
    of one container: each of its probes is validated once, and the suggestion is the one
    made when every candidate is built anew."""
    built: Counter[tuple[object, str]] = Counter()
    real = suggest_module.parse_probe

    def counting(data, kind, **kwargs):
        built[(kind, repr(data))] += 1
        return real(data, kind, **kwargs)

    monkeypatch.setattr(suggest_module, "parse_probe", counting)
    shared = _suggest(capsys, argv)
    assert len(built) > 100, "the search must try candidates for the test to mean anything"
    assert max(built.values()) == 1, built.most_common(1)
    monkeypatch.setattr(suggest_module, "_with", suggest_module._build)  # each built anew
    assert _suggest(capsys, argv) == shared


def test_each_pods_protection_windows_are_computed_once(capsys, monkeypatch):
    """The figures suggest reports before and after the patch, and those its answers to
    KS001 and KS002 read, are the check's own (`memo.protection_windows`): each pod's
    windows are computed once in a suggestion, and the suggestion is the same."""
    import kubesim.analysis.windows as windows

    computed: list[object] = []
    real = windows.protection_windows

    def counting(pod, profile):
        computed.append((memo._anonymous(pod), profile))
        return real(pod, profile)

    monkeypatch.setattr(windows, "protection_windows", counting)
    shared = _suggest(capsys, LINES[0])
    assert computed, "the suggestion must compute windows for the test to mean anything"
    assert max(Counter(computed).values()) == 1, f"{len(computed)} computed"
    monkeypatch.setattr(memo, "simulations", _no_cache)
    assert _suggest(capsys, LINES[0]) == shared
