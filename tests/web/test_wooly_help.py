"""Wooly Bully's rules help that teaches (issue #14), built like boop.'s and Boo!'s: goal first, short
sections with headings, every rule the engine names an anchor in every language, no codes in the words."""

from __future__ import annotations

import html as html_lib
import json
import re
from functools import partial
from pathlib import Path

import pytest

from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import screens
from parlour.web.boards import wooly_bully as board

RULE = re.compile(r"\bWB-[DV]?\d+\b")
SRC = Path(__file__).resolve().parents[2] / "pysrc" / "parlour"


def help_html(lang: str, wanted: str = "") -> str:
    sections = [(name, [f"wooly-bully.help.{k}" for k in paras]) for name, paras in board.HELP]
    return screens.rules(
        partial(translate, lang), "wooly-bully", [], None, wanted, board.HELP_RULES, sections
    )


def words(html: str) -> str:
    """What a reader reads: the text, without the rule anchors' names."""
    html = re.sub(r'<span class="rule-ids">.*?</span></span>', " ", html)
    return re.sub(r"<[^>]+>", " ", html)


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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_page_in_the_app_has_its_sections_in_the_language(lang):
    from parlour.web import app as app_mod
    from web.test_match_screen import Dom

    dom = Dom("#/wooly-bully/rules", {"parlour.settings": json.dumps({"lang": lang})})
    app_mod.App(dom).start()
    html = dom.html
    assert html.count("<h2 ") == len(board.HELP) and 'id="help-wolf"' in html
    assert translate(lang, "wooly-bully.help-h.hunter") in html_lib.unescape(html)
    assert not RULE.search(words(html))
