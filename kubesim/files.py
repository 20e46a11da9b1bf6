"""Files in and out: reading inputs within bounds, and the one safe way to write an output.

Inputs come from pull requests in CI, so every reader here is bounded: a file's size, the
nesting depth of its data, the size of its numbers. A bad input is a `KubesimError` subclass
naming the file (and line) and what is allowed; never a hang, a traceback or unbounded memory.

Every output (`-o/--output`, `--plot`, the captured trace, the app log) goes through
`OutputFile`/`write_output`: regular files only (or `-` for standard output); a symlink, FIFO,
device node or directory at the path is refused, never replaced; the data goes to a hidden
sibling temp file that is renamed over the target only when complete, so nothing is ever
half-written.

A tool server (`kubesim mcp`) reads inside a `reading_scope`: only files under the root it
was started with (symbolic links resolved), and texts its caller gave inline under names of
their own (`<spec_text>`), read by the same readers and bounds as files.

Every input has a `TrustRoot` (`trust_root`): the folder everything a render of it reads must lie
in, symbolic links followed. It is the root of `kubesim mcp`; else the repository that holds the
input (the nearest folder above it with a `.git`, found without running git); else the current
directory when it holds the input; else the input's own folder.
"""

from __future__ import annotations

import enum
import json
import math
import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from kubesim.errors import KubesimError, UsageError

__all__ = ["MAX_DEPTH", "MAX_INPUT_BYTES", "NONBLOCKING", "STDIN", "OutputFile", "ReadingScope",
           "RootKind", "TrustRoot", "check_depth", "check_distinct", "check_output_path",
           "check_within", "git_toplevel", "inline_text", "load_json", "open_input", "open_live",
           "read_text", "reading_scope", "trust_root", "within_scope", "write_output"]

STDIN = "-"
MAX_INPUT_BYTES = 64 * 1024 * 1024  # a YAML or JSON document (traces are read line by line)
MAX_DEPTH = 100  # nesting levels of YAML/JSON data (a Kubernetes CRD schema needs about 40)
MAX_INT_DIGITS = 19  # 64-bit integers, as the API server's JSON decoder
NONBLOCKING = getattr(os, "O_NONBLOCK", 0)  # opening a FIFO to read it waits for no writer


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class ReadingScope:
    """Where inputs may come from: files under `root` (None: anywhere), and `inline` texts by
    the names that stand for them."""

    root: Path | None = None
    inline: Mapping[str, str] = field(default_factory=dict)


_ANYWHERE = ReadingScope()  # the command line's: any file, no inline text
_SCOPE: ContextVar[ReadingScope] = ContextVar("kubesim_reading_scope", default=_ANYWHERE)


@contextmanager
def reading_scope(root: Path | None, inline: Mapping[str, str] | None = None
                  ) -> Iterator[ReadingScope]:
    """Read only under `root` (resolved) and `inline`'s texts by their names, until the block
    ends (in this thread or task only: a context variable)."""
    scope = ReadingScope(root.resolve() if root is not None else None, dict(inline or {}))
    token = _SCOPE.set(scope)
    try:
        yield scope
    finally:
        _SCOPE.reset(token)


def inline_text(path: str | Path) -> str | None:
    """The text given inline under the name `path`, if any."""
    return _SCOPE.get().inline.get(str(path))


def within_scope(path: str | Path) -> bool:
    """Whether `path` lies under the reading scope's root, symbolic links followed (always,
    without a root); standard input never does under a root."""
    root = _SCOPE.get().root
    if root is None:
        return True
    if str(path) == STDIN:
        return False
    try:
        return Path(path).resolve().is_relative_to(root)
    except (OSError, RuntimeError, ValueError):  # a symlink loop; a NUL in the path
        return False


