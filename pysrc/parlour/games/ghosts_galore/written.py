"""A Ghosts Galore table's state (:class:`GhostsState`, as the rules hold it) written and read as
JSON (checked as a whole: a save, a link, a peer's), a network guest's view checked and the stand-in
state made from it, and every move and event in words with the rule behind it. The rules are
:mod:`parlour.games.ghosts_galore.rules` (decision 0113: each compiled in a short task)."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.engine import JSON, Event
from parlour.games.ghosts_galore.board import IdGrid, cell_name
from parlour.games.ghosts_galore.moves import (
    FLIP,
    HIDDEN,
    PASS,
    TAKE,
    Move,
    exact_int,
)
from parlour.games.ghosts_galore.tiles import tile_set

MIN_PLAYERS, MAX_PLAYERS = 2, 5
"""Seats at a table."""
ROUNDS = 9
DRAFT_ROUNDS = 8
EXTRA_PER_ROUND = 4
"""A round's stack holds players + 4 tiles (GG-4), so the last player sees five."""


@dataclass(frozen=True)
class GhostsState:
    """Everything, hidden information included. ``round`` is 1–9, then 10 once the game is over.

    Pencilled hidden tiles are not here: they are their owners' private notes (:class:`Pencil`),
    kept outside the match (decision 0044).
    """

    players: int
    round: int
    turn: int | None
    """Whose draft turn it is (rounds 1–8), else ``None``."""
    stack: tuple[int, ...]
    """The round's stack, top first (secret)."""
    future: tuple[tuple[int, ...], ...]
    """The stacks of the rounds still to come (secret)."""
    table: tuple[int, ...]
    pending: int | None
    """The tile the player to act has just flipped, to take or pass."""
    taken: tuple[bool, ...]
    grids: tuple[IdGrid, ...]
    hidden: tuple[int, ...]
    """Each player's hidden tile (secret to the others until placed)."""

    @property
    def first(self) -> int:
        """The round's first player (GG-5)."""
        return (self.round - 1) % self.players

    def hidden_placed(self, player: int) -> bool:
        return any(p is not None and p[0] == self.hidden[player] for p in self.grids[player])

    def is_last_look(self) -> bool:
        """GG-4: everyone but one has taken, so that one may take any remaining tile."""
        return self.round <= DRAFT_ROUNDS and self.taken.count(False) == 1

    def over(self) -> bool:
        return self.round > ROUNDS


# --- checking a decoded state ------------------------------------------------------------------
_VIEW_KEYS = {
    "players", "you", "round", "first", "turn", "to_act", "taken", "table", "pending", "stack_count", "last_look",
    "grids", "hidden", "hidden_placed",
}  # fmt: skip
_STATE_KEYS = {"players", "round", "turn", "stack", "future", "table", "pending", "taken", "grids", "hidden"}


def _bad(why: str) -> ValueError:
    return ValueError(f"not a Ghosts Galore state: {why}")


def _int(value: JSON, what: str, low: int, high: int) -> int:
    if not exact_int(value) or not low <= value <= high:
        raise _bad(f"{what} must be a whole number {low}-{high}, not {value!r}")
    return int(value)


def _bool(value: JSON) -> bool:
    if not isinstance(value, bool):
        raise _bad(f"'taken' holds true or false, not {value!r}")
    return value


def _list(value: JSON, what: str, length: int | None = None) -> list[JSON]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise _bad(f"{what} must be a list" + ("" if length is None else f" of {length}"))
    return value


def _tile(value: JSON, what: str) -> int:
    return _int(value, f"a tile in {what}", 0, len(tile_set()) - 1)


def _tiles(value: JSON, what: str, length: int | None = None) -> tuple[int, ...]:
    return tuple(_tile(t, what) for t in _list(value, what, length))


