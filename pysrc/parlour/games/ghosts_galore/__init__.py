"""Ghosts Galore: draft tiles into a 3×3 ghost train, score monsters, diamonds and door-to-door tracks.

Exposes ``GAME`` (the rules, :mod:`.rules`), ``BOTS`` (``random``, ``easy``, ``hard``) and
``self_play`` (the engine's runner, which reports mean points per bot level). Rule
numbers (GG-…) are those of the design digest; docs/rules/ghosts-galore.md has our decisions.
"""

from parlour.engine.bots import self_play
from parlour.games.ghosts_galore.bots import BOTS
from parlour.games.ghosts_galore.rules import GAME, GhostsGalore, GhostsState, Move

__all__ = ["BOTS", "GAME", "GhostsGalore", "GhostsState", "Move", "self_play"]
