"""Diagrams: a position, or a sequence of moves from one, drawn by the game's board module.

A :class:`Diagram` is what an embed, a rules-help example and a static figure show: a start (a
position in the game's notation, a share link, or the game's set-up) and the moves played from
it, with every state and every event in between. Step ``0`` is the start; step ``n`` is the
position after ``n`` moves.

``python -m parlour GAME svg POSITION [--moves M ...] [--step N] [--lang xx] [--seat N]`` prints
the board as a standalone SVG document (:mod:`parlour.web.figures`: the same drawing as the app's
board, from a view that hides what no seat, or only the chosen seat, may see).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour import games
from parlour.engine import (
    CorruptMatch,
    Event,
    Game,
    Match,
    MatchRecord,
    ParlourError,
    decode_link,
)
from parlour.i18n import LANGUAGES, translate
from parlour.web import boards

START = "start"
"""A source meaning the game's own set-up (default options, seed 0)."""


class DiagramError(ValueError):
    """A diagram that cannot be built: unknown game, bad position, a move that is not legal.
    ``code`` and ``params`` give the message in the viewer's language."""

    def __init__(self, message: str, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass
class Diagram:
    """A start and the moves played from it (``match`` holds every state and event)."""

    game: Game[Any, Any]
    match: Match[Any, Any]

    @property
    def steps(self) -> int:
        """The last step (the number of moves)."""
        return len(self.match.plies)

    def state(self, step: int) -> Any:
        return self.match.state_at(self.clamp(step))

    def events(self, step: int) -> list[Event]:
        """The events of the move that led to ``step`` (none at step 0)."""
        step = self.clamp(step)
        return list(self.match.events[step - 1]) if step > 0 else []

    def clamp(self, step: int) -> int:
        return min(max(step, 0), self.steps)

    def move(self, step: int) -> tuple[int, Any] | None:
        """Who moved and the move that led to ``step``, or ``None`` at step 0."""
        step = self.clamp(step)
        if step == 0:
            return None
        ply = self.match.plies[step - 1]
        return ply.player, self.game.decode_move(ply.move)

    def position(self, step: int) -> str:
        """The position at ``step`` in the game's notation (the state as JSON if it has none)."""
        state = self.state(step)
        notation: Callable[[Any], str] | None = getattr(self.game, "position", None)
        if notation is not None:
            return notation(state)
        from parlour.engine import canonical_json

        return canonical_json(self.game.encode_state(state))


def move_of(game: Game[Any, Any], text: str) -> tuple[int | None, Any]:
    """A move written as text: the game's own move text (boop.'s ``k@b5``), its JSON form when that
    is an object (``{"k": "hand", "t": 0}``, Boo!), or ``[seat, move]`` when a seat other than the
    first to act plays it (in a real-time game everyone may act at once). ``None``: the first."""
    if not text.startswith(("{", "[")):
        return None, game.decode_move(text)
    data = json.loads(text)  # ValueError when it is not JSON
    if isinstance(data, list):
        if len(data) != 2 or type(data[0]) is not int:
            raise ValueError(f"not [seat, move]: {text[:60]}")
        return data[0], game.decode_move(data[1])
    return None, game.decode_move(data)


def start_match(game: Game[Any, Any], state: Any, players: int | None = None) -> Match[Any, Any]:
    """A match that starts from ``state`` rather than from the game's set-up (a record of it would
    not replay: diagrams keep their start as position text instead)."""
    record = MatchRecord(game.id, players or game.min_players, game.check_options(None), 0, (), {})
    return Match(game, record, [state], [])


def load(game_id: str, source: str = START, moves: Sequence[str] = ()) -> Diagram:
    """The diagram of ``source`` (a position in the game's notation or as JSON, a share link or
    ``"start"``) and ``moves`` after it (each as :func:`move_of` reads it).

    Raises :class:`DiagramError` with a clear reason for an unknown game, a damaged source or a
    move that is not legal where it is played.
    """
    if game_id not in games.BY_ID:
        raise DiagramError(f"unknown game {game_id!r}", "embed.error.game", game=game_id)
    game = games.load(game_id)
    source = source.strip()
    if "m=" in source:  # a whole share link, or its query
        source = source.split("m=", 1)[1].split("&", 1)[0]
    if source in ("", START):
        match = Match.new(game, game.min_players, None, 0)
    elif _looks_like_link(source):
        try:
            record = decode_link(source)
            if record.game != game_id:
                raise CorruptMatch("the link is of another game", code="match.corrupt.game")
            match = Match.replay(game, record)
        except CorruptMatch as err:
            raise DiagramError(str(err), "embed.error.link") from err
    elif source.startswith("{"):  # a state as JSON: what Diagram.position gives for a game without notation
        try:
            data = json.loads(source)
            seats = data.get("players") if isinstance(data, dict) else None  # a game for more than 2 says
            match = start_match(game, game.decode_state(data), seats if type(seats) is int else None)
        except ValueError as err:
            raise DiagramError(f"not a position: {err}", "embed.error.position", text=source[:60]) from err
    else:
        from_position: Callable[[str], Any] | None = getattr(game, "from_position", None)
        if from_position is None:
            raise DiagramError(f"{game_id} has no position notation", "embed.error.position", text=source)
        try:
            match = start_match(game, from_position(source))
        except ValueError as err:
            raise DiagramError(f"not a position: {err}", "embed.error.position", text=source[:60]) from err
    for i, text in enumerate(moves):
        acting = game.to_act(match.state)
        if not acting:
            raise DiagramError(
                f"move {i + 1} ({text}) comes after the end of the game",
                "embed.error.move",
                n=i + 1,
                move=text,
            )
        try:
            player, move = move_of(game, text)
            match.play(acting[0] if player is None else player, move)
        except (ParlourError, ValueError) as err:
            raise DiagramError(
                f"move {i + 1} ({text}) is not legal: {err}", "embed.error.move", n=i + 1, move=text
            ) from err
    return Diagram(game, match)


def _looks_like_link(text: str) -> bool:
    """A share link is URL-safe base64 with no spaces; every position notation has spaces."""
    return " " not in text and len(text) > 16 and all(c.isalnum() or c in "-_" for c in text)


def figure(diagram: Diagram, step: int, lang: str = "en", seat: int | None = None, caption: str = "") -> str:
    """The standalone SVG of ``diagram`` at ``step`` from ``seat``'s view (``None``: no seat's, what
    everyone at the table sees), drawn by the game's board (:mod:`parlour.web.figures`)."""
    from parlour.web import figures

    if boards.board(diagram.game.id) is None:
        raise DiagramError(f"{diagram.game.id} has no board yet", "embed.error.board")

    def t(key: str, **params: Any) -> str:
        return translate(lang, key, **params)

    return figures.figure(
        diagram.game, diagram.state(step), t, seat=seat, events=diagram.events(step), caption=caption
    )


def main(game_id: str, argv: Sequence[str]) -> int:
    """``python -m parlour GAME svg ...``: print the figure, or a clear error on stderr."""
    import argparse  # the command line's alone: the page imports this module for its embeds

    parser = argparse.ArgumentParser(
        prog=f"parlour {game_id} svg",
        description="Print the board at a position as a standalone SVG document.",
    )
    parser.add_argument(
        "position", nargs="?", default=START, help="position notation, a share link, or 'start'"
    )
    parser.add_argument("--moves", nargs="*", default=[], help="moves played from the position")
    parser.add_argument("--step", type=int, help="the step to draw (default: after the last move)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument(
        "--seat", type=int, help="the seat whose view is drawn (boop.: 1 turns the bed); default: no seat's"
    )
    parser.add_argument("--caption", default="", help="a line of text under the board")
    args = parser.parse_args(list(argv))
    try:
        diagram = load(game_id, args.position, args.moves)
        step = diagram.steps if args.step is None else args.step
        if not 0 <= step <= diagram.steps:
            raise DiagramError(f"step {step} is not between 0 and {diagram.steps}", "embed.error.step")
        sys.stdout.write(figure(diagram, step, args.lang, args.seat, args.caption) + "\n")
    except DiagramError as err:
        print(f"parlour {game_id} svg: {err}", file=sys.stderr)
        return 2
    return 0
