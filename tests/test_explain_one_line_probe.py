"""Probe YAML a web page ran into one line, its line breaks lost (held-out batch 33,
deepcodenews-sondas-control: `Ejemplo de configuración en Kubernetes en una sola línea:
livenessProbe: httpGet: path: /livez port: 8080 initialDelaySeconds: 5 periodSeconds: 10
readinessProbe: ... periodSeconds: 5. M`): read split before each of the probe's keys and
re-nested by their names (one_line_probe.py), what is not read said, never guessed."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim.errors import RecordError
from kubesim.explain.readers.flattened import reindent_probes
from kubesim.explain.readers.model import NoteKind, RecordSet
from kubesim.explain.readers.one_line_probe import probe_runs
from kubesim.explain.readers.read import parse_record
from kubesim.results import ProbeType
from kubesim.spec.manifests import containers_from_text
from kubesim.spec.model import Probe


def _probes(record: RecordSet) -> dict[ProbeType, Probe]:
    specs = [c.spec for p in record.pods for c in p.containers if c.spec is not None]
    assert len(specs) <= 1  # one container's probes, or none
    return specs[0].probes() if specs else {}


def _notes(record: RecordSet, kind: NoteKind | None = None) -> list[str]:
    notes = [*record.notes, *(n for p in record.pods for n in p.notes)]
    return [n.text for n in notes if kind is None or n.kind is kind]


# a `get pods` row: a record beside the line, read whether or not the line is
_ROWS = "NAME    READY   STATUS    RESTARTS   AGE\nweb-0   1/1     Running   0          5m\n"


# (the sentence before, the probes' one line, the sentence after): a Spanish, an English and a
# German page, other names, numbers and spacing
_SENTENCES = [
    ("Ejemplo de configuración en Kubernetes en una sola línea: ",
     "livenessProbe: httpGet: path: /livez port: 8080 initialDelaySeconds: 5 periodSeconds: 10 "
     "readinessProbe: httpGet: path: /readyz port: 8080 initialDelaySeconds: 5 periodSeconds: 5",
     ". M"),
    ("Here is the config we ended up with:  ",
     "readinessProbe:   tcpSocket: port: 5432  periodSeconds: 15 failureThreshold: 4 "
     "livenessProbe: httpGet: path: /health port: http timeoutSeconds: 3 periodSeconds: 20",
     ". After that the pods stayed up."),
    ("Die Sonde sieht so aus: ",
     "livenessProbe: httpGet: path: /healthz port: 9090 scheme: HTTPS initialDelaySeconds: 30 "
     "periodSeconds: 12 failureThreshold: 6",
     ", und danach lief alles."),
]


def _expected(one_line: str) -> dict[ProbeType, Probe]:
    """The probes the same keys give written as YAML with its line breaks (`yaml.safe_dump`
    of the mapping built from the words: each probe's keys, the handler's under it)."""
    words = one_line.split()
    doc: dict[str, Any] = {}
    probe: dict[str, Any] = {}
    handler: dict[str, Any] | None = None
    i = 0
    while i < len(words):
        key = words[i][:-1]
        if key.endswith("Probe"):
            probe, handler = doc.setdefault(key, {}), None
        elif key in ("httpGet", "tcpSocket", "exec", "grpc"):
            handler = probe.setdefault(key, {})
        else:
            end = i + 1
            while words[i + 1].startswith("[") and not words[end].endswith("]"):
                end += 1  # (a flow list's items, one word each)
            target = handler if handler is not None and key in (
                "path", "port", "scheme", "host", "command", "service") else probe
            target[key] = yaml.safe_load(" ".join(words[i + 1:end + 1]))
            i = end
        i += 1
    return containers_from_text(yaml.safe_dump(doc), "x.yaml")[0].container.probes()


@pytest.mark.parametrize(("before", "probes", "after"), _SENTENCES)
def test_probe_yaml_run_into_a_sentence_is_read_as_its_probes(before: str, probes: str,
                                                               after: str) -> None:
    """The pairs of one line are the probes YAML with its line breaks would give; the
    sentence around them is said not read, and how the line was read is said."""
    record = parse_record(f"Some words first.\n\n{before}{probes}{after}", "r.txt")
    assert _probes(record) == _expected(probes)
    assert any("line 3 holds probe YAML run into one line" in n for n in _notes(record))
    unread = _notes(record, NoteKind.NOT_READ)
    assert any(n.startswith("not read: line 3, its text before") and before.strip()[:20] in n
               for n in unread)
    assert any(n.startswith("not read: line 3, its text after") for n in unread)


@pytest.mark.parametrize(("value", "mark"), [("5", "."), ("17", ","), ("3", ";")])
def test_a_number_ending_the_sentence_is_that_number_and_the_sentence_s_mark(
        value: str, mark: str) -> None:
    """`periodSeconds: 5.` is 5 and the sentence's period, said so: never 5.0, never refused."""
    text = (f"Config: livenessProbe: exec: command: [cat, /tmp/ok] periodSeconds: {value}{mark} "
            "Then it restarted less.\n")
    record = parse_record(text, "r.txt")
    assert _probes(record)[ProbeType.LIVENESS].period_seconds == int(value)
    assert any(f"`periodSeconds: {value}{mark}`: its `{mark}` ends the sentence" in n
               for n in _notes(record))


