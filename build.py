#!/usr/bin/env python3
"""Build, serve and test Parlour's static site.

    python build.py            build dist/ (fetching pinned Pyodide, PyScript and micropip once)
    python build.py serve      build, then serve dist/ on http://127.0.0.1:8000 (--port N)
    python build.py test       set up a fresh machine (pip, Chromium), build, lint, type-check, run every test

Nothing here names a host: Pyodide and PyScript come from the npm registry through ``npm pack``
and micropip from PyPI through ``pip download``, each client as the machine has it configured.
The fetched packages are kept in ``.cache/`` (git-ignored), so later builds work offline.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tokenize
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"
PYSRC = ROOT / "pysrc"

PYODIDE_VERSION = "314.0.7"
MICROPIP_VERSION = "0.11.1"
TRYSTERO_VERSION = "0.25.4"
NOBLE_SECP256K1_VERSION = "3.2.0"
ESBUILD_VERSION = "0.28.2"
AXE_VERSION = "4.14.1"
"""axe-core, the accessibility audit a browser test injects into the page (fetched for the tests, never shipped)."""

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files Pyodide fetches at run time (see shared/notes/platform-facts.md); the rest of the npm
package (type stubs, consoles, source maps) is never loaded and is left out of the site."""

WHEEL_EXCLUDE = (
    "generate.py", "cli.py", "__main__.py", "stats.py", "tilegen.py", "tileset.py", "practice.py", "loopback.py",
)  # fmt: skip
"""Command-line, statistics and data-generator modules run on CPython only (``python -m parlour``,
the tile tables' writers; decision 0084), and what only tests import (``net/loopback.py``, the
in-memory network; ``games/boo/practice.py``, puzzles no screen offers yet; 0088)."""

OWN_FILES_BUDGET = 500_000
"""Bytes the site's own files (everything but Pyodide) may take: the build reports them against it."""

MIME = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".py": "text/plain",
}


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


# --- fetching ----------------------------------------------------------------------------------
def npm_package(name: str, version: str) -> Path:
    """The unpacked npm package ``name@version``, fetched with ``npm pack`` on first use."""
    target = CACHE / "npm" / f"{name.replace('/', '__')}-{version}"
    if (target / "package.json").exists():
        return target
    download = CACHE / "npm" / "tgz"
    download.mkdir(parents=True, exist_ok=True)
    log(f"fetching {name}@{version} from the npm registry")
    out = subprocess.run(
        ["npm", "pack", f"{name}@{version}", "--json", "--pack-destination", str(download)],
        check=True,
        capture_output=True,
        text=True,
        cwd=download,
    )
    filename = json.loads(out.stdout)[0]["filename"]
    tmp = target.with_suffix(".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    with tarfile.open(download / filename.replace("@", "").replace("/", "-")) as tar:
        tar.extractall(tmp, filter="data")
    shutil.rmtree(target, ignore_errors=True)
    (tmp / "package").rename(target)
    shutil.rmtree(tmp)
    return target


def axe_script() -> Path:
    """axe-core's script for the accessibility audit in the browser tests (from npm, cached)."""
    return npm_package("axe-core", AXE_VERSION) / "axe.min.js"


def micropip_wheel() -> Path:
    """micropip's wheel from PyPI (the npm pyodide package does not carry it)."""
    folder = CACHE / "pypi"
    name = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
    if not (folder / name).exists():
        log(f"fetching micropip {MICROPIP_VERSION} from PyPI")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", f"micropip=={MICROPIP_VERSION}", "--no-deps",
             "--python-version", "3.14", "--only-binary=:all:", "-d", str(folder), "-q"],
            check=True,
        )  # fmt: skip
    return folder / name


def esbuild_binary() -> Path:
    """esbuild's Linux binary from npm (cached): bundles trystero, minifies the CSS."""
    esbuild = npm_package("@esbuild/linux-x64", ESBUILD_VERSION) / "bin" / "esbuild"
    esbuild.chmod(0o755)
    return esbuild


