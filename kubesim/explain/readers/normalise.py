"""Pastes as people make them, made plain line by line before any reader sees them.

A record pasted into an issue or a chat carries what is around it: markdown fences and
emphasis, inline code marks, HTML `<details>`/`<pre>` tags, shell prompts and the command
lines they ran, the box borders of k9s, quote marks, the timestamps a CI console (Jenkins)
puts before every line, and cuts (`<SNIP>`, `...`). `normalise` keeps the line numbering
(line N of the output is line N of the input) and says of each line what it is; the content
lines keep their tabs and their indentation (describe's nesting and the old event tables'
columns depend on them).

What a tool or a habit puts around a whole paste, or around a block of it (between fences,
HTML tags, command lines), is peeled in layers (`plain`): a time before every line, an
editor's line numbers, a diff's `+`, quote marks, a box, the indentation every line shares.
A layer is known only when every non-blank line of the paste or the block carries it (two
lines at least), never from one line, so that content is not taken for a wrapper; layers
nest and are peeled from the outside in. tests/test_explain_wrappers.py holds the corpus of
real records to its facts under each wrapper.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache

from kubesim.explain.readers.consumer_prefix import consumer_prefixed
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.markdown_table import kubectl_tables
from kubesim.explain.readers.pods_table import is_pod_row
from kubesim.explain.readers.prefixes import HOST, SYSLOG_TIME, TAG
from kubesim.explain.readers.quoted_runs import peel_quoted_runs
from kubesim.explain.readers.shared_indent import common_prefix
from kubesim.explain.readers.unified_diff import old_side

__all__ = ["CUT_MARK", "ELLIPSIS", "LineKind", "PasteLine", "box_cut", "cut_said", "folded",
           "is_cut", "is_fence", "normalise", "plain", "unfolded"]


class LineKind(str, Enum):
    """What a pasted line is, once cleaned."""

    BLANK = "blank"
    MARKUP = "markup"  # a fence, an HTML tag line, a box border, a table rule: no content
    COMMAND = "command"  # a shell prompt and the command it ran (`$ kubectl get events`)
    CUT = "cut"  # where the person cut the paste (`<SNIP>`, `...`)
    CONTENT = "content"


@dataclass(frozen=True, slots=True)
class PasteLine:
    """One line of the paste: its 1-based number, its cleaned text, what it is."""

    number: int
    text: str
    kind: LineKind
    # the paste was cut above this line's content, on the line itself (an author's `...`
    # run into an event row): the line is a cut, then the row; one line, one number
    cut_above: bool = False
    # a cut's mark as the author wrote it (`...`, `<SNIP>`, `... snip`), its indentation kept
    # (a YAML document's end marker, `...`, stands at column 0: `_Placer.document`)
    mark: str = ""
    # a CI console's prefix taken off the line (`12:01:02.345`, `_CONSOLE`), "" for none: a
    # kubelet's line cut to its time is read with it (klog.py `_timed`)
    console: str = ""


# The patterns of this module that begin with a run of blanks (`^\s*+`, `^[ \t]*+`) take it
# possessively: what follows the run never starts with a blank, so the one way to match is
# after the whole run; the same matches, and a line of 2 MB of blanks is scanned once, not
# retried at each of its blanks (6.7 s -> 2.5 s of a 2 MB line's reading, citime59)
# a CI console's prefix: `00:16:07  `, `[2020-05-12T10:00:00.123Z] `, `12:01:02.345 `, after
# the indentation of a block the page kept (a markdown indented block inside a fence)
_CONSOLE = re.compile(r"^[ \t]*+(?:(?:\[\d{4}-\d{2}-\d{2}T[\d:.]+Z?\]|\[?\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\]?)"
                      # Jenkins' `06:07:58 Feb 23 ...`: one space, then the line
                      r"(?:[ \t]{2,}|\t| (?=[ \t])| (?=\S)| ?$)"
                      # an event viewer's export: `6/11/2020, 17:52:33.000 Liveness probe failed:`
                      r"|\d{1,2}/\d{1,2}/\d{4},? \d{1,2}:\d{2}:\d{2}(?:\.\d{1,6})?(?: ?[AP]M)?[ \t]+)")
# markdown's fences (three or more backticks or tildes, a language after), an issue
# tracker's (Jira, Confluence: `{code}`, `{code:yaml}`, `{noformat}`)
_FENCE = re.compile(r"^\s*+(?:(?:`{3,}|~{3,})[\w+-]*|\{(?:code|noformat)(?::[^}]*)?\})\s*$")
# a code block's language label a page shows above the block (its badge, or a fence whose
# backticks the copy lost): `yaml` alone at column 0 on the line before the block's content
_FENCE_LABEL = re.compile(r"^(?:yaml|yml|json|console|text|txt|plaintext|shell-session|"
                          r"terminal|output)[ \t]*$", re.IGNORECASE)
_HTML = re.compile(r"^\s*+(?:</?(?:details|summary|pre|code|p|br|div|blockquote)\b[^>]*>\s*)+",
                   re.IGNORECASE)
# a tag that ends a line (`_without_end_tags` takes them off from the end, one by one: a
# pattern anchored at the end with `\s*` before it would retry every start on a long line)
_END_TAG = re.compile(r"</?(?:details|summary|pre|code|p|br|div)\b[^<>]*>", re.IGNORECASE)
_BOX_LINE = re.compile(r"^[\s│┃║|┌┐└┘├┤┬┴┼─━═╔╗╚╝╠╣╦╩╬+\-:]*$")
_BOX_LEFT = re.compile(r"^\s*+[│┃║]")
_BOX_CHARS = "│┃║"
_QUOTE = lazy_regex(r"^(?:> ?)+")
# an author's ellipsis, and every mark of the author's cut, one rule for all (matched ignoring
# case): an ellipsis (`...`, `......`, `…`), bracketed or not (`[...]`, `(...)`), the word
# `snip` (`<SNIP>`, `[snip]`, `(snipped)`, `-- snip --`, `snip`), and both (`... snip`, `snip
# ...`, `...snip...`). A line of one of them and nothing else is a cut (`_line`); inside a
# line it is no cut (`Back-off restarting failed container...`)
ELLIPSIS = r"(?:\.{3,}|…+)"
# the word said again is one mark (`snip-snip-snip`, `snip snip`; cluster-ingress-operator-534,
# held-out batch 132): possessive, so a line of a million `snip-` gives nothing back
_SNIP = r"snip(?:ped)?(?:[ \t-]*+snip(?:ped)?)*+"
# the word "omitted" of pages in Japanese, Chinese and Korean, as an author's cut is written
# there: bracketed, in ASCII or full-width parentheses (`(略)`, `（略）`, `(省略)`, `(中略)`,
# `(생략)`, `...(중략)...`), or a word of two characters or more alone (`省略`, `以下略`,
# `생략`): one rule with the others (a line of the mark and nothing else)
_OMITTED = r"(?:以下省略|以下略|省略|中略|後略|前略|略|이하[ \t]*생략|생략|중략)"
# ELLIPSIS taken whole (possessive): in a mark nothing after it starts with `.` or `…`, so giving
# a dot back never makes a line a mark, and a line of a million `…` and a word is refused at
# once rather than after a million steps back, on each of the marks that start with it
_ELLIPSES = r"(?:\.{3,}+|…++)"
_OMIT = (rf"(?:{_ELLIPSES}[ \t]*)?(?:[(（][ \t]*{_OMITTED}[ \t]*[)）]|以下省略|以下略|省略|생략|중략)"
         rf"(?:[ \t]*{_ELLIPSES})?")
# the word `cut` marks the author's cut as `snip` does where it is set apart as a mark, between
# dashes or in brackets (`---CUT---`, `-- cut --`, `[cut]`, `<cut>`, `(cut)`; fastapi-3019,
# held-out batch 92): alone it stays a word (a shell's `cut` command, a sentence's)
_CUT_WORD = rf"(?:{_SNIP}|cut)"
CUT_MARK = (rf"(?:{_OMIT}|<\s*{_CUT_WORD}\s*>|\[\s*(?:{_CUT_WORD}|{_ELLIPSES})\s*\]"
            rf"|\(\s*(?:{_CUT_WORD}|{_ELLIPSES})\s*\)"
            rf"|-+[ \t]*{_CUT_WORD}[ \t]*-+|{_ELLIPSES}(?:[ \t]*{_SNIP}(?:[ \t]*{_ELLIPSES})?)?"
            rf"|{_SNIP}(?:[ \t]*{_ELLIPSES})?)")
# a mark in markdown's emphasis, italic or bold, `*` or `_` (`_snip-snip-snip_`, `*snip*`,
# `_<snip>_`, `***[...]***`; cluster-ingress-operator-534, fix57b): the emphasis is the page's
# dress of the mark, as `**...**` is taken off a line whole (`_EMPHASIS`); a mark only opened or
# only closed by it is none
_CUT = re.compile(rf"^\s*+(?:{CUT_MARK}|[*_]{{1,3}}+{CUT_MARK}[*_]{{1,3}}+)\s*$",
                  re.IGNORECASE)


def is_fence(line: str) -> bool:
    """Whether the line opens or closes a code block: markdown's fence (```` ``` ````, `~~~`,
    with a language or not) or Jira's (`{code}`, `{code:yaml}`, `{noformat}`)."""
    return _FENCE.match(line) is not None


