"""Stop 60's fixes of fx60g.

- A `kubectl get pods` row whose STATUS shows an end (`CrashLoopBackOff`: the container ended
  and waits out a back-off, R4.9; `Error`, `Completed`: a terminated reason) counts one end more
  than its RESTARTS (R4.7: restartCount counts the restarts, the ended container not yet
  restarted is one more end): the README's get-pods rule of titles35 ("`{0, sum}` for a running
  pod, one more where the row's STATUS or the container shows an end"), at RESTARTS 0 too and
  for a row of several containers (READY x/N). An `OOMKilled` STATUS is the kernel's end, no
  probe's (geti-v2-146's sum: `{0, R}`). A record that shows no probe settings never says the
  container has no liveness or startup probe: a probe it does not show may exist (the README's
  back-off rule of rules43).
- The lead's decision of stop 60 (stayedzero, omec-amf-814): a restart count told as staying or
  remaining 0 in a past first-person observation of the case (`We watched that happen ...,
  \\`restartCount\\` stayed 0`) is crashcatch55's stated no-restart of the case's pod: no end,
  `{0, 0}` (stayed_zero.py). A guide's present, a conditional, a question, a modal, a negation,
  an expectation, no first person's seeing and another pod's or no pod's count state none.

Hand-written variants beside each that must stay as they are."""

from __future__ import annotations

import pytest
from helpers import answer_unless_refused, assert_not_a_record, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange

_ROW = ("NAME                    READY   STATUS             RESTARTS   AGE\n"
        "web-7d4b9c6f5d-abcde    {ready}     {status}   {count}          2m\n")


def _row(ready: str, status: str, count: int) -> tuple[Cause, int, int | None, bool]:
    a = explained_answer(_ROW.format(ready=ready, status=status, count=count))
    return a.cause, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures


# ------------------------------------------------- a get-pods row's STATUS showing an end: R + 1


@pytest.mark.parametrize("ready", ["0/1", "1/1", "1/2", "0/2", "2/3"])
@pytest.mark.parametrize("status", ["CrashLoopBackOff", "Error", "Completed"])
@pytest.mark.parametrize("count", [0, 3])
def test_a_row_whose_status_shows_an_end_counts_one_end_more(ready: str, status: str,
                                                             count: int) -> None:
    """README's get-pods rule (titles35): the ended container is not yet restarted, so RESTARTS
    counts one end fewer than the row's containers made (R4.7): `{0, R + 1}`, what ended them
    not told; at R = 0 as at R > 0, of one container or several."""
    assert _row(ready, status, count) == (Cause.CANNOT_TELL, 0, count + 1, True)


@pytest.mark.parametrize("ready", ["1/2", "2/3"])
@pytest.mark.parametrize("count", [0, 3])
def test_a_row_of_several_oom_killed_counts_its_restarts(ready: str, count: int) -> None:
    """An OOMKilled STATUS is the kernel's end, no probe's: the sum bounds each container's
    kills, no more (geti-v2-146's `2/3 OOMKilled 16`: `{0, 16}`)."""
    assert _row(ready, "OOMKilled", count) == (Cause.OOM_KILLED, 0, count, True)


@pytest.mark.parametrize(("ready", "status", "count", "most"), [
    ("1/1", "Running", 0, 0), ("1/1", "Running", 3, 3), ("0/1", "Running", 3, 3),
    ("2/2", "Running", 3, 3), ("1/2", "Running", 0, 0),
    ("0/1", "ContainerCreating", 0, 0), ("0/1", "ContainerCreating", 3, 3),
    ("1/2", "ContainerCreating", 0, None),  # (fixrows90: a container made again stays open)
    ("0/1", "ImagePullBackOff", 0, 0), ("1/2", "ImagePullBackOff", 0, 0),
    ("1/2", "ImagePullBackOff", 3, 3), ("0/1", "Pending", 3, 3),
    ("0/1", "Pending", 0, None), ("1/2", "Pending", 0, None),
    ("1/1", "OOMKilled", 0, 0), ("1/1", "OOMKilled", 3, 0)])
