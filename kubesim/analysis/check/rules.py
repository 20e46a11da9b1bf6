"""The checks of `kubesim check`: one table of ids, names, titles and severities.

Every check reports at a severity chosen by a named case of this table (`Rule.case`): the
checks read it, `kubesim rules` prints it, every report format and the SARIF rules carry it,
and each rule page's `## Severity` section is `severity_markdown(rule)` word for word (a test
holds the pages to it). The pages themselves ship inside the package (`kubesim/rules/`), so
`kubesim rules KS001` prints one wherever kubesim is installed.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from enum import IntEnum
from importlib.resources import files

__all__ = ["ASSUMED_CAP", "RULES", "Case", "Rule", "Severity", "page", "rule_ids",
           "rule_of", "severity_markdown", "what_it_finds"]


class Severity(IntEnum):
    """How bad a finding is; `--fail-on` compares against it."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Case:
    """One condition a check reports under, and the severity it reports then."""

    key: str
    severity: Severity
    when: str  # the condition, as the rule page and `kubesim rules` state it


@dataclass(frozen=True)
class Rule:
    """One check: a stable id, a slug name, a one-line title, and its cases (most severe
    first). `capped_when_assumed`: its evidence comes from a given scenario or trace, so a
    behaviour that names no workload and was applied to several caps it at a warning
    (ASSUMED_CAP)."""

    id: str
    name: str
    title: str
    cases: tuple[Case, ...]
    enabled_by: str | None = None  # the option that turns it on, if it is off by default
    off_with: str | None = None  # the option that turns it off, if it is on by default
    capped_when_assumed: bool = False

    @property
    def severity(self) -> Severity:
        """The most severe case: SARIF's default level, the rule's headline severity."""
        return max(c.severity for c in self.cases)

    def case(self, key: str) -> Case:
        """The case a check names (KeyError on a typo: a test runs every case)."""
        return next(c for c in self.cases if c.key == key)

    @property
    def command(self) -> str:
        """How a user reads the rule's page."""
        return f"kubesim rules {self.id}"


