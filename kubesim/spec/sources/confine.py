"""A chart confined to its trust root: copied into a private folder, links resolved, and only
that copy rendered.

`check` renders pull-request content, and both Helm engines follow symbolic links: a chart
whose `files/c` links to `../../.git/config` would put the runner's token into the report. So
no engine ever sees the user's folder. `stage_chart` copies what Helm loads into a private
temporary folder (mode 0700): every file and folder of the chart, links inside the trust root
(`kubesim.files.trust_root`) copied as what they point to, and a link that leaves the root an
error naming the link, never what it points to. A chart archive is copied as it is (Helm
itself never follows a link member, and loads archives with its own limits) after kubesim has
read every member: links, absolute or `..` names and devices are refused, and so is an archive
beyond Helm's own limits (`MAX_CHART_FILE_BYTES` a file, `MAX_CHART_BYTES` in all), with at
most `MAX_CHART_FILES` files, counted before anything is unpacked into memory.

What Helm would not load is not copied: the chart's `.helmignore` is applied as Helm applies it
(`helm.sh/helm pkg/ignore/rules.go`, with its default `templates/.?*`), so an ignored `.git`
costs nothing; the copy keeps `.helmignore` too, so Helm ignores the same again.

`ChartView` is what kubesim reads of the chart for the checks both engines share
(`kubesim.spec.sources.helm_rules`): Chart.yaml, requirements.yaml and the names of the charts
in `charts/`.
"""

from __future__ import annotations

import io
import os
import re
import stat
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from kubesim.errors import KubesimError, RenderError
from kubesim.files import NONBLOCKING, TrustRoot
from kubesim.spec.sources.walk import CHART_ARCHIVES, leaves_root, outside_message
from kubesim.spec.yamlio import load_yaml_documents

if TYPE_CHECKING:  # tarfile and gzip load with the first chart archive read
    import gzip
    import tarfile

__all__ = ["CHART_ARCHIVES", "MAX_CHART_BYTES", "MAX_CHART_FILES", "MAX_CHART_FILE_BYTES",
           "MAX_FOLDER_DEPTH", "Budget", "ChartView", "IgnoreRules", "StagedChart",
           "copy_file", "irregular", "leaves_root", "outside_message", "read_regular",
           "stage_chart"]

MAX_CHART_BYTES = 100 * 1024 * 1024  # Helm's MaxDecompressedChartSize (pkg/chart/loader/archive)
MAX_CHART_FILE_BYTES = 5 * 1024 * 1024  # Helm's MaxDecompressedFileSize: one file of a chart
MAX_CHART_FILES = 10_000  # files of one chart, its subcharts and archives included
MAX_FOLDER_DEPTH = 64  # folders within folders (a loop of links ends here at the latest)
MAX_ARCHIVE_NESTING = 8  # charts/*.tgz inside charts/*.tgz ...
HELMIGNORE = ".helmignore"
MAX_SMALL_FILE = 1024 * 1024  # .helmignore, Chart.yaml, requirements.yaml as kubesim reads them


# ---------------------------------------------------------------- bounds


@dataclass
class Budget:
    """Files and bytes a copy may still take; `charge` raises a RenderError naming the limit."""

    files: int
    bytes: int
    what: str  # "a chart", "a kustomization"
    limit_files: int = field(init=False)
    limit_bytes: int = field(init=False)

    def __post_init__(self) -> None:
        self.limit_files, self.limit_bytes = self.files, self.bytes

    def charge(self, shown: str, size: int) -> None:
        self.files -= 1
        self.bytes -= size
        if self.files < 0:
            raise RenderError(f"more than {self.limit_files:,} files in {self.what}; kubesim "
                              "copies at most that many before rendering", source=shown)
        if self.bytes < 0:
            raise RenderError(f"more than {_mib(self.limit_bytes)} in {self.what}; kubesim "
                              "copies at most that much before rendering", source=shown)


def _mib(n: int) -> str:
    return f"{n / 1024 / 1024:g} MiB"


