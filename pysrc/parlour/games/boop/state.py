"""The state of a game of boop.: an immutable snapshot, and the mutable working copy the rules use.

:class:`BoopState` is what the engine, the UI and saves see: frozen, hashable, tuples only.
:class:`Position` is a scratch copy that the rule functions change in place; ``apply`` copies a
state into a position, plays on it and freezes the result, so no state is ever mutated.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.games.boop.board import CELLS, EMPTY

PHASES = ("place", "grad-a", "ghost", "grad-b", "over")
"""Whose decision the game waits for (see docs/decisions/0010-boop-turn-structure.md):

* ``place``: the mover places a kitten or a cat (BP-2);
* ``grad-a``: the mover chooses a graduation after the boops (BP-8/BP-9), or passes when allowed;
* ``ghost``: the mover may bring their ghost cat onto the bed (BP-13) or not;
* ``grad-b``: at the end of the turn, after the ghost acted, the mover chooses a graduation (BP-19, BP-D3);
* ``over``: the game has ended.
"""

REASONS = ("line", "all-cats", "no-pieces")
"""Why a game ended: three cats in a row, all eight cats on the bed (BP-20), no piece to place (BP-D4)."""

NO_GHOST = -1


@dataclass(frozen=True)
class BoopState:
    """A whole game position, between two moves.

    ``board`` holds 36 piece codes (see :func:`~parlour.games.boop.board.piece`); ``pool_kittens``,
    ``pool_cats`` and ``reserve`` are per colour (orange first); ``ghosts`` is per colour ``-1`` (in the
    pool) or ``entry * 6 + step``. ``held`` lists the line numbers (into ``LINES``) the mover already
    had when the turn began: BP-19 lets them graduate only at the end of the turn.
    """

    board: tuple[int, ...]
    pool_kittens: tuple[int, int]
    pool_cats: tuple[int, int]
    reserve: tuple[int, int]
    ghosts: tuple[int, int]
    mover: int
    phase: str = "place"
    graduated: bool = False
    ghost_returned: bool = False
    held: tuple[int, ...] = ()
    winner: int | None = None
    reason: str = ""


class Position:
    """A mutable working copy of a :class:`BoopState` (lists instead of tuples)."""

    __slots__ = (
        "board",
        "ghost_returned",
        "ghosts",
        "graduated",
        "held",
        "mover",
        "phase",
        "pool_cats",
        "pool_kittens",
        "reason",
        "reserve",
        "winner",
    )

    def __init__(self, s: BoopState) -> None:
        self.board = list(s.board)
        self.pool_kittens = list(s.pool_kittens)
        self.pool_cats = list(s.pool_cats)
        self.reserve = list(s.reserve)
        self.ghosts = list(s.ghosts)
        self.mover = s.mover
        self.phase = s.phase
        self.graduated = s.graduated
        self.ghost_returned = s.ghost_returned
        self.held = s.held
        self.winner = s.winner
        self.reason = s.reason

    def copy(self) -> Position:
        new = Position.__new__(Position)
        new.board = self.board[:]
        new.pool_kittens = self.pool_kittens[:]
        new.pool_cats = self.pool_cats[:]
        new.reserve = self.reserve[:]
        new.ghosts = self.ghosts[:]
        new.mover = self.mover
        new.phase = self.phase
        new.graduated = self.graduated
        new.ghost_returned = self.ghost_returned
        new.held = self.held
        new.winner = self.winner
        new.reason = self.reason
        return new

    def freeze(self) -> BoopState:
        return BoopState(
            tuple(self.board),
            (self.pool_kittens[0], self.pool_kittens[1]),
            (self.pool_cats[0], self.pool_cats[1]),
            (self.reserve[0], self.reserve[1]),
            (self.ghosts[0], self.ghosts[1]),
            self.mover,
            self.phase,
            self.graduated,
            self.ghost_returned,
            self.held,
            self.winner,
            self.reason,
        )

    def pool_size(self, player: int) -> int:
        return self.pool_kittens[player] + self.pool_cats[player]


def initial_state(first: int) -> BoopState:
    """BP-1: an empty bed, 8 kittens and a ghost cat in each pool, 8 cats in each reserve."""
    return BoopState((EMPTY,) * CELLS, (8, 8), (0, 0), (8, 8), (NO_GHOST, NO_GHOST), first)
