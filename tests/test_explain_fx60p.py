"""The lead's decision of stop 60 (lostrows, RULES.md's P10): a counted table (describe's
Events, a COUNT column) rules a probe's kill out only where its own rows show that no rows
were lost.

Rows are shown lost where the table's counts need starts its rows do not show, past the spam
filter's burst (client-go EventCorrelate: eventObserve counts an occurrence, then filterFunc
may drop it, R4.43) or over the hour the API server keeps an event after its last write
(`--event-ttl`):

- a Pulled row of two or more (an image check before each start, kuberuntime
  EnsureImageExists) with no Created or Started row at all (trivy-operator-1399, calico-2376);
- Created or Started counts short of the restarts the back-off rows need (R4.10-R4.12:
  zadig-84's `101 back-off refusals need at least 8 restarts` beside Created x5);
- Created or Started counts short of a restart count (R4.7).

A liveness or startup failure's row and its Killing row may be among those lost: the kills stay
open (`max: null`) unless a restart count bounds them (R4.7: ends = restarts, plus one where the
last container ended). Near variants keep `{0, 0}`: counts that match the back-off
(docker-gitlab-2245's shape), a table under the burst and inside the hour, and probes listed
whole with no liveness or startup probe (R1.17: no kill is possible whatever was lost).

The rule adds no pattern (no regex): it reads the counts the describe reader already parses."""

from __future__ import annotations

import pytest
from helpers import explained_answer

from kubesim.explain.model import CountRange

_HEAD = ("Events:\n"
         "  Type     Reason     Age                  From     Message\n"
         "  ----     ------     ----                 ----     -------\n")


def _events(*rows: str) -> str:
    return _HEAD + "".join(f"  {r}\n" for r in rows)


_SCHEDULED = ("Normal   Scheduled  50m                  default-scheduler  Successfully "
              "assigned default/web-7d4b9c-x2x4z to node-1")
_BACKOFF = "Warning  BackOff    4s (x{n} over {span})   kubelet  Back-off restarting failed container"
_PULLED = ('Normal   Pulled     5m (x{n} over {span})   kubelet  Container image "nginx:1.25" '
           "already present on machine")
_CREATED = "Normal   Created    5m (x{n} over {span})   kubelet  Created container web"
_STARTED = "Normal   Started    5m (x{n} over {span})   kubelet  Started container web"
_BACKOFF_NAMED = ("Warning  BackOff    4s (x{n} over {span})   kubelet  Back-off restarting failed "
                  "container web in pod web-7d4b9c-x2x4z_default(5fab8d34-336b-4f3c-8170-"
                  "c2d83bebb378)")
_READINESS = ('Warning  Unhealthy  40m (x{n} over {span})  kubelet  Readiness probe failed: Get '
              '"http://10.0.0.9:8080/ready": dial tcp 10.0.0.9:8080: connect: connection refused')


# ---------------------------------------------------------------- rows shown lost: kills open


def test_pulled_past_the_burst_with_no_created_or_started_row_leaves_the_kills_open():
    """A Pulled row counting 205 image checks (EnsureImageExists: one before each start) beside
    no Created or Started row, past the burst (R4.43): the starts' rows are lost, a liveness
    failure's and its Killing row may be lost with them: {0, null} (trivy-operator-1399's
    shape; no restart count)."""
    a = explained_answer(_events(_READINESS.format(n=378, span="24h"),
                                 _PULLED.format(n=205, span="24h"),
                                 _BACKOFF_NAMED.format(n=4915, span="24h")))
    assert a.probe_kills == CountRange(0, None)


def test_created_short_of_the_back_off_past_the_burst_leaves_the_kills_open():
    """Created and Started x3 from the Scheduled row on, BackOff x101 needing at least 8
    restarts (R4.10-R4.12, R4.14), past the burst (R4.43): the starts the back-off needs are
    lost rows, and a probe's failure and kill may be among them: {0, null} (zadig-84's
    shape)."""
    a = explained_answer(_events(_SCHEDULED, _PULLED.format(n=3, span="50m"),
                                 _CREATED.format(n=3, span="50m"),
                                 _STARTED.format(n=3, span="50m"),
                                 _BACKOFF.format(n=101, span="49m")))
    assert a.probe_kills == CountRange(0, None)


def test_created_short_of_the_back_off_over_the_event_ttl_leaves_the_kills_open():
    """Under the burst (24 occurrences) but over two hours: Created and Started x2 beside
    BackOff x20 needing at least 5 restarts (R4.10-R4.12): the API server removed the rows
    last written more than an hour before (`--event-ttl`): {0, null}."""
    a = explained_answer(_events(_CREATED.format(n=2, span="2h"),
                                 _STARTED.format(n=2, span="2h"),
                                 _BACKOFF.format(n=20, span="2h")))
    assert a.probe_kills == CountRange(0, None)


