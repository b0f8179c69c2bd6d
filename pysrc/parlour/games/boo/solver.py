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


def lower_bounds(p: Problem, until: int | None = None) -> list[int]:
    """Steps still needed from each state (cell, colour, fresh) to the visitor, ignoring revisits.

    A level-by-level breadth-first pass backwards from the visitor's room (the same distances as a
    queue gives: a level is the set of states first reached in that many steps). With ``until`` (a
    cell index, the ghost's room) it stops once a state of that room with a fresh colour is reached,
    ``D`` steps from the visitor: every state closer than ``D + 1`` has its exact bound, the others
    are left at ``INF``. That is all a search within ``D`` steps from that room reads (it enters a
    state only if the bound fits the steps left), at a fraction of the cost (decision 0068).
    """
    castle = p.castle
    allowed = p.allowed
    links = castle.links
    dist = [INF] * (castle.width * castle.height * NCOL * 2)
    target = castle.index(p.visitor)
    traps = {castle.index(c) for c in p.specials.trapdoors}
    trap = sorted(traps - {target})  # jumps from: the route ends on arriving in the visitor's room
    trans = {castle.index(c) for c in p.specials.transitions} - {target}
    changes = {c: [c0 for c0 in allowed if c0 != c] for c in allowed}
    # The ghost's room in a fresh colour: the states whose bound is the shortest route's length.
    stops = [(until * NCOL + c) * 2 + 1 for c in allowed] if until is not None and until != target else []
    frontier: list[int] = []
    for colour in allowed:
        s = (target * NCOL + colour) * 2
        dist[s] = dist[s + 1] = 0
        frontier += (s, s + 1)
    d = 0
    while frontier and not any(dist[s] <= d for s in stops):
        d += 1
        found: list[int] = []
        add = found.append
        for s in frontier:
            fresh = s & 1
            cell, colour = divmod(s >> 1, NCOL)
            # A step into ``cell`` from a neighbour: through an open side the freshness is kept; through
            # a wall of the colour the ghost arrives not fresh, from either freshness.
            for nb, side in links[cell]:
                if nb == target:
                    continue
                if side == OPEN:
                    q = (nb * NCOL + colour) * 2 + fresh
                    if dist[q] == INF:
                        dist[q] = d
                        add(q)
                elif side == colour and not fresh:
                    q = (nb * NCOL + colour) * 2
                    if dist[q] == INF:
                        dist[q] = d
                        add(q)
                    if dist[q + 1] == INF:
                        dist[q + 1] = d
                        add(q + 1)
            if cell in traps:  # a jump from another trapdoor room, same colour and freshness
                for t in trap:
                    if t != cell:
                        q = (t * NCOL + colour) * 2 + fresh
                        if dist[q] == INF:
                            dist[q] = d
                            add(q)
            if fresh and cell in trans:  # a change here, from another colour after a wall crossed
                for c0 in changes[colour]:
                    q = (cell * NCOL + c0) * 2
                    if dist[q] == INF:
                        dist[q] = d
                        add(q)
        frontier = found
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
    when many searches share them; without it the bounds of this problem are found (and kept for the
    next search of the same problem: :func:`ghost_bounds`)."""
    full = bounds is not None
    bounds = ghost_bounds(p) if bounds is None else bounds
    budget = start_bound(p.castle.index(p.ghost), bounds, p.forbidden)
    while budget < INF:
        search = _Search(p, bounds, limit)
        found = search.run(budget)
        if found:
            return found
        if not full:  # never reached while the module note holds: search again on the full bounds
            bounds, full = lower_bounds(p), True
            continue
        budget = search.exceeded  # never reached while the module note holds; kept as IDA* for safety
    return []


_KEPT = 32
_kept: dict[Problem, list[int]] = {}
"""The bounds of the latest problems searched: within one visitor every seat's problem stays the same
(walls change only when a visitor is taken), and the bots, the claims listed to a person and the
end-of-round reveal ask the same ones again and again."""


def ghost_bounds(p: Problem) -> list[int]:
    """:func:`lower_bounds` of ``p`` up to the shortest length from the ghost's room (``until``), kept
    for the latest problems (never changed by a search; a pure function's result, so the same)."""
    bounds = _kept.get(p)
    if bounds is None:
        if len(_kept) >= _KEPT:
            del _kept[next(iter(_kept))]  # the oldest first
        bounds = _kept[p] = lower_bounds(p, until=p.castle.index(p.ghost))
    return bounds


def shortest_route(p: Problem, bounds: list[int] | None = None) -> Route | None:
    """One shortest route (the first in search order), or ``None``."""
    routes = shortest_routes(p, limit=1, bounds=bounds)
    return routes[0] if routes else None


def has_route(p: Problem, bounds: list[int] | None = None) -> bool:
    """Whether any valid route exists (one breadth-first pass: see the module note)."""
    bounds = ghost_bounds(p) if bounds is None else bounds
    return p.ghost != p.visitor and start_bound(p.castle.index(p.ghost), bounds, p.forbidden) < INF