def trystero_bundle() -> Path:
    """trystero's Nostr strategy (rooms over Nostr relays, public or self-hosted) as one minified ES
    module, bundled once by esbuild from the npm packages (``.cache/``; never fetched from a CDN)."""
    out = CACHE / "trystero" / f"trystero-nostr-{TRYSTERO_VERSION}.mjs"
    if out.exists():
        return out
    work = CACHE / "trystero" / "work"
    shutil.rmtree(work, ignore_errors=True)
    packages = (
        ("@trystero-p2p/nostr", TRYSTERO_VERSION),
        ("@trystero-p2p/core", TRYSTERO_VERSION),
        ("@noble/secp256k1", NOBLE_SECP256K1_VERSION),
    )
    for name, version in packages:
        shutil.copytree(npm_package(name, version), work / "node_modules" / name)
    (work / "entry.mjs").write_text('export { joinRoom, selfId } from "@trystero-p2p/nostr";\n')
    esbuild = esbuild_binary()
    banner = (
        f"/* trystero {TRYSTERO_VERSION} (MIT, Dan Motzenbecker) and @noble/secp256k1 "
        f"{NOBLE_SECP256K1_VERSION} (MIT, Paul Miller), bundled by Parlour's build.py */"
    )
    log(f"bundling trystero {TRYSTERO_VERSION} (Nostr strategy) with esbuild {ESBUILD_VERSION}")
    tmp = out.with_suffix(".tmp")
    subprocess.run(
        [str(esbuild), "entry.mjs", "--bundle", "--format=esm", "--minify", "--legal-comments=none",
         f"--banner:js={banner}", f"--outfile={tmp}", "--log-level=warning"],
        cwd=work,
        check=True,
    )  # fmt: skip
    tmp.rename(out)
    shutil.rmtree(work)
    return out


# --- building ----------------------------------------------------------------------------------
def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def project_version() -> str:
    for line in (ROOT / "pyproject.toml").read_text().splitlines():
        if line.startswith("version"):
            return line.split("=", 1)[1].strip().strip('"')
    raise SystemExit("pyproject.toml has no version")


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def strip_source(text: str) -> str:
    """``text`` (a Python module) without comments and docstrings, every statement on its own line
    still: a traceback from the page names the line of the file in ``pysrc/``.

    Comments are found by ``tokenize`` (a ``#`` in a string is not one), docstrings by ``ast``: a
    string standing alone as a statement of a module, class or function body (the docstring first,
    and the attribute docstrings under constants and fields). Its lines become blank lines, or
    ``pass`` when strings were the whole body; one that shares a line with code is kept."""
    lines = text.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            line = lines[row - 1]
            lines[row - 1] = line[:col].rstrip() + ("\n" if line.endswith("\n") else "")
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        docs = [statement for statement in node.body if _is_docstring(statement)]
        for doc in docs:
            first, last = doc.lineno - 1, (doc.end_lineno or doc.lineno) - 1
            if lines[first][: doc.col_offset].strip() or lines[last][doc.end_col_offset :].strip():
                continue
            lines[first : last + 1] = ["\n"] * (last + 1 - first)
            if len(docs) == len(node.body) and doc is docs[0] and not isinstance(node, ast.Module):
                lines[first] = " " * doc.col_offset + "pass\n"
    return "".join(lines)


def strip_annotations(text: str) -> str:
    """``text`` without the annotations of function parameters and return values, each on its line
    still (the budget, decision 0084: about 8 KB of the wheel). Nothing in the shipped package
    reads a function's annotations at run time; class bodies keep theirs (dataclasses need them).
    An annotation spanning several lines is kept, so no statement moves. Offsets from ``ast`` are
    in UTF-8 bytes, so the cuts are made on bytes."""
    arrows = {
        token.start
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type == tokenize.OP and token.string == "->"
    }
    cuts: dict[int, list[tuple[int, int]]] = {}
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        args = node.args
        for arg in [
            *args.posonlyargs,
            *args.args,
            *args.kwonlyargs,
            *filter(None, (args.vararg, args.kwarg)),
        ]:
            note = arg.annotation
            if note is not None and note.lineno == note.end_lineno == arg.lineno and note.end_col_offset:
                cuts.setdefault(arg.lineno, []).append(
                    (arg.col_offset + len(arg.arg.encode()), note.end_col_offset)
                )
        note = node.returns
        if note is not None and note.lineno == note.end_lineno and note.end_col_offset:
            line = text.splitlines()[note.lineno - 1].encode()
            arrow = line.rfind(b"->", 0, note.col_offset)
            if arrow >= 0 and (note.lineno, len(line[:arrow].decode())) in arrows:
                cuts.setdefault(note.lineno, []).append((arrow, note.end_col_offset))
    lines = text.splitlines(keepends=True)
    for row, spans in cuts.items():
        data = lines[row - 1].encode()
        for start, end in sorted(spans, reverse=True):
            data = data[:start].rstrip(b" ") + data[end:]
        lines[row - 1] = data.decode()
    return "".join(lines)


