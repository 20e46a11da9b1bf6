"""What a report page carries of a long run: what its timeline draws, packed.

A replay of an eleven-day record keeps every probe call and kubelet event (about 70,000 calls
and 130,000 events: a 38 MB page), although the timeline draws far less: its probe calls,
containers, kills and Ready changes (each one, or zoomed out as bands with exact counts), and of
the events only the back-off waits between containers (`report.js`, `Timeline`). A long run
document (`LONG` calls and events or more) is handed to the page as `pack_run` makes it:

- the records the timeline does not draw are left out (`restarts`, `exits`, `pod_phase`,
  `containers_ready`, `container_ready`, `post_starts`, `all_containers_restarting`); of the
  events, the first BackOff of each wait (the page draws a wait from it, with its message);
  `left_out` names what was left out, and the summary keeps the exact totals;
- the calls are kept as runs: one probe's calls, one after another on its lane, with one
  result, detail, latency and container, evenly spaced (start, step, count);
- every list is a table of columns: a column of one value is that value once, a column equal
  to another names it, strings are indexes into their distinct values, times are whole
  microseconds (the document's rounding), each the difference from the one before.

The page unpacks it (`report.js`, `unpack`) into the document it would have had, less what
was left out: every call, container, kill and Ready change with its exact numbers. `unpack`
here is the same decoding in Python; `pack_run` checks its packing against it and keeps a
list as it is where the two would differ.
"""

from __future__ import annotations

import bisect
import json
from typing import Any

__all__ = ["LEFT_OUT", "LONG", "is_long", "pack_run", "unpack"]

LONG = 20_000  # calls and events from which a run document is packed
LEFT_OUT = ("restarts", "exits", "pod_phase", "containers_ready", "container_ready",
            "post_starts", "all_containers_restarting")
PROBE_KEYS = ("at", "probe", "result", "detail", "latency", "container", "name")
RUN_SAME = ("probe", "result", "detail", "latency", "container", "name")
MICRO = 1_000_000
EXACT = 2 ** 53  # integers a JavaScript number holds exactly (deltas of half as much too)
FEW = 64  # distinct values a column keeps as indexes into them (steps, latencies, details)


def pack_run(doc: dict[str, Any], events: int | None = None) -> dict[str, Any]:
    """The document a page carries of the run `doc` (`report.to_document`): `doc` itself
    when it is short, else packed (the module's docstring). `events`: how many events the
    run has, where `doc` lists only those the page may keep (`report.page_document`: its
    BackOff events)."""
    events = len(doc["events"]) if events is None else events
    if not is_long(len(doc["probes"]), events):
        return doc
    out = {k: v for k, v in doc.items() if k not in LEFT_OUT and k not in _LISTS}
    kept = first_back_offs(doc["containers"], doc["events"], doc["run"]["duration"])
    packed = {"probes": _pack_probes(doc["probes"]),
              **{k: _checked(doc[k]) for k in ("containers", "kills", "ready")},
              "events": _checked(kept)}
    out["packed"] = packed
    out["left_out"] = [k for k in LEFT_OUT if doc.get(k)] + (
        [f"events: {events - len(kept)} of {events} (the page draws each back-off wait "
         "from its first BackOff event)"]
        if len(kept) < events else [])
    return out


_LISTS = ("probes", "containers", "kills", "ready", "events")


def is_long(probes: int, events: int) -> bool:
    """Whether a run of so many calls and events is packed (`LONG`)."""
    return probes + events >= LONG


def unpack(doc: dict[str, Any]) -> dict[str, Any]:
    """The document `pack_run` packed, as the page unpacks it."""
    if "packed" not in doc:
        return doc
    out = {k: v for k, v in doc.items() if k != "packed"}
    p = doc["packed"]
    out["probes"] = _probes_of(p["probes"])
    for k in ("containers", "kills", "ready", "events"):
        out[k] = _rows(p[k])
    return out


def first_back_offs(containers: list[dict[str, Any]], events: list[dict[str, Any]],
                    end: float) -> list[dict[str, Any]]:
    """The BackOff events the page draws: for each container that ended, the first one from
    its end to the next container's start, or to `end` (the run's; report.js, `waitsOf`), in
    time order."""
    backoffs = sorted((e for e in events if e["reason"] == "BackOff"), key=lambda e: e["at"])
    order = sorted(containers, key=lambda c: c["running_at"])
    ats = [e["at"] for e in backoffs]
    kept: dict[int, dict[str, Any]] = {}
    for i, c in enumerate(order):
        if c["ended_at"] is None:
            continue
        nxt = order[i + 1]["running_at"] if i + 1 < len(order) else end
        j = bisect.bisect_left(ats, c["ended_at"])
        if j < len(ats) and ats[j] <= nxt:
            kept[j] = backoffs[j]
    return [kept[j] for j in sorted(kept)]



# -- tables -----------------------------------------------------------------------------------


