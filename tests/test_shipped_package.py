"""The package as the browser gets it (build.py strips comments and docstrings, compacts JSON,
decision 0084): every statement stays on its line, and the stripped package imports and plays
the same matches as the source tree."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import build

PLAY = r"""
import importlib, json, pkgutil, sys
import parlour
from parlour import games
from parlour.web.session import LocalSession, Seat

assert parlour.__file__.startswith(sys.argv[1]), parlour.__file__
browser_only = []
for info in pkgutil.walk_packages(parlour.__path__, "parlour."):
    try:
        importlib.import_module(info.name)
    except ModuleNotFoundError as exc:  # the modules that touch the page need Pyodide's js
        assert exc.name in ("js", "pyodide"), exc
        browser_only.append(info.name)
assert len(browser_only) <= 4, browser_only
records = {}
for g in games.GAMES:
    players = [Seat("random")] * g.min_players
    s = LocalSession.new(games.load(g.id), players, games.module(g.id).BOTS, None, "17")
    for _ in range(60):
        if s.outcome() is not None or s.step_ai() is None:
            break
    records[g.id] = s.dumps()
print(json.dumps(records))
"""


def statement_lines(source: str) -> list[tuple[str, int]]:
    """Each statement's kind and line, docstrings and the ``pass`` standing in for one left out."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.stmt) and not isinstance(node, ast.Pass) and not build._is_docstring(node):
            lines.append((type(node).__name__, node.lineno))
    return sorted(lines)


def test_stripped_modules_keep_every_statement_on_its_line_so_tracebacks_point_right():
    shipped = dict(build.package_files())
    modules = [name for name in shipped if name.endswith(".py")]
    assert len(modules) > 50
    for name in modules:
        source = (build.PYSRC / name).read_text(encoding="utf-8")
        stripped = shipped[name].decode("utf-8")
        assert statement_lines(stripped) == statement_lines(source), name
        assert "#" not in stripped or "#" in "".join(  # a "#" left is inside a string, not a comment
            node.value
            for node in ast.walk(ast.parse(stripped))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        ), name
    assert sum(map(len, shipped.values())) < 0.9 * sum(
        (build.PYSRC / name).stat().st_size for name in shipped
    )


def test_strip_source_leaves_pass_for_a_body_that_was_only_a_docstring_and_keeps_strings():
    source = 'class A:\n    """Doc\n    more."""\n\n\ndef f():  # why\n    """Doc."""\n    return "# not a comment"\n'
    stripped = build.strip_source(source)
    assert stripped == 'class A:\n    pass\n\n\n\ndef f():\n\n    return "# not a comment"\n'
    namespace: dict[str, object] = {}
    exec(compile(stripped, "m.py", "exec"), namespace)
    assert namespace["f"].__code__.co_firstlineno == 6  # type: ignore[attr-defined]
    # An attribute's docstring under a constant goes too; the constant stays on its line.
    stripped = build.strip_source('X = 1\n"""What X is."""\nclass B:\n    y = 2\n    """Why y."""\n')
    assert stripped == "X = 1\n\nclass B:\n    y = 2\n\n"


def test_the_stripped_package_imports_every_module_and_plays_the_same_matches(tmp_path: Path):
    for name, data in build.package_files():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)

    def play(root: Path) -> dict[str, str]:
        out = subprocess.run(
            [sys.executable, "-c", PLAY, str(root)],
            cwd=root,
            env={"PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"},
            capture_output=True,
            text=True,
        )
        assert out.returncode == 0, out.stderr
        records: dict[str, str] = json.loads(out.stdout)
        return records

    from parlour import games

    records = play(tmp_path)
    assert records == play(build.PYSRC)
    assert set(records) == {g.id for g in games.GAMES}


def test_the_shipped_scripts_lose_their_comment_lines_and_keep_every_line_number(tmp_path):
    source = (build.WEB / "assets" / "boot.js").read_text()
    (tmp_path / "assets").mkdir()
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "assets" / "boot.js").write_text(source)
    theirs = "// pyodide's own\nlet a = 1;\n"
    (tmp_path / "pyodide" / "pyodide.mjs").write_text(theirs)
    build.blank_js_comments(tmp_path)
    shipped = (tmp_path / "assets" / "boot.js").read_text()
    assert len(shipped) < len(source) and shipped.count("\n") == source.count("\n")
    for before, after in zip(source.splitlines(), shipped.splitlines(), strict=True):
        assert after == ("" if before.lstrip().startswith("//") else before)
    assert 'const url = "https://x";' in (build.JS_COMMENT_LINE.sub("", 'const url = "https://x";\n'))
    assert (tmp_path / "pyodide" / "pyodide.mjs").read_text() == theirs


def test_strip_annotations_drops_parameter_and_return_annotations_and_keeps_class_fields():
    source = (
        "from dataclasses import dataclass\n"
        "@dataclass\nclass P:\n    x: int = 1\n"
        "def f(a: int, *rest: str, b: 'P | None' = None, **kw: float) -> dict[str, int]:\n"
        "    return {'é': a}\n"
        "def g(\n    a: int,\n) -> (\n    int\n):\n    return a\n"
    )
    stripped = build.strip_annotations(source)
    assert "def f(a, *rest, b = None, **kw):\n" in stripped
    assert "def g(\n    a,\n) -> (\n" in stripped  # a return annotation over several lines is kept
    assert "    x: int = 1\n" in stripped  # a dataclass's field keeps its annotation
    assert stripped.count("\n") == source.count("\n")
    namespace: dict[str, object] = {}
    exec(compile(stripped, "m.py", "exec"), namespace)
    assert namespace["f"](3) == {"é": 3}  # type: ignore[operator]
    assert namespace["f"].__annotations__ == {}  # type: ignore[attr-defined]
    assert namespace["P"]().x == 1  # type: ignore[operator]
