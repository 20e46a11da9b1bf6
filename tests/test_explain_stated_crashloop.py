"""A crash loop of the case's own pod stated in its author's prose, as a verb (`keeps
crashlooping`, `crashloops`, `goes into CrashLoopBackOff`) or as the pod's name and its status
alone on a line (fixstated61, issue 30: held-out batches 59-61, tailscale-4178,
haproxytech-kubernetes-ingress-548, dependency-track-4794, clickstack-helm-charts-153,
gitops-operator-184, tempo-5132; readers/stated_crashloop.py, the corpus README's prose rules:
a pod stated in CrashLoopBackOff is a back-off whose restarts no count bounds)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record

# a describe cut before its container's state: the record shows no status of its own
_DESCRIBE = ("Name:         acme-otel-collector-7d9f8b6c5d-x2x9k\n"
             "Namespace:    default\n"
             "Labels:       app=otel-collector\n"
             "Status:       Running\n"
             "Containers:\n"
             "  collector:\n"
             "    Image:   otel/opentelemetry-collector:0.98.0\n"
             "    Args:\n"
             "      --config=/etc/ot")


def _answer(prose: str) -> tuple[str, bool, int, int | None]:
    a = explained_answer("Hi,\n\n" + prose + "\n\n" + _DESCRIBE)  # (no title: its own rule)
    return a.cause.value, a.shows_failures, a.probe_kills.lo, a.probe_kills.hi


@pytest.mark.parametrize("prose", [
    "The otel-collector pod keeps crashlooping.",
    "Installing it causes the pod created for acme-otel-collector to go into **CrashLoopBackOff** "
    "status.",
    "I deployed the chart. `otel-collector` is in `CrashLoopBackOff`. Logs below.",
    "acme-otel-collector-7d9f8b6c5d-x2x9k CrashLoopBackOff",
    "After the upgrade my pod crashloops with OOM ...",
    "The acme-otel-collector pod went into CrashLoopBackOff.",
    # the case's pods, several, after `the` as after `our` (one subject rule with the OOM
    # readers, README: the case's pods, `the pods`; fixprose77)
    "The otel-collector pods keep crashlooping.",
])
def test_a_crash_loop_stated_of_the_cases_pod_is_its_back_off(prose):
    """The case's own pod (a determiner of the case's, its name, its workload's, a run of its
    name's parts) stated crash-looping beside a describe cut before its state: a back-off
    whose restarts no count bounds, its cause not in the record (`with OOM` no reason)."""
    assert _answer(prose) == ("cannot-tell", True, 0, None)


@pytest.mark.parametrize("prose", [
    # `a pod`, `pods`, a question, a conditional, what happens when, a negation, a modal
    "An otel-collector pod keeps crashlooping.",
    "Otel-collector pods keep crashlooping.",
    "Is the otel-collector pod crashlooping?",
    "If the otel-collector pod goes into CrashLoopBackOff, check its logs.",
    "When the config is missing, the otel-collector pod crashloops.",
    "The otel-collector pod no longer crashloops.",
    "The otel-collector pod does not crashloop.",
    "The otel-collector pod is not in CrashLoopBackOff.",
    "The otel-collector pod will go into CrashLoopBackOff.",
    # a guide's list of causes; another pod's name; a name and status not alone on a line
    "- CrashLoopBackOff: the pod goes into CrashLoopBackOff when its command exits.",
    "The redis-master pod keeps crashlooping.",
    "acme-otel-collector-7d9f8b6c5d-x2x9k CrashLoopBackOff means the app exits",
    "We want the pod to go into CrashLoopBackOff.",
])
def test_a_crash_loop_not_stated_of_the_cases_pod_stays_unread(prose):
    """No statement of the case's crash loop: the describe alone, nothing shown."""
    assert _answer(prose) == ("cannot-tell", False, 0, None)


