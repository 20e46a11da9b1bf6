"""Lines of a record that a web page ran into one line of running text, put back on the lines
kubectl printed them on:

- a `kubectl get pods` table joined to its command's line (a page that lost the code block's
  line breaks): `$ oc get pod test NAME READY STATUS RESTARTS AGE test 0/1 OOMKilled 0 1m`;
- describe's state fields quoted in a sentence, joined by commas or dashes: `describe shows
  Last State: Terminated, Reason: OOMKilled, Exit Code: 137.`, or without the state's key,
  joined by `and` too: `describe says Reason: OOMKilled and Exit Code: 137.`;
- a pod's status YAML run into one line, its keys and list items joined by spaces: `kind:
  Pod ... status: conditions: - type: Ready status: "False" lastTransitionTime: ...` (put
  back one key a line, at column 0, for flattened.py to put back under one another by
  their names);

and a piece of a pod's JSON that `jq` or a jsonpath template printed, put back at the path
its filter names (`kubectl get pod web -o json | jq '.status.containerStatuses[].lastState.
terminated'`, `-o jsonpath='{.status.containerStatuses[*].lastState.terminated}'`, and the
object under it), the lines a page or its reporter elided (`...`) left out.

Only these exact shapes are split (a header followed on the same line by rows of its five
columns; a state followed on the same line by its Reason, a Reason by its Exit Code), and
only they are kept: the text around them on that line (the command, the sentence) is left
out, and the caller says so.
Nothing else is taken out of prose: a guess is never made.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from kubesim.explain.readers.all_subject import all_subject_end
from kubesim.explain.readers.arrow_chain import ARROW_ANCHORS, chain_end
from kubesim.explain.readers.being_killed import being_killed, clause_start, never_succeeding
from kubesim.explain.readers.container_run import container_run, container_run_said
from kubesim.explain.readers.event_in_sentence import event_in_sentence
from kubesim.explain.readers.events_run import EVENTS_RUN, events_run
from kubesim.explain.readers.events_run_old import EVENTS_RUN_OLD, old_events_run
from kubesim.explain.readers.fabric8_state import fabric8_terminated
from kubesim.explain.readers.failing_told import failing_told
from kubesim.explain.readers.flattened import is_status_key, reindent_status
from kubesim.explain.readers.happened import (
    GENERAL,
    IF_MORE,
    asked,
    general,
    general_around,
    sentence_start,
    states_what_happened,
)
from kubesim.explain.readers.hit_killing import HIT_ANCHORS, HIT_KILLING, hit_killing_lines
from kubesim.explain.readers.killed_because import (
    BECAUSE_KILLED,
    BECAUSE_WORDS,
    BEFORE_CAN,
    CAUSED_KILL,
    CAUSED_WORDS,
    KILLED_BECAUSE,
    KILLED_WORDS,
    handler_kind,
    killing_kind_shown,
    named_kinds,
)
from kubesim.explain.readers.kubectl_command import kubectl_command
from kubesim.explain.readers.lazy import LazyPattern, lazy_regex
from kubesim.explain.readers.lens_status import is_lens_reason, lens_last_status
from kubesim.explain.readers.listed_reasons import listed_reason
from kubesim.explain.readers.model import UNTOLD_STATE
from kubesim.explain.readers.named_failed_probes import (
    NAMED_FAILED_ANCHORS,
    NAMED_FAILED_PROBES,
    named_failed_probe_row,
)
from kubesim.explain.readers.names import NAME_CELL, PLACEHOLDER, SUBDOMAIN
from kubesim.explain.readers.narrative_when import (
    own_subject_end,
    past_narrative,
    unhedged,
    workload_subject_end,
)
from kubesim.explain.readers.never_ready import never_ready_lines
from kubesim.explain.readers.normalise import CUT_MARK, folded, is_cut
from kubesim.explain.readers.ongoing_kill import ONGOING_CAUSED, ONGOING_WORDS, wrapped
from kubesim.explain.readers.oom_words import OOM_ANCHORS, is_oom_killed
from kubesim.explain.readers.own_occasion import (
    blank_gerund_when,
    blank_own_occasion,
    case_subject_before,
    unowned_while,
)
from kubesim.explain.readers.page_context import page_pods
from kubesim.explain.readers.present_kill import (
    FAILURE_RESTARTING,
    FAILURE_WORDS,
    GUESS,
    KILLS_ANCHORS,
    KUBELET_ANCHORS,
    KUBELET_KILL,
    TOLD_HERE,
    chain_kind,
    crash_loop_told,
    crash_looped,
    present_kills,
    timed,
)
from kubesim.explain.readers.probe_kill_count import counted_kills
from kubesim.explain.readers.probe_led_to import (
    CAUSING_ANCHORS,
    LED_TO_ANCHORS,
    PROBE_FAILED_CAUSING,
    PROBE_LED_TO,
    clause_opened,
    opens_clause,
)
from kubesim.explain.readers.probe_request_log import probe_request_lines
from kubesim.explain.readers.probe_restart import (
    CASE_SUBJECT,
    KILLING_KINDS,
    KUBERNETES_KILL,
    KUBERNETES_KILL_ANCHORS,
    PROBE_RESTART,
    PROBES_FAILED,
    RESTART_ANCHORS,
    fix_object_end,
    observed_often,
    restart_denied,
)
from kubesim.explain.readers.pronoun_failing import pronoun_failing
from kubesim.explain.readers.quoted_message import quoted_text
from kubesim.explain.readers.rancher_state import rancher_last_state
from kubesim.explain.readers.restart_failing import (
    JOINED_KIND,
    RESTART_FAILING,
    RESTART_FAILING_ANCHORS,
    FailedKinds,
    failed_kinds,
    kinds_read,
)
from kubesim.explain.readers.restarted_by import RESTARTED_ANCHORS, RESTARTED_BY
from kubesim.explain.readers.said_failing import said_failing
from kubesim.explain.readers.sections import aside_lines, case_lines
from kubesim.explain.readers.setting_caused import (
    SETTING_CAUSED,
    SETTING_CAUSED_WORDS,
    killing_kind,
)
from kubesim.explain.readers.stated_case import (
    KILLED_ANCHORS,
    PROBE_KILLED,
    WORKLOAD_RESTARTS,
    pronoun_of_case,
    restart_count,
)
from kubesim.explain.readers.stated_cause import (
    CAUSE_THEN_RESTART,
    CAUSING_RESTART,
    CAUSING_WORDS,
    KILLED_BY,
    KILLED_BY_WORDS,
    KILLS_SEEN,
    KILLS_WORDS,
    NEGATED,
    PREVENTED,
    RESTARTS_SEEN,
    SHOWS_FAILURE,
    probe_kind,
)
from kubesim.explain.readers.stated_crashloop import own_service
from kubesim.explain.readers.stated_exit_oom import EXIT_OOM, EXIT_OOM_ANCHORS
from kubesim.explain.readers.stated_kill import (
    EN_LIMIT_OOM,
    EN_OOM,
    KILL_ANCHORS,
    KO_KILL_ANCHORS,
    KO_PROBE_KILL,
    LIMIT_ANCHORS,
    PROBE_KILL,
    PROBE_KILL_ANCHORS,
    STATED_EN_OOM,
    STATED_KILL_AGAIN,
    STATED_PROBE_KILL,
    STATED_ZH_OOM,
    ZH_OOM,
    ZH_OOM_ANCHORS,
    ZH_OOM_READ,
    either_kill_lines,
    kill_lines,
    probe_kill_lines,
)
from kubesim.explain.readers.stated_oom_told import (
    OOM_FOUND_IN_LAST,
    OOM_KILLER_KILLS,
    OOM_KILLS_OF,
    OOM_LAST_STATE_LABEL,
    OOM_NOTE_COUNTED,
    OOM_PRESENT_TOLD,
    OOM_REASON_RECORDED,
    OOM_TOLD,
    OOMKILLED_OBJECT,
    SEEN_OOM,
    SUBORDINATE,
)
from kubesim.explain.readers.stated_oom_with import (
    KILLED_AT_LIMIT,
    OOM_WITH,
    OOM_WITH_ANCHORS,
    present_told,
)
from kubesim.explain.readers.stated_zh_status import ZH_STATUS_OF_OWN
from kubesim.explain.readers.threshold_kill import (
    ENDS_ANCHORS,
    ENDS_COUNTED,
    RUNNING,
    THRESHOLD_ANCHORS,
    THRESHOLD_KILL,
    ends_count,
    threshold_kill,
)
from kubesim.explain.readers.titled import TITLE_MARK, named_by_words
from kubesim.explain.readers.yq_piece import YQ, yq_object_after
from kubesim.explain.readers.zh_restarts import zh_restarts

__all__ = ["ENDS_COUNTED_READ", "NAMED_END", "QUOTED_BACKOFF", "QUOTED_STATUS", "STATED_END", "STATED_PROBE",
           "STATE_FIELDS",
           "RESTARTS_UNCOUNTED", "STATED_RESTARTS", "STATED_RESTART_REASON", "Runs", "command_run_hint",
           "headless_state", "observed_state_hint", "placed_jq_output", "placed_jsonpath_values",
           "rows_run_together", "shaped_rows_hint", "split_runs", "stated_hint", "stated_restarts_hint",
           "titled_backoff"]

# the header with -A's NAMESPACE before it and -o wide's columns after it
_COLUMNS_HEADER = re.compile(r"(?P<ns>\bNAMESPACE\s+)?\bNAME\s+READY\s+STATUS\s+RESTARTS\s+AGE"
                             r"(?P<wide>\s+IP\s+NODE(?:\s+NOMINATED\s+NODE\s+READINESS\s+GATES)?)?\b")
# a row of the five columns: `web-1 0/1 CrashLoopBackOff 3 (30s ago) 6m18s`
_ROW = lazy_regex(
    rf"\s*(?P<row>{NAME_CELL}" r"\s+\d{1,3}/\d{1,3}\s+[A-Za-z][\w:/-]{0,60}\s+"
    r"\d{1,9}(?:\s+\(\d+[smhdy][\dsmhdy]*\s+ago\))?\s+\d+[smhdy][\dsmhdy]*)(?=\s|$)")
# where an author cut the table between its rows (`NAME ... AGE [...] web-1 1/1 ...`): put
# back as a cut line of its own (normalise reads `...` so)
_CUT_MARK = lazy_regex(rf"\s*{CUT_MARK}(?=\s|$)", re.IGNORECASE)
# (each run of spaces ends at a mark or at the next field: two runs side by side would make
# a line of spaces quadratic to search)
_SEP = r"\s*(?:[,;]\s*)?(?:[-\u2013\u2014]\s*)?"
_STATE = re.compile(
    r"\b(?P<key>Last State|State):\s*(?P<state>Terminated|Waiting|Running)" + _SEP
    + r"Reason:\s*(?P<reason>[A-Za-z]{1,60})\b(?:" + _SEP + r"Exit Code:\s*(?P<code>\d{1,3})\b)?")
# a terminated state's Reason and Exit Code quoted in a sentence without the state's key:
# `kubectl describe says Reason: OOMKilled and Exit Code: 137.` (put back one under the
# other, where `headless_state` reads them)
# The keys written in lower case too, the Exit Code first too, and the reason OOMKilled
# written as two words (`exit code: 137 reason: OOM Killed.`, feichen2016-csdn-oom): the one
# reason of a container the kernel's OOM killer ended (the CRI runtime's, which the kubelet
# copies), however a page spells it. Each key is matched once, its value bounded: one pass.
# The reason quoted too (`reason: 'OOMKilled'`, a GitLab runner's job log, gitlab-runner-39141),
# the exit code's colon left out and `with` joining them (`recorded as Reason: OOMKilled with
# exit code 137`, intellira-oomkilled; `Reason: OOMKilled, exit code 137`, axyi-oomkilled-
# forensics): a `reason:` key still names the container's state, the code its exit.
_OOM_WORDS = r"OOM[ _-]?Killed"
_REASON_KEY = (r"(?i:reason):\s*['\"\u201c\u2018`]?(?P<reason>" + _OOM_WORDS
               + r"|[A-Za-z]{1,60})\b['\"\u201d\u2019`]?")
_CODE_KEY = r"(?i:exit code)(?::\s*|\s+)(?P<code>\d{1,3})\b"
_AND = r"(?:" + _SEP + r"|\s+and\s+|\s+with\s+)"
# (a key's start is told by no Latin letter before it: `\b` sees none after a Chinese word)
_HEADLESS = lazy_regex(r"(?<![A-Za-z])" + _REASON_KEY + _AND + _CODE_KEY)
_HEADLESS_CODE_FIRST = lazy_regex(r"(?<![A-Za-z])" + _CODE_KEY + _AND + _REASON_KEY)
# a reason in a code span or quotes that the cluster is said to have logged, with its exit
# code, in a sentence of the case at hand: `Kubernetes consistently logged \`OOMKilled\` with
# exit code 137 as the kernel terminated executor processes` (aiexpert-spark-oom); unquoted,
# or without its exit code, it is a word of the sentence, not read. (Each run of blanks is
# followed by a word of its own: one pass.)
_LOGGED_REASON = lazy_regex(
    r"(?<![A-Za-z])(?i:logged|recorded|reported)[ \t]+(?:(?i:as|an?|the)[ \t]+)?"
    r"([`'\"\u201c\u2018])(?P<reason>" + _OOM_WORDS + r"|[A-Za-z]{1,60})[`'\"\u201d\u2019]"
    r"(?:[ \t]*,[ \t]*|[ \t]+(?i:with|and)[ \t]+(?:(?i:an?|the)[ \t]+)?)" + _CODE_KEY)
# a terminated state stated in a sentence with its reason and exit code, in words rather than
# describe's keys: `the Prometheus container ... periodically terminated with Status: terminated
# - OOMKilled (exit code: 137)` (openillumi-prometheus-oomkilled), `terminated with reason
# OOMKilled (exit code 137)`, `Status: Terminated - OOMKilled, exit code 137`; the reasons a
# runtime gives a terminated container (the CRI's, which the kubelet copies), the exit code
# after a parenthesis, a comma, `and` or `with`. (Each run of blanks ends at a mark or a word
# of its own: one pass.)
_END_REASONS = _OOM_WORDS + r"|Error|Completed|ContainerCannotRun|StartError|DeadlineExceeded"
_STATED_END = lazy_regex(
    r"(?<![A-Za-z])(?:(?i:status):[ \t]*(?i:terminated)(?:[ \t]*[-\u2013\u2014:,])?[ \t]*"
    r"|(?i:terminated)[ \t]+(?i:with)[ \t]+(?i:reason)(?::[ \t]*|[ \t]+))"
    r"[`'\"\u201c\u2018]?(?P<reason>" + _END_REASONS + r")\b[`'\"\u201d\u2019]?"
    r"(?:[ \t]*\(|[ \t]*,|[ \t]+(?i:and|with))[ \t]*" + _CODE_KEY)
# what it is read as (the note the caller gives it)
STATED_END = ("a container's end stated in a sentence with its reason and exit code (`Status: "
              "terminated - OOMKilled (exit code: 137)`): read as a Terminated state's fields, "
              "whether it was the container's State or its Last State the record does not say")
# the container a sentence names in words only, before the end it states (`the Prometheus
# container`): no container's name (a DNS-1123 label the pod spec gives), said so
_CONTAINER_WORDS = lazy_regex(r"(?<![A-Za-z])(?i:the|our|my|its|a)[ \t]+(?P<words>[A-Za-z][\w.-]{0,40})"
                              r"[ \t]+(?i:container)\b")
# a probe's failure stated in words as a pod's status, in a status bullet (`- Pod 狀態:
# 0/1(就緒探針失敗)`, yelogs-es-red-shard: pod status 0/1, readiness probe failed; the page's
# bullets ran into lines, the key ending one line and its value starting the next): the status
# key (状态, 狀態, 状態, 상태, status, состояние, статус), the pod's READY count, then the probe's
# kind and its failure in one of the corpus's languages. Only after such a key: a probe named
# in a sentence or a bullet of its own (`- 启动探针(Startup Probe)失败`, gitcode-keycloak-upgrade;
# README: a probe named only in prose is no failure shown) and the probe's settings
# (`就緒探針: 要求集羣狀態達到 yellow`, what it needs) are not read.
_STATUS_KEY = (r"(?:\u72b6\u6001|\u72c0\u614b|\u72b6\u614b|\uc0c1\ud0dc|(?<![A-Za-z])(?i:status)"
               r"|(?<!\w)(?i:\u0441\u043e\u0441\u0442\u043e\u044f\u043d\u0438\u0435|\u0441\u0442\u0430\u0442\u0443\u0441)"
               # (Russian's key may name its object after it: `Статус пода:`, the pod's status)
               r"(?:[ \t]+[\u0430-\u044f]{2,20})?)[ \t]*[:\uff1a]")
_PROBE_KINDS = {
    "readiness": r"\u5c31\u7eea|\u5c31\u7dd2|\uc900\ube44\uc131|\ub808\ub514\ub2c8\uc2a4|\u30ec\u30c7\u30a3\u30cd\u30b9|(?i:readiness)"
                 r"|\u0433\u043e\u0442\u043e\u0432\u043d\u043e\u0441\u0442\u0438",
    "liveness": r"\u5b58\u6d3b|\ud65c\uc131|\ub77c\uc774\ube0c\ub2c8\uc2a4|\u30e9\u30a4\u30d6\u30cd\u30b9|(?i:liveness)"
                r"|\u0436\u0438\u0432\u0443\u0447\u0435\u0441\u0442\u0438|\u0436\u0438\u0437\u043d\u0435\u0441\u043f\u043e\u0441\u043e\u0431\u043d\u043e\u0441\u0442\u0438",
    "startup": r"\u542f\u52a8|\u555f\u52d5|\u5553\u52d5|\uc2a4\ud0c0\ud2b8\uc5c5|\uc2dc\uc791|\u30b9\u30bf\u30fc\u30c8\u30a2\u30c3\u30d7|(?i:startup)"
               r"|\u0437\u0430\u043f\u0443\u0441\u043a\u0430",
}
# the probe's word after its kind (探针, 探針, 프로브, プローブ, probe; Russian's before it: проба,
# проверка) and the failure after it (失败, 失敗, 未通过, 未通過, 실패, failed, failing, не
# пройдена, не прошла, провалилась)
_PROBE_FAILED = (
    r"(?:(?P<kind>" + "|".join(f"(?P<{k}>{v})" for k, v in _PROBE_KINDS.items()) + r")"
    r"[ \t]*(?:\u63a2\u9488|\u63a2\u91dd|\ud504\ub85c\ube0c|\u30d7\u30ed\u30fc\u30d6|(?i:probe))"
    r"|(?i:\u043f\u0440\u043e\u0431\u0430|\u043f\u0440\u043e\u0432\u0435\u0440\u043a\u0430)[ \t]+(?P<ru>\u0433\u043e\u0442\u043e\u0432\u043d\u043e\u0441\u0442\u0438"
    r"|\u0436\u0438\u0432\u0443\u0447\u0435\u0441\u0442\u0438|\u0436\u0438\u0437\u043d\u0435\u0441\u043f\u043e\u0441\u043e\u0431\u043d\u043e\u0441\u0442\u0438|\u0437\u0430\u043f\u0443\u0441\u043a\u0430))"
    r"(?:[ \t]*[(\uff08][ \t]*[A-Za-z][A-Za-z \t]{0,30}[)\uff09])?[ \t]*"
    r"(?:\u5931\u8d25|\u5931\u6557|\u672a\u901a\u8fc7|\u672a\u901a\u904e|(?:\uac00[ \t]*)?\uc2e4\ud328|\u304c[ \t]*\u5931\u6557"
    r"|(?i:failed|failing|fails)\b|(?i:\u043d\u0435[ \t]+\u043f\u0440\u043e\u0439\u0434\u0435\u043d\u0430|\u043d\u0435[ \t]+\u043f\u0440\u043e\u0448\u043b\u0430|\u043f\u0440\u043e\u0432\u0430\u043b\u0438\u043b\u0430\u0441\u044c))")
# the status's value: the pod's READY count, a parenthesis, then the probe's failure
_PROBE_VALUE = r"(?:\d{1,4}/\d{1,4}[ \t]*)?(?:[(\uff08\[][ \t]*)?" + _PROBE_FAILED + r"(?:[ \t]*[)\uff09\]])?"
# the gate (lazy.py): the status's key, which every match starts with, without its
# lookbehinds (a gate may find more): a pattern whose first character is known is looked for
# at the characters that may start it, where `_STATUS_KEY`'s lookbehinds are tried at each
_STATUS_PROBE = lazy_regex(_STATUS_KEY + r"[ \t]*" + _PROBE_VALUE, gates=(
    r"(?:\u72b6\u6001|\u72c0\u614b|\u72b6\u614b|\uc0c1\ud0dc|(?i:status)|(?i:\u0441\u043e\u0441\u0442\u043e"
    r"\u044f\u043d\u0438\u0435|\u0441\u0442\u0430\u0442\u0443\u0441)(?:[ \t]+[\u0430-\u044f]{2,20})?)[ \t]*[:\uff1a]",))
_KEY_ENDS = re.compile(_STATUS_KEY + r"[ \t]*$")
_VALUE_STARTS = lazy_regex(r"[ \t]*(?:[-*\u2022][ \t]+)?" + _PROBE_VALUE)
_KUBELET_MESSAGE = lazy_regex(r"[ \t]*(?:Liveness|Readiness|Startup) probe (?:failed|errored)\b")
# what it is read as (the start of the note the caller gives it)
STATED_PROBE = "a probe's failure stated in words as a pod's status"
# the case's restarts stated beside probes' failures with no count (failing_told.py): no count
# bounds them, as a status stated in a sentence (paste's `_runs_read` cuts them; fc55r)
RESTARTS_UNCOUNTED = "its restarts, no count bounding them"
_KUBELET_WORDS = {"readiness": "Readiness", "liveness": "Liveness", "startup": "Startup"}
_RU_KINDS = {"\u0433\u043e\u0442\u043e\u0432\u043d\u043e\u0441\u0442\u0438": "readiness", "\u0437\u0430\u043f\u0443\u0441\u043a\u0430": "startup"}
# a bullet keyed by a container's name whose value is a terminated state's reason (`-
# sidecar-mem-hog: OOMKilled → 재시작 반복`, structuring-tistory-205): read only where the record
# names that container elsewhere (`_NAMED_ELSEWHERE`); a bullet alone (`- sidecar: OOMKilled`)
# may key any list of names (a page's table of contents, a glossary) and stays unread
_NAMED_BULLET = re.compile(r"^[ \t]*[-*\u2022][ \t]+(?P<name>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)"
                           r"[ \t]*:[ \t]*[`'\"]?(?P<reason>" + _END_REASONS + r")(?![A-Za-z])",
                           re.MULTILINE)
# `_NAMED_BULLET` at a line's start after the first: behind its newline, which `re` skips to
# (a literal first), not `^` tried at each of a long line's characters (speed59)
_NAMED_BULLET_BELOW = re.compile("\n" + _NAMED_BULLET.pattern.removeprefix("^"))
# where a record names a container: a manifest's or a status's `- name: X`, or the names a `-o
# jsonpath` of containers' names printed on the line under its command (a describe's container
# reads its own state: the bullets beside one are not read)
_NAME_ITEM = re.compile(r"^[ \t]*-[ \t]+name:[ \t]*[\"']?(?P<name>[a-z0-9][-a-z0-9]{0,62})[\"']?[ \t]*$")
_NAMES_COMMAND = re.compile(r"jsonpath=?[ \t]*['\"]?\{[^}\n]{0,80}(?:containers|containerStatuses|initContainers)\[\*\]\.name")
_NAMES_LINE = lazy_regex(r"^[ \t]*[a-z0-9][-a-z0-9]{0,62}(?:[ \t]+[a-z0-9][-a-z0-9]{0,62}){0,30}[ \t]*$")
# what it is read as (the start of the note the caller gives it)
ENDS_COUNTED_READ = "the case's container's ends stated in a sentence with their reason and a count"
NAMED_END = ("a container's end stated in a bullet keyed by its name, a container the record "
             "names elsewhere")


# what a status quoted alone in a sentence is read as (the note the caller gives it)
QUOTED_STATUS = ("a container's status quoted in a sentence (`status: OOMKilled`): read as a "
                 "Terminated state's Reason, its exit code not in the record, whether it was the "
                 "container's State or its Last State the record does not say")
# a container's status quoted alone in a sentence, after its key and a word of the sentence
# (not a line's first word, nor after a comment's `#`: a describe's, a YAML's or a comment's
# line is no sentence): `they got killed by Kubernetes for a reason (status: OOMKilled)`
# (click-to-deploy-265). A `Reason:` alone stays no state (describe prints it under a state,
# with an exit code, read above when quoted so). OOMKilled alone: the one reason that names
# what ended the container with no exit code beside it; a sentence that merely names it
# (`pods can be OOMKilled`) has no key and is not read.
_PROSE_STATUS = re.compile(r"(?<=\w)(?:[ \t]+[(\[]?|[(\[])(?i:status):[ \t]*(?P<reason>"
                           + _OOM_WORDS + r")\b(?![ \t]*(?:and[ \t]+)?(?i:exit))")
# the status OOMKilled quoted as the output showed it and said of the author's own pod or
# container (`I was presented with the “OOMKilled” status for my pod`, kerno-oomkiller: its
# `get all` output a screenshot); unquoted, or said of `a pod`, it is a sentence about the
# status, not read
_QUOTED_OWN_STATUS = lazy_regex(
    r"[\"'\u201c\u2018](?P<reason>" + _OOM_WORDS + r")[\"'\u201d\u2019][ \t]+(?i:status)[ \t]+"
    r"(?i:for|of|on)[ \t]+(?i:my|our|this|that)[ \t]+(?:[\w-]{1,63}[ \t]+)?(?i:pod|container)")
# what Rancher's line of a container's last state is read as (rancher_state.py)
# describe's state fields on one line (`_state_run`): a page's copy runs them together, or a
# sentence quotes them (`describe says Reason: OOMKilled and Exit Code: 137`); either way
# describe printed them on lines of their own, and they are read so (paste.py's note)
STATE_FIELDS = "describe's state fields"
RANCHER_STATE = ("Rancher's line of a container's last state (`Last state: Terminated with "
                 "CODE: REASON`, after its state cell `CrashLoopBackOff (MESSAGE) |` if "
                 "shown), read as describe's Last State, Reason and Exit Code (and its State "
                 "Waiting, Reason and Message)")
# what a `get events` row's cells run on from a sentence are read as (event_in_sentence.py)
EVENT_IN_SENTENCE = ("a `get events` row's cells (TYPE REASON OBJECT MESSAGE) run on from the "
                     "author's sentence: read as that row, at least once (no COUNT), the "
                     "sentence's words not read")
# what a CrashLoopBackOff stated in a sentence is read as (the note the caller gives it)
QUOTED_BACKOFF = ("a container's status CrashLoopBackOff stated in a sentence (`the pod is in "
                  "CrashLoopBackOff state`): read as its State, Waiting out a back-off, its "
                  "restart count not in the record")
# a pod or container stated to be in CrashLoopBackOff: `the upgraded pod is in CrashLoopBackOff
# state`, `Pod处于CrashLoopBackOff状态` (gitcode-keycloak-upgrade: `处于 ... 状态`, is in ... state);
# the state or status word after it, the verb before it (a sentence merely naming the status,
# `pods in CrashLoopBackOff`, is not read); the kubelet's waiting reason of a container whose
# restart it delays (R4.10)
# Entered too (`進入`, `进入CrashLoopBackOff状态`, gitcode-kubeblocks-redis; `entered a
# CrashLoopBackOff state`, openillumi-prometheus-oomkilled; 陷入, fallen into; 變成, become),
# 處於 and 狀態 in Traditional Chinese, 状態 in Japanese; in the corpus's other languages the
# verb after the status (Korean `CrashLoopBackOff 상태에 빠졌다`, is fallen into that state,
# `상태가 되었다`, became it, `상태입니다`, is it; Japanese `CrashLoopBackOff状態になった`,
# became it, in the past: `となります`, becomes, is a page's general sentence) or before
# (Russian `завис в состоянии CrashLoopBackOff`, hung in that state).
# 是 too, is (fixquoted64: apollo-helm-14's `每个pod都是CrashLoopBackOff状态`, each pod is all
# in that state), not after 不 or 否 (is not), nor in a question (吗, 嗎 after the state word)
_ZH_IN = r"\u5904\u4e8e|\u8655\u65bc|\u8fdb\u5165|\u9032\u5165|\u9677\u5165|\u53d8\u6210|\u8b8a\u6210|\u53d8\u4e3a|\u8b8a\u70ba" \
    r"|(?<![\u4e0d\u5426])\u662f"
_QUOTED_CLB = r"[`\"'\u201c]?CrashLoopBackOff[`\"'\u201d]?"
# the case's own pod or container as a sentence's subject: a determiner of the case's (my, our,
# the, this, that), a word or a name before `pod`/`container` (`the api pod`), or a pod's name
# of two or more dash-parted parts (`redis-0`, `api-7f8b9c6d4-xk2nm`)
_CASE_SUBJECT = (r"(?:(?<![A-Za-z])(?i:my|our|the|this|that|these|those)[ \t]+(?:[\w.-]{1,63}[ \t]+)?"
                 r"(?i:pod|container)s?|(?<![\w.-])[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10})")
# the status (or state) of the case's own pod or container stated as CrashLoopBackOff: `the
# status of oauth2 pod is CrashLoopBackOff` (k2s-678's reproduction steps), `the state of my
# pod was CrashLoopBackOff`; the pod named by a word or a name before `pod`/`container`, by a
# determiner of the case's, or by its own dashed name (`_CASE_SUBJECT`). `a pod`, `any pod`,
# `pods`, a question (`is the status of my pod CrashLoopBackOff?`, no verb after the subject)
# and a sentence of what may happen (`general`) state no pod's status
_STATUS_OF_SUBJECT = lazy_regex(
    r"(?<![A-Za-z])(?i:status|state)[ \t]+(?i:of)[ \t]+(?:" + _CASE_SUBJECT
    + r"|(?!(?i:a|an|any|each|every|some|no)[ \t])[\w.-]{1,63}[ \t]+(?i:pod|container))"
    r"[ \t]+(?i:is|was|became|becomes|shows|showed|remains|remained)[ \t]+"
    r"(?:(?i:still|always|now)[ \t]+)?(?:(?i:in)[ \t]+)?" + _QUOTED_CLB + r"(?![A-Za-z])")
_PROSE_BACKOFFS = (
    lazy_regex(
        r"(?:" + _ZH_IN + r"|(?<![A-Za-z])(?:(?i:is|was|are|were|stays|stayed|remains|remained|stuck)"
        r"[ \t]+(?i:in)|(?i:entered|enters|went[ \t]+into|goes[ \t]+into|got[ \t]+into|fell[ \t]+into))"
        r"[ \t]+(?:(?i:a|the)[ \t]+)?)" + _QUOTED_CLB
        + r"[ \t]*(?:\u72b6\u6001|\u72c0\u614b|\u72b6\u614b|(?i:state|status)\b)(?![ \t]*[\u5417\u55ce])"),
    lazy_regex(_QUOTED_CLB + r"[ \t]*\uc0c1\ud0dc[ \t]*(?:\uc5d0[ \t]*(?:\ube60\uc84c|\ube60\uc838|\uc788)"
               r"|\uac00[ \t]*(?:\ub418\uc5c8|\ub410|\ub418\uc5b4)|\uc785\ub2c8\ub2e4|\uc600|\uc774\uc5c8)"),
    lazy_regex(_QUOTED_CLB + r"(?:\u72b6\u614b)?(?:\u306b\u306a\u3063|\u3068\u306a\u3063|\u306b\u9665\u3063)"),
    lazy_regex(r"(?<!\w)(?i:\u043d\u0430\u0445\u043e\u0434\u0438\u0442\u0441\u044f|\u043d\u0430\u0445\u043e\u0434\u0438\u043b(?:\u0441\u044f|\u0430\u0441\u044c|\u0438\u0441\u044c)"
               r"|\u0437\u0430\u0432\u0438\u0441(?:\u043b[\u0430\u0438])?|\u0437\u0430\u0441\u0442\u0440\u044f\u043b[\u0430\u0438]?|\u043f\u0435\u0440\u0435\u0448(?:\u0451\u043b|\u0435\u043b|\u043b[\u0430\u0438]))"
               r"[ \t]+\u0432[ \t]+(?:\u0441\u043e\u0441\u0442\u043e\u044f\u043d\u0438[\u0435\u0438]|\u0441\u0442\u0430\u0442\u0443\u0441[\u0435]?)[ \t]+" + _QUOTED_CLB),
    # in English without the state word after it, where the subject is the case's own pod or
    # container (`my pod is in CrashLoopBackOff`, `the pod went into CrashLoopBackOff`,
    # `redis-0 entered CrashLoopBackOff`, `I found my pod in CrashLoopBackOff`; `I can see
    # my pod in ...`, an author's observation, is `_OBSERVED`'s): `a pod`,
    # `pods` with no determiner, or a verb of what may happen (`does my pod go into`) are a
    # sentence about the status, not read
    lazy_regex(r"(?:" + _CASE_SUBJECT + r"[ \t]+(?:(?i:is|was|are|were|stays|stayed|remains"
               r"|remained|keeps|kept)[ \t]+(?:(?i:stuck|going|ending[ \t]+up)[ \t]+)?"
               r"(?i:in|into)|(?i:entered|enters|went[ \t]+into|goes[ \t]+into|got[ \t]+into"
               r"|got[ \t]+stuck[ \t]+in|fell[ \t]+into|ended[ \t]+up[ \t]+in))"
               r"|(?<![A-Za-z])(?i:seen|seeing|found|is|are|was|were)[ \t]+" + _CASE_SUBJECT + r"[ \t]+(?:(?i:stuck)[ \t]+)?(?i:in|into))[ \t]+(?:(?i:a|the)[ \t]+)?"
               + _QUOTED_CLB + r"(?![A-Za-z])"),
    _STATUS_OF_SUBJECT,
    ZH_STATUS_OF_OWN,  # (`我的pod的状态一直是CrashLoopBackOff`: the status word its subject)
)
# a first-person observation of the case at hand, naming a pod or container and then its
# state: `I can see my pod in CrashLoopBackOff state`, `we see the pod is OOMKilled`, `kubectl
# get pods shows the pod web-0 in CrashLoopBackOff` (the observer's `can` is no sentence of
# what may happen: the words of the observation are left out when the sentence is looked at
# for those, `general_around`); `a pod` or `pods` is no pod of the case (not read). Each run
# of blanks before a word of its own, every part bounded: one pass.
_VERB = (r"(?i:is|was|got|gets|keeps|kept|has[ \t]+been|had[ \t]+been|going|goes|went|being|"
         r"stuck|in|into)")
_OBSERVED = lazy_regex(
    r"(?<![A-Za-z])(?:(?:I|[Ww]e)[ \t]+(?:(?:can|could)[ \t]+)?(?i:see|saw|notice|noticed|"
    r"observe|observed)|(?i:shows|showed))[ \t]+(?:(?i:that)[ \t]+)?(?i:my|our|the|this|that)"
    r"[ \t]+(?:[`'\"]?(?P<pre>[\w.-]{1,63})[`'\"]?[ \t]+)?(?P<what>(?i:pod|container))(?i:s)?"
    r"(?:[ \t]+(?!" + _VERB + r"\b)[`'\"]?(?P<post>[a-z0-9][a-z0-9.-]{0,252})[`'\"]?)?"
    r"(?:[ \t]+" + _VERB + r")?(?:[ \t]+(?i:in|into)(?:[ \t]+(?i:a|the))?)?[ \t]+(?:\*\*|__|[`\"'\u201c*_])?"
    r"(?P<reason>CrashLoopBackOff|" + _OOM_WORDS + r")(?:\*\*|__|[`\"'\u201d*_])?"
    r"(?:[ \t]*(?i:state|status)\b)?")
# an end's reason stated as the answer to the case's own pod or container restarting: `ArgoCD's
# repo-server Pod was restarting a few times. Reason? OOMKilled` (faun-keskad-argocd-repo-server),
# `my pod kept restarting, reason: OOMKilled`, `the api container restarted due to OOMKilled`,
# `web-0 was restarting because of OOMKilled`. The subject is the case's own (a determiner of
# the case's, a possessive, or a pod's dash-parted name: `_CASE_SUBJECT`); `a pod`, `pods`, a
# question (`... due to OOMKilled?`), a sentence of what may happen (`GENERAL`) or a reason
# defined (`OOMKilled: the container used too much memory`, `Reason: OOMKilled means ...`, a
# guide's list of causes) stay unread, as does a sentence after `if` in the other languages
# (`IF_MORE`: se, si, wenn, falls). OOMKilled only: the one reason that says what ended the
# container with no exit code beside it (R4.1: the kubelet restarts what ended, whatever ended
# it). Each run of blanks is followed by a word or a mark of its own: one pass.
# The case's pod named by its workload's proper name, two or three capitalised words with no
# determiner (`customer is experiencing CSM Operator Controller POD restarts due to OOMKilled
# error`, csm-1200; fixprose52): a proper name is the case's own as a determiner's name is
# (fixstated67's `The Backstage pod`, stated_cause.WORKLOAD_SUBJECT's `Superset Workers`); one
# capitalised word may be a sentence's first (`Operator pod restarts ...`: a bare word, README),
# and a word of Kubernetes' own, a quantifier or a determiner of no case (`Kubernetes Pod`,
# `Some`, `Your`, `An`) is no name, nor stands before it (`your Operator Controller pod`, `A
# CSM Operator Controller POD`: `_name_of_no_case`).
_PROPER = (r"(?!(?i:kubernetes|k8s|pods?|containers?|some|many|most|all|other|such|any|no|each|"
           r"every|these|those|the|our|my|their|its|this|that|when|if|why|how|your|an)(?![\w-]))"
           r"[A-Z][\w-]{1,62}")
_RESTART_SUBJECT = (
    r"(?:(?<![A-Za-z])(?:(?i:my|our|the|this|that|these|those)|(?!(?i:an?|pods?|containers?)"
    r"['\u2019]s)[A-Za-z][\w.-]{0,62}['\u2019]s)[ \t]+(?:[\w.-]{1,63}[ \t]+)?(?i:pod|container)s?"
    r"|(?<![\w.-])(?P<proper>" + _PROPER + r"(?:[ \t]+" + _PROPER + r"){1,2})[ \t]+"
    r"(?i:pod|container)s?"
    r"|(?<![\w.-])[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10}(?:[ \t]+(?i:pod|container))?)")
_EN_RESTARTING = (
    r"(?P<subject>" + _RESTART_SUBJECT + r")[ \t]+(?:(?i:was|is|were|are|kept|keeps|"
    r"has[ \t]+been|have[ \t]+been|had[ \t]+been|had|has)[ \t]+)?"
    r"(?i:restarting|restarted|restarts|being[ \t]+restarted|getting[ \t]+restarted)"
    r"(?:[ \t]+(?:(?i:a[ \t]+few|several|many|multiple|some|\d{1,6})[ \t]+(?i:times)|"
    r"(?i:repeatedly|constantly|continuously|frequently)))?"
    r"(?:[ \t]*[.,;\u2013\u2014-]?[ \t]*(?:(?i:the)[ \t]+)?(?i:reason)(?:[ \t]*[?:]|[ \t]+(?i:was|is))"
    r"|[ \t]*,?[ \t]+(?i:because[ \t]+of|due[ \t]+to|with[ \t]+reason|caused[ \t]+by)"
    r"|[ \t]*\()[ \t]*(?:(?i:an?|the)[ \t]+)?")
# the same in the corpus's other languages, each with its determiners of the case's (Portuguese
# meu, nosso, o, esse; Spanish mi, nuestro, el, este; French mon, notre, le, ce; German mein,
# unser, der, dieser; Chinese 我的, 我们的, 这个), its verbs of restarting (reiniciava, estava
# reiniciando; se reiniciaba, estaba reiniciándose; redémarrait, a redémarré; startete ... neu,
# wurde ... neu gestartet; 一直重启) and its reason's words (motivo, razão, causa, por causa de,
# devido a; motivo, razón, debido a, por culpa de; raison, cause, à cause de, en raison de;
# Grund, Ursache, wegen, aufgrund von; 原因是, 原因：, 因为, 由于)
_NAME_SUBJECT = r"[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10}"
_PT_RESTARTING = (
    r"(?<!\w)(?:(?i:meu|nosso|o|esse|este)[ \t]+(?i:pod|container)s?(?:[ \t]+[\w.-]{1,63})?"
    r"|" + _NAME_SUBJECT + r")[ \t]+(?:(?i:se)[ \t]+)?"
    r"(?:(?i:estava|est\u00e1|esteve|ficou|continuava|continuou)[ \t]+(?i:reiniciando|restartando|"
    r"a[ \t]+reiniciar)|(?i:reiniciou|reiniciava|foi[ \t]+reiniciado|era[ \t]+reiniciado|restartou|"
    r"restartava))(?:[ \t]+(?:(?i:algumas|v\u00e1rias|muitas|\d{1,6})[ \t]+(?i:vezes)|"
    r"(?i:repetidamente|constantemente)))?"
    r"(?:[ \t]*[.,;\u2013\u2014-]?[ \t]*(?:(?i:o|a)[ \t]+)?(?i:motivo|raz\u00e3o|razao|causa)"
    r"(?:[ \t]*[?:]|[ \t]+(?i:era|foi))|[ \t]*,?[ \t]+(?i:por[ \t]+causa[ \t]+d[eo]|devido[ \t]+ao?))[ \t]*")
_ES_RESTARTING = (
    r"(?<!\w)(?:(?i:mi|nuestro|el|este|ese)[ \t]+(?i:pod|contenedor)(?:[ \t]+[\w.-]{1,63})?"
    r"|" + _NAME_SUBJECT + r")[ \t]+(?:(?i:se)[ \t]+(?i:reiniciaba|reinici\u00f3|reiniciaban|"
    r"reiniciaron)|(?i:estaba|segu\u00eda|sigui\u00f3)[ \t]+(?i:reinici\u00e1ndose|reiniciandose)"
    r"|(?i:fue|era)[ \t]+(?i:reiniciado))(?:[ \t]+(?:(?i:algunas|varias|muchas|\d{1,6})[ \t]+"
    r"(?i:veces)|(?i:repetidamente|constantemente)))?"
    r"(?:[ \t]*[.,;\u2013\u2014-]?[ \t]*\u00bf?(?:(?i:el|la)[ \t]+)?(?i:motivo|raz\u00f3n|razon|causa)"
    r"(?:[ \t]*[?:]|[ \t]+(?i:era|fue))|[ \t]*,?[ \t]+(?i:por[ \t]+culpa[ \t]+de|debido[ \t]+al?|"
    r"a[ \t]+causa[ \t]+de))[ \t]*")
_FR_RESTARTING = (
    r"(?<!\w)(?:(?i:mon|notre|le|ce)[ \t]+(?i:pod|conteneur)(?:[ \t]+[\w.-]{1,63})?"
    r"|" + _NAME_SUBJECT + r")[ \t]+(?i:red\u00e9marrait|red\u00e9marra|a[ \t]+red\u00e9marr\u00e9|"
    r"\u00e9tait[ \t]+red\u00e9marr\u00e9|ne[ \t]+cessait[ \t]+de[ \t]+red\u00e9marrer)"
    r"(?:[ \t]+(?:(?i:plusieurs|quelques|\d{1,6})[ \t]+(?i:fois)|(?i:sans[ \t]+cesse|constamment)))?"
    r"(?:[ \t]*[.,;\u2013\u2014-]?[ \t]*(?:(?i:la)[ \t]+)?(?i:raison|cause)(?:[ \t]*[?:]|[ \t]+"
    r"(?i:\u00e9tait))|[ \t]*,?[ \t]+(?i:\u00e0[ \t]+cause|en[ \t]+raison|suite)[ \t]+(?i:d['\u2019]|de[ \t]+|\u00e0[ \t]+))"
    r"[ \t]*")
_DE_AGAIN = r"(?:(?i:mehrmals|st\u00e4ndig|immer[ \t]+wieder|\d{1,6}[ \t]+mal)[ \t]+)?"
_DE_RESTARTING = (
    r"(?<!\w)(?:(?i:mein|unser|der|dieser)[ \t]+(?:[\w.-]{1,63}[ \t]+)?(?i:pod|container)"
    r"|" + _NAME_SUBJECT + r")[ \t]+(?:(?i:startete|starteten)[ \t]+" + _DE_AGAIN + r"(?i:neu)"
    r"|(?i:wurde|wurden)[ \t]+" + _DE_AGAIN + r"(?i:neu[ \t]*gestartet))"
    r"(?:[ \t]*[.,;\u2013\u2014-]?[ \t]*(?:(?i:der)[ \t]+)?(?i:grund|ursache)(?:[ \t]*[?:]|[ \t]+"
    r"(?i:war))|[ \t]*,?[ \t]+(?i:wegen|aufgrund[ \t]+von))[ \t]*")
_ZH_RESTARTING = (
    r"(?:\u6211\u7684|\u6211\u4eec\u7684|\u6211\u5011\u7684|\u8fd9\u4e2a|\u9019\u500b)[ \t]*"
    r"(?:[A-Za-z0-9][\w.-]{0,62}[ \t]*)?(?:(?i:pod)|\u5bb9\u5668)[ \t]*"
    r"(?:\u4e00\u76f4|\u4e0d\u65ad|\u4e0d\u505c|\u53cd\u590d|\u53cd\u8986|\u9891\u7e41|\u983b\u7e41)?"
    r"\u5728?(?:\u91cd\u542f|\u91cd\u555f)\u4e86?(?:[ \t]*(?:\d{1,6}|\u51e0|\u5e7e|\u591a)[ \t]*\u6b21)?"
    r"[ \t]*[\uff0c,\u3002.;\uff1b]?[ \t]*(?:\u539f\u56e0(?:\u662f|\u4e3a|\u70ba|[ \t]*[:\uff1a?\uff1f])"
    r"|\u56e0\u4e3a|\u56e0\u70ba|\u7531\u4e8e|\u7531\u65bc)[ \t]*")
_RESTART_REASON = lazy_regex(
    r"(?:" + "|".join((_EN_RESTARTING, _PT_RESTARTING, _ES_RESTARTING, _FR_RESTARTING,
                       _DE_RESTARTING, _ZH_RESTARTING)) + r")"
    r"[`'\"\u201c\u2018]?(?P<reason>" + _OOM_WORDS + r")(?![A-Za-z])[`'\"\u201d\u2019]?"
    r"(?![ \t]*[?:\uff1f\uff1a]|[ \t]+(?i:means|indicates|occurs|happens)\b)")
# what it is read as (the start of the note the caller gives it)
STATED_RESTART_REASON = ("an end's reason stated as the answer to the case's own pod or "
                         "container restarting (`my pod was restarting. Reason? OOMKilled`): "
                         "read as a Terminated state's Reason, its exit code not in the record, "
                         "whether it was the container's State or its Last State the record "
                         "does not say")
# a first-person statement of the case's restarts with a count, in the corpus's languages:
# `I had already suffered 15 restarts`, `we saw 15 restarts`, `my app had 15 restarts`
# (English); `eu já tinha sofrido com 15 restarts da app` (dayanyrec-liveness-delay,
# Portuguese); `ya había sufrido 15 reinicios` (Spanish); `ich hatte schon 15 Neustarts`
# (German); `j'avais déjà subi 15 redémarrages` (French). It shows that the case's containers
# ended (a restart follows an end, R4.1), at least once; the count is the author's, of the app
# across its pods and deploys, no container's restart count, and bounds nothing (README, the
# rules for the facts). A question, a sentence of what may happen (`GENERAL`, and the
# languages' `if`: se, si, wenn, falls) or a count of none (`0 restarts`) stays unread.
_EN_RESTARTS = (
    r"(?<![A-Za-z])(?:(?:I|[Ww]e)[ \t]+(?:(?i:had|have|has)[ \t]+)?(?:(?i:already|now|just)[ \t]+)?"
    r"(?i:had|got|gotten|seen|saw|see|noticed|observed|suffered|counted|experienced|faced|hit)"
    r"|(?i:my|our)[ \t]+(?:[\w.-]{1,63}[ \t]+)?(?i:pod|container|app|application|service)s?[ \t]+"
    r"(?:(?i:had|has)[ \t]+)?(?:(?i:already)[ \t]+)?(?i:had|got|showed|shows|hit))[ \t]+"
    r"(?:(?i:through|with)[ \t]+)?(?:(?i:about|around|over|some|almost|nearly)[ \t]+)?"
    r"(?P<en>\d{1,6})[ \t]+(?i:restarts)(?![A-Za-z])")
_PT_RESTARTS = (
    r"(?<![\w])(?:(?i:eu|n\u00f3s|nos)[ \t]+(?:(?i:j\u00e1|ja)[ \t]+)?(?i:tinha|t\u00ednhamos|tinhamos|tive|"
    r"tivemos|vi|vimos|sofri|sofremos|havia|hav\u00edamos|tenho|temos|contei|contamos)"
    r"(?:[ \t]+(?i:sofrido|visto|tido|contado))?)[ \t]+(?:(?i:com)[ \t]+)?"
    r"(?:(?i:uns|umas|cerca[ \t]+de|mais[ \t]+de)[ \t]+)?(?P<pt>\d{1,6})[ \t]+"
    r"(?i:restarts|rein\u00edcios|reinicios|reinicializa\u00e7\u00f5es|reinicializacoes)(?!\w)")
_ES_RESTARTS = (
    r"(?<![\w])(?:(?:(?i:yo|nosotros)[ \t]+)?(?:(?i:ya)[ \t]+)?(?i:hab\u00eda|hab\u00edamos|habia|"
    r"habiamos|llevaba|llev\u00e1bamos|tuve|tuvimos|vi|vimos|sufr\u00ed|sufrimos|cont\u00e9|contamos)"
    r"(?:[ \t]+(?i:sufrido|visto|tenido|contado))?)[ \t]+(?:(?i:unos|m\u00e1s[ \t]+de)[ \t]+)?"
    r"(?P<es>\d{1,6})[ \t]+(?i:restarts|reinicios|reinicializaciones)(?!\w)")
_DE_RESTARTS = (
    r"(?<![\w])(?i:ich|wir)[ \t]+(?i:hatte|hatten|habe|haben|sah|sahen|z\u00e4hlte|z\u00e4hlten)"
    r"[ \t]+(?:(?i:schon|bereits|insgesamt|\u00fcber|etwa|ungef\u00e4hr)[ \t]+){0,2}"
    r"(?P<de>\d{1,6})[ \t]+(?i:restarts|neustarts)(?!\w)")
_FR_RESTARTS = (
    r"(?<![\w])(?:(?i:j)['\u2019]|(?i:nous)[ \t]+)(?i:avais|ai|avions|avons)[ \t]+"
    r"(?:(?i:d\u00e9j\u00e0|deja)[ \t]+)?(?i:eu|subi|vu|compt\u00e9|connu)[ \t]+"
    r"(?:(?i:plus[ \t]+de|environ)[ \t]+)?(?P<fr>\d{1,6})[ \t]+"
    r"(?i:red\u00e9marrages|redemarrages|restarts)(?!\w)")
_STATED_RESTARTS = lazy_regex("|".join((_EN_RESTARTS, _PT_RESTARTS, _ES_RESTARTS,
                                        _DE_RESTARTS, _FR_RESTARTS)))
_RESTART_WORDS = ("restarts", "Restarts", "RESTARTS", "rein\u00edcios", "reinicios", "Neustarts",
                  "neustarts", "red\u00e9marrages", "redemarrages", "reinicializa")
# what it is read as (the start of the note the caller gives it)
STATED_RESTARTS = ("the case's restarts stated in a first-person sentence with a count (`I had "
                   "already suffered 15 restarts`): read as the case's container having ended, "
                   "at least once, no reason or exit code in the record; the count is the "
                   "author's (of the app across its pods and deploys), no container's restart "
                   "count, and bounds nothing")
# describe's own lines: a paste that has them needs nothing put back
_DESCRIBE_LINE = re.compile(r"^\s*(?:Name|State or Last State|State|Last State|Containers|Reason|"
                            r"Exit Code):")


def _pair_alone(line: str) -> bool:
    """Whether the line is a terminated state's Exit Code and Reason on one line and nothing
    else (`Exit Code: 137, Reason: OOMKilled`, the Jenkins Kubernetes plugin's `Container X
    was terminated (Exit Code: %d, Reason: %s)` without its words around them,
    jenkins-infra-kubernetes-management-4843): describe prints each field on a line of its
    own, so the line is that run, no describe line apart (`_headless_run` reads it)."""
    m = _HEADLESS.fullmatch(line.strip(" \t.")) or _HEADLESS_CODE_FIRST.fullmatch(line.strip(" \t."))
    return m is not None


class Runs(NamedTuple):
    """A text with the runs of its lines put back (`split_runs`)."""

    text: str
    # the (1-based) number of each line that held a run, what it held, and whether text
    # around it was left out
    split: list[tuple[int, str, bool]]
    origins: list[int]  # for each line of `text`, the number of the line it comes from
    # the text's own lines, as given: a put-back line none of them holds was made by a reader
    # (a kubelet line for what the author's prose states, `paste.made_lines`)
    given: tuple[str, ...] = ()


def split_runs(text: str) -> Runs | None:
    """The text with every run of a pods table or of describe's state fields put back on
    its lines (in place of the line that held it), where each came from and where each line
    comes from (`Runs`); None when no line holds one, or when the text already holds the
    table's header or describe's lines apart (a run would then be a sentence about them, not
    their copy)."""
    lines = text.split("\n")
    header_apart = any(_COLUMNS_HEADER.fullmatch(x.strip()) for x in lines)
    # (a line that holds a whole run is the run, not describe's line: `State: Terminated
    # Reason: OOMKilled Exit Code: 137` starts as describe's State line does)
    describe_apart = any(_DESCRIBE_LINE.match(x) and _STATE.search(x) is None
                         and container_run(x) is None and not _pair_alone(x)
                         and not is_lens_reason(x) for x in lines)
    out: list[str] = []
    origin: list[int] = []
    split: list[tuple[int, str, bool]] = []
    above: _Columns | None = None  # a `get pods` command alone on the line above
    last_named = ""  # the container a run last put its fields under (`_headless_run`)
    named = _named_elsewhere(lines)
    killed = False  # a probe's kill stated in prose read already (`_kill_once`)
    # under a heading of what the change does, was checked by or should do, and of what was
    # seen or why (sections.py)
    expected, told = aside_lines(lines), case_lines(lines)
    for number, line in enumerate(lines, 1):
        parts, what = _line_run(text, lines, number, (header_apart, describe_apart), above,
                                named, (number in expected, number in told))
        above = _command_alone(line) if line.strip() else above
        if parts is None:
            out.append(line)
            origin.append(number)
            continue
        kept, around = parts
        kept, what = _kill_once(kept, what, killed)
        kept, what = _with_quoted(kept, what, line if around else "")
        killed = killed or what.startswith(STATED_PROBE_KILL)
        if kept[:1] == ["Containers:"] and kept[1] == last_named:
            kept = kept[2:]  # the container named again: its fields under the same name
        last_named = kept[1] if kept[:1] == ["Containers:"] else last_named
        out.extend(kept)
        origin.extend([number] * len(kept))
        split.append((number, what, around))
    return Runs("\n".join(out), split, origin, tuple(lines)) if split else None


class _LineAt(NamedTuple):
    """A line of the text and what the readers after `_run_of` read beside it (`_line_run`)."""

    line: str
    text: str
    lines: list[str]
    number: int  # (1-based)
    told: bool  # under a heading of the author's own case (present_kill.py)
    named: set[str]  # the containers' names the record gives elsewhere (`_named_elsewhere`)
    describe_apart: bool  # the text holds describe's lines apart
    anchored: bool  # the line holds a word of `_ANY_ANCHOR`


class _LineReader(NamedTuple):
    """One of the readers `_line_run` tries after `_run_of`, and where it reads."""

    read: Callable[[_LineAt], tuple[tuple[list[str], bool] | None, str]]
    in_expected: bool  # under an `Expected results` heading too (stated_cause.py)
    beside_describe: bool  # in a text holding describe's lines apart too (a describe reads its own)
    anchored: bool  # only around a word of `_ANY_ANCHOR` (`_near`): on no other line


def _line_run(text: str, lines: list[str], number: int, apart: tuple[bool, bool],
              above: _Columns | None, named: set[str], under: tuple[bool, bool]
              ) -> tuple[tuple[list[str], bool] | None, str]:
    """The run line `number` holds, each reader in its order (`_run_of`'s tables and describe
    fields first, then `_LINE_READERS`), as `_run_of` gives it; `apart`: the table's header
    and describe's lines held apart in the text; `under`: the line is under an `Expected
    results` heading, and under a heading of the author's own case (present_kill.py). A
    reader that reads only around a word of `_ANY_ANCHOR` is not tried on a line holding
    none (the words looked for once a line, not by each reader in turn)."""
    header_apart, describe_apart = apart
    expected, told = under
    lens = lens_last_status(lines, number)  # (Lens's drawer: its lines, not a sentence)
    if lens is not None:
        return (lens.lines, False), lens.what
    line = lines[number - 1]
    anchored = _ANY_ANCHOR.search(line) is not None
    parts, what = _run_of(line, header_apart, describe_apart, above,
                          lines[number - 2] if number > 1 else "", anchored=anchored)
    if parts is not None:
        return parts, what
    at = _LineAt(line, text, lines, number, told, named, describe_apart, anchored)
    for reader in _LINE_READERS:
        if (expected and not reader.in_expected) or (describe_apart and not reader.beside_describe) \
                or (reader.anchored and not anchored):
            continue
        parts, what = reader.read(at)
        if parts is not None:
            return parts, what
    return None, what


def _one_kill(kind: str, how: str, quoted: str) -> tuple[tuple[list[str], bool], str]:
    """A probe's kill stated in prose, `how` it is stated and the words that state it: that
    probe's failure and one kill of it (R4.4), of a container the record does not name, at
    least once, no count; the lines it reads as and what it says of them."""
    what = (f"{STATED_PROBE_KILL}, {how} (`{quoted[:80]}`): read as the {kind} probe's failure "
            "and one kill of it, of a container the record does not name, at least once, no "
            "count")
    return (kill_lines(kind), True), what


def _failure_restarting(line: str, text: str, told: bool
                        ) -> tuple[tuple[list[str], bool] | None, str]:
    """A liveness or startup failure as the subject of a participle of restarting or killing,
    a note's style (present_kill.FAILURE_RESTARTING: `Liveness probe failure blocking bgs-api
    deployment and restarting continously`), where the text tells the case (as
    `_kubelet_kill`'s present): read as that probe's failure and one kill of it (R4.4: such a
    failure restarts a container only by the kubelet's kill). None without one, in a
    negation, a question, a conditional or a sentence of what may happen."""
    m = _near(FAILURE_RESTARTING, line, FAILURE_WORDS, (40, 200), _SENTENCE_PLACES)
    if m is None or _unstated(line, m) or not (told or _told_here(line, m)
                                               or crash_loop_told(text, _loop_told)):
        return None, ""
    kind = m["kind"].lower()
    return _one_kill(kind, f"the probe's failure as the subject of its {m['verb'].lower()}",
                     m[0])


def _because_killed(line: str, text: str, told: bool) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's pod or container stated killed with the probes named before it as the cause
    (killed_because.BECAUSE_KILLED: `Because of the configured liveness (and readiness) probes
    (...), the container is therefore deemed unhealthy and terminated`), read as each named
    probe's failure and one kill of the one among them that can kill (R4.4, R3.4); in the
    present only where the text tells the case (as `_kubelet_kill`). None without one, when
    none or two that kill are named, in a negation, a question, a conditional or a sentence of
    what may happen."""
    m = _near(BECAUSE_KILLED, line, BECAUSE_WORDS, (0, 600), _SENTENCE_PLACES)
    if m is None or _unstated_before(line, m):
        return None, ""
    read = named_kinds(m["kinds"])
    past = m["tense"].lower() in ("was", "were", "got") or m["tense"].lower().startswith("kept")
    if read is None or not (past or told or _told_here(line, m)
                            or crash_loop_told(text, _loop_told)):
        return None, ""
    named = sorted(read.failed)
    killed = (f"one kill of the {read.killer} probe, the one of them that kills" if read.killer
              else _EITHER_KILLED)
    what = (f"{STATED_PROBE_KILL}, with the probes named before it as the kill's cause "
            f"(`{m[0][:80]}`): read as the failure of each ({', '.join(named)}) and {killed}, "
            "of a container the record does not name, at least once, no count")
    return (_failed_kill_lines(FailedKinds(named, read.killer)), True), what


# what a reading says of a kill of one of the two probes that kill, both named joined as its
# cause (the lead's decision, stop 60, bothkill)
_EITHER_KILLED = ("one kill of the liveness or the startup probe (both named joined as its cause; "
                  "which one killed, not told: the only probes whose failures kill, R4.4)")


def _failed_kill_lines(read: FailedKinds, container: str | None = None) -> list[str]:
    """The kubelet's lines of the failures a cause names and the one kill it caused: of the
    probe that killed (`kill_lines`, under `container` where named), or of one of liveness and
    startup, both named joined, which one not told (`either_kill_lines`: each one's failure,
    one kill of either; the lead's decision, stop 60, bothkill)."""
    if read.killer is None:
        return [f"{k.capitalize()} probe failed" for k in read.failed] + either_kill_lines()
    others = [f"{k.capitalize()} probe failed" for k in read.failed if k != read.killer]
    return others + kill_lines(read.killer, container)


def _kubelet_kill(at: _LineAt) -> tuple[tuple[list[str], bool] | None, str]:
    """The kubelet named as the agent of the kill or restart of the case's container named by
    its own name, for a liveness or startup failure (present_kill.KUBELET_KILL: `The kubelet
    kills `efs-plugin` on liveness-probe failure`, `... livenessProbe depends on → kubelet
    restarts `ebs-plugin``), read as that probe's failure and one kill of it (R4.4) under that
    container; in the present only where the text tells the case (a heading of it, the
    sentence's own words of it, or a crash loop the record states, R4.8). Widened at
    probekill55: the case's pod by a determiner of the case's (`the pod`, `our web pods`), and
    a failing check naming no kind as the cause, or the case's health check as the agent
    (`_either_kill`). Widened at pagectx56: the kubelet's probe as the agent (`Kubelet's
    `livenessProbe` ... killed pods`: that probe's kill, no container named), and pods the page
    makes the case's (`_pods_of_case`). None without one, in a negation, a question, a
    conditional or a sentence of what may happen."""
    line = at.line
    m = _near(KUBELET_KILL, line, KUBELET_ANCHORS, (16, 200), _SENTENCE_PLACES)
    if m is None or _unstated(line, m) or GUESS.search(line, sentence_start(line, m.start()),
                                                        m.start()) is not None:
        return None, ""
    past = m["verb"].lower().startswith(("killed", "restarted", "kept", "was", "had", "has"))
    if not (past or at.told or _told_here(line, m) or crash_loop_told(at.text, _loop_told)):
        return None, ""
    if not _pods_of_case(at, m, past):
        return None, ""
    if any(m[g] for g in ("check", "check2", "check3")) or (m["checker"] and not m["kind"]):
        return _either_kill(m)
    # (the case's pod by a determiner is read with a failing check only: with a kind named,
    # `the container`, killprose54's rule asks for its name; the kubelet's probe named as the
    # agent, as stated_kill reads `the liveness probe killed the pod`, asks for none)
    container = m["coded"] or m["dashed"]
    kind = (m["kind"] or m["agentkind"] or
            chain_kind(line, m.start(), sentence_start(line, m.start())) or "").lower()
    if not kind or not (container or m["agentkind"]):
        return None, ""
    if not container:
        return _one_kill(kind, "with the kubelet's probe as its agent", m[0])
    what = (f"{STATED_PROBE_KILL}, with the kubelet as its agent, of container {container} "
            f"(`{m[0][:80]}`): read as the {kind} probe's failure and one kill of it, at least "
            "once, no count")
    return (kill_lines(kind, container), True), what


def _pods_of_case(at: _LineAt, m: re.Match[str], past: bool) -> bool:
    """Whether the pods `_kubelet_kill`'s match `m` names are the case's: a name or a
    determiner of the case's, a quantifier before pods of the service its sentence names as
    the author's (failprose54's rule, stated_crashloop.own_service), or, a kill in the past,
    bare `pods` or a quantifier's pods the page before makes the case's (page_context.page_pods:
    the README's page context, stop 56)."""
    if not (m["barepods"] or m["quant"]) or (m["own2"] or "").lower() in ("our", "my") or \
            (m["quant"] and own_service(at.line, m)):
        return True
    return past and page_pods(at.text, at.number, m.start(), m["word"])


def _either_kill(m: re.Match[str]) -> tuple[tuple[list[str], bool], str]:
    """The kubelet's kill of the case's container stated with a failing check naming no
    probe's kind as its cause (`Kubernetes had killed the web pods due to the health check
    failing`): the kubelet kills a running container for a check only by its liveness or
    startup probe (R4.1, R4.4; readiness kills nothing, R3.4), so one kill of one of them,
    which one not told, and no probe named as failing."""
    what = (f"{STATED_PROBE_KILL}, with the kubelet as its agent and a failing check naming no "
            f"probe as its cause (`{m[0][:80]}`): read as one kill for a failing probe, liveness "
            "or startup (the only probes whose failures kill, R4.4), which one the record does "
            "not say, of a container the record does not name, at least once, no count")
    return (either_kill_lines(), True), what


def _chain_end(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """An end a chain of arrows tells, a crash loop after it (arrow_chain.chain_end: `OOMKilled
    at 512Mi → CrashLoopBackOff → ...`, `repeated liveness failures → SIGKILL (exit 137) →
    CrashLoopBackOff`): an OOM kill read as `_en_oom` reads the word OOMKilled, a probe's kill
    as that probe's failure and one kill of it (R4.4). None without one, with a negation
    before it in its sentence, in a question, a conditional or a sentence of what may happen."""
    found = chain_end(line) if any(a in line for a in ARROW_ANCHORS) else None
    if found is None or NEGATED.search(line, sentence_start(line, found.start), found.start) \
            or not states_what_happened(line, found.start, found.end):
        return None, ""
    how, quoted = "as a step of a chain of arrows telling what happened, a crash loop after it", \
        line[found.start:found.end].strip()  # (a quote of its words, not of the indent)
    if found.kind != "oom":
        return _one_kill(found.kind, how, quoted)
    state = [f"{UNTOLD_STATE}: Terminated", "  Reason: OOMKilled"]
    return (state, True), f"{STATED_EN_OOM}, {how} (`{quoted[:80]}`): {ZH_OOM_READ}"


def _counted_kills(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A count of a killing probe's kills stated in a note of the case (probe_kill_count.
    counted_kills: `Since the deploy: **17–20 liveness-probe kills per pod**`): that probe's
    failure and one kill of it (R4.4), at least once; the author's count bounds nothing. None
    without one, with a negation before it in its sentence, in a question, a conditional or a
    sentence of what may happen."""
    m = counted_kills(line)
    if m is None or _unstated(line, m):
        return None, ""
    return _one_kill(m["kind"].lower(), "as a count of that probe's kills in a note of the case "
                     "(the author's count, which bounds nothing)", m[0])


def _told_here(line: str, m: re.Match[str]) -> bool:
    """Whether the sentence holding the match says in its own words it keeps happening to the
    case (present_kill.TOLD_HERE: `forever`, `on every restart`)."""
    start = sentence_start(line, m.start())
    end = line.find(". ", m.end(), m.end() + 2000)
    return TOLD_HERE.search(line, start, end if end >= 0 else m.end() + 2000) is not None


def _loop_told(line: str, at: int) -> bool:
    """Whether the crash loop at line[at] is stated as what happened: no negation before it in
    its sentence, no question, conditional or sentence of what may happen."""
    return NEGATED.search(line, sentence_start(line, at), at) is None and \
        states_what_happened(line, at, at + 1)


def _restarted_by(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's pod, named, stated restarted by its liveness or startup probe
    (restarted_by.RESTARTED_BY: `homepage-5746b7679b-2k6v4 being restarted by its liveness
    probe — 4 restarts`), read as that probe's failure and one kill of it (R4.4), under that
    pod's name, and the count beside it as its restart count (the current state not given:
    R + 1 kills at most, R4.7); None without one, in a negation, a question, a conditional or
    a sentence of what may happen."""
    m = _near(RESTARTED_BY, line, RESTARTED_ANCHORS, (300, 60), _SENTENCE_PLACES)
    if m is None or _unstated(line, m):
        return None, ""
    kind = m["kind"].lower()
    count = [f"    Restart Count: {int(m['count'])}"] if m["count"] else []
    what = (f"{STATED_PROBE_KILL}, the pod {m['pod']} restarted by its {kind} probe "
            f"(`{m[0][:80]}`): read as that probe's failure and one kill of it, at least once"
            + (f", its {int(m['count'])} restarts as the pod's restart count, its current "
               "state not given" if count else ", no count"))
    return ([f"Name: {m['pod']}", *kill_lines(kind), *count], True), what


def _probe_led_to(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's own liveness or startup probe stated in the past as the cause of its
    restarts (probe_led_to.PROBE_LED_TO: `Previous Dex liveness probes led to container
    restarts`), read as that probe's failure and one kill of it (R4.4: a probe restarts a
    container only by the kubelet's kill after its failures); None without one, with its
    subject no clause's opening (a verb's object: `it fixes the livenessProbe triggered
    restarts`), in a negation, a question, a conditional or a sentence of what may happen."""
    m = _near(PROBE_LED_TO, line, LED_TO_ANCHORS, (120, 120), _SENTENCE_PLACES)
    if m is None or _unstated(line, m) or not opens_clause(line, m.start()):
        return None, ""
    return _one_kill(m["kind"].lower(), f"the probe as the subject of a past `{m['verb']}` its "
                     "restarts (a probe restarts a container only by the kubelet's kill, R4.4)",
                     m[0])


def _probe_failed_causing(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's own liveness or startup probe stated failing in the past, then a participle
    or relative of cause of the case's pods' end (probe_led_to.PROBE_FAILED_CAUSING: `so the
    startupProbes failed always, causing the pods to die`), read as that probe's failure and one
    kill of it (R4.4); None without one, with its subject after a verb (no clause's opening:
    `clause_opened`), a negation in its clause, a question, a conditional or a sentence of
    what may happen (stop 59, fx59e)."""
    m = _near(PROBE_FAILED_CAUSING, line, CAUSING_ANCHORS, (160, 120), _SENTENCE_PLACES)
    if m is None:
        return None, ""
    opened = clause_opened(line, m.start())
    if opened is None or NEGATED.search(line, opened, m.end()) or \
            not states_what_happened(line, m.start(), m.end()):
        return None, ""
    return _one_kill(m["kind"].lower(), f"the probe stated failing, then `{m['verb']}` its "
                     "pods' end (a probe ends a container only by the kubelet's kill, R4.4)",
                     m[0])


STATED_NAMED_FAILED = "a failure of probes of no kind stated of a pod the author names"


def _named_failed_probes(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's pod, named by its generated name, stated to have failed its probes, no kind
    named (named_failed_probes.py, the corpus README's rule of stop 58: `traefik-dc6f7f644-l9522
    this pod failed probes at ...`), read as the kubelet's Unhealthy row of that pod whose
    message names no probe, at least once, no kill; None without one, in a negation, a
    question, a conditional or a sentence of what may happen."""
    m = _near(NAMED_FAILED_PROBES, line, NAMED_FAILED_ANCHORS, (320, 60), _SENTENCE_PLACES)
    if m is None or _unstated(line, m):
        return None, ""
    what = (f"{STATED_NAMED_FAILED} (`{m[0][:80]}`): read as the pod {m['pod']}'s probe "
            "failure, which probe not told (a made row whose message names none), at least "
            "once, no count, no kill")
    return (named_failed_probe_row(m["pod"]), True), what


def _told_present(line: str, m: re.Match[str], told: bool) -> bool:
    """Whether the present kill `m` tells the author's own case: under a heading of it
    (`told`) or with the sentence's own words of it (TOLD_HERE, or a past crash loop of the
    case's pod before it: `crash_looped`), no negation before the verb
    or in it, no question, conditional or sentence of what may happen."""
    start = sentence_start(line, m.start())
    end = line.find(". ", m.end(), m.end() + 2000)
    here = TOLD_HERE.search(line, start, end if end >= 0 else m.end() + 2000) is not None \
        or crash_looped(line, start, m.start()) or being_killed(line, m.start())
    clause = clause_start(line, start, m.start())  # a negation of a clause before is its own
    return (told or here) and NEGATED.search(line, clause, m.start()) is None and \
        NEGATED.search(line, m.start("verb"), m.end()) is None and \
        not timed(line, start, m.start()) and states_what_happened(line, m.start(), m.end())


def _present_kill(line: str, told: bool) -> tuple[tuple[list[str], bool] | None, str]:
    """A probe named as the agent of the case's kill in the present (present_kill.PRESENT_KILL:
    `so liveness kills it mid-startup, forever`), where the text tells the author's own case:
    the line under a heading of it (`told`) or the sentence's own words of it (TOLD_HERE);
    read as that probe's failure and one kill of it (R4.4). None without one, with a negation
    before the verb, in a question, a conditional or a sentence of what may happen."""
    m = next((x for x in present_kills(line) if _told_present(line, x, told)), None)
    if m is None:
        return None, ""
    kind = m["kind"].lower()
    where = "a heading of the author's case above" if told else "the sentence's own words of it"
    what = (f"{STATED_PROBE_KILL}, in the present of a diagnosis ({where}; `{m[0][:80]}`): read "
            f"as the {kind} probe's failure and one kill of it, of a container the record does "
            "not name, at least once, no count")
    never = never_succeeding(line, m.start(), m.end())  # (fc57b) `never succeeds` before it
    what += "; " + ", ".join(never) + ": stated never to succeed" if never else ""
    return (never + kill_lines(kind), True), what


def _with_quoted(kept: list[str], what: str, line: str) -> tuple[list[str], str]:
    """The lines put back, and after them the kubelet's probe message the rest of the line
    quotes (quoted_message.py: `... CrashLoopBackOff状态，具体信息如下：Readiness probe failed:
    ...`), read as that message alone, said; as they are where the line quotes none."""
    message = quoted_text(line) if line else None
    if message is None:
        return kept, what
    return kept + ["", message], what + ("; the kubelet's message the line quotes after it read "
                                     "as that message alone (quoted_message.py)")


def _kill_once(kept: list[str], what: str, killed: bool) -> tuple[list[str], str]:
    """A probe's kill stated in prose again after one was read (`the liveness probe killed
    the pod`, once in a heading and again in the paragraph under it): the author tells one
    kill twice, not two kills (a statement counts nothing, README), so it puts back nothing."""
    if not killed or not what.startswith(STATED_PROBE_KILL):
        return kept, what
    return [], STATED_KILL_AGAIN


def _run_of(line: str, header_apart: bool, describe_apart: bool, above: _Columns | None,
            previous: str = "", *, anchored: bool = True
            ) -> tuple[tuple[list[str], bool] | None, str]:
    """The lines a run on the line puts back and whether the line holds more, and what the
    run is; None when the line holds none (`previous`: the line above, whose end may hold
    the key of a status the line's start gives; `anchored`: False when the line holds no
    word of `_ANY_ANCHOR`, `_state_parts`'s)."""
    run = events_run(line)  # (a `get events` table: no pods table's words)
    if run is not None:
        return (run.lines, run.around), EVENTS_RUN
    old = old_events_run(line)  # (the table of 1.5-1.13)
    if old is not None:
        return (old.lines, old.around), EVENTS_RUN_OLD
    parts, what = None if header_apart else _pods_run(line), "a `get pods` table"
    if parts is not None and "..." in parts[0]:
        what = "a `get pods` table cut between its rows (rows left out there)"
    if parts is None and not header_apart:
        parts, what = _command_rows(line, above)
    if parts is None and not header_apart and not _under_command(previous):
        parts, what = _shaped_rows(line)
    if parts is None and not describe_apart:
        parts, what = _state_parts(line, anchored=anchored)
    if parts is None:
        parts, what = _status_run(line), "a pod's status YAML"
    if parts is None and not describe_apart:
        parts, what = _probe_status(line, previous, anchored=anchored)
    return parts, what


def _state_parts(line: str, *, anchored: bool = True
                 ) -> tuple[tuple[list[str], bool] | None, str]:
    """describe's state fields run into the line, or a status quoted in a sentence, and what
    they are (saying where the reason was spelled otherwise than the kubelet spells it): the
    first of `_STATEMENTS` that reads the line (of `_UNANCHORED_STATEMENTS` on a line holding
    no word of `_ANY_ANCHOR`: `anchored` False)."""
    parts, what = None, ""
    for read in _STATEMENTS if anchored else _UNANCHORED_STATEMENTS:
        parts, what = read(line)
        if parts is not None:
            break
    if parts is not None and "OOMKilled" not in line and "OOM" in line and \
            "Reason: OOMKilled" in (x.strip() for x in parts[0]):  # (not a limit's kill's)
        what += " (its reason `OOM Killed` read as the kubelet's OOMKilled)"
    return parts, what


def _saying(read: Callable[[str], tuple[list[str], bool] | None],
            what: str) -> Callable[[str], tuple[tuple[list[str], bool] | None, str]]:
    """A reader of a line's parts, with what they are (`what`, the same for every line)."""
    return lambda line: (read(line), what)


# what the sentences above hold, looked for in a whole paste before it is cleaned (a page's
# no-break space may sit between the words): a CrashLoopBackOff in any sentence, an end's
# status or reason after `terminated`; and a probe's word and a failure's word anywhere (a
# box's padding or a line break may part them from the status key: the key is looked for
# once the paste is put back on its lines), as written or as a JSON log line escapes them
# (`\\u63a2\\u91dd`, a docker json-file log's line)
_STATED_HINT = re.compile(r"CrashLoopBackOff|(?i:terminated)[ \t\xa0]+(?i:with)[ \t\xa0]+(?i:reason)"
                          r"|(?i:status):[ \t\xa0]*(?i:terminated)")
_HINT_PROBE = ("\u63a2\u9488", "\u63a2\u91dd", "\ud504\ub85c\ube0c", "\u30d7\u30ed\u30fc\u30d6", "\u043f\u0440\u043e\u0431\u0430", "\u041f\u0440\u043e\u0431\u0430",
               "\u043f\u0440\u043e\u0432\u0435\u0440\u043a\u0430", "\u041f\u0440\u043e\u0432\u0435\u0440\u043a\u0430")
_HINT_FAILED = ("\u5931\u8d25", "\u5931\u6557", "\u672a\u901a\u8fc7", "\u672a\u901a\u904e", "\uc2e4\ud328", "\u043f\u0440\u043e\u0439\u0434\u0435\u043d\u0430", "\u043f\u0440\u043e\u0448\u043b\u0430",
                "\u043f\u0440\u043e\u0432\u0430\u043b\u0438\u043b\u0430\u0441\u044c")
# (in English, a status's words in lower case: the kubelet's own message is capitalised)
_HINT_ENGLISH = ("readiness probe fail", "liveness probe fail", "startup probe fail")


def stated_hint(text: str) -> bool:
    """Whether the paste may hold an end, a back-off or a probe's failure stated in a sentence
    or a status bullet (`_STATED_HINT`, `_HINT_PROBE`): the sentence readers look for them
    only then (each word looked for once: one pass)."""
    # (a word's JSON escape is the word, or holds `\u`: looked for only in a text holding
    # `\u`, not each word's escape through a 2 MB line that has none, speed59)
    escaped = "\\u" in text

    def has(words: tuple[str, ...]) -> bool:
        return any(w in text or (escaped and json.dumps(w)[1:-1] in text) for w in words)
    # (every alternative of `_STATED_HINT` holds one of its two words: looked for first)
    hinted = "CrashLoopBackOff" in text or "terminated" in folded(text)
    return (hinted and _STATED_HINT.search(text) is not None) or has(_HINT_ENGLISH) or \
        (has(_HINT_PROBE) and has(_HINT_FAILED)) or _NAMED_BULLET.match(text) is not None \
        or _NAMED_BULLET_BELOW.search(text) is not None


# the words a sentence pattern is looked for around (found with str.find: a long line's every
# character is never a start the pattern is tried from, its many alternatives each time)
_END_WORDS = ("terminated", "Terminated", "TERMINATED")
_PROBE_WORDS = ("\u63a2\u9488", "\u63a2\u91dd", "\ud504\ub85c\ube0c", "\u30d7\u30ed\u30fc\u30d6", "probe", "Probe", "PROBE",
                "\u043f\u0440\u043e\u0431\u0430", "\u041f\u0440\u043e\u0431\u0430", "\u043f\u0440\u043e\u0432\u0435\u0440\u043a\u0430", "\u041f\u0440\u043e\u0432\u0435\u0440\u043a\u0430")


# the first place of each word on the last line looked around (`_near`): the readers look
# around the same words of one line, pattern after pattern, and a word a 2 MB line does not
# hold was looked for through the whole line again by each (speed59); the line is held, so
# no other string takes its identity while it is the one kept
_FIRST_PLACES: list[Any] = [None, {}]


def _first_place(line: str, word: str) -> int:
    """`line.find(word)`, kept for the last line asked of."""
    if line is not _FIRST_PLACES[0]:
        _FIRST_PLACES[:] = [line, {}]
    places: dict[str, int] = _FIRST_PLACES[1]
    if word not in places:
        places[word] = line.find(word)
    return places[word]


def _near(pattern: re.Pattern[str] | LazyPattern, line: str, words: tuple[str, ...],
          reach: tuple[int, int], most: int | None = None) -> re.Match[str] | None:
    """`pattern`'s earliest match among the stretches of the line around each of `words`
    (`reach`: how far before and after the word a match may start and end); None without.
    `most`: how many of each word's places are looked around at most (a pattern whose
    stretch is long and whose word a hostile line may repeat: a sentence holds few)."""
    if isinstance(pattern, LazyPattern) and pattern.nowhere(line):
        return None  # (its words or gates in no stretch: each word's places not looked at)
    found: re.Match[str] | None = None
    for word in words:
        at, left = _first_place(line, word), most
        while at >= 0 and (found is None or at - reach[0] < found.start()) and left != 0:
            left = None if left is None else left - 1
            m = pattern.search(line, max(0, at - reach[0]), at + len(word) + reach[1])
            if m is not None:
                found = m if found is None or m.start() < found.start() else found
                break
            at = line.find(word, at + 1)
    return found


def _stated_end(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A container's end stated in a sentence with its reason and exit code (`_STATED_END`),
    as describe's Terminated state and its fields, whether the line holds more, and what it
    is (saying when the sentence names the container in words only); None without one."""
    m = _near(_STATED_END, line, _END_WORDS, (40, 160))
    if m is None or general(line, m.start()):
        return None, STATED_END
    state = [f"{UNTOLD_STATE}: Terminated", f"  Reason: {_reason(m['reason'])}",
             f"  Exit Code: {m['code']}"]
    # the last one before the end: the container the sentence is about
    words = next(reversed(list(_CONTAINER_WORDS.finditer(line[max(0, m.start() - 300):m.start()]))),
                 None)
    what = STATED_END if words is None else (
        f"{STATED_END}; the sentence names the container in words only (`{words[0][:60]}`), "
        "no container name")
    return (state, bool(line[:m.start()].strip() or line[m.end():].strip(" ."))), what


def _named_elsewhere(lines: list[str]) -> set[str]:
    """The containers' names the record gives outside bullets (`_NAME_ITEM`, a `-o jsonpath`
    of containers' names and the line under it)."""
    names: set[str] = set()
    for i, line in enumerate(lines):
        after = lines[i + 1] if i + 1 < len(lines) else ""
        item = _NAME_ITEM.match(line)
        if item is not None:
            names.add(item["name"])
        elif _NAMES_COMMAND.search(line) and _NAMES_LINE.match(after):
            names.update(after.split())
    return names


def _named_end(line: str, named: set[str]) -> tuple[tuple[list[str], bool] | None, str]:
    """A bullet keyed by a container's name the record gives elsewhere (`named`) whose value
    is a terminated state's reason, as describe's container and its Terminated state's
    Reason, whether the line holds more, and what it is; None without one."""
    m = _NAMED_BULLET.match(line)
    if m is None or m["name"] not in named:
        return None, NAMED_END
    what = (f"{NAMED_END} (`{m[0].strip()[:80]}`): read as that container's Terminated state's "
            "Reason, its exit code not in the record, whether it was its State or its Last "
            "State the record does not say")
    return (["Containers:", f"  {m['name']}:", f"    {UNTOLD_STATE}: Terminated",
             f"    Reason: {_reason(m['reason'])}"], bool(line[m.end():].strip())), what


def _probe_status(line: str, previous: str, *, anchored: bool = True
                  ) -> tuple[tuple[list[str], bool] | None, str]:
    """A probe's failure stated as a pod's status (`_STATUS_PROBE`), on the line or with its
    key ending the line above (`previous`), as the kubelet's message of that probe's failure
    (`Readiness probe failed`, its output not in the record), whether the line holds more,
    and what it is; None without one (`anchored` False: the line holds no word of
    `_ANY_ANCHOR`, among them `_PROBE_WORDS`)."""
    m = _near(_STATUS_PROBE, line, _PROBE_WORDS, (80, 80)) if anchored else None
    # (the kubelet's own message under the key is read as it is, and is what this puts back;
    # the key's colon, looked for first, ends the line above)
    if m is None and previous.rstrip(" \t").endswith((":", "\uff1a")) and \
            _KEY_ENDS.search(previous[-200:]) and not _KUBELET_MESSAGE.match(line):
        m = _VALUE_STARTS.match(line)
    if m is None or general(line, m.start()):
        return None, STATED_PROBE
    kind = next((k for k in _PROBE_KINDS if m[k]), None) or _RU_KINDS.get(m["ru"], "liveness")
    message = f"{_KUBELET_WORDS[kind]} probe failed"
    what = (f"{STATED_PROBE} (`{m[0].strip()[:80]}`): read as the kubelet's `{message}`, at "
            "least once, its output not in the record")
    return ([message], bool(line[:m.start()].strip(" \t-*\u2022")
                            or line[m.end():].strip(" \t)\uff09]."))), what


def _pods_run(line: str) -> tuple[list[str], bool] | None:
    """The table's header and rows, each on a line of its own, and whether the line holds
    more (its command, what follows the rows); None unless a header is followed on the line
    by at least one row. A header with NAMESPACE first or -o wide's columns after AGE has its
    rows told by those columns (`_rows_of`)."""
    # (the header's `READY` looked for first: `_COLUMNS_HEADER` has no word to start from)
    header = _COLUMNS_HEADER.search(line) if "READY" in line else None
    if header is None:
        return None
    if header["ns"] or header["wide"]:
        cols = _Columns(bool(header["ns"]), bool(header["wide"]), "")
        rows, rest = _rows_of([m[0] for m in _TOKEN.finditer(line, header.end())], cols, first=0)
        cells = ["NAMESPACE"] * cols.namespace + ["NAME", "READY", "STATUS", "RESTARTS", "AGE"]
        return ([" ".join([*cells, *_WIDE * cols.wide]), *rows],
                bool(line[:header.start()].strip() or rest)) if rows else None
    rows = []
    at = header.end()
    while True:
        cut = _CUT_MARK.match(line, at)
        if cut is not None:  # rows left out there: a cut line, once
            rows.extend([] if rows and rows[-1] == "..." else ["..."])
            at = cut.end()
            continue
        row = _ROW.match(line, at)
        if row is None:
            break
        rows.append(row["row"])
        at = row.end()
    if all(x == "..." for x in rows):
        return None
    return [header[0], *rows], bool(line[:header.start()].strip() or line[at:].strip())


# `kubectl get pods` on the line its rows run into, without the table's header (`kubectl get
# pod -A -owide|grep server ss web-1 1/1 Running 0 20h 10.1.2.3 node1 ...`: grep filtered it
# out, or --no-headers): the command's flags tell the columns (printPod; -A adds NAMESPACE
# first, -o wide IP, NODE, NOMINATED NODE and READINESS GATES after AGE)
_GET_PODS = re.compile(r"\bget\s+(?:pods?|po)(?=[\s|]|$)")
_TOOL_BEFORE = lazy_regex(r"(?:^|[\s/])(?:kubectl|oc|kubecolor|k)\s+(?:[^\s|]+\s+){0,8}$")
_READY_CELL = lazy_regex(r"\s\d{1,4}/\d{1,4}\s+[A-Za-z]")
_TOKEN = lazy_regex(r"\|+|[^\s|]+")
_READY = lazy_regex(r"\d{1,4}/\d{1,4}")
_STATUS = lazy_regex(r"[A-Za-z][A-Za-z:]{0,62}(?::\d+/\d+)?")
_COUNT = re.compile(r"\d{1,9}")
_AGE = lazy_regex(r"(?:\d{1,9}[ydhms]){1,5}|<unknown>|<invalid>")
_AGO = lazy_regex(r"\((?:\d{1,9}[ydhms]){1,5}")
_NAME = lazy_regex(PLACEHOLDER)
# a wide row's cells after AGE: an IP, a node's name, `<none>` (a page may drop it as a tag),
# a readiness gates' `0/1`
_WIDE_CELL = lazy_regex(rf"[0-9a-fA-F.:]{{2,45}}|{NAME_CELL}|<none>|\d{{1,4}}/\d{{1,4}}")
_WIDE = ("IP", "NODE", "NOMINATED NODE", "READINESS GATES")
# the rows a page ran into a command's line, looked at up to this length (about sixty rows):
# the value in effect since the jq reader's bound of the same name (below, now _JQ_LINE_MAX)
# shadowed the 65,536 written here; every record's reading has been made with it
_COMMAND_MAX = 4096


class _Columns(NamedTuple):
    """The columns a `kubectl get pods` command prints (its flags)."""

    namespace: bool  # -A, --all-namespaces: NAMESPACE first
    wide: bool  # -o wide: IP, NODE, NOMINATED NODE, READINESS GATES after AGE
    command: str  # the command as the line shows it, up to its first pipe
    watch: bool = False  # -w: rows of one pod, one a change


def _command_rows(line: str, above: _Columns | None
                  ) -> tuple[tuple[list[str], bool] | None, str]:
    """The header the command on the line prints (`_Columns`) and the rows run into the line
    after it, each on a line of its own, and whether the line holds more after them; or,
    under a `get pods` command alone on the line above (`above`), the rows the line starts
    with. None unless the command prints a table and at least one row is so run in."""
    what = "`get pods` rows without their header"
    columns = _command_columns(line) if above is None and len(line) <= _COMMAND_MAX else \
        (0, above) if above is not None and rows_run_together(line) else None
    if columns is None:
        return None, what
    start, cols = columns
    tokens, marked = _uncommented([m[0] for m in _TOKEN.finditer(line, start)], cols)
    rows, rest = _rows_of(tokens, cols, first=0 if above is not None else None)
    if not rows:
        return None, what
    header = ["NAMESPACE"] * cols.namespace + ["NAME", "READY", "STATUS", "RESTARTS", "AGE"]
    header += list(_WIDE) * cols.wide
    what = (f"`get pods` rows without the table's header, their columns told by the command "
            f"`{cols.command[:80]}`{' on the line above' if above is not None else ''} "
            f"({' '.join(header)}{_alike(rows, cols)})"
            f"{_COMMENTED_ROWS if marked else ''}")
    return (["   ".join(header), *rows], rest), what


# a page's output written as shell comments under its command (`kubectl get pods -n payments
# # payment-service-5c8f8-xj2p 0/1 OOMKilled 1 3m # ...`, devopsmanual-oom-cascading-failure):
# the mark `#` before each row is the page's, not a cell of the table
_COMMENTED_ROWS = ", each row behind a shell comment mark `#` (the page's, not a cell),"


# `get pods` rows run into one line with neither header nor command (camunda-13948's
# `release-8-1-x-zeebe-0 1/1 Running 2 (7d11h ago) 33d release-8-1-x-zeebe-1 1/1 ...`): their
# columns are told by their shape where the line starts with a row's NAME and one word alone,
# the next row's NAME, stands between each row's AGE and the next row's READY: -A prints a
# NAMESPACE word before each NAME and -o wide four cells after each AGE (printPod), so rows of
# either show more words there; the default columns print none
_SHAPED = ("`get pods` rows without the table's header or a command, their "
           "columns told by their shape (NAME READY STATUS RESTARTS AGE: the line starts with "
           "a row's NAME, and one word, the next row's NAME, stands between each row's AGE and "
           "the next row's READY, where -A's NAMESPACE or -o wide's cells would add words)")


def _shaped_rows(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """`get pods` rows run into one line with neither header nor command, each on a line of
    its own, and whether the line holds more after them, where their shape tells their
    columns (`_SHAPED`) and no two name one pod (a watch's rows of one pod, or a page's
    placeholder for several, are not told apart so); None otherwise."""
    if len(line) > _COMMAND_MAX or not rows_run_together(line):
        return None, _SHAPED
    tokens = [m[0] for m in _TOKEN.finditer(line)]
    rows, rest = _rows_of(tokens, _Columns(namespace=False, wide=False, command=""), first=0)
    names = [row.split("   ", 1)[0] for row in rows]
    if len(rows) < 2 or len(set(names)) < len(names):
        return None, _SHAPED
    return (rows, rest), _SHAPED


def _under_command(previous: str) -> bool:
    """Whether the line above is a `kubectl get pods` command: its flags, not the rows'
    shape, tell the columns of the rows under it (`_command_rows`; `-L`, `--show-labels` and
    `-o name` print others), so the shape's rule (`_shaped_rows`) is not theirs."""
    return len(previous) <= _COMMAND_MAX and "get" in previous and \
        _GET_PODS.search(previous) is not None


def shaped_rows_hint(text: str) -> bool:
    """Whether a line of the text holds `get pods` rows run together that their shape tells
    (`_shaped_rows`), looked for before the paste is put back on its lines (a line without a
    READY cell's `/` is not looked at)."""
    return any(_shaped_rows(x)[0] is not None for x in text.split("\n") if "/" in x)


def _uncommented(tokens: list[str], cols: _Columns) -> tuple[list[str], bool]:
    """The words after a `get pods` command without the comment marks `#` that stand right
    before a row (its NAME, or NAMESPACE, then READY STATUS RESTARTS AGE: `_core`), and
    whether any was taken off; a `#` before anything else stays (one pass over the words)."""
    lead = 2 if cols.namespace else 1
    kept = [t for i, t in enumerate(tokens)
            if t != "#" or i + 1 + lead >= len(tokens) or _core(tokens, i + 1 + lead) is None]
    return kept, len(kept) < len(tokens)


def _alike(rows: list[str], cols: _Columns) -> str:
    """What a note says of rows that name one pod several times in a table that is no watch
    (a page's placeholder for several pods: `server-xxx-xxx`): read as one pod, its last."""
    lead = 2 if cols.namespace else 1
    names = Counter(tuple(row.split("   ")[:lead]) for row in rows)  # (namespace,) name
    twice = sorted(n for n, k in names.items() if k > 1) if not cols.watch else []
    if not twice:
        return ""
    return (f"; {names[twice[0]]} rows name {twice[0][-1][:60]}, which no two pods of one "
            "namespace can share: a page's name for several pods, read as one pod, its last row")


def _command_alone(line: str) -> _Columns | None:
    """The columns of a `get pods` command on a line of its own (no row after it)."""
    if len(line) > _COMMAND_MAX or "get" not in line:
        return None
    columns = _command_columns(line)
    return None if columns is None or _READY_CELL.search(line, columns[0]) else columns[1]


def rows_run_together(line: str) -> bool:
    """Whether the line holds two `get pods` rows or more (READY STATUS RESTARTS AGE twice),
    run into it without a header or a command to tell their columns by: which words are a
    namespace, a name or a wide row's cells cannot be told."""
    if "/" not in line:  # (no READY cell, `_READY`: the words are not looked at)
        return False
    tokens = [m[0] for m in _TOKEN.finditer(line[:_COMMAND_MAX])]
    found = 0
    for i in range(1, len(tokens)):
        found += _core(tokens, i) is not None
        if found > 1:
            return True
    return False


def command_run_hint(text: str) -> bool:
    """Whether a line of the text holds a `get pods` command with a READY cell after it, on
    that line or the next (the rows `_command_rows` puts back): looked for once a line, so
    that it stays linear."""
    at = 0
    while (m := _GET_PODS.search(text, at)) is not None:
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        below = text.find("\n", end + 1)
        if _READY_CELL.search(text, m.end(), len(text) if below < 0 else below):
            return True
        at = end + 1
    return False


def _command_columns(line: str) -> tuple[int, _Columns] | None:
    """Where the first `kubectl get pods` on the line ends and the columns its flags print
    (its flags up to its first pipe); None without one, or for an output that is no table of
    these columns (`-o yaml`, `-o name`, `--show-labels`, `-L`)."""
    if "get" not in line:  # (`_GET_PODS`'s word, looked for first)
        return None
    for n, m in enumerate(_GET_PODS.finditer(line)):
        if n >= 8:  # a command is near the line's start: a hostile line's many are not looked at
            return None
        tool = _TOOL_BEFORE.search(line[max(0, m.start() - 200):m.start()])
        if tool is None:
            continue
        pipe = line.find("|", m.end())
        flags = line[m.end():pipe if pipe >= 0 else len(line)].split()
        columns = _flag_columns(flags[:64])
        if columns is None:
            return None
        head = line[max(0, m.start() - 200) + tool.start():pipe if pipe >= 0 else m.end()]
        return m.end(), _Columns(columns[0], columns[1], head.strip(), columns[2])
    return None


def _flag_columns(flags: list[str]) -> tuple[bool, bool, bool] | None:
    """(NAMESPACE first, -o wide, --watch) from a `get pods` command's words (read by
    kubectl_command.py); None for an output of other columns (`-o yaml`, `--show-labels`,
    `-L`). Words that are no flags (pod names, and the rows when no pipe ends the command)
    are passed over."""
    get = kubectl_command(["get", "pods", *flags])
    if get.switch("show-labels") or "label-columns" in get.flags or \
            get.output not in (None, "wide"):
        return None
    return (get.switch("all-namespaces"), get.output == "wide",
            get.switch("watch") or get.switch("watch-only"))


def _rows_of(tokens: list[str], cols: _Columns, *, first: int | None = None
             ) -> tuple[list[str], bool]:
    """The rows among the words after the command (`_Columns`), each its cells joined on a
    line, and whether words are left after the last; no rows when the words between two
    rows are not the cells the columns put there, or the first row does not start at word
    `first` (when given)."""
    lead = 2 if cols.namespace else 1
    cores = [c for i in range(lead, len(tokens)) if (c := _core(tokens, i)) is not None]
    if first is not None and (not cores or cores[0][0] - lead != first):
        return [], False
    rows: list[str] = []
    left = False
    for n, (ready, end) in enumerate(cores):
        start = ready - lead
        if any(t == "|" or not _NAME.fullmatch(t) for t in tokens[start:ready]):
            return [], False
        stop = cores[n + 1][0] - lead if n + 1 < len(cores) else len(tokens)
        tail = tokens[end:stop]
        cells = tail[:len(_WIDE) * cols.wide]
        kept = len(cells) if all(_WIDE_CELL.fullmatch(c) for c in cells) else 0
        if n + 1 < len(cores) and (stop < end or kept != len(tail)):
            return [], False  # words between two rows that are no cells of theirs
        ago = [" ".join(tokens[ready + 3:ready + 5])] if end - ready == 6 else []
        row = [*tokens[start:ready + 3], *ago, tokens[end - 1], *tail[:kept]]
        rows.append("   ".join(row))
        left = len(tail) > kept
    return rows, left


def _core(tokens: list[str], i: int) -> tuple[int, int] | None:
    """READY STATUS RESTARTS [(AGE ago)] AGE from word `i` on: (i, the index after it)."""
    if not _READY.fullmatch(tokens[i]) or i + 3 >= len(tokens) or \
            not _STATUS.fullmatch(tokens[i + 1]) or not _COUNT.fullmatch(tokens[i + 2]):
        return None
    at = i + 3
    if _AGO.fullmatch(tokens[at]) and at + 2 < len(tokens) and tokens[at + 1] == "ago)":
        at += 2
    return (i, at + 1) if _AGE.fullmatch(tokens[at]) else None


def _state_run(line: str) -> tuple[list[str], bool] | None:
    """The state, its Reason and Exit Code, each on a line of its own (describe's
    indentation), and whether the line holds more (the sentence around them); None without
    one."""
    m = _STATE.search(line) if "State:" in line else None  # (its key's word: looked for first)
    if m is None:
        return _headless_run(line)
    fields = [f"{m['key']}: {m['state']}", f"  Reason: {m['reason']}"]
    if m["code"] is not None:
        fields.append(f"  Exit Code: {m['code']}")
    return fields, bool(line[:m.start()].strip() or line[m.end():].strip(" ."))


def _rancher_run(line: str) -> tuple[list[str], bool] | None:
    """Rancher's line of a container's last state (rancher_state.py), describe's lines put
    back, and whether the line holds more; None without one, or in a sentence saying what
    may or would happen (`general_around`) or asking (`asked`): a guide's or a question's
    quote states no container's end."""
    state = rancher_last_state(line)
    if state is None or general_around(line, state.start, state.end) or \
            asked(line, state.end):
        return None
    return state.lines, bool(line[:state.start].strip(" |") or line[state.end:].strip(" ."))


def _event_run(line: str) -> tuple[list[str], bool] | None:
    """A `get events` row's cells run on from a sentence (event_in_sentence.py), put back on
    a line of their own after the sentence's line left empty; None without them."""
    found = event_in_sentence(line)
    return None if found is None else (["", found.row], False)


def _headless_run(line: str) -> tuple[list[str], bool] | None:
    """A terminated state's Reason and Exit Code quoted in a sentence without the state's
    key, each on a line of its own, and whether the line holds more; None without them."""
    # (the three hold an exit code's key, `_CODE_KEY`: looked for first)
    m = None if "exit code" not in folded(line) else \
        _HEADLESS.search(line) or _HEADLESS_CODE_FIRST.search(line) or _LOGGED_REASON.search(line)
    if m is None or general(line, m.start()):
        return None
    state = [f"{UNTOLD_STATE}: Terminated", f"  Reason: {_reason(m['reason'])}",
             f"  Exit Code: {m['code']}"]
    before = line[max(0, m.start() - 100):m.start()]
    named = _IN_CONTAINER.search(before) or _TERMINATED_CONTAINER.search(before)
    if named is not None:  # under the container's name, as describe prints it
        state = ["Containers:", f"  {named['name']}:", *("    " + x for x in state)]
    return state, bool(line[:m.start()].strip() or line[m.end():].strip(" ."))


# the container a message names right before the fields: `Error in container build: exit
# code: 137, reason: 'OOMKilled'` (gitlab-runner's Kubernetes executor; a DNS-1123 label)
# the Jenkins Kubernetes plugin's report of an agent pod's container that ended
# (KubernetesLauncher / the pod's watcher: `%s/%s Container %s was terminated (Exit Code: %d,
# Reason: %s)`): the container it names, right before the fields
_TERMINATED_CONTAINER = lazy_regex(r"\bContainer[ \t]+(?P<name>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)"
                                   r"[ \t]+was[ \t]+terminated[ \t]*\([ \t]*$")
_IN_CONTAINER = lazy_regex(r"\b(?i:in|of|for)[ \t]+container[ \t]+[\"'`]?"
                           r"(?P<name>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)[\"'`]?:[ \t]*$")


def _prose_status(line: str) -> tuple[list[str], bool] | None:
    """A container's status OOMKilled quoted alone after its key inside a sentence, as
    describe's Terminated state and its Reason (the state OOMKilled is a terminated one's
    reason), and that the line holds more (the sentence); None without one."""
    # (both hold the word `status`: looked for first)
    m = None if "status" not in folded(line) else \
        _PROSE_STATUS.search(line) or _QUOTED_OWN_STATUS.search(line)
    if m is None or general(line, m.start()):
        return None
    return [f"{UNTOLD_STATE}: Terminated", f"  Reason: {_reason(m['reason'])}"], True


_OBSERVED_NOTE = " (said as the author's observation of the case: `I can see ...`)"


def _observed_state(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A first-person observation of a pod or container in CrashLoopBackOff or OOMKilled
    (`_observed`), read as the sentences that state them are (`_prose_backoff`,
    `_prose_status`), and what it is; None without one."""
    # (its reason, one of two words, looked for first)
    m = _OBSERVED.search(line) if "CrashLoopBackOff" in line or "OOM" in line else None
    if m is None or general_around(line, m.start(), m.end()):
        return None, ""
    waiting = m["reason"] == "CrashLoopBackOff"
    state = ["State: Waiting", "  Reason: CrashLoopBackOff"] if waiting else \
        [f"{UNTOLD_STATE}: Terminated", f"  Reason: {_reason(m['reason'])}"]
    name = m["post"] or m["pre"] if m["what"].lower() == "container" else None
    if name is not None and _LABEL.fullmatch(name):  # `the app container`, `container app`
        state = ["Containers:", f"  {name}:", *("    " + x for x in state)]
    return (state, True), (QUOTED_BACKOFF if waiting else QUOTED_STATUS) + _OBSERVED_NOTE


_LABEL = lazy_regex(r"[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?")  # a container's name (DNS-1123)

# (a sentence holds these words a few times: the places looked around on a line, at most)
_SENTENCE_PLACES = 64
_OOM_ANCHORS = ("OOM",)  # (the reason as `_OOM_WORDS` spells it)


def _restart_reason(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """An end's reason stated as the answer to the case's own pod or container restarting
    (`_RESTART_REASON`), read as the sentences that state a status are (`_prose_status`): a
    Terminated state's Reason, under the container the sentence names (`the api container`,
    `container api`); and what it is. None without one, in a question, or in a sentence of
    what may happen."""
    m = _near(_RESTART_REASON, line, _OOM_ANCHORS, (300, 60), _SENTENCE_PLACES)
    if m is None or general_around(line, m.start(), m.end()) or asked(line, m.end()) or \
            IF_MORE.search(line, sentence_start(line, m.start()), m.start()) or \
            (m["proper"] is not None and _name_of_no_case(line, m.start("proper"))):
        return None, ""
    state = [f"{UNTOLD_STATE}: Terminated", f"  Reason: {_reason(m['reason'])}"]
    named = _NAMED_SUBJECT.fullmatch(m["subject"] or "")
    if named is not None:  # (a container's name as describe prints it)
        state = ["Containers:", f"  {named['name']}:", *("    " + x for x in state)]
    return (state, True), STATED_RESTART_REASON


def _listed_reason(lines: list[str], number: int) -> tuple[tuple[list[str], bool] | None, str]:
    """A reason of the case's restarts given as an item of a list under the sentence that
    states them (listed_reasons.py: `The REST API pods are frequently restarting for different
    reasons:`, then `* OOMKilled`), read as `restarted due to ITEM` is: OOMKilled as a
    Terminated state's Reason (`_restart_reason`), a liveness or startup probe's failure as
    that probe's failure and one kill of it (R4.4, `_stated_probe_restart`); None otherwise."""
    listed = listed_reason(lines, number)
    if listed is None:
        return None, ""
    under = (f"; an item of the list of the reasons line {listed.lead} states the case's "
             f"restarts for (`{listed.words[:80]}`)")
    if listed.reason == "OOMKilled":
        return ([f"{UNTOLD_STATE}: Terminated", "  Reason: OOMKilled"], listed.rest), \
            STATED_RESTART_REASON + under
    what = (f"{STATED_PROBE_KILL}, as the cause of its restarts or back-off: read as the "
            f"{listed.reason} probe's failure and one kill of it, of a container the record "
            "does not name, at least once, no count")
    return (kill_lines(listed.reason), listed.rest), what + under


_NO_CASE_WORDS = frozenset(("your", "a", "an", "any", "some", "each", "every", "many", "most",
                            "all", "other", "no"))


def _name_of_no_case(line: str, start: int) -> bool:
    """Whether the proper name starting at `start` (`_PROPER`'s words, the subject of a restart)
    follows a determiner of no case, right before it or before the capitalised words that run
    into it (`your Operator Controller pod`, `A CSM Operator Controller POD`: a pod, no case's)."""
    for word in reversed(line[max(0, start - 300):start].split()[-10:]):
        if word.lower() in _NO_CASE_WORDS:
            return True
        if not word[:1].isupper():
            return False
    return False


# the subject naming a container: `the api container`, `my sidecar-1 container`
_NAMED_SUBJECT = lazy_regex(r"(?i:my|our|the|this|that)[ \t]+(?P<name>[a-z0-9](?:[-a-z0-9]{0,61}"
                            r"[a-z0-9])?)[ \t]+(?i:container)")
def _stated_restarts(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's restarts stated in a first-person sentence with a count (`_STATED_RESTARTS`),
    read as the case's container having ended (a Terminated state of no reason or exit code,
    its restarts no count bounds: the caller cuts them), and what it is; None without one, for
    a count of none, in a question or in a sentence of what may happen."""
    m = _near(_STATED_RESTARTS, line, _RESTART_WORDS, (200, 20), _SENTENCE_PLACES)
    if m is None or not int(next(x for x in m.groups() if x is not None)) or \
            general_around(line, m.start(), m.end()) or asked(line, m.end()) or \
            IF_MORE.search(line, sentence_start(line, m.start()), m.start()):
        return None, ""
    return ([f"{UNTOLD_STATE}: Terminated"], True), STATED_RESTARTS


def _workload_restarts(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The restarts of the case's own workload or pod stated with a count
    (stated_case.WORKLOAD_RESTARTS: `The cloudflared deployment was hitting ~21 restarts/hour`),
    read as `_stated_restarts` reads a first-person count: the case's container ended, at least
    once, the count bounding nothing; None without one, for a count of none, in a negation, a
    question, a conditional or a sentence of what may happen."""
    m = _near(WORKLOAD_RESTARTS, line, _RESTART_WORDS, (200, 20), _SENTENCE_PLACES)
    if m is None or not restart_count(m) or _unstated(line, m):
        return None, ""
    return ([f"{UNTOLD_STATE}: Terminated"], True), (
        f"{STATED_RESTARTS}; here stated of the case's own workload or pod by a determiner of "
        f"the case's (`{m[0][:80]}`)")


def _hit_killing(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A container stated as having hit the kubelet's Killing event of its liveness or startup
    probe, the event quoted (hit_killing.HIT_KILLING: `only `qbittorrent` repeatedly hit
    `Killing ... failed startup probe``), read as that probe's failure and the event's
    message of that container (R4.4); None without one, in a negation, a question, a
    conditional or a sentence of what may happen."""
    m = _near(HIT_KILLING, line, HIT_ANCHORS, (120, 240), _SENTENCE_PLACES)
    if m is None or _unstated(line, m):
        return None, ""
    what = (f"{STATED_PROBE_KILL}, as the kubelet's Killing event it quotes of container "
            f"{m['name']} (`{m[0][:80]}`): read as the {m['kind'].lower()} probe's failure and "
            "that event's message, at least once, no count")
    return (hit_killing_lines(m), True), what


def _probe_killed(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A probe named as the agent of the kill in one word with it, of the case's own pod
    (stated_case.PROBE_KILLED: `vault-0 was liveness-killed`), read as `_stated_probe_kill`
    reads `my pod was killed by its liveness probe`: that probe's failure and one kill of it
    (R4.4); None without one, in a negation, a question, a conditional or a sentence of what
    may happen."""
    m = _near(PROBE_KILLED, line, KILLED_ANCHORS, (340, 20), _SENTENCE_PLACES)
    if m is None or _unstated(line, m):
        return None, ""
    kind = m["kind"].lower()
    return _one_kill(kind, "the probe joined to the kill", m[0])


# a counterfactual after a kill (`even though it would have recovered on its own`): what did
# not happen beside it, so the kill did; not a sentence of what may happen (fixprose53d)
_COUNTERFACTUAL = lazy_regex(r"(?<![A-Za-z])(?i:would|could|might)[ \t]+(?i:have)[ \t]+[A-Za-z]{1,30}ed"
                             r"(?![A-Za-z])")


def _kill_hedged(line: str, m: re.Match[str]) -> bool:
    """Whether the sentence of the stated kill `m` says what may happen (`general_around`),
    a counterfactual after it (`_COUNTERFACTUAL`) set aside, or guesses it (present_kill.GUESS:
    `maybe`, before the kill's end in its sentence: fixprose53d)."""
    after = _COUNTERFACTUAL.sub(lambda c: " " * len(c[0]), line[m.end():m.end() + 2000])
    around = line[max(0, m.start() - 2000):m.end()] + after
    at = min(m.start(), 2000)
    return general_around(around, at, at + m.end() - m.start()) or \
        GUESS.search(line, sentence_start(line, m.start()), m.end()) is not None


def _stated_probe_kill(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A probe named as the agent of a kill of the case's own pod or container
    (stated_kill.PROBE_KILL), read as that probe's failure and one kill of it (R4.4), and
    what it is; None without one, in a question or in a sentence of what may happen."""
    m = _near(PROBE_KILL, line, PROBE_KILL_ANCHORS, (300, 120), _SENTENCE_PLACES)
    if m is None or _kill_hedged(line, m) or asked(line, m.end()) or \
            IF_MORE.search(line, sentence_start(line, m.start()), m.start()):
        return None, ""
    what = (f"{STATED_PROBE_KILL} (`{m[0][:80]}`): read as that probe's failure and one kill "
            "of it, of a container the record does not name, at least once, no count")
    return (probe_kill_lines(m), True), what


def _stated_probe_restart(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A restart of the case's own pods or container stated as caused by a liveness or
    startup probe's failure (probe_restart.PROBE_RESTART, its subject the case's own before
    it in the sentence), read as that probe's failure and one kill of it (R4.4: such a failure
    restarts a container only by the kubelet's kill), as a probe's kill stated in prose is;
    None without one, in a question or in a sentence of what may happen. A past narrative
    (`When CLAUSE, we observed STATEMENT`: narrative_when.py) states its STATEMENT."""
    m = _near(PROBE_RESTART, line, RESTART_ANCHORS, (20, 200), _SENTENCE_PLACES)
    if m is None:  # (in Korean: its kill, restart or back-off, read before a status is)
        return _ko_probe_kill(line)
    narrative = past_narrative(line, sentence_start(line, m.start()), m.start())
    start = narrative.statement if narrative else sentence_start(line, m.start())
    # (`as we can see`: no `can` of what may happen; the author's own occasion, `when I am
    # increasing`, no `when` of it: own_occasion.py, fc58g and fx59h)
    seen = _before_gloss(_SEEING.sub(lambda x: " " * len(x[0]), blank_own_occasion(
        unhedged(line, narrative))), m.end())
    subject = _restart_subject(line, start, m.start())
    if subject is None or unowned_while(line, start, m.start()) or \
            general_around(observed_often(seen, start, subject.end, m.start()), m.start(),
                           m.end()) or asked(line, m.end()) or \
            IF_MORE.search(line, start, m.start()) or _aside_unstated(m["aside"]) or \
            restart_denied(line, subject.end, m.start()):
        return None, ""
    kind = (m["kind"] or m["kind2"] or m["kind3"] or m["kind4"] or m["kind5"]).lower()
    read = _joined_read(kind, JOINED_KIND.match(line, m.end()))
    if read is None:
        return None, ""
    container = m["container"] or subject.container
    named = f"{_OF_ITS_CONTAINER} {container}" if container else \
        "of a container the record does not name"
    said = "that probe's failure and one kill of it" if read.killer else \
        f"the failure of each ({', '.join(read.failed)}) and {_EITHER_KILLED}"
    what = (f"{STATED_PROBE_KILL}, as the cause of its restarts or back-off (`{m[0][:80]}`): "
            f"read as {said}, {named}, at least once, no count")
    return (_failed_kill_lines(read, container), True), what + subject.what


def _joined_read(kind: str, joined: re.Match[str] | None) -> FailedKinds | None:
    """What a restart's cause naming the probe `kind` reads, another kind `joined` after it
    (restart_failing.JOINED_KIND: `due to the frr container failing its startup probes and
    liveness probes`, fx60f): the two that kill joined by `and`, `/` or `as well as`, each
    failing and one kill of either (the lead's decision, stop 60, bothkill); joined by `or`,
    which failed is not told: None (fixprose47). Any other join, or none, reads `kind` alone
    (its kill, R4.4), as before."""
    read = None if joined is None else kinds_read(kind + joined[0])
    if joined is not None and read is None:
        return None
    return read if read is not None and read.killer is None else FailedKinds([kind], kind)


_OF_ITS_CONTAINER = "of its container"  # (what `_stated_probe_restart` says of a named one)


class _Subject(NamedTuple):
    """The subject of a restart stated in prose: where it ends, and what the answer adds."""

    end: int
    what: str
    container: str | None = None


# a workload's or container's dashed name alone, every part a word (no pod's ordinal or hash:
# `minio-0`, `web-7d9f8c6b5-x2x9z`), the subject of a restart: the container it names
# (zammad-helm-95: `The zammad-railsserver gets restarted often ... due to low `livenessProbe`
# timeouts`; the kubelet's kill message names the container, R4.4; stop 56)
_CONTAINER_NAME = lazy_regex(r"[a-z][a-z]{1,30}(?:-[a-z][a-z]{1,30}){1,4}")
# the same name between a determiner of the case's and `container` (`the driver-registrar
# container that crashes`, democratic-csi-348): the container it names; one word (`the app
# container`, `the init container`) is a word for a container, not its name
_NAMED_CONTAINER = lazy_regex(r"(?i:the|my|our|this)[ \t]+`?(?P<name>[a-z][a-z]{1,30}"
                              r"(?:-[a-z][a-z]{1,30}){1,4})`?[ \t]+(?i:container)")
# the words between that name and its restart: its verb's auxiliaries and adverbs alone, the
# name after a blank or opening the line (no link's or path's part)
_TO_VERB = lazy_regex(r"(?:[ \t]+[a-z]{2,12}){0,3}[ \t]+")


def _named_container(line: str, start: int, restart: int) -> str | None:
    """The container a dashed name right before the restart at `restart` names
    (`_CONTAINER_NAME`, or that name between a determiner and `container`: `_NAMED_CONTAINER`;
    the last of the sentence's case subjects from `start`, only its verb's words after it);
    None without one."""
    last = None
    for found in CASE_SUBJECT.finditer(line, start, restart):
        last = found
    if last is None or _TO_VERB.fullmatch(line, last.end(), restart) is None:
        return None
    named = _NAMED_CONTAINER.fullmatch(last[0])
    if named is not None:
        return named["name"]
    if _CONTAINER_NAME.fullmatch(last[0]) is None or \
            (last.start() > 0 and not line[last.start() - 1].isspace()):
        return None
    return last[0]


def _restart_subject(line: str, start: int, restart: int) -> _Subject | None:
    """The case's own subject of the restart at `restart` in the sentence from `start`: a
    determiner of the case's or a pod's name (CASE_SUBJECT), the case's pods by their
    workload right before it (narrative_when.workload_subject_end: `CSI pods were`), the
    case's own workload by a determiner of the case's right before it (own_subject_end: `The
    node driver`; the restart's cause a probe's failure, PROBE_RESTART's), or a
    pronoun whose antecedent is the case's app (stated_case.py); None without one."""
    case = CASE_SUBJECT.search(line, start, restart)
    if case is not None:
        return _Subject(case.end(), "", _named_container(line, start, restart))
    workload = workload_subject_end(line, start, restart)
    if workload is not None:
        return _Subject(workload, "; its subject the case's pods named by their workload (a "
                        "capitalised name and a plural noun of what runs, fixprose38)")
    plural = all_subject_end(line, start, restart)
    if plural is not None:
        return _Subject(plural, "; its subject `all` and a plural noun, the case's where the "
                        "sentence's first person runs the system, past or progressive (the "
                        "lead's decision, stop 60)")
    own = own_subject_end(line, start, restart)
    if own is not None:
        return _Subject(own, "; its subject the case's own workload by a determiner of the "
                        "case's (a probe's failure ends only a container, R4.4; fixprose52)")
    if pronoun_of_case(line, start, restart):
        return _Subject(start, "; its subject a pronoun whose antecedent is the case's app, "
                        "the author's own deploy told in the sentence before (stated_case.py)")
    fixed = fix_object_end(line, start, restart)
    if fixed is not None:
        return _Subject(fixed, "; the end a change's statement of what it fixes, of the "
                        "component it names (what a change fixes happened; stop 56)")
    return None


def _before_gloss(line: str, end: int) -> str:
    """The line up to the first colon after the restart's cause ending at `end`: the words
    after it are the author's gloss, a clause of its own (`restarted due to failing the
    liveness probe: it seems like in practice it takes 1 to 2s`), whose words of what may
    happen (`like`, `can`) make the restart no general one (fixprose66)."""
    colon = line.find(": ", end, end + 2000)
    return line if colon < 0 else line[:colon]


def _aside_unstated(aside: str | None) -> bool:
    """Whether an author's aside in brackets between a restart and its cause (`restart (a few
    times/day) due to`: how often, when) makes the sentence state nothing: a negation (`(but
    not always)`, `(never ...)`) or a word of what may happen (`(if at all)`, `(it may)`), as
    the sentence's own words would (`general_around`, stated_cause.NEGATED)."""
    return aside is not None and (NEGATED.search(aside) is not None or
                                  GENERAL.search(aside) is not None or
                                  IF_MORE.search(aside) is not None)


def _restart_failing(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A restart of the case's own pods or workload stated as caused by its pods failing
    probes, or by two or three probes failing (restart_failing.RESTART_FAILING: `our litellm
    deployment keeps restarting because the pods fail readiness and liveness probes`), read as
    the failure of each probe it reads failed and one kill of the one that kills (R4.4; a
    readiness failure restarts nothing, R3.4); None without one, where no one probe kills, its
    subject no case's, in a negation, a question, a conditional or a sentence of what may
    happen (fixprose53c)."""
    m = _near(RESTART_FAILING, line, RESTART_FAILING_ANCHORS, (20, 300), _SENTENCE_PLACES)
    read = None if m is None else failed_kinds(m)
    if m is None or read is None or _unstated(line, m):
        return None, ""
    subject = _restart_subject(line, sentence_start(line, m.start()), m.start())
    if subject is None or restart_denied(line, subject.end, m.start()):
        return None, ""
    killed = (f"one kill of the {read.killer} probe (the one of them that kills)" if read.killer
              else _EITHER_KILLED)
    what = (f"{STATED_PROBE_KILL}, as the cause of its restarts (`{m[0][:80]}`): read as the "
            f"failure of {' and '.join(read.failed)} probes, each at least once, and {killed}, "
            "of a container the record does not name, at least once, no count")
    return (_failed_kill_lines(read), True), what + subject.what


def _ko_probe_kill(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A liveness or startup probe's failure stated in Korean as the cause of the kill, restart
    or back-off of a container or pod (stated_kill.KO_PROBE_KILL: `liveness probe 실패로 kubelet이
    컨테이너 강제 종료`), read as that probe's failure and one kill of it (R4.4), as a probe's kill
    stated in prose is; None without one, in a question or in a sentence of what may happen."""
    m = _near(KO_PROBE_KILL, line, KO_KILL_ANCHORS, (120, 200), _SENTENCE_PLACES)
    if m is None or general_around(line, m.start(), m.end()) or asked(line, m.end()):
        return None, ""
    what = (f"{STATED_PROBE_KILL}, in Korean (`{m[0][:80]}`): read as that probe's failure and "
            "one kill of it, of a container the record does not name, at least once, no count")
    return (probe_kill_lines(m), True), what


def _kubernetes_kill(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A kill of the case's own pods stated with Kubernetes as its agent right after the case's
    probes stated failing, in a paragraph naming one probe that kills and no readiness probe
    (probe_restart.KUBERNETES_KILL), read as that probe's failure and one kill of it (R4.4);
    None without one, in a question or in a sentence of what may happen."""
    m = _near(KUBERNETES_KILL, line, KUBERNETES_KILL_ANCHORS, (40, 200), _SENTENCE_PLACES)
    if m is None or general_around(line, m.start(), m.end()) or asked(line, m.end()):
        return None, ""
    start = sentence_start(line, m.start())
    before = sentence_start(line, max(0, start - 2))  # the sentence before the kill's
    failed = PROBES_FAILED.search(line, before, m.start())
    kinds = {k["kind"].lower() for k in KILLING_KINDS.finditer(
        line, max(0, m.start() - 2000), m.end() + 2000)}
    if failed is None or len(kinds) != 1 or "readiness" in kinds or \
            general_around(line, failed.start(), failed.end()) or \
            IF_MORE.search(line, before, m.start()):
        return None, ""
    kind = kinds.pop()
    what = (f"{STATED_PROBE_KILL}, with Kubernetes as its agent after the probes' failure "
            f"(`{line[failed.start():m.end()][:80]}`): read as the {kind} probe's failure (the "
            "one probe that kills the paragraph names) and one kill of it, of a container the "
            "record does not name, at least once, no count")
    return (kill_lines(kind), True), what


def _threshold_kill(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A passive kill of the case's container right after its probe's failureThreshold-th
    failure stated (threshold_kill.THRESHOLD_KILL: `failureThreshold: 3 the third failure
    landed at t=50s, and the container was killed`), read as that probe's failure and one
    kill of it (R4.4); None without one, in a negation of its clause, a question, a
    conditional or a sentence of what may happen."""
    m = _near(THRESHOLD_KILL, line, THRESHOLD_ANCHORS, (200, 40), _SENTENCE_PLACES)
    if m is None or NEGATED.search(line, m.start(), m.end()) or \
            general_around(line, m.start(), m.end()) or asked(line, m.end()):
        return None, ""
    start = sentence_start(line, m.start())
    read = threshold_kill(line, m, sentence_start(line, max(0, start - 2)))
    if read is None or IF_MORE.search(line, start, m.start()):
        return None, ""
    what = (f"{STATED_PROBE_KILL}, passive, right after the {read.kind} probe's failure "
            f"counted to its failureThreshold ({read.failures}: `{m[0][:80]}`): read as that "
            "probe's failure and one kill of it, of a container the record does not name, at "
            "least once, no count")
    return (kill_lines(read.kind), True), what


def _ends_counted(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's container's ends stated with their reason and a count
    (threshold_kill.ENDS_COUNTED: `the previous container ... exited `Completed`, twice`), read
    as its last end of that reason and that many restarts (one end before each, R4.7), its
    state Running where the sentence tells the pod running before them; None without one, in
    a negation, a question, a conditional or a sentence of what may happen."""
    m = _near(ENDS_COUNTED, line, ENDS_ANCHORS, (200, 40), _SENTENCE_PLACES)
    if m is None or _unstated(line, m):
        return None, ""
    running = RUNNING.search(line, sentence_start(line, m.start()), m.start()) is not None
    count = ends_count(m)
    state = ["State:          Running"] if running else []
    what = (f"{ENDS_COUNTED_READ} (`{m[0][:80]}`): read as the container's last end, "
            f"{m['reason']}, and {count} restarts" + (", the pod told running" if running
                                                      else ", its current state not given"))
    return ([*state, "Last State:     Terminated", f"  Reason:       {m['reason']}",
             f"Restart Count:  {count}"], True), what


def _killed_because(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A kill of the case's own pod or container stated with a liveness or startup probe's
    failure as its cause (killed_because.KILLED_BECAUSE: `the backend container is being killed
    by k8s because it is failing the liveness probe`), read as that probe's failure and one
    kill of it (R4.4); None without one, in a negation, a question, a conditional or a sentence
    of what may happen."""
    m = _near(KILLED_BECAUSE, line, KILLED_WORDS, (220, 520), _SENTENCE_PLACES)
    if m is None or m["probes"] or _unstated(line, m, m.start("unpassed")):  # (`its probes`:
        return None, ""  # _killed_by_probes; `not passing`'s own `not` is the failure's)
    kind = (m["kind"] or m["kind2"] or m["kind3"] or m["kind4"]).lower()
    return _one_kill(kind, "with the probe's failure as the kill's cause", m[0])


def _killed_by_probes(line: str, text: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A kill of the case's own pod or container stated with its probes as the cause, no kind
    named (killed_because.KILLED_BECAUSE's `probes`: `the container gets killed because of its
    probes`), read as a kill of the one probe that can kill among those the record shows
    failing (killed_because.killing_kind_shown, R4.4, R3.4), at least once; None without one,
    when which probe cannot be told, or in a negation, a question, a conditional or a
    sentence of what may happen."""
    m = _near(KILLED_BECAUSE, line, KILLED_WORDS, (220, 520), _SENTENCE_PLACES)
    if m is None or not m["probes"] or _unstated(line, m):
        return None, ""
    kind = killing_kind_shown(text)
    if kind is None:
        return None, ""
    what = (f"{STATED_PROBE_KILL}, with its probes as the kill's cause (`{m[0][:80]}`): read "
            f"as a kill of the {kind} probe, the one probe that kills the record shows failing, "
            "of a container the record does not name, at least once, no count")
    return (kill_lines(kind), True), what


def _ongoing_caused(at: _LineAt) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's probe failing in the present and so causing Kubernetes to restart the case's
    pod, with a word of ongoing repetition after it (ongoing_kill.ONGOING_CAUSED: `The liveness
    probe ... times out during startup, causing Kubernetes to restart the pod repeatedly`), in
    the line and the lines before it its sentence runs on from (ongoing_kill.wrapped), ending on
    the line: read as that probe's failure and one kill of it (R4.4); None without one, in a
    question, a conditional, a negation or a sentence of what may happen."""
    line, start = wrapped(at.lines, at.number)
    m = _near(ONGOING_CAUSED, line, ONGOING_WORDS, (400, 160), _SENTENCE_PLACES)
    if m is None or m.end() <= start or _unstated(line, m):
        return None, ""
    return _one_kill(m["kind"].lower(), "caused by the probe's failure in the present, told "
                     "as ongoing", m[0])


def _setting_caused(at: _LineAt) -> tuple[tuple[list[str], bool] | None, str]:
    """A probe's setting stated missing as the cause of the case's pod's termination, restarts
    or crash loop (setting_caused.SETTING_CAUSED: `does not specify `initialDelaySeconds` for
    liveness/readyness checks, on staging this causes premature termination of prometheus
    pod`), read as the failure and one kill of the one probe named that kills (R4.4; stop 56's
    rule of a setting as the cause); the present only under a heading of the case; None
    without one, of no case's pod, in a negation of the effect, a question, a conditional or
    a sentence of what may happen."""
    m = _near(SETTING_CAUSED, at.line, SETTING_CAUSED_WORDS, (400, 300), _SENTENCE_PLACES)
    kind = None if m is None else killing_kind(m["kinds"])
    if m is None or kind is None or (not at.told and not m["verb"].lower().endswith("ed")):
        return None, ""
    start = sentence_start(at.line, m.start())
    name = m["name"].strip().lower()
    if not m["det"] and (not name or name not in at.line[start:m.start()].lower()):
        return None, ""
    if NEGATED.search(at.line, m.end("setting"), m.end()) or \
            general_around(at.line, m.start(), m.end()) or asked(at.line, m.end()) or \
            IF_MORE.search(at.line, start, m.start()):
        return None, ""
    return _one_kill(kind, "with a setting of the probe stated missing as its cause", m[0])


def _caused_kill(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's own pod or container stated killed or restarted, caused by a liveness or
    startup probe, the sentence's subject in the past, or by its failures
    (killed_because.CAUSED_KILL: `The startup probe checked for ..., causing the pod to be
    killed`), read as that probe's failure and one kill of it (R4.4); None without one, in a
    question, a conditional, a sentence of what may happen or of a failure to avoid."""
    m = _near(CAUSED_KILL, line, CAUSED_WORDS, (560, 160), _SENTENCE_PLACES)
    if m is None or not states_what_happened(line, m.start(), m.end()) or \
            PREVENTED.search(line, sentence_start(line, m.start()), m.end()) or \
            (m["kind2"] and _unstated(line, m)):
        return None, ""
    start = sentence_start(line, m.start())
    kind = (m["kind"] or m["kind2"] or
            handler_kind(line, sentence_start(line, max(0, start - 2)), start) or "").lower()
    if not kind:  # (a handler's probe the sentence before names no one kind of)
        return None, ""
    return _one_kill(kind, "caused by the probe", m[0])


# the words the statements of stated_cause.py are looked for around
_FAIL_WORDS = ("fail", "Fail", "FAIL")
_RESTARTS_WORDS = ("restarts", "Restarts", "RESTARTS")
_PROBE_WORD = ("probe", "Probe", "PROBE")


def _killed_by(line: str) -> re.Match[str] | None:
    """The case's pods or container stated killed by a probe that kills (stated_cause.KILLED_BY:
    `vLLM pods are consistently killed by liveness probes`); None without one, or after the
    author's guess in its sentence (`I think ...`, present_kill.GUESS: no telling of what
    happened)."""
    m = _near(KILLED_BY, line, KILLED_BY_WORDS, (200, 80), _SENTENCE_PLACES)
    if m is None or GUESS.search(line, sentence_start(line, m.start()), m.start()) is not None:
        return None
    # a pod named by its own dashed name (`web-0 was restarted by its startup probe`) is read
    # under that pod by its own rule (fixprose53a, restarted_by): not as a container of no pod
    return None if _DASHED_SUBJECT.match(m[0]) else m


_DASHED_SUBJECT = lazy_regex(r"`?[A-Za-z0-9][\w.]*-[\w.-]*`?[ \t]+(?i:was|were|is|are|get|gets|"
                             r"got|keep|keeps|kept)[ \t]")


def _stated_cause(line: str, describe_apart: bool) -> tuple[tuple[list[str], bool] | None, str]:
    """A liveness or startup failure stated as the cause of the case's restarts, its connector
    after the restart or the author seeing them or its kills, or the probe the kill's agent
    (stated_cause.CAUSE_THEN_RESTART, RESTARTS_SEEN, KILLS_SEEN, KILLED_BY: `vLLM pods are
    consistently killed by liveness probes`), read as that probe's failure and one kill of it
    (R4.4), beside no describe
    (a describe reads its own); else a probe's failure the case's own pod or container shows
    (stated_cause.SHOWS_FAILURE), read as the kubelet's message of it, at least once. None in a
    negation, a question, a conditional or a sentence of what may happen."""
    m = None if describe_apart else (
        _near(CAUSE_THEN_RESTART, line, _FAIL_WORDS, (200, 300), _SENTENCE_PLACES)
        or _near(RESTARTS_SEEN, line, _RESTARTS_WORDS, (80, 200), _SENTENCE_PLACES)
        or _near(KILLS_SEEN, line, KILLS_WORDS, (140, 220), _SENTENCE_PLACES)
        or _killed_by(line) or _causing_restart(line))
    if m is not None and not _unstated(line, m):
        kind = probe_kind(m["kind"] or m.groupdict().get("kind2") or "")
        what = (f"{STATED_PROBE_KILL}, as the cause of the case's restarts (`{m[0][:80]}`): read "
                f"as the {kind} probe's failure and one kill of it, of a container the record "
                "does not name, at least once, no count")
        return (kill_lines(kind), True), what
    m = _near(SHOWS_FAILURE, line, _PROBE_WORD, (200, 40), _SENTENCE_PLACES)
    if m is None or _unstated(line, m):
        return _said_failing(line)
    message = f"{(m['kind'] or m['kind2'] or m['kind3'] or m['kind4']).capitalize()} probe failed"
    restarts = bool(m["restart"] or m["restart3"])
    what = (f"{STATED_PROBE}, a probe's failure the case's own pod or container shows "
            f"(`{m[0][:80]}`): read as the kubelet's `{message}`, at least once, its output not "
            "in the record" + ("; its restarts, joined to it by `and`, as a container ended, "
                               "what ended it not stated (no kill of the probe)" if restarts
                               else ""))
    return ([message, *([f"{UNTOLD_STATE}: Terminated"] if restarts else [])], True), what


def _said_failing(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """Probes' failures the case's own pod shows, one or a conjunction, stated in the prose
    (said_failing.py: `the pod's describe says that both Readiness and Liveness probes
    fail`), each read as the kubelet's message of it, at least once, as SHOWS_FAILURE's one
    probe is; None without one."""
    low = line.lower()  # (said_failing.py looks around `robe` and a probe's kind, a health
    # check having no `probe`; failing_told.py around `with` too)
    if "robe" not in low and "with" not in low and \
            not any(kind in low for kind in ("liveness", "readiness", "startup")):
        return None, ""
    said = said_failing(line)
    if said is None:
        return _failing_told(line)
    messages = [f"{kind.capitalize()} probe failed" for kind in said.kinds]
    what = (f"{STATED_PROBE}, the failures of {' and '.join(said.kinds)} probes the case's own "
            f"pod shows (`{said.said[:80]}`): each read as the kubelet's `{messages[0]}` "
            "message of it, at least once, its output not in the record")
    return (messages, True), what


def _failing_told(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """Probes' failures of the case's own pods told in the forms of failing_told.py (the pods
    restarting `with` their probes failing; what the author's look at the pod says), each
    read as the kubelet's message of it, at least once, and the restarts beside them, no
    cause stated, as a container ended, what ended it not stated (as SHOWS_FAILURE's joined
    by `and`); None without one."""
    told = failing_told(line)
    if told is None:
        return _pronoun_failing(line)
    messages = [f"{kind.capitalize()} probe failed" for kind in told.kinds]
    what = (f"{STATED_PROBE}, the failures of {' and '.join(told.kinds)} probes of the case's "
            f"own pods (`{told.said[:80]}`): each read as the kubelet's `{messages[0]}` "
            "message of it, at least once, its output not in the record" + (
                f"; {RESTARTS_UNCOUNTED}, joined to it by `with` (no cause) or given a readiness "
                "failure as their cause (which kills nothing, R3.4), as a container ended, what "
                "ended it not stated (no kill of the probe)" if told.restarts else ""))
    return ([*messages, *([f"{UNTOLD_STATE}: Terminated"] if told.restarts else [])], True), what


def _pronoun_failing(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """Probes' failures of the author's own app told by its pronoun (pronoun_failing.py:
    `When I install Keel ..., it is repeatedly killed ... (and also fails readiness probes)`),
    each read as the kubelet's message of it, at least once; None without one."""
    said = pronoun_failing(line)
    if said is None:
        return None, ""
    messages = [f"{kind.capitalize()} probe failed" for kind in said.kinds]
    what = (f"{STATED_PROBE}, the failures of {' and '.join(said.kinds)} probes of the author's "
            f"own app, told by its pronoun (`{said.said[:80]}`): each read as the kubelet's "
            f"`{messages[0]}` message of it, at least once, its output not in the record")
    return (messages, True), what


def _causing_restart(line: str) -> re.Match[str] | None:
    """A probe's failures stated causing Kubernetes or the kubelet to restart the case's pods
    (stated_cause.CAUSING_RESTART), in a sentence that says to avoid or prevent none of it
    (stated_cause.PREVENTED: what should not happen), with no word of what may happen among
    its words of when (`failures could be causing`); None without one."""
    m = _near(CAUSING_RESTART, line, CAUSING_WORDS, (160, 200), _SENTENCE_PLACES)
    if m is None or PREVENTED.search(line, sentence_start(line, m.start()), m.end()) or \
            GENERAL.search(line, m.start(), m.end()):
        return None
    return m


def _unstated_before(line: str, m: re.Match[str]) -> bool:
    """`_unstated`, where a clause of time right after the match holds a modal of its own
    (killed_because.BEFORE_CAN: `terminated before it can finish the startup`): the modal of
    what the container could not do, no sentence of what may happen; the words after the
    clause are weighed as after the match."""
    before = BEFORE_CAN.match(line, m.end())
    if before is None:
        return _unstated(line, m)
    start = sentence_start(line, m.start())
    return NEGATED.search(line, start, m.end()) is not None or \
        general_around(line, m.start(), before.end()) or asked(line, before.end()) or \
        IF_MORE.search(line, start, m.start()) is not None


def _unstated(line: str, m: re.Match[str], negated_to: int = -1) -> bool:
    """Whether the sentence holding the match states nothing of the case: a negation before its
    end (before `negated_to` where given: a negation of the match's own that is its meaning,
    `not passing` a probe), a question, a conditional or a sentence of what may happen."""
    start = sentence_start(line, m.start())
    return NEGATED.search(line, start, m.end() if negated_to < 0 else negated_to) is not None or \
        general_around(line, m.start(), m.end()) or asked(line, m.end()) or \
        IF_MORE.search(line, start, m.start()) is not None


def _zh_oom(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A container's end OOMKilled stated in a Chinese sentence of the case's own container
    (stated_kill.ZH_OOM), read as the sentences that state a status are (`_prose_status`),
    and what it is; None without one, or in a sentence of what may happen."""
    m = _near(ZH_OOM, line, ZH_OOM_ANCHORS, (40, 40), _SENTENCE_PLACES)
    if m is None or general_around(line, m.start(), m.end()) or asked(line, m.end()):
        return None, ""
    state = [f"{UNTOLD_STATE}: Terminated", f"  Reason: {_reason(m['state'] or m['by'])}"]
    return (state, True), f"{STATED_ZH_OOM} (`{m[0][:80]}`): {ZH_OOM_READ}"


def _stated_oom(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A container's end OOMKilled stated in a sentence of the case's own container, in
    Chinese (`_zh_oom`) or in English (`_en_oom`), and what it is; None without one."""
    parts, what = _zh_oom(line)
    if parts is None:
        parts, what = _en_oom(line)
    return (parts, what) if parts is not None else _limit_oom(line)


# the author's first-person telling of what they saw: `I can tell that`, `we could see`
_AUTHOR_TELLS = lazy_regex(r"(?<![A-Za-z])(?:I|[Ww]e)[ \t]+(?i:can|could)[ \t]+"
                           r"(?i:see|tell|observe|notice)(?![A-Za-z])")


def _en_oom(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A container's end OOMKilled stated in an English sentence of the case's own container
    or pod (stated_kill.EN_OOM: `the manager container is getting OOMKilled`), read as the
    sentences that state a status are (`_prose_status`), under the container the sentence
    names (`the manager container`); None without one, in a question, or in a sentence of
    what may happen (`if`, `when`, ...)."""
    m = _near(EN_OOM, line, OOM_ANCHORS, (160, 64), _SENTENCE_PLACES)
    if m is None:
        return None, ""
    # (`I can tell that ...`: the author's own telling, no `can` of what may happen; `when
    # uploading a dataset` before a past main clause: its event's occasion, fx60e)
    told = blank_gerund_when(_AUTHOR_TELLS.sub(lambda x: " " * len(x[0]), line), m.start(),
                             m.end())
    if general_around(told, m.start(), m.end()) or asked(line, m.end()) or \
            IF_MORE.search(line, sentence_start(line, m.start()), m.start()):
        return None, ""
    state = [f"{UNTOLD_STATE}: Terminated", f"  Reason: {_reason(m['reason'])}"]
    name = m["name"] if m["what"].lower() == "container" else None
    if name is not None and _LABEL.fullmatch(name):  # (a container's name as describe prints it)
        state = ["Containers:", f"  {name}:", *("    " + x for x in state)]
    return (state, True), f"{STATED_EN_OOM} (`{m[0][:80]}`): {ZH_OOM_READ}"


def _limit_oom(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A container's end OOMKilled told by its cause in an English sentence of the case's own
    container (stated_kill.EN_LIMIT_OOM: `a single container within the Pod was exceeding its
    defined memory limits and being terminated`), read as `_en_oom` reads the word OOMKilled:
    the kernel's OOM killer kills a container over its memory limit, and the kubelet reports
    that end as OOMKilled; None without one, in a question, or in a sentence of what may
    happen (`if`, `when`, ...)."""
    m = _near(EN_LIMIT_OOM, line, LIMIT_ANCHORS, (200, 120), _SENTENCE_PLACES)
    if m is None:
        return None, ""
    # (`when uploading a dataset` before the case's past main clause: its occasion, fx60e)
    subject = case_subject_before(line, m.start())
    occasion = line if subject is None else blank_gerund_when(line, subject, m.end())
    if not states_what_happened(occasion, m.start(), m.end()):
        return None, ""
    state = [f"{UNTOLD_STATE}: Terminated", "  Reason: OOMKilled"]
    return (state, True), (
        f"{STATED_EN_OOM}, told by its cause (`{m[0][:80]}`): the kernel's OOM killer kills a "
        f"container over its memory limit, which the kubelet reports as OOMKilled: {ZH_OOM_READ}")


def _oom_stated_more(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """A container's end OOMKilled stated in one of the two forms of stated_oom_with.py
    (`_oom_with`, `_killed_at_limit`) or by its exit code and cause (`_exit_oom`), read as
    `_en_oom` reads the word OOMKilled; None without one."""
    parts, what = _oom_with(line)
    if parts is None:
        parts, what = _killed_at_limit(line)
    if parts is None:
        parts, what = _exit_oom(line)
    return (parts, what) if parts is not None else _oom_told(line)


def _oom_told(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    r"""The case's pods or container stated OOM killed in people's other words and subjects
    (stated_oom_told.OOM_TOLD: `Manager pod continuously get killed because of OOM`, `CoreDNS
    pods (3) were overwhelmed and oom killed`; SEEN_OOM: `we observed the apache container
    getting oomkilled`; OOM_KILLS_OF: `It results in OOMKills for the handler pod`;
    OOMKILLED_OBJECT: `the failure that OOMKilled the mongodb pod`; OOM_NOTE_COUNTED:
    `catalyst-api OOMKilled 6× during ...`; OOM_FOUND_IN_LAST: `had to check ... to find
    OOMKilled in lastState.terminated`; OOM_KILLER_KILLS: `OOM killer kills the sidecar
    approximately every 10 minutes`; OOM_REASON_RECORDED: `Kubernetes dutifully recorded the
    reason as OOMKilled and restarted the pod`; OOM_LAST_STATE_LABEL: `- \`lastState.terminated\`:
    \`reason: OOMKilled\``, the last state's fields as a list's item), read as `_en_oom` reads the word OOMKilled: the kernel's OOM killer's
    end, which the kubelet reports as OOMKilled. None without one, in a negation, a question,
    a conditional or a sentence of what may happen."""
    m = _near(OOM_TOLD, line, OOM_ANCHORS, (200, 60), _SENTENCE_PLACES) or \
        _near(SEEN_OOM, line, OOM_ANCHORS, (200, 60), _SENTENCE_PLACES) or \
        _near(OOM_KILLS_OF, line, OOM_ANCHORS, (80, 160), _SENTENCE_PLACES) or \
        _near(OOMKILLED_OBJECT, line, OOM_ANCHORS, (20, 160), _SENTENCE_PLACES) or \
        _near(OOM_NOTE_COUNTED, line, OOM_ANCHORS, (120, 40), _SENTENCE_PLACES) or \
        _near(OOM_FOUND_IN_LAST, line, OOM_ANCHORS, (420, 80), _SENTENCE_PLACES) or \
        _near(OOM_REASON_RECORDED, line, OOM_ANCHORS, (140, 100), _SENTENCE_PLACES) or \
        _near(OOM_LAST_STATE_LABEL, line, OOM_ANCHORS, (320, 20), _SENTENCE_PLACES) or \
        _near(OOM_KILLER_KILLS, line, OOM_ANCHORS, (30, 200), _SENTENCE_PLACES)
    if m is None or _unstated(line, m):
        return None, ""
    state = [f"{UNTOLD_STATE}: Terminated", "  Reason: OOMKilled"]
    return (state, True), (f"{STATED_EN_OOM}, in people's words of an OOM kill (`{m[0][:80]}`): "
                           f"{ZH_OOM_READ}")


def _present_oom(line: str, told: bool) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's pods or container stated OOM-killed in the present, in the OOM kill's own
    word (stated_oom_told.OOM_PRESENT_TOLD: `REST Java component (v0.151.0) is OOM-killed by
    Kubernetes during startup`, `the pods error out and get OOMkilled`), on a line under a
    section of what was seen or why (`told`, genre54) and in its main clause: the author's
    present tells their own case there (the lead's decision, stop 60, oompresent), read as
    `_en_oom` reads the word OOMKilled (CRI). None elsewhere, in a clause a subordinating word
    opens (`since the manager container is ...`), a negation, a question, a conditional or a
    sentence of what may happen."""
    m = _near(OOM_PRESENT_TOLD, line, OOM_ANCHORS, (200, 40), _SENTENCE_PLACES) if told else None
    if m is None or _unstated(line, m):
        return None, ""
    start = sentence_start(line, m.start())
    clause = max([start, *(c.end() for c in _CLAUSE_MARK.finditer(line, start, m.start()))])
    if SUBORDINATE.search(line, clause, m.start()) is not None:
        return None, ""
    state = [f"{UNTOLD_STATE}: Terminated", "  Reason: OOMKilled"]
    return (state, True), (f"{STATED_EN_OOM}, in the present under a heading of what was seen "
                           f"or why (`{m[0][:80]}`): {ZH_OOM_READ}")


# where a clause opens in a sentence: after a comma, a semicolon, a colon or a dash
_CLAUSE_MARK = re.compile(r"[,;:\u2014](?=\s)|\s[-\u2013\u2014](?=\s)")


def _exit_oom(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's pod or container stated ending with exit code 137 and the author's cause the
    OOM killer (stated_exit_oom.EXIT_OOM: `The container was failing with exit code 137,
    indicating it was being terminated due to Out-Of-Memory issues`): exit 137 is SIGKILL's,
    the stated cause tells the OOM killer's from a probe kill's (R4.4), read as a Terminated
    state, Reason OOMKilled, Exit Code 137. None without one, in a negation, a question, a
    conditional or a sentence of what may happen."""
    m = _near(EXIT_OOM, line, EXIT_OOM_ANCHORS, (300, 260), _SENTENCE_PLACES)
    if m is None or _unstated(line, m):
        return None, ""
    state = [f"{UNTOLD_STATE}: Terminated", "  Reason: OOMKilled", "  Exit Code: 137"]
    return (state, True), (
        f"{STATED_EN_OOM}, by its exit code and the cause its author gives (`{m[0][:80]}`): exit "
        f"137 is SIGKILL's, the OOM killer's as stated, which the kubelet reports as OOMKilled")


def _oom_with(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """An end's reason OOMKilled stated after `with` (stated_oom_with.OOM_WITH: `the pod
    crashes with a OOMKilled`), a telling of what happened (`present_told`); None without
    one, in a negation, a question, a conditional or a sentence of what may happen."""
    m = _near(OOM_WITH, line, OOM_WITH_ANCHORS, (240, 40), _SENTENCE_PLACES)
    if m is None or not present_told(line, m) or _unstated(line, m):
        return None, ""
    state = [f"{UNTOLD_STATE}: Terminated", "  Reason: OOMKilled"]
    return (state, True), (f"{STATED_EN_OOM}, its reason stated with `with` (`{m[0][:80]}`): "
                           f"{ZH_OOM_READ}")


def _killed_at_limit(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The case's pods or container killed as they hit their memory limit, the kill first
    (stated_oom_with.KILLED_AT_LIMIT: `the pods were being killed via the OOMKiller as they
    hit their memory limits`): the kernel's OOM killer kills a container over its memory
    limit, which the kubelet reports as OOMKilled. None without one, in a negation, a
    question, a conditional or a sentence of what may happen."""
    m = _near(KILLED_AT_LIMIT, line, LIMIT_ANCHORS, (260, 40), _SENTENCE_PLACES)
    if m is None or _unstated(line, m):
        return None, ""
    state = [f"{UNTOLD_STATE}: Terminated", "  Reason: OOMKilled"]
    return (state, True), (
        f"{STATED_EN_OOM}, told by its cause, the kill first (`{m[0][:80]}`): the kernel's OOM "
        f"killer kills a container over its memory limit, which the kubelet reports as "
        f"OOMKilled: {ZH_OOM_READ}")


# a page's title or heading naming the record's own pod in CrashLoopBackOff: `Calico-kube-
# controllers Pod CrashLoopBackOff After Shutdown Master01` above the describe of pod
# calico-kube-controllers-65b9849dc8-9vhfl (brainreview-calico-kube-controllers). The words
# before the status (and `pod`, `container`, `is in`, `stuck in`) are the pod's name, or its
# owner's as its start, however the title joins and cases them (`-` or spaces); a title naming
# another pod, or no pod, a question (`?`) or a title of what may happen (`GENERAL`) states
# nothing of the record's pod. A title is short: looked at only up to `_TITLE_MAX`.
_TITLE_MAX = 200
_TITLE_STATUS = lazy_regex(r"(?P<words>(?:[\w.-]{1,63}[ \t]+){1,8}?)(?:(?i:pods?|containers?)[ \t]+)?"
                           r"(?:(?i:is|stuck|keeps|going|goes|went|in|into)[ \t]+){0,3}"
                           r"[`'\"\u201c]?CrashLoopBackOff(?![A-Za-z])")


def titled_backoff(title: str, names: list[str]) -> str | None:
    """Which of the record's pods (`names`) a page's title (or heading) states in
    CrashLoopBackOff (`_TITLE_STATUS`): the one whose name, or whose owner's name as its
    start, are the words before the status; None for a title naming none of them (or
    several), a question, a title of what may happen, or a line too long for a title."""
    line = TITLE_MARK.sub("", title, count=1)
    if len(line) > _TITLE_MAX or "?" in line or "\uff1f" in line or general(line, len(line)):
        return None
    found: set[str] = set()
    for m in _TITLE_STATUS.finditer(line):
        found.update(named_by_words([w.strip("`'\"\u201c\u201d") for w in m["words"].split()],
                                    names))
    return next(iter(found)) if len(found) == 1 else None


def stated_restarts_hint(text: str) -> bool:
    """Whether the text may hold the case's restarts stated with a count (`_STATED_RESTARTS`),
    for the paste reader's gate (an end's reason stated as the answer to restarts names OOM,
    which the gate looks for already)."""
    return any(w in text for w in _RESTART_WORDS)


def observed_state_hint(text: str) -> bool:
    """Whether the text holds a first-person observation of a pod or container in a state
    (`_OBSERVED`: `I can see my pod in CrashLoopBackOff`), for the paste reader's gate."""
    return _OBSERVED.search(text) is not None


_CLB_WORDS = ("CrashLoopBackOff",)
_SEEING = lazy_regex(r"(?<![A-Za-z])(?i:can|could)[ \t]+(?i:see|observe|notice)(?![A-Za-z])")


def _prose_backoff(line: str) -> tuple[list[str], bool] | None:
    """A container stated in a sentence to be in CrashLoopBackOff (`_PROSE_BACKOFF`), as
    describe's State Waiting and its Reason, and that the line holds more; None without one."""
    m = next((m for p in _PROSE_BACKOFFS
              if (m := _near(p, line, _CLB_WORDS, (80, 40))) is not None), None)
    # (`I can see my pod in ...` states what the author sees, no `can` of what may happen)
    if m is None or general(_SEEING.sub(lambda x: " " * len(x[0]), line), m.start()):
        return None
    return ["State: Waiting", "  Reason: CrashLoopBackOff"], True


def _reason(written: str) -> str:
    """The kubelet's reason as a page wrote it, `OOM Killed` (any of people's spellings:
    oom_words.py) spelled as the kubelet does."""
    return "OOMKilled" if is_oom_killed(written) else written


# describe's fields of a terminated state pasted without the state's line above them: a page
# quoting `Reason: OOMKilled` and `Exit Code: 137` alone, one under the other
_REASON_LINE = lazy_regex(r"^[ \t]*Reason:[ \t]*[A-Za-z]{1,60}[ \t]*$")
_EXIT_LINE = lazy_regex(r"^[ \t]*Exit Code:[ \t]*\d{1,3}[ \t]*$")
# a line of describe's other than those two: the paste holds more of describe, read as it is
_OTHER_DESCRIBE = re.compile(r"^\s*(?:Name|Namespace|State or Last State|State|Last State|"
                             r"Containers|Restart Count|"
                             r"Started|Finished|Ready|Signal|Events):")


def headless_state(text: str) -> tuple[str, int] | None:
    """The text with a state's line (`UNTOLD_STATE: Terminated`) put back above the one pair of a
    terminated state's fields (`Reason:` and `Exit Code:`, one under the other, describe
    printing them only under a Terminated state) pasted without it, and the (1-based) number
    of the pair's first line; None unless the paste holds that pair and no other line of
    describe's. Whether the fields were the container's State or its Last State the paste
    does not say; the caller says so (an ended instance either way)."""
    lines = text.split("\n")
    if any(_OTHER_DESCRIBE.match(x) for x in lines):
        return None
    pairs = [i for i, (a, b) in enumerate(zip(lines, lines[1:], strict=False))
             if (_REASON_LINE.match(a) and _EXIT_LINE.match(b))
             or (_EXIT_LINE.match(a) and _REASON_LINE.match(b))]
    if len(pairs) != 1:
        return None
    at = pairs[0]
    fields = [f"{UNTOLD_STATE}: Terminated", "  " + lines[at].strip(),
              "  " + lines[at + 1].strip()]
    return "\n".join([*lines[:at], *fields, *lines[at + 2:]]), at + 1


# a status's first key run into the next on one line: `status: conditions: - type: Ready`
_STATUS_RUN = re.compile(r"\bstatus:[ \t]+(?=(?:conditions|containerStatuses|"
                         r"initContainerStatuses):[ \t]+-[ \t])")
# where a key or a list item starts, outside quotes: ` status:`, ` - type:`
_KIND_POD = lazy_regex(r"^\s*kind:[ \t]+Pod\b")
_PART = lazy_regex(r"""'[^']*'|"[^"]*"|[ \t](?:-[ \t]+)?(?P<key>[A-Za-z]+):(?=[ \t]|$)""")
_RUN_MAX = 8192


def _status_run(line: str) -> tuple[list[str], bool] | None:
    """A pod's status YAML run into the line, one key (or list item) a line at column 0, and
    whether the line holds more before it (`kind: Pod ...`); None unless every part is a key
    of a pod's status that reads back into one (flattened.reindent_status)."""
    start = _STATUS_RUN.search(line) if len(line) <= _RUN_MAX else None
    if start is None:
        return None
    run = " " + line[start.start():].strip()
    cuts = [m.start() for m in _PART.finditer(run) if m["key"] is not None]
    parts = [run[a:b].strip() for a, b in zip(cuts, [*cuts[1:], len(run)], strict=True)]
    keys = [re.match(r"(?:-\s+)?([A-Za-z]+):", x) for x in parts]
    # the document's kind before it (`kind: Pod ...`, the rest elided) is kept
    kind = ["kind: Pod"] if _KIND_POD.match(line[:start.start()]) else []
    if not all(k is not None and is_status_key(k[1]) for k in keys) or \
            reindent_status(kind + parts) is None:
        return None
    return kind + parts, bool(line[:start.start()].strip())


# `kubectl get pod web -o json | jq '.status.containerStatuses[].lastState.terminated'`: the
# pod it names and a path of its status (the only part of a pod whose pieces the readers read)
_JQ = lazy_regex(
    rf"\bget\s+(?:pods?|po)(?:/|\s+)(?P<pod>{SUBDOMAIN})\s.*?"
    r"-o\s*json\s*\|\s*jq\s+(?:-\w+\s+)*['\"]?(?P<path>\.status(?:\.[A-Za-z]+(?:\[\d*\])?)+)"
    r"['\"]?\s*$")
# a jsonpath template of a path of a pod's status: `kubectl get pod web -o
# jsonpath='{.status.containerStatuses[*].lastState.terminated}'` prints the object there
_JSONPATH = lazy_regex(
    r"\bget\s+(?:pods?|po)(?:/|\s+)(?P<pod>\S{1,253})\s.*?-o\s*jsonpath=['\"]?"
    r"\{(?P<path>\.status(?:\.[A-Za-z]+(?:\[(?:\d*|\*)\])?)+)\}")
_POD_NAME = re.compile(SUBDOMAIN)
_JQ_LINE_MAX = 4096
_STEP = lazy_regex(r"\.([A-Za-z]+)(\[\d*\])?")
_DANGLING = lazy_regex(r",(\s*[}\]])")


def placed_jq_output(text: str) -> tuple[str, int, str, bool] | None:
    """The text with a `jq` filter's or a jsonpath template's output of a pod's status (the
    object under the command line that printed it, blank lines or a caption ending in `:`
    between) replaced by that pod's JSON on one line, the piece at the path the command names;
    with the command's line number, its filter as the command wrote it, and whether elided
    lines (`...`) were left out. None unless the command is followed by exactly such an
    object."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        found = _status_command(line)
        if found is None:
            continue
        pod, path, shown = found
        start = _object_start(lines, i + 1)
        body, elided = yq_object_after(lines, start) if shown.startswith("yq") else \
            _object_after(lines, start)
        if body is None or "kind" in body[0]:  # (a whole object, not a piece: one put back)
            return None
        # a page's placeholder (`<POD_NAME>`) names no pod: the pod's name is not in the record
        metadata = {"name": pod} if _POD_NAME.fullmatch(pod) else {}
        doc = {"apiVersion": "v1", "kind": "Pod", "metadata": metadata,
               **_at_path(path, body[0])}
        return "\n".join([*lines[:start], json.dumps(doc), *lines[body[1]:]]), i + 1, shown, \
            elided
    return None


def _status_command(line: str) -> tuple[str, str, str] | None:
    """The pod a command line names, the path of its status it prints (`[*]` as `[]`) and
    its filter as written; None unless it is a `jq` filter or a jsonpath template of one."""
    if len(line) > _JQ_LINE_MAX:  # a command line is short; the lazy scans are quadratic
        return None
    m = _JQ.search(line) if "jq" in line else None
    if m is not None:
        return m["pod"], m["path"], f"jq '{m['path']}'"
    m = _JSONPATH.search(line) if "jsonpath" in line else None
    if m is not None:
        return m["pod"], m["path"].replace("[*]", "[]"), f"-o jsonpath='{{{m['path']}}}'"
    m = YQ.search(line) if "yq" in line else None  # (the same piece of its YAML: yq_piece.py)
    return None if m is None else (m["pod"], m["path"], f"yq '{m['path']}'")


def _object_start(lines: list[str], after: int) -> int:
    """The (0-based) line an object under a command starts on: the first that is not blank,
    or the one after it when that is a caption ending in `:` (`Expected output:`)."""
    at = next((j for j in range(after, len(lines)) if lines[j].strip()), len(lines))
    caption = at < len(lines) and lines[at].rstrip().endswith(":") and \
        not lines[at].lstrip().startswith("{") and len(lines[at]) <= 200
    if not caption:
        return at
    return next((j for j in range(at + 1, len(lines)) if lines[j].strip()), len(lines))


def _object_after(lines: list[str], first: int) -> tuple[tuple[Any, int] | None, bool]:
    """The JSON object that starts on line `first` (0-based) and where it ends (exclusive),
    its elided lines left out and the commas they left dangling dropped; and whether any
    was. None when no object starts there or it is not one once so read."""
    if first >= len(lines) or not lines[first].strip().startswith("{"):  # (on one line too)
        return None, False
    depth, kept, elided = 0, [], False
    for end in range(first, min(len(lines), first + 10_000)):
        line = lines[end].strip()
        if is_cut(line):  # (the author's cut, any of its marks: normalise)
            elided = True
            continue
        kept.append(line)
        depth += line.count("{") + line.count("[") - line.count("}") - line.count("]")
        if depth <= 0:
            try:
                value = json.loads(_DANGLING.sub(r"\1", "\n".join(kept)))
            except ValueError:
                return None, False
            return ((value, end + 1) if isinstance(value, dict) else None), elided
    return None, False


def _at_path(path: str, value: Any) -> dict[str, Any]:
    """`value` put at `path` (`.status.containerStatuses[].lastState`): a step with `[]` or
    `[n]` is a list of that one item."""
    for name, index in reversed(_STEP.findall(path)):
        value = {name: [value] if index else value}
    return value


# A jsonpath template's (or jq filter's) one value, of a field of a container's status, under
# the command that printed it as a page writes a shell's output: `# Output: 1`, `Output: Error`
# (grokdatum-crashloopbackoff-street-ops). Only the fields the readers read, each by its type.
_VALUE_LINE = lazy_regex(r"[ \t]*(?:#[ \t]*)?(?i:output|result)[ \t]*:[ \t]*"
                         r"(?P<value>[^\s#]{1,64})[ \t]*")
_SCALAR_VALUE = {"exitCode": r"\d{1,9}", "restartCount": r"\d{1,9}", "signal": r"\d{1,3}",
                 "reason": r"[A-Za-z]{1,60}", "ready": r"true|false", "started": r"true|false"}


class PlacedValue(NamedTuple):
    """One value a command printed (`placed_jsonpath_values`): where, and as what."""

    line: int  # (1-based) the line of the value under its command
    shown: str  # the command's filter as written
    pod: str
    path: str
    value: int | bool | str


def placed_jsonpath_values(text: str) -> tuple[str, list[PlacedValue]] | None:
    """The text with the values jsonpath templates (or jq filters) printed of a pod's
    container status fields, each on the line under its command (`# Output: 1`), put
    together into that pod's JSON on the first value's line (the others' lines left blank,
    so that lines keep their numbers), and the values placed. None unless at least one such
    value is under its command, all of one pod, their paths agreeing on every list's index."""
    lines = text.split("\n")
    placed = [v for i in range(len(lines)) if (v := _value_under(lines, i)) is not None]
    if not placed or len({v.pod for v in placed}) != 1:
        return None
    status: dict[str, Any] = {}
    indices: dict[tuple[str, ...], str] = {}
    for v in placed:
        steps = _STEP.findall(v.path)
        for n, (_, index) in enumerate(steps):
            key = tuple(name for name, _ in steps[:n + 1])
            if indices.setdefault(key, index) != index:
                return None  # two containers, or a list told two ways: not put together
        _merge(status, _at_path(v.path, v.value))
    pod = placed[0].pod
    metadata = {"name": pod} if _POD_NAME.fullmatch(pod) else {}
    doc = {"apiVersion": "v1", "kind": "Pod", "metadata": metadata, **status}
    out = list(lines)
    for v in placed:
        out[v.line - 1] = ""
    out[placed[0].line - 1] = json.dumps(doc)
    return "\n".join(out), placed


def _value_under(lines: list[str], i: int) -> PlacedValue | None:
    """The value under the command on line `i` (0-based), blank lines between; None unless
    the command prints one field the readers read and the line under it gives its value."""
    found = _status_command(lines[i])
    if found is None:
        return None
    pod, path, shown = found
    field = _STEP.findall(path)[-1]
    pattern = _SCALAR_VALUE.get(field[0])
    at = next((j for j in range(i + 1, len(lines)) if lines[j].strip()), len(lines))
    m = _VALUE_LINE.fullmatch(lines[at]) if at < len(lines) and len(lines[at]) <= 200 else None
    if pattern is None or field[1] or m is None or not re.fullmatch(pattern, m["value"]):
        return None
    raw = m["value"]
    value: int | bool | str = raw == "true" if pattern == "true|false" else \
        int(raw) if raw.isdigit() else raw
    return PlacedValue(at + 1, shown, pod, path, value)


def _merge(into: dict[str, Any], piece: dict[str, Any]) -> None:
    """`piece` put into `into`: mappings merged key by key, lists of one item item-wise."""
    for key, value in piece.items():
        here = into.get(key)
        if isinstance(here, dict) and isinstance(value, dict):
            _merge(here, value)
        elif isinstance(here, list) and isinstance(value, list):
            _merge(here[0], value[0])
        else:
            into[key] = value


_PROSE_BACKOFF_READ = _saying(_prose_backoff, QUOTED_BACKOFF)
# the readers of a state or status a line states, in the order `_state_parts` tries them (the
# first that reads the line wins): a probe's failure given as the cause of a back-off is read
# before the back-off's status, whose kill it is
_STATEMENTS: tuple[Callable[[str], tuple[tuple[list[str], bool] | None, str]], ...] = (
    container_run_said, _saying(_state_run, STATE_FIELDS),
    _saying(_rancher_run, RANCHER_STATE), _saying(_event_run, EVENT_IN_SENTENCE),
    _stated_end, _stated_probe_restart, _restart_failing,
    _saying(_prose_status, QUOTED_STATUS),
    _PROSE_BACKOFF_READ, _observed_state, _restart_reason,
    _stated_restarts, _stated_probe_kill, _hit_killing, _kubernetes_kill, _threshold_kill,
    _ends_counted, _killed_because,
    _caused_kill, _stated_oom, _oom_stated_more, _probe_killed, _workload_restarts)
# those of them that read only around a word of `_ANY_ANCHOR` (`_near`), left out on a line
# holding none
_ANCHORED_STATEMENTS = frozenset((
    _stated_end, _stated_probe_restart, _restart_failing, _PROSE_BACKOFF_READ, _restart_reason,
    _stated_restarts,
    _stated_probe_kill, _hit_killing, _kubernetes_kill, _killed_because, _caused_kill,
    _stated_oom, _oom_stated_more, _probe_killed, _workload_restarts))
_UNANCHORED_STATEMENTS = tuple(r for r in _STATEMENTS if r not in _ANCHORED_STATEMENTS)
# every word a sentence reader of this module is looked for around (`_near`'s `words`): a
# line holding none of them is read by none of those readers (`_line_run`, `_state_parts`)
_NEAR_WORDS = (
    FAILURE_WORDS, BECAUSE_WORDS, KUBELET_ANCHORS, RESTARTED_ANCHORS, _END_WORDS, _PROBE_WORDS,
    _OOM_ANCHORS, _RESTART_WORDS, HIT_ANCHORS, KILLED_ANCHORS, PROBE_KILL_ANCHORS,
    RESTART_ANCHORS, RESTART_FAILING_ANCHORS, KO_KILL_ANCHORS, KILL_ANCHORS, KILLED_WORDS,
    CAUSED_WORDS, _FAIL_WORDS, _RESTARTS_WORDS, KILLS_WORDS, KILLED_BY_WORDS, _PROBE_WORD,
    CAUSING_WORDS,
    ZH_OOM_ANCHORS, LIMIT_ANCHORS, EXIT_OOM_ANCHORS, OOM_WITH_ANCHORS, _CLB_WORDS,
    KILLS_ANCHORS, OOM_ANCHORS, ENDS_ANCHORS, THRESHOLD_ANCHORS, KUBERNETES_KILL_ANCHORS,
    ONGOING_WORDS, SETTING_CAUSED_WORDS, LED_TO_ANCHORS, CAUSING_ANCHORS)  # (and the words
    # `present_kills` looks around: `_present_kill`)
_ANY_ANCHOR = re.compile("|".join(re.escape(w) for w in sorted({w for ws in _NEAR_WORDS for w in ws})))
# the readers `_line_run` tries after `_run_of`, in their order (the first that reads the
# line wins); `_stated_cause` on a line of no anchor reads only by its last reader
# (`_said_failing`), which is tried there in its place
_LINE_READERS = (
    _LineReader(lambda at: _named_end(at.line, at.named) if at.named else (None, ""),
                True, False, False),
    _LineReader(lambda at: _listed_reason(at.lines, at.number), False, False, False),
    _LineReader(lambda at: _stated_cause(at.line, at.describe_apart) if at.anchored
                else _said_failing(at.line), False, True, False),
    _LineReader(lambda at: _killed_by_probes(at.line, at.text), False, False, True),
    _LineReader(lambda at: probe_request_lines(at.line, at.text), False, True, False),
    _LineReader(lambda at: zh_restarts(at.line, at.text), False, False, False),
    _LineReader(lambda at: never_ready_lines(at.line, at.text), False, False, False),
    _LineReader(lambda at: fabric8_terminated(at.line), True, False, False),
    _LineReader(lambda at: _present_kill(at.line, at.told), False, True, True),
    _LineReader(lambda at: _present_oom(at.line, at.told), False, False, True),
    _LineReader(lambda at: _restarted_by(at.line), False, False, True),
    _LineReader(lambda at: _probe_led_to(at.line), False, False, True),
    _LineReader(lambda at: _probe_failed_causing(at.line), False, False, True),
    _LineReader(_kubelet_kill, False, False, True),
    _LineReader(lambda at: _because_killed(at.line, at.text, at.told), False, False, True),
    _LineReader(lambda at: _failure_restarting(at.line, at.text, at.told), False, False, True),
    _LineReader(lambda at: _chain_end(at.line), False, False, False),
    _LineReader(lambda at: _counted_kills(at.line), False, False, True),
    _LineReader(_ongoing_caused, False, False, True),
    _LineReader(_setting_caused, False, False, True),
    _LineReader(lambda at: _named_probe_restart(at), False, True, True),
    _LineReader(lambda at: _named_failed_probes(at.line), False, False, False),
)


def _named_probe_restart(at: _LineAt) -> tuple[tuple[list[str], bool] | None, str]:
    """Beside describe's lines (where `_state_parts` reads no sentence: a describe reads its
    own), a probe's kill stated as the cause of the restarts of a container the sentence
    names (`_stated_probe_restart` with its container: `It's the driver-registrar container
    that crashes constantly, due to its liveness probe failing`, democratic-csi-348): read as
    it is apart, its kill naming that container (R4.4), which stated_container_kill.py gives
    to the describe's pod where the describe is cut inside its containers; None otherwise."""
    if not at.describe_apart:
        return None, ""
    parts, what = _stated_probe_restart(at.line)
    return (parts, what) if parts is not None and _OF_ITS_CONTAINER in what else (None, "")