@pytest.mark.parametrize(("line", "said"), [
    ("Use `livenessProbe: httpGet: path: /up port: 8443 periodSeconds: 7`.",
     "`` periodSeconds: 7`. ``: its `` ` `` closes the code span and its `.` ends the sentence"),
    ("so `readinessProbe: exec: command: [cat, /tmp/ready] periodSeconds: 7` then",
     "`` periodSeconds: 7` ``: its `` ` `` closes the code span, not the value"),
])
def test_probe_yaml_in_a_code_span_ends_where_the_span_closes(line: str, said: str) -> None:
    """A page's code span around the one-line YAML: its closing mark ends the run, said."""
    record = parse_record(line + "\n", "r.txt")
    assert next(iter(_probes(record).values())).period_seconds == 7
    assert any(said in n for n in _notes(record))


def test_three_probes_on_one_line_alone_are_one_container_s_three_probes() -> None:
    line = ("startupProbe: httpGet: path: /started port: 8081 failureThreshold: 30 "
            "periodSeconds: 10 livenessProbe: grpc: port: 9000 service: health periodSeconds: 7 "
            "readinessProbe: tcpSocket: port: 8081 initialDelaySeconds: 2")
    record = parse_record(line + "\n", "r.txt")
    assert _probes(record) == _expected(line)
    assert not _notes(record, NoteKind.NOT_READ)


def test_an_exec_command_written_as_a_flow_list_is_read_whole() -> None:
    """A flow list (`[cat, /tmp/healthy]`) closes on its `]`: its items are the command."""
    record = parse_record("Probe: livenessProbe: exec: command: [cat, /tmp/healthy] "
                          "initialDelaySeconds: 5 periodSeconds: 5\n", "r.txt")
    probe = _probes(record)[ProbeType.LIVENESS]
    assert probe.exec_ is not None and probe.exec_.command == ("cat", "/tmp/healthy")
    assert probe.initial_delay_seconds == 5


@pytest.mark.parametrize("line", [
    # a block list: where its last item ends and the next key starts is lost with the breaks
    "Use livenessProbe: exec: command: - cat - /tmp/healthy initialDelaySeconds: 5 here.",
    # a path ending in `.`: the value's or the sentence's, not told
    "Set livenessProbe: httpGet: port: 8080 path: /livez. Then restart.",
    # a key without its value before the next key
    "Set livenessProbe: httpGet: port: 8080 periodSeconds: timeoutSeconds: 1 now",
])
def test_a_probe_with_a_value_that_cannot_be_told_is_not_read_and_said(line: str) -> None:
    """No default stands in for a value the line states but that cannot be told."""
    with pytest.raises(RecordError, match="not a record explain reads"):
        parse_record(line + "\n", "r.txt")
    record = parse_record(_ROWS + line + "\n", "r.txt")
    assert not _probes(record)
    assert any("not read: line 3, its `livenessProbe:` YAML run into one line" in n
               for n in _notes(record, NoteKind.NOT_READ))


@pytest.mark.parametrize("after", ["httpHeaders: - name: X-A value: a b",
                                   "# the app takes 20 s to start"])
def test_a_header_list_or_a_comment_ending_the_probe_is_read_up_to(after: str) -> None:
    """Where a header list's or a comment's end is lost with the line breaks, the probe is
    read up to it, the rest said not read."""
    record = parse_record(f"livenessProbe: httpGet: path: /h port: 80 periodSeconds: 4 {after}"
                          "\n", "r.txt")
    probe = _probes(record)[ProbeType.LIVENESS]
    assert probe.http_get is not None and probe.http_get.path == "/h"
    assert probe.period_seconds == 4
    assert any(n.startswith("not read: line 1, its text after") and after[:12] in n
               for n in _notes(record, NoteKind.NOT_READ))