_ROW_COUNT = ("NAME               READY   STATUS             RESTARTS   AGE\n"
              "web-7d4b9c-x2x4z   0/1     CrashLoopBackOff   10         50m\n\n")


def test_created_short_of_a_restart_count_past_the_burst_leaves_the_kills_to_the_count():
    """RESTARTS 10 beside Created and Started x4 from the Scheduled row on, past the burst
    (R4.43): six starts' rows are lost, a liveness failure's among them perhaps; the count
    bounds the kills (R4.7: ten restarts, and the back-off's ended container one more). The
    code before stop 60 answered so too (a restart count its starts do not reach already kept
    the counted table from ruling kills out): this holds the count's bound under the rule."""
    a = explained_answer(_ROW_COUNT + _events(
        _SCHEDULED, _PULLED.format(n=4, span="50m"), _CREATED.format(n=4, span="50m"),
        _STARTED.format(n=4, span="50m"), _BACKOFF.format(n=22, span="49m")))
    assert a.probe_kills == CountRange(0, 11)


# ---------------------------------------------------------------- near variants: {0, 0}


def test_counts_that_match_the_back_off_show_no_row_lost():
    """Pulled, Created and Started x6, from the Scheduled row on, beside BackOff x20 (5
    restarts needed, R4.10-R4.12), past the burst (38 occurrences): every start the counts
    need is shown (docker-gitlab-2245's shape), and the table, with no liveness or startup
    row, rules the probe kills out (the README's back-off rule): {0, 0}."""
    a = explained_answer(_events(_SCHEDULED, _PULLED.format(n=6, span="50m"),
                                 _CREATED.format(n=6, span="50m"),
                                 _STARTED.format(n=6, span="50m"),
                                 _BACKOFF.format(n=20, span="49m")))
    assert a.probe_kills == CountRange(0, 0)


def test_a_table_under_the_burst_and_inside_the_hour_loses_no_row():
    """Created and Started x2 from the Scheduled row on, BackOff x15 (5 restarts needed,
    R4.10-R4.12), 19 occurrences over 20 minutes: under the burst the spam filter dropped
    nothing (R4.43) and inside the hour the TTL removed nothing, so no row is shown lost, and
    the table, with no liveness or startup row, keeps {0, 0} (the README's back-off rule)."""
    a = explained_answer(_events(_SCHEDULED.replace("50m", "20m"),
                                 _CREATED.format(n=2, span="20m"),
                                 _STARTED.format(n=2, span="20m"),
                                 _BACKOFF.format(n=15, span="19m")))
    assert a.probe_kills == CountRange(0, 0)


def test_one_image_check_with_no_created_or_started_row_needs_no_lost_start():
    """A Pulled row of one occurrence beside no Created or Started row, past the burst: one
    image check is one start (EnsureImageExists), which the counts need no more of; no row is
    shown lost by the rule's counts, and the table keeps {0, 0} (the README's back-off rule)."""
    a = explained_answer(_events(_READINESS.format(n=378, span="24h"),
                                 _PULLED.replace("(x{n} over {span})", "").format(),
                                 _BACKOFF_NAMED.format(n=4915, span="24h")))
    assert a.probe_kills == CountRange(0, 0)


_DESCRIBE_READINESS = """Name:         web-7d4b9c-x2x4z
Namespace:    default
Containers:
  web:
    Image:          nginx:1.25
    State:          Waiting
      Reason:       CrashLoopBackOff
    Ready:          False
    Readiness:      http-get http://:8080/ready delay=0s timeout=1s period=10s #success=1 #failure=3
    Environment:    <none>
"""


@pytest.mark.parametrize("rows", [
    (_READINESS.format(n=378, span="24h"), _PULLED.format(n=205, span="24h"),
     _BACKOFF_NAMED.format(n=4915, span="24h")),
    (_SCHEDULED, _CREATED.format(n=3, span="50m"), _STARTED.format(n=3, span="50m"),
     _BACKOFF.format(n=101, span="49m")),
])
def test_probes_listed_whole_with_no_liveness_or_startup_probe_keep_no_kill(rows):
    """The container's block lists its probes whole, a readiness probe alone: whatever rows
    were lost, no probe could kill it (only liveness and startup kill, R1.17, R4.4): {0, 0}."""
    a = explained_answer(_DESCRIBE_READINESS + _events(*rows))
    assert a.probe_kills == CountRange(0, 0)
