"""The rules of boop. with ghost cats, as small functions on a mutable :class:`Position`.

Rule numbers (BP-n, BP-Dn) are those of the design digest (docs/rules/boop.md). A move is an
internal tuple here (``("k", cell)``, ``("x", cells)``, ``("g", entry)``...); the notation strings the
engine and the UI use are made in :mod:`parlour.games.boop.notation`. Every function that changes
the position appends what happened to ``ev`` (a list of :class:`Event`) unless ``ev`` is ``None``,
which the AI passes to search faster.
"""

from __future__ import annotations

from typing import Any

from parlour.engine import Event
from parlour.games.boop.board import (
    CAT,
    CELLS,
    COLOURS,
    EMPTY,
    ENTRIES,
    KINDS,
    KITTEN,
    LINES,
    LINES_FROM,
    NEIGHBOURS,
    ROW_MATES,
    SEGMENTS,
    STEPS,
    cell_name,
    kind_of,
    owner_of,
    piece,
    push_ray,
    segment_cells,
    segment_id,
)
from parlour.games.boop.state import NO_GHOST, Position

Move = tuple[str, Any]
Events = list[Event] | None

PLACE_KITTEN, PLACE_CAT, GRADUATE, GHOST = "k", "c", "x", "g"
PASS_GRADUATION: Move = (GRADUATE, ())
NO_GHOST_MOVE: Move = (GHOST, NO_GHOST)


def _piece_data(code: int) -> dict[str, object]:
    return {"player": owner_of(code), "colour": COLOURS[owner_of(code)], "piece": KINDS[kind_of(code)]}


# --- pieces leaving the bed (BP-4) ----------------------------------------------------------------
def _to_pool(pos: Position, code: int) -> None:
    if kind_of(code) == CAT:
        pos.pool_cats[owner_of(code)] += 1
    else:
        pos.pool_kittens[owner_of(code)] += 1


def _off_bed(pos: Position, cell: int, code: int, ev: Events) -> None:
    pos.board[cell] = EMPTY
    _to_pool(pos, code)
    if ev is not None:
        ev.append(Event("returned", {"from": cell_name(cell), **_piece_data(code)}))


# --- placement and boops (BP-2..BP-7) ----------------------------------------------------------
def place(pos: Position, kind: int, cell: int, ev: Events) -> None:
    """BP-2 then BP-3..BP-7: put the piece down and boop its neighbours, none of them further."""
    p = pos.mover
    code = piece(p, kind)
    if kind == CAT:
        pos.pool_cats[p] -= 1
    else:
        pos.pool_kittens[p] -= 1
    board = pos.board
    board[cell] = code
    if ev is not None:
        ev.append(Event("placed", {"cell": cell_name(cell), **_piece_data(code)}))
    for near, beyond in NEIGHBOURS[cell]:
        other = board[near]
        if other == EMPTY or (kind == KITTEN and kind_of(other) == CAT):
            continue  # BP-7: a kitten does not push cats
        if beyond is None:
            if ev is not None:
                ev.append(
                    Event(
                        "boop", {"from": cell_name(near), "to": None, "by": "placement", **_piece_data(other)}
                    )
                )
            _off_bed(pos, near, other, ev)
        elif board[beyond] == EMPTY:
            board[beyond] = other
            board[near] = EMPTY
            if ev is not None:
                ev.append(
                    Event(
                        "boop",
                        {
                            "from": cell_name(near),
                            "to": cell_name(beyond),
                            "by": "placement",
                            **_piece_data(other),
                        },
                    )
                )
        elif ev is not None:
            # BP-6: blocked. Reported so the board can show a little bump.
            ev.append(
                Event("blocked", {"cell": cell_name(near), "by": cell_name(beyond), **_piece_data(other)})
            )