def test_a_row_whose_status_shows_no_end_keeps_its_answer(ready: str, status: str, count: int,
                                                          most: int | None) -> None:
    """The near variants: a running row (R), a row waiting before its start (its image, no end:
    fx60d's rule), `ContainerCreating` of several (open, fixrows90), `Pending` (open where no
    count is above 0), a row of one OOMKilled (the OOM rule): as explain read them before."""
    assert _row(ready, status, count)[1:3] == (0, most)


_NAMED = ("NAME                          READY   STATUS             RESTARTS      AGE\n"
          "core-smf-7c5d9b6f4-k8j7h    1/2     {status}   {count}   9m\n\n"
          "$ kubectl logs core-smf-7c5d9b6f4-k8j7h\n"
          'Defaulted container "smf" out of: smf, proxy, wait-nrf (init)\n'
          "2024-03-01T10:00:00Z [INFO] starting\n")


@pytest.mark.parametrize("status", ["CrashLoopBackOff", "Error", "Completed"])
@pytest.mark.parametrize("count", [0, 4])
def test_a_named_container_beside_a_row_showing_an_end_counts_one_more(status: str,
                                                                       count: int) -> None:
    """A container the record names without its own count beside the row of the pod's several
    (row_sum.py): each count is at most the sum, and one more where the row's STATUS shows an
    end, which container's not told (README's get-pods rule, R4.7)."""
    a = explained_answer(_NAMED.format(status=status, count=count),
                         pod="core-smf-7c5d9b6f4-k8j7h", container="proxy")
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == \
        (Cause.CANNOT_TELL, 0, count + 1, True)


@pytest.mark.parametrize(("status", "count", "most"), [
    ("Running", 0, 0), ("Running", 4, 4), ("ImagePullBackOff", 4, 4), ("OOMKilled", 4, 4)])
def test_a_named_container_beside_a_row_showing_no_killable_end_keeps_the_sum(
        status: str, count: int, most: int) -> None:
    a = explained_answer(_NAMED.format(status=status, count=count),
                         pod="core-smf-7c5d9b6f4-k8j7h", container="proxy")
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, most)


@pytest.mark.parametrize("ready", ["0/1", "1/2"])
def test_a_back_off_beside_no_probe_settings_says_no_container_lacks_a_probe(ready: str) -> None:
    """The record shows no probe settings: a probe it does not show may exist (README's
    back-off rule), so neither the range nor the diagnosis says the container has none; the
    back-off's end is told (R4.9)."""
    a = explained_answer(_ROW.format(ready=ready, status="CrashLoopBackOff", count=0))
    assert "no liveness or startup probe" not in a.probe_kills.because
    assert "back-off" in a.because and "nothing to explain" not in a.text


@pytest.mark.parametrize("text", [
    # a kill for no probe (the pod's own stop, dockershim's message; k8s-81723's shape)
    '"Killing container with id docker://web:Need to kill Pod"\nReason: "Killing"\n',
    # an end the runtime made before the process ran (paddlecloud-195's shape, R1.25)
    "      terminated:\n        exitCode: 128\n        reason: ContainerCannotRun\n"
    "        startedAt: null\n"])
def test_nothing_that_could_kill_says_what_the_record_shows(text: str) -> None:
    """Where nothing in the record could be a probe kill and it shows no probe settings, the
    reason says the record shows none, not that the container has none."""
    because = explained_answer(text).probe_kills.because
    assert "the record shows no liveness or startup probe" in because
    assert "it has no liveness or startup probe" not in because


def test_nothing_that_could_kill_beside_the_probes_listed_whole_says_it_has_none() -> None:
    """The pod's spec lists the container's probes whole, none a liveness or startup probe:
    the container has none (only those kill, R1.17)."""
    a = explained_answer(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n"
        "  - name: web\n    image: nginx\n    readinessProbe:\n      httpGet:\n        path: /\n"
        "        port: 80\nstatus:\n  containerStatuses:\n  - name: web\n    ready: true\n"
        "    restartCount: 0\n    state:\n      running:\n"
        '        startedAt: "2024-01-01T00:00:00Z"\n')
    assert a.probe_kills == CountRange(0, 0, a.probe_kills.because)
    assert "it has no liveness or startup probe" in a.probe_kills.because


