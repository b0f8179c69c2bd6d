"""The Ghosts Galore game definition: the draft (GG-2..GG-5), the hidden tile, views and outcome.

A round (1–8) deals a stack of ``players + 4`` tiles (GG-4). Its first player (rotating, GG-5)
flips the top tile and takes it or passes it face up onto the table; each later player who has
not taken yet takes a table tile or flips (then takes or passes) (GG-3). When only one player is
left, they look through the whole rest of the stack and the table and take any one; what is left
leaves the game (GG-4). Round 9: everyone places their hidden tile into their last free cell
(GG-2), in any order. All shuffling happens at setup, so the state needs no generator afterwards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from parlour.engine import JSON, Event, Game, IllegalMove, MalformedMove, Outcome, Rng
from parlour.games.ghosts_galore.board import EMPTY_GRID, IdGrid, cell_name, resolve
from parlour.games.ghosts_galore.moves import FLIP, HIDDEN, PASS, PREPLACE, TAKE, Move, parse_move, take
from parlour.games.ghosts_galore.scoring import ScoreSheet, count_werewolves, score_all, score_board, winners
from parlour.games.ghosts_galore.tiles import tile_set

ROUNDS = 9
DRAFT_ROUNDS = 8
EXTRA_PER_ROUND = 4
"""A round's stack holds players + 4 tiles (GG-4), so the last player sees five."""


@dataclass(frozen=True)
class GhostsState:
    """Everything, hidden information included. ``round`` is 1–9, then 10 once the game is over."""

    players: int
    round: int
    turn: int | None
    """Whose draft turn it is (rounds 1–8), else ``None``."""
    stack: tuple[int, ...]
    """The round's stack, top first (secret)."""
    future: tuple[tuple[int, ...], ...]
    """The stacks of the rounds still to come (secret)."""
    table: tuple[int, ...]
    pending: int | None
    """The tile the player to act has just flipped, to take or pass."""
    taken: tuple[bool, ...]
    grids: tuple[IdGrid, ...]
    hidden: tuple[int, ...]
    """Each player's hidden tile (secret to the others until placed)."""
    provisional: tuple[tuple[int, int] | None, ...]
    """Each player's provisional ``(cell, rotation)`` of the hidden tile (secret)."""

    @property
    def first(self) -> int:
        """The round's first player (GG-5)."""
        return (self.round - 1) % self.players

    def hidden_placed(self, player: int) -> bool:
        return any(p is not None and p[0] == self.hidden[player] for p in self.grids[player])

    def is_last_look(self) -> bool:
        """GG-4: everyone but one has taken, so that one may take any remaining tile."""
        return self.round <= DRAFT_ROUNDS and self.taken.count(False) == 1

    def over(self) -> bool:
        return self.round > ROUNDS


def _illegal(message: str, key: str, rule: str, **params: object) -> IllegalMove:
    return IllegalMove(message, code=f"ghosts-galore.illegal.{key}", rule=rule, **params)


def _free_cells(grid: IdGrid) -> list[int]:
    return [c for c, p in enumerate(grid) if p is None]


def _order_from(start: int, players: int) -> list[int]:
    return [(start + i) % players for i in range(players)]


