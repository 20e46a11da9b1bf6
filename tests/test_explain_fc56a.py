"""Held-out batches 128-131 (stop 56, fc56a): prose statements of the case's end with no table.

- A probe's setting named as the restart's cause (probe_restart.PROBE_RESTART): its size before
  it and the probe in a code span (zammad-helm-95: `The zammad-railsserver gets restarted often
  and prematurely due to low `livenessProbe` timeouts`), or one of its fields
  (kubernetes-data-platform-63: `because of low startupProbe failureThreshold`): a probe's
  settings given as the restart's cause are that probe's failure and one kill (README,
  oomsaid54; R4.4), {1, null}. A dashed name alone right before the restart's verb is the
  container the kubelet's kill names (zammad's `container` fact).
- An adverb of how often (`often`, `sometimes`) between the case's subject and its restart in
  a sentence opening with the author's own cluster (localstack-helm-charts-17: `In my cluster,
  the container often gets restarted due to liveness probe timeout`): an observed habit, that
  probe's kill, {1, null}; with no such opening it stays a guide's present.
- A probe named by its handler (ragflow-9012: `The previous HTTP probe received an 401 ... and
  caused the container to be restarted`), the sentence before naming one probe that kills
  (`Fix Kubernetes liveness probe on ...`): that probe, its kill {1, null}.
- A pull request's statement of what it fixes opening its sentence, its object the component it
  names before the end (`Fixes infra MySQL crash loop because of ...`): what a change fixes
  happened (README, crashcatch55). `a`, `possible`, `potential` and a `when` state none.

Hand-written variants beside those that must stay unread (a question, a negation, a
conditional, what may happen, the readiness probe, `pods`)."""

from __future__ import annotations

import pytest
from helpers import assert_one_kill, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ a probe's setting as the restart's cause


@pytest.mark.parametrize(("text", "probe"), [
    ("**What happened**:\n\nThe zammad-railsserver gets restarted often and prematurely due to "
     "low `livenessProbe` timeouts. The helm chart does not set a timeout.\n",
     ProbeType.LIVENESS),
    ("My api pod restarted because of the too short liveness probe timeoutSeconds.\n",
     ProbeType.LIVENESS),
    ("Our worker pods kept restarting due to an aggressive `startupProbe.failureThreshold`.\n",
     ProbeType.STARTUP),
    ("The web container crashed due to a low liveness probe initialDelaySeconds.\n",
     ProbeType.LIVENESS),
])
def test_a_probes_setting_as_the_restarts_cause_is_one_kill(text, probe):
    """The case's restart caused by a liveness or startup probe's setting: that probe's failure
    and one kill of it (R4.4), {1, null}."""
    assert_one_kill(text, probe)


def test_a_dashed_name_right_before_the_restart_is_the_container_killed():
    """A dashed name alone, the restart's subject: the container the kill names."""
    assert_one_kill("**What happened**:\n\nThe zammad-railsserver gets restarted often due to low "
              "`livenessProbe` timeouts.\n", ProbeType.LIVENESS, container="zammad-railsserver")


@pytest.mark.parametrize("text", [
    "Pods restart due to low livenessProbe timeouts.\n",
    "The zammad-railsserver may get restarted often due to low livenessProbe timeouts.\n",
    "Does the zammad-railsserver get restarted often due to low livenessProbe timeouts?\n",
    "The zammad-railsserver is not restarted due to low livenessProbe timeouts.\n",
    "The zammad-railsserver gets restarted due to low readinessProbe timeouts.\n",
    "If the api pod restarts because of a low liveness probe failureThreshold, raise it.\n",
])
def test_a_setting_of_no_case_or_not_stated_is_no_record(text):
    """The negative side: `pods`, what may happen, a question, a negation, the readiness probe
    (it kills nothing, R3.4), a conditional: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ a fix's object


@pytest.mark.parametrize(("text", "probe"), [
    ("### Description of your changes\n\nFixes infra MySQL crash loop because of low "
     "startupProbe failureThreshold on poor I/O env.\n\n### How has this code been tested\n\n"
     "E2E test.\n", ProbeType.STARTUP),
    ("This PR fixes Redis restarts due to the liveness probe timing out.\n",
     ProbeType.LIVENESS),
    ("Fixes Kafka broker crash loop caused by liveness probe timeouts.\n",
     ProbeType.LIVENESS),
])
def test_a_fixed_components_end_caused_by_a_probe_is_one_kill(text, probe):
    """What a change fixes happened: the component it names, its end caused by a liveness or
    startup probe: that probe's failure and one kill of it (R4.4), {1, null}."""
    assert_one_kill(text, probe)


