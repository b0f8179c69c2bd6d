"""A change's rules in one task, its drawing in the next (issue #17, decision 0066): while the
drawing waits, the page shows the state before the change, so input is held and acted on only once
the page shows the state it acts on, in the order it came; nothing is lost or acted on twice."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from tests.web.test_regions import RegionDom

from parlour.web import app as app_mod
from parlour.web.session import LocalSession


class TaskDom(RegionDom):
    """The page as a string, with the browser's task queue for :func:`parlour.web.dom.soon`."""

    def __init__(self, fragment: str) -> None:
        super().__init__(fragment)
        self.tasks: list[Callable[[], None]] = []

    def soon(self, fn: Callable[[], None]) -> None:
        self.tasks.append(fn)

    def run_task(self) -> None:
        self.tasks.pop(0)()

    def plies_shown(self) -> int:
        """How many moves the page's log shows."""
        return len(re.findall(r'<li[^>]* id="log-\d+"', self.html))


def on_its_setup(dom: TaskDom) -> app_mod.App:
    """An app started on ``dom``'s address, its game's package loaded and every task run: the setup screen."""
    app = app_mod.App(dom)
    app.start()
    dom.run_timers()  # the game's package loads
    while dom.tasks:
        dom.run_task()
    return app


def boop_against_a_bot() -> tuple[TaskDom, app_mod.App, LocalSession]:
    dom = TaskDom("#/boop")
    app = on_its_setup(dom)
    app.setup_for("boop")["seats"][1] = "easy"
    dom.click("start")
    while dom.tasks:
        dom.run_task()
    session = app.sessions["boop"]
    app.sessions["boop"] = LocalSession.new(session.game, session.seats, app.bots("boop"), {}, "7")
    app.render()
    app.put_ms = float("inf")  # a drawing put on the page in the task that made it, whatever the load
    return dom, app, app.sessions["boop"]


def acting_on_the_page_shown(dom: TaskDom, app: app_mod.App, session: LocalSession) -> list[int]:
    """Every input the app acts on is checked: the page shows the match as it is (the log holds
    every move so far, the page is the markup of the current state). Returns the plies at each."""
    seen: list[int] = []
    handle = app.handle

    def checked(*event: Any) -> None:
        assert not app.draw_pending
        assert dom.html == app.shown
        assert dom.plies_shown() == len(session.match.plies)
        seen.append(len(session.match.plies))
        handle(*event)

    app.handle = checked  # type: ignore[method-assign]
    return seen


def test_a_bots_move_is_drawn_in_the_next_task_and_a_click_meanwhile_waits_for_it():
    dom, app, session = boop_against_a_bot()
    app.split_ms = float("inf")  # the person's moves are quick: drawn in their own task
    seen = acting_on_the_page_shown(dom, app, session)
    while session.ai_to_act() is None:  # the person's turn (a move, perhaps a decision after it)
        dom.click("bench-move", "5")
        assert dom.plies_shown() == len(session.match.plies) and not dom.tasks
    mine = len(session.match.plies)
    while session.ai_to_act() is not None:
        dom.timers.pop(0)()  # the bot thinks (here, no worker) and its move is played
        assert app.draw_pending and dom.plies_shown() == mine  # not drawn yet: the page shows before it
    bot = len(session.match.plies)
    assert bot > mine
    before = dom.html
    dom.click("bench-move", "11")  # the person taps during the gap
    dom.on_event("key", "cell", "c3", "", "ArrowUp")
    assert len(session.match.plies) == bot and dom.html == before  # held: not acted on unseen
    assert len(app.held) == 2
    dom.run_task()  # the drawing
    assert dom.plies_shown() == bot and dom.html == app.shown
    assert len(session.match.plies) == bot  # the held tap acts in a task of its own, after it
    dom.run_task()
    assert len(session.match.plies) == bot + 1 and dom.plies_shown() == bot + 1
    dom.run_task()  # the held key, on the page the tap drew
    assert not dom.tasks and not app.held
    assert seen[-2:] == [bot, bot + 1]


