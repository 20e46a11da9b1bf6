"""`kubesim import-blackbox`: Prometheus blackbox exporter query_range exports as traces.

The exports in tests/blackbox_inputs/ are written the way `curl .../api/v1/query_range` returns
them: `orders_api.json` holds all three metrics of two probed URLs of one service (15 s steps,
a DB outage answered 503 from 180 s to 300 s, a 5 s module timeout at 375 s on /healthz, a
refused connection at 465 s); `orders_api.<metric>.json` is the same data one metric per file,
the probe_success one from an aggregation that dropped `__name__`; `postgres_tcp.json` is a
tcp_connect module (no status code, an extra metric to ignore).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kubesim import BehaviourError, ProbedContainer, load_spec, load_trace, simulate
from kubesim.behaviour.blackbox import import_blackbox, instance_target, parse_query_range
from kubesim.cli.main import main
from kubesim.spec.model import parse_container

INPUTS = Path(__file__).resolve().parent / "blackbox_inputs"
ORDERS = str(INPUTS / "orders_api.json")
T0 = 1785837600


def records(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def test_an_export_of_all_three_metrics_becomes_a_trace(tmp_path):
    text = import_blackbox([ORDERS], timeout=5)
    meta, *obs = records(text)
    assert meta["meta"]["on_restart"] == "wall"
    assert meta["meta"]["started_at"] == "2026-08-04T10:00:00.000Z"
    assert meta["meta"]["interval"] == 15.0
    assert meta["meta"]["targets"] == {"http://10.0.12.7:8000/healthz": "/healthz",
                                       "http://10.0.12.7:8000/readyz": "/readyz"}
    assert len(obs) == 80
    out = tmp_path / "t.jsonl"
    out.write_text(text)
    trace = load_trace(str(out))
    h = trace.observations("/healthz")
    assert [o.t for o in h] == [15.0 * k for k in range(40)]
    assert [o.status for o in h if 180 <= o.t < 300] == [503] * 8
    assert h[0].status == 200 and 1.5 < h[0].latency_ms < 4
    stall = trace.lookup("/healthz", 375)
    assert stall.error.value == "timeout" and stall.latency_ms == 5000.412 and stall.censored
    refused = trace.lookup("/healthz", 465)
    assert refused.error.value == "refused" and refused.latency_ms == 0.388
    assert trace.lookup("/readyz", 375).status == 200


def test_without_the_module_timeout_a_failure_without_status_is_refused():
    _, *obs = records(import_blackbox([ORDERS]))
    at_375 = [o for o in obs if o["t"] == 375 and o["target"] == "/healthz"]
    assert at_375 == [{"t": 375.0, "target": "/healthz", "error": "refused",
                       "latency_ms": 5000.412}]


def test_one_file_per_metric_with_a_nameless_series_named_on_the_command_line():
    files = [f"probe_success={INPUTS / 'orders_api.probe_success.json'}",
             str(INPUTS / "orders_api.probe_http_status_code.json"),
             str(INPUTS / "orders_api.probe_duration_seconds.json")]
    split = records(import_blackbox(files, timeout=5))
    whole = records(import_blackbox([ORDERS], timeout=5))
    assert split[1:] == whole[1:]
    with pytest.raises(BehaviourError, match=r"no __name__ label .*probe_success="):
        import_blackbox([str(INPUTS / "orders_api.probe_success.json")])


def test_a_tcp_connect_module_becomes_a_tcp_target_and_other_metrics_are_ignored():
    _, *obs = records(import_blackbox([str(INPUTS / "postgres_tcp.json")]))
    assert {o["target"] for o in obs} == {"tcp:5432"}
    assert [o.get("error") for o in obs].count("refused") == 2
    # a tcp_connect success is a connect: no HTTP status is invented for it
    assert obs[0] == {"t": 0.0, "target": "tcp:5432", "latency_ms": 0.412}


def test_an_imported_tcp_trace_replays(tmp_path):
    from kubesim.behaviour.trace import load_trace

    path = tmp_path / "pg.jsonl"
    path.write_text(import_blackbox([str(INPUTS / "postgres_tcp.json")]))
    trace = load_trace(str(path))
    assert [o.failing for o in trace.observations("tcp:5432")].count(True) == 2


def test_a_2xx_the_blackbox_module_failed_is_a_success_to_the_kubelet(tmp_path):
    doc = {"status": "success", "data": {"resultType": "matrix", "result": [
        {"metric": {"__name__": "probe_success", "instance": "http://a:80/healthz"},
         "values": [[T0, "0"]]},
        {"metric": {"__name__": "probe_http_status_code", "instance": "http://a:80/healthz"},
         "values": [[T0, "200"]]}]}}
    f = tmp_path / "x.json"
    f.write_text(json.dumps(doc))
    _, obs = records(import_blackbox([str(f)]))
    assert obs == {"t": 0.0, "target": "/healthz", "status": 200, "latency_ms": 0.0}


def test_the_imported_trace_replays_the_outage_as_restarts_of_a_unified_liveness(tmp_path):
    """The point of importing: replay production probes against a probe config. /healthz
    failing for 120 s (8 scrapes) restarts a liveness probe with period 10 and threshold 3."""
    out = tmp_path / "t.jsonl"
    assert main(["import-blackbox", ORDERS, "--timeout", "5", "-o", str(out)]) == 0
    trace = load_trace(str(out))
    assert trace.meta["command"] == f"kubesim import-blackbox {ORDERS} --timeout 5 -o {out}"
    pod = ProbedContainer(parse_container({
        "name": "app", "livenessProbe": {"httpGet": {"path": "/healthz", "port": 8000},
                                         "periodSeconds": 10, "failureThreshold": 3}}))
    tl = simulate(pod, trace, duration=600, seed=1, phase=0.5)
    assert tl.kills and all(200 <= k.at <= 302 for k in tl.kills)
    skeleton = load_spec(str(Path(__file__).resolve().parent.parent / "probe_specs"
                             / "seed_skeleton.yaml"))
    with pytest.raises(BehaviourError, match="no observations for target \"/livez\""):
        simulate(skeleton, trace, duration=60)


def test_targets_can_be_mapped_and_filtered_by_job(tmp_path, capsys):
    code = main(["import-blackbox", ORDERS, "--target",
                 "http://10.0.12.7:8000/healthz=/livez", "--job", "blackbox-http"])
    out = capsys.readouterr().out
    assert code == 0
    assert {r["target"] for r in records(out)[1:]} == {"/livez", "/readyz"}
    assert records(out)[0]["meta"]["job"] == "blackbox-http"
    code = main(["import-blackbox", ORDERS, "--job", "other"])
    err = capsys.readouterr().err
    assert code == 2 and "no probe_success series of job 'other'" in err


def test_instance_targets():
    assert instance_target("http://10.0.0.5:8000/healthz") == "/healthz"
    assert instance_target("https://svc.example/ready?full=1") == "/ready?full=1"
    assert instance_target("http://10.0.0.5:8000") == "/"
    assert instance_target("10.0.0.5:5432") == "tcp:5432"
    assert instance_target("grpc://x:1") is None and instance_target("db") is None


def _doc(*series: dict, kind: str = "matrix") -> dict:
    return {"status": "success", "data": {"resultType": kind, "result": list(series)}}


def _ok(values: list, **labels: str) -> dict:
    return {"metric": {"__name__": "probe_success", "instance": "http://a:80/h", **labels},
            "values": values}


@pytest.mark.parametrize("content, needle", [
    ("{not json", "not JSON"),
    ("[1, 2]", "expected a JSON object"),
    (_doc(kind="vector"), "instant query"),
    (_doc(kind="scalar"), "must be \"matrix\""),
    ({"status": "success", "data": {"resultType": "matrix", "result": {}}},
     "data.result must be a list"),
    (_doc({"metric": {"__name__": "probe_success"}, "value": [T0, "1"]}),
     "data.result[0].values must be a list"),
    (_doc(_ok([[T0, 1]])), "data.result[0].values[0] must be [unix_seconds, \"value\"]"),
    (_doc(_ok([[T0, "up"]])), "value 'up' is not a number"),
    (_doc(_ok([[T0, "0.5"]])), "probe_success must be 0 or 1"),
    (_doc(_ok([[T0, "1"], [T0, "1"]])), "values[1]: timestamp 1785837600 is not after"),
    (_doc(_ok([[T0, "1"]]), {"metric": {"__name__": "probe_http_status_code",
                                        "instance": "http://a:80/h"},
                             "values": [[T0, "99"]]}), "must be 0 or an HTTP status"),
    (_doc(_ok([[T0, "1"]]), {"metric": {"__name__": "probe_duration_seconds",
                                        "instance": "http://a:80/h"},
                             "values": [[T0, "NaN"]]}), "probe_duration_seconds must be"),
    (_doc({"metric": {"__name__": "probe_success"}, "values": [[T0, "1"]]}),
     "has no instance label"),
    (_doc(_ok([[T0, "1"]], job="a"), _ok([[T0, "1"]], job="b")),
     "a second probe_success series for instance 'http://a:80/h' (also"),
    (_doc(_ok([[T0, "1"]]), {"metric": {"__name__": "probe_success",
                                        "instance": "http://b:80/h"},
                             "values": [[T0, "1"]]}), "both become target '/h'"),
    (_doc({"metric": {"__name__": "probe_success", "instance": "db"}, "values": [[T0, "1"]]}),
     "cannot derive a probe target from instance 'db'"),
    (_doc({"metric": {"__name__": "probe_duration_seconds", "instance": "http://a:80/h"},
           "values": [[T0, "0.1"]]}), "no probe_success series"),
])
def test_bad_exports_are_behaviour_errors_naming_the_file_and_place(content, needle, tmp_path,
                                                                     capsys):
    f = tmp_path / "export.json"
    f.write_text(content if isinstance(content, str) else json.dumps(content))
    with pytest.raises(BehaviourError) as err:
        import_blackbox([str(f)])
    assert needle in str(err.value)
    assert str(f) in str(err.value)
    code = main(["import-blackbox", str(f)])
    cap = capsys.readouterr()
    assert code == 2 and cap.out == "" and cap.err.count("\n") == 1
    assert cap.err.startswith(f"kubesim: error: {f}")


@pytest.mark.parametrize("name, needle", [("instant_query.json", "instant query"),
                                          ("error_response.json", "bad_data: invalid parameter")])
def test_realistic_wrong_exports(name, needle):
    with pytest.raises(BehaviourError, match=needle):
        import_blackbox([str(INPUTS / name)])


def test_usage_errors(capsys):
    assert main(["import-blackbox", ORDERS, "--target", "nothing"]) == 2
    assert "INSTANCE=TARGET" in capsys.readouterr().err
    assert main(["import-blackbox", ORDERS, "--target", "http://x/y=/h"]) == 2
    assert "does not have" in capsys.readouterr().err
    assert main(["import-blackbox", str(INPUTS / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_parse_keeps_only_the_three_metrics():
    series = parse_query_range((INPUTS / "postgres_tcp.json").read_text(), "x")
    assert sorted(s.metric for s in series) == ["probe_duration_seconds", "probe_success"]
