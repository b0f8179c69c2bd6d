"""A match: one game played from a seed, as a move list.

Everything that remembers a game (undo, the move log, save and resume, share links, network
sync) stores a :class:`MatchRecord` and replays it through the game's rules, so the rules are
the only source of truth. A record that fails to parse or to replay raises
:class:`~parlour.engine.errors.CorruptMatch`, never anything else.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic

from parlour.engine.errors import CorruptMatch, IllegalMove, ParlourError
from parlour.engine.game import JSON, Event, Game, M, Outcome, S, canonical_json

FORMAT_VERSION = 1
MAX_RECORD_CHARS = 2_000_000
"""Refuse records larger than this before parsing: a hostile link must not exhaust memory."""


@dataclass(frozen=True)
class Ply:
    """One move of a match: who made it, the move as JSON, and an optional timestamp in ms
    (real-time games order claims by it; turn-based games leave it ``None``)."""

    player: int
    move: JSON
    t: int | None = None

    def to_json(self) -> list[JSON]:
        return [self.player, self.move] if self.t is None else [self.player, self.move, self.t]

    @cached_property
    def dumped(self) -> str:
        """:meth:`to_json` as canonical JSON, worked out once (a record is written after every
        move: :meth:`MatchRecord.dumps`)."""
        return canonical_json(self.to_json())

    @classmethod
    def from_json(cls, data: JSON) -> Ply:
        if not isinstance(data, list) or len(data) not in (2, 3):
            raise CorruptMatch(
                f"a move entry must be [player, move] or [player, move, t], not {data!r}",
                code="match.corrupt.entry",
            )
        player, move = data[0], data[1]
        t = data[2] if len(data) == 3 else None
        if not isinstance(player, int) or isinstance(player, bool):
            raise CorruptMatch(f"bad player in move entry {data!r}", code="match.corrupt.entry")
        if t is not None and (not isinstance(t, int) or isinstance(t, bool)):
            raise CorruptMatch(f"bad time in move entry {data!r}", code="match.corrupt.entry")
        return cls(player, move, t)


@dataclass(frozen=True)
class MatchRecord:
    """The serialisable identity of a match: game, options, player count, seed and moves."""

    game: str
    players: int
    options: Mapping[str, JSON]
    seed: int | str
    plies: tuple[Ply, ...] = ()
    meta: Mapping[str, JSON] = field(default_factory=dict)
    """Names, AI seats and the like: kept with the match, ignored by the rules."""

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "v": FORMAT_VERSION,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": [p.to_json() for p in self.plies],
        }
        if self.meta:
            out["meta"] = dict(self.meta)
        return out

    def dumps(self) -> str:
        """``canonical_json(self.to_json())``, from each ply's own text (:attr:`Ply.dumped`) and
        kept: a match is saved, sent to the bots' worker and checked against its reply after every
        move, and making the whole text afresh grew with the match (issue #17: 800 plies of Boo!)."""
        return self._dumped

    @cached_property
    def _dumped(self) -> str:
        # The keys in canonical (sorted) order: game, meta, moves, options, players, seed, v.
        meta = f',"meta":{canonical_json(dict(self.meta))}' if self.meta else ""
        moves = ",".join(ply.dumped for ply in self.plies)
        return (
            f'{{"game":{canonical_json(self.game)}{meta},"moves":[{moves}],'
            f'"options":{canonical_json(dict(self.options))},"players":{canonical_json(self.players)},'
            f'"seed":{canonical_json(self.seed)},"v":{FORMAT_VERSION}}}'
        )

    @classmethod
    def from_json(cls, data: JSON) -> MatchRecord:
        if not isinstance(data, dict):
            raise CorruptMatch("a match record must be a JSON object", code="match.corrupt.shape")
        if data.get("v") != FORMAT_VERSION:
            raise CorruptMatch(
                f"unknown match format version {data.get('v')!r}", code="match.corrupt.version"
            )
        game, players, options, seed = (data.get(k) for k in ("game", "players", "options", "seed"))
        moves, meta = data.get("moves", []), data.get("meta", {})
        if not isinstance(game, str) or not isinstance(players, int) or isinstance(players, bool):
            raise CorruptMatch(
                "a match record needs a game name and a player count", code="match.corrupt.shape"
            )
        if not isinstance(options, dict) or not isinstance(moves, list) or not isinstance(meta, dict):
            raise CorruptMatch(
                "a match record's options, moves and meta have the wrong shape", code="match.corrupt.shape"
            )
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise CorruptMatch("a match record needs a seed", code="match.corrupt.shape")
        return cls(game, players, options, seed, tuple(Ply.from_json(m) for m in moves), meta)

    @classmethod
    def loads(cls, text: str) -> MatchRecord:
        if len(text) > MAX_RECORD_CHARS:
            raise CorruptMatch("the match record is too large", code="match.corrupt.size")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise CorruptMatch(f"the match record is not JSON: {exc}", code="match.corrupt.json") from exc
        return cls.from_json(data)


def encode_link(record: MatchRecord) -> str:
    """Pack a record for a URL fragment: deflate, then URL-safe base64 without padding."""
    packed = zlib.compress(record.dumps().encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode_link(fragment: str) -> MatchRecord:
    """Inverse of :func:`encode_link`; any damage raises :class:`CorruptMatch`."""
    if len(fragment) > MAX_RECORD_CHARS:
        raise CorruptMatch("the link is too long", code="match.corrupt.size")
    try:
        raw = base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(raw, MAX_RECORD_CHARS)
        if inflater.unconsumed_tail:
            raise CorruptMatch("the link unpacks to too much data", code="match.corrupt.size")
        return MatchRecord.loads(text.decode())
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, CorruptMatch):
            raise
        raise CorruptMatch(f"the link is damaged: {exc}", code="match.corrupt.link") from exc


@dataclass
class Match(Generic[S, M]):
    """A match being played: the record plus the states it went through.

    ``states[i]`` is the state before ply ``i``; ``states[-1]`` is the current one. Keeping
    every state makes undo and the log's "show this moment" instant.
    """

    game: Game[S, M]
    record: MatchRecord
    states: list[S]
    events: list[list[Event]]
    _outcome: tuple[S, Outcome | None] | None = field(default=None, init=False, repr=False, compare=False)
    """The outcome of the state it was computed for: a screen asks many times per redraw, and some
    games score every board to answer (states are immutable, so the state itself is the key)."""

    @classmethod
    def new(
        cls,
        game: Game[S, M],
        players: int,
        options: Mapping[str, JSON] | None = None,
        seed: int | str = 0,
        meta: Mapping[str, JSON] | None = None,
    ) -> Match[S, M]:
        game.check_players(players)
        opts = game.check_options(options)
        record = MatchRecord(game.id, players, opts, seed, (), dict(meta or {}))
        return cls(game, record, [game.setup(players, opts, seed)], [])

    @classmethod
    def replay(cls, game: Game[S, M], record: MatchRecord) -> Match[S, M]:
        """Rebuild a match from its record; a record that does not replay is corrupt."""
        steps = cls.replaying(game, record)
        match = next(steps)
        for _ in steps:  # the same match, a ply further each time
            pass
        return match

    @classmethod
    def replaying(cls, game: Game[S, M], record: MatchRecord) -> Iterator[Match[S, M]]:
        """:meth:`replay` a ply at a time: the match after its setup, then (the same one) after each
        ply, so a page may let the browser draw in between (issue #17); raises as :meth:`replay` does."""
        if record.game != game.id:
            raise CorruptMatch(
                f"the record is of {record.game!r}, not {game.id!r}", code="match.corrupt.game"
            )
        try:
            match = cls.new(game, record.players, record.options, record.seed, record.meta)
        except (ValueError, TypeError) as exc:
            raise CorruptMatch(f"the record's setup is invalid: {exc}", code="match.corrupt.setup") from exc
        yield match
        for i, ply in enumerate(record.plies):
            try:
                match.play(ply.player, game.decode_move(ply.move), t=ply.t)
            except ParlourError as exc:
                raise CorruptMatch(
                    f"move {i + 1} ({ply.move!r}) does not replay: {exc}",
                    code="match.corrupt.replay",
                    index=i + 1,
                ) from exc
            yield match

    @property
    def state(self) -> S:
        return self.states[-1]

    @property
    def plies(self) -> tuple[Ply, ...]:
        return self.record.plies

    def outcome(self) -> Outcome | None:
        state = self.state
        if self._outcome is None or self._outcome[0] is not state:
            self._outcome = (state, self.game.outcome(state))
        return self._outcome[1]

    def play(self, player: int, move: M, t: int | None = None) -> list[Event]:
        """Apply a move for ``player``; on :class:`IllegalMove` nothing changes.

        ``player`` is an exact ``int`` (``True`` is not seat 1: it would make the record unloadable).
        A real-time move carries its own time (an integer ``t`` in its JSON, decision 0054): the
        ply records that time, and a ``t`` given here that disagrees with it is refused (a record
        whose plies and moves tell different times does not replay)."""
        if type(player) is not int:
            raise IllegalMove(f"not a seat: {player!r}", code="engine.not-your-turn")
        if self.game.outcome(self.state) is not None:
            raise IllegalMove("the game is over", code="engine.game-over")
        state, events = self.game.apply(self.state, player, move)
        encoded = self.game.encode_move(move)
        timed = encoded.get("t") if isinstance(encoded, dict) else None
        if type(timed) is int:
            if t is not None and t != timed:
                raise IllegalMove(
                    f"the ply's time {t} is not the move's time {timed}", code="engine.time-mismatch"
                )
            t = timed
        ply = Ply(player, encoded, t)
        self.record = MatchRecord(
            self.record.game,
            self.record.players,
            self.record.options,
            self.record.seed,
            (*self.record.plies, ply),
            self.record.meta,
        )
        self.states.append(state)
        self.events.append(events)
        return events

    def can_undo(self) -> bool:
        """Whether the last ply may be taken back: there is one, and it drew or revealed nothing."""
        return bool(self.events) and not any(e.irreversible for e in self.events[-1])

    def undo(self) -> Ply:
        """Take back the last ply and return it; raise :class:`IllegalMove` if undo is not allowed."""
        if not self.can_undo():
            raise IllegalMove("that move cannot be taken back", code="engine.no-undo")
        self.states.pop()
        self.events.pop()
        last = self.record.plies[-1]
        self.record = MatchRecord(
            self.record.game,
            self.record.players,
            self.record.options,
            self.record.seed,
            self.record.plies[:-1],
            self.record.meta,
        )
        return last

    def state_at(self, index: int) -> S:
        """The state before ply ``index`` (``len(plies)``: the current state)."""
        return self.states[index]

    def dumps(self) -> str:
        return self.record.dumps()


def load_match(
    text_or_link: str, games: Callable[[str], Game[Any, Any]], *, link: bool = False
) -> Match[Any, Any]:
    """Parse and replay a saved record (or, with ``link``, a share-link fragment).

    ``games`` maps a game id to its definition (raising ``KeyError`` for unknown ids).
    """
    record = decode_link(text_or_link) if link else MatchRecord.loads(text_or_link)
    try:
        game = games(record.game)
    except KeyError as exc:
        raise CorruptMatch(f"unknown game {record.game!r}", code="match.corrupt.game") from exc
    return Match.replay(game, record)
