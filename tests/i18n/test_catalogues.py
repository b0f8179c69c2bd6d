"""The message catalogues, checked against the code that uses them (issue #16, "Words").

* every key the code names (a string literal, or an f-string pattern such as ``f"boop.log.{colour}.{what}"``)
  exists in English, Russian and Ukrainian;
* placeholders agree across the three languages and with every call that names the key;
* a message with plural forms is always called with ``count``, and has the forms its language needs;
* ranges ("2–4 players") take the plural of their last number.
"""

from __future__ import annotations

import ast
import re
import string
from functools import cache
from pathlib import Path

import pytest

from parlour.games import GAMES
from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import screens

SOURCE = Path(__file__).parents[2] / "pysrc" / "parlour"
FORMS = {"en": {"one", "other"}, "ru": {"one", "few", "many"}, "uk": {"one", "few", "many"}}
"""The CLDR forms of whole numbers (``other`` is for fractions in ru/uk, allowed there but not needed)."""


@cache
def namespaces() -> frozenset[str]:
    return frozenset(key.split(".")[0] for lang in LANGUAGES for key in catalogue(lang))


def is_key_like(text: str) -> bool:
    return "." in text and text.split(".")[0] in namespaces() and bool(re.fullmatch(r"[a-z0-9.-]+", text))


@cache
def trees() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(SOURCE.rglob("*.py"))}


@cache  # the code is the same for each language's test: scanned once a run (decision 0008)
def literal_keys() -> dict[str, str]:
    """Every string literal in the code that names a message key, with where it is."""
    found: dict[str, str] = {}
    for path, tree in trees().items():
        in_fstring = {
            id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values
        }
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) and id(node) not in in_fstring else None
            if isinstance(text, str) and is_key_like(text) and not text.endswith("."):
                found.setdefault(text, f"{path.relative_to(SOURCE)}:{node.lineno}")
    return found


