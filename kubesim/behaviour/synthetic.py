"""Whether a behaviour is a synthetic scenario, without loading `kubesim.behaviour.scenario`.

The scenario models take a while to define, and a check of manifests alone never builds
one: no object is a `Scenario` before its module is loaded, so the test asks only a loaded
module (issue 31 item 1: start-up).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TypeGuard

if TYPE_CHECKING:
    from kubesim.behaviour.scenario import Scenario

__all__ = ["is_scenario"]


def is_scenario(behaviour: object) -> TypeGuard[Scenario]:
    """`isinstance(behaviour, Scenario)`, False while the scenario module is not loaded."""
    module = sys.modules.get("kubesim.behaviour.scenario")
    return module is not None and isinstance(behaviour, module.Scenario)
