"""The probe lines of `kubectl describe pod`: `Liveness:   http-get http://:8080/healthz
delay=10s timeout=1s period=10s #success=1 #failure=3`, as `DescribeProbe` prints them
(staging/src/k8s.io/kubectl/pkg/describe/describe.go): the handler, then the settings.

Handlers: `http-get <url>` (scheme lowercased, an empty host, the port as a number or a name,
the path percent-escaped), `tcp-socket [host]:<port>`, `exec [<command joined by spaces>]`
(Go's `%v` of the argument list: the boundaries between arguments are lost, but kubesim keys
an exec target by the command joined by spaces, which is what the record shows), `grpc` and
`unknown`. Newer kubectl releases print `successThreshold=1 failureThreshold=3` instead of
`#success=1 #failure=3`; both are read.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any
from urllib.parse import unquote, urlsplit

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["ProbeLineError", "closes_exec", "is_cut_probe_line", "opens_exec",
           "parse_probe_line"]

# (`(?<=\s)delay=`, not `\s+delay=`: searched from each space of a long run, `\s+` ran to
# its end and back, quadratic in the run; the lookbehind tries only where `delay=` begins)
_ATTRS = lazy_regex(
    r"(?<=\s)delay=(?P<delay>\d{1,9})s\s+timeout=(?P<timeout>\d{1,9})s\s+period=(?P<period>\d{1,9})s"
    r"\s+(?:#success|successThreshold)=(?P<success>\d{1,9})"
    r"\s+(?:#failure|failureThreshold)=(?P<failure>\d{1,9})\s*$")
_PORT_NAME = lazy_regex(r"^[a-z0-9]([a-z0-9-]{0,13}[a-z0-9])?$")


class ProbeLineError(ValueError):
    """A probe line kubesim cannot read; the message says what it expected."""


def parse_probe_line(text: str) -> dict[str, Any]:
    """The probe as a Kubernetes mapping (`{"httpGet": {...}, "periodSeconds": 10, ...}`)."""
    m = _ATTRS.search(text)
    if not m:
        raise ProbeLineError("expected the handler, then delay=Ns timeout=Ns period=Ns "
                             "#success=N #failure=N")
    handler = text[:m.start()].strip()
    probe: dict[str, Any] = _handler(handler)
    probe.update({"initialDelaySeconds": int(m["delay"]), "timeoutSeconds": int(m["timeout"]),
                  "periodSeconds": int(m["period"]), "successThreshold": int(m["success"]),
                  "failureThreshold": int(m["failure"])})
    return probe


_SETTINGS = (r"delay=\d{1,9}s", r"timeout=\d{1,9}s", r"period=\d{1,9}s",
             r"(?:#success|successThreshold)=\d{1,9}", r"(?:#failure|failureThreshold)=\d{1,9}")


_HANDLER = lazy_regex(r"^(?:http-get|tcp-socket|exec|grpc)\s")


def is_cut_probe_line(text: str) -> bool:
    """Whether `text` is a probe line cut short (`... period=10s #success=1 #fa`): its
    settings in kubectl's order, the last one broken off, or a handler kubectl prints with
    no setting after it (`exec [bash -c IFS=; MNTR=$(exec 3<>/dev/tc`): kubectl always
    prints the settings, so such a line stops before them; so does a label with nothing
    after it (`Liveness:` the last line of a paste)."""
    parts = text.split()
    if not parts:
        return True
    at = next((i for i, p in enumerate(parts) if p.startswith("delay=")), None)
    if at is None:
        return bool(_HANDLER.match(text.strip() + " "))
    if at == 0:
        return False
    settings = parts[at:]
    if not 0 < len(settings) <= len(_SETTINGS):
        return False
    whole = all(re.fullmatch(p, s) for p, s in zip(_SETTINGS, settings[:-1], strict=False))
    last = settings[-1]
    names = ("delay=", "timeout=", "period=", "#success=", "#failure=")
    expected = names[len(settings) - 1]
    alt = ("successThreshold=", "failureThreshold=")[len(settings) - 4] \
        if len(settings) >= 4 else expected
    complete = bool(re.fullmatch(_SETTINGS[len(settings) - 1], last))
    if complete:  # all there: cut only if settings are missing after it
        return whole and len(settings) < len(_SETTINGS)
    return whole and (expected.startswith(last) or alt.startswith(last)
                      or re.fullmatch(r"[#a-zA-Z]+=\d*", last) is not None
                      and last.split("=")[0] + "=" in (expected, alt))


def opens_exec(value: str) -> bool:
    """Whether a probe line's value begins an exec command that goes on over the next lines:
    kubectl prints the command with `%v`, so a command holding line breaks (a script after
    `sh -c`) breaks the line (`exec [/bin/sh -ec curl ... \\`), and the bracket closes, with
    the settings after it, on a later line (`] delay=5s timeout=5s ...`)."""
    text = value.strip()
    return text.startswith("exec [") and not text.endswith("]") and _ATTRS.search(text) is None


def closes_exec(line: str) -> bool:
    """Whether `line` ends an exec command begun on a line above (`opens_exec`): the bracket
    closes, and the probe's settings follow it."""
    m = _ATTRS.search(line)
    return m is not None and line[:m.start()].rstrip().endswith("]")


