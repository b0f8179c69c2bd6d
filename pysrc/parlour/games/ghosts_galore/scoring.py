"""Scoring, GG-S1..GG-S13, and the tie-break GG-T, for finished or partial grids.

Every function here is pure and works on a partial grid too (live scoring, GG-D1): tracks that
still face a free cell are simply not door-to-door yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlour.games.ghosts_galore.board import (
    BONE,
    CELLS,
    TOOTH,
    End,
    Grid,
    Placement,
    Track,
    neighbours,
    trace,
)
from parlour.games.ghosts_galore.tiles import MONSTERS, Tile

CATEGORIES = (
    "dragons",
    "ghosts",
    "golems",
    "satyrs",
    "skeletons",
    "slimes",
    "bats",
    "werewolves",
    "wisps",
    "diamonds",
    "bone-doors",
    "tooth-doors",
    "other-tracks",
)
"""The 13 scoring categories in rulebook order (GG-S1..GG-S13)."""

CATEGORY_OF_MONSTER = dict(zip(MONSTERS, CATEGORIES[: len(MONSTERS)], strict=True))
"""Each monster kind's scoring category (GG-S1..GG-S9)."""


def dragon_points(n: int) -> int:
    """GG-S1: 0 → −5, otherwise n² (the table 1, 4, 9 … 64, continued)."""
    return -5 if n == 0 else n * n


def golem_points(n: int) -> int:
    """GG-S3: 0, 4, 10, 18, 28, 40 for 0–5 lone golems; the table's rule n² + 3n continued beyond."""
    return n * n + 3 * n


def wisp_points(n: int) -> int:
    """GG-S9: each wisp scores 3 with 0–3 wisps, 4 with 4–6, 5 with 7 or more."""
    return n * (3 if n <= 3 else 4 if n <= 6 else 5)


def werewolf_bonus(players: int) -> int:
    """GG-S8: the most werewolves earn +10, or +5 in a two-player game."""
    return 5 if players == 2 else 10


@dataclass(frozen=True)
class ScoredTrack:
    """A track that scored (GG-S11..GG-S13), for highlighting on the end screen (GG-D2)."""

    category: str
    points: int
    track: Track


@dataclass(frozen=True)
class ScoreSheet:
    """One board's score: the 13 categories, the total, the tracks that scored and the dead ends."""

    points: tuple[int, ...]
    """Points per category, in the order of :data:`CATEGORIES`."""
    tracks: tuple[ScoredTrack, ...]
    dead_ends: tuple[End, ...]
    werewolves: int

    @property
    def total(self) -> int:
        return sum(self.points)

    def by_category(self) -> dict[str, int]:
        return dict(zip(CATEGORIES, self.points, strict=True))

    def to_json(self) -> dict[str, object]:
        return {
            "categories": self.by_category(),
            "total": self.total,
            "dead_ends": [[e.cell, e.side] for e in self.dead_ends],
            "tracks": [
                {"category": t.category, "points": t.points, "pieces": [list(p) for p in t.track.pieces]}
                for t in self.tracks
            ],
            "werewolves": self.werewolves,
        }


def tiles_of(grid: Sequence[Placement | None]) -> list[tuple[int, Tile]]:
    """The placed tiles as ``(cell, tile)``."""
    return [(cell, p[0]) for cell, p in enumerate(grid) if p is not None]


def count_werewolves(grid: Sequence[Placement | None]) -> int:
    return sum(t.count("werewolf") for _, t in tiles_of(grid))


def track_category(track: Track) -> str | None:
    """Which door category a track scores in, or ``None`` (GG-S11..GG-S13)."""
    if not track.door_to_door:
        return None
    if track.doors == (BONE, BONE):
        return "bone-doors"
    if track.doors == (TOOTH, TOOTH):
        return "tooth-doors"
    return "other-tracks"


TRACK_RATE = {"bone-doors": 2, "tooth-doors": 2, "other-tracks": 1}


