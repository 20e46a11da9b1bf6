"""The words a page names its one pod by, where it shows that pod only by the name its
controller generated (a log's `"hostname":"logging-kibana-1-bo5zq"`: a pod's hostname is its
name): the bare words a statement of the case's end may name it by (stated_end.py, fc57c).

The corpus README's rule of fixprose43: a pod named by a bare word (no determiner) that is a
part of the record's one pod's name, or the start of it up to a dash, is that pod (`operator
pod is getting OOMKilled` beside the describe of solr-operator-5c57549cb5-mkpxj). A page of
prose names its pod so where one generated name stands on it: a workload's name, then the
suffix its controller adds (a ReplicaSet's pod-template hash or a DeploymentConfig's or
StatefulSet revision's number, then the pod's five random characters: `-5c57549cb5-mkpxj`,
`-1-bo5zq`), a digit in the hash or number (a name of words alone, `my-app-is-down`, is no
generated one). Two different such names are two pods: neither is the record's one.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["generated_parts"]

# a pod's generated name: a workload's dashed name, a hash or number with a digit, five
# random characters; in no longer word or path
_GENERATED = lazy_regex(r"(?<![\w.:/-])[a-z][a-z0-9]{0,62}(?:-[a-z0-9]{1,63}){0,8}"
                        r"-(?=[a-z]{0,9}[0-9])[a-z0-9]{1,10}-[a-z0-9]{5}(?![\w.-])")
_REACH = 2000  # how much of each line is looked at


def generated_parts(lines: list[str]) -> frozenset[str]:
    """The dash-parted parts of letters of the one generated pod name the lines show
    (`logging`, `kibana` of logging-kibana-1-bo5zq), none where they show none or two."""
    names: set[str] = set()
    for text in lines:
        if "-" in text:
            names.update(m[0] for m in _GENERATED.finditer(text, 0, min(len(text), _REACH)))
            if len(names) > 1:
                return frozenset()
    if len(names) != 1:
        return frozenset()
    [name] = names
    return frozenset(x for x in name.split("-") if x.isalpha())
