"""fixpieces61 (issue 30, held-out batches 59-61): pieces of a record explain missed.

1. failureThreshold 1 (argo-tunnel-examples-18): every liveness or startup failure is a run
   of its own that reaches the threshold (R1.17), so one failure of a probe whose settings
   the record gives is a kill, inferred (README: failures in a row show a kill), whatever the
   rows' times; `timing.most_kills` counts them. A higher threshold, a readiness probe, a
   restart count of 0 or a threshold the record does not give leave the rules as they were.
2. A unified diff of a manifest (spire-tutorials-10): its context and `-` lines are the old
   side (what ran), its `+` lines the fix, not read (readers/unified_diff.py). A YAML list,
   `+`/`-` lines with no diff header or no hunk, are no diff.
3. JSON members whole on one line (projectbluefin-lab-598): `"terminated":{...}` is a piece of
   a container's status pasted from its middle, read as the YAML piece is
   (readers/json_member.py); a member whose value is a string, or prose quoting a key, is not.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.json_member import whole_member
from kubesim.explain.readers.unified_diff import old_side
from kubesim.results import ProbeType

_PROBE = """        livenessProbe:
          httpGet:
            path: /ready
            port: 2000
          failureThreshold: {f}
          initialDelaySeconds: 10
          periodSeconds: 10
"""
_FAILED = ('Liveness probe failed: Get "http://10.244.4.35:2000/ready": dial tcp '
           "10.244.4.35:2000: connect: connection refused\n")


def _answer(text: str) -> tuple[Cause, CountRange, tuple[ProbeType, ...]]:
    a = explained_answer(text)
    return a.cause, a.probe_kills, a.failed


@pytest.mark.parametrize("text, kills", [
    ("Using these settings\n\n" + _PROBE.format(f=1) + "\nMy tunnel shuts down:\n" + _FAILED,
     CountRange(1, None)),
    (_PROBE.format(f=1) + "\n" + _FAILED + _FAILED, CountRange(2, None)),
    (_PROBE.format(f=1).replace("livenessProbe", "startupProbe") + "\n"
     + _FAILED.replace("Liveness", "Startup"), CountRange(1, None)),
])
def test_one_failure_at_failure_threshold_1_is_a_kill(text: str, kills: CountRange) -> None:
    """R1.17, R4.4: at failureThreshold 1 the worker writes Failure at the first failure and
    the kubelet kills the container on the sync that result triggers."""
    cause, got, _ = _answer(text)
    assert cause in (Cause.LIVENESS_KILL, Cause.STARTUP_KILL)
    assert got == kills


@pytest.mark.parametrize("text, cause", [
    # a run of 2 is not shown by one failure
    (_PROBE.format(f=2) + "\n" + _FAILED, Cause.CANNOT_TELL),
    # a readiness probe kills nothing (R1.17, R3.4)
    (_PROBE.format(f=1).replace("liveness", "readiness") + "\n"
     + _FAILED.replace("Liveness", "Readiness"), Cause.READINESS_ONLY),
    # no settings: failureThreshold is the API's default, 3
    ("My tunnel shuts down:\n" + _FAILED, Cause.CANNOT_TELL),
    # a question about the setting: no failure in the record
    (_PROBE.format(f=1) + "\nWould a liveness probe failure kill it at once?\n",
     Cause.CANNOT_TELL),
])
def test_threshold_1_rule_leaves_others_alone(text: str, cause: Cause) -> None:
    assert _answer(text)[0] is cause


_DESCRIBE = """Name:         tunnel-5d8f7c-abcde
Namespace:    default
Status:       Running
Containers:
  cloudflared:
    Image:          cloudflare/cloudflared:2022.2.1
    State:          Running
      Started:      Mon, 01 Jan 2024 10:00:00 +0000
    Ready:          True
    Restart Count:  0
    Liveness:       http-get http://:2000/ready delay=10s timeout=1s period=10s #success=1 #failure=1
Events:
  Type     Reason     Age   From     Message
  ----     ------     ----  ----     -------
  Warning  Unhealthy  30s   kubelet  Liveness probe failed: Get "http://10.244.4.35:2000/ready": dial tcp 10.244.4.35:2000: connect: connection refused
"""


def test_threshold_1_kills_no_more_than_the_restart_count() -> None:
    # restartCount 0: a kill still under way has not restarted it (`_runs`): no kill counted
    cause, kills, _ = _answer(_DESCRIBE)
    assert (cause, kills) == (Cause.CANNOT_TELL, CountRange(0, 0))
    cause, kills, _ = _answer(_DESCRIBE.replace("Restart Count:  0", "Restart Count:  1"))
    assert (cause, kills.lo) == (Cause.LIVENESS_KILL, 1)


_DIFF = """The patch:

