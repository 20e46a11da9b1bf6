"""The pod's one answer (kubesim.explain.pod_answer): where the record's probe failures name
none of the pod's several containers, or may be one it shows only by its image, explain
answers once for the pod, decided by one rule from the containers' diagnoses and the failures
given to none of them, and every output renders that one answer: the text's headline first
(`pod NAME: ...`), the JSON's top-level `answer` (a container's answer's schema), the HTML
page, `kubesim mcp`'s summary. The facts of aws-ebs-csi-driver-1299 and
amazon-vpc-cni-k8s-1038 (tests/data/explain/real) are such answers, and falco-1571's, where
an end (a back-off refusal) names none of two containers; the records here are written by
hand, with other names, counts and spacing."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from helpers import cli as kubesim
from helpers import kill_bounds
from hypothesis import given
from hypothesis import strategies as st
from test_html import browse, console, needs_browser

from kubesim.cli.mcp_tools import SUMMARIES
from kubesim.explain.model import Answer, Cause, CountRange, Diagnosis, PreventionAnswer
from kubesim.explain.pod_answer import (
    AS_THE_PODS,
    POD_KIND,
    EndKind,
    NamelessEnd,
    Untied,
    as_the_pods,
    pod_answer,
    pod_kills,
)
from kubesim.explain.readers.model import CountBasis, RecordedEvent, Stamp, Where
from kubesim.render.explain_formats import AS_THE_POD
from kubesim.results import ProbeType

LIVENESS, READINESS, STARTUP = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP
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


# ends naming no container (README's rule of nameless ends)

BACK_OFF, STOP = NamelessEnd(EndKind.BACK_OFF), NamelessEnd(EndKind.STOP, 3, at_least=True)


def _ends(*ends: NamelessEnd, bounded: bool = False) -> Untied:
    return Untied((), "", ends=ends, ends_bounded=bounded)


def test_a_back_off_naming_none_of_two_containers_is_an_end_of_the_pods():
    """Two containers OOM-killed, no kill possible (their ranges {0, 0}), and a back-off
    refusal naming neither: some container ended again, for a cause the record does not show
    (R4.9), so the pod's answer cannot tell, shows failures, and its kills stay open unless
    the record bounds the pod's ends (its events whole from Scheduled: R4.4)."""
    oom = _d(Cause.OOM_KILLED, "oom", failed=(), kills=(0, 0), shows=False)
    a = pod_answer([("reader", oom), ("writer", oom)], _ends(BACK_OFF))
    assert (a.cause, a.kind, a.failed) == (Cause.CANNOT_TELL, POD_KIND, ())
    assert a.shows_failures and a.probe_kills == CountRange(0, None)
    assert "1 back-off refusal naming no container" in a.because
    assert "reader: oom-killed, writer: oom-killed" in a.text
    assert a.prevention.answer is Answer.CANNOT_TELL and a.because in a.prevention.reason
    bounded = pod_answer([("reader", oom), ("writer", oom)], _ends(BACK_OFF, bounded=True))
    assert bounded.probe_kills == CountRange(0, 0) and bounded.cause is Cause.CANNOT_TELL


def test_an_end_naming_none_beside_one_container_is_that_containers():
    one = _d(Cause.APP_EXIT, "app-exit", failed=(), kills=(0, 0))
    assert pod_answer([("app", one)], _ends(BACK_OFF)) is one


def test_a_whole_pod_stop_keeps_a_told_common_cause_and_kills_nothing():
    """The pod's teardown (R4.22) ends its containers for the pod's cause and is no probe
    kill: a cause the containers tell stays the pod's, the kills stay theirs, even where the
    record bounds nothing; beside containers whose answers cannot tell, the pod's says it."""
    oom = _d(Cause.OOM_KILLED, "oom", failed=(), kills=(0, 1))
    a = pod_answer([(n, oom) for n in ("a", "b", "c")], _ends(STOP))
    assert (a.cause, a.kind, a.probe_kills) == (Cause.OOM_KILLED, "oom", CountRange(0, 3))
    assert a.shows_failures and "at least 3 whole-pod stops naming no container" in a.text
    quiet = _d(kind="nothing", failed=(), kills=(0, 0), shows=False)
    b = pod_answer([("a", quiet), ("b", quiet)], _ends(STOP))
    assert (b.cause, b.kind, b.probe_kills) == (Cause.CANNOT_TELL, POD_KIND, CountRange(0, 0))
    assert "whole-pod stop" in b.because and b.shows_failures


