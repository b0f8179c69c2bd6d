"""The one change build.py makes to Pyodide (decision 0089): ``loadPyodide`` awaits the page's hook
before the bootstrap, and a Pyodide whose loader reads otherwise stops the build instead of
shipping a loader that never calls the hook."""

from __future__ import annotations

import build
import pytest

LOADER = (
    "async function dt(e={}){let t=await Se(e),n=we(t),i=await _e(t),s=await ke(t,n),r=await Re(i,n);TAIL"
)


def test_the_loader_awaits_the_hook_between_the_interpreters_start_and_the_bootstrap():
    # The hook is given the module too: its file system takes the standard library's bytecode (0105).
    old, _ = build.LOADER_HOOK
    patched = build.patch_loader(LOADER.replace("TAIL", old))
    start, hook, bootstrap = (
        patched.index(s) for s in ("r=await Re(i,n)", "await t._beforeBootstrap?.(s,r.API,r)", "Ae(r,s,t)")
    )
    assert start < hook < bootstrap


def test_the_shipped_pyodide_is_patched(tmp_path):
    build.copy_pyodide(tmp_path / "pyodide")
    assert (tmp_path / "pyodide" / "pyodide.mjs").read_text().count("_beforeBootstrap") == 1


@pytest.mark.parametrize(
    "text", ["", LOADER.replace("TAIL", "Fe(r,t);let a=Ae(r,s,t,x);return await Oe(a,t)}")]
)
def test_a_loader_that_reads_otherwise_stops_the_build(text):
    with pytest.raises(SystemExit, match="not there once"):
        build.patch_loader(text)


def test_a_loader_with_the_text_twice_stops_the_build():
    old, _ = build.LOADER_HOOK
    with pytest.raises(SystemExit, match="not there once"):
        build.patch_loader(old + old)
