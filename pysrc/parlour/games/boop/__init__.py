"""boop. with ghost cats: rules (BP-1..BP-21, BP-D1..BP-D6), notation, bots.

``GAME`` is the game definition, ``BOTS`` the bot levels (random, easy, medium, hard).
"""

from parlour.games.boop.ai import BOTS
from parlour.games.boop.game import GAME, BoopGame

__all__ = ["BOTS", "GAME", "BoopGame"]
