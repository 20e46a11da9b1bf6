"""kubectl's tables re-typed as markdown tables (mdtable53; readers/markdown_table.py): a
markdown table whose header cells are, in any case, one kubectl layout's columns in kubectl's
order (`get pods` with -o wide's, `get events` of 1.14 and 1.5-1.13, describe's Events) is
read as that kubectl table, its cells' code spans and emphasis taken off, an escaped pipe a
pipe. Hand-written variants that must stay unread: a table of settings, a comparison, a header
lacking a required column, kubectl's columns in an author's own order."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import read_in_one_pass

from kubesim.cli.main import main
from kubesim.explain.readers.markdown_table import cells, kubectl_tables

_POD = "web-7d9f8b6c5d-x2k4p"


def _run(tmp_path: Path, text: str) -> tuple[int, str, str]:
    record = tmp_path / "r.txt"
    record.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    args = ["explain", str(record), "--format", "json", "--no-suggest", "--phases", "1"]
    args += ["--pod", _POD] if _POD in text else []
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def _read(tmp_path: Path, text: str) -> tuple[list[str], dict[str, Any]]:
    """The formats explain read the record as, and its one container's facts."""
    code, out, err = _run(tmp_path, text)
    assert code == 0, err
    got = json.loads(out)
    [container] = got["containers"]
    answer = container["answer"]
    kills = answer["probe_kills"]
    return [x["format"] for x in got["inputs"]], {
        "cause": answer["cause"], "probe": answer["probe"], "kills": (kills["min"], kills["max"]),
        "shows": answer["shows_failures"], "restarts": container["restart_count"]}


# --- get pods ---------------------------------------------------------------------------------

_PODS_CODE = f"""\
Our pod keeps restarting:

| NAME | READY | STATUS | RESTARTS | AGE |
|------|-------|--------|----------|-----|
| `{_POD}` | 0/1 | `CrashLoopBackOff` | 5 (23m ago) | 1h |
"""
_PODS_BOLD = f"""\
Name|Ready|Status|Restarts|Age
:---|:---:|---|---:|---
{_POD}|0/1|**OOMKilled**|3 (2m ago)|1h
"""
_PODS_WIDE = f"""\
| NAME | READY | STATUS | RESTARTS | AGE | IP | NODE | NOMINATED NODE | READINESS GATES |
|---|---|---|---|---|---|---|---|---|
| {_POD} | 0/1 | **OOMKilled** | 3 (23m ago) | 1h | 10.0.0.5 | node-1 | `<none>` | `<none>` |
"""
_PODS_CUT = f"""\
| name | ready | status | restarts | age |
| --- | --- | --- | --- | --- |
| {_POD} | 0/1 | `OOMKilled` | 3 | 1h |
| web-7d9f8b6c5d-q2w9z | 0/1 | `OOMKil
"""
# the same tables as kubectl prints them: what each markdown table must be read as
_KUBECTL_CODE = f"""\
Our pod keeps restarting:

NAME                   READY   STATUS             RESTARTS      AGE
{_POD}   0/1     CrashLoopBackOff   5 (23m ago)   1h
"""
_PODS_ONE_CUT = f"""\
| NAME | READY | STATUS | RESTARTS | AGE |
| --- | --- | --- | --- | --- |
| {_POD} | 0/1 | `OOMKilled` | 3
"""
_KUBECTL_CUT = f"""\
NAME                   READY   STATUS      RESTARTS   AGE
{_POD}   0/1     OOMKilled   3
"""
_KUBECTL_OOM = f"""\
NAME                   READY   STATUS      RESTARTS     AGE
{_POD}   0/1     OOMKilled   3 (2m ago)   1h
"""


@pytest.mark.parametrize(("text", "kubectl"), [
    (_PODS_CODE, _KUBECTL_CODE),  # code spans in the cells
    (_PODS_BOLD, _KUBECTL_OOM),  # no outer pipes, no padding, alignment colons, Title case, bold
    (_PODS_WIDE, _KUBECTL_OOM),  # -o wide's columns
    (_PODS_CUT, _KUBECTL_OOM),  # lower case; the table's last row cut short
    (_PODS_ONE_CUT, _KUBECTL_CUT),  # its one row cut short in RESTARTS
])
def test_a_markdown_get_pods_table_is_read_as_kubectls(
        tmp_path: Path, text: str, kubectl: str) -> None:
    formats, got = _read(tmp_path, text)
    assert formats == ["pods-table"]
    assert got == _read(tmp_path, kubectl)[1]
    assert got["restarts"] == (5 if "5 (23m" in text else 3)


# --- get events and describe's Events ---------------------------------------------------------