def _port(text: str) -> int | str:
    if text.isdigit() and len(text) <= 5:
        return int(text)
    if _PORT_NAME.match(text):
        return text
    raise ProbeLineError(f"port {text[:20]!r} is neither a number nor a port name")


def _handler(text: str) -> dict[str, Any]:
    kind, _, rest = text.partition(" ")
    rest = rest.strip()
    if kind == "http-get":
        return {"httpGet": _http(rest)}
    if kind == "tcp-socket":
        host, sep, port = rest.rpartition(":")
        if not sep:
            raise ProbeLineError("tcp-socket needs [host]:port")
        out: dict[str, Any] = {"port": _port(port)}
        if host:
            out["host"] = host.strip("[]")
        return {"tcpSocket": out}
    if kind == "exec":
        if not (rest.startswith("[") and rest.endswith("]")) or len(rest) < 3:
            raise ProbeLineError("exec needs its command in brackets: exec [cat /tmp/healthy]")
        return {"exec": {"command": rest[1:-1].split(" ")}}
    if kind == "grpc":
        m = re.match(r"^(?:\S*:)?(\d{1,5})(?:\s+(\S+))?$", rest)
        if not m:
            raise ProbeLineError("grpc needs a port: grpc <port> [service]")
        grpc: dict[str, Any] = {"port": int(m[1])}
        if m[2]:
            grpc["service"] = m[2]
        return {"grpc": grpc}
    if kind == "unknown":
        raise ProbeLineError("the record shows an unknown handler")
    raise ProbeLineError(f"handler {kind[:20]!r} is not http-get, tcp-socket, exec or grpc")


# `http://[:8080]/healthy`: host and port inside one pair of brackets (a describe of 2026
# prints them so; kubectl's own `net.JoinHostPort` brackets an IPv6 host only). Brackets that
# hold no IPv6 address but end in `:port` are that host and port.
_BRACKETED_HOST_PORT = lazy_regex(
    r"^(?P<scheme>[A-Za-z]{1,10}://)\[(?P<host>[^\[\]/]{0,256}):(?P<port>[A-Za-z0-9-]{1,15})\]"
    r"(?P<rest>/.*)?$")


def _unbracketed(url: str) -> str:
    m = _BRACKETED_HOST_PORT.match(url)
    if not m:
        return url
    try:
        ipaddress.IPv6Address(f"{m['host']}:{m['port']}")
    except ValueError:
        return f"{m['scheme']}{m['host']}:{m['port']}{m['rest'] or ''}"
    return url  # an IPv6 address alone in its brackets: the URL has no port


def _http(url: str) -> dict[str, Any]:
    try:
        parts = urlsplit(_unbracketed(url))  # checks a bracketed host: an IP address or none
    except ValueError as exc:
        raise ProbeLineError(f"http-get's URL {url[:60]!r} is not a URL ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ProbeLineError("http-get needs a URL like http://:8080/healthz")
    host, sep, port = parts.netloc.rpartition(":")
    if not sep or parts.netloc.endswith("]"):
        raise ProbeLineError("http-get's URL has no port")
    out: dict[str, Any] = {"path": unquote(parts.path) or "/", "port": _port(port),
                           "scheme": parts.scheme.upper()}
    if parts.query:  # Go escapes a '?' in the path, but a query may come through as one
        out["path"] += "?" + parts.query
    if host:
        out["host"] = host.strip("[]")
    return out
