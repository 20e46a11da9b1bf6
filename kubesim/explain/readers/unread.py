"""`not read` notes: the lines of a record no reader took, said by their numbers.

Every reader that reads a record line by line (the paste's, and those of a page with no layout
kubectl prints) says what it left unread this one way; a pass that reads a line after them
(`stated_pod_oom.unlist_line`) splits a note with it. Apart from `paste.py`, so that the passes
every record runs do not import the paste's readers (`text.py`).
"""

from __future__ import annotations

from kubesim.explain.readers.model import Note, NoteKind, Where
from kubesim.explain.readers.normalise import PasteLine
from kubesim.explain.readers.probe_line import parse_probe_line

__all__ = ["MAX_UNREAD_NOTES", "unread_notes"]

MAX_UNREAD_NOTES = 200  # "not read" notes listed one by one; the rest are counted in one

# apache-airflow-29031: `http-get http://:8641/health delay=10s ... #failure=5` pasted alone
_UNLABELLED = ("a probe's settings as describe prints them, without their label (Liveness:, "
               "Readiness: or Startup:): which probe they are, the record does not say")


def _unlabelled_probe(text: str) -> bool:
    """Whether a line is a describe probe line's value alone: a handler, then its settings."""
    value = text.strip()
    if not value.startswith(("http-get ", "tcp-socket ", "exec ", "grpc ")):
        return False
    try:
        parse_probe_line(value)
    except ValueError:  # (ProbeLineError is one)
        return False
    return True


def unread_notes(lines: list[PasteLine], source: str, why: str = "") -> list[Note]:
    """`not read: line N` (`lines N-M` for a run of them), each with the start of its text;
    after MAX_UNREAD_NOTES of them, one note counting the rest."""
    runs: list[list[PasteLine]] = []
    for line in lines:
        if runs and runs[-1][-1].number + 1 == line.number:
            runs[-1].append(line)
        else:
            runs.append([line])
    notes = []
    for run in runs[:MAX_UNREAD_NOTES]:
        a, b = run[0].number, run[-1].number
        span = f"line {a}" if a == b else f"lines {a}-{b}"
        excerpt = run[0].text.strip()[:60]
        why_run = why or (_UNLABELLED if a == b and _unlabelled_probe(run[0].text) else "")
        notes.append(Note(f"not read: {span}" + (f" ({why_run})" if why_run else "")
                          + (f": {excerpt}" if excerpt else ""), Where(source, a),
                          kind=NoteKind.NOT_READ))
    if len(runs) > MAX_UNREAD_NOTES:
        rest = runs[MAX_UNREAD_NOTES:]
        count = sum(len(r) for r in rest)
        notes.append(Note(f"not read: {count} more lines, from line {rest[0][0].number} to "
                          f"line {rest[-1][-1].number}", Where(source, rest[0][0].number),
                          kind=NoteKind.NOT_READ))
    return notes
