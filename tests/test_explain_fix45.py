"""The rules of fix45 (held-out batches 45 and 46, issue 30: explain on real pastes), each
with hand-written variants that hold and variants that must stay unread, and long lines read
in one pass:

- the pod's whole event stream from its Scheduled row, none cut, under the spam filter's
  burst, whose Created or Started rows state as many starts as the container's restart count
  and one more, shows every restart's start: a `get pods` count beside it (of any moment) counts
  no restart after them and none they left out, so the stream shows every probe kill (R4.4,
  R4.7) (kubeedge-6012);
- a chunk of YAML goes on across comment lines at column 0 (YAML's own comments), and a Helm
  chart's values pasted alone keep their probes: the chart's other keys at column 0 and a
  handler's field the chart's template takes (`path: /` beside `enabled:`) are named as not
  read, the lines above the first key (a chunk cut inside a mapping or a list) too
  (ollama-helm-68).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import CountRange
from kubesim.explain.readers.model import NoteKind
from kubesim.explain.readers.read import parse_record

# ---------------------------------------------------------------- a whole stream, its starts

_PODS = ("$ kubectl get pods -n edge\n"
         "NAME                    READY   STATUS             RESTARTS      AGE\n"
         "hub-5d9c7b8f6d-x2kqp    0/1     CrashLoopBackOff   {restarts}   59s\n\n")
_DESCRIBE = "$ kubectl describe pod hub-5d9c7b8f6d-x2kqp -n edge\n\n"
_HEADER = "Events:\n  Type     Reason     Age                From               Message\n"
_DASHES = "  ----     ------     ----               ----               -------\n"
_ROWS = (
    "  Normal   Scheduled  63s                default-scheduler  Successfully assigned "
    "edge/hub-5d9c7b8f6d-x2kqp to node-1\n"
    "  Normal   Pulled     25s (x{n} over 62s)  kubelet            Container image \"hub:1.0\" "
    "already present on machine\n"
    "  Normal   Created    25s (x{n} over 62s)  kubelet            Created container hub\n"
    "  Normal   Started    24s (x{n} over 62s)  kubelet            Started container hub\n"
    "  Warning  BackOff    6s (x3 over 38s)   kubelet            Back-off restarting failed "
    "container hub in pod hub-5d9c7b8f6d-x2kqp_edge(4bebea7d-e30f-4cd5-93c2-f11fff774600)\n")


def _record(restarts: str = "2 (15s ago)", n: int = 3, *, pods_first: bool = True,
            header: str = _HEADER, command: str = _DESCRIBE) -> str:
    pods = _PODS.format(restarts=restarts)
    describe = command + header + _ROWS.format(n=n)
    return pods + describe if pods_first else describe + "\n" + pods


@pytest.mark.parametrize("record", [
    _record(),  # the header without its dash line, the `get pods` row above (kubeedge-6012)
    _record(header=_HEADER + _DASHES),  # the dash line kept
    _record(pods_first=False),  # the `get pods` row below the describe
    _record(restarts="1 (15s ago)"),  # a count below what the starts show
    _record(restarts="3 (15s ago)", n=4),
])
def test_a_whole_stream_whose_starts_show_the_count_rules_kills_out(record):
    kills = explained_answer(record).probe_kills
    assert kills == CountRange(0, 0) and "whole from its Scheduled row" in kills.because


def test_a_whole_stream_beside_no_probe_says_the_stream_closes_the_kills():
    """No probe shown nor listed: the stream rules the kills out, not an absence of probes
    the record cannot tell (the container may have a liveness probe it does not show)."""
    kills = explained_answer(_DESCRIBE + _HEADER + _DASHES + _ROWS.format(n=3)).probe_kills
    assert kills == CountRange(0, 0) and "whole from its Scheduled row" in kills.because
    assert "no liveness or startup probe" not in kills.because


@pytest.mark.parametrize("record", [
    _record(restarts="3 (15s ago)"),  # a restart the Created and Started rows do not show
    _record(n=2),  # two starts: one restart of the count's two shown
    _record(header=""),  # rows without their header: a piece
    _record(command="$ kubectl describe pod hub-5d9c7b8f6d-x2kqp -n edge | grep -v Pulling\n"),
    _record().replace("  Normal   Scheduled  63s                default-scheduler  Successfully "
                      "assigned edge/hub-5d9c7b8f6d-x2kqp to node-1\n", "...\n"),  # cut at the start
])
def test_a_stream_not_whole_or_short_of_the_count_rules_no_kill_out(record):
    kills = explained_answer(record).probe_kills
    assert kills.lo == 0 and kills.hi != 0


def test_a_long_line_under_a_whole_stream_is_read_in_one_pass():
    read_in_one_pass(_record() + "  Normal   Started    24s (x3 over 62s)  kubelet  "
                     + "Started container hub " * 100_000 + "\n")


# ---------------------------------------------------------------- a chart's values chunk

_LIVENESS = ("# Configure extra options for liveness probe\n"
             "livenessProbe:\n"
             "  # -- Enable livenessProbe\n"
             "  enabled: true\n\n"
             "  # -- Request path for livenessProbe\n"
             "  path: /\n\n"
             "  initialDelaySeconds: 60\n"
             "  periodSeconds: 10\n"
             "  timeoutSeconds: 5\n"
             "  failureThreshold: 6\n"
             "  successThreshold: 1\n\n")
_READINESS = ("# Configure extra options for readiness probe\n"
              "readinessProbe:\n"
              "  enabled: true\n"
              "  path: /ready\n"
              "  periodSeconds: 5\n"
              "  timeoutSeconds: 3\n"
              "  failureThreshold: 6\n\n")
_AUTOSCALING = "# Configure autoscaling\nautoscaling:\n  # -- Enable autoscaling\n"


def _settings(text: str) -> dict[str, tuple[int, int, int]]:
    [pod] = parse_record(text, "r.txt").pods
    [c] = pod.containers
    assert c.spec is not None
    probes = {"liveness": c.spec.liveness_probe, "readiness": c.spec.readiness_probe,
              "startup": c.spec.startup_probe}
    return {k: (p.period_seconds, p.timeout_seconds, p.failure_threshold)
            for k, p in probes.items() if p is not None}


def _unread(text: str) -> list[str]:
    record = parse_record(text, "r.txt")
    return [n.text for n in record.notes if n.kind is NoteKind.NOT_READ]


_BOTH = {"liveness": (10, 5, 6), "readiness": (5, 3, 6)}


@pytest.mark.parametrize("above", [
    "```\n  # -- Pod limit\n  limits: {}\n  # Memory limit\n# memory: 8192Mi\n\n",  # in a mapping
    "```\n    - name: OLLAMA_DEBUG\n      value: \"1\"\n\n",  # in a list
    "```\n",  # the chunk opens at a key
    "",  # no fence
])
def test_a_values_chunk_keeps_both_probes_across_column_0_comments(above):
    text = above + _LIVENESS + _READINESS + _AUTOSCALING
    assert _settings(text) == _BOTH
    unread = _unread(text)
    assert any("autoscaling:" in n and "chart's own value" in n for n in unread)
    assert sum("path: /" in n and "handler its template renders" in n for n in unread) == 2
    a = explained_answer(text)
    assert a.probe_kills == CountRange(0, None) and not a.shows_failures


def test_probe_yaml_goes_on_across_a_comment_at_column_0():
    """No chart here: a comment between two probes is YAML's, the second probe kept."""
    text = ("livenessProbe:\n  httpGet:\n    path: /\n    port: 80\n  periodSeconds: 7\n"
            "# and readiness\n\nreadinessProbe:\n  tcpSocket:\n    port: 80\n"
            "  periodSeconds: 3\n  failureThreshold: 5\n")
    assert _settings(text) == {"liveness": (7, 1, 3), "readiness": (3, 1, 5)}
    assert _unread(text) == []


