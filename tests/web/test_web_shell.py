"""The browser front end's pure parts on CPython: routes, settings, the local session, screens, catalogues."""

from __future__ import annotations

import json
import re
import string
from importlib import resources

import pytest

from parlour.engine import CorruptMatch, IllegalMove, MatchRecord, encode_link
from parlour.engine.bots import RandomBot
from parlour.games import GAMES
from parlour.i18n import LANGUAGES, translate
from parlour.web import router, screens
from parlour.web.session import HUMAN, LocalSession, Seat
from parlour.web.settings import Settings, load
from toygame import GAME

GAME_IDS = {g.id for g in GAMES}
BOTS = {"random": RandomBot}


def t(key: str, **params: object) -> str:
    return translate("en", key, **params)


@pytest.mark.parametrize(
    ("fragment", "screen", "game"),
    [("", "picker", ""), ("#/", "picker", ""), ("#/settings", "settings", ""), ("#/boop", "setup", "boop"),
     ("#/boop/play", "play", "boop"), ("#/wooly-bully/rules", "rules", "wooly-bully"),
     ("#/chess", "missing", ""), ("#/boop/nowhere", "missing", "")],
)  # fmt: skip
def test_routes_parse_from_the_fragment(fragment, screen, game):
    route = router.parse(fragment, GAME_IDS)
    assert (route.screen, route.game) == (screen, game)


def test_a_route_round_trips_through_its_fragment_with_its_query():
    route = router.Route("play", "boop", {"m": "abc-_"})
    assert router.parse(route.fragment(), GAME_IDS) == route


def test_settings_default_to_the_browser_language_and_survive_damage():
    assert load(None, ["uk-UA", "en"]).lang == "uk"
    assert load(None, ["de-DE"]).lang == "en"
    assert load("{not json", ["ru"]) == Settings(lang="ru")
    assert load('{"lang": "xx"}', ["ru"]) == Settings(lang="ru")
    saved = Settings(lang="ru", animations="off").dumps()
    assert load(saved, ["en"]) == Settings(lang="ru", animations="off")
    assert not Settings(animations="system").animate(system_reduced_motion=True)
    assert Settings(animations="on").animate(system_reduced_motion=True)


def test_a_person_against_an_ai_plays_until_the_end():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat("random")], BOTS, seed=5)
    while session.outcome() is None:
        if session.ai_to_act() is not None:
            assert session.step_ai() is not None
        else:
            player = session.human_to_act()
            session.play(player, session.game.legal_moves(session.state, player)[0])
    assert len(session.log()) == len(session.match.plies)


def test_a_person_cannot_move_for_the_ai_seat():
    session = LocalSession.new(GAME, [Seat("random"), Seat(HUMAN)], BOTS, seed=1)
    with pytest.raises(IllegalMove):
        session.play(0, "take1")


def test_undo_takes_back_the_persons_move_and_the_ai_reply():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat("random")], BOTS, seed=2)
    session.play(0, "take1")
    session.step_ai()
    assert len(session.match.plies) == 2 and session.can_undo()
    assert session.undo() == 2
    assert session.match.plies == () and session.human_to_act() == 0


def test_undo_never_crosses_a_reveal():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], BOTS, seed=2)
    session.play(0, "reveal")
    assert not session.can_undo()
    with pytest.raises(IllegalMove):
        session.undo()


def test_a_saved_match_resumes_with_its_seats_and_a_damaged_one_is_refused():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat("random")], BOTS, seed=3)
    session.play(0, "take2")
    again = LocalSession.resume(GAME, MatchRecord.loads(session.dumps()), BOTS)
    assert again.seats == session.seats and again.match.plies == session.match.plies
    with pytest.raises(CorruptMatch):
        MatchRecord.loads(session.dumps()[:-5])


def test_a_record_with_unknown_seats_resumes_with_people():
    record = MatchRecord("toy", 2, {"pile": 15}, 1, (), {"seats": ["grandmaster", 7]})
    assert LocalSession.resume(GAME, record, BOTS).seats == [Seat(HUMAN), Seat(HUMAN)]


def test_share_link_of_a_session_opens_the_same_match():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], BOTS, seed=4)
    session.play(0, "take3")
    assert session.link() == encode_link(session.match.record)


