"""The games Parlour knows, each in its own package, loaded only when asked for.

A game package exposes ``GAME`` (its :class:`~parlour.engine.Game`), ``BOTS`` (bot factories by
level name, ``"random"`` included) and may have a ``cli`` module with ``main(argv)`` for its own
commands (``python -m parlour boo stats``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from parlour.engine import Game


@dataclass(frozen=True)
class GameInfo:
    """What the picker shows before a game's code is loaded."""

    id: str
    package: str
    min_players: int
    max_players: int


GAMES: tuple[GameInfo, ...] = (
    GameInfo("boop", "parlour.games.boop", 2, 2),
    GameInfo("boo", "parlour.games.boo", 2, 6),
    GameInfo("wooly-bully", "parlour.games.wooly_bully", 2, 4),
    GameInfo("ghosts-galore", "parlour.games.ghosts_galore", 2, 5),
)
BY_ID = {g.id: g for g in GAMES}


def module(game_id: str) -> ModuleType:
    """The game's package; ``KeyError`` for an unknown or not yet written game."""
    info = BY_ID[game_id]
    try:
        return importlib.import_module(info.package)
    except ModuleNotFoundError as exc:
        if exc.name and info.package.startswith(exc.name):
            raise KeyError(game_id) from exc
        raise


def load(game_id: str) -> Game[Any, Any]:
    """The game definition for ``game_id``; ``KeyError`` when there is none."""
    game: Game[Any, Any] = module(game_id).GAME
    return game


def available(game_id: str) -> bool:
    """Whether the rules of ``game_id`` exist in this build."""
    try:
        module(game_id)
    except KeyError:
        return False
    return True
