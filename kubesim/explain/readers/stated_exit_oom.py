"""An end OOMKilled of the case's own pod or container stated in its author's prose by its exit
code and its cause (the corpus README's rules: statements of the case in prose; held-out batch
114, fixprose53b).

- `The container was failing with exit code 137, indicating it was being terminated due to
  Out-Of-Memory issues` (osv-dev-5056), `our api pod crashed with exit code 137 due to OOM`,
  `the worker container was killed with exit code 137, which means it ran out of memory`,
  `the ingester container has been restarted with exit code 137 (OOMKilled)`: the
  case's own pod or container (a determiner of the case's, as stated_oom_with's subject) stated
  ending in a past or progressive form with exit code 137, and the author giving the OOM killer
  as that end's cause (`indicating`, `which means`, `due to`, `because of`, `caused by` and then
  `out of memory`, `OOM`, `OOMKilled`, `the OOM killer`): that end, exit code 137, its reason
  OOMKilled. Exit 137 is SIGKILL's (128 + 9), which both the OOM killer and a probe kill's grace
  end give (R4.4: the kubelet's SIGKILL after terminationGracePeriodSeconds); the author's
  stated cause tells which, as README's rule of an end stated by its cause reads one.
- Exit 137 alone (no cause stated) stays what README says of it, and a guess of the cause
  (`maybe OOM?`, `could be OOM`, `possibly`, `probably`, `not OOM`) is none: a hedge or a
  negation among the words between the code and the cause makes no match, and the caller
  (runs.py) reads none in a question, a conditional or a sentence of what may happen. The
  present (`a container fails with exit code 137, which means OOM`) is a guide's and no match.

The pattern is looked for around `137` only, each run of blanks followed by a word of its own
and every repetition bounded: one pass on a long line.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.stated_oom_with import SUBJECT

__all__ = ["EXIT_OOM", "EXIT_OOM_ANCHORS", "exit_oom_hint"]

_ADVERB = r"(?:(?i:again|also|still|then|now|repeatedly|constantly|frequently)[ \t]+)?"
# the end, past or progressive (a telling of what happened)
_ENDED = (r"(?i:crashed|failed|died|exited|terminated|restarted"
          r"|(?:was|were|got)[ \t]+(?:killed|terminated|restarted|stopped)"
          r"|(?:has|have|had)[ \t]+(?:been[ \t]+)?(?:crashed|failed|died|exited|terminated"
          r"|restarted|killed)"
          r"|(?:is|are|was|were|keeps|kept)[ \t]+" + _ADVERB + r"(?:crashing|failing|dying|exiting"
          r"|restarting|(?:being|getting)[ \t]+(?:killed|terminated|restarted)))")
_CODE = (r"[ \t]+(?i:with)[ \t]+(?:(?i:an?|the)[ \t]+)?(?i:exit|error|return)[ \t]+"
         r"(?i:code|status)[ \t]*:?[ \t]*[`'\"]?137(?![\w.])[`'\"]?")
# the author's cause, right after the code
_BECAUSE = (r"(?:[ \t]*[,;:\u2014(]|[ \t]+-)?[ \t]*(?i:indicating|meaning|signaling|signalling"
            r"|which[ \t]+(?:indicates|indicated|means|meant|signals|signaled|signalled|showed|shows)"
            r"|due[ \t]+to|because[ \t]+of|caused[ \t]+by|i\.e\.)")
# words between (at most 12), none a hedge or a negation (a guess of the cause states none)
_HEDGE = (r"(?!(?i:maybe|possibly|perhaps|probably|likely|unlikely|could|might|may|can|would"
          r"|not|no|never|nor|suspect|guess|whether|if|or)(?![\w'\u2019-]))")
_BETWEEN = r"(?:[ \t]+" + _HEDGE + r"[\w'\u2019-]{1,30}){0,12}?"
_CAUSE = (r"[ \t]+(?:(?i:the|an?)[ \t]+)?[`'\"]?(?P<cause>(?i:out[ \t-]of[ \t-]memory"
          r"|OOM(?:[ _-]?(?:killed|killer|kill))?))(?![A-Za-z])")
# or the cause alone in a parenthesis right after the code (`exit code 137 (OOMKilled)`)
_PAREN = (r"[ \t]*\([ \t]*(?:(?i:an?)[ \t]+)?(?i:out[ \t-]of[ \t-]memory|OOM(?:[ _-]?(?:killed|kill))?)"
          r"[ \t]*\)")
EXIT_OOM = lazy_regex(SUBJECT + r"[ \t]+" + _ADVERB + _ENDED + _CODE + r"(?:" + _BECAUSE
                      + _BETWEEN + _CAUSE + r"|" + _PAREN + r")")
EXIT_OOM_ANCHORS = ("137",)


def exit_oom_hint(text: str) -> bool:
    """Whether the text may hold an end stated by exit code 137 and its OOM cause
    (`EXIT_OOM`), for the paste reader's gate (each word looked for once)."""
    if "137" not in text:
        return False
    low = text.lower()
    return "oom" in low or "memory" in low
