"""A Pulled message cut inside its words after the image (fixwrap52): the corpus README's rule
of a Pulled message cut inside its words (`Container image "x:1" alre`) read for the pull's
own message in every kubelet's words (pkg/kubelet/images/image_manager.go: `Successfully
pulled image "x"`, ` in 1.2s`, ` (1.3s including waiting)`, `. Image size: N bytes.`), so a
row that stops inside them is a cut row whatever lines follow it.

konflux-ci-591 (its fenced describe Events cut in the last Pulled row, `Image siz`) held bare
only by the file ending without a line break; a wrapper that closes after it (a fence around
the whole paste, `{code}`, `</pre>`) ends that line, and its rows were read whole from
Scheduled: kills {0, 0} for the facts' {0, 2} (a latent failure of test_explain_wrappers.py).
Variants kept whole: each release's whole message, and another image row's words.

A mailed paste (its column spaces `&nbsp; &nbsp;`, nebula-operator-108) that a page escaped
whole (`&amp;nbsp;`, `<br>`) shows the mail's entities once the page's are undone: they are
spaces as in the mail (readers/normalise.py `_unescaped`); it was refused as no record.

A `get events` table whose last row is the scheduler's message stopping before its node
(`Successfully assigned eclipse-che/che-c4fc`, che-19817) is cut there whatever closes the
paste after it (readers/event_rows.py `_assigned_cut`): its rows may be any pod's."""

from __future__ import annotations

import pytest
from helpers import explained_answer, explained_kills, read_in_one_pass
from test_explain_corpus import FACTS, assert_holds
from test_explain_wrappers import WRAPPERS, escaped, wrapped_answer

from kubesim.explain.messages import cut_short
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.normalise import plain

_KONFLUX = ("konflux-ci-591.issue-prose-then-fenced-describe-events-keycloak-operator-created-x3-"
            "started-x3-cut-in-pulled-row.txt")


@pytest.mark.parametrize(("kind", "variant"), [
    ("fence", 0), ("fence", 4), ("fence+quote", 0), ("jira", 0), ("jira", 1), ("jira", 2),
    ("pre", 0), ("prompt+fence", 0), ("box", 0), ("crlf+fence", 0)])
def test_konflux_ci_591_wrapped_keeps_its_facts(kind: str, variant: int) -> None:
    """The whole paste in a fence, `{code}`, `<pre>` or k9s's box: its last row still cut."""
    assert_holds(wrapped_answer(WRAPPERS[kind][variant], _KONFLUX), FACTS[_KONFLUX])


_IMAGE = 'Successfully pulled image "quay.io/keycloak/keycloak-operator:24.0.2"'


@pytest.mark.parametrize("rest", [
    " in 1.282s (",
    " in 1.282s (1.282s incl",
    " in 880ms (880ms including wai",
    " in 1.282s (1.282s including waiting).",
    " in 1.282s (1.282s including waiting). Image siz",
    " in 1m2.5s (1m3s including waiting). Image size: ",
    " in 1.282s (1.282s including waiting). Image size: 2031",
    " in 500µs (1.1s including waiting). Image size: 203173701 bytes",
    " i",
])
def test_a_pull_s_message_stopping_inside_its_words_is_cut(rest: str) -> None:
    assert cut_short(_IMAGE + rest)


@pytest.mark.parametrize("message", [
    _IMAGE,
    _IMAGE + " in 477ms",
    _IMAGE + " in 1m2.345s",
    _IMAGE + " in 1.282s (1.282s including waiting)",
    _IMAGE + " in 1.282s (1.282s including waiting). Image size: 203173701 bytes.",
    _IMAGE + " in 500µs (500µs including waiting). Image size: 1 bytes.",
    # another image row's words, or a pull's words the kubelet does not write
    'Pulling image "quay.io/keycloak/keycloak-operator:24.0.2"',
    _IMAGE + " after 3 attempts",
    'Successfully pulled image "x" in 2s, image size 12 MB',
])
def test_a_pull_s_whole_message_is_not_cut(message: str) -> None:
    assert not cut_short(message)


