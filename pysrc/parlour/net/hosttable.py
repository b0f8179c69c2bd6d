"""A hosted table's state and what the host sends, to whom: each seat's cut of the table, snapshots
and the log in words, the end's record, the lobby, refusals (:class:`HostTable`, the base of
:class:`parlour.net.host.HostSession`; split from it so that each module compiles in a short task,
decision 0114)."""

from __future__ import annotations

import hmac
import json
import logging
from collections import deque
from collections.abc import Mapping
from typing import Any

from parlour.engine import JSON, Game, IllegalMove, Match, canonical_json
from parlour.engine.bots import Bot, BotFactory
from parlour.net.fairness import SeedLog
from parlour.net.lobby import (
    AI,
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
    SEEDING,
    Member,
    Seat,
)
from parlour.net.wire import (
    Outgoing,
    clean_name,
    digest,
    encode,
    view_hash,
)

logger = logging.getLogger("parlour.net")

SNAPSHOT_BUDGET = 200_000
"""Largest ``view`` message the host sends, in UTF-8 bytes: under the 256 KiB a Chromium data channel
carries in one message (and the guests' ``MAX_FROM_HOST``). A snapshot of a very long game leaves out
its oldest log entries (``log_from`` says where the log starts), so it can always be rejoined."""
MAX_NOTE = 300
"""Characters of a log line: a line quoting hostile input must stay short."""


class HostTable:
    """A hosted table's state (the session's, made by its ``__init__``) and what it sends: the
    base of :class:`~parlour.net.host.HostSession`, whose docstring tells the whole."""

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

    def _resize(self, players: int) -> None:
        for seat in self.seats[players:]:
            if seat.pid in self.members:
                self.members[str(seat.pid)].seat = None
        self.seats = self.seats[:players]
        for i in range(len(self.seats), players):
            used = {s.colour for s in self.seats}
            colour = next(c for c in PALETTE if c not in used)
            self.seats.append(Seat(i, colour=colour))

    def clock(self, now: int) -> int:
        """Match time in ms: what real-time moves are stamped with (the host's order of arrival)."""
        return 0 if self.started_at is None else max(0, now - self.started_at)

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

    def _seeding_messages(self, member: Member) -> list[Outgoing]:
        log = self.seedlog
        out = [self._send(member, "seed", who=list(log.participants), round=self.round)]
        if log.all_committed():
            out.append(self._send(member, "commits", c=dict(log.commits), salt=log.salt_commit))
        return out

    def _maybe_resume(self) -> None:
        if self.phase != PAUSED:
            return
        for seat in self.seats:
            if seat.kind == GUEST and self.members[str(seat.pid)].state == GONE:
                return
        self.phase = PLAYING

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

    def _secret(self, label: str) -> str:
        """A value only the host knows, fixed per session and round (so a reload keeps it)."""
        return digest("parlour-secret", self.entropy, str(self.round), label)

    def _participants(self) -> list[str]:
        """Who draws the seed: the host and every seated guest (each guest checks it is included)."""
        return [HOST_PID] + [str(s.pid) for s in self.seats if s.kind == GUEST]

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
