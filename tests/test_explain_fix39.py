"""The three rules of fix39a (held-out batches 39 and 40), each with hand-written variants that
hold and variants that must stay unread, and a long line read in one pass:

- an English sentence stating the case's own container or pod OOMKilled as what befell it
  (vault-secrets-operator-230's `the manager container is getting OOMKilled`; README,
  statements of the case in prose);
- `get pods` rows written as shell comments under their command and run into one line
  (devopsmanual-oom-cascading-failure's `kubectl get pods -n payments # payment-service-...
  0/1 OOMKilled 1 3m # ...`);
- a header-less `get events` row of the 1.5-1.13 layouts from its SUBOBJECT on (SUBOBJECT TYPE
  REASON SOURCE MESSAGE), after a sentence's colon or alone (kube-airflow-17's `kubectl events
  says: spec.containers{airflow-flower}   Warning   Unhealthy   kubelet, NODE   Liveness ...`).
"""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType


def _container(text: str, pod: str | None = None) -> tuple[str | None, Diagnosis]:
    ex = explain_records([parse_record(text, "r.txt")],
                         ExplainOptions(suggest=False, phases=1, pod=pod))
    [c] = ex.containers
    assert c.answer is not None
    return c.name, c.answer


# ---------------------------------------------------------------- OOMKilled stated in English


@pytest.mark.parametrize(("text", "name"), [
    ("Secrets are not synced and after checking the logs from the Controller Manager I can "
     "tell that the manager container is getting OOMKilled.\n", "manager"),
    ("After the upgrade our worker container keeps getting OOMKilled.\n", "worker"),
    ("The sidecar container has been OOMKilled twice since Monday.\n", "sidecar"),
    ("This pod got \"OOMKilled\" at 3am, right after the batch job started.\n", None),
    ("We raised the limit to 512Mi but my pod is still getting OOMKilled.\n", None),
    ("Our `api` container was OOMKilled during the load test.\n", "api"),
    ("The logs show that the container was OOMKilled at 02:13.\n", None),
])
def test_an_english_sentence_of_the_cases_container_oomkilled_is_an_oom_kill(text, name):
    """The case's own container or pod stated OOMKilled as what befell it (past or
    progressive) is that end's reason: oom-killed, no probe kill, under the container the
    sentence names."""
    got, a = _container(text)
    assert (got, a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (name, Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "If your pod gets OOMKilled, raise its memory limit.\n",  # a guide's conditional
    "Why is my pod getting OOMKilled?\n",  # a question
    "Pods get OOMKilled when they exceed their memory limit.\n",  # generic pods
    "When the container was OOMKilled, Kubernetes restarted it.\n",  # what happens when
    "The container gets OOMKilled and is then restarted by the kubelet.\n",  # a guide's tense
    "A pod is OOMKilled once it uses more memory than its limit.\n",  # `a pod`
    "My pod was not OOMKilled, so memory is not the problem.\n",  # a negation
    "Your container might be getting OOMKilled under load.\n",  # what may happen
    "I wonder whether the app container could be getting OOMKilled.\n",
])
def test_an_english_oomkilled_of_no_case_or_what_may_happen_is_no_record(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the manager container is getting" + " " * 2_000_000 + "OOMKilled",
    "the pod was OOM" * 150_000,
    "the pod " * 250_000 + "was OOMKilled",
])
def test_an_english_oomkilled_reads_a_long_line_in_one_pass(text):
    read_in_one_pass(text + "\n")


# ---------------------------------------------------------------- get pods rows as comments


_COMMENTED = ("**14:44** - Pod status check reveals container terminations: ```bash kubectl get "
              "pods -n shop # cart-7d9f8-abcde 0/1 OOMKilled 3 5m # cart-7d9f8-fghij 1/1 "
              "Running 0 9m ``` **14:46** - With one pod down the other took the load.\n")


@pytest.mark.parametrize(("text", "pod", "cause", "restarts"), [
    (_COMMENTED, "cart-7d9f8-abcde", Cause.OOM_KILLED, 3),
    (_COMMENTED, "cart-7d9f8-fghij", Cause.CANNOT_TELL, 0),
    ("$ kubectl get pods -A # shop cart-7d9f8-abcde 0/1 OOMKilled 2 5m # kube-system "
     "coredns-5d78c9869d-abcde 1/1 Running 0 9d\n", "cart-7d9f8-abcde", Cause.OOM_KILLED, 2),
])
def test_get_pods_rows_behind_comment_marks_run_into_one_line_are_read(text, pod, cause, restarts):
    """Each row behind its `#` (the page's comment mark, no cell) is a row of the table the
    command prints, parted where the get-pods columns' shape says a row starts."""
    ex = explain_records([parse_record(text, "r.txt")],
                         ExplainOptions(suggest=False, phases=1, pod=pod))
    [c] = ex.containers
    assert c.answer is not None
    assert (c.answer.cause, c.restart_count) == (cause, restarts)
    assert any("shell comment mark" in n.text for n in ex.notes), [n.text for n in ex.notes]


