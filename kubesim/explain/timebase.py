"""One time axis for a record whose times come in two forms: ages (describe's and `kubectl
get events`' columns, relative to the moment the command ran, which the record does not
say) and absolute timestamps (documents; describe's container Started/Finished).

Axis zero is that moment when the record has ages: an age `A` lies at `-A`. It is the newest
timestamp when the record has only timestamps. `--now` pins zero to a given time. When a
record has both forms and no `--now`, zero is estimated from pairs that name one instant:
the last `Started` event of a container and its running state's startedAt, and the first
`Scheduled` event and the pod's Start Time; the estimate's spread becomes the precision of
every absolute time placed on the axis. Pairs that disagree beyond their precision are
clock skew (or records from different moments), reported as a finding.
"""

from __future__ import annotations

from dataclasses import dataclass

from kubesim.explain.messages import started_container
from kubesim.explain.model import UNKNOWN_WHEN, Confidence, Evidence, Finding, Level, When
from kubesim.explain.readers.model import PodRecord, Stamp, StampKind, is_logged
from kubesim.explain.readers.times import utc_text

__all__ = ["Timebase", "timebase"]

STARTED_SLACK = 2.0  # a Started event is recorded within about a second of startedAt
SCHEDULED_SLACK = 10.0  # the pod's startTime is set when the kubelet first sees it


@dataclass
class Timebase:
    """Converts the record's stamps to `When`s on one axis."""

    zero: float | None  # epoch seconds of axis zero, when known (or estimated)
    spread: float  # how far off `zero` may be, in seconds (0 when given)
    basis: str
    ages: bool  # the record's times include ages
    # axis 0 is the last line of the kubelet's log (klog.placed), not the moment the record
    # was taken: the record does not end there, nothing is known of what came after it
    log: bool = False

    def of(self, stamp: Stamp) -> When:
        if stamp.kind is StampKind.AGE:
            assert stamp.age_lo is not None and stamp.age_hi is not None
            return When(-stamp.age_hi, -stamp.age_lo, Confidence.RELATIVE)
        if stamp.kind is StampKind.ABSOLUTE:
            assert stamp.at is not None
            if self.zero is None:
                return When(None, None, Confidence.EXACT, stamp.at)
            t = stamp.at - self.zero
            confidence = Confidence.EXACT if self.spread == 0 else Confidence.RELATIVE
            return When(t - self.spread, t + self.spread, confidence, stamp.at)
        return UNKNOWN_WHEN

    def to_data(self) -> dict[str, object]:
        return {"zero": utc_text(self.zero) if self.zero is not None else None,
                "spread_seconds": round(self.spread, 3), "basis": self.basis,
                "ages": self.ages}


def _stamps(pod: PodRecord) -> list[Stamp]:
    out = [pod.start_time]
    for e in pod.events:
        out += [e.first, e.last]
    for c in pod.containers:
        out.append(c.running_since)
        for t in (c.terminated, c.last):
            if t is not None:
                out += [t.started, t.finished]
    out += [c.last_transition for c in pod.conditions]
    out += [Stamp(StampKind.ABSOLUTE, at=t) for x in pod.series for t, _ in x.samples[-1:]]
    return [s for s in out if s.known]


def timebase(pod: PodRecord, now: float | None) -> tuple[Timebase, list[Finding]]:
    """The axis for `pod`'s record, and findings about its clocks."""
    stamps = _stamps(pod)
    ages = any(s.kind is StampKind.AGE for s in stamps)
    absolute = [s.at for s in stamps if s.kind is StampKind.ABSOLUTE and s.at is not None]
    findings = _invalid_ages(pod)
    if now is not None:
        return Timebase(now, 0.0, "the time given with --now", ages), findings
    if not ages:
        if not absolute:
            return Timebase(None, 0.0, "the record has no times", False), findings
        newest = max(absolute)
        return Timebase(newest, 0.0, f"the newest timestamp in the record ({utc_text(newest)})",
                        False), findings
    if not absolute and pod.events and all(is_logged(e) for e in pod.events):
        return Timebase(None, 0.0, "the kubelet log's last line (klog prints no year: its "
                        "times are read as seconds before that line)", True, log=True), findings
    if not absolute:
        return Timebase(None, 0.0, "the moment the record was taken (its times are ages)",
                        True), findings
    estimate, more = _estimate(pod)
    findings += more
    if estimate is None:
        findings.append(Finding(Level.UNCERTAIN, "the record mixes ages and timestamps and nothing "
                                "ties them together: give --now (when the record was taken) to "
                                "place the container times among the events"))
        return Timebase(None, 0.0, "the moment the record was taken (its times are ages); "
                        "the absolute times are not placed", True), findings
    lo, hi, why = estimate
    return Timebase((lo + hi) / 2, (hi - lo) / 2, f"estimated from {why}", True), findings


