"""A ghost's route as data, and the check that says precisely why a claimed route fails (BO-9..BO-15).

A route starts in the ghost's room with a starting colour and is a list of steps:

* ``Move(cell)``: an orthogonal step into a neighbouring cell, through an open side or a wall
  of the current colour (BO-9);
* ``Jump(cell)``: from a trapdoor room to another trapdoor room, same colour (BO-10);
* ``Change(colour)``: in a transition room, the colour changes from that room on (BO-11).

JSON: ``{"colour": "red", "steps": ["e5", "e4", "*c3", "!blue", "c4"], "last": "blue"}``: a cell
name is a move, ``*`` marks a jump's landing room, ``!`` a colour change; ``last`` (optional on input)
is the colour the route ends in. The ghost's room is not listed.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from parlour.engine import IllegalMove, MalformedMove
from parlour.games.boo.castle import COLOURS, OPEN, STONE, Castle, Cell, cell_name, parse_cell


@dataclass(frozen=True)
class Move:
    cell: Cell


@dataclass(frozen=True)
class Jump:
    cell: Cell


@dataclass(frozen=True)
class Change:
    colour: int


Step = Move | Jump | Change


@dataclass(frozen=True)
class Route:
    """A claimed route: the announced starting colour and the steps after the ghost's room."""

    colour: int
    steps: tuple[Step, ...]

    @property
    def last_colour(self) -> int:
        """The colour the route ends in: the wall marker a valid claim takes (BO-14)."""
        colour = self.colour
        for step in self.steps:
            if isinstance(step, Change):
                colour = step.colour
        return colour

    @property
    def colours(self) -> tuple[int, ...]:
        """Every colour the route uses, in order."""
        return (self.colour, *(s.colour for s in self.steps if isinstance(s, Change)))

    @property
    def jumps(self) -> int:
        return sum(isinstance(s, Jump) for s in self.steps)

    @property
    def changes(self) -> int:
        return sum(isinstance(s, Change) for s in self.steps)

    @property
    def moves(self) -> int:
        return sum(isinstance(s, Move) for s in self.steps)

    def cells(self, start: Cell) -> list[Cell]:
        """The cells the ghost visits, in order, from ``start``."""
        out = [start]
        out.extend(s.cell for s in self.steps if not isinstance(s, Change))
        return out

    def difficulty(self) -> float:
        """How hard the route is to see (BO-D4): its length, plus extra for each jump and colour change."""
        return self.moves / 3 + 1.5 * self.jumps + 2.0 * self.changes

    def to_json(self) -> dict[str, Any]:
        return {
            "colour": COLOURS[self.colour],
            "steps": [step_text(s) for s in self.steps],
            "last": COLOURS[self.last_colour],
        }

    @classmethod
    def from_json(cls, data: Any) -> Route:
        """Parse a route; raises :class:`MalformedMove` on anything that is not route-shaped.

        ``last`` may be left out; when given it must be the colour the steps end in."""
        if not isinstance(data, dict) or not {"colour", "steps"} <= set(data) <= {"colour", "steps", "last"}:
            raise MalformedMove("a route is {colour, steps, last}", code="boo.malformed.route")
        colour, steps = data["colour"], data["steps"]
        if colour not in COLOURS or not isinstance(steps, list) or len(steps) > 200:
            raise MalformedMove(
                "a route needs a known colour and a list of steps", code="boo.malformed.route"
            )
        try:
            route = cls(COLOURS.index(colour), tuple(parse_step(s) for s in steps))
        except (ValueError, TypeError) as exc:
            raise MalformedMove(f"bad route step: {exc}", code="boo.malformed.route") from exc
        if "last" in data and data["last"] != COLOURS[route.last_colour]:
            raise MalformedMove(
                "the route's last colour does not match its steps", code="boo.malformed.route"
            )
        return route


def step_text(step: Step) -> str:
    if isinstance(step, Move):
        return cell_name(step.cell)
    if isinstance(step, Jump):
        return "*" + cell_name(step.cell)
    return "!" + COLOURS[step.colour]


def parse_step(text: Any) -> Step:
    if not isinstance(text, str):
        raise TypeError(f"a step is a string, not {text!r}")
    if text.startswith("!"):
        if text[1:] not in COLOURS:
            raise ValueError(f"unknown colour in {text!r}")
        return Change(COLOURS.index(text[1:]))
    if text.startswith("*"):
        return Jump(parse_cell(text[1:]))
    return Move(parse_cell(text))


