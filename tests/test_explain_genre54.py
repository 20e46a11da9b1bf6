"""A write-up of a diagnosis read by its sections (genre54, sections.py): pull-request and
issue descriptions in which an author diagnoses their own pods (held-out batches 114-115).

Each of the batches' records is paraphrased by the sentences that decide it, in another
author's words or under another heading's form (`**Root cause**`, `Diagnosis:`, `Cause 2:`,
a list introduced by its causes): read as the record's facts are. The same statements under a
heading of what the change does, how it was checked or what should happen (`## Fix`,
`## Testing`, `## Changes`, `## Checklist`, `## Expected behavior`) state no part of what
happened and stay unread, each said not read with its line."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.sections import Role, line_roles, set_aside, title_role
from kubesim.spec.model import ProbeType

REAL = Path(__file__).parent / "data" / "explain" / "real"

# ------------------------------------------------ the sections and their roles


@pytest.mark.parametrize(("title", "role"), [
    ("Problem", Role.SEEN), ("The Problem", Role.SEEN), ("Symptoms", Role.SEEN),
    ("What happened", Role.SEEN), ("Current behaviour", Role.SEEN), ("Logs", Role.SEEN),
    ("What happened + What you expected to happen", Role.SEEN),
    ("Unexpected behavior", Role.SEEN),
    ("Root cause", Role.WHY), ("Root cause analysis", Role.WHY), ("Why This Change", Role.WHY),
    ("Diagnosis", Role.WHY), ("Cause 2", Role.WHY), ("\U0001f50d Investigation", Role.WHY),
    ("Fix", Role.REMEDY), ("Solution", Role.REMEDY), ("Changes", Role.REMEDY),
    ("What this PR does", Role.REMEDY), ("Proposed changes", Role.REMEDY),
    ("Testing done", Role.CHECK), ("How to test", Role.CHECK), ("Test plan", Role.CHECK),
    ("Pre-Submission checklist", Role.CHECK), ("Verification", Role.CHECK),
    ("Expected behavior", Role.EXPECTATION),
    ("What", None), ("Notes", None), ("Type", None), ("What's changed?", None),
])
def test_a_heading_gives_its_section_a_role(title, role):
    """A heading's title gives its section the role of the words opening it."""
    assert title_role(title) is role


def test_the_forms_of_a_heading_and_of_a_label():
    """Markdown's headings, a bold line, a title with its colon alone, a label leading a
    paragraph (its paragraph), a bullet labelled before or after the change (its line), a
    list introduced by its causes (the list), a thematic break (the end of every section)."""
    lines = ["## Problem", "the pod crash-loops", "", "**Fix**", "raise the limit", "",
             "Root cause: the probe times out", "and it restarts", "", "after it",
             "## Testing", "- **Before (stock chart):** the pod crash-loops",
             "- After: no restarts", "Two causes we found:", "1. the probe", "2. the limit",
             "done", "---", "a note"]
    assert line_roles(lines) == [
        Role.SEEN, Role.SEEN, Role.SEEN, Role.REMEDY, Role.REMEDY, Role.REMEDY,
        Role.WHY, Role.WHY, Role.REMEDY, Role.REMEDY,
        Role.CHECK, Role.SEEN, Role.CHECK, Role.WHY, Role.WHY, Role.WHY, Role.CHECK, None, None]


def test_an_aside_keeps_a_tools_output():
    """Under an aside's heading only prose is set aside: a fenced block or a table's rows
    pasted there are shown, not stated (authors paste what they got under `Expected
    behavior`)."""
    text = ("**Expected behavior**\nI shouldn't get these restarts\n```\nEvents:\n  Type  Reason\n"
            "```\nNAME   READY   STATUS\nweb-0  0/1     CrashLoopBackOff\n")
    aside = set_aside(text)
    assert aside is not None and aside.numbers == {2}
    assert set_aside("## Problem\nthe pod restarts\n") is None


# ------------------------------------------------ paraphrases read as the records' facts

LIVENESS_KILL = (Cause.LIVENESS_KILL, CountRange(1, None), True, (ProbeType.LIVENESS,))


