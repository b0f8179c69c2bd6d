"""Bots, the board helpers, the move log and the message catalogues."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from parlour.engine import Match, Rng
from parlour.engine.bots import self_play
from parlour.games.boop import BOTS, GAME
from parlour.games.boop.ai import Searcher, evaluate
from parlour.games.boop.state import Position
from parlour.i18n import translate

from .helpers import make, play

PACKAGE = Path(__file__).parents[2] / "pysrc" / "parlour" / "games" / "boop"
LANGS = ("en", "ru", "uk")


def catalogue(lang: str) -> dict:
    return json.loads((PACKAGE / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def choose(level: str, state, seed: int = 0) -> str:
    player = state.mover
    return BOTS[level]().choose(
        GAME, GAME.view(state, player), player, GAME.legal_moves(state, player), Rng(seed)
    )


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_bot_level_plays_legal_moves_in_every_phase(level):
    states = [
        make({}),
        play(make({"b3": "o", "c3": "o", "d1": "o", "d2": "o"}), "k@d3")[0],
        play(make({}), "k@a1")[0],
    ]
    for state in states:
        assert choose(level, state) in GAME.legal_moves(state, state.mover)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bp_20_bots_take_an_immediate_win(level):
    state = make({"b3": "O", "c3": "O", "e6": "p"}, pool_cats=(1, 0))
    move = choose(level, state)
    after, _ = play(state, move)
    assert GAME.outcome(after) is not None and GAME.outcome(after).winners == (0,)


def test_hard_is_deterministic_and_within_its_node_budget():
    state = play(make({"c3": "o", "d4": "p", "c4": "p"}), "k@a6", "g:-")[0]
    bot = BOTS["hard"]()
    first = choose("hard", state, 1)
    assert choose("hard", state, 1) == first  # same position, same rng: same move
    pos = Position(state)
    searcher = Searcher(budget=500, max_depth=6)
    searcher.root(pos, None, 0)
    assert searcher.nodes <= 501
    assert bot.budget >= 1000


def test_evaluation_is_symmetric_between_the_colours():
    state = make({"b3": "O", "c3": "o", "d5": "p"}, ghosts="top-c+1/-")
    assert evaluate(Position(state), 0) == -evaluate(Position(state), 1)


@pytest.mark.slow
def test_hard_beats_random_in_a_small_match():
    result = self_play(GAME, BOTS, ["hard", "random"], 4, "test")
    assert result.wins_by_bot.get("hard", 0) == 4


def test_medium_beats_random_in_a_small_match():
    result = self_play(GAME, BOTS, ["medium", "random"], 4, "test")
    assert result.wins_by_bot.get("medium", 0) >= 3


def test_board_helpers_list_what_the_mover_may_do():
    state = make({"c3": "p"}, pool_cats=(1, 0))
    assert "c3" not in GAME.placement_cells(state, "kitten") and len(GAME.placement_cells(state, "cat")) == 35
    grad = play(make({"b3": "o", "c3": "o", "d1": "o", "d2": "o"}), "k@d3")[0]
    assert GAME.graduation_choices(grad) == [
        {"move": "x:d1-d2-d3", "cells": ["d1", "d2", "d3"], "rule": "BP-8"},
        {"move": "x:b3-c3-d3", "cells": ["b3", "c3", "d3"], "rule": "BP-8"},
    ]
    info = GAME.info(grad)
    assert info["phase"] == "grad-a" and info["prompt"] == "boop.prompt.graduate" and info["mover"] == 0
    assert info["pieces"]["d3"] == {"colour": "orange", "player": 0, "piece": "kitten"}
    assert info["players"][0]["pool"] == {"kittens": 3, "cats": 0, "ghost": True}
    view = GAME.view(grad, 1)
    assert GAME.decode_state(view) == grad and view["players"] == info["players"]


def test_describe_move_gives_a_log_key_in_every_language():
    match = Match.new(GAME, 2, seed=3)
    rng = Rng(3)
    seen = set()
    while GAME.outcome(match.state) is None:
        player = GAME.to_act(match.state)[0]
        move = rng.choice(GAME.legal_moves(match.state, player))
        key, params = GAME.describe_move(match.state, player, move)
        seen.add(key)
        for lang in LANGS:
            text = catalogue(lang)[key].format(**params)
            assert "{" not in text
        match.play(player, move)
    assert {"boop.log.orange.place-kitten", "boop.log.purple.place-kitten"} <= seen
    key, params = GAME.describe_move(make({}), 0, "g:top-c")
    assert key == "boop.log.orange.ghost-enter" and params["entry"] == "top-c"
    # The log reads in cells, not notation (issue #16, Words).
    assert translate("uk", key, **params) == "Руді: кіт-привид залітає між c6 і d6"
    assert "top-c" not in translate("en", key, **params)


def test_catalogues_have_the_same_keys_and_every_key_the_code_uses():
    keys = [set(catalogue(lang)) for lang in LANGS]
    assert keys[0] == keys[1] == keys[2]
    used = set()
    for source in PACKAGE.glob("*.py"):
        used |= set(re.findall(r'"(boop\.[a-z0-9.-]+)"', source.read_text(encoding="utf-8")))
    used |= {f"boop.illegal.{c}" for c in re.findall(r'"([a-z-]+)", "BP-', (PACKAGE / "game.py").read_text())}
    used |= {f"boop.end.{r}" for r in ("line", "all-cats", "no-pieces")}
    used |= {f"boop.bot.{level}" for level in BOTS}
    used |= {f"boop.option.first.{c}" for c in ("orange", "purple", "random")}
    used |= {
        f"boop.log.{c}.{w}"
        for c in ("orange", "purple")
        for w in (
            "place-kitten",
            "place-cat",
            "graduate-line",
            "graduate-kitten",
            "graduate-cat",
            "graduate-pass",
            "ghost-enter",
            "ghost-none",
        )
    }
    used |= {f"boop.edge.{e}" for e in ("top", "right", "bottom", "left")}
    assert used <= keys[0], sorted(used - keys[0])
    helps = [k for k in keys[0] if k.startswith("boop.help.")]
    assert len(helps) >= 10
    # Every rule BP-1 .. BP-21 is explained by a help paragraph (its anchors), in every language the
    # paragraphs exist, and no paragraph's words carry the code itself.
    from parlour.web.boards.boop import HELP_RULES

    assert set(helps) == set(HELP_RULES)
    explained = {rule for k in helps for rule in HELP_RULES[k]}
    assert all(f"BP-{n}" in explained for n in range(1, 22))
    for lang in LANGS:
        assert not any("(BP-" in catalogue(lang)[k] for k in helps)
    assert (
        "кошеня" in catalogue("uk")["boop.piece.kitten"]["one"]
        and "кот" in catalogue("ru")["boop.piece.cat"]["one"]
    )


def test_cli_perft_counts_placements_then_ghost_choices(capsys):
    from parlour.games.boop import cli

    start = Position(GAME.from_position("6/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place"))
    assert cli.perft(start, 1) == 36  # BP-2: a kitten on any of 36 cells
    assert cli.perft(start, 2) == 36 * 21  # BP-13: 20 entries or no ghost
    assert cli.main(["show", "--moves", "k@c3", "g:-"]) == 0
    out = capsys.readouterr().out
    assert "3  . . o . . ." in out and "phase place" in out
