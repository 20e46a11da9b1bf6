"""A container of the pod the record does not show, told by the pod's ContainersReady condition.

The kubelet sets the pod's ContainersReady condition False exactly where some container of the
pod is not ready, and lists each such container in its message (GenerateContainersReadyCondition
in pkg/kubelet/status/generate.go; the README's rule of a container's fields shown without its
name, fixobj38). A record that starts inside a container's fields (their name cut away above
them: the containers before them are cut away too) and shows ContainersReady False while every
container it shows is `Ready: True` holds a container it does not show, not ready: its state,
restarts, probes and kills are not in the record, so the four facts are the pod's and its kills
are open (tests/data/explain/real/README.md, the rule of a container the record does not show,
stop 59, fx59c). A record that names every container it shows, a container shown not ready (it
may be the one the condition lists) and a pod Ready False with ContainersReady True (a readiness
gate) show none.
"""

from __future__ import annotations

from kubesim.explain.readers.model import PodRecord

__all__ = ["UNSEEN", "UNSEEN_WHY", "unseen_unready"]

# what the pod holds (`unseen_unready`), and why the record says so (the engine's finding)
UNSEEN = ("a container the record does not show is not ready, its state, restarts and kills "
          "cut away above the record")
UNSEEN_WHY = ("the pod's ContainersReady condition is False while every container the record "
              "shows is Ready (the kubelet lists each container not ready there, "
              "pkg/kubelet/status/generate.go), and the record starts inside a container's "
              "fields, the containers above them cut away")


def unseen_unready(pod: PodRecord) -> str:
    """Why the pod has a container the record does not show, not ready (`UNSEEN`), "" where
    the record shows none such: see the module's docstring."""
    if not any(c.name is None for c in pod.containers):
        return ""  # (a record naming every container it shows cut none of them away)
    if any(c.ready is not True for c in pod.containers):
        return ""
    ready = [c for c in pod.conditions if c.type == "ContainersReady"]
    return UNSEEN if ready and all(c.status == "False" for c in ready) else ""
