"""The case's own pod stated in Chinese to keep restarting, beside a record of that one pod that
shows none of its containers' states (held-out batch 101, fixprose52b: ob-operator-5's
`再次kubectl delete po sapp-ob-test2-obshdev-zone1-0删除主节点后，发现该pod一直**无限重启**中`, above
`kubectl describe po sapp-ob-test2-obshdev-zone1-0` cut after `Priority:`).

The corpus README's prose rules: the case's own pod stated crashing or restarting, no cause
given, is read as a restart with no cause is: its container ended, at least once, what ended it
not stated (cannot-tell, {0, null}; kubekey-1731's `... pod 一直在不断重启`, zh_restarts.py). A
describe held apart on its own lines keeps its containers' states to itself (runs.py reads no
sentence's state into it), so where the describe shows none of them (cut before its
containers), the sentence is read here, after the record: as stated_crashloop.py gives a crash
loop stated of the record's one bare pod to its container (`give_stated_crashloop`), the
restart is given to that pod's one app container (of no name where the record shows none), a
Terminated state of no reason, exit code or time, its restarts no count bounds (R4.1: a restart
follows an end).

Its subject is the case's: a determiner of the case's (`该pod`, `我的pod`: zh_restarts.py's) or
a pod's name that names the record's one pod (`names_pod`). Unread: what zh_restarts.py leaves
unread (a negation, a question, what may happen, a subject of no case), a name of another pod,
and a record of several pods or one whose container's state it shows.
"""

from __future__ import annotations

from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.model import RecordSet
from kubesim.explain.readers.restarts_beside import give_untold_end
from kubesim.explain.readers.stated_crashloop import bare_pod
from kubesim.explain.readers.stated_pod_oom import names_pod
from kubesim.explain.readers.zh_restarts import (
    STATED_ZH_RESTARTS,
    zh_restart_of_case,
    zh_restarts_hint,
)

__all__ = ["give_zh_restarts"]


def give_zh_restarts(found: RecordSet, text: str) -> None:
    """The restarts a Chinese sentence states of the record's one pod whose containers' states
    it does not show (`bare_pod`), its subject a determiner of the case's or a name of that pod,
    given to its one container as an end of no reason; said in a note, the line no longer
    listed as not read."""
    pod = bare_pod(found)
    if pod is None or not zh_restarts_hint(text):
        return
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        m = zh_restart_of_case(line[:SENTENCE_REACH], text)
        if m is None or m["name"] is not None and (
                pod.name is None or not names_pod(m["name"], pod.name)):
            continue
        give_untold_end(found, pod, number, lines, f"{STATED_ZH_RESTARTS} (`{m[0][:80]}`)")
        return