def score_board(
    grid: Grid, players: int, others_werewolves: Sequence[int] = (), tracks: list[Track] | None = None
) -> ScoreSheet:
    """Score one board. ``others_werewolves`` are the werewolf counts of the other boards (GG-S8);
    ``tracks`` may pass in :func:`trace` of the grid when the caller has it already."""
    placed = tiles_of(grid)
    if tracks is None:
        tracks = trace(grid)
    track_of = {piece: i for i, t in enumerate(tracks) for piece in t.pieces}
    kinds_on_track: list[set[str]] = [set() for _ in tracks]
    ghosts_on_track = [0] * len(tracks)
    count: dict[str, int] = {}
    for cell, tile in placed:
        for m in tile.monsters:
            count[m.kind] = count.get(m.kind, 0) + 1
            t = track_of[(cell, m.piece)]
            kinds_on_track[t].add(m.kind)
            if m.kind == "ghost":
                ghosts_on_track[t] += 1

    ghosts = sat = 0
    for cell, tile in placed:
        for m in tile.monsters:
            t = track_of[(cell, m.piece)]
            if m.kind == "ghost":
                ghosts += 6 if ghosts_on_track[t] >= 3 else 3
            elif m.kind == "satyr":
                sat += len(kinds_on_track[t])

    golem_cells = {c for c, t in placed if "golem" in t.counts}
    bat_cells = {c for c, t in placed if "bat" in t.counts}
    lone_golems = sum(
        t.count("golem") for c, t in placed if c in golem_cells and golem_cells.isdisjoint(neighbours(c))
    )
    bats = sum(
        5 * t.count("bat") for c, t in placed if c in bat_cells and not bat_cells.isdisjoint(neighbours(c))
    )
    diamonds = [v for _, t in placed for v in t.diamonds]
    turns = sum(t.turns for _, t in placed)
    wolves = count.get("werewolf", 0)
    wolf_points = 4 * wolves
    if wolves > 0 and wolves >= max(others_werewolves, default=0):
        wolf_points += werewolf_bonus(players)

    door_points = {"bone-doors": 0, "tooth-doors": 0, "other-tracks": 0}
    scored: list[ScoredTrack] = []
    for track in tracks:
        cat = track_category(track)
        if cat is not None:
            pts = TRACK_RATE[cat] * track.segments
            door_points[cat] += pts
            scored.append(ScoredTrack(cat, pts, track))

    points = (
        dragon_points(count.get("dragon", 0)),
        ghosts,
        golem_points(lone_golems),
        sat,
        count.get("skeleton", 0) * len(diamonds),
        count.get("slime", 0) * turns,
        bats,
        wolf_points,
        wisp_points(count.get("wisp", 0)),
        sum(diamonds),
        door_points["bone-doors"],
        door_points["tooth-doors"],
        door_points["other-tracks"],
    )
    dead = tuple(e for t in tracks for e in t.ends if e.kind == "dead")
    return ScoreSheet(points, tuple(scored), dead, wolves)


def werewolf_words(wolves: int, players: int, others_werewolves: Sequence[int]) -> dict[str, object]:
    """GG-S8 as a player says it: the count, the bonus, and which of four cases gave it (``case``:
    ``most``, ``tied`` — a tie gets it too —, ``fewer`` than ``most`` on another board, or ``none``
    at all), so the words never read "the most: + 0"."""
    most = max(others_werewolves, default=0)
    case = "none" if not wolves else "fewer" if wolves < most else "tied" if wolves == most else "most"
    bonus = werewolf_bonus(players) if case in ("most", "tied") else 0
    return {"n": wolves, "bonus": bonus, "most": most, "case": case}


