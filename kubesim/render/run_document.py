"""A saved run document (`kubesim run --format json`), read and checked before a picture is
drawn from it: `kubesim plot RESULT.json` takes a file anyone may have edited, so every field
the picture reads is checked, and the first one that is wrong is named (exit 2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from kubesim.errors import UsageError
from kubesim.files import load_json, read_text

__all__ = ["PROBE_TYPES", "RESULTS", "check_document", "heading", "is_time", "load_document"]

PROBE_TYPES = ("startup", "liveness", "readiness")
RESULTS = ("success", "warning", "failure", "error")
HINT = " (expected the output of kubesim run --format json)"


def load_document(path: str) -> dict[str, Any]:
    """Read and check a `kubesim run --format json` document (`-`: stdin)."""
    text, source = read_text(path, UsageError)
    doc = load_json(text, source, UsageError, hint=HINT)
    return check_document(doc, source=source)


def heading(doc: Mapping[str, Any]) -> str:
    """What ran: the run's object, or, when the document holds a pod of several containers
    (drawn whole), the pod rather than the one container the object names."""
    run = doc.get("run", {})
    what = str(run.get("object", run.get("spec", "pod")))
    names = {c.get("name", "") for c in doc.get("containers", []) if isinstance(c, dict)}
    own = f" container {run.get('container')}"
    if len(names) > 1 and what.endswith(own):
        what = what.removesuffix(own) + f" (pod of {len(names)} containers)"
    return what


def is_time(x: Any) -> TypeGuard[int | float]:
    """A finite number within the times a run can have (seconds, at most 1e12)."""
    return isinstance(x, (int, float)) and not isinstance(x, bool) and abs(x) <= 1e12


_FIELDS: dict[str, dict[str, str]] = {  # list -> item field -> kind
    "probes": {"at": "num", "probe": "probe", "result": "result", "latency": "num"},
    "containers": {"restart_count": "int", "running_at": "num", "started_at": "num?",
                   "ended_at": "num?"},
    "ready": {"at": "num", "ready": "bool"},
    "kills": {"at": "num", "probe": "probe", "stopped_at": "num?"},
    "events": {"at": "num", "reason": "str"},
    "restarts": {"probe": "str"},
}
_OPTIONAL: dict[str, dict[str, str]] = {  # list -> item field that may be absent -> kind
    "probes": {"detail": "str", "container": "int", "name": "str"},
    "kills": {"container": "int?", "sigterm_at": "num?", "name": "str",
              "pre_stop_start": "num?", "pre_stop_end": "num?"},
    "containers": {"name": "str"},
    "events": {"name": "str"},
}
_POD_LISTS: dict[str, dict[str, str]] = {  # lists a document may lack (older documents)
    "container_ready": {"at": "num", "name": "str", "ready": "bool"},
    "pod_phase": {"at": "num", "phase": "str"},
    "pod_kills": {"at": "num"},
    "all_containers_restarting": {"at": "num", "status": "bool"},
    "post_starts": {"name": "str", "started_at": "num", "ended_at": "num?", "failed": "bool"},
}
_SUMMARY = {"ready_seconds": "num?", "first_ready_at": "num?"}
_TERMINATION = {"requested_at": "num", "grace_seconds": "num"}
_TERMINATING = {"pre_stop_start": "num?", "pre_stop_end": "num?", "sigterm_at": "num?",
                "stopped_at": "num?", "sigkill": "bool"}
_MUST = {"num": "must be a finite number (at most 1e12)", "int": "must be an integer",
         "bool": "must be true or false", "str": "must be a string",
         "probe": f"must be one of {', '.join(PROBE_TYPES)}",
         "result": f"must be one of {', '.join(RESULTS)}"}


def _check(value: Any, kind: str) -> str | None:
    """None if `value` is of `kind`, else what it must be."""
    if kind.endswith("?"):
        return None if value is None else _check(value, kind[:-1])
    ok = {"num": is_time(value), "int": isinstance(value, int) and not isinstance(value, bool),
          "bool": isinstance(value, bool), "str": isinstance(value, str),
          "probe": value in PROBE_TYPES, "result": value in RESULTS}[kind]
    return None if ok else _MUST[kind]


def _check_fields(obj: dict[str, Any], fields: dict[str, str], where: str, bad: Any) -> None:
    """Each field of `fields` in `obj` is of its kind (an absent flag is false, any other
    absent field null); `bad(where.key, problem)` for the first that is not."""
    for key, kind in fields.items():
        problem = _check(obj.get(key, False if kind == "bool" else None), kind)
        if problem:
            raise bad(f"{where}.{key}", problem)


def check_document(doc: Any, *, source: str | None = None) -> dict[str, Any]:
    """`doc` if it is a kubesim run document a picture can be drawn from; UsageError naming
    the first offending field otherwise."""
    def bad(where: str, what: str) -> UsageError:
        return UsageError(f"{where}: {what}{HINT}", source=source)

    run = _check_head(doc, bad)
    _check_lists(doc, bad)
    _check_pod_lists(doc, bad)
    _check_run(run, bad)
    summary = doc.get("summary", {})
    if not isinstance(summary, dict):
        raise bad("summary", "must be an object")
    _check_fields(summary, _SUMMARY, "summary", bad)
    phases = doc.get("phases")
    if phases is not None and not isinstance(phases, dict):
        raise bad("phases", "must be an object or null")
    _check_windows(run, bad)
    specs = run.get("probe_specs", {})
    if not isinstance(specs, dict) or not all(k in PROBE_TYPES and isinstance(v, dict)
                                              for k, v in specs.items()):
        raise bad("run.probe_specs", "must map probe types to objects")
    _check_termination(doc.get("termination"), bad)
    return doc


def _check_head(doc: Any, bad: Any) -> dict[str, Any]:
    """The document's object, schema version and run duration; its `run` object."""
    if not isinstance(doc, dict):
        raise bad("document", "must be a JSON object")
    if doc.get("kubesim") != 1:
        raise bad("kubesim", f"schema version {doc.get('kubesim')!r} is not 1")
    run = doc.get("run")
    if not isinstance(run, dict):
        raise bad("run", "missing or not an object")
    if not is_time(run.get("duration")) or not 0 < run["duration"] <= 1e9:
        raise bad("run.duration", "must be a number of seconds > 0, at most 1e9")
    return run


