"""The Boo! board and real-time play on one device, on CPython: what is drawn, tracing a route by
keyboard and by taps, the device's clock, bots acting at their planned times, the trace deadline."""

from __future__ import annotations

import re
from pathlib import Path

from parlour.games.boo import BOTS, GAME
from parlour.games.boo.castle import COLOURS, build_castle, cell_name
from parlour.games.boo.solver import shortest_route
from parlour.i18n import translate
from parlour.web import boards
from parlour.web.boards import boo as board
from parlour.web.boards import boo_svg as svg
from parlour.web.context import BoardContext
from parlour.web.match_log import event_line
from parlour.web.session import LocalSession, Seat


def t(key: str, **params) -> str:
    return translate("en", key, **params)


def session(*players: str, seed: str = "board") -> LocalSession:
    return LocalSession.new(GAME, [Seat(p) for p in players], BOTS, {}, seed)


def ctx_of(s: LocalSession, ui: dict | None = None, events=None, lang: str = "en") -> BoardContext:
    return BoardContext(
        session=s,
        t=lambda k, **p: translate(lang, k, **p),
        state=s.state,
        viewer=0,
        events=events or [],
        ui={} if ui is None else ui,
    )


def test_the_picker_lists_boo_as_playable():
    assert boards.playable("boo") and boards.board("boo") is board


def test_the_castle_shows_walls_with_a_mark_per_colour_tokens_ghost_visitor_and_the_periphery():
    """BO-1, BO-2, BO-4, BO-7."""
    s = session("human", "human")
    html = board.render(ctx_of(s))
    assert len(re.findall(r'role="gridcell"', html)) == 81 and html.count('role="row"') == 9
    # Each colour's walls are one path of bars, one of discs and one of marks, a subpath a wall.
    sides = build_castle(s.state.arrangement).sides.values()
    for i, colour in enumerate(COLOURS):  # colour-blind players: every colour has its own mark
        bars = re.search(rf'<path class="wall w-{colour}" fill="{svg.HEX[i]}" d="([^"]+)"', html)
        marks = re.search(rf'<path class="mark m-{colour}"[^>]* d="([^"]+)"', html)
        assert bars and marks, colour
        walls = sum(1 for c in sides if c == i)
        assert bars[1].count("M") == walls > 5 and marks[1].count("M") == walls
        assert marks[1].split("M")[1].split("m", 1)[1] == svg.MARK_PATHS[i].lstrip("m")
        assert f'id="boo-mark-{colour}"' in html  # the colour chips' marks
    assert len(set(svg.MARK_PATHS)) == 6
    state = s.state
    assert html.count('class="trapdoor"') == len(state.trapdoors) and html.count('class="transition"') == len(
        state.transitions
    )
    assert f'data-ghost="{cell_name(state.ghost)}"' in html and "Visitor 1, in room" in html
    assert html.count('class="arms ') == 12 and html.count('class="portrait ') == 12
    assert "8 visitors left in the stack" in html  # 2 players: visitors 1-9, the first one placed
    # Every person at the device has a zone with a hand and a Booo! button that act on touch.
    for seat in (0, 1):
        assert f'id="boo-booo-{seat}"' in html and f'id="boo-hand-{seat}"' in html
    assert 'data-action="boo-booo" data-arg="0" data-press="1"' in html


def test_the_castle_edges_show_the_notation_and_every_cell_is_named_by_it():
    """Newcomer play-test 2, item 3: the log's "room g3" can be found on the board (a1 is the top-left
    room by the white tower, docs/rules/boo.md); a screen reader hears cells, not shield initials."""
    html = board.render(ctx_of(session("human", "human")))
    letters = re.findall(r'class="coord col">(\w)<', html)
    numbers = re.findall(r'class="coord row">(\d)<', html)
    assert letters == list("abcdefghi") and numbers == [str(n) for n in range(1, 10)]
    # "g" sits over column 7 (x = 6) and "3" beside row 3 (y = 2), where the cell g3 is.
    gx = float(re.search(r'<text x="([\d.]+)"[^>]*class="coord col">g<', html)[1])
    ry = float(re.search(r'<text x="[\d.]+" y="([\d.]+)"[^>]*class="coord row">3<', html)[1])
    x, y = svg.origin((6, 2))
    assert x < gx <= x + svg.CELL and y < ry <= y + svg.CELL and cell_name((6, 2)) == "g3"
    assert re.search(r'id="cell-g3"[^>]*aria-label="room g3', html)
    assert re.search(r'id="cell-e5"[^>]*aria-label="corridor e5', html)
    assert 'class="coords" aria-hidden="true"' in html
    assert len(re.findall(r'class="(?:arms|portrait) [^"]*"[^>]*aria-hidden="true"', html)) == 24
    # A castle drawn small (an embed) has no room for them.
    assert "coord" not in board.castle_svg(ctx_of(session("human", "human"), ui={"compact": True}), None)


