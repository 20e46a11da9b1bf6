"""A probe's failure quoted in a page's title given to the pods the page is about, and a
`get pods` row's RESTARTS (a sum over the pod's containers) as the ceiling of one named
container's restarts (corpus README: the title rule among the prose rules, and the get-pods
rule of the counting rules; titled.py, row_sum.py)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from kubesim.cli.main import main
from kubesim.explain.readers.titled import titled_pods

_TABLE = "NAME   READY   STATUS    RESTARTS   AGE\n"


def _answer(tmp_path: Path, text: str, pod: str, container: str | None = None
            ) -> dict[str, Any]:
    path = tmp_path / "record.txt"
    path.write_text(text, encoding="utf-8")
    args = ["explain", str(path), "--format", "json", "--no-suggest", "--phases", "1",
            "--pod", pod] + (["--container", container] if container else [])
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(args) == 0
    containers = json.loads(out.getvalue())["containers"]
    assert len(containers) == 1
    return dict(containers[0]["answer"])


def _pods(*rows: str) -> str:
    return "```\n" + _TABLE + "".join(r + "\n" for r in rows) + "```\n"


def test_a_title_naming_a_workload_gives_its_pods_the_failure(tmp_path: Path) -> None:
    text = ("## api-gateway Readiness probe failed: HTTP probe failed with statuscode: 503\n\n"
            "After the upgrade:\n\n" + _pods(
                "db-0                          1/1     Running   0          20m",
                "api-gateway-6f7c9d8b5-x2kqp   0/1     Running   0          20m",
                "api-gateway-6f7c9d8b5-q8zlm   0/1     Running   0          20m"))
    for pod in ("api-gateway-6f7c9d8b5-x2kqp", "api-gateway-6f7c9d8b5-q8zlm"):
        assert _answer(tmp_path, text, pod)["failed"] == ["readiness"]
    assert _answer(tmp_path, text, "db-0")["failed"] == []


def test_a_title_naming_no_pod_speaks_of_one_workloads_pods(tmp_path: Path) -> None:
    text = ("Redis restarts every hour (Liveness probe failed: HTTP probe failed with "
            "statuscode: 500)\n\n" + _pods("redis-0   0/1   Running   3   2h",
                                            "redis-1   0/1   Running   4   2h"))
    for pod, most in (("redis-0", 3), ("redis-1", 4)):
        answer = _answer(tmp_path, text, pod)
        assert answer["failed"] == ["liveness"]
        assert (answer["probe_kills"]["min"], answer["probe_kills"]["max"]) == (0, most)


def test_a_title_of_several_workloads_gives_no_pod_the_failure(tmp_path: Path) -> None:
    """Variants that must stay no pod's: the title names no pod among pods of two
    workloads, or its words name pods of two workloads at once."""
    rows = _pods("shop-web-0   0/1   Running   2   1h", "shop-cache-0   1/1   Running   0   1h")
    for title in ("# Liveness probe failed: HTTP probe failed with statuscode: 500\n",
                  "# shop Liveness probe failed: HTTP probe failed with statuscode: 500\n"):
        for pod in ("shop-web-0", "shop-cache-0"):
            assert _answer(tmp_path, title + "\n" + rows, pod)["failed"] == [], (title, pod)


def test_titled_pods_reads_the_words_before_the_message() -> None:
    names = ["kafka-broker-0", "kafka-broker-1", "zookeeper-0"]
    message = "Startup probe failed: HTTP probe failed with statuscode: 404"
    assert titled_pods(f"# [Bug] kafka broker {message}", names) == names[:2]
    assert titled_pods(f"zookeeper-0 {message}", names) == ["zookeeper-0"]
    assert titled_pods(f"the {message}", names) == []  # two workloads, none named
    assert titled_pods("# kafka-broker restarts", names) == []  # no probe's message
    assert titled_pods(f"{'x ' * 200}kafka-broker {message}", names) == []  # no title


def _cut_describe(pod: str, container: str) -> str:
    return (f"$ kubectl describe pod {pod}\nName:         {pod}\nNamespace:    default\n"
            f"Status:       Running\nContainers:\n  {container}:\n    Cont")


def test_a_rows_sum_bounds_a_named_containers_restarts(tmp_path: Path) -> None:
    """RESTARTS sums the pod's three containers' counts: the one the describe names, cut
    before its Restart Count, restarted at most that often; a row in back-off shows one
    container ended, one more end."""
    for status, most in (("Running", 7), ("CrashLoopBackOff", 8)):
        text = (_pods(f"search-0   1/3   {status}   7   40m")
                + "\n" + _cut_describe("search-0", "indexer"))
        answer = _answer(tmp_path, text, "search-0", "indexer")
        assert (answer["probe_kills"]["min"], answer["probe_kills"]["max"]) == (0, most)
        assert "RESTARTS 7" in answer["probe_kills"]["because"]


def test_a_title_on_a_two_mb_line_is_read_in_one_pass(tmp_path: Path) -> None:
    line = "(" * 2_000_000 + " a (Liveness probe failed: HTTP probe failed with statuscode: 1"
    # one pass: the time it takes is bounded by the suite's timeout (no timing asserted)
    titled_pods(line, ["web-0", "web-1"])
    path = tmp_path / "long.txt"
    path.write_text(line + "\n\n" + _pods("web-0   0/1   Running   1   1h"), encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = main(["explain", str(path), "--format", "json", "--no-suggest", "--phases", "1"])
    assert code in (0, 2)  # read, or refused in one line: never a traceback


_NAME = st.from_regex(r"[a-z]{1,6}(-[a-z0-9]{1,5}){1,2}", fullmatch=True)


@given(st.lists(_NAME, min_size=2, max_size=6, unique=True),
       st.text(alphabet="abc- ()#[]", max_size=30),
       st.sampled_from(["Liveness", "Readiness", "Startup"]))
def test_titled_pods_are_the_records_pods_of_one_workload(names: list[str], words: str,
                                                          probe: str) -> None:
    """Whatever the title's words, the pods it gives the failure to are pods of the record,
    all of one workload (their names without the last part)."""
    title = f"{words} {names[0].replace('-', ' ')} {probe} probe failed: HTTP probe failed"
    found = titled_pods(title, names)
    assert set(found) <= set(names)
    assert len({n.rpartition("-")[0] for n in found}) <= 1
