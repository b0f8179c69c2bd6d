"""Self-play with out-of-turn actions (WB-7, WB-12, WB-13, WB-D2).

The engine's runner lets only the first seat in ``to_act`` move. Here, before each move of the
seat whose turn it is, every other seat still in the game (in seat order after it) is asked
whether it wants to act now: a bot with an ``interject`` method answers with a move or
``None``. The match record keeps the order, so replay is exact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine import JSON, Game, Match, Rng
from parlour.engine.bots import Bot, BotFactory, SelfPlayResult, seating
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
    """Same contract as :func:`parlour.engine.bots.self_play`, with out-of-turn actions."""
    result = SelfPlayResult()
    colour_games: dict[str, int] = {}
    colour_wins: dict[str, float] = {}
    score_by_bot: dict[str, float] = {}
    for g in range(games):
        names = seating(lineup, g, rotate)
        match = play_match(game, [factories[name]() for name in names], f"{seed}:{g}", options)
        outcome = result.add(names, match)
        assert outcome.scores is not None
        colours = [COLOURS[c] for c in game.encode_state(match.state)["colours"]]
        for seat, score in enumerate(outcome.scores):
            score_by_bot[names[seat]] = score_by_bot.get(names[seat], 0) + score
            key = str(colours[seat])
            colour_games[key] = colour_games.get(key, 0) + 1
        for seat in outcome.winners:
            share = 1 / len(outcome.winners)
            key = str(colours[seat])
            colour_wins[key] = colour_wins.get(key, 0) + share
    result.extra = {
        "mean_score_by_bot": {
            b: round(score_by_bot.get(b, 0) / result.games_by_bot[b], 2) for b in dict.fromkeys(lineup)
        },
        "win_rate_by_colour": {
            c: round(colour_wins.get(c, 0) / k, 4) for c, k in sorted(colour_games.items())
        },
    }
    return result
