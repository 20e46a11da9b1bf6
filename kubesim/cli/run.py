"""`kubesim run`: one pod against one behaviour, as a timeline (text or JSON)."""

from __future__ import annotations

import argparse

from kubesim.cli.args import (add_behaviour_args, add_kubelet_args, add_output_args, load_behaviour,
                       profile_of)
from kubesim.errors import UsageError
from kubesim.spec.manifests import load_spec
from kubesim.analysis.phases import sweep_phases
from kubesim.render.plot import check_output, plot_meta, save_png
from kubesim.render.report import render_json, render_text, to_document
from kubesim.engine.simulate import focus, simulate

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register `run` and its options."""
    run_ = sub.add_parser("run", help="simulate one pod against an app behaviour",
                          description="Simulate the kubelet's probes of one container.")
    run_.add_argument("spec", help="manifest or compact probe spec (YAML); - for stdin")
    add_behaviour_args(run_)
    run_.add_argument("--duration", type=float, default=600.0, metavar="S",
                      help="simulated seconds after the first container started (600)")
    run_.add_argument("--seed", type=int, default=0, metavar="N", help="random seed (0)")
    run_.add_argument("--phase", type=float, metavar="S",
                      help="pin the probe grid: ticks at S + k*periodSeconds")
    run_.add_argument("--phases", type=int, metavar="N",
                      help="also run at N grid phases and summarise how the outcome varies")
    run_.add_argument("--container", metavar="NAME", help="which container's probes")
    add_output_args(run_, ["text", "json"])
    run_.add_argument("--plot", metavar="FILE.png",
                      help="also draw the timeline as a PNG picture (needs kubesim[plot])")
    add_kubelet_args(run_)


def run(args: argparse.Namespace) -> tuple[str, int]:
    """Simulate and render (and draw, with --plot); exit code 0."""
    if args.spec == "-" and "-" in (args.scenario, args.trace):
        raise UsageError("only one input can come from stdin")
    if args.plot is not None:
        check_output(args.plot)  # matplotlib installed, a writable FILE.png: before simulating
    pod = load_spec(args.spec, args.container)
    behaviour = load_behaviour(args)
    profile = profile_of(args)
    # one pod is simulated whole; --container narrows the report to one of its containers
    timeline = simulate(pod, behaviour, duration=args.duration, seed=args.seed,
                        profile=profile, phase=args.phase, engine=args.engine,
                        whole_pod=args.container is None)
    sweep = None
    if args.phases is not None:
        sweep = sweep_phases(pod, behaviour, n=args.phases, duration=args.duration,
                             seed=args.seed, profile=profile, engine=args.engine)
    meta = {"spec": pod.source, "object": pod.label, "container": pod.container.name,
            "pod_containers": [c.name for c in pod.containers],
            "behaviour": args.scenario or args.trace or "healthy",
            **plot_meta(pod, behaviour, args.duration)}
    if args.plot is not None:
        # the picture is drawn from the JSON document, so `kubesim plot` on a saved result
        # gives the same bytes
        # (of the focus container: the picture has one row per probe of one container)
        save_png(to_document(focus(timeline, pod), meta=meta, phases=sweep), args.plot)
    if args.format == "json":
        return render_json(timeline, meta=meta, phases=sweep), 0
    return render_text(timeline, title=f"{pod.label} | behaviour: {meta['behaviour']}",
                       phases=sweep), 0
