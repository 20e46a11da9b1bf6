"""What a container's own command does to the file its exec probe tests, read without running
anything: a bounded reader of `sh -c` / `bash -c` scripts of simple commands.

The Kubernetes documentation's exec liveness demo (`touch /tmp/healthy; sleep 30; rm -f
/tmp/healthy; sleep 600`, probed by `cat /tmp/healthy`) and its many copies are read: the probe
tests one file (`cat F`, `test -e|-f F`, `[ -f F ]`, `ls F`, `stat F`), the script is a list of
commands joined by `;`, `&&` or new lines, each a write of the file (`echo|printf ... > F`,
`touch F`), its removal (`rm [-f|-r|-rf|-fr] F`), a wait (`sleep N`) or a command that touches
neither (`true`, `:`, `echo` to the terminal). Anything else (a pipe, a loop, a variable, a
quote the reader does not close, another command, `exec` of a program) is unknown: the reader
gives up and says why, never guesses. Times are seconds of the container's age; the commands
other than `sleep` are taken to take no time and to do what they say (a write succeeds).
"""

from __future__ import annotations

import math
import shlex
from dataclasses import dataclass

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["FileLife", "MAX_SCRIPT", "Unread", "probe_file", "read_file_life"]

MAX_SCRIPT = 4096  # characters: a longer script is not read
MAX_COMMANDS = 64
_SHELLS = frozenset({"sh", "/bin/sh", "bash", "/bin/bash", "/usr/bin/bash", "ash", "/bin/ash"})
_NUMBER = lazy_regex(r"\d{1,7}(\.\d{1,3})?\Z")  # sleep's argument, at most ~115 days
_RM_FLAGS = frozenset({"-f", "-r", "-rf", "-fr", "-R", "-Rf", "-fR"})
_NEUTRAL = frozenset({"true", ":"})
_UNSAFE = lazy_regex(r"[|`$()<>{}*?!\\;&\[\]]")  # in a path: anything the shell reads
_EXPANDS = lazy_regex(r"[`$*?!\\{}\[\]~]")  # in a word: what the shell would expand
_PUNCTUATION = lazy_regex(r"[();<>|&]+\Z")


@dataclass(frozen=True)
class FileLife:
    """When the probed file exists in each container's life, as the command says, in seconds
    of the container's age: removed for good at `gone` (None: it is not), having existed
    from `present` until then (None: the command did not write it before), and the script
    ending at `ends` (None: it does not end on its own; the container exits when it does)."""

    path: str
    present: float | None
    gone: float | None
    ends: float | None
    script: str

    @property
    def text(self) -> str:
        """In words: when the probe can no longer pass."""
        if self.gone is None:
            return f"the command does not remove {self.path} for good"
        end = ("" if self.ends is None else
               f"; the command ends at {self.ends:g} s and the container with it")
        return (f"from {self.gone:g} s of each container's life on the probe cannot pass: the "
                f"command removes {self.path} and never writes it again{end}")


@dataclass(frozen=True)
class Unread:
    """Why the command was not read (nothing is inferred from it)."""

    why: str


def probe_file(command: tuple[str, ...]) -> str | None:
    """The one file an exec probe only tests (`cat F`, `test -e F`, `[ -f F ]`, `ls F`,
    `stat F`), else None."""
    words = list(command)
    if words[:1] in (["sh"], ["/bin/sh"], ["bash"], ["/bin/bash"]) and len(words) == 3 \
            and words[1] == "-c":
        try:
            words = shlex.split(words[2])
        except ValueError:
            return None
    if len(words) == 2 and words[0] in ("cat", "ls", "stat", "/bin/cat", "/bin/ls"):
        return _path(words[1])
    if len(words) == 3 and words[0] in ("test", "/usr/bin/test") and words[1] in ("-e", "-f"):
        return _path(words[2])
    if len(words) == 4 and words[0] == "[" and words[1] in ("-e", "-f") and words[3] == "]":
        return _path(words[2])
    return None


def _path(word: str) -> str | None:
    """An absolute path without anything the shell would expand."""
    return word if word.startswith("/") and not _UNSAFE.search(word) and "'" not in word \
        and '"' not in word and " " not in word else None


def script_of(command: tuple[str, ...] | None, args: tuple[str, ...] | None
              ) -> str | Unread:
    """The `-c` script the container runs: `command` (else `args`, when the pod gives no
    command and the image's ENTRYPOINT runs them as they are) of a shell, `-c` and one
    script."""
    argv = tuple(command or ()) + tuple(args or ())
    if not argv:
        return Unread("the record does not give the container's command")
    if len(argv) != 3 or argv[0] not in _SHELLS or argv[1] != "-c":
        return Unread(f"the command is not a shell script (`sh -c '...'`): {_clip(argv)}")
    if len(argv[2]) > MAX_SCRIPT:
        return Unread(f"the script is longer than {MAX_SCRIPT} characters")
    return argv[2]


