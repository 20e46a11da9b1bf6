"""Rendering `kubesim explain`: text for a person (the diagnosis, a timeline of what the
record shows, the replay's verdict, the arithmetic, the fix), the JSON document
(docs/explain.md) and the HTML report (the recorded evidence drawn as lanes above the replay's
timeline). Prints nothing.

Records are pasted from clusters and issue threads and may carry terminal escapes or
bidirectional-text controls: every value from a record goes into the text through the output
edge's `visible` (kubesim.render.edge), and the CLI writes the whole text through `edge.text`;
JSON is exact by its encoder, and the HTML page inlines its data through `edge.script_json`.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kubesim.explain.diagnosis import COMMAND_KIND
from kubesim.explain.messages import KillCause
from kubesim.explain.model import (
    HUMAN_FROM,
    SCHEMA_VERSION,
    BackOffs,
    ContainerStory,
    Explanation,
    Kill,
    Prevention,
    Replay,
    Streak,
    When,
    human_time,
    provenance,
)
from kubesim.render.edge import visible

# The page's modules (the run's document, its timeline and plot, the HTML shell) and suggest's
# renderers (check's with them) are imported where a page or a patch is made: a record's text
# or JSON without a patch needs neither, and they weigh a fifth of all else explain imports.

__all__ = ["AS_THE_POD", "FORMATS", "answer_lines", "container_answer_lines", "document", "pods_document", "render", "render_html",
           "pod_heading", "render_json", "render_pods", "render_pods_html", "render_text",
           "render_yaml", "story_title"]


def _wrap(text: str, indent: int, width: int = 100) -> list[str]:
    return textwrap.wrap(visible(text), width=width, initial_indent=" " * indent,
                         subsequent_indent=" " * (indent + 2), break_on_hyphens=False,
                         break_long_words=False) or [" " * indent]


def when_text(w: When, zero_known: bool = True) -> str:
    if not w.known:
        return "when: not recorded" if w.epoch is None else f"at {_utc(w.epoch)}"
    assert w.lo is not None and w.hi is not None
    if abs(w.hi - w.lo) < 0.05:
        return human_time(w.lo)
    if max(abs(w.lo), abs(w.hi)) < HUMAN_FROM:
        # (+ 0.0: a time that rounds to -0 prints as +0)
        return f"{round(w.lo) + 0.0:+.0f} to {round(w.hi) + 0.0:+.0f} s"
    return f"{human_time(w.lo)} to {human_time(w.hi)}"


def _utc(epoch: float) -> str:
    from kubesim.explain.readers.times import utc_text
    return utc_text(epoch)


# ---------------------------------------------------------------- text


def _kills_text(k: dict[str, Any]) -> str:
    """The kill range in words, and the rules that bound it as the diagnosis decided them
    (`because`, in brackets); an open range with none shown says that the record cannot
    rule kills out (`at least 0` says nothing to a reader)."""
    lo, hi = k["min"], k["max"]
    why = f" ({k['because']})" if k.get("because") else ""
    if hi == lo:
        return f"{lo}{why}"
    if hi is None:
        return ("none shown, and the record cannot rule kills out" if lo == 0 else
                f"at least {lo}") + why
    return f"{lo} to {hi}{why}"


PREVENTED = {"yes": "yes", "no": "no", "cannot-tell": "cannot tell"}


def answer_lines(answer: dict[str, Any]) -> list[str]:
    """The diagnosis record (its JSON form, `ContainerStory.answer`) in three lines: the
    answer, the counts, and whether a probe change would have prevented it. The text, the
    HTML page and `kubesim mcp`'s summary all print these (none decides anything)."""
    failed = ", ".join(answer["failed"]) or "none"
    if answer["kind"] == "which-container" and answer["failed"]:
        # the headline says these failures are not counted as this container's: say whose
        failed += " (failures naming no container: this one's or another's)"
    by = f" (the {answer['probe']} probe)" if answer["probe"] else ""
    p = answer["prevention"]
    prevented = PREVENTED[p["answer"]]
    if p["change"]:
        prevented += f": {p['change']}"
    # kills the diagnosis infers are never labelled as shown by the record (issue 30 item 2)
    kills = ("probe kills (inferred from the container's command; the record shows none)"
             if answer["kind"] == COMMAND_KIND else
             "probe kills (inferred from failures in a row; the record shows none)"
             if answer["kind"].startswith("inferred-") else "probe kills the record shows")
    return [answer["text"],
            f"cause: {answer['cause']}{by}; {kills}: "
            f"{_kills_text(answer['probe_kills'])}; probes that failed: {failed}",
            f"would a probe change have prevented it: {prevented} ({p['reason']})"]