def check_state(state: GhostsState) -> None:
    """``ValueError`` unless ``state`` is one the rules can reach: each tile in one place at most,
    each board holding the tiles its rounds gave it, each round's stack, table and takers adding up
    to ``players + 4``, and whose turn it is consistent with who has taken."""
    n = state.players
    size = n + EXTRA_PER_ROUND
    placed = [p[0] for g in state.grids for p in g if p is not None]
    in_hand = [h for i, h in enumerate(state.hidden) if not state.hidden_placed(i)]
    pending = [] if state.pending is None else [state.pending]
    everywhere = placed + in_hand + list(state.stack) + [t for s in state.future for t in s]
    everywhere += list(state.table) + pending
    if len(everywhere) != len(set(everywhere)):
        raise _bad("a tile is in two places")
    for p, grid in enumerate(state.grids):
        if any(c is not None and state.hidden[q] == c[0] for q in range(n) if q != p for c in grid):
            raise _bad("a hidden tile is on another player's board")
    if state.round <= DRAFT_ROUNDS:
        if state.turn is None or state.taken[state.turn] or all(state.taken):
            raise _bad("whose turn it is does not fit who has taken")
        if len(state.future) != DRAFT_ROUNDS - state.round or any(len(s) != size for s in state.future):
            raise _bad("the later rounds' stacks are wrong")
        counts = [sum(c is not None for c in g) for g in state.grids]
        if counts != [state.round - 1 + t for t in state.taken] or any(
            state.hidden_placed(p) for p in range(n)
        ):
            raise _bad("the boards do not hold the tiles of the rounds played")
        if len(state.stack) + len(state.table) + len(pending) + sum(state.taken) != size:
            raise _bad(f"a round deals {size} tiles")
        if state.pending is not None and state.is_last_look():
            raise _bad("the last player does not flip")
        if not state.table and not any(state.taken) and state.turn != state.first:
            raise _bad("the round's first player opens it")
        return
    if state.turn is not None or state.stack or state.future or state.table or state.pending is not None:
        raise _bad("after round 8 there is no draft left")
    if any(state.taken):
        raise _bad("round 9 has no takers")
    for p, grid in enumerate(state.grids):
        full = all(c is not None for c in grid)
        if sum(c is not None for c in grid) < 8 or full != state.hidden_placed(p):
            raise _bad("round 9 boards hold 8 drafted tiles and, once placed, the hidden one")
    if state.over() != all(state.hidden_placed(p) for p in range(n)):
        raise _bad("the game ends when every hidden tile is placed")


def _grid_json(grid: IdGrid) -> list[JSON]:
    return [None if p is None else [p[0], p[1]] for p in grid]


def _grid_from_json(data: JSON) -> IdGrid:
    cells = _list(data, "a grid", 9)
    out: list[tuple[int, int] | None] = []
    for p in cells:
        if p is None:
            out.append(None)
            continue
        pair = _list(p, "a placed tile", 2)
        out.append((_tile(pair[0], "a grid"), _int(pair[1], "a rotation", 0, 3)))
    return tuple(out)


def encode_state(state: GhostsState) -> JSON:
    return {
        "players": state.players,
        "round": state.round,
        "turn": state.turn,
        "stack": list(state.stack),
        "future": [list(s) for s in state.future],
        "table": list(state.table),
        "pending": state.pending,
        "taken": list(state.taken),
        "grids": [_grid_json(g) for g in state.grids],
        "hidden": list(state.hidden),
    }


