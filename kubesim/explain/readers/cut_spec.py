"""A manifest of a kind with pods the paste ends inside, cut before its pod spec (the corpus
README's rules: a record's parts not read are listed, at fixprose53).

`kind: Deployment`, its metadata, `labels:` and `app:`, and the paste ends: the API server (and
`kubesim check`) rejects the object for its missing `spec`, but the manifest is not malformed,
it is cut: what the author pasted stops before its pod template. Beside a record read elsewhere
(a describe's events, a pod) its lines are listed as not read, with why, as a YAML document
with no kind is (paste.py, fixrefuse49): nothing refused that can be read, nothing dropped
silently. Alone, the record is refused with the API server's error, as before. The error is
known by its field (a step of the path down to the kind's pod spec, `POD_SPEC_AT`: `spec`,
`spec.template`, `spec.template.spec`) and its validation (a required field missing), never by
the manifest's words; a manifest the paste does not end inside keeps its error.
"""

from __future__ import annotations

from kubesim.errors import KubesimError
from kubesim.spec.manifests import POD_SPEC_AT
from kubesim.spec.model import field_path

__all__ = ["cut_before_spec"]

# the validation the API server's error names (spec/manifests.py, `_Pod.read`)
_MISSING = "required field is missing"


def cut_before_spec(error: KubesimError, kind: str | None, ends_inside: bool) -> str | None:
    """Why a manifest's lines are not read where the paste ends inside it (`ends_inside`) and
    the error is its pod spec's path missing (a step of `POD_SPEC_AT[kind]`): it is cut before
    its spec; None for any other error, kind or place (the error stands)."""
    if not ends_inside or kind not in POD_SPEC_AT:
        return None
    loc = POD_SPEC_AT[kind]  # every step of the path from the object to its pod spec
    if error.field not in {field_path(loc[:i]) for i in range(1, len(loc) + 1)} or \
            not error.message.endswith(f"{error.field}: {_MISSING}"):
        return None
    return (f"a {kind} cut before its pod spec where the paste ends inside it: "
            f"{error.message[:80]}")