# --- lines and graduation (BP-8..BP-11, BP-20) ------------------------------------------------
def graduable_lines(pos: Position, player: int) -> list[int]:
    """Lines of three of ``player``'s pieces with at least one kitten (three cats win instead, BP-D2)."""
    board = pos.board
    kitten, cat = piece(player, KITTEN), piece(player, CAT)
    own = (kitten, cat)
    out: list[int] = []
    if board.count(kitten) == 0 or board.count(kitten) + board.count(cat) < 3:
        return out
    for a in range(CELLS):
        x = board[a]
        if x not in own:
            continue
        for i, b, c in LINES_FROM[a]:
            y, z = board[b], board[c]
            if y in own and z in own and kitten in (x, y, z):
                out.append(i)
    return out


def cat_line(pos: Position, player: int) -> int | None:
    """The first line of three of ``player``'s cats, if any (BP-20)."""
    board = pos.board
    cat = piece(player, CAT)
    if board.count(cat) < 3:
        return None
    for a in range(CELLS):
        if board[a] == cat:
            for i, b, c in LINES_FROM[a]:
                if board[b] == cat and board[c] == cat:
                    return i
    return None


def cats_on_bed(pos: Position, player: int) -> int:
    return pos.board.count(piece(player, CAT))


def has_won(pos: Position, player: int) -> str:
    """``"line"`` or ``"all-cats"`` when ``player`` meets a win condition now (BP-20), else ``""``."""
    if cat_line(pos, player) is not None:
        return "line"
    if cats_on_bed(pos, player) == 8:
        return "all-cats"
    return ""


def singles(pos: Position, player: int) -> list[int]:
    """BP-9: with all 8 pieces on the bed (pool empty), any one of them may be taken instead."""
    if pos.pool_size(player):
        return []
    own = (piece(player, KITTEN), piece(player, CAT))
    return [c for c in range(CELLS) if pos.board[c] in own]


def lines_after_boops(pos: Position) -> list[int]:
    """The mover's lines that may graduate right after the boops (window A of BP-D1).

    Every line counts except those the opponent's ghost made during the opponent's turn (BP-19:
    they wait for the end of this turn, after the mover's own ghost acted), listed in ``pos.held``.
    A waiting line that is part of a longer row with a line that may graduate now is offered too:
    with a row of more than three the player chooses which three (BP-8; docs/decisions/0013)."""
    lines = graduable_lines(pos, pos.mover)
    held = pos.held
    if not held:
        return lines
    offered = {i for i in lines if i not in held}
    grown = True
    while grown:
        grown = False
        for i in lines:
            if i not in offered and any(j in offered for j in ROW_MATES[i]):
                offered.add(i)
                grown = True
    return [i for i in lines if i in offered]


def ghost_will_boop(pos: Position) -> bool:
    """Whether the mover's ghost, when it acts this turn, will move onto a segment beside a piece
    (so the bed may change between the two graduation windows; BP-14, BP-15, BP-17)."""
    p = pos.mover
    g = pos.ghosts[p]
    if g == NO_GHOST:
        return False
    entry, step = divmod(g, STEPS)
    other = pos.ghosts[1 - p]
    taken = -1 if other == NO_GHOST else segment_id(*divmod(other, STEPS))
    nxt = step + 1
    while nxt < STEPS and segment_id(entry, nxt) == taken:
        nxt += 1
    if nxt >= STEPS:
        return False  # it leaves the bed and boops nothing (BP-18, BP-D5)
    a, b, _, _ = SEGMENTS[entry][nxt]
    return pos.board[a] != EMPTY or pos.board[b] != EMPTY


