"""The prefix a syslog or the journal writes before each line it keeps, as regular-expression
pieces: one pattern, read alike by the paste's cleaning (`normalise` takes a log shipper's
time and host off every line) and by the kubelet's log (`klog` reads the program's tag after
them, to tell the kubelet's lines from other programs').

The prefix (RFC 3164 4.1: TIMESTAMP, HOSTNAME, then the MSG's TAG; journalctl's `short`
output, and its `short-precise` and `short-iso`): `Jul  7 20:31:39 node-1.example
kubelet[1234]: `. A day below 10 is padded with a space (`Jul  7`); a page that folds runs of
spaces prints it `Jul 7`, and both are read.
"""

from __future__ import annotations

__all__ = ["DAY_TIME", "HOST", "ISO_TIME", "JOURNAL", "SYSLOG_TIME", "TAG"]

# TIMESTAMP `Mmm dd hh:mm:ss` (Go's time.Stamp, `Jan _2 15:04:05`, which the e2e framework's
# log and monitor lines print too, ci_log.py), the day padded with a space or not (a page
# folded it)
DAY_TIME = r"[A-Z][a-z]{2} {1,2}\d{1,2} \d{2}:\d{2}:\d{2}"
# journalctl -o short-precise adds the microseconds, six digits (`.885264`): a time of three
# (an e2e monitor's `Nov 14 10:01:02.123 I pod=...`) is no syslog's, and its `I` no host
SYSLOG_TIME = rf"{DAY_TIME}(?:\.\d{{6}})?"
# journalctl -o short-iso: RFC 3339, its zone written `+0000` or `+00:00`
ISO_TIME = r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?"
# HOSTNAME: a node's name (`ip-10-0-1-17.ec2.internal`, `aks-nodepool1-123-vmss000000`) or an
# IPv4 address, no space in it
HOST = r"[\w.-]{1,255}"
# the TAG: the program's name, its process id in brackets where the logger writes one
# (`kubelet[1234]:`; some syslogs leave it out, `kubelet:`)
TAG = r"(?P<tag>[\w.@-]{1,64})(?:\[(?P<pid>\d{1,10})\])?:"
# the whole prefix, up to the line's own text
JOURNAL = rf"(?:{SYSLOG_TIME}|{ISO_TIME}) (?P<host>{HOST}) {TAG} "
