"""Boo!'s rules help that teaches (issues #14, #11), built like boop.'s: goal first, short sections
with headings, every rule the engine names an anchor in every language, no rule codes in the words."""

from __future__ import annotations

import html as html_lib
import json
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from parlour.games.boo import GAME
from parlour.games.boo.castle import COLOURS, parse_cell
from parlour.games.boo.solver import shortest_routes
from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import app as app_mod
from parlour.web import diagram, teach
from parlour.web.boards import boo as board
from web import help_pages
from web.help_pages import words

RULE = re.compile(r"\bBO-D?\d+\b")
SRC = Path(__file__).resolve().parents[2] / "pysrc" / "parlour"


def help_html(lang: str, wanted: str = "") -> str:
    return help_pages.help_html("boo", board, lang, wanted)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_goal_comes_first_then_short_sections_with_headings_in_each_language(lang):
    html = help_html(lang)
    headings = re.findall(r'<h2 id="help-([a-z]+)" tabindex="-1">([^<]+)</h2>', html)
    toc = re.findall(r'href="#/boo/rules\?at=([a-z]+)"', html)
    assert toc == [h for h, _ in headings] == [name for name, _ in board.HELP]
    assert headings[0][0] == "goal" and {"route", "tokens", "claim", "walls", "hands", "end"} <= set(toc)
    first = re.search(r"<p id=\"([^\"]+)\"", html)
    assert first and first.group(1) == "boo.help.goal"
    words_of = catalogue(lang)
    for key in board.HELP_RULES:  # every paragraph written in this language, and short
        assert key in words_of and len(words_of[key].split()) <= 60, key
    for name, title in headings:  # a heading of its own, never the key or (but for names) English
        assert title != f"boo.help-h.{name}"
        if lang != "en" and name not in ("claim",):
            assert title != translate("en", f"boo.help-h.{name}"), name


