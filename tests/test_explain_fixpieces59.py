"""The rule of fixpieces59 (held-out batch 54, issue 30: explain on real pastes), with
hand-written variants that hold and variants that must stay apart, and long lines read in one
pass:

- a describe's container sections pasted without the describe's `Name:` beside a `kubectl get
  pods` table are the sections of the one pod of the table that can hold them (the corpus
  README's rule, by the test of events naming no pod: read._owner_in_table): an ended instance
  (`Last State: Terminated`, a restart count above 0, a back-off) needs a pod whose RESTARTS is
  above 0, and N sections need a pod of N containers or more (READY's total). None or several
  can: a pod of their own, said (kubernetes-org-4100: csi-resizer's and csi-provisioner's
  sections beside seven pods of which only the provisioner, 6/6, restarted: 65).
"""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause
from kubesim.explain.readers.read import parse_record, pod_groups


def _table(*rows: tuple[str, str, int]) -> str:
    """A `get pods` table of (NAME, READY, RESTARTS), every pod Running."""
    lines = ["NAME                     READY   STATUS    RESTARTS   AGE"]
    lines += [f"{name:<24} {ready:<7} Running   {restarts:<10} 3d" for name, ready, restarts in rows]
    return "\n".join(lines) + "\n\n"


# a describe's container sections flush left, as a paste that lost every indentation
_FLAT_ENDED = """sidecar:
Container ID: containerd://4b1c0a
Image: registry.example/sidecar:1.2
Image ID: registry.example/sidecar@sha256:99aa
Port: <none>
Host Port: <none>
State: Running
Started: Mon, 06 Mar 2023 10:01:02 +0000
Last State: Terminated
Reason: Error
Exit Code: 2
"""

# a describe indented as kubectl prints it, cut above its `Name:`
_INDENTED_ENDED = """Containers:
  app:
    Container ID:   containerd://77ef01
    Image:          registry.example/app:3.1
    Image ID:       registry.example/app@sha256:1234
    Port:           8080/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Mon, 06 Mar 2023 10:01:02 +0000
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Mon, 06 Mar 2023 09:01:02 +0000
      Finished:     Mon, 06 Mar 2023 10:01:01 +0000
    Ready:          True
    Restart Count:  4
"""

# a section whose only sign of an ended instance is its restart count
_INDENTED_COUNT = """Containers:
  app:
    Container ID:   containerd://77ef01
    Image:          registry.example/app:3.1
    State:          Running
      Started:      Mon, 06 Mar 2023 10:01:02 +0000
    Ready:          True
    Restart Count:  2
"""

# a second section, cut in its Image ID as kubernetes-org-4100's is
_FLAT_SECOND = """
Containers:
proxy:
Container ID: containerd://c0ffee
Image: registry.example/proxy:2.0
Image ID: registry.example/proxy@sh"""

# the rest of the describe below the sections: its Conditions and Events
_CONDITIONS_EVENTS = """Conditions:
  Type              Status
  Initialized       True
  Ready             True
  ContainersReady   True
  PodScheduled      True
Events:
  Type     Reason   Age                 From     Message
  ----     ------   ----                ----     -------
  Normal   Pulled   2m (x5 over 3d)     kubelet  Container image "registry.example/app:3.1" \
already present on machine
"""

_ONE_RESTARTED = _table(("web-5d8f7-abcde", "1/1", 0), ("api-7c9d6-fghij", "2/2", 4),
                        ("db-0", "1/1", 0))


def _owners(text: str) -> dict[str | None, list[str]]:
    """The pods read, each with the containers named in its record."""
    return {p.name: sorted(c.name for c in p.containers if c.name is not None)
            for p in pod_groups([parse_record(text, "r.txt")])}


@pytest.mark.parametrize(("text", "owner", "sections"), [
    (_ONE_RESTARTED + _FLAT_ENDED, "api-7c9d6-fghij", ["sidecar"]),
    (_ONE_RESTARTED + _INDENTED_ENDED, "api-7c9d6-fghij", ["app"]),
    (_ONE_RESTARTED + _INDENTED_COUNT, "api-7c9d6-fghij", ["app"]),
    (_ONE_RESTARTED + _INDENTED_ENDED + _CONDITIONS_EVENTS, "api-7c9d6-fghij", ["app"]),
    (_ONE_RESTARTED + _FLAT_ENDED + _FLAT_SECOND, "api-7c9d6-fghij", ["proxy", "sidecar"]),
    # two pods restarted, only one has containers enough for two sections
    (_table(("web-0", "1/1", 3), ("api-0", "3/3", 2)) + _FLAT_ENDED + _FLAT_SECOND, "api-0",
     ["proxy", "sidecar"]),
])
def test_sections_naming_no_pod_go_to_the_one_pod_of_the_table_that_can_hold_them(
        text: str, owner: str, sections: list[str]) -> None:
    """kubernetes-org-4100's rule: an ended instance needs a pod whose container restarted,
    N sections a pod of N containers or more; the one such pod holds them, said as inferred
    in its notes and the others'."""
    pods = {p.name: p for p in pod_groups([parse_record(text, "r.txt")])}
    assert None not in pods
    assert sorted(c.name for c in pods[owner].containers if c.name is not None) == sections
    assert any(n.text.startswith("inferred") and f"only {owner} is one" in n.text
               and "container sections" in n.text and n.uncertain for n in pods[owner].notes)
    assert all(any(f"read as {owner}'s (inferred" in n.text for n in p.notes)
               for name, p in pods.items() if name != owner)


