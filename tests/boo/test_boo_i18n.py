"""Every message key the Boo! package uses exists in English, Russian and Ukrainian."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import parlour.games.boo as boo
from parlour.games.boo import BOTS, GAME
from parlour.games.boo.castle import COLOURS, components

SOURCE = Path(boo.__file__).parent


def catalogue(lang: str) -> dict:
    return json.loads(resources.files("parlour.games.boo.i18n").joinpath(f"{lang}.json").read_text("utf-8"))


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in SOURCE.glob("*.py"):
        text = path.read_text("utf-8")
        keys |= set(re.findall(r'"(boo\.[a-z0-9.\-]+[a-z0-9])"', text))
        keys |= {f"boo.route.{k}" for k in re.findall(r'fail\(\s*"([a-z\-]+)"', text)}
        keys |= {f"boo.route.{k}" for k in re.findall(r'"([a-z\-]+)" if abs', text)}
    keys |= {f"boo.log.{k}" for k in ("claim", "booo", "hand", "lower", "give-up")}
    keys |= {f"boo.log.{k}" for k in ("visitor-placed", "ghost-moved", "visitor-taken")}
    keys |= {f"boo.log.{k}" for k in ("marker-taken", "visitor-discarded", "first-player", "search-restarts")}
    keys |= {o.label for o in GAME.options}
    keys |= {f"boo.bot.{b}" for b in BOTS}
    keys |= {f"boo.colour.{c}" for c in COLOURS}
    keys |= {f"boo.arms.{a}" for a in components().arms} | {
        f"boo.portrait.{p}" for p in components().portraits
    }
    return keys


def test_every_used_key_has_english_russian_and_ukrainian_text():
    keys = used_keys()
    assert "boo.route.wrong-colour" in keys and "boo.illegal.locked-out" in keys
    for lang in ("en", "ru", "uk"):
        missing = keys - set(catalogue(lang))
        assert not missing, (lang, sorted(missing))


def test_catalogues_agree_on_keys_and_placeholders():
    en, ru, uk = catalogue("en"), catalogue("ru"), catalogue("uk")
    assert set(en) == set(ru) == set(uk)
    assert all(k.startswith("boo.") for k in en)
    for key, text in en.items():
        if isinstance(text, str):
            wanted = set(re.findall(r"\{(\w+)\}", text))
            assert set(re.findall(r"\{(\w+)\}", ru[key])) == wanted, key
            assert set(re.findall(r"\{(\w+)\}", uk[key])) == wanted, key


def test_russian_uses_the_rulebook_terms():
    ru = catalogue("ru")
    assert ru["boo.special.trapdoor"] == "Потайной ход" and ru["boo.special.transition"] == "Превращение"
    assert "жетон стены" in ru["boo.help.walls"] and "гербовый щит" in ru["boo.help.round"]
    assert any(k.startswith("boo.help.") for k in ru)
