"""The Wooly Bully game state and its JSON form."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from parlour.games.wooly_bully.board import Board, Pos

BONUSES = (6, 3, 1)
"""Leaving bonuses for the first, second and third to leave (WB-13)."""
HAND_LIMIT = 3
"""WB-V1."""
HAND_SIZE = 4
"""WB-2."""


@dataclass(frozen=True)
class Turn:
    """A turn being played: the seat, how many tiles it must lay and has laid, extra turns it has
    earned for when it ends (WB-V2), and whether it is down to discarding (WB-V1)."""

    seat: int
    quota: int = 1
    played: int = 0
    extra: int = 0
    discarding: bool = False

    def to_json(self) -> list[int]:
        return [self.seat, self.quota, self.played, self.extra, int(self.discarding)]

    @classmethod
    def from_json(cls, data: Any) -> Turn:
        seat, quota, played, extra, discarding = data
        return cls(int(seat), int(quota), int(played), int(extra), bool(discarding))


@dataclass(frozen=True)
class Options:
    """The variants in force (WB-V1..WB-V5)."""

    hand_limit: bool = False
    single_draw: bool = False
    all_pastures: bool = False
    hungry_wolf: bool = False
    multi_play: bool = False

    @classmethod
    def from_json(cls, data: Any) -> Options:
        return cls(**{k: bool(v) for k, v in dict(data).items() if k in cls.__dataclass_fields__})

    def to_json(self) -> dict[str, bool]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(frozen=True)
class WoolyState:
    """Everything about a game in progress. Treat as immutable: the rules copy before changing.

    ``turns`` is a stack of turns, the one being played first: a reveal's extra turn (WB-12)
    goes on top of the turn it interrupts, and when the stack empties the next seat in the
    round (after ``rotation``) starts a turn.
    """

    players: int
    options: Options
    colours: tuple[int, ...]
    revealed: tuple[bool, ...]
    hands: tuple[tuple[int, ...], ...]
    bag: tuple[int, ...]
    board: Board
    turns: tuple[Turn, ...]
    rotation: int = 0
    left: tuple[int, ...] = ()
    bonus: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()
    """Seats that passed since the last tile was laid (all of them: the game ends, WB-14)."""
    discards: tuple[int, ...] = ()
    placed: tuple[Pos, ...] = field(default=())
    """Squares in the order tiles were laid there (the village first)."""
    ended: str = ""
    """The end reason's message key once the game is over."""

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the game, in seat order."""
        return tuple(p for p in range(self.players) if p not in self.left)

    @property
    def final(self) -> bool:
        """Only one player is left: they play out their hand (WB-13)."""
        return len(self.active) == 1 and not self.ended

    def with_(self, **changes: Any) -> WoolyState:
        return replace(self, **changes)


def encode(state: WoolyState) -> dict[str, Any]:
    board = state.board.cells
    cells = [[x, y, board[(x, y)][0], list(board[(x, y)][1])] for x, y in state.placed]
    return {
        "players": state.players,
        "options": state.options.to_json(),
        "colours": list(state.colours),
        "revealed": list(state.revealed),
        "hands": [list(h) for h in state.hands],
        "bag": list(state.bag),
        "cells": cells,
        "turns": [t.to_json() for t in state.turns],
        "rotation": state.rotation,
        "left": list(state.left),
        "bonus": list(state.bonus),
        "passed": list(state.passed),
        "discards": list(state.discards),
        "ended": state.ended,
    }


def decode(data: Any) -> WoolyState:
    """A state from its JSON form, checked as a whole (:func:`.valid.read`)."""
    from parlour.games.wooly_bully.valid import read  # valid builds on this module

    return read(data)
