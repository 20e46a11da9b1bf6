"""A container's terminated state as the fabric8 Kubernetes client prints it: the toString of
its model class (`ContainerStateTerminated(containerID=..., exitCode=1, finishedAt=..., message=
null, reason=Error, signal=null, startedAt=..., additionalProperties={})`, Lombok's
`@ToString`: the class's name, then `field=value` in its fields' order, `null` for none), as a
Java tool that uses the client logs it: the Jenkins Kubernetes plugin's `Container is terminated
POD [CONTAINER]: ContainerStateTerminated(...)` (KubernetesLauncher; held-out batch 86,
jenkinsci-helm-charts-768; fixlogs86).

The state is read as describe prints it: `State or Last State: Terminated` (the line shows
which of the two it is no more than describe's fields alone do), its Reason, Exit Code,
Started and Finished, under the container that `[NAME]:` right before it names. A field of
`null` is left out; a state with no exit code is no end shown and left unread, as is one cut
before its `)` (its fields may be cut in their value). Bounded patterns, one a line: a line of
any length is read in one pass.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import UNTOLD_STATE

__all__ = ["FABRIC8_STATE", "fabric8_state_hint", "fabric8_terminated"]

FABRIC8_STATE = ("a container's terminated state as the fabric8 client prints it "
                 "(`ContainerStateTerminated(exitCode=..., reason=..., ...)`): read as "
                 "describe's State or Last State, Terminated, its Reason, Exit Code, Started "
                 "and Finished")
_ANCHOR = "ContainerStateTerminated("
_FIELDS = lazy_regex(r"ContainerStateTerminated\((?P<fields>[^()\n]{0,2000})\)")
_FIELD = lazy_regex(r"(?:^|,[ \t]*)(?P<key>[A-Za-z]{1,30})=(?P<value>[^,]{0,300})")
_CODE = lazy_regex(r"-?\d{1,9}")
_TIME = lazy_regex(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z")
# the container the line names right before the state: `... [jnlp]: `
_NAMED = lazy_regex(r"\[(?P<name>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)\]:[ \t]*$")
_DESCRIBE = (("reason", "Reason"), ("exitCode", "Exit Code"), ("startedAt", "Started"),
             ("finishedAt", "Finished"))


def fabric8_state_hint(text: str) -> bool:
    """Whether the text may hold such a state (for the paste reader's gate)."""
    return _ANCHOR in text


def fabric8_terminated(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """The terminated state the line prints (module docstring) as describe's lines, whether
    the line holds more, and what it is; None without one (no `exitCode` shown)."""
    at = line.find(_ANCHOR)
    m = _FIELDS.match(line, at) if at >= 0 else None
    if m is None:
        return None, ""
    fields = {f["key"]: f["value"].strip() for f in _FIELD.finditer(m["fields"])}
    if not _CODE.fullmatch(fields.get("exitCode", "")):
        return None, ""
    state = [f"{UNTOLD_STATE}: Terminated"] + [
        f"  {shown}: {fields[key]}" for key, shown in _DESCRIBE
        if fields.get(key, "null") != "null" and (key not in ("startedAt", "finishedAt")
                                                  or _TIME.fullmatch(fields[key]))]
    named = _NAMED.search(line, max(0, at - 100), at)
    if named is not None:  # under the container's name, as describe prints it
        state = ["Containers:", f"  {named['name']}:", *("    " + x for x in state)]
    return (state, bool(line[:at].strip() or line[m.end():].strip())), FABRIC8_STATE
