"""Which containers the manifest says start slowly (KS016), and how slowly kubesim assumes.

kubesim reads only the manifest: the image's name, the command and its arguments, a few
environment variables only a database server sets, and what its exec probes run. Names that say
"exporter", "operator", "proxy" and the like are tools around a database, not one. A database replays its write-ahead or commit log
after a crash before it answers (PostgreSQL replays everything since its last checkpoint, by
default up to 5 minutes of writes; MySQL/InnoDB, MongoDB, Cassandra and Elasticsearch do the
same with their logs); a JVM application loads and JIT-compiles its classes, slowly under a
CPU limit. A Prometheus server replays its write-ahead log, a Loki ingester its own, a Thanos
store gateway loads its blocks' index headers and etcd rebuilds its index before they are ready:
minutes with a large data set, each cited in the table. Those four answer their liveness path
while they load (`/-/healthy`, `/metrics`; etcd does not listen until it has loaded) and fail
only their readiness path: only a probe that asks that path kills a slow start of theirs. The
table below is the whole rule; the KS016 page prints it (`table_markdown`, held
to it by a test). A workload that starts faster or slower says so with the annotation
`kubesim.dev/startup-seconds` (or `--startup-seconds` for every workload): then KS003 judges
the stated figure and this table is not used.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = ["CLASSES", "SlowStart", "SlowStarter", "slow_start", "table_markdown"]


@dataclass(frozen=True)
class SlowStarter:
    """One class of slow starters and the signals that identify it in a manifest."""

    kind: str  # "database", "JVM application"
    seconds: float  # the start-up kubesim assumes it can take
    why: str
    images: tuple[str, ...]  # image name (last path part, before the tag) starts with one
    env: tuple[str, ...] = ()  # an environment variable of this name is set
    commands: tuple[str, ...] = ()  # the command, args or an exec probe runs one (a word)
    exact: bool = False  # the image name is one of `images` (not a prefix: `prometheus`,
    # never `prometheus-config-reloader`)
    roles: tuple[str, ...] = ()  # the role that is slow (the first argument, or the value of
    # -target=; no -target is `all`); empty: any
    slow_paths: tuple[str, ...] = ()  # httpGet paths that fail while it starts (the others
    # answer at once); empty: it refuses every connection until it has started
    source: str = ""  # where the reason and the figure come from

    def role_of(self, args: list[str]) -> str | None:
        """The role the container's arguments give it, where `roles` matter."""
        for a in args:
            for flag in ("-target=", "--target="):
                if a.startswith(flag):
                    return a[len(flag):]
        if "all" in self.roles:
            return "all"  # Loki: no -target runs every module
        return args[0] if args else None


