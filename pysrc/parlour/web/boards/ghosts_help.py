"""Ghosts Galore's rules help (issue #14; decision 0095): its sections, goal first
(:data:`HELP`), each scoring category shown on a small train drawn by the board's own SVG code and
scored by the engine (:func:`examples`: figures per paragraph), and the live examples and "try it"
exercises (:data:`LESSONS`), real positions played by the engine. :mod:`parlour.web.teach` runs them.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.games.ghosts_galore.board import Grid, parse_cell
from parlour.games.ghosts_galore.scoring import CATEGORIES, score_board
from parlour.games.ghosts_galore.tiles import MONSTERS, Monster, Tile, tile_set
from parlour.web.boards import ghosts_draw as draw
from parlour.web.markup import esc, tag

T = Callable[..., str]

HELP: tuple[tuple[str, dict[str, tuple[str, ...]]], ...] = (
    ("goal", {"goal": ("GG-1",)}),
    ("round", {"round": ("GG-3",), "last": ("GG-4", "GG-5")}),
    ("hidden", {"hidden": ("GG-2",)}),
    ("monsters", {"monsters": (), "monsters-more": ()}),
    ("doors", {"doors": ()}),
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
) -> str:
    """A lesson's game of two as the state's JSON (what the diagrams read for a game without a
    notation): the round, each seat's train (``"a1:12:0 b2:7:1"``: cell, tile, quarter turns),
    hidden tiles, the table, the flipped tile and the round's stack, top first; the tiles no one
    holds fill the rest of the stack and the later rounds' stacks, lowest first."""
    from parlour.engine import canonical_json
    from parlour.games.ghosts_galore.rules import DRAFT_ROUNDS, GAME, GhostsState

    def grid(train: str) -> tuple[tuple[int, int] | None, ...]:
        cells: list[tuple[int, int] | None] = [None] * 9
        for cell, tile, rot in (placed.split(":") for placed in train.split()):
            cells[parse_cell(cell)] = (int(tile), int(rot))
        return tuple(cells)

    grids = tuple(grid(train) for train in trains)
    held = {p[0] for g in grids for p in g if p} | {*hidden, *table, *stack, pending}
    free = [t for t in range(len(tile_set())) if t not in held]
    size = 6  # a round's stack: players + 4
    if rnd <= DRAFT_ROUNDS:
        fill = size - len(stack) - len(table) - (pending is not None) - sum(taken)
        stack, free = stack + tuple(free[:fill]), free[fill:]
    later = tuple(tuple(free[i * size : (i + 1) * size]) for i in range(max(DRAFT_ROUNDS - rnd, 0)))
    state = GhostsState(2, rnd, turn, stack, later, table, pending, taken, grids, hidden)
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


def _tile(track: str, *monsters: str | tuple[str, int], diamonds: tuple[int, ...] = ()) -> Tile:
    ms = tuple(Monster(m, 0) if isinstance(m, str) else Monster(m[0], m[1]) for m in monsters)
    return Tile(1000, track, ms, diamonds)


Example = dict[str, tuple[Tile, int]]
"""Cells (``"a1"``) → ``(tile, rotation)``: a partial train."""

