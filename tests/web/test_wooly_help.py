"""Wooly Bully's rules help that teaches (issue #14), built like boop.'s and Boo!'s: goal first, short
sections with headings, every rule the engine names an anchor in every language, no codes in the words."""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path

import pytest

from parlour.games.wooly_bully import GAME
from parlour.games.wooly_bully.rules import VARIANTS
from parlour.games.wooly_bully.tiles import COLOURS, FOREST, ids_of, tile
from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import diagram, teach
from parlour.web.boards import wooly_bully as board
from web import help_pages
from web.help_pages import figure, still_app, words

RULE = re.compile(r"\bWB-[DV]?\d+\b")
SRC = Path(__file__).resolve().parents[2] / "pysrc" / "parlour"


def help_html(lang: str, wanted: str = "") -> str:
    return help_pages.help_html("wooly-bully", board, lang, wanted)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_goal_comes_first_then_short_sections_with_headings_in_each_language(lang):
    html = help_html(lang)
    headings = re.findall(r'<h2 id="help-([a-z]+)" tabindex="-1">([^<]+)</h2>', html)
    toc = re.findall(r'href="#/wooly-bully/rules\?at=([a-z]+)"', html)
    assert toc == [h for h, _ in headings] == [name for name, _ in board.HELP]
    assert headings[0][0] == "goal" and {"turn", "pastures", "wolf", "hunter", "reveal", "end"} <= set(toc)
    first = re.search(r"<p id=\"([^\"]+)\"", html)
    assert first and first.group(1) == "wooly-bully.help.goal"
    words_of = catalogue(lang)
    for key in board.HELP_RULES:  # every paragraph written in this language, and short
        assert key in words_of and len(words_of[key].split()) <= 50, key
        assert lang == "en" or words_of[key] != translate("en", key), key
    for name, title in headings:  # a heading of its own, never the key or (in ru, uk) English
        assert title != f"wooly-bully.help-h.{name}"
        assert lang == "en" or title != translate("en", f"wooly-bully.help-h.{name}"), name
    paras = {k for _, ps in board.HELP for k in ps}
    shown = {k.removeprefix("wooly-bully.help.") for k in words_of if k.startswith("wooly-bully.help.")}
    assert shown == paras, "every paragraph of the catalogue is in a section"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_game_has_one_name_in_each_language_the_rulebooks_own(lang):
    """The help's header, the picker and the game's own words name the game alike: in Russian the
    rulebook's «Вули-Були», in Ukrainian its Ukrainian form."""
    name = translate(lang, "wooly-bully.name")
    assert translate(lang, "game.wooly-bully.name") == name
    assert name == {"en": "Wooly Bully", "ru": "Вули-Були", "uk": "Вулі-Булі"}[lang]
    from parlour.web import app as app_mod
    from web.test_match_screen import Dom

    dom = Dom("#/wooly-bully/rules", {"parlour.settings": json.dumps({"lang": lang})})
    app_mod.App(dom).start()
    assert translate(lang, "app.rules-of", game=name) in html_lib.unescape(dom.html)


