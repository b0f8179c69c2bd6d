"""The package as the browser gets it (build.py strips comments and docstrings, compacts JSON,
decision 0084; packs the catalogues in one file, 0088): every statement stays on its line, the
stripped package imports and plays the same matches and says the same words as the source tree,
and the built site's own files stay within their budget (issue #17)."""

from __future__ import annotations

import ast
import json
import shutil
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path
from typing import Any

import build
import pytest

PLAY = r"""
import importlib, json, pkgutil, sys
import parlour
from parlour import games
from parlour.i18n import LANGUAGES, catalogue
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
words = {lang: list(catalogue(lang).items()) for lang in LANGUAGES}
print(json.dumps({"records": records, "words": words}, ensure_ascii=False))
"""


def statement_lines(source: str) -> list[tuple[str, int]]:
    """Each statement's kind and line, docstrings and the ``pass`` standing in for one left out."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.stmt) and not isinstance(node, ast.Pass) and not build._is_docstring(node):
            lines.append((type(node).__name__, node.lineno))
    return sorted(lines)


class Unshipped(ast.NodeTransformer):
    """A module's tree without what the build leaves out: docstrings, parameter and return annotations."""

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        if isinstance(node, ast.arg):
            node.annotation = None
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            node.returns = None
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and body:
            kept = [statement for statement in body if not build._is_docstring(statement)]
            node.body = kept or ([] if isinstance(node, ast.Module) else [ast.Pass()])  # type: ignore[attr-defined]
        return node


def program(source: str) -> str:
    """What a module does, as the build may ship it: its tree without docstrings and annotations,
    positions (indentation) left out."""
    return ast.dump(Unshipped().visit(ast.parse(source)))


