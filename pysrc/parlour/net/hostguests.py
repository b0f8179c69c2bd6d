"""The host's side of the guests' messages (one handler per type), seats taken and left, the seed
drawing and a move applied and sent to everyone (:class:`HostGuests`, a base of
:class:`parlour.net.host.HostSession`; split from it so that each module compiles in a short task,
decision 0114)."""

from __future__ import annotations

from typing import Any

from parlour.engine import JSON, Match, ParlourError
from parlour.net.fairness import SeedLog, commitment, derive_seed
from parlour.net.hosttable import HostTable
from parlour.net.lobby import (
    AI,
    CONNECTED,
    GONE,
    GUEST,
    HOST_PID,
    LOBBY,
    OPEN,
    OVER,
    PALETTE,
    PAUSED,
    PLAYING,
    SEEDING,
    Member,
)
from parlour.net.wire import (
    TOKEN_LEN,
    Outgoing,
    clean_name,
    digest,
    encode,
)

MAX_MEMBERS = 64
"""Peers a session keeps at once (seated or watching): a flood of joins cannot exhaust memory."""
SYNC_INTERVAL_MS = 1_000
"""A peer may ask for a fresh view at most this often (a snapshot costs the host work)."""
MOVE_BURST = 20
MOVE_RATE_MS = 200
"""Moves per peer: a burst of :data:`MOVE_BURST`, then one every :data:`MOVE_RATE_MS` (5 a second).
Nobody clicks faster; a flood of lawful no-op moves would otherwise be broadcast without bound."""


class HostGuests(HostTable):
    """The guests' messages, seats and the seed drawing of a :class:`~parlour.net.host.HostSession`."""

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
