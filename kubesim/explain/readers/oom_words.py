"""The words people write for an OOM kill, one vocabulary for every prose rule that reads one
(the corpus README's rules: statements of the case in prose, fix39a, fixprose43, stop 49,
oomprose54).

The kubelet reports a container the kernel's OOM killer killed at its memory cgroup's limit
with the reason `OOMKilled` (exit code 137, SIGKILL's); people write that end in many
spellings, all the same end:

- `OOM_KILLED`: the reason as a word of a sentence, one word or two, any case, a space, a dash
  or an underscore between (`OOMKilled`, `oomkilled`, `OOM killed`, `OOM-killed`,
  `OOM_Killed`); never `OOM killer` (the agent, no end) nor `OOMKilling`.
- `OOM_KILLS`: the noun of such ends (`OOMKills`, `OOM kills`, `an OOMKill`).
- `KILLED_FOR_OOM`: `killed` with the OOM killer stated as its cause right after it (`killed
  because of OOM`, `killed due to OOM`, `killed by the OOM killer`, `killed by OOM`, `killed
  (OOM)`, `killed for running out of memory`).
- `OOM_ANCHORS`: the words a sentence holding one of them holds (`_near`'s anchors).

Each is a piece of a pattern, no lookaround at its ends: the rules that use it put it after
their subject and tense (stated_kill.py, stated_oom_with.py, runs.py), and bound it themselves.
"""

from __future__ import annotations

import re

__all__ = ["KILLED_FOR_OOM", "OOM_ANCHORS", "OOM_KILLED", "OOM_KILLS", "is_oom_killed"]

OOM_KILLED = r"(?i:OOM[ _-]?killed)"
OOM_KILLS = r"(?i:OOM[ _-]?kills?)"
# the OOM killer as the stated cause of a kill: after `because of`, `due to`, `by`, `from`,
# `for` (`killed because of OOM`), or alone in a parenthesis (`killed (OOM)`)
_OOM_CAUSE = (r"(?:(?i:the|an?)[ \t]+)?(?:(?i:kernel)(?:['\u2019]s)?[ \t]+)?"
              r"(?:(?i:OOM(?:[ _-]?kill(?:er|ed))?|out[ \t-]of[ \t-]memory(?:[ \t]+killer)?)"
              r"|(?i:running|going)[ \t]+(?i:out)[ \t]+(?i:of)[ \t]+(?i:memory))")
KILLED_FOR_OOM = (r"(?i:killed)(?:[ \t]+(?i:because[ \t]+of|due[ \t]+to|by|from|for|on)[ \t]+"
                  + _OOM_CAUSE + r"|[ \t]*\([ \t]*(?i:OOM(?:[ _-]?killed)?|out[ \t-]of[ \t-]memory)"
                  r"[ \t]*\))")
OOM_ANCHORS = ("OOM", "oom", "Oom")

_FULL = re.compile(OOM_KILLED)


def is_oom_killed(written: str) -> bool:
    """Whether `written` is the reason OOMKilled in one of people's spellings (`OOM_KILLED`)."""
    return _FULL.fullmatch(written) is not None
