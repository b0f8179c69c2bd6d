"""Tile-set statistics from AI games (the design note's checks on our tile set).

Per colour: the share of games in which the colour's best closed pasture scores (WB-15), its
average sheep points and final score, and its win rate; overall: the game length. The set
meets its targets when every colour scores in most games and the colours' win rates lie within
``WIN_RATE_SPREAD`` of their mean.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import JSON, Rng
from parlour.games.wooly_bully import moves as mv
from parlour.games.wooly_bully.bots import BOTS
from parlour.games.wooly_bully.moves import Move
from parlour.games.wooly_bully.play import play_match, self_play
from parlour.games.wooly_bully.rules import GAME
from parlour.games.wooly_bully.tiles import COLOURS

WIN_RATE_SPREAD = 0.03
"""Colours within ±3 points of the mean win rate (design note, "Tile model")."""
MIN_SCORING_SHARE = 0.45
"""Each colour's best closed pasture scores in at least this share of its games (our target)."""


@dataclass
class ColourStats:
    games: int = 0
    scored: int = 0
    sheep: float = 0
    score: float = 0
    wins: float = 0


@dataclass
class Stats:
    games: int = 0
    plies: int = 0
    tiles_laid: int = 0
    winner_sheep: float = 0
    """Sheep points of the winners, summed over games (a shared win split between the winners)."""
    winner_bonus: float = 0
    all_zero: int = 0
    """Games in which every score was 0."""
    colours: dict[str, ColourStats] = field(default_factory=lambda: {c: ColourStats() for c in COLOURS})
    ends: dict[str, int] = field(default_factory=dict)

    def win_rates(self) -> dict[str, float]:
        return {c: s.wins / s.games for c, s in self.colours.items() if s.games}

    def spread(self) -> float:
        """Largest distance of a colour's win rate from the mean of them."""
        rates = list(self.win_rates().values())
        mean = sum(rates) / len(rates)
        return max(abs(r - mean) for r in rates)

    def noise(self) -> float:
        """About one standard error of a colour's win rate at this sample size."""
        n = min(s.games for s in self.colours.values() if s.games)
        p = sum(self.win_rates().values()) / len(self.win_rates())
        return math.sqrt(p * (1 - p) / n)

    def meets(self) -> dict[str, bool]:
        return {
            "every_colour_scores": all(
                s.scored / s.games >= MIN_SCORING_SHARE for s in self.colours.values() if s.games
            ),
            "win_rates_within_3_points": self.spread() <= WIN_RATE_SPREAD,
        }

    def to_json(self) -> dict[str, JSON]:
        g = max(self.games, 1)
        return {
            "games": self.games,
            "winner_mean_sheep_points": round(self.winner_sheep / g, 2),
            "winner_mean_bonus_points": round(self.winner_bonus / g, 2),
            "all_zero_share": round(self.all_zero / g, 4),
            "mean_plies": round(self.plies / g, 1),
            "mean_tiles_laid": round(self.tiles_laid / g, 1),
            "ends": dict(sorted(self.ends.items())),
            "colours": {
                c: {
                    "games": s.games,
                    "share_scoring": round(s.scored / s.games, 3),
                    "mean_sheep_points": round(s.sheep / s.games, 2),
                    "mean_score": round(s.score / s.games, 2),
                    "win_rate": round(s.wins / s.games, 4),
                }
                for c, s in self.colours.items()
                if s.games
            },
            "win_rate_spread": round(self.spread(), 4),
            "win_rate_standard_error": round(self.noise(), 4),
            "win_rate_spread_in_standard_errors": round(self.spread() / self.noise(), 2)
            if self.noise()
            else 0.0,
            "meets": self.meets(),
        }


