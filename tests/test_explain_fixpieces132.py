"""Held-out batch 132 (fix56e): shapes no reader had.

- A container's fields pasted from their middle, `livenessProbe:` first and the container's
  own `name:` below it at the probe's indentation (kubevious-79): the piece is read with its
  own name, not refused for a second `name` key (readers/paste.py `_own_name`). A `name:`
  deeper (a port's) or in an item leaves the container unnamed; a real second `name:` of the
  one mapping stays refused.
- A liveness or startup probe the subject of one sentence and `it` the agent of a past kill
  of the case's pod in the very next (sapcc-openstack-helm-64: `The livenessprobe starts
  probing 20s after pod startup. And after 5 failed attempts it killed the pod.`): that
  probe's failure and at least one kill (stated_kill.PROBE_KILL, widened). A readiness probe,
  a sentence between, the present, a modal, a question, a conditional, `a pod` stay unread.
- A `describe POD | grep` naming no pod beside `get pods` rows of that pod and others
  (crunchy-pgo-3429): the pod its command names (paste.py `_name_by_command`, widened), the
  row's record of its several containers kept over the grep's one nameless container that
  states no status (read.py `_summary_over_one`).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# --- a container's fields pasted from their middle, its own `name:` below the probe --------

_PROBE = ("    livenessProbe:\n      failureThreshold: 3\n      httpGet:\n        path: /\n"
          "        port: http\n      periodSeconds: 10\n      timeoutSeconds: 1\n")
_PORTS = "    ports:\n    - containerPort: 4002\n      name: http\n      protocol: TCP\n"
_READY = ("    readinessProbe:\n      httpGet:\n        path: /\n        port: http\n"
          "      periodSeconds: 7\n")


def _one_container(text: str) -> tuple[str | None, int | None, int | None]:
    """(name, liveness period, readiness period) of the record's one container."""
    [pod] = parse_record(text, "r.txt").pods
    [container] = pod.containers
    spec = container.spec
    assert spec is not None
    live, ready = spec.liveness_probe, spec.readiness_probe
    return (container.name, live.period_seconds if live else None,
            ready.period_seconds if ready else None)


@pytest.mark.parametrize("fence", [True, False])
def test_container_fields_from_the_middle_keep_their_own_name(fence: bool) -> None:
    text = _PROBE + "    name: kubevious\n" + _PORTS + _READY
    if fence:
        text = "Defaults values:\n```\n" + text + "```\nCan these be set?\n"
    assert _one_container(text) == ("kubevious", 10, 7)


def test_name_at_the_probe_indentation_after_other_keys() -> None:
    text = _PROBE + "    image: kubevious:1.0\n    name: collector\n" + _READY
    assert _one_container("```\n" + text + "```\n") == ("collector", 10, 7)


_OWN = "    name: kubevious\n"


@pytest.mark.parametrize("below", [
    _PORTS,                                          # only a port's `name:` (deeper)
    "    env:\n    - name: MODE\n      value: x\n",  # an env var's item
    "    image: kubevious:1.0\n",                     # no name at all
])
def test_no_own_name_stays_unnamed(below: str) -> None:
    # beside the same piece with the container's own name below (read with it)
    assert _one_container("```\n" + _PROBE + below + _READY + "```\n") == (None, 10, 7)
    assert _one_container("```\n" + _PROBE + _OWN + below + _READY + "```\n") == (
        "kubevious", 10, 7)


def test_name_after_the_mapping_ended_is_not_the_containers() -> None:
    # `name:` at the probe's indentation only after a less indented line: not this mapping's
    # (the YAML read up to the line that ends it, the container unnamed)
    cut = "```\n" + _PROBE + "  other:\n" + _OWN + "```\n"
    assert _one_container(cut) == (None, 10, None)
    assert _one_container("```\n" + _PROBE + _OWN + "```\n") == ("kubevious", 10, None)


def test_a_real_second_name_key_stays_refused() -> None:
    # two `name:` keys of the one mapping, the piece going on below: refused at the second,
    # beside the same piece with one `name:` (read with it)
    text = "```\n" + _PROBE + "    name: a\n    name: b\n" + _READY + "```\nMore.\n"
    with pytest.raises(RecordError, match=r"r\.txt:10: duplicate key 'name' in one mapping"):
        parse_record(text, "r.txt")
    assert _one_container(text.replace("    name: b\n", "")) == ("a", 10, 7)


def test_own_name_2mb_line() -> None:
    read_in_one_pass("    livenessProbe:\n      periodSeconds: 1\n    name: " + "a" * 2_000_000)
    read_in_one_pass("    livenessProbe:\n" + "    " * 500_000 + "name:\n")


# --- `it` the agent of the kill, the probe the subject of the sentence before ---------------

