"""Self-play for ``python -m parlour selfplay ghosts-galore``: the engine's runner plus mean points per bot level.

Same signature and result as :func:`parlour.engine.bots.self_play` (the seats rotate the same way,
match seeds are the same), with ``extra`` holding each level's mean final score, which the CLI prints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import JSON, Game
from parlour.engine.bots import BotFactory, SelfPlayResult, play_match


@dataclass
class GhostsSelfPlayResult(SelfPlayResult):
    extra: dict[str, JSON] = field(default_factory=dict)


def self_play(
    game: Game[Any, Any],
    factories: Mapping[str, BotFactory],
    lineup: Sequence[str],
    games: int,
    seed: int | str,
    options: Mapping[str, JSON] | None = None,
    rotate: bool = True,
) -> GhostsSelfPlayResult:
    """Play ``games`` matches, shifting the lineup one seat each match when ``rotate``."""
    result = GhostsSelfPlayResult()
    points: dict[str, float] = {}
    n = len(lineup)
    for g in range(games):
        shift = g % n if rotate else 0
        names = [lineup[(i - shift) % n] for i in range(n)]
        match = play_match(game, [factories[name]() for name in names], f"{seed}:{g}", options)
        outcome = match.outcome()
        assert outcome is not None and outcome.scores is not None
        result.games += 1
        result.plies += len(match.plies)
        for name in set(names):
            result.games_by_bot[name] = result.games_by_bot.get(name, 0) + names.count(name)
        if not outcome.winners:
            result.draws += 1
        for seat in outcome.winners:
            result.wins_by_seat[seat] = result.wins_by_seat.get(seat, 0) + 1
            result.wins_by_bot[names[seat]] = result.wins_by_bot.get(names[seat], 0) + 1 / len(
                outcome.winners
            )
        for seat, score in enumerate(outcome.scores):
            result.score_by_seat[seat] = result.score_by_seat.get(seat, 0) + score
            points[names[seat]] = points.get(names[seat], 0) + score
    result.extra = {
        "mean_score_by_bot": {
            b: round(points[b] / result.games_by_bot[b], 2) for b in dict.fromkeys(lineup) if b in points
        }
    }
    return result
