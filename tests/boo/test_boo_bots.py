"""Bots (BO-D4) and the real-time self-play runner."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from dataclasses import replace

from parlour.__main__ import main as parlour_main
from parlour.engine import Match, Rng
from parlour.games.boo import BOTS, GAME, self_play
from parlour.games.boo.bots import LEVELS, RouteBot, reaction_ms
from parlour.games.boo.rules import BooState


def new(players: int = 2, seed: str = "b") -> BooState:
    return Match.new(GAME, players, {}, seed).state


def plan(bot, state: BooState, seat: int, seed: int = 1):
    return bot.choose(GAME, GAME.view(state, seat), seat, GAME.legal_moves(state, seat), Rng(seed))


def test_bo_d4_reaction_time_grows_with_difficulty_and_shrinks_with_level():
    """BO-D4."""
    for seed in range(20):
        easy = [reaction_ms(LEVELS["easy"], d, Rng(seed)) for d in (1, 3, 6)]
        hard = [reaction_ms(LEVELS["hard"], d, Rng(seed)) for d in (1, 3, 6)]
        assert easy == sorted(easy) and hard == sorted(hard)
        assert all(h < e for h, e in zip(hard, easy, strict=True))


def test_bo_d4_bot_claims_a_valid_route_after_its_reaction_time():
    """BO-D4."""
    state = new()
    move = plan(RouteBot(LEVELS["hard"]), state, 0)
    assert move.kind == "claim" and move.t > state.search_started
    GAME.check_claim(state, 0, move.route)


def test_bo_d4_bot_raises_a_hand_when_it_sees_no_route():
    """BO-D4."""
    state = replace(new(), markers=(0,) * 6)  # every colour forbidden to seat 0
    move = plan(RouteBot(LEVELS["hard"]), state, 0)
    assert move.kind == "hand" and move.t >= LEVELS["hard"].give_up_ms * 0.6
    raised, _ = GAME.apply(state, 0, move)
    assert plan(RouteBot(LEVELS["hard"]), raised, 0) is None


def test_every_bot_level_finishes_games():
    for level in BOTS:
        result = self_play(GAME, BOTS, [level, level, level], 1, f"lvl-{level}", {}, True)
        assert result.games == 1 and result.plies > 0


def test_easy_bot_beats_the_random_baseline():
    """BO-D4."""
    result = self_play(GAME, BOTS, ["random", "easy"], 4, "base", {}, True)
    assert result.wins_by_bot.get("easy", 0) >= 3


def test_harder_bot_wins_clearly_more_often():
    result = self_play(GAME, BOTS, ["easy", "hard"], 6, "duel", {}, True)
    assert result.wins_by_bot.get("hard", 0) >= 2 * result.wins_by_bot.get("easy", 0) + 2
    extra = result.extra
    assert extra["visitors_by_bot"]["hard"] > extra["visitors_by_bot"]["easy"]
    assert set(extra["walls_by_seat"]) == {"0", "1"} and sum(extra["end_reasons"].values()) == 6


def test_selfplay_command_prints_visitors_walls_and_wins_per_seat():
    out = io.StringIO()
    with redirect_stdout(out):
        code = parlour_main(
            ["selfplay", "boo", "--players", "3", "--bots", "easy,medium,hard", "--games", "2"]
        )
    report = json.loads(out.getvalue())
    assert code == 0 and report["games"] == 2
    assert (
        set(report["visitors_by_seat"])
        == set(report["walls_by_seat"])
        == set(report["wins_by_seat"])
        == {"0", "1", "2"}
    )


def test_selfplay_is_deterministic():
    a = self_play(GAME, BOTS, ["medium", "hard"], 2, 9, {}, True)
    b = self_play(GAME, BOTS, ["medium", "hard"], 2, 9, {}, True)
    assert a == b
