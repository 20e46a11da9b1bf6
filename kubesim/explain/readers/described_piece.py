"""A describe's container fragment naming no pod, pasted before the describe of the record's one
pod: that pod's, where the pod can hold it.

The describe reader keeps lines naming no pod above a describe's `Name:` apart from that pod
(kubectl prints Name first: `describe.place_apart`). Where the record shows no other pod, the
fragment is still about some pod, and the only one it can be about is the described one: the
corpus README's rule of container sections naming no pod beside a `get pods` table (the lead's
rule of stop 48) gives them to the one pod of the table that can hold them, and the same test
is applied here with the describe's pod (fontbakery-dashboard-100: a `Last State` fragment,
then `kf describe pod fontbakery-worker-...` cut at its Node). The pod can hold the fragment
where its containers are not in the record (its describe cut before them), or where it shows
one container (the fragment names none) or every container the fragment names, and a
container that restarted when the fragment shows an ended instance (R4.7). Events and
Conditions naming no pod stay as `place_apart` reads them.
"""

from __future__ import annotations

from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord

__all__ = ["described_owner"]


def described_owner(piece: PodRecord, named: list[PodRecord]) -> PodRecord | None:
    """The pod a fragment kept apart from a describe's pod is after all (see the module), or
    None; said in a note of that pod, the fragment's note of another pod taken back."""
    if piece.apart_from is None or len(named) != 1 or piece.events or piece.conditions \
            or not piece.containers:
        return None
    pod = named[0]
    if pod.name != piece.apart_from or "describe" not in pod.formats or \
            "describe" not in piece.formats or not _holds(pod, piece.containers):
        return None
    lines = [c.where.line for c in piece.containers if c.where.line is not None]
    span = f"line {min(lines)}" if len(set(lines)) == 1 else f"lines {min(lines)}-{max(lines)}"
    piece.notes[:] = [n for n in piece.notes if "so they are another pod's" not in n.text]
    pod.notes.append(Note(
        f"inferred (the record does not say it): the container fields at {span} name no pod and "
        f"come before the describe of {pod.name}, and the record shows no other pod; "
        f"{pod.name} can hold them ({_why(pod)}): read as its", piece.where))
    return pod


def _holds(pod: PodRecord, fragment: list[ContainerRecord]) -> bool:
    """Whether the described pod can hold the fragment's container sections (the test of the
    README's rule for a `get pods` table's pods, with what a describe shows of them)."""
    own = [c for c in pod.containers if not c.init]
    if not own:
        return True  # its containers are not in the record: nothing rules them out
    names = {c.name for c in own}
    if any(c.name is None for c in fragment) and (len(own) != 1 or len(fragment) != 1):
        return False  # a nameless section is the one container of a pod of one
    if any(c.name is not None and c.name not in names for c in fragment):
        return False
    ended = any(c.last is not None or (c.restart_count or 0) > 0 for c in fragment)
    return not ended or any(
        c.last is not None or (c.restart_count or 0) > 0 or c.state_reason == "CrashLoopBackOff"
        or c.restart_count is None for c in own)


def _why(pod: PodRecord) -> str:
    if not [c for c in pod.containers if not c.init]:
        return "its describe ends before its containers, so none is ruled out"
    return "its containers shown include theirs, and one restarted where they show an end"