@pytest.mark.parametrize("text", [
    "Fixes a crash loop because of low startupProbe failureThreshold.\n",
    "Fixes possible MySQL crash loop because of low startupProbe failureThreshold.\n",
    "Fixes potential MySQL restarts due to the liveness probe timing out.\n",
    "Fixes infra MySQL crash loop when there is a low startupProbe failureThreshold.\n",
    "Fixes infra MySQL crash loop because of low readinessProbe failureThreshold.\n",
    "Does this fix infra MySQL crash loop because of low startupProbe failureThreshold?\n",
    "Fixes your MySQL crash loop because of low startupProbe failureThreshold.\n",
])
def test_a_fix_of_no_case_or_not_stated_is_no_record(text):
    """The negative side: `a`, what may happen, `when`, the readiness probe, a question,
    another's: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ `often` in the author's own cluster


@pytest.mark.parametrize(("text", "probe"), [
    ("In my cluster, the container often gets restarted due to liveness probe timeout.\n\n"
     "Added some parameters to customize probes.\n", ProbeType.LIVENESS),
    ("In our production cluster, my api pod sometimes restarts due to the liveness probe "
     "timing out.\n", ProbeType.LIVENESS),
    ("On our nodes the worker-0 pod often restarted because of startup probe failures.\n",
     ProbeType.STARTUP),
])
def test_often_in_the_authors_own_cluster_is_an_observed_kill(text, probe):
    """An adverb of how often between the case's subject and its restart, the sentence opening
    with the author's own cluster: a habit observed there, that probe's failure and one kill of
    it (R4.4), {1, null}."""
    assert_one_kill(text, probe)


@pytest.mark.parametrize("text", [
    "The container often gets restarted due to liveness probe timeout.\n",
    "In your cluster, the container often gets restarted due to liveness probe timeout.\n",
    "In my cluster, the container may often get restarted due to liveness probe timeout.\n",
    "In my cluster, does the container often get restarted due to liveness probe timeout?\n",
    "In my cluster, the container doesn't often get restarted due to liveness probe timeout.\n",
    "In my cluster, the container often gets restarted due to readiness probe timeout.\n",
    "In my cluster, pods often get restarted due to liveness probe timeout.\n",
    "Often the container gets restarted due to liveness probe timeout in my cluster.\n",
    "In my cluster, the container usually gets restarted due to liveness probe timeout.\n",
    "In my cluster, the container will often get restarted due to liveness probe timeout.\n",
    "If in my cluster the container often gets restarted due to liveness probe timeout, "
    "raise it.\n",
])
def test_often_of_no_case_or_not_stated_is_no_record(text):
    """The negative side: no frame of the author's own (a guide's present), `your` cluster,
    what may happen, a question, a negation, the readiness probe, `pods`, `often` outside the
    subject's verb, `usually`, the future, a conditional: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ a probe named by its handler


@pytest.mark.parametrize(("text", "probe"), [
    ("### What problem does this PR solve?\n\nFix Kubernetes liveness probe on the OpenSearch "
     "container. The previous HTTP probe received an 401 response from the OpenSearch API which "
     "treated as a failure and caused the container to be restarted every 20 minutes.\n",
     ProbeType.LIVENESS),
    ("Fix the startup probe of our app. The exec probe timed out and caused the pod to be "
     "restarted.\n", ProbeType.STARTUP),
    ("The liveness probe failed and caused the container to be restarted.\n",
     ProbeType.LIVENESS),
])
def test_a_handlers_probe_causing_the_restart_is_the_one_named_before(text, probe):
    """The probe named by its handler (`the previous HTTP probe`), the sentence before naming
    one probe that kills, its doing in the past causing the case's container's restart (`and
    caused`): that probe's failure and one kill of it (R4.4), {1, null}."""
    assert_one_kill(text, probe)


@pytest.mark.parametrize("text", [
    "Fix the readiness probe of our app. The HTTP probe received 401 and caused the pod to be "
    "restarted.\n",
    "Fix the readiness and liveness probes. The HTTP probe received 401 and caused the pod to "
    "be restarted.\n",
    "We run a service. The HTTP probe received 401 and caused the pod to be restarted.\n",
    "Fix the liveness probe. The HTTP probe received 401 and may cause the pod to be "
    "restarted.\n",
    "Fix the liveness probe. If the HTTP probe received 401 and caused the pod to be "
    "restarted, raise it.\n",
    "Fix the liveness probe. The HTTP probe received 401 and caused a pod to be restarted.\n",
    "Fix the liveness probe. The HTTP probe received 401 and never caused the pod to be "
    "restarted.\n",
    "Fix the liveness probe. An HTTP probe received 401 and caused the pod to be restarted.\n",
    "Fix the liveness probe. The HTTP probe checks /health and causes the pod to be "
    "restarted.\n",
])
def test_a_handlers_probe_of_no_one_kind_or_not_stated_is_no_record(text):
    """The negative side: the readiness probe named before (it kills nothing, R3.4), two
    kinds, none, what may happen, a conditional, `a pod`, a negation, `an` HTTP probe, the
    present: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("Fixes Ab " * (_N // 9)) + "crash loop because of low startupProbe failureThreshold\n",
    "Fixes " + ("Ab-c " * (_N // 5)) + "\n",
    ("restarted due to low `liveness`" * (_N // 31)) + "\n",
    ("restarted due to too low " * (_N // 25)) + "livenessProbe\n",
    ("The ab-cd " * (_N // 10)) + "gets restarted due to low livenessProbe timeouts\n",
    "The ab-cd" + (" ab" * (_N // 3)) + " restarted due to low livenessProbe timeouts\n",
    ("In my ab " * (_N // 9)) + "cluster, the pod often restarted due to liveness timeout\n",
    "In my cluster, the pod" + (" often" * (_N // 6)) + " restarted due to liveness timeout\n",
    "Fix liveness. The HTTP probe received" + (" and" * (_N // 4)) + " caused the pod to be "
    "restarted\n",
    ("The previous HTTP probe failed x" * (_N // 32)) + "\n",
    ("The http probe ended and " * (_N // 25)) + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
