"""The options of kubesim's commands, each declared once (issue 32 item 8): a
`kubesim.options.Option` per option, from which the command's argparse option
(`kubesim.options.add_option`) and, for the commands `kubesim mcp` serves, the tool's field
and its place on the command line (`kubesim.cli.inputs`) are made. Check's settings, which
the configuration takes too, are declared in `kubesim.analysis.check.options`.

The groups several commands share come first (charts and kustomizations, the kubelet, the
behaviour, the budget, the output), then each command's own. An option whose help differs
between two commands is two declarations, one for each. Imports only light modules: the
server lists its tools, and `kubesim CMD --help` answers, before anything heavy is loaded.
"""

from __future__ import annotations

import argparse
from typing import Any

from kubesim.analysis.wants import WANTS
from kubesim.cli.command import BehaviourFile
from kubesim.options import (
    MAX_JOBS,
    Option,
    ValueKind,
    jobs_arg,
    mebibytes_arg,
    time_limit_arg,
)

__all__ = ["BEHAVIOUR", "BehaviourAction", "CAPTURE", "CAPTURE_KUBE_VERSION",
           "CENSORED", "CHECK", "CONFIG", "CONTAINER", "DEFAULT_MAX_MEMORY_MIB",
           "DEFAULT_MAX_WORK", "DEFAULT_PROPAGATION_SECONDS", "DEFAULT_RENDER_TIMEOUT",
           "DEFAULT_TIME_LIMIT", "DRAIN_GROUP", "ENGINE", "ENGINES", "EXPLAIN", "FLEET",
           "FLEET_SETTINGS", "HELM_ENGINES", "HTML", "IMPORT_BLACKBOX", "KUBELET", "LIVE", "LIVE_GROUP",
           "MANY_TRACES", "MAX_WORK", "MCP", "MCP_LIVE_GROUP", "MCP_MAX_WORK",
           "METRICS", "ONLY_CONTAINER", "OUTPUT", "PLOT", "PROFILES", "RENDER",
           "RENDER_GROUP", "ROLLOUT_GROUP", "RULES", "RUN", "RUN_DURATION", "SEED",
           "SPEC", "SUGGEST", "SWEEP", "TEXT_JSON", "TRACE_RESTARTS", "WINDOWS",
           "duration_option", "html_option", "max_work_option", "output_options"]

T, K = ValueKind, Option  # the declarations below read as a table

# kubesim.analysis.budget's and kubesim.spec.sources' (which import heavy modules: the server
# lists its tools before any of them loads; tests/test_inputs.py and
# tests/test_option_declarations.py hold them to the same numbers)
DEFAULT_MAX_WORK = 5_000_000
DEFAULT_RENDER_TIMEOUT = 60.0
# kubesim.kubelet.settings.PROFILES, sorted (tests/test_option_declarations.py holds the two)
PROFILES = ("1.20", "1.21-1.28", "1.29-1.34", "1.35", "1.35+", "1.36", "1.36+", "classic",
            "legacy")
TRACE_RESTARTS = ("replay", "wall")  # kubesim.behaviour.trace.RestartMode
CENSORED = ("failure", "discard", "reject")  # kubesim.behaviour.trace.CensoredMode
ENGINES = ("fast", "simpy")  # the schedulers (kubesim.engine)
HELM_ENGINES = ("auto", "binary", "library")  # kubesim.spec.sources' engines


def _by_name(*options: Option) -> dict[str, Option]:
    return {o.name: o for o in options}


