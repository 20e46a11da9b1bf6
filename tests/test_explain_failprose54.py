"""Held-out batches 116-118 (failprose54): failures, exits and crash loops stated in prose.

- The case's own workload failing on its probe, named as a health check too, with its failure
  as the kubelet reports one (podkrepi-api-445: `Recently the deployments are failing on
  readiness healthcheck with 503 service not available`): the README's rule of fixprose74
  (the case's probe failing with its failure) told of the workload whose probe it is; that
  probe's failure, at least once, no count (said_failing.WORKLOAD_FAILING).

Hand-written variants beside those that must stay unread (no determiner of the case's, a
conditional, a negation, a question, a guide's time, another's workload, a modal)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ the case's workload failing on its probe


@pytest.mark.parametrize("text", [
    "## Motivation and context\nRecently the deployments are failing on readiness healthcheck "
    "with 503 service not available.\nTo give more time to start, this PR adds startupProbe.\n",
    "The deployment keeps failing on its readiness probe with connection refused.\n",
    "Our api pods were failing the readiness check with a timeout.\n",
    "My statefulset failed on readiness health check with HTTP 500 after the upgrade.\n",
])
def test_the_case_workload_failing_on_its_readiness_check_with_a_failure_is_readiness_only(text):
    """The case's workload failing on its readiness check with a failure the kubelet reports:
    that probe's failure, no end (R3.4): readiness-only, {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.READINESS_ONLY, CountRange(0, 0), True, ("readiness",))


def test_the_case_workload_failing_on_its_liveness_check_is_that_probes_failure():
    """The same of the liveness probe: its failure at least once, no kill stated."""
    a = explained_answer("Our api pods failed the liveness check with a timeout.\n")
    assert (a.shows_failures, a.failed) == (True, ("liveness",))


@pytest.mark.parametrize("text", [
    "A deployment fails on readiness healthcheck with 503.\n",  # no determiner of the case's
    "Deployments are failing on readiness healthcheck with 503.\n",  # a guide's plural
    "Your deployments fail on readiness healthcheck with 503.\n",  # the reader's
    "If the deployments are failing on readiness healthcheck with 503, raise the delay.\n",
    "The deployments are not failing on readiness healthcheck with 503.\n",  # a negation
    "Are the deployments failing on readiness healthcheck with 503?\n",  # a question
    "The deployments fail on readiness healthcheck with 503 when the app is overloaded.\n",
    "The other deployments were failing on readiness healthcheck with 503.\n",  # another's
    "The deployments may fail on readiness healthcheck with 503.\n",  # a modal
])
def test_a_workload_failing_on_a_check_of_no_case_is_no_record(text):
    """The negative side: the paste alone is refused (no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the deployments are failing on readiness healthcheck with " * 35_000 + "\n",
    "the " + "deployments " * 170_000 + "failing on readiness check with 503\n",
    "readiness " * 200_000 + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ a crash loop an error caused in the case's pods


@pytest.mark.parametrize("text", [
    "Root Cause:\nSome customer requests to our API triggered an error, which then caused a "
    "crashloop in some API pods.\nResolution:\nWe have updated our error handling.\n",
    "An error caused a crashloop in our API pods.\n",
    "The bad config caused a crash loop in the worker pods.\n",
    "A bug in our gateway led to CrashLoopBackOff in several of the gateway pods.\n",
])
def test_a_crash_loop_caused_in_the_case_pods_is_a_back_off(text):
    """A crash loop an error caused, past, in the case's pods (a determiner of the case's, or
    a quantifier before pods of the service the sentence names as the author's): a back-off no
    count bounds, what ended the container not told: cannot-tell, {0, null}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "The error caused a crashloop in some pods.\n",  # no service named
    "An error caused a crashloop in some API pods.\n",  # the service named as no one's
    "Some requests to your API triggered an error, which caused a crashloop in some API pods.\n",
    "An error in our API caused a crashloop in some worker pods.\n",  # another service's pods
    "An error in our API causes a crashloop in some API pods.\n",  # a guide's present
    "If an error in our API caused a crashloop in some API pods, page the on-call.\n",
    "The error in our API never caused a crashloop in some API pods.\n",  # a negation
    "Did the error in our API trigger a crashloop in some API pods?\n",  # a question
])
def test_a_crash_loop_caused_in_pods_of_no_case_is_no_record(text):
    """The negative side: the paste alone is refused (no crash loop read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "our API caused a crashloop in some API pods " * 45_000 + "\n",
    "caused a crashloop in some " + "API " * 500_000 + "pods\n",
    "our " * 500_000 + "caused a crashloop in some API pods\n",
])
def test_the_caused_crash_loop_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ the kubelet's message told after `it shows`


@pytest.mark.parametrize(("text", "probe"), [
    ("It shows readiness probe failed with error code 503 though the wal replay was "
     "succesfull.\n", "readiness"),
    ("I get liveness probe failed with connection refused.\n", "liveness"),
    ("We saw the error: readiness probe failed with HTTP 500.\n", "readiness"),
])
def test_the_kubelets_message_told_after_it_shows_is_that_probes_failure(text, probe):
    """The probe's kind, `probe failed with` and a failure as the kubelet reports one, after
    what shows it to the author: that probe's failure, at least once."""
    a = explained_answer(text)
    assert (a.shows_failures, a.failed) == (True, (probe,))


