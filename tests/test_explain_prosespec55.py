"""A cut spec beside prose of what happened (prosespec55): prosespec54's reading of both
(spec_told.py) keeps a container's item the record cuts as cut (readers/cut_container.py).

A Deployment's template names no pod, nor does the page's prose: the two records of the pod
are merged (`read._merged`), the prose's first, the template's container filled into the
prose's (`read._fill`), and the cut went missing with it: the spec without its cut lists its
probes whole, so none killed it (`{0, 0}`). The cut goes with the spec
(`read._cut_with_its_spec`): the keys after it, probes among them, are not in the record, so
a liveness or startup probe it does not show may have killed the container (`{0, null}`;
the corpus README's rule of a pod's spec read up to a cut inside a container's item,
fixcounts77's druid-operator-174)."""

from __future__ import annotations

import pytest
from helpers import explained_answer

from kubesim.explain.model import Cause
from kubesim.explain.readers.read import parse_record, pod_groups

_TOLD = "Since the deploy the pod keeps failing with `CrashLoopBackOff`.\n"

_DEPLOYMENT = ("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n"
               "  template:\n    spec:\n      containers:\n      - name: web\n"
               "        image: example/web:1\n        readinessProbe:\n          httpGet:\n"
               "            path: /ready\n            port: 8080\n")

# the template's YAML stops being well formed inside the container's item, or the paste ends
# inside the item's last line (the item may go on past it), the prose above or below it
_BROKEN = "```yaml\n" + _DEPLOYMENT + "          periodSecond\n```\n"
_CUTS = [
    _TOLD + "\n" + "```yaml\n" + _DEPLOYMENT + "          periodSecond",
    _TOLD + "\n" + "```yaml\n" + _DEPLOYMENT.rstrip("\n"),
    _TOLD + "\n" + _BROKEN,
    _BROKEN + "\n" + _TOLD,
]


@pytest.mark.parametrize("text", _CUTS)
def test_a_cut_template_beside_prose_leaves_its_probes_untold(text):
    """The prose's crash loop is read (the container ended, the kills open); the template's
    cut inside the container's item leaves its probes after the cut untold, as it does with
    no prose beside it (fixcounts77)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == \
        (Cause.CANNOT_TELL, 0, None, True)


@pytest.mark.parametrize("text", _CUTS)
def test_the_merged_container_keeps_the_cut_and_its_note(text):
    """The one container of the merged pod is the template's, cut: its probes untold, its
    spec not listed whole, the cut's note kept."""
    [pod] = pod_groups([parse_record(text, "r.txt")])
    [container] = [c for c in pod.containers if c.spec is not None]
    assert (container.name, container.probes_untold, container.spec_listed) == \
        ("web", True, False)
    assert any("web's item of the pod's spec" in n.text and "is cut after" in n.text
               for n in pod.notes)