def _invalid_ages(pod: PodRecord) -> list[Finding]:
    groups = (
        ([e for e in pod.events if "<invalid>" in (e.first.text, e.last.text)],
         ("show the age <invalid>: their time lies in the future of the clock that printed "
          "the record (clock skew between the API server and the machine that ran kubectl); "
          "their times are unknown")),
        ([e for e in pod.events if _before(e.last, e.first)],
         ("were last seen before they were first seen: the clocks that stamped them disagree "
          "(clock skew between kubelets, or an event updated by another node); their spans "
          "are uncertain")),
    )
    return [Finding(Level.WARNING, f"{len(events)} event(s) {what}",
                    tuple(Evidence(str(e.where), e.reason) for e in events[:3]))
            for events, what in groups if events]


def _before(a: Stamp, b: Stamp) -> bool:
    """Whether `a` is surely earlier than `b` (by more than their precision)."""
    if a.kind is StampKind.ABSOLUTE and b.kind is StampKind.ABSOLUTE:
        assert a.at is not None and b.at is not None
        return a.at < b.at - 1.0
    if a.kind is StampKind.AGE and b.kind is StampKind.AGE:
        assert a.age_lo is not None and b.age_hi is not None
        return a.age_lo > b.age_hi  # an older last than first
    return False


def _estimate(pod: PodRecord) -> tuple[tuple[float, float, str] | None, list[Finding]]:
    """Intervals for the epoch of the record's moment, from pairs naming one instant."""
    pairs: list[tuple[float, float, str]] = []
    names = {c.name for c in pod.containers}
    single = len(pod.containers) == 1
    for c in pod.containers:
        if c.running_since.kind is not StampKind.ABSOLUTE or c.running_since.at is None:
            continue
        started = [e for e in pod.events if e.reason == "Started" and e.last.kind is
                   StampKind.AGE and (started_container(e.message) == c.name or (
                       single and started_container(e.message) not in names - {c.name}))]
        for e in started[-1:]:
            assert e.last.age_lo is not None and e.last.age_hi is not None
            at = c.running_since.at
            pairs.append((at + e.last.age_lo - 1.0, at + e.last.age_hi + STARTED_SLACK,
                          (f"the last Started event ({e.last.text} ago) and the container's "
                          f"start ({c.running_since.text})")))
    scheduled = [e for e in pod.events if e.reason == "Scheduled" and e.first.kind is
                 StampKind.AGE]
    if pod.start_time.kind is StampKind.ABSOLUTE and pod.start_time.at is not None and scheduled:
        e = scheduled[0]
        assert e.first.age_lo is not None and e.first.age_hi is not None
        at = pod.start_time.at
        pairs.append((at + e.first.age_lo - SCHEDULED_SLACK, at + e.first.age_hi + SCHEDULED_SLACK,
                      (f"the Scheduled event ({e.first.text} ago) and the pod's Start Time "
                      f"({pod.start_time.text})")))
    if not pairs:
        return None, []
    lo, hi = max(p[0] for p in pairs), min(p[1] for p in pairs)
    if lo <= hi:
        return (lo, hi, "; ".join(p[2] for p in pairs)), []
    best = pairs[0]
    finding = Finding(Level.WARNING, "the record's times disagree beyond their precision (clock "
                      "skew, or parts taken at different moments): " + "; ".join(
                          p[2] for p in pairs) + f"; the axis follows {best[2]}")
    return best, [finding]