def cited_rules() -> set[str]:
    """Every rule id the code can cite (refusals, captions, log lines): each must have an anchor."""
    found: set[str] = set()
    paths = [
        *SRC.joinpath("games", "wooly_bully").glob("*.py"),
        *SRC.joinpath("web", "boards").glob("wooly*.py"),
    ]
    for path in paths:
        found |= set(re.findall(r'"(WB-[DV]?\d+)"', path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_is_an_anchor_named_in_words_and_no_code_is_in_the_prose(lang):
    html = help_html(lang, wanted="WB-9")
    anchors = re.findall(
        r'<span id="rule-(WB-[DV]?\d+)" class="rule-id" data-rule="\1"[^>]*>([^<]+)</span>', html
    )
    ids = [a for a, _ in anchors]
    assert len(ids) == len(set(ids)), "each anchor once"
    assert cited_rules() <= set(ids) and {"WB-8", "WB-16", "WB-V4"} <= set(ids)
    for rule, name in anchors:  # an anchor shows the rule's name, never its code
        assert html_lib.unescape(name) == translate(lang, f"wooly-bully.rule.{rule}") and not RULE.search(
            name
        )
    assert not RULE.search(words(html)), RULE.search(words(html))
    assert 'class="wanted"><span class="rule-ids"><span id="rule-WB-9"' in html


# --- live examples and exercises -------------------------------------------------------------
LESSONS = [teach.Lesson(*row) for row in board.LESSONS]
BLACK = COLOURS.index("black")


def test_the_lessons_cover_the_main_rules_with_examples_and_at_least_two_exercises():
    paras = {lesson.para for lesson in LESSONS}
    assert {"turn", "draw", "closed", "holes", "wolf", "hunter", "joined-forests", "reveal"} <= paras
    assert {"leave", "scoring"} <= paras
    # Every paragraph that explains a rule of play has a live example (the goal, the setup and the
    # screen's own paragraphs need none).
    ruled = {k for k, ids in board.HELP_RULES.items() if ids and k.split(".")[-1] != "setup"}
    assert ruled <= {f"wooly-bully.help.{p}" for p in paras}, ruled - {f"wooly-bully.help.{p}" for p in paras}
    assert len([x for x in LESSONS if x.goal]) >= 2
    assert len({x.id for x in LESSONS}) == len(LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_is_a_legal_position_whose_moves_replay_and_whose_exercise_is_solved_by_its_answer(
    lesson,
):
    moves = teach.moves_of(lesson.moves)
    shown = diagram.load("wooly-bully", lesson.pos, moves)  # raises if a move is not legal where played
    assert shown.steps == len(moves)
    assert GAME.encode_state(shown.state(0)) == json.loads(lesson.pos), "the position is the engine's own"
    assert lesson.para in {k for _, paras in board.HELP for k in paras}
    for lang in LANGUAGES:
        words_of = catalogue(lang)
        assert f"wooly-bully.teach.{lesson.id}" in words_of and not RULE.search(
            words_of[f"wooly-bully.teach.{lesson.id}"]
        )
    if not lesson.goal:
        assert moves and lesson.answer == ""
        return
    assert not moves and lesson.answer and lesson.within == 1
    live = teach.Live(lesson, "wooly-bully", "en")
    live.act("show")
    assert live.verdict is True, f"the answer {lesson.answer} reaches {lesson.goal}"
    assert live.feedback == "Right! Well done." and 'data-verdict="right"' in live.markup()


def diagrams() -> dict[str, diagram.Diagram]:
    return {x.id: diagram.load("wooly-bully", x.pos, teach.moves_of(x.moves)) for x in LESSONS if not x.goal}


def happened(d: diagram.Diagram, step: int) -> list[tuple[str, dict]]:
    return [(e.kind, dict(e.data)) for e in d.events(step)]


def test_the_examples_show_what_the_rulebook_says_each_rule_does():
    by_id = diagrams()
    turn = by_id["turn"]  # WB-3: the village first, then pasture to pasture, which closes a black pasture
    assert turn.state(1).board.touching((-1, 0)) == 1 and turn.state(1).board.score(BLACK) == 0
    assert turn.state(2).board.score(BLACK) > 0
    draw = by_id["draw"]  # WB-4: as many tiles as the tile touches
    counts = [len(data["tiles"]) for s in (1, 2) for kind, data in happened(draw, s) if kind == "drew"]
    assert counts == [1, 3]
    wolf = by_id["wolf"]  # WB-7, WB-8: out of turn, and the pasture by that forest scores nothing
    assert GAME.to_act(wolf.state(0))[0] == 0 and wolf.move(1)[0] == 1
    assert wolf.state(0).board.score(BLACK) > 0 and wolf.state(1).board.score(BLACK) == 0
    assert GAME.to_act(wolf.state(1))[0] == 0 and wolf.move(2)[0] == 0, "still Player 1's turn"
    reveal = by_id["reveal"]  # WB-12: revealed in one's own turn, three plays in a row
    assert [reveal.move(s)[0] for s in (1, 2, 3)] == [0, 0, 0] and GAME.to_act(reveal.state(3))[0] == 1
    kinds = [kind for kind, _ in happened(reveal, 1)]
    assert kinds == ["revealed", "drew", "extra-turn"] and reveal.state(1).revealed[0]
    leave = dict(happened(by_id["leave"], 1))  # WB-13: 6 bonus points to the first; the last plays on
    assert leave["left"]["bonus"] == 6 and leave["final-plays"]["player"] == 0
    end = by_id["end"]  # WB-14, WB-15: all have left; the closed pasture's sheep against the bonus
    over = dict(happened(end, 2))["game-over"]
    assert over["reason"] == "wooly-bully.end.all-left" and dict(happened(end, 2))["left"]["bonus"] == 0
    assert over["scores"] == [end.state(2).board.score(BLACK), 6] and GAME.outcome(end.state(2)).winners == (
        0,
    )


def test_every_variant_the_game_offers_has_an_example_that_plays_with_it_alone():
    by_id = diagrams()
    for name, rule in VARIANTS:
        shown = [x.id for x in LESSONS if rule in board.HELP_RULES[f"wooly-bully.help.{x.para}"]]
        assert len(shown) == 1, rule
        options = by_id[shown[0]].state(0).options.to_json()
        assert options == {n: n == name for n, _ in VARIANTS}, (rule, options)
    assert {o.name for o in GAME.options} == {n for n, _ in VARIANTS}


def test_an_empty_square_may_stay_empty_and_the_pasture_beside_it_is_not_closed_until_it_is_filled():
    hole = diagrams()["hole"]  # WB-5, WB-16
    square = hole.move(2)[1].pos
    left = hole.state(1).board
    assert square not in left.cells and left.touching(square) == 4, "enclosed on four sides, left empty"
    assert GAME.to_act(hole.state(1))[0] == 1, "leaving it empty is a whole turn"
    (black,) = left.pastures(BLACK)
    assert not black.closed and left.score(BLACK) == 0
    filled = hole.state(2).board
    assert filled.score(BLACK) == 8 and len(dict(happened(hole, 2))["drew"]["tiles"]) == 4


def wolf_squares(state, seat: int | None = None) -> set[tuple[int, int]]:
    """Empty squares where a wolf may be laid now (any wolf: the seat's own, or a wolf not yet laid)."""
    wolves = [t for t in ids_of("wolf") if seat is None or t in state.hands[seat]]
    return {m.pos for m in GAME.placements(state, wolves) if m.pos not in state.board.cells}


def test_a_hunter_in_a_forest_with_no_wolf_keeps_wolves_out_of_that_forest():
    guard = diagrams()["guard"]  # WB-9's second half
    player, move = guard.move(1)
    assert (
        player == 0 and tile(move.tile).kind == "hunter" and not dict(happened(guard, 1))["tile-placed"]["on"]
    )
    board = guard.state(1).board
    hunters = board.find((*move.pos, 0))
    shut = wolf_squares(guard.state(0), 1) - wolf_squares(guard.state(1), 1) - {move.pos}
    assert shut and all(hunters in board.joined_roots(pos, FOREST) for pos in shut)
    wolf_by, wolf = guard.move(2)
    assert wolf_by == 1 and tile(wolf.tile).kind == "wolf" and GAME.to_act(guard.state(1))[0] == 0
    assert hunters not in board.joined_roots(wolf.pos, FOREST), "Player 2's wolf went to another forest"
    assert guard.state(2).board.score(BLACK) == 8


def test_joined_forests_keep_the_wolf_until_a_hunter_is_laid_on_it():
    joined = diagrams()["joined"]  # WB-11

    def forests(step: int) -> list[tuple[int, int]]:
        board = joined.state(step).board
        return sorted(
            (a.wolves, a.hunters)
            for a in board.areas.values()
            if a.terrain == FOREST and (a.wolves or a.hunters)
        )

    assert forests(0) == [(0, 1), (1, 0)], "a forest with the hunter, another with the wolf"
    assert forests(1) == [(1, 1)], "one tile joined them: the hunter does not kill the wolf"
    board = joined.state(1).board
    assert board.score(BLACK) == 0 and all(board.wolfed(a) for a in board.pastures(COLOURS.index("yellow")))
    (both,) = (r for r, a in board.areas.items() if a.terrain == FOREST and a.wolves)
    assert not any(both in board.joined_roots(pos, FOREST) for pos in wolf_squares(joined.state(1)))
    assert dict(happened(joined, 2))["tile-placed"]["on"] and forests(2) == [(0, 2)]
    assert joined.state(2).board.score(BLACK) == 8


def test_each_variant_example_shows_what_its_variant_changes():
    by_id = diagrams()
    hand = by_id["v-hand"]  # WB-V1: five tiles after the draw, two discarded at the turn's end
    assert len(hand.state(1).hands[0]) == 5 and [hand.move(s)[1].kind for s in (2, 3)] == ["discard"] * 2
    assert len(hand.state(3).hands[0]) == 3 and GAME.to_act(hand.state(3))[0] == 1
    single = by_id["v-single"]  # WB-V2: the tile touches two; one drawn, one extra turn
    first = single.move(1)[1].pos
    assert single.state(0).board.touching(first) == 2
    said = dict(happened(single, 1))
    assert len(said["drew"]["tiles"]) == 1 and said["extra-turn"]["count"] == 1 and single.move(2)[0] == 0
    every = by_id["v-all"]  # WB-V3: both closed black pastures count
    over = dict(happened(every, 2))["game-over"]
    pastures = every.state(2).board.scoring_pastures(BLACK)
    assert len(pastures) == 2 and over["scores"] == [sum(pastures), 6] and sum(pastures) > max(pastures)
    hungry = by_id["v-hungry"]  # WB-V4: a wolf on top of a hunter, and the pasture by it spoiled
    by, wolf = hungry.move(1)
    assert by == 1 and tile(hungry.state(0).board.top(wolf.pos)).kind == "hunter"
    assert hungry.state(0).board.score(BLACK) == 8 and hungry.state(1).board.score(BLACK) == 0
    multi = by_id["v-multi"]  # WB-V5: the first tile touches two: two drawn, one more tile laid
    assert len(dict(happened(multi, 1))["drew"]["tiles"]) == 2 and multi.move(2)[0] == 0
    assert "drew" not in dict(happened(multi, 2)) and GAME.to_act(multi.state(2))[0] == 1


def test_a_wrong_move_in_an_exercise_is_told_wrong_at_once_even_when_the_turn_goes_on():
    """A hunter laid in a forest without the wolf leaves the turn with the reader (a free play):
    the try is one move, so it is judged then, with what the move did."""
    save = teach.Live(next(x for x in LESSONS if x.id == "save"), "wooly-bully", "ru")
    hunter = next(m for m in GAME.legal_moves(save.trial.state, 0) if m.tile in ids_of("hunter"))
    save.play(str(hunter))
    assert hunter.pos != (-2, -1) and GAME.to_act(save.trial.state)[0] == 0
    assert save.verdict is False and save.feedback == translate("ru", "teach.wrong")
    assert 'data-verdict="wrong"' in save.markup() and 'id="L-save-events"' in save.markup()
    close = teach.Live(next(x for x in LESSONS if x.id == "close"), "wooly-bully", "en")
    close.play("9@2,0/0")  # a yellow tile elsewhere: the turn passes, the pasture stays open
    assert close.verdict is False and 'id="L-close-show"' in close.markup()


def test_a_lesson_draws_its_own_patterns_and_sheep_so_many_boards_share_a_page():
    """The board's SVG refers to its patterns by id: scoped with the ids, never to another lesson's
    (a route link, ``#/``, is no reference and stays as it is)."""
    html = teach.Live(LESSONS[0], "wooly-bully", "en").markup()
    refs = set(re.findall(r'(?:href="#|url\(#)([^")]+)', html))
    defined = set(re.findall(r' id="([^"]+)"', html))
    assert refs and refs <= defined and all(r.startswith("L-turn-") for r in refs)
    assert (
        teach.scope('<a href="#/wooly-bully/rules?rule=WB-3">', "x")
        == '<a href="#/wooly-bully/rules?rule=WB-3">'
    )


def test_the_close_exercise_is_played_with_the_keyboard_through_the_app():
    """Enter on the tile in hand, arrows to the square, "Lay it here": told right, focus on Again."""
    from web.test_match_screen import open_app

    _app, dom = open_app("#/wooly-bully/rules")
    dom.click("L:close:wb-select", "0")
    assert dom.focused == "L-close-wb-hand-0"
    dom.on_event("key", "L:close:wb-select", "0", "", "ArrowUp")  # up from the first square it fits
    assert dom.focused == "L-close-wb-sq--1_-2"
    dom.click("L:close:wb-confirm")
    assert 'data-lesson="close" data-step="0" data-verdict="right"' in dom.html
    assert dom.focused == "L-close-again" and dom.said[-1] == "Right! Well done."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_page_shows_each_lesson_under_its_paragraph_with_unique_ids(lang):
    from parlour.web import app as app_mod
    from web.test_match_screen import Dom

    dom = Dom("#/wooly-bully/rules", {"parlour.settings": json.dumps({"lang": lang})})
    app_mod.App(dom).start()
    html = dom.html
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), {i for i in ids if ids.count(i) > 1}
    for lesson in LESSONS:
        para = html.index(f'id="wooly-bully.help.{lesson.para}"')
        box = html.index(f'id="L-{lesson.id}-box"')
        assert para < box and html.index("</p>", para) < box
        title = translate(lang, f"wooly-bully.teach.{lesson.id}")
        assert title in html_lib.unescape(html)
    assert html.count('class="lesson"') == len(LESSONS)
    assert html.count("<h2 ") == len(board.HELP) and 'id="help-wolf"' in html
    assert translate(lang, "wooly-bully.help-h.hunter") in html_lib.unescape(html)
    assert not RULE.search(words(html))


# --- the end when nobody can play (WB-14) ------------------------------------------------------------
RECORD = json.loads((Path(__file__).parent / "wooly_no_play_record.json").read_text())
"""A whole two-player game of the engine's own (its setup from the seed, then every move), which
ends because nobody can play: the lesson shows its last four moves."""


def test_the_nobody_can_play_example_is_a_real_games_end_reached_by_legal_moves():
    from parlour.engine import Match

    match = Match.new(GAME, RECORD["players"], {}, RECORD["seed"])
    for seat, move in RECORD["moves"]:
        match.play(seat, GAME.decode_move(move))  # raises if a move was not legal where played
    (lesson,) = [x for x in LESSONS if x.id == "no-play"]
    shown = diagram.load("wooly-bully", lesson.pos, teach.moves_of(lesson.moves))
    start = len(RECORD["moves"]) - shown.steps
    assert GAME.encode_state(match.state_at(start)) == GAME.encode_state(shown.state(0))
    played = [shown.move(step) for step in range(1, shown.steps + 1)]
    assert [[seat, GAME.encode_move(move)] for seat, move in played] == RECORD["moves"][start:]
    assert GAME.encode_state(match.state) == GAME.encode_state(shown.state(shown.steps))
    assert lesson.para == "end" and board.HELP_RULES["wooly-bully.help.end"] == ("WB-14",)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_nobody_can_play_example_ends_the_way_its_caption_says(lang):
    """WB-14: the bag is empty; a player with nothing to lay passes, one who can lay must; when
    nobody can lay anything the game is over, each scoring their best closed pasture (WB-15)."""
    live = teach.lessons(board, "wooly-bully", lang)["no-play"]
    shown = live.diagram
    assert shown is not None and shown.steps == 4
    t = lambda key, **params: translate(lang, key, **params)  # noqa: E731
    start = shown.state(0)
    assert not start.bag and start.hands[0] == () and len(start.hands[1]) == 1
    for step in (1, 3):  # Player 1 has nothing to lay: a pass, and the game goes on
        seat, move = shown.move(step)
        assert (seat, move.kind) == (0, "pass") and not GAME.can_place(shown.state(step - 1), 0)
        assert shown.state(step).ended == "" and live.caption_lines(step)[0] == (
            t("wooly-bully.log.pass", player=t("app.seat.n", n=1)),
            "WB-3",
        )
    assert shown.move(2)[0] == 1 and shown.move(2)[1].kind == "place", "Player 2 could lay: it must"
    assert shown.move(4)[1].kind == "reveal" and shown.state(3).ended == ""
    end = shown.state(4)
    assert end.ended == "wooly-bully.end.none-can-play" and not end.bag
    assert not any(GAME.can_place(end, p) for p in range(end.players)), "nobody can lay anything"
    said = live.caption_lines(4)
    assert (t("wooly-bully.end.none-can-play"), "WB-14") in said
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (14.0, 34.0)
    points = [text for text, rule in said if rule == "WB-15"]
    assert points == [
        t(
            "wooly-bully.points",
            player=t("app.seat.n", n=p + 1),
            count=[14, 34][p],
            sheep=[14, 34][p],
            bonus=0,
        )
        for p in (0, 1)
    ] + [t("app.winner", name=t("app.seat.n", n=2))]
    assert [end.board.score(c) for c in end.colours] == [14, 34], "each player's best closed pasture"
    plural = {"en": ("14 points", "34 points"), "ru": ("14 победных очков", "34 победных очка")}
    plural["uk"] = ("14 переможних очок", "34 переможні очки")
    assert all(word in line for word, line in zip(plural[lang], points, strict=False))
    title = t("wooly-bully.teach.no-play")
    assert title != "wooly-bully.teach.no-play" and (
        lang == "en" or title != translate("en", "wooly-bully.teach.no-play")
    )


# --- a light page: each example drawn still until it nears the view (decision 0039) ------------------
def bare(html: str, lid: str) -> str:
    """A lesson's figure without its field's tiles and the still mark: the boxes a reader sees."""
    html = re.sub(
        rf'(id="L-{lid}-wb-field"[^>]*>).*?(</svg><!--/r:L-{lid}-wb-field-->)', r"\1\2", html, flags=re.S
    )
    return html.replace(' data-still="1"', "")


def test_the_help_opens_with_every_example_still_the_same_size_and_draws_each_as_it_nears_the_view():
    _app, dom = still_app()
    ids = [x.id for x in LESSONS]
    still = {lid: figure(dom.html, lid) for lid in ids}
    assert dom.watched >= 1 and all('data-still="1"' in f for f in still.values())
    assert "-wb-t-" not in dom.html, "no tile of any field drawn yet"
    whole = teach.lessons(board, "wooly-bully", "en")  # as a page that cannot tell draws them
    drawn = {lid: teach.figures({lid: whole[lid]}, "", {})[whole[lid].lesson.para] for lid in ids}
    for lid in ids:  # the same table, field box (view box, name), zoom row, words and controls
        assert bare(still[lid], lid) == bare(figure(drawn[lid], lid), lid), lid
    assert len(dom.html) * 3 < sum(map(len, drawn.values())), "a third of the markup or less"
    dom.on_event("near", "turn no-play", "", "", "")
    assert 'data-still="1"' not in figure(dom.html, "turn"), "the first drawn at once"
    assert 'data-still="1"' in figure(dom.html, "no-play"), "the next in a task of its own"
    dom.run_timers()
    assert 'data-still="1"' not in figure(dom.html, "no-play")
    assert figure(dom.html, "no-play") == figure(drawn["no-play"], "no-play")
    assert sum('data-still="1"' in figure(dom.html, lid) for lid in ids) == len(ids) - 2
    before = dom.html
    dom.on_event("near", "turn", "", "", "")  # already drawn: nothing to do, nothing drawn
    assert dom.html is before
    dom.on_event("click", "L:hole:next", "", "", "")  # a still example's step draws it whole, stepped
    assert 'data-step="1"' in figure(dom.html, "hole") and 'data-still="1"' not in figure(dom.html, "hole")
    assert 'id="L-hole-wb-t-' in dom.html


def test_a_step_redraws_its_own_example_alone():
    from parlour.web import redraw

    _app, dom = still_app()
    dom.on_event("near", "hole draw", "", "", "")
    before = dom.html
    dom.on_event("click", "L:hole:next", "", "", "")
    changes = redraw.changes(before, dom.html)
    assert changes, "the screen keeps its shape: only what changed is put on the page"
    assert all(c.target.startswith("L-hole-") for c in changes), [c.target for c in changes]
    assert any(c.new_id.startswith("L-hole-wb-t-") for c in changes), "the tile laid is inserted alone"


def test_an_example_near_the_view_is_put_on_the_page_alone_and_the_screen_stays_in_step():
    """Drawing one example whole neither makes the help's screen again nor compares it: its region
    alone is replaced (the 70-tile field in pieces, its tiles inserted a frame at a time, decision
    0106), and what the app knows the page shows is what the page shows, so the next redraw (a step
    elsewhere) changes only what that step changed."""
    from parlour.web import app as app_mod
    from parlour.web import redraw, teach_draw
    from web.help_pages import task_page

    dom = task_page("#/wooly-bully/rules")
    app = app_mod.App(dom)
    app.start()
    while dom.tasks:
        dom.tasks.pop(0)[1]()
    dom.changed = []
    dom.on_event("near", "no-play", "", "", "")
    assert dom.changed == [] and [kind for kind, _ in dom.tasks] == ["task"], "its moves played alone"
    dom.tasks.pop(0)[1]()
    assert dom.changed == [] and [kind for kind, _ in dom.tasks] == ["task"], "its markup made alone"
    dom.tasks.pop(0)[1]()
    ((change,),) = dom.changed
    assert change.kind == "replace" and change.target == "L-no-play-box" and "-wb-t-" in change.markup
    whole = app.lessons["no-play"].markup()
    assert len(change.markup) <= teach_draw.PIECE_CHARS < len(whole) / 3
    while dom.tasks:  # the rest a frame at a time
        kind, fn = dom.tasks.pop(0)
        assert kind == "frame"
        fn()
    assert len(dom.changed) >= 4 and all(c.kind == "after" for cs in dom.changed[1:] for c in cs)
    assert all(sum(len(c.markup) for c in cs) <= teach_draw.PIECE_CHARS for cs in dom.changed)
    assert figure(dom.html, "no-play") == figure(app.shown, "no-play") == whole, "the page as drawn whole"
    assert app.shown == dom.html and app.shown.count("-wb-t-") > 60
    dom.changed = []
    dom.on_event("click", "L:hole:next", "", "", "")
    while dom.tasks:
        dom.tasks.pop(0)[1]()
    assert dom.changed and all(c.target.startswith("L-hole-") for cs in dom.changed for c in cs), (
        "nothing else redrawn"
    )
    assert redraw.replaced("<p>x</p>", "L-x-box", "y") is None


def test_opening_the_help_makes_its_lessons_a_few_a_task_the_page_showing_the_screen_before(monkeypatch):
    """Opening the help makes its lessons (each with its still markup) a few a task, not all in the
    task that opened it (issue #17, decision 0109: Wooly Bully's 17 were 48 ms of Python there):
    meanwhile the page shows the screen before and input waits; then the help is drawn, exactly
    the screen a page making them all at once draws, and the input waiting is acted on."""
    from parlour.web import app as app_mod
    from parlour.web import teach_draw
    from web.help_pages import task_page

    monkeypatch.setattr(teach_draw, "SLICE_MS", -1.0)  # a lesson a task, whatever the machine
    dom = task_page("#/wooly-bully")
    app = app_mod.App(dom)
    app.start()
    app.put_ms = float("inf")  # the help's screen put on the page in the task that makes it
    dom.run_timers()
    while dom.tasks:
        dom.tasks.pop(0)[1]()
    setup = dom.html
    assert 'data-screen="setup"' in setup
    dom.set_hash("#/wooly-bully/rules")
    dom.on_event("key", "", "", "", "x")  # input while the lessons are made: held
    tasks = 0
    while dom.html == setup:
        assert app.held and app.draw_pending and [kind for kind, _ in dom.tasks] == ["task"]
        dom.tasks.pop(0)[1]()
        tasks += 1
    assert tasks == len(LESSONS), "the first lesson made in the task that opened the help, then one a task"
    assert not app.draw_pending and app.held and len(dom.tasks) == 1, "the input waiting: in the next task"
    dom.tasks.pop(0)[1]()
    assert not app.held and not dom.tasks
    _at_once, whole = still_app()
    assert dom.html == app.shown == whole.html, "the help as a page making its lessons at once draws it"
    assert dom.html.count('data-still="1"') == len(LESSONS)


def test_a_start_on_the_help_draws_it_once_its_lessons_are_made_a_few_a_task(monkeypatch):
    """A start that lands on the help (a reload, its game's modules in already): its first screen
    waits for the lessons, made a few a task as when the help is opened (decision 0109)."""
    from parlour.web import app as app_mod
    from parlour.web import teach_draw
    from web.help_pages import task_page

    monkeypatch.setattr(teach_draw, "SLICE_MS", -1.0)  # a lesson a task, whatever the machine
    dom = task_page("#/wooly-bully/rules")
    app = app_mod.App(dom)
    app.put_ms = float("inf")
    app.start()
    tasks = 0
    while not dom.html:
        assert app.draw_pending and len(dom.tasks) == 1, "nothing drawn while the lessons are made"
        dom.tasks.pop(0)[1]()
        tasks += 1
    assert tasks == len(LESSONS) and not app.making and not app.draw_pending
    _at_once, whole = still_app()
    assert dom.html == whole.html
