"""The pod's one answer (kubesim.explain.pod_answer): where the record's probe failures name
none of the pod's several containers, or may be one it shows only by its image, explain
answers once for the pod, decided by one rule from the containers' diagnoses and the failures
given to none of them, and every output renders that one answer: the text's headline first
(`pod NAME: ...`), the JSON's top-level `answer` (a container's answer's schema), the HTML
page, `kubesim mcp`'s summary. The facts of aws-ebs-csi-driver-1299 and
amazon-vpc-cni-k8s-1038 (tests/data/explain/real) are such answers; the records here are
written by hand, with other names, counts and spacing."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from helpers import cli as kubesim
from hypothesis import given
from hypothesis import strategies as st
from test_html import browse, console, needs_browser

from kubesim.cli.mcp_tools import SUMMARIES
from kubesim.explain.model import Answer, Cause, CountRange, Diagnosis, PreventionAnswer
from kubesim.explain.pod_answer import (
    AS_THE_PODS,
    POD_KIND,
    Untied,
    as_the_pods,
    pod_answer,
    pod_kills,
)
from kubesim.explain.readers.model import CountBasis, RecordedEvent, Stamp, Where
from kubesim.render.explain_formats import AS_THE_POD
from kubesim.results import ProbeType

LIVENESS, READINESS = ProbeType.LIVENESS, ProbeType.READINESS
NO = PreventionAnswer(Answer.NO, "no probe killed the container")
UNTOLD = "the record shows 2 liveness probe failures naming no container, and so on"


def _event(message: str, count: int = 1, stated: bool = True) -> RecordedEvent:
    return RecordedEvent("Warning", "Unhealthy", message, count, Stamp(), Stamp(),
                         Where("r.txt", 7), count_basis=CountBasis.STATED if stated
                         else CountBasis.AT_LEAST)


def _d(cause: Cause = Cause.CANNOT_TELL, kind: str = "other-kill",
       failed: tuple[ProbeType, ...] = (LIVENESS,), kills: tuple[int, int | None] = (0, None),
       shows: bool = True, prevention: PreventionAnswer = NO, untied: str = "") -> Diagnosis:
    text = "the kubelet stopped the container for no probe" + (f"; {untied}" if untied else "")
    return Diagnosis(cause, kind, text, None, failed, CountRange(*kills), shows, prevention,
                     "stopped for no probe" if cause is Cause.CANNOT_TELL else "", untied)


LIVE = (_event('Liveness probe failed: Get "http://10.0.0.9:8081/healthz": context deadline '
               "exceeded", count=2),)
WHY = "the record shows the probes of none of the 2 containers it may be about"


# ---------------------------------------------------------------- the rule


def test_two_named_containers_and_a_failure_naming_neither_give_one_answer():
    """Two containers stopped for no probe, a liveness failure naming neither: their common
    cause, the union of the failed probes, the kills summed, one prevention answer."""
    a = pod_answer([("api", _d(kills=(0, 1))), ("sidecar", _d(failed=(), kills=(1, 2)))],
                   Untied(LIVE, WHY))
    assert (a.cause, a.kind, a.failed) == (Cause.CANNOT_TELL, "other-kill", (LIVENESS,))
    assert a.probe_kills == CountRange(1, 3) and a.shows_failures
    assert a.prevention == NO and a.because  # a cannot-tell says why
    assert "2 liveness probe failures naming no container" in a.text and WHY in a.text
    assert "api, sidecar" in a.text


def test_three_containers_whose_causes_differ_cannot_tell_and_keep_the_open_max():
    """Three containers: one liveness-killed, two stopped for no probe, and readiness
    failures naming none (a row without a count: at least once): which failed decides the
    cause, so cannot tell; one open range leaves the pod's open."""
    killed = _d(Cause.LIVENESS_KILL, "liveness-kill", kills=(2, 2),
                prevention=PreventionAnswer(Answer.CANNOT_TELL, "the replay did not run"))
    a = pod_answer([("web", killed), ("cache", _d(kills=(0, 0))), ("log", _d(kills=(0, None)))],
                   Untied((_event("Readiness probe failed: HTTP probe failed with statuscode: "
                                  "500", stated=False),), WHY))
    assert (a.cause, a.kind) == (Cause.CANNOT_TELL, POD_KIND)
    assert "web: liveness-kill" in a.because and "cache: cannot-tell" in a.because
    assert a.failed == (LIVENESS, READINESS)  # the union, in ProbeType's order
    assert a.probe_kills == CountRange(2, None)
    assert a.prevention.answer is Answer.CANNOT_TELL
    assert "at least 1 readiness probe failures" in a.text


