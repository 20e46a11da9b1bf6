"""fc55q: stated_end.py (crashcatch55's reader of an end of the case's own pod stated in its
author's prose) widened to subjects and wordings its principle covers but its patterns did not,
each from a held-out record it read none of at first contact.

- a lower-case component name run together with the noun of what runs (`vlagent`: `vl` and
  `agent`, subjects54's nouns) opening its clause (waifulabs-infrastructure-5551: `The
  collector never rolled out after #5550: vlagent was OOMKilled within one second`);
- a workload as the subject (`the deployment`, `the statefulset`: its pods), and a participle
  of failing joined to the end by `and` (kafka-lag-exporter-144: `Currently the deployment are
  failing and constantly restarting and I don't have a way to configure the probes timeout`:
  the probes named in a clause of the author's own after the end are no cause of it);
- a pod named for its workload after it (`the pod for the ingress-gateway`), a word of now
  before the auxiliary (tb-gcp-659: `the pod for the ingress-gateway currently is Crashing`).
- a symptom bullet with no verb under a heading of what was seen, beside a describe of one pod
  cut in its init containers (community-charts-helm-charts-249: `**Symptom:** - Crash loop
  back off on all pods deployed by the chart helm`): that pod's app container, of no name.

Every exclusion of crashcatch55 stays (tests/test_explain_crashcatch55.py unchanged), and a
count's range (`~85-230 restarts per pod`) is no dashed name."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.stated_end import stated_end

# ------------------------------------------------ an OOM kill of a component named in lower case


@pytest.mark.parametrize("text", [
    "## Why\n\nThe collector never rolled out after #5550: vlagent was OOMKilled within one "
    "second of startup, 10 restarts in its first 26 minutes.\n",
    "After the upgrade, fluxcontroller was OOMKilled twice.\n",
    "Since Monday: ingestworker got OOMKilled during the nightly backup.\n",
])
def test_a_lower_case_component_opening_its_clause_oom_killed_is_read(text):
    """A name run together with a component's noun, opening its clause, OOM-killed in the
    past: the case's component (subjects54), the kernel's OOM kill (oom-killed, {0, 0})."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


# ------------------------------------------------ an end of no cause told


