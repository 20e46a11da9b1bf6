"""How charts and kustomizations are rendered, as every command that reads manifests parses it:
kept apart from the render machinery (`engines`), so that a command given a plain file loads
none of it (the confined copies, the engines and the subprocess module load with the first
chart or kustomization).
"""

from __future__ import annotations

from dataclasses import dataclass

from kubesim.errors import UsageError

__all__ = ["DEFAULT_TIMEOUT", "HELM_ENGINES", "RenderOptions"]

DEFAULT_TIMEOUT = 60.0  # seconds per render
HELM_ENGINES = ("auto", "binary", "library")


@dataclass(frozen=True)
class RenderOptions:
    """How charts are rendered (`--values`, `--set`, ... of every command that reads
    manifests); kustomizations take only the bounds and `allow_network`."""

    values: tuple[str, ...] = ()  # --values FILE, in order (later files win)
    set_values: tuple[str, ...] = ()  # --set K=V, in order, after the files
    set_strings: tuple[str, ...] = ()  # --set-string K=V
    release_name: str | None = None  # None: the chart's name (Chart.yaml `name`)
    namespace: str = "default"
    kube_version: str | None = None  # .Capabilities.KubeVersion (None: DEFAULT_KUBE_VERSION)
    helm_engine: str = "auto"  # auto: the helm program if found, else the library
    timeout: float = DEFAULT_TIMEOUT
    allow_network: bool = False  # helm --dependency-update; kustomize remote bases

    def __post_init__(self) -> None:
        if self.helm_engine not in HELM_ENGINES:
            raise UsageError(f"--helm-engine {self.helm_engine!r}: one of "
                             f"{', '.join(HELM_ENGINES)}")
        if not 0 < self.timeout <= 3600:
            raise UsageError(f"--render-timeout {self.timeout:g}: seconds, more than 0 and at "
                             "most 3600")
        if self.kube_version is not None:  # a UsageError for anything but a version
            from kubesim.spec.sources.helm_rules import kube_version  # Helm's rules: given
            kube_version(self.kube_version)
