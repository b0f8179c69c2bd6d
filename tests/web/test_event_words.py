"""Every event of Boo!, Wooly Bully and Ghosts Galore in words, with the rule that made it happen
(issue #14): :meth:`Game.describe_event` is the one source of the embed's captions and the match
log's lines; every rule it names is a link target in that game's rules help."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from parlour import games
from parlour.engine import Match, encode_link
from parlour.engine.bots import play_match
from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import boards, context, match_log, screens
from parlour.web.embed import Embed
from parlour.web.embedlink import Spec
from parlour.web.embedview import visible
from parlour.web.session import HUMAN, LocalSession, Seat

PACKAGES = {"boo": "boo", "wooly-bully": "wooly_bully", "ghosts-galore": "ghosts_galore"}


def strict(lang: str) -> Any:
    """A translator that fails on a key missing from ``lang`` (no silent English, no raw key)."""

    def t(key: str, **params: Any) -> str:
        assert key in catalogue(lang), (lang, key)
        return translate(lang, key, **params)

    return t


def emitted_kinds(game_id: str) -> set[str]:
    """Every kind of event the engine's source can emit: ``Event("kind", ...)``."""
    source = (Path(games.load(game_id).__module__.replace(".", "/")).with_suffix(".py")).name
    path = Path(__file__).resolve().parents[2] / "pysrc/parlour/games" / PACKAGES[game_id] / source
    return set(re.findall(r'Event\(\s*"([a-z-]+)"', path.read_text()))


@cache
def seeded_matches(game_id: str) -> list[Match[Any, Any]]:
    """A few seeded games that between them emit every kind of event of ``game_id``."""
    game = games.load(game_id)
    if game_id == "boop":
        from boop.test_boop_properties import random_match as boop_match

        return [boop_match(seed) for seed in (1, 2)]
    if game_id == "boo":
        from boo.test_boo_properties import random_match

        return [random_match(players, seed, {}) for players, seed in ((2, 0), (3, 1), (4, 2))]
    if game_id == "wooly-bully":
        from parlour.games.wooly_bully.bots import RandomBot, ShepherdBot, WolfBot
        from parlour.games.wooly_bully.play import play_match as wooly_match

        names = [o.name for o in game.options]
        return [
            wooly_match(
                game, [WolfBot(), RandomBot(), ShepherdBot()], seed, dict.fromkeys(names, seed % 2 == 1)
            )
            for seed in (0, 1)
        ]
    from parlour.games.ghosts_galore import BOTS

    return [play_match(game, [BOTS["random"]() for _ in range(3)], "e1")]  # "e1" passes twice


def help_anchors(game_id: str) -> set[str]:
    """The rule ids the game's rules help holds as link targets (``id="rule-BO-14"``), drawn as
    the app draws the help."""
    keys = [k for k in catalogue("en") if k.startswith(f"{game_id}.help.")]
    rule_ids = getattr(boards.board(game_id), "HELP_RULES", None)
    page = screens.rules(strict("en"), game_id, keys, {}, "", rule_ids)
    return set(re.findall(r'id="rule-([^"]+)"', page))


@pytest.mark.parametrize("game_id", sorted(PACKAGES))
def test_every_event_kind_is_said_in_each_language_with_a_rule_the_help_links_to(game_id):
    game = games.load(game_id)
    anchors = help_anchors(game_id)
    matches = seeded_matches(game_id)
    kinds: set[str] = set()
    for match in matches:
        players = match.record.players
        for events in match.events:
            for event in events:
                kinds.add(event.kind)
                said_by: dict[str, set[str]] = {}
                for viewer in (None, *range(players)):  # what each seat, and no seat, may see
                    for seen in visible([event], viewer):
                        said = game.describe_event(seen)
                        assert said is not None, (game_id, seen)
                        _key, _params, rule = said
                        assert rule in anchors, (game_id, event.kind, rule)
                        for lang in LANGUAGES:
                            t = strict(lang)
                            # The caption's link keeps "rule: <name>" on one line: a short name.
                            assert len(catalogue(lang)[f"{game_id}.rule.{rule}"]) <= 22, (lang, rule)
                            line = match_log.described(t, game, seen, lambda seat: f"Seat{seat}")
                            assert line is not None and line[1] == rule
                            assert not re.search(r"[{}]|\.(log|event|end|rule)\.", line[0]), line
                            said_by.setdefault(lang, set()).add(line[0])
                # A secret (the tiles drawn, the stack's tiles) is never in words: each seat's line
                # for an event, its owner's included, is the same as everyone's.
                assert all(len(lines) == 1 for lines in said_by.values()), said_by
    assert kinds == emitted_kinds(game_id)


