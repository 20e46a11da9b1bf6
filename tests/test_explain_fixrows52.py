"""Held-out batches 99-103 (fixrows52): rows and tables no reader had.

- A comment a mail client made HTML keeps its runs of spaces as `&nbsp; &nbsp;`: the entity of
  a no-break space is the no-break space the normaliser reads as a space, wherever it stands,
  and a text it marks as a mail's escapes its `&lt;`, `&gt;` and `&amp;` though its quotes stay
  bare (readers/normalise.py `_unescaped`, nebula-operator-108).
- A describe piece without its head, before another pod's `Name:` (so not that pod's), is the
  pod its events' messages name, one pod and not the one below: the scheduler's `Successfully
  assigned NS/NAME`, a kill's or back-off's pod (readers/read.py `_named_apart`,
  microservices-chat-4).
- A restart of the case's pods stated as caused by a named container failing its liveness
  probe (`the `topolvm-node-*` pods are being constantly restarted due to the `csi-registrar`
  container failing liveness probe health checks`) is that container's liveness kill, given to
  each pod of one workload the record's events name (readers/probe_restart.py, runs.py,
  stated_pod.py `_record_pods`; topolvm-1108).

Hand-written variants beside each that must stay unread."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.normalise import plain
from kubesim.explain.readers.read import parse_record, pod_groups

# --- a mail's `&nbsp;` ------------------------------------------------------------------------

_MAILED = (
    "[root@node ~]# kubectl get events -n apps\n"
    "LAST SEEN&nbsp; &nbsp;TYPE&nbsp; &nbsp; &nbsp; REASON&nbsp; &nbsp; OBJECT&nbsp; &nbsp; "
    "&nbsp; &nbsp; &nbsp; MESSAGE\n"
    "8m53s&nbsp; &nbsp;Warning&nbsp; &nbsp;PortInUse&nbsp; &nbsp;node/n1&nbsp; &nbsp;can't open port "
    "\"nodePort for apps/web:http\" (:31544/tcp4), skipping it\n"
    "31s&nbsp; &nbsp; &nbsp; &nbsp; &nbsp;Warning&nbsp; &nbsp;BackOff&nbsp; &nbsp;pod/web-0"
    "&nbsp; &nbsp;Back-off restarting failed container\n")


@pytest.mark.parametrize(("text", "want"), [
    # a mail's column spaces, named and numbered, beside a message's bare quotes
    ('LAST SEEN&nbsp; &nbsp;TYPE\nopen port "a"\n', 'LAST SEEN   TYPE\nopen port "a"\n'),
    ('31s&#160;&#160;Warning&#xA0;&#xa0;BackOff "a"\n', '31s  Warning  BackOff "a"\n'),
    # beside a bare quote (a mail's escaper leaves quotes), its `&lt;` and `&amp;` are its own
    ('Node:&nbsp; &nbsp;&lt;none&gt;\nMessage: can\'t open port "a&amp;b"\n',
     'Node:   <none>\nMessage: can\'t open port "a&b"\n'),
])
def test_a_mails_no_break_spaces_are_spaces(text: str, want: str) -> None:
    assert plain(text) == want


@pytest.mark.parametrize(("text", "kept"), [
    # a bare `<none>` beside them: the text is not an escaped one, its `&amp;` stays
    ("Node:&nbsp; &nbsp;<none>\nLabels:  a=b&amp;c\n", "a=b&amp;c"),
    # no `&nbsp;`: a bare quote keeps the text unescaped, as before
    ('Message:  "a&lt;b"\n', "&lt;b"),
    # no entity without its semicolon, and an escaped entity's text is the text
    ("LAST SEEN&nbspTYPE\n", "&nbspTYPE"),
    ("Node:  <none>\nMessage:  &amp;nbsp; is an entity\n", "&amp;nbsp;"),
])
def test_what_is_no_mails_escape_stays(text: str, kept: str) -> None:
    assert kept in plain(text)


def test_an_events_table_with_a_mails_column_spaces_is_read() -> None:
    """The table whose column spaces are `&nbsp;` is read as its table: one BackOff row of
    the pod, no probe, the ends untold (README, the back-off rule)."""
    a = explained_answer(_MAILED, pod="web-0")
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    "&nbsp; " * 300_000 + "\n",
    "&#160" * 350_000 + "\n",
    "&nbsp;" * 340_000 + '"\n',
])
def test_the_entities_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of the entities' characters, read in one pass."""
    read_in_one_pass(text)


# --- a describe piece without its head, named by its Scheduled row ----------------------------

_SCHEDULED = ("  Normal   Scheduled  10m                default-scheduler  Successfully assigned "
              "default/web-5c9fc95dff-g2x2j to node-1\n")
