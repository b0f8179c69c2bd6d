"""Shared helpers for the network tests: a table of host, two guests and a spectator on a loopback."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from helpers.tables import sit_down
from parlour.engine import Game, Rng
from parlour.engine.bots import BotFactory, RandomBot
from parlour.net import GuestSession, HostSession
from parlour.net.loopback import Loopback
from toygame import GAME

BOTS: dict[str, BotFactory] = {"random": RandomBot}


def lookup(game_id: str) -> tuple[Game[Any, Any], dict[str, BotFactory]]:
    if game_id != GAME.id:
        raise KeyError(game_id)
    return GAME, BOTS


@dataclass
class Table:
    """Host at seat 0, Anna at seat 1, Boris at seat 2, Wanda watching."""

    net: Loopback
    anna: GuestSession
    boris: GuestSession
    wanda: GuestSession

    @property
    def host(self) -> HostSession:
        return self.net.host

    def guest_at(self, seat: int) -> GuestSession | None:
        return {1: self.anna, 2: self.boris}.get(seat)

    def send(self, guest: GuestSession, out: list[tuple[str, str]]) -> None:
        self.net.guest_out(guest, out)
        self.net.run()

    def conn_of(self, guest: GuestSession) -> str:
        return next(c for c, g in self.net.guests.items() if g is guest)


def seated_table(pile: int = 21, on_gone: str = "pause", start: bool = True, seed: str = "t") -> Table:
    """A lobby with everyone seated and ready; with ``start`` the seed is drawn and play begins."""
    host = HostSession(
        GAME, BOTS, entropy=f"host-{seed}", name="Hanna", players=3, options={"pile": pile}, on_gone=on_gone
    )
    anna = GuestSession(entropy=f"anna-{seed}", name="Anna", seat=1)
    boris = GuestSession(entropy=f"boris-{seed}", name="Boris", seat=2)
    wanda = GuestSession(entropy=f"wanda-{seed}", name="Wanda", want="watch")
    return Table(sit_down(host, [anna, boris], [wanda], start=start), anna, boris, wanda)


def pick(legal: list[Any], ply: int) -> Any:
    """A move chosen the same way in every run."""
    return Rng.from_seed(f"pick:{ply}").choice(legal)


Policy = Callable[[int, list[Any], int], Any]
"""(seat, legal moves, ply) -> the move to make."""


def step(table: Table, policy: Policy | None = None) -> bool:
    """Let whoever must act make one move; ``False`` when nobody can (over, paused, or waiting)."""
    choose = policy or (lambda seat, legal, ply: pick(legal, ply))
    host = table.host
    if host.phase != "playing" or host.match is None:
        return False
    ply = len(host.match.plies)
    seat = host.game.to_act(host.match.state)[0]
    if host.bots_to_move(table.net.now):
        table.net.play_bots()
    elif seat == host.members["h"].seat:
        table.net.host_out(host.play(choose(seat, host.local()["legal"], ply), table.net.now))
        table.net.run()
    else:
        guest = table.guest_at(seat)
        if guest is None or guest not in table.net.guests.values():
            return False
        table.send(guest, guest.move(choose(seat, guest.table["legal"], ply)))
    return len(host.match.plies) > ply


def play_to_end(table: Table, policy: Policy | None = None, max_steps: int = 500) -> None:
    for _ in range(max_steps):
        if not step(table, policy):
            return


def messages(table: Table, guest: GuestSession) -> list[dict[str, Any]]:
    """Every message ``guest`` received, parsed, in order."""
    name = table.net._names[id(guest)]
    return [json.loads(text) for text in table.net.inbox[name]]
