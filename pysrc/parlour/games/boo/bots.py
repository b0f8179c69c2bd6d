"""Bots for Boo! (BO-D4) and a real-time self-play runner.

A bot sees the castle like a player and "finds" a route after a human-like delay that grows
with the route's difficulty (length, jumps, colour changes), scaled by its level; it raises a
hand when it sees no route (none exists for it, or none it can see at its level). A bot's move
carries its own time ``t``: the runner always plays the earliest planned action next, so a
faster bot claims first, exactly as at a real table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.engine import JSON, Game, Match, Outcome, Rng
from parlour.engine.bots import BotFactory, SelfPlayResult
from parlour.engine.bots import self_play as engine_self_play
from parlour.games.boo.castle import COLOURS, OPEN
from parlour.games.boo.route import Move, Route, Step
from parlour.games.boo.rules import BooMove, BooState
from parlour.games.boo.solver import Problem, shortest_route


@dataclass(frozen=True)
class Level:
    """How quickly and how well a bot sees routes."""

    name: str
    base_ms: int
    """Time to take in a new visitor before seeing any route."""
    per_difficulty_ms: int
    """Extra time per point of :meth:`Route.difficulty`."""
    sight: float
    """Hardest route it can see; harder ones look like "no route" to it."""
    give_up_ms: int
    """How long it searches before raising a hand when it sees no route."""
    slip: float
    """Chance of claiming a route through one of its own colours (a wrong claim, BO-16)."""


LEVELS = {
    "easy": Level("easy", 2600, 1600, 6.0, 15000, 0.15),
    "medium": Level("medium", 2000, 1200, 9.0, 11000, 0.05),
    "hard": Level("hard", 1500, 900, 99.0, 7000, 0.0),
}


def jitter(rng: Rng) -> float:
    """A reaction-time factor: mostly 0.6–1.6, and one time in five a lapse of attention up to 3×."""
    factor = 0.6 + rng.random()
    return factor * (1.0 + 2.0 * rng.random()) if rng.random() < 0.2 else factor


def reaction_ms(level: Level, difficulty: float, rng: Rng) -> int:
    """How long after the search starts a bot of ``level`` sees a route of ``difficulty`` (BO-D4)."""
    return int((level.base_ms + level.per_difficulty_ms * difficulty) * jitter(rng))


class RouteBot:
    """Searches like a player of its level."""

    def __init__(self, level: Level) -> None:
        self.level = level

    def choose(
        self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Any], rng: Rng
    ) -> BooMove | None:
        """The bot's next action with its time, or ``None`` while it just waits (hand raised)."""
        state: BooState = game.decode_state(view)
        claims = [m for m in legal if m.kind == "claim" and m.route is not None]
        best = min(claims, key=lambda m: m.route.difficulty(), default=None)
        if state.claimant == player:
            return best or BooMove("claim", state.now, None, visitor=state.visitor)
        if state.hands[player]:
            return None
        start = max(state.search_started, state.locked_until[player])
        if best is not None and best.route is not None and best.route.difficulty() <= self.level.sight:
            if self.level.slip and rng.random() < self.level.slip:
                slip = self._slip(state, player)
                if slip is not None:
                    return slip
            delay = (self.level.base_ms + self.level.per_difficulty_ms * best.route.difficulty()) * jitter(
                rng
            )
            return BooMove("claim", max(state.now, start + int(delay)), best.route, visitor=state.visitor)
        delay = self.level.give_up_ms * jitter(rng)
        return BooMove("hand", max(state.now, start + int(delay)), visitor=state.visitor)

    def _slip(self, state: BooState, player: int) -> BooMove | None:
        """A route that would be fine if the bot did not hold its wall markers: a typical mistake."""
        if not state.walls_of(player):
            return None
        p = state.problem(player)
        route = shortest_route(Problem(p.castle, p.ghost, p.visitor, p.specials))
        if route is None or not set(route.colours) & set(state.walls_of(player)):
            return None
        delay = (self.level.base_ms + self.level.per_difficulty_ms * route.difficulty()) * 0.8
        return BooMove(
            "claim", max(state.now, state.search_started + int(delay)), route, visitor=state.visitor
        )


