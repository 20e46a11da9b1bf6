"""A log consumer's constant prefix on every line of a block of the kubelet's log: a word in
capitals and a colon, or a name in brackets. Testcontainers' `Slf4jLogConsumer` logs a
container's output as `logger.info("{}{}: {}", prefix, outputType, message)`, its prefix
`"[" + prefix + "] "` (`[K3S] STDOUT: I0627 ...`; newer versions leave the `STDOUT: ` out),
and its users' own consumers print their own (`K3S: I0627 08:27:47.911107 ...`,
testcontainers-java-10375); kubectl logs' `--prefix` prints `[pod/NAME/CONTAINER] `. The
prefix is the consumer's, not the record's: taken off every line (one layer a pass: the
paste's cleaning peels another), the kubelet's own lines are left as it wrote them.

Taken off only where every non-blank line of the block carries the very same prefix (one
line is not enough: two at least; a lower-case word is a syslog's program tag, klog.py's to
read) and what follows it on at least one line is a record's line
(klog's header, `Lmmdd hh:mm:ss.uuuuuu threadid file:line] `, or a journal's syslog prefix):
prose whose lines start with `Note: ` or a YAML mapping's keys (no key is written twice in one
mapping) are no such block. Each pattern is anchored and bounded: one pass over each line.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.prefixes import JOURNAL

__all__ = ["consumer_prefixed"]

# `K3S: `, `STDOUT: ` (a word in capitals, then a colon and one space), or `[pod/web-0/app] `.
# A word in lower case is the program's tag a syslog writes (`kubelet: `, `containerd: `,
# prefixes.TAG): klog.py reads it itself, and it says whose line it is; it is kept.
# Both, the brackets first, are Slf4jLogConsumer's `[K3S] STDOUT: `: one prefix.
_PREFIX = re.compile(r"^(?:\[[\w./:-]{1,300}\] )?(?:[A-Z][A-Z0-9_.-]{0,31}: )?")
# what follows the prefix: klog's header (klog.py reads the line) or a journal's prefix
_RECORD_LINE = lazy_regex(r"[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d{1,9} +\d{1,10} [\w.-]{1,80}:\d{1,6}\] "
                          rf"|{JOURNAL}")


def consumer_prefixed(block: list[str]) -> list[str] | None:
    """The block's lines without the prefix every non-blank line carries (see the module's
    docstring); None where no such prefix is on every line, or where no line after it is a
    record's."""
    prefix: str | None = None
    shown = 0
    for line in block:
        if not line.strip():
            continue
        m = _PREFIX.match(line)  # (it matches every line: both parts may be empty)
        if m is None or not m[0] or prefix not in (None, m[0]):
            return None
        prefix = m[0]
        shown += 1
    if prefix is None or shown < 2:
        return None
    if not any(_RECORD_LINE.match(x, len(prefix)) for x in block if x.strip()):
        return None
    return [x[len(prefix):] if x.strip() else x for x in block]
