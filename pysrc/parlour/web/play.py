"""The screen of a match being played, around the game's own board: whose turn, live score, the move
log (each entry shows that moment), undo, share, and the end screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import Event
from parlour.web.markup import button, esc, tag
from parlour.web.screens import seat_label
from parlour.web.session import LocalSession

T = Callable[..., str]


@dataclass
class BoardContext:
    """What a board draws from and acts on.

    ``state`` is what to draw: the current state, or an earlier one while the log shows a past
    moment (``replay`` is then that ply's index and the board takes no input). ``viewer`` is the
    seat whose view is drawn. ``events`` are the last ply's events, to animate. ``ui`` is the
    board's own memory between renders (selection, keyboard cursor). ``private`` is the viewer's
    seat's private notes (Ghosts Galore's pencilled hidden tile): JSON the board may change at any
    time, even out of turn, kept per seat by the session or the network page and never sent or
    recorded; ``None`` when no seated player is looking (a spectator, a replay).
    """

    session: LocalSession
    t: T
    state: Any
    viewer: int | None
    events: list[Event] = field(default_factory=list)
    animate: bool = True
    replay: int | None = None
    ui: dict[str, Any] = field(default_factory=dict)
    private: dict[str, Any] | None = None

    @property
    def game(self) -> Any:
        return self.session.game

    @property
    def interactive(self) -> bool:
        """Whether the person at the device may act on this board now."""
        return self.replay is None and self.session.human_to_act() is not None


def seat_name(t: T, game_id: str, seat: int, session: LocalSession) -> str:
    name = seat_label(t, game_id, seat)
    if session.seats[seat].is_ai:
        name += " · " + t("app.seat.ai", level=t(f"app.level.{session.seats[seat].player}"))
    return name


def status(t: T, ctx: BoardContext) -> str:
    gid, session = ctx.game.id, ctx.session
    outcome = session.outcome()
    if ctx.replay is not None:
        return t("app.replaying", n=ctx.replay + 1)
    if outcome is not None:
        if not outcome.winners:
            return t("app.draw")
        return t("app.winner", name=", ".join(seat_name(t, gid, w, session) for w in outcome.winners))
    acting = session.acting()
    if not acting:
        return ""
    who = seat_name(t, gid, acting[0], session)
    return t("app.thinking", name=who) if session.seats[acting[0]].is_ai else t("app.to-move", name=who)


def score_panel(t: T, ctx: BoardContext) -> str:
    scores = ctx.game.scores(ctx.state)
    if scores is None:
        return ""
    rows = "".join(
        tag("li", tag("span", esc(seat_name(t, ctx.game.id, i, ctx.session))) + tag("strong", esc(_num(s))))
        for i, s in enumerate(scores)
    )
    return tag("section", tag("h2", esc(t("app.score"))) + tag("ul", rows, class_="scores"), class_="panel")


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def log_panel(t: T, ctx: BoardContext) -> str:
    items = []
    for entry in ctx.session.log():
        words = t(
            entry.key, **{**entry.params, "player": seat_name(t, ctx.game.id, entry.player, ctx.session)}
        )
        current = ctx.replay == entry.index
        label = tag("span", esc(f"{entry.index + 1}. {words}")) + tag("code", esc(entry.notation))
        items.append(
            tag(
                "li",
                button_markup(label, "replay", entry.index, current),
                class_="current" if current else None,
            )
        )
    live = button(t("app.live"), "live", class_="small") if ctx.replay is not None else ""
    body = (
        tag("ol", "".join(items), class_="log", id="move-log")
        if items
        else tag("p", esc(t("app.log-empty")), class_="muted")
    )
    return tag("section", tag("h2", esc(t("app.log"))) + live + body, class_="panel")


def button_markup(label_markup: str, action: str, arg: object, pressed: bool) -> str:
    return tag(
        "button",
        label_markup,
        type="button",
        data_action=action,
        data_arg=arg,
        aria_pressed="true" if pressed else None,
    )


def controls(t: T, ctx: BoardContext) -> str:
    undo = button(
        t("app.undo"), "undo", id="undo", disabled=not ctx.session.can_undo() or ctx.replay is not None
    )
    share = button(t("app.share"), "share", id="share")
    new = button(t("app.new-game"), "new-game", id="new-game")
    rules = tag("a", esc(t("app.rules")), href=f"#/{ctx.game.id}/rules", class_="button")
    return tag("div", undo + share + new + rules, class_="controls")


def end_screen(t: T, ctx: BoardContext) -> str:
    outcome = ctx.session.outcome()
    if outcome is None or ctx.replay is not None:
        return ""
    title = status(t, ctx)
    reason = t(outcome.reason) if outcome.reason else ""
    scores = ""
    if outcome.scores is not None:
        scores = tag(
            "ul",
            "".join(
                tag("li", esc(f"{seat_name(t, ctx.game.id, i, ctx.session)}: {_num(s)}"))
                for i, s in enumerate(outcome.scores)
            ),
            class_="scores",
        )
    again = button(t("app.play-again"), "play-again", class_="primary", id="play-again")
    picker = tag("a", esc(t("app.to-picker")), href="#/", class_="button")
    box = (
        tag("h2", esc(title), id="end-title")
        + tag("p", esc(reason))
        + scores
        + tag("div", again + picker, class_="actions")
    )
    return tag(
        "div",
        tag("div", box, class_="dialog"),
        class_="end-screen",
        role="dialog",
        aria_modal="true",
        aria_labelledby="end-title",
        id="end-screen",
    )


def game_screen(t: T, ctx: BoardContext, board_markup: str, share_text: str = "") -> str:
    gid = ctx.game.id
    top = tag(
        "header",
        tag("a", "←", href="#/", class_="back", aria_label=t("app.back"))
        + tag("h1", esc(t(f"game.{gid}.name")))
        + tag("a", "⚙", href="#/settings", class_="icon-link", aria_label=t("app.settings")),
        class_="bar",
    )
    status_line = tag("p", esc(status(t, ctx)), class_="status", id="status", aria_live="polite")
    share = (
        tag(
            "p",
            tag(
                "label",
                esc(t("app.share-link")) + f'<input readonly id="share-link" value="{esc(share_text)}">',
            ),
            class_="share",
        )
        if share_text
        else ""
    )
    side = score_panel(t, ctx) + log_panel(t, ctx)
    main = tag(
        "div",
        status_line + tag("div", board_markup, class_="board-wrap") + controls(t, ctx) + share,
        class_="play-main",
    )
    layout = tag("div", main + tag("aside", side, class_="side"), class_="play")
    return top + tag("main", layout + end_screen(t, ctx), id="main", data_screen="play", data_game=gid)
