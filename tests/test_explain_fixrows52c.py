"""A kubelet's probe message after a verb of showing or saying in the author's prose, the
paste's blank doubled before it (held-out batch 107, fixrows52c): `describe the pod shows
Liveness probe failed: HTTP probe failed with statuscode: 404` is what the case's describe
shows (README's fixmd49 rule of what the pod's describe, events or logs say or show; read as
a message alone by the fixquoted64 rule: at least once, no time). pulsar-helm-chart-501's
broker pods' liveness and readiness failures are both read so. A question, a negation, a
conditional, a table's column (a word and more blanks) and a message without the prober's own
words state none."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from helpers import explained_answer, read_in_one_pass
from test_explain_corpus import REAL

from kubesim.cli.main import main
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import Where
from kubesim.explain.readers.quoted_message import quoted_message
from kubesim.spec.model import ProbeType

_404 = "HTTP probe failed with statuscode: 404"
_DIAL = "dial tcp 10.1.2.3:8080: connect: connection refused"


@pytest.mark.parametrize(("text", "probe"), [
    (f"it failed to start and describe the pod shows  Liveness probe failed: {_404} \n",
     ProbeType.LIVENESS),
    (f"The events of my pod says  Readiness probe failed: {_DIAL}\n", ProbeType.READINESS),
    (f"The describe of my pod showed  Startup probe failed: {_404}.\n",
     ProbeType.STARTUP),
])
def test_a_probe_message_after_a_verb_of_showing_and_two_blanks_is_that_message(text, probe):
    """Once at least, no threshold, no time: a readiness failure alone kills nothing, a
    liveness or startup failure leaves the kills open."""
    a = explained_answer(text)
    kills = CountRange(0, 0) if probe is ProbeType.READINESS else CountRange(0, None)
    assert (set(a.failed), a.shows_failures, a.probe_kills) == ({probe}, True, kills)


@pytest.mark.parametrize(("unread", "read"), [
    # a negation before the message in its clause
    (f"describe never shows  Liveness probe failed: {_404}",
     f"describe always shows  Liveness probe failed: {_404}"),
    # a question
    (f"why it shows  Liveness probe failed: {_404}?", f"so it shows  Liveness probe failed: {_404}."),
    # a conditional, what may happen
    (f"if describe shows  Readiness probe failed: {_DIAL}, raise the timeout",
     f"and describe shows  Readiness probe failed: {_DIAL}, so I raised the timeout"),
    # a word and more blanks: a table's column; a word other than a verb of showing
    (f"describe shows   Liveness probe failed: {_404}", f"describe shows  Liveness probe failed: {_404}"),
    (f"the pod restarts  Liveness probe failed: {_404}", f"the pod says  Liveness probe failed: {_404}"),
    # no prober's words after the colon
    ("describe shows  Liveness probe failed: see the logs",
     f"describe shows  Liveness probe failed: {_DIAL}"),
    # a log line's fields before it
    (f"level=warn pod=agent-0 shows  Liveness probe failed: {_404}",
     f"the agent-0 pod shows  Liveness probe failed: {_404}"),
])
def test_other_lines_with_the_words_state_no_message(unread, read):
    """Each unread variant beside the variant the rule reads (which the code before it did not
    read): the rule's bounds, not a reader that reads nothing."""
    where = Where("r.txt", 1)
    assert quoted_message(unread, where) is None
    assert quoted_message(read, where) is not None


def test_pulsar_helm_chart_501_broker_pods_liveness_and_readiness_404():
    """The prose's broker pods (no row of them in the bookie table: a pod of their own, its
    name not in the record): liveness and readiness failures, each at least once, no kill
    shown, the liveness failures' kills open (README, probe_kills: failures against a
    threshold the record does not give show no kill)."""
    [path] = REAL.glob("pulsar-helm-chart-501.*.txt")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["explain", str(path), "--format", "json", "--no-suggest",
                     "--phases", "1"]) == 0
    pods = {p["pod"]: p for p in json.loads(out.getvalue())["pods"]}
    [c] = pods[None]["containers"]
    a = c["answer"]
    assert (a["cause"], sorted(a["failed"]), a["probe_kills"]["min"], a["probe_kills"]["max"],
            a["shows_failures"]) == ("cannot-tell", ["liveness", "readiness"], 0, None, True)
    assert a["cause"] == Cause.CANNOT_TELL.value


@pytest.mark.parametrize("text", [
    "shows  Liveness probe failed: " * 70_000,
    "shows" + " " * 2_000_000 + "Liveness probe failed: " + _404,
    "said  " * 350_000 + "Readiness probe failed: " + _DIAL,
    "x=1 " + "says  Startup probe failed: dial tcp " * 55_000,
])
def test_a_message_after_showing_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's verbs, blanks and words."""
    read_in_one_pass(text + "\n")
