"""The code that draws reads as small functions (issue 21, item 11): no function or method in
kubesim/render/ (every module, nested functions included) is longer than 60 lines. Nothing is
exempt: a drawing that needs more is split into the marks it draws."""

from __future__ import annotations

import ast
from pathlib import Path

import kubesim

RENDER = Path(kubesim.__file__).resolve().parent / "render"
MOST_LINES = 60


def function_lengths(path: Path) -> list[tuple[str, int, int]]:
    """(qualified name, first line, length in lines) of every function in `path`, its
    decorators and docstring counted."""
    out: list[tuple[str, int, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                out.append((prefix + child.name, first, child.end_lineno - first + 1))
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return out


def test_the_counter_sees_long_and_nested_functions(tmp_path) -> None:
    """The count itself can fail: a 61-line function, and one nested in a method, are found."""
    body = "\n".join(f"    x{i} = {i}" for i in range(59))
    source = tmp_path / "long.py"
    source.write_text(f"def long():\n{body}\n    return x0\n\n"
                      f"class A:\n    def m(self):\n        def inner():\n"
                      + "\n".join(f"            y{i} = {i}" for i in range(3)) + "\n")
    lengths = {name: n for name, _, n in function_lengths(source)}
    assert lengths == {"long": 61, "A.m": 5, "A.m.inner": 4}


def test_no_function_in_render_is_longer_than_60_lines() -> None:
    modules = sorted(RENDER.rglob("*.py"))
    assert len(modules) >= 8, modules  # the package is where the test looks
    long = [f"{path.relative_to(RENDER.parent.parent)}:{line} {name} is {n} lines"
            for path in modules for name, line, n in function_lengths(path) if n > MOST_LINES]
    assert long == [], "\n".join(long)
