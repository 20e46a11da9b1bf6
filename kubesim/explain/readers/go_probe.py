"""A container's probes as the kubelet's log prints its spec with Go's %+v (kuberuntime_manager.go
of 1.6-1.20, `Container {Name:app ... LivenessProbe:&Probe{Handler:Handler{Exec:nil,HTTPGet:
&HTTPGetAction{Path:/healthz,Port:{0 6443 },Host:127.0.0.1,Scheme:HTTPS,HTTPHeaders:[],},
TCPSocket:nil,},InitialDelaySeconds:15,TimeoutSeconds:15,PeriodSeconds:10,SuccessThreshold:1,
FailureThreshold:8,} ReadinessProbe:nil ...}`), read as the same settings in a pod's YAML:
`livenessProbe: {httpGet: {path: /healthz, port: 6443, ...}, failureThreshold: 8, ...}`.

They are the probe's SETTINGS (the container has that probe), never a result of it. A probe
printed `nil` is none; a probe the line does not print (an author's `(...)` left it out) is
not given. A field whose value is no number (or no port) is left out, and a probe whose
handler is none of exec, httpGet and tcpSocket is not read (a value is never guessed).

Linear: each probe's body is found by counting braces once, up to `_BODY_MAX` characters;
each field is matched once in it, bounded.
"""

from __future__ import annotations

from typing import Any

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["go_probes"]

_BODY_MAX = 4000  # a probe's body longer than this is no %+v's of a probe
_KEYS = {"LivenessProbe": "livenessProbe", "ReadinessProbe": "readinessProbe",
         "StartupProbe": "startupProbe"}
_START = lazy_regex(r"(?<![A-Za-z])(?P<key>LivenessProbe|ReadinessProbe|StartupProbe):[ \t]*"
                    r"(?:(?P<nil>nil)|&Probe\{)")
_NUMBERS = {"InitialDelaySeconds": "initialDelaySeconds", "TimeoutSeconds": "timeoutSeconds",
            "PeriodSeconds": "periodSeconds", "SuccessThreshold": "successThreshold",
            "FailureThreshold": "failureThreshold"}
_NUMBER = lazy_regex(r"(?<=[{,\s])(?P<key>InitialDelaySeconds|TimeoutSeconds|PeriodSeconds|"
                     r"SuccessThreshold|FailureThreshold):[ \t]*(?P<value>\d{1,9})(?=[ \t]*[,}])")
# a port: `6443`, or an IntOrString as %v prints it (`{0 6443 }`, `{1 0 http}`)
_PORT = r"Port:[ \t]*(?:(?P<port>\d{1,5})|\{0 (?P<int>\d{1,5}) ?\}|\{1 0 (?P<name>[a-z0-9-]{1,15})\})"
_HTTP = lazy_regex(r"HTTPGet:[ \t]*&HTTPGetAction\{[ \t]*(?:Path:[ \t]*(?P<path>/[^,}\s]{0,400}),"
                   rf"[ \t]*)?{_PORT}")
_HOST = lazy_regex(r"[{,\s]Host:[ \t]*(?P<host>[A-Za-z0-9.:-]{1,253})[ \t]*,")
_SCHEME = lazy_regex(r"[{,\s]Scheme:[ \t]*(?P<scheme>HTTPS?)[ \t]*[,}]")
_TCP = lazy_regex(rf"TCPSocket:[ \t]*&TCPSocketAction\{{[ \t]*{_PORT}")
_EXEC = lazy_regex(r"Exec:[ \t]*&ExecAction\{[ \t]*Command:[ \t]*\[(?P<command>[^\]]{1,2000})\]")


def go_probes(text: str) -> dict[str, Any] | None:
    """The probes the %+v of a container's spec gives, as its YAML's keys (`livenessProbe`:
    its settings, or None where printed `nil`); None when it prints none of them."""
    out: dict[str, Any] = {}
    seen: set[str] = set()
    for m in _START.finditer(text):
        key = _KEYS[m["key"]]
        if key in seen:
            continue  # (a spec prints each once: a second is no spec's, and is not read)
        seen.add(key)
        if m["nil"]:
            out[key] = None
            continue
        body = _body(text, m.end())
        probe = None if body is None else _probe(body)
        if probe is not None:
            out[key] = probe
    return out or None


def _body(text: str, start: int) -> str | None:
    """The probe's body from `start` (after its `&Probe{`) to its closing brace; None when it
    does not close within `_BODY_MAX` characters."""
    depth = 1
    for i in range(start, min(len(text), start + _BODY_MAX)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[start:i]
    return None


def _probe(body: str) -> dict[str, Any] | None:
    """A probe's settings from its body: its handler and numbers; None without a handler."""
    handler = _handler(body)
    if handler is None:
        return None
    numbers = {_NUMBERS[m["key"]]: int(m["value"]) for m in _NUMBER.finditer("," + body + ",")}
    return {**handler, **numbers}


def _handler(body: str) -> dict[str, Any] | None:
    """The probe's handler (exec, httpGet or tcpSocket) as YAML's keys."""
    if (m := _HTTP.search(body)) is not None:
        get: dict[str, Any] = {"port": _port(m)}
        get.update({"path": m["path"]} if m["path"] else {})
        host, scheme = _HOST.search(body), _SCHEME.search(body)
        get.update({"host": host["host"]} if host else {})
        get.update({"scheme": scheme["scheme"]} if scheme else {})
        return {"httpGet": get}
    if (m := _TCP.search(body)) is not None:
        return {"tcpSocket": {"port": _port(m)}}
    if (m := _EXEC.search(body)) is not None:
        return {"exec": {"command": m["command"].split()}}
    return None


def _port(m: Any) -> int | str:
    """A port as the match gives it: a number, or a port's name."""
    number = m["port"] or m["int"]
    return int(number) if number else str(m["name"])
