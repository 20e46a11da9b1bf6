"""kubesim.files: bounded reading of inputs and the one safe writer of outputs."""

from __future__ import annotations

import os
import stat

import pytest

from kubesim.errors import BehaviourError, UsageError
from kubesim.files import (
    MAX_DEPTH,
    OutputFile,
    check_depth,
    load_json,
    open_live,
    read_text,
    write_output,
)


@pytest.mark.parametrize("text,needle", [
    ('{"a": 1, "a": 2}', "duplicate key 'a'"),
    ('{"a": ' + "9" * 20 + "}", "does not fit in 64 bits"),
    ('{"a": ' + "9" * 5000 + "}", "(5000 digits)"),
    ('{"a": 1e999}', "out of range"),
    ('{"a": NaN}', "NaN is not JSON"),
    ('{"a": -Infinity}', "-Infinity is not JSON"),
    ("[" * 5000 + "]" * 5000, "nests deeper"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nests deeper"),
    ('{"a": [1, 2', "not JSON"),
])
def test_json_within_bounds_or_one_error(text, needle):
    with pytest.raises(BehaviourError) as info:
        load_json(text, "f.json", BehaviourError)
    assert needle in str(info.value) and "\n" not in str(info.value)


def test_json_at_the_bounds_is_read():
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert check_depth(load_json(deep, "f.json", BehaviourError)) is None
    assert load_json('{"a": 9223372036854775807, "b": 1e308}', "f", BehaviourError) == {
        "a": 2**63 - 1, "b": 1e308}


def test_read_text_bounds_size_and_drops_a_byte_order_mark(tmp_path):
    f = tmp_path / "x.yaml"
    f.write_bytes(b"\xef\xbb\xbfa: 1\n")
    assert read_text(f, UsageError)[0] == "a: 1\n"
    f.write_bytes(b"x" * 1001)
    with pytest.raises(UsageError, match="larger than"):
        read_text(f, UsageError, max_bytes=1000)
    zero = tmp_path / "zero.jsonl"
    zero.symlink_to("/dev/zero")  # a device is read too, but never without a bound
    with pytest.raises(UsageError, match="larger than 64 MiB") as info:
        read_text(zero, UsageError, max_bytes=None)
    assert info.value.source == str(zero)


def test_the_writer_is_atomic_and_keeps_the_mode(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    target.chmod(0o640)
    out = OutputFile(str(target))
    out.write("new, first half\n")
    assert target.read_text() == "old\n"  # nothing half-written
    out.commit()
    assert target.read_text() == "new, first half\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    with pytest.raises(RuntimeError), OutputFile(str(target)) as failing:
        failing.write("never\n")
        raise RuntimeError
    assert target.read_text() == "new, first half\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]  # no temp file left


@pytest.mark.parametrize("kind", ["symlink", "fifo", "directory", "device"])
def test_the_writers_refuse_what_is_not_a_regular_file(tmp_path, kind):
    real = tmp_path / "real.txt"
    real.write_text("keep\n")
    path = {"symlink": tmp_path / "link", "fifo": tmp_path / "fifo", "directory": tmp_path,
            "device": "/dev/null"}[kind]
    if kind == "symlink":
        path.symlink_to(real)
    if kind == "fifo":
        os.mkfifo(path)
    for write in (lambda: write_output(str(path), "x"), lambda: open_live(str(path))):
        with pytest.raises(UsageError, match="regular files"):
            write()
    assert real.read_text() == "keep\n"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