def test_a_slow_move_of_a_person_is_drawn_apart_and_input_keeps_its_order():
    dom, app, session = boop_against_a_bot()
    app.split_ms = 0.0  # every move of the person counts as slow: its drawing waits for the next task
    seen = acting_on_the_page_shown(dom, app, session)
    dom.click("bench-move", "5")
    assert len(session.match.plies) == 1 and dom.plies_shown() == 0 and app.draw_pending
    dom.click("undo")  # held: the player has not seen the move yet, Undo waits for it
    dom.click("bench-move", "8")
    dom.run_task()  # the move drawn
    assert dom.plies_shown() == 1 and len(session.match.plies) == 1
    dom.run_task()  # Undo takes back the move the player now sees
    assert len(session.match.plies) == 0
    dom.run_task()  # Undo's drawing (a quick change is drawn at once only when split_ms allows)
    while dom.tasks:
        dom.run_task()
    assert len(session.match.plies) == 1 and dom.plies_shown() == 1
    assert seen == [0, 1, 0]
    assert dom.html == app.shown and not app.held


def test_without_a_task_queue_every_change_is_drawn_at_once():
    dom, app, session = boop_against_a_bot()
    dom.soon = None  # type: ignore[assignment,method-assign]  # a bridge without it: one task, as before
    app.split_ms = 0.0
    while session.ai_to_act() is None:
        dom.click("bench-move", "5")
        assert dom.plies_shown() == len(session.match.plies) and not app.draw_pending
    dom.timers.pop(0)()  # the bot's move, drawn in the same task
    assert dom.plies_shown() == len(session.match.plies) and not app.draw_pending


class PreparingDom(TaskDom):
    """A page that parses kept layers ahead (:func:`parlour.web.dom.prepare`) and puts them in."""

    def __init__(self, fragment: str) -> None:
        super().__init__(fragment)
        self.prepared: dict[str, str] = {}
        self.preparations: list[list[str]] = []

    def prepare(self, parts: dict[str, str]) -> None:
        self.prepared = dict(parts)
        self.preparations.append(list(parts))

    def _put_in(self, html: str, reused: list[str]) -> str:
        for element_id in reused:
            drawn = self.prepared.pop(element_id, None)
            if drawn is None:  # on the page already
                found = re.search(
                    rf'<g id="{element_id}"><!--keep:.*?<!--/keep:{element_id}--></g>', self.html
                )
                assert found is not None
                drawn = found[0]
            html = html.replace(f'<g id="{element_id}"></g>', drawn)
        return html

    def render_keeping(self, html: str, home: str, reused: list[str]) -> bool:
        self.render(self._put_in(html, reused), home)
        return True

    def redraw(self, changes: list[Any], home: str, reused: list[str]) -> bool:
        for element_id in reused:
            if element_id in self.prepared:  # RegionDom moves the layers it finds on the page
                changes = [c._replace(markup=self._put_in(c.markup, [element_id])) for c in changes]
        return super().redraw(changes, home, [r for r in reused if f'<g id="{r}"><!--keep:' in self.html])


def test_a_boo_matchs_first_screen_is_made_and_drawn_after_it_opens_the_castle_walls_first():
    dom = PreparingDom("#/boo")
    app = on_its_setup(dom)
    app.setup_for("boo")["seats"] = ["human", "hard", "hard"]
    app.split_ms = float("inf")  # a quick start, whatever the machine's load
    setup = dom.html
    dom.click("start")  # the match opens in this task; its screen is made in the next
    dom.timers.clear()  # the bots' clock: not this test's business
    assert dom.preparations == [] and app.draw_pending and dom.html == setup
    dom.run_task()
    assert dom.preparations == [["boo-castle-layer"]]  # the walls parsed off the page, in this task
    assert dom.html == setup and app.draw_pending  # the page still shows the setup screen
    dom.click("boo-hand", "0")  # a press meanwhile waits for the castle
    assert app.held and not app.sessions["boo"].match.plies
    dom.run_task()  # the screen around the walls
    assert 'data-screen="play"' in dom.html and dom.html == app.shown
    assert '<g id="boo-castle-layer"><!--keep:boo-castle-layer:' in dom.html
    while dom.tasks:
        dom.run_task()
    dom.timers.clear()
    plies = app.sessions["boo"].match.plies
    assert [(p.player, p.move["k"]) for p in plies] == [(0, "hand")]  # then acted on, once
    assert 'id="boo-lower-0"' in dom.html
    assert dom.preparations == [["boo-castle-layer"]]  # kept on the page: never parsed again
    assert dom.html == app.shown


