"""Held-out batches 90 and 92 (fixprose90): the word `cut` as the author's cut mark, a
describe piece right under the author's cut, OOMKilled stated of a possessive's container, and
a container stated as having hit its probe's Killing event.

- `---CUT---`, `-- cut --`, `[cut]`, `<cut>`, `(cut)` on a line alone: the author's cut, as
  `-- snip --` is (normalise.py); the word alone or inside a sentence stays a word.
- A describe piece naming no pod, right under the author's cut, that ends in its container's
  block before the Restart Count (fastapi-3019: `---CUT---`, then `State: Running` and a Last
  State of exit code 137): an excerpt of a describe, its count cut away, so its one end bounds
  no kills, `{0, null}` (piece_under_cut.py). A grep's piece (no cut above it), a cut with prose
  between it and the piece, and a piece that states its Restart Count keep their bound.
- `\\`home-assistant\\`'s \\`main\\` container was OOMKilled once` (mrwulf-home-cluster-5028): a
  possessive of the case's app as the determiner of its own container (the README's subject of
  a statement of the case), backticks escaped by a backslash as the page's source keeps them:
  OOMKilled, `{0, 0}`, container main (stated_kill.EN_OOM). Another's possessive (`a
  colleague's`), an indefinite's, a contraction, a conditional, a question and a negation stay
  unread.
- `only `qbittorrent` repeatedly hit `Killing ... failed startup probe``
  (shepherdjerred-monorepo-1441): the kubelet's Killing event of a startup probe, quoted, as what
  the container named hit: startup-kill, `{1, null}`, container qbittorrent (hit_killing.py). A
  readiness probe, a quote of no Killing event, a pronoun's, the present, a conditional, a
  question and a negation stay unread.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.normalise import is_cut
from kubesim.explain.readers.read import parse_record
from kubesim.results import ProbeType

# ------------------------------------------------ the word `cut` as the author's mark


@pytest.mark.parametrize("line", [
    "---CUT---", "--- cut ---", "-- Cut --", "  [cut]", "<CUT>", "(cut)", "[ cut ]",
])
def test_the_word_cut_set_apart_is_the_authors_cut(line):
    """Between dashes or in brackets, alone on its line: a cut, as `-- snip --` is."""
    assert is_cut(line)


@pytest.mark.parametrize("line", [
    "cut", "CUT", "cut -d: -f1", "--- cut here and there ---x", "I cut the output ---",
    "[cut] the rest was the same", "---CUT---and more", "cutting", "--cut-dirs=2",
])
def test_the_word_cut_in_words_is_no_mark(line):
    """Alone (a command's name, a word), inside a sentence or beside other words: no cut."""
    assert not is_cut(line)


# ------------------------------------------------ a describe piece under the author's cut

_PIECE = (
    "    State:          Running\n"
    "      Started:      Tue, 30 Mar 2021 13:53:24 -0700\n"
    "    Last State:     Terminated\n"
    "      Reason:       Error\n"
    "      Exit Code:    137\n"
    "      Started:      Tue, 30 Mar 2021 13:32:34 -0700\n"
    "      Finished:     Tue, 30 Mar 2021 13:53:23 -0700\n")


@pytest.mark.parametrize("above", [
    "The forked workers max out the cores. This leads to\n\n---CUT---\n",
    "This leads to\n\n...\n",
    "Here it is:\n<SNIP>\n\n",
    "Here it is:\n```\n[cut]\n",
    "Output:\n-- snip --\n```\n",
])
def test_a_piece_under_the_authors_cut_leaves_the_kills_open(above):
    """The one end it shows bounds no kills: the Restart Count is cut away with the rest."""
    a = explained_answer(above + _PIECE)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))
    assert a.shows_failures


@pytest.mark.parametrize("above", [
    "```\n$ kubectl describe pods | grep -B2 -A4 'Last State:'\n",  # a grep's whole output
    "This leads to\n\n",  # no cut at all
    "...\nThe rest of the describe is below, then the state:\n\n",  # prose between
    "It is cut ---\n",  # the word in a sentence
])
def test_a_piece_under_no_cut_keeps_its_one_end(above):
    """A piece that no cut stands right above shows what it shows: at most its one end."""
    a = explained_answer(above + _PIECE)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 1))


def test_a_piece_under_a_cut_that_states_its_restart_count_is_bounded_by_it():
    """The count the excerpt shows bounds the kills as before (a running container's `R`)."""
    a = explained_answer("---CUT---\n" + _PIECE + "    Ready:          True\n"
                         "    Restart Count:  2\n")
    assert a.probe_kills == CountRange(0, 2)


@pytest.mark.parametrize("text", [
    "---" * 300_000 + "cut\n",
    "[" * 1_000_000 + "cut\n",
    "-- cut " * 300_000 + "\n",
    "(cut)" * 400_000 + "\n",
])
def test_the_cut_marks_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB of the marks' characters, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ OOMKilled stated of a possessive's container


