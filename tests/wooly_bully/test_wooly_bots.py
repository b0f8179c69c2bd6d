"""Bots play from their own view, do what their level promises, and the hard one beats random."""

from __future__ import annotations

import io
import json
import os
from contextlib import redirect_stdout

import pytest

from parlour import __main__ as parlour_cli
from parlour.engine import Rng
from parlour.games.wooly_bully import BOTS, GAME, self_play
from parlour.games.wooly_bully import cli as wooly_cli
from parlour.games.wooly_bully import moves as mv
from parlour.games.wooly_bully.bots import ShepherdBot, WolfBot
from parlour.games.wooly_bully.stats import MIN_SCORING_SHARE, collect
from parlour.games.wooly_bully.tiles import all_tiles, shepherd_id
from wooly_bully.wooly_helpers import BLACK, BLUE, HUNTERS, RED, WOLVES, YELLOW, S, built, tid

CAP_B, CAP2_B = tid("cap", BLACK), tid("cap-2", BLACK)
VCAP_B = tid("village-cap", BLACK)
CLOSED_BLACK = [((-1, 0), VCAP_B, 0), ((-1, -1), CAP_B, 2)]
# Four black pasture edges facing the empty square (70, 0): a shepherd there closes 9 sheep.
BLACK_RING = [
    ((70, -1), tid("cap-2", BLACK), 2),
    ((71, 0), tid("two-caps", BLACK), 1),
    ((70, 1), CAP_B, 0),
    ((69, 0), tid("fenced-corner", BLACK), 0),
]


def ask(bot, state, player, out_of_turn=False):
    view = GAME.view(state, player)
    legal = GAME.legal_moves(state, player)
    rng = Rng.from_seed("ask")
    if out_of_turn:
        return bot.interject(GAME, view, player, legal, rng)
    return bot.choose(GAME, view, player, legal, rng)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_close_their_own_pasture(level):
    state = built([((-1, 0), VCAP_B, 0)], hands=[[CAP2_B, tid("cap", YELLOW)], []], colours=[BLACK, RED])
    move = ask(BOTS[level](), state, 0)
    after, _ = GAME.apply(state, 0, move)
    assert GAME.sheep_points(after, 0) == S(VCAP_B, CAP2_B)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_send_a_hunter_to_save_their_own_sheep(level):
    cells = [*CLOSED_BLACK, ((-1, -2), WOLVES[0], 0)]
    state = built(cells, hands=[[tid("cap", RED)], [HUNTERS[0]]], colours=[RED, BLACK])
    move = ask(BOTS[level](), state, 1, out_of_turn=True)
    assert move == mv.place(HUNTERS[0], (-1, -2))


def test_hard_bot_sets_a_wolf_on_a_rivals_revealed_pasture_out_of_turn():
    cells = [*CLOSED_BLACK, ((60, 0), shepherd_id(BLACK), 0)]
    state = built(cells, hands=[[tid("cap", RED)], [WOLVES[0]]], colours=[BLACK, RED])
    state = state.with_(revealed=(True, False))
    move = ask(WolfBot(), state, 1, out_of_turn=True)
    assert move is not None and move.tile == WOLVES[0]
    after, _ = GAME.apply(state, 1, move)
    assert GAME.sheep_points(after, 0) == 0


def test_bots_keep_wolves_off_their_own_sheep():
    state = built(CLOSED_BLACK, hands=[[tid("cap", RED)], [WOLVES[0]]], colours=[RED, BLACK])
    for bot in (WolfBot(), ShepherdBot()):
        move = ask(bot, state, 1, out_of_turn=True)
        assert move is None or move.tile != WOLVES[0]


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_reveal_when_the_shepherd_closes_a_big_pasture(level):
    state = built(BLACK_RING, hands=[[tid("cap", RED)], [tid("cap", YELLOW)]], colours=[RED, BLACK])
    move = ask(BOTS[level](), state, 1, out_of_turn=True)
    assert move == mv.reveal((70, 0))
    after, _ = GAME.apply(state, 1, move)
    one_cap = all_tiles()[tid("two-caps", BLACK)].regions[0].sheep
    one_side = all_tiles()[tid("fenced-corner", BLACK)].regions[1].sheep
    assert GAME.sheep_points(after, 1) == S(CAP2_B, CAP_B, shepherd_id(BLACK)) + one_cap + one_side