def test_a_drawing_that_fails_does_not_leave_input_waiting_for_ever():
    dom, app, session = boop_against_a_bot()
    app.split_ms = 0.0
    dom.click("bench-move", "5")
    dom.click("undo")  # held behind the move's drawing
    render = app.render

    def broken(*_made: str | None, split: bool = False) -> None:
        app.render = render  # type: ignore[method-assign]
        raise RuntimeError("a bug while drawing")

    app.render = broken  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        dom.run_task()
    while dom.tasks:
        dom.run_task()
    assert not app.held and not session.match.plies  # Undo acted all the same
    assert dom.html == app.shown and dom.plies_shown() == 0


def test_a_drawing_made_late_in_its_task_goes_on_the_page_in_the_next_and_input_waits_for_it():
    """The markup made and compared in one task, the page changed in the next (issue #17): the
    page never shows a state it was not drawn from, input waits for it, and a change meanwhile
    is drawn after it, in order."""
    dom, app, session = boop_against_a_bot()
    app.split_ms, app.put_ms = float("inf"), 0.0  # every drawing counts as late in its task
    seen = acting_on_the_page_shown(dom, app, session)
    dom.click("bench-move", "5")
    mine = len(session.match.plies)
    assert mine and dom.plies_shown() == 0 and app.draw_pending  # made, not yet on the page
    dom.click("undo")  # held: the player has not seen the move yet
    assert len(session.match.plies) == mine and app.held
    dom.run_task()  # put on the page
    assert dom.plies_shown() == mine and dom.html == app.shown
    while dom.tasks:  # Undo, on the page that shows the move, then its drawing
        dom.run_task()
    assert seen == [0, mine] and len(session.match.plies) == 0 and dom.plies_shown() == 0
    while session.ai_to_act() is None:
        dom.click("bench-move", "5")
        while dom.tasks:
            dom.run_task()
    dom.timers.pop(0)()  # the bot's move: its rules
    bot = len(session.match.plies)
    dom.run_task()  # its markup made
    assert app.draw_pending and dom.plies_shown() == bot - 1
    dom.timers.pop(0)()  # its next action meanwhile (not held: a timer's, as a peer's move would be)
    assert len(session.match.plies) > bot
    dom.run_task()  # the drawing made before goes on the page, without the change
    assert dom.plies_shown() == bot and app.draw_pending
    while dom.tasks:  # then the change, made and put in tasks of their own
        dom.run_task()
    assert dom.plies_shown() == len(session.match.plies) and dom.html == app.shown
    while session.ai_to_act() is not None:
        dom.timers.pop(0)()
        while dom.tasks:
            dom.run_task()
    dom.click("bench-move", "5")
    assert app.draw_pending and dom.plies_shown() == len(session.match.plies) - 1
    app.render()  # a drawing asked for meanwhile (a timer's): the page ends at the state as it is
    assert dom.plies_shown() == len(session.match.plies) and dom.html == app.shown
    while dom.tasks:
        dom.run_task()
    assert not app.draw_pending and dom.html == app.shown