def test_one_container_with_no_other_its_failures_may_be_is_the_pods_answer():
    one = _d(Cause.LIVENESS_KILL, "liveness-kill", kills=(1, 1))
    assert pod_answer([("app", one)], Untied(LIVE, WHY)) is one


def test_a_container_shown_only_by_its_image_leaves_what_ended_it_and_its_kills_open():
    """One named container (an init container's Created/Started rows) and a second image
    pulled: the readiness failure may be the unnamed container's, whose end and kills the
    record does not show, unless it bounds them (its events whole since Scheduled)."""
    init = _d(kind="which-container", failed=(READINESS,), kills=(0, 0),
              prevention=PreventionAnswer(Answer.CANNOT_TELL, "cannot tell"))
    ready = (_event("Readiness probe failed: timeout: failed to connect service"),)
    image = "the record's image rows (Pulled) name 2 images, more than the 1 container"
    a = pod_answer([("agent-init", init)], Untied(ready, WHY, image, (), None))
    assert (a.cause, a.kind, a.failed) == (Cause.CANNOT_TELL, POD_KIND, (READINESS,))
    assert a.probe_kills == CountRange(0, None) and a.shows_failures
    assert "only by its image" in a.because and a.prevention.answer is Answer.CANNOT_TELL
    bounded = pod_answer([("agent-init", init)], Untied(ready, WHY, image, (), 0))
    assert bounded.probe_kills == CountRange(0, 0)


def test_a_container_with_nothing_else_to_explain_adds_its_bound_not_its_doubt():
    """One container with an answer and another the failures may be that has nothing else to
    explain (Running, Ready, restartCount 0): the pod's answer, not the one container's (the
    failures may be the other's), its cause the answered container's (the other's end is
    shown: none), its kills bounded by the other's restart count, or open without one."""
    app = _d(Cause.APP_EXIT, "app-exit", failed=(), kills=(0, 0))
    a = pod_answer([("app", app)], Untied(LIVE, WHY, "", ("proxy",), 0))
    assert a is not app and (a.cause, a.kind) == (Cause.APP_EXIT, "app-exit")
    assert a.probe_kills == CountRange(0, 0) and a.failed == (LIVENESS,)
    assert "proxy" in a.text and "its container (app)" in a.text
    open_ = pod_answer([("app", app)], Untied(LIVE, WHY, "", ("proxy",), None))
    assert open_.probe_kills == CountRange(0, None)


def test_a_common_cause_other_than_cannot_tell_is_the_pods():
    both = [(n, _d(Cause.OOM_KILLED, "oom", failed=(), kills=(0, 0))) for n in ("a", "b")]
    a = pod_answer(both, Untied(LIVE, WHY))
    assert (a.cause, a.kind, a.because) == (Cause.OOM_KILLED, "oom", "")
    assert a.failed == (LIVENESS,)  # the untied failures failed, whoever's they are


def test_a_containers_answer_leaves_the_untied_failures_to_the_pods():
    d = _d(untied=UNTOLD, prevention=PreventionAnswer(Answer.CANNOT_TELL, f"because {UNTOLD}"))
    folded = as_the_pods(d)
    assert UNTOLD not in folded.text and AS_THE_PODS in folded.text
    assert UNTOLD not in folded.prevention.reason
    assert as_the_pods(_d()) == _d()  # nothing to leave: unchanged



def _bounds(kills: dict[str, Any]) -> dict[str, Any]:
    """A probe-kill range's bounds, without the reason it carries (`because`)."""
    return {"min": kills["min"], "max": kills["max"]}

