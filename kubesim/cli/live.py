"""The command-line edge of reading a live cluster (`kubesim explain pod/NAME`, `kubesim check
--cluster`): which arguments ask for it, and the connection they describe."""

from __future__ import annotations

import argparse
from pathlib import Path

from kubesim.cluster.access import Connection, kubectl_access
from kubesim.cluster.read import read_stories
from kubesim.cluster.records import story_records
from kubesim.cluster.targets import (
    Target,
    is_live_name,
    parse_target,
    selector_target,
    valid_namespace,
)
from kubesim.errors import UsageError
from kubesim.explain.readers.model import RecordSet

__all__ = ["connection_of", "live_records", "live_request", "namespace_of"]


def live_request(args: argparse.Namespace) -> bool:
    """Whether the command line asks for a live cluster: `-l`, or a KIND/NAME that is not a
    file (a file of that name is read as the file: `./pod/x` names it without doubt)."""
    named = [r for r in args.records if is_live_name(r) and not Path(r).exists()]
    if args.selector is None and not named:
        return False
    files = [r for r in args.records if r not in named]
    if files:
        raise UsageError(f"{files[0]}: records come from files or from the cluster, not both "
                         "in one call")
    if args.selector is not None and named:
        raise UsageError("give KIND/NAME or -l SELECTOR, not both")
    return True


def connection_of(args: argparse.Namespace) -> Connection:
    return Connection(kubeconfig=args.kubeconfig, context=args.context)


def namespace_of(args: argparse.Namespace) -> str:
    return valid_namespace(args.namespace) if args.namespace is not None else "default"


def _targets(args: argparse.Namespace) -> list[Target]:
    if args.selector is not None:
        return [selector_target(args.selector)]
    return [parse_target(r) for r in args.records]


def live_records(args: argparse.Namespace) -> list[RecordSet]:
    """Every pod the arguments name, read from the cluster as records."""
    access = kubectl_access(connection_of(args))
    namespace = namespace_of(args)
    out = []
    for target in _targets(args):
        out += [r for s in read_stories(access, target, namespace) for r in story_records(s)]
    return out