def test_russian_and_ukrainian_boards_use_their_own_words():
    s = session("human", "human")
    for lang, word in (("ru", "Бу-у-у!"), ("uk", "Бу-у-у!")):
        html = board.render(ctx_of(s, lang=lang))
        assert word in html and "Booo!" not in html


def play_json(s: LocalSession, answer, now: int):
    seat, move = answer
    return s.play_at(seat, move, now)


def test_bo13_booo_then_colour_then_trace_by_keyboard_scares_the_visitor():
    """BO-13, BO-14: Booo!, the starting colour, arrows from the ghost; arrival shows the route."""
    s = session("human", "human", seed="keys")
    route = shortest_route(s.state.problem(1))
    assert route is not None and route.jumps == 0 and route.changes == 0
    ui: dict = {}
    assert board.act(ctx_of(s, ui), "boo-booo", "1") is None and ui["picking"] == [1]
    events = play_json(s, board.act(ctx_of(s, ui), "boo-colour", f"1:{COLOURS[route.colour]}"), 1_000)
    assert events[0].kind == "booo" and s.state.claimant == 1
    html = board.render(ctx_of(s, ui))
    assert 'id="boo-show"' in html and 'data-drag="1"' in html and "Route in" in html
    here = s.state.ghost
    answer = None
    for step in route.steps:
        dx, dy = step.cell[0] - here[0], step.cell[1] - here[1]
        key = {(1, 0): "ArrowRight", (-1, 0): "ArrowLeft", (0, 1): "ArrowDown", (0, -1): "ArrowUp"}[(dx, dy)]
        answer = board.act(ctx_of(s, ui), "key", key)
        here = step.cell
    assert answer is not None and answer[0] == 1
    assert answer[1]["route"] == {"colour": COLOURS[route.colour], "steps": route.to_json()["steps"]}
    events = play_json(s, answer, 4_000)
    assert [e.kind for e in events][:2] == ["claim", "ghost-moved"] and s.state.captured[1] == (1,)
    assert s.match.plies[-1].t == s.state.now and s.state.now >= 3_000


def test_by_keyboard_booo_moves_focus_to_the_first_colour_and_cancel_back_to_booo():
    """The pressed button is gone from the redrawn zone: focus must not fall to the page's body."""
    s = session("human", "human", seed="keys")
    ui: dict = {}
    assert board.act(ctx_of(s, ui), "boo-booo", "1") is None
    html = board.render(ctx_of(s, ui))
    assert ui["focus"] == f"boo-colour-1-{COLOURS[0]}" and f'id="{ui["focus"]}"' in html
    assert board.act(ctx_of(s, ui), "boo-cancel", "1") is None
    html = board.render(ctx_of(s, ui))
    assert ui["focus"] == "boo-booo-1" and 'id="boo-booo-1"' in html