@pytest.mark.parametrize(("text", "name"), [
    ("## Problem\n\n\\`home-assistant\\`'s \\`main\\` container was OOMKilled once on "
     "2026-08-30. Checked current usage.\n", "main"),
    ("`home-assistant`'s `main` container was OOMKilled once on 2026-08-30.\n", "main"),
    ("ArgoCD's repo-server container got OOMKilled yesterday, so we raised the limit.\n",
     "repo-server"),
    ("Grafana's pod was OOMKilled twice during the import.\n", None),
    ("The \\`main\\` container was OOMKilled once.\n", "main"),  # no possessive, escaped
])
def test_oomkilled_stated_of_a_possessives_container_is_its_end(text, name):
    """The case's own container named after its app's possessive (backticks escaped or not):
    OOMKilled, no probe kill, `{0, 0}`, under the container the sentence names."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.OOM_KILLED, CountRange(0, 0))
    found = parse_record(text, "r.txt")
    assert [c.name for p in found.pods for c in p.containers] == [name]


@pytest.mark.parametrize("text", [
    "A colleague's container was OOMKilled once last week.\n",  # another's
    "Another team's pod was OOMKilled twice.\n",
    "Someone's pod was OOMKilled again, they said.\n",  # an indefinite's
    "If grafana's container was OOMKilled, raise its memory limit.\n",  # a conditional
    "Grafana's container was OOMKilled?\n",  # a question
    "Grafana's container was not OOMKilled, the sidecar was.\n",  # a negation
    "That's container OOMKilled again, the dashboard says.\n",  # a contraction
    "The operator's pod OOMKilled status is shown in red.\n",  # a status's label, no verb
])
def test_oomkilled_of_no_possessive_of_the_case_stays_unread(text):
    """The negative side: the paste alone is refused (no end read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "\\`a\\`'s " * 250_000 + "container was OOMKilled again\n",
    "x's " * 500_000 + "pod was OOMKilled again\n",
    "'s" * 1_000_000 + " container was OOMKilled\n",
    "\\`" * 1_000_000 + "'s container was OOMKilled\n",
])
def test_the_possessive_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ a container that hit a probe's Killing event


@pytest.mark.parametrize(("text", "name", "probe"), [
    ("## Root cause\nConfirmed on the live pod: `gluetun` was healthy; only `qbittorrent` "
     "repeatedly hit `Killing ... failed startup probe` at ~30s while it was still starting.\n",
     "qbittorrent", ProbeType.STARTUP),
    ("After the upgrade api got \"Killing Container api failed liveness probe, will be "
     "restarted\" every few minutes.\n", "api", ProbeType.LIVENESS),
    ("The worker container is fine, but `web` kept hitting `Killing ... failed liveness "
     "probe` overnight.\n", "web", ProbeType.LIVENESS),
])
def test_a_container_that_hit_a_probes_killing_event_was_killed_by_it(text, name, probe):
    """That probe's failure and one kill of the container the sentence names, at least once,
    no count: `{1, null}`."""
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    [c] = ex.containers
    assert c.name == name and c.answer is not None
    assert (c.answer.probe, c.answer.probe_kills) == (probe, CountRange(1, None))


@pytest.mark.parametrize("text", [
    "only `qbittorrent` repeatedly hit `Killing ... failed readiness probe` at ~30s\n",
    "Then we hit `Killing ... failed startup probe` at ~30s and gave up.\n",  # a pronoun
    "If `web` hits `Killing ... failed liveness probe`, raise its threshold.\n",  # the present
    "If `web` hit `Killing ... failed liveness probe`, raise its threshold.\n",  # a conditional
    "Has `web` ever got `Killing ... failed liveness probe`? Here it never did.\n",
    "`web` never hit `Killing ... failed liveness probe` in our tests, it is fine.\n",
    "`web` did not get `Killing ... failed liveness probe` after the fix.\n",  # a negation
])
def test_no_containers_hit_of_a_killing_event_stays_unread(text):
    """The negative side: the paste alone is refused (no kill read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_a_hit_of_a_probes_failure_quoted_is_no_kill():
    """A quote of the probe's failure, no Killing event: the failure (quoted_message.py), and
    no kill read."""
    a = explained_answer("only `qbittorrent` repeatedly hit `Liveness probe failed: connection "
                         "refused` at ~30s\n")
    assert a.probe_kills.lo == 0 and a.failed == (ProbeType.LIVENESS,)


@pytest.mark.parametrize("text", [
    "`a` hit `Killing " * 120_000 + "\n",
    "web hit \"Killing " + "x " * 1_000_000 + "failed liveness probe\"\n",
    "Killing " * 250_000 + "\n",
    "web repeatedly hit `Killing ... failed startup " * 45_000 + "\n",
])
def test_the_hit_of_a_killing_event_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