@cache
def pattern_keys() -> dict[str, str]:
    """Every f-string that builds a key, as a regular expression (each ``{...}`` one key segment).

    An f-string that starts with a namespace (``f"boop.log.{colour}.{what}"``) must match keys; one that
    starts with a value (``f"{game_id}.bot.{level}"``) counts when it matches any key at all, since
    ``f"{name}.json"`` is no key."""
    english = set(catalogue("en"))
    found: dict[str, str] = {}
    for path, tree in trees().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr) or not node.values:
                continue
            texts = [v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
            if not texts or not all(re.fullmatch(r"[a-z0-9.-]*", t) for t in texts):
                continue
            parts = [re.escape(v.value) if isinstance(v, ast.Constant) else "[a-z0-9-]+" for v in node.values]
            pattern = "".join(parts)
            head = node.values[0]
            if isinstance(head, ast.Constant):
                if "." not in head.value or head.value.split(".")[0] not in namespaces():
                    continue
            elif "." not in "".join(texts) or not any(re.fullmatch(pattern, k) for k in english):
                continue
            found.setdefault(pattern, f"{path.relative_to(SOURCE)}:{node.lineno}")
    return found


def placeholders(value: object) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {f[1] for text in texts for f in string.Formatter().parse(str(text)) if f[1]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_named_in_the_code_exists_in_every_language(lang):
    keys = catalogue(lang)
    missing = {key: where for key, where in literal_keys().items() if key not in keys}
    assert missing == {}
    assert len(literal_keys()) > 150  # the scan sees the code


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_pattern_in_the_code_matches_keys_in_every_language(lang):
    keys = set(catalogue(lang))
    english = set(catalogue("en"))
    for pattern, where in pattern_keys().items():
        ours = {k for k in keys if re.fullmatch(pattern, k)}
        assert ours, f"{where}: no {lang} key matches {pattern}"
        assert ours == {k for k in english if re.fullmatch(pattern, k)}, where


def test_the_three_languages_have_the_same_keys_and_placeholders():
    english = catalogue("en")
    for lang in ("ru", "uk"):
        other = catalogue(lang)
        assert set(other) == set(english), sorted(set(other) ^ set(english))[:10]
        for key, value in english.items():
            assert placeholders(other[key]) == placeholders(value), (lang, key)


def test_plural_messages_have_the_forms_their_language_needs():
    for lang in LANGUAGES:
        for key, value in catalogue(lang).items():
            if isinstance(value, dict):
                assert FORMS[lang] <= set(value) <= FORMS[lang] | {"other"}, (lang, key)
                assert isinstance(catalogue("en")[key], dict), key


def calls() -> list[tuple[str, ast.Call, str]]:
    """Calls ``t("key", ...)``, ``ctx.t("key", ...)`` and ``translate(lang, "key", ...)`` with a literal key."""
    out = []
    for path, tree in trees().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            index = {"t": 0, "translate": 1}.get(name)
            if index is None or len(node.args) <= index:
                continue
            arg = node.args[index]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and is_key_like(arg.value):
                out.append((arg.value, node, f"{path.relative_to(SOURCE)}:{node.lineno}"))
    return out


def test_every_call_gives_the_placeholders_its_message_needs_and_count_for_plurals():
    english = catalogue("en")
    checked = 0
    for key, node, where in calls():
        if key not in english or any(k.arg is None for k in node.keywords):
            continue  # a missing key fails above; **params cannot be checked here
        given = {k.arg for k in node.keywords}
        needed = set().union(*(placeholders(catalogue(lang)[key]) for lang in LANGUAGES))
        if isinstance(english[key], dict):
            needed.add("count")
        assert needed <= given, f"{where}: {key} needs {sorted(needed - given)}"
        checked += 1
    assert checked > 100


@pytest.mark.parametrize(
    ("lang", "low", "high", "text"),
    [
        ("en", 2, 4, "2–4 players"),
        ("ru", 2, 4, "2–4 игрока"),
        ("ru", 2, 5, "2–5 игроков"),
        ("ru", 3, 21, "3–21 игрок"),
        ("uk", 2, 4, "2–4 гравці"),
        ("uk", 2, 5, "2–5 гравців"),
        ("uk", 3, 21, "3–21 гравець"),
    ],
)
def test_a_range_of_players_takes_the_plural_of_its_last_number(lang, low, high, text):
    assert translate(lang, "app.players-range", min=low, max=high, count=high) == text


def test_the_picker_writes_each_games_player_range_in_words():
    entries = [screens.PickerEntry(info, playable=True, saved=False) for info in GAMES]
    for lang in LANGUAGES:
        html = screens.picker(lambda key, lang=lang, **kw: translate(lang, key, **kw), entries)
        for info in GAMES:
            high = info.max_players
            words = translate(lang, "app.players-n", count=high)
            if info.min_players != high:
                words = translate(lang, "app.players-range", min=info.min_players, max=high, count=high)
            assert words in html


NAME_SENTENCES = (
    "app.to-move",
    "app.thinking",
    "app.decide",
    "app.winner",
    "embed.to-play",
    "embed.over",
    "embed.puzzle",
)
AGREEING_VERBS = re.compile(
    r"\b(ходит|ходят|думает|думают|победил\w*|ходить|ходять|думає|думають|переміг\w*)\b", re.I
)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_sentences_around_a_name_need_no_agreement_with_it(lang):
    """A name may be plural ("Фиолетовые"), singular ("Игрок 2") or a person of either gender, so no
    verb in these sentences agrees with it ("Ход: Фиолетовые.", never "Ходит Фиолетовые")."""
    for key in NAME_SENTENCES:
        text = catalogue(lang)[key]
        assert not AGREEING_VERBS.search(str(text)), (lang, key, text)
    seat = translate(lang, "boop.seat.1")
    assert translate(lang, "app.to-move", name=seat) in {"Ход: Фиолетовые.", "Хід: Фіолетові."}


SEAT_AFTER_ITS_WORD = re.compile(r"(?i)(?<!\w)(players?|игрок\w*|гравц\w*|гравець)\s+\{player\}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seats_name_is_never_put_after_the_word_player(lang):
    """``{player}`` is a seat's whole name ("Игрок 4 · Компьютер (сильный)", "Гравець 1", a person's
    name): "У игрока {player}" read «У игрока Игрок 4», "Гравець {player}" «Гравець Гравець 1» (Boo!'s
    end, found playing in ru and uk)."""
    for key, value in catalogue(lang).items():
        for text in value.values() if isinstance(value, dict) else [value]:
            assert not SEAT_AFTER_ITS_WORD.search(str(text)), (lang, key, text)


NUMBER_THEN_NOUN = re.compile(
    r"\{(count|bonus|points|sheep)\}\s+(?!(and|or|of|и|или|из|і|й|або|з)\b)\w", re.U
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_number_followed_by_its_noun_is_a_plural_message(lang):
    """ "1 bonus points", "3 дополнительных очков": a count next to its noun needs plural forms, or a
    wording that keeps them apart ("bonus points: 3")."""
    for key, value in catalogue(lang).items():
        if isinstance(value, str) and not (lang == "en" and "{sheep} sheep" in value):
            assert not NUMBER_THEN_NOUN.search(value), (lang, key, value)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_sentence_writes_an_internal_rule_code(lang):
    """Player-facing sentences carry no "(BP-2)": a rule id is a link into the rules help (issue 16)."""
    coded = {
        k: v
        for k, v in catalogue(lang).items()
        if isinstance(v, str) and re.search(r"\((BP|BO|WB|GG)-[A-Z]*\d+", v)
    }
    assert not coded, coded


BOO_CELL_WORDS = {"en": r"\bcells?\b", "ru": r"клет(к|ок)", "uk": r"клітин"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_boos_castle_is_made_of_rooms_as_its_rulebooks_say(lang):
    """The Boo! rulebooks (en and ru) say the ghost goes room to room (комната, кімната): the prompt
    to trace a route said «касаясь клеток» and a wrong step «на одну клетку» (found playing in ru/uk)."""
    cells = {
        k: v
        for k, v in catalogue(lang).items()
        if k.startswith("boo.")
        and isinstance(v, str)
        and re.search(BOO_CELL_WORDS[lang], re.sub(r"\{\w+\}", "", v), re.I)
    }
    assert not cells, cells


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ghosts_galores_pencil_button_is_short_and_every_message_about_it_says_the_same_verb(lang):
    """GG-2's hidden tile put in provisionally: its button reads at a glance on a phone (it was
    «Предразместить» and «Покласти попередньо»; the rulebook's «заранее разместить» is a phrase),
    the help names the button by its words, and the prompt, the note and the screen readers'
    names say the same verb (a player meets one term, not three)."""
    words = catalogue(lang)
    label = words["ghosts-galore.action.pencil"]
    assert len(label) <= 10, label
    assert label in words["ghosts-galore.help.hidden"]
    stem = label.lower()[:4]
    for key in ("prompt.pencil", "pencilled-at", "a11y.cell-pencil", "a11y.sheet-pencil"):
        assert stem in words[f"ghosts-galore.{key}"].lower(), (key, words[f"ghosts-galore.{key}"])
