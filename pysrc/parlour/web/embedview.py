"""What an embed shows (:class:`EmbedView`, the base of :class:`parlour.web.embed.Embed`: its
state, the board, the caption with its rule links, the step buttons, the reply to the page), and
the step buttons' icons (split from :mod:`parlour.web.embed` so that each module compiles in a short
task: decision 0114)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from parlour import games
from parlour.engine import Event
from parlour.i18n import pick_language, translate
from parlour.web import boards, fit
from parlour.web.context import BoardContext, Refusal, decision_of
from parlour.web.diagram import Diagram, DiagramError, load, start_match
from parlour.web.embedlink import BOT_DELAY_MS, DEFAULT_INTERVAL_MS, PREFIX, Spec
from parlour.web.markup import esc, tag
from parlour.web.match_log import described, worded
from parlour.web.play import decision_markup
from parlour.web.screens import seat_label
from parlour.web.session import HUMAN, LocalSession, Seat
from parlour.web.urls import quote  # not urllib.parse: 0110


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


def visible(events: list[Event], viewer: int | None) -> list[Event]:
    """The events as ``viewer`` (``None``: anyone at the table) may see them."""
    out = []
    for event in events:
        seen = event.seen_by(viewer)
        if seen is not None:
            out.append(Event(event.kind, {k: v for k, v in seen.items() if k != "kind"}))
    return out


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


class EmbedView:
    """One embed's state and what it shows (:class:`parlour.web.embed.Embed` acts on it)."""

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

    def t(self, key: str, **params: Any) -> str:
        return translate(self.lang, key, **params)

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

    def puzzle_session(self) -> LocalSession:
        assert self.diagram is not None
        game = self.diagram.game
        state = self.diagram.state(self.step)
        players = self.diagram.match.record.players
        seats = self.seats(list(game.to_act(state)), players)
        return LocalSession(game, start_match(game, state, players), seats, games.module(game.id).BOTS)

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
