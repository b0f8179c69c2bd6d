"""Ghosts Galore's rules help (issue #14; decision 0095): its sections, goal first
(:data:`HELP`), each scoring category shown on a small train drawn by the board's own SVG code and
scored by the engine (:func:`examples`: figures per paragraph), and the live examples and "try it"
exercises (:data:`LESSONS`), real positions played by the engine. :mod:`parlour.web.teach` runs them.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.games.ghosts_galore.board import parse_cell
from parlour.games.ghosts_galore.tiles import MONSTERS, tile_set
from parlour.web.boards import ghosts_draw as draw
from parlour.web.markup import esc, tag

T = Callable[..., str]

HELP: tuple[tuple[str, dict[str, tuple[str, ...]]], ...] = (
    ("goal", {"goal": ("GG-1",)}),
    ("round", {"round": ("GG-3",), "last": ("GG-4", "GG-5")}),
    ("hidden", {"hidden": ("GG-2",)}),
    (
        "monsters",
        {
            "monsters": ("GG-S1", "GG-S2", "GG-S3", "GG-S4", "GG-S5"),
            "monsters-more": ("GG-S6", "GG-S7", "GG-S8", "GG-S9"),
        },
    ),
    ("doors", {"doors": ("GG-S10", "GG-S11", "GG-S12", "GG-S13")}),
    ("end", {"tie": ("GG-T",), "live": ()}),
)
"""The rules help, goal first: sections (heading ``ghosts-galore.help-h.<name>``), each of paragraphs
(``ghosts-galore.help.<name>``) with the rules each explains (rule ids of the design digest)."""

HELP_RULES: dict[str, tuple[str, ...]] = {
    f"ghosts-galore.help.{k}": ids for _, paras in HELP for k, ids in paras.items()
}
"""Each help paragraph's rules: named before it, each a link target (``rule-GG-3``) for the log's
refusals and the embeds' captions; the sentences themselves carry no codes."""


def position(
    rnd: int,
    trains: tuple[str, str],
    hidden: tuple[int, int],
    table: tuple[int, ...] = (),
    pending: int | None = None,
    stack: tuple[int, ...] = (),
    taken: tuple[bool, bool] = (False, False),
    turn: int | None = 0,
    later: tuple[tuple[int, ...], ...] = (),
) -> str:
    """A lesson's game of two as the state's JSON (what the diagrams read for a game without a
    notation): the round, each seat's train (``"a1:12:0 b2:7:1"``: cell, tile, quarter turns),
    hidden tiles, the table, the flipped tile and the round's stack, top first, and the first tiles
    of each later round's stack (``later``); the tiles no one holds fill the rest of the stacks,
    lowest first."""
    from parlour.engine import canonical_json
    from parlour.games.ghosts_galore.rules import DRAFT_ROUNDS, GAME, GhostsState

    def grid(train: str) -> tuple[tuple[int, int] | None, ...]:
        cells: list[tuple[int, int] | None] = [None] * 9
        for cell, tile, rot in (placed.split(":") for placed in train.split()):
            cells[parse_cell(cell)] = (int(tile), int(rot))
        return tuple(cells)

    grids = tuple(grid(train) for train in trains)
    held = {p[0] for g in grids for p in g if p} | {
        *hidden,
        *table,
        *stack,
        pending,
        *(t for s in later for t in s),
    }
    free = [t for t in range(len(tile_set())) if t not in held]
    size = 6  # a round's stack: players + 4
    if rnd <= DRAFT_ROUNDS:
        fill = size - len(stack) - len(table) - (pending is not None) - sum(taken)
        stack, free = stack + tuple(free[:fill]), free[fill:]
    stacks = []
    for i in range(max(DRAFT_ROUNDS - rnd, 0)):
        top = later[i] if i < len(later) else ()
        stacks.append(top + tuple(free[: size - len(top)]))
        free = free[size - len(top) :]
    state = GhostsState(2, rnd, turn, stack, tuple(stacks), table, pending, taken, grids, hidden)
    return canonical_json(GAME.encode_state(state))


