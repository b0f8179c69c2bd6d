"""Bots for Wooly Bully. They see only their player's view (WB-D1): the board, their own colour
and hand, revealed colours, hand sizes and the bag's size.

* ``random`` lays any legal tile, now and then plays a wolf or hunter out of turn.
* ``easy`` (the shepherd) grows its own pastures greedily, hunts wolves off its sheep, sets
  wolves on pastures of colours it believes are rivals', reveals when the shepherd lands well,
  and leaves once the bag is empty.
* ``hard`` (the wolf) weighs every tile by what it does to its own best pasture and to every
  rival colour (a colour's weight is the chance a rival holds it), avoids leaving squares no tile
  could fill beside its pastures, bluffs by also growing the colour least likely to be a rival's
  (so its own is harder to read), times its reveal, and leaves early when its closed pasture plus
  the bonus should beat what rivals have and may still grow from the bag.

Bots only call the public :class:`~.board.Board` helpers on a board rebuilt from the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from parlour.engine import JSON, Game, Rng
from parlour.engine.bots import BotFactory
from parlour.games.wooly_bully.board import (
    Area,
    Board,
    Constraint,
    Node,
    Pos,
    matches,
    neighbour,
    rotated_edges,
)
from parlour.games.wooly_bully.moves import Move
from parlour.games.wooly_bully.state import BONUSES
from parlour.games.wooly_bully.tiles import COLOURS, FOREST, adjacent_regions, all_tiles, shepherd_id, tile


@dataclass
class Seen:
    """What a bot knows, read from its view."""

    me: int
    colour: int
    board: Board
    hand: list[int]
    weights: list[float]
    """Per colour: the chance a rival (still in or gone: a leaver's pasture still scores) holds it
    (0 for our own colour)."""
    bag: int
    left: int
    revealed: bool
    players: int
    every_pasture: bool
    gone_best: float = 0.0
    """The best score a player who has left can end with: their bonus plus the best closed pasture
    of any colour they might hold (their colour is secret, so the worst case for us)."""


def read_view(view: JSON, player: int) -> Seen:
    board = Board.build(((x, y), rot, tuple(stack)) for x, y, rot, stack in view["cells"])
    colour = COLOURS.index(view["colours"][player])
    # Every other seat is a rival, those who left too: their closed pastures still score for them.
    active = list(range(view["players"]))
    known = {COLOURS.index(c) for p, c in enumerate(view["colours"]) if c is not None and p != player}
    rivals_known = {
        COLOURS.index(view["colours"][p]) for p in active if p != player and view["colours"][p] is not None
    }
    hidden = [p for p in active if p != player and view["colours"][p] is None]
    pool = [c for c in range(len(COLOURS)) if c != colour and c not in known]
    weights = [0.0] * len(COLOURS)
    for c in pool:
        weights[c] = len(hidden) / len(pool) if pool else 0.0
    for c in rivals_known:
        weights[c] = 1.0
    board_for_gone = board
    gone_best = 0.0
    for p in view["left"]:
        colours_possible = (
            [COLOURS.index(view["colours"][p])]
            if view["colours"][p] is not None
            else [c for c in range(len(COLOURS)) if c != colour and c not in known]
        )
        best = max(
            (board_for_gone.score(c, bool(view["options"].get("all_pastures"))) for c in colours_possible),
            default=0,
        )
        gone_best = max(gone_best, float(view["bonus"][p] + best))
    return Seen(
        me=player,
        colour=colour,
        board=board,
        hand=list(view["hands"][player]),
        weights=weights,
        bag=int(view["bag_size"]),
        left=len(view["left"]),
        revealed=bool(view["revealed"][player]),
        players=int(view["players"]),
        every_pasture=bool(view["options"].get("all_pastures")),
        gone_best=gone_best,
    )


def worth(sheep: float, open_edges: int, wolfed: bool) -> float:
    """What a pasture is worth to its owner now: closed ones fully, open ones by their promise."""
    if wolfed:
        return 0.15 * sheep
    if open_edges <= 0:
        return sheep * 1.15
    return sheep * 0.6 / (1 + 0.18 * (open_edges - 1))


@dataclass
class Effect:
    """How one placement changes the worth of each colour's pastures."""

    gain: list[float] = field(default_factory=lambda: [0.0] * len(COLOURS))
    closes: list[int] = field(default_factory=lambda: [0] * len(COLOURS))


@cache
def _patterns() -> frozenset[tuple[int, int, int, int]]:
    """Every edge pattern a landscape tile can show in some rotation."""
    return frozenset(
        t.rotated(r) for t in all_tiles() if t.kind in ("landscape", "shepherd") for r in range(4)
    )


@cache
def can_fill(need: Constraint) -> bool:
    """Whether some tile of the set could ever fill a square that needs ``need``."""
    return any(matches(need, p) for p in _patterns())


def dead_squares(board: Board, tile_id: int, rot: int, pos: Pos, colour: int) -> int:
    """Empty squares next to ``pos`` that no tile could fill once the tile lies there and that
    face a pasture of ``colour`` (such a pasture could never close, WB-5)."""
    edges = rotated_edges(tile_id, rot)
    dead = 0
    for d in range(4):
        npos = neighbour(pos, d)
        if npos in board.cells:
            continue
        need = list(board.constraint(npos))
        need[(d + 2) % 4] = edges[d]
        if not can_fill((need[0], need[1], need[2], need[3])) and colour in need:
            dead += 1
    return dead


def area_worth(board: Board, area: Area) -> float:
    return worth(area.sheep, area.open, board.wolfed(area))


def lay_effect(board: Board, tile_id: int, rot: int, pos: Pos) -> Effect:
    """The change in pasture worth per colour if ``tile_id`` were laid on the empty ``pos``."""
    t = tile(tile_id)
    eff = Effect()
    for i, region in enumerate(t.regions):
        if region.terrain >= FOREST:
            continue
        roots: set[Node] = set()
        matched = fresh = 0
        for side in region.edges:
            d = (side + rot) % 4
            npos = neighbour(pos, d)
            cell = board.cells.get(npos)
            if cell is None:
                fresh += 1
                continue
            matched += 1
            roots.add(board.find((npos[0], npos[1], tile(cell[1][0]).region_at((d + 2) % 4, cell[0]))))
        areas = [board.areas[r] for r in roots]
        sheep = region.sheep + sum(a.sheep for a in areas)
        opened = fresh + sum(a.open for a in areas) - matched
        wolfed = any(board.wolfed(a) for a in areas) or _tile_forest_wolfed(board, t, i, rot, pos)
        before = sum(area_worth(board, a) for a in areas)
        eff.gain[region.terrain] += worth(sheep, opened, wolfed) - before
        if opened == 0 and not wolfed:
            eff.closes[region.terrain] = max(eff.closes[region.terrain], sheep)
    return eff


def _tile_forest_wolfed(board: Board, t: Any, region: int, rot: int, pos: Pos) -> bool:
    for a, b in adjacent_regions(t):
        if region not in (a, b):
            continue
        other = b if region == a else a
        if t.regions[other].terrain != FOREST:
            continue
        sides = tuple((s + rot) % 4 for s in t.regions[other].edges)
        for d in sides:
            npos = neighbour(pos, d)
            cell = board.cells.get(npos)
            if cell is None:
                continue
            node = (npos[0], npos[1], tile(cell[1][0]).region_at((d + 2) % 4, cell[0]))
            if board.areas[board.find(node)].wolves:
                return True
    return False


def pastures_by_forest(board: Board) -> dict[Node, list[Area]]:
    """Pastures bordering each forest area (by the forest's root)."""
    out: dict[Node, list[Area]] = {}
    for area in board.areas.values():
        if area.terrain >= FOREST:
            continue
        for root in {board.find(n) for n in area.borders}:
            out.setdefault(root, []).append(area)
    return out


def forest_roots_at(board: Board, pos: Pos) -> set[Node]:
    """The forest areas a forest tile on ``pos`` would join, or the one it lies in."""
    if pos in board.cells:
        return {board.find((pos[0], pos[1], 0))}
    return board.joined_roots(pos, FOREST)


def colour_stake(seen: Seen, areas: list[Area]) -> tuple[float, float]:
    """(our worth, rivals' weighted worth) in ``areas``."""
    mine = theirs = 0.0
    for a in areas:
        w = worth(a.sheep, a.open, False)
        if a.terrain == seen.colour:
            mine += w
        else:
            theirs += seen.weights[a.terrain] * w
    return mine, theirs


class RandomBot:
    """Any legal move; out of turn it plays a wolf or hunter now and then."""

    def choose(
        self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Move], rng: Rng
    ) -> Move | None:
        if view.get("to_act", [player])[0] != player:
            return self.interject(game, view, player, legal, rng)
        return rng.choice(legal)

    def interject(
        self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Move], rng: Rng
    ) -> Move | None:
        plays = [m for m in legal if m.kind == "place"]
        if plays and rng.random() < 0.05:
            return rng.choice(plays)
        return None


