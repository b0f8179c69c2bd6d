"""Which positions the rules allow: a decoded state is checked as a whole before it is accepted.

A position arrives from a peer, a link or a save as text (docs/rules/boop.md, "Position notation").
The notation can describe states no game reaches: a graduation phase with nothing to choose, a ghost
question while the ghost is on the bed, a win with no winning line. :func:`flaw` names the first
such flaw by a code (with its parameters), so :func:`~parlour.games.boop.notation.decode_position`
refuses the text with a clear reason instead of handing a bot or a board a state the rules never
produce (docs/decisions/0016). The code is what a screen puts in the reader's words
(``boop.why.<code>``: the position editor, decision 0076); :data:`TEXTS` are the English reasons
the error itself carries.

Each check follows from how :func:`~parlour.games.boop.rules.settle` and
:func:`~parlour.games.boop.rules.end_turn` leave a state: a phase is entered only when the mover
has something to decide there, flags and waiting lines are reset at every hand-over.
"""

from __future__ import annotations

from typing import NamedTuple

from parlour.games.boop import rules
from parlour.games.boop.board import CAT, LINES, STEPS, cell_name, piece
from parlour.games.boop.state import NO_GHOST, Position

TEXTS = {
    "over-flags": "a finished game carries no flags or waiting lines",
    "over-no-line": "win-line, but the winner has no three cats in a row (BP-20)",
    "over-all-cats": "win-all-cats needs all 8 of the winner's cats on the bed and no line of three cats (BP-20)",
    "over-no-pieces": "win-no-pieces cannot arise: BP-D3 always leaves a player a piece to place (BP-D4)",
    "other-pool-empty": "the player who just moved has no piece in the pool, which BP-9/BP-D3 never allow",
    "held-not-other-line": "waiting line {line} is not a line of the other player's pieces with a kitten",
    "held-not-line": "waiting line {line} is not a line of the mover's pieces with a kitten",
    "place-flags": "flags are reset when a turn begins",
    "place-pool-empty": "the player to place has nothing in the pool (BP-D3)",
    "place-won": "the player who just moved has won, so the game would be over (BP-20)",
    "held-ghost-still": "waiting lines are made by the other player's ghost, which has not moved (BP-19)",
    "grad-a-flags": "grad-a comes before any graduation and before the ghost acts (BP-D1)",
    "grad-a-nothing": "grad-a with nothing to graduate (BP-8, BP-9)",
    "grad-a-single": "grad-a with a single compulsory graduation, which is made at once (BP-D3)",
    "ghost-on-bed": "the ghost question while the mover's ghost is on the bed (BP-13)",
    "ghost-returned": "the ghost question in the turn the ghost came back (BP-18)",
    "ghost-held": "no line waits while the ghost question is open",
    "ghost-no-entry": "the ghost question with no free entry (BP-17)",
    "ghost-won": "the ghost question after the mover has won: an entering ghost changes nothing (BP-D5)",
    "grad-b-graduated": "grad-b after the mover has graduated this turn (BP-11)",
    "grad-b-ghost-on-bed": "the ghost came back this turn but is on the bed (BP-18)",
    "grad-b-held-ghost": "the other player's waiting lines are made by the mover's ghost, which has not moved (BP-19)",
    "grad-b-won": "grad-b after the mover has won (BP-D2)",
    "grad-b-no-choice": "grad-b without a choice: a single graduation is made at once, none ends the turn (BP-D3)",
}
"""Each flaw's code and its reason in English (``{line}``: a waiting line's cells, ``b4-c4-d4``)."""


class Flaw(NamedTuple):
    """Why no game reaches a position: a code of :data:`TEXTS` and the parameters its words take."""

    code: str
    params: dict[str, str]

    def text(self) -> str:
        return TEXTS[self.code].format(**self.params)


def _line(i: int) -> str:
    return "-".join(cell_name(c) for c in LINES[i])


def _ghost_moved(ghost: int) -> bool:
    """The ghost is on the bed and has moved at least once (a ghost boops only by moving, BP-15)."""
    return ghost != NO_GHOST and ghost % STEPS > 0


def flaw(pos: Position) -> Flaw | None:
    """Why no game of boop. reaches ``pos`` (its pieces already add up), or ``None`` if one may."""
    code, params = _check(pos)
    return Flaw(code, params) if code else None


Found = tuple[str, dict[str, str]]
NONE: Found = ("", {})


def _check(pos: Position) -> Found:
    p, q = pos.mover, 1 - pos.mover
    phase = pos.phase
    if phase == "over":
        return _over(pos)
    if pos.pool_size(q) == 0:
        return "other-pool-empty", {}
    for i in pos.held:
        if phase == "grad-b":
            if i not in rules.graduable_lines(pos, q):
                return "held-not-other-line", {"line": _line(i)}
        elif i not in rules.graduable_lines(pos, p):
            return "held-not-line", {"line": _line(i)}
    if phase == "place":
        return _place(pos)
    if phase == "grad-a":
        return _grad_a(pos)
    if phase == "ghost":
        return _ghost(pos)
    return _grad_b(pos)


def _over(pos: Position) -> Found:
    w = pos.mover
    if pos.graduated or pos.ghost_returned or pos.held:
        return "over-flags", {}
    line = rules.cat_line(pos, w)
    if pos.reason == "line" and line is None:
        return "over-no-line", {}
    if pos.reason == "all-cats" and (line is not None or pos.board.count(piece(w, CAT)) != 8):
        return "over-all-cats", {}
    if pos.reason == "no-pieces":
        # BP-D4 is kept in the engine for safety, but BP-D3 leaves every player a piece to place.
        return "over-no-pieces", {}
    return NONE


def _place(pos: Position) -> Found:
    p, q = pos.mover, 1 - pos.mover
    if pos.graduated or pos.ghost_returned:
        return "place-flags", {}
    if pos.pool_size(p) == 0:
        return "place-pool-empty", {}
    if rules.has_won(pos, q):
        return "place-won", {}
    if pos.held and not _ghost_moved(pos.ghosts[q]):
        return "held-ghost-still", {}
    return NONE


def _grad_a(pos: Position) -> Found:
    q = 1 - pos.mover
    if pos.graduated or pos.ghost_returned:
        return "grad-a-flags", {}
    if pos.held and not _ghost_moved(pos.ghosts[q]):
        return "held-ghost-still", {}
    options, optional = rules.window_a(pos)
    if not options:
        return "grad-a-nothing", {}
    if len(options) == 1 and not optional:
        return "grad-a-single", {}
    return NONE


def _ghost(pos: Position) -> Found:
    p = pos.mover
    if pos.ghosts[p] != NO_GHOST:
        return "ghost-on-bed", {}
    if pos.ghost_returned:
        return "ghost-returned", {}
    if pos.held:
        return "ghost-held", {}
    if not rules.free_entries(pos):
        return "ghost-no-entry", {}
    if rules.has_won(pos, p):
        return "ghost-won", {}
    return NONE


def _grad_b(pos: Position) -> Found:
    p = pos.mover
    if pos.graduated:
        return "grad-b-graduated", {}
    if pos.ghost_returned and pos.ghosts[p] != NO_GHOST:
        return "grad-b-ghost-on-bed", {}
    if pos.held and (pos.ghost_returned or not _ghost_moved(pos.ghosts[p])):
        return "grad-b-held-ghost", {}
    if rules.has_won(pos, p):
        return "grad-b-won", {}
    if len(rules.options_at_end(pos)) < 2:
        return "grad-b-no-choice", {}
    return NONE
