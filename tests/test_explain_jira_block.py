"""A paste wrapped whole in Jira's block (`{code}`, `{code:yaml}`, `{noformat}`): its first
line opens a code block, no YAML flow mapping (`{code}` parses as one). A file of prose that
holds no record is refused as no record, as the bare file is, never as malformed YAML (the
wrapper tests found it on the records explain refuses whole, stop 50); a pod's YAML in the
block is read as before.
"""

from __future__ import annotations

import pytest

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record

_PROSE = "Just fired this up in kubernetes, and got the following error\n\nsome app log line\n"
_POD = """apiVersion: v1
kind: Pod
metadata:
  name: web-0
status:
  containerStatuses:
  - name: web
    restartCount: 2
    lastState:
      terminated:
        exitCode: 137
        reason: OOMKilled
"""


@pytest.mark.parametrize("opener", ["{code}", "{code:yaml}", "{noformat}"])
def test_prose_in_a_jira_block_is_refused_as_no_record(opener: str) -> None:
    closer = "{noformat}" if opener == "{noformat}" else "{code}"
    with pytest.raises(RecordError, match="not a record explain reads"):
        parse_record(f"{opener}\n{_PROSE}{closer}\n", "r.txt")


@pytest.mark.parametrize("opener", ["{code}", "{code:yaml}", "{noformat}"])
def test_a_pods_yaml_in_a_jira_block_is_read(opener: str) -> None:
    closer = "{noformat}" if opener == "{noformat}" else "{code}"
    record = parse_record(f"{opener}\n{_POD}{closer}\n", "r.txt")
    [pod] = record.pods
    assert pod.name == "web-0"
    [container] = pod.containers
    assert container.restart_count == 2 and container.last is not None
    assert container.last.reason == "OOMKilled"
