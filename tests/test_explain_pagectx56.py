"""Stop 56 (pagectx56): whose pods a bare `pods` or a quantifier of pods names, by the page
before it (the corpus README's rule marked "page context, stop 56").

A kill stated in the past of bare `pods` or of a quantifier of pods, with no owner in its own
sentence, names the case's pods when the page is one author's account of what happened to
them, an earlier sentence names one workload as the case's (the author's `we`/`our` service, a
section of what was seen's subject), no other workload's or owner's pods are named between,
and a quantifier's word is part of the named workload's name (page_context.page_pods). Read
through the kubelet's kill for a failing check (probekill55's KUBELET_KILL: rubygems-org-6342's
`Kubernetes had killed a few web pods due to the health check failing` after `we received a
couple of pages due to a sudden increase in latency on the web service`) and the kubelet's own
probe as the agent (civitai-2278's `Kubelet's `livenessProbe` counted those 500s as failures
and killed pods` under a summary of `civitai-web pod restart churn`: a liveness kill, R4.4).
Hand-written variants that must stay unread beside them: a guide's present, a question, a
`when` or `if` sentence, pods of another named workload between, a quantifier's word not in
the named service, no earlier owner, another's service, a list of general advice, an owner's
sentence naming two workloads, a negation, the readiness probe (it never kills, R3.4)."""

from __future__ import annotations

import pytest
from helpers import answer_unless_refused, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.page_context import page_pods

# ------------------------------------------------ a kill for a failing check, which probe not told


@pytest.mark.parametrize("text", [
    # rubygems-org-6342's shape: the service on which `we` were paged, then a quantifier's pods
    "Earlier this week we received a couple of pages due to a sudden increase in latency on "
    "the web service. An investigation revealed this was because Kubernetes had killed a few "
    "web pods due to the health check failing.\n",
    # bare `pods`, the author's service in the sentence before
    "We were paged for the checkout service last night. The kubelet killed pods due to failed "
    "health checks.\n",
    # `several of the pods`, the owner a paragraph above
    "Our billing deployment slowed down on Monday.\n\nThe database was at fault. Kubernetes "
    "restarted several of the pods because their health checks failed.\n",
    # a dashed name under a heading of what was seen, then a quantifier naming a part of it
    "## Summary\n\nRestart churn of the shop-web pods observed today.\n\n## Details\n\n"
    "k8s killed some web pods after failed health checks.\n",
])
def test_pods_the_page_makes_the_case_s_are_killed_for_a_failing_check(text):
    """At least one probe kill, which probe not told (R4.1, R4.4): cannot-tell, none named."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(1, None), True, ())


# ------------------------------------------------ the kubelet's probe as the agent


@pytest.mark.parametrize(("text", "cause"), [
    # civitai-2278's shape: a summary's workload, then the kubelet's liveness probe's kill
    ("## Summary\n\nTwo fixes for web-api pod restart churn observed today.\n\n"
     "**Why**: the health endpoint answered 500. Kubelet's `livenessProbe` counted those 500s "
     "as failures and killed pods.\n", Cause.LIVENESS_KILL),
    ("We deployed the billing service yesterday. The kubelet's startup probe killed a few "
     "billing pods.\n", Cause.STARTUP_KILL),
])
def test_the_kubelet_s_probe_killing_the_case_s_pods_is_its_kill(text, cause):
    """That probe's failure and at least one kill of it (R4.4), no count."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures) == (cause, CountRange(1, None), True)


# ------------------------------------------------ the negative side


@pytest.mark.parametrize("text", [
    # a guide's present
    "We run the web service on EKS. Kubernetes kills pods when the health check fails.\n",
    # a question
    "We were paged on the web service. Had Kubernetes killed a few web pods due to the health "
    "check failing?\n",
    # a `when` and an `if` sentence
    "We were paged on the web service. When the database stalled, Kubernetes killed a few web "
    "pods due to the health check failing.\n",
    "We were paged on the web service. If the database stalled, Kubernetes killed pods due to "
    "the health check failing.\n",
    # pods of another named workload between, in a sentence of their own or in the kill's
    "We were paged on our web service. The worker pods were slow too. Kubernetes killed pods "
    "due to the health check failing.\n",
    "We were paged on our web service. The worker pods were slow, and Kubernetes killed pods "
    "due to the health check failing.\n",
    # a quantifier's word not in the named service
    "We were paged on the web service. Kubernetes had killed a few worker pods due to the "
    "health check failing.\n",
    # no earlier owner
    "An investigation revealed this was because Kubernetes had killed a few web pods due to "
    "the health check failing.\n",
    "We were paged last night. Kubernetes killed pods due to the health check failing.\n",
    # another's service
    "Their web service was paged. Kubernetes killed a few web pods due to the health check "
    "failing.\n",
    # a list of general advice: no first person in the past, no heading of a case
    "Health check advice for a web service:\n\n1. Keep the web service's health check cheap.\n"
    "2. Kubernetes killed a few web pods due to the health check failing in one setup, so "
    "prefer a TCP probe.\n",
    "Tips:\n\n- Give our web service a cheap health check.\n- Kubernetes killed a few web pods "
    "due to the health check failing, so use a TCP probe.\n",
    # the owner's sentence names two workloads
    "We were paged on the web service and the worker service. Kubernetes killed pods due to "
    "the health check failing.\n",
    # the owner's sentence a question
    "Were we paged on the web service? Kubernetes killed pods due to the health check failing.\n",
    # a negation
    "We were paged on the web service. Kubernetes never killed pods due to the health check "
    "failing.\n",
    # the readiness probe never kills (R3.4)
    "## Summary\n\nTwo fixes for web-api pod restart churn observed today.\n\nKubelet's "
    "`readinessProbe` counted those 500s as failures and killed pods.\n",
    # the kubelet's probe killing pods of no case the page names
    "Kubelet's `livenessProbe` counted those 500s as failures and killed pods.\n",
])
def test_pods_the_page_does_not_make_the_case_s_state_no_kill(text):
    """No probe kill is read."""
    a = answer_unless_refused(text)
    if a is None:
        return
    assert a.cause not in (Cause.LIVENESS_KILL, Cause.STARTUP_KILL)
    assert a.probe_kills.lo == 0


def test_the_latest_owner_is_weighed():
    """The owner is the page's latest sentence naming a workload as the author's: an older
    owner of the quantifier's word behind a newer one of another name is no owner."""
    text = ("We were paged on our web service. Later we restarted our worker service.\n"
            "Kubernetes killed a few web pods due to the health check failing.\n")
    assert not page_pods(text, 2, 0, "web")
    assert page_pods(text, 2, 0, "worker")
    assert page_pods(text, 2, 0, None)


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("We were paged on the web service. " * (_N // 34)) + "Kubernetes killed pods due to the "
    "health check failing.\n",
    ("our a b c " * (_N // 10)) + "service. Kubernetes killed a few a pods due to failed checks\n",
    ("the web-api " * (_N // 12)) + "pods. Kubernetes killed pods due to failed health checks\n",
    "Kubelet's `livenessProbe` counted " + ("those " * (_N // 6)) + "as failures and killed pods\n",
    ("kubelet's liveness probe counted a as failures and " * (_N // 51)) + "\n",
    ("Kubernetes killed pods due to the health check failing. " * (_N // 56)) + "\n",
    "We saw the web service.\n" + ("k8s killed some web pods after failed health checks.\n"
                                   * (_N // 53)),
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
