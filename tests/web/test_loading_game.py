"""Opening a game whose rules and board are not loaded yet (a start without the memory snapshot):
a named "Loading <game> · N %" screen in the person's language is drawn first, the game's modules
are imported a task each with the share done shown between, then the game opens (decision 0038)."""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from parlour.engine import Match, encode_link
from parlour.games.boop import GAME
from parlour.web import app as app_mod
from parlour.web import boards
from web.test_match_screen import Dom, open_app, text_of

RU = {"parlour.settings": json.dumps({"lang": "ru", "animations": "system"})}
STEPS = 3


@pytest.fixture
def not_loaded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every game counts as not loaded until its last step has run; its modules (loaded already in
    this process) are imported in three steps as the page would (the real steps: test_boot.py)."""
    asked: list[str] = []

    def opening(gid: str, screen: str = "setup") -> Iterator[float]:
        for done in range(1, STEPS + 1):
            yield done / STEPS
        asked.append(gid)

    monkeypatch.setattr(boards, "loaded", lambda gid: gid in asked)
    monkeypatch.setattr(boards, "opening", opening)
    # A step a task, however quick the steps are here (the slice's own test: below).
    monkeypatch.setattr(app_mod, "OPEN_SLICE_MS", 0.0)
    return asked


def figure(html: str) -> tuple[str, str | None]:
    """The loading words and the bar's value."""
    bar = re.search(r'<progress[^>]*value="(\d+)"', html)
    return text_of(html, "loading-game-text"), bar.group(1) if bar else None


def test_opening_a_game_names_its_loading_with_the_share_done_in_the_persons_language_then_opens_it(
    not_loaded: list[str],
):
    _app, dom = open_app("#/ghosts-galore", dict(RU))
    assert 'data-screen="loading"' in dom.html
    assert figure(dom.html) == ("Загружаем Ghosts Galore · 0 %", "0")
    assert "0\u00a0%" in dom.html, "the number and its sign never part at a line's end"
    seen = []
    while 'data-screen="loading"' in dom.html:
        assert len(dom.timers) == 1, "one step a task: the page paints the figure between two"
        dom.timers.pop(0)()
        seen.append(figure(dom.html))
    assert seen[:-1] == [
        ("Загружаем Ghosts Galore · 33 %", "33"),
        ("Загружаем Ghosts Galore · 67 %", "67"),
        ("Загружаем Ghosts Galore · 100 %", "100"),
    ]
    assert 'data-screen="setup"' in dom.html
    assert not_loaded == ["ghosts-galore"]


def figures_of_an_opening(monkeypatch: pytest.MonkeyPatch, costs: list[int]) -> list[str | None]:
    """Open boop. with import steps that take ``costs`` (ms) each, on a clock each step moves on by
    its own cost: the loading screen's figure after each task, until the game's screen is shown."""
    now = [0.0]
    asked: list[str] = []

    def opening(gid: str, screen: str = "setup") -> Iterator[float]:
        for done, ms in enumerate(costs, 1):
            now[0] += ms / 1000
            yield done / len(costs)
        asked.append(gid)

    monkeypatch.setattr(boards, "loaded", lambda gid: gid in asked)
    monkeypatch.setattr(boards, "opening", opening)
    monkeypatch.setattr(app_mod, "time", SimpleNamespace(perf_counter=lambda: now[0], time=time.time))
    _app, dom = open_app("#/boop", dict(RU))
    shown = []
    while 'data-screen="loading"' in dom.html:
        assert len(dom.timers) == 1
        dom.timers.pop(0)()
        shown.append(figure(dom.html)[1])
    assert 'data-screen="setup"' in dom.html and asked == ["boop"]
    return shown


def test_quick_steps_share_a_task_until_its_slice_is_used_a_slow_one_ends_it(monkeypatch: pytest.MonkeyPatch):
    """Steps of a few ms run back to back in one task (decision 0110), the figure shown between two
    tasks, while the task has room for a step as long as the longest allowed (decision 0113)."""
    assert (app_mod.OPEN_SLICE_MS, app_mod.OPEN_STEP_MS) == (40.0, 25.0)
    shown = figures_of_an_opening(monkeypatch, [4, 4, 4, 4, 30, 4, 4, 4])  # one large module
    # 4+4+4+4 ms (then no room for one of 25), 30 alone, then the three small ones (room for one of
    # 30 after each); the screen is made in a task of its own, after "100 %".
    assert shown == ["50", "62", "100", None]