@pytest.mark.parametrize(("text", "pod"), [
    ("After upgrading to 1.2.0, the repo-server crashloops with OOM ...\n\nIt did not help.\n",
     None),
    ("Three pods:\n\n`web-2`: Up for 14 hours, healthy.\n`web-0`: First up 27 hours ago, has "
     "been in `CrashLoopBackOff` repeatedly.\n", "web-0"),
    ("Since Monday our api-server keeps crashlooping.\n", None),
    ("Since Monday api-server-0 keeps crashlooping.\n", "api-server-0"),
])
def test_a_page_of_prose_alone_stating_a_crash_loop_is_read(text, pod):
    """A page of prose alone stating its case's crash loop: one pod (named by a pod's own
    dashed name as the subject or a list's label), its back-off, restarts unbounded."""
    found = parse_record(text, "r.txt")
    assert [p.name for p in found.pods] == [pod]
    a = explained_answer(text)
    assert (a.cause.value, a.shows_failures, a.probe_kills.lo, a.probe_kills.hi) == (
        "cannot-tell", True, 0, None)


@pytest.mark.parametrize("text", [
    "A pod keeps crashlooping.\n",
    "Pods crashloop when their probes fail.\n",
    "If the repo-server crashloops, raise its memory limit.\n",
    "Why is the repo-server crashlooping?\n",
    "The repo-server no longer crashloops.\n",
    "The repo-server could go into CrashLoopBackOff.\n",
    "`web-0`: the db pod next to it is in CrashLoopBackOff.\n",
    "Everything keeps crashlooping.\n",
])
def test_prose_alone_not_stating_the_cases_crash_loop_stays_refused(text):
    """A generic pod, a guide's present, a conditional, a question, a negation, a modal, a
    label whose sentence has its own subject, no pod at all: still no record."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the " + "otel-collector " * 140_000 + "pod keeps crashlooping",
    "a-" * 1_000_000 + " CrashLoopBackOff",
    "`web-0`: " + "x" * 2_000_000 + " has been in CrashLoopBackOff",
    "the pod keeps crashlooping " * 80_000,
    "crash" * 400_000,
    ("the web-0 pod keeps crashlooping\n" * 70_000) + _DESCRIBE,
])
def test_a_stated_crash_loop_is_read_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words."""
    read_in_one_pass(text + "\n")


# the author's own occasion of a problem (`I encounter a problem when deploying`): its `when`
# no word of what may happen (readers/own_occasion.py; fixlogs86, acme-fitness-demo-17)
@pytest.mark.parametrize("prose", [
    "I encounter a problem when deploying on k8s (1.19.2) the otel-collector pod is in "
    "CrashLoopBackOff mode.",
    "We got an error when upgrading the chart: the otel-collector pod keeps crashlooping.",
    "I had this strange issue when installing it, the otel-collector pod went into "
    "CrashLoopBackOff.",
])
def test_a_crash_loop_after_the_authors_own_occasion_is_read(prose):
    """The author's own problem met `when` doing something: the crash loop stated after it
    is what happened, a back-off whose restarts no count bounds."""
    assert _answer(prose) == ("cannot-tell", True, 0, None)


@pytest.mark.parametrize("prose", [
    # no first person, no gerund after `when`, a modal between the subject and its verb, a
    # question, a generic pod
    "There is a problem when deploying: the otel-collector pod goes into CrashLoopBackOff.",
    "I get an error when the config is missing and the otel-collector pod crashloops.",
    "I may encounter a problem when deploying, the otel-collector pod goes into CrashLoopBackOff.",
    "Do I get an error when deploying because the otel-collector pod is in CrashLoopBackOff?",
    "I encounter a problem when deploying: a pod is in CrashLoopBackOff mode.",
])
def test_a_crash_loop_after_no_own_occasion_stays_unread(prose):
    """No occasion of the author's own: the `when` still says what may happen."""
    assert _answer(prose) == ("cannot-tell", False, 0, None)


@pytest.mark.parametrize("text", [
    "I encounter a problem " + "when deploying " * 140_000 + "the pod is in CrashLoopBackOff",
    "I got " + "an error " * 230_000 + "when deploying the pod crashloops",
    ("I had an issue when deploying " * 70_000) + "the pod keeps crashlooping",
])
def test_an_own_occasion_is_read_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words."""
    read_in_one_pass(text + "\n" + _DESCRIBE + "\n")
