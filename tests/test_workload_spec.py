"""What a fleet reads from the manifests besides the pod (kubesim.spec.workload): labels,
placement, a StatefulSet's settings, the PodDisruptionBudgets and Services that select the
pods; bad values rejected with the file, line and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kubesim.cli.main import main
from kubesim.errors import SpecError
from kubesim.spec.workload import (
    HOSTNAME_KEY,
    ZONE_KEY,
    AntiAffinityTerm,
    DisruptionBudget,
    LabelSelector,
    SpreadConstraint,
    load_fleet_spec,
)

ROOT = Path(__file__).resolve().parent.parent
APP = (ROOT / "examples" / "seed-app" / "deployment.yaml").read_text()
CORPUS = ROOT.parent / "shared" / "corpus" / "real-manifests"


def _pdb(spec: str, name: str = "orders", labels: str = "{app: orders}") -> str:
    return (f"---\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {{name: {name}}}"
            f"\nspec:\n  selector: {{matchLabels: {labels}}}\n{spec}")


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "m.yaml"
    path.write_text(text)
    return str(path)


def test_label_selectors_match_as_the_api_does():
    sel = LabelSelector((("app", "web"),), (("tier", "In", ("a", "b")), ("canary", "DoesNotExist", ())))
    assert sel.matches({"app": "web", "tier": "a"})
    assert not sel.matches({"app": "web", "tier": "c"})
    assert not sel.matches({"app": "web", "tier": "a", "canary": "1"})
    assert LabelSelector().matches({"anything": "x"})  # an empty selector selects every pod


def test_budgets_and_services_that_select_the_pods(tmp_path):
    text = (APP + _pdb("  maxUnavailable: 25%\n  unhealthyPodEvictionPolicy: AlwaysAllow\n")
            + _pdb("  minAvailable: 1\n", name="other", labels="{app: billing}"))
    spec = load_fleet_spec(_write(tmp_path, text))
    assert spec.labels == {"app": "orders"}
    assert spec.budgets == (DisruptionBudget("orders", None, "25%", True),)
    assert [s.name for s in spec.services] == ["orders"]


def test_placement_is_read_from_the_pod_spec(tmp_path):
    text = APP.replace("    spec:\n      terminationGracePeriodSeconds: 30\n", """    spec:
      terminationGracePeriodSeconds: 30
      topologySpreadConstraints:
        - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule,
           labelSelector: {matchLabels: {app: orders}}, matchLabelKeys: [pod-template-hash]}
        - {maxSkew: 1, topologyKey: example.com/rack, whenUnsatisfiable: ScheduleAnyway,
           labelSelector: {matchLabels: {app: orders}}}
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            - {labelSelector: {matchLabels: {app: orders}}, topologyKey: kubernetes.io/hostname}
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
              - matchExpressions:
                  - {key: topology.kubernetes.io/zone, operator: In, values: [zone-a, zone-b]}
""", 1)
    spec = load_fleet_spec(_write(tmp_path, text))
    p = spec.placement
    assert p.spread == (SpreadConstraint(ZONE_KEY, 1, True, None, True),)
    assert p.anti_affinity == (AntiAffinityTerm(HOSTNAME_KEY, True, 0),)
    assert p.zones_in == frozenset({"zone-a", "zone-b"})
    assert any("example.com/rack" in n for n in p.notes)


@pytest.mark.parametrize(("text", "message", "key"), [
    (APP + _pdb("  minAvailable: 1\n  maxUnavailable: 1\n"),
     "minAvailable and maxUnavailable cannot be both set", "  maxUnavailable: 1"),
    (APP + _pdb("  maxUnavailable: 120%\n"),
     "spec.maxUnavailable=120% must not be greater than 100%",
     "  maxUnavailable: 120%"),
    (APP + _pdb("  minAvailable: -1\n"), "spec.minAvailable=-1 must be", "  minAvailable: -1"),
    (APP + _pdb("  maxUnavailable: 1\n  unhealthyPodEvictionPolicy: Sometimes\n"),
     "unhealthyPodEvictionPolicy='Sometimes' must be IfHealthyBudget or AlwaysAllow",
     "  unhealthyPodEvictionPolicy: Sometimes"),
])
def test_bad_budgets_name_the_file_line_and_field(tmp_path, text, message, key):
    line = text.splitlines().index(key) + 1
    path = _write(tmp_path, text)
    with pytest.raises(SpecError, match=message) as info:
        load_fleet_spec(path)
    assert info.value.source == path and info.value.line == line


def test_bad_statefulset_settings(tmp_path):
    sts = ("apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n"
           "  podManagementPolicy: Burst\n  template:\n    spec:\n      containers:\n"
           "        - name: db\n          readinessProbe: {tcpSocket: {port: 1}}\n")
    with pytest.raises(SpecError, match="podManagementPolicy='Burst' must be OrderedReady or "
                                        "Parallel") as info:
        load_fleet_spec(_write(tmp_path, sts))
    assert info.value.line == 5
    bad = sts.replace("  podManagementPolicy: Burst\n",
                      "  updateStrategy: {rollingUpdate: {maxUnavailable: 0}}\n")
    with pytest.raises(SpecError, match="maxUnavailable=0 cannot be 0"):  # V5
        load_fleet_spec(_write(tmp_path, bad))


def test_the_cli_drain_uses_the_manifests_budget(capsys, tmp_path):
    """PodDisruptionBudget maxUnavailable 25 % of 4 rounds up to 1 (C4): the drain of two
    pods takes them one at a time."""
    path = _write(tmp_path, APP.replace("replicas: 3", "replicas: 4") +
                  _pdb("  maxUnavailable: 25%\n"))
    code = main(["fleet", path, "--drain-at", "30", "--drain-pods", "2", "--duration", "120",
                 "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["drain"]["budget"] == "orders"
    first, second = doc["drain"]["evictions"]
    assert first["evicted_at"] == 30 and second["refused"] >= 1
    assert second["evicted_at"] > 30


def test_two_budgets_make_the_eviction_fail(capsys, tmp_path):
    """eviction.go: more than one budget selecting the pod is an error (500); kubectl drain
    gives up on the pod and the drain does not complete."""
    path = _write(tmp_path, APP + _pdb("  maxUnavailable: 1\n") +
                  _pdb("  minAvailable: 1\n", name="second"))
    code = main(["fleet", path, "--drain-at", "30", "--duration", "60", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["drain"]["completed_at"] is None
    (e,) = doc["drain"]["evictions"]
    assert e["evicted_at"] is None and "more than one PodDisruptionBudget" in e["error"]


def test_the_corpus_calico_budget_is_read():
    path = CORPUS / "calico.yaml"
    if not path.exists():
        pytest.skip("the real-manifest corpus is not checked out beside the repository")
    spec = load_fleet_spec(str(path), "calico-kube-controllers")
    assert spec.budgets == (DisruptionBudget("calico-kube-controllers", None, 1, False),)
