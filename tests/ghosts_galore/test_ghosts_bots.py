"""Bots play legal moves from their own view; the hard level beats the easy one; the tile set is balanced."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from parlour.engine import Rng
from parlour.engine.bots import play_match, self_play
from parlour.games.ghosts_galore import BOTS, GAME, Move
from parlour.games.ghosts_galore.cli import main as cli_main
from parlour.games.ghosts_galore.moves import FLIP, PASS, TAKE
from parlour.games.ghosts_galore.scoring import CATEGORIES
from parlour.games.ghosts_galore.stats import BALANCE_FACTOR, BALANCED, category_stats


class Checked:
    """Wraps a bot and checks each choice is one of the legal moves it was given."""

    def __init__(self, bot):
        self.bot = bot

    def choose(self, game, view, player, legal, rng):
        move = self.bot.choose(game, view, player, legal, rng)
        assert move in legal
        return move


@pytest.mark.parametrize(("level", "players"), [("random", 5), ("easy", 3), ("hard", 2), ("hard", 5)])
def test_bots_play_whole_games_with_legal_moves(level, players):
    match = play_match(GAME, [Checked(BOTS[level]()) for _ in range(players)], f"legal:{level}")
    assert match.outcome() is not None


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_decide_from_their_view_alone(level):
    """Secrets the bot may not see (stack order, others' hidden tiles) do not change its choice."""
    state = GAME.setup(3, {}, "view-only")
    state, _ = GAME.apply(state, 0, Move(FLIP))
    state, _ = GAME.apply(state, 0, Move(PASS))
    other = replace(
        state, stack=tuple(reversed(state.stack)), hidden=(state.hidden[2], state.hidden[1], state.hidden[0])
    )
    for s in (state, other):
        assert GAME.view(s, 1) == GAME.view(state, 1)
    legal = GAME.legal_moves(state, 1)
    picks = [BOTS[level]().choose(GAME, GAME.view(s, 1), 1, legal, Rng.from_seed(4)) for s in (state, other)]
    assert picks[0] == picks[1]


def test_easy_bot_takes_the_flipped_tile_where_it_adds_most():
    state = GAME.setup(2, {}, "easy")
    state, _ = GAME.apply(state, 0, Move(FLIP))
    move = BOTS["easy"]().choose(GAME, GAME.view(state, 0), 0, GAME.legal_moves(state, 0), Rng(1))
    assert move.action == TAKE and move.tile == state.pending  # nothing on the table beats it


def test_hard_bot_wins_clearly_more_than_its_share():
    # One hard bot against three easy ones, every seat in turn: a fair share is 25 %.
    result = self_play(GAME, BOTS, ["hard", "easy", "easy", "easy"], 12, "strength")
    rate = result.wins_by_bot.get("hard", 0) / result.games_by_bot["hard"]
    assert rate >= 0.5


def test_both_levels_beat_random():
    result = self_play(GAME, BOTS, ["easy", "random"], 10, "vs-random")
    assert result.wins_by_bot.get("easy", 0) >= 8
    result = self_play(GAME, BOTS, ["hard", "random", "random"], 6, "vs-random")
    assert result.wins_by_bot.get("hard", 0) >= 5


def test_stats_all_thirteen_categories_within_the_balance_bound():
    """The design note's factor 3, held over every category, the all-or-nothing bone and tooth
    routes included (they are the noisiest shares: 16 games of 4, 64 boards, for a stable mean)."""
    stats = category_stats(4, 16, "balance-test")
    shares = stats.share
    assert abs(sum(shares.values()) - 1) < 1e-9
    assert stats.spread(BALANCED) <= BALANCE_FACTOR, stats.to_json()
    assert stats.spread(CATEGORIES) <= BALANCE_FACTOR, stats.to_json()
    assert min(stats.mean["bone-doors"], stats.mean["tooth-doors"]) > 0
    assert all(stats.mean[c] > 0 for c in stats.mean)  # every category scores something on average


def test_stats_command_prints_each_category(capsys):
    code = cli_main(["stats", "--players", "2", "--games", "2", "--bots", "easy,hard"])
    report = json.loads(capsys.readouterr().out)
    assert set(report["categories"]) >= {"dragons", "bone-doors", "other-tracks"}
    assert {"mean", "share"} <= set(report["categories"]["ghosts"])
    assert code in (0, 1) and report["boards"] == 4


def test_package_self_play_matches_the_engine_runner_and_adds_mean_points_per_level():
    from parlour.games.ghosts_galore import self_play as ghosts_self_play

    ours = ghosts_self_play(GAME, BOTS, ["easy", "random"], 4, "runner")
    engine = self_play(GAME, BOTS, ["easy", "random"], 4, "runner")
    assert (ours.wins_by_bot, ours.score_by_seat, ours.plies) == (
        engine.wins_by_bot,
        engine.score_by_seat,
        engine.plies,
    )
    means = ours.extra["mean_score_by_bot"]
    assert set(means) == {"easy", "random"}
    assert (means["easy"] + means["random"]) * 4 == pytest.approx(sum(ours.score_by_seat.values()), abs=0.1)


def _gain_on_empty_board(tile_id):
    from parlour.games.ghosts_galore.bots import Seat, best_placement, hopeful_value

    seat = Seat(0, 3, (None,) * 9, (0, 0), frozenset())
    return best_placement(seat, tile_id, hopeful_value)[0] - hopeful_value(seat, seat.grid)


def test_hard_bot_passes_a_poor_flip_and_takes_a_fine_one():
    from parlour.games.ghosts_galore.tiles import tile_set

    state = GAME.setup(3, {}, "pass-or-take")
    ranked = [t for t in sorted(range(len(tile_set())), key=_gain_on_empty_board) if t != state.hidden[0]]
    for tile, expected in ((ranked[0], PASS), (ranked[-1], TAKE)):
        # Player 0 has just flipped ``tile`` (the state is only a stage for the bot's view).
        flipped = replace(state, stack=state.stack[1:], pending=tile)
        legal = GAME.legal_moves(flipped, 0)
        move = BOTS["hard"]().choose(GAME, GAME.view(flipped, 0), 0, legal, Rng(3))
        assert move.action == expected, (tile, move)


def test_easy_bot_passes_when_a_table_tile_adds_more():
    state = GAME.setup(3, {}, "easy-pass")
    state, _ = GAME.apply(state, 0, Move(FLIP))
    state, _ = GAME.apply(state, 0, Move(PASS))
    state, _ = GAME.apply(state, 1, Move(FLIP))
    from parlour.games.ghosts_galore.bots import Seat, actual_value, best_placement

    seat = Seat(1, 3, (None,) * 9, (0, 0), frozenset())
    on_table, flipped = state.table[0], state.pending
    better = best_placement(seat, on_table, actual_value)[0] > best_placement(seat, flipped, actual_value)[0]
    move = BOTS["easy"]().choose(GAME, GAME.view(state, 1), 1, GAME.legal_moves(state, 1), Rng(1))
    assert move.action == (PASS if better else TAKE)
