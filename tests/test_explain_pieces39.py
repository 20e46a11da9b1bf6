"""Pieces of records as pages print them, held-out batches 39 and 40 (fix39b):

- a pod's spec pasted without its object (`spec:` / `containers:` / `- name: app` /
  `livenessProbe: ...`, no kind): its containers' probe
  settings, as probe YAML beside a record is read (k8sbyexample-pt-br-liveness-probes);
  readers/pod_spec_piece.py;
- a manifest printed as a numbered listing, each line's number run into it and the
  indentation lost (`1apiVersion: v1`, `4 name: my-app`): read without the numbers, then
  re-nested by the object's structure (incidenta-evicted-kubernetes); readers/
  numbered_listing.py;
- the kubelet's messages under describe's `Events:` label without their rows' columns, the
  first on the label's own line (`Events: Liveness probe failed: ...  (x4 over 2m8s)`, then
  `Container app failed liveness probe, will be restarted`): each an event, its reason the
  one its words are the kubelet's for (`bare_reason`, the rule that reads a `REASON MESSAGE`
  row), rwlove-home-ops-13395; readers/message_alone.py.

Beside them, variants that must stay unread: a Deployment's or a Service's spec without kind,
a spec with a field no pod has, numbers that do not count up line by line, a numbered prose
list, numbered lines that are no manifest, other text after `Events:`, a message that goes on
an open row."""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, Diagnosis
from kubesim.explain.readers.model import CountBasis, RecordSet
from kubesim.explain.readers.read import parse_record


def _answer(text: str) -> Diagnosis:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    [c] = ex.containers
    assert c.answer is not None
    return c.answer


def _liveness(record: RecordSet) -> dict[str | None, int]:
    """Each container's liveness failureThreshold, as the record gives it."""
    return {c.name: c.spec.liveness_probe.failure_threshold for p in record.pods
            for c in p.containers if c.spec is not None and c.spec.liveness_probe is not None}


def _refused(text: str) -> bool:
    try:
        parse_record(text, "r.txt")
    except RecordError:
        return True
    return False


# ---------------------------------------------------------------- a pod's spec without kind

_PROBE = ("livenessProbe:\n  httpGet:\n    path: /healthz\n    port: 8080\n"
          "  failureThreshold: 5\n  periodSeconds: 10\n")


def _under(indent: int, text: str) -> str:
    return "".join(" " * indent + x + "\n" for x in text.splitlines())


_SPEC = "spec:\n  containers:\n    - name: web\n      image: web:1\n" + _under(6, _PROBE)


@pytest.mark.parametrize("text", [
    _SPEC,
    "A guide's example, pod-liveness.yaml\n\n" + _SPEC,
    "metadata:\n  name: web-0\n" + _SPEC,
    _SPEC.replace("spec:\n", "spec:\n  restartPolicy: Always\n"),
])
def test_a_pods_spec_without_its_object_is_its_containers_probe_settings(text: str) -> None:
    """`spec:` of a pod's fields holding `containers:` is what a
    Pod's spec holds: its containers' probes are read, nothing else shown (no kill, no
    bound), as probe YAML alone is (interviewstacks-observability's facts)."""
    record = parse_record(text, "r.txt")
    assert _liveness(record) == {"web": 5}
    assert any("a pod's spec without its object" in n.text for n in record.notes)
    a = _answer(text)
    assert a.cause is Cause.CANNOT_TELL and a.probe_kills.lo == 0 and a.probe_kills.hi is None


def test_a_pods_spec_without_its_object_gives_the_events_beside_it_their_threshold() -> None:
    """The piece is the probe settings of the container the rows beside it name: 5 failures
    in a row reach its failureThreshold of 5 (the rows give it no default's 3)."""
    text = _SPEC + (
        "\nEvents:\n  Type     Reason     Age                From     Message\n"
        "  ----     ------     ----               ----     -------\n"
        "  Warning  Unhealthy  10s (x5 over 50s)  kubelet  Liveness probe failed: HTTP probe "
        "failed with statuscode: 500\n"
        "  Normal   Killing    10s                kubelet  Container web failed liveness "
        "probe, will be restarted\n")
    record = parse_record(text, "r.txt")
    assert _liveness(record) == {"web": 5}
    assert _answer(text).cause is Cause.LIVENESS_KILL


@pytest.mark.parametrize("text", [
    # a Deployment's spec without its kind: its pods' spec is under `template:`
    "spec:\n  template:\n    spec:\n" + _under(4, _SPEC[len("spec:\n"):]),
    # a field no pod's spec has
    _SPEC.replace("spec:\n", "spec:\n  replicas: 2\n"),
    # a Service's spec: no containers
    "spec:\n  ports:\n  - port: 80\n  selector:\n    app: web\n",
])
def test_a_spec_that_is_no_pods_stays_unread(text: str) -> None:
    assert _refused(text)


def test_a_pods_spec_without_probes_gives_no_probe_settings() -> None:
    text = "spec:\n  containers:\n  - name: web\n    image: web:1\n"
    assert _refused(text)


# ---------------------------------------------------------------- a numbered listing

_POD = ["apiVersion: v1", "kind: Pod", "metadata:", "name: my-app", "spec:", "containers:",
        "- name: app", "image: my-app:latest", "livenessProbe:", "httpGet:", "path: /health",
        "port: 8080", "failureThreshold: 4", "periodSeconds: 10"]


def _numbered(lines: list[str], first: int = 1, *, glued: bool = True) -> str:
    """The page's listing: a key at column 0 run into its number, the others after a space
    (the indentation the copy folded), or every line after a space."""
    return "".join(f"{n}{t}\n" if glued and n == first else f"{n} {t}\n"
                   for n, t in enumerate(lines, first))


