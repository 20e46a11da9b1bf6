"""The readers of a page with no layout kubectl prints, in their order (`told_alone`): crictl's
tables, an alert's labels, the kernel's OOM kill, a markdown table of pods beside the kubelet's
eviction message, prose stating a crash loop or a restart, a tool's line of a container's state,
prose stating an end of the case's pod however named, or of a name that is no pod or container.

`text.py` imports this module with the first text record the paste's readers find no pod,
container or event in: a describe's or an event table's record does not import these readers.
"""

from __future__ import annotations

from kubesim.explain.readers.agent_end import read_agent_end
from kubesim.explain.readers.alert_labels import read_alert_labels
from kubesim.explain.readers.bold_status import read_bold_status
from kubesim.explain.readers.container_pod_crashloop import read_container_pod_crashloop
from kubesim.explain.readers.crictl_tables import read_crictl_tables
from kubesim.explain.readers.evicted_message import read_evicted_message
from kubesim.explain.readers.evicted_table import read_evicted_table
from kubesim.explain.readers.kernel_oom import read_kernel_oom
from kubesim.explain.readers.logged_end import read_logged_end
from kubesim.explain.readers.model import RecordSet
from kubesim.explain.readers.prose_page import ProsePage
from kubesim.explain.readers.restarted_report import read_restarted_report
from kubesim.explain.readers.stated_apart import read_stated_apart
from kubesim.explain.readers.stated_crashing import read_stated_crashing
from kubesim.explain.readers.stated_crashloop import read_stated_crashloop
from kubesim.explain.readers.stated_end import read_stated_end
from kubesim.explain.readers.stated_no_restart import read_stated_no_restart
from kubesim.explain.readers.stated_restart import read_stated_restart
from kubesim.explain.readers.stated_stop import read_stated_stop
from kubesim.explain.readers.tool_state import read_tool_state
from kubesim.explain.readers.unready_status import read_unready_status

__all__ = ["told_alone"]


def told_alone(plained: str, source: str) -> RecordSet | None:
    """What a page tells without a layout kubectl prints, each reader in its order: crictl's
    tables, an alert's labels, the kernel's OOM kill, a table of evicted pods, prose stating a
    crash loop, a restart, a tool's line of a container's state, prose stating an end of the
    case's pod however named (stated_end.py) or of a name that is no pod or container; None
    when none reads it."""
    shown = _tools_shown(plained, source)
    if shown is not None:
        return shown
    # the page the prose readers below share: normalised and dedented once (prose_page.py)
    page = ProsePage(plained)
    # a page of prose alone stating its case's crash loop (stated_crashloop.py): first, so
    # that the case's own pod (`our api-server`, `api-server-0`: README's subject rule) is
    # read as the case's, not as a bare name of stated_apart.py
    # the pod of the one app container a `Defaulted container` line lists, stated in
    # CrashLoopBackOff (container_pod_crashloop.py): first, so that the container is named
    looped = read_container_pod_crashloop(plained, source) or \
        read_stated_crashloop(page, source)
    if looped is not None:
        return looped
    # a page of prose alone stating a restart of the case's own pod or container
    # (stated_restart.py): before stated_apart.py, whose bare name is no subject of the case's
    # (`the container that holds the nexus server`: the clause's object; fixprose77)
    # (or a crash of the case's own pods, no cause given: stated_crashing.py, fixprose94)
    restarted = read_stated_restart(page, source) or read_stated_crashing(page, source)
    if restarted is not None:
        return restarted
    # a page of prose alone stating a stop of the case's own pod or container
    # (stated_stop.py: `the running pod gets a Tomcat shut down event which stops it`), read
    # as a restart is, before stated_apart.py for the same reason (fixmarked51)
    stopped = read_stated_stop(page, source)
    if stopped is not None:
        return stopped
    # a tool's line of a container's state (`Container X is waiting: CrashLoopBackOff`,
    # `container X terminated with exit code 1`: tool_state.py), that container's state
    told = read_tool_state(plained, source) or read_unready_status(plained, source)
    if told is not None:  # (or Pulumi's `containers with unready status`: unready_status.py)
        return told
    # an end of the case's own pod however named (stated_end.py, crashcatch55), or its pod
    # stated not restarted (stated_no_restart.py), before stated_apart.py (`our two replicas`
    # is no bare name); then an end of a name that is no pod or container (stated_apart.py):
    # answered, not refused (a wrapper's first line taken for YAML too)
    # (or the kubelet's kill of the case's own workload, no cause told: agent_end.py, fc57c)
    return read_stated_end(page, source) or read_agent_end(page, source) or \
        read_stated_no_restart(page, source) or _apart_or_logged(page, plained, source)


def _apart_or_logged(page: ProsePage, plained: str, source: str) -> RecordSet | None:
    """An end of a name that is no pod or container (stated_apart.py), else, last, the app's
    own end in a log its author gives as the case's pod's (logged_end.py, fc58d: a page no
    reader above reads); None when neither reads it."""
    return read_stated_apart(page, source) or read_logged_end(plained, source)


def _tools_shown(plained: str, source: str) -> RecordSet | None:
    """What a tool printed on a page kubectl's layouts do not read: crictl's tables, an
    alert's labels, the kernel's OOM kill, a markdown table of evicted pods; None else."""
    # the container runtime's CLI: `crictl ps` rows, their pods from `crictl pods`
    # (crictl_tables.py), a table kubectl does not print; an alert's labels (alert_labels.py);
    # the kernel's OOM kill in one container's memory cgroup (kernel_oom.py), or a markdown
    # table of pods beside the kubelet's eviction message (evicted_table.py); a tool's report
    # of failing pods and their containers' restart counts (restarted_report.py); a container
    # status list pasted with bold marks and its indentation lost (bold_status.py, fc57b); the
    # kubelet's eviction message pasted alone (evicted_message.py, fc57d)
    return read_crictl_tables(plained, source) or read_alert_labels(plained, source) or \
        read_kernel_oom(plained, source) or read_evicted_table(plained, source) or \
        read_restarted_report(plained, source) or read_bold_status(plained, source) or \
        read_evicted_message(plained, source)