def reindent(text: str) -> str:
    """``text`` indented one space per block level instead of four (the budget, decision 0088), every
    line where it was. A line continuing a statement (in brackets, after a backslash) is indented one
    more than its block; a line that starts inside a string spanning lines keeps its spaces, which are
    the string's."""
    lines = text.splitlines(keepends=True)
    indents: dict[int, int] = {}
    inside: set[int] = set()
    opened: list[int] = []  # rows where the f-strings being read began (3.12+ tokenizes their parts)
    level, starts_statement = 0, True
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        kind = tokenize.tok_name[token.type]
        row, end = token.start[0], token.end[0]
        inside.update(range(row + 1, end + 1))
        if kind in ("INDENT", "DEDENT"):
            level += 1 if kind == "INDENT" else -1
            continue
        if kind in ("NEWLINE", "NL", "COMMENT", "ENDMARKER"):
            starts_statement = starts_statement or kind == "NEWLINE"
            continue
        if kind.endswith("STRING_START"):
            opened.append(row)
        elif kind.endswith("STRING_END"):
            inside.update(range(opened.pop() + 1, end + 1))
        indents.setdefault(row, level if starts_statement else level + 1)
        starts_statement = False
    for row, indent in indents.items():
        if row not in inside:
            lines[row - 1] = " " * indent + lines[row - 1].lstrip(" \t")
    return "".join(lines)


