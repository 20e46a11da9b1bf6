"""What `helm template` refuses before it renders, checked once by kubesim for both engines.

The helm program runs `helm template`'s whole path (`helm.sh/helm pkg/cmd/install.go`
`runInstall`, `pkg/action/install.go` `RunWithContext`, `pkg/action/action.go`
`renderResources`); helm-python-sdk renders a loaded chart and skips most of it. So that both
engines give the same answer or the same error, kubesim checks these itself, in Helm's order,
before either engine runs (`check_chart`):

1. Chart.yaml `apiVersion` v1 or v2 (absent: v1, as Helm's loader assumes); Helm 4's `helm
   template` refuses any other (`unsupported chart version`, `invalid chart apiVersion`);
2. not a library chart (`checkIfInstallable`: "library charts are not installable");
3. every dependency of Chart.yaml (or of a v1 chart's requirements.yaml) present in `charts/`,
   by name (`action.CheckDependencies`), unless `--allow-network` lets the helm program fetch
   them;
4. the release name (`chartutil.ValidateReleaseName`: the regex below, at most 53 characters);
5. Chart.yaml `kubeVersion` satisfied by the Kubernetes version of the render
   (`chartutil.IsCompatibleRange`, Masterminds/semver v3 constraints, ported below).

Both engines render with one Kubernetes version, `--kube-version` or `DEFAULT_KUBE_VERSION`
(each Helm release has its own built-in default: v1.35.0 in Helm 4.1, v1.36.0 in Helm 4.2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from kubesim.errors import RenderError, UsageError
from kubesim.spec.sources.confine import ChartView

__all__ = ["DEFAULT_KUBE_VERSION", "MAX_RELEASE_NAME", "KubeVersion", "check_chart",
           "constraint_allows", "kube_version"]

DEFAULT_KUBE_VERSION = "v1.35.0"  # .Capabilities.KubeVersion of every render without --kube-version
MAX_RELEASE_NAME = 53  # Helm's maxReleaseNameLen (pkg/chart/v2/util/validate_name.go)
RELEASE_NAME = r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"
_RELEASE = re.compile(RELEASE_NAME[:-1] + r"\Z")  # Go's $ is the end of the text only
_KUBE = re.compile(r"v?(\d{1,6})\.(\d{1,6})(?:\.(\d{1,6}))?(?:[-+][0-9A-Za-z.+-]{0,64})?")


@dataclass(frozen=True)
class KubeVersion:
    """The Kubernetes version of a render: as given to the engines, and as Helm compares it
    with a chart's `kubeVersion` (`ParseKubeVersion`: suffixes dropped)."""

    given: str
    core: tuple[int, int, int]

    @property
    def shown(self) -> str:
        return self.given if self.given.startswith("v") else f"v{self.given}"


def kube_version(given: str | None) -> KubeVersion:
    """`--kube-version` (None: the default); a UsageError for anything else than a version
    like v1.35.0."""
    text = DEFAULT_KUBE_VERSION if given is None else given
    m = _KUBE.fullmatch(text)
    if m is None:
        raise UsageError(f"--kube-version {text[:40]!r}: a Kubernetes version like "
                         f"{DEFAULT_KUBE_VERSION} (or 1.35)")
    return KubeVersion(text, (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)))


def check_chart(view: ChartView, shown: str, *, release: str, release_given: bool,
                kube: KubeVersion, allow_network: bool) -> None:
    """Refuse what `helm template` refuses before rendering (list in the module's
    docstring), in Helm's words where it has them; `shown` names the chart."""
    chart = view.chart or {}
    where = f"{shown.rstrip('/')}/Chart.yaml"
    api = chart.get("apiVersion")
    if isinstance(api, str) and api not in ("", "v1", "v2"):
        raise RenderError(f"apiVersion {api[:40]!r}: Helm renders charts of apiVersion v1 and "
                          "v2 only (helm template refuses this one)", source=where)
    if chart.get("type") == "library":
        raise RenderError("library charts are not installable (type: library): only other "
                          "charts render it", source=where)
    if not allow_network:
        _check_dependencies(view, shown)
    if release_given or _loadable_name(release):  # else Helm's loader refuses the chart itself
        _check_release(release, release_given, shown)
    constraint = chart.get("kubeVersion")
    if isinstance(constraint, str) and constraint and not constraint_allows(
            _printable(constraint), kube.core):
        raise RenderError(f"chart requires kubeVersion: {constraint[:80]} which is "
                          f"incompatible with Kubernetes {kube.shown} (--kube-version; "
                          f"default {DEFAULT_KUBE_VERSION})", source=where)


def _printable(text: str) -> str:
    """Helm's `sanitizeString`: white space as a space, other unprintable characters
    dropped."""
    return "".join(" " if c.isspace() else c for c in text if c.isprintable() or c.isspace())