def test_a_quick_first_step_does_not_take_a_larger_one_into_its_task(monkeypatch: pytest.MonkeyPatch):
    """A game opened before the idle steps: ``web.session`` (15 ms quiet) then the match screen's
    (up to 25): one task of both was 56 ms. The step after a quick one may be as long as a module
    is allowed to be, so each is a task of its own; two quick ones after them still share one."""
    assert figures_of_an_opening(monkeypatch, [15, 25, 4, 4]) == ["25", "50", "100", None]


def test_steps_as_long_as_half_the_slice_stay_a_task_each(monkeypatch: pytest.MonkeyPatch):
    """Steps compiled from source on a loaded machine (20-60 ms): two in one task would pass 50 ms,
    so each is a task of its own, as the longest step so far leaves no room for another."""
    shown = figures_of_an_opening(monkeypatch, [20, 10, 10, 25, 10])
    # 20 ms leaves room for nothing as long (40); 10+10 (the longest so far 20); 25 alone; 10.
    assert shown == ["20", "60", "80", "100", None]


def test_a_screen_reader_hears_a_games_loading_once_not_every_figure(not_loaded: list[str]):
    """The figure changes every step (6-11 times a second on a first start): the loading screen is
    no live region, and the page's own says the phase once, in the person's language."""
    _app, dom = open_app("#/boop", dict(RU))
    assert 'data-screen="loading"' in dom.html
    assert 'role="status"' not in dom.html and "aria-live" not in dom.html
    dom.run_timers()
    assert 'data-screen="setup"' in dom.html
    assert dom.said == ["Загружаем boop.…"]


def test_leaving_while_a_game_loads_drops_the_load(not_loaded: list[str]):
    _app, dom = open_app("#/boop", dict(RU))
    assert 'data-screen="loading"' in dom.html
    dom.set_hash("#/")
    dom.run_timers()
    assert 'data-screen="picker"' in dom.html
    assert not_loaded == []


def test_asking_again_for_a_game_that_is_loading_goes_on_with_the_same_load(not_loaded: list[str]):
    _app, dom = open_app("#/boop", dict(RU))
    dom.timers.pop(0)()
    dom.set_hash("#/boop/rules")
    assert figure(dom.html) == ("Загружаем boop. · 33 %", "33")
    assert len(dom.timers) == 1, "no second load of the same game"
    dom.run_timers()
    assert 'data-screen="rules"' in dom.html and not_loaded == ["boop"]


class Watched(Dom):
    """The page, also recording what it showed when the app said it was up (``data-ready``)."""

    def __init__(self, fragment: str) -> None:
        super().__init__(fragment)
        self.up: list[str] = []

    def loaded(self) -> None:
        self.up.append(self.html)


def started(fragment: str) -> Watched:
    dom = Watched(fragment)
    app_mod.App(dom).start()
    return dom


def a_match_link() -> str:
    match = Match.new(GAME, 2, {"first": "orange"}, 7, {"seats": ["human", "human"]})
    match.play(0, "k@c3")
    return encode_link(match.record)


@pytest.mark.parametrize(
    ("fragment", "screen", "focus"),
    [
        (f"#/boop/play?m={a_match_link()}", 'data-screen="play"', "screen-title"),
        ("#/boop/play?m=AAAAnot-a-real-link", 'id="error-banner"', "screen-title"),
        # An embed's caption links to the rule in the rules help, opened in a new tab.
        ("#/ghosts-galore/rules?rule=GG-3", 'data-screen="rules"', "rule-GG-3"),
    ],
    ids=["match", "damaged", "embed-rule"],
)
def test_an_address_opened_while_its_game_opens_in_steps_is_up_only_with_its_own_screen(
    not_loaded: list[str], fragment: str, screen: str, focus: str
):
    dom = started(fragment)
    assert 'data-screen="loading"' in dom.html
    assert dom.up == [], "a game's loading screen is not the screen the address asks for"
    dom.run_timers()
    assert len(dom.up) == 1 and screen in dom.up[0], (
        "the page is told the app is up with the address's screen"
    )
    assert screen in dom.html and dom.focused == focus and len(not_loaded) == 1