class ShepherdBot:
    """The ``easy`` level: greedy for its own pastures, with simple wolf and hunter rules."""

    rival_weight = 0.35
    wolf_threshold = 2.5
    dead_penalty = 0.0

    def choose(
        self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Move], rng: Rng
    ) -> Move | None:
        """The move for our turn; asked out of turn (a host asks every seat that may act), the
        answer of :meth:`interject`, ``None`` meaning "nothing now"."""
        if view.get("to_act", [player])[0] != player:
            return self.interject(game, view, player, legal, rng)
        seen = read_view(view, player)
        free = self.free_action(seen, legal)
        if free is not None:
            return free
        lays = [m for m in legal if m.kind == "place" and tile(m.tile).kind == "landscape"]
        if lays:
            return self.best_lay(seen, lays, rng)
        discards = [m for m in legal if m.kind == "discard"]
        if discards:
            return min(discards, key=lambda m: (self.keep_value(seen, m.tile), m.tile))
        if not any(m.kind == "pass" for m in legal):
            # The bag is empty and something still fits: lay the best of it, or leave (WB-14).
            plays = [
                (self.free_value(seen, m), i) for i, m in enumerate(legal) if m.kind in ("place", "reveal")
            ]
            best = max(((v, i) for v, i in plays if v is not None), default=None)
            if best is not None and not self.leave_ok(seen):
                return legal[best[1]]
        for kind in ("pass", "leave"):
            for m in legal:
                if m.kind == kind:
                    return m
        return legal[0]

    def interject(
        self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Move], rng: Rng
    ) -> Move | None:
        seen = read_view(view, player)
        if len(legal) == 1:  # only leaving is open
            return legal[0] if self.leave_ok(seen) else None
        return self.free_action(seen, legal)

    # --- the parts a stronger level tunes ---------------------------------------------------
    def score_lay(self, seen: Seen, move: Move) -> float:
        eff = lay_effect(seen.board, move.tile, move.rot, move.pos)
        value = eff.gain[seen.colour] + 0.5 * eff.closes[seen.colour]
        value -= self.dead_penalty * dead_squares(seen.board, move.tile, move.rot, move.pos, seen.colour)
        for c in range(len(COLOURS)):
            if c != seen.colour:
                value -= self.rival_weight * seen.weights[c] * (eff.gain[c] + 0.5 * eff.closes[c])
        return value

    def best_lay(self, seen: Seen, lays: Sequence[Move], rng: Rng) -> Move:
        scored = [(self.score_lay(seen, m) + 1e-3 * rng.random(), i) for i, m in enumerate(lays)]
        return lays[max(scored)[1]]

    def keep_value(self, seen: Seen, tile_id: int) -> float:
        t = tile(tile_id)
        if t.kind != "landscape":
            return 10.0
        return sum(r.sheep + 1 for r in t.regions if r.terrain == seen.colour)

    def leave_ok(self, seen: Seen) -> bool:
        """Leave once the bag is empty and a pasture of ours already scores (never as the last one
        in: leaving then gains nothing)."""
        if seen.players - seen.left <= 1:
            return False
        return seen.bag == 0 and seen.board.score(seen.colour, seen.every_pasture) > 0

    def free_action(self, seen: Seen, legal: Sequence[Move]) -> Move | None:
        """The best wolf, hunter or reveal if it is worth it, else leaving if it is time, else ``None``."""
        best: tuple[float, int] | None = None
        for i, m in enumerate(legal):
            value = self.free_value(seen, m)
            if value is not None and (best is None or value > best[0]):
                best = (value, i)
        if best is not None and best[0] >= self.wolf_threshold:
            return legal[best[1]]
        if any(m.kind == "leave" for m in legal) and self.leave_ok(seen):
            return next(m for m in legal if m.kind == "leave")
        return None

    def free_value(self, seen: Seen, move: Move) -> float | None:
        """Worth of a wolf, hunter or reveal; ``None`` for other moves."""
        board = seen.board
        if move.kind == "reveal":
            eff = lay_effect(board, shepherd_id(seen.colour), 0, move.pos)
            return eff.gain[seen.colour] + 0.5 * eff.closes[seen.colour] + self.reveal_bonus(seen)
        if move.kind != "place":
            return None
        kind = tile(move.tile).kind
        if kind not in ("wolf", "hunter"):
            return None
        roots = forest_roots_at(board, move.pos)
        by_forest = pastures_by_forest(board)
        areas = [a for r in roots for a in by_forest.get(r, [])]
        forests = [board.areas[r] for r in roots]
        mine, theirs = colour_stake(seen, areas)
        wolf_now = any(f.wolves for f in forests)
        if kind == "wolf":
            if wolf_now:
                return None
            return theirs - 1.5 * mine
        on_wolf = move.pos in board.cells
        if on_wolf:
            if sum(f.wolves for f in forests) > 1:
                return None
            return 1.5 * mine - theirs
        return 0.3 * mine - 0.2 * theirs

    def reveal_bonus(self, seen: Seen) -> float:
        return 0.0


