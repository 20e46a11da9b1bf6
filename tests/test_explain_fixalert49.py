"""The rules of fixalert49 (held-out batches 49 and 50, issue 30: explain on real pastes),
each with hand-written variants that hold and variants that must stay unread, and long lines
read in one pass:

- a container's fields as a health tool's summary prints them beside describe's own
  (summary_fields.py): `Restarts: N` is its restart count, `Last terminated:` followed by
  `key=value` pairs naming a reason (`reason=OOMKilled exit=137`) its last terminated state
  (zacheryph-k8s-gitops-3336).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import NoteKind
from kubesim.explain.readers.read import parse_record

_SUMMARY = ("```\n"
            "Container: {name}\n"
            "  Image: ghcr.io/example/{name}:1.0\n"
            "  Ready: True\n"
            "  {restarts_key}: {restarts}\n"
            "  {key}: {pairs}\n"
            "    Started: 2026-06-11 09:46:57+00:00\n"
            "    Finished: 2026-06-11 09:54:51+00:00\n"
            "```\n")


def _summary(pairs: str = "reason=OOMKilled exit=137", *, key: str = "Last terminated",
             restarts: str = "138", restarts_key: str = "Restarts", name: str = "app") -> str:
    return _SUMMARY.format(pairs=pairs, key=key, restarts=restarts, restarts_key=restarts_key,
                           name=name)


def _container(text: str):
    record = parse_record(text, "r.txt")
    [pod] = record.pods
    [container] = pod.containers
    return record, container


@pytest.mark.parametrize("text", [
    _summary(),  # zacheryph-k8s-gitops-3336's shape
    _summary("exit=137 reason=OOMKilled"),  # the pairs in the other order
    _summary("reason=OOMKilled exitCode=137"),  # the status's own field name
    _summary("reason=OOMKilled exit_code=137", key="Last Terminated"),
    _summary("reason=OOMKilled", key="Last termination", name="web"),  # no exit code
    _summary(restarts_key="RESTARTS", restarts="3"),
])
def test_a_summarys_last_terminated_pairs_are_the_last_state(text):
    record, c = _container(text)
    assert c.last is not None and c.last.reason == "OOMKilled"
    assert c.restart_count is not None
    assert not [n for n in record.notes if n.kind is NoteKind.NOT_READ
                and ("erminat" in n.text or "estarts" in n.text)]
    a = explained_answer(text)
    assert a.cause is Cause.OOM_KILLED and a.probe_kills == CountRange(0, 0)
    assert a.shows_failures


def test_a_summarys_exit_code_and_restarts_are_read():
    _, c = _container(_summary("reason=Error exit=1", restarts="4"))
    assert (c.last.reason, c.last.exit_code, c.restart_count) == ("Error", 1, 4)


@pytest.mark.parametrize("pairs", [
    "reason=OOMKilled exit=137?",  # a question on the exit code
    "reason=OOMKilled maybe",  # a word that is no pair
    "reason=OOMKilled exit=oops",  # an exit code that is no number
    "reason=OOMKilled reason=Error",  # a key twice
    "signal=9 reason=OOMKilled",  # a pair of another key
    "if reason=OOMKilled",
])
def test_a_last_terminated_line_not_of_pairs_stays_unread(pairs):
    record, c = _container(_summary(pairs))
    assert c.last is None
    assert any(n.kind is NoteKind.NOT_READ and "Last terminated" in n.text
               for n in record.notes)


def test_a_last_terminated_line_without_a_reason_is_no_state():
    _, c = _container(_summary("exit=137"))
    assert c.last is None


def test_a_conditional_key_stays_unread():
    record, c = _container(_summary(key="If Last terminated"))
    assert c.last is None
    assert any(n.kind is NoteKind.NOT_READ for n in record.notes)


def test_a_last_terminated_line_outside_a_container_is_no_state():
    text = "Status: Running\nLast terminated: reason=OOMKilled exit=137\n"
    try:
        record = parse_record(text, "r.txt")
    except Exception:
        return
    assert all(c.last is None for p in record.pods for c in p.containers)


def test_a_long_summary_line_is_read_in_one_pass():
    read_in_one_pass(_summary("reason=OOMKilled " + "exit=137 " * 250_000))
    read_in_one_pass(_summary("reason=" + "A" * 2_000_000))
    read_in_one_pass(_summary(key="Last " + "terminated " * 200_000))


# ---------------------------------------------------------------- an alert's labels

_LABELS = {"alertname": "KubePodCrashLooping", "container": "web", "namespace": "shop",
           "pod": "web-7d9c8b6f5-abcde", "reason": "CrashLoopBackOff", "severity": "warning"}


def _html(labels: dict[str, str], indent: str = "", one_line: bool = False) -> str:
    rows = [f"<tr>\n{indent}<th>{k}</th><td>{v}</td>\n</tr>" if one_line else
            f"<tr>\n{indent}<th>{k}</th>\n{indent}<td>{v}</td>\n</tr>" for k, v in labels.items()]
    return "## Common Labels\n\n<table>\n\n" + "\n\n".join(rows) + "\n\n</table>\n"


def _text(labels: dict[str, str]) -> str:
    return "Labels:\n" + "".join(f" - {k} = {v}\n" for k, v in labels.items())


@pytest.mark.parametrize("text", [
    _html(_LABELS),  # andreigavriliu-homelab-4024's shape
    _html(_LABELS, indent="    "),  # thaum-xyz-ankhmorpork-288's shape
    _html(_LABELS, one_line=True),  # both cells on one line
    _text(_LABELS),  # Alertmanager's default text template
    _html({k: v for k, v in _LABELS.items() if k != "namespace"}),  # no namespace label
])
def test_a_crash_looping_alerts_labels_are_its_container_in_back_off(text):
    record = parse_record(text, "r.txt")
    [pod] = record.pods
    [c] = pod.containers
    assert (pod.name, c.name, c.state, c.state_reason) == (
        "web-7d9c8b6f5-abcde", "web", "waiting", "CrashLoopBackOff")
    a = explained_answer(text)
    assert a.cause is Cause.CANNOT_TELL and a.probe_kills == CountRange(0, None)
    assert a.shows_failures


@pytest.mark.parametrize("labels", [
    {**_LABELS, "alertname": "KubePodNotReady"},  # another alert
    {k: v for k, v in _LABELS.items() if k != "reason"},  # an older mixin's: no reason label
    {**_LABELS, "reason": "ContainerCreating"},  # another waiting reason
    {k: v for k, v in _LABELS.items() if k != "container"},  # no container
    {**_LABELS, "pod": "Web_Pod"},  # no pod's name
])
def test_other_labels_stay_refused(labels):
    for text in (_html(labels), _text(labels)):
        with pytest.raises(RecordError):
            parse_record(text, "r.txt")


def test_two_alerts_labels_stay_refused():
    text = _html(_LABELS) + _html({**_LABELS, "pod": "web-7d9c8b6f5-fghij"})
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_a_question_naming_the_alert_stays_refused():
    text = ("Why does alertname=KubePodCrashLooping fire for pod=web-1 container=web "
            "reason=CrashLoopBackOff?\n")
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_long_alert_lines_are_read_in_one_pass():
    read_in_one_pass(_html(_LABELS) + "<th>" + "a" * 2_000_000 + "</th>\n")
    read_in_one_pass(_html(_LABELS) + "    <td>" + " " * 2_000_000 + "x</td>\n")
    read_in_one_pass(" - pod = " + "a" * 2_000_000 + "\n" + _text(_LABELS))
