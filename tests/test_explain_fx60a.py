"""The lead's decision of stop 60 (oompresent, fx60a): an OOM kill of the case's own pods or
component told in the present, in the OOM kill's own word, under a section of what was seen
or why.

- (1) A present, active or passive, in the OOM kill's own vocabulary (`is OOM-killed`, `is
  OOMKilled`, `gets OOMKilled`, `get OOMkilled`) whose subject is the case's (crashcatch55's
  subject: a determiner of the case's, or an issue's note naming its component by capitalised
  words and a lower-case noun, a version in a parenthesis after it aside), in the main clause
  of a line under a section of what was seen or why (genre54's sections: Problem, Describe the
  Problem, What happened, Symptoms, Root cause ...), tells the case's end: OOMKilled (CRI).
  hiero-solo-3950 (`## Problem` `REST Java component (v0.151.0) is OOM-killed by Kubernetes
  during startup`), operate-first-support-598 (`### Describe the Problem` `the pods error out
  and get OOMkilled after downloading the model`: a verb of failing in the present joined by
  `and` before it shares its subject). kube-green-271's `since the manager container is
  killed` (a bare `is killed`, in a `since` clause) stays unread, as do the present with no
  such section, under a section of what should happen, `a pod`, `pods`, `your pod`, a
  subordinate clause, a conditional, a question and a negation.
- An issue form's `Describe the Problem` is genre54's `Problem` (the form's imperative
  `Describe` before its title's words).
- (2) The README's OOM rule reads the ends a restart count adds as the OOM kill's only where
  no probe failure, kill or setting is shown: an OOM kill placed in no state beside a liveness
  or startup failure leaves those ends open, bounded by the restart count (R4.7):
  hiero-solo-3950's `# Output:` row `mirror-1-restjava-xxx 0/1 CrashLoopBackOff 6 11m`
  (kubectl's row as the author transcribed it, the tenth and sixteenth batches' rules) and its
  liveness row: oom-killed, {0, 7}.

Hand-written variants beside each that must stay unread."""

from __future__ import annotations

import pytest
from helpers import assert_not_a_record, assert_oom_killed, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.sections import Role, title_role

# ------------------------------------------------ (1) the present under a section of what was seen


@pytest.mark.parametrize("text", [
    "## Problem\nREST Java component (v0.151.0) is OOM-killed by Kubernetes during startup due "
    "to insufficient memory (500Mi limit). Pod enters `CrashLoopBackOff`.\n",
    "### Describe the Problem\n\nOur seldon deployment is failing at the model step.\n\nOn the "
    "ml namespace, the pods error out and get OOMkilled after downloading the model.\n",
    "## What happened\n\nThe api container is OOMKilled during startup.\n",
    "## Symptoms\n\nOur worker pods get OOMKilled under load.\n",
    "## Root cause\n\nThe exporter pod gets OOM killed because its limit is 64Mi.\n",
    "## Problem\n\n- Billing Worker component is OOMKilled on startup.\n",
    "## Issue\n\nAfter the upgrade, the manager pod is OOMKilled within seconds.\n",
])
def test_the_present_of_the_cases_pod_under_a_section_of_what_was_seen_is_oomkilled(text):
    """The case's pods or component OOM-killed in the present under a section of what was seen
    or why (the lead's decision, stop 60, oompresent): OOMKilled (CRI), no probe, {0, 0}."""
    assert_oom_killed(text)


