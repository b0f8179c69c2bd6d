""" "Embed this moment" at a network table (issue #14, decision 0077): the snippet holds one
position, the moment as everyone at the table saw it, made from the page's own view of it alone;
never the match's record (its seed and moves would tell every hand, the bag and the stacks to
come), nor the player's own hand or hidden tile (a reader may be an opponent).

The pages are the app's own around a host and guests seated at the fake network table of
``tests/helpers/tables.py`` (:func:`tests.web.test_net_regions.table`)."""

from __future__ import annotations

import html
import random
import re
from dataclasses import replace
from typing import Any

import pytest
from tests.web.test_net_regions import table

from parlour import games
from parlour.engine import Match
from parlour.i18n import translate
from parlour.web import embedlink
from parlour.web.diagram import load
from parlour.web.embed import Embed
from parlour.web.embedlink import Spec

PLAYERS = {"boop": 2, "boo": 3, "wooly-bully": 3, "ghosts-galore": 3}


def en(key: str, **params: Any) -> str:
    return translate("en", key, **params)


def move_of(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A legal move of ``seat``, a tile laid rather than a pass where there is one (Wooly Bully)."""
    moves = game.legal_moves(state, seat)
    laid = [m for m in moves if getattr(m, "kind", "place") not in ("pass", "leave")]
    return rng.choice(laid or moves)


def play(net: Any, guests: list[Any], plies: int, rng: random.Random) -> None:
    """``plies`` moves made by whoever acts first, from their own page's session."""
    host = net.host
    game = host.game
    for _ in range(plies):
        seat = game.to_act(host.match.state)[0]
        move = game.encode_move(move_of(game, host.match.state, seat, rng))
        if game.id == "boo":
            move = {"k": "hand", "t": 0}  # a raised hand, stamped by the host's clock
            seat = next(s for s in game.to_act(host.match.state) if s not in host.match.state.hands)
        if seat == host.members["h"].seat:
            net.host_out(host.play(move, net.now))
        else:
            guest = next(g for g in guests if g.seat == seat)
            net.guest_out(guest, guest.move(move))
        net.now += 500
        net.run()


def snippet_fragment(screen: str) -> str:
    """The fragment of the dialog's live preview (the snippet's own, as the page shows it)."""
    found = re.search(r'<iframe src="\./embed\.html#([^"]+)"[^>]*id="embed-preview"', screen)
    assert found is not None, "no preview in the dialog"
    return html.unescape(found.group(1))


def shown_state(frag: str) -> tuple[Any, Any]:
    """The game and the state an embed of ``frag`` shows first."""
    spec = Spec.parse(frag)
    diagram = load(spec.game, spec.source, list(spec.moves))
    return diagram.game, diagram.state(diagram.steps if spec.step is None else spec.step)


@pytest.mark.parametrize("gid", sorted(PLAYERS))
def test_a_network_moment_embeds_what_everyone_at_the_table_saw_from_both_pages(gid):
    net, guests, host_app, _host_dom, guest_app, _guest_dom = table(gid, PLAYERS[gid])
    play(net, guests, 3, random.Random(gid))
    host = net.host
    game = host.game
    frags = []
    for app in (host_app, guest_app):
        app.render()
        screen = app.screen()
        assert 'data-action="embed" id="embed"' in screen  # in the table's controls
        assert 'id="embed-2"' in screen  # and on each log entry the page saw
        app.on_click("embed", "2")
        screen = app.screen()
        assert 'id="embed-dialog"' in screen and en("embed.moment.help-net") in html.unescape(screen)
        assert app.ui["focus"] == "embed-title"
        frag = snippet_fragment(screen)
        _, state = shown_state(frag)
        # The position after move 2 as the table saw it: every seat's public parts, no one's secrets.
        assert game.view(state, None) == game.view(host.match.states[2], None), gid
        assert "&m=" not in frag and "moves=" not in frag and "seat=" not in frag  # no record, no seat
        frags.append(frag)
        app.on_key("", "", "Escape")
        assert app.embedding is None and app.ui["focus"] == "embed-2"
    # The host's page and the guest's give the same snippet: neither page's own secrets are in it.
    assert frags[0] == frags[1]
    words = html.unescape(Embed(Spec.parse(frags[0])).reply().html)
    assert "The position after move 2." in words and en("embed.start") not in words
    # The controls' Embed takes the moment on show: the live game, or a moment of the log.
    guest_app.on_click("embed", "")
    _, state = shown_state(guest_app.embedding[0])
    assert game.view(state, None) == game.view(host.match.state, None)
    guest_app.on_click("embed-close", "")
    guest_app.on_click("replay", "1")
    guest_app.on_click("embed", "")
    _, state = shown_state(guest_app.embedding[0])
    assert game.view(state, None) == game.view(host.match.states[1], None)


def test_a_moment_the_page_never_saw_is_not_offered_and_the_arrows_move_along_the_embeds():
    net, guests, _host_app, _host_dom, guest_app, _guest_dom = table("boop", 2)
    play(net, guests, 4, random.Random(4))
    del guests[0].views[2]  # as if this page joined after move 2
    guest_app.render()
    screen = guest_app.screen()
    assert 'id="embed-2"' not in screen and 'id="embed-3"' in screen
    guest_app.on_click("embed", "2")
    assert guest_app.embedding is None
    guest_app.on_key("embed", "3", "ArrowUp")  # Up along the log skips the moment it never saw
    assert guest_app.net.ui["focus"] == "embed-1"


def twin(game: Any, state: Any, rng: random.Random) -> Any:
    """A state that differs from ``state`` only in what no one at the table sees: Wooly Bully's
    hands, bag and unshown colours, Ghosts Galore's stack, stacks to come and hidden tiles not yet
    placed, each dealt again (the same counts); a game of perfect information has none."""
    if game.id == "wooly-bully":
        pool = [t for hand in state.hands for t in hand] + list(state.bag)
        rng.shuffle(pool)
        hands = []
        for hand in state.hands:
            hands.append(tuple(pool[: len(hand)]))
            pool = pool[len(hand) :]
        secret = [p for p in range(state.players) if not state.revealed[p] and not state.ended]
        colours = list(state.colours)
        free = [colours[p] for p in secret] + [c for c in range(4) if c not in colours]
        rng.shuffle(free)
        for p in secret:
            colours[p] = free.pop()
        made = replace(state, hands=tuple(hands), bag=tuple(pool), colours=tuple(colours))
    elif game.id == "ghosts-galore":
        unplaced = [p for p in range(state.players) if not state.hidden_placed(p)]
        seen = state.is_last_look()  # the last player on the last look sees the stack: kept
        stack = () if seen else state.stack
        pool = [state.hidden[p] for p in unplaced] + list(stack) + [t for s in state.future for t in s]
        rng.shuffle(pool)
        hidden = list(state.hidden)
        for p in unplaced:
            hidden[p] = pool.pop()
        stack = state.stack if seen else tuple(pool.pop() for _ in state.stack)
        future = tuple(tuple(pool.pop() for _ in s) for s in state.future)
        made = replace(state, hidden=tuple(hidden), stack=stack, future=future)
    else:
        return state
    made = game.decode_state(game.encode_state(made))  # a state the rules allow
    assert game.view(made, None) == game.view(state, None)
    return made


@pytest.mark.parametrize("gid", sorted(PLAYERS))
def test_the_snippet_depends_on_nothing_but_what_the_table_sees(gid):
    """Through whole games: the fragment made from any seat's view (or no seat's) is one and the
    same, and the same again for a twin state dealt differently where no one at the table can see;
    the embed shows the table's view of the moment exactly (boop. and Boo!: the very position,
    so "Try it" plays on from it)."""
    game = games.load(gid)
    rng = random.Random(f"{gid}-twins")
    for players in sorted({game.min_players, PLAYERS[gid], game.max_players}):
        match = Match.new(game, players, None, rng.randrange(1000))
        for step in range(60):
            state = match.state
            seen = [game.view(state, s) for s in (None, *range(players))]
            for s, view in zip((None, *range(players)), seen, strict=True):  # what Game.stand_in promises
                assert game.view(game.stand_in(view), s) == view
            seen.append(game.view(twin(game, state, rng), rng.randrange(players)))
            frags = {embedlink.table_fragment(game, view, step, en) for view in seen}
            assert len(frags) == 1, (gid, players, step)
            _, shown = shown_state(frags.pop())
            assert game.view(shown, None) == game.view(state, None)
            if gid in ("boop", "boo"):
                assert game.encode_state(shown) == game.encode_state(state)
            acting = game.to_act(state)
            if not acting:
                break
            match.play(acting[0], move_of(game, state, acting[0], rng))
