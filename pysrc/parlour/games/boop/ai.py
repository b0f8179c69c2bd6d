"""Bots for boop.: random, easy (greedy with noise), medium and hard (alpha-beta search).

boop. has perfect information, so a bot rebuilds the state from its view. The search works on whole
turns: a node is a position where someone is about to place; its children are that player's
placements, each followed by the rest of the turn with the mover's later choices (graduation, the
ghost) made greedily. At the root the bot searches whatever decision is due, ghost entries included.
Work is limited by a node budget, not the clock, so a bot plays the same move on every machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import JSON, Game, Rng
from parlour.engine.bots import BotFactory, RandomBot
from parlour.games.boop import rules
from parlour.games.boop.board import CELLS, LINES, SEGMENTS, SIZE, STEPS, kind_of, owner_of, push_ray
from parlour.games.boop.notation import format_move
from parlour.games.boop.state import NO_GHOST, Position

WIN = 1_000_000
CAT_EARNED = 40
CAT_ON_BED = 4


def _cell_value(c: int) -> int:
    f, r = c % SIZE, c // SIZE
    ring = min(f, r, SIZE - 1 - f, SIZE - 1 - r)
    return (0, 2, 4)[ring]


CELL_VALUE = tuple(_cell_value(c) for c in range(CELLS))


def _line_value(x: int, y: int, z: int) -> int:
    """Worth of one line of three cells for orange (purple's is the negative)."""
    total = 0
    for who, sign in ((0, 1), (1, -1)):
        mine = [c for c in (x, y, z) if c and owner_of(c) == who]
        theirs = [c for c in (x, y, z) if c and owner_of(c) != who]
        if theirs or not mine:
            continue
        cats = sum(kind_of(c) for c in mine)
        if len(mine) == 1:
            total += sign * (1 + cats)
        elif len(mine) == 2:
            total += sign * (6 + 8 * cats + (20 if cats == 2 else 0))
        else:
            total += sign * (18 + 6 * cats)
    return total


LINE_VALUE = tuple(_line_value(x, y, z) for x in range(5) for y in range(5) for z in range(5))
LINE_CODES = (
    tuple(a * 25 for a, _, _ in LINES),
    tuple(b * 5 for _, b, _ in LINES),
    tuple(c for *_, c in LINES),
)


def evaluate(pos: Position, player: int) -> int:
    """A static score of ``pos`` for ``player``: cats earned and on the bed, lines and threats,
    centre control and what the ghosts will push off the bed next."""
    board = pos.board
    score = 0
    for a, b, c in LINES:
        score += LINE_VALUE[board[a] * 25 + board[b] * 5 + board[c]]
    for cell in range(CELLS):
        code = board[cell]
        if code:
            v = CELL_VALUE[cell] * (1 + kind_of(code)) + (CAT_ON_BED if kind_of(code) else 0)
            score += v if code <= 2 else -v
    for p in (0, 1):
        sign = 1 if p == 0 else -1
        score += sign * CAT_EARNED * (8 - pos.reserve[p])
        g = pos.ghosts[p]
        if g != NO_GHOST and g % STEPS < STEPS - 1:
            a, b, da, db = SEGMENTS[g // STEPS][g % STEPS + 1]
            for cell, off in ((a, da), (b, db)):
                code = board[cell]
                if code and not push_ray(cell, off):
                    score += sign * (3 if owner_of(code) != p else -2)
    return score if player == 0 else -score


class OutOfBudget(Exception):
    """The node budget is spent."""


def _order(moves: list[rules.Move]) -> list[rules.Move]:
    """Cats first, then cells near the middle: good placements are found early, so pruning bites."""
    return sorted(moves, key=lambda m: (m[0] != rules.PLACE_CAT, -CELL_VALUE[m[1]] if m[0] in "kc" else 0))


@dataclass
class Searcher:
    budget: int
    max_depth: int
    nodes: int = 0
    depth_done: int = 0
    history: dict[rules.Move, int] = field(default_factory=dict)

    def finish_turn(self, pos: Position, player: int) -> None:
        """Make the mover's remaining choices of this turn greedily (no ghost at inner nodes)."""
        while pos.phase in ("grad-a", "grad-b", "ghost") and pos.mover == player:
            if pos.phase == "ghost":
                rules.play(pos, rules.NO_GHOST_MOVE, None)
                continue
            best, best_v = None, -WIN * 2
            for m in rules.legal(pos):
                self.nodes += 1
                child = pos.copy()
                rules.play(child, m, None)
                v = self.static(child, player)
                if v > best_v:
                    best, best_v = child, v
            assert best is not None
            pos_copy = best
            for slot in Position.__slots__:
                setattr(pos, slot, getattr(pos_copy, slot))

    def static(self, pos: Position, player: int) -> int:
        if pos.phase == "over":
            return WIN if pos.winner == player else -WIN
        return evaluate(pos, player)

    def child(self, pos: Position, move: rules.Move, player: int) -> Position:
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        c = pos.copy()
        rules.play(c, move, None)
        self.finish_turn(c, player)
        return c

    def negamax(self, pos: Position, depth: int, alpha: int, beta: int, player: int, ply: int) -> int:
        if pos.phase == "over":
            return WIN - ply if pos.winner == player else -WIN + ply
        if depth == 0:
            return evaluate(pos, player)
        best = -WIN * 2
        history = self.history
        moves = _order(rules.legal(pos))
        moves.sort(key=lambda m: -history.get(m, 0))
        for m in moves:
            c = self.child(pos, m, player)
            v = -self.negamax(c, depth - 1, -beta, -alpha, 1 - player, ply + 1)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        # History heuristic: a move that refuted one line is tried early elsewhere.
                        history[m] = history.get(m, 0) + depth * depth
                        break
        return best

    def root(self, pos: Position, rng: Rng | None, noise: int) -> rules.Move:
        """The best move by iterative deepening. Root moves within ``noise`` of the best are searched
        exactly and a jitter of at most ``noise`` picks among them (so games vary); moves that fail
        low stay below the best whatever the jitter."""
        player = pos.mover
        moves = _order(rules.legal(pos))
        if len(moves) == 1:
            return moves[0]
        best_move = moves[0]
        for depth in range(1, self.max_depth + 1):
            scored: list[tuple[int, int, rules.Move]] = []
            best_raw = -WIN * 2
            try:
                for i, m in enumerate(moves):
                    c = self.child(pos, m, player)
                    floor = best_raw - 2 * noise - 1
                    v = -self.negamax(c, depth - 1, -WIN * 2, -floor, 1 - player, 1)
                    best_raw = max(best_raw, v)
                    scored.append((v, -i, m))
            except OutOfBudget:
                # A partial iteration counts: its first move was the previous best, fully searched,
                # so any move scored above it is better.
                if scored:
                    best_move = self.pick(scored, rng, noise)
                break
            best_move = self.pick(scored, rng, noise)
            self.depth_done = depth
            scored.sort(reverse=True)
            moves = [m for _, _, m in scored]
            if scored[0][0] >= WIN - 100:
                break
        return best_move

    @staticmethod
    def pick(scored: list[tuple[int, int, rules.Move]], rng: Rng | None, noise: int) -> rules.Move:
        if not noise or rng is None:
            return max(scored)[2]
        return max((v + rng.below(2 * noise + 1) - noise, order, m) for v, order, m in scored)[2]


class SearchBot:
    """Alpha-beta over whole turns within a node budget; ``noise`` adds random jitter to root scores."""

    def __init__(self, budget: int, max_depth: int, noise: int = 0) -> None:
        self.budget, self.max_depth, self.noise = budget, max_depth, noise
        self.last_nodes = 0

    def choose(self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Any], rng: Rng) -> Any:
        state = game.decode_state(view)
        pos = Position(state)
        searcher = Searcher(self.budget, self.max_depth)
        move = format_move(searcher.root(pos, rng, self.noise))
        self.last_nodes = searcher.nodes
        return move if move in legal else rng.choice(legal)


EASY = dict(budget=10_000, max_depth=1, noise=25)
MEDIUM = dict(budget=1_200, max_depth=2, noise=8)
HARD = dict(budget=10_000, max_depth=6, noise=3)

BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": lambda: SearchBot(**EASY),
    "medium": lambda: SearchBot(**MEDIUM),
    "hard": lambda: SearchBot(**HARD),
}
