"""The rules help that teaches (issue #14), boop. as the model: goal first, short sections with
headings, every rule an anchor in every language, no rule codes in the words."""

from __future__ import annotations

import html as html_lib
import re
from functools import partial
from pathlib import Path

import pytest

from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import screens
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
    headings = re.findall(r'<h2 id="help-([a-z]+)">([^<]+)</h2>', html)
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