def is_cut(line: str) -> bool:
    """Whether the line is an author's cut: one of the marks above and nothing else."""
    return _CUT.match(line) is not None


def cut_said(number: int, mark: str) -> str:
    """How a note says the author's cut at line `number`, once, whoever says it (the rows
    beside it, or the paste's reader): `cut: line 14 (... snip)`."""
    mark = mark.strip() or "..."
    return f"cut: line {number} (`{mark if len(mark) <= 40 else mark[:37] + '...'}`)"
# kubectl may be run by path: `/usr/local/bin/kubectl`, and in 2015 issues the repository's
# own `./cluster/kubectl.sh`
_TOOLS = (r"(?:(?:[\w.~-]*/)*kubectl(?:\.sh)?|oc|k|kubecolor|microk8s[ .]kubectl|k3s kubectl"
          r"|minikube kubectl --)")
# a prompt may show `user@host`, then the time in brackets (`suv@mac[11:05:48]:~/charts$`)
_PROMPT = re.compile(
    r"^\s*+(?:(?:\[[^\]\n]{0,80}\]|(?:\([\w.-]{1,40}\)\s+)?[\w.-]{1,64}@[\w.-]{1,64}(?:\[[^\]\n]{0,40}\])?"
    r"(?::[^\s$#]{0,120})?|[A-Z]:\\[^>]{0,80}"
    r"|PS [^>]{0,80}|\([\w.-]{1,40}\)|~[^\s$#]{0,80})\s*)?"
    # a `$` glued to kubectl's name (`$kubectl logs ...`: the space after the prompt lost)
    r"(?:(?:[$#%>❯»]|->|=>|➜\s+\S+)\s+|\$(?=(?:[\w.~-]*/)*kubectl\s))" + _TOOLS + r"\s"
    # a `(env)` prompt whose prompt character the page did not keep: `(MoeLove)  kubectl ...`
    r"|^\s*+\([\w.-]{1,40}\)\s+" + _TOOLS + r"\s")
