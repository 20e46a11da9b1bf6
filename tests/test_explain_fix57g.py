"""Stop 57's fc57g rules, each the general reading of a shape a held-out record showed
(openshift-release-1169, held-out batch 133).

- OpenShift 3's node process embeds the kubelet (`openshift start node`; its unit is
  origin-node in OKD, atomic-openshift-node in OCP): its journal lines (`origin-node[20148]: `)
  are the kubelet's log (readers/klog.py `_KUBELET_TAGS`). The master's units
  (`origin-master-api`, `atomic-openshift-master-controllers`) and a tag that only begins or
  ends with the node's name stay another program's.
- A fenced code block whose opening fence is indented (a block under a numbered list's item)
  is read as markdown renders it: up to the fence's indentation taken off each of its lines,
  until its closing fence or the paste's end (CommonMark 4.5; readers/normalise.py
  `_fences_indent_taken`). A fence at column 0 keeps its lines' indentation (an indented piece
  of a manifest inside it), and lines after the closing fence keep theirs.
- A paste that ends inside a journal line's prefix, before its program's tag (`Aug 09 20:26:20
  origin-c`, no line break after it), after kubelet lines, is a log cut: its later lines are
  not in the record, and the corpus README's rule of a record cut with no end leaves the kills
  open (readers/journal_cut.py). The same prefix with a line break after it, a whole journal
  line, a time and a host followed by words, or a cut prefix with no kubelet line before it
  stay as they were.

Hand-written variants beside each that must stay as they are."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.journal_cut import journal_cut
from kubesim.explain.readers.klog import klog_header
from kubesim.explain.readers.normalise import plain
from kubesim.results import ProbeType

# --- OpenShift 3's node process as the kubelet ----------------------------------------------

_ERRORED = ('I0809 20:23:47.591753   20148 prober.go:106] Liveness probe for "webconsole-84f8cf'
            'fc88-57llq_openshift-web-console(0b7a30e6-9415-11e8-9bfe-42010a8e0004):webconsole" '
            "errored: rpc error: code = DeadlineExceeded desc = context deadline exceeded")
_FAILED = ('I0809 20:23:47.591753   20148 prober.go:106] Liveness probe for "webconsole-84f8cf'
           'fc88-57llq_openshift-web-console(0b7a30e6-9415-11e8-9bfe-42010a8e0004):webconsole" '
           "failed (failure): HTTP probe failed with statuscode: 500")


@pytest.mark.parametrize("tag", ["origin-node[20148]", "atomic-openshift-node[20148]",
                                 "origin-node"])
def test_openshift_3s_node_process_is_the_kubelet(tag: str) -> None:
    """origin-node's journal line is a kubelet line: klog's header read after the tag."""
    other, header = klog_header(f"Aug 09 20:23:47 origin-ci-ig-m-vqm9 {tag}: {_FAILED}")
    assert not other and header is not None and header.file == "prober.go"


@pytest.mark.parametrize("tag", ["origin-master-api[20148]", "origin-master-controllers[20148]",
                                 "atomic-openshift-master-controllers[20148]",
                                 "origin-node-exporter[20148]", "my-origin-node[20148]",
                                 "origin[20148]", "dockerd-current[20148]"])
def test_openshift_3s_other_units_stay_another_programs(tag: str) -> None:
    """The master's units embed no kubelet; a tag that merely holds the node's name is no
    node process: another program's line, not read as the kubelet's."""
    assert klog_header(f"Aug 09 20:23:47 origin-ci-ig-m-vqm9 {tag}: {_FAILED}") == (True, None)


def test_origin_nodes_prober_errors_are_the_kubelets_errored_liveness() -> None:
    """openshift-release-1169's first fence, in small: the errored liveness call is a failure
    shown that kills nothing (R2.2, E4)."""
    answer = explained_answer(f"Aug 09 20:23:47 origin-ci-ig-m-vqm9 origin-node[20148]: "
                              f"{_ERRORED}\n")
    assert answer.cause is Cause.CANNOT_TELL
    assert answer.failed == (ProbeType.LIVENESS,) and answer.shows_failures


def test_origin_nodes_failed_liveness_lines_are_failures() -> None:
    answer = explained_answer("".join(
        f"Aug 09 20:23:4{i} origin-ci-ig-m-vqm9 origin-node[20148]: "
        f"{_FAILED.replace('20:23:47', f'20:23:4{i}')}\n" for i in range(3)))
    assert answer.failed == (ProbeType.LIVENESS,) and answer.shows_failures


# --- a fence indented under a list item ----------------------------------------------------

def test_an_indented_fences_lines_lose_the_fences_indentation() -> None:
    """CommonMark 4.5: up to the opening fence's indentation comes off each line of the block;
    more stays the line's own, less is taken whole; the closing fence ends it."""
    text = "1. item:\n  ```\n  a: 1\n    b: 2\n x\n  ```\n  after\n"
    assert plain(text) == "1. item:\n  ```\na: 1\n  b: 2\nx\n  ```\n  after\n"


def test_an_indented_fence_left_open_runs_to_the_pastes_end() -> None:
    assert plain("1. item:\n   ~~~yaml\n   a: 1\n     b: 2") == "1. item:\n   ~~~yaml\na: 1\n  b: 2"