def _tokens(text: str) -> list[tuple[int, str]]:
    return [
        (t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.string.strip()
    ]


def _word(char: str) -> bool:
    return char.isalnum() or char == "_" or not char.isascii()


def despace(text: str) -> str:
    """``text`` without the spaces between tokens on a line that Python does not need (``x = f(a, b)``
    becomes ``x=f(a,b)``; the budget, decision 0088), every token on its line and column order kept.
    Spaces stay between two words, after a number, and anywhere inside an f-string. The result is
    tokenized again and must give the same tokens, else the build stops."""
    lines = text.splitlines(keepends=True)
    cuts: dict[int, list[tuple[int, int]]] = {}
    before: tokenize.TokenInfo | None = None
    strings = 0  # inside an f-string (3.12+ tokenizes its parts): its spaces are text
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        kind = tokenize.tok_name[token.type]
        if kind in ("NEWLINE", "NL", "INDENT", "DEDENT", "COMMENT", "ENDMARKER"):
            before = None
            continue
        if (
            before is not None
            and strings == 0
            and before.end[0] == token.start[0]
            and before.end[1] < token.start[1]
        ):
            words = _word(before.string[-1]) and _word(token.string[0])
            number = before.type == tokenize.NUMBER or (
                token.type == tokenize.NUMBER and token.string[0] == "."
            )
            if not words and not number:
                cuts.setdefault(token.start[0], []).append((before.end[1], token.start[1]))
        if kind.endswith("STRING_START"):
            strings += 1
        elif kind.endswith("STRING_END"):
            strings -= 1
        before = token
    for row, spans in cuts.items():
        line = lines[row - 1]
        for start, end in reversed(spans):  # tokenize's columns count characters, as str does
            line = line[:start] + line[end:]
        lines[row - 1] = line
    result = "".join(lines)
    if _tokens(result) != _tokens(text):
        raise SystemExit("despace changed the tokens of a module")
    return result


@functools.cache
def shipped_python(source: str) -> str:
    """A module's source as shipped (``shipped``). Kept in memory by its text, which is all it depends
    on: the tests build the package four times in one run (5-11 s each on the shared 2-core machine), and
    strip each module once."""
    return despace(reindent(strip_annotations(strip_source(source))))


def shipped(path: Path) -> bytes:
    """A file of the package as the browser gets it: Python without comments, docstrings and
    function annotations (``strip_source``, ``strip_annotations``), JSON catalogues and tables without
    indentation; anything else as it is. Decision 0084 measures what each saves."""
    data = path.read_bytes()
    if path.suffix == ".py":
        return shipped_python(data.decode("utf-8")).encode("utf-8")
    if path.suffix == ".json":
        return json.dumps(json.loads(data), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return data


def minify_css(root: Path) -> None:
    """Minify every stylesheet of the built site in place with esbuild (comments and spaces out;
    ``web/assets/*.css`` stays the readable source)."""
    sheets = sorted(root.rglob("*.css"))
    if sheets:
        subprocess.run(
            [str(esbuild_binary()), *map(str, sheets), "--minify", "--log-level=warning",
             f"--outdir={root}", f"--outbase={root}", "--allow-overwrite"],
            check=True,
        )  # fmt: skip


JS_COMMENT_LINE = re.compile(r"(?m)^[ \t]*//.*$")


def blank_js_comments(root: Path) -> None:
    """Empty the comment-only lines of the site's own scripts (the budget, decision 0087): every
    line keeps its number, so a stack trace still points at ``web/``'s readable source; trystero's
    bundle is minified already and Pyodide is not ours."""
    for path in sorted([*root.rglob("*.js"), *root.rglob("*.mjs")]):
        if "pyodide" in path.relative_to(root).parts or path.name == "trystero.mjs":
            continue
        path.write_text(JS_COMMENT_LINE.sub("", path.read_text()))


def source_package() -> None:
    """Make ``import parlour`` find ``pysrc/`` (the build reads the catalogues and draws the picker)."""
    if str(PYSRC) not in sys.path:
        sys.path.insert(0, str(PYSRC))


def is_catalogue(path: Path) -> bool:
    """Whether ``path`` is one language's catalogue of a package (``.../i18n/ru.json``)."""
    source_package()
    from parlour.i18n import LANGUAGES

    return path.parent.name == "i18n" and path.suffix == ".json" and path.stem in LANGUAGES


def packed_catalogues() -> tuple[str, bytes]:
    """Every package's catalogues in one file (``parlour.i18n.SHIPPED``, decision 0088): the keys once,
    then each language's values in that order. The wheel's deflate then finds the keys and much of
    Russian and Ukrainian once: 21 files of 69.8 KB deflated became one of 50.6 KB."""
    source_package()
    from parlour.i18n import LANGUAGES, SHIPPED, from_sources

    words = {lang: from_sources(lang) for lang in LANGUAGES}
    keys = list(dict.fromkeys(key for catalogue in words.values() for key in catalogue))
    if any(text is None for catalogue in words.values() for text in catalogue.values()):
        raise SystemExit("a catalogue has a null message: null means 'missing' in the packed file")
    packed = {"keys": keys, **{lang: [words[lang].get(key) for key in keys] for lang in LANGUAGES}}
    data = json.dumps(packed, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return f"parlour/i18n/{SHIPPED}", data


def package_files() -> list[tuple[str, bytes]]:
    """The files of ``pysrc/parlour`` the browser gets, as (path in site-packages, bytes as shipped):
    the catalogues packed in one file instead of one per package and language."""
    files: list[tuple[str, bytes]] = []
    for path in sorted((PYSRC / "parlour").rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        if path.name in WHEEL_EXCLUDE or is_catalogue(path):
            continue
        files.append((path.relative_to(PYSRC).as_posix(), shipped(path)))
    files.append(packed_catalogues())
    return sorted(files)


ZOPFLI_ITERATIONS = 5
"""Zopfli's passes: 15 (its default) saved 0.1 KB more of the wheel and took twice as long."""


def kept(kind: str, data: bytes, make: Callable[[bytes], bytes]) -> bytes:
    """``make(data)``, kept in ``.cache/<kind>/`` by the hash of ``data``: zopfli is slow (seconds for
    the catalogues), so a build recompresses only what changed."""
    path = CACHE / kind / hashlib.sha256(data).hexdigest()
    if path.exists():
        return path.read_bytes()
    made = make(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}")  # several worktrees share .cache
    tmp.write_bytes(made)
    tmp.replace(path)
    return made


def zopfli_module() -> object | None:
    """The ``zopfli`` package (the test extra installs it), or ``None``: then the build compresses with
    zlib and says so (the wheel about 10 KB larger, decision 0088)."""
    try:
        import zopfli.png
        import zopfli.zopfli
    except ImportError:
        return None
    return zopfli


def deflated(data: bytes) -> bytes:
    """``data`` as raw deflate for the wheel: by zopfli (the same format, about 4% smaller than zlib's
    best on the wheel's files), else zlib at level 9."""
    if zopfli_module() is None:
        squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return squeezer.compress(data) + squeezer.flush()
    from zopfli.zopfli import compress

    def squeeze(data: bytes) -> bytes:
        # zopfli writes a zlib stream: its 2-byte header and 4-byte checksum off leave raw deflate.
        return bytes(compress(data, gzip_mode=0, numiterations=ZOPFLI_ITERATIONS))[2:-4]

    return kept(f"zopfli-{ZOPFLI_ITERATIONS}", data, squeeze)


ZIP_DATE = (2020 - 1980) << 9 | 1 << 5 | 1
"""2020-01-01 as a zip entry's DOS date (its time is 00:00): a build is byte-for-byte reproducible."""


def write_zip(path: Path, files: list[tuple[str, bytes]], store: bool = False) -> None:
    """A zip of ``files`` (name, bytes), each deflated by :func:`deflated` or stored when that is no
    smaller (``store``: every one stored). Written by hand because ``zipfile`` cannot take data
    compressed elsewhere; read back by ``zipfile``, ``zipimport`` (the page puts the wheel on
    ``sys.path``) and Pyodide's unpacking."""
    local, central = bytearray(), bytearray()
    for name, data in files:
        packed, method = (data, 0) if store else (deflated(data), 8)
        if len(packed) >= len(data):
            packed, method = data, 0
        crc, encoded = zlib.crc32(data), name.encode()
        head = (20, 0, method, 0, ZIP_DATE, crc, len(packed), len(data), len(encoded), 0)
        central += struct.pack("<4s6H3L5H2L", b"PK\1\2", 0x314, *head, 0, 0, 0, 0o644 << 16, len(local))
        central += encoded
        local += struct.pack("<4s5H3L2H", b"PK\3\4", *head) + encoded + packed
    end = struct.pack("<4s4H2LH", b"PK\5\6", 0, 0, len(files), len(files), len(central), len(local), 0)
    path.write_bytes(bytes(local + central + end))


def build_wheel(out: Path, store: bool = False) -> Path:
    """Pack ``pysrc/parlour`` as a pure-Python wheel. Written by hand (a wheel is a zip with a
    dist-info folder) so a build needs no build backend and is byte-for-byte reproducible.
    ``store``: its files stored, not deflated (:func:`shipped_wheel` compresses the whole)."""
    version = project_version()
    wheel = out / f"parlour-{version}-py3-none-any.whl"
    dist_info = f"parlour-{version}.dist-info"
    files = package_files()
    files.append(
        (f"{dist_info}/METADATA", f"Metadata-Version: 2.1\nName: parlour\nVersion: {version}\n".encode())
    )
    files.append(
        (
            f"{dist_info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: parlour-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    record = "".join(f"{name},,\n" for name, _ in files) + f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode()))
    if zopfli_module() is None:
        log(
            "zopfli is not installed (pip install -e '.[test]'): the wheel is deflated by zlib, ~10 KB larger"
        )
    write_zip(wheel, files, store)
    return wheel


def shipped_wheel(out: Path) -> Path:
    """The wheel as the site ships it: its files stored, the whole zip gzipped (``.whl.gz``; the
    page and the workers gunzip it and put the zip on ``sys.path`` as before). One deflate stream
    over every module finds what they share (imports, markup, names): 235 KB instead of 278 KB
    with each file deflated alone, where every module split in two cost 0.6-1 KB (decision 0113)."""
    wheel = build_wheel(out, store=True)
    data = wheel.read_bytes()
    if zopfli_module() is None:
        packed = gzip.compress(data, 9, mtime=0)
    else:
        from zopfli.zopfli import compress

        def squeeze(data: bytes) -> bytes:
            return bytes(compress(data, gzip_mode=1, numiterations=ZOPFLI_ITERATIONS))

        # Kept by the zip's hash: 4-5 s of zopfli a build otherwise, paid again by every build of
        # an unchanged tree (the tests', the benches', CI's).
        packed = kept(f"zopfli-gz-{ZOPFLI_ITERATIONS}", data, squeeze)
    shipped = wheel.with_name(wheel.name + ".gz")
    shipped.write_bytes(packed)
    wheel.unlink()
    return shipped


def optimize_images(root: Path) -> None:
    """Recompress the site's own PNG icons losslessly with ZopfliPNG (when installed): 7.7 -> 2.7 KB.
    ``scripts/make_icons.py`` writes them plainly with zlib and stays the source."""
    if zopfli_module() is None:
        return
    from zopfli.png import optimize

    for path in sorted(root.rglob("*.png")):
        if "pyodide" not in path.relative_to(root).parts:
            path.write_bytes(kept("zopflipng", path.read_bytes(), lambda data: bytes(optimize(data))))


LOADER_HOOK = (
    "Fe(r,t);let a=Ae(r,s,t);return await Oe(a,t)}",
    "Fe(r,t);await t._beforeBootstrap?.(s,r.API,r);let a=Ae(r,s,t);return await Oe(a,t)}",
)
"""The one change made to Pyodide (decision 0089): ``loadPyodide`` awaits an optional hook after the
interpreter's start and before ``finalizeBootstrap``, so the page can import the modules the bootstrap
would import, one a task, and the loading words keep moving (one task of 2-8 s otherwise). The hook
is given the module too, for its file system: the standard library's bytecode goes there (0105)."""

STDLIB_BYTECODE = "python_stdlib_pyc.zip"
"""The bytecode of the standard-library modules Pyodide's bootstrap imports and of those the package
imports (0111), compiled at build time by Pyodide's own Python (``scripts/stdlib_bytecode.mjs`` under
node) and put beside Pyodide's files: a first start, and each worker's, loads them instead of
compiling 130 modules from source (decision 0105)."""


COMMAND_LINE_ONLY = ("argparse",)
"""Standard-library modules the package imports only in its command line (``diagram``'s), never in a
browser: left out of :data:`STDLIB_BYTECODE`."""


READING_THE_WHEEL = (
    "importlib.readers",
    "importlib.resources._adapters",
    "importlib.resources.readers",
)
"""What the standard library imports when the package reads its catalogues from the wheel on
``sys.path`` (``importlib.resources`` on a zip: its readers): compiled with the package's imports
(0111). Not ``zipfile``'s code page for names (``encodings.cp437``): a package Python imported before
the hook (``encodings``) finds its submodules in the sources only."""


def package_imports() -> list[str]:
    """The modules of Python's standard library and of Pyodide's own package that the shipped package
    imports, anywhere in its code (a module's top or a function's), but :data:`COMMAND_LINE_ONLY`:
    their bytecode goes in :data:`STDLIB_BYTECODE` with the bootstrap's (0111). A name imported from
    a module is listed as a module too (``importlib.resources``, ``typing.Any``): the script skips
    those that are not."""
    names: set[str] = set()
    for path, data in package_files():
        if path.endswith(".py"):
            for node in ast.walk(ast.parse(data)):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    # ``from importlib import resources`` imports a module: the script tries each name.
                    names.add(node.module)
                    names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return sorted(
        name
        for name in names.union(READING_THE_WHEEL)
        if (name.split(".")[0] in sys.stdlib_module_names or name.split(".")[0] == "pyodide")
        and name not in COMMAND_LINE_ONLY
        and name != "__future__"
    )


def stdlib_bytecode(pyodide: Path) -> Path | None:
    """The zip of :data:`STDLIB_BYTECODE` for the Pyodide files in ``pyodide`` (its loader patched),
    made once per Pyodide version, script and list of the package's imports (node runs Pyodide for
    5-10 s) and kept in ``.cache``; ``None`` without node: the site then starts from the sources, as
    before, and the build says so."""
    script = ROOT / "scripts" / "stdlib_bytecode.mjs"
    modules = package_imports()
    key = hashlib.sha256(
        PYODIDE_VERSION.encode() + script.read_bytes() + " ".join(modules).encode()
    ).hexdigest()[:12]
    out = CACHE / "stdlib-bytecode" / f"{key}.zip"
    if out.exists():
        return out
    node = shutil.which("node")
    if node is None:
        log("node is not installed: no standard-library bytecode, a first start compiles it (0105)")
        return None
    log(
        "compiling the standard library's modules the bootstrap and the package import, with Pyodide under node"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}")  # several worktrees share .cache
    done = subprocess.run(
        [node, str(script), str(pyodide), str(tmp), *modules], capture_output=True, text=True
    )
    if done.returncode != 0:  # Pyodide's own error is the last of its (very long) output
        raise SystemExit(f"scripts/stdlib_bytecode.mjs failed:\n{done.stderr[-2000:]}")
    tmp.replace(out)
    return out


def patch_loader(text: str) -> str:
    """``pyodide.mjs`` with :data:`LOADER_HOOK` applied; the build fails loudly if Pyodide's text is
    not exactly the one the hook was written for (another version: look again, do not guess)."""
    old, new = LOADER_HOOK
    if text.count(old) != 1:
        raise SystemExit(
            f"pyodide.mjs {PYODIDE_VERSION}: the loader's text to patch is not there once: {old}"
        )
    return text.replace(old, new)


def copy_pyodide(dest: Path) -> None:
    src = npm_package("pyodide", PYODIDE_VERSION)
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES[:-1]:
        shutil.copy2(src / name, dest / name)
    loader = dest / "pyodide.mjs"
    loader.write_text(patch_loader(loader.read_text()))
    wheel = micropip_wheel()
    shutil.copy2(wheel, dest / wheel.name)
    # The lock's micropip hash is of a build the registry does not serve: point it at the real wheel,
    # else loading micropip offline fails its integrity check.
    lock = json.loads((src / "pyodide-lock.json").read_text())
    lock["packages"]["micropip"]["sha256"] = sha256(wheel)
    lock["packages"]["micropip"]["file_name"] = wheel.name
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    bytecode = stdlib_bytecode(dest)  # Pyodide run from these very files, its loader patched
    if bytecode is not None:
        shutil.copy2(bytecode, dest / STDLIB_BYTECODE)


BOOT_WORDS = ("app.title", "boot.loading", "boot.download", "boot.starting", "boot.app", "boot.opening")
"""The catalogue entries the loading screen shows before Python is up (assets/boot.js)."""

FETCHED_AT_START = (
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
)
"""Pyodide's files a start loads (two modules by ``import()``, the rest fetched): their size, the
wheel's and the standard library's bytecode's (0105) are the download the loading screen counts
(assets/boot.js)."""


def start_download(root: Path, wheel: Path) -> list[Path]:
    """The files of the built site ``root`` a first start downloads: :data:`FETCHED_AT_START`, the
    wheel and, when the build made it, the standard library's bytecode (0105)."""
    bytecode = root / "pyodide" / STDLIB_BYTECODE
    return [root / name for name in FETCHED_AT_START] + [wheel] + ([bytecode] if bytecode.exists() else [])


def embed_words(root: Path) -> None:
    """Put the words an embed says when its Python cannot start, in every language, into
    ``embed.html`` (no Python to translate them then): ``assets/embed.js`` picks the embed's own."""
    source_package()
    from parlour.i18n import LANGUAGES, translate

    words = {lang: translate(lang, "boot.failed", reason="{reason}") for lang in LANGUAGES}
    page = root / "embed.html"
    text = page.read_text()
    if "<!--PARLOUR_EMBED_WORDS-->" not in text:
        raise SystemExit("web/embed.html has no <!--PARLOUR_EMBED_WORDS--> marker")
    data = json.dumps(words, ensure_ascii=False).replace("</", "<\\/")
    script = f'<script type="application/json" id="embed-failed">{data}</script>'
    page.write_text(text.replace("<!--PARLOUR_EMBED_WORDS-->", script))


def prerender(root: Path, wheel: Path) -> None:
    """Put the game picker, drawn by the app's own Python in every language, into ``index.html``,
    with the loading screen's words: the page paints it before Python is up (see assets/boot.js).

    Each language is a ``<template>`` (inert until chosen); resume links are drawn for every game
    and the boot script removes those without a saved match, as the app would draw them."""
    source_package()
    from parlour import games
    from parlour.i18n import LANGUAGES, translate
    from parlour.web import boards, screens

    total = sum(path.stat().st_size for path in start_download(root, wheel))
    parts = []
    for lang in LANGUAGES:
        t = functools.partial(translate, lang)
        entries = [screens.PickerEntry(info, boards.playable(info.id), saved=True) for info in games.GAMES]
        parts.append(f'<template id="boot-picker-{lang}">{screens.picker(t, entries)}</template>')
        words: dict[str, object] = {key: t(key) for key in BOOT_WORDS}
        words.update({f"game.{info.id}.name": t(f"game.{info.id}.name") for info in games.GAMES})
        words["boot.total-bytes"] = total
        # "</" cannot end the script element early: JSON allows "<\/".
        data = json.dumps(words, ensure_ascii=False).replace("</", "<\\/")
        parts.append(f'<script type="application/json" id="boot-words-{lang}">{data}</script>')
    # What the boot script loads, read from <head> before the body is parsed: the wheel (its name
    # changes with the version) and the key of the memory snapshot made from it (decision 0085).
    build_id = hashlib.sha256(f"{PYODIDE_VERSION}:{sha256(wheel)}".encode()).hexdigest()[:12]
    boot: dict[str, str] = {"wheel": "./" + wheel.name, "build": build_id}
    if (root / "pyodide" / STDLIB_BYTECODE).exists():
        boot["stdlib"] = f"./pyodide/{STDLIB_BYTECODE}"
    config = json.dumps(boot)
    index = root / "index.html"
    text = index.read_text()
    for marker in ("<!--PARLOUR_PRERENDER-->", "<!--PARLOUR_CONFIG-->"):
        if marker not in text:
            raise SystemExit(f"web/index.html has no {marker} marker")
    text = text.replace(
        "<!--PARLOUR_CONFIG-->", f'<script type="application/json" id="boot-config">{config}</script>'
    )
    index.write_text(text.replace("<!--PARLOUR_PRERENDER-->", "\n  ".join(parts)))


def site_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


def write_service_worker(root: Path) -> str:
    """Fill the worker's precache list: every file of the site with its content hash. The cache
    name is a hash of that list, so any change of any file makes a new version."""
    sw = root / "sw.js"
    entries = {
        "./" + p.relative_to(root).as_posix(): sha256(p)[:12] for p in site_files(root) if p.name != "sw.js"
    }
    entries["./"] = entries["./index.html"]
    version = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:12]
    text = sw.read_text()
    text = text.replace("__PARLOUR_VERSION__", version).replace(
        "__PARLOUR_PRECACHE__", json.dumps(entries, sort_keys=True, indent=0)
    )
    sw.write_text(text)
    return version


def own_files(root: Path) -> int:
    """Bytes of the site's own files in the built site ``root``: everything but Pyodide (issue #17)."""
    return sum(p.stat().st_size for p in site_files(root) if "pyodide" not in p.relative_to(root).parts)


def build(out: Path = DIST) -> Path:
    """Build the site from scratch into ``out`` (``dist/``; a test builds one elsewhere) and return it."""
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(WEB, tmp)
    copy_pyodide(tmp / "pyodide")
    shutil.copy2(trystero_bundle(), tmp / "assets" / "trystero.mjs")
    minify_css(tmp)
    blank_js_comments(tmp)
    optimize_images(tmp)
    wheel = shipped_wheel(tmp)
    prerender(tmp, wheel)
    embed_words(tmp)
    worker = tmp / "embed-worker.js"  # the embeds' shared runtime: the same wheel and bytecode (0111)
    stdlib = f"./pyodide/{STDLIB_BYTECODE}" if (tmp / "pyodide" / STDLIB_BYTECODE).exists() else ""
    worker.write_text(
        worker.read_text().replace("__PARLOUR_WHEEL__", wheel.name).replace("__PARLOUR_STDLIB__", stdlib)
    )
    version = write_service_worker(tmp)
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    own = own_files(out)
    total = sum(p.stat().st_size for p in site_files(out))
    log(
        f"dist/ built: version {version}, {total / 1e6:.1f} MB in all, site's own files {own / 1e3:.0f} KB"
        f" of {OWN_FILES_BUDGET / 1e3:.0f} KB (the wheel {(out / wheel.name).stat().st_size / 1e3:.0f} KB)"
    )
    bytecode = out / "pyodide" / STDLIB_BYTECODE
    if bytecode.exists():  # Pyodide's, not the site's own: compiled from its standard library (0105)
        log(f"with Pyodide's files: the standard library's bytecode {bytecode.stat().st_size / 1e3:.0f} KB")
    if own > OWN_FILES_BUDGET:
        log(f"WARNING: the site's own files exceed their {OWN_FILES_BUDGET / 1e3:.0f} KB budget (issue #17)")
    return out


# --- serving -----------------------------------------------------------------------------------
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def end_headers(self) -> None:
        # Revalidate every time: the service worker, not the HTTP cache, is what keeps the app offline.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("PARLOUR_QUIET"):
            return
        super().log_message(format, *args)


def make_server(
    port: int, directory: Path = DIST, host: str = "127.0.0.1"
) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(directory))
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve(port: int, host: str) -> None:
    build()
    server = make_server(port, DIST, host)
    log(f"serving dist/ on http://{host}:{server.server_address[1]}/ (Ctrl-C stops)")
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


# --- testing -----------------------------------------------------------------------------------
CHROMIUM = Path("/usr/bin/chromium")


def setup_machine() -> None:
    """Install what the tests need on a fresh machine: the package with its test extra, Debian's
    Chromium, and node (the build compiles the standard library's bytecode with it, decision 0105;
    the start-up test asserts a first start used that bytecode)."""
    log("installing parlour with its test extra")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", f"{ROOT}[test]"], check=True)
    missing = [
        name
        for name, there in (("chromium", CHROMIUM.exists()), ("nodejs", shutil.which("node")))
        if not there
    ]
    if missing:
        if os.geteuid() != 0:
            raise SystemExit(f"missing: run `apt-get install -y {' '.join(missing)}` as root")
        log(f"installing Debian's {', '.join(missing)}")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, env=env)


def netns_available() -> bool:
    """Whether this process may make a network namespace of its own (root with unshare)."""
    if not shutil.which("unshare") or not shutil.which("ip"):
        return False
    probe = subprocess.run(["unshare", "-n", "true"], capture_output=True)
    return probe.returncode == 0


NETNS_SETUP = (
    "ip link set lo up && ip link add v0 type veth peer name v1 && "
    "ip addr add 10.99.0.1/24 dev v0 && ip addr add 10.99.0.2/24 dev v1 && "
    "ip link set v0 up && ip link set v1 up && ip route add default via 10.99.0.2 dev v0"
)


def run_tests(pytest_args: list[str]) -> int:
    setup_machine()
    build()
    axe_script()  # fetched now: the tests run where no network is reachable
    for cmd in (
        ["ruff", "check", "pysrc", "tests", "bench", "build.py"],
        ["ruff", "format", "--check", "pysrc", "tests", "bench", "build.py"],
        ["mypy"],
    ):
        log(" ".join(cmd))
        if subprocess.run([sys.executable, "-m", *cmd], cwd=ROOT).returncode != 0:
            return 1
    base = [sys.executable, "-m", "pytest", *pytest_args]
    # WebRTC finds no ICE candidate on a loopback-only machine: those tests run inside a private
    # network namespace (a veth pair and a default route, no way out), made here for this run only.
    if netns_available():
        inner = f"{NETNS_SETUP} && exec " + " ".join(f"'{a}'" for a in base)
        cmd = ["unshare", "-n", "sh", "-c", inner]
    else:
        log("no network namespace available: WebRTC tests will be skipped")
        cmd = [*base, "-m", "not webrtc"]
    log("pytest " + " ".join(pytest_args))
    return subprocess.run(cmd, cwd=ROOT).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "test"])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    args, rest = parser.parse_known_args(argv)
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        serve(args.port, args.host)
        return 0
    return run_tests(rest)


if __name__ == "__main__":
    sys.exit(main())
