"""Statements of the case in an author's prose (held-out batches 33 and 34, fixprose): an end's
reason stated as the answer to the case's own pod restarting (faun-keskad-argocd-repo-server),
the case's restarts stated in a first-person sentence with a count (dayanyrec-liveness-delay,
Portuguese), and a page's title naming the record's own pod in CrashLoopBackOff above its
describe (brainreview-calico-kube-controllers). Each reader's sentences are hand-written
variants (other names, numbers, spacing, languages), beside those that must stay unread: a
conditional, a question, a generic `a pod` or `pods`, another pod's name, a guide's list of
causes. The corpus README's counting rules say what each is read as."""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.model import NoteKind
from kubesim.explain.readers.read import parse_record


def _explained(text: str) -> list[tuple[str | None, Diagnosis]]:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    out = []
    for c in ex.containers:
        assert c.answer is not None
        out.append((c.name, c.answer))
    return out


def _answer(text: str) -> Diagnosis:
    [(_, answer)] = _explained(text)
    return answer


# ---------------------------------------------------------------- an end's reason as the answer


@pytest.mark.parametrize("text", [
    "After checking it we discovered that Foo's api-server Pod was restarting a few times. "
    "Reason? OOMKilled, pretty popular case.\n",
    "ArgoCD\u2019s repo-server Pod was restarting a few times. Reason? OOMKilled.\n",
    "My pod kept restarting, reason: OOMKilled.\n",
    "web-0 was restarting repeatedly because of `OOMKilled`.\n",
    "Our redis pods were restarting (OOMKilled) all night.\n",
    "Our billing pod was restarting.  The reason?  OOM Killed.\n",
    "payments-api-6d8f9c7b5-x2k4p restarted 12 times due to OOMKilled.\n",
    # the corpus's other languages: Portuguese, Spanish, French, German, Chinese
    "Depois de verificar, vimos que o pod repo-server estava reiniciando algumas vezes. "
    "Motivo? OOMKilled.\n",
    "Meu pod reiniciava repetidamente por causa do OOMKilled.\n",
    "Vimos que el pod repo-server se reiniciaba varias veces. \u00bfEl motivo? OOMKilled.\n",
    "Mi contenedor se reinici\u00f3 5 veces debido a OOMKilled.\n",
    "Mon pod red\u00e9marrait plusieurs fois. Raison : OOMKilled.\n",
    "Le pod api-server a red\u00e9marr\u00e9 3 fois \u00e0 cause d'OOMKilled.\n",
    "Mein Pod startete mehrmals neu. Grund: OOMKilled.\n",
    "Der api-server Pod wurde immer wieder neu gestartet, wegen OOMKilled.\n",
    "\u6211\u7684Pod\u4e00\u76f4\u5728\u91cd\u542f\uff0c\u539f\u56e0\u662fOOMKilled\u3002\n",
    "\u6211\u4eec\u7684redis Pod\u4e0d\u65ad\u91cd\u542f\u4e865\u6b21\uff0c\u539f\u56e0\uff1aOOMKilled\u3002\n",
])
def test_an_ends_reason_stated_as_the_answer_to_the_pods_restarts_is_an_oom_kill(text):
    """fixprose (faun-keskad-argocd-repo-server): `X Pod was restarting ... Reason? OOMKilled`
    of the case's own pod states what ended it, read as a Terminated state's Reason, no exit
    code: oom-killed, and (README's OOM rule) no probe kill."""
    a = _answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


def test_the_answer_names_the_container_the_sentence_names():
    """`the worker container restarted ... due to OOMKilled`: that container's end."""
    [(name, a)] = _explained("The worker container restarted 3 times due to OOMKilled.\n")
    assert (name, a.cause) == ("worker", Cause.OOM_KILLED)


def test_the_sentence_is_said_read_and_is_no_line_left_unread():
    record = parse_record("Intro.\nMy pod kept restarting, reason: OOMKilled.\n", "r.txt")
    notes = [n for n in record.notes if n.where.line == 2]
    assert notes and all(n.kind is not NoteKind.NOT_READ for n in notes)
    assert "restarting" in notes[0].text and "OOMKilled" in notes[0].text


