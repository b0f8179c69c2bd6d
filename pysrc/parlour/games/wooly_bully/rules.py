"""The Wooly Bully rules (WB-1..WB-16, the variants WB-V1..WB-V5 and decisions WB-D1..WB-D3).

Turn order is a stack of :class:`~.state.Turn` records. Wolves, hunters, revealing and leaving
are open to every player still in the game at any moment (WB-7, WB-12, WB-13), so
:meth:`WoolyBully.to_act` lists every such seat, the one whose turn it is first. A match record
keeps the order the moves were made in, so replay is exact whoever acted. The legal moves are
:mod:`parlour.games.wooly_bully.legal`'s, the words :mod:`parlour.games.wooly_bully.written`'s
(decision 0113).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from parlour.engine import JSON, Event, Game, IllegalMove, NotYourTurn, Option, Outcome, Rng
from parlour.games.wooly_bully import legal, valid, written
from parlour.games.wooly_bully import moves as mv
from parlour.games.wooly_bully.board import Board, Pos, matches, rotated_edges
from parlour.games.wooly_bully.legal import ID, _illegal
from parlour.games.wooly_bully.moves import Move
from parlour.games.wooly_bully.state import (
    BONUSES,
    HAND_LIMIT,
    HAND_SIZE,
    Options,
    Turn,
    WoolyState,
    encode,
)
from parlour.games.wooly_bully.tiles import (
    COLOURS,
    bag_ids,
    shepherd_id,
    tile,
    village_id,
)

T = TypeVar("T")
VARIANTS = (
    ("hand_limit", "WB-V1"),
    ("single_draw", "WB-V2"),
    ("all_pastures", "WB-V3"),
    ("hungry_wolf", "WB-V4"),
    ("multi_play", "WB-V5"),
)


class WoolyBully(Game[WoolyState, Move]):
    id = ID
    min_players = 2
    max_players = 4
    # Yes/no options: Option.check takes exactly true or false (never 1 or "yes"), and the setup
    # screen shows each as a labelled checkbox.
    options = tuple(Option(name, False, f"{ID}.option.{name.replace('_', '-')}") for name, _ in VARIANTS)

    # --- setup ----------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, JSON], seed: int | str) -> WoolyState:
        """WB-1 secret colours, WB-2 hands of four and the village in the middle."""
        rng = Rng.from_seed(seed)
        colours = tuple(rng.shuffled(range(len(COLOURS)))[:players])
        bag = rng.shuffled(bag_ids())
        hands = tuple(tuple(sorted(bag[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(players))
        board = Board()
        board.place(village_id(), 0, (0, 0))
        return WoolyState(
            players=players,
            options=Options.from_json(options),
            colours=colours,
            revealed=(False,) * players,
            hands=hands,
            bag=tuple(bag[players * HAND_SIZE :]),
            board=board,
            turns=(Turn(0),),
            rotation=0,
            bonus=(0,) * players,
            placed=((0, 0),),
        )

    # --- who may act ------------------------------------------------------------------------
    def to_act(self, state: WoolyState) -> Sequence[int]:
        """The seat whose turn it is, then every other seat still in the game (WB-7, WB-D2)."""
        if state.ended:
            return ()
        first = state.turns[0].seat
        return (first, *(p for p in state.active if p != first))

    # --- legal moves: parlour.games.wooly_bully.legal (decision 0113) ------------------------
    def placements(self, state: WoolyState, tiles: Sequence[int], stop_at_first: bool = False) -> list[Move]:
        return legal.placements(state, tiles, stop_at_first)

    def reveals(self, state: WoolyState, player: int, stop_at_first: bool = False) -> list[Move]:
        return legal.reveals(state, player, stop_at_first)

    def legal_moves(self, state: WoolyState, player: int) -> list[Move]:
        return legal.legal_moves(state, player)

    def may_pass(self, state: WoolyState, player: int) -> bool:
        return legal.may_pass(state, player)

    def can_place(self, state: WoolyState, player: int) -> bool:
        return legal.can_place(state, player)

    # --- playing ----------------------------------------------------------------------------
    def apply(self, state: WoolyState, player: int, move: Move) -> tuple[WoolyState, list[Event]]:
        if state.ended:
            raise IllegalMove("the game is over", code="engine.game-over")
        _check_seat(state, player)
        mv.check(move)
        if player in state.left:
            raise _illegal("a player who has left plays no more", "has-left", "WB-13", player=player)
        events: list[Event] = []
        if move.kind == "place":
            state = self._place(state, player, move, events)
        elif move.kind == "reveal":
            state = self._reveal(state, player, move, events)
        elif move.kind == "leave":
            state = self._leave(state, player, events)
        elif move.kind == "pass":
            state = self._pass(state, player, events)
        elif move.kind == "discard":
            state = self._discard(state, player, move, events)
        else:
            raise IllegalMove(f"unknown move {move!r}", code=f"{ID}.malformed")
        return self._check_end(state, events), events

    def _own_turn(self, state: WoolyState, player: int, rule: str) -> Turn:
        turn = state.turns[0]
        if turn.seat != player:
            raise _illegal(
                "only wolves, hunters, revealing and leaving are for any moment", "not-your-turn", rule
            )
        if turn.discarding:
            raise _illegal("discard down to three first", "discard-first", "WB-V1")
        return turn

    def _place(self, state: WoolyState, player: int, move: Move, events: list[Event]) -> WoolyState:
        hand = state.hands[player]
        if move.tile not in hand:
            raise _illegal("that tile is not in your hand", "not-in-hand", "WB-2", tile=move.tile)
        t = tile(move.tile)
        if t.kind == "landscape":
            self._own_turn(state, player, "WB-7")
        pos = move.pos
        board = state.board.copy()
        stacked = pos in board.cells
        if stacked:
            below = tile(board.cells[pos][1][-1]).kind
            if t.kind == "hunter" and below != "wolf":
                raise _illegal("a hunter goes on a wolf or into a forest", "not-on-wolf", "WB-9")
            if t.kind == "wolf" and not (below == "hunter" and state.options.hungry_wolf):
                rule = "WB-V4" if below == "hunter" else "WB-8"
                raise _illegal(
                    "a wolf may only be laid on a hunter in the hungry-wolf game", "occupied", rule
                )
            if t.kind not in ("wolf", "hunter"):
                raise _illegal("that square is taken", "occupied", "WB-3")
            board.stack(move.tile, pos)
        else:
            self._check_square(state, move.tile, move.rot, pos)
            board.place(move.tile, move.rot, pos)
        touched = board.touching(pos)
        state = state.with_(
            board=board,
            hands=_set(state.hands, player, tuple(x for x in hand if x != move.tile)),
            placed=state.placed if stacked else (*state.placed, pos),
            passed=(),
        )
        events.append(
            Event(
                "tile-placed",
                {
                    "player": player,
                    "tile": move.tile,
                    "x": pos[0],
                    "y": pos[1],
                    "rot": move.rot,
                    "on": stacked,
                },
            )
        )
        if t.kind == "landscape":
            return self._after_turn_play(state, player, touched, events)
        return self._after_free_play(state, player, touched, events, "WB-10")

    def _check_square(self, state: WoolyState, tid: int, rot: int, pos: Pos) -> None:
        board = state.board
        if pos in board.cells:
            raise _illegal("that square is taken", "occupied", "WB-3")
        if board.touching(pos) == 0:
            raise _illegal("a tile must touch a placed tile", "not-touching", "WB-3")
        if not matches(board.constraint(pos), rotated_edges(tid, rot)):
            raise _illegal("every touching edge must match", "edges", "WB-3")
        kind = tile(tid).kind
        if kind in ("wolf", "hunter") and (err := legal.forest_ok(state, kind, pos)):
            raise err

    def _after_turn_play(
        self, state: WoolyState, player: int, touched: int, events: list[Event]
    ) -> WoolyState:
        """WB-4 draws, or the variants' extra turn (WB-V2) and further plays (WB-V5)."""
        turn = state.turns[0]
        opts = state.options
        extra = turn.extra
        if opts.multi_play:
            if turn.played == 0:
                n, rule = (1, "WB-V2") if opts.single_draw else (touched, "WB-4")
                state = self._draw(state, player, n, events, rule)
                turn = replace(turn, quota=touched)
        elif opts.single_draw:
            # "Когда нужно взять более одной плитки, вместо этого делайте дополнительный ход":
            # one tile, and one extra turn instead of the others (decision 0035).
            state = self._draw(state, player, 1, events, "WB-V2")
            extra += 1 if touched > 1 else 0
        else:
            state = self._draw(state, player, touched, events, "WB-4")
        turn = replace(turn, played=turn.played + 1, extra=extra)
        state = state.with_(turns=(turn, *state.turns[1:]))
        more = turn.played < turn.quota and self.placements(
            state, [t for t in state.hands[player] if tile(t).kind == "landscape"], stop_at_first=True
        )
        return state if more else self._end_turn(state, events)

    def _after_free_play(
        self, state: WoolyState, player: int, touched: int, events: list[Event], rule: str
    ) -> WoolyState:
        """WB-10 draws for a wolf, a hunter or a shepherd. WB-V2 is about the draw "at the end of
        the turn", so these free plays, made at any moment, draw as usual (decision 0035)."""
        return self._draw(state, player, touched, events, rule)

    def _draw(self, state: WoolyState, player: int, n: int, events: list[Event], rule: str) -> WoolyState:
        """``player`` draws ``n`` tiles as ``rule`` says (named in the event, for its caption)."""
        drawn, bag = state.bag[:n], state.bag[n:]
        if not drawn:
            return state
        hand = tuple(sorted(state.hands[player] + drawn))
        events.append(
            Event(
                "drew",
                {"player": player, "tiles": list(drawn), "rule": rule},
                to=frozenset({player}),
                public={"player": player, "count": len(drawn), "rule": rule},
                irreversible=True,
            )
        )
        return state.with_(hands=_set(state.hands, player, hand), bag=bag)

    def _push_extra(
        self, state: WoolyState, player: int, n: int, events: list[Event], rule: str
    ) -> WoolyState:
        if n <= 0 or state.final:  # the last player in plays every turn anyway
            return state
        events.append(Event("extra-turn", {"player": player, "count": n, "rule": rule}))
        return state.with_(turns=(*(Turn(player) for _ in range(n)), *state.turns))

    def _end_turn(self, state: WoolyState, events: list[Event]) -> WoolyState:
        """A turn ends: WB-V1 discards first, then earned extra turns, then the next seat."""
        turn = state.turns[0]
        if state.options.hand_limit and len(state.hands[turn.seat]) > HAND_LIMIT and not turn.discarding:
            return state.with_(turns=(replace(turn, discarding=True), *state.turns[1:]))
        rest = state.turns[1:]
        state = state.with_(turns=rest)
        if turn.extra:
            state = self._push_extra(state, turn.seat, turn.extra, events, "WB-V2")
        return self._next_if_idle(state, events)

    def _next_if_idle(self, state: WoolyState, events: list[Event]) -> WoolyState:
        if state.turns or not state.active:
            return state
        seat = state.rotation
        for _ in range(state.players):
            seat = (seat + 1) % state.players
            if seat in state.active:
                break
        events.append(Event("turn", {"player": seat}))
        return state.with_(turns=(Turn(seat),), rotation=seat)

    def _reveal(self, state: WoolyState, player: int, move: Move, events: list[Event]) -> WoolyState:
        """WB-12: the shepherd is laid as a tile, draws follow, then an extra turn at once."""
        if state.revealed[player]:
            raise _illegal("your colour is already revealed", "already-revealed", "WB-12")
        sid = shepherd_id(state.colours[player])
        self._check_square(state, sid, 0, move.pos)
        board = state.board.copy()
        board.place(sid, 0, move.pos)
        state = state.with_(
            board=board,
            revealed=_set(state.revealed, player, True),
            placed=(*state.placed, move.pos),
            passed=(),
        )
        colour = COLOURS[state.colours[player]]
        events.append(
            Event(
                "revealed",
                {"player": player, "colour": colour, "tile": sid, "x": move.pos[0], "y": move.pos[1]},
                irreversible=True,
            )
        )
        state = self._after_free_play(state, player, board.touching(move.pos), events, "WB-12")
        return self._push_extra(state, player, 1, events, "WB-12")

    def _leave(self, state: WoolyState, player: int, events: list[Event]) -> WoolyState:
        """WB-13: 6, 3 and 1 bonus points to the first three to leave; the last plays on alone."""
        bonus = BONUSES[len(state.left)] if len(state.active) > 1 and len(state.left) < len(BONUSES) else 0
        state = state.with_(
            left=(*state.left, player),
            bonus=_set(state.bonus, player, bonus),
            turns=tuple(t for t in state.turns if t.seat != player),
            # A seat that passed and then leaves is out, not still passing.
            passed=tuple(p for p in state.passed if p != player),
        )
        events.append(Event("left", {"player": player, "bonus": bonus, "order": len(state.left)}))
        if len(state.active) == 1:
            last = state.active[0]
            events.append(Event("final-plays", {"player": last}))
            return state.with_(turns=(Turn(last),), rotation=last)
        return self._next_if_idle(state, events)

    def _pass(self, state: WoolyState, player: int, events: list[Event]) -> WoolyState:
        self._own_turn(state, player, "WB-3")
        landscape = [t for t in state.hands[player] if tile(t).kind == "landscape"]
        if self.placements(state, landscape, stop_at_first=True):
            raise _illegal("you can still lay a tile", "cannot-pass", "WB-3")
        if not self.may_pass(state, player):
            raise _illegal(
                "the bag is empty and you can still lay a tile: lay it or leave", "must-lay", "WB-14"
            )
        events.append(Event("passed", {"player": player}))
        if state.bag:
            # Nothing fits: draw one tile instead, as players at a table would; the game moves on.
            state = self._draw(state, player, 1, events, "WB-4").with_(passed=())
        else:
            state = state.with_(passed=tuple(sorted({*state.passed, player})))
        return self._end_turn(state, events)

    def _discard(self, state: WoolyState, player: int, move: Move, events: list[Event]) -> WoolyState:
        turn = state.turns[0]
        if turn.seat != player or not turn.discarding:
            raise _illegal(
                "tiles are discarded only at the end of your turn, down to three", "no-discard", "WB-V1"
            )
        hand = state.hands[player]
        if move.tile not in hand:
            raise _illegal("that tile is not in your hand", "not-in-hand", "WB-2", tile=move.tile)
        hand = tuple(x for x in hand if x != move.tile)
        state = state.with_(hands=_set(state.hands, player, hand), discards=(*state.discards, move.tile))
        events.append(Event("discarded", {"player": player, "tile": move.tile}))
        return state if len(hand) > HAND_LIMIT else self._end_turn(state, events)

    def _check_end(self, state: WoolyState, events: list[Event]) -> WoolyState:
        """WB-14: everyone has left, or the bag is empty and nobody still in can lay anything.

        A round of passes alone never ends the game: with the bag empty only a seat that can lay
        nothing may pass (:meth:`may_pass`), so when every seat has passed nobody can play."""
        reason = ""
        if not state.active:
            reason = "all-left"
        elif not state.bag and not any(self.can_place(state, p) for p in state.active):
            reason = "hand-played-out" if state.final else "none-can-play"
        if not reason:
            return state
        state = state.with_(ended=f"{ID}.end.{reason}", turns=())
        outcome = self.outcome(state)
        assert outcome is not None
        events.append(
            Event(
                "game-over",
                {
                    "reason": state.ended,
                    "scores": list(outcome.scores or ()),
                    "colours": [COLOURS[c] for c in state.colours],
                },
                irreversible=True,
            )
        )
        return state

    def rejudge(self, then: WoolyState, now: WoolyState, player: int, move: Move) -> None:
        """Judge a move made on the state ``then`` that arrives at ``now`` (a network race: someone
        laid a wolf while the turn player's tile was on its way).

        Wolves, hunters, revealing and leaving are for any moment, so they are simply judged on
        ``now`` by :meth:`apply`. A move of the turn itself (a landscape tile, a pass, a discard)
        stands when the same turn is still being played: the free plays in between do not change
        whose decision it is, and :meth:`apply` then refuses only a real conflict (the square was
        taken, the edges no longer match) with its own reason. When the turn has moved on, the
        move was meant for a decision that is gone: refused, saying so.
        """
        free = move.kind in ("reveal", "leave") or (
            move.kind == "place" and _int_tile(move.tile) and tile(move.tile).kind in ("wolf", "hunter")
        )
        if free or now.ended:
            return
        same = (
            bool(then.turns and now.turns)
            and then.turns[0] == now.turns[0]
            and (len(then.turns) <= len(now.turns))
        )
        if not same:
            raise _illegal(
                "the turn moved on while your move was on its way", "stale-turn", "WB-D2", player=player
            )

    # --- the end --------------------------------------------------------------------------
    def sheep_points(self, state: WoolyState, player: int) -> int:
        """WB-15: the best closed, wolf-free pasture of the player's colour (all of them with WB-V3)."""
        return state.board.score(state.colours[player], state.options.all_pastures)

    def final_scores(self, state: WoolyState) -> list[int]:
        return [self.sheep_points(state, p) + state.bonus[p] for p in range(state.players)]

    def outcome(self, state: WoolyState) -> Outcome | None:
        if not state.ended:
            return None
        scores = self.final_scores(state)
        best = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == best)
        return Outcome(winners, tuple(float(s) for s in scores), state.ended)

    # --- serialisation and views ----------------------------------------------------------------
    def encode_move(self, move: Move) -> JSON:
        return mv.encode(mv.check(move))

    def decode_move(self, data: JSON) -> Move:
        return mv.decode(data)

    def encode_state(self, state: WoolyState) -> JSON:
        return encode(state)

    def decode_state(self, data: JSON) -> WoolyState:
        """A state from a save, a link or a peer, refused (``ValueError``) unless the rules allow it."""
        return valid.read(data)

    def from_view(self, view: JSON) -> WoolyState:
        """A state to draw and reason from, made from one player's view: what the view hides is
        filled with stand-ins, so ``view(from_view(v), v["you"]) == v`` (network guests, bots)."""
        return valid.hidden_filled(view)

    stand_in = from_view

    def seen_by(self, state: WoolyState, player: int | None) -> WoolyState:
        """``from_view(view(state, player))`` without reading the view back: for a state already
        held (the host's page draws its own seat's view of it at every move)."""
        return valid.seen_by(state, player)

    def view(self, state: WoolyState, player: int | None) -> JSON:
        """WB-D1: own colour and hand; others' hand sizes and revealed colours; the bag's size only."""
        if player is not None:
            _check_seat(state, player)
        data = encode(state)
        shown = bool(state.ended)
        data["colours"] = [
            COLOURS[c] if (p == player or state.revealed[p] or shown) else None
            for p, c in enumerate(state.colours)
        ]
        data["hands"] = [list(h) if p == player else None for p, h in enumerate(state.hands)]
        data["hand_sizes"] = [len(h) for h in state.hands]
        del data["bag"]
        data["bag_size"] = len(state.bag)
        data["you"] = player
        data["to_act"] = list(self.to_act(state))
        if state.ended:
            data["scores"] = self.final_scores(state)
        return data

    def describe_move(self, state: WoolyState, player: int, move: Move) -> tuple[str, dict[str, JSON]]:
        return written.describe_move(state, player, move)

    def describe_event(self, event: Event) -> tuple[str, dict[str, JSON], str] | None:
        return written.describe_event(event)

    def describe_move_for(
        self, state: WoolyState, player: int, move: Move, viewer: int | None
    ) -> tuple[str, dict[str, JSON]] | None:
        """Every move is public once played (decision 0074): a laid tile lies face up on the board, a
        revealed shepherd shows its colour to all (WB-D1), a discard goes face up to the discards
        (WB-V1), a pass or leaving is said aloud. The words name only the move's own tile and square
        and, for a reveal, the colour it shows: never a hand, the bag or a colour still hidden."""
        return self.describe_move(state, player, move)


def _int_tile(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < mv.TILE_IDS


def _check_seat(state: WoolyState, player: object) -> None:
    """A seat is an ``int`` of the game (never ``"0"``, ``None``, ``True`` or ``0.0``)."""
    if type(player) is not int or not 0 <= player < state.players:
        raise NotYourTurn(f"there is no seat {player!r}", code="engine.not-your-turn")


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1 :])


GAME = WoolyBully()
