"""Held-out batches 78 and 80 (fixfail77): probe failures and errors stated or shown, and what
they decide.

- trino-24219 (`I am seeing trino worker pods restarting with liveness and readiness probe
  failing everyday.`; readers/failing_told.py `RESTARTING_WITH`): the case's pods restarting
  `with` their probes failing: each named probe's failure, at least once, and the restarts
  joined to them with no cause stated (the corpus README reads only OOMKilled after `with`, and
  a probe's kill only after a connector of cause), a container ended, what ended it not
  stated: cannot-tell, `{0, null}`. The subject is the case's own, its pods named by their
  workload (a capitalised name and a plural noun, fixprose45's `Superset Workers`), or a
  lower-case name and the plural noun after the author's own seeing (`I am seeing`).
- mailu-2022 (`Checking pod status says Readiness and Liveness probes have failed.`;
  `LOOKED_SAYS`): what the author's own look at the pod's describe, events, status or logs
  says of the probes having failed (fixmd49's rule of coder-5577's `when I get into the pod's
  describe, it says ...`): each named probe's failure, at least once; beside a `get pods` table
  the failures go to the one pod not Ready (the README's rule of rows naming no pod).
- dagster-9014 (a describe's Events whole from Scheduled, `Readiness probe errored` x2, no
  end; diagnosis `_errored_unready`): a prober's errors are thrown away (R2.2, E4), the
  readiness result stays Failure, its first value, until a call succeeds (kubelet rules
  §1.7): not Ready, and the whole stream shows no end: readiness-only, `{0, 0}`. Rows cut
  (kudobuilder-operators-11), a liveness probe's errors, an end, a kill and an error of a
  container no longer running stay as they were.

Hand-written variants beside those that must stay unread (a quantifier or a word of no
workload before `pods`, a lower-case name with no author's seeing, a disjunction, a question,
a conditional, a negation, a word of what may happen, a guide's `your` or `a` pod)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.cli.main import main
from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.spec.model import ProbeType

LIVE, READY, START = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP


def _failed(text: str) -> tuple[ProbeType, ...] | None:
    """The probes explain reads failed in the record `text`; None where it refuses it."""
    try:
        return tuple(explained_answer(text).failed)
    except RecordError:
        return None


# ------------------------------------------------ the case's pods restarting `with` failures


@pytest.mark.parametrize(("text", "failed"), [
    ("do we have a solution to above issue? I am seeing trino worker pods restarting with "
     "liveness and readiness probe failing everyday. this is not due to OOM issue as well.\n",
     (LIVE, READY)),
    ("We saw kafka broker pods restarting with liveness probe failing.\n", (LIVE,)),
    ("I'm seeing airflow scheduler pods restarting frequently with liveness probe failures.\n",
     (LIVE,)),
    ("Our api pods keep restarting with the liveness probe failing.\n", (LIVE,)),
    ("Superset Workers are restarting with readiness and liveness probes failing.\n",
     (LIVE, READY)),
    ("The web-0 pod restarted with failing startup probes after the upgrade.\n", (START,)),
])
def test_restarts_with_failing_probes_are_failures_and_no_kill(text, failed):
    """Each named probe failed, at least once; the restarts `with` them state no cause: a
    container ended, what ended it not stated, its kills open: cannot-tell, {0, null}."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, failed, CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    # a quantifier or a word of no workload before `pods`: no case
    "I am seeing some pods restarting with liveness probe failing.\n",
    "I am seeing multiple pods restarting with liveness probe failing.\n",
    "I am seeing kubernetes pods restarting with liveness probe failing.\n",
    "Pods restarting with liveness probe failing.\n",
    # a guide's `your`, a quantifier or a question's word before a workload's name
    "Your pods restarting with liveness probe failing.\n",
    "Your Trino workers restarting with liveness probe failing.\n",
    "Many Trino workers restarting with liveness probe failing.\n",
    "What Pods restarting with liveness probe failing means.\n",
    # what will happen
    "You will see Trino workers restarting with liveness probe failing.\n",
    # a lower-case name with no author's seeing: a guide's heading as well as a case
    "trino worker pods restarting with liveness probe failing.\n",
    # a disjunction: which probe, not told
    "I am seeing trino worker pods restarting with liveness or readiness probe failing.\n",
    # a question, a conditional, a negation, what may happen, a guide's time
    "Are you seeing trino worker pods restarting with liveness probe failing?\n",
    "I am seeing trino worker pods restarting with liveness probe failing?\n",
    "If you see trino worker pods restarting with liveness probe failing, raise the timeout.\n",
    "I am not seeing trino worker pods restarting with liveness probe failing.\n",
    "The pods may be restarting with liveness probe failing.\n",
    "The pods restart with liveness probe failing when the node is loaded.\n",
])
def test_restarts_with_failures_of_no_case_stay_unread(text):
    assert not _failed(text)


