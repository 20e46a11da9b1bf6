"""The child process of the `HelmLibrary` engine: renders one chart with helm-python-sdk.

Run as `python -m kubesim.cli.helm_child` with a JSON request on stdin (chart,
values files, --set and --set-string expressions, release, namespace, Kubernetes version);
writes the render
(a JSON object: template path -> rendered text) to stdout and exits 0, or writes Helm's error
to stderr and exits 1. It runs apart from kubesim so that the parent's bounds (time, output,
memory) hold for Helm's native library too, and so that a crash in it is an exit code.

Values are put together as `helm template` does (`helm.sh/helm pkg/cli/values/options.go`
`MergeValues`): the files in order, merged by Helm's `mergeMaps` (a later file's mapping is
merged into an earlier one's, anything else replaces), then every `--set`, then every
`--set-string`, each parsed by Helm's own parser (`strvals`). One difference remains: Helm
applies `--set` onto the merged map, so `list[1]=x` edits a list from a values file, while
here the parsed `--set` is merged in, so it replaces that list.

The Kubernetes version reaches Helm through the native render's own `kube_version` option
(helm-c-sdk's render options: name, namespace, revision, is_install, is_upgrade,
kube_version, ...), which helm-python-sdk 0.2's `Chart.render` does not expose; so that both
engines render with one version, `render_at` passes it (the `render` extra pins `<0.3`).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from kubesim.errors import KubesimError, RenderError
from kubesim.files import read_text

__all__ = ["main", "merge_maps", "render_at"]


def merge_maps(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Helm's `mergeMaps` (pkg/cli/values/options.go): `b` over `a`, mappings merged."""
    out = dict(a)
    for key, value in b.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge_maps(out[key], value)
        else:
            out[key] = value
    return out


def _values(request: dict[str, Any], helm: Any) -> dict[str, Any]:
    base: dict[str, Any] = {}
    for path in request["values"]:
        text, _ = read_text(path, RenderError)
        base = merge_maps(base, helm.values_from_yaml(text) or {})
    for expression in request["set"]:
        base = merge_maps(base, helm.parse_set_string(expression))
    for expression in request["set_string"]:
        base = merge_maps(base, helm.parse_set_string_values(expression))
    return base


def render_at(helm: Any, path: str, values: dict[str, Any], options: dict[str, Any]
              ) -> dict[str, str]:
    """`Chart.render` with the native options it does not expose (kube_version)."""
    from helm_python import _native

    class Chart(helm.Chart):  # the library's own class, with one method more
        def render_with(self, values: dict[str, Any], options: dict[str, Any]) -> str:
            return str(_native.call_string("helm_render", self._raw(), json.dumps(values),
                                           json.dumps(options)))

    with Chart.load(path) as chart:
        out = json.loads(chart.render_with(values, options))
    return out if isinstance(out, dict) else {}


def main() -> int:
    """Render the requested chart; the exit code says whether it worked."""
    request = json.loads(sys.stdin.read())
    try:
        import helm_python as helm
    except ImportError as exc:
        print(f"cannot import helm-python-sdk: {exc}", file=sys.stderr)
        return 1
    try:
        helm.disable_logging()
        values = _values(request, helm)
        manifests = render_at(helm, request["chart"], values, {
            "name": request["release"], "namespace": request["namespace"], "revision": 1,
            "is_install": True, "is_upgrade": False, "kube_version": request["kube_version"]})
    except KubesimError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    except helm.HelmError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(json.dumps(manifests))
    return 0


if __name__ == "__main__":  # pragma: no cover - run as a child process
    sys.exit(main())