class WolfBot(ShepherdBot):
    """The ``hard`` level: weighs rivals fully, bluffs, and times its reveal and its leaving."""

    rival_weight = 0.8
    wolf_threshold = 1.5
    dead_penalty = 2.0

    def score_lay(self, seen: Seen, move: Move) -> float:
        value = super().score_lay(seen, move)
        eff = lay_effect(seen.board, move.tile, move.rot, move.pos)
        # Bluff: growing the colour least likely to be a rival's a little hides which is ours.
        if not seen.revealed and eff.gain[self.decoy] > 0:
            value += 0.25 * eff.gain[self.decoy]
        return value

    decoy = 0

    def best_lay(self, seen: Seen, lays: Sequence[Move], rng: Rng) -> Move:
        # The decoy is drawn among the least likely rival colours, so no colour is favoured.
        others = [c for c in range(len(COLOURS)) if c != seen.colour]
        low = min(seen.weights[c] for c in others)
        self.decoy = rng.choice([c for c in others if seen.weights[c] == low])
        return super().best_lay(seen, lays, rng)

    def reveal_bonus(self, seen: Seen) -> float:
        # The extra turn is worth a tile; showing the colour invites wolves, less so late.
        return 1.0 - (1.5 if seen.bag > 20 else 0.0)

    def leave_ok(self, seen: Seen) -> bool:
        if seen.players - seen.left <= 1:
            return False  # the last one in gains nothing by leaving and may still grow (WB-13)
        if seen.left >= len(BONUSES):
            return seen.bag == 0
        bonus = BONUSES[seen.left]
        mine = seen.board.score(seen.colour, seen.every_pasture)
        board = seen.board
        near = max(
            (a.sheep for a in board.pastures(seen.colour) if 0 < a.open <= 2 and not board.wolfed(a)),
            default=0,
        )
        if near >= mine + 3 and seen.bag > 0:
            return False  # a big pasture of ours is a tile or two from closing: stay for it
        rival_best = 0.0
        for c in range(len(COLOURS)):
            if seen.weights[c] == 0:
                continue
            closed = board.score(c, seen.every_pasture)
            promise = max((area_worth(board, a) for a in board.pastures(c) if not a.closed), default=0.0)
            rival_best = max(rival_best, closed + 0.5 * promise)
        if mine + bonus <= seen.gone_best and seen.bag > 0:
            return False  # someone who left already has more: only staying can beat them
        # Rivals still grow while the bag lasts: about a twelfth of a sheep per tile left in it.
        return mine + bonus >= max(rival_best + 0.08 * seen.bag + 2, seen.gone_best + 1)


BOTS: dict[str, BotFactory] = {"random": RandomBot, "easy": ShepherdBot, "hard": WolfBot}
"""Bot levels by name (zero-argument factories)."""
