"""A network host's bots think elsewhere (the page's bot worker): the host asks questions and takes
the answers whenever they come, dropping any for a position the table has left (decision 0028).

:class:`Worker` stands in for the worker: it keeps the questions it is sent and answers them only
when the test says so, in any order, with the same :func:`decide` the real worker runs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from helpers.tables import sit_down
from parlour import games
from parlour.engine.bots import Bot
from parlour.net import GuestSession, HostSession
from parlour.net.hostbots import Question, decide
from parlour.net.loopback import Loopback

from .snapgame import BOTS as SNAP_BOTS
from .snapgame import GAME as SNAP


@dataclass
class Worker:
    """The page's bot worker, answering late: questions wait in :attr:`waiting` until answered."""

    host: HostSession
    waiting: list[Question] = field(default_factory=list)
    bots: dict[str, Bot] = field(default_factory=dict)
    asked: int = 0

    def collect(self) -> list[Question]:
        """What the page does after every message: send the host's new questions."""
        new = self.host.bot_questions()
        self.asked += len(new)
        self.waiting += new
        return new

    def reply(self, question: Question) -> str:
        self.waiting.remove(question)
        return decide(json.loads(question.text), self.host.game, self.host.bots, self.bots)

    def answer_all(self, reverse: bool = False) -> list[bool]:
        """Answer every waiting question (last asked first with ``reverse``); whether each was kept."""
        order = list(reversed(self.waiting)) if reverse else list(self.waiting)
        return [self.host.bot_answer(self.reply(q)) for q in order]


def play_with_worker(net: Loopback, worker: Worker, *, reverse: bool = False, limit: int = 5_000) -> None:
    """Play a table of bots only to the end, every answer coming after the question was sent (and
    after whatever else the host did meanwhile), as on a page whose bots think in the worker."""
    host = net.host
    for _ in range(limit):
        if host.phase != "playing":
            return
        asked = {json.loads(q.text)["seat"] for q in worker.collect()}
        assert not asked & set(host.bots_to_move(net.now + 60_000)), "no bot acts before its answer"
        worker.answer_all(reverse=reverse)
        net.play_bots(limit=1)
    raise AssertionError("the match did not end")


def bots_table(game_id: str, players: int, level: str, elsewhere: bool) -> Loopback:
    mod = games.module(game_id)
    host = HostSession(mod.GAME, mod.BOTS, entropy=f"hb-{game_id}", players=players, host_seat=None)
    for seat in range(players):
        host.set_seat(seat, "ai", level)
    host.bots_elsewhere = elsewhere
    watcher = GuestSession(entropy="w", name="Watcher", want="watch")
    return sit_down(host, [], [watcher])


@pytest.mark.parametrize(
    ("game_id", "players", "level"),
    [("boop", 2, "easy"), ("boo", 3, "medium"), ("wooly-bully", 3, "easy"), ("ghosts-galore", 3, "easy")],
)
def test_a_table_whose_bots_answer_late_plays_the_match_they_play_on_the_spot(game_id, players, level):
    """Every game: bots answering from the worker, late and last-asked first, play ply for ply the
    match the host's own bots play (same view, legal moves and dice), Boo!'s timed plans included."""
    if not games.available(game_id):
        pytest.skip(f"{game_id} is not in this build")
    here = bots_table(game_id, players, level, elsewhere=False)
    here.play_bots()
    away = bots_table(game_id, players, level, elsewhere=True)
    worker = Worker(away.host)
    play_with_worker(away, worker, reverse=True)
    assert here.host.phase == away.host.phase == "over"
    assert away.host.match.record == here.host.match.record
    assert worker.asked >= len(away.host.match.plies)
    assert not here.host.bot_questions(), "a host whose bots think on the spot asks nobody"


def test_a_question_carries_only_its_seats_view_and_its_answer_is_kept_once():
    """Ghosts Galore hides tiles: the question for a seat is that seat's view, nothing more."""
    if not games.available("ghosts-galore"):
        pytest.skip("ghosts-galore is not in this build")
    net = bots_table("ghosts-galore", 3, "easy", elsewhere=True)
    host = net.host
    (question,) = Worker(host).collect()
    data = json.loads(question.text)
    seat = data["seat"]
    assert data["view"] == json.loads(json.dumps(host.game.view(host.match.state, seat)))
    assert data["view"] != json.loads(json.dumps(host.game.view(host.match.state, None)))
    assert host.bot_questions() == [], "a question is sent once"
    assert host.bots_to_move(net.now) == [] and host.next_bot_at(net.now) is None, "nothing known yet"
    reply = decide(data, host.game, host.bots, {})
    assert host.bot_answer(reply) and host.bots_to_move(net.now) == [seat]


