"""The embed: a board alone, for any page (``embed.html#game=boop&pos=...&moves=...``).

An embed shows a :class:`~parlour.web.diagram.Diagram` (a position, a match record, or moves from
a position) one step at a time, with a caption per step in the viewer's language: what happened,
event by event, each with a link to the rule behind it, and the author's own words if given. The
viewer may "try it" (play on from the shown step, both sides or against a bot) and solve puzzles
(find the move of a marked step).

This module is pure Python. The page (``web/embed.html`` and ``assets/embed.js``) is a thin client:
it sends each click, key and timer tick as a JSON message to one Python runtime shared by every
embed of the page (``embed-worker.js``, a shared worker), where :class:`Host` answers with the
markup to show, the messages to post to the parent page, and when to tick next. See
``docs/embed.md`` for the parameters and the ``postMessage`` protocol, and decision 0090 for why
one runtime is shared.

Its parts are modules of their own, each compiling in a short task (decision 0114):
:mod:`parlour.web.embedlink` (the address and the "Embed this moment" dialog) and
:mod:`parlour.web.embedview` (what an embed shows); this one acts on the viewer's input and the
page's messages.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from parlour import games
from parlour.engine import IllegalMove, ParlourError
from parlour.i18n import pick_language, translate
from parlour.web import boards
from parlour.web.context import Refusal, split_rule
from parlour.web.diagram import START, DiagramError, start_match
from parlour.web.embedlink import MAX_MOVES, PREFIX, Spec, SpecError
from parlour.web.embedview import EmbedView, Reply
from parlour.web.markup import esc, tag
from parlour.web.session import HUMAN, LocalSession, Seat


class Embed(EmbedView):
    """One embed on a page: its diagram, the step shown, and a game the viewer plays on (try-it
    or a puzzle), if any."""

    def act(self, action: str, arg: str = "", key: str = "") -> None:
        """A click (``action``/``arg`` of a ``data-action``) or a key (``action="key"``)."""
        d = self.diagram
        if d is None:
            return
        if action in ("first", "prev", "next", "last"):
            target = {"first": 0, "prev": self.step - 1, "next": self.step + 1, "last": d.steps}[action]
            self.playing = False
            self.go(target, animate=action == "next")
        elif action == "play":
            self.playing = not self.playing
            if self.playing and self.step >= d.steps:
                self.go(0)
        elif action == "try" and self.spec.try_mode and self.spec.interactive:
            self.start_trial()
        elif action == "reset":
            self.start_trial() if self.trial is not None else self.go(self.step)
        elif action == "back":
            self.go(self.step)
        elif action == "reveal" and self.puzzle_here():
            self.solved.add(self.step)
            self.go(self.step + 1, animate=True)
        elif action == "key" and key in ("ArrowLeft", "ArrowRight", "Home", "End") and not self.board_live():
            self.act({"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}[key])
        else:
            self.board_act(action, arg or key)

    def go(self, step: int, animate: bool = False) -> None:
        assert self.diagram is not None
        target = self.diagram.clamp(step)
        self.trial, self.trial_events, self.feedback, self.refused = None, [], "", None
        self.puzzling = False
        self.animate_step = animate and target == self.step + 1
        changed = target != self.step
        self.step = target
        if changed:
            self.post("step")

    def tick(self) -> None:
        """The timer the last reply asked for: a bot's move, or the next step of autoplay."""
        if self.trial is not None:
            seat = self.trial.ai_to_act()
            if seat is not None:
                played = self.trial.step_ai()
                if played is not None:
                    self.trial_events = played[2]
                    self.post("move", move=self.game.encode_move(played[1]), player=played[0], by="bot")
            return
        if self.playing and self.diagram is not None:
            if self.step < self.diagram.steps:
                self.go(self.step + 1, animate=True)
            self.playing = self.step < self.diagram.steps

    def command(self, data: Mapping[str, Any]) -> None:
        """A message from the parent page: ``parlour:goto`` ``{step}``, ``parlour:load``
        ``{position | m, moves, step}``, ``parlour:get`` (answered with ``parlour:position``)."""
        kind = str(data.get("type", ""))
        if kind == PREFIX + "goto":
            step = data.get("step")
            if isinstance(step, int) and not isinstance(step, bool) and self.diagram is not None:
                self.playing = False
                self.go(step)
        elif kind == PREFIX + "load":
            source = data.get("position") or data.get("m") or START
            moves = data.get("moves") or []
            step = data.get("step")
            ok = (
                isinstance(source, str)
                and isinstance(moves, list)
                and all(isinstance(m, str) for m in moves)
                and len(moves) <= MAX_MOVES
                and (step is None or (isinstance(step, int) and not isinstance(step, bool)))
            )
            try:
                if not ok:
                    raise DiagramError("bad load message", "embed.error.position", text="")
                self.load(source, moves, step)
                self.error = ""
                self.post("step")
            except DiagramError as err:
                self.post("error", message=self.t(err.code, **err.params))
        elif kind == PREFIX + "get":
            self.post("position")

    def start_trial(self) -> None:
        assert self.diagram is not None
        game = self.diagram.game
        state = self.diagram.state(self.step)
        acting = list(game.to_act(state))
        if not acting:
            return
        players = self.diagram.match.record.players
        bots = games.module(game.id).BOTS
        if self.spec.try_mode in ("both", "") or getattr(game, "realtime", False):
            seats = self.seats(acting, players)
        else:
            seats = [Seat(HUMAN) if p == acting[0] else Seat(self.spec.try_mode) for p in range(players)]
        match = start_match(game, state, players)
        self.trial = LocalSession(game, match, seats, bots)
        self.trial_events, self.feedback, self.refused, self.done = [], "", None, False
        self.ui = {"flip": self.spec.seat == 1}

    def board_act(self, action: str, arg: str) -> None:
        board = boards.board(self.spec.game)
        if board is None or self.diagram is None or not self.board_live():
            return
        if self.trial is None and getattr(self.game, "realtime", False):
            self.start_trial()  # a real-time puzzle takes several actions: played like a try-it
            self.puzzling = True
        session = self.trial if self.trial is not None else self.puzzle_session()
        ctx = self.context(session, live=True)
        move = board.act(ctx, action, arg)
        self.ui = ctx.ui
        if move is None:
            return
        try:
            # A board gives its move as JSON, as the network carries it; a real-time board names
            # the seat too, and the move is stamped with the match's time, which stands still here.
            if isinstance(move, tuple):
                player, data = move
                move = self.game.decode_move({**data, "t": session.state.now})
                try:
                    self.game.apply(session.state, player, move)
                except IllegalMove as err:  # a wait the rules impose (a lock-out) passes at once
                    until = err.params.get("until")
                    if type(until) is int and until > session.state.now:
                        move = self.game.decode_move({**data, "t": until})
            else:
                player = session.human_to_act()
                move = self.game.decode_move(move)
        except ParlourError as err:
            self.refuse(err, arg)
            return
        assert player is not None
        if self.trial is None:
            self.check_puzzle(session, player, move)
            return
        try:
            self.trial_events = self.trial.play(player, move)
        except IllegalMove as err:
            self.refuse(err, arg)
            return
        self.feedback, self.refused = "", None
        said = getattr(board, "verdict", None)
        verdict = said(self.context(), self.trial_events) if said is not None else None
        judged = {"puzzle": True, "correct": verdict[0]} if self.puzzling and verdict is not None else {}
        self.post("move", move=self.game.encode_move(move), player=player, by="viewer", **judged)
        if verdict is not None:  # a real-time try-it ends with its verdict (Boo!: the route shown)
            right, why, rule = verdict
            self.done = True
            if self.puzzling and right:
                self.solved.add(self.step)
                self.go(self.step + 1, animate=True)
            self.feedback = self.t("embed.route-right") if right else self.t("embed.wrong") + " " + why
            self.refused = None if right else Refusal(why, rule)

    def refuse(self, err: ParlourError, cell: str) -> None:
        """Say why a move was refused, in words, with its rule as a link (never "(BP-2)")."""
        reason = self.t(err.code, **err.params) if err.code else err.message
        words, ids = split_rule(reason)
        rule = getattr(err, "rule", "") or (ids[0] if ids else "")
        self.feedback = words
        self.refused = Refusal(words, rule, f"cell-{cell}" if cell else "")

    def check_puzzle(self, session: LocalSession, player: int, move: Any) -> None:
        assert self.diagram is not None
        game = self.diagram.game
        expected = self.diagram.move(self.step + 1)
        try:
            game.apply(session.state, player, move)
        except ParlourError as err:
            self.refuse(err, "")
            return
        given = game.encode_move(move)
        right = expected is not None and given == game.encode_move(expected[1])
        self.post("move", move=given, player=player, by="viewer", puzzle=True, correct=right)
        self.refused = None
        if right:
            self.solved.add(self.step)
            self.go(self.step + 1, animate=True)
            self.feedback = self.t("embed.right")
        else:
            self.feedback = self.t("embed.wrong")


