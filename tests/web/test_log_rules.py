"""The match log names the rule behind each line as a link into the rules help (issue #14): the
same rules the embed's captions link, by name in the player's language, never "(BP-3)" in the
sentence, outside the entry's own button (whose click shows that moment, decision 0072)."""

from __future__ import annotations

import functools
import html as html_mod
import re
from typing import Any

import pytest

from parlour.engine import encode_link
from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import boards, context, match_log
from parlour.web.embed import Embed
from parlour.web.embedlink import Spec
from parlour.web.session import HUMAN, LocalSession, Seat

from .test_event_words import PACKAGES, help_anchors, seeded_matches

LINK = re.compile(
    r'<a href="#/([a-z-]+)/rules\?rule=([A-Z0-9-]+)" class="log-rule" data-rule="\2" tabindex="(-?\d)">([^<]*)</a>'
)


def entries(html: str) -> list[str]:
    """Each ``<li id="log-N">`` of the log, in order (nested lists kept inside their entry)."""
    return re.findall(
        r'<li(?: class="current")? id="log-\d+">(.*?)</li>(?=<li(?: class="current")? id="log-|</ol>|</div>)',
        html,
    )


@pytest.mark.parametrize("game_id", ["boop", *sorted(PACKAGES)])
def test_each_log_line_with_a_rule_links_that_rule_in_the_help_by_name_as_the_caption_does(game_id):
    match = seeded_matches(game_id)[0]
    board = boards.board(game_id)
    anchors = help_anchors(game_id)
    session = LocalSession(match.game, match, [Seat(HUMAN)] * match.record.players, {})
    plies = min(len(match.plies), 40)
    linked = 0
    for lang in LANGUAGES:
        t = functools.partial(translate, lang)
        ctx = context.BoardContext(session=session, t=t, state=match.state, viewer=None, ui={}, events=[])
        embed = Embed(Spec.parse(f"game={game_id}&m={encode_link(match.record)}&lang={lang}"), [lang])
        for i in range(plies):
            item = match_log.log_item(t, ctx, board, session.log_entry(i))
            html = match_log.log_entry_markup(
                t, item, current=i == 2, replayable=True, stop=i == 2, game_id=game_id
            )
            # The caption of that moment links the same rules, in the same order, once per run.
            caption = embed.caption_lines(i + 1)
            rules = [r for _, r in caption]
            expected = [r for j, r in enumerate(rules) if r and rules[j + 1 : j + 2] != [r]]
            links = LINK.findall(html)
            assert [rule for _g, rule, _tab, _text in links] == expected, (lang, i, html)
            for gid, rule, tab, text in links:
                linked += 1
                assert gid == game_id and rule in anchors, (rule, anchors)
                name = catalogue(lang)[f"{game_id}.rule.{rule}"]
                assert html_mod.unescape(text) == t("embed.rule", name=name) and rule not in text
                assert tab == ("0" if i == 2 else "-1")  # reachable from the entry shown (Tab)
            words = re.sub(r"<[^>]+>", " ", html)
            assert not re.search(r"\((BP|BO|WB|GG)-", words)
            # The button (its click replays the moment) holds words only, no link inside it.
            button = re.search(r"<button[^>]*data-action=\"replay\"[^>]*>(.*?)</button>", html)
            assert button is not None and "<a " not in button.group(1)
    assert linked >= 3 * len(LANGUAGES)


def test_the_local_match_screens_log_carries_the_links_and_a_network_item_does_too():
    """The whole log panel as the match screen draws it (the cached entries), and a log item
    as a network page builds it (its lines and rules given), both link their rules."""
    match = seeded_matches("boop")[0]
    session = LocalSession(match.game, match, [Seat(HUMAN)] * 2, {})

    def t(key: str, **params: Any) -> str:
        return translate("uk", key, **params)

    ctx = context.BoardContext(session=session, t=t, state=match.state, viewer=None, ui={}, events=[])
    panel = match_log.log_panel(t, ctx, boards.board("boop"))
    found = LINK.findall(panel)
    assert found and all(g == "boop" for g, *_ in found)
    assert {html_mod.unescape(text) for *_, text in found} <= {
        translate("uk", "embed.rule", name=n)
        for k, n in catalogue("uk").items()
        if k.startswith("boop.rule.")
    }
    net = match_log.LogItem(
        0,
        "Аня ставить кошеня",
        "k@a1",
        ("Буп! a1 за дошку", "a1 повертається"),
        rules=("BP-4", "BP-4"),
        rule="BP-2",
    )
    panel = match_log.log_panel(t, ctx, boards.board("boop"), items=[net])
    assert [rule for _g, rule, _tab, _text in LINK.findall(panel)] == ["BP-2", "BP-4"]
    assert re.search(r'<p class="move-rule"><a href="#/boop/rules\?rule=BP-2"', panel)
