"""Bots for Ghosts Galore, each playing from its own view only.

* ``random``: a uniformly random legal move (pencilling the hidden tile is no move, so never that).
* ``easy``: values a tile by the points it adds now across all 13 categories (the marginal score),
  takes the flipped tile unless a table tile adds more, and takes a table tile it likes over a flip.
* ``hard``: values a board by its points plus what its open parts are likely to bring (open
  tracks from doors, lonely bats with free neighbours, slimes and skeletons times the turns and
  diamonds still to come, dead ends as a loss), and weighs the draft's future by sampling the
  tiles it has not seen: it passes when a better tile is likely and flips rather than settle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from parlour.engine import JSON, Game, Rng
from parlour.engine.bots import BotFactory
from parlour.games.ghosts_galore.board import (
    BONE,
    DEAD,
    DOOR,
    OPEN,
    SPECIAL_DOORS,
    TOOTH,
    Grid,
    Track,
    neighbours,
    resolve,
    trace,
)
from parlour.games.ghosts_galore.moves import FLIP, HIDDEN, PASS, TAKE, Move
from parlour.games.ghosts_galore.scoring import count_werewolves, score_board
from parlour.games.ghosts_galore.tiles import Tile, tile_set

PLAIN_HOPE = 0.6
"""Points per segment the hard bot hopes for on an open track from a plain door."""
ROUTE_HOPE = (1.2, 1.6, 2.0)
"""How likely the hard bot thinks a still-possible bone or tooth route gets finished, by the number
of its doors that already have a track leading in."""

SAMPLE = 8
"""Unseen tiles the hard bot imagines per decision."""


@dataclass(frozen=True)
class Seat:
    """What a bot reads from its view."""

    player: int
    players: int
    grid: Grid
    others_wolves: tuple[int, ...]
    seen: frozenset[int]
    hidden: Tile | None = None
    """The seat's own hidden tile while it is still in hand."""

    @classmethod
    def from_view(cls, view: JSON, player: int) -> Seat:
        grids = [resolve([None if p is None else (p[0], p[1]) for p in g]) for g in view["grids"]]
        seen = {p[0].id for g in grids for p in g if p is not None}
        seen.update(view["table"])
        seen.update(t for t in view["hidden"] if t is not None)
        seen.update(view["last_look"] or ())
        if view["pending"] is not None:
            seen.add(view["pending"])
        wolves = tuple(count_werewolves(g) for i, g in enumerate(grids) if i != player)
        mine = view["hidden"][player]
        hidden = None if mine is None or view["hidden_placed"][player] else tile_set()[mine]
        return cls(player, view["players"], grids[player], wolves, frozenset(seen), hidden)


@cache
def _mean_turns_and_diamonds() -> tuple[float, float]:
    tiles = tile_set()
    return sum(t.turns for t in tiles) / len(tiles), sum(len(t.diamonds) for t in tiles) / len(tiles)


@cache
def distinct_rotations(tile_id: int) -> tuple[int, ...]:
    """Rotations that differ in play: a straight turned half way round is the same tile."""
    tile = tile_set()[tile_id]
    seen: dict[object, int] = {}
    for rot in range(4):
        pieces = tile.pieces_rotated(rot)
        key = tuple(
            sorted(
                (tuple(sorted(p)), tuple(sorted(m.kind for m in tile.monsters if m.piece == k)))
                for k, p in enumerate(pieces)
            )
        )
        seen.setdefault(key, rot)
    return tuple(sorted(seen.values()))


Valuer = Callable[["Seat", Grid], float]
"""How a bot values a board: :func:`actual_value` (easy) or :func:`hopeful_value` (hard)."""


def actual_value(seat: Seat, grid: Grid) -> float:
    """Points the board scores now (the marginal score of a placement is the difference)."""
    return float(score_board(grid, seat.players, seat.others_wolves).total)


