"""``python -m parlour boo stats``: the castle statistics and whether they meet the design note's targets."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from parlour.games.boo.castle import components
from parlour.games.boo.stats import castle_stats, meets_targets


def samples(text: str) -> int:
    """``--samples``: a whole number of at least 1 (none would leave nothing to count)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value}: sample at least 1 tile arrangement")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="parlour boo", description="Boo! tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    stats = sub.add_parser("stats", help="castle statistics over sampled tile arrangements")
    stats.add_argument("--samples", type=samples, default=20, help="tile arrangements to sample (1 or more)")
    stats.add_argument("--seed", default="0")
    args = parser.parse_args(argv)
    if args.command == "stats":
        figures = castle_stats(components(), samples=args.samples, seed=args.seed)
        ok, why = meets_targets(figures)
        figures["targets_met"] = ok
        if not ok:
            figures["target_missed"] = why
        print(json.dumps(figures, indent=2, ensure_ascii=False))
        return 0 if ok else 1
    return 2