@pytest.mark.parametrize("game_id", ["boop", *sorted(PACKAGES)])
def test_the_embeds_caption_and_the_match_log_say_the_same_events_and_the_caption_links_rules(game_id):
    game = games.load(game_id)
    match = seeded_matches(game_id)[0]
    link = encode_link(match.record)
    board = boards.board(game_id)
    session = LocalSession(game, match, [Seat(HUMAN)] * match.record.players, {})

    def t(key: str, **params: Any) -> str:
        return translate("uk", key, **params)

    ctx = context.BoardContext(session=session, t=t, state=match.state, viewer=None, ui={}, events=[])
    linked = grouped = 0
    embed = Embed(Spec.parse(f"game={game_id}&m={link}&step=1&lang=uk"), ["uk"])
    for step in range(1, min(len(match.plies), 40) + 1):
        caption = embed.caption_lines(step)
        item = match_log.log_item(t, ctx, board, session.log_entry(step - 1))
        assert [text for text, _ in caption] == [item.words, *item.lines], step
        assert embed.step == step
        shown = embed.caption_panel()
        for _text, rule in caption:
            if rule:
                linked += 1
                name = re.escape(translate("uk", f"{game_id}.rule.{rule}"))
                assert re.search(rf'<a href="\./#/{game_id}/rules\?rule={rule}"[^>]*>[^<]*{name}</a>', shown)
        assert not re.search(r"\((BP|BO|WB|GG)-", shown)
        # A run of lines made by one rule links it once, after its last line.
        rules = [rule for _, rule in caption]
        ends = [i for i, rule in enumerate(rules) if rule and rules[i + 1 : i + 2] != [rule]]
        assert shown.count('class="rule"') == len(ends)
        grouped += len(ends) < sum(map(bool, rules))
        embed.act("next")
    assert linked >= 40  # every step's move or event lines carry their rules
    # Some step has several lines made by one rule (a capture, a boop off the bed, a draw and the
    # turn passing); Ghosts Galore's events each have their own.
    assert grouped or game_id == "ghosts-galore"


def test_an_event_whose_data_does_not_fit_its_words_is_left_unsaid_not_a_crash():
    """A peer's event with missing or mistyped data (a hostile or older host) gives no line."""
    from parlour.engine import Event

    def t(key: str, **params: Any) -> str:
        return translate("en", key, **params)

    for game_id, event in (
        ("boo", Event("claim", {"player": 0, "route": "north"})),
        ("boo", Event("visitor-placed", {"visitor": 3})),
        ("wooly-bully", Event("tile-placed", {"player": 0, "tile": "wolf", "x": 1, "y": 2, "on": False})),
        ("ghosts-galore", Event("take", {"player": 1, "tile": 4, "cell": None, "rot": 1})),
    ):
        assert match_log.described(t, games.load(game_id), event, str) is None, (game_id, event)
    good = Event("round", {"round": 3, "first": 1})
    assert match_log.described(t, games.load("ghosts-galore"), good, lambda s: f"Seat {s}") == (
        "Round 3 begins; Seat 1 is the first player.",
        "GG-5",
    )


@pytest.mark.parametrize("game_id", sorted(PACKAGES))
def test_every_rule_the_engine_names_is_a_named_link_target_in_the_rules_help(game_id):
    """A refusal's rule link from the match screen (``#/GAME/rules?rule=ID``) and a caption's both
    land on the rule, shown by its name in every language."""
    root = Path(__file__).resolve().parents[2] / "pysrc/parlour/games" / PACKAGES[game_id]
    named = set(re.findall(r'"((?:BO|WB|GG)-[A-Z0-9]+)"', "".join(p.read_text() for p in root.glob("*.py"))))
    assert len(named) >= 5 and named <= help_anchors(game_id)
    for lang in LANGUAGES:
        assert all(f"{game_id}.rule.{rule}" in catalogue(lang) for rule in named), lang
