"""Manifests whose indentation a page lost (every line at column 0), re-nested by the
Kubernetes object's structure (kubesim/explain/readers/renest.py, shapes.py): found with
euno-news-three-probes (held-out batch 31), a Deployment whose `metadata:` (line 9) and pod
template's `metadata:` (line 17) ran into one mapping, refused as a duplicate key.

Hand-written variants: a Deployment of two containers with liveness and readiness, env and
ports lists (lists of mappings inside a container) that must not take the probe keys, a
StatefulSet with a claim template, a Pod, a cut; a key two
parents could hold is said not read with its line and the two parents, never guessed; a
Service is said not read, never refused.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.readers.model import RecordSet
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.renest import MAX_READINGS, renest
from kubesim.explain.readers.shapes import TYPES, Shape
from kubesim.spec.model import ContainerSpec

HERE = Path(__file__).resolve().parent
SCHEMA = json.loads((HERE / "data" / "core_v1_pod_schema.json").read_text())["components"][
    "schemas"]
PREFIX = "io.k8s.api.core.v1."


def _flat(text: str) -> str:
    """`text` as a page that lost its indentation shows it: every line at column 0."""
    return "\n".join(x.strip() for x in text.splitlines()) + "\n"


def _specs(found: RecordSet) -> dict[str | None, ContainerSpec | None]:
    return {c.name: c.spec for p in found.pods for c in p.containers}


def _notes(found: RecordSet) -> str:
    return " | ".join(n.text for n in [*found.notes, *(n for p in found.pods for n in p.notes)])


_DEPLOYMENT = """\
The manifest:
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
  labels:
    tier: web
spec:
  replicas: 2
  selector:
    matchLabels:
      tier: web
  template:
    metadata:
      labels:
        tier: web
    spec:
      containers:
      - name: {first}
        image: shop/api:2.1
        ports:
        - containerPort: {port}
          name: https
        env:
        - name: LOG_LEVEL
          value: debug
        - name: PORT
          value: "{port}"
        livenessProbe:
          httpGet:
            path: /livez
            port: {port}
            scheme: HTTPS
          periodSeconds: {period}
          failureThreshold: 4
        readinessProbe:
          tcpSocket:
            port: {port}
          periodSeconds: 3
      - name: {second}
        image: redis:7
        livenessProbe:
          exec:
            command:
            - redis-cli
            - ping
          initialDelaySeconds: 12
