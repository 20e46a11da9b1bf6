"""`kubesim explain`: from what the cluster recorded to why it happened.

`readers/` is the parsing edge (describe text, pod and event documents, `kubectl get events`
tables, Prometheus exports) and returns plain records; `engine.explain(records, options)`
reconstructs what happened, replays it through the kubelet model and returns an
`Explanation` (plain data); `kubesim.render.explain_formats` prints it. Nothing here prints.
"""

from __future__ import annotations

__all__: list[str] = []
