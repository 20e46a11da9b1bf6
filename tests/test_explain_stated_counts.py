"""What the record states outweighs what kubesim infers from it (issue 30, item 2): the
containers a record's Created/Started rows count bound the probe kills, over the restarts its
back-off refusals need under the kubelet's back-off (R4.11-R4.14); where the two disagree the
record is inconsistent (the kubelet's event recorder drops and merges events) and every
format says so. emberstack-reflector-426 in small: one startup Killing row, Created/Started
x2, BackOff x16 after the last start."""

from __future__ import annotations

import json
import re

from helpers import cli as kubesim
from helpers import explained_answer, kill_bounds
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim.explain.model import Cause, CountRange
from kubesim.render.explain_formats import answer_lines

_RECORD = """Events:
  Type     Reason     Age                   From     Message
  ----     ------     ----                  ----     -------
  Normal   Killing    {kill:<21} kubelet  Container app failed startup probe, will be restarted
  Normal   Created    20m (x{n} over 21m)     kubelet  Created container app
  Normal   Started    20m (x{n} over 21m)     kubelet  Started container app
  Warning  Unhealthy  16m (x{u} over 21m)    kubelet  Startup probe failed: Get "http://10.1.2.3:8080/healthz": dial tcp 10.1.2.3:8080: connect: connection refused
  Warning  BackOff    {backoff:<21} kubelet  Back-off restarting failed container
"""
AT_THE_LAST_START = "20m"  # the Killing row's last: the last start's minute, either side of it
BEFORE_THE_LAST_START = "22m"
AFTER_THE_LAST_START = "2m (x{r} over 14m)"  # every refusal later than the last start
BEFORE_IT = "21m (x{r} over 21m)"  # no refusal certainly after the last start


_SCHEDULED = ("  Normal   Scheduled  26m                   default-scheduler  Successfully "
              "assigned default/app-0 to node-1\n")


def _record(n: int, r: int, kill: str = AT_THE_LAST_START, backoff: str = AFTER_THE_LAST_START,
            k: int = 1, u: int = 3, scheduled: bool = False) -> str:
    kills = f"{kill} (x{k} over 25m)" if k > 1 else kill  # describe prints no count for one
    text = _RECORD.format(n=n, kill=kills, backoff=backoff.format(r=r), u=u)
    if not scheduled:
        return text
    head, rows = text.split("  Normal   Killing", 1)
    return head + _SCHEDULED + "  Normal   Killing" + rows


def _occurrences(n: int, r: int, k: int, u: int = 40) -> int:
    """The kubelet's event occurrences `_record` shows: the recorder drops none below its spam
    filter's burst (25 of a source about a pod, whatever the reason or message: client-go's
    getSpamKey, R4.43; the scheduler's Scheduled row is another source's, none of them)."""
    return k + 2 * n + u + r


def _most_refusals(containers: int) -> float:
    """The most back-off refusals `containers` containers allow: one wait after each exit
    but the first (R4.12), of 10, 20, 40 ... 300 s (R4.11), and while it waits the kubelet
    syncs the pod at most every 10 s (the error requeue, R4.14) and every 60 s (the resync),
    plus once at either end."""
    waits = [min(10.0 * 2 ** i, 300.0) for i in range(containers - 1)]
    return sum(d / 10 + d / 60 + 2 for d in waits)


def test_two_stated_containers_bound_the_kills_over_sixteen_refusals():
    """16 refusals need 5 containers that ended (R4.11-R4.14: waits of 10, 20, 40 s allow at
    most 3.2 + 4.3 + 6.7 = 14.2 refusals, so a fourth wait, after a fifth exit); the record
    states 2 containers. The stated count bounds the kills: the one Killing row, and the
    second container, which the back-off shows ended, may have been a startup kill too."""
    assert _most_refusals(4) < 16 <= _most_refusals(5)
    a = explained_answer(_record(n=2, r=16))
    assert a.cause is Cause.STARTUP_KILL
    assert a.probe_kills == CountRange(1, 2)
    assert ("the record is inconsistent: 16 back-off refusals need at least 5 restarts "
            "(R4.11-R4.14), but it shows 2 containers") in a.text
    assert "counted from what it shows" in a.text


def test_refusals_the_stated_containers_allow_are_no_inconsistency():
    """Short of the recorder's burst (24 occurrences) the five containers bound the kills; past
    it (16 refusals: 30) they count the containers from below (R4.43), no inconsistency."""
    a = explained_answer(_record(n=5, r=10))
    assert _occurrences(5, 10, 1, u=3) < 25
    assert a.probe_kills == CountRange(1, 5)
    assert "inconsistent" not in a.text
    past = explained_answer(_record(n=5, r=16))
    assert past.probe_kills == CountRange(1, None)
    assert "inconsistent" not in past.text