_EVENTS = f"""\
| Last Seen | Type | Reason | Object | Message |
|:--|:--|:--|:--|:--|
| 2m | **Warning** | `Unhealthy` | pod/{_POD} | Liveness probe failed: `cat /tmp/ok \\| grep ok` exited 1 |
| 2m | Normal | `Killing` | pod/{_POD} | Container web failed liveness probe, will be restarted |
"""
_EVENTS_OLD = f"""\
|LASTSEEN|FIRSTSEEN|COUNT|NAME|KIND|SUBOBJECT|TYPE|REASON|SOURCE|MESSAGE|
|-|-|-|-|-|-|-|-|-|-|
|1m|5m|4|{_POD}|Pod|spec.containers{{web}}|Warning|Unhealthy|kubelet, node-1|Liveness probe failed: HTTP probe failed with statuscode: 500|
|1m|5m|1|{_POD}|Pod|spec.containers{{web}}|Normal|Killing|kubelet, node-1|Killing container with id docker://web:Container failed liveness probe.. Container will be killed and recreated.|
"""
_DESCRIBE = """\
Events from describe:

|Type|Reason|Age|From|Message|
|-|-|-|-|-|
|Warning|Unhealthy|2m (x3 over 3m)|kubelet|Liveness probe failed: HTTP probe failed with statuscode: 500|
|Normal|Killing|2m|kubelet|Container web failed liveness probe, will be restarted|
"""


@pytest.mark.parametrize(("text", "form", "kills"), [
    (_EVENTS, "events-table", (1, None)),  # Title case, bold and code spans, an escaped pipe
    (_EVENTS_OLD, "events-table", (1, 1)),  # 1.5-1.13's layout, no padding
    (_DESCRIBE, "describe", (1, 1)),  # describe's Events columns
])
def test_a_markdown_events_table_is_read_as_kubectls(
        tmp_path: Path, text: str, form: str, kills: tuple[int, int | None]) -> None:
    formats, got = _read(tmp_path, text)
    assert formats == [form]
    assert (got["cause"], got["probe"], got["kills"]) == ("liveness-kill", "liveness", kills)


def test_an_escaped_pipe_stays_the_messages() -> None:
    assert cells(r"| 2m | Warning | `a \| b` |") == ["2m", "Warning", "a | b"]
    assert cells("a|**b**|`c`") == ["a", "b", "c"]


# --- tables that are not kubectl's ------------------------------------------------------------

_SETTINGS = """\
We changed the probes:

| Probe | Field | Before | After |
|---|---|---|---|
| liveness | failureThreshold | 3 | 10 |
| readiness | periodSeconds | 5 | 10 |
"""
_COMPARISON = """\
| | Before | After |
|---|---|---|
| Status | `CrashLoopBackOff` | Running |
| Restarts | 5 | 0 |
"""
_REORDERED = f"""\
| STATUS | NAME | READY | RESTARTS |
|---|---|---|---|
| `CrashLoopBackOff` | {_POD} | 0/1 | 5 |
"""


@pytest.mark.parametrize("text", [_SETTINGS, _COMPARISON, _REORDERED])
def test_tables_of_no_kubectl_layout_stay_unread(tmp_path: Path, text: str) -> None:
    code, _, err = _run(tmp_path, text)
    assert code == 2
    assert "not a record explain reads" in err


@pytest.mark.parametrize("header", [
    "| NAME | STATUS | RESTARTS |",  # READY left out
    "| Type | Reason | From | Message |",  # Age left out
    "| TYPE | REASON | OBJECT | MESSAGE |",  # LAST SEEN left out
    "| STATUS | NAME | READY | RESTARTS |",  # kubectl's columns in an author's order
    "| Probe | Field | Before | After |",
])
def test_a_header_lacking_a_layouts_column_is_left_as_it_is(header: str) -> None:
    lines = [header, "|---|---|---|---|", "| a | `b` | c | d |"]
    assert kubectl_tables(lines) == lines


def test_the_rewrite_keeps_the_lines_and_their_numbers() -> None:
    lines = ["text", "| Type | Reason | Age | From | Message |", "|---|---|---|---|---|",
             "| Normal | `Killing` | 2m | kubelet | Container web failed |", "", "after"]
    got = kubectl_tables(lines)
    assert len(got) == len(lines)
    # the header right above its rows, the separator above it
    assert (got[1], got[2].split()) == (lines[2], ["Type", "Reason", "Age", "From", "Message"])
    assert got[2].startswith("  ") and got[3].startswith("  ")  # under describe's Events:
    assert got[3].split()[:4] == ["Normal", "Killing", "2m", "kubelet"]
    assert (got[0], got[4], got[5]) == (lines[0], lines[4], lines[5])


@pytest.mark.parametrize("text", [
    "| NAME | READY | STATUS | RESTARTS |\n|" + "-" * 2_000_000 + "|\n| a | b | c | d |\n",
    "| NAME | READY | STATUS | RESTARTS |\n|---|\n" + "\\|" * 1_000_000 + "\n",
    "|" * 2_000_000 + "\n" + "|---" * 500_000 + "\n",
    "| NAME " * 333_000 + "\n|---|---|\n| a | b |\n",
    "| `" + "*" * 2_000_000 + "` |\n|---|\n",
])
def test_markdown_tables_read_a_2_mb_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of the rewrite's marks, read in one pass (no timing asserted:
    the suite's timeout bounds it)."""
    read_in_one_pass(text)
