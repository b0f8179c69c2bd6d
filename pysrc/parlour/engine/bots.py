"""Bots and a runner that plays whole matches between them (self-play).

A bot sees only what its player may see: the runner hands it the player's :meth:`Game.view`
and the legal moves the engine computed, never the full state. A bot of a game with perfect
information may rebuild a state from its view with :meth:`Game.decode_state`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from parlour.engine.game import JSON, Game
from parlour.engine.match import Match
from parlour.engine.rng import Rng


class Bot(Protocol):
    """Chooses a move for one seat."""

    def choose(self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Any], rng: Rng) -> Any:
        """One of ``legal``, chosen from ``view``."""
        ...


class RandomBot:
    """Plays a uniformly random legal move: the baseline every level must beat."""

    def choose(self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Any], rng: Rng) -> Any:
        return rng.choice(legal)


BotFactory = Callable[[], Bot]


@dataclass
class SelfPlayResult:
    """Totals over many matches, per bot name and per seat."""

    games: int = 0
    draws: int = 0
    wins_by_seat: dict[int, int] = field(default_factory=dict)
    wins_by_bot: dict[str, float] = field(default_factory=dict)
    games_by_bot: dict[str, int] = field(default_factory=dict)
    score_by_seat: dict[int, float] = field(default_factory=dict)
    plies: int = 0


def play_match(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    seed: int | str,
    options: Mapping[str, JSON] | None = None,
    max_plies: int = 10_000,
) -> Match[Any, Any]:
    """Play one match to its end; seat ``i`` is ``bots[i]``.

    When several seats may act (real-time or out-of-turn games) the first listed by
    :meth:`Game.to_act` moves; games that need finer ordering ship their own runner.
    """
    match = Match.new(game, len(bots), options, seed)
    rng = Rng.from_seed(f"bots:{seed}")
    for _ in range(max_plies):
        if game.outcome(match.state) is not None:
            return match
        actors = game.to_act(match.state)
        if not actors:
            raise RuntimeError(f"{game.id}: no seat can act but the game is not over")
        seat = actors[0]
        legal = game.legal_moves(match.state, seat)
        move = bots[seat].choose(game, game.view(match.state, seat), seat, legal, rng)
        match.play(seat, move)
    raise RuntimeError(f"{game.id}: match did not end within {max_plies} plies")


def self_play(
    game: Game[Any, Any],
    factories: Mapping[str, BotFactory],
    lineup: Sequence[str],
    games: int,
    seed: int | str,
    options: Mapping[str, JSON] | None = None,
    rotate: bool = True,
) -> SelfPlayResult:
    """Play ``games`` matches. With ``rotate`` the lineup shifts one seat each match, so every
    bot plays every seat (colour, first player) equally often."""
    result = SelfPlayResult()
    n = len(lineup)
    for g in range(games):
        shift = g % n if rotate else 0
        names = [lineup[(i - shift) % n] for i in range(n)]
        match = play_match(game, [factories[name]() for name in names], f"{seed}:{g}", options)
        outcome = match.outcome()
        assert outcome is not None
        result.games += 1
        result.plies += len(match.plies)
        for name in set(names):
            result.games_by_bot[name] = result.games_by_bot.get(name, 0) + names.count(name)
        if not outcome.winners:
            result.draws += 1
        for seat in outcome.winners:
            result.wins_by_seat[seat] = result.wins_by_seat.get(seat, 0) + 1
            # A shared win counts as a fraction, so win rates add up to at most 1 per game.
            share = 1 / len(outcome.winners)
            result.wins_by_bot[names[seat]] = result.wins_by_bot.get(names[seat], 0) + share
        if outcome.scores is not None:
            for seat, score in enumerate(outcome.scores):
                result.score_by_seat[seat] = result.score_by_seat.get(seat, 0) + score
    return result