def check_within(path: str | Path, error: type[KubesimError]) -> None:
    """Refuse a file outside the reading scope's root (after following symbolic links)."""
    if within_scope(path):
        return
    if str(path) == STDIN:
        raise error("standard input is not an input here; give a file under the root or the "
                    "text inline", source="<stdin>")
    raise error("is outside the root kubesim was started with (kubesim mcp --root); it "
                "reads files under it only", source=str(path))


# ---------------------------------------------------------------- the trust root


def _has_link_between(top: Path, below: Path) -> bool:
    """Whether a folder on the way from `top` (excluded) down to `below` (included) is a
    symbolic link; `below` is `top` or lies lexically under it."""
    here = below
    while here != top:
        if here.is_symlink():
            return True
        here = here.parent
    return False


def git_toplevel(folder: Path) -> Path | None:
    """The repository that holds `folder` (absolute, as written: links not followed): the
    nearest folder at or above it with a `.git` (a directory, or the file of a worktree or
    submodule: git's toplevel, found without running git); None outside any repository.

    A `.git` found through a symbolic link made inside a repository further up (a link in a
    pull request to another checkout on the machine) does not count: then that repository
    further up is the one. Links above the outermost repository are the machine's own."""
    found: Path | None = None
    for candidate in (folder, *folder.parents):
        if not (candidate / ".git").exists():
            continue
        if found is None:
            found = candidate
        elif _has_link_between(candidate, found):
            found = candidate  # the inner .git was reached through a link of this repository
        else:
            return found
    return found


class RootKind(enum.Enum):
    """Which rule made a trust root."""

    MCP = "kubesim mcp --root"
    REPOSITORY = "repository"
    CURRENT_DIRECTORY = "current directory"
    OWN_FOLDER = "own folder"


@dataclass(frozen=True)
class TrustRoot:
    """The folder everything a render of an input reads must lie in (links followed):
    `path` resolved, `lexical` as the input's own path reaches it, which rule made it, and
    how messages name it."""

    path: Path
    lexical: Path
    kind: RootKind
    name: str

    def holds(self, path: str | Path) -> bool:
        """Whether `path`, every symbolic link in it followed, lies inside the root."""
        try:
            return Path(os.path.realpath(path)).is_relative_to(self.path)
        except (OSError, ValueError):  # a NUL in the path
            return False

    def holds_lexically(self, path: str | Path) -> bool:
        """Whether `path` as written (absolute, `..` folded, links not followed) lies inside
        the root: what the input names, before links decide where it leads."""
        return Path(os.path.abspath(path)).is_relative_to(self.lexical)


MCP_ROOT = "the root kubesim mcp was started with (--root)"


def trust_root(path: str | Path) -> TrustRoot:
    """The trust root of the input at `path` (rule in the module's docstring)."""
    scope = _SCOPE.get().root
    if scope is not None:
        return TrustRoot(scope, scope, RootKind.MCP, MCP_ROOT)
    here = Path(os.path.abspath(path))
    start = here if here.is_dir() and not here.is_symlink() else here.parent
    top = git_toplevel(start)
    if top is not None:
        return TrustRoot(Path(os.path.realpath(top)), top, RootKind.REPOSITORY,
                         f"the repository {top}")
    cwd = Path(os.getcwd())
    if here.is_relative_to(cwd):
        return TrustRoot(Path(os.path.realpath(cwd)), cwd, RootKind.CURRENT_DIRECTORY,
                         "the current directory (no repository holds the input)")
    own = here if here.is_dir() else here.parent
    return TrustRoot(Path(os.path.realpath(own)), own, RootKind.OWN_FOLDER,
                     f"the input's own folder {own} (no repository or current directory "
                     "holds it)")