class BehaviourAction(argparse.Action):
    """--scenario and --trace, kept in command-line order (check, suggest)."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        kind = "scenario" if option == "--scenario" else "trace"
        # a new list, not the default's appended to: the default is the parser's, and one
        # parser serves every command line of a process (kubesim.cli.main._parser)
        namespace.behaviours = [*namespace.behaviours, BehaviourFile(kind, values)]


# ---------------------------------------------------------------- shared groups

RENDER_GROUP = ("charts and kustomizations (a directory with Chart.yaml or kustomization.yaml, "
                "or a chart .tgz, is rendered first)")
# how a Helm chart or kustomization given as input is rendered (docs/inputs-charts.md)
RENDER = _by_name(
    K("values", T.REPEAT, "Helm values file (repeatable; later files win)", "FILE",
      flags=("--values", "-f")),
    K("set", T.REPEAT, "Helm value on the command line (repeatable)", "K=V", dest="helm_set"),
    K("set_string", T.REPEAT, "Helm value, always a string (repeatable)", "K=V",
      dest="helm_set_string"),
    K("release_name", T.TEXT, "Helm release name (default: the chart's name)", "NAME"),
    K("namespace", T.TEXT, "Helm release namespace (default: default)", "NS",
      default="default"),
    K("kube_version", T.TEXT, "Kubernetes version for the chart's Capabilities and its "
      "kubeVersion (default v1.35.0, the same for both Helm engines)", "V"),
    K("helm_engine", T.TEXT, "auto (default): the helm program (HELM_BIN, else PATH), else "
      "the helm-python-sdk library (kubesim[render]); or only one of them",
      choices=HELM_ENGINES, default="auto"),
    K("render_timeout", T.NUMBER, f"seconds one render may take ({DEFAULT_RENDER_TIMEOUT:g})",
      "S", default=DEFAULT_RENDER_TIMEOUT),
    K("allow_network", T.SWITCH, "let rendering use the network: helm --dependency-update, "
      "kustomize remote bases (off: renders are offline)"),
)

KUBELET = _by_name(
    K("profile", T.TEXT, "kubelet version preset (classic = 1.29-1.34; versions per preset: "
      "docs/kubelet-profiles.md)", choices=PROFILES, default="classic"),
    K("ideal", T.SWITCH, "zero kubelet latencies (relist, sync hops, requeue jitter)"),
    K("kubelet", T.PAIRS, "override one kubelet setting (repeatable)", "KEY=VALUE"),
)
ENGINE = K("engine", T.TEXT, "scheduler: fast (default) or simpy (the reference; same "
           "results)", choices=ENGINES, default="fast")

# how the traces of a command of several behaviours (check, suggest) are read
EVERY_TRACE_RESTART = K("trace_restart", T.TEXT,
                        "what every trace means after a restart (default: its meta)",
                        choices=TRACE_RESTARTS)
EVERY_CENSORED = K("censored", T.TEXT, "how recorded timeouts shorter than timeoutSeconds count",
                   choices=CENSORED)

# one behaviour: --scenario or --trace (run, windows' none), and how a trace is read
BEHAVIOUR = _by_name(
    K("scenario", T.TEXT, "synthetic behaviour (YAML)", "FILE"),
    K("trace", T.TEXT, "recorded behaviour (JSONL or CSV)", "FILE"),
    K("trace_restart", T.TEXT, "what a trace means after a restart (default: the trace's "
      "meta, else replay)", choices=TRACE_RESTARTS),
    K("censored", T.TEXT, "how a recorded timeout shorter than timeoutSeconds counts "
      "(default: the trace's meta, else failure)", choices=CENSORED),
)
MANY_TRACES = K("trace", T.TEXT, "recorded behaviour (JSONL or CSV); again for another trace, "
                "each played by the replicas its meta `replicas` selects (docs/fleet.md)",
                "FILE", action="append")


def duration_option(per: str = "run", kind: ValueKind = ValueKind.NUMBER) -> Option:
    """--duration S (None when not given), with the default rule every command shares
    (`kubesim.behaviour.horizon.default_duration`)."""
    return K("duration", kind, f"simulated seconds per {per} after the first container "
             "started (default: 300, or 150 s past the behaviour's last outage, stall or "
             "observation)", "S")


def max_work_option(default: int = DEFAULT_MAX_WORK,
                    what: str = "refuse to start if the simulation is estimated at more than "
                                "N units of work") -> Option:
    """--max-work N: the work budget (kubesim.analysis.budget): about N simulated probe
    calls and kubelet syncs in all (`kubesim mcp` has its own default)."""
    return K("max_work", T.WORK, f"{what} (a unit: one probe call or kubelet sync simulated; "
             f"default {default:,}; docs/limits.md)", "N", default=default)


OUTPUT = K("output", T.TEXT, "write here instead of stdout", "FILE", flags=("--output", "-o"))


def output_options(formats: tuple[str, ...], help: str | None = None
                   ) -> tuple[Option, Option]:
    """--format (the first is the default) and --output/-o."""
    return K("format", T.TEXT, help, choices=formats, default=formats[0]), OUTPUT


def html_option() -> Option:
    """--html FILE: a self-contained HTML report besides the command's usual output."""
    return K("html", T.TEXT, "also write a self-contained HTML report with an interactive "
             "timeline (opens offline in any browser)", "FILE.html")


