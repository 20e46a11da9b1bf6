"""An app's log line of a request the kubelet's HTTP prober made (the corpus README's rules used
for the facts, marked53b): the prober sends `User-Agent: kube-probe/<major>.<minor>` unless the
probe sets its own (R2.6, pkg/probe/http/request.go), and counts a status of 400 or more a
failure, 200-399 a success (R2.9). So a line the app logged of a request of that user agent
answered 400 or more is that probe's failure shown (ory-k8s-269's Kratos line: `user-agent:
kube-probe/1.18+ ... path:/health/ready ... status:503`).

- Its shapes: keys and values (logfmt, Go's `map[...]`, a JSON log: the user agent after its
  key, `user-agent:`, `"user_agent":"..."`; the path after `path`, `uri` or `url`; the status
  after `status`, `status_code` or `code`), or a common/combined access-log line (`"GET
  /healthz HTTP/1.1" 503 12 "-" "kube-probe/1.27"`).
- Which probe: the one whose httpGet path the record shows equal to the logged path (describe's
  `Readiness: http-get http://:4434/health/ready ...`, a manifest's `readinessProbe:` block's
  `path:`), else the one kind the prose names for the check (`readiness check returning 503`,
  `liveness probe`), else it cannot be told (a probe's failure of no kind).

A status below 400 is a success (nothing read here); a request of another user agent (`curl/
8.0`) is no probe's. Each pattern is bounded and looked for around `kube-probe/` only.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["PROBE_REQUEST", "probe_request_hint", "probe_request_lines"]

PROBE_REQUEST = "an app's log line of the kubelet prober's request (user agent kube-probe)"
_AGENT_WORD = "kube-probe/"
_AGENT = r"kube-probe/\d{1,3}\.\d{1,3}\+?(?![\w.])"
# the user agent after its key (`user-agent:kube-probe/1.18+`, `"user_agent": "kube-probe/1.27"`)
_KEYED_AGENT = lazy_regex(r"(?<![\w-])(?i:user[-_ ]?agent|http_user_agent|ua)[\"']?[ \t]*[:=]"
                          r"[ \t]*[\"']?" + _AGENT)
_PATH = lazy_regex(r"(?<![\w-])[\"']?(?i:path|uri|url|request_uri|request_path)[\"']?[ \t]*[:=]"
                   r"[ \t]*[\"']?(?:https?://[^/\s\"']{1,300})?(?P<path>/[^\s\"',}\]?]{0,500})")
_STATUS = lazy_regex(r"(?<![\w-])[\"']?(?i:status|status_code|statuscode|code|response_code)"
                     r"[\"']?[ \t]*[:=][ \t]*[\"']?(?P<status>[1-5]\d\d)(?!\d)")
# a common/combined access log's request, status, size, referer and user agent
_ACCESS = lazy_regex(r"\"(?:GET|HEAD)[ \t]+(?P<path>/[^\s\"?]{0,500})(?:\?[^\s\"]{0,500})?[ \t]+"
                     r"HTTP/\d(?:\.\d)?\"[ \t]+(?P<status>[1-5]\d\d)[ \t]+(?:\d{1,12}|-)"
                     r"(?:[ \t]+\"[^\"\n]{0,1000}\")?[ \t]+\"" + _AGENT + r"\"")
# the probe an httpGet path is of: describe's line, or a manifest's probe block
_DESCRIBED = lazy_regex(r"(?P<kind>Liveness|Readiness|Startup):[ \t]+http-get[ \t]+https?://"
                        r"[^/\s]{0,300}(?P<path>/[^\s?]{0,500})")
_PROBE_KEY = re.compile(r"(?P<indent>[ \t]*)-?[ \t]*(?P<kind>liveness|readiness|startup)Probe:[ \t]*$")
_PATH_KEY = re.compile(r"[ \t]*-?[ \t]*path:[ \t]*[\"']?(?P<path>/[^\s\"'?]{0,500})")
# the kind the prose names for the check (`readiness check`, `liveness probe`)
_NAMED_CHECK = lazy_regex(r"(?<![A-Za-z])(?P<kind>(?i:liveness|readiness|startup))[ \t-]*"
                          r"(?i:checks?|probes?)(?![A-Za-z])")
_REACH = 2000  # how far from the user agent the path and the status are looked for


class _Request(NamedTuple):
    """The path a prober's request asked and the status it was answered with."""

    path: str
    status: int


def probe_request_hint(text: str) -> bool:
    """Whether the text may hold a prober's request logged (its user agent's word)."""
    return _AGENT_WORD in text


def _request(line: str) -> _Request | None:
    """The prober's request the line logs, its path and status; None without one."""
    at = line.find(_AGENT_WORD)
    if at < 0:
        return None
    start, end = max(0, at - _REACH), at + _REACH
    access = _ACCESS.search(line, start, end)
    if access is not None:
        return _Request(access["path"], int(access["status"]))
    if _KEYED_AGENT.search(line, max(0, at - 40), at + 40) is None:
        return None
    path, status = _PATH.search(line, start, end), _STATUS.search(line, start, end)
    if path is None or status is None:
        return None
    return _Request(path["path"], int(status["status"]))


def _manifest_paths(lines: list[str]) -> list[tuple[str, str]]:
    """The (kind, httpGet path) of each probe block of a manifest the record shows."""
    out: list[tuple[str, str]] = []
    kind, indent = "", -1
    for line in lines:
        key = _PROBE_KEY.match(line)
        if key is not None:
            kind, indent = key["kind"], len(key["indent"])
            continue
        here = len(line) - len(line.lstrip(" \t"))
        if line.strip() and here <= indent:
            kind, indent = "", -1
        path = _PATH_KEY.match(line) if kind else None
        if path is not None:
            out.append((kind, path["path"]))
    return out


def _probe_of(path: str, text: str, lines: list[str]) -> str | None:
    """The kind of the probe the request was: the one whose httpGet path the record shows
    equal to `path`, else the one kind the prose (no line of a request) names for the check;
    None when it cannot be told."""
    shown = [(m["kind"].lower(), m["path"]) for m in _DESCRIBED.finditer(text)]
    kinds = {k for k, p in shown + _manifest_paths(lines) if p == path}
    if kinds:
        return kinds.pop() if len(kinds) == 1 else None
    named = {m["kind"].lower() for x in lines if _AGENT_WORD not in x
             for m in _NAMED_CHECK.finditer(x)}
    return named.pop() if len(named) == 1 else None


def probe_request_lines(line: str, text: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The kubelet's message of the HTTP probe's failure (R2.9) an app's log line of the
    prober's request answered 400 or more shows, and what it is; None without one, or for a
    status below 400 (a success)."""
    request = _request(line)
    if request is None or request.status < 400:
        return None, ""
    kind = _probe_of(request.path, text, text.split("\n"))
    message = f"probe failed: HTTP probe failed with statuscode: {request.status}"
    if kind is None:
        return ([f"  Warning  Unhealthy  kubelet  Probe {message}"], True), (
            f"{PROBE_REQUEST}, `{request.path}` answered {request.status} (R2.9: 400 or more "
            "fails): read as an HTTP probe's failure, which probe the record does not tell")
    return ([f"{kind.capitalize()} {message}"], True), (
        f"{PROBE_REQUEST}, `{request.path}` answered {request.status} (R2.9: 400 or more "
        f"fails): read as the {kind} probe's failure (its path or the prose's check)")
