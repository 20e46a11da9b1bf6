"""A real Kubernetes API server for the tests that read a live cluster.

`LiveCluster.start(folder)` runs Debian's etcd and the kube-apiserver v1.36.2 kept beside the
project (`../shared/bin/kube-apiserver-v1.36.2.xz`, decompressed into `folder`) on free
loopback ports, with RBAC, a CA and serving certificate made by the `openssl` command, and
two static tokens: an admin (`system:masters`) and a reader bound to nothing until a test
grants it a Role. No controller-manager, scheduler or kubelet runs: a test creates the
namespace's `default` ServiceAccount itself and writes pod status through the `status`
subresource, as those components would.

Where the binary, etcd or openssl is absent (a user's clone without the shared folder) the
fixture skips with one reason; under CI (`CI=true`) it fails instead, so CI never skips
these tests silently.
"""

from __future__ import annotations

import json
import lzma
import os
import shutil
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BINARY = HERE.parents[1] / "shared" / "bin" / "kube-apiserver-v1.36.2.xz"
READY_WITHIN = 60.0  # seconds for etcd and the API server to answer /readyz on a busy machine


class Unavailable(Exception):
    """What is missing to run a real API server here."""


def missing() -> str | None:
    """Why a real API server cannot run here (None: it can)."""
    if not BINARY.is_file():
        return f"the kube-apiserver binary is absent ({BINARY.name} beside the project)"
    for program, package in (("etcd", "etcd-server"), ("openssl", "openssl")):
        if shutil.which(program) is None:
            return f"{program} is not installed (apt-get install {package})"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _certificates(pki: Path) -> None:
    """A CA, a serving certificate for 127.0.0.1 signed by it, and a service-account key."""
    pki.mkdir(parents=True)
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
             "/CN=kubesim-test-ca", "-keyout", "ca.key", "-out", "ca.crt", cwd=pki)
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=kube-apiserver",
             "-keyout", "server.key", "-out", "server.csr", cwd=pki)
    (pki / "san.cnf").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    _openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
             "-CAcreateserial", "-days", "2", "-extfile", "san.cnf", "-out", "server.crt",
             cwd=pki)
    _openssl("genrsa", "-out", "sa.key", "2048", cwd=pki)
    _openssl("rsa", "-in", "sa.key", "-pubout", "-out", "sa.pub", cwd=pki)


