"""Built boards and states for the Wooly Bully tests (CPython and browser alike)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.engine import Match, Rng, encode_link
from parlour.games.wooly_bully import BOTS, GAME
from parlour.games.wooly_bully.board import Board, Pos
from parlour.games.wooly_bully.state import Turn, WoolyState
from parlour.games.wooly_bully.tiles import FOREST, all_tiles, bag_ids, tile, village_id

BLACK, YELLOW, RED, BLUE = range(4)
DEEP_FOREST = next(t.id for t in all_tiles() if t.design == "deep-forest")
WOLVES = [t.id for t in all_tiles() if t.kind == "wolf"]
HUNTERS = [t.id for t in all_tiles() if t.kind == "hunter"]


def tid(design: str, *colours: int) -> int:
    """The landscape tile of ``design`` whose pasture colours (in edge order) are ``colours``."""
    for t in all_tiles():
        if t.design != design:
            continue
        seen: list[int] = []
        for e in t.edges:
            if e < FOREST and e not in seen:
                seen.append(e)
        if seen == list(colours):
            return t.id
    raise KeyError((design, colours))


Cell = tuple[Pos, int, int] | tuple[Pos, int, int, Sequence[int]]


def built(
    cells: Sequence[Cell] = (),
    hands: Sequence[Sequence[int]] | None = None,
    colours: Sequence[int] | None = None,
    players: int = 2,
    options: dict[str, bool] | None = None,
    turn: int = 0,
) -> WoolyState:
    """A state on a built board: ``cells`` are ``(pos, tile, rot)`` or ``(pos, tile, rot, tiles on top)``
    next to the village at (0, 0); hands and colours as given; every other tile in the bag."""
    state = GAME.setup(players, GAME.check_options(options), "built")
    entries: list[tuple[Pos, int, tuple[int, ...]]] = [((0, 0), 0, (village_id(),))]
    for cell in cells:
        pos, tile_id, rot = cell[0], cell[1], cell[2]
        on_top = tuple(cell[3]) if len(cell) == 4 else ()  # type: ignore[misc]
        entries.append((pos, rot, (tile_id, *on_top)))
    board = Board.build(entries)
    hands_t = tuple(tuple(sorted(h)) for h in (hands if hands is not None else [[]] * players))
    used = {t for _p, _r, stack in entries for t in stack} | {t for h in hands_t for t in h}
    bag = tuple(t for t in bag_ids() if t not in used)
    return state.with_(
        board=board,
        placed=tuple(p for p, _r, _s in entries),
        hands=hands_t,
        bag=bag,
        colours=tuple(colours) if colours is not None else state.colours,
        turns=(Turn(turn),),
        rotation=turn,
    )


def match_from(state: WoolyState) -> Match[WoolyState, object]:
    """A match whose current state is ``state`` (for playing moves with the engine's Match)."""
    match = Match.new(GAME, state.players, {}, "built")
    match.states[-1] = state
    return match  # type: ignore[return-value]


def S(*tile_ids: int) -> int:
    """Sheep printed on the given tiles (tests name the tiles of a pasture, not its count, so they
    hold for any sheep counts of the tile set)."""
    return sum(r.sheep for t in tile_ids for r in all_tiles()[t].regions)


def wolf_ready(seats: Sequence[str] = ("human", "human", "human")) -> tuple[str, int, Any]:
    """A game after a few easy-bot moves in which seat 2, not on turn, could lay a wolf: its link
    (``encode_link`` of the record), whose turn it is, and that wolf move."""
    for seed in range(300):
        match = Match.new(GAME, len(seats), {}, f"wolf:{seed}", {"seats": list(seats)})
        bots = [BOTS["easy"]() for _ in seats]
        for ply in range(12):
            state = match.state
            turn = GAME.to_act(state)[0]
            wolves = [
                m for m in GAME.legal_moves(state, 2) if m.kind == "place" and tile(m.tile).kind == "wolf"
            ]
            if turn != 2 and wolves and ply > 0:
                return encode_link(match.record), turn, wolves[0]
            legal = GAME.legal_moves(state, turn)
            move = bots[turn].choose(
                GAME, GAME.view(state, turn), turn, legal, Rng.from_seed(f"{seed}:{ply}")
            )
            if move is None or move.kind == "leave":
                break
            match.play(turn, move)
    raise AssertionError("no seed gives seat 2 a wolf to play")
