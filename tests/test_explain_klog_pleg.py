"""The kubelet's log lines of its pod lifecycle event generator and of its pod workers' cut
back-off refusals, as explain reads them (held-out batch 34, weave-3938): generic.go's
`"Generic (PLEG): container finished" ... exitCode=N` an end with its exit code, kubelet.go's
`SyncLoop (PLEG)` ContainerDied an end of the ID a line ties to a container (the relist
reports sandboxes so too), pod_workers.go's `Error syncing pod` cut inside its message read up
to the cut, its back-off delay telling the restarts before it (R4.10-R4.12)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, ContainerStory
from kubesim.explain.readers.read import parse_record

_J = "Apr 11 02:54:28 node-7 kubelet[26892]: "
_UID = "eb1fdcb4-b6e6-45ef-805a-2b2410635edf"


def _finished(cid: str, code: int, at: str = "28.565096") -> str:
    return (f'{_J}I0411 02:54:{at}   26892 generic.go:296] "Generic (PLEG): container '
            f'finished" podID={_UID} containerID="{cid}" exitCode={code}\n')


def _died(cid: str, json_form: bool = False, kind: str = "ContainerDied") -> str:
    event = (f'{{"ID":"{_UID}","Type":"{kind}","Data":"{cid}"}}' if json_form else
             f"&{{ID:{_UID} Type:{kind} Data:{cid}}}")
    return (f'{_J}I0411 02:54:28.565357   26892 kubelet.go:2101] "SyncLoop (PLEG): event for '
            f'pod" pod="kube-system/net-9bms8" event={event}\n')


def _refused(container: str, tail: str) -> str:
    return (f'{_J}E0411 02:54:28.565935   26892 pod_workers.go:949] "Error syncing pod, '
            f'skipping" err="failed to \\"StartContainer\\" for \\"{container}\\" with '
            f'CrashLoopBackOff: \\"{tail}')


def _stories(text: str) -> list[ContainerStory]:
    ex = explain_records([parse_record(text, "k.log")], ExplainOptions(suggest=False, phases=1))
    return ex.containers


def _notes(text: str) -> list[str]:
    return [n.text for n in parse_record(text, "k.log").notes]


@pytest.mark.parametrize("code", [1, 0, 2, 137])
@pytest.mark.parametrize("json_form", [False, True])
def test_a_container_finished_line_is_an_end_with_its_exit_code(code, json_form):
    """generic.go logs `container finished` only for an ID the pod's status lists among its
    containers: an end, its exit code the status's; the ContainerDied of the same ID is the
    same end told again, not a second."""
    cid = "31061c99e1f8980fab91138a5e378e9289856e78cf936baab57f58f2ce94f31c"
    found = parse_record(_finished(cid, code) + _died(cid, json_form), "k.log")
    [pod] = found.pods
    [c] = pod.containers
    assert c.name is None and c.terminated is not None
    assert (c.terminated.exit_code, c.terminated.untold, c.terminated.reason) == (code, True, None)
    assert not [n for n in found.notes if n.text.startswith("not read")]
    assert any("names its container by its runtime ID only" in n for n in _notes(
        _finished(cid, code)))


@pytest.mark.parametrize("json_form", [False, True])
def test_a_container_died_alone_is_no_containers_end(json_form):
    """The relist reports a pod sandbox's end as ContainerDied too (getContainersFromPods):
    an ID no line ties to a container is no container's end, and it is said so."""
    text = _died("9a0d86b06f05", json_form)
    found = parse_record(text, "k.log")
    assert all(c.terminated is None for p in found.pods for c in p.containers)
    assert any("ContainerDied of 9a0d86b06f05" in n and "sandbox" in n for n in _notes(text))
    assert not [n for n in _notes(text) if n.startswith("not read")]


@settings(max_examples=40, deadline=None)
@given(name=st.from_regex(r"[a-z][a-z0-9]{0,8}(?:-[a-z0-9]{1,5}){0,2}", fullmatch=True),
       code=st.integers(min_value=0, max_value=255),
       cid=st.from_regex(r"[0-9a-f]{12,64}", fullmatch=True),
       runtime=st.sampled_from(["containerd://", "docker://", "cri-o://", ""]))