@dataclass
class LiveCluster:
    """A running etcd and API server; `url`, the CA file and two tokens to reach it."""

    folder: Path
    url: str
    ca_file: Path
    admin_token: str
    reader_token: str
    processes: list[subprocess.Popen[bytes]]
    stories: dict[str, Any] = field(default_factory=dict)  # name -> live_stories.Story

    @classmethod
    def start(cls, folder: Path) -> LiveCluster:
        why = missing()
        if why is not None:
            raise Unavailable(why)
        folder.mkdir(parents=True, exist_ok=True)
        server = folder / "kube-apiserver"
        with lzma.open(BINARY) as packed, open(server, "wb") as out:
            shutil.copyfileobj(packed, out)
        server.chmod(0o755)
        pki = folder / "pki"
        _certificates(pki)
        admin, reader = "admin-" + os.urandom(8).hex(), "reader-" + os.urandom(8).hex()
        (pki / "tokens.csv").write_text(f'{admin},admin,1,"system:masters"\n'
                                        f"{reader},reader,2\n")
        client, peer, secure = _free_port(), _free_port(), _free_port()
        logs = folder / "logs"
        logs.mkdir()
        etcd_log, api_log = open(logs / "etcd.log", "wb"), open(logs / "apiserver.log", "wb")
        etcd = subprocess.Popen(
            ["etcd", "--name", "test", "--data-dir", str(folder / "etcd"),
             "--listen-client-urls", f"http://127.0.0.1:{client}",
             "--advertise-client-urls", f"http://127.0.0.1:{client}",
             "--listen-peer-urls", f"http://127.0.0.1:{peer}",
             "--initial-advertise-peer-urls", f"http://127.0.0.1:{peer}",
             "--initial-cluster", f"test=http://127.0.0.1:{peer}"],
            stdout=etcd_log, stderr=subprocess.STDOUT)
        api = subprocess.Popen(
            [str(server), f"--etcd-servers=http://127.0.0.1:{client}",
             "--bind-address=127.0.0.1", f"--secure-port={secure}",
             "--advertise-address=127.0.0.1",
             f"--tls-cert-file={pki / 'server.crt'}", f"--tls-private-key-file={pki / 'server.key'}",
             f"--client-ca-file={pki / 'ca.crt'}",
             "--service-account-issuer=https://kubernetes.default.svc",
             f"--service-account-key-file={pki / 'sa.pub'}",
             f"--service-account-signing-key-file={pki / 'sa.key'}",
             "--service-cluster-ip-range=10.0.0.0/24", f"--token-auth-file={pki / 'tokens.csv'}",
             "--authorization-mode=RBAC", f"--cert-dir={folder / 'certs'}",
             "--endpoint-reconciler-type=none"],
            stdout=api_log, stderr=subprocess.STDOUT)
        etcd_log.close()  # the children hold their own descriptors
        api_log.close()
        cluster = cls(folder, f"https://127.0.0.1:{secure}", pki / "ca.crt", admin, reader,
                      [api, etcd])
        try:
            cluster._wait_ready()
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + READY_WITHIN
        last = ""
        while time.monotonic() < deadline:
            for p in self.processes:
                if p.poll() is not None:
                    raise RuntimeError(f"{p.args[0]} exited ({p.returncode}); logs in "
                                       f"{self.folder / 'logs'}")
            try:
                if self.request("GET", "/readyz") == "ok":
                    return
            except (OSError, urllib.error.URLError) as exc:
                last = str(exc)
            time.sleep(0.2)
        raise RuntimeError(f"the API server was not ready within {READY_WITHIN:g} s: {last}")

    def stop(self) -> None:
        """The API server is killed (a SIGTERM starts its graceful shutdown, which held the
        run's last teardown 15 s for a server whose data is thrown away), then etcd is asked
        to stop."""
        api, *rest = self.processes or [None]
        if api is not None and api.poll() is None:
            api.kill()
        for p in rest:
            if p.poll() is None:
                p.terminate()
        for p in self.processes:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)

    # ------------------------------------------------------------ talking to it

    def request(self, method: str, path: str, body: Any = None, *, token: str | None = None,
                content_type: str = "application/json") -> Any:
        """One request as the admin (or `token`); the decoded JSON answer (text if not JSON)."""
        context = ssl.create_default_context(cafile=str(self.ca_file))
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method, headers={
            "Authorization": f"Bearer {token or self.admin_token}",
            "Content-Type": content_type, "Accept": "application/json"})
        with urllib.request.urlopen(req, context=context, timeout=30) as answer:
            text = answer.read().decode()
        try:
            return json.loads(text)
        except ValueError:
            return text

    def verdict(self, obj: dict[str, Any], namespace: str = "default") -> str | None:
        """None if the server accepts creating `obj` (a Pod, Deployment or Job) with
        `dryRun=All` and strict field validation (what `kubectl apply` does), else its
        message. Nothing is stored."""
        group = {"Pod": "/api/v1", "Deployment": "/apis/apps/v1", "Job": "/apis/batch/v1"}
        plural = {"Pod": "pods", "Deployment": "deployments", "Job": "jobs"}
        path = (f"{group[obj['kind']]}/namespaces/{namespace}/{plural[obj['kind']]}"
                "?dryRun=All&fieldValidation=Strict")
        try:
            self.request("POST", path, obj)
        except urllib.error.HTTPError as exc:
            body = json.loads(exc.read() or b"{}")
            return str(body.get("message") or exc)
        return None

    def create(self, path: str, obj: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = self.request("POST", path, obj)
        return out

    def write_status(self, namespace: str, name: str, status: dict[str, Any]) -> None:
        """Set a pod's status as a kubelet would (the `status` subresource)."""
        self.request("PATCH", f"/api/v1/namespaces/{namespace}/pods/{name}/status",
                     {"status": status}, content_type="application/merge-patch+json")

    def namespace(self, name: str) -> None:
        """A namespace with its `default` ServiceAccount (no controller-manager makes it)."""
        self.create("/api/v1/namespaces", {"apiVersion": "v1", "kind": "Namespace",
                                           "metadata": {"name": name}})
        self.create(f"/api/v1/namespaces/{name}/serviceaccounts",
                    {"apiVersion": "v1", "kind": "ServiceAccount",
                     "metadata": {"name": "default"}})

    def kubeconfig(self, path: Path, *, token: str | None = None, namespace: str = "default",
                   context: str = "test") -> Path:
        """A kubeconfig file for the admin (or `token`), with `context` current."""
        config = {
            "apiVersion": "v1", "kind": "Config", "current-context": context,
            "clusters": [{"name": "test", "cluster": {
                "server": self.url, "certificate-authority": str(self.ca_file)}}],
            "users": [{"name": "test", "user": {"token": token or self.admin_token}}],
            "contexts": [{"name": context, "context": {
                "cluster": "test", "user": "test", "namespace": namespace}}]}
        path.write_text(json.dumps(config))
        return path

