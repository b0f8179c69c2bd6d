"""The games Parlour knows, each in its own package, loaded only when asked for.

A game package exposes ``GAME`` (its :class:`~parlour.engine.Game`), ``BOTS`` (bot factories by
level name, ``"random"`` included) and may have a ``cli`` module with ``main(argv)`` for its own
commands (``python -m parlour boo stats``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
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
PACKAGES = frozenset(g.package for g in GAMES)

OPENING: dict[str, ModuleType] = {}
"""Game packages in ``sys.modules`` whose ``__init__`` has not run yet, while their modules are
imported one at a time (:func:`import_step`); :func:`module` runs what is left at once."""


def import_step(name: str) -> None:
    """Import the module ``name``, bringing as little else as can be: a game package's ``__init__``
    imports all of the game, so its modules come first with the package in ``sys.modules`` not yet
    run (as during any import of a package), and the package's own step runs its ``__init__``.
    Imported leaves first, each step compiles one module, so a page can paint between steps."""
    if name in OPENING:
        _run(name)
        return
    package = name.rpartition(".")[0]
    if package in PACKAGES and package not in sys.modules:
        spec = importlib.util.find_spec(package)
        if spec is None or spec.loader is None:
            raise ModuleNotFoundError(f"No module named {package!r}", name=package)
        sys.modules[package] = OPENING[package] = importlib.util.module_from_spec(spec)
    try:
        importlib.import_module(name)
    except BaseException:
        _drop(package)
        raise


def _run(package: str) -> None:
    """Run the ``__init__`` of a game package opened by :func:`import_step` (it imports whatever of
    its modules has not come yet) and bind it in its parent, as an import does."""
    found = OPENING.pop(package)
    spec = found.__spec__
    assert spec is not None and spec.loader is not None
    try:
        spec.loader.exec_module(found)
    except BaseException:
        sys.modules.pop(package, None)
        raise
    parent, _, child = package.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, found)


def _drop(package: str) -> None:
    """Forget a game package opened by :func:`import_step` whose module failed: as a failed import,
    it leaves nothing half made behind (its modules imported meanwhile stay, complete)."""
    if OPENING.pop(package, None) is not None:
        sys.modules.pop(package, None)


def module(game_id: str) -> ModuleType:
    """The game's package; ``KeyError`` for an unknown or not yet written game."""
    info = BY_ID[game_id]
    if info.package in OPENING:  # asked for while it was being opened in steps: finish it now
        _run(info.package)
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