@pytest.mark.parametrize("text", [
    "If my pod was restarting with reason OOMKilled, raise the limit.\n",
    "Was my pod restarting because of OOMKilled?\n",
    "A pod was restarting because of OOMKilled.\n",
    "Pods were restarting due to OOMKilled.\n",
    "OOMKilled: the container used too much memory.\n",
    "My pod was restarting. Reason: OOMKilled means the container used too much memory.\n",
    "Common causes of a pod restarting:\n- OOMKilled: the container used too much memory\n"
    "- Error: the app exited\n",
    "Your pod may be restarting because of OOMKilled.\n",
    "Se o meu pod reiniciava por causa do OOMKilled, aumente o limite.\n",
    "Si mi pod se reiniciaba debido a OOMKilled, sube el l\u00edmite.\n",
    "\u00bfMi pod se reiniciaba debido a OOMKilled?\n",
    "Est-ce que mon pod red\u00e9marrait \u00e0 cause d'OOMKilled ?\n",
    "Um pod reiniciava por causa do OOMKilled.\n",
    "Ein Pod startete neu wegen OOMKilled.\n",
    "Un pod red\u00e9marrait \u00e0 cause d'OOMKilled.\n",
    # 如果 (if); a question's full-width mark
    "\u5982\u679c\u6211\u7684Pod\u4e00\u76f4\u91cd\u542f\uff0c\u539f\u56e0\u662fOOMKilled\uff0c"
    "\u8bf7\u63d0\u9ad8\u9650\u5236\u3002\n",
    "\u6211\u7684Pod\u4e00\u76f4\u91cd\u542f\uff0c\u539f\u56e0\u662fOOMKilled\uff1f\n",
])
def test_a_restart_reason_of_what_may_happen_or_of_no_pod_of_the_case_is_no_record(text):
    """The negative side: a conditional, a question, `a pod`, `pods`, a reason defined in a
    guide's list, or a sentence of what may happen states no container's end (the paste alone
    is refused)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("line", [
    "my pod was restarting{}. Reason?{}OOMKilled",
    "my pod{}was restarting, reason: OOMKilled{}?",
    "Foo's{}api Pod was restarting{}because of OOMKilled",
])
def test_a_restart_reason_reads_a_long_line_in_one_pass(line):
    """Hostile input: 2 MB of spaces inside the sentence is read, or refused, in one pass."""
    read_in_one_pass(line.format(" " * 1_000_000, " " * 1_000_000) + "\n")


@pytest.mark.parametrize("text", [
    "OOMKilled " * 200_000,
    "OOM" * 660_000,
    "my pod was restarting, reason: OOMKilled? " * 50_000,
    "Foo's " * 330_000 + "OOMKilled",
    "o pod " * 330_000 + "OOMKilled",
    "\u6211\u7684Pod" * 400_000 + "OOMKilled",
    "Mein Pod startete " + "mehrmals " * 220_000 + "neu. Grund: OOMKilled",
])
def test_a_restart_reason_reads_many_of_its_words_in_one_pass(text):
    """Hostile input: a 2 MB line repeating the pattern's words or the whole question."""
    read_in_one_pass(text + "\n")


# ---------------------------------------------------------------- first-person counts of restarts

_LIVENESS = ("        livenessProbe:\n          httpGet:\n            path: /actuator/health\n"
             "            port: 8080\n")


@pytest.mark.parametrize("sentence", [
    "By then I had already suffered 15 restarts of the app.",
    "We saw 7 restarts in an hour.",
    "My api pod had 12 restarts overnight.",
    "Nesse momento, eu j\u00e1 tinha sofrido com 15 restarts da app e o deploy ia mal.",
    "N\u00f3s vimos 3 rein\u00edcios do pod.",
    "Ya hab\u00eda sufrido 15 reinicios de la app.",
    "Yo tuve 4 reinicios en una hora.",
    "Ich hatte schon 15 Neustarts der App.",
    "J'avais d\u00e9j\u00e0 subi 15 red\u00e9marrages de l'application.",
    "Nous avons eu 8 red\u00e9marrages.",
])
@pytest.mark.parametrize("probe", ["", _LIVENESS])
def test_the_cases_restarts_stated_with_a_count_show_ends_the_count_bounds_nothing(sentence,
                                                                                 probe):
    """fixprose (dayanyrec-liveness-delay): a first-person count of the case's restarts shows
    that its container ended, at least once; the count is the author's (of the app across its
    pods and deploys), no container's restart count: what ended it cannot be told and no
    count bounds the kills (README, the rules for the facts). Beside a liveness probe's YAML
    (the record's shape), no probe failure is shown all the same."""
    text = ("Em c\u00f3digo:\n\n" + probe + "\n" if probe else "") + sentence + "\n"
    a = _answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "If I had 15 restarts, I would raise the delay.\n",
    "I had 15 restarts?\n",
    "A pod had 15 restarts.\n",
    "I had 0 restarts.\n",
    "Se eu tinha 15 restarts, aumentava o delay.\n",
    "Si j'avais eu 15 red\u00e9marrages, j'aurais chang\u00e9 le d\u00e9lai.\n",
    "Si ya hab\u00eda sufrido 15 reinicios, el problema era otro.\n",
    "15 restarts are a lot.\n",
    "Enfim, zero restarts aleat\u00f3rios.\n",
    "You could have 15 restarts before noticing.\n",
])
def test_a_count_of_restarts_not_stated_of_the_case_is_no_record(text):
    """The negative side: a conditional (if, se, si), a question, `a pod`, a count of none,
    no first person, or a sentence of what may happen states no restart (refused alone)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "I had{}15{}restarts".format(" " * 1_000_000, " " * 1_000_000),
    "restarts " * 220_000,
    "I had " + "1 " * 1_000_000 + "restarts",
    "I had 15 restarts? " * 100_000,
    "eu j\u00e1 tinha sofrido com " * 80_000 + "15 restarts",
])
def test_a_count_of_restarts_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of spaces, digits or the pattern's words."""
    read_in_one_pass(text + "\n")


