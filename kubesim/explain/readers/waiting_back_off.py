"""A container's waiting state written `REASON: MESSAGE` (fixquoted74): the kubelet's waiting
state of a start refused in back-off, reason CrashLoopBackOff and message `back-off 20s
restarting failed container=web pod=web-1_ns(uid)` (kuberuntime_manager.go's doBackOff; Rancher
and `kubectl get pod -o yaml` show it so: `CrashLoopBackOff: back-off 20s restarting failed
container=web pod=web-1_ns(uid)`), is the kubelet's back-off refusal of that container, as its
BackOff event's message (`Back-off 20s restarting failed container=web pod=...`, the kubelets
since 1.5 write the waiting message's `back-off` in lower case, event_layouts.start_back_off).
The container and pod are the ones the message names; a message without them (no `container=`,
no `pod=`) is none of the kubelet's.
"""

from __future__ import annotations

import re

__all__ = ["waiting_back_off"]

# the waiting state's reason, then its message: the delay, the container, the pod as
# NAME_NAMESPACE(UID)
_WAITING = re.compile(r"^[ \t]*CrashLoopBackOff: (back-off \d[0-9hms.]{0,19} restarting failed "
                      r"container=[^\s=]{1,253} pod=[a-z0-9][a-z0-9.-]{0,252}_[a-z0-9-]{1,63}"
                      r"\([0-9a-f-]{1,36}\)?)")


def waiting_back_off(message: str) -> str | None:
    """The BackOff event's message a waiting state `CrashLoopBackOff: back-off ...` stands for
    (the module's docstring); None for any other text."""
    m = _WAITING.match(message)
    return "B" + m[1][1:] if m is not None else None