def test_a_person_who_goes_elsewhere_while_a_link_opens_stays_there_whatever_the_order_of_events(
    not_loaded: list[str],
):
    # The browser changes the address at once and tells of it (hashchange) in a task of its own:
    # here the last step of the opening runs in between, then the event comes.
    dom = started(f"#/boop/play?m={a_match_link()}")
    while figure(dom.html)[1] != "100":
        dom.timers.pop(0)()
    assert len(dom.timers) == 1 and not_loaded == [], "the last step, opening the match, is to come"
    dom.hash = "#/settings"
    dom.run_timers()
    dom.on_event("route", "", "", "", "")
    assert 'data-screen="settings"' in dom.html
    assert dom.hash == "#/settings", "the match did not put its own address over the person's"
    assert len(dom.up) == 1 and 'data-screen="settings"' in dom.up[0]


def test_a_person_who_goes_elsewhere_while_a_link_opens_sees_that_screen_and_the_load_stops(
    not_loaded: list[str],
):
    dom = started(f"#/boop/play?m={a_match_link()}")
    dom.timers.pop(0)()
    dom.set_hash("#/settings")
    assert 'data-screen="settings"' in dom.html and dom.up and 'data-screen="settings"' in dom.up[0]
    dom.run_timers()
    assert 'data-screen="settings"' in dom.html and dom.hash == "#/settings" and len(dom.up) == 1


def saved_boop_match() -> dict[str, str]:
    """A device's storage holding one saved boop. match (and Russian as its language)."""
    _app, dom = open_app(f"#/boop/play?m={a_match_link()}", dict(RU))
    assert 'data-screen="play"' in dom.html
    saved = {k: v for k, v in dom.storage.items() if k.startswith("parlour.save.boop.")}
    assert saved, "the match is saved"
    return dict(dom.storage)


def failed_as_told(dom: Watched, kept: dict[str, str]) -> None:
    """The page shows the failure in Russian with the way back focused, is told the app is up,
    and keeps every saved byte."""
    # The game's name never ends a sentence: "boop." would give two full stops.
    said = "Игру boop. не удалось открыть. Сохранённые партии на месте: перезагрузите страницу, чтобы попробовать снова."
    assert 'data-screen="loading"' not in dom.html and 'data-screen="open-failed"' in dom.html
    assert said.split(": ")[0] in text_of(dom.html, "main") and dom.said[-1] == said
    assert dom.focused == "open-failed-back"
    assert re.search(r'<a href="#/" class="button primary" id="open-failed-back">Все игры</a>', dom.html)
    assert len(dom.up) == 1 and dom.timers == []
    assert dom.storage == kept, "nothing saved is lost or changed"
    dom.set_hash("#/")
    assert 'data-screen="picker"' in dom.html and "Продолжить" in dom.html, "the saved match is still offered"


def test_a_game_whose_module_fails_to_import_says_so_with_the_way_back_not_loading_for_ever(
    monkeypatch: pytest.MonkeyPatch,
):
    """A step of the game's opening raises: the loading screen gives way to the error, in the
    person's language, with the picker's link focused; the saved match is kept."""
    storage = saved_boop_match()

    def opening(gid: str, screen: str = "setup") -> Iterator[float]:
        yield 0.5
        raise ImportError("parlour.games.boop.rules: broken")

    monkeypatch.setattr(boards, "loaded", lambda gid: False)
    monkeypatch.setattr(boards, "opening", opening)
    dom = Watched("#/boop/play")
    dom.storage = dict(storage)
    app_mod.App(dom).start()
    assert figure(dom.html) == ("Загружаем boop. · 0 %", "0")
    dom.run_timers()
    failed_as_told(dom, storage)


@pytest.mark.parametrize("step", ["resume", "draw"])
def test_a_saved_match_that_fails_to_open_says_so_and_is_kept(monkeypatch: pytest.MonkeyPatch, step: str):
    """Opening a saved match raises (resuming it, or drawing its first screen): said, not a page
    that stays as it was; the match stays saved for a version that can open it."""
    from parlour.web import session

    storage = saved_boop_match()

    def broken(*_args: object, **_kw: object) -> None:
        raise KeyError("a field this version does not know")

    if step == "resume":
        monkeypatch.setattr(session.LocalSession, "resume", broken)
    else:
        monkeypatch.setattr(boards.board("boop"), "render", broken)
    dom = Watched("#/boop/play")
    dom.storage = dict(storage)
    app_mod.App(dom).start()
    dom.run_timers()
    failed_as_told(dom, storage)