def _check_dependencies(view: ChartView, shown: str) -> None:
    """`action.CheckDependencies`: each dependency's name among the loaded subcharts'."""
    chart, requirements = view.chart or {}, view.requirements
    if requirements is not None and "dependencies" in requirements:
        wanted, file = requirements.get("dependencies"), "requirements.yaml"
    else:
        wanted, file = chart.get("dependencies"), "Chart.yaml"
    names = [d.get("name") for d in wanted if isinstance(d, dict)] \
        if isinstance(wanted, list) else []
    missing = [n for n in names if isinstance(n, str) and n not in view.subcharts]
    if missing:
        raise RenderError(f"found in Chart.yaml, but missing in charts/ directory: "
                          f"{', '.join(missing)[:300]}; run `helm dependency build` first "
                          "(helm template refuses the chart without them; --allow-network "
                          "lets the helm program fetch them)",
                          source=f"{shown.rstrip('/')}/{file}")


def _loadable_name(name: str) -> bool:
    """A chart name Helm's loader accepts (`Metadata.Validate`: set, not `.` or `..`, one
    path element)."""
    return bool(name) and name not in (".", "..") and "/" not in name


def _check_release(name: str, given: bool, shown: str) -> None:
    """`chartutil.ValidateReleaseName`."""
    how = "--release-name" if given else "the release name (the chart's name; set " \
        "--release-name)"
    if not name:
        raise RenderError(f"{how}: no name provided", source=shown)
    if len(name.encode("utf-8")) > MAX_RELEASE_NAME or not _RELEASE.match(name):
        raise RenderError(f"{how} {name[:60]!r}: invalid release name, must match regex "
                          f"{RELEASE_NAME} and the length must not be longer than "
                          f"{MAX_RELEASE_NAME}", source=shown)


# ---------------------------------------------------------------- Masterminds/semver v3
# A port of constraints.go (v3.4.0, the version Helm 4 builds with) for a version without a
# prerelease: Helm compares the Kubernetes version with its suffixes dropped, so every
# "is a prerelease" branch is moot. Any constraint Masterminds cannot parse allows nothing
# (`IsCompatibleRange` returns false).

_S = r"[\t\n\f\r ]"  # Go's \s
_CV = (r"v?([0-9|x|X|\*]+)(\.[0-9|x|X|\*]+)?(\.[0-9|x|X|\*]+)?"
       r"(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?")
_OPS = r"=||!=|>|<|>=|=>|<=|=<|~|~>|\^"
_ONE = re.compile(rf"^{_S}*({_OPS}){_S}*({_CV}){_S}*\Z")
_RANGE = re.compile(rf"{_S}*({_CV}){_S}+-{_S}+({_CV}){_S}*")
_FIND = re.compile(rf"({_OPS}){_S}*({_CV})")
_VALID = re.compile(rf"^({_S}*({_OPS}){_S}*({_CV}){_S}*)((?:{_S}+|,{_S}*)({_OPS}){_S}*({_CV})"
                    rf"{_S}*)*\Z")
_VERSION = re.compile(r"v?([0-9]+)(\.[0-9]+)?(\.[0-9]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?"
                      r"(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?\Z")


@dataclass(frozen=True)
class _Version:
    core: tuple[int, int, int]
    pre: str


@dataclass(frozen=True)
class _Constraint:
    op: str
    con: _Version
    dirty: bool
    minor_dirty: bool
    patch_dirty: bool


def _version(text: str) -> _Version | None:
    """Masterminds `NewVersion` (loose, leading zeros coerced)."""
    m = _VERSION.match(text)
    if m is None or any(len(g or "") > 21 for g in m.groups()[:3]):
        return None
    nums = [int(g.lstrip(".")) if g else 0 for g in m.groups()[:3]]
    pre = m.group(5) or ""
    if max(nums) >= 2**64 or any(p.isdigit() and len(p) > 1 and p[0] == "0"
                                 for p in pre.split(".")):
        return None  # ParseUint overflows; `validatePrerelease`
    return _Version((nums[0], nums[1], nums[2]), pre)


def _pre_part(s: str, o: str) -> int:
    """Masterminds `comparePrePart`."""
    if s == o:
        return 0
    if not s or not o:
        return -1 if not s else 1
    s_num, o_num = s.isdigit() and s.isascii(), o.isdigit() and o.isascii()
    if s_num and o_num:
        return 1 if int(s) > int(o) else -1
    if s_num != o_num:
        return -1 if s_num else 1
    return 1 if s > o else -1


def _compare(v: _Version, c: _Version) -> int:
    """Masterminds `Version.Compare` (metadata ignored)."""
    if v.core != c.core:
        return 1 if v.core > c.core else -1
    if v.pre == c.pre:
        return 0
    if not v.pre or not c.pre:
        return 1 if not v.pre else -1
    a, b = v.pre.split("."), c.pre.split(".")
    for i in range(max(len(a), len(b))):
        d = _pre_part(a[i] if i < len(a) else "", b[i] if i < len(b) else "")
        if d:
            return d
    return 0


