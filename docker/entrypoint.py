#!/usr/bin/env python3
"""The container image's entrypoint: run `kubesim` as the owner of the working directory.

`docker run -v "$PWD:/work" kubesim check . -o kubesim.sarif` mounts your directory at
/work, the working directory. The container starts as root only to read who owns it, then
drops to that uid and gid (no supplementary groups) before kubesim starts: the files it
writes there are yours, and kubesim itself runs as you. Under a rootless engine (Podman,
rootless Docker) your files appear owned by root inside the container, and root there is
you outside it, so it stays as it is. Started with `--user UID:GID` it is not root and
changes nothing. HOME becomes a writable directory for any uid (/tmp). Nothing else needs a
particular uid: the image holds no file kubesim writes.
"""

from __future__ import annotations

import os
import sys


def adopt(path: str, euid: int) -> tuple[int, int] | None:
    """The (uid, gid) to run as: the owner of `path` when started as root, else None (stay)."""
    if euid != 0:
        return None
    st = os.stat(path)
    return st.st_uid, st.st_gid


def main(argv: list[str]) -> None:
    ids = adopt(os.getcwd(), os.geteuid())
    if ids is not None and ids != (0, 0):
        uid, gid = ids
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)  # last: after it, nothing can be given back
    home = os.environ.get("HOME", "")
    if not home or not os.access(home, os.W_OK):
        os.environ["HOME"] = "/tmp"
    os.execvp("kubesim", ["kubesim", *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
