"""``python -m parlour wooly-bully stats``: the tile set's statistics from AI games."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from parlour.games.wooly_bully.bots import BOTS
from parlour.games.wooly_bully.stats import balance, collect


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="parlour wooly-bully", description="Wooly Bully tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    stats = sub.add_parser("stats", help="statistics of the tile set from AI games")
    stats.add_argument("--games", type=int, default=300)
    stats.add_argument("--players", default="2,3,4", help="player counts, taken in turn")
    stats.add_argument("--bots", default="hard", choices=sorted(BOTS))
    stats.add_argument("--seed", default="0")
    stats.add_argument("--option", action="append", default=[], metavar="NAME=JSON")
    bal = sub.add_parser("balance", help="the tile set's balance targets (leaving, sheep, colours, levels)")
    bal.add_argument("--games", type=int, default=1000)
    bal.add_argument("--duel", type=int, default=200)
    bal.add_argument("--seed", default="0")
    args = parser.parse_args(argv)
    if args.command == "balance":
        print(json.dumps(balance(args.games, args.duel, args.seed), indent=2, ensure_ascii=False))
        return 0
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = json.loads(value)
    players = [int(p) for p in args.players.split(",")]
    result = collect(args.games, players, args.bots, args.seed, options)
    print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    return 0
