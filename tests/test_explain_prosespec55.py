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
from helpers import explained_answer, read_in_one_pass
from test_explain_corpus import REAL
from test_explain_wrappers import indented

from kubesim.explain.model import Cause
from kubesim.explain.readers.normalise import plain
from kubesim.explain.readers.read import parse_record, pod_groups
from kubesim.explain.readers.sections import set_aside

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


# ------------------------------------------------ a page indented as a whole (task 2)

# kubeforge-b10's page: prose, a `describe | grep` command and its output printed as a shell
# comment under it, then a `Fix:` label leading the paragraph of what the change does
_KUBEFORGE = (REAL / "kubeforge-b10.lesson-prose-probe-typo-restarts-then-describe-grep-a5-"
              "liveness-line-heathz-elided.txt")
_COMMENTED = ("Our pod restarted.\n"
              "kubectl describe pod web | grep -A5 \"Liveness:\"\n"
              "# Liveness: http-get http://:80/heathz ...\n"
              "#   Readiness: http-get http://:80/ready ...\n"
              "Fix: correct the probe path, so the pod is no longer killed.\n")


@pytest.mark.parametrize("indent", ["    ", "\t", "  "])
@pytest.mark.parametrize("text", [_COMMENTED, "__kubeforge__"])
def test_a_comment_under_a_command_keeps_the_pages_indentation(text, indent):
    """`plain(dedent=False)` keeps the indentation the whole page shares on every line
    (normalise.py), the lines of a command's output printed as shell comments under it too:
    their mark is taken off, not the page's indentation before it."""
    text = _KUBEFORGE.read_text() if text == "__kubeforge__" else text
    bare = plain(text, dedent=False).split("\n")
    assert plain(indented(text, indent), dedent=False).split("\n") == \
        [indent + x if x.strip() else x for x in bare]


@pytest.mark.parametrize("indent", ["    ", "\t"])
@pytest.mark.parametrize("text", [_COMMENTED, "__kubeforge__"])
def test_a_section_label_under_the_pages_indentation_is_a_label(text, indent):
    """A `Fix:` label is a section label under any indentation the whole page shares: the
    page's lines set aside (sections.py) and the notes explain writes are those of the bare
    page (kubeforge-b10 under the indent wrapper: its `Fix:` line listed as plain not
    read)."""
    text = _KUBEFORGE.read_text() if text == "__kubeforge__" else text
    bare = set_aside(plain(text, dedent=False))
    shifted = set_aside(plain(indented(text, indent), dedent=False))
    assert bare is not None and shifted is not None
    assert (shifted.numbers, shifted.said) == (bare.numbers, bare.said)
    assert [n.text for n in parse_record(indented(text, indent), "r.txt").notes] == \
        [n.text for n in parse_record(text, "r.txt").notes]


_N = 2_000_000


@pytest.mark.parametrize("text", [
    "    kubectl describe pod web\n" + "    # Liveness: http-get http://:80/ \n" * (_N // 36),
    "    kubectl describe pod web\n    # " + " " * _N + "x\n",
    "kubectl describe pod web\n#" + " \t" * (_N // 2) + "\n",
])
def test_many_comment_lines_under_a_command_are_read_in_one_pass(text):
    """Hostile input: 2 MB of indented comment lines under a command (the page's shared
    indentation found once), or one line of 2 MB of blanks after its mark."""
    read_in_one_pass(text)
