"""A boop. match that begins at a position (the position editor's "Play from here", decision 0063):
the position rides in the match's options, so a match is still options + seed + moves and its
record, link and save replay it; a position no rule allows is refused like any from a link."""

from __future__ import annotations

import pytest

from parlour.engine import CorruptMatch, Match, MatchRecord, encode_link
from parlour.games.boop import GAME

START = "6/6/3P2/2o3/6/6 7k0c/6k1c 8/6 -/- p place"
"""Purple (a cat in the pool) to place; an orange kitten on c3, a purple cat on d4."""


def test_a_match_from_a_position_starts_there_with_its_mover_and_replays_from_its_record():
    match = Match.new(GAME, 2, {"start": START}, seed=3)
    assert GAME.position(match.state) == START and GAME.to_act(match.state) == (1,)
    assert match.record.options == {"first": "orange", "start": START}
    for _ in range(6):
        seat = GAME.to_act(match.state)[0]
        match.play(seat, GAME.legal_moves(match.state, seat)[0])
    again = Match.replay(GAME, MatchRecord.loads(match.record.dumps()))
    assert GAME.position(again.state) == GAME.position(match.state)
    assert encode_link(again.record) == encode_link(match.record)


def test_an_ordinary_match_record_is_as_it_was_before_start_positions():
    match = Match.new(GAME, 2, {"first": "purple"}, seed=1)
    assert match.record.options == {"first": "purple"}, "no empty 'start' in every record and link"


@pytest.mark.parametrize(
    "start",
    [
        "6/6/PPP3/6/6/6 8k0c/5k0c 8/5 -/- o place",  # BP-20: purple has three cats in a row already
        "6/6/3P2/2o3/6/6 7k0c/6k1c 8/6 -/- p plac",  # not the notation
        "6/6/3P2/2o3/6/6 07k0c/6k1c 8/6 -/- p place",  # not canonical
    ],
)
def test_a_start_position_no_rule_allows_is_refused_and_a_record_carrying_it_is_corrupt(start):
    with pytest.raises(ValueError):
        Match.new(GAME, 2, {"start": start})
    good = Match.new(GAME, 2, {"start": START}).record
    bad = MatchRecord(good.game, good.players, {**good.options, "start": start}, good.seed, (), {})
    with pytest.raises(CorruptMatch):
        Match.replay(GAME, bad)


@pytest.mark.parametrize("start", [True, 5, None, ["6/6/6/6/6/6"]])
def test_a_start_position_is_text_and_nothing_else(start):
    with pytest.raises(ValueError, match="must be text"):
        Match.new(GAME, 2, {"start": start})