def test_tracing_taps_escape_and_enter():
    s = session("human", "human", seed="taps")
    route = shortest_route(s.state.problem(0))
    assert route is not None
    ui: dict = {}
    play_json(s, board.act(ctx_of(s, ui), "boo-colour", f"0:{COLOURS[route.colour]}"), 10)
    first = cell_name(route.steps[0].cell)
    assert board.act(ctx_of(s, ui), "cell", first) is None and ui["trace"]["steps"] == [first]
    assert board.act(ctx_of(s, ui), "cell", "a1") is None and ui["trace"]["steps"] == [
        first
    ]  # not a neighbour
    # A step redraws only the route, the rows of the cells it changed (the ghost's, the first
    # step's) and the claimant's zone: the same markup as a whole render.
    parts = board.patch(ctx_of(s, ui, None))
    html = board.render(ctx_of(s, ui))
    rows = {f"boo-row-{y}" for y in {s.state.ghost[1], route.steps[0].cell[1]}}
    assert set(parts) == {"boo-traced", "boo-zone-0", *rows}
    assert all(markup in html for markup in parts.values()) and "on-route" in "".join(parts.values())
    assert set(board.patch(ctx_of(s, ui, None)) or {}) == {
        "boo-traced",
        "boo-cells",
        "boo-zone-0",
    }  # not known: all
    assert board.patch(ctx_of(session("human", "human"), {})) is None  # nobody traces: redraw all
    board.act(ctx_of(s, ui), "key", "Escape")
    assert ui["trace"]["steps"] == []
    board.act(ctx_of(s, ui), "cell", first)
    seat, move = board.act(ctx_of(s, ui), "key", "Enter")  # shown too early: a wrong claim, said in words
    events = s.play_at(seat, move, 500)
    assert events[0].kind == "claim-wrong" and events[0].data["code"] == "boo.route.not-at-visitor"
    html = board.render(ctx_of(s, {}, events))
    assert "route is wrong. The route ends in" in html and 'href="#/boo/rules?rule=BO-9"' in html
    assert "(BO-9)" not in html
    ctx = ctx_of(s)
    words = [event_line(ctx.t, board, ctx, e) for e in events]  # the log's lines, the embed's captions
    assert "Player 1's route is wrong. The route ends in" in words[0]
    assert words[1] == "The search starts again for everyone."
    log = s.log()[-1]
    assert log.notation.startswith(COLOURS[route.colour] + " " + first) and "@0.5s" in log.notation


def test_the_device_clock_continues_from_the_last_action_and_bots_act_at_their_planned_time():
    """BO-D4: bots decide from their own view and act when the clock reaches their plan."""
    s = session("human", "hard", "hard", "hard", "hard", "hard", seed="clock")
    start = 1_000_000
    assert s.clock(start) == 0 and s.clock(start + 700) == 700
    plans = s.plans()
    assert plans and all(not s.seats[0].is_ai or seat != 0 for _, seat, _ in plans)
    first_t = plans[0][0]
    assert s.next_due(start) == start + first_t
    assert s.run_due(start + first_t - 1) == []
    played = s.run_due(start + first_t)
    assert len(played) == 1 and s.match.plies[-1].t == first_t
    s.pause_clock()  # the page left the match: time away does not count
    assert s.clock(start + 10**7) == s.state.now
    now = start + 10**7
    for _ in range(3000):  # to the end, at a human pace: every action at its planned time
        due = s.next_due(now)
        if due is None:
            break
        now = due
        s.run_due(now)
    assert s.outcome() is not None
    times = [p.t for p in s.match.plies]
    assert times == sorted(times) and times[-1] > 60_000


def test_bo16_the_trace_deadline_is_played_by_the_device_clock():
    """BO-16, BO-D1."""
    s = session("human", "easy", seed="deadline")
    s.clock(0)
    s.play_at(0, {"k": "booo", "t": 0, "c": "white", "v": 1}, 2_000)
    deadline = s.state.deadline
    assert deadline == 2_000 + s.state.trace_ms and s.next_due(2_000) == deadline
    assert s.run_due(deadline - 1) == []
    ((seat, _move, events),) = s.run_due(deadline)
    assert seat == 0 and events[0].data["code"] == "boo.route.not-shown"


