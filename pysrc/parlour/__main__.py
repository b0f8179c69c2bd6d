"""Command line: ``python -m parlour selfplay GAME ...``, ``python -m parlour GAME svg ...`` (a
standalone SVG figure, :mod:`parlour.web.diagram`) and ``python -m parlour GAME ...``."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence

from parlour import games
from parlour.engine.bots import self_play as engine_self_play


def selfplay(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="parlour selfplay", description="Play bots against each other.")
    parser.add_argument("game", choices=[g.id for g in games.GAMES])
    parser.add_argument("--a", help="bot of the first seat (two-player shorthand)")
    parser.add_argument("--b", help="bot of the second seat (two-player shorthand)")
    parser.add_argument("--bots", help="comma-separated bot levels, one per seat")
    parser.add_argument("--players", type=int, help="number of seats (defaults to the number of bots)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="0")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="a game option, e.g. --option hand_limit=true",
    )
    parser.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    args = parser.parse_args(argv)

    mod = games.module(args.game)
    lineup = args.bots.split(",") if args.bots else [args.a or "random", args.b or "random"]
    if args.players and len(lineup) == 1:
        lineup = lineup * args.players
    if args.players and len(lineup) != args.players:
        parser.error(f"{len(lineup)} bots given for {args.players} players")
    unknown = [b for b in lineup if b not in mod.BOTS]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r}; {args.game} has {sorted(mod.BOTS)}")
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = json.loads(value)

    runner = getattr(mod, "self_play", engine_self_play)
    result = runner(mod.GAME, mod.BOTS, lineup, args.games, args.seed, options, not args.no_rotate)
    report = {
        "game": args.game,
        "games": result.games,
        "lineup": lineup,
        "draws": result.draws,
        "win_rate_by_bot": {
            b: round(result.wins_by_bot.get(b, 0) / result.games_by_bot[b], 4) for b in dict.fromkeys(lineup)
        },
        "wins_by_seat": {str(s): result.wins_by_seat.get(s, 0) for s in range(len(lineup))},
        "mean_score_by_seat": {
            str(s): round(v / result.games, 2) for s, v in sorted(result.score_by_seat.items())
        },
        "mean_plies": round(result.plies / max(result.games, 1), 1),
    }
    report.update(getattr(result, "extra", {}) or {})
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(
            "usage: python -m parlour selfplay GAME [options] | python -m parlour GAME svg POSITION [options]"
            " | python -m parlour GAME COMMAND [options]"
        )
        return 0 if args else 2
    if args[0] == "selfplay":
        return selfplay(args[1:])
    if args[0] in games.BY_ID and args[1:2] == ["svg"]:
        from parlour.web import diagram

        return diagram.main(args[0], args[2:])
    if args[0] in games.BY_ID:
        cli = importlib.import_module(games.BY_ID[args[0]].package + ".cli")
        return int(cli.main(args[1:]) or 0)
    print(f"unknown command {args[0]!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
