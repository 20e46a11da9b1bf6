"""Stop 57, fix57a (grpc-32875): readers a pull request's description needed.

- A probe given as JSON (readers/json_probe.py): a `{"startupProbe": {...}}` object, a
  container's JSON, a member `"livenessProbe": {...},` out of a document's middle, read as the
  same probe in YAML is; JSON that does not parse whole (grpc-32875's misses its outer closing
  brace) gives the probe objects whole by their own braces, read alone. A probe object the cut
  lies inside, a probe's kind twice, a probe object in a sentence and a JSON of something else
  (an error knowledge base's entry) stay unread.
- kubelet lines whose klog header was cut to its time (`15:55:08.875586 "Killing container
  with a grace period"`, readers/klog.py `_timed`): read where the rest is the kubelet's quoted
  message and its key=value pairs; a sentence quoting the same words, the words unquoted and a
  line with more than the time before the message stay unread. A kill line naming no
  container (its pairs cut away) is a kill of a container it does not name.

Each test holds a shape in small; the rule ids are kubelet-semantics.md's."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import ContainerRecord, RecordSet
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import Probe

# grpc-32875's shape: the outer object's closing brace missing
_CUT_OUTER = """The final `startupProbe` looked like this:

```json
{
  "startupProbe": {
    "failureThreshold": 3,
    "periodSeconds": 3,
    "successThreshold": 1,
    "tcpSocket": {
      "port": 8081
    },
    "timeoutSeconds": 1
}
```
"""


def _containers(found: RecordSet) -> list[ContainerRecord]:
    return [c for p in found.pods for c in p.containers]


def _probe(found: RecordSet, kind: str) -> Probe | None:
    """The `kind` probe (liveness, readiness, startup) of the record's one container's spec."""
    [c] = _containers(found)
    assert c.spec is not None
    probe: Probe | None = getattr(c.spec, f"{kind}_probe")
    return probe


def _notes(found: RecordSet) -> str:
    return "\n".join(n.text for n in found.notes)


def test_a_json_probe_object_whose_outer_brace_is_missing_is_read_alone():
    """grpc-32875: the outer `{` has no `}`, the startup probe's own braces balance: the probe
    is read alone (R1.8: its threshold and period are what the startup window is made of)."""
    found = parse_record(_CUT_OUTER, "r.txt")
    startup = _probe(found, "startup")
    assert startup is not None
    assert (startup.failure_threshold, startup.period_seconds, startup.timeout_seconds) == \
        (3, 3, 1)
    assert _probe(found, "liveness") is None
    assert "`startupProbe` object of JSON that does not parse whole" in _notes(found)


def test_a_json_probe_object_that_parses_whole_is_read_as_its_yaml():
    text = ('```json\n{\n  "livenessProbe": {\n    "httpGet": {"path": "/healthz", "port": 8080},'
            '\n    "periodSeconds": 7,\n    "failureThreshold": 5\n  }\n}\n```\n')
    liveness = _probe(parse_record(text, "r.txt"), "liveness")
    assert liveness is not None
    assert (liveness.period_seconds, liveness.failure_threshold) == (7, 5)


def test_a_containers_json_gives_its_name_and_probes():
    """A container out of `kubectl get pod -o json` (`.spec.containers[0]`): a container's
    item without its list, read as a Pod's one container, as its YAML is."""
    text = ('{\n  "name": "web",\n  "image": "nginx:1.25",\n  "readinessProbe": {\n'
            '    "tcpSocket": {"port": 80},\n    "periodSeconds": 4\n  }\n}\n')
    found = parse_record(text, "r.txt")
    [c] = _containers(found)
    assert c.name == "web"
    readiness = _probe(found, "readiness")
    assert readiness is not None and readiness.period_seconds == 4


def test_a_probe_member_out_of_a_documents_middle_is_read():
    text = ('```\n"livenessProbe": {\n  "exec": {"command": ["cat", "/tmp/healthy"]},\n'
            '  "periodSeconds": 5\n},\n```\n')
    liveness = _probe(parse_record(text, "r.txt"), "liveness")
    assert liveness is not None and liveness.period_seconds == 5


