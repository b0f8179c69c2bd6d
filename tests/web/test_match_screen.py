"""The shared match screen on CPython: the app driven by the same events the page sends, its markup
read back. What a player would notice: the status names the decision, a refusal appears beside the
board on the cell, the log lists automatic steps, the privacy screen covers a hot-seat player's
secrets until they hold the device."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from types import SimpleNamespace
from typing import Any

import pytest

from parlour.engine import Match, encode_link
from parlour.games.boop import GAME
from parlour.web import app as app_mod
from parlour.web import context, match_log
from parlour.web.boards import boop as boop_board
from parlour.web.saves import Saves
from parlour.web.session import HUMAN, LocalSession, Seat
from toygame import GAME as TOY


class Dom:
    """The page as the app sees it: storage, the URL fragment, the last markup drawn, focus."""

    def __init__(self, fragment: str = "#/", storage: dict[str, str] | None = None) -> None:
        self.storage = {} if storage is None else storage
        self.hash = fragment
        self.html = ""
        self.focused = ""
        self.said: list[str] = []
        self.timers: list[Any] = []
        self.copied: list[str] = []
        self.copied_text: list[str] = []

    def storage_get(self, key: str) -> str | None:
        return self.storage.get(key)

    def storage_set(self, key: str, value: str) -> None:
        self.storage[key] = value

    def storage_remove(self, key: str) -> None:
        self.storage.pop(key, None)

    def languages(self) -> list[str]:
        return ["en"]

    def listen(self, on_event: Any) -> None:
        self.on_event = on_event

    def update_waiting(self) -> bool:
        return False

    def location_hash(self) -> str:
        return self.hash

    def set_hash(self, fragment: str) -> None:
        self.hash = fragment
        self.on_event("route", "", "", "", "")

    def replace_hash(self, fragment: str) -> None:
        self.hash = fragment

    def page_url(self) -> str:
        return "http://127.0.0.1:8000/"

    def loaded(self) -> None:
        pass

    def set_language(self, lang: str, title: str) -> None:
        pass

    def render(self, html: str, home: str = "") -> None:
        self.html, self.home = html, home

    def focus(self, element_id: str) -> None:
        self.focused = element_id

    def announce(self, text: str) -> None:
        self.said.append(text)

    def copy(self, text: str) -> None:
        self.copied.append(text)

    def copy_text(self, text: str) -> None:
        self.copied_text.append(text)

    def later(self, ms: int, fn: Any) -> None:
        self.timers.append(fn)

    def reduced_motion(self) -> bool:
        return False

    def click(self, action: str, arg: str = "") -> None:
        self.on_event("click", action, arg, "", "")

    def run_timers(self) -> None:
        while self.timers:
            self.timers.pop(0)()


class Text(HTMLParser):
    """The text of the element with ``id`` (and everything inside it)."""

    def __init__(self, wanted: str) -> None:
        super().__init__()
        self.wanted, self.depth, self.parts = wanted, 0, []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth or dict(attrs).get("id") == self.wanted:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


def text_of(html: str, element_id: str) -> str:
    parser = Text(element_id)
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def hotseat(moves: list[str], seats: tuple[str, str] = (HUMAN, HUMAN)) -> str:
    match = Match.new(GAME, 2, {"first": "orange"}, 1, {"seats": list(seats)})
    for move in moves:
        match.play(GAME.to_act(match.state)[0], move)
    return encode_link(match.record)


def open_app(fragment: str, storage: dict[str, str] | None = None) -> tuple[app_mod.App, Dom]:
    dom = Dom(fragment, storage)
    app = app_mod.App(dom)
    app.start()
    return app, dom


def test_the_status_names_the_decision_and_its_buttons_sit_beside_it():
    _app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1'])}")
    assert text_of(dom.html, "status") == "Orange: Bring your ghost cat in at the edge of the bed, or not."
    assert "No ghost this turn" in text_of(dom.html, "choices")
    dom.click("ghost", "g:-")
    assert text_of(dom.html, "status").startswith("Purple: Place a kitten or a cat")
    assert "Kitten (8)" in text_of(dom.html, "choices") and 'id="kind-kitten"' in dom.html


def test_a_refused_click_is_explained_beside_the_board_on_its_cell_with_the_rule_as_a_link():
    # BP-2: a piece goes on an empty cell; a1 is taken.
    _app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1', 'g:-'])}")
    dom.click("cell", "a1")
    reason = text_of(dom.html, "refusal")
    assert reason == "a1 is taken: place on an empty cell."
    assert "(BP-" not in reason and 'id="error-banner"' not in dom.html
    assert re.search(r'<a href="#/boop/rules\?rule=BP-2" class="rule-link"', dom.html)
    assert re.search(r'<g class="cell refused" id="cell-a1"', dom.html)
    assert dom.focused == "cell-a1" and dom.said[-1].startswith("a1 is taken")
    dom.click("cell", "b2")  # a legal placement clears the refusal
    assert text_of(dom.html, "refusal") == ""


def test_a_cell_chosen_at_the_ghost_decision_says_what_to_do_and_moves_focus_to_the_entries():
    """Keyboard play (newcomer's finding 1): after a placement the ghost decision is due; Enter on a
    cell must not strand the player on cells that can do nothing now."""
    _app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1'])}")
    dom.click("cell", "c3")  # Enter on a cell: the same action as a click
    reason = text_of(dom.html, "refusal")
    assert "ghost cat" in reason and "No ghost this turn" in reason, reason
    assert "not the decision due now" not in reason
    assert dom.said[-1] == reason
    # Focus went to the entries: one Tab stop (tabindex 0), the arrows go round, Enter chooses.
    assert dom.focused.startswith("entry-")
    first = re.search(rf'<g class="entry [a-z]+" role="button" tabindex="0"[^>]*id="{dom.focused}"', dom.html)
    assert first, "the focused entry is the group's Tab stop"
    was = dom.focused
    dom.on_event("key", "ghost", "", "", "ArrowRight")
    assert dom.focused.startswith("entry-") and dom.focused != was
    entry = dom.focused.removeprefix("entry-")
    dom.click("ghost", f"g:{entry}")
    assert text_of(dom.html, "status").startswith("Purple: Place a kitten or a cat")


def test_a_refusal_links_its_rule_by_name_and_never_shows_the_code_as_words():
    for lang, name in (
        ("en", "rule: Order of a turn"),
        ("ru", "правило: Порядок хода"),
        ("uk", "правило: Порядок ходу"),
    ):
        _app, dom = open_app(
            f"#/boop/play?m={hotseat(['k@a1'])}", {"parlour.settings": f'{{"lang": "{lang}"}}'}
        )
        dom.click("cell", "c3")
        link = re.search(r'<a href="#/boop/rules\?rule=BP-D1" class="rule-link"[^>]*>([^<]*)</a>', dom.html)
        assert link and link.group(1) == name, (lang, link and link.group(1))
        assert "BP-" not in text_of(dom.html, "feedback")


def test_rule_codes_are_taken_out_of_sentences_once_each():
    assert context.split_rule("Taken (BP-2). (BP-2)") == ("Taken.", ["BP-2"])
    assert context.split_rule("Plain words.") == ("Plain words.", [])


def test_the_log_lists_automatic_steps_under_their_move():
    # BP-14, BP-15: the orange ghost entered at top-c floats down a seam by itself at the end of
    # orange's next turn and boops the kitten beside it; the log says so under that move.
    app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1', 'g:top-c', 'k@f1', 'g:-'])}")
    dom.click("cell", "c5")
    entry = text_of(dom.html, f"log-{len(app.sessions['boop'].match.plies) - 1}")
    assert "floats" in entry and "Boop! c5 to b5" in entry


class PrivateBoop(SimpleNamespace):
    """boop.'s board declaring hidden information, to drive the privacy screen through the app."""


def private_board() -> Any:
    return PrivateBoop(
        render=boop_board.render,
        act=boop_board.act,
        decision=boop_board.decision,
        PRIVATE=True,
    )


def test_the_privacy_screen_covers_each_hot_seat_turn_until_the_player_holds_the_device(monkeypatch):
    board = private_board()
    monkeypatch.setattr(app_mod.boards, "board", lambda gid: board)
    app, dom = open_app(f"#/boop/play?m={hotseat([])}")
    assert text_of(dom.html, "status") == "Pass the device to Orange"
    assert 'id="privacy"' in dom.html and "boop-bed" not in dom.html
    assert app.context(app.sessions["boop"]).viewer is None, "nobody's secrets are drawn yet"
    dom.click("cell", "a1")  # a click meant for the hidden board does nothing
    assert not app.sessions["boop"].match.plies
    dom.click("reveal", "0")
    assert "boop-bed" in dom.html and 'id="privacy"' not in dom.html
    assert app.context(app.sessions["boop"]).viewer == 0
    dom.click("cell", "a1")
    assert "boop-bed" in dom.html, "the same player goes on deciding about the ghost"
    dom.click("ghost", "g:-")
    assert text_of(dom.html, "status") == "Pass the device to Purple", "the turn ended: covered again"
    assert "boop-bed" not in dom.html


def test_focus_goes_to_the_status_when_the_button_it_was_on_is_gone():
    """Wooly Bully, two people: the privacy screen's button and a decision's button vanish when
    pressed. Focus goes to the status (the next decision in words), which takes focus from a script
    without being a Tab stop; it fell to the page's body before, and a keyboard player started over
    from the top of the page."""
    from parlour.games.wooly_bully import GAME as WOOLY

    match = Match.new(WOOLY, 2, {}, 1, {"seats": [HUMAN, HUMAN]})
    app, dom = open_app(f"#/wooly-bully/play?m={encode_link(match.record)}")
    dom.run_timers()  # the game's package loaded, its screen opened
    assert 'id="privacy"' in dom.html
    dom.click("reveal", str(WOOLY.to_act(match.state)[0]))
    assert dom.focused == "status"
    assert re.search(r'<p [^>]*id="status"[^>]*tabindex="-1"|<p [^>]*tabindex="-1"[^>]*id="status"', dom.html)
    assert dom.home == "status", "a board with no home of its own: a vanished button's focus goes here"
    app.ui["home"] = "cell-c3"
    app.render()
    assert dom.home == "cell-c3", "a board's own home (boop.'s cursor) comes first"


def test_no_privacy_screen_against_the_ai_or_on_a_board_without_secrets(monkeypatch):
    session = LocalSession.new(TOY, [Seat(HUMAN), Seat("random")], {"random": lambda: None}, seed=1)
    assert context.privacy_seat(session, True, None) is None
    people = LocalSession.new(TOY, [Seat(HUMAN), Seat(HUMAN)], {}, seed=1)
    assert context.privacy_seat(people, False, None) is None
    assert context.privacy_seat(people, True, None) == 0
    assert context.privacy_seat(people, True, 0) is None
    markup = context.privacy_screen(lambda key, **p: f"{key}:{p.get('name', '')}", "Anna", 1)
    assert 'data-action="reveal" data-arg="1"' in markup and "app.privacy.title:Anna" in markup


@pytest.mark.parametrize("name", ["render", "act"])
def test_every_registered_board_keeps_the_required_interface(name):
    from parlour.web import boards

    for gid in boards.BOARDS:
        module = boards.board(gid)
        if module is not None:
            assert callable(getattr(module, name))


def test_the_share_link_is_always_the_current_moment_and_copy_confirms():
    _app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1', 'g:-'])}")
    dom.click("share")
    first = re.search(r'id="share-link" value="([^"]+)"', dom.html)
    assert first is not None and dom.focused == "copy"
    dom.click("cell", "d4")
    later = re.search(r'id="share-link" value="([^"]+)"', dom.html)
    assert later is not None and later.group(1) != first.group(1), "a move makes a new link"
    dom.click("copy")
    assert dom.copied == [later.group(1).replace("&amp;", "&")]
    assert text_of(dom.html, "copied") == "Link copied." and dom.said[-1] == "Link copied."


def test_a_shared_link_opens_as_its_own_match_and_keeps_the_saved_one():
    storage: dict[str, str] = {}
    app, dom = open_app("#/boop", storage)
    dom.click("start")
    dom.click("cell", "c3")  # my own game against the AI: one move of mine
    mine = app.sessions["boop"].dumps()
    # A friend's link, opened later in the same browser.
    app2, dom2 = open_app(f"#/boop/play?m={hotseat(['k@f6', 'g:-', 'k@a1'])}", storage)
    assert len(app2.sessions["boop"].match.plies) == 3
    saved = Saves("boop", storage.get, storage.__setitem__, lambda k: storage.pop(k, None))
    assert len(saved.slots()) == 2, "both matches are kept"
    assert saved.record(saved.slots()[1]) == mine, "my game is still there, and older"
    # The picker resumes the newest; the list offers both, newest first.
    dom2.set_hash("#/")
    assert f'href="#/boop/play?s={saved.slots()[0]}"' in dom2.html
    assert text_of(dom2.html, "saved-boop").startswith("2 saved games")
    dom2.set_hash(f"#/boop/play?s={saved.slots()[1]}")
    assert app2.sessions["boop"].dumps() == mine


def saved_pair(storage: dict[str, str]) -> tuple[Saves, str, str, str]:
    """A saved match of one move, and after it a damaged save (cut short): the saves, the slots
    (whole, damaged) and the damaged record as stored."""
    app, dom = open_app("#/boop", storage)
    dom.click("start")
    dom.click("cell", "c3")
    saves = Saves("boop", storage.get, storage.__setitem__, lambda k: storage.pop(k, None))
    whole = saves.slots()[0]
    damaged = app.sessions["boop"].dumps()[:-5]
    saves.put("ff", damaged)
    return saves, whole, "ff", damaged


def test_a_damaged_save_is_listed_as_damaged_kept_on_resume_with_why_and_deleted_only_when_asked():
    storage: dict[str, str] = {}
    saves, whole, slot, damaged = saved_pair(storage)
    app, dom = open_app("#/", storage)
    # The picker resumes the whole match; its list, open, says which one is damaged.
    assert f'href="#/boop/play?s={whole}" class="button" id="resume-boop"' in dom.html
    assert text_of(dom.html, "saved-boop") == "2 saved games Game 1: damaged Delete Game 2: 1 move"
    assert re.search(r'<details[^>]*id="saved-boop"[^>]* open', dom.html)
    # Resuming it says why it cannot be, keeps it, and opens no other match in its place.
    dom.set_hash(f"#/boop/play?s={slot}")
    assert app.route.screen == "setup" and "boop" not in app.sessions
    assert text_of(dom.html, "error-banner") == (
        "This saved game cannot be resumed. The saved game is damaged and cannot be read."
        " It is kept until you delete it. Delete ×"
    )
    assert saves.record(slot) == damaged and saves.slots() == [slot, whole]
    # Deleted when the player asks: from the banner, which goes, the focus on the screen's title.
    dom.click("delete-save", f"boop/{slot}")
    assert saves.slots() == [whole] and saves.record(slot) is None
    assert 'id="error-banner"' not in dom.html and dom.focused == "screen-title"
    assert dom.said[-1] == "The saved game is deleted."
    dom.set_hash("#/")
    assert 'id="saved-boop"' not in dom.html and 'id="resume-boop"' in dom.html


def test_a_save_that_does_not_replay_is_marked_damaged_once_tried_and_deleted_from_the_picker_in_russian():
    storage: dict[str, str] = {"parlour.settings": '{"lang": "ru"}'}
    saves, whole, slot, _ = saved_pair(storage)
    record = json.loads(saves.record(whole) or "")
    record["moves"][0][1] = "k@z9"  # reads, but its move is not a move of boop.
    saves.put(slot, json.dumps(record))
    _app, dom = open_app("#/", storage)
    assert text_of(dom.html, "saved-boop") == "2 сохранённые партии Партия 1: 1 ход Партия 2: 1 ход"
    dom.set_hash(f"#/boop/play?s={slot}")
    assert text_of(dom.html, "error-banner").startswith(
        "Эту партию нельзя продолжить. Сохранённая партия не воспроизводится: ход 1 не по правилам."
    )
    dom.set_hash("#/")
    assert (
        text_of(dom.html, "saved-boop") == "2 сохранённые партии Партия 1: повреждена Удалить Партия 2: 1 ход"
    )
    assert 'aria-label="Удалить партию 1"' in dom.html
    dom.click("delete-save", f"boop/{slot}")
    assert saves.slots() == [whole] and dom.focused == "resume-boop"
    assert 'id="saved-boop"' not in dom.html and dom.said[-1] == "Сохранённая партия удалена."
    dom.click("delete-save", f"boop/{whole}")  # the last one: focus on the game's Play
    assert saves.slots() == [] and dom.focused == "play-boop" and 'id="resume-boop"' not in dom.html


def finished_game(seed: int) -> list[str]:
    """The moves of a random two-person game of boop. that ends with a line of three cats."""
    from parlour.engine.rng import Rng

    for attempt in range(50):
        rng = Rng.from_seed(f"end:{seed}:{attempt}")
        match = Match.new(GAME, 2, {"first": "orange"}, 1, {"seats": [HUMAN, HUMAN]})
        while match.outcome() is None and len(match.plies) < 400:
            player = GAME.to_act(match.state)[0]
            legal = GAME.legal_moves(match.state, player)
            match.play(player, legal[rng.below(len(legal))])
        outcome = match.outcome()
        if outcome is not None and outcome.reason == "boop.end.line":
            return [p.move for p in match.record.plies]
    raise AssertionError("no game ended with a line")


def play_move(dom: Dom, move: str) -> None:
    """Play ``move`` through the screen, as a person clicks it."""
    if move[:2] in ("k@", "c@"):
        dom.click("kind", "kitten" if move[0] == "k" else "cat")
        dom.click("cell", move[2:])
    elif move.startswith("g:"):
        dom.click("ghost", move)
    else:
        dom.click("graduate", move)


def test_the_end_dialog_can_be_dismissed_to_see_the_winning_line_and_reopened():
    moves = finished_game(1)
    app, dom = open_app(f"#/boop/play?m={hotseat(moves[:-1])}")
    play_move(dom, moves[-1])
    assert app.sessions["boop"].outcome() is not None
    assert 'id="end-screen"' in dom.html and dom.focused == "play-again", "focus moves into the dialog"
    assert '<div class="play match" id="match" inert>' in dom.html, "the rest is inert while it is open"
    # BP-20: the winning line of three cats is highlighted on the board.
    assert len(re.findall(r'class="cell[^"]* win"', dom.html)) >= 3
    dom.on_event("key", "", "", "", "Escape")
    assert 'id="end-screen"' not in dom.html and dom.focused == "end-open"
    assert len(re.findall(r'class="cell[^"]* win"', dom.html)) >= 3
    dom.click("end-open")
    assert 'id="end-screen"' in dom.html and dom.focused == "play-again"
    dom.click("end-close")
    assert 'id="end-screen"' not in dom.html and 'id="end-open"' in dom.html


def test_each_event_animates_once_and_a_move_takes_at_most_600_ms():
    _app, dom = open_app(f"#/boop/play?m={hotseat(['k@c3', 'g:-', 'k@d3', 'g:-'])}")
    dom.click("cell", "d4")  # BP-3: the new kitten boops d3 to d2 and c3 to b2
    animated = re.findall(r'class="anim[^"]*" style="([^"]+)"', dom.html)
    assert animated, "the move is animated"
    ends = [
        int(re.search(r"--delay:(\d+)ms", s).group(1)) + int(re.search(r"--dur:(\d+)ms", s).group(1))
        for s in animated
    ]
    assert max(ends) <= context.MOVE_MS
    dom.click("kind", "kitten")  # a selection change redraws without replaying the move
    assert 'class="anim' not in dom.html


@pytest.mark.parametrize("steps", [1, 2, 3, 5, 9])
@pytest.mark.parametrize("speed", [1.0, 0.5])
def test_a_move_of_any_length_fits_in_600_ms_scaled_by_speed(steps, speed):
    assert context.move_duration(steps, speed) <= context.MOVE_MS * speed
    assert context.timing(steps, 0.0) == context.Timing(0, 0)


def test_saves_keep_several_matches_newest_first_and_move_an_old_single_save_into_a_slot():
    storage = {"parlour.save.boop": "old", "parlour.notes.boop": "{}"}
    saves = Saves("boop", storage.get, storage.__setitem__, lambda k: storage.pop(k, None))
    assert saves.slots() == ["0"] and saves.record("0") == "old" and "parlour.save.boop" not in storage
    for n in range(1, 12):
        saves.put(str(n), f"r{n}")
    assert saves.slots()[:3] == ["11", "10", "9"] and len(saves.slots()) == 8
    assert saves.record("0") is None, "the oldest beyond eight are dropped"
    saves.put("5", "again")
    assert saves.slots()[0] == "5"
    saves.delete("5")
    assert "5" not in saves.slots() and saves.record("5") is None
    storage["parlour.saves.boop"] = "{damaged"
    assert saves.slots() == []


def test_side_panels_fold_away_and_start_folded_on_a_narrow_screen():
    _app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1'])}")
    assert 'id="log-body"' in dom.html and 'id="log-body" hidden' not in dom.html
    dom.click("fold", "log")
    assert 'id="log-body" hidden' in dom.html and 'aria-expanded="false"' in dom.html
    assert dom.focused == "fold-log"
    narrow = Dom(f"#/boop/play?m={hotseat(['k@a1'])}")
    narrow.narrow = lambda: True  # type: ignore[attr-defined]
    app_mod.App(narrow).start()
    assert 'id="log-body" hidden' in narrow.html, "below the board, folded, on a phone"


def test_a_rule_link_opens_the_rules_help_at_that_rule_with_no_code_in_its_sentences():
    _app, dom = open_app("#/boop/rules?rule=BP-2")
    assert re.search(
        r'<p id="boop\.help\.[a-z0-9-]+" class="wanted"><span class="rule-ids"><span id="rule-BP-2"', dom.html
    )
    assert dom.focused == "rule-BP-2"
    sentences = re.findall(r"</span></span>([^<]*)</p>", dom.html)
    assert sentences and not any(re.search(r"\(BP-\d+", s) for s in sentences)


def test_a_log_entry_shows_that_moment_read_only_with_a_way_back():
    app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1', 'g:-', 'k@f6'])}")
    # The first entry (k@a1): the position after it, with the kitten on a1 (decision 0072).
    dom.click("replay", "1")
    assert text_of(dom.html, "status").startswith("Showing the position after move 1")
    assert 'data-cell="a1"' in dom.html and 'data-cell="f6"' not in dom.html
    assert '<li class="current" id="log-0">' in dom.html
    dom.click("replay", "2")
    assert text_of(dom.html, "status").startswith("Showing the position after move 2")
    assert 'id="choices"' not in dom.html and 'class="legal"' not in dom.html
    assert 'id="back-to-game"' in dom.html and 'aria-pressed="true"' in dom.html
    dom.click("cell", "c3")  # the board takes no input in a replay
    assert len(app.sessions["boop"].match.plies) == 3
    dom.on_event("key", "", "", "", "Escape")
    assert 'id="back-to-game"' not in dom.html and 'id="choices"' in dom.html


def test_the_log_is_one_tab_stop_and_the_arrows_move_along_it():
    """However long the game, the log costs one Tab stop (the newest entry, or the one shown); the
    arrows move the focus along it without showing anything until Enter."""
    _app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1', 'g:-', 'k@f6'])}")
    stops = re.findall(r'<button[^>]*id="replay-(\d)"[^>]*tabindex="(-?\d)"', dom.html)
    assert stops == [("1", "-1"), ("2", "-1"), ("3", "0")]
    dom.on_event("key", "replay", "3", "", "ArrowUp")
    assert dom.focused == "replay-2" and "Showing the position" not in dom.html
    dom.on_event("key", "replay", "1", "", "ArrowUp")
    assert dom.focused == "replay-1", "the first entry is as far as it goes"
    dom.click("replay", "1")
    assert re.search(r'id="replay-1"[^>]*tabindex="0"', dom.html), "the entry shown is the stop"


def test_the_boop_help_anchors_every_rule_its_paragraphs_explain_without_codes_in_the_words():
    """BP-1 .. BP-21: each rule of the digest is an anchor of the help (so a refusal's link lands
    on it), taken from the board's HELP_RULES, while the paragraphs' words carry no code."""
    from functools import partial

    from parlour.i18n import translate
    from parlour.web import screens
    from parlour.web.boards import boop as board

    t = partial(translate, "ru")
    html = screens.rules(t, "boop", list(board.HELP_RULES), None, "BP-16", board.HELP_RULES)
    for n in range(1, 22):
        assert f'id="rule-BP-{n}"' in html
    assert 'class="wanted"><span class="rule-ids"><span id="rule-BP-16"' in html
    words = re.sub(r"<[^>]+>", " ", html)
    assert not re.search(r"\(BP-", words)


def test_each_log_line_embeds_the_moment_after_its_move_and_focus_comes_back():
    _app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1', 'g:-', 'k@f6'])}")
    button = re.search(r'<button[^>]*id="embed-2"[^>]*>', dom.html)
    assert button and 'aria-label="Embed the moment after move 2"' in button.group(0)
    assert dom.html.count('class="log-embed"') == 3
    dom.click("embed", "2")
    assert 'id="embed-dialog"' in dom.html and dom.focused == "embed-title"
    snippet = text_of(dom.html, "embed-snippet")
    assert "http://127.0.0.1:8000/embed.html#game=boop&amp;m=" in snippet and "&amp;step=2" in snippet
    assert re.search(r'src="./embed.html#game=boop&amp;m=[\w-]+&amp;step=2"[^>]*id="embed-preview"', dom.html)
    # boop. has a position editor: the dialog opens it at this moment (after move 2: a1 and no ghost).
    edit = re.search(r'href="(#/boop/editor\?pos=[^"]+)"[^>]*id="embed-edit"', dom.html).group(1)
    dom.set_hash(edit)
    assert 'value="6/6/6/6/6/o5 7k0c/8k0c 8/8 -/- p place"' in dom.html
    dom.set_hash(f"#/boop/play?m={hotseat(['k@a1', 'g:-', 'k@f6'])}")
    dom.click("embed", "2")
    dom.on_event("key", "", "", "", "Escape")
    assert 'id="embed-dialog"' not in dom.html and dom.focused == "embed-2"
    dom.click("embed")  # the match screen's own button: the moment shown (live: after the last move)
    assert "&amp;step=3" in text_of(dom.html, "embed-snippet")
    dom.click("embed-close")
    assert dom.focused == "embed"


def test_a_log_entry_says_the_move_in_words_and_keeps_its_notation_out_of_sight():
    """Newcomer report item 5 (decision 0099): the log's entries show the player's words only; the
    raw notation (English, code-like: ``k@a1``, ``take 79 a2 r0``) is the entry's tooltip and data
    attribute, never visible text, in every language."""
    from functools import partial

    from parlour.i18n import translate

    _app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1', 'g:-', 'k@f6'])}")
    entry = text_of(dom.html, "log-0")
    assert entry.startswith("1. Orange places a kitten on a1") and "k@a1" not in entry
    assert re.search(r'<button[^>]*id="replay-1"[^>]*title="k@a1"[^>]*data-notation="k@a1"', dom.html)
    assert "<code>" not in dom.html
    t = partial(translate, "ru")
    item = match_log.LogItem(4, "Аня берёт плитку", "take 79 a2 r0", ["событие"])
    for replayable in (True, False):
        html = match_log.log_entry_markup(t, item, current=False, replayable=replayable)
        words = re.sub(r"<[^>]+>", " ", html)
        assert "5. Аня берёт плитку" in words and "take" not in words
        assert 'title="take 79 a2 r0"' in html and 'data-notation="take 79 a2 r0"' in html
