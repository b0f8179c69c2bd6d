"""Wooly Bully's rules help (issue #14; decision 0095): its sections, goal first, in the
rulebook's order. Data only: :mod:`parlour.web.teach` and the help screen read it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

HELP: tuple[tuple[str, dict[str, tuple[str, ...]]], ...] = (
    ("goal", {"goal": ()}),
    ("setup", {"setup": ("WB-1", "WB-2")}),
    ("turn", {"turn": ("WB-3",), "draw": ("WB-4",)}),
    ("pastures", {"closed": ("WB-16",), "holes": ("WB-5",)}),
    ("wolf", {"wolf": ("WB-7", "WB-D2", "WB-8")}),
    ("hunter", {"hunter": ("WB-9", "WB-10"), "joined-forests": ("WB-11",)}),
    ("reveal", {"reveal": ("WB-12",)}),
    ("leave", {"leave": ("WB-13",)}),
    ("end", {"end": ("WB-14",), "scoring": ("WB-15",)}),
    (
        "variants",
        {
            "variants": (),
            "hand-limit": ("WB-V1",),
            "single-draw": ("WB-V2",),
            "all-pastures": ("WB-V3",),
            "hungry-wolf": ("WB-V4",),
            "multi-play": ("WB-V5",),
        },
    ),
    ("screen", {"board": (), "pan": (), "tiles": ()}),
)
"""The rules help, goal first: sections (heading ``wooly-bully.help-h.<name>``), each of paragraphs
(``wooly-bully.help.<name>``) with the rules each explains (rule ids of the design digest)."""

HELP_RULES: dict[str, tuple[str, ...]] = {
    f"wooly-bully.help.{k}": ids for _, paras in HELP for k, ids in paras.items()
}
"""Each help paragraph's rules: named before it, each a link target (``rule-WB-8``) for the log's
refusals and the embeds' captions; the sentences themselves carry no codes."""


def position(
    cells: tuple[tuple[int, int, str, int], ...],
    hands: tuple[tuple[str, ...], ...],
    left: tuple[int, ...] = (),
    *variants: str,
) -> str:
    """A lesson's table as the state's JSON (what the diagrams read for a game without notation):
    the village, then ``cells`` (x, y, a design and colour as ``"cap black"``, rotation) laid in
    that order, each player's hand, black sheep for seat 0 and blue for seat 1, the rest in the bag
    (in the set's order), seat 0 to play; ``left``: seats that have left, in order, with their bonus;
    ``variants``: the options in force (``"hand_limit"``). Each name is the first tile of its look
    not named before."""
    from parlour.engine import canonical_json
    from parlour.games.wooly_bully.board import Board
    from parlour.games.wooly_bully.rules import GAME
    from parlour.games.wooly_bully.state import BONUSES, Turn
    from parlour.games.wooly_bully.tiles import COLOURS, all_tiles, bag_ids, village_id

    used = {village_id()}

    def tid(name: str) -> int:
        design, *colour = name.split()
        want = COLOURS.index(colour[0]) if colour else None
        found = next(
            (
                t.id
                for t in all_tiles()
                if t.design == design and t.id not in used and want in (None, *t.edges)
            ),
            None,
        )
        if found is None:
            raise KeyError(f"no {name} tile left")
        used.add(found)
        return found

    entries = [((0, 0), 0, (village_id(),)), *(((x, y), rot, (tid(n),)) for x, y, n, rot in cells)]
    held = tuple(tuple(sorted(map(tid, h))) for h in hands)
    state = GAME.setup(len(hands), GAME.check_options(dict.fromkeys(variants, True)), 0).with_(
        board=Board.build(entries),
        placed=tuple(p for p, _r, _s in entries),
        hands=held,
        bag=tuple(t for t in bag_ids() if t not in used),
        colours=(0, 3, 1, 2)[: len(hands)],
        turns=(Turn(0),),
        left=left,
        bonus=tuple(BONUSES[left.index(p)] if p in left else 0 for p in range(len(hands))),
    )
    return canonical_json(GAME.encode_state(state))


def moves(*played: str | list[object]) -> str:
    """Moves as a lesson writes them: a JSON list (Wooly Bully's move texts have commas), each a
    move or ``[seat, move]`` for a seat playing out of turn."""
    import json

    return json.dumps(played, separators=(",", ":"))


Row = tuple[str | int | None, ...]


