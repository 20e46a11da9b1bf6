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

from kubesim.analysis.wants import WANTS
from kubesim.options import Option, ValueKind

__all__ = ["BEHAVIOUR", "CENSORED", "CHECK", "CONFIG", "CONTAINER", "DEFAULT_MAX_WORK",
           "DEFAULT_RENDER_TIMEOUT", "ENGINE", "EXPLAIN", "KUBELET", "LIVE", "LIVE_GROUP",
           "MANY_TRACES", "PROFILES", "RENDER", "RENDER_GROUP", "RUN", "SEED", "SUGGEST",
           "TRACE_RESTARTS", "WINDOWS", "duration_option", "html_option", "max_work_option", "output_options"]

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


def _by_name(*options: Option) -> dict[str, Option]:
    return {o.name: o for o in options}


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
      choices=("auto", "binary", "library"), default="auto"),
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
           "results)", choices=("fast", "simpy"), default="fast")

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
                "FILE")


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


def output_options(formats: tuple[str, ...], help: str | None = None
                   ) -> tuple[Option, Option]:
    """--format (the first is the default) and --output/-o."""
    return (K("format", T.TEXT, help, choices=formats, default=formats[0]),
            K("output", T.TEXT, "write here instead of stdout", "FILE",
              flags=("--output", "-o")))


def html_option() -> Option:
    """--html FILE: a self-contained HTML report besides the command's usual output."""
    return K("html", T.TEXT, "also write a self-contained HTML report with an interactive "
             "timeline (opens offline in any browser)", "FILE.html")


CONTAINER = K("container", T.TEXT, "which container's probes", "NAME")
SEED = K("seed", T.SEED, "random seed (0)", "N", default=0)

# ---------------------------------------------------------------- run and windows

RUN = _by_name(
    duration_option(), SEED,
    K("phase", T.NUMBER, "pin the probe grid: ticks at S + k*periodSeconds", "S"),
    K("phases", T.INTEGER, "also run at N grid phases and summarise how the outcome varies",
      "N"),
    CONTAINER,
    K("changes_only", T.SWITCH, "text: show a probe call only where its outcome changes, with "
      "how many calls in a row gave it"),
    K("plot", T.TEXT, "also draw the timeline as a PNG picture (needs kubesim[plot])",
      "FILE.png"),
    ENGINE, max_work_option(),
)
WINDOWS = _by_name(CONTAINER, max_work_option())

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
    K("scenarios", T.BEHAVIOUR, "synthetic behaviour to check against (repeatable)", "FILE",
      flags=("--scenario",)),
    K("traces", T.BEHAVIOUR, "recorded behaviour to check against (repeatable)", "FILE",
      flags=("--trace",)),
    K("trace_restart", T.TEXT, "what every trace means after a restart (default: its meta)",
      choices=TRACE_RESTARTS),
    K("censored", T.TEXT, "how recorded timeouts shorter than timeoutSeconds count",
      choices=CENSORED),
    duration_option("scenario or trace", T.SECONDS),
    K("seed", T.INTEGER, "random seed; phase i uses seed+i (0)", "N", default=0),
    # kubesim.render.check_formats.FORMATS (tests/test_option_declarations.py holds the two)
    *output_options(("text", "json", "junit", "sarif", "github"), "text, json, junit, sarif, "
                    "or github (workflow commands: an annotation per finding on the pull "
                    "request)"),
    K("sarif", T.TEXT, "also write the SARIF report here, besides --format's output (the "
      "GitHub Action: annotations and code scanning from one run)", "FILE"),
    K("skip_non_manifests", T.SWITCH, "skip a named file that is not a manifest or probe spec "
      "(values.yaml, a Helm template) with a note, instead of exit 2; files found in a "
      "directory are always skipped so (for pre-commit hooks)"),
    K("allow_empty", T.SWITCH, "input with no Kubernetes object passes (default: exit 2, so a "
      "failed `helm template | kubesim check -` does not pass the gate)"),
    K("ignore", T.REPEAT, "do not count this check (id or name; repeatable, comma-separated)",
      "ID"),
    K("expectations", T.TEXT, "expectations file (YAML)", "FILE"),
    ENGINE, max_work_option(),
    *CONFIG.values(),
)

# ---------------------------------------------------------------- suggest

SUGGEST = _by_name(
    K("expect", T.PAIRS, "; ".join(f"{k}=S: {v.format(s='S')}" for k, v in WANTS.items())
      + " (repeatable)", "KIND=S"),
    K("scenarios", T.BEHAVIOUR, "which endpoints a dependency outage fails (depends_on), and "
      "which it leaves alone (repeatable)", "FILE", flags=("--scenario",)),
    K("traces", T.BEHAVIOUR, "the same, recorded", "FILE", flags=("--trace",)),
    K("trace_restart", T.TEXT, None, choices=TRACE_RESTARTS),
    K("censored", T.TEXT, None, choices=CENSORED),
    K("duration", T.SECONDS, "simulated seconds per scenario/trace when re-checking", "S"),
    K("workload", T.TEXT, "only this object (name or Kind/name)", "NAME"),
    K("container", T.TEXT, "only this container", "NAME"),
    K("phases", T.COUNT, "grid phases every confirmation runs at (20, or check.phases of "
      ".kubesim.yaml)", "N"),
    SEED,
    # kubesim.render.suggest_formats.FORMATS (tests/test_option_declarations.py holds the two)
    *output_options(("text", "yaml", "json", "sarif")),
    ENGINE, max_work_option(),
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
    K("now", T.TEXT, "when the record was taken (RFC 3339 or as describe prints times): "
      "places describe's ages on the clock", "TIME"),
    K("pod", T.TEXT, "which pod, when the record holds several", "NAME"),
    K("container", T.TEXT, "only this container", "NAME"),
    K("spec", T.TEXT, "the pod's manifest or a probe spec: probe settings the record lacks",
      "FILE"),
    K("expect", T.PAIRS, "what the fix must meet (default: drawn from the record): "
      + "; ".join(f"{k}=S" for k in WANTS) + " (repeatable)", "KIND=S"),
    K("suggest", T.NEGATED, "skip what would have prevented it", flags=("--no-suggest",)),
    K("phases", T.INTEGER, "grid phases the replay runs at (8)", "N", default=8),
    K("seed", T.INTEGER, "random seed (0)", "N", default=0),
    max_work_option(),
)