def hopeful_value(seat: Seat, grid: Grid) -> float:
    """Points now plus a rough guess of what the board's open parts will bring.

    With one cell left, the hidden tile's place is settled: the value is then the exact final
    score with the hidden tile turned its best way.
    """
    free_cells = [c for c, p in enumerate(grid) if p is None]
    if len(free_cells) == 1 and seat.hidden is not None:
        (cell,) = free_cells
        return max(
            actual_value(seat, tuple((seat.hidden, r) if c == cell else p for c, p in enumerate(grid)))
            for r in range(4)
        )
    tracks = trace(grid)
    sheet = score_board(grid, seat.players, seat.others_wolves, tracks)
    value = float(sheet.total)
    free = sum(1 for p in grid if p is None)
    hope = min(1.0, free / 4)
    turns, diamonds = _mean_turns_and_diamonds()
    placed = [(c, p[0]) for c, p in enumerate(grid) if p is not None]
    value += sum(t.count("slime") for _, t in placed) * turns * free
    value += sum(t.count("skeleton") for _, t in placed) * diamonds * free
    track_of = {piece: i for i, t in enumerate(tracks) for piece in t.pieces}
    for track in tracks:
        kinds = [e.kind for e in track.ends]
        if OPEN not in kinds:
            continue
        if DOOR in kinds:
            door = next(e.door for e in track.ends if e.kind == DOOR)
            if door == "plain":
                value += hope * PLAIN_HOPE * (track.segments + 1)
        elif kinds.count(OPEN) == 2:
            value += hope * 0.3 * track.segments
    value -= 1.0 * len(sheet.dead_ends)
    value += hope * special_route_hope(grid, tracks)
    free_set = set(free_cells)
    bat_cells = {c for c, t in placed if t.count("bat")}
    for c, t in placed:
        near = neighbours(c)
        if t.count("bat") and bat_cells.isdisjoint(near) and not free_set.isdisjoint(near):
            value += 2.0 * hope * t.count("bat")
        for m in t.monsters:
            track = tracks[track_of[(c, m.piece)]]
            if any(e.kind == OPEN for e in track.ends):
                if m.kind == "ghost":
                    value += 1.0 * hope
                elif m.kind == "satyr":
                    value += 0.8 * hope
    return value


def special_route_hope(grid: Grid, tracks: Sequence[Track]) -> float:
    """What the unfinished bone and tooth routes (GG-S11, GG-S12) may still bring.

    A route is lost once either of its doors is blocked (its cell shows no track there) or the
    track from it dead-ends or reaches another door; otherwise it is worth about 2 points per
    segment it will have (at least two), times how likely :data:`ROUTE_HOPE` thinks it is.
    """
    at_door = {(e.cell, e.side): t for t in tracks for e in t.ends if e.kind == DOOR}
    hope = 0.0
    for kind in (BONE, TOOTH):
        doors = [spot for spot, k in SPECIAL_DOORS.items() if k == kind]
        segments = 0
        started = 0
        alive = True
        for cell, side in doors:
            if grid[cell] is None:
                continue
            track = at_door.get((cell, side))
            if track is None or any(e.kind == DEAD for e in track.ends):
                alive = False
            elif all(e.kind == DOOR for e in track.ends):
                alive = False  # finished (already scored) or spoilt by another door
            else:
                segments += track.segments
                started += 1
        if alive:
            hope += ROUTE_HOPE[started] * 2 * max(2, segments + 1)
    return hope


def _placed(grid: Grid, cell: int, tile: int, rot: int) -> Grid:
    placed = (tile_set()[tile], rot)
    return tuple(placed if c == cell else p for c, p in enumerate(grid))


def best_placement(
    seat: Seat, tile: int, value: Valuer, order: Sequence[int] = range(9)
) -> tuple[float, int, int]:
    """The best ``(value, cell, rotation)`` for ``tile`` on the seat's board; among equals, the
    first cell in ``order``."""
    best = (float("-inf"), -1, 0)
    for cell in order:
        if seat.grid[cell] is not None:
            continue
        for rot in distinct_rotations(tile):
            v = value(seat, _placed(seat.grid, cell, tile, rot))
            if v > best[0]:
                best = (v, cell, rot)
    return best


