"""Which positions the rules allow: a decoded state is checked as a whole before it is accepted.

A position arrives from a peer, a link or a save as text (docs/rules/boop.md, "Position notation").
The notation can describe states no game reaches: a graduation phase with nothing to choose, a ghost
question while the ghost is on the bed, a win with no winning line. :func:`inconsistency` names the
first such flaw, so :func:`~parlour.games.boop.notation.decode_position` refuses the text with a
clear reason instead of handing a bot or a board a state the rules never produce
(docs/decisions/0016).

Each check follows from how :func:`~parlour.games.boop.rules.settle` and
:func:`~parlour.games.boop.rules.end_turn` leave a state: a phase is entered only when the mover
has something to decide there, flags and waiting lines are reset at every hand-over.
"""

from __future__ import annotations

from parlour.games.boop import rules
from parlour.games.boop.board import CAT, LINES, STEPS, cell_name, piece
from parlour.games.boop.state import NO_GHOST, Position


def _line(i: int) -> str:
    return "-".join(cell_name(c) for c in LINES[i])


def _ghost_moved(ghost: int) -> bool:
    """The ghost is on the bed and has moved at least once (a ghost boops only by moving, BP-15)."""
    return ghost != NO_GHOST and ghost % STEPS > 0


def inconsistency(pos: Position) -> str:
    """Why no game of boop. reaches ``pos`` (its pieces already add up), or ``""`` if one may."""
    p, q = pos.mover, 1 - pos.mover
    phase = pos.phase
    if phase == "over":
        return _over(pos)
    if pos.pool_size(q) == 0:
        return "the player who just moved has no piece in the pool, which BP-9/BP-D3 never allow"
    for i in pos.held:
        if phase == "grad-b":
            if i not in rules.graduable_lines(pos, q):
                return f"waiting line {_line(i)} is not a line of the other player's pieces with a kitten"
        elif i not in rules.graduable_lines(pos, p):
            return f"waiting line {_line(i)} is not a line of the mover's pieces with a kitten"
    if phase == "place":
        return _place(pos)
    if phase == "grad-a":
        return _grad_a(pos)
    if phase == "ghost":
        return _ghost(pos)
    return _grad_b(pos)


def _over(pos: Position) -> str:
    w = pos.mover
    if pos.graduated or pos.ghost_returned or pos.held:
        return "a finished game carries no flags or waiting lines"
    line = rules.cat_line(pos, w)
    if pos.reason == "line" and line is None:
        return "win-line, but the winner has no three cats in a row (BP-20)"
    if pos.reason == "all-cats" and (line is not None or pos.board.count(piece(w, CAT)) != 8):
        return "win-all-cats needs all 8 of the winner's cats on the bed and no line of three cats (BP-20)"
    if pos.reason == "no-pieces":
        # BP-D4 is kept in the engine for safety, but BP-D3 leaves every player a piece to place.
        return "win-no-pieces cannot arise: BP-D3 always leaves a player a piece to place (BP-D4)"
    return ""


def _place(pos: Position) -> str:
    p, q = pos.mover, 1 - pos.mover
    if pos.graduated or pos.ghost_returned:
        return "flags are reset when a turn begins"
    if pos.pool_size(p) == 0:
        return "the player to place has nothing in the pool (BP-D3)"
    if rules.has_won(pos, q):
        return "the player who just moved has won, so the game would be over (BP-20)"
    if pos.held and not _ghost_moved(pos.ghosts[q]):
        return "waiting lines are made by the other player's ghost, which has not moved (BP-19)"
    return ""


def _grad_a(pos: Position) -> str:
    q = 1 - pos.mover
    if pos.graduated or pos.ghost_returned:
        return "grad-a comes before any graduation and before the ghost acts (BP-D1)"
    if pos.held and not _ghost_moved(pos.ghosts[q]):
        return "waiting lines are made by the other player's ghost, which has not moved (BP-19)"
    options, optional = rules.window_a(pos)
    if not options:
        return "grad-a with nothing to graduate (BP-8, BP-9)"
    if len(options) == 1 and not optional:
        return "grad-a with a single compulsory graduation, which is made at once (BP-D3)"
    return ""


def _ghost(pos: Position) -> str:
    p = pos.mover
    if pos.ghosts[p] != NO_GHOST:
        return "the ghost question while the mover's ghost is on the bed (BP-13)"
    if pos.ghost_returned:
        return "the ghost question in the turn the ghost came back (BP-18)"
    if pos.held:
        return "no line waits while the ghost question is open"
    if not rules.free_entries(pos):
        return "the ghost question with no free entry (BP-17)"
    if rules.has_won(pos, p):
        return "the ghost question after the mover has won: an entering ghost changes nothing (BP-D5)"
    return ""


def _grad_b(pos: Position) -> str:
    p = pos.mover
    if pos.graduated:
        return "grad-b after the mover has graduated this turn (BP-11)"
    if pos.ghost_returned and pos.ghosts[p] != NO_GHOST:
        return "the ghost came back this turn but is on the bed (BP-18)"
    if pos.held and (pos.ghost_returned or not _ghost_moved(pos.ghosts[p])):
        return "the other player's waiting lines are made by the mover's ghost, which has not moved (BP-19)"
    if rules.has_won(pos, p):
        return "grad-b after the mover has won (BP-D2)"
    if len(rules.options_at_end(pos)) < 2:
        return "grad-b without a choice: a single graduation is made at once, none ends the turn (BP-D3)"
    return ""
