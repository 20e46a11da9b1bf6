"""`kubesim explain` gives the same bytes whatever the interpreter's hash seed: a record's
evidence is listed in the record's order, never in a set's (whose order follows the hash of
its strings, randomised per process unless PYTHONHASHSEED is set)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# several Killing rows on one line of evidence each: the restarts and the failures-per-kill
# finding list the kills' evidence (their order differed with the hash seed)
RECORD = ROOT / "tests" / "data" / "explain" / "real" / "contrib-752.describe-tabs.txt"


def _explain(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "kubesim", "explain", str(RECORD),
                           "--format", "json", "--no-suggest"], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout


def test_explain_json_is_the_same_bytes_under_every_hash_seed():
    outputs = {seed: _explain(seed) for seed in ("1", "3")}
    assert '"evidence"' in outputs["1"]
    assert outputs["1"] == outputs["3"]
