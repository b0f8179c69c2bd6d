"""Ghosts Galore's rules help that teaches (issue #14), built like boop.'s: goal first, short
sections with headings, every rule the engine names an anchor in every language, no rule codes in
the words."""

from __future__ import annotations

import html as html_lib
import re
from functools import partial
from pathlib import Path

import pytest

from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import screens
from parlour.web.boards import ghosts_galore as board

GID = "ghosts-galore"
RULE = re.compile(r"\bGG-[A-Z]?\d*\b")
SRC = Path(__file__).resolve().parents[2] / "pysrc" / "parlour"


def help_html(lang: str, wanted: str = "") -> str:
    sections = [(name, [f"{GID}.help.{k}" for k in paras]) for name, paras in board.HELP]
    t = partial(translate, lang)
    return screens.rules(t, GID, [], board.help_examples(t), wanted, board.HELP_RULES, sections)


def words(html: str) -> str:
    """What a reader reads: the text, without the rule anchors' names."""
    html = re.sub(r'<span class="rule-ids">.*?</span></span>', " ", html)
    return re.sub(r"<[^>]+>", " ", html)


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
    # The goal says how to win, in the rulebook's words; every scoring category still has its
    # example train under the paragraph that scores it.
    goal = words_of[f"{GID}.help.goal"]
    assert {"en": "highest score", "ru": "наибольший счёт", "uk": "найбільший рахунок"}[lang] in goal
    for cat, para in (("dragons", "monsters"), ("wisps", "monsters-more"), ("bone-doors", "doors")):
        at = html.index(f'id="{GID}.help.{para}"')
        assert at < html.index(f'data-category="{cat}"') < html.index("</section>", at)


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
