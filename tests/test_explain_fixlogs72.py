"""Held-out batch 70's logs and rows (fixlogs72), in small, with other names, numbers and
spacing: kubectl's `Defaulted container "X" out of: ...` line under the `kubectl logs POD` that
printed it, naming that pod's `get pods` row (towards5gs-helm-54); the pod of the one app
container such a line lists, stated in CrashLoopBackOff (open5gs-k8s-9); a `get pods` row run
into the author's sentence on its line (open5gs-1271)."""

from __future__ import annotations

import pytest

from kubesim.errors import UsageError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.container_pod_crashloop import read_container_pod_crashloop
from kubesim.explain.readers.defaulted_pod import name_by_defaulted
from kubesim.explain.readers.normalise import plain
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.row_in_sentence import row_in_sentence

_BIG = 2 * 1024 * 1024  # a 2 MB line: every reader stays one pass over it


def _explained(text: str, pod: str | None = None, container: str | None = None
               ) -> tuple[Diagnosis, str]:
    options = ExplainOptions(suggest=False, phases=1, pod=pod, container=container)
    ex = explain_records([parse_record(text, "r.txt")], options)
    answer = ex.containers[0].answer
    assert answer is not None
    return answer, " ".join(n.text for n in ex.notes)


# ---------------------------------------------------------------- `Defaulted container` line

_TABLE = """\
NAME                          READY   STATUS             RESTARTS      AGE
core-amf-6d9f7c8b5-q2w3e      1/1     Running            0             9m
core-{app}-7c5d9b6f4-k8j7h    {ready}     CrashLoopBackOff   {count} (70s ago)   9m
core-upf-5f6d7e8c9-p0o9i      0/1     CrashLoopBackOff   3 (1m ago)    9m

{prompt}kubectl {flags}logs {kind}core-{app}-7c5d9b6f4-k8j7h
Defaulted container "{app}" out of: {listed}
2024-03-01T10:00:00Z [INFO] starting
"""


@pytest.mark.parametrize(("prompt", "flags", "kind", "app", "ready", "count", "listed"), [
    ("➜  core git:(main) ✗ ", "-n 5gc ", "pods/", "smf", "0/1", 5, "smf, wait-nrf (init)"),
    ("$ ", "", "", "pcf", "0/1", 2, "pcf, wait-db (init), wait-nrf (init)"),
    ("# ", "--namespace core ", "pod/", "nssf", "0/1", 7, "nssf"),
    ("", "", "", "ausf", "0/1", 11, "debugger (ephem), ausf, init-x (init)")])
def test_a_defaulted_line_names_the_row_of_the_pod_its_command_names(
        prompt: str, flags: str, kind: str, app: str, ready: str, count: int,
        listed: str) -> None:
    """towards5gs-helm-54: the line is the first output of the `kubectl logs` above it, so it
    lists that pod's containers (podcmd), one app container: the pod's `x/1` row is that
    container's, R + 1 kills at most (R4.7), said as inferred."""
    text = _TABLE.format(prompt=prompt, flags=flags, kind=kind, app=app, ready=ready,
                         count=count, listed=listed)
    a, notes = _explained(text, pod=f"core-{app}-7c5d9b6f4-k8j7h", container=app)
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, count + 1), True)
    assert "inferred" in notes


def test_a_defaulted_line_of_two_app_containers_names_both_of_the_rows_containers() -> None:
    """A row of two containers (READY 1/2) beside a line listing two app containers: each
    named, the row's sum the ceiling of each one's count (row_sum.py), plus its back-off's end."""
    text = _TABLE.format(prompt="$ ", flags="", kind="", app="smf", ready="1/2", count=4,
                         listed="smf, proxy, wait-nrf (init)")
    a, _ = _explained(text, pod="core-smf-7c5d9b6f4-k8j7h", container="proxy")
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 5))


