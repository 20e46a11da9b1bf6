"""Held-out batch 66 (fixprose67): the lead's rules of stop 49 in the corpus README.

- An author's narrative of what happened (vsphere-csi-driver-1877: `When control VMs were
  deployed on the host ..., we observed CSI pods were restarting due to liveness probe time
  out.`; readers/narrative_when.py): `When CLAUSE, we observed STATEMENT` states STATEMENT when
  CLAUSE is in the past; a probe's `time out` or `timed out` is that probe failing (R2.8;
  probe_restart.PROBE_RESTART); the case's pods named by a capitalised name and a plural noun of
  what runs (`CSI pods`) right before the restart are the case's workload's pods. The kill goes
  to the one whole pod of a `get pods` table of several containers, whose RESTARTS sum bounds
  it (README's get-pods rule; diagnosis `_several_summed`).
- An issue form's sentence naming the case's pod's containers (rke2-7457: `Back-off restarting
  node-driver-registrar and vsphere-csi-node containers.`; readers/sentence_containers.py)
  gives them to the describe of that pod cut before `Containers:`, their states untold; a
  prose failure of the pod naming no container (`Liveness probe failing for the
  vsphere-csi-node pod.`, an issue form's headline sentence: readers/said_failing.py) leaves
  each container's kills open (diagnosis `_unsure_killer_untold`).

Hand-written variants beside those that must stay unread (a present or future `When`, a
conditional, a question, a negation, pods of no case, a readiness probe, a describe that shows
its containers, the kubelet's own back-off message)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------------ `When CLAUSE, we observed STATEMENT`


@pytest.mark.parametrize(("text", "probe"), [
    ("When control VMs were deployed on the host having near max available memory was used "
     "up, we observed CSI pods were restarting due to liveness probe time out.\n",
     ProbeType.LIVENESS),
    ("When the nodes were upgraded, we saw the pods restarting because the liveness probe "
     "timed out.\n", ProbeType.LIVENESS),
    ("When we deployed the chart, I noticed my pod restarted due to liveness probe failures.\n",
     ProbeType.LIVENESS),
    ("When memory was used up, we found Superset Workers restarting due to startup probe "
     "timeouts.\n", ProbeType.STARTUP),
    # (the rule's parts alone: a probe's timeout, the case's pods by their workload)
    ("Last night my pod restarted because the liveness probe timed out.\n", ProbeType.LIVENESS),
    ("CSI pods were restarting due to liveness probe failures.\n", ProbeType.LIVENESS),
])
def test_a_past_narrative_states_its_restart_caused_by_a_probe(text, probe):
    """A past `When` clause then `we observed` states its statement: the restart the author
    gives a liveness or startup failure (or its timeout) as cause is that probe's kill, once
    (R4.4): {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # a present or future `When`: a guide's statement or a condition
    "When a node is loaded, we observed CSI pods were restarting due to liveness probe time "
    "out.\n",
    "When a node is loaded, CSI pods restart due to liveness probe time out.\n",
    "When it happens we will see CSI pods restarting due to liveness probe time out.\n",
    "When the VMs were deployed, we will see CSI pods restarting due to liveness probe time "
    "out.\n",
    "When the VMs might have been deployed, we observed CSI pods restarting due to liveness "
    "probe time out.\n",
    # a conditional, a question, a negation
    "If the VMs were deployed, we observed CSI pods restarting due to liveness probe time "
    "out.\n",
    "When the VMs were deployed, did we observe CSI pods restarting due to liveness probe time "
    "out?\n",
    "When the VMs were deployed, we observed CSI pods were not restarting due to liveness "
    "probe time out.\n",
    # pods of no case, a readiness probe (R3.4)
    "When the VMs were deployed, we observed Kubernetes pods restarting due to liveness probe "
    "time out.\n",
    "When the VMs were deployed, we observed pods restarting due to liveness probe time out.\n",
    "When the VMs were deployed, we observed CSI pods restarting due to readiness probe time "
    "out.\n",
    "Some pods were restarting due to liveness probe failures.\n",
])
def test_a_narrative_that_is_no_past_telling_stays_unread(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


_TABLE = ("\n```\nNAME                                      READY   STATUS    RESTARTS         AGE\n"
          "vsphere-csi-controller-7dc8cd466c-brwxb   6/6     {status}   8 (31m ago)      49m\n"
          "```\n")


@pytest.mark.parametrize("sentence", [
    "When control VMs were deployed, we observed CSI pods were restarting due to liveness "
    "probe time out.",
    "the pods restart because the liveness failed.",  # (fixprose38's, read before)
])
@pytest.mark.parametrize(("status", "most"), [("Running", 8), ("CrashLoopBackOff", 9)])
def test_a_stated_kill_beside_a_row_of_several_containers_is_bounded_by_its_sum(
        sentence, status, most):
    """The `get pods` row of the pod's several containers sums their restarts: one
    container's kills are at most that sum, plus one where the STATUS says a container waits
    out a back-off (README's get-pods rule), a kill stated in prose beside it too."""
    text = sentence + "\n" + _TABLE.format(status=status)
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.LIVENESS_KILL, CountRange(1, most))