def test_a_guest_page_draws_the_castle_and_its_booo_reaches_the_host():
    """BO-D1 across devices: the guest's board acts for the guest's seat only; the host stamps time."""
    from helpers.tables import sit_down
    from parlour.net import GuestSession, HostSession
    from parlour.web.netview import NetBoardContext, Table, board_markup, view_state

    host = HostSession(GAME, BOTS, entropy="n", name="Hanna", players=2, now=5_000)
    anna = GuestSession(entropy="a", name="Anna", seat=1)
    net = sit_down(host, [anna], now=5_000)
    view = Table(anna.lobby, anna.table, anna.seat, anna.log)
    ui: dict = {}
    html = board_markup(t, GAME, view, ui, animate=False)
    assert 'id="boo-booo-1"' in html and 'id="boo-booo-0"' not in html and "Anna" in html
    state = view_state(GAME, anna.table["view"])
    ctx = NetBoardContext(session=None, t=t, state=state, viewer=1, ui=ui, net_game=GAME, live=True)  # type: ignore[arg-type]
    assert board.act(ctx, "boo-booo", "0") is None  # not this page's seat
    seat, move = board.act(ctx, "boo-colour", "1:blue")
    assert seat == 1
    net.advance(1_234)
    net.guest_out(anna, anna.move(move))
    net.run()
    assert host.match.state.claimant == 1 and host.match.plies[-1].t == 1_234


def boo_net_table(monkeypatch) -> tuple[list[int], object, object]:
    """A host's page and a guest's (Anna, seat 1) playing Boo! over in-memory channels; the list
    holds the pages' clock (epoch ms), to move time on."""
    from parlour.web import netview
    from web.test_netplay import FakeApp, Wire, join

    clock = [1_000_000]
    monkeypatch.setattr(netview, "now_ms", lambda: clock[0])  # the one clock of every network part
    wire = Wire()
    host, anna = FakeApp(wire), FakeApp(wire)
    host.net.open_host("boo")
    join(wire, host, anna, "Anna")
    anna.net.on_action("net-ready", "1", "")
    wire.run()
    host.net.on_action("net-start", "", "")
    wire.run()
    return clock, host, anna


def booo_button(screen: str, seat: int) -> str:
    return re.search(rf'<button[^>]*id="boo-booo-{seat}"[^>]*>', screen).group(0)


def test_bo13_a_colour_picker_left_open_closes_when_another_booo_is_heard_first(monkeypatch):
    """BO-13 across devices: Anna's picker is open when the host's "Booo!" is heard first; when the
    search starts again her page offers "Booo!" afresh, not the old picker (one touch = a claim)."""
    clock, host, anna = boo_net_table(monkeypatch)
    anna.net.board_act("boo-booo", "1")
    anna.render()
    assert 'id="boo-colour-1-red"' in anna.screens[-1]
    host.net.board_act("boo-booo", "0")
    host.net.board_act("boo-colour", "0:red")
    anna.net.rtc.wire.run()
    clock[0] += 1_000
    host.net.board_act("boo-show", "0")  # a wrong claim: the search starts again
    anna.net.rtc.wire.run()
    assert host.net.host.match.state.claimant is None
    assert 'id="boo-colour-1-red"' not in anna.screens[-1]
    assert "disabled" not in booo_button(anna.screens[-1], 1)


def test_bo_d2_a_guest_page_greys_its_booo_during_its_lock_out_and_brings_it_back(monkeypatch):
    """BO-D2 across devices: the guest's page counts the host's match clock on from its views, so
    after a wrong claim its "Booo!" is disabled with the time left, and comes back by itself."""
    clock, host, anna = boo_net_table(monkeypatch)
    wire = anna.net.rtc.wire
    anna.net.board_act("boo-booo", "1")
    anna.net.board_act("boo-colour", "1:red")
    wire.run()
    clock[0] += 2_000
    anna.net.board_act("boo-show", "1")  # nothing traced: a wrong claim
    wire.run()
    assert host.net.host.match.state.locked_until[1] == 2_000 + 5_000
    clock[0] += 1_200
    anna.render()
    button = booo_button(anna.screens[-1], 1)
    assert "disabled" in button and 'title="4 seconds left"' in button
    assert 'class="lock" style="animation-duration:3800ms"' in anna.screens[-1]
    assert anna.dom.timers, "a redraw is set for the end of the lock-out"
    clock[0] += 3_800
    anna.run_timers()
    assert "disabled" not in booo_button(anna.screens[-1], 1)


