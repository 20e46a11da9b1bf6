"""Held-out batch 53 (fixprose53): a kill of the case's own pod or container stated in its
author's prose with a probe as its cause (readers/killed_because.py):

- the kill first, passive, its cause after it (akvo-rsr-3476's `The backend container is being
  killed about twice a week by k8s because it is failing the liveness probe`: KILLED_BECAUSE);
- the probe's doing causing the kill, the kill passive (ionfury-homelab-384's `The startup probe
  checked for ..., causing the pod to be killed every 15 minutes`: CAUSED_KILL).

A liveness or startup probe's failures make the kubelet kill the container (R4.4): that probe's
failure and one kill of it, stated once ({1, null}). Hand-written variants beside those that
must stay unread (a guide's passive, `will be killed`, a question, a conditional, a negation,
what may happen, `a container`, `pods`, a readiness probe, the probe in the present)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import NoteKind, RecordSet
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ the kill, then its cause


@pytest.mark.parametrize(("text", "probe"), [
    ("The backend container is being killed about twice a week by k8s because it is failing "
     "the liveness probe.\n", ProbeType.LIVENESS),
    ("My pod was killed by kubernetes because its liveness probe failed.\n", ProbeType.LIVENESS),
    ("The api container gets killed because the liveness probe fails.\n", ProbeType.LIVENESS),
    ("Our worker pods keep getting killed by the kubelet due to startup probe failures.\n",
     ProbeType.STARTUP),
    ("web-0 has been killed repeatedly, because of the failing startup probe.\n",
     ProbeType.STARTUP),
    ("The app container was killed due to it failing its liveness check.\n",
     ProbeType.LIVENESS),
])
def test_a_kill_stated_with_the_probes_failure_as_its_cause_is_one_kill_at_least(text, probe):
    """The case's own pod or container stated killed because a liveness or startup probe failed:
    the kubelet's kill of R4.4, once: {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # a guide's passive, the bare present, the future
    "A container is killed when its liveness probe fails.\n",
    "The container is killed because its liveness probe fails.\n",
    "The backend container will be killed by k8s because it is failing the liveness probe.\n",
    # no case's subject: `a pod`, `pods`, `it`
    "A pod was killed by k8s because it was failing the liveness probe.\n",
    "Pods get killed because the liveness probe fails.\n",
    "It is being killed by k8s because it is failing the liveness probe.\n",
    # a question, a conditional, what may happen, a negation
    "Is the backend container being killed by k8s because it is failing the liveness probe?\n",
    "If the backend container gets killed because its liveness probe fails, raise the timeout.\n",
    "The backend container could be getting killed because its liveness probe fails.\n",
    "The backend container was not killed because its liveness probe failed.\n",
    # a readiness probe kills nothing (R3.4); a cause of no probe's failure
    "The backend container is being killed by k8s because it is failing the readiness probe.\n",
    "The backend container is being killed by k8s because it uses too much memory.\n",
    # `since` tells a time as well as a cause: none of the README's connectors
    "The backend container was killed since its liveness probe failed.\n",
])
def test_a_kill_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("words", [
    "the backend container is being killed ",
    "killed about twice a week by k8s ",
    "because it is failing the ",
    "the pod was killed because ",
])
def test_a_kill_with_its_cause_reads_a_long_line_in_one_pass(words):
    """Hostile input: the rule's words repeated over a 2 MB line, read in one pass."""
    read_in_one_pass(words * (2_000_000 // len(words)) + "the liveness probe.\n")


# ------------------------------------------------ the probe's doing causing the kill


@pytest.mark.parametrize(("text", "probe"), [
    ("- The startup probe checked for `FactoryGame.exe` (a Windows binary) which does not "
     "exist in the Linux container `wolveix/satisfactory-server`, causing the pod to be killed "
     "every 15 minutes (97+ restarts)\n", ProbeType.STARTUP),
    ("The liveness probe timed out after 1s, causing the api container to be restarted.\n",
     ProbeType.LIVENESS),
    ("Our startup probe failed, causing the pods to be killed.\n", ProbeType.STARTUP),
    ("We had liveness probe failures, causing our redis pods to be restarted.\n",
     ProbeType.LIVENESS),
    ("Readiness or startup probe failures caused my-api-0 to get killed.\n", ProbeType.STARTUP),
])
def test_a_probe_causing_the_kill_is_one_kill_at_least(text, probe):
    """The probe, the sentence's subject in the past, or its failures, causing the case's own
    pod or container to be killed or restarted: that probe's kill (R4.4), once: {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # the probe in the present (a guide's), a readiness probe, two probes that kill
    "The startup probe checks for the binary, causing the pod to be killed.\n",
    "The readiness probe checked for the binary, causing the pod to be killed.\n",
    "Liveness or startup probe failures caused the pod to be restarted.\n",
    # no case's pod: `a pod`, `pods`
    "The startup probe checked for the binary, causing a pod to be killed.\n",
    "The startup probe checked for the binary, causing pods to be killed.\n",
    # a question, a conditional, what may happen, a negation, a failure to avoid
    "Was the startup probe checked too early, causing the pod to be killed?\n",
    "If the startup probe failed, causing the pod to be killed, raise the threshold.\n",
    "The startup probe could have failed, causing the pod to be killed.\n",
    "The startup probe was not failing, causing the pod to be killed.\n",
    "Raise the threshold to avoid liveness probe failures causing the pod to be restarted.\n",
    # no kill of the pod
    "The startup probe checked for the binary, causing the pod to be marked unready.\n",
])
def test_a_probe_causing_no_kill_of_the_case_or_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("words", [
    "the startup probe checked ",
    "the startup probe checked for a.b, ",
    "startup probe failures, causing ",
    ", causing the pod to be ",
])
def test_a_probe_causing_the_kill_reads_a_long_line_in_one_pass(words):
    """Hostile input: the rule's words repeated over a 2 MB line, read in one pass."""
    read_in_one_pass(words * (2_000_000 // len(words)) + "causing the pod to be killed.\n")


# ------------------------------------------------ a manifest cut before its pod spec
# scdf-server-kubernetes-333: describe's events under a `.....` cut, then a Deployment the paste
# ends inside, cut in its labels: the record was refused with the API server's error
# (`spec: required field is missing`); the events are read and the Deployment's lines listed
# as not read, with why (readers/cut_spec.py), as fixrefuse49's kind-less document is

_EVENTS = """```
.....
  Type     Reason     Age               From                  Message
  ----     ------     ----              ----                  -------
  Normal   Scheduled  2m                default-scheduler     Successfully assigned web-64c84f45b8-7p8b6 to node-1
  Warning  BackOff    34s               kubelet, node-1       Back-off restarting failed container
  Normal   Created    18s (x3 over 2m)  kubelet, node-1       Created container
  Normal   Started    18s (x3 over 2m)  kubelet, node-1       Started container
```

This is my configuration:
"""
_DEPLOYMENT = "```\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels:\n    app:\n"


def _events(record: RecordSet) -> list:
    return [*record.events, *(e for p in record.pods for e in p.events)]


@pytest.mark.parametrize(("manifest", "field"), [
    (_DEPLOYMENT, "spec"),
    (_DEPLOYMENT + "```\n", "spec"),  # the fence closed after the cut: still the paste's end
    (_DEPLOYMENT + "spec:\n  replicas: 1\n", "spec.template"),
    (_DEPLOYMENT.replace("Deployment", "StatefulSet") + "spec:\n  template:\n    metadata:\n"
     "      labels:\n        app: web\n", "spec.template.spec"),
    (_DEPLOYMENT.replace("apps/v1", "batch/v1").replace("Deployment", "CronJob")
     + "spec:\n  schedule: \"*/5 * * * *\"\n", "spec.jobTemplate"),
])
def test_a_manifest_the_paste_ends_inside_cut_before_its_spec_is_lines_not_read(manifest, field):
    """Beside the events read, the manifest's lines are listed as not read with why, and the
    events are the record (no refusal)."""
    record = parse_record(_EVENTS + manifest, "r.txt")
    first = (_EVENTS + manifest).split("\n").index("apiVersion: " + manifest.split(
        "apiVersion: ")[1].split("\n")[0]) + 1
    [note] = [n for n in record.notes if n.kind is NoteKind.NOT_READ and n.where.line == first]
    assert "cut before its pod spec where the paste ends inside it" in note.text
    assert f"{field}: required field is missing" in note.text
    assert [e.reason for e in _events(record)] == ["Scheduled", "BackOff", "Created", "Started"]


@pytest.mark.parametrize(("text", "match"), [
    # alone: nothing else read, refused as `kubesim check` and the API server would
    (_DEPLOYMENT, "spec: required field is missing"),
    ("Some words.\n\n" + _DEPLOYMENT, "spec: required field is missing"),
])
def test_a_manifest_cut_before_its_spec_alone_is_refused(text, match):
    with pytest.raises(RecordError, match=match):
        parse_record(text, "r.txt")


@pytest.mark.parametrize(("text", "match"), [
    # the paste does not end inside it: the error stands, said of its lines
    (_EVENTS + _DEPLOYMENT + "```\n\nAny idea?\n", "spec: required field is missing"),
    # another field missing: the error stands, said of its lines
    (_EVENTS + _DEPLOYMENT + "spec:\n  template:\n    spec:\n      containers:\n      - image: x\n"
     "        livenessProbe:\n          httpGet:\n            port: 80\n", "name"),
])
def test_a_manifest_the_api_would_reject_beside_events_is_lines_not_read(text, match):
    """Beside events the record reads, a manifest the API server would reject (its spec
    missing, a container without its name) is lines not read with the API's reason, the
    events explained (fixpiece84: refused only where it is the record)."""
    record = parse_record(text, "r.txt")
    assert any(n.kind is NoteKind.NOT_READ and match in n.text for n in record.notes), \
        [n.text for n in record.notes]
    assert [e.reason for e in _events(record)] == ["Scheduled", "BackOff", "Created", "Started"]


def test_a_cut_above_the_events_header_leaves_the_rows_whole_from_scheduled():
    """The `.....` above the table's header cuts what the paste held above it (describe's
    fields), not the rows the header starts: the pod's events whole from Scheduled, no probe
    failure among them, show every probe kill (R4.4): none, {0, 0}."""
    record = parse_record(_EVENTS, "r.txt")
    assert any("the paste is cut above the table's header" in n.text and n.where.line == 2
               for n in [*record.notes, *(n for p in record.pods for n in p.notes)])
    a = explained_answer(_EVENTS)
    assert (a.cause, a.probe_kills, a.shows_failures) == (Cause.CANNOT_TELL, CountRange(0, 0), True)


def test_a_cut_between_the_rows_still_cuts_the_rows():
    """The negative side: a cut under the header, between rows, leaves rows out: the kills
    are not bounded by the rows there."""
    text = _EVENTS.replace(".....\n", "").replace("  Warning  BackOff", ".....\n  Warning  BackOff")
    a = explained_answer(text)
    assert a.probe_kills != CountRange(0, 0)


def test_a_manifest_cut_before_its_spec_reads_a_long_line_in_one_pass():
    read_in_one_pass(_EVENTS + _DEPLOYMENT.replace("app:\n", "app: " + "a" * 2_000_000 + "\n"))


# ------------------------------------------------ a container's probes as whole blocks
# arturictus-sidekiq-alive-35: a Helm template's pod spec (`imagePullPolicy: {{ ... }}`
# unquoted), its probes one column off their siblings: the YAML does not parse and the record
# was refused; each probe is a whole block, read with its keys put back by their names
# (readers/probe_blocks.py), the other lines not read

_TEMPLATE = """```yaml
spec:
      containers:
      - name: sidekiq
        image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
        imagePullPolicy: {{ .Values.image.pullPolicy }}
        ports:
          - containerPort: 7433
         livenessProbe:
           httpGet:
             path: /
             port: 7433
           initialDelaySeconds: 80 # app specific
           timeoutSeconds: 5 # can be much less
         readinessProbe:
           httpGet:
             path: /
             port: 7433
          initialDelaySeconds: 80 # app specific
          timeoutSeconds: 5 # can be much less
```
"""


@pytest.mark.parametrize("text", [
    _TEMPLATE,
    # the same probes, the template's value rendered: the indentation alone breaks the YAML
    _TEMPLATE.replace("{{ .Values.image.pullPolicy }}", "IfNotPresent"),
    # a startup probe's block among them, an exec handler's command items
    _TEMPLATE.replace("         readinessProbe:", "         startupProbe:\n           exec:\n"
                      "             command:\n             - cat\n             - /tmp/ok\n"
                      "         readinessProbe:"),
])
def test_probe_blocks_in_yaml_that_does_not_parse_are_the_containers_probes(text):
    """The probes' settings read (liveness initialDelaySeconds 80, timeout 5), no failure shown:
    cannot tell, kills not ruled out ({0, null}: a liveness probe is set), nothing shown."""
    record = parse_record(text, "r.txt")
    assert any("are a container's probes in YAML that does not parse" in n.text
               for n in record.notes)
    assert any(n.kind is NoteKind.NOT_READ and n.where.line == 2 for n in record.notes)
    a = explained_answer(text)
    assert (a.cause, a.shows_failures, a.failed) == (Cause.CANNOT_TELL, False, ())
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, None)
    [spec] = [c.spec for p in record.pods for c in p.containers if c.spec is not None]
    assert spec.liveness_probe is not None and spec.readiness_probe is not None
    assert (spec.liveness_probe.initial_delay_seconds, spec.liveness_probe.timeout_seconds,
            spec.readiness_probe.initial_delay_seconds) == (80, 5, 80)


@pytest.mark.parametrize("text", [
    # two containers named: whose probe is which cannot be told
    _TEMPLATE.replace("        ports:", "      - name: metrics\n        ports:"),
    # a probe's kind twice
    _TEMPLATE.replace("readinessProbe", "livenessProbe"),
    # a block holding a key of no probe's
    _TEMPLATE.replace("           timeoutSeconds: 5 # can be much less\n         readiness",
                      "           env: x\n         readiness"),
])
def test_probe_blocks_of_several_containers_or_holding_other_keys_are_not_read(text):
    """The negative side: nothing read from the document, the paste alone refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_probe_blocks_read_a_long_line_in_one_pass():
    read_in_one_pass(_TEMPLATE.replace("path: /\n", "path: /" + "a" * 2_000_000 + "\n", 1))
    read_in_one_pass("```yaml\nspec: {{ x }}\n livenessProbe:\n" + "  port: 1\n" * 200_000
                     + "```\n")
