"""Static diagrams: ``python -m parlour boop svg`` prints valid standalone SVG, drawn like the app's board."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from parlour.engine import Match, encode_link
from parlour.games.boop import GAME
from parlour.i18n import translate
from parlour.web import diagram
from parlour.web.boards import boop as board
from parlour.web.context import BoardContext
from parlour.web.session import HUMAN, LocalSession

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]
POSITION = "6/6/2o1p1/6/1o4/6 6k0c/7k0c 8/8 -/top-c+0 p place"
MOVES = ["k@c3", "g:-", "k@d4", "g:top-c", "k@c3"]


def t(key: str, **params: object) -> str:
    return translate("en", key, **params)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(ROOT / "pysrc"), "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, "-m", "parlour", "boop", "svg", *args], capture_output=True, text=True, env=env
    )


def pieces(root: ET.Element) -> set[tuple[str, str, str]]:
    """Every piece drawn on the bed: (cell, classes, transform)."""
    return {
        (g.get("data-cell", ""), g.get("class", ""), g.get("transform", ""))
        for g in root.iter()
        if g.get("data-cell") and "piece" in g.get("class", "")
    }


def parse_html_svg(markup: str) -> ET.Element:
    """The app's bed: the ``<svg class="boop-bed">`` in the board's markup, parsed as XML."""
    start = markup.rindex("<svg ", 0, markup.index('class="boop-bed'))
    end = markup.index("</svg>", start) + len("</svg>")
    return ET.fromstring(markup[start:end].replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))


def test_the_svg_command_prints_valid_standalone_svg_of_the_position_after_the_moves():
    done = run_cli("start", "--moves", *MOVES)
    assert done.returncode == 0, done.stderr
    root = ET.fromstring(done.stdout)  # a parse error fails the test
    assert root.tag == f"{SVG}svg" and root.get("viewBox") and root.get("width")
    assert root.find(f"{SVG}style") is not None and root.find(f"{SVG}title") is not None
    drawn = {(cell, cls) for cell, cls, _ in pieces(root)}
    # Orange k@c3; purple k@d4 boops c3 to b2; orange k@c3 again boops b2 to a1 and d4 to e5 (BP-3).
    assert drawn == {
        ("a1", "piece orange kitten"),
        ("c3", "piece orange kitten"),
        ("e5", "piece purple kitten"),
    }
    assert any("ghost purple" in (g.get("class") or "") for g in root.iter())


def test_the_figure_draws_the_same_bed_as_the_app_for_the_same_moment():
    match = Match.new(GAME, 2, {"first": "orange"}, 1, {"seats": [HUMAN, HUMAN]})
    for move in MOVES:
        match.play(GAME.to_act(match.state)[0], move)
    session = LocalSession.resume(GAME, match.record, {})
    for step in range(len(MOVES) + 1):
        state = session.match.state_at(step)
        ctx = BoardContext(session=session, t=t, state=state, viewer=0, replay=step, animate=False)
        app = parse_html_svg(board.render(ctx))
        done = run_cli(encode_link(match.record), "--step", str(step)) if step in (0, 5) else None
        drawn = diagram.figure(diagram.load("boop", encode_link(match.record)), step)
        figure = ET.fromstring(done.stdout if done else drawn)
        bed = next(e for e in figure.iter(f"{SVG}svg") if "boop-bed" in (e.get("class") or ""))
        assert pieces(bed) == pieces(app) and len(pieces(app)) == len(GAME.info(state)["pieces"])
        assert cells(bed) == cells(app) and len(cells(app)) == 36
        assert ghosts(bed) == ghosts(app)


def cells(root: ET.Element) -> list[tuple[str, dict[str, str]]]:
    return [
        (g.get("id", ""), dict(g.find(f"{SVG}rect").attrib))
        for g in root.iter(f"{SVG}g")
        if g.get("id", "").startswith("cell-")
    ]


def ghosts(root: ET.Element) -> set[tuple[str, str]]:
    return {
        (g.get("class", ""), g.get("transform", ""))
        for g in root.iter()
        if "ghost" in g.get("class", "").split()
    }


def test_the_figure_speaks_the_chosen_language_and_turns_for_the_purple_side():
    ru = ET.fromstring(run_cli(POSITION, "--lang", "ru").stdout)
    assert ru.find(f"{SVG}title").text == "Позиция boop.: ходят Фиолетовые"
    normal = {c: tr for c, _, tr in pieces(ET.fromstring(run_cli(POSITION).stdout))}
    turned = {c: tr for c, _, tr in pieces(ET.fromstring(run_cli(POSITION, "--seat", "1").stdout))}
    assert (
        normal["b2"] == "translate(220,520)"
        and turned["b2"] == f"translate({board.VIEW - 220},{board.VIEW - 520})"
    )


@pytest.mark.parametrize(
    ("args", "reason"),
    [(["start", "--moves", "k@c3", "k@c3"], "move 2 (k@c3) is not legal"),
     (["6/6/6 1k0c/0k0c 8/8 -/- o place"], "not a position"),
     (["start", "--step", "3"], "step 3 is not between 0 and 0")],
)  # fmt: skip
def test_a_bad_position_move_or_step_is_refused_with_a_clear_reason(args, reason):
    done = run_cli(*args)
    assert done.returncode == 2 and done.stdout == "" and reason in done.stderr


def played(game_id: str, moves: int, players: int) -> tuple[object, str]:
    """A match of ``game_id`` after ``moves`` moves chosen by a seeded die (tiles placed where it can)."""
    import random

    from parlour import games

    game = games.load(game_id)
    match = Match.new(game, players, None, 5)
    rng = random.Random(3)
    for _ in range(moves):
        acting = game.to_act(match.state)
        if not acting:
            break
        legal = list(game.legal_moves(match.state, acting[0]))
        places = [m for m in legal if getattr(m, "kind", "") == "place"]
        match.play(acting[0], rng.choice(places or legal))
    return match, encode_link(match.record)


def drawn_svgs(root: ET.Element, klass: str) -> list[list[tuple[str, tuple[tuple[str, str], ...]]]]:
    """Every ``<svg>`` of class ``klass``: its elements in order, with their attributes."""
    found = []
    for svg in root.iter(f"{SVG}svg"):
        if klass in (svg.get("class") or "").split():
            found.append(
                [
                    (e.tag, tuple(sorted(e.attrib.items())))
                    for e in svg.iter()
                    if e is not svg and e.get("fill") != "#9cc28a"  # the figure's grass under a field
                ]
            )
    return found


@pytest.mark.parametrize(
    ("game_id", "klass", "moves", "players"),
    [
        ("boo", "boo-castle", 6, 2),
        ("wooly-bully", "wb-field", 30, 3),
        ("ghosts-galore", "gg-train-svg", 14, 3),
    ],
)
def test_every_board_has_a_valid_figure_drawn_like_its_board_and_from_no_seats_view(
    game_id, klass, moves, players
):
    match, link = played(game_id, moves, players)
    env = {"PYTHONPATH": str(ROOT / "pysrc"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "parlour", game_id, "svg", link, "--lang", "uk", "--caption", "Приклад"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    figure = ET.fromstring(done.stdout)  # valid XML, a standalone document
    assert figure.tag == f"{SVG}svg" and figure.find(f"{SVG}style") is not None
    assert figure.findall(f"{SVG}text")[-1].text == "Приклад"
    # The app's board at the same moment, seen by no seat (a spectator): the same drawing.
    from parlour import games
    from parlour.web import boards

    game = games.load(game_id)
    session = LocalSession.resume(game, match.record, {})
    uk = lambda key, **p: translate("uk", key, **p)  # noqa: E731
    ctx = BoardContext(session=session, t=uk, state=session.state, viewer=None, replay=1, animate=False)
    board = boards.board(game_id)
    panels = "".join(body for _, _, body in getattr(board, "side_panels", lambda c: [])(ctx))  # other trains
    app = ET.fromstring(f'<div xmlns="{SVG[1:-1]}">' + board.render(ctx) + panels + "</div>")
    expected = sorted(map(str, drawn_svgs(app, klass)))
    assert expected and sorted(map(str, drawn_svgs(figure, klass))) == expected
    if game_id == "wooly-bully":  # a figure never shows a hand: the field alone
        assert 'class="hand-tile' not in done.stdout and "wb-hand" not in done.stdout
