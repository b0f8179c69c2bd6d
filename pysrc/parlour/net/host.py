"""The host: the one peer that runs the rules and decides what happened.

:class:`HostSession` is a plain object the transport feeds: incoming text with the connection it
came on and the time (``now``, epoch milliseconds such as ``Date.now()``), returning the messages to send
as ``(connection id, text)`` pairs. It starts no threads and reads no clock, so a whole session can
be replayed in a test. Every peer is sent only what :meth:`Game.view` and :meth:`Event.seen_by`
allow for its seat (spectators: the public cut). Bad input from a peer is logged and dropped;
it never raises out of :meth:`HostSession.receive` and never changes the game.

The session's methods are in three modules, each compiling in a short task (decision 0114): this
one (the transport's events, the host's own controls, its bots, saving), its bases
:class:`parlour.net.hostguests.HostGuests` (the guests' messages, seats, the seed drawing) and
:class:`parlour.net.hosttable.HostTable` (the table's state, what is sent and to whom).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from parlour.engine import JSON, Game, IllegalMove, Match, MatchRecord, ParlourError, canonical_json
from parlour.engine.bots import BotFactory
from parlour.net.fairness import SALT_ID, SeedLog, commitment
from parlour.net.hostbots import Question, answer_of, ask, decide, key_of
from parlour.net.hostguests import HostGuests
from parlour.net.hosttable import logger
from parlour.net.lobby import (
    AI,
    CONNECTED,
    GONE,
    GUEST,
    HOST_PID,
    LOBBY,
    OPEN,
    OVER,
    PAUSED,
    PLAYING,
    RECONNECTING,
    SEEDING,
    Member,
    Seat,
)
from parlour.net.wire import (
    PROTOCOL_VERSION,
    BadMessage,
    Outgoing,
    digest,
    encode,
    parse_guest,
)

SAVE_KIND = "parlour-host-session"
SEED_TIMEOUT_MS = 30_000
"""A seed drawing not finished this long after it began is abandoned, naming who stalled it."""

GameLookup = Callable[[str], tuple[Game[Any, Any], Mapping[str, BotFactory]]]
"""Game id → (game definition, bot factories); raises ``KeyError`` for an unknown game."""


def lookup_game(game_id: str) -> tuple[Game[Any, Any], Mapping[str, BotFactory]]:
    """The :data:`GameLookup` of this build: ``GAME`` and ``BOTS`` of the game's package."""
    from parlour import games  # imported late: loading a game package is the caller's choice

    mod = games.module(game_id)
    return mod.GAME, mod.BOTS


