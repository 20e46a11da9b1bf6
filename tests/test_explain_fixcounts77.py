"""Held-out batches 77-82 (fixcounts77): what bounds the kills.

- Describe's event rows pasted without their column header, past the event recorder's burst
  (diagnosis.py `_kills_from_below`; hazelcast-docker-901): a piece of the table, rows of it
  may be left out below, so a kill after the Killing row's last time the spam filter dropped
  may be in no row (R4.43): the Killing rows count the kills from below, `max: null`. Under
  their header, none cut, or under the burst, they count every kill.
- A pod's spec cut inside a container's item (readers/cut_container.py; druid-operator-174):
  the keys after the cut, probes among them, are not in the record: its kills stay open.
  A spec cut after the item (in a pod-level key) lists the container's probes whole.
- A workload's manifest whose pod template has no probed container (readers/unprobed.py;
  wg-ui-37): its containers listed with no probe, so none was killed by one, `{0, 0}`. Cut
  inside the container's item, or cut before its pod spec, or no workload at all, it bounds
  nothing.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause
from kubesim.explain.readers.cut_container import cut_container
from kubesim.explain.readers.normalise import LineKind, PasteLine

# ------------------------------------------------ headerless rows past the burst

_ROWS = (
    "  Normal   Pulled     4m22s                  kubelet  Successfully pulled image "
    "\"example/app:1.2\" in 336ms (336ms including waiting)\n"
    "  Warning  Unhealthy  3m30s (x6 over 4m50s)  kubelet  Liveness probe failed: Get "
    "\"http://10.1.2.3:8081/health\": dial tcp 10.1.2.3:8081: connect: connection refused\n"
    "  Normal   Killing    3m30s (x2 over 4m30s)  kubelet  Container web failed liveness "
    "probe, will be restarted\n"
    "  Normal   Pulling    3m22s (x3 over 5m29s)  kubelet  Pulling image \"example/app:1.2\"\n"
    "  Warning  Unhealthy  20s ({ready} over 4m50s)   kubelet  Readiness probe failed: dial tcp "
    "10.1.2.3:8080: connect: connection refused\n")
_HEADER = ("Events:\n"
           "  Type     Reason     Age                    From     Message\n"
           "  ----     ------     ----                   ----     -------\n")


@pytest.mark.parametrize("text", [
    "```\n" + _ROWS.format(ready="x22") + "```\n",
    "all we logged was:\n```\n" + _ROWS.format(ready="x30") + "```\nHopefully the logs help.\n",
    "Events:\n" + _ROWS.format(ready="x22"),  # `Events:` over rows whose header was left out
    # the table under its header, none cut: past the burst too (the lead's stop-53 rule: the
    # failures a later kill needs may be dropped as well; until then {2, 2})
    _HEADER + _ROWS.format(ready="x22"),
])
def test_headerless_rows_past_the_burst_count_kills_from_below(text):
    """hazelcast-docker-901: 34 occurrences, no header: rows left out below may hide a kill
    the spam filter dropped (R4.43, README's rule of rows pasted without their header); whole
    rows under their header past the burst alike."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi) == (Cause.LIVENESS_KILL, 2, None)


@pytest.mark.parametrize("text", [
    _HEADER + _ROWS.format(ready="x5"),  # the table under its header, none cut, 17
    # 17 occurrences, and 5 the rows imply and leave out (the two killed containers' Created
    # and Started, a pull's outcome: implied_rows.py, fixrows93): 22, under the burst
    "```\n" + _ROWS.format(ready="x5") + "```\n",
])
def test_rows_under_their_header_or_the_burst_count_every_kill(text):
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi) == (Cause.LIVENESS_KILL, 2, 2)


# ------------------------------------------------ a container's item cut

_PROSE = ("I am unable to run this image in Kubernetes, the pod keeps failing with "
          "`CrashLoopBackOff` and the logs says `level=fatal msg=\"operation not supported\"` "
          "only.\n\n")

_POD = """apiVersion: v1
kind: Pod
metadata:
  name: druid-historicals-6dd648bdf5-jkxj2
  namespace: team
spec:
  containers:
  - command:
    - /druid.sh
    env:
    - name: POD_NAME
      valueFrom:
        fieldRef:
          fieldPath: metadata.name
    image: apache/druid:0.21.0
    name: historicals
    ports:
    - containerPort: 8088
      protocol: TCP
    readinessProbe:
      failureThreshold: 3
      httpGet:
        path: /status/health
        port: 8088
"""

# the same container in a Deployment's template (its lines four columns right)
_DEPLOYED = ("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: druid-historicals\n"
             "spec:\n  selector:\n    matchLabels:\n      app: druid\n  template:\n    spec:\n"
             + "".join("    " + x + "\n" for x in _POD.split("spec:\n", 1)[1].splitlines()))


