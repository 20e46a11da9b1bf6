"""What a user names on the command line to read from a live cluster, in kubectl's words:
`pod/NAME`, `deploy/NAME`, `sts/NAME` (and kubectl's other spellings of those kinds), or a
label selector (`-l app=web`)."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from kubesim.errors import UsageError

__all__ = ["LiveKind", "Target", "is_live_name", "parse_target", "selector_target",
           "valid_namespace"]


class LiveKind(str, enum.Enum):
    """The objects whose pods kubesim explains."""

    POD = "pod"
    DEPLOYMENT = "deployment"
    STATEFULSET = "statefulset"
    DAEMONSET = "daemonset"
    SELECTOR = "selector"


# kubectl's names and short names of each kind
_SPELLINGS = {
    LiveKind.POD: ("pod", "pods", "po"),
    LiveKind.DEPLOYMENT: ("deployment", "deployments", "deploy", "deployment.apps"),
    LiveKind.STATEFULSET: ("statefulset", "statefulsets", "sts", "statefulset.apps"),
    LiveKind.DAEMONSET: ("daemonset", "daemonsets", "ds", "daemonset.apps"),
}
_KIND_OF = {spelling: kind for kind, names in _SPELLINGS.items() for spelling in names}
# an object's name: a DNS subdomain (RFC 1123), as the API server validates it
_NAME = re.compile(r"^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$")
_NAMESPACE = re.compile(r"^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$")
# a label selector as kubectl passes it (keys, values, operators, sets); no spaces or controls
_SELECTOR = re.compile(r"^[A-Za-z0-9_./!=,()\- ]{1,1000}$")


@dataclass(frozen=True)
class Target:
    """One thing to read: a kind and a name, or a label selector."""

    kind: LiveKind
    name: str

    def shown(self) -> str:
        return f"-l {self.name}" if self.kind is LiveKind.SELECTOR else \
            f"{self.kind.value}/{self.name}"


def is_live_name(text: str) -> bool:
    """Whether `text` is written as `KIND/NAME` with a kind kubesim reads from a cluster."""
    kind, slash, name = text.partition("/")
    return bool(slash) and kind.lower() in _KIND_OF and "/" not in name


def parse_target(text: str) -> Target:
    """`pod/web-1` -> Target(POD, "web-1"); a UsageError naming what is allowed."""
    kind_text, _, name = text.partition("/")
    kind = _KIND_OF.get(kind_text.lower())
    if kind is None:
        kinds = ", ".join(names[0] for names in _SPELLINGS.values())
        raise UsageError(f"{text[:80]!r}: kubesim reads {kinds} from a cluster (KIND/NAME, "
                         "as kubectl names them), or pods by -l SELECTOR")
    if not _NAME.match(name):
        raise UsageError(f"{text[:80]!r}: {name[:80]!r} is not an object name (lower-case "
                         "letters, digits, '-' and '.', at most 253 characters)")
    return Target(kind, name)


def selector_target(selector: str) -> Target:
    """`-l app=web`: the pods a label selector matches."""
    if not _SELECTOR.match(selector):
        raise UsageError(f"-l {selector[:80]!r}: not a label selector (key=value, key!=value, "
                         "key in (a,b), !key, comma-separated)")
    return Target(LiveKind.SELECTOR, selector)


def valid_namespace(name: str) -> str:
    if not _NAMESPACE.match(name):
        raise UsageError(f"--namespace {name[:80]!r}: not a namespace name (lower-case letters, "
                         "digits and '-', at most 63 characters)")
    return name