def test_picker_lists_all_four_games_and_marks_the_unfinished_ones():
    entries = [screens.PickerEntry(g, g.id == "boop") for g in GAMES]
    html = screens.picker(t, entries)
    for name in ("boop.", "Boo!", "Wooly Bully", "Ghosts Galore"):
        assert name in html
    assert html.count("Coming soon") == 3
    assert 'href="#/boop"' in html and 'href="#/boo"' not in html


def test_markup_escapes_text_from_outside():
    html = screens.banner(t, False, '<img src=x onerror="alert(1)">')
    assert "<img" not in html and "&lt;img" in html


def catalogue_files() -> dict[str, dict[str, dict]]:
    """Every catalogue in the package tree, by package and language."""
    out: dict[str, dict[str, dict]] = {}
    root = resources.files("parlour")
    for lang_file in sorted(p for p in _walk(root) if p.name in {f"{lang}.json" for lang in LANGUAGES}):
        if lang_file.parent.name != "i18n":
            continue
        package = str(lang_file.parent.parent)
        out.setdefault(package, {})[lang_file.name[:2]] = json.loads(lang_file.read_text(encoding="utf-8"))
    return out


def _walk(node):
    for child in node.iterdir():
        if child.is_dir():
            yield from _walk(child)
        else:
            yield child


def placeholders(value) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {f[1] for text in texts for f in string.Formatter().parse(text) if f[1]}


def test_every_catalogue_has_every_key_in_all_three_languages_with_the_same_placeholders():
    found = catalogue_files()
    assert found, "no catalogues found"
    for package, langs in found.items():
        assert set(langs) == set(LANGUAGES), f"{package} lacks a language"
        keys = set(langs["en"])
        for lang in LANGUAGES:
            assert set(langs[lang]) == keys, f"{package}/{lang}: {sorted(set(langs[lang]) ^ keys)[:5]}"
            for key in keys:
                assert placeholders(langs[lang][key]) <= placeholders(langs["en"][key]) | {"count", "n"}, (
                    package,
                    lang,
                    key,
                )


def test_russian_and_ukrainian_texts_are_translated_not_copied():
    app = catalogue_files()
    web = next(v for k, v in app.items() if k.endswith("web"))
    for key in ("app.play", "app.undo", "app.rules", "app.start"):
        assert web["ru"][key] != web["en"][key] and web["uk"][key] != web["en"][key]
        assert re.search("[а-яіїєґ]", web["uk"][key], re.I)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_settings_fold_the_network_servers_under_advanced_closed_by_default(lang):
    """Second play-test: STUN/TURN and relay fields are for the few; they sit in a native
    <details> (keyboard-operable by its <summary>), closed until the player has set one."""
    from functools import partial

    from parlour.web import screens
    from parlour.web.settings import Settings

    t = partial(translate, lang)
    html = screens.settings(t, Settings(lang=lang))
    fold = re.search(r'<details class="advanced" id="net-advanced">(.*)</details>', html, re.S)
    assert fold and f"<summary>{t('app.net.advanced')}</summary>" in fold.group(1)
    assert 'id="net-ice"' in fold.group(1) and 'id="net-relays"' in fold.group(1)
    assert 'id="lang"' not in fold.group(1) and 'id="lang"' in html
    opened = screens.settings(t, Settings(lang=lang), ice="stun:stun.example.org")
    assert '<details class="advanced" id="net-advanced" open>' in opened


def test_a_yes_no_option_is_a_checkbox_inside_its_label_row():
    """Wooly Bully's rule variants: each checkbox sits inside its <label class="field"> row, so the
    whole row (at least 44 px tall, app.css) toggles it, not only the 28 px box."""
    from functools import partial

    from parlour.games.wooly_bully import GAME as game
    from parlour.web import screens

    html = screens.setup(partial(translate, "en"), game, ["easy"], ["human", "human"], {})
    boxes = [o.name for o in game.options if not o.hidden and isinstance(o.default, bool)]
    assert boxes
    for name in boxes:
        assert re.search(
            rf'<label class="field"><span>[^<]+</span><input type="checkbox"[^>]*id="opt-{name}">', html
        )
    from pathlib import Path

    css = (Path(__file__).parents[2] / "web/assets/app.css").read_text()
    assert "label.field:has(> input[type=checkbox]) { min-height: 44px;" in css
