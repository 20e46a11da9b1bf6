"""A kubectl command's words, read once for every reader that looks at the command a page
kept above what it printed (`kubectl get pod web-1 -o yaml` above a pod's `status:`,
`kubectl describe pod/web-1 -n shop` above a describe without its Name line, `kubectl exec
web-1 -- /bin/check readiness` above its exit code, `kubectl get pods -o custom-columns=...`
above its table).

Words are read as kubectl's flag parser (spf13/pflag) reads them: a flag that takes a value
takes the next word (`-n shop`) or the rest of its own (`--namespace=shop`, `-nshop`,
`-n=shop`); any other flag is a switch (`-A`, `--previous`, `--watch=false`); `--` ends the
flags (exec's command after it); every other word is the verb, then the resource, then the
objects' names (`pod/web-1` is both: resource `pod`, name `web-1`). `logs`, `exec`, `attach`
and `port-forward` take a pod without a resource word (`kubectl logs web-1 -c app`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["POD_RESOURCES", "KubectlCommand", "kubectl_command", "kubectl_commands",
           "pods_command"]

# the flags that take a value, by their long name (k8s.io/kubectl/pkg/cmd/get, describe, logs,
# exec, top and events, and the global flags of cli-runtime's ConfigFlags and klog)
_VALUED = frozenset({
    # global: cli-runtime genericclioptions.ConfigFlags, kubectl's root command, klog
    "namespace", "context", "cluster", "user", "kubeconfig", "server", "token", "as",
    "as-group", "as-uid", "certificate-authority", "client-certificate", "client-key",
    "tls-server-name", "request-timeout", "cache-dir", "username", "password", "profile",
    "profile-output", "v", "vmodule", "log-file", "log-dir",
    # get and describe
    "output", "selector", "field-selector", "sort-by", "label-columns", "template", "filename",
    "kustomize", "chunk-size", "raw", "subresource",
    # logs and exec
    "container", "since", "since-time", "tail", "limit-bytes", "pod-running-timeout",
    "max-log-requests",
    # events
    "for", "types"})
# the one-letter forms kubectl gives its flags (`-n` is `--namespace`)
_SHORT = {"n": "namespace", "o": "output", "l": "selector", "c": "container", "f": "filename",
          "L": "label-columns", "k": "kustomize", "s": "server", "v": "v", "A": "all-namespaces",
          "w": "watch", "i": "stdin", "t": "tty", "q": "quiet", "R": "recursive", "p": "previous"}
# a verb whose one-letter flag is another flag than the table's (logs' `-f` is `--follow`)
_VERB_SHORT = {"logs": {"f": "follow"}}
# the verbs that take a pod without a resource word (`kubectl logs web-1`)
_POD_VERBS = frozenset({"logs", "exec", "attach", "port-forward"})
# the names a resource word gives pods (kubectl's short name `po`)
POD_RESOURCES = frozenset({"po", "pod", "pods"})
# the tools that run kubectl (normalise.py's commands): its name, a path to it, a wrapper
_TOOLS = frozenset({"kubectl", "kubectl.sh", "oc", "k", "kubecolor", "microk8s.kubectl"})
# between a shell's commands on one line (`|`, `&&`, `;`), and a redirection, whose file is
# no word of kubectl's (`kubectl logs web-1 app > out.txt`)
_SEPARATOR = lazy_regex(r"[|;&<>]+")


class KubectlCommand(NamedTuple):
    """A kubectl command's words read as kubectl reads them (module docstring)."""

    verb: str | None
    resource: str | None  # None for a pod verb's pod named alone (`logs web-1`)
    names: tuple[str, ...]  # the objects' names (`pod/web-1`'s `web-1`)
    flags: Mapping[str, str | None]  # by long name; a switch's value None (the last one kept)
    after: tuple[str, ...] | None = None  # the words after `--`; None without `--`

    @property
    def output(self) -> str | None:
        """`-o`'s value (`yaml`, `wide`, `custom-columns=...`)."""
        return self.flags.get("output")

    @property
    def container(self) -> str | None:
        """`-c`'s value."""
        return self.flags.get("container")

    @property
    def namespace(self) -> str | None:
        """`-n`'s value."""
        return self.flags.get("namespace")

    def of_pods(self) -> bool:
        """Whether the objects the command names are pods (`get pods`, `logs web-1`)."""
        if self.resource is None:
            return self.verb in _POD_VERBS
        return self.resource.lower() in POD_RESOURCES

    def switch(self, name: str) -> bool:
        """Whether the switch `name` (its long name) is on: given, alone or `=true`."""
        return name in self.flags and self.flags[name] in (None, "true")