# a container's answer line that is the same as the pod's answer's (`container_answer_lines`)
AS_THE_POD = ("cause, probe kills and probes that failed: as the pod's (above)",
              "would a probe change have prevented it: as the pod's (above)")


def container_answer_lines(answer: dict[str, Any], pod: dict[str, Any] | None
                           ) -> list[str]:
    """A container's `answer_lines`; beside the pod's answer (`pod`, the document's
    `answer`), a line that is the pod's too says "as the pod's" rather than print the same
    words once a container (the text, the HTML page and `kubesim mcp` fold so)."""
    lines = answer_lines(answer)
    if pod is None:
        return lines
    own = answer_lines(pod)
    return [lines[0], *(fold if mine == its else mine
                        for mine, its, fold in zip(lines[1:], own[1:], AS_THE_POD, strict=True))]


def pod_heading(doc: dict[str, Any], shown: Callable[[str], str] = visible) -> str:
    """The pod's answer's heading: `pod NAME`."""
    return "pod " + shown(doc["pod"] or "(name not in the record)")


@dataclass(frozen=True)
class _Row:
    """One moment of what the record shows: when (on the record's axis), how sure, what, and
    what its count and spacing say (a streak's reading)."""

    key: float
    when: str
    confidence: str
    what: str
    reading: str = ""


# who an end is of, by its state: a state shown without its `State:`/`Last State:` line is of
# a kind the record does not show (reconstruct.exits, `untold`)
_ENDED = {"last": "last container", "current": "container",
          "untold": "container (State or Last State: the record does not show which)"}


def _kill_cause(k: Kill) -> str:
    """A kill's cause as a reader reads it: a failing probe's of no kind told says so in words
    (KillCause.PROBE: liveness or startup, R4.4), the others by their value."""
    if k.cause is KillCause.PROBE:
        return "a failing probe: liveness or startup, the record does not say which"
    return k.cause.value


def _kill_what(k: Kill, sep: str) -> str:
    """A kill as a timeline item says it: the kubelet's with its Killing row's message; one
    the author states (`provenance`) with where it is stated and what, never the line a
    reader made of it, which no record holds."""
    stated = provenance(k)
    if stated is None:
        return f"Killing {k.index}/{k.of} ({_kill_cause(k)}){sep}{k.shown}"
    if k.cause is KillCause.PROBE:  # its words are a phrase of their own (`_kill_cause`)
        return f"{stated}{sep}a kill for {_kill_cause(k)}"
    return f"{stated}{sep}a {_kill_cause(k)} kill"


def _streak_what(s: Streak, sep: str) -> str:
    """A probe's failures as a timeline item says them: with the output the record shows; ones
    the author states (`provenance`) with where, and no output (the author gives none)."""
    stated = provenance(s)
    count = f" x{s.count}" if s.count > 1 else ""
    if stated is None:
        return f"{s.probe.value} probe {s.outcome.value}{count}{sep}{s.detail or '(no output)'}"
    return f"{stated}{sep}the {s.probe.value} probe {s.outcome.value}{count}"


