"""The rules help that teaches (issue #14), boop. as the model: goal first, short sections with
headings, every rule an anchor in every language, no rule codes in the words."""

from __future__ import annotations

import html as html_lib
import json
import re
import sys
from functools import partial
from pathlib import Path

import pytest

from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import app as app_mod
from parlour.web import diagram, screens, teach
from parlour.web.boards import boop as board

RULE = re.compile(r"\bBP-D?\d+\b")
SRC = Path(__file__).resolve().parents[2] / "pysrc" / "parlour"


def help_html(lang: str, wanted: str = "") -> str:
    sections = [(name, [f"boop.help.{k}" for k in paras]) for name, paras in board.HELP]
    t = partial(translate, lang)
    return screens.rules(t, "boop", [], None, wanted, board.HELP_RULES, sections)


def words(html: str) -> str:
    """What a reader reads: the text, without the rule anchors' names."""
    html = re.sub(r'<span class="rule-ids">.*?</span></span>', " ", html)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_goal_comes_first_then_short_sections_with_headings(lang):
    html = help_html(lang)
    headings = re.findall(r'<h2 id="help-([a-z]+)" tabindex="-1">([^<]+)</h2>', html)
    # The contents list every section, in order, each a link that opens the help at it.
    toc = re.findall(r'href="#/boop/rules\?at=([a-z]+)"', html)
    assert toc == [h for h, _ in headings] == [name for name, _ in board.HELP]
    assert [h for h, _ in headings][:2] == ["goal", "setup"]
    assert {"turn", "boop", "graduation", "ghosts", "winning", "edges"} <= {h for h, _ in headings}
    first = re.search(r"<p id=\"([^\"]+)\"", html)
    assert first and first.group(1) == "boop.help.goal"
    for key in board.HELP_RULES:  # every paragraph is written in this language, and short
        text = catalogue(lang)[key]
        assert len(text.split()) <= 75, key
    if lang != "en":  # headings translated, not fallen back to English
        assert all(title != translate("en", f"boop.help-h.{h}") for h, title in headings if h != "notation")
    # The goal names the win: three cats in a row (BP-20), in the rulebook's words.
    goal = catalogue(lang)["boop.help.goal"]
    assert {"en": "three of your cats", "ru": "трёх своих котов", "uk": "трьох своїх котів"}[lang] in goal


