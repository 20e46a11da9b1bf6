"""explain's arithmetic is the kubelet model's (issue 30, item 4): the detection windows
`kubesim explain` quotes (`detection[]` in its JSON) are the figures `kubesim windows` prints
for the same container, for every preset of kubesim/kubelet/settings.py, with and without
`--ideal` (hang detection and hang to stopped, R1.11, R1.17, R4.3-R4.5; startup protection,
R1.8, R6.2; readiness down and up, R3.4, R3.9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from helpers import cli as kubesim

from kubesim.kubelet.settings import PROFILES

DATA = Path(__file__).resolve().parent / "data" / "explain"
RECORD = str(DATA / "01-k8s-docs-liveness-exec.describe.txt")

# the docs' liveness-exec pod with a probe of each type and a grace of its own, so that every
# figure is computed and none is a default
POD = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "liveness-exec"},
       "spec": {"terminationGracePeriodSeconds": 45, "containers": [{
           "name": "liveness", "image": "busybox",
           "livenessProbe": {"exec": {"command": ["cat", "/tmp/healthy"]},
                             "initialDelaySeconds": 5, "periodSeconds": 5, "timeoutSeconds": 2,
                             "failureThreshold": 4},
           "startupProbe": {"exec": {"command": ["cat", "/tmp/started"]},
                            "initialDelaySeconds": 3, "periodSeconds": 7, "failureThreshold": 6},
           "readinessProbe": {"exec": {"command": ["cat", "/tmp/ready"]}, "periodSeconds": 3,
                              "failureThreshold": 2, "successThreshold": 3}}]}}

FIGURES = {"startup protection": "startup_protection", "hang detection": "hang_detection",
           "hang to stopped": "hang_to_stopped", "readiness down": "readiness_down",
           "readiness up": "readiness_up"}


@pytest.mark.parametrize("ideal", [False, True], ids=["real", "ideal"])
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_explains_detection_windows_are_kubesim_windows(capsys, tmp_path, profile, ideal):
    spec = tmp_path / "pod.yaml"
    spec.write_text(yaml.safe_dump(POD))
    flags = ["--profile", profile, *(["--ideal"] if ideal else []), "--format", "json"]
    code, out, err = kubesim(capsys, "explain", RECORD, "--spec", str(spec), "--no-suggest",
                             "--phases", "1", *flags)
    assert code == 0, err
    (container,) = json.loads(out)["containers"]
    code, out, err = kubesim(capsys, "windows", str(spec), *flags)
    assert code == 0, err
    windows = json.loads(out)
    quoted = {d["figure"]: d["seconds"] for d in container["detection"]}
    assert set(quoted) == set(FIGURES)
    for name, key in FIGURES.items():
        figure = windows[key]
        want = sorted([round(figure["guaranteed"], 3), round(figure["best"], 3)])
        assert quoted[name] == want, name
    # and the words say the same numbers
    stopped = windows["hang_to_stopped"]
    lo, hi = sorted([stopped["guaranteed"], stopped["best"]])
    text = " ".join(container["arithmetic"])
    assert f"from a hang to the container stopped {round(lo, 2):g}-{round(hi, 2):g} s" in text