def test_a_line_that_names_the_id_names_the_end(name, code, cid, runtime):
    """kuberuntime_container.go's kill line names the container beside its runtime ID
    (`containerName="app" containerID="containerd://ID"`): the end of that ID is that
    container's, whatever its runtime's prefix; no other container's."""
    kill = (f'{_J}I0411 02:54:20.100000   26892 kuberuntime_container.go:808] "Killing '
            f'container with a grace period" pod="ns/p" podUID={_UID} containerName="{name}" '
            f'containerID="{runtime}{cid}" gracePeriod=30\n')
    found = parse_record(kill + _finished(cid, code) + _died(cid), "k.log")
    ended = [(p.name, c.name, c.terminated.exit_code) for p in found.pods for c in p.containers
             if c.terminated is not None]
    assert ended == [("p", name, code)] and len(found.pods) == 1


@pytest.mark.parametrize(("first", "last"), [(137, 1), (0, 143), (2, 2)])
def test_several_ends_of_one_container_keep_the_latest_and_say_the_others(first, last):
    """Each restart runs a new container (a new runtime ID): two ends tied to `worker` by
    their kill lines are two ends of it; the later is its state, the count said."""
    def kill(cid: str, at: str) -> str:
        return (f'{_J}I0411 02:54:{at}   26892 kuberuntime_container.go:808] "Killing '
                f'container with a grace period" pod="ns/p" containerName="worker" '
                f'containerID="containerd://{cid}" gracePeriod=30\n')
    text = kill("b" * 64, "10.000001") + _finished("b" * 64, first, "11.000001") + \
        kill("c" * 64, "20.000001") + _finished("c" * 64, last, "21.000001")
    found = parse_record(text, "k.log")
    ended = [(p.namespace, p.name, c.name, c.terminated.exit_code) for p in found.pods
             for c in p.containers if c.terminated is not None]
    assert ended == [("ns", "p", "worker", last)]  # the kill lines' pod: one pod, not two
    assert len(found.pods) == 1
    assert any(n.startswith("lines 2, 4: 2 ends of worker") for n in _notes(text))


def test_a_nameless_end_beside_a_named_container_is_the_pods():
    """The relist reports every container of the pod: an end known by its runtime ID only,
    beside the one container a back-off names, may be another container's; it is the pod's,
    said so, and not that container's end (README's counting rules)."""
    cid = "a" * 64
    text = _finished(cid, 1) + _died(cid) + _refused("web", "back-off 40s restarting failed "
                                                      'container=web pod=w_ns(u)\\""\n')
    found = parse_record(text, "k.log")
    assert [(c.name, c.terminated) for p in found.pods for c in p.containers] == [("web", None)]
    assert any("beside the container(s) its lines name (web)" in n and "exit code 1" in n
               for n in _notes(text))


@pytest.mark.parametrize(("container", "tail", "delay", "after"), [
    ("weave", "back-off 5m0s restarting fa", 300.0, 6),  # weave-3938's cut
    ("api-server", "back-off 40s restarting failed contai", 40.0, 3),
    ("db", "back-off 2m40s restarting", 160.0, 5),
    ("web", "back-off 5m", None, None),  # cut inside its delay: no delay read
    ("web", "back-off 1m20s restar", None, None),  # the delay may go on: `1m20s` is whole, but
])  # a word cut after it is not yet `restarting`, which tells the delay ended
def test_a_cut_back_off_line_is_read_up_to_its_cut(container, tail, delay, after):
    """pod_workers.go's refusal, the line cut inside its `err`: a BackOff of the container
    `for \\"NAME\\"` names, said cut; the delay where `restarting` follows it whole, and the
    restarts that delay needs (R4.10-R4.12: 10 s doubled at each restart, 300 s at most)."""
    text = _refused(container, tail) + "\n"
    found = parse_record(text, "k.log")
    assert [(e.reason, e.container, e.truncated) for e in found.events] == \
        [("BackOff", container, True)]
    assert any("ends inside its `err` value" in n for n in _notes(text))
    [story] = _stories(text)
    assert story.back_offs is not None
    assert (story.back_offs.delay, story.back_offs.after) == (delay, after)


def test_a_back_off_line_cut_before_its_container_is_not_read():
    """Cut inside the container's name, the refusal names no container it can be read as:
    the line stays a line not read."""
    text = _refused("wea", "")[:-len('\\" with CrashLoopBackOff: \\"') - 1] + "\n"
    assert text.rstrip().endswith('for \\"we')
    assert not parse_record(text, "k.log").events
    assert any(n.startswith("not read") for n in _notes(text))