def _check_lists(doc: dict[str, Any], bad: Any) -> None:
    """The lists every run document has: each item an object with its required fields, and
    its optional fields of their kind where present."""
    for name, fields in _FIELDS.items():
        items = doc.get(name)
        if not isinstance(items, list):
            raise bad(name, "missing or not a list")
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise bad(f"{name}[{i}]", "must be an object")
            for key, kind in fields.items():
                if key not in item:
                    raise bad(f"{name}[{i}].{key}", "required field is missing")
                problem = _check(item[key], kind)
                if problem:
                    raise bad(f"{name}[{i}].{key}", problem)
            for key, kind in _OPTIONAL.get(name, {}).items():
                problem = _check(item[key], kind) if key in item else None
                if problem:
                    raise bad(f"{name}[{i}].{key}", problem)


def _check_pod_lists(doc: dict[str, Any], bad: Any) -> None:
    """The pod's lists (absent from older documents)."""
    for name, fields in _POD_LISTS.items():
        items = doc.get(name, [])
        if not isinstance(items, list):
            raise bad(name, "must be a list")
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise bad(f"{name}[{i}]", "must be an object")
            _check_fields(item, fields, f"{name}[{i}]", bad)
            if name == "pod_kills":
                _check_stops(item.get("containers") or [], f"{name}[{i}].containers", bad)
            if name == "post_starts" and item.get("stop") is not None:
                _check_stops([item["stop"]], f"{name}[{i}].stop", bad)


def _check_run(run: dict[str, Any], bad: Any) -> None:
    """The pod's container names and each container's probe specs."""
    names = run.get("pod_containers", [])
    if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
        raise bad("run.pod_containers", "must be a list of container names")
    by_name = run.get("container_probe_specs", {})
    if not (isinstance(by_name, dict) and all(
            isinstance(v, dict) and all(k in PROBE_TYPES and isinstance(x, dict)
                                        for k, x in v.items()) for v in by_name.values())):
        raise bad("run.container_probe_specs", "must map container names to probe specs")


def _check_windows(run: dict[str, Any], bad: Any) -> None:
    windows = run.get("windows", [])
    if not isinstance(windows, list):
        raise bad("run.windows", "must be a list")
    for i, w in enumerate(windows):
        if not (isinstance(w, dict) and is_time(w.get("start")) and is_time(w.get("end"))
                and isinstance(w.get("label"), str)):
            raise bad(f"run.windows[{i}]", "must be {start: number, end: number, label: string}")


def _check_termination(term: Any, bad: Any) -> None:
    """The pod deletion block (`termination`): null, or the fields the picture draws."""
    if term is None:
        return
    if not isinstance(term, dict):
        raise bad("termination", "must be an object or null")
    _check_fields(term, _TERMINATION, "termination", bad)
    _check_stops(term.get("containers") or [], "termination.containers", bad)


def _check_stops(containers: Any, where: str, bad: Any) -> None:
    """How containers stopped (a termination's or a whole-pod kill's)."""
    if not isinstance(containers, list):
        raise bad(where, "must be a list")
    for i, c in enumerate(containers):
        if not isinstance(c, dict):
            raise bad(f"{where}[{i}]", "must be an object")
        _check_fields(c, {**_TERMINATING, "name": "str?"}, f"{where}[{i}]", bad)
