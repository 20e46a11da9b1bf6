"""Does `kubesim explain` give the same bytes as another checkout on every record of the corpus?

    python benchmarks/explain_same_bytes.py --against CHECKOUT [--only NAME] [--keep DIR]

Every record of tests/data/explain/ and tests/data/explain/real/ (and, for the records whose
probe block SOURCES.md names, once more with it as --spec) explained as text (with --html, and
alone: without the page the replay keeps only what the text prints of its run), JSON and YAML, in process, once with kubesim imported from CHECKOUT and once from this
checkout (each in a child process, PYTHONHASHSEED=0, run outside both checkouts); then every
output compared byte for byte: the exit code, standard output, standard error and the page.
Prints the records whose outputs differ and exits 1 if any does. A speed-up of explain
must leave every byte as it was (issue 31: records that cost what is printed, not other
answers).
"""

from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "explain"

# run in the child: explain every record in every format into OUT
_CHILD = r'''
import contextlib, io, sys
from pathlib import Path
from kubesim.cli.main import main

data, out, only = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
SPECS = {"01-k8s-docs-liveness-exec.describe.txt": "01-k8s-docs-exec-liveness.pod.yaml",
         "03-k8s-131026.describe.txt": "03-k8s-131026.probes.yaml",
         "09-k8s-131346.describe.txt": "09-k8s-131346.probes.yaml"}
records = sorted(p for p in [*data.iterdir(), *(data / "real").iterdir()]
                 if p.is_file() and p.suffix != ".md" and p.name != "facts.yaml"
                 and not p.name.endswith(".probes.yaml") and only in p.name)
for rec in records:
    variants = [("", [])] + ([("spec", ["--spec", str(data / SPECS[rec.name])])]
                             if rec.name in SPECS else [])
    for tag, extra in variants:
        base = out / (rec.name + ("." + tag if tag else ""))
        # the text twice: with the page (the replay's run kept whole) and without it
        for fmt, page in (("text", True), ("text", False), ("json", False), ("yaml", False)):
            argv = ["explain", str(rec), "--format", fmt, *extra]
            if page:
                argv += ["--html", f"{base}.html"]
            name = fmt + (".alone" if fmt == "text" and not page else "")
            stdout, stderr = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                try:
                    code = main(argv)
                except SystemExit as exc:
                    code = exc.code
            Path(f"{base}.{name}").write_text(
                f"exit {code}\n{stdout.getvalue()}\n--stderr--\n{stderr.getvalue()}")
'''


def explain_all(root: Path, out: Path, only: str) -> None:
    """Every record's outputs with kubesim imported from `root`, into `out`."""
    out.mkdir(parents=True)
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
    subprocess.run([sys.executable, "-c", _CHILD, str(DATA), str(out), only], env=env,
                   cwd=out.parent, check=True)


def differing(a: Path, b: Path) -> list[str]:
    """The files of `a` and `b` whose bytes differ, or that one of them lacks."""
    names = sorted({p.name for p in a.iterdir()} | {p.name for p in b.iterdir()})
    return [n for n in names if not ((a / n).exists() and (b / n).exists()
                                     and filecmp.cmp(a / n, b / n, shallow=False))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, metavar="CHECKOUT")
    parser.add_argument("--only", default="", metavar="NAME",
                        help="only the records whose file name contains NAME")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="write the outputs under DIR (before/, after/) and keep them")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="explain-same-bytes-") as tmp:
        where = args.keep.resolve() if args.keep else Path(tmp)
        before, after = where / "before", where / "after"
        explain_all(args.against.resolve(), before, args.only)
        explain_all(ROOT, after, args.only)
        bad = differing(before, after)
        total = len(list(after.iterdir()))
    for name in bad:
        print(f"differs: {name}")
    print(f"{total - len(bad)} of {total} outputs the same bytes")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
