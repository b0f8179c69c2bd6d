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
from collections.abc import Iterator
from types import ModuleType

from parlour import games
from parlour.web import spent
from parlour.web.boot import MATCH_STEPS, NET_OPENED_WITH, OPENED_WITH

BOARDS: dict[str, str] = {
    "boop": "parlour.web.boards.boop",
    "wooly-bully": "parlour.web.boards.wooly_bully",
    "ghosts-galore": "parlour.web.boards.ghosts_galore",
    "boo": "parlour.web.boards.boo",
}


def _order(package: str, modules: str, board_modules: str) -> tuple[str, ...]:
    """A game's package after its ``modules``, then its board's ``board_modules`` (short names)."""
    rules = f"parlour.games.{package}"
    return (
        *(f"{rules}.{m}" for m in modules.split()),
        rules,
        *(f"{__name__}.{m}" for m in board_modules.split()),
    )


OPENING: dict[str, tuple[str, ...]] = {
    "boop": _order("boop", "board state rules consistency notation ai game", "boop_bed boop"),
    "boo": _order(
        "boo", "castle route solver state written rules bots", "boo_svg boo_castle boo_help boo_zones boo"
    ),
    "wooly-bully": _order(
        "wooly_bully",
        "tiles board moves state bots play legal valid written rules",
        "wooly_svg wooly_field wooly_help wooly_bully",
    ),
    "ghosts-galore": _order(
        "ghosts_galore",
        "tiles board moves scoring bots written rules",
        "ghosts_draw ghosts_help ghosts_table ghosts_galore",
    ),
}
"""The modules that opening a game imports (its rules and board, once the app is up), in the order
an import finishes them: each needs only those before it, so importing them in this order compiles
one a step (:func:`opening`; a CPython test keeps the lists true)."""


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


NET_SCREENS = ("host", "join")
"""The network screens: opening one imports the network's modules too (decision 0114)."""


def net_loaded() -> bool:
    """Whether the network screens' modules are imported (opening one is then instant)."""
    return all(name in sys.modules for name in NET_OPENED_WITH)


def opening(game_id: str, screen: str = "setup") -> Iterator[float]:
    """Import the rules and board of ``game_id`` a module at a time (:data:`OPENING`), yielding the
    share done after each, so the page can paint its loading words between two steps: in one task,
    a start without the memory snapshot held the words still for 0.1-0.5 s (issue #17, decision 0038).
    A game opened before the start's idle steps brought a match's modules (not the picker's: decision
    0004) imports those its ``screen`` needs first, a step each (:data:`OPENED_WITH`; the rules help
    all of :data:`MATCH_STEPS`; a network screen the network's modules too, :data:`NET_OPENED_WITH`,
    decision 0114; the idle steps bring the rest, decision 0110). Anything a step left
    out is imported at the end; nothing is imported twice."""
    first = MATCH_STEPS if screen == "rules" else NET_OPENED_WITH if screen in NET_SCREENS else OPENED_WITH
    names = [name for name in first if name not in sys.modules]
    names += [name for name in OPENING.get(game_id, ()) if name not in sys.modules or name in games.OPENING]
    for done, name in enumerate(names, 1):
        with spent.part("import:" + name.removeprefix("parlour.")):  # benchmarks: which step it was
            games.import_step(name)
        yield done / len(names)
    if game_id:  # a guest's page names no game until the host's lobby does
        games.module(game_id)
        board(game_id)


WARMED: set[str] = set()
"""The games whose first-use work :func:`warm` has done."""


def warm(game_id: str) -> None:
    """Do a loaded game's first-use work now, once: its rules read their tables (Wooly Bully's and
    Ghosts Galore's tiles: 1-10 ms on CPython, tens in Pyodide) and fill their caches, setting up a
    first position and asking each seat to act its legal moves and view. The page calls it in a
    task of its own once the game is loaded, so that a match's first tasks (the host's start, the
    first screen, a guest's first check) do not (issue #17). Nothing is kept but the caches."""
    if game_id in WARMED or not loaded(game_id):
        return
    WARMED.add(game_id)
    game = games.load(game_id)
    state = game.setup(game.min_players, {o.name: o.default for o in game.options}, "warm")
    for seat in game.to_act(state):
        game.legal_moves(state, seat)
        game.view(state, seat)


def board(game_id: str) -> ModuleType | None:
    """The board module of ``game_id``, or ``None`` when the game has no board (or no rules) yet."""
    name = BOARDS.get(game_id)
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return None