@dataclass(frozen=True)
class Specials:
    """The special tokens on the board: trapdoor rooms and transition rooms (BO-4)."""

    trapdoors: frozenset[Cell] = frozenset()
    transitions: frozenset[Cell] = frozenset()


def fail(key: str, rule: str, message: str, **params: Any) -> IllegalMove:
    return IllegalMove(message, code=f"boo.route.{key}", rule=rule, **params)


def check_route(
    castle: Castle,
    ghost: Cell,
    visitor: Cell,
    specials: Specials,
    forbidden: Collection[int],
    route: Route,
) -> None:
    """Raise :class:`IllegalMove` (message key ``boo.route.*`` and rule number) unless ``route`` is valid.

    Validity (docs/rules/boo.md): the route leaves the ghost's room and ends on first arrival in
    the visitor's room; moves are orthogonal steps through open sides or walls of the current
    colour; it is never twice in the same cell in the same colour; no colour it uses lies in front
    of the player; a jump
    goes from a trapdoor room to another, and not twice in a row; a change happens in a
    transition room, to another colour, after the current colour has crossed a wall.
    """
    if route.colour in forbidden:
        raise fail(
            "forbidden-colour",
            "BO-15",
            "the starting colour is one of your wall markers",
            colour=COLOURS[route.colour],
        )
    if not route.steps:
        raise fail("empty", "BO-9", "the route does not leave the ghost's room")
    here, colour, crossed, jumped = ghost, route.colour, False, False
    seen = {(ghost, route.colour)}
    for i, step in enumerate(route.steps):
        n = i + 1
        if here == visitor:
            raise fail("past-visitor", "BO-9", "the route goes on after reaching the visitor", step=n)
        if isinstance(step, Change):
            if here not in specials.transitions:
                raise fail(
                    "no-transition",
                    "BO-11",
                    "colours change only in a transition room",
                    step=n,
                    cell=cell_name(here),
                )
            if step.colour == colour:
                raise fail("same-colour", "BO-11", "a change must be to another colour", step=n)
            if not crossed:
                raise fail(
                    "unused-colour",
                    "BO-11",
                    "change colour only after crossing a wall in the current one",
                    step=n,
                )
            if step.colour in forbidden:
                raise fail(
                    "forbidden-colour",
                    "BO-15",
                    "that colour is one of your wall markers",
                    step=n,
                    colour=COLOURS[step.colour],
                )
            colour, crossed = step.colour, False
            if (here, colour) in seen:
                raise fail(
                    "revisit",
                    "BO-9",
                    "the route is in this cell in this colour again",
                    step=n,
                    cell=cell_name(here),
                )
            seen.add((here, colour))
            continue
        target = step.cell
        if not castle.inside(target):
            raise fail("off-board", "BO-9", "the route leaves the castle", step=n)
        if isinstance(step, Jump):
            if here not in specials.trapdoors:
                raise fail(
                    "no-trapdoor",
                    "BO-10",
                    "jumps start only in a trapdoor room",
                    step=n,
                    cell=cell_name(here),
                )
            if target not in specials.trapdoors or target == here:
                raise fail(
                    "jump-target",
                    "BO-10",
                    "a jump lands only in another trapdoor room",
                    step=n,
                    cell=cell_name(target),
                )
            if jumped:
                raise fail("double-jump", "BO-10", "a jump cannot follow a jump", step=n)
            jumped = True
        else:
            side = castle.side(here, target)
            if side == STONE:
                why = "not-adjacent" if abs(here[0] - target[0]) + abs(here[1] - target[1]) != 1 else "stone"
                raise fail(
                    why,
                    "BO-9",
                    "the ghost moves one cell at a time, never through stone",
                    step=n,
                    cell=cell_name(target),
                )
            if side != OPEN and side != colour:
                raise fail(
                    "wrong-colour",
                    "BO-9",
                    "the route crosses a wall of another colour",
                    step=n,
                    cell=cell_name(target),
                    wall=COLOURS[side],
                    colour=COLOURS[colour],
                )
            crossed = crossed or side != OPEN
            jumped = False
        if (target, colour) in seen:
            raise fail(
                "revisit",
                "BO-9",
                "the route enters a cell twice in the same colour",
                step=n,
                cell=cell_name(target),
            )
        seen.add((target, colour))
        here = target
    if here != visitor:
        raise fail(
            "not-at-visitor", "BO-9", "the route does not end in the visitor's room", cell=cell_name(here)
        )