@pytest.mark.parametrize(("text", "cause", "probe"), [
    ("This recovery took like 1 minute. The livenessprobe starts probing 20s after pod startup. "
     "And after 5 failed attempts it killed the pod. Kicking it into a death spiral.\n",
     Cause.LIVENESS_KILL, ProbeType.LIVENESS),
    ("The liveness probe kept failing while the cache warmed. It killed the container.\n",
     Cause.LIVENESS_KILL, ProbeType.LIVENESS),
    ("Our startup probe checks /healthz every 2s. After 3 failures, it killed the api "
     "container.\n", Cause.STARTUP_KILL, ProbeType.STARTUP),
])
def test_it_after_the_probe_as_subject_is_the_kills_agent(text, cause, probe):
    """`it` the first subject of the sentence right after the probe's: the probe killed the
    case's pod, in the past (R4.4): its failure and at least one kill, no count."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (cause, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    "The readiness probe starts probing 20s after startup. After 5 failed attempts it killed "
    "the pod.\n",
    "The liveness probe starts probing 20s after startup. After 5 failed attempts it kills "
    "the pod.\n",
    "The liveness probe starts probing 20s after startup. After 5 failed attempts it will kill "
    "the pod.\n",
    "The liveness probe starts probing 20s after startup. After 5 failed attempts it killed "
    "the pod?\n",
    "If the liveness probe starts probing 20s after startup. After 5 failed attempts it killed "
    "the pod.\n",
    "The liveness probe starts probing 20s after startup. The database recovered. Then it "
    "killed the pod.\n",
    "The liveness probe starts probing 20s after startup. After 5 failed attempts it killed "
    "a pod.\n",
    "The liveness probe starts probing 20s after startup. After 5 failed attempts it never "
    "killed the pod.\n",
])
def test_it_of_no_probe_or_of_what_may_happen_stays_unread(text):
    """The negative side: readiness (it never kills), the present, a modal, a question, a
    conditional, a sentence between (`it` no longer the probe), `a pod`, a negation."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_it_agent_2mb_line() -> None:
    read_in_one_pass("The liveness probe " + "x " * 1_000_000 + ". it killed the pod\n")
    read_in_one_pass("The liveness probe ran. after " * 60_000 + "it killed the pod\n")


# --- a `describe | grep` of a pod among several `get pods` rows, its lines naming no container

_ROWS = ("```\n$ oc get pods\nNAME      READY   STATUS    RESTARTS       AGE\n"
         "db-a-0    3/3     Running   7 (61m ago)    24h\ndb-b-0    3/3     Running   7 (62m ago)    24h\n"
         "```\n\n")
_GREP = ("```\n$ oc describe pod {pod} | grep Liveness\n"
         "    Liveness:   http-get https://:8008/liveness delay=3s timeout=5s period=10s "
         "#success=1 #failure=3\n"
         "  Warning  Unhealthy  75m (x24 over 7h6m)   kubelet  Liveness probe failed: Get "
         "\"https://10.0.0.1:8008/liveness\": context deadline exceeded\n```\n")


def _pod_answer(text: str, pod: str) -> tuple[Cause, tuple[ProbeType, ...], CountRange, bool]:
    a = explained_answer(text, pod=pod)
    return a.cause, a.failed, a.probe_kills, a.shows_failures


def test_a_grepped_describe_is_the_pod_its_command_names_among_rows() -> None:
    """The describe's lines name no pod; its command names db-a-0, one of the rows: they are
    that pod's (its failures), the row's sum over its 3 containers bounding the kills
    (R4.7); the other pod's row stays without them."""
    text = _ROWS + _GREP.format(pod="db-a-0")
    assert _pod_answer(text, "db-a-0") == (
        Cause.CANNOT_TELL, (ProbeType.LIVENESS,), CountRange(0, 7), True)
    assert _pod_answer(text, "db-b-0")[1] == ()


def test_a_grepped_describe_of_a_pod_no_row_shows_stays_apart() -> None:
    """The command names a pod no row shows: the describe is not the rows' pods' (as
    before), beside the same describe named among them (read as that pod's)."""
    apart = _ROWS + _GREP.format(pod="db-c-0")
    assert _pod_answer(apart, "db-a-0")[1] == ()
    assert _pod_answer(_ROWS + _GREP.format(pod="db-b-0"), "db-b-0")[1] == (ProbeType.LIVENESS,)


def test_the_rows_sum_over_its_containers_stays_beside_a_grepped_describe() -> None:
    """The grep's lines state no container's status (probe lines, an event row cut at the
    record's end): the row's record of the pod's 3 containers stays the pod's, its sum
    bounding their kills whatever rows are cut (R4.7, the get-pods rule), not one
    container's count."""
    cut = _ROWS + _GREP.format(pod="db-a-0").replace(
        "context deadline exceeded\n```\n", "net/http: request canceled while await")
    assert _pod_answer(cut, "db-a-0") == (
        Cause.CANNOT_TELL, (ProbeType.LIVENESS,), CountRange(0, 7), True)


def test_a_chain_of_arrows_quoted_without_the_lines_indent() -> None:
    """An indented chain of arrows (a quote, a list's body) is quoted in its note by its words,
    as the same line unindented is: what is not read is told alike however it is wrapped
    (test_explain_wrappers' `indent`, davealtena-homelab-1469)."""
    line = "OOMKilled at 512Mi → CrashLoopBackOff → empty endpoints\n"

    def quoted(text: str) -> list[str]:
        return [n.text for n in parse_record(text, "r.txt").notes if "chain of arrows" in n.text]

    assert quoted("    " + line) == quoted(line) != []