class Lessons:
    """The help's live examples and exercises, each row made when first read (the help makes a
    few a task, :mod:`parlour.web.teach_draw`): a row's position is set up by the rules, and the 16
    of them made at import were 25-30 ms of Wooly Bully's first opening in the browser, a step of its
    own (decision 0113). Rows as :data:`LESSONS` gives them, in order."""

    def __init__(self, *rows: Callable[[], Row]) -> None:
        self.rows = rows
        self.made: list[Row] = []

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Row]:
        for i, make in enumerate(self.rows):
            if i == len(self.made):
                self.made.append(make())
            yield self.made[i]


HOME = ((-1, 0, "village-cap black", 0), (1, 0, "village-cap yellow", 2))
"""The village with a black pasture to its west and a yellow one to its east: most lessons' start."""
CLOSED = (*HOME, (-1, -1, "cap black", 2))
"""The black pasture closed by a pasture end: 8 sheep, forests all round it."""
HAND = ("straight yellow", "corner blue", "deep-forest")
"""A hand of tiles that each fit somewhere and close nothing."""
RING = (
    *HOME,
    (0, -1, "village-edge", 2),
    (0, -2, "cap yellow", 0),
    (-1, -2, "cap red", 0),
    (-2, -2, "cap blue", 0),
)
"""Forests round the square north of the black pasture: one tile more west of it leaves it empty."""
TWO = (("village-edge", *HAND), ("cap-2 yellow",))
"""Hands for the variants: Player 1's village edge above the village touches two tiles."""

NOBODY = (
    '{"bag":[],"bonus":[0,0],"cells":[[0,0,0,[68]],[1,0,1,[58]],[1,1,1,[5]],[1,2,2,[3]],[2,1,3,[48]],'
    "[0,2,0,[61,65]],[-1,0,3,[38]],[-2,0,2,[47]],[1,3,0,[31]],[-3,0,1,[53]],[-1,2,3,[0]],[-2,1,0,"
    "[29]],[-1,-1,0,[57]],[-3,-1,3,[56]],[1,-1,0,[17]],[-1,3,1,[34]],[-2,2,1,[44]],[-3,1,1,[37]],[-2,"
    "-1,0,[22]],[-3,2,1,[54]],[-3,-2,0,[64]],[-4,-2,0,[66]],[-5,-2,0,[67]],[-4,0,0,[30]],[-5,-3,3,"
    "[25]],[2,2,0,[35]],[0,-1,0,[36]],[-3,-3,0,[59]],[-1,-2,1,[33]],[-2,3,0,[8]],[-2,-3,0,[32]],[-5,"
    "-1,1,[4]],[-4,2,0,[43]],[-2,4,0,[40]],[-3,4,0,[62]],[-5,0,1,[2]],[-5,1,1,[13]],[-3,-4,0,[14]],"
    "[-6,-1,3,[15]],[-5,2,0,[21]],[-6,2,0,[60]],[-2,-4,1,[45]],[-1,1,1,[50]],[-6,3,1,[41]],[1,-2,2,"
    "[1]],[1,-3,0,[63]],[2,-2,2,[39]],[3,-2,0,[12]],[-6,4,0,[9]],[-3,5,1,[7]],[3,-1,1,[11]],[-4,5,0,"
    "[10]],[3,-3,0,[24]],[-7,2,2,[42]],[3,-4,0,[28]],[1,-4,1,[6]],[-3,6,1,[23]],[-2,6,3,[27]],[1,-5,"
    "3,[52]],[-8,2,0,[26]],[0,-4,2,[19]],[-4,4,0,[51]],[2,-5,1,[46]],[0,-5,0,[16]],[-8,1,0,[71]],[-2,"
    '7,1,[20]],[-1,-5,2,[55]],[-2,-5,2,[18]]],"colours":[2,1],"discards":[],"ended":"","hands":[[],'
    '[49]],"left":[],"options":{"all_pastures":false,"hand_limit":false,"hungry_wolf":false,'
    '"multi_play":false,"single_draw":false},"passed":[],"players":2,"revealed":[true,false],'
    '"rotation":0,"turns":[[0,1,0,0,0]]}'
)
"""Four plies before the end of a real two-player game (the engine's own setup and moves, seed
``end:14``; the whole record is in the tests): the bag is empty, Player 1 holds no tile and has
revealed, Player 2 holds one tile and its shepherd. The end when nobody can play (WB-14)."""

