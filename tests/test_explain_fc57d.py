"""fc57d: held-out batches 133-137, ends told beside lists, OOM and eviction.

1. stated_end.py (crashcatch55's reader of an end of the case's own pod stated in prose): the
   subject may be a determiner of the case's, a name's one to three words and the noun of a
   component that runs (subjects54's nouns), maybe the namespace it runs in after it
   (m-lab-prometheus-support-213: `Recently we found that the node exporter in scraper was
   being OOMKilled by k8s.`): oom-killed, {0, 0}. The noun alone (`the exporter`), another's,
   a conditional, a question, a negation, a guide's present and a modal stay unread.
2. evicted_message.py: the kubelet's eviction message pasted alone on its line, maybe after the
   event's type and reason (agentic-org-177: a fence of `Warning Evicted: The node was low on
   resource: memory.` and `Container api was using ...`), is the case's pod's eviction, its
   container the one the message names: an end no probe made and no cause the vocabulary
   names (kubernetes-41347), cannot-tell, {0, 0}. Introduced by a conditional, a question or a
   sentence of what may happen, or inside a sentence, it is not read.
3. trimmed_pods.py: a `get pods` header trimmed of STATUS (gardener-15636: `NAME READY
   RESTARTS`, a status the author set in parentheses after a row, `(CrashLoopBackOff)`, names
   with placeholder parts, `metrics-server-<hash>-<b>`): the rows' cells taken by the header's
   names, each count the pod's restart count with no current state shown, `R + 1` (R4.7).
4. present_kill.timed: a clause of time opening on `once` before a probe's present kill
   (typekro-230: `Once loading exceeds roughly 90 seconds, the liveness probe kills the
   container`) is a guide's time, as `when it hangs` is (README fixprose53a): no kill read,
   under `## Summary` (a heading of the case, genre54) too.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.stated_end import stated_end

# ------------------------------------------------ 1. a component named after a determiner


@pytest.mark.parametrize("text", [
    "Recently we found that the node exporter in scraper was being OOMKilled by k8s. However, "
    "this was not alerted.\n",
    "Our ingest worker was OOMKilled twice last night.\n",
    "The metrics collector got OOMKilled during the backup.\n",
    "This week the cert-manager webhook has been OOMKilled over and over.\n",
])
def test_a_named_component_of_the_case_oom_killed_is_read(text):
    """A determiner of the case's, a name's words and a component's noun (subjects54's
    nouns), OOM-killed in a past or progressive form: the kernel's OOM kill of the case's
    container (CRI: no probe's), oom-killed, {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    # the noun alone is a common noun; another's; a conditional; a question; a negation
    "Recently we found that the exporter was being OOMKilled by k8s.\n",
    "Recently we found that your node exporter was being OOMKilled by k8s.\n",
    "If the node exporter was OOMKilled, raise its limit.\n",
    "Was the node exporter in scraper OOMKilled by k8s?\n",
    "Why was the node exporter being OOMKilled?\n",
    "The node exporter was not OOMKilled.\n",
    # a guide's present passive, a modal, a guess
    "The node exporter gets OOMKilled when it scrapes too many targets.\n",
    "The node exporter might get OOMKilled.\n",
    "I think the node exporter was OOMKilled.\n",
    # a preposition's object, no subject
    "With the node exporter OOMKilled twice we lost metrics.\n",
])
def test_a_component_noun_alone_or_not_told_as_happened_states_no_end(text):
    """The reader's exclusions hold for the new subject."""
    assert stated_end(text.split("\n"), set(), set()) is None


@pytest.mark.parametrize("text", [
    "Recently we found that the exporter was being OOMKilled by k8s.\n",
    "If the node exporter was OOMKilled, raise its limit.\n",
    "The node exporter might get OOMKilled.\n",
])
def test_a_page_of_only_such_words_stays_refused(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the node " * 230_000 + "exporter was OOMKilled\n",
    "the a b c exporter in " * 95_000 + "x was OOMKilled\n",
    "our node exporter in scraper " * 70_000 + "\n",
])
def test_the_component_subject_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the new words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ 2. the kubelet's eviction message alone