def window_a(pos: Position) -> tuple[list[tuple[int, ...]], bool]:
    """The graduations offered after the placement's boops (window A of BP-D1), and whether the
    mover may keep the pieces instead (``x:-``).

    * Lines: every line the mover has now, except lines the opponent's ghost made (BP-19), which
      wait unless they are part of a longer row with one that may graduate now (BP-8).
    * BP-9, all 8 pieces on the bed: offered beside a line (the player chooses), and also without a
      line whenever the mover's own ghost will boop before the end of the turn, so that its boop
      cannot take the chance away ("after booping", docs/decisions/0014). Without a line it is
      optional here; at the end of the turn it becomes compulsory (BP-D3).
    * With three cats in a row already (a win) everything is optional, so a forced graduation
      cannot break the win; and when the mover's ghost is not on the bed nothing can spoil the win,
      so nothing is offered at all (BP-D2).
    """
    p = pos.mover
    won = bool(has_won(pos, p))
    if won and pos.ghosts[p] == NO_GHOST:
        return [], True
    lines = [LINES[i] for i in lines_after_boops(pos)]
    if not lines and not ghost_will_boop(pos):
        return [], True
    return [*lines, *((c,) for c in singles(pos, p))], won or not lines


def options_at_end(pos: Position) -> list[tuple[int, ...]]:
    """Graduations offered at the end of the turn, after the ghost acted (window B of BP-D1)."""
    p = pos.mover
    return [*(LINES[i] for i in graduable_lines(pos, p)), *((c,) for c in singles(pos, p))]


def graduate(pos: Position, cells: tuple[int, ...], ev: Events) -> None:
    """BP-8/BP-9: take the pieces off; kittens leave the game and a reserve cat joins the pool for
    each; cats go back to the pool."""
    p = pos.mover
    kittens, cats = [], []
    for c in cells:
        code = pos.board[c]
        pos.board[c] = EMPTY
        if kind_of(code) == KITTEN:
            kittens.append(cell_name(c))
            pos.reserve[p] -= 1
        else:
            cats.append(cell_name(c))
        pos.pool_cats[p] += 1
    pos.graduated = True
    if ev is not None:
        ev.append(
            Event(
                "graduate",
                {
                    "player": p,
                    "colour": COLOURS[p],
                    "cells": [cell_name(c) for c in cells],
                    "rule": "BP-8" if len(cells) == 3 else "BP-9",
                    "kittens": kittens,
                    "cats": cats,
                    "from_reserve": len(kittens),
                    "cats_to_pool": len(cells),
                },
            )
        )


# --- ghost cats (BP-12..BP-18) -----------------------------------------------------------------
def free_entries(pos: Position) -> list[int]:
    """Entries whose first segment holds no ghost (a segment holds one ghost: docs/rules/boop.md)."""
    other = pos.ghosts[1 - pos.mover]
    taken = -1 if other == NO_GHOST else segment_id(*divmod(other, STEPS))
    return [e for e in range(len(SEGMENTS)) if segment_id(e, 0) != taken]


def may_place_ghost(pos: Position) -> bool:
    """BP-13: the ghost is in the pool and did not come back this turn."""
    return pos.ghosts[pos.mover] == NO_GHOST and not pos.ghost_returned


def enter_ghost(pos: Position, entry: int, ev: Events) -> None:
    """BP-13, BP-D5: the ghost appears on the first segment of its seam and boops nothing."""
    p = pos.mover
    pos.ghosts[p] = entry * STEPS
    if ev is not None:
        ev.append(
            Event(
                "ghost-enter",
                {
                    "player": p,
                    "colour": COLOURS[p],
                    "entry": ENTRIES[entry],
                    "step": 0,
                    "segment": list(segment_cells(entry, 0)),
                },
            )
        )