def test_stripped_modules_keep_every_statement_on_its_line_so_tracebacks_point_right():
    shipped = dict(build.package_files())
    modules = [name for name in shipped if name.endswith(".py")]
    assert len(modules) > 50
    for name in modules:
        source = (build.PYSRC / name).read_text(encoding="utf-8")
        stripped = shipped[name].decode("utf-8")
        assert statement_lines(stripped) == statement_lines(source), name
        assert program(stripped) == program(source), name  # the same program, reindented (0088)
        assert "#" not in stripped or "#" in "".join(  # a "#" left is inside a string, not a comment
            node.value
            for node in ast.walk(ast.parse(stripped))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        ), name
    assert sum(len(shipped[name]) for name in modules) < 0.9 * sum(
        (build.PYSRC / name).stat().st_size for name in modules
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


def test_the_stripped_package_imports_every_module_plays_the_same_matches_and_says_the_same_words(
    tmp_path: Path,
):
    # The wheel itself on sys.path, as the page has it (decision 0085): read by zipimport.
    wheel = build.build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        assert zf.testzip() is None
        names = zf.namelist()
        assert {name: zf.read(name) for name in names if name.startswith("parlour/")} == dict(
            build.package_files()
        )
    # The catalogues travel packed in one file (decision 0088), none of the per-language files.
    assert "parlour/i18n/catalogues.json" in names
    assert not [name for name in names if "/i18n/" in name and name.endswith(("/en.json", "/ru.json"))]

    def play(root: Path) -> dict[str, Any]:
        out = subprocess.run(
            [sys.executable, "-c", PLAY, str(root)],
            cwd=tmp_path,
            env={"PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"},
            capture_output=True,
            text=True,
        )
        assert out.returncode == 0, out.stderr
        result: dict[str, Any] = json.loads(out.stdout)
        return result

    from parlour import games

    shipped, source = play(wheel), play(build.PYSRC)
    assert shipped["records"] == source["records"]
    assert set(shipped["records"]) == {g.id for g in games.GAMES}
    # Every message in every language, in the same order (the app lists English keys by prefix).
    assert shipped["words"] == source["words"]
    assert [len(source["words"][lang]) > 900 for lang in ("en", "ru", "uk")] == [True] * 3
    assert dict(shipped["words"]["ru"])["boo.name"] == "Бу-У-У!"


def test_the_packed_catalogues_keep_a_message_missing_from_a_language_missing(monkeypatch):
    from parlour import i18n

    def from_sources(lang: str) -> dict[str, Any]:
        return {"en": {"a": "A", "b": {"one": "{count} B", "other": "{count} Bs"}}, "ru": {"b": "Б"}}.get(
            lang, {}
        )

    monkeypatch.setattr(i18n, "from_sources", from_sources)
    name, data = build.packed_catalogues()
    assert name == "parlour/i18n/catalogues.json"
    packed = json.loads(data)
    assert packed == {
        "keys": ["a", "b"],
        "en": ["A", {"one": "{count} B", "other": "{count} Bs"}],
        "ru": [None, "Б"],
        "uk": [None, None],
    }
    monkeypatch.setattr(i18n, "_packed", lambda: packed)
    i18n.catalogue.cache_clear()
    try:
        assert i18n.catalogue("ru") == {"b": "Б"} and i18n.catalogue("uk") == {}
        assert i18n.translate("ru", "a") == "A"  # English where Russian lacks it, as from the sources
        assert i18n.translate("en", "b", count=2) == "2 Bs"
    finally:
        i18n.catalogue.cache_clear()


def test_the_built_sites_own_files_stay_within_their_budget(tmp_path: Path):
    site = build.build(tmp_path / "dist")
    own = build.own_files(site)
    assert own <= build.OWN_FILES_BUDGET, (
        f"the site's own files are {own:,} bytes, over their {build.OWN_FILES_BUDGET:,}-byte budget (issue #17)"
    )
    wheel = next(site.glob("parlour-*.whl.gz"))
    assert 100_000 < wheel.stat().st_size < own  # the figure counts the wheel, not Pyodide
    assert own < 0.1 * sum(p.stat().st_size for p in build.site_files(site))


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


def test_reindent_puts_one_space_a_level_and_leaves_strings_and_lines_as_they_were():
    source = (
        "def f(a):\n"
        "    if a:\n"
        '        text = """one\n'
        "        two\n"
        '    three"""\n'
        "        return f'''{a}\n"
        "    {a!r}'''\n"
        "    total = (1 +\n"
        "             2)\n"
        "    more = 1 + \\\n"
        "        2\n"
        "\n"
        "    return [total,\n"
        "        more]\n"
    )
    shipped = build.reindent(source)
    assert shipped == (
        "def f(a):\n"
        " if a:\n"
        '  text = """one\n'
        "        two\n"
        '    three"""\n'
        "  return f'''{a}\n"
        "    {a!r}'''\n"
        " total = (1 +\n"
        "  2)\n"
        " more = 1 + \\\n"
        "  2\n"
        "\n"
        " return [total,\n"
        "  more]\n"
    )
    assert ast.dump(ast.parse(shipped)) == ast.dump(ast.parse(source))


def png_pixels(data: bytes) -> tuple[int, int, list[tuple[int, ...]]]:
    """Width, height and RGBA pixels of a non-interlaced PNG, RGBA or palette (any bit depth): enough
    to hold an optimized icon to the one drawn."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        (size,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        chunks[kind] = chunks.get(kind, b"") + data[at + 8 : at + 8 + size]
        at += 12 + size
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert interlace == 0 and colour in (3, 6) and (colour == 3 or depth == 8)
    channels = 4 if colour == 6 else 1
    stride, step = (width * channels * depth + 7) // 8, max(1, channels * depth // 8)
    raw, rows, prior = zlib.decompress(chunks[b"IDAT"]), [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - step] if x >= step else 0
            b, c = prior[x], prior[x - step] if x >= step else 0
            p = a + b - c
            near = (
                a
                if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c)
                else b
                if abs(p - b) <= abs(p - c)
                else c
            )
            line[x] = (line[x] + (0, a, b, (a + b) // 2, near)[kind]) & 255
        rows.append(bytes(line))
        prior = line
    if colour == 6:
        return width, height, [tuple(row[i : i + 4]) for row in rows for i in range(0, stride, 4)]
    palette, alpha = chunks[b"PLTE"], chunks.get(b"tRNS", b"")
    pixels = []
    for row in rows:
        for x in range(width):
            bit = x * depth
            index = (row[bit // 8] >> (8 - depth - bit % 8)) & ((1 << depth) - 1)
            pixels.append((*palette[3 * index : 3 * index + 3], alpha[index] if index < len(alpha) else 255))
    return width, height, pixels


def test_the_shipped_icons_are_smaller_and_show_the_same_pixels(tmp_path: Path):
    if build.zopfli_module() is None:
        pytest.skip("zopfli is not installed (the test extra installs it)")
    shutil.copytree(build.WEB / "assets" / "icons", tmp_path / "icons")
    build.optimize_images(tmp_path)
    for source in sorted((build.WEB / "assets" / "icons").glob("*.png")):
        shipped = (tmp_path / "icons" / source.name).read_bytes()
        assert len(shipped) < 0.7 * source.stat().st_size, source.name
        assert png_pixels(shipped) == png_pixels(source.read_bytes()), source.name


def test_despace_drops_the_spaces_python_does_not_need_and_keeps_words_numbers_and_strings_apart():
    source = (
        "def f(a, b = None, *rest):\n"
        "    x = a if b is not None else -1\n"
        '    y = f"{a!r:>5} { b }" + "a b"  # note\n'
        "    return (1 .real, x in [1, 2], not -x, y, 2 if x else .5, 1e3)\n"
    )
    shipped = build.despace(source)
    assert shipped == (
        "def f(a,b=None,*rest):\n"
        "    x=a if b is not None else-1\n"
        '    y=f"{a!r:>5} { b }"+"a b"  # note\n'
        "    return(1 .real,x in[1,2],not-x,y,2 if x else .5,1e3)\n"
    )
    results = []
    for text in (source, shipped):
        namespace: dict[str, Any] = {}
        exec(compile(text, "m.py", "exec"), namespace)
        results.append(namespace["f"](3, 4))
    assert results[0] == results[1] == (1, False, False, "    3 4a b", 2, 1000.0)
