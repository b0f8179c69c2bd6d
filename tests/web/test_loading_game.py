"""Opening a game whose rules and board are not loaded yet (a start without the memory snapshot):
a named "Loading <game> · N %" screen in the person's language is drawn first, the game's modules
are imported a task each with the share done shown between, then the game opens (decision 0038)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from parlour.web import boards
from web.test_match_screen import open_app, text_of

RU = {"parlour.settings": json.dumps({"lang": "ru", "animations": "system"})}
STEPS = 3


@pytest.fixture
def not_loaded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every game counts as not loaded until its last step has run; its modules (loaded already in
    this process) are imported in three steps as the page would (the real steps: test_boot.py)."""
    asked: list[str] = []

    def opening(gid: str) -> Iterator[float]:
        for done in range(1, STEPS + 1):
            yield done / STEPS
        asked.append(gid)

    monkeypatch.setattr(boards, "loaded", lambda gid: gid in asked)
    monkeypatch.setattr(boards, "opening", opening)
    return asked


def figure(html: str) -> tuple[str, str | None]:
    """The loading words and the bar's value."""
    bar = re.search(r'<progress[^>]*value="(\d+)"', html)
    return text_of(html, "loading-game-text"), bar.group(1) if bar else None


def test_opening_a_game_names_its_loading_with_the_share_done_in_the_persons_language_then_opens_it(
    not_loaded: list[str],
):
    _app, dom = open_app("#/ghosts-galore", dict(RU))
    assert 'data-screen="loading"' in dom.html
    assert figure(dom.html) == ("Загружаем Ghosts Galore · 0 %", "0")
    assert "0\u00a0%" in dom.html, "the number and its sign never part at a line's end"
    seen = []
    while 'data-screen="loading"' in dom.html:
        assert len(dom.timers) == 1, "one step a task: the page paints the figure between two"
        dom.timers.pop(0)()
        seen.append(figure(dom.html))
    assert seen[:-1] == [
        ("Загружаем Ghosts Galore · 33 %", "33"),
        ("Загружаем Ghosts Galore · 67 %", "67"),
        ("Загружаем Ghosts Galore · 100 %", "100"),
    ]
    assert 'data-screen="setup"' in dom.html
    assert not_loaded == ["ghosts-galore"]


def test_leaving_while_a_game_loads_drops_the_load(not_loaded: list[str]):
    _app, dom = open_app("#/boop", dict(RU))
    assert 'data-screen="loading"' in dom.html
    dom.set_hash("#/")
    dom.run_timers()
    assert 'data-screen="picker"' in dom.html
    assert not_loaded == []


def test_asking_again_for_a_game_that_is_loading_goes_on_with_the_same_load(not_loaded: list[str]):
    _app, dom = open_app("#/boop", dict(RU))
    dom.timers.pop(0)()
    dom.set_hash("#/boop/rules")
    assert figure(dom.html) == ("Загружаем boop. · 33 %", "33")
    assert len(dom.timers) == 1, "no second load of the same game"
    dom.run_timers()
    assert 'data-screen="rules"' in dom.html and not_loaded == ["boop"]
