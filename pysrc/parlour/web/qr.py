"""QR codes for invite links and answer codes: a small encoder (byte mode, error correction level M,
versions 1–10) drawn as SVG. Pure Python, so it runs the same in the page and in tests.

Follows ISO/IEC 18004: data bits → Reed–Solomon blocks over GF(256) → interleaving → the zigzag
placement around the function patterns → the mask with the lowest penalty → format (and version)
information. Version 10 at level M holds 213 bytes: an invite link of a LAN game needs about 170.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from itertools import pairwise

from parlour.web.markup import esc

# Level M, per version: (EC codewords per block, [data codewords of each block]).
BLOCKS_M: dict[int, tuple[int, list[int]]] = {
    1: (10, [16]),
    2: (16, [28]),
    3: (26, [44]),
    4: (18, [32, 32]),
    5: (24, [43, 43]),
    6: (16, [27, 27, 27, 27]),
    7: (18, [31, 31, 31, 31]),
    8: (22, [38, 38, 39, 39]),
    9: (22, [36, 36, 36, 37, 37]),
    10: (26, [43, 43, 43, 43, 44]),
}
ALIGN: dict[int, list[int]] = {
    1: [],
    2: [6, 18],
    3: [6, 22],
    4: [6, 26],
    5: [6, 30],
    6: [6, 34],
    7: [6, 22, 38],
    8: [6, 24, 42],
    9: [6, 26, 46],
    10: [6, 28, 50],
}
LEVEL_M = 0b00
"""The two format bits of error correction level M."""

Matrix = list[list[bool]]


# --- Reed–Solomon over GF(256), polynomial x^8 + x^4 + x^3 + x^2 + 1 -----------------------------
@cache
def _tables() -> tuple[list[int], list[int]]:
    exp, log = [0] * 512, [0] * 256
    x = 1
    for i in range(255):
        exp[i], log[x] = x, i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    for i in range(255, 512):
        exp[i] = exp[i - 255]
    return exp, log


def _mul(a: int, b: int) -> int:
    if a == 0 or b == 0:
        return 0
    exp, log = _tables()
    return exp[log[a] + log[b]]


@cache
def _generator(degree: int) -> tuple[int, ...]:
    """Coefficients (highest first, leading 1 left out) of ∏ (x − α^i), i < degree."""
    exp, _ = _tables()
    poly = [1]
    for i in range(degree):
        nxt = [0] * (len(poly) + 1)
        for j, c in enumerate(poly):
            nxt[j] ^= c
            nxt[j + 1] ^= _mul(c, exp[i])
        poly = nxt
    return tuple(poly[1:])


def rs_remainder(data: list[int], degree: int) -> list[int]:
    """The ``degree`` error correction codewords of ``data``."""
    gen = _generator(degree)
    rem = [0] * degree
    for byte in data:
        factor = byte ^ rem[0]
        rem = [*rem[1:], 0]
        for i, g in enumerate(gen):
            rem[i] ^= _mul(g, factor)
    return rem


# --- the codewords -------------------------------------------------------------------------------
def version_for(length: int) -> int:
    """The smallest version (1–10) whose level-M byte mode holds ``length`` bytes."""
    for version, (_ec, blocks) in BLOCKS_M.items():
        header = 4 + (8 if version < 10 else 16)
        if header + 8 * length <= 8 * sum(blocks):
            return version
    raise ValueError(f"{length} bytes do not fit a version-10 QR code at level M")


def data_codewords(payload: bytes, version: int) -> list[int]:
    """Mode, length, the bytes, terminator and padding: the data codewords before correction."""
    capacity = sum(BLOCKS_M[version][1])
    bits = "0100" + format(len(payload), "08b" if version < 10 else "016b")
    bits += "".join(format(b, "08b") for b in payload)
    bits += "0" * min(4, capacity * 8 - len(bits))
    bits += "0" * (-len(bits) % 8)
    words = [int(bits[i : i + 8], 2) for i in range(0, len(bits), 8)]
    pad = (0xEC, 0x11)
    words += [pad[i % 2] for i in range(capacity - len(words))]
    return words


def codewords(payload: bytes, version: int) -> list[int]:
    """Every codeword in placement order: data blocks interleaved, then their EC blocks."""
    ec, sizes = BLOCKS_M[version]
    data = data_codewords(payload, version)
    blocks, start = [], 0
    for size in sizes:
        blocks.append(data[start : start + size])
        start += size
    out = [b[i] for i in range(max(sizes)) for b in blocks if i < len(b)]
    corrections = [rs_remainder(b, ec) for b in blocks]
    out += [c[i] for i in range(ec) for c in corrections]
    return out


# --- the matrix ----------------------------------------------------------------------------------
def _bch(value: int, poly: int, bits: int) -> int:
    rem = value << (poly.bit_length() - 1)
    for shift in range(bits - 1, poly.bit_length() - 2, -1):
        if rem >> shift & 1:
            rem ^= poly << (shift - poly.bit_length() + 1)
    return rem


def format_bits(mask: int, level: int = LEVEL_M) -> int:
    """The 15 format bits: level and mask, BCH(15,5) protected and masked with 0x5412."""
    data = level << 3 | mask
    return (data << 10 | _bch(data, 0x537, 15)) ^ 0x5412


def version_bits(version: int) -> int:
    """The 18 version bits (versions 7 and up): BCH(18,6) of the version number."""
    return version << 12 | _bch(version, 0x1F25, 18)


MASKS = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


class _Grid:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = 17 + 4 * version
        self.dark: Matrix = [[False] * self.size for _ in range(self.size)]
        self.fixed: Matrix = [[False] * self.size for _ in range(self.size)]
        self._function_patterns()

    def put(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x], self.fixed[y][x] = dark, True

    def _function_patterns(self) -> None:
        n = self.size
        for i in range(n):
            self.put(6, i, i % 2 == 0)
            self.put(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        d = max(abs(dx), abs(dy))
                        self.put(x, y, d not in (2, 4))
        pos = ALIGN[self.version]
        for i, ay in enumerate(pos):
            for j, ax in enumerate(pos):
                if (i, j) in ((0, 0), (0, len(pos) - 1), (len(pos) - 1, 0)):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.put(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1)
        self.draw_format(0)  # reserve the areas; the real bits come after masking
        if self.version >= 7:
            bits = version_bits(self.version)
            for i in range(18):
                a, b = n - 11 + i % 3, i // 3
                self.put(a, b, bits >> i & 1 == 1)
                self.put(b, a, bits >> i & 1 == 1)

    def draw_format(self, mask: int) -> None:
        n, bits = self.size, format_bits(mask)
        for i in range(6):
            self.put(8, i, bits >> i & 1 == 1)
        self.put(8, 7, bits >> 6 & 1 == 1)
        self.put(8, 8, bits >> 7 & 1 == 1)
        self.put(7, 8, bits >> 8 & 1 == 1)
        for i in range(9, 15):
            self.put(14 - i, 8, bits >> i & 1 == 1)
        for i in range(8):
            self.put(n - 1 - i, 8, bits >> i & 1 == 1)
        for i in range(8, 15):
            self.put(8, n - 15 + i, bits >> i & 1 == 1)
        self.put(8, n - 8, True)  # the dark module

    def positions(self) -> list[tuple[int, int]]:
        """Data module positions in placement order: two-column zigzag from the bottom right."""
        n, out = self.size, []
        right = n - 1
        while right >= 1:
            if right == 6:
                right = 5
            upward = (right + 1) & 2 == 0
            for vert in range(n):
                y = n - 1 - vert if upward else vert
                for x in (right, right - 1):
                    if not self.fixed[y][x]:
                        out.append((x, y))
            right -= 2
        return out


_RUNS = re.compile(r"0{5,}|1{5,}")
_FINDER = re.compile(r"(?=00001011101|10111010000)")


def _penalty(m: Matrix) -> int:
    """The standard's penalty of a masked symbol: runs of five or more modules alike in a row or a
    column, 2x2 blocks alike, finder-like patterns with four light modules on one side, and the
    dark share's distance from half. Worked on each line as a string and each row as the bits of an
    int: module by module, the eight masks of an invite's code took 60-70 ms on CPython, the longest
    task of a host's first network screen (issue #17, decision 0114)."""
    n = len(m)
    rows = ["".join("1" if cell else "0" for cell in row) for row in m]
    score = 0
    for line in rows + ["".join(column) for column in zip(*rows, strict=True)]:
        score += sum(len(run.group()) - 2 for run in _RUNS.finditer(line))  # 5 alike: 3, each more: 1
        score += 40 * len(_FINDER.findall("0000" + line + "0000"))
    bits, pairs = [int(row, 2) for row in rows], (1 << (n - 1)) - 1
    for upper, lower in pairwise(bits):
        # Where a module, its right neighbour and the two below them are all alike.
        alike = ~(upper ^ upper >> 1) & ~(upper ^ lower) & ~(lower ^ lower >> 1) & pairs
        score += 3 * bin(alike).count("1")
    dark = sum(row.count("1") for row in rows)
    score += 10 * (abs(dark * 20 - n * n * 10) // (n * n))
    return score


def encode(text: str) -> Matrix:
    """The QR code of ``text`` (UTF-8, byte mode, level M): rows of modules, ``True`` is dark."""
    payload = text.encode("utf-8")
    version = version_for(len(payload))
    grid = _Grid(version)
    words = codewords(payload, version)
    bits = [w >> (7 - i) & 1 == 1 for w in words for i in range(8)]
    positions = grid.positions()
    best: tuple[int, Matrix] | None = None
    for mask, rule in enumerate(MASKS):
        grid.dark = [row[:] for row in grid.dark]
        for k, (x, y) in enumerate(positions):
            bit = bits[k] if k < len(bits) else False
            grid.dark[y][x] = bit != rule(x, y)
        grid.draw_format(mask)
        candidate = [row[:] for row in grid.dark]
        score = _penalty(candidate)
        if best is None or score < best[0]:
            best = (score, candidate)
    assert best is not None
    return best[1]


@lru_cache(maxsize=16)
def svg(text: str, label: str = "", quiet: int = 4) -> str:
    """The QR code of ``text`` as an SVG image (one path of unit squares, a light quiet zone).

    Kept once made: a host's page draws its invite's code on every redraw while a game is played
    beside it, and encoding one took 36 ms on CPython (more in the page), every move (issue #17)."""
    m = encode(text)
    n = len(m) + 2 * quiet
    d = "".join(
        f"M{x + quiet},{y + quiet}h1v1h-1z" for y, row in enumerate(m) for x, dark in enumerate(row) if dark
    )
    title = f"<title>{esc(label)}</title>" if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" class="qr-code" role="img" '
        f'aria-label="{esc(label)}" shape-rendering="crispEdges" data-modules="{len(m)}">{title}'
        f'<rect width="{n}" height="{n}" fill="#fff"/><path d="{d}" fill="#000"/></svg>'
    )