def test_the_castle_walls_are_a_kept_layer_that_a_page_does_not_draw_twice():
    """The castle's static layer is whole in the markup, and left out of the next screen's markup
    when the same layer is on the page already (the page keeps its drawn walls: tap → redraw)."""
    from parlour.web.markup import reuse_kept

    s = session("human", "human")
    html = board.render(ctx_of(s))
    assert html.count('class="wall w-') == 6 and "<!--keep:boo-castle-layer:" in html
    first, reused, shown = reuse_kept(html, set())
    assert first == html and reused == [] and len(shown) == 1
    again, reused, _ = reuse_kept(board.render(ctx_of(s)), shown)
    assert reused == ["boo-castle-layer"] and 'class="wall ' not in again and "svg.boo-castle" not in again
    other = session("human", "human", seed="another castle")
    _, reused, _ = reuse_kept(board.render(ctx_of(other)), shown)
    assert reused == []  # another castle: drawn afresh


def test_ru_uk_colour_names_are_never_left_undeclined_after_a_noun():
    """Newcomer play-test 2: "начиная с цвета красный". The colour words are nominative, so a
    sentence gives them on their own ("первый цвет — красный"), never after "цвета"/"цветом"."""
    import json
    from pathlib import Path

    for lang in ("ru", "uk"):
        path = Path(board.__file__).parents[2] / "games" / "boo" / "i18n" / f"{lang}.json"
        text = json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False)
        assert not re.search(r"(цвет\w*|кольор\w*|колір) \{colour\}", text), lang


def test_a_moment_of_the_log_does_not_ask_to_search_on_the_board():
    """Newcomer play-test 2, item 4: while a log entry is shown the prompt does not urge a search;
    the turn region says which moment it is and has "Back to the game" (play.turn_region)."""
    s = session("human", "human")
    ctx = ctx_of(s)
    words = board.esc(t("boo.prompt.search", visitor=1))
    assert words in board.render(ctx)
    ctx.replay = 1
    assert words not in board.render(ctx)


def test_on_a_phone_the_castle_fills_the_width_and_no_column_is_cut_off():
    """The phone rule's crop window (app.css) holds the whole stone rim: column i and row 9 are not cut."""
    from pathlib import Path

    css = (Path(__file__).parents[2] / "web" / "assets" / "app.css").read_text()
    rule = re.search(
        r"\.boo-castle \{ flex: none; width: calc\(100% \* (\d+) / (\d+)\);"
        r".*?margin-left: calc\(-100% \* (\d+) / (\d+)\)",
        css,
    )
    assert rule, "the phone rule for the castle is gone"
    view, shown, left, shown_again = map(int, rule.groups())
    assert view == svg.VIEW and shown == shown_again
    rim = (svg.MARGIN - 10, svg.MARGIN + svg.SIZE * svg.CELL + 10)
    assert left <= rim[0] and rim[1] <= left + shown, "the crop cuts the castle's rim"
    assert shown <= rim[1] - rim[0] + 8, "the castle does not take the phone's width"


def test_a_visitor_taken_redraws_its_marks_but_never_the_special_tokens():
    """Issue #11 (no task over 50 ms with 5 bots): when a claim takes the visitor, the new visitor's
    marks are drawn again, the special tokens (there all match long) are left on the page."""
    from parlour.web.redraw import changes

    s = session("human", "human", "human")
    before = board.render(ctx_of(s))
    state = s.state
    seat = next(p for p in range(3) if shortest_route(state.problem(p)))
    route = shortest_route(state.problem(seat))
    events = s.play_at(seat, {"k": "claim", "route": route.to_json(), "v": state.visitor}, 1000)
    after = board.render(ctx_of(s, events=events))
    redrawn = changes(before, after)
    assert redrawn is not None
    marks = [c for c in redrawn if c.target == "boo-marks"]
    assert marks and 'class="visitor-room"' in marks[0].markup  # the next visitor's room is marked
    assert all("token" not in c.markup for c in redrawn)
    assert after.count('class="token"') == len(state.trapdoors) + len(state.transitions) > 0


