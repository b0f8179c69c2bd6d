"""The rules of Boo! as a :class:`parlour.engine.Game` (BO-1..BO-20, BO-D1..BO-D2).

Boo! is played in real time: every seat searches at once. Each move carries ``t``, the match
clock in milliseconds when it happened (also recorded as the ply's ``t``); moves must come in
non-decreasing ``t``, which is the order the host (or the shared device) saw them arrive, so a
match replays exactly from its move list.

Moves:

* ``claim``: "Booo!" with a traced route (own device, BO-D1). A valid route wins the round
  (BO-14); an invalid one restarts the search and locks the claimant out for ``lockout_ms``
  (BO-16, BO-D2). With a route of ``None`` the claimant cannot show a route (after ``booo``).
* ``booo``: "Booo!" and the starting colour (BO-13), the shared-device button (BO-D1): freezes
  everyone else and gives the claimant ``trace_ms`` to show a route starting in that colour. When
  the time runs out the match itself plays the claimant's "not shown" (:meth:`Boo.due`), the same
  on one device, against bots and over the network.
* ``hand`` / ``lower``: raise or lower a hand (BO-17).

A move may name the visitor it was made for (``visitor``): one made on a view from before the
current visitor is refused as stale and changes nothing (two claims arriving nearly together: the
second is not judged against the next visitor).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from parlour.engine import JSON, Event, Game, IllegalMove, MalformedMove, NotYourTurn, Option, Outcome, Rng
from parlour.games.boo.castle import (
    ALL_ROOMS,
    CENTRAL_ROOMS,
    COLOURS,
    Castle,
    Cell,
    build_castle,
    cell_name,
    cell_room,
    components,
    is_room,
    parse_cell,
)
from parlour.games.boo.route import Change, Jump, Move, Route, Specials, check_route
from parlour.games.boo.solver import Problem, shortest_route, shortest_routes

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


class Boo(Game[BooState, BooMove]):
    """Boo! for 2–6 players."""

    id = "boo"
    min_players = 2
    max_players = 6
    realtime = True
    """Played against a clock: moves carry their time ``t`` (decision 0022)."""
    net_send_legal = False
    """Legal moves list the shortest routes, i.e. the answer: the network host must not send them."""
    options = (
        Option("route_number", 0, "boo.option.route-number", (0, 1, 2, 3, 4)),
        Option(
            "ghost_room",
            "random",
            "boo.option.ghost-room",
            ("random", *(cell_name(c) for c in CENTRAL_ROOMS)),
        ),
        Option("tokens", 4, "boo.option.tokens", (0, 1, 2, 3, 4)),
        Option("trapdoors", 2, "boo.option.trapdoors", (0, 1, 2, 3, 4)),
        # At most every token shows the trapdoor: more than ``tokens`` plays as all of them.
        Option("token_rooms", "standard", "boo.option.token-rooms", ("standard", "random")),
        Option("lockout_ms", 5000, "boo.option.lockout", (0, 3000, 5000, 10000)),
        Option("trace_ms", 15000, "boo.option.trace", (5000, 10000, 15000, 30000)),
    )

    # --- setup -------------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, JSON], seed: int | str) -> BooState:
        """BO-1..BO-7: castle, markers, ghost, special tokens, visitor stack, route number, first visitor.

        ``trapdoors`` is how many of the ``tokens`` show the trapdoor side, capped at all of them
        (the setup screen's two choices are independent: "no tokens" with the default 2 trapdoors
        is simply no tokens)."""
        tokens = int(options["tokens"])
        trapdoors = min(int(options["trapdoors"]), tokens)
        rng = Rng.from_seed(seed)
        comps = components()
        arrangement = tuple(rng.shuffled([t.id for t in comps.tiles]))
        route_number = int(options["route_number"]) or 1 + rng.below(4)
        ghost = (
            CENTRAL_ROOMS[rng.below(4)]
            if options["ghost_room"] == "random"
            else parse_cell(str(options["ghost_room"]))
        )
        if options["token_rooms"] == "random":
            rooms = tuple(rng.shuffled(list(ALL_ROOMS))[:tokens])
        else:
            rooms = comps.special_rooms[:tokens]
        stack = tuple(range(1, stack_size(players) + 1))
        return BooState(
            players=players,
            arrangement=arrangement,
            trapdoors=tuple(rooms[:trapdoors]),
            transitions=tuple(rooms[trapdoors:]),
            route_number=route_number,
            ghost=ghost,
            visitor=stack[0],
            stack=stack[1:],
            first=0,
            markers=(RESERVE,) * len(COLOURS),
            captured=((),) * players,
            hands=(False,) * players,
            locked_until=(0,) * players,
            last_win=(-1,) * players,
            round=1,
            now=0,
            search_started=0,
            lockout_ms=int(options["lockout_ms"]),
            trace_ms=int(options["trace_ms"]),
        )

    # --- play --------------------------------------------------------------------------------
    def to_act(self, state: BooState) -> Sequence[int]:
        """Everyone searches at once (BO-8), first player first; after a ``booo`` only the claimant."""
        if state.winners is not None:
            return ()
        if state.claimant is not None:
            return (state.claimant,)
        return tuple((state.first + i) % state.players for i in range(state.players))

    def check_seat(self, state: BooState, player: Any) -> int:
        """``player`` if it is a seat of this match (an exact ``int``), else :class:`NotYourTurn`."""
        if not is_int(player) or not 0 <= player < state.players:
            raise NotYourTurn(f"not a seat: {player!r}", code="engine.not-your-turn")
        return int(player)

    def legal_moves(self, state: BooState, player: int) -> list[BooMove]:
        """Hands, "Booo!" in each colour the player may use, and claims of the player's shortest
        routes (all routes are too many to list)."""
        self.check_seat(state, player)
        if player not in self.to_act(state):
            return []
        t, v = state.now, state.visitor
        if state.claimant is not None:
            routes = [
                r for r in shortest_routes(state.problem(player), limit=8) if r.colour == state.announced
            ]
            return [
                *(BooMove("claim", t, r, visitor=v) for r in routes[:4]),
                BooMove("claim", t, None, visitor=v),
            ]
        claims = [BooMove("claim", t, r, visitor=v) for r in shortest_routes(state.problem(player), limit=4)]
        moves = [BooMove("lower" if state.hands[player] else "hand", t, visitor=v)]
        if t >= state.locked_until[player]:
            allowed = [c for c in range(len(COLOURS)) if c not in state.walls_of(player)]
            moves += [BooMove("booo", t, colour=c, visitor=v) for c in allowed]
            moves += claims
        return moves

    def due(self, state: BooState) -> tuple[int, BooMove] | None:
        """The move the match makes by itself when its time comes and nobody acted first: the
        claimant's "not shown" at the end of the trace time (BO-16, BO-D1). Whoever runs the match
        (the device, the bot runner, the network host) plays it at ``move.t``."""
        if state.claimant is None or state.winners is not None:
            return None
        return state.claimant, BooMove("claim", state.deadline, None, visitor=state.visitor)

    def apply(self, state: BooState, player: int, move: BooMove) -> tuple[BooState, list[Event]]:
        self.check_seat(state, player)
        check_move(move)
        if state.claimant is not None and player != state.claimant and state.winners is None:
            # BO-13: the first "Booo!" the host (or the device) heard is traced; a later one is refused
            # in words that say why (not "not your turn" in a game where everyone acts at once).
            raise NotYourTurn("another player called Booo! first", code="boo.illegal.claimed", rule="BO-13")
        self.check_turn(state, player)
        if move.visitor is not None and move.visitor != state.visitor:
            raise IllegalMove(
                "that action was for a visitor who is gone",
                code="boo.illegal.stale",
                rule="BO-D1",
                visitor=move.visitor,
            )
        if move.t < state.now:
            raise IllegalMove(
                "moves must come in time order",
                code="boo.illegal.time",
                rule="BO-D1",
                t=move.t,
                now=state.now,
            )
        state = replace(state, now=move.t)
        if state.claimant is not None:
            if move.kind != "claim":
                raise IllegalMove(
                    "the claimant must show a route now", code="boo.illegal.show-route", rule="BO-13"
                )
            return self._claim(state, player, move)
        if move.kind == "hand":
            return self._hand(state, player, move.t)
        if move.kind == "lower":
            if not state.hands[player]:
                raise IllegalMove("your hand is not raised", code="boo.illegal.no-hand", rule="BO-17")
            hands = _swap(state.hands, player, False)
            return replace(state, hands=hands), [Event("hand", {"player": player, "raised": False})]
        if move.t < state.locked_until[player]:
            raise IllegalMove(
                "you are locked out after a wrong claim",
                code="boo.illegal.locked-out",
                rule="BO-D2",
                until=state.locked_until[player],
            )
        if move.kind == "booo":
            assert move.colour is not None
            if move.colour in state.walls_of(player):
                # BO-15 and BO-16: "Booo!" in a colour in front of you is a wrong route before it is traced.
                why = IllegalMove(
                    "the announced colour is one of your wall markers",
                    code="boo.route.forbidden-colour",
                    rule="BO-15",
                    colour=COLOURS[move.colour],
                )
                return self._wrong(state, player, move, why)
            deadline = move.t + state.trace_ms
            nxt = replace(
                state,
                claimant=player,
                deadline=deadline,
                announced=move.colour,
                hands=_swap(state.hands, player, False),
            )
            data = {"player": player, "deadline": deadline, "colour": COLOURS[move.colour]}
            return nxt, [Event("booo", data, irreversible=True)]
        if move.route is None:
            raise IllegalMove("a claim needs a route", code="boo.illegal.no-route", rule="BO-13")
        return self._claim(state, player, move)

    def check_claim(self, state: BooState, player: int, route: Route) -> Route:
        """The route in its normal form if it is valid for ``player``, else :class:`IllegalMove`
        (``boo.route.*`` key and rule)."""
        room = state.visitor_room
        assert room is not None
        return check_route(state.castle, state.ghost, room, state.specials, state.walls_of(player), route)

    def _claim(self, state: BooState, player: int, move: BooMove) -> tuple[BooState, list[Event]]:
        try:
            if move.route is None:
                raise IllegalMove("the route was not shown", code="boo.route.not-shown", rule="BO-16")
            if state.claimant is not None and move.t > state.deadline:
                raise IllegalMove("the route was not shown in time", code="boo.route.too-late", rule="BO-16")
            if state.announced is not None and move.route.colour != state.announced:
                raise IllegalMove(
                    "the route does not start in the announced colour",
                    code="boo.route.not-announced",
                    rule="BO-13",
                    colour=COLOURS[state.announced],
                )
            route = self.check_claim(state, player, move.route)
        except IllegalMove as why:
            return self._wrong(state, player, move, why)
        return self._capture(state, player, route, move.t)

    def _wrong(
        self, state: BooState, player: int, move: BooMove, why: IllegalMove
    ) -> tuple[BooState, list[Event]]:
        """BO-16 and BO-D2: the search starts again for all; the claimant is locked out for a while."""
        until = move.t + state.lockout_ms
        nxt = replace(
            state,
            claimant=None,
            deadline=0,
            announced=None,
            locked_until=_swap(state.locked_until, player, until),
            search_started=move.t,
        )
        data = {
            "player": player,
            "route": None if move.route is None else move.route.to_json(),
            "colour": COLOURS[move.colour] if move.colour is not None else None,
            "code": why.code,
            "rule": why.rule,
            "params": dict(why.params),
            "locked_until": until,
        }
        return nxt, [Event("claim-wrong", data, irreversible=True), Event("search-restarts", {"t": move.t})]

    def _capture(self, state: BooState, player: int, route: Route, t: int) -> tuple[BooState, list[Event]]:
        """BO-14: the ghost moves, the claimant takes the visitor and the marker of the route's last colour."""
        room = state.visitor_room
        assert room is not None and state.visitor is not None
        colour = route.last_colour
        holder = state.markers[colour]
        captured = _swap(state.captured, player, (*state.captured[player], state.visitor))
        events = [
            Event("claim", {"player": player, "route": route.to_json()}, irreversible=True),
            Event(
                "ghost-moved",
                {"from": cell_name(state.ghost), "to": cell_name(room), "route": route.to_json()},
            ),
            Event("visitor-taken", {"player": player, "visitor": state.visitor}),
            Event("marker-taken", {"player": player, "colour": COLOURS[colour], "from": holder}),
        ]
        nxt = replace(
            state,
            ghost=room,
            visitor=None,
            captured=captured,
            markers=_swap(state.markers, colour, player),
            last_win=_swap(state.last_win, player, state.round),
        )
        if len(nxt.walls_of(player)) >= WIN_WALLS:
            return self._finish(nxt, (player,), "boo.end.walls", events)
        if len(captured[player]) >= WIN_VISITORS:
            return self._finish(nxt, (player,), "boo.end.visitors", events)
        return self._next_round(nxt, t, events)

    def _hand(self, state: BooState, player: int, t: int) -> tuple[BooState, list[Event]]:
        """BO-17: when more than half the players raise a hand, the search ends without a winner."""
        if state.hands[player]:
            raise IllegalMove("your hand is already raised", code="boo.illegal.hand-raised", rule="BO-17")
        hands = _swap(state.hands, player, True)
        raised = sum(hands)
        events = [Event("hand", {"player": player, "raised": True, "hands": raised})]
        state = replace(state, hands=hands)
        if 2 * raised <= state.players:
            return state, events
        room = state.visitor_room
        assert room is not None and state.visitor is not None
        # BO-D3: the end-of-round reveal shows each seat a shortest route it could have used, if any.
        reveal = [shortest_route(state.problem(p)) for p in range(state.players)]
        data = {
            "visitor": state.visitor,
            "room": cell_name(room),
            "reveal": [r and r.to_json() for r in reveal],
        }
        # Irreversible: it reveals every seat's route (nothing that reveals may be undone).
        events.append(Event("visitor-discarded", data, irreversible=True))
        events.append(
            Event("ghost-moved", {"from": cell_name(state.ghost), "to": cell_name(room), "route": None})
        )
        nxt = replace(state, ghost=room, visitor=None, discarded=(*state.discarded, state.visitor))
        return self._next_round(nxt, t, events)

    def _next_round(self, state: BooState, t: int, events: list[Event]) -> tuple[BooState, list[Event]]:
        """BO-18 and BO-7: the first player passes clockwise and reveals the next visitor; BO-20 when none is left."""
        if not state.stack:
            best = max(state.total(p) for p in range(state.players))
            tied = [p for p in range(state.players) if state.total(p) == best]
            latest = max(state.last_win[p] for p in tied)
            winners = tuple(p for p in tied if state.last_win[p] == latest) if latest >= 0 else tuple(tied)
            return self._finish(state, winners, "boo.end.stack", events)
        first = (state.first + 1) % state.players
        visitor, stack = state.stack[0], state.stack[1:]
        nxt = replace(
            state,
            first=first,
            visitor=visitor,
            stack=stack,
            round=state.round + 1,
            hands=(False,) * state.players,
            claimant=None,
            deadline=0,
            announced=None,
            search_started=t,
        )
        events.append(Event("first-player", {"player": first}))
        events.append(self.placed_event(nxt))
        return nxt, events

    def placed_event(self, state: BooState) -> Event:
        room = state.visitor_room
        assert room is not None and state.visitor is not None
        comps = components()
        column, row = cell_room(room)
        data = {
            "visitor": state.visitor,
            "room": cell_name(room),
            "arms": comps.arms[column],
            "portrait": comps.portraits[row],
        }
        return Event("visitor-placed", data)

    def _finish(
        self, state: BooState, winners: tuple[int, ...], reason: str, events: list[Event]
    ) -> tuple[BooState, list[Event]]:
        nxt = replace(state, winners=winners, reason=reason, claimant=None, announced=None)
        events.append(Event("game-over", {"winners": list(winners), "reason": reason}))
        return nxt, events

    def outcome(self, state: BooState) -> Outcome | None:
        if state.winners is None:
            return None
        scores = tuple(float(state.total(p)) for p in range(state.players))
        return Outcome(state.winners, scores, state.reason)

    def scores(self, state: BooState) -> list[float] | None:
        """Walls plus visitors, in front of everyone (BO-20)."""
        return [float(state.total(p)) for p in range(state.players)]

    def notation(self, move: BooMove) -> str:
        """The move log's short form: ``hand``, ``lower``, ``booo red``, ``red e5 e4 *c3 !blue c4``
        (a claim's route), ``—`` (nothing shown); the time in seconds after ``@``."""
        at = f" @{move.t / 1000:.1f}s"
        if move.kind == "booo" and move.colour is not None:
            return f"booo {COLOURS[move.colour]}{at}"
        if move.kind == "claim":
            if move.route is None:
                return "—" + at
            return " ".join([COLOURS[move.route.colour], *move.route.to_json()["steps"]]) + at
        return move.kind + at

    # --- serialisation -----------------------------------------------------------------------
    def encode_move(self, move: BooMove) -> JSON:
        """``{"k": kind, "t": ms}``, plus ``route`` for a claim, ``c`` (the colour) for "Booo!" and
        ``v`` (the visitor) when the move names it."""
        check_move(move)
        out: dict[str, JSON] = {"k": move.kind, "t": move.t}
        if move.kind == "claim":
            out["route"] = None if move.route is None else move.route.to_json()
        if move.colour is not None:
            out["c"] = COLOURS[move.colour]
        if move.visitor is not None:
            out["v"] = move.visitor
        return out

    def decode_move(self, data: JSON) -> BooMove:
        if not isinstance(data, dict) or data.get("k") not in KINDS:
            raise MalformedMove(f"not a Boo! move: {data!r}", code="boo.malformed.move")
        kind, t = data["k"], data.get("t")
        if not isinstance(t, int) or isinstance(t, bool) or t < 0:
            raise MalformedMove("a Boo! move needs its time t (ms)", code="boo.malformed.move")
        expected = (
            {"k", "t", "route"} if kind == "claim" else {"k", "t", "c"} if kind == "booo" else {"k", "t"}
        )
        if set(data) - {"v"} != expected:
            raise MalformedMove(f"unexpected fields in {data!r}", code="boo.malformed.move")
        visitor = data.get("v")
        if visitor is not None and not is_int(visitor):
            raise MalformedMove(f"bad visitor in {data!r}", code="boo.malformed.move")
        colour = None
        if kind == "booo":
            if data["c"] not in COLOURS:
                raise MalformedMove(f"bad colour in {data!r}", code="boo.malformed.move")
            colour = COLOURS.index(data["c"])
        route = None if kind != "claim" or data["route"] is None else Route.from_json(data["route"])
        return BooMove(kind, t, route, colour, visitor)

    def encode_state(self, state: BooState) -> JSON:
        return {
            "players": state.players,
            "arrangement": list(state.arrangement),
            "trapdoors": [cell_name(c) for c in state.trapdoors],
            "transitions": [cell_name(c) for c in state.transitions],
            "route_number": state.route_number,
            "ghost": cell_name(state.ghost),
            "visitor": state.visitor,
            "stack": list(state.stack),
            "first": state.first,
            "markers": list(state.markers),
            "captured": [list(c) for c in state.captured],
            "hands": list(state.hands),
            "locked_until": list(state.locked_until),
            "last_win": list(state.last_win),
            "round": state.round,
            "now": state.now,
            "search_started": state.search_started,
            "claimant": state.claimant,
            "deadline": state.deadline,
            "announced": None if state.announced is None else COLOURS[state.announced],
            "lockout_ms": state.lockout_ms,
            "trace_ms": state.trace_ms,
            "discarded": list(state.discarded),
            "winners": None if state.winners is None else list(state.winners),
            "reason": state.reason,
        }

    def decode_state(self, data: JSON) -> BooState:
        """A state from JSON (a save, a link, a peer), checked as a whole: ``ValueError`` unless
        every field has its exact type and range and the visitors, markers and seats add up."""
        try:
            state = _decode_state(data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"not a Boo! state: {exc}") from exc
        return state

    def describe_move(self, state: BooState, player: int, move: BooMove) -> tuple[str, dict[str, JSON]]:
        params: dict[str, JSON] = {"player": player}
        if move.kind == "claim" and move.route is not None:
            params["colour"] = f"boo.colour.{COLOURS[move.route.colour]}"
            return "boo.log.claim", params
        if move.kind == "booo" and move.colour is not None:
            params["colour"] = f"boo.colour.{COLOURS[move.colour]}"
        return f"boo.log.{'give-up' if move.kind == 'claim' else move.kind}", params

    def describe_event(self, event: Event) -> tuple[str, dict[str, JSON], str] | None:
        """Every event in words with the rule that made it happen. A claim, a "Booo!" and a hand
        say what the move's own line says (the screen then gives that line the rule); a wrong claim
        says why, linking the rule the route broke."""
        data, kind = event.data, event.kind
        who: dict[str, JSON] = {"player": data["player"]} if "player" in data else {}
        if kind == "claim":  # only a valid claim: BO-14 made the capture that follows
            colour = COLOURS[Route.from_json(data["route"]).colour]
            return "boo.log.claim", {**who, "colour": f"boo.colour.{colour}"}, "BO-14"
        if kind == "booo":
            return "boo.log.booo", {**who, "colour": f"boo.colour.{data['colour']}"}, "BO-13"
        if kind == "hand":
            return f"boo.log.{'hand' if data['raised'] else 'lower'}", who, "BO-17"
        if kind == "claim-wrong":
            inner = {
                k: f"boo.colour.{v}" if k in ("colour", "wall") else v for k, v in data["params"].items()
            }
            why = {"key": data["code"], "params": inner}
            return "boo.wrong.why", {**who, "why": why}, str(data["rule"] or "BO-16")
        if kind == "search-restarts":
            return "boo.log.search-restarts", {}, "BO-16"
        if kind == "ghost-moved":  # along the winning route (BO-14) or after the hands (BO-17)
            return "boo.log.ghost-moved", {"to": data["to"]}, "BO-14" if data["route"] else "BO-17"
        if kind == "visitor-taken":
            return "boo.log.visitor-taken", {**who, "visitor": data["visitor"]}, "BO-14"
        if kind == "marker-taken":
            return "boo.log.marker-taken", {**who, "colour": f"boo.colour.{data['colour']}"}, "BO-14"
        if kind == "visitor-discarded":
            return "boo.log.visitor-discarded", {"visitor": data["visitor"]}, "BO-17"
        if kind == "first-player":
            return "boo.log.first-player", who, "BO-18"
        if kind == "visitor-placed":
            return "boo.log.visitor-placed", {"visitor": data["visitor"], "room": data["room"]}, "BO-7"
        if kind == "game-over":  # 4 walls or 5 visitors end it at once (BO-19); else the count (BO-20)
            reason = str(data["reason"])
            winners = list(data["winners"])
            params: dict[str, JSON] = {"player": winners[0]} if winners else {}
            return reason, params, "BO-20" if reason == "boo.end.stack" else "BO-19"
        return None