@pytest.mark.parametrize("text", [
    "kubectl get pods -n shop # check that every pod is running again\n",
    "kubectl get pods -n shop # cart-7d9f8-abcde was OOMKilled 3 times in 5m\n",
    "kubectl get pods -n shop # cart-7d9f8-abcde 0/1 # OOMKilled 3 5m\n",
])
def test_comment_marks_before_no_get_pods_row_are_not_read(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "kubectl get pods # " + "# " * 1_000_000 + "web-1 0/1 OOMKilled 1 3m",
    "kubectl get pods " + "# web-1 0/1 OOMKilled 1 3m " * 60_000,
])
def test_commented_get_pods_rows_read_a_long_line_in_one_pass(text):
    read_in_one_pass(text + "\n")


# ---------------------------------------------------------------- SUBOBJECT-first event row


@pytest.mark.parametrize(("text", "name", "probe", "cause"), [
    ("kubectl get events:\n\n`kubectl events says: spec.containers{web}   Warning   Unhealthy"
     "   kubelet, node-1   Liveness probe failed: HTTP probe failed with statuscode: 500\n`\n\n"
     "The probe path was wrong.\n", "web", ProbeType.LIVENESS, Cause.CANNOT_TELL),
    ("spec.containers{api}\tWarning\tUnhealthy\tkubelet, ip-10-0-1-7\tReadiness probe failed: "
     "Get http://10.1.2.3:8080/ready: dial tcp 10.1.2.3:8080: connect: connection refused\n",
     "api", ProbeType.READINESS, Cause.READINESS_ONLY),
])
def test_a_headerless_row_from_its_subobject_is_the_named_containers(text, name, probe, cause):
    """SUBOBJECT TYPE REASON SOURCE MESSAGE (the 1.5-1.13 layouts' order, the cells before
    SUBOBJECT not pasted): a row of the container its SUBOBJECT names, at least once."""
    got, a = _container(text)
    assert (got, a.cause, a.failed, a.shows_failures) == (name, cause, (probe,), True)


@pytest.mark.parametrize("text", [
    # single spaces: no cells of kubectl's tabwriter
    "spec.containers{web} Warning Unhealthy kubelet Liveness probe failed: HTTP probe failed "
    "with statuscode: 500\n",
    # no TYPE cell
    "kubectl events says: spec.containers{web}   Unhealthy   kubelet, node-1   Liveness probe "
    "failed: HTTP probe failed with statuscode: 500\n",
    # braces in the words before: no sentence's words
    "see {this}: spec.containers{web}   Warning   Unhealthy   kubelet, node-1   Liveness probe "
    "failed: HTTP probe failed with statuscode: 500\n",
    # a field path that names no container
    "spec.volumes{data}   Warning   Unhealthy   kubelet, node-1   Liveness probe failed: HTTP "
    "probe failed with statuscode: 500\n",
])
def test_a_subobject_first_line_not_in_a_rows_shape_is_not_read(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "spec.containers{web}" + " " * 2_000_000 + "Warning",
    "a: " * 700_000 + "spec.containers{web}   Warning   Unhealthy   kubelet   m",
    "x" * 190 + ": spec.containers{web}   Warning   Unhealthy   kubelet" + "  m" * 700_000,
])
def test_a_subobject_first_row_reads_a_long_line_in_one_pass(text):
    read_in_one_pass(text + "\n")


def test_a_lone_backtick_after_a_row_closes_its_code_span():
    """The mark closing an inline code span the page opened before the row, alone on the line
    under it, is no word of the row's message (kube-airflow-17)."""
    rs = parse_record("`kubectl events says: spec.containers{web}   Warning   Unhealthy   kubelet, "
                      "node-1   Liveness probe failed: HTTP probe failed with statuscode: 500\n`\n",
                      "r.txt")
    messages = [e.message for e in rs.events] + [e.message for p in rs.pods for e in p.events]
    assert messages == ["Liveness probe failed: HTTP probe failed with statuscode: 500"]
