"""Opening a game whose rules and board are not loaded yet (a start without the memory snapshot):
a named "Loading <game>" screen in the person's language is drawn first, then the game opens."""

from __future__ import annotations

import json

import pytest

from parlour.web import boards
from web.test_match_screen import open_app, text_of

RU = {"parlour.settings": json.dumps({"lang": "ru", "animations": "system"})}


@pytest.fixture
def not_loaded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every game counts as not loaded until the app has asked for its package."""
    asked: list[str] = []
    real_board = boards.board

    def board(gid: str):  # type: ignore[no-untyped-def]
        asked.append(gid)
        return real_board(gid)

    monkeypatch.setattr(boards, "loaded", lambda gid: gid in asked)
    monkeypatch.setattr(boards, "board", board)
    return asked


def test_opening_a_game_names_its_loading_in_the_persons_language_then_opens_it(not_loaded: list[str]):
    _app, dom = open_app("#/ghosts-galore", dict(RU))
    assert 'data-screen="loading"' in dom.html
    assert text_of(dom.html, "loading-game-text") == "Загружаем Ghosts Galore…"
    assert dom.timers, "the import waits for the screen to be painted"
    dom.run_timers()
    assert 'data-screen="setup"' in dom.html
    assert not_loaded == ["ghosts-galore"]


def test_leaving_while_a_game_loads_drops_the_load(not_loaded: list[str]):
    _app, dom = open_app("#/boop", dict(RU))
    assert 'data-screen="loading"' in dom.html
    dom.set_hash("#/")
    dom.run_timers()
    assert 'data-screen="picker"' in dom.html
    assert not_loaded == []
