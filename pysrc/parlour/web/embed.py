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
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour import games
from parlour.engine import Event, IllegalMove, ParlourError, canonical_json
from parlour.i18n import LANGUAGES, pick_language, translate
from parlour.web import boards, fit
from parlour.web.diagram import START, Diagram, DiagramError, load, start_match
from parlour.web.markup import button, esc, tag
from parlour.web.play import (
    BoardContext,
    Refusal,
    decision_markup,
    decision_of,
    described,
    split_rule,
    worded,
)
from parlour.web.screens import seat_label
from parlour.web.session import HUMAN, LocalSession, Seat
from parlour.web.urls import quote, unquote  # not urllib.parse: 0110

THEMES = ("auto", "light", "dark")
MIN_INTERVAL_MS = 400
DEFAULT_INTERVAL_MS = 1500
BOT_DELAY_MS = 350
MAX_MOVES = 400
PREFIX = "parlour:"
"""Every message to and from the parent page has a ``type`` starting with this."""


class SpecError(ValueError):
    """A parameter that is not allowed, with the message key that says why."""

    def __init__(self, message: str, code: str = "embed.error.position", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Spec:
    """The embed's parameters, from its URL fragment (all optional but ``game``)."""

    game: str = "boop"
    source: str = START
    """A position in the game's notation, a share link (``m=``), or ``start``."""
    moves: tuple[str, ...] = ()
    step: int | None = None
    """The step shown first (default: the start when moves are given, else the last)."""
    lang: str | None = None
    theme: str = "auto"
    seat: int | None = None
    """The seat whose view is drawn (boop.: 1 turns the bed round); ``None``: no seat's view, only
    what everyone at the table sees (no hand, no hidden tile)."""
    controls: bool = True
    interactive: bool = True
    autoplay: int = 0
    """Milliseconds between steps when playing by itself; 0 is off."""
    try_mode: str = ""
    """``""`` (no "Try it"), ``"both"`` (the viewer plays both sides) or a bot level."""
    puzzles: frozenset[int] = frozenset()
    """Steps at which the viewer must find the next move of the sequence."""
    captions: Mapping[int, str] = field(default_factory=dict)
    name: str = ""
    """The author's name for this embed, echoed in every message to the parent page."""

    @classmethod
    def parse(cls, fragment: str) -> Spec:
        """Parse ``#key=value&...``; anything unknown or out of range raises :class:`SpecError`."""
        text = fragment[1:] if fragment.startswith("#") else fragment
        # Not parse_qsl: a "+" stays a "+" (positions use it: top-c+2), as a browser leaves it.
        params = {unquote(k): unquote(v) for k, _, v in (p.partition("=") for p in text.split("&") if p)}
        game = params.pop("game", "boop")
        if game not in games.BY_ID:
            raise SpecError(f"unknown game {game!r}", "embed.error.game", game=game)
        source = params.pop("m", "") or params.pop("pos", "") or START
        params.pop("pos", None)
        moves = tuple(m for m in params.pop("moves", "").replace(" ", ",").split(",") if m)
        if len(moves) > MAX_MOVES:
            raise SpecError("too many moves")
        captions: dict[int, str] = {}
        for key in [k for k in params if k.startswith("c") and k[1:].isdigit()]:
            captions[int(key[1:])] = params.pop(key)[:500]
        spec = cls(
            game=game,
            source=source,
            moves=moves,
            step=_int(params.pop("step", None), "step", 0, MAX_MOVES),
            lang=_choice(params.pop("lang", None), LANGUAGES, "lang"),
            theme=_choice(params.pop("theme", "auto"), THEMES, "theme") or "auto",
            seat=_int(params.pop("seat", None), "seat", 0, 7),
            controls=_flag(params.pop("controls", "1"), "controls"),
            interactive=_flag(params.pop("interactive", "1"), "interactive"),
            autoplay=_interval(params.pop("autoplay", "0")),
            try_mode=params.pop("try", ""),
            puzzles=frozenset(
                _int(s, "puzzle", 0, MAX_MOVES) or 0 for s in params.pop("puzzle", "").split(",") if s
            ),
            captions=captions,
            name=params.pop("id", "")[:80],
        )
        if spec.try_mode and spec.try_mode != "both" and spec.try_mode not in games.module(game).BOTS:
            raise SpecError(f"try must be 'both' or a bot level, not {spec.try_mode!r}")
        if params:
            raise SpecError(f"unknown parameter {sorted(params)[0]!r}")
        return spec


def _int(value: str | None, name: str, low: int, high: int) -> int | None:
    if value is None or value == "":
        return None
    if not value.isdigit() or not low <= int(value) <= high:
        raise SpecError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return int(value)


def _choice(value: str | None, allowed: tuple[str, ...], name: str) -> str | None:
    if value in (None, ""):
        return None
    if value not in allowed:
        raise SpecError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _flag(value: str, name: str) -> bool:
    if value not in ("0", "1", "true", "false"):
        raise SpecError(f"{name} is 1 or 0, not {value!r}")
    return value in ("1", "true")


def _interval(value: str) -> int:
    if value in ("0", "", "false"):
        return 0
    if value in ("1", "true"):
        return DEFAULT_INTERVAL_MS
    ms = _int(value, "autoplay", 0, 60_000) or 0
    return max(ms, MIN_INTERVAL_MS)


def fragment(spec: Spec) -> str:
    """The URL fragment (without ``#``) that :meth:`Spec.parse` reads back as ``spec``."""
    parts: list[tuple[str, str]] = [("game", spec.game)]
    if spec.source != START:
        parts.append(("pos" if " " in spec.source or spec.source[:1] == "{" else "m", spec.source))
    if spec.moves:
        parts.append(("moves", ",".join(spec.moves)))
    if spec.step is not None:
        parts.append(("step", str(spec.step)))
    for key, value, default in (
        ("lang", spec.lang, None),
        ("theme", spec.theme, "auto"),
        ("seat", None if spec.seat is None else str(spec.seat), None),
        ("controls", "1" if spec.controls else "0", "1"),
        ("interactive", "1" if spec.interactive else "0", "1"),
        ("autoplay", str(spec.autoplay), "0"),
        ("try", spec.try_mode, ""),
        ("puzzle", ",".join(str(s) for s in sorted(spec.puzzles)), ""),
        ("id", spec.name, ""),
    ):
        if value is not None and value != default:
            parts.append((key, value))
    parts.extend((f"c{n}", text) for n, text in sorted(spec.captions.items()))
    return "&".join(f"{k}={quote(v, safe='@:,/-_.~+')}" for k, v in parts)


@dataclass
class Reply:
    """What the page does after a message: show ``html``, post ``out`` to the parent, tick after
    ``timer`` ms (``None``: no tick), focus the element with id ``focus``."""

    html: str
    lang: str
    theme: str
    title: str
    out: list[dict[str, Any]] = field(default_factory=list)
    timer: int | None = None
    focus: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "html": self.html,
            "lang": self.lang,
            "theme": self.theme,
            "title": self.title,
            "out": self.out,
            "timer": self.timer,
            "focus": self.focus,
        }


