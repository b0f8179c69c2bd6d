"""Boo! (Blackrock Games): find the ghost's route to the visitor first.

``GAME`` is the rules, ``BOTS`` the bot levels (``random``, ``easy``, ``medium``, ``hard``),
``self_play`` the real-time self-play runner (``python -m parlour selfplay boo ...``).
"""

from parlour.games.boo.bots import BOTS, self_play
from parlour.games.boo.rules import GAME, BooMove, BooState

__all__ = ["BOTS", "GAME", "BooMove", "BooState", "self_play"]
