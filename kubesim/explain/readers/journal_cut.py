"""A kubelet log whose paste ends inside a journal line's prefix, before its program's tag
(fc57g, held-out batch 133, openshift-release-1169: a fence of the kubelet's lines, then
`Aug 09 20:26:20 origin-c`, the paste's end).

journald and syslog write every line as `TIME HOST TAG[PID]: MESSAGE` (prefixes.JOURNAL), so a
line of a syslog or ISO time, a host and at most a tag without its `: ` is no line whole: the
paste was cut inside it, and the log's later lines (the kubelet's among them: its probes'
failures and kills) are not in the record. The corpus README's rule of a record cut with no
end (kubeflow-4718, flannel-1798, kudobuilder-operators-11's errored rows cut) then leaves
the kills open: the last line of the kubelet's log read is marked cut after it
(`RecordedEvent.cut_after`, `View.rows_cut`). Only the paste's last line, the paste ending
inside it (no line break after it), is weighed; a time and a host followed by words, a line
break after it, or a time alone stay what they are.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.prefixes import HOST, ISO_TIME, SYSLOG_TIME

__all__ = ["journal_cut"]

# the prefix cut after its host, or inside its tag (its PID's bracket open or not): every part
# bounded and each set apart by a single space, so one pass on any line
_CUT_PREFIX = lazy_regex(rf"^(?:{SYSLOG_TIME}|{ISO_TIME}) {HOST}"
                         r"(?: [\w.@-]{1,64}(?:\[\d{0,10}\]?)?)?[ \t]*$")


def journal_cut(text: str) -> bool:
    """Whether the line is a journal line's prefix cut before its tag's `: ` (`Aug 09 20:26:20
    origin-c`, `... node kubelet[12`): no line journald or syslog writes whole."""
    return _CUT_PREFIX.match(text.strip()[:1000]) is not None