@pytest.mark.parametrize("text", [
    "Hi,\nShould be very useful to have the ability to configure livenessProbe and "
    "readinessProbe in the helm chart.\nCurrently the deployment are failing and constantly "
    "restarting and I don't have a way to configure the probes timeout.\n",
    "Our statefulset keeps restarting since the upgrade.\n",
    "The deployment is failing and restarting after the rollout.\n",
    "**Describe the bug**\nPod has warnings !! K8's health probe sometimes fail when pod is "
    "under heavy load ! the pod for the ingress-gateway currently is Crashing and complains "
    "about minimum availability in the portal.\n",
    "The pod for our gateway is currently crashing.\n",
    "The pod of the gateway is crashing since the upgrade.\n",
])
def test_a_workload_or_a_pod_named_for_its_workload_stated_ending_is_read(text):
    """A workload (its pods) or a pod named for the case's workload, its end stated as what
    happened (a progressive, a word of how often or of now, a participle of failing joined by
    `and`), no cause told: cannot-tell, {0, null}, failures shown."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


# ------------------------------------------------ what stays unread


@pytest.mark.parametrize("text", [
    # a common noun alone, a component name inside its clause, a pronoun
    "After the upgrade, agent was OOMKilled twice.\n",
    "After the upgrade, the node said fluxcontroller was OOMKilled twice.\n",
    "Your fluxcontroller was OOMKilled twice.\n",
    "If fluxcontroller was OOMKilled, raise its limit.\n",
    # a workload of another's or any, a guide's, a question, a negation, a person's restart
    "Your deployment is failing and constantly restarting.\n",
    "A deployment keeps restarting when its pods run out of memory.\n",
    "Why is the deployment constantly restarting?\n",
    "The deployment is not restarting.\n",
    "The deployment was restarted.\n",
    # a pod named for another's, a guess, a probe in the end's own clause
    "The pod for your gateway is currently crashing.\n",
    "I think the pod for the ingress-gateway is currently crashing.\n",
    "The deployment is constantly restarting because the liveness probe fails.\n",
    "The deployment is constantly restarting and the liveness probe fails.\n",
    # a count's range is no dashed name
    "Restart churn today (~85-230 restarts per pod over 2d).\n",
])
def test_a_common_noun_anothers_a_guide_or_a_probes_cause_states_no_end(text):
    """The exclusions hold for the new subjects and wordings: the reader of a stated end reads
    none (another reader may: a probe's kill given as the cause is the probe's rules')."""
    assert stated_end(text.split("\n"), set(), set()) is None


@pytest.mark.parametrize("text", [
    "Your fluxcontroller was OOMKilled twice.\n",
    "Your deployment is failing and constantly restarting.\n",
    "Why is the deployment constantly restarting?\n",
    "The pod for your gateway is currently crashing.\n",
    "I think the pod for the ingress-gateway is currently crashing.\n",
    "Restart churn today (~85-230 restarts per pod over 2d).\n",
    # (under a heading of what was seen, where a present would be read)
    "## Summary\n\nRestart churn today (~85-230 restarts per pod over 2d).\n",
])
def test_a_page_of_only_such_words_stays_refused(text):
    """A page of prose alone that states no end of the case's: refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ a symptom bullet with no verb

_CUT_DESCRIBE = (
    "**Description of a pod:**\n\n```yaml\nName:             mlflow-cbb874d69-4btvs\n"
    "Namespace:        mlflow\nStart Time:       Fri, 19 Sep 2025 10:41:20 +0000\n"
    "Status:           Running\nIP:               10.42.0.66\n"
    "Controlled By:  ReplicaSet/mlflow-cbb874d69\nInit Containers:\n  dbchecker:\n"
    "    Container ID:  containerd://4649367065c7\n    Image:         busybox:1.32\n"
    "    Port:")


@pytest.mark.parametrize("text", [
    "**Symptom:**\n\n- Crash loop back off on all pods deployed by the chart helm\n"
    "-> mlflow not found\n\n" + _CUT_DESCRIBE,
    "## Symptoms\n\n- CrashLoopBackOff on the mlflow pods after the upgrade\n\n" + _CUT_DESCRIBE,
    "**Symptom:**\n\n- Crash loop back off on all pods deployed by the chart helm\n\nThanks.\n",
])
def test_a_symptom_bullet_of_the_cases_pods_is_read_as_an_end_of_no_cause(text):
    """A bullet under a heading of what was seen opening with a crash loop in words, then the
    case's pods it befell: the pods' app container ended, at least once (R4.8), no cause told
    (cannot-tell, {0, null}, failures shown); beside a describe of one pod cut in its init
    containers, that pod's app container (of no name)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("indent", ["    ", "\t", "  "])
def test_a_symptom_bullet_of_a_page_indented_as_a_whole_is_read_as_bare(indent):
    """The page pasted indented as a whole (a markdown block, a quote's body): its heading and
    bullet are the same page's, read as the bare page is (found by the lead's scan of every
    wrapper kind over this stop's records)."""
    text = "**Symptom:**\n\n- Crash loop back off on all pods deployed by the chart helm\n" \
           "-> mlflow not found\n\n" + _CUT_DESCRIBE
    indented = "".join(indent + line if line.strip() else line
                       for line in text.splitlines(keepends=True))
    a = explained_answer(indented)
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    # no heading of what was seen, a heading of what should happen, a question, a guide's `a`
    "- Crash loop back off on all pods deployed by the chart helm\n\n" + _CUT_DESCRIBE,
    "## Expected behavior\n\n- Crash loop back off on all pods\n\n" + _CUT_DESCRIBE,
    "**Symptom:**\n\n- Crash loop back off on all pods?\n\n" + _CUT_DESCRIBE,
    "**Symptom:**\n\n- Crash loop back off on a pod\n\n" + _CUT_DESCRIBE,
    "**Symptom:**\n\n- No crash loop back off on the pods\n\n" + _CUT_DESCRIBE,
    "**Symptom:**\n\n- Crash loop back off on your pods\n\n" + _CUT_DESCRIBE,
])
def test_a_bullet_not_of_what_was_seen_gives_the_cut_pod_nothing(text):
    """The cut describe alone shows nothing: no failure."""
    assert explained_answer(text).shows_failures is False


# ------------------------------------------------ one pass


@pytest.mark.parametrize("text", [
    "vlagent " * 250_000 + "was OOMKilled\n",
    ": vlagent was " * 150_000 + "\n",
    "the deployment are failing and " * 70_000 + "restarting\n",
    "the pod for the " * 130_000 + "ingress-gateway currently is Crashing\n",
    "the pod for the a-b currently " * 70_000 + "\n",
    "the deployment restarted and I " * 70_000 + "probe\n",
    "85-230 " * 300_000 + "restarts\n",
    "9-" * 1_000_000 + " restarted\n",
    "**Symptom:**\n\n- crash loop back off on all " + "a " * 1_000_000 + "pods\n",
    "**Symptom:**\n\n" + "- crashing on the " * 110_000 + "\n",
])
def test_the_widened_reader_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the new words, read in one pass."""
    read_in_one_pass(text)
