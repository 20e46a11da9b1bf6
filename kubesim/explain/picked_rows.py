"""A `kubectl get events` row pasted without its table's header is a row picked out of its
table (the corpus README's rule written by the lead at stop 50, etcd-issues-5): kubectl prints
the header line above every table it prints (unless `--no-headers`, whose rows a paste without
its command line does not show whole either), so the header and the rows beside the picked
ones are not in the record. The rows are cut, as a table cut above or below them is, for every
rule that weighs cut rows (`View.rows_cut`; a `get pods` row's last restart's age beside them:
rocketchat-25481). Describe's Events rows without their header (no OBJECT cell) are read by
the describe rules as before."""

from __future__ import annotations

from kubesim.explain.readers.model import RecordedEvent


def picked_get_rows(events: list[RecordedEvent]) -> bool:
    """Whether the pod's events hold a `get events` row read with no column header above it
    (`RecordedEvent.no_header`) that names its object in an OBJECT cell (`pod/NAME`, which
    only `get events` prints, describe's Events table having none)."""
    return any(e.no_header and bool(e.object_kind) for e in events)