@pytest.mark.parametrize("text", [
    # nicolerenee-infra-2060: the liveness probe the agent of the kill in the diagnosis
    "**Root cause**\nThe liveness probe (`periodSeconds: 10`, `failureThreshold: 3`) kills the "
    "container 30s after start, before the first boot finishes.\n",
    "Diagnosis:\nliveness kills the bazarr container mid-startup every time it boots.\n",
    "Root cause: liveness kills the container 30s after start, before bazarr's first boot is "
    "done.\n",
    # hertzbeat-helm-chart-23: the second of the causes
    "**Cause 2:** The bare `livenessProbe` (tcpSocket 1157) kills the container ~30s after "
    "start, while the manager needs well over 30s to boot.\n",
    "Analysis:\nThe chart's bare livenessProbe kills the manager container about 30s after "
    "start with the k8s defaults.\n",
    "Two causes we reproduced on kind:\n\n1. The manager exits while postgres is not ready.\n"
    "2. The bare `livenessProbe` kills the container ~30s after start.\n",
    # digit-devops-4893: the pod's crash loop, the probe's kill its cause
    "Problem:\nThe studio-user-otp pod crash-loops because the liveness probe kills the "
    "container before Spring Boot starts.\n",
    # kube-agents-796: the kill at the third failure (its count of ends aside)
    "## Summary\nThe liveness probe kills the hindsight-api container at t=50s while it is "
    "still loading its models.\n",
])
def test_a_paraphrase_in_a_section_of_the_case_is_read(text):
    """The probe as the agent of the kill of the case's container, in the present of a
    section of what was seen or why (R4.4: a liveness failure kills): that probe's failure
    and at least one kill, no count."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == LIVENESS_KILL


# ------------------------------------------------ the same statements under an aside's heading


@pytest.mark.parametrize("text", [
    # jaeger-9243
    "## Fix\n- `otel-collector-agent-jv6v6`: `CrashLoopBackOff`, more than 1,150 restarts.\n"
    "- The previous container exited with code 2.\n",
    # aws-observability-helm-charts-351
    "## How to test\n1. Install the stock chart: the DaemonSet pod goes into CrashLoopBackOff.\n",
    # nicolerenee-infra-2060
    "## Fix\nThe liveness probe kills the container 30s after start, forever; a startup probe "
    "gates it.\n",
    # hertzbeat-helm-chart-23
    "## Testing\nOn kind with chart 1.7.3 the bare `livenessProbe` kills the container ~30s "
    "after start, so the pod never recovers.\n",
    # devantler-platform-1714
    "## Fix\n`homepage-5746b7679b-2k6v4` being restarted by its liveness probe \u2014 4 "
    "restarts: relax the timeout.\n",
    # osv-dev-5056
    "## Changes\nThe container was failing with exit code 137, indicating it was being "
    "terminated due to Out-Of-Memory issues.\n",
    # flux-kcl-controller-19
    "## Changes\nThe livenessProbe and readinessProbe failed due to the incorrect HTTP port "
    "and path.\n",
    # spica-1933
    "## Fix\nA load spike was enough to trip the liveness endpoint and get the container "
    "killed; liveness now tolerates ~180s.\n",
    # digit-devops-4893
    "## Proposed changes\nPod was crash-looping \u2014 liveness probe's tight defaults (30s "
    "initial delay) kill the container before Spring Boot finishes starting.\n",
    # config-db-2247
    "## Fix\nThe config-db container was terminated for exceeding its memory limit of 4Gi "
    "(OOMKilled); raise it to 6Gi.\n",
    # litellm-9998
    "## Checklist\n- [x] our litellm deployment keeps restarting because the pods fail "
    "readiness and liveness probes\n",
    # commonly-814
    "## Test plan\nThe liveness probe killed the litellm container three times.\n",
    # a bold heading and a label leading its paragraph
    "**Solution**\nThe liveness probe killed the api container three times.\n",
    "Fix: the api container was OOMKilled at 4Gi, so raise it.\n",
])
def test_a_statement_under_an_asides_heading_is_not_read(text):
    """What the change does, how it was checked, what should happen: no part of what
    happened; the page holds nothing else and is refused."""
    with pytest.raises(RecordError, match="not a record explain reads"):
        parse_record(text, "r.txt")


def test_an_asides_statement_beside_the_case_is_said_not_read():
    """nicolerenee-infra-2060: the Fix section's and the AI note's lines naming a probe are
    set aside and listed as not read, each by its line; the Diagnosis's kill is read."""
    [path] = REAL.glob("nicolerenee-infra-2060.*.txt")
    record = parse_record(path.read_text(encoding="utf-8"), "r.txt")
    said = [n.where.line for n in record.notes if "under a heading of what the change does"
            in n.text]
    assert 7 in said and all(n > 5 for n in said)
    a = explained_answer(path.read_text(encoding="utf-8"))
    assert (a.cause, a.failed) == (Cause.LIVENESS_KILL, (ProbeType.LIVENESS,))


# ------------------------------------------------ hostile input

_N = 2_000_000


@pytest.mark.parametrize("text", [
    "## Fix\n" + "x" * _N + "\n",
    "**" + "Root cause " * (_N // 11) + "**\n",
    "Root cause" + " word" * (_N // 5) + ":\n",
    "- **Before " + "(a) " * (_N // 4) + ":** the pod\n",
    "Before " + "this " * (_N // 5) + "change, it\n",
    "Two causes" + " a" * (_N // 2) + ":\n1. x\n",
    "- " * (_N // 2) + "\n",
    "## Testing\n" + "word " * (_N // 5) + "\n",
    "## Testing\n" + "a  b " * (_N // 5) + "\n",
    "## Checklist\n" + "- - -" * (_N // 5) + "x\n",
    "```" * (_N // 3) + "\n",
    "## Fix\n" + "Fix: " * (_N // 5) + "\n",
    "# " + "checklist " * (_N // 10) + "\n",
    "Symptoms:" * (_N // 9) + "\n",
    "## Fix\n" + "\U0001f41b" * (_N // 4) + "Fix\n",
])
def test_the_sections_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the headings' and labels' words."""
    read_in_one_pass(text)
    line_roles(text.split("\n"))
    set_aside(text)


@pytest.mark.parametrize("line", ["```", "Symptoms:", "## Fix", "- **Before:** x", "1. x",
                                  "Two causes:", "---", "Fix: it restarts"])
def test_the_sections_of_many_lines_in_one_pass(line):
    """Hostile input: 2 MB of short lines, each line's role found once (no line weighed
    again for each line below it)."""
    lines = [line] * (_N // (len(line) + 1))
    assert len(line_roles(lines)) == len(lines)
    set_aside("\n".join(lines))


def test_an_indented_page_s_headings_keep_their_roles():
    # (a whole page indented as a block, capsule-476 under the indent wrapper: its `# Expected
    # behavior` section was read as prose and its line listed as plain `not read`)
    from kubesim.explain.readers.sections import set_aside

    text = ("# Bug description\n\nthe controller pod was killed\n\n# Expected behavior\n\n"
            "to just deploy fine and never be killed\n")
    indented = "\n".join("    " + x if x else x for x in text.split("\n"))
    bare, shifted = set_aside(text), set_aside(indented)
    assert bare is not None and shifted is not None
    assert shifted.numbers == bare.numbers == frozenset({7})
