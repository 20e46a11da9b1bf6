"""A describe cut inside the first word of a field printed below the probe lines' place
(microscope-54, batch 127: `Restart Count: 211`, then `    Enviro` where the paste ends).

kubectl describe prints a container's Liveness, Readiness and Startup lines between Restart
Count (and Limits, Requests) and Environment (describeContainers; probe_place.py). A paste that
ends inside a word that begins only fields printed below that place (`Enviro`: Environment;
`Mou`: Mounts) has gone past it: a probe line would have been printed before, so the container
has no probe the record hides (the corpus README's rule of a block whole from Restart Count to
Environment). A word that may begin a field above the place or a probe's line (`Co`: Command or
Conditions; `Li`: Limits or Liveness), a word that is whole on its line (not cut by the paste's
end) and a cut word that begins no field leave the probes untold, as before.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause

_DESCRIBE = ("Name:\t\tmicroscope\nNamespace:\tkube-system\nStatus:\t\tRunning\n"
             "Containers:\n  microscope:\n"
             "    Container ID:\tdocker://f1c9bb0dcc938f21177340af1fa2820809603688a67db5469119e692ae4a1d1a\n"
             "    Image:\t\tcilium/microscope\n    Args:\n      sleep\n      1000\n"
             "    State:\t\tRunning\n      Started:\t\tSat, 14 Apr 2018 05:31:01 -0700\n"
             "    Last State:\t\tTerminated\n      Reason:\t\tCompleted\n      Exit Code:\t0\n"
             "      Started:\t\tSat, 14 Apr 2018 05:14:19 -0700\n"
             "      Finished:\t\tSat, 14 Apr 2018 05:30:59 -0700\n"
             "    Ready:\t\tTrue\n    Restart Count:\t211\n")


@pytest.mark.parametrize("cut", ["    Enviro", "    Envi", "    Mou", "    Environment Var"])
def test_a_paste_cut_in_a_word_below_the_probe_place_shows_no_probe_that_kills(cut):
    answer = explained_answer(_DESCRIBE + cut)  # the paste ends inside the word
    assert answer.cause is Cause.APP_EXIT  # exit 0, and no liveness or startup probe (R1.17)
    assert (answer.probe_kills.lo, answer.probe_kills.hi) == (0, 0)


@pytest.mark.parametrize("text", [
    _DESCRIBE + "    Co",  # Command (above) or Conditions (below): cannot tell
    _DESCRIBE + "    Li",  # Limits, or Liveness: a probe line may be printed here
    _DESCRIBE + "    Liv",  # a probe's line cut: the probe is not told
    _DESCRIBE + "    E",  # one letter: Exit Code or Environment
    _DESCRIBE + "    Enviro\n",  # whole on its line (no paste's end inside it): no field
    _DESCRIBE + "    Zebra",  # begins no field describe prints
    _DESCRIBE,  # the paste ends after Restart Count
])
def test_a_cut_that_may_be_above_the_place_leaves_the_probes_untold(text):
    answer = explained_answer(text)
    assert answer.cause is Cause.CANNOT_TELL
    assert (answer.probe_kills.lo, answer.probe_kills.hi) == (0, 211)  # a running container: 211 restarts, 211 ends


def test_a_2_mb_cut_word_is_read_in_one_pass():
    read_in_one_pass(_DESCRIBE + "    Enviro" + "n" * 2_000_000)
    read_in_one_pass(_DESCRIBE + "    " + "E" * 2_000_000)
