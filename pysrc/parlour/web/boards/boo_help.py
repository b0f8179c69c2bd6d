"""Boo!'s rules help (issue #14, #11; decision 0095): its sections, goal first, and its live
examples and "try it" exercises, each a real castle position played by the engine and drawn by the
board's own ``render``. Data only: :mod:`parlour.web.teach` runs it."""

from __future__ import annotations

import json

HELP: tuple[tuple[str, dict[str, tuple[str, ...]]], ...] = (
    ("goal", {"goal": ("BO-19",)}),
    ("castle", {"setup": ("BO-1", "BO-6")}),
    ("round", {"round": ("BO-7", "BO-8", "BO-18")}),
    ("route", {"route": ("BO-9",)}),
    ("tokens", {"trapdoor": ("BO-10",), "transition": ("BO-11",), "more": ("BO-12",)}),
    ("claim", {"claim": ("BO-13", "BO-14", "BO-D1"), "wrong": ("BO-16", "BO-D2")}),
    ("walls", {"walls": ("BO-15",)}),
    ("hands", {"hands": ("BO-17",)}),
    ("end", {"end": ("BO-20",)}),
)
"""The rules help, goal first: sections (heading ``boo.help-h.<name>``), each of paragraphs
(``boo.help.<name>``) with the rules each explains (rule ids of the design digest)."""

HELP_RULES: dict[str, tuple[str, ...]] = {
    f"boo.help.{k}": ids for _, paras in HELP for k, ids in paras.items()
}
"""Each help paragraph's rules: named before it, each a link target (``rule-BO-14``) for the log's
refusals and the embeds' captions; the sentences themselves carry no codes."""


def position(
    ghost: str,
    visitor: int,
    route_number: int = 1,
    players: int = 2,
    trapdoors: tuple[str, ...] = (),
    transitions: tuple[str, ...] = (),
    held: str = "",
) -> str:
    """A lesson's castle (the tiles in order 1-9, the same in every lesson) as the state's JSON,
    which the diagrams read for a game without a position notation: the ghost's room, the visitor
    (its room is the visitor's for ``route_number``), the special tokens, and ``held``, a wall tile
    in front of seat 0 (who then has scared one visitor). Earlier visitors are discarded."""
    from dataclasses import replace

    from parlour.engine import canonical_json
    from parlour.games.boo.castle import COLOURS, parse_cell
    from parlour.games.boo.rules import GAME, stack_size

    state = GAME.setup(players, GAME.check_options(None), 0)
    earlier = tuple(range(1, visitor))
    captured: list[tuple[int, ...]] = [()] * players
    markers = [-1] * len(COLOURS)
    if held:
        captured[0], earlier = earlier[:1], earlier[1:]
        markers[COLOURS.index(held)] = 0
    state = replace(
        state,
        arrangement=tuple(range(1, 10)),
        route_number=route_number,
        ghost=parse_cell(ghost),
        trapdoors=tuple(map(parse_cell, trapdoors)),
        transitions=tuple(map(parse_cell, transitions)),
        visitor=visitor,
        stack=tuple(range(visitor + 1, stack_size(players) + 1)),
        discarded=earlier,
        captured=tuple(captured),
        markers=tuple(markers),
        last_win=(0 if held else -1,) + (-1,) * (players - 1),
        round=visitor,
    )
    return canonical_json(GAME.encode_state(state))


def moves(*played: dict[str, object] | list[object]) -> str:
    """Moves as a lesson writes them (a JSON list), each stamped at the position's time 0."""
    return json.dumps([m if isinstance(m, list) else {"t": 0, **m} for m in played], separators=(",", ":"))


def booo(colour: str, v: int) -> dict[str, object]:
    return {"k": "booo", "c": colour, "v": v}


def claim(colour: str, steps: str, v: int) -> dict[str, object]:
    return {"k": "claim", "route": {"colour": colour, "steps": steps.split()}, "v": v}


LESSONS: tuple[tuple[str, ...], ...] = (
    (
        "route",
        "route",
        position("d1", 1),
        moves(booo("white", 1), claim("white", "e1 e2 f2 f3 g3", 1)),
    ),
    (
        "trapdoor",
        "trapdoor",
        position("c4", 6, trapdoors=("c3", "g7")),
        moves(booo("red", 6), claim("red", "c3 *g7 h7 h8 h9 i9", 6)),
    ),
    (
        "transition",
        "transition",
        position("c6", 2, route_number=2, transitions=("g3", "c7")),
        moves(booo("red", 2), claim("red", "c7 !green c8 b8 b7 b6 a6", 2)),
    ),
    (
        "claim",
        "find",
        position("f7", 3),
        "",
        "e:claim",
        moves(booo("red", 3), claim("red", "f6 e6 e7 e8 d8 c8 c9", 3)),
    ),
    (
        "wrong",
        "wrong",
        position("a7", 2),
        moves(booo("white", 2), claim("white", "b7 b6 c6 c7", 2)),
    ),
    (
        "walls",
        "walls",
        position("a4", 2, held="red"),
        "",
        "e:claim",
        moves(booo("purple", 2), claim("purple", "a3 b3 b4 b5 b6 b7 c7", 2)),
    ),
    (
        "hands",
        "hands",
        position("d1", 4, players=3),
        moves([1, {"k": "hand", "t": 0, "v": 4}], [2, {"k": "hand", "t": 0, "v": 4}]),
    ),
)
"""The help's live examples and exercises (:class:`parlour.web.teach.Lesson`: paragraph, id,
position, moves to step through, or a goal and one right answer); words ``boo.teach.<id>``."""