class GhostsGalore(Game[GhostsState, Move]):
    id = "ghosts-galore"
    min_players = 2
    max_players = 5

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
            provisional=(None,) * players,
        )

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
        if state.over():
            return []
        grid = state.grids[player]
        free = _free_cells(grid)
        if state.round == ROUNDS:
            return [] if state.hidden_placed(player) else [Move(HIDDEN, rot=r) for r in range(4)]
        moves: list[Move] = []
        if player == state.turn:
            if state.pending is None and state.stack and not state.is_last_look():
                moves.append(Move(FLIP))
            if state.pending is not None:
                moves.append(Move(PASS))
            moves += [take(t, c, r) for t in self.available(state) for c in free for r in range(4)]
        moves += [
            Move(PREPLACE, cell=c, rot=r)
            for c in free
            for r in range(4)
            if state.provisional[player] != (c, r)
        ]
        return moves

    # --- play --------------------------------------------------------------------------------
    def apply(self, state: GhostsState, player: int, move: Move) -> tuple[GhostsState, list[Event]]:
        if state.over():
            raise IllegalMove("the game is over", code="engine.game-over")
        if not 0 <= player < state.players:
            raise _illegal(f"there is no player {player}", "no-such-player", "GG-1", player=player)
        if not 0 <= move.rot < 4:
            raise _illegal("a rotation is 0-3 quarter turns", "bad-rotation", "GG-3")
        if move.action == PREPLACE:
            return self._preplace(state, player, move)
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
        if move.action != TAKE:
            raise MalformedMove(f"unknown action {move.action!r}", code="ghosts-galore.malformed")
        if move.tile not in self.available(state):
            if state.pending is not None:
                raise _illegal("take or pass the tile you flipped", "take-flipped", "GG-3", tile=move.tile)
            raise _illegal("that tile is not on offer", "tile-not-available", "GG-3", tile=move.tile)
        grid = state.grids[player]
        if not 0 <= move.cell < 9 or grid[move.cell] is not None:
            raise _illegal("that cell is taken", "cell-taken", "GG-3", cell=_cell_label(move.cell))
        if _free_cells(grid) == [move.cell] and state.round <= DRAFT_ROUNDS:
            # Unreachable in play: 8 draft rounds fill 8 of 9 cells.
            raise _illegal("the last free cell is for the hidden tile", "cell-for-hidden", "GG-2")
        events = [
            Event("take", {"player": player, "tile": move.tile, "cell": move.cell, "rot": move.rot}),
        ]
        provisional = state.provisional
        spot = provisional[player]
        if spot is not None and spot[0] == move.cell:
            provisional = tuple(None if i == player else p for i, p in enumerate(provisional))
            events.append(Event("hidden-lifted", {"player": player}, to=frozenset({player})))
        grids = self._with_tile(state.grids, player, move.cell, (move.tile, move.rot))
        table = tuple(t for t in state.table if t != move.tile)
        stack = tuple(t for t in state.stack if t != move.tile)
        taken = tuple(t or i == player for i, t in enumerate(state.taken))
        nxt = replace(
            state, grids=grids, table=table, stack=stack, pending=None, taken=taken, provisional=provisional
        )
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

    def _preplace(self, state: GhostsState, player: int, move: Move) -> tuple[GhostsState, list[Event]]:
        if state.round > DRAFT_ROUNDS:
            raise _illegal("round 9: place the hidden tile for good", "preplace-late", "GG-2")
        if not 0 <= move.cell < 9 or state.grids[player][move.cell] is not None:
            raise _illegal("that cell is taken", "cell-taken", "GG-2", cell=_cell_label(move.cell))
        provisional = tuple(
            (move.cell, move.rot) if i == player else p for i, p in enumerate(state.provisional)
        )
        ev = Event("preplace", {"player": player, "cell": move.cell, "rot": move.rot}, to=frozenset({player}))
        return replace(state, provisional=provisional), [ev]

    def _place_hidden(self, state: GhostsState, player: int, move: Move) -> tuple[GhostsState, list[Event]]:
        if state.round != ROUNDS:
            raise _illegal("the hidden tile is placed in round 9", "hidden-early", "GG-2")
        if state.hidden_placed(player):
            raise _illegal("your hidden tile is already placed", "hidden-done", "GG-2")
        (cell,) = _free_cells(state.grids[player])
        if move.cell not in (-1, cell):
            raise _illegal(
                "the hidden tile goes into the last free cell", "hidden-cell", "GG-2", cell=cell_name(cell)
            )
        tile = state.hidden[player]
        grids = self._with_tile(state.grids, player, cell, (tile, move.rot))
        provisional = tuple(None if i == player else p for i, p in enumerate(state.provisional))
        nxt = replace(state, grids=grids, provisional=provisional)
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

    # --- scores and outcome ---------------------------------------------------------------------
    def score_sheets(self, state: GhostsState, viewer: int | None = None) -> list[ScoreSheet]:
        """Live score sheets as ``viewer`` may see them (GG-D1).

        Hidden tiles count only once placed (round 9); before that the viewer's own provisional
        hidden tile counts for the viewer's board, never for anyone else's view.
        """
        grids = list(state.grids)
        if viewer is not None and not state.over():
            spot = state.provisional[viewer]
            if spot is not None and grids[viewer][spot[0]] is None:
                cell, rot = spot
                g = grids[viewer]
                grids[viewer] = tuple(
                    (state.hidden[viewer], rot) if c == cell else p for c, p in enumerate(g)
                )
        return score_all([resolve(g) for g in grids])

    def score_for(self, state: GhostsState, player: int, viewer: int | None = None) -> ScoreSheet:
        """One board's live sheet as ``viewer`` sees it."""
        if viewer is None or viewer == player:
            return self.score_sheets(state, viewer)[player]
        others = [count_werewolves(resolve(g)) for i, g in enumerate(state.grids) if i != player]
        return score_board(resolve(state.grids[player]), state.players, others)

    def scores(self, state: GhostsState) -> list[float] | None:
        """Public live totals: no hidden tile counts before it is placed (GG-D1)."""
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
        return {
            "players": state.players,
            "round": state.round,
            "turn": state.turn,
            "stack": list(state.stack),
            "future": [list(s) for s in state.future],
            "table": list(state.table),
            "pending": state.pending,
            "taken": list(state.taken),
            "grids": [_grid_json(g) for g in state.grids],
            "hidden": list(state.hidden),
            "provisional": [None if p is None else list(p) for p in state.provisional],
        }

    def decode_state(self, data: JSON) -> GhostsState:
        try:
            return GhostsState(
                players=int(data["players"]),
                round=int(data["round"]),
                turn=None if data["turn"] is None else int(data["turn"]),
                stack=tuple(int(t) for t in data["stack"]),
                future=tuple(tuple(int(t) for t in s) for s in data["future"]),
                table=tuple(int(t) for t in data["table"]),
                pending=None if data["pending"] is None else int(data["pending"]),
                taken=tuple(bool(t) for t in data["taken"]),
                grids=tuple(_grid_from_json(g) for g in data["grids"]),
                hidden=tuple(int(t) for t in data["hidden"]),
                provisional=tuple(None if p is None else (int(p[0]), int(p[1])) for p in data["provisional"]),
            )
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"not a Ghosts Galore state: {exc}") from exc

    def view(self, state: GhostsState, player: int | None) -> JSON:
        """What ``player`` sees (GG-D3): no stack order, no future stacks, no other player's hidden tile
        or provisional spot. On the last look (GG-4) the last player sees the rest of the stack, sorted."""
        grids = [_grid_json(g) for g in state.grids]
        hidden: list[int | None] = [
            t if (i == player or state.hidden_placed(i)) else None for i, t in enumerate(state.hidden)
        ]
        provisional = [
            list(p) if (i == player and p is not None) else None for i, p in enumerate(state.provisional)
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
            "provisional": provisional,
        }

    def describe_move(self, state: GhostsState, player: int, move: Move) -> tuple[str, dict[str, JSON]]:
        params: dict[str, JSON] = {"player": player, "move": move.notation()}
        if move.action == TAKE:
            params.update(tile=move.tile, cell=cell_name(move.cell), rot=move.rot * 90)
        elif move.action == HIDDEN:
            params.update(rot=move.rot * 90)
        elif move.action == PREPLACE:
            # Only the owner's log shows this line; the cell is private to them.
            params.update(cell=cell_name(move.cell), rot=move.rot * 90)
        return f"ghosts-galore.log.{move.action}", params


def _cell_label(cell: int) -> str:
    return cell_name(cell) if 0 <= cell < 9 else str(cell)


def _grid_json(grid: IdGrid) -> list[JSON]:
    return [None if p is None else [p[0], p[1]] for p in grid]


def _grid_from_json(data: JSON) -> IdGrid:
    if len(data) != 9:
        raise ValueError("a grid has 9 cells")
    return tuple(None if p is None else (int(p[0]), int(p[1])) for p in data)


GAME = GhostsGalore()
