"""`kubesim explain` on real records from public threads (tests/data/explain/, SOURCES.md
says where each comes from and what its thread concluded): explain must reach the thread's
diagnosis, or say it cannot tell and why when the record is too thin.

The rules behind each conclusion are cited where the test checks them (kubelet-rules ids).
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers import cli as kubesim

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.readers.model import NoteKind
from kubesim.explain.readers.read import combine, read_record
from kubesim.spec.manifests import load_containers

DATA = Path(__file__).resolve().parent / "data" / "explain"


def run(*names: str, spec: str | None = None, **options):
    records = [read_record(str(DATA / n)) for n in names]
    extra = {"spec": tuple(load_containers(str(DATA / spec)))} if spec else {}
    return explain_records(records, ExplainOptions(**extra, **options))


def only(ex):
    assert len(ex.containers) == 1, [c.name for c in ex.containers]
    return ex.containers[0]


def texts(items) -> str:
    return " | ".join(f.text for f in items)


def test_sources_lists_every_record():
    listed = (DATA / "SOURCES.md").read_text(encoding="utf-8")
    # real/ is the newer corpus with its own SOURCES.md and facts (test_explain_corpus_facts)
    files = sorted(p.name for p in DATA.iterdir() if p.is_file() and p.name != "SOURCES.md")
    assert len(files) >= 20
    for name in files:
        assert f"`{name}`" in listed, name


# ---------------------------------------------------------------- liveness kills


def test_docs_liveness_exec_is_a_liveness_kill_reproduced_by_the_model():
    """R1.17: the kill comes with the failureThreshold-th failure in a row; the replay's kill
    falls inside the interval the record gives (Killing 10s ago)."""
    c = only(run("01-k8s-docs-liveness-exec.describe.txt",
                 spec="01-k8s-docs-exec-liveness.pod.yaml"))
    assert c.diagnosis_kind == "liveness-kill"
    assert c.name == "liveness"
    s = next(x for x in c.settings if x.probe.value == "liveness")
    assert (s.period, s.failure_threshold, s.source) == (5, 3, "spec")
    streak = c.streaks[0]
    assert streak.count == 3 and streak.shape == "run"  # 20 s to 10 s ago: 2 x 5 s
    assert c.replay is not None and c.replay.verdict == "reproduced"
    lo, hi = c.replay.first_kill.lo, c.replay.first_kill.hi
    kill = c.kills[0].at
    assert kill.lo - 1.5 <= hi and lo <= kill.hi + 1.5
    assert "the liveness kill followed 3 failures in a row" in texts(c.findings)


def test_the_pod_manifest_can_come_as_a_second_record():
    ex = run("01-k8s-docs-liveness-exec.describe.txt", "01-k8s-docs-exec-liveness.pod.yaml")
    assert ex.pod == "liveness-exec"
    assert only(ex).diagnosis_kind == "liveness-kill"


def test_trivy_wrong_path_infers_period_and_threshold_from_the_events():
    """3 failures over 19-21 s before one kill: failureThreshold 3, one every 10 s (E1: the
    grid is exact, so the spacing is a whole period)."""
    c = only(run("02-trivy-dojo-operator-pr24.describe.txt"))
    assert c.diagnosis_kind == "liveness-kill"
    s = c.settings[0]
    assert (s.source, s.period, s.failure_threshold) == ("inferred", 10, 3)
    assert s.target == "/healthzzzzz"
    assert "connection refused" in c.diagnosis
    assert c.replay.verdict == "reproduced"
    # (F-1) x P to F x P, plus the classic kubelet's sync hop (0.02 s) to a relist more (1 s)
    assert any("killed 20.02-31.02 s after it broke" in a for a in c.arithmetic)


def test_k8s_131026_cut_killing_row_is_read_as_the_liveness_kill():
    """failureThreshold 4, period 30 s (the thread's probe block): x4 over 91 s is one run of
    4; the Killing row is cut off in the record and read as their kill, marked uncertain."""
    c = only(run("03-k8s-131026.describe.txt", spec="03-k8s-131026.probes.yaml"))
    assert c.diagnosis_kind == "liveness-kill"
    assert "failed 4 times in a row" in c.diagnosis
    assert c.streaks[0].shape == "run"
    assert any(f.level == "uncertain" and "cut short" in f.text for f in c.findings)
    assert c.kills[0].cause == "liveness" and len(c.kills[0].failures) == 4


# ---------------------------------------------------------------- cannot tell


def test_k8s_6532_old_kubelet_kills_without_a_reason_cannot_be_attributed():
    c = only(run("04-k8s-6532.describe.txt"))
    assert c.diagnosis_kind == "cannot-tell"
    assert "does not say why" in c.diagnosis
    kills = [k for k in c.kills if k.cause == "unknown" and k.message]
    assert len(kills) == 2
    assert kills[1].at.epoch - kills[0].at.epoch == 30  # exact times: 12:08:30, 12:09:00
    assert all(k.at.confidence.value == "exact" for k in kills)


def test_k8s_10861_restart_count_without_reasons_cannot_tell():
    ex = run("05-k8s-10861.describe.txt")
    c = only(ex)
    assert ex.pod == "simmemleak-hra99"
    assert c.restart_count == 5
    assert c.diagnosis_kind == "cannot-tell"
    assert "lastState" in c.diagnosis
    assert c.restarts[-1].cause == "not in the record" and c.restarts[-1].count == 5


def test_dashboard_3254_crash_loop_with_refused_liveness_cannot_tell():
    c = only(run("06-dashboard-3254.describe.txt"))
    assert c.diagnosis_kind == "cannot-tell"
    assert "connection refused" in c.diagnosis and "fits a crash as well as a kill" in c.diagnosis
    assert c.back_offs.count == 373
    assert c.replay is None or not c.replay.ran  # spread failures, no kill: nothing to replay


def test_paritytech_202_startup_failures_over_a_day_cannot_tell():
    c = only(run("10-paritytech-202.describe.txt"))
    s = c.settings[0]
    assert (s.probe.value, s.failure_threshold, s.period, s.source) == ("startup", 30, 10,
                                                                        "record")
    assert s.target == "/health"  # the named port http-rpc resolves (describe prints no number)
    assert c.diagnosis_kind == "cannot-tell"
    # 123 occurrences pass the event recorder's burst: a lower bound (README's counting rules)
    assert "could have made 4 kills or more" in c.diagnosis


def test_k8s_101044_empty_last_state_cannot_tell():
    c = only(run("13-k8s-101044.pod.yaml"))
    assert c.name == "exit" and c.restart_count == 4
    assert c.diagnosis_kind == "cannot-tell"
    assert "lastState is empty" in c.diagnosis


def test_bitnami_7326_many_failures_no_kills_recorded_cannot_tell():
    c = only(run("16-bitnami-charts-7326.describe.txt"))
    assert c.diagnosis_kind == "cannot-tell"
    assert "5 d 15 h" in c.diagnosis
    liveness = next(s for s in c.streaks if s.probe.value == "liveness")
    assert liveness.count == 1671 and liveness.detail == ""


def test_nautobot_125_sigkill_without_events_cannot_tell():
    c = only(run("19-nautobot-helm-charts-125.describe.txt"))
    assert c.name == "nautobot"
    assert c.diagnosis_kind == "cannot-tell"
    assert "exit code 137" in c.diagnosis and "grace period ran out" in c.diagnosis


def test_opencti_9713_sporadic_timeouts_cannot_tell():
    c = only(run("20-opencti-9713.describe.txt"))
    assert c.diagnosis_kind == "cannot-tell"
    live = next(s for s in c.streaks if s.probe.value == "liveness")
    assert live.count == 4 and live.shape == "runs"  # 4 in 5 h: not one run at any period


# ---------------------------------------------------------------- not the probe


def test_apisix_2503_failures_past_the_burst_bound_no_kills():
    """92 back-off refusals need 8 restarts (R4.11-R4.14), and 2 liveness failures could make
    at most 2 kills only if they were every failure. The kubelet's rows hold 94 occurrences,
    past the event recorder's burst of 25 a pod: the correlator counts an occurrence before
    the spam filter drops it, so a dropped failure shows only in its row's next written
    occurrence, and not at all if none follows (R4.43). The 2 failures count from below, no
    restart count is shown, so the restarts are no `not-probe` and the kills have no upper
    bound (burst53: it read `at most 2`)."""
    c = only(run("07-apisix-dashboard-2503.describe.txt"))
    assert c.diagnosis_kind == "cannot-tell"
    assert "at least 8 restarts" in c.diagnosis and "at most 2" not in c.diagnosis
    assert c.answer is not None and c.answer.probe_kills.hi is None
    assert "counted from below (R4.43)" in c.answer.probe_kills.because


def test_kyma_12513_restarts_are_not_liveness_kills():
    c = only(run("11-kyma-12513.describe.txt"))
    assert c.name == "jaeger"
    assert c.diagnosis_kind == "not-probe"
    assert "4 Created events" in c.diagnosis


def test_website_2502_app_exits_before_liveness_could_kill():
    """Exit code 1 after 31 s; liveness delay 30 s + (3 - 1) x 10 s = 50 s before any kill
    (R1.7, R1.17): the last end is the app's own, but restart count 7 counts earlier ends the
    record does not show (no events), each of which may have been a kill (fixexit72)."""
    c = only(run("14-k8s-website-2502.describe.txt"))
    assert c.diagnosis_kind == "earlier-ends"
    assert "ran 31 s" in c.diagnosis and "cannot kill before 50 s" in c.diagnosis


def test_kube_state_metrics_1227_is_oom():
    c = only(run("15-kube-state-metrics-1227.describe.txt"))
    assert c.diagnosis_kind == "oom"


def test_manageiq_475_probe_errors_never_count():
    """Errored probes are retried and thrown away: never a failure, never a kill (R2.2, E4)."""
    c = only(run("12-manageiq-pods-475.describe.txt"))
    assert c.diagnosis_kind == "probe-errors"
    assert [s.outcome for s in c.streaks] == ["errored"] * 3
    assert "pidof" in c.streaks[0].detail  # the multi-line message is kept whole


# ---------------------------------------------------------------- startup


def test_kube_prometheus_1674_likely_startup_kills():
    c = only(run("08-kube-prometheus-1674.describe.txt"))
    assert c.diagnosis_kind == "likely-startup-kill"
    assert "about 58 per container" in c.diagnosis
    assert "give them with --spec" in c.diagnosis


def test_k8s_131346_startup_failures_below_threshold_and_inconsistent_ages():
    ex = run("09-k8s-131346.describe.txt", spec="09-k8s-131346.probes.yaml")
    c = only(ex)
    assert c.diagnosis_kind == "no-kill"
    assert "fewer than failureThreshold 30" in c.diagnosis
    assert any(f.level == "warning" and "before the pod was scheduled" in f.text
               for f in ex.findings)


def test_k8s_98780_one_startup_failure_is_no_kill():
    ex = run("18-k8s-98780.events.txt")
    c = only(ex)
    assert ex.pod == "mysqlpod-5957645967-fj95t" and c.name == "mysql"
    assert c.diagnosis_kind == "no-kill"
    # a `kubectl get events` row states no count: at least once, never "1 failure, fewer
    # than 3" (held-out batch 6, errornotes-liveness-deadline)
    assert "startup failed at least once (the row states no count)" in c.diagnosis
    # the multi-line mysqladmin message is one event
    assert "mysqladmin" in c.streaks[0].detail


# ---------------------------------------------------------------- through the CLI


def test_custom_columns_are_read_by_their_header(capsys):
    """`-o custom-columns=TIME:.lastTimestamp,REASON:.reason,MSG:.message` (issue 30; it was
    refused before): every row read, `<nil>` a time not recorded, no row counted more than
    the table says (no COUNT column: at least once each)."""
    record = combine([read_record(str(DATA / "17-inspektor-gadget-pr187.events.txt"))])
    text = (DATA / "17-inspektor-gadget-pr187.events.txt").read_text().splitlines()
    rows = [x for x in text[1:] if len(x.split()) >= 3]  # the last line is cut: "20"
    assert len(record.events) == len(rows)
    assert [e.reason for e in record.events].count("Killing") == sum(
        " Killing " in x for x in rows)
    assert not record.events[0].last.known and record.events[1].last.text == "2021-07-01T13:53:17Z"
    assert all(not e.count_stated and e.count == 1 for e in record.events)
    assert not [n for n in record.notes if n.kind is NoteKind.NOT_READ]


def test_cli_json_of_a_real_record(capsys):
    code, out, err = kubesim(capsys, "explain", str(DATA / "02-trivy-dojo-operator-pr24.describe.txt"),
                             "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["kubesim"] == 2 and doc["command"] == "explain"  # 2: several pods, `pods`
    c = doc["containers"][0]
    assert c["diagnosis_kind"] == "liveness-kill"
    assert c["replay"]["verdict"] == "reproduced"


def test_cli_reads_stdin(capsys, monkeypatch):
    import io
    import sys
    text = (DATA / "15-kube-state-metrics-1227.describe.txt").read_text()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = kubesim(capsys, "explain", "-")
    assert code == 0, err
    assert "OOMKilled" in out and "<stdin>" in out
