"""An author's cuts in a paste (README's counting rules, the author's cut): a line of only a
cut's mark (`...`, `…`, `[...]`, `(...)`, `<SNIP>`, `... snip`, `-- snip --`) is one rule of
`normalise`, said once (`cut: line N (MARK)`), and cuts what is on either side of it: rows of
an event table (the rows beside it not whole), or describe's fields above an `Events:` header
(the table under it whole from its first row). A probe's output that stops inside one of Go's
errors is a row cut there, whatever lines follow it. The corpus records rancher-44649,
linkerd2-7233, k8s-11140 and claudie-268 in small, with other names, numbers and marks."""

from __future__ import annotations

import re

import pytest
from helpers import explained_answer
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim.explain.messages import cut_short
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.event_rows import cut_in_error
from kubesim.explain.readers.model import RecordSet
from kubesim.explain.readers.normalise import LineKind, normalise
from kubesim.explain.readers.read import parse_record

# every form of a cut's mark; the corpus shows `...`, `......`, `<SNIP>` and `... snip`
MARKS = ("...", "......", "…", "[...]", "(...)", "[…]", "( … )", "<SNIP>", "<snip>", "< snipped >",
         "[snip]", "(snip)", "-- snip --", "--- SNIP ---", "... snip", "...snip...", "snip",
         "snipped", "snip ...", "… snip …")


@settings(max_examples=60, deadline=None)
@given(mark=st.sampled_from(MARKS), indent=st.sampled_from(["", "  ", "    ", "\t"]),
       trail=st.sampled_from(["", " ", "\t"]))
def test_a_line_of_only_a_cut_mark_is_a_cut_with_its_mark(mark: str, indent: str,
                                                         trail: str) -> None:
    lines = normalise(f"Events:\n{indent}{mark}{trail}\n")
    assert [x.kind for x in lines] == [LineKind.CONTENT, LineKind.CUT]
    assert lines[1].mark.strip() == mark


@pytest.mark.parametrize("line", [
    "  Warning  BackOff  3m (x9 over 20m)  kubelet  Back-off restarting failed container...",
    "Liveness probe failed: ...",
    "    Command:  sh -c sleep 5 ... ",
    "snippet of the log",
    "snip: a key",
    "... and the rest",
    "----",
])
def test_an_ellipsis_or_snip_inside_a_line_is_no_cut(line: str) -> None:
    assert normalise(line + "\n")[0].kind is not LineKind.CUT


_BLOCK = """\
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Mon, 03 Jun 2024 09:14:02 +0000
      Finished:     Mon, 03 Jun 2024 09:14:51 +0000
    Ready:          False
    Restart Count:  11
    Liveness:       http-get http://:7070/healthz delay=15s timeout=2s period=10s #success=1 #failure=3
    Readiness:      http-get http://:7070/ready delay=0s timeout=2s period=5s #success=1 #failure=4
"""
_HEADER = """\
Events:
  Type     Reason     Age                  From     Message
  ----     ------     ----                 ----     -------
"""
_ROWS = [
    '  Warning  Unhealthy  31m (x12 over 58m)   kubelet  Readiness probe failed: Get '
    '"http://10.4.7.19:7070/ready": dial tcp 10.4.7.19:7070: connect: connection refused\n',
    "  Normal   Pulled     9m (x12 over 58m)    kubelet  Container image "
    '"registry.example/api:2.3" already present on machine\n',
    "  Warning  BackOff    2m11s (x201 over 55m)  kubelet  Back-off restarting failed container\n",
]


def _paste(cut_at: str, mark: str) -> str:
    """The describe piece with a cut line: `fields` between the container's fields and the
    Events header, `header` under the table's header, `rows` between two rows, `end` after
    the last row, `headless` in place of the header (rows under it without one)."""
    cut = f"{mark}\n"
    parts = {
        "fields": [_BLOCK, "\n", cut, "\n", _HEADER, *_ROWS],
        "header": [_BLOCK, _HEADER, cut, *_ROWS],
        "rows": [_BLOCK, _HEADER, _ROWS[0], cut, *_ROWS[1:]],
        "end": [_BLOCK, _HEADER, *_ROWS, cut],
        "headless": [_BLOCK, cut, *_ROWS],
    }[cut_at]
    return "```\n" + "".join(parts) + "```\n"