CLASSES = (
    SlowStarter(
        "database", 300.0,
        "after a crash it replays its write-ahead or commit log before it answers, up to a "
        "checkpoint interval of writes (5 min by default for PostgreSQL)",
        images=("postgres", "postgis", "timescaledb", "mysql", "mariadb", "percona", "pxc",
                "mongo", "cassandra", "scylla", "cockroach", "yugabyte", "tidb", "clickhouse",
                "elasticsearch", "opensearch", "neo4j", "couchdb", "couchbase", "influxdb",
                "kafka", "zookeeper", "rabbitmq", "mssql", "oracle"),
        # what the server's own image reads, not what a client of it sets (MYSQL_HOST)
        env=("PGDATA", "POSTGRES_INITDB_ARGS", "MYSQL_ROOT_PASSWORD", "MARIADB_ROOT_PASSWORD",
             "MONGO_INITDB_ROOT_USERNAME", "CASSANDRA_SEEDS", "CASSANDRA_CLUSTER_NAME"),
        commands=("pg_isready", "postgres", "mysqld", "mysqladmin", "mariadbd", "mongod",
                  "mongosh", "cqlsh", "nodetool", "cockroach")),
    SlowStarter(
        "JVM application", 120.0,
        "the JVM loads and JIT-compiles its classes before the app answers, for a minute or "
        "more under a CPU limit",
        images=("openjdk", "eclipse-temurin", "temurin", "amazoncorretto", "corretto", "zulu",
                "ibm-semeru", "sapmachine", "java", "jre", "jdk", "tomcat", "jetty", "wildfly",
                "jboss", "keycloak", "sonarqube", "jenkins", "nexus", "solr"),
        env=("JAVA_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "JVM_OPTS", "CATALINA_OPTS"),
        commands=("java",)),
    SlowStarter(
        "Prometheus server", 300.0,
        "after a restart it replays its write-ahead log (the last hours of samples) before "
        "/-/ready answers, several minutes for a large server, while /-/healthy answers at once",
        images=("prometheus",), exact=True, slow_paths=("/-/ready",),
        source="prometheus-operator PR #4433 (a startupProbe on /-/ready with a 15-minute "
               "budget: the WAL replay can take a significant time) and issue #3211 (replays "
               "of 5+ minutes)"),
    SlowStarter(
        "etcd member", 240.0,
        "after a restart it loads its snapshot and replays its write-ahead log, rebuilding "
        "the in-memory index, before it listens: minutes for a multi-GB data set",
        images=("etcd",), exact=True, commands=("etcd",),
        source="kubeadm's etcd static pod (cmd/kubeadm/app/util/staticpod/utils.go "
               "StartupProbe: a startupProbe of 240 s, ControlPlaneComponentHealthCheckTimeout) "
               "and rancher/rke2 issue #10424 (the index rebuild outlasting a 90 s liveness "
               "budget)"),
    SlowStarter(
        "Loki ingester", 300.0,
        "after a restart an ingester replays its write-ahead log before /ready answers (503 "
        "until then; /metrics answers at once), many minutes for a large WAL",
        images=("loki",), exact=True, roles=("all", "ingester", "write"),
        slow_paths=("/ready",),
        source="Loki's documentation, Operations > Storage > Write Ahead Log (Loki replays "
               "the WAL before it registers as ready) and grafana/loki issue #24396 (a liveness "
               "probe on /ready restarts it mid-replay, in a loop)"),
    SlowStarter(
        "Thanos store gateway or receiver", 300.0,
        "at start a store gateway syncs its blocks' metadata and index headers from object "
        "storage, and a receiver replays its write-ahead log, before /-/ready answers "
        "(/-/healthy answers at once): minutes with a large bucket",
        images=("thanos",), exact=True, roles=("store", "receive"), slow_paths=("/-/ready",),
        source="thanos-io/thanos issues #309 (a store gateway starting in up to 20 minutes) "
               "and #1653 with PR #1656 (the probe server started before the initial sync)"),
)


# an image named like this is a tool around a database or a JVM, not one
NOT_THE_SERVER = ("exporter", "operator", "proxy", "client", "express", "admin", "ui",
                  "dashboard", "backup", "agent", "init", "cli", "connect", "metrics")


@dataclass(frozen=True)
class SlowStart:
    """A container the manifest says is a slow starter, and the signal that says so."""

    starter: SlowStarter
    signal: str  # "image postgres:16", "volume /var/lib/mysql", "env JAVA_OPTS"

    @property
    def seconds(self) -> float:
        return self.starter.seconds


def _image_name(image: str) -> str:
    """`docker.io/library/postgres:16@sha256:...` -> `postgres`; "" for a tool around one
    (`postgres-exporter`, `mongo-express`)."""
    last = image.split("@", 1)[0].rsplit("/", 1)[-1]
    name = last.split(":", 1)[0].lower()
    return "" if set(re.split(r"[-_.]", name)) & set(NOT_THE_SERVER) else name


def _words(values: Any) -> list[str]:
    """The program names in a command or args list (`/usr/bin/java` -> `java`; `sh -c
    "exec java -jar app.jar"` -> every word)."""
    out = []
    for v in values if isinstance(values, list) else []:
        for word in re.split(r"[\s;&|]+", str(v)):
            if word:
                out.append(word.rsplit("/", 1)[-1])
    return out


def slow_start(container: dict[str, Any]) -> SlowStart | None:
    """The class the container's manifest puts it in, or None; the first signal found."""
    image = str(container.get("image") or "")
    name = _image_name(image) if image else ""
    env = [str(e.get("name", "")) for e in container.get("env") or [] if isinstance(e, dict)]
    words = _words(container.get("command")) + _words(container.get("args"))
    for field in ("startupProbe", "livenessProbe", "readinessProbe"):
        probe = container.get(field)
        if isinstance(probe, dict) and isinstance(probe.get("exec"), dict):
            words += _words(probe["exec"].get("command"))
    argv = [str(a) for key in ("command", "args") for a in container.get(key) or []
            if isinstance(a, str | int)]
    if argv and argv[0].rsplit("/", 1)[-1] == name:
        argv = argv[1:]  # `thanos store`: the program, then its role
    for starter in CLASSES:
        role = starter.role_of(argv) if starter.roles else None
        if starter.roles and role not in starter.roles:
            continue  # another role of the same program (a Thanos sidecar, a Loki querier)
        if name and any(name == p if starter.exact else name.startswith(p)
                        for p in starter.images):
            return SlowStart(starter, f"image {image}" + (f" run as {role}" if role else ""))
        for var in env:
            if var in starter.env:
                return SlowStart(starter, f"the environment variable {var}")
        for word in words:
            if word in starter.commands:
                return SlowStart(starter, f"the command {word}")
    return None


def table_markdown() -> str:
    """The table as the KS016 page shows it."""
    lines = ["| kind | start-up assumed | why | the manifest says so by | source |",
             "|---|---|---|---|---|"]
    for c in CLASSES:
        named = "named" if c.exact else "starting with"
        signals = [f"an image name {named} {', '.join(f'`{i}`' for i in c.images)}"
                   + (f" run as {', '.join(f'`{r}`' for r in c.roles)}" if c.roles else "")]
        if c.env:
            signals.append(f"the environment variable {', '.join(f'`{e}`' for e in c.env)}")
        if c.commands:
            signals.append(f"a command or exec probe running "
                           f"{', '.join(f'`{w}`' for w in c.commands)}")
        slow = (f"; only a probe on {', '.join(f'`{p}`' for p in c.slow_paths)} waits for it"
                if c.slow_paths else "")
        lines.append(f"| {c.kind} | {c.seconds:g} s | {c.why}{slow} | {'; or '.join(signals)} "
                     f"| {c.source or 'the reason itself'} |")
    return "\n".join(lines) + "\n"