def _hidden_move(seat: Seat, view: JSON, value: Valuer) -> Move:
    tile = view["hidden"][seat.player]
    cell = next(c for c, p in enumerate(seat.grid) if p is None)
    rot = max(range(4), key=lambda r: (value(seat, _placed(seat.grid, cell, tile, r)), -r))
    return Move(HIDDEN, rot=rot)


class RandomGhostBot:
    """Uniformly random among the draft moves (flip, pass, take, hidden)."""

    def choose(self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Any], rng: Rng) -> Any:
        return rng.choice(list(legal))


class EasyBot:
    """Greedy on the points a tile adds now."""

    def choose(self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Any], rng: Rng) -> Any:
        seat = Seat.from_view(view, player)
        actions = {m.action for m in legal}
        if HIDDEN in actions:
            return _hidden_move(seat, view, actual_value)
        offers = sorted({m.tile for m in legal if m.action == TAKE})
        scored = {t: best_placement(seat, t, actual_value) for t in offers}
        if view["pending"] is not None:
            mine = scored[view["pending"]]
            table = [best_placement(seat, t, actual_value)[0] for t in view["table"]]
            if PASS in actions and table and max(table) > mine[0]:
                return Move(PASS)
            return Move(TAKE, view["pending"], mine[1], mine[2])
        base = actual_value(seat, seat.grid)
        best_tile = max(scored, key=lambda t: scored[t][0]) if scored else None
        if best_tile is not None and (FLIP not in actions or scored[best_tile][0] - base >= 4):
            _, cell, rot = scored[best_tile]
            return Move(TAKE, best_tile, cell, rot)
        return Move(FLIP)


class HardBot:
    """Looks ahead: the board's prospects and the draft's likely offers."""

    def choose(self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Any], rng: Rng) -> Any:
        seat = Seat.from_view(view, player)
        actions = {m.action for m in legal}
        if HIDDEN in actions:
            return _hidden_move(seat, view, actual_value)
        base = hopeful_value(seat, seat.grid)
        # Equal placements are broken at random, so the bot favours no side of its board.
        order = rng.shuffled(range(9))
        offers = sorted({m.tile for m in legal if m.action == TAKE})
        gains = {}
        for t in offers:
            v, cell, rot = best_placement(seat, t, hopeful_value, order)
            gains[t] = (v - base, cell, rot)
        if FLIP not in actions and PASS not in actions:
            tile = max(gains, key=lambda t: gains[t][0])
            return Move(TAKE, tile, gains[tile][1], gains[tile][2])
        unseen = [t for t in range(len(tile_set())) if t not in seat.seen]
        sample = rng.shuffled(unseen)[:SAMPLE]
        future = sorted(best_placement(seat, t, hopeful_value, order)[0] - base for t in sample)
        waiting = sum(1 for i, taken in enumerate(view["taken"]) if not taken and i != player)
        if view["pending"] is not None:
            mine = gains[view["pending"]]
            table = [best_placement(seat, t, hopeful_value, order)[0] - base for t in view["table"]]
            # If I pass, the others move first; what I may still get is roughly the better of the
            # table and a fresh flip, each less likely the more players are still waiting.
            hope = _quantile(future, 0.75) if view["stack_count"] >= 1 else float("-inf")
            alternative = max([*table, hope]) - 1.0 - 0.5 * waiting
            if PASS in actions and future and mine[0] < alternative:
                return Move(PASS)
            return Move(TAKE, view["pending"], mine[1], mine[2])
        best_tile = max(gains, key=lambda t: gains[t][0]) if gains else None
        flip_worth = _quantile(future, 0.6) if future else float("-inf")
        if best_tile is not None and (FLIP not in actions or gains[best_tile][0] >= flip_worth):
            _, cell, rot = gains[best_tile]
            return Move(TAKE, best_tile, cell, rot)
        return Move(FLIP)


def _quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted ``values`` (nearest rank)."""
    if not values:
        return float("-inf")
    return values[min(len(values) - 1, int(q * len(values)))]


BOTS: dict[str, BotFactory] = {"random": RandomGhostBot, "easy": EasyBot, "hard": HardBot}