def test_a_defaulted_line_with_no_command_names_the_one_pods_row() -> None:
    """Without the command, the line is of the record's one pod (defaulted.py)."""
    text = ("NAME              READY   STATUS             RESTARTS   AGE\n"
            "web-5d8f7c-x2k9z  0/1     CrashLoopBackOff   8          20m\n\n"
            'Defaulted container "web" out of: web, migrate (init)\nlistening on :8080\n')
    a, _ = _explained(text, container="web")
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 9))


@pytest.mark.parametrize(("command", "listed"), [
    # another pod's logs: its containers are not the row's
    ("kubectl logs core-pcf-1a2b3c4d5-zzzzz", "smf, wait-nrf (init)"),
    # a line between the command and the list: not the command's first output
    ("kubectl logs core-smf-7c5d9b6f4-k8j7h\nsome other line", "smf, wait-nrf (init)"),
    # two app containers beside a row of one
    ("kubectl logs core-smf-7c5d9b6f4-k8j7h", "smf, proxy, wait-nrf (init)"),
    # a deployment's logs: no pod named
    ("kubectl logs deploy/core-smf", "smf, wait-nrf (init)")])
def test_a_defaulted_line_of_no_pod_of_the_record_names_no_row(command: str,
                                                               listed: str) -> None:
    """The row stays of no name: `--container smf` is refused as before."""
    text = _TABLE.format(prompt="$ ", flags="", kind="", app="smf", ready="0/1", count=5,
                         listed=listed).replace("$ kubectl logs core-smf-7c5d9b6f4-k8j7h",
                                                "$ " + command)
    with pytest.raises(UsageError):
        _explained(text, pod="core-smf-7c5d9b6f4-k8j7h", container="smf")


def test_a_defaulted_line_on_a_2mb_line_stays_linear() -> None:
    line = 'Defaulted container "a" out of: ' + "a, " * (_BIG // 3) + "b (init)\n"
    text = "$ kubectl logs p-1\n" + line
    found = parse_record("NAME  READY  STATUS  RESTARTS  AGE\np-1  0/1  Running  0  1m\n"
                         "q-1  1/1  Running  0  1m\n", "r.txt")
    name_by_defaulted(found, text)
    assert [c.name for p in found.pods for c in p.containers] == ["a", None]
    assert found.pods[0].listed == ["a", "b (init)"]


# ---------------------------------------------------------------- the pod of a listed container

_STATED = """\
{said}
> {app} logs:
> Defaulted container "{app}" out of: {listed}
> /app/run.sh: line 2: /app/bin: cannot execute binary file: Exec format error
"""


@pytest.mark.parametrize(("said", "app", "listed"), [
    ("> gnb pod in CrashLoopBackOff state, cannot be started.", "gnb", "gnb, wait-bsf (init)"),
    ("> amf pod stuck in CrashLoopBackOff after the upgrade.", "amf", "amf, wait-nrf (init)"),
    ("- upf container went into `CrashLoopBackOff` after the upgrade", "upf", "upf"),
    ("**nrf** pod in **CrashLoopBackOff** status", "nrf", "debug (ephem), nrf")])
def test_the_pod_of_the_one_listed_app_container_stated_in_crashloop(
        said: str, app: str, listed: str) -> None:
    """open5gs-k8s-9 (the lead's reading): the name before `pod` is a container the record
    shows, the pod's one app container: its back-off stated, its restarts unbounded."""
    text = _STATED.format(said=said, app=app, listed=listed)
    a, _ = _explained(text, container=app)
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True)


@pytest.mark.parametrize(("said", "app", "listed"), [
    ("> a gnb pod in CrashLoopBackOff state is what you get", "gnb", "gnb, wait-bsf (init)"),
    ("> If gnb pod in CrashLoopBackOff state, restart it.", "gnb", "gnb, wait-bsf (init)"),
    ("> gnb pod in CrashLoopBackOff state?", "gnb", "gnb, wait-bsf (init)"),
    ("> amf pod in CrashLoopBackOff state.", "gnb", "gnb, wait-bsf (init)"),  # another name
    ("> gnb pod in CrashLoopBackOff state.", "gnb", "gnb, proxy, wait-bsf (init)"),  # two apps
    ("> gnb pod may go in CrashLoopBackOff state.", "gnb", "gnb"),
    ("> gnb pod is not in CrashLoopBackOff state.", "gnb", "gnb"),
    ("> gnb pod would be in CrashLoopBackOff when the image is wrong.", "gnb", "gnb")])