def cited_rules() -> set[str]:
    """Every rule id the code can cite (refusals, captions, log lines): each must have an anchor."""
    found: set[str] = set()
    for path in [*SRC.joinpath("games", "boo").glob("*.py"), *SRC.joinpath("web", "boards").glob("boo*.py")]:
        found |= set(re.findall(r'"(BO-D?\d+)"', path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_is_an_anchor_named_in_words_and_no_code_is_in_the_prose(lang):
    html = help_html(lang, wanted="BO-15")
    anchors = re.findall(
        r'<span id="rule-(BO-D?\d+)" class="rule-id" data-rule="\1"[^>]*>([^<]+)</span>', html
    )
    ids = [a for a, _ in anchors]
    assert len(ids) == len(set(ids)), "each anchor once"
    assert cited_rules() <= set(ids) and "BO-16" in ids
    for rule, name in anchors:  # an anchor shows the rule's name, never its code
        assert html_lib.unescape(name) == translate(lang, f"boo.rule.{rule}") and not RULE.search(name)
    assert not RULE.search(words(html)), RULE.search(words(html))
    assert 'class="wanted"><span class="rule-ids"><span id="rule-BO-15"' in html


# --- live examples and exercises -------------------------------------------------------------
LESSONS = [teach.Lesson(*row) for row in board.LESSONS]


def test_the_lessons_cover_the_main_rules_with_examples_and_at_least_two_exercises():
    paras = {lesson.para for lesson in LESSONS}
    assert {"route", "trapdoor", "transition", "wrong", "walls", "hands"} <= paras
    assert len([x for x in LESSONS if x.goal]) >= 2
    assert len({x.id for x in LESSONS}) == len(LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_is_a_legal_position_whose_moves_replay_and_whose_exercise_is_solved_by_its_answer(
    lesson,
):
    moves = teach.moves_of(lesson.moves)
    shown = diagram.load("boo", lesson.pos, moves)  # raises if a move is not legal where played
    assert shown.steps == len(moves)
    assert GAME.encode_state(shown.state(0)) == json.loads(lesson.pos), "the position is the engine's own"
    assert lesson.para in {k for _, paras in board.HELP for k in paras}
    if not lesson.goal:
        assert moves and lesson.answer == ""
        return
    assert not moves and lesson.answer
    live = teach.Live(lesson, "boo", "en")
    live.act("show")
    assert live.verdict is True, f"the answer {lesson.answer} reaches {lesson.goal}"
    assert live.feedback == "Right! Well done." and 'data-verdict="right"' in live.markup()


def test_the_examples_show_what_the_rulebook_says_each_rule_does():
    by_id = {x.id: diagram.load("boo", x.pos, teach.moves_of(x.moves)) for x in LESSONS if not x.goal}

    def events(lid: str) -> dict[str, dict]:
        d = by_id[lid]
        return {e.kind: dict(e.data) for s in range(1, d.steps + 1) for e in d.events(s)}

    route = events("route")["claim"]["route"]  # one colour, all the way (BO-9)
    assert route["colour"] == route["last"] == "white" and not any(s[0] in "*!" for s in route["steps"])
    assert any(s.startswith("*") for s in events("trapdoor")["claim"]["route"]["steps"])  # BO-10
    taken = events("transition")  # BO-11, BO-14: the wall tile of the last colour
    assert "!green" in taken["claim"]["route"]["steps"] and taken["marker-taken"]["colour"] == "green"
    wrong = events("wrong")  # BO-16: the search starts again, nothing taken
    assert wrong["claim-wrong"]["code"] == "boo.route.wrong-colour" and "marker-taken" not in wrong
    assert "search-restarts" in wrong
    hands = events("hands")  # BO-17: two of three hands: the visitor discarded, the ghost moves in
    assert hands["visitor-discarded"]["visitor"] == 4 and hands["ghost-moved"]["to"] == "a7"


def test_the_walls_exercise_refuses_the_colour_in_front_of_you_and_says_why():
    """BO-15: the reader holds red, the colour of every shortest route: red is not offered, and a
    route that is not right is told wrong, with why and its rule."""
    lesson = next(x for x in LESSONS if x.id == "walls")
    state = GAME.decode_state(json.loads(lesson.pos))
    red = COLOURS.index("red")
    assert state.walls_of(0) == (red,)
    assert {r.colour for r in shortest_routes(replace(state.problem(0), forbidden=frozenset()))} == {red}
    live = teach.Live(lesson, "boo", "en")
    html = live.markup()
    assert 'id="L-walls-boo-colour-0-red"' not in html  # the colours come after "Booo!"
    live.act("boo-booo", "0")
    html = live.markup()
    assert re.search(r'<button[^>]*id="L-walls-boo-colour-0-red"[^>]*disabled', html), "red is not offered"
    live.act("again")
    live.play(json.dumps({"k": "booo", "t": 0, "c": "white", "v": 2}))
    live.play(json.dumps({"k": "claim", "t": 0, "route": {"colour": "white", "steps": ["b4", "b5"]}, "v": 2}))
    assert live.verdict is False
    assert live.feedback.startswith(translate("en", "teach.wrong")) and "Step 1" in live.feedback
    assert 'data-verdict="wrong"' in live.markup() and 'href="#/boo/rules?rule=BO-9"' in live.markup()


def test_an_exercise_is_traced_on_the_board_keyboard_first_and_told_right():
    """The "find" exercise played as a reader does: Booo!, a colour, arrows from the ghost, each
    step drawn; the claim made on arrival is judged right, the controls then offer Again."""
    lesson = next(x for x in LESSONS if x.id == "find")
    live = teach.Live(lesson, "boo", "ru")
    live.act("boo-booo", "0")
    live.act("boo-colour", "0:red")
    assert live.trial is not None and live.trial.state.claimant == 0
    assert 'id="L-find-boo-traced"' in live.markup()
    arrow = {step: key for key, step in board.KEYS.items() if key.startswith("Arrow")}
    head = parse_cell("f7")
    for cell in ("f6", "e6", "e7", "e8", "d8", "c8", "c9"):
        to = parse_cell(cell)
        assert live.verdict is None
        live.act("key", "", arrow[(to[0] - head[0], to[1] - head[1])])
        assert live.ui.get("cursor") == cell or cell == "c9"
        head = to
    # The other seat stands still in an exercise: a seat, not "Computer (random)" (a newcomer's finding).
    assert re.findall(r'class="who">([^<]*)', live.markup()) == ["Игрок 1", "Игрок 2"]
    # c9 is the visitor's room: the route is shown on arrival
    assert live.verdict is True and live.feedback == translate("ru", "teach.right")
    html = live.markup()
    assert 'data-verdict="right"' in html and 'id="L-find-again"' in html and 'id="L-find-show"' not in html
    assert live.ui.get("focus") == "again"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_page_shows_each_lesson_under_its_paragraph_in_the_language_with_unique_ids(lang):
    sys.path.insert(0, str(Path(__file__).parent))
    from test_match_screen import Dom

    dom = Dom("#/boo/rules", {"parlour.settings": json.dumps({"lang": lang})})
    app_mod.App(dom).start()
    html = dom.html
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), {i for i in ids if ids.count(i) > 1}
    for lesson in LESSONS:
        para = html.index(f'id="boo.help.{lesson.para}"')
        box = html.index(f'id="L-{lesson.id}-box"')
        assert para < box and html.index("</p>", para) < box
        title = translate(lang, f"boo.teach.{lesson.id}")
        assert title != f"boo.teach.{lesson.id}" and title in html_lib.unescape(html)
    assert not RULE.search(words(html))
    assert html.count('class="lesson"') == len(LESSONS)


def test_in_the_app_a_route_is_traced_from_the_ghost_with_the_focus_following_it():
    sys.path.insert(0, str(Path(__file__).parent))
    from test_match_screen import open_app, text_of

    _app, dom = open_app("#/boo/rules")
    dom.click("L:route:next")
    dom.click("L:route:next")
    assert 'data-lesson="route" data-step="2"' in dom.html and "scares visitor 1" in dom.said[-1]
    assert "Player 1 scares visitor 1." in text_of(dom.html, "L-route-events")
    dom.click("L:find:boo-booo", "0")
    dom.click("L:find:boo-colour", "0:red")
    assert dom.focused == "L-find-cell-f7", "tracing starts at the ghost's room, focused"
    for at, key, cell in (("f7", "ArrowUp", "f6"), ("f6", "ArrowLeft", "e6")):
        dom.on_event("key", "L:find:cell", at, "", key)
        assert dom.focused == f"L-find-cell-{cell}"
    assert 'class="cell on-route"' in dom.html
