"""Whether a behaviour is a synthetic scenario or a recorded trace, without loading
`kubesim.behaviour.scenario` or `kubesim.behaviour.trace`.

The scenario models take a while to define, and the trace readers load numpy; a check of
manifests alone never builds either: no object is a `Scenario` (a `Trace`) before its module
is loaded, so the test asks only a loaded module (issue 31 item 1: start-up).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TypeGuard

if TYPE_CHECKING:
    from kubesim.behaviour.scenario import Scenario
    from kubesim.behaviour.trace import Trace

__all__ = ["is_scenario", "is_trace"]


def is_scenario(behaviour: object) -> TypeGuard[Scenario]:
    """`isinstance(behaviour, Scenario)`, False while the scenario module is not loaded."""
    module = sys.modules.get("kubesim.behaviour.scenario")
    return module is not None and isinstance(behaviour, module.Scenario)


def is_trace(behaviour: object) -> TypeGuard[Trace]:
    """`isinstance(behaviour, Trace)`, False while the trace module is not loaded."""
    module = sys.modules.get("kubesim.behaviour.trace")
    return module is not None and isinstance(behaviour, module.Trace)