# shared by several commands: one record each
MAX_WORK = max_work_option()
RUN_DURATION = duration_option()
TEXT_JSON = output_options(("text", "json"))
HTML = html_option()
CONTAINER = K("container", T.TEXT, "which container's probes", "NAME")
ONLY_CONTAINER = K("container", T.TEXT, "only this container", "NAME")  # suggest, explain
SEED = K("seed", T.SEED, "random seed (0)", "N", default=0)
_SPEC_HELP = "manifest or compact probe spec (YAML), Helm chart or kustomization"
SPEC = K("spec", T.TEXT, _SPEC_HELP + "; - for stdin", flags=("spec",))

# ---------------------------------------------------------------- run and windows

RUN = _by_name(
    SPEC, RUN_DURATION, SEED,
    K("phase", T.NUMBER, "pin the probe grid: ticks at S + k*periodSeconds", "S"),
    K("phases", T.INTEGER, "also run at N grid phases and summarise how the outcome varies",
      "N"),
    CONTAINER, *TEXT_JSON,
    K("changes_only", T.SWITCH, "text: show a probe call only where its outcome changes, with "
      "how many calls in a row gave it"),
    K("plot", T.TEXT, "also draw the timeline as a PNG picture (needs kubesim[plot])",
      "FILE.png"),
    HTML, ENGINE, MAX_WORK,
)
WINDOWS = _by_name(SPEC, CONTAINER, *TEXT_JSON, MAX_WORK)

# ---------------------------------------------------------------- check (its settings:
# kubesim.analysis.check.options)

CONFIG = _by_name(
    K("config", T.CONFIG, "the configuration file (YAML, or the [tool.kubesim] table of a "
      "TOML file), or none to read none; default: .kubesim.yaml or [tool.kubesim] in "
      "pyproject.toml from the current directory upwards, which a pull request can add or "
      "change (./none names a file called none)", "PATH|none"),
    K("no_config", T.SWITCH, "the same as --config none"),
)
CHECK = _by_name(
    K("paths", T.REPEAT, "manifest or probe spec file, Helm chart or kustomization directory, "
      "chart .tgz, directory (recursive *.yaml/*.yml; charts and kustomizations in it are "
      "rendered), or - for stdin (piped `helm template` output is split on its # Source: "
      "lines)", "PATH", flags=("paths",), nargs="*"),
    K("scenarios", T.BEHAVIOUR, "synthetic behaviour to check against (repeatable)", "FILE",
      flags=("--scenario",), action=BehaviourAction),
    K("traces", T.BEHAVIOUR, "recorded behaviour to check against (repeatable)", "FILE",
      flags=("--trace",), action=BehaviourAction),
    EVERY_TRACE_RESTART,
    EVERY_CENSORED,
    duration_option("scenario or trace", T.SECONDS),
    K("seed", T.INTEGER, "random seed; phase i uses seed+i (0)", "N", default=0),
    # kubesim.render.check_formats.FORMATS (tests/test_option_declarations.py holds the two)
    *output_options(("text", "json", "junit", "sarif", "github"), "text, json, junit, sarif, "
                    "or github (workflow commands: an annotation per finding on the pull "
                    "request)"),
    K("sarif", T.TEXT, "also write the SARIF report here, besides --format's output (the "
      "GitHub Action: annotations and code scanning from one run)", "FILE"),
    HTML,
    K("skip_non_manifests", T.SWITCH, "skip a named file that is not a manifest or probe spec "
      "(values.yaml, a Helm template) with a note, instead of exit 2; files found in a "
      "directory are always skipped so (for pre-commit hooks)"),
    K("allow_empty", T.SWITCH, "input with no Kubernetes object passes (default: exit 2, so a "
      "failed `helm template | kubesim check -` does not pass the gate)"),
    K("ignore", T.REPEAT, "do not count this check (id or name; repeatable, comma-separated)",
      "ID"),
    K("expectations", T.TEXT, "expectations file (YAML)", "FILE"),
    ENGINE, MAX_WORK,
    *CONFIG.values(),
)

