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

import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import Event, Outcome, ParlourError
from parlour.i18n import catalogue
from parlour.web.markup import button, esc, region, region_of, tag
from parlour.web.screens import seat_label, settings_link
from parlour.web.session import LocalSession, LogEntry

T = Callable[..., str]


@dataclass(frozen=True)
class Choice:
    """One button of the current decision.

    ``label`` is the button's words (already translated); clicking it dispatches ``action`` with
    ``arg`` to the board's ``act`` (or to the app for shared actions). ``highlights`` lists ids of
    board elements to highlight while this button has hover or focus (the line that would
    graduate), so alternatives are told apart without reading coordinates. ``pressed`` makes a
    toggle (kitten/cat), ``None`` an ordinary button.
    """

    label: str
    action: str
    arg: object = None
    id: str | None = None
    pressed: bool | None = None
    disabled: bool = False
    primary: bool = False
    highlights: tuple[str, ...] = ()
    icon: str = ""
    """Markup drawn before the words (an SVG hidden from screen readers: the words name the button)."""


@dataclass(frozen=True)
class Decision:
    """What the person acting decides now: ``prompt`` in words ("bring your ghost cat in, or not";
    the screen puts the player's name before it) and the buttons that decide it. Choices made on
    the board itself (a cell) need no button; a decision with no button still has its words."""

    prompt: str
    choices: tuple[Choice, ...] = ()
    focus: str = ""
    """The id of a choice that takes the focus when a screen opens on this decision, instead of
    the screen's heading or the status (the one move the turn allows: a forced pass)."""


@dataclass(frozen=True)
class Refusal:
    """Why the last action was refused: ``reason`` in plain words (no rule code in it), ``rule``
    the rule id to link ("BP-2"), ``target`` the id of the element that was acted on (the board
    marks it, e.g. ``cell-c3``)."""

    reason: str
    rule: str = ""
    target: str = ""


MOVE_MS = 600
"""The longest a move's animation may take in all at normal speed (steps overlap to fit)."""
STEP_MS = 260
"""One step's animation at normal speed when there is time for it."""
OVERLAP = 0.5
"""A step starts when the previous one is this far through."""
SPEEDS = {"normal": 1.0, "fast": 0.5, "off": 0.0}
"""Animation speed by setting: a factor on every duration; 0 draws no animation."""


@dataclass(frozen=True)
class Timing:
    """When each step of a move's animation starts (``gap`` apart) and how long it lasts (``dur``)."""

    gap: int
    dur: int

    def style(self, step: int, **offsets: float) -> str:
        """CSS custom properties for an element animated at ``step`` (``--delay``, ``--dur`` and
        offsets such as ``dx=12`` → ``--dx:12px``)."""
        extra = "".join(f"--{k}:{v:.0f}px;" for k, v in offsets.items())
        return f"{extra}--delay:{step * self.gap}ms;--dur:{self.dur}ms"


def timing(steps: int, speed: float = 1.0) -> Timing:
    """The timing of a move of ``steps`` steps at ``speed`` (1 normal, 0.5 fast, 0 off): each step
    takes up to ``STEP_MS`` and the whole move at most ``MOVE_MS`` (both scaled by ``speed``).

    >>> timing(5)
    Timing(gap=100, dur=200)
    >>> timing(1)
    Timing(gap=130, dur=260)
    """
    if steps <= 0 or speed <= 0:
        return Timing(0, 0)
    dur = min(STEP_MS * speed, MOVE_MS * speed / (1 + OVERLAP * (steps - 1)))
    return Timing(round(dur * OVERLAP), round(dur))


def move_duration(steps: int, speed: float = 1.0) -> int:
    """How long a move of ``steps`` steps animates in all, in ms (what the 600 ms limit is about)."""
    t = timing(steps, speed)
    return 0 if steps <= 0 or t.dur == 0 else t.gap * (steps - 1) + t.dur