def read_text(path: str | Path, error: type[KubesimError], *,
              max_bytes: int | None = MAX_INPUT_BYTES) -> tuple[str, str]:
    """Return (text, source name) of a file, or of standard input for `-`, or of a text
    given inline under the name `path` (in a `reading_scope`); at most `max_bytes` (None: no
    bound, for readers that bound their own work)."""
    inline = inline_text(path)
    if inline is not None:
        source = str(path)
        data = inline.encode("utf-8", "surrogatepass")  # a lone surrogate: not UTF-8, below
        limit: int | None = max_bytes if max_bytes is not None else MAX_INPUT_BYTES
    elif str(path) == STDIN:
        check_within(path, error)
        data, limit = _read_stdin(max_bytes)
        source = "<stdin>"
    else:
        source = str(path)
        check_within(path, error)
        data, limit = _read_bytes(Path(path), source, error, max_bytes)
    if limit is not None and len(data) > limit:
        raise error(f"is larger than {_size(limit)}; kubesim reads inputs up to that size",
                    source=source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(f"not UTF-8 text ({exc.reason} at byte {exc.start})", source=source,
                    line=line) from None
    return text.removeprefix("\ufeff"), source  # a UTF-8 byte order mark is not content


def _read_stdin(max_bytes: int | None) -> tuple[bytes, int | None]:
    """Standard input, as `_read_bytes` reads a file: a pipe never without a limit."""
    buffer = getattr(sys.stdin, "buffer", None)
    if max_bytes is None and not _regular(sys.stdin):
        max_bytes = MAX_INPUT_BYTES
    size = -1 if max_bytes is None else max_bytes + 1
    if buffer is not None:
        return bytes(buffer.read(size)), max_bytes
    return str(sys.stdin.read(size)).encode("utf-8", "surrogatepass"), max_bytes  # text


def _regular(stream: Any) -> bool:
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):  # no file descriptor: an in-memory stream
        return True


def _read_bytes(p: Path, source: str, error: type[KubesimError],
                max_bytes: int | None) -> tuple[bytes, int | None]:
    """The bytes (at most one past the limit) and the limit. A pipe or device (`<(helm
    template ...)`, a symlink to /dev/zero) is read too on the command line, but never without
    a limit (under a root, `open_input` refuses it)."""
    with open_input(p, source, error) as fh:
        if max_bytes is None and not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            max_bytes = MAX_INPUT_BYTES
        try:
            return fh.read(-1 if max_bytes is None else max_bytes + 1), max_bytes
        except OSError as exc:
            raise error(f"cannot read: {exc.strerror}", source=source) from None


def open_input(path: str | Path, source: str, error: type[KubesimError]) -> IO[bytes]:
    """An input file opened for reading, binary. Under a reading scope's root (`kubesim mcp`)
    it must be a regular file: it is opened without blocking (a FIFO's open waits for a
    writer that may never come, and calls run one at a time) and checked after opening
    (fstat: what was opened, not what a name pointed to a moment before); a FIFO, socket or
    device is refused at once. The command line reads what it is given (a pipe from `<(...)`
    too; bounded by the readers)."""
    if _SCOPE.get().root is None:
        try:
            return open(path, "rb")
        except OSError as exc:
            raise _open_error(exc, source, error) from None
    try:
        fd = os.open(path, os.O_RDONLY | NONBLOCKING)
    except OSError as exc:
        raise _open_error(exc, source, error) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise error("is a directory, expected a file", source=source)
        raise error(f"is {_kind_of(mode)}, not a regular file; kubesim mcp reads regular "
                    "files only", source=source)
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def _open_error(exc: OSError, source: str, error: type[KubesimError]) -> KubesimError:
    if isinstance(exc, FileNotFoundError):
        return error("no such file", source=source)
    if isinstance(exc, IsADirectoryError):
        return error("is a directory, expected a file", source=source)
    return error(f"cannot read: {exc.strerror}", source=source)


def _size(n: float) -> str:
    return f"{n / 1024 / 1024:g} MiB"