def read_regular(src: Path, shown: str, limit: int) -> bytes:
    """At most `limit` + 1 bytes of a regular file, opened without waiting (a FIFO put there
    meanwhile is refused, never waited on)."""
    try:
        fd = os.open(src, os.O_RDONLY | NONBLOCKING)
    except OSError as exc:
        raise RenderError(f"cannot read: {exc.strerror}", source=shown) from None
    with os.fdopen(fd, "rb") as fh:
        mode = os.fstat(fh.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise RenderError(f"is {irregular(mode)}; kubesim copies regular files and folders "
                              "only", source=shown)
        try:
            return fh.read(limit + 1)
        except OSError as exc:
            raise RenderError(f"cannot read: {exc.strerror}", source=shown) from None


def copy_file(src: Path, dest: Path, shown: str, size_limit: int, budget: Budget) -> None:
    """Copy one regular file (`src` already checked to stay inside the root), at most
    `size_limit` bytes; the copy is private (0600)."""
    data = read_regular(src, shown, size_limit)
    if len(data) > size_limit:
        raise RenderError(f"is larger than {_mib(size_limit)}, the most Helm loads of one file "
                          "(MaxDecompressedFileSize)" if size_limit == MAX_CHART_FILE_BYTES else
                          f"is larger than {_mib(size_limit)}; kubesim reads files up to that "
                          "size", source=shown)
    budget.charge(shown, len(data))
    fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR,
          "a character device"), (stat.S_ISBLK, "a block device"))


def irregular(mode: int) -> str:
    """How a message names a file that is neither regular nor a folder."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


# ---------------------------------------------------------------- .helmignore


@dataclass(frozen=True)
class _Rule:
    match: re.Pattern[str]
    negate: bool
    must_dir: bool
    base_only: bool  # no `/` in the rule: it matches the file's name only


def _go_pattern(pattern: str) -> str | None:
    """Go's `filepath.Match` syntax as a regular expression (None: a bad pattern)."""
    out, i, n = [], 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "\\":
            i += 1
            if i >= n:
                return None
            out.append(re.escape(pattern[i]))
        elif c == "[":
            cls, i = _go_class(pattern, i + 1)
            if cls is None:
                return None
            out.append(cls)
            continue
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


def _go_class(pattern: str, i: int) -> tuple[str | None, int]:
    """A `[...]` class of Go's Match from just after `[`: (regex, index after `]`)."""
    n = len(pattern)
    negate = i < n and pattern[i] == "^"
    i += negate
    ranges: list[str] = []
    while True:
        if i < n and pattern[i] == "]" and ranges:
            return ("[^" if negate else "[") + "".join(ranges) + "]", i + 1
        lo, i = _go_escaped(pattern, i)
        if lo is None:
            return None, i
        hi = lo
        if i < n and pattern[i] == "-":
            upper, i = _go_escaped(pattern, i + 1)
            if upper is None or upper < lo:
                return None, i
            hi = upper
        ranges.append(re.escape(lo) if lo == hi else f"{re.escape(lo)}-{re.escape(hi)}")


def _go_escaped(pattern: str, i: int) -> tuple[str | None, int]:
    if i >= len(pattern) or pattern[i] in "-]":
        return None, i
    if pattern[i] == "\\":
        i += 1
        if i >= len(pattern):
            return None, i
    return pattern[i], i + 1


class IgnoreRules:
    """A chart's `.helmignore` as Helm applies it (`pkg/ignore/rules.go`): rules in order, the
    first that decides wins, a `!` rule ignores what it does not match."""

    def __init__(self, rules: list[_Rule]) -> None:
        self.rules = rules

    @classmethod
    def parse(cls, text: str | None) -> IgnoreRules:
        """The rules of a `.helmignore` text (None: none) and Helm's default; a text Helm
        would refuse gives no rules at all (everything is copied, and Helm refuses the copy's
        `.helmignore` in its own words)."""
        rules: list[_Rule] = []
        lines = (text or "").removeprefix("\ufeff").split("\n") + ["templates/.?*"]
        for line in lines:
            rule = line.strip()
            if not rule or rule.startswith("#"):
                continue
            parsed = _parse_rule(rule)
            if parsed is None:
                return cls([])
            rules.append(parsed)
        return cls(rules)

    def ignored(self, path: str, is_dir: bool) -> bool:
        """Whether Helm skips `path` (relative to the chart, `/`-separated)."""
        if path in ("", ".", "./"):
            return False
        for rule in self.rules:
            name = path.rsplit("/", 1)[-1] if rule.base_only else path
            if rule.negate:
                if (rule.must_dir and not is_dir) or not rule.match.fullmatch(name):
                    return True
                continue
            if rule.must_dir and not is_dir:
                continue
            if rule.match.fullmatch(name):
                return True
        return False


