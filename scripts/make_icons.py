"""Draw the app's PNG icons (192, 512, maskable 512) from the same shapes as icon.svg.

Run once after changing the icon: ``python scripts/make_icons.py``. The PNGs are committed, so a
build needs no image library; this script needs none either (a tiny rasteriser and zlib).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "assets" / "icons"
NIGHT = (0x2B, 0x21, 0x40)
PUMPKIN = (0xF2, 0x8C, 0x28)
# The cat's outline in icon.svg's 64-unit box.
CAT = [(14, 54), (14, 24), (10, 8), (24, 17), (40, 17), (54, 8), (50, 24), (50, 54)]
EYES = [(25, 33), (39, 33)]


def inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def pixel(u: float, v: float, rounded: bool) -> tuple[int, int, int, int]:
    """Colour at (u, v) in icon units (0..64)."""
    if rounded:
        r = 14
        cx, cy = min(max(u, r), 64 - r), min(max(v, r), 64 - r)
        if (u - cx) ** 2 + (v - cy) ** 2 > r * r:
            return (0, 0, 0, 0)
    if any((u - ex) ** 2 + (v - ey) ** 2 <= 3.5**2 for ex, ey in EYES):
        return (*NIGHT, 255)
    if inside(CAT, u, v):
        return (*PUMPKIN, 255)
    return (*NIGHT, 255)


def png(size: int, maskable: bool) -> bytes:
    # A maskable icon keeps its drawing inside the middle 80 % and fills the whole square.
    scale, offset = (64 / (size * 0.8), -6.4) if maskable else (64 / size, 0.0)
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            row.extend(pixel((x + 0.5) * scale + offset, (y + 0.5) * scale + offset, not maskable))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    (OUT / "icon-192.png").write_bytes(png(192, False))
    (OUT / "icon-512.png").write_bytes(png(512, False))
    (OUT / "icon-maskable-512.png").write_bytes(png(512, True))
