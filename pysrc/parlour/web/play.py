"""The match screen, shared by every board: the regions around the game's own board and the parts
every board needs (see ``docs/match-screen.md`` for how a board plugs in).

Regions, in reading order: the **turn** region (whose turn, the decision in words, and the decision's
buttons), the **board**, the **feedback** line beside the board (why an action was refused, with
the rule as a link into the rules help), the **controls** (undo, share, new game, rules) and the
**side** panels (score, log), which sit beside the board when there is room and fold away below
it when there is not. Over them: the end dialog and the privacy screen of hot-seat games with
hidden information.
"""

from __future__ import annotations

from typing import Any

from parlour.engine import Outcome
from parlour.web.context import (
    BoardContext,
    Choice,
    Decision,
    T,
    Turn,
    panel,
    player_name,
    rule_link,
    split_rule,
    turn_of,
)
from parlour.web.markup import button, esc, region, region_of, tag
from parlour.web.match_log import log_panel
from parlour.web.screens import seat_label, settings_link


def status(
    t: T, ctx: BoardContext, decision: Decision | None = None, passing: str = "", turn: Turn | None = None
) -> str:
    """Whose turn, naming the decision when there is one ("Orange: bring your ghost cat in, or not").
    ``turn`` gives the facts (a network table's); by default they are the local match's."""
    turn = turn if turn is not None else turn_of(ctx.session)
    if ctx.replay is not None:
        return t("app.replaying", n=ctx.replay)
    outcome = turn.outcome
    if outcome is not None:
        if not outcome.winners:
            return t("app.draw")
        return t("app.winner", name=", ".join(player_name(t, ctx, w) for w in outcome.winners))
    if passing:
        return t("app.privacy.pass", name=passing)
    if not turn.acting or turn.realtime:  # everyone acts at once: the board's own prompt says what to do
        return ""
    out_of_turn = turn.interrupting
    if out_of_turn is not None and out_of_turn == turn.here and decision is not None:
        name = player_name(t, ctx, out_of_turn, level=False)
        return t("app.decide-out-of-turn", name=name, decision=decision.prompt)
    first = turn.acting[0]
    if first in turn.ai:
        return t("app.thinking", name=player_name(t, ctx, first))
    if decision is not None:
        return t("app.decide", name=player_name(t, ctx, first, level=False), decision=decision.prompt)
    return t("app.to-move", name=player_name(t, ctx, first))


def choice_button(choice: Choice) -> str:
    return tag(
        "button",
        choice.icon + esc(choice.label),
        type="button",
        data_action=choice.action,
        data_arg=choice.arg,
        id=choice.id,
        class_="primary" if choice.primary else None,
        aria_pressed=None if choice.pressed is None else ("true" if choice.pressed else "false"),
        disabled=choice.disabled,
        data_highlights=" ".join(choice.highlights) or None,
    )


def turn_region(
    t: T,
    ctx: BoardContext,
    decision: Decision | None,
    passing: str = "",
    text: str | None = None,
    notes: str = "",
    board: Any = None,
) -> str:
    """Whose turn and what to decide, in words, with every button of the decision. ``text`` replaces
    the status words (a network table between games); ``notes`` go first (a lost connection).
    While a moment of the log is on show, the way back to the game is here, beside the board
    (on a phone the log is far below it). ``board`` is the board module: one that draws every
    seat's own controls (:func:`has_seat_zones`) gets no out-of-turn buttons."""
    words = status(t, ctx, decision, passing) if text is None else text
    # Focus comes here when the button it was on is gone (the app's default home): a script may
    # focus it, Tab passes it by.
    line = notes + tag("p", esc(words), class_="status", id="status", aria_live="polite", tabindex=-1)
    buttons = ""
    if ctx.replay is not None:
        buttons = tag(
            "div", button(t("app.live"), "live", class_="primary", id="back-to-game"), class_="choices"
        )
    elif decision is not None and decision.choices:
        buttons = tag(
            "div",
            "".join(choice_button(c) for c in decision.choices),
            class_="choices",
            id="choices",
            role="group",
            aria_labelledby="status",
        )
    return tag(
        "section",
        line + buttons + (interrupts(t, ctx) if not passing and not has_seat_zones(board) else ""),
        class_="turn",
        id="turn",
    )