def _ghost_push(pos: Position, cell: int, offset: int, ev: Events) -> None:
    """BP-15/BP-16: push one piece away from the seam; if blocked it jumps the run (BOOO!)."""
    board = pos.board
    code = board[cell]
    if code == EMPTY:
        return
    ray = push_ray(cell, offset)
    data = _piece_data(code) if ev is not None else {}
    if not ray:
        if ev is not None:
            ev.append(Event("boop", {"from": cell_name(cell), "to": None, "by": "ghost", **data}))
        _off_bed(pos, cell, code, ev)
        return
    if board[ray[0]] == EMPTY:
        board[ray[0]] = code
        board[cell] = EMPTY
        if ev is not None:
            ev.append(
                Event("boop", {"from": cell_name(cell), "to": cell_name(ray[0]), "by": "ghost", **data})
            )
        return
    over: list[int] = []
    for target in ray:
        if board[target] == EMPTY:
            board[target] = code
            board[cell] = EMPTY
            if ev is not None:
                names = [cell_name(c) for c in over]
                ev.append(
                    Event("booo", {"from": cell_name(cell), "to": cell_name(target), "over": names, **data})
                )
            return
        over.append(target)
    if ev is not None:
        names = [cell_name(c) for c in over]
        ev.append(Event("booo", {"from": cell_name(cell), "to": None, "over": names, **data}))
    _off_bed(pos, cell, code, ev)


def move_ghost(pos: Position, ev: Events) -> None:
    """BP-14..BP-18: the mover's ghost on the bed moves one segment on (skipping the other ghost),
    boops where it stops, or leaves the bed from the last segment."""
    p = pos.mover
    entry, step = divmod(pos.ghosts[p], STEPS)
    other = pos.ghosts[1 - p]
    taken = -1 if other == NO_GHOST else segment_id(*divmod(other, STEPS))
    nxt = step + 1
    skipped = []
    while nxt < STEPS and segment_id(entry, nxt) == taken:
        skipped.append(nxt)
        nxt += 1
    base = {"player": p, "colour": COLOURS[p]} if ev is not None else {}
    if ev is not None:
        base["entry"] = ENTRIES[entry]
    if nxt >= STEPS:
        pos.ghosts[p] = NO_GHOST
        pos.ghost_returned = True
        if ev is not None:
            ev.append(
                Event(
                    "ghost-leave",
                    {
                        **base,
                        "from_step": step,
                        "from": list(segment_cells(entry, step)),
                        "skipped": [list(segment_cells(entry, s)) for s in skipped],
                    },
                )
            )
        return
    pos.ghosts[p] = entry * STEPS + nxt
    if ev is not None:
        ev.append(
            Event(
                "ghost-move",
                {
                    **base,
                    "from_step": step,
                    "to_step": nxt,
                    "from": list(segment_cells(entry, step)),
                    "to": list(segment_cells(entry, nxt)),
                    "skipped": [list(segment_cells(entry, s)) for s in skipped],
                },
            )
        )
    a, b, da, db = SEGMENTS[entry][nxt]
    _ghost_push(pos, a, da, ev)
    _ghost_push(pos, b, db, ev)


# --- the turn (BP-D1) ----------------------------------------------------------------------------
def settle(pos: Position, stage: str, ev: Events) -> None:
    """Run the forced steps of the turn from ``stage`` until the mover must decide or the turn ends.

    Stages follow BP-D1: ``"A"`` graduation after the boops, ``"G"`` the ghost, ``"B"`` graduation
    at the end of the turn, ``"E"`` the win check and the hand-over.

    ``pos.held`` changes meaning on the way (docs/decisions/0015): up to window A it lists the
    mover's lines that the opponent's ghost made (they wait, BP-19); from the mover's ghost on, the
    opponent's lines that this ghost made, which will wait in the opponent's next turn.
    """
    p = pos.mover
    if stage == "A":
        # A waiting line counts as "still standing" if its cells hold the mover's pieces again.
        if pos.held:
            now = graduable_lines(pos, p)
            pos.held = tuple(i for i in pos.held if i in now)
        options, optional = window_a(pos)
        if options:
            if len(options) == 1 and not optional:
                graduate(pos, options[0], ev)
            else:
                pos.phase = "grad-a"
                return
        stage = "G"
    if stage == "G":
        pos.held = ()
        if pos.ghosts[p] != NO_GHOST:
            before = graduable_lines(pos, 1 - p)
            move_ghost(pos, ev)
            pos.held = tuple(i for i in graduable_lines(pos, 1 - p) if i not in before)
        elif may_place_ghost(pos) and free_entries(pos) and not has_won(pos, p):
            # BP-D5: an entering ghost boops nothing, so it cannot change a win: no question asked.
            pos.phase = "ghost"
            return
        stage = "B"
    if stage == "B" and not pos.graduated and not has_won(pos, p):
        options = options_at_end(pos)
        if len(options) == 1:
            graduate(pos, options[0], ev)
        elif options:
            pos.phase = "grad-b"
            return
    end_turn(pos, ev)