def _parse_rule(rule: str) -> _Rule | None:
    if "**" in rule or _go_pattern(rule) is None:  # Helm refuses both
        return None
    negate = rule.startswith("!")
    rule = rule.removeprefix("!")
    must_dir = rule.endswith("/")
    rule = rule.removesuffix("/")
    anchored = rule.startswith("/")
    rule = rule.removeprefix("/")
    regex = _go_pattern(rule)
    if regex is None:
        return None
    return _Rule(re.compile(regex, re.DOTALL), negate, must_dir,
                 base_only=not anchored and "/" not in rule)


# ---------------------------------------------------------------- what kubesim reads of a chart


@dataclass(frozen=True)
class ChartView:
    """Chart.yaml and requirements.yaml as data (None: absent or unreadable), and the names
    (Chart.yaml `name`) of the charts found in `charts/`, as Helm's loader finds them."""

    chart: dict[str, Any] | None
    requirements: dict[str, Any] | None
    subcharts: tuple[str, ...]


def _mapping(data: bytes | None, source: str) -> dict[str, Any] | None:
    """A small YAML file as a mapping; None when absent or not readable as one (then Helm's
    own loader says what is wrong, in both engines alike)."""
    if data is None or len(data) > MAX_SMALL_FILE:
        return None
    try:
        docs = load_yaml_documents(data.decode("utf-8").removeprefix("\ufeff"), source,
                                   RenderError)
    except (KubesimError, UnicodeDecodeError):
        return None
    value = docs[0].data if docs else None
    return value if isinstance(value, dict) else None


def _name_of(view: ChartView | None) -> str | None:
    name = view.chart.get("name") if view is not None and view.chart is not None else None
    return name if isinstance(name, str) else None


@dataclass(frozen=True)
class StagedChart:
    """A chart copied for rendering: the copy the engine reads (`path`), how messages name
    it (`shown`, the user's path) and what kubesim read of it."""

    path: str
    shown: str
    view: ChartView


def stage_chart(path: str, root: TrustRoot, into: Path) -> StagedChart:
    """Copy the chart folder or archive at `path` into the private folder `into` (rules in
    the module's docstring); raises RenderError naming a link out of the root, a file Helm
    could not load, or a limit."""
    if root.holds_lexically(path) and not root.holds(path):
        raise RenderError(f"the chart folder is {outside_message(root)}", source=path)
    budget = Budget(MAX_CHART_FILES, MAX_CHART_BYTES, "a chart")
    src = Path(path)
    if path.endswith(CHART_ARCHIVES) and not src.is_dir():
        dest = into / src.name
        copy_file(src, dest, path, MAX_CHART_BYTES, Budget(1, MAX_CHART_BYTES, "a chart"))
        view = _scan_archive(dest.read_bytes(), path, budget, 0)
        return StagedChart(str(dest), path, view)
    dest = into / (src.resolve().name or "chart")
    rules = IgnoreRules.parse(_small_text(src / HELMIGNORE, root, path))
    _copy_tree(src, dest, "", _Copy(root, rules, budget, path), frozenset())
    return StagedChart(str(dest), path, _folder_view(dest, path, budget))


@dataclass(frozen=True)
class _Copy:
    root: TrustRoot
    rules: IgnoreRules
    budget: Budget
    shown: str  # the chart as the user named it

    def name(self, rel: str) -> str:
        return f"{self.shown.rstrip('/')}/{rel}" if rel else self.shown


def _small_text(path: Path, root: TrustRoot, shown: str) -> str | None:
    """A chart's own small text file (.helmignore), or None; a link out is an error."""
    if not os.path.lexists(path):
        return None
    where = f"{shown.rstrip('/')}/{path.name}"
    if not root.holds(path):
        raise RenderError(outside_message(root), source=where)
    try:
        data = read_regular(path, where, MAX_SMALL_FILE)
        return data.decode("utf-8") if len(data) <= MAX_SMALL_FILE else None
    except (RenderError, UnicodeDecodeError):
        return None  # the copy refuses a FIFO or device, below, with its kind


