"""Stop 57, fix57a (grpc-32875): readers a pull request's description needed.

- A probe given as JSON (readers/json_probe.py): a `{"startupProbe": {...}}` object, a
  container's JSON, a member `"livenessProbe": {...},` out of a document's middle, read as the
  same probe in YAML is; JSON that does not parse whole (grpc-32875's misses its outer closing
  brace) gives the probe objects whole by their own braces, read alone. A probe object the cut
  lies inside, a probe's kind twice, a probe object in a sentence and a JSON of something else
  (an error knowledge base's entry) stay unread.

Each test holds a shape in small; the rule ids are kubelet-semantics.md's."""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
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
