"""The kubelet's kill of a container whose spec changed, its message cut inside its words.

computePodActions (pkg/kubelet/kuberuntime/kuberuntime_manager.go) kills a running container
whose spec hash changed with the Killing message `Container NAME definition changed, will be
restarted`: a changed spec always restarts, so the kubelet always adds `, will be restarted`
(R4.1). No other Killing message of the kubelet's goes on `Container NAME def`, so a message
that stops inside those words, three letters of `definition` at least (milvus-38426's
`Container bookie definition cha`), is that kill of NAME, cut where the paste stops: the
README's rule of a Killing message cut inside its words (stop 59, fx59c). Readers mark such a
last row cut (rows after it are not in the record); the engine gives the kill to NAME.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["SPEC_WORDS", "spec_kill_cut"]

# (the words after `def` are letters, spaces and the comma: one class, no nesting)
_CUT = lazy_regex(r"^Container (\S+) (def[a-z ,]*)$")
SPEC_WORDS = "definition changed, will be restarted"


def spec_kill_cut(message: str) -> str | None:
    """The container a spec change's kill message names, where the message stops inside its
    words (`_CUT`); None for any other message, the whole one included."""
    m = _CUT.match(message.strip())
    if m is None or m[2] == SPEC_WORDS or not SPEC_WORDS.startswith(m[2]):
        return None
    return m[1]
