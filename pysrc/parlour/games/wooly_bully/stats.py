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

from parlour.engine import JSON
from parlour.games.wooly_bully.bots import BOTS
from parlour.games.wooly_bully.play import play_match
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
