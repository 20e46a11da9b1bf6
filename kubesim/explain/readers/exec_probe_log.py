"""An exec probe's call in the kubelet's own log (fc55k, hcsshim-1472), and the probe the
author names for it.

- The runtime's answer, remote_runtime.go (V(10)): `[RemoteRuntimeService] ExecSync Response
  (containerID=ID, ExitCode=126)` before 1.22, `"[RemoteRuntimeService] ExecSync Response"
  containerID="ID" exitCode=126` since; then, on the next line, the exec prober's own,
  pkg/probe/exec/exec.go (V(4)): `Exec probe response: "OUTPUT"`. exec.go logs the response of
  every exec probe, whatever its result; ExecSync serves an exec lifecycle hook as well, with
  no such line after it. The two together, the exit code not 0, are an exec probe's call whose
  command exited non-zero: a Failure with that output (R2.14; exec.go returns probe.Failure
  for an ExitError of a non-zero status), of a probe the lines do not name (the prober's own
  `Probe failed` line, which names it, is V(1) and not in them). Read as a failure of some
  probe, at least once (`Probe failed: OUTPUT`: diagnosis `_unnamed`). An exit code 0, the
  response alone and the ExecSync line alone show no failure.
- The probe the author names for it (`set liveness probe, return error:`): a sentence above
  the log, the author's setting of one probe (`set`, `configured`, `added`, `enabled`, `defined`
  a probe of one kind), where the prose above the log names no other probe kind: the lines'
  failure is that probe's (`probe_set`). A negation, a conditional or a word of what may happen
  before it in its clause, a guide's `you`, a question, and prose naming two kinds name none.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.hedges import HEDGES
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.normalise import PasteLine
from kubesim.explain.readers.stated_cause import NEGATED

__all__ = ["EXEC_SYNC", "ProbeSet", "exec_response", "exec_sync_exit", "probe_set"]

EXEC_SYNC = "[RemoteRuntimeService] ExecSync Response"  # the structured line's message
_OLD_SYNC = lazy_regex(r"^\[RemoteRuntimeService\] ExecSync Response \(containerID=[^,()\s]{1,80}"
                       r", ExitCode=(-?\d{1,10})\)")
_RESPONSE = 'Exec probe response: "'
_KIND = r"(?P<kind>(?i:liveness|readiness|startup))"
# the author's setting of one probe (`set liveness probe`, `I configured a readinessProbe`)
_SET = lazy_regex(r"(?<![\w'-])(?i:set|setting|configured|configure|configuring|added|add|adding|"
                  r"enabled|enable|enabling|defined|define|defining)[ \t]+(?:(?i:up)[ \t]+)?"
                  r"(?:(?i:a|an|the|my|our|its)[ \t]+)?" + _KIND
                  + r"(?:[ \t]*(?i:probes?)|Probe)(?![\w-])")
_ANY_KIND = lazy_regex(r"(?<![A-Za-z])(?i:liveness|readiness|startup)(?![a-z])")  # (`livenessProbe`)
_CLAUSE_STOP = lazy_regex(r"[.!?;,:](?=\s|$)")
_UNSAID = lazy_regex(r"(?<![A-Za-z])(?i:" + HEDGES + r"|you|without|will)(?![A-Za-z])")
_SENTENCE_END = lazy_regex(r"[.!?](?=\s|$)")
_REACH = 2000  # a sentence's reach: a longer line is read up to it


class ProbeSet(NamedTuple):
    """The probe the author states setting, and the line that says so."""

    kind: str
    line: int


def exec_sync_exit(message: str, kv: dict[str, str] | None = None) -> int | None:
    """The exit code of the runtime's ExecSync answer the line logs (its printf form, or the
    structured one's `exitCode` where `kv` holds its pairs); None for another line."""
    if kv is not None:
        code = kv.get("exitCode", "")
        return int(code) if re.fullmatch(r"-?\d{1,10}", code) else None
    m = _OLD_SYNC.match(message)
    return None if m is None else int(m[1])


def exec_response(message: str) -> str | None:
    """The output exec.go's `Exec probe response: %q` line logs (its quotes off, a line cut
    inside them read up to its cut); None for another line."""
    if not message.startswith(_RESPONSE):
        return None
    body = message[len(_RESPONSE):].rstrip()
    return (body[:-1] if body.endswith('"') else body).replace("\\r", "").replace(
        "\\n", " ").strip()


def probe_set(lines: list[PasteLine], before: int) -> ProbeSet | None:
    """The one probe the author states setting on a line above line `before` (`_SET`), where
    those lines name no other probe kind; None without one, or with a negation, a conditional,
    a guide's `you` or a word of what may happen before it in its clause, or in a question."""
    above = [x for x in lines if x.number < before]
    kinds = {k.lower() for x in above for k in _ANY_KIND.findall(x.text[:_REACH])}
    if len(kinds) != 1:
        return None
    for x in above:
        text = x.text[:_REACH]
        for m in _SET.finditer(text):
            if not _unstated(text, m):
                return ProbeSet(m["kind"].lower(), x.number)
    return None


def _unstated(text: str, m: re.Match[str]) -> bool:
    stops = [s.end() for s in _CLAUSE_STOP.finditer(text, 0, m.start())]
    start = stops[-1] if stops else 0
    stop = _SENTENCE_END.search(text, m.end())
    return NEGATED.search(text, start, m.start()) is not None or \
        _UNSAID.search(text, start, m.start()) is not None or \
        (stop is not None and text[stop.start()] == "?")
