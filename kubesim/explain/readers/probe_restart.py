"""The case's own pods stated in their author's prose to restart because a probe failed (the
corpus README's rules: statements of the case in prose).

`the pods restart everytime the probe fails ..., there is a lot of restart because the liveness
failed`, `my container restarted due to the liveness probe failing`, `our pods keep restarting
because of startup probe failures`, and its back-off so caused (`the mongodb pod goes into
CrashLoopBackOff because its liveness probe fails`, `our Fluent Bit pods enter a CrashLoopBackoff
state, due to failures in the newly introduced Liveness Probe`: a back-off follows ends, R4.8): a
liveness or startup failure ends a container only by the kubelet's kill of it (R4.4: the kubelet kills a container whose liveness or startup probe
failed failureThreshold times in a row, and the pod's restartPolicy starts it again), so a
restart the author gives that failure as its cause is that probe's kill, stated once: at least
one, no count. The sentence's subject (before the restart, in the same sentence) must be the
case's own (`the pods`, `my container`, a pod's name: `CASE_SUBJECT`); a readiness failure
restarts nothing (R3.4), `pods restart because ...` (no case's pods), a conditional, a question
or a sentence of what may happen state none (read by the caller's checks, runs.py). The
author's aside in brackets between the restart and its cause (`the pihole pods occasionally
restart (a few times/day) due to liveness probes failing`, fixprose50) is one of its words of
when; one holding a negation or a word of what may happen states none (runs.py `_aside_unstated`).

A post-mortem's telling of the case (`During the database latency spike, all API calls slowed
down, causing probes to fail. Kubernetes killed the pods, ...`): a kill of the case's own pods
or containers stated with Kubernetes or the kubelet as its agent (`KUBERNETES_KILL`, in the past:
what happened) right after the case's probes stated failing (`PROBES_FAILED`, in the sentence
before the kill's or in its own before the kill), where the paragraph names one probe that kills
(liveness or startup, `KILLING_KINDS`) and no readiness probe: the kubelet kills a running
container for a liveness or startup failure (R4.4), so the kill is that probe's, stated once.
Kubernetes named as the kill's agent with no probe failing before it (`被 K8s 杀掉的`,
juejin-7550160737245184034), a guide's present (`Kubernetes kills the pod when ...`), a
conditional or a question state none.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["CASE_SUBJECT", "FIX_OBJECT", "KILLING_KINDS", "KUBERNETES_KILL", "KUBERNETES_KILL_ANCHORS", "PODS_SUBJECT", "PROBES_FAILED", "PROBE_NOUN",
           "PROBE_RESTART", "RESTART_ANCHORS", "fix_object_end", "observed_often", "probe_restart_hint",
           "restart_denied"]

# a setting's size said too small before the probe it is of (`low`, `too short`, `aggressive`)
# (`a low ...`: the article of the setting's size; `due to a liveness probe failure` with no
# size stays unread, apache-airflow-29031's facts)
_LOW = (r"(?:(?:(?i:an?)[ \t]+)?(?:(?i:too|very|overly)[ \t]+)?(?i:low|short|small|tight|"
        r"aggressive|strict)[ \t]+)?")
# a probe's setting that bounds its failures or its time (core/v1 Probe's fields, in camel case
# or in words)
_SETTING = (r"(?i:failure[ \t-]?threshold|timeout[ \t-]?seconds|initial[ \t-]?delay"
            r"(?:[ \t-]?seconds)?|period(?:[ \t-]?seconds)?|threshold|timeout)")


def _slips(word: str, words: frozenset[str]) -> list[str]:
    """An author's slips of the pen of `word`: two neighbouring letters swapped or one letter
    dropped (`chekc`, `chek`, `porbe`), none of them an English word of its own (`words`)."""
    swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)}
    dropped = {word[:i] + word[i + 1:] for i in range(len(word))}
    return sorted((swapped | dropped) - {word} - words)


# the probe's noun as its author wrote it, misspelled too (portainer-k8s-84's `the liveness
# chekc fails`: fc57a): `check` or `probe` with one slip of the pen, after the probe's kind
# only, so no word of another meaning (`heck`, `robe`, `prob`) is taken for it
PROBE_NOUN = (r"(?i:probes?|checks?|(?:" + "|".join(
    _slips("check", frozenset({"heck"})) + _slips("probe", frozenset({"robe", "prob"})))
    + r")s?)")
# the restart and its cause: `restart because the liveness failed`, `restarted due to the
# liveness probe failing`, `restarting all the time because of startup probe failures`
PROBE_RESTART = lazy_regex(
    r"(?<![A-Za-z])(?:(?i:restart(?:s|ed|ing)?)|(?i:crash[ -]?loop(?:s|ed|ing|back[ -]?off)?)"
    # (a crash, the author's word for an end: `pods crashing due Liveness probe failed`; an end
    # a liveness or startup failure causes is the kubelet's kill, R4.4; fixprose52)
    r"|(?i:crash(?:es|ed|ing)?))"
    # (a back-off's name in a code span: `CrashLoopBackOff`, then `state,`)
    r"[`'\"]?,?[ \t]+"
    # (a few words of when between: `restart all the time because`; never a negation's)
    # (up to six: `was restarted frequently in a resource-limited system, mainly caused by`,
    # wind-river-deployment-manager-389)
    r"(?:(?!(?i:not|never|but)(?![\w'-]))[\w'-]{1,30},?[ \t]+){0,6}?"
    # (an author's aside in brackets, after those words or in their place, a few words after
    # it: `restart (a few times/day) due to`; what it holds is weighed by the caller, ASIDE)
    r"(?:\((?P<aside>[^()\n]{1,40})\),?[ \t]+"
    r"(?:(?!(?i:not|never|but)(?![\w'-]))[\w'-]{1,30},?[ \t]+){0,2}?)?"
    # (`due` alone too, its `to` dropped: `crashing due Liveness probe failed`; fixprose52)
    # (`caused by`: the restart's cause given after it, wind-river-deployment-manager-389)
    # (`since` with the probe's failure in the present, a cause: `causing the pod to
    # crashloop since the liveness check fails`, kyverno-3245; fc58f: a `since` of time takes
    # a past or a perfect, `since the liveness probe failed`, and stays unread)
    r"(?:(?i:since)[ \t]+(?:(?i:the|its|their|our|my)[ \t]+)?[`'\"]?(?P<kind5>(?i:liveness|"
    r"startup))(?:[ \t]*" + PROBE_NOUN + r")?[`'\"]?[ \t]+(?:(?i:fails?)|(?i:is|are|keeps|keep)"
    r"[ \t]+(?i:failing))(?![A-Za-z])|"
    r"(?i:because(?:[ \t]+of)?|due(?:[ \t]+to)?|caused[ \t]+by)[ \t]+"
    # (the probe's container named by a possessive: `the node-driver-registrar's liveness
    # probe failure`; fixprose52)
    r"(?:(?:(?i:the|its|their|our|my)[ \t]+)?(?:[\w.-]{1,63}['\u2019]s[ \t]+)?"
    # (a setting's size before the probe, the probe in a code span: `due to low
    # `livenessProbe` timeouts`, zammad-helm-95; stop 56)
    + _LOW + r"[`'\"]?(?P<kind>(?i:liveness|startup))"
    r"(?:[ \t]*" + PROBE_NOUN + r")?[`'\"]?(?:[ \t]+|\.)[`'\"]?(?:(?i:fail(?:s|ed|ing|ures?)?)"
    # (its timeout, a failure the kubelet counts (R2.8): `due to liveness probe time out`,
    # `because the liveness probe timed out`; README, the stop 49 narrative rule)
    r"|(?i:time[ \t-]?outs?|timed[ \t]+out|timing[ \t]+out)"
    # (the probe's configuration as the cause: a probe restarts a container only by the
    # kubelet's kill after its failures, R4.4, so its settings are why it failed: `mainly
    # caused by the liveness probe configuration`, wind-river-deployment-manager-389)
    r"|(?i:configuration|config|settings)"
    # (one of its settings named, the threshold or the time it is given: `because of low
    # startupProbe failureThreshold`, kubernetes-data-platform-63; stop 56)
    r"|" + _SETTING + r")"
    # (`due to failures in the newly introduced [Liveness Probe](...)`)
    r"|(?i:fail(?:ures?|ing))[ \t]+(?i:of|in)[ \t]+(?:(?i:the|its|their|our|my)[ \t]+)?"
    r"(?:[\w'-]{1,30}[ \t]+){0,2}?\[?(?P<kind2>(?i:liveness|startup))[ \t]*(?i:probes?|checks?)"
    # (the failing told of the pod, the probe its object: `due to failing the liveness probe`,
    # `because of failed startup checks`; fixprose66)
    r"|(?i:fail(?:ing|ed))[ \t]+(?:(?i:the|its|their|our|my)[ \t]+)?"
    r"(?P<kind3>(?i:liveness|startup))[ \t]*(?i:probes?|checks?)"
    # (the failing told of a container the sentence names, the case's: `due to the
    # `csi-registrar` container failing liveness probe health checks`, topolvm-1108)
    r"|(?i:the|its|their|our|my)[ \t]+`?(?P<container>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)`?"
    r"[ \t]+(?i:container)[ \t]+(?i:fail(?:ing|ed|s))[ \t]+(?:(?i:the|its|their)[ \t]+)?"
    r"(?P<kind4>(?i:liveness|startup))[ \t]*(?i:probes?|checks?)))"
    r"(?![A-Za-z])")
RESTART_ANCHORS = ("restart", "Restart", "RESTART", "rash")  # (`CrashLoopBackOff`, `crashloop`)
# a word of the subject before `pods`: a name, or a code span of the pods' names with a glob
# for their suffixes (`the `topolvm-node-*` pods`, topolvm-1108)
_NAMED = r"[\w.-]{1,63}|`[\w.-]{1,63}\*?`"
# the case's own pods or containers as the sentence's subject: a determiner of the case's and
# at most one word before `pod(s)` or `container(s)` (`the pods`, `our minio pods`), or a pod's
# name of two or more dash-parted parts (`minio-0`)
_CASE = (r"(?<![\w-])(?:(?i:my|our|the|this|these|its|their)[ \t]+(?:(?:" + _NAMED + r")[ \t]+){0,2}"
         r"(?i:pods?|containers?)(?![\w-])|[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10}(?![\w-]))")
CASE_SUBJECT = lazy_regex(_CASE)
# a pull request's or commit's statement of what it fixes, opening its sentence (`Fixes`, `This
# PR fixes`), its object the case's own component named before the end it fixes (`Fixes infra
# MySQL crash loop because of ...`, kubernetes-data-platform-63): what a change fixes happened
# (README, crashcatch55), and the component a change's author names is their own (subjects54);
# one to three words, one of them a name (a capital, a digit or a dash in it), none a word of
# what may happen or of another's (`a`, `any`, `possible`, `potential`, `your`)
_FIX_VERB = (r"[ \t>*_-]{0,6}(?:(?i:this|the)[ \t]+(?i:pr|pull[ \t]+request|commit|change|patch)"
             r"[ \t]+)?(?i:fix|fixes|fixed|resolve|resolves|resolved)[ \t]+(?:(?i:the|our|my)[ \t]+)?")
_FIX_WORD = (r"(?!(?i:a|an|any|some|possible|potential|rare|occasional|future|your|their|his|her|"
             r"other|another|every|each|no|the|of|for|in|on|when|if|and|or|to|with|not)"
             r"(?![\w'-]))[\w.'/-]{1,63}")
FIX_OBJECT = lazy_regex(_FIX_VERB + r"(?P<object>(?:" + _FIX_WORD + r"[ \t]+){0,2}?"
                        r"(?=[^ \t]{0,62}[A-Z0-9-])" + _FIX_WORD + r"(?:[ \t]+" + _FIX_WORD
                        + r"){0,2}?)[ \t]+")


def fix_object_end(line: str, start: int, restart: int) -> int | None:
    """Where the object of a fix opening the sentence from `start` ends, the end at `restart`
    the one it fixes (`FIX_OBJECT`: `Fixes infra MySQL crash loop`); None without one."""
    m = FIX_OBJECT.fullmatch(line, start, restart)
    return None if m is None else m.end("object")


# the author's own cluster or system opening the sentence (`In my cluster,`, `On our production
# nodes,`): what follows is told of what happens there
_OWN_FRAME = lazy_regex(
    r"[ \t>*_-]{0,6}(?i:in|on|at)[ \t]+(?i:my|our)[ \t]+(?:[\w-]{1,30}[ \t]+){0,2}?(?i:clusters?|"
    r"environments?|env|setup|deployments?|installation|namespaces?|case|production|prod|"
    r"staging|lab|homelab|nodes?|servers?|system)[ \t]*,?[ \t]+")
# an adverb of how often (a word of `hedges.HEDGES`): between the case's subject and its
# restart in the author's frame, the author's observation of their own (`the container often
# gets restarted`), no guide's `usually`
_HOW_OFTEN = lazy_regex(r"(?<![\w-])(?i:often|sometimes)(?![\w-])")


def observed_often(line: str, start: int, subject_end: int, restart: int) -> str:
    """The line with an adverb of how often blanked (`_HOW_OFTEN`) where it stands between the
    case's subject ending at `subject_end` and its restart at `restart`, in a sentence from
    `start` that opens with the author's own cluster (`_OWN_FRAME`: `In my cluster, the
    container often gets restarted due to liveness probe timeout`, localstack-helm-charts-17):
    a habit observed there, as `constantly` or `frequently` are, no guide's general present;
    the line as it is otherwise. Its other words of what may happen still weigh."""
    frame = _OWN_FRAME.match(line, start, subject_end)
    if frame is None or subject_end - frame.end() > 200:
        return line
    between = _HOW_OFTEN.sub(lambda x: " " * len(x[0]), line[subject_end:restart])
    return line[:subject_end] + between + line[restart:]


# the case's own pods, several: `the pods`, `our pods`, `all the pods`, `my minio pods`
PODS_SUBJECT = lazy_regex(r"(?<![\w-])(?i:my|our|the|these|their)[ \t]+(?:(?:" + _NAMED + r")[ \t]+)?"
                          r"(?i:pods)(?![\w-])")


def probe_restart_hint(text: str) -> bool:
    """Whether the text may hold a restart caused by a probe's failure stated in prose (both
    words, any case), or Kubernetes' kill taken down (`KUBERNETES_KILL`), for the paste reader's
    gate (each word looked for once)."""
    low = text.lower()
    return ("restart" in low or "crash" in low or "took down" in low) and \
        ("liveness" in low or "startup" in low)


# a kill by Kubernetes of the case's own pods or containers, in the past: `Kubernetes killed
# the pods`, `the kubelet killed our api containers`, `K8s killed payments-api-0`
# (`took down`: the same kill in other words, the pod then started again, smallrye-reactive-
# messaging-866's `kubernetes took down the pod and restarted it`; fc57a)
KUBERNETES_KILL = lazy_regex(r"(?<![\w-])(?i:kubernetes|k8s|the[ \t]+kubelet|kubelet)[ \t]+"
                             r"(?i:killed|took[ \t]+down)[ \t]+" + _CASE)
