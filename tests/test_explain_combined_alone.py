"""An event's message pasted alone after the event aggregator's prefix, `(combined from
similar events): ` (client-go's events_cache.go), or in double quotes around a message that
quotes its own detail (an exec probe's command): that message alone (actual-chat-3034)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

_ERRORED = ('Liveness probe errored: rpc error: code = Unknown desc = failed to exec in '
            'container: exec: "/bin/ps aux | grep app": stat /bin/ps aux | grep app: no such '
            'file or directory: unknown')


@pytest.mark.parametrize("text", [
    f'"(combined from similar events): {_ERRORED}"',
    f"(combined from similar events): {_ERRORED}",
    f'```\n"(combined from similar events): {_ERRORED}"\n```',
    f'"{_ERRORED}"',
])
def test_a_combined_or_quoted_prober_error_alone_is_that_message(text):
    """The aggregator's prefix stands before any message it merged; a quoted message's own
    quotes come after its `: `. A prober error never kills (R2.2, E4): {0, 0}."""
    a = explained_answer(text + "\n")
    assert (a.cause, set(a.failed), a.shows_failures, a.probe_kills) == (
        Cause.CANNOT_TELL, {ProbeType.LIVENESS}, True, CountRange(0, 0))


@pytest.mark.parametrize("text", [
    '"Liveness probe failed" or "Readiness probe failed"',  # two strings, a list
    '"Liveness probe failed" is what I see',
    "(combined from similar events): is the liveness probe failing?",
    "(combined from similar events):",
    '"(combined from similar events): why does this happen?"',
])
def test_other_combined_or_quoted_lines_stay_unread(text):
    try:
        record = parse_record(text + "\n", "r.txt")
    except RecordError:
        return
    assert not any(e.reason == "Unhealthy" for e in record.events)


@pytest.mark.parametrize("text", [
    '"(combined from similar events): ' + "Liveness probe errored: " * 90_000 + '"',
    '"' * 2_000_000 + "Liveness probe failed: x",
    "(combined from similar events): " * 60_000 + "Liveness probe failed: x",
    '"Liveness probe failed: ' + '"' * 2_000_000,
])
def test_a_combined_or_quoted_message_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's prefix, quotes and words."""
    read_in_one_pass(text + "\n")