class HostSession(HostGuests):
    """One hosted table: lobby, seed drawing, play, pauses, reconnections and the end.

    The host is itself a peer (id ``"h"``) and usually holds a seat: its UI calls :meth:`play`
    and reads :meth:`local`. AI seats are played by the host when :meth:`run_bots` is called.

    A bot's decision is a question and an answer (:mod:`parlour.net.hostbots`): with
    :attr:`bots_elsewhere` the caller sends each of :meth:`bot_questions` to a worker and hands the
    replies to :meth:`bot_answer` whenever they come; otherwise the host answers them on the spot.
    """

    def receive(self, conn: str, text: str, now: int) -> list[Outgoing]:
        """Handle one message that arrived on connection ``conn``; never raises."""
        try:
            msg = parse_guest(text)
        except BadMessage as exc:
            if exc.kind == "hello" and conn not in self.conns:
                # A peer running another protocol version is told so instead of left waiting.
                self._note(f"{conn}: {exc.reason}")
                return [(conn, encode("denied", 1, code="net.error.version", version=PROTOCOL_VERSION))]
            return self._drop(conn, exc.reason)
        try:
            if msg["t"] == "hello":
                return self._hello(conn, msg, now)
            pid = self.conns.get(conn)
            if pid is None:
                return self._drop(conn, f"{msg['t']} before hello")
            member = self.members[pid]
            if msg["s"] <= member.seq_in:
                return self._drop(conn, f"replayed seq {msg['s']} (last {member.seq_in})")
            member.seq_in = msg["s"]
            handler = getattr(self, "_on_" + msg["t"])
            out: list[Outgoing] = handler(member, msg, now)
            return out
        except Exception as exc:  # the last line of defence: a peer must never crash the host
            self.last_resort += 1
            logger.exception("parlour.net: error handling a message")
            return self._drop(conn, f"internal error {type(exc).__name__}: {exc}")

    def disconnected(self, conn: str, now: int) -> list[Outgoing]:
        """The transport lost connection ``conn``: its peer is *reconnecting* for ``grace_ms``."""
        pid = self.conns.pop(conn, None)
        if pid is None:
            return []
        member = self.members[pid]
        member.conn, member.state, member.since = None, RECONNECTING, now
        self._note(f"{pid} disconnected")
        return self._broadcast_lobby()

    def tick(self, now: int) -> list[Outgoing]:
        """Call now and then: peers reconnecting for longer than ``grace_ms`` are *gone*."""
        out: list[Outgoing] = []
        for member in list(self.members.values()):
            if member.state == RECONNECTING and now - member.since >= self.grace_ms:
                out += self._gone(member, now)
        if self.phase == SEEDING and now - self.seeding_since >= SEED_TIMEOUT_MS:
            out += self._seeding_stalled()
        return out + self._run_due(now)

    def _due_at(self) -> int | None:
        """The match time of the game's own deadline move (:meth:`Game.due`), if one waits."""
        if self.phase != PLAYING or self.match is None:
            return None
        due = self.game.due(self.match.state)
        if due is None:
            return None
        encoded = self.game.encode_move(due[1])
        t = encoded.get("t") if isinstance(encoded, dict) else None
        return t if type(t) is int else 0

    def _run_due(self, now: int) -> list[Outgoing]:
        """Play the game's deadline move once the match clock reaches it: a claimant who walks away
        or drops cannot stall the table (the same move a device or the bot runner plays)."""
        at = self._due_at()
        if at is None or self.match is None or self.clock(now) < at:
            return []
        due = self.game.due(self.match.state)
        assert due is not None
        self._note(f"seat {due[0]}: deadline move at {at}")
        return self._apply(due[0], due[1], now)

    def _seeding_stalled(self) -> list[Outgoing]:
        """The drawing took too long: back to the lobby, naming those who did not commit or reveal.
        They must say ready again; the host may also open their seats (:meth:`set_seat`)."""
        log = self.seedlog
        waited = log.commits if not log.all_committed() else log.reveals
        self.stalled = [pid for pid in log.participants if pid not in waited and pid != HOST_PID]
        self._note(f"seed drawing timed out waiting for {', '.join(self.stalled) or 'nobody'}")
        self.phase, self.seedlog = LOBBY, SeedLog()
        for pid in self.stalled:
            if pid in self.members:
                self.members[pid].ready = False
        return self._broadcast_lobby()

    def set_options(self, options: Mapping[str, JSON]) -> list[Outgoing]:
        """Change the game's options in the lobby; raises ``ValueError`` on a bad option."""
        self._require(LOBBY, "net.error.not-lobby")
        self.options = self.game.check_options(options)
        return self._lobby_changed()

    def set_players(self, players: int) -> list[Outgoing]:
        """Change the number of seats in the lobby."""
        self._require(LOBBY, "net.error.not-lobby")
        self.game.check_players(players)
        self._resize(players)
        return self._lobby_changed()

    def kick(self, pid: str, now: int = 0) -> list[Outgoing]:
        """Send a peer away: it is told so, its token voided and its connection forgotten (the glue
        closes it); its seat is then handled as for any peer gone for good."""
        member = self.members.get(pid)
        if member is None or pid == HOST_PID:
            return []
        out = [] if member.conn is None else [self._send(member, "denied", code="net.error.kicked")]
        if member.token:
            self.kicked.add(digest("parlour-kicked", member.token))
        member.token = ""
        if member.conn is not None:
            self.conns.pop(member.conn, None)
        member.conn = None
        return out + self._gone(member, now)

    def rematch(self) -> list[Outgoing]:
        """After the end: back to the lobby with the same table (everyone says ready again)."""
        self._require(OVER, "net.error.not-over")
        self.phase, self.match, self.seedlog, self.started_at = LOBBY, None, SeedLog(), None
        self._plans.clear()
        self._asked.clear()
        for member in list(self.members.values()):
            if member.state == GONE:
                self._forget(member)
        for seat in self.seats:
            if seat.kind == AI and seat.pid is not None:  # an AI stood in for a guest who left
                seat.kind, seat.pid, seat.name, seat.level = OPEN, None, "", ""
        return self._lobby_changed()

    def can_start(self) -> str | None:
        """Why the match cannot start yet (a message key), or ``None``."""
        if self.phase != LOBBY:
            return "net.error.not-lobby"
        if any(s.kind == OPEN for s in self.seats):
            return "net.error.seats-open"
        for seat in self.seats:
            if seat.kind == GUEST:
                member = self.members[str(seat.pid)]
                if not member.ready or member.state != CONNECTED:
                    return "net.error.not-ready"
        return None

    def start(self, now: int) -> list[Outgoing]:
        """Begin drawing the seed (every seat filled, every seated guest ready)."""
        reason = self.can_start()
        if reason is not None:
            raise IllegalMove(f"cannot start: {reason}", code=reason)
        self.round += 1
        self.seeding_since, self.stalled = now, []
        self.seedlog = SeedLog(
            self._participants(),
            {HOST_PID: commitment(self._secret("value"), HOST_PID)},
            {},
            commitment(self._secret("salt"), SALT_ID),
        )
        self.phase = SEEDING
        out = self._broadcast_lobby()
        for member in self._connected():
            out += self._seeding_messages(member)
        return out + self._maybe_reveal(now)

    def play(self, move: JSON, now: int) -> list[Outgoing]:
        """The host's own move (as JSON); raises :class:`IllegalMove` with the reason if refused."""
        seat = self.members[HOST_PID].seat
        if seat is None:
            raise IllegalMove("the host has no seat", code="net.error.no-seat")
        self._require_play()
        return self._apply(seat, self.game.decode_move(self._stamp(move, now)), now)

    def bots_to_move(self, now: int) -> list[int]:
        """The AI seats whose next action is due at ``now``, earliest first: call :meth:`run_bots`
        (after a short delay, for the eye). Turn-based bots are due at once; a real-time bot's
        action is due at the match time it planned."""
        due = [(t, seat) for seat, t in self._bot_plans() if t <= self.clock(now)]
        return [seat for _, seat in sorted(due)]

    def next_bot_at(self, now: int) -> int | None:
        """The ``now`` at which the next bot action falls due (``None``: no bot has anything to
        do); set a timer for it and call :meth:`run_bots` then."""
        if self.started_at is None:
            return None
        times = [t for _, t in self._bot_plans()]
        due = self._due_at()
        if due is not None:
            times.append(due)
        return None if not times else max(now, self.started_at + min(times))

    def run_bots(self, now: int, limit: int = 1) -> list[Outgoing]:
        """Let up to ``limit`` due bot actions happen, each sent to every peer like any other move."""
        out: list[Outgoing] = self._run_due(now)
        for _ in range(limit):
            seats = self.bots_to_move(now)
            if not seats or self.match is None:
                break
            plan = self._plans[(len(self.match.plies), seats[0])]
            out += self._apply(seats[0], self.game.decode_move(self._stamp(plan, now)), now)
        return out

    def give_seat_to_ai(self, index: int, now: int, level: str = "") -> list[Outgoing]:
        """Let an AI play the seat of a guest who is gone (the guest may take it back on return)."""
        if self.phase not in (PLAYING, PAUSED):
            raise IllegalMove("no match is being played", code="net.error.not-playing")
        seat = self.seats[index]
        if seat.kind != GUEST:
            raise IllegalMove("only a guest's seat can be given to the AI", code="net.error.not-guest-seat")
        seat.kind, seat.level = AI, level or self.ai_level
        self._note(f"seat {index} given to the AI ({seat.level})")
        self._maybe_resume()
        return self._broadcast_lobby()

    def local(self) -> dict[str, JSON]:
        """What the host's own UI shows: the same fields a guest gets in a ``view`` message, with the
        whole log (nothing is sent, so no message budget cuts it). Drawn after every move: the log's
        entries are cut once per ply and kept (issue #17: a long game's log was cut and measured as
        JSON on every redraw of the host's page)."""
        if self.match is None:
            return {}
        seat = self.members[HOST_PID].seat
        key = (self.match, len(self.match.plies), seat, self.send_legal)
        if self._local is None or self._local[0] != key:  # the same position: the same view, kept
            log = self._seen_log(seat)
            says = [self._words(i, seat) for i in range(len(log))]
            self._local = (key, {**self._table(seat), "log": list(log), "says": says, "log_from": 0})
        return dict(self._local[1])

    def dumps(self) -> str:
        """The whole session (match record, seats, peers and their tokens) for the host's storage.

        It holds secrets (the tokens, the salt): keep it in the host's own storage only.
        """
        return canonical_json(
            {
                "kind": SAVE_KIND,
                "v": PROTOCOL_VERSION,
                "entropy": self.entropy,
                "game": self.game.id,
                "options": dict(self.options),
                "phase": self.phase,
                "grace_ms": self.grace_ms,
                "on_gone": self.on_gone,
                "ai_level": self.ai_level,
                "next_pid": self.next_pid,
                "round": self.round,
                "started_at": self.started_at,
                "send_legal": self.send_legal,
                "seats": [s.to_json() for s in self.seats],
                "members": [m.to_json() for m in self.members.values()],
                "seedlog": self.seedlog.to_json(),
                "record": None if self.match is None else self.match.record.to_json(),
            }
        )

    @classmethod
    def loads(cls, text: str, games: GameLookup = lookup_game, *, now: int) -> HostSession:
        """Restore a session saved by :meth:`dumps`. Every guest starts *reconnecting*: their
        pages reconnect with their tokens and carry on. Raises ``ValueError`` on a damaged save."""
        try:
            data = json.loads(text)
            if data.get("kind") != SAVE_KIND or data.get("v") != PROTOCOL_VERSION:
                raise ValueError("not a saved host session")
            game, bots = games(str(data["game"]))
            host = cls(game, bots, entropy=str(data["entropy"]), options=data["options"], host_seat=None)
            host.grace_ms, host.on_gone, host.ai_level = data["grace_ms"], data["on_gone"], data["ai_level"]
            host.next_pid, host.round = int(data["next_pid"]), int(data["round"])
            host.started_at, host.send_legal = data["started_at"], data["send_legal"]
            host.seats = [Seat.from_json(s) for s in data["seats"]]
            host.members = {}
            for item in data["members"]:
                member = Member.from_json(item, now)
                if member.pid == HOST_PID:
                    member.state = CONNECTED
                host.members[member.pid] = member
            host.seedlog = SeedLog.from_json(data["seedlog"])
            if data["record"] is not None:
                host.match = Match.replay(game, MatchRecord.from_json(data["record"]))
            host.phase = data["phase"]
        except (KeyError, TypeError, ValueError, AttributeError, ParlourError) as exc:
            raise ValueError(f"the saved host session is damaged: {exc}") from exc
        return host

    def _bot_plans(self) -> list[tuple[int, int]]:
        """``(seat, match time due)`` of every AI seat that may act and has something to do.

        A bot is asked once per seat and ply (with dice fixed by the host's secret, the ply and the
        seat), so asking again, on every timer, gives the same plan and costs nothing. With
        :attr:`bots_elsewhere` only the answers already in count; otherwise a missing one is
        answered here and now, by the same :func:`~parlour.net.hostbots.decide` a worker runs.
        """
        if self.phase != PLAYING or self.match is None:
            return []
        ply = len(self.match.plies)
        plans: list[tuple[int, int]] = []
        for seat in self._bot_seats():
            if (ply, seat) not in self._plans and not self.bots_elsewhere:
                self.answer_here(self._question(ply, seat))
            plan = self._plans.get((ply, seat))
            if plan is not None:
                timed = isinstance(plan, dict) and isinstance(plan.get("t"), int)
                plans.append((seat, int(plan["t"]) if timed else 0))
        return plans

    def _bot_seats(self) -> list[int]:
        """The AI seats that may act now."""
        if self.match is None or self.phase not in (PLAYING, PAUSED):
            return []
        return [seat for seat in self.game.to_act(self.match.state) if self.seats[seat].kind == AI]

    def _question(self, ply: int, seat: int) -> Question:
        """What the bot of ``seat`` is asked at ply ``ply`` (the current one)."""
        assert self.match is not None
        return ask(
            self.game,
            self.match.state,
            table=self._table_key(),
            ply=ply,
            seat=seat,
            level=self.seats[seat].level,
            seed=self._secret(f"bot:{ply}:{seat}"),
        )

    def bot_questions(self, most: int | None = None) -> list[Question]:
        """With :attr:`bots_elsewhere`: a question for each AI seat that may act now and whose
        decision is neither known nor already asked (each is returned once; at most ``most``, the
        rest at the next call). Send each :attr:`~parlour.net.hostbots.Question.text` to the worker
        and its reply to :meth:`bot_answer`."""
        if not self.bots_elsewhere or self.phase != PLAYING or self.match is None:
            return []
        ply = len(self.match.plies)
        self._asked = {asked for asked in self._asked if asked[0] == ply}
        out: list[Question] = []
        for seat in self._bot_seats():
            asked = (ply, seat, self.seats[seat].level)
            if most is not None and len(out) >= most:
                break
            if (ply, seat) not in self._plans and asked not in self._asked:
                self._asked.add(asked)
                out.append(self._question(ply, seat))
        return out

    def bot_answer(self, reply: str) -> bool:
        """Keep a bot's answer (:func:`~parlour.net.hostbots.decide`'s text) as its seat's plan for
        the current ply; ``False`` (dropped, nothing changed) when the table has moved on since the
        question (another ply, a rematch, the seat no longer an AI's or at another level) or the
        reply is not an answer. Then ask :meth:`next_bot_at` again: the answer may be due now."""
        found = answer_of(reply)
        if found is None:
            self._note("a bot's reply was not an answer: dropped")
            return False
        key, move = found
        seat = self._asked_seat(key)
        if seat is None or self.match is None:
            return False
        ply = len(self.match.plies)
        if move is not None:
            try:
                self.game.decode_move(move)
            except Exception as exc:  # our own worker's answer: a bug, never played
                self._note(f"seat {seat}: a bot answered {str(move)[:60]} ({type(exc).__name__}): dropped")
                return False
        if len(self._plans) > 64:
            self._plans = {k: v for k, v in self._plans.items() if k[0] == ply}
        self._asked.discard((ply, seat, self.seats[seat].level))
        self._plans[(ply, seat)] = move
        return True

    def answer_here(self, question: Question) -> bool:
        """Answer ``question`` on the spot, with the same :func:`~parlour.net.hostbots.decide` a
        worker runs (no worker, or it could not answer this one), and keep the answer as
        :meth:`bot_answer` does; a question the table has left is not even thought about."""
        if self._asked_seat(question.key) is None:
            return False
        return self.bot_answer(decide(json.loads(question.text), self.game, self.bots, self._bots))

    def bots_here(self) -> None:
        """There is no worker: from now on the host answers its bots' questions on the spot.
        Questions still out are forgotten; an answer that comes anyway is still taken."""
        self.bots_elsewhere = False
        self._asked.clear()

    def _asked_seat(self, key: str) -> int | None:
        """The AI seat a question with ``key`` is for, if it is still this table's question now."""
        if self.match is None:
            return None
        ply = len(self.match.plies)
        return next((s for s in self._bot_seats() if self._question_key(ply, s) == key), None)

    def _question_key(self, ply: int, seat: int) -> str:
        return key_of(self._table_key(), ply, seat, self.seats[seat].level)

    def _table_key(self) -> str:
        """This table's match: the session and its round (a rematch is another)."""
        return f"{self.sid}:{self.round}"
