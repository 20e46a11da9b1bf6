"""Held-out batches 124-125 (fc55j): a probe's failures told after what shows them, a pod's
status with an exit told in prose above it, and a pod's status as JSON cut in its containers.

- The kubelet's message told in the author's words after what shows it (failprose54's rule,
  said_failing._SHOWN_MESSAGE), in more of the words authors use (odd-platform-1664: `in the
  events of K8s it shows both the the Readiness and Liveness Probe are failing with the status
  code of 503`): `it` showing in the progressive, the events showing, a conjunction of probes
  (each failed), `are failing`, and the code's noun with `of`: each probe's failure, at least
  once, no count.
- An exit the case's pod's status shows, stated in prose above that pod's status cut before
  its container's state (katafygio-81: `The only thing showing in the status is an exit with
  status code 2 :`): its one container ended with that code, at least once, State or Last
  State not told, no count (status_exit.py): with no probe settings and no event, cannot-tell,
  {0, null}.
- A container the kubelet's `containers with unready status` list names and the record shows
  no status of (cos-lite-bundle-103: the list names prometheus, the statuses show charm ready
  and an item cut before its name): a container of the pod, not ready, nothing else of it
  (unready.give_unready_listed): `--container` asks of it, cannot-tell, {0, null}, no failure.

Hand-written variants beside those that must stay unread (a disjunction, a conditional, a
negation, a question, a guide's time, a modal, another pod's events)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError, UsageError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.stated_crashloop import bare_pod

# ------------------------------------------------ the probes' failures the events show


@pytest.mark.parametrize(("text", "probes"), [
    ("Our pods are running fine but it occasionally restarts and in the events of K8s it shows "
     "both the the Readiness and Liveness Probe are failing with the status code of 503.\n",
     ("liveness", "readiness")),
    ("After few minutes in the events its showing the both the Liveness  and the Readiness probe "
     "are failing with an error code of 503.\n", ("liveness", "readiness")),
    ("The events show the liveness probe failing with a status code of 500.\n", ("liveness",)),
    ("It is showing liveness and readiness probes failing with connection refused.\n",
     ("liveness", "readiness")),
])
def test_the_probes_failing_told_after_what_shows_them_are_those_failures(text, probes):
    """Each probe named failing with a failure as the kubelet reports one, after the events
    or `it` showing it: that probe's failure, at least once, no count (a liveness failure
    with no end and no count bounds no kills: {0, null})."""
    a = explained_answer(text)
    assert (a.shows_failures, a.failed) == (True, probes)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))


def test_a_readiness_failure_the_events_show_is_readiness_only():
    """The readiness probe alone: its failure ends nothing (R3.4): readiness-only, {0, 0}."""
    a = explained_answer("It's showing the readiness probe is failing with an error code of "
                         "503.\n")
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.READINESS_ONLY, CountRange(0, 0), True, ("readiness",))


@pytest.mark.parametrize("text", [
    "It shows readiness or liveness probe failing with 503.\n",  # which one, not told
    "If the events show liveness and readiness probes failing with 503, raise the delay.\n",
    "The events never show liveness and readiness probes failing with 503.\n",  # a negation
    "Do the events show liveness and readiness probes failing with 503?\n",  # a question
    "It is showing liveness and readiness probes failing with 503 when the app is busy.\n",
    "The events may show liveness and readiness probes failing with 503.\n",  # a modal
    "The other pod's events show liveness and readiness probes failing with 503.\n",
    "In another pod it is showing liveness and readiness probes failing with 503.\n",
])
def test_failures_shown_of_no_case_are_no_record(text):
    """The negative side: the paste alone is refused (no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "it shows both the the readiness and liveness probe are failing with the status code of "
    * 23_000 + "\n",
    "the events show " * 130_000 + "liveness probe failing with 503\n",
    "its showing " + "both the " * 230_000 + "liveness probe failing with 503\n",
    "it shows liveness and " * 95_000 + "readiness probe failing with an error code of 503\n",
    "failing with an error code of " * 70_000 + "503\n",
])
def test_the_shown_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    assert len(text) > 1_900_000
    read_in_one_pass(text)


# ------------------------------------------------ an exit the case's status shows, in prose

_STATUS_CUT = ("\n```yaml\n  conditions:\n  - lastProbeTime: null\n"
               "    lastTransitionTime: \"2019-07-11T09:39:02Z\"\n"
               "    message: 'containers with unready status: [backup]'\n"
               "    reason: ContainersNotReady\n    status: \"False\"\n    type: Ready\n"
               "  containerStatuses:\n  - containerID: docker://ca73ca13dffcfe72b1e2\n")
_STATUS_RUNNING = ("\n```yaml\n  containerStatuses:\n  - name: backup\n    ready: false\n"
                   "    restartCount: 0\n    state:\n      running:\n"
                   "        startedAt: \"2019-07-11T09:39:02Z\"\n```\n")