def test_the_visitors_coat_of_arms_and_portrait_are_lit_without_restyling_the_page():
    """BO-7: the visitor's coat of arms (over and under the castle) and portrait (left and right)
    are drawn lit, in its own region (issue #11: the <style> it was made of restyled the whole page
    at every visitor, and lost to the castle's own colours)."""
    from parlour.games.boo.castle import cell_room, components

    s = session("human", "human")
    html = board.render(ctx_of(s))
    marks = html.split("<!--r:boo-marks-->")[1].split("<!--/r:boo-marks-->")[0]
    column, row = cell_room(s.state.visitor_room)
    lit = re.findall(r'class="lit (arms|portrait) [^"]*"[^>]*data-key="(\w+)"', marks)
    comps = components()
    assert sorted(lit) == sorted(
        [("arms", comps.arms[column])] * 2 + [("portrait", comps.portraits[row])] * 2
    )
    assert marks.count('style="fill:#f2a541') == 4 and "<style" not in html
    # A small castle (an embed) has no periphery to light.
    small = board.castle_svg(ctx_of(s, ui={"compact": True}), None)
    assert 'class="lit' not in small


def test_four_people_on_one_device_get_their_zones_and_no_out_of_turn_buttons():
    """Everyone acts at once at their own zone: the shared screen's "Player N: out of turn" (a hand-over
    for Wooly Bully) means nothing in Boo! and is not drawn; a stale press of it changes nothing."""
    from parlour.engine import Match, encode_link
    from web.test_match_screen import open_app

    record = Match.new(GAME, 4, {}, "hotseat", {"seats": ["human"] * 4}).record
    app, dom = open_app(f"#/boo/play?m={encode_link(record)}")
    session = app.sessions["boo"]
    assert len(session.interrupters()) == 3, "the session would let three people interrupt"
    assert "interrupt" not in dom.html and "out of turn" not in dom.html
    for seat in range(4):
        assert f'id="boo-zone-{seat}"' in dom.html and f'id="boo-booo-{seat}"' in dom.html
    dom.click("interrupt", "2")
    assert session.interrupt is None and "Pass the device" not in dom.html
    assert 'id="boo-booo-0"' in dom.html


def test_bo14_by_keyboard_c_changes_colour_at_a_transition_and_nowhere_else():
    """The keyboard's "change colour" (C) at a transition room: each press takes the next colour the
    claimant holds no wall of (pressing on replaces the change, it does not pile up), the zone says
    the colour, and the route traced by keys only is accepted."""
    from parlour.games.boo.route import Change

    s = session("human", "human", seed="keys6")
    route = shortest_route(s.state.problem(0))
    assert route is not None and any(isinstance(step, Change) for step in route.steps)
    ui: dict = {}
    play_json(s, board.act(ctx_of(s, ui), "boo-colour", f"0:{COLOURS[route.colour]}"), 1_000)
    ghost = cell_name(s.state.ghost)

    def colour_now() -> str:
        return board.trace_end(ghost, ui["trace"]["colour"], ui["trace"]["steps"])[1]

    board.act(ctx_of(s, ui), "key", "c")  # the ghost's room is no transition: C does nothing
    assert ui["trace"]["steps"] == []
    here, answer, seen = s.state.ghost, None, []
    for step in route.steps:
        if isinstance(step, Change):
            walked = list(ui["trace"]["steps"])
            seen.append(colour_now())
            while colour_now() != COLOURS[step.colour]:
                board.act(ctx_of(s, ui), "key", "C")
                assert colour_now() not in seen, "C goes round every allowed colour once"
                seen.append(colour_now())
                assert ui["trace"]["steps"] == [*walked, "!" + colour_now()], "one change, replaced"
                zone = board.seat_zone(ctx_of(s, ui), 0, ui["trace"], "bottom")
                assert f"Route in {t(f'boo.colour.{colour_now()}')}" in zone
            continue
        dx, dy = step.cell[0] - here[0], step.cell[1] - here[1]
        key = {(1, 0): "ArrowRight", (-1, 0): "ArrowLeft", (0, 1): "ArrowDown", (0, -1): "ArrowUp"}[(dx, dy)]
        answer = board.act(ctx_of(s, ui), "key", key)
        here = step.cell
    assert len(seen) >= 2 and answer is not None
    assert answer[1]["route"] == {"colour": COLOURS[route.colour], "steps": route.to_json()["steps"]}
    events = play_json(s, answer, 4_000)
    assert events[0].kind == "claim" and s.state.captured[0] == (1,)


