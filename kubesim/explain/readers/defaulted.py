"""kubectl's `Defaulted container "X" out of: A, B (init)` line: the containers it lists.

kubectl logs, exec and attach, given no `-c`, print this line (to stderr) when the pod has
more than one container (`podcmd.FindOrDefaultContainerByName`, staging's
k8s.io/kubectl/pkg/cmd/util/podcmd): every container of the pod's spec, its init containers
marked ` (init)` and its ephemeral ones ` (ephem)` (`AllContainerNames`). The record so names
those containers, an init container among them: a Pulled, Created or Started row naming no
container bounds the kills only where the record names one container and no other, nor an
init container (README's Pulled rule; `View.named_alone`).
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import RecordSet
from kubesim.explain.readers.normalise import unfolded

# the line as kubectl prints it, read once per line from its start (one pass: `match` at the
# line's first word, after a markdown quote's `>` marks, the list a run of names and commas)
# (its quotes as a page or a JSON string may escape them: `&quot;`, `&#34;`, `\"`)
_QUOTE = r'(?:"|&quot;|&#34;|\\")'
_DEFAULTED = lazy_regex(
    r'\s*(?:>[ \t]*)*Defaulted container ' + _QUOTE + r'(?P<chosen>[a-z0-9][-a-z0-9]{0,62})' + _QUOTE +
    r' out of: '
    r'(?P<listed>[-a-z0-9]+(?: \((?:init|ephem)\))?(?:, [-a-z0-9]+(?: \((?:init|ephem)\))?)*)')


def defaulted_list(line: str) -> list[str] | None:
    """The containers `line` lists where it is a `Defaulted container` line (an init
    container with its ` (init)` mark kept), else None."""
    m = _DEFAULTED.match(line) if "Defaulted container" in line else None
    return None if m is None else m["listed"].split(", ")


def listed_containers(text: str) -> list[str]:
    """Every container a `Defaulted container` line of `text` lists, an init container with
    its ` (init)` mark kept: the pod has each of them."""
    listed: list[str] = []
    for line in text.split("\n"):
        names = defaulted_list(line)
        if names is not None:
            listed.extend(n for n in names if n not in listed)
    return listed


def give_listed_containers(found: RecordSet, text: str) -> None:
    """The containers a `Defaulted container` line lists, given to the record's one pod
    (`PodRecord.listed`): the line does not name its pod, so a record of several pods keeps
    it for none."""
    if len(found.pods) == 1 and "Defaulted container" in text:
        folded = unfolded(text)  # a page's one line (`<br>`), a JSON string's `\\n`
        found.pods[0].listed = listed_containers(text if folded is None else folded[0])