def test_the_last_container_counts_only_where_the_record_shows_it_ended_unkilled_before():
    """n containers: each before the last ended once (n - 1 kills at most); the last only
    where a back-off refusal comes after the last start (the kubelet refuses only the start
    of a container that exited, R4.9), and where the Killing rows do not all come before the
    last start (a kill of the last container would be their latest occurrence: client-go's
    eventObserve folds one message into one row), unless the recorder may have dropped that
    kill: the kubelet's occurrences about the pod reach its spam filter's burst (25 of a
    source about a pod, not a message: getSpamKey, R4.43; influxdata-charts-555; at exactly
    24 beside the scheduler's Scheduled row, short of it: fixburst52), or the record does not
    show them all (rows from the pod's Scheduled row on; sonarqube-helm-325's
    `describe | tail`)."""
    assert explained_answer(_record(n=4, r=10, k=3)).probe_kills == CountRange(3, 4)
    whole = {"n": 4, "r": 3, "k": 3}
    assert _occurrences(**whole, u=10) < 25 <= _occurrences(**whole, u=11)
    before = explained_answer(_record(**whole, u=10, kill=BEFORE_THE_LAST_START, scheduled=True))
    assert before.probe_kills == CountRange(3, 3)
    dropped = explained_answer(_record(**whole, u=11, kill=BEFORE_THE_LAST_START,
                                       scheduled=True))
    # past the burst the Created and Started x4 count the containers from below too (R4.43,
    # stop 53): the kill the recorder may have dropped leaves the kills open
    assert dropped.probe_kills == CountRange(3, None)
    # rows without the pod's Scheduled row (a `describe | tail`): rows above may be cut away,
    # their occurrences with them
    tail = explained_answer(_record(n=4, r=3, k=3, u=9, kill=BEFORE_THE_LAST_START))
    assert tail.probe_kills == CountRange(3, 4)
    assert explained_answer(_record(n=4, r=3, backoff=BEFORE_IT)).probe_kills == CountRange(1, 3)


def test_a_stated_restart_count_bounds_the_back_off_inference_too():
    record = """Containers:
  app:
    Image:          example/app:1
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
    Ready:          False
    Restart Count:  {count}
    Liveness:       http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3
Events:
  Type     Reason   Age                From     Message
  ----     ------   ----               ----     -------
  Warning  BackOff  2m (x40 over 14m)  kubelet  Back-off restarting failed container
"""
    assert _most_refusals(5) < 40 <= _most_refusals(6)
    a = explained_answer(record.format(count=1))
    assert "40 back-off refusals need at least 6 restarts (R4.11-R4.14), but it shows " \
           "restartCount 1" in a.text
    assert a.probe_kills.hi == 2  # R4.7: waiting, its count is the ended instance's: 2 ended
    assert "inconsistent" not in explained_answer(record.format(count=6)).text


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 7), r=st.integers(2, 150), k=st.integers(1, 7),
       kill=st.sampled_from([AT_THE_LAST_START, BEFORE_THE_LAST_START]),
       backoff=st.sampled_from([AFTER_THE_LAST_START, BEFORE_IT]))
def test_the_stated_containers_bound_the_kills_whatever_the_refusals(n, r, k, kill, backoff):
    """The Killing rows are a floor; n stated containers a ceiling (n where the last may have
    been killed, else n - 1) that no count of refusals raises; the record is named inconsistent
    exactly when the refusals are more than n containers allow (R4.11-R4.14)."""
    k = min(k, n)
    a = explained_answer(_record(n=n, r=r, kill=kill, backoff=backoff, k=k))
    # (rows without the pod's Scheduled row: a kill of the last container may be one the
    # recorder dropped, whatever the Killing rows' times; see the test above)
    last = backoff == AFTER_THE_LAST_START
    if _occurrences(n, r, k, u=3) >= 25:  # past the recorder's burst: a floor only (R4.43)
        assert a.probe_kills == CountRange(k, None)
        return
    assert a.probe_kills == CountRange(k, n if last else max(k, n - 1))
    assert ("the record is inconsistent" in a.text) == (r > _most_refusals(n))


def test_the_inconsistency_is_named_in_every_format(capsys, tmp_path):
    """Text, JSON, the HTML page's document and the MCP summary (`answer_lines`) render the
    one diagnosis."""
    path = tmp_path / "r.txt"
    path.write_text(_record(n=2, r=16))
    page = tmp_path / "r.html"
    code, out, err = kubesim(capsys, "explain", str(path), "--format", "json", "--no-suggest",
                             "--phases", "1", "--html", str(page))
    assert code == 0, err
    said = "the record is inconsistent: 16 back-off refusals need at least 5 restarts"
    (container,) = json.loads(out)["containers"]
    assert said in container["answer"]["text"]
    assert said in " ".join(answer_lines(container["answer"]))  # the MCP summary's lines
    assert kill_bounds(container["answer"]["probe_kills"]) == {"min": 1, "max": 2}
    embedded = re.search(r'<script type="application/json" id="kubesim-data">(.*?)</script>',
                         page.read_text(), re.DOTALL)
    assert embedded is not None and said in embedded.group(1)
    code, out, err = kubesim(capsys, "explain", str(path), "--no-suggest", "--phases", "1")
    assert code == 0, err
    assert said in " ".join(out.split())  # the text wraps its lines