def test_bo16_the_trace_time_left_is_on_screen_in_seconds_counting_down_in_each_language():
    """The shrinking bar has its seconds in words beside it, one line for each second to come, each
    shown during its own second (CSS, no redraw), with the language's plural."""
    s = session("human", "human", seed="taps")
    route = shortest_route(s.state.problem(0))
    assert route is not None
    ui: dict = {}
    play_json(s, board.act(ctx_of(s, ui), "boo-colour", f"0:{COLOURS[route.colour]}"), 1_000)
    current = board.trace(ctx_of(s, ui))
    ui["clock"] = s.state.deadline - 2_400  # 2.4 s left
    words = {
        "en": ["3 seconds left", "2 seconds left", "1 second left", "0 seconds left"],
        "ru": ["осталось 3 секунды", "осталось 2 секунды", "осталась 1 секунда", "осталось 0 секунд"],
        "uk": ["залишилося 3 секунди", "залишилося 2 секунди", "залишилася 1 секунда", "залишилося 0 секунд"],
    }
    for lang, expected in words.items():
        zone = board.seat_zone(ctx_of(s, ui, lang=lang), 0, current, "bottom")
        lines = re.findall(r'class="second[^"]*" style="animation-delay:(\d+)ms[^"]*">([^<]+)<', zone)
        assert [text for _, text in lines] == expected
        assert [int(delay) for delay, _ in lines] == [0, 400, 1_400, 2_400], "each number in its own second"
        assert re.search(r'role="timer" aria-label="[^"]*2[^"]*"', zone)
    ui["clock"] = s.state.deadline - 15_000
    zone = board.seat_zone(ctx_of(s, ui), 0, current, "bottom")
    assert len(re.findall(r'class="second(?: last)?"', zone)) == 16 and ">15 seconds left<" in zone


def test_bo17_a_raised_hand_may_still_call_booo_and_the_call_lowers_it():
    """The rulebook forbids no "Booo!" after a raised hand (BO-13 and BO-17: whoever finds a route
    first calls it); the zone offers it and the engine takes it, the hand going down."""
    s = session("human", "human", "human", seed="keys")
    ui: dict = {}
    play_json(s, board.act(ctx_of(s, ui), "boo-hand", "1"), 500)
    assert s.state.hands[1]
    zone = re.search(
        r'<div class="zone[^"]*" id="boo-zone-1".*?</div></div>', board.render(ctx_of(s, ui))
    ).group(0)
    assert 'id="boo-lower-1"' in zone and "disabled" not in booo_button(zone, 1)
    assert board.act(ctx_of(s, ui), "boo-booo", "1") is None and ui["picking"] == [1]
    route = shortest_route(s.state.problem(1))
    events = play_json(s, board.act(ctx_of(s, ui), "boo-colour", f"1:{COLOURS[route.colour]}"), 1_000)
    assert events[0].kind == "booo" and s.state.claimant == 1 and not s.state.hands[1]


def test_the_edges_short_names_are_explained_beside_the_castle_in_each_language():
    """A newcomer could not tell what "Li, St, ..." on the edges are: a line says it, each short name
    with its whole name as its title; a small castle (an embed) draws no edges and no line."""
    s = session("human", "human")
    for lang, words in (("en", "coats of arms, one per column"), ("ru", "гербовые щиты"), ("uk", "герби")):
        html = board.render(ctx_of(s, lang=lang))
        line = re.search(r'<p class="muted boo-legend" id="boo-legend">(.*?)</p>', html).group(1)
        assert words in line
        shorts = re.findall(r'<abbr title="([^"]+)">([^<]+)</abbr>', line)
        assert len(shorts) == 12 and shorts[0] == (
            translate(lang, "boo.arms.lion"),
            translate(lang, "boo.short.lion"),
        )
        # Each short name the castle's edges write, the coats of arms first, left to right.
        drawn = re.findall(r'<text y="5" class="initial">([^<]+)</text>', html)
        assert {s for _, s in shorts} == set(drawn) and [s for _, s in shorts][:6] == drawn[0:24:4]
    assert 'id="boo-legend"' not in board.render(ctx_of(s, ui={"compact": True}))


