"""Which moves a Wooly Bully seat has now: where each tile in a hand may be laid (edges, wolves and
hunters: WB-3, WB-7..WB-11), where the shepherd may be revealed (WB-12), whether a seat may pass
(WB-14, decision 0035). :class:`parlour.games.wooly_bully.rules.WoolyBully` answers with these
(decision 0113: the rules in modules each compiled in a short task)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from parlour.engine import IllegalMove
from parlour.games.wooly_bully import moves as mv
from parlour.games.wooly_bully.board import Pos, matches, rotated_edges
from parlour.games.wooly_bully.moves import Move
from parlour.games.wooly_bully.state import WoolyState
from parlour.games.wooly_bully.tiles import (
    FOREST,
    same_kind,
    shepherd_id,
    tile,
)

ID = "wooly-bully"


def _illegal(message: str, code: str, rule: str, **params: object) -> IllegalMove:
    return IllegalMove(message, code=f"{ID}.illegal.{code}", rule=rule, **params)


def _distinct(tiles: Sequence[int]) -> list[int]:
    """One tile of each look among ``tiles`` (the four wolves are one choice, not four)."""
    seen: dict[object, int] = {}
    for t in sorted(tiles):
        seen.setdefault(same_kind(t), t)
    return list(seen.values())


# --- legal moves ------------------------------------------------------------------------
def placements(state: WoolyState, tiles: Sequence[int], stop_at_first: bool = False) -> list[Move]:
    """Every legal way to lay one of ``tiles`` now (edges, wolves and hunters), one per look."""
    board = state.board
    frontier = board.frontier()
    need = {pos: board.constraint(pos) for pos in frontier}
    out: list[Move] = []
    for tid in _distinct(tiles):
        t = tile(tid)
        if t.kind in ("wolf", "hunter"):
            out.extend(forest_plays(state, tid, frontier, need))
        else:
            for rot in t.distinct_rotations():
                edges = rotated_edges(tid, rot)
                out.extend(mv.place(tid, pos, rot) for pos in frontier if matches(need[pos], edges))
        if stop_at_first and out:
            return out
    return out


def forest_plays(
    state: WoolyState, tid: int, frontier: list[Pos], need: Mapping[Pos, tuple[int | None, ...]]
) -> list[Move]:
    board = state.board
    kind = tile(tid).kind
    out = []
    for pos in frontier:
        if all(n is None or n == FOREST for n in need[pos]) and forest_ok(state, kind, pos) is None:
            out.append(mv.place(tid, pos, 0))
    prey = "wolf" if kind == "hunter" else ("hunter" if state.options.hungry_wolf else "")
    if prey:
        out.extend(
            mv.place(tid, pos, 0) for pos in sorted(board.cells) if tile(board.cells[pos][1][-1]).kind == prey
        )
    return out


def forest_ok(state: WoolyState, kind: str, pos: Pos) -> IllegalMove | None:
    """WB-9/WB-11: no wolf enters a forest with a hunter; a hunter laid in a forest needs it wolf-free."""
    roots = state.board.joined_roots(pos, FOREST)
    areas = [state.board.areas[r] for r in roots]
    if kind == "wolf" and any(a.hunters for a in areas):
        return _illegal("a wolf may not enter a forest with a hunter", "hunted-forest", "WB-9")
    if kind == "hunter" and any(a.wolves for a in areas):
        return _illegal("that forest has a wolf: lay the hunter on the wolf", "wolf-in-forest", "WB-9")
    return None


def reveals(state: WoolyState, player: int, stop_at_first: bool = False) -> list[Move]:
    """Squares where ``player``'s shepherd may be laid sheep side up (WB-12)."""
    if state.revealed[player]:
        return []
    edges = rotated_edges(shepherd_id(state.colours[player]), 0)
    out = []
    for pos in state.board.frontier():
        if matches(state.board.constraint(pos), edges):
            out.append(mv.reveal(pos))
            if stop_at_first:
                break
    return out


def legal_moves(state: WoolyState, player: int) -> list[Move]:
    if state.ended or player not in state.active:
        return []
    hand = state.hands[player]
    turn = state.turns[0]
    mine = turn.seat == player
    out: list[Move] = []
    if mine and turn.discarding:
        out.extend(mv.discard(t) for t in _distinct(hand))
    elif mine:
        landscape = [t for t in hand if tile(t).kind == "landscape"]
        lays = placements(state, landscape)
        out.extend(lays)
        if not lays and may_pass(state, player):
            out.append(mv.PASS)
    out.extend(placements(state, [t for t in hand if tile(t).kind != "landscape"]))
    out.extend(reveals(state, player))
    out.append(mv.LEAVE)
    return out


def may_pass(state: WoolyState, player: int) -> bool:
    """Whether ``player``, whose landscape tiles fit nowhere, may pass the turn (WB-14, 0035).

    While the bag has tiles a pass draws one, as players at a table would. With the bag empty
    only a seat that can lay nothing at all passes: one that can still lay a wolf, a hunter or
    its shepherd must lay or leave ("when all players have left or cannot play further").
    """
    return bool(state.bag) or not can_place(state, player)


def can_place(state: WoolyState, player: int) -> bool:
    """Whether ``player`` could lay anything at all now, in or out of turn (for WB-14)."""
    return bool(
        placements(state, state.hands[player], stop_at_first=True)
        or reveals(state, player, stop_at_first=True)
    )