def _timeline(c: ContainerStory) -> list[_Row]:
    """The rows of what the record shows, in time order."""
    rows = []
    for s in c.streaks:
        what = _streak_what(s, ": ")
        span = When(s.first.lo, s.last.hi, s.first.confidence, s.first.epoch) \
            if s.first.known and s.last.known else s.first
        rows.append(_Row(_key(s.first), when_text(span), s.first.confidence.value, what,
                         s.reading if s.count > 1 else ""))
    for k in c.kills:
        what = _kill_what(k, ": ")
        if k.failures:
            what += "; it counted the failures at " + ", ".join(
                when_text(f) for f in k.failures) + " (inferred)"
        rows.append(_Row(_key(k.at), when_text(k.at), k.at.confidence.value, what))
    if c.back_offs is not None:
        b = c.back_offs
        # a waiting CrashLoopBackOff state without BackOff rows: a start was refused, the
        # record counts none (R4.9)
        what = _back_off_text(b)
        rows.append(_Row(_key(b.first), when_text(When(b.first.lo, b.last.hi,
                                                        b.first.confidence))
                         if b.first.known and b.last.known else when_text(b.first),
                         b.first.confidence.value, what))
    for x in c.exits:
        code = "no exit code recorded" if x.exit_code is None else f"exit code {x.exit_code}"
        # a meaning that starts with the code (`exit code 137: SIGKILL, ...`) says it once
        meaning = x.meaning.removeprefix(f"{code}: ")
        what = f"{_ENDED[x.which]} ended: {x.reason or 'no reason'}, {code}: {meaning}"
        rows.append(_Row(_key(x.finished), when_text(x.finished), x.finished.confidence.value,
                         what))
    for n in c.not_ready:
        rows.append(_Row(_key(n.since), when_text(n.since), n.since.confidence.value,
                     f"not Ready: {n.why}"))
    return sorted(rows, key=lambda r: r.key)


def _key(w: When) -> float:
    if w.known and w.lo is not None:
        return w.lo
    return w.epoch - 1e10 if w.epoch is not None else 1e18


def _settings_text(c: ContainerStory) -> list[str]:
    out = []
    for s in c.settings:
        line = (f"{s.probe.value:<9} {s.target}  every {s.period} s, timeout {s.timeout} s, "
                f"failureThreshold {s.failure_threshold}"
                + (f", successThreshold {s.success_threshold}" if s.success_threshold != 1
                   else "") + (f", initialDelaySeconds {s.initial_delay}" if s.initial_delay
                               else "") + f"  [{s.source.value}]")
        out += _wrap(line, 4)
        if s.why:
            out += _wrap(s.why, 6)
    return out


def story_title(c: dict[str, Any], shown: Callable[[str], str] = visible) -> str:
    """A container's heading (from its JSON data): its name (through `shown`, the format's
    edge: the page's script shows it as text) and restart count, or, of the pod's containers
    the record states only together (a `kubectl get pods` row of READY x/N), how many and
    their RESTARTS, the sum of their counts."""
    n, count = c["containers"], c["restart_count"]
    if n > 1:  # named: the one container the record's events name
        named = "none" if c["name"] is None else f"only {shown(c['name'])}"
        return (f"containers ({n}, the record names {named})"
                + (f" (RESTARTS {count}, their sum)" if count is not None else ""))
    return (f"{c['role']} {shown(c['name'] or '(name not in the record)')}"
            + (f" (restartCount {count})" if count is not None else ""))


def _container_text(c: ContainerStory, ex: Explanation, suggestion_yaml: str) -> list[str]:
    lines = [story_title({"name": c.name, "containers": c.containers,
                          "restart_count": c.restart_count, "role": c.role.value})]
    if c.answer is not None:
        text, counts, prevented = container_answer_lines(
            c.answer.to_data(), None if ex.answer is None else ex.answer.to_data())
        lines += _wrap(f"diagnosis: {text}", 2)
        lines += _wrap(counts, 4) + _wrap(prevented, 4)
    if c.settings:
        lines.append("  probe settings:")
        lines += _settings_text(c)
    lines += _record_text(c)
    if c.restarts:
        lines.append("  restarts:")
        for r in c.restarts:
            lines += _wrap(f"{r.count} x {r.cause.value} ({when_text(r.at)}, {r.confidence.value}): "
                           f"{r.detail}", 4)
    if c.findings:
        lines.append("  findings:")
        for f in c.findings:
            lines += _wrap(f"{f.level.value}: {f.text}", 4)
    if c.arithmetic:
        lines.append("  the arithmetic:")
        for a in c.arithmetic:
            lines += _wrap(a, 4)
    if c.replay is not None:
        lines += _replay_text(c.replay)
    if c.prevention is not None:
        lines += _prevention_text(c.prevention, suggestion_yaml)
    return lines