# ------------------------------------------------ what the author's look at the pod says


@pytest.mark.parametrize(("text", "failed"), [
    ("For some reason the pod stays in unhealthy status. Checking pod status says Readiness "
     "and Liveness probes have failed.\n", (LIVE, READY)),
    ("Describing the pod shows that the liveness probe has failed.\n", (LIVE,)),
    ("Looking at pod events shows the readiness probe failed.\n", (READY,)),
    ("Inspecting container logs, it says readiness and liveness probes have failed.\n",
     (LIVE, READY)),
])
def test_what_the_authors_look_at_the_pod_says_failed_is_read(text, failed):
    """Each probe the author's look at the pod's status (describe, events, logs) says failed
    is that probe's failure, at least once, no count."""
    a = explained_answer(text)
    assert (a.failed, a.shows_failures) == (failed, True)
    assert a.probe_kills.lo == 0 and not any(k in a.failed for k in (START,))


@pytest.mark.parametrize("text", [
    "Checking pod status may say readiness and liveness probes have failed.\n",
    "Checking pod status says readiness or liveness probes have failed.\n",
    "Checking pod status says readiness and liveness probes have not failed.\n",
    "Checking pod status says readiness and liveness probes have failed?\n",
    "Does checking pod status say readiness and liveness probes have failed?\n",
    # no author's looking, a guide's pod
    "Pod status says readiness and liveness probes have failed.\n",
    "Checking a pod's status says the readiness probe failed.\n",
    "Checking your pod's events shows the liveness probe failed.\n",
])
def test_looks_of_no_case_stay_unread(text):
    assert not _failed(text)


_PODS = """Pods status
```
kubectl get pods -n shop
NAME                            READY   STATUS    RESTARTS   AGE
shop-api-6d9c7b5f4-x8k2p        1/1     Running   0          20m
shop-cart-5f7d8c9b6-q4w7z       0/1     Running   4          20m
shop-web-7c8d9e0f1-m3n5r        1/1     Running   0          20m
```
"""


def _cli_answer(tmp_path: Path, text: str, pod: str) -> dict:
    path = tmp_path / "r.txt"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["explain", str(path), "--format", "json", "--no-suggest", "--phases",
                     "1", "--pod", pod]) == 0
    [container] = json.loads(out.getvalue())["containers"]
    return container["answer"]


def test_the_look_beside_a_pods_table_is_the_unready_pods(tmp_path):
    """The failures the author's look says, naming no pod, go to the one pod of the table not
    Ready (the README's rule of rows naming no pod): its running container's RESTARTS 4 bound
    its kills, {0, 4}, cause untold."""
    text = ("The cart pod stays unhealthy. Checking pod status says Readiness and Liveness "
            "probes have failed.\n\n" + _PODS)
    a = _cli_answer(tmp_path, text, "shop-cart-5f7d8c9b6-q4w7z")
    assert (a["cause"], a["failed"], a["probe_kills"]["min"], a["probe_kills"]["max"]) == \
        ("cannot-tell", ["liveness", "readiness"], 0, 4)