```
diff --git a/k8s/agent.yaml b/k8s/agent.yaml
index dc00a4d..ba7c874 100644
--- a/k8s/agent.yaml
+++ b/k8s/agent.yaml
@@ -42,7 +42,10 @@ spec:
           livenessProbe:
             exec:
               command:
-                - /bin/agent healthcheck -socketPath /run/agent.sock
+                - /bin/agent
+                - healthcheck
             failureThreshold: {f}
             initialDelaySeconds: 15
             periodSeconds: 60
```
"""
_ROW = ('  Warning  Unhealthy  5m46s (x11 over 15m)  kubelet  Liveness probe failed: OCI '
        'runtime exec failed: exec failed: "exec: \\"/bin/agent healthcheck\\": no such file '
        "or directory\": unknown\n")


def test_diff_old_side_is_the_probe_that_ran() -> None:
    cause, kills, failed = _answer("```\n" + _ROW + "```\n\n" + _DIFF.format(f=2))
    assert (cause, kills.lo, failed) == (Cause.LIVENESS_KILL, 5, (ProbeType.LIVENESS,))


def test_diff_new_side_is_not_read() -> None:
    # the fix changes the threshold: the old side's 3 ran, 11 failures make 3 kills
    text = _DIFF.format(f=3).replace("             failureThreshold: 3\n",
                                     "-            failureThreshold: 3\n"
                                     "+            failureThreshold: 2\n")
    cause, kills, _ = _answer("```\n" + _ROW + "```\n\n" + text)
    assert (cause, kills.lo) == (Cause.LIVENESS_KILL, 3)


@pytest.mark.parametrize("block", [
    # a YAML list is no diff
    ["- name: web", "  image: nginx", "- name: db"],
    # `+` and `-` lines without a file header
    ["@@ -1,2 +1,2 @@", "-a: 1", "+a: 2"],
    # a file header and no hunk
    ["diff --git a/x b/x", "index 1234567..89abcde 100644", "--- a/x", "+++ b/x"],
    # prose after the hunk: not a diff filling the block
    ["--- a/x", "+++ b/x", "@@ -1 +1 @@", "-a: 1", "+a: 2", "This fixed it for me."],
    # one line
    ["diff --git a/x b/x"],
])
def test_not_a_unified_diff(block: list[str]) -> None:
    assert old_side(block) is None


def test_unified_diff_old_side_keeps_numbering() -> None:
    block = ["--- a/x.yaml", "+++ b/x.yaml", "@@ -1,3 +1,3 @@", " a: 1", "-b: 2", "+b: 3",
             "\\ No newline at end of file"]
    assert old_side(block) == ["", "", "", "a: 1", "b: 2", "", ""]


_PROSE = "After the reboot `repo-server` sat in `CrashLoopBackOff`:\n\n```\n{}\n```\n"


@pytest.mark.parametrize("piece, kills", [
    ('"terminated":{"exitCode":137,"reason":"OOMKilled"}', CountRange(0, 0)),
    ('"lastState": {"terminated": {"exitCode": 137, "reason": "OOMKilled"}},',
     CountRange(0, 0)),
    ('"state": {"terminated": {"exitCode": 137, "reason": "OOMKilled"}}, "restartCount": 3',
     CountRange(0, 0)),
])
def test_json_member_on_one_line_is_a_status_piece(piece: str, kills: CountRange) -> None:
    cause, got, _ = _answer(_PROSE.format(piece))
    assert (cause, got) == (Cause.OOM_KILLED, kills)


@pytest.mark.parametrize("line", [
    '"reason": "OOMKilled"',  # a string's member: prose quotes those
    '"terminated" is the state the container ends in {exitCode}',
    '"terminated":{"exitCode":137,"reason":"OOMKilled"',  # not closed on the line
    'status: {"terminated": {}}',  # no key in quotes
    '{"terminated":{"exitCode":137}}',  # a whole document, not a member
])
def test_not_a_json_member_line(line: str) -> None:
    assert not whole_member(line)


def test_string_member_alone_is_not_a_record() -> None:
    with pytest.raises(RecordError):
        explained_answer(_PROSE.format('"reason": "OOMKilled"').replace(
            "`CrashLoopBackOff`", "trouble"))


@pytest.mark.parametrize("text", [
    "diff --git a/x b/x\n@@ -1 +1 @@\n " + "a" * 2_000_000 + "\n",
    "diff --git " + "a/x " * 500_000 + "\n",
    '"terminated":{"exitCode":' + "[" * 200_000 + "1" + "]" * 200_000 + "}\n",
    '"terminated":{"m":"' + "x" * 2_000_000 + '"}\n',
    "-" + " x" * 1_000_000 + "\n+" + " y" * 1_000_000 + "\n",
])
def test_one_pass_on_2_mb_lines(text: str) -> None:
    read_in_one_pass(text)


def test_diff_added_lines_are_said_not_read() -> None:
    from kubesim.explain.readers.read import parse_record

    text = "```\n" + _ROW + "```\n\n" + _DIFF.format(f=2)
    said = [n.text for n in parse_record(text, "r.txt").notes if "unified diff" in n.text]
    assert said == ["lines 8-21 are a unified diff: read as its old side (its context and `-` "
                    "lines, the manifest that ran); its added lines (lines 17-18, `+`: the "
                    "fix, which never ran) are not read"]
