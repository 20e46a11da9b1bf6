"""A real Kubernetes API server (v1.36.2) that answers dry-run creations: what the API server
refuses, asked of the API server itself.

`ApiServer.start(folder)` runs Debian's etcd and the kube-apiserver kept beside the project
(`../shared/bin/kube-apiserver-v1.36.2.xz`, decompressed into `folder`) on free loopback
ports, with a CA and serving certificate made by the `openssl` command, one static admin
token, no authorization (AlwaysAllow) and no admission plugins that need other components.
`verdict(obj)` creates `obj` with `dryRun=All` and `fieldValidation=Strict` (what `kubectl
apply` does by default): None if accepted, else the server's message. Nothing is stored.

Where the binary, etcd or openssl is absent (a clone without the shared folder) the fixture
skips with one reason; under CI (`CI=true`) it fails instead.
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BINARY = Path(__file__).resolve().parents[2] / "shared" / "bin" / "kube-apiserver-v1.36.2.xz"
READY_WITHIN = 60.0  # seconds for etcd and the API server to answer /readyz on a busy machine
PATHS = {"Pod": "/api/v1/namespaces/default/pods",
         "Deployment": "/apis/apps/v1/namespaces/default/deployments",
         "Job": "/apis/batch/v1/namespaces/default/jobs"}


def missing() -> str | None:
    """Why a real API server cannot run here (None: it can)."""
    if not BINARY.is_file():
        return "the kube-apiserver binary kept beside the project is absent"
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
    """A CA, a serving certificate for 127.0.0.1 signed by it, a service-account key pair."""
    pki.mkdir(parents=True)
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
             "/CN=kubesim-test-ca", "-keyout", "ca.key", "-out", "ca.crt", cwd=pki)
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=kube-apiserver",
             "-keyout", "server.key", "-out", "server.csr", cwd=pki)
    (pki / "san.cnf").write_text("subjectAltName=IP:127.0.0.1\n")
    _openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
             "-CAcreateserial", "-days", "2", "-extfile", "san.cnf", "-out", "server.crt",
             cwd=pki)
    _openssl("genrsa", "-out", "sa.key", "2048", cwd=pki)
    _openssl("rsa", "-in", "sa.key", "-pubout", "-out", "sa.pub", cwd=pki)


@dataclass
class ApiServer:
    """A running etcd and API server, and how to reach them."""

    url: str
    ca_file: Path
    token: str
    processes: list[subprocess.Popen[bytes]]
    logs: Path

    @classmethod
    def start(cls, folder: Path) -> ApiServer:
        why = missing()
        if why is not None:
            raise RuntimeError(why)
        server = folder / "kube-apiserver"
        with lzma.open(BINARY) as packed, open(server, "wb") as out:
            shutil.copyfileobj(packed, out)
        server.chmod(0o755)
        pki = folder / "pki"
        _certificates(pki)
        token = "admin-" + os.urandom(8).hex()
        (pki / "tokens.csv").write_text(f'{token},admin,1,"system:masters"\n')
        client, peer, secure = _free_port(), _free_port(), _free_port()
        logs = folder / "logs"
        logs.mkdir()
        with open(logs / "etcd.log", "wb") as etcd_log, \
                open(logs / "apiserver.log", "wb") as api_log:  # the children keep them open
            etcd, api = cls._launch(server, folder, pki, client, peer, secure, etcd_log,
                                    api_log)
        found = cls(f"https://127.0.0.1:{secure}", pki / "ca.crt", token, [api, etcd], logs)
        try:
            found._wait_ready()
        except BaseException:
            found.stop()
            raise
        return found

    @staticmethod
    def _launch(server: Path, folder: Path, pki: Path, client: int, peer: int, secure: int,
                etcd_log: Any, api_log: Any) -> tuple[subprocess.Popen[bytes],
                                                     subprocess.Popen[bytes]]:
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
             f"--tls-cert-file={pki / 'server.crt'}",
             f"--tls-private-key-file={pki / 'server.key'}",
             f"--client-ca-file={pki / 'ca.crt'}",
             "--service-account-issuer=https://kubernetes.default.svc",
             f"--service-account-key-file={pki / 'sa.pub'}",
             f"--service-account-signing-key-file={pki / 'sa.key'}",
             "--service-cluster-ip-range=10.0.0.0/24", f"--token-auth-file={pki / 'tokens.csv'}",
             "--authorization-mode=AlwaysAllow",
             "--runtime-config=rbac.authorization.k8s.io/v1=false,scheduling.k8s.io/v1=false",
             "--disable-admission-plugins=Priority,ServiceAccount",
             f"--cert-dir={folder / 'certs'}", "--endpoint-reconciler-type=none"],
            stdout=api_log, stderr=subprocess.STDOUT)
        return etcd, api

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + READY_WITHIN
        last = ""
        while time.monotonic() < deadline:
            for p in self.processes:
                if p.poll() is not None:
                    raise RuntimeError(f"{p.args[0]} exited ({p.returncode}); logs in "
                                       f"{self.logs}")
            try:
                if self._request("GET", "/readyz") == "ok":
                    return
            except (OSError, urllib.error.URLError) as exc:
                last = str(exc)
            time.sleep(0.2)
        raise RuntimeError(f"the API server was not ready within {READY_WITHIN:g} s: {last}")

    def stop(self) -> None:
        for p in self.processes:
            if p.poll() is None:
                p.terminate()
        for p in self.processes:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)

    def _request(self, method: str, path: str, body: Any = None) -> Any:
        context = ssl.create_default_context(cafile=str(self.ca_file))
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method, headers={
            "Authorization": f"Bearer {self.token}", "Content-Type": "application/json",
            "Accept": "application/json"})
        with urllib.request.urlopen(req, context=context, timeout=30) as answer:
            text = answer.read().decode()
        try:
            return json.loads(text)
        except ValueError:
            return text

    def verdict(self, obj: dict[str, Any]) -> str | None:
        """None if the server accepts creating `obj` (dry run, strict field validation),
        else its message."""
        path = PATHS[obj["kind"]] + "?dryRun=All&fieldValidation=Strict"
        try:
            self._request("POST", path, obj)
        except urllib.error.HTTPError as exc:
            body = json.loads(exc.read() or b"{}")
            return str(body.get("message") or exc)
        return None
