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
        self._planned: tuple[Any, tuple[int, Any] | None] | None = None
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
        """The AI seat that moves next: one acting out of turn, else the turn's seat if an AI has it."""
        plan = self.ai_plan()
        return plan[0] if plan else None

    def ai_plan(self) -> tuple[int, Any] | None:
        """``(seat, move)`` of the next AI move, decided once per ply from each bot's own view.

        Out-of-turn seats come first (in the order the game lists them): a bot with an ``interject``
        method is asked whether it acts now (a wolf, a hunter, revealing, leaving). Then the seat
        whose turn it is, if an AI plays it. Cached per ply, so asking again costs nothing.
        """
        if self._planned is not None and self._planned[0] is self.state:
            return self._planned[1]
        acting = self.acting()
        plan: tuple[int, Any] | None = None
        for seat in acting[1:]:
            bot = self._bots.get(self.seats[seat].player) if self.seats[seat].is_ai else None
            hook = getattr(bot, "interject", None)
            if hook is None:
                continue
            move = hook(
                self.game,
                self.game.view(self.state, seat),
                seat,
                self.game.legal_moves(self.state, seat),
                self._rng(seat),
            )
            if move is not None:
                plan = (seat, move)
                break
        if plan is None and acting and self.seats[acting[0]].is_ai:
            seat = acting[0]
            legal = self.game.legal_moves(self.state, seat)
            move = self._bots[self.seats[seat].player].choose(
                self.game, self.game.view(self.state, seat), seat, legal, self._rng(seat)
            )
            plan = (seat, move)
        self._planned = (self.state, plan)
        return plan

    def _rng(self, seat: int) -> Rng:
        # Seeded by the position, so an AI game replays and a test sees the same choice every time.
        ply = len(self.match.plies)
        return Rng.from_seed(
            f"ai:{self.match.record.seed}:{ply}" + (f":{seat}" if seat != self.acting()[0] else "")
        )

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

    def step_ai(self) -> tuple[int, Any, list[Event]] | None:
        """Let the next AI seat make one move; ``None`` when no AI acts now."""
        plan = self.ai_plan()
        if plan is None:
            return None
        seat, move = plan
        return seat, move, self.match.play(seat, move)

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
        entries = []
        for i, ply in enumerate(self.match.plies):
            before = self.match.state_at(i)
            move = self.game.decode_move(ply.move)
            key, params = self.game.describe_move(before, ply.player, move)
            notation = ply.move if isinstance(ply.move, str) else str(ply.move)
            entries.append(LogEntry(i, ply.player, key, params, notation))
        return entries