_BARE_COMMAND = re.compile(r"^\s*+" + _TOOLS + r"\s+(?:get|describe|logs|-n|--namespace)\b")


def _command(line: str) -> bool:
    """Whether the line is a command line (`_PROMPT`, `_BARE_COMMAND`): each of `_TOOLS`
    holds a `k` or is `oc`, looked for first (a line of neither is no command, told without
    the patterns' many starts)."""
    return ("k" in line or "oc" in line) and \
        (_PROMPT.match(line) is not None or _BARE_COMMAND.match(line) is not None)
_EMPHASIS = re.compile(r"^(\s*)(\*\*|__)(.*?)\2(\s*)$")
_CODE = re.compile(r"^(\s*)`([^`]+)`(\s*)$")
# a code span whole on its line, the author's sentence ending right after its closing
# backtick (`` `kubeflow  training-operator-...  0/1  OOMKilled`。 ``, alauda-kubeflow-chart-45):
# the span is what was pasted, the full stop the sentence's; a question's `?` after it is
# not taken off (the author asks about what the span holds)
_CODE_ENDED = re.compile(r"^([ \t]*+)`([^`\n]+)`[ \t]*+(?:\.|\u3002|!|\uff01)[ \t]*+$")
# a line the author put in parentheses whole: taken off only around a `get pods` row (a
# sentence in parentheses stays the author's; kubespray-2897, held-out batch 87)
_PARENTHESISED = lazy_regex(r"^([ \t]*)\(([^()\n]{1,4096})\)[ \t]*$")
_PIPE_ROW = re.compile(r"^[^|]+(?:\s\|\s[^|]*){2,}$")
_TAB_RULE = re.compile(r"^-{2,}(?:\t-{2,})+$")
_PIPE_RULE = re.compile(r"^\s*+(?:\|\s*)?:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+\|?\s*$")


def normalise(text: str, cleaned: str | None = None) -> list[PasteLine]:
    """Every line of `text`, cleaned and classified; numbering kept. `cleaned`: `plain(text)`,
    where the caller made it already (a paste's reader reads it too: made once). Several
    readers normalise the same record's text: the last texts' lines are kept (their lines are
    frozen; each caller gets a list of its own), so a long paste is cleaned once, not once per
    reader."""
    return list(_normalised(_Text(text, cleaned)))


@dataclass(frozen=True)
class _Text:
    """A text to normalise, known by its text alone (`cleaned` is its plain form where the
    caller has it: the same for the same text, so no part of the key)."""

    text: str
    cleaned: str | None = field(default=None, compare=False)


@lru_cache(maxsize=2)
def _normalised(given: _Text) -> tuple[PasteLine, ...]:
    text = given.text
    lines = (plain(text) if given.cleaned is None else given.cleaned).split("\n")
    if lines[-1] == "" and (text.endswith(("\n", "\r")) or not text):  # not a line peeled bare
        lines.pop()
    console = _console_prefixed(lines)
    out: list[PasteLine] = []
    for number, raw in enumerate(lines, 1):
        row = _line(number, raw, console)
        # looked for in the line unwrapped (a quote's `> `, a box's or a table's pipes,
        # emphasis, a code span around the row), where the row's own text begins
        elided = _ELIDED_ROW.match(row.text) if row.kind is LineKind.CONTENT else None
        if elided is not None:  # the rows above elided, the row kept: a cut, then the row
            row = replace(row, text=elided["indent"] + row.text[elided.end():], cut_above=True,
                          mark=row.text[len(elided["indent"]):elided.end()].strip())
        out.append(row)
    return tuple(out)


# an event row an author's ellipsis runs into, the rows above it left out: `...Warning BackOff
# 38s (x28 over 8m16s) kubelet Back-off restarting failed container`
_ELIDED_ROW = re.compile(rf"^(?P<indent>[ \t]*){ELLIPSIS}[ \t]*(?=(?:Normal|Warning)[ \t]+[A-Z]\w+[ \t])")