EXAMPLES: dict[str, Example] = {
    "dragons": {"a1": (_tile("straight", "dragon"), 0), "b1": (_tile("curve", "dragon"), 1)},
    "ghosts": {
        "b1": (_tile("straight", "ghost", "ghost"), 0),
        "b2": (_tile("straight", "ghost"), 0),
        "c3": (_tile("curve", "ghost"), 2),
    },
    "golems": {
        "a1": (_tile("straight", "golem"), 0),
        "b1": (_tile("curve", "golem"), 2),
        "c3": (_tile("straight", "golem"), 1),
    },
    "satyrs": {"a2": (_tile("straight", "satyr", "bat"), 1), "b2": (_tile("straight", "ghost"), 1)},
    "skeletons": {
        "b2": (_tile("curve", "skeleton"), 0),
        "c2": (_tile("straight", diamonds=(1, 3)), 0),
        "a2": (_tile("bridge", diamonds=(2,)), 0),
    },
    "slimes": {"b2": (_tile("double-curve", "slime"), 0), "c2": (_tile("curve"), 3)},
    "bats": {
        "a1": (_tile("straight", "bat"), 0),
        "a2": (_tile("curve", "bat"), 0),
        "c3": (_tile("straight", "bat"), 1),
    },
    "werewolves": {"b1": (_tile("straight", "werewolf"), 0), "b2": (_tile("curve", "werewolf"), 0)},
    "wisps": {"a1": (_tile("straight", "wisp", "wisp"), 0), "b1": (_tile("curve", "wisp", "wisp"), 1)},
    "diamonds": {"b2": (_tile("straight", diamonds=(2, 3)), 0), "c2": (_tile("curve", diamonds=(1,)), 0)},
    "bone-doors": {"a1": (_tile("curve"), 2), "a2": (_tile("curve"), 3)},
    "tooth-doors": {"c2": (_tile("curve"), 1), "c3": (_tile("curve"), 0)},
    "other-tracks": {"b1": (_tile("straight"), 0), "b2": (_tile("bridge"), 0), "b3": (_tile("straight"), 0)},
}
"""One small train per category (GG-S1..GG-S13), in the rulebook's order."""


def grid_of(example: Example) -> Grid:
    cells: list[tuple[Tile, int] | None] = [None] * 9
    for name, placed in example.items():
        cells[parse_cell(name)] = placed
    return tuple(cells)


def points(category: str, players: int = 3) -> int:
    """What the engine scores for the example of ``category`` (other players: no werewolves)."""
    sheet = score_board(grid_of(EXAMPLES[category]), players, [0] * (players - 1))
    return sheet.by_category()[category]


def figure(t: T, category: str) -> str:
    """The example train of ``category`` with its points, as the board draws a train."""
    grid = grid_of(EXAMPLES[category])
    sheet = score_board(grid, 3, [0, 0])
    scored: dict[int, set[int]] = {}
    for st in sheet.tracks:
        for cell, piece in st.track.pieces:
            scored.setdefault(cell, set()).add(piece)
    parts = [draw.train_frame(), draw.doors(t)]
    for c in range(9):
        x, y = draw.cell_origin(c)
        parts.append(f'<rect x="{x + 2}" y="{y + 2}" width="96" height="96" rx="7" class="slot"/>')
    for c, placed in enumerate(grid):
        if placed is not None:
            parts.append(draw.placed_tile(placed[0], placed[1], c, "placed", scored.get(c, ())))
    name = t(f"ghosts-galore.category.{category}")
    pts = sheet.by_category()[category]
    caption = f"{name}: {t('ghosts-galore.points', count=pts)}"
    svg = (
        f'<svg viewBox="0 0 {draw.TRAIN} {draw.TRAIN}" class="gg-train-svg gg-example" role="img" '
        f'aria-label="{esc(caption)}">' + "".join(parts) + "</svg>"
    )
    return tag(
        "figure", svg + tag("figcaption", esc(caption)), class_="gg-help-figure", data_category=category
    )


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
    """Figures under the help paragraphs: the legend under the goal, each monster category under
    the paragraph that scores it, the diamonds and the three door categories under the doors."""

    def row(cats: tuple[str, ...]) -> str:
        return tag("div", "".join(figure(t, c) for c in cats), class_="gg-help-figures")

    return {
        "ghosts-galore.help.goal": legend(t),
        "ghosts-galore.help.monsters": row(CATEGORIES[:5]),
        "ghosts-galore.help.monsters-more": row(CATEGORIES[5:9]),
        "ghosts-galore.help.doors": row(CATEGORIES[9:]),
    }