RULE_ID = r"[A-Z]{2,3}-[A-Z]?\d+[a-z]?"
RULE_CODE = re.compile(rf"\s*\(({RULE_ID}(?:,\s*{RULE_ID})*)\)")
"""Rule ids written in a sentence, "(BP-2)" or "(BP-3, BP-4)": taken out of player-facing text, kept as
links (catalogues no longer write them; a game that still does is read the same way)."""


def split_rule(text: str) -> tuple[str, list[str]]:
    """``text`` without its parenthesised rule ids, and those ids in order, each once.

    >>> split_rule("You have no cat in your pool (BP-2).")
    ('You have no cat in your pool.', ['BP-2'])
    """
    ids: list[str] = []
    for found in RULE_CODE.findall(text):
        for rule in re.split(r",\s*", found):
            if rule not in ids:
                ids.append(rule)
    return RULE_CODE.sub("", text).strip(), ids


def rule_name(t: T, game_id: str, rule: str) -> str:
    """The rule's name in the viewer's language ("Order of a turn"); its id only for a game that
    has not named it."""
    key = f"{game_id}.rule.{rule}"
    name = t(key)
    return rule if name == key else name


def rule_link(t: T, game_id: str, rule: str, class_: str = "rule-link", tabindex: int | None = None) -> str:
    """A rule as a small link into the rules help at that rule (``#/GAME/rules?rule=BP-2``): its
    words are the rule's name ("rule: Order of a turn", as the embeds' captions say), the id only
    the link's target. The log's links take their own class and the log's roving ``tabindex``."""
    return tag(
        "a",
        esc(t("embed.rule", name=rule_name(t, game_id, rule))),
        href=f"#/{game_id}/rules?rule={rule}",
        class_=class_,
        data_rule=rule,
        tabindex=tabindex,
    )


