"""The host: the one peer that runs the rules and decides what happened.

:class:`HostSession` is a plain object the transport feeds: incoming text with the connection it
came on and the time (``now``, epoch milliseconds such as ``Date.now()``), returning the messages to send
as ``(connection id, text)`` pairs. It starts no threads and reads no clock, so a whole session can
be replayed in a test. Every peer is sent only what :meth:`Game.view` and :meth:`Event.seen_by`
allow for its seat (spectators: the public cut). Bad input from a peer is logged and dropped;
it never raises out of :meth:`HostSession.receive` and never changes the game.
"""

from __future__ import annotations

import hmac
import json
import logging
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from parlour.engine import JSON, Game, IllegalMove, Match, MatchRecord, ParlourError, canonical_json
from parlour.engine.bots import Bot, BotFactory
from parlour.net.fairness import SALT_ID, SeedLog, commitment, derive_seed
from parlour.net.hostbots import Question, answer_of, ask, decide, key_of
from parlour.net.lobby import (
    AI,
    CONNECTED,
    GONE,
    GUEST,
    HOST_PID,
    HOST_SEAT,
    LOBBY,
    ON_GONE,
    OPEN,
    OVER,
    PALETTE,
    PAUSED,
    PLAYING,
    RECONNECTING,
    SEEDING,
    Member,
    Seat,
)
from parlour.net.wire import (
    PROTOCOL_VERSION,
    TOKEN_LEN,
    BadMessage,
    Outgoing,
    clean_name,
    digest,
    encode,
    parse_guest,
    view_hash,
)

logger = logging.getLogger("parlour.net")

MAX_MEMBERS = 64
"""Peers a session keeps at once (seated or watching): a flood of joins cannot exhaust memory."""
SYNC_INTERVAL_MS = 1_000
"""A peer may ask for a fresh view at most this often (a snapshot costs the host work)."""
SAVE_KIND = "parlour-host-session"
SEED_TIMEOUT_MS = 30_000
"""A seed drawing not finished this long after it began is abandoned, naming who stalled it."""
MOVE_BURST = 20
MOVE_RATE_MS = 200
"""Moves per peer: a burst of :data:`MOVE_BURST`, then one every :data:`MOVE_RATE_MS` (5 a second).
Nobody clicks faster; a flood of lawful no-op moves would otherwise be broadcast without bound."""
SNAPSHOT_BUDGET = 200_000
"""Largest ``view`` message the host sends, in UTF-8 bytes: under the 256 KiB a Chromium data channel
carries in one message (and the guests' ``MAX_FROM_HOST``). A snapshot of a very long game leaves out
its oldest log entries (``log_from`` says where the log starts), so it can always be rejoined."""
MAX_NOTE = 300
"""Characters of a log line: a line quoting hostile input must stay short."""

GameLookup = Callable[[str], tuple[Game[Any, Any], Mapping[str, BotFactory]]]
"""Game id → (game definition, bot factories); raises ``KeyError`` for an unknown game."""


def lookup_game(game_id: str) -> tuple[Game[Any, Any], Mapping[str, BotFactory]]:
    """The :data:`GameLookup` of this build: ``GAME`` and ``BOTS`` of the game's package."""
    from parlour import games  # imported late: loading a game package is the caller's choice

    mod = games.module(game_id)
    return mod.GAME, mod.BOTS


