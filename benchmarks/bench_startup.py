"""How much CPU a command costs as a new process: start-up against plain Python, and
`kubesim check` as a CI job runs it.

    python benchmarks/bench_startup.py [--repeat N] [--manifests DIR] [--against CHECKOUT]

Times whole processes (user + system CPU of the child, from `getrusage(RUSAGE_CHILDREN)`;
median and best of N), with bytecode compiled first (`compileall`), as an installed package
runs (pip compiles it at install time):

* `python -c pass`: the interpreter alone;
* `kubesim --help`: the command line, no subcommand imported (target: at most 40 ms of CPU
  over the interpreter's);
* `import numpy, yaml, pydantic` plus one one-field pydantic model: the core dependencies a
  run needs, made ready (pydantic loads its validator machinery and plugin registry on the
  first model of a process, whatever the model); once as a script loads them, and once with
  `OPENBLAS_NUM_THREADS=1`, as kubesim's command line loads them (numpy's OpenBLAS starts a
  thread per core as it loads, about 60 ms of CPU on two cores; kubesim calls no BLAS routine);
* `kubesim run` of the shipped seed example for 60 s (target: <= 1.3x the dependencies as
  kubesim loads them);
* the other commands on small shipped inputs, each as a ratio to the same dependencies (no
  target of their own: each imports only what it uses, issue 31 item 1): `windows` of the seed
  probe spec, `explain` of the shipped pod record and of the shipped text record (its
  describe output: the text readers load), `suggest` of the seed probe spec against its
  outage scenario, `fleet` of 3 replicas for 300 s, `sweep` of 2 points x 2 phases (-j 1);
* `kubesim check` of one small manifest (the shipped examples/seed-app/deployment.yaml;
  target: at most 1.4x the dependencies as kubesim loads them, one BLAS thread), and of 20
  small manifests in one call (target: at most 1.2 s CPU): the shipped example manifests, five
  renamed copies of each, or the first 20 *.yaml of `--manifests DIR`. Both run in an empty temporary directory, so no project configuration is
  found (a repository's .kubesim.yaml or pyproject.toml adds its reading); so do --help and
  run: `python -m` puts its working directory first on the path, and in a checkout that
  directory's kubesim would be timed for every checkout.

It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPS = ("import numpy, yaml, pydantic\n"
        "class M(pydantic.BaseModel):\n    x: int\n")
EXAMPLES = ("examples/seed-app/deployment.yaml", "examples/property-tests/deployment.yaml",
            "examples/property-tests/bad-deployment.yaml", "examples/broker/statefulset.yaml")
HELP_OVER, ONE_RATIO, RUN_RATIO, TWENTY_TARGET = 0.040, 1.4, 1.3, 1.2
SPEC, SCENARIO = "{root}/probe_specs/seed_unified_healthz.yaml", \
    "{root}/traces/seed_db_outage.scenario.yaml"
# the other commands, on small shipped inputs: (job name, label, the command's arguments)
OTHERS = (
    ("windows", "kubesim windows (seed probe spec)", ["windows", SPEC]),
    ("explain", "kubesim explain (shipped pod record)",
     ["explain", "{root}/examples/explain/01-k8s-docs-exec-liveness.pod.yaml"]),
    # a text record: the paste's readers load for it, never for a pod's YAML (read._pasted)
    ("explain_text", "kubesim explain (shipped text record)",
     ["explain", "{root}/examples/explain/01-k8s-docs-liveness-exec.describe.txt"]),
    ("suggest", "kubesim suggest (seed spec, outage)", ["suggest", SPEC, "--scenario", SCENARIO]),
    ("fleet", "kubesim fleet (3 replicas, 300 s)",
     ["fleet", SPEC, "--scenario", SCENARIO, "--replicas", "3", "--duration", "300"]),
    ("sweep", "kubesim sweep (2 points x 2 phases)",
     ["sweep", SPEC, "--scenario", SCENARIO, "--set", "livenessProbe.failureThreshold=2,3",
      "--phases", "2", "--duration", "60", "-j", "1"]),
)


class Job(NamedTuple):
    """A command timed: `{root}` in it is a checkout's path (`per_root`: once for each
    checkout timed; else once, from this one)."""

    name: str
    cmd: list[str]
    cwd: Path = ROOT
    extra: dict[str, str] = {}
    per_root: bool = True


def cpu(jobs: list[Job], repeat: int, roots: tuple[Path, ...] = (ROOT,)
        ) -> dict[tuple[str, Path], tuple[float, float]]:
    """Median and best child CPU seconds (user + system) of each job over `repeat` runs, by
    (job, checkout). Each repeat runs every job in turn (and each job from every checkout),
    so that a shared machine's load falls on the floor and the commands alike. kubesim is
    imported from the checkout (PYTHONPATH), as a regular install imports it: an editable
    install's import hook alone costs about 30 ms, and is a development convenience. Exit
    codes 0 and 1 (`check` findings) are results; anything else fails."""
    times: dict[tuple[str, Path], list[float]] = {}
    for _ in range(repeat):
        for job in jobs:
            for root in roots if job.per_root else (ROOT,):
                times.setdefault((job.name, root), []).append(_once(
                    [w.replace("{root}", str(root)) for w in job.cmd], job.cwd,
                    {"PYTHONPATH": str(root), **job.extra}))
    return {key: (statistics.median(t), min(t)) for key, t in times.items()}


def _once(cmd: list[str], cwd: Path, extra: dict[str, str]) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)}: exit {done.returncode}: {done.stderr}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def twenty_manifests(into: Path, source: Path | None) -> list[str]:
    """20 small manifests in `into`: the first 20 *.yaml of `source`, else five copies of each
    shipped example, every object renamed (name-0 ... name-4) as a repository's services."""
    if source is not None:
        found = sorted(source.glob("*.yaml"))[:20]
        if len(found) < 20:
            raise SystemExit(f"--manifests {source}: {len(found)} *.yaml files, 20 needed")
        return [str(p) for p in found]
    out = []
    for example in EXAMPLES:
        text = (ROOT / example).read_text()
        for i in range(5):
            docs = list(yaml.safe_load_all(text))
            for doc in docs:
                doc["metadata"]["name"] += f"-{i}"
                _vary_probes(doc, i)
            path = into / f"{Path(example).parent.name}-{Path(example).stem}-{i}.yaml"
            path.write_text(yaml.safe_dump_all(docs, sort_keys=False))
            out.append(str(path))
    return out