def _parse(text: str) -> _Constraint | None:
    """Masterminds `parseConstraint`."""
    if not text:
        return _Constraint("", _Version((0, 0, 0), ""), True, False, False)
    m = _ONE.match(text)
    if m is None:
        return None
    op, major, minor, patch, pre = m.group(1), m.group(3), m.group(4), m.group(5), \
        m.group(6) or ""
    dirty = minor_dirty = patch_dirty = False
    ver = m.group(2)
    if _is_x(major):
        ver, dirty = f"0.0.0{pre}", True
    elif not minor or _is_x(minor[1:]):
        ver, dirty, minor_dirty = f"{major}.0.0{pre}", True, True
    elif not patch or _is_x(patch[1:]):
        ver, dirty, patch_dirty = f"{major}{minor}.0{pre}", True, True
    con = _version(ver)
    return None if con is None else _Constraint(op, con, dirty, minor_dirty, patch_dirty)


def _is_x(part: str) -> bool:
    return part in ("x", "X", "*")


def constraint_allows(constraint: str, core: tuple[int, int, int]) -> bool:
    """Whether the release version `core` satisfies a Masterminds/semver v3 constraint
    (`NewConstraint(constraint).Check(v)`); an unparseable constraint allows nothing."""
    text = _RANGE.sub(lambda m: f">= {m.group(1)}, <= {m.group(11)} ", constraint)
    v = _Version(core, "")
    for group in text.split("||"):
        if not _VALID.match(group):
            return False
        parts = [m.group(0) for m in _FIND.finditer(group)] or [group]
        parsed = [_parse(p) for p in parts]
        if any(c is None for c in parsed):
            return False
        if all(_check(v, c) for c in parsed if c is not None):
            return True
    return False


def _check(v: _Version, c: _Constraint) -> bool:
    op = {"=>": ">=", "=<": "<=", "~>": "~"}.get(c.op, c.op)
    checks: dict[str, Any] = {"": _tilde_or_equal, "=": _tilde_or_equal, "!=": _not_equal,
                              ">": _greater, "<": _less, ">=": _at_least, "<=": _at_most,
                              "~": _tilde, "^": _caret}
    return bool(checks[op](v, c))


def _not_equal(v: _Version, c: _Constraint) -> bool:
    if c.dirty:
        if c.con.core[0] != v.core[0]:
            return True
        if c.con.core[1] != v.core[1] and not c.minor_dirty:
            return True
        if c.minor_dirty:
            return False
        if c.con.core[2] != v.core[2] and not c.patch_dirty:
            return True
        if c.patch_dirty:
            return bool(c.con.pre)  # a release never equals a prerelease
    return _compare(v, c.con) != 0


def _greater(v: _Version, c: _Constraint) -> bool:
    if not c.dirty:
        return _compare(v, c.con) == 1
    if v.core[0] != c.con.core[0]:
        return v.core[0] > c.con.core[0]
    if c.minor_dirty:
        return False
    if c.patch_dirty:
        return v.core[1] > c.con.core[1]
    return _compare(v, c.con) == 1


def _less(v: _Version, c: _Constraint) -> bool:
    return _compare(v, c.con) < 0


def _at_least(v: _Version, c: _Constraint) -> bool:
    return _compare(v, c.con) >= 0


def _at_most(v: _Version, c: _Constraint) -> bool:
    if not c.dirty:
        return _compare(v, c.con) <= 0
    if v.core[0] > c.con.core[0]:
        return False
    return not (v.core[0] == c.con.core[0] and v.core[1] > c.con.core[1]
                and not c.minor_dirty)


def _tilde(v: _Version, c: _Constraint) -> bool:
    if _compare(v, c.con) < 0:
        return False
    if c.con.core == (0, 0, 0) and not c.minor_dirty and not c.patch_dirty:
        return True
    if v.core[0] != c.con.core[0]:
        return False
    return v.core[1] == c.con.core[1] or c.minor_dirty


def _tilde_or_equal(v: _Version, c: _Constraint) -> bool:
    return _tilde(v, c) if c.dirty else _compare(v, c.con) == 0


def _caret(v: _Version, c: _Constraint) -> bool:
    if _compare(v, c.con) < 0:
        return False
    if c.con.core[0] > 0 or c.minor_dirty:
        return v.core[0] == c.con.core[0]
    if v.core[0] > 0:
        return False
    if c.con.core[1] > 0 or c.patch_dirty:
        return v.core[1] == c.con.core[1]
    if v.core[1] > 0:
        return False
    return c.con.core[2] == v.core[2]