def _size(message: Mapping[str, Any]) -> tuple[int, int] | None:
    """The frame's ``size`` ([width, height] in CSS px) of a page's message, if it is one."""
    size = message.get("size")
    if isinstance(size, list) and len(size) == 2 and all(type(v) is int and 0 < v < 100_000 for v in size):
        return size[0], size[1]
    return None


class Host:
    """Every embed of one page (or of every page of an origin sharing the worker), by client id.
    :meth:`handle` takes and returns JSON text, so the JavaScript side needs no Python objects."""

    def __init__(self) -> None:
        self.embeds: dict[str, Embed] = {}

    def handle(self, text: str) -> str:
        try:
            message = json.loads(text)
            cid = str(message["id"])
            kind = message["type"]
        except (ValueError, KeyError, TypeError):
            return json.dumps({"error": "bad message"})
        if kind == "close":
            self.embeds.pop(cid, None)
            return json.dumps({"id": cid, "closed": True})
        if kind == "open":
            try:
                spec = Spec.parse(str(message.get("fragment", "")))
            except SpecError as err:
                return json.dumps({"id": cid, **self.error_reply(str(err), message).to_json()})
            self.embeds[cid] = Embed(
                spec, list(message.get("langs") or []), bool(message.get("motion", True)), _size(message)
            )
        embed = self.embeds.get(cid)
        if embed is None:
            return json.dumps({"id": cid, "error": "unknown embed"})
        try:
            if kind == "act":
                embed.act(
                    str(message.get("action", "")), str(message.get("arg", "")), str(message.get("key", ""))
                )
            elif kind == "tick":
                embed.tick()
            elif kind == "resize":
                embed.size = _size(message) or embed.size
            elif kind == "command" and isinstance(message.get("data"), dict):
                embed.command(message["data"])
        except ParlourError as err:
            embed.feedback = embed.t(err.code, **err.params) if err.code else err.message
        return json.dumps({"id": cid, **embed.reply().to_json()})

    @staticmethod
    def error_reply(reason: str, message: Mapping[str, Any]) -> Reply:
        lang = pick_language(list(message.get("langs") or []))
        html = tag(
            "main",
            tag(
                "p",
                esc(translate(lang, "embed.error.spec", reason=reason)),
                class_="embed-error",
                role="alert",
            ),
            class_="embed",
        )
        out = [{"type": PREFIX + "error", "message": reason}]
        return Reply(html, lang, "auto", "Parlour", out)
