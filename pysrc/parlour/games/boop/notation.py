"""Move notation and position notation (BP-D6), documented in docs/rules/boop.md.

Moves: ``k@c3`` / ``c@c3`` place a kitten / cat; ``x:c3-d4-e5`` graduates a line (BP-8), ``x:c3`` one
piece (BP-9), ``x:-`` passes an optional graduation; ``g:top-c`` brings the ghost in at an entry
(BP-13), ``g:-`` leaves it in the pool.

Positions (like FEN), eight space-separated fields, the last two omitted when they carry nothing::

    6/6/2pO2/6/1o4/6 7k0c/7k0c 8/8 -/top-c+2 p place
    ranks      pools       reserves ghosts  side phase [flags held]

Ranks run from 6 down to 1, files a..f; ``o``/``O`` orange kitten/cat, ``p``/``P`` purple, digits count
empty cells. Pools give kittens and cats per colour, orange first; reserves the cats out of play;
ghosts ``-`` (in the pool) or ``entry+step``. Side is the colour to act (the winner once the game is
over). Phase is ``place``, ``grad-a``, ``ghost``, ``grad-b`` or ``win-<reason>``. Flags: ``g`` the
mover has graduated this turn, ``r`` their ghost came back this turn, ``-`` neither. Held: the lines
that wait (BP-19), ``-`` for none: in ``place`` and ``grad-a`` the mover's lines that the opponent's
ghost made; in ``grad-b`` the opponent's lines that the mover's ghost just made. Decoding refuses
text that is not written exactly as encoding writes it, and states no game reaches.
"""

from __future__ import annotations

import re
from dataclasses import replace

from parlour.engine import MalformedMove
from parlour.games.boop.board import (
    CAT,
    EMPTY,
    ENTRIES,
    ENTRY_INDEX,
    KITTEN,
    LINE_INDEX,
    LINES,
    SIZE,
    STEPS,
    cell_name,
    parse_cell,
    piece,
    segment_id,
)
from parlour.games.boop.consistency import flaw
from parlour.games.boop.rules import GHOST, GRADUATE, PLACE_CAT, PLACE_KITTEN, Move
from parlour.games.boop.state import NO_GHOST, PHASES, REASONS, BoopState, Position

PIECE_LETTERS = {piece(0, KITTEN): "o", piece(0, CAT): "O", piece(1, KITTEN): "p", piece(1, CAT): "P"}
LETTER_PIECES = {v: k for k, v in PIECE_LETTERS.items()}
SIDES = "op"


# --- moves ---------------------------------------------------------------------------------------
def format_move(move: Move) -> str:
    kind, arg = move
    if kind in (PLACE_KITTEN, PLACE_CAT):
        return f"{kind}@{cell_name(arg)}"
    if kind == GRADUATE:
        cells: tuple[int, ...] = arg
        return "x:" + ("-".join(cell_name(c) for c in cells) if cells else "-")
    return "g:" + ("-" if arg == NO_GHOST else ENTRIES[arg])


def _malformed(text: object, why: str) -> MalformedMove:
    return MalformedMove(
        f"not a boop. move: {text!r} ({why})", code="boop.malformed", rule="BP-D6", move=str(text)[:40]
    )


def parse_move(text: object) -> Move:
    """The move written ``text``; :class:`MalformedMove` when it is not boop. notation at all.

    Graduation cells may be given in any order; they are kept sorted, as :func:`format_move` writes them."""
    if not isinstance(text, str) or len(text) > 20:
        raise _malformed(text, "a move is a short string")
    if len(text) == 4 and text[1] == "@" and text[0] in (PLACE_KITTEN, PLACE_CAT):
        cell = parse_cell(text[2:])
        if cell is None:
            raise _malformed(text, "no such cell")
        return (text[0], cell)
    if text.startswith("x:"):
        body = text[2:]
        if body == "-":
            return (GRADUATE, ())
        names = body.split("-")
        cells = [parse_cell(n) for n in names]
        if len(cells) not in (1, 3) or any(c is None for c in cells) or len(set(cells)) != len(cells):
            raise _malformed(text, "a graduation names one cell or three different cells")
        return (GRADUATE, tuple(sorted(c for c in cells if c is not None)))
    if text.startswith("g:"):
        body = text[2:]
        if body == "-":
            return (GHOST, NO_GHOST)
        if body not in ENTRY_INDEX:
            raise _malformed(text, "no such ghost entry")
        return (GHOST, ENTRY_INDEX[body])
    raise _malformed(text, "unknown move")


# --- positions -----------------------------------------------------------------------------------
def _line_name(i: int) -> str:
    return "-".join(cell_name(c) for c in LINES[i])


def encode_position(s: BoopState) -> str:
    ranks = []
    for r in range(SIZE - 1, -1, -1):
        row, gap = "", 0
        for f in range(SIZE):
            code = s.board[r * SIZE + f]
            if code == EMPTY:
                gap += 1
                continue
            if gap:
                row, gap = row + str(gap), 0
            row += PIECE_LETTERS[code]
        ranks.append(row + (str(gap) if gap else ""))
    pools = "/".join(f"{s.pool_kittens[p]}k{s.pool_cats[p]}c" for p in (0, 1))
    reserves = f"{s.reserve[0]}/{s.reserve[1]}"
    ghosts = "/".join("-" if g == NO_GHOST else f"{ENTRIES[g // STEPS]}+{g % STEPS}" for g in s.ghosts)
    phase = f"win-{s.reason}" if s.phase == "over" else s.phase
    fields = ["/".join(ranks), pools, reserves, ghosts, SIDES[s.mover], phase]
    flags = ("g" if s.graduated else "") + ("r" if s.ghost_returned else "") or "-"
    held = ",".join(_line_name(i) for i in s.held) or "-"
    if flags != "-" or s.held:
        fields += [flags, held]
    return " ".join(fields)


