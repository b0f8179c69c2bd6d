"""The generator of ``tiles.json``: our design of the 77 Wooly Bully components.

Run ``python -m parlour.games.wooly_bully.tileset`` to rewrite ``tiles.json`` (a test checks the
shipped file equals what this module makes). The set is colour-symmetric by construction: every
one-colour design is made once per colour, every two-colour design once per unordered pair of
colours (each such design turns into itself with the colours swapped), and colourless designs
once. See docs/rules/wooly-bully.md for the reasoning behind each design.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from parlour.games.wooly_bully.tiles import COLOURS

C, F, V = "c", "forest", "village"

# One-colour designs: edges N,E,S,W with "c" standing for the colour; regions as (edges, sheep).
ONE_COLOUR: tuple[tuple[str, tuple[str, ...], tuple[tuple[tuple[int, ...], int], ...]], ...] = (
    ("cap", (C, F, F, F), (((0,), 4), ((1, 2, 3), 0))),
    ("cap-2", (C, F, F, F), (((0,), 5), ((1, 2, 3), 0))),
    ("straight", (C, F, C, F), (((0, 2), 5), ((1,), 0), ((3,), 0))),
    ("corner", (C, C, F, F), (((0, 1), 5), ((2, 3), 0))),
    ("fenced-corner", (C, C, F, F), (((0,), 4), ((1,), 4), ((2, 3), 0))),
    ("two-caps", (C, F, C, F), (((0,), 4), ((2,), 4), ((1, 3), 0))),
    ("three-sides", (C, C, C, F), (((0, 1, 2), 6), ((3,), 0))),
    ("meadow", (C, C, C, C), (((0, 1, 2, 3), 7),)),
    ("village-cap", (C, V, F, F), (((0,), 4), ((1,), 0), ((2, 3), 0))),
    ("village-far", (C, F, V, F), (((0,), 5), ((2,), 0), ((1, 3), 0))),
    ("village-corner", (C, C, V, F), (((0, 1), 5), ((2,), 0), ((3,), 0))),
)

# Two-colour designs: "a" and "b" are the colours; each is symmetric under a half turn with the
# colours swapped, so one copy per unordered pair keeps the set colour-symmetric.
TWO_COLOUR: tuple[tuple[str, tuple[str, ...], tuple[tuple[tuple[int, ...], int], ...]], ...] = (
    ("fenced-halves", ("a", "a", "b", "b"), (((0, 1), 5), ((2, 3), 5))),
    ("across-forest", ("a", F, "b", F), (((0,), 4), ((2,), 4), ((1, 3), 0))),
)

COLOURLESS: tuple[tuple[str, tuple[str, ...], tuple[tuple[tuple[int, ...], int], ...]], ...] = (
    ("village-edge", (V, F, F, F), (((0,), 0), ((1, 2, 3), 0))),
    ("village-edge", (V, F, F, F), (((0,), 0), ((1, 2, 3), 0))),
    ("village-road", (V, F, V, F), (((0,), 0), ((2,), 0), ((1, 3), 0))),
    ("deep-forest", (F, F, F, F), (((0, 1, 2, 3), 0),)),
)


def _tile(
    tid: int, kind: str, edges: list[str], regions: tuple[tuple[tuple[int, ...], int], ...], **extra: object
) -> dict[str, object]:
    return {
        "id": tid,
        "kind": kind,
        "edges": edges,
        "regions": [{"edges": list(e), **({"sheep": s} if s else {})} for e, s in regions],
        **extra,
    }


def build() -> dict[str, object]:
    """The whole component list, ids 0..76 in a fixed order."""
    tiles: list[dict[str, object]] = []
    designs: list[str] = []

    def add(
        kind: str,
        edges: list[str],
        regions: tuple[tuple[tuple[int, ...], int], ...],
        design: str,
        **extra: object,
    ) -> None:
        tiles.append(_tile(len(tiles), kind, edges, regions, design=design, **extra))
        designs.append(design)

    for name, edges, regions in ONE_COLOUR:
        for colour in COLOURS:
            add("landscape", [colour if e == C else e for e in edges], regions, name)
    for name, edges, regions in TWO_COLOUR:
        for a, b in itertools.combinations(COLOURS, 2):
            add("landscape", [{"a": a, "b": b}.get(e, e) for e in edges], regions, name)
    for name, edges, regions in COLOURLESS:
        add("landscape", list(edges), regions, name)
    forest = [F, F, F, F]
    whole = (((0, 1, 2, 3), 0),)
    for _ in range(4):
        add("wolf", forest, whole, "wolf")
    for _ in range(4):
        add("hunter", forest, whole, "hunter")
    add("village", [V, V, V, V], whole, "village-square")
    for colour in COLOURS:
        add("shepherd", [colour] * 4, (((0, 1, 2, 3), 4),), "shepherd", colour=colour)
    for colour in COLOURS:
        add("marker", [colour] * 4, whole, "colour-marker", colour=colour)
    return {
        "about": "Wooly Bully components: edges N,E,S,W; regions group joined edges; sheep per pasture region.",
        "generator": "parlour.games.wooly_bully.tileset",
        "tiles": tiles,
    }


def dumps() -> str:
    return json.dumps(build(), indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    path = Path(__file__).with_name("tiles.json")
    path.write_text(dumps(), encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
