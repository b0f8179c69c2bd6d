"""Bots and a runner that plays whole matches between them (self-play).

A bot sees only what its player may see: the runner hands it the player's :meth:`Game.view`
and the legal moves the engine computed, never the full state. A bot of a game with perfect
information may rebuild a state from its view with :meth:`Game.decode_state`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from parlour.engine.game import JSON, Game, Outcome
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
    score_by_bot: dict[str, float] = field(default_factory=dict)
    extra: dict[str, JSON] = field(default_factory=dict)
    """Figures beyond the totals, printed beside them: ``mean_score_by_bot`` where the game has
    points, and a game's own (visitors, colours)."""

    def add(self, names: Sequence[str], match: Match[Any, Any]) -> Outcome:
        """Count one finished match whose seat ``i`` was played by bot ``names[i]``."""
        outcome = match.outcome()
        if outcome is None:
            raise ValueError("the match is not over")
        self.games += 1
        self.plies += len(match.plies)
        for name in set(names):
            self.games_by_bot[name] = self.games_by_bot.get(name, 0) + list(names).count(name)
        if not outcome.winners:
            self.draws += 1
        for seat in outcome.winners:
            self.wins_by_seat[seat] = self.wins_by_seat.get(seat, 0) + 1
            # A shared win counts as a fraction, so win rates add up to at most 1 per game.
            self.wins_by_bot[names[seat]] = self.wins_by_bot.get(names[seat], 0) + 1 / len(outcome.winners)
        for seat, score in enumerate(outcome.scores or ()):
            self.score_by_seat[seat] = self.score_by_seat.get(seat, 0) + score
            self.score_by_bot[names[seat]] = self.score_by_bot.get(names[seat], 0) + score
        if self.score_by_bot:
            self.extra["mean_score_by_bot"] = {
                b: round(v / self.games_by_bot[b], 2) for b, v in self.score_by_bot.items()
            }
        return outcome


def seating(lineup: Sequence[str], game_number: int, rotate: bool = True) -> list[str]:
    """Who sits where in game ``game_number``: with ``rotate`` the lineup shifts one seat a game,
    so every bot plays every seat (colour, first player) equally often."""
    shift = game_number % len(lineup) if rotate else 0
    return [lineup[(i - shift) % len(lineup)] for i in range(len(lineup))]


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


MatchPlayer = Callable[[Game[Any, Any], Sequence[Bot], str, Mapping[str, JSON] | None], Match[Any, Any]]
"""Plays one match between bots: :func:`play_match`, or a game's own runner (real time, out of turn)."""
Observer = Callable[[Sequence[str], Match[Any, Any], Outcome], None]


def self_play(
    game: Game[Any, Any],
    factories: Mapping[str, BotFactory],
    lineup: Sequence[str],
    games: int,
    seed: int | str,
    options: Mapping[str, JSON] | None = None,
    rotate: bool = True,
    play: MatchPlayer = play_match,
    observe: Observer | None = None,
) -> SelfPlayResult:
    """Play ``games`` matches. With ``rotate`` the lineup shifts one seat each match, so every
    bot plays every seat (colour, first player) equally often. A game with its own way of running
    a match passes ``play``; ``observe`` sees each finished match, for the game's own figures."""
    result = SelfPlayResult()
    for g in range(games):
        names = seating(lineup, g, rotate)
        match = play(game, [factories[name]() for name in names], f"{seed}:{g}", options)
        outcome = result.add(names, match)
        if observe is not None:
            observe(names, match, outcome)
    return result