def kubectl_command(words: Sequence[str]) -> KubectlCommand:
    """The command the words after kubectl's name make (`-n shop get pods web-1 -o wide`):
    one pass over the words."""
    verb = resource = None
    names: list[str] = []
    flags: dict[str, str | None] = {}
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            return KubectlCommand(verb, resource, tuple(names), flags, tuple(words[i + 1:]))
        if word.startswith("-") and len(word) > 1:
            name, value, taken = _flag(word, words[i + 1] if i + 1 < len(words) else None, verb)
            flags[name] = value
            i += 1 + taken
            continue
        if verb is None:
            verb = word
        elif resource is None and not names:
            resource, first = _object(word, verb)
            names.extend(first)
        else:
            names.append(_name(word, resource))
        i += 1
    return KubectlCommand(verb, resource, tuple(names), flags)


def _flag(word: str, following: str | None, verb: str | None) -> tuple[str, str | None, int]:
    """One flag's long name, its value, and how many of the following words it takes (0 or
    1): `--name=value`, `--name value` (a flag taking a value), `-xvalue`, `-x=value`, `-x
    value`, a switch."""
    if word.startswith("--"):
        name, equals, value = word[2:].partition("=")
        if equals:
            return name, value, 0
    else:
        letter, glued = word[1], word[2:]
        name = _VERB_SHORT.get(verb or "", {}).get(letter) or _SHORT.get(letter, word[1:])
        if name not in _VALUED:
            return name, None, 0
        if glued:  # pflag: `-oyaml`, `-o=yaml`
            return name, glued.removeprefix("="), 0
    if name in _VALUED and following is not None:
        return name, following, 1
    return name, None, 0


def _object(word: str, verb: str) -> tuple[str | None, list[str]]:
    """The resource and the name the first word after the verb gives: `pods`, `pod/web-1`,
    or a pod verb's pod alone (`logs web-1`: no resource word)."""
    kind, slash, name = word.partition("/")
    if slash:
        return kind, [name]
    if verb in _POD_VERBS:
        return None, [word]
    return word, []


def _name(word: str, resource: str | None) -> str:
    """An object's name among the command's words: `web-1`, or `pod/web-1` after `pod`."""
    kind, slash, name = word.partition("/")
    return name if slash and resource is not None and kind.lower() == resource.lower() else word


def kubectl_commands(text: str) -> list[KubectlCommand]:
    """The kubectl commands a command line runs, in order (`kubectl get pod web-1 -o yaml |
    less`, `cd x && kubectl describe pod web-1`): in each of the shell's commands (`|`, `;`,
    `&&` between them), the words after the word that runs kubectl (its name, a path to it,
    `oc`, `k`, a wrapper's `microk8s kubectl`, `minikube kubectl --`); one pass over the
    line."""
    found: list[KubectlCommand] = []
    for piece in _SEPARATOR.split(text):
        words = piece.split()
        at = next((i for i, word in enumerate(words) if _tool(word)), None)
        if at is None:
            continue
        rest = words[at + 1:]
        if rest[:1] == ["--"] and words[at - 1:at] == ["minikube"]:  # minikube's own `--`
            rest = rest[1:]
        found.append(kubectl_command(rest))
    return found


def pods_command(text: str, verb: str) -> KubectlCommand | None:
    """The first kubectl command of `verb` on a command line, when it is of pods (`get pods
    web-1 -o yaml`, `describe po/web-1`); None without one, or when it is of other objects."""
    command = next((c for c in kubectl_commands(text) if c.verb == verb), None)
    return command if command is not None and command.of_pods() else None


def _tool(word: str) -> bool:
    """Whether a word runs kubectl: its name, a path to it (`/usr/local/bin/kubectl`,
    `./cluster/kubectl.sh`), `oc`, `k`, `kubecolor`, a prompt glued to it (`$kubectl`,
    `~]$kubectl`: the line is a command by normalise.py's reading)."""
    return word.rpartition("$")[2] in _TOOLS or word.endswith(("/kubectl", "/kubectl.sh"))
