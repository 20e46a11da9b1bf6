"""The names the API gives objects, as regular-expression pieces every reader builds from.

apimachinery's validation (staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go):
`IsDNS1123Label` (dns1123LabelFmt `[a-z0-9]([-a-z0-9]*[a-z0-9])?`, at most 63 characters: a
container's name, a namespace's) and `IsDNS1123Subdomain` (labels joined by `.`, at most 253
characters: a pod's name, a node's). A record's name is matched by its characters, length and
ends; the subdomain's rule that each `.`-separated part is a label is not checked.
"""

from __future__ import annotations

__all__ = ["LABEL", "NAMESPACE_CELL", "NAME_CELL", "PLACEHOLDER", "SUBDOMAIN"]

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
