"""The tile set: 77 components, readable JSON made by the shipped generator, colour symmetry."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from importlib import resources

from parlour.games.wooly_bully import tileset
from parlour.games.wooly_bully.tiles import (
    COLOURS,
    FOREST,
    TERRAINS,
    Tile,
    all_tiles,
    tile_from_json,
    tile_to_json,
)


def test_the_box_holds_77_components_of_the_known_kinds():
    kinds = Counter(t.kind for t in all_tiles())
    assert kinds == {"landscape": 60, "wolf": 4, "hunter": 4, "village": 1, "shepherd": 4, "marker": 4}
    assert len(all_tiles()) == 77


def test_shipped_json_is_exactly_what_the_generator_makes():
    shipped = resources.files("parlour.games.wooly_bully").joinpath("tiles.json").read_text(encoding="utf-8")
    assert shipped == tileset.dumps()
    assert json.loads(shipped)["generator"] == "parlour.games.wooly_bully.tileset"


def test_tiles_round_trip_through_json():
    for t in all_tiles():
        assert tile_from_json(tile_to_json(t)) == t


def test_every_region_has_one_terrain_and_the_regions_split_the_four_edges():
    for t in all_tiles():
        edges = sorted(e for r in t.regions for e in r.edges)
        assert edges == [0, 1, 2, 3], t
        for r in t.regions:
            assert {t.edges[e] for e in r.edges} == {r.terrain}, t
            assert r.sheep == 0 or r.terrain < FOREST, "only pastures hold sheep"


def _shape(t: Tile, perm: tuple[int, ...]) -> frozenset[object]:
    """The tile with colours renamed by ``perm``, in a form that ignores rotation."""

    def colour(e: int) -> int:
        return perm[e] if e < len(COLOURS) else e

    forms = []
    for rot in range(4):
        forms.append(
            tuple(
                sorted(
                    (tuple(sorted((i + rot) % 4 for i in r.edges)), colour(r.terrain), r.sheep)
                    for r in t.regions
                )
            )
        )
    return frozenset(forms)


def test_the_set_is_colour_symmetric_under_every_renaming_of_the_colours():
    landscape = [t for t in all_tiles() if t.kind == "landscape"]
    base = Counter(_shape(t, (0, 1, 2, 3)) for t in landscape)
    for perm in itertools.permutations(range(4)):
        assert Counter(_shape(t, perm) for t in landscape) == base, perm


def test_each_colour_gets_the_same_sheep_and_edges():
    sheep = Counter()
    edges = Counter()
    for t in all_tiles():
        if t.kind != "landscape":
            continue
        for r in t.regions:
            if r.terrain < FOREST:
                sheep[r.terrain] += r.sheep
                edges[r.terrain] += len(r.edges)
    assert len(set(sheep.values())) == 1 and len(set(edges.values())) == 1
    assert set(sheep) == set(range(4))


def test_village_shepherds_and_special_tiles_look_as_the_design_note_says():
    by_kind = {k: [t for t in all_tiles() if t.kind == k] for k in ("village", "shepherd", "wolf", "hunter")}
    assert all(TERRAINS[e] == "village" for e in by_kind["village"][0].edges)
    for s in by_kind["shepherd"]:
        assert set(s.edges) == {s.colour} and s.sheep == 4 and len(s.regions) == 1
    for t in by_kind["wolf"] + by_kind["hunter"]:
        assert set(t.edges) == {FOREST}
    assert {s.colour for s in by_kind["shepherd"]} == set(range(4))
    assert any(TERRAINS.index("village") in t.edges for t in all_tiles() if t.kind == "landscape")
