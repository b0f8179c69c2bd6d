"""The match screen redraws only the regions that changed (issue #17: no main-thread task over 50 ms
while playing): what the page shows after the regions are replaced is, character for character, the
screen drawn whole; a change of the screen's shape (another screen, a dialog opening) draws it whole."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.web.test_match_screen import Dom

from parlour.web import app as app_mod
from parlour.web import screens
from parlour.web.markup import esc, region, reuse_kept
from parlour.web.redraw import Change, attributes, changes, split_regions, unescape
from parlour.web.session import HUMAN, LocalSession


def page(element_id: str, body: str) -> str:
    return region(element_id, f'<div id="{element_id}">{body}</div>')


SCREEN = (
    '<main id="main">'
    + page("turn", "Orange to play")
    + page("board", page("cells", "a1") + page("pieces", "k"))
    + "</main>"
)


def test_a_redraw_with_the_same_markup_changes_nothing():
    assert changes(SCREEN, SCREEN) == []


def test_only_the_innermost_region_that_changed_is_replaced():
    after = SCREEN.replace("k</div>", "kc</div>")
    assert changes(SCREEN, after) == [Change("replace", "pieces", '<div id="pieces">kc</div>')]
    both = after.replace("Orange to", "Purple to")
    assert [(c.kind, c.target) for c in changes(SCREEN, both) or []] == [
        ("replace", "turn"),
        ("replace", "pieces"),
    ]


def test_an_attribute_change_reads_its_values_without_importing_html():
    """The first attribute change of a page imported ``html`` (its 2,000-entity table) to read the
    values: 60-260 ms of one task in Pyodide on every network page (issue #17). The app's own
    markup needs none of it."""
    import subprocess
    import sys

    probe = (
        "import sys; from parlour.web.redraw import changes; from parlour.web.markup import esc, region\n"
        "old = region('m', '<main id=\"m\" title=\"a\">x</main>')\n"
        "new = region('m', '<main id=\"m\" title=\"' + esc('<Hanna & \"Anna\" \\'s> \u2014 é') + '\">x</main>')\n"
        "assert changes(old, new)[0].attrs[1][1] == '<Hanna & \"Anna\" \\'s> \u2014 é', changes(old, new)\n"
        "assert 'html' not in sys.modules, 'html imported'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env={"PYTHONPATH": "pysrc"}
    )
    assert done.returncode == 0, done.stderr


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="&#;xXampltgquosAZ09af<>\"' é\u2014\x00\x85\U0001f600"))
def test_attribute_values_are_unescaped_as_html_unescape_does(text):
    from html import escape as html_escape
    from html import unescape as html_unescape

    assert unescape(text) == html_unescape(text)
    assert unescape(esc(text)) == text == unescape(html_escape(text))


def test_a_region_whose_own_attributes_changed_keeps_its_children():
    after = SCREEN.replace('<div id="board">', '<div id="board" class="over &amp; out" hidden>')
    assert changes(SCREEN, after) == [
        Change(
            "attrs",
            "board",
            '<div id="board" class="over &amp; out" hidden>',
            attrs=(("id", "board"), ("class", "over & out"), ("hidden", "")),
        )
    ]


def test_regions_added_or_removed_among_their_siblings_are_inserted_or_removed_alone():
    more = SCREEN.replace("<!--/r:pieces-->", "<!--/r:pieces-->" + page("ghost", "g"))
    assert changes(SCREEN, more) == [Change("after", "pieces", '<div id="ghost">g</div>', "ghost")]
    first = SCREEN.replace("<!--r:cells-->", page("bed", "") + "<!--r:cells-->")
    assert changes(SCREEN, first) == [Change("before", "cells", '<div id="bed"></div>', "bed")]
    fewer = SCREEN.replace(page("cells", "a1"), "")
    assert changes(SCREEN, fewer) == [Change("remove", "cells")]
    swapped = SCREEN.replace(
        page("cells", "a1") + page("pieces", "k"), page("pieces", "k") + page("cells", "a1")
    )
    assert changes(SCREEN, swapped) == [Change("replace", "board", split_regions(swapped)[1]["board"])]
    grown = SCREEN.replace("</div><!--/r:board-->", "<p>new</p></div><!--/r:board-->")
    assert [c.target for c in changes(SCREEN, grown) or []] == ["board"]


def test_new_regions_side_by_side_go_beside_a_region_the_page_has_already():
    """The page finds every change's target before making any: a region inserted beside another
    inserted by the same redraw would not be found (boop.'s pieces, two log entries at once)."""
    two = page("ghost", "g") + page("cat", "c")
    after = SCREEN.replace("<!--/r:pieces-->", "<!--/r:pieces-->" + two)
    assert changes(SCREEN, after) == [
        Change("after", "pieces", '<div id="cat">c</div>', "cat"),
        Change("after", "pieces", '<div id="ghost">g</div>', "ghost"),
    ]
    before = SCREEN.replace("<!--r:cells-->", two + "<!--r:cells-->")
    assert [(c.kind, c.target, c.new_id) for c in changes(SCREEN, before) or []] == [
        ("before", "cells", "ghost"),
        ("before", "cells", "cat"),
    ]


def test_a_new_shape_or_twice_the_same_id_draws_the_screen_whole():
    assert changes(SCREEN, SCREEN.replace("<main ", '<main inert="" ')) is None
    assert changes(SCREEN, SCREEN + "<p>won</p>") is None
    assert split_regions(page("a", "") + page("a", "")) is None


def test_an_element_a_board_patched_since_is_drawn_again_even_when_its_markup_is_the_same():
    assert changes(SCREEN, SCREEN, frozenset({"pieces"})) == [
        Change("replace", "pieces", '<div id="pieces">k</div>')
    ]
    assert changes(SCREEN, SCREEN, frozenset({"main"})) is None


class RegionDom(Dom):
    """The page as a string: the changes made as the browser would, kept layers moved."""

    def __init__(self, fragment: str) -> None:
        super().__init__(fragment)
        self.changed: list[list[Change]] = []

    def redraw(self, changes: list[Change], home: str, reused: list[str]) -> bool:
        # As dom.redraw, every target is found on the page before any change is made.
        assert all(f"<!--r:{change.target}-->" in self.html for change in changes)
        for change in changes:
            part = change.markup
            for moved in reused:  # the kept layer's drawn element goes into its empty place
                drawn = re.search(
                    rf'<g id="{moved}"><!--keep:{moved}:.*?<!--/keep:{moved}--></g>', self.html, re.S
                )
                assert drawn is not None
                part = part.replace(f'<g id="{moved}"></g>', drawn[0])
            whole = re.compile(rf"<!--r:{change.target}-->(.*?)<!--/r:{change.target}-->", re.S)
            found = whole.search(self.html)
            assert found is not None and len(whole.findall(self.html)) == 1
            if change.kind == "replace":
                self.html = self.html[: found.start(1)] + part + self.html[found.end(1) :]
            elif change.kind == "remove":
                self.html = self.html[: found.start()] + self.html[found.end() :]
            elif change.kind == "attrs":
                assert change.attrs == attributes(change.markup)
                end = found[1].index(">") + 1
                self.html = self.html[: found.start(1)] + change.markup + self.html[found.start(1) + end :]
            else:
                region = f"<!--r:{change.new_id}-->{part}<!--/r:{change.new_id}-->"
                at = found.end() if change.kind == "after" else found.start()
                self.html = self.html[:at] + region + self.html[at:]
        self.changed.append(changes)
        return True


VOID = frozenset({"input", "br", "img", "meta", "link", "hr", "wbr", "source"})
"""HTML elements without an end tag (SVG ones close themselves with ``/>``)."""


class Shape(HTMLParser):
    """The ids of the top-level elements of a fragment."""

    def __init__(self) -> None:
        super().__init__()
        self.depth, self.tops = 0, []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            self.tops.append(dict(attrs).get("id"))
        if tag not in VOID:
            self.depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            self.tops.append(dict(attrs).get("id"))

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self.depth -= 1


def one_element(element_id: str, markup: str) -> bool:
    shape = Shape()
    shape.feed(re.sub(r"<!--.*?-->", "", markup, flags=re.S))
    return shape.tops == [element_id] and shape.depth == 0


@pytest.mark.parametrize("gid", ["boop", "wooly-bully", "ghosts-galore"])
def test_a_game_against_a_bot_shows_on_the_page_exactly_the_screen_drawn_whole(gid):
    dom = RegionDom(f"#/{gid}")
    app = app_mod.App(dom)
    app.start()
    dom.run_timers()  # the game's package loads
    app.setup_for(gid)["seats"][1] = next(iter(app.bots(gid)))
    dom.click("start")
    session = app.sessions[gid]  # the same match on every run: a fixed seed
    app.sessions[gid] = LocalSession.new(
        session.game, session.seats, app.bots(gid), app.setup_for(gid)["options"], "7"
    )
    app.render()
    for n in range(40):
        if app.sessions[gid].outcome() is not None:
            break
        dom.click("bench-move", str(n * 7919))
        dom.run_timers()  # the bot's move
        assert dom.html == app.shown
    partial = [c for c in dom.changed if c]
    assert len(partial) >= 10
    for change in (c for redraw in partial for c in redraw):
        if change.kind in ("replace", "after", "before"):
            assert one_element(change.new_id or change.target, reuse_kept(change.markup, set())[0])
            assert 'id="screen-title"' not in change.markup  # the header stays


def boo_hot_seat(people: int, dom: RegionDom | None = None) -> tuple[RegionDom, app_mod.App, LocalSession]:
    """A Boo! hot-seat match of ``people`` on its table, started again from seed "7", drawn."""
    dom = dom or RegionDom("#/boo")
    app = app_mod.App(dom)
    app.start()
    dom.run_timers()  # the game's package loads
    setup = app.setup_for("boo")
    setup["seats"] = [HUMAN] * people
    dom.click("start")
    session = app.sessions["boo"]
    app.sessions["boo"] = session = LocalSession.new(
        session.game, session.seats, app.bots("boo"), setup["options"], "7"
    )
    app.render()
    return dom, app, session


class PatchDom(RegionDom):
    """The page as a string, a board's patch (a traced step) applied as the browser would: each
    element named replaced by its new markup."""

    def __init__(self, fragment: str) -> None:
        super().__init__(fragment)
        self.patched: list[dict[str, str]] = []

    def patch(self, parts: dict[str, str]) -> bool:
        for element_id, element in parts.items():
            whole = re.compile(rf"(<!--r:{element_id}-->)(.*?)(<!--/r:{element_id}-->)", re.S)
            assert len(whole.findall(self.html)) == 1, element_id
            self.html = whole.sub(lambda m: m[1] + element + m[3], self.html)  # noqa: B023
        self.patched.append(parts)
        return True


def test_a_boo_traced_step_redraws_the_rows_it_changed_not_the_81_cells(monkeypatch: pytest.MonkeyPatch):
    """A step of the route being traced changes a cell or two (on the route or not, the cursor):
    only their rows are drawn again, not the grid of 81 cells (14 KB of SVG for the page to parse
    at every tap), and the page then shows, character for character, the screen drawn whole."""
    from parlour.games.boo.castle import COLOURS, cell_name
    from parlour.games.boo.solver import shortest_route

    monkeypatch.setattr(app_mod, "now_ms", lambda: 1_000_000)  # the trace's seconds left stand still
    dom, app, session = boo_hot_seat(2, PatchDom("#/boo"))
    assert isinstance(dom, PatchDom)
    route = shortest_route(session.state.problem(0))
    assert route is not None and len(route.steps) >= 2
    dom.timers.clear()
    dom.click("boo-colour", f"0:{COLOURS[route.colour]}")
    assert dom.html == app.shown
    cells = [cell_name(step.cell) for step in route.steps[:-1]]  # the last one would show the route
    taps = [*cells, cells[-2] if len(cells) > 1 else cell_name(session.state.ghost)]  # and one back
    for tap in taps:
        dom.click("cell", tap)
        parts = dom.patched[-1]
        rows = [part for part in parts if part.startswith("boo-row-")]
        assert "boo-cells" not in parts and 1 <= len(rows) <= 2, sorted(parts)
        assert sum(len(v) for v in parts.values()) < 8000
        whole = screens.banner(app.t, app.update_waiting, app.error) + app.screen()
        assert dom.html == whole, tap
    dom.on_event("key", "key", "", "", "Escape")  # a step back by keyboard: the same
    assert "boo-cells" not in dom.patched[-1]
    assert dom.html == screens.banner(app.t, app.update_waiting, app.error) + app.screen()


def test_boo_hot_seat_hands_redraw_the_zone_the_players_panel_and_the_log_alone():
    dom, app, _ = boo_hot_seat(3)
    for n in range(12):
        dom.timers.clear()  # the match clock: nothing falls due in a hot-seat game this short
        dom.click("bench-move", str(n * 7919))
        assert dom.html == app.shown
    assert len(app.shown) > 40_000
    for redraw in dom.changed[-6:]:
        assert {c.target for c in redraw if c.kind == "replace"} <= {
            "boo-zone-2",
            "boo-players",
            "boo-prompt",
        } | {c.target for c in redraw if c.target.startswith("log-")}
        assert sum(len(c.markup) for c in redraw) < 5_000


def test_an_opening_mark_without_its_end_is_text_of_the_shape():
    html = "<p><!--r:loose-->text</p>" + page("a", "1")
    assert split_regions(html) == ("<p><!--r:loose-->text</p><!--r:a-->", {"a": '<div id="a">1</div>'})


def test_the_end_dialog_opens_and_closes_without_drawing_the_screen_whole():
    from tests.web.test_match_screen import finished_game, hotseat, play_move

    moves = finished_game(1)
    dom = RegionDom(f"#/boop/play?m={hotseat(moves[:-1])}")
    app = app_mod.App(dom)
    app.start()
    whole = dom.html
    play_move(dom, moves[-1])
    assert 'id="end-screen"' in dom.html and dom.html == app.shown
    opened = dom.changed[-1]
    assert ("after", "match") in {(c.kind, c.target) for c in opened}  # the dialog inserted alone
    assert {c.target for c in opened if c.kind == "attrs"} >= {"bar", "match"}  # the rest made inert
    assert sum(len(c.markup) for c in opened) < len(dom.html) / 3  # the move, not the whole screen
    dom.click("end-close")
    assert 'id="end-screen"' not in dom.html and " inert" not in dom.html and dom.html == app.shown
    assert ("remove", "end-screen") in {(c.kind, c.target) for c in dom.changed[-1]}
    assert whole != dom.html


def test_a_boo_trace_starting_sets_the_grids_attributes_not_its_81_cells():
    """Pressed and dragged through while a route is traced: said once on the grid of cells, so a
    "Booo!" (and the claim that ends the trace) sets the grid's attributes instead of drawing every
    row again (16 KB of SVG, issue #17)."""
    from parlour.games.boo.castle import COLOURS
    from parlour.games.boo.solver import shortest_route

    dom, app, session = boo_hot_seat(2)
    route = shortest_route(session.state.problem(0))
    assert route is not None
    dom.timers.clear()
    dom.click("boo-colour", f"0:{COLOURS[route.colour]}")  # "Booo!" in the route's colour
    assert session.state.claimant == 0 and dom.html == app.shown
    started = dom.changed[-1]
    assert ("attrs", "boo-cells") in {(c.kind, c.target) for c in started}
    assert 'id="boo-cells" data-press="1" data-drag="1">' in dom.html
    assert [c.target for c in started if c.target.startswith("boo-row-")] == []


def test_a_large_element_is_put_in_pieces_its_sibling_regions_inserted_after_one_another():
    """A rules help's lesson over the size is put a piece at a time (decision 0106): the element
    with its runs of sibling regions held back, the last first, then those inserted in the order
    they stand, each piece after the last; a region holding a kept layer stays in the first piece.
    Applied in turn, the pieces make the page the element whole."""
    from parlour.web.markup import region
    from parlour.web.redraw import in_pieces, inserted

    tiles = "".join(region(f"t{i}", f'<g id="t{i}">{"x" * 40}</g>') for i in range(9))
    inner = region("u", '<g id="u">' + region("v", '<i id="v">' + "y" * 30 + "</i>") + "</g>")
    kept = region("k", '<g id="k"><g id="walls">' + "z" * 60 + "</g></g>")
    element = region("box", f'<figure id="box">{kept}{tiles}{inner}<p>words</p></figure>')
    first, pieces = in_pieces(element, 200, frozenset({"walls"}))
    assert len(first) <= 200 and 'id="walls"' in first
    assert all(sum(len(c.markup) for c in piece) <= 200 for piece in pieces) and len(pieces) >= 2
    page = first
    for piece in pieces:  # as the page would: every target there before the piece's changes
        assert all(f"<!--/r:{c.target}-->" in page for c in piece)
        for change in piece:
            page = inserted(page, change)
    assert page == element
    assert in_pieces(element, 10_000) == (element, []), "small: one piece"
    assert in_pieces(element, 100, frozenset({"walls"}), free=200)[0].count("<!--r:t") > in_pieces(
        element, 100, frozenset({"walls"})
    )[0].count("<!--r:t"), "what the page need not parse is not counted"


def test_a_region_inserted_after_one_the_page_has_not_is_refused_never_put_elsewhere():
    """A piece's change names the region it goes after: with that region missing from the page
    string, ``inserted`` says so instead of putting the region at a wrong place (``find`` gave -1)."""
    from parlour.web.markup import region
    from parlour.web.redraw import inserted

    page = region("box", '<figure id="box">' + region("t0", '<g id="t0"></g>') + "</figure>")
    assert inserted(page, Change("after", "t0", '<g id="t1"></g>', "t1")) == page.replace(
        "<!--/r:t0-->", '<!--/r:t0--><!--r:t1--><g id="t1"></g><!--/r:t1-->'
    )
    with pytest.raises(ValueError, match="no region 't9' to put 't1' after"):
        inserted(page, Change("after", "t9", '<g id="t1"></g>', "t1"))