_EVICTED = ("## Root cause\n\nWith `--workers 2` and a 1 Gi memory limit the pod steady-stated at "
            "~1.5 GB and GKE Autopilot evicted it under node pressure:\n\n```\n{line}\n"
            "Container api was using 1504652Ki, request is 1Gi\n```\n\nOnce the pod was evicted "
            "the Ingress had no healthy backend.\n")


@pytest.mark.parametrize("line", [
    "Warning Evicted: The node was low on resource: memory.",
    "Evicted: The node was low on resource: memory.",
    "The node was low on resource: memory.",
])
def test_the_eviction_message_alone_is_the_cases_pods_eviction(line):
    """The eviction manager's message alone on its line (after the event's type and reason or
    not): the case's pod evicted, its container the one the message names; the eviction is no
    probe's kill and no cause the vocabulary names (kubernetes-41347): cannot-tell, {0, 0},
    failures shown."""
    text = _EVICTED.format(line=line)
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, 0), True, ())
    assert [c.name for p in parse_record(text, "r.txt").pods for c in p.containers] == ["api"]


def test_the_message_in_one_line_names_its_container():
    text = ("```\nThe node was low on resource: ephemeral-storage. Container web was using 12Gi, "
            "which exceeds its request of 0.\n```\n")
    [pod] = parse_record(text, "r.txt").pods
    assert (pod.status_reason, [c.name for c in pod.containers]) == ("Evicted", ["web"])
    assert explained_answer(text).probe_kills == CountRange(0, 0)


@pytest.mark.parametrize("text", [
    # introduced by a guide's conditional, a question, a sentence of what may happen
    "If the node runs out of memory you will see:\n\n```\nThe node was low on resource: memory.\n"
    "```\n",
    "Why does my pod show this?\n\n```\nThe node was low on resource: memory.\n```\n",
    "Pods can be evicted with a message such as:\n\n```\nThe node was low on resource: memory.\n"
    "```\n",
    # the message inside a sentence (a quote of it in prose), no resource
    "We never saw The node was low on resource: memory. in our events.\n",
    "```\nThe node was low on resource:\n```\n",
])
def test_the_message_not_pasted_as_what_happened_is_not_read(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "Warning Evicted: The node was low on resource: " + "m" * 2_000_000 + "\n",
    "The node was low on resource: memory. " + "Container a was using " * 90_000 + "\n",
    "The node was low on resource: memory.\n" + "Container " * 200_000 + "\n",
    "If it " * 350_000 + ":\n\nThe node was low on resource: memory.\n",
])
def test_the_eviction_message_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the new words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ 3. a `get pods` table trimmed of STATUS

_TRIMMED = ("```\nNAME                              READY   RESTARTS   \n"
            "metrics-server-<hash>-<a>         0/1     232        \n"
            "metrics-server-<hash>-<b>         0/1     1805       {after}\n```\n")


@pytest.mark.parametrize("after", ["(CrashLoopBackOff)", ""])
def test_a_table_trimmed_of_status_gives_each_pods_restart_count(after):
    """NAME, READY and RESTARTS kept of kubectl's columns: each row's count is its pod's
    restart count, no current state shown (or the status the author set in parentheses
    after it): `R + 1` ends allowed (R4.7), cause not told."""
    text = _TRIMMED.format(after=after)
    a = explained_answer(text, pod="metrics-server-<hash>-<b>")
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, 1806), True)
    assert explained_answer(text, pod="metrics-server-<hash>-<a>").probe_kills == \
        CountRange(0, 233)


def test_the_status_set_in_parentheses_is_the_rows_status():
    text = _TRIMMED.format(after="(CrashLoopBackOff)")
    pods = {p.name: p for p in parse_record(text, "r.txt").pods}
    assert pods["metrics-server-<hash>-<b>"].containers[0].state_reason == "CrashLoopBackOff"
    assert pods["metrics-server-<hash>-<a>"].containers[0].state is None


@pytest.mark.parametrize("header,row", [
    ("NAMESPACE   NAME    READY   RESTARTS   AGE", "prod   web-0   0/1   7   5m"),
    ("NAME    READY   RESTARTS   AGE", "web-0   0/1   7 (2m ago)   5m"),
    ("NAME READY RESTARTS", "web-0 0/1 7"),
])
def test_other_trimmed_headers_are_read_by_their_names(header, row):
    a = explained_answer(f"{header}\n{row}\n")
    assert (a.probe_kills, a.shows_failures) == (CountRange(0, 8), True)


