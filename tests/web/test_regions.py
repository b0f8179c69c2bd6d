"""The match screen redraws only the regions that changed (issue #17: no main-thread task over 50 ms
while playing): what the page shows after the regions are replaced is, character for character, the
screen drawn whole; a change of the screen's shape (another screen, a dialog opening) draws it whole."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from tests.web.test_match_screen import Dom

from parlour.web import app as app_mod
from parlour.web.markup import changed_regions, region, reuse_kept, split_regions
from parlour.web.session import LocalSession


def page(element_id: str, body: str) -> str:
    return region(element_id, f'<div id="{element_id}">{body}</div>')


SCREEN = (
    '<main id="main">'
    + page("turn", "Orange to play")
    + page("board", page("cells", "a1") + page("pieces", "k"))
    + "</main>"
)


def test_a_redraw_with_the_same_markup_changes_nothing():
    assert changed_regions(SCREEN, SCREEN) == {}


def test_only_the_innermost_region_that_changed_is_replaced():
    after = SCREEN.replace("k</div>", "kc</div>")
    assert changed_regions(SCREEN, after) == {"pieces": '<div id="pieces">kc</div>'}
    both = after.replace("Orange to", "Purple to")
    assert set(changed_regions(SCREEN, both) or {}) == {"turn", "pieces"}


def test_a_region_whose_own_tag_or_shape_changed_is_replaced_whole():
    after = SCREEN.replace('<div id="board">', '<div id="board" class="over">')
    assert set(changed_regions(SCREEN, after) or {}) == {"board"}
    grown = SCREEN.replace("</div><!--/r:board-->", "<p>new</p></div><!--/r:board-->")
    assert set(changed_regions(SCREEN, grown) or {}) == {"board"}


def test_a_new_shape_or_twice_the_same_id_draws_the_screen_whole():
    assert changed_regions(SCREEN, SCREEN.replace("<main ", '<main inert="" ')) is None
    assert changed_regions(SCREEN, SCREEN + page("dialog", "won")) is None
    assert split_regions(page("a", "") + page("a", "")) is None


def test_an_element_a_board_patched_since_is_drawn_again_even_when_its_markup_is_the_same():
    assert changed_regions(SCREEN, SCREEN, frozenset({"pieces"})) == {"pieces": '<div id="pieces">k</div>'}
    assert changed_regions(SCREEN, SCREEN, frozenset({"main"})) is None


class RegionDom(Dom):
    """The page as a string: regions replaced as the browser would, kept layers moved."""

    def __init__(self, fragment: str) -> None:
        super().__init__(fragment)
        self.patched: list[dict[str, str]] = []

    def patch_regions(self, parts: dict[str, str], home: str, reused: list[str]) -> bool:
        for element_id, part in parts.items():
            for moved in reused:  # the kept layer's drawn element goes into its empty place
                drawn = re.search(
                    rf'<g id="{moved}"><!--keep:{moved}:.*?<!--/keep:{moved}--></g>', self.html, re.S
                )
                assert drawn is not None
                part = part.replace(f'<g id="{moved}"></g>', drawn[0])
            mark = re.compile(rf"(<!--r:{element_id}-->).*?(<!--/r:{element_id}-->)", re.S)
            assert len(mark.findall(self.html)) == 1
            self.html = mark.sub(lambda m, part=part: m[1] + part + m[2], self.html)
        self.patched.append(parts)
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
    partial = [p for p in dom.patched if p]
    assert len(partial) >= 10
    for parts in partial:
        for element_id, part in parts.items():
            assert one_element(element_id, reuse_kept(part, set())[0])
            assert 'id="screen-title"' not in part  # the header stays
