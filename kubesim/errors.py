"""Every error kubesim raises on bad input.

    KubesimError                 base: a message a user can act on, plus where it came from
     +-- SpecError               a probe spec or manifest the API server would reject
     |    +-- NoObjectError      a YAML document neither a Kubernetes object nor a probe spec
     |                           (a RecordError too: explain reads such documents)
     +-- BehaviourError          a trace or scenario that cannot be replayed
     +-- UsageError              command-line settings out of range or contradicting each other
     +-- RecordError             a cluster record (`kubesim explain`) that cannot be read
     +-- RenderError             a chart or kustomization that its engine cannot render, or
                                 no engine to render it with
     +-- ClusterError            a live cluster that cannot be read: unreachable, credentials
                                 refused, a verb the Role lacks, an object that is not there

The CLI turns any of them into one line on stderr and exit code 2. Anything else that escapes
the engine is a bug in kubesim, never the user's input.
"""

from __future__ import annotations

__all__ = ["BehaviourError", "ClusterError", "KubesimError", "NoObjectError", "RecordError",
           "RenderError", "SpecError", "UsageError"]


class KubesimError(Exception):
    """Bad input: `message` says what is wrong and what is allowed.

    `source` names the file (or `<stdin>`), `line` the 1-based line in it, `field` the dotted
    Kubernetes-style path of the offending field (`livenessProbe.successThreshold`).
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.field = field

    def located(self, *, source: str | None = None, line: int | None = None) -> KubesimError:
        """Fill in where the error came from, keeping what is already known."""
        self.source = self.source or source
        self.line = self.line or line
        return self

    def about(self, who: str) -> KubesimError:
        """The same error said of `who` (`Deployment/web container app: ...`): a new one of
        the same class, this one unchanged."""
        return type(self)(f"{who}: {self.message}", source=self.source, line=self.line,
                          field=self.field)

    def __str__(self) -> str:
        where = self.source or ""
        if self.source and self.line:
            where += f":{self.line}"
        return f"{where}: {self.message}" if where else self.message


class SpecError(KubesimError, ValueError):
    """A probe spec or Kubernetes manifest that is malformed or that the API would reject."""


class BehaviourError(KubesimError, ValueError):
    """A recorded trace or synthetic scenario that is malformed or inconsistent."""


class UsageError(KubesimError, ValueError):
    """Settings or command-line arguments that are out of range or contradict each other."""


class RecordError(KubesimError, ValueError):
    """A cluster record (describe text, pod or event documents, Prometheus export) that is not
    one of the formats `kubesim explain` reads, or is malformed beyond what it can use."""


class NoObjectError(SpecError, RecordError):
    """A YAML document that is neither a Kubernetes object (no `kind`) nor a compact probe spec
    (no probe at its top level): a SpecError where a manifest is read, and a RecordError where
    a cluster record is, so that `kubesim explain` tells it from every other refusal by its
    type (beside a record read elsewhere, such a document is lines not read,
    explain/readers/paste.py), whatever its words."""


class RenderError(KubesimError):
    """A Helm chart or kustomization that could not be rendered: no engine installed, or the
    engine failed (the message names the command and what it wrote on stderr)."""


class ClusterError(KubesimError):
    """A live cluster (`kubesim explain pod/NAME`, `kubesim check --cluster`) that could not be
    read: the API server unreachable, the credentials refused, a verb the Role does not grant,
    or the object asked for not there."""
