"""The embed's logic on CPython: parameters, stepping, captions with rule links, try-it, puzzles and
the messages to and from the parent page (the page itself is tested in tests/browser/test_embed.py)."""

from __future__ import annotations

import html
import json
import re

import pytest

from parlour.web.embed import Embed, Host
from parlour.web.embedlink import Spec, SpecError, fragment

MOVES = "k@c3,g:-,k@d4,g:top-c,k@c3"
POSITION = "6/6/2o1p1/6/1o4/6 6k0c/7k0c 8/8 -/top-c+0 p place"


def open_embed(frag: str, langs: tuple[str, ...] = ("en",)) -> Embed:
    return Embed(Spec.parse(frag), list(langs))


def text(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip()


def test_parameters_round_trip_through_the_fragment_and_default_sensibly():
    spec = Spec.parse(
        f"game=boop&moves={MOVES}&step=2&lang=uk&theme=dark&seat=1&controls=0&interactive=1"
        "&autoplay=900&try=easy&puzzle=4&c0=Look%20at%20c3&id=fig1"
    )
    assert spec.moves == tuple(MOVES.split(",")) and spec.step == 2 and spec.seat == 1
    assert (spec.lang, spec.theme, spec.controls, spec.autoplay, spec.try_mode) == (
        "uk",
        "dark",
        False,
        900,
        "easy",
    )
    assert spec.puzzles == {4} and spec.captions == {0: "Look at c3"} and spec.name == "fig1"
    assert Spec.parse(fragment(spec)) == spec
    pos = Spec(source=POSITION)
    assert Spec.parse(fragment(pos)) == pos
    assert Spec.parse("") == Spec()  # boop. from its set-up, auto theme, controls on
    assert Spec.parse("autoplay=1").autoplay == 1500 and Spec.parse("autoplay=50").autoplay == 400


@pytest.mark.parametrize(
    "frag",
    ["game=chess", "lang=de", "theme=blue", "seat=x", "controls=maybe", "try=grandmaster", "step=-1",
     "colour=red", "autoplay=99999999"],
)  # fmt: skip
def test_a_bad_parameter_is_refused_with_a_reason(frag):
    with pytest.raises(SpecError):
        Spec.parse(frag)


def test_a_bad_parameter_shows_its_reason_in_the_viewers_language_instead_of_a_board():
    reply = json.loads(
        Host().handle(json.dumps({"id": "x", "type": "open", "fragment": "#theme=blue", "langs": ["ru"]}))
    )
    assert "В адресе этой вставки ошибка" in text(reply["html"]) and "boop-bed" not in reply["html"]
    assert reply["out"][0]["type"] == "parlour:error"
    reply = json.loads(Host().handle(json.dumps({"id": "x", "type": "open", "fragment": "moves=k@c3,k@c3"})))
    assert "Move 2 (k@c3) cannot be played here." in text(reply["html"])


def test_stepping_shows_each_moment_with_every_event_and_the_rule_behind_it():
    embed = open_embed(f"moves={MOVES}")
    assert embed.step == 0 and embed.out[0]["type"] == "parlour:ready" and embed.out[0]["steps"] == 5
    assert "The starting position." in text(embed.reply().html)
    embed.act("last")
    embed.act("prev")
    html = embed.reply().html
    assert 'data-step="4"' in html and "Step 4 of 5" in text(html)
    # A narrow frame says the step in its status (embed.css), so the buttons make one row.
    assert re.search(r'<p class="status" id="status"><span class="at" aria-hidden="true">4/5 </span>', html)
    # Purple's ghost comes in at top-c: the move, its event, and a link to the rule (never "(BP-13)").
    assert "Purple brings the ghost cat in between c6 and d6" in text(html)
    assert re.search(r'<a href="\./#/boop/rules\?rule=BP-13"[^>]*>rule: Bringing a ghost in</a>', html)
    assert "(BP-" not in text(html)
    embed.act("next")
    html = embed.reply().html
    assert "Boop! b2 to a1" in text(html) and "Boop! d4 to e5" in text(html) and "rule: Boop" in text(html)
    assert [m["type"] for m in embed.reply().out] == []  # messages go out once
    embed.act("key", key="Home")
    assert embed.step == 0
    assert embed.reply().out[-1] == {
        "type": "parlour:step", "id": "", "game": "boop", "step": 0, "steps": 5,
        "position": "6/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place",
    }  # fmt: skip


def test_the_author_caption_and_language_and_seat_are_used():
    embed = open_embed(f"moves={MOVES}&c1=Orange%20takes%20the%20centre&seat=1", ("uk-UA", "en"))
    embed.act("next")
    html = embed.reply().html
    assert "Orange takes the centre" in text(html) and "Руді: кошеня на c3" in text(html)
    # Seat 1 sees the bed turned round: a1 is drawn top right.
    assert re.search(r'id="cell-a1"[^>]*><rect x="573" y="73"', html)


def test_autoplay_steps_on_each_tick_and_stops_at_the_end():
    embed = open_embed(f"moves={MOVES}&autoplay=600")
    assert embed.reply().timer == 600
    for _ in range(5):
        embed.tick()
    assert embed.step == 5 and embed.reply().timer is None


def test_try_it_against_a_bot_plays_on_from_the_shown_step_and_resets():
    embed = open_embed(f"pos={POSITION}&try=easy")
    assert re.search(
        r'<button [^>]*id="try"[^>]*aria-label="Try it"[^>]*>.*?Try it</span></button>', embed.reply().html
    )
    embed.act("try")
    assert 'data-mode="try"' in embed.reply().html and 'class="at"' not in embed.reply().html
    embed.act("cell", "b2")  # taken: refused in words, the cell marked, the rule a link
    html = embed.reply().html
    assert "b2 is taken" in text(html) and "(BP-2)" not in text(html)
    assert 'class="cell refused"' in html and 'href="./#/boop/rules?rule=BP-2"' in html
    embed.act("cell", "a6")  # purple to play: a kitten on a6
    reply = embed.reply()
    assert reply.out[-1]["move"] == "k@a6" and reply.out[-1]["by"] == "viewer"
    while embed.reply().timer is None and embed.trial and embed.trial.human_to_act() is not None:
        embed.act("ghost", "g:-")  # the rest of purple's turn
    assert embed.reply().timer == 350  # the bot moves on the next tick
    embed.tick()
    assert embed.reply().out[-1]["by"] == "bot"
    embed.act("reset")
    assert embed.trial is not None and embed.trial.match.plies == ()
    embed.act("back")
    assert embed.trial is None and embed.position() == POSITION


def test_a_puzzle_says_wrong_then_right_and_moves_on():
    embed = open_embed(f"moves={MOVES}&puzzle=4&step=4")
    assert "Puzzle: find the move." in text(embed.reply().html)
    embed.act("cell", "a1")
    reply = embed.reply()
    assert "Not this one. Try again." in text(reply.html) and reply.out[-1]["correct"] is False
    assert embed.step == 4
    embed.act("cell", "c3")
    reply = embed.reply()
    assert "Right! That is the move." in text(reply.html) and embed.step == 5
    assert [m["type"] for m in reply.out] == ["parlour:move", "parlour:step"] and reply.out[0][
        "correct"
    ] is True


def test_the_parent_page_can_go_to_a_step_load_a_position_and_ask_for_it():
    host = Host()
    ask = lambda **m: json.loads(host.handle(json.dumps({"id": "e1", **m})))  # noqa: E731
    ask(type="open", fragment=f"#moves={MOVES}&id=fig")
    reply = ask(type="command", data={"type": "parlour:goto", "step": 3})
    assert (
        reply["out"][0]["type"] == "parlour:step"
        and reply["out"][0]["step"] == 3
        and reply["out"][0]["id"] == "fig"
    )
    reply = ask(type="command", data={"type": "parlour:load", "position": POSITION})
    assert reply["out"][0]["position"] == POSITION and 'data-steps="0"' in reply["html"]
    reply = ask(type="command", data={"type": "parlour:load", "position": "nonsense"})
    assert (
        reply["out"][0]["type"] == "parlour:error"
        and ask(type="command", data={"type": "parlour:get"})["out"][0]["position"] == POSITION
    )  # the bad load changed nothing
    assert ask(type="command", data={"type": "parlour:goto", "step": True})["out"] == []
    assert ask(type="close")["closed"] and "e1" not in host.embeds


def test_embed_this_moment_gives_a_snippet_of_the_shown_moment_with_a_preview_and_copy():
    from parlour.engine import decode_link
    from web.test_match_screen import hotseat, open_app

    moves = MOVES.split(",")
    _, dom = open_app(f"#/boop/play?m={hotseat(moves)}")
    copied: list[str] = []
    dom.copy = copied.append  # type: ignore[attr-defined]
    dom.click("replay", "2")  # the log's third line: the moment before purple's k@d4
    dom.click("embed")
    assert 'id="embed-dialog"' in dom.html
    snippet = re.search(r'<textarea readonly id="embed-snippet"[^>]*>(.*?)</textarea>', dom.html).group(1)
    code = html.unescape(snippet)  # the iframe as the author pastes it
    src = html.unescape(re.search(r'src="([^"]+)"', code).group(1))
    assert src.startswith("http://127.0.0.1:8000/embed.html#game=boop&m=") and 'loading="lazy"' in code
    spec = Spec.parse(src.split("#", 1)[1])
    assert spec.step == 2 and [p.move for p in decode_link(spec.source).plies] == moves
    assert f'src="./embed.html#{html.escape(src.split("#", 1)[1])}"' in dom.html  # the live preview
    dom.click("embed-copy")
    assert copied == [code] and "Copied." in text(dom.html)
    dom.on_event("key", "", "", "", "Escape")
    assert 'id="embed-dialog"' not in dom.html


def test_an_embed_of_a_game_with_secrets_shows_no_seats_view_unless_a_seat_is_chosen():
    """Wooly Bully's hands and Ghosts Galore's hidden tiles stay hidden in an embed (the table's
    view, decision 0091); ``seat=N`` shows that seat's view, as that player sees it."""
    from web.test_diagram import played

    for game_id, players, secret in (
        ("wooly-bully", 3, "Your hand"),
        ("ghosts-galore", 3, "Your hidden tile"),
    ):
        _match, link = played(game_id, 12, players)
        for step in (0, 5, 12):
            hidden = Embed(Spec.parse(f"game={game_id}&m={link}&step={step}")).reply().html
            assert secret not in hidden and "embed-error" not in hidden, (game_id, step)
        assert secret in Embed(Spec.parse(f"game={game_id}&m={link}&step=5&seat=0")).reply().html
        refused = Embed(Spec.parse(f"game={game_id}&m={link}&seat=3")).reply().html
        assert "This game has no seat 3" in refused
    assert fragment(Spec.parse("game=boop&seat=1")) == "game=boop&seat=1"
    assert fragment(Spec.parse("game=boop")) == "game=boop"


@pytest.mark.parametrize("page", ["embed.html", "embed.ru.html", "embed.uk.html"])
def test_the_authors_guide_shows_a_working_example_of_every_game_with_a_board_in_its_language(page):
    from pathlib import Path

    from parlour.web import boards

    text_ = (Path(__file__).resolve().parents[2] / "web" / "docs" / page).read_text()
    lang = {"embed.html": "en", "embed.ru.html": "ru", "embed.uk.html": "uk"}[page]
    assert f'<html lang="{lang}">' in text_ and all(
        f'href="{other}"' in text_
        for other in ("embed.html", "embed.ru.html", "embed.uk.html")
        if other != page
    )
    frames = [html.unescape(f) for f in re.findall(r'<iframe src="\.\./embed\.html#([^"]+)"', text_)]
    shown = set()
    for frag in frames:
        embed = Embed(Spec.parse(frag), [lang])
        assert embed.error == "" and embed.lang == (lang if lang != "en" else embed.spec.lang or lang), frag
        shown.add(embed.spec.game)
    assert shown == {g for g in boards.BOARDS if boards.playable(g)}


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "everyone searches"), ("ru", "все одновременно ищут"), ("uk", "усі одночасно шукають")],
)
def test_the_boo_embed_says_everyone_searches_at_once_and_never_whose_turn_it_is(lang, words):
    """Boo! has no turns (newcomer's finding 5): its status names the visitor searched for."""
    embed = open_embed(f"game=boo&try=both&lang={lang}", (lang,))
    status = embed.status()
    assert words in status and "1" in status, status
    assert embed.t("embed.to-play", side="").strip(" .") not in status
    assert "Player 1" not in text(embed.reply().html) and "Игрок 1" not in status