def _cut_line(text: str, mark: str) -> int:
    return next(i for i, x in enumerate(text.split("\n"), 1) if x == mark)


def _notes(found: RecordSet) -> list[str]:
    return [n.text for n in [*found.notes, *(n for p in found.pods for n in p.notes)]]


def _cut_notes(found: RecordSet) -> list[str]:
    return [n for n in _notes(found) if n.startswith("cut: ")]


@pytest.mark.parametrize("cut_at", ["fields", "header", "rows", "end", "headless"])
@pytest.mark.parametrize("mark", ["...", "… snip", "[...]", "<SNIP>"])
def test_a_cut_is_said_once_with_its_line_and_mark(cut_at: str, mark: str) -> None:
    """One note names the cut's line, whoever reads what is beside it (the rows say what
    the cut leaves out of them: k8s-11140's `<SNIP>` rows were said twice)."""
    text = _paste(cut_at, mark)
    line = _cut_line(text, mark)
    said = [n for n in _notes(parse_record(text, "p.txt")) if re.search(rf"\bline {line}\b", n)]
    assert len(said) == 1
    assert said[0].startswith(f"cut: line {line} (`{mark}`)")


@pytest.mark.parametrize("mark", ["...", "... snip", "(...)"])
def test_a_cut_above_the_events_header_leaves_the_table_whole(mark: str) -> None:
    """Describe prints the pod's events whole under its header: a cut above the header hides
    describe's fields (other containers, Conditions, Volumes), no row."""
    found = parse_record(_paste("fields", mark), "p.txt")
    events = [e for p in found.pods for e in p.events]
    assert len(events) == len(_ROWS)
    assert not any(e.cut_before or e.cut_after or e.truncated for e in events)


@pytest.mark.parametrize(("cut_at", "side"), [
    ("header", "cut_before"), ("rows", "cut_before"), ("end", "cut_after"),
    ("headless", "cut_before")])
def test_a_cut_among_rows_leaves_the_rows_beside_it_not_whole(cut_at: str, side: str) -> None:
    found = parse_record(_paste(cut_at, "[snip]"), "p.txt")
    events = [e for p in found.pods for e in p.events]
    assert any(getattr(e, side) for e in events)


def test_the_app_s_exit_with_the_table_whole_rules_probe_kills_out() -> None:
    """linkerd2-7233 in small: a cut above the Events header, Last State Completed exit 0,
    11 restarts, a liveness probe and no liveness failure in the table, none cut (README's
    back-off rule: the table would hold a liveness failure's row), its rows short of the
    event recorder's burst (3 + 12 + 9 of the kubelet's occurrences, R4.43)."""
    rows = [_ROWS[0].replace("(x12 over 58m)", "(x3 over 58m)"), _ROWS[1],
            _ROWS[2].replace("(x201 over 55m)", "(x9 over 55m)")]
    text = "```\n" + "".join([_BLOCK, "\n", "... snip\n", "\n", _HEADER, *rows]) + "```\n"
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.APP_EXIT, CountRange(0, 0))


def test_the_app_s_exit_past_the_burst_leaves_the_restarts_to_their_count() -> None:
    """The same container beside rows past the recorder's burst (225 occurrences): a liveness
    failure the spam filter dropped leaves no trace when no later occurrence of its row is
    written (R4.43), so no liveness row shown proves none of the 11 restarts a kill; the
    restart count, the container's status, bounds them, the waiting one's end too (R4.7):
    {0, 12} (burst53: it read app-exit {0, 0})."""
    a = explained_answer(_paste("fields", "... snip"))
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 12))


@pytest.mark.parametrize("cut_at", ["header", "rows", "end", "headless"])
@pytest.mark.parametrize("mark", ["... snip", "..."])
def test_rows_cut_away_leave_the_app_s_exit_open_to_its_restart_count(cut_at: str,
                                                                      mark: str) -> None:
    """The same container with rows cut away: they may hold a liveness failure and its kill
    (the last container ran 49 s, past the earliest kill, 15 + 2 x 10 s; exit code 0 is also a
    SIGTERM's), so the kills are open to the waiting container's count plus one (R4.7)."""
    a = explained_answer(_paste(cut_at, mark))
    assert a.cause is Cause.CANNOT_TELL
    assert a.probe_kills == CountRange(0, 12)