def test_a_nameless_probe_kill_counts_once_and_keeps_its_probes_cause():
    """A Killing row of a liveness probe's kill naming no container (dockershim's id): one
    kill of some container (R4.4) beside the containers' own, the liveness failure failed;
    the common cause liveness-kill stays, another cause cannot be told; a row without a count
    leaves the ceiling open."""
    killed = _d(Cause.LIVENESS_KILL, "liveness-kill", kills=(1, 1))
    kill = NamelessEnd(EndKind.PROBE_KILL, 2, probe=LIVENESS)
    a = pod_answer([("web", killed), ("api", killed)], _ends(kill))
    assert (a.cause, a.probe_kills, a.failed) == (Cause.LIVENESS_KILL, CountRange(4, 4),
                                                 (LIVENESS,))
    assert "2 liveness probe kills naming no container" in a.text
    started = pod_answer([("web", killed)] * 2, _ends(kill._replace(probe=STARTUP)))
    assert started.cause is Cause.CANNOT_TELL and set(started.failed) == {LIVENESS, STARTUP}
    some = pod_answer([("web", killed)] * 2, _ends(kill._replace(at_least=True)))
    assert some.probe_kills == CountRange(4, None)


def test_an_end_and_a_failure_naming_none_are_both_said():
    """A liveness failure and a back-off both naming none of two containers: the answer says
    each once, the back-off's open ceiling stays open beside the failures' bound."""
    quiet = _d(failed=(), kills=(0, 0))
    a = pod_answer([("a", quiet), ("b", quiet)], Untied(LIVE, WHY, ends=(BACK_OFF,)))
    assert "2 liveness probe failures naming no container" in a.text
    assert "1 back-off refusal naming no container" in a.text
    assert a.failed == (LIVENESS,) and a.probe_kills == CountRange(0, None)


def test_a_containers_answer_leaves_the_untied_failures_to_the_pods():
    d = _d(untied=UNTOLD, prevention=PreventionAnswer(Answer.CANNOT_TELL, f"because {UNTOLD}"))
    folded = as_the_pods(d)
    assert UNTOLD not in folded.text and AS_THE_PODS in folded.text
    assert UNTOLD not in folded.prevention.reason
    assert as_the_pods(_d()) == _d()  # nothing to leave: unchanged


_RANGE = st.tuples(st.integers(0, 6), st.one_of(st.none(), st.integers(0, 6))).map(
    lambda t: CountRange(t[0], None if t[1] is None else t[0] + t[1]))


_END = st.builds(NamelessEnd, st.sampled_from(EndKind), st.integers(1, 3), st.booleans(),
                 st.sampled_from([LIVENESS, STARTUP])).map(
    lambda e: e if e.kind is EndKind.PROBE_KILL else e._replace(probe=None))


@given(st.lists(_RANGE, min_size=1, max_size=5), st.one_of(st.none(), st.integers(0, 4)),
       st.booleans(), st.lists(_END, max_size=4), st.booleans(), st.data())
