"""A state as a whole: the checks a state decoded from a peer, a link or a save must pass.

:func:`read` turns JSON into a :class:`~.state.WoolyState` with exact types (an ``int`` is never a
``bool``, a ``float`` or a string) and :func:`check` refuses any state no rule allows: every tile
of the box in exactly one place, the village in the middle, matching edges everywhere, stacks only
of wolves and hunters, turns only for seats still in, bonuses as the leaving order gives them.
Each refusal is a ``ValueError`` that says what is wrong.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from parlour.games.wooly_bully.board import Board, Pos, neighbour, rotated_edges
from parlour.games.wooly_bully.state import BONUSES, Options, Turn, WoolyState
from parlour.games.wooly_bully.tiles import COLOURS, all_tiles, bag_ids, tile, village_id

END_REASONS = ("all-left", "none-can-play", "hand-played-out")
"""The end reasons the rules give (``wooly-bully.end.<reason>``)."""


class BadState(ValueError):
    """A state no rule allows."""


def _fail(why: str) -> BadState:
    return BadState(f"not a wooly-bully state: {why}")


def _int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:
        raise _fail(f"{what} must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise _fail(f"{what} {value} is out of range")
    return value


def _bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise _fail(f"{what} must be true or false, not {value!r}")
    return value


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(f"{what} must be a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise _fail(f"{what} must have {length} entries, not {len(value)}")
    return value


def _tiles(value: Any, what: str) -> tuple[int, ...]:
    return tuple(_int(t, f"a tile in {what}", 0, len(all_tiles()) - 1) for t in _list(value, what))


def read(data: Any) -> WoolyState:
    """A state from its JSON form (:func:`~.state.encode`), checked as a whole."""
    if not isinstance(data, dict):
        raise _fail("a state is a JSON object")
    try:
        return check(_read(data))
    except KeyError as exc:
        raise _fail(f"the field {exc.args[0]!r} is missing") from exc


def _read(data: dict[str, Any]) -> WoolyState:
    players = _int(data["players"], "the player count", 2, 4)
    opts = data["options"]
    if not isinstance(opts, dict) or set(opts) != set(Options.__dataclass_fields__):
        raise _fail("the options must name every variant")
    options = Options(**{k: _bool(v, f"option {k}") for k, v in opts.items()})
    cells = []
    for entry in _list(data["cells"], "cells"):
        x, y, rot, stack = _list(entry, "a cell", 4)
        pos = (_int(x, "x", -999, 999), _int(y, "y", -999, 999))
        stack_t = _tiles(stack, "a stack")
        if not stack_t:
            raise _fail(f"the stack at {pos} is empty")
        cells.append((pos, _int(rot, "a rotation", 0, 3), stack_t))
    turns = []
    for entry in _list(data["turns"], "turns"):
        seat, quota, played, extra, discarding = _list(entry, "a turn", 5)
        turns.append(
            Turn(
                _int(seat, "a turn's seat", 0, players - 1),
                _int(quota, "a turn's quota", 1, 4),
                _int(played, "a turn's plays", 0, 3),
                _int(extra, "a turn's extra turns", 0, 60),
                bool(_int(discarding, "a turn's discarding flag", 0, 1)),
            )
        )
    positions = [pos for pos, _r, _s in cells]
    if len(set(positions)) != len(positions):
        raise _fail("two cells on one square")
    ended = data["ended"]
    if not isinstance(ended, str):
        raise _fail("the end reason must be a string")
    return WoolyState(
        players=players,
        options=options,
        colours=tuple(
            _int(c, "a colour", 0, len(COLOURS) - 1) for c in _list(data["colours"], "colours", players)
        ),
        revealed=tuple(_bool(r, "revealed") for r in _list(data["revealed"], "revealed", players)),
        hands=tuple(_tiles(h, "a hand") for h in _list(data["hands"], "hands", players)),
        bag=_tiles(data["bag"], "the bag"),
        board=_board(cells),
        turns=tuple(turns),
        rotation=_int(data["rotation"], "the rotation", 0, players - 1),
        left=tuple(_int(p, "a seat that left", 0, players - 1) for p in _list(data["left"], "left")),
        bonus=tuple(_int(b, "a bonus", 0, 6) for b in _list(data["bonus"], "bonus", players)),
        passed=tuple(_int(p, "a seat that passed", 0, players - 1) for p in _list(data["passed"], "passed")),
        discards=_tiles(data["discards"], "the discards"),
        placed=tuple(positions),
        ended=ended,
    )


def _board(cells: list[tuple[Pos, int, tuple[int, ...]]]) -> Board:
    """The board, laid in the order given: each tile must touch an earlier one and match it."""
    if not cells or cells[0][0] != (0, 0) or cells[0][2] != (village_id(),):
        raise _fail("the village square must be the first tile, in the middle")
    board = Board()
    for i, (pos, rot, stack) in enumerate(cells):
        bottom = tile(stack[0])
        if i and bottom.kind not in ("landscape", "wolf", "hunter", "shepherd"):
            raise _fail(f"a {bottom.kind} cannot lie on the table at {pos}")
        if i and not board.fits(stack[0], rot, pos):
            raise _fail(f"the tile at {pos} does not touch or match its neighbours")
        board.place(stack[0], rot, pos)
        below = bottom.kind
        for tid in stack[1:]:
            kind = tile(tid).kind
            if (kind, below) not in (("hunter", "wolf"), ("wolf", "hunter")):
                raise _fail(f"a {kind} cannot lie on a {below} at {pos}")
            board.stack(tid, pos)
            below = kind
    return board


def check(state: WoolyState) -> WoolyState:
    """``state`` if some sequence of legal moves could have reached it (as far as the parts that
    can be checked go), else :class:`BadState`."""
    players = state.players
    if len(set(state.colours)) != players:
        raise _fail("two players share a colour")
    on_board = [t for _rot, stack in state.board.cells.values() for t in stack]
    where = Counter([*on_board, *state.bag, *state.discards, *(t for h in state.hands for t in h)])
    for tid, n in where.items():
        if n > 1:
            raise _fail(f"tile {tid} is in {n} places")
    box = set(bag_ids())
    missing = box - set(where)
    if missing:
        raise _fail(f"tile {min(missing)} is nowhere")
    for tid in where:
        kind = tile(tid).kind
        if tid not in box and not (kind == "village" or (kind == "shepherd" and tid in on_board)):
            raise _fail(f"a {kind} (tile {tid}) cannot be in play there")
    shepherds = {tile(t).colour for t in on_board if tile(t).kind == "shepherd"}
    shown = {state.colours[p] for p in range(players) if state.revealed[p]}
    if shepherds != shown:
        raise _fail("the shepherds on the table are not those of the revealed colours")
    if state.discards and not state.options.hand_limit:
        raise _fail("discards without the hand limit (WB-V1)")
    if len(set(state.left)) != len(state.left):
        raise _fail("a seat left twice")
    for p in range(players):
        expected = 0
        if p in state.left:
            order = state.left.index(p)
            last = order == players - 1
            expected = BONUSES[order] if order < len(BONUSES) and not last else 0
        if state.bonus[p] != expected:
            raise _fail(f"seat {p}'s bonus {state.bonus[p]} does not follow the leaving order")
    if state.ended:
        if state.ended not in {f"wooly-bully.end.{r}" for r in END_REASONS}:
            raise _fail(f"unknown end {state.ended!r}")
        if state.turns:
            raise _fail("a finished game has no turns")
        if state.ended == "wooly-bully.end.all-left" and state.active:
            raise _fail("the game ended with everyone gone, but some are still in")
    else:
        if not state.active:
            raise _fail("everyone has left but the game is not over")
        if not state.turns:
            raise _fail("a game in progress needs a turn")
        for turn in state.turns:
            if turn.seat in state.left:
                raise _fail(f"seat {turn.seat} has left but has a turn")
            if turn.played >= turn.quota and not turn.discarding:
                raise _fail("a turn has laid more tiles than it may")
            if turn.discarding and not state.options.hand_limit:
                raise _fail("discarding without the hand limit (WB-V1)")
    for p in state.passed:
        if p in state.left:
            raise _fail(f"seat {p} has left but is listed as passing")
    for pos in state.board.cells:
        for d in range(4):
            other = neighbour(pos, d)
            cell = state.board.cells.get(other)
            if cell is None:
                continue
            mine = state.board.cells[pos]
            if rotated_edges(mine[1][0], mine[0])[d] != rotated_edges(cell[1][0], cell[0])[(d + 2) % 4]:
                raise _fail(f"the edges of {pos} and {other} do not match")
    return state


def hidden_filled(view: dict[str, Any]) -> WoolyState:
    """A state that gives back ``view`` for its player: what the player cannot see is filled in
    with stand-ins (the unseen tiles in id order for other hands and the bag, the unshown colours
    in order). Boards and bots draw and reason from it as from any state; it never claims to know
    a secret, since :func:`~.rules.WoolyBully.view` cuts the stand-ins out again."""
    if not isinstance(view, dict):
        raise _fail("a view is a JSON object")
    try:
        you = view["you"]
        players = _int(view["players"], "the player count", 2, 4)
        if you is not None:
            _int(you, "the viewer", 0, players - 1)
        sizes = [_int(n, "a hand size", 0, 68) for n in _list(view["hand_sizes"], "hand sizes", players)]
        hands_seen = _list(view["hands"], "hands", players)
        names = _list(view["colours"], "colours", players)
        bag_size = _int(view["bag_size"], "the bag size", 0, 68)
        data = {
            k: v for k, v in view.items() if k not in ("you", "to_act", "hand_sizes", "bag_size", "scores")
        }
    except KeyError as exc:
        raise _fail(f"the view's field {exc.args[0]!r} is missing") from exc
    colours: list[int | None] = []
    for name in names:
        if name is not None and name not in COLOURS:
            raise _fail(f"unknown colour {name!r}")
        colours.append(None if name is None else COLOURS.index(name))
    unseen_colours = [c for c in range(len(COLOURS)) if c not in colours]
    data["colours"] = [c if c is not None else unseen_colours.pop(0) for c in colours]
    seen: set[int] = set()
    for p, hand in enumerate(hands_seen):
        if hand is not None:
            if p != you:
                raise _fail("a view shows another player's hand")
            seen.update(_tiles(hand, "your hand"))
    for entry in _list(view.get("cells"), "cells"):
        seen.update(_tiles(_list(entry, "a cell", 4)[3], "a stack"))
    seen.update(_tiles(view.get("discards"), "the discards"))
    pool = [t for t in bag_ids() if t not in seen]
    hands = []
    for p, hand in enumerate(hands_seen):
        if hand is not None:
            hands.append(list(hand))
        else:
            hands.append(pool[: sizes[p]])
            pool = pool[sizes[p] :]
    if len(pool) != bag_size:
        raise _fail("the hand sizes and the bag size do not add up to the unseen tiles")
    data["hands"] = hands
    data["bag"] = pool
    return read(data)


def seen_by(state: WoolyState, you: int | None) -> WoolyState:
    """:func:`hidden_filled` of ``you``'s view of ``state``, made from the state itself: the same
    stand-ins for what ``you`` cannot see, the rest (the board) shared, nothing read or checked
    again. For the state the host holds (its own page draws its seat's view: issue #17); a view
    from elsewhere goes through :func:`hidden_filled`."""
    shown = bool(state.ended)
    kept = [c if (p == you or state.revealed[p] or shown) else None for p, c in enumerate(state.colours)]
    unseen_colours = [c for c in range(len(COLOURS)) if c not in kept]
    seen = set(state.hands[you]) if you is not None else set()
    for _rot, stack in state.board.cells.values():
        seen.update(stack)
    seen.update(state.discards)
    pool = [t for t in bag_ids() if t not in seen]
    hands = []
    for p, hand in enumerate(state.hands):
        if p == you:
            hands.append(hand)
        else:
            hands.append(tuple(pool[: len(hand)]))
            pool = pool[len(hand) :]
    return replace(
        state,
        colours=tuple(c if c is not None else unseen_colours.pop(0) for c in kept),
        hands=tuple(hands),
        bag=tuple(pool),
    )
