"""A live pod's story as the records `kubesim explain` reads: the same reader as a pasted
`kubectl get pod -o json` plus `kubectl get events -o json`, so both sources give one answer."""

from __future__ import annotations

from kubesim.cluster.read import PodStory, events_document, pod_document
from kubesim.explain.readers.model import Note, RecordSet, Where
from kubesim.explain.readers.read import parse_record

__all__ = ["story_records"]


def story_records(story: PodStory) -> list[RecordSet]:
    """The story read as records (the pod; its events when it has any), with its owner
    chain and the caps reached as notes on the pod's."""
    where = Where(f"pod/{story.name} (namespace {story.namespace}, live)")
    pod = parse_record(pod_document(story), where.source)
    if story.owners:
        chain = " <- ".join(f"{o.kind} {o.name}" for o in story.owners)
        pod.notes.append(Note(f"read from the cluster: pod {story.name} <- {chain}", where,
                              uncertain=False))
    for text in story.notes:
        pod.notes.append(Note(text, where, uncertain=True))
    events = events_document(story)
    if events is None:
        return [pod]
    return [pod, parse_record(events, f"events of pod/{story.name} (namespace "
                                      f"{story.namespace}, live)")]