def _checked(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """`rows` as a table, or as they are where the table would not give them back."""
    table = _table(rows)
    return table if _same(_rows(table), rows) else {"rows": rows}


def _same(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    """Equal as JSON (1 and 1.0 differ, as they print)."""
    return json.dumps(a) == json.dumps(b)


def _table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    keys = list(rows[0]) if rows else []
    if any(list(r) != keys for r in rows):
        return {"rows": rows}
    cols: dict[str, Any] = {}
    for k in keys:
        values = [r[k] for r in rows]
        same = next((o for o in cols if [r[o] for r in rows] == values), None)
        cols[k] = {"as": same} if same is not None else _column(values)
    return {"n": len(rows), "keys": keys, "cols": cols}


def _column(values: list[Any]) -> dict[str, Any]:
    if all(v == values[0] and type(v) is type(values[0]) for v in values):
        return {"all": values[0]}
    distinct = list(dict.fromkeys(_key(v) for v in values))
    if len(distinct) <= min(FEW, len(values) // 2):
        at = {d: i for i, d in enumerate(distinct)}
        return {"of": [d[1] for d in distinct], "index": [at[_key(v)] for v in values]}
    numbers = [v for v in values if v is not None]
    if numbers and all(type(v) is int and abs(v) < EXACT // 2 for v in numbers):
        return _deltas("int", values, numbers)
    if numbers and all(type(v) is float and _micro(v) is not None for v in numbers):
        return _deltas("micro", values, [_micro(v) for v in numbers])
    return {"values": values}


def _key(v: Any) -> tuple[str, Any]:
    return type(v).__name__, v


def _micro(v: float) -> int | None:
    """`v` in whole microseconds, if that gives `v` back exactly (as `m / 1e6` does in
    JavaScript: both are the double nearest the quotient)."""
    if not abs(v) < EXACT // 2 / MICRO:  # too large (or not finite) to be whole microseconds
        return None
    m = round(v * MICRO)
    return m if abs(m) < EXACT // 2 and m / MICRO == v else None


def _deltas(kind: str, values: list[Any], numbers: list[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {kind: [b - a for a, b in zip([0, *numbers], numbers, strict=False)]}
    nulls = [i for i, v in enumerate(values) if v is None]
    if nulls:
        out["nulls"] = nulls
    return out


def _rows(table: dict[str, Any]) -> list[dict[str, Any]]:
    if "rows" in table:
        return list(table["rows"])
    n, cols = table["n"], table["cols"]
    values: dict[str, list[Any]] = {}
    for k in table["keys"]:
        values[k] = values[cols[k]["as"]] if "as" in cols[k] else _values(cols[k], n)
    return [{k: values[k][i] for k in table["keys"]} for i in range(n)]


def _values(col: dict[str, Any], n: int) -> list[Any]:
    if "all" in col:
        return [col["all"]] * n
    if "of" in col:
        return [col["of"][i] for i in col["index"]]
    if "values" in col:
        return list(col["values"])
    kind = "int" if "int" in col else "micro"
    total, numbers = 0, []
    for d in col[kind]:
        total += d
        numbers.append(total if kind == "int" else total / MICRO)
    nulls = set(col.get("nulls", ()))
    it = iter(numbers)
    return [None if i in nulls else next(it) for i in range(n)]


# -- probe calls as runs ------------------------------------------------------------------------


def _pack_probes(probes: list[dict[str, Any]]) -> dict[str, Any]:
    """The calls as runs (a table of start, step, count and what the run's calls share), or
    as a table of calls where runs would not give them back."""
    runs = _runs(probes)
    packed = _table(runs) if runs else {"rows": []}
    if _same(_probes_of({"runs": packed}), probes):
        return {"runs": packed}
    return _checked(probes)


def _runs(probes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if any(tuple(p) != PROBE_KEYS or _micro(p["at"]) is None for p in probes):
        return []
    runs: list[dict[str, Any]] = []
    open_: dict[tuple[str, str], dict[str, Any]] = {}
    for p in probes:
        lane, m = (p["probe"], p["name"]), _micro(p["at"])
        assert m is not None
        run = open_.get(lane)
        if run is not None and all(run[k] == p[k] and type(run[k]) is type(p[k])
                                   for k in RUN_SAME) \
                and (run["count"] == 1 or m - run["last"] == run["step"]):
            run["step"] = m - run["last"] if run["count"] == 1 else run["step"]
            run["count"] += 1
            run["last"] = m
            continue
        run = {"start": m, "step": 0, "count": 1, **{k: p[k] for k in RUN_SAME}, "last": m}
        open_[lane] = run
        runs.append(run)
    for run in runs:
        del run["last"]
    return runs


def _probes_of(packed: dict[str, Any]) -> list[dict[str, Any]]:
    """The calls of `packed`: its runs expanded and put back in time order (ties in the order
    the runs began), or its table of calls."""
    if "runs" not in packed:
        return _rows(packed)
    calls = []
    for r, run in enumerate(_rows(packed["runs"])):
        shared = {k: run[k] for k in RUN_SAME}
        for i in range(run["count"]):
            m = run["start"] + i * run["step"]
            calls.append((m, r, i, {"at": m / MICRO, **shared}))
    calls.sort(key=lambda c: c[:3])
    return [{k: c[3][k] for k in PROBE_KEYS} for c in calls]
