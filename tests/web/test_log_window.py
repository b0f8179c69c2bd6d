"""A long local match's log draws its newest moves (decision 0006, issue #17): the work of a move's
redraw (the markup made, the regions compared with the page's, the nodes on the page) does not grow
with the match, and every earlier move is still reachable, by "Show earlier moves" or the arrows."""

from __future__ import annotations

import re

import pytest
from tests.web.test_net_regions import targets
from tests.web.test_regions import RegionDom

from parlour.web import app as app_mod
from parlour.web.match_log import LOG_SHOWN, log_first
from parlour.web.session import LocalSession, Seat


def entries(html: str) -> list[int]:
    """The plies (1-based) whose log entries the screen draws, in order."""
    return [int(index) + 1 for index in re.findall(r'<li[^>]* id="log-(\d+)"', html)]


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The match clock is the test's: each tick of :func:`play` is 200 ms of it."""
    monkeypatch.setattr(app_mod, "now_ms", lambda: 200 * TICKS[0])
    TICKS[0] = 0


TICKS = [0]


def play(session: LocalSession, plies: int = 10_000) -> list[object]:
    """Run the match's clock a tick at a time until something is played (``[]``: the match is over)
    or ``plies`` are."""
    while session.outcome() is None and len(session.match.plies) < plies:
        TICKS[0] += 1
        played = session.run_due(200 * TICKS[0])
        if played:
            return played
    return []


def six_bots_of_boo() -> tuple[RegionDom, app_mod.App, LocalSession]:
    """A Boo! table of six random bots on a page (the same match every run: a fixed seed), its
    match not begun; 150-odd plies once played to its end."""
    dom = RegionDom("#/boo")
    app = app_mod.App(dom)
    app.start()
    dom.run_timers()  # the game's package loads
    setup = app.setup_for("boo")
    setup["seats"] = ["random"] * 6
    dom.click("start")
    session = app.sessions["boo"]
    session = LocalSession.new(session.game, [Seat("random")] * 6, app.bots("boo"), setup["options"], "1")
    app.sessions["boo"] = session
    dom.timers.clear()  # the app's own clock: this test plays the match itself
    app.render()
    return dom, app, session


def test_a_long_matchs_redraw_after_a_move_does_as_much_at_its_end_as_after_fifty_moves():
    dom, app, session = six_bots_of_boo()
    regions: dict[int, int] = {}
    while True:
        before = len(session.match.plies)
        if not play(session):
            break
        app.render()
        plies = len(session.match.plies)
        assert dom.html == app.shown  # the page is the screen drawn whole
        assert entries(app.shown) == list(range(max(0, plies - LOG_SHOWN) + 1, plies + 1))
        regions[plies] = app.shown.count("<!--r:")
        # The log's own changes: the moves just played inserted, as many of the oldest taken out,
        # the "Show earlier moves" button's words, and the entry that was the log's Tab stop.
        logged = [c for c in dom.changed[-1] if c.target.startswith(("log-", "replay-")) or c.new_id]
        assert len(logged) <= 2 * (plies - before) + 2, logged
        if before:  # past its first entry the log is never drawn whole (the 51st move was: 40 KB)
            assert "log-panel" not in targets(dom.changed[-1]), plies
    plies = len(session.match.plies)
    assert session.outcome() is not None and plies >= 3 * LOG_SHOWN
    # The screen holds as many regions to compare late in the match as just after the log filled
    # (the board's own vary by a few: a route traced, a visitor's end); it held one more per move.
    filled = max(n for p, n in regions.items() if LOG_SHOWN <= p < LOG_SHOWN + 10)
    assert max(n for p, n in regions.items() if p >= 2 * LOG_SHOWN) <= filled + 12
    assert app.shown.count('id="log-earlier"') == 1