class RandomBot:
    """The baseline: after a random delay it raises a hand or claims a random walk of the ghost (one
    colour, through any wall of that colour), which is rarely a valid route."""

    def choose(
        self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Any], rng: Rng
    ) -> BooMove | None:
        state: BooState = game.decode_state(view)
        if state.claimant == player:
            return BooMove("claim", state.now, random_walk(state, rng), visitor=state.visitor)
        start = max(state.search_started, state.locked_until[player])
        t = max(state.now, start + 2000 + rng.below(18000))
        if not state.hands[player] and rng.random() < 0.5:
            return BooMove("hand", t, visitor=state.visitor)
        return BooMove("claim", t, random_walk(state, rng), visitor=state.visitor)


def random_walk(state: BooState, rng: Rng, limit: int = 40) -> Route:
    """A walk from the ghost in one random colour, stopping at the visitor or after ``limit`` steps."""
    castle, colour = state.castle, rng.below(len(COLOURS))
    here = castle.index(state.ghost)
    target = castle.index(state.visitor_room or state.ghost)
    seen = {here}
    steps: list[Step] = []
    while here != target and len(steps) < limit:
        ways = [nb for nb, side in castle.links[here] if side in (OPEN, colour) and nb not in seen]
        if not ways:
            break
        here = rng.choice(ways)
        seen.add(here)
        steps.append(Move(castle.cell(here)))
    return Route(colour, tuple(steps))


BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": lambda: RouteBot(LEVELS["easy"]),
    "medium": lambda: RouteBot(LEVELS["medium"]),
    "hard": lambda: RouteBot(LEVELS["hard"]),
}


def play_realtime(
    game: Game[Any, Any],
    bots: Sequence[Any],
    seed: int | str,
    options: Mapping[str, JSON] | None = None,
    max_plies: int = 5000,
) -> Match[Any, Any]:
    """One match: every seat that may act plans its next action with a time; the earliest is played."""
    match = Match.new(game, len(bots), options, seed)
    base = Rng.from_seed(f"bots:{seed}")
    for _ in range(max_plies):
        state = match.state
        if game.outcome(state) is not None:
            return match
        plans: list[tuple[int, int, int, BooMove]] = []
        for order, seat in enumerate(game.to_act(state)):
            # The same moment of the same search always gives a bot the same dice, so plans are stable.
            rng = base.fork(f"{state.round}:{state.search_started}:{state.claimant}:{seat}")
            move = bots[seat].choose(game, game.view(state, seat), seat, game.legal_moves(state, seat), rng)
            if move is not None:
                plans.append((move.t, order, seat, move))
        due = game.due(state)
        if due is not None:  # the match's own deadline move (a claimant out of time)
            plans.append((due[1].t, -1, due[0], due[1]))
        if not plans:
            raise RuntimeError("boo: no bot has anything to do")
        t, _, seat, move = min(plans, key=lambda p: (p[0], p[1]))
        match.play(seat, move, t=t)
    raise RuntimeError(f"boo: match did not end within {max_plies} actions")


def self_play(
    game: Game[Any, Any],
    factories: Mapping[str, BotFactory],
    lineup: Sequence[str],
    games: int,
    seed: int | str,
    options: Mapping[str, JSON] | None = None,
    rotate: bool = True,
) -> SelfPlayResult:
    """The engine's runner with real-time ordering of the bots' actions, plus visitors and walls."""
    n = len(lineup)
    seat_visitors = [0] * n
    seat_walls = [0] * n
    bot_visitors: Counter[str] = Counter()
    bot_walls: Counter[str] = Counter()
    reasons: Counter[str] = Counter()

    def observe(names: Sequence[str], match: Match[Any, Any], outcome: Outcome) -> None:
        state: BooState = match.state
        reasons[outcome.reason] += 1
        for s in range(n):
            seat_visitors[s] += len(state.captured[s])
            seat_walls[s] += len(state.walls_of(s))
            bot_visitors[names[s]] += len(state.captured[s])
            bot_walls[names[s]] += len(state.walls_of(s))

    result = engine_self_play(game, factories, lineup, games, seed, options, rotate, play_realtime, observe)
    played = max(1, result.games)
    result.extra.update(
        {
            "visitors_by_seat": {str(s): round(v / played, 2) for s, v in enumerate(seat_visitors)},
            "walls_by_seat": {str(s): round(v / played, 2) for s, v in enumerate(seat_walls)},
            "visitors_by_bot": {
                b: round(bot_visitors[b] / result.games_by_bot[b], 2) for b in dict.fromkeys(lineup)
            },
            "walls_by_bot": {
                b: round(bot_walls[b] / result.games_by_bot[b], 2) for b in dict.fromkeys(lineup)
            },
            "end_reasons": dict(reasons),
        }
    )
    return result
