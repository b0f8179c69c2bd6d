"""``python -m parlour ghosts-galore stats``: each scoring category's average and share under AI play."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from parlour.games.ghosts_galore.bots import BOTS
from parlour.games.ghosts_galore.stats import BALANCE_FACTOR, category_stats


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="parlour ghosts-galore")
    sub = parser.add_subparsers(dest="command", required=True)
    stats = sub.add_parser("stats", help="average points and share of each scoring category in AI games")
    stats.add_argument("--players", type=int, default=4)
    stats.add_argument("--games", type=int, default=50)
    stats.add_argument("--seed", default="0")
    stats.add_argument("--bots", default="hard", help="comma-separated levels, cycled over the seats")
    args = parser.parse_args(argv)
    levels = args.bots.split(",")
    unknown = [b for b in levels if b not in BOTS]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r}; choose from {sorted(BOTS)}")
    if not 2 <= args.players <= 5:
        parser.error("Ghosts Galore is for 2-5 players")
    result = category_stats(args.players, args.games, args.seed, levels)
    report = {"players": args.players, "games": args.games, "bots": levels, "bound": BALANCE_FACTOR}
    report.update(result.to_json())
    print(json.dumps(report, indent=2))
    return 0 if result.balanced() else 1
