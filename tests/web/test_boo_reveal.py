"""Boo!'s end-of-search reveal drawn on the castle (BO-17, BO-D3; issue #11, decision 0069): each
seat's shortest route in the claim's style, in a lane of its own, named; animated once with the
match screen's timing; kept drawn while the next search starts, until a "Booo!", the next
visitor or a player hides it; the same on one device and at a network table."""

from __future__ import annotations

import re
from dataclasses import replace

from parlour.engine import Event
from parlour.games.boo import BOTS, GAME, BooMove
from parlour.games.boo.castle import COLOURS, cell_name, parse_cell
from parlour.games.boo.solver import shortest_route
from parlour.i18n import translate
from parlour.web.boards import boo as board
from parlour.web.boards import boo_svg as svg
from parlour.web.context import BoardContext, timing
from parlour.web.session import LocalSession, Seat


def session(players: int = 3, seed: str = "reveal") -> LocalSession:
    return LocalSession.new(GAME, [Seat("human")] * players, BOTS, {}, seed)


def ctx_of(s: LocalSession, state, events, ui: dict, lang: str = "en", **more) -> BoardContext:
    return BoardContext(
        session=s,
        t=lambda k, **p: translate(lang, k, **p),
        state=state,
        viewer=0,
        events=events,
        ui=ui,
        **more,
    )


def hands_end_the_search(s: LocalSession, markers: tuple[int, ...]):
    """Seats 0 and 1 of 3 raise a hand with wall markers as given (seat 0 red, seat 2 blue...):
    the state before, the state after and the last hand's events (the reveal among them)."""
    before = replace(s.state, markers=markers)
    mid, _ = GAME.apply(before, 0, BooMove("hand", 10))
    after, events = GAME.apply(mid, 1, BooMove("hand", 20))
    assert any(e.kind == "visitor-discarded" for e in events)
    return before, after, events


