"""`kubesim explain` holds every fact of the corpus of real records (issue 30, item 5):
tests/data/explain/real/ has records people pasted in public threads, and facts.yaml the four
facts an expert reads from each record and its thread (never from kubesim's output; the
vocabulary is in that directory's README.md). Each record runs through the command line
(`kubesim explain RECORD --format json`) and its diagnosis (the container's `answer`) must say
what facts.yaml says: what ended the container, which probes failed, how many probe kills the
record shows (a range), and whether it shows any failure at all.

Records whose layout the reader cannot read yet are marked xfail(strict=True) with the
reason, so that they turn red here (and the mark must go) the day the reader reads them.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from kubesim.cli.main import main

REAL = Path(__file__).resolve().parent / "data" / "explain" / "real"
FACTS: dict[str, dict[str, Any]] = yaml.safe_load((REAL / "facts.yaml").read_text())["records"]

# what keeps a record from its facts: a reader's gap (refused or misread before the diagnosis
# sees it) or a reading the diagnosis does not make
# held-out batch 6: 5 of 11 at first contact, 11 of 11 after its fixes; held-out batch 7: 6 of
# 11 at first contact (main 3e20f7a), the five misses all refusals; 11 of 11 after the reader
# fixes of holdout7 (no fact changed); held-out batch 8: 6 of 10 at first contact (main
# ffbd16b), three refusals and one open kill range; 10 of 10 after the fixes of holdout8 (one
# fact changed as the facts rules require: k8s-pr8200's kills, see facts.yaml); held-out batch
# 9 (GitHub threads): 8 of 11 at first contact (main e7e02ef), a refusal and two closed kill
# ranges; 11 of 11 after the fixes of holdout9 (no fact changed); its second part 1 of 2 (a
# piece's second container not read), 2 of 2 after; held-out batch 10 (web pages): 10 of 11 at
# first contact (1993cd0), then 2 of 2 (ebe30ef), the miss left open below; held-out batch
# 11: 6 of 10 at first contact (0ac9235; one miss a fact misread, corrected with its
# reason in facts.yaml), 10 of 10 after the fixes of holdout11; its second part 3 of 4 (an
# init container's name at column 0, then --container of an init container), 4 of 4 after;
# its third part 3 of 3 at first contact (b57d810)
# held-out batch 14 (layouts the corpus had least of): 10 of 10 at first contact (01d9d4e);
# the defects its text outputs showed beyond the four facts are fixed (no fact changed); its
# second part 2 of 2 at first contact (6b2f8be); held-out batch 13 (web pages only): 4 of
# 10 at first contact (b074811), four refusals, a describe's pod named only by its command
# and a kill range; 9 of 10 after the fixes of holdout13 (no fact changed), one left below;
# held-out batch 12 (GitHub threads of new projects): 8 of 14 at first contact (6516b27; two
# misses facts misread, corrected with their reasons in facts.yaml), 14 of 14 after the
# fixes of holdout12; its second part 3 of 3 at
# first contact (2f7a10d), its third part 3 of 3 (034b1a1); held-out batch 16 (web pages
# only, probe failures preferred): 6 of 10 at first contact (92c34e5), three refusals (a pod
# status run into one line, a status at column 0 first in the paste, a placeholder pod name)
# and describe's state fields on one line not read; 10 of 10 after the fixes of holdout16
# (two kill ranges of the facts corrected by the counting rules, see facts.yaml);
# held-out batch 15 (GitHub threads of 11 new projects): 11 of 12 at first contact
# (bf64392; a traceback on a probe URL
# `http://[:8080]/healthy`), 12 of 12 after the fixes of holdout15 (no fact changed; seven
# text defects beyond the facts fixed);
# held-out batch 17 (kubelets 1.27-1.36, 2023-2026): 3 of 10 at first contact (214ae05),
# two refusals, an init container's crash loop read as the app container's, three kill
# ranges and two facts naming no container where the record names several (corrected with
# their reason in facts.yaml); 8 of 10 after the fixes of holdout17, two left below;
# held-out batch 18 (GitHub threads of 9 new projects, 2018-2023): 8 of 10 at first contact
# (9d9efe1), a kill range of the facts corrected by the counting rules (see facts.yaml) and a
# cut Killing row read as six liveness kills; 9 of 10 after, that one left below (three text
# defects beyond the facts fixed in holdout18);
# held-out batch 19 (web pages in Japanese, Chinese, Russian): 6 of 10 at first contact
# (1234776), four refusals (describe's Reason and Exit Code without their State line, twice;
# a JSON knowledge base's entry cut; `get pod -A -owide | grep` rows run into one line without
# their header); 8 of 10 after the fixes of holdout19, two left below
# held-out batch 20 (GitHub threads and web pages): 2 of 8 at first contact (5cad8b5, the final
# main of stop 40), no fixes made; the six misses are marked below
NOT_READ: dict[str, str] = {
    # held-out batch 19, open after its fixes: two refusals
    "errorcanon-cloud-run-startup-probe.json-knowledge-base-signature-startup-503-cut.txt": (
        "an error knowledge base's JSON entry, cut at a line's end, whose `signature` string "
        "holds a startup probe's message: no pod's JSON (its keys are the knowledge base's, "
        "`id`, `signature`, `regex`), so explain refuses it naming the line where the JSON "
        "ends cut; reading a message out of any JSON document's string values would take "
        "any string for a record, which no reader does"),
    "lyyao09-blog.root-prompt-get-pod-grep-three-placeholder-pods-one-line.txt": (
        "`kubectl get pod -A -owide|grep server` and its three rows run into one line, the "
        "header filtered out by grep: the runs reader puts a table back only after its "
        "header (NAME READY STATUS RESTARTS AGE), and rows without it, their columns told "
        "only by the command's flags (-A: NAMESPACE first; -owide: IP and NODE after AGE), "
        "are refused as not a record"),
    "velog-koo8624-calico-bird.korean-get-pods-row-and-describe-message.txt": (
        "its readiness failure is calico-node's probe output pasted without its event row "
        "(`calico/node is not ready: BIRD is not ready: ...`, no `Readiness probe failed:`): "
        "telling a readiness probe from that message takes calico's knowledge, not a "
        "reader's: the words `is not ready` do not name readiness, calico's liveness check "
        "prints them too (`Liveness probe failed: calico/node is not ready: Felix is not "
        "live`, projectcalico/calico#3420); only `BIRD is not ready` is its readiness "
        "check's (-bird-ready); explain answers cannot tell which probe holds the running, not-Ready "
        "container out (kind not-ready), with no probe failed and no failure shown"),
    # held-out batch 17: a kill range (explain says it cannot tell what ended the container,
    # as the facts do)
    "k8s-131346.startup-yaml-and-describe-events-whole-x7-cut.txt": (
        "the pod's events from Scheduled, the last row (startup failed x7) cut in its message: "
        "explain leaves the kills open (rows after the cut may hold a kill), the facts count "
        "none: the one container (Created and Started rows of count 1) started 32 s before "
        "the record, and its startup probe (failureThreshold 30, period 10) kills no earlier "
        "than 290 s after a start, while liveness waits for startup's success (R1.27). A row "
        "of count 1 bounds nothing in explain (a row of one shows no restart, nor how that "
        "container ended): bounding the kills by the earliest kill the probe settings allow "
        "after the last start is the rule this needs, which explain does not make yet"),
    "kube-router-1670.details-describe-events-liveness-once-cut.txt": (
        "the paste ends after the From cell of `Started 11m (x2 over 12m)`, the row's message "
        "(the container it counts) cut away, beside three image pulls: explain bounds the "
        "kills by that count (two starts, at most one kill, as llm-d-sim-45's facts read a "
        "Started row cut in its cells), the facts leave them open (the row may count another "
        "container's starts, an init container's of the same image). Whose starts a Started "
        "row cut before its message counts, the README's counting rules do not settle, and "
        "two entries read it apart: llm-d-sim-45's facts bound its kills by such a row "
        "(`Started 25m (x2 over 2`, cut), this one's do not; making the row bound nothing "
        "where the record lists no container (tried at stop 41) holds this record and breaks "
        "that one"),
    # held-out batch 20 (first contact on the final main of stop 40, no fixes)
    "kubernetes-18704.triple-backtick-e2e-event-line-liveness-one-line.txt": (
        "an e2e log's `INFO: event for liveness-http: {kubelet ...} Unhealthy: Liveness probe "
        "failed: ...` between triple backticks on one line: explain refuses it as not a record "
        "it reads; the facts read a liveness failure at least once, cannot-tell, kills 0 or more"),
    "openshift-origin-pr21536.monitor-lines-several-pods-liveness-readiness-cut.txt": (
        "an OpenShift monitor's event lines (`Nov 25 01:24:22.203 W pod=... ns=... Liveness "
        "probe failed: ...`) of several pods: explain refuses them as not a record it reads; "
        "the facts read package-server's liveness failure, cannot-tell, kills 0 or more"),
    "bitnami-charts-32863.get-pods-two-rows-then-events-combined-readiness-x29297.txt": (
        "`get pods` of two pods then describe events naming no pod (one readiness row x29297): "
        "explain keeps the events apart as a pod of their own and answers for the 0/1 pod "
        "that it cannot tell why it is not Ready, no probe failed, nothing shown; the facts "
        "read the events as that pod's (the thread's), readiness-only, readiness failed"),
    "kubernetes-21751.jenkins-prefixed-e2e-log-restarts-0-expected-1.txt": (
        "an e2e log whose lines Jenkins prefixed with a time (`06:07:58 Feb 23 ...: INFO: "
        "... restart count of pod liveness-exec is 0`): explain refuses it as not a record it "
        "reads; the facts read a running pod with 0 restarts and no failure: cannot-tell, "
        "no kill, nothing shown"),
    "kubequest-lifecycle-events.state-terminated-oomkilled-exit-137-comment-flattened.txt": (
        "a State block flattened one key a line (`State:`, `Terminated`, `Exit Code: 137 # "
        "SIGKILL`, `Reason: OOMKilled`): explain leaves `Terminated` and the `yaml` label "
        "unread and answers that the record shows nothing (cannot-tell, kills 0 or more); the "
        "facts read an OOMKilled current state, no probe kill"),
    "k3s-mirror-liveness-readme.hash-prompt-get-pods-two-pods-0-one-line.txt": (
        "`# kubectl get pods` run into one line with its header, the README's `[...]` and two "
        "pods' rows: explain refuses it as not a record it reads; the facts read liveness-exec "
        "1/1 Running with 0 restarts: cannot-tell, no kill, nothing shown"),
    # held-out batch 24
    "azure-container-apps-723.system-log-json-lines-startup-podunhealthy-count-cut.txt": (
        "held-out batch 24: not yet run (measured by the lead at the end of the session)"),
    "securecodebox-2265.kubelet-log-line-probe-failed-readiness-in-code-span.txt": (
        "held-out batch 24: not yet run (measured by the lead at the end of the session)"),
    "openshiftio-2425.console-row-pipes-readiness-503-run-into-18-times.txt": (
        "held-out batch 24: not yet run (measured by the lead at the end of the session)"),
    "nixkube-37.event-rows-no-age-killing-liveness-then-laststate-exit-143-restart-2.txt": (
        "held-out batch 24: not yet run (measured by the lead at the end of the session)"),
    "sonarqube-helm-325.describe-pipe-tail-killing-liveness-backoff-x19.txt": (
        "held-out batch 24: not yet run (measured by the lead at the end of the session)"),
    "anveshmuppeda-exit-code-143.pod-yaml-liveness-failure-threshold-1-indentation-lost.txt": (
        "held-out batch 24: not yet run (measured by the lead at the end of the session)"),
    "duoke360-30147.chinese-dollar-prompt-get-pods-hello-world-crashloop-5.txt": (
        "held-out batch 24: not yet run (measured by the lead at the end of the session)"),
    "fzlops-pods-restarting.probe-yaml-liveness-readiness-startup-actuator-alone.txt": (
        "held-out batch 24: not yet run (measured by the lead at the end of the session)"),
    "chatterboxvr-754.japanese-probe-yaml-flow-mappings-three-probes-indentation-lost.txt": (
        "held-out batch 24: not yet run (measured by the lead at the end of the session)"),
    "duoke360-30017.chinese-journalctl-grep-kubelet-probe-failed-placeholder-line.txt": (
        "held-out batch 24: not yet run (measured by the lead at the end of the session)"),
}


def explain_args(path: Path, facts: dict[str, Any]) -> list[str]:
    """The command line the corpus runs a record (or a copy of it, test_explain_wrappers.py)
    through, with the pod and container its facts name."""
    args = ["explain", str(path), "--format", "json", "--no-suggest", "--phases", "1"]
    if "pod" in facts:
        args += ["--pod", facts["pod"]]
    if "container" in facts:
        args += ["--container", facts["container"]]
    return args


@functools.cache
def _explained(name: str) -> tuple[int, str, str]:
    """`kubesim explain` of the record as `_args` asks, once a process: (exit code, stdout,
    stderr). The tests below read a record each, and then the records that cannot tell again."""
    return explained(REAL / name, FACTS[name])


def explained(path: Path, facts: dict[str, Any]) -> tuple[int, str, str]:
    """`kubesim explain` of the file at `path` for a record of these facts: (exit code,
    stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(explain_args(path, facts))
    return code, out.getvalue(), err.getvalue()


def _run(name: str) -> dict[str, Any]:
    return answer_of(*_explained(name))


def answer_of(code: int, out: str, err: str) -> dict[str, Any]:
    """The `answer` of the record's container, from the command line's JSON."""
    assert code == 0, err
    doc = json.loads(out)
    containers = doc["containers"]
    assert len(containers) == 1, [c["name"] for c in containers]
    answer = containers[0]["answer"]
    assert answer is not None
    return answer


def _probes(value: Any) -> set[str]:
    if value == "none":
        return set()
    return set(value if isinstance(value, list) else [value])


def _cases() -> list[Any]:
    out = []
    for name in sorted(FACTS):
        marks = [pytest.mark.xfail(strict=True, reason=NOT_READ[name])] if name in NOT_READ \
            else []
        out.append(pytest.param(name, marks=marks, id=name))
    return out


@pytest.mark.parametrize("name", _cases())
def test_explain_holds_the_facts(name: str) -> None:
    assert_holds(_run(name), FACTS[name])


def assert_holds(answer: dict[str, Any], facts: dict[str, Any]) -> None:
    """The judgment: the answer says the four facts of the record, and nothing else."""
    got = {"ended": answer["cause"], "probe": set(answer["failed"]),
           "probe_kills": answer["probe_kills"], "shows_failures": answer["shows_failures"]}
    want = {"ended": facts["ended"], "probe": _probes(facts["probe"]),
            "probe_kills": facts["probe_kills"], "shows_failures": facts["shows_failures"]}
    assert got == want, answer["text"]


def test_cannot_tell_says_why() -> None:
    """Every record the diagnosis cannot tell about says so, and why."""
    told = 0
    for name, facts in sorted(FACTS.items()):
        if name in NOT_READ or facts["ended"] != "cannot-tell":
            continue
        answer = _run(name)
        assert answer["cause"] == "cannot-tell"
        assert "cannot tell" in answer["text"] and answer["because"], answer
        told += 1
    assert told >= 5