# ------------------------------------ an issue form's containers beside a describe cut above them

_DESCRIBE = ("```\n$ kubectl describe pod  vsphere-csi-node-l7ds9 -n kube-system\n"
             "Name:             vsphere-csi-node-l7ds9\nNamespace:        kube-system\n"
             "Priority:         0\nNode:             node-1/10.124.139.186\nStart Time:")


def _answer_of(text: str, container: str) -> object:
    ex = explain_records([parse_record(text, "r.txt")],
                         ExplainOptions(suggest=False, phases=1, container=container))
    [story] = ex.containers
    assert story.answer is not None
    return story.answer


@pytest.mark.parametrize("sentence", [
    "Back-off restarting node-driver-registrar and vsphere-csi-node containers.",
    "The node-driver-registrar and vsphere-csi-node containers are restarting.",
    "Back-off restarting `node-driver-registrar`, `liveness-probe` and `vsphere-csi-node` "
    "containers.",
])
def test_a_sentence_names_the_containers_of_a_describe_cut_above_them(sentence):
    """The containers a sentence names go to the describe of the case's pod that shows none;
    the prose failure of the pod names no container: each one's kills stay open (README's
    rule of stop 49): cannot-tell, [liveness], {0, null}."""
    text = (f"Liveness probe failing for the vsphere-csi-node pod.\n{sentence}\n\n"
            f"{_DESCRIBE}\n")
    names = [c.name for p in parse_record(text, "r.txt").pods for c in p.containers]
    assert "vsphere-csi-node" in names and "node-driver-registrar" in names
    a = _answer_of(text, "vsphere-csi-node")
    assert (a.cause.value, a.failed, a.probe_kills, a.shows_failures) == (
        "cannot-tell", (ProbeType.LIVENESS,), CountRange(0, None), True)


@pytest.mark.parametrize("sentence", [
    # the kubelet's own message names one container, no list
    "Back-off restarting failed container vsphere-csi-node in pod vsphere-csi-node-l7ds9.",
    # a question, a negation, a conditional, a future
    "Are the node-driver-registrar and vsphere-csi-node containers restarting?",
    "The node-driver-registrar and vsphere-csi-node containers are not restarting.",
    "If the node-driver-registrar and vsphere-csi-node containers are restarting, check it.",
    "Back-off restarting node-driver-registrar and vsphere-csi-node containers may follow.",
])
def test_a_sentence_that_names_no_containers_of_the_case_gives_none(sentence):
    """The negative side: the describe keeps no container of those names."""
    text = f"{sentence}\n\n{_DESCRIBE}\n"
    names = {c.name for p in parse_record(text, "r.txt").pods for c in p.containers}
    assert not names & {"node-driver-registrar", "vsphere-csi-node"}


def test_a_describe_that_shows_its_containers_takes_no_names_from_a_sentence():
    """A describe that shows its containers names them itself: the sentence's stay unread."""
    text = ("Back-off restarting node-driver-registrar and vsphere-csi-node containers.\n\n"
            "Name: web-1\nContainers:\n  app:\n    State:  Running\n    Restart Count:  0\n")
    names = {c.name for p in parse_record(text, "r.txt").pods for c in p.containers}
    assert names == {"app"}


def test_the_expected_section_names_no_containers():
    text = ("**Expected behavior:**\nthe node-driver-registrar and vsphere-csi-node "
            "containers are restarting\n\n" + _DESCRIBE + "\n")
    names = {c.name for p in parse_record(text, "r.txt").pods for c in p.containers}
    assert not names


@pytest.mark.parametrize("text", [
    "Liveness probe failing for a pod.\n",
    "Liveness probe failing for the web pod?\n",
    "Liveness probe not failing for the web pod.\n",
    "Liveness probe failing for the web pod may happen.\n",
    "Check it when Liveness probe failing for the web pod.\n",
])
def test_a_headline_failure_of_no_case_or_not_stated_stays_unread(text):
    """An issue form's headline sentence of a probe failing for the case's pod reads only
    with `the` and the pod, stated: the others are refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_a_headline_failure_of_the_case_reads():
    a = explained_answer("Liveness probe failing for the web pod.\n")
    assert (a.failed, a.shows_failures) == ((ProbeType.LIVENESS,), True)


# ---------------------------------------------------------------- one pass


@pytest.mark.parametrize("text", [
    "When " + "x were " * 330_000 + ", we observed CSI pods were restarting due to liveness "
    "probe time out.",
    "When VMs were deployed, we observed " + "CSI " * 500_000 + "pods were restarting due to "
    "liveness probe time out.",
    "CSI pods were " * 150_000 + "restarting due to liveness probe time out.",
    "restarting due to liveness probe time " * 50_000 + "out.",
    "Liveness probe failing for the " * 65_000 + "web pod.",
    "Back-off restarting " + "a, " * 650_000 + "b and c containers.",
    "the a and b " * 170_000 + "containers are restarting.",
])
def test_the_rules_of_batch_66_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text + "\n")
