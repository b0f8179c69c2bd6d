"""A guest: a peer that sends intents to the host and shows the views the host sends back.

:class:`GuestSession` takes the host's messages as text and returns what to send back, as
``(HOST, text)`` pairs. It checks each message's sequence number (a gap: something was lost) and
the hash of each view (a mismatch: something was mangled) and then asks the host for a fresh
view. It keeps what it needs to check the whole match at the end (:meth:`GuestSession.verify`).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from parlour.engine import JSON, CorruptMatch, Game, MatchRecord
from parlour.net.fairness import Problem, SeedLog, Steps, commitment, finish, verify_steps
from parlour.net.lobby import LOBBY, OVER
from parlour.net.wire import (
    HOST,
    MAX_FROM_HOST,
    BadMessage,
    Outgoing,
    as_mapping,
    digest,
    encode,
    parse,
    view_hash,
    words_problem,
)

logger = logging.getLogger("parlour.net")

MAX_KEPT_VIEWS = 2_000
"""Past views a guest keeps to show a moment of the log again (the newest ones)."""
MAX_PARTS = 64
"""Parts of a long game's record a guest collects (each up to a data channel's message)."""
SYNC_RETRY_MS = 2_000
"""An unanswered request for a fresh view is repeated after this long."""

ViewCheck = Callable[[str, JSON, "int | None"], None]
"""``(game id, view, seat)``: raises (any exception) when the host's view is not one the game's rules
allow. The browser passes :func:`check_view` (which decodes the view with the game's own code)."""


def check_view(game_id: str, view: JSON, seat: int | None) -> None:
    """The default :data:`ViewCheck`: the game's ``check_view`` if it has one, else its ``from_view``,
    else ``decode_state`` (a game of open information sends its whole position)."""
    from parlour import games  # late: loading a game package is the caller's choice

    game = games.module(game_id).GAME
    check, from_view = getattr(game, "check_view", None), getattr(game, "from_view", None)
    if callable(check):
        check(view, seat)
    elif callable(from_view):
        from_view(view)
    else:
        game.decode_state(view)


# Guest connection states, as the guest's own UI shows them.
CONNECTING, JOINED, RECONNECTING, DENIED = "connecting", "connected", "reconnecting", "denied"


class GuestSession:
    """One guest's side of a session. Pass ``saved`` (from :meth:`saved`, kept in the browser's
    storage) to come back to the same seat after a reload or a lost connection."""

    def __init__(
        self,
        *,
        entropy: str,
        name: str,
        want: str = "play",
        seat: int | None = None,
        colour: str | None = None,
        saved: Mapping[str, Any] | None = None,
        view_check: ViewCheck | None = None,
    ) -> None:
        saved = dict(saved or {})
        self.entropy = str(saved.get("entropy", entropy))
        self.name, self.want, self.wanted_seat, self.colour = name, want, seat, colour
        self.sid: str | None = saved.get("sid")
        self.pid: str | None = saved.get("pid")
        self.token: str | None = saved.get("token")
        self.revealed_sid: str | None = saved.get("sid")
        revealed = saved.get("revealed", 0)
        self.revealed = revealed if isinstance(revealed, int) and not isinstance(revealed, bool) else 0
        """The highest round this guest revealed a value for in this session: it never reveals for
        that round or an earlier one again (a host re-running a round could grind against it)."""
        self.view_check = view_check
        self.rejoined = False
        """The host no longer knew our token, so we dropped it and joined afresh (tell the player)."""
        self.invalid = 0
        """Host messages refused because they carried a view no rule allows."""
        self.last_resort = 0
        """Host messages that reached the last-resort catch of :meth:`receive` (a bug if above 0)."""
        self.status = CONNECTING
        self.denied: str | None = None
        self.phase: str | None = None
        self.seat: int | None = None
        self.lobby: dict[str, JSON] = {}
        self.table: dict[str, JSON] = {}
        """The latest ``ply``, ``view``, ``hash``, ``act`` (seats to act), ``legal`` and ``outcome``."""
        self.log: list[list[JSON]] = []
        """``[seat, [events]]`` per ply, as this guest could see them."""
        self.log_from = 0
        """The ply of ``log[0]``: a snapshot of a very long game leaves out its oldest entries."""
        self.says: list[JSON] = []
        """Each ply of ``log`` in words as this guest may know it: ``[key, params]`` or ``None``
        (who moved is all it may know; decision 0074)."""
        self.views: dict[int, JSON] = {}
        """The view received after each ply (by ply) since this page joined: what this seat saw
        then, kept to show that moment of the log again (decision 0075). Nothing is asked for it."""
        self.refusals: list[dict[str, JSON]] = []
        self.seedlog = SeedLog()
        self.round = 0
        self.seen: list[tuple[int, str]] = []
        """``(ply, view hash)`` of every view received, checked against the replay at the end."""
        self.record: MatchRecord | None = None
        self._parts: list[list[JSON]] = []
        """The record's moves sent ahead of a long game's ``end``, in parts."""
        self.final: SeedLog | None = None
        self.problems: list[Problem] = []
        self.notes: deque[str] = deque(maxlen=500)
        self.seq_out = 0
        self.seq_in: int | None = None
        self._sync_pending = False
        self._sync_at = 0
        self._now = 0
        self._clock: tuple[int, int] | None = None
        """The host's match time in the latest view (a real-time game's) and our ``now`` then."""

    # --- the transport's calls -----------------------------------------------------------------
    def hello(self, now: int) -> list[Outgoing]:
        """Call when the data channel to the host opens (first time and after every reconnection)."""
        self.seq_out, self.seq_in, self._sync_pending, self._now = 0, None, False, now
        self.status = CONNECTING
        return [
            self._send(
                "hello",
                name=self.name,
                want=self.want,
                seat=self.wanted_seat,
                colour=self.colour,
                token=self.token,
            )
        ]

    def disconnected(self, now: int) -> None:
        """The data channel closed: show *reconnecting* until :meth:`hello` on a new one."""
        if self.status != DENIED:
            self.status = RECONNECTING

    def receive(self, text: str, now: int) -> list[Outgoing]:
        """Handle one message from the host; never raises on bad input."""
        self._now = now
        try:
            msg = parse(text, MAX_FROM_HOST)
        except BadMessage as exc:
            return self._drop(exc.reason)
        seq, kind = msg["s"], msg["t"]
        out: list[Outgoing] = []
        if kind in ("welcome", "denied"):
            self.seq_in = seq
        elif self.seq_in is None:
            return self._drop(f"{kind} before welcome")
        elif seq <= self.seq_in:
            return self._drop(f"old seq {seq}")
        else:
            if seq != self.seq_in + 1:
                self._note(f"gap: seq {self.seq_in} then {seq}")
                out += self.sync()
            self.seq_in = seq
        handler = getattr(self, "_on_" + str(kind), None)
        if handler is None:
            return out + self._drop(f"unknown type {str(kind)[:20]!r}")
        try:
            problem = check_host_message(msg, str(self.lobby.get("game") or ""))
            if problem:
                return out + self._drop(f"bad {kind}: {problem}")
            result: list[Outgoing] = handler(msg)
        except InvalidView as exc:
            self.invalid += 1
            self._problem("net.verify.invalid", str(exc)[:200])
            return out + self._drop(f"invalid view from the host: {str(exc)[:200]}")
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            return out + self._drop(f"bad {kind}: {type(exc).__name__}") + self.sync()
        except Exception as exc:  # the last line of defence: a host must never crash the guest
            self.last_resort += 1
            logger.exception("parlour.net: error handling a host message")
            return out + self._drop(f"internal error {type(exc).__name__}")
        return out + result

    # --- the player's actions ------------------------------------------------------------------
    def move(self, move: JSON) -> list[Outgoing]:
        """Send a move (as JSON) for this guest's seat, made on the view of ply ``table['ply']``."""
        if self.seat is None or not self.table:
            return []
        return [self._send("move", ply=self.table["ply"], seat=self.seat, m=move)]

    def clock(self, now: int) -> int | None:
        """The host's match time at our ``now``, counted on from the latest view (a real-time game's
        views carry the time they were sent at; ``None`` for any other game). The few milliseconds
        the message took are not counted: a lock-out seen here ends a little after the host's."""
        if self._clock is None:
            return None
        sent, received = self._clock
        return sent + max(0, now - received)

    def pick_seat(self, seat: int | None, colour: str | None = None) -> list[Outgoing]:
        """In the lobby: sit at ``seat`` (``None``: just watch), optionally in ``colour``."""
        return [self._send("seat", seat=seat, colour=colour)]

    def set_ready(self, ready: bool = True) -> list[Outgoing]:
        return [self._send("ready", ready=ready)]

    def sync(self) -> list[Outgoing]:
        """Ask the host for a fresh view (done by itself on a gap or a bad hash)."""
        # An unanswered request is repeated after a while: the host may have dropped it.
        waiting = self._sync_pending and self._now - self._sync_at < SYNC_RETRY_MS
        if waiting or self.seq_in is None:
            return []
        self._sync_pending, self._sync_at = True, self._now
        return [self._send("sync")]

    def leave(self) -> list[Outgoing]:
        """Leave for good (the host treats the seat as gone at once)."""
        return [self._send("bye")]

    def saved(self) -> dict[str, JSON]:
        """What to keep in the browser's storage to get back to this seat: the token is secret."""
        return {
            "sid": self.sid,
            "pid": self.pid,
            "token": self.token,
            "entropy": self.entropy,
            "revealed": self.revealed,
        }

    def verify(self, game: Game[Any, Any]) -> list[Problem]:
        """Once the match is over: was the seed fair, and does every view received match the replay?
        An empty list means everything checks out."""
        return finish(self.verify_steps(game))

    def verify_steps(self, game: Game[Any, Any]) -> Steps:
        """:meth:`verify` a ply or a view at a time (:func:`parlour.net.fairness.verify_steps`)."""
        if self.record is None or self.final is None:
            return [Problem("net.verify.missing", "the match is not over")]
        problems = list(self.problems)
        if self.final.commits != self.seedlog.commits or self.final.reveals != self.seedlog.reveals:
            problems.append(Problem("net.verify.commit", "the final log differs from the one played"))
        if self.pid in self.final.participants and self.final.reveals.get(self.pid) != self._value():
            problems.append(Problem("net.verify.commit", "my own value is missing or altered"))
        if self.seat is not None and self.pid not in self.final.participants:
            problems.append(Problem("net.verify.left-out", "a seated player was left out of the drawing"))
        return problems + (yield from verify_steps(game, self.record, self.final, self.seen, self.seat))

    # --- message handlers ----------------------------------------------------------------------
    def _on_welcome(self, msg: dict[str, JSON]) -> list[Outgoing]:
        self.sid, self.pid, self.token = str(msg["sid"]), str(msg["pid"]), str(msg["token"])
        if self.revealed_sid not in (None, self.sid):
            self.revealed = 0  # another table: its values differ anyway (the session id is in them)
        self.revealed_sid = self.sid
        self.seat = msg.get("seat")
        self.status = JOINED
        return []

    def _on_denied(self, msg: dict[str, JSON]) -> list[Outgoing]:
        if msg.get("code") == "net.error.token" and self.token:
            # The host no longer knows us (we were away too long, or it started a new table): drop
            # the dead token and join afresh on the same connection instead of being stuck outside.
            self._note("our token was refused: joining afresh")
            # The revealed round stays: a host that "forgets" a token must not get to re-run a round.
            self.sid, self.pid, self.token, self.rejoined = None, None, None, True
            return self.hello(self._now)
        self.status, self.denied = DENIED, str(msg.get("code"))
        return []

    def _on_lobby(self, msg: dict[str, JSON]) -> list[Outgoing]:
        self.lobby = {k: v for k, v in msg.items() if k not in ("v", "t", "s")}
        self.phase = str(msg["phase"])
        seats = [s for s in msg["seats"] if as_mapping(s).get("pid") == self.pid]
        self.seat = self.lobby["seats"].index(seats[0]) if seats and self.pid is not None else None
        if self.phase == LOBBY:
            self.seedlog, self.table, self.log, self.seen, self._parts = SeedLog(), {}, [], [], []
            self.says, self.views = [], {}
            self.record, self.final, self.problems = None, None, []
        return []

    def _on_seed(self, msg: dict[str, JSON]) -> list[Outgoing]:
        who = [str(p) for p in msg["who"]]
        if self.seat is not None and self.pid not in who:
            # Attack A: a seated player left out of the drawing has no say in the seed.
            self._problem("net.verify.left-out", f"round {msg['round']}")
            return []
        self.round = int(msg["round"])
        self.seedlog = SeedLog(who)
        if self.pid not in self.seedlog.participants:
            return []
        assert self.pid is not None
        if self.round <= self.revealed:
            # Attack B: a round we already revealed for, announced again; refuse to take part.
            self._problem("net.verify.round", f"round {self.round} after round {self.revealed}")
            return []
        return [self._send("commit", c=commitment(self._value(), self.pid))]

    def _on_commits(self, msg: dict[str, JSON]) -> list[Outgoing]:
        commits = {str(k): str(v) for k, v in as_mapping(msg["c"]).items()}
        self.seedlog.commits, self.seedlog.salt_commit = commits, str(msg["salt"])
        if self.pid not in self.seedlog.participants:
            if self.seat is not None:
                self._problem("net.verify.left-out", "commitments without mine")
            return []
        assert self.pid is not None
        if set(commits) != set(self.seedlog.participants):
            self._problem("net.verify.commit", "the commitments are not the participants'")
            return []
        if commits.get(self.pid) != commitment(self._value(), self.pid):
            self._problem("net.verify.commit", "the host altered my commitment")
            return []
        if self.round <= self.revealed:
            self._problem("net.verify.round", f"round {self.round} after round {self.revealed}")
            return []
        self.revealed = self.round
        return [self._send("reveal", r=self._value())]

    def _on_start(self, msg: dict[str, JSON]) -> list[Outgoing]:
        commits = {str(k): str(v) for k, v in as_mapping(msg["c"]).items()}
        log = self.seedlog
        if log.commits and (commits != log.commits or msg["salt"] != log.salt_commit):
            # Commitments seen before the reveals must never change afterwards.
            self._problem("net.verify.commit", "the host changed the commitments")
        if self.seat is not None and self.pid not in commits:
            self._problem("net.verify.left-out", "a match begun without my value")
        reveals = {str(k): str(v) for k, v in as_mapping(msg["reveals"]).items()}
        self.round = int(msg["round"])
        self.seedlog = SeedLog(sorted(commits), commits, reveals, str(msg["salt"]))
        for pid, value in reveals.items():
            if commitment(value, pid) != commits.get(pid):
                self._problem("net.verify.commit", pid)
        return []

    def _on_view(self, msg: dict[str, JSON]) -> list[Outgoing]:
        if view_hash(msg["view"]) != msg["hash"]:
            self._note("view hash mismatch")
            self._sync_pending = False
            return self.sync()
        self._check_view(msg)
        self._take(msg)
        self.log = [list(entry) for entry in msg["log"]]
        self.says = list(msg["says"]) if isinstance(msg.get("says"), list) else [None] * len(self.log)
        self.log_from = int(msg.get("log_from") or 0)
        self._sync_pending = False
        return []

    def _on_update(self, msg: dict[str, JSON]) -> list[Outgoing]:
        if view_hash(msg["view"]) != msg["hash"]:
            self._note("update hash mismatch: desync")
            return self.sync()
        self._check_view(msg)
        expected = int(self.table.get("ply", -1)) + 1
        out = [] if msg["ply"] == expected else self.sync()
        self._take(msg)
        self.log.append([msg["by"], list(msg["ev"])])
        self.says.append(msg.get("say"))
        return out

    def _on_refused(self, msg: dict[str, JSON]) -> list[Outgoing]:
        self.refusals.append({k: msg.get(k) for k in ("ref", "code", "rule", "params")})
        return []

    def _on_moves(self, msg: dict[str, JSON]) -> list[Outgoing]:
        if msg["part"] != len(self._parts) or len(self._parts) >= MAX_PARTS:
            self._parts = []
            return self._drop(f"record part {msg['part']} out of order")
        self._parts.append(list(msg["moves"]))
        return []

    def _on_end(self, msg: dict[str, JSON]) -> list[Outgoing]:
        parts = msg.get("parts")
        if isinstance(parts, int) and not isinstance(parts, bool) and parts > 0:
            if len(self._parts) != parts:
                self._parts = []
                self._problem("net.verify.missing", "part of the record")
                return []
            msg = {
                **msg,
                "record": {**as_mapping(msg["record"]), "moves": [m for p in self._parts for m in p]},
            }
            self._parts = []
        try:
            self.record = MatchRecord.from_json(msg["record"])
        except CorruptMatch as exc:
            raise ValueError(str(exc)) from exc
        self.final = SeedLog.from_json(as_mapping(msg["fair"]))
        self.phase = OVER
        return []

    # --- helpers -------------------------------------------------------------------------------
    def _check_view(self, msg: dict[str, JSON]) -> None:
        """Refuse a view the game's rules cannot have produced (:class:`InvalidView`)."""
        game = self.lobby.get("game")
        if self.view_check is None or not isinstance(game, str):
            return
        try:
            self.view_check(game, msg["view"], self.seat)
        except Exception as exc:  # whatever the game's decoder raises, the view is refused
            raise InvalidView(f"{type(exc).__name__}: {exc}") from exc

    def _problem(self, code: str, detail: str = "") -> None:
        """Something the host did does not check out: kept, and shown at once (not only at the end)."""
        problem = Problem(code, detail)
        if problem not in self.problems:
            self.problems.append(problem)
        self._note(f"problem: {code} {detail}")

    def _take(self, msg: dict[str, JSON]) -> None:
        self.table = {k: msg[k] for k in ("ply", "view", "hash", "act", "legal", "outcome")}
        clock = msg.get("clock")
        if isinstance(clock, int) and not isinstance(clock, bool) and 0 <= clock < 1 << 62:
            self._clock = (clock, self._now)
        else:
            self._clock = None
        self.seen.append((int(msg["ply"]), str(msg["hash"])))
        self.views[int(msg["ply"])] = msg["view"]
        if len(self.views) > MAX_KEPT_VIEWS:
            del self.views[min(self.views)]

    def _value(self) -> str:
        """This guest's random contribution to the seed of the current round."""
        return digest("parlour-guest-value", self.entropy, str(self.sid), str(self.pid), str(self.round))

    def _send(self, kind: str, **fields: JSON) -> Outgoing:
        self.seq_out += 1
        return (HOST, encode(kind, self.seq_out, **{k: v for k, v in fields.items() if v is not None}))

    def _drop(self, reason: str) -> list[Outgoing]:
        self._note(f"dropped a message from the host: {reason}")
        return []

    def _note(self, line: str) -> None:
        self.notes.append(line)
        logger.info("parlour.net guest %s: %s", self.pid, line)


class InvalidView(Exception):
    """The host sent a view no rule of the game allows: the guest refuses it and says so."""


_HOST_FIELDS: dict[str, dict[str, Any]] = {
    "welcome": {"sid": str, "pid": str, "token": str},
    "denied": {},
    "lobby": {"phase": str, "game": str, "seats": list, "peers": list},
    "seed": {"who": list, "round": int},
    "commits": {"c": dict, "salt": str},
    "start": {"c": dict, "salt": str, "reveals": dict, "round": int},
    "view": {"ply": int, "hash": str, "act": list, "legal": list, "log": list},
    "update": {"ply": int, "hash": str, "act": list, "legal": list, "ev": list},
    "refused": {},
    "end": {"record": dict, "fair": dict},
    "moves": {"moves": list, "part": int},
}


def check_host_message(msg: Mapping[str, JSON], game_id: str = "") -> str:
    """What is wrong with the shape of a host message ('' when nothing): each field of its type, and
    integers never booleans; a move's words (``say``, ``says``) of the table's game ``game_id``
    (:func:`parlour.net.wire.words_problem`). The game's own check of the view comes after
    (:data:`ViewCheck`)."""
    for name, kind in _HOST_FIELDS.get(str(msg.get("t")), {}).items():
        value = msg.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return f"field {name!r} is not {kind.__name__}"
    if msg.get("t") in ("view", "update"):
        if "view" not in msg:
            return "no view"
        if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 64 for s in msg["act"]):
            return "bad act"
    if msg.get("t") == "update" and (problem := words_problem(msg.get("say"), game_id)):
        return f"say: {problem}"
    if msg.get("t") == "view" and msg.get("says") is not None:
        says = msg["says"]
        if not isinstance(says, list) or len(says) != len(msg["log"]):
            return "says is not one entry per log entry"
        for say in says:
            if problem := words_problem(say, game_id):
                return f"says: {problem}"
    if msg.get("t") == "seed" and not all(isinstance(p, str) for p in msg["who"]):
        return "bad who"
    if msg.get("t") == "welcome" and not (msg.get("seat") is None or isinstance(msg.get("seat"), int)):
        return "bad seat"
    return ""
