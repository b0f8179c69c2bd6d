"""Self-play for ``python -m parlour selfplay ghosts-galore``: the engine's runner plus mean points per bot level.

Same signature and result as :func:`parlour.engine.bots.self_play` (the seats rotate the same way,
match seeds are the same), with ``extra`` holding each level's mean final score, which the CLI prints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine import JSON, Game
from parlour.engine.bots import BotFactory, SelfPlayResult, play_match, seating


def self_play(
    game: Game[Any, Any],
    factories: Mapping[str, BotFactory],
    lineup: Sequence[str],
    games: int,
    seed: int | str,
    options: Mapping[str, JSON] | None = None,
    rotate: bool = True,
) -> SelfPlayResult:
    """Play ``games`` matches, shifting the lineup one seat each match when ``rotate``."""
    result = SelfPlayResult()
    points: dict[str, float] = {}
    for g in range(games):
        names = seating(lineup, g, rotate)
        outcome = result.add(
            names, play_match(game, [factories[name]() for name in names], f"{seed}:{g}", options)
        )
        assert outcome.scores is not None
        for seat, score in enumerate(outcome.scores):
            points[names[seat]] = points.get(names[seat], 0) + score
    result.extra = {
        "mean_score_by_bot": {
            b: round(points[b] / result.games_by_bot[b], 2) for b in dict.fromkeys(lineup) if b in points
        }
    }
    return result