KUBERNETES_KILL_ANCHORS = ("kill", "Kill", "KILL", "took", "Took", "TOOK")
# the case's probes stated failing: `causing probes to fail`, `the liveness probes failed`,
# `API pods start failing liveness probes`
PROBES_FAILED = lazy_regex(r"(?<![A-Za-z])(?:(?i:probes?|checks?)[ \t]+(?:(?i:to|had|have|were|"
                           r"was|kept)[ \t]+)?(?i:fail(?:ed|ing)?)|(?i:fail(?:ed|ing))[ \t]+"
                           r"(?:(?i:their|its|the|our)[ \t]+)?(?i:liveness|startup))(?![A-Za-z])")
# the probes a paragraph names: the kind of the kill is the one of liveness and startup it names
KILLING_KINDS = lazy_regex(r"(?<![A-Za-z])(?P<kind>(?i:liveness|startup|readiness))(?![A-Za-z])")


# a negation or a future in the restart's own verb, at most three words before it (`my pod is
# not being restarted`, `was never restarted`, `will be restarted`, `won't be restarted`, `is
# going to be restarted`); a negation of another clause further before (`it does not work, as
# we can see there is a lot of restart because ...`) denies nothing
_DENIED = lazy_regex(r"(?:(?<![A-Za-z])(?i:not|never|will|shall|going[ \t]+to)|(?i:n['\u2019]t|"
                     r"['\u2019]ll))(?:[ \t]+[\w-]{1,30}){0,3}[ \t]+$")


def restart_denied(line: str, subject_end: int, restart: int) -> bool:
    """Whether the restart at `restart` is denied or put in the future by its own verb
    (`_DENIED`, in the words after the case's subject ending at `subject_end`): no statement
    of what happened (README, statements of the case in prose; fixprose66)."""
    return _DENIED.search(line, max(subject_end, restart - 200), restart) is not None
