"""Illegal moves are refused with a reason (catalogue key) and a rule number, and change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.engine import IllegalMove
from parlour.games.boop import GAME

from .helpers import make, play

I18N = Path(__file__).parents[2] / "pysrc" / "parlour" / "games" / "boop" / "i18n"


def _grad_a_full_bed():
    # Orange has all 8 on the bed; the placement made b3-c3-d3, so BP-8 and BP-9 both apply.
    pieces = {"b3": "o", "c3": "o", "a1": "o", "f1": "o", "a6": "o", "f6": "o", "f4": "o", "e1": "p"}
    return play(make(pieces), "k@d3")[0]


def _grad_a_with_pool():
    return play(make({"b3": "o", "c3": "o", "d1": "o", "d2": "o", "a6": "p"}), "k@d3")[0]


CASES = [
    (lambda: make({"c3": "p"}), "k@c3", "boop.illegal.cell-occupied", "BP-2"),
    (lambda: make({}), "c@c3", "boop.illegal.no-cat", "BP-2"),
    (
        lambda: make(
            {"a1": "o", "c1": "o", "e1": "o", "a3": "o", "c3": "o", "e3": "o", "a5": "o"},
            pool_cats=(1, 0),
        ),
        "k@e5",
        "boop.illegal.no-kitten",
        "BP-2",
    ),
    (lambda: make({}), "g:top-c", "boop.illegal.not-now", "BP-D1"),
    (lambda: make({}), "x:a1", "boop.illegal.not-now", "BP-D1"),
    (_grad_a_with_pool, "k@a1", "boop.illegal.not-now", "BP-D1"),
    (_grad_a_with_pool, "x:-", "boop.illegal.graduation-required", "BP-D3"),
    (_grad_a_with_pool, "x:a1-b3-d3", "boop.illegal.not-a-line", "BP-8"),
    (_grad_a_with_pool, "x:a4-b4-c4", "boop.illegal.not-your-line", "BP-8"),
    (_grad_a_with_pool, "x:a6", "boop.illegal.not-your-piece", "BP-9"),
    (_grad_a_with_pool, "x:d1", "boop.illegal.pool-not-empty", "BP-9"),
    (_grad_a_full_bed, "x:e1", "boop.illegal.not-your-piece", "BP-9"),
    (
        lambda: play(make({}, ghosts="-/bottom-c+5"), "k@a1")[0],
        "g:top-c",
        "boop.illegal.segment-taken",
        "BP-17",
    ),
]


@pytest.mark.parametrize(("build", "move", "code", "rule"), CASES)
def test_illegal_moves_are_refused_with_reason_and_rule_and_change_nothing(build, move, code, rule):
    state = build()
    before = GAME.position(state)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, state.mover, move)
    assert (err.value.code, err.value.rule) == (code, rule)
    assert GAME.position(state) == before
    assert move not in GAME.legal_moves(state, state.mover)
    for lang in ("en", "ru", "uk"):
        catalogue = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
        # The rule travels with the error (a link beside the words), never inside the sentence.
        assert code in catalogue and rule not in catalogue[code]