def explain(grid: Grid, players: int, others_werewolves: Sequence[int] = ()) -> dict[str, dict[str, object]]:
    """What each category's points of :func:`score_board` are made of, for words (the rules
    help's captions): the counts each rule multiplies, and the terms each sum adds (``"6 + 6"``); a
    category whose words differ by case has a ``case`` (the message key's last part)."""
    placed = tiles_of(grid)
    tracks = trace(grid)
    track_of = {piece: i for i, t in enumerate(tracks) for piece in t.pieces}
    kinds: list[set[str]] = [set() for _ in tracks]
    ghosts_on = [0] * len(tracks)
    for cell, tile in placed:
        for m in tile.monsters:
            kinds[track_of[(cell, m.piece)]].add(m.kind)
            ghosts_on[track_of[(cell, m.piece)]] += m.kind == "ghost"
    ghosts = [
        ghosts_on[track_of[(c, m.piece)]] >= 3 for c, t in placed for m in t.monsters if m.kind == "ghost"
    ]
    satyrs = [len(kinds[track_of[(c, m.piece)]]) for c, t in placed for m in t.monsters if m.kind == "satyr"]
    golems = {c for c, t in placed if "golem" in t.counts}
    bats = {c for c, t in placed if "bat" in t.counts}
    count = {kind: sum(t.count(kind) for _, t in placed) for kind in MONSTERS}
    symbols = sum(len(t.diamonds) for _, t in placed)
    turns = sum(t.turns for _, t in placed)
    wolves = count["werewolf"]
    wisps = count["wisp"]
    doors: dict[str, list[int]] = {"bone-doors": [], "tooth-doors": [], "other-tracks": []}
    for track in tracks:
        cat = track_category(track)
        if cat is not None:
            doors[cat].append(track.segments)
    return {
        "dragons": {"n": count["dragon"]},
        "ghosts": {"six": sum(ghosts), "three": len(ghosts) - sum(ghosts)},
        "golems": {
            "n": sum(t.count("golem") for c, t in placed if golems.isdisjoint(neighbours(c)) and c in golems)
        },
        "satyrs": {"terms": " + ".join(map(str, satyrs)) or "0"},
        "skeletons": {"n": count["skeleton"], "d": symbols},
        "slimes": {"n": count["slime"], "d": turns},
        "bats": {
            "n": sum(t.count("bat") for c, t in placed if c in bats and not bats.isdisjoint(neighbours(c)))
        },
        "werewolves": werewolf_words(wolves, players, others_werewolves),
        "wisps": {"n": wisps, "each": wisp_points(wisps) // wisps if wisps else 3},
        "diamonds": {"terms": " + ".join(str(v) for _, t in placed for v in t.diamonds) or "0"},
        **{cat: {"n": sum(segs), "terms": " + ".join(map(str, segs)) or "0"} for cat, segs in doors.items()},
    }


def score_all(grids: Sequence[Grid]) -> list[ScoreSheet]:
    """Score every board of a game (the werewolf bonus compares boards)."""
    wolves = [count_werewolves(g) for g in grids]
    players = len(grids)
    return [score_board(g, players, [w for j, w in enumerate(wolves) if j != i]) for i, g in enumerate(grids)]


def winners(sheets: Sequence[ScoreSheet]) -> tuple[tuple[int, ...], str]:
    """GG-T: the highest total wins; a tie goes to fewer dead ends; then the win is shared.

    Returns the winning seats and the end-reason message key.
    """
    best = max(s.total for s in sheets)
    top = [i for i, s in enumerate(sheets) if s.total == best]
    if len(top) == 1:
        return (top[0],), "ghosts-galore.end.highest-score"
    fewest = min(len(sheets[i].dead_ends) for i in top)
    top = [i for i in top if len(sheets[i].dead_ends) == fewest]
    if len(top) == 1:
        return (top[0],), "ghosts-galore.end.fewer-dead-ends"
    return tuple(top), "ghosts-galore.end.shared"


__all__ = ["CATEGORIES", "CELLS", "ScoreSheet", "score_all", "score_board", "winners"]
