"""What one record may hold (docs/explain.md, "Limits"): beyond these, explain stops with
exit code 2 naming the limit and the line where it was passed, before reading on.

One pod's record is small: the API server keeps an hour of events (`--event-ttl`) and the
event recorder folds repeats into one event with a count, so a pod has tens of events, not
thousands; a Prometheus range query returns at most 11,000 points a series. The limits leave
room far beyond that and keep explain's time and memory bounded (issue 28: 100,000 describe
rows took 33-84 s and 1.4 GB). Describe's rows, the get-events table's rows and event
documents count against the same limit.
"""

from __future__ import annotations

from kubesim.errors import RecordError

__all__ = ["MAX_EVENTS", "MAX_PODS", "MAX_SAMPLES", "check_events", "check_pods",
           "check_samples"]

MAX_EVENTS = 10_000  # event rows and event objects in one record, whatever their format
MAX_PODS = 1_000  # pods in one record (describe blocks and pod objects)
# prober_probe_total samples in one Prometheus export: a day of one container's nine series
# (three probes, three results) at a 15 s step is 51,840; the replay of a worst case (every
# step a failure) took 4.5 s at 50,000 samples and 52 s at 200,000
MAX_SAMPLES = 50_000


def check_events(count: int, source: str, line: int | None) -> None:
    """Exit 2 once a record holds more than MAX_EVENTS events."""
    if count > MAX_EVENTS:
        raise RecordError(f"holds more than {MAX_EVENTS:,} events (the limit of one record; "
                          "explain reads one pod's: kubectl get events --field-selector "
                          "involvedObject.name=POD)", source=source, line=line)


def check_pods(count: int, source: str, line: int | None) -> None:
    """Exit 2 once a record holds more than MAX_PODS pods."""
    if count > MAX_PODS:
        raise RecordError(f"holds more than {MAX_PODS:,} pods (the limit of one record)",
                          source=source, line=line)


def check_samples(count: int, source: str, field: str | None) -> None:
    """Exit 2 once a Prometheus export holds more than MAX_SAMPLES samples."""
    if count > MAX_SAMPLES:
        raise RecordError(f"holds more than {MAX_SAMPLES:,} samples (the limit of one record; "
                          "query one pod's prober_probe_total over a shorter range or a "
                          "longer step)", source=source, field=field)
