"""Scoring statistics from AI games: is the tile set balanced?

The design note's bound: each monster kind's mean share of the total lies within a factor of 3
of every other kind's. The shipped set keeps the nine monster kinds and the diamonds inside it on
small samples, and all 13 categories on samples of 16 games or more, where the all-or-nothing bone
and tooth routes are the smallest and noisiest shares (the report gives both spreads).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlour.engine.bots import play_match
from parlour.games.ghosts_galore.board import resolve
from parlour.games.ghosts_galore.bots import BOTS
from parlour.games.ghosts_galore.rules import GAME
from parlour.games.ghosts_galore.scoring import CATEGORIES, score_all

BALANCE_FACTOR = 3.0
BALANCED = (*CATEGORIES[:9], "diamonds")
"""The categories the balance bound is held to: the nine monster kinds and the diamonds."""


@dataclass(frozen=True)
class CategoryStats:
    """Mean points per board and per game, and each category's share of the mean total."""

    boards: int
    mean: dict[str, float]
    total: float

    @property
    def share(self) -> dict[str, float]:
        return {c: (m / self.total if self.total else 0.0) for c, m in self.mean.items()}

    def spread(self, categories: Sequence[str] = BALANCED) -> float:
        """Largest share over smallest share among ``categories`` (infinite if one is not positive)."""
        shares = [self.share[c] for c in categories]
        low = min(shares)
        return max(shares) / low if low > 0 else float("inf")

    def balanced(self, categories: Sequence[str] = BALANCED) -> bool:
        return self.spread(categories) <= BALANCE_FACTOR

    def to_json(self) -> dict[str, object]:
        return {
            "boards": self.boards,
            "mean_total": round(self.total, 2),
            "categories": {
                c: {"mean": round(self.mean[c], 2), "share": round(self.share[c], 4)} for c in CATEGORIES
            },
            "spread": round(self.spread(), 2),
            "balanced": self.balanced(),
            "spread_all_13": round(self.spread(CATEGORIES), 2),
        }


def category_stats(
    players: int, games: int, seed: int | str, bots: Sequence[str] = ("hard",)
) -> CategoryStats:
    """Play ``games`` AI games (bot levels cycled over the seats) and average each category."""
    sums = dict.fromkeys(CATEGORIES, 0.0)
    boards = 0
    for g in range(games):
        lineup = [BOTS[bots[(i + g) % len(bots)]]() for i in range(players)]
        match = play_match(GAME, lineup, f"stats:{seed}:{g}")
        for sheet in score_all([resolve(g) for g in match.state.grids]):
            boards += 1
            for c, pts in sheet.by_category().items():
                sums[c] += pts
    mean = {c: s / max(boards, 1) for c, s in sums.items()}
    return CategoryStats(boards, mean, sum(mean.values()))
