"""Regenerate the hostile inputs in this directory: python tests/hostile_inputs/make_hostile.py

Each file is named `<how>_<what>.<ext>`; `<how>` says which command reads it (see
tests/test_hostile.py): spec (`run FILE`), scenario (`run SPEC --scenario FILE`), trace
(`run SPEC --trace FILE`), plot (`plot FILE -o OUT.png`), blackbox (`import-blackbox FILE`),
expectations (`check SPEC --expectations FILE`), check (`check FILE`), explain (`explain
FILE`), config (`check SPEC --config FILE`), fleet (`fleet FILE`), fleetscenario (`fleet SPEC
--scenario FILE --replicas 3`), sweep (`sweep FILE` over a grid of two million points). Every
one must end in exit code 2 with one line on
stderr, at once and in bounded memory. The `ok_` files must be accepted (exit 0); some are
also read by the tests of what they regress (named beside them).

`check_chart_*.tgz` are chart archives (issue 28): members that are links, devices or leave
the archive, a member beyond Helm's 5 MiB, and charts one Helm engine refused while the other
rendered them. Charts and kustomizations whose hostility is a symbolic link in a folder cannot
be one committed file: tests/test_confine.py makes those.
"""

from __future__ import annotations

import gzip
import io
import json
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROBE = "livenessProbe:\n  httpGet: {path: /livez, port: 8080}\n"
LAUGHS = "\n".join(['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'] + [
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]"
    for i in range(8)]) + "\n"
BIG = "9" * 5000
OBS = {"t": 1, "target": "/livez", "status": 200, "latency_ms": 1}
DEPLOYMENT = ("apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: web}}\nspec:\n{}"
              "  template:\n    spec:\n      containers:\n      - name: app\n        image: x\n"
              "        livenessProbe: {{httpGet: {{path: /livez, port: 8080}}}}\n")


# a describe text: its Restart Count, and the Age of its one Unhealthy row
DESCRIBE = ("Name:         web-1\nNamespace:    default\nContainers:\n  app:\n"
            "    State:          Running\n    Ready:          True\n    Restart Count:  {}\n"
            "    Liveness:       http-get http://:8080/healthz delay=0s timeout=1s period=10s "
            "#success=1 #failure=3\nEvents:\n  Type     Reason     Age   From     Message\n"
            "  ----     ------     ----  ----     -------\n  Warning  Unhealthy  {}   kubelet  "
            "Liveness probe failed: HTTP probe failed with statuscode: 500\n")


# a Pod: its spec's extra lines, then the probed container's extra lines
POD = ("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n{}  containers:\n"
       "  - name: app\n    livenessProbe: {{httpGet: {{path: /livez, port: 8080}}}}\n{}")


def jsonl(*records: str) -> str:
    return "".join(r + "\n" for r in records)


