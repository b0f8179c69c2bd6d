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

The moves and state are :mod:`parlour.games.boo.state`'s; how a match is written and said (notation,
JSON, words) is :mod:`parlour.games.boo.written`'s (decision 0113).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from parlour.engine import JSON, Event, Game, IllegalMove, NotYourTurn, Option, Outcome, Rng
from parlour.games.boo import written
from parlour.games.boo.castle import (
    ALL_ROOMS,
    CENTRAL_ROOMS,
    COLOURS,
    cell_name,
    cell_room,
    components,
    parse_cell,
)
from parlour.games.boo.route import Route, check_route
from parlour.games.boo.solver import shortest_route, shortest_routes
from parlour.games.boo.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    RESERVE,
    WIN_VISITORS,
    WIN_WALLS,
    BooMove,
    BooState,
    _swap,
    check_move,
    is_int,
    stack_size,
)


class Boo(Game[BooState, BooMove]):
    """Boo! for 2–6 players."""

    id = "boo"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
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

    # --- written and said: parlour.games.boo.written (decision 0113) -------------------------
    def notation(self, move: BooMove) -> str:
        return written.notation(move)

    def encode_move(self, move: BooMove) -> JSON:
        return written.encode_move(move)

    def decode_move(self, data: JSON) -> BooMove:
        return written.decode_move(data)

    def encode_state(self, state: BooState) -> JSON:
        return written.encode_state(state)

    def decode_state(self, data: JSON) -> BooState:
        return written.decode_state(data)

    def describe_move(self, state: BooState, player: int, move: BooMove) -> tuple[str, dict[str, JSON]]:
        return written.describe_move(state, player, move)

    def describe_event(self, event: Event) -> tuple[str, dict[str, JSON], str] | None:
        return written.describe_event(event)


GAME = Boo()
