"""`kubesim explain` of a record that holds several pods (issue 30 item 1, issue 33 item 1):
without --pod every pod is explained, in order of name, each exactly as `--pod NAME` explains
it alone, in text (a section per pod), JSON (`pods: [...]`, docs/explain.md), HTML (a section
per pod) and through `kubesim mcp` (tests/test_mcp.py); one pod's output is unchanged; a --pod naming no pod of the
record is exit 2 listing the pods there are. (The live forms, deploy/NAME and -l, are in
tests/test_live_explain.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import cli as kubesim
from test_html import attr, browse, console, needs_browser

from kubesim import ExplainOptions, explain_pods, explain_records, read_record

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "explain"
# a real paste of several pods: kubectl describe of one, then the events of two
CONFLUENT = str(DATA / "real" / "confluent-examples-245.describe-and-events.txt")
QUICK = ("--no-suggest", "--phases", "1")


@pytest.fixture(scope="module")
def two_describes(tmp_path_factory) -> Path:
    """`kubectl describe pod a b` as kubectl prints it: two real describes, a blank line
    between (the dashboard pod that exits 1, the nautobot pod killed after its grace)."""
    path = tmp_path_factory.mktemp("paste") / "two.txt"
    path.write_text((DATA / "19-nautobot-helm-charts-125.describe.txt").read_text() + "\n\n"
                    + (DATA / "14-k8s-website-2502.describe.txt").read_text())
    return path


NAMES = ["kubernetes-dashboard-3203962772-x33rd", "nautobot-68bcb95f6b-5tdtw"]  # by name


def _run(capsys, *argv: str) -> str:
    code, out, err = kubesim(capsys, "explain", *argv, *QUICK)
    assert code == 0, err
    return out


def test_text_explains_each_pod_in_order_of_name_as_pod_alone(capsys, two_describes):
    out = _run(capsys, str(two_describes))
    head, *sections = re.split(r"\n\n=== pod \d of 2: ", out)
    assert head == f"kubesim explain: 2 pods ({', '.join(NAMES)}), each explained on its own below"
    assert [s.split(" ===\n", 1)[0] for s in sections] == NAMES
    for name, section in zip(NAMES, sections, strict=True):
        alone = _run(capsys, str(two_describes), "--pod", name)
        assert section.split(" ===\n", 1)[1].rstrip("\n") == alone.rstrip("\n")
    said = [re.search(r"diagnosis: (.+)", s)[1] for s in sections]
    assert said[0] != said[1]  # two pods, two diagnoses, neither the other's


def test_json_is_pods_each_the_one_pod_document(capsys, two_describes):
    doc = json.loads(_run(capsys, str(two_describes), "--format", "json"))
    assert list(doc) == ["kubesim", "command", "pods"]
    assert doc["kubesim"] == 2 and doc["command"] == "explain"
    assert [d["pod"] for d in doc["pods"]] == NAMES
    for d in doc["pods"]:
        assert d == json.loads(_run(capsys, str(two_describes), "--pod", d["pod"],
                                    "--format", "json"))
    documented = (REPO / "docs" / "explain.md").read_text()
    assert "`pods`" in documented and "schema version (2;" in documented


def test_one_pod_keeps_its_document(capsys):
    """A record of one pod: the same document as before several pods were explained."""
    record = str(DATA / "19-nautobot-helm-charts-125.describe.txt")
    doc = json.loads(_run(capsys, record, "--format", "json"))
    assert "pods" not in doc and doc["pod"] == NAMES[1]
    [ex] = explain_pods([read_record(record)], ExplainOptions(suggest=False, phases=1))
    assert ex.to_data() == explain_records([read_record(record)],
                                           ExplainOptions(suggest=False, phases=1)).to_data()


def test_a_real_paste_of_several_pods_explains_each(capsys):
    """confluentinc/examples#245: describe rows of a kafka pod the paste does not name and
    `kubectl get events` rows of kafka-2 (and of the StatefulSet), pasted together; each pod
    its own explanation."""
    doc = json.loads(_run(capsys, CONFLUENT, "--format", "json"))
    assert len(doc["pods"]) == 2 and doc["pods"][0]["pod"] == "kafka-2"
    failed = [[c["answer"]["failed"] for c in d["containers"]] for d in doc["pods"]]
    assert failed == [[["readiness"]], [["readiness"]]]
    kills = [d["containers"][0]["streaks"][0]["count"] for d in doc["pods"]]
    assert kills[0] != kills[1]  # each pod's own readiness failures (1 and 26 in the record)
    alone = json.loads(_run(capsys, CONFLUENT, "--pod", "kafka-2", "--format", "json"))
    assert doc["pods"][0] == alone


def test_a_pod_not_in_the_record_is_exit_2_listing_the_pods(capsys, two_describes):
    code, out, err = kubesim(capsys, "explain", str(two_describes), "--pod", "web-1", *QUICK)
    assert code == 2 and out == ""
    assert "no pod named 'web-1'" in err and all(name in err for name in NAMES)


def test_a_container_of_no_pod_is_exit_2(capsys, two_describes):
    code, _, err = kubesim(capsys, "explain", str(two_describes), "--container", "x", *QUICK)
    assert code == 2 and "no pod of the record has such a container" in err


def test_the_html_page_has_each_pods_section(capsys, two_describes, tmp_path):
    page = tmp_path / "pods.html"
    out = _run(capsys, str(two_describes), "--format", "json", "--html", str(page))
    data = json.loads(re.search(r'id="kubesim-data">(.*?)</script>', page.read_text(),
                                re.DOTALL).group(1))
    assert data["kind"] == "explain" and data["document"] == json.loads(out)
    assert [p["document"]["pod"] for p in data["pods"]] == NAMES
    assert [len(p["stories"]) for p in data["pods"]] == [
        len(d["containers"]) for d in json.loads(out)["pods"]]


@needs_browser
def test_the_html_page_draws_each_pod(capsys, two_describes, tmp_path):
    page = tmp_path / "pods.html"
    _run(capsys, str(two_describes), "--html", str(page))
    dom, log = browse(page)
    assert attr(dom, "data-rendered") == "explain" and not console(log), console(log)
    assert dom.count('<section class="pod">') == 2
    for name in NAMES:
        assert f"kubesim explain: pod {name}" in dom


def test_grouping_leaves_the_records_read_as_they_were(two_describes):
    """`pod_groups` returns new records: grouping the same records twice (as `explain_pods`
    does for `--pod` and for each pod) gives the same pods, and the inputs keep their own
    notes and containers."""
    from kubesim.explain.readers.read import pod_groups

    records = [read_record(str(two_describes)), read_record(CONFLUENT)]
    before = repr(records)
    first, second = pod_groups(records), pod_groups(records)
    assert repr(records) == before
    assert [len(p.notes) for p in first] == [len(p.notes) for p in second]
    assert repr(first) == repr(second)


def _facts(doc: dict) -> list[tuple]:
    """What a pod's diagnosis says of each container (not where: the lines differ)."""
    return [(c["name"], c["answer"]["cause"], c["answer"]["failed"],
             {"min": c["answer"]["probe_kills"]["min"], "max": c["answer"]["probe_kills"]["max"]},
             c["answer"]["shows_failures"]) for c in doc["containers"]]


