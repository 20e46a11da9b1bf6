"""One kubelet-style HTTP/1.1 GET under one deadline, on plain sockets.

The kubelet's prober uses Go's `http.Client` with `Timeout: timeoutSeconds`, which bounds the
whole request: connect, TLS handshake, sending, the status line and headers, and reading the
body (docs/kubelet-rules.md R2.8). Client libraries with per-operation timeouts let a server that
sends one header line every half second hold a probe for ever; here every socket operation
gets only what is left of the one deadline.

`get` returns the status code and `Location` header, or raises `ProbeFailed(kind)` with the trace's error kind:
`refused` (no connection: refused, unreachable, TLS handshake failed), `timeout` (the deadline
passed before the status line and headers were in), `reset` (the peer closed or reset the
connection, or sent something that is not an HTTP response, before the headers were in) or
`error` (the body could not be read, a timeout included: the kubelet discards that result,
R2.11).
"""

from __future__ import annotations

import re
import socket
import ssl
import time
from urllib.parse import urlsplit

__all__ = ["MAX_HEAD", "ProbeFailed", "get"]

MAX_HEAD = 1 << 20  # bytes of status line and headers accepted
_STATUS = re.compile(rb"HTTP/\d\.\d (\d{3})(?: |\r?$)")


class ProbeFailed(Exception):
    """A request that got no usable answer; `kind` is its trace error kind."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


class _Conn:
    """A socket read under the deadline."""

    def __init__(self, sock: socket.socket, deadline: float) -> None:
        self.sock, self.deadline, self.buf = sock, deadline, b""

    def fill(self) -> bool:
        """Read more; False when the peer has closed. TimeoutError past the deadline."""
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        self.sock.settimeout(left)
        data = self.sock.recv(65536)
        self.buf += data
        return bool(data)

    def line(self, limit: int) -> bytes | None:
        """One line without its end (None: closed first)."""
        while b"\n" not in self.buf:
            if len(self.buf) > limit or not self.fill():
                return None
        line, _, self.buf = self.buf.partition(b"\n")
        return line.rstrip(b"\r")

    def take(self, n: int) -> bytes:
        while len(self.buf) < n and self.fill():
            pass
        out, self.buf = self.buf[:n], self.buf[n:]
        return out


def get(url: str, headers: dict[str, str], timeout: float,
        body_limit: int) -> tuple[int, str | None]:
    """GET `url` on a new connection; the status code and the `Location` header (or None),
    once at most `body_limit` bytes of the body are read, all within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    sock = _connect(host, port, parts.scheme == "https", deadline)
    try:
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        lines = [f"GET {target} HTTP/1.1", f"Host: {parts.netloc}",
                 *(f"{k}: {v}" for k, v in headers.items()), "", ""]
        conn = _Conn(sock, deadline)
        try:
            sock.settimeout(max(deadline - time.monotonic(), 1e-6))
            sock.sendall("\r\n".join(lines).encode("latin-1"))
            status, fields = _head(conn)
        except TimeoutError:
            raise ProbeFailed("timeout") from None
        except OSError:
            raise ProbeFailed("reset") from None
        try:
            _body(conn, status, fields, body_limit)
        except (OSError, ValueError):
            raise ProbeFailed("error") from None
        return status, fields.get("location")
    finally:
        sock.close()


def _connect(host: str, port: int, tls: bool, deadline: float) -> socket.socket:
    try:
        sock = socket.create_connection((host, port),
                                        timeout=max(deadline - time.monotonic(), 1e-6))
    except TimeoutError:
        raise ProbeFailed("timeout") from None
    except OSError:  # refused, unreachable: the kubelet counts both as one failure
        raise ProbeFailed("refused") from None
    if not tls:
        return sock
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE  # the kubelet does not verify probe certificates
    try:
        sock.settimeout(max(deadline - time.monotonic(), 1e-6))
        return ctx.wrap_socket(sock, server_hostname=host)
    except TimeoutError:
        sock.close()
        raise ProbeFailed("timeout") from None
    except OSError:
        sock.close()
        raise ProbeFailed("refused") from None


def _head(conn: _Conn) -> tuple[int, dict[str, str]]:
    """The final status line and headers (1xx answers other than 101 are skipped, as Go's
    client does). OSError for anything that is not an HTTP response."""
    while True:
        first = conn.line(MAX_HEAD)
        match = _STATUS.match(first or b"")
        if match is None:
            raise ConnectionResetError("no HTTP status line")
        fields: dict[str, str] = {}
        size = len(first or b"")
        while True:
            line = conn.line(MAX_HEAD - size)
            if line is None:
                raise ConnectionResetError("headers cut short")
            size += len(line) + 2
            if not line:
                break
            name, sep, value = line.decode("latin-1").partition(":")
            if not sep:
                raise ConnectionResetError("malformed header line")
            fields[name.strip().lower()] = value.strip()
        status = int(match.group(1))
        if not 100 <= status < 200 or status == 101:
            return status, fields


def _body(conn: _Conn, status: int, fields: dict[str, str], limit: int) -> None:
    """Read at most `limit` bytes of the body (Go's ReadAtMost); errors raise."""
    if status in (101, 204, 304):
        return
    if "chunked" in fields.get("transfer-encoding", "").lower():
        read = 0
        while read < limit:
            size_line = conn.line(MAX_HEAD)
            if size_line is None:
                raise ValueError("chunked body cut short")
            size = int(size_line.split(b";")[0].strip() or b"x", 16)
            if size == 0:
                return
            chunk = conn.take(size + 2)
            if len(chunk) < size + 2:
                raise ValueError("chunk cut short")
            read += size
        return
    length = fields.get("content-length")
    if length is not None:
        want = min(int(length), limit)
        if len(conn.take(want)) < want:
            raise ValueError("body cut short")
        return
    while len(conn.buf) < limit and conn.fill():  # until the server closes
        pass