@pytest.mark.parametrize("text", [
    "It shows readiness probe failed with 503 when the app is overloaded.\n",  # a guide's time
    "If it shows readiness probe failed with 503, raise the delay.\n",  # a conditional
    "It never shows readiness probe failed with 503.\n",  # a negation
    "Does it show readiness probe failed with 503?\n",  # a question
    "You get readiness probe failed with 503.\n",  # the reader's
    "It may show readiness probe failed with 503.\n",  # a modal
])
def test_the_message_told_of_no_case_is_no_record(text):
    """The negative side: the paste alone is refused (no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ `it` after the author's own app installed


@pytest.mark.parametrize("text", [
    "I have prometheus server installed for metrics but it keep on restarting.\n",
    "We deployed the chart yesterday and it kept restarting.\n",
    "I have prometheus server installed but it keeps on restarting.\n",
    "The pod keep on restarting.\n",
])
def test_it_after_the_authors_own_app_restarting_is_an_end(text):
    """A restart of the author's app (`it` after `but` or `and` in the sentence of its
    installing), no cause given: the container ended, what ended it not told: cannot-tell,
    {0, null}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "I have a server installed and it keeps restarting.\n",  # no case's app
    "Your app is installed and it keeps restarting.\n",  # the reader's
    "I have prometheus installed but it is not restarting.\n",  # a negation
    "If I have prometheus installed but it keeps restarting, what then?\n",  # a conditional
])
def test_it_after_an_app_of_no_case_is_no_record(text):
    """The negative side: the paste alone is refused (no restart read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_the_restart_and_the_message_told_are_read_together():
    """prometheus-10631's shape: the restart of the author's app and the readiness failure it
    shows: a readiness failure never ends a container (R3.4), the restarts' cause not told:
    cannot-tell, readiness, {0, null}."""
    a = explained_answer(
        "### What did you do?\n\nI have prometheus server installed for metrics but it keep on "
        "restarting.\n\n### What did you see instead?\n\nIt shows readiness probe failed with "
        "error code 503 though the wal replay was succesfull.\n")
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ("readiness",))


@pytest.mark.parametrize("text", [
    "It shows readiness probe failed with error " * 46_000 + "\n",
    "I have " + "prometheus " * 180_000 + "installed but it keeps restarting\n",
    "I have prometheus installed but " * 62_000 + "it keep on restarting\n",
])
def test_the_told_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ `In our case when` the case's container fails


@pytest.mark.parametrize(("text", "probe"), [
    ("The kubelet relies on readiness probes. In our case when the Java container inside the "
     "pod fails its readiness checks, the pod is marked as not ready.\n", "readiness"),
    ("In my case when the api pod failed the liveness probe, nothing else happened.\n",
     "liveness"),
    ("In our case, when our worker containers were failing their readiness health checks, "
     "traffic stopped.\n", "readiness"),
])
def test_in_our_case_when_the_case_container_fails_its_probe_is_that_failure(text, probe):
    """`In our case` opens the author's case: the `when` clause's failure of the case's
    container is that probe's failure, at least once."""
    a = explained_answer(text)
    assert (a.shows_failures, a.failed) == (True, (probe,))


@pytest.mark.parametrize("text", [
    "When the Java container inside the pod fails its readiness checks, the pod is marked as "
    "not ready.\n",  # a guide's `when`
    "In your case when the container fails its readiness checks, the pod is not ready.\n",
    "In our case when the container does not fail its readiness checks, all is well.\n",
    "In our case when the container fails its readiness checks, could the pod restart?\n",
    "In our case when a container fails its readiness checks, the pod is not ready.\n",
])
def test_a_when_of_no_case_is_no_record(text):
    """The negative side: the paste alone is refused (no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "In our case when the container fails its readiness " * 40_000 + "\n",
    "In our case when the " + "java " * 400_000 + "container fails its readiness checks\n",
])
def test_the_our_case_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
