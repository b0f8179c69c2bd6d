"""``python -m parlour boop ...``: look at positions and count moves from the command line.

* ``show [POSITION] [--moves M1 M2 ...]`` draws the bed (start position when none is given);
* ``perft DEPTH [POSITION]`` counts the move sequences of DEPTH plies (a check on move generation);
* ``bestmove LEVEL [POSITION]`` asks a bot for its move.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from parlour.engine import Rng
from parlour.games.boop import rules
from parlour.games.boop.ai import BOTS
from parlour.games.boop.game import GAME
from parlour.games.boop.notation import PIECE_LETTERS
from parlour.games.boop.state import BoopState, Position, initial_state


def draw(state: BoopState) -> str:
    """The bed as text, rank 6 on top, with pools and the side to act below."""
    rows = []
    for r in range(5, -1, -1):
        row = " ".join(PIECE_LETTERS.get(state.board[r * 6 + f], ".") for f in range(6))
        rows.append(f"{r + 1}  {row}")
    rows.append("   a b c d e f")
    info = GAME.info(state)
    for p in info["players"]:
        ghost = p["ghost"]["entry"] + f"+{p['ghost']['step']}" if p["ghost"] else "pool"
        rows.append(
            f"{p['colour']:7} pool {p['pool']['kittens']}k {p['pool']['cats']}c  reserve {p['reserve']}  ghost {ghost}"
        )
    rows.append(f"phase {state.phase}, to act: {'orange' if state.mover == 0 else 'purple'}")
    rows.append(GAME.position(state))
    return "\n".join(rows)


def perft(pos: Position, depth: int) -> int:
    """The number of move sequences of ``depth`` plies from ``pos``."""
    if depth == 0 or pos.phase == "over":
        return 1
    total = 0
    for move in rules.legal(pos):
        child = pos.copy()
        rules.play(child, move, None)
        total += perft(child, depth - 1)
    return total


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="parlour boop")
    sub = parser.add_subparsers(dest="command", required=True)
    show = sub.add_parser("show", help="draw a position")
    show.add_argument("position", nargs="?")
    show.add_argument("--moves", nargs="*", default=[])
    count = sub.add_parser("perft", help="count move sequences")
    count.add_argument("depth", type=int)
    count.add_argument("position", nargs="?")
    best = sub.add_parser("bestmove", help="ask a bot")
    best.add_argument("level", choices=sorted(BOTS))
    best.add_argument("position", nargs="?")
    args = parser.parse_args(list(argv))

    state = GAME.from_position(args.position) if args.position else initial_state(0)
    if args.command == "show":
        for move in args.moves:
            state, _ = GAME.apply(state, state.mover, move)
        print(draw(state))
    elif args.command == "perft":
        t = time.perf_counter()
        n = perft(Position(state), args.depth)
        print(f"perft({args.depth}) = {n}  ({time.perf_counter() - t:.2f} s)")
    else:
        legal = GAME.legal_moves(state, state.mover)
        t = time.perf_counter()
        move = BOTS[args.level]().choose(GAME, GAME.view(state, state.mover), state.mover, legal, Rng(0))
        print(f"{move}  ({time.perf_counter() - t:.2f} s)")
    return 0
