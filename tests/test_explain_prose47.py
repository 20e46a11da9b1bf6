"""Held-out batches 47 and 48 (fixprose47):

- a probe's failures stated causing Kubernetes or the kubelet to restart the case's pods
  (emqx-3916's `we started to have readiness or liveness probe failures recently causing k8s to
  restart the broker pods`; readers/stated_cause.py's CAUSING_RESTART): that probe's failure and
  one kill of it (R4.4); a disjunction of the readiness probe and one that kills names the one
  that kills (a readiness failure restarts nothing, R3.4);
- the app's own end alone (kube-httpcache-44's Go `panic: signal: killed` with its goroutine's
  traceback; readers/app_end.py): the container's process ended, what ended it not stated:
  cannot tell, an end shown, no kill counted and none ruled out.

Hand-written variants beside those that must stay unread (a readiness probe alone, two probes
that kill, a guide's present, `pods`, a conditional, a question, a negation, what may happen, a
failure to avoid, an `Expected` section; a `panic:` with no traceback)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ failures causing Kubernetes to restart the pods


@pytest.mark.parametrize(("text", "probe"), [
    ("we are using emqx v4.0.7 in production in kubernetes and we started to have readiness or "
     "liveness probe failures recently causing k8s to restart the broker pods.\n",
     ProbeType.LIVENESS),
    ("Liveness probe failures caused Kubernetes to restart our pods.\n", ProbeType.LIVENESS),
    ("The startup probe failures are causing the kubelet to restart my-api-0.\n",
     ProbeType.STARTUP),
    ("We had startup probe or readiness probe failures, causing the kubelet to kill the api "
     "pods.\n", ProbeType.STARTUP),
    ("livez check failures caused K8s to restart the broker pods.\n", ProbeType.LIVENESS),
    ("Since the upgrade, liveness failures keep causing Kubernetes to restart Superset "
     "Workers.\n", ProbeType.LIVENESS),
])
def test_failures_causing_kubernetes_to_restart_the_pods_are_one_kill_at_least(text, probe):
    """A liveness or startup failure restarts a container only by the kubelet's kill (R4.4): the
    case's pods stated restarted by Kubernetes, caused by the probe's failures, is that probe's
    kill, once: {1, null}; the readiness probe a disjunction names beside it is not read failed
    (the restart can be only the killer's, R3.4)."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # the readiness probe restarts nothing (R3.4); two probes that kill: which one, not told
    "We started to have readiness probe failures causing k8s to restart the broker pods.\n",
    "We see readyz probe failures causing Kubernetes to restart the broker pods.\n",
    "We have liveness or startup probe failures causing k8s to restart the broker pods.\n",
    "We have liveness/startup probe failures causing k8s to restart the broker pods.\n",
    # a guide's present; pods of no case
    "Liveness probe failures cause Kubernetes to restart the pod.\n",
    "A liveness probe failure causes the kubelet to restart the container.\n",
    # (`We saw liveness probe failures causing k8s to restart pods.`: its failures are read by
    # fc56c's rule of the author's seeing, stop 56; its restart of bare pods still states no
    # kill: test_the_failures_seen_are_read_and_the_restart_of_bare_pods_no_kill)
    # a conditional, a question, a negation, what may happen, a failure to avoid
    "If liveness probe failures are causing k8s to restart the broker pods, raise the timeout.\n",
    "Are liveness probe failures causing k8s to restart the broker pods?\n",
    "We do not have liveness probe failures causing k8s to restart the broker pods.\n",
    "Liveness probe failures could be causing k8s to restart the broker pods.\n",
    "Set initialDelaySeconds to avoid liveness probe failures causing the kubelet to restart "
    "the pods.\n",
    # what the author expected, not what happened
    "### Expected behavior\n\nNo liveness probe failures causing k8s to restart the pods.\n",
    "### Expected results\n\nStartup probe failures caused Kubernetes to restart our pods.\n",
    # no restart of the pods stated
    "We had liveness probe failures causing k8s to log warnings for the broker pods.\n",
])
def test_failures_causing_a_restart_of_no_case_or_of_what_may_happen_are_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "We saw liveness probe failures causing k8s to restart pods.\n",
    "We saw liveness probe failures causing k8s to restart a pod.\n",
])
def test_the_failures_seen_are_read_and_the_restart_of_bare_pods_no_kill(text):
    """Two of this file's old negatives, read since stop 56 by the rule of the author's own
    seeing of a probe's failures (`We saw liveness probe failures`, the corpus README's "(stop
    56)" paragraph, camunda-4784): the liveness probe failed at least once; the restart is of
    bare `pods` or `a pod`, no case's, so no kill is stated and none is counted (R4.4 needs
    the case's container restarted): cannot tell, {0, null}."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (ProbeType.LIVENESS,), CountRange(0, None), True)


_PROBES = """```
  readinessProbe:
      tcpSocket:
         port: 1883
      initialDelaySeconds: 60
      periodSeconds: 10
   livenessProbe:
      tcpSocket:
         port: 1883
      initialDelaySeconds: 60
      periodSeconds: 3
```
"""


def test_the_stated_kill_beside_the_probes_settings_is_the_liveness_probes():
    """emqx-3916's shape: the sentence, then the fenced probes: the liveness probe's kill at
    least once, and the readiness probe the disjunction names not read failed."""
    a = explained_answer(
        "Hi,\n\nwe started to have readiness or liveness probe failures recently causing k8s to "
        "restart the broker pods. \nHealth checks are done as following:\n" + _PROBES)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.LIVENESS_KILL, CountRange(1, None), True, (ProbeType.LIVENESS,))


def test_the_probes_settings_without_the_stated_kill_show_nothing():
    """The negative side: the same settings beside a question of the restarts: nothing shown."""
    a = explained_answer("Why does k8s restart the broker pods?\n" + _PROBES)
    assert (a.cause, a.shows_failures, a.failed) == (Cause.CANNOT_TELL, False, ())


@pytest.mark.parametrize("words", [
    "readiness or liveness probe failures recently causing ",
    "liveness probe failures causing k8s to restart ",
    "causing ",
    "readiness or ",
])
def test_failures_causing_a_restart_read_a_long_line_in_one_pass(words):
    """Hostile input: the rule's words repeated over a 2 MB line, read in one pass."""
    read_in_one_pass(words * (2_000_000 // len(words)) + "the broker pods.\n")


# ------------------------------------------------ the app's own end alone

_LIVENESS = ("```yaml\nlivenessProbe:\n  httpGet:\n    path: /healthz\n    port: 8080\n"
             "  periodSeconds: 10\n```\n\n")
_GO_PANIC = ("```\nW1009 07:50:55.018673       1 run.go:53] error while watching for updates: "
             "context canceled\npanic: signal: killed\ngoroutine 1 [running]:\nmain.main()\n"
             "\t/src/cmd/app/main.go:149 +0xd12\n```\n")


@pytest.mark.parametrize("ended", [
    _GO_PANIC,
    "```\nfatal error: runtime: out of memory\n\ngoroutine 7 [running]:\nruntime.throw()\n```\n",
    "```\nKernel pid terminated (application_controller) ({application_start_failure,rabbit})\n"
    "```\n",
])
def test_the_apps_own_end_alone_is_an_end_shown_whose_cause_is_not_told(ended):
    """kube-httpcache-44: a runtime's last line (readers/app_end.py) shows the container's
    process ended (the corpus README's rule), with no exit code, reason or Killing row to say
    what ended it: cannot tell, an end shown, no kill counted and none ruled out ({0, null}: a
    liveness probe is set)."""
    a = explained_answer(_LIVENESS + ended)
    assert (a.cause, a.kind, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, "app-ended", True, ())
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, None)
    assert "the app's own end (line " in a.text


@pytest.mark.parametrize("other", [
    # a `panic:` without a goroutine's traceback may be the app's own log line
    "```\npanic: recovered, retrying\nstill serving\n```\n",
    # Python's traceback does not show the process ended (`logging.exception` prints it)
    "```\nTraceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n"
    "ValueError: bad\n```\n",
])
def test_lines_that_show_no_end_beside_the_settings_show_nothing(other):
    """The negative side: nothing shown, as before."""
    a = explained_answer(_LIVENESS + other)
    assert (a.cause, a.kind, a.shows_failures) == (Cause.CANNOT_TELL, "nothing", False)
