"""Held-out batches 67-69's describe pieces (fixdescribe67), in small, with other names, numbers
and spacing: a describe's container section that stops before the place of its probe lines
(orleans-6661), a `Last State` fragment before the describe of the record's one pod
(fontbakery-dashboard-100), a `get pods` row of several containers whose AGE is younger than
the events beside it (learn-katacoda-574), and a last state with no restart count pasted as a
piece of a container's status or of describe's block (corefx-30780)."""

from __future__ import annotations

import pytest

from kubesim.explain.engine import ExplainOptions, explain_pods, explain_records
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.read import parse_record

_BIG = 2 * 1024 * 1024  # a 2 MB line: every reader stays one pass over it


def _explained(text: str) -> tuple[Diagnosis, str]:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    answer = ex.containers[0].answer
    assert answer is not None
    return answer, " ".join(n.text for n in ex.notes)


# ---------------------------------------------------------------- the probe lines' place

_HEAD = """\
```
$ kubectl describe pod api-7c9d5-qx2lp -n shop
Name:         api-7c9d5-qx2lp
Namespace:    shop
Start Time:   Mon, 05 Oct 2020 09:10:00 +0000
Status:       Running
Containers:
  api:
    Container ID:   docker://5e1f
    Image:          shop/api:2
    State:          Running
      Started:      Mon, 05 Oct 2020 09:20:00 +0000
    Last State:     Terminated
      Reason:       Error
      Exit Code:    {code}
      Started:      Mon, 05 Oct 2020 09:15:00 +0000
      Finished:     Mon, 05 Oct 2020 09:19:40 +0000
    Ready:          True
    Restart Count:  {count}
"""


@pytest.mark.parametrize(("code", "count", "tail"), [
    (139, 3, "    Limits:\n      cpu:     500m\n      memory:  512Mi\n    R"),  # the paste's end
    (1, 2, "    Limits:\n      cpu:     1\n```\nThe rest of the output is below.\n"),  # a fence
    (2, 4, "    Requests:\n      cpu:  100m\n```\n\n```\nEvents:\n  Type  Reason  Age  From  "
     "Message\n  ----  ------  ----  ----  -------\n  Normal  Pulled  2m  kubelet  Pulled\n```\n"),
    (255, 1, "...\nEvents:          <none>\n"),  # a cut `...`, then a section below the place
    (139, 3, "...\n    Environment:  <none>\n")])  # the cut may hold the probe lines
def test_a_section_stopping_before_its_probe_lines_leaves_them_untold(
        code: int, count: int, tail: str) -> None:
    """orleans-6661: the section stops (the paste's end, a fence's, a cut) between Restart
    Count and the place where describe prints the probe lines, whatever the layout: the record
    does not list the probes, so a probe it does not show may have killed the container
    (README's whole-block rule); a running container's count R allows R kills."""
    a, notes = _explained(_HEAD.format(code=code, count=count) + tail)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, count))
    assert "before the place where describe prints its probe lines" in notes


@pytest.mark.parametrize("tail", [
    "    Limits:\n      cpu:  1\n    Environment:  <none>\n",
    "    Environment Variables from:\n      cfg  ConfigMap  Optional: false\n",
    "    Mounts:\n      /var/run/secrets from token (ro)\n```\n",
    "Conditions:\n  Type   Status\n  Ready  True\n",
    "  side:\n    Container ID:  docker://77aa\n    Image:  side:1\n",
    "Events:          <none>\n```\n",
    "...\n    Limits:\n      cpu:  1\n    Requests:\n      cpu:  1\n    Mounts:  <none>\n"])
def test_a_section_going_past_the_place_with_no_probe_line_shows_none(tail: str) -> None:
    """A section going on past the probe lines' place (Environment, Mounts, the next
    container, the pod's Conditions or Events; a cut above Limits holds none of them) with no
    Liveness or Startup line shows a container with no probe that kills: the app's exit."""
    a, notes = _explained(_HEAD.format(code=139, count=3) + tail)
    assert (a.cause, a.probe_kills) == (Cause.APP_EXIT, CountRange(0, 0))
    assert "container api's section stops" not in notes


@pytest.mark.parametrize("probe", ["Liveness", "Readiness"])
def test_a_probe_line_shown_before_the_cut_reaches_the_place(probe: str) -> None:
    """A probe line shown, the paste cut after it: the section reached the probe lines'
    place; nothing is said of probes untold (the probe settings' rules read the line)."""
    tail = (f"    {probe}:  http-get http://:8080/health delay=5s timeout=1s period=10s "
            "#success=1 #failure=3\n")
    _, notes = _explained(_HEAD.format(code=137, count=2) + tail)
    assert "before the place where describe prints its probe lines" not in notes


