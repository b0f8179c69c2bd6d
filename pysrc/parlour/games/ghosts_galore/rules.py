"""The Ghosts Galore game definition: the draft (GG-2..GG-5), the hidden tile, views and outcome.

A round (1–8) deals a stack of ``players + 4`` tiles (GG-4). Its first player (rotating, GG-5)
flips the top tile and takes it or passes it face up onto the table; each later player who has
not taken yet takes a table tile or flips (then takes or passes) (GG-3). When only one player is
left, they look through the whole rest of the stack and the table and take any one; what is left
leaves the game (GG-4). Round 9: everyone places their hidden tile into their last free cell
(GG-2), in any order. All shuffling happens at setup, so the state needs no generator afterwards.
The state, its JSON, a guest's view and the words are :mod:`parlour.games.ghosts_galore.written`'s
(decision 0113).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from parlour.engine import JSON, Event, Game, IllegalMove, MalformedMove, Outcome, Rng
from parlour.games.ghosts_galore import written
from parlour.games.ghosts_galore.board import EMPTY_GRID, IdGrid, cell_name, resolve
from parlour.games.ghosts_galore.moves import (
    FLIP,
    HIDDEN,
    PASS,
    Move,
    Pencil,
    exact_int,
    parse_move,
    parse_pencil,
    take,
)
from parlour.games.ghosts_galore.scoring import ScoreSheet, count_werewolves, score_all, score_board, winners
from parlour.games.ghosts_galore.tiles import tile_set
from parlour.games.ghosts_galore.written import (
    DRAFT_ROUNDS,
    EXTRA_PER_ROUND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    GhostsState,
    _grid_json,
)


def _illegal(message: str, key: str, rule: str, **params: object) -> IllegalMove:
    return IllegalMove(message, code=f"ghosts-galore.illegal.{key}", rule=rule, **params)


def _free_cells(grid: Sequence[object]) -> list[int]:
    return [c for c, p in enumerate(grid) if p is None]


def _order_from(start: int, players: int) -> list[int]:
    return [(start + i) % players for i in range(players)]


def _check_cell(cell: int, free: Sequence[int], rule: str) -> None:
    """``IllegalMove`` unless ``cell`` is one of the board's cells and free."""
    if not 0 <= cell < 9:
        raise _illegal(f"{cell} is not a cell of the board", "not-a-cell", rule, cell=str(cell))
    if cell not in free:
        raise _illegal("that cell is taken", "cell-taken", rule, cell=cell_name(cell))


def _check_rotation(rot: int, rule: str) -> None:
    if not 0 <= rot < 4:
        raise _illegal("a rotation is 0-3 quarter turns", "bad-rotation", rule)