def _finish(pos: Position, winner: int, reason: str) -> None:
    pos.winner, pos.reason, pos.phase, pos.mover = winner, reason, "over", winner
    pos.graduated = pos.ghost_returned = False
    pos.held = ()


def end_turn(pos: Position, ev: Events) -> None:
    """BP-20/BP-21/BP-D2: the mover wins if they now have three cats in a row or all eight cats on
    the bed; otherwise the turn passes. BP-D4: a player with nothing to place loses."""
    p = pos.mover
    reason = has_won(pos, p)
    if reason:
        _finish(pos, p, reason)
        if ev is not None:
            line = cat_line(pos, p)
            cells = [cell_name(c) for c in LINES[line]] if line is not None else []
            ev.append(Event("win", {"player": p, "colour": COLOURS[p], "reason": reason, "cells": cells}))
        return
    q = 1 - p
    pos.mover = q
    pos.phase = "place"
    pos.graduated = False
    pos.ghost_returned = False
    # Lines of the new mover that the old mover's ghost made wait for the end of the turn (BP-19).
    pos.held = tuple(i for i in pos.held if i in graduable_lines(pos, q)) if pos.held else ()
    if ev is not None:
        ev.append(Event("turn", {"player": q, "colour": COLOURS[q]}))
    if pos.pool_size(q) == 0:
        _finish(pos, p, "no-pieces")
        if ev is not None:
            ev.append(Event("win", {"player": p, "colour": COLOURS[p], "reason": "no-pieces", "cells": []}))


def legal(pos: Position) -> list[Move]:
    """Every move the mover may make now, in a stable order."""
    p = pos.mover
    phase = pos.phase
    if phase == "place":
        empty = [c for c in range(CELLS) if pos.board[c] == EMPTY]
        out: list[Move] = []
        if pos.pool_kittens[p]:
            out.extend((PLACE_KITTEN, c) for c in empty)
        if pos.pool_cats[p]:
            out.extend((PLACE_CAT, c) for c in empty)
        return out
    if phase == "grad-a":
        options, optional = window_a(pos)
        moves: list[Move] = [(GRADUATE, cells) for cells in options]
        if optional:
            moves.append(PASS_GRADUATION)
        return moves
    if phase == "grad-b":
        return [(GRADUATE, cells) for cells in options_at_end(pos)]
    if phase == "ghost":
        return [*((GHOST, e) for e in free_entries(pos)), NO_GHOST_MOVE]
    return []


def play(pos: Position, move: Move, ev: Events) -> None:
    """Play a move known to be legal, then every forced step after it."""
    kind, arg = move
    p = pos.mover
    if kind in (PLACE_KITTEN, PLACE_CAT):
        place(pos, KITTEN if kind == PLACE_KITTEN else CAT, arg, ev)
        settle(pos, "A", ev)
    elif kind == GRADUATE:
        cells: tuple[int, ...] = arg
        if cells:
            graduate(pos, cells, ev)
        elif ev is not None:
            ev.append(Event("pass", {"player": p, "colour": COLOURS[p], "step": "graduation"}))
        settle(pos, "G" if pos.phase == "grad-a" else "E", ev)
    else:
        if arg == NO_GHOST:
            if ev is not None:
                ev.append(Event("pass", {"player": p, "colour": COLOURS[p], "step": "ghost"}))
        else:
            enter_ghost(pos, arg, ev)
        settle(pos, "B", ev)
