"""The route solver (BO-D3): every simple route, the shortest ones, or none.

A player may pass a room twice (decision 0025), so valid routes are endless; the solver lists
*simple* ones (:func:`parlour.games.boo.route.is_simple`: never twice in a cell in one colour, a
colour change only after a wall crossed in the current colour). Every valid route has a simple one
that is no longer, with the same last colour, so nothing is lost for "is there a route", "how
short" or "which marker".

The search runs over states (cell, colour, crossed-a-wall-since-the-last-change). A backward
breadth-first pass from the visitor's room gives, for every state, the fewest steps still
needed, ignoring the simple-route rule. That rule never lengthens a shortest route (a shortest
path through the states never repeats a (cell, colour): cutting the loop would be shorter), so the
pass is exact for "is there a route" and for the shortest length, and it is a lower bound that
keeps the depth-first enumerations on branches that can still arrive:

* :func:`all_routes` lists every simple route (up to ``limit``);
* :func:`shortest_routes`: all routes of the fewest steps, or ``[]`` when none exists;
* :func:`has_route`: whether any exists.

Every route listed passes :func:`parlour.games.boo.route.check_route`; the searches are tested
against a brute-force search of simple routes without the bound.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from parlour.games.boo.castle import COLOURS, OPEN, Castle, Cell
from parlour.games.boo.route import Change, Jump, Move, Route, Specials, Step

INF = 1 << 30
NCOL = len(COLOURS)


@dataclass(frozen=True)
class Problem:
    """One search: castle, ghost room, visitor room, special tokens and the player's forbidden colours."""

    castle: Castle
    ghost: Cell
    visitor: Cell
    specials: Specials = field(default_factory=Specials)
    forbidden: frozenset[int] = frozenset()

    @property
    def allowed(self) -> tuple[int, ...]:
        return tuple(c for c in range(NCOL) if c not in self.forbidden)


def _sid(cell: int, colour: int, fresh: int) -> int:
    return (cell * NCOL + colour) * 2 + fresh


def lower_bounds(p: Problem) -> list[int]:
    """Steps still needed from each state (cell, colour, fresh) to the visitor, ignoring revisits."""
    castle = p.castle
    allowed = p.allowed
    dist = [INF] * (castle.width * castle.height * NCOL * 2)
    target = castle.index(p.visitor)
    trap = [castle.index(c) for c in p.specials.trapdoors]
    trans = {castle.index(c) for c in p.specials.transitions}
    queue: deque[tuple[int, int, int]] = deque()
    for colour in allowed:
        for fresh in (0, 1):
            dist[_sid(target, colour, fresh)] = 0
            queue.append((target, colour, fresh))
    while queue:
        cell, colour, fresh = queue.popleft()
        d = dist[_sid(cell, colour, fresh)] + 1
        preds: list[tuple[int, int, int]] = []
        for nb, side in castle.links[cell]:
            if nb == target:
                continue
            if side == OPEN:
                preds.append((nb, colour, fresh))
            elif side == colour and not fresh:
                preds.append((nb, colour, 0))
                preds.append((nb, colour, 1))
        if cell in trap:
            preds.extend((t, colour, fresh) for t in trap if t != cell and t != target)
        if fresh and cell in trans and cell != target:
            preds.extend((cell, c0, 0) for c0 in allowed if c0 != colour)
        for q in preds:
            s = _sid(*q)
            if dist[s] == INF:
                dist[s] = d
                queue.append(q)
    return dist


def start_bound(start: int, bounds: list[int], forbidden: frozenset[int] = frozenset()) -> int:
    """The fewest steps any route from cell index ``start`` could take (``INF``: certainly none)."""
    return min((bounds[_sid(start, c, 1)] for c in range(NCOL) if c not in forbidden), default=INF)


class _Full(Exception):
    """Raised inside a search when it has found as many routes as were asked for."""


MOVE, JUMP, CHANGE = 0, 1, 2


