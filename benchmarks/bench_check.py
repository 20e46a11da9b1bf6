"""`kubesim check` on a large rendered bundle: how long reading a 2 MB multi-document YAML
takes with libyaml's safe loader (what kubesim uses when PyYAML has it) against PyYAML's pure
Python one, and one whole `check` of the bundle. Ratios in one run, on this machine.

    python benchmarks/bench_check.py            # best of 3
    python benchmarks/bench_check.py --repeat 5

The bundle is generated: 110 CustomResourceDefinition-like documents (deep schemas, like the
argo-cd and calico install bundles) and one probed Deployment.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

import yaml

from kubesim.cli.main import main
from kubesim.spec import yamlio


def bundle() -> str:
    props = {f"field{i}": {"type": "object", "description": "x" * 40, "properties": {
        f"sub{j}": {"type": "string", "description": "y" * 30} for j in range(12)}}
        for i in range(12)}
    crd = {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
           "metadata": {"name": "things.example.com"},
           "spec": {"versions": [{"name": "v1", "schema": {"openAPIV3Schema": {
               "type": "object", "properties": props}}}]}}
    deploy = {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
              "spec": {"template": {"spec": {"containers": [{
                  "name": "web", "ports": [{"name": "http", "containerPort": 8080}],
                  "livenessProbe": {"httpGet": {"path": "/livez", "port": "http"}},
                  "readinessProbe": {"httpGet": {"path": "/readyz", "port": "http"}}}]}}}}
    return yaml.safe_dump_all([crd] * 110 + [deploy])


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        yamlio._LAST = None  # no cache between rounds
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def run(repeat: int) -> None:
    text = bundle()
    fast = best(lambda: yamlio._parse(text, yamlio._LOADER), repeat)
    slow = best(lambda: yamlio._parse(text, yaml.SafeLoader), repeat)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bundle.yaml"
        path.write_text(text)

        def check() -> None:
            with contextlib.redirect_stdout(io.StringIO()):
                main(["check", str(path)])

        whole = best(check, repeat)
    print(f"bundle: {len(text) / 1e6:.1f} MB, 111 documents; best of {repeat}")
    print(f"parse, {yamlio._LOADER.__name__:<12} {fast:8.3f} s")
    print(f"parse, SafeLoader   {slow:8.3f} s   ({slow / fast:.1f}x slower)")
    print(f"kubesim check       {whole:8.3f} s   (parses once, simulates one container)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    run(parser.parse_args(sys.argv[1:]).repeat)