@dataclass
class BoardContext:
    """What a board draws from and acts on.

    ``state`` is what to draw: the current state, or an earlier one while the log shows a past
    moment (``replay`` is then the number of plies played at that moment, the position after the
    log entry ``replay`` (decision 0072), and the board takes no input). ``viewer`` is the
    seat whose view is drawn. ``events`` are the last ply's events, to animate. ``ui`` is the
    board's own memory between renders (selection, keyboard cursor). ``private`` is the viewer's
    seat's private notes (Ghosts Galore's pencilled hidden tile): JSON the board may change at any
    time, even out of turn, kept per seat by the session or the network page and never sent or
    recorded; ``None`` when no seated player is looking (a spectator, a replay). ``refused`` is the
    last refusal (the board marks ``refused.target``). ``speed`` scales animation times
    (:func:`timing`: 1 normal, 0.5 fast).
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
    refused: Refusal | None = None
    speed: float = 1.0
    names: list[str] = field(default_factory=list)
    """The players' names by seat where they gave them (a network table's lobby); empty for a
    local match, whose seats are named by the game ("Orange") and the setup (the computer's level)."""
    earlier: int | None = None
    """The first ply a local match's log was asked to draw ("Show earlier moves"); ``None``: the
    newest :data:`LOG_SHOWN` only (:func:`log_first`)."""
    still: bool = False
    """Drawn still: a rules help's example until it nears the view (decisions 0100, 0106). A board
    draws its large drawing (the bed, the castle, a train, the field) as :func:`still_drawing`, its
    box alone, the rest of its table as ever."""
    layout: str = ""
    """Set by the board's ``render``: the arrangement its drawing asks of a small frame (an embed,
    ``embed.css``). ``"choose"``: buttons to choose a colour by, round the board; ``"trace"``:
    tracing buttons in the button row (Boo!, decision 0079); ``""``: none."""

    @property
    def game(self) -> Any:
        return self.session.game

    @property
    def interactive(self) -> bool:
        """Whether the person at the device may act on this board now."""
        return self.replay is None and self.session.human_to_act() is not None


def still_drawing(head: str, defs: str = "") -> str:
    """A board's large drawing drawn still (:attr:`BoardContext.still`): its ``<svg>`` opening tag
    ``head`` (view box, class, id, name) and its ``defs`` (patterns other drawings may fill with),
    its inside never made. An ``<svg>``'s box never depends on what is inside it, so this has the
    very size of the drawing. A grid with no cells is named as a picture (``role="img"``): this is
    what :func:`parlour.web.teach.hollow` makes of the drawing."""
    return head.replace(' role="grid"', ' role="img"') + defs + "</svg>"


def seat_name(t: T, game_id: str, seat: int, session: LocalSession) -> str:
    name = seat_label(t, game_id, seat)
    if session.seats[seat].is_ai:
        name += " · " + t("app.seat.ai", level=t(f"app.level.{session.seats[seat].player}"))
    return name


def player_name(t: T, ctx: BoardContext, seat: int, level: bool = True) -> str:
    """A seat's player as this screen names them: the name given in a network table's lobby, else
    the game's name for the seat ("Orange"), with the computer's level when ``level``."""
    if ctx.names:
        return ctx.names[seat] if 0 <= seat < len(ctx.names) else t("app.seat.n", n=seat + 1)
    if level and ctx.session is not None:
        return seat_name(t, ctx.game.id, seat, ctx.session)
    return seat_label(t, ctx.game.id, seat)


@dataclass(frozen=True)
class Turn:
    """What the turn region words, the same for a local match and a network table: the seats to
    act, the outcome once the game is over, the computer's seats, the seat the person at this
    device acts for now (``here``), whether everyone acts at once against a clock (``realtime``)
    and a seat acting out of turn on a shared device (``interrupting``)."""

    acting: tuple[int, ...] = ()
    outcome: Outcome | None = None
    ai: frozenset[int] = frozenset()
    here: int | None = None
    realtime: bool = False
    interrupting: int | None = None


def turn_of(session: LocalSession) -> Turn:
    """The :class:`Turn` of a local match."""
    return Turn(
        acting=tuple(session.acting()),
        outcome=session.outcome(),
        ai=frozenset(i for i, s in enumerate(session.seats) if s.is_ai),
        here=session.human_to_act(),
        realtime=session.realtime,
        interrupting=session.interrupt,
    )


def decision_of(board: Any, ctx: BoardContext) -> Decision | None:
    """The board's current decision (its optional ``decision(ctx)`` hook), when the person at the
    device may act; ``None`` for a board without the hook (it then draws its own prompt)."""
    hook = getattr(board, "decision", None)
    if hook is None or not ctx.interactive:
        return None
    found = hook(ctx)
    return found if isinstance(found, Decision) else None


def is_private(board: Any, ctx: BoardContext) -> bool:
    """Whether the board shows a seat's hidden information: its ``PRIVATE`` flag or ``private(ctx)``."""
    hook = getattr(board, "private", None)
    if callable(hook):
        return bool(hook(ctx))
    return bool(getattr(board, "PRIVATE", False))


def privacy_seat(session: LocalSession, private: bool, revealed: int | None) -> int | None:
    """The seat the device must be passed to before its hidden information is drawn, or ``None``.

    Only a hot-seat table needs it: a private board, two or more people at one device, a person to
    act, and that person not yet confirmed (``revealed``; the app forgets it when the turn ends).
    """
    if not private or session.outcome() is not None:
        return None
    people = [i for i, s in enumerate(session.seats) if not s.is_ai]
    seat = session.human_to_act()
    if len(people) < 2 or seat is None or seat == revealed:
        return None
    return seat


def privacy_screen(t: T, name: str, seat: int) -> str:
    """ "Pass the device to <name>": drawn instead of the board until that player says they hold it."""
    body = (
        # The status line above already says "Pass the device to <name>": the heading does not repeat it.
        tag("h2", esc(t("app.privacy.title", name=name)), id="privacy-title", tabindex=-1)
        + tag("p", esc(t("app.privacy.look-away")), class_="muted")
        + button(t("app.privacy.show", name=name), "reveal", seat, class_="primary", id="reveal")
    )
    return tag(
        "section", body, class_="privacy", id="privacy", data_seat=seat, aria_labelledby="privacy-title"
    )


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


def panel(name: str, title: str, body: str, open_: bool = True, extra: str = "") -> str:
    """A side panel whose heading is a button folding it away (narrow screens start folded)."""
    fold = tag(
        "button",
        esc(title),
        type="button",
        class_="fold",
        aria_expanded="true" if open_ else "false",
        aria_controls=f"{name}-body",
        data_action="fold",
        data_arg=name,
        id=f"fold-{name}",
    )
    section = tag(
        "section",
        tag("h2", fold) + extra + tag("div", body, id=f"{name}-body", hidden=not open_),
        class_="panel",
        id=f"{name}-panel",
    )
    return region(f"{name}-panel", section)


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


def event_line(t: T, board: Any, ctx: BoardContext, event: Event) -> str | None:
    """One event of the log in plain words (see :func:`event_said`), or nothing."""
    said = event_said(t, board, ctx, event)
    return said[0] if said else None


def event_said(t: T, board: Any, ctx: BoardContext, event: Event) -> tuple[str, str] | None:
    """One event as the viewer may see it (:meth:`Event.seen_by`, never more): its words and the
    rule that made it happen (``""`` for none). The board's own ``event_line`` hook if it has one,
    else the game's :meth:`Game.describe_event` (the words an embed's caption gives), else the
    catalogue's ``<game>.event.<kind>`` with the event's data, else nothing."""
    seen = event.seen_by(ctx.viewer)
    if seen is None:
        return None
    visible = Event(event.kind, {k: v for k, v in seen.items() if k != "kind"})
    hook = getattr(board, "event_line", None)
    if hook is not None:
        line = hook(ctx, visible)
        return (str(line), "") if line else None
    said = described(t, ctx.game, visible, lambda seat: player_name(t, ctx, seat))
    if said is not None:
        return said
    key = f"{ctx.game.id}.event.{event.kind}"
    if key not in catalogue("en"):
        return None
    params = {k: "–".join(map(str, v)) if isinstance(v, list) else v for k, v in visible.data.items()}
    return t(key, **params), ""


def event_lines(t: T, board: Any, ctx: BoardContext, events: list[Event], words: str) -> tuple[str, ...]:
    """The lines of a ply's events under its ``words``: each said once, and none that says what
    the move's own line already says (a tile laid, a claim: decision 0046)."""
    return tuple(text for text, _rule in ruled_lines(t, board, ctx, events, words)[0])


def ruled_lines(
    t: T, board: Any, ctx: BoardContext, events: list[Event], words: str
) -> tuple[tuple[tuple[str, str], ...], str]:
    """The lines of a ply's events under its ``words`` as :func:`event_lines` says them, each with
    the rule that made it happen (``""`` for none), and the rule of the move's own line: that of
    an event whose line says what the move's line says (decision 0046: its rule goes with it)."""
    lines: dict[str, str] = {}
    own = ""
    for event in events:
        said = event_said(t, board, ctx, event)
        if not said or not said[0]:
            continue
        text, rule = said
        if text == words:
            own = own or rule
        elif text not in lines:
            lines[text] = rule
    return tuple(lines.items()), own


def described(t: T, game: Any, event: Event, name: Callable[[int], str]) -> tuple[str, str] | None:
    """``event`` (already cut to what the viewer may see) in the words of the game's
    :meth:`Game.describe_event` and the rule behind it, or ``None``. The parameter ``player`` is a
    seat, said by ``name``; the other parameters as :func:`worded` says them. An event whose data
    does not fit its words (a peer's, malformed) is said not at all, rather than breaking the page."""
    try:
        said = game.describe_event(event)
        if said is None:
            return None
        key, params, rule = said
        words = worded(t, dict(params))
        if type(params.get("player")) is int:
            words["player"] = name(params["player"])
        return t(key, **words), rule
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ParlourError):
        return None