def test_what_states_no_crashloop_of_the_listed_containers_pod(said: str, app: str,
                                                               listed: str) -> None:
    text = _STATED.format(said=said, app=app, listed=listed)
    assert read_container_pod_crashloop(plain(text, dedent=False), "r.txt") is None


def test_a_statement_without_the_list_is_read_as_before() -> None:
    """No `Defaulted container` line: `gnb pod` is a bare name (stated_apart.py), not read
    here."""
    assert read_container_pod_crashloop("gnb pod in CrashLoopBackOff state.\n", "r.txt") is None


def test_the_pod_of_a_listed_container_on_a_2mb_line_stays_linear() -> None:
    text = ("gnb pod in CrashLoopBackOff" + " x" * (_BIG // 2) + "\n"
            'Defaulted container "gnb" out of: gnb\n')
    found = read_container_pod_crashloop(text, "r.txt")
    assert found is not None and found.pods[0].containers[0].name == "gnb"


# ---------------------------------------------------------------- a row run into a sentence

_RUN_IN = "I installed the chart but it crashes ..\n\n{line}\n\nlogs below\n[error] no cell\n"


@pytest.mark.parametrize(("line", "name", "count"), [
    ("like below .. ueransim-1638300057-0            0/1     CrashLoopBackOff   250        20h",
     "ueransim-1638300057-0", 250),
    ("It shows: web-7f9c-abcde   0/1   CrashLoopBackOff   12 (3m ago)   3h", "web-7f9c-abcde", 12),
    ("The pod is down! api-0 0/1 CrashLoopBackOff 3 10m", "api-0", 3),
    ("Here is what i get... db-1   0/1   CrashLoopBackOff   1   2d   ", "db-1", 1)])
def test_a_row_run_into_a_sentence_is_read(line: str, name: str, count: int) -> None:
    """open5gs-1271: after the sentence's end, the rest of the line is a `get pods` row's
    cells whole: read as that row (README's rows run into prose), R + 1 at most (R4.7)."""
    a, notes = _explained(_RUN_IN.format(line=line), pod=name)
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, count + 1), True)
    assert "run into the sentence before it" in notes


@pytest.mark.parametrize("line", [
    "Is it like this? web-7f9c-abcde   0/1   CrashLoopBackOff   12   3h",  # a question
    "If it shows: web-7f9c-abcde   0/1   CrashLoopBackOff   12   3h",  # a conditional
    "For example: web-7f9c-abcde   0/1   CrashLoopBackOff   12   3h",  # an example
    "You may see: web-7f9c-abcde   0/1   CrashLoopBackOff   12   3h",  # what may happen
    "like below .. web-7f9c-abcde   0/1   CrashLoopBackOff   12   3h and then it stops",
    "like below: default   web-7f9c-abcde   0/1   CrashLoopBackOff   12   3h",  # NAMESPACE
    "like below .. <pod-name>   0/1   CrashLoopBackOff   12   3h",  # a placeholder
    "like below web-7f9c-abcde   0/1   CrashLoopBackOff   12   3h"])  # no sentence's end
def test_what_is_no_row_run_into_a_sentence(line: str) -> None:
    assert row_in_sentence(line, "r.txt", 1) is None


def test_a_row_run_into_a_sentence_on_a_2mb_line_stays_linear() -> None:
    line = ". a" * (_BIG // 3) + ". web-1 0/1 CrashLoopBackOff 2 1m"
    found = row_in_sentence(line, "r.txt", 1)
    assert found is not None and found.row.restarts == 2
    assert row_in_sentence(". 1/" * (_BIG // 4), "r.txt", 1) is None
