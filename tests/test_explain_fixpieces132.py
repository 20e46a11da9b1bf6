"""Held-out batch 132 (fix56e): shapes no reader had.

- A container's fields pasted from their middle, `livenessProbe:` first and the container's
  own `name:` below it at the probe's indentation (kubevious-79): the piece is read with its
  own name, not refused for a second `name` key (readers/paste.py `_own_name`). A `name:`
  deeper (a port's) or in an item leaves the container unnamed; a real second `name:` of the
  one mapping stays refused.
"""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record

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
