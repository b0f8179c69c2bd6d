"""Boards: one module per game that draws it in the browser, loaded only when that game is played.

A board module has ``render(ctx) -> str`` (the board's markup) and ``act(ctx, action, arg)``
(handles the board's own ``data-action`` clicks and keys; returns a move to play, or ``None`` when
it only changed what is selected). ``ctx`` is a :class:`parlour.web.play.BoardContext`. A game
without a board is shown as "coming soon" in the picker.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType

from parlour import games

BOARDS: dict[str, str] = {
    "boop": "parlour.web.boards.boop",
    "wooly-bully": "parlour.web.boards.wooly_bully",
    "ghosts-galore": "parlour.web.boards.ghosts_galore",
    "boo": "parlour.web.boards.boo",
}


def playable(game_id: str) -> bool:
    """Whether ``game_id`` has both rules and a board in this build, found without importing them
    (the picker asks this for every game at start-up, which must stay fast)."""
    name = BOARDS.get(game_id)
    info = games.BY_ID.get(game_id)
    if name is None or info is None:
        return False
    try:
        return (
            importlib.util.find_spec(info.package) is not None and importlib.util.find_spec(name) is not None
        )
    except ModuleNotFoundError:
        return False


def loaded(game_id: str) -> bool:
    """Whether the rules and the board of ``game_id`` are imported already (opening it is instant)."""
    info = games.BY_ID.get(game_id)
    return info is not None and info.package in sys.modules and BOARDS.get(game_id) in sys.modules


def board(game_id: str) -> ModuleType | None:
    """The board module of ``game_id``, or ``None`` when the game has no board (or no rules) yet."""
    name = BOARDS.get(game_id)
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return None