_RANGE = st.tuples(st.integers(0, 6), st.one_of(st.none(), st.integers(0, 6))).map(
    lambda t: CountRange(t[0], None if t[1] is None else t[0] + t[1]))


@given(st.lists(_RANGE, min_size=1, max_size=5), st.one_of(st.none(), st.integers(0, 4)),
       st.booleans(), st.data())
def test_the_pods_kills_hold_every_sum_of_its_containers_kills(ranges, unseen_max, unseen,
                                                              data):
    """Kills of different containers are different kills (R4.4): whatever each container's
    kills are within its range (and an unseen container's within what the record allows it),
    their sum is within the pod's range, and the pod's floor is the fewest such a choice
    makes; its ceiling, when it has one, the most."""
    untied = Untied(LIVE, WHY, "the record's image rows name 2 images" if unseen else "",
                    (), unseen_max)
    pod = pod_kills(ranges, untied)
    picks = [data.draw(st.integers(r.lo, r.hi if r.hi is not None else r.lo + 9))
             for r in ranges]
    extra = data.draw(st.integers(0, unseen_max if unseen_max is not None else 9)) \
        if unseen else 0
    total = sum(picks) + extra
    assert pod.lo <= total and (pod.hi is None or total <= pod.hi)
    assert pod.lo == sum(r.lo for r in ranges)
    open_ = any(r.hi is None for r in ranges) or (unseen and unseen_max is None)
    assert (pod.hi is None) == open_
    if not open_:
        assert pod.hi == sum(r.hi or 0 for r in ranges) + (unseen_max or 0 if unseen else 0)



def test_the_pods_kills_say_the_rule_that_bounds_them():
    """The pod's kill range carries its reason as a container's does (`CountRange.because`):
    the sum's rule (R4.4), and where its ceiling is open, what opens it: a container's own
    reason, or the failures that may be a container whose kills the record does not bound."""
    shut = pod_kills([CountRange(0, 1), CountRange(1, 1)], Untied(LIVE, WHY))
    assert "summed" in shut.because and "R4.4" in shut.because and "open" not in shut.because
    theirs = CountRange(0, None, because="the rows are cut above the first kill")
    opened = pod_kills([CountRange(0, 0), theirs], Untied(LIVE, WHY))
    assert opened.hi is None and "the rows are cut above the first kill" in opened.because
    unseen = pod_kills([CountRange(0, 0)], Untied(LIVE, WHY, "2 images", (), None))
    assert unseen.hi is None and "does not bound" in unseen.because
    # containers alike whose ranges add up to each's (open, or none): their one reason
    alike = [CountRange(0, None, because="the rows are cut"), CountRange(0, None,
                                                                       because="the rows are cut")]
    assert pod_kills(alike, Untied(LIVE, WHY)).because == "the rows are cut"
    two = pod_kills([CountRange(1, 1, because="1 kill"), CountRange(1, 1, because="1 kill")],
                    Untied(LIVE, WHY))
    assert (two.lo, two.hi) == (2, 2) and "summed" in two.because

# ---------------------------------------------------------------- the outputs


_THREE = """\
LAST SEEN   TYPE      REASON      OBJECT               MESSAGE
41m         Normal    Started     pod/csi-node-q7w2z   Started container registrar
40m         Normal    Killing     pod/csi-node-q7w2z   Stopping container plugin
40m         Normal    Killing     pod/csi-node-q7w2z   Stopping container registrar
40m         Normal    Killing     pod/csi-node-q7w2z   Stopping container livenessprobe
40m         Warning   Unhealthy   pod/csi-node-q7w2z   Liveness probe failed: Get "http://10.1.2.3:9909/healthz": context deadline exceeded
"""

_IMAGE = """\
Events:
  Type     Reason     Age   From               Message
  ----     ------     ----  ----               -------
  Normal   Pulled     19m   kubelet            Successfully pulled image "registry.local/agent-init:2.1" in 1.2s
  Normal   Created    19m   kubelet            Created container agent-init
  Normal   Started    19m   kubelet            Started container agent-init
  Normal   Pulled     18m   kubelet            Successfully pulled image "registry.local/agent:2.1" in 800ms
  Warning  Unhealthy  17m   kubelet            Readiness probe failed: connection refu"""


