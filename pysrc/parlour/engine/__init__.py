"""The engine core: what every game shares. It imports no game and nothing from the browser."""

from parlour.engine.errors import CorruptMatch, IllegalMove, MalformedMove, NotYourTurn, ParlourError
from parlour.engine.game import JSON, SPECTATOR, Event, Game, Option, Outcome, canonical_json
from parlour.engine.match import Match, MatchRecord, Ply, decode_link, encode_link, load_match
from parlour.engine.rng import Rng

__all__ = [
    "JSON",
    "SPECTATOR",
    "CorruptMatch",
    "Event",
    "Game",
    "IllegalMove",
    "MalformedMove",
    "Match",
    "MatchRecord",
    "NotYourTurn",
    "Option",
    "Outcome",
    "ParlourError",
    "Ply",
    "Rng",
    "canonical_json",
    "decode_link",
    "encode_link",
    "load_match",
]