LESSONS: tuple[tuple[object, ...], ...] = (
    (
        "round",
        "draft",
        position(3, ("a1:29:2 c2:40:0", "a1:1:0 b2:16:0"), (12, 13), stack=(66, 20)),
        "flip,pass,flip,pass,take 66 b2 r1",
    ),
    (
        "last",
        "last",
        position(
            4,
            ("a1:29:2 c2:40:0 b2:66:1", "a1:1:0 b2:16:0 c3:20:0 a3:8:0"),
            (12, 13),
            stack=(24, 35, 64, 67, 31),
            taken=(False, True),
        ),
        "take 31 a2 r0,flip",
        "",
        "",
        0,
    ),
    (
        "hidden",
        "hidden",
        position(
            9,
            (
                "a1:29:2 b1:40:1 c1:66:1 a2:8:3 c2:24:0 a3:30:0 b3:46:1 c3:20:0",
                "a1:1:0 b1:16:0 c1:23:1 a2:35:0 b2:9:0 c2:33:0 a3:31:1 b3:64:0",
            ),
            (12, 13),
            turn=None,
        ),
        "hidden r1,hidden r0",
        "",
        "",
        0,
    ),
    (
        "tie",
        "tie",
        position(
            9,
            (
                "a1:58:0 b1:30:3 c1:54:3 a2:8:2 b2:45:3 c2:40:2 a3:74:0 b3:27:1",
                "a1:16:3 b1:61:0 c1:22:0 a2:57:3 c2:18:0 a3:49:1 b3:34:1 c3:32:0",
            ),
            (12, 39),
            turn=None,
        ),
        "hidden r1,hidden r3",
        "",
        "",
        None,
        0,
        True,
    ),
    (
        "monsters",
        "monsters",
        position(
            4,
            ("a1:29:0 b2:8:0 c2:69:3", "a1:1:0 b1:16:0 c1:23:1 a2:9:0"),
            (12, 13),
            stack=(35,),
            taken=(False, True),
            later=((64, 0), (2, 54), (40, 3), (4, 67)),
        ),
        "take 35 a3 r0;flip,take 64 b1 r1;take 0 b2 r0,flip,take 2 c2 r0,take 54 a2 r0;flip,take 40 c1 r0;"
        "take 3 a3 r0,flip,take 4 b3 r0,take 67 b3 r0",
    ),
    (
        "monsters-more",
        "monsters-more",
        position(
            4,
            ("a1:66:1 b2:10:0 c3:22:0", "a1:1:0 b1:16:0 c1:23:1 a2:9:0"),
            (12, 13),
            stack=(24,),
            taken=(False, True),
            later=((43, 0), (2, 27), (15, 3)),
        ),
        "take 24 c2 r0;flip,take 43 a3 r0;take 0 b2 r0,flip,take 2 c2 r0,take 27 b1 r0;flip,take 15 a2 r0",
    ),
    (
        "doors",
        "doors",
        position(
            4,
            ("a1:29:2 c3:49:0 b1:59:0", "a1:1:0 b1:16:0 c1:23:1 a2:9:0"),
            (12, 13),
            stack=(14,),
            taken=(False, True),
            later=((24, 0), (2, 74), (22, 3)),
        ),
        "take 14 b2 r0;flip,take 24 a2 r3;take 0 b2 r0,flip,take 2 c2 r0,take 74 c2 r1;flip,take 22 b3 r0",
    ),
    (
        "monsters-more",
        "bats",
        position(
            5,
            ("a1:29:2 b2:10:0 b3:46:0 a3:30:0", "a1:1:0 b2:16:0 c3:23:1 a3:8:0 c1:9:0"),
            (12, 13),
            table=(40,),
            stack=(24, 35, 64, 67),
            taken=(False, True),
        ),
        "",
        "score>=22",
        "take 24 b1 r1",
    ),
    (
        "doors",
        "bone",
        position(
            5, ("a1:29:2 b1:40:1 c1:27:1 b3:46:0", "a1:1:0 b2:16:0 c3:23:1 a3:30:0"), (12, 13), pending=74
        ),
        "",
        "score>=14",
        "take 74 a2 r3",
    ),
)
"""The help's live examples and exercises (:class:`parlour.web.teach.Lesson`: paragraph, id,
position, moves to step through, or a goal and one right answer, and the seat whose view is drawn);
words ``ghosts-galore.teach.<id>``. Games of two, so that every move shows on a train."""


def legend(t: T) -> str:
    """The nine monsters, each with its shape and name."""
    items = "".join(
        tag(
            "li",
            f'<svg viewBox="-14 -14 28 28" class="gg-legend-icon" aria-hidden="true">{draw.monster(kind)}</svg>'
            + esc(t(f"ghosts-galore.monster.{kind}")),
        )
        for kind in MONSTERS
    )
    doors = "".join(
        tag(
            "li",
            f'<svg viewBox="-16 -16 32 32" class="gg-legend-icon" aria-hidden="true">{draw.door(kind, 0, 0, 0)}</svg>'
            + esc(t(f"ghosts-galore.door.{kind}")),
        )
        for kind in ("bone", "tooth", "plain")
    )
    return tag("ul", items + doors, class_="gg-legend")


def examples(t: T) -> dict[str, str]:
    """The figure under the goal: the legend of monsters and doors (each scoring category is shown
    scoring live, :data:`LESSONS`)."""
    return {"ghosts-galore.help.goal": legend(t)}
