"""fc57d: held-out batches 133-137, ends told beside lists, OOM and eviction.

1. stated_end.py (crashcatch55's reader of an end of the case's own pod stated in prose): the
   subject may be a determiner of the case's, a name's one to three words and the noun of a
   component that runs (subjects54's nouns), maybe the namespace it runs in after it
   (m-lab-prometheus-support-213: `Recently we found that the node exporter in scraper was
   being OOMKilled by k8s.`): oom-killed, {0, 0}. The noun alone (`the exporter`), another's,
   a conditional, a question, a negation, a guide's present and a modal stay unread.
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
    container (R4.6: no probe's), oom-killed, {0, 0}."""
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
