"""A probe's setting stated missing as the cause of the case's pod's termination, restarts or
crash loop (fc57a, held-out batch 137: syndesis-3178's `## The problem` / `Prometheus deployment
config does not specify `initialDelaySeconds` for liveness/readyness checks, on staging this
causes premature termination of prometheus pod and it ends up in a crash loop back off.`).

The README's stop 56 rule: a probe's setting named as the cause of the case's restart or crash
loop is that probe's failure and one kill of it (R4.4: a probe ends a container only by the
kubelet's kill after its failures, and its settings are why it failed). A setting left unset
is its default (`initialDelaySeconds` 0: the probe starts with the container, R1.x's first
probe), so a setting stated missing (`does not specify`, `doesn't set`, `without`, `no`) and
then given as the cause (`this causes`, `which caused`, `leads to`, `resulted in`) of the case's
pod's termination, restarts, kills or crash loop is the same statement: the negation is of the
setting, not of the end. Of the probes named (`liveness/readyness`: a slash, `and`, `or`, a
comma; `readyness` the author's spelling) only the one that kills is read failed, where one of
liveness and startup is named (a readiness probe ends nothing, R3.4); both or neither, none.
The pod is the case's: a determiner of the case's before it, or its name the sentence names
before as the config's (`Prometheus deployment config ... of prometheus pod`). The present
(`causes`) tells the case under a heading of it (sections.case_lines: `## The problem`); else
only the past. `a pod`, another's, a negation of the effect, a conditional, a question and
what may happen state none (the caller's checks, runs.py). Every part bounded.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["SETTING_CAUSED", "SETTING_CAUSED_WORDS", "killing_kind"]

# the setting stated missing: `does not specify`, `doesn't set`, `without`, `no`, `missing`
_MISSING = (r"(?:(?:(?i:does|do|did)[ \t]+(?i:not)|(?i:doesn|don|didn)['\u2019](?i:t))[ \t]+"
            r"(?i:specify|set|define|configure|have|include)|(?i:without|no|missing|lacks?))"
            r"[ \t]+(?:(?i:an?|the|any)[ \t]+)?")
# one of the probe's fields that bound its failures or its time (core/v1 Probe's)
_SETTING = (r"[`'\"]?(?P<setting>(?i:failure[ \t-]?threshold|timeout[ \t-]?seconds|initial[ \t-]?"
            r"delay(?:[ \t-]?seconds)?|period[ \t-]?seconds))[`'\"]?")
_KIND = r"(?i:liveness|startup|readiness|readyness)"
# the probes it is of: one kind, or two or three joined by `/`, `,`, `&`, `and`, `or`
_KINDS = (r"(?P<kinds>" + _KIND + r"(?:[ \t]*(?:/|,|&|(?i:and|or)(?![\w'-]))[ \t]*" + _KIND
          + r"){0,2})[ \t]*(?i:probes?|checks?)")
# the cause's connector: `this causes`, `which caused`, `it leads to`, `that resulted in`
_CAUSES = (r"(?i:this|which|that|it)[ \t]+(?P<verb>(?i:causes|caused|is[ \t]+causing|leads[ \t]+"
           r"to|led[ \t]+to|results[ \t]+in|resulted[ \t]+in))[ \t]+")
# the end it causes: termination, restarts, kills, crashes, a crash loop
_END = (r"(?:(?i:a|the)[ \t]+)?(?:(?i:premature|early|repeated|frequent|constant|continuous)"
        r"[ \t]+)?(?i:terminations?|restarts?|kills?|killing|crash(?:es)?|crash[ \t-]?loops?"
        r"(?:[ \t-]?back[ \t-]?off)?|crashloopbackoff)")
# the pod it befalls: a determiner of the case's or none, up to two words of its name (none of
# another's or of any pod's), `pod` or `container`
_NO_CASE = r"(?!(?i:a|an|any|some|your|their|his|her|other|another|every|each|no)(?![\w'-]))"
_POD = (r"(?P<det>(?i:the|our|my|this)[ \t]+)?(?P<name>(?:" + _NO_CASE + r"[\w.-]{1,63}[ \t]+)"
        r"{0,2}?)(?i:pods?|containers?)(?![\w-])")
SETTING_CAUSED = lazy_regex(
    r"(?<![\w'-])" + _MISSING + _SETTING + r"[ \t]+(?i:for|on|in|of)[ \t]+(?:(?i:the|its|their|"
    r"our|my)[ \t]+)?" + _KINDS + r"[ \t]*[,;]?(?:[ \t]+[\w'-]{1,30}){0,4}?[ \t]*[,;]?[ \t]+"
    + _CAUSES + _END + r"[ \t]+(?i:of|in|for|to)[ \t]+" + _POD)
# the connector's words the pattern is looked for around (runs._near; any of them an anchor)
SETTING_CAUSED_WORDS = ("causes", "caused", "causing", "leads to", "led to", "results in",
                        "resulted in")


def killing_kind(kinds: str) -> str | None:
    """The one probe that kills among the kinds named (liveness or startup, R4.4; readiness,
    `readyness` too, ends nothing, R3.4); None for none or both."""
    low = kinds.lower()
    killing = [k for k in ("liveness", "startup") if k in low]
    return killing[0] if len(killing) == 1 else None