def drawn_rooms(group: str, start: str) -> list[str]:
    """The cells a drawn route passes, in order, read back from its segments' ends (a line's
    ``x2,y2``, a secret passage's arc's last point); ``start`` first."""
    ends = re.findall(r'<line [^>]*x2="(\d+)" y2="(\d+)"|<path d="M[^"]* (\d+),(\d+)"', group)
    cells = [start]
    for lx, ly, px, py in ends:
        x, y = int(lx or px), int(ly or py)
        cells.append(cell_name(((x - svg.MARGIN) // svg.CELL, (y - svg.MARGIN) // svg.CELL)))
    return cells


def groups_of(html: str) -> dict[str, str]:
    """Each drawn route group's markup by its id: its route, then its badge."""
    parts = re.split(r'(?=<g class="reveal r\d)', html)
    return {re.search(r'id="(boo-revealed-\d)"', p).group(1): p.split("</g></g></g>")[0] for p in parts[1:]}


def test_bo_d3_each_seats_shortest_route_is_drawn_with_its_rooms_in_order_and_named():
    s = session()
    # Seat 0 holds red, seat 2 blue: three seats, up to three different shortest routes.
    markers = (-1, 0, 2, -1, -1, -1)
    before, after, events = hands_end_the_search(s, markers)
    routes = [shortest_route(before.problem(p)) for p in range(3)]
    assert all(r is not None for r in routes)
    ui: dict = {}
    html = board.render(ctx_of(s, after, events, ui))
    start = cell_name(before.ghost)
    groups = groups_of(html)
    distinct = list(dict.fromkeys(r.to_json()["steps"].__repr__() + str(r.colour) for r in routes))
    assert len(groups) == len(distinct) >= 2, "seats with other wall markers get routes of their own"
    seen: set[int] = set()
    for k, group in enumerate(groups.values()):
        seats = [int(x) for x in re.search(r'data-seats="([\d,]+)"', group).group(1).split(",")]
        seen.update(seats)
        route = routes[seats[0]]
        assert all(routes[p] == route for p in seats)
        rooms = [cell_name(step.cell) for step in route.steps if hasattr(step, "cell")]
        assert drawn_rooms(group.split('class="badge')[0], start) == [start, *rooms], (
            "the route's rooms, in order, from the ghost"
        )
        label = re.search(r'aria-label="([^"]*)"', group).group(1)
        for p in seats:
            words = f"Player {p + 1}: {len(rooms)} step{'s' if len(rooms) != 1 else ''}, starting in {COLOURS[route.colour]}"
            assert words in label, (words, label)
        assert f'class="reveal r{k}"' in group and 'role="img"' in group
        assert f">{'·'.join(str(p + 1) for p in seats)}</text>" in group, "its seats' badge"
        assert f'stroke-dasharray="{svg.DASHES[k]}"' in group, "a dash pattern of its own"
        assert "anim-appear" in group and "--delay:0ms" in group, "drawn step by step"
        # Each segment is drawn in the colour of the walls it crosses (the claim's style).
        assert f'stroke="{svg.HEX[route.colour]}"' in group
    assert seen == {0, 1, 2}
    # Lanes: the groups are drawn apart, and the words list each seat beside its lane.
    shifts = re.findall(r'class="reveal r\d"[^>]*transform="translate\((-?\d+),', html)
    assert len(set(shifts)) == len(groups)
    panel = re.search(r'<div class="boo-reveal".*?</div>', html, re.S).group(0)
    assert panel.count("<li>") == 3 and 'id="boo-hide"' in panel and "Hide the routes" in panel


def test_the_reveal_animates_with_the_match_screens_timing_and_not_at_all_with_motion_off():
    s = session()
    before, after, events = hands_end_the_search(s, (-1,) * 6)
    route = shortest_route(before.problem(0))
    n = len(route.steps)
    html = board.render(ctx_of(s, after, events, {}, speed=0.5))
    clock = timing(n, 0.5)
    assert f"--delay:{(n - 1) * clock.gap}ms;--dur:{clock.dur}ms" in html
    # The ghost sets off once the routes are drawn.
    assert f"--delay:{clock.gap * (n - 1) + clock.dur}ms" in re.search(r'id="boo-ghost".*?</g>', html).group(
        0
    )
    still = board.render(ctx_of(s, after, events, {}, animate=False))
    assert 'id="boo-revealed-0"' in still and "anim-appear" not in still and "--delay" not in still
    assert "no-anim" in still


def test_the_reveal_stays_drawn_through_hands_until_a_booo_the_next_visitor_or_hide():
    s = session()
    _before, after, events = hands_end_the_search(s, (-1,) * 6)
    ui: dict = {}
    board.render(ctx_of(s, after, events, ui))
    # A redraw with no new ply (a clock tick, a colour picker opened): still drawn, not animated again.
    again = board.render(ctx_of(s, after, [], ui))
    assert 'id="boo-revealed-0"' in again and "anim-appear" not in again and 'id="boo-reveal"' in again
    # A hand for the next visitor changes nothing on the castle: the routes stay.
    raised, hand = GAME.apply(after, 2, BooMove("hand", 30))
    assert 'id="boo-revealed-0"' in board.render(ctx_of(s, raised, hand, ui))
    # "Booo!": the claimant traces on the castle, the routes go (and do not come back).
    called, booo = GAME.apply(raised, 0, BooMove("booo", 40, colour=0))
    assert 'id="boo-revealed-0"' not in board.render(ctx_of(s, called, booo, ui))
    assert "shown" not in ui and 'id="boo-revealed-0"' not in board.render(ctx_of(s, called, [], ui))
    # The next visitor (another round), without any event seen: gone too.
    board.render(ctx_of(s, after, events, ui))
    later = replace(after, round=after.round + 1)
    assert 'id="boo-reveal"' not in board.render(ctx_of(s, later, [], ui))
    # "Hide the routes": gone, and focus goes to the castle's keyboard cursor.
    board.render(ctx_of(s, after, events, ui))
    assert board.act(ctx_of(s, after, [], ui), "boo-hide", "") is None
    assert ui["focus"] == f"cell-{cell_name(after.ghost)}"
    assert 'id="boo-revealed-0"' not in board.render(ctx_of(s, after, [], ui))
    # A moment of the log shows its own reveal, and keeps nothing for the live table.
    past: dict = {}
    shown = board.render(ctx_of(s, after, events, past, replay=2))
    assert 'id="boo-revealed-0"' in shown and 'id="boo-hide"' not in shown and "shown" not in past


def test_a_right_claim_stays_drawn_and_a_wrong_one_only_while_it_is_news():
    s = session(2, seed="keys")
    route = shortest_route(s.state.problem(1))
    assert route is not None
    ui: dict = {}
    events = s.play(1, BooMove("claim", 1_000, route))
    assert events[0].kind == "claim"
    first = board.render(ctx_of(s, s.state, events, ui))
    assert 'class="seg claimed anim-appear"' in first
    assert 'class="seg claimed"' in board.render(ctx_of(s, s.state, [], ui)), (
        "kept: the next visitor came at once"
    )
    wrong = [
        Event(
            "claim-wrong",
            {"player": 0, "route": route.to_json(), "code": "boo.route.not-shown", "rule": "", "params": {}},
        )
    ]
    assert "seg wrong" in board.render(ctx_of(s, s.state, wrong, ui)) and "shown" not in ui


def test_russian_reveal_words_and_the_hide_button():
    s = session()
    _before, after, events = hands_end_the_search(s, (-1,) * 6)
    html = board.render(ctx_of(s, after, events, {}, lang="ru"))
    assert "Скрыть маршруты" in html and "начальный цвет" in html
    # Over the castle in the page's order (right after the prompt): a phone shows it there, with
    # each seat's count short beside its lane (the whole words are still read out).
    assert html.index('id="boo-prompt"') < html.index('id="boo-reveal"') < html.index("boo-castle")
    shorts = re.findall(r'<span class="short" aria-hidden="true">([^<]+)</span>', html)
    reveal = next(e.data["reveal"] for e in events if "reveal" in e.data)
    counts = [len([x for x in r["steps"] if not x.startswith("!")]) for r in reveal if r]
    assert shorts and len(shorts) == len(counts)
    for short, count in zip(shorts, counts, strict=True):
        assert short == translate("ru", "boo.reveal.steps", count=count)
    assert translate("ru", "boo.reveal.steps", count=5) == "5 шагов"
    assert translate("uk", "boo.reveal.steps", count=3) == "3 кроки"
    assert translate("ru", "boo.reveal.steps", count=21) == "21 шаг"


def test_a_guest_page_with_animation_off_still_gets_the_reveal_and_keeps_it(monkeypatch):
    """Across devices: the reveal is in the ply's events, which a page with animation off is given
    too (drawn still); it stays on the guest's page through the next hand, and goes with a Booo!."""
    from web.test_boo_board import boo_net_table

    _clock, host, anna = boo_net_table(monkeypatch)
    anna.settings = anna.settings.with_(animations="off")
    host.net.board_act("boo-hand", "0")
    anna.net.board_act("boo-hand", "1")
    anna.net.rtc.wire.run()
    anna.render()
    screen = anna.screens[-1]
    match = host.net.host.match  # the table's seed is drawn fairly at random: any castle
    reveal = next(e for e in match.events[-1] if e.kind == "visitor-discarded").data["reveal"]
    assert ('id="boo-revealed-0"' in screen) == any(reveal), "each route found is drawn"
    assert screen.count(": no route</li>") == reveal.count(None)
    assert 'id="boo-reveal"' in screen and "anim-appear" not in screen
    host.net.board_act("boo-hand", "0")  # the next visitor: a hand changes nothing on the castle
    anna.net.rtc.wire.run()
    anna.render()
    assert 'id="boo-reveal"' in anna.screens[-1]
    host.net.board_act("boo-booo", "0")
    host.net.board_act("boo-colour", "0:red")
    anna.net.rtc.wire.run()
    anna.render()
    assert 'id="boo-reveal"' not in anna.screens[-1]


def test_cells_are_parsed_back_by_the_helper():
    """The test's own reader of drawn segments: a known route comes back as its rooms."""
    start = "e5"
    html = svg.route_path(start, "red", ["e4", "!blue", "f4", "*c3"], None, "x")
    assert drawn_rooms(html, start) == ["e5", "e4", "f4", "c3"]
    assert parse_cell("c3") == (2, 2)


def test_on_one_device_the_page_keeps_the_reveal_through_hands_and_a_picker_until_booo():
    """The app's own redraws (regions, as the browser's page has them): the reveal stays on the
    page after the next ply when that ply is a hand, and while a colour picker is open."""
    from tests.web.test_regions import boo_hot_seat

    # A fixed castle: a start's seed is the clock, and about 1 castle in 100 has no route for
    # anyone to the first visitor (the reveal is then words alone: "no route" for each seat).
    dom, _app, session = boo_hot_seat(3)
    dom.timers.clear()
    dom.click("boo-hand", "0")
    dom.click("boo-hand", "1")
    reveal = next(e for e in session.match.events[-1] if e.kind == "visitor-discarded").data["reveal"]
    assert any(reveal), "the fixed castle has a route to the first visitor"
    assert 'id="boo-reveal"' in dom.html and 'class="reveal r0"' in dom.html
    dom.click("boo-hand", "2")  # the next visitor's first hand
    dom.click("boo-booo", "1")  # a colour picker opens: no ply
    assert 'class="reveal r0"' in dom.html and 'id="boo-colour-1-red"' in dom.html
    dom.click("boo-colour", "1:red")
    assert 'class="reveal r0"' not in dom.html and 'id="boo-reveal"' not in dom.html