def _explain(capsys: Any, path: Path, *extra: str) -> str:
    code, out, err = kubesim(capsys, "explain", str(path), "--no-suggest", "--phases", "1",
                             *extra)
    assert code == 0, err
    return out


def test_three_containers_and_a_liveness_failure_naming_none_answer_once(capsys, tmp_path):
    """The taint manager's stops of three containers and a liveness failure naming none: one
    answer for the pod in JSON (the containers' common cause, the failed probe, the kills
    summed), and the text says it once, first, each container's section folding what is the
    same as the pod's."""
    path = tmp_path / "three.txt"
    path.write_text(_THREE)
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    a = doc["answer"]
    assert set(a) == set(doc["containers"][0]["answer"])  # a container's answer's schema
    assert (a["cause"], a["failed"], a["shows_failures"]) == ("cannot-tell", ["liveness"], True)
    kills = [c["answer"]["probe_kills"] for c in doc["containers"]]
    assert len(kills) == 3 and a["probe_kills"]["min"] == sum(k["min"] for k in kills)
    assert "cannot tell which container's probe failed" in a["text"]
    for c in doc["containers"]:  # the failures are said once, by the pod's answer
        assert AS_THE_PODS in c["answer"]["text"]
        assert "cannot tell which container" not in c["answer"]["text"]
    text = _explain(capsys, path)
    head = text.index("\npod csi-node-q7w2z: ")
    assert head < text.index("\ncontainer ") and text.count("\npod csi-node-q7w2z: ") == 1
    # said once from the headline on (the findings above list the events tied to none)
    assert " ".join(text[head:].split()).count("cannot tell which container's probe failed") == 1
    assert text.count(AS_THE_POD[0]) == 3 and text.count(AS_THE_POD[1]) == 3


def test_a_container_shown_only_by_its_image_gives_the_pods_answer(capsys, tmp_path):
    """An init container named by its Created/Started rows alone, a second image pulled, a
    readiness failure naming none, the paste cut inside it: the answer is the pod's failing
    container's, unnamed: cannot tell, readiness, kills open, failures shown."""
    path = tmp_path / "image.txt"
    path.write_text(_IMAGE)
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    a = doc["answer"]
    assert (a["cause"], a["kind"], a["failed"]) == ("cannot-tell", POD_KIND, ["readiness"])
    assert _bounds(a["probe_kills"]) == {"min": 0, "max": None} and a["shows_failures"]
    assert "only by its image" in a["because"]
    # its events whole from Scheduled on: every probe kill would have a Killing row (R4.4)
    whole = _IMAGE.replace("  Normal   Pulled     19m", "  Normal   Scheduled  20m   "
                           "default-scheduler  Successfully assigned ops/agent-7hx2c to n3\n"
                           "  Normal   Pulled     19m", 1) + "sed\n"
    path.write_text(whole)
    assert _bounds(json.loads(_explain(capsys, path, "--format", "json"))["answer"][
        "probe_kills"]) == {"min": 0, "max": 0}


def test_one_container_or_one_chosen_has_no_pods_answer(capsys, tmp_path):
    """One container whose failures the record ties to it, or --container choosing one:
    the container's answer is the answer, and the document's `answer` is null."""
    path = tmp_path / "three.txt"
    path.write_text(_THREE)
    doc = json.loads(_explain(capsys, path, "--format", "json", "--container", "plugin"))
    assert doc["answer"] is None and len(doc["containers"]) == 1
    assert "cannot tell which container" in doc["containers"][0]["answer"]["text"]
    one = _THREE.replace("Stopping container plugin", "Stopping container registrar").replace(
        "Stopping container livenessprobe", "Stopping container registrar")
    path.write_text(one)
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    assert doc["answer"] is None and [c["name"] for c in doc["containers"]] == ["registrar"]
    assert "\npod csi-node-q7w2z: " not in _explain(capsys, path)


def test_mcp_summarises_the_pods_answer_first(capsys, tmp_path):
    path = tmp_path / "three.txt"
    path.write_text(_THREE)
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    lines = SUMMARIES["explain"](doc, 0).splitlines()
    assert lines[1].startswith("- pod csi-node-q7w2z: cannot tell what ended")
    assert all(AS_THE_POD[0] in x for x in lines[2:5])