@pytest.mark.parametrize("text", [
    "Here we go:\n\n```\n" + _POD + "        scheme: HTTP\n      periodSecond",  # druid's cut
    "```\n" + _POD + "      periodSecond",
    "```\n" + _POD.split("    readinessProbe:")[0] + "    readinessPr",  # cut above the probe
    "```\n" + _DEPLOYED + "          periodSecond",  # a Deployment's template cut so
    _PROSE + "```\n" + _DEPLOYED + "          periodSecond",  # beside a back-off
    _PROSE + "```\n" + _POD + "      periodSecond",
    "```\n" + _POD + "        scheme: HTTP",  # the paste ends inside its last line
])
def test_a_spec_cut_inside_a_containers_item_leaves_its_probes_untold(text):
    """druid-operator-174: the keys after the cut may hold a liveness or startup probe."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi) == (Cause.CANNOT_TELL, 0, None)


@pytest.mark.parametrize("text", [
    "```\n" + _POD + "  dnsPolicy: ClusterFirst\n  restartP",  # cut after the item
    "```\n" + _POD + "  dnsPolicy: ClusterFirst\n```\n",  # whole
    "```\n" + _POD + "        scheme: HTTP\n```\n",  # a line break, then the fence closed
])
def test_a_spec_cut_after_the_item_lists_its_probes_whole(text):
    a = explained_answer(text)
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, 0)


def _lines(text: str) -> list[PasteLine]:
    return [PasteLine(i, t, LineKind.CONTENT) for i, t in enumerate(text.split("\n"), 1)]


@pytest.mark.parametrize(("text", "name"), [
    (_POD, "historicals"),  # inside its readinessProbe
    (_POD.split("    image:")[0], None),  # inside its env, before its `name:`
    (_POD.split("    image:")[0] + "    image: a\n    name: app", "app"),
    ("spec:\n  containers:\n    - name: a\n      image: b\n    - name: c\n      image: d", "c"),
    ("spec:\n  initContainers:\n  - image: b\n    name: init", "init"),
    ("spec:\n  containers:\n  - name: a", "a"),  # the item's first line, the last read
])
def test_the_container_item_the_cut_lies_inside(text, name):
    cut = cut_container(_lines(text))
    assert cut is not None and cut.name == name


@pytest.mark.parametrize("text", [
    _POD + "  dnsPolicy: ClusterFirst",  # a pod-level key after the item
    _POD + "status:\n  phase: Running",
    "spec:\n  volumes:\n  - name: data\n    emptyDir: {}",  # another list's item
    "spec:\n  containers: [{name: a, image: b}]",  # flow style: no item line
    "ports:\n- containerPort: 80\n  name: http",
    "",
])
def test_no_container_item_holds_the_cut(text):
    assert cut_container(_lines(text)) is None


# ------------------------------------------------ a workload with no probe

_DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: wireguard
spec:
  replicas: 1
  selector:
    matchLabels:
      component: wireguard
  template:
    metadata:
      labels:
        component: wireguard
    spec:
      containers:
        - name: wg-ui
          image: "embarkstudios/wireguard-ui"
          command: ["/wireguard-ui"]
          ports:
            - containerPort: 8080
              name: gui
"""
_SERVICE = "---\napiVersion: v1\nkind: Service\nmetadata:\n  n"


@pytest.mark.parametrize("text", [
    _PROSE + "```yaml\n" + _DEPLOYMENT + _SERVICE,  # wg-ui-37: the paste cut in the Service
    _PROSE + "```yaml\n" + _DEPLOYMENT + "```\n",
    _PROSE + "```yaml\n" + _DEPLOYMENT.replace("kind: Deployment", "kind: StatefulSet") + "```\n",
    _PROSE + "```yaml\n" + _DEPLOYMENT + "          volumeMounts:\n            - mountPath: "
    "/data\n              name: wg-data\n      volumes:\n        - name: wg-data\n          "
    "emptyDir: {}\n```\n",
])
def test_a_workload_whose_template_has_no_probe_rules_probe_kills_out(text):
    """wg-ui-37: the template lists every probe of its container: none (README's rule of a
    pod's spec, R1.17, R4.4)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == (
        Cause.CANNOT_TELL, 0, 0, True)


@pytest.mark.parametrize("text", [
    _PROSE + "```yaml\n" + _DEPLOYMENT + "          imagePullPolicy: Always\n          readin",
    _PROSE + "```yaml\n" + _DEPLOYMENT.split("          ports:")[0] + "          securit",
    _PROSE + "```\n" + _DEPLOYMENT.split("          image:")[0].rstrip("\n"),  # kube-lego-71
    _PROSE + "```\n" + _DEPLOYMENT.split("          image:")[0] + "```\n",  # no image
    _PROSE + "```yaml\n" + _SERVICE.lstrip("-\n") + "ame: web\nspec:\n  ports:\n  - port: 80\n```\n",
])
def test_a_workload_cut_in_its_container_or_no_workload_bounds_nothing(text):
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == (
        Cause.CANNOT_TELL, 0, None, True)


# ------------------------------------------------ one pass on long lines

@pytest.mark.parametrize("text", [
    "```\n" + _POD + "    name" + "e" * 2_000_000,
    "```\n" + _POD + "  " * 1_000_000 + "- x",
    "```yaml\n" + _DEPLOYMENT.replace("name: wg-ui", "name: " + "w" * 2_000_000) + "```\n",
    "```yaml\n" + _DEPLOYMENT + "          - " * 200_000,
])
def test_the_rules_words_on_a_long_line_are_read_in_one_pass(text):
    """Hostile input: the rules' words over a 2 MB line, read in one pass."""
    read_in_one_pass(text)


def test_the_cut_item_walk_on_a_long_line_is_one_pass():
    cut_container(_lines("spec:\n  containers:\n  - name: " + "a" * 2_000_000))
    cut_container(_lines(" " * 2_000_000 + "- name: a"))