def boo_start_screens(monkeypatch: pytest.MonkeyPatch) -> tuple[PreparingDom, app_mod.App, list[str]]:
    """A 6-seat Boo! table (1 person, 5 hard bots) on its setup screen, with every screen the app
    makes listed by name; the address changes as in a browser (its event comes in a later task)."""
    dom = PreparingDom("#/boo")
    app = on_its_setup(dom)
    app.setup_for("boo")["seats"] = ["human"] + ["hard"] * 5
    app.split_ms = app.put_ms = float("inf")  # a quick start, whatever the machine's load
    made: list[str] = []
    screen = app.screen

    def counted() -> str:
        made.append(app.route.screen)
        return screen()

    monkeypatch.setattr(app, "screen", counted)
    monkeypatch.setattr(dom, "set_hash", lambda fragment: setattr(dom, "hash", fragment))
    return dom, app, made


def test_a_boo_matchs_first_screen_is_made_once_in_three_tasks(monkeypatch: pytest.MonkeyPatch):
    dom, app, made = boo_start_screens(monkeypatch)
    dom.click("start")
    assert made == []  # the address changes: the setup screen is not made again on its way out
    dom.on_event("route", "", "", "", "")  # the browser's hashchange: the match opens
    assert made == [] and app.draw_pending
    dom.run_task()  # its screen made, the walls parsed
    assert made == ["play"] and dom.preparations == [["boo-castle-layer"]] and app.draw_pending
    dom.run_task()  # the screen around the walls: the markup the task before made, not made again
    assert made == ["play"]
    assert 'data-screen="play"' in dom.html and dom.html == app.shown and not app.draw_pending


def test_a_change_between_the_two_tasks_makes_the_first_screen_again(monkeypatch: pytest.MonkeyPatch):
    dom, app, made = boo_start_screens(monkeypatch)
    dom.click("start")
    dom.on_event("route", "", "", "", "")
    dom.run_task()
    later = app_mod.now_ms() + 600_000
    monkeypatch.setattr(app_mod, "now_ms", lambda: later)  # every bot's first action is due
    dom.timers.pop(0)()  # the match's clock, before the screen's task: a bot acts
    plies = app.sessions["boo"].match.plies
    assert plies and made == ["play"]
    dom.run_task()
    assert made == ["play", "play"]  # made again: the one the task before made is out of date
    assert dom.html == app.shown and dom.plies_shown() == len(plies)


def test_play_again_makes_the_new_matchs_first_screen_once(monkeypatch: pytest.MonkeyPatch):
    dom, app, made = boo_start_screens(monkeypatch)
    dom.click("start")
    dom.on_event("route", "", "", "", "")
    while dom.tasks:
        dom.run_task()
    session = app.sessions["boo"]
    made.clear()
    dom.click("play-again")  # the same address: no route event, the click opens the new match
    assert app.sessions["boo"] is not session and made == []
    dom.run_task()
    assert made == ["play"] and len(dom.preparations) == 2  # the new castle's walls, parsed ahead
    dom.run_task()
    assert made == ["play"] and dom.html == app.shown and not dom.tasks


def test_a_new_screen_made_late_in_its_task_is_drawn_whole_in_the_next():
    """A screen drawn whole (a match's first, a network table's lobby becoming its match) is made in
    one task and put on the page in the next when its task ran late (issue #17: 50-70 ms of markup
    and parsing in one task): the page shows the screen before until then, and a tap waits for it."""
    dom = TaskDom("#/boop")
    app = on_its_setup(dom)
    app.split_ms, app.put_ms = float("inf"), 0.0  # every drawing counts as late in its task
    setup = dom.html
    dom.click("start")  # the match opens in this task; its screen is made in the next
    dom.run_task()
    assert app.draw_pending and dom.html == setup and 'data-screen="play"' in app.putting[0]
    dom.click("bench-move", "5")  # held: the player cannot see the board yet
    assert app.held and not app.sessions["boop"].match.plies
    dom.run_task()  # put on the page whole
    assert 'data-screen="play"' in dom.html and dom.html == app.shown
    while dom.tasks:
        dom.run_task()
    assert len(app.sessions["boop"].match.plies) == 1 and dom.plies_shown() == 1
