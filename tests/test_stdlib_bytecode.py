"""The standard library's bytecode shipped beside Pyodide (decision 0105): compiled by Pyodide's own
Python at build time, the modules its bootstrap imports and those Parlour's package imports (0111),
and nothing a start would not load."""

from __future__ import annotations

import importlib.util
import zipfile
from pathlib import Path

import build
import pytest


@pytest.fixture(scope="module")
def pyodide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "pyodide"
    build.copy_pyodide(folder)
    return folder


def test_the_bootstraps_modules_come_compiled_by_pyodides_own_python(pyodide: Path):
    bytecode = zipfile.ZipFile(pyodide / build.STDLIB_BYTECODE)
    sources = set(zipfile.ZipFile(pyodide / "python_stdlib.zip").namelist())
    names = bytecode.namelist()
    # What Pyodide's bootstrap compiled from source on every first start, the slowest first.
    for name in (
        "typing.pyc",
        "inspect.pyc",
        "asyncio/__init__.pyc",
        "asyncio/base_events.pyc",
        "_pyodide/__init__.pyc",
    ):
        assert name in names
    # Each is a module of the standard library's sources, and comes without its source: zipimport
    # then loads it as it is (no date compared) and the sources stay in python_stdlib.zip.
    assert all(name.endswith(".pyc") and name[:-1] in sources for name in names)
    # Not what Python had imported before the hook runs (its own start): those are never loaded.
    before = {"os.pyc", "site.pyc", "codecs.pyc", "encodings/__init__.pyc", "_collections_abc.pyc"}
    assert not before & set(names)
    # What the package imports, compiled on a first start, a game's opening or in a worker before
    # (hashlib: the engine's seeds; importlib.resources and its zip reader: the catalogues; hmac,
    # secrets: network tables); argparse, imported by the command line only, is not shipped, nor
    # urllib.parse with ipaddress (the package encodes its addresses itself: parlour.web.urls, 0110).
    for name in (
        "hashlib.pyc",
        "hmac.pyc",
        "secrets.pyc",
        "importlib/resources/__init__.pyc",
        "importlib/resources/readers.pyc",
    ):
        assert name in names
    assert not {"argparse.pyc", "urllib/parse.pyc", "ipaddress.pyc"} & set(names)
    headers = {bytecode.read(name)[:16] for name in names}
    (header,) = headers  # one magic number, flags 0 (no source to check against), no date or size
    assert header[2:4] == b"\r\n" and header[4:] == bytes(12)
    assert header[:4] != importlib.util.MAGIC_NUMBER, "compiled by Pyodide's Python, not the build machine's"


def test_without_node_the_site_starts_from_the_sources_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(build.shutil, "which", lambda _name: None)
    assert build.stdlib_bytecode(tmp_path) is None


def test_the_package_imports_named_for_the_bytecode_are_the_standard_librarys_and_pyodides_only():
    imports = build.package_imports()
    assert {"hashlib", "hmac", "importlib.resources", "html", "secrets", "pyodide.ffi"} <= set(imports)
    assert not [name for name in imports if name.startswith("parlour") or name in ("js", "argparse")]
    assert "urllib.parse" not in imports  # parlour.web.urls encodes the addresses (0110)