def check_depth(data: Any, limit: int = MAX_DEPTH) -> int | None:
    """None if `data` (JSON-like: dicts, lists, scalars) nests at most `limit` levels, else the
    path depth where it goes deeper. Iterative: no recursion however deep."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return depth
        stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list))
    return None


class _Number(ValueError):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _json_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS or not -(2**63) <= (value := int(text)) < 2**63:
        shown = text if len(text) <= 24 else f"{text[:12]}...({digits} digits)"
        raise _Number(f"integer {shown} does not fit in 64 bits")
    return value


def _json_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        shown = text if len(text) <= 24 else f"{text[:12]}...({len(text)} characters)"
        raise _Number(f"number {shown} is out of range (beyond about 1.8e308)")
    return value


def _no_constant(name: str) -> Any:
    raise _Number(f"{name} is not JSON (numbers must be finite)")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Number(f"duplicate key {key!r} in one object")
        out[key] = value
    return out


def load_json(text: str, source: str, error: type[KubesimError], *,
              line: int | None = None, what: str = "JSON", hint: str = "") -> Any:
    """Parse one JSON text within bounds: duplicate keys, integers beyond 64 bits, numbers
    beyond a float, NaN/Infinity and nesting deeper than MAX_DEPTH are errors naming `source`
    (and `line`: the line of a one-line document such as a JSONL record); `hint` ends a
    message about malformed JSON (what the file should be)."""
    try:
        data = json.loads(text, parse_int=_json_int, parse_float=_json_float,
                          parse_constant=_no_constant, object_pairs_hook=_unique)
    except json.JSONDecodeError as exc:
        at = line if line is not None else exc.lineno
        where = f"column {exc.colno}" if line is not None else f"line {exc.lineno}, column " \
            f"{exc.colno}"
        raise error(f"not JSON: {exc.msg} ({where}){hint}", source=source, line=at) from None
    except _Number as exc:
        raise error(f"{what}: {exc.text}", source=source, line=line) from None
    except RecursionError:
        raise error(f"{what} nests deeper than {MAX_DEPTH} levels", source=source,
                    line=line) from None
    except ValueError as exc:  # e.g. a lone surrogate in a string
        raise error(f"not JSON: {exc}{hint}", source=source, line=line) from None
    if check_depth(data) is not None:
        raise error(f"{what} nests deeper than {MAX_DEPTH} levels", source=source, line=line)
    return data


# ---------------------------------------------------------------- writing


def _kind_of(mode: int) -> str:
    for test, name in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a directory"),
                       (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def check_output_path(path: str, what: str = "--output") -> int | None:
    """Refuse an output path that is not (or cannot become) a regular file; returns the mode
    of the existing file (None if there is none). `-` is standard output."""
    if path == STDIN:
        return None
    if not path:
        raise UsageError(f"{what}: empty file name")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise UsageError(f"{what}: cannot use {path!r}: {exc.strerror}", source=path) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise UsageError(f"{what} is {_kind_of(st.st_mode)}; kubesim writes only regular "
                         "files (or - for standard output) and replaces nothing else",
                         source=path)
    parent = Path(path).parent
    if not parent.is_dir():
        raise UsageError(f"{what}: no such directory {str(parent)!r}", source=path)
    return None if st is None else stat.S_IMODE(st.st_mode)


def check_distinct(outputs: dict[str, str], inputs: Iterable[str]) -> None:
    """Refuse two outputs naming one file (one would be lost) and an output naming one of
    the inputs (it would be overwritten): the same file by its resolved path, or, when it
    exists, by device and inode (a hard link, another spelling). `outputs`: flag -> path;
    `-` (standard input or output) is never a file here."""
    seen: dict[Any, tuple[str, str]] = {}
    for flag, path in outputs.items():
        if not path or path == STDIN:
            continue
        keys = _identities(path)
        other = next((seen[k] for k in keys if k in seen), None)
        if other is not None:
            raise UsageError(f"{flag} and {other[0]} name the same file; give each output "
                             "its own", source=path)
        seen.update(dict.fromkeys(keys, (flag, path)))
    for path in inputs:
        if not path or path == STDIN:
            continue
        hit = next((seen[k] for k in _identities(path) if k in seen), None)
        if hit is not None:
            same = "" if hit[1] == path else f" ({path})"
            raise UsageError(f"{hit[0]} names an input of the command{same}; kubesim never "
                             "writes over what it reads", source=hit[1])


def _identities(path: str) -> set[Any]:
    """The keys that say two paths are one file: its resolved path, and (device, inode)."""
    keys: set[Any] = set()
    try:
        keys.add(os.path.realpath(path))
        st = os.stat(path)
    except (OSError, ValueError):
        return keys
    keys.add((st.st_dev, st.st_ino))
    return keys


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class OutputFile:
    """A regular file written through a hidden sibling temp file: `commit()` renames it over
    the target (keeping an existing file's mode, else a shell redirect's), `discard()` (or an
    exception inside `with`) removes it. `-` writes to standard output directly."""

    def __init__(self, path: str, *, what: str = "--output", binary: bool = False) -> None:
        self.path, self.what, self.binary = path, what, binary
        self._tmp: str | None = None
        if path == STDIN:
            self.fh: IO[Any] = sys.stdout.buffer if binary else sys.stdout
            return
        mode = check_output_path(path, what)
        self._mode = mode if mode is not None else 0o666 & ~_umask()
        target = Path(path)
        try:
            fd, self._tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
        except OSError as exc:
            raise UsageError(f"{what}: cannot write: {exc.strerror}", source=path) from None
        self.fh = os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8")

    def write(self, data: str | bytes) -> None:
        try:
            self.fh.write(data)
        except OSError as exc:
            self.discard()
            raise UsageError(f"{self.what}: cannot write: {exc.strerror}",
                             source=self.path) from None

    def flush(self) -> None:
        self.fh.flush()

    def commit(self) -> None:
        """Make the written data the target's content, all at once."""
        if self._tmp is None:
            if self.path == STDIN:
                self.fh.flush()
            return
        tmp, self._tmp = self._tmp, None
        try:
            self.fh.close()
            os.chmod(tmp, self._mode)
            os.replace(tmp, self.path)
        except OSError as exc:
            Path(tmp).unlink(missing_ok=True)
            raise UsageError(f"{self.what}: cannot write: {exc.strerror}",
                             source=self.path) from None

    def discard(self) -> None:
        """Forget the data; the target is left as it was."""
        if self._tmp is None:
            return
        tmp, self._tmp = self._tmp, None
        try:
            self.fh.close()
        except OSError:
            pass
        Path(tmp).unlink(missing_ok=True)

    def __enter__(self) -> OutputFile:
        return self

    def __exit__(self, kind: Any, *rest: Any) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def open_live(path: str, *, what: str = "--output", binary: bool = False) -> IO[Any]:
    """Open a regular file that is written while a command runs and must be readable (and
    valid) at every moment, such as a trace being captured: it cannot go through a temp file,
    so it is opened in place, but with the same refusals as OutputFile and without following
    a symlink planted after the check (O_NOFOLLOW)."""
    check_output_path(path, what)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | getattr(
        os, "O_NONBLOCK", 0)  # O_NONBLOCK: a FIFO planted after the check cannot block us
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        raise UsageError(f"{what}: cannot write: {exc.strerror}", source=path) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise UsageError(f"{what} is {_kind_of(mode)}; kubesim writes only regular files",
                         source=path)
    os.set_blocking(fd, True)
    if binary:
        return os.fdopen(fd, "wb")
    return os.fdopen(fd, "w", encoding="utf-8")


def write_output(path: str, data: str | bytes | Iterable[str], *,
                 what: str = "--output") -> None:
    """Write `data` to `path` (`-`: standard output) as one safe, atomic file; text given in
    pieces is written as the pieces come."""
    with OutputFile(path, what=what, binary=isinstance(data, bytes)) as out:
        if isinstance(data, str | bytes):
            out.write(data)
        else:
            for piece in data:
                out.write(piece)