_PIECE = (
    "                 node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n"
    "Events:\n"
    "  Type     Reason     Age                From               Message\n"
    "  ----     ------     ----               ----               -------\n"
    + _SCHEDULED +
    "  Warning  Unhealthy  2m (x3 over 9m)    kubelet            Liveness probe failed: Get "
    "\"http://10.0.0.5:8080/\": dial tcp 10.0.0.5:8080: connect: connection refused\n"
    "  Normal   Killing    2m                 kubelet            Container web failed liveness "
    "probe, will be restarted\n"
    "\n\n"
    "Name:         api-595f484657-drpkb\n"
    "Namespace:    default\n"
    "Node:\n")


def _names(text: str) -> list[str | None]:
    return [p.name for p in pod_groups([parse_record(text, "r.txt")])]


def test_a_describe_piece_before_another_pods_name_is_the_pod_its_scheduled_row_names() -> None:
    """chat-front's Events above chat-svc's describe: the rows are the pod the Scheduled row
    names, asked for by that name: its liveness kill, once."""
    assert sorted(map(str, _names(_PIECE))) == ["api-595f484657-drpkb", "web-5c9fc95dff-g2x2j"]
    a = explained_answer(_PIECE, pod="web-5c9fc95dff-g2x2j")
    assert (a.cause, a.probe_kills.lo, a.shows_failures) == (Cause.LIVENESS_KILL, 1, True)


@pytest.mark.parametrize("text", [
    # the Scheduled row names the pod below: the piece is not that pod's, and names none
    _PIECE.replace("default/web-5c9fc95dff-g2x2j", "default/api-595f484657-drpkb"),
    # no Scheduled row: nothing names the piece
    _PIECE.replace(_SCHEDULED, ""),
    # two Scheduled rows of two pods: no one pod
    _PIECE.replace(_SCHEDULED, _SCHEDULED + _SCHEDULED.replace("web-5c9", "db-5c9")),
])
def test_a_describe_piece_no_one_message_names_stays_unnamed(text: str) -> None:
    assert sorted(map(str, _names(text))) == ["None", "api-595f484657-drpkb"]
    with pytest.raises(RecordError):
        explained_answer(text, pod="web-5c9fc95dff-g2x2j")


# --- a named container's liveness failure restarting the case's pods -------------------------

_ROWS = ("```\n"
         "2m50s       Normal    Killing     pod/node-krlp7     Stopping container sidecar\n"
         "2m49s       Normal    Created     pod/node-drd5j     Created container sidecar\n"
         "```\n")
_STATED = ("We see that the `node-*` pods are being constantly restarted due to the `registrar` "
           "container failing liveness probe health checks:\n")


@pytest.mark.parametrize(("text", "container"), [
    (_STATED + _ROWS, "registrar"),
    # the subject's name without a code span, the restart in the past
    (_STATED.replace("`node-*`", "node").replace("are being constantly restarted", "restarted")
     + _ROWS, "registrar"),
    # the README's own form, of pods only an events table names
    ("Our pods restarted due to the liveness probe failing:\n" + _ROWS, None),
])
def test_a_restart_stated_of_the_case_pods_is_each_event_pods_kill(
        text: str, container: str | None) -> None:
    for pod in ("node-krlp7", "node-drd5j"):
        a = explained_answer(text, pod=pod, container=container)
        assert (a.cause, a.probe_kills, a.shows_failures) == \
            (Cause.LIVENESS_KILL, CountRange(1, None), True)


@pytest.mark.parametrize("text", [
    # a question
    _STATED.replace("We see that the", "Are the").replace("checks:", "checks?") + _ROWS,
    # a negation
    _STATED.replace("are being constantly restarted", "are not restarted") + _ROWS,
    # what may happen
    _STATED.replace("are being constantly restarted", "may be restarted") + _ROWS,
    # no determiner of the case's: a container in general
    _STATED.replace("the `registrar` container", "a container") + _ROWS,
    # pods of two workloads: no one workload is the case's
    _STATED + _ROWS.replace("pod/node-drd5j", "pod/agent-drd5j"),
])
def test_a_restart_not_stated_of_one_workloads_pods_gives_no_kill(text: str) -> None:
    pods = pod_groups([parse_record(text, "r.txt")])
    assert not any(e.reason == "Killing" and "registrar" in e.message
                   for p in pods if p.name is not None for e in p.events)


@pytest.mark.parametrize("text", [
    "the `a-*` pods " * 140_000 + "\n",
    "restarted due to the `x` container failing " * 50_000 + "\n",
    "restarted due to the " * 100_000 + "liveness probe\n",
])
def test_the_restart_rule_reads_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