@pytest.mark.parametrize("after", ["httpHeaders: - name: X-A value: a b",
                                   "# the app takes 20 s to start"])
def test_a_probe_whose_keys_go_on_after_a_header_list_or_a_comment_is_not_read(
        after: str) -> None:
    """csdn-152982064: `initialDelaySeconds: 30 # 必须大于应用最长启动时间 periodSeconds: 10
    timeoutSeconds: 5`: the probe's keys after what cannot be told are stated, so reading
    the probe without them (their defaults) would be a guess: not read, said why."""
    line = (f"livenessProbe: httpGet: path: /h port: 80 initialDelaySeconds: 30 {after} "
            "periodSeconds: 4 timeoutSeconds: 5")
    with pytest.raises(RecordError, match="not a record explain reads"):
        parse_record(line + "\n", "r.txt")
    record = parse_record(_ROWS + line + " readinessProbe: tcpSocket: port: 80\n", "r.txt")
    assert set(_probes(record)) == {ProbeType.READINESS}
    assert any("its `livenessProbe:` YAML run into one line" in n and
               "the probe's `periodSeconds:` follows" in n
               for n in _notes(record, NoteKind.NOT_READ))


def test_a_line_cut_inside_a_key_is_read_up_to_the_cut() -> None:
    """The record ends inside `initialDelaySeconds`: the keys before it are read, the cut
    said (as probe YAML cut where the record ends)."""
    record = parse_record("Ejemplo: readinessProbe: httpGet: path: /ready port: 3000 "
                          "periodSeconds: 2 initialDelaySec", "r.txt")
    probe = _probes(record)[ProbeType.READINESS]
    assert probe.period_seconds == 2 and probe.initial_delay_seconds == 0
    assert any("the line ends inside a key (`initialDelaySec`)" in n
               for n in _notes(record, NoteKind.NOT_READ))


@pytest.mark.parametrize("line", [
    "Setting livenessProbe: it restarts the container when the check fails.",
    "The readinessProbe: field takes httpGet: or exec: like the others.",
])
def test_prose_naming_a_probe_without_its_settings_stays_unread(line: str) -> None:
    """A sentence that names a probe's key is no YAML: not read, as any sentence; the
    one-line YAML on the next line is."""
    with pytest.raises(RecordError, match="not a record explain reads"):
        parse_record(line + "\n", "r.txt")
    record = parse_record(f"{line}\nstartupProbe: tcpSocket: port: 80 failureThreshold: 9\n",
                          "r.txt")
    assert _probes(record)[ProbeType.STARTUP].failure_threshold == 9
    assert f"not read: line 1: {line[:60]}" in _notes(record, NoteKind.NOT_READ)


def test_one_probe_twice_on_the_line_is_no_container_s_and_not_read() -> None:
    line = ("livenessProbe: tcpSocket: port: 80 periodSeconds: 3 and later livenessProbe: "
            "tcpSocket: port: 81 periodSeconds: 9")
    with pytest.raises(RecordError, match="not a record explain reads"):
        parse_record(line + "\n", "r.txt")
    record = parse_record(_ROWS + line + "\n", "r.txt")
    assert not _probes(record)
    assert any(n.startswith("not read: line 3 (probe YAML run into one line holding "
                            "livenessProbe more than once") for n in _notes(record))


def test_the_record_s_answer_is_probe_settings_without_failures() -> None:
    """The held-out record's shape: settings alone, cannot-tell, no kill counted, no bound."""
    from kubesim.explain.engine import ExplainOptions, explain_records
    from kubesim.explain.model import Cause, CountRange

    text = "".join(_SENTENCES[0]) + "\n"
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    answer = ex.containers[0].answer
    assert answer is not None and answer.cause is Cause.CANNOT_TELL
    assert answer.probe_kills == CountRange(0, None)


_BIG = 2_000_000


