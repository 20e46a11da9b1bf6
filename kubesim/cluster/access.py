"""How kubesim reaches a live API server: `kubectl get --raw PATH`, read-only, bounded.

Why kubectl and not a client library: kubectl is what the engineer on call already has, with
the credentials that work (kubeconfig files merged from `KUBECONFIG`, `~/.kube/config`, the
in-cluster service account, and the exec plugins of EKS, GKE and AKS), so kubesim reads with
exactly the access `kubectl get` has and needs no second configuration. `get --raw` issues
one GET of an API path and prints the server's JSON as it is, so kubesim sees the objects
`kubectl get -o json` would print, does its own paging (`limit`/`continue`) and caps, and
never sends anything but GET. The official Python client was the alternative; its
events.k8s.io client fails on every event written through core/v1
(kubernetes-client/python#1616) and it brings a large dependency tree for a few GETs.

Every request is bounded: kubectl's `--request-timeout`, a time limit on the process, and at
most `MAX_RESPONSE_BYTES` of output; kubectl's stderr is quoted neutralised on one line.
"""

from __future__ import annotations

import enum
import re
import shutil
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import quote, urlencode

from kubesim.errors import ClusterError, RenderError
from kubesim.files import load_json

__all__ = ["DEFAULT_TIMEOUT", "MAX_RESPONSE_BYTES", "ClusterAccess", "Connection", "Kubectl",
           "Request", "Resource", "Verb", "kubectl_access"]

DEFAULT_TIMEOUT = 20.0  # seconds for one request, kubectl's start included
MAX_RESPONSE_BYTES = 32 * 1024 * 1024  # one page of a list, or one object


class Verb(str, enum.Enum):
    """The only verbs kubesim uses: a Role granting these on the resources below suffices."""

    GET = "get"
    LIST = "list"


@dataclass(frozen=True)
class Resource:
    """An API resource: its group ("" for core), version and plural name."""

    group: str
    version: str
    plural: str

    def base(self) -> str:
        return f"/api/{self.version}" if not self.group else f"/apis/{self.group}/{self.version}"

    def shown(self) -> str:
        return self.plural if not self.group else f"{self.plural}.{self.group}"


@dataclass(frozen=True)
class Request:
    """One read: `verb` on `resource`, in `namespace` (None: cluster-wide), by `name` (GET)."""

    verb: Verb
    resource: Resource
    namespace: str | None = None
    name: str | None = None
    query: tuple[tuple[str, str], ...] = ()

    def path(self) -> str:
        out = self.resource.base()
        if self.namespace is not None:
            out += f"/namespaces/{quote(self.namespace, safe='')}"
        out += f"/{self.resource.plural}"
        if self.name is not None:
            out += f"/{quote(self.name, safe='')}"
        if self.query:
            out += "?" + urlencode(self.query)
        return out

    def shown(self) -> str:
        """`list events in namespace shop`, for messages."""
        where = f" in namespace {self.namespace}" if self.namespace else " in all namespaces"
        what = self.resource.shown() + (f" {self.name}" if self.name else "")
        return f"{self.verb.value} {what}{where}"


class ClusterAccess(Protocol):
    """What the readers of a live cluster need: one read, its JSON object."""

    def read(self, request: Request) -> dict[str, Any]:
        """The server's JSON answer to `request` (raises ClusterError)."""
        ...

    def describe(self) -> str:
        """Which cluster and context, for the report's note."""
        ...

    def namespace(self) -> str:
        """The namespace to read when none is given (the context's)."""
        ...


@dataclass(frozen=True)
class Connection:
    """The user's choice of cluster: kubectl's `--kubeconfig` and `--context`."""

    kubeconfig: str | None = None
    context: str | None = None
    timeout: float = DEFAULT_TIMEOUT

    def args(self) -> list[str]:
        out = []
        if self.kubeconfig is not None:
            out += ["--kubeconfig", self.kubeconfig]
        if self.context is not None:
            out += ["--context", self.context]
        return out


_NAMESPACE = re.compile(r"^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$")
_FROM_SERVER = re.compile(r"Error from server \((?P<reason>\w+)\): (?P<message>.*)", re.S)


