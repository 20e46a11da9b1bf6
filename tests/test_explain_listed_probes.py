"""A pod whose spec the record holds lists every probe of its containers, so a container it
lists without a liveness or startup probe cannot have been killed by one (held-out batch 37,
fixobj38: site-docker-study-028's Japanese dojo, a Pod manifest whose lines lost their
indentation, one container, no probe, then prose; explain left its kills open, {0, null},
where the facts read {0, 0}). Two gaps kept it: the manifest was not re-nested, its last
line `restartPolicy: Always` being the pod's or the container's (README's re-nesting rule:
only what a reading that does not need the line shows is read, now the one reading without
that line); and a pod document's container without probes was not taken as listing its
probes (`ContainerRecord.spec_listed`), so a record showing nothing left the kills open.

Hand-written variants: other names and prose, the manifest indented, a Pod of two
containers, a label `name` two readings place in two places; beside those that must stay
open: a liveness probe in the spec, probe YAML alone (readiness only: the container's other
probes are not in it), a pod's status without its spec, and a line two readings place in a
probe or its pod (`terminationGracePeriodSeconds`), never left out."""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.renest import MAX_LEFT_OUT, renest, renest_leaving_out

_POD = """\
apiVersion: v1
kind: Pod
metadata:
  name: {pod}
spec:
  containers:
  - name: {container}
    image: alpine:3.19
    command: ["sh", "-c", "echo starting; exit 3"]
{probe}  restartPolicy: {policy}
"""

_LIVENESS = """\
    livenessProbe:
      tcpSocket:
        port: 8080
      periodSeconds: 5
"""


def _flat(text: str) -> str:
    return "\n".join(x.strip() for x in text.splitlines()) + "\n"


def _kills(text: str, container: str | None = None) -> dict[str | None, CountRange]:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(
        suggest=False, phases=1, container=container))
    return {c.name: c.answer.probe_kills for c in ex.containers if c.answer is not None}


@pytest.mark.parametrize("policy", ["Always", "OnFailure", "Never"])
@pytest.mark.parametrize(("before", "after"), [
    ("", ""),
    ("Step 2: break it on purpose\n", "kubectl apply -f broken.yaml\nkubectl get pods -w\n"
     "After a while the pod shows CrashLoopBackOff.\n"),
])
def test_a_flattened_pod_without_probes_ending_in_restart_policy_bounds_the_kills(
        policy: str, before: str, after: str) -> None:
    """The last line `restartPolicy` is the pod's or the container's: left out, the rest
    re-nests one way, and its one container lists no probe: no kill, {0, 0}."""
    pod = _flat(_POD.format(pod="broken-demo", container="worker", probe="", policy=policy))
    assert _kills(before + pod + after) == {"worker": CountRange(0, 0)}
    found = parse_record(before + pod + after, "r.txt")
    assert [p.name for p in found.pods] == ["broken-demo"]
    last = len(before.splitlines()) + len(pod.splitlines())
    notes = " | ".join(n.text for n in [*found.notes, *(n for p in found.pods for n in p.notes)])
    assert f"line {last} not read: `restartPolicy` could belong to " in notes, notes


def test_a_pod_document_without_probes_bounds_the_kills() -> None:
    """The same Pod indented, and a Pod of two containers: one with a liveness probe (open:
    the record shows nothing of it), one with none ({0, 0})."""
    pod = _POD.format(pod="demo", container="api", probe="", policy="Always")
    assert _kills(pod) == {"api": CountRange(0, 0)}
    two = pod.replace("  restartPolicy", "  - name: sidecar\n    image: envoy\n" + _LIVENESS
                      + "  restartPolicy")
    assert _kills(two, "api") == {"api": CountRange(0, 0)}
    assert _kills(two, "sidecar") == {"sidecar": CountRange(0, None)}


@pytest.mark.parametrize("text", [
    _POD.format(pod="demo", container="api", probe=_LIVENESS, policy="Always"),
    _flat(_POD.format(pod="demo", container="api", probe=_LIVENESS, policy="Always")),
    # probe YAML alone: the container's other probes are not in it
    "readinessProbe:\n  httpGet:\n    path: /ready\n    port: 8080\n  periodSeconds: 5\n",
])
def test_a_liveness_probe_or_a_piece_of_the_spec_leaves_the_kills_open(text: str) -> None:
    assert list(_kills(text).values()) == [CountRange(0, None)]


def test_a_label_name_two_readings_place_is_left_out() -> None:
    """`labels:` then `name: x`: a label or the pod's name; left out, the pod is read without
    a name, its container's missing probes bounding the kills."""
    text = ("apiVersion: v1\nkind: Pod\nmetadata:\nlabels:\napp: web\nname: web-1\nspec:\n"
            "containers:\n- name: web\nimage: nginx\n")
    assert _kills(text) == {"web": CountRange(0, 0)}
    nested = renest_leaving_out(text.splitlines(), ["Pod"])
    assert nested.lines is not None and nested.lines[5] == ""
    assert [i for i, _ in nested.left_out] == [5]


def test_a_line_two_readings_place_in_a_probe_is_never_left_out() -> None:
    """`terminationGracePeriodSeconds` after a probe's last key: the probe's or the pod's.
    Left out, the probe would be read without a setting the record states: the manifest is
    not re-nested, as before."""
    lines = ["apiVersion: v1", "kind: Pod", "metadata:", "name: p", "spec:", "containers:",
             "- name: c", "image: x", "livenessProbe:", "exec:", "command:", "- cat",
             "- /tmp/ok", "failureThreshold: 2", "terminationGracePeriodSeconds: 30"]
    first = renest(lines, ["Pod"])
    assert first.two_ways and first.lines is None
    assert renest_leaving_out(lines, ["Pod"]) == first


def test_lines_left_out_are_bounded() -> None:
    """Keys of the metadata after its labels, each a label or the metadata's own: up to
    `MAX_LEFT_OUT` are left out; one more and the manifest is not re-nested (each costs one
    more pass over the lines, so the bound keeps it linear)."""
    keys = ["name: x", "namespace: y", "uid: z", "generateName: w", "resourceVersion: '1'"]
    for many, nests in ((MAX_LEFT_OUT, True), (MAX_LEFT_OUT + 1, False)):
        lines = ["kind: Pod", "metadata:", "labels:", "a: b", *keys[:many], "spec:",
                 "containers:", "- name: c"]
        nested = renest_leaving_out(lines, ["Pod"])
        assert (nested.lines is not None) is nests
        assert len(nested.left_out) == (many if nests else 0)


@pytest.mark.parametrize("line", ["restartPolicy:" + " " * 2_000_000 + "Always",
                                  "restartPolicy: " + "A" * 2_000_000])
def test_a_left_out_line_of_2_mb_is_read_in_one_pass(line: str) -> None:
    text = ("apiVersion: v1\nkind: Pod\nmetadata:\nname: p\nspec:\ncontainers:\n- name: c\n"
            "image: x\n" + line + "\n")
    read_in_one_pass(text)
