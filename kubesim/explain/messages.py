"""What the kubelet's event messages and container states mean, by the kubelet's own texts
(kubelet-rules §4.4 and pkg/kubelet/prober/prober.go, kuberuntime_manager.go,
kuberuntime_container.go), including the wordings of older releases that real records show.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from kubesim.explain.readers.event_rows import cut_in_error
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.names import NAME_CELL
from kubesim.explain.readers.spec_kill import spec_kill_cut
from kubesim.results import ProbeType

__all__ = ["ExitCause", "KillCause", "ProbeEvent", "ProbeOutcome", "backoff_container", "cut_short",
           "backoff_delay", "delay_restarts", "exit_cause", "failure_answer", "go_duration",
           "kill_of", "probe_event", "pulled_image", "started_container", "too_short_to_name"]

# an operator's event controller may relay the kubelet's event with its pod named first
# (KubeBlocks: `Pod pulsar-proxy-0: Startup probe failed: ...`)
# A message quoted without its output (`Readiness probe failed`, a page's words for the
# event) is the probe's failure all the same: its output is not in the record
_PROBE = lazy_regex(rf"^(?:Pod {NAME_CELL}: )?(Liveness|Readiness|Startup) probe "
                    r"(failed|errored|warning)(?: and resulted in (\w+) state)?"
                    r"(?::[ ]?(.*)|[ \t]*)$", re.DOTALL)
_TYPES = {"Liveness": ProbeType.LIVENESS, "Readiness": ProbeType.READINESS,
          "Startup": ProbeType.STARTUP}


class ProbeOutcome(str, Enum):
    """What an `Unhealthy` (or `ProbeWarning`) event says the probe did."""

    FAILED = "failed"  # counts toward failureThreshold
    ERRORED = "errored"  # a prober error: retried and thrown away, never counted (R2.2, E4)
    WARNING = "warning"  # an HTTP 3xx not followed: a success with a warning (R2.9)
    # an Unhealthy message cut before its verb (`Liven`, `cut_probe_head`): the probe's call
    # failed or errored, which of them the record does not say (R2.3)
    UNTOLD = "failed-or-errored"


@dataclass(frozen=True)
class ProbeEvent:
    """An `Unhealthy` (or `ProbeWarning`) message: which probe, what happened, its output.

    `outcome`: failed (counts toward failureThreshold), errored (a prober error: retried
    and thrown away, never counted, R2.2, E4) or warning (an HTTP 3xx not followed: a
    success with a warning, R2.9)."""

    probe: ProbeType
    outcome: ProbeOutcome
    detail: str


def probe_event(message: str) -> ProbeEvent | None:
    m = _PROBE.match(message)
    if not m:
        cut = _cut_in_verb(message)
        if cut is not None:
            return cut
        probe = cut_probe_head(message)
        return None if probe is None else ProbeEvent(probe, ProbeOutcome.UNTOLD, "")
    return ProbeEvent(_TYPES[m[1]], ProbeOutcome(m[2]), (m[4] or "").strip())


# (stop 59, fx59b; hiero-solo-3950's last row, `Warning  Unhealthy  Liveness probe fail`) a
# message cut inside its verb: the probe's word whole, then the first letters of one of the
# kubelet's verbs (prober.go's `%s probe failed`, `%s probe errored`; a 3xx's `warning`)
_CUT_VERB = lazy_regex(r"^(Liveness|Readiness|Startup) probe (f(?:a(?:i(?:le?)?)?)?"
                       r"|e(?:r(?:r(?:o(?:re?)?)?)?)?|w(?:a(?:r(?:n(?:i(?:ng?)?)?)?)?)?)[ \t]*$")
_CUT_OUTCOMES = {"f": ProbeOutcome.FAILED, "e": ProbeOutcome.ERRORED, "w": ProbeOutcome.WARNING}


def _cut_in_verb(message: str) -> ProbeEvent | None:
    """The probe's call of a message cut inside its verb, its probe named whole and the verb's
    first letters naming one of the kubelet's verbs unmistakably (`Liveness probe fail`: the
    verbs begin with three different letters): what `cut_probe_head` reads of a message cut
    inside its first words, with the verb told (R2.3), its output cut away; None otherwise."""
    m = _CUT_VERB.match(message.strip())
    return None if m is None else ProbeEvent(_TYPES[m[1]], _CUT_OUTCOMES[m[2][0]], "")


# the fewest letters of a cut message that name one probe unmistakably: `Liv`, `Rea`, `Sta`
# (one or two, `L`, `Re`, are the first letters of many words: `too_short_to_name`)
_CUT_HEAD_LETTERS = 3


def cut_probe_head(message: str) -> ProbeType | None:
    """The probe of a message cut before its verb: the kubelet writes `%s probe failed: %s`
    and `%s probe errored: %v` (pkg/kubelet/prober/prober.go, both reason Unhealthy, R2.3), so
    a message cut inside its first words, a prefix of one probe's `Liveness probe` of three
    letters or more (`Liven`, factorio-server-charts-26), is that probe's call, failed or
    errored, the verb cut away. None for a prefix of none, or of two (none of three letters
    is); a message cut inside its verb is `_cut_in_verb`'s, one cut after it is read by
    the rules of its words."""
    text = message.strip()
    if len(text) < _CUT_HEAD_LETTERS:
        return None
    named = [t for word, t in _TYPES.items() if f"{word} probe".startswith(text)]
    return named[0] if len(named) == 1 else None


def too_short_to_name(message: str) -> bool:
    """Whether a cut message is one or two letters of a probe's word (`L`, `Re`): too few to
    name the probe unmistakably (`cut_probe_head`), so the row is read as one whose message
    the record lost (some probe's call, failed or errored, which probe not told)."""
    text = message.strip()
    return 0 < len(text) < _CUT_HEAD_LETTERS and any(w.startswith(text) for w in _TYPES)


class KillCause(str, Enum):
    LIVENESS = "liveness"
    STARTUP = "startup"
    STOPPING = "stopping"  # a deletion, or a kill for another reason
    SPEC_CHANGE = "spec-change"
    UNKNOWN = "unknown"  # old kubelets: "Killing <id>" without a reason
    # a kill for a failing probe the record does not name (a prose statement of the case's:
    # `Kubernetes had killed a few web pods due to the health check failing`): the kubelet
    # kills a running container for a check only by its liveness or startup probe (R4.1,
    # R4.4; readiness kills nothing, R3.4), so it is one of theirs, which one not told
    PROBE = "liveness-or-startup"


_HEX_ID = lazy_regex(r"[0-9a-f]{12,64}|\.\.\.|[0-9a-f]*x+")

_KILLS = [
    (lazy_regex(r"^(?:Init container|Container) (\S+) failed (liveness|startup) probe"
                r"(, will be restarted)?"), None),
    # dockershim (2017-2018) named the container after its runtime (`docker://portal:...`)
    (lazy_regex(r"^Killing container with (?:docker )?id (?:\w+://)?(\S+?):\s*Container failed "
                r"(liveness|startup) probe"), "old"),
    # a web console's copy may double the spaces (`pod  "x_ns(uid)" container  "router"`)
    (lazy_regex(r'^Killing container with (?:docker )?id \S+?:\s*pod\s+"[^"]*"\s+container\s+"([^"]+)"'
                r"\s+is\s+unhealthy, it will be killed and re-created"), "unhealthy"),
    # the kubelet's kill for the pod's termination; a kubelet's log line of it (klog.py, a grace
    # period override) may not name the container
    (lazy_regex(r"^Stopping container(?: (\S+)|$)"), "stop"),
    # dockershim's kill of a whole pod (deleted, or its sandbox torn down): no probe's
    (lazy_regex(r"^Killing container with (?:docker )?id \S+?:\s*(Need to kill Pod)$"), "pod"),
    (lazy_regex(r"^Container (\S+) definition changed, will be restarted"), "spec"),
    # the kubelet's `Container NAME failed liveness probe, will be restarted` with its NAME
    # left out by the author (spack-infrastructure-1005's `Container failed liveness probe`):
    # the probe is still named, the container not
    (lazy_regex(r"^(?:Init container|Container) failed (liveness|startup) probe"
                r"(, will be restarted)?"), "unnamed"),
    # a kill the record gives a failing probe as the cause of, naming neither kind (`PROBE`):
    # the line the prose readers write for it (readers/stated_kill.either_kill_lines), no
    # kubelet's own
    (lazy_regex(r"^Killing container with id docker://\.\.\.:\s*Container failed liveness or "
                r"startup probe \(which one, not told\)"), "either"),
]


# the kubelet's `Container NAME failed liveness probe, will be restarted` cut where the record
# ends, after the probe's word or inside it (three letters at least, `_CUT_HEAD_LETTERS`) and
# before `probe` is whole (keel-790's `Container keel failed liveness`): the kubelet writes no
# other Killing message that begins so (computePodActions, R4.4), so the probe is named
_CUT_PROBE_KILL = lazy_regex(r"^(?:Init container|Container) (\S+) failed ([a-z]{3,8})"
                             r"(?: (?:p(?:r(?:o(?:b)?)?)?)?)?[ \t]*$")
_KILL_KINDS = ("liveness", "startup")


def _cut_probe_kill(message: str) -> tuple[KillCause, str | None, bool | None] | None:
    """(cause, container, None) of a probe's kill message cut before `probe` is whole
    (`_CUT_PROBE_KILL`): the probe's word whole, or a prefix of one kind's word alone where
    the cut is inside it; None for any other message."""
    m = _CUT_PROBE_KILL.match(message.strip())
    if m is None:
        return None
    word, after = m[2], m[0][m.end(2):].strip()
    kinds = [k for k in _KILL_KINDS if (k == word if after else k.startswith(word))]
    return (KillCause(kinds[0]), m[1], None) if len(kinds) == 1 else None


def kill_of(message: str) -> tuple[KillCause, str | None, bool | None]:
    """(cause, container, restarted?) of a `Killing` message."""
    cut = _cut_probe_kill(message)
    if cut is not None:
        return cut
    if (changed := spec_kill_cut(message)) is not None:
        return KillCause.SPEC_CHANGE, changed, True
    for pattern, tag in _KILLS:
        m = pattern.match(_uncut(message))
        if not m:
            continue
        if tag is None:
            return KillCause(m[2]), m[1], m[3] is not None
        if tag == "old":  # an id of hex digits names no container (`docker://41ef...`)
            return KillCause(m[2]), None if _HEX_ID.fullmatch(m[1]) else m[1], True
        if tag == "unhealthy":  # 1.6-1.9: liveness was the only probe that killed
            return KillCause.LIVENESS, m[1], True
        if tag == "stop":
            return KillCause.STOPPING, m[1], None
        if tag == "unnamed":
            return KillCause(m[1]), None, m[2] is not None
        if tag == "pod":
            return KillCause.STOPPING, None, None
        if tag == "either":
            return KillCause.PROBE, None, True
        return KillCause.SPEC_CHANGE, m[1], True
    return KillCause.UNKNOWN, None, None


# a Killing message cut right after the container's id (the kubelets of 2016-2018 always
# follow it with ": <reason>"), and the aggregator's "(events with common reason combined)"
# cut anywhere: the row was cut where the paste ends
_CUT_KILL = lazy_regex(r"^Killing container with (?:docker )?id \S+$")
_COMBINED = "(events with common reason combined)"


_NEED = "Need to kill Pod"
_CUT_NEED = lazy_regex(r"^(Killing container with (?:docker )?id \S+?:\s*)(Need to[\w ]*)$")


def _uncut(message: str) -> str:
    """dockershim's `...:Need to kill Pod` cut after `Need to` is that message, cut: nothing
    else the kubelet wrote there begins so."""
    m = _CUT_NEED.match(message.strip())
    return m[1] + _NEED if m and _NEED.startswith(m[2].rstrip()) else message


# the kubelets of 2015 wrote `Started with docker id 06739bf99a4f` (and Created, Killing,
# Pulling with it): a message that stops inside those words was cut
_OLD_DOCKER = lazy_regex(r"^(?:Started|Created|Killing) with d(?:o(?:c(?:k(?:e(?:r(?: (?:id?)?)?)?)?)?)?)?$")


# the kubelets of 2015-2018 named the container they killed by its id (`Killing
# 0b7743acd1a5...`, `Killing container with docker id e801dbc6b3ac: ...`, dockershim's
# `Killing container with id docker://41ef...:...`): a row per container killed, so a row's
# count tells that container's kill, not how many containers were killed (the dockershim of
# 2018 named it `docker://es-data`, by its name: one row for every kill, counted)
_KILL_BY_ID = lazy_regex(r"^Killing (?:container with (?:docker )?id (?:\w+://)?)?[0-9a-f]{12}")


def kill_names_container(message: str) -> bool:
    """Whether a Killing message names the container it killed by its id (one row each)."""
    return bool(_KILL_BY_ID.match(message.strip()))


def cut_short(message: str) -> bool:
    """Whether an event's message is visibly cut: a Killing message that stops after the
    container's id, a 2015 `... with docker id` message that stops before its id, an image
    row that stops inside its image or its duration, a prefix of the aggregator's
    combined-events message, a pull's message that stops inside its words after the image
    (`_cut_pull`), a probe's output that stops inside Go's error (`cut_in_error`), or a
    probe's message that stops before its verb (`cut_probe_head`: the kubelet writes none
    without it), or a spec change's kill message that stops inside its words
    (readers/spec_kill.py)."""
    text = message.strip()
    return bool(_CUT_KILL.match(text) or _OLD_DOCKER.match(text) or _CUT_IMAGE.match(text)) or (
        len(text) >= 2 and _COMBINED.startswith(text) and text != _COMBINED) or \
        _cut_present(text) or _cut_pull(text) or cut_in_error(text) is not None or \
        request_cut(text) or spec_kill_cut(text) is not None or \
        cut_probe_head(text) is not None


# a Go HTTP client's request error as the kubelet's HTTP prober prints it after `probe
# failed: `, cut before its error: `Get URL` (Go 1.13 and before) or `Get "URL` / `Get "URL"`
# (quoted since Go 1.14), and nothing after
_REQUEST_CUT = lazy_regex(r'(?:Liveness|Readiness|Startup) probe failed: (?:Get|Head|Post) '
                          r'"?https?://[^\s"]*"?:?')


def request_cut(text: str) -> bool:
    """Whether a probe's failure message stops inside its HTTP request error, before the
    error itself: Go's client prints `Op "URL": err` whole (net/url's Error.Error, `%s %q:
    %s`) and the HTTP prober prints it whole (pkg/probe/http/http.go), so a message ending at
    the URL was cut there, at the paste's end (kiwigrid-helm-charts-400's `Liveness probe
    failed: Get http://172.17.0.4:888`)."""
    return "probe failed: " in text and _REQUEST_CUT.fullmatch(text) is not None


# the kubelet's Pulled message for an image it need not pull (EnsureImageExists): a message
# that stops inside its words after the image (`Container image "x:1" alre`) is cut
_PRESENT = lazy_regex(r'^Container image "[^"]+"(.*)$')
_PRESENT_WORDS = " already present on machine"


def _cut_present(text: str) -> bool:
    m = _PRESENT.match(text)
    return m is not None and m[1] != _PRESENT_WORDS and _PRESENT_WORDS.startswith(m[1])


# the kubelet's Pulled message after a pull (pkg/kubelet/images/image_manager.go), in the words
# of its releases: `Successfully pulled image "x"` (before 1.20), then ` in 1.2s` (the pull's
# duration), then ` (1.3s including waiting)` (1.28), then `. Image size: 123 bytes.` (1.29).
# Each is printed whole, so a message that stops inside the newest one's words, at none of
# those ends, is cut (konflux-ci-591's `(1.282s including waiting). Image siz`): the corpus
# README's rule of a Pulled message cut inside its words, whatever lines follow it (a closing
# fence, a `</pre>`: the paste's line end is then no sign)
_PULL_DONE = lazy_regex(r'^Successfully pulled image "[^"]+"(.*)$')
# a Go duration (`477ms`, `1.282s`, `1m2.5s`, `500µs`) or a byte count, by one placeholder
_PULL_NUMBER = lazy_regex(r"\d[\dhmsuµn.]*")
_PULL_WORDS = " in D (D including waiting). Image size: D bytes."
_PULL_ENDS = ("", " in D", " in D (D including waiting)", _PULL_WORDS)


def _cut_pull(text: str) -> bool:
    m = _PULL_DONE.match(text)
    if m is None:
        return False
    words = _PULL_NUMBER.sub("D", m[1])
    return words not in _PULL_ENDS and _PULL_WORDS.startswith(words)


# an image row that stops inside its image's quotes, or inside the pull's duration (Go prints
# a duration with its unit, `6.814310917s`: `in 6.814310` is cut)
_CUT_IMAGE = lazy_regex(r'^(?:[Pp]ulling image|Successfully pulled image|Container image) "[^"]*$'
                        r'|^Successfully pulled image "[^"]+" in [\d.]*$')


# the kubelets of 2016 put the delay in and the container after `=` (a FailedSync's
# CrashLoopBackOff: `Back-off 1m20s restarting failed container=web pod=web-1_ns(uid)`)
_BACKOFF = lazy_regex(r"^Back-off (?:[0-9hms.]{1,20} )?restarting failed container"
                      r"(?: (\S+) in pod|=(\S+))?")
# the kubelets of 2016-2017 wrote `Created container with docker id 84ca35d0421b`: no name
_STARTED = lazy_regex(r"^(?:Started container|Created container:?) (?!with (?:docker )?id )(\S+)")


def backoff_container(message: str) -> tuple[bool, str | None]:
    """Whether a message is the kubelet's back-off refusal, and the container it names."""
    m = _BACKOFF.match(message)
    return (True, m[1] or m[2]) if m else (False, None)


# the image rows of the kubelet (kuberuntime_image.go): `Pulling image "x"`, `Successfully
# pulled image "x" in 1.2s`, `Container image "x" already present on machine`; 2016-2018 wrote
# `pulling image "x"`
_PULLED = lazy_regex(r'^(?:[Pp]ulling image|Successfully pulled image|Container image) "([^"]+)"')


def pulled_image(message: str) -> str | None:
    """The image an image row (Pulling, Pulled) names; such rows name no container in their
    message, only through the event's fieldPath."""
    m = _PULLED.match(message)
    return m[1] if m else None


def started_container(message: str) -> str | None:
    """The container a `Started`/`Created` message names (newer kubelets name none)."""
    m = _STARTED.match(message)
    return m[1] if m else None


_GO_DURATION = lazy_regex(r"^(?:(\d{1,6})h)?(?:(\d{1,6})m(?!s))?(?:(\d{1,6}(?:\.\d{1,9})?)s)?$")


# the delay a back-off refusal prints (the kubelet's back-off for the container then, R4.9):
# `Back-off 5m0s restarting failed container=web pod=...` (the events of 2016, a FailedSync's
# message), `back-off 40s restarting failed container=web pod=...` (pod_workers' error in
# the kubelet's log, a waiting state's message); newer BackOff events print none. The delay
# is whole once `restarting` follows it: a message cut after that word still prints it
# (`back-off 5m0s restarting fa`, a log line cut short)
_BACKOFF_DELAY = lazy_regex(r"[Bb]ack-off (\d[0-9hms.]{0,19}) restarting(?: |$)")


def backoff_delay(message: str) -> float | None:
    """The back-off delay a refusal's message prints, in seconds (None: it prints none)."""
    m = _BACKOFF_DELAY.search(message[:2000])
    return go_duration(m[1]) if m else None


def delay_restarts(delay: float, initial: float, cap: float) -> int | None:
    """The fewest restarts after which the kubelet's back-off for a container is `delay`: the
    first restart after a crash makes the entry `initial`, each later start doubles it, up
    to `cap` (R4.10-R4.12); a liveness-kill loop makes it one restart later (R4.13), and a
    reset (R4.15) starts the curve again, so more restarts, never fewer. None for a delay
    that is not on that curve (another kubelet's settings: nothing is inferred)."""
    b, restarts = initial, 1
    while restarts < 64 and initial > 0:
        if abs(b - delay) < 0.5:
            return restarts
        if b >= cap:
            return None
        b, restarts = min(b * 2, cap), restarts + 1
    return None


def go_duration(text: str) -> float | None:
    """Go's time.Duration.String(): `5m0s`, `40s`, `2m40s`, `1h0m0s`."""
    m = _GO_DURATION.match(text)
    if not m or not any(m.groups()):
        return None
    h, mi, s = m.groups()
    return int(h or 0) * 3600.0 + int(mi or 0) * 60.0 + float(s or 0)


class ExitCause(str, Enum):
    OOM = "oom"
    SIGKILL = "sigkill"  # 137 without OOMKilled: a kill whose grace ran out, or killed outside
    SIGTERM = "sigterm"  # 143: the process died of SIGTERM (a kill, or a deletion)
    COMPLETED = "completed"  # exit 0
    APP = "app"  # exited by itself with an error code
    RUNTIME = "runtime"  # the runtime could not start it (128, ContainerCannotRun, StartError)
    UNKNOWN = "unknown"  # ContainerStatusUnknown / Unknown: the kubelet lost track (node restart)


def exit_cause(reason: str | None, code: int | None) -> tuple[ExitCause, str]:
    """What a terminated state says, in words."""
    if reason == "OOMKilled":
        return ExitCause.OOM, "killed by the kernel's OOM killer (memory limit reached)"
    if reason in ("ContainerStatusUnknown", "Unknown"):
        return ExitCause.UNKNOWN, ("the kubelet lost track of the container (a node or kubelet "
                                   "restart, or the container was removed)")
    if reason in ("ContainerCannotRun", "StartError", "CreateContainerError") or code == 128:
        return ExitCause.RUNTIME, "the runtime could not start the process"
    if code == 137:
        return ExitCause.SIGKILL, ("exit code 137: SIGKILL, after a kill's grace period ran out "
                                   "(the process ignored SIGTERM), or an OOM kill or a kill "
                                   "from outside the kubelet")
    if code == 143:
        return ExitCause.SIGTERM, "exit code 143: the process ended on SIGTERM (a kill)"
    if code == 0:
        return ExitCause.COMPLETED, ("exit code 0: the process ended cleanly (by itself, or "
                                     "on SIGTERM after a kill)")
    if code is None:
        return ExitCause.UNKNOWN, "the record gives no exit code"
    return ExitCause.APP, (f"exit code {code}: the process exited with an error (by itself, "
                           "or in answer to a kill's SIGTERM)")


_STATUS = lazy_regex(r"HTTP probe failed with statuscode: (\d{3})")
# the same, as pages and threads retell it: `HTTP 503`, `status code 500`, `statusCode: 404`
_RETOLD = lazy_regex(r"\bHTTP:? ([1-5]\d\d)\b|\bstatus ?code:? ?([1-5]\d\d)\b", re.IGNORECASE)


def http_status(detail: str) -> int | None:
    """The HTTP status a probe's output gives: the kubelet's `HTTP probe failed with
    statuscode: 503` (R2.8), or a retelling of it; None when it gives none."""
    m = _STATUS.search(detail)
    if m and 100 <= int(m[1]) <= 599:
        return int(m[1])
    r = _RETOLD.search(detail)
    return int(r[1] or r[2]) if r else None
_REFUSED = lazy_regex(r"connection refused|no route to host|network is unreachable", re.IGNORECASE)
_TIMEOUT = lazy_regex(r"deadline exceeded|Client\.Timeout|i/o timeout|timed out|timeout",
                      re.IGNORECASE)
_RESET = lazy_regex(r"connection reset|EOF|broken pipe|server closed", re.IGNORECASE)


def failure_answer(detail: str, handler: str, outcome: str) -> tuple[dict[str, object], str]:
    """The answer a scenario gives to reproduce a recorded probe output, and its label.

    `handler`: httpGet, tcpSocket, exec or grpc."""
    if outcome == "errored":
        return {"error": "error"}, "a prober error (discarded, R2.2)"
    status = http_status(detail)  # a retold status only where the probe is an HTTP one
    if status is not None and (handler == "httpGet" or _STATUS.search(detail)):
        return {"status": status}, f"HTTP {status}"
    if _TIMEOUT.search(detail):
        return {"error": "timeout"}, "a timeout"
    if _REFUSED.search(detail):
        return {"error": "refused"}, "connection refused"
    if _RESET.search(detail):
        return {"error": "reset"}, "connection reset"
    if handler == "exec":
        return {"exit_code": 1}, "the command failing"
    if handler == "grpc":
        return {"grpc_status": "NOT_SERVING"}, "not serving"
    if handler == "tcpSocket":
        return {"error": "refused"}, "the connection failing"
    return {"status": 500}, "a failing answer (the record does not say which)"
