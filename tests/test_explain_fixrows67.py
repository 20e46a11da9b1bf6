"""Held-out batches 67-69's rows and blocks (fixrows67), in small, with other names, numbers
and spacing: a Killing row whose message leaves out the container's name
(spack-infrastructure-1005), custom-columns rows whose MESSAGE comes first (harness-2292), a
log consumer's prefix on every line of a kubelet log (testcontainers-java-10375), a list item
whose first key sits a column off its other keys (agent-stack-k8s-182), and a terminated
state's `Exit Code: N, Reason: R` alone on a line (jenkins-infra-kubernetes-management-4843)."""

from __future__ import annotations

import pytest

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.messages import KillCause, kill_of
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.consumer_prefix import consumer_prefixed
from kubesim.explain.readers.item_indent import first_item_realigned
from kubesim.explain.readers.message_first_row import message_first_cells
from kubesim.explain.readers.read import parse_record
from kubesim.results import ProbeType

_BIG = 2 * 1024 * 1024  # a 2 MB line: every reader stays one pass over it


def _explained(text: str, pod: str | None = None) -> tuple[Diagnosis, str]:
    options = ExplainOptions(suggest=False, phases=1, pod=pod)
    ex = explain_records([parse_record(text, "r.txt")], options)
    answer = ex.containers[0].answer
    assert answer is not None
    return answer, " ".join(n.text for n in ex.notes)


# ---------------------------------------------------------------- a kill naming no container

_EVENTS = """\
The probe timeout was too short; we saw events like:

```
Events:
  Type     Reason     Age    From     Message
  ----     ------     ---    ----     -------
  Normal   Killing    {age:<7}kubelet  {message}
```
"""


@pytest.mark.parametrize(("message", "age", "probe", "most"), [
    ("Container failed liveness probe, will be restarted", "...", ProbeType.LIVENESS, None),
    ("Container failed liveness probe, will be restarted", "2m", ProbeType.LIVENESS, 1),
    ("Container failed startup probe, will be restarted", "...", ProbeType.STARTUP, None),
    ("Init container failed liveness probe, will be restarted", "5s", ProbeType.LIVENESS, 1),
    ("Container failed liveness probe", "...", ProbeType.LIVENESS, None)])
def test_a_killing_row_with_the_container_name_left_out_still_names_its_probe(
        message: str, age: str, probe: ProbeType, most: int | None) -> None:
    """spack-infrastructure-1005: the kubelet writes `Container NAME failed liveness probe,
    will be restarted` (R4.4: a Killing event naming a probe is that probe's failure and
    kill); with the NAME left out the words still name the probe: its kill. A row whose Age
    the author elided (`...`) states no count: at least once; a row with its Age and no
    `(xN over M)` is one occurrence."""
    a, _ = _explained(_EVENTS.format(age=age, message=message))
    kill = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.failed, a.probe_kills) == (kill, (probe,), CountRange(1, most))


@pytest.mark.parametrize("message", [
    "Container failed readiness probe, will be restarted",  # readiness kills nothing (R2)
    "Container failed to start",
    "Container failedliveness probe",  # no kubelet's words
    "Container web-1 definition changed, will be restarted"])
def test_other_kill_words_name_no_probe(message: str) -> None:
    """Only the kubelet's own words name a probe's kill: readiness never kills, and words
    that are not the kubelet's message name no probe."""
    assert kill_of(message)[0] not in (KillCause.LIVENESS, KillCause.STARTUP)


# ---------------------------------------------------------------- MESSAGE-first rows

_MESSAGE_FIRST = """\
Our build step was killed:
```
{rows}
```
"""
_NEED = ("Killing container with id docker://{name}:Need to kill Pod    Killing    "
         "2019-03-02T10:00:{s:02d}Z    2019-03-02T10:00:{s:02d}Z    1")
_EVICTED = ("The node was low on resource: memory.\tEvicted\t2019-03-02T09:59:59Z\t"
            "2019-03-02T09:59:59Z\t1")


@pytest.mark.parametrize("rows", [
    [_NEED.format(name="agent", s=1), _NEED.format(name="dind", s=1), _EVICTED],
    [_EVICTED.replace("\t", "    "), _NEED.format(name="worker-2", s=3)],
    [_NEED.format(name="runner", s=7), _NEED.format(name="runner", s=7)]])
def test_message_first_rows_of_a_whole_pod_stop_show_no_probe_kill(rows: list[str]) -> None:
    """harness-2292: `-o custom-columns` rows MESSAGE, REASON, FIRST, LAST, COUNT without
    their header are read as event rows: dockershim's `Need to kill Pod` is a whole pod's
    stop, no probe's kill (R4.22): what ended the containers cannot be told, and no kill of
    a probe is shown, {0, 0}."""
    a, _ = _explained(_MESSAGE_FIRST.format(rows="\n".join(rows)))
    assert (a.cause, a.failed, a.probe_kills) == (Cause.CANNOT_TELL, (), CountRange(0, 0))