def _ints(values: Any, low: int, high: int, name: str) -> tuple[int, ...]:
    if not isinstance(values, list) or not all(is_int(v) and low <= v <= high for v in values):
        raise ValueError(f"{name} must be whole numbers from {low} to {high}")
    return tuple(values)


def _int(value: Any, low: int, high: int, name: str) -> int:
    return _ints([value], low, high, name)[0]


def _room(text: Any) -> Cell:
    cell = parse_cell(text)
    if not is_room(cell):
        raise ValueError(f"{text} is not a room")
    return cell


def _decode_state(data: Any) -> BooState:
    if not isinstance(data, dict) or set(data) != FIELDS:
        raise ValueError("wrong fields")
    players = _int(data["players"], Boo.min_players, Boo.max_players, "players")
    seat, clock = players - 1, 1 << 62
    size = stack_size(players)
    arrangement = _ints(data["arrangement"], 1, 9, "arrangement")
    if sorted(arrangement) != [t.id for t in components().tiles]:
        raise ValueError("the arrangement must place each tile once")
    trapdoors = tuple(_room(c) for c in data["trapdoors"])
    transitions = tuple(_room(c) for c in data["transitions"])
    if len(set(trapdoors + transitions)) != len(trapdoors + transitions) or len(trapdoors + transitions) > 4:
        raise ValueError("at most 4 special tokens, one per room")
    visitor = None if data["visitor"] is None else _int(data["visitor"], 1, size, "visitor")
    captured = tuple(_ints(c, 1, size, "captured") for c in data["captured"])
    hands = tuple(data["hands"])
    if not all(type(h) is bool for h in hands):
        raise ValueError("hands are true or false")
    claimant = None if data["claimant"] is None else _int(data["claimant"], 0, seat, "claimant")
    announced = None if data["announced"] is None else COLOURS.index(data["announced"])
    winners = None if data["winners"] is None else _ints(data["winners"], 0, seat, "winners")
    state = BooState(
        players=players,
        arrangement=arrangement,
        trapdoors=trapdoors,
        transitions=transitions,
        route_number=_int(data["route_number"], 1, 4, "route number"),
        ghost=_room(data["ghost"]),
        visitor=visitor,
        stack=_ints(data["stack"], 1, size, "stack"),
        first=_int(data["first"], 0, seat, "first"),
        markers=_ints(data["markers"], RESERVE, seat, "markers"),
        captured=captured,
        hands=hands,
        locked_until=_ints(data["locked_until"], 0, clock, "locked_until"),
        last_win=_ints(data["last_win"], -1, clock, "last_win"),
        round=_int(data["round"], 1, clock, "round"),
        now=_int(data["now"], 0, clock, "now"),
        search_started=_int(data["search_started"], 0, clock, "search_started"),
        claimant=claimant,
        deadline=_int(data["deadline"], 0, clock, "deadline"),
        announced=announced,
        lockout_ms=_int(data["lockout_ms"], 0, clock, "lockout_ms"),
        trace_ms=_int(data["trace_ms"], 0, clock, "trace_ms"),
        discarded=_ints(data["discarded"], 1, size, "discarded"),
        winners=winners,
        reason=str(data["reason"]),
    )
    seen = [v for c in state.captured for v in c] + list(state.discarded) + list(state.stack)
    if visitor is not None:
        seen.append(visitor)
    if (
        len(state.markers) != len(COLOURS)
        or not len(captured) == len(hands) == len(state.locked_until) == len(state.last_win) == players
        or sorted(seen) != list(range(1, size + 1))
        or list(state.stack) != sorted(state.stack)
        or (claimant is None) != (announced is None)
        or (winners is None) != (visitor is not None)
        or (state.visitor_room == state.ghost and visitor is not None)
        or (winners is None and 2 * sum(hands) > players)
    ):
        raise ValueError("the fields do not add up to a position the rules allow")
    return state


FIELDS = frozenset(f.name for f in fields(BooState))

GAME = Boo()
