"""The rules of Boo! as a :class:`parlour.engine.Game` (BO-1..BO-20, BO-D1..BO-D2).

Boo! is played in real time: every seat searches at once. Each move carries ``t``, the match
clock in milliseconds when it happened (also recorded as the ply's ``t``); moves must come in
non-decreasing ``t``, which is the order the host (or the shared device) saw them arrive, so a
match replays exactly from its move list.

Moves:

* ``claim``: "Booo!" with a traced route (own device, BO-D1). A valid route wins the round
  (BO-14); an invalid one restarts the search and locks the claimant out for ``lockout_ms``
  (BO-16, BO-D2). With a route of ``None`` the claimant cannot show a route (after ``booo``).
* ``booo``: the shared-device button (BO-D1): freezes everyone else and gives the claimant
  ``trace_ms`` to trace; a route claimed later than that counts as not shown (BO-16).
* ``hand`` / ``lower``: raise or lower a hand (BO-17).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from parlour.engine import JSON, Event, Game, IllegalMove, MalformedMove, Option, Outcome, Rng
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
    parse_cell,
)
from parlour.games.boo.route import Route, Specials, check_route
from parlour.games.boo.solver import Problem, shortest_route, shortest_routes

KINDS = ("claim", "booo", "hand", "lower")
WIN_WALLS = 4
WIN_VISITORS = 5
RESERVE = -1


def stack_size(players: int) -> int:
    """Visitors used (BO-5): 1–9 for 2 players, 1–12 for 3–4, 1–15 for 5–6."""
    return 9 if players == 2 else 12 if players <= 4 else 15


@dataclass(frozen=True)
class BooMove:
    """A real-time action at match time ``t`` (ms)."""

    kind: str
    t: int
    route: Route | None = None


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


class Boo(Game[BooState, BooMove]):
    """Boo! for 2–6 players."""

    id = "boo"
    min_players = 2
    max_players = 6
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
        Option("token_rooms", "standard", "boo.option.token-rooms", ("standard", "random")),
        Option("lockout_ms", 5000, "boo.option.lockout", (0, 3000, 5000, 10000)),
        Option("trace_ms", 15000, "boo.option.trace", (5000, 10000, 15000, 30000)),
    )

    # --- setup -------------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, JSON], seed: int | str) -> BooState:
        """BO-1..BO-7: castle, markers, ghost, special tokens, visitor stack, route number, first visitor."""
        tokens, trapdoors = int(options["tokens"]), int(options["trapdoors"])
        if trapdoors > tokens:
            raise ValueError(f"{trapdoors} trapdoors asked for but only {tokens} special tokens")
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

    def legal_moves(self, state: BooState, player: int) -> list[BooMove]:
        """Hands, the button, and claims of the player's shortest routes (all routes are too many to list)."""
        if player not in self.to_act(state):
            return []
        t = state.now
        claims = [BooMove("claim", t, r) for r in shortest_routes(state.problem(player), limit=4)]
        if state.claimant is not None:
            return [*claims, BooMove("claim", t, None)]
        moves = [BooMove("lower" if state.hands[player] else "hand", t)]
        if t >= state.locked_until[player]:
            moves += [BooMove("booo", t), *claims]
        return moves

    def apply(self, state: BooState, player: int, move: BooMove) -> tuple[BooState, list[Event]]:
        self.check_turn(state, player)
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
            deadline = move.t + state.trace_ms
            nxt = replace(state, claimant=player, deadline=deadline, hands=_swap(state.hands, player, False))
            return nxt, [Event("booo", {"player": player, "deadline": deadline}, irreversible=True)]
        if move.route is None:
            raise IllegalMove("a claim needs a route", code="boo.illegal.no-route", rule="BO-13")
        return self._claim(state, player, move)

    def check_claim(self, state: BooState, player: int, route: Route) -> None:
        """Raise :class:`IllegalMove` (``boo.route.*`` key and rule) unless ``route`` is valid for ``player``."""
        room = state.visitor_room
        assert room is not None
        check_route(state.castle, state.ghost, room, state.specials, state.walls_of(player), route)

    def _claim(self, state: BooState, player: int, move: BooMove) -> tuple[BooState, list[Event]]:
        try:
            if move.route is None:
                raise IllegalMove("the route was not shown", code="boo.route.not-shown", rule="BO-16")
            if state.claimant is not None and move.t > state.deadline:
                raise IllegalMove("the route was not shown in time", code="boo.route.too-late", rule="BO-16")
            self.check_claim(state, player, move.route)
        except IllegalMove as why:
            return self._wrong(state, player, move, why)
        return self._capture(state, player, move.route, move.t)

    def _wrong(
        self, state: BooState, player: int, move: BooMove, why: IllegalMove
    ) -> tuple[BooState, list[Event]]:
        """BO-16 and BO-D2: the search starts again for all; the claimant is locked out for a while."""
        until = move.t + state.lockout_ms
        nxt = replace(
            state,
            claimant=None,
            deadline=0,
            locked_until=_swap(state.locked_until, player, until),
            search_started=move.t,
        )
        data = {
            "player": player,
            "route": None if move.route is None else move.route.to_json(),
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
        events.append(Event("visitor-discarded", data))
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
        nxt = replace(state, winners=winners, reason=reason, claimant=None)
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

    # --- serialisation -----------------------------------------------------------------------
    def encode_move(self, move: BooMove) -> JSON:
        out: dict[str, JSON] = {"k": move.kind, "t": move.t}
        if move.kind == "claim":
            out["route"] = None if move.route is None else move.route.to_json()
        return out

    def decode_move(self, data: JSON) -> BooMove:
        if not isinstance(data, dict) or data.get("k") not in KINDS:
            raise MalformedMove(f"not a Boo! move: {data!r}", code="boo.malformed.move")
        kind, t = data["k"], data.get("t")
        if not isinstance(t, int) or isinstance(t, bool) or t < 0:
            raise MalformedMove("a Boo! move needs its time t (ms)", code="boo.malformed.move")
        expected = {"k", "t", "route"} if kind == "claim" else {"k", "t"}
        if set(data) != expected:
            raise MalformedMove(f"unexpected fields in {data!r}", code="boo.malformed.move")
        route = None if kind != "claim" or data["route"] is None else Route.from_json(data["route"])
        return BooMove(kind, t, route)

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
            "lockout_ms": state.lockout_ms,
            "trace_ms": state.trace_ms,
            "discarded": list(state.discarded),
            "winners": None if state.winners is None else list(state.winners),
            "reason": state.reason,
        }

    def decode_state(self, data: JSON) -> BooState:
        try:
            return BooState(
                players=int(data["players"]),
                arrangement=tuple(int(i) for i in data["arrangement"]),
                trapdoors=tuple(parse_cell(c) for c in data["trapdoors"]),
                transitions=tuple(parse_cell(c) for c in data["transitions"]),
                route_number=int(data["route_number"]),
                ghost=parse_cell(data["ghost"]),
                visitor=data["visitor"],
                stack=tuple(data["stack"]),
                first=int(data["first"]),
                markers=tuple(data["markers"]),
                captured=tuple(tuple(c) for c in data["captured"]),
                hands=tuple(bool(h) for h in data["hands"]),
                locked_until=tuple(data["locked_until"]),
                last_win=tuple(data["last_win"]),
                round=int(data["round"]),
                now=int(data["now"]),
                search_started=int(data["search_started"]),
                claimant=data["claimant"],
                deadline=int(data["deadline"]),
                lockout_ms=int(data["lockout_ms"]),
                trace_ms=int(data["trace_ms"]),
                discarded=tuple(data["discarded"]),
                winners=None if data["winners"] is None else tuple(data["winners"]),
                reason=str(data["reason"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a Boo! state: {exc}") from exc

    def describe_move(self, state: BooState, player: int, move: BooMove) -> tuple[str, dict[str, JSON]]:
        params: dict[str, JSON] = {"player": player}
        if move.kind == "claim" and move.route is not None:
            params["colour"] = COLOURS[move.route.colour]
            return "boo.log.claim", params
        return f"boo.log.{'give-up' if move.kind == 'claim' else move.kind}", params


GAME = Boo()