def worded(t: T, params: dict[str, Any]) -> dict[str, Any]:
    """Parameters whose value is itself a catalogue key ("boo.colour.red") said in words, and a
    message within a message (``{"key": "boo.route.stone", "params": {"step": 3}}``) said whole."""
    english = catalogue("en")
    out = {}
    for k, v in params.items():
        if isinstance(v, dict) and isinstance(v.get("key"), str):
            v = t(v["key"], **worded(t, dict(v.get("params") or {})))
        elif isinstance(v, str) and v in english:
            v = t(v)
        out[k] = v
    return out


@dataclass(frozen=True)
class LogItem:
    """One entry of the log: ply ``index`` (0-based), its words and notation, and one line per event
    of that ply the viewer may see."""

    index: int
    words: str
    notation: str = ""
    lines: tuple[str, ...] = ()
    replayable: bool = True
    """Whether that moment can be shown again (a network guest has no view of the plies played
    before it joined)."""
    rules: tuple[str, ...] = ()
    """The rule behind each of ``lines`` (``""`` for none): each is a link into the rules help."""
    rule: str = ""
    """The rule behind the move's own line (``""`` for none)."""


def log_items(t: T, ctx: BoardContext, board: Any = None) -> list[LogItem]:
    """A local match's log: each ply described by the game, with its events' lines."""
    return [log_item(t, ctx, board, entry) for entry in ctx.session.log()]