@pytest.mark.parametrize("text", [
    _numbered(_POD),
    _numbered(_POD, glued=False),
    "Как исправить ошибку\n" + _numbered(_POD) + "4. Проверь ресурсы\n",
    _numbered(_POD, 12),
    "".join(f"{n}{t}\n" for n, t in enumerate(_POD, 1)),  # every number run into its line
    _numbered(["apiVersion: apps/v1", "kind: Deployment", "metadata:", "name: web", "spec:",
               "template:", "spec:", "containers:", "- name: app", "livenessProbe:",
               "exec:", "command:", "- cat", "- /tmp/ok", "failureThreshold: 4"]),
])
def test_a_numbered_listing_of_a_manifest_is_read_without_its_numbers(text: str) -> None:
    """The numbers count up by one, line by line: a page's, read without them; what is left
    is a manifest whose indentation the page lost, re-nested by its structure."""
    record = parse_record(text, "r.txt")
    assert _liveness(record) == {"app": 4}
    assert any("numbered listing" in n.text for n in record.notes)


@pytest.mark.parametrize("text", [
    # the numbers skip one: the lines after the gap are no listing's
    "".join(f"{n + (n > 5)} {t}\n" for n, t in enumerate(_POD, 1)),
    # the numbers go back down
    "".join(f"{n} {t}\n" for n, t in zip([1, 2, 3, 4, 5, 6, 7, 8, 9, 3, 4, 5, 6, 7], _POD,
                                         strict=True)),
    # a numbered prose list, and numbered lines that are no manifest
    "1. Check the liveness probe\n2. Check the events\n3. Fix the probe\n",
    "1first, the liveness probe: failed\n2then the pod: restarted\n",
])
def test_numbers_that_are_no_listing_of_a_manifest_stay(text: str) -> None:
    try:
        record = parse_record(text, "r.txt")
    except RecordError:
        return
    assert _liveness(record) == {}


# ---------------------------------------------------------------- messages under `Events:`

_STATE = "Last State:  Terminated\n  Reason:    Error\n  Exit Code: 143\nRestart Count: 3\n"


@pytest.mark.parametrize(("events", "cause"), [
    ("Events: Liveness probe failed: context deadline exceeded  (x4 over 2m8s)\n"
     "        Container app failed liveness probe, will be restarted\n", Cause.LIVENESS_KILL),
    ("Events: Startup probe failed: HTTP probe failed with statuscode: 503\n"
     "  Container app failed startup probe, will be restarted\n", Cause.STARTUP_KILL),
    ("Events:\n  Liveness probe failed: Get \"http://10.0.0.7:8080/\": context deadline "
     "exceeded\n  Container app failed liveness probe, will be restarted\n",
     Cause.LIVENESS_KILL),
])
def test_kubelet_messages_under_the_events_label_are_its_events(events: str, cause) -> None:
    """Each message without its row's columns is an event, its reason the one the kubelet
    gives those words (`bare_reason`): the Killing message names its probe, one kill at least;
    the restart count (no State shown) allows R + 1."""
    a = _answer(_STATE + events)
    assert a.cause is cause
    assert (a.probe_kills.lo, a.probe_kills.hi) == (1, 4)


def test_describes_count_after_a_message_is_how_many_times_it_happened() -> None:
    text = _STATE + "Events: Liveness probe failed: context deadline exceeded  (x4 over 2m8s)\n"
    [pod] = parse_record(text, "r.txt").pods
    [event] = pod.events
    assert (event.reason, event.count, event.count_basis) == ("Unhealthy", 4, CountBasis.STATED)
    assert event.message == "Liveness probe failed: context deadline exceeded"


@pytest.mark.parametrize("events", [
    "Events: see below\n",
    "Events: <none>\n",
    "Events: the liveness probe keeps failing and the container is restarted\n",
    "Events: Container app was restarted after its liveness probe failed\n",
])
def test_other_text_after_the_events_label_is_no_event(events: str) -> None:
    a = _answer(_STATE + events)
    assert a.cause is Cause.CANNOT_TELL
    assert not [e for p in parse_record(_STATE + events, "r.txt").pods for e in p.events]


def test_a_message_under_an_open_row_goes_on_with_that_row() -> None:
    """A row whose message a narrow page put on the next line: that line is the row's
    message, not an event of its own."""
    text = ("Events:\n  Type     Reason     Age   From     Message\n"
            "  ----     ------     ----  ----     -------\n"
            "  Warning  Unhealthy  10s (x3 over 30s)   kubelet\n"
            "  Liveness probe failed: HTTP probe failed with statuscode: 500\n")
    [pod] = parse_record(text, "r.txt").pods
    [event] = pod.events
    assert event.count == 3 and event.message.startswith("Liveness probe failed")


# ---------------------------------------------------------------- one pass


@pytest.mark.parametrize("text", [
    "1" + " " * 2_000_000 + "kind: Pod",
    "1apiVersion: v1" + "x" * 2_000_000,
    "1" * 2_000_000,
    "1kind: Pod\n" + "".join(f"{n} name: a\n" for n in range(2, 20_000)),
    "Events: " + " " * 2_000_000 + "Liveness probe failed: x",
    "Events: Liveness probe failed: " + "(x" * 1_000_000,
    "Events: Liveness probe failed: x" + " " * 2_000_000 + "(x4 over 2m8s)",
    "Restart Count: 3\nEvents: Liveness probe failed: x\n" + "Liveness probe failed: " * 90_000,
    "spec:" + " " * 2_000_000,
    "spec:\n  containers:\n  - name: " + "a" * 2_000_000,
])
def test_the_pieces39_rules_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of spaces, digits, the rules' words (`Events: ` then 2 MB of
    blanks was quadratic in describe's `Events:` pattern before fix39b)."""
    read_in_one_pass(text + "\n")