def _copy_tree(src: Path, dest: Path, rel: str, c: _Copy, above: frozenset[str]) -> None:
    """Copy the folder `src` (chart-relative `rel`) to `dest`; `above`: the resolved folders
    on the way down (a link back up is a loop)."""
    real = os.path.realpath(src)
    if real in above:
        raise RenderError("a symbolic link loop (a folder that contains itself); kubesim "
                          "copies a chart without loops", source=c.name(rel))
    if len(above) >= MAX_FOLDER_DEPTH:
        raise RenderError(f"folders nest deeper than {MAX_FOLDER_DEPTH} levels",
                          source=c.name(rel))
    os.mkdir(dest, 0o700)
    try:
        names = sorted(os.listdir(src))
    except OSError as exc:
        raise RenderError(f"cannot read the folder: {exc.strerror}", source=c.name(rel)) from None
    for name in names:
        sub = f"{rel}/{name}" if rel else name
        entry = src / name
        st = _followed(entry, c.root, c.name(sub))
        is_dir = stat.S_ISDIR(st.st_mode)
        if c.rules.ignored(sub, is_dir):
            continue
        if is_dir:
            _copy_tree(entry, dest / name, sub, c, above | {real})
        elif stat.S_ISREG(st.st_mode):
            copy_file(entry, dest / name, c.name(sub), MAX_CHART_FILE_BYTES, c.budget)
        else:
            raise RenderError(f"is {irregular(st.st_mode)}; a chart holds regular files and "
                              "folders only (Helm refuses it too)", source=c.name(sub))


def _followed(entry: Path, root: TrustRoot, shown: str) -> os.stat_result:
    """What `entry` is, its links followed: a link that leaves the root, or leads nowhere,
    is an error naming the link."""
    try:
        st = os.lstat(entry)
    except OSError as exc:
        raise RenderError(f"cannot read: {exc.strerror}", source=shown) from None
    if not stat.S_ISLNK(st.st_mode):
        return st
    if not root.holds(entry):
        raise RenderError(outside_message(root), source=shown)
    try:
        return os.stat(entry)
    except OSError:
        raise RenderError("a symbolic link that leads nowhere (or to a loop of links)",
                          source=shown) from None


def _folder_view(chart: Path, shown: str, budget: Budget) -> ChartView:
    """What kubesim reads of a copied chart folder; its `charts/*.tgz` are checked as
    archives (links, names, limits) on the way."""
    names: list[str] = []
    charts = chart / "charts"
    for entry in sorted(charts.iterdir()) if charts.is_dir() else ():
        if entry.name.startswith(("_", ".")) or entry.suffix == ".prov":
            continue  # Helm's loader skips these (pkg/chart/v2/loader/load.go LoadFiles)
        where = f"{shown.rstrip('/')}/charts/{entry.name}"
        if entry.is_dir():
            sub = _folder_view(entry, where, budget)
            name = _name_of(sub)
        elif entry.name.endswith(".tgz"):
            name = _name_of(_scan_archive(entry.read_bytes(), where, budget, 1))
        else:
            continue
        if name is not None:
            names.append(name)
    return ChartView(_mapping(_read(chart / "Chart.yaml"), f"{shown}/Chart.yaml"),
                     _mapping(_read(chart / "requirements.yaml"),
                              f"{shown}/requirements.yaml"), tuple(names))


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes() if path.is_file() else None
    except OSError:
        return None


# ---------------------------------------------------------------- archives


class _Capped(io.RawIOBase):
    """A decompressed stream that stops at `limit` bytes: a gzip bomb ends here, before
    tarfile reads a huge header block into memory."""

    def __init__(self, raw: IO[bytes] | gzip.GzipFile, limit: int, shown: str) -> None:
        self.raw, self.left, self.limit, self.shown = raw, limit, limit, shown

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self.raw.read(min(len(buffer), self.left + 1))
        self.left -= len(data)
        if self.left < 0:
            raise RenderError(f"unpacks to more than {_mib(self.limit)}; kubesim reads chart "
                              "archives up to that size (Helm's own limit)", source=self.shown)
        buffer[:len(data)] = data
        return len(data)