@pytest.mark.parametrize("text", [
    # two pods restarted, each with containers enough
    _table(("web-0", "1/1", 3), ("api-0", "2/2", 2)) + _FLAT_ENDED,
    _table(("web-0", "1/1", 3), ("api-0", "2/2", 2)) + _INDENTED_ENDED,
    _table(("web-0", "1/1", 3), ("api-0", "2/2", 2)) + _INDENTED_ENDED + _CONDITIONS_EVENTS,
    # no pod restarted
    _table(("web-0", "1/1", 0), ("api-0", "2/2", 0)) + _FLAT_ENDED,
    _table(("web-0", "1/1", 0), ("api-0", "2/2", 0)) + _INDENTED_COUNT,
    # more sections than the restarted pod's READY total
    _table(("web-0", "1/1", 3), ("api-0", "2/2", 0)) + _FLAT_ENDED + _FLAT_SECOND,
])
def test_sections_no_pod_or_several_pods_can_hold_stay_a_pod_of_their_own(text: str) -> None:
    """None or several pods can hold them: a pod of their own, and said which could."""
    pods = {p.name: p for p in pod_groups([parse_record(text, "r.txt")])}
    assert None in pods
    assert any("container sections" in n.text and "not given to any" in n.text
               for n in pods[None].notes)
    assert all(not any(c.name for c in p.containers) for name, p in pods.items() if name)


def test_sections_that_end_nowhere_need_only_containers_enough_and_several_have_them() -> None:
    """Sections showing no ended instance need only a pod of containers enough: several
    pods of the table have them, so they stay apart."""
    running = _INDENTED_COUNT.replace("Restart Count:  2", "Restart Count:  0")
    pods = _owners(_ONE_RESTARTED + running)
    assert pods[None] == ["app"]


def test_sections_under_another_pods_name_are_that_pods() -> None:
    """Sections under a describe's `Name:` are that pod's, not the pod of the table that
    restarted: they name their pod."""
    text = _ONE_RESTARTED + "Name:         db-0\nNamespace:    default\n" + _INDENTED_ENDED
    pods = _owners(text)
    assert pods["db-0"] == ["app"] and pods["api-7c9d6-fghij"] == []
    assert None not in pods


def test_a_manifests_containers_beside_the_table_are_no_describes_sections() -> None:
    """A spec's containers (a manifest without its object) are no describe's sections: the
    rule gives them to no pod of the table by their number."""
    spec = ("containers:\n- name: app\n  image: registry.example/app:3.1\n"
            "  livenessProbe:\n    httpGet:\n      path: /healthz\n      port: 8080\n"
            "- name: proxy\n  image: registry.example/proxy:2.0\n")
    pods = _owners(_table(("web-0", "1/1", 0), ("api-0", "2/2", 0)) + spec)
    assert pods.get("api-0") == []


def test_the_sections_pod_answers_for_its_container_bounded_by_the_rows_sum() -> None:
    """kubernetes-org-4100's shape: a container running after an end (exit code 255) no probe
    setting is shown against, in a pod whose row sums 65 restarts over its six containers:
    cannot tell, at most the row's sum (README's restart-count rule)."""
    table = _table(("csi-plugin-4kj4f", "3/3", 0), ("csi-provisioner-84bb5-fkpdz", "6/6", 65),
                   ("csi-plugin-vb9d5", "3/3", 0))
    text = table + _FLAT_ENDED.replace("Exit Code: 2", "Exit Code: 255") + _FLAT_SECOND
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(
        suggest=False, phases=1, pod="csi-provisioner-84bb5-fkpdz", container="sidecar"))
    [container] = ex.containers
    answer = container.answer
    assert answer is not None and answer.cause is Cause.CANNOT_TELL
    assert (answer.probe_kills.lo, answer.probe_kills.hi) == (0, 65)


@pytest.mark.parametrize("line", [
    "sidecar:" * 250_000,
    "Last State: Terminated " * 90_000,
    "Container ID: " + "a" * 2_000_000,
    " " * 2_000_000,
])
def test_sections_beside_a_table_are_read_in_one_pass(line: str) -> None:
    """Hostile input: 2 MB lines of the rule's words beside a table."""
    read_in_one_pass(_ONE_RESTARTED + line + "\nContainer ID: containerd://1\n")
