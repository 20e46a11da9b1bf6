"""kubesim.explain.command: what a container's `sh -c` script does to the file its exec probe
tests, read without running anything (issue 30: explain on real pastes). Times are worked out
by hand from the scripts; anything the reader does not read is unknown, never guessed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim.explain.command import FileLife, Unread, probe_file, read_file_life

SH = ("/bin/sh", "-c")


def life(script: str, probed: str = "/tmp/health") -> FileLife | Unread:
    return read_file_life((*SH, script), None, probed)


def test_the_docs_demo_removes_the_file_for_good_at_30_s():
    """The Kubernetes docs' exec liveness demo: written at 0 s, removed at 30 s, the script
    (and the container) ending at 630 s."""
    got = life("touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600", "/tmp/healthy")
    assert got == FileLife("/tmp/healthy", 0.0, 30.0, 630.0,
                           "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600")
    assert "from 30 s of each container's life on the probe cannot pass" in got.text


def test_k8s_31717_args_without_a_command_are_the_script():
    got = read_file_life(None, ("/bin/sh", "-c", "echo ok > /tmp/health; sleep 10; "
                                "rm -rf /tmp/health; sleep 600"), "/tmp/health")
    assert isinstance(got, FileLife)
    assert (got.present, got.gone, got.ends) == (0.0, 10.0, 610.0)


@pytest.mark.parametrize(("script", "present", "gone", "ends"), [
    ("echo ok>/tmp/health && sleep 5 && rm /tmp/health && exec sleep infinity", 0.0, 5.0, None),
    ("sleep 3\ntouch /tmp/health\nsleep 4\nrm -rf /tmp/health\nsleep 1", 3.0, 7.0, 8.0),
    ("touch /tmp/health; sleep 5; rm -f /tmp/health; sleep 5; touch /tmp/health; sleep 9",
     None, None, 19.0),  # written back: never gone for good
    ("rm -f /tmp/health; sleep 600", None, 0.0, 600.0),  # never written: gone from the start
    ("touch /tmp/health; sleep 2; rm /tmp/health; sleep 1; rm -f /tmp/health; sleep 1",
     0.0, 2.0, 4.0),  # the second rm changes nothing
    ("echo 'a;b' > /tmp/other; touch /tmp/health; sleep 1.5", None, None, 1.5),
    ("touch /tmp/health; sleep 4; rm -rf /tmp; sleep 9", 0.0, 4.0, 13.0),  # its directory
    ("touch /tmp/health; sleep 4; rm -rf /tmpx; sleep 9", None, None, 13.0),  # another one
])
def test_when_the_file_exists(script, present, gone, ends):
    got = life(script)
    assert isinstance(got, FileLife), got
    assert (got.present, got.gone, got.ends) == (present, gone, ends)


@pytest.mark.parametrize("script", [
    "echo $HEALTH > /tmp/health",  # a variable
    "cat /dev/null | tee /tmp/health",  # a pipe
    "while true; do sleep 1; done",  # a loop
    "sleep 5 & rm /tmp/health",  # a background job
    "touch /tmp/h* ; sleep 1",  # a glob
    "touch health; sleep 10",  # a relative path may be the probed file
    "echo ok > /tmp/health; python app.py",  # another command
    "echo ok > /tmp/health 2>&1",  # a redirection the reader does not read
    "echo 'ok > /tmp/health",  # a quote that does not close
    "sleep 10s; rm /tmp/health",  # a duration sleep does not take everywhere
    "sleep 600",  # nothing to the probed file
    "",
])
def test_anything_else_is_unknown(script):
    assert isinstance(life(script), Unread)


@pytest.mark.parametrize(("command", "args"), [
    (None, None), (("/app/server",), ("--port", "8080")), (("sh", "-c"), None),
    (("sh", "-c", "touch /tmp/health", "extra"), None), (("python", "-c", "print(1)"), None),
])
def test_a_command_that_is_not_one_shell_script_is_unknown(command, args):
    assert isinstance(read_file_life(command, args, "/tmp/health"), Unread)


@pytest.mark.parametrize(("probe", "path"), [
    (("cat", "/tmp/health"), "/tmp/health"), (("test", "-e", "/tmp/x"), "/tmp/x"),
    (("test", "-f", "/tmp/x"), "/tmp/x"), (("[", "-f", "/ready", "]"), "/ready"),
    (("ls", "/tmp/x"), "/tmp/x"), (("stat", "/tmp/x"), "/tmp/x"),
    (("sh", "-c", "cat /tmp/healthy"), "/tmp/healthy"),
    (("cat", "tmp/health"), None), (("cat", "/tmp/*"), None), (("cat", "/a", "/b"), None),
    (("curl", "-f", "http://localhost/"), None), (("sh", "-c", "cat /a && curl x"), None),
    (("test", "-s", "/tmp/x"), None),
])
def test_the_probe_must_only_test_one_file(probe, path):
    assert probe_file(probe) == path


WORDS = st.sampled_from(["echo", "ok", ">", ">>", "/tmp/health", "rm", "-rf", "-f", "touch",
                         "sleep", "10", "infinity", "exec", ";", "&&", "|", "&", "\n", "'",
                         '"', "$X", "true", ":", "cat", "printf", "2", "/tmp/x", "x*"])


@settings(max_examples=400, deadline=None)
@given(st.lists(WORDS, max_size=24).map(" ".join) | st.text(max_size=200),
       st.sampled_from(["/tmp/health", "/tmp/x"]))
def test_the_reader_never_raises_and_says_unknown_or_a_consistent_life(script, probed):
    """Any script: no exception; either unknown with a reason, or a life whose times are in
    order (written before it is gone, gone before the script ends)."""
    got = life(script, probed)
    if isinstance(got, Unread):
        assert got.why
        return
    assert got.path == probed and got.script == script
    if got.present is not None:
        assert got.gone is not None and got.present <= got.gone
    if got.gone is not None and got.ends is not None:
        assert got.gone <= got.ends


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=30), max_size=5).map(tuple))
def test_probe_file_never_raises(command):
    got = probe_file(command)
    assert got is None or (got.startswith("/") and got in " ".join(command))