def _vary_probes(doc: dict, i: int) -> None:
    """Every probe of a workload `i` seconds slower (periodSeconds): services of one
    repository differ, and a check of identical probes is shared."""
    pod = doc.get("spec", {}).get("template", {}).get("spec", {})
    for container in pod.get("containers", []):
        for key in ("startupProbe", "livenessProbe", "readinessProbe"):
            if key in container:
                container[key]["periodSeconds"] = container[key].get("periodSeconds", 10) + i


def _line(label: str, figures: tuple[float, float], tail: str = "") -> str:
    median, best = figures
    return f"  {label:<38} {median * 1e3:7.1f} ms  (best {best * 1e3:6.1f})   {tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=9, metavar="N")
    parser.add_argument("--manifests", type=Path, metavar="DIR",
                        help="take the 20 manifests from here (the first 20 *.yaml)")
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="also time this checkout of kubesim, in turn with this one")
    args = parser.parse_args(argv)
    roots = (ROOT,) if args.against is None else (ROOT, args.against.resolve())
    for root in roots:
        compileall.compile_dir(root / "kubesim", quiet=1)
    py = sys.executable
    kubesim = [py, "-m", "kubesim"]
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        here = Path(tmp)
        files = twenty_manifests(here, args.manifests)
        t = cpu([Job("plain", [py, "-c", "pass"], per_root=False),
                 Job("deps", [py, "-c", DEPS], per_root=False),
                 Job("deps_one", [py, "-c", DEPS], extra={"OPENBLAS_NUM_THREADS": "1"},
                     per_root=False),
                 Job("help", [*kubesim, "--help"], cwd=here),
                 Job("run", [*kubesim, "run", SPEC, "--scenario", SCENARIO,
                             "--duration", "60"], cwd=here),
                 Job("one", [*kubesim, "check", "{root}/" + EXAMPLES[0]], cwd=here),
                 Job("twenty", [*kubesim, "check", *files], cwd=here),
                 *(Job(name, [*kubesim, *argv], cwd=here) for name, _, argv in OTHERS)],
                args.repeat, roots)
    plain, deps, deps_one = (t[name, ROOT] for name in ("plain", "deps", "deps_one"))
    print(f"CPU per process (user + system), median of {args.repeat} (bytecode compiled):")
    print(_line("python -c pass", plain))
    print(_line("numpy + yaml + pydantic, ready", deps))
    print(_line("  the same, one BLAS thread (as kubesim)", deps_one))
    for i, root in enumerate(roots):
        help_, run, one, twenty = (t[name, root] for name in ("help", "run", "one", "twenty"))
        if len(roots) > 1:
            print(f"{'this checkout' if i == 0 else '--against'}: {root}")
        print(_line("python -m kubesim --help", help_,
                    f"+{(help_[0] - plain[0]) * 1e3:.1f} ms over python "
                    f"(target <= +{HELP_OVER * 1e3:.0f})"))
        print(_line("kubesim run (shipped example, 60 s)", run,
                    f"{run[0] / deps_one[0]:4.2f}x the dependencies (target <= "
                    f"{RUN_RATIO})"))
        print(_line("kubesim check, one small manifest", one,
                    f"{one[0] / deps_one[0]:4.2f}x the dependencies (target <= "
                    f"{ONE_RATIO})"))
        print(_line("kubesim check, 20 small manifests", twenty,
                    f"target <= {TWENTY_TARGET * 1e3:.0f} ms"
                    + (f" ({args.manifests})" if args.manifests else
                       " (shipped examples x 5)")))
        for name, label, _ in OTHERS:
            figures = t[name, root]
            print(_line(label, figures, f"{figures[0] / deps_one[0]:4.2f}x the dependencies"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