def test_every_earlier_move_is_reachable_by_its_button_and_by_the_arrows():
    dom, app, session = six_bots_of_boo()
    while play(session):
        pass
    app.render()
    plies = len(session.match.plies)
    first = plies - LOG_SHOWN
    assert entries(dom.html)[0] == first + 1
    assert f">Show {LOG_SHOWN} earlier moves<" in dom.html
    # The arrows go up past the oldest move drawn: the log draws earlier ones and the focus goes on.
    dom.on_event("key", "replay", str(first + 1), "", "ArrowUp")
    assert entries(dom.html)[0] == first - LOG_SHOWN + 1 and dom.focused == f"replay-{first}"
    assert dom.html == app.shown
    while 'id="log-earlier"' in dom.html:
        shown = entries(dom.html)[0]
        dom.click("log-earlier")
        assert entries(dom.html)[0] == max(1, shown - LOG_SHOWN)
        assert dom.focused == f"replay-{shown - 1}", "the newest of the moves it brought"
        assert dom.html == app.shown
    assert entries(dom.html) == list(range(1, plies + 1))
    # Another match's log starts from its newest moves again.
    app.sessions["boo"] = LocalSession.new(session.game, session.seats, app.bots("boo"), {}, "1")
    assert app.log_first(app.sessions["boo"]) == 0 and app.log_first(session) == 0


def test_a_moment_shown_from_before_the_newest_moves_is_in_the_log():
    dom, app, session = six_bots_of_boo()
    while play(session, LOG_SHOWN + 30):
        pass
    app.render()
    dom.click("replay", "3")  # a link's moment, or an embed's: any ply may be shown
    assert entries(dom.html)[0] == 3 and '<li class="current" id="log-2">' in dom.html
    dom.click("live")
    assert entries(dom.html)[0] == len(session.match.plies) - LOG_SHOWN + 1


def test_the_first_ply_drawn():
    assert log_first(0) == 0 and log_first(LOG_SHOWN) == 0
    assert log_first(LOG_SHOWN + 7) == 7
    assert log_first(200, earlier=300) == 200 - LOG_SHOWN, "never fewer than the newest"
    assert log_first(200, earlier=20, replay=5) == 4


def test_a_network_tables_log_draws_its_newest_moves_and_earlier_ones_when_asked():
    """Decision 0006 on a network table's pages too: the host's and a guest's log draw the newest
    moves (the log's markup and the regions compared no longer grow with the game), and "Show
    earlier moves" or the up arrow past the oldest draws earlier ones."""
    import random

    from tests.web.test_net_regions import random_ply, table

    net, (anna,), host_app, host_dom, guest_app, guest_dom = table("boop", 2)
    host, pick = net.host, random.Random(2)
    while host.match.outcome() is None and len(host.match.plies) < 2 * LOG_SHOWN + 2:
        random_ply(net, anna, pick)
        for dom, app in ((host_dom, host_app), (guest_dom, guest_app)):
            drawn = len(dom.changed)
            app.render()
            # Past its first entry a move never draws the log whole, the 51st ("Show earlier
            # moves" appearing, beside the list) included: that was a frame of 55-80 ms (0108).
            if len(host.match.plies) > 1 and len(dom.changed) > drawn:
                assert "log-panel" not in targets(dom.changed[-1]), len(host.match.plies)
    plies = len(host.match.plies)
    assert plies > 2 * LOG_SHOWN, "a long enough game"
    for dom, app in ((host_dom, host_app), (guest_dom, guest_app)):
        assert entries(dom.html) == list(range(plies - LOG_SHOWN + 1, plies + 1))
        first = plies - LOG_SHOWN
        assert f">Show {min(first, LOG_SHOWN)} earlier moves<" in dom.html and dom.html == app.shown
        dom.on_event("key", "replay", str(first + 1), "", "ArrowUp")
        assert entries(dom.html)[0] == max(1, first - LOG_SHOWN + 1) and dom.focused == f"replay-{first}"
        while 'id="log-earlier"' in dom.html:
            shown = entries(dom.html)[0]
            dom.click("log-earlier")
            assert entries(dom.html)[0] == max(1, shown - LOG_SHOWN)
            assert dom.focused == f"replay-{shown - 1}", "the newest of the moves it brought"
        assert entries(dom.html) == list(range(1, plies + 1)) and dom.html == app.shown