def test_a_section_cut_in_a_2mb_limits_line_stays_linear() -> None:
    text = _HEAD.format(code=139, count=3) + "    Limits:\n      cpu:" + " 5" * (_BIG // 2)
    a, _ = _explained(text)
    assert a.cause is Cause.CANNOT_TELL


# ---------------------------------------------------------------- a fragment before a describe

_FRAGMENT = """\
Here is the part of the pod's description that matters:

```
Last State:     Terminated
      Reason:       Error
      Exit Code:    137
      Started:      Tue, 26 Mar 2019 10:00:04 +0100
      Finished:     Tue, 26 Mar 2019 10:41:10 +0100
```

Full description:

```
$ kubectl describe pod worker-6c8f-7xk2p
Name:               worker-6c8f-7xk2p
Namespace:          jobs
Priority:           0
{rest}"""


@pytest.mark.parametrize("rest", ["Node:               minikube/10.0.2.",
                                  "Node:               minikube/10.0.2.15\nStart Time:   Tue"])
def test_a_fragment_before_the_describe_of_the_one_pod_is_that_pods(rest: str) -> None:
    """fontbakery-dashboard-100: the fragment names no pod, the describe of one pod follows
    and the record shows no other pod; the describe cut before its containers rules none out
    (the lead's rule of stop 48, with the describe's pod): one pod, its one end bounding
    nothing (a Last State with no State and no Restart Count: a piece)."""
    found = parse_record(_FRAGMENT.format(rest=rest), "r.txt")
    exs = explain_pods([found], ExplainOptions(suggest=False, phases=1))
    assert len(exs) == 1
    a = exs[0].containers[0].answer
    assert a is not None and (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))
    assert "read as its" in " ".join(n.text for n in exs[0].notes)


@pytest.mark.parametrize("rest", [
    # the describe shows its one container never restarted: it cannot hold an ended instance
    "Containers:\n  worker:\n    State:          Running\n      Started:      Tue, 26 Mar 2019 "
    "09:00:00 +0100\n    Ready:          True\n    Restart Count:  0\n    Environment:  <none>\n",
    # two containers shown: a nameless section is no one container's
    "Containers:\n  worker:\n    Restart Count:  2\n  sidecar:\n    Restart Count:  1\n"])
def test_a_fragment_the_described_pod_cannot_hold_stays_apart(rest: str) -> None:
    """The same fragment before a describe whose containers cannot hold it stays a pod of its
    own (kubectl prints Name first)."""
    found = parse_record(_FRAGMENT.format(rest=rest), "r.txt")
    assert len(explain_pods([found], ExplainOptions(suggest=False, phases=1))) == 2


def test_a_fragment_beside_a_describe_and_another_pods_row_is_not_the_described_pods() -> None:
    """Another pod in the record (a `get pods` row of another name): the rule of the
    described pod does not apply (the fragment goes to the other pod, as a block before a
    describe's `Name:` goes to the one other named pod)."""
    text = ("NAME             READY   STATUS    RESTARTS   AGE\nother-5d4c-abcde   1/1     "
            "Running   3          2h\n\n" + _FRAGMENT.format(rest="Node: minikube/10.0.2."))
    found = parse_record(text, "r.txt")
    exs = explain_pods([found], ExplainOptions(suggest=False, phases=1))
    worker = next(e for e in exs if e.pod == "worker-6c8f-7xk2p")
    assert "read as its" not in " ".join(n.text for n in worker.notes)


# ---------------------------------------------------------------- a row's AGE beside events

_ROW_AND_EVENTS = """\
```
NAME                        READY     STATUS             RESTARTS   AGE
cache-op-6d8dd-4qk66        1/2       CrashLoopBackOff   5          {age}
```

```
$ kubectl describe pod cache-op-6d8dd-4qk66
Name:               cache-op-6d8dd-4qk66
...
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
...
Events:
  Type     Reason     Age                From               Message
  ----     ------     ----               ----               -------
  Normal   Scheduled  12m                default-scheduler  Successfully assigned a/cache-op-6d8dd-4qk66 to n1
  Normal   Created    11m (x4 over 12m)  k"""


