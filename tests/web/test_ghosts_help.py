"""Ghosts Galore's rules help that teaches (issue #14), built like boop.'s: goal first, short
sections with headings, every rule the engine names an anchor in every language, no rule codes in
the words."""

from __future__ import annotations

import html as html_lib
import json
import re
import sys
from pathlib import Path

import pytest

from parlour.games.ghosts_galore import GAME
from parlour.games.ghosts_galore.board import resolve
from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import app as app_mod
from parlour.web import diagram, teach
from parlour.web.boards import ghosts_galore as board
from web import help_pages
from web.help_pages import words

GID = "ghosts-galore"
RULE = re.compile(r"\bGG-[A-Z]?\d*\b")
SRC = Path(__file__).resolve().parents[2] / "pysrc" / "parlour"
sys.path.insert(0, str(Path(__file__).parent))  # the app's fake page: test_match_screen.Dom


def help_html(lang: str, wanted: str = "") -> str:
    return help_pages.help_html(GID, board, lang, wanted, examples=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_goal_comes_first_then_short_sections_with_headings_in_each_language(lang):
    html = help_html(lang)
    headings = re.findall(r'<h2 id="help-([a-z]+)" tabindex="-1">([^<]+)</h2>', html)
    toc = re.findall(r'href="#/ghosts-galore/rules\?at=([a-z]+)"', html)
    assert toc == [h for h, _ in headings] == [name for name, _ in board.HELP]
    assert headings[0][0] == "goal" and {"round", "hidden", "monsters", "doors", "end"} <= set(toc)
    first = re.search(r"<p id=\"([^\"]+)\"", html)
    assert first and first.group(1) == f"{GID}.help.goal"
    words_of = catalogue(lang)
    for key in board.HELP_RULES:  # every paragraph written in this language, and short
        assert key in words_of and len(words_of[key].split()) <= 55, key
        assert lang == "en" or words_of[key] != translate("en", key), key
    for name, title in headings:  # a heading of its own, never the key or English
        assert title != f"{GID}.help-h.{name}"
        assert lang == "en" or title != translate("en", f"{GID}.help-h.{name}"), name
    # The goal says how to win, in the rulebook's words.
    goal = words_of[f"{GID}.help.goal"]
    assert {"en": "highest score", "ru": "наибольший счёт", "uk": "найбільший рахунок"}[lang] in goal


def cited_rules() -> set[str]:
    """Every rule id the code can cite (refusals, captions, log lines): each must have an anchor."""
    found: set[str] = set()
    paths = [
        *SRC.joinpath("games", "ghosts_galore").glob("*.py"),
        *SRC.joinpath("web", "boards").glob("ghosts*.py"),
    ]
    for path in paths:
        found |= set(re.findall(r'"(GG-[A-Z]?\d*)"', path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_is_an_anchor_named_in_words_and_no_code_is_in_the_prose(lang):
    html = help_html(lang, wanted="GG-4")
    anchors = re.findall(r'<span id="rule-(GG-\w+)" class="rule-id" data-rule="\1"[^>]*>([^<]+)</span>', html)
    ids = [a for a, _ in anchors]
    assert len(ids) == len(set(ids)), "each anchor once"
    assert cited_rules() <= set(ids) and {"GG-1", "GG-2", "GG-3", "GG-4", "GG-5", "GG-T"} <= set(ids)
    for rule, name in anchors:  # an anchor shows the rule's name, never its code
        assert html_lib.unescape(name) == translate(lang, f"{GID}.rule.{rule}") and not RULE.search(name)
    assert not RULE.search(words(html)), RULE.search(words(html))
    assert 'class="wanted"><span class="rule-ids"><span id="rule-GG-4"' in html


# --- live examples and exercises -------------------------------------------------------------
LESSONS = [teach.Lesson(*row) for row in board.LESSONS]  # type: ignore[arg-type]
BY_ID = {lesson.id: lesson for lesson in LESSONS}


def test_the_lessons_show_the_draft_the_last_choice_and_the_hidden_tile_and_two_exercises_score():
    assert {x.para for x in LESSONS if not x.goal} >= {"round", "last", "hidden"}
    assert len([x for x in LESSONS if x.goal]) >= 2 and len(BY_ID) == len(LESSONS)


def right_moves(lesson: teach.Lesson) -> set[str]:
    """Every first move the reader can make, played in the exercise: those told right."""
    start = GAME.decode_state(json.loads(lesson.pos))
    right = set()
    for move in GAME.legal_moves(start, GAME.to_act(start)[0]):
        live = teach.Live(lesson, GID, "en")
        live.play(GAME.encode_move(move))
        assert live.verdict is not None, "a take or a pass ends the reader's turn: it is judged at once"
        if live.verdict:
            right.add(GAME.encode_move(move))
    return right


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_is_a_legal_position_whose_moves_replay_and_whose_exercise_is_solved_by_its_answer(
    lesson,
):
    moves = teach.moves_of(lesson.moves)
    shown = diagram.load(GID, lesson.pos, moves)  # raises if a move is not legal where played
    assert shown.steps == len(moves)
    assert GAME.encode_state(shown.state(0)) == json.loads(lesson.pos), "the position is the engine's own"
    assert lesson.para in {k for _, paras in board.HELP for k in paras}
    if not lesson.goal:
        assert moves and lesson.answer == ""
        return
    assert not moves and lesson.answer
    live = teach.Live(lesson, GID, "en")
    live.act("show")
    assert live.verdict is True, f"the answer {lesson.answer} reaches {lesson.goal}"
    assert live.feedback == "Right! Well done." and 'data-verdict="right"' in live.markup()


def test_each_exercise_is_right_exactly_when_the_rule_it_teaches_scores():
    """The bone doors: only the flipped curve on a2, turned to join them. The bats: only the bat
    tile, in any cell beside the bat on b2, any way round; every other tile and cell falls short."""
    assert right_moves(BY_ID["bone"]) == {"take 74 a2 r3"}
    assert right_moves(BY_ID["bats"]) == {f"take 24 {c} r{r}" for c in ("a2", "b1", "c2") for r in range(4)}


def test_a_wrong_placement_is_told_with_what_it_did_and_the_score_it_left():
    live = teach.Live(BY_ID["bone"], GID, "ru")
    assert text_of(live.markup(), "L-bone-score") == "Ваш счёт: 7 очков"
    live.play("take 74 a2 r2")  # the right cell, turned the wrong way: the doors stay apart
    html = live.markup()
    assert live.verdict is False and 'data-verdict="wrong"' in html
    assert text_of(html, "L-bone-feedback") == translate("ru", "teach.wrong")
    assert text_of(html, "L-bone-score") == "Ваш счёт: 10 очков"
    assert "размещает её в ячейке a2, поворот 180°" in text_of(html, "L-bone-events")
    live.act("again")
    assert live.verdict is None and text_of(live.markup(), "L-bone-score") == "Ваш счёт: 7 очков"


def test_the_examples_show_what_the_rulebook_says_each_rule_does():
    def kinds(lid: str) -> list[list[str]]:
        d = diagram.load(GID, BY_ID[lid].pos, teach.moves_of(BY_ID[lid].moves))
        return [[e.kind for e in d.events(s)] for s in range(1, d.steps + 1)]

    # Flip, then take or pass; the table fills; a player who took is done and the last one looks.
    assert kinds("draft") == [["flip"], ["pass"], ["flip"], ["pass"], ["take", "last-look"]]
    last = diagram.load(GID, BY_ID["last"].pos, teach.moves_of(BY_ID["last"].moves))
    ended = {e.kind: dict(e.data) for e in last.events(1)}
    assert ended["round-end"]["discarded"] == 4 and ended["round"] == {"round": 5, "first": 0}
    assert last.state(0).first == 1, "the first player changes every round"
    assert kinds("hidden") == [["hidden"], ["hidden", "game-end"]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tie_example_ends_level_on_points_and_fewer_dead_ends_win_both_trains_marked(lang):
    """GG-T live: the last hidden tile levels the totals; the caption says who tied, at what, and
    who won on dead ends, from the engine; both trains are drawn, each dead end marked."""
    from parlour.games.ghosts_galore.board import resolve
    from parlour.games.ghosts_galore.scoring import score_all

    live = teach.Live(BY_ID["tie"], GID, lang)
    d = live.diagram
    assert d is not None and d.steps == 2
    assert GAME.outcome(d.state(1)) is None
    end = GAME.outcome(d.state(2))
    assert end is not None and end.reason == f"{GID}.end.fewer-dead-ends" and end.winners == (1,)
    sheets = score_all([resolve(g) for g in d.state(2).grids])
    assert sheets[0].total == sheets[1].total == 43
    dead = [len(s.dead_ends) for s in sheets]
    assert dead == [5, 1]
    live.act("next")
    assert live.caption_lines(1)[-1][1] == "GG-2", "nothing is settled before the last tile"
    live.act("next")
    said = live.caption_lines(2)
    tie = translate(
        lang,
        f"{GID}.end.tie-dead-ends",
        names=f"{translate(lang, 'app.seat.n', n=1)}, {translate(lang, 'app.seat.n', n=2)}",
        points=43,
        winner=translate(lang, "app.seat.n", n=2),
        dead=translate(lang, f"{GID}.dead-ends", count=1),
    )
    assert (tie, "GG-T") in said and said[-1][1] == "GG-T", "the tie in numbers, then the rule"
    html = live.markup()
    assert 'id="L-tie-gg-train-0"' in html and 'id="L-tie-gg-train-1"' in html, "both trains"
    for seat, count in enumerate(dead):
        train = html[html.index(f'id="L-tie-gg-train-{seat}"') :]
        assert train[: train.index("</svg>")].count('class="dead-end"') == count
    assert 'href="#/ghosts-galore/rules?rule=GG-T"' in html
    live.act("prev")
    assert 'class="dead-end"' not in live.markup(), "dead ends are marked once the game is over"


SCORING = {"monsters": (1, 2, 3, 4, 5), "monsters-more": (7, 8, 9, 6), "doors": (10, 11, 12, 13)}
"""Each scoring example and the categories (GG-S1..GG-S13) it shows scoring, one a tile."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_scoring_category_is_shown_scoring_live_under_its_paragraph_with_the_engines_points(lang):
    """Step by step (Player 1's tiles; Player 2's turns are played on between them), each tile laid
    scores a category: the caption says the category, its points before and after, as the engine
    scores the table's live sheets, and what they are made of; every category once, under the paragraph that states its rule."""
    from parlour.games.ghosts_galore.scoring import CATEGORIES

    shown: list[int] = []
    for lid, cats in SCORING.items():
        live = teach.Live(BY_ID[lid], GID, lang)
        d = live.diagram
        assert d is not None and len(live.stops) == len(cats) + 1 and live.stops[-1] == d.steps
        assert f"{GID}.help.{BY_ID[lid].para}" in {
            k for k, ids in board.HELP_RULES.items() if f"GG-S{cats[0]}" in ids
        }
        for k, want in enumerate(cats, 1):
            before = live.step
            live.act("next")
            stop = live.step
            assert stop == live.stops[k] and d.match.plies[stop - 1].player == 0, "a step is Player 1's tile"
            assert any(e.kind == "take" and e.data["player"] == 0 for e in d.events(stop))
            old = GAME.score_sheets(d.state(before))[0].by_category()
            new = GAME.score_sheets(d.state(stop))[0].by_category()
            cat = CATEGORIES[want - 1]
            assert new[cat] > old[cat], (lid, cat)
            line = translate(
                lang,
                f"{GID}.scored",
                category=translate(lang, f"{GID}.category.{cat}"),
                old=old[cat],
                new=translate(lang, f"{GID}.points", count=new[cat]),
                why="",
            ).strip()
            said = live.caption_lines(stop)
            scored = [(text, rule) for text, rule in said if rule.startswith("GG-S")]
            assert any(text.startswith(line) and rule == f"GG-S{want}" for text, rule in scored), said
            changed = {f"GG-S{i + 1}" for i, c in enumerate(CATEGORIES) if old[c] != new[c]}
            assert {rule for _, rule in scored} == changed, "every category the tile changed, no other"
            html = live.markup()
            assert f'data-step="{stop}"' in html and f'rule=GG-S{want}"' in html
            assert translate(lang, "embed.step", n=k, total=len(cats)) in html_lib.unescape(html)
            shown.append(want)
        live.act("next")
        assert live.step == d.steps, "the last step stays"
        live.act("prev")
        assert live.step == live.stops[-2], "back one tile, not one move"
    assert sorted(shown) == list(range(1, 14))


def test_the_words_of_a_score_are_what_the_engine_adds_up():
    """What each category is made of (``explain``) gives back the engine's points, on random
    trains of real tiles at every stage (werewolves against the other boards included)."""
    import random

    from parlour.games.ghosts_galore.scoring import (
        count_werewolves,
        dragon_points,
        explain,
        golem_points,
        score_all,
    )

    def total(cat: str, w: dict) -> int:
        terms = lambda key: sum(int(x) for x in str(w[key]).split(" + "))  # noqa: E731
        return {
            "dragons": dragon_points(w.get("n", 0)),
            "ghosts": 6 * w.get("six", 0) + 3 * w.get("three", 0),
            "golems": golem_points(w.get("n", 0)),
            "satyrs": terms("terms") if "terms" in w else 0,
            "skeletons": w.get("n", 0) * w.get("d", 0),
            "slimes": w.get("n", 0) * w.get("d", 0),
            "bats": 5 * w.get("n", 0),
            "werewolves": 4 * w.get("n", 0) + w.get("bonus", 0),
            "wisps": w.get("n", 0) * w.get("each", 0),
            "diamonds": terms("terms") if "terms" in w else 0,
            "bone-doors": 2 * w.get("n", 0),
            "tooth-doors": 2 * w.get("n", 0),
            "other-tracks": terms("terms") if "terms" in w else 0,
        }[cat]

    rng = random.Random(14)
    tiles = list(range(80))
    for _ in range(300):
        ids = rng.sample(tiles, 18)
        grids = [
            [(ids[i + 9 * p], rng.randrange(4)) if rng.random() < 0.8 else None for i in range(9)]
            for p in range(2)
        ]
        resolved = [resolve(g) for g in grids]
        for p, sheet in enumerate(score_all(resolved)):
            why = explain(resolved[p], 2, [count_werewolves(resolved[1 - p])])
            for cat, pts in sheet.by_category().items():
                assert total(cat, why[cat]) == pts, (cat, why[cat], pts)


def test_hidden_information_is_drawn_only_from_the_seat_that_may_see_it():
    """An example is drawn from its seat's view: Player 1's hidden tile and, choosing last, the rest
    of the stack; the draft example, drawn for the whole table, shows neither."""
    last = teach.Live(BY_ID["last"], GID, "en").markup()
    assert last.count("still in the stack") == 5 and "Your hidden tile" in last
    hidden = teach.Live(BY_ID["hidden"], GID, "en").markup()
    assert re.search(r"Your hidden tile.*tile 12:", hidden, re.S)
    draft = teach.Live(BY_ID["draft"], GID, "en")
    assert "hidden tile" not in draft.markup().lower()
    for _ in range(5):
        draft.act("next")
    assert "still in the stack" not in draft.markup(), "Player 2's last look is theirs alone"


def test_a_score_goal_and_a_lesson_seat_are_general():
    assert teach.reached("score>=25", [], 1, False, [], [30.0, 25.0])
    assert not teach.reached("score>=25", [], 0, False, [], [24.0, 99.0])
    assert not teach.reached("score>=25", [], 0, False, [], None)
    assert (
        teach.Live(BY_ID["last"], GID, "en").spec.seat == 0
        and teach.Live(BY_ID["draft"], GID, "en").spec.seat is None
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_page_shows_each_lesson_under_its_paragraph_in_the_language_with_unique_ids(lang):
    from test_match_screen import Dom

    dom = Dom("#/ghosts-galore/rules", {"parlour.settings": json.dumps({"lang": lang})})
    app_mod.App(dom).start()
    html = dom.html
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), {i for i in ids if ids.count(i) > 1}
    for lesson in LESSONS:
        para = html.index(f'id="{GID}.help.{lesson.para}"')
        box = html.index(f'id="L-{lesson.id}-box"')
        assert para < box and html.index("</p>", para) < box
        title = translate(lang, f"{GID}.teach.{lesson.id}")
        assert title != f"{GID}.teach.{lesson.id}" and title in html_lib.unescape(html)
        assert lang == "en" or title != translate("en", f"{GID}.teach.{lesson.id}")
    assert not RULE.search(words(html))
    assert html.count('class="lesson"') == len(LESSONS)


def test_in_the_app_an_example_steps_and_an_exercise_is_played_with_keys():
    from test_match_screen import open_app

    _app, dom = open_app("#/ghosts-galore/rules?at=round")
    assert dom.focused == "help-round"
    dom.click("L:draft:next")
    assert 'data-lesson="draft" data-step="1"' in dom.html and dom.said[-1] == "Player 1 flips a tile."
    assert 'href="#/ghosts-galore/rules?rule=GG-3"' in text_of_html(dom.html, "L-draft-events")
    # The flipped tile is in hand: arrows to a2, Enter (a click) lays it there, R turns it.
    dom.on_event("key", "L:bone:cell", "4", "", "ArrowLeft")
    assert dom.focused == "L-bone-cell-3"
    dom.click("L:bone:cell", "3")
    for _ in range(3):
        dom.on_event("key", "L:bone:cell", "3", "", "r")
    dom.click("L:bone:gg-confirm")
    assert 'data-lesson="bone" data-step="0" data-verdict="right"' in dom.html
    assert dom.focused == "L-bone-again" and dom.said[-1] == "Right! Well done."
    assert text_of(dom.html, "L-bone-score") == "Your score: 14 points"


def text_of_html(html: str, element_id: str) -> str:
    """The markup of the element with ``element_id`` (to its first closing ``</ul>``)."""
    at = html.index(f'id="{element_id}"')
    return html[at : html.index("</ul>", at)]


def text_of(html: str, element_id: str) -> str:
    from test_match_screen import text_of as text

    return text(html, element_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_werewolf_words_say_why_there_is_a_bonus_or_none_as_a_player_would(lang):
    """GG-S8 in words: more than anyone, a tie (which gets it too), fewer than another player (no
    bonus, and how many that player has), or none at all; never "the most: + 0"."""
    from ghosts_galore.grids import CURVE, blank, grid, tile
    from parlour.games.ghosts_galore.scoring import explain

    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    two = grid(a1=tile(CURVE, "werewolf", "werewolf"))
    said = {
        case: board.why_words(t, "werewolves", explain(g, players, others)["werewolves"])
        for case, g, players, others in (
            ("most", two, 2, [1]),
            ("tied", two, 3, [2, 0]),
            ("fewer", two, 2, [3]),
            ("none", grid(a1=blank(CURVE)), 2, [1]),
        )
    }
    assert said == {
        case: translate(lang, f"ghosts-galore.why.werewolves.{case}", n=2, bonus=bonus, most=most)
        for case, bonus, most in (("most", 5, 1), ("tied", 10, 2), ("fewer", 0, 3), ("none", 0, 1))
    }
    assert "+ 5" in said["most"] and "+ 10" in said["tied"] and "(3)" in said["fewer"]
    assert not any("+ 0" in words for words in said.values())
    assert len(set(said.values())) == 4
