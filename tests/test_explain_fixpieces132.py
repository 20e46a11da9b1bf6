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
