"""Message catalogues: every key the game uses exists in English, Russian and Ukrainian."""

from __future__ import annotations

import json
import re
import string
from importlib import resources
from pathlib import Path

import pytest

from parlour.games.wooly_bully import BOTS, GAME
from parlour.games.wooly_bully import rules as rules_module
from parlour.games.wooly_bully.tiles import COLOURS, KINDS, all_tiles
from parlour.i18n import translate

LANGS = ("en", "ru", "uk")


def catalogue(lang: str) -> dict[str, object]:
    text = (
        resources.files("parlour.games.wooly_bully").joinpath(f"i18n/{lang}.json").read_text(encoding="utf-8")
    )
    return json.loads(text)


def used_keys() -> set[str]:
    source = Path(rules_module.__file__).read_text(encoding="utf-8")
    keys = {
        f"wooly-bully.illegal.{code}" for code in re.findall(r'_illegal\(\s*"[^"]*",\s*"([a-z-]+)"', source)
    }
    keys |= {f"wooly-bully.illegal.{code}" for code in re.findall(r'"([a-z-]+)", "WB-', source)}
    keys |= {f"wooly-bully.end.{r}" for r in re.findall(r'reason = "([a-z-]+)"', source)}
    keys |= {o.label for o in GAME.options}
    keys |= {f"wooly-bully.log.{k}" for k in ("place", "reveal", "leave", "pass", "discard")}
    keys |= {f"wooly-bully.log.{k}-{kind}" for k in ("place", "place-on") for kind in ("wolf", "hunter")}
    keys |= {f"wooly-bully.colour.{c}" for c in COLOURS}
    keys |= {f"wooly-bully.kind.{k}" for k in KINDS}
    keys |= {f"wooly-bully.design.{t.design}" for t in all_tiles()}
    keys |= {f"wooly-bully.bot.{b}" for b in BOTS}
    keys.add("wooly-bully.malformed")
    return keys


def test_every_key_the_game_uses_is_in_every_language():
    keys = used_keys()
    assert len([k for k in keys if ".illegal." in k]) >= 12
    for lang in LANGS:
        missing = keys - set(catalogue(lang))
        assert not missing, (lang, sorted(missing))


def test_catalogues_have_the_same_keys_all_prefixed_with_the_game_id():
    en = catalogue("en")
    assert all(k.startswith("wooly-bully.") for k in en)
    assert len([k for k in en if k.startswith("wooly-bully.help.")]) >= 8
    for lang in ("ru", "uk"):
        assert set(catalogue(lang)) == set(en)


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_translations_keep_placeholders_and_have_slavic_plurals(lang):
    en, other = catalogue("en"), catalogue(lang)
    for key, value in en.items():
        theirs = other[key]
        if isinstance(value, dict):
            assert isinstance(theirs, dict) and set(theirs) == {"one", "few", "many"}, key
            value, theirs = value["other"], theirs["many"]
        assert _fields(str(value)) == _fields(str(theirs)), key


def test_sentences_carry_no_rule_codes_the_refusal_carries_the_rule_id():
    # A rule id is a link into the rules help, never "(WB-3)" inside a sentence (ux.md).
    for lang in LANGS:
        for key, text in catalogue(lang).items():
            if key.startswith("wooly-bully."):
                assert not re.search(r"WB-(\d+|V\d|D\d)", str(text)), (lang, key)


def test_russian_uses_the_rulebooks_terms():
    ru = catalogue("ru")
    assert ru["wooly-bully.kind.wolf"] == "волк" and ru["wooly-bully.kind.hunter"] == "охотник"
    assert "мешочк" in str(ru["wooly-bully.info.bag"]) and "огороженн" in str(ru["wooly-bully.help.goal"])
    assert (
        translate("ru", "wooly-bully.event.drew", player="Аня", count=3) == "Аня берёт из мешочка 3 плитки."
    )
    assert translate("uk", "wooly-bully.event.drew", player="Оля", count=5) == "Оля бере з мішечка 5 плиток."
