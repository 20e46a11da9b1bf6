"""Batch 153 (stop 59, fx59g): a review thread's diff that adds a pasted record to a document,
under the thread's own lines (the corpus README, "Rules used for the facts", the paragraphs
ending in "(stop 59, fx59g)").

- A diff that adds a record to a document (every line `+`, no old side) is read by its `+`
  lines (the README's rule of stop 59, lead, (2)), whatever the thread prints above its fence:
  the file's path and line (`content/.../configure-liveness-readiness-startup-probes.md:93`)
  and a placeholder in square brackets (`[parent comment not available]`). A line whose `[` a
  word follows is no JSON array (RFC 8259, section 5: a value or `]` follows `[`), so no JSON
  document opens there to run on over the rows below it (rows that start with their age,
  `23s`, look like JSON's numbers); website-21370's three rows were swallowed so.
- Describe lines under no command that show no `Name:` (rows pasted above the one `kubectl
  describe pod NAME`, a document's rows a hunk cut above it) are no output told apart from
  that command's: the record's describe lines are one pod's, as before the one command's
  output alone (`paste._name_by_command`); two commands' outputs, or lines headed by their own
  `Name:`, stay apart.
- A path's words are no sentence speaking of a probe or an end: the refusal of a page explain
  reads nothing of names no line for a file's path (slashes, a file's extension, a `:N` line
  number), and names the line of a sentence beside it.

Near variants that must stay as they were: `[` then a JSON value (`["a", 1]`, `[true]`,
`[1, 2` cut), a shell's prompt in brackets (`[root@host ~]# docker ps`), one slash between
words (`liveness/readiness probes`), a sentence after a path.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import FORMATS_HELP, parse_record
from kubesim.results import ProbeType

PATH = "content/ja/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes.md:93"
ROWS_2015 = (
    "+23s   23s   1   {kubelet worker0}   spec.containers{liveness}   Normal    Pulled    "
    "Successfully pulled image \"k8s.gcr.io/busybox\"\n"
    "+23s   23s   1   {kubelet worker0}   spec.containers{liveness}   Normal    Created   "
    "Created container with docker id 86849c15382e\n"
    "+23s   23s   1   {kubelet worker0}   spec.containers{liveness}   Normal    Started   "
    "Started container with docker id 86849c15382e\n"
    "+1m    1m    3   {kubelet worker0}   spec.containers{liveness}   Warning   Unhealthy   "
    "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory\n")


def _diff(above: str) -> str:
    return f"{above}````diff\n{ROWS_2015}+```\n````\nThe original says the containers were killed.\n"


def _liveness_failed(text: str) -> None:
    a = explained_answer(text)
    assert a.failed == (ProbeType.LIVENESS,) and a.shows_failures


# ---------------------------------------------------------------- a diff under a thread's lines


@pytest.mark.parametrize("above", [
    f"{PATH}\n[parent comment not available]\n",  # website-21370's two lines
    "[parent comment not available]\n",
    f"{PATH}\n[the comment this answers](https://github.com/o/r/pull/1#discussion_r1)\n",
    "[Execution User: developer]\n",  # a page's label in brackets
    "[注意] 以下は出力例です\n",  # a word of another script after `[`
])
def test_a_diffs_rows_are_read_under_a_bracketed_line_above_its_fence(above: str) -> None:
    """README stop 59, lead, (2): the `+` lines of a diff adding a record are read; a line
    whose `[` a word follows opens no JSON (RFC 8259, section 5). On main the bracketed line
    opened a JSON document that ran over the rows (each starts with its age, a number) and
    the record was refused."""
    _liveness_failed(_diff(above))


def test_website_21370_shape_reads_its_rows_as_one_pod() -> None:
    """The record's shape: rows added by the diff above the page's `kubectl describe pod`
    command, the original's header cut below it; one pod, Pulled, Created, Started only:
    nothing shown (the facts: cannot-tell, none, {0, null}, no failure shown)."""
    rows = "\n".join(x for x in ROWS_2015.splitlines() if "Unhealthy" not in x)
    text = (f"{PATH}\n[parent comment not available]\n````diff\n{rows}\n+```\n+\n"
            "+35秒後に、Podのイベントをもう一度確認します:\n+\n+```shell\n"
            "+kubectl describe pod liveness-exec\n+```\n+\n+出力結果の最後に、Liveness Probeが"
            "失敗していることを示すメッセージがあります。\n````\n**someone** (author):\n"
            "コメントです。\n\n```\nFirstSeen LastSeen    Count   From            "
            "SubobjectPath           Type        Reason      Message\n--------- --------    "
            "-----   ----            -------------           --------    ------      -------\n37s\n")
    record = parse_record(text, "r.txt")
    assert len(record.pods) == 1 and len(record.events) + sum(
        len(p.events) for p in record.pods) == 3
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, None), False)


@pytest.mark.parametrize("line", ['["a", 1,', "[true,", "[1, 2,", "[ {"])
def test_a_bracket_then_a_json_value_still_opens_json(line: str) -> None:
    """JSON's `[` followed by a value opens a document as before: cut short, said so."""
    with pytest.raises(RecordError):
        parse_record(f"{line}\n", "r.txt")
    text = f"Here it is:\n{line}\n  3, 4\n"
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_a_shell_prompt_in_brackets_ends_the_row_above_it() -> None:
    """A prompt (`[root@host ~]# docker ps`) is left as it was read: the row above it keeps
    its message (kubernetes-kubeadm-1426's and kubernetes-katas-10's prompts)."""
    text = ("12s   Warning   BackOff   pod/web-0   Back-off restarting failed container\n"
            "[root@master ~]# docker ps\n")
    record = parse_record(text, "r.txt")
    [event] = record.events or [e for p in record.pods for e in p.events]
    assert event.message == "Back-off restarting failed container"