def log_item(t: T, ctx: BoardContext, board: Any, entry: LogEntry) -> LogItem:
    """One ply of a local match described by the game, with its events' lines."""
    all_events = ctx.session.match.events
    words = t(
        entry.key,
        **{**worded(t, dict(entry.params)), "player": player_name(t, ctx, entry.player)},
    )
    events = all_events[entry.index] if entry.index < len(all_events) else []
    lines, rule = ruled_lines(t, board, ctx, events, words)
    return LogItem(
        entry.index,
        words,
        entry.notation,
        tuple(text for text, _ in lines),
        rules=tuple(r for _, r in lines),
        rule=rule,
    )


def announcement(t: T, ctx: BoardContext, board: Any = None) -> str:
    """What the screen reader's live region says after a ply: the same words the visible log
    shows for the last ply (players by name, colours in the reader's language) and its events'
    lines; ``""`` before the first ply."""
    plies = len(ctx.session.match.plies)
    if not plies:
        return ""
    item = log_item(t, ctx, board, ctx.session.log_entry(plies - 1))
    return " ".join((item.words, *item.lines))


_LOG_MARKUP: weakref.WeakKeyDictionary[Any, dict[Any, Any]] = weakref.WeakKeyDictionary()
"""Each local match's log entries as drawn, per session: a redraw after a move draws only the new
entry (a long match's log was most of a redraw's time: issue #17). An entry is kept while its ply is
the same object, in the same language, for the same viewer; ``current`` (the moment on show) is part
of the entry. The end of a match keeps them too: an entry says its ply from the state before it and
the viewer's cut of its events, neither of which an end changes, and making a 180-ply log afresh
was tens of ms of the end's one task in Pyodide."""


LOG_SHOWN = 50
"""How many of a local match's newest moves its log draws, and how many more "Show earlier moves"
adds (decision 0006). The log's markup, its comparison with the page's and the page's own nodes
then stay the same size however long the match runs: a Boo! match between hard bots can run to
800 plies, and a move's task grew with them (issue #17)."""


