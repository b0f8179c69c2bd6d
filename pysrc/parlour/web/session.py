"""A match played on one device: seats (people or AI levels), undo, save and share.

Pure Python: the browser app drives it, and tests drive it the same way on CPython. The match
record carries the seats in its ``meta``, so a saved game or a share link resumes with the same
people and bots.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from parlour.engine import JSON, Event, Game, IllegalMove, Match, MatchRecord, Outcome, Rng, encode_link

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: ``HUMAN`` or the name of one of the game's bot levels."""

    player: str = HUMAN

    @property
    def is_ai(self) -> bool:
        return self.player != HUMAN


@dataclass(frozen=True)
class LogEntry:
    """One line of the move log: the ply's index, who moved, the words and the notation."""

    index: int
    player: int
    key: str
    params: Mapping[str, JSON]
    notation: str


class LocalSession:
    """One device, one match. ``bots`` maps level names to bot factories (the game's ``BOTS``)."""

    def __init__(
        self,
        game: Game[Any, Any],
        match: Match[Any, Any],
        seats: list[Seat],
        bots: Mapping[str, Callable[[], Any]],
    ):
        unknown = [s.player for s in seats if s.is_ai and s.player not in bots]
        if unknown or len(seats) != match.record.players:
            raise ValueError(f"bad seats {seats!r}")
        self.game = game
        self.match = match
        self.seats = seats
        self._bots = {level: bots[level]() for level in {s.player for s in seats if s.is_ai}}
        self.interrupt: int | None = None
        """A person's seat acting out of turn on this device (hot-seat games where several seats may
        act at once: Wooly Bully's wolves); cleared by the app once they have acted."""
        self._interjection: tuple[Any, tuple[int, Any] | None] | None = None
        self._origin: int | None = None
        """Wall-clock ms at which match time 0 fell (real-time games); set by :meth:`clock`."""
        self._plans: dict[tuple[int, int], Any] = {}
        self.plan_here = True
        """Whether :meth:`plans` searches for the bots' missing plans itself; the page sets it false
        while a worker plans for it (:meth:`parlour.web.bots.BotDriver.plan`, decision 0027)."""
        self.notes: dict[int, dict[str, Any]] = {}
        """Each seat's private notes (a pencilled hidden tile): never a move, never in the record."""

    @classmethod
    def new(
        cls,
        game: Game[Any, Any],
        seats: list[Seat],
        bots: Mapping[str, Callable[[], Any]],
        options: Mapping[str, JSON] | None = None,
        seed: int | str = 0,
    ) -> LocalSession:
        meta = {"seats": [s.player for s in seats]}
        return cls(game, Match.new(game, len(seats), options, seed, meta), seats, bots)

    @classmethod
    def resume(
        cls, game: Game[Any, Any], record: MatchRecord, bots: Mapping[str, Callable[[], Any]]
    ) -> LocalSession:
        """Replay a saved or shared record; a record without seats is played by people only."""
        match = Match.replay(game, record)
        names = record.meta.get("seats")
        if not isinstance(names, list) or len(names) != record.players:
            names = [HUMAN] * record.players
        seats = [Seat(n if isinstance(n, str) and (n == HUMAN or n in bots) else HUMAN) for n in names]
        return cls(game, match, seats, bots)

    # --- whose turn -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

    def outcome(self) -> Outcome | None:
        return self.match.outcome()

    def acting(self) -> list[int]:
        return list(self.game.to_act(self.state)) if self.outcome() is None else []

    def ai_to_act(self) -> int | None:
        """The AI seat that moves next: one acting out of turn (its bot has ``interject`` and wants
        to act now, such as a wolf in Wooly Bully), else the turn's seat if an AI plays it (turn-based
        games; a real-time game's bots act on the clock: :meth:`run_due`)."""
        if self.realtime:
            return None
        interjection = self.interjection()
        if interjection is not None:
            return interjection[0]
        acting = self.acting()
        return acting[0] if acting and self.seats[acting[0]].is_ai else None

    def interjection(self) -> tuple[int, Any] | None:
        """``(seat, move)`` of an AI seat acting out of turn now, asked once per position from each
        bot's own view (bots of games without out-of-turn play have no ``interject``: no cost)."""
        if self._interjection is not None and self._interjection[0] is self.state:
            return self._interjection[1]
        found: tuple[int, Any] | None = None
        for seat in self.acting()[1:]:
            bot = self._bots.get(self.seats[seat].player) if self.seats[seat].is_ai else None
            hook = getattr(bot, "interject", None)
            if hook is None:
                continue
            rng = Rng.from_seed(f"ai:{self.match.record.seed}:{len(self.match.plies)}:{seat}")
            move = hook(
                self.game,
                self.game.view(self.state, seat),
                seat,
                self.game.legal_moves(self.state, seat),
                rng,
            )
            if move is not None:
                found = (seat, move)
                break
        self._interjection = (self.state, found)
        return found

    def human_to_act(self) -> int | None:
        """The person's seat the device acts for now: the seat interrupting out of turn, else the
        turn's seat when a person has it. With only one person at the device they may act whenever
        the rules let them (out of turn too)."""
        acting = self.acting()
        if not acting:
            return None
        if self.interrupt is not None and self.interrupt in acting and not self.seats[self.interrupt].is_ai:
            return self.interrupt
        if not self.seats[acting[0]].is_ai:
            return acting[0]
        people = [i for i, s in enumerate(self.seats) if not s.is_ai]
        if len(people) == 1 and people[0] in acting:
            return people[0]
        return None

    def interrupters(self) -> list[int]:
        """People's seats that may act now out of turn (each gets an "interrupt" on a shared device)."""
        acting = self.acting()
        return [p for p in acting[1:] if not self.seats[p].is_ai and p != self.human_to_act()]

    # --- playing ----------------------------------------------------------------------------
    def play(self, player: int, move: Any) -> list[Event]:
        """A person's move; :class:`IllegalMove` leaves everything as it was."""
        if self.seats[player].is_ai:
            raise IllegalMove("an AI plays that seat", code="engine.not-your-turn")
        return self.match.play(player, move)

    def choose_ai(self) -> tuple[int, Any] | None:
        """The next AI seat and the move its bot chooses, nothing played yet; ``None`` when it is
        not an AI's turn, or the bot chose to wait (a real-time game's bot may: Boo!'s raised hand).
        This is the search: :mod:`parlour.web.bots` runs it in a worker."""
        seat = self.ai_to_act()
        if seat is None:
            return None
        interjection = self.interjection()
        if interjection is not None:
            return interjection
        legal = self.game.legal_moves(self.state, seat)
        # Seeded by the position, so an AI game replays and a test sees the same choice every time.
        rng = Rng.from_seed(f"ai:{self.match.record.seed}:{len(self.match.plies)}")
        move = self._bots[self.seats[seat].player].choose(
            self.game, self.game.view(self.state, seat), seat, legal, rng
        )
        return None if move is None else (seat, move)

    def step_ai(self) -> tuple[int, Any, list[Event]] | None:
        """Let the next AI seat make one move; ``None`` when it is not an AI's turn."""
        chosen = self.choose_ai()
        if chosen is None:
            return None
        seat, move = chosen
        return seat, move, self.play_ai(seat, move)

    def play_ai(self, seat: int, move: Any) -> list[Event]:
        """Play the move an AI seat's bot chose (here or in a worker); refused for a person's seat."""
        if seat != self.ai_to_act():
            raise IllegalMove("it is not that AI's turn", code="engine.not-your-turn")
        return self.match.play(seat, move)

    # --- real time (games whose moves carry a time ``t``, such as Boo!) ------------------------
    @property
    def realtime(self) -> bool:
        """Whether the game is played against a clock (its class says ``realtime = True``)."""
        return bool(getattr(self.game, "realtime", False))

    def clock(self, now: int) -> int:
        """Match time in ms at wall-clock ``now``: it goes on from the last action when a match is
        opened or resumed, so time away from the page does not count."""
        if self._origin is None:
            self._origin = now - self.match.state.now
        return max(int(self.match.state.now), now - self._origin)

    def pause_clock(self) -> None:
        """Stop counting (the page left the match); :meth:`clock` starts again from the last action."""
        self._origin = None

    def play_at(self, player: int, move: Any, now: int) -> list[Event]:
        """A person's real-time move (JSON), stamped with the match clock: who was first is decided
        by the order presses reach this device, as the network host does (decision 0054)."""
        if not isinstance(move, dict):
            raise IllegalMove("a real-time move is JSON with a time", code="engine.not-your-turn")
        return self.play(player, self.game.decode_move({**move, "t": self.clock(now)}))

    def plans(self) -> list[tuple[int, int, Any]]:
        """``(match time, seat, move)`` of every bot action and deadline move waiting, earliest first.

        Each bot is asked once per seat and ply, from its own view, with dice fixed by the seed, the
        ply and the seat: asking again (on every timer) gives the same plan and costs nothing. With
        :attr:`plan_here` false, only the plans already known count (a worker is finding the rest)."""
        if self.outcome() is not None:
            return []
        if self.plan_here:
            self.plan_all()
        ply = len(self.match.plies)
        out: list[tuple[int, int, Any]] = []
        for seat in self.planners():
            move = self._plans.get((ply, seat))
            if move is not None:
                out.append((int(getattr(move, "t", 0)), seat, move))
        due = self.game.due(self.state)
        if due is not None:
            out.append((int(getattr(due[1], "t", 0)), due[0], due[1]))
        return sorted(out, key=lambda p: p[0])

    def planners(self) -> list[int]:
        """The AI seats that may act now (a real-time game's bots each plan their next action)."""
        if self.outcome() is not None:
            return []
        return [seat for seat in self.game.to_act(self.state) if self.seats[seat].is_ai]

    def unplanned(self) -> list[int]:
        """The AI seats whose plan for this ply is not known yet."""
        ply = len(self.match.plies)
        return [seat for seat in self.planners() if (ply, seat) not in self._plans]

    def plan_all(self) -> list[tuple[int, Any]]:
        """``(seat, move or None)`` for every AI seat that may act: the search (a worker runs it)."""
        state, ply = self.state, len(self.match.plies)
        for seat in self.unplanned():
            if len(self._plans) > 64:
                self._plans = {k: v for k, v in self._plans.items() if k[0] == ply}
            rng = Rng.from_seed(f"ai:{self.match.record.seed}:{ply}:{seat}")
            legal = self.game.legal_moves(state, seat)
            bot = self._bots[self.seats[seat].player]
            self._plans[(ply, seat)] = bot.choose(self.game, self.game.view(state, seat), seat, legal, rng)
        return [(seat, self._plans[(ply, seat)]) for seat in self.planners()]

    def take_plans(self, ply: int, plans: list[tuple[int, Any]]) -> bool:
        """Keep plans found elsewhere for ply ``ply`` (a worker's); ``False`` (nothing kept) when
        the match has moved on since, or a plan is for a seat that is not an AI's to act now."""
        if ply != len(self.match.plies) or any(seat not in self.planners() for seat, _ in plans):
            return False
        for seat, move in plans:
            self._plans[(ply, seat)] = move
        return True

    def next_due(self, now: int) -> int | None:
        """Wall-clock ms when the next bot action or deadline falls due (``None``: nothing waits)."""
        plans = self.plans()
        if not plans:
            return None
        return max(now, now - self.clock(now) + plans[0][0])

    def run_due(self, now: int, limit: int = 1) -> list[tuple[int, Any, list[Event]]]:
        """Play up to ``limit`` bot actions or deadline moves whose time has come, earliest first."""
        played = []
        for _ in range(limit):
            plans = self.plans()
            if not plans or plans[0][0] > self.clock(now):
                break
            _t, seat, move = plans[0]
            played.append((seat, move, self.match.play(seat, move)))
        return played

    def can_undo(self) -> bool:
        """Undo takes back the last person's move (and the AI replies after it), never a draw or reveal."""
        return self._undo_depth() > 0

    def _undo_depth(self) -> int:
        plies = zip(reversed(self.match.plies), reversed(self.match.events), strict=True)
        for depth, (ply, events) in enumerate(plies, start=1):
            if any(e.irreversible for e in events):
                return 0
            if not self.seats[ply.player].is_ai:
                return depth
        return 0

    def undo(self) -> int:
        """Take back plies up to and including the last person's move; returns how many."""
        depth = self._undo_depth()
        if not depth:
            raise IllegalMove("that move cannot be taken back", code="engine.no-undo")
        for _ in range(depth):
            self.match.undo()
        return depth

    def notes_of(self, seat: int) -> dict[str, Any]:
        """The private notes of a person's seat (made empty on first use)."""
        return self.notes.setdefault(seat, {})

    def dumps_notes(self) -> str:
        return json.dumps({str(k): v for k, v in self.notes.items() if v})

    def load_notes(self, text: str | None) -> None:
        """Notes saved by :meth:`dumps_notes`; anything damaged is dropped (notes are only reminders)."""
        try:
            data = json.loads(text or "{}")
        except ValueError:
            return
        if isinstance(data, dict):
            self.notes = {
                int(k): v
                for k, v in data.items()
                if k.isdigit() and int(k) < len(self.seats) and isinstance(v, dict)
            }

    # --- records ----------------------------------------------------------------------------
    def dumps(self) -> str:
        return self.match.dumps()

    def link(self) -> str:
        return encode_link(self.match.record)

    def log(self) -> list[LogEntry]:
        return [self.log_entry(i) for i in range(len(self.match.plies))]

    def log_entry(self, i: int) -> LogEntry:
        """Ply ``i`` as the log tells it (the match screen asks only for plies it has not drawn yet)."""
        ply = self.match.plies[i]
        before = self.match.state_at(i)
        move = self.game.decode_move(ply.move)
        key, params = self.game.describe_move(before, ply.player, move)
        notation_of = getattr(self.game, "notation", None)
        notation = (
            ply.move if isinstance(ply.move, str) else notation_of(move) if notation_of else str(ply.move)
        )
        return LogEntry(i, ply.player, key, params, notation)