def snap_table() -> tuple[Loopback, GuestSession, Worker]:
    """Snap (tests/net/snapgame.py), bots at seats 0 and 2 (each snaps 3 s in), Anna at seat 1."""
    host = HostSession(SNAP, SNAP_BOTS, entropy="snap", players=3, host_seat=None, now=50_000)
    host.set_seat(0, "ai")
    host.set_seat(2, "ai")
    host.bots_elsewhere = True
    anna = GuestSession(entropy="a", name="Anna", seat=1)
    return sit_down(host, [anna], now=50_000), anna, Worker(host)


def test_several_bots_are_asked_at_once_and_an_answer_for_a_position_left_is_dropped():
    net, anna, worker = snap_table()
    host = net.host
    first = worker.collect()
    assert [json.loads(q.text)["seat"] for q in first] == [0, 2], "both bots asked at once"
    stale = worker.reply(first[0])
    net.advance(1_000)
    net.guest_out(anna, anna.move({"k": "wave", "t": 0}))  # Anna acts while the bots think
    net.run()
    assert not host.bot_answer(stale), "an answer for the position before Anna's wave is dropped"
    assert not host.bot_answer(worker.reply(first[1]))
    assert host.bots_to_move(net.now + 10_000) == [], "nothing stale was kept"
    again = worker.collect()
    assert [json.loads(q.text)["seat"] for q in again] == [0, 2], "asked again about the new position"
    assert worker.answer_all(reverse=True) == [True, True]
    assert host.next_bot_at(net.now) == 50_000 + 3_000
    net.advance(2_000)
    net.host_out(host.run_bots(net.now))
    net.run()
    assert host.match.outcome().winners == (0,) and host.match.plies[-1].t == 3_000
    assert anna.table["outcome"]["winners"] == [0]


def test_a_plan_that_arrives_after_its_time_is_played_at_once_with_the_host_clock():
    net, _anna, worker = snap_table()
    host = net.host
    worker.collect()
    net.advance(5_000)  # the worker is slow: the bots' 3 s have passed meanwhile
    assert host.bots_to_move(net.now) == [] and host.next_bot_at(net.now) is None
    worker.answer_all()
    assert host.next_bot_at(net.now) == net.now and host.bots_to_move(net.now) == [0, 2]
    net.host_out(host.run_bots(net.now))
    net.run()
    assert host.match.plies[-1].t == 5_000, "stamped with the host's match time, as every move"


def test_without_a_worker_the_host_answers_its_questions_itself_and_a_new_round_drops_old_answers():
    net, anna, worker = snap_table()
    host = net.host
    old = worker.collect()
    assert host.answer_here(old[0])  # the worker failed on this one: the host answers it
    assert host.next_bot_at(net.now) == 50_000 + 3_000 and host.bot_questions() == []
    host.bots_here()  # no worker at all: the host's own bots answer everything, nothing stalls
    assert host.bot_questions() == [] and host.bots_to_move(net.now + 3_000) == [0, 2]
    net.advance(3_000)
    net.host_out(host.run_bots(net.now))
    net.run()
    assert host.phase == "over"
    net.host_out(host.rematch())
    net.run()
    net.guest_out(anna, anna.set_ready())
    net.run()
    net.host_out(host.start(net.now))
    net.run()
    assert host.phase == "playing" and len(host.match.plies) == 0
    assert not host.bot_answer(worker.reply(old[1])), "the previous match's answer is not this one's"
    assert not host.answer_here(old[1]), "nor is its question thought about again"
    assert not host.bot_answer("{not json") and not host.bot_answer('{"key": 1}')
    assert "a bot's reply was not an answer: dropped" in host.log


def test_an_answer_for_a_seat_taken_back_by_its_guest_is_dropped():
    """Anna drops and her seat is given to the AI; she comes back before its answer does."""
    net, anna, worker = snap_table()
    host = net.host
    worker.collect()
    worker.answer_all()
    net.disconnect(next(iter(net.guests)))
    net.advance(host.grace_ms)
    assert host.phase == "paused"
    host.give_seat_to_ai(1, net.now)
    (question,) = worker.collect()
    assert json.loads(question.text)["seat"] == 1
    net.connect(anna)  # back with her token: the seat is hers again
    net.run()
    assert host.seats[1].kind == "guest"
    assert not host.bot_answer(worker.reply(question)), "the seat is no longer a bot's"
    assert host.bot_questions() == [] and host.bots_to_move(net.now + 3_000) == [0, 2]
