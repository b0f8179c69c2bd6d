"""The printed components (BO-1..BO-4) and the castle statistics the design note asks for."""

from __future__ import annotations

import io
import json
from collections import Counter
from contextlib import redirect_stdout

from parlour.__main__ import main as parlour_main
from parlour.games.boo.castle import (
    CENTRAL_ROOMS,
    COLOURS,
    OPEN,
    STONE,
    build_castle,
    components,
    components_from_json,
    is_room,
)
from parlour.games.boo.generate import components_json
from parlour.games.boo.stats import castle_stats, meets_targets


def test_bo1_nine_tiles_of_four_rooms_and_a_corridor_cross():
    """BO-1."""
    comps = components()
    assert sorted(t.id for t in comps.tiles) == list(range(1, 10))
    castle = build_castle(tuple(range(1, 10)))
    assert len(castle.rooms()) == 36
    for i in range(81):
        cell = castle.cell(i)
        for nb, side in castle.links[i]:
            if is_room(cell) or is_room(castle.cell(nb)):
                assert side != OPEN, "rooms are entered only through walls"
    for k in range(9):
        assert castle.side((k, 0), (k, -1)) == STONE and castle.side((8, k), (9, k)) == STONE


def test_bo1_periphery_names_six_columns_and_six_rows():
    """BO-1."""
    comps = components()
    assert len(comps.arms) == len(set(comps.arms)) == 6
    assert len(comps.portraits) == len(set(comps.portraits)) == 6


def test_bo2_wall_colours_are_balanced_within_two_points():
    """BO-2."""
    counts = Counter(c for t in components().tiles for c in t.sides.values() if c != OPEN)
    total = sum(counts.values())
    assert set(counts) == set(range(len(COLOURS)))
    assert all(abs(n / total - 1 / 6) <= 0.02 for n in counts.values()), counts


def test_bo3_each_route_number_spreads_visitors_over_fifteen_rooms_and_visitor_1_off_centre():
    """BO-3."""
    comps = components()
    for k in (1, 2, 3, 4):
        rooms = [comps.visitor_room(n, k) for n in range(1, 16)]
        assert len(set(rooms)) == 15
        assert rooms[0] not in CENTRAL_ROOMS


def test_bo4_four_distinct_default_special_rooms():
    """BO-4."""
    rooms = components().special_rooms
    assert len(set(rooms)) == 4 and all(is_room(r) for r in rooms)


def test_shipped_data_meets_the_design_targets_on_a_modest_sample():
    stats = castle_stats(components(), samples=6, seed="test")
    ok, why = meets_targets(stats)
    assert ok, why


def test_generator_is_deterministic_and_writes_readable_data():
    a, b = components_json(5), components_json(5)
    assert a == b and components_json(6) != a
    comps = components_from_json(json.loads(json.dumps(a)))
    assert len(comps.tiles) == 9 and len(comps.visitors) == 15
    assert all(v in (*COLOURS, "open") for t in a["tiles"] for v in t["sides"].values())


def test_stats_command_prints_the_figures():
    out = io.StringIO()
    with redirect_stdout(out):
        code = parlour_main(["boo", "stats", "--samples", "2"])
    report = json.loads(out.getvalue())
    assert set(report["routes"]["route_share_by_forbidden"]) == {"0", "1", "2", "3"}
    assert code == (0 if report["targets_met"] else 1)
    assert set(report["colour_balance"]) == set(COLOURS)


def test_shipped_data_is_what_the_generator_writes_for_its_seed():
    from importlib import resources

    shipped = json.loads(resources.files("parlour.games.boo").joinpath("castle.json").read_text("utf-8"))
    assert components_json(shipped["seed"]) == shipped