class _Search:
    """Depth-first search over real routes within a step budget, pruned by the lower bounds.

    ``visited`` holds ``cell * NCOL + colour`` for every (cell, colour) the route has been in; steps
    are kept as ``(kind, value)`` integers and turned into a :class:`Route` only when one arrives.
    """

    def __init__(self, p: Problem, bounds: list[int], limit: int) -> None:
        self.p = p
        self.links = p.castle.links
        self.bounds = bounds
        self.target = p.castle.index(p.visitor)
        self.trap = sorted(p.castle.index(c) for c in p.specials.trapdoors)
        self.trans = {p.castle.index(c) for c in p.specials.transitions}
        self.allowed = p.allowed
        self.limit = limit
        self.steps: list[tuple[int, int]] = []
        self.visited: set[int] = set()
        self.found: list[Route] = []
        self.exceeded = INF
        self.start_colour = 0

    def route(self, colour: int) -> Route:
        cell = self.p.castle.cell
        steps: list[Step] = []
        for kind, value in self.steps:
            steps.append(
                Move(cell(value)) if kind == MOVE else Jump(cell(value)) if kind == JUMP else Change(value)
            )
        return Route(colour, tuple(steps))

    def walk(self, cell: int, colour: int, crossed: bool, budget: int) -> None:
        """Record every route completed from this state within ``budget`` more steps."""
        if cell == self.target:
            self.found.append(self.route(self.start_colour))
            if len(self.found) >= self.limit:
                raise _Full
            return
        for nb, side in self.links[cell]:
            if side in (OPEN, colour):
                self.enter(MOVE, nb, nb, colour, crossed or side != OPEN, budget)
        if cell in self.trap:
            for t in self.trap:
                if t != cell:
                    self.enter(JUMP, t, t, colour, crossed, budget)
        if crossed and cell in self.trans:
            for c2 in self.allowed:
                if c2 != colour:
                    self.enter(CHANGE, c2, cell, c2, False, budget)

    def enter(self, kind: int, value: int, nb: int, colour: int, crossed: bool, budget: int) -> None:
        key = nb * NCOL + colour
        if key in self.visited:
            return
        f = 1 + self.bounds[(key << 1) | (0 if crossed else 1)]
        if f > budget:
            if f < INF:
                self.exceeded = min(self.exceeded, len(self.steps) + f)
            return
        self.steps.append((kind, value))
        self.visited.add(key)
        self.walk(nb, colour, crossed, budget - 1)
        self.visited.discard(key)
        self.steps.pop()

    def run(self, budget: int) -> list[Route]:
        start = self.p.castle.index(self.p.ghost)
        if start == self.target:
            return []
        try:
            for colour in self.allowed:
                if self.bounds[_sid(start, colour, 1)] > budget:
                    continue
                self.start_colour = colour
                self.visited = {start * NCOL + colour}
                self.walk(start, colour, False, budget)
        except _Full:
            pass
        return self.found


def all_routes(p: Problem, limit: int = 100_000, max_steps: int | None = None) -> list[Route]:
    """Every valid route, colour by colour, depth-first (at most ``limit`` of them, and optionally of at
    most ``max_steps`` steps: with few colours forbidden the full castle has very many)."""
    budget = INF - 1 if max_steps is None else max_steps
    return _Search(p, lower_bounds(p), limit).run(budget)


def shortest_routes(p: Problem, limit: int = 1000, bounds: list[int] | None = None) -> list[Route]:
    """Every route with the fewest steps (at most ``limit``), or ``[]`` when there is none.

    The lower bound from the ghost's room is the exact shortest length (see the module note), so the
    depth-first search within that budget walks only along shortest routes. ``bounds`` may pass
    :func:`lower_bounds` of the same castle, visitor, specials and forbidden colours (any ghost room)
    when many searches share them."""
    bounds = lower_bounds(p) if bounds is None else bounds
    budget = start_bound(p.castle.index(p.ghost), bounds, p.forbidden)
    while budget < INF:
        search = _Search(p, bounds, limit)
        found = search.run(budget)
        if found:
            return found
        budget = search.exceeded  # never reached while the module note holds; kept as IDA* for safety
    return []


def shortest_route(p: Problem, bounds: list[int] | None = None) -> Route | None:
    """One shortest route (the first in search order), or ``None``."""
    routes = shortest_routes(p, limit=1, bounds=bounds)
    return routes[0] if routes else None


def has_route(p: Problem, bounds: list[int] | None = None) -> bool:
    """Whether any valid route exists (one breadth-first pass: see the module note)."""
    bounds = lower_bounds(p) if bounds is None else bounds
    return p.ghost != p.visitor and start_bound(p.castle.index(p.ghost), bounds, p.forbidden) < INF