def test_message_first_rows_of_a_probe_kill_read_as_its_events() -> None:
    """The same layout with the kubelet's probe failures and its kill: the liveness kill,
    the rows' COUNT cells read: the Killing row's count states one kill, no more ({1, 1}),
    where the line read as a message alone states none (at least once)."""
    rows = ["Liveness probe failed: HTTP probe failed with statuscode: 500  Unhealthy  "
            "2020-05-01T08:00:00Z  2020-05-01T08:00:20Z  3",
            "Container api failed liveness probe, will be restarted  Killing  "
            "2020-05-01T08:00:20Z  2020-05-01T08:00:20Z  1"]
    a, _ = _explained(_MESSAGE_FIRST.format(rows="\n".join(rows)))
    assert (a.cause, a.failed, a.probe_kills) == (Cause.LIVENESS_KILL, (ProbeType.LIVENESS,),
                                                  CountRange(1, 1))


@pytest.mark.parametrize("line", [
    "We restarted it at 2018-01-05T16:14:57Z and again at 2018-01-05T16:20:00Z 2",  # prose
    "Killing container  Killing  16:14:57  16:14:57  1",  # times of day: no RFC 3339
    "Killing container  Killing  2018-01-05T16:14:57Z  2018-01-05T16:14:57Z",  # no count
    "Killing container  was killed  2018-01-05T16:14:57Z  2018-01-05T16:14:57Z  1",
    "Killing container  Killing  2018-01-05T16:14:57Z  1",  # one time
    "Killing  2018-01-05T16:14:57Z  2018-01-05T16:14:57Z  1"])  # no message
def test_lines_not_in_the_message_first_shape_are_no_rows(line: str) -> None:
    assert message_first_cells(line) is None