@pytest.mark.parametrize(("said", "code"), [
    ("It seemes that ressources is not the point here. The only thing showing in the status "
     "is an exit with status code 2 : ", 2),
    ("The pod's status shows exit code 1.", 1),
    ("Its status says an exit with code: 137", 137),
    ("The only thing shown in the pod status was an exit with an error code of 3.", 3),
])
def test_an_exit_the_status_shows_is_the_containers_end(said, code):
    """The exit the case's status shows, its one container's state not in the record: that
    container ended with the code, State or Last State untold; no probe settings or event to
    weigh it against: cannot-tell, {0, null}, failures shown."""
    found = parse_record(said + "\n" + _STATUS_CUT, "r.txt")
    [c] = found.pods[0].containers
    assert (c.state, c.terminated.exit_code, c.terminated.untold) == ("terminated", code, True)
    a = explained_answer(said + "\n" + _STATUS_CUT)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("said", [
    "If the status shows an exit with status code 2, check the token.",  # a conditional
    "The status does not show an exit with status code 2.",  # a negation
    "The status shows an exit with status code 2?",  # a question
    "The other pod's status shows an exit with status code 2.",  # another's
    "Your status shows an exit with status code 2.",  # the reader's
    "A status shows an exit with status code 2.",  # no case's
    "The status shows an exit with status code 2 when the token expires.",  # a guide's time
    "The status may show an exit with status code 2.",  # a modal
    "The status shows an exit with status code 2000.",  # no exit code
])
def test_an_exit_of_no_case_status_is_not_read(said):
    """The negative side: the container's state stays unread (bare)."""
    found = parse_record(said + "\n" + _STATUS_CUT, "r.txt")
    assert bare_pod(found) is not None


def test_an_exit_stated_beside_a_state_the_record_shows_is_not_read():
    """A state the record shows is read from the record: the sentence gives it nothing."""
    found = parse_record("The status shows an exit with status code 2.\n" + _STATUS_RUNNING,
                         "r.txt")
    [c] = found.pods[0].containers
    assert (c.state, c.terminated) == ("running", None)


@pytest.mark.parametrize("text", [
    "the status shows an exit with status code " * 47_000 + "2\n" + _STATUS_CUT,
    "showing in the status is " * 80_000 + "an exit with code 2\n" + _STATUS_CUT,
    "exit " * 400_000 + "\n" + _STATUS_CUT,
    "the status shows an exit with the " * 60_000 + "\n" + _STATUS_CUT,
])
def test_the_status_exit_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    assert len(text) > 1_900_000
    read_in_one_pass(text)


# ------------------------------------------------ a container named only by the unready list


def _status_json(names: str, items: str, second: str = "") -> str:
    return ('journalctl was empty for both\n`{"conditions":[{"lastProbeTime":null,'
            '"lastTransitionTime":"2024-03-22T13:52:11Z","message":"containers with unready '
            f'status: [{names}]","reason":"ContainersNotReady","status":"False","type":"Ready"}}'
            f'{second}],"containerStatuses":[{items}')


_SIDECAR = ('{"containerID":"containerd://b97f","image":"charm-base:20.04","lastState":{},'
            '"name":"sidecar","ready":true,"restartCount":0,"started":true,"state":{"running":'
            '{"startedAt":"2024-03-22T07:14:26Z"}}}')
_CUT_ITEM = ',{"containerID":"containerd://ab16","image":"sha256:d09e","imageID":"registry.ex'


@pytest.mark.parametrize("text", [
    _status_json("web", _SIDECAR + _CUT_ITEM),  # the statuses cut in an item before its name
    '{"status":{"conditions":[{"message":"containers with unready status: [web]","status":'
    '"False","type":"Ready"}],"containerStatuses":[' + _SIDECAR + ']}}\n',  # web's missing
    _status_json("web", _SIDECAR + _CUT_ITEM, ',{"lastProbeTime":null,"lastTransitionTime":'
                 '"2024-03-22T13:52:11Z","message":"containers with unready status: [web]",'
                 '"reason":"ContainersNotReady","status":"False","type":"ContainersReady"}'),
])
def test_a_container_only_the_unready_list_names_is_the_pods_not_ready(text):
    """The container the kubelet lists not ready, of which the record shows no status: a
    container of the pod, not ready, nothing else: asked of by --container, nothing shown of
    an end (cannot-tell, {0, null}, no failure)."""
    [pod] = parse_record(text, "r.txt").pods
    [web] = [c for c in pod.containers if c.name == "web"]
    assert (web.ready, web.state, web.restart_count) == (False, None, None)
    a = explained_answer(text, container="web")
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), False, ())


@pytest.mark.parametrize("text", [
    _status_json("sidecar", _SIDECAR.replace('"ready":true', '"ready":false') + _CUT_ITEM),
    _status_json("web", _SIDECAR + _CUT_ITEM, ',{"message":"containers with unready status: '
                 '[web sidecar]","status":"False","type":"ContainersReady"}'),  # lists disagree
    _status_json("web", _CUT_ITEM[1:]),  # no container named: name_by_unready's
    # the list disagrees with the record's sidecar (shown Ready, or not ready and left out)
    _status_json("web sidecar", _SIDECAR + _CUT_ITEM),
    _status_json("web", _SIDECAR.replace('"ready":true', '"ready":false') + _CUT_ITEM),
])
def test_a_list_naming_no_container_apart_gives_none(text):
    """The negative side: the list names a container the record names already, two lists
    disagree (which is the pod's now?), the record names no container of its own (a nameless
    block is unready.name_by_unready's), or the list disagrees with the containers it names
    (another moment's or pod's): no container added."""
    found = parse_record(text, "r.txt")
    assert "web" not in {c.name for p in found.pods for c in p.containers}
    assert not any(n.text.startswith("container web: named only") for p in found.pods
                   for n in p.notes)


def test_a_list_beside_events_gives_none():
    """Events beside the list (they name their containers themselves, and may be another
    pod's record): it gives no container."""
    text = _status_json("web", _SIDECAR + _CUT_ITEM) + (
        "\nEvents:\n  Type     Reason     Age   From     Message\n"
        "  ----     ------     ----  ----     -------\n"
        "  Normal   Started    5m    kubelet  Started container sidecar\n")
    found = parse_record(text, "r.txt")
    assert "web" not in {c.name for p in found.pods for c in p.containers}
    with pytest.raises(UsageError):
        explained_answer(text, container="web")
