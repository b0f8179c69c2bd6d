"""Bots that think in a worker: the worker's end (:func:`think`) and the page's end
(:class:`BotDriver`, :func:`apply_reply`) driven together on CPython, for every game."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from parlour import games
from parlour.engine import IllegalMove
from parlour.web import bots
from parlour.web.session import HUMAN, LocalSession, Seat


def session(gid: str, seats: list[str], seed: str = "7") -> LocalSession:
    return LocalSession.new(games.load(gid), [Seat(s) for s in seats], games.module(gid).BOTS, None, seed)


def person_moves(s: LocalSession, choice: int = 0) -> None:
    """The person's turn, to the end: the ``choice``-th legal move, then the first of any follow-up."""
    s.play(0, s.game.legal_moves(s.state, 0)[choice])
    while s.human_to_act() is not None:
        s.play(0, s.game.legal_moves(s.state, 0)[0])
    assert s.ai_to_act() == 1


def cheapest_level(gid: str) -> str:
    return next(level for level in games.module(gid).BOTS if level != "random")


@pytest.mark.parametrize("gid", [g.id for g in games.GAMES])
def test_a_match_whose_bots_think_in_the_worker_is_the_match_they_play_on_the_page(gid: str):
    level = cheapest_level(gid)
    players = games.BY_ID[gid].min_players
    on_page = session(gid, [level] * players)
    in_worker = session(gid, [level] * players)
    for _ in range(8):
        if on_page.outcome() is not None:
            break
        on_page_result = on_page.step_ai()
        result = bots.apply_reply(in_worker, bots.think(bots.request_for(in_worker)))
        assert (result is None) == (on_page_result is None)
        if result is None:  # the bot waits (a real-time game): nothing is played on either end
            break
    assert in_worker.dumps() == on_page.dumps()


def test_an_answer_for_a_position_the_match_has_left_is_dropped():
    s = session("boop", [HUMAN, "easy"])
    person_moves(s)
    request = bots.request_for(s)
    s.undo()  # the person takes the move back while the bot thinks
    before = s.dumps()
    assert bots.apply_reply(s, bots.think(request)) is None
    assert s.dumps() == before
    # ... and plays another: the old answer is for another position.
    while s.human_to_act() is None:
        s.undo()
    person_moves(s, 1)
    plies = len(s.match.plies)
    assert bots.apply_reply(s, bots.think(request)) is None
    assert len(s.match.plies) == plies


def test_a_persons_seat_is_never_played_by_a_bots_answer():
    s = session("boop", [HUMAN, "easy"])
    with pytest.raises(IllegalMove):
        s.play_ai(0, s.game.legal_moves(s.state, 0)[0])


class FakeWorker:
    """Holds requests until the test answers them, as a worker busy thinking would."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, Callable[[str | None], None]]] = []

    def __call__(self, request: str, on_reply: Callable[[str | None], None]) -> None:
        self.asked.append((request, on_reply))

    def answer(self, index: int = -1) -> None:
        request, on_reply = self.asked[index]
        on_reply(bots.think(request))


def test_the_driver_asks_once_per_position_and_plays_the_answer_when_it_comes():
    worker = FakeWorker()
    driver = bots.BotDriver(worker)
    s = session("boop", [HUMAN, "easy"])
    person_moves(s)
    plies = len(s.match.plies)
    played: list[int] = []
    driver.think(s, lambda result: played.append(result[0]))
    driver.think(s, lambda result: played.append(result[0]))  # asked again while thinking (a re-render)
    assert len(worker.asked) == 1 and driver.thinking
    assert len(s.match.plies) == plies, "nothing is played while the bot thinks: the page stays the person's"
    worker.answer()
    assert played == [1] and len(s.match.plies) == plies + 1 and not driver.thinking


def test_an_older_question_is_superseded_and_without_a_worker_the_bot_thinks_on_the_page():
    worker = FakeWorker()
    driver = bots.BotDriver(worker)
    s = session("boop", [HUMAN, "easy"])
    person_moves(s)
    driver.think(s, lambda result: None)
    while s.can_undo():
        s.undo()
    person_moves(s, 2)
    plies = len(s.match.plies)
    played: list[int] = []
    driver.think(s, lambda result: played.append(len(s.match.plies)))
    worker.answer(0)  # the first, stale answer arrives late: dropped
    assert played == [] and len(s.match.plies) == plies
    _request, on_reply = worker.asked[1]
    on_reply(None)  # the worker could not start: the bot thinks here instead
    assert played == [plies + 1]
    assert bots.BotDriver(None).remote is None


def play_due(s: LocalSession) -> None:
    """A real-time match's clock jumps to the next thing due and it is played."""
    t = s.plans()[0][0]
    s._origin = 0  # match time = wall-clock ms here
    s.run_due(t)


def test_real_time_bots_planned_in_the_worker_play_the_match_they_play_on_the_page():
    """Decision 0027: Boo!'s bots plan each next action (with its time) in the worker; the page plays
    each plan when its clock comes. The match is the one planned on the page, ply for ply."""
    on_page, in_worker = session("boo", ["hard"] * 3, "rt"), session("boo", ["hard"] * 3, "rt")
    worker = FakeWorker()
    driver = bots.BotDriver(worker)
    planned: list[int] = []
    while on_page.outcome() is None:
        planned.clear()
        driver.plan(in_worker, lambda: planned.append(1))
        assert not in_worker.plan_here and planned == []
        assert in_worker.unplanned() == in_worker.planners() != []
        assert [seat for _, seat, _ in in_worker.plans()] == [], "the page does not search meanwhile"
        worker.answer()
        assert planned == [1] and in_worker.unplanned() == []
        assert in_worker.plans() == on_page.plans()
        play_due(in_worker)
        play_due(on_page)
    assert in_worker.dumps() == on_page.dumps() and in_worker.outcome() is not None


def test_real_time_plans_for_a_position_the_match_has_left_are_dropped():
    """A person raises a hand while the bots' plans are being made: those plans are for a search that
    has changed, so they are dropped and the new position is planned afresh."""
    s = session("boo", [HUMAN, "hard", "hard"], "rt")
    worker = FakeWorker()
    driver = bots.BotDriver(worker)
    planned: list[int] = []
    driver.plan(s, lambda: planned.append(len(s.match.plies)))
    s.play_at(0, {"k": "hand", "t": 0, "v": s.state.visitor}, 0)
    driver.plan(s, lambda: planned.append(len(s.match.plies)))
    worker.answer(0)  # the old position's answer arrives late: dropped
    assert planned == [] and sorted(s.unplanned()) == [1, 2]
    assert not bots.apply_plans(s, bots.think(worker.asked[0][0]))
    worker.answer(1)
    assert planned == [1] and s.unplanned() == []
    s.play_at(0, {"k": "lower", "t": 0, "v": s.state.visitor}, 0)
    driver.plan(s, lambda: planned.append(len(s.match.plies)))
    worker.asked[-1][1](None)  # the worker could not start: the page plans itself
    assert s.plan_here and planned == [1, 2]
    assert s.plans() and s.unplanned() == []  # planned here, as the clock is set
