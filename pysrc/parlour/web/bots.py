"""Bots think off the page's thread: a worker with its own Python runs the search, the page plays the
move it sends back. Every game gets this through :class:`BotDriver`; no board does anything for it.

The page sends a *request* (the game and the match record, JSON); the worker (``assets/bot-worker.mjs``)
answers with :func:`think`: the AI seat and its move, encoded by the game. The worker's bot sees and
draws exactly what it would on the page (same view, same legal moves, same position-seeded ``Rng``),
so a match plays the same wherever its bots ran. A reply for a position the match has left (an undo,
a new game, another game opened while the bot thought) is dropped.

A network host's bots think in the same worker: their requests are the host's questions
(:mod:`parlour.net.hostbots`, one seat's view and legal moves, no match record), answered by
:func:`parlour.net.hostbots.decide` (decision 0028).

Pure Python: the worker imports this module, and tests drive both ends on CPython.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from parlour import games
from parlour.engine import Event, MatchRecord
from parlour.engine.bots import Bot
from parlour.web.session import LocalSession

Remote = Callable[[str, Callable[[str | None], None]], None]
"""Sends a request to the worker and calls back with its reply, or ``None`` when there is no worker."""


def request_for(session: LocalSession, plan: bool = False) -> str:
    """What the worker needs to choose the next AI move of ``session`` (``plan``: to plan every AI
    seat's next action of a real-time game, each with its time)."""
    data: dict[str, Any] = {"game": session.game.id, "record": session.dumps()}
    if plan:
        data["plan"] = True
    return json.dumps(data, separators=(",", ":"))


_cache: dict[str, LocalSession] = {}
"""The worker's sessions by game: a bot that remembers (between its moves) keeps its memory when the
next request extends the same match, as it does on the page."""


_host_bots: dict[str, Bot] = {}
"""The worker's bots answering network hosts' questions, by table, seat and level."""


def think(request: str) -> str:
    """In the worker: the AI's choice for the position in ``request`` (see :func:`request_for`), or
    the answer to a network host's question (:func:`parlour.net.hostbots.ask`)."""
    data = json.loads(request)
    gid = data["game"]
    if "kind" in data:
        # The network package only for a network host's question: a local match's bots (and the
        # page's end of this module) need none of it (decision 0004).
        from parlour.net import hostbots

        if data["kind"] == hostbots.KIND:
            return hostbots.decide(data, games.load(gid), games.module(gid).BOTS, _host_bots)
    record = MatchRecord.loads(data["record"])
    session = _cache.get(gid)
    if session is None or not _extends(session.match.record, record):
        session = LocalSession.resume(games.load(gid), record, games.module(gid).BOTS)
    else:
        for ply in record.plies[len(session.match.plies) :]:
            session.match.play(ply.player, session.game.decode_move(ply.move), ply.t)
    _cache[gid] = session
    if data.get("plan"):  # a real-time game: each AI seat's next action with its time, or None
        plans = [[seat, None if m is None else session.game.encode_move(m)] for seat, m in session.plan_all()]
        return json.dumps({"record": data["record"], "plans": plans})
    chosen = session.choose_ai()
    if chosen is None:
        return json.dumps({"record": data["record"], "seat": None})
    seat, move = chosen
    return json.dumps({"record": data["record"], "seat": seat, "move": session.game.encode_move(move)})


def _extends(old: MatchRecord, new: MatchRecord) -> bool:
    """Whether ``new`` is ``old`` with plies added (same match, nothing taken back)."""
    n = len(old.plies)
    return (
        (old.game, old.players, old.options, old.seed, old.meta)
        == (new.game, new.players, new.options, new.seed, new.meta)
        and len(new.plies) >= n
        and new.plies[:n] == old.plies
    )


def apply_reply(session: LocalSession, reply: str) -> tuple[int, Any, list[Event]] | None:
    """On the page: play the worker's move, if ``session`` is still at the position it was asked
    about; ``None`` (nothing played) when the match has moved on or the reply chose nothing."""
    data = json.loads(reply)
    if data.get("seat") is None or data.get("record") != session.dumps():
        return None
    seat = data["seat"]
    move = session.game.decode_move(data["move"])
    return seat, move, session.play_ai(seat, move)


def apply_plans(session: LocalSession, reply: str) -> bool:
    """On the page: keep the worker's plans if ``session`` is still at the position they are for;
    ``False`` (dropped) when the match has moved on meanwhile (a person acted first)."""
    data = json.loads(reply)
    if "plans" not in data or data.get("record") != session.dumps():
        return False
    plans = [
        (int(seat), None if move is None else session.game.decode_move(move)) for seat, move in data["plans"]
    ]
    return session.take_plans(len(session.match.plies), plans)


@dataclass
class BotDriver:
    """Asks for AI moves, one at a time, and plays them when they come back.

    ``remote`` reaches the worker (:func:`parlour.web.dom.bot_think`); without one, or when the
    worker cannot start, the bot thinks here (the page then waits for it, as before workers)."""

    remote: Remote | None = None
    _asked: int = 0
    _pending: str = ""
    """The request being thought about, so asking again for the same position does not queue it twice."""
    _played: Callable[[tuple[int, Any, list[Event]]], None] | None = None
    _planned: Callable[[], None] | None = None

    def think(self, session: LocalSession, played: Callable[[tuple[int, Any, list[Event]]], None]) -> None:
        """Choose and play the next AI move of ``session``, then call ``played(seat, move, events)``.
        A newer call supersedes an older one still thinking: its answer is dropped."""
        if self.remote is None:
            self._here(session, played)
            return
        self._played = played

        def answer(reply: str | None) -> None:
            then = self._played
            if then is None:
                return
            if reply is None:
                self._here(session, then)
                return
            result = apply_reply(session, reply)
            if result is not None:
                then(result)

        self._ask(request_for(session), answer)

    def plan(self, session: LocalSession, planned: Callable[[], None]) -> None:
        """A real-time game (Boo!): have the AI seats' next actions planned, each with its match time,
        then call ``planned()`` (the page sets its clock by them). The worker plans from the match
        record; the page plays each plan when the clock reaches it. A newer position supersedes an
        older one still being planned (its answer is dropped, as is any answer for a position the
        match has left); without a worker, the page plans here at once (decision 0027)."""
        if self.remote is None:
            session.plan_here = True
            planned()
            return
        session.plan_here = False
        if not session.unplanned():
            planned()
            return
        self._planned = planned

        def answer(reply: str | None) -> None:
            if reply is None:  # no worker after all: the page plans
                session.plan_here = True
            elif not apply_plans(session, reply):
                return
            then = self._planned
            if then is not None:
                then()

        self._ask(request_for(session, plan=True), answer)

    def _ask(self, request: str, answer: Callable[[str | None], None]) -> None:
        """Send ``request`` to the worker and give ``answer`` its reply, unless a newer request was
        sent meanwhile (the older reply is then dropped). The same request still pending is not
        sent twice."""
        assert self.remote is not None
        if request == self._pending:
            return
        self._asked += 1
        ticket = self._asked
        self._pending = request

        def reply(text: str | None) -> None:
            if ticket != self._asked:
                return
            self._pending = ""
            answer(text)

        self.remote(request, reply)

    @property
    def thinking(self) -> bool:
        """Whether an answer is being waited for."""
        return bool(self._pending)

    @staticmethod
    def _here(session: LocalSession, played: Callable[[tuple[int, Any, list[Event]]], None]) -> None:
        result = session.step_ai()
        if result is not None:
            played(result)
