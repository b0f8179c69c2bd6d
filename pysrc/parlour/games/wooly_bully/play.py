"""Self-play with out-of-turn actions (WB-7, WB-12, WB-13, WB-D2).

The engine's runner lets only the first seat in ``to_act`` move. Here, before each move of the
seat whose turn it is, every other seat still in the game (in seat order after it) is asked
whether it wants to act now: a bot with an ``interject`` method answers with a move or
``None``. The match record keeps the order, so replay is exact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine import JSON, Game, Match, Outcome, Rng
from parlour.engine.bots import Bot, BotFactory, SelfPlayResult
from parlour.engine.bots import self_play as engine_self_play
from parlour.games.wooly_bully.tiles import COLOURS


def play_match(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    seed: int | str,
    options: Mapping[str, JSON] | None = None,
    max_plies: int = 5_000,
) -> Match[Any, Any]:
    match = Match.new(game, len(bots), options, seed)
    rng = Rng.from_seed(f"bots:{seed}")
    for _ in range(max_plies):
        if game.outcome(match.state) is not None:
            return match
        actors = game.to_act(match.state)
        move = None
        seat = actors[0]
        for other in actors[1:]:
            hook = getattr(bots[other], "interject", None)
            if hook is None:
                continue
            move = hook(game, game.view(match.state, other), other, game.legal_moves(match.state, other), rng)
            if move is not None:
                seat = other
                break
        if move is None:
            legal = game.legal_moves(match.state, seat)
            move = bots[seat].choose(game, game.view(match.state, seat), seat, legal, rng)
        match.play(seat, move)
    raise RuntimeError(f"{game.id}: match did not end within {max_plies} plies")


def self_play(
    game: Game[Any, Any],
    factories: Mapping[str, BotFactory],
    lineup: Sequence[str],
    games: int,
    seed: int | str,
    options: Mapping[str, JSON] | None = None,
    rotate: bool = True,
) -> SelfPlayResult:
    """The engine's runner with out-of-turn actions, plus win rates per secret colour."""
    colour_games: dict[str, int] = {}
    colour_wins: dict[str, float] = {}

    def observe(names: Sequence[str], match: Match[Any, Any], outcome: Outcome) -> None:
        colours = [str(COLOURS[c]) for c in game.encode_state(match.state)["colours"]]
        for key in colours:
            colour_games[key] = colour_games.get(key, 0) + 1
        for seat in outcome.winners:
            colour_wins[colours[seat]] = colour_wins.get(colours[seat], 0) + 1 / len(outcome.winners)

    result = engine_self_play(game, factories, lineup, games, seed, options, rotate, play_match, observe)
    result.extra["win_rate_by_colour"] = {
        c: round(colour_wins.get(c, 0) / k, 4) for c, k in sorted(colour_games.items())
    }
    return result
