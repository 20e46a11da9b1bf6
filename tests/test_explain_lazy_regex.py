"""A reader's pattern compiled on its first use (kubesim/explain/readers/lazy.py): it finds
what `re.compile` of the same text and flags finds, and importing the readers compiles none of
them (no timing here: `benchmarks/bench_startup.py` measures the start)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kubesim.explain.readers.lazy import LazyPattern, lazy_regex

ROOT = Path(__file__).resolve().parent.parent

TEXT = ("Warning  Unhealthy  3m  kubelet  Liveness probe failed: HTTP probe failed with "
        "statuscode: 500\nNormal  Killing  2m  kubelet  Container web failed liveness probe, "
        "will be restarted\n")
CASES = [(r"(?P<probe>Liveness|Readiness) probe failed: (?P<why>[^\n]*)", 0),
         (r"^normal\s+(\w+)", re.IGNORECASE | re.MULTILINE),
         (r"probe", 0), (r"[ \t]+", 0)]


@pytest.mark.parametrize(("pattern", "flags"), CASES)
def test_a_lazy_pattern_finds_what_re_compile_finds(pattern, flags):
    lazy, eager = lazy_regex(pattern, flags), re.compile(pattern, flags)
    assert (lazy.pattern, lazy.flags) == (pattern, flags)
    for pos, endpos in ((0, len(TEXT)), (10, 120), (90, len(TEXT))):
        for method in ("search", "match", "fullmatch"):
            got, want = (getattr(p, method)(TEXT, pos, endpos) for p in (lazy, eager))
            assert (got and (got.span(), got.groups())) == (want and (want.span(),
                                                                      want.groups()))
        assert [m.span() for m in lazy.finditer(TEXT, pos, endpos)] == \
            [m.span() for m in eager.finditer(TEXT, pos, endpos)]
        assert lazy.findall(TEXT, pos, endpos) == eager.findall(TEXT, pos, endpos)
    assert lazy.sub("-", TEXT, 2) == eager.sub("-", TEXT, 2)
    assert lazy.sub(lambda m: m[0].upper(), TEXT) == eager.sub(lambda m: m[0].upper(), TEXT)
    assert lazy.split(TEXT, 3) == eager.split(TEXT, 3)
    assert lazy.compiled() is lazy.compiled() and lazy.compiled() == eager


def test_a_lazy_pattern_is_compiled_on_its_first_search_only():
    lazy = LazyPattern(r"CrashLoopBackOff")
    assert lazy._compiled is None and lazy.pattern == "CrashLoopBackOff"
    assert lazy.search("Back-off: CrashLoopBackOff") is not None
    assert lazy._compiled is not None


def test_importing_the_readers_compiles_none_of_their_lazy_patterns():
    """A new process that imports what `kubesim explain` imports (with the text readers a
    text record loads) holds the readers' lazy patterns (the costly ones most records never
    reach) uncompiled."""
    probe = ("import json, sys\nimport kubesim.cli.explain, kubesim.explain.readers.text\n"
             "from kubesim.explain.readers.lazy import LazyPattern\n"
             "found = {}\n"
             "for name, module in list(sys.modules.items()):\n"
             "    if name.startswith('kubesim.explain.readers.'):\n"
             "        for key, value in vars(module).items():\n"
             "            for p in value if isinstance(value, tuple) else (value,):\n"
             "                if isinstance(p, LazyPattern):\n"
             "                    found[f'{name}.{key}'] = p._compiled is not None\n"
             "print(json.dumps(found))\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    found = json.loads(done.stdout.splitlines()[-1])
    assert "kubesim.explain.readers.runs._RESTART_REASON" in found, sorted(found)
    assert not [name for name, compiled in found.items() if compiled]


def test_explains_costly_patterns_most_records_never_reach_start_uncompiled():
    """The start of `kubesim explain` compiles none of the long patterns only a few records
    reach (a stated kill's cause, a stated failure, the kubelet's kill messages), wherever in
    kubesim.explain they are declared, alone, in a tuple or a table (lazy67: counted over the
    corpus's records and the shipped examples); the text readers a text record loads
    included."""
    probe = ("import json, sys\nimport kubesim.cli.explain, kubesim.explain.readers.text\n"
             "from kubesim.explain.readers.lazy import LazyPattern\n"
             "found = {}\n"
             "for name, module in list(sys.modules.items()):\n"
             "    if name.startswith('kubesim.explain.'):\n"
             "        for key, value in vars(module).items():\n"
             "            items = value.values() if isinstance(value, dict) else value \\\n"
             "                if isinstance(value, (tuple, list)) else (value,)\n"
             "            for p in items:\n"
             "                p = p[0] if isinstance(p, tuple) and p else p\n"
             "                if isinstance(p, LazyPattern):\n"
             "                    found[f'{name}.{key}'] = p._compiled is not None\n"
             "print(json.dumps(found))\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    found = json.loads(done.stdout.splitlines()[-1])
    for name in ("kubesim.explain.readers.killed_because.KILLED_BECAUSE",
                 "kubesim.explain.readers.said_failing.SAID",
                 "kubesim.explain.messages._KILLS",
                 "kubesim.explain.readers.markdown_fields._VALUES",
                 # few records reach them (speed51: counted over every third record of the
                 # corpus, each used by at most 5% of them)
                 "kubesim.explain.readers.event_in_sentence._NOT_CASE",
                 "kubesim.explain.readers.row_in_sentence._NOT_CASE",
                 "kubesim.explain.readers.paste._PROSE_PROBE",
                 "kubesim.explain.readers.named_unready._UNSAID",
                 "kubesim.explain.readers.sentence_containers._UNSAID"):
        assert name in found, sorted(found)
    assert not [name for name, compiled in found.items() if compiled]


def test_explaining_the_shipped_pod_record_compiles_none_of_the_rare_sentence_patterns():
    """`kubesim explain` of the shipped pod record (what bench_startup times) reads no
    sentence of prose: a consumer's log prefix, a sentence's start before a stated end, pods
    named running and not Ready, containers named restarting are never searched, and their
    patterns (few of the corpus's records reach them: speed77) are never compiled; a module
    not imported at all (the text readers: speed51) compiles none."""
    record = ROOT / "examples" / "explain" / "01-k8s-docs-exec-liveness.pod.yaml"
    names = {"consumer_prefix": "_RECORD_LINE", "happened": "_SENTENCE_START",
             "stated_apart": "_STOP", "named_unready": "NAMED_UNREADY",
             "sentence_containers": "NAMED"}
    probe = ("import contextlib, io, json, sys\nfrom kubesim.cli.main import main\n"
             "from kubesim.explain.readers.lazy import LazyPattern\n"
             "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
             f"    code = main(['explain', {str(record)!r}])\n"
             "assert code == 0 and 'kubesim explain: pod' in out.getvalue(), out.getvalue()\n"
             f"names = {names!r}\n"
             "found = {}\n"
             "for module, key in names.items():\n"
             "    held = sys.modules.get('kubesim.explain.readers.' + module)\n"
             "    p = None if held is None else vars(held)[key]\n"
             "    found[module + '.' + key] = held is None or (isinstance(p, LazyPattern)\n"
             "                                                 and p._compiled is None)\n"
             "print(json.dumps(found))\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    found = json.loads(done.stdout.splitlines()[-1])
    assert len(found) == len(names)
    assert [name for name, uncompiled in found.items() if not uncompiled] == []
