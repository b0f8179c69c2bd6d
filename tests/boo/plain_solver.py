"""The solver as it was before decision 0068, kept as the plain reference the faster one must equal:
a queue-driven breadth-first pass over every state, and the bounded search started from it afresh
for every problem (no early stop at the ghost's room, nothing kept between searches)."""

from __future__ import annotations

from collections import deque

from parlour.games.boo.castle import OPEN
from parlour.games.boo.route import Route
from parlour.games.boo.solver import INF, NCOL, Problem, _Search, start_bound


def _sid(cell: int, colour: int, fresh: int) -> int:
    return (cell * NCOL + colour) * 2 + fresh


def plain_lower_bounds(p: Problem) -> list[int]:
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


def plain_shortest_routes(p: Problem, limit: int = 1000) -> list[Route]:
    bounds = plain_lower_bounds(p)
    budget = start_bound(p.castle.index(p.ghost), bounds, p.forbidden)
    while budget < INF:
        search = _Search(p, bounds, limit)
        found = search.run(budget)
        if found:
            return found
        budget = search.exceeded
    return []


def plain_shortest_route(p: Problem) -> Route | None:
    routes = plain_shortest_routes(p, limit=1)
    return routes[0] if routes else None