FILES: dict[str, str | bytes] = {
    # YAML specs
    "spec_billion_laughs.yaml": LAUGHS,
    "spec_recursive_alias.yaml": "a: &x {b: *x}\n",
    "spec_recursive_alias_in_probe.yaml": PROBE + "  extra: &x [*x]\n",
    "spec_deep_flow_nesting.yaml": "livenessProbe: " + "[" * 1000 + "]" * 1000 + "\n",
    "spec_deep_block_nesting.yaml": "".join(f"{' ' * i}k{i}:\n" for i in range(150)) + " " * 150
                                    + "x: 1\n",
    "spec_deep_via_alias.yaml": "a: &a " + "[" * 60 + "]" * 60 + "\nb: " + "[" * 60 + "*a"
                                + "]" * 60 + "\n",
    "spec_duplicate_key.yaml": PROBE + "  periodSeconds: 5\n  periodSeconds: 10\n",
    "spec_duplicate_top_key.yaml": PROBE + PROBE,
    "spec_huge_integer.yaml": PROBE + f"  periodSeconds: {BIG}\n",
    "spec_integer_beyond_64_bits.yaml": PROBE + f"  periodSeconds: {10**30}\n",
    "spec_integer_beyond_int32.yaml": PROBE + "  periodSeconds: 2147483648\n",
    "spec_float_overflow.yaml": PROBE + "  periodSeconds: 1.0e+309\n",
    "spec_container_name_long.yaml": "name: " + "a" * 300 + "\n" + PROBE,
    "spec_container_name_uppercase.yaml": "name: App\n" + PROBE,
    "spec_python_tag.yaml": "livenessProbe: !!python/object/apply:os.system ['true']\n",
    "spec_set_tag.yaml": "livenessProbe: !!set {a, b}\n",
    "spec_control_character.yaml": PROBE + "  periodSeconds: 1\x07\n",
    "spec_latin1.yaml": (PROBE + "# caf\xe9\n").encode("latin-1"),
    "spec_utf16.yaml": (PROBE).encode("utf-16"),
    "spec_binary.yaml": bytes(range(256)),
    "spec_empty.yaml": "",
    # scenarios
    "scenario_billion_laughs.yaml": LAUGHS,
    "scenario_deep.yaml": "targets: " + "{a: " * 200 + "1" + "}" * 200 + "\n",
    "scenario_huge_number.yaml": f"shutdown_seconds: {BIG}\n",
    "scenario_duplicate_key.yaml": "shutdown_seconds: 1\nshutdown_seconds: 2\n",
    "scenario_not_utf8.yaml": b"description: \xff\xfe\n",
    # traces
    "trace_deep.jsonl": jsonl('{"t": ' + "[" * 5000 + "]" * 5000 + "}"),
    "trace_huge_integer.jsonl": jsonl(json.dumps({**OBS, "t": 0}).replace('"t": 0', f'"t": {BIG}')),
    "trace_1e309_integer.jsonl": jsonl(json.dumps({**OBS, "t": 10**309})),
    "trace_float_overflow.jsonl": jsonl(json.dumps(OBS).replace('"t": 1', '"t": 1e309')),
    "trace_nan.jsonl": jsonl(json.dumps(OBS).replace('"t": 1', '"t": NaN')),
    "trace_duplicate_key.jsonl": jsonl(json.dumps(OBS)[:-1] + ', "status": 503}'),
    "trace_meta_shutdown_huge.jsonl": jsonl(json.dumps({"meta": {"shutdown_seconds": 10**400}}),
                                            json.dumps(OBS)),
    "trace_meta_deep.jsonl": jsonl('{"meta": {"x": ' + "[" * 500 + "]" * 500 + "}}",
                                   json.dumps(OBS)),
    "trace_exit_code_huge.jsonl": jsonl(json.dumps({**OBS, "exit_code": 2**40})),
    "trace_target_long.jsonl": jsonl(json.dumps({**OBS, "target": "/" + "a" * 5000})),
    "trace_not_utf8.jsonl": b'{"t": 1, "target": "/\xff", "status": 200, "latency_ms": 1}\n',
    "trace_long_cell.csv": "t,target,status,latency_ms\n1,/" + "a" * (130 * 1024) + ",200,1\n",
    "trace_quoted_newline.csv": 't,target,status,latency_ms\n1,"/livez\nx",200,1\n',
    "trace_unterminated_quote.csv": 't,target,status,latency_ms\n1,"/livez,200,1\n',
    "trace_huge_integer.csv": f"t,target,status,latency_ms\n1,/livez,{BIG},1\n",
    "trace_float_overflow.csv": "t,target,status,latency_ms\n1e309,/livez,200,1\n",
    # run documents for plot
    "plot_deep.json": '{"kubesim": 1, "run": ' + "[" * 5000 + "]" * 5000 + "}",
    "plot_huge_integer.json": '{"kubesim": 1, "run": {"duration": ' + BIG + "}}",
    "plot_duplicate_key.json": '{"kubesim": 1, "kubesim": 1}',
    "plot_infinity.json": '{"kubesim": 1, "run": {"duration": Infinity}}',
    # Prometheus exports for import-blackbox
    "blackbox_deep.json": '{"status": "success", "data": ' + "[" * 5000 + "]" * 5000 + "}",
    "blackbox_huge_integer.json": '{"status": "success", "data": {"resultType": "matrix", '
                                  '"result": [{"metric": {"__name__": "probe_success", '
                                  '"instance": "http://a:1/x"}, "values": [[' + BIG
                                  + ', "1"]]}]}}',
    "blackbox_duplicate_key.json": '{"status": "success", "status": "error"}',
    # expectations and check inputs
    "expectations_billion_laughs.yaml": LAUGHS,
    "expectations_duplicate_key.yaml": "defaults: {no_restart: true, no_restart: false}\n",
    "check_recursive_alias.yaml": "apiVersion: v1\nkind: Pod\nmetadata: &m {name: x, "
                                  "labels: *m}\n",
    "check_alias_bomb_in_manifest.yaml": "apiVersion: v1\nkind: ConfigMap\n" + LAUGHS.replace(
        "a: &a", "data: &a"),
    "check_duplicate_container_names.yaml": "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n"
                                            "spec:\n  containers:\n  - {name: a, image: x}\n"
                                            "  initContainers:\n  - {name: a, image: y}\n",
    # lifecycle hooks the API server refuses (R5.19, R5.20)
    "check_pre_stop_sleep_over_grace.yaml": POD.format(
        "  terminationGracePeriodSeconds: 30\n", "    lifecycle: {preStop: {sleep: {seconds: 31}}}\n"),
    "check_post_start_sleep_beyond_64_bits.yaml": POD.format(
        "", f"    lifecycle: {{postStart: {{sleep: {{seconds: {10**30}}}}}}}\n"),
    "check_post_start_two_handlers.yaml": POD.format(
        "", "    lifecycle: {postStart: {sleep: {seconds: 1}, exec: {command: [x]}}}\n"),
    "check_lifecycle_on_plain_init_container.yaml": POD.format(
        "  initContainers: [{name: i, lifecycle: {preStop: {sleep: {seconds: 1}}}}]\n", ""),
    # records for explain
    "explain_not_a_record.txt": "hello\nthis is not a record of anything\n",
    # custom columns are read since issue 30 (they were refused before)
    "ok_explain_custom_columns.txt": "TIME                   REASON      MSG\n"
                                     "2021-07-01T13:53:17Z   Pulling     Pulling image\n",
    "explain_empty.txt": "",
    "explain_binary.txt": bytes(range(256)),
    "explain_not_utf8.txt": b"Events:\n  Warning  Unhealthy  3s  kubelet  Liveness \xff\n",
    "explain_billion_laughs.yaml": "apiVersion: v1\nkind: Pod\n" + LAUGHS.replace("a: &a",
                                                                                  "status: &a"),
    "explain_deep.json": '{"kind": "Pod", "status": ' + "[" * 5000 + "]" * 5000 + "}",
    "explain_duplicate_key.json": '{"apiVersion": "v1", "kind": "Pod", "kind": "Pod"}',
    "explain_huge_restart_count.json": '{"apiVersion": "v1", "kind": "Pod", "metadata": '
                                       '{"name": "p"}, "status": {"containerStatuses": [{"name":'
                                       ' "a", "restartCount": ' + BIG + "}]}}",
    "explain_negative_restart_count.yaml": "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n"
                                           "status:\n  containerStatuses:\n  - {name: a, "
                                           "restartCount: -1}\n",
    "explain_bad_time.json": '{"apiVersion": "v1", "kind": "Event", "reason": "Unhealthy", '
                             '"message": "Liveness probe failed: x", "firstTimestamp": '
                             '"yesterday", "involvedObject": {"kind": "Pod", "name": "p"}}',
    "explain_bad_probe_line.txt": "    Liveness:   http-get http://:8080/x delay=0s timeout=1s "
                                  "period=10s #success=2 #failure=3\n",
    "explain_prometheus_vector.json": '{"status": "success", "data": {"resultType": "vector", '
                                      '"result": []}}',
    "explain_prometheus_bad_sample.json": '{"status": "success", "data": {"resultType": '
                                          '"matrix", "result": [{"metric": {"__name__": '
                                          '"prober_probe_total", "probe_type": "Liveness", '
                                          '"result": "failed"}, "values": [["x", "1"]]}]}}',
    # issue 28 item 4: evidence explain cannot read is exit 2 naming the line (describe agrees
    # with pod JSON, whose restartCount beyond int32 is exit 2)
    "explain_count_beyond_int32.txt": DESCRIBE.format(3, "3m (x4294967296 over 10y)"),
    "explain_count_300_digits.txt": DESCRIBE.format(3, "3m (x" + "9" * 300 + " over 10y)"),
    "explain_count_zero.txt": DESCRIBE.format(3, "3m (x0 over 10s)"),
    "explain_restart_count_beyond_int32.txt": DESCRIBE.format(2147483648, "3m"),
    "explain_negative_age.txt": DESCRIBE.format(3, "-5m"),
    # issue 28 item 3: the limits of one record (kubesim/explain/readers/limits.py)
    "explain_describe_rows_over_limit.txt": "Events:\n" + "  Normal  Pulled  1m  k  m\n" * 10_001,
    "explain_events_over_limit.json": '{"kind": "List", "items": ['
                                      + ",".join(['{"kind":"Event"}'] * 10_001) + "]}",
    "explain_prometheus_samples_over_limit.json": (
        '{"status": "success", "data": {"resultType": "matrix", "result": [{"metric": '
        '{"__name__": "prober_probe_total", "probe_type": "Liveness", "result": "failed"}, '
        '"values": [' + ",".join(['[0,"0"]'] * 50_001) + "]}]}}"),
    "explain_no_pod.json": '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}}',
    "ok_explain_two_pods.txt": "Name:         a\nNamespace:    default\nEvents:       <none>\n"
                            "Name:         b\nNamespace:    default\nEvents:       <none>\n",
    # JSON cut short, read as far as it is well formed (readers/fragment.py): nesting beyond
    # MAX_DEPTH stops it there, and what is left is no record
    "explain_cut_json_deep.txt": '        "app": {\n            "state": ' + "[" * 300_000 + "\n",
    "explain_cut_json_deep_document.json": '{"kind": "Pod", "status": {"containerStatuses": '
                                           + "[" * 300_000 + "\n" + "[" * 1000,
    # configuration files (check SPEC --config FILE; a *.toml file is read as pyproject.toml)
    "config_tool_string.toml": 'tool = "kubesim"\n',
    "config_tool_array.toml": 'tool = ["kubesim"]\n',
    "config_tool_integer.toml": "tool = 1\n",
    "config_deep_array.toml": "[tool.kubesim]\nx = " + "[" * 2000 + "]" * 2000 + "\n",
    "config_deep_inline_table.toml": "[tool.kubesim]\nx = " + "{a = " * 2000 + "1"
                                     + "}" * 2000 + "\n",
    "config_huge_integer.toml": f"[tool.kubesim.check]\nphases = {BIG}\n",
    "config_integer_beyond_64_bits.toml": f"[tool.kubesim.check]\nphases = {10**30}\n",
    "config_version_true.toml": "[tool.kubesim]\nkubesim = true\n",
    "config_version_true.yaml": "kubesim: true\n",
    "config_binding_absolute.yaml": "bindings:\n  - scenario: /proc/self/environ\n",
    "config_binding_dotdot.yaml": "bindings:\n  - trace: " + "../" * 30 + "proc/self/environ\n",
    "config_binding_nul.yaml": 'bindings:\n  - scenario: "a\\0b.yaml"\n',  # found by the fuzz test
    # issue 18: numbers no float holds, nonsense the API server refuses
    "trace_latency_401_digits.jsonl": jsonl(json.dumps(OBS).replace('"latency_ms": 1',
                                                                    '"latency_ms": 1' + "0" * 400)),
    "trace_location_long.jsonl": jsonl(json.dumps({**OBS, "status": 302,
                                                   "location": "/" + "a" * 5000})),
    "scenario_latency_distribution_1e308.yaml": "targets:\n  /livez:\n    answer: {status: 200, "
                                                "latency_ms: {distribution: normal, mean: "
                                                "1.0e+308, sd: 1}}\n",
    "scenario_latency_1e308.yaml": "targets:\n  /livez:\n    answer: {latency_ms: 1.0e+308}\n",
    "spec_deployment_surge_and_unavailable_zero.yaml": DEPLOYMENT.format(
        "  strategy: {rollingUpdate: {maxSurge: 0, maxUnavailable: 0%}}\n"),
    "spec_deployment_unavailable_over_100_percent.yaml": DEPLOYMENT.format(
        "  strategy: {rollingUpdate: {maxUnavailable: 1000%}}\n"),
    "spec_deployment_progress_deadline_not_above_min_ready.yaml": DEPLOYMENT.format(
        "  minReadySeconds: 30\n  progressDeadlineSeconds: 30\n"),
    # issue 28 item 6: the pull request's own manifest switches its findings off (KS010 on
    # both probes, an error): accepted, exit 0, and every format says so (test_check_reports)
    "ok_check_ignore_all.yaml": "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n"
                                "  name: quiet\n  annotations:\n    kubesim.dev/ignore: all\n"
                                "spec:\n  selector: {matchLabels: {app: quiet}}\n"
                                "  template:\n    metadata: {labels: {app: quiet}}\n"
                                "    spec:\n      containers:\n      - name: web\n"
                                "        image: example/web:1\n"
                                "        ports: [{name: http, containerPort: 8000}]\n"
                                "        livenessProbe: {httpGet: {path: /livez, port: metrics}}\n"
                                "        readinessProbe: {tcpSocket: {port: admin}}\n",
    # accepted: a UTF-8 byte order mark
    "ok_trace_bom.csv": "\ufefft,target,status,latency_ms\n1,/livez,200,1\n",
    "ok_trace_bom.jsonl": "\ufeff" + json.dumps(OBS) + "\n",
    "ok_spec_bom.yaml": "\ufeff" + PROBE,
    # the longest hooks the API server accepts end with the run (R4.40, R5.19)
    "ok_spec_post_start_sleep_int64_max.yaml": POD.format(
        f"  terminationGracePeriodSeconds: {2**63 - 1}\n",
        f"    lifecycle: {{postStart: {{sleep: {{seconds: {2**63 - 1}}}}}, "
        f"preStop: {{sleep: {{seconds: {2**63 - 1}}}}}}}\n"),
}