# an HTTP probe's output cut inside Go's error, and the same error whole
_CUT_ERRORS = [
    'Get "http://10.1.2.3:8080/healthz": context deadline',
    'Get "http://10.1.2.3:8080/healthz": context deadline exc',
    'Get "http://10.1.2.3:8080/healthz": context deadline exceeded (Client.Timeout exceeded while',
    'Get "http://10.1.2.3:8080/healthz": dial tcp 10.1.2.3:8080: connect: connection refu',
    'Get "http://10.1.2.3:8080/healthz": dial tcp 10.1.2.3:8080: connect',
    'Get "http://[fd00::4]:81/ready": net/http: request canceled (Client.Tim',
    "dial tcp 10.9.0.7:5432: i/o tim",
]
_WHOLE_ERRORS = [
    'Get "http://10.1.2.3:8080/healthz": context deadline exceeded',
    'Get "http://10.1.2.3:8080/healthz": context deadline exceeded (Client.Timeout exceeded '
    'while awaiting headers)',
    'Get "http://10.1.2.3:8080/healthz": dial tcp 10.1.2.3:8080: connect: connection refused',
    "dial tcp 10.9.0.7:5432: i/o timeout",
    "HTTP probe failed with statuscode: 503",
    # an exec probe's output is the command's own words
    "timeout: context deadline",
    "pg_isready: connection ref",
]


@pytest.mark.parametrize("output", _CUT_ERRORS)
def test_a_probe_output_stopping_inside_go_s_error_is_cut(output: str) -> None:
    assert cut_in_error(f"Readiness probe failed: {output}") is not None
    assert cut_short(f"Liveness probe failed: {output}")


@pytest.mark.parametrize("output", _WHOLE_ERRORS)
def test_a_probe_output_ending_in_a_whole_error_is_not_cut(output: str) -> None:
    assert cut_in_error(f"Liveness probe failed: {output}") is None
    assert not cut_short(f"Liveness probe failed: {output}")


@pytest.mark.parametrize("output", _CUT_ERRORS[:4])
@pytest.mark.parametrize("after", ["```\n", "\nmore prose after the block\n", ""])
def test_a_row_cut_inside_go_s_error_is_cut_whatever_lines_follow(output: str,
                                                                   after: str) -> None:
    """rancher-44649 in small: its last row cut in `context deadline`, a line break and a
    closing fence after it (the file ending without a line break was the only sign read)."""
    text = (_HEADER + "  Warning  Unhealthy  7m (x3 over 9m)  kubelet  Readiness probe failed: "
            f"{output}\n" + after)
    found = parse_record(text, "p.txt")
    events = [e for p in found.pods for e in p.events] + found.events
    assert len(events) == 1 and events[0].truncated
    notes = [n.text for n in [*found.notes, *(n for p in found.pods for n in p.notes)]]
    assert any("stops inside the prober's error" in n for n in notes)


_YAML = """\
$ kubectl get pod api-7c9 -o yaml
{above}status:
  containerStatuses:
  - name: api
    restartCount: 2
    state:
      running:
        startedAt: "2024-06-03T09:14:02Z"
...
$ kubectl get pod api-7c9
"""


def test_a_yaml_document_s_end_marker_is_no_cut() -> None:
    text = _YAML.format(above="")
    assert _cut_notes(parse_record(text, "p.txt")) == []
    cut = _YAML.format(above="...\n")  # above the status: the pod's metadata and spec cut
    assert _cut_notes(parse_record(cut, "p.txt")) == [
        "cut: line 2 (`...`): the author left lines out there; what they held is not in the "
        "record"]


@pytest.mark.parametrize("mark", ["...", "[...]", "…", "<snip>", "(...)"])
def test_a_jq_object_s_elided_fields_are_left_out_by_any_mark(mark: str) -> None:
    """dailyhodoo-tistory-15 in small, another mark for its `...`: the object a `jq` filter
    printed, its elided fields left out by the one rule of the author's cut."""
    text = ("kubectl get pod worker-5d8 -o json | jq '.status.containerStatuses[].lastState"
            f".terminated'\n{{\n\"reason\": \"Error\",\n\"exitCode\": 2,\n{mark}\n}}\n")
    last = parse_record(text, "p.txt").pods[0].containers[0].last
    assert last is not None and (last.reason, last.exit_code) == ("Error", 2)