def _record_text(c: ContainerStory) -> list[str]:
    """What the record shows, a row per moment: when, how sure, what."""
    rows = _timeline(c)
    if not rows:
        return []
    lines = ["  what the record shows (when, how sure, what):"]
    width = max(22, *(len(r.when) + 2 for r in rows))
    for r in rows:
        head = f"    {r.when:<{width}}{r.confidence:<10}"
        body = _wrap(r.what, 0, 100 - len(head))
        lines.append(head + body[0].lstrip())
        lines += [" " * len(head) + b.lstrip() for b in body[1:]]
        if r.reading:
            lines += _wrap(r.reading, len(head))
    return lines


def _replay_text(r: Replay) -> list[str]:
    """The replay through the kubelet model: its verdict, comparison and assumptions."""
    if not r.ran:
        return _wrap(f"replay: not run: {r.reason}", 2)
    lines = [f"  replay through the kubelet model ({r.phases} grid phases, profile "
             f"{r.profile}): {r.verdict.value}"]
    for x in [*r.comparison, *r.counted]:
        lines += _wrap(x, 4)
    for x in r.missing:
        lines += _wrap(f"missing from the record: {x}", 4)
    lines.append("    as replayed:")
    for x in r.assumptions:
        lines += _wrap(x, 6)
    return lines


def _prevention_text(p: Prevention, suggestion_yaml: str) -> list[str]:
    """What would have prevented it: kubesim suggest's change, verified, and its patch."""
    if not p.ran:
        return _wrap(f"what would have prevented it: {p.reason}", 2)
    lines = _wrap("what would have prevented it, if these kills were not wanted (the "
                  "app would have recovered by itself): kubesim suggest, with "
                  "expectations drawn from the record", 2)
    lines += _wrap(f"expectations: {p.reason}", 4)
    for j in p.after if p.summary else p.before:
        lines += _wrap(f"{'met' if j['met'] else 'NOT met'}: {j['figure']}", 4)
    if p.summary:
        lines += _wrap(f"change: {p.summary} ({p.verified})", 4)
    for t in p.tradeoff:
        lines += _wrap(f"trade-off: {t}", 4)
    if suggestion_yaml:
        lines.append("    strategic-merge patch (kubectl patch --type strategic "
                     "--patch-file):")
        lines += ["      " + visible(x) for x in suggestion_yaml.rstrip("\n").split("\n")]
    return lines


def render_text(ex: Explanation) -> str:
    head = "kubesim explain: pod " + visible(ex.pod or "(name not in the record)")
    if ex.namespace:
        head += f" in {visible(ex.namespace)}"
    if ex.owner:
        head += f" ({visible(ex.owner)})"
    lines = [head]
    lines += _wrap("read: " + ", ".join(f"{i['source']} ({i['format']})" for i in ex.inputs), 0)
    lines += _wrap("times: seconds on the record's axis, 0 = " + str(ex.axis["basis"]), 0)
    for f in ex.findings:
        lines += _wrap(f"{f.level.value}: {f.text}", 0)
    if ex.answer is not None:  # the pod's one answer first, its containers' after it
        text, counts, prevented = answer_lines(ex.answer.to_data())
        lines += ["", *_wrap(f"{pod_heading(ex.to_data())}: {text}", 0), *_wrap(counts, 2),
                  *_wrap(prevented, 2)]
    for c in ex.containers:
        lines.append("")
        lines += _container_text(c, ex, _patch(c))
    if ex.notes:
        lines.append("")
        lines.append("reading the record:")
        for n in ex.notes:
            where = n.evidence[0].where if n.evidence else ""
            lines += _wrap(f"{where}: {n.text}", 2)
    return "\n".join(lines) + "\n"


def _patch(c: ContainerStory) -> str:
    s = c.suggestion
    if s is None or s.patch is None:
        return ""
    from kubesim.render.suggest_formats import patch_yaml  # a patch: suggest ran

    return patch_yaml([s])


# ---------------------------------------------------------------- JSON


def document(ex: Explanation) -> dict[str, Any]:
    """The JSON document (docs/explain.md): the explanation's data, with each prevention's
    patch as YAML text."""
    doc = ex.to_data()
    for c, data in zip(ex.containers, doc["containers"], strict=True):
        if data["prevention"] is not None:
            data["prevention"]["patch_yaml"] = _patch(c)
    return doc


