"""The lead's decision of stop 59 (fx59h): `liveliness` is the liveness probe.

- `liveliness` before a probe's or check's noun (`probe`, `probes`, `check`, `checks`, fc57a's
  slips of them, `prob`, `probs`; `liveliness-probe`, `livelinessProbe` in prose; a kind
  coordinated after it before the noun, `liveliness and readiness probe`), and `prob`/`probs`
  right after `liveliness` or `liveness`, name the liveness probe wherever the readers read
  `liveness` in prose (misspelt_kind.py, one vocabulary before every reader). The kubelet never
  prints `liveliness`: its message's shape (`Liveliness probe failed:`) is no kubelet's line and
  is left as written; so are a manifest's key, a name, a path and the word with no noun after it.
- The author's own act in the present progressive (`while I am ...ing`, `when I am ...ing`)
  is the author's own occasion, as fc58g's past `when I deployed` is (own_occasion.py):
  contrib-helm-chart-112's `while i am increasing number of pods to 2 or more then the new pods
  are restarting continuously due to liveliness prob failed` is the case's restarts a liveness
  failure caused (fixprose38, R4.4): liveness-kill, {1, null}. `while you are ...`, `when
  upgrading` with no subject, a modal, a conditional, the simple present and a question keep
  it unread.

Each test of a reading fails on the code before fx59h (checked on a `git archive main` copy);
each new or changed pattern reads a 2 MB line in one pass."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.misspelt_kind import misspelt_liveness
from kubesim.explain.readers.own_occasion import blank_own_occasion, unowned_while
from kubesim.spec.model import ProbeType

_TWO_MB = 2_000_000


def _hostile(unit: str) -> str:
    return unit * (_TWO_MB // len(unit)) + "\n"


def _liveness_kill(text: str) -> None:
    """Read as the liveness probe's failure and one kill of it, stated once: {1, null}."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.LIVENESS_KILL, (ProbeType.LIVENESS,), CountRange(1, None), True), \
        (a.cause, a.failed, a.probe_kills)