# ---------------------------------------- a restart count told as staying 0 over a watched run

_OMEC = """\
## The state this detects

An AMF that has held NGAP associations and then lost all of them keeps running. Its process is
alive, its listener is still bound, its SBI still answers, and it serves nobody. Nothing it does
distinguishes it from an idle deployment, so an orchestrator has no reason to restart it and an
operator has nothing to look at.
{observed}
**Stacked on #813**, which adds the association count this reads.
"""
_WATCHED = """
We watched that happen for thirty minutes during a 10 000-UE run: all four SCTP associations died
within 2 ms of each other with `ETIMEDOUT`, the handler goroutines exited, `restartCount` stayed 0,
the pod stayed `Ready`, and `/proc/net/sctp/assocs` was empty. The run appeared to be progressing.
"""


def _no_end(text: str) -> None:
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), 0, 0, False)


def test_a_count_that_stayed_0_over_a_watched_run_is_no_restart() -> None:
    """omec-amf-814's shape: the author's past seeing (`We watched`) of the case, its count
    staying 0 on the next line of the sentence: no restart, no end, {0, 0} (the lead's
    decision, stop 60); the guide's general sentence above it stays unread."""
    _no_end(_OMEC.format(observed=_WATCHED))


def test_the_general_sentence_alone_stays_refused() -> None:
    """Without the observation the page tells no case: refused, as before."""
    assert_not_a_record(_OMEC.format(observed=""))


@pytest.mark.parametrize("text", [
    "We saw that the restart count stayed at zero while the app served nothing.\n",
    "I observed that RESTARTS stayed at 0 the whole night.\n",
    "We watched the pod for an hour and `restartCount` remained 0.\n",
    "During the load test we noticed its restart count remained at 0, and the pod stayed Ready.\n",
    "I watched the run for 20 minutes: the pod's restartCount stayed 0 and nothing was served.\n",
    "We monitored it all day and\nthe restart count stayed `0`.\n",
])
def test_a_count_told_staying_0_in_a_first_person_past_seeing(text: str) -> None:
    _no_end(text)


@pytest.mark.parametrize("text", [
    # a guide's present
    "`restartCount` stays 0 when the process keeps running.\n",
    "We watch the pod, and restartCount stays 0.\n",
    # a conditional, a question
    "If we saw that restartCount stayed 0, the probe was never set.\n",
    "Did we see that restartCount stayed 0?\n",
    # a modal, an expectation
    "We saw, as the docs say it should, that restartCount stayed 0.\n",
    "We watched and expected that the restart count remained 0.\n",
    "We saw restartCount should stay 0.\n",
    # a negation
    "We never saw that restartCount stayed 0.\n",
    "We saw that restartCount did not stay 0.\n",
    "We saw no sign that restartCount stayed 0.\n",
    "We did not watch it; restartCount stayed 0.\n",
    # no first person's seeing
    "The restartCount stayed 0 and the pod stayed Ready.\n",
    "We ran it for an hour. The restart count stayed 0.\n",
    # another pod's, no pod's count, a count above 0
    "We saw that another pod's restartCount stayed 0.\n",
    "We saw that the sidecar's restartCount stayed 0.\n",
    "We saw that a restart count stayed 0.\n",
    "We saw that restartCount stayed 3.\n",
    "We saw that restartCount stayed 0.5 on average.\n",
])
def test_a_count_staying_0_told_otherwise_stays_unread(text: str) -> None:
    """The near variants read nothing: refused (no other reader reads them)."""
    assert answer_unless_refused(text) is None


@pytest.mark.parametrize("text", [
    "We saw " + "restartCount stayed " * 150_000 + "\n",
    "We watched " + "`restartCount` " * 150_000 + "stayed 0\n",
    "restart stayed " + "a" * 2_000_000 + "\n",
    "We saw that the " + "pod's " * 350_000 + "restartCount stayed 0\n",
    "We saw" + " " * 2_000_000 + "restartCount stayed 0\n",
    "We saw the restart count stayed at one and\n" * 20_000,
])
def test_the_new_reading_is_one_pass_on_a_hostile_line(text: str) -> None:
    read_in_one_pass(text)