def render_json(ex: Explanation) -> str:
    return json.dumps(document(ex), indent=2, sort_keys=False, allow_nan=False) + "\n"


# ---------------------------------------------------------------- HTML


def _record_lanes(c: ContainerStory, origin: float) -> dict[str, Any]:
    """The recorded evidence as lanes of the replay's timeline: spans in its seconds."""
    items: list[dict[str, Any]] = []
    lanes: list[str] = []

    def put(lane: str, w: When, kind: str, tip: str, end: When | None = None) -> None:
        end = end or w
        if not (w.known and end.known):
            return
        assert w.lo is not None and end.hi is not None
        if lane not in lanes:
            lanes.append(lane)
        items.append({"lane": lane, "lo": round(w.lo - origin, 3),
                      "hi": round(end.hi - origin, 3), "kind": kind,
                      "confidence": w.confidence.value, "tip": tip})

    for s in c.streaks:
        put(f"recorded {s.probe.value}", s.first, "failure" if s.outcome == "failed" else
            "error", (f"{s.probe.value} {s.outcome.value} x{s.count}: {s.detail}"
                      if provenance(s) is None else _streak_what(s, ": ")) + f"\n{s.reading}",
            s.last)
    for k in c.kills:
        put("recorded kills", k.at, "kill", _kill_what(k, "\n"))
    if c.back_offs is not None and c.back_offs.first.known:
        put("recorded kills", c.back_offs.first, "backoff",
            f"back-off: {c.back_offs.count} refused starts", c.back_offs.last)
    for x in c.exits:
        put("recorded kills", x.finished, "exit", f"{_ENDED[x.which]} ended: {x.reason}, exit code "
            f"{x.exit_code}\n{x.meaning}")
    for n in c.not_ready:
        put("recorded Ready", n.since, "notready", f"not Ready: {n.why}", n.until or n.since)
    return {"lanes": lanes, "items": items}


def _record_rows(c: ContainerStory) -> list[dict[str, str]]:
    """What the record shows, a row per moment (the text's table): when, on the record's
    axis as a person reads it, how sure, what."""
    return [{"when": r.when, "confidence": r.confidence,
             "what": r.what + (f"\n{r.reading}" if r.reading else "")} for r in _timeline(c)]


def _story_page(c: ContainerStory, basis: str, pod: dict[str, Any] | None) -> dict[str, Any]:
    from kubesim.render.plot import plot_meta  # the page only
    from kubesim.render.report import page_document

    data: dict[str, Any] = c.to_data()
    data["patch_yaml"] = _patch(c)
    data["answer_lines"] = container_answer_lines(c.answer.to_data(), pod) \
        if c.answer is not None else []
    data["title"] = story_title(data, str)
    data["record_rows"] = _record_rows(c)
    origin = c.replay.origin if c.replay is not None and c.replay.ran else 0.0
    record = _record_lanes(c, origin)
    if c.run is not None and c.run_pod is not None:
        meta = {"spec": "the record", "object": f"replay of {c.name or 'the container'}",
                "container": c.run_pod.container.name,
                "pod_containers": [x.name for x in c.run_pod.containers],
                "behaviour": "reconstructed from the record",
                "axis_label": f"the record's axis (0 = {basis})",
                "axis_origin": round(origin, 3),
                **plot_meta(c.run_pod, c.run_scenario, c.run.duration)}
        run = page_document(c.run, meta=meta)
    else:
        his = [i["hi"] for i in record["items"]] or [0.0]
        los = [i["lo"] for i in record["items"]] or [0.0]
        lo, hi = min(los), max(his)
        for i in record["items"]:
            i["lo"], i["hi"] = round(i["lo"] - lo, 3), round(i["hi"] - lo, 3)
        run = {"run": {"duration": max(hi - lo, 1.0), "windows": [], "probe_specs": {},
                       "axis_label": f"the record's axis (0 = {basis})",
                       "axis_origin": round(lo, 3), "object": "the record"},
               "probes": [], "containers": [], "kills": [], "events": [], "ready": [],
               "summary": None}
    run["record"] = record
    data["run_document"] = run
    return data