def _member_kind(member: tarfile.TarInfo) -> str | None:
    """What a member is that a chart may not hold: a link or a device (None: neither)."""
    kinds = ((member.issym, "a symbolic link"), (member.islnk, "a hard link"),
             (member.ischr, "a character device"), (member.isblk, "a block device"),
             (member.isfifo, "a FIFO"))
    return next((what for test, what in kinds if test()), None)


def _scan_archive(data: bytes, shown: str, budget: Budget, depth: int) -> ChartView:
    """Read every member of a chart archive (a gzip'd tar) within the limits, refusing links,
    devices and names that leave the archive; what kubesim reads of the chart it holds. A
    subchart archive inside is read the same way as it comes (one at a time in memory)."""
    if depth > MAX_ARCHIVE_NESTING:
        raise RenderError(f"chart archives nest deeper than {MAX_ARCHIVE_NESTING} levels",
                          source=shown)
    import gzip
    import tarfile

    files: dict[str, bytes] = {}
    subcharts: list[str | None] = []
    stream = _Capped(gzip.GzipFile(fileobj=io.BytesIO(data)),
                     MAX_CHART_BYTES + MAX_CHART_FILES * 2048, shown)
    try:
        with tarfile.open(fileobj=io.BufferedReader(stream), mode="r|") as tar:
            for member in tar:
                rel = _member_name(member, shown)
                if member.isdir():
                    continue
                if member.size > MAX_CHART_FILE_BYTES:
                    raise RenderError(f"member {_shown_name(member.name)} is larger than "
                                      f"{_mib(MAX_CHART_FILE_BYTES)}, the most Helm loads of "
                                      "one file (MaxDecompressedFileSize)", source=shown)
                budget.charge(shown, member.size)
                kind = _wanted(rel)
                if kind is None:
                    continue
                got = tar.extractfile(member)
                blob = got.read(member.size) if got is not None else b""
                if kind == "archive":
                    subcharts.append(_name_of(_scan_archive(blob, f"{shown}: {rel}", budget,
                                                            depth + 1)))
                elif kind == "subchart":
                    subcharts.append(_name_of(ChartView(_mapping(blob, f"{shown}: {rel}"),
                                                        None, ())))
                else:
                    files[rel] = blob
    except (tarfile.TarError, OSError, EOFError, zlib.error):  # its words may quote bytes
        raise RenderError("is not a readable chart archive (a gzip'd tar); kubesim reads "
                          "charts packed by helm package", source=shown) from None
    return ChartView(_mapping(files.get("Chart.yaml"), f"{shown}: Chart.yaml"),
                     _mapping(files.get("requirements.yaml"), f"{shown}: requirements.yaml"),
                     tuple(name for name in subcharts if name is not None))


def _shown_name(name: str) -> str:
    return repr(name[:200])


def _member_name(member: tarfile.TarInfo, shown: str) -> str:
    """The member's path inside the chart (Helm drops the first folder of every name); a
    link, device or a name that leaves the archive is an error naming the member."""
    kind = _member_kind(member)
    if kind is None and not (member.isreg() or member.isdir()):
        kind = "not a regular file or folder"
    if kind is not None:
        raise RenderError(f"member {_shown_name(member.name)} is {kind}; kubesim reads "
                          "regular files and folders only from a chart archive (the target "
                          "is not shown)", source=shown)
    name = member.name.replace("\\", "/")
    parts = name.split("/")
    rel = "/".join(p for p in parts[1:] if p not in ("", "."))
    if name.startswith("/") or re.match(r"[A-Za-z]:/", rel) or ".." in parts:
        raise RenderError(f"member {_shown_name(member.name)} names a place outside the "
                          "archive (an absolute path or ..); kubesim refuses such archives",
                          source=shown)
    return rel


def _wanted(rel: str) -> str | None:
    """Which members kubesim reads: Chart.yaml and requirements.yaml ("chart"), the Chart.yaml
    of each subchart folder ("subchart"), subchart archives ("archive"); Helm's loader skips
    `charts/_*` and `charts/.*`."""
    parts = rel.split("/")
    if rel in ("Chart.yaml", "requirements.yaml"):
        return "chart"
    if parts[0] != "charts" or len(parts) < 2 or parts[1].startswith(("_", ".")):
        return None
    if len(parts) == 3 and parts[2] == "Chart.yaml":
        return "subchart"
    if len(parts) == 2 and parts[1].endswith(".tgz"):
        return "archive"
    return None