class Embed:
    """One embed on a page: its diagram, the step shown, and a game the viewer plays on (try-it
    or a puzzle), if any."""

    def __init__(
        self,
        spec: Spec,
        langs: list[str] | None = None,
        motion: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        self.spec = spec
        self.size = size
        """The frame's size in CSS px, as the page last told it (``None``: not known)."""
        self.prompt = ""
        """What the board asks of the viewer now (said in the status line, not over the board)."""
        self.puzzling = False
        """The viewer's try-it is a real-time game's puzzle (solved by a right route)."""
        self.done = False
        """A real-time game's try-it has had its verdict (Boo!: the route was shown)."""
        self.lang = spec.lang or pick_language(langs or [])
        self.motion = motion
        self.out: list[dict[str, Any]] = []
        self.error = ""
        self.feedback = ""
        self.refused: Refusal | None = None
        self.playing = False
        self.ui: dict[str, Any] = {"flip": spec.seat == 1}
        self.trial: LocalSession | None = None
        self.trial_events: list[Event] = []
        self.solved: set[int] = set()
        self.animate_step = False
        self.diagram: Diagram | None = None
        self.step = 0
        try:
            self.load(spec.source, spec.moves, spec.step)
        except DiagramError as err:
            self.error = self.t(err.code, **err.params)
        self.playing = bool(spec.autoplay) and self.diagram is not None and self.step < self.diagram.steps
        self.post("ready")

    # --- words ------------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        return translate(self.lang, key, **params)

    # --- state ------------------------------------------------------------------------------
    def load(self, source: str, moves: tuple[str, ...] | list[str], step: int | None) -> None:
        """Show a new diagram (raises :class:`DiagramError`, leaving the old one as it was)."""
        diagram = load(self.spec.game, source, list(moves))
        if self.spec.seat is not None and self.spec.seat >= diagram.match.record.players:
            raise DiagramError("no such seat", "embed.error.seat", seat=self.spec.seat)
        self.diagram = diagram
        default = 0 if moves else diagram.steps
        self.step = diagram.clamp(default if step is None else step)
        self.trial, self.trial_events, self.feedback, self.solved = None, [], "", set()
        self.puzzling = False
        self.ui = {"flip": self.spec.seat == 1}

    @property
    def game(self) -> Any:
        assert self.diagram is not None
        return self.diagram.game

    def puzzle_here(self) -> bool:
        d = self.diagram
        return (
            d is not None
            and self.spec.interactive
            and self.step in self.spec.puzzles
            and self.step < d.steps
            and self.step not in self.solved
        )

    def position(self) -> str:
        assert self.diagram is not None
        if self.trial is not None:
            game = self.diagram.game
            notation = getattr(game, "position", None)
            return str(notation(self.trial.state)) if notation else ""
        return self.diagram.position(self.step)

    def post(self, kind: str, **data: Any) -> None:
        """Queue a message for the parent page."""
        message: dict[str, Any] = {"type": PREFIX + kind, "id": self.spec.name, "game": self.spec.game}
        if self.diagram is not None:
            message.update(step=self.step, steps=self.diagram.steps, position=self.position())
        message.update(data)
        self.out.append(message)

    # --- input ------------------------------------------------------------------------------
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

    # --- playing on -------------------------------------------------------------------------
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

    def seats(self, acting: list[int], players: int) -> list[Seat]:
        """The viewer's seats when playing on both sides. A real-time game's race is no exercise:
        the viewer plays one seat alone, untimed, whatever level was asked (decision 0096); the
        others stay still (their bots act only on a clock, which an embed never runs)."""
        assert self.diagram is not None
        game = self.diagram.game
        if not getattr(game, "realtime", False):
            return [Seat(HUMAN)] * players
        viewer = self.spec.seat if self.spec.seat in acting else acting[0]
        still = Seat(next(iter(games.module(game.id).BOTS)))
        return [Seat(HUMAN) if p == viewer else still for p in range(players)]

    def board_live(self) -> bool:
        if self.trial is not None:
            return not self.done and self.trial.human_to_act() is not None
        return self.puzzle_here()

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

    def puzzle_session(self) -> LocalSession:
        assert self.diagram is not None
        game = self.diagram.game
        state = self.diagram.state(self.step)
        players = self.diagram.match.record.players
        seats = self.seats(list(game.to_act(state)), players)
        return LocalSession(game, start_match(game, state, players), seats, games.module(game.id).BOTS)

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

    # --- drawing ----------------------------------------------------------------------------
    def context(self, session: LocalSession | None = None, live: bool = False) -> BoardContext:
        assert self.diagram is not None
        d = self.diagram
        if session is None:
            session = self.trial or LocalSession(d.game, d.match, [Seat(HUMAN)] * d.match.record.players, {})
        if self.trial is not None:
            # After a real-time try-it's verdict the board shows it and takes no more input.
            state, events, replay = self.trial.state, self.trial_events, self.step if self.done else None
        else:
            state = d.state(self.step)
            events = d.events(self.step) if self.animate_step else []
            replay = None if live else self.step
        # What may be seen: the chosen seat's view, or no seat's (never a hand or a hidden tile);
        # a viewer who plays on (try-it, a puzzle) sees what the seat they play sees.
        viewer = session.human_to_act() if live else None
        viewer = self.spec.seat if viewer is None else viewer
        if self.trial is not None and self.trial.realtime:
            viewer = next(i for i, s in enumerate(self.trial.seats) if not s.is_ai)
        px = min(fit.stage_box(*self.size)) if self.size is not None else None
        self.ui["compact"], self.ui["board_px"] = px is not None and fit.compact(px), px
        # A real-time try-it's other seats stand still (no clock runs here): named as seats, never
        # as "Computer (random)", the bot they are only to keep them from acting.
        still = self.trial is not None and self.trial.realtime
        return BoardContext(
            session=session,
            t=self.t,
            state=state,
            viewer=viewer,
            events=visible(events, viewer),
            animate=self.motion and bool(events),
            replay=replay,
            ui=self.ui,
            refused=self.refused if live else None,
            names=[seat_label(self.t, d.game.id, p) for p in range(len(session.seats))] if still else [],
        )

    def screen(self) -> str:
        self.prompt = ""
        if self.diagram is None:
            return tag("main", tag("p", esc(self.error), class_="embed-error", role="alert"), class_="embed")
        board = boards.board(self.spec.game)
        if board is None:
            return tag(
                "main", tag("p", esc(self.t("embed.error.board")), class_="embed-error"), class_="embed"
            )
        live = self.board_live()
        session = self.trial if self.trial is not None else (self.puzzle_session() if live else None)
        ctx = self.context(session, live=live)
        decisions, layout = "", ""
        if live or self.trial is not None or self.spec.game == "boop":
            drawn = board.render(ctx)
            layout = ctx.layout
            decision = decision_of(board, ctx)
            decisions = decision_markup(decision)  # with the buttons, under the board
            self.prompt = decision.prompt if decision is not None else ""
        else:  # a moment to look at: the board's own drawing alone, scaled to the frame (figures)
            from parlour.web import figures

            box = fit.stage_box(*self.size) if self.size else None
            moved = self.diagram.move(self.step)  # the seat this step is about, drawn large if need be
            drawn = figures.figure(
                ctx.game,
                ctx.state,
                self.t,
                seat=ctx.viewer,
                events=ctx.events,
                box=box,
                focus=moved[0] if moved is not None else None,
            )
            drawn = re.sub(r' width="\d+" height="\d+"', "", drawn, count=1)
        self.animate_step = False
        stage = tag("div", drawn, class_="stage", id="stage")
        return tag(
            "main",
            stage + self.caption_panel() + self.controls(decisions),
            # As the board's drawing asks (ctx.layout): tracing a route with no colour to choose,
            # its buttons join the button row; a colour to choose (Boo!'s start of a route, a
            # transition room), its buttons take the place of the status and the button row, around
            # the castle (embed.css, decision 0079).
            class_="embed"
            + (" compact-controls" if not self.spec.controls else "")
            + (f" {layout}-row" if layout else ""),
            data_step=self.step,
            data_steps=self.diagram.steps,
            data_mode="puzzle"
            if self.puzzling or (live and self.trial is None)
            else "try"
            if self.trial
            else "view",
        )

    def caption_lines(self, step: int) -> list[tuple[str, str]]:
        """The caption of ``step``: (text, rule id) lines, the move first, then its events as the
        shown seat may see them (an event saying what the move's line says gives it its rule)."""
        assert self.diagram is not None
        d, t = self.diagram, self.t
        lines: list[tuple[str, str]] = []
        moved = d.move(step)
        if moved is None:
            if not self.spec.captions.get(step):  # the author's words say what this start is
                lines.append((t("embed.start"), ""))
        else:
            player, move = moved
            key, params = d.game.describe_move(d.state(step - 1), player, move)
            said_params = {**worded(t, dict(params)), "player": seat_label(t, d.game.id, player)}
            lines.append((t(key, **said_params), ""))
            for event in visible(d.events(step), self.spec.seat):
                said = described(t, d.game, event, lambda seat: seat_label(t, d.game.id, seat))
                if said is None or said in lines:
                    continue
                if said[0] == lines[0][0]:  # what the move's line says: the rule goes with that line
                    lines[0] = (lines[0][0], lines[0][1] or said[1])
                else:
                    lines.append(said)
        return lines

    def status(self) -> str:
        assert self.diagram is not None
        d = self.diagram
        state = self.trial.state if self.trial is not None else d.state(self.step)
        outcome = d.game.outcome(state)
        if outcome is not None:
            side = ", ".join(seat_label(self.t, d.game.id, w) for w in outcome.winners)
            return self.t("embed.over", side=side)
        acting = d.game.to_act(state)
        side = seat_label(self.t, d.game.id, acting[0]) if acting else ""
        if self.trial is not None and self.trial.ai_to_act() is not None:
            return self.t("embed.thinking")
        if getattr(d.game, "realtime", False) and (self.trial is not None or self.puzzle_here()):
            return "" if self.done else self.t("embed.route-try")
        if self.puzzle_here():
            return self.t("embed.puzzle", side=side)
        prompt = " " + self.prompt if self.prompt else ""
        if self.trial is None:  # a moment in a decision under way says which (boop.'s editor: 0076)
            pending = getattr(boards.board(d.game.id), "pending", None)
            said = pending(self.t, d.game, state) if pending is not None else ""
            prompt = " " + said if said else ""
            if getattr(d.game, "realtime", False):  # no turns (Boo!): what the table is doing
                return said
        return self.t("embed.to-play", side=side) + prompt

    def rule_link(self, rule: str) -> str:
        key = f"{self.spec.game}.rule.{rule}"
        name = self.t(key)
        name = rule if name == key else name  # a game without rule names: the link shows the rule's id
        href = f"./#/{self.spec.game}/rules?rule={quote(rule)}"
        return tag(
            "a",
            esc(self.t("embed.rule", name=name)),
            href=href,
            target="_blank",
            rel="noopener",
            class_="rule",
            data_rule=rule,
        )

    def event_items(self, lines: list[tuple[str, str]]) -> str:
        """Caption lines as list items, each run of lines made by one rule linking it once, after
        its last line (a capture's four lines: one "rule: A valid route", not four)."""
        items = []
        for i, (text, rule) in enumerate(lines):
            last = i + 1 == len(lines) or lines[i + 1][1] != rule
            items.append(tag("li", esc(text) + (" " + self.rule_link(rule) if rule and last else "")))
        return "".join(items)

    def caption_panel(self) -> str:
        assert self.diagram is not None
        parts = []
        own = self.spec.captions.get(self.step)
        if own and self.trial is None:
            parts.append(tag("p", esc(own), class_="author", id="author-caption"))
        lines = self.caption_lines(self.step) if self.trial is None else []
        if lines:
            parts.append(tag("ul", self.event_items(lines), class_="events", id="events"))
        # A narrow frame (240 px) says the step here, not between the step buttons, so that they and
        # "Try it" make one row (embed.css; the buttons' counter stays for screen readers).
        at = ""
        if self.spec.controls and self.diagram.steps > 0 and self.trial is None:
            at = tag("span", f"{self.step}/{self.diagram.steps} ", class_="at", aria_hidden="true")
        parts.append(tag("p", at + esc(self.status()), class_="status", id="status"))
        if self.feedback:
            right = self.feedback in (self.t("embed.right"), self.t("embed.route-right"))
            link = " " + self.rule_link(self.refused.rule) if self.refused and self.refused.rule else ""
            parts.append(
                tag(
                    "p",
                    esc(self.feedback) + link,
                    class_="feedback " + ("right" if right else "wrong"),
                    id="feedback",
                    role="status",
                )
            )
        return tag("section", "".join(parts), class_="caption", id="caption", aria_live="polite")

    def controls(self, decisions: str = "") -> str:
        assert self.diagram is not None
        d, t = self.diagram, self.t
        buttons = decisions
        if self.trial is not None:
            buttons += labelled_button(t, "reset") + labelled_button(t, "back")
            return tag("nav", buttons, class_="controls", aria_label=t("embed.steps"))
        if self.spec.controls and d.steps > 0:
            at_start, at_end = self.step == 0, self.step >= d.steps
            buttons += icon_button(t, "first", at_start) + icon_button(t, "prev", at_start)
            buttons += tag(  # a narrow frame says the step in the status instead (embed.css)
                "span", esc(t("embed.step", n=self.step, total=d.steps)), class_="counter", id="counter"
            )
            buttons += icon_button(t, "next", at_end) + icon_button(t, "last", at_end)
            buttons += icon_button(
                t, "pause" if self.playing else "play", False, action="play", pressed=self.playing
            )
        if self.puzzle_here():
            buttons += labelled_button(t, "reveal")
        elif self.spec.try_mode and self.spec.interactive and d.game.to_act(d.state(self.step)):
            label = t("embed.try")  # words, or an icon in a tiny frame (embed.css), named all the same
            buttons += tag(
                "button",
                _icon("try") + tag("span", esc(label), class_="words"),
                type="button",
                data_action="try",
                id="try",
                class_="primary",
                aria_label=label,
                title=label,
            )
        return tag("nav", buttons, class_="controls", aria_label=t("embed.steps")) if buttons else ""

    def reply(self) -> Reply:
        html = self.screen()
        timer = None
        if self.trial is not None and self.trial.ai_to_act() is not None:
            timer = BOT_DELAY_MS
        elif self.playing:
            timer = self.spec.autoplay or DEFAULT_INTERVAL_MS
        out, self.out = self.out, []
        focus = self.ui.pop("focus", None)
        title = self.t("embed.title", game=self.t(f"game.{self.spec.game}.name"))
        return Reply(html, self.lang, self.spec.theme, title, out, timer, focus)


def visible(events: list[Event], viewer: int | None) -> list[Event]:
    """The events as ``viewer`` (``None``: anyone at the table) may see them."""
    out = []
    for event in events:
        seen = event.seen_by(viewer)
        if seen is not None:
            out.append(Event(event.kind, {k: v for k, v in seen.items() if k != "kind"}))
    return out


def _size(message: Mapping[str, Any]) -> tuple[int, int] | None:
    """The frame's ``size`` ([width, height] in CSS px) of a page's message, if it is one."""
    size = message.get("size")
    if isinstance(size, list) and len(size) == 2 and all(type(v) is int and 0 < v < 100_000 for v in size):
        return size[0], size[1]
    return None


ICONS = {
    "first": "M3 5h2v14H3zM13 5v14l-7-7zM21 5v14l-7-7z",
    "prev": "M6 5h2v14H6zM18 5v14l-9-7z",
    "next": "M6 5v14l9-7zM16 5h2v14h-2z",
    "last": "M3 5v14l7-7zM10 5v14l7-7zM19 5h2v14h-2z",
    "play": "M7 4v16l13-8z",
    "pause": "M6 5h4v14H6zM14 5h4v14h-4z",
    "reset": "M12 5V1L7 6l5 5V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z",
    "back": "M10 9V5l-7 7 7 7v-4c5 0 8.5 1.6 11 5-1-5-4-10-11-11z",
    "try": "M5 2v17l4.5-4.5 3 6.5 2.6-1.2-3-6.3H18z",
    "reveal": "M12 5C6 5 2 12 2 12s4 7 10 7 10-7 10-7-4-7-10-7zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8z",
}
"""Step buttons drawn as SVG paths: text arrows (⏮ ⏭ ⏯) are missing from many fonts."""


def _icon(name: str) -> str:
    return f'<svg viewBox="0 0 24 24" aria-hidden="true" class="icon"><path d="{ICONS[name]}"/></svg>'


def labelled_button(t: Any, name: str) -> str:
    """An icon and its words; a narrow frame shows the icon alone (embed.css), named all the same."""
    label = t(f"embed.{name}")
    return tag(
        "button",
        _icon(name) + tag("span", esc(label), class_="label"),
        type="button",
        data_action=name,
        id=name,
        aria_label=label,
        title=label,
    )


def icon_button(t: Any, name: str, disabled: bool, action: str = "", pressed: bool | None = None) -> str:
    label = t(f"embed.{name}")
    return tag(
        "button",
        _icon(name),
        type="button",
        data_action=action or name,
        id=action or name,
        aria_label=label,
        title=label,
        disabled=disabled,
        aria_pressed=None if pressed is None else ("true" if pressed else "false"),
    )


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


# --- "Embed this moment" -----------------------------------------------------------------------
SNIPPET_SIZE = (380, 540)


def moment_fragment(game_id: str, link: str, step: int, lang: str | None = None) -> str:
    """The embed fragment showing a match (its share link) at ``step``, stepping from the start."""
    return fragment(Spec(game=game_id, source=link, step=step, lang=lang))


def table_source(game: Any, view: Any) -> str:
    """A seat's ``view`` of a moment as the position every seat at the table saw (decision 0077):
    cut to no seat's view, its secrets stand-ins made from that alone (:meth:`Game.stand_in`), in
    the game's notation (its state's JSON without one). Nothing in it depends on what the seat could
    not see, nor on the seat's own secrets (a reader may be one of its opponents)."""
    table = game.stand_in(game.view(game.stand_in(view), None))
    notation = getattr(game, "position", None)
    return str(notation(table)) if notation is not None else canonical_json(game.encode_state(table))


def table_fragment(game: Any, view: Any, step: int, t: Any) -> str:
    """The embed fragment of a network table's moment after ``step`` plies: that one position, not
    the match's record (its seed and moves would tell every hand and stack to come), captioned."""
    caption = {0: t("embed.moment.after", n=step)}
    return fragment(Spec(game=game.id, source=table_source(game, view), captions=caption))


def snippet(base_url: str, frag: str, title: str) -> str:
    """The ``<iframe>`` an author pastes into their page (lazy, so a page of many starts few)."""
    width, height = SNIPPET_SIZE
    return (
        f'<iframe src="{esc(base_url)}embed.html#{esc(frag)}" width="{width}" height="{height}" '
        f'loading="lazy" style="border:0" title="{esc(title)}"></iframe>'
    )


def embed_dialog(
    t: Any, base_url: str, frag: str, title: str, copied: bool = False, edit: str = "", net: bool = False
) -> str:
    """The "Embed this moment" dialog of the match screen: the snippet to copy, a live preview;
    ``edit`` is the position editor's address for this moment (games that have one); ``net``: a
    network table's moment (one position as the table saw it, said so)."""
    code = snippet(base_url, frag, title)
    preview = tag(
        "iframe",
        "",
        src=f"./embed.html#{frag}",
        width=SNIPPET_SIZE[0],
        height=SNIPPET_SIZE[1],
        title=title,
        class_="embed-preview",
        id="embed-preview",
        data_keep="hash",
    )
    body = (
        tag("h2", esc(t("embed.moment.title")), id="embed-title", tabindex=-1)
        + tag("p", esc(t("embed.moment.help-net" if net else "embed.moment.help")), class_="muted")
        + tag(
            "label",
            tag("span", esc(t("embed.moment.snippet")))
            + f'<textarea readonly id="embed-snippet" rows="4">{esc(code)}</textarea>',
            class_="field",
        )
        + tag(
            "div",
            button(t("embed.moment.copy"), "embed-copy", id="embed-copy", class_="primary")
            + (tag("span", esc(t("embed.moment.copied")), role="status", id="embed-copied") if copied else "")
            + tag(
                "a",
                esc(t("embed.moment.docs")),
                href=t("embed.moment.docs-href"),
                target="_blank",
                class_="button",
            )
            + (tag("a", esc(t("editor.title")), href=edit, class_="button", id="embed-edit") if edit else "")
            + button(t("embed.moment.close"), "embed-close", id="embed-close"),
            class_="actions",
        )
        + preview
    )
    return tag(
        "div",
        tag("div", body, class_="dialog embed-dialog"),
        class_="end-screen",
        role="dialog",
        aria_modal="true",
        aria_labelledby="embed-title",
        id="embed-dialog",
    )
