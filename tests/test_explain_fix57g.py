"""Stop 57's fc57g rules, each the general reading of a shape a held-out record showed
(openshift-release-1169, held-out batch 133).

- OpenShift 3's node process embeds the kubelet (`openshift start node`; its unit is
  origin-node in OKD, atomic-openshift-node in OCP): its journal lines (`origin-node[20148]: `)
  are the kubelet's log (readers/klog.py `_KUBELET_TAGS`). The master's units
  (`origin-master-api`, `atomic-openshift-master-controllers`) and a tag that only begins or
  ends with the node's name stay another program's.

Hand-written variants beside each that must stay as they are."""

from __future__ import annotations

import pytest
from helpers import explained_answer

from kubesim.explain.model import Cause
from kubesim.explain.readers.klog import klog_header
from kubesim.results import ProbeType

# --- OpenShift 3's node process as the kubelet ----------------------------------------------

_ERRORED = ('I0809 20:23:47.591753   20148 prober.go:106] Liveness probe for "webconsole-84f8cf'
            'fc88-57llq_openshift-web-console(0b7a30e6-9415-11e8-9bfe-42010a8e0004):webconsole" '
            "errored: rpc error: code = DeadlineExceeded desc = context deadline exceeded")
_FAILED = ('I0809 20:23:47.591753   20148 prober.go:106] Liveness probe for "webconsole-84f8cf'
           'fc88-57llq_openshift-web-console(0b7a30e6-9415-11e8-9bfe-42010a8e0004):webconsole" '
           "failed (failure): HTTP probe failed with statuscode: 500")


@pytest.mark.parametrize("tag", ["origin-node[20148]", "atomic-openshift-node[20148]",
                                 "origin-node"])
def test_openshift_3s_node_process_is_the_kubelet(tag: str) -> None:
    """origin-node's journal line is a kubelet line: klog's header read after the tag."""
    other, header = klog_header(f"Aug 09 20:23:47 origin-ci-ig-m-vqm9 {tag}: {_FAILED}")
    assert not other and header is not None and header.file == "prober.go"


@pytest.mark.parametrize("tag", ["origin-master-api[20148]", "origin-master-controllers[20148]",
                                 "atomic-openshift-master-controllers[20148]",
                                 "origin-node-exporter[20148]", "my-origin-node[20148]",
                                 "origin[20148]", "dockerd-current[20148]"])
def test_openshift_3s_other_units_stay_another_programs(tag: str) -> None:
    """The master's units embed no kubelet; a tag that merely holds the node's name is no
    node process: another program's line, not read as the kubelet's."""
    assert klog_header(f"Aug 09 20:23:47 origin-ci-ig-m-vqm9 {tag}: {_FAILED}") == (True, None)


def test_origin_nodes_prober_errors_are_the_kubelets_errored_liveness() -> None:
    """openshift-release-1169's first fence, in small: the errored liveness call is a failure
    shown that kills nothing (R2.2, E4)."""
    answer = explained_answer(f"Aug 09 20:23:47 origin-ci-ig-m-vqm9 origin-node[20148]: "
                              f"{_ERRORED}\n")
    assert answer.cause is Cause.CANNOT_TELL
    assert answer.failed == (ProbeType.LIVENESS,) and answer.shows_failures


def test_origin_nodes_failed_liveness_lines_are_failures() -> None:
    answer = explained_answer("".join(
        f"Aug 09 20:23:4{i} origin-ci-ig-m-vqm9 origin-node[20148]: "
        f"{_FAILED.replace('20:23:47', f'20:23:4{i}')}\n" for i in range(3)))
    assert answer.failed == (ProbeType.LIVENESS,) and answer.shows_failures
