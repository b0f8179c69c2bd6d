"""What the memory snapshot holds (decision 0085): the app, the bots' end and every game with its
board imported, every catalogue read, and nothing of the page touched while doing it."""

from __future__ import annotations

import gc
import random
import sys
import types
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