# ---------------------------------------------------------------- suggest

SUGGEST = _by_name(
    K("paths", T.REPEAT, "manifest or probe spec file, Helm chart, kustomization, directory, "
      "or - for stdin", "SPEC", flags=("paths",), nargs="+"),
    K("expect", T.PAIRS, "; ".join(f"{k}=S: {v.format(s='S')}" for k, v in WANTS.items())
      + " (repeatable)", "KIND=S", config="expect"),  # suggest: {expect: ...}
    K("scenarios", T.BEHAVIOUR, "which endpoints a dependency outage fails (depends_on), and "
      "which it leaves alone (repeatable)", "FILE", flags=("--scenario",),
      action=BehaviourAction),
    K("traces", T.BEHAVIOUR, "the same, recorded", "FILE", flags=("--trace",),
      action=BehaviourAction),
    EVERY_TRACE_RESTART,
    EVERY_CENSORED,
    K("duration", T.SECONDS, "simulated seconds per scenario/trace when re-checking", "S"),
    K("workload", T.TEXT, "only this object (name or Kind/name)", "NAME"),
    ONLY_CONTAINER,
    K("phases", T.COUNT, "grid phases every confirmation runs at (20, or check.phases of "
      ".kubesim.yaml)", "N"),
    SEED,
    # kubesim.render.suggest_formats.FORMATS (tests/test_option_declarations.py holds the two)
    *output_options(("text", "yaml", "json", "sarif")),
    ENGINE, MAX_WORK,
    *CONFIG.values(),
)

# ---------------------------------------------------------------- explain, and a live cluster

LIVE_GROUP = "a live cluster (read-only: get and list; docs/explain.md)"
LIVE = _by_name(
    K("kubeconfig", T.TEXT, "kubectl's kubeconfig (default: KUBECONFIG, ~/.kube/config, or "
      "the pod's service account)", "FILE"),
    K("context", T.TEXT, "the kubeconfig context to use", "NAME"),
    # explain pod/NAME
    K("namespace", T.TEXT, "the namespace of pod/NAME, deploy/NAME, ... (default: the "
      "context's namespace, else default)", "NS", flags=("-n", "--namespace")),
    K("selector", T.TEXT, "explain the pods this label selector matches (app=web)",
      "SELECTOR", flags=("-l", "--selector")),
    # check --cluster
    K("cluster", T.SWITCH, "check the Deployments, StatefulSets and DaemonSets of a live "
      "cluster instead of files (read-only)"),
    K("cluster_namespaces", T.REPEAT, "a namespace to read (repeatable; default: the "
      "context's)", "NS", flags=("--cluster-namespace",), dest="cluster_namespaces"),
    K("all_namespaces", T.SWITCH, "read every namespace", flags=("-A", "--all-namespaces")),
)

EXPLAIN = _by_name(
    K("records", T.REPEAT, "a record file, several about one pod, or - for stdin; or, read "
      "from a live cluster with kubectl's credentials: pod/NAME, deploy/NAME, sts/NAME or "
      "ds/NAME (the pods of a workload)", "RECORD", flags=("records",), nargs="*"),
    K("now", T.TEXT, "when the record was taken (RFC 3339 or as describe prints times): "
      "places describe's ages on the clock", "TIME"),
    K("pod", T.TEXT, "explain this pod alone (a record of several pods explains each)", "NAME"),
    ONLY_CONTAINER,
    K("spec", T.TEXT, "the pod's manifest or a probe spec: probe settings the record lacks",
      "FILE"),
    K("expect", T.PAIRS, "what the fix must meet (default: drawn from the record): "
      + "; ".join(f"{k}=S" for k in WANTS) + " (repeatable)", "KIND=S"),
    K("suggest", T.NEGATED, "skip what would have prevented it", flags=("--no-suggest",)),
    K("phases", T.INTEGER, "grid phases the replay runs at (8)", "N", default=8),
    K("seed", T.INTEGER, "random seed (0)", "N", default=0),
    *output_options(("text", "json", "yaml")), HTML, MAX_WORK,
)

