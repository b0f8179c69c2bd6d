"""Practice mode (BO-D5): one-person puzzles, their solution on demand, and route animation frames.

A puzzle is a castle arrangement, special tokens, the ghost's room, the visitor's room and the
colours the player must not use; it always has a solution. ``frames`` turns a route into the
ghost's positions step by step for the rules-teaching embed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlour.engine import Rng
from parlour.games.boo.castle import ALL_ROOMS, COLOURS, Cell, build_castle, cell_name, components
from parlour.games.boo.route import Change, Jump, Route, Specials
from parlour.games.boo.solver import Problem, shortest_routes


@dataclass(frozen=True)
class Puzzle:
    arrangement: tuple[int, ...]
    problem: Problem

    def to_json(self) -> dict[str, Any]:
        p = self.problem
        return {
            "arrangement": list(self.arrangement),
            "ghost": cell_name(p.ghost),
            "visitor": cell_name(p.visitor),
            "trapdoors": sorted(cell_name(c) for c in p.specials.trapdoors),
            "transitions": sorted(cell_name(c) for c in p.specials.transitions),
            "forbidden": [COLOURS[c] for c in sorted(p.forbidden)],
        }


def make_puzzle(seed: int | str, forbidden: int = 0) -> Puzzle:
    """A solvable puzzle on a random castle with the first-game special tokens and ``forbidden`` colours barred."""
    rng = Rng.from_seed(f"boo-practice:{seed}")
    comps = components()
    rooms = comps.special_rooms
    specials = Specials(frozenset(rooms[:2]), frozenset(rooms[2:4]))
    while True:
        arrangement = tuple(rng.shuffled([t.id for t in comps.tiles]))
        ghost, visitor = rng.shuffled(list(ALL_ROOMS))[:2]
        barred = frozenset(rng.shuffled(range(len(COLOURS)))[:forbidden])
        problem = Problem(build_castle(arrangement), ghost, visitor, specials, barred)
        if shortest_routes(problem, limit=1):
            return Puzzle(arrangement, problem)


def solution(puzzle: Puzzle) -> list[Route]:
    """The shortest routes: the answer shown on demand."""
    return shortest_routes(puzzle.problem, limit=20)


def frames(route: Route, start: Cell) -> list[dict[str, Any]]:
    """The ghost's cell and colour after each step (a jump or a colour change is a frame of its own)."""
    cell, colour = start, route.colour
    out = [{"cell": cell_name(cell), "colour": COLOURS[colour], "how": "start"}]
    for step in route.steps:
        if isinstance(step, Change):
            colour = step.colour
            how = "change"
        else:
            cell = step.cell
            how = "jump" if isinstance(step, Jump) else "move"
        out.append({"cell": cell_name(cell), "colour": COLOURS[colour], "how": how})
    return out
