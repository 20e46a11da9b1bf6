"""How long does the pre-commit hook take to install, and to run once installed?

    python benchmarks/bench_hook.py [--runs N]

With the real pre-commit (the test extra), in a temporary directory: a clone of this
repository at HEAD as the hook repository, a project repository with one manifest whose
`.pre-commit-config.yaml` names the `kubesim-check` hook (`language: python`) at that commit,
and a fresh PRE_COMMIT_HOME. The first `pre-commit run --all-files` builds the hook's
environment (pip installs this repository and its core dependencies, from whatever index pip
is configured with); the next ones reuse it. Prints the wall-clock and CPU seconds of each run
and the packages in the hook's environment. It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _git(cwd: Path, *argv: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@example.com",
           "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@example.com"}
    return subprocess.run(["git", *argv], cwd=cwd, env=env, check=True, text=True,
                          capture_output=True).stdout.strip()


def _timed(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the children, exit code)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs after the first (3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kubesim-hook-") as tmp:
        top = Path(tmp)
        src = top / "kubesim"
        _git(top, "clone", "-q", str(REPO), str(src))
        rev = _git(src, "rev-parse", "HEAD")
        project = top / "project"
        project.mkdir()
        _git(project, "init", "-q")
        (project / "deployment.yaml").write_text(
            (REPO / "examples" / "seed-app" / "deployment.yaml").read_text())
        (project / ".pre-commit-config.yaml").write_text(
            f"repos:\n  - repo: {src.as_uri()}\n    rev: {rev}\n    hooks:\n"
            "      - id: kubesim-check\n")
        _git(project, "add", "-A")
        env = {**os.environ, "PRE_COMMIT_HOME": str(top / "home"),
               "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
        run = [str(BIN / "pre-commit"), "run", "--all-files", "--color", "never"]
        wall, cpu, code = _timed(run, project, env)
        print(f"first run (installs the hook): {wall:.2f} s wall, {cpu:.2f} s CPU, "
              f"exit {code}")
        for i in range(args.runs):
            wall, cpu, code = _timed(run, project, env)
            print(f"run {i + 2} (installed): {wall:.2f} s wall, {cpu:.2f} s CPU, exit {code}")
        pythons = list((top / "home").glob("repo*/py_env-*/bin/python"))
        if pythons:
            listed = subprocess.run([str(pythons[0]), "-m", "pip", "list",
                                     "--format", "freeze"], capture_output=True, text=True,
                                    check=False).stdout.split()
            print("the hook's environment: " + ", ".join(listed))


if __name__ == "__main__":
    main()