class GhostsGalore(Game[GhostsState, Move]):
    id = "ghosts-galore"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    # --- setup -------------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, JSON], seed: int | str) -> GhostsState:
        rng = Rng.from_seed(seed)
        deck = rng.shuffled(range(len(tile_set())))
        hidden = tuple(deck[:players])
        size = players + EXTRA_PER_ROUND
        stacks = [tuple(deck[players + r * size : players + (r + 1) * size]) for r in range(DRAFT_ROUNDS)]
        assert all(len(s) == size for s in stacks), "the tile set is too small for this many players"
        return GhostsState(
            players=players,
            round=1,
            turn=0,
            stack=stacks[0],
            future=tuple(stacks[1:]),
            table=(),
            pending=None,
            taken=(False,) * players,
            grids=(EMPTY_GRID,) * players,
            hidden=hidden,
        )

    def check_seat(self, state: GhostsState, player: object) -> int:
        """``player`` as a seat of this game, or ``IllegalMove``: a seat is an exact ``int`` in range
        (never ``'0'``, ``None``, ``True`` or ``1.0``)."""
        if not exact_int(player) or not 0 <= player < state.players:  # type: ignore[operator]
            raise _illegal(f"there is no player {player!r}", "no-such-player", "GG-1", player=str(player))
        assert isinstance(player, int)
        return player

    # --- whose turn ----------------------------------------------------------------------------
    def to_act(self, state: GhostsState) -> Sequence[int]:
        if state.over():
            return ()
        if state.round == ROUNDS:
            return [p for p in _order_from(state.first, state.players) if not state.hidden_placed(p)]
        assert state.turn is not None
        return (state.turn,)

    def available(self, state: GhostsState) -> tuple[int, ...]:
        """Tiles the player to act may take now: the flipped one; else the table (and, on the last
        look, the rest of the stack)."""
        if state.pending is not None:
            return (state.pending,)
        if state.is_last_look():
            return tuple(sorted(state.table + state.stack))
        return state.table

    def legal_moves(self, state: GhostsState, player: int) -> list[Move]:
        player = self.check_seat(state, player)
        if state.over():
            return []
        if state.round == ROUNDS:
            return [] if state.hidden_placed(player) else [Move(HIDDEN, rot=r) for r in range(4)]
        if player != state.turn:
            return []
        moves: list[Move] = []
        if state.pending is None and state.stack and not state.is_last_look():
            moves.append(Move(FLIP))
        if state.pending is not None:
            moves.append(Move(PASS))
        free = _free_cells(state.grids[player])
        moves += [take(t, c, r) for t in self.available(state) for c in free for r in range(4)]
        return moves

    # --- play --------------------------------------------------------------------------------
    def apply(self, state: GhostsState, player: int, move: Move) -> tuple[GhostsState, list[Event]]:
        if state.over():
            raise IllegalMove("the game is over", code="engine.game-over")
        player = self.check_seat(state, player)
        if not isinstance(move, Move):
            raise MalformedMove(f"not a Ghosts Galore move: {move!r}", code="ghosts-galore.malformed")
        _check_rotation(move.rot, "GG-3")
        if move.action == HIDDEN:
            return self._place_hidden(state, player, move)
        if state.round == ROUNDS:
            raise _illegal("round 9 is for placing the hidden tile", "hidden-round", "GG-2")
        self.check_turn(state, player)
        if move.action == FLIP:
            return self._flip(state, player)
        if move.action == PASS:
            return self._pass(state, player)
        return self._take(state, player, move)

    def _flip(self, state: GhostsState, player: int) -> tuple[GhostsState, list[Event]]:
        if state.pending is not None:
            raise _illegal("take or pass the tile you flipped first", "already-flipped", "GG-3")
        if state.is_last_look():
            raise _illegal("the last player takes any remaining tile", "last-takes", "GG-4")
        if not state.stack:
            raise _illegal("the stack is empty: take a tile from the table", "stack-empty", "GG-3")
        tile = state.stack[0]
        nxt = replace(state, stack=state.stack[1:], pending=tile)
        return nxt, [Event("flip", {"player": player, "tile": tile}, irreversible=True)]

    def _pass(self, state: GhostsState, player: int) -> tuple[GhostsState, list[Event]]:
        if state.pending is None:
            raise _illegal("you can only pass on a tile you have just flipped", "pass-unflipped", "GG-3")
        table = (*state.table, state.pending)
        nxt = replace(state, table=table, pending=None, turn=self._next_drafter(state, player))
        events = [Event("pass", {"player": player, "tile": state.pending})]
        return self._announce_last_look(nxt, events)

    def _take(self, state: GhostsState, player: int, move: Move) -> tuple[GhostsState, list[Event]]:
        if move.tile not in self.available(state):
            if state.pending is not None:
                raise _illegal("take or pass the tile you flipped", "take-flipped", "GG-3", tile=move.tile)
            raise _illegal("that tile is not on offer", "tile-not-available", "GG-3", tile=move.tile)
        grid = state.grids[player]
        free = _free_cells(grid)
        _check_cell(move.cell, free, "GG-3")
        if free == [move.cell] and state.round <= DRAFT_ROUNDS:
            # Unreachable in play: 8 draft rounds fill 8 of 9 cells.
            raise _illegal("the last free cell is for the hidden tile", "cell-for-hidden", "GG-2")
        events = [
            Event("take", {"player": player, "tile": move.tile, "cell": move.cell, "rot": move.rot}),
        ]
        grids = self._with_tile(state.grids, player, move.cell, (move.tile, move.rot))
        table = tuple(t for t in state.table if t != move.tile)
        stack = tuple(t for t in state.stack if t != move.tile)
        taken = tuple(t or i == player for i, t in enumerate(state.taken))
        nxt = replace(state, grids=grids, table=table, stack=stack, pending=None, taken=taken)
        if all(taken):
            return self._end_round(nxt, events)
        nxt = replace(nxt, turn=self._next_drafter(nxt, player))
        return self._announce_last_look(nxt, events)

    def _announce_last_look(self, state: GhostsState, events: list[Event]) -> tuple[GhostsState, list[Event]]:
        """GG-4: tell the last player which tiles they choose from (only they see the stack)."""
        if state.is_last_look() and state.turn is not None:
            tiles = sorted(state.stack)
            events.append(
                Event(
                    "last-look",
                    {"player": state.turn, "tiles": tiles, "table": list(state.table)},
                    to=frozenset({state.turn}),
                    public={"player": state.turn, "stack": len(tiles), "table": list(state.table)},
                    irreversible=True,
                )
            )
        return state, events

    def _end_round(self, state: GhostsState, events: list[Event]) -> tuple[GhostsState, list[Event]]:
        events.append(
            Event("round-end", {"round": state.round, "discarded": len(state.stack) + len(state.table)})
        )
        r = state.round + 1
        if r > DRAFT_ROUNDS:
            nxt = replace(state, round=r, turn=None, stack=(), table=(), taken=(False,) * state.players)
            events.append(Event("round", {"round": r, "first": nxt.first}))
            return nxt, events
        nxt = replace(
            state,
            round=r,
            stack=state.future[0],
            future=state.future[1:],
            table=(),
            taken=(False,) * state.players,
        )
        nxt = replace(nxt, turn=nxt.first)
        events.append(Event("round", {"round": r, "first": nxt.first}))
        return nxt, events

    def _next_drafter(self, state: GhostsState, player: int) -> int:
        for p in _order_from(player + 1, state.players):
            if not state.taken[p]:
                return p
        raise AssertionError("everyone has taken")

    def _with_tile(
        self, grids: tuple[IdGrid, ...], player: int, cell: int, placed: tuple[int, int]
    ) -> tuple[IdGrid, ...]:
        grid = tuple(placed if c == cell else p for c, p in enumerate(grids[player]))
        return tuple(grid if i == player else g for i, g in enumerate(grids))

    def _place_hidden(self, state: GhostsState, player: int, move: Move) -> tuple[GhostsState, list[Event]]:
        if state.round != ROUNDS:
            raise _illegal("the hidden tile is placed in round 9", "hidden-early", "GG-2")
        if state.hidden_placed(player):
            raise _illegal("your hidden tile is already placed", "hidden-done", "GG-2")
        (cell,) = _free_cells(state.grids[player])
        if move.cell != -1:
            _check_cell(move.cell, [cell], "GG-2")
        tile = state.hidden[player]
        nxt = replace(state, grids=self._with_tile(state.grids, player, cell, (tile, move.rot)))
        events = [
            Event(
                "hidden",
                {"player": player, "tile": tile, "cell": cell, "rot": move.rot},
                irreversible=True,
            )
        ]
        if all(nxt.hidden_placed(p) for p in range(state.players)):
            nxt = replace(nxt, round=ROUNDS + 1)
            out = self.outcome(nxt)
            assert out is not None
            events.append(Event("game-end", out.to_json()))
        return nxt, events

    # --- the pencilled hidden tile (private, not a move) -------------------------------------------
    def pencil(self, view: JSON, cell: object, rot: object = 0) -> Pencil:
        """Pencil in the viewer's hidden tile at ``cell`` turned ``rot`` (GG-2), checked against the
        viewer's own view (a guest has nothing else): any free cell, any time in rounds 1–8, in turn
        or not. The result is the owner's private note: it changes no state, is no ply, and only
        the final placement in round 9 is public (decision 0044)."""
        you = view.get("you")
        if not exact_int(you):
            raise _illegal(
                "only a player pencils in a hidden tile", "no-such-player", "GG-2", player=str(you)
            )
        if not exact_int(cell) or not exact_int(rot):
            raise MalformedMove(
                f"not a pencilled hidden tile: {cell!r} {rot!r}", code="ghosts-galore.malformed"
            )
        assert isinstance(cell, int) and isinstance(rot, int)
        _check_rotation(rot, "GG-2")
        if view["round"] > DRAFT_ROUNDS:
            raise _illegal("round 9: place the hidden tile for good", "preplace-late", "GG-2")
        _check_cell(cell, _free_cells(view["grids"][you]), "GG-2")
        return Pencil(cell, rot)

    def pencil_kept(self, view: JSON, pencil: Pencil | None) -> Pencil | None:
        """The pencilled tile after the game moved on: gone once a drafted tile took its cell or the
        hidden tile is placed for good (the owner then pencils again, or places it)."""
        you = view.get("you")
        if pencil is None or not exact_int(you) or view["hidden_placed"][you] or view["round"] > ROUNDS:
            return None
        if not 0 <= pencil.cell < 9 or not 0 <= pencil.rot < 4 or view["grids"][you][pencil.cell] is not None:
            return None
        return pencil

    def encode_pencil(self, pencil: Pencil) -> JSON:
        return pencil.notation()

    def decode_pencil(self, data: JSON) -> Pencil:
        return parse_pencil(data)

    # --- scores and outcome ---------------------------------------------------------------------
    def view_sheets(self, view: JSON, pencil: Pencil | None = None) -> list[ScoreSheet]:
        """Live score sheets from what a viewer sees (GG-D1): until the game is over no hidden tile
        counts, placed or not, on anyone's board as the table sees it (the rulebook: live scoring
        leaves the hidden tile out until the end). The viewer's own sheet is theirs alone: it counts
        their hidden tile where they placed or pencilled it."""
        players = int(view["players"])
        over = view["round"] > ROUNDS
        you = view.get("you")
        grids: list[list[tuple[int, int] | None]] = []
        for i, g in enumerate(view["grids"]):
            cells = [None if p is None else (int(p[0]), int(p[1])) for p in g]
            hidden = view["hidden"][i]
            if not over and hidden is not None:
                cells = [None if p is not None and p[0] == hidden else p for p in cells]
            grids.append(cells)
        sheets = score_all([resolve(g) for g in grids])
        if over or not exact_int(you):
            return sheets
        own = [(int(p[0]), int(p[1])) if p is not None else None for p in view["grids"][you]]
        kept = self.pencil_kept(view, pencil)
        if kept is not None:
            own[kept.cell] = (view["hidden"][you], kept.rot)
        others = [count_werewolves(resolve(g)) for i, g in enumerate(grids) if i != you]
        sheets[you] = score_board(resolve(own), players, others)
        return sheets

    def score_sheets(
        self, state: GhostsState, viewer: int | None = None, pencil: Pencil | None = None
    ) -> list[ScoreSheet]:
        """Live score sheets as ``viewer`` may see them (:meth:`view_sheets`); after the end, the
        final ones."""
        return self.view_sheets(self.view(state, viewer), pencil)

    def score_for(
        self, state: GhostsState, player: int, viewer: int | None = None, pencil: Pencil | None = None
    ) -> ScoreSheet:
        """One board's live sheet as ``viewer`` sees it."""
        return self.score_sheets(state, viewer, pencil)[self.check_seat(state, player)]

    def scores(self, state: GhostsState) -> list[float] | None:
        """Public live totals: no hidden tile counts before the game is over (GG-D1)."""
        return [float(s.total) for s in self.score_sheets(state, None)]

    def outcome(self, state: GhostsState) -> Outcome | None:
        if not state.over():
            return None
        sheets = score_all([resolve(g) for g in state.grids])
        won, reason = winners(sheets)
        return Outcome(won, tuple(float(s.total) for s in sheets), reason)

    # --- serialisation -------------------------------------------------------------------------
    def encode_move(self, move: Move) -> JSON:
        return move.notation()

    def decode_move(self, data: JSON) -> Move:
        return parse_move(data)

    def encode_state(self, state: GhostsState) -> JSON:
        return written.encode_state(state)

    def decode_state(self, data: JSON) -> GhostsState:
        return written.decode_state(data)

    def view(self, state: GhostsState, player: int | None) -> JSON:
        """What ``player`` sees (GG-D3): no stack order, no future stacks, no other player's hidden
        tile until placed. On the last look (GG-4) the last player sees the rest of the stack, sorted."""
        if player is not None:
            player = self.check_seat(state, player)
        grids = [_grid_json(g) for g in state.grids]
        hidden: list[int | None] = [
            t if (i == player or state.hidden_placed(i)) else None for i, t in enumerate(state.hidden)
        ]
        last_look = sorted(state.stack) if state.is_last_look() and player == state.turn else None
        return {
            "players": state.players,
            "you": player,
            "round": state.round,
            "first": state.first if not state.over() else None,
            "turn": state.turn,
            "to_act": list(self.to_act(state)),
            "taken": list(state.taken),
            "table": list(state.table),
            "pending": state.pending,
            "stack_count": len(state.stack),
            "last_look": last_look,
            "grids": grids,
            "hidden": hidden,
            "hidden_placed": [state.hidden_placed(i) for i in range(state.players)],
        }

    def from_view(self, view: JSON) -> JSON:
        return written.from_view(view)

    def stand_in(self, view: JSON) -> GhostsState:
        return written.stand_in(view)

    def describe_move(self, state: GhostsState, player: int, move: Move) -> tuple[str, dict[str, JSON]]:
        return written.describe_move(state, player, move)

    def describe_event(self, event: Event) -> tuple[str, dict[str, JSON], str] | None:
        return written.describe_event(event)

    def describe_move_for(
        self, state: GhostsState, player: int, move: Move, viewer: int | None
    ) -> tuple[str, dict[str, JSON]] | None:
        """Every move is public (decision 0074): a flip turns a tile face up, a pass leaves it on the
        table, a taken tile lies face up in its cell, and the hidden tile is shown once placed (GG-2,
        GG-D3: ``view`` shows a placed hidden tile to all). Its words name nothing else: not the
        stack, not another player's hidden tile before it is placed, not a pencilled cell."""
        return self.describe_move(state, player, move)


GAME = GhostsGalore()
