"""No guest ever receives another player's hidden information (toy game: each seat's secret number)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.net import GuestSession

from .kit import Table, messages, pick, play_to_end, seated_table, step


def boris_reveals_early(seat: int, legal: list[Any], ply: int) -> Any:
    return "reveal" if seat == 2 and "reveal" in legal else pick([m for m in legal if m != "reveal"], ply)


def keys(data: Any) -> set[str]:
    """Every object key anywhere in ``data``."""
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys(v)}
    return set()


def played_table() -> Table:
    table = seated_table(seed="privacy")
    step(table, boris_reveals_early)
    # Anna drops and comes back mid-game: her snapshot must be cut for her too.
    table.net.disconnect(table.conn_of(table.anna))
    table.net.run()
    table.net.connect(table.anna)
    table.net.run()
    play_to_end(table, boris_reveals_early)
    assert table.host.phase == "over"
    return table


@pytest.fixture(scope="module")
def table() -> Table:
    return played_table()


@pytest.mark.parametrize("who", ["anna", "boris", "wanda"])
def test_every_view_a_peer_received_is_exactly_its_own_cut(table: Table, who: str):
    guest: GuestSession = getattr(table, who)
    match, game = table.host.match, table.host.game
    assert match is not None
    checked = 0
    for msg in messages(table, guest):
        if msg["t"] not in ("view", "update"):
            continue
        state = match.state_at(msg["ply"])
        assert msg["view"] == game.view(state, guest.seat)
        for i, secret in enumerate(msg["view"]["secrets"]):
            if i != guest.seat and not state.revealed[i]:
                assert secret is None
        if msg["t"] == "update":
            events = match.events[msg["ply"] - 1]
            assert msg["ev"] == [e for e in (ev.seen_by(guest.seat) for ev in events) if e is not None]
        if msg["t"] == "view":
            cut = [
                [e for e in (ev.seen_by(guest.seat) for ev in evs) if e is not None] for evs in match.events
            ]
            assert [entry[1] for entry in msg["log"]] == cut[: msg["ply"]]
        if msg["legal"]:
            assert msg["act"] == [guest.seat]
        checked += 1
    assert checked >= len(match.plies)


@pytest.mark.parametrize("who", ["anna", "boris", "wanda"])
def test_nothing_before_the_end_lets_a_peer_compute_hidden_information(table: Table, who: str):
    """Not the seed, not the host's salt, no full-state hash, no rng, no other peer's token."""
    guest: GuestSession = getattr(table, who)
    host, match = table.host, table.host.match
    assert match is not None
    secrets = [str(match.record.seed), host.seedlog.salt or "-"]
    secrets += [host.game.state_hash(s) for s in match.states]
    secrets += [m.token for pid, m in host.members.items() if pid not in ("h", guest.pid)]
    received = messages(table, guest)
    end = next(i for i, m in enumerate(received) if m["t"] == "end")
    for msg in received[:end]:
        text = json.dumps(msg)
        assert not [s for s in secrets if s in text], msg["t"]
        assert "rng" not in keys(msg) and "secrets" not in keys(msg.get("ev", []))
        if msg["t"] == "welcome":
            assert msg["token"] == host.members[str(guest.pid)].token


def test_the_record_at_the_end_lets_every_peer_check_the_game(table: Table):
    for guest in (table.anna, table.boris, table.wanda):
        assert guest.record == table.host.match.record
        assert guest.verify(table.host.game) == []


def test_a_revealed_secret_is_seen_by_everyone_from_then_on(table: Table):
    secret = table.host.match.state.secrets[2]
    for guest in (table.anna, table.wanda):
        assert guest.table["view"]["secrets"][2] == secret
    reveal = [e for entry in table.wanda.log for e in entry[1] if e["kind"] == "reveal"]
    assert reveal == [{"kind": "reveal", "player": 2, "secret": secret}]
