"""``BoopGame``: boop. with ghost cats as a :class:`parlour.engine.Game`, plus the helpers a board needs.

Moves are notation strings (see :mod:`parlour.games.boop.notation`); each decision of a turn is its
own move, and ``to_act`` keeps the mover until their turn is over (docs/decisions/0010).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine import JSON, Event, Game, IllegalMove, Option, Outcome, Rng
from parlour.games.boop import rules
from parlour.games.boop.board import (
    COLOURS,
    EMPTY,
    ENTRIES,
    KINDS,
    LINE_INDEX,
    LINES,
    STEPS,
    cell_name,
    kind_of,
    owner_of,
    piece,
    segment_cells,
)
from parlour.games.boop.notation import decode_position, encode_position, format_move, parse_move
from parlour.games.boop.state import NO_GHOST, BoopState, Position, initial_state

FIRST_CHOICES = ("orange", "purple", "random")

PROMPTS = {
    "place": "boop.prompt.place",
    "grad-a": "boop.prompt.graduate",
    "ghost": "boop.prompt.ghost",
    "grad-b": "boop.prompt.graduate-end",
    "over": "boop.prompt.over",
}


def _illegal(message: str, code: str, rule: str, **params: Any) -> IllegalMove:
    return IllegalMove(message, code=f"boop.illegal.{code}", rule=rule, **params)


class BoopGame(Game[BoopState, str]):
    """boop. with ghost cats (Smirk & Dagger), two players: seat 0 orange, seat 1 purple."""

    id = "boop"
    min_players = 2
    max_players = 2
    options = (
        Option("first", "orange", "boop.option.first", FIRST_CHOICES),
        Option("start", "", "boop.option.start", hidden=True),
    )
    """``start``: a position to begin from instead of the empty bed (the position editor's "Play
    from here"), validated as a whole like any position from a link; its mover moves first
    (``first`` is then not used). A match stays options + seed + moves (decision 0063)."""
    perfect_information = True  # every move may be told to everyone (decision 0074)

    # --- setup and play ---------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, JSON], seed: int | str) -> BoopState:
        """BP-1: empty bed; the first player is orange, purple or drawn from the seed. With a
        ``start`` position: that position, its mover to move (a position no rule allows is a
        ``ValueError``, so a record carrying one is refused as corrupt)."""
        start = options.get("start", "")
        if start:
            return self.from_position(str(start))
        first = options.get("first", "orange")
        mover = Rng.from_seed(seed).below(2) if first == "random" else COLOURS.index(str(first))
        return initial_state(mover)

    def to_act(self, state: BoopState) -> Sequence[int]:
        return () if state.phase == "over" else (state.mover,)

    def legal_moves(self, state: BoopState, player: int) -> list[str]:
        if player not in self.to_act(state):
            return []
        return [format_move(m) for m in rules.legal(Position(state))]

    def apply(self, state: BoopState, player: int, move: str) -> tuple[BoopState, list[Event]]:
        if state.phase == "over":
            raise IllegalMove("the game is over", code="engine.game-over")
        self.check_turn(state, player)
        parsed = parse_move(move)
        pos = Position(state)
        self._check(pos, parsed)
        events: list[Event] = []
        rules.play(pos, parsed, events)
        return pos.freeze(), events

    def _check(self, pos: Position, move: rules.Move) -> None:
        """Raise :class:`IllegalMove` with the reason and rule unless ``move`` is legal now."""
        if move in rules.legal(pos):
            return
        kind, arg = move
        p, phase = pos.mover, pos.phase
        wanted = {"place": "k@ c@", "grad-a": "x:", "grad-b": "x:", "ghost": "g:"}[phase]
        if kind + ("@" if kind in "kc" else ":") not in wanted.split():
            raise _illegal(f"a {phase} decision is due now", "not-now", "BP-D1", phase=phase)
        if phase == "place":
            cell: int = arg
            if pos.board[cell] != EMPTY:
                raise _illegal(f"{cell_name(cell)} is taken", "cell-occupied", "BP-2", cell=cell_name(cell))
            raise _illegal(
                f"no {KINDS[kind == 'c']} in the pool",
                f"no-{KINDS[kind == 'c']}",
                "BP-2",
                cell=cell_name(cell),
            )
        if kind == rules.GHOST:
            raise _illegal("the first segment of that seam holds a ghost", "segment-taken", "BP-17")
        cells: tuple[int, ...] = arg
        if not cells:
            raise _illegal("a graduation is compulsory now", "graduation-required", "BP-D3")
        names = "-".join(cell_name(c) for c in cells)
        if len(cells) == 1:
            code = pos.board[cells[0]]
            if code == EMPTY or owner_of(code) != p:
                raise _illegal(f"{names} is not your piece", "not-your-piece", "BP-9", cells=names)
            # With an empty pool a single piece is offered whenever a graduation is (docs/decisions/0014).
            raise _illegal("only with all 8 pieces on the bed", "pool-not-empty", "BP-9", cells=names)
        line = LINE_INDEX.get((cells[0], cells[1], cells[2]))
        if line is None:
            raise _illegal(f"{names} is not a line of three", "not-a-line", "BP-8", cells=names)
        if line in pos.held and phase == "grad-a":
            raise _illegal(f"{names} waits for the end of the turn", "line-waits", "BP-19", cells=names)
        raise _illegal(f"{names} is not a line of your pieces", "not-your-line", "BP-8", cells=names)

    def outcome(self, state: BoopState) -> Outcome | None:
        if state.phase != "over" or state.winner is None:
            return None
        return Outcome((state.winner,), reason=f"boop.end.{state.reason}")

    # --- serialisation ------------------------------------------------------------------------
    def encode_move(self, move: str) -> JSON:
        return format_move(parse_move(move))

    def decode_move(self, data: JSON) -> str:
        return format_move(parse_move(data))

    def encode_state(self, state: BoopState) -> JSON:
        return {"position": encode_position(state)}

    def decode_state(self, data: JSON) -> BoopState:
        """The state of ``{"position": ...}`` or of a whole view; ``ValueError`` unless the position
        is one the rules reach and, for a view, every other field is what :meth:`view` gives for it
        (a peer's view is checked as a whole: docs/decisions/0016)."""
        if not isinstance(data, dict) or not isinstance(data.get("position"), str):
            raise ValueError("a boop. state is {'position': <position notation>}")
        state = decode_position(data["position"])
        if set(data) != {"position"} and data != self.view(state, None):
            raise ValueError("a boop. view whose fields do not match its position")
        return state

    def view(self, state: BoopState, player: int | None) -> JSON:
        """Perfect information: everyone sees everything; the board's handy fields come along."""
        return {"position": encode_position(state), **self.info(state)}

    # --- notation -----------------------------------------------------------------------------
    def position(self, state: BoopState) -> str:
        """The position notation of ``state`` (docs/rules/boop.md)."""
        return encode_position(state)

    def from_position(self, text: str) -> BoopState:
        return decode_position(text)

    # --- helpers for the board ---------------------------------------------------------------
    def info(self, state: BoopState) -> dict[str, JSON]:
        """Everything the table shows openly: pieces, pools, reserves, ghosts, phase and prompt."""
        pieces = {
            cell_name(c): {
                "colour": COLOURS[owner_of(code)],
                "player": owner_of(code),
                "piece": KINDS[kind_of(code)],
            }
            for c, code in enumerate(state.board)
            if code != EMPTY
        }
        players = []
        for p in (0, 1):
            g = state.ghosts[p]
            ghost: dict[str, JSON] | None = None
            if g != NO_GHOST:
                entry, step = divmod(g, STEPS)
                ghost = {
                    "entry": ENTRIES[entry],
                    "step": step,
                    "segment": list(segment_cells(entry, step)),
                    "heading": _heading(ENTRIES[entry]),
                    "leaves_next": step == STEPS - 1,
                }
            players.append(
                {
                    "colour": COLOURS[p],
                    "pool": {
                        "kittens": state.pool_kittens[p],
                        "cats": state.pool_cats[p],
                        "ghost": g == NO_GHOST,
                    },
                    "reserve": state.reserve[p],
                    "graduated_kittens": 8 - state.reserve[p],
                    "on_bed": {
                        "kittens": state.board.count(piece(p, 0)),
                        "cats": state.board.count(piece(p, 1)),
                    },
                    "ghost": ghost,
                }
            )
        return {
            "pieces": pieces,
            "players": players,
            "mover": state.mover,
            "phase": state.phase,
            "prompt": _prompt(state),
            "graduated_this_turn": state.graduated,
            "ghost_returned_this_turn": state.ghost_returned,
            "waiting_lines": ["-".join(cell_name(c) for c in LINES[i]) for i in state.held],
            "winner": state.winner,
            "reason": f"boop.end.{state.reason}" if state.reason else "",
        }

    def placement_cells(self, state: BoopState, kind: str = "kitten") -> list[str]:
        """Cells where the mover may place a ``"kitten"`` or a ``"cat"`` now (BP-2)."""
        letter = "k" if kind == "kitten" else "c"
        return [m[2:] for m in self.legal_moves(state, state.mover) if m[0] == letter]

    def graduation_choices(self, state: BoopState) -> list[dict[str, JSON]]:
        """The graduations the mover may choose now, each with its move, cells and rule; a pass
        appears as ``{"move": "x:-", "cells": []}`` when the graduation is optional."""
        out: list[dict[str, JSON]] = []
        for m in self.legal_moves(state, state.mover):
            if m.startswith("x:"):
                cells = [] if m == "x:-" else m[2:].split("-")
                rule = "BP-8" if len(cells) == 3 else "BP-9" if cells else "BP-D3"
                out.append({"move": m, "cells": cells, "rule": rule})
        return out

    def ghost_entries(self, state: BoopState) -> list[dict[str, JSON]]:
        """The entries where the mover's ghost may come in now, with the first segment's two cells
        and the heading it will travel; the "no ghost" choice is ``{"move": "g:-"}``."""
        out: list[dict[str, JSON]] = []
        for m in self.legal_moves(state, state.mover):
            if m == "g:-":
                out.append({"move": m, "entry": None})
            elif m.startswith("g:"):
                entry = ENTRIES.index(m[2:])
                out.append(
                    {
                        "move": m,
                        "entry": m[2:],
                        "segment": list(segment_cells(entry, 0)),
                        "heading": _heading(m[2:]),
                    }
                )
        return out

    def describe_move(self, state: BoopState, player: int, move: str) -> tuple[str, dict[str, JSON]]:
        """A log line: ``boop.log.<colour>.<what>`` and its parameters (cell, cells; for a ghost entry
        ``entry`` and the two edge cells ``a``, ``b`` it appears between)."""
        kind, arg = parse_move(move)
        colour = COLOURS[player]
        params: dict[str, JSON] = {"player": player, "move": format_move((kind, arg))}
        if kind in (rules.PLACE_KITTEN, rules.PLACE_CAT):
            params["cell"] = cell_name(arg)
            what = "place-kitten" if kind == rules.PLACE_KITTEN else "place-cat"
        elif kind == rules.GRADUATE:
            cells: tuple[int, ...] = arg
            if not cells:
                what = "graduate-pass"
            elif len(cells) == 3:
                what = "graduate-line"
                params["cells"] = "-".join(cell_name(c) for c in cells)
            else:
                code = state.board[cells[0]]
                what = "graduate-cat" if code != EMPTY and kind_of(code) == 1 else "graduate-kitten"
                params["cell"] = cell_name(cells[0])
        elif arg == NO_GHOST:
            what = "ghost-none"
        else:
            what = "ghost-enter"
            params["entry"] = ENTRIES[arg]
            # The log names the two edge cells, not the notation ("top-c"): words a player reads.
            params["a"], params["b"] = segment_cells(arg, 0)
        return (f"boop.log.{colour}.{what}", params)

    def describe_event(self, event: Event) -> tuple[str, dict[str, JSON], str] | None:
        """A line for ``event`` with the rule behind it, for the log and the embed's captions alike;
        the placement (the move's own line says it), a pass and the turn passing have none."""
        data = event.data
        kind = event.kind
        if kind in ("boop", "booo"):
            off = data.get("to") is None
            key = f"boop.event.{kind}{'-off' if off else ''}"
            rule = (
                "BP-16"
                if kind == "booo"
                else "BP-4"
                if off
                else "BP-15"
                if data.get("by") == "ghost"
                else "BP-3"
            )
            return key, {"from": data["from"], "to": data.get("to") or ""}, rule
        if kind == "returned":  # booped off the bed: back to its owner's pool
            return "boop.event.returned", {"from": data["from"]}, "BP-4"
        if kind == "blocked":
            return "boop.event.blocked", {"cell": data["cell"]}, "BP-6"
        if kind == "ghost-enter":  # the seam in cells, as the log says it ("c6–d6", not "top-c")
            return "boop.event.ghost-enter", {"segment": "–".join(data["segment"])}, "BP-13"
        if kind == "ghost-move":
            rule = "BP-17" if data.get("skipped") else "BP-14"
            return "boop.event.ghost-move", {"to": "–".join(data["to"])}, rule
        if kind == "ghost-leave":
            return "boop.event.ghost-leave", {}, "BP-18"
        if kind == "graduate":
            rule = str(data.get("rule") or "BP-8")
            return "boop.event.graduate", {"cells": ", ".join(data["cells"])}, rule
        if kind == "win":
            reason = str(data.get("reason", "line"))
            return f"boop.end.{reason}", {}, "BP-D4" if reason == "no-pieces" else "BP-20"
        return None


def _prompt(state: BoopState) -> str:
    """The message key of what the mover decides now. After the boops with no line, the choice is
    BP-9 alone, offered before the ghost moves (docs/decisions/0014): say so, not "a line of three"."""
    if state.phase == "grad-a" and not rules.lines_after_boops(Position(state)):
        return "boop.prompt.graduate-eight"
    return PROMPTS[state.phase]


def _heading(entry: str) -> str:
    """Which way a ghost from ``entry`` travels: ``down``, ``left``, ``up`` or ``right``."""
    return {"top": "down", "right": "left", "bottom": "up", "left": "right"}[entry.split("-")[0]]


GAME = BoopGame()
