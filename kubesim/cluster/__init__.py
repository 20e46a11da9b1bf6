"""Reading a live cluster, read-only: a pod's story (`kubesim explain pod/NAME`) and the
workloads of namespaces (`kubesim check --cluster`), through kubectl's credentials
(`access`), paged and capped (`read`), handed to the same readers as pasted records
(`records`). Nothing here interprets what it reads."""

from __future__ import annotations

__all__: list[str] = []