def test_the_lines_above_a_values_chunk_cut_inside_a_mapping_are_named():
    text = "```\n  # -- Pod limit\n  limits: {}\n" + _LIVENESS + _READINESS
    assert any(n.startswith("not read: lines 2-4: # -- Pod limit") for n in _unread(text))


def test_a_values_chunk_whose_later_part_is_cut_keeps_its_probes():
    text = "```\n" + _LIVENESS + _READINESS + "resources:\n  limits:\n    memory: 8Gi\n  requ"
    assert _settings(text) == _BOTH


@pytest.mark.parametrize("text", [
    "```\n  limits: {}\n# CPU limit\n# cpu: 4000m\n\nautoscaling:\n  enabled: true\n"
    "  minReplicas: 1\n",  # values without a probe
    "```\n  limits: {}\n# Configure autoscaling\nautoscaling:\n  enabled: false\n```\n",
])
def test_values_without_probes_stay_refused(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_probe_yaml_with_a_handler_keeps_its_path():
    """A probe with its own handler (`httpGet:`) is no chart's input: its `path:` is read."""
    text = ("livenessProbe:\n  enabled: true\n  httpGet:\n    path: /healthz\n    port: 8080\n"
            "  periodSeconds: 7\n")
    [pod] = parse_record(text, "r.txt").pods
    spec = pod.containers[0].spec
    assert spec is not None and spec.liveness_probe is not None
    assert spec.liveness_probe.period_seconds == 7 and "/healthz" in str(spec.liveness_probe)


@pytest.mark.parametrize("text", [
    "spec:\n  containers:\n  - name: web\n    image: nginx\n    livenessProbe:\n"
    "      enabled: true\n      periodSeconds: 7\n",
    "---\nspec:\n  containers:\n  - name: web\n    livenessProbe:\n      enabled: true\n"
    "      periodSeconds: 7\n      timeoutSeconds: 2\n",
])
def test_a_chart_switch_inside_a_pod_spec_keeps_the_spec(text):
    """Probes under a pod's spec are no values pasted alone: the keys around them are read."""
    [pod] = parse_record(text, "r.txt").pods
    [c] = pod.containers
    assert c.name == "web" and c.spec is not None and c.spec.liveness_probe is not None
    assert c.spec.liveness_probe.period_seconds == 7


_POD_THEN_EVENT = """apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx
    livenessProbe:
      httpGet:
        path: /
        port: 80
      periodSeconds: 7
status:
  containerStatuses:
  - name: web
    restartCount: 4
    ready: false
# and its events
apiVersion: v1
kind: Event
metadata:
  name: web.1
involvedObject:
  kind: Pod
  name: web
  fieldPath: spec.containers{web}
reason: Killing
message: Container web failed liveness probe, will be restarted
count: 4
type: Normal
"""


def test_comment_lines_above_another_object_end_the_document():
    """`# and its events` above `apiVersion:`: two documents, the Event read as its own."""
    a = explained_answer(_POD_THEN_EVENT)
    assert a.probe_kills.lo == 4


def test_comment_lines_under_prose_end_a_document():
    """Comment lines followed by prose end the YAML: the prose is not read into it."""
    text = _LIVENESS + "# then I ran it again\nIt still fails.\n"
    last = text.count("\n")
    assert f"not read: lines {last - 1}-{last}: # then I ran it again" in _unread(text)


def test_a_long_comment_run_in_values_is_read_in_one_pass():
    read_in_one_pass(_LIVENESS + "# x\n" * 200_000 + _READINESS)
    read_in_one_pass(_LIVENESS + "# " + "values " * 300_000 + "\n" + _READINESS)
    read_in_one_pass("livenessProbe:\n  enabled: true\n  path: " + "/x" * 1_000_000 + "\n"
                     + _AUTOSCALING)
    read_in_one_pass("```\n  limits: {}\n" + "autoscaling: " + "{}" * 1_000_000 + "\n"
                     + _READINESS)