def test_the_patterns_read_a_sentence_not_a_line():
    from kubesim.explain.readers.failing_told import failing_told

    said = failing_told("I am seeing trino worker pods restarting with liveness and readiness "
                        "probe failing everyday.")
    assert said is not None and said.kinds == ["liveness", "readiness"] and said.restarts
    said = failing_told("Checking pod status says Readiness and Liveness probes have failed.")
    assert said is not None and said.kinds == ["readiness", "liveness"] and not said.restarts


@pytest.mark.parametrize("text", [
    "I am seeing " + "trino worker pods restarting " * 80_000 + "\n",
    "pods restarting with " * 100_000 + "liveness probe failing\n",
    "Checking pod status says " * 80_000 + "\n",
    ". Checking the pod's events, it says the " * 50_000 + "liveness probe\n",
    "probe fail with " * 130_000 + "\n",
])
def test_two_megabyte_lines_are_read_in_one_pass(text):
    """A hostile line of the rules' words is read or refused, nothing else (the suite's
    timeout bounds it)."""
    assert len(text) >= 2_000_000
    read_in_one_pass(text)


# ------------------------------------------------ readiness errors in a whole stream

_EVENTS = """Events:
  Type     Reason     Age               From               Message
  ----     ------     ----              ----               -------
  Normal   Scheduled  31s               default-scheduler  Successfully assigned web/api-7d9f8-x2k4q to node-1
  Normal   Pulled     27s               kubelet            Container image "api:1.2" already present on machine
  Normal   Created    26s               kubelet            Created container api
  Normal   Started    26s               kubelet            Started container api
{rows}"""
_ERRORED = ("  Warning  Unhealthy  8s (x2 over 17s)  kubelet            Readiness probe errored: "
            "rpc error: code = Unknown desc = failed to exec in container: timeout 1s\n")


@pytest.mark.parametrize("rows", [
    _ERRORED,
    ("  Warning  Unhealthy  8s (x3 over 28s)  kubelet            Readiness probe errored and "
     "resulted in unknown state: rpc error: code = DeadlineExceeded desc = context deadline "
     "exceeded\n"),
])
def test_readiness_errors_alone_in_a_whole_stream_are_readiness_only(rows):
    """Errors thrown away (R2.2) leave the readiness result at Failure, its first value: not
    Ready, and the whole stream shows no end: readiness-only, {0, 0}."""
    a = explained_answer(_EVENTS.format(rows=rows))
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.READINESS_ONLY, (READY,), CountRange(0, 0), True)


@pytest.mark.parametrize("text", [
    # a liveness probe's errors
    _EVENTS.format(rows=_ERRORED.replace("Readiness", "Liveness")),
    # an end, a kill, a container no longer running, a liveness failure beside them
    _EVENTS.format(rows=_ERRORED).replace("Created    26s    ", "Created    26s (x2 over 30s)")
    .replace("Started    26s    ", "Started    26s (x2 over 30s)"),
    _EVENTS.format(rows=_ERRORED + "  Normal   Killing    5s                kubelet            "
                   "Stopping container api\n"),
    _EVENTS.format(rows="  Warning  Unhealthy  8s (x2 over 17s)  kubelet            Readiness "
                   "probe errored: rpc error: code = NotFound desc = failed to exec in "
                   "container: container is in CONTAINER_EXITED state, container is not "
                   "running\n"),
    _EVENTS.format(rows=_ERRORED + "  Warning  Unhealthy  6s                kubelet            "
                   "Liveness probe failed: HTTP probe failed with statuscode: 500\n"),
    # no Scheduled row: rows above cut away; the paste cut inside its last row
    _EVENTS.format(rows=_ERRORED).replace(
        "  Normal   Scheduled  31s               default-scheduler  Successfully assigned "
        "web/api-7d9f8-x2k4q to node-1\n", ""),
    _EVENTS.format(rows=_ERRORED[:-30]),
])
def test_readiness_errors_beside_more_or_in_cut_rows_are_not_readiness_only(text):
    assert explained_answer(text).cause is not Cause.READINESS_ONLY
