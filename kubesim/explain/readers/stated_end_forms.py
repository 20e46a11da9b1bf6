"""Two more forms of an end of the case's own pod stated in its author's prose, weighed by
stated_end.py with its own (fc58a: held-out batch 142's misses; the corpus README's rules,
"Rules used for the facts", stop 58):

- `FIXED_RESTARTS`, a change's statement of the restarts it fixes: a pull request's or
  commit's sentence whose subject is the change (`This PR`, `This change`, `This commit`) or
  that opens with its verb in the third person (`Fixes`, `Addresses`, `Resolves`), the object
  of its fix (`fix`, `address`, `resolve`, maybe after `to`) the restarts or crashes of pods as
  a noun (`frequent pod restarts`, `container crashes`), maybe their reason after `due to`
  (`to address frequent pod restarts due to OOMKilled (ExitCode 137)`,
  infra-deployments-7184): what a change fixes happened (crashcatch55, stop 56), to the pods
  of the component the change's author names, their own (subjects54). A guide's purpose (`To
  fix pod restarts due to OOMKilled, raise ...`), an imperative title (`Fix pod restarts`), a
  prevention (`to avoid`), a future, a question, a conditional and a negation state none.
- `NOTED_OOM`, an OOM kill told in a note that drops its subject or has the author as it: the
  sentence opens (maybe after the version it happened on, `On 2.7.1`) with the progressive or
  past of the kill (`getting OOMKilled`, `I'm getting OOMKilled`, `we got OOMKilled`), maybe
  its agent (`from kubernetes`), then the component it befell after `on` or `for`, named by
  its dashed name or by a determiner of the case's and its noun (`On 2.7.1 getting OOMKilled
  from kubernetes on workflow-controller causing constant restarts`, argo-workflows-2883):
  the author's own component OOMKilled, as oomprose54 reads an issue's note that drops its
  subject. `you`, `a pod`, `pods`, a word before the kill (`If getting OOMKilled ...`, `not`),
  a modal, a question and a conditional state none.

Every part is bounded, each run of blanks followed by a word of its own: one pass on a long
line (the caller reads a line up to `SENTENCE_REACH`).
"""

from __future__ import annotations

import re

from kubesim.explain.readers.happened import sentence_start
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.oom_words import OOM_KILLED

__all__ = ["FIXED_RESTARTS", "NOTED_OOM", "form_of_the_case"]

_MARK = r"(?:\*\*|__|[`'\"\u201c\u201d*])?"
_OOM = _MARK + r"(?P<oom>" + OOM_KILLED + r")" + _MARK + r"(?![\w-])"
# the restarts' reason after them: OOMKilled in people's spellings only (oom_words.py), a
# parenthesis of its exit code after it aside
_REASON = (r"(?:[ \t]+(?i:due[ \t]+to|because[ \t]+of|caused[ \t]+by|from|with)[ \t]+"
           r"(?:(?i:an?|the)[ \t]+)?" + _OOM + r")?")
FIXED_RESTARTS = lazy_regex(
    r"(?<![\w-])(?P<fixed_by>(?i:fix|fixes|fixed|fixing|address|addresses|addressed|addressing|"
    r"resolve|resolves|resolved|resolving))[ \t]+(?:(?i:the)[ \t]+)?"
    r"(?:(?i:frequent|repeated|constant|continuous|recurring|recurrent|multiple|several|many)"
    r"[ \t]+)?(?i:pod|container)[ \t]+(?i:restarts|crashes|crash[ \t-]?loops)(?![\w-])" + _REASON)
# the change as the sentence's subject (`This PR updates ... to address ...`)
_CHANGE = lazy_regex(r"[ \t>*_`'\"-]{0,6}(?i:this|the)[ \t]+(?i:PR|pull[ \t]+request|MR|"
                     r"merge[ \t]+request|change|changeset|commit|patch)(?![\w-])")
# the sentence opening with the fix's verb in the third person (`Fixes ...`: a change's
# summary; the imperative `Fix ...` may be a guide's title, and `To fix` a guide's purpose)
_SUMMARY_VERBS = frozenset({"fixes", "addresses", "resolves"})

# the version it happened on before the note (`On 2.7.1`, `with v1.4.0,`)
_VERSION = (r"(?:(?i:on|in|with|since|after|using)[ \t]+(?i:v|version[ \t]+)?\d{1,4}(?:\.\d{1,4})"
            r"{1,3}(?:-[\w.]{1,20})?,?[ \t]+)")
# the author as the subject (`I'm`, `we are`, `we keep`), or none: a note's dropped subject
_AUTHOR = (r"(?:(?:I|[Ww]e)(?:['\u2019](?:m|re)|[ \t]+(?i:am|are|was|were|keep|kept))[ \t]+"
           r"|(?:I|[Ww]e)(?:['\u2019]ve|[ \t]+(?i:have|had))[ \t]+(?i:been)[ \t]+)")
_AGAIN = r"(?i:constantly|continuously|repeatedly|frequently|still|also|again)"
_DASHED = (r"(?!(?i:start-up|roll-out|set-up|clean-up|warm-up|follow-up|re-[a-z]{1,20})(?![\w-]))"
           r"(?=[0-9-]{0,40}[a-z])[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10}")
_WORD = (r"(?!(?i:a|an|any|your|their|other|another|the|of|in|on|for|and|or)(?![\w.-]))"
         r"[\w.-]{1,63}")
# the component it befell: a dashed name, or a determiner of the case's and its noun
_BEFELL = (r"[ \t]+(?i:on|for)[ \t]+(?:(?:(?i:the|our|my)[ \t]+)?" + _MARK + _DASHED + _MARK
           + r"(?:[ \t]+(?i:pods?|containers?|deployment|statefulset))?|(?i:the|our|my)[ \t]+"
           r"(?:" + _WORD + r"[ \t]+){1,3}?(?i:pods?|containers?))(?![\w-])")
NOTED_OOM = lazy_regex(
    r"(?<![\w-])(?P<noted>" + _VERSION + r"?" + _AUTHOR + r"?(?:" + _AGAIN + r"[ \t]+)?)"
    r"(?i:getting|got)[ \t]+" + _OOM
    # (its agent, maybe: `from kubernetes`)
    + r"(?:[ \t]+(?i:from|by)[ \t]+(?:(?i:the)[ \t]+)?(?i:kubernetes|k8s|kubelet|kernel)"
    r"(?![\w-]))?(?:[ \t]+" + _AGAIN + r")?" + _BEFELL)
_OPENS = lazy_regex(r"[ \t>*_`'\"-]{0,6}")


def form_of_the_case(line: str, m: re.Match[str]) -> bool | None:
    """Whether a match of one of this module's forms is of the case (a fix's object: its
    sentence the change's statement, `_CHANGE` opening it, or opening with the fix's verb in
    the third person, `_SUMMARY_VERBS`; a note: it opens its sentence); None where `m` is of
    no form of this module (the caller weighs the rest: a negation, a guess, a question, a
    conditional)."""
    if "fixed_by" in m.re.groupindex:
        start = sentence_start(line, m.start())
        return _CHANGE.match(line, start, m.start()) is not None or \
            _OPENS.fullmatch(line, start, m.start()) is not None and \
            m["fixed_by"].lower() in _SUMMARY_VERBS
    if "noted" in m.re.groupindex:
        return _OPENS.fullmatch(line, sentence_start(line, m.start()), m.start()) is not None
    return None