def read_file_life(command: tuple[str, ...] | None, args: tuple[str, ...] | None,
                   probed: str) -> FileLife | Unread:
    """When `probed` exists in the life of a container running `command` + `args`."""
    script = script_of(command, args)
    if isinstance(script, Unread):
        return script
    steps = _steps(script)
    if isinstance(steps, Unread):
        return steps
    t, since, present, gone = 0.0, None, None, None
    for words in steps:
        done = _one(words, probed)
        if isinstance(done, Unread):
            return done
        if done == "sleep" and words[-1] == "infinity":
            t = math.inf  # nothing after it runs
            break
        if done == "sleep":
            t += float(words[-1])
        elif done == "write":
            since, present, gone = (t if since is None else since), None, None
        elif done == "remove" and gone is None:  # a second rm changes nothing
            present, gone, since = since, t, None
    if since is None and gone is None:
        return Unread(f"the command neither writes nor removes {probed}")
    return FileLife(probed, present, gone, None if math.isinf(t) else t, script)


def _steps(script: str) -> list[list[str]] | Unread:
    """The script's simple commands, split at `;`, `&&` and new lines (each read as run in
    turn: the commands are taken to succeed); a redirection stays a word of its command."""
    out: list[list[str]] = []
    for line in script.split("\n"):
        tokens = _tokens(line)
        if isinstance(tokens, Unread):
            return tokens
        words: list[str] = []
        for token in [*tokens, ";"]:
            if token in (";", "&&"):
                out += [words] if words else []
                words = []
            elif token in (">", ">>") or not _PUNCTUATION.match(token):
                words.append(token)
            else:
                return Unread(f"the script uses `{token[:8]}` (pipes, background jobs, "
                              "subshells and other redirections are not read)")
    if not out or len(out) > MAX_COMMANDS:
        return Unread("the script is empty or longer than the reader reads")
    return out


def _tokens(line: str) -> list[str] | Unread:
    """One line's words and operators, unquoted; a quote inside a word, a quote that does not
    close or anything the shell would expand is not read."""
    lexer = shlex.shlex(line, posix=False, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        raw = list(lexer)
    except ValueError:
        return Unread("the script has a quote that does not close")
    out = []
    for token in raw:
        quoted = len(token) >= 2 and token[0] == token[-1] and token[0] in "'\""
        inner = token[1:-1] if quoted else token
        if "'" in inner or '"' in inner or _EXPANDS.search(inner):
            return Unread("the script uses more than plain words (variables, "
                          "substitutions, globs or escapes)")
        out.append(inner)
    return out


def _one(words: list[str], probed: str) -> str | Unread:
    """What one simple command does: sleep, write or remove `probed`, or nothing to it."""
    if words[0] == "exec" and len(words) > 1:  # the same command, in the shell's place
        words = words[1:]
    name = words[0]
    if name == "sleep" and len(words) == 2 and (_NUMBER.match(words[1])
                                                or words[1] == "infinity"):
        return "sleep"
    if name in _NEUTRAL and len(words) == 1:
        return "none"
    if name == "touch" and len(words) == 2:
        return "write" if words[1] == probed else _other(words)
    if name == "rm" and 2 <= len(words) <= 3 and all(w in _RM_FLAGS for w in words[1:-1]):
        # a directory that holds the probed file takes it along (`rm -rf /tmp`)
        inside = words[-1].rstrip("/") in ("", *_parents(probed))
        return "remove" if words[-1] == probed or inside else _other(words)
    if name in ("echo", "printf"):
        return _echo(words, probed)
    return Unread(f"the script runs a command the reader does not read: {_clip(tuple(words))}")


def _echo(words: list[str], probed: str) -> str | Unread:
    """`echo ... > F` (or `>>`) writes F; `echo ...` alone writes nothing."""
    redirects = [i for i, w in enumerate(words) if w in (">", ">>")]
    if not redirects:
        return "none"
    i = redirects[0]
    if len(redirects) > 1 or i + 2 != len(words):
        return Unread(f"the script writes in a way the reader does not read: "
                      f"{_clip(tuple(words))}")
    return "write" if words[-1] == probed else _other(words)


def _parents(path: str) -> list[str]:
    """The directories above an absolute path: /tmp/a/b -> /tmp, /tmp/a."""
    parts = path.split("/")[1:-1]
    return ["/" + "/".join(parts[:i]) for i in range(1, len(parts) + 1)]


def _other(words: list[str]) -> str | Unread:
    """A write or removal of another file than the probed one: nothing to the probe, unless
    it may be the probed file under another name (a relative path)."""
    target = words[-1]
    if not target.startswith("/"):
        return Unread(f"the script names a relative path: {_clip(tuple(words))}")
    return "none"


def _clip(argv: tuple[str, ...]) -> str:
    text = " ".join(argv)
    return text if len(text) <= 80 else text[:77] + "..."
