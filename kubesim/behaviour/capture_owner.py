"""Whose listening socket answered a capture: the launched app's, another process's, or
cannot tell.

`kubesim capture --launch` checks that nothing listens on the URL's port before it starts the
app, but the app may then fail to bind (another process took the port after the check) or bind
elsewhere: the probes would then record another process's answers as the app's. On Linux the
kernel says who holds a socket: `/proc/net/tcp` and `/proc/net/tcp6` list the listening
sockets with their inodes, and `/proc/PID/fd` links each open socket of a process to its inode.
A listening socket the connection to HOST:PORT reaches is the app's when the launched process
(the supervisor) or one of its descendants holds it. Where this cannot be read (no `/proc`,
another OS, a listener in another network namespace), the answer is `unknown`, with why: never
a guess.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

__all__ = ["Answerer", "Listener", "Verdict", "who_answers"]

PROC = Path("/proc")  # where the kernel tells; tests point it elsewhere to see "unknown"
_LISTEN = "0A"  # TCP_LISTEN in the `st` column of /proc/net/tcp
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class Verdict(Enum):
    APP = "app"  # the app's process tree holds every listening socket reached
    OTHER = "other"  # another process holds one
    NOBODY = "nobody"  # no listening socket reached (the app closed it, or a forwarded port)
    UNKNOWN = "unknown"  # the kernel's tables cannot be read here


@dataclass(frozen=True)
class Answerer:
    """Who holds the listening socket on HOST:PORT: `verdict`, the holder's `pid` (the app's
    process or another one; None when unknown) and, for `unknown`, `why`."""

    verdict: Verdict
    port: int
    pid: int | None = None
    why: str = ""


@dataclass(frozen=True)
class Listener:
    """One listening TCP socket: its local address, port and inode."""

    address: Address
    port: int
    inode: int


def _address(hexed: str) -> Address:
    """A /proc/net/tcp address: 4-byte words in the host's byte order (little-endian on
    every Linux kubesim runs on)."""
    raw = bytes.fromhex(hexed)
    words = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
    if len(words) == 4:
        return ipaddress.IPv4Address(words)
    return ipaddress.IPv6Address(words)


def listeners(proc: Path = PROC) -> list[Listener]:
    """Every listening TCP socket of this network namespace (`proc`/net/tcp and tcp6).
    OSError when neither table can be read."""
    found: list[Listener] = []
    tables = 0
    for name in ("tcp", "tcp6"):
        try:
            lines = (proc / "net" / name).read_text().splitlines()[1:]
        except FileNotFoundError:
            continue  # no IPv6 in this kernel
        tables += 1
        for line in lines:
            fields = line.split()
            if len(fields) < 10 or fields[3] != _LISTEN:
                continue
            address, _, port = fields[1].partition(":")
            found.append(Listener(_address(address), int(port, 16), int(fields[9])))
    if not tables:
        raise FileNotFoundError(f"{proc}/net/tcp")
    return found


def _unmapped(address: Address) -> Address:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def reached(found: Iterable[Listener], host: str, port: int) -> list[Listener]:
    """The listeners a connection to host:port may reach: those bound to one of the host's
    addresses, else (the kernel prefers an exact bind) those bound to a wildcard address
    (0.0.0.0 for IPv4; :: for both, unless it is IPv6-only, which the table does not say)."""
    targets = {_unmapped(ipaddress.ip_address(str(info[4][0]).split("%")[0]))
               for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)}
    on_port = [lst for lst in found if lst.port == port]
    exact = [lst for lst in on_port if _unmapped(lst.address) in targets]
    if exact:
        return exact
    v4 = any(t.version == 4 for t in targets)
    return [lst for lst in on_port if lst.address.is_unspecified
            and (lst.address.version == 6 or v4)]


def descendants(root: int, proc: Path = PROC) -> set[int]:
    """`root` and every process below it (parent links in `proc`/PID/stat)."""
    children: dict[int, list[int]] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        children.setdefault(int(stat[1]), []).append(int(entry.name))
    tree, todo = {root}, [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in tree:
                tree.add(child)
                todo.append(child)
    return tree


def socket_inodes(pid: int, proc: Path = PROC) -> set[int]:
    """The inodes of the sockets process `pid` holds open; PermissionError when its fds
    cannot be read, FileNotFoundError when it is gone."""
    inodes = set()
    fd_dir = proc / str(pid) / "fd"
    for fd in os.listdir(fd_dir):
        try:
            target = os.readlink(fd_dir / fd)
        except FileNotFoundError:
            continue  # closed meanwhile
        if target.startswith("socket:["):
            inodes.add(int(target[8:-1]))
    return inodes


def holder(inode: int, skip: set[int], proc: Path = PROC) -> int | None:
    """A process outside `skip` that holds socket `inode` open (None: none this user may
    read)."""
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) in skip:
            continue
        try:
            if inode in socket_inodes(int(entry.name), proc):
                return int(entry.name)
        except OSError:
            continue  # another user's process, or gone
    return None


def _app_inodes(root: int, proc: Path) -> tuple[dict[int, int], set[int]]:
    """(socket inode -> pid holding it, pids whose fds could not be read) over the app's
    process tree."""
    held: dict[int, int] = {}
    unreadable: set[int] = set()
    for pid in sorted(descendants(root, proc)):
        try:
            held.update(dict.fromkeys(socket_inodes(pid, proc), pid))
        except PermissionError:
            unreadable.add(pid)
        except OSError:
            continue  # ended meanwhile
    return held, unreadable


def who_answers(host: str, port: int, app_pid: int, proc: Path | None = None) -> Answerer:
    """Who holds the listening socket that a connection to host:port reaches now: the app
    (the process `app_pid` or a descendant), another process, or unknown (with why);
    `proc` is where the kernel's tables are read (default PROC, read at the call)."""
    proc = PROC if proc is None else proc
    try:
        reachable = reached(listeners(proc), host, port)
        held, unreadable = _app_inodes(app_pid, proc)
    except OSError as exc:
        return Answerer(Verdict.UNKNOWN, port, why=f"the kernel's socket tables cannot be "
                        f"read here ({exc}; kubesim reads Linux's /proc)")
    if not reachable:
        return Answerer(Verdict.NOBODY, port, why=f"no listening socket on port {port} in "
                        "this network namespace (it closed, or the answer came through "
                        "something kubesim cannot see, such as a forwarded port)")
    foreign = [lst for lst in reachable if lst.inode not in held]
    if not foreign:
        return Answerer(Verdict.APP, port, pid=held[reachable[0].inode])
    if unreadable:
        return Answerer(Verdict.UNKNOWN, port, why=f"process(es) {sorted(unreadable)} of the app "
                        "do not let this user read their open files")
    other = holder(foreign[0].inode, set(held.values()), proc)
    forwarder = _forwarder(other, proc)
    if forwarder:
        return Answerer(Verdict.UNKNOWN, port, pid=other, why=f"port {port} is held by "
                        f"{forwarder} (pid {other}), which forwards connections to a container "
                        "or another network namespace: who answers behind it cannot be seen "
                        "from here")
    return Answerer(Verdict.OTHER, port, pid=other)


# the programs that hold a host port only to forward its connections elsewhere: Docker's
# `-p` proxy, rootless Docker's and Podman's port forwarders, `kubectl port-forward`. An app
# launched as `docker run -p ...` answers through one of them, a process outside the launched
# tree, so its socket tells neither "the app" nor "another app".
_FORWARDERS = frozenset({"docker-proxy", "rootlessport", "rootlesskit", "slirp4netns",
                         "pasta", "kubectl"})


def _forwarder(pid: int | None, proc: Path) -> str:
    """The name of process `pid` if it is a port forwarder (_FORWARDERS), else ""."""
    if pid is None:
        return ""
    try:
        name = (proc / str(pid) / "comm").read_text().strip()
    except OSError:
        return ""
    return name if name in _FORWARDERS else ""
