"""Small helpers for boop. tests: build positions through the position notation and play moves."""

from __future__ import annotations

from parlour.engine import Event
from parlour.games.boop import GAME
from parlour.games.boop.board import FILES
from parlour.games.boop.state import BoopState

LETTERS = "oOpP"


def make(
    pieces: dict[str, str],
    side: str = "o",
    *,
    pool_cats: tuple[int, int] = (0, 0),
    ghosts: str = "-/-",
    phase: str = "place",
    extra: str = "",
) -> BoopState:
    """A position with ``pieces`` (``{"c3": "o"}``; o/O orange kitten/cat, p/P purple) on the bed.

    Pools and reserves are whatever makes 8 kittens and 8 cats per colour add up with no kitten
    graduated beyond those the cats on the bed and in the pool stand for (BP-1, BP-10)."""
    grid = [["" for _ in range(6)] for _ in range(6)]
    for cell, letter in pieces.items():
        assert letter in LETTERS and grid[int(cell[1]) - 1][FILES.index(cell[0])] == ""
        grid[int(cell[1]) - 1][FILES.index(cell[0])] = letter
    ranks = []
    for r in range(5, -1, -1):
        text, gap = "", 0
        for f in range(6):
            if grid[r][f]:
                text += (str(gap) if gap else "") + grid[r][f]
                gap = 0
            else:
                gap += 1
        ranks.append(text + (str(gap) if gap else ""))
    pools, reserves = [], []
    for p, (kitten, cat) in enumerate((("o", "O"), ("p", "P"))):
        bed_k = sum(v == kitten for v in pieces.values())
        bed_c = sum(v == cat for v in pieces.values())
        reserve = 8 - bed_c - pool_cats[p]
        pools.append(f"{reserve - bed_k}k{pool_cats[p]}c")
        reserves.append(str(reserve))
    text = f"{'/'.join(ranks)} {'/'.join(pools)} {'/'.join(reserves)} {ghosts} {side} {phase} {extra}"
    return GAME.from_position(text.strip())


def play(state: BoopState, *moves: str) -> tuple[BoopState, list[Event]]:
    """Play ``moves`` in order, each by whoever must act; return the last state and all events."""
    events: list[Event] = []
    for move in moves:
        state, evs = GAME.apply(state, state.mover, move)
        events.extend(evs)
    return state, events


def cells(state: BoopState) -> dict[str, str]:
    """The occupied cells and their letters."""
    out = {}
    for i, code in enumerate(state.board):
        if code:
            out[FILES[i % 6] + str(i // 6 + 1)] = LETTERS[code - 1]
    return out


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[dict]:
    return [dict(e.data) for e in events if e.kind == kind]
