"""Wooly Bully (La Guerre des Moutons): lay landscape tiles, grow the biggest closed pasture of
your secret colour, set wolves on your rivals' sheep and hunters on wolves."""

from __future__ import annotations

from parlour.games.wooly_bully.bots import BOTS
from parlour.games.wooly_bully.play import self_play
from parlour.games.wooly_bully.rules import GAME, WoolyBully

__all__ = ["BOTS", "GAME", "WoolyBully", "self_play"]
