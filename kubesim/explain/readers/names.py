"""The names the API gives objects, as regular-expression pieces every reader builds from.

apimachinery's validation (staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go):
`IsDNS1123Label` (dns1123LabelFmt `[a-z0-9]([-a-z0-9]*[a-z0-9])?`, at most 63 characters: a
container's name, a namespace's) and `IsDNS1123Subdomain` (labels joined by `.`, at most 253
characters: a pod's name, a node's). A record's name is matched by its characters, length and
ends; the subdomain's rule that each `.`-separated part is a label is not checked.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["LABEL", "NAMESPACE_CELL", "NAME_CELL", "PLACEHOLDER", "SUBDOMAIN",
           "object_of_event_name"]

# IsDNS1123Label: 1 to 63 characters, lower case, digits and `-`, a letter or digit at each end
LABEL = r"[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?"
# IsDNS1123Subdomain: 1 to 253 characters, a label's and `.`, a letter or digit at each end
SUBDOMAIN = r"[a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?"
# a table's NAME cell: a subdomain's characters and length, its end not checked (a page may
# cut the cell or run the next cell into it)
NAME_CELL = r"[a-z0-9][-a-z0-9.]{0,252}"
# a table's NAMESPACE cell: a label's characters and length, its end not checked
NAMESPACE_CELL = r"[a-z0-9][-a-z0-9]{0,62}"
# a page's placeholder written where a name goes (`POD_NAME`, `<pod-name>`, `MyPod`): no name
# the API gives, but a name's place in a row
PLACEHOLDER = r"<?[A-Za-z0-9][-A-Za-z0-9_.]{0,252}>?"

_SUBDOMAIN_WHOLE = lazy_regex(SUBDOMAIN)
# the hexadecimal nanoseconds an event's name ends in: 16 digits for every moment from 2006 to
# 2043 (2**60 ns to 2**64 ns after the epoch)
_HEX_NANOS = 16


def object_of_event_name(name: str) -> str | None:
    """The name of the object an event is about, when `name` is the event's own name: the
    event recorder names an event `<object's name>.<its moment, UnixNano in hex>`
    (client-go's record.makeEvent, `fmt.Sprintf("%v.%x", ref.Name, t.UnixNano())`:
    `test.156069c40d136031` for pod test); None for any other name. (rpartition and one
    fullmatch of a bounded pattern: one pass.)"""
    head, dot, tail = name.rpartition(".")
    if not dot or len(tail) != _HEX_NANOS or any(c not in "0123456789abcdef" for c in tail):
        return None
    return head if _SUBDOMAIN_WHOLE.fullmatch(head) else None