def test_two_describes_without_a_blank_line_are_two_pods(capsys, tmp_path):
    """A describe pasted from its Events table (a dashboard pod, its liveness failures), the
    whole describe of another pod right below it, no blank line between: `Name:` at the first
    column begins the second (kubectl prints Name first), so the rows above it are another
    pod's. Two pods, each explained as its describe alone explains it (the rows used to be
    given to the pod named below them)."""
    rows, whole = "06-dashboard-3254.describe.txt", "19-nautobot-helm-charts-125.describe.txt"
    first = (DATA / rows).read_text().rstrip("\n")
    path = tmp_path / "glued.txt"
    path.write_text(first + "\n" + (DATA / whole).read_text())
    assert "\n\n" not in path.read_text() and "\nName:" in path.read_text()
    doc = json.loads(_run(capsys, str(path), "--format", "json"))
    pods = {d["pod"]: d for d in doc["pods"]}
    assert list(pods) == [NAMES[1], None]
    for name, record in ((None, rows), (NAMES[1], whole)):
        alone = json.loads(_run(capsys, str(DATA / record), "--format", "json"))
        assert _facts(pods[name]) == _facts(alone)
    notes = [n["text"] for n in pods[None]["notes"]]
    assert any(f"before the describe of {NAMES[1]}" in n for n in notes), notes


VOLUME = """\
Name:         web-1
Namespace:    default
Containers:
  app:
    Port:           8080/TCP
    State:          Running
      Started:      Tue, 01 Feb 2022 13:40:00 +0100
    Ready:          True
    Restart Count:  3
    Liveness:       http-get http://:8080/healthz delay=10s timeout=1s period=10s #success=1 #failure=3
Volumes:
  config:
    Type:      ConfigMap (a volume populated by a ConfigMap)
    Name:      web-config
    Optional:  false
Events:
  Type     Reason     Age               From     Message
  ----     ------     ----              ----     -------
  Warning  Unhealthy  5m (x9 over 30m)  kubelet  Liveness probe failed: HTTP probe failed with statuscode: 500
  Normal   Killing    5m (x3 over 30m)  kubelet  Container app failed liveness probe, will be restarted
"""


def test_a_volumes_name_is_no_pod(capsys, tmp_path):
    """describe.go prints a ConfigMap volume's `Name:` nested under `Volumes:`: it is the
    ConfigMap's, and the events below it are still web-1's (it used to begin a pod
    `web-config` that took them)."""
    path = tmp_path / "volume.txt"
    path.write_text(VOLUME)
    doc = json.loads(_run(capsys, str(path), "--format", "json"))
    assert doc["pod"] == "web-1"
    [(_, cause, failed, kills, _)] = _facts(doc)
    assert (cause, failed, kills) == ("liveness-kill", ["liveness"], {"min": 3, "max": 3})


def test_the_unnamed_pod_of_a_real_paste_says_what_it_is(capsys):
    """confluentinc/examples#245: the describe rows name no pod and nothing gives them to
    kafka-2 (its rows are a `kubectl get events` table naming it, with another IP): the
    unnamed pod says which lines it is and why it stands apart."""
    doc = json.loads(_run(capsys, CONFLUENT, "--format", "json"))
    unnamed = [d for d in doc["pods"] if d["pod"] is None]
    assert len(unnamed) == 1
    notes = [n["text"] for n in unnamed[0]["notes"]]
    assert any("lines 1-4" in n and "kafka-2" in n for n in notes), notes