Then apply it with kubectl apply -f deploy.yaml
"""


@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(["shop", "checkout-v2", "a"]),
       first=st.sampled_from(["api", "web-frontend"]), second=st.sampled_from(["cache", "r"]),
       port=st.integers(1, 65535), period=st.integers(1, 60))
def test_a_flattened_deployment_of_two_containers_reads_each_ones_probes(
        name: str, first: str, second: str, port: int, period: int) -> None:
    """Two containers, each named; the env and ports items (`- name: PORT`, a port's
    `name: https`) keep to their lists and the probe keys after them go to their container."""
    found = parse_record(_flat(_DEPLOYMENT.format(name=name, first=first, second=second,
                                                  port=port, period=period)), "r.txt")
    specs = _specs(found)
    assert set(specs) == {first, second}
    api, cache = specs[first], specs[second]
    assert api is not None and cache is not None
    live, ready = api.liveness_probe, api.readiness_probe
    assert live is not None and live.http_get is not None and ready is not None
    assert (live.http_get.path, live.http_get.port, live.period_seconds,
            live.failure_threshold) == ("/livez", port, period, 4)
    assert ready.tcp_socket is not None and ready.tcp_socket.port == port
    assert ready.period_seconds == 3 and cache.readiness_probe is None
    assert cache.liveness_probe is not None and cache.liveness_probe.exec_ is not None
    assert cache.liveness_probe.exec_.command == ("redis-cli", "ping")
    assert cache.liveness_probe.initial_delay_seconds == 12
    last = _DEPLOYMENT.splitlines().index("Then apply it with kubectl apply -f deploy.yaml")
    assert f"lines 2-{last} are a Deployment whose indentation is lost" in _notes(found)


_STATEFULSET = """\
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 3
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      terminationGracePeriodSeconds: {grace}
      containers:
      - name: {name}
        image: postgres:16
        ports:
        - containerPort: 5432
        readinessProbe:
          exec:
            command: ["pg_isready", "-U", "postgres"]
          periodSeconds: 5
        livenessProbe:
          tcpSocket:
            port: 5432
          failureThreshold: {threshold}
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 10Gi
"""


@pytest.mark.parametrize(("name", "grace", "threshold"), [("postgres", 30, 6), ("pg", 5, 1)])
def test_a_flattened_statefulset_with_a_claim_template_reads_its_probes(
        name: str, grace: int, threshold: int) -> None:
    """The claim template's `metadata:` and `spec:` after the pod template's: each goes
    under the parent that does not hold one yet (the StatefulSet's spec, its item)."""
    text = "kubectl get sts db -o yaml\n" + _flat(_STATEFULSET.format(
        name=name, grace=grace, threshold=threshold))
    spec = _specs(parse_record(text, "r.txt"))[name]
    assert spec is not None and spec.liveness_probe is not None
    assert spec.liveness_probe.failure_threshold == threshold
    assert spec.readiness_probe is not None and spec.readiness_probe.exec_ is not None
    assert spec.readiness_probe.exec_.command == ("pg_isready", "-U", "postgres")


_POD = """\
apiVersion: v1
kind: Pod
metadata:
  name: {pod}
spec:
  restartPolicy: Always
  containers:
  - name: worker
    image: busybox
    args:
    - /bin/sh
    - -c
    - sleep 3600
    startupProbe:
      exec:
        command:
        - cat
        - /tmp/started
      failureThreshold: {threshold}
      periodSeconds: 2
  - name: side
    image: envoy
    readinessProbe:
      httpGet:
        path: /ready
        port: 9901
"""


def test_a_flattened_pod_of_two_containers_is_read_with_its_name() -> None:
    """A Pod: its name is the metadata's, its containers each named; `command:` after
    `exec:` is the probe's, never the container's (an `exec:` holding nothing is no probe's)."""
    found = parse_record("here is the pod:\n" + _flat(_POD.format(pod="worker-7",
                                                                  threshold=9)), "r.txt")
    assert [p.name for p in found.pods] == ["worker-7"]
    specs = _specs(found)
    worker, side = specs["worker"], specs["side"]
    assert worker is not None and side is not None
    startup = worker.startup_probe
    assert startup is not None and startup.exec_ is not None
    assert startup.exec_.command == ("cat", "/tmp/started") and startup.failure_threshold == 9
    assert side.readiness_probe is not None and side.readiness_probe.http_get is not None
    assert side.readiness_probe.http_get.port == 9901


def test_a_whole_file_that_is_a_flattened_pod_is_re_nested_as_a_pasted_one() -> None:
    """The file is the manifest alone (its first line `apiVersion:`): read as the same lines
    after a sentence are, the pod named by its metadata."""
    one = _flat(_POD.format(pod="solo-3", threshold=4).split("  - name: side")[0])
    for text in (one, "the manifest:\n" + one):
        found = parse_record(text, "r.txt")
        assert [p.name for p in found.pods] == ["solo-3"]
        spec = _specs(found)["worker"]
        assert spec is not None and spec.startup_probe is not None
        assert spec.startup_probe.failure_threshold == 4
        assert "are a Pod whose indentation is lost in the paste: read with each key put " \
               "back under the parent whose type holds it" in _notes(found)



@pytest.mark.parametrize("above", ["", "kubectl get pod X -o yaml\n\n...\n"])
def test_a_pod_whose_kind_stands_at_column_0_among_elided_lines_is_re_nested_once(
        above: str) -> None:
    """`apiVersion:` and `kind:` at column 0 between an author's `...` lines, the status
    indented under them (opentelemetry-collector-contrib-31282, held-out batch 79: the
    re-nested document qualified for re-nesting again, without end, a RecursionError): the
    re-nested manifest is read as it is, its container's last end read with its note."""
    text = above + ("apiVersion: v1\nkind: Pod\n...\nstatus:\n  containerStatuses:\n"
                    "  - name: app\n    lastState:\n      terminated:\n        exitCode: 2\n"
                    "        reason: Error\n")
    found = parse_record(text, "r.txt")
    ended = [c for p in found.pods for c in p.containers if c.name == "app"]
    last = ended[0].last if ended else None
    assert last is not None and last.exit_code == 2 and last.reason == "Error"
    assert "whose indentation is lost in the paste" in _notes(found)



@given(dots=st.sets(st.integers(0, 30), max_size=4),
       drop=st.sets(st.integers(0, 30), max_size=3), flat=st.booleans())
def test_a_manifest_with_lines_elided_or_left_out_is_read_or_refused_never_crashes(
        dots: set[int], drop: set[int], flat: bool) -> None:
    """A Pod's lines, some left out and an author's `...` put between others, with or without
    their indentation: explain reads the record or refuses it with a RecordError, never an
    exception of its own (`...` after `kind: Pod` made a re-nested document that was re-nested
    without end, a RecursionError)."""
    manifest = _POD.format(pod="p", threshold=3)
    lines = (_flat(manifest) if flat else manifest).splitlines()
    pasted = [x for i, line in enumerate(lines) if i not in drop
              for x in (["...", line] if i in dots else [line])]
    try:
        parse_record("\n".join(pasted) + "\n", "r.txt")
    except RecordError:
        pass


# a pod spec's piece (no kind): the re-nesting from a root type given
_PIECE = """\
containers:
- name: {first}
  image: nginx
  livenessProbe:
    httpGet:
      path: /
      port: 80
    periodSeconds: 4
- name: {second}
  image: busybox
  readinessProbe:
    exec:
      command:
      - cat
      - /tmp/ready
"""


def test_a_key_two_parents_could_hold_is_said_with_its_line_never_guessed() -> None:
    """`restartPolicy: Never` after the last container's probe: the container's (KEP-5307)
    or the pod's, nothing tells. The line is not read (said, with the line and both
    parents), and what the one reading without it shows is (fixobj38, README's re-nesting
    rule: a scalar's line opens nothing, so no other line hangs on where it goes): the second
    container's probe is read; nothing is refused."""
    pod = _flat(_POD.format(pod="w", threshold=3).replace("  restartPolicy: Always\n", "")
                + "  restartPolicy: Never\n")
    head = ("$ kubectl get events\nLAST SEEN   TYPE     REASON    OBJECT    MESSAGE\n"
            "5s          Normal   Pulled    pod/w     image pulled\nthe pod:\n")
    found = parse_record(head + pod, "r.txt")
    first, last = 5, 4 + len(pod.splitlines())
    notes = _notes(found)
    assert f"lines {first}-{last} are a Pod whose indentation is lost in the paste: read with " \
           "each key put back under the parent whose type holds it (the Kubernetes object's " \
           f"structure), one way only; line {last} not read: `restartPolicy` could belong to " \
           in notes, notes
    assert re.search(r"could belong to (Pod\.spec\.containers\[1\] or to Pod\.spec|Pod\.spec "
                     r"or to Pod\.spec\.containers\[1\]), and what a reading without it shows "
                     r"is read", notes), notes
    side = _specs(found)["side"]
    assert side is not None and side.readiness_probe is not None
    assert [p.restart_policy for p in found.pods] == [None]


def test_a_flattened_service_is_said_not_read_never_refused() -> None:
    """A Service (a key twice: the label and the selector's `app`) beside a flattened
    Deployment: its lines not read, the Deployment read."""
    service = _flat("apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  labels:\n"
                    "    app: web\nspec:\n  selector:\n    app: web\n  ports:\n  - port: 80\n")
    deployment = _flat(_DEPLOYMENT.format(name="web", first="api", second="cache", port=8080,
                                          period=5))
    found = parse_record(deployment + "\nand the service:\n" + service, "r.txt")
    assert set(_specs(found)) == {"api", "cache"}
    first = len(deployment.splitlines()) + 3
    assert f"not read: lines {first}-{first + 10} (its indentation is lost in the paste and a " \
           "Service, no pod, event or probe): apiVersion: v1" in _notes(found)


def test_a_flattened_deployment_cut_inside_its_probe_is_read_up_to_the_cut() -> None:
    """The record ends inside the liveness probe (after `periodSeconds:`'s line): the
    manifest is re-nested as far as it goes and read as any manifest cut at the record's
    end; what ended the container stays open."""
    text = _flat(_DEPLOYMENT.format(name="web", first="api", second="cache", port=8080,
                                    period=5))
    cut = text[:text.index("failureThreshold: 4")]
    found = parse_record(cut, "r.txt")
    spec = _specs(found).get("api")
    assert spec is not None and spec.liveness_probe is not None
    assert spec.liveness_probe.period_seconds == 5
    ex = explain_records([found], ExplainOptions(suggest=False, phases=1))
    assert all(c.answer is None or c.answer.probe_kills.hi is None for c in ex.containers)


# ---------------------------------------------------------------- the re-nesting itself


@pytest.mark.parametrize(("manifest", "root"), [
    (_DEPLOYMENT.format(name="n", first="a", second="b", port=1, period=1)
     .split("\n", 1)[1].rsplit("Then", 1)[0], "Deployment"),
    (_STATEFULSET.format(name="pg", grace=1, threshold=1), "StatefulSet"),
    (_POD.format(pod="p", threshold=1), "Pod"),
    (_PIECE.format(first="a", second="b"), "PodSpec")])
def test_renest_gives_back_the_manifest_the_page_flattened(manifest: str, root: str) -> None:
    """The lines re-nested are, as YAML, the manifest before the page lost its indentation."""
    nested = renest(_flat(manifest).splitlines(), [root, "Container"])
    assert nested.lines is not None, nested.why
    assert yaml.safe_load("\n".join(nested.lines)) == yaml.safe_load(manifest)


def test_renest_never_places_a_key_nothing_holds() -> None:
    nested = renest(["kind: Deployment", "spec:", "replicas: 2", "colour: blue"],
                    ["Deployment"])
    assert nested.lines is None and nested.line == 3
    assert nested.why == "`colour` belongs under none of the keys open above it"


def test_renest_never_leaves_an_object_opened_with_nothing_under_it() -> None:
    nested = renest(["kind: Pod", "spec:", "containers:", "- name: a", "livenessProbe:"],
                    ["Pod"])
    assert nested.lines is None


@settings(max_examples=25, deadline=None)
@given(label=st.sampled_from(["name", "namespace"]), value=st.from_regex(r"[a-z]{1,8}",
                                                                          fullmatch=True))
def test_a_label_named_as_a_key_of_the_metadata_is_two_readings(label: str,
                                                                value: str) -> None:
    """`labels:` then `name: x`: a label or the object's name; nothing below tells."""
    nested = renest(["kind: Pod", "metadata:", "labels:", f"app: {value}", f"{label}: {value}",
                     "spec:", "containers:", "- name: c"], ["Pod"])
    assert nested.lines is None and nested.line == 4
    assert "could belong to" in nested.why and "Pod.metadata.labels" in nested.why


def test_renest_is_one_pass_on_100000_lines_and_a_2_mb_line() -> None:
    """Hostile input: 100,000 env items at column 0 (each weighed against the open parents
    only), and a value of 2 MB: read, or refused, in one pass (the suite's timeout bounds)."""
    env = "".join(f"- name: V{i}\nvalue: x\n" for i in range(50_000))
    text = ("apiVersion: v1\nkind: Pod\nmetadata:\nname: p\nspec:\ncontainers:\n- name: c\n"
            "env:\n" + env + "livenessProbe:\nhttpGet:\npath: /" + "a" * 2_000_000
            + "\nport: 80\n")
    spec = _specs(parse_record(text, "r.txt"))["c"]
    assert spec is not None and spec.liveness_probe is not None
    labels = "".join(f"k{i}: v\n" for i in range(100_000))
    try:
        parse_record("apiVersion: v1\nkind: Pod\nmetadata:\nlabels:\n" + labels, "r.txt")
    except RecordError:
        pass


@pytest.mark.parametrize("line", ["- " + " " * 2_000_000 + "a: b", "name" + " " * 2_000_000
                                  + ": x", "-" + "\t " * 1_000_000, "a" * 2_000_000 + ":",
                                  "x: |" + " " * 2_000_000])
def test_a_2_mb_line_in_a_flattened_pod_is_read_or_refused_in_one_pass(line: str) -> None:
    """Hostile lines for the re-nesting's patterns (`- ` then spaces, a key then spaces, a
    key of 2 MB, a block's indicator then spaces): one pass (the suite's timeout bounds)."""
    text = ("apiVersion: v1\nkind: Pod\nmetadata:\nname: p\nspec:\ncontainers:\n- name: c\n"
            + line + "\nlivenessProbe:\nexec:\ncommand:\n- cat\n")
    try:
        parse_record(text, "r.txt")
    except RecordError:
        pass


def test_readings_are_not_followed_past_the_bound() -> None:
    """`labels:` then keys of the metadata: each may be a label or the metadata's own key, the
    readings growing by one a line; past the bound the lines are not followed further (the
    pass stays linear whatever the lines)."""
    lines = ["kind: Pod", "metadata:", "labels:", "a: b", "name: x", "namespace: y", "uid: z",
             "generateName: w"]
    assert renest(lines, ["Pod"], limit=3)[:4] == (
        None, "its keys could be put back in more than 3 ways from this line on", 6, False)
    assert renest(lines, ["Pod"]).two_ways and MAX_READINGS > 5


# ---------------------------------------------------------------- the table and the schema


def _schema_shape(prop: dict[str, Any]) -> tuple[Shape, str]:
    ref = next((c["$ref"] for c in (prop, prop.get("items", {}), *prop.get("allOf", []))
                if "$ref" in c), "")
    of = ref.rsplit(".", 1)[-1] if ref.startswith("#/components/schemas/" + PREFIX) else ""
    if prop.get("type") == "array":
        return (Shape.LIST, of) if of else (Shape.SCALARS, "")
    if prop.get("type") == "object":
        return Shape.MAP, ""
    return (Shape.OBJECT, of) if of else (Shape.SCALAR, "")


@pytest.mark.parametrize("kind", sorted(k[len(PREFIX):] for k in SCHEMA))
def test_the_table_holds_each_core_type_as_the_api_schema_does(kind: str) -> None:
    """Every field of the core/v1 pod types the API's schema holds (tests/data), with the
    shape the schema gives it: a table that misses one would refuse a real manifest's key, one
    of another shape would put a key where the API could not."""
    fields = SCHEMA[PREFIX + kind]["properties"]
    table = TYPES[kind]
    assert set(fields) == set(table), set(fields) ^ set(table)
    for key, prop in fields.items():
        shape, of = _schema_shape(prop)
        assert table[key].shape is shape, (kind, key)
        if of in TYPES and shape in (Shape.OBJECT, Shape.LIST):
            assert table[key].of == of, (kind, key)


def test_every_type_the_table_names_is_declared() -> None:
    named = {f.of for fields in TYPES.values() for f in fields.values() if f.of}
    assert named <= set(TYPES), named - set(TYPES)