def chart_archive(chart_yaml: str, *extra: tarfile.TarInfo | tuple[str, bytes]) -> bytes:
    """A chart archive (`demo/...`), byte for byte the same on every run (no dates)."""
    members: list[tarfile.TarInfo | tuple[str, bytes]] = [
        ("demo/Chart.yaml", chart_yaml.encode()),
        ("demo/templates/deployment.yaml", DEPLOYMENT.format("").encode()), *extra]
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for m in members:
            info = m if isinstance(m, tarfile.TarInfo) else tarfile.TarInfo(m[0])
            data = b"" if isinstance(m, tarfile.TarInfo) else m[1]
            info.size, info.mtime = len(data), 0
            tar.addfile(info, io.BytesIO(data) if data else None)
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=0) as gz:
        gz.write(raw.getvalue())
    return out.getvalue()


def member(name: str, kind: bytes, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, link
    return info


CHART = "apiVersion: v2\nname: demo\nversion: 0.1.0\n"
FILES.update({
    "check_chart_symlink_member.tgz": chart_archive(CHART, member(
        "demo/files/c", tarfile.SYMTYPE, "/home/runner/work/_temp/.git/config")),
    "check_chart_hardlink_member.tgz": chart_archive(CHART, member(
        "demo/files/c", tarfile.LNKTYPE, "demo/Chart.yaml")),
    "check_chart_device_member.tgz": chart_archive(CHART, member("demo/files/zero",
                                                                 tarfile.CHRTYPE)),
    "check_chart_dotdot_member.tgz": chart_archive(CHART, ("demo/../../escape.yaml", b"x: 1\n")),
    "check_chart_absolute_member.tgz": chart_archive(CHART, ("/etc/demo.yaml", b"x: 1\n")),
    "check_chart_member_over_5mib.tgz": chart_archive(CHART, ("demo/files/zeros",
                                                              bytes(6 * 1024 * 1024))),
    "check_chart_not_gzip.tgz": "apiVersion: v2\nname: demo\n",
    # one Helm engine refused these and the other rendered them; kubesim refuses them for both
    "check_chart_missing_dependencies.tgz": chart_archive(
        CHART + "dependencies:\n- {name: redis, version: 1.0.0, repository: https://x}\n"),
    "check_chart_library.tgz": chart_archive(CHART + "type: library\n"),
    "check_chart_kube_version.tgz": chart_archive(CHART + "kubeVersion: '<1.20.0-0'\n"),
    "check_chart_api_version_v3.tgz": chart_archive(CHART.replace("v2", "v3")),
    "check_chart_release_name.tgz": chart_archive(CHART.replace("demo", "Demo_App")),
})


def many_containers(n: int) -> str:
    """A Deployment whose pod has `n` containers, each probed for liveness and readiness on
    one endpoint: `check` refused 1,000 of them while `run` and `fleet` ran it (issue 28)."""
    head = ("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: many}\nspec:\n"
            "  replicas: 3\n  selector: {matchLabels: {app: many}}\n  template:\n"
            "    metadata: {labels: {app: many}}\n    spec:\n      containers:\n")
    probe = "{httpGet: {path: /healthz, port: 8080}}"
    return head + "".join(f"      - name: c{i}\n        image: x:1\n"
                          f"        livenessProbe: {probe}\n        readinessProbe: {probe}\n"
                          for i in range(n))


# issue 28 item 3: inputs whose work is counted before anything is built (the object's
# containers, a fleet's records, a sweep's points), each refused before it is simulated; 300
# containers of one pod stand for the 1,000 (the same refusal, a ninth of the reading)
FILES.update({
    "spec_300_containers.yaml": many_containers(300),
    "check_300_containers.yaml": many_containers(300),
    "fleet_300_containers.yaml": many_containers(300),
    # an outage near 1e8 s: the fleet runs past it, 3 replicas' records would be about 18 GB
    "fleetscenario_outage_at_1e8_seconds.yaml": "targets:\n  \"*\":\n    answer: "
                                                "{status: 200, latency_ms: 2}\nstalls:\n  - "
                                                "{from: 100000000, to: 100000060}\n",
    # the spec of `sweep FILE --set ...=1..1000 --set ...=1..2000` (test_hostile's argv_for):
    # two million points, refused before one is built
    "sweep_two_million_points.yaml": PROBE,
})


def never_ready_result() -> str:
    """The JSON document of a run whose pod is never Ready (the seed skeleton, its database
    down for the whole minute): `kubesim plot` once failed on it (a ValueError)."""
    import yaml

    from kubesim import Scenario, load_spec, simulate, to_document
    from kubesim.render.plot import plot_meta
    root = HERE.parent.parent
    raw = yaml.safe_load((root / "traces" / "seed_db_outage.scenario.yaml").read_text())
    raw["dependencies"]["db"]["down"] = [{"from": 0, "to": 1000}]
    raw.pop("applies_to")
    pod, behaviour = load_spec(str(root / "probe_specs" / "seed_skeleton.yaml")), Scenario.from_dict(raw)
    doc = to_document(simulate(pod, behaviour, duration=60, seed=0),
                      meta=plot_meta(pod, behaviour, 60))
    return json.dumps(doc, indent=1) + "\n"


def main() -> None:
    FILES["ok_plot_never_ready.json"] = never_ready_result()
    for name, content in FILES.items():
        path = HERE / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="")


if __name__ == "__main__":
    main()