@pytest.mark.parametrize("text", [
    "```\n  a: 1\n    b: 2\n```\n",  # a fence at column 0: a manifest's piece keeps its indent
    "1. item:\n  a: 1\n  b: 2\nend\n",  # no fence
    "1. item:\n  ``` inline ```\n  a: 1\nend\n",  # a code span, no fence
])
def test_lines_under_no_indented_fence_keep_their_indentation(text: str) -> None:
    assert plain(text) == text


def test_the_pages_shared_indentation_is_no_fences() -> None:
    """A page indented as a whole, read with its indentation kept (`dedent=False`): the fence's
    indentation is the page's, so its lines keep it as every other line does."""
    text = "    ## Overview\n    ```\n    a: 1\n      b: 2\n    ```\n"
    assert plain(text, dedent=False) == text
    assert plain("    1. item\n      ```\n      a: 1\n", dedent=False) == \
        "    1. item\n      ```\n    a: 1\n"


_LIST_FENCE = ("We are seeing two failure modes:\n\n1. `exec` liveness probes fail:\n  ```\n"
               + "".join(f"  Aug 09 20:23:4{i} origin-ci-ig-m-vqm9 origin-node[20148]: "
                         f"{_FAILED.replace('20:23:47', f'20:23:4{i}')}\n" for i in range(3))
               + "  ```\n")


def test_kubelet_lines_in_a_fence_under_a_list_item_are_read() -> None:
    """openshift-release-1169's shape: the journal lines two spaces in, under `1. ...:`."""
    answer = explained_answer(_LIST_FENCE)
    assert answer.failed == (ProbeType.LIVENESS,) and answer.shows_failures


@pytest.mark.timeout(20)
@pytest.mark.parametrize("text", [
    " " * 2_000_000 + "```",
    "  ```\n" + " " * 2_000_000 + "x",
    "  ```\n" + "`" * 2_000_000,
    "  " + "`" * 2_000_000 + "a",
    "  ```\n  " + "~" * 2_000_000 + "\n  a",
])
def test_a_two_megabyte_line_under_an_indented_fence_reads_in_linear_time(text: str) -> None:
    read_in_one_pass(text)


# --- a paste cut inside a journal line's prefix -------------------------------------------

@pytest.mark.parametrize("line", [
    "Aug 09 20:26:20 origin-c", "Aug  9 20:26:20 node-1 kubelet", "Aug 09 20:26:20 node kubelet[12",
    "Aug 09 20:26:20 node kubelet[1234]", "Aug 09 20:26:20.885264 ip-10-0-1-17.ec2.internal",
    "2018-08-09T20:26:20+0000 node-1",
])
def test_a_journal_prefix_cut_before_its_tag_is_a_cut_line(line: str) -> None:
    assert journal_cut(line)


@pytest.mark.parametrize("line", [
    "Aug 09 20:26:20 node kubelet[1234]: I0809 20:26:20.1", "Aug 09 20:26:20",
    "Aug 09 20:26:20 the pod restarted again", "origin-c", "We saw it at Aug 09 20:26:20 node",
    "Aug 09 20:26:20 node kubelet[1234]:",
])
def test_a_whole_line_or_words_are_no_journal_cut(line: str) -> None:
    assert not journal_cut(line)


_ERRORED_LOG = ("1. `exec` liveness probes fail:\n  ```\n"
                f"  Aug 09 20:23:47 origin-ci-ig-m-vqm9 origin-node[20148]: {_ERRORED}\n  ```\n\n"
                "2. the kubelet is deleting a Pod:\n  ```\n")


def test_a_kubelet_log_cut_inside_a_journal_prefix_leaves_the_kills_open() -> None:
    """openshift-release-1169 in small: errored liveness calls (no kill, R2.2), then the paste
    ends inside the next journal line's host: later lines may hold failures and kills."""
    answer = explained_answer(_ERRORED_LOG + "  Aug 09 20:26:20 origin-c")
    assert answer.cause is Cause.CANNOT_TELL and answer.failed == (ProbeType.LIVENESS,)
    assert answer.probe_kills == CountRange(0, None)


@pytest.mark.parametrize("tail", [
    "  Aug 09 20:26:20 origin-c\n  ```\n",  # a line break after it: copied so, no cut
    "  Aug 09 20:26:20 origin-ci-ig-m-vqm9 dockerd-current[2010]: stopping container",  # whole
    "  That is all we have",
    "",
])
def test_a_kubelet_log_not_cut_inside_a_journal_prefix_bounds_the_kills(tail: str) -> None:
    answer = explained_answer(_ERRORED_LOG + tail)
    assert answer.failed == (ProbeType.LIVENESS,)
    assert answer.probe_kills == CountRange(0, 0)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("last", [
    "Aug 09 20:26:20 " + "a" * 2_000_000,
    "Aug 09 20:26:20 node " + "k" * 2_000_000,
    "Aug 09 20:26:20 node kubelet[" + "1" * 2_000_000,
    "Aug 09 20:26:20 " + "a " * 1_000_000,
])
def test_a_two_megabyte_last_line_after_a_kubelet_log_reads_in_linear_time(last: str) -> None:
    read_in_one_pass(f"Aug 09 20:23:47 node origin-node[20148]: {_ERRORED}\n{last}")
    assert not journal_cut(last)