def test_a_probe_object_the_cut_lies_inside_is_not_read():
    """The JSON ends inside the liveness probe's object: its fields after the cut are not in
    the record, and no default may stand for them (a probe cut in YAML lists none); the
    readiness probe before it is whole by its braces, and read."""
    text = ('{\n  "readinessProbe": {"tcpSocket": {"port": 80}, "periodSeconds": 4},\n'
            '  "livenessProbe": {\n    "httpGet": {"path": "/healthz", "port": 8080},\n'
            '    "periodSeconds": 7,\n')
    found = parse_record(text, "r.txt")
    readiness = _probe(found, "readiness")
    assert readiness is not None and readiness.period_seconds == 4
    assert _probe(found, "liveness") is None


def test_a_probe_kind_twice_in_cut_json_is_no_one_containers():
    """Two liveness probes (two containers' objects run together, the cut reading stops at the
    second key): none is read, beside a readiness probe that would be."""
    text = ('{\n  "readinessProbe": {"tcpSocket": {"port": 80}, "periodSeconds": 4},\n'
            '  "livenessProbe": {"tcpSocket": {"port": 80}, "periodSeconds": 4},\n'
            '  "livenessProbe": {"tcpSocket": {"port": 81}, "periodSeconds": 9}\n')
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")
    alone = parse_record(text.rsplit("\n", 2)[0] + "\n", "r.txt")  # (the second one cut away)
    assert _probe(alone, "liveness") is not None


@pytest.mark.parametrize("sentence", [
    # a guide's conditional, the probe's object in its sentence
    'If your probe is {"livenessProbe": {"tcpSocket": {"port": 80}, "periodSeconds": 1}}, the '
    "kubelet may restart the container.",
    # a question
    'Is {"livenessProbe": {"tcpSocket": {"port": 80}, "failureThreshold": 1}} enough?',
])
def test_a_probe_object_in_a_sentence_is_no_json_document(sentence: str):
    """The fenced startup probe is read; the liveness probe's object in the author's sentence
    is no document of the paste (no settings of it)."""
    text = sentence + "\n\n" + _CUT_OUTER
    found = parse_record(text, "r.txt")
    assert _probe(found, "startup") is not None
    assert _probe(found, "liveness") is None


def test_json_of_something_else_stays_unread():
    """An error knowledge base's entry (errorcanon's shape), cut at a line's end: its strings
    quote a startup probe's message, and it holds no probe's key: no probe is read from it."""
    text = ('{\n  "id": "cloud/gcp-cloud-run-container-startup-probe-failure",\n'
            '  "signature": "Startup probe failed: HTTP probe failed with statuscode: 503",\n'
            '  "regex": "Startup probe failed.*HTTP probe failed with statuscode: 503",\n'
            '  "root_cause": "the startupProbe\'s initialDelaySeconds is too short",\n')
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    '{"livenessProbe": {' + '"periodSeconds": 1, ' * 100_000 + '\n',
    '{' + '"startupProbe": {}, ' * 100_000 + '\n',
    '"readinessProbe": ' + ' ' * 2_000_000 + ':{\n',
    '{"livenessProbe": {' + '{' * 2_000_000 + '\n',
])
def test_a_2_mb_line_of_json_probes_is_read_in_one_pass(text: str):
    """Hostile input: 2 MB lines of probe members, read in one pass (the probe key's pattern
    is searched once, its spaces bounded; the cut reading has no recursion)."""
    read_in_one_pass(text)


# -- kubelet lines whose klog header is cut to its time (readers/klog.py `_timed`) ----------

_SEVEN = "".join(f'15:5{i}:08.875586 "Killing container with a grace period"\n'
                 for i in range(7))
_POD = 'pod="psm/server-0" podUID="9d1c"'