# ---------------------------------------------------------------- fleet, and sweep --fleet

DEFAULT_PROPAGATION_SECONDS = 2.0  # kubesim.fleet.settings' (tests hold the two equal)
FLEET_SETTINGS = _by_name(
    K("replicas", T.INTEGER, "replicas (default: the workload's spec.replicas, else 3)", "N"),
    K("start_spread", T.NUMBER, "replicas' first containers start uniformly within S seconds "
      "(0)", "S", default=0.0),
    K("start_times", T.TIMES, "replica i's first container starts at Ti seconds (one per "
      "replica)", "T0,T1,..."),
    K("nodes", T.INTEGER, "nodes the pods are scheduled on (default: one per replica)", "N"),
    K("zones", T.TEXT, "zones the nodes are spread over, round-robin (default: "
      "zone-a,zone-b,zone-c)", "A,B,..."),
    K("propagation", T.NUMBER, "seconds from a Ready change to traffic following it "
      f"({DEFAULT_PROPAGATION_SECONDS:g}; 0 with --ideal)", "S"),
    K("publish_not_ready_addresses", T.SWITCH_OR_UNSET, "the Service publishes pods that are "
      "not Ready (default: the manifests' Service)"),
    K("load", T.TEXT, "opt-in load model: RPS requests/s shared by the serving replicas, each "
      "serving CAPACITY requests/s (backlog slows probes)", "RPS:CAPACITY"),
    K("min_capacity", T.INTEGER, "count seconds with fewer than K serving endpoints (default: "
      "all)", "K"),
)
ROLLOUT_GROUP = "rolling update (the workload's strategy; flags override it)"
DRAIN_GROUP = "drain under a PodDisruptionBudget (flags override the manifests' budget)"
FLEET = _by_name(
    SPEC, RUN_DURATION, SEED, CONTAINER,
    # rolling update
    K("rollout_at", T.NUMBER, "apply a new pod template at S seconds and roll the fleet to it",
      "S"),
    K("new", T.TEXT, "the new version's manifest (default: SPEC)", "SPEC"),
    K("new_scenario", T.TEXT, "how the new version behaves (default: the same behaviour)",
      "FILE"),
    K("max_surge", T.TEXT, "a Deployment's rollingUpdate.maxSurge", "N|P%"),
    K("max_unavailable", T.TEXT, "rollingUpdate.maxUnavailable (a Deployment's or a "
      "StatefulSet's)", "N|P%"),
    K("min_ready_seconds", T.INTEGER, "spec.minReadySeconds", "S"),
    K("progress_deadline", T.INTEGER, "a Deployment's spec.progressDeadlineSeconds", "S"),
    K("partition", T.INTEGER, "a StatefulSet's rollingUpdate.partition", "P"),
    K("pod_start", T.NUMBER, "from a new pod's creation to its first container running (2)",
      "S", default=2.0),
    # drain
    K("drain_at", T.NUMBER, "drain at S seconds (default: the node of pod #0)", "S"),
    K("drain_node", T.TEXT, "cordon NODE and evict the workload's pods on it", "NODE"),
    K("drain_pods", T.INTEGER, "evict the first K pods there are at the drain (a StatefulSet's "
      "lowest ordinals; cordoning nothing)", "K"),
    K("drain_replicas", T.TEXT, "evict these pods, by index (cordoning nothing)", "I,J,..."),
    K("pdb_min_available", T.TEXT, "the PodDisruptionBudget's minAvailable", "N|P%"),
    K("pdb_max_unavailable", T.TEXT, "the PodDisruptionBudget's maxUnavailable", "N|P%"),
    K("unhealthy_pod_eviction_policy", T.TEXT, "the budget's policy for pods not Ready "
      "(default: the budget's, else IfHealthyBudget)",
      choices=("IfHealthyBudget", "AlwaysAllow")),
    *TEXT_JSON,
    K("plot", T.TEXT, "also draw capacity and one swimlane per pod (needs kubesim[plot])",
      "FILE.png"),
    ENGINE, MAX_WORK,
)

