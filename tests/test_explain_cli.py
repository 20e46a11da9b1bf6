"""`kubesim explain` through the CLI: text, the JSON document's fields (docs/explain.md), the
HTML report loaded in headless Chromium (the recorded evidence drawn as lanes above the
replay), the output edge, flags and their errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import cli as kubesim
from test_html import attr, browse, console, needs_browser

from kubesim import ExplainOptions, explain_records, read_record
from kubesim.render.explain_formats import render_text

DATA = Path(__file__).resolve().parent / "data" / "explain"
DOCS = str(DATA / "01-k8s-docs-liveness-exec.describe.txt")
DOCS_POD = str(DATA / "01-k8s-docs-exec-liveness.pod.yaml")
TOP = ["kubesim", "command", "pod", "namespace", "owner", "inputs", "axis", "answer",
       "containers", "findings", "notes"]
CONTAINER = ["name", "role", "restart_count", "containers", "diagnosis", "diagnosis_kind", "answer", "detection",
             "settings", "streaks",
             "kills", "back_offs", "exits", "restarts", "not_ready", "arithmetic", "findings",
             "replay", "prevention"]


def test_text_names_the_diagnosis_the_timeline_and_the_verdict(capsys):
    code, out, err = kubesim(capsys, "explain", DOCS, DOCS_POD)
    assert code == 0, err
    assert out.startswith("kubesim explain: pod liveness-exec\n")
    for needle in ("diagnosis: the kubelet killed the container 1 time because its liveness",
                   "what the record shows", "Killing 1/1 (liveness)", "the arithmetic:",
                   "replay through the kubelet model", "): reproduced",
                   "what would have prevented it"):
        assert needle in out, needle


def test_the_json_document_keeps_its_documented_fields(capsys):
    code, out, err = kubesim(capsys, "explain", DOCS, "--spec", DOCS_POD, "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert list(doc) == TOP
    assert list(doc["containers"][0]) == CONTAINER
    c = doc["containers"][0]
    assert c["streaks"][0]["first"]["confidence"] == "series"
    assert c["kills"][0]["at"]["confidence"] == "relative"
    assert c["replay"]["verdict"] == "reproduced"
    assert set(c["prevention"]) >= {"ran", "workload", "wants", "patch", "patch_yaml"}
    documented = (Path(__file__).resolve().parent.parent / "docs" / "explain.md").read_text()
    for key in TOP + CONTAINER:
        assert f"`{key}`" in documented, key


def test_a_describe_record_takes_the_grace_of_its_spec(capsys, tmp_path):
    """describe never shows terminationGracePeriodSeconds: --spec's pod gives it (90 s here,
    so its 60 s preStop sleep is one the API server accepts, R5.19), not the API's default
    30 s, against which that pod could not be replayed at all."""
    import yaml

    from kubesim.spec.yamlio import load_yaml_documents

    pod = load_yaml_documents(Path(DOCS_POD).read_text(), DOCS_POD, ValueError)[0].data
    pod["spec"]["terminationGracePeriodSeconds"] = 90
    pod["spec"]["containers"][0]["lifecycle"] = {"preStop": {"sleep": {"seconds": 60}}}
    spec = tmp_path / "pod.yaml"
    spec.write_text(yaml.safe_dump(pod))
    code, out, err = kubesim(capsys, "explain", DOCS, "--spec", str(spec), "--format", "json")
    assert code == 0, err
    replay = json.loads(out)["containers"][0]["replay"]
    assert replay["verdict"] == "reproduced"
    assert not any("terminationGracePeriodSeconds" in a for a in replay["assumptions"])


def test_the_same_record_gives_the_same_bytes(capsys):
    runs = [kubesim(capsys, "explain", DOCS, "--spec", DOCS_POD, "--format", "json")[1]
            for _ in range(2)]
    assert runs[0] == runs[1]


def test_now_places_the_ages_on_the_clock(capsys):
    code, out, _ = kubesim(capsys, "explain", DOCS, "--now", "2024-05-01T12:00:00Z",
                           "--format", "json", "--no-suggest")
    assert code == 0
    doc = json.loads(out)
    assert doc["axis"]["zero"] == "2024-05-01T12:00:00Z"
    kill = doc["containers"][0]["kills"][0]["at"]
    assert (kill["lo"], kill["hi"]) == (-11.0, -10.0)


@pytest.mark.parametrize(("argv", "needle"), [
    (["--now", "yesterday"], "--now=yesterday must be a time like 2024-05-01T12:00:00Z"),
    (["--expect", "survive=1"], "--expect 'survive=1': one of survive-outage=S"),
    (["--container", "nope"], "--container 'nope': the record has no such container"),
    (["--pod", "nope"], "no pod named 'nope'"),
    (["--spec", str(DATA / "SOURCES.md")], "SOURCES.md"),
    (["--seed", "-1"], "--seed=-1 must be a whole number from 0 to"),
    (["--phases", "0"], "--phases=0 must be a whole number from 1 to 200"),
    (["--phases", "201"], "--phases=201 must be a whole number from 1 to 200"),
])
def test_bad_flags_are_one_line(capsys, argv, needle):
    code, out, err = kubesim(capsys, "explain", DOCS, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err, err


def test_container_of_a_pods_row_of_several_containers_is_said_unnamed(capsys, tmp_path):
    """A `kubectl get pods` row of READY 1/3 is three containers the record names none of
    (printPod): --container cannot choose one, and the refusal says so in words, not as a
    container called "(unnamed)"."""
    record = tmp_path / "pods.txt"
    record.write_text("NAME    READY   STATUS    RESTARTS   AGE\n"
                      "web-0   1/3     Running   4          10m\n")
    code, out, err = kubesim(capsys, "explain", str(record), "--container", "app")
    assert code == 2 and out == ""
    assert "(unnamed)" not in err
    assert "containers: 3 the record does not name (a `get pods` row of READY 1/3)" in err, err


def test_a_container_the_record_does_not_name_is_headed_so(capsys, tmp_path):
    """Rows that name no container (describe's Unhealthy rows) explain one container whose
    name the record does not give: its heading says so, as the pod's does."""
    record = tmp_path / "rows.txt"
    record.write_text("Warning  Unhealthy  16s (x3 over 36s)  kubelet  Liveness probe failed: "
                      "HTTP probe failed with statuscode: 503\n")
    code, out, err = kubesim(capsys, "explain", str(record), "--no-suggest")
    assert code == 0, err
    assert "\ncontainer (name not in the record)\n" in out, out


def test_two_stdin_inputs_are_refused(capsys):
    code, _, err = kubesim(capsys, "explain", "-", "-")
    assert code == 2 and "only one input can come from stdin" in err


def test_the_output_edge_neutralises_terminal_escapes(capsys, tmp_path):
    """A record pasted from anywhere may carry escapes: they reach the terminal as text."""
    record = tmp_path / "evil.txt"
    record.write_text("Events:\n  Warning  Unhealthy  10s (x3 over 30s)  kubelet  Liveness "
                      "probe failed: \x1b[31mred\x1b[0m \u202egnirts\n"
                      "  Normal   Killing    10s  kubelet  Container app\x07 failed liveness "
                      "probe, will be restarted\n")
    code, out, err = kubesim(capsys, "explain", str(record), "--no-suggest")
    assert code == 0, err
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b[31mred" in out and "\\u202e" in out


def test_invisible_characters_in_a_message_are_shown(capsys, tmp_path):
    """The output edge shows what a reader cannot see (a zero-width space, a tag character,
    a line separator): a message cannot hide text or look like kubesim's own lines."""
    event = {"apiVersion": "v1", "kind": "Event", "type": "Warning", "reason": "Unhealthy",
             "message": "Liveness probe failed: o\u200bk\U000e0041 \u2029x\nkubesim explain: "
                        "pod forged",
             "firstTimestamp": "2024-05-01T12:00:00Z", "lastTimestamp": "2024-05-01T12:00:20Z",
             "count": 3, "involvedObject": {"kind": "Pod", "name": "p",
                                             "fieldPath": "spec.containers{app}"}}
    record = tmp_path / "events.json"
    record.write_text(json.dumps({"kind": "List", "items": [event]}))
    code, out, err = kubesim(capsys, "explain", str(record), "--no-suggest")
    assert code == 0, err
    # the library's text too, which no CLI pass covers
    text = render_text(explain_records([read_record(str(record))], ExplainOptions(suggest=False)))
    for shown in (out, text):
        assert "o\\u200bk\\U000e0041" in shown
        assert not any(ch in shown for ch in "\u200b\U000e0041\u2029")
        assert not any(line.startswith("kubesim explain: pod forged")
                       for line in shown.splitlines())


def test_the_html_report_embeds_the_document(capsys, tmp_path):
    page = tmp_path / "explain.html"
    code, out, err = kubesim(capsys, "explain", DOCS, "--spec", DOCS_POD, "--format", "json",
                             "--html", str(page))
    assert code == 0, err
    text = page.read_text()
    assert "<script src" not in text and "<link" not in text
    data = json.loads(re.search(r'<script type="application/json" id="kubesim-data">(.*?)'
                                r"</script>", text, re.DOTALL).group(1))
    assert data["kind"] == "explain" and data["document"] == json.loads(out)
    story = data["stories"][0]
    lanes = story["run_document"]["record"]
    assert lanes["lanes"] == ["recorded liveness", "recorded kills"]
    assert story["run_document"]["kills"]  # the replay's kill is drawn beside the recorded one


@needs_browser
def test_the_html_report_draws_the_record_beside_the_replay(capsys, tmp_path):
    page = tmp_path / "explain.html"
    code, _, err = kubesim(capsys, "explain", DOCS, "--spec", DOCS_POD, "--html", str(page))
    assert code == 0, err
    dom, log = browse(page)
    assert attr(dom, "data-rendered") == "explain"
    assert not console(log), console(log)
    data = json.loads(re.search(r'id="kubesim-data">(.*?)</script>', page.read_text(),
                                re.DOTALL).group(1))
    items = data["stories"][0]["run_document"]["record"]["items"]
    drawn = re.findall(r'class="record record-(\w+)"', dom)
    assert sorted(drawn) == sorted(i["kind"] for i in items)
    assert dom.count('class="kill"') == len(data["stories"][0]["run_document"]["kills"])
    assert "the kubelet killed the container 1 time" in dom


@needs_browser
def test_the_html_report_of_a_record_without_a_replay(capsys, tmp_path):
    page = tmp_path / "oom.html"
    code, _, err = kubesim(capsys, "explain", str(DATA / "06-dashboard-3254.describe.txt"),
                           "--html", str(page))
    assert code == 0, err
    dom, log = browse(page)
    assert attr(dom, "data-rendered") == "explain" and not console(log)
    assert 'class="record record-failure"' in dom and "cannot tell" in dom


def test_the_example_in_the_docs_is_what_the_command_prints(capsys, monkeypatch):
    """docs/explain.md shows one explanation of a real record: the command and its output
    (the numbers in it are checked on their own in test_explain_records.py)."""
    repo = Path(__file__).resolve().parent.parent
    page = (repo / "docs" / "explain.md").read_text()
    command = re.search(r"```sh\n(kubesim explain [^\n]+)\n```", page)[1]
    shown_output = re.search(r"```text\n(.*?)```", page, re.DOTALL)[1]
    monkeypatch.chdir(repo)
    code, out, err = kubesim(capsys, *command.split()[1:])
    assert code == 0, err
    assert out == shown_output


def test_yaml_prints_the_patch_alone(capsys):
    record = str(DATA / "02-trivy-dojo-operator-pr24.describe.txt")
    code, out, err = kubesim(capsys, "explain", record, "--format", "yaml", "--expect",
                             "hang-within=120")
    assert code == 0, err
    assert out.startswith("apiVersion: v1\nkind: Pod\n") and "livenessProbe:" in out
    code, out, _ = kubesim(capsys, "explain", str(DATA / "15-kube-state-metrics-1227.describe.txt"),
                           "--format", "yaml")
    assert code == 0 and out == ""  # OOM: nothing to patch