def _events(last: str) -> str:
    return (
        "Events:\n"
        "  Type    Reason     Age                From               Message\n"
        "  ----    ------     ----               ----               -------\n"
        "  Normal  Scheduled  7m33s              default-scheduler  Successfully assigned "
        "prod/web-0 to node-1\n"
        "  Normal  Created    6m24s (x3 over 7m32s)  kubelet  Created container web\n"
        "  Normal  Started    6m24s (x3 over 7m32s)  kubelet  Started container web\n"
        f"  Normal  Pulled     6m24s              kubelet            {_IMAGE}{last}")


_CUT = " in 1.282s (1.282s including waiting). Image siz"
_WHOLE = " in 1.282s (1.282s including waiting). Image size: 203173701 bytes."


@pytest.mark.parametrize("after", ["\n", "\n```\n", "\n</code></pre>\n", "\n\nThe pod restarts.\n"])
def test_rows_from_scheduled_cut_in_a_pull_s_words_leave_the_created_count_s_kills(
        tmp_path, after: str) -> None:
    """Rows from Scheduled on, the last cut inside the pull's words: the rows cut away may
    hold Killing rows, which the Created rows' count bounds (3 containers: 2 ends, R4.7)."""
    assert explained_kills(tmp_path, "```\n" + _events(_CUT) + after) == {"min": 0, "max": 2}


@pytest.mark.parametrize("after", ["\n", "\n```\n"])
def test_rows_from_scheduled_ending_in_a_whole_pull_show_every_kill(tmp_path, after: str) -> None:
    """The same rows whole: every kill would show its Killing row (R4.4): none."""
    assert explained_kills(tmp_path, "```\n" + _events(_WHOLE) + after) == {"min": 0, "max": 0}


@pytest.mark.parametrize("rest", [
    " in " + "1" * 2_000_000,
    " in 1s (" + "1." * 1_000_000,
    " in 1s (1s including waiting). Image size: " + "9" * 2_000_000 + " byte",
    "\"" * 2_000_000,
])
def test_a_pull_s_long_message_is_judged_in_one_pass(rest: str) -> None:
    """Hostile input: 2 MB messages of the rule's digits and quotes, in a row read whole."""
    cut_short(_IMAGE + rest)
    read_in_one_pass(_events(rest) + "\n")


# --- a mailed paste a page escaped --------------------------------------------------------------

_NEBULA = ("nebula-operator-108.comment-root-prompt-get-events-nbsp-columns-node-port-in-use-then-"
           "kube-nebula-one-backoff-row-nebula-graphd-0-then-logs-cut.txt")


def test_nebula_operator_108_escaped_by_a_page_keeps_its_facts() -> None:
    assert_holds(wrapped_answer(WRAPPERS["html-escape"][0], _NEBULA), FACTS[_NEBULA])


_MAILED = (
    "[root@node ~]# kubectl get events -n apps\n"
    "LAST SEEN&nbsp; &nbsp;TYPE&nbsp; &nbsp; &nbsp; REASON&nbsp; &nbsp; OBJECT&nbsp; &nbsp; "
    "&nbsp; &nbsp; &nbsp; MESSAGE\n"
    "31s&nbsp; &nbsp; &nbsp; &nbsp; &nbsp;Warning&nbsp; &nbsp;BackOff&nbsp; &nbsp;pod/web-0"
    "&nbsp; &nbsp;Back-off restarting failed container \"web\"\n")


def test_a_mailed_paste_escaped_by_a_page_is_the_mail_line_for_line() -> None:
    assert plain(escaped(_MAILED, "eol")) == plain(_MAILED)


def test_a_mailed_paste_escaped_by_a_page_reads_as_the_mail() -> None:
    """Its one BackOff row of the pod read (the back-off rule: ends untold)."""
    a = explained_answer(escaped(_MAILED, "eol"), pod="web-0")
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, None), True)


