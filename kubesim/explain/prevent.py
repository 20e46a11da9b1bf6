"""What would have prevented it: `kubesim suggest`'s engine (kubesim/analysis/suggest.py) with
expectations drawn from the record.

For liveness kills during a failure the record shows: survive an outage as long as the
recorded one (first failure to last, plus a period) and still catch a hang as fast as the
current settings do (or within the bound the user gives). For startup kills: allow a start
longer than today's budget (twice it, unless the user says how long the app needs: the
record never shows a start that succeeded). The patch comes in the formats `suggest` emits.
Restarts that no probe caused (OOM, the app's own exits) have nothing to prevent here.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.fixes import probe_data
from kubesim.analysis.wants import Want
from kubesim.analysis.windows import protection_windows
from kubesim.errors import SpecError
from kubesim.explain.messages import failure_answer
from kubesim.explain.model import Kill, Prevention, Setting, Streak
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.kubelet.settings import KubeletProfile
from kubesim.results import ProbeType
from kubesim.spec.model import ContainerSpec, ProbedContainer
from kubesim.spec.yamlio import load_yaml_documents

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import ContainerRef, Workload
    from kubesim.analysis.suggest import Suggestion
    from kubesim.behaviour.scenario import Scenario

__all__ = ["prevent", "workload_of"]

_HASH = lazy_regex(r"^(?P<name>.+)-[a-z0-9]{5,10}$")
CANDIDATES = 25  # suggest confirms up to this many candidates with the sweep engine


def workload_of(owner: tuple[str, str] | None, pod: str | None) -> tuple[str, str]:
    """The object to patch: a ReplicaSet's Deployment (its name without the template hash),
    the controller otherwise, the pod itself without one."""
    if owner is None:
        return "Pod", pod or "recorded"
    kind, name = owner
    if kind == "ReplicaSet" and (m := _HASH.match(name)):
        return "Deployment", m["name"]
    return kind, name


def _manifest(kind: str, name: str, namespace: str | None, spec: ContainerSpec,
              grace: int) -> dict[str, Any]:
    container: dict[str, Any] = {"name": spec.name}
    if spec.ports:
        container["ports"] = [{"containerPort": p.container_port,
                               **({"name": p.name} if p.name else {})} for p in spec.ports]
    for t, p in spec.probes().items():
        container[t.field] = probe_data(p)
    pod_spec = {"terminationGracePeriodSeconds": grace, "containers": [container]}
    meta: dict[str, Any] = {"name": name, **({"namespace": namespace} if namespace else {})}
    if kind == "Pod":
        return {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": pod_spec}
    body: dict[str, Any] = {"template": {"spec": pod_spec}}
    if kind in ("Job", "CronJob"):
        pod_spec["restartPolicy"] = "OnFailure"
    api = "batch/v1" if kind in ("Job", "CronJob") else "apps/v1"
    if kind == "CronJob":
        body = {"schedule": "@daily", "jobTemplate": {"spec": body}}
    return {"apiVersion": api, "kind": kind, "metadata": meta, "spec": body}


def _wants(settings: list[Setting], streaks: list[Streak], kills: list[Kill], pod: ProbedContainer,
           profile: KubeletProfile, user: list[Want]) -> tuple[list[Want], list[str]]:
    given = {w.kind for w in user}
    wants = list(user)
    why: list[str] = []
    by_type = {s.probe: s for s in settings}
    live_kills = [k for k in kills if k.cause == "liveness"]
    start_kills = [k for k in kills if k.cause == "startup"]
    live = [s for s in streaks if s.probe is ProbeType.LIVENESS and s.outcome == "failed"
            and s.first.known and s.last.known]
    if live_kills and live and "survive-outage" not in given:
        period = by_type[ProbeType.LIVENESS].period if ProbeType.LIVENESS in by_type else 10
        length = max(s.last.mid for s in live) - min(s.first.mid for s in live) + period
        wants.append(Want("survive-outage", float(math.ceil(length))))
        why.append(f"survive-outage={math.ceil(length)}: the recorded failures of liveness "
                   f"lasted that long (first to last, plus one period)")
    if wants and "hang-within" not in given and ProbeType.LIVENESS in by_type:
        hang = protection_windows(pod, profile).hang_detection
        if hang is not None:
            wants.append(Want("hang-within", float(math.ceil(hang.guaranteed))))
            why.append(f"hang-within={math.ceil(hang.guaranteed)}: as fast as today's settings "
                       "catch a hang (worst grid phase)")
    if start_kills and "starts-within" not in given and ProbeType.STARTUP in by_type:
        s = by_type[ProbeType.STARTUP]
        budget = s.initial_delay + s.failure_threshold * s.period
        wants.append(Want("starts-within", float(2 * budget)))
        why.append(f"starts-within={2 * budget}: twice today's startup budget ({budget} s), a "
                   "guess: the record shows no start that succeeded; give --expect "
                   "starts-within=S with the time the app needs")
    return wants, why


def _scenario(streaks: list[Streak], settings: list[Setting]) -> Scenario | None:
    """The recorded outage as suggest reads one: a dependency that goes down, and the failing
    targets depending on it."""
    from kubesim.behaviour.scenario import Scenario  # loaded: a probe kill to prevent
    by_type = {s.probe: s for s in settings}
    spans = [(s.first.mid, s.last.mid) for s in streaks
             if s.outcome == "failed" and s.first.known and s.last.known]
    if not spans:
        return None
    start = min(a for a, _ in spans)
    targets: dict[str, Any] = {}
    for s in streaks:
        setting = by_type.get(s.probe)
        if setting is None or s.outcome != "failed":
            continue
        answer, _ = failure_answer(s.detail, setting.handler, s.outcome)
        targets[setting.target] = {"depends_on": ["recorded-outage"], "when_down": answer}
    length = max(b for _, b in spans) - start + max(s.period for s in settings)
    return Scenario.from_dict({"dependencies": {"recorded-outage": {"down": [
        {"from": 30.0, "to": 30.0 + max(length, 1.0)}]}}, "targets": targets},
        source="<the recorded outage>")


def _workload(kind: str, name: str, namespace: str | None, spec: ContainerSpec,
              grace: int) -> Workload:
    """The object behind the pod, rebuilt as check reads a manifest."""
    # check's reading and suggest's engine load only for a probe kill to prevent (most
    # records show none): they weigh a third of all else explain imports
    from kubesim.analysis.check.read import workloads_in
    manifest = _manifest(kind, name, namespace, spec, grace)
    source = f"<{kind}/{name} from the record>"
    docs = load_yaml_documents(json.dumps(manifest), source, SpecError)
    return workloads_in(docs, source)[0]


def prevent(spec: ContainerSpec, settings: list[Setting], streaks: list[Streak],
            kills: list[Kill], *, owner: tuple[str, str] | None, pod_name: str | None,
            namespace: str | None, grace: int, profile: KubeletProfile, phases: int, seed: int,
            user: list[Want], max_work: int) -> tuple[Prevention, Suggestion | None]:
    probe_kills = [k for k in kills if k.cause in ("liveness", "startup")]
    if not probe_kills and not user:
        # whether a kill the record does not show happened is the diagnosis's to tell
        return Prevention(False, "not asked: the record shows no kill by a probe for a "
                                 "probe change to prevent"), None
    kind, name = workload_of(owner, pod_name)
    try:
        w = _workload(kind, name, namespace, spec, grace)
    except SpecError as exc:  # pragma: no cover - built from validated models
        return Prevention(False, f"cannot rebuild the workload: {exc}"), None
    c = next(x for x in w.containers if x.pod is not None)
    assert c.pod is not None
    wants, why = _wants(settings, streaks, kills, c.pod, profile, user)
    if not wants:
        return Prevention(False, "nothing to ask of suggest: give --expect KIND=S"), None
    # a candidate may probe every second (suggest's shortest period): the worst case
    probes = max(len(c.pod.container.probes()), 1)
    work = sum(30.0 + w.seconds + 150.0 for w in wants) * probes * phases * CANDIDATES
    if work > max_work:
        return Prevention(False, f"confirming a fix for these expectations ("
                                 f"{', '.join(w.text for w in wants)}) would take up to "
                                 f"{work:,.0f} probe calls, over the work budget "
                                 f"({max_work:,}; --max-work)"), None
    result, patch = _suggested(w, c, wants, _scenario(streaks, settings), phases=phases,
                               seed=seed, profile=profile)
    out = Prevention(True, "; ".join(why) or "the expectations given with --expect",
                     workload=f"{kind}/{name}",
                     wants=[{"expect": x.kind, "seconds": x.seconds, "text": x.text}
                            for x in wants],
                     before=[_j(j) for j in result.before], after=[_j(j) for j in result.after],
                     summary=result.patch.summary if result.patch else None,
                     patch=patch,
                     verified=result.verified, tradeoff=list(result.tradeoff))
    return out, result


def _suggested(w: Workload, c: ContainerRef, wants: list[Want], scenario: Scenario | None, *,
               phases: int, seed: int, profile: KubeletProfile
               ) -> tuple[Suggestion, dict[str, Any] | None]:
    """suggest's answer for the rebuilt workload's container, and its patch."""
    from kubesim.analysis.check.findings import BehaviourRef, Settings  # loaded: `_workload`
    from kubesim.analysis.check.fixes import strategic_patch
    from kubesim.analysis.suggest import suggest

    refs = [] if scenario is None else [BehaviourRef("the recorded outage", scenario,
                                                     30.0 + 600.0)]
    result = suggest(w, c, wants, refs, Settings(phases=phases, seed=seed, profile=profile))
    return result, strategic_patch(w, [result.patch]) if result.patch else None


def _j(j: Any) -> dict[str, Any]:
    return {"expect": j.want.kind, "seconds": j.want.seconds, "met": j.met, "figure": j.figure}