def has_seat_zones(board: Any) -> bool:
    """Whether the board gives every person at the device their own controls at once (its
    ``SEAT_ZONES`` flag: Boo!'s button zones), so that no one needs the device handed to them:
    the shared screen then draws no "out of turn" buttons and no hand-back."""
    return bool(getattr(board, "SEAT_ZONES", False))


def interrupts(t: T, ctx: BoardContext) -> str:
    """Out-of-turn actions on a shared device (Wooly Bully's wolves, hunters, reveals, leaving):
    one button per other person who may act now; it opens the privacy screen for that seat. While
    someone interrupts, a button hands the device back to the seat whose turn it is."""
    session = ctx.session
    if session is None or ctx.replay is not None or session.outcome() is not None:
        return ""
    people = [i for i, s in enumerate(session.seats) if not s.is_ai]
    if len(people) < 2:
        return ""
    gid = ctx.game.id
    out = "".join(
        button(
            t("app.interrupt", name=seat_label(t, gid, seat)),
            "interrupt",
            seat,
            id=f"interrupt-{seat}",
            class_="small",
        )
        for seat in session.interrupters()
    )
    if session.interrupt is not None:
        acting = session.acting()
        back = seat_label(t, gid, acting[0]) if acting else ""
        out += button(
            t("app.interrupt-done", name=back), "interrupt", "", id="interrupt-done", class_="small"
        )
    if not out:
        return ""
    return tag(
        "div", out, class_="interrupts", id="interrupts", role="group", aria_label=t("app.interrupt-label")
    )


def decision_markup(decision: Decision | None) -> str:
    """The decision's words and buttons on their own, for a screen that draws its own status
    (network play: the host's view says whose turn it is)."""
    if decision is None:
        return ""
    buttons = "".join(choice_button(c) for c in decision.choices)
    return tag(
        "div",
        tag("p", esc(decision.prompt), class_="prompt", id="prompt")
        + (tag("div", buttons, class_="choices", id="choices", role="group") if buttons else ""),
        class_="decisions",
    )


def feedback(t: T, ctx: BoardContext) -> str:
    """The refusal of the last action, beside the board, with the rule as a link into the help."""
    refused = ctx.refused
    if refused is None or ctx.replay is not None:
        return tag("div", "", class_="feedback", id="feedback")
    words, ids = split_rule(refused.reason)
    rules = [refused.rule] if refused.rule else []
    rules += [r for r in ids if r not in rules]
    links = "".join(" " + rule_link(t, ctx.game.id, r) for r in rules)
    return tag(
        "div",
        tag("span", esc(words), id="refusal") + links,
        class_="feedback refused",
        id="feedback",
        data_target=refused.target or None,
    )


def score_panel(t: T, ctx: BoardContext, open_: bool = True, board: Any = None) -> str:
    """The score beside the board (folded below it on a narrow screen): the board's own breakdown
    (its optional ``score_details(ctx)`` hook, e.g. a table of categories) or one total a player."""
    details = getattr(board, "score_details", None)
    if details is not None:
        return panel("score", t("app.score"), details(ctx), open_)
    scores = ctx.game.scores(ctx.state)
    if scores is None:
        return ""
    rows = "".join(
        tag("li", tag("span", esc(player_name(t, ctx, i))) + tag("strong", esc(_num(s))))
        for i, s in enumerate(scores)
    )
    return panel("score", t("app.score"), tag("ul", rows, class_="scores"), open_)


def board_panels(ctx: BoardContext, board: Any, folded: frozenset[str] = frozenset()) -> str:
    """A board's own side panels, from its optional ``side_panels(ctx)`` hook giving ``(name, title,
    body)`` each (e.g. the other players' trains): beside the board, or folded below it."""
    hook = getattr(board, "side_panels", None)
    if hook is None:
        return ""
    return "".join(panel(name, title, body, name not in folded) for name, title, body in hook(ctx))


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def rules_link(t: T, game_id: str) -> str:
    return tag("a", esc(t("app.rules")), href=f"#/{game_id}/rules", class_="button")