def test_a_raised_hand_is_drawn_as_a_named_picture_not_an_emoji_many_fonts_lack():
    """The players panel marks a raised hand with an SVG hand (✋ was an empty box in this machine's
    fonts), named for screen readers in each language, the words beside it shown but said once."""
    s = session("human", "human", "human", seed="keys")
    ui: dict = {}
    play_json(s, board.act(ctx_of(s, ui), "boo-hand", "1"), 500)
    css = (Path(__file__).resolve().parents[2] / "web" / "assets" / "app.css").read_text(encoding="utf-8")
    assert "✋" not in css
    for lang in ("en", "ru", "uk"):
        panel = board.players_panel(ctx_of(s, ui, lang=lang))
        rows = dict(re.findall(r'<li data-seat="(\d)"[^>]*>(.*?)</li>', panel))
        words = translate(lang, "boo.status.hand")
        assert re.search(
            rf'<svg viewBox="0 0 24 24" class="hand-icon" role="img" aria-label="{words}"><path ', rows["1"]
        )
        assert f'aria-hidden="true">{words}<' in rows["1"]
        assert "hand-icon" not in rows["0"] + rows["2"] and words not in rows["0"] + rows["2"]
        assert "✋" not in panel


def test_by_keyboard_each_action_leaves_the_focus_on_the_seats_next_control_never_the_page():
    """Raise hand, lower it, Booo!, a colour, a route shown: the button pressed is gone from the
    redrawn zone each time, and the focus goes on to what comes next (the lowered hand, the colours,
    the ghost's room, the seat's hand while its Booo! is greyed), not to the page."""
    from parlour.engine import Match, encode_link
    from web.test_match_screen import open_app

    record = Match.new(GAME, 3, {}, "focus", {"seats": ["human"] * 3}).record
    app, dom = open_app(f"#/boo/play?m={encode_link(record)}")
    dom.click("boo-hand", "1")
    assert dom.focused == "boo-lower-1" and 'id="boo-lower-1"' in dom.html
    dom.click("boo-lower", "1")
    assert dom.focused == "boo-hand-1" and 'id="boo-hand-1"' in dom.html
    dom.click("boo-booo", "1")
    assert dom.focused == f"boo-colour-1-{COLOURS[0]}"
    dom.click("boo-colour", "1:white")
    ghost = cell_name(app.sessions["boo"].state.ghost)
    assert dom.focused == f"cell-{ghost}"
    dom.click("boo-show", "1")  # nothing traced: wrong, and Booo! is greyed for a while (BO-D2)
    assert re.search(r'<button[^>]*id="boo-booo-1"[^>]*disabled', dom.html)
    assert dom.focused == "boo-hand-1" and 'id="boo-hand-1"' in dom.html
    # Two hands of three end the search: the next visitor's search starts with the hand down.
    dom.click("boo-hand", "0")
    dom.click("boo-hand", "2")
    assert app.sessions["boo"].state.round == 2 and dom.focused == "boo-hand-2"


def test_by_keyboard_an_arrow_off_the_castle_while_tracing_keeps_the_focus_on_the_routes_head():
    """An arrow at the castle's edge (or C away from a transition) adds no step, but the screen is
    drawn again: the focus stays on the route's head, never falls to the page (found by keyboard in
    uk: the trace then went on with no cell focused)."""
    from parlour.engine import Match, encode_link
    from web.test_match_screen import open_app

    record = Match.new(GAME, 2, {}, "focus", {"seats": ["human"] * 2}).record
    app, dom = open_app(f"#/boo/play?m={encode_link(record)}")
    dom.click("boo-booo", "1")
    dom.click("boo-colour", "1:white")
    state = app.sessions["boo"].state
    x, y = state.ghost
    key = "ArrowLeft" if state.visitor_room[1] != y or state.visitor_room[0] > x else "ArrowRight"
    for _ in range(x if key == "ArrowLeft" else 8 - x):
        dom.on_event("key", "cell", dom.focused[5:], "", key)
    head = dom.focused
    assert head == f"cell-{cell_name((0 if key == 'ArrowLeft' else 8, y))}"
    for pressed in (key, "c"):
        dom.focused = ""
        dom.on_event("key", "cell", head[5:], "", pressed)
        assert dom.focused == head, pressed