def test_a_several_container_rows_age_younger_than_the_events_bounds_nothing() -> None:
    """learn-katacoda-574: the row of READY 1/2 was taken when the pod was 5m old, the events
    go back 12m: taken later, so the row's sum is of an earlier moment and bounds nothing
    (README's rule of a row's AGE beside event rows), for a row of several containers as for
    one."""
    a, _ = _explained(_ROW_AND_EVENTS.format(age="5m"))
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))


def test_a_several_container_rows_age_older_than_the_events_still_bounds() -> None:
    a, _ = _explained(_ROW_AND_EVENTS.format(age="40m"))
    assert a.probe_kills == CountRange(0, 6)


# ---------------------------------------------------------------- a last state with no count

_JSON_PIECE = """\
I see this exit reason in the pod's status:

  "lastState": {{
          "terminated": {{
            "exitCode": 139,
            "reason": "Error",
            "startedAt": "2018-07-02T05:01:28Z",
            "finishedAt": "2018-07-02T05:01:53Z"
          }}
        }},{count}
The service is a background worker.
"""


def test_a_status_piece_with_a_last_state_and_no_restart_count_bounds_nothing() -> None:
    """corefx-30780: the piece is from a container status's middle; the API prints
    restartCount for every container, so its absence is the piece's edge: one end at least,
    no bound (README's counting rules: a cut paste, at least once)."""
    a, _ = _explained(_JSON_PIECE.format(count=""))
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))


def test_the_same_piece_with_its_restart_count_is_bounded_by_it() -> None:
    a, _ = _explained(_JSON_PIECE.format(count='\n        "restartCount": 2,'))
    assert a.probe_kills.hi is not None


@pytest.mark.parametrize("indent", ["", "    "])
def test_a_describe_last_state_alone_bounds_nothing(indent: str) -> None:
    """A describe's Last State with neither State nor Restart Count (describe prints them with
    it for every container): a piece of the block, one end at least, no bound."""
    text = (f"```\n{indent}Last State:     Terminated\n      Reason:       Error\n"
            "      Exit Code:    137\n```\n")
    a, notes = _explained(text)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))
    assert "a piece of that block" in notes


def test_a_last_state_beside_its_state_keeps_the_restart_it_proves() -> None:
    """akash-support-246's shape: State Running beside the Last State, a grep of both: the
    restart proved, at most one (the counting rules as they were)."""
    text = ("```\n    State:          Running\n      Started:      Sun, 11 Aug 2024 19:00:04 "
            "+0200\n    Last State:     Terminated\n      Reason:       Error\n      Exit Code:"
            "    137\n```\n")
    a, _ = _explained(text)
    assert a.probe_kills == CountRange(0, 1)


_WHOLE_STATUS = ('{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "w-1"}, "status": '
                 '{"containerStatuses": [{"name": "app", "lastState": {"terminated": '
                 '{"exitCode": 139, "reason": "Error"}}%s}]}}\n')
_YAML_PIECE = ("  lastState:\n    terminated:\n      exitCode: 139\n      reason: Error\n"
               '      startedAt: "2018-07-02T05:01:28Z"\n'
               '      finishedAt: "2018-07-02T05:01:53Z"\n')


@pytest.mark.parametrize("text", [_WHOLE_STATUS % "", _YAML_PIECE])
def test_a_whole_status_or_yaml_piece_without_restart_count_reads_as_the_json_piece(
        text: str) -> None:
    """The API prints restartCount in every container status: a status without it, whole or
    a YAML piece, is read as the JSON piece is, one end at least and no bound."""
    a, _ = _explained(text)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))


def test_a_whole_status_with_its_restart_count_is_bounded_by_it() -> None:
    a, _ = _explained(_WHOLE_STATUS % ', "restartCount": 4')
    assert a.probe_kills.hi is not None


def test_a_jsonpath_output_of_the_last_state_alone_keeps_one_end() -> None:
    """A jsonpath template prints the fields it asks for and no others: a restart count not
    asked is not cut away (k8s-pr8200's rule of a layout with no restart count at all:
    grokdatum-crashloopbackoff-street-ops' facts, at most one)."""
    text = ("kubectl get pod api-7d4f8-x2k9f -o jsonpath='{.status.containerStatuses[0]."
            "lastState.terminated.exitCode}'\n# Output: 1\n\nkubectl get pod api-7d4f8-x2k9f -o "
            "jsonpath='{.status.containerStatuses[0].lastState.terminated.reason}'\n"
            "# Output: Error\n")
    a, _ = _explained(text)
    assert a.probe_kills == CountRange(0, 1)