# a terminal's colours and cursor codes (kubecolor, grep --color, a CI log's ANSI)
_ANSI = lazy_regex(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
# the spaces a web page or a word processor puts for spaces: no-break, figure, narrow
_SPACES = str.maketrans({"\u00a0": " ", "\u2007": " ", "\u202f": " ", "\ufeff": ""})
_SPACE_KEYS = tuple(chr(c) for c in _SPACES)


def _spaced(text: str) -> str:
    """The text with a web page's spaces (`_SPACES`) made plain: a translation only where one
    of them is in it, since `str.translate` looks each character of a text that is not all
    ASCII up in the table (a page in Korean or Chinese, or one `…`: over half of a long line's
    reading, the readers making a paste plain many times), where `in` scans it at memory speed."""
    return text.translate(_SPACES) if any(c in text for c in _SPACE_KEYS) else text


_ENTITY = lazy_regex(r"&(?:lt|gt|amp|quot|apos|nbsp|#\d{1,6}|#x[0-9a-fA-F]{1,6});")
# a no-break space's entity, named or numbered (`&nbsp;`, `&#160;`, `&#xA0;`)
_NBSP = lazy_regex(r"&(?:nbsp|#0{0,4}160|#[xX]0{0,4}[aA]0);")
_TAG = lazy_regex(r"</?(?:details|summary|pre|code|p|br|div|blockquote|span|tt|kbd|samp)\b"
                  r"[^<>]*/?>", re.IGNORECASE)
# HTML tags glued to a line's content (`<pre><code>Name: web`, `...</code></pre>`); the
# indentation before the first tag is the line's (`_unglued`)
_GLUED = lazy_regex(r"^(?P<indent>[ \t]*+)(?:" + _TAG.pattern + r")+|(?:" + _TAG.pattern
                    + r")+[ \t]*$", re.IGNORECASE)


def plain(text: str, *, dedent: bool = True, diffs: bool = False) -> str:
    """The text without what only carries it, line for line (line N stays line N): what
    carries characters (`_characters`), then every wrapper around the whole paste or a block
    of it (`_peeled`). `dedent=False` keeps the indentation the whole paste shares, which
    tells a piece of a pod's YAML (`  - containerID: ...`, read as a paste) from a whole one.
    `diffs=True` keeps a unified diff whole (its headers and its `+` lines, which `old_side`
    blanks): what `added_said` reads, with the page's spaces and wrappers taken off as for
    every other reader (a diff under no-break spaces, quote marks or a CI console's times)."""
    kept = frozenset() if dedent else frozenset({_dedented})
    return _plain(text, kept | {old_side} if diffs else kept)


def _plain(text: str, kept: frozenset[Layer]) -> str:
    """`plain` with the wrappers named in `kept` left on."""
    text = _characters(text)
    ends = text.endswith("\n")
    lines = _peeled(text.split("\n")[:-1] if ends else text.split("\n"), kept)
    lines = _fences_indent_taken(lines)
    lines = kubectl_tables(lines)  # (kubectl's tables re-typed in markdown: kubectl's again)
    return "\n".join(lines) + ("\n" if ends else "")


# a markdown fence's opening line, its indentation and its mark (backticks or tildes); the
# closing fence is the same mark, at least as long, alone on its line (CommonMark 4.5)
_FENCE_OPEN = re.compile(r"^(?P<indent> *+)(?P<mark>`{3,}+|~{3,}+)[^`]*$")


def _fences_indent_taken(lines: list[str]) -> list[str]:
    """A fenced code block whose opening fence is indented (a block under a numbered list's
    item, `1. exec liveness probes fail:` then `  ```` and its lines two spaces in;
    openshift-release-1169): as markdown renders it, up to the fence's indentation is taken off
    each line of the block (CommonMark 4.5: `If the leading code fence is indented N spaces,
    then up to N spaces of indentation are removed from each line of the content`), until its
    closing fence or the paste's end (a block cut unclosed). The block's lines' own
    indentation beyond the fence's is theirs, kept; a fence at column 0 changes nothing. The
    indentation the whole paste shares (kept by `plain(dedent=False)`) is the page's, no
    fence's: it stays on every line."""
    out, indent, mark = list(lines), 0, ""
    page = len(_shared_indent(lines).replace("\t", ""))  # (a tab: the page's, no fence's)
    for i, line in enumerate(lines):
        if mark:
            if line.strip().startswith(mark) and not line.strip().strip(mark[0]):
                mark = ""
                continue
            spaces = len(line) - len(line.lstrip(" "))
            out[i] = line[:page] + line[page + max(0, min(indent, spaces) - page):]
            continue
        opening = _FENCE_OPEN.match(line)
        if opening is not None:
            indent, mark = len(opening["indent"]), opening["mark"]
    return out


def _characters(text: str) -> str:
    """Windows and old Mac line ends; a terminal's colour codes when most lines have them (one
    escape in a message is the record's, neutralised on output); a web page's no-break spaces;
    HTML escapes when the whole text is escaped (an entity in it and no bare `<`, `>` or `"`
    outside the HTML tags a page wraps a paste in: a record with a bare `<none>` is not an
    escaped one); `<br>` at the ends of lines, and HTML tags glued to a line's content."""
    text = _spaced(text.replace("\r\n", "\n").replace("\r", "\n"))
    if "\x1b" in text:
        lines = [x for x in text.split("\n") if x.strip()]
        if sum(1 for x in lines if _ANSI.search(x)) * 2 > len(lines):
            text = _ANSI.sub("", text)
    if "&" in text:
        text = _unescaped(text)
    if "<" not in text:
        return text
    return "\n".join(_unglued(_without_end_tags(x, _BREAKS, spaces=" \t"))
                     for x in text.split("\n"))


def _unescaped(text: str) -> str:
    """The text's HTML escapes made characters. A no-break space's entity is the no-break
    space `_SPACES` reads as a space, wherever it stands: a mail client that made a comment
    HTML keeps a run of spaces as `&nbsp; &nbsp;`, the columns of a table with it
    (nebula-operator-108, held-out batch 101). The other entities only when the whole text is
    escaped: no bare `<` or `>` outside the tags a page wraps a paste in, and no bare `"`
    unless the text's `&nbsp;` shows a mail's text escaper, which leaves quotes as they are.
    A mailed paste a page escaped whole (`&amp;nbsp;`) shows the mail's entities once the
    page's are undone: those no-break spaces too are spaces, as in the mail itself."""
    escaped = _ENTITY.search(text) is not None
    mailed = _NBSP.search(text) is not None
    if mailed:
        text = _NBSP.sub(" ", text)
    bare = r"[<>]" if mailed else r'[<>"]'
    if escaped and not re.search(bare, _TAG.sub("", text)):
        text = _spaced(_NBSP.sub(" ", html.unescape(text)))
    return text


def _unglued(line: str) -> str:
    """The line without the HTML tags glued to its content; a line of tags alone is kept (a
    fence of the paste's, MARKUP). The indentation before a tag that opens the line is kept:
    it is the line's, which every line of a paste indented as a whole shares (`_dedented`:
    ` <summary>Click to expand</summary>` in a 4-space code block keeps its 5 spaces, so the
    block's 4 are still seen on every line and taken off, nexus-operator-191)."""
    if not _TAG.sub("", line).strip():
        return line
    return _GLUED.sub(lambda m: m["indent"] or "", line)


# `<br>`: one at a line's end is taken off; one inside a line breaks it there
_BREAKS = re.compile(r"<br\s*/?>", re.IGNORECASE)


def unfolded(text: str) -> tuple[str, str] | None:
    """A paste whose line breaks were made into something else on one line, with its lines
    back, and what they were: a log aggregator's JSON string (`"Name: web\\nEvents:..."`),
    a web page's source with `<br>` for every break. None for any other text. The line
    numbers of what it gives count the parts of that line, and the caller says so."""
    inner = text.strip().strip("\ufeff").strip()  # (a byte-order mark is no character)
    if "\n" in inner or "\r" in inner:  # lines of its own: nothing to unfold
        return None
    body = _characters(text).rstrip()
    if "\n" in body.strip():  # an escaped line end (`&#10;`) made one
        return None
    if body.strip().startswith('"') and body.endswith('"') and "\\n" in body:
        try:
            value = json.loads(body.strip())
        except ValueError:
            return None
        return (value, "a JSON string (a log aggregator's copy): read with its \\n escapes "
                "as line breaks") if isinstance(value, str) else None
    if _BREAKS.search(body):  # the line's own end is its last part's (none: cut inside it)
        return (_BREAKS.sub("\n", body) + text[len(text.rstrip()):][:1],
                "HTML with <br> for its line breaks: read split at them")
    return None


def _peeled(lines: list[str], kept: frozenset[Layer]) -> list[str]:
    """The lines with every wrapper a tool or a habit put around the whole paste, or around a
    block of it (between fences, HTML tags, a command line), taken off: a wrapper is known by
    every non-blank line of the paste or of the block carrying it, never by one line, so that
    content is not taken for it (a YAML list's `-` is not a diff's). Wrappers nest (a quoted
    fence of timestamped lines): peeled from the outside in, a bounded number of times."""
    whole = tuple(x for x in (*_LAYERS, _dedented, _uncommented_output) if x not in kept)
    blocks = tuple(x for x in _LAYERS if x not in kept)
    for _ in range(_MAX_LAYERS):
        peeled = _peel_once(lines, whole, blocks)
        if peeled is None:
            return lines
        lines = peeled
    return lines


_MAX_LAYERS = 8


def _peel_once(lines: list[str], whole_layers: tuple[Layer, ...], block_layers: tuple[Layer, ...]
               ) -> list[str] | None:
    """One wrapper taken off the whole paste, or else off every block that has one; None when
    no line carries a wrapper."""
    whole = _peel_block(lines, whole_layers)
    if whole is not None:
        return whole
    out, changed, start = list(lines), False, 0
    for end in [*_separators(lines), len(lines)]:
        block = _peel_block(lines[start:end], block_layers)
        if block is not None:
            out[start:end], changed = block, True
        start = end + 1
    return out if changed else None


def _separators(lines: list[str]) -> list[int]:
    """The indexes of the lines that part blocks: fences and a code block's label, HTML tag
    lines, a box's borders, command lines."""
    return [i for i, x in enumerate(lines) if _FENCE.match(x) or _FENCE_LABEL.match(x)
            or _TAGS_ALONE.match(x) or _border(x) or _command(x)]


_TAGS_ALONE = re.compile(r"^\s*+(?:" + _TAG.pattern + r"\s*)+$", re.IGNORECASE)


def _peel_block(block: list[str], layers: tuple[Layer, ...]) -> list[str] | None:
    for layer in layers:
        peeled = layer(block)
        if peeled is not None:
            return peeled
    return None


def _carriers(block: list[str], pattern: re.Pattern[str], least: int = 2
              ) -> list[re.Match[str]] | None:
    """The match of `pattern` on every non-blank line of the block (at least `least` of
    them), or None when one line does not carry it."""
    matches = []
    for line in block:
        if line.strip():
            m = pattern.match(line)
            if m is None:  # most pastes: the first line says no
                return None
            matches.append(m)
    return matches if len(matches) >= least else None


def _cut(block: list[str], pattern: re.Pattern[str]) -> list[str]:
    return [pattern.sub("", x, count=1) if x.strip() else "" for x in block]


# the time a CI console or a log shipper prints before every line: ISO 8601 (GitHub Actions'
# seven decimals), a US date and time, syslog's, a bracketed date and time
_STAMPS = tuple(re.compile(p + r"(?:[ \t]|$)") for p in (
    r"^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?\]?",
    r"^\[?\d{1,2}/\d{1,2}/\d{2,4},? \d{1,2}:\d{2}:\d{2}(?:\.\d{1,6})?(?: ?[AP]M)?\]?",
    # syslog's time and host (prefixes.py: the kubelet's log reads them alike), or its tag
    # where it writes no host (`kubelet[1234]:`)
    rf"^{SYSLOG_TIME} (?:{HOST}|{TAG})",
    r"^\[\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\]"))


_TABLE_TIME = lazy_regex(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z(?:[ \t]|$)")


def _stamped(block: list[str]) -> list[str] | None:
    """Every line starts with a time of one format, and the content of at least one follows it
    after one space, or the lines' own indentation shows after it, or the time is not one a
    kubectl table prints: a table whose first column is a time (`-o custom-columns` with
    `.lastTimestamp`, RFC 3339 in whole seconds) pads that column alike on every row, and
    keeps it."""
    for stamp in _STAMPS:
        matches = _carriers(block, stamp)
        gaps = {len(m.string) - len(m.string[m.end():].lstrip()) - m.end() for m in matches or ()}
        column = all(_TABLE_TIME.match(m.string) for m in matches or ())
        if matches and (0 in gaps or len(gaps) > 1 or not column) and not _piped(matches):
            return _cut(block, stamp)
    return None


def _piped(matches: list[re.Match[str]]) -> bool:
    """Every time is its row's first cell, a `|` after it (a log viewer's `TIME | LINE`, an
    event row as its exporter wrote it: event_layouts.logged_cells): the time is the row's,
    kept, not a console's stamp on the lines it printed."""
    return all(m.string[m.end():].lstrip(" \t").startswith("| ") for m in matches)


_LINE_NUMBER = re.compile(r"^[ \t]*(\d{1,6})(?:[ \t]*[|│][ \t]?|:[ \t]?|\.(?:[ \t]|$)|\t)")


def _numbered(block: list[str]) -> list[str] | None:
    """An editor's or a web page's line numbers (`  12 | `, `12: `, `12. `): every line has
    one, counting up by one (from any number, a snippet of a longer file) line by line or
    over the non-blank lines; the numbers are the page's, not the record's."""
    matches = _carriers(block, _LINE_NUMBER)
    if matches is None:
        return None
    numbers = [int(m[1]) for m in matches]
    at = [i for i, x in enumerate(block) if x.strip()]
    by_line = all(n - i == numbers[0] - at[0] for n, i in zip(numbers, at, strict=True))
    if by_line or numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return _cut(block, _LINE_NUMBER)
    return None


# a shell's `history` (or `nl`, `cat -n` with spaces): the number right-aligned, then a space,
# or nothing on a line that was blank
_HISTORY_NUMBER = re.compile(r"^ {0,5}(\d{1,6})(?: |$)")


def _history_numbered(block: list[str]) -> list[str] | None:
    """A shell history's line numbers (`  9999 k get pods -w`, ` 10000 NAME  READY ...`): every
    line has one, right-aligned to one width (each ends at the same column), counting up by
    one line by line, over three lines at least. A table's first column of numbers does not
    count up by one on every line, header included; a namespace is a DNS label that no
    listing numbers line by line."""
    matches = _carriers(block, _HISTORY_NUMBER, least=3)
    if matches is None or len({m.end(1) for m in matches}) != 1:
        return None
    at = [i for i, x in enumerate(block) if x.strip()]
    numbers = [int(m[1]) for m in matches]
    if not all(n - i == numbers[0] - at[0] for n, i in zip(numbers, at, strict=True)):
        return None
    return _cut(block, _HISTORY_NUMBER)


_LIST_ITEM = lazy_regex(r"^[-+] \S")


def _diffed(block: list[str]) -> list[str] | None:
    """A unified diff's added (or removed) lines, as a review thread quotes a document's
    example output: every line starts with the same `+` or `-`, and not every line is a
    list's item (`- name: web`, one space and the item: a YAML list is not a diff)."""
    lines = [x for x in block if x.strip()]
    if len(lines) < 2 or lines[0][0] not in "+-":
        return None
    if not all(x[0] == lines[0][0] for x in lines) or all(_LIST_ITEM.match(x) for x in lines):
        return None
    return [x[1:] if x.strip() else x for x in block]


_DOCKER_LOG = re.compile(r'^\s*\{\s*"log"\s*:')


def _docker_logged(block: list[str]) -> list[str] | None:
    """A container's output as Docker's json-file driver keeps it, one JSON object a line
    (`{"log":"  Warning  Unhealthy ...\\n","stream":"stdout","time":"..."}`): every line one
    such object, each `log` one line of the paste. One line is enough: the object says what
    it is (a `log` and a `stream`), which no record's own line does."""
    if _carriers(block, _DOCKER_LOG, least=1) is None:
        return None
    out = []
    for line in block:
        value = _log_line(line) if line.strip() else ""
        if value is None:
            return None
        out.append(value)
    return out


def _log_line(line: str) -> str | None:
    try:
        data = json.loads(line)
    except ValueError:
        return None
    text = data.get("log") if isinstance(data, dict) and "stream" in data else None
    if not isinstance(text, str) or "\n" in text.rstrip("\r\n"):
        return None
    return text.rstrip("\r\n")


_QUOTED = re.compile(r"^[ \t]*> ?")


def _quoted(block: list[str]) -> list[str] | None:
    """An e-mail's or GitHub's quote, one level of `> ` (a nested one is peeled again)."""
    return _cut(block, _QUOTED) if _carriers(block, _QUOTED) else None


_BOX_START = re.compile(r"^\s*+[│┃║] ?")


def _boxed(block: list[str]) -> list[str] | None:
    """A box around the paste (k9s, a console): every line a border line or between `│`s."""
    lines = [x for x in block if x.strip()]
    inside = [x for x in lines if _BOX_START.match(x)]
    if len(inside) < 2 or not all(_BOX_START.match(x) or _border(x) for x in lines):
        return None
    return [_without_right_border(_BOX_START.sub("", x, count=1)) if _BOX_START.match(x) else x
            for x in block]


def _border(line: str) -> bool:
    return bool(_BOX_LINE.match(line)) and any(c in line for c in "┌┐└┘├┤─━═╔╗╚╝")


def _dedented(block: list[str]) -> list[str] | None:
    """A markdown code block, or a paste indented as a whole: the 4 spaces or the tab every
    line starts with taken off; the lines' own indentation kept. Less is not a wrapper: a
    describe piece cut inside a container's fields shares its own two spaces (`  el2:`)."""
    lines = [x for x in block if x.strip()]
    indent = common_prefix([x[:len(x) - len(x.lstrip())] for x in lines])
    if len(lines) < 2 or not (indent.startswith("\t") or indent.startswith("    ")):
        return None
    cut = 1 if indent.startswith("\t") else 4
    return [x[cut:] if x.strip() else "" for x in block]


def _quoted_stamped(block: list[str]) -> list[str] | None:
    """A quote's run of a CI console's timestamped lines among sentences (quoted_runs.py): the
    quote and the times taken off that run's lines (`_stamped`), the sentences kept."""
    return peel_quoted_runs(block, _stamped)


# a shell script's comments are prose (`_uncommented_output` reads those right under a
# command): no layer takes `#` off every line. The indentation every line shares is taken off
# the whole paste only: an indented piece of a manifest inside a fence keeps it.
Layer = Callable[[list[str]], list[str] | None]
_LAYERS: tuple[Layer, ...] = (_docker_logged, _stamped, _numbered, _history_numbered, old_side,
                              _diffed, _quoted, _boxed, consumer_prefixed, _quoted_stamped)



# the mark is `#` alone or before a blank: `# ### Heading` is a commented markdown heading, whose
# `###` is the page's own (taken once, as the `# ` of every other line; a heading under no
# comment stays the page's line)
_COMMENT = re.compile(r"^[ \t]*#(?=[ \t]|$) ?")
# a TAP result line (bats: `ok 1 Liveness probe`, `not ok 2 ...`): the `# ` lines under it are
# its diagnostics, the test's output (kubectl's among it)
_TAP_RESULT = re.compile(r"^(?:not )?ok \d{1,9}\b")


def _uncommented_output(lines: list[str]) -> list[str] | None:
    """A command's output that a page prints as shell comments right under the command
    (`kubectl describe pod x | grep -A5 "Last State"` then `#     Last State:     Terminated`),
    or a TAP result's diagnostics under it (bats prints a test's output so): the comment marks
    (`#` and one space) are taken off, the output's own indentation kept, and so is the
    indentation every line of the page shares (`_shared_indent`: a page indented as a whole,
    which `plain(dedent=False)` keeps on its other lines; kubeforge-b10 indented, whose
    `Fix:` label must stay at the column of its page's other lines). Comments above a
    command, or after a blank line, stay as they are. None when there are none under a
    command."""
    if "#" not in "\n".join(lines):  # (no comment: `_COMMENT`'s mark looked for once)
        return None
    out = list(lines)
    under_command = False
    shared = _shared_indent(lines)
    for i, line in enumerate(lines):
        if _COMMENT.match(line) and under_command:
            out[i] = shared + _COMMENT.sub("", line[len(shared):], count=1)
        elif not _COMMENT.match(line):
            under_command = bool(_command(line)
                                 or _TAP_RESULT.match(line))
    return out if out != lines else None


def _shared_indent(lines: list[str]) -> str:
    """The spaces and tabs every non-blank line starts with (the whole page's indentation)."""
    return common_prefix([x[:len(x) - len(x.lstrip(" \t"))] for x in lines if x.strip()])


def box_cut(text: str) -> bool:
    """Whether the text is a box (k9s, a console's border) whose last line lost its right
    border, which every line of the box before it has: the paste was cut inside that line
    (a fence or an HTML tag closed after it is not a line of the box; a box drawn whole
    around the cut one is taken off to see it)."""
    if not any(c in text for c in "│┃║") and "\\u25" not in text:  # nor JSON-escaped: \u2502
        return False
    lines: list[str] | None = _plain(text, frozenset({_boxed})).splitlines()
    for _ in range(_MAX_LAYERS):
        if lines is None:
            return False
        if _last_line_lost_its_border(lines):
            return True
        lines = _boxed(lines)
    return False


def _last_line_lost_its_border(lines: list[str]) -> bool:
    boxed: list[str] = []  # the last three lines of content, from the end
    for i in range(len(lines) - 1, -1, -1):
        if len(boxed) == 3:
            break
        x = lines[i]
        if x.strip() and (_BOX_LEFT.match(x) or _line(i, x, False).kind is not LineKind.MARKUP):
            boxed.insert(0, x)
    if len(boxed) < 3 or not all(_BOX_LEFT.match(x) for x in boxed[-3:]):
        return False
    return all(_right_bordered(x) for x in boxed[-3:-1]) and not _right_bordered(boxed[-1])


def _console_prefixed(lines: list[str]) -> bool:
    """A CI console prints its prefix on (nearly) every line; one such line is not enough."""
    sample = [x for x in lines[:200] if x.strip()]
    hits = sum(1 for x in sample if _CONSOLE.match(x))
    return hits >= 2 and hits * 2 >= len(sample)


def _line(number: int, raw: str, console: bool) -> PasteLine:
    text, prefix = raw, ""
    if console and (m := _CONSOLE.match(text)) is not None:
        text, prefix = text[m.end():], m[0].strip()
    text = _QUOTE.sub("", text) if text.startswith(">") else text
    if not text.strip():
        return PasteLine(number, "", LineKind.BLANK)
    if _FENCE.match(text) or _PIPE_RULE.match(text) or _FENCE_LABEL.match(text):
        return PasteLine(number, "", LineKind.MARKUP)
    text = _unwrap(text)
    if text.lstrip().startswith("> "):  # a quote inside a box or an indented block
        text = _QUOTE.sub("", text.lstrip())
    text = _without_glued_quote(text)
    if not text.strip() or _PIPE_RULE.match(text) or _TAB_RULE.match(text):
        return PasteLine(number, "", LineKind.MARKUP)
    if is_cut(text):
        return PasteLine(number, "", LineKind.CUT, mark=text.rstrip())
    if _command(text):
        return PasteLine(number, text.strip(), LineKind.COMMAND)
    if _BOX_LINE.match(text) and any(c in text for c in "│┃║┌┐└┘├┤─━═"):
        return PasteLine(number, "", LineKind.MARKUP)
    return PasteLine(number, text.rstrip(), LineKind.CONTENT, console=prefix)


# CommonMark's block quote marker: up to three spaces of indentation, then `>` (the space after
# it optional: `>Warning` is a quote's line as `> Warning` is); four spaces make a code block
_GLUED_QUOTE = re.compile(r"^( {1,3})>(?=[^\s>])")


def _without_glued_quote(text: str) -> str:
    """An indented line's quote marker glued to its content (`  >Warning  Unhealthy ...`, a
    describe row an author quoted by hand): the `>` taken off, the line's indentation kept
    (describe's rows stand two spaces in, under `Events:`). Four spaces in, the `>` is a
    code block's content and stays."""
    return _GLUED_QUOTE.sub(r"\1", text, count=1)


def _unwrap(text: str) -> str:
    """Take off what surrounds the content: HTML tags, box borders, emphasis, inline code,
    fences glued to the content, and a markdown table's pipes (made tabs)."""
    text = _without_end_tags(_HTML.sub("", text), _END_TAG, every=True)
    if _BOX_LEFT.match(text):
        text = _without_right_border(_BOX_LEFT.sub("", text, count=1))
    elif _right_bordered(text):
        text = _without_right_border(text)
    body = text.lstrip()  # a fence glued to the content, indented (a code block, a box) or not
    if body.startswith("```"):
        text = text[:len(text) - len(body)] + body[3:]
    text = text.rstrip().removesuffix("```")  # trailing spaces too
    m = _EMPHASIS.match(text)
    if m:
        text = m[1] + m[3]
    m = _CODE.match(text) or _CODE_ENDED.match(text)
    if m:
        text = m[1] + m[2]
    elif (p := _PARENTHESISED.match(text)) and is_pod_row(p[2]):  # `(NAME 0/1 ... 3h)`
        text = p[1] + p[2]
    elif text.lstrip().startswith("`") != text.rstrip().endswith("`"):  # code over two lines
        text = text.replace("`", "", 1) if text.lstrip().startswith("`") else text.rstrip()[:-1]
    # (`|` looked for first: on a long line without one, `_PIPE_ROW` backtracks it all)
    if "|" in text and (_PIPE_ROW.match(text.strip()) or _PIPE_ROW.match(_inside_pipes(text))):
        text = "\t".join(cell.strip() for cell in text.strip().strip("|").split(" | "))
    elif _inside_pipes(text):  # an ASCII box's row, `| ... |`: its borders off
        text = text.strip()[1:-1].strip()
    return text.replace("**", "") if text.count("**") >= 2 else text


def folded(text: str) -> str:
    """`text` case-folded, so that a word a pattern's `(?i:...)` finds in the text (ASCII
    letters) is in it, found by `in` (a gate that tells in one cheap pass that the pattern,
    tried from every place of a long line, cannot match). `re` also takes the Turkish dotted
    and dotless I for `i`: both made `i` here."""
    return text.casefold().replace("\u0131", "i").replace("i\u0307", "i")


def _inside_pipes(line: str) -> str:
    """What a line between an ASCII box's or a markdown table's outer pipes (`| ... |`) holds,
    or '' for any other line."""
    body = line.strip()
    if len(body) < 5 or not body.startswith("| ") or not body.endswith(" |"):
        return ""
    return body[2:-2].strip()


def _right_bordered(line: str) -> bool:
    """Whether the line ends in a box's right border (`│`, spaces after it or not)."""
    last = line.rstrip()[-1:]
    return bool(last) and last in _BOX_CHARS


def _without_right_border(line: str) -> str:
    """The line without the box's right border it ends in, nor the spaces before it."""
    return line.rstrip()[:-1].rstrip() if _right_bordered(line) else line


def _without_end_tags(line: str, tag: re.Pattern[str], *, every: bool = False,
                      spaces: str | None = None) -> str:
    """The line without the tag (`every`: the tags) it ends in, nor the spaces before and after
    them (`spaces`: those characters; None: any white space); the line as it is when it ends
    in none. Read from the end, each character once: linear on any line."""
    end = _trimmed(line, len(line), spaces)
    taken = False
    while end and line[end - 1] == ">":
        start = line.rfind("<", 0, end)
        if start < 0 or tag.fullmatch(line, start, end) is None:
            break
        end, taken = _trimmed(line, start, spaces), True
        if not every:
            break
    return line[:end] if taken else line


def _trimmed(line: str, end: int, spaces: str | None) -> int:
    """Where `line[:end]` ends without the spaces at its end."""
    # (`rstrip` strips what `isspace` calls a space: the same end, found at C's speed on a
    # line ending in 2 MB of blanks, not one character at a time)
    return len(line[:end].rstrip(spaces))
