"""`kubesim explain` holds every fact of the corpus of real records (issue 30, item 5):
tests/data/explain/real/ has records people pasted in public threads, and facts.yaml the four
facts an expert reads from each record and its thread (never from kubesim's output; the
vocabulary is in that directory's README.md). Each record runs through the command line
(`kubesim explain RECORD --format json`) and its diagnosis (the container's `answer`, or the
pod's where the facts name no container and explain answers for the pod) must say what
facts.yaml says: what ended the container, which probes failed, how many probe kills the
record shows (a range), and whether it shows any failure at all.

Records whose layout the reader cannot read yet are marked xfail(strict=True) with the
reason, so that they turn red here (and the mark must go) the day the reader reads them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import explain_cli, kill_bounds

REAL = Path(__file__).resolve().parent / "data" / "explain" / "real"
# libyaml's safe loader where PyYAML has it (test_explain_corpus_facts.py's): the same document
# in a tenth of the time, which every xdist worker pays when it collects this module
FACTS: dict[str, dict[str, Any]] = yaml.load(  # (a safe loader)
    (REAL / "facts.yaml").read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)
)["records"]

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
# main of stop 40), no fixes made; the six misses are marked below; 5 of 8 after the fixes of pieces20
# (a state's value on the next line, a table run into one line with a cut, events naming no
# pod given to the one pod of a table they can be about; no fact changed), which also read
# batch 19's grep'd rows by their command's flags (9 of 10 for batch 19); its three refusals
# of log lines (an e2e event line, OpenShift monitor lines, an e2e log under Jenkins' times)
# hold after the CI log readers of logs20 (a0601b7): 8 of 8
# held-out batch 21 (the kubelet's own log): 1 of 12 at first contact (742e21e), eleven
# refusals as not a record explain reads; its second part (a structured 1.2x journal) 0 of 1
# (6ba47e1), refused; after the klog reader (0c877bc) 7 of the 9 kept, and 3 of the 4 held back
# from it (a kubelet log of no use refused), 4 of 4 after that fix: 11 of 13
# held-out batch 21b (GitHub threads of 7 new projects, 2021-2025): 8 of 11 at first contact
# (d3848c7), `--container daprd` refused (a describe piece starting at its name under `...`),
# a Killing `definition changed` counted as a possible probe kill, a startup row above a
# describe read as another pod; 10 of 11 after the fixes of holdout21, and its kill range
# (dapr-docs-2972) by the README's rule of stop 41 (a count without its state: R + 1): 11 of 11
# held-out batch 20b (CI logs): 0 of 7 at first contact (7d2c1f6), 3 of 7 on the reader of
# those fixes, 6 of 7 after the fixes of logs20 (no fact changed), one left below
# held-out batch 22 (web pages only): 7 of 11 at first contact (74e9869), three refusals (a
# probe failure quoted in a sentence, Reason and Exit Code in a sentence, a jsonpath object)
# and remarks after a state's values read as its reason; 11 of 11 after the fixes of holdout22;
# its second part 1 of 2 at first contact (1f480e8: a probe's message without its colon not
# read as that probe's failure), 2 of 2 after
NOT_READ: dict[str, str] = {
    # held-out batch 19, open after its fixes: two refusals (the grep'd rows run into one
    # line, lyyao09-blog, read since pieces20 by their command's flags): one left
    "errorcanon-cloud-run-startup-probe.json-knowledge-base-signature-startup-503-cut.txt": (
        "an error knowledge base's JSON entry, cut at a line's end, whose `signature` string "
        "holds a startup probe's message: no pod's JSON (its keys are the knowledge base's, "
        "`id`, `signature`, `regex`), so explain refuses it naming the line where the JSON "
        "ends cut; reading a message out of any JSON document's string values would take "
        "any string for a record, which no reader does"),
    "velog-koo8624-calico-bird.korean-get-pods-row-and-describe-message.txt": (
        "its readiness failure is calico-node's probe output pasted without its event row "
        "(`calico/node is not ready: BIRD is not ready: ...`, no `Readiness probe failed:`): "
        "telling a readiness probe from that message takes calico's knowledge, not a "
        "reader's: the words `is not ready` do not name readiness, calico's liveness check "
        "prints them too (`Liveness probe failed: calico/node is not ready: Felix is not "
        "live`, projectcalico/calico#3420); only `BIRD is not ready` is its readiness "
        "check's (-bird-ready); explain answers cannot tell which probe holds the running, not-Ready "
        "container out (kind not-ready), with no probe failed and no failure shown"),
    # held-out batch 20b (CI logs): 0 of 7 at first contact (logs20 at 7d2c1f6, all refused),
    # 3 of 7 on the reader of the batch-20 fixes (a0601b7), 6 of 7 after the fixes they
    # showed; the miss left, kata-containers-9665, holds since rules43 (README's counting
    # rule of failures in a row)
    # held-out batch 23 (collected with its facts by a helper who never ran kubesim on it):
    # first contact on 71e404d, the misses
    "structuring-tistory-205.korean-ready-status-1-of-2-crashloop-and-bullets-cut.txt": (
        "held-out batch 23, first contact on the session's final merged code (71e404d): exit "
        "2: not a record explain reads; so still after fix23a. What ended sidecar-mem-hog is "
        "only in the page's prose bullets (`- sidecar-mem-hog: OOMKilled → 재시작 반복`): a "
        "container's name as a list item's key, no status, reason or exit code key and no "
        "command's output; the output of `kubectl get pod sidecar-oom-demo -w` is cut to two "
        "of its five columns (`READY STATUS` / `1/2 CrashLoopBackOff`: no name, restarts nor "
        "age) and names no container, so `--container sidecar-mem-hog` has nothing to read. "
        "Reading `NAME: WORD` bullets as containers' states would take any list of names for "
        "a record, which no reader does; explain refuses it, naming what it reads. Checked "
        "again after left43, which reads a bullet keyed by a container's name where the record "
        "names that container elsewhere (a `-o jsonpath` of containers' names and its output, "
        "a manifest's or a status's `- name:`): this record's `kubectl describe pod "
        "sidecar-oom-demo` is cut after its command (`아래 ` and nothing), and no other line "
        "names sidecar-mem-hog or main-app, so that rule leaves it unread"),
    # held-out batch 24 (collected with its facts by a helper who never ran kubesim on it):
    # first contact on 71e404d, the misses; sonarqube-helm-325 holds since rules43
    # held-out batch 26
    # held-out batch 27
    # held-out batch 28
    "jeongchul-tistory-828.korean-issue-block-calico-bird-not-ready-messages.txt": (
        "held-out batch 28, first contact on fe2eb25 (the stop's final code): exit 2 kubesim: "
        "error: jeongchul-tistory-828.korean-issue-block-calico-bird-not-ready-messages.txt: "
        "not a record explain reads"),
    "koti-dev-liveness-probe-failure.figure-text-restartcount-5-running-probe-timeout-run-together.txt": (
        "held-out batch 28, first contact on fe2eb25 (the stop's final code): exit 2 kubesim: "
        "error: "
        "koti-dev-liveness-probe-failure.figure-text-restartcount-5-running-probe-timeout-run-together.txt: "
        "not a record explain reads. Still so after fix28b: the labels are run together with "
        "nothing between a value and the next key (`restartCount: 5status: Running(warmup: "
        "45s)1probe`, `timeoutSeconds: 1failureThreshold: 3`), so where a value ends is a "
        "guess (`5` or `5s`, `1` or `1probe`), and the liveness failure the facts read is a "
        "diagram's arrow label (`→ probe timeout(app still loading)`), no event, message or "
        "state; a reader of figure labels would take a guess the README's rules forbid, so "
        "explain refuses it naming what it reads"),
    # held-out batch 31: euno-news-three-probes holds since flatnest (a manifest re-nested by its kind)
    # held-out batch 32: amazon-vpc-cni-k8s-1038 and aws-ebs-csi-driver-1299 hold since
    # podlevel (the pod's answer where their probe failures name none of their containers),
    # qiita-masahata-9e7d05af since runs (an old table's NAME cell is the event's own name)
    # held-out batch 33: 6 of 10 at first contact on stop 43's final code (e082eed); the misses:
    # deepcodenews holds since fixoneline, dayanyrec and faun-keskad since fixprose, falco-1571
    # since podends (the pod's answer for an end naming no container)
    # held-out batch 34: 8 of 10 at first contact on stop 43's final code (e082eed); the misses
    # hold: weave-3938 since fixklog, brainreview since fixprose
    # held-out batch 35: 5 of 10 at first contact on this stop's final code (33f1f93); the misses
    # hold but juejin: gitcode-spark since prose35, pulsar and nats since titles35, volcengine
    # since sandbox36
    "juejin-7550160737245184034.chinese-blog-prose-probe-messages-run-together-exit-143-probe-yaml-one-line.txt": (
        "held-out batch 35, first contact on this stop's final code (33f1f93): no failure "
        "shown, kills open, where the facts read the Chinese post's probe messages run "
        "together, the exit code 143 and the author's statement that Kubernetes killed the "
        "container as liveness-kill {1, null} (liveness and readiness failed): the prose and "
        "the run-together messages are not read. Still so after prose35: its kill is stated "
        "of `K8s` (`被 K8s 杀掉的`, `Exit Code =143` in prose) with no probe named, so the "
        "rule of a probe stated as a kill's agent does not read it, and its probe messages "
        "run together (`...refusedLiveness probe failed: ...`) are not split"),
    # held-out batch 36: 4 of 10 at first contact on this stop's final code (33f1f93); the misses
    # hold but devidevs: adrianbailador, najnesnaj since prose35, virtualization-docs since
    # sandbox36, envoy-gateway and authentik since events36
    "devidevs-crashloopbackoff-ro.romanian-guide-symptoms-state-oomkilled-137-and-unhealthy-liveness-503-readiness-refused-flattened.txt": (
        "held-out batch 36, first contact on this stop's final code (33f1f93): reads the "
        "Romanian guide's symptom blocks as one container's record, oom-killed {0, 0} with "
        "liveness and readiness failed, where the facts read them as separate examples under "
        "separate headings: cannot-tell, {0, null}"),
    # held-out batch 37: 5 of 10 at first contact on stop 44's final code (580f0f7); all hold
    # since fixprose38, fixrows38 and fixobj38
    # held-out batch 38: 3 of 8 at first contact on stop 44's final code (580f0f7); all but
    # unisbadri-health-check hold since fixprose38, fixrows38 and fixobj38
    # held-out batch 39: 7 of 10 at first contact on this stop's code (1079b80); all hold after
    # the fixes of fix39a and fix39b
    # held-out batch 40: 4 of 7 at first contact on this stop's code (1079b80); all hold after
    # the fixes of fix39a and fix39b
    # held-out batch 41: 4 of 10 at first contact on this stop's final code (93a5e05); 8 of 10
    # after fix41rows, fix41grep and fix41prose
    "dev-green-tistory-148.korean-pod-yaml-busybox-liveness-exec-ls-then-prose-back-off-first-liveness-failed.txt": (
        "held-out batch 41, first contact on this stop's final code (93a5e05): no failure shown, "
        "kills {0, null}, where the facts read liveness-kill {1, null}: the Korean prose stating "
        "the container in back-off because its liveness probe failed is not read (fix41prose: still "
        "so; the back-off (`재시작 대기(back-off) 중`) and its cause (`이유는 ... livenessProbe가 "
        "실패했기 때문입니다`) are two paragraphs apart, and a rule joining them across paragraphs "
        "needs its own unread variants: left marked; fixprose50: still so, cannot-tell, no "
        "failure shown, {0, null}; the README's Korean rule reads a probe's failure as the cause "
        "of a back-off in one sentence, and here the back-off's sentence (`다시 말해, ... 재시작 "
        "대기(back-off) 중인 것입니다`) restates a when-done sentence (`이렇게 실행 시 back-off 상태에 "
        "빠지게 됩니다`, which states none: eks-charts-983, the Korean rule's `상태가 됩니다`) and "
        "the heading `문제 이유` stands between it and the reason's sentence: joining them needs a "
        "rule that reads a restated when-done sentence as the case, against that precedent; "
        "left marked, reported)"),
    "the-practical-developer-oom-killer-nodejs.incident-blog-prose-crashloopbackoff-container-restarted-kubernetes-reported-oomkilled.txt": (
        "held-out batch 41, first contact on this stop's final code (93a5e05): refused (exit 2, "
        "not a record explain reads): an incident blog's prose (`the container restarted eight "
        "seconds later`, `Kubernetes reported the reason ...: OOMKilled`) is not read; the facts "
        "read oom-killed {0, 0} (fix41prose: still so; the reason's sentence holds `if you knew "
        "where to look`, a conditional's word the prose rules read as what may happen, and the "
        "restart is in the paragraph above: an exception for that phrase would be keyed to "
        "this record's words); fixprose77: read (stated-restart) as `the container restarted` "
        "of the case's own container, no cause given: got [None] {ended: cannot-tell, probe: "
        "[], probe_kills: {min: 0, max: None}, shows_failures: True}; the reason's sentence "
        "still not read, for the same conditional's word"),
    # held-out batch 42: 6 of 8 at first contact on this stop's final code (93a5e05); 7 of 8
    # after fix41grep
    "wordpress-k8s-operator-138.comment-prose-alert-three-restarts-in-ten-minutes-then-prompt-describe-grep-liveness-cut.txt": (
        "held-out batch 42, first contact on this stop's final code (93a5e05): no failure shown "
        "where the facts read failures shown: the author's prose of an alert (`3 restarts under "
        "10 minutes ... It happened twice today`) is not read as restarts of the case (fix41prose: "
        "still so; `it` stands for the alert whose general definition is the sentence before, "
        "and no rule reads a pronoun's happening as the case's restarts: left marked)"),
    # held-out batch 43: 7 of 10 at first contact on stop 45's final code (2139ad1); all hold
    # after fixobj43 and fixprose43
    # held-out batch 44: 3 of 10 at first contact on stop 45's final code (2139ad1); all hold
    # after fixobj43, fixprose43 and fixcounts43 (two facts corrected by the README's rules)
    # held-out batch 45: 8 of 10 at first contact on stop 45's final code (2139ad1); all hold
    # after fix45 and fixprose45
    # held-out batch 46: 7 of 10 at first contact on stop 45's final code (2139ad1); all hold
    # after fix45 and fixprose45
    # held-out batch 47: 5 of 10 at first contact on a7232e1 (every fix of batches 43-46); all
    # but 553668-manong-171745 hold after fixwatch47, fixprose47, fixzot and fixmix47 (two facts
    # corrected by the README's rules)
    # held-out batch 48: 5 of 10 at first contact on a7232e1 (every fix of batches 43-46); all
    # hold after fixprose47 and fixwatch47 (two facts corrected by the README's rules)
    # held-out batch 49: 4 of 10 at first contact on this stop's final reader code (ff3d3d1);
    # all hold after fixrefuse49, fixalert49, fixcount49 and fixmd49
    # held-out batch 50: 3 of 9 at first contact on this stop's final reader code (ff3d3d1);
    # all but mojo2600-pihole-kubernetes-21 and gavinmcfall-home-ops-2417 hold after
    # fixrefuse49, fixalert49 and fixcount49
    # held-out batch 53: 4 of 10 at first contact on stop 46's final code (0f2d306)
    # held-out batch 51: 9 of 10 at first contact on stop 46's final code (0f2d306)
    # held-out batch 52: 6 of 10 at first contact on stop 46's final code (0f2d306)
    # held-out batch 54: 9 of 10 at first contact on this stop's code with every fix of batches 49-53
    # (6d1050e; stash-690 held by the pod's answer, which the first count misjudged)
    # held-out batch 55: 7 of 10 at first contact on this stop's code with every fix of batches 49-53 (6d1050e)
    # held-out batch 56: 5 of 10 at first contact on this stop's code with every fix of batches 49-53 (6d1050e)
    # held-out batch 57: 3 of 10 at first contact on this stop's final code (31eaa0a)
    # held-out batch 58: 5 of 8 at first contact on this stop's final code (31eaa0a)
    # held-out batch 59: 7 of 10 at first contact on stop 47's final code (8e397af)
    # held-out batch 60: 2 of 9 at first contact on stop 47's final code (8e397af)
    # held-out batch 61: 5 of 10 at first contact on stop 47's final code (8e397af)
    # held-out batch 62: 6 of 9 at first contact on this stop's code with its first five fixes (e966b4f)
    # held-out batch 63: 5 of 9 at first contact on this stop's code with its first five fixes (e966b4f)
    # held-out batch 64: 0 of 5 at first contact on this stop's code with its first five fixes (e966b4f)
    # held-out batch 65: 7 of 10 at first contact on this stop's final code (bfbf105)
    # held-out batch 66: 5 of 10 at first contact on this stop's final code (bfbf105)
    # held-out batch 67: 4 of 10 at first contact on stop 48's final code (3710881), 5 of 10
    # against the facts the lead corrected
    # held-out batch 68: 6 of 10 at first contact on stop 48's final code (3710881)
    # held-out batch 69: 3 of 9 at first contact on stop 48's final code (3710881), 5 of 9
    # against the facts the lead corrected
    # held-out batch 70: 7 of 10 at first contact on stop 48's reader code with fixkernel67 (38032b0)
    # held-out batch 71: 5 of 8 at first contact on stop 48's reader code with fixkernel67 (38032b0); the other three hold after fixasia72
    # held-out batch 72: 8 of 10 at first contact on stop 48's reader code with fixkernel67 (38032b0)
    # held-out batch 73: 9 of 10 at first contact on this stop's reader code (fcc8e39, every
    # fix of this stop but fixexit72)
    # held-out batch 74: 6 of 10 at first contact on this stop's reader code (fcc8e39, every
    # fix of this stop but fixexit72)
    # held-out batch 75: 7 of 10 at first contact on this stop's final code (3ffa748)
    # held-out batch 76: 4 of 10 at first contact on this stop's final code (3ffa748)
    # held-out batch 77: 6 of 10 at first contact on stop 49's final code (23578df)
    # (cmdbuild-docker-11, marked since, holds since fixmarked51: a stop of the case's own pod
    # stated in the author's prose, stated_stop.py)
    # held-out batch 78: 4 of 10 at first contact on stop 49's final code (23578df)
    # held-out batch 79: 7 of 9 at first contact on stop 49's final code (23578df):
    # opentelemetry-collector-contrib-31282 ended in a RecursionError (a re-nested Pod re-nested
    # without end), mended at 142fa8c, where it holds
    # held-out batch 80: 5 of 9 at first contact on stop 49's final code (23578df)
    # held-out batch 81: 5 of 5 at first contact on stop 49's final code (23578df)
    # held-out batch 82: 4 of 7 at first contact on stop 49's final code (23578df)
    # held-out batch 83: 10 of 10 at first contact on this stop's code with three of its four fixes (966450c)
    # held-out batch 84: 7 of 10 at first contact on this stop's code with three of its four fixes (966450c)
    # held-out batch 85: 2 of 4 at first contact on this stop's final code (aa152fa)
    "eshoponcontainers-1356.issue-prose-my-mvc-crashloop-then-powershell-prompt-get-pods-all-running-0-cut-in-nosql-row-before-webmvc.txt": (
        "held-out batch 85, first contact on this stop's final code (aa152fa): got [None] "
        "{ended: cannot-tell, probe: [], probe_kills: {min: 0, max: 0}, shows_failures: "
        "False}; [None] {ended: cannot-tell, probe: [], probe_kills: {min: 0, max: 0}, "
        "shows_failures: False}; [None] {ended: cannot-tell, probe: [], probe_kills: "
        "{min: 0, max: 0}, shows_failures: False}; [None] {ended: cannot-tell, probe: [], "
        "probe_kills: {min: 0, max: 0}, shows_failures: False}; [None] {ended: "
        "cannot-tell, probe: [], probe_kills: {min: 0, max: 0}, shows_failures: False}; "
        "[None] {ended: cannot-tell, probe: [], probe_kills: {min: 0, max: 0}, "
        "shows_failures: False}; [None] {ended: cannot-tell, probe: [], probe_kills: "
        "{min: 0, max: 0}, shows_failures: False}; [None] {ended: cannot-tell, probe: [], "
        "probe_kills: {min: 0, max: 0}, shows_failures: False}; [None] {ended: "
        "cannot-tell, probe: [], probe_kills: {min: 0, max: 0}, shows_failures: False}; "
        "[None] {ended: cannot-tell, probe: [], probe_kills: {min: 0, max: 0}, "
        "shows_failures: False}; [None] {ended: cannot-tell, probe: [], probe_kills: "
        "{min: 0, max: 0}, shows_failures: False}; [None] {ended: cannot-tell, probe: [], "
        "probe_kills: {min: 0, max: 0}, shows_failures: False}; want {ended: cannot-tell, "
        "probe: [], probe_kills: {min: 0, max: None}, shows_failures: False}"
        " Left marked by the lead at stop 51: explain answers each of the twelve pods the "
        "table shows ({0, 0}, each Running with no restart), which is what the record shows of "
        "them; the case (`my mvc`) is no pod of the table, and the corpus test judges one "
        "answer. Holding it needs explain to say that the prose's case is none of the pods "
        "shown (a reader of the stated case against the table), not a change of the facts"),
    # held-out batch 87: 9 of 10 at first contact on this stop's final code (8e6e3f9); the
    # miss, kubespray-2897 (a `get pods` row in parentheses; `And keeps restarting.` read as a
    # restart of a name `And`), holds after the lead's fix of both
    # held-out batch 88: 9 of 10 at first contact on this stop's final code (8e6e3f9); the
    # miss, alauda-kubeflow-chart-45 (its `get pods` row in a code span, the sentence's `。`
    # right after the closing backtick), holds since fixmarked51 (normalise.py's _CODE_ENDED)
    # held-out batch 90
    # held-out batch 92
    # held-out batch 89
    # held-out batch 93
    "jyh4358-msa-practice-phase-16-kubernetes.korean-notes-fenced-before-after-db-scaled-to-0-three-pods-0-1-running-0-restarts-0-then-readiness-failed-503-and-deadline-lines.txt": (
        "held-out batch 93, first contact on stop 51's code (f385a453): got exit 2: kubesim: erro"
        "r: jyh4358-msa-practice-phase-16-kubernetes.korean-notes-fenced-before-after-db-scaled-t"
        "o-0-three-pods-0-1-running-0-restarts-0-then-readiness-failed-503-and-deadline-lines.txt"
        ": no pod named 'order-service-…-c57x2' in the record (pods: (unnamed)); want {'ended': '"
        "readiness-only', 'probe': 'readiness', 'probe_kills': {'min': 0, 'max': 0}, 'shows_failu"
        "res': True}"
        " Left marked by the lead at stop 51 (fixrows93's finding): the readiness lines name n"
        "o pod and all three pods are 0/1 Running 0; the README keeps events naming no pod ap"
        "art where several pods could be theirs, so the facts' readiness-only of one of them "
        "needs a rule no record yet justifies (a pod 0/1 with no restart may wait on a startu"
        "p probe too)"),
    # held-out batch 91
    # held-out batch 94
    # held-out batch 95: kratos-1931, marked at first contact (a readiness probe's YAML beside
    # prose of 503 and restarts), holds since fixmarked52b (never_ready.py: the case's pod never
    # Ready while its endpoint answers a status of failure, beside its readiness probe alone)
    # held-out batch 96
    # held-out batch 97
    # held-out batch 98
    # held-out batch 100
    # held-out batch 99
    # held-out batch 101
    # held-out batch 103
    # held-out batch 102
    # held-out batch 104
    # held-out batch 105
    # held-out batch 106
    # held-out batch 108
    # held-out batch 107
    # held-out batch 112
    # held-out batch 111
    # held-out batch 113
    # held-out batch 114
    # held-out batch 115
    "commonly-814.pr-comment-probe-budget-code-block-startup-195s-plus-grace-observed-lifetimes-220s-then-prose-cut.txt": (
        "held-out batch 115, first contact on stop 53's code (cd65fdd7): got exit 2: kubesim: err"
        "or: commonly-814.pr-comment-probe-budget-code-block-startup-195s-plus-grace-observed-lif"
        "etimes-220s-then-prose-cut.txt: not a record explain reads: expected kubectl describe po"
        "d, kubectl get pod -o yaml|json, kubectl get events (any layout, or -o json|y; want {'en"
        "ded': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max': None}, 'shows_fai"
        "lures': True}"
        " Left marked by the lead at stop 53 (fixprose53c's finding): its facts rest on l"
        "ifetimes stated in a code block (`#444 223s · #445 220s · #446 220s`) read as th"
        "ree ends of the case's container, a sentence with no subject of the case's; no g"
        "eneral rule reads stated lifetimes as ends without guessing, and `lifetime` has "
        "other senses"),
    # held-out batch 116
    "cozystack-1996.pr-heading-prose-on-slow-hardware-kubelet-kills-containers-liveness-allows-33s-then-release-note.txt": (
        "held-out batch 116, first contact on stop 54's code (b91fc3f2): got exit 2: kubesim: err"
        "or: cozystack-1996.pr-heading-prose-on-slow-hardware-kubelet-kills-containers-liveness-a"
        "llows-33s-then-release-note.txt: not a record explain reads: expected kubectl describe p"
        "od, kubectl get pod -o yaml|json, kubectl get events (any layout, or -o json|; want {'en"
        "ded': 'liveness-kill', 'probe': 'liveness', 'probe_kills': {'min': 1, 'max': None}, 'sho"
        "ws_failures': True}"
        " Left marked by the lead at stop 54 (killprose54's finding): under `## What this PR does"
        "` (a remedy's heading, sections.py), `kubelet kills containers because the livenessProbe"
        " only allows ~33 seconds` is a bare plural object in the present with no word of the cas"
        "e's own and no crash loop stated: read so, every guide's mechanism sentence would be a k"
        "ill; the facts' expert reading rests on the thread's context, the strict reading (its Do"
        "ubt) is cannot-tell"),
    "sapcc-helm-charts-11365.pr-prose-delays-up-to-209s-killing-at-least-one-agent-leading-to-crash-looping.txt": (
        "held-out batch 116, first contact on stop 54's code (b91fc3f2): got exit 2: kubesim: err"
        "or: sapcc-helm-charts-11365.pr-prose-delays-up-to-209s-killing-at-least-one-agent-leadin"
        "g-to-crash-looping.txt: not a record explain reads: expected kubectl describe pod, kubec"
        "tl get pod -o yaml|json, kubectl get events (any layout, or -o json|yaml), ku; want {'en"
        "ded': 'liveness-kill', 'probe': 'liveness', 'probe_kills': {'min': 1, 'max': None}, 'sho"
        "ws_failures': True}"
        " Left marked by the lead at stop 54 (killprose54's finding): the subject of `killing` is"
        " `delays` and its object `at least one agent` is no pod or container; reading a liveness"
        " kill needs the probe inferred as the agent from the sentence before: its Doubt's strict"
        " reading (cannot-tell) is what explain can defend"),
    # held-out batch 117
    "moj-cloud-platform-7427.issue-incident-background-pods-failed-to-start-probe-failures-then-get-events-failedmount-cut-after-object.txt": (
        "held-out batch 117, first contact on stop 54's code (b91fc3f2): got [None] {'ended': 'ca"
        "nnot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': None}, 'shows_failures': False"
        "}; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max': None}"
        ", 'shows_failures': True}"
        " Left marked by the lead at stop 54 (failprose54's finding): the `probe failures` stand "
        "in a `such as` list of `Some Prometheus pods` (a guide's enumeration by the prose rules,"
        " runs.py's _GENERAL) with no service named as the author's; its Doubt (the failures may "
        "be the other replicas') is a fair reading"),
    # held-out batch 118
    "sivabuilds-liveness-vs-readiness.note-problem-prose-shared-health-check-timed-out-kubernetes-marked-pods-unhealthy-and-restarted-them-then-table-and-yaml.txt": (
        "held-out batch 118, first contact on stop 54's code (b91fc3f2): got [None] {'ended': 'ca"
        "nnot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': None}, 'shows_failures': False"
        "}; want {'ended': 'liveness-kill', 'probe': ['liveness', 'readiness'], 'probe_kills': {'"
        "min': 1, 'max': None}, 'shows_failures': True}"
        " Left marked by the lead at stop 54 (prosespec54's finding): explain reads its probe YAM"
        "L and answers the spec alone, its prose unread (a page whose paste readers find a spec a"
        "lone never reaches the prose readers); prosespec54's reading of both was merged and reve"
        "rted (it lost a cut spec's untold probes in a Deployment beside prose: test_explain_fixc"
        "ounts77); the prose (`Kubernetes marked pods as unhealthy and restarted them`) would nee"
        "d four widenings at once besides, only the first (a bare `pods` in a first-person incide"
        "nt) with a principle an expert would state."
        " prosespec55 re-applied the reading of both, a cut spec's probes kept untold (read.py "
        "`_cut_with_its_spec`): this page still answers as its spec, the prose readers reading "
        "none of its sentences (told.told_alone reads nothing of it), so the widenings above "
        "remain"),
    "forestry-status-kd2ft0n5nfv9.status-page-incident-report-containers-used-more-memory-than-allowed-kubernetes-ended-up-killing-the-fleet.txt": (
        "held-out batch 118, first contact on stop 54's code (b91fc3f2): got exit 2: kubesim: err"
        "or: forestry-status-kd2ft0n5nfv9.status-page-incident-report-containers-used-more-memory"
        "-than-allowed-kubernetes-ended-up-killing-the-fleet.txt: not a record explain reads: exp"
        "ected kubectl describe pod, kubectl get pod -o yaml|json, kubectl get events ; want {'en"
        "ded': 'oom-killed', 'probe': 'none', 'probe_kills': {'min': 0, 'max': 0}, 'shows_failure"
        "s': True}"
        " Left marked by the lead at stop 54 (oomprose54's finding): the kill (`it ended up killi"
        "ng all the container fleet`, Kubernetes its agent) is two sentences from the memory over"
        "run, a general present between (`kills off all pods that cross ...`); its Doubt (the kub"
        "elet's eviction under node memory pressure, no OOMKilled) is a fair expert reading, and "
        "joining them has no rule that is not this record's"),
    "ops0-kubernetes-incidents.product-docs-incident-timeline-container-api-exited-with-code-1-restarted-twice-crashloopbackoff-detected-then-logs-cut.txt": (
        "held-out batch 118, first contact on stop 54's code (b91fc3f2): got exit 2: kubesim: err"
        "or: ops0-kubernetes-incidents.product-docs-incident-timeline-container-api-exited-with-c"
        "ode-1-restarted-twice-crashloopbackoff-detected-then-logs-cut.txt: not a record explain "
        "reads: expected kubectl describe pod, kubectl get pod -o yaml|json, kubectl g; want {'en"
        "ded': 'app-exit', 'probe': 'none', 'probe_kills': {'min': 0, 'max': 0}, 'shows_failures'"
        ": True}"
        " Left marked by the lead at stop 54 (failprose54's finding): a product page's example ti"
        "meline (`Container 'api' exited with code 1`, restarted twice) with no probe settings: t"
        "he README's exit rule cannot weigh an exit against the kills a probe could make without "
        "them (an app may exit 1 on SIGTERM), so {0, 0} needs a rule no record justifies; its Dou"
        "bt's strict reading is cannot-tell {0, 2}"),
    # held-out batch 119
    "margince-5561.issue-monitor-heading-crash-looping-63-restarts-then-metrics-bullets-last-terminated-reason-error-waiting-crashloopbackoff-cut.txt": (
        "held-out batch 119, first contact on stop 54's code (7f5ca957): got exit 2: kubesim: err"
        "or: margince-5561.issue-monitor-heading-crash-looping-63-restarts-then-metrics-bullets-l"
        "ast-terminated-reason-error-waiting-crashloopbackoff-cut.txt: no pod named 'api-applicat"
        "ion-765476f487-pr9jz' in the record (pods: api-application); want {'ended': 'app-exit', "
        "'probe': 'none', 'probe_kills': {'min': 0, 'max': 0}, 'shows_failures': True}"
        " Left marked by the lead at stop 54 (oomsaid54's finding): kube-state-metrics values wri"
        "tten in prose bullets (`kube_pod_container_status_restarts_total`, `last_terminated_reas"
        "on{reason=Error}`) under backticked pod names after `Pod` have no reader (alert_labels.p"
        "y reads alert labels only); its Doubt (reason Error with no exit code may be a kill's en"
        "d) is a fair reading"),
    # held-out batch 120
    "hyune-c-kurlypay-startup-probe.portfolio-prose-health-check-interval-1-minute-restarted-the-pod-repeated-pod-restarts-then-startupprobe-fix.txt": (
        "held-out batch 120, first contact on stop 54's code (7f5ca957): got exit 2: kubesim: err"
        "or: hyune-c-kurlypay-startup-probe.portfolio-prose-health-check-interval-1-minute-restar"
        "ted-the-pod-repeated-pod-restarts-then-startupprobe-fix.txt: not a record explain reads:"
        " expected kubectl describe pod, kubectl get pod -o yaml|json, kubectl get eve; want {'en"
        "ded': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max': None}, 'shows_fai"
        "lures': True}"
        " Left marked by the lead at stop 54 (crashsaid54's finding): its one statement has a `he"
        "alth check` restart the pod repeatedly, a probe's work by its words; its facts' `probe: "
        "none` needs a rule of a health check that is no probe, which no record justifies (its Do"
        "ubt reads a liveness or startup kill)"
        " Lead's decision at stop 55 (fc55p's finding): by R4.1 and R4.4 a restart or kill the re"
        "cord says a failing health check caused is at least one liveness or startup kill, which "
        "probe not told; rubygems-org-6342 and hyune-c-kurlypay-startup-probe now both read so ({"
        "1, null}, probe none; hyune-c's facts were {0, null}). Explain has no answer of 'a probe"
        "'s kill, which probe not told' (a Killing of unknown cause counts as maybe no probe's, m"
        "in 0): left marked until the diagnosis has it. crashcatch55 (stop 55) reads its statement as"
        " a restart of no cause told, {0, null}: one kill short of the kubelet's reading"
        " probekill55: the diagnosis has it now (KillCause.PROBE), and the kubelet's or a health "
        "check's kill of the case's pod for a failing check reads it; this record's restart is a "
        "design's conditional (`the structure automatically restarted the pod if ...`) and its su"
        "mmary's `caused repeated pod restarts` has the startup as subject and no pod of the case"
        "'s: still not read by it (crashcatch55 reads it as a restart of no cause, {0, null})"),
    "shipmonk-exit-137-kubernetes-gitlab-runners.blog-prose-job-failed-command-terminated-with-exit-code-137-our-pod-killed-cause-unknown-cut.txt": (
        "held-out batch 120, first contact on stop 54's code (7f5ca957): got exit 2: kubesim: err"
        "or: shipmonk-exit-137-kubernetes-gitlab-runners.blog-prose-job-failed-command-terminated"
        "-with-exit-code-137-our-pod-killed-cause-unknown-cut.txt: not a record explain reads: ex"
        "pected kubectl describe pod, kubectl get pod -o yaml|json, kubectl get events; want {'en"
        "ded': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max': None}, 'shows_fai"
        "lures': True}"
        " Left marked by the lead at stop 54 (crashsaid54's finding): the kill is told only insid"
        "e a blog's general discussion (`deserves to be killed`) and `command terminated with exi"
        "t code 137` is a job command's status, not the container's state: no rule reads them as "
        "the case's end"),
    # held-out batch 121
    # fc55s: facts of risingwave-operator-461's shape written before its rule
    # held-out batch 122
    # held-out batch 123
    # held-out batch 124
    # held-out batch 125
    # held-out batch 126
    # held-out batch 127
    "kiam-94.issue-prose-readiness-failing-on-two-masters-third-in-crash-loop-backoff-liveness-failing-then-fenced-probe-failed-fatal-context-deadline.txt": (
        "held-out batch 127, first contact on stop 55's code after its fixes (190d85f2): got exit 2: kubesim: err"
        "or: kiam-94.issue-prose-readiness-failing-on-two-masters-third-in-crash-loop-backoff-liv"
        "eness-failing-then-fenced-probe-failed-fatal-context-deadline.txt: not a record explain "
        "reads: expected kubectl describe pod, kubectl get pod -o yaml|json, kubectl g; want {'en"
        "ded': 'cannot-tell', 'probe': ['liveness', 'readiness'], 'probe_kills': {'min': 0, 'max'"
        ": None}, 'shows_failures': True}"
        " Left marked by the lead at stop 55 (fc55r's finding): the liveness failure's subject is"
        " `the 3rd node` and the readiness failures' `the server runs on ... with some readiness "
        "probes failing`; no README rule reads a node or a server as standing for a DaemonSet's p"
        "od, and the two statements on one line would have to be joined into one answer"
        " pagectx56 (stop 56): still needs a rule of a node or server standing for a DaemonSet's "
        "pod and two clauses of one line joined into one answer: more than one general rule, left"),
    "cross-media-measurement-165.issue-fenced-cue-readiness-exec-probe-then-fenced-get-pods-four-aggregator-pods-0-1-running-0-cut-in-ready.txt": (
        "held-out batch 127, first contact on stop 55's code after its fixes (190d85f2): got [None] {'ended': 'ca"
        "nnot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': 0}, 'shows_failures': False}; "
        "want {'ended': 'readiness-only', 'probe': 'readiness', 'probe_kills': {'min': 0, 'max': "
        "0}, 'shows_failures': True}"
        " Left marked by the lead at stop 55: the readiness probe is in a CUE template, which exp"
        "lain does not read, so the record shows no probe; and the facts' Doubt stands: AGE 74s i"
        "s the pod's, not the container's start, and a readiness probe runs once the container st"
        "arts (R1.13), so a not-Ready running container shows a failure only where it started lon"
        "ger ago than the probe's timeout, which the record does not tell"),
    "cheese-quizz-6.issue-prose-then-fenced-istio-policy-then-pod-go-into-crashloopback-because-liveness-and-readiness-probes-are-rejected.txt": (
        "held-out batch 127, first contact on stop 55's code after its fixes (190d85f2): got exit 2: kubesim: err"
        "or: cheese-quizz-6.issue-prose-then-fenced-istio-policy-then-pod-go-into-crashloopback-b"
        "ecause-liveness-and-readiness-probes-are-rejected.txt: not a record explain reads: expec"
        "ted kubectl describe pod, kubectl get pod -o yaml|json, kubectl get events (a; want {'en"
        "ded': 'cannot-tell', 'probe': ['liveness', 'readiness'], 'probe_kills': {'min': 0, 'max'"
        ": None}, 'shows_failures': True}"
        " Left marked by the lead at stop 55 (fc55r's finding): read alone, `Pod go into CrashLoo"
        "pBack status because liveness and readiness probes are rejected` is a liveness kill by t"
        "he fixprose38 rule ({1, null}); the facts' {0, null} rests on the sentence before (`when"
        " applying this policy`, the eks-charts-983 rule), and no reader carries a `when` across "
        "sentences"
        " pagectx56 (stop 56): nothing reads the sentence alone either: a bare `Pod` subject in t"
        "he present, `are rejected` as a probe's failure, a back-off caused by two probes named ("
        "even `because liveness and readiness probes fail` gives probe none) and the `when` carri"
        "ed from the sentence before: four readings, not one rule; the README's eks-charts-983 wo"
        "rding corrected to `states no kill`"),
    # held-out batch 129
    # held-out batch 131
    # held-out batch 128
    "prometheus-community-3701.issue-form-prose-liveness-and-readiness-failing-401-pod-stuck-in-crashloopbackoff-then-configmap-reload-block-running-0-cut-in-mounts.txt": (
        "held-out batch 128, first contact on stop 56's code (d0e4ee28): got [prometheus-server-c"
        "onfigmap-reload] {'ended': 'cannot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': "
        "0}, 'shows_failures': False}; want {'ended': 'cannot-tell', 'probe': ['liveness', 'readi"
        "ness'], 'probe_kills': {'min': 0, 'max': None}, 'shows_failures': True}"
        " Left marked by the lead at stop 56 (fc56c's finding): three pieces are needed and none "
        "alone makes it hold: the probes' sentence (`Liveness and Readiness HTTP prob failing`: H"
        "TTP between the names and the misspelt `prob`, no verb before `failing`), the crash loop"
        " of a bare `Prometheus pod` after `After deployment,`, and not giving a failure of no co"
        "ntainer to the one container the record shows where that container's whole block lists n"
        "o probe of that kind (tried: 9 holding records would miss, e.g. containerd-3781, k8s-115"
        "469, redis-13636); its facts rest on readings the README does not state yet (its Doubt)"),
    # held-out batch 130
    # held-out batch 132
    "grpc-32875.pr-description-fenced-json-startupprobe-threshold-3-period-3-then-seven-kubelet-lines-killing-container-with-a-grace-period.txt": (
        "held-out batch 132, first contact on stop 56's code after its first fix (b010c2d4): got exit 2: kubesim: err"
        "or: grpc-32875.pr-description-fenced-json-startupprobe-threshold-3-period-3-then-seven-k"
        "ubelet-lines-killing-container-with-a-grace-period.txt:1: not a record explain reads: li"
        "ne 1 speaks of a startup probe (\"…fault value. The final `startupProbe` looke; want {'e"
        "nded': 'startup-kill', 'probe': 'startup', 'probe_kills': {'min': 7, 'max': None}, 'show"
        "s_failures': True}"
        " Left marked by the lead at stop 56 (fix56e's finding): three readers are needed, none t"
        "here: a probe given as JSON (the author's JSON also misses a closing brace), kubelet lin"
        "es of the form `HH:MM:SS.micro \"Killing container with a grace period\"` with no kl"
        "og header, and the tie of kills of no stated cause to the one killing probe of the paste"
        "d spec. fix57a (stop 57) added the first two (readers/json_probe.py; klog.py `_timed`): "
        "explain now reads the startup probe's JSON (failureThreshold 3, period 3) and the seven "
        "lines as seven kills of no stated cause, each at least once: got {'ended': 'cannot-tell"
        "', 'probe': [], 'probe_kills': {'min': 0, 'max': None}, 'shows_failures': True}. The th"
        "ird is no rule of the README (its rule on kills whose message names no probe: not a prob"
        "e kill unless the record shows the probe behind it; a Killing row's probe is shown by th"
        "at probe's failures reaching its threshold or its earlier kills in the same wording, not "
        "by its settings alone), and explain has it for no describe or events record (a describe"
        " of one startup probe and `Killing container with a grace period` x3 answers cannot-tell"
        ", {0, 3}): the facts tie the kills to the probe by the prose (`Because of it, ... k8s kil"
        "led the container`, `This lead for the server container being killed for ~7 times`), whi"
        "ch no reader reads; left for the lead"),
    "cluster-ingress-operator-534.pr-comment-continued-yaml-grep-grace-period-300-then-watch-loop-router-0-1-running-0-to-7m-then-snip-cut-in-date.txt": (
        "held-out batch 132, first contact on stop 56's code after its first fix (b010c2d4): got [None] {'ended': 'ca"
        "nnot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': 0}, 'shows_failures': False}; "
        "want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max': None}, '"
        "shows_failures': True}"
        " Left marked by the lead at stop 56 (fix56e's finding): its facts go beyond the README a"
        "s written: `I don't see a restart until way way later` affirms a later restart, but the "
        "prose rules read a negation as stating nothing (crashcatch55's `not restarting` is no re"
        "start, not a later one), and `_snip-snip-snip_` in markdown italics is no cut mark the R"
        "EADME lists; a rule of each is to write first."
        " Both written at fix57b (stop 57: an emphasised cut mark is a cut, said `cut: line 35`; "
        "`not ... until X` states the event, read as its affirmative is); the answer is unchanged"
        ": the affirmative, `I see a restart way way later`, the author's seeing of `a restart` no"
        " pod named, is read by no rule, and a restart stated beside the watch's row `0/1 Running"
        " 0` (its state shown) is given to no pod (`The pod restarted way later.` there reads {0,"
        " 0} too); the watch's cut (the mark, then a later table's date cut) is after whole rows"
        ", which fixcounts43 and fixwatch47 leave bounding: rules of those are the lead's"),
    # held-out batch 135
    "azure-sdk-tools-6023.issue-prose-node-crash-heap-out-of-memory-quote-then-liveness-and-readiness-probes-fail-and-the-pod-is-restarted.txt": (
        "held-out batch 135, first contact on stop 57's code (50204c26): got exit 2: kubesim: err"
        "or: azure-sdk-tools-6023.issue-prose-node-crash-heap-out-of-memory-quote-then-liveness-a"
        "nd-readiness-probes-fail-and-the-pod-is-restarted.txt:5: not a record explain reads: lin"
        "e 5 speaks of a restart or crash (\"…r doesn't automatically restart the node ; want {'e"
        "nded': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max': None}, 'shows_fa"
        "ilures': True}"
        " Left marked by the lead at stop 57 (fc57c's finding): by the rules its why cites both s"
        "tatements are unread (a node process's crash is no pod's, crashcatch55; the present pass"
        "ive `the pod is restarted` joined by `and`, fixprose45, crashcatch55), so the README rea"
        "ds nothing, while the facts show failures; holding it needs a rule of a present told as "
        "a narrative step after `Then,` following the author's past account, which a guide's numb"
        "ered `Then` steps would also meet: not written on one record"),
    "dotnet-monitor-1063.issue-continued-app-container-restart-count-1-monitor-0-crashed-and-restarted-then-deployment-yaml-cut.txt": (
        "held-out batch 135, first contact on stop 57's code (50204c26): got [app1] {'ended': 'ca"
        "nnot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': None}, 'shows_failures': False"
        "}; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max': 2}, '"
        "shows_failures': True}"
        " Left marked by the lead at stop 57 (fc57b's finding): the prose's restart count is of a"
        " container it calls `app`, the Deployment's container is app1, and only the next sentenc"
        "e (`indicates that app1 container has crashed`) ties the two names: a rule of that tie w"
        "ould fit this record alone"),
    # held-out batch 134
    "typekro-230.issue-summary-operator-liveness-defaults-no-startup-probe-then-observed-fenced-asyncloader-log-kubelet-sends-sigkill-exit-code-137-100-restarts-cut.txt": (
        "held-out batch 134, first contact on stop 57's code (fd1f66d6): got [None] {'ended': 'li"
        "veness-kill', 'probe': ['liveness'], 'probe_kills': {'min': 1, 'max': None}, 'shows_fail"
        "ures': True}; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, '"
        "max': None}, 'shows_failures': True}. fc57d: that kill was the present-kill rule's (`the "
        "liveness probe kills the container` under `## Summary`, a heading of the case, genre54) "
        "after a clause of time (`Once loading exceeds roughly 90 seconds,`), which the README "
        "reads as a guide's time (fixprose53a): no longer read; explain now refuses the record "
        "(exit 2, not a record explain reads), short of its failures shown (the `kubelet sends "
        "SIGKILL. Exit code 137, 100+ restarts` of the observed case: no reader)"
        " Left marked by the lead at stop 57: fc57d made explain refuse the page rather than read"
        " the guide-timed present (`Once loading exceeds ...`) as the case's kill; the facts' fai"
        "lures rest on `the kubelet sends SIGKILL. Exit code 137, 100+ restarts` in an observed c"
        "ase, which no reader reads yet"),
    # held-out batch 138
    "webmesh-vdi-20.issue-prose-manager-pod-fails-with-crashloopbackoff-oomkilled-then-quoted-kube-rbac-proxy-log-then-quoted-describe-cut-in-first-container-image.txt": (
        "held-out batch 138, first contact on stop 57's code after fix57a and fix57b (8f2eb2e6): got [kube-rbac-proxy] {'"
        "ended': 'cannot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': None}, 'shows_failu"
        "res': True}; want {'ended': 'oom-killed', 'probe': 'none', 'probe_kills': {'min': 0, 'ma"
        "x': 0}, 'shows_failures': True}"
        " fix58a (stop 58) found three readings explain lacks: `fails with CrashLoopBackOff OOMKi"
        "lled` (the back-off, then the reason, after `with`: stated_oom_with.py reads `with` and "
        "the reason alone, and beside a describe give_named_oom reads only `was`/`got OOMKilled`)"
        "; `Hi i want to install your project` as the author's first person running it (RUNS_SYS"
        "TEM knows neither a lower-case `i` nor `install`); and the `>` log whose lines open on "
        "their container's name (`kube-rbac-proxy I0212 ...`, `manager stream closed`), which na"
        "mes manager, a second container the describe's cut (inside kube-rbac-proxy's block) hid"
        ", so that the end, stated of the pod, is the pod's (podends). Left for the lead: with th"
        "e three, the README gives the pod {0, null}, not the facts' {0, 0}: the OOM rule reads "
        "the ends of the container shown OOMKilled as the same cause, and geti-v2-146 (a pod's O"
        "OMKilled among containers it does not name) keeps the other containers' restarts as pos"
        "sible kills; kube-rbac-proxy's block is cut before its Restart Count and probes (kills "
        "open); and podends' letter gives cannot-tell where an end naming no container may chang"
        "e the common cause (the facts' Doubt), though geti-v2-146 reads oom-killed"),
    # held-out batch 139
    # held-out batch 144
    # held-out batch 146
    # held-out batch 141
    # held-out batch 142
    # held-out batch 140
    "kuma-854.issue-template-kuma-sidecar-restarting-on-pod-creation-screenshot-then-fenced-kuma-dp-log-error-cut.txt": (
        "held-out batch 140, first contact on stop 57's last code (be184f0f): got exit 2: kubesim: "
        "error: /work/main/tests/data/explain/real/kuma-854.issue-template-kuma-sidecar-restarting-"
        "on-pod-creation-screenshot-then-fenced-kuma-dp-log-error-cut.txt:3: not a record explain r"
        "eads: line ; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max"
        "': None}, 'shows_failures': True}"
        " fc58e (stop 58): left marked; the sentence `When I restart my pods by deleting them ..."
        " I have a lot of restarts:` needs three readings no README rule makes: a first-person co"
        "unt of restarts with no number (`a lot of`), the bare present `I have`, and a `When` cla"
        "use of the author's own act (a present `when` is a word of what may happen), and `it app"
        "ears that it is the kuma-sidecar that is restarting` is a guess (crashcatch55 leaves gue"
        "sses unread)."),
    # held-out batch 145
    "hashnode-hub-680059a0.blog-prose-pod-yaml-column0-nginx-then-invalid-image-pod-kept-switching-crashloopbackoff-imagepullbackoff-cut.txt": (
        "held-out batch 145, first contact on stop 57's last code (be184f0f): got ['nginx'] {'ended"
        "': 'cannot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': 0}, 'shows_failures': Fals"
        "e}; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max': 0}, 's"
        "hows_failures': True}"
        " fc58f: the end the facts read sits in a sentence the paste broke over three lines at an i"
        "nline code span (`The original container (using the valid` / `nginx` / `image) had already"
        " run and exited/crashed.When ...`), with a parenthesis aside between subject and verb, `ha"
        "d already run and` before the end and no blank after its stop; reading it needs prose line"
        "s rejoined and that subject given to the manifest's one container nginx (no rule yet), lef"
        "t for the lead."
        " fx59f (stop 59): left marked; the lead's two decisions (prose lines broken at an inline"
        " code span rejoined; `The original container (using the valid nginx image)` naming the"
        " manifest's one container by its image) are not enough: after them the end's words"
        " `had already run and exited/crashed` are no end crashcatch55's stated end reads (its"
        " auxiliaries hold `had been`, not a bare `had`; no `already`; no participle of running"
        " joined by `and`; a parenthesis aside between subject and verb; `exited/crashed` two"
        " ends by a slash), and that reader runs only on a page of prose alone: giving an end it"
        " reads to a container of a manifest beside it is a step of its own (as"
        " give_symptom_end gives a symptom to a cut describe's pod). Each is a rule the README"
        " does not make: left for the lead."),
    # held-out batch 147
    "openfaas-faas-553.issue-template-gateway-and-queue-worker-restarting-and-in-crashloopbackoff-then-fenced-get-pod-all-namespaces-kube-system-rows-cut.txt": (
        "held-out batch 147, first contact on stop 58's code after its fixes (b38c33cd): got []: se"
        "veral pods where the facts are one's: ['etcd-ubuntu', 'kube-apiserver-ubuntu', 'kube-contr"
        "oller-manager-ubuntu', 'kube-dns-6f4fd4bdf-xmncp', 'kube-proxy-dlbgt']; want {'ended': 'ca"
        "nnot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max': None}, 'shows_failures': Tru"
        "e}"
        " fc58g: the facts rest on `Gateway and Queue worker are restarting and in CrashLoopBackOff"
        " status` read as the case's components' crash loop, which subjects54 does not reach (its n"
        "ames are lower case with a name's word before the noun; `Gateway` is the noun alone, which"
        " states none, and fixstated67 reads a capital only after a determiner); and the table's fi"
        "ve kube-system rows (the openfaas rows cut) would still need a rule that rows of another n"
        "amespace than the case's are no case's pods; the facts' own doubt reads so; left for the l"
        "ead."),
    # held-out batch 154
    # held-out batch 151
    # held-out batch 149
    # held-out batch 150
    # held-out batch 155
    # held-out batch 153
    # held-out batch 156
    # held-out batch 157
    # held-out batch 158
    # held-out batch 159
    # held-out batch 160
    # held-out batch 161
    # held-out batch 162
    # held-out batch 163
    # held-out batch 164
    # held-out batch 165
    # held-out batch 167
    "containerd-cri-1098.issue-prose-steps-fenced-deployment-no-probe-then-containerd-log-stopcontainer-timeout-3600-signal-terminated-cut.txt": (
        "held-out batch 167, first contact on stop 60's code after its fixes (e9aa306c): got ['sig'"
        "] {'ended': 'cannot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': 0}, 'shows_failur"
        "es': False}; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max"
        "': 0}, 'shows_failures': True}."
        " Left at stop 60 (fx60j): the container's name is the record's (the fenced"
        " Deployment's one container, `- name: sig`; the facts name none, so explain's one container"
        " is accepted); the miss is shows_failures alone. The facts read containerd's CRI lines"
        " (`StopContainer for \"ID\" with timeout 3600 (s)`, `Stop container ... with signal"
        " terminated`) as a kill shown; no rule of the README reads a container runtime's log"
        " line, and the one written statement of it (the kubelet's-log reader's: the journal's"
        " lines of other programs, containerd's among them, are plainly unrelated) gives"
        " explain's false. Whether a runtime's StopContainer of a container known by its ID"
        " alone, after a deletion the prose states, is a kill shown is the lead's to decide."),
    # held-out batch 166
    "kube-rs-331.issue-comment-prose-then-fenced-describe-state-terminated-error-exit-139-last-state-terminated-error-exit-139-same-second.txt": (
        "held-out batch 166, first contact on stop 60's code after its fixes (e9aa306c): got [None]"
        " {'ended': 'cannot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': 1}, 'shows_failure"
        "s': True}; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max':"
        " None}, 'shows_failures': True}"
        " fx60h (stop 60): the 1 was explain counting one end where the describe piece shows two "
        "(its State Terminated beside its Last State Terminated, R4.7); explain now says {0, 2}, "
        "the ends shown, as akash-support-246's grep and k8s-pr8200 read a last state without a c"
        "ount; the facts' {0, null} reads the piece as cut before its Restart Count (contiv-insta"
        "ll-326, fontbakery-dashboard-100); which rule holds a describe piece with a State and no"
        " Restart Count the README does not settle: left for the lead."),
    "aptakube-282.issue-comment-prose-then-fenced-yaml-container-statuses-main-terminated-completed-exit-0-cut-in-started-at.txt": (
        "held-out batch 166, first contact on stop 60's code after its fixes (e9aa306c): got ['main"
        "'] {'ended': 'cannot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': 1}, 'shows_failu"
        "res': True}; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min': 0, 'max"
        "': None}, 'shows_failures': False}"
        "; stop 60, fx60i: the kills now hold ({0, null}: a containerStatuses item pasted as YAML "
        "and cut inside its state has its restartCount cut away, cut_container.py); "
        "shows_failures stays true: the record shows none of the work-done rule's marks (no "
        "phase, no Job's label, owner or restartPolicy; the author's `one that succeeded` is "
        "prose), and the README's written rules do not settle whether a Completed end (exit 0) "
        "alone, no restart, kill or failure, is a failure shown (the vocabulary: probe failures, "
        "kills or restarts; explain reads every end shown as one, as the counting rules read a "
        "Completed end as one a kill's SIGTERM may have made, R4.23): left for the lead"),
    "kite-136.issue-continued-fenced-pod-json-conditions-podfailed-container-statuses-terminated-completed-exit-0-cut-in-container-id.txt": (
        "held-out batch 166, first contact on stop 60's code after its fixes (e9aa306c): got ['appl"
        "y-jansora-app-job'] {'ended': 'cannot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max':"
        " None}, 'shows_failures': True}; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kil"
        "ls': {'min': 0, 'max': None}, 'shows_failures': False}"
        "; stop 60, fx60i: left marked: the work-done rule's marks are absent (the container's "
        "name ends in `-job`, a name only: no `job-name` label, owner of kind Job or "
        "restartPolicy shown) and the conditions' `PodFailed` says the phase is Failed "
        "(pkg/kubelet/status/generate.go), not Succeeded; the README's written rules do not "
        "settle whether a Completed end (exit 0) alone is a failure shown (explain reads every "
        "end shown as one), nor read a condition's reason as another container's failure (the "
        "Doubt's reading): left for the lead"),
    "lfn-testsuite-2068.issue-prose-problematic-pod-restartcount-1-container-ready-false-then-fenced-debug-log-get-pod-yaml-cut.txt": (
        "held-out batch 166, first contact on stop 60's code after its fixes (e9aa306c): got exit 2"
        ": kubesim: error: /work/main/tests/data/explain/real/lfn-testsuite-2068.issue-prose-proble"
        "matic-pod-restartcount-1-container-ready-false-then-fenced-debug-log-get-pod-yaml-cut.txt:"
        " not a record explain ; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'mi"
        "n': 0, 'max': 1}, 'shows_failures': True}"
        " fx60h (stop 60): left marked. No prose rule of the README reads a field's value stated "
        "in a sentence (`the problematic pod shows restartCount = 1`), and the README's rule of a"
        "n author's count in prose (fc55s, eks-anywhere-addons-101's paragraph) says it bounds no"
        "thing: read so it is at least one end, {0, null} (the facts' Doubt), not {0, 1}; a reade"
        "r of such a sentence, and which bound it gives, is the lead's to decide."),
    "kata-containers-7271.issue-prose-fenced-bats-log-hash-prefixed-describe-pod-oom-status-failed-cut-in-image-id.txt": (
        "held-out batch 166, first contact on stop 60's code after its fixes (e9aa306c): got ['oom-"
        "test'] {'ended': 'cannot-tell', 'probe': [], 'probe_kills': {'min': 0, 'max': None}, 'show"
        "s_failures': False}; want {'ended': 'cannot-tell', 'probe': 'none', 'probe_kills': {'min':"
        " 0, 'max': 1}, 'shows_failures': True}"
        " fx60h (stop 60): left marked. No README rule reads describe's pod-level `Status: Failed"
        "` without a Reason (fixevict57 reads the eviction's), and R4.23 does not give the facts'"
        " {0, 1}: under restartPolicy Always a pod that is terminated (deleted) turns Failed by i"
        "ts containers' exit codes after any number of restarts, so the phase shows an end in fai"
        "lure (failures shown) but bounds no restarts: {0, null}, shown, by R4.23, if the lead wr"
        "ites the rule; explain still reads no end there (the container's block cut in its Image "
        "ID)."),
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


def _explained(name: str) -> tuple[int, str, str]:
    """`kubesim explain` of the record as `explain_args` asks, once a process: (exit code,
    stdout, stderr)."""
    return explained(REAL / name, FACTS[name])


def explained(path: Path, facts: dict[str, Any]) -> tuple[int, str, str]:
    """`kubesim explain` of the file at `path` for a record of these facts: (exit code,
    stdout, stderr). A corpus record is explained once a process (`explain_cli`: the wrapper
    tests explain each one they draw bare again, beside its wrapped copy); a copy written
    elsewhere (a wrapped record in a temporary directory) every time."""
    if path.parent == REAL:
        return explain_cli(*explain_args(path, facts))
    return explain_cli.__wrapped__(*explain_args(path, facts))


def _run(name: str) -> dict[str, Any]:
    return answer_of(*_explained(name), facts=FACTS[name])


def answer_of(code: int, out: str, err: str, facts: dict[str, Any] | None = None
              ) -> dict[str, Any]:
    """The answer the facts are about, from the command line's JSON: the pod's (`answer`)
    where the facts name no container and explain answers for the pod (the record's probe
    failures name none of its containers: docs/explain.md), else the answer of the record's
    one container (explain must not split it into two). A record whose facts say it shows
    nothing (cannot-tell, no probe, kills open, no failure) may be refused as no record
    explain reads: the refusal names what explain reads and says plainly that this is none
    of it, which is the answer those facts ask for (the corpus README, the lead's rule of
    stop 50); any other refusal, or a refusal of a record that shows something, misses."""
    if code == 2 and facts is not None and _shows_nothing(facts) \
            and "not a record explain reads" in err:
        return {"cause": "cannot-tell", "failed": [], "probe_kills": {"min": 0, "max": None,
                "because": err.strip()}, "shows_failures": False, "because": err.strip(),
                "text": "cannot tell: " + err.strip()}
    assert code == 0, err
    doc = json.loads(out)
    assert "containers" in doc, f"several pods where the facts are one's: " \
        f"{[p['pod'] for p in doc['pods']]}"
    containers = doc["containers"]
    names = [c["name"] for c in containers]
    if facts is not None and "container" not in facts and doc["answer"] is not None:
        # a pod answer only beside failures or ends given to no container, over distinct ones
        assert len(set(names)) == len(names), names
        # (or beside a container the record does not show, not ready: stop 59, fx59c)
        assert any("could not be tied to one container" in f["text"]
                   or "naming no container" in f["text"]
                   or "a container the record does not show" in f["text"]
                   for f in doc["findings"]) or any(
            "the pod's end" in n["text"] for n in doc["notes"]), doc["findings"]
        return doc["answer"]
    assert len(containers) == 1, names
    answer = containers[0]["answer"]
    assert answer is not None
    return answer


def _shows_nothing(facts: dict[str, Any]) -> bool:
    """The facts of a record that shows nothing of a failure: what explain may refuse."""
    return (facts["ended"] == "cannot-tell" and not _probes(facts["probe"])
            and facts["probe_kills"] == {"min": 0, "max": None}
            and facts["shows_failures"] is False)


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
    answer = _run(name)
    assert_holds(answer, FACTS[name])
    if name not in NOT_READ:  # (a marked record is judged by its facts alone, as it was)
        assert_says_why(name, answer)


def assert_holds(answer: dict[str, Any], facts: dict[str, Any]) -> None:
    """The judgment: the answer says the four facts of the record, and nothing else."""
    got = {"ended": answer["cause"], "probe": set(answer["failed"]),
           "probe_kills": kill_bounds(answer["probe_kills"]), "shows_failures": answer["shows_failures"]}
    want = {"ended": facts["ended"], "probe": _probes(facts["probe"]),
            "probe_kills": facts["probe_kills"], "shows_failures": facts["shows_failures"]}
    assert got == want, answer["text"]


def assert_says_why(name: str, answer: dict[str, Any]) -> None:
    """Every record's probe-kill range says the rule that set it, with its figures
    (`probe_kills.because`): a count is never a bare number (a closed 0 says which rule
    closed it, an open one why nothing bounds it). Every record the diagnosis cannot tell
    about says so, and why. Judged on each record's own answer in its test above: once two
    tests of their own reading every record again (a worker explains only its share of the
    records, so each of those tests explained most of the corpus a second time)."""
    kills = answer["probe_kills"]
    assert kills["because"], (name, kills)
    if FACTS[name]["ended"] == "cannot-tell":
        assert answer["cause"] == "cannot-tell"
        assert "cannot tell" in answer["text"] and answer["because"], answer


def test_every_kill_range_says_why() -> None:
    """The records whose ranges test_explain_holds_the_facts holds to saying why (every record
    not marked): no fewer than 400."""
    assert sum(1 for name in FACTS if name not in NOT_READ) >= 400


def test_cannot_tell_says_why() -> None:
    """The records whose `cannot tell` test_explain_holds_the_facts holds to saying why (every
    record not marked whose facts cannot tell): no fewer than 5."""
    assert sum(1 for name, facts in FACTS.items()
               if name not in NOT_READ and facts["ended"] == "cannot-tell") >= 5
