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
) -> Route:
    """Raise :class:`IllegalMove` (message key ``boo.route.*`` and rule number) unless ``route`` is valid;
    return it in its normal form.

    Every route the rulebook allows is accepted (docs/rules/boo.md, decision 0025): orthogonal steps
    through open sides or walls of the current colour (BO-9), passing a room as often as it likes;
    jumps from a trapdoor room to another, several in a row (BO-10, BO-12); colour changes in a
    transition room, the ghost's starting room included (BO-11); no colour the player names, announced
    or changed to, lies in front of them (BO-15). The ghost scares the visitor on arrival, so steps
    traced after it are ignored.

    The normal form is what the route did: a change to the colour already in use is dropped, changes
    in a row keep only the last, and the steps end on arrival. Its last colour is the wall marker a
    valid claim takes (BO-14).
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
    here, colour = ghost, route.colour
    steps: list[Step] = []
    for i, step in enumerate(route.steps):
        n = i + 1
        if here == visitor and steps:
            break  # scared on arrival: what was traced after that is not part of the move
        if isinstance(step, Change):
            if here not in specials.transitions:
                raise fail(
                    "no-transition",
                    "BO-11",
                    "colours change only in a transition room",
                    step=n,
                    cell=cell_name(here),
                )
            if step.colour in forbidden:
                raise fail(
                    "forbidden-colour",
                    "BO-15",
                    "that colour is one of your wall markers",
                    step=n,
                    colour=COLOURS[step.colour],
                )
            if steps and isinstance(steps[-1], Change):
                steps.pop()  # two changes in a row: only the last one counts
            if step.colour != _colour_before(route.colour, steps):
                steps.append(step)
            colour = step.colour
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
        else:
            side = castle.side(here, target)
            if side == STONE:
                why = "not-adjacent" if abs(here[0] - target[0]) + abs(here[1] - target[1]) != 1 else "stone"
                raise fail(
                    why,
                    "BO-9",
                    "the ghost moves one room at a time, never through stone",
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
        steps.append(step)
        here = target
    if here != visitor or not any(not isinstance(s, Change) for s in steps):
        raise fail(
            "not-at-visitor", "BO-9", "the route does not end in the visitor's room", cell=cell_name(here)
        )
    return Route(route.colour, tuple(steps))


def _colour_before(colour: int, steps: list[Step]) -> int:
    for step in reversed(steps):
        if isinstance(step, Change):
            return step.colour
    return colour


def is_simple(castle: Castle, route: Route, ghost: Cell) -> bool:
    """Whether ``route`` is written the way the solver lists routes (BO-D3): never twice in the same
    cell in the same colour, and a colour changes only after the current one crossed a wall (so
    never as the first step, never twice in a row, never to itself). Every valid route has a simple
    one with the same start, end and last colour that is no longer: cut the loops, merge the
    changes, announce the colour a route changes to in the ghost's room."""
    colour, here, crossed = route.colour, ghost, False
    seen = {(ghost, colour)}
    for step in route.steps:
        if isinstance(step, Change):
            if not crossed or step.colour == colour:
                return False
            colour, crossed = step.colour, False
        else:
            crossed = crossed or (isinstance(step, Move) and castle.side(here, step.cell) != OPEN)
            here = step.cell
        if (here, colour) in seen:
            return False
        seen.add((here, colour))
    return True