# ---------------------------------------------------------------- sweep

# kubesim.cli.sweep's metrics a plot can show
METRICS = ("restarts_mean", "restarts_max", "kills_mean", "unready_mean", "unready_max",
           "first_ready_mean", "first_ready_max", "hang_to_kill_max", "probes")
SWEEP = _by_name(
    K("spec", T.TEXT, _SPEC_HELP, flags=("spec",)),
    K("settings", T.REPEAT, "a field and its values: a list (1,2,3) or a range (1..10, "
      "1..10:2); repeat for a grid", "FIELD=VALUES", flags=("--set",), dest="settings"),
    K("chart_values", T.REPEAT, "a Helm chart value and its values (SPEC a chart): the chart "
      "is rendered once per value; shown as values.PATH; repeatable", "PATH=VALUES",
      flags=("--set-value",), dest="chart_values"),
    K("expect", T.REPEAT, "no-restart | max-restarts=N | ready-within=S | max-unready=S | "
      "kill-within=S (held at every phase and seed?)", "CLAIM"),
    K("phases", T.INTEGER, "grid phases per point (20)", "N", default=20),
    K("seeds", T.INTEGER, "seeds per phase (1)", "N", default=1),
    K("seed", T.SEED, "first seed (0)", "N", default=0),
    duration_option("run (of every point)"),
    CONTAINER,
    K("jobs", T.INTEGER, f"local worker processes (default: every core; at most {MAX_JOBS})",
      "N", flags=("--jobs", "-j"), reader=jobs_arg),
    K("dask", T.SWITCH, "run on a local Dask cluster (needs the dask extra)"),
    K("scheduler", T.TEXT, "run on the Dask scheduler at ADDRESS (tcp://host:8786)",
      "ADDRESS"),
    *output_options(("text", "csv", "json", "table"), "text (a table; 'table' is the old "
                    "name), csv or json"),
    K("plot", T.TEXT, "heatmap (two fields) or line plot (one field); needs matplotlib",
      "FILE.png"),
    HTML,
    K("plot_metric", T.TEXT, "what the plot shows (restarts_mean)", choices=METRICS,
      default="restarts_mean"),
    K("progress", T.TEXT, "a progress line on stderr: auto (when stderr is a terminal; the "
      "default), always (also --progress alone) or never", choices=("auto", "always", "never"),
      default="auto", nargs="?", const="always"),
    # the old spelling of --progress never, not shown
    K("no_progress", T.CONST, argparse.SUPPRESS, dest="progress", const="never"),
    K("fleet", T.SWITCH, "every run is a fleet of replicas (fleet parameters in --set: "
      "replicas, fleet.load.rps, ...; options as for `kubesim fleet`)"),
    ENGINE, MAX_WORK,
)

# ---------------------------------------------------------------- mcp

MCP_MAX_WORK = 1_000_000  # units of work in one tool call (probe calls and kubelet syncs)
# kubesim.cli.mcp_tools' (tests/test_option_declarations.py holds them equal)
DEFAULT_TIME_LIMIT = 120.0
DEFAULT_MAX_MEMORY_MIB = 2048
MCP_LIVE_GROUP = "a live cluster: check and explain read it too, read-only (docs/mcp.md)"
MCP = _by_name(
    K("root", T.TEXT, "the directory tool paths are relative to and may not leave (default: "
      "the current directory)", "DIR", default="."),
    max_work_option(MCP_MAX_WORK, "the most work one tool call may do, and its default"),
    K("time_limit", T.NUMBER, "seconds one tool call may take; at the limit it is stopped, "
      "answered with an error, and the next call served (default "
      f"{DEFAULT_TIME_LIMIT:g})", "S", default=DEFAULT_TIME_LIMIT, reader=time_limit_arg),
    K("kubeconfig", T.TEXT, "serve the live cluster of this kubeconfig (kubectl's "
      "credentials)", "FILE"),
    K("context", T.TEXT, "the kubeconfig context to serve", "NAME"),
    K("cluster", T.SWITCH, "serve the cluster of kubectl's default configuration (KUBECONFIG, "
      "~/.kube/config, or the pod's service account)"),
    K("max_memory", T.INTEGER, "address space one tool call may hold, MiB (default "
      f"{DEFAULT_MAX_MEMORY_MIB})", "MIB", default=DEFAULT_MAX_MEMORY_MIB,
      reader=mebibytes_arg),
)