def log_first(plies: int, replay: int | None = None, earlier: int | None = None) -> int:
    """The index of the first of ``plies`` moves the log draws: the newest :data:`LOG_SHOWN`, from
    ``earlier`` when the player asked for earlier moves, and from the moment on show (``replay``,
    the position after that many plies) when it is older still.

    >>> log_first(30), log_first(130), log_first(130, earlier=40), log_first(130, replay=12)
    (0, 80, 40, 11)
    """
    first = max(0, plies - LOG_SHOWN)
    if earlier is not None:
        first = min(first, max(0, earlier))
    if replay is not None:
        first = min(first, max(0, replay - 1))
    return first


def earlier_button(t: T, first: int, oldest: int = 0) -> str:
    """ "Show 50 earlier moves" above a log that starts at ply ``first`` (nothing when it starts at
    ``oldest``, the first it has): a region of its own, so a move that changes its words redraws
    it alone."""
    if first <= oldest:
        return ""
    label = t("app.log-earlier", count=min(LOG_SHOWN, first - oldest))
    return region("log-earlier", button(label, "log-earlier", id="log-earlier", class_="small log-earlier"))


def local_log_entries(t: T, ctx: BoardContext, board: Any, replayable: bool, first: int = 0) -> list[str]:
    """Each ply's log entry from ply ``first`` on, marked as a region, kept between redraws while its
    ply and state stay."""
    memo = _LOG_MARKUP.setdefault(ctx.session, {})
    stamp = (t("app.log-empty"), t("app.seat.n", n=1), ctx.viewer, replayable)
    if memo.get("stamp") != stamp:
        memo.clear()
        memo["stamp"] = stamp
    entries = []
    plies = ctx.session.match.plies
    stop = tab_stop(ctx.replay, len(plies))
    for i in range(first, len(plies)):
        ply = plies[i]
        current = replayable and ctx.replay == i + 1
        hit = memo.get(i)
        state = (current, stop == i + 1)
        if hit is None or hit[0] is not ply or hit[1] != state:
            item = log_item(t, ctx, board, ctx.session.log_entry(i))
            markup = log_entry_markup(t, item, current, replayable, stop == i + 1, game_id=ctx.game.id)
            hit = memo[i] = (ply, state, region_of(markup))
        entries.append(hit[2])
    return entries


def tab_stop(replay: int | None, plies: int) -> int:
    """The log's one Tab stop (the arrows move along it): the entry shown, else the newest."""
    return replay if replay is not None else plies


def log_lines(t: T, game_id: str, item: LogItem, tabindex: int) -> str:
    """The entry's event lines, each run of lines made by one rule linking it once, after its
    last line (a capture's four lines: one link), as the embed's captions do."""
    rules = [*item.rules, *[""] * (len(item.lines) - len(item.rules))]
    out = []
    for i, text in enumerate(item.lines):
        rule = rules[i]
        last = i + 1 == len(rules) or rules[i + 1] != rule
        link = " " + rule_link(t, game_id, rule, "log-rule", tabindex) if game_id and rule and last else ""
        out.append(tag("li", esc(text) + link))
    return tag("ul", "".join(out), class_="events") if out else ""