def test_hard_bot_leaves_early_with_a_safe_lead_and_easy_bot_waits():
    cells = [*BLACK_RING, ((70, 0), shepherd_id(BLACK), 0)]
    state = built(cells, hands=[[tid("cap", RED)], [tid("cap", YELLOW)]], colours=[RED, BLACK])
    state = state.with_(revealed=(False, True), bag=state.bag[:6])
    assert ask(WolfBot(), state, 1, out_of_turn=True) == mv.LEAVE
    assert ask(ShepherdBot(), state, 1, out_of_turn=True) is None


def test_hard_bot_bluffs_by_growing_the_colour_least_likely_to_be_a_rivals():
    vcap_y, vcap_r = tid("village-cap", YELLOW), tid("village-cap", RED)
    cells = [((-1, 0), vcap_y, 0), ((1, 0), vcap_r, 2)]
    hand = [tid("cap", YELLOW), tid("cap", RED)]
    others = [[tid("cap", BLACK)], [tid("cap", BLACK) + 8]]
    state = built(cells, hands=[hand, *others], colours=[BLACK, RED, BLUE], players=3)
    state = state.with_(revealed=(False, True, True))  # yellow is nobody's: the decoy
    move = ask(WolfBot(), state, 0)
    assert move == mv.place(hand[0], (-1, -1), 2), "closes the yellow decoy, not the red rival"
    assert ask(ShepherdBot(), state, 0).tile != hand[1]


def test_random_bot_plays_legal_moves():
    state = GAME.setup(3, GAME.check_options({}), 5)
    for _ in range(5):
        assert ask(BOTS["random"](), state, 0) in GAME.legal_moves(state, 0)


def test_hard_bot_wins_clearly_more_than_its_share_against_random_players():
    # Its share is a third; the full figures (several hundred games) are in docs/rules/wooly-bully.md.
    result = self_play(GAME, BOTS, ["hard", "random", "random"], 30, "bots-test")
    assert result.games == 30
    assert result.wins_by_bot["hard"] / result.games_by_bot["hard"] > 0.42
    assert result.extra["mean_score_by_bot"]["hard"] > result.extra["mean_score_by_bot"]["random"]


def test_selfplay_command_prints_wins_and_scores_per_seat():
    out = io.StringIO()
    with redirect_stdout(out):
        parlour_cli.main(
            [
                "selfplay",
                "wooly-bully",
                "--players",
                "3",
                "--bots",
                "hard,easy,random",
                "--games",
                "3",
                "--seed",
                "2",
            ]
        )
    report = json.loads(out.getvalue())
    assert report["games"] == 3 and set(report["wins_by_seat"]) == {"0", "1", "2"}
    assert set(report["mean_score_by_seat"]) == {"0", "1", "2"}
    assert set(report["win_rate_by_colour"]) <= {"black", "yellow", "red", "blue"}


def test_stats_command_prints_the_design_notes_figures():
    out = io.StringIO()
    with redirect_stdout(out):
        wooly_cli.main(["stats", "--games", "4", "--players", "4"])
    report = json.loads(out.getvalue())
    assert report["games"] == 4 and report["mean_plies"] > 10
    assert set(report["colours"]) == {"black", "yellow", "red", "blue"}
    for figures in report["colours"].values():
        assert {"share_scoring", "mean_sheep_points", "mean_score", "win_rate"} <= set(figures)


def test_the_shipped_set_meets_its_targets_on_a_modest_sample():
    stats = collect(36, players=(4,), seed="modest")
    for colour, s in stats.colours.items():
        assert s.games == 36, colour
        assert s.scored / s.games >= MIN_SCORING_SHARE - 0.15, colour
    # Within ±3 points at full size; on 36 games allow for sampling noise (three standard errors).
    assert stats.spread() <= 0.03 + 3 * stats.noise()


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("PARLOUR_SLOW"), reason="600 AI games: set PARLOUR_SLOW=1")
def test_the_shipped_set_meets_its_targets_on_a_large_sample():
    stats = collect(600, seed=0)
    assert stats.meets()["every_colour_scores"], stats.to_json()
    # The set is exactly colour-symmetric, so what is left is sampling noise (about 2.2 points here).
    assert stats.spread() <= 0.03 + 2 * stats.noise(), stats.to_json()
