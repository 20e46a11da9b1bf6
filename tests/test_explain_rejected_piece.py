"""Probe or container YAML the API server would reject, beside a record read elsewhere
(explain/readers/rejected_piece.py, fixpiece84): its lines not read with the API server's
reason, the rest of the record explained; alone, the record is refused with that reason."""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.model import NoteKind, RecordSet
from kubesim.explain.readers.read import parse_record
from kubesim.results import ProbeType

# a watch's rows of one pod, no header (graphql-engine-5468's shape, other names)
_ROWS = ("```\n"
         "shop-api-7d9f8c6b5-x2kqp   2/2     Running   1          9m\n"
         "shop-api-7d9f8c6b5-x2kqp   2/2     Running   3          20m\n"
         "```\n\n")
# a container's item cut above its `- image:` line, an httpGet without its port, then a
# field of the container (core/v1 Container's envFrom) where the paste ends
_ITEM_NO_PORT = ("the manifest:\n```\n"
                 "          livenessProbe:\n"
                 "            httpGet:\n"
                 "              path: /ping\n"
                 "            periodSeconds: 10\n"
                 "          envFrom:\n"
                 "            - configMapRef:\n"
                 "                name: shop\n"
                 "```\n")


def _not_read(record: RecordSet) -> list[str]:
    return [n.text for n in record.notes if n.kind is NoteKind.NOT_READ]


def _answer(record: RecordSet) -> Diagnosis:
    ex = explain_records([record], ExplainOptions(suggest=False, phases=1))
    answer = ex.containers[0].answer
    assert answer is not None
    return answer


def test_a_container_item_without_a_port_beside_rows_is_lines_not_read():
    """The rows are read (RESTARTS 3 of a running pod: {0, 3}); the item is lines not read,
    naming the port the API server requires, never its envFrom (a Container's own field) as
    unknown."""
    record = parse_record(_ROWS + _ITEM_NO_PORT, "r.txt")
    notes = _not_read(record)
    assert any(n.startswith("not read: lines 8-14 (probe YAML the API server would reject: "
                            "livenessProbe.httpGet.port: required field is missing)")
               for n in notes), notes
    assert not any("unknown field" in n or "container app" in n for n in notes)
    a = _answer(record)
    assert a.cause is Cause.CANNOT_TELL and a.probe_kills == CountRange(0, 3)


def test_probe_settings_without_a_handler_beside_events_are_lines_not_read():
    """homarr-5145's probe settings (no handler, R5.8) beside a describe's events: the events
    are explained, the settings not read with the API server's reason."""
    text = ("Events:\n  Type     Reason     Age   From     Message\n"
            "  Warning  Unhealthy  2m (x6 over 5m)  kubelet  Readiness probe failed: "
            "HTTP probe failed with statuscode: 503\n\n"
            "my probes:\n\nreadinessProbe:\n  initialDelaySeconds: 120\n  periodSeconds: 30\n\n"
            "these are my probes\n")
    record = parse_record(text, "r.txt")
    assert [n.split(" (")[0] for n in _not_read(record) if "must specify a handler" in n] == \
        ["not read: lines 7-10"]
    assert _answer(record).failed == (ProbeType.READINESS,)


def test_a_container_item_with_its_port_is_read_for_its_probe():
    """The same item with its port: a container's item (envFrom beside the probe), read as
    a Pod's one container, its probe settings read; the container's name is not the record's
    (no `name:` line), and a note says how it was read."""
    text = _ROWS + _ITEM_NO_PORT.replace("path: /ping\n", "path: /ping\n              port: 8080\n")
    record = parse_record(text, "r.txt")
    probed = [c for p in record.pods for c in p.containers if c.spec is not None]
    assert len(probed) == 1 and probed[0].name is None
    assert probed[0].spec.liveness_probe.period_seconds == 10
    assert any("a container's item without its list" in n.text for n in record.notes)
    assert not any(n.startswith("not read: lines 8-") for n in _not_read(record))


@pytest.mark.parametrize("text", [
    # the piece is the record: refused, with the API server's reason
    _ITEM_NO_PORT,
    "livenessProbe:\n  initialDelaySeconds: 120\n  periodSeconds: 30\n",
    # prose around it is no record either (homarr-5145's shape)
    "It makes the app unusable.\n\nlivenessProbe:\n  periodSeconds: 30\n\nThese are my probe",
    # a question about such settings, a guide's list of them
    "Why does this probe never run?\n\nreadinessProbe:\n  failureThreshold: 5\n",
])
def test_a_rejected_piece_alone_is_refused_with_its_reason(text):
    with pytest.raises(RecordError, match="not a record explain reads") as info:
        parse_record(text, "r.txt")
    message = str(info.value)
    assert "the API server would reject" in message and "unknown field" not in message
    assert "ProbeSpec/" not in message and "container app" not in message


def test_a_field_no_container_has_is_named_as_kubesim_cannot_place_it():
    """A key that is no field of a Container, a probe or a pod spec is not called a field
    the API server rejects for another reason: its lines not read, the key named."""
    text = _ROWS + ("```\nlivenessProbe:\n  tcpSocket:\n    port: 80\nhealthyAfter: 3\n```\nthat is all\n")
    notes = _not_read(parse_record(text, "r.txt"))
    assert any("kubesim cannot place: healthyAfter is no field the API has" in n for n in notes), notes


def test_evidence_no_cluster_wrote_is_still_refused_beside_a_rejected_piece():
    """The rule sets aside a piece of probe YAML, never evidence no cluster can have
    written: an event count beyond int32 still refuses the record."""
    text = ("Events:\n  Warning  Unhealthy  3m (x4294967296 over 10y)  kubelet  Liveness probe "
            "failed\n\nlivenessProbe:\n  periodSeconds: 5\n")
    with pytest.raises(RecordError, match="over 2147483647"):
        parse_record(text, "r.txt")


def test_a_rejected_piece_of_a_2mb_line_is_read_in_one_pass():
    """One pass: a piece whose path is a 2 MB line, beside rows (no timing asserted)."""
    read_in_one_pass(_ROWS + _ITEM_NO_PORT.replace("/ping", "/" + "p" * 2_000_000))
    read_in_one_pass(_ROWS + "```\nlivenessProbe:\n  periodSeconds: 5\n  name: "
                     + "app " * 500_000 + "\n```\n")