def test_the_html_page_carries_the_pods_answer(capsys, tmp_path):
    path, page = tmp_path / "three.txt", tmp_path / "three.html"
    path.write_text(_THREE)
    _explain(capsys, path, "--html", str(page))
    data = json.loads(re.search(r'id="kubesim-data">(.*?)</script>', page.read_text(),
                                re.DOTALL).group(1))
    assert data["answer_title"] == "pod csi-node-q7w2z"
    assert data["answer_lines"][0] == data["document"]["answer"]["text"]
    assert all(s["answer_lines"][1] == AS_THE_POD[0] for s in data["stories"])


@needs_browser
def test_the_html_page_draws_the_pods_answer_before_its_containers(capsys, tmp_path):
    path, page = tmp_path / "three.txt", tmp_path / "three.html"
    path.write_text(_THREE)
    _explain(capsys, path, "--html", str(page))
    dom, log = browse(page)
    assert not console(log), console(log)
    assert dom.index('class="pod-answer"') < dom.index("container plugin")
    said = re.findall(r'<p class="diagnosis">(.*?)</p>', dom, re.DOTALL)
    assert len(said) == 4  # the pod's, then its three containers'
    assert [("cannot tell which container" in x) for x in said] == [True, False, False, False]


def test_a_last_row_cut_inside_its_json_output_leaves_the_unseen_kills_open(capsys, tmp_path):
    """The same pod's events whole from Scheduled, the readiness row's JSON output (a probe
    logging JSON lines, grpc-health-probe) cut inside its object, the paste fenced so that no
    line ends unfinished: the `{` left open shows the cut (a logger writes its line whole,
    the kubelet keeps 10 KiB of an output, R2.13), so rows after it may hold the unseen
    container's kills; closed, the stream is whole and shows none (R4.4)."""
    rows = _IMAGE.replace("  Normal   Pulled     19m", "  Normal   Scheduled  25m   "
                          "default-scheduler  Successfully assigned mon/node-agent-p9 to w2\n"
                          "  Normal   Pulled     19m", 1)
    cut = rows.replace("connection refu", '{"level":"warn","ts":"2024-05-02T08:11:42Z",'
                       '"msg":"timeout: failed to connect service \\":9443\\" wit')
    path = tmp_path / "json-cut.txt"
    for text, kills in ((cut, {"min": 0, "max": None}), (cut + '"}', {"min": 0, "max": 0})):
        path.write_text(f"```\n{text}\n```\n")
        doc = json.loads(_explain(capsys, path, "--format", "json"))
        assert _bounds(doc["answer"]["probe_kills"]) == kills, doc["answer"]["text"]


_QUIET = """\
Name:         shop-6d9f-2xk8p
Namespace:    prod
Containers:
  app:
    State:          Running
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
    Ready:          True
    Restart Count:  2
    Liveness:       http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3
  proxy:
    State:          Running
    Ready:          True
    Restart Count:  {proxy}
    Liveness:       http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3
Events:
  Type     Reason     Age                From     Message
  ----     ------     ----               ----     -------
  Warning  Unhealthy  5m (x2 over 6m)    kubelet  Liveness probe failed: Get "http://10.2.0.4:8080/healthz": context deadline exceeded
"""


def test_a_second_container_with_nothing_to_explain_makes_the_answer_the_pods(capsys, tmp_path):
    """Two containers with the same liveness probe, a failure naming neither: proxy (Running,
    Ready, no restart) has nothing else to explain, so explain explains app alone, but the
    failures may be proxy's: the answer is the pod's, app's kills and proxy's none summed."""
    path = tmp_path / "quiet.txt"
    path.write_text(_QUIET.format(proxy=0))
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    assert [c["name"] for c in doc["containers"]] == ["app"]
    a, app = doc["answer"], doc["containers"][0]["answer"]
    assert a["probe_kills"] == app["probe_kills"] and a["failed"] == ["liveness"]
    assert a["cause"] == app["cause"] and "proxy" in a["text"]
