"""The command-line edge of reading a live cluster (`kubesim explain pod/NAME`, `kubesim check
--cluster`): which arguments ask for it, and the connection they describe."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from kubesim.errors import UsageError

if TYPE_CHECKING:
    from kubesim.analysis.check.read import SourcedDocuments
    from kubesim.cluster.access import ClusterAccess, Connection
    from kubesim.cluster.targets import Target
    from kubesim.explain.readers.model import RecordSet

# The cluster readers (kubectl access, the workload and story readers, explain's record model,
# the names of what is read) are imported by the functions that read a cluster: `check` of
# files, and `--help`, load none.
from kubesim.cli.options import LIVE, LIVE_GROUP
from kubesim.options import add_option

__all__ = ["add_cluster_args", "add_live_args", "cluster_documents", "connection_of",
           "live_records", "live_request", "namespace_of"]


def add_live_args(p: argparse.ArgumentParser) -> argparse._ArgumentGroup:
    """--kubeconfig and --context, in a group the command adds its own to."""
    group = p.add_argument_group(LIVE_GROUP)
    for name in ("kubeconfig", "context"):
        add_option(group, LIVE[name])
    return group


def live_request(args: argparse.Namespace) -> bool:
    """Whether `explain`'s command line asks for a live cluster: `-l`, or a KIND/NAME that is
    not a file (a file of that name is read as the file: `./pod/x` names it without doubt)."""
    from kubesim.cluster.targets import is_live_name

    named = [r for r in args.records if is_live_name(r) and not Path(r).exists()]
    if args.selector is None and not named:
        given = next((flag for flag, value in (("--kubeconfig", args.kubeconfig),
                                               ("--context", args.context),
                                               ("--namespace", args.namespace))
                      if value is not None), None)
        if given is not None:
            raise UsageError(f"{given} reads a live cluster: name pod/NAME, deploy/NAME, "
                             "sts/NAME or ds/NAME, or -l SELECTOR")
        return False
    files = [r for r in args.records if r not in named]
    if files:
        raise UsageError(f"{files[0]}: records come from files or from the cluster, not both "
                         "in one call")
    if args.selector is not None and named:
        raise UsageError("give KIND/NAME or -l SELECTOR, not both")
    return True


def connection_of(args: argparse.Namespace) -> Connection:
    from kubesim.cluster.access import Connection

    return Connection(kubeconfig=args.kubeconfig, context=args.context)


def namespace_of(args: argparse.Namespace, access: ClusterAccess) -> str:
    """-n, else the context's namespace (as kubectl chooses it)."""
    from kubesim.cluster.targets import valid_namespace

    return valid_namespace(args.namespace) if args.namespace is not None else access.namespace()


def _targets(args: argparse.Namespace) -> list[Target]:
    from kubesim.cluster.targets import parse_target, selector_target

    if args.selector is not None:
        return [selector_target(args.selector)]
    return [parse_target(r) for r in args.records]


def live_records(args: argparse.Namespace) -> list[RecordSet]:
    """Every pod the arguments name, read from the cluster as records."""
    from kubesim.cluster.access import kubectl_access
    from kubesim.cluster.read import read_stories
    from kubesim.cluster.records import story_records

    access = kubectl_access(connection_of(args))
    namespace = namespace_of(args, access)
    out = []
    for target in _targets(args):
        out += [r for s in read_stories(access, target, namespace) for r in story_records(s)]
    return out


def add_cluster_args(p: argparse.ArgumentParser) -> None:
    """`check --cluster` and what it reads."""
    group = add_live_args(p)
    for name in ("cluster", "cluster_namespaces", "all_namespaces"):
        add_option(group, LIVE[name])


def cluster_documents(args: argparse.Namespace) -> tuple[list[SourcedDocuments], list[str]]:
    """The workloads and Services of the namespaces `check --cluster` asks for, as documents
    named namespace/Kind/name, and the notes of how they were read."""
    if not args.cluster:
        given = next((flag for flag, value in (("--kubeconfig", args.kubeconfig),
                                               ("--context", args.context))
                      if value is not None), None)
        if given is not None:
            raise UsageError(f"{given} reads a live cluster: add --cluster")
        return [], []
    return _read_cluster(args)


def _read_cluster(args: argparse.Namespace) -> tuple[list[SourcedDocuments], list[str]]:
    from kubesim.analysis.check.read import SourcedDocuments
    from kubesim.cluster.access import kubectl_access
    from kubesim.cluster.read import read_workloads
    from kubesim.cluster.targets import valid_namespace
    from kubesim.spec.yamlio import YamlDocument

    access = kubectl_access(connection_of(args))
    namespaces = None if args.all_namespaces else [
        valid_namespace(n) for n in args.cluster_namespaces] or [access.namespace()]
    found, notes = read_workloads(access, namespaces)
    docs = [SourcedDocuments(o.source, [YamlDocument(o.manifest, o.source, None, {},
                                                     "live cluster")])
            for o in found]
    shown = "every namespace" if namespaces is None else "namespace " + ", ".join(namespaces)
    workloads = sum(1 for o in found if o.kind != "Service")
    if workloads == 0 and not args.allow_empty:  # a wrong namespace must not pass the gate
        raise UsageError(f"{shown} of {access.describe()} holds no Deployment, StatefulSet "
                         "or DaemonSet (--allow-empty passes a cluster with none)")
    notes.insert(0, f"read from the live cluster ({access.describe()}), {shown}: "
                    f"{workloads} workload(s); findings name namespace/Kind/name")
    return docs, notes
