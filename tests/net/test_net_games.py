"""Each real game of this build, played over the loopback by a guest against the host's AI, with a
spectator: the protocol carries its moves, views and events, and everything verifies at the end.

A game whose legal moves would give away an answer (``net_send_legal = False``, e.g. Boo!'s shortest
routes) is played by two AI seats instead, and no message may carry a legal-move list.
"""

from __future__ import annotations

import json

import pytest

from helpers.tables import sit_down
from parlour import games
from parlour.engine import Rng
from parlour.net import GuestSession, HostSession


@pytest.mark.parametrize("game_id", [g.id for g in games.GAMES])
def test_a_networked_game_plays_to_the_end_and_verifies(game_id):
    if not games.available(game_id):
        pytest.skip(f"{game_id} is not in this build")
    mod = games.module(game_id)
    offers_legal = getattr(mod.GAME, "net_send_legal", True)
    host = HostSession(mod.GAME, mod.BOTS, entropy=f"real-{game_id}", players=2, host_seat=None)
    host.set_seat(0, "ai")
    if not offers_legal:
        host.set_seat(1, "ai")
    player = GuestSession(entropy="p", name="Player", seat=1, want="play" if offers_legal else "watch")
    watcher = GuestSession(entropy="w", name="Watcher", want="watch")
    net = sit_down(host, [player], [watcher])
    for i in range(3_000):
        if host.phase != "playing":
            break
        if host.bots_to_move(net.now) or not offers_legal:
            net.play_bots()
        else:
            assert player.table["legal"], "the guest must be offered moves when nobody else may act"
            net.guest_out(player, player.move(Rng.from_seed(i).choice(player.table["legal"])))
            net.run()
            net.advance(1_000)  # real-time games: the guest thinks for a second
            net.run()
    assert host.phase == "over" and host.match is not None
    for guest, inbox in zip((player, watcher), net.inbox.values(), strict=True):
        assert guest.verify(mod.GAME) == []
        for text in inbox:
            msg = json.loads(text)
            if msg["t"] in ("view", "update"):
                expected = mod.GAME.view(host.match.state_at(msg["ply"]), guest.seat)
                assert msg["view"] == json.loads(json.dumps(expected))
                assert offers_legal or msg["legal"] == []


def test_a_saved_session_of_a_real_game_restores_with_the_default_lookup():
    game_id = next((g.id for g in games.GAMES if games.available(g.id)), None)
    if game_id is None:
        pytest.skip("no game in this build")
    mod = games.module(game_id)
    host = HostSession(mod.GAME, mod.BOTS, entropy="save", players=2, host_seat=0)
    host.set_seat(1, "ai")
    host.start(0)
    host.run_bots(0)
    restored = HostSession.loads(host.dumps(), now=10)
    assert restored.game is mod.GAME and restored.phase == host.phase
    assert restored.match is not None and host.match is not None
    assert mod.GAME.state_hash(restored.match.state) == mod.GAME.state_hash(host.match.state)