# ---------------------------------------------------------------- rows under no command


ROWS = ("  Warning  Unhealthy  2m (x3 over 3m)  kubelet  Liveness probe failed: HTTP probe "
        "failed with statuscode: 500\n")
HEADER = "Events:\n  Type     Reason     Age   From     Message\n  ----     ------     ----  ----     -------\n"


def test_rows_under_no_command_above_the_one_describe_command_are_its_pods() -> None:
    """Rows naming no pod above the one `kubectl describe pod web-0` whose output shows no
    `Name:`: one pod (on main: two, the rows "another pod's")."""
    text = (f"```\n{HEADER}{ROWS}```\nLater:\n```\n$ kubectl describe pod web-0\n"
            f"{HEADER}  Normal   Pulled     1m    kubelet  Container image \"x\" already "
            "present on machine\n```\n")
    record = parse_record(text, "r.txt")
    assert len(record.pods) <= 1
    _liveness_failed(text)


def test_two_commands_outputs_stay_two_pods() -> None:
    """Two describe commands, each with its output: each its command's pod (command_pods)."""
    text = (f"$ kubectl describe pod web-0\n{HEADER}{ROWS}\n$ kubectl describe pod web-1\n"
            f"{HEADER}  Normal   Pulled     1m    kubelet  Container image \"x\" already "
            "present on machine\n")
    assert sorted(p.name for p in parse_record(text, "r.txt").pods) == ["web-0", "web-1"]


def test_a_describe_headed_by_its_own_name_above_the_command_stays_another_pods() -> None:
    """Lines under no command headed by their own `Name:` are another describe's output."""
    text = (f"Name: other-0\nNamespace: default\n{HEADER}{ROWS}\n$ kubectl describe pod web-0\n"
            f"{HEADER}  Normal   Pulled     1m    kubelet  Container image \"x\" already "
            "present on machine\n")
    assert sorted(p.name or "" for p in parse_record(text, "r.txt").pods) == \
        ["other-0", "web-0"]


# ---------------------------------------------------------------- a path's words


def _refusal(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        parse_record(text, "r.txt")
    return caught.value


@pytest.mark.parametrize("text", [
    f"{PATH}\nThanks, merged.\n",
    "See content/en/docs/tasks/liveness-probe.md for the page.\n",
    "See startup-probes.md:93 and startup-probes.md:120.\n",
    "Fixed in https://github.com/o/r/blob/main/docs/readiness-probes/ today.\n",
    "Edited `./hack/restart-on-oom.sh` and `/etc/kubelet/liveness-probe`.\n",
])
def test_a_paths_words_speak_of_no_probe_in_a_refusal(text: str) -> None:
    """A path names a file: the refusal is the plain one (on main it named the line as one
    speaking of a probe, a restart or a kill)."""
    error = _refusal(text)
    assert error.message == f"not a record explain reads: expected {FORMATS_HELP}"


@pytest.mark.parametrize(("text", "number", "speaks_of"), [
    (f"{PATH}\nKubernetes kills the container when the liveness probe fails.\n", 2,
     "a liveness probe, a kill"),
    ("Liveness/readiness probes are set in docs/startup-probe.md\n", 1, "a readiness probe"),
    ("See probe.go:42. The startup probe fails for slow apps.\n", 1, "a startup probe"),
])
def test_a_sentence_beside_a_path_is_still_named(text: str, number: int, speaks_of: str
                                                 ) -> None:
    error = _refusal(text)
    assert error.line == number
    assert f"line {number} speaks of {speaks_of} (" in error.message


# ---------------------------------------------------------------- hostile input


@pytest.mark.parametrize("text", [
    "[" + "a" * 2_000_000 + "\n",
    "[" + "a" * 2_000_000 + "@\n",
    "a/liveness-probe " * 120_000 + "\n",
    "/" + "a" * 2_000_000 + "startup-probe.md:93\n",
    "startup-probe" + "." * 2_000_000 + "\n",
])
def test_a_hostile_line_is_read_in_one_pass(text: str) -> None:
    read_in_one_pass(text)