ASSUMED_CAP = (
    "A scenario or trace that names no workload (no `applies_to`, no binding in "
    ".kubesim.yaml) and is applied to several workloads is an assumption about each of them: "
    "its paths matched. Then a finding from it is at most a warning, and says so.")

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741 (the table's letters)
MISSING_OFF = "--no-missing-probes"  # or check.missing_probes: false

RULES: dict[str, Rule] = {r.id: r for r in (
    Rule("KS001", "liveness-readiness-same-endpoint",
         "Liveness and readiness probe the same endpoint", (
             Case("evidence", E, "a given scenario or trace shows a dependency behind the "
                  "shared endpoint (the endpoint `depends_on` a dependency that goes down, or "
                  "fails while another probed target keeps passing) and the simulated outage "
                  "restarts the container at some grid phase (or kills it, where its "
                  "restartPolicy keeps a killed container down)"),
             Case("evidence-absorbed", W, "the same evidence is there, but the thresholds absorb "
                  "the outage at every grid phase"),
             Case("hypothetical", W, "the probe is httpGet or exec, no given scenario or trace "
                  "shows what is behind the endpoint, and the outage restarts (or kills) the "
                  "container: "
                  "the outage is hypothetical (kubesim assumes the endpoint may check a "
                  "dependency, as a shared endpoint often does); give a scenario or trace to "
                  "turn it into evidence, or ignore the check if the endpoint checks only the "
                  "process"),
             Case("hypothetical-absorbed", I, "the probe is httpGet or exec, there is no "
                  "evidence, and the outage kills nothing"),
             Case("own-process", I, "the probe is tcpSocket or grpc and there is no "
                  "evidence: it asks the process itself (its port, its own health "
                  "service), and a failing answer there is when a restart is wanted"),
         ), capped_when_assumed=True),
    Rule("KS002", "dependency-in-liveness",
         "Liveness target fails because of a dependency", (
             Case("restarts", E, "in a given scenario or trace the liveness target fails "
                  "because of a dependency (it `depends_on` one that goes down, or fails "
                  "while another target of the workload keeps passing) and that restarts the "
                  "container at some grid phase (or kills it, where its restartPolicy keeps a "
                  "killed container down)"),
             Case("absorbed", W, "the same happens, but the liveness thresholds absorb it at "
                  "every grid phase"),
         ), capped_when_assumed=True),
    Rule("KS003", "startup-protection-too-short",
         "Startup protection shorter than the startup time", (
             Case("killed", E, "a start as slow as the one seen in a given scenario or trace "
                  "(or stated with --startup-seconds) is killed at some grid phase"),
             Case("over", W, "the start is longer than the protection guaranteed at every "
                  "grid phase, but no simulated phase killed it"),
         ), capped_when_assumed=True),
    Rule("KS004", "timeout-not-below-period", "timeoutSeconds at or over periodSeconds", (
        Case("skips", W, "timeoutSeconds > periodSeconds: while the target hangs, the "
             "worker skips ticks and the kubelet asks less often than periodSeconds says, so "
             "a hang is caught later than failureThreshold x periodSeconds"),
        Case("back-to-back", I, "timeoutSeconds == periodSeconds: calls run back to back, "
             "none skipped"),
    )),
    Rule("KS005", "initial-delay-instead-of-startup-probe",
         "Long liveness initialDelaySeconds without a startup probe", (
             Case("delay", W, "liveness initialDelaySeconds is over --max-initial-delay (30 s) "
                  "and there is no startupProbe: every start, each restart too, goes "
                  "unwatched that long"),
         )),
    Rule("KS006", "hang-recovery-over-bound",
         "Hang detection + grace + back-off over --max-hang-recovery", (
             Case("over", E, "from a hang to the replacement container running takes longer "
                  "than the bound, guaranteed over the grid phases, or no replacement ever "
                  "runs (the container's restartPolicy keeps a killed container down)"),
         ), enabled_by="--max-hang-recovery"),
    Rule("KS007", "ready-recovery-over-bound", "Readiness recovery over --max-ready-recovery", (
        Case("over", E, "from a dependency's recovery to Ready again takes longer than the "
             "bound, guaranteed over the grid phases"),
    ), enabled_by="--max-ready-recovery"),
    Rule("KS008", "missing-readiness-probe", "Container without a readiness probe", (
        Case("serves", W, "a long-running container serves (it declares a port, or a Service "
             "in the inputs selects its pod) and no container of its pod has a "
             "readinessProbe: the pod takes traffic as soon as it starts"),
        Case("serves-others", W, "the same container has no readinessProbe of its own and "
             "another container's (an injected proxy's) does not ask its process: the pod's "
             "Ready says nothing of this app"),
    ), off_with=MISSING_OFF),
    Rule("KS009", "missing-liveness-probe", "Container without a liveness probe", (
        Case("missing", I, "a long-running app container has no livenessProbe, and no "
             "container of its pod has one: a hung process is never restarted; a judgement "
             "call (a liveness probe that asks the wrong thing does more harm than none), so "
             "never more than info"),
        Case("missing-own", I, "the same, in a pod where another container has a "
             "livenessProbe that does not ask this container's process (it restarts only its "
             "own container)"),
    ), off_with=MISSING_OFF),
    Rule("KS010", "probe-port-not-declared",
         "Probe on a named port the container does not declare", (
             Case("undeclared", E, "an httpGet or tcpSocket probe names a port the container "
                  "does not declare: every call is a prober error"),
         )),
    Rule("KS011", "probe-target-unresolvable", "Probe host the kubelet cannot reach as meant", (
        Case("invalid", E, "the host is not a valid URL host: every call is a prober error"),
        Case("loopback", W, "the host is localhost or a loopback address, without "
             "hostNetwork: the probe asks the node, not the pod"),
        Case("cluster-dns", W, "the host is a cluster DNS name: the node's resolver usually "
             "cannot resolve it"),
    )),
    Rule("KS012", "replicas-restart-together",
         "Replicas restart together under the given behaviour", (
             Case("together", E, "under a given scenario or trace, two or more of the "
                  "workload's replicas are killed within 30 s of each other"),
             Case("apart", W, "replicas are killed under it, but never two within 30 s of "
             "each other"),
         ), capped_when_assumed=True),
    Rule("KS013", "fleet-out-of-service",
         "The whole fleet is out of the Service longer than --max-zero-capacity", (
             Case("over", E, "under a given scenario or trace, no replica serves for longer "
                  "than --max-zero-capacity"),
         ), enabled_by="--max-zero-capacity", capped_when_assumed=True),
    Rule("KS014", "prestop-shorter-than-propagation",
         "Traffic reaches a deleted pod after it stopped listening", (
             Case("refused", I, "a deleted replica stops listening before the endpoint "
                  "propagation delay (--propagation) has passed: it depends on whether the app "
                  "keeps accepting connections while it drains"),
         ), enabled_by="--propagation"),
    Rule("KS015", "rollout-below-min-capacity",
         "A rolling update takes capacity below --rollout-min-capacity", (
             Case("below", E, "fewer endpoints serve during the simulated rollout than "
                  "--rollout-min-capacity"),
         ), enabled_by="--rollout-min-capacity"),
    Rule("KS016", "slow-start-unprotected",
         "A slow starter's start-up protection is shorter than its start can take", (
             Case("no-startup-probe", W, "the manifest says the container starts slowly (a "
                  "database, a JVM application, Prometheus, etcd, Loki, Thanos: the table "
                  "below), it has a livenessProbe and no startupProbe, and liveness protects "
                  "less start-up than the table assumes: an assumption from the manifest, not "
                  "a measurement"),
             Case("short-startup-probe", W, "the same, with a startupProbe whose budget is "
                  "shorter than the table's start-up"),
         ), off_with=MISSING_OFF),
    Rule("KS100", "expectation-not-checked", "A declared expectation could not be checked", (
        Case("unchecked", I, "the inputs give nothing to check the expectation on"),
    )),
    Rule("KS101", "expect-no-restart", "Expectation failed: no restart", (
        Case("failed", E, "the container restarted in a given scenario or trace (the "
             "healthy app without one) at some grid phase, or a probe killed it and its "
             "restartPolicy kept it down"),
    )),
    Rule("KS102", "expect-not-ready-within",
         "Expectation failed: not Ready within N s of an outage", (
             Case("failed", E, "during an outage of the readiness target the pod stayed Ready "
                  "longer than N s at some grid phase"),
         )),
    Rule("KS103", "expect-ready-within", "Expectation failed: Ready within N s of start", (
        Case("failed", E, "the pod first became Ready later than N s after its first "
             "container started (or never) at some grid phase"),
    )),
    Rule("KS104", "expect-survives-stall", "Expectation failed: survives a stall of N s", (
        Case("failed", E, "a stall of the whole process for N s restarts (or kills) the "
             "container at some grid phase"),
    )),
)}


def rule_of(token: str) -> Rule | None:
    """A rule by id (`KS001`, any case) or name (`liveness-readiness-same-endpoint`)."""
    token = token.strip()
    return RULES.get(token.upper()) or next((r for r in RULES.values() if r.name == token),
                                            None)


def rule_ids() -> str:
    """`KS001-KS016, KS100-KS104`: the ids, as error messages name them."""
    numbers = sorted(int(r[2:]) for r in RULES)
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"KS{r[0]:03d}" + (f"-KS{r[-1]:03d}" if len(r) > 1 else "") for r in runs)