# ---------------------------------------------------------------- rules, plot

RULES = _by_name(
    K("rule", T.TEXT, "a check's id (KS001) or name", "ID", flags=("rule",), nargs="?"),
    # kubesim.render.rules_formats.FORMATS
    *output_options(("text", "json"), "the list as text (default) or JSON with every case")[:1],
)
PLOT = _by_name(
    K("result", T.TEXT, "the JSON document of a run; - for stdin", flags=("result",)),
    # not `dest="output"`: the CLI writes a command's text there
    K("png", T.TEXT, "where to write the picture", "FILE.png", flags=("-o", "--output"),
      dest="png", required=True),
)

# ---------------------------------------------------------------- capture, import-blackbox

CAPTURE_KUBE_VERSION = "1.35"  # kubesim.behaviour.capture.KUBE_VERSION
CAPTURE = _by_name(
    K("url", T.TEXT, "base URL of the service, e.g. http://127.0.0.1:8000 (loopback only "
      "unless --allow-remote)", flags=("url",)),
    K("paths", T.REPEAT, "a path to probe, e.g. /livez (repeatable)", "P", flags=("--path",),
      dest="paths", required=True),
    K("interval", T.NUMBER, "seconds between probes of one path (0.5)", "S", default=0.5),
    K("timeout", T.NUMBER, "client timeout, like timeoutSeconds; a timeout is recorded with "
      "this latency (1)", "S", default=1.0),
    K("duration", T.NUMBER, "seconds to capture (60)", "S", default=60.0),
    K("launch", T.TEXT, "start the app with this shell command (own process group): t=0 is "
      "its start (given to it as KUBESIM_CAPTURE_T0, a time.monotonic() reading); stopped "
      "with SIGTERM (then SIGKILL) at the end", "CMD"),
    K("grace", T.NUMBER, "seconds between SIGTERM and SIGKILL when stopping the app "
      "(default: as the kubelet, the --spec pod's terminationGracePeriodSeconds, else 30)",
      "S"),
    K("spec", T.TEXT, "the pod's manifest or a probe spec: its terminationGracePeriodSeconds "
      "is the app's --grace", "FILE"),
    K("container", T.TEXT, "the --spec container the app is (when it holds several pods)",
      "NAME"),
    K("app_log", T.TEXT, "write the launched app's stdout and stderr here (default: discard)",
      "FILE"),
    K("on_restart", T.TEXT, "meta.on_restart of the trace (default: replay with --launch, "
      "else wall)", choices=TRACE_RESTARTS),
    K("kube_version", T.TEXT, f"User-Agent kube-probe/X.Y ({CAPTURE_KUBE_VERSION})", "X.Y",
      default=CAPTURE_KUBE_VERSION),
    K("allow_remote", T.SWITCH, "allow a URL whose host is not loopback"),
    K("progress", T.TEXT, "progress line on stderr: auto = when stderr is a terminal",
      choices=("auto", "always", "never"), default="auto"),
    K("trace_file", T.TEXT, "the trace file to write (JSONL)", "FILE",
      flags=("-o", "--output"), dest="trace_file", required=True),
)
IMPORT_BLACKBOX = _by_name(
    K("files", T.REPEAT, "query_range JSON; METRIC= names the metric of series without "
      "__name__ (e.g. probe_success=ok.json)", "[METRIC=]FILE", flags=("files",), nargs="+"),
    K("target", T.REPEAT, "probe target key for an instance label (repeatable), e.g. "
      "'http://10.0.0.5:8000/healthz=/healthz'", "INSTANCE=TARGET"),
    K("job", T.TEXT, "only series with this job label", "NAME"),
    K("timeout", T.NUMBER, "the blackbox module's timeout: a failure without HTTP status that "
      "lasted this long is recorded as a timeout (else: refused)", "S"),
    *output_options(("jsonl",)),
)