def _kills(found: RecordSet) -> list[tuple[str, str | None, str]]:
    return [(e.object_name, e.container, e.message) for e in found.events
            if e.reason == "Killing"]


def test_kill_lines_cut_to_their_time_are_kills_of_no_stated_cause():
    """grpc-32875: `15:55:08.875586 "Killing container with a grace period"`, seven of them,
    klog's header and the line's pairs cut away: seven kills of a container the lines do not
    name, no cause stated (R4.4: the line is logged for every kill), each at least once."""
    found = parse_record("```\n" + _SEVEN + "```\n", "r.txt")
    assert _kills(found) == [("", None, "Killing container with a grace period")] * 7
    answer = explained_answer("```\n" + _SEVEN + "```\n")
    assert (answer.cause, answer.probe_kills, answer.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True)


def test_a_line_cut_to_its_time_keeps_its_pairs():
    text = ('10:41:02.123456 "Killing container with a grace period" ' + _POD +
            ' containerName="server" containerID="containerd://0565" gracePeriod=30\n')
    assert _kills(parse_record(text, "r.txt")) == \
        [("server-0", "server", "Killing container with a grace period")]


def test_prober_lines_cut_to_their_time_are_a_liveness_kill():
    """The prober's `"Probe failed"` lines and the kill's stated cause, each cut to its time:
    failureThreshold failures, then the kill (R1.17, R4.4)."""
    failed = "".join(f'10:41:0{i}.5 "Probe failed" probeType="Liveness" {_POD} '
                     'containerName="server" probeResult="failure" output="HTTP probe failed '
                     'with statuscode: 503"\n' for i in range(3))
    stated = (f'10:41:03.1 "Message for Container of pod" containerName="server" {_POD} '
              'containerMessage="Container server failed liveness probe, will be restarted"\n')
    answer = explained_answer(failed + stated)
    assert answer.cause is Cause.LIVENESS_KILL and answer.probe_kills.lo == 1


def test_a_kill_line_with_its_header_and_no_container_is_a_kill():
    """The klog header kept and the pairs cut after the message: a kill of a container the
    line does not name (before, no line)."""
    text = ('I1207 10:41:02.123456    1234 kuberuntime_container.go:808] "Killing container with '
            'a grace period"\n')
    assert _kills(parse_record(text, "r.txt")) == \
        [("", None, "Killing container with a grace period")]


@pytest.mark.parametrize("other", [
    # a sentence quoting the kubelet's words, going on with its own
    '10:41:02.123456 "Killing container with a grace period" is what the kubelet logged.',
    # the message without its quotes
    "10:41:02.123456 Killing container with a grace period",
    # a time with no fraction (no klog time), and a word before the time
    '10:41:02 "Killing container with a grace period"',
    'At 10:41:02.123456 "Killing container with a grace period"',
    # another program's quoted message
    '10:41:02.123456 "Killing worker with a grace period" worker=3',
])
def test_only_the_kubelets_quoted_message_cut_to_its_time_is_read(other: str):
    """Beside one kill line cut to its time, a line that is no kubelet's structured line is
    not read as a kill."""
    text = '10:41:01.000001 "Killing container with a grace period"\n' + other + "\n"
    assert len(_kills(parse_record(text, "r.txt"))) == 1


@pytest.mark.parametrize("text", [
    '10:41:02.123456 "Killing container with a grace period"' + ' a="' * 500_000 + "\n",
    '10:41:02.123456 "Killing container with a grace period"' + " a=b" * 500_000 + "x\n",
    '10:41:02.123456 "' + "x" * 2_000_000 + "\n",
    "10:41:02." + "1" * 2_000_000 + ' "Killing container with a grace period"\n',
])
def test_a_2_mb_line_cut_to_its_time_is_read_in_one_pass(text: str):
    """Hostile input: 2 MB lines of the timed form, read in one pass (the message and the
    pairs are matched one after the other from a fixed place, the line's length bounded)."""
    read_in_one_pass(text)
