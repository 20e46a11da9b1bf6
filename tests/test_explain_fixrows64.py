"""Held-out batches 62-64's rows and blocks (fixrows64), in small, with other names, numbers
and spacing: describe's block run into one line that stops before its probe lines
(imroc-learning-kubernetes-76), kubectl's `choose one of: [...]` naming a pod's containers
(my-dlq-blog-example-14), `get events` rows of their REASON, SOURCE and MESSAGE cells alone
(wordpress-quickstart-2), and a watch whose last line is a pod's NAME alone, after a row of the
pod Evicted (opensearch-devops-4)."""

from __future__ import annotations

import pytest

from kubesim.errors import UsageError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.choose_container import name_by_choice
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.reason_first_row import reason_first_cells

_BIG = 2 * 1024 * 1024  # a 2 MB line: every reader stays one pass over it


def _explained(text: str, container: str | None = None) -> tuple[Diagnosis, str]:
    options = ExplainOptions(suggest=False, phases=1, container=container)
    ex = explain_records([parse_record(text, "r.txt")], options)
    answer = ex.containers[0].answer
    assert answer is not None
    return answer, " ".join(n.text for n in ex.notes)


# ---------------------------------------------------------------- a block stopping early

_RUN = ("Look at the pod: Containers: {name}: Container ID: docker://9f0e Image: dns:1.2 "
        "State: Running Started: Wed, 04 Sep 2019 08:10:00 +0000 Last State: Terminated "
        "Reason: Error Exit Code: {code} Started: Wed, 04 Sep 2019 07:50:00 +0000 Finished: "
        "Wed, 04 Sep 2019 08:09:40 +0000 Ready: True Restart Count: {count}{tail}\n")


@pytest.mark.parametrize(("name", "code", "count", "tail"), [
    ("dns", 255, 1, "  then the page's prose goes on"),
    ("sidecar-x", 1, 3, ""),
    ("api", 2, 2, " Limits: cpu: 200m memory: 128Mi"),
    ("web", 255, 4, " Limits: cpu: 1 Requests: cpu: 100m and so on")])
def test_a_block_run_into_one_line_stopping_before_environment_leaves_its_probes_untold(
        name: str, code: int, count: int, tail: str) -> None:
    """imroc-learning-kubernetes-76: the block ends at Restart Count (or Limits, Requests),
    before the lines where describe prints a container's probes: the record does not list
    them, so a probe it does not show may have killed the container (README's whole-block
    rule: only a block whole from Restart Count to Environment shows none); a running
    container's count R allows R kills."""
    a, notes = _explained(_RUN.format(name=name, code=code, count=count, tail=tail))
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, count))
    assert "stops before Environment" in notes


@pytest.mark.parametrize("tail", [" Environment: <none>", " Environment: <none> Mounts: <none>",
                                  " Limits: cpu: 1 Environment: <none>"])
def test_the_same_block_reaching_environment_still_lists_no_probe(tail: str) -> None:
    """The block whole to Environment (README's whole-block rule) still shows no probe: the
    exit is the app's, {0, 0}."""
    a, notes = _explained(_RUN.format(name="dns", code=255, count=1, tail=tail))
    assert (a.cause, a.probe_kills) == (Cause.APP_EXIT, CountRange(0, 0))
    assert "stops before Environment" not in notes


def test_a_block_stopping_before_environment_on_a_2mb_line_stays_linear() -> None:
    text = _RUN.format(name="dns", code=255, count=1, tail=" x" * (_BIG // 2))
    a, _ = _explained(text)
    assert a.cause is Cause.CANNOT_TELL


# ---------------------------------------------------------------- `choose one of: [...]`

_CHOSEN = """\
# kubectl get pods -n mon | grep prom
prom-5d8f7c-x2k9z   1/2     CrashLoopBackOff   6          14m
# kubectl logs prom-5d8f7c-x2k9z -n mon
error: a container name must be specified for pod {pod}, choose one of: [{names}]{init}
# kubectl describe pod prom-5d8f7c-x2k9z -n mon
Events:
  Type    Reason     Age                From               Message
  ----    ------     ----               ----               -------
  Normal  Scheduled  14m                default-scheduler  Successfully assigned mon/prom-5d8f7c-x2k9z to n1
  Normal  Created    14m                kubelet            Created container reloader
  Normal  Started    14m                kubelet            Started container reloader
  Normal  Created    12m (x3 over 14m)  kubelet            Created container server
  Normal  Started    12m (x3 over 14m)  kubelet            Started container server
  Normal  Pulled
"""


@pytest.mark.parametrize(("names", "init"), [
    ("server reloader", ""), ("reloader server", ""),
    ("server reloader", " or one of the init containers: [setup]")])
def test_kubectls_choose_one_of_names_the_rows_containers(names: str, init: str) -> None:
    """my-dlq-blog-example-14: kubectl's error lists the pod's containers (logsforobject.go):
    the `get pods` row of READY 1/2 is theirs, each named, the row's sum their ceiling; the
    Created row's x3 bounds the server's kills, the last one's end not ruled out by the row's
    back-off (README's get-pods rule): {0, 3}."""
    text = _CHOSEN.format(pod="prom-5d8f7c-x2k9z", names=names, init=init)
    a, notes = _explained(text, container="server")
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 3))
    assert "names pod prom-5d8f7c-x2k9z's containers" in notes