# ---------------------------------------------------------------- a title naming the pod

_DESCRIBE_CUT = ("Name: redis-cache-7d9f8b6c5-abcde\nNamespace: prod\n"
                 "Start Time: Fri, 21 Mar 2025 09:14:15 +0800\nStatus: Running\nIP: 10.1.2.3\n"
                 "Controlled By: ReplicaSet/redis-cache-7d9f8b6c5\nContainers:\nredis-\n")


@pytest.mark.parametrize("title", [
    "Redis-Cache Pod CrashLoopBackOff After Node Reboot\nWe rebooted a node; it cannot start.\n",
    "# redis cache pod stuck in CrashLoopBackOff\n",
    "redis-cache-7d9f8b6c5-abcde CrashLoopBackOff\n",
    "REDIS CACHE Pod CrashLoopBackOff after shutdown of master01 (master02 is alive)\n",
])
def test_a_title_naming_the_records_pod_in_crashloopbackoff_is_its_back_off(title):
    """fixprose (brainreview-calico-kube-controllers): the page's title (its first line) or a
    heading naming the describe's pod (its name, or its owner's as the name's start, words
    joined by `-` or spaces, any case) in CrashLoopBackOff, above a describe cut before its
    containers: a back-off shown, no cause, count or probe: cannot-tell, kills open."""
    a = _answer(title + _DESCRIBE_CUT)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("title", [
    "Coredns Pod CrashLoopBackOff After Node Reboot\n",  # another pod
    "Why is the redis-cache pod in CrashLoopBackOff?\n",  # a question
    "Pod CrashLoopBackOff After Node Reboot\n",  # no pod named
    "How a redis-cache pod can go into CrashLoopBackOff\n",  # what may happen
    "Cache Pod CrashLoopBackOff\n",  # a word of the name, not its start
    # a line of prose, neither the page's first line nor a heading
    "Our cluster notes\nredis-cache pod CrashLoopBackOff after reboot\n",
])
def test_a_title_naming_no_pod_of_the_record_states_nothing(title):
    """The negative side: the describe alone shows nothing failing, and so does it under
    these lines."""
    a = _answer(title + _DESCRIBE_CUT)
    assert not a.shows_failures


def test_a_title_says_nothing_over_the_describes_own_state():
    """A describe showing its container's state (Running, Restart Count 0) is the kubelet's
    own: a title's CrashLoopBackOff is not read over it."""
    text = ("Redis-Cache Pod CrashLoopBackOff After Node Reboot\n"
            "Name: redis-cache-7d9f8b6c5-abcde\nNamespace: prod\nStatus: Running\n"
            "Containers:\n  redis:\n    Image: redis\n    State: Running\n"
            "      Started: Fri, 21 Mar 2025 09:14:20 +0800\n    Ready: True\n"
            "    Restart Count: 0\n")
    assert not _answer(text).shows_failures


@pytest.mark.parametrize("title", [
    "x-y " * 500_000 + "CrashLoopBackOff",
    "redis-cache pod CrashLoopBackOff" + " " * 2_000_000,
    "# " + "redis cache " * 170_000 + "pod CrashLoopBackOff",
])
def test_a_title_reads_a_long_line_in_one_pass(title):
    """Hostile input: a 2 MB first line above the describe."""
    read_in_one_pass(title + "\n" + _DESCRIBE_CUT)