@pytest.mark.parametrize("text", [
    # a word after the cells that is no status in parentheses; a header out of kubectl's order;
    # a name of no kubectl column; a cell short
    "NAME READY RESTARTS\nweb-0 0/1 7 restarts\n",
    "NAME RESTARTS READY\nweb-0 7 0/1\n",
    "NAME READY RESTARTS LAST\nweb-0 0/1 7 x\n",
    "NAME READY RESTARTS\nweb-0 0/1\n",
])
def test_a_row_that_does_not_fit_the_trimmed_header_is_no_pod(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "NAME READY RESTARTS\n" + "web-0 0/1 7 " * 170_000 + "\n",
    "NAME READY RESTARTS\nweb-0 0/1 7 (" + "A" * 2_000_000 + ")\n",
    "NAME READY RESTARTS\n" + "a-<b>-" * 350_000 + " 0/1 7\n",
    "NAME READY RESTARTS\n" + "<a-" * 700_000 + " 0/1 7\n",
])
def test_the_trimmed_table_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the new words, read in one pass."""
    read_in_one_pass(text)


def test_a_dns_name_in_a_row_whose_age_was_trimmed_is_no_placeholder():
    """A row of a table trimmed of AGE whose NAME is a pod's name is read as a name, not said
    to be a page's placeholder for one (the check of the placeholder's note now knows such a
    row; four records' notes said it of real names)."""
    record = parse_record("NAME READY STATUS RESTARTS\nweb-0 0/1 CrashLoopBackOff 7\n", "r.txt")
    assert not any("placeholder" in n.text for p in record.pods for n in p.notes)
    assert not any("placeholder" in n.text for n in record.notes)


def test_a_custom_columns_table_of_the_same_names_stays_custom_columns():
    """`NAME READY RESTARTS` over `true`/`false` cells is a custom-columns table (READY a
    container's flag), read as before; over `0/1` cells, the default table trimmed."""
    record = parse_record("NAME READY RESTARTS\nweb-0 false 7\n", "r.txt")
    assert record.format == "pods-custom-columns"
    assert parse_record("NAME READY RESTARTS\nweb-0 0/1 7\n", "r.txt").format == "pods-table"


# ------------------------------------------------ 4. a present kill after a clause of time

_SUMMARY = ("## Summary\n\nThe chart sets a liveness probe with `failureThreshold: 10` and no "
            "startupProbe.\n\n{sentence}\n")


@pytest.mark.parametrize("sentence", [
    "Once loading exceeds roughly 90 seconds, the liveness probe kills the container before it "
    "finishes, and every restart begins again from scratch.",
    "As soon as startup takes longer than a minute, the liveness probe kills the container.",
    "once the cache grows past 2 GB, the liveness probe kills it.",
])
def test_a_present_kill_after_a_clause_of_time_states_none(sentence):
    """A clause of time opening on `once` before the probe's present kill is a guide's time,
    as `when it hangs` is (README fixprose53a): no kill of the case, under a heading of it
    too."""
    with pytest.raises(RecordError):
        parse_record(_SUMMARY.format(sentence=sentence), "r.txt")


@pytest.mark.parametrize("sentence", [
    "Once again, the liveness probe kills the container before it finishes.",
    "The liveness probe kills the container before it finishes, and only once it is up does "
    "the port open.",
    "Loading takes 90 seconds, so the liveness probe kills the container before it finishes.",
])
def test_a_present_kill_with_no_clause_of_time_before_it_is_still_read(sentence):
    """`once again` (a repetition told), `once` after the kill, and no `once`: the present
    kill under a heading of the case is read as before (one liveness kill, no count)."""
    a = explained_answer(_SUMMARY.format(sentence=sentence))
    assert (a.cause, a.probe_kills, a.failed) == \
        (Cause.LIVENESS_KILL, CountRange(1, None), ("liveness",))


@pytest.mark.parametrize("text", [
    "## Summary\n\nOnce " + "x" * 2_000_000 + " the liveness probe kills the container.\n",
    "## Summary\n\n" + "once a " * 300_000 + ", the liveness probe kills the container.\n",
])
def test_the_clause_of_time_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the new words, read in one pass."""
    read_in_one_pass(text)