def result_button(t: T) -> str:
    """ "Show the result": reopens the end dialog the player dismissed to look at the board."""
    return button(t("app.show-result"), "end-open", class_="primary", id="end-open")


def undo_why(ctx: BoardContext) -> str | None:
    """Why Undo is greyed now, as a message key (``None`` while it works): a moment of the log on
    show, a real-time game (Boo!: everyone acts at once against the clock), a draw or a secret seen
    since the last person's move, or nothing of a person's to take back yet."""
    session = ctx.session
    if ctx.replay is not None:
        return "app.undo-why.replay"
    if session.can_undo():
        return None
    if session.realtime and session.match.plies:
        return "app.undo-why.realtime"
    plies = zip(reversed(session.match.plies), reversed(session.match.events), strict=True)
    for ply, events in plies:
        if any(e.irreversible for e in events):
            return "app.undo-why.hidden"
        if not session.seats[ply.player].is_ai:
            break
    return "app.undo-why.nothing"


def controls(t: T, ctx: BoardContext, end_closed: bool = False, more_open: bool = False) -> str:
    """Undo (a greyed Undo says why in words beside it, for touch users too: the words are also its
    accessible description), then Share, Embed, New game and Rules. On a phone those four are not
    part of any decision: they fold behind "More" (the CSS shows them in the row when there is
    room), so the board, the decision and Undo fit the screen with no scrolling."""
    why = undo_why(ctx)
    undo = button(
        t("app.undo"),
        "undo",
        id="undo",
        disabled=why is not None,
        aria_describedby="undo-why" if why else None,
    )
    reason = tag("span", esc(t(why)), class_="undo-why", id="undo-why") if why else ""
    more = tag(
        "button",
        esc(t("app.more")),
        type="button",
        class_="more",
        id="more",
        data_action="more",
        aria_expanded="true" if more_open else "false",
        aria_controls="more-menu",
    )
    menu = button(t("app.share"), "share", id="share")
    menu += button(t("embed.moment.button"), "embed", id="embed")
    menu += button(t("app.new-game"), "new-game", id="new-game") + rules_link(t, ctx.game.id)
    result = ""
    if end_closed and ctx.session.outcome() is not None and ctx.replay is None:
        result = result_button(t)
    menu = tag("div", menu, class_="more-menu open" if more_open else "more-menu", id="more-menu")
    return tag("div", result + undo + more + reason + menu, class_="controls", id="controls")


def share_panel(t: T, link: str, copied: bool) -> str:
    """The link to this very moment of the match (drawn anew on every render, so it is always
    current), with a Copy button and its confirmation."""
    if not link:
        return ""
    field_ = f'<input readonly id="share-link" value="{esc(link)}" aria-label="{esc(t("app.share-link"))}">'
    copy = button(t("app.copy"), "copy", id="copy")
    done = tag("span", esc(t("app.copied")), class_="copied", id="copied", role="status") if copied else ""
    return tag(
        "div",
        tag("label", esc(t("app.share-link")), for_="share-link") + field_ + copy + done,
        class_="share",
        id="share-panel",
    )


