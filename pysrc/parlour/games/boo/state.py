"""Boo!'s moves and state (:class:`BooMove`, :class:`BooState`) and the checks a move's shape
must pass before the rules judge it. The rules are :mod:`parlour.games.boo.rules`; how a match is
written and said, :mod:`parlour.games.boo.written` (decision 0113: each compiled in a short task)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlour.engine import MalformedMove
from parlour.games.boo.castle import (
    COLOURS,
    Castle,
    Cell,
    build_castle,
    components,
)
from parlour.games.boo.route import Change, Jump, Move, Route, Specials
from parlour.games.boo.solver import Problem

MIN_PLAYERS, MAX_PLAYERS = 2, 6
"""Seats at a table (BO-5)."""

KINDS = ("claim", "booo", "hand", "lower")
WIN_WALLS = 4
WIN_VISITORS = 5
RESERVE = -1


def stack_size(players: int) -> int:
    """Visitors used (BO-5): 1–9 for 2 players, 1–12 for 3–4, 1–15 for 5–6."""
    return 9 if players == 2 else 12 if players <= 4 else 15


MAX_STEPS = 200


@dataclass(frozen=True)
class BooMove:
    """A real-time action at match time ``t`` (ms).

    ``route`` is a claim's route (``None``: not shown); ``colour`` the colour announced with
    ``booo`` (BO-13); ``visitor`` the visitor the player was searching for (``None``: whichever is
    current), so that an action from before the current visitor is refused as stale."""

    kind: str
    t: int
    route: Route | None = None
    colour: int | None = None
    visitor: int | None = None


@dataclass(frozen=True)
class BooState:
    players: int
    arrangement: tuple[int, ...]
    trapdoors: tuple[Cell, ...]
    transitions: tuple[Cell, ...]
    route_number: int
    ghost: Cell
    visitor: int | None
    stack: tuple[int, ...]
    first: int
    markers: tuple[int, ...]
    """Who holds each colour's wall marker (index by colour), ``RESERVE`` for the reserve."""
    captured: tuple[tuple[int, ...], ...]
    hands: tuple[bool, ...]
    locked_until: tuple[int, ...]
    last_win: tuple[int, ...]
    """Round in which each seat last won a visitor (-1: never), for the tie-break (BO-20)."""
    round: int
    now: int
    search_started: int
    claimant: int | None = None
    deadline: int = 0
    announced: int | None = None
    """The starting colour the claimant announced with "Booo!" (BO-13), while they show the route."""
    lockout_ms: int = 5000
    trace_ms: int = 15000
    discarded: tuple[int, ...] = ()
    winners: tuple[int, ...] | None = None
    reason: str = ""

    @property
    def castle(self) -> Castle:
        return build_castle(self.arrangement)

    @property
    def specials(self) -> Specials:
        return Specials(frozenset(self.trapdoors), frozenset(self.transitions))

    @property
    def visitor_room(self) -> Cell | None:
        return None if self.visitor is None else components().visitor_room(self.visitor, self.route_number)

    def walls_of(self, player: int) -> tuple[int, ...]:
        """The colours whose wall marker lies in front of ``player``: forbidden to them (BO-15)."""
        return tuple(c for c, holder in enumerate(self.markers) if holder == player)

    def total(self, player: int) -> int:
        return len(self.walls_of(player)) + len(self.captured[player])

    def problem(self, player: int) -> Problem:
        """The search ``player`` faces now."""
        room = self.visitor_room
        assert room is not None
        return Problem(self.castle, self.ghost, room, self.specials, frozenset(self.walls_of(player)))


def _swap(seq: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*seq[:index], value, *seq[index + 1 :])


def is_int(value: Any) -> bool:
    """An exact integer: ``True`` is a bool, not seat 1."""
    return type(value) is int


def _malformed(why: str) -> MalformedMove:
    return MalformedMove(f"not a Boo! move: {why}", code="boo.malformed.move")


def check_move(move: Any) -> BooMove:
    """``move`` itself if it is a well-formed Boo! move, else :class:`MalformedMove`: a move built in
    code is held to the same shape as one decoded from JSON, so it can always be recorded and replayed."""
    if not isinstance(move, BooMove):
        raise _malformed(repr(move))
    if move.kind not in KINDS:
        raise _malformed(f"unknown kind {move.kind!r}")
    if not is_int(move.t) or move.t < 0:
        raise _malformed(f"time {move.t!r}")
    if move.visitor is not None and not is_int(move.visitor):
        raise _malformed(f"visitor {move.visitor!r}")
    if (move.kind == "booo") != (move.colour is not None):
        raise _malformed("a colour goes with booo, and only with it")
    if move.colour is not None and not (is_int(move.colour) and 0 <= move.colour < len(COLOURS)):
        raise _malformed(f"colour {move.colour!r}")
    if move.route is not None:
        if move.kind != "claim":
            raise _malformed("a route goes only with a claim")
        _check_route_shape(move.route)
    return move


def _check_route_shape(route: Any) -> None:
    if not isinstance(route, Route) or not isinstance(route.steps, tuple):
        raise _malformed(f"route {route!r}")
    if not (is_int(route.colour) and 0 <= route.colour < len(COLOURS)) or len(route.steps) > MAX_STEPS:
        raise _malformed("route colour or length")
    for step in route.steps:
        if isinstance(step, Change):
            ok = is_int(step.colour) and 0 <= step.colour < len(COLOURS)
        elif isinstance(step, (Move, Jump)):
            cell = step.cell
            ok = isinstance(cell, tuple) and len(cell) == 2 and all(is_int(v) and 0 <= v < 9 for v in cell)
        else:
            ok = False
        if not ok:
            raise _malformed(f"route step {step!r}")
