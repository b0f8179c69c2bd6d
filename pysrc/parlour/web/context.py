"""What the match screen and every board share: the board's context (:class:`BoardContext`), the
decision and refusal a board gives, the animation's timing, links to the rules, the seats' names,
the turn and the privacy screen of a hot-seat game. The screen itself is :mod:`parlour.web.play`,
its log :mod:`parlour.web.match_log` (decision 0113: parts compiled each in a short task)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import Event, Outcome
from parlour.web.markup import button, esc, region, tag
from parlour.web.screens import seat_label
from parlour.web.session import LocalSession

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