def _no_liveness(text: str) -> None:
    """Refused, or read with no liveness failure and no kill."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert ProbeType.LIVENESS not in a.failed and a.cause is not Cause.LIVENESS_KILL, \
        (a.cause, a.failed)


# ------------------------------------------------------------ `liveliness` is the liveness probe


@pytest.mark.parametrize("text", [
    # (contrib-helm-chart-112's `liveliness prob failed`, its frame left out)
    "The new pods are restarting continuously due to liveliness prob failed.\n",
    "My pod keeps restarting because the liveliness probe failed.\n",
    "Our pods restart all the time due to liveliness probe failures.\n",
    "The pod restarted due to the livelinessProbe failing.\n",
    "my container restarted due to the liveliness check failing\n",
    "The pods restart because the liveness prob failed.\n",
    # (kubewall-51's sentence)
    "The pod is in the restart loop after few minutes due to failing in liveliness probe .\n",
    "The mongodb pod goes into CrashLoopBackOff because its Liveliness probe fails.\n",
])
def test_liveliness_before_a_probes_noun_is_the_liveness_probe(text):
    """The lead's decision (stop 59, fx59h): `liveliness` before a probe's noun, and `prob`
    right after the kind, the liveness probe; a restart or back-off of the case's own pods it
    caused (fixprose38) is its kill, stated once (R4.4): liveness-kill, {1, null}."""
    _liveness_kill(text)


@pytest.mark.parametrize("pair", [
    ("I am facing the errors in readiness and liveliness probes.\n",
     "I am facing the errors in readiness and liveness probes.\n"),
    ("When deployed the pod fails to pass readiness or liveliness probe.\n",
     "When deployed the pod fails to pass readiness or liveness probe.\n"),
    ("the liveliness-probe fails and the pod restarts\n",
     "the liveness-probe fails and the pod restarts\n"),
    ("Our pod restarted due to liveliness and readiness probe failures.\n",
     "Our pod restarted due to liveness and readiness probe failures.\n"),
])
def test_liveliness_is_read_wherever_liveness_is(pair):
    """One vocabulary: a sentence with `liveliness` before the noun reads as the same sentence
    with `liveness` (each reader's own rules then decide)."""
    misspelt, spelt = pair
    assert misspelt_liveness(misspelt) == spelt


@pytest.mark.parametrize("text", [
    # (a guide's general present)
    "When the liveliness probe fails, the kubelet restarts the container.\n",
    "Liveliness checks inform the kubelet that the pod is running. If this check fails the "
    "kubelet will attempt to restart the pod.\n",
    # (a question)
    "Why does my pod restart due to liveliness probe failures?\n",
    # (a negation)
    "My pod never restarts due to liveliness probe failures.\n",
    # (`liveliness` with no probe's noun after it: no probe named)
    "The pods restart because the liveliness failed.\n",
    "Readiness and Liveliness\n\nThe pod restarts because of liveliness.\n",
    # (`prob` after no kind: a word of its own)
    "The pods restart because the prob failed.\n",
    # (a name, no probe: eks-anywhere-addons-101's deployment)
    "Looks like your deployment `liveliness-check` is failing.\n",
])
def test_liveliness_near_variants_stay_unread(text):
    """A guide's present, a question, a negation, `liveliness` with no probe's noun, `prob`
    after no kind, a name: no liveness failure read."""
    _no_liveness(text)


@pytest.mark.parametrize("text", [
    "Liveliness probe failed: HTTP probe failed with statuscode: 500\n",
    "  Warning  Unhealthy  3m (x4 over 5m)  kubelet  Liveliness probe failed: Get "
    "\"http://10.0.0.5:8080/healthz\": context deadline exceeded\n",
    "Warn: Liveliness probe failed on env:cloud20,name:agent-64f8f59666-wwx98\n",
    "Liveness prob failed: Get \"http://10.0.0.5:8080/healthz\": EOF\n",
])
def test_a_kubelet_styled_line_with_liveliness_is_no_kubelets_line(text):
    """The kubelet never prints `liveliness` (nor `prob`): a row or a message of its shape
    with it is left as written, no kubelet's line (the readers read none of it as a probe's
    failure)."""
    assert misspelt_liveness(text) == text
    _no_liveness(text)


@pytest.mark.parametrize("text", [
    "    livelinessProbe:\n      httpGet:\n        path: /healthz\n",
    '{"livelinessProbe": {"httpGet": {"path": "/healthz"}}}\n',
    "* Pod: `liveliness-check-58c5f759d9-hxl9x` with the error listed below.\n",
    "Get https://10.254.0.24:9443/v1/liveliness: net/http: request canceled\n",
    "Readiness and Liveliness\n",
    "probably a prob in the probes\n",
])
def test_keys_names_paths_and_a_bare_liveliness_are_left_as_written(text):
    """A manifest's key (an unknown field, no probe the API keeps), a pod's name, a path and
    the word with no probe's noun after it: as written."""
    assert misspelt_liveness(text) == text


def test_the_case_of_the_misspelt_kind_is_kept():
    assert misspelt_liveness("LIVELINESS PROBS failed; Liveliness checks; liveliness prob") == \
        "LIVENESS PROBES failed; Liveness checks; liveness probe"


# ------------------------------------------- the author's own act in the present progressive


@pytest.mark.parametrize("text", [
    # (contrib-helm-chart-112's sentence)
    "I am unable to bring more web pods, It is working fine with one pod. while i am increasing "
    "number of pods to 2 or more then the new pods are restarting continuously due to "
    "liveliness prob failed.\n",
    "when i am increasing number of pods to 2 the new pods are restarting continuously due to "
    "liveness probe failed.\n",
    "When we're upgrading the chart, our pods are restarting due to liveness probe failures.\n",
])
def test_the_authors_own_present_progressive_is_their_own_occasion(text):
    """The lead's decision (stop 59, fx59h): `while I am ...ing` and `when I am ...ing` name
    the author's own occasion, as fc58g's `when I deployed`: the case's restarts a liveness
    failure caused after it are read (fixprose38, R4.4): liveness-kill, {1, null}."""
    _liveness_kill(text)


@pytest.mark.parametrize("text", [
    # (another subject: a guide's)
    "while you are increasing number of pods to 2 or more then the new pods are restarting "
    "continuously due to liveness probe failed.\n",
    "when you are increasing number of pods to 2 the new pods are restarting continuously due "
    "to liveness probe failed.\n",
    # (no subject: eks-charts-983's `When upgrading`)
    "When upgrading the chart, our pods are restarting continuously due to liveness probe "
    "failed.\n",
    "while upgrading the chart the new pods are restarting continuously due to liveness probe "
    "failed.\n",
    # (a modal)
    "while i may be increasing number of pods to 2 then the new pods are restarting "
    "continuously due to liveness probe failed.\n",
    # (a conditional)
    "if i am increasing number of pods to 2 then the new pods are restarting continuously due "
    "to liveness probe failed.\n",
    # (the simple present: a rule of each run, as fc58g's `when I deploy`)
    "while i increase number of pods to 2 then the new pods are restarting continuously due to "
    "liveness probe failed.\n",
    # (a question)
    "while i am increasing number of pods to 2, do the new pods restart continuously due to "
    "liveness probe failed?\n",
])
def test_near_variants_of_the_own_progressive_stay_unread(text):
    """Another subject, no subject, a modal, a conditional, the simple present, a question:
    what may happen, no kill read."""
    _no_liveness(text)


def test_the_own_progressives_when_is_blanked_its_length_kept():
    line = "when I am scaling the deployment the pods restart"
    assert blank_own_occasion(line) == "    " + line[4:]
    assert not unowned_while("while we are scaling it", 0, 23)
    assert unowned_while("while you are scaling it", 0, 24)


# --------------------------------------------------------------------- 2 MB lines, one pass


@pytest.mark.parametrize("unit", [
    "liveliness ", "liveliness  and ", "liveliness-", "Liveliness prob ", "liveness prob ",
    "livelinessProbe ", "liveliness and readiness ", "/liveliness ", "prob ",
])
def test_the_misspelt_kind_reads_a_2mb_line_in_one_pass(unit):
    text = _hostile(unit)
    assert len(misspelt_liveness(text)) >= len(text) - 2 * _TWO_MB // len(unit) - 1
    read_in_one_pass(text)


@pytest.mark.parametrize("unit", [
    "when I am ", "when i am increasing ", "while ", "while we are ", "while I ", "when we're ",
])
def test_the_own_progressive_reads_a_2mb_line_in_one_pass(unit):
    text = _hostile(unit)
    assert len(blank_own_occasion(text)) == len(text)
    unowned_while(text, 0, len(text))
    read_in_one_pass(text + "the pods restart due to liveness probe failures.\n")


def test_a_line_so_read_is_said_in_a_note():
    """The reading is said where it was made: a note on each line whose misspelt kind was
    spelt `liveness` (the lines quoted elsewhere then spell it so)."""
    from kubesim.explain.readers.misspelt_kind import MISSPELT_READ
    from kubesim.explain.readers.read import parse_record

    found = parse_record("Hello.\nMy pod keeps restarting because the liveliness probe failed.\n",
                         "r.txt")
    assert [n.where.line for n in found.notes if MISSPELT_READ in n.text] == [2]