def collect(
    games: int,
    players: Sequence[int] = (2, 3, 4),
    bots: str = "hard",
    seed: int | str = 0,
    options: Mapping[str, JSON] | None = None,
) -> Stats:
    """Play ``games`` AI games (player counts taken in turn) and gather the figures."""
    stats = Stats()
    for g in range(games):
        n = players[g % len(players)]
        match = play_match(GAME, [BOTS[bots]() for _ in range(n)], f"stats:{seed}:{g}", options)
        state = match.state
        outcome = match.outcome()
        assert outcome is not None and outcome.scores is not None
        stats.games += 1
        stats.plies += len(match.plies)
        stats.tiles_laid += len(state.board.cells) - 1
        stats.ends[state.ended] = stats.ends.get(state.ended, 0) + 1
        stats.all_zero += all(score == 0 for score in outcome.scores)
        for seat in outcome.winners:
            stats.winner_sheep += GAME.sheep_points(state, seat) / len(outcome.winners)
            stats.winner_bonus += state.bonus[seat] / len(outcome.winners)
        for seat in range(n):
            s = stats.colours[COLOURS[state.colours[seat]]]
            sheep = GAME.sheep_points(state, seat)
            s.games += 1
            s.scored += sheep > 0
            s.sheep += sheep
            s.score += outcome.scores[seat]
            if seat in outcome.winners:
                s.wins += 1 / len(outcome.winners)
    return stats


class LeaverBot:
    """Leaves at its first chance: the strategy a tile set where sheep matter must not reward."""

    def choose(self, game: Any, view: JSON, player: int, legal: Sequence[Move], rng: Rng) -> Move:
        return mv.LEAVE

    def interject(self, game: Any, view: JSON, player: int, legal: Sequence[Move], rng: Rng) -> Move:
        return mv.LEAVE


LEAVER_MARGIN = 0.05
"""A leave-at-first-chance bot wins at most its fair share plus 5 points against hard bots."""
SHEEP_OVER_BONUS = 2.0
"""The winner's sheep points are at least twice their bonus points, on average."""
ALL_ZERO_SHARE = 0.02
HARD_OVER_RANDOM = 0.85


def balance(games: int = 1000, duel: int = 200, seed: int | str = 0) -> dict[str, JSON]:
    """The issue #12 targets, measured: ``games`` hard-bot games (2, 3, 4 players in turn) for the
    winners' points, the all-zero share and the colours; ``games`` more of a leaver against hard bots
    (a third at each player count); ``duel`` two-player games of hard against random."""
    stats = collect(games, seed=seed)
    factories = {**BOTS, "leaver": LeaverBot}
    leavers: dict[str, JSON] = {}
    for n in (2, 3, 4):
        lineup = ["leaver", *["hard"] * (n - 1)]
        result = self_play(GAME, factories, lineup, max(games // 3, n), f"leaver:{seed}:{n}")
        rate = result.wins_by_bot.get("leaver", 0) / result.games
        leavers[str(n)] = {"games": result.games, "win_rate": round(rate, 4), "fair_share": round(1 / n, 4)}
    duel_result = self_play(GAME, BOTS, ["hard", "random"], duel, f"duel:{seed}")
    hard_rate = duel_result.wins_by_bot.get("hard", 0) / duel_result.games
    figures = stats.to_json()
    sheep, bonus = stats.winner_sheep / max(stats.games, 1), stats.winner_bonus / max(stats.games, 1)
    meets = {
        "leaver_within_fair_share_plus_5": all(
            float(v["win_rate"]) <= float(v["fair_share"]) + LEAVER_MARGIN for v in leavers.values()
        ),
        "winner_sheep_at_least_twice_bonus": sheep >= SHEEP_OVER_BONUS * bonus,
        "all_zero_under_2_percent": stats.all_zero / max(stats.games, 1) < ALL_ZERO_SHARE,
        "colour_win_rates_within_3_points": stats.spread() <= WIN_RATE_SPREAD,
        "hard_beats_random_85_percent": hard_rate >= HARD_OVER_RANDOM,
    }
    return {
        "hard_games": figures,
        "leaver_vs_hard": leavers,
        "hard_vs_random_2p": {"games": duel_result.games, "hard_win_rate": round(hard_rate, 4)},
        "meets": meets,
    }