@pytest.mark.parametrize("line", [
    "livenessProbe: tcpSocket: port: 80 periodSeconds: 3 " + "timeout: 1 " * (_BIG // 11),
    "livenessProbe: tcpSocket: port: 80 periodSeconds: 3 " + "x " * (_BIG // 2),
    "livenessProbe: tcpSocket: port: 80 periodSeconds: 3 startupProbe: exec: command: ["
    + "a, " * (_BIG // 3),
    "livenessProbe: tcpSocket: port: 80 periodSeconds: 3 " + "livenessProbe: " * (_BIG // 15),
    "livenessProbe: tcpSocket: port: 80 periodSeconds: 3 " + "startupProbe: x " * (_BIG // 16),
    "livenessProbe: tcpSocket: port: 80 periodSeconds: 3 " + "initialDelaySec" * (_BIG // 15),
])
def test_a_2mb_line_of_pairs_is_read_in_one_pass(line: str) -> None:
    """Hostile input: 2 MB of `key: value` pairs, words, probe keys or an open flow list after
    a probe: one pass over the words (no timing asserted: the suite's timeout bounds it);
    the probe before them is read."""
    record = parse_record(line + "\n", "r.txt")
    assert _probes(record)[ProbeType.LIVENESS].period_seconds == 3


def test_a_2mb_line_of_one_probe_s_pairs_over_and_over_is_not_read() -> None:
    """Hostile input: 2 MB of probes of one kind (each a liveness probe): none read, said,
    one pass."""
    record = parse_record(_ROWS + "livenessProbe: tcpSocket: port: 80 " * (_BIG // 35) + "\n",
                          "r.txt")
    assert not _probes(record)
    assert any("holding livenessProbe more than once" in n for n in _notes(record))


# a probe's pairs drawn from the Probe schema, each value one plain word
_HANDLER = st.one_of(
    st.builds(lambda p, port: f"httpGet: path: {p} port: {port}",
              st.sampled_from(["/", "/healthz", "/livez", "/api/v1/ready"]),
              st.integers(1, 65535)),
    st.builds(lambda port: f"tcpSocket: port: {port}", st.integers(1, 65535)),
    st.builds(lambda port: f"grpc: port: {port}", st.integers(1, 65535)),
    st.builds(lambda c: f"exec: command: [{', '.join(c)}]",
              st.lists(st.sampled_from(["cat", "/tmp/healthy", "ls", "-c"]), min_size=1,
                       max_size=3)))
_FIELD = st.sampled_from(["initialDelaySeconds", "periodSeconds", "timeoutSeconds",
                          "failureThreshold"])


@st.composite
def _probe(draw: st.DrawFn, kind: str) -> str:
    fields = draw(st.lists(_FIELD, unique=True, max_size=4))
    pairs = [f"{f}: {draw(st.integers(1, 60))}" for f in fields]
    return " ".join([f"{kind}:", draw(_HANDLER), *pairs])


@settings(max_examples=examples(60), deadline=None)
@given(kinds=st.lists(st.sampled_from(["livenessProbe", "readinessProbe", "startupProbe"]),
                      unique=True, min_size=1), data=st.data(),
       before=st.sampled_from(["", "Example: ", "So sieht es aus:  ", "Use `"]),
       after=st.sampled_from(["", ".", ". Done", " and that is it", "`", "`. Then", ";"]),
       gap=st.sampled_from([" ", "  ", "\t"]))
def test_pairs_on_one_line_read_as_the_yaml_with_its_line_breaks(
        kinds: list[str], data: st.DataObject, before: str, after: str, gap: str) -> None:
    """Invariant: probes drawn from the schema, run into one line (any spacing, any sentence
    around them), read as the same probes written with their line breaks."""
    line = " ".join(data.draw(_probe(k)) for k in kinds)
    record = parse_record(before + line.replace(" ", gap) + after + "\n", "r.txt")
    assert _probes(record) == _expected(line)
    assert len(probe_runs(line)) == 1


_WORDS = ["livenessProbe:", "readinessProbe:", "startupProbe:", "`livenessProbe:", "httpGet:",
          "exec:", "tcpSocket:", "grpc:", "path:", "port:", "command:", "service:",
          "periodSeconds:", "initialDelaySeconds:", "httpHeaders:", "5", "5.", "8080`", "/x",
          "/x.", "[cat,", "/tmp/ok]", "[a]", "{path:", "/y}", '"a', 'b"', "-", "|", "#",
          "word", "initialDelaySec", "name:", ""]


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=30), st.sampled_from([" ", "  ", "\t"]))
def test_splitting_never_raises_and_keeps_only_keys_in_their_place(words: list[str],
                                                                   gap: str) -> None:
    """Invariant: any words give runs in order, apart, each probe's pairs re-nesting (every
    key split off stands where the Probe schema has it), or no run."""
    text = gap.join(words)
    runs = probe_runs(text)
    ends = [0, *(x for r in runs for x in (r.start, r.end)), len(text)]
    assert ends == sorted(ends)
    for run in runs:
        for probe in run.probes:
            assert reindent_probes(probe.lines) is not None
            assert run.start <= probe.start < probe.end <= run.end
