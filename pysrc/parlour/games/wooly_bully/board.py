"""The board: placed tiles on an unbounded grid, edge matching, and the areas tiles form.

An *area* is a connected pasture, forest or village: regions of placed tiles joined across
matching edges. The board keeps its areas up to date as tiles are laid (a union–find over
regions), so legality checks, bots and scoring never rescan the whole board;
:func:`areas_from_scratch` recomputes them independently for tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache

from parlour.games.wooly_bully.tiles import FOREST, STEPS, VILLAGE, adjacent_regions, tile

Pos = tuple[int, int]
Node = tuple[int, int, int]
"""A region on the board: square x, y and the region's index in the square's bottom tile."""
Constraint = tuple[int | None, int | None, int | None, int | None]


@cache
def rotated_edges(tile_id: int, rot: int) -> tuple[int, int, int, int]:
    return tile(tile_id).rotated(rot)


def neighbour(pos: Pos, side: int) -> Pos:
    dx, dy = STEPS[side]
    return (pos[0] + dx, pos[1] + dy)


@dataclass
class Area:
    """What scoring and the rules need to know about one connected area."""

    terrain: int
    sheep: int = 0
    open: int = 0
    """Edges of the area that face an empty square (0: closed, WB-16)."""
    wolves: int = 0
    """Squares of this forest whose top tile is a wolf (active wolves)."""
    hunters: int = 0
    """Squares of this forest whose top tile is a hunter."""
    regions: int = 0
    borders: set[Node] = field(default_factory=set)
    """Forest regions this pasture touches inside tiles (resolve with :meth:`Board.find`)."""

    def copy(self) -> Area:
        return Area(
            self.terrain, self.sheep, self.open, self.wolves, self.hunters, self.regions, set(self.borders)
        )

    @property
    def closed(self) -> bool:
        return self.open == 0

    @property
    def is_pasture(self) -> bool:
        return self.terrain < FOREST


@dataclass
class Board:
    """Placed tiles (``cells[pos] = (rotation, stack bottom..top)``) and their areas."""

    cells: dict[Pos, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    parent: dict[Node, Node] = field(default_factory=dict)
    areas: dict[Node, Area] = field(default_factory=dict)

    def copy(self) -> Board:
        return Board(dict(self.cells), dict(self.parent), {k: a.copy() for k, a in self.areas.items()})

    # --- looking ---------------------------------------------------------------------------
    def top(self, pos: Pos) -> int | None:
        cell = self.cells.get(pos)
        return None if cell is None else cell[1][-1]

    def touching(self, pos: Pos) -> int:
        """How many placed tiles share a side with ``pos`` (the draw count of WB-4)."""
        return sum(neighbour(pos, d) in self.cells for d in range(4))

    def constraint(self, pos: Pos) -> Constraint:
        """What each side of ``pos`` must show to match its neighbours (``None``: nothing there)."""
        out: list[int | None] = []
        for d in range(4):
            cell = self.cells.get(neighbour(pos, d))
            out.append(None if cell is None else rotated_edges(cell[1][0], cell[0])[(d + 2) % 4])
        return (out[0], out[1], out[2], out[3])

    def frontier(self) -> list[Pos]:
        """Empty squares next to a placed tile, in a fixed order (holes included, WB-5)."""
        out = {neighbour(p, d) for p in self.cells for d in range(4)}
        return sorted(out - self.cells.keys())

    def fits(self, tile_id: int, rot: int, pos: Pos) -> bool:
        """Whether the tile turned ``rot`` may lie on the empty square ``pos`` (WB-3)."""
        if pos in self.cells:
            return False
        return matches(self.constraint(pos), rotated_edges(tile_id, rot))

    def find(self, node: Node) -> Node:
        parent = self.parent
        root = node
        while parent[root] != root:
            root = parent[root]
        while parent[node] != root:
            parent[node], node = root, parent[node]
        return root

    def area_at(self, pos: Pos, side: int) -> Area:
        """The area reaching side ``side`` of the placed square ``pos``."""
        rot, stack = self.cells[pos]
        return self.areas[self.find((pos[0], pos[1], tile(stack[0]).region_at(side, rot)))]

    def joined_roots(self, pos: Pos, terrain: int, edges: tuple[int, ...] = (0, 1, 2, 3)) -> set[Node]:
        """Roots of the areas of ``terrain`` that sides ``edges`` of the empty square ``pos`` would join."""
        roots = set()
        for d in edges:
            npos = neighbour(pos, d)
            cell = self.cells.get(npos)
            if cell is None:
                continue
            t = tile(cell[1][0])
            if t.rotated(cell[0])[(d + 2) % 4] != terrain:
                continue
            roots.add(self.find((npos[0], npos[1], t.region_at((d + 2) % 4, cell[0]))))
        return roots

    def wolfed(self, area: Area) -> bool:
        """Whether this pasture borders a forest with an active wolf (WB-8)."""
        return any(self.areas[self.find(n)].wolves > 0 for n in area.borders)

    def roots(self) -> Iterator[tuple[Node, Area]]:
        return iter(self.areas.items())

    def pastures(self, colour: int) -> list[Area]:
        return [a for a in self.areas.values() if a.terrain == colour]

    def scoring_pastures(self, colour: int) -> list[int]:
        """Sheep of every closed pasture of ``colour`` not bordering an active wolf (WB-15, WB-16)."""
        return sorted(
            (a.sheep for a in self.areas.values() if a.terrain == colour and a.closed and not self.wolfed(a)),
            reverse=True,
        )

    def score(self, colour: int, every_pasture: bool = False) -> int:
        """Sheep points of ``colour``: the best scoring pasture, or all of them (WB-V3)."""
        counts = self.scoring_pastures(colour)
        if every_pasture:
            return sum(counts)
        return counts[0] if counts else 0

    # --- changing (only on a copy: states never change) ------------------------------------
    def place(self, tile_id: int, rot: int, pos: Pos) -> None:
        """Lay a tile on an empty square and merge its regions into the areas around it."""
        t = tile(tile_id)
        self.cells[pos] = (rot, (tile_id,))
        x, y = pos
        nodes = [(x, y, i) for i in range(len(t.regions))]
        for node, region in zip(nodes, t.regions, strict=True):
            self.parent[node] = node
            self.areas[node] = Area(region.terrain, region.sheep, regions=1)
        if t.kind == "wolf":
            self.areas[nodes[0]].wolves = 1
        elif t.kind == "hunter":
            self.areas[nodes[0]].hunters = 1
        for a, b in adjacent_regions(t):
            ra, rb = t.regions[a], t.regions[b]
            if ra.terrain < FOREST and rb.terrain == FOREST:
                self.areas[nodes[a]].borders.add(nodes[b])
            elif rb.terrain < FOREST and ra.terrain == FOREST:
                self.areas[nodes[b]].borders.add(nodes[a])
        for d in range(4):
            mine = nodes[t.region_at(d, rot)]
            npos = neighbour(pos, d)
            cell = self.cells.get(npos)
            if cell is None:
                self.areas[self.find(mine)].open += 1
                continue
            other = (npos[0], npos[1], tile(cell[1][0]).region_at((d + 2) % 4, cell[0]))
            self.areas[self.find(other)].open -= 1
            self._union(mine, other)

    def stack(self, tile_id: int, pos: Pos) -> None:
        """Lay a hunter on a wolf (WB-9) or, hungry, a wolf on a hunter (WB-V4)."""
        rot, stack = self.cells[pos]
        below = tile(stack[-1]).kind
        self.cells[pos] = (rot, (*stack, tile_id))
        area = self.areas[self.find((pos[0], pos[1], 0))]
        if below == "wolf":
            area.wolves -= 1
        elif below == "hunter":
            area.hunters -= 1
        if tile(tile_id).kind == "wolf":
            area.wolves += 1
        else:
            area.hunters += 1

    def _union(self, a: Node, b: Node) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        big, small = self.areas[ra], self.areas[rb]
        if big.regions < small.regions:
            ra, rb, big, small = rb, ra, small, big
        assert big.terrain == small.terrain, "edges matched, so joined areas share a terrain (WB-6)"
        big.sheep += small.sheep
        big.open += small.open
        big.wolves += small.wolves
        big.hunters += small.hunters
        big.regions += small.regions
        big.borders |= small.borders
        del self.areas[rb]
        self.parent[rb] = ra

    @classmethod
    def build(cls, cells: Iterable[tuple[Pos, int, tuple[int, ...]]]) -> Board:
        """A board from ``(pos, rotation, stack)`` entries in any order."""
        board = cls()
        for pos, rot, stack in cells:
            board.place(stack[0], rot, pos)
            for tid in stack[1:]:
                board.stack(tid, pos)
        return board


def matches(need: Constraint, edges: tuple[int, int, int, int]) -> bool:
    """Whether ``edges`` meet ``need`` on every side with a neighbour, and there is one."""
    touched = False
    for want, have in zip(need, edges, strict=True):
        if want is None:
            continue
        if want != have:
            return False
        touched = True
    return touched


@dataclass(frozen=True)
class AreaSummary:
    """An area as :func:`areas_from_scratch` sees it."""

    terrain: int
    sheep: int
    closed: bool
    wolfed: bool


def areas_from_scratch(cells: dict[Pos, tuple[int, tuple[int, ...]]]) -> list[AreaSummary]:
    """Every pasture, found by a fresh flood fill over the board (for checking the incremental areas)."""
    seen: set[Node] = set()
    comp_of: dict[Node, int] = {}
    comps: list[list[Node]] = []
    for (x, y), (_rot, stack) in sorted(cells.items()):
        for i in range(len(tile(stack[0]).regions)):
            start = (x, y, i)
            if start in seen:
                continue
            seen.add(start)
            todo, members = [start], []
            while todo:
                node = todo.pop()
                members.append(node)
                comp_of[node] = len(comps)
                nx, ny, ni = node
                rot, st = cells[(nx, ny)]
                t = tile(st[0])
                for side in t.regions[ni].edges:
                    d = (side + rot) % 4
                    npos = neighbour((nx, ny), d)
                    if npos not in cells:
                        continue
                    nrot, nst = cells[npos]
                    other = (npos[0], npos[1], tile(nst[0]).region_at((d + 2) % 4, nrot))
                    if other not in seen:
                        seen.add(other)
                        todo.append(other)
            comps.append(members)
    wolf_comps = {comp_of[(x, y, 0)] for (x, y), (_r, st) in cells.items() if tile(st[-1]).kind == "wolf"}
    out = []
    for members in comps:
        x, y, i = members[0]
        terrain = tile(cells[(x, y)][1][0]).regions[i].terrain
        if terrain in (FOREST, VILLAGE):
            continue
        sheep, closed, wolfed = 0, True, False
        for nx, ny, ni in members:
            rot, st = cells[(nx, ny)]
            t = tile(st[0])
            sheep += t.regions[ni].sheep
            for side in t.regions[ni].edges:
                if neighbour((nx, ny), (side + rot) % 4) not in cells:
                    closed = False
            for a, b in adjacent_regions(t):
                if ni in (a, b):
                    j = b if ni == a else a
                    if t.regions[j].terrain == FOREST and comp_of[(nx, ny, j)] in wolf_comps:
                        wolfed = True
        out.append(AreaSummary(terrain, sheep, closed, wolfed))
    return out
