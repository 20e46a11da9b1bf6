"""A describe's `Last State:` shown without the container's State and Restart Count.

kubectl describe prints a container's State, Last State, Ready and Restart Count together
(describe.go, describeContainerState), Restart Count for every container, even at 0. A Last
State the record shows with neither its State nor its Restart Count is a piece of that block:
its count is cut away, not absent, so the one end it shows is at least one and bounds nothing
where nothing else in the record bounds the kills (the corpus README's counting rules: a cut
paste means at least once; a piece cut before its restart count bounds nothing,
contiv-install-326; fontbakery-dashboard-100's fragment; events beside it bound them as they
do, koti-dev-blog). A Last State beside the State that follows it (a grep of both,
akash-support-246) is left to the counting rules as it was.
"""

from __future__ import annotations

from kubesim.explain.readers.model import Note, RecordSet

__all__ = ["LAST_PIECE_OPEN", "fields_asked", "last_state_alone"]

# why such a piece's one end bounds nothing, as the answer says it (`diagnosis._inferred_most`)
LAST_PIECE_OPEN = ("the last state shown is a piece of the container's status (its state and "
                   "restart count, which describe and the API print beside it, are not in the "
                   "record): one end at least, and how many ended before it is not in the "
                   "record")


def last_state_alone(found: RecordSet) -> None:
    """Mark `last_piece` each container of the describe reader's `found` that shows a Last
    State and neither a State nor a Restart Count, said in a note."""
    for pod in found.pods:
        for c in pod.containers:
            if c.last is None or c.state is not None or c.terminated is not None or \
                    c.restart_count is not None or c.last_piece:
                continue
            c.last_piece = True
            where = c.last.where or c.where
            found.notes.append(Note(
                f"line {where.line}: a Last State shown without the container's State and "
                "Restart Count, which describe prints with it for every container: a piece of "
                "that block, its restart count not in the record", where))


def fields_asked(found: RecordSet) -> RecordSet:
    """A status put back from a jsonpath template's or a `jq` filter's output: the command
    printed the fields it asked for and no others, so a restart count not asked is no cut
    away count (a layout with no restart count at all, k8s-pr8200's rule: the one end it
    shows, at most one; grokdatum-crashloopbackoff-street-ops)."""
    for pod in found.pods:
        for c in pod.containers:
            c.last_piece = False
    return found