def test_message_first_rows_on_a_2mb_line_stay_linear() -> None:
    assert message_first_cells("a  Killing  " * (_BIG // 12) + "1") is None
    assert message_first_cells(" " * _BIG + "1") is None
    cells = message_first_cells("m" * _BIG + "  Killing  2018-01-05T16:14:57Z  "
                                "2018-01-05T16:14:57Z  1")
    assert cells is not None and cells.reason == "Killing"


# ---------------------------------------------------------------- a log consumer's prefix

_BACK_OFF = ('{prefix}E0627 08:27:47.159471      55 pod_workers.go:1301] "Error syncing pod, '
             'skipping" err="failed to \\"StartContainer\\" for \\"{c}\\" with CrashLoopBackOff: '
             '\\"back-off 10s restarting failed container={c} pod={pod}_kube-system(3a98-42)\\""'
             ' pod="kube-system/{pod}" podUID="3a98-42"')


@pytest.mark.parametrize("prefix", ["K3S: ", "STDOUT: ", "[pod/k3s-0/k3s] ", "NODE_1: ",
                                    "[K3S] STDOUT: "])
def test_a_log_consumers_prefix_on_every_line_is_taken_off(prefix: str) -> None:
    """testcontainers-java-10375: a consumer's constant prefix before every kubelet line is
    the consumer's; the lines after it are the kubelet's: the pod's back-off refusal of 10s
    (R4.9-R4.12) read, no end's cause shown, the ends open, {0, null}."""
    lines = [_BACK_OFF.format(prefix=prefix, c=c, pod=p) for c, p in (
        ("dns", "dns-5d8f7c-x2k9z"), ("metrics", "metrics-7b9c4-q8w2n"))]
    a, _ = _explained("```\n" + "\n".join(lines) + "\n```\n", pod="metrics-7b9c4-q8w2n")
    assert (a.cause, a.failed, a.probe_kills) == (Cause.CANNOT_TELL, (), CountRange(0, None))


@pytest.mark.parametrize("block", [
    ["Q: why does my pod restart?", "Q: is it the probe?"],  # no record's line after it
    ["K3S: " + _BACK_OFF.format(prefix="", c="a", pod="a-1"),
     "K8S: " + _BACK_OFF.format(prefix="", c="b", pod="b-1")],  # two prefixes
    ["K3S: " + _BACK_OFF.format(prefix="", c="a", pod="a-1")],  # one line
    ["K3S: " + _BACK_OFF.format(prefix="", c="a", pod="a-1"), "and then it stopped"],
    ["name: web", "name: api"],
    ["containerd: " + _BACK_OFF.format(prefix="", c="a", pod="a-1"),
     "containerd: " + _BACK_OFF.format(prefix="", c="b", pod="b-1")]])  # a syslog's tag
def test_no_constant_prefix_before_a_record_is_no_consumers(block: list[str]) -> None:
    assert consumer_prefixed(block) is None


def test_a_consumer_prefix_on_2mb_lines_stays_linear() -> None:
    assert consumer_prefixed(["K3S: " + "x" * _BIG, "K3S: " + " " * _BIG]) is None
    with pytest.raises(RecordError):  # no record in it: refused, after one pass
        parse_record("K3S: " + "I0627 " * (_BIG // 6) + "\nK3S: x\n", "r.txt")


# ---------------------------------------------------------------- a list item's first key off

_ITEM = """\
The job's container status:

```
{dash}- containerID: containerd://868661c9da80
{keys}image: docker.io/library/golang:1.21
{keys}lastState: {{}}
{keys}name: {name}
{keys}ready: false
{keys}restartCount: 0
{keys}state:
{keys}  terminated:
{keys}    exitCode: 137
{keys}    reason: OOMKilled
```
"""


@pytest.mark.parametrize(("dash", "keys", "name"), [
    (1, 4, "container-0"), (0, 3, "build"), (3, 4, "step-2"), (3, 6, "main")])
def test_a_list_items_first_key_a_column_off_is_realigned(dash: int, keys: int,
                                                          name: str) -> None:
    """agent-stack-k8s-182: the item's first key one or two columns off its siblings (a
    copy's slip) is read at their column: the container's OOMKilled end, no probe shown,
    {0, 0} (README, OOMKilled with no probe shown)."""
    a, notes = _explained(_ITEM.format(dash=" " * dash, keys=" " * keys, name=name))
    assert (a.cause, a.failed, a.probe_kills) == (Cause.OOM_KILLED, (), CountRange(0, 0))
    assert "list item's first key sits off" in notes


@pytest.mark.parametrize("texts", [
    ["- name: web", "       image: x", "       ready: true"],  # five columns off: nesting
    ["  name: web", "    image: x", "    ready: true"],  # no list item
    ["- name: web", "   - image: x", "   - ready: true"],  # items, not keys
    ["- name: web", "   image: x"],  # one sibling
    ["  - name: web", "    image: x", "    ready: true"]])  # aligned already
def test_blocks_that_are_no_slipped_item_are_not_realigned(texts: list[str]) -> None:
    assert first_item_realigned(texts) is None


def test_a_slipped_item_on_a_2mb_line_stays_linear() -> None:
    assert first_item_realigned([" - name: " + "x" * _BIG, "    image: " + " " * _BIG,
                                 "    ready: true"]) is not None


# ---------------------------------------------------------------- `Exit Code: N, Reason: R`

@pytest.mark.parametrize("line", [
    "Exit Code: 137, Reason: OOMKilled",
    "Reason: OOMKilled, Exit Code: 137",
    "  Exit Code: 137, Reason: OOMKilled.",
    "Exit Code: 137,  Reason: OOMKilled"])
def test_an_exit_code_and_reason_pair_alone_on_a_line_is_a_containers_end(line: str) -> None:
    """jenkins-infra-kubernetes-management-4843: the Jenkins Kubernetes plugin's `Container
    X was terminated (Exit Code: %d, Reason: %s)` without its words around it: one
    container's end; describe prints each field on its own line, so the line is no describe
    line apart. OOMKilled with no probe shown: {0, 0}."""
    a, _ = _explained(f"See the console:\n```\n{line}\n```\n")
    assert (a.cause, a.failed, a.probe_kills) == (Cause.OOM_KILLED, (), CountRange(0, 0))


@pytest.mark.parametrize("text", [
    "If you see Exit Code: 137, Reason: OOMKilled then raise the limit\n",  # a conditional
    "Exit Code: 137, Reason: OOMKilled and so on, Exit Code: 1\n"])
def test_a_pair_inside_other_words_is_not_read_as_a_line_alone(text: str) -> None:
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_an_exit_code_pair_on_a_2mb_line_stays_linear() -> None:
    with pytest.raises(RecordError):
        parse_record("Exit Code: 137, Reason: " + "O" * _BIG + " x\n", "r.txt")


@pytest.mark.parametrize(("line", "name"), [
    ("ci/agent-x4k2 Container jnlp was terminated (Exit Code: 137, Reason: OOMKilled)", "jnlp"),
    ("Container build-tools was terminated (Exit Code: 137, Reason: OOMKilled)", "build-tools")])
def test_the_jenkins_plugins_terminated_line_names_its_container(line: str, name: str) -> None:
    """The Jenkins Kubernetes plugin's whole line, `%s/%s Container %s was terminated (Exit
    Code: %d, Reason: %s)`: the container it names ended OOMKilled, {0, 0}."""
    ex = explain_records([parse_record(f"```\n{line}\n```\n", "r.txt")],
                         ExplainOptions(suggest=False, phases=1))
    assert [c.name for c in ex.containers] == [name]
    a = ex.containers[0].answer
    assert a is not None
    assert (a.cause, a.failed, a.probe_kills) == (Cause.OOM_KILLED, (), CountRange(0, 0))


@pytest.mark.parametrize("line", [
    "The Container jnlp was terminated, see (Exit Code: 137, Reason: OOMKilled)",
    "Container JNLP was terminated (Exit Code: 137, Reason: OOMKilled)"])  # no container's name
def test_other_words_before_the_pair_name_no_container(line: str) -> None:
    ex = explain_records([parse_record(f"```\n{line}\n```\n", "r.txt")],
                         ExplainOptions(suggest=False, phases=1))
    assert [c.name for c in ex.containers] == [None]