def severity_markdown(rule: Rule) -> str:
    """The `## Severity` section of the rule's page, as the table says it."""
    lines = ["## Severity", ""]
    if rule.enabled_by:
        lines += [f"Off unless `{rule.enabled_by}` is given.", ""]
    if rule.off_with:
        lines += [*textwrap.wrap(f"On by default; `{rule.off_with}` (or `missing_probes: false` "
                                 "under `check:` in .kubesim.yaml) turns it off.", width=96),
                  ""]
    for c in rule.cases:
        lines += textwrap.wrap(f"* **{c.severity.label}** when {c.when}.", width=96,
                               subsequent_indent="  ", break_on_hyphens=False,
                               break_long_words=False)
    if rule.capped_when_assumed:
        lines += ["", *textwrap.wrap(ASSUMED_CAP, width=96, break_on_hyphens=False)]
    return "\n".join(lines) + "\n"


def page(rule: Rule) -> str:
    """The rule's page (markdown), from the installed package."""
    return files("kubesim").joinpath("rules", f"{rule.id}.md").read_text(encoding="utf-8")


def what_it_finds(rule: Rule) -> str:
    """The first paragraph of the page's `## What it finds`, on one line."""
    text = page(rule).split("## What it finds", 1)[1].lstrip("\n")
    return " ".join(text.split("\n\n", 1)[0].split())