@pytest.mark.parametrize("output", ["HTTP probe failed with statuscode: 5", 'Get \\"http://10.1.2'])
def test_any_structured_value_cut_by_the_lines_end_is_read_up_to_its_cut(output):
    """klog closes every quoted value; a line that ends inside one was cut there: the prober's
    failure keeps the output up to the cut (it read empty before), said cut."""
    text = (f'{_J}I0411 02:54:39.885628   26892 prober.go:107] "Probe failed" '
            'probeType="Liveness" pod="ns/p" containerName="app" probeResult="failure" '
            f'output="{output}\n')
    [event] = parse_record(text, "k.log").events
    assert event.truncated and event.container == "app"
    assert event.message == "Liveness probe failed: " + output.replace('\\"', '"')
    assert any("ends inside its `output` value" in n for n in _notes(text))


def test_the_unstructured_forms_before_1_20():
    """kubelet.go's `SyncLoop (PLEG): "NAME_NS(UID)", event: &pleg.PodLifecycleEvent{...}`
    (a ContainerDied no line ties to a container, said so; a ContainerStarted, a line not
    read) and
    pod_workers.go's `Error syncing pod UID ("NAME_NS(UID)"), skipping: ...` cut after its
    delay: a BackOff of its container whose 10 s delay needs a restart."""
    pleg = ('I0123 14:15:31.372181   26037 kubelet.go:1916] SyncLoop (PLEG): "api-1255_basic'
            '(485fd485)", event: &pleg.PodLifecycleEvent{ID:"485fd485", Type:"{kind}", '
            'Data:"5b9be8c5bb12"}\n')
    refused = ('E0123 14:15:31.473290   26037 pod_workers.go:186] Error syncing pod 485fd485 ("'
               'api-1255_basic(485fd485)"), skipping: failed to "StartContainer" for "api" with '
               'CrashLoopBackOff: "Back-off 10s restarting fai\n')
    text = pleg.replace("{kind}", "ContainerStarted") + pleg.replace("{kind}", "ContainerDied") \
        + refused
    found = parse_record(text, "k.log")
    assert [(e.reason, e.object_name, e.container) for e in found.events] == \
        [("BackOff", "api-1255", "api")]
    assert [n[:18] for n in _notes(text) if n.startswith("not read")] == ["not read: line 1: "]
    assert any("ContainerDied of 5b9be8c5bb12" in n for n in _notes(text))
    [story] = _stories(text)
    assert story.back_offs is not None and story.back_offs.after == 1


def test_an_end_and_a_long_back_off_with_no_probe_shown_cannot_tell():
    """weave-3938's shape with other names: an end of exit code 2 by ID, a back-off of 2m40s
    for `agent`: cannot tell what ended it, kills open (a liveness probe the record does not
    show may have killed earlier instances), failures shown."""
    cid = "c0ffee" * 10
    text = _finished(cid, 2) + _died(cid, True) + _refused("agent", "back-off 2m40s restarting")
    [story] = _stories(text + "\n")
    assert story.name == "agent" and story.answer is not None
    assert story.answer.cause is Cause.CANNOT_TELL
    assert (story.answer.probe_kills.lo, story.answer.probe_kills.hi) == (0, None)
    assert story.answer.shows_failures


@pytest.mark.parametrize("body", [
    '"Generic (PLEG): container finished" podID=u containerID="' + "a" * 2_000_000,
    '"SyncLoop (PLEG): event for pod" ' + "event=&{ID:" * 200_000,
    '"SyncLoop (PLEG): event for pod" ' + 'event={"ID":"' * 160_000,
    'SyncLoop (PLEG): "' + "a_b(" * 500_000,
    '"Error syncing pod, skipping" err="' + '\\"' * 1_000_000,
    '"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"w\\" with '
    'CrashLoopBackOff: \\"back-off ' + "5m0s restarting " * 130_000,
])
def test_a_hostile_two_megabyte_pleg_line_reads_in_linear_time(body):
    """The PLEG's and the cut value's patterns are linear (a 2 MB line well under a second,
    held by pytest-timeout); the line is read or refused whole."""
    line = f"{_J}I0411 02:54:28.565096   26892 generic.go:296] {body}"
    assert len(line) > 2_000_000
    try:
        parse_record(line, "k.log")
    except RecordError:
        pass