def _pod_page(ex: Explanation) -> dict[str, Any]:
    doc = document(ex)
    return {"document": doc,
            "answer_lines": [] if doc["answer"] is None else answer_lines(doc["answer"]),
            "answer_title": pod_heading(doc, str),
            "stories": [_story_page(c, str(ex.axis["basis"]), doc["answer"])
                        for c in ex.containers]}


def render_html(ex: Explanation) -> str:
    from kubesim.render.html import page  # the page only

    return page("explain", f"kubesim explain: {ex.pod or 'pod'}", _pod_page(ex))


def render_yaml(ex: Explanation) -> str:
    """The patches alone, one strategic-merge YAML document per workload (as `kubesim suggest
    --format yaml` prints them); empty when nothing is to change."""
    return "".join(p if p.startswith("---") or not i else "---\n" + p
                   for i, p in enumerate(x for x in (_patch(c) for c in ex.containers) if x))


def render(ex: Explanation, fmt: str) -> str:
    return FORMATS[fmt](ex)


# ---------------------------------------------------------------- several pods
# One explanation is rendered as above, unchanged; several (a paste of several pods, the pods
# of a workload) are a section per pod in the text and the page, and `pods: [...]` in the
# JSON, each the one-pod document (docs/explain.md).


def _back_off_text(b: BackOffs) -> str:
    """The refused starts' line: how many, the back-off's delay, the restarts it needs."""
    what = (f"back-off: {b.count} start(s) refused (CrashLoopBackOff)" if b.count else
            "back-off: waiting in CrashLoopBackOff (the record counts no refused start)")
    if b.delay is not None:
        what += f"; the current back-off is {b.delay:g} s"
    if b.after is not None:  # R4.10-R4.12: the delay doubles from the first restart on
        what += (f", which follows at least {b.after} restart(s) since the back-off was "
                 "last reset (inferred from the delay, R4.10-R4.12)")
    return what


def _name(ex: Explanation, exs: tuple[Explanation, ...] = ()) -> str:
    """The pod's name; NAMESPACE/NAME where another of `exs` has that name."""
    if ex.namespace and ex.pod and sum(1 for x in exs if x.pod == ex.pod) > 1:
        return f"{ex.namespace}/{ex.pod}"
    return ex.pod or "(name not in the record)"


def pods_document(exs: list[Explanation]) -> dict[str, Any]:
    """The JSON document of the explanations: one pod's document, or for several
    `{kubesim, command, pods: [one-pod document, ...]}`."""
    if len(exs) == 1:
        return document(exs[0])
    return {"kubesim": SCHEMA_VERSION, "command": "explain",
            "pods": [document(ex) for ex in exs]}


def _pods_text(exs: list[Explanation]) -> str:
    every = tuple(exs)
    lines = [f"kubesim explain: {len(exs)} pods ("
             + ", ".join(visible(_name(ex, every)) for ex in exs)
             + "), each explained on its own below"]
    for i, ex in enumerate(exs, 1):
        lines += ["", f"=== pod {i} of {len(exs)}: {visible(_name(ex, every))} ===",
                  render_text(ex).rstrip("\n")]
    return "\n".join(lines) + "\n"


def _pods_yaml(exs: list[Explanation]) -> str:
    """Every pod's patches, each document once (the pods of one workload share its patch)."""
    docs = dict.fromkeys(d for ex in exs for d in render_yaml(ex).split("---\n") if d.strip())
    return "---\n".join(docs)


def render_pods(exs: list[Explanation], fmt: str) -> str:
    """The explanations in `fmt`: one pod's as `render`, several pods' together."""
    if len(exs) == 1:
        return render(exs[0], fmt)
    if fmt == "json":
        return json.dumps(pods_document(exs), indent=2, sort_keys=False,
                          allow_nan=False) + "\n"
    return _pods_text(exs) if fmt == "text" else _pods_yaml(exs)


def render_pods_html(exs: list[Explanation]) -> str:
    """One page: one pod's as `render_html`; several pods, a section per pod."""
    if len(exs) == 1:
        return render_html(exs[0])
    from kubesim.render.html import page  # the page only

    return page("explain", f"kubesim explain: {len(exs)} pods",
                {"document": pods_document(exs), "pods": [_pod_page(ex) for ex in exs]})


FORMATS = {"text": render_text, "json": render_json, "yaml": render_yaml}
