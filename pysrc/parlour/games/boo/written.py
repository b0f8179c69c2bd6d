"""How a Boo! match is written and said: the move log's notation, moves and states as JSON (a
state read back is checked as a whole), and every move and event in words with the rule behind it.
:class:`parlour.games.boo.rules.Boo` answers with these (decision 0113)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from parlour.engine import JSON, Event, MalformedMove
from parlour.games.boo.castle import (
    COLOURS,
    Cell,
    cell_name,
    components,
    is_room,
    parse_cell,
)
from parlour.games.boo.route import Route
from parlour.games.boo.state import (
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RESERVE,
    BooMove,
    BooState,
    check_move,
    is_int,
    stack_size,
)


def notation(move: BooMove) -> str:
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
def encode_move(move: BooMove) -> JSON:
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


def decode_move(data: JSON) -> BooMove:
    if not isinstance(data, dict) or data.get("k") not in KINDS:
        raise MalformedMove(f"not a Boo! move: {data!r}", code="boo.malformed.move")
    kind, t = data["k"], data.get("t")
    if not isinstance(t, int) or isinstance(t, bool) or t < 0:
        raise MalformedMove("a Boo! move needs its time t (ms)", code="boo.malformed.move")
    expected = {"k", "t", "route"} if kind == "claim" else {"k", "t", "c"} if kind == "booo" else {"k", "t"}
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


def encode_state(state: BooState) -> JSON:
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


def decode_state(data: JSON) -> BooState:
    """A state from JSON (a save, a link, a peer), checked as a whole: ``ValueError`` unless
    every field has its exact type and range and the visitors, markers and seats add up."""
    try:
        state = _decode_state(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"not a Boo! state: {exc}") from exc
    return state


def describe_move(state: BooState, player: int, move: BooMove) -> tuple[str, dict[str, JSON]]:
    params: dict[str, JSON] = {"player": player}
    if move.kind == "claim" and move.route is not None:
        params["colour"] = f"boo.colour.{COLOURS[move.route.colour]}"
        return "boo.log.claim", params
    if move.kind == "booo" and move.colour is not None:
        params["colour"] = f"boo.colour.{COLOURS[move.colour]}"
    return f"boo.log.{'give-up' if move.kind == 'claim' else move.kind}", params


def describe_event(event: Event) -> tuple[str, dict[str, JSON], str] | None:
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
        inner = {k: f"boo.colour.{v}" if k in ("colour", "wall") else v for k, v in data["params"].items()}
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
    players = _int(data["players"], MIN_PLAYERS, MAX_PLAYERS, "players")
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