def end_screen(
    t: T, ctx: BoardContext, board: Any = None, outcome: Outcome | None = None, again: str | None = None
) -> str:
    """The end dialog: who won and why, the scores (or the board's own breakdown, its optional
    ``end_details(ctx)`` hook: Ghosts Galore's 13 categories and its tie-break), play again. It
    stays over the board until dismissed (button or Esc); the controls then offer it again.
    ``outcome`` defaults to the local match's; ``again`` replaces "Play again" (a network table:
    the host's rematch, nothing for a guest)."""
    if outcome is None and ctx.session is not None:
        outcome = ctx.session.outcome()
    if outcome is None or ctx.replay is not None:
        return ""
    title = status(t, ctx, turn=Turn(outcome=outcome))
    # A reason may name the winner ("{player} has 4 wall tiles and wins.").
    winner = player_name(t, ctx, outcome.winners[0]) if outcome.winners else ""
    reason = t(outcome.reason, player=winner) if outcome.reason else ""
    scores = ""
    details = getattr(board, "end_details", None)
    if callable(details):
        scores = str(details(ctx))
    elif outcome.scores is not None:
        scores = tag(
            "ul",
            "".join(
                tag("li", esc(f"{player_name(t, ctx, i)}: {_num(s)}")) for i, s in enumerate(outcome.scores)
            ),
            class_="scores",
        )
    if again is None:
        again = button(t("app.play-again"), "play-again", class_="primary", id="play-again")
    look = button(t("app.see-board"), "end-close", id="end-close")
    picker = tag("a", esc(t("app.to-picker")), href="#/", class_="button")
    box = (
        tag("h2", esc(title), id="end-title")
        + tag("p", esc(reason))
        + scores
        + tag("div", again + look + picker, class_="actions")
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


def game_screen(
    t: T,
    ctx: BoardContext,
    board_markup: str,
    share_text: str = "",
    decision: Decision | None = None,
    passing: str = "",
    board: Any = None,
    end_closed: bool = False,
    copied: bool = False,
    folded: frozenset[str] = frozenset(),
    more_open: bool = False,
) -> str:
    """The whole match screen. ``decision`` is the board's current decision (drawn in the turn
    region); ``passing`` names the player the device goes to while the privacy screen is up;
    ``board`` is the board module (for its optional hooks: the log's event lines); ``share_text``
    the link to this moment when the share panel is open (``copied`` after Copy); ``end_closed``
    when the player dismissed the end dialog to look at the board; ``folded`` the side panels
    folded away; ``more_open`` when the controls' "More" is open on a phone."""
    gid = ctx.game.id
    # A board's own panels (the other players' trains) first: on a wide screen they are in view
    # without scrolling, as the table shows them openly; the score breakdown follows.
    side = board_panels(ctx, board, folded) + score_panel(t, ctx, "score" not in folded, board)
    side += log_panel(t, ctx, board, "log" not in folded)
    return layout(
        t,
        t(f"game.{gid}.name"),
        turn_region(t, ctx, decision, passing, board=board),
        board_markup,
        feedback(t, ctx),
        controls(t, ctx, end_closed, more_open),
        share_panel(t, share_text, copied),
        side,
        "" if end_closed else end_screen(t, ctx, board),
        data_screen="play",
        data_game=gid,
    )


def layout(
    t: T,
    title: str,
    turn: str,
    board_markup: str,
    feedback_markup: str,
    controls_markup: str,
    below: str,
    side: str,
    dialog: str = "",
    **data: object,
) -> str:
    """The match screen's frame, for a local match and a network table alike: the header, then the
    regions turn, board, feedback, controls, ``below`` (the share panel) and the side panels, laid
    out by the CSS (``.match``) beside the board or below it; ``dialog`` (the end dialog) over all,
    the rest inert meanwhile. ``data`` become the ``<main>``'s data attributes."""
    top = tag(
        "header",
        tag("a", "←", href="#/", class_="back", aria_label=t("app.back"))
        + tag("h1", esc(title), id="screen-title", tabindex=-1)
        + settings_link(t),
        class_="bar",
        id="bar",
        inert=bool(dialog),
    )
    # Each part is a region: a redraw replaces only the parts that changed (markup.changed_regions).
    regions = region_of(turn) + region("board", tag("div", board_markup, class_="board-wrap", id="board"))
    regions += region_of(feedback_markup) + region_of(controls_markup) + region_of(below)
    main = tag("div", regions, class_="play-main")
    # While the end dialog is open the rest is inert: focus and clicks stay in the dialog. The header,
    # the frame and <main> are regions too, so the dialog opening sets their `inert` (and a network
    # table's phase in main's data) and inserts itself: the screen keeps its shape and is not drawn
    # whole at a match's end (decisions 0066, 0064).
    frame = tag(
        "div", main + tag("aside", side, class_="side"), class_="play match", id="match", inert=bool(dialog)
    )
    return region_of(top) + region_of(tag("main", region_of(frame) + region_of(dialog), id="main", **data))