class HostSession:
    """One hosted table: lobby, seed drawing, play, pauses, reconnections and the end.

    The host is itself a peer (id ``"h"``) and usually holds a seat: its UI calls :meth:`play`
    and reads :meth:`local`. AI seats are played by the host when :meth:`run_bots` is called.

    A bot's decision is a question and an answer (:mod:`parlour.net.hostbots`): with
    :attr:`bots_elsewhere` the caller sends each of :meth:`bot_questions` to a worker and hands the
    replies to :meth:`bot_answer` whenever they come; otherwise the host answers them on the spot.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        bots: Mapping[str, BotFactory] | None = None,
        *,
        entropy: str,
        name: str = "Host",
        players: int | None = None,
        options: Mapping[str, JSON] | None = None,
        host_seat: int | None = 0,
        grace_ms: int = 60_000,
        on_gone: str = "pause",
        ai_level: str = "random",
        send_legal: bool | None = None,
        now: int = 0,
    ) -> None:
        if on_gone not in ON_GONE:
            raise ValueError(f"on_gone must be one of {ON_GONE}")
        self.entropy = entropy
        self.sid = digest("parlour-sid", entropy)[:12]
        self.grace_ms = grace_ms
        self.on_gone = on_gone
        self.ai_level = ai_level
        self.send_legal = send_legal
        """Whether views carry the receiver's legal moves; ``None``: the game's ``net_send_legal``
        (default true). A game whose legal moves would give away a puzzle's answer sets it false."""
        self.started_at: int | None = None
        """``now`` when the match began: real-time moves are stamped with ``now - started_at``."""
        self.phase = LOBBY
        self.members: dict[str, Member] = {
            HOST_PID: Member(HOST_PID, clean_name(name, "Host"), "", since=now)
        }
        self.conns: dict[str, str] = {}
        self.next_pid = 1
        self.round = 0
        self.seedlog = SeedLog()
        self.match: Match[Any, Any] | None = None
        self.log: deque[str] = deque(maxlen=1_000)
        """Lines about dropped or refused input, newest last (also sent to the ``parlour.net`` logger)."""
        self._bots: dict[str, Bot] = {}
        """The bots that answered on the spot, by table, seat and level (a bot may remember)."""
        self._plans: dict[tuple[int, int], JSON] = {}
        """``(ply, seat)`` → the AI seat's decision at that ply (an encoded move, or ``None``: it waits)."""
        self.bots_elsewhere = False
        """Whether the bots' questions are answered elsewhere (a worker: :meth:`bot_questions`,
        :meth:`bot_answer`), so the host never searches itself; false: answered on the spot."""
        self._asked: set[tuple[int, int, str]] = set()
        """``(ply, seat, level)`` of the questions sent and not answered yet (sent once each)."""
        self._said: tuple[Match[Any, Any] | None, dict[int | None, list[JSON]]] = (None, {})
        """Each ply's words per receiving seat (:meth:`_words`), for the match they were made for."""
        self._seen: tuple[Match[Any, Any] | None, dict[int | None, list[JSON]]] = (None, {})
        """Each seat's log as it may see it, per ply (:meth:`_seen_log`), for the match it was cut from."""
        self._local: tuple[tuple[Any, ...], dict[str, JSON]] | None = None
        """What :meth:`local` gave last, and for which match, ply, seat and legal-move setting."""
        self._last_snapshot: dict[str, int] = {}
        self._moves: dict[str, tuple[float, int]] = {}
        """Per peer: (allowance of moves left, ``now`` it was counted at), a token bucket."""
        self.kicked: set[str] = set()
        """Digests of voided tokens: a kicked peer coming back with its token is told it was kicked."""
        self.seeding_since = 0
        self.stalled: list[str] = []
        """Peer ids that held up the last abandoned seed drawing (shown in the lobby until the next)."""
        self.last_resort = 0
        """Messages that reached the last-resort catch of :meth:`receive` (a bug if ever above 0)."""
        self.game = game
        self.bots: dict[str, BotFactory] = dict(bots or {})
        self.options = game.check_options(options)
        self.seats: list[Seat] = []
        game.check_players(players or game.min_players)  # a table the game cannot start is refused now
        self._resize(players or game.min_players)
        if host_seat is not None:
            self.set_seat(host_seat, HOST_SEAT)

    # --- transport events ----------------------------------------------------------------------
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

    # --- the host's own controls ---------------------------------------------------------------
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

    def set_seat(self, index: int, kind: str, level: str = "", name: str = "") -> list[Outgoing]:
        """Make seat ``index`` open, the host's own, or an AI of ``level`` (a key of the bots)."""
        self._require(LOBBY, "net.error.not-lobby")
        seat = self.seats[index]
        if seat.pid is not None and seat.pid in self.members:
            self.members[seat.pid].seat = None
        seat.kind, seat.pid, seat.level, seat.name = OPEN, None, "", ""
        host = self.members[HOST_PID]
        if kind == HOST_SEAT:
            if host.seat is not None:
                self.seats[host.seat].kind, self.seats[host.seat].pid = OPEN, None
                self.seats[host.seat].name = ""
            seat.kind, seat.pid, seat.name, host.seat = HOST_SEAT, HOST_PID, host.name, index
        elif kind == AI:
            seat.kind, seat.level = AI, level or self.ai_level
            seat.name = name or f"AI {seat.level}"
        elif kind != OPEN:
            raise ValueError(f"unknown seat kind {kind!r}")
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

    def clock(self, now: int) -> int:
        """Match time in ms: what real-time moves are stamped with (the host's order of arrival)."""
        return 0 if self.started_at is None else max(0, now - self.started_at)

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

    def lobby(self) -> dict[str, JSON]:
        """The table as every peer sees it (the ``lobby`` message's fields)."""
        return {
            "phase": self.phase,
            "game": self.game.id,
            "players": len(self.seats),
            "options": dict(self.options),
            "seats": [{**s.public(), "level": s.level} for s in self.seats],
            "peers": [m.public() for m in self.members.values()],
            "stalled": list(self.stalled),
        }

    # --- saving and restoring ------------------------------------------------------------------
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

    # --- message handlers (one per guest message type) -----------------------------------------
    def _hello(self, conn: str, msg: dict[str, JSON], now: int) -> list[Outgoing]:
        if conn in self.conns:
            return self._drop(conn, "second hello on one connection")
        token = msg.get("token")
        if token:
            member = self._by_token(str(token))
            if member is None and digest("parlour-kicked", str(token)) in self.kicked:
                self._note(f"{conn}: hello from a kicked peer")
                return [(conn, encode("denied", 1, code="net.error.kicked"))]
            if member is None:
                self._note(f"{conn}: hello with an unknown token")
                return [(conn, encode("denied", 1, code="net.error.token"))]
            return self._rejoin(member, conn, msg, now)
        if len(self.members) >= MAX_MEMBERS:
            self._note(f"{conn}: table full")
            return [(conn, encode("denied", 1, code="net.error.full"))]
        pid = f"p{self.next_pid}"
        self.next_pid += 1
        token = digest("parlour-token", self.entropy, pid)[:TOKEN_LEN]
        member = Member(pid, clean_name(str(msg["name"]), f"Guest {pid[1:]}"), token, since=now)
        self.members[pid] = member
        self._bind(member, conn, msg)
        if msg["want"] == "play" and self.phase == LOBBY:
            wanted = msg.get("seat")
            free = [s.index for s in self.seats if s.kind == OPEN]
            index = wanted if wanted in free else (free[0] if free else None)
            if index is not None:
                self._sit(member, int(index))
                self._recolour(member, msg.get("colour"))
        return self._welcome(member, now)

    def _rejoin(self, member: Member, conn: str, msg: dict[str, JSON], now: int) -> list[Outgoing]:
        if member.conn is not None:
            # The peer reloaded before the old connection was noticed as lost.
            self.conns.pop(member.conn, None)
        member.state, member.since = CONNECTED, now
        self._bind(member, conn, msg)
        if member.seat is not None:
            seat = self.seats[member.seat]
            if seat.kind == AI and seat.pid == member.pid:
                seat.kind, seat.level = GUEST, ""
        self._note(f"{member.pid} reconnected on {conn}")
        self._maybe_resume()
        return self._welcome(member, now)

    def _on_seat(self, member: Member, msg: dict[str, JSON], now: int) -> list[Outgoing]:
        if self.phase != LOBBY:
            return self._refuse(member, msg, "net.error.not-lobby")
        index = msg.get("seat")
        if index is None:
            if member.seat is None:
                return []  # already watching: nothing changed, nobody's ready flag is touched
            self._unsit(member)
            return self._lobby_changed()
        if not isinstance(index, int) or index >= len(self.seats):
            return self._refuse(member, msg, "net.error.no-seat")
        seat = self.seats[index]
        if seat.kind != OPEN and seat.pid != member.pid:
            return self._refuse(member, msg, "net.error.seat-taken")
        colour = msg.get("colour")
        if member.seat == index and (colour is None or colour == seat.colour):
            return []  # the same seat and colour again: nothing changed, ready flags stay
        if colour is not None and not self._colour_free(str(colour), index):
            return self._refuse(member, msg, "net.error.colour-taken")
        if member.seat != index:
            self._unsit(member)
            self._sit(member, index)
        self._recolour(member, colour)
        return self._lobby_changed()

    def _on_ready(self, member: Member, msg: dict[str, JSON], now: int) -> list[Outgoing]:
        if self.phase != LOBBY or member.seat is None:
            return self._refuse(member, msg, "net.error.not-lobby")
        if member.ready == msg["ready"]:
            return []
        member.ready = bool(msg["ready"])
        return self._broadcast_lobby()

    def _on_commit(self, member: Member, msg: dict[str, JSON], now: int) -> list[Outgoing]:
        log = self.seedlog
        if self.phase != SEEDING or member.pid not in log.participants:
            return self._drop(member.conn, "commit outside the seed drawing")
        known = log.commits.get(member.pid)
        if known is not None:
            return [] if known == msg["c"] else self._drop(member.conn, "changed its commitment")
        log.commits[member.pid] = str(msg["c"])
        return self._maybe_reveal(now)

    def _on_reveal(self, member: Member, msg: dict[str, JSON], now: int) -> list[Outgoing]:
        log = self.seedlog
        if self.phase != SEEDING or member.pid not in log.participants or not log.all_committed():
            return self._drop(member.conn, "reveal outside the reveal step")
        if commitment(str(msg["r"]), member.pid) != log.commits[member.pid]:
            return self._drop(member.conn, "reveal does not match its commitment")
        log.reveals[member.pid] = str(msg["r"])
        return self._maybe_begin(now)

    def _on_move(self, member: Member, msg: dict[str, JSON], now: int) -> list[Outgoing]:
        if member.seat is None or msg["seat"] != member.seat:
            return self._drop(member.conn, f"move for seat {msg['seat']} from seat {member.seat}")
        if self.phase == PAUSED:
            return self._refuse(member, msg, "net.error.paused")
        if self.phase != PLAYING or self.match is None:
            return self._drop(member.conn, f"move during {self.phase}")
        if self.seats[member.seat].kind != GUEST:
            return self._drop(member.conn, "move for a seat the AI plays")
        if not self._allow_move(member, now):
            self._note(f"{member.pid}: moves too fast, refused")
            return self._refuse(member, msg, "net.error.too-fast")
        # Real-time moves (JSON with a time ``t``) race others by design: one made on a view a few
        # plies old is judged by the rules on the current state, not refused as stale.
        timed = isinstance(msg["m"], dict) and "t" in msg["m"]
        current = len(self.match.plies)
        # A game whose players may act at any moment (Wooly Bully's wolves) re-judges a move made
        # on an older view against the current state (``Game.rejudge``): it is refused only when
        # what happened in between really conflicts with it, and then with the game's reason.
        rejudge = getattr(self.game, "rejudge", None)
        late = isinstance(msg["ply"], int) and 0 <= msg["ply"] < current and callable(rejudge)
        if msg["ply"] != current and not (timed and msg["ply"] < current) and not late:
            self._note(f"{member.pid}: stale move for ply {msg['ply']}")
            # The fresh picture goes at most once a second: stale moves must not buy snapshots.
            refused = self._refuse(member, msg, "net.error.stale")  # numbered before the snapshot
            return refused + (self._catch_up(member, now) if self._snapshot_due(member, now) else [])
        try:
            move = self.game.decode_move(self._stamp(msg["m"], now))
            if late and msg["ply"] != current:
                assert rejudge is not None
                rejudge(self.match.states[msg["ply"]], self.match.state, member.seat, move)
            return self._apply(member.seat, move, now)
        except ParlourError as exc:
            self._note(f"{member.pid}: refused {str(msg['m'])[:60]}: {exc}")
            return self._refuse(member, msg, exc.code or "net.error.illegal", exc.rule, exc.params)
        except Exception as exc:  # a game's decode_move meeting JSON it never imagined
            self._note(f"{member.pid}: move crashed the rules ({type(exc).__name__}), refused")
            return self._refuse(member, msg, "net.error.malformed")

    def _on_sync(self, member: Member, msg: dict[str, JSON], now: int) -> list[Outgoing]:
        # One snapshot a second per peer, whether it asked (sync) or moved on an old view (stale).
        if not self._snapshot_due(member, now):
            return self._drop(member.conn, "sync asked too often")
        return self._send_lobby(member) + self._catch_up(member, now)

    def _snapshot_due(self, member: Member, now: int) -> bool:
        if now - self._last_snapshot.get(member.pid, -SYNC_INTERVAL_MS) < SYNC_INTERVAL_MS:
            return False
        self._last_snapshot[member.pid] = now
        return True

    def _allow_move(self, member: Member, now: int) -> bool:
        """A token bucket per peer: :data:`MOVE_BURST` moves at once, then one per :data:`MOVE_RATE_MS`."""
        allowance, since = self._moves.get(member.pid, (float(MOVE_BURST), now))
        allowance = min(float(MOVE_BURST), allowance + max(0, now - since) / MOVE_RATE_MS)
        if allowance < 1:
            self._moves[member.pid] = (allowance, now)
            return False
        self._moves[member.pid] = (allowance - 1, now)
        return True

    def _on_bye(self, member: Member, msg: dict[str, JSON], now: int) -> list[Outgoing]:
        if member.conn is not None:
            self.conns.pop(member.conn, None)
        member.conn = None
        return self._gone(member, now)

    # --- play ----------------------------------------------------------------------------------
    def _apply(self, seat: int, move: Any, now: int) -> list[Outgoing]:
        assert self.match is not None
        encoded = self.game.encode_move(move)
        timed = isinstance(encoded, dict) and isinstance(encoded.get("t"), int)
        events = self.match.play(seat, move, t=int(encoded["t"]) if timed else None)
        out: list[Outgoing] = []
        cuts: dict[int | None, dict[str, JSON]] = {}  # one cut per seat, however many watch it
        for member in self._connected():
            if member.seat not in cuts:
                seen = [e for e in (ev.seen_by(member.seat) for ev in events) if e is not None]
                say = self._words(len(self.match.plies) - 1, member.seat)
                cuts[member.seat] = {"by": seat, "ev": seen, "say": say, **self._table(member.seat, now)}
            out.append(self._send(member, "update", **cuts[member.seat]))
        if self.match.outcome() is not None:
            self.phase = OVER
            self.seedlog.salt = self._secret("salt")
            out += self._broadcast_lobby()
            for member in self._connected():
                out += self._end(member)
        return out

    def _table(self, seat: int | None, now: int | None = None) -> dict[str, JSON]:
        """The fields of ``view`` and ``update`` messages for ``seat``: all cut for that seat. A
        real-time game's also carry ``clock``, the match time as sent (given ``now``): a guest's page
        counts on from it (a lock-out, a trace's time left) without a clock of its own."""
        assert self.match is not None
        state = self.match.state
        view = self.game.view(state, seat)
        acting = list(self.game.to_act(state))
        offer = self.send_legal if self.send_legal is not None else getattr(self.game, "net_send_legal", True)
        legal = self.game.legal_moves(state, seat) if offer and seat is not None and seat in acting else []
        outcome = self.match.outcome()
        return {
            "ply": len(self.match.plies),
            "view": view,
            "hash": view_hash(view),
            "act": acting,
            "legal": [self.game.encode_move(m) for m in legal],
            "outcome": None if outcome is None else outcome.to_json(),
        } | ({"clock": self.clock(now)} if now is not None and getattr(self.game, "realtime", False) else {})

    def _snapshot(self, seat: int | None, now: int | None = None) -> dict[str, JSON]:
        """A whole picture for ``seat``: the current table and the log of what it could see."""
        if self.match is None:
            return {}
        log = list(self._seen_log(seat))
        says = [self._words(i, seat) for i in range(len(log))]
        table = self._table(seat, now)
        room = SNAPSHOT_BUDGET - _size(table) - 200
        if _size(log) + _size(says) <= room:
            return {**table, "log": log, "says": says, "log_from": 0}
        start, used = len(log), 0
        while start > 0:
            size = _size(log[start - 1]) + _size(says[start - 1]) + 2
            if used + size > room:
                break
            used, start = used + size, start - 1
        # A very long game: the oldest entries are left out so a returning peer can always rejoin.
        return {**table, "log": log[start:], "says": says[start:], "log_from": start}

    def _seen_log(self, seat: int | None) -> list[JSON]:
        """Every ply as ``seat`` may see it, ``[player, events]``, cut once per ply and seat and kept
        (a ply never changes once played; a rematch is another match)."""
        assert self.match is not None
        if self._seen[0] is not self.match:
            self._seen = (self.match, {})
        seen = self._seen[1].setdefault(seat, [])
        plies, events = self.match.plies, self.match.events
        while len(seen) < len(plies):
            i = len(seen)
            seen.append(
                [plies[i].player, [e for e in (ev.seen_by(seat) for ev in events[i]) if e is not None]]
            )
        return seen

    def _words(self, index: int, seat: int | None) -> JSON:
        """Ply ``index``'s move in words as ``seat`` may know it (``Game.describe_move_for``):
        ``[key, params]``, or ``None`` (who moved is all it may know; decision 0074). Worked out
        once per ply and seat: a snapshot of a long game asks for every ply again."""
        assert self.match is not None
        if self._said[0] is not self.match:
            self._said = (self.match, {})
        said = self._said[1].setdefault(seat, [])
        while len(said) <= index:
            i = len(said)
            ply = self.match.plies[i]
            try:
                move = self.game.decode_move(ply.move)
                words = self.game.describe_move_for(self.match.states[i], ply.player, move, seat)
            except Exception:  # a game's words must never stop a move reaching the table
                logger.exception("parlour.net: describing ply %d", i)
                words = None
            said.append(None if words is None else [words[0], dict(words[1])])
        return said[index]

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

    def _stamp(self, move: JSON, now: int) -> JSON:
        """A real-time move (JSON with an integer ``t``) gets the host's match time: who was first
        is decided by the order moves reach the host, never by a time a peer claims."""
        if isinstance(move, dict) and "t" in move and self.started_at is not None:
            return {**move, "t": self.clock(now)}
        return move

    def _require(self, phase: str, code: str) -> None:
        if self.phase != phase:
            raise IllegalMove(f"not possible during {self.phase}", code=code)

    def _require_play(self) -> None:
        if self.phase == PAUSED:
            raise IllegalMove("the match is paused", code="net.error.paused")
        if self.phase != PLAYING or self.match is None:
            raise IllegalMove("no match is being played", code="net.error.not-playing")

    # --- the seed ------------------------------------------------------------------------------
    def _secret(self, label: str) -> str:
        """A value only the host knows, fixed per session and round (so a reload keeps it)."""
        return digest("parlour-secret", self.entropy, str(self.round), label)

    def _participants(self) -> list[str]:
        """Who draws the seed: the host and every seated guest (each guest checks it is included)."""
        return [HOST_PID] + [str(s.pid) for s in self.seats if s.kind == GUEST]

    def _seeding_messages(self, member: Member) -> list[Outgoing]:
        log = self.seedlog
        out = [self._send(member, "seed", who=list(log.participants), round=self.round)]
        if log.all_committed():
            out.append(self._send(member, "commits", c=dict(log.commits), salt=log.salt_commit))
        return out

    def _maybe_reveal(self, now: int) -> list[Outgoing]:
        log = self.seedlog
        if not log.all_committed():
            return []
        log.reveals[HOST_PID] = self._secret("value")
        out = [self._send(m, "commits", c=dict(log.commits), salt=log.salt_commit) for m in self._connected()]
        return out + self._maybe_begin(now)

    def _maybe_begin(self, now: int) -> list[Outgoing]:
        log = self.seedlog
        if not log.all_revealed():
            return []
        seed = derive_seed(log.reveals, self._secret("salt"))
        names = [s.name for s in self.seats]
        self.match = Match.new(
            self.game, len(self.seats), self.options, seed, {"names": names, "sid": self.sid}
        )
        self.phase = PLAYING
        self.started_at = now
        self._maybe_resume()
        out = self._broadcast_lobby()
        for member in self._connected():
            out += self._catch_up(member, now)
        return out

    # --- peers and seats -----------------------------------------------------------------------
    def _welcome(self, member: Member, now: int) -> list[Outgoing]:
        out = [
            self._send(
                member,
                "welcome",
                sid=self.sid,
                pid=member.pid,
                token=member.token,
                seat=member.seat,
                game=self.game.id,
            )
        ]
        return out + self._broadcast_lobby() + self._catch_up(member, now)

    def _catch_up(self, member: Member, now: int | None = None) -> list[Outgoing]:
        """What a peer needs after (re)joining or asking to resync, for the current phase."""
        if self.phase == SEEDING:
            return self._seeding_messages(member)
        if self.match is None:
            return []
        out = [
            self._send(
                member,
                "start",
                c=dict(self.seedlog.commits),
                salt=self.seedlog.salt_commit,
                reveals=dict(self.seedlog.reveals),
                round=self.round,
            ),
            self._send(member, "view", **self._snapshot(member.seat, now)),
        ]
        if self.phase == OVER:
            out += self._end(member)
        return out

    def _end(self, member: Member) -> list[Outgoing]:
        """The record and the seed log. A record too long for one message (a very long game) goes
        ahead in ``moves`` parts, each within :data:`SNAPSHOT_BUDGET`; ``end`` then says how many."""
        assert self.match is not None
        record, fair = self.match.record.to_json(), self.seedlog.to_json()
        if _size(record) + _size(fair) + 200 <= SNAPSHOT_BUDGET:
            return [self._send(member, "end", record=record, fair=fair)]
        moves = record["moves"]
        assert isinstance(moves, list)
        parts: list[list[JSON]] = [[]]
        used = 0
        for entry in moves:
            size = _size(entry) + 1
            if parts[-1] and used + size > SNAPSHOT_BUDGET - 200:
                parts.append([])
                used = 0
            parts[-1].append(entry)
            used += size
        out = [self._send(member, "moves", moves=part, part=i) for i, part in enumerate(parts)]
        return [*out, self._send(member, "end", record={**record, "moves": []}, fair=fair, parts=len(parts))]

    def _gone(self, member: Member, now: int) -> list[Outgoing]:
        member.state, member.since = GONE, now
        self._note(f"{member.pid} is gone")
        if self.phase == SEEDING and member.pid in self.seedlog.participants:
            self._note("seed drawing abandoned: back to the lobby")
            self.phase = LOBBY
            self.seedlog = SeedLog()
        if self.phase in (LOBBY, SEEDING) or member.seat is None:
            return self._forget(member) + self._broadcast_lobby()
        return self._seat_gone(member) + self._broadcast_lobby()

    def _seat_gone(self, member: Member) -> list[Outgoing]:
        if self.phase in (PLAYING, PAUSED) and member.seat is not None:
            seat = self.seats[member.seat]
            if seat.kind == GUEST:
                if self.on_gone == "ai":
                    seat.kind, seat.level = AI, self.ai_level
                elif self.phase == PLAYING:
                    self.phase = PAUSED
        return []

    def _maybe_resume(self) -> None:
        if self.phase != PAUSED:
            return
        for seat in self.seats:
            if seat.kind == GUEST and self.members[str(seat.pid)].state == GONE:
                return
        self.phase = PLAYING

    def _forget(self, member: Member) -> list[Outgoing]:
        self._unsit(member)
        if member.conn is not None:
            self.conns.pop(member.conn, None)
        self.members.pop(member.pid, None)
        self._last_snapshot.pop(member.pid, None)
        self._moves.pop(member.pid, None)
        return []

    def _sit(self, member: Member, index: int) -> None:
        seat = self.seats[index]
        seat.kind, seat.pid, seat.name = GUEST, member.pid, member.name
        member.seat, member.ready = index, False

    def _unsit(self, member: Member) -> None:
        if member.seat is not None and self.phase in (LOBBY, SEEDING):
            seat = self.seats[member.seat]
            seat.kind, seat.pid, seat.name, seat.level = OPEN, None, "", ""
            member.seat = None
        member.ready = False

    def _colour_free(self, colour: str, index: int) -> bool:
        return colour in PALETTE and all(s.colour != colour for s in self.seats if s.index != index)

    def _recolour(self, member: Member, colour: JSON) -> None:
        if member.seat is not None and isinstance(colour, str) and self._colour_free(colour, member.seat):
            self.seats[member.seat].colour = colour

    def _resize(self, players: int) -> None:
        for seat in self.seats[players:]:
            if seat.pid in self.members:
                self.members[str(seat.pid)].seat = None
        self.seats = self.seats[:players]
        for i in range(len(self.seats), players):
            used = {s.colour for s in self.seats}
            colour = next(c for c in PALETTE if c not in used)
            self.seats.append(Seat(i, colour=colour))

    def _lobby_changed(self) -> list[Outgoing]:
        """Seats or options changed: everyone must say ready again."""
        for member in self.members.values():
            member.ready = False
        return self._broadcast_lobby()

    def _by_token(self, token: str) -> Member | None:
        for member in self.members.values():
            if member.token and hmac.compare_digest(member.token.encode(), token.encode()):
                return member
        return None

    def _bind(self, member: Member, conn: str, msg: dict[str, JSON]) -> None:
        member.conn, member.seq_in, member.seq_out = conn, int(msg["s"]), 0
        self.conns[conn] = member.pid

    def _connected(self) -> list[Member]:
        return [m for m in self.members.values() if m.conn is not None]

    # --- sending -------------------------------------------------------------------------------
    def _send(self, member: Member, kind: str, **fields: JSON) -> Outgoing:
        assert member.conn is not None
        member.seq_out += 1
        return (member.conn, encode(kind, member.seq_out, **fields))

    def _send_lobby(self, member: Member) -> list[Outgoing]:
        return [self._send(member, "lobby", **self.lobby())]

    def _broadcast_lobby(self) -> list[Outgoing]:
        table = self.lobby()
        return [self._send(m, "lobby", **table) for m in self._connected()]

    def _refuse(
        self,
        member: Member,
        msg: dict[str, JSON],
        code: str,
        rule: str = "",
        params: Mapping[str, Any] | None = None,
    ) -> list[Outgoing]:
        safe = json.loads(json.dumps(dict(params or {}), default=str))
        return [self._send(member, "refused", ref=msg["s"], code=code, rule=rule, params=safe)]

    def _drop(self, conn: str | None, reason: str) -> list[Outgoing]:
        self._note(f"dropped a message from {conn}: {reason}")
        return []

    def _note(self, line: str) -> None:
        line = line if len(line) <= MAX_NOTE else line[: MAX_NOTE - 1] + "…"
        self.log.append(line)
        logger.info("parlour.net host %s: %s", self.sid, line)


def _size(data: JSON) -> int:
    """Bytes of ``data`` as it goes on the wire (UTF-8 of its canonical JSON)."""
    return len(canonical_json(data).encode())
