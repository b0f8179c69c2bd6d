"""Boo!'s rules help that teaches (issues #14, #11), built like boop.'s: goal first, short sections
with headings, every rule the engine names an anchor in every language, no rule codes in the words."""

from __future__ import annotations

import html as html_lib
import re
from functools import partial
from pathlib import Path

import pytest

from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import screens
from parlour.web.boards import boo as board

RULE = re.compile(r"\bBO-D?\d+\b")
SRC = Path(__file__).resolve().parents[2] / "pysrc" / "parlour"


def help_html(lang: str, wanted: str = "") -> str:
    sections = [(name, [f"boo.help.{k}" for k in paras]) for name, paras in board.HELP]
    return screens.rules(partial(translate, lang), "boo", [], None, wanted, board.HELP_RULES, sections)


def words(html: str) -> str:
    """What a reader reads: the text, without the rule anchors' names."""
    html = re.sub(r'<span class="rule-ids">.*?</span></span>', " ", html)
    return re.sub(r"<[^>]+>", " ", html)


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
