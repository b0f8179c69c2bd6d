"""The shape every game definition has. The engine core knows no particular game.

A game is a plain definition, as in boardgame.io, with OpenSpiel's names where they fit:

* :meth:`Game.setup` makes the first state from options, a player count and a seed;
* :meth:`Game.to_act` says which players may act now (usually one; several in real-time or
  out-of-turn games);
* :meth:`Game.legal_moves` lists a player's moves; :meth:`Game.apply` plays one, returning a
  *new* state and the :class:`Event` list that says what happened (for animation and the log);
* :meth:`Game.view` cuts a state down to what one player (or a spectator) may see;
* :meth:`Game.outcome` is ``None`` while the game runs and an :class:`Outcome` once it ends.

States are game-specific objects; the engine only requires that :meth:`Game.apply` never
mutates its input and that :meth:`Game.encode_state` gives canonical JSON. Randomness comes
only from an :class:`~parlour.engine.rng.Rng` held in the state, so a match is options, player
count, seed and move list.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from parlour.engine.errors import NotYourTurn

S = TypeVar("S")
M = TypeVar("M")

JSON = Any
"""A value that :func:`json.dumps` accepts."""

SPECTATOR: None = None
"""Pass as the player to :meth:`Game.view` for the public view."""


@dataclass(frozen=True)
class Option:
    """One setup option a game offers (a variant, a level of play, a rule choice).

    ``choices`` lists allowed values; for booleans leave it empty and give a bool ``default``; a
    text option (a str ``default``, no choices) takes any string the game's ``setup`` then judges.
    ``label`` is a message key. A ``hidden`` option is set by another route than the setup screen
    (boop.'s start position, from the position editor: decision 0063); setup screens leave it out.
    """

    name: str
    default: JSON
    label: str
    choices: tuple[JSON, ...] = ()
    hidden: bool = False

    def check(self, value: JSON) -> JSON:
        if self.choices:
            # ``True in (1, 2)`` and ``2.0 in (1, 2)`` hold in Python: the type must match too, so
            # that a bool or a float never reaches a record or a save as a count.
            if not any(type(value) is type(c) and value == c for c in self.choices):
                raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, not {value!r}")
        elif isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be true or false, not {value!r}")
        elif isinstance(self.default, int) and (not isinstance(value, int) or isinstance(value, bool)):
            raise ValueError(f"option {self.name!r} must be a whole number, not {value!r}")
        elif isinstance(self.default, str) and not isinstance(value, str):
            raise ValueError(f"option {self.name!r} must be text, not {value!r}")
        return value


@dataclass(frozen=True)
class Event:
    """Something that happened during a move, in the order it happened.

    ``kind`` names it (``"boop"``, ``"graduate"``, ``"tile-laid"``); ``data`` is JSON with the
    details. ``to`` limits who may see it (``None``: everyone); players outside ``to`` see
    ``public`` instead when it is given, else nothing. ``irreversible`` marks what undo may not
    cross: a random draw, a revealed secret.
    """

    kind: str
    data: Mapping[str, JSON] = field(default_factory=dict)
    to: frozenset[int] | None = None
    public: Mapping[str, JSON] | None = None
    irreversible: bool = False

    def seen_by(self, player: int | None) -> dict[str, JSON] | None:
        """The event as ``player`` (``None``: a spectator) may see it, or ``None``."""
        if self.to is None or (player is not None and player in self.to):
            return {"kind": self.kind, **self.data}
        if self.public is not None:
            return {"kind": self.kind, **self.public}
        return None


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` holds every winning seat (several on a shared win, none on a draw); ``scores``
    the final points per seat where the game has points; ``reason`` a message key.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...] | None = None
    reason: str = ""

    def returns(self, players: int) -> list[float]:
        """OpenSpiel-style returns: +1 to each winner, -1 to each loser, 0 to all on a draw."""
        if not self.winners:
            return [0.0] * players
        return [1.0 if p in self.winners else -1.0 for p in range(players)]

    def to_json(self) -> dict[str, JSON]:
        return {
            "winners": list(self.winners),
            "scores": None if self.scores is None else list(self.scores),
            "reason": self.reason,
        }


class Game(ABC, Generic[S, M]):
    """A game definition. Subclasses are stateless; one instance per game, ``GAME`` in its package."""

    id: str = ""
    """Short name used in URLs, match records and the CLI (``"boop"``)."""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    perfect_information: bool = False
    """Whether every player sees the whole position (OpenSpiel's ``PERFECT_INFORMATION``), so every
    move may be told to everyone (:meth:`describe_move_for`). A game that does not override
    :meth:`view` is taken to be one."""

    # --- setup -------------------------------------------------------------------------------
    def check_options(self, options: Mapping[str, JSON] | None) -> dict[str, JSON]:
        """Fill defaults and validate; unknown names are an error (a typo must not be silent). A
        hidden option left at its default is left out: records, links and saves of ordinary matches
        stay as they were before the option existed."""
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = set(given) - set(known)
        if unknown:
            raise ValueError(f"{self.id} has no option {sorted(unknown)[0]!r}")
        checked = {name: opt.check(given.get(name, opt.default)) for name, opt in known.items()}
        return {k: v for k, v in checked.items() if not (known[k].hidden and v == known[k].default)}

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.id} is for {self.min_players}-{self.max_players} players, not {players}")

    @abstractmethod
    def setup(self, players: int, options: Mapping[str, JSON], seed: int | str) -> S:
        """The state before the first move. ``options`` are already checked."""

    # --- play --------------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> Sequence[int]:
        """Seats that may act now, first the one whose turn it is; empty once the game is over."""

    @abstractmethod
    def legal_moves(self, state: S, player: int) -> list[M]:
        """Every move ``player`` may make now (empty if none)."""

    @abstractmethod
    def apply(self, state: S, player: int, move: M) -> tuple[S, list[Event]]:
        """Play ``move`` for ``player``. Returns the new state and the events, in order.

        Raises :class:`IllegalMove` (with the reason and rule) and leaves ``state`` untouched
        when the move is not allowed.
        """

    def check_turn(self, state: S, player: int) -> None:
        """Raise :class:`NotYourTurn` unless ``player`` may act now."""
        if player not in self.to_act(state):
            raise NotYourTurn(f"player {player} cannot act now", code="engine.not-your-turn")

    def due(self, state: S) -> tuple[int, M] | None:
        """The move the match makes by itself, ``(seat, move)``, when the time in the move comes and
        nobody acted first (a real-time deadline, such as Boo!'s time to show a route); ``None`` for
        most games. Whoever runs the match (the device, the bot runner, the network host) plays it
        once its clock reaches the move's ``t``."""
        return None

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game goes on."""

    def scores(self, state: S) -> list[float] | None:
        """Live scores per seat where the rules allow showing them; ``None`` where they do not."""
        return None

    # --- serialisation -----------------------------------------------------------------------
    @abstractmethod
    def encode_move(self, move: M) -> JSON:
        """Compact JSON for a move (a notation string where the game has one)."""

    @abstractmethod
    def decode_move(self, data: JSON) -> M:
        """Inverse of :meth:`encode_move`; raises :class:`~parlour.engine.errors.MalformedMove`."""

    @abstractmethod
    def encode_state(self, state: S) -> JSON:
        """The whole state as JSON, hidden information included (for saves and hashing only)."""

    @abstractmethod
    def decode_state(self, data: JSON) -> S:
        """Inverse of :meth:`encode_state`; raises ``ValueError`` on bad data."""

    def view(self, state: S, player: int | None) -> JSON:
        """What ``player`` may see (``None``: a spectator). Games with hidden information override
        this and cut out what the player may not see; the default is the whole state."""
        return self.encode_state(state)

    def stand_in(self, view: JSON) -> S:
        """A state whose :meth:`view` for the view's own seat is ``view`` again, what that seat may
        not see filled in from the view alone (stand-ins, never a secret): how a seat's view of a
        moment is published (decision 0077). A game of perfect information: the view is the state."""
        if self.perfect_information or type(self).view is Game.view:
            return self.decode_state(view)
        raise NotImplementedError(f"{self.id} makes no state from a view")

    def state_hash(self, state: S) -> str:
        """A short digest of the full state, for replay checks and network desync detection."""
        return hashlib.sha256(canonical_json(self.encode_state(state)).encode()).hexdigest()[:16]

    def describe_move(self, state: S, player: int, move: M) -> tuple[str, dict[str, JSON]]:
        """A message key and parameters saying the move in plain words, for the move log."""
        return (f"{self.id}.log.move", {"move": self.encode_move(move), "player": player})

    def describe_move_for(
        self, state: S, player: int, move: M, viewer: int | None
    ) -> tuple[str, dict[str, JSON]] | None:
        """The move's words as ``viewer`` (``None``: a spectator) may know them, or ``None`` when
        they may only know that ``player`` moved (the events they saw still say what happened).

        A network host sends each peer this, never the move itself (decision 0074), so it must say
        nothing the viewer's :meth:`view` after the move does not show. ``state`` is the state
        before the move. The default: a game of perfect information (:attr:`perfect_information`,
        or one that does not override :meth:`view`) gives everyone :meth:`describe_move`; a game
        with hidden information gives nothing until it says which of its moves are public by
        overriding this."""
        if self.perfect_information or type(self).view is Game.view:
            return self.describe_move(state, player, move)
        return None

    def describe_event(self, event: Event) -> tuple[str, dict[str, JSON], str] | None:
        """One event in plain words: a message key, its parameters and the rule that made it
        happen (a rule id, or ``""``), for the log and the embed's captions. ``event`` is already
        cut to what its reader may see (:meth:`Event.seen_by`): word it from its data alone.

        Parameters: ``player`` is a seat (the screen names it as it names players); a string that
        is a message key ("boo.colour.red") is said in words; ``{"key": ..., "params": {...}}`` is a
        message within the message. A line equal to the move's own line is not repeated: its rule
        goes with the move's line. ``None``: nothing to say (the default)."""
        return None


def canonical_json(data: JSON) -> str:
    """Compact JSON with sorted keys, the same bytes for the same value on every interpreter."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
