"""The bed's geometry: cells, the 80 lines of three, seams, ghost entries and their segments.

Cells are numbered ``rank * 6 + file`` from a1 = 0 (bottom left) to f6 = 35 (top right), as in
the notation of BP-D6. Everything here is computed once at import and is read-only.
"""

from __future__ import annotations

SIZE = 6
CELLS = SIZE * SIZE
FILES = "abcdef"

EMPTY = 0
ORANGE, PURPLE = 0, 1
KITTEN, CAT = 0, 1
COLOURS = ("orange", "purple")
KINDS = ("kitten", "cat")


def piece(owner: int, kind: int) -> int:
    """The board code of a piece: 1 orange kitten, 2 orange cat, 3 purple kitten, 4 purple cat."""
    return owner * 2 + kind + 1


def owner_of(code: int) -> int:
    return (code - 1) >> 1


def kind_of(code: int) -> int:
    return (code - 1) & 1


def cell_name(cell: int) -> str:
    return FILES[cell % SIZE] + str(cell // SIZE + 1)


def parse_cell(text: str) -> int | None:
    """The cell named ``text`` (``"c3"``), or ``None`` when it is not a cell of the bed."""
    if len(text) != 2 or text[0] not in FILES or text[1] not in "123456":
        return None
    return (int(text[1]) - 1) * SIZE + FILES.index(text[0])


def at(file: int, rank: int) -> int | None:
    """The cell at ``(file, rank)``, or ``None`` off the bed."""
    if 0 <= file < SIZE and 0 <= rank < SIZE:
        return rank * SIZE + file
    return None


DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def _ray(cell: int, df: int, dr: int) -> tuple[int, ...]:
    """The cells from ``cell`` (excluded) straight to the edge of the bed."""
    f, r = cell % SIZE, cell // SIZE
    out: list[int] = []
    while True:
        f, r = f + df, r + dr
        nxt = at(f, r)
        if nxt is None:
            return tuple(out)
        out.append(nxt)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(c, df, dr) for df, dr in DIRECTIONS) for c in range(CELLS)
)
"""``RAYS[cell][d]``: the cells beyond ``cell`` in direction ``DIRECTIONS[d]``, nearest first."""

NEIGHBOURS: tuple[tuple[tuple[int, int | None], ...], ...] = tuple(
    tuple((ray[0], ray[1] if len(ray) > 1 else None) for ray in RAYS[c] if ray) for c in range(CELLS)
)
"""``NEIGHBOURS[cell]``: (neighbour, cell beyond it or ``None`` off the bed) for each direction (BP-3)."""


def _lines() -> tuple[tuple[int, int, int], ...]:
    out: list[tuple[int, int, int]] = []
    for c in range(CELLS):
        for df, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
            ray = _ray(c, df, dr)
            if len(ray) >= 2:
                a, b, z = sorted((c, ray[0], ray[1]))
                out.append((a, b, z))
    return tuple(sorted(out))


LINES: tuple[tuple[int, int, int], ...] = _lines()
"""Every three cells in a row, orthogonal or diagonal (80 of them), each sorted by cell number."""

LINE_INDEX = {line: i for i, line in enumerate(LINES)}
LINES_FROM: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((i, b, c) for i, (a, b, c) in enumerate(LINES) if a == cell) for cell in range(CELLS)
)
"""``LINES_FROM[a]``: (line number, second cell, third cell) of the lines whose first cell is ``a``;
in line-number order, so scanning cells upwards lists lines in ``LINES`` order."""
LINES_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, line in enumerate(LINES) if c in line) for c in range(CELLS)
)


def _same_row(i: int, j: int) -> bool:
    """Lines ``i`` and ``j`` lie on one straight row and share a cell (``b3-c3-d3`` and ``c3-d3-e3``)."""
    x, y = LINES[i], LINES[j]
    # Sorted cells: the step between the first two gives the direction (1 across, 6 up, 7 and 5 diagonal).
    return i != j and x[1] - x[0] == y[1] - y[0] and bool(set(x) & set(y))


ROW_MATES: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(len(LINES)) if _same_row(i, j)) for i in range(len(LINES))
)
"""``ROW_MATES[i]``: the other lines of three on the same row as line ``i`` that overlap it; when all
their cells hold one player's pieces, together they are one row longer than three (BP-8)."""

CENTRE = tuple(c for c in range(CELLS) if 1 <= c % SIZE <= 4 and 1 <= c // SIZE <= 4)
"""The 16 cells away from the edge (the four in the middle are the best, say the rulebook's tips)."""

# --- ghost cats (BP-12..BP-18) ----------------------------------------------------------------
EDGES = ("top", "right", "bottom", "left")
SEAMS_PER_EDGE = SIZE - 1
ENTRIES: tuple[str, ...] = tuple(
    f"{edge}-{FILES[i] if edge in ('top', 'bottom') else str(i + 1)}"
    for edge in EDGES
    for i in range(SEAMS_PER_EDGE)
)
"""The 20 ghost entries (BP-13): ``top-c`` is the seam between files c and d, entered at c6|d6 and
travelled downwards; ``left-2`` the seam between ranks 2 and 3, entered at a2|a3 and travelled right."""
ENTRY_INDEX = {name: i for i, name in enumerate(ENTRIES)}
STEPS = SIZE
"""A seam has six segments: a ghost is at step 0 (where it entered) to step 5 (the far edge)."""

Segment = tuple[int, int, int, int]
"""(cell a, cell b, step of a's push, step of b's push): the two cells beside a segment and the
cell offset that pushes each one away from the seam, perpendicular to it (BP-15)."""


def _segment(entry: int, step: int) -> Segment:
    edge, i = divmod(entry, SEAMS_PER_EDGE)
    name = EDGES[edge]
    if name in ("top", "bottom"):
        rank = SIZE - 1 - step if name == "top" else step
        return (rank * SIZE + i, rank * SIZE + i + 1, -1, 1)
    file = SIZE - 1 - step if name == "right" else step
    return (i * SIZE + file, (i + 1) * SIZE + file, -SIZE, SIZE)


SEGMENTS: tuple[tuple[Segment, ...], ...] = tuple(
    tuple(_segment(e, s) for s in range(STEPS)) for e in range(len(ENTRIES))
)
"""``SEGMENTS[entry][step]``."""


def segment_id(entry: int, step: int) -> int:
    """One number per physical segment, the same whichever way a ghost travels it (BP-17)."""
    a, b, _, _ = SEGMENTS[entry][step]
    return a * CELLS + b


def segment_cells(entry: int, step: int) -> tuple[str, str]:
    a, b, _, _ = SEGMENTS[entry][step]
    return (cell_name(a), cell_name(b))


def push_ray(cell: int, offset: int) -> tuple[int, ...]:
    """The cells beyond ``cell`` in the orthogonal direction given by a cell offset (±1, ±6)."""
    d = {-1: (-1, 0), 1: (1, 0), -SIZE: (0, -1), SIZE: (0, 1)}[offset]
    return RAYS[cell][DIRECTIONS.index(d)]