@pytest.mark.parametrize("text", [
    # no section of what was seen: a guide's present
    "REST Java component (v0.151.0) is OOM-killed by Kubernetes during startup.\n",
    "The pods error out and get OOMkilled after downloading the model.\n",
    # a section of what should happen, of a fix or of no known role
    "## Expected behavior\n\nThe api container is OOMKilled when it passes its limit.\n",
    "## Fix\n\nThe api container is OOMKilled no more.\n",
    "## Notes\n\nThe api container is OOMKilled during startup.\n",
    # no subject of the case's
    "## Problem\n\nA pod gets OOMKilled when it passes its limit.\n",
    "## Problem\n\nPods get OOMKilled during startup.\n",
    "## Problem\n\nYour pod gets OOMKilled during startup.\n",
    "## Problem\n\nKubernetes component is OOMKilled during startup.\n",
    # not the main clause, a bare `is killed`, a conditional, a question, a negation
    "### Issue\n\nThe operator stops since the manager container is killed (due to the memory "
    "limit).\n",
    "## Problem\n\nThe operator stops, since the manager container is OOMKilled.\n",
    "## Problem\n\nIf the api container is OOMKilled, raise its limit.\n",
    "## Problem\n\nWhen the api container gets OOMKilled, the job is lost.\n",
    "## Problem\n\nWhy is the api container OOMKilled during startup?\n",
    "## Problem\n\nThe api container is not OOMKilled during startup.\n",
    "## Problem\n\nThe api container may get OOMKilled during startup.\n",
])
def test_the_present_of_a_guide_or_no_case_states_nothing(text):
    """No section of what was seen or why, a section of what should happen or of a fix, a
    subject of no case's (`a pod`, `pods`, `your pod`, Kubernetes' own), a subordinate clause,
    a bare `is killed`, a conditional, a question, a negation and a modal: nothing read."""
    assert_not_a_record(text)


@pytest.mark.parametrize(("title", "role"), [
    ("Describe the Problem", Role.SEEN),
    ("Describe the bug", Role.SEEN),
    ("Describe the solution you'd like", Role.REMEDY),
    ("Describe", None),
])
def test_an_issue_forms_describe_heading_has_its_titles_role(title, role):
    """An issue form's imperative `Describe` before its title's words (`Describe the Problem`:
    genre54's Problem, the lead's decision, stop 60)."""
    assert title_role(title) is role


# ------------------------------------------------ (2) an OOM kill in no state beside a liveness failure


_HIERO = (
    "## Problem\nREST Java component (v0.151.0) is OOM-killed by Kubernetes during startup due to "
    "insufficient memory (500Mi limit). Pod enters `CrashLoopBackOff`.\n\n"
    "## Reproduction\n```bash\nkubectl get pods -n one-shot -l app.kubernetes.io/name=restjava\n"
    "# Output: mirror-1-restjava-xxx   0/1  CrashLoopBackOff  6  11m\n```\n\n"
    "## Key Events\n```\nWarning  Unhealthy  Readiness probe failed: connection refused on port "
    "8084\nWarning  Unhealthy  Liveness probe fail\n```\n")


def test_an_oom_kill_beside_a_liveness_failure_leaves_the_restarts_open():
    """The stated OOM kill in no state beside a liveness failure and the `# Output:` row's
    RESTARTS 6: the other ends may be liveness kills, at most 7 (R4.7); OOMKilled."""
    a = explained_answer(_HIERO)
    assert (a.cause, a.probe_kills) == (Cause.OOM_KILLED, CountRange(0, 7))


def test_an_oom_kill_beside_no_probe_failure_closes_the_kills():
    """The same with no probe failure shown (the README's OOM rule): {0, 0}."""
    text = _HIERO.split("## Key Events")[0]
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.OOM_KILLED, CountRange(0, 0))


def test_an_oom_kill_beside_a_readiness_failure_alone_closes_the_kills():
    """A readiness failure kills nothing (R3.4): the OOM rule's {0, 0} holds."""
    text = _HIERO.replace("Warning  Unhealthy  Liveness probe fail\n", "")
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.OOM_KILLED, CountRange(0, 0))


def test_the_new_shapes_are_read_in_one_pass():
    read_in_one_pass("## Problem\n\n" + "Ab " * 700_000 + "component is OOMKilled\n")
    read_in_one_pass("## Problem\n\nThe api pod (" + "1." * 1_000_000 + ") is OOMKilled\n")
    read_in_one_pass("## Problem\n\nThe pods " + "error out and " * 150_000 + "get OOMKilled\n")
    read_in_one_pass("## Problem\n\nThe pods get " + "constantly " * 190_000 + "OOMKilled\n")
    read_in_one_pass("## Problem\n\n" + "since the pods get OOMKilled, " * 70_000 + "\n")
    read_in_one_pass("### Describe " + "the " * 500_000 + "Problem\n\nThe pods get OOMKilled.\n")