LESSONS = Lessons(
    lambda: (
        "turn",
        "turn",
        position((), (("village-cap black", *HAND), ("cap black", "cap-2 yellow"))),
        moves("32@-1,0/0", "0@-1,-1/2"),
    ),
    lambda: (
        "draw",
        "draw",
        position(CLOSED, (HAND, ("village-edge", "cap-2 yellow"))),
        moves("59@1,-1/0", "56@0,-1/2"),
    ),
    lambda: (
        "closed",
        "close",
        position((*HOME, (-1, -1, "straight black", 0)), (("cap black", *HAND[:2]), ("cap-2 yellow",))),
        "",
        "e:tile-placed:x=-1:y=-2",
        moves("0@-1,-2/2"),
        None,
        1,
    ),
    lambda: (
        "holes",
        "hole",
        position(RING, (HAND, ("cap black", "cap-2 yellow"))),
        moves("15@-2,-1/2", "0@-1,-1/2"),
    ),
    lambda: (
        "wolf",
        "wolf",
        position(CLOSED, (HAND, ("wolf", "cap-2 yellow"))),
        moves([1, "60@-2,-1/0"], "9@2,0/0"),
    ),
    lambda: (
        "hunter",
        "save",
        position(
            (*CLOSED, (-2, -1, "wolf", 0), (1, -1, "deep-forest", 0)),
            (("hunter", *HAND[:2]), ("cap-2 yellow",)),
        ),
        "",
        "e:tile-placed:on=True",
        moves("64@-2,-1/0"),
        None,
        1,
    ),
    lambda: (
        "hunter",
        "guard",
        position(CLOSED, (("hunter", *HAND[:2]), ("wolf", "cap-2 yellow"))),
        moves("64@-2,-1/0", [1, "60@1,-1/0"]),
    ),
    lambda: (
        "joined-forests",
        "joined",
        position(
            (*CLOSED, (-2, -1, "wolf", 0), (1, -1, "hunter", 0)), (TWO[0][:3], ("hunter", "cap-2 yellow"))
        ),
        moves("56@0,-1/2", "65@-2,-1/0"),
    ),
    lambda: (
        "reveal",
        "reveal",
        position(HOME, (HAND, ("cap-2 yellow",))),
        moves("reveal@-1,-1", "59@-2,0/0", "9@2,0/0"),
    ),
    lambda: ("leave", "leave", position(CLOSED, (HAND, ("cap-2 yellow",))), moves([1, "leave"], "59@1,-1/0")),
    lambda: ("end", "no-play", NOBODY, moves("pass", "49@-4,6/3", "pass", "reveal@-6,-3")),
    lambda: (
        "scoring",
        "end",
        position(
            (*HOME, (-1, -1, "straight black", 0)), (("cap black", *HAND), ("cap-2 yellow",)), left=(1,)
        ),
        moves("0@-1,-2/2", "leave"),
    ),
    lambda: (
        "hand-limit",
        "v-hand",
        position(CLOSED, TWO, (), "hand_limit"),
        moves("56@0,-1/2", "discard:59", "discard:9"),
    ),
    lambda: (
        "single-draw",
        "v-single",
        position(CLOSED, TWO, (), "single_draw"),
        moves("56@0,-1/2", "15@2,0/0"),
    ),
    lambda: (
        "all-pastures",
        "v-all",
        position(
            (*CLOSED, (0, -1, "village-edge", 2), (0, -2, "cap-2 black", 0)),
            (("two-caps black", *HAND), ("cap-2 yellow",)),
            (1,),
            "all_pastures",
        ),
        moves("20@0,-3/0", "leave"),
    ),
    lambda: (
        "hungry-wolf",
        "v-hungry",
        position((*CLOSED, (-2, -1, "hunter", 0)), (HAND, ("wolf", "cap-2 yellow")), (), "hungry_wolf"),
        moves([1, "60@-2,-1/0"]),
    ),
    lambda: (
        "multi-play",
        "v-multi",
        position(CLOSED, TWO, (), "multi_play"),
        moves("56@0,-1/2", "15@2,0/0"),
    ),
)
"""The help's live examples and exercises (:class:`parlour.web.teach.Lesson`: paragraph, id,
position, moves to step through, or a goal, one right answer, no seat (the table's view; an
exercise shows the reader's) and the moves a try may take); words ``wooly-bully.teach.<id>``."""