def log_entry_markup(
    t: T,
    item: LogItem,
    current: bool,
    replayable: bool,
    stop: bool = True,
    game_id: str = "",
) -> str:
    """A log entry: the ply's words (a button showing that moment when ``replayable``), the "embed
    this moment" button, its events' lines under it, and with ``game_id``
    the rule behind each line as a link into that game's rules help (beside the button, not in it:
    the button's click shows the moment). Only the ``stop`` entry's buttons and links are in the
    Tab order (a long game's log is one stop, not two per move; Enter on an entry makes it the stop).

    The move's notation is not shown: the words already say the move in the player's language,
    and the notation (English, code-like) only crowded the entry. It stays in the entry's
    tooltip and ``data-notation`` (on the entry's button) for those who read it (decision 0099)."""
    label = tag("span", esc(f"{item.index + 1}. {item.words}"))
    step, tabindex = item.index + 1, 0 if stop else -1
    sub = log_lines(t, game_id, item, tabindex)
    if game_id and item.rule and item.rules[:1] != (item.rule,):  # a run of one rule links it once
        sub = tag("p", rule_link(t, game_id, item.rule, "log-rule", tabindex), class_="move-rule") + sub
    known = {"title": item.notation or None, "data_notation": item.notation or None}
    head = (
        button_markup(label, "replay", step, current, id=f"replay-{step}", tabindex=tabindex, **known)
        if replayable
        else tag("p", label, **known)
    )
    if replayable:  # "Embed this moment": the position after this move (a network table's: decision 0077)
        head += tag(
            "button",
            esc(t("embed.moment.entry-label")),  # words, not a cryptic "</>"
            type="button",
            class_="log-embed",
            data_action="embed",
            data_arg=item.index + 1,
            id=f"embed-{item.index + 1}",
            tabindex=tabindex,
            aria_label=t("embed.moment.entry", n=item.index + 1),
            title=t("embed.moment.entry", n=item.index + 1),
        )
    return tag("li", head + sub, class_="current" if current else None, id=f"log-{item.index}")


def log_panel(
    t: T,
    ctx: BoardContext,
    board: Any = None,
    open_: bool = True,
    items: list[LogItem] | None = None,
    replayable: bool = True,
    memo: dict[Any, Any] | None = None,
    oldest: int = 0,
) -> str:
    """Every ply drawn as an entry with its events' lines under it; with ``replayable`` each entry
    is a button showing the position after that move (decision 0072). ``items`` default to the
    local match's newest; a network table passes its own (the moments its page saw are replayable
    and embeddable, decisions 0075, 0077; "Show earlier moves" above them when its log has plies
    from ``oldest`` on before them), and may pass a ``memo`` it keeps between redraws: each
    entry's markup by what it is drawn from (an entry drawn before is not drawn again)."""
    earlier = ""
    if items is None:
        first = log_first(len(ctx.session.match.plies), ctx.replay, ctx.earlier)
        entries = local_log_entries(t, ctx, board, replayable, first)
        earlier = earlier_button(t, first)
    else:
        shown = {item.index + 1 for item in items if replayable and item.replayable}
        stop = ctx.replay if ctx.replay is not None else max(shown, default=0)
        memo = {} if memo is None else memo
        stamp = (t("app.log"), ctx.game.id)  # the rule links' words are the page's language
        if memo.get("stamp") != stamp or len(memo) > 4 * len(items) + 64:  # another game, or moments
            memo.clear()
            memo["stamp"] = stamp
        earlier = earlier_button(t, items[0].index, oldest) if items else ""
        entries = []
        for item in items:
            step = item.index + 1
            key = (item, ctx.replay == step, step in shown, stop == step)
            markup = memo.get(key)
            if markup is None:
                markup = memo[key] = region_of(log_entry_markup(t, item, *key[1:], game_id=ctx.game.id))
            entries.append(markup)
    body = (
        # Each entry a region (marked once, when it is drawn): a move's entry is inserted alone, the
        # log is not drawn again. The list is a region too, so "Show earlier moves" appearing (the
        # 51st move) goes in beside it alone: it replaced the whole panel, 40 KB and a frame of
        # 55-80 ms restyling and laying out 580 elements on a network table (issue #17).
        earlier + region_of(tag("ol", "".join(entries), class_="log", id="move-log", data_keep_scroll="end"))
        if entries
        else tag("p", esc(t("app.log-empty")), class_="muted")
    )
    return panel("log", t("app.log"), body, open_ or ctx.replay is not None)


def button_markup(label_markup: str, action: str, arg: object, pressed: bool, **extra: object) -> str:
    return tag(
        "button",
        label_markup,
        type="button",
        data_action=action,
        data_arg=arg,
        aria_pressed="true" if pressed else None,
        **extra,
    )


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
