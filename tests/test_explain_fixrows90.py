"""fixrows90 (held-out batches 89, 90 and 92, issue 30: explain on real pastes): rows and
tables explain missed, each rule with variants that hold and variants that must stay unread.

1. `oc describe NAME` with the type left out (packit-service-2603): kubectl reads the first
   word as a type and prints no describe for it, so a describe under the command is the
   author's of the pod it names, the word `pod` dropped in the paste. The word is a pod's
   where no type's word could be (a `-` and a digit, no `.`); `describe nodes`, `describe
   deploy web`, `describe web` name none.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import NoObjectError, RecordError
from kubesim.explain.readers.command_words import described_pod, pod_by_command
from kubesim.explain.readers.kubectl_command import kubectl_command
from kubesim.explain.readers.read import parse_record, pod_groups


def _pods(text: str) -> list[str]:
    return sorted((p.name or "") for p in pod_groups([parse_record(text, "r.txt")]))


# -------------------------------------------------- 1. `describe NAME`, the type left out

_EVENTS = ("Events:\n"
           "  Type     Reason     Age                   From     Message\n"
           "  ----     ------     ----                  ----     -------\n"
           "  Warning  Unhealthy  63m (x{count} over 3d12h)  kubelet  Liveness probe failed: "
           "timeout\n")


def _two(first: str, second: str) -> str:
    return (f"The hangs happen most often in the first one.\n\n```\n $ {first}\n[...]\n"
            f"{_EVENTS.format(count=38)}```\n\n```\n $ {second}\n\n"
            f"{_EVENTS.format(count=23)}```\n\nMemory was higher that day.\n")


@pytest.mark.parametrize(("word", "pod"), [
    ("packit-worker-short-running-0", "packit-worker-short-running-0"),
    ("web-7f8b6c4d9-x2k", "web-7f8b6c4d9-x2k"),
    ("-n prod web-0", "web-0"),
    # a type's word: letters, or a group's `.`; a name after the word: the word is a type
    ("nodes", None),
    ("web", None),
    ("deploy web-0", None),
    ("web-0 web-1", None),
    ("certificates.cert-manager.io", None),
    ("<pod-name>", None),
    ("Web-0", None),
])
def test_a_describe_without_its_type_names_a_generated_name(word: str, pod: str | None) -> None:
    assert described_pod(kubectl_command(["describe", *word.split()])) == pod


def test_two_describes_without_their_type_are_two_pods() -> None:
    text = _two("oc describe packit-worker-short-running-0",
                "oc describe packit-worker-short-running-1")
    assert _pods(text) == ["packit-worker-short-running-0", "packit-worker-short-running-1"]
    a = explained_answer(text, pod="packit-worker-short-running-0")
    assert a.cause.value == "cannot-tell" and [p.value for p in a.failed] == ["liveness"]
    assert a.probe_kills.lo == 0 and a.probe_kills.hi is None


@pytest.mark.parametrize(("first", "second"), [
    ("oc describe nodes", "oc describe web"),  # a type's word, a word with no digit
    ("oc describe deploy web-0", "oc describe web-0 web-1"),  # the word before a name: a type
])
def test_describes_whose_commands_name_no_pod_stay_one_unnamed_pod(first: str,
                                                                  second: str) -> None:
    assert _pods(_two(first, second)) == [""]


def test_a_long_typeless_describe_is_read_in_one_pass() -> None:
    assert pod_by_command("oc describe " + "a1-" * 700_000 + "b") is None
    read_in_one_pass("```\n$ oc describe " + "a-1" * 700_000 + "\n" + _EVENTS.format(count=3)
                     + "```\n")


# ------------------------------- 2. a `get pods` row of several containers, STATUS Running

_ROW = "NAME  READY  STATUS  RESTARTS  AGE\n{row}\n"
_DESCRIBE_HEAD = ("Name:             {pod}\nNamespace:        default\nPriority:         0\n"
                  "Node:             minikube/192.168.49.2\n"
                  "Start Time:       Thu, 29 Feb 2024 10:26:12 +0100\n"
                  "Labels:           app=web\n                  component=predictor\n")


@pytest.mark.parametrize("row", [
    "web-5d8f7c-x2k9z   1/2     Running   0          2m",
    "web-5d8f7c-x2k9z   0/3     Running   0          2m",
])
@pytest.mark.parametrize("describe", [False, True])
def test_a_running_row_of_several_containers_not_all_ready_bounds_the_kills(
        row: str, describe: bool) -> None:
    """pytorch-serve-2957: `1/2 Running 0`, then its describe cut in Labels. STATUS Running
    shows each container running (printPod puts a waiting or ended one's reason there), so
    RESTARTS 0, their sum, rules a kill out (README: `{0, sum}` for a running pod)."""
    text = "Check status of the pod\n" + _ROW.format(row=row) + (
        _DESCRIBE_HEAD.format(pod="web-5d8f7c-x2k9z") if describe else "")
    a = explained_answer(text)
    assert a.cause.value == "cannot-tell" and not a.shows_failures and a.failed == ()
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, 0)


@pytest.mark.parametrize("row", [
    "web-5d8f7c-x2k9z   1/2     NotReady            0   2m",  # a container Completed beside
    "web-5d8f7c-x2k9z   1/2     ContainerCreating   0   4s",  # one not started yet
])
def test_a_row_of_several_not_all_running_leaves_the_kills_open(row: str) -> None:
    assert explained_answer(_ROW.format(row=row)).probe_kills.hi is None


# ------------------------- 3. a mapping at column 0 holding a key twice, declaring no kind

_WATCH = ("kubectl get pods -n media -w\nNAME READY STATUS RESTARTS AGE\n"
          "media-0 1/1 Running 0 3d\nmedia-1 0/1 Pending 0 2s\n")
_FLAT = ("The whole point of two replicas is surviving a node failure:\nspec:\ntemplate:\nspec:\n"
         "affinity:\npodAntiAffinity:\nrequiredDuringSchedulingIgnoredDuringExecution:\n"
         "- labelSelector:\nmatchLabels:\napp: media\ntopologyKey: kubernetes.io/hostname\n")


@pytest.mark.parametrize("text", [_WATCH + _FLAT, _FLAT + _WATCH])
def test_a_kindless_flat_mapping_with_a_key_twice_is_lines_not_read_beside_rows(
        text: str) -> None:
    """zolty-jellyfin-ha-failover-testing: a blog's affinity snippet, its indentation lost
    (`spec:` twice at column 0), refused the whole record as malformed YAML beside the
    `get pods` rows the blog shows: it is no object and no probe spec, lines not read."""
    record = parse_record(text, "r.txt")
    assert sorted(p.name or "" for p in record.pods) == ["media-0", "media-1"]
    first = text.splitlines().index("spec:") + 1
    assert any(n.text.startswith(f"not read: lines {first}-{first + 9} (neither a Kubernetes "
                                 "object") for n in record.notes)
    a = explained_answer(text, pod="media-1")
    assert a.cause.value == "cannot-tell" and not a.shows_failures and a.failed == ()


def test_a_kindless_flat_mapping_alone_and_an_indented_key_twice_stay_refused() -> None:
    with pytest.raises(NoObjectError, match="duplicate key 'spec'"):
        parse_record(_FLAT, "r.txt")
    indented = _WATCH + "spec:\n  replicas: 2\n  replicas: 3\n"
    with pytest.raises(RecordError, match="duplicate key 'replicas'") as caught:
        parse_record(indented, "r.txt")
    assert not isinstance(caught.value, NoObjectError)
