"""A tiny game for testing the engine core and the network protocol: secret Nim.

A pile of counters; players take 1–3 in turn; taking the last counter wins. Each player is dealt
a secret number at setup (hidden information, cut from the other players' views) and may
``reveal`` it once, on their turn, instead of taking (an irreversible move, so undo stops there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from parlour.engine import JSON, Event, Game, IllegalMove, MalformedMove, Option, Outcome, Rng


@dataclass(frozen=True)
class NimState:
    pile: int
    turn: int
    secrets: tuple[int, ...]
    revealed: tuple[bool, ...]
    rng: int
    winner: int | None = None


class SecretNim(Game[NimState, str]):
    id = "toy"
    min_players = 2
    max_players = 4
    options = (Option("pile", 15, "toy.option.pile", (7, 15, 21)),)

    def setup(self, players: int, options: Mapping[str, JSON], seed: int | str) -> NimState:
        rng = Rng.from_seed(seed)
        secrets = tuple(rng.below(100) for _ in range(players))
        return NimState(int(options["pile"]), 0, secrets, (False,) * players, rng.state)

    def to_act(self, state: NimState) -> Sequence[int]:
        return () if state.winner is not None else (state.turn,)

    def legal_moves(self, state: NimState, player: int) -> list[str]:
        if player not in self.to_act(state):
            return []
        moves = [f"take{n}" for n in (1, 2, 3) if n <= state.pile]
        if not state.revealed[player]:
            moves.append("reveal")
        return moves

    def apply(self, state: NimState, player: int, move: str) -> tuple[NimState, list[Event]]:
        self.check_turn(state, player)
        if move not in self.legal_moves(state, player):
            raise IllegalMove(f"{move} is not allowed now", code="toy.illegal", rule="TOY-1")
        nxt = (player + 1) % len(state.secrets)
        if move == "reveal":
            revealed = tuple(r or i == player for i, r in enumerate(state.revealed))
            ev = Event("reveal", {"player": player, "secret": state.secrets[player]}, irreversible=True)
            return replace(state, revealed=revealed, turn=nxt), [ev]
        n = int(move[4:])
        pile = state.pile - n
        winner = player if pile == 0 else None
        return replace(state, pile=pile, turn=nxt, winner=winner), [Event("take", {"player": player, "n": n})]

    def outcome(self, state: NimState) -> Outcome | None:
        return None if state.winner is None else Outcome((state.winner,), reason="toy.end.last")

    def encode_move(self, move: str) -> JSON:
        return move

    def decode_move(self, data: JSON) -> str:
        if data not in ("take1", "take2", "take3", "reveal"):
            raise MalformedMove(f"not a move: {data!r}", code="toy.malformed")
        return str(data)

    def encode_state(self, state: NimState) -> JSON:
        return {
            "pile": state.pile,
            "turn": state.turn,
            "secrets": list(state.secrets),
            "revealed": list(state.revealed),
            "rng": state.rng,
            "winner": state.winner,
        }

    def decode_state(self, data: JSON) -> NimState:
        return NimState(
            data["pile"],
            data["turn"],
            tuple(data["secrets"]),
            tuple(data["revealed"]),
            data["rng"],
            data["winner"],
        )

    def describe_move_for(
        self, state: NimState, player: int, move: str, viewer: int | None
    ) -> tuple[str, dict[str, JSON]] | None:
        """Taking is public; a reveal shows the secret to all, so its words may name it too."""
        key, params = self.describe_move(state, player, move)
        return key, {**params, "secret": state.secrets[player]} if move == "reveal" else params

    def view(self, state: NimState, player: int | None) -> JSON:
        data = self.encode_state(state)
        data["secrets"] = [
            s if (i == player or state.revealed[i]) else None for i, s in enumerate(state.secrets)
        ]
        del data["rng"]
        return data


GAME = SecretNim()
