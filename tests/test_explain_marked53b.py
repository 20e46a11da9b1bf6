"""Stop 53's marked records (marked53b): a kill of the case's own container stated with its
probes as the cause, no probe named (kubermatic-12803: `The `openvpn-client` container in it
gets continuously killed because of its probes:`, then a headerless piece of Unhealthy rows;
readers/killed_because.py's KILLED_BECAUSE, its `probes`).

The kill is the one probe's that can kill among those the record shows failing: readiness
never kills (R3.4); liveness alone a liveness kill, startup alone a startup kill (R4.4), at
least one, no count from the prose ({1, null}); both or neither, which one cannot be told. A
question, a negation, a guide's conditional and another pod's container state none."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.spec.model import ProbeType

# (kubermatic-12803's rows: a piece of an events table, no header)
_READINESS = ("  Warning  Unhealthy  92s (x13 over 2m56s)  kubelet            Readiness probe "
              "failed: command \"/bin/ping -c 1 -w 5 10.20.0.1\" timed out\n")
_LIVENESS = ("  Warning  Unhealthy  92s (x3 over 112s)    kubelet            Liveness probe "
             "failed: command \"/bin/ping -c 1 -w 5 10.20.0.1\" timed out\n")
_STARTUP = ("  Warning  Unhealthy  92s (x3 over 112s)    kubelet            Startup probe "
            "failed: command \"/bin/ping -c 1 -w 5 10.20.0.1\" timed out\n")
_SAID = "The `openvpn-client` container in it gets continuously killed because of its probes:"


def _record(sentence: str, rows: str) -> str:
    return f"The OpenVPN pod fails to start.\n\n{sentence}\n\n```\n{rows}```\n"


@pytest.mark.parametrize(("sentence", "rows", "probe"), [
    (_SAID, _READINESS + _LIVENESS, ProbeType.LIVENESS),
    ("The openvpn-client container gets killed by its probes.", _READINESS + _LIVENESS,
     ProbeType.LIVENESS),
    ("The api container in the pod was killed due to the probes.", _LIVENESS,
     ProbeType.LIVENESS),
    ("My pod keeps getting killed because of its probes.", _READINESS + _STARTUP,
     ProbeType.STARTUP),
])
def test_a_kill_because_of_its_probes_is_the_one_killing_probe_shown_failing(sentence, rows,
                                                                              probe):
    """The one probe that can kill among those shown failing killed it, at least once."""
    a = explained_answer(_record(sentence, rows))
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == \
        (kind, 1, None, True)


@pytest.mark.parametrize("sentence", [
    # a question, a negation, a guide's conditional
    "Is the `openvpn-client` container in it killed because of its probes?",
    "The `openvpn-client` container in it was not killed because of its probes.",
    "If probes fail, the container gets killed because of its probes.",
    # another pod's container; `a container`; a cause that is no probe
    "The `openvpn-client` container in another pod gets killed because of its probes.",
    "A container gets killed because of its probes.",
    "The `openvpn-client` container in it gets killed because of its memory.",
])
def test_a_kill_because_of_its_probes_of_no_case_or_unstated_reads_no_kill(sentence):
    """Beside the statement that reads one kill, each variant reads none: the rows alone
    (liveness failures, no Killing event) show no kill."""
    rows = _READINESS + _LIVENESS
    assert explained_answer(_record(_SAID, rows)).probe_kills == CountRange(1, None)
    a = explained_answer(_record(sentence, rows))
    assert (a.cause, a.probe_kills.lo) == (Cause.CANNOT_TELL, 0)


@pytest.mark.parametrize("rows", [_READINESS + _LIVENESS + _STARTUP, _READINESS])
def test_a_kill_because_of_its_probes_when_which_cannot_be_told_reads_no_kill(rows):
    """Both probes that kill shown failing, or neither: which one killed cannot be told, no
    kill read from the sentence (beside the same sentence read where liveness alone fails)."""
    assert explained_answer(_record(_SAID, _LIVENESS)).cause is Cause.LIVENESS_KILL
    assert explained_answer(_record(_SAID, rows)).probe_kills.lo == 0


@pytest.mark.parametrize("words", [
    "the `openvpn-client` container in it gets ",
    "killed because of ",
    "the pod gets killed by its ",
])
def test_a_kill_because_of_its_probes_reads_a_long_line_in_one_pass(words):
    """Hostile input: the rule's words repeated over a 2 MB line, read in one pass."""
    read_in_one_pass(words * (2_000_000 // len(words)) + "its probes.\n" + _LIVENESS)