def decode_state(data: JSON) -> GhostsState:
    """The inverse of :meth:`encode_state`, checked as a whole: exact integers in range, every
    tile in one place at most, and counts that the rules can reach (``ValueError`` otherwise)."""
    if not isinstance(data, dict) or set(data) != _STATE_KEYS:
        raise ValueError("not a Ghosts Galore state: wrong fields")
    players = _int(data["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
    state = GhostsState(
        players=players,
        round=_int(data["round"], "round", 1, ROUNDS + 1),
        turn=None if data["turn"] is None else _int(data["turn"], "turn", 0, players - 1),
        stack=_tiles(data["stack"], "stack"),
        future=tuple(_tiles(s, "future") for s in _list(data["future"], "future")),
        table=_tiles(data["table"], "table"),
        pending=None if data["pending"] is None else _tile(data["pending"], "pending"),
        taken=tuple(_bool(t) for t in _list(data["taken"], "taken", players)),
        grids=tuple(_grid_from_json(g) for g in _list(data["grids"], "grids", players)),
        hidden=_tiles(data["hidden"], "hidden", players),
    )
    check_state(state)
    return state


def from_view(view: JSON) -> JSON:
    """What a board draws from on a network guest's page: the view itself, checked for shape
    (``ValueError`` otherwise), so a damaged view cannot crash the board later."""
    if not isinstance(view, dict) or set(view) != _VIEW_KEYS:
        raise ValueError("not a Ghosts Galore view: wrong fields")
    players = _int(view["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
    _int(view["round"], "round", 1, ROUNDS + 1)
    if view["you"] is not None:
        _int(view["you"], "you", 0, players - 1)
    for key in ("taken", "hidden", "hidden_placed", "grids"):
        _list(view[key], key, players)
    for g in view["grids"]:
        _grid_from_json(g)
    _tiles(view["table"], "table")
    for t in view["hidden"]:
        if t is not None:
            _tile(t, "hidden")
    if view["pending"] is not None:
        _tile(view["pending"], "pending")
    if view["last_look"] is not None:
        _tiles(view["last_look"], "last look")
    for seat in view["to_act"]:
        _int(seat, "to_act", 0, players - 1)
    _int(view["stack_count"], "stack_count", 0, players + EXTRA_PER_ROUND)
    return view


def stand_in(view: JSON) -> GhostsState:
    """A state whose view for the view's seat is ``view`` (decision 0077): what GG-D3 keeps
    from that seat (the stack's order, the stacks to come, others' hidden tiles not yet placed)
    is the unseen tiles in id order; on the last look the stack is the tiles the view shows."""
    v = from_view(view)
    last, size = v["last_look"], v["players"] + EXTRA_PER_ROUND
    seen = {p[0] for g in v["grids"] for p in g if p} | {*v["table"], *v["hidden"], *(last or ())}
    pool = [t for t in range(len(tile_set())) if t not in seen and t != v["pending"]]
    hidden = [pool.pop(0) if t is None else t for t in v["hidden"]]
    stack = list(last) if last is not None else [pool.pop(0) for _ in range(v["stack_count"])]
    later = max(DRAFT_ROUNDS - v["round"], 0)
    state = GhostsState(
        players=v["players"],
        round=v["round"],
        turn=v["turn"],
        stack=tuple(stack),
        future=tuple(tuple(pool[r * size : (r + 1) * size]) for r in range(later)),
        table=tuple(v["table"]),
        pending=v["pending"],
        taken=tuple(_bool(t) for t in v["taken"]),
        grids=tuple(_grid_from_json(g) for g in v["grids"]),
        hidden=tuple(hidden),
    )
    check_state(state)
    return state


def describe_move(state: GhostsState, player: int, move: Move) -> tuple[str, dict[str, JSON]]:
    params: dict[str, JSON] = {"player": player, "move": move.notation()}
    if move.action == TAKE:
        params.update(tile=move.tile, cell=cell_name(move.cell), rot=move.rot * 90)
    elif move.action == HIDDEN:
        params.update(rot=move.rot * 90)
    return f"ghosts-galore.log.{move.action}", params


def describe_event(event: Event) -> tuple[str, dict[str, JSON], str] | None:
    """Every event in words with the rule that made it happen. A flip, a pass, a take and the
    hidden tile placed say what the move's own line says (the screen gives that line the
    rule); the last look names who looks, never the tiles (only they see them)."""
    data, kind = event.data, event.kind
    who: dict[str, JSON] = {"player": data["player"]} if "player" in data else {}
    key = f"ghosts-galore.log.{kind}"
    if kind in (FLIP, PASS):
        return key, who, "GG-3"
    if kind == TAKE:
        params = {
            **who,
            "tile": data["tile"],
            "cell": cell_name(int(data["cell"])),
            "rot": data["rot"] * 90,
        }
        return key, params, "GG-3"
    if kind == HIDDEN:
        return key, {**who, "rot": data["rot"] * 90}, "GG-2"
    if kind == "last-look":
        return key, who, "GG-4"
    if kind == "round-end":
        return key, {"round": data["round"]}, "GG-4"
    if kind == "round":  # the first player moves on (GG-5); round 9 is the hidden tiles' (GG-2)
        if data["round"] > DRAFT_ROUNDS:
            return "ghosts-galore.log.round-hidden", {"round": data["round"]}, "GG-2"
        return key, {"round": data["round"], "player": data["first"]}, "GG-5"
    if kind == "game-end":  # nine tiles each (GG-1); a tie is settled by dead ends (GG-T)
        reason = str(data["reason"])
        if reason == "ghosts-galore.end.highest-score":
            return key, {}, "GG-1"
        return reason, {}, "GG-T"
    return None