_POOL = re.compile(r"^([0-8])k([0-8])c$")
_GHOST = re.compile(r"^([a-z]+-[a-e1-5])\+([0-5])$")


def decode_position(text: str) -> BoopState:
    """Inverse of :func:`encode_position`; :class:`PositionError` (a ``ValueError``) for anything that is not a possible position.

    The text must be exactly what :func:`encode_position` writes (one spelling per position: digits
    merged, fields in order, optional fields only when they carry something), and the state it
    describes must be one the rules can reach (:mod:`parlour.games.boop.consistency`)."""
    if not isinstance(text, str) or len(text) > 200:
        raise PositionError("a position is a string")
    state = _decode_fields(text)
    found = flaw(Position(state))
    if found is not None:
        raise PositionError(f"not a position of boop.: {found.text()}", found.code, **found.params)
    canonical = encode_position(state)
    if canonical != text:
        raise PositionError(f"not in canonical notation: write {canonical!r}")
    return state


class PositionError(ValueError):
    """A position text refused, with why as a code a screen can put in words (``boop.why.<code>``):
    a flaw of :mod:`~parlour.games.boop.consistency`, ``count`` (a colour's pieces do not add up;
    ``player`` 0 or 1), ``ghost-segment`` (two ghosts on one segment) or ``notation`` (the text is
    not written as :func:`encode_position` writes)."""

    def __init__(self, message: str, code: str = "notation", **params: str) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def _decode_fields(text: str) -> BoopState:
    fields = text.split()
    if len(fields) not in (6, 8):
        raise PositionError(f"a position has 6 or 8 fields, not {len(fields)}")
    ranks = fields[0].split("/")
    if len(ranks) != SIZE:
        raise PositionError("a position lists 6 ranks")
    board: list[int] = []
    for row in reversed(ranks):
        cells: list[int] = []
        for ch in row:
            if ch in "123456":
                cells.extend([EMPTY] * int(ch))
            elif ch in LETTER_PIECES:
                cells.append(LETTER_PIECES[ch])
            else:
                raise PositionError(f"unknown piece {ch!r}")
        if len(cells) != SIZE:
            raise PositionError(f"rank {row!r} does not have 6 cells")
        board.extend(cells)
    pools = fields[1].split("/")
    matches = [_POOL.match(p) for p in pools]
    if len(pools) != 2 or not all(matches):
        raise PositionError("pools are written like 7k1c/8k0c")
    pk = tuple(int(m.group(1)) for m in matches if m)
    pc = tuple(int(m.group(2)) for m in matches if m)
    reserve_text = fields[2].split("/")
    if len(reserve_text) != 2 or not all(r.isdigit() and int(r) <= 8 for r in reserve_text):
        raise PositionError("reserves are written like 8/7")
    reserve = tuple(int(r) for r in reserve_text)
    ghosts: list[int] = []
    for g in fields[3].split("/"):
        m = _GHOST.match(g)
        if g == "-":
            ghosts.append(NO_GHOST)
        elif m and m.group(1) in ENTRY_INDEX:
            ghosts.append(ENTRY_INDEX[m.group(1)] * STEPS + int(m.group(2)))
        else:
            raise PositionError(f"bad ghost {g!r}")
    if len(ghosts) != 2:
        raise PositionError("ghosts are written like -/top-c+2")
    if NO_GHOST not in ghosts and segment_id(*divmod(ghosts[0], STEPS)) == segment_id(
        *divmod(ghosts[1], STEPS)
    ):
        raise PositionError("two ghosts on one segment", "ghost-segment")
    if fields[4] not in ("o", "p"):
        raise PositionError("side to act is o or p")
    mover = SIDES.index(fields[4])
    phase, reason, winner = fields[5], "", None
    if phase.startswith("win-") and phase[4:] in REASONS:
        phase, reason, winner = "over", phase[4:], mover
    elif phase not in PHASES or phase == "over":
        raise PositionError(f"unknown phase {phase!r}")
    for p in (0, 1):
        bed_kittens = board.count(piece(p, KITTEN))
        bed_cats = board.count(piece(p, CAT))
        if bed_kittens + pk[p] != reserve[p] or bed_cats + pc[p] + reserve[p] != 8:
            raise PositionError(
                f"{SIDES[p]}: pieces do not add up to 8 kittens and 8 cats (BP-1, BP-10)",
                "count",
                player=str(p),
            )
    flags, held_text = (fields[6], fields[7]) if len(fields) == 8 else ("-", None)
    if flags != "-" and (not flags or set(flags) - set("gr") or len(set(flags)) != len(flags)):
        raise PositionError(f"bad flags {flags!r}")
    state = BoopState(
        tuple(board),
        (pk[0], pk[1]),
        (pc[0], pc[1]),
        (reserve[0], reserve[1]),
        (ghosts[0], ghosts[1]),
        mover,
        phase,
        "g" in flags,
        "r" in flags,
        (),
        winner,
        reason,
    )
    held: tuple[int, ...] = ()
    if held_text is None or held_text == "-":
        pass
    else:
        held_list = []
        for name in held_text.split(","):
            cells_ = [parse_cell(n) for n in name.split("-")]
            key = tuple(sorted(c for c in cells_ if c is not None))
            if len(cells_) != 3 or None in cells_ or key not in LINE_INDEX:
                raise PositionError(f"bad held line {name!r}")
            held_list.append(LINE_INDEX[key])
        if len(set(held_list)) != len(held_list):
            raise PositionError("a waiting line is listed twice")
        held = tuple(sorted(held_list))
    return replace(state, held=held)