@pytest.mark.parametrize(("pod", "names"), [
    ("other-7f9c-abcde", "server reloader"),  # another pod's containers
    ("prom-5d8f7c-x2k9z", "server reloader extra"),  # three, beside a row of two
    ("prom-5d8f7c-x2k9z", "server")])  # one, beside a row of two
def test_a_choice_of_another_pod_or_of_another_number_names_no_row(pod: str, names: str) -> None:
    """The error of another pod, or listing a number of containers other than the row's
    READY total, names none of the row's containers: `--container server` stays refused."""
    text = _CHOSEN.format(pod=pod, names=names, init="")
    with pytest.raises(UsageError):
        _explained(text, container="server")


def test_a_choice_on_a_2mb_line_stays_linear() -> None:
    line = ("error: a container name must be specified for pod p-1, choose one of: ["
            + "a " * (_BIG // 2) + "b]\n")
    found = parse_record("NAME  READY  STATUS  RESTARTS  AGE\np-1  1/2  Running  0  1m\n" + line,
                         "r.txt")
    name_by_choice(found, line)
    assert all(p.listed == [] for p in found.pods)


# ---------------------------------------------------------------- REASON  SOURCE  MESSAGE rows

_REASON_FIRST = """\
Our pod never became ready, events below:

```
Scheduled          default-scheduler    Successfully assigned shop-1-abcde to node-a
Pulling            kubelet, node-a      pulling image "shop:1"
Pulled             kubelet, node-a      Successfully pulled image "shop:1"
Created            kubelet, node-a      Created container"""


def test_rows_of_reason_source_and_message_are_read() -> None:
    """wordpress-quickstart-2: `get events` rows (1.5-1.13) of their REASON, SOURCE and
    MESSAGE cells alone, cut after Created: read, no failure shown, kills open."""
    a, _ = _explained(_REASON_FIRST)
    assert (a.cause, a.probe_kills, a.shows_failures) == (
        Cause.CANNOT_TELL, CountRange(0, None), False)


@pytest.mark.parametrize("line", [
    "Pulled kubelet, node-a Successfully pulled image",  # a sentence's one spaces
    "Pulled    kubectl    Successfully pulled image",  # no pod event's source
    "pulled    kubelet, node-a    Successfully pulled image",  # no reason's shape
    "Pulled    kubelet, node-a",  # no message
    "Pulled    by the kubelet    then it started"])
def test_other_lines_are_no_reason_first_row(line: str) -> None:
    assert reason_first_cells(line) is None


def test_a_reason_first_row_on_a_2mb_line_stays_linear() -> None:
    assert reason_first_cells("Pulled" + " " * _BIG + "x") is None
    cells = reason_first_cells("Pulled  kubelet, n  " + "m" * _BIG)
    assert cells is not None and cells.reason == "Pulled"


# ---------------------------------------------------------------- a watch's last NAME alone

_WATCH = """\
$ kubectl get pods -w
NAME        READY   STATUS              RESTARTS   AGE
search-0    0/1     ContainerCreating   0          10s
search-0    0/1     Running             0          20s
search-0    0/1     OOMKilled           0          30s
search-0    0/1     Running             1          31s
search-0    0/1     {status}             0          50s
search-0    0/1     Pending             0          0s
search-0    0/1     Running             0          4s
{last}
"""


def test_a_watchs_last_line_a_name_alone_opens_the_kills_and_an_eviction_shows() -> None:
    """opensearch-devops-4: RESTARTS falls from 1 to 0 (the pod created again, the newer
    explained, README's two-pods rule); its rows hold an Evicted STATUS (the pod's status's
    reason, printPod), an end shown; the last line, the NAME alone with a line break after
    it, is a row cut before its RESTARTS (no row kubectl prints is a NAME alone): the
    count is of an earlier moment, the kills open (README's watch-cut rule)."""
    a, notes = _explained(_WATCH.format(status="Evicted", last="search-0"))
    assert (a.cause, a.probe_kills, a.shows_failures) == (
        Cause.CANNOT_TELL, CountRange(0, None), True)
    assert "later row of the watch" in notes


def test_a_watch_without_an_eviction_shows_nothing_and_its_cut_opens_the_kills() -> None:
    a, _ = _explained(_WATCH.format(status="Running", last="search-0"))
    assert (a.probe_kills, a.shows_failures) == (CountRange(0, None), False)


@pytest.mark.parametrize("last", ["search-0 0/1 Running 0 5s ...", "", "the pod search-0"])
def test_a_last_line_other_than_a_name_alone_is_no_cut_row(last: str) -> None:
    """A whole row, nothing, or a sentence after the watch: no later row cut, the last row's
    count 0 of a running container closes the kills."""
    a, notes = _explained(_WATCH.format(status="Running", last=last))
    assert a.probe_kills == CountRange(0, 0)
    assert "later row of the watch" not in notes


def test_a_name_alone_on_a_2mb_line_stays_linear() -> None:
    a, _ = _explained(_WATCH.format(status="Running", last="s" * _BIG))
    assert a.cause is Cause.CANNOT_TELL