@pytest.mark.parametrize("game_id", ["boop", "boo", "wooly-bully", "ghosts-galore"])
def test_a_games_setup_and_its_first_match_need_neither_the_lessons_nor_the_embeds_modules(
    monkeypatch: pytest.MonkeyPatch, game_id: str
):
    """An opening leaves the rules help's lessons and the embed's and diagram's modules to the idle
    steps (decision 0110): the setup, Start and the match's first screen must not import them (in
    that task, from source, on a first start). Here they cannot be imported at all."""
    import sys

    import parlour.web

    for name in ("embed", "teach", "teach_draw", "diagram"):
        monkeypatch.setitem(sys.modules, f"parlour.web.{name}", None)
        monkeypatch.delattr(parlour.web, name, raising=False)
    _app, dom = open_app(f"#/{game_id}")
    dom.run_timers()  # its opening's steps, where this process has not imported the game yet
    assert 'data-screen="setup"' in dom.html
    dom.click("start")
    for _ in range(3):  # the match's first screen (not the bots' moves after it)
        if 'data-screen="play"' not in dom.html and dom.timers:
            dom.timers.pop(0)()
    assert 'data-screen="play"' in dom.html


class Rtc:
    """The WebRTC bridge, doing nothing (a page's network screens without a network)."""

    def __getattr__(self, name: str) -> object:
        return lambda *args, **kwargs: None


@pytest.mark.parametrize(
    ("fragment", "screen", "words"),
    [
        ("#/join?o=x&s=0123456789ab", "net-join", "Загружаем игру по сети"),
        ("#/boop/host", "net-host", "Загружаем boop."),
    ],
)
def test_a_network_screen_opened_before_its_modules_are_in_loads_them_a_step_a_task_then_opens(
    monkeypatch: pytest.MonkeyPatch, fragment: str, screen: str, words: str
):
    """A guest's invite link or a host's table opened on a start without the snapshot, before the
    idle steps brought the network's modules (decision 0114): they come a step a task with the share
    done on a named loading screen (a guest's page names no game yet), said once, then the screen."""
    asked: list[tuple[str, str]] = []

    def opening(gid: str, screen: str = "setup") -> Iterator[float]:
        for done in range(1, STEPS + 1):
            yield done / STEPS
        asked.append((gid, screen))

    monkeypatch.setattr(boards, "net_loaded", lambda: bool(asked))
    monkeypatch.setattr(boards, "opening", opening)
    monkeypatch.setattr(app_mod, "OPEN_SLICE_MS", 0.0)
    monkeypatch.setitem(sys.modules, "parlour.web.rtc", Rtc())
    monkeypatch.setattr(Dom, "every", lambda self, ms, fn: None, raising=False)  # the host's clock
    _app, dom = open_app(fragment, dict(RU))
    assert figure(dom.html) == (f"{words} · 0 %", "0")
    assert dom.said == [f"{words}…"]
    seen = []
    while 'data-screen="loading"' in dom.html:
        assert len(dom.timers) == 1, "one step a task: the page paints the figure between two"
        dom.timers.pop(0)()
        seen.append(figure(dom.html)[1])
    assert seen == ["33", "67", "100", None]
    assert f'data-screen="{screen}"' in dom.html
    assert asked == ([("", "join")] if screen == "net-join" else [("boop", "host")])


def test_a_guests_page_whose_network_modules_fail_to_import_says_so_with_the_way_back(
    monkeypatch: pytest.MonkeyPatch,
):
    """A guest's page names no game: when its loading fails, the screen names network play."""

    def opening(gid: str, screen: str = "setup") -> Iterator[float]:
        yield 0.5
        raise ImportError("netplay")

    monkeypatch.setattr(boards, "net_loaded", lambda: False)
    monkeypatch.setattr(boards, "opening", opening)
    monkeypatch.setattr(app_mod, "OPEN_SLICE_MS", 0.0)
    _app, dom = open_app("#/join?o=x&s=0123456789ab", dict(RU))
    dom.run_timers()
    assert 'data-screen="open-failed"' in dom.html and "Игру по сети не удалось открыть" in dom.html
    assert dom.focused == "open-failed-back" and dom.said[-1].startswith("Игру по сети не удалось")
