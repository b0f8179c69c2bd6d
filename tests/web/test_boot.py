"""What the memory snapshot holds (decision 0085): the app, the bots' end and every game with its
board imported, every catalogue read, and nothing of the page touched while doing it."""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from parlour import games
from parlour.i18n import LANGUAGES, catalogue
from parlour.web import boards, boot


class Untouchable(types.ModuleType):
    """Pyodide's ``js``: any use of it while preparing the snapshot fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"js.{name} used while preparing the snapshot")


def test_prepare_imports_every_game_and_board_and_reads_every_catalogue_without_touching_the_page(
    monkeypatch: pytest.MonkeyPatch,
):
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda fn: fn  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", Untouchable("js"))
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delitem(sys.modules, "parlour.web.dom", raising=False)
    catalogue.cache_clear()
    names = boot.prepare()
    gc.unfreeze()  # prepare ends by freezing what lives (settle): not for the rest of the test run
    assert {"parlour.web.app", "parlour.web.dom", "parlour.web.bots"} <= set(names)
    for info in games.GAMES:
        assert info.package in sys.modules and boards.BOARDS[info.id] in sys.modules
    assert catalogue.cache_info().currsize == len(LANGUAGES)
    sys.modules.pop("parlour.web.dom")  # it holds the stand-in js: not for later tests


def test_after_a_restore_python_random_numbers_differ_from_the_snapshots():
    random.seed(17)
    frozen = random.random()
    random.seed(17)  # as the snapshot left it
    boot.restored()
    assert random.random() != frozen


def test_settle_leaves_what_lives_now_out_of_the_collectors_scans():
    try:
        boot.settle()
        assert gc.get_freeze_count() > 1000
    finally:
        gc.unfreeze()


LOADING = r"""
import json, sys, types
ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = lambda fn: fn
sys.modules.update({"js": types.ModuleType("js"), "pyodide": types.ModuleType("pyodide"), "pyodide.ffi": ffi})
from parlour.web import boot
steps = []
for done in boot.loading():
    steps.append([done, sorted(m for m in sys.modules if m.startswith("parlour"))])
print(json.dumps(steps))
"""


def test_a_start_without_a_snapshot_imports_the_app_in_steps_the_page_can_paint_between():
    """The page shows its words between two steps (decision 0089): the app's modules come a few at a
    time, the share done rises to 1, and at the end everything the app needs is there."""
    out = subprocess.run(
        [sys.executable, "-c", LOADING],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(boot.__file__).parents[2],
    )
    steps = json.loads(out.stdout)
    shares = [done for done, _ in steps]
    assert shares == sorted(shares) and shares[-1] == 1 and len(steps) >= 8
    modules = [set(names) for _, names in steps]
    assert set(boot.PAGE_MODULES) <= modules[-1]
    new = [len(after - before) for before, after in zip([set(), *modules], modules, strict=False)]
    # No step takes the bulk: the largest brings at most a third of the app's modules.
    assert max(new) <= len(modules[-1]) / 3, new