def cited_rules() -> set[str]:
    """Every rule id the code can cite (refusals, captions, choices): each must have an anchor."""
    found: set[str] = set()
    for path in [*SRC.joinpath("games", "boop").glob("*.py"), SRC / "web" / "boards" / "boop.py"]:
        found |= set(re.findall(r'"(BP-D?\d+)"', path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_is_an_anchor_named_in_words_and_no_code_is_in_the_prose(lang):
    html = help_html(lang, wanted="BP-16")
    anchors = re.findall(
        r'<span id="rule-(BP-D?\d+)" class="rule-id" data-rule="\1"[^>]*>([^<]+)</span>', html
    )
    ids = [a for a, _ in anchors]
    assert len(ids) == len(set(ids)), "each anchor once"
    digest = {f"BP-{n}" for n in range(1, 22)} | {f"BP-D{n}" for n in range(1, 7)}
    assert digest | cited_rules() <= set(ids)
    assert {a for paras in board.HELP_RULES.values() for a in paras} == set(ids)
    for rule, name in anchors:  # an anchor shows the rule's name, never its code
        assert html_lib.unescape(name) == translate(lang, f"boop.rule.{rule}") and not RULE.search(name)
    assert not RULE.search(words(html)), RULE.search(words(html))
    assert 'class="wanted"><span class="rule-ids"><span id="rule-BP-16"' in html


# --- live examples and exercises -------------------------------------------------------------
LESSONS = [teach.Lesson(*row) for row in board.LESSONS]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_is_a_legal_position_whose_moves_replay_and_whose_exercise_can_be_won_and_lost(lesson):
    from parlour.games.boop import GAME

    # The position is written exactly as the engine writes it (decoding refuses what no game reaches).
    assert GAME.position(GAME.from_position(lesson.pos)) == lesson.pos
    moves = [m for m in lesson.moves.split(",") if m]
    shown = diagram.load("boop", lesson.pos, moves)  # raises if a move is not legal where played
    assert shown.steps == len(moves)
    assert lesson.para in {k for _, paras in board.HELP for k in paras}
    if not lesson.goal:
        assert moves and lesson.answer == ""
        return
    assert not moves and lesson.answer
    live = teach.Live(lesson, "boop", "en")
    live.act("show")
    assert live.verdict is True, f"the answer {lesson.answer} reaches {lesson.goal}"
    verdicts = []
    start = GAME.from_position(lesson.pos)
    for move in GAME.legal_moves(start, GAME.to_act(start)[0]):
        live.act("again")
        live.play(move)
        verdicts.append(live.verdict)
    assert False in verdicts, "some move misses the goal: it is an exercise, not a formality"


def test_an_exercise_says_right_only_when_the_goal_is_reached_and_what_the_move_did():
    live = teach.Live(next(x for x in LESSONS if x.id == "win"), "boop", "en")
    live.play("k@b4")  # a kitten makes kitten-cat-cat: that graduates (BP-8), it does not win (BP-20)
    assert live.verdict is False
    html = live.markup()
    assert 'data-verdict="wrong"' in html and 'href="#/boop/rules?rule=BP-8"' in html
    live.act("again")
    assert live.verdict is None and live.board_live()
    live.play("c@b4")
    assert live.verdict is True and 'data-verdict="right"' in live.markup()


def test_scope_prefixes_every_id_reference_and_action_of_a_lesson():
    markup = '<g id="cell-c3" data-action="cell" data-arg="c3"></g><button data-highlights="cell-a1 cell-b2">'
    assert teach.scope(markup, "x") == (
        '<g id="L-x-cell-c3" data-action="L:x:cell" data-arg="c3"></g>'
        '<button data-highlights="L-x-cell-a1 L-x-cell-b2">'
    )
    # Kept layers, regions, references to defs (never a route), and lists of ids, by replacement.
    markup = (
        '<!--r:t--><g id="t" aria-labelledby="a b"><!--keep:w:1--><use href="#s"/><!--/keep:w-->'
        '<path fill="url(#p)"/><a href="#/boop/rules">r</a><a href="#9">n</a></g><!--/r:t-->'
        '<p aria-controls="" data-id="v">'
    )
    assert teach.scope(markup, "x") == (
        '<!--r:L-x-t--><g id="L-x-t" aria-labelledby="L-x-a L-x-b"><!--keep:L-x-w:1--><use href="#L-x-s"/>'
        '<!--/keep:L-x-w--><path fill="url(#L-x-p)"/><a href="#/boop/rules">r</a><a href="#9">n</a></g>'
        '<!--/r:L-x-t--><p aria-controls="" data-id="v">'
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_page_shows_each_lesson_under_its_paragraph_in_the_language_with_unique_ids(lang):
    sys.path.insert(0, str(Path(__file__).parent))
    from test_match_screen import Dom

    dom = Dom("#/boop/rules", {"parlour.settings": json.dumps({"lang": lang})})
    app_mod.App(dom).start()
    html = dom.html
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), {i for i in ids if ids.count(i) > 1}
    for lesson in LESSONS:
        para = html.index(f'id="boop.help.{lesson.para}"')
        box = html.index(f'id="L-{lesson.id}-box"')
        assert para < box and html.index("</p>", para) < box
        assert translate(lang, f"boop.teach.{lesson.id}") in html_lib.unescape(html)
    assert not RULE.search(words(html))
    assert html.count('class="lesson"') == len(LESSONS)


def test_a_lesson_steps_and_an_exercise_is_played_by_keyboard_in_the_app():
    sys.path.insert(0, str(Path(__file__).parent))
    from test_match_screen import open_app, text_of

    _app, dom = open_app("#/boop/rules?at=ghosts")
    assert dom.focused == "help-ghosts", "a link of the contents opens the help at that section"
    assert 'data-lesson="boop" data-step="0"' in dom.html
    dom.click("L:boop:next")
    assert 'data-lesson="boop" data-step="1"' in dom.html
    assert dom.focused == "L-boop-prev", "the disabled Next gives the focus to Previous"
    assert "a6 falls off the bed" in text_of(dom.html, "L-boop-events")
    assert "a6 falls off the bed" in dom.said[-1], "a screen reader hears what the step did"
    assert 'href="#/boop/rules?rule=BP-4"' in dom.html
    dom.set_hash("#/boop/rules?rule=BP-4")  # the caption's rule link: the lesson stays where it was
    assert dom.focused == "rule-BP-4" and 'data-lesson="boop" data-step="1"' in dom.html
    dom.set_hash("#/")
    dom.set_hash("#/boop/rules")  # opened again: the lessons start afresh
    assert 'data-lesson="boop" data-step="0"' in dom.html
    # Keys: arrows move the exercise board's cursor; Enter on a cell (a click) plays there.
    dom.on_event("key", "L:grad:cell", "c3", "", "ArrowUp")
    dom.on_event("key", "L:grad:cell", "c4", "", "ArrowUp")
    assert dom.focused == "L-grad-cell-c5"
    dom.click("L:grad:cell", "c4")  # taken: refused in words, with the rule's link
    assert "c4" in text_of(dom.html, "L-grad-feedback") and 'href="#/boop/rules?rule=BP-2"' in dom.html
    dom.click("L:grad:cell", "c5")
    assert 'data-lesson="grad" data-step="0" data-verdict="right"' in dom.html
    assert dom.focused == "L-grad-again" and dom.said[-1] == "Right! Well done."


# --- every game's help opens with its examples still (decisions 0039, 0100) -------------------------
@pytest.mark.parametrize("gid", ["boop", "boo", "ghosts-galore"])
def test_a_help_opens_with_every_example_still_its_boxes_as_drawn_and_draws_each_as_it_nears_the_view(gid):
    """boop., Boo! and Ghosts Galore have no ``still`` hook of their own: a still example is the
    board's drawing with its big drawings (the bed, the castle, the trains) left empty, every box,
    word and button as the example drawn shows them; nearing the view draws it whole."""
    from parlour.web import boards
    from web.help_pages import figure, still_app

    board_ = boards.board(gid)
    ids = [row[1] for row in board_.LESSONS]
    _app, dom = still_app("ru", gid)
    still = {lid: figure(dom.html, lid) for lid in ids}
    assert dom.watched >= 1 and all('data-still="1"' in f for f in still.values())
    assert "-cell-" not in dom.html, "no cell of any board drawn yet"
    whole = teach.lessons(board_, gid, "ru")  # as a page that cannot tell draws them
    drawn = {lid: teach.figures({lid: whole[lid]}, "", {})[whole[lid].lesson.para] for lid in ids}
    for lid in ids:  # the same drawings' boxes (view box, class, name), words and controls
        hollowed = teach.hollow(figure(drawn[lid], lid))
        assert still[lid].replace(' data-still="1"', "") == hollowed, lid
        assert 'role="grid"' not in still[lid], "an empty drawing is no grid: a picture, named"
    assert len(dom.html) * 2 < sum(map(len, drawn.values())), "half the markup or less"
    first, last = ids[0], ids[-1]
    dom.on_event("near", f"{first} {last}", "", "", "")
    assert 'data-still="1"' not in figure(dom.html, first), "the first drawn at once"
    assert 'data-still="1"' in figure(dom.html, last), "the next in a task of its own"
    dom.run_timers()
    assert figure(dom.html, last) == figure(drawn[last], last)
    assert sum('data-still="1"' in figure(dom.html, lid) for lid in ids) == len(ids) - 2
    middle = ids[len(ids) // 2]
    action = f"L:{middle}:again" if whole[middle].lesson.goal else f"L:{middle}:next"
    dom.on_event("click", action, "", "", "")  # acted on while still: drawn whole, and it acts
    whole[middle].act(action.split(":")[2])
    assert figure(dom.html, middle) == whole[middle].markup(), "as the example drawn whole, acted on"


def test_hollow_leaves_small_drawings_and_nested_ones_as_they_are():
    big = "<g>" + "x" * teach.HOLLOW_CHARS + "</g>"
    icon = '<svg viewBox="0 0 24 24" class="icon"><path d="M0 0"/></svg>'
    nested = f'<svg viewBox="0 0 9 9" role="grid" id="b"><defs><g id="m"/></defs><svg viewBox="0 0 1 1">{big}</svg></svg>'
    assert teach.hollow(f"<p>{icon}</p>{nested}{icon}") == (
        f'<p>{icon}</p><svg viewBox="0 0 9 9" role="img" id="b"><defs><g id="m"/></defs></svg>{icon}'
    )


def test_an_example_near_the_view_is_made_in_one_task_and_put_on_the_page_in_the_next():
    """Boo!'s castle: the lesson's moves are played in the task that hears it is near, its markup
    made and its walls (a kept layer) parsed off the page in the next (decision 0106); the next
    puts it on the page, the walls moved in, not parsed again (decision 0100)."""
    from web.help_pages import figure
    from web.test_match_screen import Dom

    class Page(Dom):
        def observe_near(self) -> None:
            pass

        def soon(self, fn) -> None:
            self.soon_tasks.append(fn)

        def after_frame(self, fn) -> None:
            self.soon_tasks.append(fn)

        def prepare(self, parts) -> None:
            self.prepared.update(parts)

        def redraw(self, changes, home, reused) -> bool:
            self.changes, self.reused = list(changes), list(reused)
            return True

    dom = Page("#/boo/rules")
    dom.soon_tasks, dom.prepared, dom.changes = [], {}, []
    app = app_mod.App(dom)
    app.start()
    dom.run_timers()
    while dom.soon_tasks:
        dom.soon_tasks.pop(0)()
    assert 'data-still="1"' in figure(app.shown, "hands")
    dom.changes, dom.prepared = [], {}
    dom.on_event("near", "hands walls", "", "", "")
    assert dom.changes == [] and not dom.prepared and len(dom.soon_tasks) == 1, "this task: the moves"
    dom.soon_tasks.pop(0)()
    assert dom.changes == [] and dom.prepared, "this task: the markup made, the walls parsed off the page"
    assert all(key.startswith("L-hands-") for key in dom.prepared)
    dom.soon_tasks.pop(0)()
    (change,) = dom.changes
    assert change.target == "L-hands-box" and sorted(dom.reused) == sorted(dom.prepared)
    assert all(body not in change.markup for body in dom.prepared.values()), "the walls not parsed again"
    assert 'data-still="1"' not in figure(app.shown, "hands")
    assert 'data-still="1"' in figure(app.shown, "walls")
    dom.run_timers()  # the next lesson near: in tasks of its own
    dom.soon_tasks.pop(0)()
    dom.soon_tasks.pop(0)()
    assert 'data-still="1"' not in figure(app.shown, "walls")