@pytest.mark.parametrize(("text", "want"), [
    ("LAST SEEN&amp;nbsp; &amp;nbsp;TYPE\nopen port &quot;a&quot;\n",
     'LAST SEEN   TYPE\nopen port "a"\n'),
    ("31s&amp;#160;&amp;#xA0;Warning\n", "31s  Warning\n"),
])
def test_a_mails_no_break_spaces_under_a_page_s_escapes_are_spaces(text: str, want: str) -> None:
    assert plain(text) == want


@pytest.mark.parametrize(("text", "kept"), [
    # a page's escape of a text that writes the entity escaped: the text's own words
    ("Message:  &amp;amp;nbsp; is an entity &quot;a&quot;\n", "&amp;nbsp;"),
    # a bare `<none>`: the text is not escaped whole, its `&amp;nbsp;` stays
    ("Node:  <none>\nMessage:  &amp;nbsp; is an entity\n", "&amp;nbsp;"),
])
def test_an_entity_the_text_writes_stays(text: str, kept: str) -> None:
    assert kept in plain(text)


# --- a Scheduled message cut before its node ----------------------------------------------------

_CHE = ("che-19817.comment-root-prompt-cat-events-txt-get-events-che-server-started-once-"
        "readiness-500-killing-stopping-container-cut-in-next-pod.txt")


@pytest.mark.parametrize(("kind", "variant"), [
    ("fence", 0), ("jira", 2), ("pre", 0), ("box", 0), ("fence+quote", 0), ("prompt+fence", 0)])
def test_che_19817_wrapped_keeps_its_facts(kind: str, variant: int) -> None:
    """Its `get events` table ends in another pod's Scheduled row cut in its name: rows cut
    away after it may be the case's pod's (the corpus README: a cut table's rows may be about
    any pod), whatever closes the paste after it."""
    assert_holds(wrapped_answer(WRAPPERS[kind][variant], _CHE), FACTS[_CHE])


def _table(last: str) -> str:
    return (
        "LAST SEEN   TYPE      REASON      OBJECT          MESSAGE\n"
        "8m19s       Normal    Scheduled   pod/web-0       Successfully assigned prod/web-0 "
        "to node-1\n"
        "8m14s       Normal    Started     pod/web-0       Started container web\n"
        "5m2s        Warning   Unhealthy   pod/web-0       Readiness probe failed: HTTP probe "
        "failed with statuscode: 500\n"
        "4m55s       Normal    Killing     pod/web-0       Stopping container web\n"
        f"26m         Normal    Scheduled   pod/api-1       {last}")


@pytest.mark.parametrize("last", ["Successfully assigned prod/api-1",
                                  "Successfully assigned prod/ap",
                                  "Successfully assigned prod/api-1 to",
                                  "Successfully assigned api-1 t"])
@pytest.mark.parametrize("after", ["\n", "\n```\n", "\n</code></pre>\n"])
def test_a_last_row_s_scheduled_message_stopping_before_its_node_cuts_the_table(
        tmp_path, last: str, after: str) -> None:
    """Rows after it are not in the record: web-0's kills are open (`max: null`)."""
    assert explained_kills(tmp_path, "```\n" + _table(last) + after, pod="web-0") == \
        {"min": 0, "max": None}


@pytest.mark.parametrize("last", ["Successfully assigned prod/api-1 to node-1",
                                  "Successfully assigned api-1 to 10.0.0.7"])
def test_a_last_row_s_whole_scheduled_message_leaves_the_table_whole(tmp_path, last: str) -> None:
    """The same table ending in a whole Scheduled row: web-0's rows from Scheduled, none cut,
    show no probe kill (the Killing row is no probe's, R4.4)."""
    assert explained_kills(tmp_path, "```\n" + _table(last) + "\n```\n", pod="web-0") == \
        {"min": 0, "max": 0}


@pytest.mark.parametrize("last", ["Successfully assigned " + "a" * 2_000_000,
                                  "Successfully assigned x" + " to" * 700_000,
                                  "Successfully assigned " + " " * 2_000_000 + "x"])
def test_a_long_scheduled_message_is_read_in_one_pass(last: str) -> None:
    """Hostile input: 2 MB last rows of the rule's words and spaces."""
    read_in_one_pass(_table(last) + "\n")
