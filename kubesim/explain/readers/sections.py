"""The sections of a markdown write-up of a diagnosis, each with the role its heading gives it
(genre54: pull-request and issue descriptions in which an author diagnoses their own pods).

An expert reads such a description by its headings. What was seen (`## Problem`, `Symptoms:`,
`**Observed**`, `Logs`) and why it happened (`## Root cause`, `Diagnosis`, `Why`) are the
author's telling of their case: its present tells the case too (`kills it mid-startup`), as a
post-mortem's does. What the change does (`## Fix`, `Solution:`, `## Changes`), how it was
checked (`## Testing`, `Checklist`, `Test plan`) and what should happen (`Expected behaviour`)
state no part of what happened: a kill or a failure stated only there is the fix's, its check's
or the author's wish, not the case's (a probe's new settings under `## Fix` ran in no container
the record shows: R4.x's kills are weighed against the settings that ran).

A heading is a markdown ATX heading (`## Root cause`, any words; fences' lines are none), a
bold line (`**Root cause**`, `__Fix:__`), or a title's words alone on a line with a colon
(`Problem:`); the last two open a section only where their title has a role, or is short
(up to four words: an unknown short title still ends the section above it; a bold sentence is
emphasis, not a heading). A label leading a paragraph (`**Fix**: add a startupProbe ...`,
`Root cause: the chart ...`) gives that paragraph its role, up to its blank line; a bullet
labelled `Before` (the state before the change: what was seen) or `After` (the change's
result: a check) gives its own line that role. A heading of no role known (`## What`,
`## Notes`) gives none: its lines are read as they would be with no heading.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.shared_indent import dedented

__all__ = ["Aside", "Role", "aside_lines", "case_lines", "line_roles", "set_aside", "title_role"]


class Role(enum.Enum):
    """What a section of a write-up states (its heading's role)."""

    SEEN = "what was seen"
    WHY = "why it happened"
    REMEDY = "what the change does"
    CHECK = "how the change was checked"
    EXPECTATION = "what should happen"


# the roles whose statements are the case's, and those whose statements are not
CASE_ROLES = frozenset({Role.SEEN, Role.WHY})
ASIDE_ROLES = frozenset({Role.REMEDY, Role.CHECK, Role.EXPECTATION})

# a title's leading marks taken off before its words are weighed: emoji and punctuation, an
# ordinal (`2.`, `1)`), an issue form's imperative `Describe` (`Describe the Problem`: the
# form's section of the problem seen, the lead's decision, stop 60, oompresent; fx60a), and
# an article or possessive (`The problem`, `Our fix`)
_LEAD = re.compile(r"[^A-Za-z]{0,12}+(?:\d{1,2}[.)][ \t]*+)?(?:(?i:describe)[ \t]++)?"
                   r"(?:(?i:the|our|my|this|a)[ \t]++)?"
                   r"(?:(?i:possible|suggested|short|quick)[ \t]++)?")
# each role's words opening a title, and up to three words after them (`Testing done`, `Root
# cause analysis`, `Why This Change`); bounded words, no nested repetition
_TAIL = r"(?:[ \t:?!.()/&-]{1,3}+[\w'\u2019]{1,20}+){0,3}+[ \t:?!.)]*+"
_ROLE_WORDS: tuple[tuple[Role, re.Pattern[str]], ...] = tuple(
    (role, re.compile(rf"(?i:{words})(?![\w'\u2019]){_TAIL}")) for role, words in (
        (Role.EXPECTATION, r"expected|expectations?"),
        (Role.CHECK, r"testing|tests?|how[ \t]+to[ \t]+test|verification|verified|validation"
                     r"|checklist|test[ \t]+plan|how[ \t]+(?:was|has)[ \t]+this[ \t]+been[ \t]+tested"),
        (Role.REMEDY, r"fix(?:es|ed)?|solutions?|changes?|changes[ \t]+made|what[ \t]+this[ \t]+"
                      r"(?:pr|change|patch)[ \t]+does|proposed(?:[ \t]+(?:fix|changes?|solution))?"
                      r"|proposal|implementation|remediation|mitigation|workaround"
                      r"|how[ \t]+does[ \t]+this[ \t]+(?:(?:pr|change|patch)[ \t]+)?fix[ \t]+it"),
        (Role.WHY, r"root[ \t-]+causes?|causes?|reasons?|diagnosis|analysis|why|investigation"),
        (Role.SEEN, r"problems?|issues?|symptoms?|what[ \t]+happened|description|summary|context"
                    r"|what[ \t]+(?:was|is)[ \t]+the[ \t]+(?:problem|issue)"
                    r"|background|bug|observed|observations?|current[ \t]+behaviou?r"
                    r"|actual[ \t]+behaviou?r|unexpected(?:[ \t]+behaviou?r)?|logs?"),
    ))
# a title naming a checklist or a test plan at its end (`Pre-Submission checklist`)
_CHECK_END = re.compile(r"(?i:[\w' -]{0,40}(?:checklist|test[ \t]+plan))[ \t:]*+")
# a markdown ATX heading; a bold line (with its colon in or out of the marks); a title's words
# alone with a colon; a label leading a paragraph or a bullet (its words, then the text)
_ATX = re.compile(r"[ \t]{0,3}#{1,6}[ \t]++(?P<title>[^\n]{0,200})")
_BOLD = re.compile(r"[ \t]{0,3}(?:\*\*|__)(?P<title>[^*_\n]{1,80})(?:\*\*|__):?[ \t]*+")
_WORDS = re.compile(r"[ \t]{0,3}(?P<title>[A-Z][A-Za-z0-9' ]{0,40}?)(?P<colon>:)?[ \t]*+")
_LABEL = re.compile(r"[ \t]{0,3}(?:[-*+][ \t]++)?(?:\*\*|__)?(?P<title>[A-Z][A-Za-z0-9' ()-]{0,40}?)"
                    r"(?::(?:\*\*|__)|(?:\*\*|__):|:)[ \t]++\S")
_FENCE = re.compile(r"[ \t]{0,3}(?:```|~~~)")
# a thematic break (`---`, `***`): the sections above it end (an AI tool's note below it)
_BREAK = re.compile(r"[ \t]{0,3}(?:-[ \t]*+){3,}|[ \t]{0,3}(?:\*[ \t]*+){3,}|[ \t]{0,3}(?:_[ \t]*+){3,}")
# the words an aside's heading opens with (`_ROLE_WORDS`' and `_MOMENT`'s), any case: a text
# without them has no aside (each looked for once, as a substring: a 2 MB line is scanned
# a few times, not tried at each of its characters by an alternation)
_ASIDE_WORDS = ("expect", "test", "verif", "validat", "checklist", "fix", "solution", "change",
                "propos", "implementation", "remediation", "mitigation", "workaround", "after")
# an aside's words of a container's or a probe's fate (a kill, a restart, a failure, an end):
# the lines set aside that are said not read
_FATE = lazy_regex(r"(?i:kill|restart|oom|crash|fail|exit|terminat|back-?off|unhealthy|probe)")
# a line opening on the moment before or after the change (`Before this change, the CSI pod
# restarted 54 times`, `- **After (this change):** ...`): what was seen before it, the change's
# result after it; the paragraph (a bullet: its line) has that role
_MOMENT = re.compile(r"[ \t]{0,3}(?P<bullet>[-*+][ \t]++)?(?:\*\*|__)?(?P<when>(?i:before|after))"
                     r"(?:[ \t]{0,2}\([^()\n]{0,40}\)|[ \t]++(?i:(?:this|the|my|our)[ \t]++"
                     r"(?:change|fix|pr|patch|commit)|fix(?:ing)?))?(?:\*\*|__)?(?::|,(?! [a-z]+ing))")
# a line introducing a list of the case's causes or symptoms (`Two compounding causes,
# reproduced on a kind cluster with chart 1.7.3:`, `Symptoms we see:`): the list below has that
# role up to its end (a line that is no item); a list item (`- `, `1. `) or its continuation
_INTRO = re.compile(r"[ \t]{0,3}(?:\*\*)?(?:[\w'\u2019,.-]{1,30}+[ \t]++){0,3}?"
                    r"(?P<role>(?i:root[ \t-]+causes?|causes|symptoms|problems|issues|reasons))"
                    r"(?![\w'])[^:\n]{0,120}:(?:\*\*)?[ \t]*+")
_ITEM = re.compile(r"[ \t]{0,8}(?:[-*+]|\d{1,2}[.)])[ \t]|[ \t]{2,}\S")
# a line of prose (words apart by one space: not a table's row, a describe's line of columns
# or a code block's indented line), the only lines an aside's role blanks: a tool's output
# pasted under an aside heading is shown, not stated (`**Expected behavior**` above the events
# the author got, `Testing done:` above a `get pods` of the case)
# (the words' spaces each before a word: an editor's trailing spaces after a heading's three
# words make no fourth, `## Expected Behavior   ` stays a heading, not prose; crashsaid54)
_PROSE = re.compile(r"[ \t]{0,3}(?:[-*+>][ \t]++|\d{1,3}[.)][ \t]++)*+(?:\S++ ){3}(?=\S)")
_COLUMNS = re.compile(r"\S(?: {2,}|\t)\S")


def title_role(title: str) -> Role | None:
    """The role a heading's title gives its section (`_ROLE_WORDS`, the first whose words open
    it); None for a title of no known role."""
    words = title.strip().strip("*_#").strip()
    lead = _LEAD.match(words)
    words = words[lead.end():] if lead is not None else words
    for role, pattern in _ROLE_WORDS:
        if pattern.fullmatch(words):
            return role
    if _CHECK_END.fullmatch(words):
        return Role.CHECK
    # (`Actual vs expected results`: the author's wish, as the heading's words say; `What
    # happened + what you expected`: what was seen first)
    if re.search(r"(?i:happen|actual|observed|current)", words[:200]):
        return Role.SEEN
    return Role.EXPECTATION if re.search(r"(?i:(?<!un)expect)", words[:200]) else None


@dataclass
class _Place:
    """Where `line_roles` is: the section's role, a leading label's (up to the paragraph's
    blank line), an introduced list's (up to the list's end), and whether in a fence."""

    section: Role | None = None
    paragraph: Role | None = None
    listed: Role | None = None
    fenced: bool = False

    def role(self) -> Role | None:
        """The role of a line here (a list's, a paragraph's, then the section's)."""
        return self.listed or self.paragraph or self.section


def line_roles(lines: Sequence[str]) -> list[Role | None]:
    """Each line's role (`Role`, or None where no section of a known role holds it), by the
    headings above it; a heading's own line has its section's role."""
    return list(_line_roles(tuple(lines)))


# the readers of one paste weigh the same lines each (case_lines, aside_lines, set_aside: seven
# times for a page of prose, each a pass over every line): the roles are found once a text, by
# its lines' content (two kept, as normalise keeps its lines)
@lru_cache(maxsize=2)
def _line_roles(lines: tuple[str, ...]) -> tuple[Role | None, ...]:
    out: list[Role | None] = []
    at = _Place()
    for line in lines:
        if _FENCE.match(line) is not None:
            at.fenced = not at.fenced
        if not at.fenced and _BREAK.fullmatch(line) is not None:
            at.section = at.paragraph = at.listed = None
        if at.fenced or not line.strip():
            at.paragraph = at.paragraph if at.fenced else None
            out.append(at.role())
            continue
        if at.listed is not None and _ITEM.match(line) is None:
            at.listed = None  # the list's end
        out.append(_heading(line, at))
    return tuple(out)


def _heading(line: str, at: _Place) -> Role | None:
    """The role of `line` (a heading's, a label's, or the place's), `at` moved past it."""
    m = _ATX.fullmatch(line) or _BOLD.fullmatch(line) or _WORDS.fullmatch(line)
    if m is not None:
        role = title_role(m["title"].rstrip("# \t"))
        # (a title's words alone with no colon are a heading where they have a role: a bold
        # heading whose marks a paste's cleaning took off, `Root cause`)
        words = m["title"].split()
        short = len(words) <= 4 and (m.re is not _WORDS or m["colon"]
                                     or all(w[:1].isupper() for w in words))
        if role is not None or m.re is _ATX or (short and _INTRO.fullmatch(line) is None):
            at.section, at.paragraph, at.listed = role, None, None
            return role
    role, bullet = _label_role(line)
    if role is None:
        intro = _INTRO.fullmatch(line)
        if intro is not None and at.listed is None:
            at.listed = title_role(intro["role"])  # the list below: its role
        return at.role()
    if not bullet:
        at.paragraph = role  # a paragraph's label: the paragraph's
    return role


def _label_role(line: str) -> tuple[Role | None, bool]:
    """The role a label leading `line` gives (`Root cause: ...`, `- **After:** ...`,
    `Before this change, ...`), and whether the line is a bullet (the role its own); None
    without a label of a known role."""
    moment = _MOMENT.match(line)
    if moment is not None:
        role = Role.SEEN if moment["when"].lower() == "before" else Role.CHECK
        return role, moment["bullet"] is not None
    label = _LABEL.match(line)
    if label is None:
        return None, False
    return title_role(label["title"]), line.lstrip()[:1] in "-*+" and not line.lstrip().startswith("**")


def case_lines(lines: Sequence[str]) -> set[int]:
    """The (1-based) numbers of the lines in a section of what was seen or why (`CASE_ROLES`):
    where the author's statements, in the present too, are their case's."""
    return {n for n, role in enumerate(line_roles(lines), 1) if role in CASE_ROLES}


def aside_lines(lines: Sequence[str]) -> set[int]:
    """The (1-based) numbers of the lines in a section of what the change does, how it was
    checked or what should happen (`ASIDE_ROLES`): none of them states what happened."""
    return {n for n, role in enumerate(line_roles(lines), 1) if role in ASIDE_ROLES}


class Aside(NamedTuple):
    """A text with the lines of its sections of what the change does, how it was checked or
    what should happen blanked (line N stays line N), and those of them that name a fate."""

    text: str
    said: list[tuple[int, Role]]  # each blanked line naming a kill, a restart, a failure, an end
    numbers: frozenset[int]  # the (1-based) numbers of the lines blanked

    def blanked(self, other: str, plained: str) -> str:
        """`other` (the same text line for line as `plained`, the text `set_aside` was given,
        made plain or not) with the same lines blanked."""
        lines = plained.split("\n")
        return "\n".join(_wrapper_of(line, lines[n - 1]) if n in self.numbers else line
                         for n, line in enumerate(other.split("\n"), 1))


def _wrapper_of(line: str, plained: str) -> str:
    """A blanked line of the text as pasted (`line`; `plained`: the line made plain): the
    shell comment mark that plain took off kept (`# ` of a paste printed as comments under its
    command, normalise.py), so that the run of comment lines under the command goes on past
    the blanked line; its content blanked. A line plain kept as it is is blanked whole."""
    mark = _COMMENT_MARK.match(line)
    return mark.group(0) if mark is not None and line != plained else ""


# a shell comment's mark (normalise.py's `_COMMENT`): `#` alone or before a blank
_COMMENT_MARK = re.compile(r"^[ \t]*#(?=[ \t]|$)")


def set_aside(text: str) -> Aside | None:
    """`text` with its aside lines (`aside_lines`) blanked, and those said not read; None for
    a text with none (the text read as it is)."""
    low = text.lower()
    if not any(word in low for word in _ASIDE_WORDS):
        return None  # (no heading of an aside's words: a paste's lines are not weighed)
    lines = text.split("\n")
    # (a whole paste's indentation, a page indented as a block, is none of its headings' or
    # prose's: the roles are weighed on the lines without it, the same lines by number)
    shown = dedented(text).split("\n")
    roles = line_roles(shown)
    if not any(role in ASIDE_ROLES for role in roles):
        return None
    prose = _prose(shown)
    numbers = frozenset(n for n, role in enumerate(roles, 1) if role in ASIDE_ROLES and prose[n - 1])
    said = [(n, role) for n, (line, role) in enumerate(zip(lines, roles, strict=True), 1)
            if role is not None and n in numbers and _FATE.search(line) is not None]
    kept = ["" if n in numbers else line for n, line in enumerate(lines, 1)]
    return Aside("\n".join(kept), said, numbers)


def _prose(lines: Sequence[str]) -> list[bool]:
    """Whether each line is a line of prose (`_PROSE`, no columns, outside a fence): a tool's
    output (a fenced block, a table's rows, describe's lines) is shown, not stated."""
    out, fenced = [], False
    for line in lines:
        fence = _FENCE.match(line) is not None
        fenced = fenced != fence
        words = line.strip()
        out.append(not fenced and not fence and _PROSE.match(line) is not None
                   and _COLUMNS.search(words) is None)
    return out