@dataclass
class Kubectl:
    """`kubectl get --raw`, one process per request."""

    program: str
    connection: Connection
    requests: list[str] = field(default_factory=list)  # paths read, in order (for the note)

    def describe(self) -> str:
        parts = []
        if self.connection.context:
            parts.append(f"context {self.connection.context}")
        if self.connection.kubeconfig:
            parts.append(f"kubeconfig {self.connection.kubeconfig}")
        return "the cluster of " + (", ".join(parts) if parts else "kubectl's current context")

    def namespace(self) -> str:
        """The namespace kubectl would use without -n: the context's, else `default`."""
        from kubesim.spec.sources.engines import neutral, run_engine
        argv = [self.program, *self.connection.args(), "config", "view", "--minify",
                "--output", "jsonpath={..namespace}"]
        try:
            done = run_engine(argv, timeout=self.connection.timeout, max_bytes=4096,
                              what="kubectl config view")
        except RenderError as exc:
            raise ClusterError(exc.message) from None
        if done.code != 0:
            said = neutral(done.stderr, 400) or "(kubectl wrote nothing on stderr)"
            raise ClusterError(f"kubectl cannot read its configuration: {said}")
        name = done.stdout.decode("utf-8", "replace").strip()
        return name if _NAMESPACE.match(name) else "default"

    def read(self, request: Request) -> dict[str, Any]:
        # the render edge's bounded process runner (a server's start-up loads none of it)
        from kubesim.spec.sources.engines import run_engine
        path = request.path()
        argv = [self.program, *self.connection.args(), "get", "--raw", path,
                f"--request-timeout={self.connection.timeout:g}s"]
        self.requests.append(path)
        try:
            done = run_engine(argv, timeout=self.connection.timeout + 10.0,
                              max_bytes=MAX_RESPONSE_BYTES, what=f"kubectl {request.shown()}")
        except RenderError as exc:
            raise ClusterError(exc.message) from None
        if done.code != 0:
            raise _refusal(request, done.stderr, self.connection)
        data = load_json(done.stdout.decode("utf-8", "replace"),
                         f"the API server's answer to {request.shown()}", ClusterError)
        if not isinstance(data, dict):
            raise ClusterError(f"the API server answered {request.shown()} with something "
                               "other than an object")
        return data


def _refusal(request: Request, stderr: str, connection: Connection) -> ClusterError:
    """kubectl's failure as one line naming what kubesim asked for and what to do."""
    from kubesim.spec.sources.engines import neutral
    said = neutral(stderr, 400) or "(kubectl wrote nothing on stderr)"
    m = _FROM_SERVER.search(stderr)
    reason = m.group("reason") if m else ""
    if reason == "NotFound":
        what = request.resource.shown().rstrip("s")
        where = f" in namespace {request.namespace}" if request.namespace else ""
        return ClusterError(f"{what} {request.name} not found{where}: {said}")
    if reason == "Forbidden":
        return ClusterError(
            f"the cluster's RBAC does not let these credentials {request.shown()} "
            f"(403 Forbidden); kubesim needs the verbs get and list on {request.resource.shown()}"
            f" (the Role in docs/explain.md): {said}")
    if "Unauthorized" in stderr or "must be logged in" in stderr:
        return ClusterError(f"the API server refused the credentials (401 Unauthorized) "
                            f"while kubesim tried to {request.shown()}: check the kubeconfig "
                            f"and context ({said})")
    if "does not exist" in stderr and "context" in stderr:
        return ClusterError(f"{said}; choose one with --context NAME "
                            "(kubectl config get-contexts lists them)")
    if "refused" in stderr or "Unable to connect" in stderr or "dial tcp" in stderr \
            or "Timeout" in stderr or "timeout" in stderr:
        hint = "" if connection.kubeconfig or connection.context else (
            " (no --kubeconfig or --context given: kubectl used KUBECONFIG, ~/.kube/config or "
            "the pod's service account)")
        return ClusterError(f"cannot reach the API server to {request.shown()}: {said}{hint}")
    return ClusterError(f"kubectl could not {request.shown()}: {said}")


def kubectl_access(connection: Connection, program: str | None = None) -> Kubectl:
    """kubectl on PATH (or `program`), reading with `connection`; a ClusterError saying what
    to install when there is none."""
    found = program or shutil.which("kubectl")
    if found is None:
        raise ClusterError("reading a live cluster needs kubectl on PATH (it brings the "
                           "credentials kubesim reads with): "
                           "https://kubernetes.io/docs/tasks/tools/")
    return Kubectl(found, connection)