def test_the_pods_kills_hold_every_sum_of_its_containers_kills(ranges, unseen_max, unseen,
                                                              ends, bounded, data):
    """Kills of different containers are different kills (R4.4): whatever each container's
    kills are within its range (an unseen container's within what the record allows it, a
    nameless probe kill's row at least its count, a nameless back-off's, exit's or untold kill's end
    a probe kill or not where the record does not bound the pod's ends), their sum is within
    the pod's range, and the pod's floor is the fewest such a choice makes; its ceiling,
    when it has one, the most."""
    untied = Untied(LIVE, WHY, "the record's image rows name 2 images" if unseen else "",
                    (), unseen_max, tuple(ends), bounded)
    pod = pod_kills(ranges, untied)
    picks = [data.draw(st.integers(r.lo, r.hi if r.hi is not None else r.lo + 9))
             for r in ranges]
    extra = data.draw(st.integers(0, unseen_max if unseen_max is not None else 9)) \
        if unseen else 0
    kills = [e for e in ends if e.kind is EndKind.PROBE_KILL]
    shown = sum(data.draw(st.integers(e.times, e.times + (3 if e.at_least else 0)))
                for e in kills)
    may = [e for e in ends if e.kind in (EndKind.BACK_OFF, EndKind.KILL, EndKind.EXIT)]
    behind = 0 if bounded else sum(data.draw(st.integers(0, e.times)) for e in may)
    total = sum(picks) + extra + shown + behind
    assert pod.lo <= total and (pod.hi is None or total <= pod.hi)
    assert pod.lo == sum(r.lo for r in ranges) + sum(e.times for e in kills)
    open_ = any(r.hi is None for r in ranges) or (unseen and unseen_max is None) or any(
        e.at_least for e in kills) or (bool(may) and not bounded)
    assert (pod.hi is None) == open_
    if not open_:
        assert pod.hi == sum(r.hi or 0 for r in ranges) + (unseen_max or 0 if unseen else 0) \
            + sum(e.times for e in kills)


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
    assert kill_bounds(a["probe_kills"]) == {"min": 0, "max": None} and a["shows_failures"]
    assert "only by its image" in a["because"]
    # its events whole from Scheduled on: every probe kill would have a Killing row (R4.4)
    whole = _IMAGE.replace("  Normal   Pulled     19m", "  Normal   Scheduled  20m   "
                           "default-scheduler  Successfully assigned ops/agent-7hx2c to n3\n"
                           "  Normal   Pulled     19m", 1) + "sed\n"
    path.write_text(whole)
    assert kill_bounds(json.loads(_explain(capsys, path, "--format", "json"))["answer"][
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
        assert kill_bounds(doc["answer"]["probe_kills"]) == kills, doc["answer"]["text"]


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


# ---------------------------------------------------------------- ends naming no container

_BACK_OFF = """\
```
4m50s   Normal    Created     pod/ingest-7c9d-w2lq   Created container fetcher
4m50s   Normal    Started     pod/ingest-7c9d-w2lq   Started container fetcher
4m10s   Normal    Created     pod/ingest-7c9d-w2lq   Created container parser
4m10s   Normal    Started     pod/ingest-7c9d-w2lq   Started container parser
{third}95s     Warning   BackOff     pod/ingest-7c9d-w2lq   Back-off restarting failed container
```
"""
_UPLOADER = "3m      Normal    Started     pod/ingest-7c9d-w2lq   Started container uploader\n"


def test_a_back_off_naming_none_of_two_or_three_containers_is_the_pods(capsys, tmp_path):
    """`get events` rows without a header or COUNT (each at least once): two, then three,
    containers started, and a back-off refusal naming none. The pod's answer: some container
    ended (R4.9), which one and why the record does not tell: cannot tell, failures shown,
    kills open (the rows are not whole from Scheduled); each container's answer as before,
    showing nothing of its own; the text says the pod's answer once, before them."""
    path = tmp_path / "back-off.txt"
    for third, names in (("", ["fetcher", "parser"]),
                         (_UPLOADER, ["fetcher", "parser", "uploader"])):
        path.write_text(_BACK_OFF.format(third=third))
        doc = json.loads(_explain(capsys, path, "--format", "json"))
        a = doc["answer"]
        assert [c["name"] for c in doc["containers"]] == names
        assert (a["cause"], a["kind"], a["failed"]) == ("cannot-tell", POD_KIND, [])
        assert kill_bounds(a["probe_kills"]) == {"min": 0, "max": None} and a["shows_failures"]
        assert "at least 1 back-off refusal naming no container" in a["because"]
        assert not any(c["answer"]["shows_failures"] for c in doc["containers"])
        text = _explain(capsys, path)
        head = text.index("\npod ingest-7c9d-w2lq: ")
        assert head < text.index("\ncontainer fetcher")
        assert " ".join(text[head:].split()).count("some container of the pod ended") == 1


def test_a_back_off_naming_none_beside_one_container_is_that_containers(capsys, tmp_path):
    path = tmp_path / "one.txt"
    path.write_text("\n".join(x for x in _BACK_OFF.format(third="").splitlines()
                              if "parser" not in x) + "\n")
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    assert doc["answer"] is None and [c["name"] for c in doc["containers"]] == ["fetcher"]
    assert doc["containers"][0]["answer"]["shows_failures"]  # the back-off is fetcher's
    assert "\npod ingest-7c9d-w2lq: " not in _explain(capsys, path)


_EVICTED = """\
Events:
  Type    Reason                Age   From               Message
  ----    ------                ----  ----               -------
  Normal  Scheduled             31m   default-scheduler  Successfully assigned monitoring/node-agent-k4x9r to ip-10-0-3-17
  Normal  Created               31m   kubelet            Created container collector
  Normal  Started               31m   kubelet            Started container collector
  Normal  Created               31m   kubelet            Created container exporter
  Normal  Started               31m   kubelet            Started container exporter
  Normal  TaintManagerEviction  2m    taint-controller   Marking for deletion Pod monitoring/node-agent-k4x9r
  Normal  Killing               2m    kubelet            Killing container with id docker://{id}:Need to kill Pod
"""


def test_a_nameless_stop_after_a_taint_eviction_is_the_pods_end(capsys, tmp_path):
    """The taint manager marks the pod for deletion, dockershim kills a container named by
    its runtime ID only (`Need to kill Pod`): an end of the pod's (R4.22), no probe kill, so
    the pod's answer shows it and counts no kill; the events whole from Scheduled."""
    path = tmp_path / "evicted.txt"
    path.write_text(_EVICTED.format(id="0f3b2c9a1d7e"))
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    a = doc["answer"]
    assert [c["name"] for c in doc["containers"]] == ["collector", "exporter"]
    assert (a["cause"], a["kind"]) == ("cannot-tell", POD_KIND)
    assert kill_bounds(a["probe_kills"]) == {"min": 0, "max": 0} and a["shows_failures"]
    assert "1 whole-pod stop naming no container" in a["because"]
    assert any(f["text"].startswith("1 kill naming no container") for f in doc["findings"])


def test_an_end_and_a_failure_naming_none_give_one_answer(capsys, tmp_path):
    """A liveness failure and a back-off, neither naming a container, beside three: one
    answer saying both, the back-off's end leaving the kills open."""
    path = tmp_path / "both.txt"
    path.write_text(_BACK_OFF.format(third=_UPLOADER + "2m      Warning   Unhealthy   "
                                     "pod/ingest-7c9d-w2lq   Liveness probe failed: HTTP probe "
                                     "failed with statuscode: 503\n"))
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    a = doc["answer"]
    assert (a["cause"], a["failed"], kill_bounds(a["probe_kills"])) == ("cannot-tell", ["liveness"],
                                                          {"min": 0, "max": None})
    assert "liveness probe failures naming no container" in a["text"]
    assert "back-off refusal naming no container" in a["text"]


def test_the_html_page_and_mcp_carry_the_pods_answer_of_a_nameless_end(capsys, tmp_path):
    path, page = tmp_path / "back-off.txt", tmp_path / "back-off.html"
    path.write_text(_BACK_OFF.format(third=""))
    _explain(capsys, path, "--html", str(page))
    data = json.loads(re.search(r'id="kubesim-data">(.*?)</script>', page.read_text(),
                                re.DOTALL).group(1))
    assert data["answer_title"] == "pod ingest-7c9d-w2lq"
    assert data["answer_lines"][0] == data["document"]["answer"]["text"]
    assert "back-off refusal naming no container" in data["answer_lines"][0]
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    assert SUMMARIES["explain"](doc, 0).splitlines()[1].startswith(
        "- pod ingest-7c9d-w2lq: cannot tell what ended")


_PLEG = (
    'Mar 03 11:20:41 node-7 kubelet[1201]: I0303 11:20:41.201554    1201 generic.go:334] '
    '"Generic (PLEG): container finished" podID={uid} containerID="{cid}" exitCode=2\n'
    'Mar 03 11:20:41 node-7 kubelet[1201]: I0303 11:20:41.201803    1201 kubelet.go:2455] '
    '"SyncLoop (PLEG): event for pod" pod="shop/cart-5f6d7c-xq2lm" event=&{{ID:{uid} '
    'Type:ContainerDied Data:{cid}}}\n'
    'Mar 03 11:20:42 node-7 kubelet[1201]: E0303 11:20:42.311907    1201 pod_workers.go:1300] '
    '"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"cart\\" with '
    'CrashLoopBackOff: \\"back-off 40s restarting failed container=cart '
    'pod=cart-5f6d7c-xq2lm_shop({uid})\\"" pod="shop/cart-5f6d7c-xq2lm" podUID="{uid}"\n'
    'Mar 03 11:20:43 node-7 kubelet[1201]: E0303 11:20:43.412001    1201 pod_workers.go:1300] '
    '"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"envoy\\" with '
    'CrashLoopBackOff: \\"back-off 10s restarting fai')


def test_a_pleg_end_no_line_ties_to_a_container_is_the_pods(capsys, tmp_path):
    """The kubelet's log: the PLEG tells an end (exit code 2) by a runtime ID no line ties
    to a name, beside two containers refused a start (the last line cut inside its `err`):
    the relist reports any container of the pod so (README's rule of nameless ends), so the
    answer is the pod's, showing an end its containers' answers do not count."""
    path = tmp_path / "kubelet.log"
    path.write_text(_PLEG.format(uid="5b8c1e2a-9d4f-4c1b-a7e3-0c9f2d6b1e44",
                                 cid="8e1f0c2b7a9d4e6f8a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b"))
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    a = doc["answer"]
    assert [c["name"] for c in doc["containers"]] == ["cart", "envoy"]
    assert (a["cause"], a["kind"], a["shows_failures"]) == ("cannot-tell", POD_KIND, True)
    assert "1 exit naming no container" in a["because"]
    assert a["probe_kills"]["max"] is None  # an exit may be a probe's kill: not bounded


_PROBE_KILL = """\
LAST SEEN   TYPE      REASON      OBJECT               MESSAGE
12m         Normal    Started     pod/relay-6b8f-tz9q  Started container relay
12m         Normal    Started     pod/relay-6b8f-tz9q  Started container metrics
9m          Normal    Killing     pod/relay-6b8f-tz9q  Killing container with id docker://{id}:Container failed liveness probe.. Container will be killed and recreated.
"""


def test_a_probe_kill_naming_its_container_by_id_is_one_of_the_pods_kills(capsys, tmp_path):
    """dockershim's Killing row of a liveness kill names its container by a runtime ID
    beside two containers: one probe kill of some container (R4.4), at least once (no COUNT),
    none of theirs: the pod's kills at least 1, liveness failed, what ended it untold."""
    path = tmp_path / "kill.txt"
    path.write_text(_PROBE_KILL.format(id="4d2e8a1c6b0f"))
    doc = json.loads(_explain(capsys, path, "--format", "json"))
    a = doc["answer"]
    assert [c["name"] for c in doc["containers"]] == ["relay", "metrics"]
    assert (a["cause"], a["failed"], kill_bounds(a["probe_kills"])) == ("cannot-tell", ["liveness"],
                                                          {"min": 1, "max": None})
    assert "at least 1 liveness probe kill naming no container" in a["because"]
