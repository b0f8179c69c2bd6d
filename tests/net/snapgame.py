"""A tiny real-time game for the network tests: everyone may shout "snap" at once; the first wins.

A move is ``{"k": "snap" | "wave", "t": <match time ms>}`` (a wave changes nothing but the time);
moves must come in time order, as in Boo!.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from parlour.engine import JSON, Event, Game, IllegalMove, MalformedMove, Outcome, Rng


@dataclass(frozen=True)
class Snap:
    t: int
    kind: str = "snap"


@dataclass(frozen=True)
class SnapState:
    players: int
    now: int = 0
    winner: int | None = None


class SnapGame(Game[SnapState, Snap]):
    id = "snap"
    realtime = True
    max_players = 3

    def setup(self, players: int, options: Mapping[str, JSON], seed: int | str) -> SnapState:
        return SnapState(players)

    def to_act(self, state: SnapState) -> Sequence[int]:
        return () if state.winner is not None else tuple(range(state.players))

    def legal_moves(self, state: SnapState, player: int) -> list[Snap]:
        return [Snap(state.now), Snap(state.now, "wave")] if player in self.to_act(state) else []

    def apply(self, state: SnapState, player: int, move: Snap) -> tuple[SnapState, list[Event]]:
        self.check_turn(state, player)
        if move.t < state.now:
            raise IllegalMove("moves must come in time order", code="snap.time")
        winner = player if move.kind == "snap" else None
        return replace(state, now=move.t, winner=winner), [Event(move.kind, {"player": player, "t": move.t})]

    def outcome(self, state: SnapState) -> Outcome | None:
        return None if state.winner is None else Outcome((state.winner,))

    def encode_move(self, move: Snap) -> JSON:
        return {"k": move.kind, "t": move.t}

    def decode_move(self, data: JSON) -> Snap:
        if not isinstance(data, dict) or data.get("k") not in ("snap", "wave"):
            raise MalformedMove(f"not a snap: {data!r}", code="snap.malformed")
        if not isinstance(data.get("t"), int) or isinstance(data["t"], bool):
            raise MalformedMove(f"no time in {data!r}", code="snap.malformed")
        return Snap(data["t"], data["k"])

    def encode_state(self, state: SnapState) -> JSON:
        return {"players": state.players, "now": state.now, "winner": state.winner}

    def decode_state(self, data: JSON) -> SnapState:
        return SnapState(data["players"], data["now"], data["winner"])


class SlowBot:
    """Snaps 3 s into the match: a real-time bot plans its action at a match time."""

    def choose(self, game: Game[Any, Any], view: JSON, player: int, legal: Sequence[Any], rng: Rng) -> Any:
        return Snap(max(view["now"], 3_000))


GAME = SnapGame()
BOTS = {"random": SlowBot}
